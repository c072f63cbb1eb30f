/* Unit tests for src/judge/trend (and its JSON, src/emit/trend_json.c):
 * nights made from the bundled example engine's summary, every time and
 * latency scaled by a night factor (1% run-to-run noise, fixed seed), one
 * layer type 12% slower from night 17 on:
 *  - the change point is night 17, its size and interval come from compare,
 *    the layer type that moved is named, the gate fails; without the step
 *    there is no change point and the gate passes;
 *  - --by orders numbers numerically and dates by date, and the order of
 *    the inputs does not change a byte of the JSON;
 *  - nights without the label are left out, nights without the metric are
 *    gaps, a latest night without it is an error; engines are grouped by
 *    name, GPU and TensorRT. */
#include "testutil.h"
#include <jansson.h>
#include <math.h>
#include "facts/summary.h"
#include "judge/trend.h"
#include "emit/jsonout.h"
#include "emit/summary_json.h"
#include "emit/trend_out.h"
#include "util/alloc.h"
#include "view/chart_trend.h"
#include "draw/layout_check.h"
#include "view/trend_view.h"

#define S_EXAMPLE "examples/resnet-fp16-a100/resnet.onnx.engine"

static uint64_t S_state;
#define S_unif() ec_test_unif(&S_state)
#define S_normal() ec_test_normal(&S_state)

static json_t *S_base;     /* the example engine's summary */
static double S_conv_share; /* Convolution's share of the layer-latency sum */

static int S_setup(void **st) {
  (void)st;
  ec_engine *e = ec_test_load(S_EXAMPLE);
  ec_summary *s = ec_summarize(e);
  S_base = ec_jsonout_summary(s);
  S_conv_share = ec_groups_find(&s->by_type, "Convolution")->latency_ms / s->total_ms;
  ec_summary_free(s);
  ec_engine_free(e);
  return 0;
}

static int S_teardown(void **st) {
  (void)st;
  json_decref(S_base);
  return 0;
}

static void S_scale_stats(json_t *o, double k) {
  const char *key;
  json_t *v;
  json_object_foreach(o, key, v) {
    if (!strcmp(key, "count") || !strcmp(key, "cv_pct")) continue;
    if (json_is_number(v)) json_object_set_new(o, key, json_real(json_number_value(v) * k));
  }
  json_t *q = json_object_get(json_object_get(o, "sketch"), "quantiles");
  for (size_t i = 0; i < json_array_size(q); i++) json_array_set_new(q, i, json_real(json_number_value(json_array_get(q, i)) * k));
}

/* A night: the base summary with its times scaled by f, layers of type
 * slow_type (if any) by slow more, the timings by the share that gives;
 * labelled key=label (unless key is NULL), named engine, on gpu. */
static ec_engine *S_night(const char *engine, const char *gpu, const char *key, const char *label, double f,
                          const char *slow_type, double slow) {
  json_t *j = json_deep_copy(S_base);
  json_object_set_new(j, "engine", json_string(engine));
  if (gpu) json_object_set_new(json_object_get(j, "device"), "name", json_string(gpu));
  json_t *lab = json_object();
  if (key) json_object_set_new(lab, key, json_string(label));
  json_object_set_new(j, "labels", lab);
  json_t *perf = json_object_get(j, "performance");
  double k = f * (slow_type ? 1 + (slow - 1) * S_conv_share : 1);
  S_scale_stats(json_object_get(perf, "gpu_compute_ms"), k);
  S_scale_stats(json_object_get(perf, "latency_ms"), k);
  json_t *bt = json_object_get(json_object_get(j, "latency_ms"), "by_type");
  const char *t;
  json_t *v;
  json_object_foreach(bt, t, v) {
    double m = f * (slow_type && !strcmp(t, slow_type) ? slow : 1);
    json_object_set_new(bt, t, json_real(json_number_value(v) * m));
  }
  json_t *top = json_object_get(j, "top_layers");
  for (size_t i = 0; i < json_array_size(top); i++) {
    json_t *l = json_array_get(top, i);
    double m = f * (slow_type && !strcmp(json_string_value(json_object_get(l, "type")), slow_type) ? slow : 1);
    json_object_set_new(l, "latency_ms", json_real(json_number_value(json_object_get(l, "latency_ms")) * m));
  }
  char *text = ec_jdump(j, 0);
  json_decref(j);
  char path[64];
  snprintf(path, sizeof path, "nights/%s-%s.json", engine, label ? label : "x");
  ec_engine *e = ec_engine_new(engine);
  assert_int_equal(ec_load_summary_text(e, path, text, strlen(text), NULL), 0);
  free(text);
  return e;
}

typedef struct {
  ec_engine **es;
  const char **group, **display;
  size_t n;
} S_nights;

static void S_nights_free(S_nights *x) {
  for (size_t i = 0; i < x->n; i++) ec_engine_free(x->es[i]);
  free(x->es);
  free(x->group);
  free(x->display);
}

/* 30 nights of one engine labelled night=1..30, 1% noise, optionally a 12%
 * slower Convolution from night 17 on; input order shuffled by perm. */
static S_nights S_series(int step, uint64_t seed, const size_t *perm) {
  S_nights x = {ec_calloc(30, sizeof(ec_engine *)), ec_calloc(30, sizeof(char *)), ec_calloc(30, sizeof(char *)), 30};
  S_state = seed;
  ec_engine *made[30];
  for (int i = 0; i < 30; i++) {
    char label[16];
    snprintf(label, sizeof label, "%d", i + 1);
    int slow = step && i + 1 >= 17;
    made[i] = S_night("resnet", NULL, "night", label, exp(0.01 * S_normal()), slow ? "Convolution" : NULL, 1.12);
  }
  for (size_t k = 0; k < 30; k++) {
    x.es[k] = made[perm ? perm[k] : k];
    x.group[k] = "resnet";
    x.display[k] = x.es[k]->files[0].path;
  }
  return x;
}

static ec_trend *S_build(const S_nights *x, const char *by, double max_regress) {
  ec_trend_opts o = {0};
  o.by = by;
  o.max_regress_pct = max_regress;
  return ec_trend_build(x->es, x->group, x->display, x->n, &o);
}

static void test_step_at_night_17(void **st) {
  (void)st;
  S_nights x = S_series(1, 17, NULL);
  ec_trend *t = S_build(&x, "night", 5);
  assert_int_equal(t->n, 1);
  const ec_trend_group *g = &t->groups[0];
  assert_int_equal(g->n, 30);
  print_message("night-to-night noise %.2f%% (simulated: 1%%)\n", g->noise_pct);
  assert_true(g->noise_pct > 0.6 && g->noise_pct < 1.8); /* 99% of estimates with a step lie in 0.7-1.65% */
  assert_int_equal(g->n_cps, 1);
  const ec_trend_cp *c = &g->cps[0];
  assert_string_equal(g->nights[c->night].name, "17");
  /* the change: about 1 + 12% x Convolution's share, from compare's estimate */
  double want = 100 * 0.12 * S_conv_share;
  assert_true(fabs(c->est.est_pct - want) < 1.5);
  assert_true(c->est.lo_pct > 0 && c->est.lo_pct < c->est.est_pct && c->est.hi_pct > c->est.est_pct);
  assert_int_equal(c->runs_before, 16);
  assert_int_equal(c->runs_after, 14);
  assert_int_equal(c->change, EC_CHANGE_WORSE);
  /* what moved: Convolution, by 12%, and it alone */
  assert_string_equal(c->types[0].name, "Convolution");
  assert_true(fabs(c->types[0].after_ms / c->types[0].before_ms - 1.12) < 0.01);
  assert_true(ec_trend_moved_notable(&c->types[0]));
  for (size_t k = 1; k < c->n_types; k++) assert_false(ec_trend_moved_notable(&c->types[k]));
  assert_string_equal(c->layers[0].type, "Convolution");
  /* the gate: the latest night against nights 1-16 */
  assert_true(g->judged);
  assert_string_equal(g->nights[g->gate_first].name, "1");
  assert_string_equal(g->nights[g->gate_last].name, "16");
  assert_int_equal(g->verdict, EC_VERDICT_FAIL);
  assert_int_equal(t->failed, 1);
  assert_int_equal(ec_trend_outcome(t), EC_OUTCOME_FAIL);
  char *line = ec_trend_cp_line(g, c);
  assert_non_null(strstr(line, "from 17: +"));
  assert_non_null(strstr(line, "Convolution +"));
  free(line);
  ec_trend_free(t);
  S_nights_free(&x);
}

/* A slow drift: +12.5% over 50 nights (0.25% a night at 1% noise) moves
 * each level little; against the first level (the fixed reference) the
 * latest night is about +10% slower, and the gate fails on it. A single bad
 * latest night is inconclusive until confirmed. */
static void test_drift_fails_against_reference(void **st) {
  (void)st;
  S_nights x = {ec_calloc(50, sizeof(ec_engine *)), ec_calloc(50, sizeof(char *)), ec_calloc(50, sizeof(char *)), 50};
  S_state = 5;
  for (int i = 0; i < 50; i++) {
    char label[16];
    snprintf(label, sizeof label, "%d", i + 1);
    x.es[i] = S_night("resnet", NULL, "night", label, exp(0.01 * S_normal()) * (1 + 0.125 * i / 49.0), NULL, 1);
    x.group[i] = "resnet";
    x.display[i] = x.es[i]->files[0].path;
  }
  ec_trend *t = S_build(&x, "night", 5);
  const ec_trend_group *g = &t->groups[0];
  print_message("drift: level gate %s %+.1f%%, against the reference (nights %s-%s) %s %+.1f%% [%+.1f, %+.1f]; %zu change points\n",
                ec_verdict_name(g->verdict), g->est.est_pct, g->nights[g->ref_first].name, g->nights[g->ref_last].name,
                ec_verdict_name(g->ref_verdict), g->ref_est.est_pct, g->ref_est.lo_pct, g->ref_est.hi_pct, g->n_cps);
  assert_true(g->ref_judged);
  assert_string_equal(g->nights[g->ref_first].name, "1");
  assert_true(g->ref_est.est_pct > 7 && g->ref_est.lo_pct > 0);
  assert_int_equal(g->ref_verdict, EC_VERDICT_FAIL);
  assert_int_equal(g->verdict, EC_VERDICT_FAIL);
  assert_int_equal(ec_trend_outcome(t), EC_OUTCOME_FAIL);
  double from_first = g->ref_est.est_pct;
  ec_trend_free(t);
  /* --reference: the drift measured from night 30's level is smaller */
  ec_trend_opts o = {0};
  o.by = "night";
  o.max_regress_pct = 5;
  o.reference = "30";
  t = ec_trend_build(x.es, x.group, x.display, x.n, &o);
  g = &t->groups[0];
  assert_string_equal(g->nights[g->ref_last].name, "30");
  assert_true(g->ref_est.est_pct < from_first - 2);
  ec_trend_free(t);
  S_nights_free(&x);
  /* one bad latest night on a flat series: inconclusive, not a failure */
  x = S_series(0, 3, NULL);
  ec_engine_free(x.es[29]);
  x.es[29] = S_night("resnet", NULL, "night", "30", 1.30, NULL, 1);
  x.display[29] = x.es[29]->files[0].path;
  t = S_build(&x, "night", 5);
  assert_int_equal(t->groups[0].verdict, EC_VERDICT_INCONCLUSIVE);
  assert_non_null(strstr(t->groups[0].reason, "not yet confirmed"));
  assert_int_equal(ec_trend_outcome(t), EC_OUTCOME_INCONCLUSIVE);
  ec_trend_free(t);
  S_nights_free(&x);
}

static void test_no_step_no_change(void **st) {
  (void)st;
  for (uint64_t seed = 1; seed <= 5; seed++) {
    S_nights x = S_series(0, seed, NULL);
    ec_trend *t = S_build(&x, "night", 5);
    assert_int_equal(t->groups[0].n_cps, 0);
    assert_int_equal(t->groups[0].verdict, EC_VERDICT_PASS);
    assert_int_equal(t->groups[0].gate_runs, EC_TREND_WINDOW); /* the 20 nights before the latest */
    assert_int_equal(ec_trend_outcome(t), EC_OUTCOME_PASS);
    ec_trend_free(t);
    S_nights_free(&x);
  }
}

/* The same nights in another order: the same trend, to the byte. */
static void test_input_order(void **st) {
  (void)st;
  size_t perm[30];
  for (size_t i = 0; i < 30; i++) perm[i] = (i * 7 + 3) % 30;
  S_nights a = S_series(1, 17, NULL), b = S_series(1, 17, perm);
  ec_trend *ta = S_build(&a, "night", 5), *tb = S_build(&b, "night", 5);
  json_t *ja = ec_jsonout_trend(ta), *jb = ec_jsonout_trend(tb);
  char *sa = ec_jdump(ja, 1), *sb = ec_jdump(jb, 1);
  assert_string_equal(sa, sb);
  /* numbers: 1, 2, ..., 9, 10, ... (not "10" before "2") */
  const ec_trend_group *g = &tb->groups[0];
  for (size_t i = 0; i < g->n; i++) assert_int_equal(atoi(g->nights[i].name), (int)i + 1);
  assert_string_equal(tb->order, "number");
  free(sa);
  free(sb);
  json_decref(ja);
  json_decref(jb);
  ec_trend_free(ta);
  ec_trend_free(tb);
  S_nights_free(&a);
  S_nights_free(&b);
}

/* Dates order chronologically (with times and offsets); text by bytes;
 * nights without the label are left out with a warning. */
static void test_label_kinds(void **st) {
  (void)st;
  static const char *const dates[] = {"2024-03-01T00:30:00+02:00", "2024-02-29", "2024-02-29T23:00Z", "2023-12-31",
                                      "2024-03-01T01:00:00Z"};
  /* 00:30 at +02:00 on March 1st is 22:30 UTC on February 29th */
  static const char *const want[] = {"2023-12-31", "2024-02-29", "2024-03-01T00:30:00+02:00", "2024-02-29T23:00Z",
                                     "2024-03-01T01:00:00Z"};
  S_nights x = {ec_calloc(6, sizeof(ec_engine *)), ec_calloc(6, sizeof(char *)), ec_calloc(6, sizeof(char *)), 6};
  for (size_t i = 0; i < 5; i++) x.es[i] = S_night("m", NULL, "date", dates[i], 1, NULL, 1);
  x.es[5] = S_night("m", NULL, NULL, NULL, 1, NULL, 1);
  for (size_t i = 0; i < 6; i++) x.group[i] = "m", x.display[i] = "n";
  ec_trend *t = S_build(&x, "date", NAN);
  assert_string_equal(t->order, "date");
  assert_int_equal(t->nights, 5);
  for (size_t i = 0; i < 5; i++) assert_string_equal(t->groups[0].nights[i].name, want[i]);
  assert_int_equal(t->diags.n, 1);
  assert_non_null(strstr(t->diags.v[0].msg, "1 of 6 nights have no label date"));
  assert_int_equal(ec_trend_outcome(t), EC_OUTCOME_NO_GATE);
  ec_trend_free(t);
  /* one value that is not a date: every value is text */
  ec_kvs_set(&x.es[1]->labels, "date", "yesterday");
  t = S_build(&x, "date", NAN);
  assert_string_equal(t->order, "text");
  assert_string_equal(t->groups[0].nights[4].name, "yesterday");
  ec_trend_free(t);
  S_nights_free(&x);
}

/* Engines are grouped by name, GPU and TensorRT (sorted with --by); a
 * night without the metric is a gap; a latest night without it is an
 * error (not comparable). */
static void test_groups_and_gaps(void **st) {
  (void)st;
  S_nights x = {ec_calloc(24, sizeof(ec_engine *)), ec_calloc(24, sizeof(char *)), ec_calloc(24, sizeof(char *)), 24};
  S_state = 5;
  for (size_t i = 0; i < 24; i++) {
    char label[8];
    snprintf(label, sizeof label, "%zu", i / 3 + 1);
    const char *name = i % 3 == 2 ? "bert" : "resnet";
    x.es[i] = S_night(name, i % 3 == 1 ? "NVIDIA H100 PCIe" : NULL, "night", label, exp(0.01 * S_normal()), NULL, 1);
    x.group[i] = name;
    x.display[i] = label;
  }
  /* bert's night 4 lost its timings; resnet on the H100's latest night too */
  x.es[11]->perf.gpu_compute.n = x.es[11]->perf.latency.n = 0;
  x.es[22]->perf.gpu_compute.n = x.es[22]->perf.latency.n = 0;
  ec_trend *t = S_build(&x, "night", 5);
  assert_int_equal(t->n, 3);
  assert_string_equal(t->groups[0].engine, "bert");
  assert_string_equal(t->groups[1].engine, "resnet");
  assert_string_equal(t->groups[2].engine, "resnet");
  assert_string_equal(t->groups[2].gpu, "NVIDIA H100 PCIe");
  for (size_t g = 0; g < 3; g++) assert_int_equal(t->groups[g].n, 8);
  assert_true(isnan(t->groups[0].nights[3].value));
  assert_int_equal(t->groups[0].points, 7);
  assert_int_equal(t->groups[0].verdict, EC_VERDICT_PASS);
  assert_int_equal(t->groups[2].verdict, EC_VERDICT_NO_TIMING);
  assert_int_equal(t->errors, 1);
  assert_int_equal(ec_trend_outcome(t), EC_OUTCOME_NOT_COMPARABLE);
  ec_trend_free(t);
  S_nights_free(&x);
}

static void S_layout_ok(ec_scene *sc) {
  ec_layout_problems lp = {0};
  size_t k = ec_layout_check(sc, 0.5, &lp);
  for (size_t i = 0; i < lp.n; i++) print_message("layout: %s\n", lp.v[i]);
  ec_layout_problems_free(&lp);
  assert_int_equal(k, 0);
  ec_scene_free(sc);
}

/* The trend's charts pass the layout check: the step series (labels every
 * night), 1,000 nights with change points close together and long,
 * hostile night names, outliers beyond the axis, gaps. */
static void test_charts_layout(void **st) {
  (void)st;
  S_nights x = S_series(1, 17, NULL);
  ec_trend *t = S_build(&x, "night", 5);
  const char *why = NULL;
  S_layout_ok(ec_tv_chart_series(t, 0, "s", &why));
  S_layout_ok(ec_tv_chart_types(t, 0, "h", &why));
  ec_trend_free(t);
  S_nights_free(&x);
  size_t n = 1000;
  double *y = ec_calloc(n, sizeof *y);
  unsigned char *out = ec_calloc(n, 1);
  const char **labels = ec_calloc(n, sizeof *labels);
  char **own = ec_calloc(n, sizeof *own);
  S_state = 9;
  for (size_t i = 0; i < n; i++) {
    y[i] = (i < 500 ? 1.0 : i < 503 ? 1.2 : 1.1) * exp(0.01 * S_normal());
    if (i % 97 == 5) y[i] *= 1.8, out[i] = 1;   /* far beyond the axis */
    if (i % 211 == 7) y[i] = NAN;               /* gaps */
    own[i] = ec_asprintf("<script>night %zu \xE2\x80\xAE very long name of a night that never ends %zu", i, i);
    labels[i] = own[i];
  }
  size_t lf[3] = {0, 500, 503}, ll[3] = {499, 502, 999}, marks[2] = {500, 503};
  double lv[3] = {1.0, 1.2, 1.1};
  const char *tips[2] = {"a", "b"};
  ec_series_spec sp = {0};
  sp.f.id = "big";
  sp.f.title = "1,000 nights";
  sp.n = n;
  sp.y = y;
  sp.labels = labels;
  sp.outlier = out;
  sp.n_levels = 3;
  sp.level_first = lf;
  sp.level_last = ll;
  sp.level = lv;
  sp.band = 0.03;
  sp.band_label = "noise band";
  sp.n_marks = 2;
  sp.marks = marks;
  sp.mark_tips = tips;
  sp.name = "engine";
  sp.y_axis = "GPU compute median";
  sp.y_unit = "ms";
  sp.x_axis = "night";
  S_layout_ok(ec_chart_series(&sp));
  sp.f.height = 200;
  sp.n = 40; /* labels every few nights, long ones cut */
  sp.n_levels = 1;
  ll[0] = 39;
  sp.n_marks = 0;
  S_layout_ok(ec_chart_series(&sp));
  double *v = ec_calloc(3 * n, sizeof *v);
  for (size_t i = 0; i < 3 * n; i++) v[i] = i % n == 7 ? NAN : 0.1 + (double)(i % 5) * 0.01;
  const char *series[3] = {"Convolution", "<b>Reformat</b>", "other (4 types)"};
  ec_color cols[3] = {ec_rgb(0x4682B4), ec_rgb(0x00FFFF), ec_rgb(0x808080)};
  ec_history_spec hp = {0};
  hp.f.id = "hist";
  hp.f.title = "latency by layer type";
  hp.n = n;
  hp.labels = labels;
  hp.n_series = 3;
  hp.series = series;
  hp.colors = cols;
  hp.values = v;
  hp.n_marks = 2;
  hp.marks = marks;
  hp.y_axis = "Sum of per-layer averages";
  hp.y_unit = "ms";
  hp.x_axis = "night";
  S_layout_ok(ec_chart_history(&hp));
  for (size_t i = 0; i < n; i++) free(own[i]);
  free(own);
  free(labels);
  free(y);
  free(out);
  free(v);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_step_at_night_17),
      cmocka_unit_test(test_no_step_no_change),
      cmocka_unit_test(test_drift_fails_against_reference),
      cmocka_unit_test(test_input_order),
      cmocka_unit_test(test_label_kinds),
      cmocka_unit_test(test_groups_and_gaps),
      cmocka_unit_test(test_charts_layout),
  };
  return cmocka_run_group_tests(tests, S_setup, S_teardown);
}
