/* The file's own facts first (issues 33, 32): the stated-over-derived rule,
 * listing I/O sections, engine-internal layers, Myelin convolutions' kernel
 * from their constants, run grouping, load runs' build options, Polygraphy
 * text. Fixtures: tests/fixtures/facts (tests/gen/facts.py). */
#include "testutil.h"
#include "facts/layer_math.h"
#include "facts/summary.h"
#include "facts/precision_mix.h"
#include "words/words.h"
#include "load/internal.h"
#include "load/load.h"

#define FX "tests/fixtures/facts/"

static ec_engine *S_log(const char *text) {
  ec_engine *e = ec_engine_new("t");
  ec_load_log_text(e, "t.log", text, strlen(text), NULL);
  ec_load_finish(e, NULL);
  return e;
}

static ec_engine *S_path(const char *path, int *st) {
  ec_engine *e = NULL;
  *st = (int)ec_load_engine(path, NULL, &e);
  return e;
}

static int S_has_diag(const ec_engine *e, ec_severity sev, const char *needle) {
  for (size_t i = 0; i < e->diags.n; i++)
    if (e->diags.v[i].sev == sev && strstr(e->diags.v[i].msg, needle)) return 1;
  return 0;
}

/* stated beats derived; on one basis, ec_source_pick's rule */
static void test_pick_basis(void **st) {
  (void)st;
  assert_int_equal(ec_source_pick_basis(EC_FACT_DERIVED, "a, b, c", EC_FACT_STATED, "a, b"), EC_SOURCE_TAKE);
  assert_int_equal(ec_source_pick_basis(EC_FACT_STATED, "a, b", EC_FACT_DERIVED, "a, b, c"), EC_SOURCE_KEEP);
  assert_int_equal(ec_source_pick_basis(EC_FACT_NONE, NULL, EC_FACT_DERIVED, "x"), EC_SOURCE_TAKE);
  assert_int_equal(ec_source_pick_basis(EC_FACT_STATED, "x", EC_FACT_NONE, NULL), EC_SOURCE_KEEP);
  assert_int_equal(ec_source_pick_basis(EC_FACT_STATED, "x, y", EC_FACT_STATED, "x, z"), EC_SOURCE_DISAGREE);
  assert_int_equal(ec_source_pick_basis(EC_FACT_STATED, "x", EC_FACT_STATED, "x, y"), EC_SOURCE_TAKE); /* cut */
}

#define HEAD "&&&& RUNNING TensorRT.trtexec [TensorRT v110000] [b1] # trtexec --onnx=m.onnx --dumpLayerInfo\n" \
             "[05/12/2026-09:30:00] [I] Layers:\n"
#define LAYER_A "Name: a, LayerType: kgen, Inputs: [ { Name: x, Dimensions: [1,4], Datatype: Float, Format: (Linear) " \
                "Row major linear format }], Constants: [], Outputs: [ { Name: y, Dimensions: [1,4], Datatype: Float, " \
                "Format: (Linear) Row major linear format }, { Name: t_myl0, Dimensions: [1,1], Datatype: Float, " \
                "Format: (Linear) Row major linear format }], TacticName: __myl_Add_0x1, StreamId: 0, Metadata: \n"
#define TAIL "&&&& PASSED TensorRT.trtexec [TensorRT v110000] [b1] # trtexec --onnx=m.onnx --dumpLayerInfo\n"

/* A TensorRT 11 text listing's "I/O Tensors:" section names the bindings:
 * the unread Myelin tensor t_myl0 is none; direction, dims, type, location,
 * shape-tensor flag and profiles as the JSON gives them. */
static void test_io_tensors_section(void **st) {
  (void)st;
  ec_engine *e = S_log(HEAD LAYER_A "\nI/O Tensors:\n"
                       "Name: x, IOMode: Input, DataType: Float, Dimensions: [-1,4], Location: Device, "
                       "IsShapeInferenceIO: 0, ProfileInfo: [ { MinShape: [1,4], OptShape: [2,4], MaxShape: [8,4], "
                       "Format: Row major linear FP32 format (kLINEAR) }]\n"
                       "Name: y, IOMode: Output, DataType: Float, Dimensions: [-1,4], Location: Device, "
                       "IsShapeInferenceIO: 0, ProfileInfo: [ { Format: Row major linear FP32 format (kLINEAR) }]\n"
                       "\n" TAIL);
  assert_int_equal(e->n_bindings, 2);
  assert_string_equal(e->bindings[0].t.name, "x");
  assert_int_equal(e->bindings[0].dir, EC_BIND_INPUT);
  assert_int_equal(e->bindings[0].shape_io, 0);
  assert_string_equal(e->bindings[0].t.location, "Device");
  assert_int_equal(e->bindings[0].n_profiles, 1);
  int n;
  const int64_t *mx = ec_binding_profile_shape(&e->bindings[0], 2, &n);
  assert_non_null(mx);
  assert_int_equal(n, 2);
  assert_int_equal(mx[0], 8);
  assert_string_equal(e->bindings[1].t.name, "y");
  assert_int_equal(e->bindings[1].dir, EC_BIND_OUTPUT);
  assert_null(ec_engine_binding(e, "t_myl0", 6));
  assert_true(S_has_diag(e, EC_INFO, "the listing's own I/O section"));
  ec_engine_free(e);
  /* 10.x: "Bindings:" names after the blank line that ends the layers */
  e = S_log(HEAD LAYER_A "\nBindings:\nx\ny\n[05/12/2026-09:30:01] [I] done\n" TAIL);
  assert_int_equal(e->n_bindings, 2);
  assert_true(e->bindings[0].listed && e->bindings[1].listed);
  ec_engine_free(e);
  /* without a section: inferred, but never Myelin's own tensor */
  e = S_log(HEAD LAYER_A "\n" TAIL);
  assert_int_equal(e->n_bindings, 2);
  assert_null(ec_engine_binding(e, "t_myl0", 6));
  assert_int_equal(e->n_internal_tensors, 1);
  ec_engine_free(e);
}

static void test_myelin_tensor_names(void **st) {
  (void)st;
  assert_true(ec_tensor_is_l2_buffer("l2_cache_policy_inputs_3_myl0", 29));
  assert_true(ec_tensor_is_l2_buffer("l2_cache_management_host_0_myl0", 31));
  assert_false(ec_tensor_is_l2_buffer("l2_cache", 8));
  assert_true(ec_tensor_is_myelin_internal("__myln_k_arg__bb1_3_myl4", 24));
  assert_true(ec_tensor_is_myelin_internal("node_argmax_output.1_myl4", 25));
  assert_false(ec_tensor_is_myelin_internal("output_myl", 10)); /* no region number */
  assert_false(ec_tensor_is_myelin_internal("y", 1));
}

/* The L2-cache custom_layers are set aside; correlations get their kernel
 * from their weight constant (64x32x5x5 on 14x14: 10,035,200 MACs). */
static void test_listing_11x(void **st) {
  (void)st;
  int s;
  ec_engine *e = S_path(FX "listing-11x/build.log", &s);
  assert_int_equal(s, EC_LOAD_OK);
  assert_int_equal(e->n_layers, 11);
  assert_int_equal(e->n_internal, 2);
  size_t conv = 0;
  for (size_t i = 0; i < e->n_layers; i++) {
    const ec_layer *l = &e->layers[i];
    assert_string_not_equal(l->layer_type, "custom_layer");
    if (strcmp(l->layer_type, "correlation")) continue;
    assert_true(l->conv.present && l->lists_consts);
    assert_int_equal(l->conv.nkernel, 2);
    assert_int_equal(l->conv.kernel[0], 5);
    assert_int_equal(l->conv.groups, 1);
    double macs = ec_layer_macs(l);
    assert_true(macs == (conv ? 10035200.0 : 627200.0));
    conv++;
  }
  assert_int_equal(conv, 2);
  ec_summary *sum = ec_summarize(e);
  assert_true(sum->weights_bytes == 4.0 * (800 + 32 + 51200 + 64 + 2 + 3211264 + 1024 + 2 + 10240 + 10));
  assert_null(sum->weights_stated); /* the layers' sum is whole: it stays */
  ec_summary_free(sum);
  ec_engine_free(e);
}

/* A deconvolution's weight is [C, K/G, R, S]: groups from K over its second axis. */
static void test_myelin_deconv_kernel(void **st) {
  (void)st;
  const char *g =
      "{\"Layers\":[{\"Name\":\"up\",\"LayerType\":\"deconv\",\"Inputs\":[{\"Name\":\"a\",\"Dimensions\":[1,8,4,4],"
      "\"Datatype\":\"Half\",\"Format\":\"(Linear) Row major linear format\"}],\"Constants\":[{\"Name\":\"w\","
      "\"Dimensions\":[8,2,2,2],\"Datatype\":\"Half\",\"Format\":\"(Linear) Row major linear format\"}],"
      "\"Outputs\":[{\"Name\":\"b\",\"Dimensions\":[1,4,8,8],\"Datatype\":\"Half\",\"Format\":\"(Linear) Row major "
      "linear format\"}]}],\"I/O Tensors\":[]}";
  ec_engine *e = ec_engine_new("t");
  ec_load_graph_text(e, "g.json", g, strlen(g), NULL);
  ec_load_finish(e, NULL);
  assert_int_equal(e->n_layers, 1);
  const ec_layer *l = &e->layers[0];
  assert_true(l->conv.present);
  assert_int_equal(l->conv.groups, 2); /* K 4 / 2 */
  /* input elements 128 x K/G 2 x kernel 4 */
  assert_true(ec_layer_macs(l) == 128.0 * 2 * 4);
  ec_engine_free(e);
}

/* One folder, two engines: grouped by what the runs load, save and export. */
static void test_group_runs(void **st) {
  (void)st;
  const char *p[] = {FX "runs/fp32.graph.json", FX "runs/result-01.log", FX "runs/result-02.log",
                     FX "runs/result-03.log", FX "runs/result-04.log"};
  ec_file_kind k[] = {EC_FILE_GRAPH, EC_FILE_LOG, EC_FILE_LOG, EC_FILE_LOG, EC_FILE_LOG};
  size_t g[5];
  char **names = NULL;
  size_t ng = ec_load_group(p, k, 5, 0, g, &names);
  assert_int_equal(ng, 2);
  assert_string_equal(names[g[0]], "model.onnx");
  assert_int_equal(g[0], g[1]); /* exported by result-01 */
  assert_string_equal(names[g[2]], "model-fp16.trt");
  assert_int_equal(g[2], g[3]);
  assert_int_equal(g[3], g[4]);
  for (size_t i = 0; i < ng; i++) free(names[i]);
  free(names);
  /* TREx file sets: by stem; a file with neither stem nor run is tied to none */
  const char *q[] = {"a/yolo.engine.graph.json", "a/yolo.engine.profile.json", "a/x.engine.graph.json", "a/layers.json"};
  ec_file_kind kq[] = {EC_FILE_GRAPH, EC_FILE_PROFILE, EC_FILE_GRAPH, EC_FILE_GRAPH};
  size_t gq[4];
  ng = ec_load_group(q, kq, 4, 0, gq, &names);
  assert_int_equal(ng, 2);
  assert_int_equal(gq[0], gq[1]);
  assert_int_not_equal(gq[0], gq[2]);
  assert_int_equal(gq[3], (size_t)-1);
  for (size_t i = 0; i < ng; i++) free(names[i]);
  free(names);
}

/* Several engines in a folder: status, nothing read; a prefix picks one. */
static void test_several_engines(void **st) {
  (void)st;
  int s;
  ec_engine *e = S_path(FX "runs", &s);
  assert_int_equal(s, EC_LOAD_SEVERAL_ENGINES);
  assert_false(ec_engine_usable(e));
  assert_true(S_has_diag(e, EC_ERROR, "2 different engines"));
  assert_true(S_has_diag(e, EC_WARN, "engine " FX "runs/model-fp16.trt: result-02.log, result-03.log, result-04.log"));
  ec_engine_free(e);
  e = S_path(FX "runs/model-fp16.trt", &s);
  assert_int_equal(s, EC_LOAD_OK);
  assert_int_equal(e->n_files, 3);
  /* the perf and the batch of one run (result-03: batch 4) */
  assert_true(e->perf.throughput_qps == 20200);
  const ec_input_shape *x = ec_engine_input_shape(e, "x", 1);
  assert_non_null(x);
  assert_int_equal(x->inference.v[0], 4);
  assert_int_equal(x->max.v[0], 16); /* from the build that saved it */
  assert_int_equal(e->n_run_facts, 3);
  assert_string_equal(e->run_facts[1].role, "inference (--loadEngine)");
  assert_true(S_has_diag(e, EC_WARN, "facts differ between this engine's files"));
  ec_engine_free(e);
  e = S_path(FX "nested", &s);
  assert_int_equal(s, EC_LOAD_SEVERAL_ENGINES);
  assert_true(S_has_diag(e, EC_ERROR, "its folders hold engines"));
  ec_engine_free(e);
}

/* A load run's Build Options echo defaults: not build facts. */
static void test_load_run_options(void **st) {
  (void)st;
  int s;
  ec_engine *e = S_path(FX "loadrun", &s);
  assert_int_equal(s, EC_LOAD_OK);
  assert_null(ec_kvs_get(&e->build_options, "Precision"));
  assert_string_equal(ec_kvs_get(&e->build_options, "Load engine"), "yolo-int8.engine");
  assert_int_equal(e->build_from_load_run, 1);
  ec_summary *sum = ec_summarize(e);
  char *p = ec_summary_build_precision(sum);
  assert_string_equal(p, "INT8 55.56% of layers, from the graph");
  free(p);
  ec_summary_free(sum);
  ec_engine_free(e);
  e = S_path(FX "runs/model-fp16.trt", &s);
  sum = ec_summarize(e);
  p = ec_summary_build_precision(sum);
  assert_string_equal(p, "FP32+FP16"); /* the build run's, not the load runs' FP32 */
  free(p);
  ec_summary_free(sum);
  ec_engine_free(e);
}

/* aux streams, the "Total" caveat and nsys, as stated by the run */
static void test_run_facts(void **st) {
  (void)st;
  int s;
  ec_engine *e = S_path(FX "aux-nsys/profiled.log", &s);
  assert_int_equal(s, EC_LOAD_OK);
  assert_int_equal(e->aux_streams, 2);
  assert_true(e->layer_sum_caveat);
  assert_string_equal(e->run_profiler, "nsys");
  assert_non_null(strstr(e->run_profiler_source, "profiled.log:57"));
  /* the warning is still kept as trtexec's note */
  int noted = 0;
  for (size_t i = 0; i < e->perf.notes.n; i++) noted |= strstr(e->perf.notes.v[i].val, "auxiliary streams") != NULL;
  assert_true(noted);
  ec_engine_free(e);
}

/* Polygraphy's inspect model text: I/O, profiles, memory, layers, tactics */
static void test_polygraphy(void **st) {
  (void)st;
  int s;
  ec_engine *e = S_path(FX "polygraphy/model.inspect.txt", &s);
  assert_int_equal(s, EC_LOAD_OK);
  assert_int_equal(e->files[0].kind, EC_FILE_POLYGRAPHY);
  assert_int_equal(e->n_layers, 9);
  assert_int_equal(e->n_bindings, 3);
  assert_string_equal(e->bindings[2].t.name, "z");
  assert_string_equal(e->bindings[2].t.precision, "INT64");
  assert_string_equal(e->layers[0].layer_type, "CaskConvolution");
  assert_string_equal(e->layers[0].type, "Convolution");
  assert_string_equal(e->layers[0].tactic_value, "0x6f9a4b1c2d3e5f70");
  assert_string_equal(e->layers[6].out[2].name, "y"); /* a three-tensor output block over three lines */
  assert_int_equal(e->layers[7].n_in, 2);
  assert_string_equal(ec_kvs_get(&e->memory, "Device Memory"), "206336 bytes");
  ec_engine_free(e);
  ec_load_opts o = {0};
  o.profile_index = 1;
  ec_engine *f = NULL;
  assert_int_equal(ec_load_engine(FX "polygraphy/io-only.inspect.txt", &o, &f), EC_LOAD_OK);
  assert_int_equal(f->n_layers, 0);
  assert_int_equal(f->n_bindings, 2);
  int n;
  const int64_t *mn = ec_binding_profile_shape(&f->bindings[0], 0, &n);
  assert_non_null(mn);
  assert_int_equal(mn[0], 32);
  ec_engine_free(f);
  /* malformed: a block that never closes, no crash, what was read kept */
  const char *bad = "[I] ==== TensorRT Engine ====\n    ---- 1 Engine Input(s) ----\n    {x [dtype=float32, shape=(1, 2\n";
  ec_engine *g = ec_engine_new("t");
  assert_int_equal(ec_load_polygraphy_text(g, "b.txt", bad, strlen(bad), NULL), 0);
  ec_load_finish(g, NULL);
  ec_engine_free(g);
}

/* one home per fact: a share keeps unknown unknown (never 0); the reduced
 * precisions and the counted precisions' spellings are precision_mix's */
static void test_one_home(void **state) {
  (void)state;
  assert_true(ec_share_pct(1, 4) == 25);
  assert_true(isnan(ec_share_pct(1, 0)));   /* no total: unknown, not 0 */
  assert_true(isnan(ec_share_pct(NAN, 4)));
  assert_true(isnan(ec_share_pct(1, NAN)));
  assert_true(ec_mix_reduced("FP16") && ec_mix_reduced("BF16") && ec_mix_reduced("FP8") && ec_mix_reduced("INT8") &&
              ec_mix_reduced("FP4") && ec_mix_reduced("INT4"));
  assert_false(ec_mix_reduced("FP32") || ec_mix_reduced("INT32") || ec_mix_reduced("Unknown") || ec_mix_reduced(NULL));
  assert_string_equal(ec_mix_precision("int8", 4), "INT8");
  assert_string_equal(ec_mix_precision("Bf16x", 4), "BF16");
  assert_null(ec_mix_precision("INT32", 5));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_pick_basis),        cmocka_unit_test(test_io_tensors_section),
      cmocka_unit_test(test_myelin_tensor_names), cmocka_unit_test(test_listing_11x),
      cmocka_unit_test(test_myelin_deconv_kernel), cmocka_unit_test(test_group_runs),
      cmocka_unit_test(test_several_engines),   cmocka_unit_test(test_load_run_options),
      cmocka_unit_test(test_run_facts),         cmocka_unit_test(test_polygraphy),
      cmocka_unit_test(test_one_home),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
