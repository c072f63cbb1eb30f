/* Unit tests for the report card as a reader meets it (issue 16, the content
 * and the PDF brief):
 *  - table cells carry semantic kinds that both writers read;
 *  - the PDF's tables break identifiers at / _ . + - [ ] and never hyphenate;
 *  (later sections add the others) */
#include "testutil.h"
#include <math.h>
#include "render/cairo_table.h"
#include "render/html_table.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "view/table.h"

/* ---- cell kinds ----------------------------------------------------------- */

static void test_cell_kinds_html(void **st) {
  (void)st;
  ec_table *t = ec_table_new("k", NULL);
  ec_table_col(t, "A", EC_ALIGN_LEFT, 0);
  ec_table_col(t, "B", EC_ALIGN_RIGHT, 1);
  size_t r = ec_table_row(t);
  ec_table_set(t, r, 0, "FP16", NAN);
  ec_table_set_kind(t, r, 0, EC_CELL_PRECISION, "FP16");
  ec_table_set(t, r, 1, "45.70", 45.7);
  ec_table_set_kind(t, r, 1, EC_CELL_SHARE, NULL);
  r = ec_table_row(t);
  ec_table_set(t, r, 0, "x", NAN);
  ec_table_set_kind(t, r, 0, EC_CELL_SEVERITY, "\"><script>");
  ec_table_set(t, r, 1, "1", 1);
  ec_table_set_kind(t, r, 1, EC_CELL_BAD, NULL);
  ec_buf b = {0};
  ec_render_table_html(t, &b);
  /* the precision's colour comes from view/colors.c (TREx's FP16 orange) */
  assert_non_null(strstr(b.data, "<td class=\"prec\" style=\"--prec:#ffa500\">FP16</td>"));
  assert_non_null(strstr(b.data, "class=\"num share\" style=\"--share:0.4570\""));
  /* an unknown severity key never reaches the markup */
  assert_null(strstr(b.data, "<script>"));
  assert_non_null(strstr(b.data, "class=\"sev sev-info\""));
  assert_non_null(strstr(b.data, "class=\"num bad\""));
  ec_buf_free(&b);
  ec_table_free(t);
}

/* ---- identifiers in the PDF ----------------------------------------------- */

/* Every line of s wrapped at w must end where ec_ident_break allows (or at a
 * space), carry no inserted hyphen, and the lines must give s back. */
static void S_check_breaks(const char *s, double w, size_t min_lines) {
  ec_buf out = {0};
  ec_table_cell_lines(s, w, &out);
  size_t n = strlen(s), at = 0, lines = 0;
  const char *p = out.data;
  for (;;) {
    const char *nl = strchr(p, '\n');
    size_t len = nl ? (size_t)(nl - p) : strlen(p);
    lines++;
    if (len == 0 || at + len > n || memcmp(s + at, p, len) != 0)
      fail_msg("line %zu of \"%s\" at %g pt is \"%.*s\": not the text (a hyphen was inserted?)\n%s", lines, s, w,
               (int)len, p, out.data);
    at += len;
    if (nl && !(s[at - 1] == ' ' || ec_ident_break(s, n, at)))
      fail_msg("\"%s\" breaks mid-word after \"%.*s\"\n%s", s, (int)len, p, out.data);
    if (!nl) break;
    p = nl + 1;
  }
  assert_int_equal(at, n);
  if (lines < min_lines) fail_msg("\"%s\" did not wrap at %g pt:\n%s", s, w, out.data);
  ec_buf_free(&out);
}

static void test_pdf_identifier_breaks(void **st) {
  (void)st;
  /* TensorRT's tactic names: the old PDF drew "sm80_xmma_f-prop_implicit_g-emm" */
  S_check_breaks("sm80_xmma_fprop_implicit_gemm_f16f16_f16f16_f16_nhwckrsc_nhwc_tilesize128x128x32_stage4_"
                 "warpsize2x2x1_g1_tensor16x8x16",
                 90, 4);
  S_check_breaks("/model/encoder/layer.11/attention/self/MatMul_1 + /model/encoder/layer.11/Add", 80, 3);
  S_check_breaks("{ForeignNode[/backbone/conv1/Conv.../head/fc/Gemm]}", 60, 2);
  S_check_breaks("features.1.conv.0.0.weight + QuantizeLinear_25 + Conv_29 + PWN(Clip_33)", 70, 3);
  /* ec_ident_break itself */
  assert_true(ec_ident_break("a_b", 3, 2));
  assert_true(ec_ident_break("a[b", 3, 1));
  assert_false(ec_ident_break("ab", 2, 1));
  assert_false(ec_ident_break("a_b", 3, 0));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_cell_kinds_html),
      cmocka_unit_test(test_pdf_identifier_breaks),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
