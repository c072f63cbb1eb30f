#include "render/html_table.h"
#include <math.h>
#include <string.h>

static void S_attr(ec_buf *b, const char *s) { ec_buf_html(b, s, strlen(s)); }

void ec_render_table_html(const ec_table *t, ec_buf *b) {
  ec_buf_puts(b, "<div class=\"table-wrap\">");
  if (t->interactive) {
    ec_buf_puts(b, "<input type=\"search\" class=\"filter\" placeholder=\"Filter rows\" aria-label=\"Filter rows\" data-table=\"");
    S_attr(b, t->id);
    ec_buf_puts(b, "\" hidden>");
  }
  ec_buf_puts(b, "<table id=\"");
  S_attr(b, t->id);
  ec_buf_puts(b, t->interactive ? "\" class=\"data interactive\">" : "\" class=\"data\">");
  if (t->caption) {
    ec_buf_puts(b, "<caption>");
    S_attr(b, t->caption);
    ec_buf_puts(b, "</caption>");
  }
  ec_buf_puts(b, "<thead><tr>");
  for (size_t c = 0; c < t->ncols; c++) {
    ec_buf_printf(b, "<th scope=\"col\"%s%s>", t->cols[c].align == EC_ALIGN_RIGHT ? " class=\"num\"" : "",
                  t->cols[c].numeric ? " data-type=\"num\"" : "");
    S_attr(b, t->cols[c].header);
    ec_buf_puts(b, "</th>");
  }
  ec_buf_puts(b, "</tr></thead><tbody>");
  for (size_t r = 0; r < t->nrows; r++) {
    if (t->row_ids && t->row_ids[r]) {
      ec_buf_puts(b, "<tr id=\"");
      S_attr(b, t->row_ids[r]);
      ec_buf_puts(b, "\">");
    } else {
      ec_buf_puts(b, "<tr>");
    }
    for (size_t c = 0; c < t->ncols; c++) {
      const ec_cell *x = ec_table_cell(t, r, c);
      ec_buf_puts(b, "<td");
      if (t->cols[c].align == EC_ALIGN_RIGHT || x->cls) {
        ec_buf_puts(b, " class=\"");
        if (t->cols[c].align == EC_ALIGN_RIGHT) ec_buf_puts(b, "num");
        if (x->cls) {
          if (t->cols[c].align == EC_ALIGN_RIGHT) ec_buf_putc(b, ' ');
          S_attr(b, x->cls);
        }
        ec_buf_putc(b, '"');
      }
      if (t->interactive && isfinite(x->sort)) ec_buf_printf(b, " data-v=\"%.9g\"", x->sort);
      ec_buf_putc(b, '>');
      if (x->link) {
        ec_buf_puts(b, "<a href=\"");
        S_attr(b, x->link);
        ec_buf_puts(b, "\">");
      }
      /* names, tactics and paths wrap at their separators; numbers never */
      if (x->text && t->cols[c].align == EC_ALIGN_RIGHT) ec_buf_html(b, x->text, strlen(x->text));
      else if (x->text) ec_buf_html_ident(b, x->text, strlen(x->text));
      if (x->link) ec_buf_puts(b, "</a>");
      ec_buf_puts(b, "</td>");
    }
    ec_buf_puts(b, "</tr>\n");
  }
  ec_buf_puts(b, "</tbody></table>");
  if (t->note) {
    ec_buf_puts(b, "<p class=\"table-note\">");
    S_attr(b, t->note);
    ec_buf_puts(b, "</p>");
  }
  ec_buf_puts(b, "</div>\n");
}
