/* Unit tests for src/load: one test per input quirk, on inline fixtures. */
#include "testutil.h"
#include <math.h>
#include "facts/layer_math.h"
#include "facts/stats.h"
#include "facts/summary.h"
#include "load/load.h"
#include "load/internal.h"
#include "util/file.h"
#include "load/json.h"
#include "util/alloc.h"

/* Load graph/profile/timing texts (any may be NULL) into a new engine. */
static ec_engine *S_load(const char *graph, const char *profile, const char *timing, const ec_load_opts *o) {
  ec_engine *e = ec_engine_new("t");
  if (graph) ec_load_graph_text(e, "g.json", graph, strlen(graph), o);
  if (profile) ec_load_profile_text(e, "p.json", profile, strlen(profile), o);
  if (timing) ec_load_timing_text(e, "t.json", timing, strlen(timing), o);
  ec_load_finish(e, o);
  return e;
}

static int S_has_diag(const ec_engine *e, ec_severity sev, const char *needle) {
  for (size_t i = 0; i < e->diags.n; i++)
    if (e->diags.v[i].sev == sev && strstr(e->diags.v[i].msg, needle)) return 1;
  return 0;
}

static const ec_diag *S_find_diag(const ec_engine *e, const char *needle) {
  for (size_t i = 0; i < e->diags.n; i++)
    if (strstr(e->diags.v[i].msg, needle)) return &e->diags.v[i];
  return NULL;
}

#define T(name, lt, extra) \
  "{\"Name\":\"" name "\",\"LayerType\":\"" lt "\"" extra "}"
#define IO(in, out) \
  ",\"Inputs\":[" in "],\"Outputs\":[" out "]"
#define TEN(n, dims, fmt) "{\"Name\":\"" n "\",\"Location\":\"Device\",\"Dimensions\":" dims ",\"Format/Datatype\":\"" fmt "\"}"

static void test_graph_basic_and_bindings(void **st) {
  (void)st;
  const char *g = "{\"Layers\":[" T("conv", "CaskConvolution",
      IO(TEN("x", "[1,3,8,8]", "Row major linear FP32"), TEN("y", "[1,8,8,8]", "Row major linear FP32"))
      ",\"ParameterType\":\"Convolution\",\"Kernel\":[3,3],\"Groups\":1,\"OutMaps\":8,"
      "\"Weights\":{\"Type\":\"Float\",\"Count\":216},\"Bias\":{\"Type\":\"Float\",\"Count\":8},"
      "\"TacticName\":\"sm80_xmma_fprop\"") "],\"Bindings\":[\"x\",\"y\"]}";
  ec_engine *e = S_load(g, NULL, NULL, NULL);
  assert_int_equal(e->n_layers, 1);
  assert_int_equal(e->n_bindings, 2);
  const ec_layer *l = &e->layers[0];
  assert_string_equal(l->type, "Convolution");
  assert_string_equal(l->layer_type, "CaskConvolution");
  assert_string_equal(l->precision, "FP32");
  assert_true(l->weights_bytes_trex == 216 * 4);
  assert_true(l->weights_bytes == (216 + 8) * 4);
  assert_true(l->io_bytes == (192 + 512) * 4);
  ec_conv_math m = ec_conv_math_of(l);
  assert_true(m.known);
  assert_true(m.macs == 1.0 * 8 * 8 * 8 * 3 * 3 * 3); /* N*K*P*Q*C*R*S/G */
  assert_true(m.gemm_m == 64 && m.gemm_n == 8 && m.gemm_k == 27);
  ec_engine_free(e);
}

static void test_graph_list_root_missing_bindings_location(void **st) {
  (void)st;
  const char *g = "[" T("a", "kgen", ",\"Inputs\":[{\"Name\":\"x\",\"Dimensions\":[4],\"Format/Datatype\":\"Half\"}],\"Outputs\":[]") "]";
  ec_engine *e = S_load(g, NULL, NULL, NULL);
  assert_int_equal(e->n_layers, 1);
  assert_string_equal(e->layers[0].type, "kgen"); /* no ParameterType: LayerType */
  assert_string_equal(e->layers[0].precision, "FP16");
  assert_string_equal(e->layers[0].out_precision, "");
  assert_null(e->layers[0].in[0].location);
  /* no "Bindings": x, read and never written, is an inferred input */
  assert_int_equal(e->n_bindings, 1);
  assert_string_equal(e->bindings[0].t.name, "x");
  assert_int_equal(e->bindings[0].dir, EC_BIND_INPUT);
  assert_false(e->bindings[0].listed);
  ec_engine_free(e);
}

static void test_graph_names_only(void **st) {
  (void)st;
  ec_engine *e = S_load("{\"Layers\":[\"a\",\"b\"],\"Bindings\":[]}", NULL, NULL, NULL);
  assert_int_equal(e->n_layers, 2);
  assert_true(e->graph_names_only);
  assert_true(S_has_diag(e, EC_WARN, "names only"));
  assert_true(S_has_diag(e, EC_WARN, "--profilingVerbosity=detailed"));
  ec_engine_free(e);
}

static void test_graph_dynamic_dims(void **st) {
  (void)st;
  const char *g = "{\"Layers\":[" T("c", "CaskConvolution",
      IO(TEN("x", "[-1,3,8,8]", "Row major linear FP32"), TEN("y", "[-1,8,8,8]", "Row major linear FP32"))
      ",\"ParameterType\":\"Convolution\",\"Kernel\":[3,3]") "]}";
  ec_engine *e = S_load(g, NULL, NULL, NULL);
  const ec_layer *l = &e->layers[0];
  assert_true(l->in[0].volume < 0);
  assert_true(l->io_unknown);
  assert_true(l->io_bytes == 0); /* unknown, never negative */
  assert_false(ec_conv_math_of(l).known);
  assert_true(ec_layer_macs(l) < 0);
  ec_engine_free(e);
}

static void test_control_chars_and_duplicates(void **st) {
  (void)st;
  const char *g = "{\"Layers\":["
      T("a\\u001eb", "Reformat", ",\"Metadata\":\"[ONNX Layer: A]\\u001f[ONNX Layer: B]\"") ","
      T("dup", "Reformat", "") "," T("dup", "Reformat", "") "," T("dup", "Reformat", "") "]}";
  const char *p = "[{\"count\":2},"
      "{\"name\":\"a\\u001eb\",\"timeMs\":2,\"averageMs\":1,\"medianMs\":1,\"percentage\":10},"
      "{\"name\":\"dup\",\"timeMs\":2,\"averageMs\":1,\"medianMs\":1,\"percentage\":10},"
      "{\"name\":\"dup\",\"timeMs\":4,\"averageMs\":2,\"medianMs\":2,\"percentage\":20},"
      "{\"name\":\"dup\",\"timeMs\":6,\"averageMs\":3,\"medianMs\":3,\"percentage\":30}]";
  ec_engine *e = S_load(g, p, NULL, NULL);
  assert_int_equal(e->n_layers, 4);
  assert_string_equal(e->layers[0].name, "a+b");
  assert_int_equal(e->layers[0].n_metadata, 2);
  assert_string_equal(e->layers[0].metadata[1], "[ONNX Layer: B]");
  assert_string_equal(e->layers[2].name, "dup_2");
  assert_string_equal(e->layers[3].name, "dup_3");
  /* the profile side was disambiguated the same way before the join */
  assert_true(e->layers[1].avg_ms == 1 && e->layers[2].avg_ms == 2 && e->layers[3].avg_ms == 3);
  assert_int_equal(e->profile_unmatched, 0); /* "a\x1eb" is repaired on both sides, so it joins */
  assert_true(e->layers[0].avg_ms == 1);
  ec_engine_free(e);
}

static void test_noop_constant_shape_signal(void **st) {
  (void)st;
  const char *g = "{\"Layers\":["
      T("c1", "CaskConvolution", IO(TEN("x", "[1,4]", "Float"), TEN("t1", "[1,4]", "Float")))
      "," T("nop", "NoOp", IO(TEN("t1", "[1,4]", "Float"), TEN("t2", "[1,4]", "Float")))
      "," T("c2", "CaskConvolution", IO(TEN("t2", "[1,4]", "Float"), TEN("t3", "[1,4]", "Float")))
      "," T("last", "NoOp", IO(TEN("t3", "[1,4]", "Float"), TEN("out", "[1,4]", "Float")))
      "," T("k", "Constant", ",\"Outputs\":[],\"Weights\":{\"Type\":\"Half\",\"Count\":10}")
      "," T("s", "shape_call", "") "," T("sig", "signal", "") "," T("w", "wait", "") "," T("w2", "wait", "")
      "],\"Bindings\":[\"x\",\"out\"]}";
  ec_engine *e = S_load(g, NULL, NULL, NULL);
  assert_int_equal(e->n_layers, 2);
  assert_int_equal(e->n_noop, 2);
  assert_int_equal(e->n_constant, 1);
  assert_int_equal(e->n_shape_call, 1);
  assert_int_equal(e->n_signal_wait, 3); /* consecutive signal/wait all dropped (TREx kept some) */
  /* folding: c2 reads c1's output directly; c2's output takes the binding name */
  assert_string_equal(e->layers[1].in[0].name, "t1");
  assert_string_equal(e->layers[1].out[0].name, "out");
  ec_summary *s = ec_summarize(e);
  assert_true(s->weights_bytes == 20); /* Constant weights count in ours */
  assert_true(s->weights_bytes_trex == 0);
  ec_summary_free(s);
  ec_engine_free(e);
}

static void test_deconv_scale_trainstation(void **st) {
  (void)st;
  const char *g = "{\"Layers\":["
      T("d", "CaskDeconvolutionV2", ",\"ParameterType\":\"Convolution\"" IO(TEN("x", "[1,4,2,2]", "Row major linear FP32"), TEN("y", "[1,4,4,4]", "Row major linear FP32")))
      "," T("q", "Scale", ",\"ParameterType\":\"Scale\"" IO(TEN("y", "[1,4,4,4]", "Row major linear FP32"), TEN("z", "[1,4,4,4]", "Row major Int8 format")))
      "," T("ts", "TrainStation", ",\"Inputs\":[],\"Outputs\":[]") "]}";
  ec_engine *e = S_load(g, NULL, NULL, NULL);
  assert_string_equal(e->layers[0].type, "Deconvolution");
  assert_string_equal(e->layers[1].type, "Scale");
  assert_string_equal(e->layers[1].out_precision, "INT8");
  assert_string_equal(e->layers[2].precision, "None");
  assert_string_equal(e->layers[2].out_precision, "");
  ec_engine_free(e);
}

static void test_formats(void **st) {
  (void)st;
  struct { const char *f; const char *p, *pt; double b, bt; int known; } c[] = {
      {"Row major linear FP32", "FP32", "FP32", 4, 4, 1},
      {"Channel major FP16 format where channel % 8 == 0", "FP16", "FP16", 2, 2, 1},
      {"Thirty-two wide channel vectorized row major Int8 format", "INT8", "INT8", 1, 1, 1},
      {"Row major linear BFloat16 format", "BF16", "BF16", 2, 0, 1},
      {"BFloat16", "BF16", "FP32", 2, 2, 1},
      {"FP8", "FP8", "FP8", 1, 1, 1},
      {"Int4", "INT4", "INT4", 0.5, 0.5, 1},
      {"FP4E2M1", "FP4", "FP4", 0.5, 0.5, 1},
      {"Row major linear BOOL", "Bool", "Bool", 1, 0, 1},
      {"Row major linear FP16 format.", "FP16", "FP16", 2, 2, 1}, /* trailing dot stripped */
      {"Some future FP16 layout", "FP16", "Unknown", 2, 0, 0},
      {"Gibberish", "Unknown", "Unknown", 0, 0, 0},
  };
  for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
    ec_format_info fi = ec_format_classify(c[i].f, strlen(c[i].f));
    if (strcmp(fi.precision, c[i].p) || strcmp(fi.precision_trex, c[i].pt) || fi.bytes != c[i].b ||
        fi.bytes_trex != c[i].bt || fi.known != c[i].known)
      fail_msg("%s -> %s/%s %g/%g known=%d", c[i].f, fi.precision, fi.precision_trex, fi.bytes, fi.bytes_trex, fi.known);
  }
  /* unknown formats are warned about once per string, and counted */
  const char *g = "{\"Layers\":[" T("a", "X", IO(TEN("x", "[2]", "Weird"), TEN("y", "[2]", "Weird"))) "]}";
  ec_engine *e = S_load(g, NULL, NULL, NULL);
  size_t n = 0;
  for (size_t i = 0; i < e->diags.n; i++)
    if (strstr(e->diags.v[i].msg, "unknown tensor format \"Weird\" (2 tensors)")) n++;
  assert_int_equal(n, 1);
  ec_engine_free(e);
}

/* Generated duplicate-name suffixes never take a name that is in the list:
 * "same", "same", "same_2" were "same", "same_2", "same_2" (TREx's rule),
 * and the profile join gave one record's time to two layers and dropped
 * the third's. Now "same_3": three layers, three times. Without a
 * collision TREx's names stay ("x", "x" -> "x", "x_2"). */
static void test_duplicate_suffix_collision(void **st) {
  (void)st;
  const char *g = "{\"Layers\":[" T("same", "R", "") "," T("same", "R", "") "," T("same_2", "R", "") "," T("x", "R", "") ","
                  T("x", "R", "") "," T("same", "R", "") "]}";
  const char *p = "[{\"count\":1},"
                  "{\"name\":\"same\",\"timeMs\":1,\"averageMs\":1,\"percentage\":1},"
                  "{\"name\":\"same\",\"timeMs\":2,\"averageMs\":2,\"percentage\":2},"
                  "{\"name\":\"same_2\",\"timeMs\":4,\"averageMs\":4,\"percentage\":4},"
                  "{\"name\":\"x\",\"timeMs\":8,\"averageMs\":8,\"percentage\":8},"
                  "{\"name\":\"x\",\"timeMs\":16,\"averageMs\":16,\"percentage\":16},"
                  "{\"name\":\"same\",\"timeMs\":32,\"averageMs\":32,\"percentage\":32}]";
  ec_engine *e = S_load(g, p, NULL, NULL);
  assert_int_equal(e->n_layers, 6);
  static const char *const want[] = {"same", "same_3", "same_2", "x", "x_2", "same_4"};
  double sum = 0;
  for (size_t i = 0; i < 6; i++) {
    assert_string_equal(e->layers[i].name, want[i]);
    assert_true(e->layers[i].has_profile);
    assert_true(e->layers[i].avg_ms == (double)(1u << i));
    sum += e->layers[i].avg_ms;
  }
  assert_true(sum == 63);
  assert_int_equal(e->profile_unmatched, 0);
  ec_engine_free(e);
}

static void test_profile_variants_and_suffixes(void **st) {
  (void)st;
  const char *g = "{\"Layers\":[" T("a", "R", "") "," T("a [profile 12]", "R", "") "," T("b", "R", "") "]}";
  const char *p = "[{\"count\":5},"
      "{\"name\":\"a\",\"timeMs\":5,\"averageMs\":1,\"percentage\":50},"
      "{\"name\":\"a [profile 12]\",\"timeMs\":10,\"averageMs\":2,\"percentage\":50},"
      "{\"name\":\"ghost\",\"timeMs\":1,\"averageMs\":0.2,\"percentage\":1}]";
  ec_engine *e = S_load(g, p, NULL, NULL);
  assert_int_equal(e->n_layers, 2); /* profile 0: a, b */
  assert_int_equal(e->profile_count, 5);
  assert_false(e->layers[0].has_median); /* 4-key records (TRT 8.2) */
  assert_true(e->layers[0].avg_ms == 1);
  assert_int_equal(e->profile_unmatched, 1);
  assert_int_equal(e->layers_without_profile, 1);
  assert_true(S_has_diag(e, EC_WARN, "name no layer"));
  assert_true(S_has_diag(e, EC_WARN, "have no profile record"));
  ec_engine_free(e);
  ec_load_opts o = {0};
  o.profile_index = 12;
  e = S_load(g, p, NULL, &o);
  assert_int_equal(e->n_layers, 1);
  assert_string_equal(e->layers[0].name, "a");
  assert_true(e->layers[0].avg_ms == 2);
  ec_engine_free(e);
}

static void test_profile_only_engine(void **st) {
  (void)st;
  const char *p = "[{\"count\":1},{\"name\":\"Reformatting CopyNode for x\",\"timeMs\":1,\"averageMs\":1,\"medianMs\":1,\"percentage\":100}]";
  ec_engine *e = S_load(NULL, p, NULL, NULL);
  assert_true(ec_engine_usable(e));
  assert_int_equal(e->n_layers, 1);
  assert_string_equal(e->layers[0].type, "Reformat");
  assert_true(S_has_diag(e, EC_WARN, "no layer information"));
  ec_engine_free(e);
}

static void test_timing_fields_and_runs(void **st) {
  (void)st;
  const char *t = "[{\"startEnqMs\":1,\"endEnqMs\":1.5,\"h2dMs\":0.1,\"computeMs\":2,\"d2hMs\":0.2,\"latencyMs\":2.3},"
                  " {\"startEnqMs\":3,\"endEnqMs\":3.25,\"h2dMs\":0.1,\"computeMs\":4,\"d2hMs\":0.2,\"latencyMs\":4.3}]\n"
                  "[{\"latencyMs\":9},{\"latencyMs\":11},{\"latencyMs\":10}]";
  ec_engine *e = S_load(NULL, NULL, t, NULL);
  assert_int_equal(e->n_runs, 2);
  assert_int_equal(e->run, 1); /* default: the last run */
  assert_true(S_has_diag(e, EC_WARN, "2 runs"));
  ec_summary *s = ec_summarize(e);
  assert_int_equal(s->timing.count, 3);
  assert_true(s->timing.median == 10);
  ec_summary_free(s);
  ec_engine_free(e);
  ec_load_opts o = {0};
  o.run = 1;
  e = S_load(NULL, NULL, t, &o);
  s = ec_summarize(e);
  assert_int_equal(s->timing.count, 2);
  assert_true(fabs(s->enqueue.mean - 0.375) < 1e-12);
  assert_true(fabs(s->compute.median - 3) < 1e-12);
  assert_true(fabs(s->timing.mean - 3.3) < 1e-12);
  ec_summary_free(s);
  ec_engine_free(e);
}

static void test_timing_trt7(void **st) {
  (void)st;
  const char *t = "[{\"startEnqMs\":0.3,\"endEnqMs\":0.4,\"startInMs\":0.6,\"endInMs\":7.5,\"inMs\":0.08,\"computeMs\":6.8,"
                  "\"outMs\":0.03,\"latencyMs\":7.0,\"endToEndMs\":7.03}]";
  ec_engine *e = S_load(NULL, NULL, t, NULL);
  const ec_timing *tm = ec_engine_timing(e);
  assert_non_null(tm);
  assert_true(tm->legacy);
  assert_string_equal(tm->latency_field, "latencyMs");
  assert_true(tm->h2d[0] == 0.08 && tm->d2h[0] == 0.03);
  assert_true(S_has_diag(e, EC_INFO, "endToEndMs is not used"));
  ec_engine_free(e);
}

static void test_invalid_json_repair(void **st) {
  (void)st;
  const char *p = "[{\"count\":1},\n{\"name\":\"a\",\"timeMs\":1,\"averageMs\":1,\"medianMs\":nan,\"percentage\":inf},\n"
                  "{\"name\":\"say \"hi\" layer\",\"timeMs\":1,\"averageMs\":2,\"medianMs\":2,\"percentage\":5}]";
  ec_engine *e = S_load(NULL, p, NULL, NULL);
  assert_int_equal(e->n_layers, 2);
  assert_string_equal(e->layers[1].name, "say \"hi\" layer");
  const ec_diag *d = S_find_diag(e, "non-finite number");
  assert_non_null(d);
  assert_int_equal(d->line, 2);
  assert_int_equal(d->col, 49);
  d = S_find_diag(e, "unescaped");
  assert_non_null(d);
  assert_int_equal(d->line, 3);
  assert_int_equal(d->col, 14);
  ec_engine_free(e);
  /* unrepairable: an error with line and column, nothing loaded */
  e = S_load("{\"Layers\": [\n  {\"Name\": \"x\",,}\n]}", NULL, NULL, NULL);
  d = S_find_diag(e, "invalid JSON");
  assert_non_null(d);
  assert_int_equal(d->sev, EC_ERROR);
  assert_int_equal(d->line, 2);
  assert_true(d->col > 1);
  assert_false(ec_engine_usable(e));
  ec_engine_free(e);
}

/* A JSON text of PREFIX, then n copies of ITEM separated by ",\n", then
 * SUFFIX (caller frees). */
static char *S_repeat(const char *prefix, const char *item, size_t n, const char *suffix, size_t *len) {
  size_t pl = strlen(prefix), il = strlen(item), sl = strlen(suffix);
  *len = pl + n * (il + 2) + sl;
  char *t = ec_malloc(*len + 1), *p = t;
  memcpy(p, prefix, pl), p += pl;
  for (size_t i = 0; i < n; i++) {
    memcpy(p, item, il), p += il;
    if (i + 1 < n) memcpy(p, ",\n", 2), p += 2;
  }
  memcpy(p, suffix, sl), p += sl;
  *p = '\0';
  *len = (size_t)(p - t);
  return t;
}

/* The scan before jansson: lists over their budget (util/budget.h: a
 * graph's layers, bindings and tensors by their keys, the document list by
 * the file's kind), and a text whose tree would cost more than
 * EC_JSON_TREE_FACTOR times its size, are refused at the value that
 * crossed the line, before any tree is built (before: jansson built the
 * whole tree first). */
static void test_json_bounds_before_parse(void **st) {
  (void)st;
  ec_diags d = {0};
  ec_json_doc doc;
  size_t len;
  /* one layer more than the limit (names-only layers, whose tree costs
   * under 12 times their text): refused at its line, the limit named */
  static const char name[] = "\"/backbone/layer1/block3/conv2/Conv + /backbone/Relu\"";
  char *t = S_repeat("{\"Layers\": [\n", name, EC_MAX_LAYERS + 1, "], \"x\": [[1,2,3,4]]}", &len);
  assert_int_equal(ec_json_parse("g.json", t, len, EC_BUDGET_LAYERS, &d, &doc), -1);
  assert_int_equal(d.n, 1);
  assert_int_equal(d.v[0].line, EC_MAX_LAYERS + 2);
  assert_int_equal(d.v[0].col, 1);
  assert_string_equal(d.v[0].msg, "more than 500000 layers is over the limit of one input file; the file is not read");
  ec_diags_free(&d);
  free(t);
  /* at the limit: read */
  t = S_repeat("{\"Layers\": [\n", name, EC_MAX_LAYERS, "]}", &len);
  assert_int_equal(ec_json_parse("g.json", t, len, EC_BUDGET_LAYERS, &d, &doc), 0);
  ec_json_doc_free(&doc);
  free(t);
  /* the same list as a bare document: the caller's budget */
  t = S_repeat("[", name, EC_MAX_PROFILE_ROWS + 1, "]", &len);
  assert_int_equal(ec_json_parse("p.json", t, len, EC_BUDGET_PROFILE_ROWS, &d, &doc), -1);
  assert_non_null(strstr(d.v[0].msg, "more than 500000 profile records is over the limit"));
  ec_diags_free(&d);
  /* ... which a metadata file (no budget of its own) does not have */
  assert_int_equal(ec_json_parse("m.json", t, len, EC_BUDGET_LIST, &d, &doc), 0);
  ec_json_doc_free(&doc);
  free(t);
  /* TensorRT 11's I/O Tensors and the Bindings list are bindings, together */
  t = S_repeat("{\"Bindings\": [\"a\", \"b\"], \"I/O Tensors\": [", name, EC_MAX_BINDINGS - 1, "]}", &len);
  assert_int_equal(ec_json_parse("g.json", t, len, EC_BUDGET_LAYERS, &d, &doc), -1);
  assert_non_null(strstr(d.v[0].msg, "more than 100000 bindings is over the limit"));
  ec_diags_free(&d);
  free(t);
  /* every layer's Inputs, Outputs and Constants together are the tensors */
  char layer[2048] = "{\"Inputs\": [";
  for (int k = 0; k < 20; k++) /* 10 inputs, then 10 outputs */
    snprintf(layer + strlen(layer), sizeof layer - strlen(layer), "%s%s", name,
             k == 9 ? "], \"Outputs\": [" : k == 19 ? "]}" : ", ");
  t = S_repeat("{\"Layers\": [", layer, EC_MAX_TENSORS / 20 + 1, "]}", &len);
  assert_int_equal(ec_json_parse("g.json", t, len, EC_BUDGET_LAYERS, &d, &doc), -1);
  assert_non_null(strstr(d.v[0].msg, "more than 2000000 tensors is over the limit"));
  ec_diags_free(&d);
  free(t);
  /* other lists are held to EC_MAX_RECORDS each only */
  const char *deep = "{\"x\": [[1,2,3,4]], \"Layers\": [[1,2,3,4]]}";
  assert_int_equal(ec_json_parse("g.json", deep, strlen(deep), EC_BUDGET_LAYERS, &d, &doc), 0);
  ec_json_doc_free(&doc);
  t = S_repeat("{\"x\": [", "0", EC_MAX_RECORDS + 1, "]}", &len);
  assert_int_equal(ec_json_parse("m.json", t, len, EC_BUDGET_LIST, &d, &doc), -1);
  assert_int_equal(d.v[0].line, EC_MAX_RECORDS + 1);
  assert_string_equal(d.v[0].msg, "more than 10000000 elements is over the limit of one input file; the file is not read");
  ec_diags_free(&d);
  free(t);
  /* 70 MB of "{}," cost 240 bytes for every 3: over 12 times the file */
  size_t k = ((size_t)70 << 20) / 3;
  len = 1 + 3 * k + 3;
  char *big = ec_malloc(len + 1);
  big[0] = '[';
  for (size_t i = 0; i < k; i++) memcpy(big + 1 + 3 * i, "{},", 3);
  memcpy(big + 1 + 3 * k, "{}]", 4);
  assert_int_equal(ec_json_parse("b.json", big, len, EC_BUDGET_LIST, &d, &doc), -1);
  assert_non_null(strstr(d.v[0].msg, "more than 12 times the file's size"));
  ec_diags_free(&d);
  free(big);
}

/* Invalid UTF-8 bytes in a JSON file are read as U+FFFD with one warning
 * that counts them (before: jansson refused the byte and the whole file was
 * thrown away). */
static void test_invalid_utf8_json(void **st) {
  (void)st;
  ec_engine *e = S_load("{\"Layers\": [" T("a\xff", "R", "") ",\n" T("b\xc3", "R", "") "," T("c\xfe\xfe", "R", "") "]}",
                        NULL, NULL, NULL);
  assert_int_equal(e->n_layers, 3);
  assert_string_equal(e->layers[0].name, "a\xEF\xBF\xBD");
  assert_string_equal(e->layers[1].name, "b\xEF\xBF\xBD");
  assert_string_equal(e->layers[2].name, "c\xEF\xBF\xBD\xEF\xBF\xBD");
  const ec_diag *d = S_find_diag(e, "4 bytes of invalid UTF-8 read as U+FFFD");
  assert_non_null(d);
  assert_int_equal(d->sev, EC_WARN);
  assert_int_equal(d->line, 1);
  assert_int_equal(d->col, 23); /* {"Layers": [{"Name":"a| */
  assert_true(ec_engine_usable(e));
  ec_engine_free(e);
}

static void test_nul_in_names(void **st) {
  (void)st;
  const char *g = "{\"Layers\":[" T("a\\u0000b", "R", "") "]}";
  ec_engine *e = S_load(g, NULL, NULL, NULL);
  assert_int_equal(e->n_layers, 1);
  assert_int_equal(e->layers[0].name_len, 3);
  assert_memory_equal(e->layers[0].name, "a\0b", 3);
  ec_engine_free(e);
}

static void test_layer_dump_segments(void **st) {
  (void)st;
  const char *g = "--- Layer 0 ---\n{\"Name\":\"a\",\"LayerType\":\"kgen\"}\n--- Layer 1 ---\n{\"Name\":\"b\",\"LayerType\":\"gemm\"}\n";
  ec_engine *e = S_load(g, NULL, NULL, NULL);
  assert_int_equal(e->n_layers, 2);
  assert_true(S_has_diag(e, EC_WARN, "--- Layer N ---"));
  ec_engine_free(e);
}

static void test_metadata_lists(void **st) {
  (void)st;
  ec_engine *e = ec_engine_new("m");
  const char *m5 = "{\"performance_summary\":{\"Throughput\":10,\"Latency\":[1,5,2,1.5,4.5]}}";
  assert_int_equal(ec_load_meta_text(e, "m.json", m5, strlen(m5), NULL), 0);
  assert_true(ec_stats_get(&e->perf.latency, "p99") == 4.5);
  assert_true(isnan(ec_stats_get(&e->perf.latency, "p90")));
  ec_engine_free(e);
  e = ec_engine_new("m");
  const char *m7 = "{\"performance_summary\":{\"Latency\":[1,5,2,1.5,3,4,4.5]},"
                   "\"device_information\":{\"Selected Device\":\"GPU X\",\"Memory Bus Width\":\"192 bits (ECC disabled)\","
                   "\"Application Memory Clock Rate\":\"7.001 GHz\",\"SMs\":\"30\"}}";
  ec_load_meta_text(e, "m.json", m7, strlen(m7), NULL);
  assert_true(ec_stats_get(&e->perf.latency, "p90") == 3);
  assert_true(ec_stats_get(&e->perf.latency, "p95") == 4);
  assert_string_equal(e->device.name, "GPU X");
  assert_true(e->device.bus_width_bits == 192 && e->device.sms == 30 && e->device.memory_clock_ghz == 7.001);
  ec_engine_free(e);
  e = ec_engine_new("m");
  const char *mp = "{\"inference_options\":{\"Percentiles\":\"50,99.9\"},\"performance_summary\":{\"Latency\":[1,5,2,1.5,1.6,4.9]}}";
  ec_load_meta_text(e, "m.json", mp, strlen(mp), NULL);
  assert_true(ec_stats_get(&e->perf.latency, "p50") == 1.6);
  assert_true(ec_stats_get(&e->perf.latency, "p99.9") == 4.9);
  ec_engine_free(e);
}

static void test_sniff(void **st) {
  (void)st;
  assert_int_equal(ec_sniff("{\"Layers\":[]}", 13), EC_FILE_GRAPH);
  assert_int_equal(ec_sniff("  [ {\"count\" : 3}]", 19), EC_FILE_PROFILE);
  assert_int_equal(ec_sniff("[{\"startEnqMs\":1}]", 18), EC_FILE_TIMING);
  assert_int_equal(ec_sniff("{\"build_options\":{}}", 20), EC_FILE_BUILD_META);
  assert_int_equal(ec_sniff("{\"performance_summary\":{}}", 26), EC_FILE_PROFILE_META);
  assert_int_equal(ec_sniff("[{\"Name\":\"GPU\",\"ComputeCapability\":[8,0]}]", 42), EC_FILE_DEVICE_META);
  assert_int_equal(ec_sniff("hello world", 11), EC_FILE_UNKNOWN);
  assert_int_equal(ec_sniff("", 0), EC_FILE_UNKNOWN);
}

static void test_percentile_rule(void **st) {
  (void)st;
  double v[100];
  for (int i = 0; i < 100; i++) v[i] = i + 1;
  /* n=100, p99: in float32 (1-0.99)*100 = 0.99999 -> int 0 -> index 99 (trtexec) */
  assert_true(ec_percentile_trt(v, 100, 99) == 100);
  assert_true(ec_percentile_trt(v, 100, 90) == 90);
  assert_true(ec_percentile_trt(v, 1, 99) == 1);
  ec_sample_stats s;
  ec_sample_stats_compute(v, 4, &s);
  assert_true(s.median == 2.5);
  ec_sample_stats_compute(v, 0, &s);
  assert_int_equal(s.count, 0);
}

static void test_discovery_prefix_dir_name(void **st) {
  (void)st;
  char dir[] = "/tmp/ec_test_XXXXXX";
  assert_non_null(mkdtemp(dir));
  char p[512];
  snprintf(p, sizeof p, "%s/m.engine.graph.json", dir);
  FILE *f = fopen(p, "w");
  fputs("{\"Layers\":[{\"Name\":\"a\",\"LayerType\":\"R\"}]}", f);
  fclose(f);
  snprintf(p, sizeof p, "%s/m.engine.weird.txt", dir); /* content decides, not the name */
  f = fopen(p, "w");
  fputs("[{\"count\":1},{\"name\":\"a\",\"timeMs\":1,\"averageMs\":1,\"percentage\":100}]", f);
  fclose(f);
  snprintf(p, sizeof p, "%s/m.engine", dir);
  ec_engine *e = NULL;
  assert_int_equal(ec_load_engine(p, NULL, &e), 0);
  assert_string_equal(e->name, "m.engine");
  assert_true(e->has_profile && e->layers[0].avg_ms == 1);
  ec_engine_free(e);
  char spec[600];
  snprintf(spec, sizeof spec, "Nice=%s", dir);
  assert_int_equal(ec_load_engine(spec, NULL, &e), 0);
  assert_string_equal(e->name, "Nice");
  assert_int_equal(e->n_layers, 1);
  ec_engine_free(e);
  snprintf(p, sizeof p, "%s/nothing-here", dir);
  assert_int_equal(ec_load_engine(p, NULL, &e), EC_LOAD_IO_ERROR);
  ec_engine_free(e);
  char cmd[600];
  snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
  assert_int_equal(system(cmd), 0);
}

static void test_names_only_graph_with_log_listing(void **st) {
  (void)st;
  /* TensorRT without detailed verbosity: names only in the graph, but the
   * verbose build log lists each layer's type and tensors */
  ec_engine *e = ec_engine_new("t");
  const char *g = "{\"Layers\":[\"conv1\",\"pool\",\"k\"],\"Bindings\":[\"x\",\"y\"]}";
  ec_load_graph_text(e, "g.json", g, strlen(g), NULL);
  const char *log =
      "[11/21/2026-10:00:00] [I] [TRT] Engine Layer Information:\n"
      "[11/21/2026-10:00:00] [I] [TRT] Layer(CaskConvolution): conv1, Tactic: 0x0000000000000001, x (Float[1,3,8,8]) -> c (Float[1,8,8,8])\n"
      "[11/21/2026-10:00:00] [I] [TRT] Layer(CaskPooling): pool, Tactic: 0x0000000000000002, c (Float[1,8,8,8]) -> y (Float[1,8,4,4])\n"
      "[11/21/2026-10:00:00] [I] [TRT] Layer(Constant): k, Tactic: 0x0000000000000000,  -> w (Float[8])\n";
  ec_load_log_text(e, "build.log", log, strlen(log), NULL);
  ec_load_finish(e, NULL);
  assert_int_equal(e->n_layers, 2);
  assert_int_equal(e->n_constant, 1);
  assert_string_equal(e->layers[0].name, "conv1");
  assert_string_equal(e->layers[0].type, "Convolution"); /* ParameterType inferred from the LayerType */
  assert_string_equal(e->layers[0].layer_type, "CaskConvolution");
  assert_string_equal(e->layers[0].precision, "FP32");
  assert_string_equal(e->layers[1].type, "Pooling");
  assert_false(e->graph_names_only);
  assert_false(S_has_diag(e, EC_WARN, "names only"));
  ec_engine_free(e);
}

/* ---- bindings: one list, direction from who writes the tensor ------------ */

static ec_engine *S_fixture(const char *name) {
  char path[256];
  snprintf(path, sizeof path, "tests/fixtures/bindings/%s.graph.json", name);
  return ec_test_load(path);
}

/* binding i is name, dir, listed, and (when dim0 >= 0) of ndims dims starting with dim0 */
static void S_bind_is(const ec_engine *e, size_t i, const char *name, ec_bind_dir dir, int listed, int ndims, int64_t dim0) {
  assert_true(i < e->n_bindings);
  const ec_binding *b = &e->bindings[i];
  assert_string_equal(b->t.name, name);
  assert_int_equal(b->dir, dir);
  assert_int_equal(b->listed, listed);
  assert_ptr_equal(ec_engine_binding(e, name, strlen(name)), b);
  if (ndims < 0) {
    assert_false(b->described);
    return;
  }
  assert_true(b->described);
  assert_int_equal(b->t.ndims, ndims);
  assert_true(b->t.dims[0] == dim0);
  assert_non_null(b->t.precision);
}

static const ec_layer *S_layer(const ec_engine *e, const char *name) {
  for (size_t i = 0; i < e->n_layers; i++)
    if (!strcmp(e->layers[i].name, name)) return &e->layers[i];
  fail_msg("no layer %s", name);
  return NULL;
}

static void test_bindings_output_read_later(void **st) {
  (void)st;
  /* (a) logits is an output that a later layer also reads */
  ec_engine *e = S_fixture("out-read");
  assert_int_equal(e->n_bindings, 3);
  S_bind_is(e, 0, "x", EC_BIND_INPUT, 1, 4, 1);
  S_bind_is(e, 1, "logits", EC_BIND_OUTPUT, 1, 4, 1);
  S_bind_is(e, 2, "boxes", EC_BIND_OUTPUT, 1, 2, 1);
  assert_string_equal(e->bindings[2].t.precision, "FP32");
  assert_null(ec_engine_binding(e, "logits_fp32", 11));
  ec_engine_free(e);
}

static void test_bindings_noop_output(void **st) {
  (void)st;
  /* (b) out: one NoOp after head, whose output side also reads; y: two
   * NoOps after tail. Both are outputs, carried to the real producer, and
   * every reader of the carried tensor follows it. */
  ec_engine *e = S_fixture("noop-out");
  assert_int_equal(e->n_layers, 3);
  assert_int_equal(e->n_bindings, 3);
  S_bind_is(e, 1, "out", EC_BIND_OUTPUT, 1, 4, 1);
  S_bind_is(e, 2, "y", EC_BIND_OUTPUT, 1, 4, 1);
  assert_string_equal(S_layer(e, "head")->out[0].name, "out");
  assert_string_equal(S_layer(e, "side")->in[0].name, "out"); /* not the vanished "h" */
  assert_string_equal(S_layer(e, "tail")->out[0].name, "y");   /* through copy2 and copy3 */
  ec_engine_free(e);
}

/* Item: a binding's shape is the one of the tensor that bears its name,
 * whoever writes it: an output behind a folded NoOp reshape is [1,1000],
 * not the [1,1000,1,1] its producer wrote; an input a NoOp reshapes first is
 * the input as given. */
static void test_bindings_shape_of_binding_tensor(void **st) {
  (void)st;
  const char *g = "{\"Layers\":["
      T("flat", "NoOp", IO(TEN("x", "[1,3,8,8]", "Row major linear FP16 format"),
                           TEN("xr", "[1,192,1,1]", "Row major linear FP16 format")))
      "," T("fc", "CaskConvolution", IO(TEN("xr", "[1,192,1,1]", "Channel major FP16 format where channel % 8 == 0"),
                                       TEN("h", "[1,1000,1,1]", "Channel major FP16 format where channel % 8 == 0")))
      "," T("squeeze", "NoOp", IO(TEN("h", "[1,1000,1,1]", "Row major linear FP16 format"),
                                 TEN("out", "[1,1000]", "Row major linear FP16 format")))
      "],\"Bindings\":[\"x\",\"out\"]}";
  ec_engine *e = S_load(g, NULL, NULL, NULL);
  S_bind_is(e, 0, "x", EC_BIND_INPUT, 1, 4, 1);
  assert_int_equal(e->bindings[0].t.dims[1], 3);
  S_bind_is(e, 1, "out", EC_BIND_OUTPUT, 1, 2, 1);
  assert_int_equal(e->bindings[1].t.dims[1], 1000);
  assert_string_equal(e->bindings[1].t.format, "Row major linear FP16 format");
  assert_string_equal(S_layer(e, "fc")->out[0].name, "out"); /* still carried to the producer */
  ec_engine_free(e);
}

/* A log's "Created output binding for X with dimensions ..." (8.x-10.x) or
 * "Output binding for X with dimensions ... and type fp32 is created."
 * (10.16+, 11.x) is the truth: it names the bindings when the layer
 * information has no list, replaces a shape that cannot be the tensor, and
 * leaves a dynamic (-1) shape that agrees with the run as the engine gives it. */
static void test_bindings_from_log_lines(void **st) {
  (void)st;
  const char *g = "{\"Layers\":["
      T("conv", "CaskConvolution", IO(TEN("x", "[-1,3,8,8]", "Row major linear FP32 format"),
                                      TEN("y", "[-1,10,1,1]", "Row major linear FP32 format")))
      "," T("post", "CaskPooling", IO(TEN("y", "[-1,10,1,1]", "Row major linear FP32 format"),
                                      TEN("stray", "[-1,1]", "Row major linear FP32 format")))
      "]}";
  const char *log =
      "&&&& RUNNING TensorRT.trtexec [TensorRT v8601] # trtexec --loadEngine=m.engine\n"
      "[I] Created input binding for x with dimensions 4x3x8x8\n"
      "[I] Output binding for y with dimensions 4x10 and type fp16 is created.\n"
      "&&&& PASSED TensorRT.trtexec [TensorRT v8601] # trtexec --loadEngine=m.engine\n";
  ec_engine *e = ec_engine_new("t");
  ec_load_graph_text(e, "g.json", g, strlen(g), NULL);
  ec_load_log_text(e, "run.log", log, strlen(log), NULL);
  ec_load_finish(e, NULL);
  assert_int_equal(e->n_bindings, 2); /* not the inferred "stray" */
  S_bind_is(e, 0, "x", EC_BIND_INPUT, 1, 4, -1);
  S_bind_is(e, 1, "y", EC_BIND_OUTPUT, 1, 2, 4);
  assert_int_equal(e->bindings[1].t.dims[1], 10);
  assert_true(S_has_diag(e, EC_INFO, "the log's shape is used"));
  ec_engine_free(e);
  /* a binding no layer describes takes the log's shape and type */
  e = ec_engine_new("t");
  const char *g2 = "{\"Layers\":[\"a\"],\"Bindings\":[\"in\",\"out\"]}";
  const char *log2 = "[I] Input binding for in with dimensions 1x1x28x28 and type fp32 is created.\n"
                     "[I] Output binding for out with dimensions 1 and type int64 is created.\n";
  ec_load_graph_text(e, "g.json", g2, strlen(g2), NULL);
  ec_load_log_text(e, "run.log", log2, strlen(log2), NULL);
  ec_load_finish(e, NULL);
  S_bind_is(e, 0, "in", EC_BIND_INPUT, 1, 4, 1);
  S_bind_is(e, 1, "out", EC_BIND_OUTPUT, 1, 1, 1);
  assert_string_equal(e->bindings[1].t.precision, "INT64");
  ec_engine_free(e);
}

/* TensorRT 11 splits a tensor's Format/Datatype in two keys ("Format":
 * "(Linear) Row major linear format", "Datatype" or "DataType": "Float"):
 * the tensor reads as the TensorRT 10 string it stands for, whatever the
 * order or case of the keys; a layout no table knows keeps the type of its
 * Datatype, without a warning; a combined key wins in a mixed file. */
static void test_trt11_split_format_keys(void **st) {
  (void)st;
  static const struct {
    const char *split, *combined;
  } cases[] = {
      {"\"Format\":\"(Linear) Row major linear format\",\"Datatype\":\"Float\"", "Row major linear FP32"},
      {"\"DataType\":\"Half\",\"Format\":\"(Linear) Row major linear format\"", "Row major linear FP16 format"},
      {"\"Format\":\"(NHWC8) Channel major format where channel % 8 == 0\",\"DataType\":\"Half\"",
       "Channel major FP16 format where channel % 8 == 0"},
      {"\"Format\":\"(CHW32) Thirty-two wide channel vectorized row major format\",\"Datatype\":\"Int8\"",
       "Thirty-two wide channel vectorized row major Int8 format"},
      {"\"Format\":\"Row major format where column stride % 64 == 0\",\"Datatype\":\"Int8\"",
       "Row major INT8 format where column stride % 64 == 0"},
      {"\"Format\":\"(NHWC8) Channel major format where channel % 8 == 0\",\"Datatype\":\"BFloat16\"",
       "Channel major BFloat16 format where channel % 8 == 0"},
      {"\"Datatype\":\"Half\"", "Half"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    char g[1024], h[1024];
    snprintf(g, sizeof g, "{\"Layers\":[{\"Name\":\"a\",\"LayerType\":\"Reformat\",\"Inputs\":[{\"Name\":\"x\","
             "\"Dimensions\":[1,16,8,8],%s}],\"Outputs\":[]}]}", cases[i].split);
    snprintf(h, sizeof h, "{\"Layers\":[{\"Name\":\"a\",\"LayerType\":\"Reformat\",\"Inputs\":[{\"Name\":\"x\","
             "\"Dimensions\":[1,16,8,8],\"Format/Datatype\":\"%s\"}],\"Outputs\":[]}]}", cases[i].combined);
    ec_engine *e = S_load(g, NULL, NULL, NULL), *f = S_load(h, NULL, NULL, NULL);
    const ec_tensor *a = &e->layers[0].in[0], *b = &f->layers[0].in[0];
    assert_string_equal(a->format, cases[i].combined);
    assert_string_equal(a->format_short, b->format_short);
    assert_string_equal(a->precision, b->precision);
    assert_string_equal(a->precision_trex, b->precision_trex);
    assert_true(a->elem_bytes == b->elem_bytes && a->elem_bytes_trex == b->elem_bytes_trex);
    assert_false(S_has_diag(e, EC_WARN, "unknown tensor format"));
    ec_engine_free(e);
    ec_engine_free(f);
  }
  /* a layout TREx's table does not know: the joined string, the Datatype's type, no warning */
  ec_engine *e = S_load("{\"Layers\":[{\"Name\":\"a\",\"LayerType\":\"kgen\",\"Inputs\":[{\"Name\":\"x\",\"Dimensions\":[4,2],"
                        "\"Format\":\"(Transposed) Transposed format\",\"Datatype\":\"UInt64\"},{\"Name\":\"z\",\"Dimensions\":[2],"
                        "\"Datatype\":\"Half\",\"Format/Datatype\":\"Row major linear FP32\"}],\"Outputs\":[]}]}",
                        NULL, NULL, NULL);
  assert_string_equal(e->layers[0].in[0].format, "Transposed UInt64 format");
  assert_string_equal(e->layers[0].in[0].precision, "UINT64");
  assert_true(e->layers[0].in[0].elem_bytes == 8);
  assert_string_equal(e->layers[0].in[1].format, "Row major linear FP32"); /* the combined key wins */
  assert_false(S_has_diag(e, EC_WARN, "unknown tensor format"));
  ec_engine_free(e);
}

/* TensorRT 11's root "I/O Tensors" replace "Bindings": direction, shape,
 * type, location and shape-tensor flag come from there, with every
 * optimisation profile's min/opt/max (--profile-index picks the one in
 * use); a custom_layer's L2-cache buffers (read, written by nobody, not an
 * I/O tensor) are neither bindings, weights nor I/O traffic; "Constants"
 * are weights, each distinct tensor once; root ProfilingVerbosity and
 * Engine Metadata are no trouble. */
static void test_trt11_io_tensors_and_constants(void **st) {
  (void)st;
  for (int pidx = 0; pidx < 2; pidx++) {
    ec_engine *e = NULL;
    ec_load_opts o = {0};
    o.profile_index = pidx;
    assert_int_equal(ec_load_engine("tests/fixtures/trt11/hand.graph.json", &o, &e), 0);
    /* the L2-cache custom_layer is engine-internal: set aside, not a layer */
    assert_int_equal(e->n_layers, 3);
    assert_int_equal(e->n_internal, 1);
    assert_int_equal(e->n_bindings, 3);
    S_bind_is(e, 0, "x", EC_BIND_INPUT, 1, 4, -1);
    S_bind_is(e, 1, "shape", EC_BIND_INPUT, 1, 1, 2);
    S_bind_is(e, 2, "y", EC_BIND_OUTPUT, 1, 2, -1);
    const ec_binding *x = &e->bindings[0], *sh = &e->bindings[1], *y = &e->bindings[2];
    assert_string_equal(x->t.precision, "FP16");
    assert_string_equal(x->t.format, "Channel major FP16 format where channel % 8 == 0");
    assert_int_equal(x->n_profiles, 2);
    assert_ptr_equal(x->profile, &x->profiles[pidx]);
    int n;
    const int64_t *mn = ec_binding_profile_shape(x, 0, &n), *mx = ec_binding_profile_shape(x, 2, &n);
    assert_int_equal(n, 4);
    assert_int_equal(mn[0], pidx ? 16 : 1);
    assert_int_equal(mx[0], pidx ? 64 : 8);
    assert_int_equal(x->shape_io, 0);
    assert_int_equal(sh->shape_io, 1);
    assert_string_equal(sh->t.location, "Host");
    assert_string_equal(sh->t.precision, "INT64");
    assert_null(ec_binding_profile_shape(y, 0, &n)); /* an output's entries: the format only */
    assert_string_equal(y->profiles[1].format, "Row major linear FP16 format (kLINEAR)");
    assert_null(ec_engine_binding(e, "l2_cache_policy_inputs_0_myl0", 29));
    ec_summary *s = ec_summarize(e);
    /* weights: Weights 216 + Bias 8 FP16, Constants fc.weight 512x10 and the shared dconst 8x512 once */
    assert_true(s->nums.weights_bytes == 2 * (216 + 8) + 2 * (5120 + 4096));
    assert_int_equal(s->nums.n_const, 2);
    /* the custom_layer is set aside: none of its buffers is a layer's I/O */
    assert_int_equal(s->nums.n, 3);
    assert_int_equal(e->n_hidden, 1);
    assert_string_equal(e->hidden[0].layer_type, "custom_layer");
    assert_false(S_has_diag(e, EC_WARN, ""));
    ec_summary_free(s);
    ec_engine_free(e);
  }
  /* a mixed file: Bindings and I/O Tensors both read, each name once, the I/O facts applied */
  ec_engine *m = S_load("{\"Layers\":[" T("a", "CaskPooling", IO(TEN("x", "[1,4]", "Row major linear FP32"),
                                                                   TEN("y", "[1,4]", "Row major linear FP32")))
                        "],\"Bindings\":[\"x\",\"y\"],\"I/O Tensors\":[{\"Name\":\"x\",\"IOMode\":\"Input\","
                        "\"IsShapeInferenceIO\":false,\"Location\":\"Host\",\"ProfileInfo\":[{\"MinShape\":[1,4],"
                        "\"OptShape\":[1,4],\"MaxShape\":[1,4]}]}]}",
                        NULL, NULL, NULL);
  assert_int_equal(m->n_bindings, 2);
  S_bind_is(m, 0, "x", EC_BIND_INPUT, 1, 2, 1);
  assert_string_equal(m->bindings[0].t.location, "Host");
  assert_int_equal(m->bindings[0].n_profiles, 1);
  assert_int_equal(m->bindings[1].shape_io, -1);
  ec_engine_free(m);
  /* no I/O Tensors (a bare list): the buffers of a layer that writes nothing are not inferred inputs */
  ec_engine *e = S_load("[{\"Name\":\"c\",\"LayerType\":\"custom_layer\",\"Inputs\":[{\"Name\":\"l2\",\"Dimensions\":[4],"
                        "\"Datatype\":\"UInt8\"}],\"Constants\":[],\"Outputs\":[]},{\"Name\":\"k\",\"LayerType\":\"kgen\","
                        "\"Inputs\":[{\"Name\":\"x\",\"Dimensions\":[1,4],\"Datatype\":\"Float\"}],\"Constants\":[],"
                        "\"Outputs\":[{\"Name\":\"y\",\"Dimensions\":[1,4],\"Datatype\":\"Float\"}]}]",
                        NULL, NULL, NULL);
  assert_int_equal(e->n_bindings, 2);
  S_bind_is(e, 0, "x", EC_BIND_INPUT, 0, 2, 1);
  S_bind_is(e, 1, "y", EC_BIND_OUTPUT, 0, 2, 1);
  ec_engine_free(e);
}

static void test_bindings_input_many_readers(void **st) {
  (void)st;
  /* (c) x is read by three layers: one input binding */
  ec_engine *e = S_fixture("in-multi");
  assert_int_equal(e->n_bindings, 2);
  S_bind_is(e, 0, "x", EC_BIND_INPUT, 1, 2, 2);
  S_bind_is(e, 1, "y", EC_BIND_OUTPUT, 1, 2, 2);
  ec_engine_free(e);
}

static void test_bindings_inferred_without_list(void **st) {
  (void)st;
  /* (d) no "Bindings": x (read, never written) in, logits (written, never
   * read) out; the Myelin constant (Location None) is weights, not an input */
  ec_engine *e = S_fixture("no-bindings");
  assert_int_equal(e->n_bindings, 2);
  S_bind_is(e, 0, "x", EC_BIND_INPUT, 0, 2, -1);
  S_bind_is(e, 1, "logits", EC_BIND_OUTPUT, 0, 2, -1);
  assert_string_equal(e->bindings[1].t.precision, "FP16");
  assert_true(S_has_diag(e, EC_INFO, "1 input (tensors no layer writes) and 1 output"));
  ec_engine_free(e);
  /* names only: the list is kept, directions and shapes are unknown */
  e = S_load("{\"Layers\":[\"a\",\"b\"],\"Bindings\":[\"in\",\"out\"]}", NULL, NULL, NULL);
  assert_int_equal(e->n_bindings, 2);
  S_bind_is(e, 0, "in", EC_BIND_UNKNOWN, 1, -1, 0);
  S_bind_is(e, 1, "out", EC_BIND_UNKNOWN, 1, -1, 0);
  ec_engine_free(e);
}

static void test_bindings_profile_shapes(void **st) {
  (void)st;
  /* min/opt/max of an input from the build options a log printed */
  ec_engine *e = ec_engine_new("t");
  const char *g = "{\"Layers\":[" T("c", "CaskConvolution",
      IO(TEN("in=put", "[-1,3,8,8]", "Row major linear FP32"), TEN("y", "[-1,8,8,8]", "Row major linear FP32")))
      "],\"Bindings\":[\"in=put\",\"y\"]}";
  ec_load_graph_text(e, "g.json", g, strlen(g), NULL);
  ec_input_shapes_option(&e->input_shapes, "Input build shape (profile 0)", "in=put=1x3x8x8+4x3x8x8+16x3x8x8", 0);
  ec_load_finish(e, NULL);
  const ec_binding *b = ec_engine_binding(e, "in=put", 6);
  assert_non_null(b);
  assert_non_null(b->shapes); /* the same entry the options appendix shows */
  assert_ptr_equal(b->shapes, ec_engine_input_shape(e, "in=put", 6));
  assert_int_equal(b->shapes->min.n, 4);
  assert_true(b->shapes->min.v[0] == 1 && b->shapes->opt.v[0] == 4 && b->shapes->max.v[0] == 16);
  assert_null(b->shapes->inference.v);
  b = ec_engine_binding(e, "y", 1);
  assert_null(b->shapes); /* unknown, not made up */
  ec_engine_free(e);
}


/* Write text to dir/name. */
static void S_write(const char *dir, const char *name, const char *text) {
  char p[600];
  snprintf(p, sizeof p, "%s/%s", dir, name);
  FILE *f = fopen(p, "w");
  assert_non_null(f);
  fputs(text, f);
  fclose(f);
}

/* The loader's own status, one class each (issue 14 item 11): before, an
 * empty directory said "no such file", and a graph that failed to parse
 * beside a usable profile printed "error:" with exit 0. */
static void test_load_status(void **st) {
  (void)st;
  char dir[] = "/tmp/ec_status_XXXXXX";
  assert_non_null(mkdtemp(dir));
  char sub[600], spec[700];
  ec_engine *e = NULL;
  /* an existing, empty directory: says so; nothing usable, not an I/O error */
  snprintf(sub, sizeof sub, "%s/empty", dir);
  assert_int_equal(mkdir(sub, 0777), 0);
  assert_int_equal(ec_load_engine(sub, NULL, &e), EC_LOAD_NOTHING_USABLE);
  assert_true(S_has_diag(e, EC_ERROR, "the directory holds no files"));
  assert_false(S_has_diag(e, EC_ERROR, "no such file"));
  ec_engine_free(e);
  /* a directory of files that are no engine data */
  snprintf(sub, sizeof sub, "%s/junk", dir);
  assert_int_equal(mkdir(sub, 0777), 0);
  S_write(sub, "notes.txt", "hello\n");
  assert_int_equal(ec_load_engine(sub, NULL, &e), EC_LOAD_NOTHING_USABLE);
  assert_true(S_has_diag(e, EC_ERROR, "the directory holds no engine files: none of its 1 file"));
  ec_engine_free(e);
  /* a discovered graph that fails to parse beside a usable profile: a
   * warning that says the file is not used, no error left */
  snprintf(sub, sizeof sub, "%s/bad", dir);
  assert_int_equal(mkdir(sub, 0777), 0);
  S_write(sub, "m.graph.json", "{\"Layers\": [ {\"Name\": \"a\", ");
  S_write(sub, "m.profile.json", "[{\"count\":1},{\"name\":\"a\",\"timeMs\":1,\"averageMs\":1,\"percentage\":100}]");
  assert_int_equal(ec_load_engine(sub, NULL, &e), EC_LOAD_OK);
  const ec_diag *d = S_find_diag(e, "invalid JSON");
  assert_non_null(d);
  assert_int_equal(d->sev, EC_WARN);
  assert_non_null(strstr(d->msg, "this file is not used"));
  assert_int_equal(ec_diags_count(&e->diags, EC_ERROR), 0);
  ec_engine_free(e);
  /* the same graph named by --graph: an error, and the status says so */
  char g[700];
  snprintf(g, sizeof g, "%s/m.graph.json", sub);
  ec_load_opts o = {0};
  o.graph = g;
  snprintf(spec, sizeof spec, "%s/m.profile.json", sub);
  assert_int_equal(ec_load_engine(spec, &o, &e), EC_LOAD_BAD_INPUT);
  assert_true(S_has_diag(e, EC_ERROR, "invalid JSON"));
  assert_true(ec_engine_usable(e)); /* the profile still loaded */
  ec_engine_free(e);
  /* --graph naming a profile: an error too */
  o.graph = spec;
  assert_int_equal(ec_load_engine(spec, &o, &e), EC_LOAD_BAD_INPUT);
  ec_engine_free(e);
  /* a graph that fails to parse and nothing else: nothing usable, the error stays */
  snprintf(spec, sizeof spec, "%s/m.graph.json", sub);
  assert_int_equal(ec_load_engine(spec, NULL, &e), EC_LOAD_NOTHING_USABLE);
  assert_true(S_has_diag(e, EC_ERROR, "invalid JSON"));
  ec_engine_free(e);
  assert_string_equal(ec_load_status_name(EC_LOAD_NOTHING_USABLE), "nothing usable");
  char cmd[600];
  snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
  assert_int_equal(system(cmd), 0);
}

/* TREx's build metadata keeps one "Input build shape" line per key: its
 * input's shapes reach the same per-input map as a log's. */
static void test_metadata_input_shapes(void **st) {
  (void)st;
  ec_engine *e = ec_engine_new("t");
  const char *m = "{\"model_options\": {\"Format\": \"ONNX\"}, \"build_options\": {\"Precision\": \"FP16\", "
                  "\"Input build shape\": \"x=1x3x8x8+2x3x8x8+4x3x8x8\"}, "
                  "\"inference_options\": {\"Input inference shape\": \"x=2x3x8x8\"}}";
  assert_int_equal(ec_load_meta_text(e, "b.metadata.json", m, strlen(m), NULL), 0);
  const ec_input_shape *x = ec_engine_input_shape(e, "x", 1);
  assert_non_null(x);
  assert_int_equal(x->max.n, 4);
  assert_int_equal(x->max.v[0], 4);
  assert_int_equal(x->inference.v[0], 2);
  assert_int_equal(e->input_shapes.n, 1);
  ec_engine_free(e);
}

/* One data-type normalisation (issue 14 item 5): every spelling TensorRT
 * uses gives the same canonical name in precisions, shown formats and
 * weight types, from JSON and logs alike. */
static void test_dtype_normalisation(void **st) {
  (void)st;
  static const char *const pairs[][2] = {{"Float", "FP32"}, {"Half", "FP16"},   {"Int8", "INT8"},
                                         {"BFloat16", "BF16"}, {"Int32", "INT32"}, {"Int64", "INT64"},
                                         {"UInt8", "UINT8"}, {"Double", "FP64"},   {"Bool", "Bool"},
                                         {"FP32", "FP32"},   {"INT8", "INT8"},     {"FP64", "FP64"}};
  for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
    const char *c = ec_dtype_name(pairs[i][0], strlen(pairs[i][0]));
    if (!c || strcmp(c, pairs[i][1])) fail_msg("%s -> %s, want %s", pairs[i][0], c ? c : "NULL", pairs[i][1]);
    /* canonical names are fixed points */
    assert_string_equal(ec_dtype_name(c, strlen(c)), c);
  }
  assert_null(ec_dtype_name("Floa", 4));
  /* shown formats: kgen data types and TREx short forms alike */
  assert_string_equal(ec_format_classify("Half", 4).short_name, "FP16");
  assert_string_equal(ec_format_classify("Float", 5).short_name, "FP32");
  assert_string_equal(ec_format_classify("BFloat16", 8).short_name, "BF16");
  const char *t8 = "Thirty-two wide channel vectorized row major Int8 format";
  assert_string_equal(ec_format_classify(t8, strlen(t8)).short_name, "INT8 NC/32HW32");
  const char *f16 = "Channel major FP16 format where channel % 8 == 0";
  assert_string_equal(ec_format_classify(f16, strlen(f16)).short_name, "FP16 NHWC8");
  /* TREx's own figures keep TREx's spelling rules */
  assert_string_equal(ec_format_classify("BFloat16", 8).precision_trex, "FP32");
  /* weights: the canonical type, bytes from the same table, TREx's table for its figure */
  const char *g = "{\"Layers\":[" T("c", "CaskConvolution", IO(TEN("x", "[1,8,4,4]", "Half"), TEN("y", "[1,8,4,4]", "Half"))
      ",\"Weights\":{\"Type\":\"Half\",\"Count\":64},\"Bias\":{\"Type\":\"BFloat16\",\"Count\":8}") "]}";
  ec_engine *e = S_load(g, NULL, NULL, NULL);
  assert_string_equal(e->layers[0].weights_type, "FP16");
  assert_true(e->layers[0].weights_bytes == 64 * 2 + 8 * 2);
  assert_true(e->layers[0].weights_bytes_trex == 64 * 2);
  assert_string_equal(e->layers[0].in[0].format_short, "FP16");
  assert_string_equal(e->layers[0].in[0].format, "Half"); /* as written */
  ec_engine_free(e);
}

/* Torch-TensorRT's profiler trace (issue 14 item 13): read as a profile by
 * content (before: "not recognised ...; ignored"), one event per layer per
 * iteration: average, median, count, total and share per layer name; its
 * other traces (torch ops) are not layer profiles. */
static void test_torchtrt_trace_profile(void **st) {
  (void)st;
  ec_engine *e = NULL;
  assert_int_equal(ec_load_engine("tests/fixtures/torchtrt", NULL, &e), EC_LOAD_OK);
  assert_true(e->has_profile);
  assert_int_equal(e->profile_count, 4);
  assert_true(e->profile_has_median);
  assert_int_equal(e->profile_records, 3);
  assert_int_equal(e->layers_without_profile, 0);
  const ec_layer *c = S_layer(e, "conv1 + relu1"), *p = S_layer(e, "pool"), *f = S_layer(e, "fc \"head\"");
  assert_true(fabs(c->avg_ms - 0.115) < 1e-12 && fabs(c->median_ms - 0.115) < 1e-12 && fabs(c->time_ms - 0.46) < 1e-12);
  assert_true(fabs(p->avg_ms - 0.05) < 1e-12 && fabs(p->median_ms - 0.05) < 1e-12);
  assert_true(fabs(f->avg_ms - 0.02) < 1e-12 && fabs(f->median_ms - 0.02) < 1e-12); /* 10,20,20,30 us */
  assert_true(fabs(c->pct - 100.0 * 0.46 / 0.74) < 1e-9);
  assert_true(fabs(c->pct + p->pct + f->pct - 100) < 1e-9);
  int kinds = 0;
  for (size_t i = 0; i < e->n_files; i++)
    if (e->files[i].kind == EC_FILE_LAYER_TIMES) {
      kinds++;
      assert_non_null(strstr(e->files[i].path, "engine_exectuion_profile.trace"));
    }
  assert_int_equal(kinds, 1);
  assert_true(S_has_diag(e, EC_INFO, "none of its 2 names is a layer of the graph"));
  assert_true(S_has_diag(e, EC_WARN, "invalid JSON repaired")); /* names written unescaped */
  assert_false(S_has_diag(e, EC_WARN, "not recognised"));
  assert_string_equal(ec_file_kind_name(EC_FILE_LAYER_TIMES), "layer-times");
  ec_engine_free(e);
}

/* Torch-TensorRT's own dump_trace sums every invocation into one event per
 * layer: the times are read, and the warning says what they are. The
 * IProfiler sample map (a list of [ms, time] pairs here) reads the same way. */
static void test_layer_times_variants(void **st) {
  (void)st;
  const char *g = "{\"Layers\":[" T("a", "R", "") "," T("b", "R", "") "]}";
  const char *tr = "[{\"name\": \"a\", \"ph\": \"X\", \"ts\": 0, \"dur\": 3000, \"tid\": 1, \"pid\": \"m Engine Execution\", \"args\": {}},"
                   " {\"name\": \"b\", \"ph\": \"X\", \"ts\": 3, \"dur\": 1000, \"tid\": 1, \"pid\": \"m Engine Execution\", \"args\": {}},"
                   " {\"name\": \"b\", \"ph\": \"X\", \"ts\": 9, \"tid\": 1}]";
  assert_int_equal(ec_sniff(tr, strlen(tr)), EC_FILE_LAYER_TIMES);
  ec_engine *e = ec_engine_new("t");
  ec_load_graph_text(e, "g.json", g, strlen(g), NULL);
  assert_int_equal(ec_load_layer_times_text(e, "x.trace", tr, strlen(tr), NULL), 0);
  ec_load_finish(e, NULL);
  assert_true(e->layers[0].avg_ms == 3.0 && e->layers[1].avg_ms == 1.0);
  assert_true(e->layers[0].pct == 75.0);
  assert_int_equal(e->profile_count, 1);
  assert_true(S_has_diag(e, EC_WARN, "one event per layer: Torch-TensorRT's profiler sums every invocation"));
  assert_true(S_has_diag(e, EC_WARN, "1 events without a name or a valid duration were dropped"));
  ec_engine_free(e);
  const char *m = "{\n  \"a\": [[0.5, \"20241101-10:00:00.1\"], [0.25, \"20241101-10:00:00.2\"], [1.0, \"x\"]],\n"
                  "  \"b\": [[0.25, \"y\"], [0.75, \"z\"], [0.5, \"w\"]]\n}";
  assert_int_equal(ec_sniff(m, strlen(m)), EC_FILE_LAYER_TIMES);
  e = ec_engine_new("t");
  ec_load_graph_text(e, "g.json", g, strlen(g), NULL);
  assert_int_equal(ec_load_layer_times_text(e, "trt_layer_latency.json", m, strlen(m), NULL), 0);
  ec_load_finish(e, NULL);
  assert_true(fabs(e->layers[0].avg_ms - 1.75 / 3) < 1e-12);
  assert_true(e->layers[0].median_ms == 0.5 && e->layers[1].median_ms == 0.5);
  assert_int_equal(e->profile_count, 3);
  ec_engine_free(e);
  /* neither a profile nor a graph is taken for a trace or a sample map */
  const char *p = "[{\"count\":1},{\"name\":\"a\",\"timeMs\":1,\"averageMs\":1,\"percentage\":100}]";
  assert_int_equal(ec_sniff(p, strlen(p)), EC_FILE_PROFILE);
  assert_int_equal(ec_sniff(g, strlen(g)), EC_FILE_GRAPH);
  const char *o = "{\"a\": \"b\"}";
  assert_int_equal(ec_sniff(o, strlen(o)), EC_FILE_UNKNOWN);
}

/* The corpus's Torch-TensorRT engine beside its IProfiler samples
 * (fuzzylabs/torchtrt-mobilenet_v2-rtx3060/trt_layer_latency.json: 123 layers,
 * 100 samples each, in ms); before, the file was ignored. */
static void test_corpus_torchtrt_layer_latency(void **st) {
  (void)st;
  EC_NEED_SHARED(shared);
  ec_engine *e = NULL;
  assert_int_equal(ec_load_engine(ec_test_path(shared, "corpus/fuzzylabs/torchtrt-mobilenet_v2-rtx3060"), NULL, &e), EC_LOAD_OK);
  assert_true(e->has_profile);
  assert_int_equal(e->profile_records, 123);
  assert_int_equal(e->profile_count, 100);
  assert_int_equal(e->layers_without_profile, 0);
  assert_int_equal(e->profile_unmatched, 0);
  ec_summary *s = ec_summarize(e);
  /* Σ over layers of the mean of their 100 samples (computed independently: 0.670686403361615) */
  assert_true(fabs(s->total_ms - 0.670686403361615) < 1e-9);
  ec_summary_free(s);
  ec_engine_free(e);
}

/* Issue 23, item 9: which source wins. A value cut at a separator loses to
 * the fuller one, whichever file was read first (TREx's metadata says
 * "Memory Pools": "workspace", the log "workspace: 8192 MiB, ..."); any
 * other difference keeps the value read first and becomes a note in
 * e->source_notes (and summary --json's provenance.source_notes). */
static void test_source_rule(void **st) {
  (void)st;
  assert_int_equal(ec_source_pick("workspace", "workspace: 8192 MiB, dlaSRAM: default"), EC_SOURCE_TAKE);
  assert_int_equal(ec_source_pick("workspace: 8192 MiB, dlaSRAM: default", "workspace"), EC_SOURCE_KEEP);
  assert_int_equal(ec_source_pick("{ in_memory", "{ in_memory: allow, temporary: allow }"), EC_SOURCE_TAKE);
  assert_int_equal(ec_source_pick("NVIDIA A100", "NVIDIA A100 80GB PCIe"), EC_SOURCE_TAKE);
  assert_int_equal(ec_source_pick(NULL, "x"), EC_SOURCE_TAKE);
  assert_int_equal(ec_source_pick("x", NULL), EC_SOURCE_KEEP);
  assert_int_equal(ec_source_pick("8", "8 "), EC_SOURCE_KEEP);
  assert_int_equal(ec_source_pick("1", "16"), EC_SOURCE_DISAGREE);       /* a number goes on: not a cut */
  assert_int_equal(ec_source_pick("8.6", "8.6.1"), EC_SOURCE_DISAGREE);
  assert_int_equal(ec_source_pick("FP32+FP16", "FP32+INT8"), EC_SOURCE_DISAGREE);
  /* a number alone is the number: JSON 30.0 against text "30" */
  assert_int_equal(ec_source_pick("30.0", "30"), EC_SOURCE_KEEP);
  assert_int_equal(ec_source_pick("192.0", "192 bits (ECC disabled)"), EC_SOURCE_TAKE);
  assert_int_equal(ec_source_pick("1.41", "1.41 GHz"), EC_SOURCE_TAKE);
  assert_int_equal(ec_source_pick("108", "80"), EC_SOURCE_DISAGREE);
  /* the fixture: metadata read before the log (discover.c's order) */
  ec_engine *e = NULL;
  assert_int_equal(ec_load_engine("tests/fixtures/sources/sx.engine", NULL, &e), 0);
  assert_string_equal(ec_kvs_get(&e->build_options, "Memory Pools"),
                      "workspace: 8192 MiB, dlaSRAM: default, dlaLocalDRAM: default, dlaGlobalDRAM: default, "
                      "tacticSharedMem: default");
  assert_string_equal(ec_kvs_get(&e->build_options, "Tempfile Controls"), "{ in_memory: allow, temporary: allow }");
  assert_string_equal(ec_kvs_get(&e->build_options, "Tactic sources"), "Using default tactic sources");
  assert_string_equal(ec_kvs_get(&e->build_options, "Precision"), "FP32+FP16"); /* read first */
  assert_string_equal(e->device.name, "NVIDIA A100 80GB PCIe");
  assert_int_equal(e->source_notes.n, 1);
  assert_non_null(strstr(e->source_notes.v[0].msg, "build option \"Precision\": keeping \"FP32+FP16\""));
  assert_non_null(strstr(e->source_notes.v[0].msg, "\"FP32+INT8\""));
  assert_true(S_has_diag(e, EC_INFO, "keeping \"FP32+FP16\""));
  ec_engine_free(e);
  /* the other order: the fuller values still win; the first read is kept */
  size_t ml, ll;
  char *meta = ec_read_file("tests/fixtures/sources/sx.engine.build.metadata.json", &ml, NULL);
  char *log = ec_read_file("tests/fixtures/sources/sx.engine.build.log", &ll, NULL);
  assert_non_null(meta);
  assert_non_null(log);
  e = ec_engine_new("t");
  ec_load_log_text(e, "sx.log", log, ll, NULL);
  ec_load_meta_text(e, "sx.json", meta, ml, NULL);
  ec_load_finish(e, NULL);
  assert_non_null(strstr(ec_kvs_get(&e->build_options, "Memory Pools"), "workspace: 8192 MiB"));
  assert_string_equal(ec_kvs_get(&e->build_options, "Tempfile Controls"), "{ in_memory: allow, temporary: allow }");
  assert_string_equal(ec_kvs_get(&e->build_options, "Tactic sources"), "Using default tactic sources");
  assert_string_equal(ec_kvs_get(&e->build_options, "Precision"), "FP32+INT8");
  assert_string_equal(e->device.name, "NVIDIA A100 80GB PCIe");
  assert_int_equal(e->source_notes.n, 1);
  assert_string_equal(e->source_notes.v[0].file, "sx.json");
  ec_engine_free(e);
  free(meta);
  free(log);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_graph_basic_and_bindings),
      cmocka_unit_test(test_graph_list_root_missing_bindings_location),
      cmocka_unit_test(test_graph_names_only),
      cmocka_unit_test(test_graph_dynamic_dims),
      cmocka_unit_test(test_control_chars_and_duplicates),
      cmocka_unit_test(test_noop_constant_shape_signal),
      cmocka_unit_test(test_deconv_scale_trainstation),
      cmocka_unit_test(test_formats),
      cmocka_unit_test(test_profile_variants_and_suffixes),
      cmocka_unit_test(test_profile_only_engine),
      cmocka_unit_test(test_timing_fields_and_runs),
      cmocka_unit_test(test_timing_trt7),
      cmocka_unit_test(test_invalid_json_repair),
      cmocka_unit_test(test_nul_in_names),
      cmocka_unit_test(test_layer_dump_segments),
      cmocka_unit_test(test_metadata_lists),
      cmocka_unit_test(test_sniff),
      cmocka_unit_test(test_percentile_rule),
      cmocka_unit_test(test_discovery_prefix_dir_name),
      cmocka_unit_test(test_names_only_graph_with_log_listing),
      cmocka_unit_test(test_bindings_output_read_later),
      cmocka_unit_test(test_bindings_noop_output),
      cmocka_unit_test(test_bindings_shape_of_binding_tensor),
      cmocka_unit_test(test_bindings_from_log_lines),
      cmocka_unit_test(test_trt11_split_format_keys),
      cmocka_unit_test(test_trt11_io_tensors_and_constants),
      cmocka_unit_test(test_bindings_input_many_readers),
      cmocka_unit_test(test_bindings_inferred_without_list),
      cmocka_unit_test(test_bindings_profile_shapes),
      cmocka_unit_test(test_load_status),
      cmocka_unit_test(test_metadata_input_shapes),
      cmocka_unit_test(test_dtype_normalisation),
      cmocka_unit_test(test_torchtrt_trace_profile),
      cmocka_unit_test(test_layer_times_variants),
      cmocka_unit_test(test_corpus_torchtrt_layer_latency),
      cmocka_unit_test(test_source_rule),
      cmocka_unit_test(test_json_bounds_before_parse), cmocka_unit_test(test_duplicate_suffix_collision),
      cmocka_unit_test(test_invalid_utf8_json),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
