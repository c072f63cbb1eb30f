/* Unit tests for layer types: one type name per layer kind whatever the
 * source (graph JSON, --dumpLayerInfo dump, verbose build log listing). */
#include "testutil.h"
#include <dirent.h>
#include "load/internal.h"
#include "load/load.h"

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

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_fixture_sources_agree),
      cmocka_unit_test(test_type_normal),
      cmocka_unit_test(test_corpus_graph_and_log_types),
      cmocka_unit_test(test_corpus_layer_type_alone),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
