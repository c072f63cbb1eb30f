/* Unit tests for src/judge/regions (the regions of differently fused
 * layers in compare), src/judge/kernel_diff (kernels changed inside a
 * fused pair) and the op groups of src/facts/kernels: planted engines
 * built by hand, then the corpus pairs when ../shared is present. */
#include "testutil.h"
#include "judge/align.h"
#include "judge/kernel_diff.h"
#include "facts/kernels.h"
#include "judge/regions.h"

/* A PointWise layer named name covering the metadata entries given (NULL
 * ends; none: nodes from the name), profiled at ms (NAN: no profile). */
static ec_layer *S_layer(ec_engine *e, const char *name, double ms, const char *m0, const char *m1) {
  ec_layer *l = ec_test_add_layer(e, name, "PointWiseV2", "PointWise", NULL);
  l->precision = l->precision_trex = "FP16";
  const char *m[2] = {m0, m1};
  for (int k = 0; k < 2; k++) {
    if (!m[k]) continue;
    l->metadata = ec_reallocarray(l->metadata, l->n_metadata + 1, sizeof *l->metadata);
    l->metadata[l->n_metadata++] = ec_asprintf("[ONNX Layer: %s]", m[k]);
  }
  if (isfinite(ms)) {
    l->has_profile = 1;
    l->avg_ms = l->median_ms = ms;
  }
  return l;
}

static size_t S_nodes(const char *name, const char *want) {
  ec_engine *e = ec_test_engine();
  ec_layer *l = S_layer(e, name, NAN, NULL, NULL);
  char **v;
  size_t n = ec_layer_nodes(l, &v);
  char got[512] = "";
  for (size_t i = 0; i < n; i++) {
    if (i) strcat(got, "|");
    strncat(got, v[i], sizeof got - strlen(got) - 1);
    free(v[i]);
  }
  free(v);
  if (strcmp(got, want)) fail_msg("nodes of \"%s\": \"%s\", expected \"%s\"", name, got, want);
  ec_engine_free(e);
  return n;
}

/* A layer's nodes: metadata first, else the parts of its name. */
static void test_nodes(void **st) {
  (void)st;
  S_nodes("Conv_35 + Relu_36", "Conv_35|Relu_36");
  S_nodes("/m/Add+/m/Mul", "/m/Add|/m/Mul");
  S_nodes("PWN(PWN(Add_1), Relu_2)", "Add_1|Relu_2");
  S_nodes("{ForeignNode[/attn/MatMul.../attn/Softmax]}", "/attn/MatMul|/attn/Softmax");
  S_nodes("a || b", "a|b");
  S_nodes("Reformatting CopyNode for Input Tensor 0 to Conv_0 + Relu_1", ""); /* a copy: no node */
  S_nodes("QuantizeLinear_15", "QuantizeLinear_15");
  ec_engine *e = ec_test_engine();
  ec_layer *l = S_layer(e, "fused name", NAN, "n1", "n2");
  char **v;
  assert_int_equal(ec_layer_nodes(l, &v), 2);
  assert_string_equal(v[0], "n1");
  assert_string_equal(v[1], "n2");
  free(v[0]);
  free(v[1]);
  free(v);
  ec_engine_free(e);
}

/* A+B fused on one side, A and B apart on the other: one region. */
static void test_planted_region(void **st) {
  (void)st;
  ec_engine *a = ec_test_engine(), *b = ec_test_engine();
  S_layer(a, "conv", 1.0, "conv", NULL);
  S_layer(a, "A + B", 2.0, "A", "B");
  S_layer(a, "head", 1.0, "head", NULL);
  S_layer(b, "conv", 1.0, "conv", NULL);
  S_layer(b, "A", 1.5, "A", NULL);
  S_layer(b, "B", 1.0, "B", NULL);
  S_layer(b, "head", 1.0, "head", NULL);
  ec_alignment *al = ec_align(a, b);
  assert_true(al->only_a + al->only_b >= 1); /* the alignment alone leaves a layer out */
  ec_regions *r = ec_regions_build(a, NULL, b, NULL, al);
  assert_int_equal(r->n, 1);
  const ec_region *g = &r->v[0];
  assert_int_equal(g->na, 1);
  assert_int_equal(g->a[0], 1);
  assert_int_equal(g->nb, 2);
  assert_int_equal(g->b[0], 1);
  assert_int_equal(g->b[1], 2);
  assert_int_equal(g->nodes_shared, 2);
  assert_true(fabs(g->a_ms - 2.0) < 1e-12 && fabs(g->b_ms - 2.5) < 1e-12 && fabs(g->delta_ms - 0.5) < 1e-12);
  assert_int_equal(r->left_a + r->left_b, 0);
  assert_true(r->b_before_pct < 100.0 - 1e-9 || r->a_before_pct < 100.0 - 1e-9); /* something was unattributed */
  assert_true(fabs(r->a_after_pct - 100.0) < 1e-9 && fabs(r->b_after_pct - 100.0) < 1e-9);
  assert_true(fabs(r->a_total_ms - 4.0) < 1e-12 && fabs(r->b_total_ms - 4.5) < 1e-12);
  ec_regions_free(r);
  ec_alignment_free(al);
  ec_engine_free(a);
  ec_engine_free(b);
}

/* Names only (no metadata): fused-name parts join the same way; a layer
 * whose nodes the other side does not have stays on one side; without a
 * profile the shares are unknown, not 0. */
static void test_names_only(void **st) {
  (void)st;
  ec_engine *a = ec_test_engine(), *b = ec_test_engine();
  S_layer(a, "Conv_1 + Relu_2", NAN, NULL, NULL);
  S_layer(a, "Add_3", NAN, NULL, NULL);
  S_layer(b, "Conv_1 + Relu_2 + Add_3", NAN, NULL, NULL);
  ec_layer *q = S_layer(b, "QuantizeLinear_9", NAN, NULL, NULL);
  free(q->type);
  q->type = ec_strdup("Reformat"); /* a Q/DQ layer: never aligned with a PointWise */
  ec_alignment *al = ec_align(a, b);
  ec_regions *r = ec_regions_build(a, NULL, b, NULL, al);
  assert_int_equal(r->n, 1);
  assert_int_equal(r->v[0].na, 2);
  assert_int_equal(r->v[0].nb, 1);
  assert_int_equal(r->left_b, 1); /* QuantizeLinear_9 covers nothing of the other side */
  assert_int_equal(r->left_a, 0);
  assert_true(isnan(r->a_before_pct) && isnan(r->a_after_pct) && isnan(r->v[0].delta_ms));
  ec_regions_free(r);
  ec_alignment_free(al);
  ec_engine_free(a);
  ec_engine_free(b);
}

/* Every layer aligned, but the pairs' nodes overlap: fused another way, one
 * region of two pairs; the attributed shares do not change. */
static void test_pair_chain(void **st) {
  (void)st;
  ec_engine *a = ec_test_engine(), *b = ec_test_engine();
  S_layer(a, "Conv_1 + Relu_2", 1.0, NULL, NULL);
  S_layer(a, "Add_3", 1.0, NULL, NULL);
  S_layer(a, "Sub_4", 1.0, NULL, NULL);
  S_layer(b, "Conv_1", 0.5, NULL, NULL);
  S_layer(b, "Relu_2 + Add_3", 1.0, NULL, NULL);
  S_layer(b, "Sub_4", 1.0, NULL, NULL);
  ec_alignment al = {0};
  ec_align_pair v[3] = {{0, 0, EC_ALIGN_FUSED, 1}, {1, 1, EC_ALIGN_FUSED, 1}, {2, 2, EC_ALIGN_NAME, 1}};
  al.v = v;
  al.n = al.matched = 3;
  ec_regions *r = ec_regions_build(a, NULL, b, NULL, &al);
  assert_int_equal(r->n, 1);
  assert_int_equal(r->v[0].na, 2);
  assert_int_equal(r->v[0].nb, 2);
  assert_int_equal(r->v[0].one_sided, 0);
  assert_true(fabs(r->v[0].delta_ms + 0.5) < 1e-12);
  assert_true(fabs(r->a_before_pct - 100.0) < 1e-9 && fabs(r->a_after_pct - 100.0) < 1e-9);
  ec_regions_free(r);
  ec_engine_free(a);
  ec_engine_free(b);
}

/* Engines fused alike: no region, the shares unchanged. */
static void test_alike(void **st) {
  (void)st;
  ec_engine *a = ec_test_engine(), *b = ec_test_engine();
  S_layer(a, "x + y", 1.0, NULL, NULL);
  S_layer(a, "z", 1.0, NULL, NULL);
  S_layer(b, "x + y", 1.5, NULL, NULL);
  S_layer(b, "z", 1.0, NULL, NULL);
  ec_alignment *al = ec_align(a, b);
  ec_regions *r = ec_regions_build(a, NULL, b, NULL, al);
  assert_int_equal(r->n, 0);
  assert_true(fabs(r->a_before_pct - 100.0) < 1e-9 && fabs(r->a_after_pct - 100.0) < 1e-9);
  ec_regions_free(r);
  ec_alignment_free(al);
  ec_engine_free(a);
  ec_engine_free(b);
}

static void S_kernel(ec_layer *l, const char *name, const char *range, double total_ms, size_t launches) {
  if (!l->kern) {
    l->kern = ec_calloc(1, sizeof *l->kern);
    l->kern->instances = 2;
  }
  ec_layer_kernels *lk = l->kern;
  lk->v = ec_reallocarray(lk->v, lk->n + 1, sizeof *lk->v);
  ec_kernel *k = &lk->v[lk->n++];
  memset(k, 0, sizeof *k);
  k->name = ec_strdup(name);
  k->range = range ? ec_strdup(range) : NULL;
  k->launches = launches;
  k->instances = 2;
  k->total_ms = total_ms;
  lk->launches += launches;
  lk->total_ms += total_ms;
  lk->iter_mean_ms = lk->total_ms / 2;
}

static void test_op_groups(void **st) {
  (void)st;
  static const struct {
    const char *name, *range, *group;
  } t[] = {
      {"sm90_xmma_gemm_f16f16", "__myl_Gemm_myl0_1", "MatMul"},
      {"__myl_MaxSubExpSum_kernel", NULL, "Softmax"},
      {"__myl_MeaSubMulMeaAddSqrDivMul_0x1", NULL, "LayerNorm"},
      {"__myl_ResTraCop_0x2", NULL, "Data movement"},
      {"__myl_Cas_0x3", NULL, "Cast"},
      {"__myl_MulSumMul_kernel", NULL, "Mul"},
      {"sm80_xmma_fprop_implicit_gemm_f16", NULL, "Conv"},
      {"fmha_v2_flash_attention_fp16", NULL, "Attention"},
      {"ampere_sgemm_128x64_nn", NULL, "MatMul"},
      {"my_custom_kernel", NULL, "Other"},
  };
  for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
    ec_kernel k = {0};
    k.name = (char *)t[i].name;
    k.range = (char *)t[i].range;
    if (strcmp(ec_kernel_op_group(&k), t[i].group))
      fail_msg("%s: %s, expected %s", t[i].name, ec_kernel_op_group(&k), t[i].group);
  }
  ec_engine *e = ec_test_engine();
  ec_layer *l = ec_test_add_layer(e, "{ForeignNode[/a/MatMul.../a/Softmax]}", "Myelin", "Myelin", NULL);
  S_kernel(l, "sm90_gemm_a", "__myl_Gemm_myl0_1", 6.0, 2);
  S_kernel(l, "__myl_MaxSubExpSum_kernel", NULL, 2.0, 2);
  S_kernel(l, "sm90_gemm_b", "__myl_Gemm_myl0_3", 2.0, 2);
  assert_true(ec_kernel_groups_apply(l));
  ec_kernel_group g[4];
  size_t n = ec_kernel_op_groups(l, g, 4);
  assert_int_equal(n, 2);
  assert_string_equal(g[0].name, "MatMul");
  assert_int_equal(g[0].kernels, 2);
  assert_true(fabs(g[0].pct - 80.0) < 1e-9 && fabs(g[0].iter_ms - 4.0) < 1e-12);
  assert_string_equal(g[1].name, "Softmax");
  assert_true(fabs(g[1].pct - 20.0) < 1e-9);
  /* capped: the rest summed as Other */
  n = ec_kernel_op_groups(l, g, 1);
  assert_int_equal(n, 1);
  assert_string_equal(g[0].name, "Other");
  assert_true(fabs(g[0].pct - 100.0) < 1e-9);
  /* a convolution layer's kernels are not shown by op group */
  ec_layer *c = ec_test_add_layer(e, "conv", "CaskConvolution", "Convolution", NULL);
  S_kernel(c, "sm80_xmma_fprop", NULL, 1.0, 2);
  assert_false(ec_kernel_groups_apply(c));
  ec_engine_free(e);
}

/* A fused pair whose build changed: a kernel faster, one gone, one new. */
static void test_kernel_diff(void **st) {
  (void)st;
  ec_engine *a = ec_test_engine(), *b = ec_test_engine();
  a->kernels = ec_calloc(1, sizeof *a->kernels);
  b->kernels = ec_calloc(1, sizeof *b->kernels);
  ec_layer *la = ec_test_add_layer(a, "{ForeignNode[/a/MatMul.../a/Softmax]}", "Myelin", "Myelin", NULL);
  ec_layer *lb = ec_test_add_layer(b, "{ForeignNode[/a/MatMul.../a/Softmax]}", "Myelin", "Myelin", NULL);
  ec_layer *sa = ec_test_add_layer(a, "same", "Myelin", "Myelin", NULL);
  ec_layer *sb = ec_test_add_layer(b, "same", "Myelin", "Myelin", NULL);
  S_kernel(la, "gemm_1", "__myl_Gemm_myl0_1", 10.0, 2);
  S_kernel(la, "__myl_MaxSubExpSum_kernel", NULL, 2.0, 2);
  S_kernel(lb, "gemm_1", "__myl_Gemm_myl0_1", 6.0, 2);
  S_kernel(lb, "__myl_CasMul_kernel", NULL, 1.0, 2);
  S_kernel(sa, "k", NULL, 1.0, 2);
  S_kernel(sb, "k", NULL, 1.0, 2);
  ec_alignment *al = ec_align(a, b);
  ec_kdiff *d = ec_kdiff_of(a, 1, b, 1, al);
  assert_non_null(d);
  assert_int_equal(d->n, 1); /* "same" did not change inside */
  const ec_kdiff_pair *p = &d->v[0];
  assert_int_equal(p->a, 0);
  assert_true(fabs(p->base_ms - 6.0) < 1e-12 && fabs(p->ms - 3.5) < 1e-12);
  assert_int_equal(p->added, 1);
  assert_int_equal(p->removed, 1);
  assert_int_equal(p->n, 3);
  assert_string_equal(p->v[0].name, "gemm_1"); /* -2 ms per iteration, the largest change */
  assert_true(fabs(p->v[0].delta_ms + 2.0) < 1e-12);
  assert_string_equal(p->v[1].name, "__myl_MaxSubExpSum_kernel");
  assert_true(isnan(p->v[1].ms) && fabs(p->v[1].delta_ms + 1.0) < 1e-12);
  assert_true(isnan(p->v[2].base_ms) && fabs(p->v[2].delta_ms - 0.5) < 1e-12);
  assert_string_equal(p->g[0].group, "MatMul");
  assert_true(fabs(p->g[0].delta_ms + 2.0) < 1e-12);
  ec_kdiff_free(d);
  /* without kernel data on a side: nothing */
  ec_engine_kernels_free(b->kernels);
  b->kernels = NULL;
  assert_null(ec_kdiff_of(a, 1, b, 1, al));
  ec_alignment_free(al);
  ec_engine_free(a);
  ec_engine_free(b);
}

/* The corpus: pairs of one model fused differently gain attributed time. */
static void S_corpus_pair(const char *sh, const char *pa, const char *pb, size_t min_regions) {
  ec_engine *a = ec_test_load(ec_test_path(sh, pa)), *b = ec_test_load(ec_test_path(sh, pb));
  ec_alignment *al = ec_align(a, b);
  ec_regions *r = ec_regions_build(a, NULL, b, NULL, al);
  print_message("%s vs %s: %zu regions; attributed %.2f%% -> %.2f%% and %.2f%% -> %.2f%%; one-sided %zu -> %zu, %zu -> %zu\n",
                pa, pb, r->n, r->a_before_pct, r->a_after_pct, r->b_before_pct, r->b_after_pct, r->only_a, r->left_a,
                r->only_b, r->left_b);
  assert_true(r->n >= min_regions);
  assert_true(r->left_a + r->left_b < r->only_a + r->only_b);
  if (isfinite(r->a_before_pct)) assert_true(r->a_after_pct >= r->a_before_pct && r->b_after_pct >= r->b_before_pct);
  if (isfinite(r->a_before_pct)) assert_true(r->a_after_pct + r->b_after_pct > r->a_before_pct + r->b_before_pct);
  ec_regions_free(r);
  ec_alignment_free(al);
  ec_engine_free(a);
  ec_engine_free(b);
}

static void test_corpus(void **st) {
  (void)st;
  EC_NEED_SHARED(sh);
  S_corpus_pair(sh, "corpus/trex/pytorch-resnet-A100-qat/resnet-qat.onnx.engine",
                "corpus/trex/pytorch-resnet-A100-qat-residual/resnet-qat-residual.onnx.engine", 4);
  S_corpus_pair(sh, "corpus/trex/tensorflow-resnet-RTX-3090-fp16/resnet.onnx.engine",
                "corpus/trex/tensorflow-resnet-RTX-3090-qat/resnet-qat.onnx.engine", 3);
  S_corpus_pair(sh, "corpus/trex/mobilenet.qat/mobilenet.qat.onnx.engine", "corpus/trex-v0.1.0/mobilenet.qat/mobilenet.qat.onnx.engine", 10);
  /* TensorRT 10.16 against 11.0 (no profile: layers, not time) */
  S_corpus_pair(sh, "corpus/hackathon-cn/mnist-trt10.16.1-h100pcie/model-trained-exportLayerInfo.log",
                "corpus/hackathon-cn/mnist-trt11.0-b200/model-trained-exportLayerInfo.log", 4);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_nodes),     cmocka_unit_test(test_planted_region), cmocka_unit_test(test_names_only),
      cmocka_unit_test(test_alike),     cmocka_unit_test(test_pair_chain),     cmocka_unit_test(test_op_groups),      cmocka_unit_test(test_kernel_diff),
      cmocka_unit_test(test_corpus),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
