#include "render/html_table.h"
#include "words/words.h"
#include "util/alloc.h"
#include "util/map.h"
#include "util/rank.h"
#include "words/words.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Rows a data table without chosen static rows shows without scripts. */
#define S_STATIC_DEFAULT 100
/* Rows a table keeps when printed (assets/report.css, table.capped): the
 * rest are in the HTML, and a line under it says how many. */
#define S_PRINT_ROWS 30

static void S_attr(ec_buf *b, const char *s) { ec_buf_html(b, s, strlen(s)); }

/* A cell's kind as HTML: the classes the stylesheet knows (assets/report.css),
 * "num" first for right-aligned columns; "" when none. */
static const char *S_kind_class(const ec_cell *x) {
  switch (x->kind) {
  case EC_CELL_PLAIN: return "";
  case EC_CELL_GOOD: return "good";
  case EC_CELL_BAD: return "bad";
  case EC_CELL_CHANGED: return "diff";
  case EC_CELL_PRECISION: return "prec";
  case EC_CELL_SHARE: return "share";
  case EC_CELL_SEVERITY:
    return x->key && !strcmp(x->key, "error")     ? "sev sev-error"
           : x->key && !strcmp(x->key, "warning") ? "sev sev-warning"
                                                  : "sev sev-info";
  }
  return "";
}

/* The custom property a kind draws with (a precision's colour from the same
 * source the PDF painter uses, view/colors.h, so no colour is written down
 * twice; a share's bar as its fraction of the column's largest share) into
 * buf, or NULL. */
static const char *S_kind_style(const ec_cell *x, double share_max, char *buf, size_t cap) {
  if (x->kind == EC_CELL_PRECISION && x->chip.kind == EC_COL_RGB) {
    ec_color col = x->chip;
    snprintf(buf, cap, "--prec:#%02x%02x%02x", col.r, col.g, col.b);
    return buf;
  }
  if (x->kind == EC_CELL_SHARE && isfinite(x->sort) && share_max > 0) {
    snprintf(buf, cap, "--share:%.4f", fmax(0, fmin(1, x->sort / share_max)));
    return buf;
  }
  return NULL;
}

/* On a phone a table of three or more columns stacks its rows
 * (assets/report.css, table.stack): each row a block, its key cell (the
 * name) on a line of its own and every other cell beside or under it
 * with its column's header as a label, so no figure sits off-screen in
 * a scrolled box. A data table (drawn by the page's script) and a group's
 * folded table do not stack. */
#define S_STACK_COLS 3

static int S_stacks(const ec_table *t) { return t->ncols >= S_STACK_COLS && !ec_table_is_data(t); }

/* The key column of a stacking table: what a row is about, the first
 * left-aligned column whose texts tell the rows apart (a column repeating
 * one engine's name in every row is not it); else the first left-aligned
 * column; else the first. */
static size_t S_key_col(const ec_table *t) {
  size_t first = t->ncols;
  for (size_t c = 0; c < t->ncols; c++) {
    if (t->cols[c].align == EC_CELL_ALIGN_RIGHT) continue;
    if (first == t->ncols) first = c;
    ec_map m = {0};
    size_t rows = 0, distinct = 0;
    for (size_t r = 0; r < t->nrows; r++) {
      if (ec_table_is_sub(t, r)) continue;
      const char *x = ec_table_cell(t, r, c)->text;
      size_t k, len = x ? strlen(x) : 0;
      rows++;
      if (!len || ec_map_get(&m, x, len, &k)) continue;
      ec_map_put(&m, x, len, distinct++);
    }
    ec_map_free(&m);
    if (rows && distinct * 10 >= rows * 9) return c;
  }
  return first < t->ncols ? first : 0;
}

/* Cell (r, c) as a <td>. A main row's cell (main) carries its sort value
 * for the page's sorter and keeps a clipped column on one line; a sub row's
 * cell, in its group's folded table, is plain. In a stacking table (key <
 * ncols) the key column's cell is marked and every other cell carries its
 * header as the label a phone shows (none for "#" or an empty header). */
static void S_cell(ec_buf *b, const ec_table *t, size_t r, size_t c, double smax, int main, size_t key) {
  const ec_cell *x = ec_table_cell(t, r, c);
  int num = t->cols[c].align == EC_CELL_ALIGN_RIGHT;
  const char *cls = S_kind_class(x);
  char st[48];
  const char *style = S_kind_style(x, smax, st, sizeof st);
  int is_key = main && key == c;
  ec_buf_puts(b, "<td");
  if (num || *cls || is_key)
    ec_buf_printf(b, " class=\"%s%s%s%s\"", num ? "num" : "", num && *cls ? " " : "", cls,
                  !is_key ? "" : num || *cls ? " key" : "key");
  const char *h = t->cols[c].header;
  if (main && key < t->ncols && !is_key && h && *h && strcmp(h, "#")) {
    ec_buf_puts(b, " data-label=\"");
    S_attr(b, h);
    ec_buf_putc(b, '"');
  }
  if (style) ec_buf_printf(b, " style=\"%s\"", style);
  if (main && t->interactive && isfinite(x->sort)) ec_buf_printf(b, " data-v=\"%" EC_DATA_G "\"", x->sort);
  ec_buf_putc(b, '>');
  if (x->link) {
    ec_buf_puts(b, "<a href=\"");
    S_attr(b, x->link);
    ec_buf_puts(b, "\">");
  }
  /* names, tactics and paths wrap at their separators; numbers never; a
   * clipped column's text stays on one line, whole in its tooltip */
  if (main && x->tip) { /* more on demand: a cut name's whole text, a kernel */
    ec_buf_puts(b, "<span class=\"tip\" title=\"");
    S_attr(b, x->tip);
    ec_buf_puts(b, "\">");
  }
  if (x->text && num) ec_buf_html(b, x->text, strlen(x->text));
  else if (main && x->text && t->cols[c].clip && *x->text) {
    ec_buf_puts(b, "<span class=\"clip\" title=\"");
    S_attr(b, x->text);
    ec_buf_puts(b, "\">");
    ec_buf_html(b, x->text, strlen(x->text));
    ec_buf_puts(b, "</span>");
  } else if (x->text && t->oneline) ec_buf_html(b, x->text, strlen(x->text)); /* no <wbr>: Chromium breaks there even in nowrap */
  else if (x->text) ec_buf_html_ident(b, x->text, strlen(x->text));
  if (main && x->tip) ec_buf_puts(b, "</span>");
  if (x->link) ec_buf_puts(b, "</a>");
  ec_buf_puts(b, "</td>");
}

static void S_row(const ec_table *t, size_t r, const double *smax, size_t key, ec_buf *b) {
  if (t->row_ids && t->row_ids[r]) {
    ec_buf_puts(b, "<tr id=\"");
    S_attr(b, t->row_ids[r]);
    ec_buf_puts(b, "\">");
  } else {
    ec_buf_puts(b, "<tr>");
  }
  for (size_t c = 0; c < t->ncols; c++) S_cell(b, t, r, c, smax[c], 1, key);
  ec_buf_puts(b, "</tr>\n");
}

/* Sub rows [a, b) of a grouped table: folded into a <details> under their
 * group's row, as a table of the columns any of them fills. */
static void S_sub_rows(const ec_table *t, size_t a, size_t b, const double *smax, ec_buf *o) {
  unsigned char *used = ec_calloc(t->ncols ? t->ncols : 1, 1);
  for (size_t r = a; r < b; r++)
    for (size_t c = 0; c < t->ncols; c++) {
      const ec_cell *x = ec_table_cell(t, r, c);
      if (x->text && *x->text) used[c] = 1;
    }
  ec_buf_printf(o, "<tr class=\"sub-fold\"><td colspan=\"%zu\"><details class=\"sub\"><summary>%zu ", t->ncols, b - a);
  S_attr(o, b - a == 1 && t->sub_label_one ? t->sub_label_one : t->sub_label ? t->sub_label : "rows");
  ec_buf_puts(o, "</summary><table class=\"data sub\"><thead><tr>");
  for (size_t c = 0; c < t->ncols; c++) {
    if (!used[c]) continue;
    ec_buf_printf(o, "<th scope=\"col\"%s>", t->cols[c].align == EC_CELL_ALIGN_RIGHT ? " class=\"num\"" : "");
    S_attr(o, t->cols[c].header);
    ec_buf_puts(o, "</th>");
  }
  ec_buf_puts(o, "</tr></thead><tbody>");
  for (size_t r = a; r < b; r++) {
    ec_buf_puts(o, "<tr>");
    for (size_t c = 0; c < t->ncols; c++) {
      if (!used[c]) continue;
      S_cell(o, t, r, c, smax[c], 0, t->ncols);
    }
    ec_buf_puts(o, "</tr>\n");
  }
  ec_buf_puts(o, "</tbody></table></details></td></tr>\n");
  free(used);
}

/* ---- data tables ---------------------------------------------------------- */

static void S_jstr(ec_buf *b, const char *s) {
  ec_buf_putc(b, '"');
  if (s) ec_buf_json(b, s, strlen(s)); /* escapes '<': safe inside <script> */
  ec_buf_putc(b, '"');
}

/* One string per row (NULL reads as ""), as {"s":[...]} or
 * {"p":[prefix,suffix,"middle",...]} (lengths shared with the previous
 * string) or, when values repeat (under a third distinct), as a dictionary
 * {"d":[...],"i":[...]} or its runs {"d":[...],"r":[...]}. */
static void S_strings(ec_buf *b, const char *const *v, size_t n) {
  ec_map m = {0};
  size_t *ix = ec_malloc((n ? n : 1) * sizeof *ix);
  const char **dict = ec_malloc((n ? n : 1) * sizeof *dict);
  size_t nd = 0;
  /* stop counting once a third are distinct: the answer is then the plain
   * list (a column of 100,000 names was hashed whole for nothing) */
  for (size_t i = 0; i < n && nd * 3 < n; i++) {
    const char *s = v[i] ? v[i] : "";
    size_t k, len = strlen(s);
    if (!ec_map_get(&m, s, len, &k)) {
      k = nd;
      dict[nd++] = s;
      ec_map_put(&m, s, len, k);
    }
    ix[i] = k;
  }
  if (nd * 3 < n) {
    ec_buf_puts(b, "{\"d\":[");
    for (size_t k = 0; k < nd; k++) {
      if (k) ec_buf_putc(b, ',');
      S_jstr(b, dict[k]);
    }
    /* runs of one value (a precision column of 100,000 INT8 layers) as
     * "r":[index,length,...] when that is shorter than one index a row */
    size_t runs = 0;
    for (size_t i = 0; i < n; i++) runs += !i || ix[i] != ix[i - 1];
    if (runs * 3 < n) {
      ec_buf_puts(b, "],\"r\":[");
      for (size_t i = 0, first = 1; i < n;) {
        size_t j = i;
        while (j < n && ix[j] == ix[i]) j++;
        ec_buf_printf(b, first ? "%zu,%zu" : ",%zu,%zu", ix[i], j - i);
        first = 0;
        i = j;
      }
    } else {
      ec_buf_puts(b, "],\"i\":[");
      for (size_t i = 0; i < n; i++) ec_buf_printf(b, i ? ",%zu" : "%zu", ix[i]);
    }
    ec_buf_puts(b, "]}");
  } else {
    /* the plain list, or each string as the previous one's shared ASCII
     * prefix and suffix around its own middle when that is shorter
     * ("layer1.1360.conv2.weight + /layer1/layer1.1360/..." after
     * "...1360.conv1...": 1.8 MB less for 100,000 ResNet layer names) */
    ec_buf plain = {0}, ps = {0};
    ec_buf_puts(&plain, "{\"s\":[");
    ec_buf_puts(&ps, "{\"p\":[");
    for (size_t i = 0; i < n; i++) {
      if (i) ec_buf_putc(&plain, ',');
      S_jstr(&plain, v[i]);
      const char *x = v[i] ? v[i] : "", *y = i && v[i - 1] ? v[i - 1] : "";
      size_t xl = strlen(x), yl = strlen(y), k = 0, sl = 0;
      /* ASCII only: a count of bytes is then the page's count of characters;
       * none when either is longer than is shown (cut, with a note) */
      if (xl > EC_SHOWN_MAX_BYTES || yl > EC_SHOWN_MAX_BYTES) yl = 0;
      while (k < xl && k < yl && x[k] == y[k] && !(x[k] & 0x80)) k++;
      while (sl + k < xl && sl + k < yl && x[xl - 1 - sl] == y[yl - 1 - sl] && !(x[xl - 1 - sl] & 0x80)) sl++;
      ec_buf_printf(&ps, i ? ",%zu,%zu,\"" : "%zu,%zu,\"", k, sl);
      ec_buf_json(&ps, x + k, xl - k - sl);
      ec_buf_putc(&ps, '"');
    }
    ec_buf_puts(&plain, "]}");
    ec_buf_puts(&ps, "]}");
    ec_buf *best = ps.len < plain.len ? &ps : &plain;
    ec_buf_puts(b, best->data);
    ec_buf_free(&plain);
    ec_buf_free(&ps);
  }
  free(dict);
  free(ix);
  ec_map_free(&m);
}

/* The length of the prefix P when every row r has the id P followed by r in
 * decimal, else 0. */
static size_t S_id_prefix(const ec_table *t) {
  if (!t->nrows || !t->row_ids[0]) return 0;
  size_t pl = strlen(t->row_ids[0]);
  if (!pl || t->row_ids[0][pl - 1] != '0') return 0;
  pl--;
  if (!pl) return 0;
  char num[32];
  for (size_t r = 0; r < t->nrows; r++) {
    const char *id = t->row_ids[r];
    int nl = snprintf(num, sizeof num, "%zu", r);
    if (!id || strncmp(id, t->row_ids[0], pl) || strcmp(id + pl, num) || (size_t)nl + pl != strlen(id)) return 0;
  }
  return pl;
}

/* 1 when column c is the row number: row r's sort key is r and its text
 * r as words/ writes a count ("1,234"). */
static int S_seq_col(const ec_table *t, size_t c) {
  char num[32];
  for (size_t r = 0; r < t->nrows; r++) {
    const ec_cell *x = ec_table_cell(t, r, c);
    if (x->sort != (double)r || x->link || !x->text || strcmp(x->text, ec_fmt_int(num, sizeof num, (double)r))) return 0;
  }
  return t->nrows > 0;
}

/* Column c's sort keys as the page reads them back (EC_DATA_G, no value
 * as -Infinity) into k: the order it sorts in is the order of these. */
static void S_page_keys(const ec_table *t, size_t c, double *k) {
  char num[48];
  for (size_t r = 0; r < t->nrows; r++) {
    double x = ec_table_cell(t, r, c)->sort;
    if (isfinite(x)) snprintf(num, sizeof num, "%" EC_DATA_G, x);
    k[r] = isfinite(x) ? strtod(num, NULL) : -INFINITY;
  }
}

/* 1 when keys kc sort the rows exactly as kp, ties (kept in row order by
 * the page) included: along kp's order (by) each step up in kp is a step up
 * in kc and each tie a tie. A share column is its time column scaled. */
static int S_same_order(const double *kp, const double *kc, const size_t *by, size_t n) {
  for (size_t i = 1; i < n; i++) {
    size_t a = by[i - 1], b = by[i];
    if (kp[a] == kp[b] ? kc[a] != kc[b] : !(kc[a] > kc[b])) return 0;
  }
  return 1;
}

/* {"rows":N,"cols":[{"t":TEXT,"v":[sort keys],"c":CLASSES,"s":STYLES,"l":LINKS}...],
 * "ids":ROW_IDS}: text always, the rest only when some row has one; sort
 * keys are numbers or null, or {"as":P} when they sort the rows exactly as
 * an earlier column P's (S_same_order); ROW_IDS is {"p":PREFIX} when row r's id is
 * PREFIX followed by r, else strings. A row-number column (S_seq_col) is
 * {"seq":1}: the script writes r and its text (1.7 MB less at 100,000 rows). */
static void S_data_json(const ec_table *t, const double *smax, ec_buf *b) {
  size_t n = t->nrows;
  const char **v = ec_malloc((n ? n : 1) * sizeof *v);
  char(*st)[48] = ec_malloc((n ? n : 1) * sizeof *st);
  /* per column with sort keys: the keys as the page reads them, and the rows in their order */
  double **keys = ec_calloc(t->ncols ? t->ncols : 1, sizeof *keys);
  size_t **by = ec_calloc(t->ncols ? t->ncols : 1, sizeof *by);
  for (size_t c = 0; c < t->ncols; c++) keys[c] = ec_malloc((n ? n : 1) * sizeof **keys);
  ec_buf_printf(b, "{\"rows\":%zu,\"cols\":[", n);
  for (size_t c = 0; c < t->ncols; c++) {
    if (S_seq_col(t, c)) {
      int styled = 0;
      for (size_t r = 0; r < n && !styled; r++) {
        const ec_cell *x = ec_table_cell(t, r, c);
        styled = *S_kind_class(x) || S_kind_style(x, smax[c], st[r], sizeof st[r]) != NULL;
      }
      if (!styled) {
        ec_buf_puts(b, c ? ",{\"seq\":1}" : "{\"seq\":1}");
        continue;
      }
    }
    ec_buf_puts(b, c ? ",{\"t\":" : "{\"t\":");
    for (size_t r = 0; r < n; r++) v[r] = ec_table_cell(t, r, c)->text;
    S_strings(b, v, n);
    int any = 0;
    for (size_t r = 0; r < n && !any; r++) any = isfinite(ec_table_cell(t, r, c)->sort);
    size_t as = c;
    if (any) {
      S_page_keys(t, c, keys[c]);
      by[c] = ec_rank_desc(keys[c], n);
      for (size_t p = 0; p < c && as == c; p++)
        if (by[p] && S_same_order(keys[p], keys[c], by[p], n)) as = p;
    }
    if (as < c) {
      /* sorts as column p (a share as its time): p's keys (1.4 MB less at 100,000 rows) */
      ec_buf_printf(b, ",\"v\":{\"as\":%zu}", as);
    } else if (any) {
      ec_buf_puts(b, ",\"v\":[");
      for (size_t r = 0; r < n; r++) {
        double x = ec_table_cell(t, r, c)->sort;
        if (r) ec_buf_putc(b, ',');
        if (isfinite(x)) ec_buf_printf(b, "%" EC_DATA_G, x);
        else ec_buf_puts(b, "null");
      }
      ec_buf_putc(b, ']');
    }
    for (int f = 0; f < 3; f++) { /* "c": classes, "s": styles, "l": links */
      any = 0;
      for (size_t r = 0; r < n; r++) {
        const ec_cell *x = ec_table_cell(t, r, c);
        const char *k = S_kind_class(x);
        v[r] = f == 2 ? x->link : f == 1 ? S_kind_style(x, smax[c], st[r], sizeof st[r]) : *k ? k : NULL;
        any |= v[r] != NULL;
      }
      if (!any) continue;
      ec_buf_puts(b, f == 2 ? ",\"l\":" : f == 1 ? ",\"s\":" : ",\"c\":");
      S_strings(b, v, n);
    }
    ec_buf_putc(b, '}');
  }
  ec_buf_putc(b, ']');
  if (t->row_ids) {
    size_t pl = S_id_prefix(t);
    if (pl) {
      /* "e1-L0", "e1-L1", ...: the prefix alone (1.2 MB less at 100,000 rows) */
      ec_buf_puts(b, ",\"ids\":{\"p\":\"");
      ec_buf_json(b, t->row_ids[0], pl);
      ec_buf_puts(b, "\"}");
    } else {
      for (size_t r = 0; r < n; r++) v[r] = t->row_ids[r];
      ec_buf_puts(b, ",\"ids\":");
      S_strings(b, v, n);
    }
  }
  ec_buf_putc(b, '}');
  for (size_t c = 0; c < t->ncols; c++) {
    free(keys[c]);
    free(by[c]);
  }
  free(keys);
  free(by);
  free(st);
  free(v);
}

static void S_head(const ec_table *t, ec_buf *b, const char *cls) {
  ec_buf_puts(b, "<table id=\"");
  S_attr(b, t->id);
  ec_buf_printf(b, "\" class=\"%s\">", cls);
  if (t->caption) {
    ec_buf_puts(b, "<caption>");
    S_attr(b, t->caption);
    ec_buf_puts(b, "</caption>");
  }
  ec_buf_puts(b, "<thead><tr>");
  for (size_t c = 0; c < t->ncols; c++) {
    ec_buf_printf(b, "<th scope=\"col\"%s%s>", t->cols[c].align == EC_CELL_ALIGN_RIGHT ? " class=\"num\"" : "",
                  t->cols[c].numeric ? " data-type=\"num\"" : "");
    S_attr(b, t->cols[c].header);
    ec_buf_puts(b, "</th>");
  }
  /* one line per row (the headers may wrap): the cells inherit it, the page's stylesheet stays as it is */
  ec_buf_puts(b, t->oneline ? "</tr></thead><tbody style=\"white-space:nowrap\">" : "</tr></thead><tbody>");
}

static void S_note(ec_buf *b, const char *note, const char *cls) {
  if (!note) return;
  ec_buf_printf(b, "<p class=\"%s\">", cls);
  S_attr(b, note);
  ec_buf_puts(b, "</p>");
}

void ec_render_table_html(const ec_table *t, ec_buf *b) {
  int data = ec_table_is_data(t);
  ec_buf_puts(b, data ? "<div class=\"table-wrap data-wrap\">" : "<div class=\"table-wrap\">");
  if (t->interactive) {
    ec_buf_puts(b, "<input type=\"search\" class=\"filter\" placeholder=\"Filter rows\" aria-label=\"Filter rows\" data-table=\"");
    S_attr(b, t->id);
    ec_buf_puts(b, "\" hidden>");
  }
  int capped = !data && t->nrows > S_PRINT_ROWS;
  size_t key = S_stacks(t) ? S_key_col(t) : t->ncols;
  char cls[64];
  snprintf(cls, sizeof cls, "%s%s%s", data ? "data interactive datatable" : t->interactive ? "data interactive" : "data",
           capped ? " capped" : "", key < t->ncols ? " stack" : "");
  S_head(t, b, cls);
  double *smax = ec_table_share_max(t);
  if (data && t->static_rows) {
    for (size_t k = 0; k < t->n_static_rows; k++) S_row(t, t->static_rows[k], smax, key, b);
  } else if (data) {
    for (size_t r = 0; r < S_STATIC_DEFAULT && r < t->nrows; r++) S_row(t, r, smax, key, b); /* the view chose none: the first rows */
  } else {
    for (size_t r = 0; r < t->nrows; r++) {
      if (ec_table_is_sub(t, r)) continue;
      S_row(t, r, smax, key, b);
      size_t k = r + 1;
      while (k < t->nrows && ec_table_is_sub(t, k)) k++;
      if (k > r + 1) S_sub_rows(t, r + 1, k, smax, b);
    }
  }
  ec_buf_puts(b, "</tbody></table>");
  if (capped)
    ec_buf_printf(b, "<p class=\"table-note print-only\">%zu more %s in the HTML report.</p>", t->nrows - S_PRINT_ROWS,
                  ec_plural(t->nrows - S_PRINT_ROWS, "row", "rows"));
  if (data) S_note(b, t->static_note, "table-note static-note");
  S_note(b, t->note, "table-note");
  if (data) {
    ec_buf_puts(b, "<script type=\"application/json\" class=\"table-data\" data-table=\"");
    S_attr(b, t->id);
    ec_buf_puts(b, "\">");
    S_data_json(t, smax, b);
    ec_buf_puts(b, "</script>");
  }
  free(smax);
  ec_buf_puts(b, "</div>\n");
}
