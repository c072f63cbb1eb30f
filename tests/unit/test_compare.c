/* Unit tests for src/judge/compare and its emitters: metric selection and
 * fallbacks, the gate on the estimate and its interval, repeated runs,
 * verdicts, a metric that changes the verdict, stored summaries as
 * baselines, comparability, and escaping. */
#include "narrate/narrate.h"
#include "testutil.h"
#include <jansson.h>
#include <math.h>
#include "judge/compare.h"
#include "judge/gate.h"
#include "cli/cli.h"
#include "util/alloc.h"
#include "load/load.h"
#include "emit/benchjson.h"
#include "emit/compare_json.h"
#include "emit/jsonout.h"
#include "emit/junit.h"
#include "emit/markdown.h"
#include "emit/summary_json.h"

/* An engine with reported GPU compute statistics only (as from metadata). */
static ec_engine *S_reported(const char *name, double median, double p90, double p99) {
  ec_engine *e = ec_engine_new(name);
  e->perf.present = 1;
  ec_stats_set(&e->perf.gpu_compute, "min", median * 0.98);
  ec_stats_set(&e->perf.gpu_compute, "max", median * 1.05);
  ec_stats_set(&e->perf.gpu_compute, "mean", median);
  ec_stats_set(&e->perf.gpu_compute, "median", median);
  if (isfinite(p90)) ec_stats_set(&e->perf.gpu_compute, "p90", p90);
  if (isfinite(p99)) ec_stats_set(&e->perf.gpu_compute, "p99", p99);
  e->perf.gpu_compute.source = "metadata";
  return e;
}

static ec_compare_opts S_opts(double max_regress) {
  ec_compare_opts o = {0};
  o.max_regress_pct = max_regress;
  o.max_layer_regress_pct = NAN;
  o.min_layer_ms = NAN;
  return o;
}

static ec_engine *S_load(const char *path) {
  ec_engine *e = NULL;
  if (ec_load_engine(path, NULL, &e) != 0) fail_msg("load %s", path);
  return e;
}

static int S_has(const ec_diags *d, const char *needle) {
  for (size_t i = 0; i < d->n; i++)
    if (strstr(d->v[i].msg, needle)) return 1;
  return 0;
}

static void test_metric_names(void **st) {
  (void)st;
  ec_metric m;
  assert_int_equal(ec_metric_parse("gpu-p99", &m), 0);
  assert_int_equal(m, EC_METRIC_GPU_P99);
  assert_int_equal(ec_metric_parse("layer-sum", &m), 0);
  assert_int_equal(ec_metric_parse("latency-median", &m), -1); /* fallback only */
  assert_int_equal(ec_metric_parse("fast", &m), -1);
  assert_false(ec_metric_smaller_better(EC_METRIC_THROUGHPUT));
  assert_true(ec_metric_smaller_better(EC_METRIC_LAYER_SUM));
}

/* An engine with one timing run of n iterations: GPU compute times around
 * `scale` with a relative spread cv (deterministic for a seed). */
static ec_engine *S_timed(const char *name, size_t n, double scale, double cv, uint64_t seed) {
  ec_engine *e = ec_engine_new(name);
  e->runs = ec_calloc(1, sizeof *e->runs);
  e->n_runs = 1;
  ec_timing *t = &e->runs[0];
  t->n = n;
  t->compute = ec_malloc(n * sizeof *t->compute);
  t->latency = ec_malloc(n * sizeof *t->latency);
  t->latency_field = "latencyMs";
  for (size_t i = 0; i < n; i++) {
    uint64_t z = (seed += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    double u = ((double)((z ^ (z >> 31)) >> 11) + 0.5) * 0x1.0p-53;
    t->compute[i] = scale * (1 + cv * 1.7320508 * (2 * u - 1)); /* uniform with sd cv */
    t->latency[i] = t->compute[i] + 0.01;
  }
  return e;
}

/* Reported statistics: the value, its source, a CV only from a stored
 * stdev, and no per-iteration distribution without a count. */
static void test_reported_metric(void **st) {
  (void)st;
  ec_engine *a = S_reported("a", 1.0, 1.012816, NAN);
  ec_metric_value v;
  assert_true(ec_metric_of(a, NULL, EC_METRIC_GPU_MEDIAN, &v));
  assert_string_equal(v.source, "metadata");
  assert_true(v.value == 1.0);
  assert_true(isnan(v.cv));
  assert_int_equal(v.samples, 0);
  assert_non_null(strstr(v.dist, "no iteration count"));
  ec_metric_value_clear(&v);
  ec_stats_set(&a->perf.gpu_compute, "stdev", 0.02);
  ec_stats_set(&a->perf.gpu_compute, "count", 500);
  assert_true(ec_metric_of(a, NULL, EC_METRIC_GPU_MEDIAN, &v));
  assert_true(fabs(v.cv - 0.02) < 1e-12);
  assert_int_equal(v.samples, 500);
  ec_metric_value_clear(&v);
  /* no throughput recorded */
  assert_false(ec_metric_of(a, NULL, EC_METRIC_THROUGHPUT, &v));
  assert_true(isnan(v.value));
  ec_metric_value_clear(&v);
  ec_engine_free(a);
}

/* The gate decides from the interval: a 6% slowdown of 2,000 iterations
 * with a 5% per-iteration spread fails --max-regress 5 (the old noise band,
 * 3 x sqrt(2) x 5% = 21%, passed it); a 13% slower spread of 20 iterations
 * with a 10% spread has medians 6% apart and an interval that includes no
 * change, and passes; 3% passes on the estimate. */
static void test_gate_interval(void **st) {
  (void)st;
  ec_engine *es[2] = {S_timed("base", 2000, 1.0, 0.05, 1), S_timed("cand", 2000, 1.06, 0.05, 2)};
  ec_compare_opts o = S_opts(5);
  ec_comparison *c = ec_compare(es, 2, NULL, &o);
  const ec_compare_result *r = &c->res[1];
  assert_int_equal(c->used, EC_METRIC_GPU_MEDIAN);
  assert_true(fabs(r->est.est_pct - 6) < 1.5);
  /* one run per side: a threshold verdict, the within-run interval only shown */
  assert_true(isnan(r->est.lo_pct) && isnan(r->est.hi_pct));
  assert_true(r->est.within_lo_pct > 0 && r->est.within_lo_pct < r->est.est_pct && r->est.within_hi_pct > r->est.est_pct);
  assert_true(r->est.confidence == 0.99);
  /* a threshold failure that the run's own noise does not explain; no direction claimed */
  assert_int_equal(r->verdict, EC_VERDICT_FAIL);
  assert_int_equal(r->change, EC_CHANGE_UNCLAIMED);
  assert_non_null(strstr(r->reason, "one run per side: run-to-run noise not measured"));
  assert_non_null(strstr(r->reason, "a threshold"));
  assert_non_null(strstr(r->reason, "within run [+"));
  assert_non_null(strstr(r->reason, "(iteration noise only)"));
  assert_null(strstr(r->reason, "99%"));
  assert_int_equal(c->failed, 1);
  ec_comparison_free(c);
  /* a known 1% run-to-run noise: an honest interval (+-2.58 x 1.41%) that excludes no change */
  o.run_noise_pct = 1;
  c = ec_compare(es, 2, NULL, &o);
  r = &c->res[1];
  assert_int_equal(r->est.run_noise, EC_RUN_NOISE_GIVEN);
  assert_true(r->est.lo_pct > 0 && r->est.lo_pct < r->est.est_pct - 3 && r->est.hi_pct > r->est.est_pct + 3);
  assert_int_equal(r->verdict, EC_VERDICT_FAIL);
  assert_non_null(strstr(r->reason, "interval excludes no change"));
  assert_non_null(strstr(r->reason, "at 99%"));
  ec_comparison_free(c);
  /* a known 3% noise: past the limit, but the interval includes no change: inconclusive */
  o.run_noise_pct = 3;
  c = ec_compare(es, 2, NULL, &o);
  r = &c->res[1];
  assert_true(r->est.lo_pct < 0);
  assert_int_equal(r->verdict, EC_VERDICT_INCONCLUSIVE);
  assert_int_equal(c->inconclusive, 1);
  assert_int_equal(ec_compare_outcome(c), EC_OUTCOME_INCONCLUSIVE);
  assert_non_null(strstr(r->reason, "includes no change"));
  ec_comparison_free(c);
  o.run_noise_pct = 0;
  ec_engine_free(es[0]);
  ec_engine_free(es[1]);

  /* the within-run interval vetoes a threshold failure: 6% past a 5%
   * limit, but with a 50% per-iteration spread the run's own noise
   * includes no change: inconclusive, and it says what would decide it */
  es[0] = S_timed("base", 2000, 1.0, 0.5, 1);
  es[1] = S_timed("cand", 2000, 1.06, 0.5, 2);
  c = ec_compare(es, 2, NULL, &o);
  r = &c->res[1];
  assert_true(r->est.est_pct > 5 && r->est.within_lo_pct < 0);
  assert_int_equal(r->verdict, EC_VERDICT_INCONCLUSIVE);
  assert_non_null(strstr(r->reason, "within the run's own noise"));
  assert_non_null(strstr(r->reason, "three or more runs of each side"));
  ec_comparison_free(c);
  ec_engine_free(es[0]);
  ec_engine_free(es[1]);

  es[0] = S_timed("base", 20, 1.0, 0.10, 1);
  es[1] = S_timed("cand", 20, 1.13, 0.10, 2);
  c = ec_compare(es, 2, NULL, &o);
  r = &c->res[1];
  /* 20 iterations a side: no verdict */
  assert_true(r->est.est_pct > 5);
  assert_int_equal(r->verdict, EC_VERDICT_INCONCLUSIVE);
  assert_int_equal(r->est.min_n, 20);
  assert_non_null(strstr(r->reason, "20 iterations (fewer than 30)"));
  ec_comparison_free(c);
  ec_engine_free(es[0]);
  ec_engine_free(es[1]);

  es[0] = S_timed("base", 2000, 1.0, 0.05, 1);
  es[1] = S_timed("cand", 2000, 1.03, 0.05, 2);
  c = ec_compare(es, 2, NULL, &o);
  assert_int_equal(c->res[1].verdict, EC_VERDICT_PASS);
  assert_int_equal(c->res[1].change, EC_CHANGE_UNCLAIMED);
  assert_non_null(strstr(c->res[1].reason, "within the 5% limit"));
  assert_null(strstr(c->res[1].reason, "slower"));
  /* no gate: info only; --confidence 95 narrows the interval */
  ec_comparison_free(c);
  o = S_opts(NAN);
  c = ec_compare(es, 2, NULL, &o);
  assert_int_equal(c->res[1].verdict, EC_VERDICT_INFO);
  assert_int_equal(c->gates, 0);
  double w99 = c->res[1].est.within_hi_pct - c->res[1].est.within_lo_pct;
  ec_comparison_free(c);
  o.confidence = 0.95;
  c = ec_compare(es, 2, NULL, &o);
  assert_true(c->res[1].est.within_hi_pct - c->res[1].est.within_lo_pct < w99);
  ec_comparison_free(c);
  /* the baseline chosen by index; the other is then about 3% faster */
  o = S_opts(1);
  o.baseline = 1;
  c = ec_compare(es, 2, NULL, &o);
  assert_int_equal(c->res[1].verdict, EC_VERDICT_BASELINE);
  assert_int_equal(c->res[0].verdict, EC_VERDICT_PASS);
  assert_int_equal(c->res[0].change, EC_CHANGE_UNCLAIMED);
  assert_true(c->res[0].regress_pct < 0);
  ec_comparison_free(c);
  ec_engine_free(es[0]);
  ec_engine_free(es[1]);
}

/* Statistics trtexec printed carry no count: no interval, and the estimate
 * alone decides (the reason says so). */
static void test_gate_no_interval(void **st) {
  (void)st;
  ec_engine *es[2] = {S_reported("base", 1.0, 1.01, NAN), S_reported("cand", 1.05, 1.06, NAN)};
  ec_compare_opts o = S_opts(2);
  ec_comparison *c = ec_compare(es, 2, NULL, &o);
  const ec_compare_result *r = &c->res[1];
  assert_true(fabs(r->est.est_pct - 5) < 1e-9);
  assert_true(isnan(r->est.lo_pct));
  assert_non_null(strstr(r->est.why, "no per-iteration distribution"));
  assert_int_equal(r->verdict, EC_VERDICT_FAIL);
  assert_non_null(strstr(r->reason, "estimate alone decides"));
  ec_comparison_free(c);
  o = S_opts(10);
  c = ec_compare(es, 2, NULL, &o);
  assert_int_equal(c->res[1].verdict, EC_VERDICT_PASS);
  ec_comparison_free(c);
  ec_engine_free(es[0]);
  ec_engine_free(es[1]);
}

/* Repeated runs per side (NAME=a,b,c): the value is the geometric mean of
 * the runs' medians and the interval widens with the between-run scatter;
 * the runs of a multi-run timing file count the same way with all_runs. */
static void test_repeats(void **st) {
  (void)st;
  /* runs 3% apart from run to run; the candidate 2% slower on average */
  double bs[3] = {1.00, 1.03, 0.97}, cs[3] = {1.02 * 1.03, 1.02 * 0.98, 1.02 * 0.99};
  ec_engine *b[3], *cd[3];
  for (int i = 0; i < 3; i++) {
    b[i] = S_timed("base", 3000, bs[i], 0.02, 10 + (uint64_t)i);
    cd[i] = S_timed("cand", 3000, cs[i], 0.02, 20 + (uint64_t)i);
  }
  ec_engine *es[2] = {b[0], cd[0]};
  ec_repeats rp[2] = {{b + 1, 2}, {cd + 1, 2}};
  ec_compare_opts o = S_opts(1);
  /* one run per side: the run-to-run difference looks significant */
  ec_comparison *c = ec_compare(es, 2, NULL, &o);
  assert_int_equal(c->res[1].est.df, 0);
  assert_true(c->res[1].est.within_lo_pct > 0);
  assert_true(isnan(c->res[1].est.lo_pct)); /* and is not claimed */
  assert_int_equal(c->res[1].verdict, EC_VERDICT_FAIL);
  ec_comparison_free(c);
  o.repeats = rp;
  c = ec_compare(es, 2, NULL, &o);
  const ec_compare_result *r = &c->res[1];
  assert_int_equal(r->m.runs, 3);
  assert_int_equal(r->m.samples, 9000);
  assert_int_equal(r->est.runs_base, 3);
  assert_int_equal(r->est.runs_cand, 3);
  assert_int_equal(r->est.df, 4);
  assert_true(r->est.between_pct > 1.5 && r->est.between_pct < 4);
  assert_true(r->est.lo_pct < 0 && r->est.hi_pct > 2);
  assert_true(fabs(c->res[0].m.value - cbrt(bs[0] * bs[1] * bs[2])) < 0.01);
  /* past the 1% limit, within the run-to-run noise: no verdict */
  assert_int_equal(r->verdict, EC_VERDICT_INCONCLUSIVE);
  assert_non_null(strstr(r->est.method, "random effects"));
  ec_comparison_free(c);

  /* the same runs as one multi-run timing file per side */
  ec_engine *mb = ec_engine_new("base"), *mc = ec_engine_new("cand");
  mb->runs = ec_calloc(3, sizeof *mb->runs);
  mc->runs = ec_calloc(3, sizeof *mc->runs);
  for (int i = 0; i < 3; i++) {
    mb->runs[i] = b[i]->runs[0];
    mc->runs[i] = cd[i]->runs[0];
    memset(&b[i]->runs[0], 0, sizeof b[i]->runs[0]);
    memset(&cd[i]->runs[0], 0, sizeof cd[i]->runs[0]);
  }
  mb->n_runs = mc->n_runs = 3;
  mb->run = mc->run = 2;
  ec_engine *ms[2] = {mb, mc};
  o = S_opts(1);
  c = ec_compare(ms, 2, NULL, &o);
  assert_int_equal(c->res[1].est.df, 0); /* --run given (the last run): one run */
  ec_comparison_free(c);
  o.all_runs = 1;
  c = ec_compare(ms, 2, NULL, &o);
  assert_int_equal(c->res[1].est.df, 4);
  assert_int_equal(c->res[1].verdict, EC_VERDICT_INCONCLUSIVE);
  /* what would decide it, from the runs' measured noise */
  assert_non_null(strstr(c->res[1].reason, "would"));
  ec_comparison_free(c);
  ec_engine_free(mb);
  ec_engine_free(mc);
  for (int i = 0; i < 3; i++) {
    ec_engine_free(b[i]);
    ec_engine_free(cd[i]);
  }
}

/* Throughput: lower is worse. */
static void test_throughput(void **st) {
  (void)st;
  ec_engine *es[2] = {S_reported("a", 1.0, NAN, NAN), S_reported("b", 1.0, NAN, NAN)};
  es[0]->perf.throughput_qps = 1000;
  es[1]->perf.throughput_qps = 800;
  es[0]->perf.throughput_source = es[1]->perf.throughput_source = "metadata";
  ec_compare_opts o = S_opts(10);
  o.metric = EC_METRIC_THROUGHPUT;
  o.metric_given = 1;
  ec_comparison *c = ec_compare(es, 2, NULL, &o);
  assert_int_equal(c->used, EC_METRIC_THROUGHPUT);
  /* 1000 -> 800 qps: 25% more time per query; 20% fewer queries */
  assert_true(fabs(c->res[1].regress_pct - 25) < 1e-9);
  assert_true(fabs(c->res[1].delta_pct + 20) < 1e-9);
  assert_int_equal(c->res[1].verdict, EC_VERDICT_FAIL);
  /* bench-json: ms per query, smaller is better */
  json_t *b = ec_benchjson_compare(c);
  assert_int_equal(json_array_size(b), 2);
  assert_true(fabs(json_real_value(json_object_get(json_array_get(b, 1), "value")) - 1.25) < 1e-12);
  assert_string_equal(json_string_value(json_object_get(json_array_get(b, 1), "unit")), "ms");
  json_decref(b);
  ec_comparison_free(c);
  /* one engine lacks throughput: everyone falls back to gpu-median */
  es[1]->perf.throughput_qps = NAN;
  c = ec_compare(es, 2, NULL, &o);
  assert_int_equal(c->used, EC_METRIC_GPU_MEDIAN);
  assert_true(S_has(&c->diags, "throughput is unavailable for b"));
  ec_comparison_free(c);
  ec_engine_free(es[0]);
  ec_engine_free(es[1]);
}

/* Fallbacks: no GPU compute anywhere -> end-to-end latency; a missing
 * baseline metric is an error verdict. */
static void test_fallbacks(void **st) {
  (void)st;
  ec_engine *es[2] = {ec_engine_new("a"), ec_engine_new("b")};
  for (int i = 0; i < 2; i++) {
    es[i]->perf.present = 1;
    ec_stats_set(&es[i]->perf.latency, "median", 1.0 + i);
    ec_stats_set(&es[i]->perf.latency, "p99", 1.1 + i);
    es[i]->perf.latency.source = "log";
  }
  ec_compare_opts o = S_opts(10);
  ec_comparison *c = ec_compare(es, 2, NULL, &o);
  assert_int_equal(c->used, EC_METRIC_LATENCY_MEDIAN);
  assert_true(S_has(&c->diags, "gpu-median is unavailable"));
  assert_int_equal(c->res[1].verdict, EC_VERDICT_FAIL);
  assert_string_equal(c->res[1].m.source, "log");
  ec_comparison_free(c);
  /* nothing at all for the baseline */
  ec_engine *e0 = es[0];
  es[0] = ec_engine_new("empty");
  c = ec_compare(es, 2, NULL, &o);
  assert_int_equal(c->res[1].verdict, EC_VERDICT_NO_TIMING);
  assert_int_equal(c->errors, 1);
  ec_comparison_free(c);
  ec_engine_free(es[0]);
  ec_engine_free(e0);
  ec_engine_free(es[1]);
}

/* The fixture pair: GPU time +2% (passes at 10%), layer sum +30% (fails);
 * the waterfall closes; the per-layer rule and the profiles' counts. */
static void test_metric_changes_verdict_fixture(void **st) {
  (void)st;
  ec_engine *es[2] = {S_load("tests/fixtures/compare/base/model.engine"),
                      S_load("tests/fixtures/compare/renamed/model.engine")};
  ec_compare_opts o = S_opts(10);
  ec_comparison *c = ec_compare(es, 2, NULL, &o);
  assert_int_equal(c->used, EC_METRIC_GPU_MEDIAN);
  assert_string_equal(c->res[1].m.source, "timing.json");
  assert_int_equal(c->res[1].m.samples, 40);
  /* 40 iterations of well under a second: no verdict */
  assert_int_equal(c->res[1].verdict, EC_VERDICT_INCONCLUSIVE);
  assert_non_null(strstr(c->res[1].reason, "under 1 s"));
  ec_comparison_free(c);
  o.metric = EC_METRIC_LAYER_SUM;
  o.metric_given = 1;
  o.max_layer_regress_pct = 20;
  c = ec_compare(es, 2, NULL, &o);
  assert_int_equal(c->used, EC_METRIC_LAYER_SUM);
  assert_true(fabs(c->res[1].delta_pct - 30) < 1e-6);
  assert_int_equal(c->res[1].verdict, EC_VERDICT_FAIL);
  assert_true(S_has(&c->diags, "overstates"));
  /* alignment and the advisory layer rule: Conv_2 + Relu_3 went 0.2 -> 0.3 ms */
  assert_true(c->res[1].aligned);
  assert_int_equal(c->res[1].al->matched, 6);
  assert_int_equal(c->res[1].n_flagged, 1);
  assert_int_equal(c->res[1].deltas[0].a, 1);
  assert_int_equal(c->res[1].deltas[0].b, 2);
  assert_true(c->res[1].deltas[0].flagged);
  assert_true(fabs(c->res[1].only_engine_ms - 0.18) < 1e-9);
  /* the waterfall's numbers close: baseline sum + type changes - baseline-only + engine-only = engine sum */
  double run = c->res[1].base_total_ms - c->res[1].only_base_ms + c->res[1].only_engine_ms + c->res[1].half_profiled_ms;
  for (size_t k = 0; k < c->res[1].n_by_type; k++) run += c->res[1].by_type[k].ms - c->res[1].by_type[k].base_ms;
  assert_true(fabs(run - c->res[1].engine_total_ms) < 1e-12);
  /* one run with layers per side: run-to-run noise not measured, the floor
   * decides (the +50% layer is past 20%), and the note says so */
  assert_true(isnan(c->res[1].layer_noise_pct));
  assert_true(isnan(c->res[1].deltas[0].noise_pct));
  assert_non_null(strstr(c->res[1].layer_noise_note, "run-to-run noise not measured"));
  assert_non_null(strstr(c->res[1].layer_noise_note, "20% floor"));
  ec_comparison_free(c);
  /* a limit under the floor: the floor still holds (a +12% layer is not listed) */
  es[1]->layers[2].avg_ms = es[0]->layers[1].avg_ms * 1.12;
  o.max_layer_regress_pct = 5;
  c = ec_compare(es, 2, NULL, &o);
  assert_int_equal(c->res[1].n_flagged, 0);
  ec_comparison_free(c);
  ec_engine_free(es[0]);
  ec_engine_free(es[1]);
}

/* The corpus pair: A100 fp16 vs qat, --max-regress 5: GPU median +2.4%
 * passes, layer-sum +7.8% fails (and the profile is a single sample). */
static void test_metric_changes_verdict_corpus(void **st) {
  (void)st;
  EC_NEED_SHARED(sh);
  ec_engine *es[2] = {S_load(ec_test_path(sh, "corpus/trex/pytorch-resnet-A100-fp16")),
                      S_load(ec_test_path(sh, "corpus/trex/pytorch-resnet-A100-qat"))};
  ec_compare_opts o = S_opts(5);
  ec_comparison *c = ec_compare(es, 2, NULL, &o);
  assert_int_equal(c->res[1].verdict, EC_VERDICT_PASS);
  ec_comparison_free(c);
  o.metric = EC_METRIC_LAYER_SUM;
  o.metric_given = 1;
  c = ec_compare(es, 2, NULL, &o);
  assert_int_equal(c->res[1].verdict, EC_VERDICT_FAIL);
  assert_true(c->res[1].m.single_sample);
  assert_true(S_has(&c->diags, "single sample"));
  ec_comparison_free(c);
  ec_engine_free(es[0]);
  ec_engine_free(es[1]);
}

/* A100 fp16 vs fp32 both ways and against itself (the Done-when cases). */
static void test_corpus_gate(void **st) {
  (void)st;
  EC_NEED_SHARED(sh);
  ec_engine *es[3] = {S_load(ec_test_path(sh, "corpus/trex/pytorch-resnet-A100-fp16/resnet.onnx.engine")),
                      S_load(ec_test_path(sh, "corpus/trex/pytorch-resnet-A100-fp32/resnet.onnx.engine")),
                      S_load(ec_test_path(sh, "corpus/trex/pytorch-resnet-A100-fp16/resnet.onnx.engine"))};
  ec_compare_opts o = S_opts(10);
  ec_comparison *c = ec_compare(es, 3, NULL, &o);
  assert_string_equal(c->res[1].m.source, "timing.json");
  assert_int_equal(c->res[1].verdict, EC_VERDICT_FAIL);
  assert_int_equal(c->res[2].verdict, EC_VERDICT_PASS);
  assert_true(c->res[2].delta_pct == 0);
  assert_int_equal(c->res[2].al->matched, es[0]->n_layers);
  assert_int_equal(c->res[1].n_mism, 0);
  ec_comparison_free(c);
  o.baseline = 1;
  c = ec_compare(es, 2, NULL, &o);
  assert_int_equal(c->res[0].verdict, EC_VERDICT_PASS);
  assert_int_equal(c->res[0].change, EC_CHANGE_UNCLAIMED); /* one run per side: no direction claimed */
  ec_comparison_free(c);
  for (int i = 0; i < 3; i++) ec_engine_free(es[i]);
}

/* Engines on different GPUs (issue 27 item 11): the device check says why
 * they are not comparable; a gate across GPUs is NOT COMPARABLE unless
 * --allow-mismatch; --no-gate and any cross-GPU comparison are a platform
 * comparison without a verdict. */
static void test_across_devices(void **st) {
  (void)st;
  ec_engine *es[3] = {S_reported("a", 1, NAN, NAN), S_reported("b", 1.2, NAN, NAN), S_reported("c", 1.2, NAN, NAN)};
  const char *gpu[3] = {"A100", "RTX 3090", "A100"};
  for (int i = 0; i < 3; i++) {
    es[i]->device.present = 1;
    es[i]->device.name = strdup(gpu[i]);
    es[i]->device.compute_capability = strdup(i == 1 ? "8.6" : "8.0");
  }
  char *why = ec_gate_device_incomparable(es[0], es[1]);
  assert_string_equal(why, "GPU: A100 vs RTX 3090");
  free(why);
  assert_null(ec_gate_device_incomparable(es[0], es[2]));
  free(es[2]->device.compute_capability);
  es[2]->device.compute_capability = strdup("9.0");
  why = ec_gate_device_incomparable(es[0], es[2]);
  assert_string_equal(why, "compute capability: 8.0 vs 9.0");
  free(why);
  free(es[2]->device.compute_capability);
  es[2]->device.compute_capability = strdup("8.0");
  ec_engine *unknown = S_reported("u", 1, NAN, NAN); /* a side that does not say: no difference claimed */
  assert_null(ec_gate_device_incomparable(es[0], unknown));
  ec_engine_free(unknown);
  /* a gate across GPUs: no verdict */
  ec_compare_opts o = S_opts(10);
  ec_comparison *c = ec_compare(es, 3, NULL, &o);
  assert_int_equal(c->res[1].verdict, EC_VERDICT_NOT_COMPARABLE);
  assert_int_equal(c->res[2].verdict, EC_VERDICT_FAIL); /* the same GPU is gated as before */
  assert_int_equal(c->mismatched, 1);
  assert_true(c->platform);
  assert_int_equal(ec_compare_outcome(c), EC_OUTCOME_FAIL); /* a measured regression comes first */
  assert_non_null(strstr(c->res[1].reason, "GPU: A100 vs RTX 3090"));
  ec_comparison_free(c);
  c = ec_compare(es, 2, NULL, &o);
  char *h = ec_narrate_compare_headline(c);
  assert_non_null(strstr(h, "NOT COMPARABLE: 1 of 1 engine is measured on a different GPU"));
  free(h);
  assert_true(fabs(ec_compare_time_ratio(c, 1) - 1.2) < 1e-12);
  ec_comparison_free(c);
  /* --allow-mismatch: gated */
  o.allow_mismatch = 1;
  c = ec_compare(es, 2, NULL, &o);
  assert_int_equal(c->res[1].verdict, EC_VERDICT_FAIL);
  assert_int_equal(ec_compare_outcome(c), EC_OUTCOME_FAIL);
  ec_comparison_free(c);
  /* --no-gate: a platform comparison, no verdict even with --max-regress */
  o.allow_mismatch = 0;
  o.no_gate = 1;
  free(es[1]->device.name);
  es[1]->device.name = strdup("A100");
  free(es[1]->device.compute_capability);
  es[1]->device.compute_capability = strdup("8.0");
  c = ec_compare(es, 2, NULL, &o);
  assert_int_equal(c->res[1].verdict, EC_VERDICT_INFO);
  assert_int_equal(c->gates, 0);
  assert_true(c->platform);
  ec_comparison_free(c);
  /* the same GPU without --no-gate: no platform comparison */
  o.no_gate = 0;
  c = ec_compare(es, 2, NULL, &o);
  assert_false(c->platform);
  assert_int_equal(c->res[1].verdict, EC_VERDICT_FAIL);
  ec_comparison_free(c);
  for (int i = 0; i < 3; i++) ec_engine_free(es[i]);
}

/* Different networks on different GPUs (TREx's A100 PyTorch ResNet and RTX
 * 3090 TensorFlow ResNet-50): how much aligned is said, the one-sided time
 * is split by family, and the families cover every layer. */
static void test_corpus_different_networks(void **st) {
  (void)st;
  EC_NEED_SHARED(sh);
  ec_engine *es[2] = {S_load(ec_test_path(sh, "corpus/trex/pytorch-resnet-A100-fp16")),
                      S_load(ec_test_path(sh, "corpus/trex/tensorflow-resnet-RTX-3090-fp16"))};
  ec_compare_opts o = S_opts(NAN);
  ec_comparison *c = ec_compare(es, 2, NULL, &o);
  const ec_compare_result *r = &c->res[1];
  assert_true(c->platform); /* different GPUs */
  assert_int_equal(r->n_pairs, r->al->matched);
  char *t = ec_compare_alignment_text(c, 1);
  char want[128];
  snprintf(want, sizeof want, "%zu of %zu layers of", r->n_pairs, es[0]->n_layers);
  assert_non_null(strstr(t, want));
  assert_non_null(strstr(t, "different networks"));
  free(t);
  assert_null(ec_compare_alignment_text(c, 0));
  double ob = 0, oe = 0, ab = 0, ae = 0;
  size_t nb = 0, ne = 0;
  /* a family with no layer on a side has no time there: NAN, never 0 */
  for (size_t k = 0; k < r->n_only_by_family; k++) {
    const ec_family_time *f = &r->only_by_family[k];
    assert_true(f->n_base ? isfinite(f->base_ms) : isnan(f->base_ms));
    assert_true(f->n ? isfinite(f->ms) : isnan(f->ms));
    if (f->n_base) ob += f->base_ms;
    if (f->n) oe += f->ms;
  }
  for (size_t k = 0; k < r->n_by_family; k++) {
    const ec_family_time *f = &r->by_family[k];
    assert_true(f->n_base ? isfinite(f->base_ms) : isnan(f->base_ms));
    if (f->n_base) ab += f->base_ms;
    if (f->n) ae += f->ms;
    nb += f->n_base, ne += f->n;
  }
  assert_true(fabs(ob - r->only_base_ms) < 1e-9 && fabs(oe - r->only_engine_ms) < 1e-9);
  assert_true(fabs(ab - r->base_total_ms) < 1e-9 && fabs(ae - r->engine_total_ms) < 1e-9);
  assert_int_equal(nb, es[0]->n_layers);
  assert_int_equal(ne, es[1]->n_layers);
  assert_true(r->engine_aligned_ms < 0.5 * r->engine_total_ms); /* most of the 3090's time is its own layers */
  ec_comparison_free(c);
  ec_engine_free(es[0]);
  ec_engine_free(es[1]);
}

/* A stored summary read back keeps the metric and its spread, and has no layers. */
static void test_summary_baseline(void **st) {
  (void)st;
  ec_engine *src = S_load("tests/fixtures/compare/base/model.engine");
  ec_summary *s = ec_summarize(src);
  json_t *j = ec_jsonout_summary(s);
  char *text = ec_jdump(j, 1);
  json_decref(j);
  ec_summary_free(s);
  ec_engine *stored = ec_engine_new("baseline");
  assert_int_equal(ec_load_summary_text(stored, "baseline.json", text, strlen(text), NULL), 0);
  free(text);
  assert_string_equal(stored->name, "model.engine"); /* the stored engine name (no NAME= given) */
  assert_int_equal(stored->n_layers, 0);
  ec_engine *cand = S_load("tests/fixtures/compare/renamed/model.engine");
  ec_engine *es[3] = {src, stored, cand};
  ec_compare_opts o = S_opts(10);
  o.baseline = 1;
  ec_comparison *c = ec_compare(es, 3, NULL, &o);
  /* same value and spread as from the files */
  assert_true(fabs(c->res[1].m.value - c->res[0].m.value) < 1e-9);
  assert_true(fabs(c->res[1].m.cv - c->res[0].m.cv) < 1e-9);
  assert_string_equal(c->res[1].m.source, "summary (timing.json)");
  assert_int_equal(c->res[2].verdict, EC_VERDICT_INCONCLUSIVE); /* 40 short iterations */
  assert_false(c->res[2].aligned);
  assert_non_null(strstr(c->res[2].align_note, "stored summary"));
  ec_comparison_free(c);
  /* layer-sum: the stored summary keeps latency_ms.total, so no fallback */
  o.metric = EC_METRIC_LAYER_SUM;
  o.metric_given = 1;
  c = ec_compare(es, 3, NULL, &o);
  assert_int_equal(c->used, EC_METRIC_LAYER_SUM);
  assert_true(fabs(c->res[1].m.value - c->res[0].m.value) < 1e-9);
  assert_string_equal(c->res[1].m.source, "summary (profile)");
  ec_comparison_free(c);
  ec_engine_free(src);
  ec_engine_free(stored);
  ec_engine_free(cand);

  /* not a summary */
  ec_engine *e = ec_engine_new("x");
  const char *bad = "{\"schema\":\"other/1\"}";
  assert_int_equal(ec_load_summary_text(e, "x.json", bad, strlen(bad), NULL), -1);
  ec_engine_free(e);
}

/* Comparability: device, options, labels. */
static void test_comparability(void **st) {
  (void)st;
  ec_engine *es[2] = {S_reported("a", 1, NAN, NAN), S_reported("b", 1, NAN, NAN)};
  for (int i = 0; i < 2; i++) {
    es[i]->device.present = 1;
    es[i]->device.name = strdup(i ? "RTX 3090" : "A100");
    es[i]->device.compute_clock_ghz = 1.41;
    ec_kvs_add(&es[i]->inference_options, "CUDA Graph", i ? "Disabled" : "Enabled");
    ec_kvs_add(&es[i]->inference_options, "Spin-wait", "Enabled");
  }
  es[0]->trt_version = strdup("8.6.1");
  es[1]->trt_version = strdup("10.0.1");
  ec_kvs labels[2] = {{0}, {0}};
  ec_kvs_add(&labels[0], "driver", "535");
  ec_kvs_add(&labels[1], "driver", "550");
  ec_kvs_add(&labels[1], "host", "ci-7");
  ec_compare_opts o = S_opts(10);
  ec_comparison *c = ec_compare(es, 2, labels, &o);
  const ec_compare_result *r = &c->res[1];
  const char *want[] = {"TensorRT version", "GPU", "trtexec option CUDA Graph", "label driver", "label host"};
  assert_int_equal(r->n_mism, 5);
  for (size_t k = 0; k < 5; k++) assert_string_equal(r->mism[k].what, want[k]);
  assert_string_equal(r->mism[4].base, "(not set)");
  /* the JSON carries labels and mismatches */
  json_t *j = ec_jsonout_compare(c, labels);
  json_t *e1 = json_array_get(json_object_get(j, "engines"), 1);
  assert_string_equal(json_string_value(json_object_get(json_object_get(e1, "labels"), "host")), "ci-7");
  assert_int_equal(json_array_size(json_object_get(e1, "comparability")), 5);
  json_decref(j);
  ec_comparison_free(c);
  ec_kvs_free(&labels[0]);
  ec_kvs_free(&labels[1]);
  ec_engine_free(es[0]);
  ec_engine_free(es[1]);
}

/* The one rule for option differences (issue 23 item 3): TensorRT 11's
 * flipped defaults are not option differences, a value 11.x no longer
 * prints is the one it implies, an unknown value is no difference, and a
 * TensorRT 8.5 --loadEngine log's "Batch: 1" is the build log's "Batch:
 * Explicit". A real option difference across versions stays one. */
static void test_option_rule(void **st) {
  (void)st;
  assert_int_equal(ec_compare_option_diff("CUDA Graph", "Disabled", "10.16.1", "Enabled", "11.0.0"), EC_COMPARE_OPT_DEFAULTS);
  assert_int_equal(ec_compare_option_diff("Data transfers", "Disabled", "11.0.0", "Enabled", "8.6.1"), EC_COMPARE_OPT_DEFAULTS);
  assert_int_equal(ec_compare_option_diff("Spin-wait", "Disabled", "10.3", "Enabled", "11.1.0"), EC_COMPARE_OPT_DEFAULTS);
  assert_int_equal(ec_compare_option_diff("Separate profiling", "Disabled", "10.16.1", NULL, "11.0.0"), EC_COMPARE_OPT_DEFAULTS);
  assert_int_equal(ec_compare_option_diff("Separate profiling", "Enabled", "10.16.1", NULL, "11.0.0"), EC_COMPARE_OPT_SAME);
  assert_int_equal(ec_compare_option_diff("Separate profiling", "Disabled", "10.16.1", NULL, NULL), EC_COMPARE_OPT_SAME);
  /* --useCudaGraph on 10.x against --noCudaGraph on 11.x: the user's options differ */
  assert_int_equal(ec_compare_option_diff("CUDA Graph", "Enabled", "10.16.1", "Disabled", "11.0.0"), EC_COMPARE_OPT_DIFFERS);
  /* the same value on both sides is no difference, whatever the defaults */
  assert_int_equal(ec_compare_option_diff("CUDA Graph", "Disabled", "10.16.1", "Disabled", "11.0.0"), EC_COMPARE_OPT_SAME);
  /* within one generation, or with a version unknown, a difference is an option difference */
  assert_int_equal(ec_compare_option_diff("CUDA Graph", "Disabled", "10.16.1", "Enabled", "10.3.0"), EC_COMPARE_OPT_DIFFERS);
  assert_int_equal(ec_compare_option_diff("CUDA Graph", "Disabled", NULL, "Enabled", "11.0.0"), EC_COMPARE_OPT_DIFFERS);
  assert_int_equal(ec_compare_option_diff("Batch", "Explicit", "8.5.2", "1", "8.5.2"), EC_COMPARE_OPT_SAME);
  assert_int_equal(ec_compare_option_diff("Batch", "1", "8.5.2", "Explicit", "8.5.2"), EC_COMPARE_OPT_SAME);
  assert_int_equal(ec_compare_option_diff("Batch", "4", "7.1.3", "1", "7.1.3"), EC_COMPARE_OPT_DIFFERS);
  assert_int_equal(ec_compare_option_diff("Multithreading", NULL, "11.0.0", "Enabled", "11.0.0"), EC_COMPARE_OPT_SAME);

  /* a build log and a --loadEngine log of one TensorRT 8.5 engine compare clean */
  ec_engine *es[2] = {S_reported("build", 1, NAN, NAN), S_reported("load", 1, NAN, NAN)};
  for (int i = 0; i < 2; i++) {
    es[i]->trt_version = strdup("8.5.2");
    ec_kvs_add(&es[i]->inference_options, "Batch", i ? "1" : "Explicit");
    ec_kvs_add(&es[i]->inference_options, "CUDA Graph", "Disabled");
  }
  ec_compare_opts o = S_opts(10);
  ec_comparison *c = ec_compare(es, 2, NULL, &o);
  assert_int_equal(c->res[1].n_mism, 0);
  assert_int_equal(c->res[1].n_dflt, 0);
  ec_comparison_free(c);
  /* 10.x against 11.x: the defaults go to dflt, the version stays a mismatch */
  free(es[1]->trt_version);
  es[1]->trt_version = strdup("11.0.0");
  free(es[0]->trt_version);
  es[0]->trt_version = strdup("10.16.1");
  ec_kvs_set(&es[1]->inference_options, "CUDA Graph", "Enabled");
  c = ec_compare(es, 2, NULL, &o);
  assert_int_equal(c->res[1].n_mism, 1);
  assert_string_equal(c->res[1].mism[0].what, "TensorRT version");
  assert_int_equal(c->res[1].n_dflt, 1);
  assert_string_equal(c->res[1].dflt[0].what, "trtexec option CUDA Graph");
  assert_string_equal(c->res[1].dflt[0].base, "Disabled (TensorRT 10 default)");
  assert_string_equal(c->res[1].dflt[0].other, "Enabled (TensorRT 11 default)");
  ec_comparison_free(c);
  ec_engine_free(es[0]);
  ec_engine_free(es[1]);
}

/* Untrusted names stay inert in Markdown and XML. */
static void test_escaping(void **st) {
  (void)st;
  ec_buf b = {0};
  const char name[] = "a|b`c<d>&e*_[x]\x01\n\\";
  ec_md_escape(&b, name, sizeof name - 1, 0);
  assert_string_equal(b.data, "a\\|b\\`c&lt;d&gt;&amp;e\\*\\_\\[x\\]\xEF\xBF\xBD\xEF\xBF\xBD\\\\");
  ec_buf_free(&b);
  ec_md_escape(&b, "abcdef", 6, 3);
  assert_string_equal(b.data, "abc\xE2\x80\xA6");
  ec_buf_free(&b);

  ec_engine *es[2] = {S_reported("base</testsuite>", 1, NAN, NAN), S_reported("x\"<&>'|`\x02", 1.5, NAN, NAN)};
  ec_compare_opts o = S_opts(10);
  ec_comparison *c = ec_compare(es, 2, NULL, &o);
  char *x = ec_junit_compare(c, NULL);
  assert_null(strstr(x, "base</testsuite>"));
  assert_non_null(strstr(x, "base&lt;/testsuite&gt;"));
  assert_non_null(strstr(x, "x&quot;&lt;&amp;&gt;&#39;|`\xEF\xBF\xBD"));
  assert_non_null(strstr(x, "failures=\"1\""));
  assert_null(strstr(x, "timestamp"));
  free(x);
  x = ec_junit_compare(c, "2023-11-14T22:13:20");
  assert_non_null(strstr(x, "timestamp=\"2023-11-14T22:13:20\""));
  free(x);
  char *md = ec_markdown_compare(c);
  assert_non_null(strstr(md, "x\"&lt;&amp;&gt;'\\|\\`\xEF\xBF\xBD"));
  assert_null(strstr(md, "</testsuite>"));
  assert_true(strlen(md) < EC_MD_MAX_BYTES);
  free(md);
  ec_comparison_free(c);
  ec_engine_free(es[0]);
  ec_engine_free(es[1]);
}

/* Output is deterministic: the same comparison twice gives the same bytes. */
static void test_deterministic(void **st) {
  (void)st;
  char *t[2];
  for (int k = 0; k < 2; k++) {
    ec_engine *es[2] = {S_load("tests/fixtures/compare/base/model.engine"),
                        S_load("tests/fixtures/compare/renamed/model.engine")};
    ec_compare_opts o = S_opts(10);
    ec_comparison *c = ec_compare(es, 2, NULL, &o);
    json_t *j = ec_jsonout_compare(c, NULL);
    t[k] = ec_jdump(j, 1);
    json_decref(j);
    ec_comparison_free(c);
    ec_engine_free(es[0]);
    ec_engine_free(es[1]);
  }
  assert_string_equal(t[0], t[1]);
  free(t[0]);
  free(t[1]);
}

/* Names that tell engines apart: the innermost path component that differs
 * (one rule, ec_load_distinct_names), longer parts only when needed, NAME=
 * kept, "#2" for the same path twice. The names come back new (trend keeps
 * its engines as loaded); ec_load_name_set gives a set of engines the same. */
static void S_names(const char *const *names, const char *const *paths, const int *expl, size_t n,
                    const char *const *want) {
  ec_engine *es[8];
  for (size_t i = 0; i < n; i++) es[i] = ec_engine_new(names[i]);
  char **got = ec_load_distinct_names(names, paths, expl, n);
  for (size_t i = 0; i < n; i++) {
    if (strcmp(got[i], want[i]) != 0) fail_msg("name %zu: %s, want %s", i, got[i], want[i]);
    if (strcmp(es[i]->name, names[i]) != 0) fail_msg("engine %zu renamed to %s", i, es[i]->name);
    free(got[i]);
  }
  free(got);
  ec_load_name_set(es, paths, expl, n);
  for (size_t i = 0; i < n; i++) {
    if (strcmp(es[i]->name, want[i]) != 0) fail_msg("engine %zu: %s, want %s", i, es[i]->name, want[i]);
    ec_engine_free(es[i]);
  }
}

static void test_names(void **st) {
  (void)st;
  const int none[4] = {0, 0, 0, 0};
  {
    const char *nm[] = {"model.engine", "model.engine"};
    const char *p[] = {"ci/nightly-1120/model.engine", "ci/nightly-1121/model.engine"};
    const char *w[] = {"nightly-1120", "nightly-1121"};
    S_names(nm, p, none, 2, w);
  }
  { /* one component is not enough for the second: "a" would clash */
    const char *nm[] = {"m", "m", "m"};
    const char *p[] = {"x/a/m", "a/y/m", "z/y/m"};
    const char *w[] = {"a", "a/y", "z"};
    S_names(nm, p, none, 3, w);
  }
  { /* a stored summary named after its engine: its file tells it apart */
    const char *nm[] = {"model.engine", "model.engine"};
    const char *p[] = {"store/baseline.json", "build/model.engine"};
    const char *w[] = {"baseline", "model.engine"};
    S_names(nm, p, none, 2, w);
  }
  { /* NAME= is kept (the others no longer clash with it); the same path
     * twice stays ambiguous; distinct names are untouched */
    const char *nm[] = {"model.engine", "model.engine", "model.engine", "fp16", "model.engine"};
    const char *p[] = {"n1/model.engine", "n1/model.engine", "n2/model.engine", "x/fp16", "n3/model.engine"};
    const int ex[] = {0, 0, 0, 0, 1};
    const char *w[] = {"n1", "n1#2", "n2", "fp16", "model.engine"};
    S_names(nm, p, ex, 5, w);
  }
  { /* two NAME= alike */
    const char *nm[] = {"x", "x"};
    const char *p[] = {"a/m", "b/m"};
    const int ex[] = {1, 1};
    const char *w[] = {"x", "x#2"};
    S_names(nm, p, ex, 2, w);
  }
}


/* Engines of different batches are compared per inference (issue 32): the
 * A100 at batch 32 (0.8826 ms) against the RTX 3080 at batch 1 (0.2754 ms)
 * is 10x faster per image, not 69% slower; the measured figures stay. */
#define S_CR "tests/fixtures/compare-right/"
static void test_per_inference(void **st) {
  (void)st;
  ec_engine *es[2] = {S_load(S_CR "batch/a100-b32/model.engine"), S_load(S_CR "batch/rtx3080-b1/model.engine")};
  long b[2];
  assert_int_equal(ec_compare_basis(es, 2, b), 1);
  assert_int_equal(b[0], 32);
  assert_int_equal(b[1], 1);
  ec_compare_opts o = S_opts(NAN);
  ec_comparison *c = ec_compare(es, 2, NULL, &o);
  assert_true(c->per_inference);
  assert_true(ec_compare_divisor(c, 0) == 32 && ec_compare_divisor(c, 1) == 1);
  assert_string_equal(ec_compare_unit(c), "ms per inference");
  const ec_compare_result *r = &c->res[1];
  assert_true(fabs(c->res[0].m.value - 0.8826 / 32) < 1e-12);
  assert_true(fabs(c->res[0].raw_value - 0.8826) < 1e-12);
  assert_true(fabs(r->raw_regress_pct - 100 * (0.2754 / 0.8826 - 1)) < 1e-9); /* -68.8% as measured */
  assert_true(fabs(r->est.est_pct - 100 * (0.2754 / (0.8826 / 32) - 1)) < 1e-9); /* +898.5% per inference */
  assert_true(fabs(ec_compare_time_ratio(c, 1) - 0.2754 * 32 / 0.8826) < 1e-9);
  /* no interval (summary statistics only): no direction is claimed, however large (issue 34) */
  assert_int_equal(r->change, EC_CHANGE_UNCLAIMED);
  /* the layers too: the waterfall's totals and every pair are per inference */
  assert_true(fabs(r->base_total_ms - 0.8714 / 32) < 1e-9 && fabs(r->engine_total_ms - 0.2725) < 1e-9);
  for (size_t k = 0; k < r->n_deltas; k++) {
    const ec_layer_delta *d = &r->deltas[k];
    assert_true(fabs(d->base_ms - es[0]->layers[d->a].avg_ms / 32) < 1e-12);
    assert_true(d->delta_pct > 500); /* every layer is slower per image on the 3080 */
  }
  char *h = ec_narrate_compare_headline(c);
  assert_non_null(strstr(h, "(per inference: batch 32 vs 1)"));
  free(h);
  ec_comparison_free(c);
  /* one batch: the figures as measured */
  ec_engine *same[2] = {es[0], es[0]};
  c = ec_compare(same, 2, NULL, &o);
  assert_false(c->per_inference);
  assert_true(ec_compare_divisor(c, 0) == 1);
  assert_string_equal(ec_compare_unit(c), "ms");
  assert_null(ec_narrate_basis(c));
  ec_comparison_free(c);
  /* an unknown batch on a side: as measured */
  ec_engine *u = S_reported("nobatch", 0.3, NAN, NAN);
  ec_engine *mixed[2] = {es[0], u};
  assert_int_equal(ec_compare_basis(mixed, 2, b), 0);
  assert_int_equal(b[1], 0);
  ec_engine_free(u);
  ec_engine_free(es[0]);
  ec_engine_free(es[1]);
}

/* The uniform rule: every layer +150..+490% with the same kernels is said;
 * one layer slower by a changed kernel is not. */
static void test_uniform(void **st) {
  (void)st;
  ec_engine *es[2] = {S_load(S_CR "uniform/streams1/model.engine"), S_load(S_CR "uniform/streams4/model.engine")};
  ec_compare_opts o = S_opts(NAN);
  ec_comparison *c = ec_compare(es, 2, NULL, &o);
  ec_uniform u;
  assert_int_equal(ec_compare_uniform(c, 1, &u), 1);
  assert_int_equal(u.layers, 8);
  assert_true(fabs(u.low_pct - 150) < 1e-6 && fabs(u.high_pct - 490) < 1e-6);
  assert_int_equal(ec_compare_uniform(c, 0, &u), 0); /* the baseline */
  char *t = ec_compare_uniform_text(c, 1);
  assert_non_null(strstr(t, "every layer moved by about the same factor"));
  assert_non_null(strstr(t, "check clocks, concurrent streams or contexts before the engine"));
  free(t);
  /* Inference Streams 1 -> 4 is an option difference */
  int streams = 0;
  for (size_t k = 0; k < c->res[1].n_mism; k++) streams |= !strcmp(c->res[1].mism[k].what, "trtexec option Inference Streams");
  assert_true(streams);
  ec_comparison_free(c);
  ec_engine_free(es[0]);
  ec_engine_free(es[1]);
  ec_engine *tc[2] = {S_load(S_CR "tactic/cask/model.engine"), S_load(S_CR "tactic/cudnn/model.engine")};
  c = ec_compare(tc, 2, NULL, &o);
  assert_int_equal(ec_compare_uniform(c, 1, &u), 0);
  assert_null(ec_compare_uniform_text(c, 1));
  /* the slowest pair says its implementation changed */
  const ec_layer_delta *d = &c->res[1].deltas[0];
  assert_true(fabs(d->delta_pct - 366) < 1e-6);
  assert_int_equal(ec_compare_pair_changes(&tc[0]->layers[d->a], &tc[1]->layers[d->b]), EC_PAIR_IMPLEMENTATION);
  char *w = ec_compare_pair_why(&tc[0]->layers[d->a], &tc[1]->layers[d->b]);
  assert_string_equal(w, "implementation changed: CaskConvolution \xE2\x86\x92 CudnnConvolution");
  free(w);
  ec_comparison_free(c);
  ec_engine_free(tc[0]);
  ec_engine_free(tc[1]);
}

/* What changed inside a pair: a kernel built for another architecture is
 * the same kernel; a placeholder or a names-only side is no change. */
static void test_pair_changes(void **st) {
  (void)st;
  ec_layer a = {0}, b = {0};
  a.layer_type = "CaskConvolution", b.layer_type = "CaskConvolution";
  a.precision = b.precision = "FP16";
  a.out_precision = b.out_precision = "FP16";
  a.tactic = "sm80_xmma_fprop_implicit_gemm_f16f16_tile128", b.tactic = "sm86_xmma_fprop_implicit_gemm_f16f16_tile128";
  assert_int_equal(ec_compare_pair_changes(&a, &b), 0);
  b.tactic = "sm86_xmma_fprop_implicit_gemm_f16f16_tile256";
  assert_int_equal(ec_compare_pair_changes(&a, &b), EC_PAIR_IMPLEMENTATION);
  a.tactic = "cutlass3x_sm100_tensorop_h16816gemm", b.tactic = "cutlass3x_sm120_tensorop_h16816gemm";
  assert_int_equal(ec_compare_pair_changes(&a, &b), 0);
  b.tactic = "TensorRT"; /* the loader's placeholder: not a kernel name */
  assert_int_equal(ec_compare_pair_changes(&a, &b), 0);
  b.precision = "FP32";
  assert_int_equal(ec_compare_pair_changes(&a, &b), EC_PAIR_PRECISION);
  char *w = ec_compare_pair_why(&a, &b);
  assert_string_equal(w, "precision changed: FP16 \xE2\x86\x92 FP32");
  free(w);
  b.precision = "Unknown";
  b.layer_type = "Unknown";
  assert_int_equal(ec_compare_pair_changes(&a, &b), 0);
  assert_null(ec_compare_pair_why(&a, &b));
}

/* Green contexts (trtexec 11.4) and inference streams under both names go
 * through ec_compare_option_diff; input names differ as an engine difference when
 * the shapes agree; a run under nsys is a difference of its own. */
static void test_comparability_new(void **st) {
  (void)st;
  assert_int_equal(ec_compare_option_diff("Green Context", "Disabled", "11.4.0", "sm:16", "11.4.0"), EC_COMPARE_OPT_DIFFERS);
  assert_int_equal(ec_compare_option_diff("Green Context", NULL, "10.16.1", "sm:16", "11.4.0"), EC_COMPARE_OPT_DIFFERS);
  assert_int_equal(ec_compare_option_diff("Green Context", NULL, "10.16.1", "Disabled", "11.4.0"), EC_COMPARE_OPT_SAME);
  assert_int_equal(ec_compare_option_diff("Green Context", NULL, NULL, "sm:16", "11.4.0"), EC_COMPARE_OPT_SAME); /* unknown */
  ec_engine *v[2] = {S_load(S_CR "streams/v85/model.engine"), S_load(S_CR "streams/v86/model.engine")};
  assert_string_equal(ec_compare_option_value(v[0], "Inference Streams"), "2"); /* printed "Streams: 2" */
  assert_string_equal(ec_compare_option_value(v[1], "Inference Streams"), "1");
  ec_engine_free(v[0]);
  ec_engine_free(v[1]);
  ec_compare_opts o = S_opts(NAN);
  ec_engine *g[2] = {S_load(S_CR "green/whole-gpu/model.engine"), S_load(S_CR "green/sm16/model.engine")};
  ec_comparison *c = ec_compare(g, 2, NULL, &o);
  const ec_compare_result *r = &c->res[1];
  int whole = 0, p0 = 0, p1 = 0;
  for (size_t k = 0; k < r->n_mism; k++) {
    whole |= !strcmp(r->mism[k].what, "trtexec option Green Context") && !strcmp(r->mism[k].other, "sm:16");
    p0 |= !strcmp(r->mism[k].what, "trtexec option Optimization Profile 0 Green Context");
    p1 |= !strcmp(r->mism[k].what, "trtexec option Optimization Profile 1 Green Context") &&
          !strcmp(r->mism[k].other, "sm:8,cosched:2");
  }
  assert_true(whole && !p0 && p1); /* profile 0 only repeats the engine-wide sm:16 */
  ec_comparison_free(c);
  ec_engine_free(g[0]);
  ec_engine_free(g[1]);
  ec_engine *x[2] = {S_load(S_CR "inputs/x/model.engine"), S_load(S_CR "inputs/input/model.engine")};
  c = ec_compare(x, 2, NULL, &o);
  r = &c->res[1];
  for (size_t k = 0; k < r->n_mism; k++) assert_null(strstr(r->mism[k].what, "input"));
  assert_int_equal(r->n_diff, 3);
  assert_string_equal(r->diff[0].what, "input names");
  assert_string_equal(r->diff[0].base, "x");
  assert_string_equal(r->diff[0].other, "input");
  assert_string_equal(r->diff[1].base, "FP16 (2 of 2 layers)");
  assert_string_equal(r->diff[1].other, "FP32 (2 of 2 layers)");
  assert_string_equal(r->diff[2].base, "116.5 MiB");
  assert_string_equal(r->diff[2].other, "233.1 MiB");
  assert_null(ec_gate_incomparable(x[0], x[1])); /* the shapes agree in order */
  /* no timing on either side: no verdict */
  assert_int_equal(r->verdict, EC_VERDICT_NO_TIMING);
  assert_int_equal(ec_compare_outcome(c), EC_OUTCOME_NO_TIMING);
  assert_true(ec_outcome_no_verdict(ec_compare_outcome(c)));
  ec_comparison_free(c);
  ec_engine_free(x[0]);
  ec_engine_free(x[1]);
  ec_engine *n[2] = {S_load(S_CR "nsys/plain/model.engine"), S_load(S_CR "nsys/profiled/model.engine")};
  assert_null(n[0]->run_profiler);
  assert_string_equal(n[1]->run_profiler, "nsys");
  c = ec_compare(n, 2, NULL, &o);
  int prof = 0;
  for (size_t k = 0; k < c->res[1].n_mism; k++)
    prof |= !strcmp(c->res[1].mism[k].what, "ran under a profiler") && !strcmp(c->res[1].mism[k].base, "none") &&
            !strcmp(c->res[1].mism[k].other, "nsys");
  assert_true(prof);
  ec_comparison_free(c);
  ec_engine_free(n[0]);
  ec_engine_free(n[1]);
}

/* A names-only engine aligns with the detailed form of itself, by its names
 * and the family they tell (summary's typing). */
static void test_names_only_aligns(void **st) {
  (void)st;
  ec_engine *es[2] = {S_load(S_CR "namesonly/names/model.engine"), S_load(S_CR "namesonly/detailed/model.engine")};
  ec_compare_opts o = S_opts(NAN);
  ec_comparison *c = ec_compare(es, 2, NULL, &o);
  const ec_compare_result *r = &c->res[1];
  assert_int_equal(r->n_pairs, 1);
  assert_int_equal(r->al->only_a + r->al->only_b, 0);
  assert_string_equal(ec_compare_pair_type(&es[0]->layers[0], &es[1]->layers[0]), "Convolution");
  assert_int_equal(r->n_by_type, 1);
  assert_string_equal(r->by_type[0].type, "Convolution");
  ec_comparison_free(c);
  ec_engine_free(es[0]);
  ec_engine_free(es[1]);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_metric_names),
      cmocka_unit_test(test_reported_metric),
      cmocka_unit_test(test_gate_interval),
      cmocka_unit_test(test_gate_no_interval),
      cmocka_unit_test(test_repeats),
      cmocka_unit_test(test_throughput),
      cmocka_unit_test(test_fallbacks),
      cmocka_unit_test(test_metric_changes_verdict_fixture),
      cmocka_unit_test(test_metric_changes_verdict_corpus),
      cmocka_unit_test(test_corpus_gate),
      cmocka_unit_test(test_summary_baseline),
      cmocka_unit_test(test_comparability),
      cmocka_unit_test(test_across_devices),
      cmocka_unit_test(test_corpus_different_networks),
      cmocka_unit_test(test_option_rule),
      cmocka_unit_test(test_escaping),
      cmocka_unit_test(test_deterministic),
      cmocka_unit_test(test_names),
      cmocka_unit_test(test_per_inference),
      cmocka_unit_test(test_uniform),
      cmocka_unit_test(test_pair_changes),
      cmocka_unit_test(test_comparability_new),
      cmocka_unit_test(test_names_only_aligns),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
