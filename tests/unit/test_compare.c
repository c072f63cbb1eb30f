/* Unit tests for src/analyze/compare and its emitters: metric selection and
 * fallbacks, the noise band, verdicts, a metric that changes the verdict,
 * stored summaries as baselines, comparability, and escaping. */
#include "testutil.h"
#include <jansson.h>
#include <math.h>
#include "analyze/compare.h"
#include "load/load.h"
#include "out/benchjson.h"
#include "out/compare_json.h"
#include "out/jsonout.h"
#include "out/junit.h"
#include "out/markdown.h"
#include "out/summary_json.h"

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

/* Spread from summary statistics: p90 first, then p99, then the range. */
static void test_spread_estimates(void **st) {
  (void)st;
  ec_engine *a = S_reported("a", 1.0, 1.012816, NAN);
  ec_metric_value v;
  assert_true(ec_metric_of(a, NULL, EC_METRIC_GPU_MEDIAN, &v));
  assert_string_equal(v.source, "metadata");
  assert_true(fabs(v.cv - 0.01) < 1e-9);
  assert_non_null(strstr(v.spread, "p90"));
  ec_metric_value_clear(&v);
  ec_engine *b = S_reported("b", 2.0, NAN, 2.0 + 2 * 2.3263 * 0.005);
  assert_true(ec_metric_of(b, NULL, EC_METRIC_GPU_MEDIAN, &v));
  assert_true(fabs(v.cv - 0.005) < 1e-9);
  assert_non_null(strstr(v.spread, "p99"));
  ec_metric_value_clear(&v);
  ec_engine *c = S_reported("c", 1.0, NAN, NAN); /* min .98, max 1.05 */
  assert_true(ec_metric_of(c, NULL, EC_METRIC_GPU_MEDIAN, &v));
  assert_true(fabs(v.cv - 0.07 / 4) < 1e-9);
  assert_non_null(strstr(v.spread, "max - min"));
  ec_metric_value_clear(&v);
  /* no throughput recorded */
  assert_false(ec_metric_of(c, NULL, EC_METRIC_THROUGHPUT, &v));
  assert_true(isnan(v.value));
  ec_metric_value_clear(&v);
  ec_engine_free(a);
  ec_engine_free(b);
  ec_engine_free(c);
}

static void test_noise_band(void **st) {
  (void)st;
  assert_true(fabs(ec_noise_band_pct(0.03, 0.04, 3) - 15.0) < 1e-9);
  /* one side unknown: assumed equal to the other */
  assert_true(fabs(ec_noise_band_pct(NAN, 0.01, 2) - 2 * sqrt(2) * 1.0) < 1e-9);
  assert_true(isnan(ec_noise_band_pct(NAN, NAN, 3)));
}

/* The same 5% regression fails with a quiet GPU and passes with a noisy one. */
static void test_gate_noise(void **st) {
  (void)st;
  ec_engine *es[2];
  es[0] = S_reported("base", 1.0, 1.0 + 1.2816 * 0.001, NAN); /* cv 0.1% */
  es[1] = S_reported("cand", 1.05, 1.05 * (1 + 1.2816 * 0.001), NAN);
  ec_compare_opts o = S_opts(2);
  ec_comparison *c = ec_compare(es, 2, NULL, &o);
  assert_int_equal(c->used, EC_METRIC_GPU_MEDIAN);
  assert_int_equal(c->res[0].verdict, EC_VERDICT_BASELINE);
  assert_int_equal(c->res[1].verdict, EC_VERDICT_FAIL);
  assert_true(fabs(c->res[1].delta_pct - 5) < 1e-9);
  assert_true(c->res[1].noise_pct < 1);
  assert_int_equal(c->failed, 1);
  ec_comparison_free(c);
  ec_engine_free(es[0]);
  ec_engine_free(es[1]);

  es[0] = S_reported("base", 1.0, 1.0 + 1.2816 * 0.05, NAN); /* cv 5% */
  es[1] = S_reported("cand", 1.05, 1.05 * (1 + 1.2816 * 0.05), NAN);
  c = ec_compare(es, 2, NULL, &o);
  assert_int_equal(c->res[1].verdict, EC_VERDICT_PASS);
  assert_int_equal(c->res[1].change, EC_CHANGE_SAME);
  assert_true(c->res[1].noise_pct > 20 && c->res[1].noise_pct < 22); /* 3*sqrt(2)*5 */
  assert_true(fabs(c->res[1].threshold_pct - c->res[1].noise_pct) < 1e-9);
  assert_non_null(strstr(c->res[1].reason, "inside the noise band"));
  assert_int_equal(c->failed, 0);
  ec_comparison_free(c);

  /* no gate: info only */
  o = S_opts(NAN);
  c = ec_compare(es, 2, NULL, &o);
  assert_int_equal(c->res[1].verdict, EC_VERDICT_INFO);
  assert_int_equal(c->gates, 0);
  ec_comparison_free(c);

  /* the baseline chosen by index; the other is then 4.8% better */
  o = S_opts(1);
  o.baseline = 1;
  c = ec_compare(es, 2, NULL, &o);
  assert_int_equal(c->res[1].verdict, EC_VERDICT_BASELINE);
  assert_int_equal(c->res[0].verdict, EC_VERDICT_PASS);
  assert_true(c->res[0].regress_pct < 0);
  ec_comparison_free(c);
  ec_engine_free(es[0]);
  ec_engine_free(es[1]);
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
  assert_true(fabs(c->res[1].regress_pct - 20) < 1e-9);
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
  assert_int_equal(c->res[1].verdict, EC_VERDICT_ERROR);
  assert_int_equal(c->errors, 1);
  ec_comparison_free(c);
  ec_engine_free(es[0]);
  ec_engine_free(e0);
  ec_engine_free(es[1]);
}

/* The fixture pair: GPU time +2% (passes at 10%), layer sum +30% (fails). */
static void test_metric_changes_verdict_fixture(void **st) {
  (void)st;
  ec_engine *es[2] = {S_load("tests/fixtures/compare/base/model.engine"),
                      S_load("tests/fixtures/compare/renamed/model.engine")};
  ec_compare_opts o = S_opts(10);
  ec_comparison *c = ec_compare(es, 2, NULL, &o);
  assert_int_equal(c->used, EC_METRIC_GPU_MEDIAN);
  assert_string_equal(c->res[1].m.source, "timing.json");
  assert_int_equal(c->res[1].m.samples, 40);
  assert_int_equal(c->res[1].verdict, EC_VERDICT_PASS);
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
  assert_int_equal(c->res[0].change, EC_CHANGE_BETTER);
  ec_comparison_free(c);
  for (int i = 0; i < 3; i++) ec_engine_free(es[i]);
}

/* A stored summary read back keeps the metric and its spread, and has no layers. */
static void test_summary_baseline(void **st) {
  (void)st;
  ec_engine *src = S_load("tests/fixtures/compare/base/model.engine");
  ec_summary *s = ec_summarize(src);
  json_t *j = ec_summary_json(s);
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
  assert_int_equal(c->res[2].verdict, EC_VERDICT_PASS);
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
  json_t *j = ec_compare_json(c, labels);
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
    json_t *j = ec_compare_json(c, NULL);
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

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_metric_names),
      cmocka_unit_test(test_spread_estimates),
      cmocka_unit_test(test_noise_band),
      cmocka_unit_test(test_gate_noise),
      cmocka_unit_test(test_throughput),
      cmocka_unit_test(test_fallbacks),
      cmocka_unit_test(test_metric_changes_verdict_fixture),
      cmocka_unit_test(test_metric_changes_verdict_corpus),
      cmocka_unit_test(test_corpus_gate),
      cmocka_unit_test(test_summary_baseline),
      cmocka_unit_test(test_comparability),
      cmocka_unit_test(test_escaping),
      cmocka_unit_test(test_deterministic),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
