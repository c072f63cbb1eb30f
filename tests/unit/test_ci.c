/* Unit tests for the CI writers (src/emit/github.c, openmetrics.c, bmf.c,
 * codequality.c, markdown.c's ec_md_cap): escaping for workflow commands
 * and OpenMetrics label values, the Markdown cap (rows counted, <details>
 * closed, never over the cap), fixed decimals, and the outputs of a
 * comparison of the compare fixtures. */
#include "testutil.h"
#include <jansson.h>
#include "judge/compare.h"
#include "rules/lint.h"
#include "facts/summary.h"
#include "emit/bmf.h"
#include "emit/codequality.h"
#include "emit/github.h"
#include "emit/markdown.h"
#include "emit/openmetrics.h"

static void test_gh_escape(void **st) {
  (void)st;
  ec_buf b = {0};
  ec_gh_escape(&b, "a%b\r\nc:d,e\x01\xE2\x80\xAE" "f\xff", 0, 0);
  assert_string_equal(b.data, "a%25b%0D%0Ac:d,e\xEF\xBF\xBD\xEF\xBF\xBD" "f\xEF\xBF\xBD");
  ec_buf_free(&b);
  ec_gh_escape(&b, "a%b\r\nc:d,e", 1, 0);
  assert_string_equal(b.data, "a%25b%0D%0Ac%3Ad%2Ce");
  ec_buf_free(&b);
  ec_gh_escape(&b, "abcdef", 1, 3);
  assert_string_equal(b.data, "abc\xE2\x80\xA6");
  ec_buf_free(&b);
}

static void test_om_label(void **st) {
  (void)st;
  ec_buf b = {0};
  ec_om_label(&b, "a\"b\\c\nd\x7f\xff}");
  assert_string_equal(b.data, "a\\\"b\\\\c\\nd\xEF\xBF\xBD\xEF\xBF\xBD}");
  ec_buf_free(&b);
}

/* The cap: at a line boundary, open <details> closed, rows counted. */
static void test_md_cap(void **st) {
  (void)st;
  ec_buf b = {0};
  ec_buf_puts(&b, "### verdict\n\n<details><summary>x</summary>\n\n| A | B |\n|:--|--:|\n");
  for (int i = 0; i < 500; i++) ec_buf_printf(&b, "| row %d | %d |\n", i, i);
  ec_buf_puts(&b, "\n</details>\n");
  char *md = ec_buf_take(&b);
  char *c = ec_md_cap(md, 4096, "in the artifact");
  assert_true(strlen(c) <= 4096);
  assert_non_null(strstr(c, "</details>"));
  assert_string_equal(strstr(c, "row 0 |") ? "y" : "n", "y");
  /* the rows cut, counted: every row not kept */
  size_t kept = 0;
  for (const char *p = c; (p = strstr(p, "| row ")); p++) kept++;
  char want[96];
  snprintf(want, sizeof want, "_Cut at 4096 bytes: %zu more rows in the artifact._\n", 500 - kept);
  assert_non_null(strstr(c, want));
  free(c);
  c = ec_md_cap(md, strlen(md), "x");
  assert_string_equal(c, md);
  free(c);
  free(md);
}

static ec_engine *S_load(const char *spec) {
  ec_load_opts o = {0};
  ec_engine *e = NULL;
  ec_load_engine(spec, &o, &e);
  assert_non_null(e);
  return e;
}

/* The fixtures' comparison in every CI format: shapes and numbers agree. */
static void test_outputs(void **st) {
  (void)st;
  ec_engine *es[2] = {S_load("tests/fixtures/compare/base/model.engine"),
                      S_load("tests/fixtures/compare/renamed/model.engine")};
  free(es[0]->name);
  es[0]->name = ec_strdup("base");
  free(es[1]->name);
  es[1]->name = ec_strdup("cand");
  ec_compare_opts o = {0};
  o.max_regress_pct = 10;
  o.max_layer_regress_pct = NAN;
  o.min_layer_ms = NAN;
  o.metric = EC_METRIC_LAYER_SUM;
  o.metric_given = 1;
  ec_comparison *c = ec_compare(es, 2, NULL, &o);
  char *om = ec_openmetrics_compare(c);
  assert_non_null(strstr(om, "enginecard_latency_seconds{engine=\"base\",statistic=\"layer-sum\"} 0.001000000\n"));
  assert_non_null(strstr(om, "enginecard_change_ratio{engine=\"cand\"} 0.300000\n"));
  assert_non_null(strstr(om, "enginecard_gate_failed{engine=\"cand\"} 1\n"));
  assert_null(strstr(om, "enginecard_change_lower_ratio{")); /* no interval: no line, not 0 */
  assert_string_equal(om + strlen(om) - 6, "# EOF\n");
  free(om);
  json_t *bmf = ec_bmf_compare(c);
  json_t *lat = json_object_get(json_object_get(bmf, "base"), "latency");
  assert_non_null(lat);
  assert_true(fabs(json_real_value(json_object_get(lat, "value")) - 1e6) < 1e-3);
  assert_null(json_object_get(lat, "lower_value"));
  assert_non_null(json_object_get(bmf, "cand/Convolution"));
  json_decref(bmf);
  char *a = ec_github_annotations(c);
  assert_true(strncmp(a, "::error title=enginecard compare%3A cand fail::cand vs baseline base (layer-sum): +30.0%25", 90) == 0);
  assert_non_null(strstr(a, "+30.0%25"));
  free(a);
  char *outs = ec_github_outputs(c, 0);
  assert_string_equal(outs, "verdict=fail\nchange-pct=30.00\n");
  free(outs);
  outs = ec_github_outputs(c, 1); /* compare exits 2 or 3 */
  assert_string_equal(outs, "verdict=error\nchange-pct=30.00\n");
  free(outs);
  outs = ec_github_first_run_outputs();
  assert_string_equal(outs, "verdict=pass\nchange-pct=\nbaseline=missing\n");
  free(outs);
  char *pr = ec_github_pr_comment(c);
  assert_true(strncmp(pr, EC_GH_PR_MARKER "\n### ", strlen(EC_GH_PR_MARKER) + 5) == 0);
  free(pr);
  char *sum = ec_github_summary(c, 600);
  assert_true(strlen(sum) <= 600);
  assert_non_null(strstr(sum, "more rows"));
  free(sum);
  assert_null(ec_github_summary(c, 100));
  ec_comparison_free(c);
  ec_engine_free(es[0]);
  ec_engine_free(es[1]);
}

/* Code Quality: fingerprints do not depend on lines, differ between findings. */
static void test_codequality(void **st) {
  (void)st;
  ec_engine *e = S_load("tests/fixtures/compare/base/model.engine");
  ec_summary *s = ec_summarize(e);
  ec_findings f = {0};
  ec_lint(e, s, NULL, &f);
  assert_true(f.n > 1);
  size_t *lines = ec_calloc(e->n_layers, sizeof *lines);
  const char *path = ec_load_layer_lines(e, lines);
  assert_string_equal(path, "tests/fixtures/compare/base/model.engine.graph.json");
  assert_int_equal(lines[0], 4);
  json_t *a = ec_codequality_lint(s, &f, path, lines);
  json_t *b = ec_codequality_lint(s, &f, path, NULL);
  assert_int_equal(json_array_size(a), f.n);
  for (size_t i = 0; i < f.n; i++) {
    const char *fa = json_string_value(json_object_get(json_array_get(a, i), "fingerprint"));
    assert_string_equal(fa, json_string_value(json_object_get(json_array_get(b, i), "fingerprint")));
    assert_int_equal(strlen(fa), 32);
    for (size_t k = 0; k < i; k++)
      assert_string_not_equal(fa, json_string_value(json_object_get(json_array_get(a, k), "fingerprint")));
  }
  json_decref(a);
  json_decref(b);
  free(lines);
  ec_findings_free(&f);
  ec_summary_free(s);
  ec_engine_free(e);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_gh_escape), cmocka_unit_test(test_om_label), cmocka_unit_test(test_md_cap),
      cmocka_unit_test(test_outputs), cmocka_unit_test(test_codequality),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
