/* enginecard report: sortable and filterable tables. The page reads fully
   without this script; it only adds sorting (click a header) and filtering. */
(function () {
  "use strict";
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
})();
