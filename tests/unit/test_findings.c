/* Unit tests for the findings (src/rules/findings.c), the Myelin kernel op
 * decoder (src/facts/kgen_ops.c) and the layer kinds they use
 * (src/facts/layer_kind.c):
 *  - op lists decoded from real corpus kernel names, 4- and 3-letter
 *    spellings, truncated lists, unknown tokens; LayerNorm/softmax/GELU;
 *  - each finding on its fixture (tests/fixtures/findings, README there):
 *    a TensorRT 10 transformer, tiny kernels, auxiliary streams, dynamic
 *    shapes, a names-only transformer; hand-built engines for a Myelin
 *    region hotspot, a gemv hotspot and a precision island with Reformats;
 *  - ec_findings_top and the JSON (gain, confidence, next step, evidence);
 *  - the corpus: no transformer finding on a convolutional engine, the QAT
 *    engines' data movement equals their Reformat share, DETR, RT-DETR and
 *    AlexNet's gemv layers (skipped without ../shared/corpus). */
#include "testutil.h"
#include <jansson.h>
#include <math.h>
#include "rules/findings.h"
#include "facts/kgen_ops.h"
#include "facts/layer_kind.h"
#include "rules/lint.h"
#include "emit/lint_json.h"
#include "util/alloc.h"

/* ---- helpers ------------------------------------------------------------------ */

typedef struct {
  ec_engine *e;
  ec_summary *s;
  ec_findings f;
} S_run;

static S_run S_lint_opts(ec_engine *e, const ec_lint_opts *o) {
  S_run r;
  memset(&r, 0, sizeof r);
  r.e = e;
  r.s = ec_summarize(e);
  ec_lint(e, r.s, o, &r.f);
  return r;
}

static S_run S_lint_path(const char *path) { return S_lint_opts(ec_test_load(path), NULL); }

static void S_done(S_run *r) {
  ec_findings_free(&r->f);
  ec_summary_free(r->s);
  ec_engine_free(r->e);
}

static size_t S_count(const ec_findings *f, const char *rule) {
  size_t n = 0;
  for (size_t i = 0; i < f->n; i++) n += !strcmp(f->v[i].rule, rule);
  return n;
}

static const ec_finding *S_get(const ec_findings *f, const char *rule) {
  for (size_t i = 0; i < f->n; i++)
    if (!strcmp(f->v[i].rule, rule)) return &f->v[i];
  return NULL;
}

static int S_has_layer(const ec_engine *e, const ec_finding *x, const char *name) {
  for (size_t k = 0; k < x->n_layers; k++)
    if (!strcmp(e->layers[x->layers[k]].name, name)) return 1;
  return 0;
}

static ec_layer *S_layer(ec_engine *e, const char *name, const char *type, const char *tactic, double ms) {
  ec_layer *l = ec_test_add_layer(e, name, type, type, tactic);
  l->precision = l->precision_trex = "FP16";
  l->out_precision = "FP16";
  if (ms >= 0) {
    l->has_profile = 1;
    l->avg_ms = l->median_ms = ms;
    l->time_ms = ms * 100;
  }
  return l;
}

static void S_tensor(ec_tensor *t, const char *name, const char *fmt, const char *prec) {
  memset(t, 0, sizeof *t);
  t->name = ec_strdup(name);
  t->name_len = strlen(name);
  t->ndims = 4;
  t->dims = ec_malloc(4 * sizeof *t->dims);
  int64_t d[4] = {1, 64, 8, 8};
  memcpy(t->dims, d, sizeof d);
  t->format_short = fmt;
  t->precision = t->precision_trex = prec;
  t->elem_bytes = t->elem_bytes_trex = strcmp(prec, "FP32") ? 2 : 4;
  t->volume = 64 * 64;
}

/* A layer reading in (prec_in) and writing out (prec_out). */
static ec_layer *S_flow_layer(ec_engine *e, const char *name, const char *type, const char *in, const char *prec_in,
                              const char *out, const char *prec_out, double ms) {
  ec_layer *l = S_layer(e, name, type, NULL, ms);
  l->n_in = l->n_out = 1;
  l->in = ec_calloc(1, sizeof *l->in);
  l->out = ec_calloc(1, sizeof *l->out);
  S_tensor(&l->in[0], in, !strcmp(prec_in, "FP32") ? "FP32 NCHW" : "FP16 NHWC8", prec_in);
  S_tensor(&l->out[0], out, !strcmp(prec_out, "FP32") ? "FP32 NCHW" : "FP16 NHWC8", prec_out);
  l->precision = l->precision_trex = l->in[0].precision;
  l->out_precision = l->out[0].precision;
  return l;
}

static ec_engine *S_engine(void) { return ec_test_engine(); }

/* ---- the op decoder ------------------------------------------------------------------ */

static const char *S_op(const ec_kgen_ops *k, size_t i) { return k->op[i] ? k->op[i]->name : "?"; }

static void test_kgen_decode(void **st) {
  (void)st;
  /* TensorRT 10.16 (hackathon-cn mnist): 4-letter spellings */
  ec_kgen_ops k = ec_kgen_decode("__myl_CastReshCast_0x5baf1ddb7083512f99818d0d7872c872");
  assert_true(k.present);
  assert_int_equal(k.n, 3);
  assert_string_equal(S_op(&k, 0), "Cast");
  assert_string_equal(S_op(&k, 1), "Reshape");
  assert_true(ec_kgen_moves_only(&k));
  assert_int_equal(ec_kgen_fusions(&k), 0);
  /* TensorRT 10.4 (alexnet): a 3-letter Reshape flattening [1,256,6,6] */
  k = ec_kgen_decode("__myl_Res_0x63adb2bae59ff89a94fc133e2755c132");
  assert_int_equal(k.n, 1);
  assert_string_equal(S_op(&k, 0), "Reshape");
  assert_true(ec_kgen_moves_only(&k));
  /* a names-only layer name (DETR): LayerNorm after a Move */
  k = ec_kgen_decode("__myl_MoveMeanSubMulMeanAddSqrtDivMulMulAdd_myl98_0");
  assert_int_equal(k.n, 11);
  assert_false(ec_kgen_moves_only(&k));
  assert_int_equal(ec_kgen_fusions(&k), EC_FUSE_LAYERNORM);
  /* RT-DETR: 3-letter LayerNorm with Casts inside */
  k = ec_kgen_decode("__myl_TraResResAddCasMeaSubMulMeaAddSqrDivMulCasMulAdd_myl56_11");
  assert_int_equal(k.unknown, 0);
  assert_int_equal(ec_kgen_fusions(&k), EC_FUSE_LAYERNORM);
  /* enginegen's reduce spelling */
  k = ec_kgen_decode("__myl_ReduMeanSubPowReduMeanAddSqrtDivMulAdd_0x1");
  assert_int_equal(ec_kgen_fusions(&k), EC_FUSE_LAYERNORM);
  /* softmax: Maxr (4-letter) and Max (3-letter) */
  k = ec_kgen_decode("__myl_AddMaxrSubExpSum_0x574acd01f7517732d5f2fd1c9042a089");
  assert_int_equal(ec_kgen_fusions(&k), EC_FUSE_SOFTMAX);
  k = ec_kgen_decode("__myl_ResMaxSubExpSumDiv_myl109_54");
  assert_int_equal(ec_kgen_fusions(&k), EC_FUSE_SOFTMAX);
  /* RT-DETR's inverse sigmoid then sigmoid: Max and Exp, but not a softmax */
  k = ec_kgen_decode("__myl_MaxMinSubMaxMaxMinMinDivLogAddNegExpAddDiv_myl109_60");
  assert_int_equal(k.unknown, 0);
  assert_int_equal(ec_kgen_fusions(&k), 0);
  /* GELU, erf and tanh forms */
  k = ec_kgen_decode("__myl_DivErfAddMulMul_0x1");
  assert_int_equal(ec_kgen_fusions(&k), EC_FUSE_GELU);
  k = ec_kgen_decode("__myl_PowMulAddMulTanhAddMulMul_0x1");
  assert_int_equal(ec_kgen_fusions(&k), EC_FUSE_GELU);
  k = ec_kgen_decode("__myl_TanhMul_0x1");
  assert_int_equal(ec_kgen_fusions(&k), 0);
  /* movers: 3-letter, mixed */
  k = ec_kgen_decode("__myl_SliConCasCas_myl109_19");
  assert_true(ec_kgen_moves_only(&k));
  k = ec_kgen_decode("__myl_TraMov_myl109_20");
  assert_true(ec_kgen_moves_only(&k));
  k = ec_kgen_decode("__myl_MovMovAdd_myl109_12");
  assert_false(ec_kgen_moves_only(&k));
  /* a cut list is not known to be movement only, nor is an unknown token */
  k = ec_kgen_decode("__myl_CastReshTranEtc_0x1");
  assert_true(k.truncated);
  assert_int_equal(k.n, 3);
  assert_false(ec_kgen_moves_only(&k));
  k = ec_kgen_decode("__myl_GridCastReshTran_0x1");
  assert_int_equal(k.unknown, 1);
  assert_null(k.op[0]);
  assert_false(ec_kgen_moves_only(&k));
  /* not Myelin kernels */
  k = ec_kgen_decode("sm80_xmma_gemm_f16f16_f16f32_f32_tn_n_tilesize128x128x32");
  assert_false(k.present);
  k = ec_kgen_decode(NULL);
  assert_false(k.present);
  k = ec_kgen_decode("__mye5907_myl56_2");
  assert_false(k.present);
  k = ec_kgen_decode("__myl_");
  assert_false(k.present);
}

/* Every spelling names one op, so a token never decodes two ways. */
static void test_kgen_table_unambiguous(void **st) {
  (void)st;
  size_t n;
  const ec_kop *t = ec_kgen_table(&n);
  assert_true(n > 60);
  for (size_t i = 0; i < n; i++) {
    char sp[128];
    snprintf(sp, sizeof sp, "%s", t[i].spellings);
    for (char *tok = strtok(sp, " "); tok; tok = strtok(NULL, " ")) {
      char name[64];
      snprintf(name, sizeof name, "__myl_%s_0x1", tok);
      ec_kgen_ops k = ec_kgen_decode(name);
      assert_int_equal(k.n, 1);
      if (k.op[0] != &t[i]) fail_msg("token %s decodes to %s, not %s", tok, S_op(&k, 0), t[i].name);
    }
  }
  assert_string_equal(ec_kop_class_name(EC_KOP_MOVE), "moves");
  assert_string_equal(ec_kop_class_name(EC_KOP_CONVERT), "converts");
  assert_string_equal(ec_kop_class_name(EC_KOP_MATH), "arithmetic");
}

/* ---- layer kinds ------------------------------------------------------------------------ */

static void test_layer_kinds(void **st) {
  (void)st;
  ec_engine *e = S_engine();
  ec_layer *l = S_layer(e, "_gemm_mha_v2_myl56_8", "Unknown", NULL, -1);
  assert_true(ec_layer_is_fused_mha(l));
  assert_int_equal(ec_layer_myelin_region(l), 56);
  l = S_layer(e, "attn", "kgen", "fmha_v2_flash_attention_fp16_64_64_S_64_sm80_kernel", -1);
  assert_true(ec_layer_is_fused_mha(l));
  l = S_layer(e, "/model/mhamodule/Conv", "Convolution", NULL, -1);
  assert_false(ec_layer_is_fused_mha(l));
  l = S_layer(e, "/model/shamha/Conv", "Convolution", NULL, -1);
  assert_false(ec_layer_is_fused_mha(l));
  /* names only: matrix products, reshapes, softmax, movement */
  l = S_layer(e, "/enc/layers.0/fc1/MatMul + /enc/layers.0/fc1/Add", "Unknown", NULL, -1);
  assert_true(ec_layer_is_matmul(l));
  assert_int_equal(ec_layer_movement(l), EC_MOVE_NONE);
  l = S_layer(e, "reshape_before_/enc/layers.0/fc1/MatMul", "Unknown", NULL, -1);
  assert_false(ec_layer_is_matmul(l));
  assert_int_equal(ec_layer_movement(l), EC_MOVE_NAMED);
  l = S_layer(e, "/enc/self_attn/Reshape_2 + /enc/self_attn/Transpose_2", "Unknown", NULL, -1);
  assert_int_equal(ec_layer_movement(l), EC_MOVE_NAMED);
  l = S_layer(e, "/enc/self_attn/Reshape_2 + /enc/self_attn/Mul", "Unknown", NULL, -1);
  assert_int_equal(ec_layer_movement(l), EC_MOVE_NONE);
  l = S_layer(e, "/enc/self_attn/Softmax", "Unknown", NULL, -1);
  assert_true(ec_layer_is_softmax(l));
  assert_false(ec_layer_is_matmul(l));
  l = S_layer(e, "Reformatting CopyNode for Output Tensor 0 to /enc/self_attn/Softmax", "Unknown", NULL, -1);
  assert_false(ec_layer_is_softmax(l));
  assert_int_equal(ec_layer_movement(l), EC_MOVE_REFORMAT);
  l = S_layer(e, "/model/decoder/layers_0/self_attn/MatMul_1+/model/decoder/layers_0/self_attn/MatMul_myl109_45",
              "Unknown", NULL, -1);
  assert_true(ec_layer_is_matmul(l));
  assert_int_equal(ec_layer_myelin_region(l), 109);
  /* a typed layer's name is not its type: a Shuffle named after a MatMul */
  l = S_layer(e, "/fc1/MatMul_reshape", "Shuffle", NULL, -1);
  assert_int_equal(ec_layer_movement(l), EC_MOVE_LAYER);
  assert_false(ec_layer_is_matmul(l));
  /* TensorRT 8: a MatMul with constant weights runs as a Convolution */
  l = S_layer(e, "MatMul_184", "Convolution", NULL, -1);
  assert_true(ec_layer_is_matmul(l));
  assert_false(ec_layer_is_gemm(l));
  /* kgen: decoded from the tactic */
  l = S_layer(e, "__myl_CastReshCast_myl4_4", "kgen", "__myl_CastReshCast_0x5baf", -1);
  assert_int_equal(ec_layer_movement(l), EC_MOVE_KGEN);
  assert_int_equal(ec_layer_myelin_region(l), 4);
  /* regions: only a trailing _myl<N>_<k> */
  l = S_layer(e, "node_linear_myl4", "gemm", NULL, -1);
  assert_int_equal(ec_layer_myelin_region(l), -1);
  l = S_layer(e, "x_myl12_3_extra", "gemm", NULL, -1);
  assert_int_equal(ec_layer_myelin_region(l), -1);
  /* stream synchronisation */
  l = S_layer(e, "exit^bb^signal^1_myl109_56", "Unknown", NULL, -1);
  assert_true(ec_layer_is_sync(l));
  l = S_layer(e, "w", "wait", NULL, -1);
  assert_true(ec_layer_is_sync(l));
  /* a DLA region's output reformatter is not data movement */
  l = S_layer(e, "{conv1/7x7_s2,conv1/relu_7x7,pool1/3x3_s2} output reformatter 0", "Unknown", NULL, -1);
  assert_true(ec_layer_is_reformat(l));
  assert_true(ec_layer_is_dla_output(l));
  assert_int_equal(ec_layer_movement(l), EC_MOVE_NONE);
  l = S_layer(e, "Reformatting CopyNode for Input Tensor 0 to {ForeignNode[a...b]}", "Reformat", NULL, -1);
  assert_false(ec_layer_is_dla_output(l));
  ec_engine_free(e);
}

/* ---- the fixtures ---------------------------------------------------------------------- */

static void test_transformer_fixture(void **st) {
  (void)st;
  S_run r = S_lint_path("tests/fixtures/findings/transformer");
  ec_engine *e = r.e;
  double total = r.s->total_ms;
  assert_true(fabs(total - 1.1) < 1e-9);
  /* attention as gemm -> softmax kgen -> gemm, twice; the softmaxes' time is the gain */
  const ec_finding *x = S_get(&r.f, "attention-unfused");
  assert_non_null(x);
  assert_int_equal(S_count(&r.f, "attention-unfused"), 1);
  assert_int_equal(x->severity, EC_LINT_WARNING);
  assert_int_equal(x->layer, -1);
  assert_int_equal(x->n_layers, 2);
  assert_true(S_has_layer(e, x, "__myl_MaxSubExpSumDiv_myl0_9"));
  assert_non_null(strstr(x->message, "2 softmax layers"));
  assert_true(fabs(x->gain_ms_max - 0.1) < 1e-12);
  assert_int_equal(x->gain_basis, EC_GAIN_ZERO);
  assert_int_equal(x->confidence, EC_CONF_HIGH);
  assert_non_null(x->next_step);
  /* Q/K/V: three gemms read each LayerNorm output */
  x = S_get(&r.f, "qkv-unfused");
  assert_non_null(x);
  assert_int_equal(x->n_layers, 6);
  assert_true(S_has_layer(e, x, "/encoder/layer.1/attention/value/MatMul_myl0_20"));
  assert_non_null(strstr(x->message, "2 blocks"));
  assert_int_equal(x->confidence, EC_CONF_HIGH);
  assert_int_equal(x->gain_basis, EC_GAIN_MEDIAN_EFFICIENCY);
  assert_true(x->gain_ms_max == 0); /* they run at the engine's median GEMM rate */
  /* recognised fusions */
  x = S_get(&r.f, "transformer-fusions");
  assert_non_null(x);
  assert_non_null(strstr(x->message, "LayerNorm in 4 kernels, GELU in 2 kernels, softmax in 2 kernels"));
  assert_true(isnan(x->gain_ms_max));
  assert_null(x->next_step);
  /* data movement: the input Reformat, 8 Reshape/Transpose kernels and the Cast */
  x = S_get(&r.f, "data-movement");
  assert_non_null(x);
  assert_int_equal(x->n_layers, 10);
  assert_true(fabs(x->latency_ms - 0.126) < 1e-12);
  assert_true(fabs(x->share_pct - 100 * 0.126 / 1.1) < 1e-9);
  assert_true(fabs(x->gain_ms_max - 0.126) < 1e-12);
  assert_int_equal(x->severity, EC_LINT_WARNING);
  assert_non_null(strstr(x->evidence, "Myelin kernels that only move or convert"));
  assert_non_null(strstr(x->next_step, "Reshape/Transpose/Cast"));
  /* one hotspot: block 1's FFN1 at 0.15 ms; at the median GEMM rate (the
   * Q/K/V and output projections: 2*128*256*256 FLOP in 0.03 ms) its
   * 2*128*256*1024 FLOP take 0.12 ms */
  assert_int_equal(S_count(&r.f, "hotspot"), 1);
  x = S_get(&r.f, "hotspot");
  assert_string_equal(e->layers[x->layer].name, "/encoder/layer.1/ffn/fc1/MatMul_myl0_30");
  assert_int_equal(x->gain_basis, EC_GAIN_MEDIAN_EFFICIENCY);
  assert_true(fabs(x->gain_ms_max - 0.03) < 1e-9);
  /* likely: at its 3 nearest FP16 GEMMs' median rate (2 before, 1 after:
   * 0.03 ms each for 2*128*256*256 FLOP, 0.559 TFLOP/s) it takes 0.12 ms
   * too, so the likely saving is the bound (issue 27 item 2) */
  assert_int_equal(x->likely_basis, EC_LIKELY_NEIGHBOURS);
  assert_true(fabs(x->gain_ms_likely - 0.03) < 1e-9);
  assert_non_null(strstr(x->likely_why, "median of its 3 nearest FP16/BF16 Tensor Core GEMMs in execution order"));
  assert_non_null(strstr(x->message, "of the summed layer latency"));
  assert_non_null(strstr(x->message, "Tensor Cores"));
  assert_non_null(strstr(x->evidence, "[1, 128, 256]"));
  /* nothing else fires */
  assert_int_equal(S_count(&r.f, "tiny-kernels") + S_count(&r.f, "aux-streams") + S_count(&r.f, "dynamic-shapes"), 0);
  /* the top three by gain: data movement, attention, hotspot (Q/K/V's 0 is not ranked) */
  const ec_finding *top[4];
  assert_int_equal(ec_findings_top(&r.f, 4, top), 3);
  assert_string_equal(top[0]->rule, "data-movement");
  assert_string_equal(top[1]->rule, "attention-unfused");
  assert_string_equal(top[2]->rule, "hotspot");
  assert_int_equal(ec_findings_top(&r.f, 1, top), 1);
  assert_string_equal(top[0]->rule, "data-movement");
  S_done(&r);
}

static void test_tiny_fixture(void **st) {
  (void)st;
  S_run r = S_lint_path("tests/fixtures/findings/tiny");
  const ec_finding *x = S_get(&r.f, "tiny-kernels");
  assert_non_null(x);
  assert_int_equal(x->n_layers, 30);
  assert_true(fabs(x->share_pct - 100 * 0.09 / 0.29) < 1e-9);
  assert_true(fabs(x->gain_ms_max - 0.09) < 1e-12);
  assert_int_equal(x->gain_basis, EC_GAIN_ZERO);
  assert_int_equal(x->confidence, EC_CONF_MEDIUM);
  assert_non_null(strstr(x->next_step, "--useCudaGraph"));
  assert_non_null(strstr(x->evidence, "median 3 us"));
  /* a convolutional engine: no transformer finding */
  assert_int_equal(S_count(&r.f, "transformer-fusions") + S_count(&r.f, "attention-unfused") +
                       S_count(&r.f, "qkv-unfused"),
                   0);
  /* JSON: the first 20 evidence layers, all 30 counted */
  json_t *j = ec_jsonout_lint(r.s, &r.f, -1);
  json_t *fs = json_object_get(j, "findings");
  int seen = 0;
  for (size_t i = 0; i < json_array_size(fs); i++) {
    json_t *o = json_array_get(fs, i);
    if (strcmp(json_string_value(json_object_get(o, "rule")), "tiny-kernels")) continue;
    seen = 1;
    assert_int_equal(json_array_size(json_object_get(o, "evidence_layers")), 20);
    assert_int_equal(json_integer_value(json_object_get(o, "evidence_layers_total")), 30);
    assert_string_equal(json_string_value(json_object_get(o, "gain_basis")), "zero");
    assert_string_equal(json_string_value(json_object_get(o, "confidence")), "medium");
    assert_true(json_is_null(json_object_get(o, "layer")));
  }
  assert_true(seen);
  json_t *top = json_object_get(j, "top_by_gain");
  assert_true(json_array_size(top) >= 1);
  json_t *first = json_array_get(fs, (size_t)json_integer_value(json_array_get(top, 0)));
  assert_string_equal(json_string_value(json_object_get(first, "rule")), "tiny-kernels");
  json_decref(j);
  S_done(&r);
  /* the thresholds */
  ec_lint_opts o = ec_lint_opts_default();
  o.tiny_share_pct = 32;
  r = S_lint_opts(ec_test_load("tests/fixtures/findings/tiny"), &o);
  assert_int_equal(S_count(&r.f, "tiny-kernels"), 0);
  S_done(&r);
  o = ec_lint_opts_default();
  o.tiny_min_layers = 31;
  r = S_lint_opts(ec_test_load("tests/fixtures/findings/tiny"), &o);
  assert_int_equal(S_count(&r.f, "tiny-kernels"), 0);
  S_done(&r);
  o = ec_lint_opts_default();
  o.tiny_kernel_ms = 0.003; /* under, not at */
  r = S_lint_opts(ec_test_load("tests/fixtures/findings/tiny"), &o);
  assert_int_equal(S_count(&r.f, "tiny-kernels"), 0);
  S_done(&r);
}

static void test_aux_fixture(void **st) {
  (void)st;
  S_run r = S_lint_path("tests/fixtures/findings/aux");
  assert_int_equal(r.e->n_signal_wait, 4);
  const ec_finding *x = S_get(&r.f, "aux-streams");
  assert_non_null(x);
  assert_int_equal(S_count(&r.f, "aux-streams"), 1);
  assert_int_equal(x->n_layers, 2);
  assert_true(S_has_layer(r.e, x, "/branch_b/Conv_1"));
  assert_non_null(strstr(x->message, "One engine on 2 streams"));
  assert_non_null(strstr(x->message, "4 signal/wait layers"));
  assert_non_null(strstr(x->message, "overstates the end-to-end time"));
  assert_true(fabs(x->share_pct - 50) < 1e-9);
  assert_true(isnan(x->gain_ms_max));
  assert_int_equal(x->gain_basis, EC_GAIN_NONE);
  assert_int_equal(x->confidence, EC_CONF_HIGH);
  assert_non_null(strstr(x->next_step, "--maxAuxStreams=0"));
  S_done(&r);
  /* names only: Myelin's signal/wait names, medium confidence */
  ec_engine *e = S_engine();
  S_layer(e, "__myl_Add_myl109_17", "Unknown", NULL, 0.01);
  S_layer(e, "exit^bb^signal^1_myl109_56", "Unknown", NULL, 0.0);
  S_layer(e, "exit^bb^wait^1_myl109_57", "Unknown", NULL, 0.0);
  r = S_lint_opts(e, NULL);
  x = S_get(&r.f, "aux-streams");
  assert_non_null(x);
  assert_int_equal(x->confidence, EC_CONF_MEDIUM);
  assert_non_null(strstr(x->message, "2 signal/wait layers"));
  S_done(&r);
  /* no streams, no finding */
  r = S_lint_path("tests/fixtures/findings/tiny");
  assert_int_equal(S_count(&r.f, "aux-streams"), 0);
  S_done(&r);
}

static void test_dynamic_fixture(void **st) {
  (void)st;
  S_run r = S_lint_path("tests/fixtures/findings/dynamic");
  const ec_finding *x = S_get(&r.f, "dynamic-shapes");
  assert_non_null(x);
  assert_int_equal(x->n_layers, 2);
  assert_non_null(strstr(x->message, "2 bindings and 2 layers with -1 dimensions"));
  assert_non_null(strstr(x->message, "the shape trtexec ran, images=4x16x32x32"));
  assert_non_null(strstr(x->evidence, "images [-1, 16, 32, 32] min 1x16x32x32 opt 4x16x32x32 max 8x16x32x32"));
  assert_non_null(strstr(x->next_step, "--shapes="));
  assert_true(isnan(x->gain_ms_max));
  S_done(&r);
  /* the graph alone: the shape that was profiled is not known */
  r = S_lint_path("tests/fixtures/findings/dynamic/dyn.engine.graph.json");
  x = S_get(&r.f, "dynamic-shapes");
  assert_non_null(x);
  assert_non_null(strstr(x->message, "do not say which shape"));
  S_done(&r);
  /* static shapes: none */
  r = S_lint_path("tests/fixtures/findings/aux");
  assert_int_equal(S_count(&r.f, "dynamic-shapes"), 0);
  S_done(&r);
}

static void test_names_fixture(void **st) {
  (void)st;
  S_run r = S_lint_path("tests/fixtures/findings/names");
  assert_true(r.e->graph_names_only);
  /* both blocks: MatMul -> Softmax -> (Reformat) -> MatMul_1 in one scope */
  const ec_finding *x = S_get(&r.f, "attention-unfused");
  assert_non_null(x);
  assert_non_null(strstr(x->message, "2 softmax layers"));
  assert_int_equal(x->confidence, EC_CONF_MEDIUM);
  assert_int_equal(x->n_layers, 4); /* 2 softmaxes, 2 Reformats on the way */
  assert_true(fabs(x->gain_ms_max - 0.092) < 1e-12);
  /* Q/K/V: block 0 only (block 1's k_proj || q_proj are one layer) */
  x = S_get(&r.f, "qkv-unfused");
  assert_non_null(x);
  assert_non_null(strstr(x->message, "1 block computes"));
  assert_int_equal(x->n_layers, 3);
  assert_true(S_has_layer(r.e, x, "/model/encoder/layers.0/self_attn/k_proj/MatMul + "
                                  "/model/encoder/layers.0/self_attn/k_proj/Add"));
  assert_int_equal(x->confidence, EC_CONF_MEDIUM);
  assert_true(isnan(x->gain_ms_max)); /* FLOPs unknown without shapes */
  assert_int_equal(x->gain_basis, EC_GAIN_NONE);
  /* nothing recognised as fused: no fusions finding */
  assert_int_equal(S_count(&r.f, "transformer-fusions"), 0);
  /* movement from names: medium confidence */
  x = S_get(&r.f, "data-movement");
  assert_non_null(x);
  assert_int_equal(x->confidence, EC_CONF_MEDIUM);
  S_done(&r);
}

/* ---- hand-built engines ------------------------------------------------------------------------ */

static void test_hotspot_region(void **st) {
  (void)st;
  /* a Myelin region of 4 layers at 5% each and 80% elsewhere in 10 layers */
  ec_engine *e = S_engine();
  for (int i = 0; i < 4; i++) {
    char nm[64];
    snprintf(nm, sizeof nm, "__myl_AddMul_myl7_%d", i);
    S_layer(e, nm, "kgen", NULL, 0.05);
  }
  for (int i = 0; i < 10; i++) {
    char nm[32];
    snprintf(nm, sizeof nm, "conv%d", i);
    S_layer(e, nm, "Convolution", NULL, 0.08);
  }
  S_run r = S_lint_opts(e, NULL);
  assert_int_equal(S_count(&r.f, "hotspot"), 1);
  const ec_finding *x = S_get(&r.f, "hotspot");
  assert_int_equal(x->layer, -1);
  assert_int_equal(x->n_layers, 4);
  assert_true(fabs(x->share_pct - 20) < 1e-9);
  assert_non_null(strstr(x->message, "Myelin region myl7 (4 layers)"));
  assert_true(isnan(x->gain_ms_max)); /* a region is many kernels: no gain */
  assert_int_equal(x->gain_basis, EC_GAIN_NONE);
  assert_int_equal(x->confidence, EC_CONF_MEDIUM);
  S_done(&r);
  /* one member is a hotspot itself: the layer is reported, with its region */
  e = S_engine();
  S_layer(e, "__myl_AddMul_myl7_0", "kgen", NULL, 0.3);
  S_layer(e, "__myl_AddMul_myl7_1", "kgen", NULL, 0.05);
  for (int i = 0; i < 10; i++) {
    char nm[32];
    snprintf(nm, sizeof nm, "conv%d", i);
    S_layer(e, nm, "Convolution", NULL, 0.065);
  }
  r = S_lint_opts(e, NULL);
  assert_int_equal(S_count(&r.f, "hotspot"), 1);
  x = S_get(&r.f, "hotspot");
  assert_int_equal(x->layer, 0);
  assert_non_null(strstr(x->evidence, "part of Myelin region myl7 (2 layers, 35.00%)"));
  assert_int_equal(x->gain_basis, EC_GAIN_ZERO); /* no FLOPs: its whole time */
  assert_true(fabs(x->gain_ms_max - 0.3) < 1e-12);
  S_done(&r);
  /* the threshold */
  e = S_engine();
  for (int i = 0; i < 11; i++) {
    char nm[32];
    snprintf(nm, sizeof nm, "conv%d", i);
    S_layer(e, nm, "Convolution", NULL, i ? 0.09 : 0.1); /* 0.1 of 1.0: exactly 10% */
  }
  r = S_lint_opts(e, NULL);
  assert_int_equal(S_count(&r.f, "hotspot"), 1);
  S_done(&r);
}

/* trt-perf-analysis counts gemvx kernels as Tensor Core: a gemv hotspot says CUDA cores */
static void test_hotspot_gemv(void **st) {
  (void)st;
  ec_engine *e = S_engine();
  S_layer(e, "/classifier/Gemm_myl9_2", "gemm",
          "sm50_xmma_cublas_gemvx_f16f16_f32_f32_tn_n_int32_unit_n_launch_param4x32x32_strided_unit_stride", 0.5);
  S_layer(e, "conv", "Convolution", NULL, 0.5);
  S_run r = S_lint_opts(e, NULL);
  const ec_finding *x = NULL;
  for (size_t i = 0; i < r.f.n; i++)
    if (!strcmp(r.f.v[i].rule, "hotspot") && r.f.v[i].layer == 0) x = &r.f.v[i];
  assert_non_null(x);
  assert_non_null(strstr(x->message, "gemv is not a Tensor-Core kernel"));
  assert_null(strstr(x->message, "runs on Tensor Cores"));
  assert_non_null(strstr(x->next_step, "--shapes="));
  S_done(&r);
}

/* One rule for precision islands: fp32-island carries the Reformats around it. */
static void test_precision_island(void **st) {
  (void)st;
  ec_engine *e = S_engine();
  S_flow_layer(e, "c1", "Convolution", "a", "FP16", "b", "FP16", 1.0);
  S_flow_layer(e, "to32", "Reformat", "b", "FP16", "c", "FP32", 0.5);
  S_flow_layer(e, "softmax", "SoftMax", "c", "FP32", "d", "FP32", 2.0);
  S_flow_layer(e, "to16", "Reformat", "d", "FP32", "f", "FP16", 0.5);
  S_flow_layer(e, "c2", "Convolution", "f", "FP16", "g", "FP16", 1.0);
  S_run r = S_lint_opts(e, NULL);
  assert_int_equal(S_count(&r.f, "fp32-island"), 1);
  const ec_finding *x = S_get(&r.f, "fp32-island");
  assert_int_equal(x->layer, 2);
  assert_int_equal(x->n_layers, 3);
  assert_true(S_has_layer(r.e, x, "to32") && S_has_layer(r.e, x, "to16"));
  assert_true(fabs(x->share_pct - 40) < 1e-9); /* the FP32 layers: 2 of 5 ms */
  assert_non_null(strstr(x->evidence, "1 FP32 layer, 2 ms (40.00%); 2 Reformats around it, 1 ms (20.00%)"));
  assert_true(fabs(x->gain_ms_max - 3.0) < 1e-12);
  assert_int_equal(x->gain_basis, EC_GAIN_ZERO);
  assert_int_equal(x->confidence, EC_CONF_MEDIUM);
  assert_non_null(strstr(x->next_step, "--layerPrecisions"));
  /* likely: its Reformats, which running it in FP16 removes; no device, so
   * the softmax's precision gain is not counted (issue 27 item 2) */
  assert_int_equal(x->likely_basis, EC_LIKELY_REFORMATS);
  assert_true(fabs(x->gain_ms_likely - 1.0) < 1e-12);
  assert_non_null(strstr(x->likely_why, "Reformats removed"));
  /* the catalogue has one precision-island rule */
  size_t n;
  const ec_lint_rule *rules = ec_lint_rules(&n);
  size_t islands = 0;
  for (size_t i = 0; i < n; i++) islands += strstr(rules[i].id, "island") != NULL;
  assert_int_equal(islands, 1);
  S_done(&r);
}

/* A 3x3 convolution of 64 to 64 channels on the 8x8 maps of S_tensor. */
static void S_conv3x3(ec_layer *l) {
  l->conv.present = 1;
  l->conv.nkernel = 2;
  l->conv.kernel[0] = l->conv.kernel[1] = 3;
  l->conv.groups = 1;
  l->conv.out_maps = 64;
  l->conv.stride[0] = l->conv.stride[1] = 1;
  l->conv.dilation[0] = l->conv.dilation[1] = 1;
}

/* Issue 27 item 2: an FP32 island on a Tensor-Core GPU whose peaks are known:
 * its compute-bound convolution at the FP16 Tensor-Core peak instead of the
 * FP32 CUDA-core one (A100: 128 against 2048 FLOP per clock per SM), and its
 * Reformats removed; a GPU without Tensor Cores gives the Reformats only. */
static void test_island_peak_ratio(void **st) {
  (void)st;
  for (int volta = 1; volta >= 0; volta--) {
    ec_engine *e = S_engine();
    S_conv3x3(S_flow_layer(e, "c1", "Convolution", "a", "FP16", "b", "FP16", 1.0));
    S_flow_layer(e, "to32", "Reformat", "b", "FP16", "c", "FP32", 0.5);
    ec_layer *c32 = S_flow_layer(e, "c32", "Convolution", "c", "FP32", "d", "FP32", 1.0);
    S_conv3x3(c32);
    free(c32->tactic);
    c32->tactic = ec_strdup("sm80_xmma_fprop_implicit_gemm_f32f32_f32f32_f32_nchwkcrs_nchw_tilesize64x32x8_stage5_ffma");
    S_flow_layer(e, "to16", "Reformat", "d", "FP32", "f", "FP16", 0.5);
    S_conv3x3(S_flow_layer(e, "c2", "Convolution", "f", "FP16", "g", "FP16", 1.0));
    e->device.present = 1;
    e->device.compute_capability = ec_strdup(volta ? "8.0" : "6.1");
    e->device.sms = 108;
    e->device.compute_clock_ghz = 1.41;
    e->device.memory_clock_ghz = 1.512;
    e->device.bus_width_bits = 5120;
    S_run r = S_lint_opts(e, NULL);
    const ec_finding *x = S_get(&r.f, "fp32-island");
    assert_non_null(x);
    assert_true(fabs(x->gain_ms_max - 2.0) < 1e-12);
    if (volta) {
      assert_int_equal(r.s->nums.v[2].math.math, EC_MATH_FP32);
      assert_int_equal(x->likely_basis, EC_LIKELY_PEAK_RATIO);
      assert_true(fabs(x->gain_ms_likely - (1.0 * (1 - 128.0 / 2048) + 1.0)) < 1e-9);
      assert_non_null(strstr(x->likely_why, "1 compute-bound layer of 1 at the FP16/BF16 Tensor Core peak"));
    } else {
      assert_int_equal(x->likely_basis, EC_LIKELY_REFORMATS);
      assert_true(fabs(x->gain_ms_likely - 1.0) < 1e-12);
      assert_non_null(strstr(x->likely_why, "Tensor Cores are not known"));
    }
    assert_true(x->gain_ms_likely <= x->gain_ms_max);
    S_done(&r);
  }
}

/* Layers profiled at 0 ms move nothing: not counted (DETR's folded reshapes) */
static void test_data_movement_counts_time(void **st) {
  (void)st;
  ec_engine *e = S_engine();
  S_layer(e, "Reformatting CopyNode for Input Tensor 0 to conv", "Reformat", NULL, 0.2);
  S_layer(e, "/Reshape", "Shuffle", NULL, 0.0);
  S_layer(e, "conv", "Convolution", NULL, 0.8);
  S_run r = S_lint_opts(e, NULL);
  const ec_finding *x = S_get(&r.f, "data-movement");
  assert_non_null(x);
  assert_int_equal(x->n_layers, 1);
  assert_non_null(strstr(x->message, "1 layer that only moves or converts data takes 20.00%"));
  assert_true(fabs(x->share_pct - 20) < 1e-9);
  S_done(&r);
}

static void test_top(void **st) {
  (void)st;
  ec_findings f = {0};
  const double gains[] = {0.5, NAN, 0.0, 2.0, 0.5, 1.0};
  const double shares[] = {10, 50, 60, 5, 20, NAN};
  for (size_t i = 0; i < 6; i++) {
    ec_finding *x = ec_findings_push(&f, "hotspot", EC_LINT_INFO);
    x->message = ec_strdup("m");
    x->gain_ms_max = gains[i];
    x->share_pct = shares[i];
    x->gain_basis = isnan(gains[i]) ? EC_GAIN_NONE : EC_GAIN_ZERO;
  }
  const ec_finding *top[6];
  size_t n = ec_findings_top(&f, 6, top);
  assert_int_equal(n, 4); /* NAN and 0 are not ranked */
  assert_ptr_equal(top[0], &f.v[3]);
  assert_ptr_equal(top[1], &f.v[5]);
  assert_ptr_equal(top[2], &f.v[4]); /* 0.5 and 0.5: the larger share first */
  assert_ptr_equal(top[3], &f.v[0]);
  assert_int_equal(ec_findings_top(&f, 0, top), 0);
  /* a rule's confidence comes from the catalogue */
  assert_int_equal(f.v[0].confidence, EC_CONF_HIGH);
  assert_non_null(f.v[0].confidence_why);
  ec_findings_free(&f);
  assert_string_equal(ec_confidence_name(EC_CONF_MEDIUM), "medium");
  assert_string_equal(ec_gain_basis_name(EC_GAIN_MEDIAN_EFFICIENCY), "median-efficiency");
  assert_null(ec_gain_basis_name(EC_GAIN_NONE));
}

/* ---- the corpus ---------------------------------------------------------------------------- */

static const char *const S_conv_engines[] = {
    "trex/mobilenet.qat", "trex/mobilenet_v2_residuals.qat", "trex/pytorch-resnet-A100-fp16",
    "trex/pytorch-resnet-A100-fp32", "trex/pytorch-resnet-A100-qat", "trex/pytorch-resnet-A100-qat-residual",
    "trex/pytorch-resnet-A100-qat-residual-qgap", "trex/tensorflow-resnet-RTX-3090-fp16",
    "trex/tensorflow-resnet-RTX-3090-fp32", "trex/tensorflow-resnet-RTX-3090-qat", "trex-v0.1.0/mobilenet.qat",
    "trex-v0.1.0/mobilenet_v2_residuals.qat", "fuzzylabs/alexnet_fp16", "fuzzylabs/mobilenet_v2_fp16",
    "fuzzylabs/resnet18_fp16", "fuzzylabs/jetson-torchtrt-vgg16", "fuzzylabs/jetson-torchtrt-mobilenet_v2",
    "fuzzylabs/torchtrt-mobilenet_v2-rtx3060", "hackathon-cn/mnist-trt10.14.1-rtx6000ada/model-trained.onnx",
    "hackathon-cn/mnist-trt10.14.1-rtx6000ada/model-trained.trt", "hackathon-cn/mnist-trt10.16.1-h100pcie/model-trained.onnx",
    "hackathon-cn/mnist-trt10.16.1-h100pcie/model-trained.trt", "hackathon-cn/mnist-trt8.6.0-rtx3090", "haxconn/googlenet-gpu-xavier",
    "haxconn/googlenet-dla-xavier", "jetson-trtexec/resnet50-caffe-int8-jetson",
    "jetson-trtexec/googlenet-caffe-int8-jetson", "trex-notebook/yolo-int8-orin"};

static void test_corpus_no_transformer_findings(void **st) {
  (void)st;
  EC_NEED_SHARED(shared);
  for (size_t i = 0; i < sizeof S_conv_engines / sizeof S_conv_engines[0]; i++) {
    char rel[256];
    snprintf(rel, sizeof rel, "corpus/%s", S_conv_engines[i]);
    S_run r = S_lint_path(ec_test_path(shared, rel));
    for (size_t k = 0; k < r.f.n; k++) {
      const char *rule = r.f.v[k].rule;
      /* a profile's layer sum is not the time of an inference */
      if (strstr(r.f.v[k].message, "inference"))
        fail_msg("%s: %s speaks of an inference: %s", S_conv_engines[i], rule, r.f.v[k].message);
      if (!strcmp(rule, "transformer-fusions") || !strcmp(rule, "attention-unfused") || !strcmp(rule, "qkv-unfused"))
        fail_msg("%s: %s on a convolutional engine: %s", S_conv_engines[i], rule, r.f.v[k].message);
      /* streams the layers or the run state (10.14's "Number of aux streams is 2") */
      if (!strcmp(rule, "aux-streams") && r.e->aux_streams <= 0 && !r.e->layer_sum_caveat)
        fail_msg("%s: aux-streams without streams", S_conv_engines[i]);
    }
    S_done(&r);
  }
}

/* Reformat-heavy QAT engines: data movement is their Reformat share (one
 * denominator), at the documented thresholds; light ones get none. */
static void test_corpus_qat_data_movement(void **st) {
  (void)st;
  EC_NEED_SHARED(shared);
  static const struct {
    const char *rel;
    int sev; /* -1: no finding */
  } qat[] = {{"corpus/trex/mobilenet.qat", EC_LINT_WARNING},
             {"corpus/trex-v0.1.0/mobilenet.qat", EC_LINT_INFO},
             {"corpus/trex/pytorch-resnet-A100-qat", EC_LINT_WARNING},
             {"corpus/trex/mobilenet_v2_residuals.qat", -1},
             {"corpus/trex-v0.1.0/mobilenet_v2_residuals.qat", -1}};
  for (size_t i = 0; i < sizeof qat / sizeof qat[0]; i++) {
    S_run r = S_lint_path(ec_test_path(shared, qat[i].rel));
    const ec_finding *x = S_get(&r.f, "data-movement");
    if (qat[i].sev < 0) {
      if (x) fail_msg("%s: data movement %.2f%%, below 5%% expected", qat[i].rel, x->share_pct);
      assert_true(r.s->reformat_share_pct < 5);
      S_done(&r);
      continue;
    }
    if (!x) fail_msg("%s: no data-movement finding (Reformats %.2f%%)", qat[i].rel, r.s->reformat_share_pct);
    assert_int_equal(x->severity, qat[i].sev);
    assert_true(fabs(x->share_pct - r.s->reformat_share_pct) < 1e-9);
    /* the Reformats' time, scaled to the end-to-end time when the layers sum to more (lint.h) */
    assert_true(r.f.gain_scale > 0 && r.f.gain_scale <= 1);
    assert_true(fabs(x->gain_ms_max - r.s->reformat_ms * r.f.gain_scale) < 1e-12);
    assert_int_equal(x->n_layers, r.s->reformat_count);
    assert_int_equal(x->confidence, EC_CONF_HIGH);
    /* Q/DQ placement when Reformats come from Q/DQ nodes (TensorRT 8.4), else
     * where formats change (TensorRT 8.2's Reformats all have origin REFORMAT) */
    int qdq = ec_groups_find(&r.s->reformat_by_origin, "QDQ") != NULL;
    assert_int_equal(strstr(x->next_step, "Move Q/DQ nodes") != NULL, qdq);
    assert_non_null(strstr(x->next_step, "reformat-type-conversion"));
    S_done(&r);
  }
  /* the figures: 17.55% (trex/mobilenet.qat), 25.42% (the ResNet) */
  S_run r = S_lint_path(ec_test_path(shared, "corpus/trex/pytorch-resnet-A100-qat"));
  assert_true(fabs(S_get(&r.f, "data-movement")->share_pct - 25.42) < 0.01);
  S_done(&r);
}

static void test_corpus_transformers(void **st) {
  (void)st;
  EC_NEED_SHARED(shared);
  /* DETR (names only, profiled): 17 attention blocks (decoder 0's self-attention is
   * folded), LayerNorm Myelin kernels, no Q/K/V finding (TensorRT merged k || q) */
  S_run r = S_lint_path(ec_test_path(shared, "corpus/detr-logs/detr-resnet50-int8"));
  const ec_finding *x = S_get(&r.f, "attention-unfused");
  assert_non_null(x);
  assert_non_null(strstr(x->message, "17 softmax layers"));
  assert_int_equal(x->confidence, EC_CONF_MEDIUM);
  x = S_get(&r.f, "transformer-fusions");
  assert_non_null(x);
  assert_non_null(strstr(x->message, "LayerNorm in 29 kernels"));
  assert_int_equal(S_count(&r.f, "qkv-unfused"), 0);
  x = S_get(&r.f, "data-movement");
  assert_non_null(x);
  assert_true(x->share_pct > r.s->reformat_share_pct); /* Reformats and named copies */
  S_done(&r);
  /* RT-DETR (names only, no profile): fused attention, Myelin signal/wait: one engine */
  r = S_lint_path(ec_test_path(shared, "corpus/jetson-rt-traffic/rtdetr-r50-orin-nano"));
  x = S_get(&r.f, "transformer-fusions");
  assert_non_null(x);
  assert_non_null(strstr(x->message, "fused attention in 7 kernels"));
  x = S_get(&r.f, "aux-streams");
  assert_non_null(x);
  assert_non_null(strstr(x->message, "One engine"));
  assert_int_equal(S_count(&r.f, "attention-unfused"), 0);
  S_done(&r);
  /* SegFormer (a log): dynamic batch, profiled at 4 */
  r = S_lint_path(ec_test_path(shared, "corpus/segformer-hackathon/segformer-b2-fp32-a10"));
  x = S_get(&r.f, "dynamic-shapes");
  assert_non_null(x);
  assert_non_null(strstr(x->message, "input=4x3x1024x1024"));
  S_done(&r);
  /* AlexNet: its gemv classifier layers are hotspots on CUDA cores, not Tensor Cores */
  r = S_lint_path(ec_test_path(shared, "corpus/fuzzylabs/alexnet_fp16"));
  assert_int_equal(S_count(&r.f, "hotspot"), 2);
  for (size_t i = 0; i < r.f.n; i++)
    if (!strcmp(r.f.v[i].rule, "hotspot")) assert_non_null(strstr(r.f.v[i].message, "gemv is not a Tensor-Core"));
  S_done(&r);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_kgen_decode),
      cmocka_unit_test(test_kgen_table_unambiguous),
      cmocka_unit_test(test_layer_kinds),
      cmocka_unit_test(test_transformer_fixture),
      cmocka_unit_test(test_tiny_fixture),
      cmocka_unit_test(test_aux_fixture),
      cmocka_unit_test(test_dynamic_fixture),
      cmocka_unit_test(test_names_fixture),
      cmocka_unit_test(test_hotspot_region),
      cmocka_unit_test(test_hotspot_gemv),
      cmocka_unit_test(test_precision_island),
      cmocka_unit_test(test_island_peak_ratio),
      cmocka_unit_test(test_data_movement_counts_time),
      cmocka_unit_test(test_top),
      cmocka_unit_test(test_corpus_no_transformer_findings),
      cmocka_unit_test(test_corpus_qat_data_movement),
      cmocka_unit_test(test_corpus_transformers),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
