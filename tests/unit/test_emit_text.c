/* emit/: the text printers and the layers rows the CLI only calls
 * (term, summary_text, lint_text, layers): names from the inputs never
 * reach a terminal raw, and each printer writes without the CLI. */
#include "testutil.h"
#include "rules/lint.h"
#include "facts/summary.h"
#include "emit/layers.h"
#include "emit/lint_text.h"
#include "emit/summary_text.h"
#include "emit/term.h"
#include "util/buf.h"
#include <stdio.h>

/* What f received since it was opened with open_memstream. */
static char *S_close(FILE *f, char **p) {
  fclose(f);
  return *p;
}

static void test_term(void **st) {
  (void)st;
  char *p = NULL;
  size_t n = 0;
  FILE *f = open_memstream(&p, &n);
  size_t w = ec_term_put_text(f, "a\x1b[31mb\tc", 9, 12, 0);
  assert_int_equal(w, 12);
  ec_term_put_text(f, "|abcdefgh", 9, 0, 6); /* cut to 3 and "..." */
  ec_term_put_safe(f, "\xe2\x80\xae" "x"); /* a bidi override */
  S_close(f, &p);
  assert_string_equal(p, "a?[31mb?c   |ab...?x\n");
  free(p);
}

static void test_printers(void **st) {
  (void)st;
  ec_engine *e = ec_test_load("tests/fixtures/bindings/noop-out.graph.json");
  ec_summary *s = ec_summarize(e);
  ec_buf b = {0};
  ec_layers_csv_header(&b);
  assert_true(strncmp(b.data, "index,name,type,layer_type,precision,", 37) == 0);
  assert_int_equal(b.data[b.len - 1], '\n');
  size_t head = b.len;
  ec_layers_csv_row(&b, s, &e->layers[0]);
  assert_true(b.len > head && b.data[b.len - 1] == '\n');
  b.len = 0;
  ec_layers_json_row(&b, s, &e->layers[0], NULL);
  assert_true(b.data[0] == '{' && b.data[b.len - 1] == '\n');
  ec_buf_free(&b);
  char *p = NULL;
  size_t n = 0;
  FILE *f = open_memstream(&p, &n);
  ec_print_summary(s, f);
  S_close(f, &p);
  assert_true(strncmp(p, "engine      ", 12) == 0);
  free(p);
  ec_findings fs = {0};
  ec_lint(e, s, NULL, &fs);
  f = open_memstream(&p, &n);
  ec_print_lint(s, &fs, 1, f);
  S_close(f, &p);
  assert_true(strncmp(p, "engine ", 7) == 0);
  assert_non_null(strstr(p, " findings: "));
  free(p);
  ec_findings_free(&fs);
  ec_summary_free(s);
  ec_engine_free(e);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_term),
      cmocka_unit_test(test_printers),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
