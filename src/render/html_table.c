#include "render/html_table.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "view/colors.h"

static void S_attr(ec_buf *b, const char *s) { ec_buf_html(b, s, strlen(s)); }

/* A cell's kind as HTML (a share's bar is its fraction of the column's largest
 * share, share_max): classes the stylesheet knows (assets/report.css)
 * and, for colours and bars, a custom property set from the same source the
 * PDF painter uses (view/colors.h), so no colour is written down twice. */
static void S_cell_attrs(ec_buf *b, int num, const ec_cell *x, double share_max) {
  const char *cls = NULL;
  switch (x->kind) {
  case EC_CELL_PLAIN: break;
  case EC_CELL_GOOD: cls = "good"; break;
  case EC_CELL_BAD: cls = "bad"; break;
  case EC_CELL_CHANGED: cls = "diff"; break;
  case EC_CELL_PRECISION: cls = "prec"; break;
  case EC_CELL_SHARE: cls = "share"; break;
  case EC_CELL_SEVERITY:
    cls = x->key && !strcmp(x->key, "error")     ? "sev sev-error"
          : x->key && !strcmp(x->key, "warning") ? "sev sev-warning"
                                                 : "sev sev-info";
    break;
  }
  if (num || cls) ec_buf_printf(b, " class=\"%s%s%s\"", num ? "num" : "", num && cls ? " " : "", cls ? cls : "");
  if (x->kind == EC_CELL_PRECISION) {
    ec_color col = ec_color_precision(x->key);
    ec_buf_printf(b, " style=\"--prec:#%02x%02x%02x\"", col.r, col.g, col.b);
  } else if (x->kind == EC_CELL_SHARE && isfinite(x->sort) && share_max > 0) {
    ec_buf_printf(b, " style=\"--share:%.4f\"", fmax(0, fmin(1, x->sort / share_max)));
  }
}

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
  double *smax = ec_table_share_max(t);
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
      S_cell_attrs(b, t->cols[c].align == EC_ALIGN_RIGHT, x, smax[c]);
      if (t->interactive && isfinite(x->sort)) ec_buf_printf(b, " data-v=\"%.9g\"", x->sort);
      ec_buf_putc(b, '>');
      if (x->link) {
        ec_buf_puts(b, "<a href=\"");
        S_attr(b, x->link);
        ec_buf_puts(b, "\">");
      }
      if (x->text) ec_buf_html(b, x->text, strlen(x->text));
      if (x->link) ec_buf_puts(b, "</a>");
      ec_buf_puts(b, "</td>");
    }
    ec_buf_puts(b, "</tr>\n");
  }
  free(smax);
  ec_buf_puts(b, "</tbody></table>");
  if (t->note) {
    ec_buf_puts(b, "<p class=\"table-note\">");
    S_attr(b, t->note);
    ec_buf_puts(b, "</p>");
  }
  ec_buf_puts(b, "</div>\n");
}
