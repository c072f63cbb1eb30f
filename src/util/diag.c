#include "util/diag.h"
#include "util/alloc.h"
#include "util/buf.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

void ec_diag_add(ec_diags *d, ec_severity sev, const char *file, int line, int col,
                 const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  char *msg = ec_malloc((size_t)(n > 0 ? n : 0) + 1);
  va_start(ap, fmt);
  vsnprintf(msg, (size_t)(n > 0 ? n : 0) + 1, fmt, ap);
  va_end(ap);
  ec_diag *g = EC_PUSH(d->v, d->n, d->cap);
  g->sev = sev;
  g->file = file ? ec_strdup(file) : NULL;
  g->line = line;
  g->col = col;
  g->msg = msg;
}

char *ec_diag_format(const ec_diag *g) {
  ec_buf b = {0};
  if (g->file) {
    ec_buf_puts(&b, g->file);
    if (g->line > 0) {
      ec_buf_printf(&b, ":%d", g->line);
      if (g->col > 0) ec_buf_printf(&b, ":%d", g->col);
    }
    ec_buf_puts(&b, ": ");
  }
  ec_buf_puts(&b, g->sev == EC_ERROR ? "error: " : g->sev == EC_WARN ? "warning: " : "note: ");
  ec_buf_puts(&b, g->msg);
  return ec_buf_take(&b);
}

size_t ec_diags_count(const ec_diags *d, ec_severity at_least) {
  size_t k = 0;
  for (size_t i = 0; i < d->n; i++)
    if (d->v[i].sev >= at_least) k++;
  return k;
}

void ec_diags_move(ec_diags *dst, ec_diags *src) {
  for (size_t i = 0; i < src->n; i++) *EC_PUSH(dst->v, dst->n, dst->cap) = src->v[i];
  free(src->v);
  src->v = NULL;
  src->n = src->cap = 0;
}

void ec_diags_free(ec_diags *d) {
  for (size_t i = 0; i < d->n; i++) {
    free(d->v[i].file);
    free(d->v[i].msg);
  }
  free(d->v);
  d->v = NULL;
  d->n = d->cap = 0;
}

void ec_diag_linecol(const char *text, size_t len, size_t off, int *line, int *col) {
  int ln = 1, c = 1;
  if (off > len) off = len;
  for (size_t i = 0; i < off; i++) {
    unsigned char ch = (unsigned char)text[i];
    if (ch == '\n') {
      ln++;
      c = 1;
    } else if ((ch & 0xC0) != 0x80) {
      c++;
    }
  }
  *line = ln;
  *col = c;
}
