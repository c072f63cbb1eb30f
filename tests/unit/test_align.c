/* Unit tests for src/judge/align: TREx's match_layers reproduced exactly on
 * its own test pair (corpus), and the improved aligner on a renamed fixture. */
#include "testutil.h"
#include "judge/align.h"
#include "load/load.h"

/* TREx tests/test_compare_engines.py: match_layers(mobilenet.qat,
 * mobilenet_v2_residuals.qat, exact_matching=True); -1 stands for None. */
static const long S_trex_expected[][2] = {
    {0, 0},   {1, 1},   {2, 2},   {3, 3},   {4, 4},   {5, 5},   {6, 6},   {8, 7},   {7, -1},  {9, 8},
    {10, 9},  {12, 10}, {11, -1}, {13, 11}, {14, 12}, {16, 13}, {15, -1}, {17, 14}, {18, 15}, {20, 16},
    {19, -1}, {21, 17}, {22, 18}, {24, 19}, {23, -1}, {25, 20}, {26, 21}, {28, 22}, {27, -1}, {29, 23},
    {30, 24}, {32, 25}, {31, -1}, {33, 26}, {34, 27}, {36, 28}, {35, -1}, {37, 29}, {38, 30}, {40, 31},
    {39, -1}, {41, 32}, {42, 33}, {44, 34}, {43, -1}, {45, 35}, {46, 36}, {48, 37}, {47, -1}, {49, 38},
    {50, 39}, {52, 40}, {51, -1}, {53, 41}, {54, 42}, {56, 43}, {55, -1}, {57, 44}, {58, 45}, {60, 46},
    {59, -1}, {61, 47}, {62, 48}, {64, 49}, {63, -1}, {65, 50}, {66, 51}, {67, 52}, {68, 53}, {69, 54},
    {70, 55}, {71, 56}};
#define S_NEXP (sizeof S_trex_expected / sizeof S_trex_expected[0])

static ec_engine *S_load(const char *path) {
  ec_engine *e = NULL;
  int rc = ec_load_engine(path, NULL, &e);
  if (rc != 0) fail_msg("load %s returned %d", path, rc);
  return e;
}

static void S_no_type_mismatch(const ec_engine *a, const ec_engine *b, const ec_alignment *al) {
  for (size_t k = 0; k < al->n; k++) {
    const ec_align_pair *p = &al->v[k];
    if (p->a < 0 || p->b < 0) continue;
    if (strcmp(a->layers[p->a].type, b->layers[p->b].type) != 0)
      fail_msg("pair (%ld, %ld) joins %s with %s", p->a, p->b, a->layers[p->a].type, b->layers[p->b].type);
  }
}

/* Every layer of each side appears exactly once. */
static void S_covers(const ec_engine *a, const ec_engine *b, const ec_alignment *al) {
  int *sa = calloc(a->n_layers + 1, sizeof *sa), *sb = calloc(b->n_layers + 1, sizeof *sb);
  for (size_t k = 0; k < al->n; k++) {
    if (al->v[k].a >= 0) sa[al->v[k].a]++;
    if (al->v[k].b >= 0) sb[al->v[k].b]++;
  }
  for (size_t i = 0; i < a->n_layers; i++) assert_int_equal(sa[i], 1);
  for (size_t j = 0; j < b->n_layers; j++) assert_int_equal(sb[j], 1);
  assert_int_equal(al->matched + al->only_a + al->only_b, al->n);
  free(sa);
  free(sb);
}

static void test_trex_57_pairs(void **st) {
  (void)st;
  EC_NEED_SHARED(sh);
  ec_engine *a = S_load(ec_test_path(sh, "corpus/trex/mobilenet.qat/mobilenet.qat.onnx.engine"));
  ec_engine *b = S_load(ec_test_path(sh, "corpus/trex/mobilenet_v2_residuals.qat/mobilenet_v2_residuals.qat.onnx.engine"));
  assert_int_equal(a->n_layers, 72);
  assert_int_equal(b->n_layers, 57);
  ec_alignment *al = ec_align_trex(a, b, 1);
  assert_int_equal(al->n, S_NEXP);
  for (size_t k = 0; k < S_NEXP; k++)
    if (al->v[k].a != S_trex_expected[k][0] || al->v[k].b != S_trex_expected[k][1])
      fail_msg("entry %zu: (%ld, %ld), TREx (%ld, %ld)", k, al->v[k].a, al->v[k].b, S_trex_expected[k][0],
               S_trex_expected[k][1]);
  assert_int_equal(al->matched, 57);
  assert_int_equal(al->only_a, 15);
  assert_int_equal(al->only_b, 0);
  S_no_type_mismatch(a, b, al);
  ec_alignment_free(al);

  /* The improved aligner finds the same 57 pairs (in A's order). */
  al = ec_align(a, b);
  S_covers(a, b, al);
  S_no_type_mismatch(a, b, al);
  assert_int_equal(al->matched, 57);
  for (size_t k = 0; k < al->n; k++) {
    const ec_align_pair *p = &al->v[k];
    int found = 0;
    for (size_t x = 0; x < S_NEXP && !found; x++) found = S_trex_expected[x][0] == p->a && S_trex_expected[x][1] == p->b;
    if (!found) fail_msg("ec_align pair (%ld, %ld) is not one of TREx's", p->a, p->b);
    if (k && p->a >= 0 && al->v[k - 1].a >= 0) assert_true(p->a > al->v[k - 1].a);
  }
  ec_alignment_free(al);

  /* Reversed roles: every layer of mobilenet_v2_residuals still finds its partner. */
  al = ec_align(b, a);
  S_covers(b, a, al);
  S_no_type_mismatch(b, a, al);
  assert_int_equal(al->matched, 57);
  assert_int_equal(al->only_b, 15);
  ec_alignment_free(al);
  ec_engine_free(a);
  ec_engine_free(b);
}

/* tests/fixtures/compare: the candidate renames fused layers (PWN(...)),
 * schedules the two branches in the other order, inserts a reformat and
 * renames the classifier (ONNX metadata still names it). */
static void test_renamed_fixture(void **st) {
  (void)st;
  ec_engine *a = S_load("tests/fixtures/compare/base/model.engine");
  ec_engine *b = S_load("tests/fixtures/compare/renamed/model.engine");
  assert_int_equal(a->n_layers, 6);
  assert_int_equal(b->n_layers, 7);
  static const long want[][2] = {{0, 0}, {1, 2}, {2, 1}, {3, 3}, {-1, 4}, {4, 5}, {5, 6}};
  static const char *const how[] = {EC_ALIGN_FUSED, EC_ALIGN_FUSED, EC_ALIGN_NAME, EC_ALIGN_FUSED,
                                    NULL,           EC_ALIGN_NAME,  EC_ALIGN_METADATA};
  ec_alignment *al = ec_align(a, b);
  S_covers(a, b, al);
  S_no_type_mismatch(a, b, al);
  assert_int_equal(al->n, 7);
  for (size_t k = 0; k < 7; k++) {
    if (al->v[k].a != want[k][0] || al->v[k].b != want[k][1])
      fail_msg("entry %zu: (%ld, %ld), want (%ld, %ld)", k, al->v[k].a, al->v[k].b, want[k][0], want[k][1]);
    if (how[k]) assert_string_equal(al->v[k].how, how[k]);
    else assert_null(al->v[k].how);
  }
  assert_int_equal(al->only_b, 1);
  ec_alignment_free(al);

  /* TREx's rule pairs the branches crosswise: Conv_2 with Conv_4. */
  al = ec_align_trex(a, b, 1);
  S_no_type_mismatch(a, b, al);
  int crossed = 0;
  for (size_t k = 0; k < al->n; k++) crossed |= al->v[k].a == 1 && al->v[k].b == 1;
  assert_true(crossed);
  ec_alignment_free(al);
  ec_engine_free(a);
  ec_engine_free(b);
}

/* Scores: different types never pair; metadata alone suffices; nothing in
 * common does not pair. */
static void test_score_rules(void **st) {
  (void)st;
  ec_engine *a = S_load("tests/fixtures/compare/base/model.engine");
  ec_engine *b = S_load("tests/fixtures/compare/renamed/model.engine");
  const char *how;
  /* Add_5 + Relu_6 (PointWise) vs the Reformat: different types */
  assert_int_equal(ec_align_score(&a->layers[3], &b->layers[4], &how), -1);
  assert_null(how);
  /* same name, same dims */
  assert_true(ec_align_score(&a->layers[2], &b->layers[1], &how) > 0);
  assert_string_equal(how, EC_ALIGN_NAME);
  /* Gemm_8 vs /head/fc/Gemm: metadata */
  assert_true(ec_align_score(&a->layers[5], &b->layers[6], &how) > 0);
  assert_string_equal(how, EC_ALIGN_METADATA);
  /* Gemm_8 vs the first convolution: same type, nothing else in common */
  assert_int_equal(ec_align_score(&a->layers[5], &b->layers[0], &how), -1);
  /* a layer against itself */
  assert_true(ec_align_score(&a->layers[0], &a->layers[0], &how) > 0);
  ec_engine_free(a);
  ec_engine_free(b);
}

/* An engine against itself: every layer pairs with itself by name. */
static void test_self(void **st) {
  (void)st;
  EC_NEED_SHARED(sh);
  ec_engine *a = S_load(ec_test_path(sh, "corpus/trex/pytorch-resnet-A100-fp16/resnet.onnx.engine"));
  ec_alignment *al = ec_align(a, a);
  assert_int_equal(al->matched, a->n_layers);
  for (size_t k = 0; k < al->n; k++) assert_int_equal(al->v[k].a, al->v[k].b);
  ec_alignment_free(al);
  al = ec_align_trex(a, a, 1);
  assert_int_equal(al->matched, a->n_layers);
  ec_alignment_free(al);
  ec_engine_free(a);
}

/* fp16 vs fp32 resnet on A100: same network, different reformats. */
static void test_fp16_fp32(void **st) {
  (void)st;
  EC_NEED_SHARED(sh);
  ec_engine *a = S_load(ec_test_path(sh, "corpus/trex/pytorch-resnet-A100-fp16/resnet.onnx.engine"));
  ec_engine *b = S_load(ec_test_path(sh, "corpus/trex/pytorch-resnet-A100-fp32/resnet.onnx.engine"));
  ec_alignment *al = ec_align(a, b);
  S_covers(a, b, al);
  S_no_type_mismatch(a, b, al);
  /* every compute layer pairs with its namesake; the reformats differ
   * (fp16 converts the input, fp32 the MaxPool output) and stay one-sided */
  size_t named = 0;
  for (size_t k = 0; k < al->n; k++) {
    const ec_align_pair *p = &al->v[k];
    if (p->a >= 0 && p->b >= 0) {
      assert_string_equal(a->layers[p->a].name, b->layers[p->b].name);
      named++;
    } else {
      const ec_layer *l = p->a >= 0 ? &a->layers[p->a] : &b->layers[p->b];
      assert_string_equal(l->type, "Reformat");
    }
  }
  assert_int_equal(named, 23);
  ec_alignment_free(al);
  ec_engine_free(a);
  ec_engine_free(b);
}

/* Empty sides. */
static void test_empty(void **st) {
  (void)st;
  ec_engine *a = ec_engine_new("empty");
  ec_engine *b = S_load("tests/fixtures/compare/base/model.engine");
  ec_alignment *al = ec_align(a, b);
  assert_int_equal(al->only_b, 6);
  assert_int_equal(al->matched, 0);
  ec_alignment_free(al);
  al = ec_align_trex(b, a, 1);
  assert_int_equal(al->only_a, 6);
  ec_alignment_free(al);
  ec_engine_free(a);
  ec_engine_free(b);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_trex_57_pairs), cmocka_unit_test(test_renamed_fixture), cmocka_unit_test(test_score_rules),
      cmocka_unit_test(test_self),          cmocka_unit_test(test_fp16_fp32),       cmocka_unit_test(test_empty),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
