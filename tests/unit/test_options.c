/* The option table's rows bind their fields (src/cli/options.h): the
 * parser sets each field from its row, the commands read fields, and a
 * message names an option through the row that binds its field. */
#include "testutil.h"
#include "cli/cli.h"
#include "cli/options.h"
#include <stddef.h>
#include <string.h>

/* every row a command can be given binds a field; only the top level's
 * (--help, --version, --generate) and removed rows do not */
static void test_rows_bind(void **state) {
  (void)state;
  for (size_t i = 0; i < ec_n_options; i++) {
    const ec_option *o = &ec_options[i];
    int unbound = (o->cmds & EC_CMD_TOP) || (o->flags & EC_OPT_REMOVED);
    if (unbound != (o->bind == EC_BIND_NONE)) fail_msg("%s: bind %d", o->name, (int)o->bind);
    if (o->bind == EC_BIND_CHOICE && !o->choices) fail_msg("%s: a choice without choices", o->name);
    if ((o->bind == EC_BIND_FLAG) != !o->arg && o->bind != EC_BIND_NONE) fail_msg("%s: a flag row takes no value", o->name);
  }
}

static int S_parse(ec_common *c, const char *const *args, int n) {
  char *argv[32];
  for (int i = 0; i < n; i++) argv[i] = (char *)args[i];
  memset(c, 0, sizeof *c);
  return ec_cli_parse(n, argv, 2, c);
}

static void test_parse_sets_fields(void **state) {
  (void)state;
  ec_common c;
  const char *a[] = {"enginecard", "compare", "--label", "all=1", "base", "--max-regress", "5%", "cand", "--label",
                     "k=v", "--github", "-o", "x.html", "--metric", "layer-sum", "--confidence", "95", "-q"};
  assert_int_equal(S_parse(&c, a, (int)(sizeof a / sizeof a[0])), 0);
  assert_int_equal((int)c.n_engines, 2);
  assert_true(c.max_regress_pct == 5);
  assert_true(isnan(c.max_layer_regress_pct)); /* not given: NAN, never 0 */
  assert_int_equal((int)c.labels.n, 2);
  assert_int_equal((int)c.labels.engine[0], -1); /* before any ENGINE: every engine */
  assert_int_equal((int)c.labels.engine[1], 1);  /* after the second */
  assert_int_equal(c.github, 1);
  assert_string_equal(c.html, "x.html");
  assert_int_equal(c.metric_given, 1);
  assert_true(fabs(c.confidence - 0.95) < 1e-12);
  assert_int_equal(c.verbosity, -1);
  ec_common_free(&c);

  const char *r[] = {"enginecard", "report", "e", "--paper", "letter", "--pdf-detail", "full", "--top", "3"};
  assert_int_equal(S_parse(&c, r, (int)(sizeof r / sizeof r[0])), 0);
  assert_int_equal(c.letter, 1);
  assert_int_equal(c.pdf_full, 1);
  assert_int_equal((int)c.top, 3);
  assert_int_equal(c.fail_on, -1);
  ec_common_free(&c);

  /* a choice the row does not list, a count that is negative: usage errors */
  const char *bad1[] = {"enginecard", "lint", "e", "--fail-on", "info"};
  assert_int_equal(S_parse(&c, bad1, 5), EC_EXIT_USAGE);
  ec_common_free(&c);
  const char *bad2[] = {"enginecard", "graph", "e", "--radius", "-1"};
  assert_int_equal(S_parse(&c, bad2, 5), EC_EXIT_USAGE);
  ec_common_free(&c);
}

/* a message's option name is the spelling of the row that binds the field */
static void test_names_from_rows(void **state) {
  (void)state;
  assert_string_equal(EC_OPT_NAME(EC_CMD_GRAPH, query), "--query");
  assert_string_equal(EC_OPT_NAME(EC_CMD_COMPARE, json_file), "--json");
  assert_string_equal(EC_OPT_NAME(EC_CMD_TREND, html), "-o");
  assert_string_equal(EC_OPT_NAME(EC_CMD_SUMMARY, json_file), "?"); /* summary's --json is a flag */
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_rows_bind),
      cmocka_unit_test(test_parse_sets_fields),
      cmocka_unit_test(test_names_from_rows),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
