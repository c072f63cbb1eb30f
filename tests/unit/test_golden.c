/* Golden test: every file in ../shared/reference/golden-trex/ (values computed
 * by running TREx 0.2.1 itself) must match our loader + summary within 1e-6
 * relative. TREx's labels are compared where they differ from ours by design
 * (precision_trex: BF16 -> FP32), and layers with no inputs ("None"), which
 * pandas' groupby drops, are left out of the precision counts. Without a
 * profile TREx prints 0 ms and 0%, which golden-trex/README.md says carry no
 * meaning: there the test checks that ours are unknown, not 0. */
#include "testutil.h"
#include <dirent.h>
#include <jansson.h>
#include <math.h>
#include "facts/summary.h"
#include "load/load.h"

static int S_close(double a, double b) {
  double d = fabs(a - b), m = fmax(fabs(a), fabs(b));
  return d <= 1e-6 * m || d < 1e-12;
}

static void S_check_close(const char *file, const char *what, double got, double want) {
  if (!S_close(got, want)) fail_msg("%s: %s = %.12g, TREx says %.12g", file, what, got, want);
}

static void S_check_engine(const char *shared, const char *file, json_t *g) {
  const char *prefix = json_string_value(json_object_get(g, "prefix"));
  assert_non_null(prefix);
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", shared, prefix);
  ec_engine *e = NULL;
  int rc = ec_load_engine(path, NULL, &e);
  if (rc != 0) fail_msg("%s: load %s returned %d", file, path, rc);
  ec_summary *s = ec_summarize(e);
  json_int_t layers = json_integer_value(json_object_get(g, "layers"));
  if ((json_int_t)s->layers != layers) fail_msg("%s: layers %zu, TREx %lld", file, s->layers, (long long)layers);
  /* count_by_type */
  const char *k;
  json_t *v;
  json_t *cbt = json_object_get(g, "count_by_type");
  assert_int_equal(json_object_size(cbt), s->by_type.n);
  json_object_foreach(cbt, k, v) {
    const ec_group *gr = ec_groups_find(&s->by_type, k);
    if (!gr) fail_msg("%s: type %s missing", file, k);
    if ((json_int_t)gr->count != json_integer_value(v))
      fail_msg("%s: count of %s %zu, TREx %lld", file, k, gr->count, (long long)json_integer_value(v));
  }
  /* count_by_precision with TREx's labels */
  json_t *cbp = json_object_get(g, "count_by_precision");
  size_t ours_total = 0;
  json_object_foreach(cbp, k, v) {
    size_t n = 0;
    for (size_t i = 0; i < e->n_layers; i++)
      if (strcmp(e->layers[i].precision_trex, k) == 0) n++;
    if ((json_int_t)n != json_integer_value(v)) fail_msg("%s: precision %s %zu, TREx %lld", file, k, n, (long long)json_integer_value(v));
    ours_total += n;
  }
  size_t none = 0;
  for (size_t i = 0; i < e->n_layers; i++)
    if (strcmp(e->layers[i].precision_trex, "None") == 0) none++;
  assert_int_equal(ours_total + none, e->n_layers);
  assert_int_equal((json_int_t)s->reformat_count, json_integer_value(json_object_get(g, "reformat_count")));
  /* latency: without a profile TREx prints 0 (golden-trex/README.md: no
   * meaning); ours is unknown, never 0 */
  if (!s->has_latency) {
    S_check_close(file, "latency_total_ms (TREx, no profile)", json_number_value(json_object_get(g, "latency_total_ms")), 0);
    if (isfinite(s->reformat_share_pct)) fail_msg("%s: no profile, yet a reformat share of %g", file, s->reformat_share_pct);
  } else {
    S_check_close(file, "latency_total_ms", s->total_ms, json_number_value(json_object_get(g, "latency_total_ms")));
    json_t *lbt = json_object_get(g, "latency_by_type");
    json_object_foreach(lbt, k, v) {
      const ec_group *gr = ec_groups_find(&s->by_type, k);
      assert_non_null(gr);
      S_check_close(file, k, gr->latency_ms, json_number_value(v));
    }
    S_check_close(file, "reformat_share_pct", s->reformat_share_pct, json_number_value(json_object_get(g, "reformat_share_pct")));
  }
  /* top3 by latency, ties in graph order */
  json_t *top = json_object_get(g, "top3");
  for (size_t i = 0; i < json_array_size(top) && i < e->n_layers; i++) {
    const char *want = json_string_value(json_array_get(top, i));
    const char *got = e->layers[s->order[i]].name;
    if (strcmp(want, got) != 0) fail_msg("%s: top%zu is \"%s\", TREx \"%s\"", file, i + 1, got, want);
  }
  json_t *t = json_object_get(g, "timing");
  if (t) {
    assert_true(s->has_timing);
    assert_int_equal((json_int_t)s->timing.count, json_integer_value(json_object_get(t, "count")));
    S_check_close(file, "timing.mean", s->timing.mean, json_number_value(json_object_get(t, "mean_ms")));
    S_check_close(file, "timing.median", s->timing.median, json_number_value(json_object_get(t, "median_ms")));
    S_check_close(file, "timing.p99", s->timing.p99, json_number_value(json_object_get(t, "p99_ms")));
  }
  ec_summary_free(s);
  ec_engine_free(e);
}

static void test_golden_trex(void **state) {
  (void)state;
  EC_NEED_SHARED(shared);
  const char *dir = ec_test_path(shared, "reference/golden-trex");
  DIR *d = opendir(dir);
  assert_non_null(d);
  struct dirent *de;
  int n = 0;
  while ((de = readdir(d))) {
    size_t l = strlen(de->d_name);
    if (l < 6 || strcmp(de->d_name + l - 5, ".json") != 0) continue;
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
    json_error_t err;
    json_t *g = json_load_file(path, 0, &err);
    if (!g) fail_msg("%s: %s", path, err.text);
    S_check_engine(shared, de->d_name, g);
    json_decref(g);
    n++;
  }
  closedir(d);
  print_message("golden-trex: %d engines match\n", n);
  assert_true(n >= 20);
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_golden_trex)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
