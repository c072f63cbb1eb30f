/* Replays every kept fuzz reproducer (tests/fuzz/regress/TARGET/) and every
 * seed (tests/fuzz/seeds/TARGET/) through the libFuzzer targets' own entry
 * functions, compiled in here with EC_FUZZ_REPLAY (no libFuzzer needed).
 * A crash, a failed check (abort) or, under `make asan`, a leak fails it. */
#define EC_FUZZ_REPLAY 1
#include "testutil.h"
#include <dirent.h>
#include "../fuzz/fuzz_json.c"
#include "../fuzz/fuzz_log.c"
#include "../fuzz/fuzz_template.c"
#include "../fuzz/fuzz_escape.c"
#include "draw/text.h"

typedef int (*S_entry)(const uint8_t *, size_t);

static int S_cmp(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* Run fn on every file of dir (sorted); returns how many ran. */
static size_t S_replay_dir(const char *dir, S_entry fn) {
  DIR *d = opendir(dir);
  if (!d) return 0;
  char **names = NULL;
  size_t n = 0, cap = 0;
  struct dirent *de;
  while ((de = readdir(d))) {
    if (de->d_name[0] == '.') continue;
    if (n == cap) {
      cap = cap ? cap * 2 : 16;
      names = realloc(names, cap * sizeof *names);
      assert_non_null(names);
    }
    names[n++] = strdup(de->d_name);
  }
  closedir(d);
  qsort(names, n, sizeof *names, S_cmp);
  for (size_t i = 0; i < n; i++) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, names[i]);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    fseek(f, 0, SEEK_END);
    long sz = ftell(f);
    fseek(f, 0, SEEK_SET);
    uint8_t *buf = malloc(sz > 0 ? (size_t)sz : 1);
    assert_non_null(buf);
    size_t got = sz > 0 ? fread(buf, 1, (size_t)sz, f) : 0;
    fclose(f);
    assert_int_equal(got, (size_t)(sz > 0 ? sz : 0));
    print_message("replay %s (%zu bytes)\n", path, got);
    fn(buf, got);
    free(buf);
    free(names[i]);
  }
  free(names);
  return n;
}

static void S_replay(const char *target, S_entry fn) {
  char dir[256];
  snprintf(dir, sizeof dir, "tests/fuzz/seeds/%s", target);
  size_t seeds = S_replay_dir(dir, fn);
  snprintf(dir, sizeof dir, "tests/fuzz/regress/%s", target);
  size_t regress = S_replay_dir(dir, fn);
  print_message("%s: %zu seeds, %zu reproducers\n", target, seeds, regress);
  assert_true(seeds > 0); /* run from the repository root */
}

static void test_regress_json(void **st) { (void)st; S_replay("json", ec_fuzz_json); }
static void test_regress_log(void **st) { (void)st; S_replay("log", ec_fuzz_log); }
static void test_regress_template(void **st) { (void)st; S_replay("template", ec_fuzz_template); }
static void test_regress_escape(void **st) { (void)st; S_replay("escape", ec_fuzz_escape); }

/* The checks themselves: hostile strings through each escaper. */
static void test_escape_checks(void **st) {
  (void)st;
  static const char *const cases[] = {
      "</script><script>alert(1)</script>", "]]>", "\"}{", "{{engine.name}}",
      "*[x](javascript:alert(1))*", "\xE2\x80\xAE" "rtl", "trailing\\", "\x01\x7f\xff\xed\xa0\x80",
      "=1+1", "-x", "@SUM(A1)", "a,b\r\nc", "&amp;&bogus;&#x;", "",
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    ec_fuzz_escape((const uint8_t *)cases[i], strlen(cases[i]));
  /* a NUL in the middle */
  ec_fuzz_escape((const uint8_t *)"a\0<b", 4);
  assert_null(ec_xml_check("<a x=\"1\">t&amp;<b/></a>", 23));
  assert_non_null(ec_xml_check("<a>x</b>", 8));
  assert_non_null(ec_xml_check("<a>&</a>", 8));
  assert_non_null(ec_xml_check("<a x=\"<\"/>", 10));
}

/* The timing reader's streaming path (flat records of numbers) and its
 * jansson path (taken when a record holds anything else, here a string)
 * give the same runs. */
static void S_timing_pair(const char *fast, const char *slow) {
  ec_engine *a = ec_engine_new("a"), *b = ec_engine_new("b");
  assert_int_equal(ec_load_timing_text(a, "a.json", fast, strlen(fast), NULL), 0);
  assert_int_equal(ec_load_timing_text(b, "b.json", slow, strlen(slow), NULL), 0);
  assert_int_equal(a->n_runs, b->n_runs);
  for (size_t r = 0; r < a->n_runs; r++) {
    const ec_timing *x = &a->runs[r], *y = &b->runs[r];
    assert_int_equal(x->n, y->n);
    assert_int_equal(x->legacy, y->legacy);
    assert_string_equal(x->latency_field, y->latency_field);
    const double *cx[5] = {x->latency, x->compute, x->enqueue, x->h2d, x->d2h};
    const double *cy[5] = {y->latency, y->compute, y->enqueue, y->h2d, y->d2h};
    for (int c = 0; c < 5; c++) {
      assert_true((cx[c] == NULL) == (cy[c] == NULL));
      for (size_t i = 0; cx[c] && i < x->n; i++)
        assert_true(cx[c][i] == cy[c][i] || (isnan(cx[c][i]) && isnan(cy[c][i])));
    }
  }
  assert_int_equal(a->diags.n, b->diags.n);
  for (size_t i = 0; i < a->diags.n; i++) assert_string_equal(a->diags.v[i].msg, b->diags.v[i].msg);
  ec_engine_free(a);
  ec_engine_free(b);
}

static void test_timing_fast_path(void **st) {
  (void)st;
  S_timing_pair("[{\"startEnqMs\": 1, \"endEnqMs\": 1.5, \"latencyMs\": 2.5e0, \"computeMs\": 2, \"h2dMs\": 0.25},\n"
                " {\"startEnqMs\": 3, \"endEnqMs\": 3.25, \"latencyMs\": 2, \"inMs\": 0.5, \"d2hMs\": -0}, {}]\n"
                "[{\"endToEndMs\": 4}, {\"endToEndMs\": 5, \"outMs\": 1}]",
                "[{\"startEnqMs\": 1, \"endEnqMs\": 1.5, \"latencyMs\": 2.5e0, \"computeMs\": 2, \"h2dMs\": 0.25},\n"
                " {\"startEnqMs\": 3, \"endEnqMs\": 3.25, \"latencyMs\": 2, \"inMs\": 0.5, \"d2hMs\": -0}, {\"x\": \"s\"}]\n"
                "[{\"endToEndMs\": 4}, {\"endToEndMs\": 5, \"outMs\": 1}]");
  S_timing_pair("[{\"startInMs\": 0, \"endInMs\": 1, \"latencyMs\": 3, \"endToEndMs\": 4}]",
                "[{\"startInMs\": 0, \"endInMs\": 1, \"latencyMs\": 3, \"endToEndMs\": 4, \"s\": \"\"}]");
  /* what the fast path refuses still loads through jansson, with its repairs */
  ec_engine *e = ec_engine_new("c");
  const char *t = "[{\"latencyMs\": nan}, {\"latencyMs\": 01}, {\"latencyMs\": 2}]";
  ec_load_timing_text(e, "c.json", t, strlen(t), NULL);
  ec_engine_free(e);
}

static int S_teardown(void **st) {
  (void)st;
  ec_text_shutdown();
  return 0;
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_regress_json),     cmocka_unit_test(test_regress_log),
      cmocka_unit_test(test_regress_template), cmocka_unit_test(test_regress_escape),
      cmocka_unit_test(test_escape_checks),    cmocka_unit_test(test_timing_fast_path),
  };
  return cmocka_run_group_tests(tests, NULL, S_teardown);
}
