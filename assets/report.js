/* enginecard report: sortable and filterable tables, and the table of
   contents (the current section highlighted; on narrow windows a menu that
   closes after a choice). The page reads fully without this script.
   Big tables (table.datatable) carry their rows as data in a
   <script type="application/json" class="table-data"> block: this script
   draws the rows in view on demand (sort, filter, scroll), and a link to a
   row that is not drawn (#e1-L123 from a chart or the graph) scrolls to it
   and highlights it. */
(function () {
  "use strict";
  document.documentElement.classList.add("js");
  function cellKey(td, numeric) {
    if (numeric) {
      var v = td.getAttribute("data-v");
      return v === null ? -Infinity : parseFloat(v);
    }
    return td.textContent.toLowerCase();
  }
  function sortBy(table, col, th) {
    var tbody = table.tBodies[0];
    var numeric = th.getAttribute("data-type") === "num";
    var asc = th.getAttribute("aria-sort") !== "ascending";
    var rows = Array.prototype.slice.call(tbody.rows);
    var keyed = rows.map(function (r, i) { return [cellKey(r.cells[col], numeric), i, r]; });
    keyed.sort(function (a, b) {
      if (a[0] < b[0]) return asc ? -1 : 1;
      if (a[0] > b[0]) return asc ? 1 : -1;
      return a[1] - b[1];
    });
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (h) { h.removeAttribute("aria-sort"); });
    th.setAttribute("aria-sort", asc ? "ascending" : "descending");
    var frag = document.createDocumentFragment();
    keyed.forEach(function (k) { frag.appendChild(k[2]); });
    tbody.appendChild(frag);
  }
  Array.prototype.forEach.call(document.querySelectorAll("table.interactive:not(.datatable)"), function (table) {
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th, col) {
      th.tabIndex = 0;
      th.addEventListener("click", function () { sortBy(table, col, th); });
      th.addEventListener("keydown", function (ev) { if (ev.key === "Enter") sortBy(table, col, th); });
    });
  });
  Array.prototype.forEach.call(document.querySelectorAll("input.filter"), function (input) {
    var table = document.getElementById(input.getAttribute("data-table"));
    if (!table || table.classList.contains("datatable")) return;
    input.hidden = false;
    var timer = null;
    input.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(function () {
        var q = input.value.toLowerCase();
        Array.prototype.forEach.call(table.tBodies[0].rows, function (r) {
          r.hidden = q !== "" && r.textContent.toLowerCase().indexOf(q) < 0;
        });
      }, 120);
    });
  });

  /* ---- data tables ------------------------------------------------------ */
  /* a column of strings: {"s": [...]}, {"p": [prefix, suffix, middle, ...]},
     {"d": dictionary, "i": indices} or {"d": dictionary, "r": [index, run length, ...]} */
  function strings(e, n) {
    if (!e) return null;
    if (e.s) return e.s;
    var out = new Array(n);
    if (e.p) { /* [prefix, suffix, middle, ...]: the lengths the previous string shares */
      for (var i = 0, prev = ""; i < n; i++) {
        var k = e.p[3 * i], m = e.p[3 * i + 1];
        prev = out[i] = prev.slice(0, k) + e.p[3 * i + 2] + prev.slice(prev.length - m);
      }
      return out;
    }
    if (e.r) {
      for (var j = 0, k = 0; j < e.r.length; j += 2)
        for (var m = 0; m < e.r[j + 1]; m++) out[k++] = e.d[e.r[j]];
      return out;
    }
    for (var k = 0; k < n; k++) out[k] = e.d[e.i[k]];
    return out;
  }
  /* a row-number column ({"seq": 1}): row r reads r ("1,234") and sorts by it */
  function seqText(n) {
    var out = new Array(n);
    for (var k = 0; k < n; k++) out[k] = k.toLocaleString("en-US");
    return out;
  }
  function seqVals(n) {
    var out = new Array(n);
    for (var k = 0; k < n; k++) out[k] = k;
    return out;
  }
  var byId = {}; /* row id -> {t: data table, r: row} */
  var tables = [];
  function DataTable(table, data) {
    var self = this, n = data.rows, ncol = data.cols.length;
    self.table = table;
    self.n = n;
    self.text = data.cols.map(function (c) { return c.seq ? seqText(n) : strings(c.t, n); });
    self.vals = [];
    /* {"as": p}: the column sorts exactly as column p (a share as its time) */
    data.cols.forEach(function (c, i) {
      self.vals[i] = c.seq ? seqVals(n) : c.v && c.v.as !== undefined ? self.vals[c.v.as] : c.v || null;
    });
    self.cls = data.cols.map(function (c) { return strings(c.c, n); });
    self.sty = data.cols.map(function (c) { return strings(c.s, n); });
    self.links = data.cols.map(function (c) { return strings(c.l, n); });
    self.num = Array.prototype.map.call(table.tHead.rows[0].cells, function (th) { return th.classList.contains("num"); });
    self.ids = null;
    if (data.ids && data.ids.p !== undefined) {
      self.ids = { prefix: data.ids.p }; /* row r's id is prefix + r (see find) */
    } else if (data.ids) {
      self.ids = strings(data.ids, n);
      self.ids.forEach(function (id, i) { if (id) byId[id] = { t: self, r: i }; });
    }
    self.order = new Int32Array(n);
    for (var i = 0; i < n; i++) self.order[i] = i;
    self.view = self.order;
    self.rowText = null;
    self.target = -1;
    /* the scroll box and its rows */
    var box = document.createElement("div");
    box.className = "vscroll";
    box.tabIndex = 0;
    table.parentNode.insertBefore(box, table);
    box.appendChild(table);
    self.box = box;
    var note = table.parentNode.parentNode.querySelector("p.static-note");
    if (note) note.textContent = n.toLocaleString("en-US") + " rows: scroll, click a header to sort, type to filter.";
    self.tbody = table.tBodies[0];
    self.rowH = 0;
    box.addEventListener("scroll", function () { self.render(); });
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th, col) {
      th.tabIndex = 0;
      th.addEventListener("click", function () { self.sort(col, th); });
      th.addEventListener("keydown", function (ev) { if (ev.key === "Enter") self.sort(col, th); });
    });
    var input = table.parentNode.parentNode.querySelector("input.filter");
    self.input = input;
    if (input) {
      input.hidden = false;
      var timer = null;
      input.addEventListener("input", function () {
        clearTimeout(timer);
        timer = setTimeout(function () { self.filter(input.value); }, 150);
      });
    }
    table.classList.add("live");
    self.render();
  }
  DataTable.prototype.idOf = function (r) {
    if (!this.ids) return null;
    return this.ids.prefix !== undefined ? this.ids.prefix + r : this.ids[r];
  };
  DataTable.prototype.row = function (r) {
    var tr = document.createElement("tr"), id = this.idOf(r);
    if (id) tr.id = id;
    if (r === this.target) tr.className = "target";
    for (var c = 0; c < this.text.length; c++) {
      var td = document.createElement("td"), t = this.text[c][r] || "";
      var cl = (this.num[c] ? "num" : "") + (this.cls[c] && this.cls[c][r] ? (this.num[c] ? " " : "") + this.cls[c][r] : "");
      if (cl) td.className = cl;
      if (this.sty[c] && this.sty[c][r]) td.setAttribute("style", this.sty[c][r]);
      if (this.links[c] && this.links[c][r]) {
        var a = document.createElement("a");
        a.href = this.links[c][r];
        a.textContent = t;
        td.appendChild(a);
      } else {
        td.textContent = t;
      }
      if (t.length > 24) td.title = t;
      tr.appendChild(td);
    }
    return tr;
  };
  DataTable.prototype.pad = function (h) {
    var tr = document.createElement("tr"), td = document.createElement("td");
    tr.className = "vpad";
    td.colSpan = this.text.length;
    td.style.height = h + "px";
    tr.appendChild(td);
    return tr;
  };
  DataTable.prototype.render = function () {
    var v = this.view, n = v.length, frag = document.createDocumentFragment();
    if (!this.rowH) {
      /* measure one drawn row (cells do not wrap: every row is as tall) */
      this.tbody.textContent = "";
      if (!n) return;
      this.tbody.appendChild(this.row(v[0]));
      this.rowH = this.tbody.rows[0].getBoundingClientRect().height || 24;
    }
    var h = this.rowH, top = this.box.scrollTop, height = this.box.clientHeight || 600;
    var first = Math.max(0, Math.floor(top / h) - 10), last = Math.min(n, Math.ceil((top + height) / h) + 10);
    frag.appendChild(this.pad(first * h));
    for (var k = first; k < last; k++) frag.appendChild(this.row(v[k]));
    frag.appendChild(this.pad((n - last) * h));
    this.tbody.textContent = "";
    this.tbody.appendChild(frag);
  };
  DataTable.prototype.sort = function (col, th) {
    var asc = th.getAttribute("aria-sort") !== "ascending";
    var vals = this.vals[col], text = this.text[col], numeric = th.getAttribute("data-type") === "num" && vals;
    var keys = numeric ? vals.map(function (x) { return x === null ? -Infinity : x; })
                       : text.map(function (x) { return (x || "").toLowerCase(); });
    var o = Array.prototype.slice.call(this.order);
    o.sort(function (a, b) {
      if (keys[a] < keys[b]) return asc ? -1 : 1;
      if (keys[a] > keys[b]) return asc ? 1 : -1;
      return a - b;
    });
    this.order = Int32Array.from(o);
    Array.prototype.forEach.call(this.table.tHead.rows[0].cells, function (h) { h.removeAttribute("aria-sort"); });
    th.setAttribute("aria-sort", asc ? "ascending" : "descending");
    this.filter(this.input ? this.input.value : "");
  };
  DataTable.prototype.filter = function (q) {
    q = (q || "").toLowerCase();
    if (!q) {
      this.view = this.order;
    } else {
      if (!this.rowText) {
        this.rowText = new Array(this.n);
        for (var r = 0; r < this.n; r++) {
          var s = [];
          for (var c = 0; c < this.text.length; c++) s.push(this.text[c][r] || "");
          this.rowText[r] = s.join(" ").toLowerCase();
        }
      }
      var rt = this.rowText, out = [];
      for (var k = 0; k < this.order.length; k++) if (rt[this.order[k]].indexOf(q) >= 0) out.push(this.order[k]);
      this.view = Int32Array.from(out);
    }
    this.render();
  };
  /* scroll to row r and highlight it (clearing a filter that hides it) */
  DataTable.prototype.reveal = function (r) {
    var k = this.view.indexOf(r);
    if (k < 0) {
      if (this.input) this.input.value = "";
      this.view = this.order;
      k = this.view.indexOf(r);
    }
    this.target = r;
    this.box.scrollIntoView({ block: "start" });
    this.render();
    this.box.scrollTop = Math.max(0, k * this.rowH - this.box.clientHeight / 2);
    this.render();
  };
  function find(id) {
    if (byId[id]) return byId[id];
    for (var i = 0; i < tables.length; i++) {
      var t = tables[i], p = t.ids && t.ids.prefix;
      if (p !== undefined && id.indexOf(p) === 0 && /^[0-9]+$/.test(id.slice(p.length))) {
        var r = parseInt(id.slice(p.length), 10);
        if (r < t.n) return { t: t, r: r };
      }
    }
    return null;
  }
  /* open the folded sections (details) around el */
  function unfold(el) {
    for (var d = el && el.closest ? el.closest("details") : null; d; d = d.parentElement && d.parentElement.closest("details")) d.open = true;
  }
  function go(hash) {
    if (!hash || hash.charAt(0) !== "#") return false;
    var id = decodeURIComponent(hash.slice(1)), f = find(id);
    if (!f) return false;
    if (f.t.table.closest("details:not([open])")) {
      unfold(f.t.table);
      f.t.rowH = 0; /* measured while folded: measure again */
    }
    f.t.reveal(f.r);
    return true;
  }
  Array.prototype.forEach.call(document.querySelectorAll("script.table-data"), function (s) {
    var table = document.getElementById(s.getAttribute("data-table"));
    if (!table) return;
    try {
      tables.push(new DataTable(table, JSON.parse(s.textContent)));
    } catch (e) { /* the static rows stay */ }
  });
  if (tables.length) {
    window.addEventListener("hashchange", function () { go(location.hash); });
    /* a click on a link to a row that is not drawn (a second click on the
       same link fires no hashchange); the graph's drag guard stops its own */
    document.addEventListener("click", function (ev) {
      var a = ev.target.closest && ev.target.closest("a");
      if (!a) return;
      var href = a.getAttribute("href") || a.getAttribute("xlink:href");
      if (href && href.charAt(0) === "#" && go(href)) {
        ev.preventDefault();
        if (history.pushState) history.pushState(null, "", href);
      }
    });
    if (location.hash) go(location.hash);
  }
  /* a link into a folded section opens it; a data table drawn while folded
     measures its rows again when it is shown */
  function openTarget(hash) {
    if (!hash || hash.charAt(0) !== "#" || hash.length < 2) return;
    var el = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (el && el.closest && el.closest("details:not([open])")) { unfold(el); el.scrollIntoView({ block: "start" }); }
  }
  window.addEventListener("hashchange", function () { openTarget(location.hash); });
  document.addEventListener("click", function (ev) {
    var a = ev.target.closest && ev.target.closest("a");
    var href = a && (a.getAttribute("href") || a.getAttribute("xlink:href"));
    if (href && href.charAt(0) === "#") setTimeout(function () { openTarget(href); }, 0);
  });
  if (location.hash) openTarget(location.hash);
  Array.prototype.forEach.call(document.querySelectorAll("details.fold"), function (d) {
    d.addEventListener("toggle", function () {
      if (!d.open) return;
      tables.forEach(function (t) {
        if (!d.contains(t.table)) return;
        t.rowH = 0;
        if (t.target >= 0) t.reveal(t.target); else t.render();
      });
      fitTables();
    });
  });
  /* a table wider than its column scrolls in its own box; the others
     have none, so their headers stick to the top of the window */
  var wraps = document.querySelectorAll(".table-wrap");
  function fitTables() {
    Array.prototype.forEach.call(wraps, function (w) {
      var t = w.querySelector("table");
      w.classList.toggle("wide", !!t && t.getBoundingClientRect().width > w.clientWidth + 1);
    });
  }
  fitTables();
  var resizing = null;
  window.addEventListener("resize", function () { clearTimeout(resizing); resizing = setTimeout(fitTables, 150); });
  /* table of contents */
  var toc = document.getElementById("toc");
  var menu = toc && toc.querySelector("details");
  if (toc && menu) {
    var narrow = window.matchMedia("(max-width: 1099.98px)");
    if (narrow.matches) menu.open = false;
    var links = Array.prototype.slice.call(toc.querySelectorAll("a[href^='#']"));
    var targets = links.map(function (a) { return document.getElementById(a.getAttribute("href").slice(1)); });
    toc.addEventListener("click", function (ev) {
      if (ev.target.closest("a") && narrow.matches) menu.open = false;
    });
    var current = null, queued = false;
    function mark() {
      queued = false;
      var best = -1, line = narrow.matches ? toc.getBoundingClientRect().bottom + 8 : 80;
      for (var i = 0; i < targets.length; i++) {
        if (targets[i] && targets[i].getBoundingClientRect().top <= line) best = i;
      }
      var a = best >= 0 ? links[best] : null;
      if (a === current) return;
      if (current) current.classList.remove("current");
      Array.prototype.forEach.call(toc.querySelectorAll("li.current"), function (li) { li.classList.remove("current"); });
      current = a;
      if (!a) return;
      a.classList.add("current");
      var part = a.closest("li.toc-part");
      if (part) part.classList.add("current");
      /* keep the highlighted entry in view inside the sidebar */
      if (!narrow.matches && toc.scrollHeight > toc.clientHeight) {
        var t = a.getBoundingClientRect().top - toc.getBoundingClientRect().top + toc.scrollTop;
        if (t < toc.scrollTop || t > toc.scrollTop + toc.clientHeight - 40) toc.scrollTop = t - toc.clientHeight / 3;
      }
    }
    window.addEventListener("scroll", function () {
      if (!queued) { queued = true; window.requestAnimationFrame(mark); }
    }, { passive: true });
    mark();
  }
})();
