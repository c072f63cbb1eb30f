#define _XOPEN_SOURCE 700 /* nftw */
/* Unit tests for src/load/log.c: the trtexec log parser and its sniffer.
 *
 * Corpus tests read real logs from ../shared/corpus (skipped loudly when it
 * is absent); fixture tests read hand-written logs in tests/fixtures/logs. */
#include "testutil.h"
#include "facts/layer_kind.h"
#include "load/internal.h"
#include "load/load.h"
#include "model/engine.h"
#include "util/alloc.h"
#include <ftw.h>
#include <math.h>
#include <time.h>

#define FIX "tests/fixtures/logs/"

/* Whole file, NUL-terminated; fails the test when unreadable. */
static char *slurp(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) fail_msg("cannot open %s", path);
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *t = ec_malloc((size_t)n + 1);
  size_t got = fread(t, 1, (size_t)n, f);
  fclose(f);
  assert_int_equal(got, (size_t)n);
  t[n] = '\0';
  *len = (size_t)n;
  return t;
}

/* Parse path into a fresh engine (run selects --run); *rc gets the result. */
static ec_engine *load_log(const char *path, long run, int *rc) {
  size_t len;
  char *t = slurp(path, &len);
  ec_engine *e = ec_engine_new("t");
  ec_load_opts o;
  memset(&o, 0, sizeof o);
  o.run = run;
  *rc = ec_load_log_text(e, path, t, len, &o);
  free(t);
  return e;
}

static void drop(ec_engine *e) {
  ec_load_state_free(e);
  ec_engine_free(e);
}

/* 1 when some diagnostic of severity sev contains text. */
static int has_diag(const ec_engine *e, ec_severity sev, const char *text) {
  for (size_t i = 0; i < e->diags.n; i++)
    if (e->diags.v[i].sev == sev && strstr(e->diags.v[i].msg, text)) return 1;
  return 0;
}

static const ec_diag *find_diag(const ec_engine *e, const char *text) {
  for (size_t i = 0; i < e->diags.n; i++)
    if (strstr(e->diags.v[i].msg, text)) return &e->diags.v[i];
  return NULL;
}

static int near(double a, double b) { return fabs(a - b) <= 1e-9 * fmax(1.0, fabs(b)); }
#define assert_near(a, b) assert_true(near((double)(a), (double)(b)))
#define assert_stat(st, label, v) assert_near(ec_stats_get(&(st), label), v)

/* ------------------------------------------------------------ corpus */

#define SEGFORMER "corpus/segformer-hackathon/segformer-b2-fp32-a10/segformer.txt"
#define SEGFORMER_LN "corpus/segformer-hackathon/segformer-b2-ln-int8-a10/segformer_ln.txt"
#define H100 "corpus/hackathon-cn/mnist-trt10.16.1-h100pcie/"
#define TRT803 "corpus/hackathon-cn/mnist-trt8.0.3-gtx1070/"
#define JETSON "corpus/jetson-trtexec/resnet50-caffe-int8-jetson/raw_ResNet50_N2_None_int8_10.txt"
#define ORIN "corpus/trex-notebook/yolo-int8-orin/trt.out"

static void test_segformer_device(void **st) {
  (void)st;
  EC_NEED_SHARED(shared);
  int rc;
  ec_engine *e = load_log(ec_test_path(shared, SEGFORMER), 0, &rc);
  assert_int_equal(rc, 0);
  assert_true(e->device.present);
  assert_string_equal(e->device.name, "NVIDIA A10");
  assert_string_equal(e->device.compute_capability, "8.6");
  assert_near(e->device.sms, 72);
  assert_near(e->device.compute_clock_ghz, 1.695);
  assert_near(e->device.memory_clock_ghz, 6.251);
  assert_near(e->device.bus_width_bits, 384);
  assert_string_equal(e->device.global_memory, "22731 MiB");
  assert_string_equal(e->device.source, "log");
  assert_string_equal(ec_kvs_get(&e->device.all, "Memory Bus Width"), "384 bits (ECC enabled)");
  assert_string_equal(ec_kvs_get(&e->device.all, "Shared Memory per SM"), "100 KiB");
  drop(e);
}

static void test_segformer_perf(void **st) {
  (void)st;
  EC_NEED_SHARED(shared);
  int rc;
  ec_engine *e = load_log(ec_test_path(shared, SEGFORMER), 0, &rc);
  assert_int_equal(rc, 0);
  assert_true(e->perf.present);
  assert_near(e->perf.throughput_qps, 3.26915);
  assert_string_equal(e->perf.throughput_source, "log");
  assert_int_equal(e->perf.latency.n, 5);
  assert_string_equal(e->perf.latency.source, "log");
  assert_stat(e->perf.latency, "min", 282.875);
  assert_stat(e->perf.latency, "max", 298.733);
  assert_stat(e->perf.latency, "mean", 288.091);
  assert_stat(e->perf.latency, "median", 287.384);
  assert_stat(e->perf.latency, "p99", 298.733);
  assert_stat(e->perf.gpu_compute, "mean", 284.605);
  assert_stat(e->perf.gpu_compute, "p99", 295.216);
  assert_stat(e->perf.enqueue, "median", 1.87061);
  assert_stat(e->perf.h2d, "min", 2.5631);
  assert_stat(e->perf.d2h, "max", 0.828979);
  assert_near(e->perf.walltime_s, 3.97657);
  assert_near(e->perf.total_gpu_compute_s, 3.69987);
  assert_int_equal(e->n_log_runs, 1);
  assert_int_equal(e->log_run, 0);
  drop(e);
}

static void test_segformer_version_options_memory(void **st) {
  (void)st;
  EC_NEED_SHARED(shared);
  int rc;
  ec_engine *e = load_log(ec_test_path(shared, SEGFORMER), 0, &rc);
  assert_string_equal(e->trt_version, "8.4.1");
  assert_string_equal(e->trt_version_source, "log version line");
  /* the whole value, colons and all (TREx kept only "workspace") */
  assert_string_equal(ec_kvs_get(&e->build_options, "Memory Pools"),
                      "workspace: 23000 MiB, dlaSRAM: default, dlaLocalDRAM: default, dlaGlobalDRAM: default");
  assert_string_equal(ec_kvs_get(&e->inference_options, "Input inference shape"), "input=4x3x1024x1024");
  assert_string_equal(ec_kvs_get(&e->inference_options, "CUDA Graph"), "Disabled");
  assert_string_equal(ec_kvs_get(&e->reporting_options, "Percentile"), "99");
  assert_string_equal(ec_kvs_get(&e->model_options, "Format"), "ONNX");
  assert_string_equal(ec_kvs_get(&e->system_options, "Device"), "0");
  /* the [I] total, not the earlier verbose 70095274796 */
  assert_string_equal(ec_kvs_get(&e->memory, "Total Activation Memory"), "14571012608 bytes");
  assert_string_equal(ec_kvs_get(&e->memory, "Total Scratch Memory"), "4706009088 bytes");
  assert_string_equal(ec_kvs_get(&e->memory, "Loaded engine size"), "115 MiB");
  assert_string_equal(ec_kvs_get(&e->memory, "Engine build time"), "1280.76 s");
  assert_int_equal(e->n_files, 1);
  assert_int_equal(e->files[0].kind, EC_FILE_LOG);
  drop(e);
}

static void test_segformer_layers(void **st) {
  (void)st;
  EC_NEED_SHARED(shared);
  int rc;
  ec_engine *e = load_log(ec_test_path(shared, SEGFORMER), 0, &rc);
  ec_load_state *ls = ec_load_state_of(e);
  assert_int_equal(ls->n_log_layers, 386);
  const ec_layer *l = &ls->log_layers[1];
  assert_string_equal(l->name, "Conv_27");
  assert_string_equal(l->layer_type, "CaskConvolution");
  assert_string_equal(l->type, "Convolution"); /* no ParameterType in this listing: graph JSON's for the LayerType */
  assert_string_equal(l->tactic_value, "0xf64396b97c889179");
  assert_int_equal(l->n_in, 1);
  assert_string_equal(l->in[0].name, "input");
  assert_string_equal(l->in[0].format, "Float");
  assert_int_equal(l->in[0].ndims, 4);
  assert_int_equal(l->in[0].dims[0], -1); /* -12: dynamic */
  assert_int_equal(l->in[0].dims[3], 1024);
  assert_string_equal(l->out[0].name, "380");
  assert_string_equal(l->precision, "FP32");
  /* names with commas and brackets survive */
  const ec_layer *last = &ls->log_layers[385];
  assert_string_equal(last->name, "(Unnamed Layer* 3345) [Shuffle] + Unsqueeze_2427");
  assert_string_equal(last->in[0].name, "(Unnamed Layer* 3341) [TopK]_output_2");
  assert_string_equal(last->in[0].format, "Int32");
  assert_string_equal(ls->log_layers_path, ec_test_path(shared, SEGFORMER));
  drop(e);
}

static void test_segformer_fast(void **st) {
  (void)st;
  EC_NEED_SHARED(shared);
  size_t len;
  char *t = slurp(ec_test_path(shared, SEGFORMER), &len);
  assert_true(len > 3000000);
  ec_engine *e = ec_engine_new("t");
  /* the parser's own CPU time (one thread): the budget holds on a machine
   * busy with other jobs (.ci/run runs three suites side by side) */
  struct timespec a, b;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &a);
  int rc = ec_load_log_text(e, "segformer.txt", t, len, NULL);
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &b);
  double ms = (double)(b.tv_sec - a.tv_sec) * 1e3 + (double)(b.tv_nsec - a.tv_nsec) / 1e6;
  print_message("segformer.txt (%zu bytes) parsed in %.1f ms\n", len, ms);
  assert_int_equal(rc, 0);
  assert_true(ms < 100.0);
  free(t);
  drop(e);
}

static void test_h100_version_device(void **st) {
  (void)st;
  EC_NEED_SHARED(shared);
  static const char *const files[] = {"result-01.log", "result-02.log", "result-03.log", "result-04.log",
                                      "result-05.log"};
  for (size_t i = 0; i < 5; i++) {
    char rel[256];
    snprintf(rel, sizeof rel, H100 "%s", files[i]);
    int rc;
    ec_engine *e = load_log(ec_test_path(shared, rel), 0, &rc);
    assert_int_equal(rc, 0);
    assert_string_equal(e->trt_version, "10.16.1");
    assert_string_equal(e->device.name, "NVIDIA H100 PCIe");
    assert_string_equal(e->device.compute_capability, "9.0");
    assert_near(e->device.sms, 114);
    assert_near(e->device.compute_clock_ghz, 1.755); /* "Application Compute Clock Rate" */
    assert_near(e->device.memory_clock_ghz, 1.593);
    assert_near(e->device.bus_width_bits, 5120);
    assert_string_equal(e->device.global_memory, "81081 MiB");
    assert_string_equal(ec_kvs_get(&e->device.all, "Selected Device UUID"), "GPU-31e9692b-62b7-2d62-f0b1-f4195b568ac7");
    drop(e);
  }
}

static void test_h100_perf_percentiles_and_note(void **st) {
  (void)st;
  EC_NEED_SHARED(shared);
  int rc;
  ec_engine *e = load_log(ec_test_path(shared, H100 "result-01.log"), 0, &rc);
  assert_near(e->perf.throughput_qps, 15374.3);
  assert_int_equal(e->perf.gpu_compute.n, 7);
  assert_string_equal(e->perf.gpu_compute.v[4].label, "p90");
  assert_string_equal(e->perf.gpu_compute.v[5].label, "p95");
  assert_string_equal(e->perf.gpu_compute.v[6].label, "p99");
  assert_stat(e->perf.gpu_compute, "p90", 0.0368652);
  assert_stat(e->perf.gpu_compute, "p99", 0.041748);
  assert_stat(e->perf.latency, "median", 0.0440674);
  assert_near(e->perf.total_gpu_compute_s, 1.6586);
  const char *note = NULL;
  for (size_t i = 0; i < e->perf.notes.n; i++)
    if (strstr(e->perf.notes.v[i].val, "coefficient")) note = e->perf.notes.v[i].val;
  assert_non_null(note);
  assert_true(strncmp(note, "GPU compute time is unstable, with coefficient of variance = 6.58751%", 68) == 0);
  assert_string_equal(ec_kvs_get(&e->memory, "Total Weights Memory"), "13100672 bytes");
  assert_string_equal(ec_kvs_get(&e->memory, "Engine size"), "12.5744 MiB");
  drop(e);
}

static void test_h100_dump_profile(void **st) {
  (void)st;
  EC_NEED_SHARED(shared);
  int rc;
  ec_engine *e = load_log(ec_test_path(shared, H100 "result-05.log"), 0, &rc);
  ec_load_state *ls = ec_load_state_of(e);
  assert_int_equal(ls->n_prof[1], 15); /* the Total row is not a layer */
  assert_int_equal(ls->prof_count[1], 18362);
  const ec_prof_rec *r = &ls->prof[1][3];
  assert_string_equal(r->name, "Reformatting CopyNode for Input Tensor 0 to {ForeignNode[node_conv2d_1...node_relu_1]}");
  assert_near(r->time_ms, 101.96);
  assert_near(r->avg_ms, 0.0056);
  assert_near(r->median_ms, 0.0044);
  assert_near(r->pct, 6.7);
  assert_true(r->has_median);
  assert_int_equal(r->line, 88);
  assert_false(e->perf.present); /* --dumpProfile without --separateProfileRun has no summary */
  drop(e);
}

static void test_h100_detailed_layer_dump(void **st) {
  (void)st;
  EC_NEED_SHARED(shared);
  int rc;
  ec_engine *e = load_log(ec_test_path(shared, H100 "result-04.log"), 0, &rc);
  ec_load_state *ls = ec_load_state_of(e);
  assert_int_equal(ls->n_log_layers, 9);
  const ec_layer *c = &ls->log_layers[0];
  assert_string_equal(c->name, "node_conv2d + node_relu");
  assert_string_equal(c->layer_type, "CaskConvolution");
  assert_string_equal(c->type, "Convolution");
  assert_string_equal(c->tactic_value, "0x5b8bf1b8028629d9");
  assert_true(strncmp(c->tactic, "sm80_xmma_fprop_implicit_gemm", 29) == 0);
  assert_string_equal(c->weights_type, "FP32"); /* "Float" as printed: the canonical name */
  assert_int_equal(c->weights_count, 800);
  assert_int_equal(c->bias_count, 32);
  assert_near(c->weights_bytes, (800 + 32) * 4.0);
  assert_true(c->conv.present);
  assert_int_equal(c->conv.kernel[0], 5);
  assert_int_equal(c->conv.out_maps, 32);
  assert_string_equal(c->in[0].location, "Device");
  assert_int_equal(c->in[0].volume, 784);
  assert_int_equal(c->stream_id, 0);
  const ec_layer *k = &ls->log_layers[7];
  assert_string_equal(k->layer_type, "kgen");
  assert_int_equal(k->n_in, 2);
  assert_int_equal(k->n_out, 2);
  assert_string_equal(k->out[1].format, "Int32");
  drop(e);
}

static void test_h100_verbose_layers_vectorized_dims(void **st) {
  (void)st;
  EC_NEED_SHARED(shared);
  int rc;
  ec_engine *e = load_log(ec_test_path(shared, H100 "result-02.log"), 0, &rc);
  ec_load_state *ls = ec_load_state_of(e);
  assert_int_equal(ls->n_log_layers, 6);
  const ec_layer *l = &ls->log_layers[3];
  assert_string_equal(l->name, "{ForeignNode[node_conv2d_1...node_relu_1]}");
  assert_string_equal(l->layer_type, "Myelin");
  assert_string_equal(l->in[0].name, "Reformatted Input Tensor 0 to {ForeignNode[node_conv2d_1...node_relu_1]}");
  assert_string_equal(l->in[0].format, "Half");
  assert_int_equal(l->in[0].dims[1], 32); /* "32:8" */
  const ec_layer *m = &ls->log_layers[5];
  assert_int_equal(m->n_out, 2);
  assert_string_equal(m->out[1].name, "z");
  assert_string_equal(m->out[1].format, "Int64");
  /* the last of three builder passes */
  assert_string_equal(ec_kvs_get(&e->memory, "Total Activation Memory"), "2007552 bytes");
  drop(e);
}

static void test_trt803_version(void **st) {
  (void)st;
  EC_NEED_SHARED(shared);
  static const char *const files[] = {"result-FP16.txt", "result-FP32.txt", "result-load-FP32.txt"};
  for (size_t i = 0; i < 3; i++) {
    char rel[256];
    snprintf(rel, sizeof rel, TRT803 "%s", files[i]);
    int rc;
    ec_engine *e = load_log(ec_test_path(shared, rel), 0, &rc);
    assert_int_equal(rc, 0);
    assert_string_equal(e->trt_version, "8.0.3"); /* "TensorRT version: 8003" */
    assert_string_equal(e->device.name, "NVIDIA GeForce GTX 1070");
    drop(e);
  }
  int rc;
  ec_engine *e = load_log(ec_test_path(shared, TRT803 "result-load-FP32.txt"), 0, &rc);
  assert_near(e->perf.throughput_qps, 6378.46);
  assert_stat(e->perf.gpu_compute, "median", 0.153564);
  assert_stat(e->perf.latency, "p99", 0.17421);
  assert_string_equal(ec_kvs_get(&e->memory, "Loaded engine size"), "12 MB");
  drop(e);
}

static void test_truncated_segformer(void **st) {
  (void)st;
  EC_NEED_SHARED(shared);
  int rc;
  ec_engine *e = load_log(ec_test_path(shared, SEGFORMER_LN), 0, &rc);
  assert_int_equal(rc, 0); /* what it holds is usable */
  const ec_diag *d = find_diag(e, "truncated");
  assert_non_null(d);
  assert_int_equal(d->sev, EC_WARN);
  assert_int_equal(d->line, 4316);
  assert_string_equal(d->file, ec_test_path(shared, SEGFORMER_LN));
  assert_string_equal(e->device.name, "NVIDIA A10");
  assert_string_equal(e->trt_version, "8.4.1");
  assert_string_equal(ec_kvs_get(&e->system_options, "Plugins"), "./LayerNormPlugin/LayerNorm.so");
  assert_false(e->perf.present);
  assert_int_equal(e->n_log_runs, 1); /* one trtexec invocation, without a summary: still a run */
  assert_int_equal(e->log_run, 0);
  drop(e);
}

static void test_jetson_multirun_default_last(void **st) {
  (void)st;
  EC_NEED_SHARED(shared);
  int rc;
  ec_engine *e = load_log(ec_test_path(shared, JETSON), 0, &rc);
  assert_int_equal(rc, 0);
  assert_int_equal(e->n_log_runs, 7);
  assert_int_equal(e->log_run, 6);
  assert_near(e->perf.throughput_qps, 508.664);
  assert_stat(e->perf.gpu_compute, "p99", 270.469);
  assert_string_equal(ec_kvs_get(&e->inference_options, "Batch"), "128");
  assert_true(has_diag(e, EC_WARN, "log holds 7 runs; using run 7 (--run selects)"));
  assert_null(e->trt_version); /* the TensorRT 7 banner has no version */
  drop(e);
}

static void test_jetson_multirun_select_first(void **st) {
  (void)st;
  EC_NEED_SHARED(shared);
  int rc;
  ec_engine *e = load_log(ec_test_path(shared, JETSON), 1, &rc);
  assert_int_equal(e->n_log_runs, 7);
  assert_int_equal(e->log_run, 0);
  /* TensorRT 7 summary blocks */
  assert_near(e->perf.throughput_qps, 318.785);
  assert_near(e->perf.walltime_s, 3.00516);
  assert_near(e->perf.total_gpu_compute_s, 2.92575);
  assert_stat(e->perf.latency, "min", 3.05505);
  assert_stat(e->perf.latency, "p99", 3.4563);
  assert_stat(e->perf.gpu_compute, "mean", 3.05402);
  assert_stat(e->perf.gpu_compute, "p99", 3.41711);
  assert_stat(e->perf.enqueue, "median", 3.05493);
  assert_true(isnan(ec_stats_get(&e->perf.enqueue, "mean"))); /* not printed by TensorRT 7 */
  assert_string_equal(ec_kvs_get(&e->inference_options, "Batch"), "1");
  assert_string_equal(ec_kvs_get(&e->build_options, "Workspace"), "16 MB");
  assert_true(has_diag(e, EC_WARN, "log holds 7 runs; using run 1 (--run selects)"));
  drop(e);
}

/* Two trtexec invocations in one log (a script building two models): each is
 * a run, the last by default, and nothing crosses from one to the other.
 * Before, run 2 took run 1's "Calibration" option, its SM count, its layer
 * listing and its profile table. */
static void test_fixture_two_models_nothing_crosses(void **st) {
  (void)st;
  int rc;
  ec_engine *e = load_log(FIX "two-models.log", 0, &rc);
  assert_int_equal(rc, 0);
  assert_int_equal(e->n_log_runs, 2);
  assert_int_equal(e->log_run, 1);
  assert_true(has_diag(e, EC_WARN, "log holds 2 runs; using run 2 (--run selects)"));
  assert_string_equal(ec_kvs_get(&e->model_options, "Model"), "b.onnx");
  assert_string_equal(ec_kvs_get(&e->build_options, "Precision"), "FP32");
  assert_null(ec_kvs_get(&e->build_options, "Calibration")); /* run 1's only */
  assert_true(isnan(e->device.sms));                           /* run 1's only */
  assert_near(e->perf.throughput_qps, 2222);
  assert_stat(e->perf.gpu_compute, "p99", 2.4);
  assert_int_equal(e->perf.notes.n, 0);                        /* run 1's warning */
  assert_string_equal(ec_kvs_get(&e->memory, "Engine build time"), "2.5 s");
  assert_null(ec_kvs_get(&e->memory, "Total Activation Memory"));
  ec_load_state *ls = ec_load_state_of(e);
  assert_int_equal(ls->n_log_layers, 0);                       /* run 1's listing */
  assert_int_equal(ls->n_prof[1], 0);                          /* run 1's table */
  assert_true(has_diag(e, EC_INFO, "run 2 (used) has no layer listing; run 1 of this log has one"));
  assert_true(has_diag(e, EC_INFO, "run 2 (used) has no per-layer profile table; run 1 of this log has one"));
  assert_false(has_diag(e, EC_WARN, "a problem of run 1"));    /* run 1's error line */
  assert_true(has_diag(e, EC_INFO, "1 error or failure the log reports for other runs are not shown"));
  drop(e);
  /* --run 1: run 1 alone */
  e = load_log(FIX "two-models.log", 1, &rc);
  assert_int_equal(e->log_run, 0);
  assert_string_equal(ec_kvs_get(&e->model_options, "Model"), "a.onnx");
  assert_string_equal(ec_kvs_get(&e->build_options, "Calibration"), "a.cache");
  assert_near(e->device.sms, 10);
  assert_near(e->perf.throughput_qps, 1111);
  assert_int_equal(e->perf.notes.n, 1);
  assert_string_equal(ec_kvs_get(&e->memory, "Engine build time"), "1.5 s");
  ls = ec_load_state_of(e);
  assert_int_equal(ls->n_log_layers, 1);
  assert_string_equal(ls->log_layers[0].name, "conv_a");
  assert_int_equal(ls->n_prof[1], 1);
  assert_true(has_diag(e, EC_WARN, "a problem of run 1"));
  assert_false(has_diag(e, EC_INFO, "(used) has no"));
  drop(e);
}

/* jetson-trtexec's raw log: seven invocations (--batch=1 ... 128). Each run
 * gives its own batch, command line and export paths, and no option of one
 * run shows up in another. */
static void test_jetson_each_run_alone(void **st) {
  (void)st;
  EC_NEED_SHARED(shared);
  static const char *const batch[] = {"1", "4", "8", "16", "32", "64", "128"};
  for (long k = 1; k <= 7; k++) {
    int rc;
    ec_engine *e = load_log(ec_test_path(shared, JETSON), k, &rc);
    assert_int_equal(rc, 0);
    assert_int_equal(e->n_log_runs, 7);
    assert_int_equal(e->log_run, (size_t)(k - 1));
    assert_string_equal(ec_kvs_get(&e->inference_options, "Batch"), batch[k - 1]);
    assert_string_equal(ec_kvs_get(&e->build_options, "Max batch"), batch[k - 1]);
    char want[128];
    snprintf(want, sizeof want, "times_ResNet50_N2_None_int8_10_%s.json", batch[k - 1]);
    assert_string_equal(ec_kvs_get(&e->reporting_options, "Export timing to JSON file"), want);
    /* exactly the model options the run printed (Format, Model, Prototxt, Output) */
    assert_int_equal(e->model_options.n, 4);
    drop(e);
  }
}

/* Shape n of an input as "1x3x32x32" (or "-" when not given). */
static const char *shape_text(const ec_dims *d) {
  static char buf[4][128];
  static int k;
  k = (k + 1) % 4;
  if (!d->v) return "-";
  size_t off = 0;
  buf[k][0] = '\0';
  for (int i = 0; i < d->n; i++) off += (size_t)snprintf(buf[k] + off, sizeof buf[k] - off, "%s%lld", i ? "x" : "", (long long)d->v[i]);
  return buf[k];
}

/* Repeated per-input option lines keep every input (before: only the first,
 * input_ids; attention_mask was lost), in order, with min/opt/max and the
 * inference shape; the options keep every value too. */
static void test_fixture_every_input_shape(void **st) {
  (void)st;
  int rc;
  ec_engine *e = load_log(FIX "two-models.log", 0, &rc);
  assert_int_equal(e->input_shapes.n, 2);
  const ec_input_shape *a = &e->input_shapes.v[0], *b = &e->input_shapes.v[1];
  assert_string_equal(a->name, "input_ids");
  assert_string_equal(b->name, "attention_mask");
  assert_string_equal(shape_text(&b->min), "1x128");
  assert_string_equal(shape_text(&b->opt), "4x128");
  assert_string_equal(shape_text(&b->max), "8x128");
  assert_string_equal(shape_text(&b->inference), "4x128");
  assert_ptr_equal(ec_engine_input_shape(e, "attention_mask", 14), b);
  assert_null(ec_engine_input_shape(e, "x", 1)); /* run 1's input */
  assert_string_equal(ec_kvs_get(&e->build_options, "Input build shape (profile 0)"),
                      "input_ids=1x128+4x128+8x128, attention_mask=1x128+4x128+8x128");
  assert_string_equal(ec_kvs_get(&e->inference_options, "Input inference shape"), "input_ids=4x128, attention_mask=4x128");
  drop(e);
  e = load_log(FIX "two-models.log", 1, &rc);
  assert_int_equal(e->input_shapes.n, 1);
  assert_string_equal(e->input_shapes.v[0].name, "x");
  assert_string_equal(shape_text(&e->input_shapes.v[0].max), "8x3x32x32");
  drop(e);
}

static ec_engine *load_text(const char *text, int profile_index) {
  ec_engine *e = ec_engine_new("t");
  ec_load_opts o;
  memset(&o, 0, sizeof o);
  o.profile_index = profile_index;
  assert_int_equal(ec_load_log_text(e, "s.log", text, strlen(text), &o), 0);
  return e;
}

/* A verbose build log names each layer's chosen kernel and times it while
 * building (issue 27 item 10): the listing's tactic number becomes the kernel
 * name, the time a BuildTimeMs attribute (never the profile); a tactic no
 * "Set Tactic Name" line names stays the placeholder, shown "not available". */
static void test_build_log_tactics(void **st) {
  (void)st;
  const char *log =
      "&&&& RUNNING TensorRT.trtexec [TensorRT v8401] # trtexec --onnx=m.onnx --verbose\n"
      "[08/17/2022-07:51:00] [V] [TRT] --------------- Timing Runner: Conv-1 + ReLU-2 (CaskConvolution)\n"
      "[08/17/2022-07:51:00] [V] [TRT] Conv-1 + ReLU-2 Set Tactic Name: sm80_xmma_fprop_a Tactic: 0x00000000000000aa\n"
      "[08/17/2022-07:51:00] [V] [TRT] Tactic: 0x00000000000000aa Time: 0.25\n"
      "[08/17/2022-07:51:00] [V] [TRT] Conv-1 + ReLU-2 Set Tactic Name: sm80_xmma_fprop_b Tactic: 0x00000000000000bb\n"
      "[08/17/2022-07:51:00] [V] [TRT] Tactic: 0x00000000000000bb Time: 0.125\n"
      "[08/17/2022-07:51:00] [V] [TRT] Fastest Tactic: 0x00000000000000bb Time: 0.125\n"
      "[08/17/2022-07:51:00] [V] [TRT] --------------- Timing Runner: Conv-1 + ReLU-2 (CaskConvolution)\n"
      "[08/17/2022-07:51:00] [V] [TRT] Tactic: 0x00000000000000bb Time: 0.0625\n"
      "[08/17/2022-07:51:00] [V] [TRT] --------------- Timing Runner: MatMul-9 (CublasConvolution)\n"
      "[08/17/2022-07:51:00] [V] [TRT] Tactic: 0x0000000000000001 Time: 0.5\n"
      "[08/17/2022-07:51:01] [V] [TRT] Engine Layer Information:\n"
      "Layer(CaskConvolution): Conv-1 + ReLU-2, Tactic: 0x00000000000000bb, x[Float(1,3,8,8)] -> y[Float(1,8,8,8)]\n"
      "Layer(CublasConvolution): MatMul-9, Tactic: 0x0000000000000001, y[Float(1,8,8,8)] -> z[Float(1,10,1,1)]\n"
      "&&&& PASSED TensorRT.trtexec [TensorRT v8401] # trtexec --onnx=m.onnx --verbose\n";
  ec_engine *e = load_text(log, 0);
  ec_load_state *ls = ec_load_state_of(e);
  assert_int_equal(ls->n_log_layers, 2);
  const ec_layer *c = &ls->log_layers[0];
  assert_string_equal(c->tactic, "sm80_xmma_fprop_b");
  assert_string_equal(ec_attrs_get(&c->attrs, "BuildTimeMs"), "0.0625"); /* the shortest of its timings */
  assert_non_null(strstr(ec_attrs_get(&c->attrs, "TacticSource"), "build log"));
  assert_false(c->has_profile);
  const ec_layer *m = &ls->log_layers[1];
  assert_string_equal(m->tactic, "TensorRT"); /* cuBLAS tactics have no kernel name in the log */
  assert_string_equal(ec_attrs_get(&m->attrs, "BuildTimeMs"), "0.5");
  char b[80];
  /* a bare tactic number is shown with its runner, not "TensorRT" (issue 39) */
  assert_string_equal(ec_layer_tactic_shown(m, b, sizeof b), "CublasConvolution 0x1");
  assert_string_equal(ec_layer_tactic_shown(c, b, sizeof b), "sm80_xmma_fprop_b");
  drop(e);
}

/* The command line gives the shapes the option lines do not (TensorRT 7 and
 * 8.0 print "model"): several inputs, quoted names with ':' and ',', one set
 * of --minShapes per optimisation profile; option lines win over it. */
static void test_shapes_from_command_line_and_profiles(void **st) {
  (void)st;
  const char *log =
      "&&&& RUNNING TensorRT.trtexec [TensorRT v8003] # trtexec --onnx=m.onnx "
      "--minShapes=\\'x:0\\':1x3x8x8,\\'a,b\\':1x2 --optShapes=\\'x:0\\':2x3x8x8,\\'a,b\\':2x2 "
      "--maxShapes=\\'x:0\\':4x3x8x8,\\'a,b\\':4x2 "
      "--minShapes=\\'x:0\\':8x3x8x8 --optShapes=\\'x:0\\':9x3x8x8 --maxShapes=\\'x:0\\':16x3x8x8 "
      "--shapes=\\'x:0\\':3x3x8x8\n"
      "[01/01/2024-00:00:00] [I] === Build Options ===\n"
      "[01/01/2024-00:00:00] [I] Input build shapes: model\n"
      "[01/01/2024-00:00:00] [I] === Inference Options ===\n"
      "[01/01/2024-00:00:00] [I] Input inference shapes: model\n"
      "&&&& PASSED TensorRT.trtexec\n";
  ec_engine *e = load_text(log, 0);
  assert_int_equal(e->input_shapes.n, 2);
  const ec_input_shape *x = ec_engine_input_shape(e, "x:0", 3), *ab = ec_engine_input_shape(e, "a,b", 3);
  assert_non_null(x);
  assert_non_null(ab);
  assert_string_equal(shape_text(&x->min), "1x3x8x8");
  assert_string_equal(shape_text(&x->max), "4x3x8x8");
  assert_string_equal(shape_text(&x->inference), "3x3x8x8");
  assert_string_equal(shape_text(&ab->opt), "2x2");
  assert_string_equal(shape_text(&ab->inference), "-"); /* not given: unknown, not 0 */
  drop(e);
  e = load_text(log, 1); /* the second set of shapes is profile 1 */
  x = ec_engine_input_shape(e, "x:0", 3);
  assert_string_equal(shape_text(&x->min), "8x3x8x8");
  assert_string_equal(shape_text(&x->opt), "9x3x8x8");
  assert_null(ec_engine_input_shape(e, "a,b", 3));
  drop(e);
  /* option lines win; lines of another profile do not count */
  const char *log2 =
      "&&&& RUNNING TensorRT.trtexec [TensorRT v8601] # trtexec --minShapes=x:1x1 --optShapes=x:1x1 --maxShapes=x:1x1\n"
      "[01/01/2024-00:00:00] [I] === Build Options ===\n"
      "[01/01/2024-00:00:00] [I] Input build shape (profile 0): x=2x2+3x3+4x4\n"
      "[01/01/2024-00:00:00] [I] Input build shape (profile 1): x=5x5+6x6+7x7\n"
      "&&&& PASSED TensorRT.trtexec\n";
  e = load_text(log2, 0);
  assert_int_equal(e->input_shapes.n, 1);
  assert_string_equal(shape_text(&e->input_shapes.v[0].min), "2x2");
  assert_string_equal(shape_text(&e->input_shapes.v[0].max), "4x4");
  drop(e);
  e = load_text(log2, 1);
  assert_string_equal(shape_text(&e->input_shapes.v[0].opt), "6x6");
  drop(e);
}

/* ---------------------------------------------- one mapping of layer keys */

static void same_str(const char *what, const char *a, const char *b) {
  if ((a == NULL) != (b == NULL) || (a && strcmp(a, b)))
    fail_msg("%s: JSON \"%s\", log \"%s\"", what, a ? a : "(null)", b ? b : "(null)");
}

static void same_tensor(const ec_tensor *a, const ec_tensor *b) {
  same_str("tensor name", a->name, b->name);
  assert_int_equal(a->ndims, b->ndims);
  for (int i = 0; i < a->ndims; i++) assert_int_equal(a->dims[i], b->dims[i]);
  same_str("format", a->format, b->format);
  same_str("format_short", a->format_short, b->format_short);
  same_str("precision", a->precision, b->precision);
  same_str("location", a->location, b->location);
  assert_int_equal(a->volume, b->volume);
}

/* Every field of two layers, attributes as sets (JSON and log key orders differ). */
static void same_layer(const ec_layer *a, const ec_layer *b) {
  same_str("name", a->name, b->name);
  same_str("layer_type", a->layer_type, b->layer_type);
  same_str("type", a->type, b->type);
  same_str("tactic", a->tactic, b->tactic);
  same_str("tactic_value", a->tactic_value, b->tactic_value);
  same_str("origin", a->origin, b->origin);
  same_str("pooling_type", a->pooling_type, b->pooling_type);
  same_str("activation", a->activation, b->activation);
  assert_int_equal(a->stream_id, b->stream_id);
  assert_int_equal(a->n_metadata, b->n_metadata);
  for (size_t i = 0; i < a->n_metadata; i++) same_str("metadata", a->metadata[i], b->metadata[i]);
  assert_int_equal(a->n_in, b->n_in);
  assert_int_equal(a->n_out, b->n_out);
  for (size_t i = 0; i < a->n_in; i++) same_tensor(&a->in[i], &b->in[i]);
  for (size_t i = 0; i < a->n_out; i++) same_tensor(&a->out[i], &b->out[i]);
  same_str("precision", a->precision, b->precision);
  same_str("out_precision", a->out_precision, b->out_precision);
  same_str("weights_type", a->weights_type, b->weights_type);
  assert_int_equal(a->weights_count, b->weights_count);
  assert_int_equal(a->bias_count, b->bias_count);
  assert_near(a->weights_bytes, b->weights_bytes);
  assert_near(a->weights_bytes_trex, b->weights_bytes_trex);
  assert_near(a->io_bytes, b->io_bytes);
  assert_int_equal(a->conv.present, b->conv.present);
  assert_int_equal(a->conv.nkernel, b->conv.nkernel);
  for (int i = 0; i < 3; i++) {
    assert_int_equal(a->conv.kernel[i], b->conv.kernel[i]);
    assert_int_equal(a->conv.stride[i], b->conv.stride[i]);
    assert_int_equal(a->conv.dilation[i], b->conv.dilation[i]);
  }
  assert_int_equal(a->conv.groups, b->conv.groups);
  assert_int_equal(a->conv.out_maps, b->conv.out_maps);
  assert_int_equal(a->attrs.n, b->attrs.n);
  size_t off = 0;
  const char *k, *v;
  while (ec_attrs_next(&a->attrs, &off, &k, &v)) {
    const char *w = ec_attrs_get(&b->attrs, k);
    if (!w || strcmp(v, w)) fail_msg("attribute %s: JSON \"%s\", log \"%s\"", k, v, w ? w : "(absent)");
  }
}

/* The same layers described in layer-information JSON and in a log's
 * --dumpLayerInfo listing give the same model: before, the two readers
 * disagreed on TacticValue (an attribute in JSON only), Metadata (split on
 * U+001E in JSON only), the ConvActPool keys (ConvKernel, ConvGroups, ...,
 * PoolingPoolingType: JSON only), the convolution test (a Deconvolution was
 * a convolution in logs only), names with U+001F and absent dimensions. */
static void test_layer_keys_json_and_log_agree(void **st) {
  (void)st;
  const char *json =
      "{\"Layers\": ["
      "{\"Name\": \"cap\\u001fx\", \"LayerType\": \"ConvActPool\", "
      "\"Inputs\": [{\"Name\": \"in\", \"Location\": \"Device\", \"Dimensions\": [1,8,16,16], \"Format/Datatype\": \"Half\"}], "
      "\"Outputs\": [{\"Name\": \"mid\", \"Location\": \"Device\", \"Dimensions\": [1,16,8,8], \"Format/Datatype\": \"Half\"}], "
      "\"ParameterType\": \"ConvActPool\", \"ConvKernel\": [3,3], \"ConvStride\": [1,1], \"ConvDilation\": [1,1], "
      "\"ConvGroups\": 2, \"ConvOutMaps\": 16, \"PoolingPoolingType\": \"MAX\", "
      "\"ConvWeights\": {\"Type\": \"Half\", \"Count\": 576}, \"Bias\": {\"Type\": \"Float\", \"Count\": 16}, "
      "\"TacticName\": \"sm80_xmma_fprop_conv_act_pool\", \"TacticValue\": \"0x00000000000000aa\", \"StreamId\": 0, "
      "\"Metadata\": \"[ONNX Layer: conv]\\u001e[ONNX Layer: pool]\"},"
      "{\"Name\": \"up\", \"LayerType\": \"CaskDeconvolutionV2\", "
      "\"Inputs\": [{\"Name\": \"mid\", \"Location\": \"Device\", \"Dimensions\": [1,16,8,8], \"Format/Datatype\": \"Half\"}], "
      "\"Outputs\": [{\"Name\": \"out\", \"Location\": \"Device\", \"Format/Datatype\": \"Half\"}], "
      "\"ParameterType\": \"Convolution\", \"Kernel\": [2,2], \"Stride\": [2,2], \"OutMaps\": 4, \"Groups\": 1, "
      "\"Weights\": {\"Type\": \"Half\", \"Count\": 256}, \"TacticName\": \"\", \"TacticValue\": \"0x01\", \"StreamId\": 1}"
      "], \"Bindings\": [\"in\", \"out\"]}";
  const char *log =
      "[01/01/2024-00:00:00] [I] Layers:\n"
      "Name: cap\x1fx, LayerType: ConvActPool, Inputs: [ { Name: in, Location: Device, Dimensions: [1,8,16,16], "
      "Format/Datatype: Half }], Outputs: [ { Name: mid, Location: Device, Dimensions: [1,16,8,8], Format/Datatype: Half }], "
      "ParameterType: ConvActPool, ConvKernel: [3,3], ConvStride: [1,1], ConvDilation: [1,1], ConvGroups: 2, "
      "ConvOutMaps: 16, PoolingPoolingType: MAX, ConvWeights: {\"Type\": \"Half\", \"Count\": 576}, "
      "Bias: {\"Type\": \"Float\", \"Count\": 16}, TacticName: sm80_xmma_fprop_conv_act_pool, "
      "TacticValue: 0x00000000000000aa, StreamId: 0, Metadata: [ONNX Layer: conv]\x1e[ONNX Layer: pool]\n"
      "Name: up, LayerType: CaskDeconvolutionV2, Inputs: [ { Name: mid, Location: Device, Dimensions: [1,16,8,8], "
      "Format/Datatype: Half }], Outputs: [ { Name: out, Location: Device, Format/Datatype: Half }], "
      "ParameterType: Convolution, Kernel: [2,2], Stride: [2,2], OutMaps: 4, Groups: 1, "
      "Weights: {\"Type\": \"Half\", \"Count\": 256}, TacticName: , TacticValue: 0x01, StreamId: 1\n"
      "\n";
  ec_engine *ej = ec_engine_new("json"), *el = ec_engine_new("log");
  assert_int_equal(ec_load_graph_text(ej, "g.json", json, strlen(json), NULL), 0);
  assert_int_equal(ec_load_log_text(el, "l.log", log, strlen(log), NULL), 0);
  ec_load_state *ls = ec_load_state_of(el);
  assert_int_equal(ej->n_layers, 2);
  assert_int_equal(ls->n_log_layers, 2);
  for (size_t i = 0; i < 2; i++) same_layer(&ej->layers[i], &ls->log_layers[i]);
  /* and what both now say */
  const ec_layer *c = &ej->layers[0], *d = &ej->layers[1];
  assert_string_equal(c->name, "cap+x");
  assert_int_equal(c->n_metadata, 2);
  assert_string_equal(c->metadata[1], "[ONNX Layer: pool]");
  assert_true(c->conv.present);
  assert_int_equal(c->conv.kernel[1], 3);
  assert_int_equal(c->conv.groups, 2);
  assert_int_equal(c->conv.out_maps, 16);
  assert_string_equal(c->pooling_type, "MAX");
  assert_string_equal(ec_attrs_get(&c->attrs, "TacticValue"), "0x00000000000000aa");
  assert_near(c->weights_bytes, 576 * 2 + 16 * 4);
  assert_string_equal(d->type, "Deconvolution");
  assert_true(d->conv.present); /* its kernel; facts/layer_math.h gives it the deconvolution formula */
  assert_string_equal(d->tactic, "TensorRT"); /* "" is no tactic name */
  assert_int_equal(d->out[0].volume, -1);     /* no dimensions: unknown */
  assert_string_equal(d->weights_type, "FP16");
  drop(ej);
  drop(el);
}

static void test_orin_profile_name_first(void **st) {
  (void)st;
  EC_NEED_SHARED(shared);
  int rc;
  ec_engine *e = load_log(ec_test_path(shared, ORIN), 0, &rc);
  ec_load_state *ls = ec_load_state_of(e);
  assert_string_equal(e->trt_version, "8.5.2");
  assert_string_equal(e->device.name, "Orin");
  assert_int_equal(ls->n_prof[1], 77);
  assert_int_equal(ls->prof_count[1], 11);
  assert_string_equal(ls->prof[1][0].name, "[trainStation1]");
  assert_near(ls->prof[1][0].time_ms, 16.72);
  assert_near(ls->prof[1][0].avg_ms, 1.52);
  assert_near(ls->prof[1][0].median_ms, 1.089);
  assert_near(ls->prof[1][0].pct, 0.4);
  assert_string_equal(ls->prof[1][2].name,
                      "backbone.conv1.weight + /backbone/conv1/_weight_quantizer/QuantizeLinear + /backbone/conv1/Conv");
  assert_int_equal(ls->n_log_layers, 86);
  assert_string_equal(ls->log_layers[0].layer_type, "TrainStation");
  assert_int_equal(ls->log_layers[0].n_out, 0);
  drop(e);
}

/* --------------------------------------------------------------- sniffer */

static const char *const corpus_logs[] = {
    "corpus/hackathon-cn/mnist-trt10.14.1-rtx6000ada/result-01.log",
    "corpus/hackathon-cn/mnist-trt10.14.1-rtx6000ada/result-03.log",
    "corpus/hackathon-cn/mnist-trt10.14.1-rtx6000ada/result-04.log",
    "corpus/hackathon-cn/mnist-trt10.14.1-rtx6000ada/result-05.log",
    H100 "result-01.log", H100 "result-02.log", H100 "result-03.log", H100 "result-04.log", H100 "result-05.log",
    TRT803 "result-FP16.txt", TRT803 "result-FP32.txt", TRT803 "result-load-FP32.txt",
    "corpus/hackathon-cn/mnist-trt8.2.3-gtx1070/result-FP32.txt",
    "corpus/hackathon-cn/mnist-trt8.2.3-gtx1070/result-load-FP32.txt",
    "corpus/hackathon-cn/mnist-trt8.4.1-gtx1070/result-FP16.log",
    "corpus/hackathon-cn/mnist-trt8.4.1-gtx1070/result-PrintInformation.log",
    "corpus/hackathon-cn/mnist-trt8.4.1-gtx1070/result-loadAndInference.log",
    "corpus/hackathon-cn/mnist-trt8.6.0-rtx3090/result-02.log",
    "corpus/hackathon-cn/mnist-trt8.6.0-rtx3090/result-03.log",
    "corpus/hackathon-cn/mnist-trt8.6.0-rtx3090/result-04.log",
    "corpus/jetson-trtexec/googlenet-caffe-int8-jetson/raw_googlenet_None_int8_10.txt",
    JETSON, SEGFORMER, SEGFORMER_LN, ORIN};

static void test_sniff_corpus_logs(void **st) {
  (void)st;
  EC_NEED_SHARED(shared);
  for (size_t i = 0; i < sizeof corpus_logs / sizeof corpus_logs[0]; i++) {
    size_t len;
    char *t = slurp(ec_test_path(shared, corpus_logs[i]), &len);
    if (!ec_log_sniff(t, len)) fail_msg("not recognised as a log: %s", corpus_logs[i]);
    free(t);
  }
}

static int n_json_checked;
static int sniff_json_cb(const char *path, const struct stat *sb, int type, struct FTW *ftw) {
  (void)sb;
  (void)ftw;
  if (type != FTW_F) return 0;
  size_t n = strlen(path);
  int is_json = n > 5 && strcmp(path + n - 5, ".json") == 0;
  /* graph JSON saved as .log/.txt ("file extensions lie") */
  int json_named_log = strstr(path, "exportLayerInfo.log") || strstr(path, "modelInformation.");
  if (!is_json && !json_named_log) return 0;
  size_t len;
  char *t = slurp(path, &len);
  if (ec_log_sniff(t, len)) fail_msg("JSON taken for a log: %s", path);
  free(t);
  n_json_checked++;
  return 0;
}

static void test_sniff_rejects_corpus_json(void **st) {
  (void)st;
  EC_NEED_SHARED(shared);
  n_json_checked = 0;
  assert_int_equal(nftw(ec_test_path(shared, "corpus"), sniff_json_cb, 16, FTW_PHYS), 0);
  assert_true(n_json_checked >= 90);
}

static void test_sniff_fixtures_and_garbage(void **st) {
  (void)st;
  static const char *const yes[] = {FIX "multirun.log", FIX "percentile.log", FIX "truncated.log",
                                    FIX "trt7.log",     FIX "trt10.log",      FIX "names-only.log"};
  for (size_t i = 0; i < sizeof yes / sizeof yes[0]; i++) {
    size_t len;
    char *t = slurp(yes[i], &len);
    if (!ec_log_sniff(t, len)) fail_msg("fixture not recognised: %s", yes[i]);
    free(t);
  }
  size_t len;
  char *t = slurp(FIX "garbage.txt", &len);
  assert_false(ec_log_sniff(t, len));
  free(t);
  static const char *const no[] = {"", "   \n\n", "{\"Layers\": [\"=== Model Options ===\"]}",
                                   "[\n  {\"count\": 10},\n  {\"name\": \"TensorRT version: 8.6\"}\n]",
                                   "[{\"startMs\": 1}]", "hello\nworld\n", "\x01\x02\xff\xfe"};
  for (size_t i = 0; i < sizeof no / sizeof no[0]; i++) assert_false(ec_log_sniff(no[i], strlen(no[i])));
  /* a log whose first line is a timestamp (no banner) */
  const char *bare = "[01/02/2024-10:00:00] [I] [TRT] Loaded engine size: 6 MiB\n"
                     "[01/02/2024-10:00:00] [I] Starting inference\n"
                     "[01/02/2024-10:00:03] [I] Throughput: 12 qps\n";
  assert_true(ec_log_sniff(bare, strlen(bare)));
}

static void test_sniff_reads_at_most_64k(void **st) {
  (void)st;
  size_t n = 200000;
  char *t = ec_malloc(n + 1);
  memset(t, 'x', n);
  memcpy(t + 150000, "=== Model Options ===", 21);
  t[n] = '\0';
  assert_false(ec_log_sniff(t, n)); /* marker past the window */
  memcpy(t + 1000, "=== Model Options ===", 21);
  assert_true(ec_log_sniff(t, n));
  assert_false(ec_log_sniff(t, 1010)); /* never past len */
  free(t);
}

/* -------------------------------------------------------------- fixtures */

static void test_fixture_multirun_select(void **st) {
  (void)st;
  int rc;
  ec_engine *e = load_log(FIX "multirun.log", 2, &rc);
  assert_int_equal(rc, 0);
  assert_int_equal(e->n_log_runs, 3);
  assert_int_equal(e->log_run, 1);
  assert_near(e->perf.throughput_qps, 2000);
  assert_stat(e->perf.gpu_compute, "p99", 2.4);
  assert_near(e->perf.walltime_s, 3.002);
  /* options come from the chosen run, never merged with another */
  assert_string_equal(ec_kvs_get(&e->inference_options, "Input inference shape"), "x=4x3x32x32");
  assert_int_equal(e->perf.notes.n, 1); /* run 2's own warning only */
  const ec_diag *d = find_diag(e, "log holds 3 runs; using run 2 (--run selects)");
  assert_non_null(d);
  assert_int_equal(d->sev, EC_WARN);
  assert_int_equal(d->line, 33);
  drop(e);
}

static void test_fixture_multirun_default_and_out_of_range(void **st) {
  (void)st;
  int rc;
  ec_engine *e = load_log(FIX "multirun.log", 0, &rc);
  assert_int_equal(e->log_run, 2);
  assert_near(e->perf.throughput_qps, 3000);
  assert_int_equal(e->perf.notes.n, 0);
  assert_string_equal(ec_kvs_get(&e->inference_options, "Input inference shape"), "x=8x3x32x32");
  drop(e);
  e = load_log(FIX "multirun.log", 9, &rc);
  assert_int_equal(e->log_run, 2);
  assert_true(has_diag(e, EC_WARN, "--run 9 asked for, but the log holds 3 runs; using run 3"));
  drop(e);
}

static void test_fixture_custom_percentiles(void **st) {
  (void)st;
  int rc;
  ec_engine *e = load_log(FIX "percentile.log", 0, &rc);
  assert_int_equal(e->perf.latency.n, 6);
  assert_string_equal(e->perf.latency.v[4].label, "p50");
  assert_string_equal(e->perf.latency.v[5].label, "p99.9");
  assert_stat(e->perf.latency, "p99.9", 0.55);
  assert_stat(e->perf.enqueue, "p99.9", 0.04);
  assert_true(isnan(ec_stats_get(&e->perf.latency, "p99"))); /* not printed, not invented */
  assert_stat(e->perf.h2d, "max", 0);
  assert_string_equal(e->trt_version, "10.3.0");
  drop(e);
}

static void test_fixture_notes(void **st) {
  (void)st;
  int rc;
  ec_engine *e = load_log(FIX "percentile.log", 0, &rc);
  assert_int_equal(e->perf.notes.n, 2);
  assert_string_equal(e->perf.notes.v[0].key, "log");
  assert_string_equal(e->perf.notes.v[0].val,
                      "Throughput may be bound by Enqueue Time rather than GPU Compute and the GPU may be "
                      "under-utilized. If not already in use, --useCudaGraph (utilize CUDA graphs where possible) "
                      "may increase the throughput.");
  assert_true(strncmp(e->perf.notes.v[1].val,
                      "GPU compute time is unstable, with coefficient of variance = 3.2%", 65) == 0);
  drop(e);
}

static void test_fixture_options_keep_whole_values(void **st) {
  (void)st;
  int rc;
  ec_engine *e = load_log(FIX "percentile.log", 0, &rc);
  assert_string_equal(ec_kvs_get(&e->build_options, "Memory Pools"),
                      "workspace: 1024 MiB, dlaSRAM: default, dlaLocalDRAM: default, dlaGlobalDRAM: default, "
                      "tacticSharedMem: default");
  assert_string_equal(ec_kvs_get(&e->build_options, "Tempfile Controls"), "{ in_memory: allow, temporary: allow }");
  assert_string_equal(ec_kvs_get(&e->reporting_options, "Dump refittable layers"), "Disabled");
  assert_string_equal(ec_kvs_get(&e->reporting_options, "Percentiles"), "50,99.9");
  assert_string_equal(ec_kvs_get(&e->inference_options, "CUDA Graph"), "Enabled");
  assert_string_equal(ec_kvs_get(&e->inference_options, "Spin-wait"), "Enabled");
  assert_string_equal(ec_kvs_get(&e->inference_options, "Data transfers"), "Disabled");
  assert_string_equal(ec_kvs_get(&e->inference_options, "Separate profiling"), "Enabled");
  assert_string_equal(ec_kvs_get(&e->model_options, "Output"), "");
  assert_string_equal(ec_kvs_get(&e->device.all, "Device 0"), "\"Tiny GPU\" UUID: GPU-0000");
  assert_near(e->device.compute_clock_ghz, 2.505); /* "2505 MHz" */
  assert_near(e->device.memory_clock_ghz, 8.501);
  assert_string_equal(ec_kvs_get(&e->memory, "Total Weights Memory"), "8192 bytes");
  assert_string_equal(ec_kvs_get(&e->memory, "Engine build time"), "1.5 s");
  drop(e);
}

/* trtexec 11 (item 2 of issue 23): "Precision: Strongly Typed" is a build
 * option; the accuracy block goes with the inference options (also printed
 * outside the section), each "Accuracy loss for tensor" line is kept; a
 * deprecated flag's warning is a note that says what it means; "Unknown
 * option: --fp16" says TensorRT 11 removed the flag; other errors stay. */
static void test_fixture_trt11(void **st) {
  (void)st;
  int rc;
  ec_engine *e = load_log(FIX "trt11.log", 0, &rc);
  assert_int_equal(rc, 0);
  assert_string_equal(e->trt_version, "11.0.0");
  /* a --loadEngine run: its Build Options block is no build evidence */
  assert_null(ec_kvs_get(&e->build_options, "Precision"));
  assert_int_equal(e->build_from_load_run, 1);
  assert_string_equal(ec_kvs_get(&e->inference_options, "Accuracy Algorithm"), "cos");
  assert_string_equal(ec_kvs_get(&e->inference_options, "Absolute Tolerance (atol)"), "1e-05");
  assert_string_equal(ec_kvs_get(&e->inference_options, "Relative Tolerance (rtol)"), "1e-05");
  assert_string_equal(ec_kvs_get(&e->inference_options, "Accuracy Threshold"), "0.001");
  assert_string_equal(ec_kvs_get(&e->inference_options, "RefOutputs"), "y<-y.raw");
  assert_null(ec_kvs_get(&e->inference_options, "Separate profiling")); /* not printed by 11: not invented */
  assert_int_equal(e->accuracy.n, 2);
  assert_string_equal(e->accuracy.v[0].key, "y (cos)");
  assert_string_equal(e->accuracy.v[0].val, "0.001497 [FAIL: >= threshold 0.001]");
  assert_string_equal(e->accuracy.v[1].key, "y: logits (cos)"); /* split at the last "): " */
  assert_string_equal(e->accuracy.v[1].val, "0.000012");
  assert_int_equal(e->perf.notes.n, 1);
  assert_non_null(strstr(e->perf.notes.v[0].val, "--useCudaGraph is deprecated"));
  assert_non_null(strstr(e->perf.notes.v[0].val, "no-op on TensorRT 11"));
  const ec_diag *d = find_diag(e, "Unknown option: --fp16");
  assert_non_null(d);
  assert_int_equal(d->sev, EC_WARN);
  assert_non_null(strstr(d->msg, "TensorRT 11 removed --fp16"));
  assert_true(has_diag(e, EC_WARN, "TensorRT 11 removed --precisionConstraints"));
  assert_true(has_diag(e, EC_WARN, "the log reports an error: Could not open file missing.raw"));
  assert_false(has_diag(e, EC_WARN, "Could not open file missing.raw (TensorRT 11"));
  drop(e);
}

/* The real 11.0 logs: the removed flags' errors are explained, never bare. */
static void test_trt11_corpus_unknown_options(void **st) {
  EC_NEED_SHARED(sh);
  const char *p = ec_test_path(sh, "corpus/hackathon-cn/mnist-trt11.0-b200/result-15.log");
  int rc;
  ec_engine *e = load_log(p, 0, &rc);
  assert_int_equal(rc, 0);
  assert_string_equal(ec_kvs_get(&e->build_options, "Precision"), "Strongly Typed");
  size_t explained = 0;
  for (size_t i = 0; i < e->diags.n; i++)
    if (strstr(e->diags.v[i].msg, "Unknown option")) {
      assert_non_null(strstr(e->diags.v[i].msg, "TensorRT 11 removed"));
      explained++;
    }
  assert_int_equal(explained, 4); /* --fp16 --int8 --best --precisionConstraints */
  drop(e);
}

static void test_fixture_profile_name_last(void **st) {
  (void)st;
  int rc;
  ec_engine *e = load_log(FIX "percentile.log", 0, &rc);
  ec_load_state *ls = ec_load_state_of(e);
  assert_int_equal(ls->n_prof[1], 2);
  assert_int_equal(ls->prof_count[1], 100);
  assert_string_equal(ls->prof[1][0].name, "conv 1 + relu"); /* blanks inside the name */
  assert_string_equal(ls->prof[1][1].name, "PWN(add, mul)");
  assert_near(ls->prof[1][1].avg_ms, 0.15);
  assert_near(ls->prof[1][1].median_ms, 0.14);
  assert_near(ls->prof[1][1].pct, 60);
  drop(e);
}

static void test_fixture_trt7(void **st) {
  (void)st;
  int rc;
  ec_engine *e = load_log(FIX "trt7.log", 0, &rc);
  assert_int_equal(rc, 0);
  assert_int_equal(e->n_log_runs, 1);
  assert_near(e->perf.throughput_qps, 318.5);
  assert_stat(e->perf.latency, "p99", 3.45);
  assert_stat(e->perf.gpu_compute, "median", 3.04);
  assert_near(e->perf.total_gpu_compute_s, 2.9);
  ec_load_state *ls = ec_load_state_of(e);
  assert_int_equal(ls->n_prof[1], 2);
  assert_int_equal(ls->prof_count[1], 958);
  assert_string_equal(ls->prof[1][0].name, "conv1 + conv1_relu");
  assert_near(ls->prof[1][1].time_ms, 2100);
  assert_near(ls->prof[1][1].avg_ms, 2.1921);
  assert_near(ls->prof[1][1].pct, 70);
  assert_false(ls->prof[1][1].has_median);
  assert_false(has_diag(e, EC_WARN, "truncated"));
  drop(e);
}

static void test_fixture_trt10_banner_version_and_layers(void **st) {
  (void)st;
  int rc;
  ec_engine *e = load_log(FIX "trt10.log", 0, &rc);
  assert_string_equal(e->trt_version, "10.16.1"); /* from "[TensorRT v101601]" alone */
  assert_string_equal(e->trt_version_source, "log banner");
  ec_load_state *ls = ec_load_state_of(e);
  /* the detailed dump wins over the verbose listing */
  assert_int_equal(ls->n_log_layers, 3);
  const ec_layer *p = &ls->log_layers[1];
  assert_string_equal(p->name, "PWN(a, b)");
  assert_string_equal(p->type, "PointWise");
  assert_int_equal(p->n_in, 2);
  assert_string_equal(p->in[1].name, "(Unnamed Layer* 3) [Constant]_output");
  assert_string_equal(p->tactic, "TensorRT");
  const ec_layer *d = &ls->log_layers[2];
  assert_string_equal(d->layer_type, "CaskDeconvolutionV2");
  assert_string_equal(d->type, "Deconvolution");
  assert_near(d->weights_bytes, 2048 * 2.0);
  assert_string_equal(ls->log_layers[0].metadata[0], "[ONNX Layer: conv][ONNX Layer: relu]");
  assert_string_equal(ls->log_layers[0].activation, "RELU");
  drop(e);
}

static void test_fixture_names_only(void **st) {
  (void)st;
  int rc;
  ec_engine *e = load_log(FIX "names-only.log", 0, &rc);
  ec_load_state *ls = ec_load_state_of(e);
  assert_int_equal(ls->n_log_layers, 3);
  assert_string_equal(ls->log_layers[2].name, "(Unnamed Layer* 32) [Shuffle]");
  assert_int_equal(ls->log_layers[2].n_in, 0);
  assert_true(has_diag(e, EC_INFO, "names only"));
  drop(e);
}

static void test_fixture_truncated(void **st) {
  (void)st;
  int rc;
  ec_engine *e = load_log(FIX "truncated.log", 0, &rc);
  assert_int_equal(rc, 0);
  assert_near(e->perf.throughput_qps, 123.5);
  assert_stat(e->perf.latency, "p99", 9.1);
  assert_int_equal(e->perf.enqueue.n, 0); /* the cut line is not read */
  assert_true(isnan(e->perf.walltime_s));
  const ec_diag *d = find_diag(e, "PASSED/FAILED");
  assert_non_null(d);
  assert_int_equal(d->sev, EC_WARN);
  assert_int_equal(d->line, 17);
  assert_string_equal(d->file, FIX "truncated.log");
  d = find_diag(e, "without its Total row");
  assert_non_null(d);
  assert_int_equal(d->line, 13);
  assert_int_equal(ec_load_state_of(e)->n_prof[1], 1);
  drop(e);
}

static void test_fixture_garbage(void **st) {
  (void)st;
  int rc;
  ec_engine *e = load_log(FIX "garbage.txt", 0, &rc);
  assert_int_equal(rc, -1);
  assert_true(has_diag(e, EC_WARN, "no trtexec information"));
  assert_false(e->perf.present);
  assert_int_equal(e->n_files, 0);
  assert_null(e->ls ? (void *)e->ls->log_layers : NULL);
  drop(e);
}

static void test_existing_values_kept(void **st) {
  (void)st;
  ec_engine *e = ec_engine_new("t");
  e->device.present = 1;
  e->device.name = ec_strdup("Other GPU");
  e->device.source = "metadata";
  e->trt_version = ec_strdup("8.6.1");
  e->trt_version_source = ec_strdup("metadata");
  ec_kvs_add(&e->build_options, "Memory Pools", "workspace"); /* TREx's cut value */
  e->perf.present = 1;
  e->perf.throughput_qps = 1.0;
  e->perf.throughput_source = "metadata";
  size_t len;
  char *t = slurp(FIX "percentile.log", &len);
  assert_int_equal(ec_load_log_text(e, "p.log", t, len, NULL), 0);
  free(t);
  assert_string_equal(e->device.name, "Other GPU");
  assert_string_equal(e->device.source, "metadata");
  assert_string_equal(e->device.compute_capability, "8.9"); /* missing: filled */
  assert_string_equal(e->trt_version, "8.6.1");
  /* TREx's cut value gives way to the log's fuller one (issue 23: load/sources.c) */
  assert_string_equal(ec_kvs_get(&e->build_options, "Memory Pools"),
                      "workspace: 1024 MiB, dlaSRAM: default, dlaLocalDRAM: default, dlaGlobalDRAM: default, "
                      "tacticSharedMem: default");
  assert_string_equal(ec_kvs_get(&e->build_options, "Precision"), "FP32+FP16");
  assert_near(e->perf.throughput_qps, 1.0);
  assert_string_equal(e->perf.throughput_source, "metadata");
  assert_stat(e->perf.gpu_compute, "p99.9", 0.55); /* missing: filled */
  assert_true(has_diag(e, EC_INFO, "device name: keeping \"Other GPU\""));
  assert_true(has_diag(e, EC_INFO, "TensorRT version: keeping \"8.6.1\""));
  assert_false(has_diag(e, EC_INFO, "build option \"Memory Pools\""));
  assert_true(has_diag(e, EC_INFO, "throughput (qps)"));
  /* the notes the report shows: what was kept over a different value */
  assert_int_equal(e->source_notes.n, 3);
  drop(e);
}

static void test_second_profile_table_not_duplicated(void **st) {
  (void)st;
  ec_engine *e = ec_engine_new("t");
  size_t len;
  char *t = slurp(FIX "percentile.log", &len);
  assert_int_equal(ec_load_log_text(e, "a.log", t, len, NULL), 0);
  assert_int_equal(ec_load_log_text(e, "b.log", t, len, NULL), 0);
  free(t);
  assert_int_equal(ec_load_state_of(e)->n_prof[1], 2);
  assert_true(has_diag(e, EC_INFO, "per-layer profile table ignored"));
  assert_int_equal(e->n_files, 2);
  drop(e);
}

/* ------------------------------------------------------------ robustness */

static void parse_bytes(const char *bytes, size_t n) {
  char *t = ec_malloc(n + 1); /* exact size, so ASan catches any over-read */
  memcpy(t, bytes, n);
  t[n] = '\0';
  ec_engine *e = ec_engine_new("t");
  ec_load_opts o;
  memset(&o, 0, sizeof o);
  o.run = 2;
  (void)ec_load_log_text(e, "x.log", t, n, &o);
  (void)ec_log_sniff(t, n);
  drop(e);
  free(t);
}

static void test_every_prefix_no_crash(void **st) {
  (void)st;
  static const char *const files[] = {FIX "multirun.log", FIX "percentile.log", FIX "trt7.log",
                                      FIX "trt10.log",    FIX "truncated.log",  FIX "names-only.log"};
  for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
    size_t len;
    char *t = slurp(files[f], &len);
    size_t step = len / 300 ? len / 300 : 1;
    for (size_t cut = 0; cut <= len; cut += step) parse_bytes(t, cut);
    parse_bytes(t, len);
    free(t);
  }
}

static void test_nul_and_invalid_utf8_no_crash(void **st) {
  (void)st;
  size_t len;
  char *t = slurp(FIX "trt10.log", &len);
  /* sprinkle NULs, invalid bytes and stray brackets through a copy */
  for (size_t k = 0; k < 40; k++) {
    char *c = ec_malloc(len + 1);
    memcpy(c, t, len + 1);
    for (size_t i = k; i < len; i += 37 + k) c[i] = (char)(k % 4 == 0 ? 0 : k % 4 == 1 ? 0xff : k % 4 == 2 ? '[' : ')');
    parse_bytes(c, len);
    free(c);
  }
  free(t);
  static const char *const odd[] = {
      "Layer(X): n, Tactic: 1, a[Float(1,2)] -> b[Float(",
      "Layer(X): n, Tactic: 0x1, -> ",
      "[01/01/2024-00:00:00] [I] === Profile (3 iterations ) ===\n[01/01/2024-00:00:00] [I] Layer Time (ms)\n",
      "[01/01/2024-00:00:00] [I] === Profile (x iterations ) ===\n[01/01/2024-00:00:00] [I]   Time(ms) Avg.(ms) "
      "Layer\n[01/01/2024-00:00:00] [I] 1 2\n",
      "[01/01/2024-00:00:00] [I] Layers:\nName: a, LayerType: B, Inputs: [ { Name: x, Dimensions: [1,,-, "
      "Format/Datatype: }, {\n",
      "[01/01/2024-00:00:00] [I] Layers:\nName: a, LayerType: B, Weights: {\"Type\": \"Float\", \"Count\": ",
      "[01/01/2024-00:00:00] [I] Host Latency\n[01/01/2024-00:00:00] [I] percentile: 3 ms at 99999999999999999%\n",
      "[01/01/2024-00:00:00] [I] === Performance summary ===\n[01/01/2024-00:00:00] [I] Latency: "
      "percentile(99.99999999999999999%) = 1 ms, = , min = nan ms, max = 1e999 ms\n",
      "&&&& RUNNING TensorRT.trtexec [TensorRT v99999999999999999999]\n",
      "[W]   \n[W] * \n[W]   continuation\n"};
  for (size_t i = 0; i < sizeof odd / sizeof odd[0]; i++) parse_bytes(odd[i], strlen(odd[i]));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_segformer_device),
      cmocka_unit_test(test_segformer_perf),
      cmocka_unit_test(test_segformer_version_options_memory),
      cmocka_unit_test(test_segformer_layers),
      cmocka_unit_test(test_segformer_fast),
      cmocka_unit_test(test_h100_version_device),
      cmocka_unit_test(test_h100_perf_percentiles_and_note),
      cmocka_unit_test(test_h100_dump_profile),
      cmocka_unit_test(test_h100_detailed_layer_dump),
      cmocka_unit_test(test_h100_verbose_layers_vectorized_dims),
      cmocka_unit_test(test_trt803_version),
      cmocka_unit_test(test_truncated_segformer),
      cmocka_unit_test(test_jetson_multirun_default_last),
      cmocka_unit_test(test_jetson_multirun_select_first),
      cmocka_unit_test(test_jetson_each_run_alone),
      cmocka_unit_test(test_fixture_two_models_nothing_crosses),
      cmocka_unit_test(test_fixture_every_input_shape),
      cmocka_unit_test(test_shapes_from_command_line_and_profiles),
      cmocka_unit_test(test_build_log_tactics),
      cmocka_unit_test(test_layer_keys_json_and_log_agree),
      cmocka_unit_test(test_orin_profile_name_first),
      cmocka_unit_test(test_sniff_corpus_logs),
      cmocka_unit_test(test_sniff_rejects_corpus_json),
      cmocka_unit_test(test_sniff_fixtures_and_garbage),
      cmocka_unit_test(test_sniff_reads_at_most_64k),
      cmocka_unit_test(test_fixture_multirun_select),
      cmocka_unit_test(test_fixture_multirun_default_and_out_of_range),
      cmocka_unit_test(test_fixture_custom_percentiles),
      cmocka_unit_test(test_fixture_notes),
      cmocka_unit_test(test_fixture_trt11),
      cmocka_unit_test(test_trt11_corpus_unknown_options),
      cmocka_unit_test(test_fixture_options_keep_whole_values),
      cmocka_unit_test(test_fixture_profile_name_last),
      cmocka_unit_test(test_fixture_trt7),
      cmocka_unit_test(test_fixture_trt10_banner_version_and_layers),
      cmocka_unit_test(test_fixture_names_only),
      cmocka_unit_test(test_fixture_truncated),
      cmocka_unit_test(test_fixture_garbage),
      cmocka_unit_test(test_existing_values_kept),
      cmocka_unit_test(test_second_profile_table_not_duplicated),
      cmocka_unit_test(test_every_prefix_no_crash),
      cmocka_unit_test(test_nul_and_invalid_utf8_no_crash),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
