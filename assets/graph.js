/* enginecard report: pan, zoom and search for the engine graph. Without this
   script the graph still shows at its natural size in a scrolling box, its
   text is searchable with the browser's find, and nodes link to their rows. */
(function () {
  "use strict";
  Array.prototype.forEach.call(document.querySelectorAll("div.graph"), function (box) {
    var view = box.querySelector(".graph-view");
    var svg = view && view.querySelector("svg");
    var bar = box.querySelector(".graph-bar");
    if (!svg || !bar) return;
    bar.hidden = false;
    var vb = svg.viewBox && svg.viewBox.baseVal;
    var natW = vb && vb.width ? vb.width * 4 / 3 : svg.getBoundingClientRect().width;
    var natH = vb && vb.height ? vb.height * 4 / 3 : svg.getBoundingClientRect().height;
    var zoom = 1;
    function setZoom(z, cx, cy) {
      z = Math.max(0.05, Math.min(4, z));
      var r = view.getBoundingClientRect();
      if (cx === undefined) { cx = r.width / 2; cy = r.height / 2; }
      var px = (view.scrollLeft + cx) / zoom, py = (view.scrollTop + cy) / zoom;
      zoom = z;
      svg.style.width = natW * z + "px";
      svg.style.height = natH * z + "px";
      view.scrollLeft = px * z - cx;
      view.scrollTop = py * z - cy;
    }
    function fit() {
      var r = view.getBoundingClientRect();
      setZoom(Math.min(r.width / natW, r.height / natH, 1));
      view.scrollLeft = 0; view.scrollTop = 0;
    }
    /* open fitted and readable: the whole graph when it fits the box
       (80% of the window high) at no less than READABLE of its size (node
       text about 9 px), else its width fitted at no less than that, from
       the top */
    var READABLE = 0.65;
    /* the slowest layer: the node marked "#1 slowest", else the first hot one */
    var hot = Array.prototype.filter.call(svg.querySelectorAll("g.node"), function (n) {
      return /#1 slowest/.test(n.textContent);
    })[0] || svg.querySelector("g.node.hot");
    /* scroll the box so node n is in its middle */
    function centre(n) {
      var r = n.getBoundingClientRect(), v = view.getBoundingClientRect();
      view.scrollLeft += r.left - v.left - v.width / 2 + r.width / 2;
      view.scrollTop += r.top - v.top - v.height / 2 + r.height / 2;
    }
    /* a graph larger than the box opens on its slowest layer (the top of a
       big graph is often an empty stretch of a column); "Slowest" returns */
    function openView() {
      var r = view.getBoundingClientRect();
      var maxH = parseFloat(getComputedStyle(view).maxHeight) || window.innerHeight * 0.8;
      var whole = Math.min(1, r.width / natW, maxH / natH);
      setZoom(whole >= READABLE ? whole : Math.max(Math.min(1, r.width / natW), READABLE));
      view.scrollLeft = Math.max(0, (natW * zoom - r.width) / 2);
      view.scrollTop = 0;
      var first = hot || svg.querySelector("g.node");
      if (whole < READABLE && first) {
        centre(first);
        if (hot) hot.classList.add("current");
      }
    }
    openView();
    var slowest = bar.querySelector("button[data-zoom='hot']");
    if (slowest && !hot) slowest.hidden = true;
    bar.addEventListener("click", function (ev) {
      var b = ev.target.closest("button");
      if (!b) return;
      var a = b.getAttribute("data-zoom");
      if (a === "in") setZoom(zoom * 1.25);
      else if (a === "out") setZoom(zoom / 1.25);
      else if (a === "fit") fit();
      else if (a === "hot") { if (zoom < READABLE) setZoom(READABLE); if (hot) { centre(hot); hot.classList.add("current"); } }
      else setZoom(1);
    });
    view.addEventListener("wheel", function (ev) {
      if (!ev.ctrlKey && !ev.metaKey) return;
      ev.preventDefault();
      var r = view.getBoundingClientRect();
      setZoom(zoom * (ev.deltaY < 0 ? 1.15 : 1 / 1.15), ev.clientX - r.left, ev.clientY - r.top);
    }, { passive: false });
    view.addEventListener("keydown", function (ev) {
      if (ev.key === "+" || ev.key === "=") setZoom(zoom * 1.25);
      else if (ev.key === "-") setZoom(zoom / 1.25);
      else if (ev.key === "0") fit();
    });
    /* drag to pan; a drag does not follow a node's link */
    var drag = null, moved = false;
    view.addEventListener("pointerdown", function (ev) {
      if (ev.button !== 0) return;
      drag = { x: ev.clientX, y: ev.clientY, l: view.scrollLeft, t: view.scrollTop };
      moved = false;
    });
    window.addEventListener("pointermove", function (ev) {
      if (!drag) return;
      var dx = ev.clientX - drag.x, dy = ev.clientY - drag.y;
      if (Math.abs(dx) + Math.abs(dy) > 4) moved = true;
      if (moved) {
        view.scrollLeft = drag.l - dx;
        view.scrollTop = drag.t - dy;
        view.classList.add("dragging");
      }
    });
    window.addEventListener("pointerup", function () { drag = null; view.classList.remove("dragging"); });
    view.addEventListener("click", function (ev) {
      if (moved) { ev.preventDefault(); ev.stopPropagation(); moved = false; }
    }, true);
    /* search over each node's text and tooltip */
    var input = bar.querySelector(".graph-find");
    var status = bar.querySelector(".graph-status");
    var nodes = Array.prototype.slice.call(svg.querySelectorAll("g.node"));
    var texts = nodes.map(function (n) { return n.textContent.toLowerCase(); });
    var hits = [], cur = -1, timer = null;
    function show(i) {
      var n = hits[i];
      if (!n) return;
      nodes.forEach(function (m) { m.classList.remove("current"); });
      n.classList.add("current");
      centre(n);
      status.textContent = (i + 1) + " of " + hits.length;
    }
    function search() {
      var q = input.value.trim().toLowerCase();
      hits = [];
      cur = -1;
      svg.classList.toggle("searching", q !== "");
      nodes.forEach(function (n, i) {
        var hit = q !== "" && texts[i].indexOf(q) >= 0;
        n.classList.toggle("hit", hit);
        n.classList.remove("current");
        if (hit) hits.push(n);
      });
      status.textContent = q === "" ? "" : hits.length ? hits.length + " found" : "none found";
      if (hits.length) { cur = 0; show(0); }
    }
    input.addEventListener("input", function () { clearTimeout(timer); timer = setTimeout(search, 150); });
    input.addEventListener("keydown", function (ev) {
      if (ev.key !== "Enter" || !hits.length) return;
      ev.preventDefault();
      cur = (cur + (ev.shiftKey ? hits.length - 1 : 1)) % hits.length;
      show(cur);
    });
  });
})();
