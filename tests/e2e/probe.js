/* Measures a report page in headless Chromium (tests/e2e/browser.sh adds
   this script to a copy of the page and reads back the JSON it leaves in
   a PRE element with id ec-probe; tests/e2e/check_browser.py judges it). */
window.addEventListener("load", function () { setTimeout(function () {
  "use strict";
  var de = document.documentElement, vw = de.clientWidth, vh = window.innerHeight;
  var out = { width: vw, height: de.scrollHeight, sideways: de.scrollWidth > vw + 1, boxes: [], text: {}, toc: {}, sticky: null, graphs: [] };
  function label(el) {
    var id = el.id || (el.querySelector("[id]") || {}).id || "";
    var c = typeof el.className === "string" && el.className ? "." + el.className.split(" ")[0] : "";
    return el.tagName.toLowerCase() + c + (id ? "#" + id : "");
  }
  /* drawn, and not inside a folded section (a closed details, but its summary) */
  function shown(el) {
    if (!el.getClientRects().length) return false;
    var d = el.closest("details:not([open])");
    return !d || !!el.closest("summary") && el.closest("summary").parentElement === d;
  }
  /* every table's box and every figure: is what it holds wider than the
     box (and the box does not scroll), or is the box past the window? */
  Array.prototype.forEach.call(document.querySelectorAll(".table-wrap, figure, div.graph"), function (el) {
    if (!shown(el)) return;
    var r = el.getBoundingClientRect(), t = el.querySelector("table"), ox = getComputedStyle(el).overflowX;
    var inner = el.classList.contains("table-wrap") && t ? Math.round(t.getBoundingClientRect().width) : el.scrollWidth;
    out.boxes.push({ what: label(el), inner: inner, client: el.clientWidth, scrolls: ox === "auto" || ox === "scroll",
                     right: Math.round(r.right), left: Math.round(r.left) });
  });
  /* text as drawn, in CSS px */
  function px(el) { return parseFloat(getComputedStyle(el).fontSize); }
  var td = document.querySelector("main table.data td"), p = document.querySelector("main p");
  out.text.table = td ? px(td) : null;
  out.text.body = p ? px(p) : null;
  var sizes = [];
  Array.prototype.forEach.call(document.querySelectorAll("figure.chart svg text"), function (t) {
    if (!shown(t)) return;
    var m = t.getScreenCTM();
    sizes.push(parseFloat(t.getAttribute("font-size")) * Math.sqrt(m.a * m.a + m.b * m.b));
  });
  sizes.sort(function (a, b) { return a - b; });
  out.text.chart_min = sizes.length ? sizes[0] : null;
  out.text.chart_median = sizes.length ? sizes[sizes.length >> 1] : null;
  /* the first screen's precision strip: drawn whole in its box (no part
     scrolled out of sight), and the comparison's verdict: text that wraps */
  var strip = Array.prototype.filter.call(document.querySelectorAll("div.first-screen figure.chart .chart-box"), shown)[0];
  if (strip) {
    var ss = strip.querySelector("svg").getBoundingClientRect(), sb = strip.getBoundingClientRect();
    out.strip = { svg_w: Math.round(ss.width), box_w: Math.round(sb.width), scrolls: strip.scrollWidth > strip.clientWidth + 1,
                  segments: strip.querySelectorAll("svg text").length };
  }
  var verdict = document.querySelector("div.verdict");
  if (verdict) {
    var vb = verdict.getBoundingClientRect();
    out.verdict = { right: Math.round(vb.right), scrolls: verdict.scrollWidth > verdict.clientWidth + 1,
                    text: verdict.textContent.slice(0, 200) };
  }
  /* every figure a reader should see without scrolling sideways: the first
     screen's cells and tiles, the verdict, every cell of a table shown on
     the page (not the all-layers table, drawn on demand in its own
     scrolling box) and every chart's text: inside the window and inside
     every box between it and the page that clips or scrolls (a value
     scrolled out of a box is out of view) */
  var hidden = { checked: 0, out: [] };
  Array.prototype.forEach.call(document.querySelectorAll(
      "div.first-screen td, div.first-screen .tile, div.verdict, main table.data:not(.datatable) td, figure.chart svg text"), function (el) {
    if (!shown(el) || el.closest("table.datatable, div.vscroll, div.graph") || !el.textContent.trim()) return;
    var r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) return;
    hidden.checked++;
    var left = 0, right = vw, a = el.parentElement;
    for (; a && a !== document.body; a = a.parentElement) {
      var ox = getComputedStyle(a).overflowX;
      if (ox === "visible") continue;
      var ar = a.getBoundingClientRect();
      left = Math.max(left, ar.left + a.clientLeft);
      right = Math.min(right, ar.left + a.clientLeft + a.clientWidth);
    }
    if (r.left < left - 1 || r.right > right + 1)
      hidden.out.push(el.tagName.toLowerCase() + " " + JSON.stringify(el.textContent.trim().slice(0, 40)) +
                      " at x=" + Math.round(r.left) + "-" + Math.round(r.right) + " (view " + Math.round(left) + "-" + Math.round(right) + ")");
  });
  out.hidden = hidden;
  /* the engine graph as it opens */
  Array.prototype.forEach.call(document.querySelectorAll("div.graph"), function (g) {
    var view = g.querySelector(".graph-view"), svg = view && view.querySelector("svg");
    if (!svg) return;
    var vr = view.getBoundingClientRect(), sr = svg.getBoundingClientRect();
    var t = svg.querySelector("g.node text"), tpx = null;
    if (t) { var m = t.getScreenCTM(); tpx = parseFloat(t.getAttribute("font-size")) * Math.sqrt(m.a * m.a + m.b * m.b); }
    var bg = svg.querySelector("g.graph > polygon");
    /* nodes whose box is (partly) inside the graph's box as it opens */
    var nodes = svg.querySelectorAll("g.node"), in_view = 0;
    Array.prototype.forEach.call(nodes, function (n) {
      var r = n.getBoundingClientRect();
      if (r.right > vr.left && r.left < vr.right && r.bottom > vr.top && r.top < vr.bottom && r.width > 0) in_view++;
    });
    out.graphs.push({ id: g.id, view_w: Math.round(vr.width), view_h: Math.round(vr.height),
                      svg_w: Math.round(sr.width), svg_h: Math.round(sr.height), node_text_px: tpx,
                      nodes: nodes.length, nodes_in_view: in_view,
                      legend_in_svg: svg.textContent.indexOf("Fill: ") >= 0,
                      legend_outside: !!g.parentElement.querySelector("details.graph-legend"),
                      background: bg ? getComputedStyle(bg).fill : null,
                      page_background: getComputedStyle(document.documentElement).backgroundColor });
  });
  /* the table of contents, at the top and halfway down */
  var toc = document.getElementById("toc");
  out.toc.present = !!toc;
  if (toc) {
    var links = toc.querySelectorAll("a[href^='#']"), broken = 0;
    Array.prototype.forEach.call(links, function (a) { if (!document.getElementById(a.getAttribute("href").slice(1))) broken++; });
    out.toc.links = links.length;
    out.toc.broken = broken;
    window.scrollTo(0, de.scrollHeight / 2);
    var r = toc.getBoundingClientRect();
    out.toc.in_view_halfway = r.top >= -1 && r.top < vh / 2 && r.bottom > 0;
    out.toc.position = getComputedStyle(toc).position;
  }
  /* a table taller than the window: does its header stick? */
  var tall = Array.prototype.filter.call(document.querySelectorAll("main table.data"), function (t) {
    var ox = getComputedStyle(t.parentElement).overflowX;
    /* a table folded in a closed <details> is not on the page (Chromium still gives it boxes) */
    return shown(t) && !t.closest("details:not([open])") && t.getBoundingClientRect().height > vh * 1.5 &&
           ox !== "auto" && ox !== "scroll";
  })[0];
  if (tall) {
    var top = tall.getBoundingClientRect().top + window.scrollY;
    window.scrollTo(0, top + tall.getBoundingClientRect().height / 2);
    var th = tall.tHead.rows[0].cells[0].getBoundingClientRect();
    /* under the contents bar when it sits across the top, else at 0 */
    var bar = toc && toc.getBoundingClientRect().width > vw * 0.9 && getComputedStyle(toc).position === "sticky" ?
              toc.getBoundingClientRect().bottom : 0;
    out.sticky = { table: tall.id, header_top: Math.round(th.top), expected_top: Math.max(0, Math.round(bar)) };
  }
  setTimeout(function () {
    out.toc.current = toc ? !!toc.querySelector("a.current") : false;
    var pre = document.createElement("pre");
    pre.id = "ec-probe";
    pre.textContent = JSON.stringify(out);
    document.body.appendChild(pre);
  }, 100);
}, 50); });
