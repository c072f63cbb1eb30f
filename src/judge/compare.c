/* compare — metric, runs, estimates and verdicts, comparability and
 * per-layer deltas. See compare.h for the rules and their constants. */
#include "judge/compare.h"
#include "facts/inputs.h"
#include "facts/layer_kind.h"
#include "facts/layer_numbers.h"
#include "facts/stats.h"
#include "model/trtexec.h"
#include "util/order.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "util/utf8.h"
#include "words/words.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct {
  const char *name, *label, *stat;
} S_metrics[EC_METRIC_COUNT] = {
    [EC_METRIC_GPU_MEDIAN] = {"gpu-median", "GPU compute median", "median"},
    [EC_METRIC_GPU_MEAN] = {"gpu-mean", "GPU compute mean", "mean"},
    [EC_METRIC_GPU_P99] = {"gpu-p99", "GPU compute p99", "p99"},
    [EC_METRIC_THROUGHPUT] = {"throughput", "throughput", NULL},
    [EC_METRIC_LAYER_SUM] = {"layer-sum", "sum of per-layer averages", NULL},
    [EC_METRIC_LATENCY_MEDIAN] = {"latency-median", "end-to-end latency median", "median"},
    [EC_METRIC_LATENCY_MEAN] = {"latency-mean", "end-to-end latency mean", "mean"},
    [EC_METRIC_LATENCY_P99] = {"latency-p99", "end-to-end latency p99", "p99"},
};

const char *ec_metric_name(ec_metric m) { return m < EC_METRIC_COUNT ? S_metrics[m].name : "unknown"; }
const char *ec_metric_label(ec_metric m) { return m < EC_METRIC_COUNT ? S_metrics[m].label : "unknown"; }
int ec_metric_smaller_better(ec_metric m) { return m != EC_METRIC_THROUGHPUT; }
const char *ec_metric_unit(ec_metric m) { return m == EC_METRIC_THROUGHPUT ? "qps" : "ms"; }

int ec_metric_parse(const char *s, ec_metric *out) {
  for (int m = 0; m <= EC_METRIC_LAYER_SUM; m++)
    if (strcmp(s, S_metrics[m].name) == 0) {
      *out = (ec_metric)m;
      return 0;
    }
  return -1;
}

const char *ec_verdict_name(ec_verdict v) {
  static const char *const n[] = {"baseline", "pass", "fail", "info", "no timing", "inconclusive", "not comparable"};
  return (unsigned)v < 7 ? n[v] : "no timing";
}

const char *ec_change_name(ec_change c) {
  static const char *const n[] = {"same", "worse", "better", "unknown", "not claimed"};
  return (unsigned)c < 5 ? n[c] : "unknown";
}

void ec_metric_value_clear(ec_metric_value *v) {
  free(v->dist);
  memset(v, 0, sizeof *v);
  v->value = NAN;
  v->cv = NAN;
}

/* ---- metric ------------------------------------------------------------- */

/* Per-iteration CV from reported statistics: a stored stdev over the mean. */
static double S_stats_cv(const ec_stats *st) {
  double sd = ec_stats_get(st, "stdev"), mean = ec_stats_get(st, "mean");
  return isfinite(sd) && isfinite(mean) && mean > 0 ? sd / mean : NAN;
}

static int S_stat_metric(const ec_summary *s, int has, const ec_sample_stats *ss, const ec_stats *st,
                         const char *stat, ec_metric_value *v) {
  if (s && has) {
    v->value = strcmp(stat, "median") == 0 ? ss->median : strcmp(stat, "mean") == 0 ? ss->mean : ss->p99;
    v->cv = ss->cv;
    v->samples = ss->count;
    v->source = "timing.json";
    v->dist = ec_asprintf("%zu per-iteration %s", ss->count, ec_plural(ss->count, "time", "times"));
    return isfinite(v->value);
  }
  double x = ec_stats_get(st, stat);
  if (!isfinite(x)) return 0;
  v->value = x;
  v->source = st->source ? st->source : "unknown";
  double c = ec_stats_get(st, "count");
  v->samples = isfinite(c) && c > 0 ? (size_t)c : 0;
  v->cv = S_stats_cv(st);
  v->dist = v->samples ? ec_asprintf("summary statistics of %zu %s", v->samples,
                                     ec_plural(v->samples, "iteration", "iterations"))
                       : ec_strdup("summary statistics only (no iteration count)");
  return 1;
}

/* The engine's per-iteration CV of GPU compute time, else of end-to-end
 * latency; NAN when unknown. */
static double S_iter_cv(const ec_engine *e, const ec_summary *s) {
  if (s && s->has_compute) return s->compute.cv;
  double cv = S_stats_cv(&e->perf.gpu_compute);
  if (isfinite(cv)) return cv;
  if (s && s->has_timing) return s->timing.cv;
  return S_stats_cv(&e->perf.latency);
}

int ec_metric_of(const ec_engine *e, const ec_summary *s, ec_metric m, ec_metric_value *v) {
  memset(v, 0, sizeof *v);
  v->metric = m;
  v->value = NAN;
  v->cv = NAN;
  v->runs = 1;
  v->unit = ec_metric_unit(m);
  int ok = 0;
  switch (m) {
  case EC_METRIC_GPU_MEDIAN:
  case EC_METRIC_GPU_MEAN:
  case EC_METRIC_GPU_P99:
    ok = S_stat_metric(s, s && s->has_compute, s ? &s->compute : NULL, &e->perf.gpu_compute, S_metrics[m].stat, v);
    break;
  case EC_METRIC_LATENCY_MEDIAN:
  case EC_METRIC_LATENCY_MEAN:
  case EC_METRIC_LATENCY_P99:
    ok = S_stat_metric(s, s && s->has_timing, s ? &s->timing : NULL, &e->perf.latency, S_metrics[m].stat, v);
    break;
  case EC_METRIC_THROUGHPUT:
    if (isfinite(e->perf.throughput_qps) && e->perf.throughput_qps > 0) {
      v->value = e->perf.throughput_qps;
      v->source = e->perf.throughput_source ? e->perf.throughput_source : "unknown";
      v->cv = S_iter_cv(e, s);
      v->dist = ec_strdup("one reported value; its interval comes from the mean GPU compute time");
      ok = 1;
    }
    break;
  case EC_METRIC_LAYER_SUM:
    if (s && e->has_profile && e->n_layers && s->has_latency) {
      v->value = s->total_ms;
      v->source = "profile";
      v->samples = e->profile_count > 0 ? (size_t)e->profile_count : 0;
      v->single_sample = e->profile_count == 1;
    } else if (isfinite(e->stored_layer_sum_ms) && e->stored_layer_sum_ms > 0) {
      /* a stored summary keeps the sum, not the layers */
      v->value = e->stored_layer_sum_ms;
      v->source = "summary (profile)";
      v->samples = e->stored_profile_count > 0 ? (size_t)e->stored_profile_count : 0;
      v->single_sample = e->stored_profile_count == 1;
    } else {
      break;
    }
    v->cv = S_iter_cv(e, s);
    v->dist = ec_strdup("per-layer averages only (a profile keeps no per-iteration times)");
    ok = 1;
    break;
  default:
    break;
  }
  if (!ok) {
    free(v->dist);
    v->dist = NULL;
    v->value = NAN;
    v->cv = NAN;
    v->source = NULL;
    v->samples = 0;
  }
  return ok;
}

/* ---- runs for the gate ---------------------------------------------------- */

/* The runs of one side: distributions and the buffers they point into. */
typedef struct S_side {
  ec_dist *d;
  size_t n, cap;
  double **bufs;
  size_t nbufs, capbufs;
  size_t from_files; /* runs from sketches or statistics (not per-iteration times) */
  size_t trimmed, trim_max; /* warm-up iterations left out, over all runs and in the longest */
} S_side;

static void S_side_free(S_side *s) {
  for (size_t i = 0; i < s->nbufs; i++) free(s->bufs[i]);
  free(s->bufs);
  free(s->d);
  memset(s, 0, sizeof *s);
}

static double *S_buf(S_side *s, size_t n) {
  double *b = ec_malloc((n ? n : 1) * sizeof *b);
  *EC_PUSH(s->bufs, s->nbufs, s->capbufs) = b;
  return b;
}

/* statistic st of n ascending values, with the rules of ec_sample_stats_compute */
static double S_stat_of(const double *s, size_t n, ec_stat st, double mean) {
  if (st == EC_STAT_MEAN) return mean;
  if (st == EC_STAT_P99) return ec_percentile_trt(s, n, 99);
  return ec_median_sorted(s, n);
}

/* A run of per-iteration times (non-finite and non-positive entries left out). */
static void S_add_times(S_side *sd, const double *v, size_t n, ec_stat st) {
  double *s = S_buf(sd, n), *ord = S_buf(sd, n);
  size_t k = 0;
  for (size_t i = 0; i < n; i++)
    if (isfinite(v[i]) && v[i] > 0) ord[k++] = v[i]; /* the loader says what it left out */
  /* a start-up level (warm-up) is left out (gate.h: ec_gate_warmup) */
  size_t trim = ec_gate_warmup(ord, k);
  ord += trim;
  k -= trim;
  sd->trimmed += trim;
  if (trim && (!sd->trim_max || trim > sd->trim_max)) sd->trim_max = trim;
  if (!k) return;
  memcpy(s, ord, k * sizeof *s);
  ec_sort_doubles(s, k);
  double sum = 0, ss = 0;
  for (size_t i = 0; i < k; i++) sum += s[i];
  double mean = sum / (double)k;
  for (size_t i = 0; i < k; i++) ss += (s[i] - mean) * (s[i] - mean);
  ec_dist *d = EC_PUSH(sd->d, sd->n, sd->cap);
  memset(d, 0, sizeof *d);
  d->n = k;
  d->sorted = s;
  d->order = ord;
  d->mean = mean;
  d->sd = k > 1 ? sqrt(ss / (double)(k - 1)) : 0;
  d->value = S_stat_of(s, k, st, mean);
}

/* A run known from stored statistics: its sketch when one is stored, else a
 * coarse quantile function through the stored percentiles (min, median,
 * pX, max) when the count is known. */
static void S_add_stats(S_side *sd, const ec_stats *st, const ec_sketch *sk, ec_stat stat, double value) {
  ec_dist *d = EC_PUSH(sd->d, sd->n, sd->cap);
  memset(d, 0, sizeof *d);
  sd->from_files++;
  d->value = value;
  d->mean = ec_stats_get(st, "mean");
  d->sd = ec_stats_get(st, "stdev");
  double cnt = ec_stats_get(st, "count");
  if (sk && sk->m >= 2 && sk->n) {
    d->sketch = sk->q;
    d->m = sk->m;
    d->n = sk->n;
    return;
  }
  if (!(isfinite(cnt) && cnt >= 1)) return;
  d->n = (size_t)cnt;
  double mn = ec_stats_get(st, "min"), md = ec_stats_get(st, "median"), mx = ec_stats_get(st, "max");
  if (!isfinite(mn) || !isfinite(md) || !isfinite(mx)) return;
  double *q = S_buf(sd, (size_t)st->n + 3), *p = S_buf(sd, (size_t)st->n + 3);
  size_t m = 0;
  q[m] = mn, p[m++] = 0;
  q[m] = md, p[m++] = 0.5;
  for (int i = 0; i < st->n; i++) {
    const char *l = st->v[i].label;
    char *end;
    double x = l[0] == 'p' ? strtod(l + 1, &end) : NAN;
    if (!isfinite(x) || *end || x <= 0 || x >= 100 || x == 50 || !isfinite(st->v[i].value)) continue;
    q[m] = st->v[i].value, p[m++] = x / 100;
  }
  q[m] = mx, p[m++] = 1;
  /* by probability, values made non-decreasing (stored rounding) */
  for (size_t i = 1; i < m; i++)
    for (size_t j = i; j > 0 && p[j] < p[j - 1]; j--) {
      double t = p[j]; p[j] = p[j - 1]; p[j - 1] = t;
      t = q[j]; q[j] = q[j - 1]; q[j - 1] = t;
    }
  for (size_t i = 1; i < m; i++) q[i] = fmax(q[i], q[i - 1]);
  d->sketch = q;
  d->sketch_p = p;
  d->m = m;
}

static ec_stat S_stat_kind(ec_metric m) {
  switch (m) {
  case EC_METRIC_GPU_MEAN:
  case EC_METRIC_LATENCY_MEAN:
  case EC_METRIC_THROUGHPUT: return EC_STAT_MEAN;
  case EC_METRIC_GPU_P99:
  case EC_METRIC_LATENCY_P99: return EC_STAT_P99;
  default: return EC_STAT_MEDIAN;
  }
}

/* The runs engine e adds for metric m (a gpu-X or latency-X metric): its
 * selected timing run (or every run), else its stored statistics. */
static size_t S_engine_runs(const ec_engine *e, ec_metric m, int all_runs, S_side *sd) {
  int gpu = m == EC_METRIC_GPU_MEDIAN || m == EC_METRIC_GPU_MEAN || m == EC_METRIC_GPU_P99;
  ec_stat st = S_stat_kind(m);
  size_t before = sd->n;
  for (size_t r = 0; r < e->n_runs; r++) {
    if (!all_runs && r != e->run) continue;
    const double *col = gpu ? e->runs[r].compute : e->runs[r].latency;
    if (col) S_add_times(sd, col, e->runs[r].n, st);
  }
  if (sd->n > before) return sd->n - before;
  const ec_stats *s = gpu ? &e->perf.gpu_compute : &e->perf.latency;
  double v = ec_stats_get(s, S_metrics[m].stat);
  if (!isfinite(v)) return 0;
  S_add_stats(sd, s, gpu ? &e->perf.gpu_compute_sketch : &e->perf.latency_sketch, st, v);
  return 1;
}

/* Every run of engine i for metric m: the engine and its repeats. For
 * throughput the runs are of the mean GPU compute (else latency) time. */
static void S_side_runs(const ec_comparison *c, size_t i, ec_metric m, S_side *sd) {
  const ec_repeats *rp = c->opts.repeats ? &c->opts.repeats[i] : NULL;
  size_t ne = 1 + (rp ? rp->n : 0);
  for (size_t k = 0; k < ne; k++) {
    const ec_engine *e = k ? rp->v[k - 1] : c->engines[i];
    if (m == EC_METRIC_LAYER_SUM) continue;
    if (m == EC_METRIC_THROUGHPUT) {
      if (!S_engine_runs(e, EC_METRIC_GPU_MEAN, c->opts.all_runs, sd))
        S_engine_runs(e, EC_METRIC_LATENCY_MEAN, c->opts.all_runs, sd);
    } else {
      S_engine_runs(e, m, c->opts.all_runs, sd);
    }
  }
}

/* Throughput of engine i over its repeats: the geometric mean; NAN when the
 * engine itself has none. */
static double S_side_qps(const ec_comparison *c, size_t i) {
  const ec_repeats *rp = c->opts.repeats ? &c->opts.repeats[i] : NULL;
  double sum = 0;
  size_t k = 0;
  for (size_t j = 0; j < 1 + (rp ? rp->n : 0); j++) {
    const ec_engine *e = j ? rp->v[j - 1] : c->engines[i];
    double q = e->perf.throughput_qps;
    if (isfinite(q) && q > 0) sum += log(q), k++;
    else if (!j) return NAN;
  }
  return exp(sum / (double)k);
}

/* ---- comparability ------------------------------------------------------ */

static int S_known(const char *s);

static void S_mism(ec_compare_result *r, const char *what, const char *b, const char *o) {
  ec_mismatch *m = EC_PUSH(r->mism, r->n_mism, r->cap_mism);
  m->what = ec_strdup(what);
  m->base = ec_strdup(b ? b : "(not set)");
  m->other = ec_strdup(o ? o : "(not set)");
}

static void S_cmp_str(ec_compare_result *r, const char *what, const char *b, const char *o) {
  if (b && o && strcmp(b, o) != 0) S_mism(r, what, b, o);
}

static void S_cmp_num(ec_compare_result *r, const char *what, double b, double o) {
  if (!isfinite(b) || !isfinite(o) || fabs(b - o) <= 1e-9 * fmax(fabs(b), fabs(o))) return;
  char sb[64], so[64];
  snprintf(sb, sizeof sb, EC_GIVEN, b);
  snprintf(so, sizeof so, EC_GIVEN, o);
  S_mism(r, what, sb, so);
}

/* trtexec options that change the numbers (same keys in logs and TREx
 * metadata; "Inference Streams" is also read as 8.4's "Streams", and "Green
 * Context" is a build option: ec_compare_option_value). */
static const char *const S_inference_keys[] = {"CUDA Graph",         "Spin-wait",    "Data transfers",
                                               "Separate profiling", "Batch",        "Input inference shape",
                                               "Input inference shapes", "Inference Streams", "Multithreading",
                                               "Green Context"};

const char *ec_compare_option_value(const ec_engine *e, const char *key) {
  const char *v = ec_kvs_get(&e->inference_options, key);
  const char *old = v ? NULL : ec_trtexec_option_alias(key);
  if (!v && old) v = ec_kvs_get(&e->inference_options, old);
  if (!v && ec_trtexec_option_in_build(key)) v = ec_kvs_get(&e->build_options, key);
  return v ? v : ec_trtexec_option_implied(key, ec_trt_major(e->trt_version));
}

/* Values that mean the same for key. */
static int S_same_value(const char *key, const char *a, const char *b) {
  if (!strcmp(a, b)) return 1;
  if (!strcmp(key, "Batch")) {
    int ea = !strcmp(a, "1") || !strcmp(a, "Explicit"), eb = !strcmp(b, "1") || !strcmp(b, "Explicit");
    return ea && eb;
  }
  return 0;
}

ec_compare_opt ec_compare_option_diff(const char *key, const char *bval, const char *bver, const char *oval, const char *over) {
  int mb = ec_trt_major(bver), mo = ec_trt_major(over);
  if (!bval) bval = ec_trtexec_option_implied(key, mb);
  if (!oval) oval = ec_trtexec_option_implied(key, mo);
  if (!bval || !oval || S_same_value(key, bval, oval)) return EC_COMPARE_OPT_SAME;
  const char *db = ec_trtexec_option_default(key, mb), *d_o = ec_trtexec_option_default(key, mo);
  if (db && d_o && strcmp(db, d_o) && !strcmp(bval, db) && !strcmp(oval, d_o)) return EC_COMPARE_OPT_DEFAULTS;
  return EC_COMPARE_OPT_DIFFERS;
}

char *ec_compare_option_default_text(const char *val, const char *ver) {
  return ec_asprintf("%s (TensorRT %d default)", val, ec_trt_major(ver));
}

/* One option's difference (ec_compare_option_diff) into r: a warning, or a
 * TensorRT 11 default said apart. */
static void S_option(ec_compare_result *r, const char *key, const char *vb, const char *bver, const char *ve,
                     const char *ever) {
  char what[160];
  snprintf(what, sizeof what, "trtexec option %s", key);
  switch (ec_compare_option_diff(key, vb, bver, ve, ever)) {
  case EC_COMPARE_OPT_DIFFERS: S_mism(r, what, vb, ve); break;
  case EC_COMPARE_OPT_DEFAULTS: {
    ec_mismatch *m = EC_PUSH(r->dflt, r->n_dflt, r->cap_dflt);
    m->what = ec_strdup(what);
    m->base = ec_compare_option_default_text(vb, bver);
    m->other = ec_compare_option_default_text(ve, ever);
    break;
  }
  default: break;
  }
}

/* The optimisation profiles trtexec 11.4 printed a green context for
 * ("Optimization Profile N Green Context: sm:16"): each one that differs
 * is said, its value on a side without the line being that side's own
 * "Green Context" (the spec before any --profile applies to every
 * profile); one that only repeats the engine-wide difference is not. */
static void S_green_profiles(ec_compare_result *r, const ec_engine *b, const ec_engine *e) {
  static const char pre[] = "Optimization Profile ", post[] = " Green Context";
  const char *gb = ec_compare_option_value(b, "Green Context"), *ge = ec_compare_option_value(e, "Green Context");
  for (int side = 0; side < 2; side++) {
    const ec_kvs *k = side ? &e->build_options : &b->build_options;
    for (size_t i = 0; i < k->n; i++) {
      const char *key = k->v[i].key;
      size_t n = strlen(key);
      if (n <= sizeof pre - 1 + sizeof post - 1 || strncmp(key, pre, sizeof pre - 1) ||
          strcmp(key + n - (sizeof post - 1), post))
        continue;
      if (side && ec_kvs_get(&b->build_options, key)) continue; /* compared from the baseline's side */
      const char *vb = ec_kvs_get(&b->build_options, key), *ve = ec_kvs_get(&e->build_options, key);
      const char *xb = vb ? vb : gb, *xe = ve ? ve : ge;
      if (ec_compare_option_diff("Green Context", xb, b->trt_version, xe, e->trt_version) != EC_COMPARE_OPT_DIFFERS) continue;
      if (ec_compare_option_diff("Green Context", gb, b->trt_version, ge, e->trt_version) == EC_COMPARE_OPT_DIFFERS && xb && gb &&
          xe && ge && !strcmp(xb, gb) && !strcmp(xe, ge))
        continue;
      char what[200];
      snprintf(what, sizeof what, "trtexec option %.120s", key);
      S_mism(r, what, xb, xe);
    }
  }
}

/* A side's profiler for comparability: its name, "none" when a log of the
 * run says nothing of one, NULL when no log was read (unknown). */
static const char *S_profiler(const ec_engine *e) {
  if (e->run_profiler) return e->run_profiler;
  for (size_t k = 0; k < e->n_files; k++)
    if (e->files[k].kind == EC_FILE_LOG) return "none";
  return NULL;
}

static void S_diff(ec_compare_result *r, const char *what, char *b, char *o) {
  ec_mismatch *m = EC_PUSH(r->diff, r->n_diff, r->cap_diff);
  m->what = ec_strdup(what);
  m->base = b;
  m->other = o;
}

/* The precision most layers run in, "FP16 (27 of 28 layers)", and its share
 * (*share, 0..1); NULL when no layer's precision is known. Caller frees. */
static char *S_precision_mix(const ec_summary *s, const char **top, double *share) {
  const ec_group *best = NULL;
  size_t all = 0;
  for (size_t k = 0; k < s->by_precision.n; k++) {
    const ec_group *g = &s->by_precision.v[k];
    all += g->count;
    if (!S_known(g->key)) continue;
    if (!best || g->count > best->count) best = g;
  }
  if (!best || !all) return NULL;
  *top = best->key;
  *share = (double)best->count / (double)all;
  return ec_asprintf("%s (%zu of %zu %s)", best->key, best->count, all, ec_plural(all, "layer", "layers"));
}

/* How the engines themselves differ: input names (the shapes agree), the
 * precision most layers run in (another one, or its share of the layers 20
 * points apart), the weights (more than 1% apart). */
static void S_engine_diffs(ec_compare_result *r, const ec_engine *b, const ec_engine *e, const ec_summary *sb,
                           const ec_summary *se) {
  char *db = ec_inputs_dims(b), *de = ec_inputs_dims(e);
  if (db && de && !strcmp(db, de)) {
    char *nb = ec_inputs_names(b), *ne = ec_inputs_names(e);
    if (nb && ne && strcmp(nb, ne)) {
      S_diff(r, "input names", nb, ne);
      nb = ne = NULL;
    }
    free(nb);
    free(ne);
  }
  free(db);
  free(de);
  const char *tb = NULL, *te = NULL;
  double qb = 0, qe = 0;
  char *pb = S_precision_mix(sb, &tb, &qb), *pe = S_precision_mix(se, &te, &qe);
  if (pb && pe && (strcmp(tb, te) || fabs(qb - qe) >= 0.2)) {
    S_diff(r, "precision of most layers", pb, pe);
    pb = pe = NULL;
  }
  free(pb);
  free(pe);
  int wb = isfinite(sb->weights_bytes) && ec_total_is_whole(sb->nums.weights_known, sb->nums.n);
  int we = isfinite(se->weights_bytes) && ec_total_is_whole(se->nums.weights_known, se->nums.n);
  if (wb && we && fabs(sb->weights_bytes - se->weights_bytes) > 0.01 * fmax(sb->weights_bytes, se->weights_bytes)) {
    char x[32], y[32];
    S_diff(r, "weights", ec_strdup(ec_fmt_bytes(x, sizeof x, sb->weights_bytes)),
           ec_strdup(ec_fmt_bytes(y, sizeof y, se->weights_bytes)));
  }
}

static void S_comparability(ec_compare_result *r, const ec_engine *b, const ec_engine *e, const ec_kvs *lb,
                            const ec_kvs *le) {
  S_cmp_str(r, "TensorRT version", b->trt_version, e->trt_version);
  S_cmp_str(r, "GPU", b->device.present ? b->device.name : NULL, e->device.present ? e->device.name : NULL);
  S_cmp_str(r, "compute capability", b->device.present ? b->device.compute_capability : NULL,
            e->device.present ? e->device.compute_capability : NULL);
  if (b->device.present && e->device.present) {
    S_cmp_num(r, "GPU compute clock (GHz)", b->device.compute_clock_ghz, e->device.compute_clock_ghz);
    S_cmp_num(r, "GPU memory clock (GHz)", b->device.memory_clock_ghz, e->device.memory_clock_ghz);
  }
  for (size_t k = 0; k < sizeof S_inference_keys / sizeof S_inference_keys[0]; k++) {
    const char *key = S_inference_keys[k];
    S_option(r, key, ec_compare_option_value(b, key), b->trt_version, ec_compare_option_value(e, key), e->trt_version);
  }
  S_green_profiles(r, b, e);
  S_cmp_str(r, "ran under a profiler", S_profiler(b), S_profiler(e));
  /* input shapes in order: the names are an engine difference of their own (S_engine_diffs) */
  char *db = ec_inputs_dims(b), *de = ec_inputs_dims(e);
  if (db && de && strcmp(db, de)) {
    char *sb = ec_inputs_shapes(b), *se = ec_inputs_shapes(e);
    S_mism(r, "input shapes", sb, se);
    free(sb);
    free(se);
  }
  free(db);
  free(de);
  /* labels: a key set on either side must agree */
  for (int side = 0; side < 2; side++) {
    const ec_kvs *x = side ? le : lb, *y = side ? lb : le;
    if (!x) continue;
    for (size_t k = 0; k < x->n; k++) {
      const char *key = x->v[k].key;
      const char *vy = y ? ec_kvs_get(y, key) : NULL;
      if (side && vy) continue; /* already compared from the baseline's side */
      if (vy && strcmp(vy, x->v[k].val) == 0) continue;
      char what[256];
      snprintf(what, sizeof what, "label %s", key);
      if (side) S_mism(r, what, NULL, x->v[k].val);
      else S_mism(r, what, x->v[k].val, vy);
    }
  }
}

/* ---- layers ------------------------------------------------------------- */

static int S_cmp_delta(const void *x, const void *y) {
  const ec_layer_delta *a = x, *b = y;
  if (a->delta_ms != b->delta_ms) return a->delta_ms > b->delta_ms ? -1 : 1;
  return (a->a > b->a) - (a->a < b->a);
}

static int S_cmp_type(const void *x, const void *y) {
  return strcmp(((const ec_compare_type_delta *)x)->type, ((const ec_compare_type_delta *)y)->type);
}

/* The layers of the runs of one side that have a profile: the side's engine
 * and its repeats, each with a name index. */
typedef struct S_layer_runs {
  const ec_engine **e;
  ec_map *ix; /* name -> layer index, per run */
  size_t n;
} S_layer_runs;

static void S_layer_runs_of(const ec_engine *first, const ec_repeats *rp, S_layer_runs *out) {
  size_t ne = 1 + (rp ? rp->n : 0);
  out->e = ec_calloc(ne, sizeof *out->e);
  out->ix = ec_calloc(ne, sizeof *out->ix);
  out->n = 0;
  for (size_t k = 0; k < ne; k++) {
    const ec_engine *x = k ? rp->v[k - 1] : first;
    if (!x->has_profile || !x->n_layers) continue;
    ec_map *m = &out->ix[out->n];
    for (size_t i = 0; i < x->n_layers; i++)
      if (!ec_map_get(m, x->layers[i].name, x->layers[i].name_len, NULL)) ec_map_put(m, x->layers[i].name, x->layers[i].name_len, i);
    out->e[out->n++] = x;
  }
}

static void S_layer_runs_free(S_layer_runs *s) {
  for (size_t k = 0; k < s->n; k++) ec_map_free(&s->ix[k]);
  free(s->ix);
  free(s->e);
}

/* The run-to-run noise of one layer's change between the two sides'
 * medians over their runs, in percent: t(df) * s * sqrt(pi/2 (1/k_b +
 * 1/k_c)), s the scatter of the layer's log time over each side's runs
 * (pooled, df = (k_b - 1) + (k_c - 1); the median of k runs varies about
 * pi/2 times as much as their mean); NAN when fewer than
 * EC_LAYER_NOISE_MIN_DF degrees of freedom give it. */
static double S_one_layer_noise(const S_layer_runs *rs, const ec_layer *la, const ec_layer *lb, double conf) {
  double ss = 0, inv = 0;
  size_t df = 0;
  const ec_layer *l[2] = {la, lb};
  for (int side = 0; side < 2; side++) {
    double v[256];
    size_t k = 0;
    for (size_t j = 0; j < rs[side].n && k < 256; j++) {
      size_t at;
      if (!ec_map_get(&rs[side].ix[j], l[side]->name, l[side]->name_len, &at)) continue;
      const ec_layer *x = &rs[side].e[j]->layers[at];
      if (x->has_profile && x->avg_ms > 0) v[k++] = log(x->avg_ms);
    }
    inv += 1 / (double)(k ? k : 1);
    if (k < 2) continue;
    double m = 0;
    for (size_t i = 0; i < k; i++) m += v[i] / (double)k;
    for (size_t i = 0; i < k; i++) ss += (v[i] - m) * (v[i] - m);
    df += k - 1;
  }
  if (df < EC_LAYER_NOISE_MIN_DF) return NAN;
  return 100 * expm1(ec_t_quantile(1 - (1 - conf) / 2, (double)df) * sqrt(ss / (double)df) * sqrt(M_PI / 2 * inv));
}

/* Each layer's time on a side: the median over the side's runs that carry
 * it (by name) when several runs carry layers (nights that keep their
 * layers), else its own; NAN without a profile record. Caller frees. */
static double *S_side_ms(const ec_engine *x, const S_layer_runs *rs) {
  double *m = ec_malloc((x->n_layers ? x->n_layers : 1) * sizeof *m);
  double *v = ec_malloc((rs->n ? rs->n : 1) * sizeof *v);
  for (size_t i = 0; i < x->n_layers; i++) {
    const ec_layer *l = &x->layers[i];
    m[i] = l->has_profile ? l->avg_ms : NAN;
    if (rs->n < 2) continue;
    size_t k = 0;
    for (size_t j = 0; j < rs->n; j++) {
      size_t at;
      if (!ec_map_get(&rs->ix[j], l->name, l->name_len, &at)) continue;
      const ec_layer *y = &rs->e[j]->layers[at];
      if (y->has_profile && isfinite(y->avg_ms)) v[k++] = y->avg_ms;
    }
    if (k) {
      ec_sort_doubles(v, k);
      m[i] = ec_median_sorted(v, k);
    }
  }
  free(v);
  return m;
}

/* l's family for the platform comparison and the one-sided steps. */
static const char *S_family(const ec_layer *l) {
  const char *f = ec_layer_family(l);
  return f ? f : ec_layer_shown_type(l);
}

/* Each side's divisor (ec_compare_divisor). */
typedef struct {
  double d[2];
} S_div;

static ec_family_time *S_fam_add(ec_family_time **v, size_t *n, size_t *cap, const char *family) {
  for (size_t k = 0; k < *n; k++)
    if (!strcmp((*v)[k].family, family)) return &(*v)[k];
  ec_family_time *x = EC_PUSH(*v, *n, *cap);
  memset(x, 0, sizeof *x);
  x->family = family;
  x->base_ms = x->ms = NAN; /* a side with no layer of the family has no time for it */
  return x;
}

/* l counted in its family on one side, its time divided by the side's
 * divisor; a family none of whose layers on a side has a profile record
 * keeps NAN there (unknown, not 0), as summary's groups do. */
static void S_fam_count(ec_family_time *x, const ec_layer *l, int side, const S_div *dv) {
  double *ms = side ? &x->ms : &x->base_ms;
  (*(side ? &x->n : &x->n_base))++;
  if (!l->has_profile || !isfinite(l->avg_ms)) return;
  if (isnan(*ms)) *ms = 0;
  *ms += l->avg_ms / dv->d[side];
}

/* most time (either side) first, ties by family */
static int S_cmp_fam(const void *x, const void *y) {
  const ec_family_time *a = x, *b = y;
  double ta = fmax(a->base_ms, a->ms), tb = fmax(b->base_ms, b->ms); /* fmax skips an unknown side */
  if (isnan(ta)) ta = -1;
  if (isnan(tb)) tb = -1;
  if (ta != tb) return ta > tb ? -1 : 1;
  return strcmp(a->family, b->family);
}

static void S_layers(ec_compare_result *r, const ec_engine *b, const ec_engine *e, const ec_summary *sb,
                     const ec_summary *se, const ec_compare_opts *o, double db, double de, const ec_repeats *rb,
                     const ec_repeats *re) {
  /* every time on the comparison's basis: divided by the side's divisor (ec_compare_divisor) */
  const S_div dv = {{db, de}};
  r->base_total_ms = sb->has_latency ? sb->total_ms / db : NAN;
  r->engine_total_ms = se->has_latency ? se->total_ms / de : NAN;
  if (!b->n_layers || !e->n_layers) {
    const ec_engine *x = !b->n_layers ? b : e;
    r->align_note = ec_asprintf("%s has no layers (%s); alignment skipped", x->name,
                                x->n_files && x->files[0].kind == EC_FILE_SUMMARY
                                    ? "a stored summary that keeps none: written before layers_kept, or without a profile"
                                    : "no graph or profile");
    return;
  }
  r->aligned = 1;
  r->al = ec_align(b, e);
  /* a stored summary that kept only its slowest layers: a layer of the other
   * side without a partner may be one it did not keep, so it is neither
   * one-sided nor compared; counted, its time taken out of that side's total */
  double unstored[2] = {0, 0};
  if (b->stored_layers_partial || e->stored_layers_partial) {
    size_t w = 0;
    for (size_t k = 0; k < r->al->n; k++) {
      ec_align_pair p = r->al->v[k];
      int side = p.a >= 0 && p.b < 0 && e->stored_layers_partial ? 0 : p.b >= 0 && p.a < 0 && b->stored_layers_partial ? 1 : -1;
      if (side >= 0) {
        const ec_layer *l = side ? &e->layers[p.b] : &b->layers[p.a];
        r->n_unstored++;
        if (l->has_profile) unstored[side] += l->avg_ms / dv.d[side];
        if (side) r->al->only_b--;
        else r->al->only_a--;
        continue;
      }
      r->al->v[w++] = p;
    }
    r->al->n = w;
    r->unstored_ms = unstored[0] + unstored[1];
    if (isfinite(r->base_total_ms)) r->base_total_ms -= unstored[0];
    if (isfinite(r->engine_total_ms)) r->engine_total_ms -= unstored[1];
  }
  int stored_b = b->stored_layers >= 0 && !b->has_graph, stored_e = e->stored_layers >= 0 && !e->has_graph;
  if (stored_b || stored_e) {
    const ec_engine *x = stored_b ? b : e;
    if (x->stored_layers_partial)
      r->align_note = ec_asprintf("layers of the stored summary %s: the %zu slowest of its %lld (no graph: aligned by "
                                  "name); %zu layer%s of the other side not among them %s left out",
                                  x->name, x->n_layers, (long long)x->stored_layers, r->n_unstored,
                                  ec_plural(r->n_unstored, "", "s"), ec_plural(r->n_unstored, "is", "are"));
    else
      r->align_note = ec_asprintf("layers of the stored summary %s: all %zu, with their type, precision and time (no "
                                  "graph: aligned by name)",
                                  x->name, x->n_layers);
  } else if (!b->has_graph || !e->has_graph) {
    r->align_note = ec_strdup("layer types come from profile names only (no graph): alignment is by name");
  }
  /* the advisory per-layer rule: each layer's run-to-run noise when runs
   * with layers repeat on a side, else a floor */
  int rule = isfinite(o->max_layer_regress_pct);
  S_layer_runs lr[2] = {{0}, {0}};
  S_layer_runs_of(b, rb, &lr[0]);
  S_layer_runs_of(e, re, &lr[1]);
  int measured = rule && (lr[0].n > 1 || lr[1].n > 1);
  /* each layer's time: its median over a side's runs when several carry layers */
  double *mb = S_side_ms(b, &lr[0]), *me = S_side_ms(e, &lr[1]);
  for (size_t i = 0; i < b->n_layers; i++) mb[i] /= db; /* on the comparison's basis */
  for (size_t i = 0; i < e->n_layers; i++) me[i] /= de;
  for (int side = 0; side < 2; side++) {
    if (lr[side].n < 2) continue;
    const ec_engine *x = side ? e : b;
    const double *m = side ? me : mb;
    double t = 0;
    for (size_t i = 0; i < x->n_layers; i++)
      if (isfinite(m[i])) t += m[i];
    if (side) r->engine_total_ms = t - unstored[1];
    else r->base_total_ms = t - unstored[0];
  }
  double *noises = ec_calloc(r->al->n ? r->al->n : 1, sizeof *noises);
  size_t n_noises = 0;
  if (rule && !measured)
    r->layer_noise_note = ec_asprintf("advisory: run-to-run noise not measured (one run with layers per side), so a "
                                      "layer is listed only past the " EC_GIVEN "%% floor",
                                      fmax(o->max_layer_regress_pct, EC_LAYER_FLOOR_PCT));
  r->deltas = ec_calloc(r->al->n ? r->al->n : 1, sizeof *r->deltas);
  /* without a profile the one-sided layers' time is unknown, not 0 */
  r->only_base_ms = b->has_profile ? 0 : NAN;
  r->only_engine_ms = e->has_profile ? 0 : NAN;
  size_t cap_types = 0, cap_only = 0, cap_fam = 0;
  r->base_aligned_ms = b->has_profile ? 0 : NAN;
  r->engine_aligned_ms = e->has_profile ? 0 : NAN;
  for (size_t i = 0; i < b->n_layers; i++)
    S_fam_count(S_fam_add(&r->by_family, &r->n_by_family, &cap_fam, S_family(&b->layers[i])), &b->layers[i], 0, &dv);
  for (size_t i = 0; i < e->n_layers; i++)
    S_fam_count(S_fam_add(&r->by_family, &r->n_by_family, &cap_fam, S_family(&e->layers[i])), &e->layers[i], 1, &dv);
  for (size_t k = 0; k < r->al->n; k++) {
    const ec_align_pair *p = &r->al->v[k];
    if (p->a >= 0 && p->b < 0 && isfinite(mb[p->a])) r->only_base_ms += mb[p->a];
    if (p->b >= 0 && p->a < 0 && isfinite(me[p->b])) r->only_engine_ms += me[p->b];
    if (p->a >= 0 && p->b < 0)
      S_fam_count(S_fam_add(&r->only_by_family, &r->n_only_by_family, &cap_only, S_family(&b->layers[p->a])),
                  &b->layers[p->a], 0, &dv);
    if (p->b >= 0 && p->a < 0)
      S_fam_count(S_fam_add(&r->only_by_family, &r->n_only_by_family, &cap_only, S_family(&e->layers[p->b])),
                  &e->layers[p->b], 1, &dv);
    if (p->a < 0 || p->b < 0) continue;
    r->n_pairs++;
    if (isfinite(mb[p->a])) r->base_aligned_ms += mb[p->a];
    if (isfinite(me[p->b])) r->engine_aligned_ms += me[p->b];
    const ec_layer *la = &b->layers[p->a], *le = &e->layers[p->b];
    if (!la->has_profile || !le->has_profile) continue;
    ec_layer_delta *d = &r->deltas[r->n_deltas++];
    d->a = p->a;
    d->b = p->b;
    d->how = p->how;
    d->base_ms = mb[p->a];
    d->ms = me[p->b];
    d->delta_ms = d->ms - d->base_ms;
    d->delta_pct = d->base_ms > 0 ? 100.0 * d->delta_ms / d->base_ms : NAN;
    d->noise_pct = measured ? S_one_layer_noise(lr, la, le, o->confidence) : NAN;
    if (isfinite(d->noise_pct)) noises[n_noises++] = d->noise_pct;
    /* measured: past the limit and the layer's own noise; not measured (or
     * too few runs of this layer): past the floor */
    double limit = isfinite(d->noise_pct) ? fmax(o->max_layer_regress_pct, d->noise_pct)
                                          : fmax(o->max_layer_regress_pct, EC_LAYER_FLOOR_PCT);
    if (rule && fmax(d->base_ms, d->ms) >= o->min_layer_ms && d->delta_ms > 0 &&
        (!isfinite(d->delta_pct) || d->delta_pct > limit)) {
      d->flagged = 1;
      r->n_flagged++;
    }
    /* per type; few types, so a linear look-up */
    const char *type = ec_compare_pair_type(la, le);
    size_t t = 0;
    while (t < r->n_by_type && strcmp(r->by_type[t].type, type) != 0) t++;
    if (t == r->n_by_type) {
      ec_compare_type_delta *x = EC_PUSH(r->by_type, r->n_by_type, cap_types);
      memset(x, 0, sizeof *x);
      x->type = type;
    }
    r->by_type[t].n++;
    r->by_type[t].base_ms += d->base_ms;
    r->by_type[t].ms += d->ms;
  }
  if (r->n_deltas > 1) qsort(r->deltas, r->n_deltas, sizeof *r->deltas, S_cmp_delta);
  if (r->n_by_type > 1) qsort(r->by_type, r->n_by_type, sizeof *r->by_type, S_cmp_type);
  if (r->n_by_family > 1) qsort(r->by_family, r->n_by_family, sizeof *r->by_family, S_cmp_fam);
  if (r->n_only_by_family > 1) qsort(r->only_by_family, r->n_only_by_family, sizeof *r->only_by_family, S_cmp_fam);
  if (isfinite(r->base_total_ms) && isfinite(r->engine_total_ms)) {
    double explained = r->only_engine_ms - r->only_base_ms;
    for (size_t t = 0; t < r->n_by_type; t++) explained += r->by_type[t].ms - r->by_type[t].base_ms;
    r->half_profiled_ms = r->engine_total_ms - r->base_total_ms - explained;
    if (fabs(r->half_profiled_ms) < 1e-9 * fmax(r->base_total_ms, r->engine_total_ms)) r->half_profiled_ms = 0;
  }
  if (n_noises) {
    ec_sort_doubles(noises, n_noises);
    r->layer_noise_pct = ec_median_sorted(noises, n_noises);
  }
  if (measured && n_noises < r->n_deltas)
    r->layer_noise_note = ec_asprintf("run-to-run noise measured for %zu of %zu aligned %s (the others, on too few "
                                      "runs, are listed only past the " EC_GIVEN "%% floor)",
                                      n_noises, r->n_deltas, ec_plural(r->n_deltas, "layer",
                                                                       "layers"), fmax(o->max_layer_regress_pct,
                                                                       EC_LAYER_FLOOR_PCT));
  free(noises);
  free(mb);
  free(me);
  S_layer_runs_free(&lr[0]);
  S_layer_runs_free(&lr[1]);
}

/* ---- verdicts ----------------------------------------------------------- */

/* Why engine i cannot be gated against the baseline (ec_gate_incomparable):
 * the sides differ, or runs pooled into one side differ; NULL when it can. */
static char *S_incomparable(const ec_comparison *c, size_t i) {
  size_t side[2] = {c->baseline, i};
  for (int s = 0; s < 2; s++) {
    const ec_repeats *rp = c->opts.repeats ? &c->opts.repeats[side[s]] : NULL;
    for (size_t k = 0; rp && k < rp->n; k++) {
      char *w = ec_gate_incomparable(c->engines[side[s]], rp->v[k]);
      if (w) {
        char *r = ec_asprintf("runs pooled into %s differ in %s", c->engines[side[s]]->name, w);
        free(w);
        return r;
      }
    }
  }
  return ec_gate_incomparable(c->engines[c->baseline], c->engines[i]);
}

/* What would decide an inconclusive estimate (no enginecard option quoted:
 * narrate's words quote them): more runs, said from the measured run-to-run
 * noise when there is one. Caller frees. */
static char *S_decide(const ec_gate_est *g, double pct) {
  char e[32];
  snprintf(e, sizeof e, EC_PCT_DELTA, g->est_pct);
  switch (ec_gate_mode_of(g)) {
  case EC_GATE_MODE_THRESHOLD:
    return ec_strdup("one run per side cannot tell a change from run-to-run noise: three or more runs of each "
                     "side, or ten or more nights as the baseline, would measure it");
  case EC_GATE_MODE_INTERVAL:
    if (g->run_noise == EC_RUN_NOISE_MEASURED) {
      size_t kb, kc;
      ec_gate_runs_needed(g, pct, EC_DECIDE_MAX_RUNS, &kb, &kc);
      if (kb)
        return ec_asprintf("with the run-to-run noise measured here (" EC_PCT "), %zu baseline %s (nights) would "
                           "decide it, if the change stays at %s", 100 * sqrt(g->tau2), kb, ec_plural(kb, "run",
                                                                              "runs"), e);
      if (kc)
        return ec_asprintf("with the run-to-run noise measured here (" EC_PCT "), more baseline runs alone do not "
                           "decide it: %zu %s of the candidate and %zu of the baseline would, if the change stays "
                           "at %s", 100 * sqrt(g->tau2), kc, ec_plural(kc, "run",
                                               "runs"), g->runs_base > 10 ? g->runs_base : (size_t)10, e);
      return ec_asprintf("with the run-to-run noise measured here (" EC_PCT "), not even %d %s of each side would "
                         "decide a change this close to the limit", 100 * sqrt(g->tau2), EC_DECIDE_MAX_RUNS, ec_plural(EC_DECIDE_MAX_RUNS,
                                                                               "run", "runs"));
    }
    return ec_strdup("the given run-to-run noise is too large for one run per side to decide: repeated runs would "
                     "measure it");
  default: return NULL;
  }
}

const char *ec_change_word(ec_change c) {
  switch (c) {
  case EC_CHANGE_WORSE: return "slower";
  case EC_CHANGE_BETTER: return "faster";
  case EC_CHANGE_SAME: return "within noise";
  case EC_CHANGE_UNCLAIMED: return NULL;
  default: return "unknown";
  }
}

const char *ec_compare_direction(const ec_compare_result *r) {
  switch (r->change) {
  case EC_CHANGE_WORSE: return "slower than the baseline";
  case EC_CHANGE_BETTER: return "faster than the baseline";
  case EC_CHANGE_SAME: return "no change told from noise";
  case EC_CHANGE_UNCLAIMED:
    if (ec_gate_mode_of(&r->est) == EC_GATE_MODE_THRESHOLD)
      return ec_gate_within_excludes_zero(&r->est)
                 ? "beyond the run's own noise; run-to-run noise not measured, so no direction is claimed"
                 : "within the run's own noise";
    return "no interval, so no direction is claimed";
  default: return "unknown";
  }
}

static void S_verdict(ec_comparison *c, ec_compare_result *r, const ec_compare_result *br) {
  const ec_engine *e = c->engines[r->engine];
  double pct = c->opts.max_regress_pct;
  int gate = isfinite(pct);
  if (!isfinite(r->m.value) || !isfinite(br->m.value) || br->m.value <= 0 || r->m.value <= 0) {
    r->verdict = EC_VERDICT_NO_TIMING;
    r->change = EC_CHANGE_UNKNOWN;
    r->reason = ec_asprintf("no verdict: no timing to compare: no %s for %s, and no fallback (end-to-end latency, "
                            "layer sum) that both sides have",
                            ec_metric_name(c->used), !isfinite(br->m.value) || br->m.value <= 0 ? "the baseline" : e->name);
    c->errors++;
    if (gate) c->gates++;
    return;
  }
  r->delta_pct = 100.0 * (r->m.value - br->m.value) / br->m.value;
  r->regress_pct = r->est.est_pct;
  const ec_gate_est *g = &r->est;
  ec_gate_mode mode = ec_gate_mode_of(g);
  int iv = mode == EC_GATE_MODE_INTERVAL;
  /* a direction only where an interval at the confidence supports one */
  if (iv) r->change = g->lo_pct > 0 ? EC_CHANGE_WORSE : g->hi_pct < 0 ? EC_CHANGE_BETTER : EC_CHANGE_SAME;
  else r->change = EC_CHANGE_UNCLAIMED;
  char head[320];
  ec_gate_claim_str(head, sizeof head, g);
  const char *dir = ec_compare_direction(r);
  if (!gate) {
    r->verdict = EC_VERDICT_INFO;
    r->reason = ec_asprintf("%s: %s; no gate", head, dir);
    return;
  }
  c->gates++;
  double span_ms = g->min_span_ms;
  int past = r->regress_pct > pct;
  char *decide = NULL;
  if (r->incomparable && !c->opts.allow_mismatch) {
    r->verdict = EC_VERDICT_NOT_COMPARABLE;
    c->mismatched++;
    r->reason = ec_asprintf("%s: not comparable with the baseline (%s); no verdict (--allow-mismatch gates anyway)", head,
                            r->incomparable);
  } else if (g->min_n && g->min_n < EC_GATE_MIN_VERDICT_ITERATIONS) {
    r->verdict = EC_VERDICT_INCONCLUSIVE;
    c->inconclusive++;
    r->reason = ec_asprintf("%s: inconclusive: a run has %zu %s (fewer than %d); runs of %d or more %s "
                            "would give a verdict",
                            head, g->min_n, ec_plural(g->min_n, "iteration",
                                                      "iterations"), EC_GATE_MIN_VERDICT_ITERATIONS, EC_GATE_MIN_VERDICT_ITERATIONS, ec_plural(EC_GATE_MIN_VERDICT_ITERATIONS,
                                                      "iteration", "iterations"));
  } else if (g->run_noise != EC_RUN_NOISE_MEASURED && isfinite(span_ms) && span_ms < EC_GATE_MIN_VERDICT_MS &&
             g->min_n < EC_GATE_SHORT_RUN_ITERATIONS) {
    r->verdict = EC_VERDICT_INCONCLUSIVE;
    c->inconclusive++;
    r->reason = ec_asprintf("%s: inconclusive: a run measured " EC_MS " of iterations (under " EC_GIVEN " s); runs of " EC_GIVEN " s or "
                            "%d %s would give a verdict",
                            head, span_ms, EC_GATE_MIN_VERDICT_MS / 1000, EC_GATE_MIN_VERDICT_MS / 1000,
                            EC_GATE_SHORT_RUN_ITERATIONS, ec_plural(EC_GATE_SHORT_RUN_ITERATIONS, "iteration",
                                                                    "iterations"));
  } else if (past && iv && g->lo_pct > 0) {
    r->verdict = EC_VERDICT_FAIL;
    c->failed++;
    r->reason = ec_asprintf("%s: slower by more than the " EC_GIVEN "%% limit, and the " EC_GIVEN "%% interval excludes no change", head, pct,
                            100 * g->confidence);
  } else if (past && mode == EC_GATE_MODE_THRESHOLD && g->within_lo_pct > 0) {
    /* the within-run interval vetoes a threshold failure, it never decides one */
    r->verdict = EC_VERDICT_FAIL;
    c->failed++;
    r->reason = ec_asprintf("%s: past the " EC_GIVEN "%% limit (a threshold: one run per side, run-to-run noise not measured), "
                            "and beyond the run's own noise",
                            head, pct);
  } else if (past && mode == EC_GATE_MODE_THRESHOLD) {
    r->verdict = EC_VERDICT_INCONCLUSIVE;
    c->inconclusive++;
    decide = S_decide(g, pct);
    r->reason = ec_asprintf("%s: inconclusive: past the " EC_GIVEN "%% limit, but within the run's own noise (the within-run "
                            "interval includes no change); %s",
                            head, pct, decide);
  } else if (past && !iv) {
    r->verdict = EC_VERDICT_FAIL;
    c->failed++;
    r->reason = ec_asprintf("%s: past the " EC_GIVEN "%% limit (the estimate alone decides: no interval)", head, pct);
  } else if (past) {
    r->verdict = EC_VERDICT_INCONCLUSIVE;
    c->inconclusive++;
    decide = S_decide(g, pct);
    r->reason = decide ? ec_asprintf("%s: inconclusive: past the " EC_GIVEN "%% limit, but the " EC_GIVEN "%% interval includes no change; %s",
                                     head, pct, 100 * g->confidence, decide)
                       : ec_asprintf("%s: inconclusive: past the " EC_GIVEN "%% limit, but the " EC_GIVEN "%% interval includes no change",
                                     head, pct, 100 * g->confidence);
  } else {
    r->verdict = EC_VERDICT_PASS;
    r->reason = ec_asprintf("%s: within the " EC_GIVEN "%% limit (%s)", head, pct, dir);
  }
  free(decide);
}

ec_metric ec_metric_pick(ec_engine *const *engines, ec_summary *const *sums, size_t n, size_t baseline, ec_metric m,
                         ec_diags *diags) {
  static const ec_metric chains[][4] = {
      [EC_METRIC_GPU_MEDIAN] = {EC_METRIC_GPU_MEDIAN, EC_METRIC_LATENCY_MEDIAN, EC_METRIC_LAYER_SUM, EC_METRIC_COUNT},
      [EC_METRIC_GPU_MEAN] = {EC_METRIC_GPU_MEAN, EC_METRIC_LATENCY_MEAN, EC_METRIC_LAYER_SUM, EC_METRIC_COUNT},
      [EC_METRIC_GPU_P99] = {EC_METRIC_GPU_P99, EC_METRIC_LATENCY_P99, EC_METRIC_LAYER_SUM, EC_METRIC_COUNT},
      [EC_METRIC_THROUGHPUT] = {EC_METRIC_THROUGHPUT, EC_METRIC_GPU_MEDIAN, EC_METRIC_LATENCY_MEDIAN, EC_METRIC_LAYER_SUM},
      [EC_METRIC_LAYER_SUM] = {EC_METRIC_LAYER_SUM, EC_METRIC_GPU_MEDIAN, EC_METRIC_LATENCY_MEDIAN, EC_METRIC_COUNT},
  };
  const ec_metric *ch = chains[m <= EC_METRIC_LAYER_SUM ? m : EC_METRIC_GPU_MEDIAN];
  ec_metric base_has = EC_METRIC_COUNT;
  const char *lacking = NULL;
  for (int k = 0; k < 4 && ch[k] != EC_METRIC_COUNT; k++) {
    int all = 1;
    for (size_t i = 0; i < n; i++) {
      ec_metric_value v;
      int ok = ec_metric_of(engines[i], sums[i], ch[k], &v);
      ec_metric_value_clear(&v);
      if (!ok) {
        if (k == 0 && !lacking) lacking = engines[i]->name;
        if (i == baseline) {
          all = 0;
          break;
        }
        all = 0;
      } else if (i == baseline && base_has == EC_METRIC_COUNT) {
        base_has = ch[k];
      }
    }
    if (all) {
      if (k > 0)
        ec_diag_add(diags, EC_WARN, NULL, 0, 0, "%s is unavailable for %s; every engine is compared by %s instead",
                    ec_metric_name(m), lacking ? lacking : "an engine", ec_metric_name(ch[k]));
      return ch[k];
    }
  }
  if (base_has != EC_METRIC_COUNT && base_has != m)
    ec_diag_add(diags, EC_WARN, NULL, 0, 0, "no metric of the %s chain exists for every engine; using %s (the baseline has it)",
                ec_metric_name(m), ec_metric_name(base_has));
  return base_has != EC_METRIC_COUNT ? base_has : m;
}

/* Engine i's runs, and its metric value over them: the geometric mean of the
 * runs' statistics (or throughputs) when there are several. */
static void S_side_of(ec_comparison *c, size_t i, S_side *sd) {
  ec_compare_result *r = &c->res[i];
  S_side_runs(c, i, c->used, sd);
  r->warmup_trimmed = sd->trimmed;
  if (sd->trimmed)
    ec_diag_add(&c->diags, EC_WARN, NULL, 0, 0,
                "%s: a start-up level was trimmed: %zu iteration%s left out of the gate (at most %zu in a run)",
                c->engines[i]->name, sd->trimmed, ec_plural(sd->trimmed, "", "s"), sd->trim_max);
  if (!isfinite(r->m.value)) return;
  if (c->used == EC_METRIC_THROUGHPUT) {
    r->m.value = S_side_qps(c, i);
    const ec_repeats *rp = c->opts.repeats ? &c->opts.repeats[i] : NULL;
    r->m.runs = 1 + (rp ? rp->n : 0);
  } else if (c->used == EC_METRIC_LAYER_SUM) {
    /* no per-iteration runs: the geometric mean of every run's sum (it was
     * the first run's alone, so a trend whose baseline window ended on the
     * first red night read a second red night as no change) */
    const ec_repeats *rp = c->opts.repeats ? &c->opts.repeats[i] : NULL;
    if (rp && rp->n) {
      double sum = log(r->m.value);
      size_t k = 1;
      for (size_t j = 0; j < rp->n; j++) {
        ec_summary *s = ec_summarize(rp->v[j]);
        ec_metric_value v;
        if (ec_metric_of(rp->v[j], s, EC_METRIC_LAYER_SUM, &v) && isfinite(v.value) && v.value > 0)
          sum += log(v.value), k++;
        ec_metric_value_clear(&v);
        ec_summary_free(s);
      }
      r->m.value = exp(sum / (double)k);
      r->m.runs = k;
    }
  } else if (sd->n >= 1) {
    /* the figure the change is computed from: after any start-up level is
     * left out, over every run (the geometric mean of the runs' statistics) */
    double sum = 0;
    size_t samples = 0;
    for (size_t k = 0; k < sd->n; k++) {
      sum += log(sd->d[k].value);
      samples += sd->d[k].n;
    }
    r->m.value = exp(sum / (double)sd->n);
    r->m.runs = sd->n;
    r->m.samples = samples;
  }
  if (sd->n == 1 && sd->trimmed && !sd->from_files) {
    free(r->m.dist);
    r->m.dist = ec_asprintf("%zu per-iteration %s after a start-up level of %zu was left out", sd->d[0].n,
                            ec_plural(sd->d[0].n, "time", "times"), sd->trimmed);
  } else if (sd->n > 1 || sd->from_files) {
    free(r->m.dist);
    size_t it = 0;
    int sketch = 0, known = 1;
    for (size_t k = 0; k < sd->n; k++) {
      it += sd->d[k].n;
      sketch |= sd->d[k].sketch && !sd->d[k].sketch_p;
      known &= sd->d[k].n > 0 && (sd->d[k].sorted || sd->d[k].sketch);
    }
    if (!known) r->m.dist = ec_strdup(c->used == EC_METRIC_LAYER_SUM ? "per-layer averages only" : "summary statistics only (no per-iteration distribution)");
    else r->m.dist = ec_asprintf("%zu run%s, %zu %s%s", sd->n, ec_plural(sd->n, "", "s"), it,
                                 ec_plural(it, "iteration", "iterations"),
                                  sketch ? " (a stored sketch)" : sd->from_files ? " (approximated from stored percentiles)" : "");
  }
}

/* The estimate of candidate r against the baseline's runs. */
/* A change p (percent) of the measured values moved to the comparison's
 * basis: times k slower (k = the baseline's divisor over the engine's). */
static double S_rebase_pct(double p, double k) { return isfinite(p) ? 100 * ((1 + p / 100) * k - 1) : p; }

static void S_estimate(ec_comparison *c, ec_compare_result *r, const S_side *bs, const S_side *cs) {
  ec_stat st = S_stat_kind(c->used);
  const ec_compare_result *br = &c->res[c->baseline];
  if (ec_gate_estimate_rn(st, bs->d, bs->n, cs->d, cs->n, c->opts.confidence, 0, EC_GATE_SEED, c->opts.run_noise_pct,
                          c->opts.runs_rho, &r->est) != 0) {
    r->est.est_pct = 100 * (r->raw_value / br->raw_value - 1);
    r->est.why = "a side has no per-iteration distribution";
  }
  if (c->used == EC_METRIC_LAYER_SUM) {
    /* no distribution: the estimate of the sums, no interval */
    r->est.est_pct = 100 * (r->raw_value / br->raw_value - 1);
    r->est.lo_pct = r->est.hi_pct = NAN;
    r->est.runs_base = r->est.runs_cand = 1;
    r->est.method = "estimate only";
    r->est.why = "layer-sum has no per-iteration distribution (a profile keeps per-layer averages)";
  } else if (c->used == EC_METRIC_THROUGHPUT) {
    /* time per query from the qps ratio; the interval of the mean time, moved */
    double dq = log(br->raw_value) - log(r->raw_value), dt = log1p(r->est.est_pct / 100);
    r->est.est_pct = 100 * expm1(dq);
    if (isfinite(r->est.lo_pct)) {
      r->est.lo_pct = 100 * expm1(dq + log1p(r->est.lo_pct / 100) - dt);
      r->est.hi_pct = 100 * expm1(dq + log1p(r->est.hi_pct / 100) - dt);
    }
    if (isfinite(r->est.within_lo_pct)) {
      r->est.within_lo_pct = 100 * expm1(dq + log1p(r->est.within_lo_pct / 100) - dt);
      r->est.within_hi_pct = 100 * expm1(dq + log1p(r->est.within_hi_pct / 100) - dt);
    }
    r->est.method = isfinite(r->est.lo_pct) || isfinite(r->est.within_lo_pct)
                        ? "throughput as time per query (the qps ratio); the interval as wide as that of the mean GPU "
                          "compute time"
                        : "estimate only";
  }
  /* the measured change, then the same change per inference (a constant factor moves the interval with it) */
  r->raw_regress_pct = r->est.est_pct;
  double k = ec_compare_divisor(c, c->baseline) / ec_compare_divisor(c, r->engine);
  if (k != 1) {
    ec_gate_est *g = &r->est;
    g->est_pct = S_rebase_pct(g->est_pct, k);
    g->lo_pct = S_rebase_pct(g->lo_pct, k);
    g->hi_pct = S_rebase_pct(g->hi_pct, k);
    g->within_lo_pct = S_rebase_pct(g->within_lo_pct, k);
    g->within_hi_pct = S_rebase_pct(g->within_hi_pct, k);
  }
}

ec_comparison *ec_compare(ec_engine *const *engines, size_t n, const ec_kvs *labels, const ec_compare_opts *o) {
  ec_comparison *c = ec_calloc(1, sizeof *c);
  c->engines = engines;
  c->n = n;
  c->opts = *o;
  if (!(c->opts.confidence > 0 && c->opts.confidence < 1)) c->opts.confidence = EC_GATE_CONFIDENCE;
  if (!isfinite(c->opts.min_layer_ms)) c->opts.min_layer_ms = EC_MIN_LAYER_MS;
  c->baseline = o->baseline < n ? o->baseline : 0;
  if (c->opts.no_gate) c->opts.max_regress_pct = NAN, c->platform = 1;
  c->requested = o->metric_given ? o->metric : EC_METRIC_GPU_MEDIAN;
  c->res = ec_calloc(n ? n : 1, sizeof *c->res);
  if (!n) return c;
  ec_summary **sums = ec_calloc(n, sizeof *sums);
  for (size_t i = 0; i < n; i++) sums[i] = ec_summarize(engines[i]);
  c->used = ec_metric_pick(engines, sums, n, c->baseline, c->requested, &c->diags);
  if (c->used == EC_METRIC_LAYER_SUM)
    ec_diag_add(&c->diags, EC_WARN, NULL, 0, 0,
                "layer-sum adds per-layer averages measured one layer at a time; it overstates end-to-end latency");
  c->batch = ec_calloc(n, sizeof *c->batch);
  c->per_inference = ec_compare_basis(engines, n, c->batch);
  S_side *sides = ec_calloc(n, sizeof *sides);
  for (size_t i = 0; i < n; i++) {
    ec_compare_result *r = &c->res[i];
    r->engine = i;
    r->delta_pct = r->regress_pct = r->raw_regress_pct = NAN;
    r->base_total_ms = r->engine_total_ms = r->layer_noise_pct = NAN;
    ec_metric_of(engines[i], sums[i], c->used, &r->m);
    if (r->m.single_sample)
      ec_diag_add(&c->diags, EC_WARN, NULL, 0, 0, "%s: the profile holds a single sample (count: 1); its layer times are one measurement",
                  engines[i]->name);
    S_side_of(c, i, &sides[i]); /* a multi-run timing file: the loader said it is taken as repeated runs */
  }
  /* the metric on the comparison's basis; the estimates read the measured values */
  for (size_t i = 0; i < n; i++) {
    ec_compare_result *r = &c->res[i];
    r->raw_value = r->m.value;
    double d = ec_compare_divisor(c, i);
    if (d != 1 && isfinite(r->m.value)) r->m.value = c->used == EC_METRIC_THROUGHPUT ? r->m.value * d : r->m.value / d;
  }
  for (size_t i = 0; i < n; i++) {
    ec_compare_result *r = &c->res[i];
    if (i == c->baseline) {
      r->verdict = EC_VERDICT_BASELINE;
      r->change = EC_CHANGE_SAME;
      r->delta_pct = r->regress_pct = r->raw_regress_pct = isfinite(r->m.value) ? 0 : NAN;
      ec_gate_estimate(S_stat_kind(c->used), NULL, 0, NULL, 0, c->opts.confidence, 0, EC_GATE_SEED, &r->est);
      r->reason = isfinite(r->m.value) ? ec_strdup("baseline")
                                       : ec_asprintf("baseline: %s unavailable", ec_metric_name(c->used));
      continue;
    }
    r->device_why = ec_gate_device_incomparable(engines[c->baseline], engines[i]);
    if (r->device_why) c->platform = 1;
    if (isfinite(r->m.value) && isfinite(c->res[c->baseline].m.value)) S_estimate(c, r, &sides[c->baseline], &sides[i]);
    else ec_gate_estimate(S_stat_kind(c->used), NULL, 0, NULL, 0, c->opts.confidence, 0, EC_GATE_SEED, &r->est);
    r->incomparable = S_incomparable(c, i);
    S_verdict(c, r, &c->res[c->baseline]);
    S_comparability(r, engines[c->baseline], engines[i], labels ? &labels[c->baseline] : NULL,
                    labels ? &labels[i] : NULL);
    S_engine_diffs(r, engines[c->baseline], engines[i], sums[c->baseline], sums[i]);
    S_layers(r, engines[c->baseline], engines[i], sums[c->baseline], sums[i], &c->opts,
             ec_compare_divisor(c, c->baseline), ec_compare_divisor(c, i),
             c->opts.repeats ? &c->opts.repeats[c->baseline] : NULL, c->opts.repeats ? &c->opts.repeats[i] : NULL);
  }
  for (size_t i = 0; i < n; i++) S_side_free(&sides[i]);
  c->sums = sums;
  free(sides);
  return c;
}

void ec_comparison_free(ec_comparison *c) {
  if (!c) return;
  for (size_t i = 0; i < c->n; i++) {
    ec_compare_result *r = &c->res[i];
    ec_metric_value_clear(&r->m);
    free(r->reason);
    free(r->incomparable);
    for (size_t k = 0; k < r->n_mism; k++) {
      free(r->mism[k].what);
      free(r->mism[k].base);
      free(r->mism[k].other);
    }
    free(r->mism);
    for (size_t k = 0; k < r->n_dflt; k++) {
      free(r->dflt[k].what);
      free(r->dflt[k].base);
      free(r->dflt[k].other);
    }
    free(r->dflt);
    for (size_t k = 0; k < r->n_diff; k++) {
      free(r->diff[k].what);
      free(r->diff[k].base);
      free(r->diff[k].other);
    }
    free(r->diff);
    free(r->align_note);
    ec_alignment_free(r->al);
    free(r->deltas);
    free(r->by_type);
    free(r->layer_noise_note);
    free(r->by_family);
    free(r->only_by_family);
    free(r->device_why);
  }
  free(c->res);
  free(c->batch);
  for (size_t i = 0; c->sums && i < c->n; i++) ec_summary_free(c->sums[i]);
  free(c->sums);
  ec_diags_free(&c->diags);
  free(c);
}

char *ec_compare_gate_rule(const ec_comparison *c) {
  if (!isfinite(c->opts.max_regress_pct)) return NULL;
  double pct = c->opts.max_regress_pct, conf = 100 * c->opts.confidence;
  int any[4] = {0, 0, 0, 0};
  for (size_t i = 0; i < c->n; i++)
    if (i != c->baseline) any[ec_gate_mode_of(&c->res[i].est)] = 1;
  int modes = any[EC_GATE_MODE_INTERVAL] + any[EC_GATE_MODE_THRESHOLD] + any[EC_GATE_MODE_ESTIMATE];
  char iv[160], thr[256], est[128];
  snprintf(iv, sizeof iv, "its " EC_GIVEN "%% interval excludes no change", conf);
  snprintf(thr, sizeof thr,
           "a threshold on the estimate (one run per side: run-to-run noise not measured), inconclusive when the "
           "run's own noise explains it");
  snprintf(est, sizeof est, "the estimate alone (no per-iteration distribution, no interval)");
  if (modes <= 1) {
    if (any[EC_GATE_MODE_THRESHOLD]) return ec_asprintf("fail when the estimated slowdown exceeds " EC_GIVEN "%%: %s", pct, thr);
    if (any[EC_GATE_MODE_ESTIMATE]) return ec_asprintf("fail when the estimated slowdown exceeds " EC_GIVEN "%%: %s", pct, est);
    return ec_asprintf("fail when the estimated slowdown exceeds " EC_GIVEN "%% and %s", pct, iv);
  }
  ec_buf b = {0};
  ec_buf_printf(&b, "fail when the estimated slowdown exceeds " EC_GIVEN "%%", pct);
  const char *sep = ": ";
  if (any[EC_GATE_MODE_INTERVAL]) ec_buf_printf(&b, "%swith repeated runs or a given run-to-run noise, when %s", sep, iv), sep = "; ";
  if (any[EC_GATE_MODE_THRESHOLD]) ec_buf_printf(&b, "%swith one run per side, as %s", sep, thr), sep = "; ";
  if (any[EC_GATE_MODE_ESTIMATE]) ec_buf_printf(&b, "%swithout a distribution, by %s", sep, est);
  return ec_buf_take(&b);
}

ec_outcome ec_compare_outcome(const ec_comparison *c) {
  if (c->failed || c->precision_missed) return EC_OUTCOME_FAIL;
  if (c->errors) return EC_OUTCOME_NO_TIMING;
  if (c->mismatched) return EC_OUTCOME_MISMATCH;
  if (c->inconclusive) return EC_OUTCOME_INCONCLUSIVE;
  return c->gates ? EC_OUTCOME_PASS : EC_OUTCOME_NO_GATE;
}

const char *ec_outcome_name(ec_outcome o) {
  static const char *const n[] = {"not comparable", "fail", "pass", "no gate", "not comparable", "inconclusive", "no timing"};
  return (unsigned)o < 7 ? n[o] : "not comparable";
}

int ec_outcome_no_verdict(ec_outcome o) {
  return o == EC_OUTCOME_MISMATCH || o == EC_OUTCOME_INCONCLUSIVE || o == EC_OUTCOME_NO_TIMING;
}

const char *ec_verdict_words(ec_verdict v) {
  switch (v) {
  case EC_VERDICT_BASELINE: return "baseline";
  case EC_VERDICT_PASS: return "pass";
  case EC_VERDICT_FAIL: return "fail";
  case EC_VERDICT_INFO: return "no gate";
  case EC_VERDICT_INCONCLUSIVE: return "inconclusive";
  case EC_VERDICT_NO_TIMING: return "no timing";
  default: return "not comparable";
  }
}

/* ---- across platforms and networks ----------------------------------------- */

double ec_compare_time_ratio(const ec_comparison *c, size_t i) {
  double b = c->res[c->baseline].m.value, x = c->res[i].m.value;
  if (!(b > 0) || !(x > 0)) return NAN;
  return ec_metric_smaller_better(c->used) ? x / b : b / x;
}

char *ec_compare_moved_text(const ec_compare_result *r) {
  if (!r->aligned || !r->n_by_type) return NULL;
  double sum = 0;
  for (size_t t = 0; t < r->n_by_type; t++) sum += fabs(r->by_type[t].ms - r->by_type[t].base_ms);
  if (!(sum > 0)) return NULL;
  ec_buf b = {0};
  int used[3] = {-1, -1, -1};
  for (int k = 0; k < 3; k++) { /* the largest changes first, ties by type */
    long best = -1;
    for (size_t t = 0; t < r->n_by_type; t++) {
      double d = fabs(r->by_type[t].ms - r->by_type[t].base_ms);
      if (100 * d / sum < EC_MOVED_NOTABLE_PCT || (long)t == used[0] || (long)t == used[1]) continue;
      if (best < 0 || d > fabs(r->by_type[best].ms - r->by_type[best].base_ms)) best = (long)t;
    }
    if (best < 0) break;
    used[k] = (int)best;
    const ec_compare_type_delta *x = &r->by_type[best];
    ec_buf_printf(&b, "%s%s " EC_MS_DELTA, k ? ", " : "", x->type, x->ms - x->base_ms);
    if (x->base_ms > 0) ec_buf_printf(&b, " (" EC_PCT_DELTA ")", 100 * (x->ms / x->base_ms - 1));
  }
  return b.len ? ec_buf_take(&b) : (ec_buf_free(&b), NULL);
}

/* share in percent, or NAN */

char *ec_compare_alignment_text(const ec_comparison *c, size_t i) {
  const ec_compare_result *r = &c->res[i];
  if (i == c->baseline || !r->aligned) return NULL;
  const ec_engine *b = c->engines[c->baseline], *e = c->engines[i];
  ec_buf t = {0};
  ec_buf_printf(&t, "%zu of %zu %s of %s and %zu of %zu of %s aligned", r->n_pairs, b->n_layers,
                ec_plural(b->n_layers, "layer", "layers"), b->name,
                r->n_pairs, e->n_layers, e->name);
  double sb = ec_share_pct(r->base_aligned_ms, r->base_total_ms), se = ec_share_pct(r->engine_aligned_ms, r->engine_total_ms);
  if (isfinite(sb) && isfinite(se)) ec_buf_printf(&t, ", " EC_PCT " and " EC_PCT " of their layer time", sb, se);
  double change = r->engine_total_ms - r->base_total_ms;
  size_t only = r->al ? r->al->only_a + r->al->only_b : 0;
  if (only && isfinite(change) && isfinite(r->only_base_ms) && isfinite(r->only_engine_ms))
    ec_buf_printf(&t, "; the %zu %s on one side only account for " EC_MS_DELTA " of the " EC_MS_DELTA " change", only,
                  ec_plural(only, "layer", "layers"),
                  r->only_engine_ms - r->only_base_ms, change);
  if ((isfinite(sb) && sb < 50) || (isfinite(se) && se < 50) ||
      (!isfinite(sb) && (2 * r->n_pairs < b->n_layers || 2 * r->n_pairs < e->n_layers)))
    ec_buf_puts(&t, ": these look like different networks, so layer-by-layer changes compare unlike layers");
  ec_buf_putc(&t, '.');
  return t.data;
}

/* ---- the basis of the figures -------------------------------------------- */

int ec_compare_basis(ec_engine *const *engines, size_t n, long *batch) {
  int known = n > 0, differ = 0;
  for (size_t i = 0; i < n; i++) {
    batch[i] = ec_engine_batch(engines[i]);
    known &= batch[i] > 0;
    differ |= i && batch[i] != batch[0];
  }
  return known && differ;
}

double ec_compare_divisor(const ec_comparison *c, size_t i) {
  return c->per_inference && c->batch && i < c->n && c->batch[i] > 0 ? (double)c->batch[i] : 1;
}

const char *ec_compare_unit(const ec_comparison *c) {
  if (c->used == EC_METRIC_THROUGHPUT) return c->per_inference ? "inferences/s" : "qps";
  return c->per_inference ? "ms per inference" : "ms";
}

const char *ec_compare_pair_type(const ec_layer *a, const ec_layer *b) {
  if (a->type && strcmp(a->type, "Unknown")) return a->type;
  if (b && b->type && strcmp(b->type, "Unknown")) return b->type;
  return ec_layer_shown_type(a);
}

/* ---- what changed inside a pair ------------------------------------------ */

/* A value a layer's source gave (not a loader placeholder). */
static int S_known(const char *s) {
  return s && *s && strcmp(s, "Unknown") && strcmp(s, "None") && strcmp(s, "TensorRT");
}

static int S_differ(const char *a, const char *b) { return S_known(a) && S_known(b) && strcmp(a, b); }

/* Two kernel names in a reason: 48 characters of each from a little before
 * where they first differ ("…" where cut), so names that share a long
 * start still show what tells them apart; --json has them whole. */
#define S_KERNEL_SHOWN 48
static void S_kernels(ec_buf *t, const char *a, const char *b) {
  size_t p = 0;
  while (a[p] && a[p] == b[p]) p++;
  size_t from = p > 24 ? p - 12 : 0;
  while (from && ((unsigned char)a[from] & 0xC0) == 0x80) from--; /* a character's first byte */
  const char *k[2] = {a, b};
  for (int i = 0; i < 2; i++) {
    const char *s = k[i] + from;
    size_t n = strlen(s), cut = ec_utf8_prefix(s, n, S_KERNEL_SHOWN);
    ec_buf_printf(t, "%s%s%.*s%s", i ? " \xE2\x86\x92 " : "", from ? "\xE2\x80\xA6" : "", (int)cut, s,
                  cut < n ? "\xE2\x80\xA6" : "");
  }
}

/* A kernel name without the architecture it was built for: "sm80_xmma_..."
 * and "sm86_xmma_..." (or "cutlass3x_sm100_...") are one kernel on two
 * GPUs, not a changed implementation. Returns where the rest starts and
 * sets *skip to the bytes of "smNN_" left out at *at. */
static const char *S_kernel_arch(const char *k, size_t *at, size_t *skip) {
  *at = *skip = 0;
  for (const char *p = k; (p = strstr(p, "sm")); p += 2) {
    if (p != k && p[-1] != '_') continue;
    size_t d = 0;
    while (p[2 + d] >= '0' && p[2 + d] <= '9') d++;
    if (d >= 2 && p[2 + d] == '_') {
      *at = (size_t)(p - k);
      *skip = 3 + d;
      return k;
    }
  }
  return k;
}

/* Two kernel names given and different once their architecture is left out. */
static int S_kernel_differs(const char *a, const char *b) {
  if (!S_differ(a, b)) return 0;
  size_t aa, as, ba, bs;
  S_kernel_arch(a, &aa, &as);
  S_kernel_arch(b, &ba, &bs);
  if (!as || !bs || aa != ba || memcmp(a, b, aa)) return 1;
  return strcmp(a + aa + as, b + ba + bs) != 0;
}

unsigned ec_compare_pair_changes(const ec_layer *a, const ec_layer *b) {
  unsigned k = 0;
  if (S_differ(a->layer_type, b->layer_type) || S_kernel_differs(a->tactic, b->tactic)) k |= EC_PAIR_IMPLEMENTATION;
  if (S_differ(a->precision, b->precision) || S_differ(a->out_precision, b->out_precision)) k |= EC_PAIR_PRECISION;
  return k;
}

char *ec_compare_pair_why(const ec_layer *a, const ec_layer *b) {
  unsigned k = ec_compare_pair_changes(a, b);
  if (!k) return NULL;
  ec_buf t = {0};
  if (k & EC_PAIR_IMPLEMENTATION) {
    if (S_differ(a->layer_type, b->layer_type))
      ec_buf_printf(&t, "implementation changed: %s \xE2\x86\x92 %s", a->layer_type, b->layer_type);
    else {
      ec_buf_puts(&t, "implementation changed: kernel ");
      S_kernels(&t, a->tactic, b->tactic);
    }
  }
  if (k & EC_PAIR_PRECISION) {
    int in = S_differ(a->precision, b->precision);
    ec_buf_printf(&t, "%s%s changed: %s \xE2\x86\x92 %s", t.len ? "; " : "", in ? "precision" : "output precision",
                  in ? a->precision : a->out_precision, in ? b->precision : b->out_precision);
  }
  return ec_buf_take(&t);
}

/* ---- every layer moved by about the same factor ---------------------------- */

int ec_compare_uniform(const ec_comparison *c, size_t i, ec_uniform *u) {
  memset(u, 0, sizeof *u);
  u->low_pct = u->high_pct = NAN;
  if (i >= c->n || i == c->baseline || c->per_inference) return 0;
  const ec_compare_result *r = &c->res[i];
  if (!r->aligned || r->device_why || !(r->base_total_ms > 0)) return 0;
  const ec_engine *b = c->engines[c->baseline], *e = c->engines[i];
  double lo = INFINITY, hi = 0, base_ms = 0;
  for (size_t k = 0; k < r->n_deltas; k++) {
    const ec_layer_delta *d = &r->deltas[k];
    if (!(fmax(d->base_ms, d->ms) >= c->opts.min_layer_ms) || !(d->base_ms > 0) || !(d->ms > 0)) continue;
    /* the same engine measured again: a changed kernel or precision is an engine change */
    if (ec_compare_pair_changes(&b->layers[d->a], &e->layers[d->b])) return 0;
    double q = d->ms / d->base_ms;
    lo = fmin(lo, q);
    hi = fmax(hi, q);
    base_ms += d->base_ms;
    u->layers++;
  }
  if (u->layers < EC_UNIFORM_MIN_LAYERS || base_ms < 0.5 * r->base_total_ms) return 0;
  double step = 1 + EC_UNIFORM_MIN_PCT / 100;
  if (!((lo >= step || hi <= 1 / step) && hi / lo <= EC_UNIFORM_SPREAD)) return 0;
  u->low_pct = 100 * (lo - 1);
  u->high_pct = 100 * (hi - 1);
  return 1;
}

char *ec_compare_uniform_text(const ec_comparison *c, size_t i) {
  ec_uniform u;
  if (!ec_compare_uniform(c, i, &u)) return NULL;
  return ec_asprintf("every layer moved by about the same factor (" EC_PCT_DELTA " to " EC_PCT_DELTA
                     " on each of %zu aligned %s): check clocks, concurrent streams or contexts before the engine",
                     u.low_pct, u.high_pct, u.layers, ec_plural(u.layers, "layer", "layers"));
}
