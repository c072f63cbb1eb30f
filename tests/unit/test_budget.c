/* The budget table (util/budget.h) and its copy in docs/inputs.md agree row
 * for row, and its message names the limit. */
#include "testutil.h"
#include "util/budget.h"
#include "util/file.h"

/* n with a comma every three digits: 1,073,741,824. */
static void S_commas(unsigned long long n, char *out, size_t cap) {
  char raw[32];
  int len = snprintf(raw, sizeof raw, "%llu", n), k = 0;
  for (int i = 0; i < len && (size_t)k + 2 < cap; i++) {
    if (i && (len - i) % 3 == 0) out[k++] = ',';
    out[k++] = raw[i];
  }
  out[k] = '\0';
}

/* Every row of the table is a row of docs/inputs.md's, word for word, and
 * in the same order: "| LIMIT | WHAT | WHERE |". */
static void test_docs_table(void **st) {
  (void)st;
  ec_diags d = {0};
  size_t len;
  char *doc = ec_read_file("docs/inputs.md", &len, &d);
  assert_non_null(doc);
  size_t n;
  const ec_budget *rows = ec_budget_table(&n);
  assert_int_equal(n, EC_BUDGET_N);
  const char *after = doc;
  for (size_t i = 0; i < n; i++) {
    assert_int_equal(rows[i].id, i);
    char num[48], line[1024];
    S_commas(rows[i].limit, num, sizeof num);
    snprintf(line, sizeof line, "\n| %s | %s | %s |\n", num, rows[i].what, rows[i].applies);
    const char *at = strstr(after, line);
    if (!at) fail_msg("docs/inputs.md lacks the row (or has it out of order):%s", line);
    after = at + 1;
  }
  free(doc);
  ec_diags_free(&d);
}

static void test_limits(void **st) {
  (void)st;
  assert_int_equal(ec_budget_limit(EC_BUDGET_LAYERS), EC_MAX_LAYERS);
  assert_false(ec_budget_over(EC_BUDGET_LAYERS, EC_MAX_LAYERS));
  assert_true(ec_budget_over(EC_BUDGET_LAYERS, EC_MAX_LAYERS + 1ull));
  /* what each loader sizes by (a profile record per layer per profile) */
  assert_true(EC_MAX_PROFILE_ROWS >= EC_MAX_LAYERS);
  assert_true(EC_MAX_TENSORS >= 2ull * EC_MAX_LAYERS);
  ec_diags d = {0};
  ec_budget_refuse(&d, EC_BUDGET_TENSORS, "g.json", 3, 7);
  assert_int_equal(d.n, 1);
  assert_int_equal(d.v[0].sev, EC_ERROR);
  assert_int_equal(d.v[0].line, 3);
  assert_string_equal(d.v[0].msg, "more than 2000000 tensors is over the limit of one input file; the file is not read");
  ec_budget_refuse(&d, EC_BUDGET_TEMPLATE_BLOCKS, "t.md", 9, 1);
  assert_string_equal(d.v[1].msg, "more than 128 generated blocks is over the limit of a template; the template is not used");
  ec_diags_free(&d);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_docs_table),
      cmocka_unit_test(test_limits),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
