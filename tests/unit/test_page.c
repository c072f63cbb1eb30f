/* The HTML page as a product: stable heading ids and the table of contents
 * built from them, identifiers that wrap at their separators, and the
 * page shell. (What the page looks like in a browser is measured by
 * tests/e2e/browser.sh.) */
#include "testutil.h"
#include "assemble/html.h"
#include "assemble/report.h"
#include "assemble/template.h"
#include "load/load.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "util/utf8.h"

/* ---- heading ids ----------------------------------------------------------- */

static void test_heading_slug(void **st) {
  (void)st;
  char *s;
  assert_string_equal(s = ec_heading_slug("Engine graph"), "engine-graph"), free(s);
  assert_string_equal(s = ec_heading_slug("Appendix: build and inference options"), "appendix-build-and-inference-options"), free(s);
  assert_string_equal(s = ec_heading_slug("{{engine.name}}"), "engine-name"), free(s);
  assert_string_equal(s = ec_heading_slug("  Reformats & PointWise layers!  "), "reformats-pointwise-layers"), free(s);
  assert_string_equal(s = ec_heading_slug("\xC3\xA9t\xC3\xA9 <script>"), "t-script"), free(s);
  assert_string_equal(s = ec_heading_slug("***"), "section"), free(s);
  assert_string_equal(s = ec_heading_slug(""), "section"), free(s);
}

static char *S_value(void *ud, const char *name) {
  (void)ud;
  if (!strcmp(name, "engine.name")) return ec_strdup("resnet <b>\"x\"</b>");
  return NULL;
}

/* Ids come from the template's text, so they do not change with the
 * engine (before: "e1-s1", "e1-s2"... by position, which moved whenever the
 * template gained a heading, and nothing listed them for a contents). */
static void test_heading_ids(void **st) {
  (void)st;
  const char *md = "# {{engine.name}}\n\ntext\n\n## Lint\n\n### Inputs *and* `outputs`\n\n## Lint\n\n## Engine graph\n";
  ec_tmpl_env env = {NULL, S_value, NULL, NULL, "e2", "t.md"};
  ec_doc doc;
  ec_diags d = {0};
  assert_int_equal(ec_template_expand(md, strlen(md), &env, &doc, &d), 0);
  assert_int_equal(doc.n_heads, 5);
  assert_string_equal(doc.heads[0].id, "e2-s-engine-name");
  assert_int_equal(doc.heads[0].level, 1);
  assert_string_equal(doc.heads[0].text, "resnet <b>\"x\"</b>"); /* the value, as text */
  assert_string_equal(doc.heads[1].id, "e2-s-lint");
  assert_string_equal(doc.heads[2].id, "e2-s-inputs-and-outputs");
  assert_string_equal(doc.heads[2].text, "Inputs and outputs");
  assert_int_equal(doc.heads[2].level, 3);
  assert_string_equal(doc.heads[3].id, "e2-s-lint-2"); /* unique */
  assert_string_equal(doc.heads[4].id, "e2-s-engine-graph");
  char *h = cmark_render_html(doc.root, CMARK_OPT_DEFAULT);
  assert_non_null(strstr(h, "<h2><a class=\"anchor\" id=\"e2-s-lint\"></a>Lint</h2>"));
  assert_non_null(strstr(h, "resnet &lt;b&gt;"));
  free(h);
  ec_doc_free(&doc);
  ec_diags_free(&d);
}

/* ---- identifiers wrap at separators ------------------------------------------ */

static char *S_ident(const char *s) {
  ec_buf b = {0};
  ec_buf_html_ident(&b, s, strlen(s));
  return ec_buf_take(&b);
}

/* Text of HTML without its tags and with &lt; &gt; &amp; decoded. */
static char *S_text(const char *h) {
  ec_buf b = {0};
  for (const char *p = h; *p;) {
    if (*p == '<') {
      const char *gt = strchr(p, '>');
      p = gt ? gt + 1 : p + strlen(p);
    } else if (!strncmp(p, "&lt;", 4)) ec_buf_putc(&b, '<'), p += 4;
    else if (!strncmp(p, "&gt;", 4)) ec_buf_putc(&b, '>'), p += 4;
    else if (!strncmp(p, "&amp;", 5)) ec_buf_putc(&b, '&'), p += 5;
    else if (!strncmp(p, "&quot;", 6)) ec_buf_putc(&b, '"'), p += 6;
    else if (!strncmp(p, "&#39;", 5)) ec_buf_putc(&b, '\''), p += 5;
    else ec_buf_putc(&b, *p++);
  }
  return ec_buf_take(&b);
}

static void test_ident_break_rule(void **st) {
  (void)st;
  assert_true(ec_ident_break('_', 'x'));
  assert_true(ec_ident_break('/', 'c'));
  assert_true(ec_ident_break('.', '0'));
  assert_true(ec_ident_break('+', 'R'));
  assert_true(ec_ident_break('-', 'a'));
  assert_true(ec_ident_break(']', 'x'));
  assert_true(ec_ident_break('x', '['));
  assert_true(ec_ident_break(',', '6'));
  assert_false(ec_ident_break('a', 'b')); /* never mid-word */
  assert_false(ec_ident_break('_', '_')); /* never inside a run of separators */
  assert_false(ec_ident_break('/', '['));
  assert_false(ec_ident_break('[', '['));
  assert_false(ec_ident_break(0, 'x'));
}

/* Before: table cells were escaped as one unbreakable word, and a tactic
 * such as sm80_xmma_fprop_implicit_gemm_... pushed Lint's Mitigation column
 * off the page at 1280 px. */
static void test_ident_html(void **st) {
  (void)st;
  char *h, *t;
  h = S_ident("sm80_xmma_fprop_implicit_gemm");
  assert_string_equal(h, "sm80_<wbr>xmma_<wbr>fprop_<wbr>implicit_<wbr>gemm");
  free(h);
  h = S_ident("/features/features.0/Conv + /features/features.1/Relu");
  assert_string_equal(h, "/features/<wbr>features.<wbr>0/<wbr>Conv + /features/<wbr>features.<wbr>1/<wbr>Relu");
  free(h);
  h = S_ident("[32,64,112,112] FP16 NHWC8");
  assert_string_equal(h, "[32,<wbr>64,<wbr>112,<wbr>112] FP16 NHWC8");
  free(h);
  /* short words and prose are left alone: no break in FP32+FP16 or a type */
  h = S_ident("FP32+FP16 Convolution multi-head");
  assert_string_equal(h, "FP32+FP16 Convolution multi-head");
  free(h);
  /* no hyphen is ever added; the text reads back the same */
  const char *hostile = "<script>alert('x')</script>_&amp;_\"q\"/[a]_0123456789abcdef0123456789";
  h = S_ident(hostile);
  assert_null(strstr(h, "<script"));
  assert_null(strstr(h, "\xC2\xAD")); /* soft hyphen */
  t = S_text(h);
  assert_string_equal(t, hostile);
  free(t);
  free(h);
  /* a piece with no separator (a hash) may break anywhere, in its own span */
  h = S_ident("sm80_tactic_0xa3456194c2d84ef313");
  assert_string_equal(h, "<span class=\"nm\">sm80_<wbr>tactic_<wbr>0xa3456194c2d84ef313</span>");
  free(h);
  /* control characters and invalid UTF-8 never pass through */
  h = S_ident("layer\x01name_with_a_bad_\xff_byte");
  assert_null(strchr(h, '\x01'));
  assert_null(strchr(h, '\xff'));
  free(h);
}

/* ---- the page shell ------------------------------------------------------------ */

/* Every href in s that starts with "#" names an id present in s. */
static size_t S_broken_links(const char *s, size_t *n_links) {
  size_t broken = 0, n = 0;
  for (const char *p = strstr(s, "href=\"#"); p; p = strstr(p + 1, "href=\"#")) {
    const char *a = p + 7, *e = strchr(a, '"');
    char id[256], pat[300];
    snprintf(id, sizeof id, "%.*s", (int)(e - a), a);
    snprintf(pat, sizeof pat, "id=\"%s\"", id);
    n++;
    if (!strstr(s, pat)) broken++;
  }
  *n_links = n;
  return broken;
}

/* The page has a table of contents listing every engine and its sections,
 * each linking to its heading (before: no navigation at all). */
static void test_toc(void **st) {
  (void)st;
  ec_engine *e[2];
  ec_load_opts lo = {0};
  assert_int_equal(ec_load_engine("examples/resnet-fp16-a100", &lo, &e[0]), 0);
  assert_int_equal(ec_load_engine("examples/resnet-int8-a100", &lo, &e[1]), 0);
  ec_report_opts o = {0};
  o.want_html = 1;
  for (size_t n = 1; n <= 2; n++) {
    ec_report r;
    ec_diags d = {0};
    assert_int_equal(ec_report_build(e, n, &o, &r, &d), 0);
    ec_buf h = {0};
    ec_report_html(&r, &h);
    const char *toc = strstr(h.data, "<nav class=\"toc\" id=\"toc\"");
    assert_non_null(toc);
    const char *end = strstr(toc, "</nav>");
    assert_non_null(end);
    assert_non_null(strstr(h.data, "<main id=\"main\">"));
    char *nav = ec_strndup(toc, (size_t)(end - toc));
    for (size_t i = 0; i < n; i++) {
      const ec_doc *doc = &r.parts[i].doc;
      assert_true(doc->n_heads > 5);
      for (size_t k = 0; k < doc->n_heads; k++) {
        char pat[300];
        snprintf(pat, sizeof pat, "href=\"#%s\"", doc->heads[k].id);
        /* h1 (the engine) and h2 sections are listed, h3 are not */
        if (doc->heads[k].level <= 2) assert_non_null(strstr(nav, pat));
        else assert_null(strstr(nav, pat));
      }
    }
    if (n == 2) {
      assert_non_null(strstr(nav, "href=\"#top\""));
      assert_non_null(strstr(nav, "class=\"toc-part\""));
    }
    size_t links, broken = S_broken_links(h.data, &links);
    assert_true(links > 10);
    assert_int_equal(broken, 0);
    free(nav);
    ec_buf_free(&h);
    ec_report_free(&r);
    ec_diags_free(&d);
  }
  ec_engine_free(e[0]);
  ec_engine_free(e[1]);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_heading_slug), cmocka_unit_test(test_heading_ids), cmocka_unit_test(test_ident_break_rule),
      cmocka_unit_test(test_ident_html), cmocka_unit_test(test_toc),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
