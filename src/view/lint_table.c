#include "view/lint_table.h"
#include "util/buf.h"
#include "view/fmt.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

ec_table *ec_tbl_lint(const ec_engine *e, const ec_findings *f, const char *id, size_t max) {
  if (!f->n) return NULL;
  ec_table *t = ec_table_new(id, NULL);
  ec_table_col(t, "Severity", EC_ALIGN_LEFT, 0);
  ec_table_col(t, "Rule", EC_ALIGN_LEFT, 0);
  ec_table_col(t, "Latency (%)", EC_ALIGN_RIGHT, 1);
  ec_table_col(t, "Could save (ms)", EC_ALIGN_RIGHT, 1);
  ec_table_col(t, "Layer", EC_ALIGN_LEFT, 0);
  ec_table_col(t, "Finding", EC_ALIGN_LEFT, 0);
  ec_table_col(t, "What to try", EC_ALIGN_LEFT, 0);
  t->cols[1].min_width_em = 8; /* rule ids: "data-movement" on one line */
  t->cols[4].min_width_em = 10; /* fused layer names are long: keep them legible */
  t->cols[5].min_width_em = 14;
  t->cols[6].min_width_em = 16;
  size_t n = max && f->n > max ? max : f->n;
  char buf[32];
  for (size_t i = 0; i < n; i++) {
    const ec_finding *x = &f->v[i];
    size_t r = ec_table_row(t);
    ec_table_set(t, r, 0, ec_lint_sev_name(x->severity), (double)x->severity);
    ec_table_set_kind(t, r, 0, EC_CELL_SEVERITY, ec_lint_sev_name(x->severity));
    ec_table_set(t, r, 1, x->rule, NAN);
    if (isfinite(x->share_pct))
      ec_table_set(t, r, 2, ec_fmt_pct(buf, sizeof buf, x->share_pct), x->share_pct);
    else
      ec_table_set(t, r, 2, "\xE2\x80\x93", -1);
    if (isfinite(x->gain_ms_max)) {
      snprintf(buf, sizeof buf, "%.3g", x->gain_ms_max);
      ec_table_set(t, r, 3, buf, x->gain_ms_max);
    } else {
      ec_table_set(t, r, 3, "\xE2\x80\x93", -1);
    }
    if (x->layer >= 0 && (size_t)x->layer < e->n_layers) {
      ec_table_setn(t, r, 4, e->layers[x->layer].name, e->layers[x->layer].name_len, NAN);
    } else if (x->n_layers) {
      char cnt[32];
      snprintf(buf, sizeof buf, "(%s)", ec_fmt_count(cnt, sizeof cnt, x->n_layers, "layer", "layers"));
      ec_table_set(t, r, 4, buf, NAN);
    } else {
      ec_table_set(t, r, 4, "(engine)", NAN);
    }
    ec_buf m = {0};
    ec_buf_puts(&m, x->message);
    if (x->evidence) ec_buf_printf(&m, " [%s]", x->evidence);
    ec_buf_printf(&m, " (confidence %s)", ec_confidence_name(x->confidence));
    ec_table_set(t, r, 5, m.data, NAN);
    ec_buf_free(&m);
    ec_buf w = {0};
    if (x->mitigation) ec_buf_puts(&w, x->mitigation);
    if (x->next_step) ec_buf_printf(&w, "%sNext: %s", w.len ? " " : "", x->next_step);
    ec_table_set(t, r, 6, w.len ? w.data : "", NAN);
    ec_buf_free(&w);
  }
  if (n < f->n) {
    char note[160];
    snprintf(note, sizeof note, "%zu more findings: enginecard lint ENGINE", f->n - n);
    ec_table_set_note(t, note);
  }
  return t;
}
