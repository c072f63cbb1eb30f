/* Unit tests for advice that fits the engine's TensorRT version
 * (src/rules/advice.c, issue 23 item 4): every lint and finding rule runs
 * on a set of engines built here (and the findings fixtures) that between
 * them trigger each rule of the catalogue, once as TensorRT 11.0, once as
 * 10.16 and once with the version unknown:
 *  - on 11.x no text (message, evidence, mitigation, next step, confidence)
 *    names a flag trtexec 11 removed or made a no-op;
 *  - on 10.x the texts are today's (the old wording, verbatim);
 *  - unknown: every version-dependent text names both generations' way;
 *  - every advice id is reached on every version (no dead wording). */
#include "testutil.h"
#include <math.h>
#include "rules/advice.h"
#include "rules/lint.h"
#include "narrate/precision_words.h"
#include "facts/summary.h"
#include "util/alloc.h"

/* ---- building engines ---------------------------------------------------------- */

/* A layer reading `in` (fmt_in, c channels) and writing `out` (fmt_out, k
 * channels), profiled at ms (none when ms < 0). */
static ec_layer *S_L(ec_engine *e, const char *name, const char *layer_type, const char *type, const char *tactic,
                     const char *in, const char *fmt_in, int64_t c, const char *out, const char *fmt_out, int64_t k,
                     double ms) {
  ec_layer *l = ec_test_add_layer(e, name, layer_type, type, tactic);
  l->conv.groups = 1;
  l->n_in = l->n_out = 1;
  l->in = ec_calloc(1, sizeof *l->in);
  l->out = ec_calloc(1, sizeof *l->out);
  ec_test_tensor(&l->in[0], in, fmt_in, c);
  ec_test_tensor(&l->out[0], out, fmt_out, k);
  l->precision = l->precision_trex = l->in[0].precision;
  l->out_precision = l->out[0].precision;
  if (ms >= 0) {
    l->has_profile = 1;
    l->avg_ms = l->median_ms = ms;
    l->time_ms = ms * (double)e->profile_count;
  }
  return l;
}

static void S_pcts(ec_engine *e) {
  double t = 0;
  for (size_t i = 0; i < e->n_layers; i++) t += e->layers[i].avg_ms;
  for (size_t i = 0; i < e->n_layers; i++) e->layers[i].pct = t > 0 ? 100 * e->layers[i].avg_ms / t : 0;
}

#define SCUDNN "ampere_scudnn_128x64_relu_medium_nn_v1"
#define DP4A "volta_int8x4_icudnn_int8x4_128x32_relu_xregs_medium_c32_nn_v1"
#define SGEMM "sm80_xmma_gemm_f32f32_f32f32_f32_nn_n_tilesize128x128x8_stage3_warpsize2x2x1_ffma_aligna4_alignc4"

/* Hotspots of each advice branch, and the per-layer TREx rules. */
static ec_engine *S_hotspots(void) {
  ec_engine *e = ec_test_engine();
  S_L(e, "conv32", "CaskConvolution", "Convolution", SCUDNN, "a", "FP32 NCHW", 32, "b", "FP32 NCHW", 32, 3);
  S_L(e, "conv_first", "CaskConvolution", "Convolution", DP4A, "img", "Int8 NC/32HW32", 3, "c", "Int8 NC/32HW32", 32, 3);
  S_L(e, "pool", "CaskPooling", "Pooling", NULL, "c", "FP16 NHWC8", 32, "d", "FP16 NHWC8", 32, 3);
  S_L(e, "fc32", "CaskGemmMatrixMultiply", "MatrixMultiply", SGEMM, "d", "FP32 NCHW", 32, "e", "FP32 NCHW", 32, 0.1);
  S_L(e, "conv_nokernel", "CaskConvolution", "Convolution", NULL, "e", "FP16 NHWC8", 64, "f", "FP16 NHWC8", 64, 0.1);
  S_L(e, "conv_int8_out32", "CaskConvolution", "Convolution", DP4A, "f", "Int8 NC/32HW32", 24, "g", "FP32 NCHW", 32,
      0.1);
  S_L(e, "to32", "Reformat", "Reformat", NULL, "g", "FP16 NHWC8", 32, "h", "FP32 NCHW", 32, 0.1);
  S_L(e, "slice", "Slice", "Slice", NULL, "h", "FP32 NCHW", 32, "i", "FP16 NHWC8", 32, 0.1);
  S_L(e, "dq", "Scale", "Scale", NULL, "i", "Int8 NC/32HW32", 32, "j", "FP32 NCHW", 32, 0.1);
  S_pcts(e);
  return e;
}

/* FP32 attention between two matrix products, and Q/K/V as three GEMMs. */
static ec_engine *S_attention(void) {
  ec_engine *e = ec_test_engine();
  S_L(e, "q_proj", "CaskGemmMatrixMultiply", "MatrixMultiply", NULL, "h", "FP32 NCHW", 64, "q", "FP32 NCHW", 64, 0.2);
  S_L(e, "k_proj", "CaskGemmMatrixMultiply", "MatrixMultiply", NULL, "h", "FP32 NCHW", 64, "k", "FP32 NCHW", 64, 0.2);
  S_L(e, "v_proj", "CaskGemmMatrixMultiply", "MatrixMultiply", NULL, "h", "FP32 NCHW", 64, "v", "FP32 NCHW", 64, 0.2);
  S_L(e, "scores", "CaskGemmMatrixMultiply", "MatrixMultiply", NULL, "q", "FP32 NCHW", 64, "s", "FP32 NCHW", 64, 0.2);
  S_L(e, "softmax", "CaskSoftMax", "SoftMax", NULL, "s", "FP32 NCHW", 64, "p", "FP32 NCHW", 64, 0.2);
  S_L(e, "context", "CaskGemmMatrixMultiply", "MatrixMultiply", NULL, "p", "FP32 NCHW", 64, "o", "FP32 NCHW", 64, 0.2);
  S_pcts(e);
  return e;
}

/* Myelin casts and reshapes dominating, a 0 ms layer, many tiny kernels
 * timed without CUDA graphs, unstable timings and a short profile. */
static ec_engine *S_movement_tiny(void) {
  ec_engine *e = ec_test_engine();
  e->profile_count = 5;
  S_L(e, "__myl_CastReshCast_0x5baf1ddb7083512f99818d0d7872c872", "kgen", "kgen", NULL, "a", "FP16 NHWC8", 32, "b",
      "FP32 NCHW", 32, 0.02);
  S_L(e, "folded", "CaskPooling", "Pooling", NULL, "b", "FP32 NCHW", 32, "c", "FP32 NCHW", 32, 0.0);
  for (int i = 0; i < 12; i++) {
    char nm[32], in[16], out[16];
    snprintf(nm, sizeof nm, "tiny%d", i);
    snprintf(in, sizeof in, "t%d", i);
    snprintf(out, sizeof out, "t%d", i + 1);
    S_L(e, nm, "CaskPooling", "Pooling", NULL, in, "FP16 NHWC8", 32, out, "FP16 NHWC8", 32, 0.001);
  }
  e->perf.present = 1;
  ec_stats_set(&e->perf.gpu_compute, "median", 1.0);
  ec_stats_set(&e->perf.gpu_compute, "p99", 2.0);
  e->perf.gpu_compute.source = "log";
  S_pcts(e);
  return e;
}

/* An FP32 layer between FP16 ones, with its Reformats. */
static ec_engine *S_island(void) {
  ec_engine *e = ec_test_engine();
  S_L(e, "c1", "CaskConvolution", "Convolution", NULL, "a", "FP16 NHWC8", 64, "b", "FP16 NHWC8", 64, 1.0);
  S_L(e, "to32", "Reformat", "Reformat", NULL, "b", "FP16 NHWC8", 64, "c", "FP32 NCHW", 64, 0.5);
  S_L(e, "softmax", "CaskSoftMax", "SoftMax", NULL, "c", "FP32 NCHW", 64, "d", "FP32 NCHW", 64, 2.0);
  S_L(e, "to16", "Reformat", "Reformat", NULL, "d", "FP32 NCHW", 64, "f", "FP16 NHWC8", 64, 0.5);
  S_L(e, "c2", "CaskConvolution", "Convolution", NULL, "f", "FP16 NHWC8", 64, "g", "FP16 NHWC8", 64, 1.0);
  S_pcts(e);
  return e;
}

/* No profile; a cycle, an in-place update, an auxiliary stream, a -1 dim. */
static ec_engine *S_graph_only(void) {
  ec_engine *e = ec_test_engine();
  e->has_profile = 0;
  e->profile_count = 0;
  S_L(e, "a", "CaskPooling", "Pooling", NULL, "t2", "FP16 NHWC8", 32, "t1", "FP16 NHWC8", 32, -1);
  S_L(e, "b", "CaskPooling", "Pooling", NULL, "t1", "FP16 NHWC8", 32, "t2", "FP16 NHWC8", 32, -1);
  S_L(e, "scatter", "CaskPooling", "Pooling", NULL, "u", "FP16 NHWC8", 32, "u", "FP16 NHWC8", 32, -1);
  S_L(e, "aux", "CaskPooling", "Pooling", NULL, "x", "FP16 NHWC8", -1, "y", "FP16 NHWC8", -1, -1)->stream_id = 1;
  e->layers[3].in[0].dims[1] = e->layers[3].out[0].dims[1] = -1;
  return e;
}

/* A profile that does not match its graph and disagrees with itself. */
static ec_engine *S_bad_profile(int with_count) {
  ec_engine *e = ec_test_engine();
  e->profile_count = with_count ? 100 : 0;
  S_L(e, "a", "CaskPooling", "Pooling", NULL, "x", "FP16 NHWC8", 32, "y", "FP16 NHWC8", 32, 1.0)->time_ms = 250;
  S_L(e, "b", "CaskPooling", "Pooling", NULL, "y", "FP16 NHWC8", 32, "z", "FP16 NHWC8", 32, -1);
  e->layers[0].pct = 160; /* above 100 even with an unmatched record */
  e->profile_unmatched = 1;
  e->profile_unmatched_ms = 0.5;
  e->layers_without_profile = 1;
  return e;
}

/* ---- running the rules ------------------------------------------------------------ */

enum { S_NE = 12 };

/* Built FP32 only on an Ampere GPU: one fp32-engine finding. */
static ec_engine *S_fp32_only(void) {
  ec_engine *e = ec_test_engine();
  e->device.present = 1;
  e->device.compute_capability = ec_strdup("8.0");
  S_L(e, "conv_a", "CaskConvolution", "Convolution", SCUDNN, "a", "FP32 NCHW", 32, "b", "FP32 NCHW", 32, 1);
  S_L(e, "fc_b", "CaskGemmMatrixMultiply", "MatrixMultiply", SGEMM, "b", "FP32 NCHW", 32, "c", "FP32 NCHW", 32, 1);
  S_pcts(e);
  return e;
}

static ec_engine *S_make(int k) {
  switch (k) {
  case 10: return S_fp32_only();
  case 0: return S_hotspots();
  case 1: return S_attention();
  case 2: return S_movement_tiny();
  case 3: return S_island();
  case 4: return S_graph_only();
  case 5: return S_bad_profile(1);
  case 6: return S_bad_profile(0);
  case 7: return ec_test_load("tests/fixtures/findings/transformer/tf.engine");
  case 8: return ec_test_load("tests/fixtures/findings/names/nm.engine");
  case 9: return ec_test_load("tests/fixtures/findings/aux/aux.engine");
  default: return ec_test_load("tests/fixtures/findings/dynamic/dyn.engine");
  }
}

typedef struct {
  char **text; /* every text of every finding */
  size_t n, cap;
  unsigned char *hit; /* per catalogue rule */
} S_texts;

static void S_keep(S_texts *t, const char *s) {
  if (s) *EC_PUSH(t->text, t->n, t->cap) = ec_strdup(s);
}

/* Lint every engine as TensorRT version ver (NULL: unknown). */
static S_texts S_run_all(const char *ver) {
  S_texts t = {0};
  size_t nr;
  const ec_lint_rule *rules = ec_lint_rules(&nr);
  t.hit = ec_calloc(nr, 1);
  for (int k = 0; k < S_NE; k++) {
    ec_engine *e = S_make(k);
    free(e->trt_version);
    e->trt_version = ver ? ec_strdup(ver) : NULL;
    ec_summary *s = ec_summarize(e);
    ec_findings f;
    memset(&f, 0, sizeof f);
    /* an expectation no engine here meets: precision-expectation and its advice */
    ec_expect ex;
    char err[64];
    assert_int_equal(ec_expect_parse("INT4>=100%", &ex, 1, err, sizeof err), 1);
    ec_lint_opts lo = ec_lint_opts_default();
    lo.expect = &ex;
    lo.n_expect = 1;
    ec_lint(e, s, &lo, &f);
    for (size_t i = 0; i < f.n; i++) {
      const ec_finding *x = &f.v[i];
      for (size_t r = 0; r < nr; r++)
        if (!strcmp(rules[r].id, x->rule)) t.hit[r] = 1;
      S_keep(&t, x->message);
      S_keep(&t, x->evidence);
      S_keep(&t, x->mitigation);
      S_keep(&t, x->next_step);
      S_keep(&t, x->confidence_why);
    }
    ec_findings_free(&f);
    ec_summary_free(s);
    ec_engine_free(e);
  }
  return t;
}

static void S_free(S_texts *t) {
  for (size_t i = 0; i < t->n; i++) free(t->text[i]);
  free(t->text);
  free(t->hit);
}

static int S_has(const S_texts *t, const char *s) {
  for (size_t i = 0; i < t->n; i++)
    if (strstr(t->text[i], s)) return 1;
  return 0;
}

/* 1 when s names flag as a whole word ("--fp16" but not "--fp16x"). */
static int S_names_flag(const char *s, const char *flag) {
  size_t n = strlen(flag);
  for (const char *p = strstr(s, flag); p; p = strstr(p + 1, flag)) {
    char c = p[n];
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_')) return 1;
  }
  return 0;
}

/* Removed in trtexec 11, or no-ops there (written out here, not taken from
 * the code under test). */
static const char *const S_gone[] = {"--fp16",          "--bf16",         "--fp8",          "--int4",
                                     "--int8",          "--best",         "--calib",        "--layerPrecisions",
                                     "--layerOutputTypes", "--precisionConstraints", "--restricted", "--useCudaGraph",
                                     "--useSpinWait",   "--noDataTransfers", "--separateProfileRun", "--stronglyTyped"};

/* Every rule of the catalogue fires on the engines above. */
static void S_assert_all_rules(const S_texts *t) {
  size_t nr;
  const ec_lint_rule *rules = ec_lint_rules(&nr);
  for (size_t r = 0; r < nr; r++)
    if (!t->hit[r]) fail_msg("rule %s was not triggered", rules[r].id);
}

static void test_trt11_names_no_removed_flag(void **st) {
  (void)st;
  S_texts t = S_run_all("11.0.0");
  S_assert_all_rules(&t);
  for (size_t i = 0; i < t.n; i++)
    for (size_t g = 0; g < sizeof S_gone / sizeof S_gone[0]; g++)
      if (S_names_flag(t.text[i], S_gone[g])) fail_msg("TensorRT 11 text names %s: %s", S_gone[g], t.text[i]);
  for (int id = 0; id < EC_ADV_N; id++)
    if (!S_has(&t, ec_advice((ec_advice_id)id, "11.0.0"))) fail_msg("advice %d not reached on 11.x", id);
  /* the 11.x ways are named */
  assert_true(S_has(&t, "ModelOpt AutoCast"));
  assert_true(S_has(&t, "remove --noCudaGraph") || S_has(&t, "without --noCudaGraph"));
  S_free(&t);
}

static void test_trt10_keeps_todays_text(void **st) {
  (void)st;
  S_texts t = S_run_all("10.16.1");
  S_assert_all_rules(&t);
  for (int id = 0; id < EC_ADV_N; id++)
    if (!S_has(&t, ec_advice((ec_advice_id)id, "10.16.1"))) fail_msg("advice %d not reached on 10.x", id);
  /* today's wording, verbatim */
  static const char *const today[] = {
      "Rebuild with --fp16 (and keep TF32: no --noTF32) so Tensor-Core tactics qualify.",
      "run it in FP16 (--layerPrecisions=<layer>:fp16 --precisionConstraints=prefer, or leave it unquantized in the "
      "ONNX model), where TensorRT has 4-channel first-layer Tensor-Core kernels.",
      "try another precision with --layerPrecisions=<layer>:fp16 --precisionConstraints=prefer.",
      "Build with --fp16 (or --bf16): TensorRT fuses MatMul-Softmax-MatMul into one attention kernel only in reduced "
      "precision; keep nothing but a scale and a mask between the MatMuls in the ONNX model.",
      "Measure with trtexec --useCudaGraph (and the application with CUDA Graphs) to remove launch overhead; then "
      "fuse the small ops (polygraphy surgeon sanitize --fold-constants, fewer Reshape/Cast nodes).",
      "(or build with --stronglyTyped from a model already in FP16)",
      "On Ampere and newer GPUs TF32 (on by default; off with --noTF32) or FP16 (--fp16) lets TensorRT use Tensor "
      "Cores.",
      "try --layerPrecisions=<layer>:fp16 --precisionConstraints=prefer and compare accuracy.",
      "(remove layer precision or output-type constraints, check for layers without an FP16/INT8 kernel)",
      "measure with --useSpinWait --useCudaGraph --noDataTransfers and a longer --duration; compare medians, not "
      "means.",
      "Profile more iterations (trtexec --separateProfileRun with a longer --duration or more --iterations).",
      "Export a per-layer profile: trtexec --exportProfile=F --separateProfileRun (with --dumpProfile).",
  };
  for (size_t k = 0; k < sizeof today / sizeof today[0]; k++)
    if (!S_has(&t, today[k])) fail_msg("10.x lost today's text: %s", today[k]);
  S_free(&t);
}

static void test_unknown_version_says_both(void **st) {
  (void)st;
  S_texts t = S_run_all(NULL);
  S_assert_all_rules(&t);
  for (int id = 0; id < EC_ADV_N; id++) {
    const char *a = ec_advice((ec_advice_id)id, NULL);
    if (!S_has(&t, a)) fail_msg("advice %d not reached without a version", id);
    assert_true(strstr(a, "10 and older") != NULL || strstr(a, "TensorRT 10") != NULL);
    assert_true(strstr(a, " 11") != NULL);
  }
  /* 8.x is "10 and older" */
  for (int id = 0; id < EC_ADV_N; id++)
    assert_string_equal(ec_advice((ec_advice_id)id, "8.6.1"), ec_advice((ec_advice_id)id, "10.16.1"));
  S_free(&t);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_trt11_names_no_removed_flag),
      cmocka_unit_test(test_trt10_keeps_todays_text),
      cmocka_unit_test(test_unknown_version_says_both),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
