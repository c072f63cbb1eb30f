/* test_scale — the pieces that keep big engines (100,000 layers) n log n:
 * ranking, the hash map, and the tables that used to sort or group with
 * quadratic loops. These tests check results, not time (`make bench` times
 * the whole program and prints its growth per doubling). */
#include "testutil.h"
#include "analyze/summary.h"
#include "util/alloc.h"
#include "util/map.h"
#include "util/rank.h"
#include "view/engine_tables.h"
#include <math.h>

/* ---- ec_rank_desc ---------------------------------------------------- */

static void test_rank(void **st) {
  (void)st;
  double v[] = {1, 5, NAN, 5, 7, 1, -2};
  size_t *o = ec_rank_desc(v, 7);
  size_t want[] = {4, 1, 3, 0, 5, 6, 2}; /* largest first, ties in index order, NaN last */
  for (size_t i = 0; i < 7; i++) assert_int_equal(o[i], want[i]);
  free(o);
  o = ec_rank_desc(NULL, 0);
  free(o);
}

/* ---- ec_map: many keys, shared prefixes, replacement -------------------- */

static void test_map_many(void **st) {
  (void)st;
  enum { N = 200000 };
  char **keys = ec_calloc(N, sizeof *keys);
  ec_map m = {0};
  for (size_t i = 0; i < N; i++) {
    keys[i] = ec_asprintf("/encoder/layer.%zu/attention/output/dense/MatMul_output_0", i);
    assert_int_equal(ec_map_put(&m, keys[i], strlen(keys[i]), i), 1);
  }
  assert_int_equal(m.n, N);
  for (size_t i = 0; i < N; i += 7) assert_int_equal(ec_map_put(&m, keys[i], strlen(keys[i]), i * 2), 0);
  assert_int_equal(m.n, N);
  for (size_t i = 0; i < N; i++) {
    size_t v = SIZE_MAX;
    assert_true(ec_map_get(&m, keys[i], strlen(keys[i]), &v));
    assert_int_equal(v, i % 7 ? i : i * 2);
  }
  /* a prefix of a key, and a key with one byte changed, are absent */
  assert_false(ec_map_get(&m, keys[5], strlen(keys[5]) - 1, NULL));
  char *x = ec_strdup(keys[9]);
  x[3] ^= 1;
  assert_false(ec_map_get(&m, x, strlen(x), NULL));
  free(x);
  ec_map_free(&m);
  for (size_t i = 0; i < N; i++) free(keys[i]);
  free(keys);
}

/* ---- hand-built engines ---------------------------------------------- */

static ec_layer *S_layer(ec_engine *e, const char *name, const char *tactic, double io, double ms) {
  ec_layer *l = EC_PUSH(e->layers, e->n_layers, e->cap_layers);
  memset(l, 0, sizeof *l);
  l->index = e->n_layers - 1;
  l->name = ec_strdup(name);
  l->name_len = strlen(name);
  l->layer_type = ec_strdup("CaskConvolution");
  l->type = ec_strdup("Convolution");
  l->tactic = ec_strdup(tactic);
  l->stream_id = -1;
  l->precision = l->precision_trex = "FP16";
  l->out_precision = "FP16";
  l->io_bytes = io;
  l->has_profile = 1;
  l->avg_ms = ms;
  return l;
}

static ec_engine *S_engine(void) {
  ec_engine *e = ec_engine_new("hand");
  e->has_graph = 1;
  e->has_profile = 1;
  e->profile_count = 10;
  return e;
}

/* The memory table ranks by footprint, largest first, ties in graph order
 * (the insertion sort it replaced was stable; the order must not change). */
static void test_memory_order(void **st) {
  (void)st;
  ec_engine *e = S_engine();
  double io[] = {10, 30, 30, 5, 30, 0};
  const char *names[] = {"a", "b", "c", "d", "e", "f"};
  for (size_t i = 0; i < 6; i++) S_layer(e, names[i], "t_0x1", io[i], 1);
  ec_summary *s = ec_summarize(e);
  const char *why = NULL;
  ec_table *t = ec_tbl_memory(s, "m", 4, &why);
  assert_non_null(t);
  assert_int_equal(t->nrows, 4);
  const char *want[] = {"b", "c", "e", "a"};
  for (size_t r = 0; r < 4; r++) assert_string_equal(ec_table_cell(t, r, 0)->text, want[r]);
  assert_non_null(t->note);
  ec_table_free(t);
  ec_summary_free(s);
  ec_engine_free(e);
}

/* The tactics table groups by the tactic cut before "_0x", sums each
 * group, and orders groups by latency, ties by name. */
static void test_tactics_groups(void **st) {
  (void)st;
  ec_engine *e = S_engine();
  S_layer(e, "l0", "zeta_kernel_0x11", 0, 1.0);
  S_layer(e, "l1", "alpha_kernel_0x22", 0, 0.5);
  S_layer(e, "l2", "zeta_kernel_0x33", 0, 2.0);
  S_layer(e, "l3", "beta_kernel_0x44", 0, 0.5);
  S_layer(e, "l4", "gamma", 0, 0.25);
  ec_summary *s = ec_summarize(e);
  const char *why = NULL;
  ec_table *t = ec_tbl_tactics(s, "t", &why);
  assert_non_null(t);
  assert_int_equal(t->nrows, 4);
  assert_string_equal(ec_table_cell(t, 0, 0)->text, "zeta_kernel");
  assert_int_equal((int)ec_table_cell(t, 0, 1)->sort, 2);
  assert_true(fabs(ec_table_cell(t, 0, 2)->sort - 3.0) < 1e-12);
  assert_string_equal(ec_table_cell(t, 1, 0)->text, "alpha_kernel"); /* tie at 0.5 ms: by name */
  assert_string_equal(ec_table_cell(t, 2, 0)->text, "beta_kernel");
  assert_string_equal(ec_table_cell(t, 3, 0)->text, "gamma");
  ec_table_free(t);
  ec_summary_free(s);
  ec_engine_free(e);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_rank),
      cmocka_unit_test(test_map_many),
      cmocka_unit_test(test_memory_order),
      cmocka_unit_test(test_tactics_groups),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
