#include "draw/table.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "words/words.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

ec_table *ec_table_new(const char *id, const char *caption) {
  ec_table *t = ec_calloc(1, sizeof *t);
  t->id = ec_strdup(id ? id : "t");
  t->caption = caption ? ec_strdup(caption) : NULL;
  return t;
}

void ec_table_free(ec_table *t) {
  if (!t) return;
  for (size_t i = 0; i < t->ncols; i++) free(t->cols[i].header);
  for (size_t i = 0; i < t->nrows * t->ncols; i++) {
    free(t->cells[i].text);
    free(t->cells[i].key);
    free(t->cells[i].link);
    free(t->cells[i].tip);
  }
  if (t->row_ids)
    for (size_t i = 0; i < t->nrows; i++) free(t->row_ids[i]);
  free(t->row_ids);
  free(t->cols);
  free(t->cells);
  free(t->id);
  free(t->caption);
  free(t->note);
  free(t->static_rows);
  free(t->static_note);
  free(t->row_sub);
  free(t->sub_label);
  free(t->sub_label_one);
  free(t);
}

size_t ec_table_col(ec_table *t, const char *header, ec_cell_align align, int numeric) {
  /* columns are fixed once rows exist */
  if (t->nrows) abort();
  ec_col *c = EC_PUSH(t->cols, t->ncols, t->cap_cols);
  memset(c, 0, sizeof *c);
  c->header = ec_strdup(header);
  c->align = align;
  c->numeric = numeric;
  return t->ncols - 1;
}

void ec_table_clip(ec_table *t, size_t col) {
  if (col < t->ncols) t->cols[col].clip = 1;
}

size_t ec_table_row(ec_table *t) {
  ec_grow((void **)&t->cells, &t->cap_cells, (t->nrows + 1) * t->ncols, sizeof *t->cells);
  for (size_t c = 0; c < t->ncols; c++) {
    ec_cell *x = &t->cells[t->nrows * t->ncols + c];
    x->text = NULL;
    x->sort = NAN;
    x->kind = EC_CELL_PLAIN;
    x->key = NULL;
    x->chip = (ec_color){0};
    x->link = NULL;
    x->tip = NULL;
  }
  if (t->row_ids) {
    t->row_ids = ec_reallocarray(t->row_ids, t->nrows + 1, sizeof *t->row_ids);
    t->row_ids[t->nrows] = NULL;
  }
  if (t->row_sub) {
    t->row_sub = ec_reallocarray(t->row_sub, t->nrows + 1, 1);
    t->row_sub[t->nrows] = 0;
  }
  return t->nrows++;
}

void ec_table_setn(ec_table *t, size_t row, size_t col, const char *text, size_t n, double sort) {
  if (row >= t->nrows || col >= t->ncols) abort();
  ec_cell *x = &t->cells[row * t->ncols + col];
  free(x->text);
  if (text && memchr(text, '\0', n)) {
    /* cells are C strings: an embedded NUL shows as U+FFFD, nothing is cut */
    ec_buf b = {0};
    for (size_t i = 0; i < n; i++) {
      if (text[i]) ec_buf_putc(&b, text[i]);
      else ec_buf_puts(&b, "\xEF\xBF\xBD");
    }
    x->text = ec_buf_take(&b);
  } else {
    x->text = ec_strndup(text ? text : "", text ? n : 0);
  }
  x->sort = sort;
}

void ec_table_set(ec_table *t, size_t row, size_t col, const char *text, double sort) {
  ec_table_setn(t, row, col, text, text ? strlen(text) : 0, sort);
}

void ec_table_set_kind(ec_table *t, size_t row, size_t col, ec_cell_kind kind, const char *key) {
  if (row >= t->nrows || col >= t->ncols) abort();
  ec_cell *x = &t->cells[row * t->ncols + col];
  free(x->key);
  x->kind = kind;
  x->key = key ? ec_strdup(key) : NULL;
}

void ec_table_set_chip(ec_table *t, size_t row, size_t col, ec_color chip) {
  if (row >= t->nrows || col >= t->ncols) abort();
  t->cells[row * t->ncols + col].chip = chip;
}

/* Anchor names go into HTML id/href attributes and into cairo's PDF tag
 * attributes (name='...', dest='...'), where a quote makes cairo crash when
 * the PDF is finished: keep [A-Za-z0-9_.:-] and turn anything else into '_'. */
static char *S_anchor(const char *s) {
  char *r = ec_strdup(s);
  for (char *p = r; *p; p++) {
    unsigned char c = (unsigned char)*p;
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.' ||
          c == ':' || c == '-' || (p == r && c == '#')))
      *p = '_';
  }
  return r;
}

void ec_table_set_link(ec_table *t, size_t row, size_t col, const char *link) {
  ec_cell *x = &t->cells[row * t->ncols + col];
  free(x->link);
  x->link = link && link[0] == '#' ? S_anchor(link) : NULL; /* in-document only */
}

void ec_table_set_tip(ec_table *t, size_t row, size_t col, const char *tip) {
  ec_cell *x = &t->cells[row * t->ncols + col];
  free(x->tip);
  x->tip = tip ? ec_strdup(tip) : NULL;
}

void ec_table_set_row_id(ec_table *t, size_t row, const char *id) {
  if (!t->row_ids) t->row_ids = ec_calloc(t->nrows ? t->nrows : 1, sizeof *t->row_ids);
  free(t->row_ids[row]);
  t->row_ids[row] = S_anchor(id);
}

void ec_table_set_note(ec_table *t, const char *note) {
  free(t->note);
  t->note = note ? ec_strdup(note) : NULL;
}

int ec_table_is_data(const ec_table *t) { return t->interactive && t->nrows > EC_TABLE_DATA_ROWS; }

void ec_table_set_static_rows(ec_table *t, const size_t *rows, size_t n, const char *note) {
  free(t->static_rows);
  free(t->static_note);
  t->static_rows = ec_calloc(n ? n : 1, sizeof *t->static_rows);
  t->n_static_rows = 0;
  for (size_t i = 0; i < n; i++)
    if (rows[i] < t->nrows) t->static_rows[t->n_static_rows++] = rows[i];
  t->static_note = note ? ec_strdup(note) : NULL;
}

const ec_cell *ec_table_cell(const ec_table *t, size_t row, size_t col) { return &t->cells[row * t->ncols + col]; }

ec_table *ec_table_finish(ec_table *t, size_t total, const char *empty_why, const char **why, const char *more_one,
                          const char *more_many) {
  if (!t->nrows) {
    ec_table_free(t);
    *why = empty_why;
    return NULL;
  }
  if (total > t->nrows) {
    char note[256];
    snprintf(note, sizeof note, "%zu more %s", total - t->nrows, ec_plural(total - t->nrows, more_one, more_many));
    ec_table_set_note(t, note);
  }
  return t;
}

double *ec_table_share_max(const ec_table *t) {
  double *m = ec_calloc(t->ncols + 1, sizeof *m);
  for (size_t r = 0; r < t->nrows; r++)
    for (size_t c = 0; c < t->ncols; c++) {
      const ec_cell *x = ec_table_cell(t, r, c);
      if (x->kind == EC_CELL_SHARE && isfinite(x->sort) && x->sort > m[c]) m[c] = x->sort;
    }
  return m;
}

void ec_table_set_sub(ec_table *t, size_t row) {
  if (row >= t->nrows) abort();
  if (!t->row_sub) t->row_sub = ec_calloc(t->nrows, 1);
  t->row_sub[row] = 1;
}

int ec_table_is_sub(const ec_table *t, size_t row) { return t->row_sub && row < t->nrows && t->row_sub[row]; }

/* A typed cell: the text by words/, which writes the dash for NaN. */
#define S_TYPED(name, fmt)                                                   \
  void ec_table_set_##name(ec_table *t, size_t row, size_t col, double v) { \
    char buf[64];                                                            \
    ec_table_set(t, row, col, fmt(buf, sizeof buf, v), v);                   \
  }
S_TYPED(ms, ec_fmt_ms)
S_TYPED(pct, ec_fmt_pct)
S_TYPED(bytes, ec_fmt_bytes)
S_TYPED(count, ec_fmt_int)
S_TYPED(rate, ec_fmt_num)
S_TYPED(value, ec_fmt_value)

void ec_table_set_change(ec_table *t, size_t row, size_t col, double pct) {
  char buf[32];
  if (isfinite(pct)) snprintf(buf, sizeof buf, "%+" EC_CHANGE_G, pct);
  ec_table_set(t, row, col, isfinite(pct) ? buf : EC_DASH, pct);
}

void ec_table_set_ratio(ec_table *t, size_t row, size_t col, double ratio) {
  char buf[32];
  if (isfinite(ratio)) snprintf(buf, sizeof buf, EC_RATIO, ratio);
  ec_table_set(t, row, col, isfinite(ratio) ? buf : EC_DASH, ratio);
}

void ec_table_set_dash(ec_table *t, size_t row, size_t col) { ec_table_set(t, row, col, EC_DASH, NAN); }

void ec_table_set_text_or_dash(ec_table *t, size_t row, size_t col, const char *text) {
  ec_table_set(t, row, col, text ? text : EC_DASH, NAN);
}
