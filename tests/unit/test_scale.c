/* test_scale — the pieces that keep big engines (100,000 layers) n log n:
 * ranking, the hash map, and the tables that used to sort or group with
 * quadratic loops. These tests check results, not time (`make bench` times
 * the whole program and prints its growth per doubling). */
#include "testutil.h"
#include "facts/graph.h"
#include "facts/summary.h"
#include "util/alloc.h"
#include "util/map.h"
#include "util/rank.h"
#include "view/engine_tables.h"
#include "view/graph_dot.h"
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
  /* its I/O: one output tensor of io bytes (what facts/layer_numbers sizes) */
  l->out = ec_calloc(1, sizeof *l->out);
  l->n_out = 1;
  l->out[0].name = ec_asprintf("%s.out", name);
  l->out[0].name_len = strlen(l->out[0].name);
  l->out[0].volume = (int64_t)io;
  l->out[0].elem_bytes = 1;
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
  ec_table *t = ec_tbl_memory(s, "m", 4);
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
  ec_table *t = ec_tbl_tactics(s, "t");
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

/* Groups by type are found through a map and by binary search: an engine
 * with as many types as layers (a hostile graph) gets every group right. */
static void test_many_groups(void **st) {
  (void)st;
  ec_engine *e = S_engine();
  enum { N = 3000 };
  for (size_t i = 0; i < N; i++) {
    char nm[32];
    snprintf(nm, sizeof nm, "l%zu", i);
    ec_layer *l = S_layer(e, nm, "k_0x1", 0, 1.0);
    free(l->type);
    l->type = ec_asprintf("T%zu", i % (N / 2)); /* each type twice */
  }
  ec_summary *s = ec_summarize(e);
  assert_int_equal(s->by_type.n, N / 2);
  for (size_t k = 0; k < N / 2; k++) {
    char ty[32];
    snprintf(ty, sizeof ty, "T%zu", k);
    const ec_group *g = ec_groups_find(&s->by_type, ty);
    assert_non_null(g);
    assert_string_equal(g->key, ty);
    assert_int_equal(g->count, 2);
  }
  assert_null(ec_groups_find(&s->by_type, "T"));
  assert_null(ec_groups_find(&s->by_type, "zzz"));
  ec_summary_free(s);
  ec_engine_free(e);
}

/* ---- the graph of a transformer-like engine ------------------------------- */

static void S_tensor(ec_tensor *t, const char *name) {
  memset(t, 0, sizeof *t);
  t->name = ec_strdup(name);
  t->name_len = strlen(name);
  t->precision = t->precision_trex = "FP16";
  t->format_short = "Half";
}

static void S_bind(ec_engine *e, const char *name) {
  e->bindings = ec_reallocarray(e->bindings, e->n_bindings + 1, sizeof *e->bindings);
  ec_binding *b = &e->bindings[e->n_bindings++];
  memset(b, 0, sizeof *b);
  S_tensor(&b->t, name);
  b->dir = EC_BIND_INPUT;
  b->listed = 1;
}

/* n layers in a chain from input "x"; each also reads "mask" (an attention
 * mask read by every layer); layer deep reads "kv" too. */
static ec_engine *S_chain(size_t n, size_t deep) {
  ec_engine *e = S_engine();
  S_bind(e, "x");
  S_bind(e, "mask");
  S_bind(e, "kv");
  for (size_t i = 0; i < n; i++) {
    char nm[32], in[32], out[32];
    snprintf(nm, sizeof nm, "/m/layers.%zu/op", i);
    snprintf(in, sizeof in, i ? "t%zu" : "x", i);
    snprintf(out, sizeof out, "t%zu", i + 1);
    ec_layer *l = S_layer(e, nm, "k_0x1", 1, 0.01);
    l->n_in = i == deep ? 3 : 2;
    l->in = ec_calloc(l->n_in, sizeof *l->in);
    S_tensor(&l->in[0], in);
    S_tensor(&l->in[1], "mask");
    if (i == deep) S_tensor(&l->in[2], "kv");
    ec_tensor_clear(&l->out[0]); /* S_layer's placeholder output */
    S_tensor(&l->out[0], out);
  }
  return e;
}

static size_t S_count(const char *s, const char *needle) {
  size_t n = 0;
  for (const char *p = strstr(s, needle); p; p = strstr(p + 1, needle)) n++;
  return n;
}

/* A broadcast input (read by more than EC_GRAPH_FANOUT_MAX nodes) of a big
 * graph is drawn beside each reader: every input node then has one edge,
 * and no edge spans the graph. Small graphs keep one node. */
static void test_split_fanout(void **st) {
  (void)st;
  ec_engine *e = S_chain(200, 150);
  ec_graph *g = ec_graph_build(e, NULL);
  size_t before = g->n_nodes;
  ec_graph_simplify(g, 600);
  assert_int_equal(g->n_split_inputs, 1);
  assert_int_equal(g->n_input_copies, 200);
  assert_int_equal(g->n_nodes, before + 199);
  size_t *outdeg = ec_calloc(g->n_nodes, sizeof *outdeg);
  for (size_t i = 0; i < g->n_edges; i++) outdeg[g->edges[i].from]++;
  size_t mask_nodes = 0;
  for (size_t i = 0; i < g->n_nodes; i++) {
    if (g->nodes[i].kind != EC_GN_INPUT) continue;
    assert_true(outdeg[i] <= 1);
    size_t len;
    const char *nm = ec_gnode_name(g, &g->nodes[i], &len);
    if (len == 4 && !memcmp(nm, "mask", 4)) {
      mask_nodes++;
      assert_true(g->nodes[i].copy);
    } else {
      assert_false(g->nodes[i].copy);
    }
  }
  assert_int_equal(mask_nodes, 200);
  free(outdeg);
  char *note = ec_graph_folded_note(g);
  assert_non_null(note);
  assert_non_null(strstr(note, "1 input read by more than 8 nodes is drawn beside each reader (200 copies)"));
  free(note);

  /* the DOT: big-graph tuning; the legend sits above the top sources only
   * (x and the mask copy beside layer 0), not above kv (read at layer 150)
   * nor the other mask copies */
  ec_dot_opts o = {0};
  o.legend = 1;
  char *dot = ec_dot_graph(g, &o);
  assert_non_null(strstr(dot, "nslimit=1 nslimit1=1"));
  assert_int_equal(S_count(dot, "legend -> "), 2);
  free(dot);
  ec_graph_free(g);

  /* budget 0: no simplification at all */
  g = ec_graph_build(e, NULL);
  ec_graph_simplify(g, 0);
  assert_int_equal(g->n_input_copies, 0);
  ec_graph_free(g);
  ec_engine_free(e);

  /* a small graph keeps its one mask node (and Graphviz's defaults) */
  e = S_chain(20, 10);
  g = ec_graph_build(e, NULL);
  ec_graph_simplify(g, 600);
  assert_int_equal(g->n_input_copies, 0);
  dot = ec_dot_graph(g, &o);
  assert_null(strstr(dot, "nslimit"));
  free(dot);
  ec_graph_free(g);
  ec_engine_free(e);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_rank),
      cmocka_unit_test(test_map_many),
      cmocka_unit_test(test_memory_order),
      cmocka_unit_test(test_tactics_groups),
      cmocka_unit_test(test_many_groups),
      cmocka_unit_test(test_split_fanout),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
