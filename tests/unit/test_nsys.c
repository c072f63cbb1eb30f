/* Unit tests for the Nsight Systems input (src/load/nsys*.c): which layer a
 * range names, which ranges are iterations, what a stats report looks like,
 * and the kernel numbers (facts/kernels.h). The whole path, SQLite to
 * outputs, is tests/e2e/nsys.sh. */
#include "testutil.h"
#include "facts/kernels.h"
#include "load/nsys.h"

static ec_engine *S_engine(void) {
  const char *g = "{\"Layers\":[{\"Name\":\"conv1\",\"LayerType\":\"CaskConvolution\"},"
                  "{\"Name\":\"a\\u001eb\",\"LayerType\":\"PointWiseV2\"},"
                  "{\"Name\":\"x\",\"LayerType\":\"PointWiseV2\"},{\"Name\":\"x\",\"LayerType\":\"PointWiseV2\"},"
                  "{\"Name\":\"{ForeignNode[/a/MatMul.../a/Softmax]}\",\"LayerType\":\"Myelin\"}]}";
  ec_engine *e = ec_engine_new("t");
  ec_load_graph_text(e, "g.json", g, strlen(g), NULL);
  ec_load_finish(e, NULL);
  return e;
}

static long S_layer(const ec_nsys_names *m, const char *s) { return ec_nsys_names_layer(m, s, strlen(s)); }

static void test_range_names(void **state) {
  (void)state;
  ec_engine *e = S_engine();
  assert_int_equal(e->n_layers, 5);
  ec_nsys_names m;
  ec_nsys_names_init(&m, e);
  assert_int_equal(S_layer(&m, "conv1"), 0);
  assert_int_equal(S_layer(&m, "a\x1e" "b"), 1);   /* U+001E as the loader keeps it: "a+b" */
  assert_int_equal(S_layer(&m, "a+b"), 1);
  assert_int_equal(S_layer(&m, "x"), 2);
  assert_int_equal(S_layer(&m, "x_2"), 3);         /* the loader's second "x" */
  assert_int_equal(S_layer(&m, "conv1 [profile 0]"), 0);
  assert_int_equal(S_layer(&m, "{\"Name\": \"conv1\", \"Tactic\": \"0x1\"}"), 0);
  assert_int_equal(S_layer(&m, "{\"name\":\"x_2\"}"), 3);
  assert_int_equal(S_layer(&m, "{ForeignNode[/a/MatMul.../a/Softmax]}"), 4); /* a name, not JSON */
  assert_int_equal(S_layer(&m, "TensorRT:conv1"), 0);                          /* a domain prefix */
  assert_int_equal(S_layer(&m, "ExecutionContext::enqueueV3"), -1);
  assert_int_equal(S_layer(&m, "conv"), -1);
  assert_int_equal(S_layer(&m, "{\"Name\": 3}"), -1);
  assert_int_equal(S_layer(&m, "{not json"), -1);
  assert_int_equal(S_layer(&m, ""), -1);
  ec_nsys_names_free(&m);
  ec_engine_free(e);
}

static void test_iterations(void **state) {
  (void)state;
  const char *yes[] = {"ExecutionContext::enqueueV3", "ExecutionContext::enqueue", "ExecutionContext::executeV2"};
  const char *no[] = {"myelinGraphExecute", "enqueueV3", "ExecutionContext::", "conv1"};
  for (size_t i = 0; i < 3; i++) assert_true(ec_nsys_is_iteration(yes[i], strlen(yes[i])));
  for (size_t i = 0; i < 4; i++) assert_false(ec_nsys_is_iteration(no[i], strlen(no[i])));
}

static void test_stats_sniff(void **state) {
  (void)state;
  const char *kern = "Time (%),Total Time (ns),Instances,Avg (ns),Med (ns),Min (ns),Max (ns),StdDev (ns),Name\n"
                     "100.0,3000,1,3000.0,3000.0,3000,3000,0.0,k\n";
  const char *noted = "Processing [r.sqlite] with [nvtx_sum.py]... \n\n"
                      "Time (%),Total Time (ns),Instances,Avg (ns),Med (ns),Min (ns),Max (ns),StdDev (ns),Style,Range\n";
  const char *nk = "NVTX Range,Style,PID,TID,NVTX Inst,Kern Inst,Total Time (us),Kernel Name\n";
  const char *json = "[{\"Time (%)\": 1.0, \"Total Time (ns)\": 3, \"Instances\": 1, \"Name\": \"k\"}]";
  const char *other[] = {"name,value\na,1\n", "[{\"count\": 3}]", "{\"Layers\": []}", "Total Time,Name\n"};
  assert_true(ec_nsys_stats_sniff(kern, strlen(kern)));
  assert_true(ec_nsys_stats_sniff(noted, strlen(noted)));
  assert_true(ec_nsys_stats_sniff(nk, strlen(nk)));
  assert_true(ec_nsys_stats_sniff(json, strlen(json)));
  for (size_t i = 0; i < 4; i++) assert_false(ec_nsys_stats_sniff(other[i], strlen(other[i])));
  /* recognised by content: an SQLite file, a stats report; a profile stays a profile */
  assert_int_equal(ec_sniff("SQLite format 3\0\x10\0", 19), EC_FILE_NSYS);
  assert_int_equal(ec_sniff(kern, strlen(kern)), EC_FILE_NSYS_STATS);
  assert_int_equal(ec_sniff(json, strlen(json)), EC_FILE_NSYS_STATS);
  const char *prof = "[{\"count\": 3}, {\"name\": \"a\", \"averageMs\": 1}]";
  assert_int_equal(ec_sniff(prof, strlen(prof)), EC_FILE_PROFILE);
}

static void test_kernel_numbers(void **state) {
  (void)state;
  ec_kernel k = {.launches = 6, .total_ms = 3.0};
  ec_layer_kernels lk = {.instances = 3, .total_ms = 4.0};
  assert_true(fabs(ec_kernel_launches_per_iter(&lk, &k) - 2.0) < 1e-12);
  assert_true(fabs(ec_kernel_share_pct(&lk, &k) - 75.0) < 1e-12);
  lk.instances = 0;
  assert_true(isnan(ec_kernel_launches_per_iter(&lk, &k))); /* unknown, not 0 */
  lk.total_ms = 0;
  assert_true(isnan(ec_kernel_share_pct(&lk, &k)));
  assert_true(isnan(ec_kernel_share_pct(NULL, &k)));
  double v[] = {3, 1, 2, 10};
  assert_true(fabs(ec_nsys_median(v, 4) - 2.5) < 1e-12);
  assert_true(isnan(ec_nsys_median(v, 0)));
  /* no kernel data, no reconciliation */
  ec_engine *e = S_engine();
  assert_null(ec_kernel_recon_of(e));
  ec_engine_free(e);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_range_names),
      cmocka_unit_test(test_iterations),
      cmocka_unit_test(test_stats_sniff),
      cmocka_unit_test(test_kernel_numbers),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
