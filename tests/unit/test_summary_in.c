/* Unit tests for reading stored summaries back (src/load/summary_in.c on
 * src/load/jtok.c) and finding them (src/load/discover.c):
 *  - jtok against jansson: the same values, strings with escapes and
 *    surrogate pairs, strict rejection of what RFC 8259 forbids;
 *  - a summary jtok refuses but jansson accepts (a second document after
 *    it) reads back as the same engine;
 *  - summary --label, per-type latencies and slowest layers round-trip;
 *  - a stored summary given as a file is one engine: a sibling named like a
 *    trtexec file of it ("SUMMARY.json.profile.json") is not read (it was:
 *    every summary listed its folder, quadratic for a folder of nights);
 *  - ec_load_find_summaries finds summaries by content, two folders deep. */
#include "testutil.h"
#include <jansson.h>
#include <math.h>
#include <unistd.h>
#include "facts/summary.h"
#include "load/jtok.h"
#include "emit/jsonout.h"
#include "emit/summary_json.h"
#include "util/alloc.h"
#include "util/buf.h"

#define S_EXAMPLE "examples/resnet-fp16-a100/resnet.onnx.engine"

/* The summary JSON text of the bundled example engine, with labels. */
static char *S_summary_text(void) {
  ec_engine *e = ec_test_load(S_EXAMPLE);
  ec_kvs_set(&e->labels, "night", "17");
  ec_kvs_set(&e->labels, "commit", "a\"b\\c\xC3\xA9");
  ec_summary *s = ec_summarize(e);
  json_t *j = ec_jsonout_summary(s);
  char *t = ec_jdump(j, 1);
  json_decref(j);
  ec_summary_free(s);
  ec_engine_free(e);
  return t;
}

static ec_engine *S_read(const char *text) {
  ec_engine *e = ec_engine_new("night");
  assert_int_equal(ec_load_summary_text(e, "night.json", text, strlen(text), NULL), 0);
  return e;
}

static void test_jtok_values(void **st) {
  (void)st;
  const char *t = "{\"a\": [1, -2.5e3, 0.1, 0.123456789012345678, 7e-300], \"s\": \"x\\u00e9\\ud83d\\ude00\\n\\\"\","
                  " \"t\": true, \"n\": null, \"o\": {\"k\": \"v\"}, \"u\": \"\\u0000z\"}";
  ec_jtoks d;
  size_t off;
  assert_int_equal(ec_jtok_parse(t, strlen(t), &d, &off), 0);
  json_error_t err;
  json_t *j = json_loads(t, JSON_ALLOW_NUL, &err);
  assert_non_null(j);
  size_t a = ec_jt_get(&d, 0, "a");
  assert_int_equal(ec_jt_size(&d, a), 5);
  size_t i = 0;
  for (size_t x = ec_jt_first(&d, a); x != EC_JT_MISSING; x = ec_jt_next(&d, a, x), i++) {
    json_t *v = json_array_get(json_object_get(j, "a"), i);
    double want = json_is_integer(v) ? (double)json_integer_value(v) : json_real_value(v);
    assert_true(ec_jt_num(&d, x) == want); /* bit for bit, fast path or strtod */
  }
  size_t len;
  char *s = ec_jt_str(&d, ec_jt_get(&d, 0, "s"), &len);
  assert_int_equal(len, json_string_length(json_object_get(j, "s")));
  assert_memory_equal(s, json_string_value(json_object_get(j, "s")), len);
  free(s);
  s = ec_jt_str(&d, ec_jt_get(&d, 0, "u"), &len);
  assert_int_equal(len, 2);
  assert_true(s[0] == '\0' && s[1] == 'z');
  free(s);
  assert_int_equal(ec_jt_kind_of(&d, ec_jt_get(&d, 0, "t")), EC_JT_TRUE);
  assert_int_equal(ec_jt_kind_of(&d, ec_jt_get(&d, 0, "n")), EC_JT_NULL);
  assert_true(ec_jt_streq(&d, ec_jt_get(&d, ec_jt_get(&d, 0, "o"), "k"), "v"));
  assert_int_equal(ec_jt_get(&d, 0, "missing"), EC_JT_MISSING);
  char *txt = ec_jt_text(&d, ec_jt_get(&d, 0, "o"));
  assert_string_equal(txt, "{\"k\":\"v\"}");
  free(txt);
  json_decref(j);
  ec_jtok_free(&d);
  /* what RFC 8259 forbids: jtok refuses (and jansson too) */
  static const char *const bad[] = {"{\"a\": 01}", "{\"a\": 1.}", "{\"a\": \"\\x\"}", "{\"a\": \"\x01\"}", "[1,]",
                                    "{\"a\" 1}", "{\"a\": \"\\ud800\"}", "{\"a\": \"\xff\"}", "[1] [2]", "nul", "[\"a\"",
                                    ""};
  for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
    assert_int_equal(ec_jtok_parse(bad[k], strlen(bad[k]), &d, &off), -1);
    ec_jtok_free(&d);
    json_t *x = json_loads(bad[k], 0, &err);
    assert_null(x);
  }
}

/* Numbers as enginecard writes them (12 significant digits) and longer
 * ones: jtok's fast path and strtod agree bit for bit. */
static void test_jtok_numbers(void **st) {
  (void)st;
  uint64_t z = 7;
  ec_buf b = {0};
  ec_buf_putc(&b, '[');
  double want[4000];
  for (int i = 0; i < 4000; i++) {
    z = z * 6364136223846793005u + 1442695040888963407u;
    double m = (double)(z >> 11) * 0x1.0p-53, x = m * pow(10, (int)((z >> 3) % 61) - 30) * ((z & 1) ? -1 : 1);
    char num[64];
    snprintf(num, sizeof num, i % 3 == 0 ? "%.17g" : i % 3 == 1 ? "%.12g" : "%.15e", x);
    want[i] = strtod(num, NULL);
    ec_buf_printf(&b, "%s%s", i ? "," : "", num);
  }
  ec_buf_putc(&b, ']');
  ec_jtoks d;
  size_t off, i = 0;
  assert_int_equal(ec_jtok_parse(b.data, b.len, &d, &off), 0);
  for (size_t x = ec_jt_first(&d, 0); x != EC_JT_MISSING; x = ec_jt_next(&d, 0, x), i++) assert_true(ec_jt_num(&d, x) == want[i]);
  assert_int_equal(i, 4000);
  ec_jtok_free(&d);
  ec_buf_free(&b);
}

/* Labels, per-type latencies and the slowest layers round-trip; a summary
 * only jansson reads (a second document after it) gives the same engine. */
static void test_summary_round_trip(void **st) {
  (void)st;
  char *t = S_summary_text();
  ec_engine *e = S_read(t);
  assert_string_equal(ec_kvs_get(&e->labels, "night"), "17");
  assert_string_equal(ec_kvs_get(&e->labels, "commit"), "a\"b\\c\xC3\xA9");
  assert_true(e->n_stored_by_type >= 5);
  double sum = 0;
  for (size_t k = 0; k < e->n_stored_by_type; k++) sum += e->stored_by_type[k].ms;
  assert_true(fabs(sum - e->stored_layer_sum_ms) < 1e-9 * sum);
  assert_int_equal(e->n_stored_top, EC_SUMMARY_TOP_LAYERS);
  assert_string_equal(e->stored_top[0].type, "Convolution");
  assert_true(e->stored_top[0].ms >= e->stored_top[1].ms);
  assert_int_equal(e->perf.gpu_compute_sketch.m, 201);
  /* the jansson path: the same text followed by another document */
  char *t2 = ec_asprintf("%s\n{}\n", t);
  ec_engine *f = S_read(t2);
  assert_string_equal(f->name, e->name);
  assert_int_equal(f->perf.gpu_compute.n, e->perf.gpu_compute.n);
  for (int k = 0; k < e->perf.gpu_compute.n; k++) assert_true(f->perf.gpu_compute.v[k].value == e->perf.gpu_compute.v[k].value);
  for (size_t k = 0; k < e->perf.gpu_compute_sketch.m; k++)
    assert_true(f->perf.gpu_compute_sketch.q[k] == e->perf.gpu_compute_sketch.q[k]);
  assert_int_equal(f->n_stored_top, e->n_stored_top);
  assert_string_equal(f->stored_top[3].name, e->stored_top[3].name);
  assert_int_equal(f->labels.n, e->labels.n);
  assert_int_equal(f->n_bindings, e->n_bindings);
  assert_int_equal(f->inference_options.n, e->inference_options.n);
  for (size_t k = 0; k < e->device.all.n; k++) assert_string_equal(f->device.all.v[k].val, e->device.all.v[k].val);
  assert_string_equal(f->device.name, e->device.name);
  /* the summary of a summary keeps its labels */
  ec_summary *s = ec_summarize(e);
  json_t *j = ec_jsonout_summary(s);
  assert_string_equal(json_string_value(json_object_get(json_object_get(j, "labels"), "night")), "17");
  json_decref(j);
  ec_summary_free(s);
  ec_engine_free(e);
  ec_engine_free(f);
  free(t);
  free(t2);
  /* broken text: the jansson path says where */
  ec_engine *g = ec_engine_new("x");
  const char *bad = "{\"schema\": \"enginecard.summary/2\",\n \"engine\": }";
  assert_int_equal(ec_load_summary_text(g, "bad.json", bad, strlen(bad), NULL), -1);
  assert_true(g->diags.n > 0 && g->diags.v[g->diags.n - 1].line == 2);
  ec_engine_free(g);
}

/* trtexec 11's accuracy results (build.accuracy) round-trip through a
 * stored summary, and the summary of that summary says the same. */
static void test_summary_accuracy_round_trip(void **st) {
  (void)st;
  ec_engine *e = ec_test_load("tests/fixtures/logs/trt11.log");
  assert_int_equal(e->accuracy.n, 2);
  ec_summary *s = ec_summarize(e);
  json_t *j = ec_jsonout_summary(s);
  json_t *a = json_object_get(json_object_get(j, "build"), "accuracy");
  assert_int_equal(json_array_size(a), 2);
  json_t *x = json_array_get(a, 0);
  assert_string_equal(json_string_value(json_object_get(x, "tensor")), "y");
  assert_string_equal(json_string_value(json_object_get(x, "algorithm")), "cos");
  assert_true(fabs(json_real_value(json_object_get(x, "loss")) - 0.001497) < 1e-12);
  assert_true(json_is_true(json_object_get(x, "failed")));
  assert_string_equal(json_string_value(json_object_get(json_array_get(a, 1), "tensor")), "y: logits");
  assert_true(json_is_false(json_object_get(json_array_get(a, 1), "failed")));
  char *t = ec_jdump(j, 1);
  json_decref(j);
  ec_summary_free(s);
  ec_engine *f = S_read(t);
  assert_int_equal(f->accuracy.n, 2);
  assert_string_equal(f->accuracy.v[0].key, "y (cos)");
  assert_string_equal(f->accuracy.v[0].val, "0.001497 [FAIL: >= threshold 0.001]");
  assert_string_equal(f->accuracy.v[1].key, "y: logits (cos)");
  free(t);
  ec_engine_free(f);
  ec_engine_free(e);
  /* an engine without them has no accuracy key (8.x/10.x output unchanged) */
  e = ec_test_load(S_EXAMPLE);
  s = ec_summarize(e);
  j = ec_jsonout_summary(s);
  json_t *b = json_object_get(j, "build");
  assert_true(!b || json_is_null(b) || !json_object_get(b, "accuracy"));
  json_decref(j);
  ec_summary_free(s);
  ec_engine_free(e);
}

static void S_write(const char *path, const char *text) {
  FILE *f = fopen(path, "w");
  assert_non_null(f);
  fputs(text, f);
  fclose(f);
}

/* A stored summary given as a file is a whole engine: a sibling named as
 * one of its trtexec files is not read (before: the summary's path was a
 * prefix and the sibling was read too); folders of summaries are found by
 * content, two levels down, in byte order. */
static void test_summary_files(void **st) {
  (void)st;
  char dir[] = "/tmp/ec-summary-XXXXXX";
  assert_non_null(mkdtemp(dir));
  char *t = S_summary_text();
  char *p1 = ec_asprintf("%s/b.json", dir), *sib = ec_asprintf("%s/b.json.profile.json", dir);
  S_write(p1, t);
  S_write(sib, "[{\"count\": 10}, {\"name\": \"x\", \"timeMs\": 1, \"averageMs\": 0.1, \"medianMs\": 0.1, \"percentage\": 100}]");
  ec_engine *e = ec_test_load(p1);
  assert_int_equal(e->n_files, 1);
  assert_int_equal(e->files[0].kind, EC_FILE_SUMMARY);
  assert_false(e->has_profile);
  ec_engine_free(e);
  /* labels given to the loader (summary --label) replace stored ones of the
   * same key and add the others: the CLI does not touch the engine */
  const char *lab[] = {"night=18", "host=", "bad"};
  ec_load_opts lo = {0};
  lo.labels = lab;
  lo.n_labels = 3;
  assert_int_equal(ec_load_engine(p1, &lo, &e), EC_LOAD_OK);
  assert_string_equal(ec_kvs_get(&e->labels, "night"), "18");
  assert_string_equal(ec_kvs_get(&e->labels, "commit"), "a\"b\\c\xC3\xA9");
  assert_string_equal(ec_kvs_get(&e->labels, "host"), "");
  assert_int_equal(e->labels.n, 3);
  ec_engine_free(e);
  char *sub = ec_asprintf("%s/n1", dir), *deep = ec_asprintf("%s/n1/n2", dir), *deeper = ec_asprintf("%s/n1/n2/n3", dir);
  assert_int_equal(mkdir(sub, 0700), 0);
  assert_int_equal(mkdir(deep, 0700), 0);
  assert_int_equal(mkdir(deeper, 0700), 0);
  char *p2 = ec_asprintf("%s/a.json", sub), *p3 = ec_asprintf("%s/c.txt", deep), *p4 = ec_asprintf("%s/d.json", deeper);
  S_write(p2, t);
  S_write(p3, t);
  S_write(p4, t);
  char **found;
  size_t n = ec_load_find_summaries(dir, 2, &found);
  assert_int_equal(n, 3); /* b.json, n1/a.json, n1/n2/c.txt; not the profile, not three levels down */
  assert_string_equal(found[0], p1);
  assert_string_equal(found[1], p2);
  assert_string_equal(found[2], p3);
  for (size_t k = 0; k < n; k++) free(found[k]);
  free(found);
  unlink(p1), unlink(sib), unlink(p2), unlink(p3), unlink(p4);
  rmdir(deeper), rmdir(deep), rmdir(sub), rmdir(dir);
  free(p1), free(sib), free(p2), free(p3), free(p4), free(sub), free(deep), free(deeper), free(t);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_jtok_values),
      cmocka_unit_test(test_jtok_numbers),
      cmocka_unit_test(test_summary_round_trip),
      cmocka_unit_test(test_summary_accuracy_round_trip),
      cmocka_unit_test(test_summary_files),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
