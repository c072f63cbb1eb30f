#include "view/compare_view.h"
#include "facts/inputs.h"
#include "facts/layer_kind.h"
#include "model/trtexec.h"
#include "narrate/narrate.h"
#include "narrate/verdict.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "view/chart.h"
#include "view/chart_common.h"
#include "view/colors.h"
#include "view/phrase.h"
#include "view/rows.h"
#include "view/short_name.h"
#include "words/words.h"
#include "draw/text.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define B(f, v) f(buf, sizeof buf, (v))

static const ec_engine *S_e(const ec_cmp_view *v, size_t i) { return v->c->engines[i]; }

ec_table *ec_cmp_tbl_gates(const ec_cmp_view *v, const char *id, const char **why) {
  const ec_comparison *c = v->c;
  (void)why;
  char buf[96];
  ec_table *t = ec_table_new(id, NULL);
  ec_table_col(t, "Engine", EC_CELL_ALIGN_LEFT, 0);
  char mh[96];
  snprintf(mh, sizeof mh, "%s (%s)", ec_metric_label(c->used), ec_compare_unit(c));
  ec_table_col(t, mh, EC_CELL_ALIGN_RIGHT, 1);
  char ch[64];
  ec_table_col(t, ec_narrate_change_head(c, 1, ch, sizeof ch), EC_CELL_ALIGN_RIGHT, 1);
  ec_table_col(t, "Verdict", EC_CELL_ALIGN_LEFT, 0);
  ec_table_col(t, "Why", EC_CELL_ALIGN_LEFT, 0);
  for (size_t i = 0; i < c->n; i++) {
    const ec_compare_result *r = &c->res[i];
    size_t row = ec_table_row(t);
    ec_table_set(t, row, 0, S_e(v, i)->name, NAN);
    ec_table_set(t, row, 1, c->used == EC_METRIC_THROUGHPUT ? B(ec_fmt_num, r->m.value) : B(ec_fmt_ms, r->m.value), r->m.value);
    if (i == c->baseline) ec_table_set(t, row, 2, "baseline", NAN);
    else if (!isfinite(r->est.est_pct)) ec_table_set_dash(t, row, 2);
    else ec_table_set(t, row, 2, ec_gate_str(buf, sizeof buf, &r->est), r->est.est_pct);
    char vd[64];
    ec_table_set(t, row, 3, ec_narrate_verdict_cell(r->verdict, r->change, vd, sizeof vd), NAN);
    if (r->verdict == EC_VERDICT_FAIL) ec_table_set_kind(t, row, 3, EC_CELL_BAD, NULL);
    else if (r->verdict == EC_VERDICT_PASS) ec_table_set_kind(t, row, 3, EC_CELL_GOOD, NULL);
    ec_table_set(t, row, 4, r->reason ? r->reason : "", NAN);
  }
  return t;
}

typedef struct {
  const char *what;
  char *(*get)(const ec_comparison *c, const ec_engine *e, const ec_summary *s, const ec_compare_result *r);
  const char *opt; /* the inference option shown (compared by ec_compare_option_diff), or NULL */
} S_fact;

static char *S_str(const char *s) { return ec_strdup(s ? s : EC_DASH); }
static char *S_f_device(const ec_comparison *c, const ec_engine *e, const ec_summary *s, const ec_compare_result *r) {
  (void)c;
  (void)s; (void)r;
  return S_str(e->device.present ? e->device.name : NULL);
}
static char *S_f_cc(const ec_comparison *c, const ec_engine *e, const ec_summary *s, const ec_compare_result *r) {
  (void)c;
  (void)s; (void)r;
  return S_str(e->device.compute_capability);
}
static char *S_f_trt(const ec_comparison *c, const ec_engine *e, const ec_summary *s, const ec_compare_result *r) {
  (void)c;
  (void)s; (void)r;
  return S_str(e->trt_version);
}
static char *S_f_layers(const ec_comparison *c, const ec_engine *e, const ec_summary *s, const ec_compare_result *r) {
  (void)c;
  (void)e; (void)r;
  char buf[32];
  long long nl = ec_summary_layer_count(s);
  return ec_strdup(nl >= 0 ? ec_fmt_int(buf, sizeof buf, (double)nl) : EC_NA);
}
/* A time of engine r->engine as measured, with the same per inference when
 * the comparison is (ec_compare_divisor): "0.02758 per inference (0.8826
 * per batch of 32)"; a throughput (qps) is multiplied instead. */
static char *S_basis(const ec_comparison *c, const ec_compare_result *r, double raw, int qps) {
  char a[32], b[32];
  if (!isfinite(raw)) return S_str(NULL);
  double d = ec_compare_divisor(c, r->engine);
  if (!c->per_inference) return ec_strdup(qps ? ec_fmt_num(a, sizeof a, raw) : ec_fmt_ms(a, sizeof a, raw));
  if (qps) return ec_asprintf("%s inferences/s (%s qps at batch %ld)", ec_fmt_int(a, sizeof a, round(raw * d)), ec_fmt_num(b, sizeof b, raw), c->batch[r->engine]);
  return ec_asprintf("%s per inference (%s per batch of %ld)", ec_fmt_ms(a, sizeof a, raw / d), ec_fmt_ms(b, sizeof b, raw), c->batch[r->engine]);
}
static char *S_f_latsum(const ec_comparison *c, const ec_engine *e, const ec_summary *s, const ec_compare_result *r) {
  (void)c;
  (void)e;
  return s->has_latency ? S_basis(c, r, s->total_ms, 0) : S_str(NULL);
}
static char *S_f_metric(const ec_comparison *c, const ec_engine *e, const ec_summary *s, const ec_compare_result *r) {
  (void)c;
  (void)e; (void)s;
  if (!isfinite(r->m.value)) return S_str(NULL);
  char *v = S_basis(c, r, r->raw_value, c->used == EC_METRIC_THROUGHPUT);
  char *t = ec_asprintf("%s (%s)", v, r->m.source ? r->m.source : "?");
  free(v);
  return t;
}
static char *S_f_spread(const ec_comparison *c, const ec_engine *e, const ec_summary *s, const ec_compare_result *r) {
  (void)c;
  (void)e; (void)s;
  if (!isfinite(r->m.cv)) return S_str(r->m.dist);
  return ec_asprintf("%s; CV " EC_PCT, r->m.dist ? r->m.dist : "", 100 * r->m.cv);
}
static char *S_f_p99(const ec_comparison *c, const ec_engine *e, const ec_summary *s, const ec_compare_result *r) {
  (void)c;
  return S_basis(c, r, s->has_compute ? s->compute.p99 : ec_stats_get(&e->perf.gpu_compute, "p99"), 0);
}
static char *S_f_tput(const ec_comparison *c, const ec_engine *e, const ec_summary *s, const ec_compare_result *r) {
  (void)c;
  (void)s;
  return S_basis(c, r, e->perf.throughput_qps, 1);
}
static char *S_f_weights(const ec_comparison *c, const ec_engine *e, const ec_summary *s, const ec_compare_result *r) {
  (void)c;
  (void)e; (void)r;
  char buf[32];
  /* a total known in part is not the engine's (facts/layer_numbers.h) */
  int whole = ec_summary_weights_whole(s);
  return S_str(whole ? ec_fmt_bytes(buf, sizeof buf, s->weights_bytes) : NULL);
}
static char *S_f_batch(const ec_comparison *c, const ec_engine *e, const ec_summary *s, const ec_compare_result *r) {
  (void)c;
  (void)s; (void)r;
  long b = ec_engine_batch(e);
  char buf[32];
  return S_str(b > 0 ? ec_fmt_int(buf, sizeof buf, (double)b) : NULL);
}
static char *S_f_reformat(const ec_comparison *c, const ec_engine *e, const ec_summary *s, const ec_compare_result *r) {
  (void)c;
  (void)e; (void)r;
  char buf[32];
  if (!s->has_latency) return ec_asprintf("%zu %s", s->reformat_count, ec_plural(s->reformat_count, "layer", "layers"));
  return ec_asprintf("%zu %s, %s%%", s->reformat_count, ec_plural(s->reformat_count, "layer", "layers"),
                     ec_fmt_pct(buf, sizeof buf, s->reformat_share_pct));
}
static char *S_f_prec(const ec_comparison *c, const ec_engine *e, const ec_summary *s, const ec_compare_result *r) {
  (void)c; (void)e; (void)r;
  char *p = ec_summary_build_precision(s);
  char *v = S_str(p);
  free(p);
  return v;
}
/* an inference option as printed, or as its TensorRT version implies it */
#define S_OPT(fn, key)                                                                     \
  static char *fn(const ec_comparison *c, const ec_engine *e, const ec_summary *s, const ec_compare_result *r) {   \
    (void)c; (void)s; (void)r;                                                             \
    return S_str(ec_compare_option_value(e, key));                                                 \
  }
S_OPT(S_f_graph, "CUDA Graph")
S_OPT(S_f_spin, "Spin-wait")
S_OPT(S_f_xfer, "Data transfers")
S_OPT(S_f_sep, "Separate profiling")

static const S_fact S_facts[] = {
    {"Device", S_f_device, NULL}, {"Compute capability", S_f_cc, NULL}, {"TensorRT", S_f_trt, NULL},
    {"Batch", S_f_batch, NULL}, {"Build precision", S_f_prec, NULL}, {"Layers", S_f_layers, NULL},
    {"Layer latency sum (ms)", S_f_latsum, NULL}, {"Metric", S_f_metric, NULL}, {"Samples", S_f_spread, NULL},
    {"GPU compute p99 (ms)", S_f_p99, NULL}, {"Throughput (qps)", S_f_tput, NULL}, {"Weights", S_f_weights, NULL},
    {"Reformats", S_f_reformat, NULL}, {"CUDA Graph", S_f_graph, "CUDA Graph"}, {"Spin-wait", S_f_spin, "Spin-wait"},
    {"Data transfers", S_f_xfer, "Data transfers"}, {"Separate profiling", S_f_sep, "Separate profiling"},
};

/* An option's cell: highlighted when it differs from the baseline as a user
 * option; "(TensorRT N default)" added to both sides when the difference is
 * only TensorRT 11's new default (ec_compare_option_diff decides both). */
static void S_opt_cells(ec_table *t, size_t row, const ec_cmp_view *v, const char *key) {
  const ec_comparison *c = v->c;
  const ec_engine *be = S_e(v, c->baseline);
  const char *bv = ec_compare_option_value(be, key);
  int base_dflt = 0;
  for (size_t i = 0; i < c->n; i++) {
    const ec_engine *e = S_e(v, i);
    const char *x = ec_compare_option_value(e, key);
    ec_compare_opt d = i == c->baseline ? EC_COMPARE_OPT_SAME : ec_compare_option_diff(key, bv, be->trt_version, x, e->trt_version);
    base_dflt |= d == EC_COMPARE_OPT_DEFAULTS;
    if (d == EC_COMPARE_OPT_DEFAULTS) {
      char *y = ec_compare_option_default_text(x, e->trt_version);
      ec_table_set(t, row, i + 1, y, NAN);
      free(y);
    } else {
      const char *dash = EC_DASH;
      ec_table_set_text_or_dash(t, row, i + 1, x);
      /* shown text that differs is highlighted, unless the rule calls two known values the same */
      if (i != c->baseline && strcmp(x ? x : dash, bv ? bv : dash) && !(d == EC_COMPARE_OPT_SAME && x && bv))
        ec_table_set_kind(t, row, i + 1, EC_CELL_CHANGED, NULL);
    }
  }
  if (base_dflt && bv) {
    char *y = ec_compare_option_default_text(bv, be->trt_version);
    ec_table_set(t, row, c->baseline + 1, y, NAN);
    free(y);
  }
}

ec_table *ec_cmp_tbl_side_by_side(const ec_cmp_view *v, const char *id, const char **why) {
  const ec_comparison *c = v->c;
  (void)why;
  ec_table *t = ec_table_new(id, NULL);
  ec_table_col(t, "Fact", EC_CELL_ALIGN_LEFT, 0);
  for (size_t i = 0; i < c->n; i++) {
    char h[300];
    snprintf(h, sizeof h, "%s%s", S_e(v, i)->name, i == c->baseline ? " (baseline)" : "");
    ec_table_col(t, h, EC_CELL_ALIGN_LEFT, 0);
  }
  for (size_t f = 0; f < sizeof S_facts / sizeof S_facts[0]; f++) {
    size_t row = ec_table_row(t);
    ec_table_set(t, row, 0, S_facts[f].what, NAN);
    if (S_facts[f].opt) {
      S_opt_cells(t, row, v, S_facts[f].opt);
      continue;
    }
    char *base = S_facts[f].get(c, S_e(v, c->baseline), v->sums[c->baseline], &c->res[c->baseline]);
    for (size_t i = 0; i < c->n; i++) {
      char *x = S_facts[f].get(c, S_e(v, i), v->sums[i], &c->res[i]);
      ec_table_set(t, row, i + 1, x, NAN);
      /* the metric row always differs; highlight the facts */
      if (i != c->baseline && strcmp(x, base) && strcmp(S_facts[f].what, "Metric") && strcmp(S_facts[f].what, "Samples"))
        ec_table_set_kind(t, row, i + 1, EC_CELL_CHANGED, NULL);
      free(x);
    }
    free(base);
  }
  return t;
}

/* One row per entry: engine, what (with "(NOTE)" after it when note is
 * given), the baseline's value, the engine's. */
static void S_mism_rows(ec_table *t, const char *engine, const ec_mismatch *m, size_t n, const char *note) {
  for (size_t k = 0; k < n; k++) {
    char *what = note ? ec_asprintf("%s (%s)", m[k].what, note) : NULL;
    size_t row = ec_table_row(t);
    ec_table_set(t, row, 0, engine, NAN);
    ec_table_set(t, row, 1, what ? what : m[k].what, NAN);
    ec_table_set(t, row, 2, m[k].base, NAN);
    ec_table_set(t, row, 3, m[k].other, NAN);
    free(what);
  }
}

ec_table *ec_cmp_tbl_mismatches(const ec_cmp_view *v, const char *id, const char **why) {
  const ec_comparison *c = v->c;
  ec_table *t = ec_table_new(id, NULL);
  ec_table_col(t, "Engine", EC_CELL_ALIGN_LEFT, 0);
  ec_table_col(t, "Differs in", EC_CELL_ALIGN_LEFT, 0);
  ec_table_col(t, "Baseline", EC_CELL_ALIGN_LEFT, 0);
  ec_table_col(t, "Engine's value", EC_CELL_ALIGN_LEFT, 0);
  for (size_t i = 0; i < c->n; i++) S_mism_rows(t, S_e(v, i)->name, c->res[i].mism, c->res[i].n_mism, NULL);
  for (size_t i = 0; i < c->n; i++)
    S_mism_rows(t, S_e(v, i)->name, c->res[i].dflt, c->res[i].n_dflt, "TensorRT 11 default, not an option difference");
  for (size_t i = 0; i < c->n; i++)
    S_mism_rows(t, S_e(v, i)->name, c->res[i].diff, c->res[i].n_diff, "the engines differ; the numbers still compare");
  if (!t->nrows) {
    ec_table_free(t);
    *why = "the engines agree on TensorRT version, GPU, clocks, timing options, batch and shapes";
    return NULL;
  }
  return t;
}

static void S_tensor_prec(const ec_layer *l, char *out, size_t cap) {
  snprintf(out, cap, "%s\xE2\x86\x92%s", l->precision, l->out_precision[0] ? l->out_precision : EC_DASH);
}

/* A layer name on one line of a table: its shortest distinguishing form
 * (view/short_name.h), cut in the middle to about 35 characters at 10 pt. */
#define S_NAME_W 210.0
#define S_WHY_W 360.0 /* a "what changed" shown whole up to this at 10 pt (about 60 characters) */

/* The text a pair's name shows on demand: both layers' whole names, what
 * runs them (LayerType: kernel), their tensor precisions and how they were
 * matched. Caller frees. */
static char *S_pair_tip(const ec_cmp_view *v, size_t i, const ec_layer *la, const ec_layer *lb, const char *how) {
  char ta[96], tb[96], pa[64], pb[64];
  ec_buf x = {0};
  S_tensor_prec(la, pa, sizeof pa);
  S_tensor_prec(lb, pb, sizeof pb);
  ec_buf_printf(&x, "%s: ", S_e(v, v->c->baseline)->name);
  ec_buf_put(&x, la->name, la->name_len);
  ec_buf_printf(&x, " \xE2\x80\x94 %s: %s, %s\n%s: ", la->layer_type ? la->layer_type : EC_NA,
                ec_layer_tactic_shown(la, ta, sizeof ta), pa, S_e(v, i)->name);
  ec_buf_put(&x, lb->name, lb->name_len);
  ec_buf_printf(&x, " \xE2\x80\x94 %s: %s, %s", lb->layer_type ? lb->layer_type : EC_NA, ec_layer_tactic_shown(lb, tb, sizeof tb),
                pb);
  if (how && *how) ec_buf_printf(&x, "\nmatched by %s", how);
  return ec_buf_take(&x);
}

/* A pair's speedup (baseline time over the engine's), NAN without both times. */
static double S_pair_speedup(const ec_cmp_view *v, size_t i, const ec_layer *la, const ec_layer *lb, const ec_layer_delta *d,
                             double *bm, double *em) {
  const ec_comparison *c = v->c;
  /* a side without a profile record has no time: a dash, never 0 */
  *bm = d ? d->base_ms : la->has_profile ? la->avg_ms / ec_compare_divisor(c, c->baseline) : NAN;
  *em = d ? d->ms : lb->has_profile ? lb->avg_ms / ec_compare_divisor(c, i) : NAN;
  return isfinite(*bm) && *em > 0 ? *bm / *em : NAN;
}

/* A speedup past these is coloured (and puts its pair in the table shown
 * unfolded): 3% either way. */
#define S_SLOWER 0.97
#define S_FASTER 1.03

/* 1 when a pair belongs to the part of the layer table shown unfolded: its
 * time moved past 3% either way, or its implementation or precision changed. */
static int S_pair_moved(const ec_cmp_view *v, size_t i, const ec_layer *la, const ec_layer *lb, const ec_layer_delta *d) {
  double bm, em, sp = S_pair_speedup(v, i, la, lb, d, &bm, &em);
  return (isfinite(sp) && (sp < S_SLOWER || sp > S_FASTER)) || ec_compare_pair_changes(la, lb) != 0;
}

/* One aligned pair's row, on one line: the baseline layer's name cut in the
 * middle (both whole names, kernels and tensor precisions on demand); d
 * NULL for a pair a side did not profile. */
static void S_pair_row(ec_table *t, const ec_cmp_view *v, size_t i, const ec_layer *la, const ec_layer *lb,
                       const ec_layer_delta *d, const char *how) {
  const ec_comparison *c = v->c;
  char buf[64];
  size_t row = ec_table_row(t), col = 0;
  if (c->n > 2) ec_table_set(t, row, col++, S_e(v, i)->name, NAN);
  int cut;
  char *nm = ec_short_name(la->name, la->name_len, 10, S_NAME_W, 0, &cut);
  ec_table_set(t, row, col, nm, NAN);
  free(nm);
  char *tip = S_pair_tip(v, i, la, lb, how);
  ec_table_set_tip(t, row, col++, tip);
  free(tip);
  ec_table_set(t, row, col++, ec_compare_pair_type(la, lb), NAN);
  double bm, em, sp = S_pair_speedup(v, i, la, lb, d, &bm, &em);
  ec_table_set_ms(t, row, col++, bm);
  ec_table_set_ms(t, row, col++, em);
  ec_table_set_ratio(t, row, col, sp);
  if (isfinite(sp) && sp < S_SLOWER) ec_table_set_kind(t, row, col, EC_CELL_BAD, NULL);
  else if (isfinite(sp) && sp > S_FASTER) ec_table_set_kind(t, row, col, EC_CELL_GOOD, NULL);
  col++;
  if (strcmp(la->precision, lb->precision)) snprintf(buf, sizeof buf, "%s \xE2\x86\x92 %s", la->precision, lb->precision);
  else snprintf(buf, sizeof buf, "%s", la->precision);
  ec_table_set(t, row, col++, buf, NAN);
  /* what changed inside the pair (ec_compare_pair_changes): the words the filter finds */
  unsigned k = ec_compare_pair_changes(la, lb);
  ec_table_set(t, row, col, k == (EC_PAIR_IMPLEMENTATION | EC_PAIR_PRECISION) ? "implementation, precision"
                            : k & EC_PAIR_IMPLEMENTATION ? "implementation"
                            : k & EC_PAIR_PRECISION ? "precision" : "", NAN);
  if (k & EC_PAIR_IMPLEMENTATION) ec_table_set_kind(t, row, col, EC_CELL_CHANGED, NULL);
}

/* The aligned pairs of every candidate, one line each, in the order of
 * ec_cmp_tbl_layers: first the pairs whose time moved past 3% or whose
 * build changed (largest regressions first, improvements last, then pairs a
 * side did not profile), then the rest. The table holds the pairs from
 * position from to position to (exclusive) of that order, at most max of
 * them; *total is how many the order has from from to to. */
static ec_table *S_layers(const ec_cmp_view *v, const char *id, size_t from, size_t to, size_t max, size_t *total) {
  const ec_comparison *c = v->c;
  const ec_engine *be = S_e(v, c->baseline);
  ec_table *t = ec_table_new(id, NULL);
  t->interactive = 1;
  t->oneline = 1;
  if (c->n > 2) ec_table_col(t, "Engine", EC_CELL_ALIGN_LEFT, 0);
  ec_table_col(t, "Baseline layer", EC_CELL_ALIGN_LEFT, 0);
  ec_table_col(t, "Type", EC_CELL_ALIGN_LEFT, 0);
  ec_table_col(t, c->per_inference ? "Baseline (ms per inference)" : "Baseline (ms)", EC_CELL_ALIGN_RIGHT, 1);
  ec_table_col(t, c->per_inference ? "Engine (ms per inference)" : "Engine (ms)", EC_CELL_ALIGN_RIGHT, 1);
  ec_table_col(t, "Speedup", EC_CELL_ALIGN_RIGHT, 1);
  ec_table_col(t, "Precision", EC_CELL_ALIGN_LEFT, 0);
  ec_table_col(t, "What changed", EC_CELL_ALIGN_LEFT, 0);
  size_t pos = 0;
  *total = 0;
  for (int moved = 1; moved >= 0; moved--)
    for (size_t i = 0; i < c->n; i++) {
      const ec_compare_result *r = &c->res[i];
      if (i == c->baseline || !r->aligned) continue;
      const ec_engine *e = S_e(v, i);
      /* profiled pairs, largest regressions first; then the pairs a side did not profile, in order:
       * every aligned pair is a row of one part, so the count agrees with the first screen's */
      for (size_t k = 0; k < r->n_deltas; k++) {
        const ec_layer_delta *d = &r->deltas[k];
        const ec_layer *la = &be->layers[d->a], *lb = &e->layers[d->b];
        if (S_pair_moved(v, i, la, lb, d) != moved) continue;
        if (pos++ < from || pos > to) continue;
        ++*total;
        if (t->nrows < max) S_pair_row(t, v, i, la, lb, d, d->how);
      }
      for (size_t k = 0; k < r->al->n; k++) {
        const ec_align_pair *p = &r->al->v[k];
        if (p->a < 0 || p->b < 0 || (be->layers[p->a].has_profile && e->layers[p->b].has_profile)) continue;
        const ec_layer *la = &be->layers[p->a], *lb = &e->layers[p->b];
        if (S_pair_moved(v, i, la, lb, NULL) != moved) continue;
        if (pos++ < from || pos > to) continue;
        ++*total;
        if (t->nrows < max) S_pair_row(t, v, i, la, lb, NULL, p->how);
      }
    }
  return t;
}

/* How many aligned pairs moved past 3% or changed their build. */
static size_t S_moved_count(const ec_cmp_view *v) {
  size_t n = 0;
  const ec_comparison *c = v->c;
  const ec_engine *be = S_e(v, c->baseline);
  for (size_t i = 0; i < c->n; i++) {
    const ec_compare_result *r = &c->res[i];
    if (i == c->baseline || !r->aligned) continue;
    const ec_engine *e = S_e(v, i);
    for (size_t k = 0; k < r->n_deltas; k++)
      n += (size_t)S_pair_moved(v, i, &be->layers[r->deltas[k].a], &e->layers[r->deltas[k].b], &r->deltas[k]);
    for (size_t k = 0; k < r->al->n; k++) {
      const ec_align_pair *p = &r->al->v[k];
      if (p->a < 0 || p->b < 0 || (be->layers[p->a].has_profile && e->layers[p->b].has_profile)) continue;
      n += (size_t)S_pair_moved(v, i, &be->layers[p->a], &e->layers[p->b], NULL);
    }
  }
  return n;
}

ec_table *ec_cmp_tbl_layers(const ec_cmp_view *v, const char *id, size_t max, const char **why) {
  size_t total, moved = S_moved_count(v);
  ec_table *t = S_layers(v, id, 0, moved < max ? moved : max, max, &total);
  int aligned = 0;
  for (size_t i = 0; i < v->c->n; i++) aligned |= i != v->c->baseline && v->c->res[i].aligned;
  t = ec_table_finish(t, total,
                      aligned ? "no aligned layer changed its time by more than 3%, its implementation or its precision"
                              : "no engine could be aligned with the baseline (stored summaries have no layers)",
                      why, NULL, NULL);
  if (t && moved > t->nrows) {
    char n[32], *note = ec_asprintf("%s more %s", ec_fmt_int(n, sizeof n, (double)(moved - t->nrows)),
                                    ec_plural(moved - t->nrows,
                                              "changed pair, a smaller change, is folded under the table.",
                                              "changed pairs, smaller changes first, are folded under the table."));
    ec_table_set_note(t, note);
    free(note);
  }
  return t;
}

ec_table *ec_cmp_tbl_layers_rest(const ec_cmp_view *v, const char *id, size_t shown, size_t max, const char **why) {
  size_t total, moved = S_moved_count(v);
  ec_table *t = S_layers(v, id, moved < shown ? moved : shown, (size_t)-1, max, &total);
  return ec_table_finish(t, total, "every aligned pair is in the table above", why, "aligned pair is in compare --json.",
                         "aligned pairs are in compare --json.");
}

ec_table *ec_cmp_tbl_one_side(const ec_cmp_view *v, const char *id, size_t max, const char **why) {
  const ec_comparison *c = v->c;
  const ec_engine *be = S_e(v, c->baseline);
  ec_table *t = ec_table_new(id, NULL);
  ec_table_col(t, "Engine", EC_CELL_ALIGN_LEFT, 0);
  ec_table_col(t, "Only in", EC_CELL_ALIGN_LEFT, 0);
  ec_table_col(t, "Layer", EC_CELL_ALIGN_LEFT, 0);
  ec_table_col(t, "Type", EC_CELL_ALIGN_LEFT, 0);
  ec_table_col(t, c->per_inference ? "Latency (ms per inference)" : "Latency (ms)", EC_CELL_ALIGN_RIGHT, 1);
  size_t total = 0;
  for (size_t i = 0; i < c->n; i++) {
    const ec_compare_result *r = &c->res[i];
    if (i == c->baseline || !r->al) continue;
    const ec_engine *e = S_e(v, i);
    for (size_t k = 0; k < r->al->n; k++) {
      const ec_align_pair *p = &r->al->v[k];
      if (p->a >= 0 && p->b >= 0) continue;
      total++;
      if (t->nrows >= max) continue;
      const ec_layer *l = p->a >= 0 ? &be->layers[p->a] : &e->layers[p->b];
      size_t row = ec_table_row(t);
      ec_table_set(t, row, 0, e->name, NAN);
      ec_table_set(t, row, 1, p->a >= 0 ? "baseline" : "engine", NAN);
      ec_table_setn(t, row, 2, l->name, l->name_len, NAN);
      ec_table_set(t, row, 3, l->type, NAN);
      double ms = l->has_profile ? l->avg_ms / ec_compare_divisor(c, p->a >= 0 ? c->baseline : i) : NAN;
      ec_table_set_ms(t, row, 4, ms);
    }
  }
  return ec_table_finish(t, total, "every layer has a partner on the other side", why,
                         "one-sided layer is in compare --json.", "one-sided layers are in compare --json.");
}

ec_table *ec_cmp_tbl_platform(const ec_cmp_view *v, const char *id, const char **why) {
  const ec_comparison *c = v->c;
  ec_table *t = ec_table_new(id, NULL);
  ec_table_col(t, "Engine", EC_CELL_ALIGN_LEFT, 0);
  ec_table_col(t, "Layer family", EC_CELL_ALIGN_LEFT, 0);
  ec_table_col(t, "Layers (baseline)", EC_CELL_ALIGN_RIGHT, 1);
  ec_table_col(t, "Layers (engine)", EC_CELL_ALIGN_RIGHT, 1);
  ec_table_col(t, c->per_inference ? "Baseline (per inference)" : "Baseline (ms)", EC_CELL_ALIGN_RIGHT, 1);
  ec_table_col(t, c->per_inference ? "Engine (per inference)" : "Engine (ms)", EC_CELL_ALIGN_RIGHT, 1);
  ec_table_col(t, "Ratio", EC_CELL_ALIGN_RIGHT, 1);
  size_t total = 0;
  for (size_t i = 0; i < c->n; i++) {
    const ec_compare_result *r = &c->res[i];
    if (i == c->baseline) continue;
    const ec_engine *e = S_e(v, i);
    double q = ec_compare_time_ratio(c, i);
    size_t row = ec_table_row(t);
    total++;
    ec_table_set(t, row, 0, e->name, NAN);
    char what[96];
    snprintf(what, sizeof what, "overall (%s)", ec_metric_name(c->used));
    ec_table_set(t, row, 1, what, NAN);
    /* an engine's own layer count (a stored summary's, not the layers it kept); unknown is not 0 */
    for (int side = 0; side < 2; side++) {
      long long nl = ec_summary_layer_count(v->sums[side ? i : c->baseline]);
      ec_table_set_count(t, row, 2 + side, nl >= 0 ? (double)nl : NAN);
    }
    ec_table_set_value(t, row, 4, c->res[c->baseline].m.value);
    ec_table_set_value(t, row, 5, r->m.value);
    ec_table_set_ratio(t, row, 6, q);
    for (size_t k = 0; k < r->n_by_family; k++) {
      const ec_family_time *x = &r->by_family[k];
      row = ec_table_row(t);
      total++;
      ec_table_set(t, row, 0, e->name, NAN);
      ec_table_set(t, row, 1, x->family, NAN);
      ec_table_set_count(t, row, 2, (double)x->n_base);
      ec_table_set_count(t, row, 3, (double)x->n);
      /* a side without a profile has no time for the family: a dash, never 0 */
      ec_table_set_ms(t, row, 4, x->base_ms);
      ec_table_set_ms(t, row, 5, x->ms);
      double fq = x->base_ms > 0 && x->ms > 0 ? x->ms / x->base_ms : NAN;
      ec_table_set_ratio(t, row, 6, fq);
    }
  }
  return ec_table_finish(t, total, "there is no candidate", why, NULL, NULL);
}

/* Union of group keys over engines, sorted. */
static size_t S_keys(const ec_cmp_view *v, int prec, const char ***out) {
  const char **k = NULL;
  size_t n = 0, cap = 0;
  for (size_t i = 0; i < v->c->n; i++) {
    const ec_groups *g = prec ? &v->sums[i]->by_precision : &v->sums[i]->by_type;
    for (size_t j = 0; j < g->n; j++) {
      size_t x = 0;
      while (x < n && strcmp(k[x], g->v[j].key)) x++;
      if (x == n) *EC_PUSH(k, n, cap) = g->v[j].key;
    }
  }
  for (size_t i = 1; i < n; i++)
    for (size_t j = i; j > 0 && strcmp(k[j], k[j - 1]) < 0; j--) {
      const char *tmp = k[j];
      k[j] = k[j - 1];
      k[j - 1] = tmp;
    }
  *out = k;
  return n;
}

ec_table *ec_cmp_tbl_types(const ec_cmp_view *v, const char *id, const char **why) {
  const char **keys;
  size_t nk = S_keys(v, 0, &keys);
  if (!nk) {
    free(keys);
    *why = "no engine has layers";
    return NULL;
  }
  char buf[64];
  ec_table *t = ec_table_new(id, NULL);
  ec_table_col(t, "Layer type", EC_CELL_ALIGN_LEFT, 0);
  for (size_t i = 0; i < v->c->n; i++) {
    char h[300];
    snprintf(h, sizeof h, v->c->per_inference ? "%s: layers / ms per inference" : "%s: layers / ms", S_e(v, i)->name);
    ec_table_col(t, h, EC_CELL_ALIGN_RIGHT, 0);
  }
  for (size_t k = 0; k < nk; k++) {
    size_t row = ec_table_row(t);
    ec_table_set(t, row, 0, keys[k], NAN);
    for (size_t i = 0; i < v->c->n; i++) {
      const ec_group *g = ec_groups_find(&v->sums[i]->by_type, keys[k]);
      char ms[32];
      double gms = g ? g->latency_ms / ec_compare_divisor(v->c, i) : NAN;
      if (g) snprintf(buf, sizeof buf, "%zu / %s", g->count, v->sums[i]->has_latency ? ec_fmt_ms(ms, sizeof ms, gms) : EC_DASH);
      else snprintf(buf, sizeof buf, "0");
      ec_table_set(t, row, i + 1, buf, NAN);
    }
  }
  free(keys);
  return t;
}

static ec_color *S_engine_colors(size_t n) {
  ec_color *c = ec_calloc(n ? n : 1, sizeof *c);
  for (size_t i = 0; i < n; i++) c[i] = ec_colors_engine(i);
  return c;
}

static const char **S_names(const ec_cmp_view *v) {
  const char **n = ec_calloc(v->c->n, sizeof *n);
  for (size_t i = 0; i < v->c->n; i++) n[i] = S_e(v, i)->name;
  return n;
}

/* A chart's bar spec: its id (the view's prefix and the chart's name) and
 * the settings every comparison chart shares. */
static void S_spec(const ec_cmp_view *v, const char *name, char *fid, size_t cap, ec_bar_spec *sp) {
  snprintf(fid, cap, "%s-%s", v->id, name);
  memset(sp, 0, sizeof *sp);
  sp->f.id = fid;
  sp->f.width = v->width > 0 ? v->width : 640;
  sp->horizontal = 1;
}

static int S_any_latency(const ec_cmp_view *v) {
  int any_lat = 0;
  for (size_t i = 0; i < v->c->n; i++) any_lat |= v->sums[i]->has_latency;
  return any_lat;
}

/* One stacked bar per engine: latency by layer type (prec 0) or by precision. */
static ec_scene *S_chart_stacked(const ec_cmp_view *v, const ec_cmp_chart_item *it, const char **why) {
  size_t ne = v->c->n;
  int prec = it->arg;
  char fid[128];
  ec_bar_spec sp;
  S_spec(v, it->name, fid, sizeof fid, &sp);
  if (!S_any_latency(v)) { *why = "no engine has a profile"; return NULL; }
  const char **keys;
  size_t nk = S_keys(v, prec, &keys);
  /* per inference when the engines' batches differ (ec_compare_basis) */
  int norm = v->c->per_inference;
  double *vals = ec_calloc(nk * ne + 1, sizeof *vals);
  ec_color *cols = ec_calloc(nk ? nk : 1, sizeof *cols);
  for (size_t k = 0; k < nk; k++) {
    cols[k] = prec ? ec_colors_precision(keys[k]) : ec_colors_layer_type(keys[k]);
    for (size_t i = 0; i < ne; i++) {
      const ec_groups *g = prec ? &v->sums[i]->by_precision : &v->sums[i]->by_type;
      const ec_group *x = ec_groups_find(g, keys[k]);
      vals[k * ne + i] = x && isfinite(x->latency_ms) ? x->latency_ms / ec_compare_divisor(v->c, i) : 0;
    }
  }
  const char **names = S_names(v);
  sp.f.title = prec ? norm ? "Latency by precision per engine, per inference" : "Latency by precision per engine"
               : norm ? "Latency by layer type per engine, per inference" : "Latency by layer type per engine";
  sp.f.desc = "Sum of per-layer averages, stacked by group";
  sp.mode = EC_BARS_STACKED;
  sp.n = ne;
  sp.labels = names;
  sp.n_series = nk;
  sp.series = keys;
  sp.series_colors = cols;
  sp.values = vals;
  sp.unit = "ms";
  sp.value_axis = norm ? "Latency per inference" : "Latency";
  sp.value_labels = 1;
  ec_scene *sc = ec_chart_bar(&sp);
  free(names);
  free(vals);
  free(cols);
  free(keys);
  return sc;
}

/* One bar per engine, in the engine's colour, in each of the n groups
 * labels names; vals[engine * n + group]. Draws sp (title and description
 * set) and frees vals. */
static ec_scene *S_engine_bars(const ec_cmp_view *v, ec_bar_spec *sp, const char **labels, size_t n, double *vals,
                               const char *unit, const char *axis) {
  size_t ne = v->c->n;
  const char **names = S_names(v);
  ec_color *ecol = S_engine_colors(ne);
  sp->mode = EC_BARS_GROUPED;
  sp->n = n;
  sp->labels = labels;
  sp->n_series = ne;
  sp->series = names;
  sp->series_colors = ecol;
  sp->values = vals;
  sp->unit = unit;
  sp->value_axis = axis;
  sp->value_labels = 1;
  ec_scene *sc = ec_chart_bar(sp);
  free(names);
  free(ecol);
  free(vals);
  return sc;
}

/* S_chart_grouped's arg */
enum { S_COUNT_BY_TYPE, S_LATENCY_BY_TYPE, S_COUNT_BY_PRECISION };

/* One bar per engine in each layer type (or precision): counts or latency. */
static ec_scene *S_chart_grouped(const ec_cmp_view *v, const ec_cmp_chart_item *it, const char **why) {
  size_t ne = v->c->n;
  int lat = it->arg == S_LATENCY_BY_TYPE;
  int prec = it->arg == S_COUNT_BY_PRECISION;
  char fid[128];
  ec_bar_spec sp;
  S_spec(v, it->name, fid, sizeof fid, &sp);
  if (lat && !S_any_latency(v)) { *why = "no engine has a profile"; return NULL; }
  const char **keys;
  size_t nk = S_keys(v, prec, &keys);
  if (!nk) { free(keys); *why = "no engine has layers"; return NULL; }
  double *vals = ec_calloc(nk * ne, sizeof *vals);
  for (size_t i = 0; i < ne; i++)
    for (size_t k = 0; k < nk; k++) {
      const ec_groups *g = prec ? &v->sums[i]->by_precision : &v->sums[i]->by_type;
      const ec_group *x = ec_groups_find(g, keys[k]);
      vals[i * nk + k] = x ? (lat ? (isfinite(x->latency_ms) ? x->latency_ms / ec_compare_divisor(v->c, i) : 0) : (double)x->count) : 0;
    }
  sp.f.title = lat ? v->c->per_inference ? "Latency per layer type, per inference" : "Latency per layer type"
               : prec ? "Layer count per precision" : "Layer count per layer type";
  sp.f.desc = "One bar per engine in each group";
  ec_scene *sc = S_engine_bars(v, &sp, keys, nk, vals, lat ? "ms" : "",
                               lat ? v->c->per_inference ? "Latency per inference" : "Latency" : "Layers");
  free(keys);
  return sc;
}

/* The engines' throughput (arg 1) or GPU compute median and p99: groups are
 * the statistic(s); one bar per engine in its colour. */
static ec_scene *S_chart_perf(const ec_cmp_view *v, const ec_cmp_chart_item *it, const char **why) {
  size_t ne = v->c->n;
  int tput = it->arg;
  char fid[128];
  ec_bar_spec sp;
  S_spec(v, it->name, fid, sizeof fid, &sp);
  size_t ng = tput ? 1 : 2;
  double *vals = ec_calloc(ng * ne, sizeof *vals);
  int any = 0;
  for (size_t i = 0; i < ne; i++) {
    const ec_engine *e = S_e(v, i);
    const ec_summary *s = v->sums[i];
    double d = ec_compare_divisor(v->c, i); /* per inference when batches differ */
    if (tput) {
      vals[i] = isfinite(e->perf.throughput_qps) ? e->perf.throughput_qps * d : 0;
      any |= vals[i] > 0;
    } else {
      double med = s->has_compute ? s->compute.median : ec_stats_get(&e->perf.gpu_compute, "median");
      double p99 = s->has_compute ? s->compute.p99 : ec_stats_get(&e->perf.gpu_compute, "p99");
      vals[i * ng] = isfinite(med) ? med / d : 0;
      vals[i * ng + 1] = isfinite(p99) ? p99 / d : 0;
      any |= vals[i * ng] > 0;
    }
  }
  if (!any) {
    free(vals);
    *why = tput ? "no engine reports a throughput (metadata or log)" : "no engine has GPU compute timings";
    return NULL;
  }
  const char *grp_t[] = {"throughput"}, *grp_l[] = {"median", "p99"};
  int pi = v->c->per_inference;
  sp.f.title = tput ? pi ? "Throughput, inferences per second" : "Throughput"
                    : pi ? "GPU compute time per inference: median and p99" : "GPU compute time: median and p99";
  sp.f.desc = tput ? pi ? "Inferences per second (queries per second times the batch; bigger is better), one bar per engine"
                        : "Queries per second (bigger is better), one bar per engine"
              : pi ? "One bar per engine for each statistic, divided by its batch; the p99 bars show the spread above the median"
                   : "One bar per engine for each statistic; the p99 bars show the spread above the median";
  return S_engine_bars(v, &sp, tput ? grp_t : grp_l, ng, vals, tput ? pi ? "inferences/s" : "qps" : "ms",
                       tput ? "Throughput" : pi ? "GPU compute time per inference" : "GPU compute time");
}

/* ---- the registry of comparison charts ---------------------------------- */

static const ec_cmp_chart_item S_charts[] = {
    {"stacked-latency-by-type", S_chart_stacked, 0, ec_cmp_tbl_types,
     "latency by layer type, one stacked bar per engine (per inference when the batches differ)"},
    {"latency-by-type", S_chart_grouped, S_LATENCY_BY_TYPE, ec_cmp_tbl_types, "latency per layer type, one bar per engine"},
    {"count-by-type", S_chart_grouped, S_COUNT_BY_TYPE, ec_cmp_tbl_types, "layers per layer type, one bar per engine"},
    {"latency-by-precision", S_chart_stacked, 1, NULL, "latency by precision, one stacked bar per engine"},
    {"count-by-precision", S_chart_grouped, S_COUNT_BY_PRECISION, NULL, "layers per precision, one bar per engine"},
    {"throughput", S_chart_perf, 1, NULL, "each engine's throughput (queries per second)"},
    {"gpu-latency", S_chart_perf, 0, NULL, "each engine's GPU compute time: median and p99"},
};

const ec_cmp_chart_item *ec_cmp_charts(size_t *n) {
  *n = sizeof S_charts / sizeof S_charts[0];
  return S_charts;
}

const ec_cmp_chart_item *ec_cmp_chart_find(const char *name) {
  for (size_t i = 0; name && i < sizeof S_charts / sizeof S_charts[0]; i++)
    if (!strcmp(S_charts[i].name, name)) return &S_charts[i];
  return NULL;
}

ec_scene *ec_cmp_chart(const ec_cmp_view *v, const char *name, const char **why) {
  const ec_cmp_chart_item *it = ec_cmp_chart_find(name);
  if (!it) {
    *why = "the template names an unknown comparison chart";
    return NULL;
  }
  return it->build(v, it, why);
}

/* ---- first screen: banner, waterfall, top regressions ------------------- */

/* Band and badge colours: white text on each is above 4.5:1. */
static ec_color S_outcome_color(ec_outcome o) {
  static const unsigned hex[] = {0x8a5300, 0xb3261e, 0x1e6b34, 0x455a64, 0x8a5300, 0x5b4a8a, 0x5b4a8a};
  return ec_rgb(hex[(unsigned)o < 7 ? o : 0]);
}

static ec_outcome S_verdict_outcome(ec_verdict v) {
  return v == EC_VERDICT_FAIL ? EC_OUTCOME_FAIL
         : v == EC_VERDICT_PASS ? EC_OUTCOME_PASS
         : v == EC_VERDICT_INFO ? EC_OUTCOME_NO_GATE
         : v == EC_VERDICT_INCONCLUSIVE ? EC_OUTCOME_INCONCLUSIVE
         : v == EC_VERDICT_NO_TIMING ? EC_OUTCOME_NO_TIMING
                                : EC_OUTCOME_NOT_COMPARABLE;
}

void ec_cmp_verdict_line(const ec_comparison *c, size_t i, char *line, size_t cap) {
  const ec_compare_result *r = &c->res[i], *br = &c->res[c->baseline];
  const char *unit = ec_compare_unit(c);
  char est[320], a[32], b[32];
  ec_gate_claim_str(est, sizeof est, &r->est);
  if (c->used == EC_METRIC_THROUGHPUT) {
    ec_fmt_num(a, sizeof a, br->m.value);
    ec_fmt_num(b, sizeof b, r->m.value);
  } else {
    ec_fmt_ms(a, sizeof a, br->m.value);
    ec_fmt_ms(b, sizeof b, r->m.value);
  }
  /* the two values first: a narrow banner cuts the end of the line */
  snprintf(line, cap, "%s %s \xE2\x86\x92 %s %s \xE2\x80\x94 %s", ec_metric_name(c->used), a, b, unit, est);
}

char *ec_cmp_mismatch_note(const ec_compare_result *r) {
  if (!r->n_mism) return NULL;
  ec_buf t = {0};
  ec_buf_puts(&t, "not directly comparable: ");
  for (size_t q = 0; q < r->n_mism; q++) ec_buf_printf(&t, "%s%s", q ? ", " : "", r->mism[q].what);
  return ec_buf_take(&t);
}

ec_color ec_cmp_outcome_color(ec_outcome o) { return S_outcome_color(o); }
ec_color ec_cmp_verdict_color(ec_verdict v) { return S_outcome_color(S_verdict_outcome(v)); }

/* text cut into lines of at most max_w at size fs (greedy, at spaces; a
 * word longer than a line is cut by ec_text_fit). Returns the line count;
 * lines[k] are new strings (the caller frees each and the array). */
static size_t S_wrap(const char *text, double fs, int bold, double max_w, char ***lines) {
  size_t n = 0, cap = 0;
  char **v = NULL;
  const char *p = text;
  while (*p) {
    while (*p == ' ') p++;
    if (!*p) break;
    /* the longest run of whole words that fits */
    const char *end = p, *q = p;
    while (*q) {
      const char *w = q;
      while (*w == ' ') w++;
      while (*w && *w != ' ') w++;
      char *try = ec_strndup(p, (size_t)(w - p));
      int fits = ec_text_width(try, fs, bold) <= max_w;
      free(try);
      if (!fits) break;
      end = q = w;
    }
    if (end == p) { /* one word wider than the line: cut it */
      const char *w = p;
      while (*w && *w != ' ') w++;
      char *word = ec_strndup(p, (size_t)(w - p));
      *EC_PUSH(v, n, cap) = ec_text_fit(word, fs, bold, max_w, NULL);
      free(word);
      p = w;
      continue;
    }
    *EC_PUSH(v, n, cap) = ec_strndup(p, (size_t)(end - p));
    p = end;
  }
  *lines = v;
  return n;
}

static void S_lines_free(char **l, size_t n) {
  for (size_t k = 0; k < n; k++) free(l[k]);
  free(l);
}

/* The verdict banner the PDF draws, as wide as the page's column (so its
 * text keeps its size: at least 9 pt): the outcome in the largest type,
 * the reason under it, then a line per candidate (badge, name, the two
 * values, the change with its interval) wrapped, never cut. */
size_t ec_cmp_headline_word(const char *head, const char **rest) {
  const char *colon = strstr(head, ": "), *paren = strstr(head, " (");
  if (paren && (!colon || paren < colon)) { /* "NO GATE (per inference: batch 32 vs 1): ..." */
    *rest = paren + 1;
    return (size_t)(paren - head);
  }
  *rest = colon ? colon + 2 : NULL;
  return colon ? (size_t)(colon - head) : strlen(head);
}

/* The band: the outcome ("PASS") in the largest type, the reason under it
 * wrapped, white on the outcome's colour, W wide from y 0. Draws on s when
 * s is not NULL; returns the band's height. */
#define S_BAND_W 495.0 /* the PDF's column: the banner keeps its text sizes */
static double S_band(ec_scene *s, const char *head, ec_outcome oc, double W) {
  const double pad = 8, word_fs = 24, why_fs = 11;
  double wlh = ec_line_height(word_fs), ylh = ec_line_height(why_fs);
  const char *rest;
  char *word = ec_strndup(head, ec_cmp_headline_word(head, &rest));
  char **why = NULL;
  size_t nwhy = rest ? S_wrap(rest, why_fs, 1, W - 2 * pad, &why) : 0;
  double bh = pad + wlh + (double)nwhy * ylh + pad;
  if (s) {
    ec_scene_group(s, "band", head, NULL, NULL);
    ec_scene_rect(s, 0, 0, W, bh, S_outcome_color(oc), ec_nocolor(), 0);
    ec_text_metrics wm = ec_text_measure("Ag", 2, word_fs, 1), ym = ec_text_measure("Ag", 2, why_fs, 1);
    ec_scene_text(s, pad, pad + wm.ascent, word, strlen(word), word_fs, 1, EC_ANCHOR_START, 0, W - 2 * pad,
                  ec_rgb(0xffffff));
    for (size_t k = 0; k < nwhy; k++)
      ec_scene_text(s, pad, pad + wlh + (double)k * ylh + ym.ascent, why[k], strlen(why[k]), why_fs, 1, EC_ANCHOR_START,
                    0, W - 2 * pad, ec_rgb(0xffffff));
    ec_scene_end(s);
  }
  S_lines_free(why, nwhy);
  free(word);
  return bh;
}

ec_scene *ec_cmp_band(const char *fid, const char *head, ec_outcome oc) {
  ec_scene *s = ec_scene_new(S_BAND_W, S_band(NULL, head, oc, S_BAND_W), fid, "Verdict", head);
  S_band(s, head, oc, S_BAND_W);
  return s;
}

ec_scene *ec_cmp_banner(const ec_cmp_view *v) {
  const ec_comparison *c = v->c;
  const double W = S_BAND_W, pad = 8, fs = 9.5, badge_w = 100;
  double lh = ec_line_height(fs);
  char *head = ec_narrate_compare_headline(c);
  ec_outcome oc = ec_compare_outcome(c);
  double bh = S_band(NULL, head, oc, W);
  /* each candidate's lines, wrapped beside its badge and name */
  size_t nc = c->n;
  char ***cl = ec_calloc(nc + 1, sizeof *cl), ***nl = ec_calloc(nc + 1, sizeof *nl);
  size_t *ncl = ec_calloc(nc + 1, sizeof *ncl), *nnl = ec_calloc(nc + 1, sizeof *nnl);
  double *namew = ec_calloc(nc + 1, sizeof *namew);
  double H = bh + 8;
  for (size_t i = 0; i < nc; i++) {
    if (i == c->baseline) continue;
    const char *nm = c->engines[i]->name;
    namew[i] = fmin(ec_text_width(nm, fs, 1), 150);
    char line[512];
    ec_cmp_verdict_line(c, i, line, sizeof line);
    double x = pad + badge_w + 8 + 12 + namew[i] + 8;
    ncl[i] = S_wrap(line, fs, 0, W - pad - x, &cl[i]);
    char *note = ec_cmp_mismatch_note(&c->res[i]);
    if (note) nnl[i] = S_wrap(note, fs, 0, W - pad - (pad + badge_w + 20), &nl[i]);
    free(note);
    H += (double)(ncl[i] ? ncl[i] : 1) * lh + 2 + (double)nnl[i] * lh + 8;
  }
  H += pad;
  char fid[96];
  snprintf(fid, sizeof fid, "%s-verdict", v->id);
  ec_scene *s = ec_scene_new(W, H, fid, "Verdict", head);
  S_band(s, head, oc, W);
  free(head);
  ec_text_metrics m = ec_text_measure("Ag", 2, fs, 0);
  double y = bh + 8;
  for (size_t i = 0; i < nc; i++) {
    if (i == c->baseline) continue;
    const ec_compare_result *r = &c->res[i];
    char id[32];
    snprintf(id, sizeof id, "engine-%zu", i);
    ec_scene_group(s, id, r->reason, NULL, NULL);
    double base = y + m.ascent + 1;
    /* verdict badge */
    const char *w = ec_verdict_words(r->verdict);
    char up[32];
    size_t k = 0;
    for (; w[k] && k < sizeof up - 1; k++) up[k] = (char)(w[k] >= 'a' && w[k] <= 'z' ? w[k] - 32 : w[k]);
    up[k] = '\0';
    ec_scene_rect(s, pad, y - 1, badge_w, lh + 2, S_outcome_color(S_verdict_outcome(r->verdict)), ec_nocolor(), 0);
    ec_scene_text(s, pad + badge_w / 2, base, up, strlen(up), fs, 1, EC_ANCHOR_MIDDLE, 0, badge_w - 4, ec_rgb(0xffffff));
    /* engine colour and name */
    double x = pad + badge_w + 8;
    ec_chart_swatch(s, x, y + (lh - 8) / 2, 8, 8, ec_colors_engine(i));
    x += 12;
    const char *nm = c->engines[i]->name;
    ec_scene_text(s, x, base, nm, strlen(nm), fs, 1, EC_ANCHOR_START, 0, 150, ec_ink(1));
    x += namew[i] + 8;
    /* the two values, the change with its interval: wrapped beside the name */
    for (size_t q = 0; q < ncl[i]; q++)
      ec_scene_text(s, x, base + (double)q * lh, cl[i][q], strlen(cl[i][q]), fs, 0, EC_ANCHOR_START, 0, W - pad - x,
                    ec_ink(1));
    y += (double)(ncl[i] ? ncl[i] : 1) * lh + 2;
    for (size_t q = 0; q < nnl[i]; q++) {
      ec_scene_text(s, pad + badge_w + 20, y + m.ascent, nl[i][q], strlen(nl[i][q]), fs, 0, EC_ANCHOR_START, 0,
                    W - 2 * pad - badge_w - 20, ec_ink(0.8));
      y += lh;
    }
    y += 8;
    ec_scene_end(s);
    S_lines_free(cl[i], ncl[i]);
    S_lines_free(nl[i], nnl[i]);
  }
  free(cl);
  free(nl);
  free(ncl);
  free(nnl);
  free(namew);
  return s;
}

typedef struct {
  char *label, *tip;
  double delta;
  size_t layers;
} S_step;

static int S_cmp_step(const void *x, const void *y) {
  const ec_compare_type_delta *a = x, *b = y;
  double da = fabs(a->ms - a->base_ms), db = fabs(b->ms - b->base_ms);
  if (da != db) return da > db ? -1 : 1;
  return strcmp(a->type, b->type);
}


/* The steps of engine i's waterfall; 0 when it has none (why set). */
static size_t S_steps(const ec_cmp_view *v, size_t i, S_step **out, const char **why) {
  const ec_comparison *c = v->c;
  const ec_compare_result *r = &c->res[i];
  *out = NULL;
  if (!r->aligned) {
    *why = r->align_note ? r->align_note : "the layers were not aligned";
    return 0;
  }
  if (!isfinite(r->base_total_ms) || !isfinite(r->engine_total_ms)) {
    *why = "a side has no per-layer profile";
    return 0;
  }
  ec_compare_type_delta *t = ec_calloc(r->n_by_type + 1, sizeof *t);
  if (r->n_by_type) memcpy(t, r->by_type, r->n_by_type * sizeof *t);
  qsort(t, r->n_by_type, sizeof *t, S_cmp_step);
  S_step *st = ec_calloc(EC_ROWS_CMP_WATERFALL_TYPES + 2 * (EC_ROWS_CMP_ONE_SIDE_STEPS + 1) + 2, sizeof *st);
  size_t n = 0;
  char a[32], b[32];
  const char *bn = S_e(v, c->baseline)->name, *en = S_e(v, i)->name;
  for (size_t k = 0; k < r->n_by_type; k++) {
    if (k < EC_ROWS_CMP_WATERFALL_TYPES - 1 || r->n_by_type == EC_ROWS_CMP_WATERFALL_TYPES) {
      S_step *x = &st[n++];
      x->layers = t[k].n;
      x->delta = t[k].ms - t[k].base_ms;
      x->label = ec_asprintf("%s, %zu layer%s", t[k].type, t[k].n, ec_plural(t[k].n, "", "s"));
      x->tip = ec_asprintf("%s: %zu aligned %s, %s \xE2\x86\x92 %s ms", t[k].type, t[k].n,
                           ec_plural(t[k].n, "layer", "layers"),
                           ec_fmt_ms(a, sizeof a, t[k].base_ms), ec_fmt_ms(b, sizeof b, t[k].ms));
    } else {
      if (k == EC_ROWS_CMP_WATERFALL_TYPES - 1) st[n++].label = NULL;
      S_step *x = &st[n - 1];
      x->layers += t[k].n;
      x->delta += t[k].ms - t[k].base_ms;
      if (k == r->n_by_type - 1) {
        x->label = ec_asprintf("%zu other %s, %zu %s", r->n_by_type - (EC_ROWS_CMP_WATERFALL_TYPES - 1),
                               ec_plural(r->n_by_type - (EC_ROWS_CMP_WATERFALL_TYPES - 1), "type", "types"), x->layers,
                               ec_plural(x->layers, "layer", "layers"));
        x->tip = ec_strdup(x->label);
      }
    }
  }
  free(t);
  /* layers on one side only, by family: the time of a network's own layers
   * (a different network, or a different export of it) */
  for (int side = 0; side < 2; side++) {
    size_t nl = side ? r->al->only_b : r->al->only_a;
    if (!nl) continue;
    const char *who = side ? en : bn, *other = side ? bn : en;
    size_t fams = 0, rest_n = 0;
    double rest_ms = 0;
    for (size_t k = 0; k < r->n_only_by_family; k++) {
      const ec_family_time *f = &r->only_by_family[k];
      size_t fn = side ? f->n : f->n_base;
      double fms = side ? f->ms : f->base_ms;
      if (!fn || !isfinite(fms)) continue; /* no profiled layer of the family: no time in the sums */
      if (fams < EC_ROWS_CMP_ONE_SIDE_STEPS) {
        S_step *x = &st[n++];
        fams++;
        x->layers = fn;
        x->delta = side ? fms : -fms;
        x->label = ec_asprintf("only in %s: %s, %zu layer%s", who, f->family, fn, ec_plural(fn, "", "s"));
        x->tip = ec_asprintf("%zu %s layer%s without a partner in %s, %s ms", fn, f->family, ec_plural(fn, "", "s"), other,
                             ec_fmt_ms(a, sizeof a, fms));
      } else {
        rest_n += fn;
        rest_ms += fms;
      }
    }
    if (rest_n) {
      S_step *x = &st[n++];
      x->layers = rest_n;
      x->delta = side ? rest_ms : -rest_ms;
      x->label = ec_asprintf("only in %s: %zu other layer%s", who, rest_n, ec_plural(rest_n, "", "s"));
      x->tip = ec_asprintf("%zu %s of other families without a partner in %s, %s ms", rest_n,
                           ec_plural(rest_n, "layer", "layers"), other,
                           ec_fmt_ms(a, sizeof a, rest_ms));
    }
  }
  if (r->half_profiled_ms != 0) {
    S_step *x = &st[n++];
    x->delta = r->half_profiled_ms;
    x->label = ec_strdup("aligned, profiled on one side only");
    x->tip = ec_strdup("aligned layers with a profile record on one side only");
  }
  *out = st;
  return n;
}

static void S_steps_free(S_step *st, size_t n) {
  for (size_t k = 0; k < n; k++) {
    free(st[k].label);
    free(st[k].tip);
  }
  free(st);
}

ec_scene *ec_cmp_waterfall(const ec_cmp_view *v, size_t i, const char **why) {
  const ec_comparison *c = v->c;
  S_step *st;
  size_t n = S_steps(v, i, &st, why);
  if (!st) return NULL;
  const char **labels = ec_calloc(n + 1, sizeof *labels), **tips = ec_calloc(n + 1, sizeof *tips);
  double *d = ec_calloc(n + 1, sizeof *d);
  for (size_t k = 0; k < n; k++) {
    labels[k] = st[k].label;
    tips[k] = st[k].tip;
    d[k] = st[k].delta;
  }
  char fid[96], title[400];
  snprintf(fid, sizeof fid, "%s-waterfall-%zu", v->id, i);
  snprintf(title, sizeof title, "Layer latency: %s \xE2\x86\x92 %s", S_e(v, c->baseline)->name, S_e(v, i)->name);
  ec_waterfall_spec sp;
  memset(&sp, 0, sizeof sp);
  sp.f.id = fid;
  sp.f.title = title;
  sp.f.desc = c->per_inference
                  ? "From the baseline's sum of per-layer latencies to the engine's, per inference (each divided by its "
                    "batch): the change of each layer type over aligned layers, and layers present on one side only by "
                    "family"
                  : "From the baseline's sum of per-layer latencies to the engine's: the change of each layer type over "
                    "aligned layers, and layers present on one side only by family";
  sp.f.width = v->width > 0 ? v->width : 640;
  sp.start_label = S_e(v, c->baseline)->name;
  sp.end_label = S_e(v, i)->name;
  sp.start = c->res[i].base_total_ms;
  sp.end = c->res[i].engine_total_ms;
  sp.start_color = ec_colors_engine(c->baseline);
  sp.end_color = ec_colors_engine(i);
  sp.n = n;
  sp.labels = labels;
  sp.tips = tips;
  sp.deltas = d;
  sp.up_label = "slower";
  sp.down_label = "faster";
  sp.unit = "ms";
  sp.value_axis = c->per_inference ? "Sum of per-layer latencies per inference" : "Sum of per-layer latencies";
  ec_scene *s = ec_chart_waterfall(&sp);
  free(labels);
  free(tips);
  free(d);
  S_steps_free(st, n);
  return s;
}

ec_table *ec_cmp_tbl_waterfall(const ec_cmp_view *v, size_t i, const char *id) {
  const char *why;
  S_step *st;
  size_t n = S_steps(v, i, &st, &why);
  if (!st) return NULL;
  const ec_compare_result *r = &v->c->res[i];
  char buf[48];
  ec_table *t = ec_table_new(id, NULL);
  ec_table_col(t, "Step", EC_CELL_ALIGN_LEFT, 0);
  ec_table_col(t, "Change (ms)", EC_CELL_ALIGN_RIGHT, 1);
  ec_table_col(t, "Running total (ms)", EC_CELL_ALIGN_RIGHT, 1);
  double run = r->base_total_ms;
  size_t row = ec_table_row(t);
  ec_table_set(t, row, 0, S_e(v, v->c->baseline)->name, NAN);
  ec_table_set(t, row, 1, "", NAN);
  ec_table_set_ms(t, row, 2, run);
  for (size_t k = 0; k < n; k++) {
    run += st[k].delta;
    row = ec_table_row(t);
    ec_table_set(t, row, 0, st[k].label, NAN);
    snprintf(buf, sizeof buf, "%+" EC_MS_G, st[k].delta);
    ec_table_set(t, row, 1, buf, st[k].delta);
    ec_table_set_ms(t, row, 2, run);
  }
  row = ec_table_row(t);
  ec_table_set(t, row, 0, S_e(v, i)->name, NAN);
  ec_table_set(t, row, 1, "", NAN);
  ec_table_set_ms(t, row, 2, r->engine_total_ms);
  S_steps_free(st, n);
  return t;
}

ec_table *ec_cmp_tbl_top(const ec_cmp_view *v, const char *id, size_t max, const char **why) {
  const ec_comparison *c = v->c;
  const ec_engine *be = S_e(v, c->baseline);
  char buf[64];
  ec_table *t = ec_table_new(id, NULL);
  ec_table_col(t, "Engine", EC_CELL_ALIGN_LEFT, 0);
  ec_table_col(t, "Layer", EC_CELL_ALIGN_LEFT, 0);
  ec_table_col(t, "Type", EC_CELL_ALIGN_LEFT, 0);
  ec_table_col(t, c->per_inference ? "Baseline (ms per inference)" : "Baseline (ms)", EC_CELL_ALIGN_RIGHT, 1);
  ec_table_col(t, c->per_inference ? "Engine (ms per inference)" : "Engine (ms)", EC_CELL_ALIGN_RIGHT, 1);
  ec_table_col(t, "Change (ms)", EC_CELL_ALIGN_RIGHT, 1);
  ec_table_col(t, "Change (%)", EC_CELL_ALIGN_RIGHT, 1);
  ec_table_col(t, "What changed", EC_CELL_ALIGN_LEFT, 0);
  ec_table_col(t, "Advisory", EC_CELL_ALIGN_LEFT, 0);
  size_t total = 0;
  for (size_t i = 0; i < c->n; i++) {
    const ec_compare_result *r = &c->res[i];
    if (i == c->baseline || !r->aligned) continue;
    for (size_t k = 0, shown = 0; k < r->n_deltas; k++) {
      const ec_layer_delta *d = &r->deltas[k];
      if (!(d->delta_ms > 0)) break;
      total++;
      if (shown >= max) continue;
      shown++;
      const ec_layer *la = &be->layers[d->a], *lb = &S_e(v, i)->layers[d->b];
      size_t row = ec_table_row(t);
      ec_table_set(t, row, 0, S_e(v, i)->name, NAN);
      int cut;
      char *nm = ec_short_name(la->name, la->name_len, 10, S_NAME_W, 0, &cut), *tip = S_pair_tip(v, i, la, lb, d->how);
      ec_table_set(t, row, 1, nm, NAN);
      ec_table_set_tip(t, row, 1, tip);
      free(nm);
      free(tip);
      ec_table_set(t, row, 2, ec_compare_pair_type(la, lb), NAN);
      ec_table_set_ms(t, row, 3, d->base_ms);
      ec_table_set_ms(t, row, 4, d->ms);
      snprintf(buf, sizeof buf, "%+" EC_MS_G, d->delta_ms);
      ec_table_set(t, row, 5, buf, d->delta_ms);
      snprintf(buf, sizeof buf, isfinite(d->delta_pct) ? "%+" EC_CHANGE_G : "new", d->delta_pct);
      ec_table_set(t, row, 6, buf, d->delta_pct);
      /* what changed and why, whole when it is short ("implementation changed: CaskConvolution →
       * CudnnConvolution"); else in words ("implementation, precision FP16 → INT8"), the kernels on demand */
      char *w = ec_compare_pair_why(la, lb);
      if (w) {
        unsigned ch = ec_compare_pair_changes(la, lb);
        int pr = (ch & EC_PAIR_PRECISION) && strcmp(la->precision, lb->precision);
        ec_buf sh = {0};
        if (ec_text_width(w, 10, 0) > S_WHY_W) {
          if (ch & EC_PAIR_IMPLEMENTATION) ec_buf_puts(&sh, "implementation");
          if (ch & EC_PAIR_PRECISION) ec_buf_puts(&sh, ch & EC_PAIR_IMPLEMENTATION ? ", precision" : "precision");
          if (pr) ec_buf_printf(&sh, " %s \xE2\x86\x92 %s", la->precision, lb->precision);
          if (sh.len) ec_buf_puts(&sh, " changed");
        }
        ec_table_set(t, row, 7, sh.len ? sh.data : w, NAN);
        if (sh.len) ec_table_set_tip(t, row, 7, w);
        ec_buf_free(&sh);
        ec_table_set_kind(t, row, 7, EC_CELL_CHANGED, NULL);
      } else ec_table_set(t, row, 7, "", NAN);
      free(w);
      ec_table_set(t, row, 8, d->flagged ? "past the per-layer limit" : "", NAN);
      if (d->flagged) ec_table_set_kind(t, row, 8, EC_CELL_BAD, NULL);
    }
  }
  /* say why there is none the way the first screen counts the pairs (r->n_pairs) */
  const char *none = "no aligned layer is slower than in the baseline";
  for (size_t i = 0; i < c->n; i++) {
    const ec_compare_result *r = &c->res[i];
    if (i == c->baseline) continue;
    if (!r->aligned) none = "no engine could be aligned with the baseline (stored summaries have no layers)";
    else if (r->n_pairs && !r->n_deltas)
      none = "the aligned layers have no time on both sides: a side has no per-layer profile (the pairs are listed under "
             "Layer by layer)";
  }
  return ec_table_finish(t, total, none, why,
                         "slower layer is in the table of aligned layers below and in compare --json.",
                         "slower layers are in the table of aligned layers below and in compare --json.");
}
