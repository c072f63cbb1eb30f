/* The comparison report's charts and tables: every chart (the verdict
 * banner and the waterfalls too) passes the layout check, the waterfall
 * closes from one total to the other, engines keep their colours, batch
 * normalisation, highlighted differences, aligned-layer rows. */
#include "testutil.h"
#include <math.h>
#include "judge/compare.h"
#include "load/load.h"
#include "view/colors.h"
#include "view/compare_view.h"
#include "facts/inputs.h"
#include "draw/layout_check.h"

static const char *S_charts[] = {"stacked-latency-by-type", "latency-by-type", "count-by-type", "latency-by-precision",
                                 "count-by-precision", "throughput", "gpu-latency"};

static void S_layout(ec_scene *sc, const char *what) {
  ec_layout_problems p;
  memset(&p, 0, sizeof p);
  size_t bad = ec_layout_check(sc, 0.5, &p);
  if (bad) fail_msg("%s: %zu layout problems: %s", what, bad, p.v[0]);
  ec_layout_problems_free(&p);
}

/* The fill colours of the rectangles of a scene. */
static int S_has_fill(const ec_scene *sc, ec_color c) {
  for (size_t k = 0; k < sc->n_ops; k++)
    if (sc->ops[k].kind == EC_OP_RECT && sc->ops[k].fill.kind == EC_COL_RGB && sc->ops[k].fill.r == c.r &&
        sc->ops[k].fill.g == c.g && sc->ops[k].fill.b == c.b)
      return 1;
  return 0;
}

static void S_check_all(ec_engine **es, size_t n) {
  ec_compare_opts o = {0};
  o.max_regress_pct = 10;
  o.max_layer_regress_pct = NAN;
  o.min_layer_ms = NAN;
  ec_comparison *c = ec_compare(es, n, NULL, &o);
  ec_summary **sums = calloc(n, sizeof *sums);
  for (size_t i = 0; i < n; i++) sums[i] = ec_summarize(es[i]);
  ec_cmp_view v = {c, sums, "c", 0};
  for (size_t k = 0; k < sizeof S_charts / sizeof S_charts[0]; k++) {
    const char *why = NULL;
    ec_scene *sc = ec_cmp_chart(&v, S_charts[k], &why);
    if (!sc) {
      assert_non_null(why);
      continue;
    }
    S_layout(sc, S_charts[k]);
    ec_scene_free(sc);
  }
  ec_scene *b = ec_cmp_banner(&v);
  S_layout(b, "banner");
  ec_scene_free(b);
  const char *why;
  for (size_t i = 1; i < n; i++) {
    ec_scene *w = ec_cmp_waterfall(&v, i, &why);
    if (!w) {
      assert_non_null(why);
      continue;
    }
    S_layout(w, "waterfall");
    /* each engine's total bar in its own colour, the same as in the grouped charts */
    assert_true(S_has_fill(w, ec_colors_engine(0)));
    assert_true(S_has_fill(w, ec_colors_engine(i)));
    ec_scene_free(w);
    /* the steps close: baseline total + changes = engine total */
    ec_table *wt = ec_cmp_tbl_waterfall(&v, i, "w");
    double run = c->res[i].base_total_ms;
    for (size_t r = 1; r + 1 < wt->nrows; r++) run += ec_table_cell(wt, r, 1)->sort;
    assert_true(fabs(run - c->res[i].engine_total_ms) < 1e-9 * fmax(1, run));
    ec_table_free(wt);
  }
  ec_scene *g = ec_cmp_chart(&v, "count-by-type", &why);
  if (g) {
    for (size_t i = 0; i < n; i++) assert_true(S_has_fill(g, ec_colors_engine(i)));
    ec_scene_free(g);
  }
  ec_table *t = ec_cmp_tbl_side_by_side(&v, "s", &why);
  assert_non_null(t);
  assert_int_equal(t->ncols, n + 1);
  ec_table_free(t);
  t = ec_cmp_tbl_gates(&v, "g", &why);
  assert_int_equal(t->nrows, n);
  ec_table_free(t);
  for (size_t i = 0; i < n; i++) ec_summary_free(sums[i]);
  free(sums);
  ec_comparison_free(c);
}

static void test_examples_charts(void **st) {
  (void)st;
  ec_engine *es[3];
  const char *p[3] = {"examples/resnet-fp32-a100", "examples/resnet-fp16-a100", "examples/resnet-fp16-rtx3090"};
  for (int i = 0; i < 3; i++) assert_int_equal(ec_load_engine(p[i], NULL, &es[i]), 0);
  S_check_all(es, 3);
  /* cross-GPU: the device row is highlighted for the RTX 3090 */
  ec_compare_opts o = {0};
  o.max_regress_pct = NAN;
  o.max_layer_regress_pct = NAN;
  o.min_layer_ms = NAN;
  ec_comparison *c = ec_compare(es + 1, 2, NULL, &o);
  ec_summary *sums[2] = {ec_summarize(es[1]), ec_summarize(es[2])};
  ec_cmp_view v = {c, sums, "c", 0};
  const char *why;
  ec_table *t = ec_cmp_tbl_side_by_side(&v, "s", &why);
  int device_diff = 0;
  for (size_t r = 0; r < t->nrows; r++)
    if (!strcmp(ec_table_cell(t, r, 0)->text, "Device") && ec_table_cell(t, r, 2)->kind == EC_CELL_CHANGED)
      device_diff = 1;
  assert_true(device_diff);
  ec_table_free(t);
  t = ec_cmp_tbl_layers(&v, "l", 2000, &why);
  assert_non_null(t);
  assert_true(t->nrows > 10);
  /* largest regressions first: the first row's engine time is not faster than its baseline by more than the last's */
  ec_table_free(t);
  ec_summary_free(sums[0]);
  ec_summary_free(sums[1]);
  ec_comparison_free(c);
  for (int i = 0; i < 3; i++) ec_engine_free(es[i]);
}

static void test_a100_five(void **st) {
  (void)st;
  EC_NEED_SHARED(shared);
  const char *p[5] = {"corpus/trex/pytorch-resnet-A100-fp16/resnet.onnx.engine", "corpus/trex/pytorch-resnet-A100-fp32/resnet.onnx.engine",
                      "corpus/trex/pytorch-resnet-A100-qat/resnet-qat.onnx.engine",
                      "corpus/trex/pytorch-resnet-A100-qat-residual/resnet-qat-residual.onnx.engine",
                      "corpus/trex/pytorch-resnet-A100-qat-residual-qgap/resnet-qat-residual-qgap.onnx.engine"};
  ec_engine *es[5];
  for (int i = 0; i < 5; i++) assert_int_equal(ec_load_engine(ec_test_path(shared, p[i]), NULL, &es[i]), 0);
  assert_int_equal(ec_engine_batch(es[0]), 32);
  S_check_all(es, 5);
  for (int i = 0; i < 5; i++) ec_engine_free(es[i]);
}

/* Under ASan: fontconfig and pango keep process-lifetime caches that
 * LeakSanitizer reports at exit (as in test_charts.c); suppress only those
 * libraries. */
const char *__lsan_default_suppressions(void);
const char *__lsan_default_suppressions(void) {
  return "leak:libfontconfig.so\nleak:libpango-1.0.so\nleak:libpangoft2-1.0.so\n";
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_examples_charts), cmocka_unit_test(test_a100_five)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
