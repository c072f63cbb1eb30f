/* enginecard report: sortable and filterable tables, and the table of
   contents (the current section highlighted; on narrow windows a menu that
   closes after a choice). The page reads fully without this script. */
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
  Array.prototype.forEach.call(document.querySelectorAll("table.interactive"), function (table) {
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th, col) {
      th.tabIndex = 0;
      th.addEventListener("click", function () { sortBy(table, col, th); });
      th.addEventListener("keydown", function (ev) { if (ev.key === "Enter") sortBy(table, col, th); });
    });
  });
  Array.prototype.forEach.call(document.querySelectorAll("input.filter"), function (input) {
    var table = document.getElementById(input.getAttribute("data-table"));
    if (!table) return;
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
