/* Unit tests for layer types: one type name per layer kind whatever the
 * source (graph JSON, --dumpLayerInfo dump, verbose build log listing). */
#include "testutil.h"
#include <dirent.h>
#include "facts/layer_kind.h"
#include "facts/summary.h"
#include "load/internal.h"
#include "load/load.h"
#include "emit/summary_json.h"
#include "render/svg.h"
#include "util/buf.h"
#include "view/engine_charts.h"
#include "view/engine_tables.h"
#include "view/colors.h"
#include "view/graph_dot.h"
#include "facts/graph.h"

#define FX "tests/fixtures/types/"

static const ec_layer *S_by_name(const ec_engine *e, const char *name) {
  for (size_t i = 0; i < e->n_layers; i++)
    if (!strcmp(e->layers[i].name, name)) return &e->layers[i];
  return NULL;
}

/* The tensors as far as a verbose listing says: name, dimensions, precision. */
static void S_same_tensors(const char *layer, const ec_tensor *a, size_t na, const ec_tensor *b, size_t nb) {
  if (na != nb) fail_msg("%s: %zu tensors against %zu", layer, na, nb);
  for (size_t i = 0; i < na; i++) {
    assert_string_equal(a[i].name, b[i].name);
    if (a[i].ndims != b[i].ndims) fail_msg("%s: tensor %s has %d dims against %d", layer, a[i].name, a[i].ndims, b[i].ndims);
    for (int k = 0; k < a[i].ndims; k++) assert_int_equal(a[i].dims[k], b[i].dims[k]);
    if (strcmp(a[i].precision, b[i].precision))
      fail_msg("%s: tensor %s is %s against %s", layer, a[i].name, a[i].precision, b[i].precision);
  }
}

/* Every layer of a is in b with the same type, LayerType, precisions and
 * tensors. */
static void S_same_model(const ec_engine *a, const ec_engine *b, int same_weights) {
  assert_int_equal(a->n_layers, b->n_layers);
  assert_int_equal(a->n_noop, b->n_noop);
  for (size_t i = 0; i < a->n_layers; i++) {
    const ec_layer *x = &a->layers[i], *y = &b->layers[i];
    assert_string_equal(x->name, y->name);
    if (strcmp(x->type, y->type)) fail_msg("%s: type %s against %s", x->name, x->type, y->type);
    assert_string_equal(x->layer_type, y->layer_type);
    assert_string_equal(x->precision, y->precision);
    assert_string_equal(x->out_precision, y->out_precision);
    S_same_tensors(x->name, x->in, x->n_in, y->in, y->n_in);
    S_same_tensors(x->name, x->out, x->n_out, y->out, y->n_out);
    if (same_weights) {
      assert_true(x->weights_bytes == y->weights_bytes);
      assert_true(x->weights_bytes_trex == y->weights_bytes_trex);
      assert_int_equal(x->conv.present, y->conv.present);
    }
  }
}

/* The fixture pair: one engine as graph JSON, as a --dumpLayerInfo dump and
 * as a verbose build log's "Layer(T): ..." listing (LayerTypes only). */
static void test_fixture_sources_agree(void **st) {
  (void)st;
  ec_engine *g = ec_test_load(FX "sm.engine.graph.json");
  ec_engine *d = ec_test_load(FX "sm-dump.log");
  ec_engine *v = ec_test_load(FX "sm-build.log");
  static const char *const want[][2] = {
      {"conv1 + relu1", "Convolution"}, {"up1", "Deconvolution"}, {"pw1", "PointWise"}, {"pad1", "Slice"},
      {"pool1", "Pooling"},             {"fc1", "Convolution"},   {"softmax1", "SoftMax"},
      {"Reformatting CopyNode for Input Tensor 0 to pw1", "Reformat"},
  };
  const ec_engine *all[3] = {g, d, v};
  for (int s = 0; s < 3; s++) {
    assert_int_equal(all[s]->n_layers, 8);
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
      const ec_layer *l = S_by_name(all[s], want[i][0]);
      assert_non_null(l);
      if (strcmp(l->type, want[i][1])) fail_msg("source %d: %s is %s, not %s", s, want[i][0], l->type, want[i][1]);
    }
  }
  S_same_model(g, d, 1);
  S_same_model(g, v, 0);
  for (size_t i = 0; i < g->n_layers; i++) /* the dump says the formats too */
    for (size_t k = 0; k < g->layers[i].n_in; k++)
      assert_string_equal(g->layers[i].in[k].format_short, d->layers[i].in[k].format_short);
  ec_engine_free(g);
  ec_engine_free(d);
  ec_engine_free(v);
}

/* The rule itself, per class of spelling. */
static void test_type_normal(void **st) {
  (void)st;
  static const char *const c[][3] = {
      /* LayerType, ParameterType, type */
      {"CaskSoftMaxV2", NULL, "SoftMax"},
      {"CaskSoftMax", NULL, "SoftMax"},
      {"CudaSoftMax", NULL, "SoftMax"},
      {"CaskSoftMaxV2", "SoftMax", "SoftMax"},
      {"CaskConvolution", NULL, "Convolution"},
      {"CaskGemmConvolution", NULL, "Convolution"},
      {"CudaDepthwiseConvolution", NULL, "Convolution"},
      {"CudnnConvolution", NULL, "Convolution"},
      {"CublasConvolution", NULL, "Convolution"},
      {"FusedConvActConvolution", NULL, "Convolution"},
      {"CaskDeconvolutionV2", NULL, "Deconvolution"},
      {"CaskDeconvolutionV2", "Convolution", "Deconvolution"}, /* TREx's convert_deconv */
      {"CaskDeconvolution", NULL, "Deconvolution"},
      {"GemmDeconvolution", NULL, "Convolution"}, /* TRT 8.2 graph JSON types it Convolution */
      {"CaskPooling", NULL, "Pooling"},
      {"CaskPoolingV2", NULL, "Pooling"},
      {"TiledPooling", NULL, "Pooling"},
      {"CudaPooling", NULL, "Pooling"},
      {"CudnnPooling", NULL, "Pooling"},
      {"CaskGemmMatrixMultiply", NULL, "MatrixMultiply"},
      {"PointWiseV2", NULL, "PointWise"},
      {"PointWiseV2", "PointWise", "PointWise"},
      {"Padding", NULL, "Slice"},
      {"CaskConvActPool", NULL, "ConvActPool"},
      /* kinds graph JSON gives no other name: unchanged */
      {"Myelin", NULL, "Myelin"},
      {"kgen", NULL, "kgen"},
      {"gemm", NULL, "gemm"},
      {"NoOp", NULL, "NoOp"},
      {"Reformat", NULL, "Reformat"},
      {"ElementWise", NULL, "ElementWise"},
      {"LogSoftmaxTopK", NULL, "LogSoftmaxTopK"},
      {"Cuda", NULL, "Cuda"},
      {"CaskV2", NULL, "CaskV2"},
      {"CudaGraphV", NULL, "CudaGraphV"},
      {NULL, NULL, "Unknown"},
  };
  for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
    const char *t = ec_layer_type_normal(c[i][0], c[i][1]);
    if (strcmp(t, c[i][2])) fail_msg("%s/%s: %s, not %s", c[i][0], c[i][1], t, c[i][2]);
  }
}

/* ---- the corpus ----------------------------------------------------------- */

typedef struct {
  char path[4096];
  ec_engine *e;
} S_src;

/* Layers from layer information (graph JSON, a log's listing), at least one typed. */
static int S_typed_layers(const ec_engine *e) {
  if (!e->has_graph) return 0; /* a profile's records, not layer information */
  for (size_t i = 0; i < e->n_layers; i++)
    if (strcmp(e->layers[i].type, "Unknown")) return 1;
  return 0;
}

static int S_only_kind(const ec_engine *e, ec_file_kind k) {
  return e->n_files == 1 && e->files[0].kind == k;
}

/* Every file of every corpus engine directory, loaded alone; calls f on each
 * engine directory with its graphs and its logs that describe typed layers. */
static void S_corpus_sources(const char *root, void (*f)(const char *dir, S_src *g, size_t ng, S_src *l, size_t nl, void *),
                             void *arg) {
  DIR *top = opendir(root);
  assert_non_null(top);
  struct dirent *a;
  char **srcs = NULL;
  size_t ns = 0, cs = 0;
  while ((a = readdir(top)))
    if (a->d_name[0] != '.') *EC_PUSH(srcs, ns, cs) = ec_strdup(a->d_name);
  closedir(top);
  for (size_t si = 0; si < ns; si++) {
    char sdir[4096];
    snprintf(sdir, sizeof sdir, "%s/%s", root, srcs[si]);
    DIR *sd = opendir(sdir);
    if (!sd) continue;
    struct dirent *b;
    while ((b = readdir(sd))) {
      if (b->d_name[0] == '.') continue;
      char edir[4096];
      snprintf(edir, sizeof edir, "%s/%s", sdir, b->d_name);
      DIR *ed = opendir(edir);
      if (!ed) continue;
      S_src g[16], l[16];
      size_t ng = 0, nl = 0;
      struct dirent *c;
      while ((c = readdir(ed))) {
        if (c->d_name[0] == '.') continue;
        char p[4096];
        snprintf(p, sizeof p, "%s/%s", edir, c->d_name);
        ec_engine *e = NULL;
        if (ec_load_engine(p, &(ec_load_opts){0}, &e) != EC_LOAD_OK || !e) {
          ec_engine_free(e);
          continue;
        }
        S_src *s = NULL;
        if (S_only_kind(e, EC_FILE_GRAPH) && S_typed_layers(e) && ng < 16) s = &g[ng++];
        else if (S_only_kind(e, EC_FILE_LOG) && S_typed_layers(e) && nl < 16) s = &l[nl++];
        if (!s) {
          ec_engine_free(e);
          continue;
        }
        snprintf(s->path, sizeof s->path, "%s", p);
        s->e = e;
      }
      closedir(ed);
      f(edir, g, ng, l, nl, arg);
      for (size_t i = 0; i < ng; i++) ec_engine_free(g[i].e);
      for (size_t i = 0; i < nl; i++) ec_engine_free(l[i].e);
    }
    closedir(sd);
  }
  for (size_t i = 0; i < ns; i++) free(srcs[i]);
  free(srcs);
}

typedef struct {
  size_t pairs, compared;
} S_tally;

static void S_compare_sources(const char *dir, S_src *g, size_t ng, S_src *l, size_t nl, void *arg) {
  S_tally *t = arg;
  (void)dir;
  for (size_t i = 0; i < ng; i++)
    for (size_t k = 0; k < nl; k++) {
      t->pairs++;
      for (size_t j = 0; j < l[k].e->n_layers; j++) {
        const ec_layer *y = &l[k].e->layers[j];
        const ec_layer *x = S_by_name(g[i].e, y->name);
        if (!x || !strcmp(y->type, "Unknown")) continue; /* another build's layer; a names-only listing */
        t->compared++;
        if (strcmp(x->type, y->type))
          fail_msg("%s: \"%s\" is %s in the graph, %s in the log %s", g[i].path, x->name, x->type, y->type, l[k].path);
      }
    }
}

/* Every corpus engine with graph JSON and a log listing its layers: a layer
 * both describe has one type. */
static void test_corpus_graph_and_log_types(void **st) {
  (void)st;
  EC_NEED_SHARED(shared);
  S_tally t = {0};
  S_corpus_sources(ec_test_path(shared, "corpus"), S_compare_sources, &t);
  print_message("%zu graph/log pairs, %zu layers compared\n", t.pairs, t.compared);
  assert_true(t.pairs >= 3);
  assert_true(t.compared >= 10);
}

/* Every layer of every corpus graph JSON: its LayerType alone (what a log
 * listing gives) has the type the graph's ParameterType gives. */
static void S_check_layer_types(const char *dir, S_src *g, size_t ng, S_src *l, size_t nl, void *arg) {
  size_t *n = arg;
  (void)dir, (void)l, (void)nl;
  for (size_t i = 0; i < ng; i++)
    for (size_t j = 0; j < g[i].e->n_layers; j++) {
      const ec_layer *x = &g[i].e->layers[j];
      const char *t = ec_layer_type_normal(x->layer_type, NULL);
      if (strcmp(t, x->type)) fail_msg("%s: LayerType %s alone gives %s, the graph says %s", g[i].path, x->layer_type, t, x->type);
      (*n)++;
    }
}

static void test_corpus_layer_type_alone(void **st) {
  (void)st;
  EC_NEED_SHARED(shared);
  size_t n = 0;
  S_corpus_sources(ec_test_path(shared, "corpus"), S_check_layer_types, &n);
  print_message("%zu graph layers checked\n", n);
  assert_true(n >= 900);
}


/* ---- a type family from the name (names-only layer information) ---------- */

/* One name per class of spelling. */
static void test_name_family(void **st) {
  (void)st;
  static const char *const c[][2] = {
      /* ONNX paths: the last component's op, the most telling part of a fusion */
      {"/backbone/conv1/Conv + /backbone/bn1/Mul + /backbone/act1/Relu + /backbone/maxpool/MaxPool", "Convolution"},
      {"/encoder/layers.0/fc1/MatMul + /encoder/layers.0/fc1/Add", "MatrixMultiply"},
      {"/head/Gemm", "MatrixMultiply"},
      {"/k_proj/MatMul + /k_proj/Add || /q_proj/MatMul + /q_proj/Add", "MatrixMultiply"},
      {"/model/encoder/layers_0/self_attn/MatMul_1+/model/encoder/layers_0/self_attn/MatMul_myl56_3", "MatrixMultiply"},
      {"/encoder/layers.0/self_attn/Softmax", "SoftMax"},
      {"/decoder/0/norm/LayerNormalization", "Normalization"},
      {"/backbone/maxpool/MaxPool", "Pooling"},
      {"/pool/GlobalAveragePool", "Pooling"},
      {"/act/Sigmoid", "Activation"},
      {"/Add_3", "ElementWise"},
      {"/encoder/Reshape_8 + /encoder/Transpose_4", "Shuffle"},
      {"/Slice", "Slice"},
      {"/neck/Concat_1", "Concatenation"},
      {"/neck/Resize", "Resize"},
      {"/ReduceMax", "Reduce"},
      {"/ArgMax", "TopK"},
      {"/backbone/conv1/_input_quantizer/QuantizeLinear", "Quantize"},
      {"/NonMaxSuppression_246", "NMS"},
      {"/Constant_5_output_0", "Constant"},
      /* TensorRT's own names */
      {"Reformatting CopyNode for Input Tensor 0 to /conv1/Conv + /act1/Relu", "Reformat"},
      {"/neck/Concat_/neck/Resize_output_0_clone_0 copy", "Reformat"},
      {"reshape_before_/encoder/layers.0/fc1/MatMul", "Shuffle"},
      {"reshape_after_/self_attn/q_proj/MatMul_copy_input", "Shuffle"},
      {"PWN(PWN(/Sub), PWN(/Div))", "PointWise"},
      {"(Unnamed Layer* 32) [Shuffle]", "Shuffle"},
      {"(Unnamed Layer* 7) [Matrix Multiply]", "MatrixMultiply"},
      {"{ForeignNode[/head/Constant_2_output_0.../Unsqueeze_2]}", "Myelin"},
      {"[trainStation1]", "TrainStation"},
      /* Myelin kernels, by their decoded ops */
      {"__myl_MoveMeanSubMulMeanAddSqrtDivMulMulAdd_myl98_0", "Normalization"},
      {"__myl_AddCasMeaSubMulMeaAddSqrDivMulCasMulAdd_myl109_50", "Normalization"},
      {"__myl_ResMaxSubExpSumDiv_myl109_54", "SoftMax"},
      {"__myl_FcAddCasMeaSubMulMeaAddSqrDivMulCasMulAdd_myl128_6", "Normalization"},
      {"__myl_Fc_myl56_12", "MatrixMultiply"},
      {"__myl_TraMov_myl109_20", "Shuffle"},
      {"__myl_CasCas_myl109_10", "Cast"},
      /* every op element-wise: PointWise (issue 39: 227 such layers were plain kgen) */
      {"__myl_MaxMinSubMaxMaxMinMinDivLogAddNegExpAddDiv_myl128_14", "PointWise"},
      {"__myl_SliMulSliNegConMulAdd_myl1_4", "PointWise"},
      {"__myl_CasPowMeaAddSqrDivMulCasMul_myl1_2", "Normalization"}, /* an RMSNorm */
      {"__myl_CasMeaCas_myl3_7", "Reduce"},
      {"__myl_GridMul_myl3_8", "kgen"}, /* an op the table does not know */
      {"_gemm_mha_v2_myl56_8", "MatrixMultiply"},
      {"dummy_shape_call__mye14737_0_myl128_0", "shape_call"},
      {"exit^bb^signal^1_myl109_56", "signal"},
      {"exit^bb^wait^1_myl109_57", "wait"},
      /* other exporters: trtexec samples, torch.fx, Torch-TensorRT, tf2onnx */
      {"Conv-1 + ReLU-2", "Convolution"},
      {"Softmax-14 + ArgMax-15", "SoftMax"},
      {"Transpose-7 + Reshape-7 + reshape_before_MatMul-9", "Shuffle"},
      {"node_conv2d_1 + node_relu_1", "Convolution"},
      {"node_max_pool2d", "Pooling"},
      {"node_linear_myl4_0", "MatrixMultiply"},
      {"[MAX]-[aten_ops.max_pool2d.default]-[max_pool2d_default]", "Pooling"},
      {"Conv__25 + Relu", "Convolution"},
      /* names that tell nothing */
      {"resnet50/conv1_conv/Conv2D__6", NULL}, /* a Transpose tf2onnx put before a convolution */
      {"MaxPool2d_1__22 + Reshape + (Unnamed Layer* 14) [Shuffle]", "Shuffle"},
      {"/model/decoder/0/self_attn_layer_norm/LayerNormalization_output_0", NULL}, /* a tensor's name */
      {"onnx::Expand_4941_clone_1", NULL},
      {"__mye33687_myl109_8", NULL},
      {"y + z", NULL},
      {"conv2/3x3_reduce + conv2/relu_3x3_reduce", NULL}, /* Caffe: the convolution's name has no op */
      {"backbone.layer2.0.downsample.1.running_var + (Unnamed Layer* 108) [Shuffle]", NULL},
      {"reshape_after_/x/value_proj/MatMul + /x/Reshape_copy_input", "Shuffle"},
      {"PWN((Unnamed Layer* 112) [ElementWise], PWN(PWN((Unnamed Layer* 109) [Constant] + (Unnamed Layer* 110) "
       "[ElementWise], (Unnamed Layer* 111) [Unary]), (Unnamed Layer* 113) [ElementWise]))",
       "PointWise"},
      {"", NULL},
      {NULL, NULL},
  };
  for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
    const char *f = ec_name_type_family(c[i][0]);
    if ((f == NULL) != (c[i][1] == NULL) || (f && strcmp(f, c[i][1])))
      fail_msg("\"%s\": %s, not %s", c[i][0] ? c[i][0] : "(null)", f ? f : "nothing", c[i][1] ? c[i][1] : "nothing");
  }
}

static const ec_group *S_group(const ec_groups *g, const char *k) { return ec_groups_find(g, k); }

/* A names-only engine: the display shows families marked "(from name)";
 * TREx's numbers (by_type, "type") still say Unknown. */
static void test_names_only_display(void **st) {
  (void)st;
  ec_engine *e = ec_test_load(FX "nm.engine");
  assert_true(e->graph_names_only);
  assert_int_equal(e->n_layers, 22);
  ec_summary *s = ec_summarize(e);
  /* TREx agreement: every layer Unknown */
  assert_int_equal(s->by_type.n, 1);
  assert_string_equal(s->by_type.v[0].key, "Unknown");
  assert_int_equal(s->by_type.v[0].count, 22);
  for (size_t i = 0; i < e->n_layers; i++) assert_string_equal(e->layers[i].type, "Unknown");
  /* the display */
  assert_int_equal(s->types_from_name, 20);
  const ec_group *g = S_group(&s->by_type_shown, "Convolution (from name)");
  assert_non_null(g);
  assert_int_equal(g->count, 3);
  assert_true(fabs(g->latency_ms - 0.26) < 1e-9);
  assert_int_equal(S_group(&s->by_type_shown, "MatrixMultiply (from name)")->count, 3);
  assert_int_equal(S_group(&s->by_type_shown, "SoftMax (from name)")->count, 2);
  assert_int_equal(S_group(&s->by_type_shown, "Shuffle (from name)")->count, 4);
  assert_int_equal(S_group(&s->by_type_shown, "Unknown")->count, 2);
  assert_null(S_group(&s->by_type_shown, "Convolution")); /* never unmarked */
  size_t total = 0;
  for (size_t i = 0; i < s->by_type_shown.n; i++) total += s->by_type_shown.v[i].count;
  assert_int_equal(total, 22);
  /* JSON: by_type and "type" are TREx's; top layers carry type_inferred */
  json_t *j = ec_jsonout_summary(s);
  json_t *bt = json_object_get(json_object_get(j, "layer_count"), "by_type");
  assert_int_equal(json_object_size(bt), 1);
  assert_int_equal(json_integer_value(json_object_get(bt, "Unknown")), 22);
  json_t *top0 = json_array_get(json_object_get(j, "top_layers"), 0);
  assert_string_equal(json_string_value(json_object_get(top0, "type")), "Unknown");
  assert_string_equal(json_string_value(json_object_get(top0, "type_inferred")), "Convolution");
  json_decref(j);
  /* the by-type chart and the slowest-layers chart name the families, marked */
  ec_scene *sc = ec_echart_latency_by_type(e, s, NULL);
  assert_non_null(sc);
  ec_buf b = {0};
  ec_render_svg(sc, &b);
  assert_non_null(strstr(b.data, "Convolution (from name)"));
  assert_non_null(strstr(b.data, "MatrixMultiply (from name)"));
  ec_scene_free(sc);
  b.len = 0;
  sc = ec_echart_layer_latency(e, s, NULL);
  ec_render_svg(sc, &b);
  assert_non_null(strstr(b.data, "Normalization (from name)"));
  ec_scene_free(sc);
  ec_buf_free(&b);
  /* tables: the type column and the by-type table */
  ec_table *t = ec_tbl_top_layers(s, "t", 3);
  assert_string_equal(ec_table_cell(t, 0, 2)->text, "Convolution (from name)");
  ec_table_free(t);
  t = ec_tbl_by_type(s, "bt");
  int seen = 0;
  for (size_t r = 0; r < t->nrows; r++) seen |= !strcmp(ec_table_cell(t, r, 0)->text, "SoftMax (from name)");
  assert_true(seen);
  ec_table_free(t);
  ec_summary_free(s);
  ec_engine_free(e);
}

/* A layer whose source gave a type keeps it: nothing is inferred, and the
 * display's grouping is TREx's. */
static void test_typed_layers_not_inferred(void **st) {
  (void)st;
  ec_engine *e = ec_test_load(FX "sm.engine.graph.json");
  ec_summary *s = ec_summarize(e);
  assert_int_equal(s->types_from_name, 0);
  assert_int_equal(s->by_type_shown.n, s->by_type.n);
  for (size_t i = 0; i < s->by_type.n; i++) {
    assert_string_equal(s->by_type_shown.v[i].key, s->by_type.v[i].key);
    assert_int_equal(s->by_type_shown.v[i].count, s->by_type.v[i].count);
  }
  for (size_t i = 0; i < e->n_layers; i++) {
    assert_null(ec_layer_type_inferred(&e->layers[i]));
    assert_string_equal(ec_layer_shown_type(&e->layers[i]), e->layers[i].type);
  }
  json_t *j = ec_jsonout_summary(s);
  json_t *top = json_object_get(j, "top_layers");
  for (size_t i = 0; i < json_array_size(top); i++) assert_null(json_object_get(json_array_get(top, i), "type_inferred"));
  json_decref(j);
  ec_summary_free(s);
  ec_engine_free(e);
}

/* A typed kgen layer whose kernel's ops tell what it does is shown by that
 * (read from the kernel name, "(Myelin kgen)"), and its family gives its
 * colour; the raw type stays "kgen" for TREx's numbers. */
static void test_kgen_kinds(void **st) {
  (void)st;
  static const char *const c[][3] = {
      {"__myl_CasPowMeaAddSqrDivMulCasMul_0x60", "RMSNorm (Myelin kgen)", "Normalization"},
      {"__myl_SliMulSliNegConMulAdd_0x9b", "PointWise (Myelin kgen)", "PointWise"},
      {"__myl_SliSigMulMul_0xa2", "PointWise (Myelin kgen)", "PointWise"},
      {"__myl_CasMeaCas_0x11", "Reduce (Myelin kgen)", "Reduce"},
      {"_gemm_mha_v2_0x28ce", "MHA (Myelin kgen)", "MatrixMultiply"},
      {"__myl_GridMul_0x12", "kgen", "kgen"},
  };
  for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
    ec_layer l;
    memset(&l, 0, sizeof l);
    l.name = (char *)"x_myl1_2";
    l.name_len = strlen(l.name);
    l.type = (char *)"kgen";
    l.layer_type = (char *)"kgen";
    l.tactic = (char *)c[i][0];
    assert_string_equal(ec_layer_shown_type(&l), c[i][1]);
    assert_string_equal(ec_layer_family(&l), c[i][2]);
    assert_string_equal(ec_type_family(c[i][1]), c[i][2]);
  }
}

/* Real types a family from the name may stand for: the name says the model's
 * op, TensorRT may have built it as another kernel (TensorRT 8 runs MatMul
 * as a 1x1 Convolution, Myelin kernels are kgen, a QuantizeLinear is a
 * Reformat from 8.4 and a Scale before). */
static int S_compatible(const char *fam, const char *type) {
  static const char *const ok[][2] = {
      {"Convolution", "Convolution ConvActPool correlation"},
      {"Deconvolution", "Deconvolution"},
      {"MatrixMultiply", "MatrixMultiply gemm Convolution kgen"},
      {"SoftMax", "SoftMax LogSoftmaxTopK kgen"},
      {"Normalization", "Normalization kgen Scale"},
      {"Pooling", "Pooling maxpool"},
      {"Resize", "Resize"},
      {"Reduce", "Reduce Pooling kgen"},
      {"TopK", "TopK LogSoftmaxTopK"},
      {"NMS", "NMS"},
      {"PluginV2", "PluginV2 PluginV3"},
      {"Scatter", "kgen"},
      {"Gather", "Gather kgen"},
      {"Concatenation", "Concatenation"},
      {"Slice", "Slice"},
      {"PointWise", "PointWise kgen"},
      {"Activation", "Activation PointWise kgen"},
      {"ElementWise", "ElementWise PointWise Scale kgen"},
      {"Scale", "Scale"},
      {"Cast", "Cast kgen"},
      {"Quantize", "Reformat Scale"},
      {"Shuffle", "Shuffle NoOp kgen"},
      {"Reformat", "Reformat"},
      {"Constant", "Constant"},
      {"Myelin", "Myelin"},
      {"kgen", "kgen"},
      {"TrainStation", "TrainStation"},
      {"shape_call", "shape_call"},
      {"signal", "signal"},
      {"wait", "wait"},
  };
  for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
    if (strcmp(ok[i][0], fam)) continue;
    size_t n = strlen(type);
    for (const char *p = ok[i][1]; *p;) {
      size_t w = strcspn(p, " ");
      if (w == n && !memcmp(p, type, n)) return 1;
      p += w;
      while (*p == ' ') p++;
    }
    return 0;
  }
  fail_msg("family %s is not in the test's table", fam);
  return 0;
}

typedef struct {
  size_t typed, inferred;
} S_fam_tally;

/* Every typed layer of every corpus file (graph JSON, log listings): what
 * its name alone would give is nothing or a family its real type fits. */
static void S_check_families(const char *dir, S_src *g, size_t ng, S_src *l, size_t nl, void *arg) {
  S_fam_tally *t = arg;
  (void)dir;
  for (int side = 0; side < 2; side++) {
    S_src *v = side ? l : g;
    size_t n = side ? nl : ng;
    for (size_t i = 0; i < n; i++)
      for (size_t j = 0; j < v[i].e->n_layers; j++) {
        const ec_layer *x = &v[i].e->layers[j];
        if (!strcmp(x->type, "Unknown")) continue;
        t->typed++;
        const char *f = ec_name_type_family(x->name);
        if (!f) continue;
        t->inferred++;
        if (!S_compatible(f, x->type))
          fail_msg("%s: \"%s\" is %s, its name says %s", v[i].path, x->name, x->type, f);
      }
  }
}

static void test_corpus_families_hold(void **st) {
  (void)st;
  EC_NEED_SHARED(shared);
  S_fam_tally t = {0};
  S_corpus_sources(ec_test_path(shared, "corpus"), S_check_families, &t);
  print_message("%zu typed layers, %zu with a family from the name, all fitting their type\n", t.typed, t.inferred);
  assert_true(t.typed >= 1000);
  assert_true(t.inferred * 100 >= t.typed * 95);
}

/* The names-only engines of the corpus: how many layers get a family. */
static void test_corpus_names_only_coverage(void **st) {
  (void)st;
  EC_NEED_SHARED(shared);
  static const struct {
    const char *path;
    size_t layers, min_inferred;
  } c[] = {
      {"corpus/detr-logs/detr-resnet50-int8/detr-layer-info.json", 840, 820},
      {"corpus/jetson-rt-traffic/rtdetr-r50-orin-nano/layers.json", 378, 320},
      {"corpus/trex-notebook/yolo-int8-orin/layer_info.json", 86, 75},
      {"corpus/hackathon-cn/mnist-trt8.4.1-gtx1070/modelInformation.log", 12, 12},
  };
  for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
    ec_engine *e = NULL;
    assert_int_equal(ec_load_engine(ec_test_path(shared, c[i].path), &(ec_load_opts){0}, &e), EC_LOAD_OK);
    assert_true(e->graph_names_only);
    ec_summary *s = ec_summarize(e);
    print_message("%s: %zu of %zu layers typed from their names\n", c[i].path, s->types_from_name, s->layers);
    assert_int_equal(s->layers, c[i].layers);
    if (s->types_from_name < c[i].min_inferred) fail_msg("%s: %zu inferred", c[i].path, s->types_from_name);
    assert_int_equal(s->by_type.n, 1); /* TREx's numbers: all Unknown */
    ec_summary_free(s);
    ec_engine_free(e);
  }
}

/* TensorRT 10/11's Myelin LayerTypes say their family: one function
 * (ec_type_family) maps a raw, TREx-normalised, inferred or shown type to
 * it, and every display colours by it. */
static void test_type_family(void **st) {
  (void)st;
  static const char *const c[][2] = {
      {"correlation", "Convolution"}, {"conv_act_pool", "Convolution"}, {"deconv", "Deconvolution"},
      {"gemm", "MatrixMultiply"}, {"maxpool", "Pooling"}, {"custom_layer", "Myelin"}, {"kgen", "kgen"},
      {"Convolution", "Convolution"}, {"Convolution (from name)", "Convolution"},
      {"Convolution (Myelin correlation)", "Convolution"}, {"SoftMax (Myelin kgen)", "SoftMax"},
      {"Unknown", NULL}, {"NonZero", NULL}, {NULL, NULL},
  };
  for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
    const char *f = ec_type_family(c[i][0]);
    if ((f == NULL) != (c[i][1] == NULL) || (f && strcmp(f, c[i][1])))
      fail_msg("\"%s\": %s, not %s", c[i][0] ? c[i][0] : "(null)", f ? f : "nothing", c[i][1] ? c[i][1] : "nothing");
  }
}

static unsigned S_hex(ec_color c) { return (unsigned)c.r << 16 | (unsigned)c.g << 8 | c.b; }

/* A TensorRT 11 engine (everything Myelin): kgen, correlation, gemm and
 * maxpool are shown with their family, and the chart, the table and the
 * graph give a family one colour (correlation's is Convolution's). */
static void test_corpus_trt11_families(void **st) {
  (void)st;
  EC_NEED_SHARED(shared);
  ec_engine *e = ec_test_load(ec_test_path(shared, "corpus/hackathon-cn/mnist-trt11.0-b200/model-trained-exportLayerInfo.log"));
  static const char *const want[][2] = {
      {"node_conv2d_myl0_2", "Convolution (Myelin correlation)"},
      {"node_max_pool2d_myl0_3", "Pooling (Myelin maxpool)"},
      {"node_linear_myl0_7", "MatrixMultiply (Myelin gemm)"},
      {"__myl_AddMaxrSubExpSum_myl0_9", "SoftMax (Myelin kgen)"},
      {"__myl_Resh_myl0_6", "Shuffle (Myelin kgen)"},
      {"__mye1085_myl0_0", "Myelin (custom_layer)"},
  };
  for (size_t k = 0; k < sizeof want / sizeof want[0]; k++) {
    const ec_layer *l = NULL;
    for (size_t i = 0; i < e->n_layers; i++)
      if (!strcmp(e->layers[i].name, want[k][0])) l = &e->layers[i];
    /* the L2-cache custom_layer is set aside (engine-internal), still typed */
    for (size_t i = 0; i < e->n_hidden; i++)
      if (!strcmp(e->hidden[i].name, want[k][0])) l = &e->hidden[i];
    assert_non_null(l);
    assert_string_equal(ec_layer_shown_type(l), want[k][1]);
  }
  ec_summary *s = ec_summarize(e);
  assert_non_null(ec_groups_find(&s->by_type, "correlation")); /* TREx's numbers keep the raw type */
  char conv[16];
  snprintf(conv, sizeof conv, "#%06x", S_hex(ec_colors_layer_type("Convolution")));
  assert_true(S_hex(ec_colors_layer_type("correlation")) == S_hex(ec_colors_layer_type("Convolution")));
  /* the chart: the Convolution family's bar has Convolution's colour */
  ec_scene *sc = ec_echart_count_by_type(e, s, NULL);
  assert_non_null(sc);
  ec_buf b = {0};
  ec_render_svg(sc, &b);
  assert_non_null(strstr(b.data, "Convolution (Myelin correlation)"));
  assert_non_null(strstr(b.data, conv));
  ec_scene_free(sc);
  /* the table names the family */
  ec_table *t = ec_tbl_by_type(s, "bt");
  int seen = 0;
  for (size_t r = 0; r < t->nrows; r++) seen |= !strcmp(ec_table_cell(t, r, 0)->text, "Convolution (Myelin correlation)");
  assert_true(seen);
  ec_table_free(t);
  /* the graph: correlation nodes are filled with Convolution's colour */
  ec_graph *g = ec_graph_build(e, NULL);
  char *dot = ec_dot_graph(g, &(ec_dot_opts){0});
  const char *n = strstr(dot, "Convolution (Myelin correlation)");
  assert_non_null(n);
  assert_non_null(strstr(dot, conv));
  free(dot);
  ec_graph_free(g);
  ec_buf_free(&b);
  ec_summary_free(s);
  ec_engine_free(e);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_fixture_sources_agree),
      cmocka_unit_test(test_type_normal),
      cmocka_unit_test(test_corpus_graph_and_log_types),
      cmocka_unit_test(test_corpus_layer_type_alone),
      cmocka_unit_test(test_name_family),
      cmocka_unit_test(test_names_only_display),
      cmocka_unit_test(test_typed_layers_not_inferred),
      cmocka_unit_test(test_corpus_families_hold),
      cmocka_unit_test(test_corpus_names_only_coverage),
      cmocka_unit_test(test_type_family),
      cmocka_unit_test(test_corpus_trt11_families),
      cmocka_unit_test(test_kgen_kinds),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
