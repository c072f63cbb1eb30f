/* compare — metric, noise band, verdicts, comparability and per-layer deltas.
 * See compare.h for the rules and their constants. */
#include "analyze/compare.h"
#include "util/alloc.h"
#include "util/buf.h"
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

int ec_metric_parse(const char *s, ec_metric *out) {
  for (int m = 0; m <= EC_METRIC_LAYER_SUM; m++)
    if (strcmp(s, S_metrics[m].name) == 0) {
      *out = (ec_metric)m;
      return 0;
    }
  return -1;
}

const char *ec_verdict_name(ec_verdict v) {
  static const char *const n[] = {"baseline", "pass", "fail", "info", "error"};
  return (unsigned)v < 5 ? n[v] : "error";
}

const char *ec_change_name(ec_change c) {
  static const char *const n[] = {"same", "worse", "better", "unknown"};
  return (unsigned)c < 4 ? n[c] : "unknown";
}

void ec_metric_value_clear(ec_metric_value *v) {
  free(v->spread);
  memset(v, 0, sizeof *v);
  v->value = NAN;
  v->cv = NAN;
}

/* ---- metric ------------------------------------------------------------- */

/* Spread of reported statistics: a stored stdev, else a normal-theory
 * estimate from a percentile, else the range rule. */
static void S_stats_spread(const ec_stats *st, ec_metric_value *v) {
  double sd = ec_stats_get(st, "stdev"), mean = ec_stats_get(st, "mean"), med = ec_stats_get(st, "median");
  double mn = ec_stats_get(st, "min"), mx = ec_stats_get(st, "max");
  if (isfinite(sd) && isfinite(mean) && mean > 0) {
    v->cv = sd / mean;
    v->spread = ec_strdup("stdev/mean of the stored per-iteration times");
    return;
  }
  static const struct {
    const char *label;
    double z;
  } pz[] = {{"p90", 1.2816}, {"p95", 1.6449}, {"p99", 2.3263}};
  double ref = isfinite(med) && med > 0 ? med : mean;
  if (!(isfinite(ref) && ref > 0)) return;
  if (isfinite(med))
    for (size_t k = 0; k < 3; k++) {
      double p = ec_stats_get(st, pz[k].label);
      if (!isfinite(p)) continue;
      v->cv = fmax(p - med, 0) / pz[k].z / ref;
      v->spread = ec_asprintf("estimated from summary statistics: (%s - median)/%.4g/median (normal tail)", pz[k].label,
                              pz[k].z);
      return;
    }
  if (isfinite(mn) && isfinite(mx)) {
    v->cv = fmax(mx - mn, 0) / 4 / ref;
    v->spread = ec_strdup("estimated from summary statistics: (max - min)/4/median (range rule)");
  }
}

static int S_stat_metric(const ec_summary *s, int has, const ec_sample_stats *ss, const ec_stats *st,
                         const char *stat, ec_metric_value *v) {
  if (s && has) {
    v->value = strcmp(stat, "median") == 0 ? ss->median : strcmp(stat, "mean") == 0 ? ss->mean : ss->p99;
    v->cv = ss->cv;
    v->samples = ss->count;
    v->source = "timing.json";
    v->spread = ec_asprintf("stdev/mean of %zu per-iteration times (timing.json)", ss->count);
    return isfinite(v->value);
  }
  double x = ec_stats_get(st, stat);
  if (!isfinite(x)) return 0;
  v->value = x;
  v->source = st->source ? st->source : "unknown";
  double c = ec_stats_get(st, "count");
  v->samples = isfinite(c) && c > 0 ? (size_t)c : 0;
  S_stats_spread(st, v);
  return 1;
}

/* CV of GPU compute (else latency) for metrics with no spread of their own. */
static void S_borrow_cv(const ec_engine *e, const ec_summary *s, ec_metric_value *v, const char *why) {
  ec_metric_value g = {0};
  g.value = g.cv = NAN;
  int ok = S_stat_metric(s, s && s->has_compute, s ? &s->compute : NULL, &e->perf.gpu_compute, "median", &g);
  if (!ok || !isfinite(g.cv)) {
    ec_metric_value_clear(&g);
    ok = S_stat_metric(s, s && s->has_timing, s ? &s->timing : NULL, &e->perf.latency, "median", &g);
  }
  if (ok && isfinite(g.cv)) {
    v->cv = g.cv;
    v->spread = ec_asprintf("%s, borrowed from GPU timing (%s)", why, g.spread ? g.spread : g.source);
  } else {
    v->spread = ec_asprintf("unknown: %s and no GPU timing spread", why);
  }
  ec_metric_value_clear(&g);
}

int ec_metric_of(const ec_engine *e, const ec_summary *s, ec_metric m, ec_metric_value *v) {
  memset(v, 0, sizeof *v);
  v->metric = m;
  v->value = NAN;
  v->cv = NAN;
  v->unit = m == EC_METRIC_THROUGHPUT ? "qps" : "ms";
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
      S_borrow_cv(e, s, v, "throughput is about 1/latency");
      ok = 1;
    }
    break;
  case EC_METRIC_LAYER_SUM:
    if (s && e->has_profile && e->n_layers && s->has_latency) {
      v->value = s->total_ms;
      v->source = "profile";
      v->samples = e->profile_count > 0 ? (size_t)e->profile_count : 0;
      v->single_sample = e->profile_count == 1;
      S_borrow_cv(e, s, v, "per-layer spread is not recorded");
      ok = 1;
    } else if (isfinite(e->stored_layer_sum_ms) && e->stored_layer_sum_ms > 0) {
      /* a stored summary keeps the sum, not the layers */
      v->value = e->stored_layer_sum_ms;
      v->source = "summary (profile)";
      v->samples = e->stored_profile_count > 0 ? (size_t)e->stored_profile_count : 0;
      v->single_sample = e->stored_profile_count == 1;
      S_borrow_cv(e, s, v, "per-layer spread is not recorded");
      ok = 1;
    }
    break;
  default:
    break;
  }
  if (!ok) {
    free(v->spread);
    v->spread = NULL;
    v->value = NAN;
    v->cv = NAN;
    v->source = NULL;
    v->samples = 0;
  }
  return ok;
}

double ec_noise_band_pct(double cb, double co, double k) {
  if (!isfinite(cb) && !isfinite(co)) return NAN;
  if (!isfinite(cb)) cb = co;
  if (!isfinite(co)) co = cb;
  return k * sqrt(cb * cb + co * co) * 100.0;
}

/* ---- comparability ------------------------------------------------------ */

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
  snprintf(sb, sizeof sb, "%.6g", b);
  snprintf(so, sizeof so, "%.6g", o);
  S_mism(r, what, sb, so);
}

/* Input binding shapes: "name=1x3x224x224; ..."; caller frees; NULL when unknown. */
static char *S_input_shapes(const ec_engine *e) {
  ec_buf b = {0};
  for (size_t k = 0; k < e->n_bindings; k++) {
    const ec_binding *x = &e->bindings[k];
    if (x->dir != EC_BIND_INPUT || !x->described) continue;
    if (b.len) ec_buf_puts(&b, "; ");
    ec_buf_put(&b, x->t.name, x->t.name_len);
    ec_buf_putc(&b, '=');
    for (int d = 0; d < x->t.ndims; d++) ec_buf_printf(&b, "%s%lld", d ? "x" : "", (long long)x->t.dims[d]);
  }
  return b.len ? ec_buf_take(&b) : (ec_buf_free(&b), NULL);
}

/* trtexec options that change the numbers (same keys in logs and TREx metadata). */
static const char *const S_inference_keys[] = {"CUDA Graph",         "Spin-wait",    "Data transfers",
                                               "Separate profiling", "Batch",        "Input inference shape",
                                               "Input inference shapes", "Streams",  "Multithreading"};

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
    char what[96];
    snprintf(what, sizeof what, "trtexec option %s", S_inference_keys[k]);
    S_cmp_str(r, what, ec_kvs_get(&b->inference_options, S_inference_keys[k]),
              ec_kvs_get(&e->inference_options, S_inference_keys[k]));
  }
  char *sb = S_input_shapes(b), *se = S_input_shapes(e);
  S_cmp_str(r, "input shapes", sb, se);
  free(sb);
  free(se);
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

static void S_layers(ec_compare_result *r, const ec_engine *b, const ec_engine *e, const ec_compare_opts *o) {
  if (!b->n_layers || !e->n_layers) {
    const ec_engine *x = !b->n_layers ? b : e;
    r->align_note = ec_asprintf("%s has no layers (%s); alignment skipped", x->name,
                                x->n_files && x->files[0].kind == EC_FILE_SUMMARY ? "a stored summary"
                                                                                   : "no graph or profile");
    return;
  }
  r->aligned = 1;
  r->al = ec_align(b, e);
  if (!b->has_graph || !e->has_graph)
    r->align_note = ec_strdup("layer types come from profile names only (no graph): alignment is by name");
  r->deltas = ec_calloc(r->al->n ? r->al->n : 1, sizeof *r->deltas);
  /* without a profile the one-sided layers' time is unknown, not 0 */
  r->only_base_ms = b->has_profile ? 0 : NAN;
  r->only_engine_ms = e->has_profile ? 0 : NAN;
  for (size_t k = 0; k < r->al->n; k++) {
    const ec_align_pair *p = &r->al->v[k];
    if (p->a >= 0 && p->b < 0 && b->layers[p->a].has_profile) r->only_base_ms += b->layers[p->a].avg_ms;
    if (p->b >= 0 && p->a < 0 && e->layers[p->b].has_profile) r->only_engine_ms += e->layers[p->b].avg_ms;
    if (p->a < 0 || p->b < 0) continue;
    const ec_layer *la = &b->layers[p->a], *le = &e->layers[p->b];
    if (!la->has_profile || !le->has_profile) continue;
    ec_layer_delta *d = &r->deltas[r->n_deltas++];
    d->a = p->a;
    d->b = p->b;
    d->how = p->how;
    d->base_ms = la->avg_ms;
    d->ms = le->avg_ms;
    d->delta_ms = le->avg_ms - la->avg_ms;
    d->delta_pct = la->avg_ms > 0 ? 100.0 * d->delta_ms / la->avg_ms : NAN;
    if (isfinite(o->max_layer_regress_pct) && fmax(d->base_ms, d->ms) >= o->min_layer_ms && d->delta_ms > 0 &&
        (!isfinite(d->delta_pct) || d->delta_pct > o->max_layer_regress_pct)) {
      d->flagged = 1;
      r->n_flagged++;
    }
  }
  if (r->n_deltas > 1) qsort(r->deltas, r->n_deltas, sizeof *r->deltas, S_cmp_delta);
}

/* ---- verdicts ----------------------------------------------------------- */

static void S_verdict(ec_comparison *c, ec_compare_result *r, const ec_metric_value *base) {
  const ec_engine *e = c->engines[r->engine];
  double pct = c->opts.max_regress_pct;
  int gate = isfinite(pct);
  if (!isfinite(r->m.value) || !isfinite(base->value) || base->value <= 0) {
    r->verdict = EC_VERDICT_ERROR;
    r->change = EC_CHANGE_UNKNOWN;
    r->reason = ec_asprintf("%s unavailable for %s", ec_metric_name(c->used),
                            !isfinite(base->value) || base->value <= 0 ? "the baseline" : e->name);
    c->errors++;
    if (gate) c->gates++;
    return;
  }
  r->delta_pct = 100.0 * (r->m.value - base->value) / base->value;
  r->regress_pct = ec_metric_smaller_better(c->used) ? r->delta_pct : -r->delta_pct;
  r->noise_pct = ec_noise_band_pct(base->cv, r->m.cv, c->opts.noise_k);
  double band = isfinite(r->noise_pct) ? r->noise_pct : 0;
  r->change = r->regress_pct > band ? EC_CHANGE_WORSE : r->regress_pct < -band ? EC_CHANGE_BETTER : EC_CHANGE_SAME;
  char noise[96];
  if (isfinite(r->noise_pct))
    snprintf(noise, sizeof noise, "noise band %.2f%% (%g x combined CV)", r->noise_pct, c->opts.noise_k);
  else
    snprintf(noise, sizeof noise, "noise band unknown (no spread for either engine)");
  const char *dir = r->regress_pct > 0 ? "worse than" : r->regress_pct < 0 ? "better than" : "equal to";
  if (!gate) {
    r->verdict = EC_VERDICT_INFO;
    r->threshold_pct = NAN;
    r->reason = ec_asprintf("%.2f%% %s the baseline; %s; no gate", fabs(r->regress_pct), dir, noise);
    return;
  }
  c->gates++;
  r->threshold_pct = fmax(pct, band);
  if (r->regress_pct > r->threshold_pct) {
    r->verdict = EC_VERDICT_FAIL;
    c->failed++;
    r->reason = ec_asprintf("%.2f%% worse than the baseline: beyond the %g%% limit and the %s", r->regress_pct, pct, noise);
  } else {
    r->verdict = EC_VERDICT_PASS;
    if (r->regress_pct > pct)
      r->reason = ec_asprintf("%.2f%% worse than the baseline: past the %g%% limit but inside the %s", r->regress_pct,
                              pct, noise);
    else
      r->reason = ec_asprintf("%.2f%% %s the baseline: within the %g%% limit; %s", fabs(r->regress_pct), dir, pct,
                              noise);
  }
}

/* The first metric of m's fallback chain every engine has; else the first the
 * baseline has; else m. */
static ec_metric S_pick(ec_comparison *c, ec_summary **sums, ec_metric m) {
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
    for (size_t i = 0; i < c->n; i++) {
      ec_metric_value v;
      int ok = ec_metric_of(c->engines[i], sums[i], ch[k], &v);
      ec_metric_value_clear(&v);
      if (!ok) {
        if (k == 0 && !lacking) lacking = c->engines[i]->name;
        if (i == c->baseline) {
          all = 0;
          break;
        }
        all = 0;
      } else if (i == c->baseline && base_has == EC_METRIC_COUNT) {
        base_has = ch[k];
      }
    }
    if (all) {
      if (k > 0)
        ec_diag_add(&c->diags, EC_WARN, NULL, 0, 0, "%s is unavailable for %s; every engine is compared by %s instead",
                    ec_metric_name(m), lacking ? lacking : "an engine", ec_metric_name(ch[k]));
      return ch[k];
    }
  }
  if (base_has != EC_METRIC_COUNT && base_has != m)
    ec_diag_add(&c->diags, EC_WARN, NULL, 0, 0, "no metric of the %s chain exists for every engine; using %s (the baseline has it)",
                ec_metric_name(m), ec_metric_name(base_has));
  return base_has != EC_METRIC_COUNT ? base_has : m;
}

ec_comparison *ec_compare(ec_engine *const *engines, size_t n, const ec_kvs *labels, const ec_compare_opts *o) {
  ec_comparison *c = ec_calloc(1, sizeof *c);
  c->engines = engines;
  c->n = n;
  c->opts = *o;
  if (!(c->opts.noise_k > 0)) c->opts.noise_k = EC_NOISE_K;
  if (!isfinite(c->opts.min_layer_ms)) c->opts.min_layer_ms = EC_MIN_LAYER_MS;
  c->baseline = o->baseline < n ? o->baseline : 0;
  c->requested = o->metric_given ? o->metric : EC_METRIC_GPU_MEDIAN;
  c->res = ec_calloc(n ? n : 1, sizeof *c->res);
  if (!n) return c;
  ec_summary **sums = ec_calloc(n, sizeof *sums);
  for (size_t i = 0; i < n; i++) sums[i] = ec_summarize(engines[i]);
  c->used = S_pick(c, sums, c->requested);
  if (c->used == EC_METRIC_LAYER_SUM)
    ec_diag_add(&c->diags, EC_WARN, NULL, 0, 0,
                "layer-sum adds per-layer averages measured one layer at a time; it overstates end-to-end latency");
  for (size_t i = 0; i < n; i++) {
    ec_compare_result *r = &c->res[i];
    r->engine = i;
    r->delta_pct = r->regress_pct = r->noise_pct = r->threshold_pct = NAN;
    ec_metric_of(engines[i], sums[i], c->used, &r->m);
    if (r->m.single_sample)
      ec_diag_add(&c->diags, EC_WARN, NULL, 0, 0, "%s: the profile holds a single sample (count: 1); its layer times are one measurement",
                  engines[i]->name);
  }
  const ec_metric_value *base = &c->res[c->baseline].m;
  for (size_t i = 0; i < n; i++) {
    ec_compare_result *r = &c->res[i];
    if (i == c->baseline) {
      r->verdict = EC_VERDICT_BASELINE;
      r->change = EC_CHANGE_SAME;
      r->delta_pct = r->regress_pct = isfinite(r->m.value) ? 0 : NAN;
      r->reason = isfinite(r->m.value) ? ec_strdup("baseline")
                                       : ec_asprintf("baseline: %s unavailable", ec_metric_name(c->used));
      continue;
    }
    S_verdict(c, r, base);
    S_comparability(r, engines[c->baseline], engines[i], labels ? &labels[c->baseline] : NULL,
                    labels ? &labels[i] : NULL);
    S_layers(r, engines[c->baseline], engines[i], &c->opts);
  }
  for (size_t i = 0; i < n; i++) ec_summary_free(sums[i]);
  free(sums);
  return c;
}

void ec_comparison_free(ec_comparison *c) {
  if (!c) return;
  for (size_t i = 0; i < c->n; i++) {
    ec_compare_result *r = &c->res[i];
    ec_metric_value_clear(&r->m);
    free(r->reason);
    for (size_t k = 0; k < r->n_mism; k++) {
      free(r->mism[k].what);
      free(r->mism[k].base);
      free(r->mism[k].other);
    }
    free(r->mism);
    free(r->align_note);
    ec_alignment_free(r->al);
    free(r->deltas);
  }
  free(c->res);
  ec_diags_free(&c->diags);
  free(c);
}
