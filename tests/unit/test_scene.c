/* Scene, layout check and both backends on small hand-made scenes. */
#include "testutil.h"

#include <unistd.h>

#include "render/cairo.h"
#include "render/svg.h"
#include "util/buf.h"
#include "util/utf8.h"
#include "view/colors.h"
#include "draw/layout_check.h"
#include "draw/scene.h"
#include "draw/text.h"

#define GOLDEN "tests/fixtures/golden/scene_small.svg"

static ec_scene *S_small(void) {
  ec_scene *s = ec_scene_new(200, 120, "t1", "Small <scene> & \"quotes\"", "A test figure.");
  ec_scene_rect(s, 10, 10, 50, 30, ec_rgb(0x4682B4), ec_nocolor(), 0);
  ec_scene_group(s, "g1", "tip: a<b", "#layer-1", "bar");
  ec_scene_rect(s, 70, 10, 50, 30, ec_rgba(0x00FFFF, 0.5), ec_ink(0.5), 0.5);
  ec_scene_end(s);
  ec_scene_line(s, 10, 50, 190, 50, ec_ink(0.6), 0.75);
  ec_seg seg[] = {{EC_SEG_ARC, 150, 80, 20, 0, 2 * 3.14159265358979}, {EC_SEG_CLOSE, 0, 0, 0, 0, 0}};
  ec_scene_path(s, seg, 2, ec_rgb(0x76b900), ec_nocolor(), 0);
  ec_scene_text(s, 10, 70, "Conv_0 + Relu_1", 15, 8, 0, EC_ANCHOR_START, 0, 0, ec_ink(1));
  ec_scene_text(s, 50, 110, "bold \xE2\x80\x94 mid", 12, 8, 1, EC_ANCHOR_MIDDLE, 0, 0, ec_ink(1));
  ec_scene_text(s, 120, 112, "a very long label that must be cut", 34, 8, 0, EC_ANCHOR_START, -45,
                60, ec_ink(1));
  return s;
}

static void test_measure_pinned(void **st) {
  (void)st;
  assert_int_equal(ec_text_pinned(), 1);
  ec_text_metrics m = ec_text_measure("Conv_0 + Relu_1  0.123 ms", 25, 10, 0);
  /* reference/ecosystem.md §4.2: 183.595 with rounding off at 96 dpi, i.e. 137.70 pt here. */
  assert_true(m.width > 137.4 && m.width < 138.0); /* x 0.75: pango-view sizes are at 96 dpi */
  assert_true(m.ascent > 8 && m.ascent < 10.5);
  double b = ec_text_width("Conv", 10, 1), r = ec_text_width("Conv", 10, 0);
  assert_true(b > r);
}

static void test_fit_utf8(void **st) {
  (void)st;
  int cut = 0;
  char *f = ec_text_fit("\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9", 10, 0, 30, &cut);
  assert_int_equal(cut, 1);
  assert_true(ec_utf8_valid(f, strlen(f)));
  assert_true(ec_text_width(f, 10, 0) <= 30);
  free(f);
  f = ec_text_fit_mid("/model/encoder/layers.11/attention/MatMul_12", 8, 0, 90, &cut);
  assert_int_equal(cut, 1);
  assert_non_null(strstr(f, "\xE2\x80\xA6"));
  assert_true(strstr(f, "MatMul_12") != NULL);
  assert_true(ec_text_width(f, 8, 0) <= 90);
  free(f);
  /* two names that differ in the middle stay apart: the shared start is
   * what an ellipsis drops (issue 27) */
  {
    const char *a = "/model/encoder/layers.11/attention/MatMul", *b = "/model/encoder/layers.12/attention/MatMul";
    double w = ec_text_width("/model/encoder/layers.11/atte", 8, 0);
    char *fa = ec_text_fit_mid(a, 8, 0, w, &cut), *fb = ec_text_fit_mid(b, 8, 0, w, &cut);
    assert_int_equal(cut, 1);
    assert_string_not_equal(fa, fb);
    assert_non_null(strstr(fa, "attention/MatMul"));
    free(fa);
    free(fb);
  }
  f = ec_text_fit("short", 10, 0, 100, &cut);
  assert_int_equal(cut, 0);
  assert_string_equal(f, "short");
  free(f);
}

static void test_sanitise(void **st) {
  (void)st;
  ec_scene *s = ec_scene_new(100, 100, "9bad id!", NULL, NULL);
  assert_string_equal(s->id_prefix, "f9badid");
  ec_op *o = ec_scene_text(s, 1, 20, "a\x01" "b\xff\nc", 6, 8, 0, EC_ANCHOR_START, 0, 0, ec_ink(1));
  assert_true(ec_utf8_valid(o->text, strlen(o->text)));
  assert_null(strchr(o->text, '\n'));
  assert_null(strchr(o->text, '\x01'));
  ec_scene_free(s);
}

static void test_svg_golden(void **st) {
  (void)st;
  ec_scene *s = S_small();
  ec_buf b = {0};
  ec_render_svg(s, &b);
  ec_buf b2 = {0};
  ec_render_svg(s, &b2);
  assert_string_equal(b.data, b2.data); /* deterministic */
  if (getenv("EC_REGEN_GOLDEN")) {
    FILE *f = fopen(GOLDEN, "wb");
    assert_non_null(f);
    fwrite(b.data, 1, b.len, f);
    fclose(f);
  }
  FILE *f = fopen(GOLDEN, "rb");
  assert_non_null(f);
  static char want[65536];
  size_t n = fread(want, 1, sizeof want - 1, f);
  want[n] = '\0';
  fclose(f);
  assert_string_equal(b.data, want);
  /* Structure promised by svg.h. */
  assert_non_null(strstr(b.data, "role=\"img\""));
  assert_non_null(strstr(b.data, "aria-labelledby=\"t1-title t1-desc\""));
  assert_non_null(strstr(b.data, "<title id=\"t1-title\">Small &lt;scene&gt; &amp; &quot;quotes&quot;</title>"));
  assert_non_null(strstr(b.data, "id=\"t1-g1\""));
  assert_non_null(strstr(b.data, "<title>tip: a&lt;b</title>"));
  assert_non_null(strstr(b.data, "currentColor"));
  assert_non_null(strstr(b.data, "<text"));
  assert_null(strstr(b.data, "<?xml"));
  ec_buf_free(&b);
  ec_buf_free(&b2);
  ec_scene_free(s);
}

static void test_layout_check(void **st) {
  (void)st;
  ec_scene *s = S_small();
  ec_layout_problems p = {0};
  ec_layout_check(s, 0.5, &p);
  for (size_t i = 0; i < p.n; i++) print_message("problem: %s\n", p.v[i]);
  assert_int_equal(p.n, 0);
  ec_scene_free(s);
  /* Overlapping text, outside, too small. */
  s = ec_scene_new(100, 50, "t2", NULL, NULL);
  ec_scene_text(s, 10, 20, "overlap one", 11, 8, 0, EC_ANCHOR_START, 0, 0, ec_ink(1));
  ec_scene_text(s, 20, 22, "overlap two", 11, 8, 0, EC_ANCHOR_START, 0, 0, ec_ink(1));
  ec_scene_rect(s, 90, 40, 20, 20, ec_rgb(0xff0000), ec_nocolor(), 0);
  ec_scene_text(s, 10, 45, "tiny", 4, 5, 0, EC_ANCHOR_START, 0, 0, ec_ink(1));
  assert_int_equal(ec_layout_check(s, 0.5, &p), 3);
  int saw_overlap = 0, saw_out = 0, saw_small = 0;
  for (size_t i = 0; i < p.n; i++) {
    if (strstr(p.v[i], "overlaps")) saw_overlap = 1;
    if (strstr(p.v[i], "outside")) saw_out = 1;
    if (strstr(p.v[i], "< 6 pt")) saw_small = 1;
  }
  assert_true(saw_overlap && saw_out && saw_small);
  ec_layout_problems_free(&p);
  ec_scene_free(s);
  /* Parallel rotated labels: axis-aligned boxes overlap, rotated ones do not. */
  s = ec_scene_new(200, 200, "t3", NULL, NULL);
  ec_scene_text(s, 100, 100, "rotated label A", 15, 8, 0, EC_ANCHOR_END, -45, 0, ec_ink(1));
  ec_scene_text(s, 114, 100, "rotated label B", 15, 8, 0, EC_ANCHOR_END, -45, 0, ec_ink(1));
  assert_int_equal(ec_layout_check(s, 0.5, &p), 0);
  ec_scene_text(s, 104, 100, "rotated label C", 15, 8, 0, EC_ANCHOR_END, -45, 0, ec_ink(1));
  assert_true(ec_layout_check(s, 0.5, &p) >= 1);
  ec_layout_problems_free(&p);
  ec_scene_free(s);
}

static void test_pdf(void **st) {
  (void)st;
  char dir[] = "/tmp/ec_scene_XXXXXX";
  assert_non_null(mkdtemp(dir));
  char a[256], b[256], cmd[700];
  snprintf(a, sizeof a, "%s/a.pdf", dir);
  snprintf(b, sizeof b, "%s/b.pdf", dir);
  setenv("SOURCE_DATE_EPOCH", "1577836800", 1);
  ec_scene *s = S_small();
  assert_int_equal(ec_render_pdf_file(s, a), 0);
  assert_int_equal(ec_render_pdf_file(s, b), 0);
  ec_scene_free(s);
  snprintf(cmd, sizeof cmd, "cmp -s %s %s", a, b);
  assert_int_equal(system(cmd), 0); /* reproducible bytes */
  snprintf(cmd, sizeof cmd, "pdftotext %s - 2>/dev/null | grep -q 'Conv_0 + Relu_1'", a);
  assert_int_equal(system(cmd), 0);
  snprintf(cmd, sizeof cmd, "pdfinfo %s 2>/dev/null | grep -q '^Page size: *200 x 120 pts'", a);
  assert_int_equal(system(cmd), 0);
  snprintf(cmd, sizeof cmd, "pdfinfo %s 2>/dev/null | grep -q '^CreationDate:.*2020'", a);
  assert_int_equal(system(cmd), 0);
  snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
  assert_int_equal(system(cmd), 0);
  unsetenv("SOURCE_DATE_EPOCH");
}

/* Links: SVG wraps linked groups in an escaped <a href>, the PDF gets link
 * annotations to named destinations; other schemes are dropped in both. */
static void test_links(void **st) {
  (void)st;
  ec_scene *s = ec_scene_new(200, 100, "lk", NULL, NULL);
  ec_scene_group(s, "a", NULL, "#e1-L3", NULL);
  ec_scene_rect(s, 10, 10, 20, 20, ec_rgb(0x4682B4), ec_nocolor(), 0);
  ec_scene_end(s);
  ec_scene_group(s, "b", NULL, "#r(1)'x\"<y>\\", NULL);
  ec_scene_rect(s, 40, 10, 20, 20, ec_rgb(0x4682B4), ec_nocolor(), 0);
  ec_scene_end(s);
  ec_scene_group(s, "c", NULL, "javascript:alert(1)", NULL);
  ec_scene_rect(s, 70, 10, 20, 20, ec_rgb(0x4682B4), ec_nocolor(), 0);
  ec_scene_end(s);
  ec_buf b = {0};
  ec_render_svg(s, &b);
  assert_non_null(strstr(b.data, "<a href=\"#e1-L3\"><g id=\"lk-a\">"));
  assert_non_null(strstr(b.data, "<a href=\"#r(1)&#39;x&quot;&lt;y&gt;\\\">"));
  assert_null(strstr(b.data, "javascript"));
  /* Balanced: three groups, two anchors. */
  size_t na = 0, nc = 0;
  for (const char *p = b.data; (p = strstr(p, "<a ")); p++) na++;
  for (const char *p = b.data; (p = strstr(p, "</a>")); p++) nc++;
  assert_int_equal(na, 2);
  assert_int_equal(nc, 2);
  ec_buf_free(&b);
  char dir[] = "/tmp/ec_links_XXXXXX";
  assert_non_null(mkdtemp(dir));
  char path[256], cmd[700];
  snprintf(path, sizeof path, "%s/l.pdf", dir);
  assert_int_equal(ec_render_pdf_file(s, path), 0);
  snprintf(cmd, sizeof cmd, "test $(grep -a -c '/Subtype /Link' %s) -eq 2", path);
  assert_int_equal(system(cmd), 0);
  snprintf(cmd, sizeof cmd, "grep -a -q '/Dest (e1-L3)' %s", path);
  assert_int_equal(system(cmd), 0);
  snprintf(cmd, sizeof cmd, "grep -a -q javascript %s", path);
  assert_int_not_equal(system(cmd), 0);
  snprintf(cmd, sizeof cmd, "pdfinfo %s >/dev/null 2>&1", path);
  assert_int_equal(system(cmd), 0);
  snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
  assert_int_equal(system(cmd), 0);
  ec_scene_free(s);
}

static void test_contrast(void **st) {
  (void)st;
  assert_true(ec_palette_contrast(ec_rgb(0x000000), 0xffffff) > 20.9);
  assert_true(ec_palette_needs_outline(ec_colors_layer_type("Reformat"))); /* cyan on white */
  assert_false(ec_palette_needs_outline(ec_colors_layer_type("Convolution")));
  assert_int_equal(ec_colors_precision("INT8").g, 0xb9);
  assert_string_equal(ec_precision_label("None"), "none");
  /* Reference-line colours of chart_xy.c. */
  unsigned refs[] = {0xd62728, 0x9467bd, 0x8c564b};
  for (int i = 0; i < 3; i++) assert_false(ec_palette_needs_outline(ec_rgb(refs[i])));
  /* Bidi overrides cannot reorder later text. */
  ec_scene *s = ec_scene_new(10, 10, "b", NULL, NULL);
  ec_op *o = ec_scene_text(s, 0, 5, "\xE2\x80\xAE" "abc", 6, 8, 0, EC_ANCHOR_START, 0, 0, ec_ink(1));
  assert_null(strstr(o->text, "\xE2\x80\xAE"));
  ec_scene_free(s);
}


/* Under ASan: fontconfig and pango keep process-lifetime caches that
 * LeakSanitizer reports after ec_text_shutdown; suppress only those
 * libraries (slow unwinding so their frames are visible). */
const char *__lsan_default_suppressions(void);
const char *__lsan_default_suppressions(void) {
  return "leak:libfontconfig.so\nleak:libpango-1.0.so\nleak:libpangoft2-1.0.so\n";
}
const char *__asan_default_options(void);
const char *__asan_default_options(void) { return "fast_unwind_on_malloc=0"; }

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_measure_pinned), cmocka_unit_test(test_fit_utf8),
      cmocka_unit_test(test_sanitise),       cmocka_unit_test(test_svg_golden),
      cmocka_unit_test(test_layout_check),   cmocka_unit_test(test_pdf),
      cmocka_unit_test(test_contrast),       cmocka_unit_test(test_links),
  };
  int rc = cmocka_run_group_tests(tests, NULL, NULL);
  ec_text_shutdown();
  return rc;
}
