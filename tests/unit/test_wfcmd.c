/* Unit tests for the workflow-command guard (util/buf.h ec_wfcmd_step) in
 * every writer a CI log can show: the terminal writer (emit/term), CSV,
 * JSON (ec_buf_json and ec_jdump), Markdown (with mentions) and the
 * messages of workflow commands (ec_gh_escape). A line is a command to
 * GitHub's runner when it starts with "::" after white space, or holds
 * "##[" anywhere; text that is neither comes out unchanged. */
#include "testutil.h"
#include <jansson.h>
#include "emit/github.h"
#include "emit/jsonout.h"
#include "emit/markdown.h"
#include "emit/term.h"
#include "util/buf.h"

#define ZWJ EC_WFCMD_BREAK

/* s through the terminal writer, as a new string. */
static char *S_term(const char *s, size_t width, size_t max) {
  char *out = NULL;
  size_t n = 0;
  FILE *f = open_memstream(&out, &n);
  ec_term_put_text(f, s, strlen(s), width, max);
  fclose(f);
  return out;
}

static void test_guard(void **st) {
  (void)st;
  static const struct {
    const char *in, *out;
  } cases[] = {
      {"::set-output name=x::y", ":" ZWJ ":set-output name=x::y"},
      {"  ::error::x", "  :" ZWJ ":error::x"},
      {"\xC2\xA0::warning::nbsp", "\xC2\xA0:" ZWJ ":warning::nbsp"}, /* a no-break space is white space to .NET */
      {"a::b", "a::b"},                                              /* not at a line start */
      {"onnx::MatMul_12", "onnx::MatMul_12"},
      {"x ##[set-output name=v;]p", "x #" ZWJ "#[set-output name=v;]p"},
      {"###[", "##" ZWJ "#["},
      {"## [x] #[y] ##", "## [x] #[y] ##"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    char *t = S_term(cases[i].in, 0, 0);
    assert_string_equal(t, cases[i].out);
    free(t);
  }
  /* a line break inside the text starts a line: the terminal shows it as '?' */
  char *t = S_term("a\n::x", 0, 0);
  assert_string_equal(t, "a?:" ZWJ ":x");
  free(t);
  /* the joiner takes no column: padding counts characters shown */
  t = S_term("::a", 6, 0);
  assert_string_equal(t, ":" ZWJ ":a   ");
  free(t);
}

static void test_csv_json(void **st) {
  (void)st;
  ec_buf b = {0};
  ec_buf_csv(&b, "x\n::error::y", 12);
  assert_string_equal(b.data, "\"x\n:" ZWJ ":error::y\"");
  ec_buf_free(&b);
  ec_buf_csv(&b, "a ##[b", 6);
  assert_string_equal(b.data, "a #" ZWJ "#[b");
  ec_buf_free(&b);
  ec_buf_json(&b, "a ##[b #[c ##", 13);
  assert_string_equal(b.data, "a #\\u0023[b #[c ##");
  ec_buf_free(&b);
  json_t *j = json_pack("{s:s, s:s}", "name", "##[set-output name=v;]p", "other", "###[");
  char *d = ec_jdump(j, 0);
  assert_null(strstr(d, "##["));
  json_error_t e;
  json_t *back = json_loads(d, 0, &e); /* the same strings to a reader */
  assert_string_equal(json_string_value(json_object_get(back, "name")), "##[set-output name=v;]p");
  assert_string_equal(json_string_value(json_object_get(back, "other")), "###[");
  json_decref(back);
  json_decref(j);
  free(d);
}

static void test_markdown(void **st) {
  (void)st;
  ec_buf b = {0};
  ec_md_text(&b, "::set-output ##[x] @octocat @my-org/team a@b.c @ x", 0);
  assert_string_equal(b.data, ":\\:set-output \\#\\#\\[x\\] @&#8203;octocat @&#8203;my-org/team a@&#8203;b.c @ x");
  ec_buf_free(&b);
}

static void test_gh_message(void **st) {
  (void)st;
  ec_buf b = {0};
  ec_gh_escape(&b, "n ##[stop-commands]T", 0, 0);
  assert_string_equal(b.data, "n #" ZWJ "#[stop-commands]T");
  ec_buf_free(&b);
  ec_gh_escape(&b, "::x", 1, 0); /* a property: ':' is %3A anyway */
  assert_null(strstr(b.data, "::"));
  ec_buf_free(&b);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_guard), cmocka_unit_test(test_csv_json), cmocka_unit_test(test_markdown),
      cmocka_unit_test(test_gh_message),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
