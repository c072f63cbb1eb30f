/* The engine graph: building (edges, bindings, NoOp folding, constants),
 * query/radius selection, simplification, DOT escaping of hostile names,
 * the layout child's time limit, and the report's graph block. */
#include "testutil.h"
#include "facts/flow.h"
#include "facts/graph.h"
#include "facts/summary.h"
#include "assemble/pdf.h"
#include "assemble/gen_graph.h"
#include "assemble/report.h"
#include "load/load.h"
#include "render/graph_layout.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "view/graph_dot.h"

#define T(n) "{\"Name\":\"" n "\",\"Location\":\"Device\",\"Dimensions\":[1,8,4,4],\"Format/Datatype\":\"Row major linear FP16 format\"}"
#define L(name, type, in, out) \
  "{\"Name\":\"" name "\",\"LayerType\":\"" type "\",\"Inputs\":[" in "],\"Outputs\":[" out "]}"

/* input -> A -> NoOp -> R (Reformat) -> C (+ a Constant) -> output */
static const char *S_small =
    "{\"Layers\":["
    L("/blk/A", "CaskConvolution", T("input"), T("a")) ","
    L("noop1", "NoOp", T("a"), T("a2")) ","
    L("R", "Reformat", T("a2"), T("r")) ","
    L("K", "Constant", "", T("k")) ","
    L("/blk/C", "ElementWise", T("r") "," T("k"), T("output"))
    "],\"Bindings\":[\"input\",\"output\"]}";

static ec_engine *S_load(const char *graph) {
  ec_engine *e = ec_engine_new("t");
  ec_load_graph_text(e, "g.json", graph, strlen(graph), NULL);
  ec_load_finish(e, NULL);
  return e;
}

static int S_has_edge(const ec_graph *g, ec_gnode_kind fk, const char *from, ec_gnode_kind tk, const char *to) {
  for (size_t i = 0; i < g->n_edges; i++) {
    const ec_gnode *a = &g->nodes[g->edges[i].from], *b = &g->nodes[g->edges[i].to];
    if (a->kind == fk && b->kind == tk && !strcmp(ec_gnode_name(g, a, NULL), from) && !strcmp(ec_gnode_name(g, b, NULL), to))
      return 1;
  }
  return 0;
}

static void test_build(void **st) {
  (void)st;
  ec_engine *e = S_load(S_small);
  assert_int_equal(e->n_layers, 3); /* NoOp and Constant are hidden */
  ec_graph *g = ec_graph_build(e, NULL);
  assert_int_equal(g->n_nodes, 5); /* A, R, C, input, output */
  assert_int_equal(g->n_edges, 4);
  assert_int_equal(g->n_constants_hidden, 1);
  assert_true(S_has_edge(g, EC_GN_INPUT, "input", EC_GN_LAYER, "/blk/A"));
  assert_true(S_has_edge(g, EC_GN_LAYER, "/blk/A", EC_GN_LAYER, "R")); /* through the folded NoOp */
  assert_true(S_has_edge(g, EC_GN_LAYER, "R", EC_GN_LAYER, "/blk/C"));
  assert_true(S_has_edge(g, EC_GN_LAYER, "/blk/C", EC_GN_OUTPUT, "output"));
  ec_graph_free(g);

  ec_graph_opts o = {0};
  o.constants = 1;
  g = ec_graph_build(e, &o);
  assert_int_equal(g->n_nodes, 6);
  assert_int_equal(g->n_edges, 5);
  assert_true(S_has_edge(g, EC_GN_CONSTANT, "K", EC_GN_LAYER, "/blk/C"));
  ec_graph_free(g);

  /* a budget below the node count folds the Reformat into a dashed edge */
  g = ec_graph_build(e, NULL);
  ec_graph_simplify(g, 4);
  assert_int_equal(g->n_reformats_folded, 1);
  assert_true(S_has_edge(g, EC_GN_LAYER, "/blk/A", EC_GN_LAYER, "/blk/C"));
  int dashed = 0;
  for (size_t i = 0; i < g->n_edges; i++) dashed += g->edges[i].n_reformats == 1;
  assert_int_equal(dashed, 1);
  char *note = ec_graph_folded_note(g);
  assert_non_null(strstr(note, "1 Reformat layer is folded"));
  free(note);
  ec_graph_free(g);
  ec_engine_free(e);
}

/* A chain of n layers in scopes /s<i/10>/l<i>/Op. */
static char *S_chain(size_t n) {
  ec_buf b = {0};
  ec_buf_puts(&b, "{\"Layers\":[");
  for (size_t i = 0; i < n; i++) {
    ec_buf_printf(&b, "%s{\"Name\":\"/s%zu/l%zu/Conv\",\"LayerType\":\"CaskConvolution\",\"Inputs\":[", i ? "," : "", i / 10, i);
    ec_buf_printf(&b, "{\"Name\":\"%s%zu\",\"Dimensions\":[1,8],\"Format/Datatype\":\"Row major linear FP32\"}]", i ? "t" : "in",
                  i ? i - 1 : 0);
    ec_buf_printf(&b, ",\"Outputs\":[{\"Name\":\"t%zu\",\"Dimensions\":[1,8],\"Format/Datatype\":\"Row major linear FP32\"}]}", i);
  }
  ec_buf_printf(&b, "],\"Bindings\":[\"in0\",\"t%zu\"]}", n - 1);
  return ec_buf_take(&b);
}

static void test_query_radius(void **st) {
  (void)st;
  char *j = S_chain(40);
  ec_engine *e = S_load(j);
  free(j);
  ec_graph *g = ec_graph_build(e, NULL);
  assert_int_equal(ec_graph_query(g, "/l20/", 0, NULL), 1);
  assert_int_equal(g->n_nodes, 1);
  ec_graph_free(g);
  g = ec_graph_build(e, NULL);
  assert_int_equal(ec_graph_query(g, "/l20/", 2, NULL), 1);
  assert_int_equal(g->n_nodes, 5);
  assert_int_equal(g->n_edges, 4);
  assert_int_equal(g->n_dropped, 35);
  ec_graph_free(g);
  g = ec_graph_build(e, NULL);
  assert_int_equal(ec_graph_query(g, "^/s1/", 0, NULL), 10); /* extended regex on names */
  ec_graph_free(g);
  g = ec_graph_build(e, NULL);
  char *err = NULL;
  assert_int_equal(ec_graph_query(g, "([", 1, &err), -1);
  assert_non_null(err);
  assert_non_null(strstr(err, "bad regular expression"));
  free(err);
  ec_graph_free(g);
  /* seeds as a set: every layer (and one out of range) */
  g = ec_graph_build(e, NULL);
  size_t all[41];
  for (size_t i = 0; i < 41; i++) all[i] = i == 40 ? 1000 : 39 - i;
  ec_graph_near_layers(g, all, 41, 0);
  assert_int_equal(g->n_matched, 40);
  assert_int_equal(g->n_nodes, 40);
  ec_graph_free(g);
  g = ec_graph_build(e, NULL);
  ec_graph_near_layers(g, (size_t[]){20}, 1, 1);
  assert_int_equal(g->n_matched, 1);
  assert_int_equal(g->n_nodes, 3);
  ec_graph_free(g);
  /* grouping by scope: 40 layers in 4 scopes of 10 */
  g = ec_graph_build(e, NULL);
  ec_graph_simplify(g, 8);
  assert_true(g->n_nodes <= 8);
  assert_int_equal(g->n_groups, 4);
  assert_int_equal(g->n_grouped, 40);
  assert_int_equal(g->group_depth, 1);
  assert_int_equal(g->n_edges, 5); /* in -> s0 -> s1 -> s2 -> s3 -> out */
  ec_graph_free(g);
  ec_engine_free(e);
}

static void test_hostile_dot(void **st) {
  (void)st;
  static const char *names[] = {"q\\\"uote", "{brace}", "back\\\\slash\\\\", "new\\nline", "<script>alert(1)</script>",
                                "<b onmouseover=\\\"x()\\\">&amp;", "\\\\N \\\\G \\\\L", "a + b + c + d + e"};
  ec_buf b = {0};
  ec_buf_puts(&b, "{\"Layers\":[");
  size_t n = sizeof names / sizeof *names;
  for (size_t i = 0; i <= n; i++) {
    ec_buf_printf(&b, "%s{\"Name\":\"", i ? "," : "");
    if (i < n) ec_buf_puts(&b, names[i]);
    else
      for (int k = 0; k < 10000; k++) ec_buf_putc(&b, (char)('a' + k % 26));
    ec_buf_printf(&b, "\",\"LayerType\":\"Reformat\",\"Origin\":\"<i>\",\"Inputs\":[{\"Name\":\"t%zu\",\"Dimensions\":[1]}],"
                      "\"Outputs\":[{\"Name\":\"t%zu\\\"\\\\x\",\"Dimensions\":[1]}]}",
                  i, i + 1);
  }
  ec_buf_puts(&b, "],\"Bindings\":[\"t0\"]}");
  ec_engine *e = S_load(b.data);
  ec_buf_free(&b);
  assert_int_equal(e->n_layers, n + 1);
  ec_graph *g = ec_graph_build(e, NULL);
  ec_dot_opts o = {0};
  o.legend = 1;
  o.edge_labels = 1;
  o.href_prefix = "e1";
  char *dot = ec_dot_graph(g, &o);
  /* labels are short: the 10,000-character name is cut */
  for (const char *p = dot; (p = strstr(p, "label=<")) != NULL; p++) {
    const char *end = strstr(p, "> tooltip=");
    if (!end) end = strstr(p, ">];");
    assert_non_null(end);
    if (!strncmp(p, "label=<<table", 13)) continue; /* the legend */
    if (end - p >= 600) print_message("long label: %.200s\n", p);
    assert_true(end - p < 600);
  }
  /* in labels (XML) markup is escaped; in quoted strings only '"' and '\' are */
  for (const char *p = dot; (p = strstr(p, "label=<")) != NULL; p++) {
    const char *end = strstr(p, "> tooltip=");
    if (end) assert_true(!strstr(p, "<script") || strstr(p, "<script") > end);
  }
  /* Graphviz reads and lays it out without a complaint, and its SVG keeps
   * every name as text */
  ec_gl_job *job = ec_gl_start((const char *const *)&dot, 1, 20);
  ec_gl *gl = NULL;
  char *why = NULL;
  assert_int_equal(ec_gl_finish(job, &gl, &why), 1);
  assert_null(why);
  ec_buf svg = {0};
  assert_int_equal(ec_gl_svg(gl, &svg, 1, NULL), 0);
  assert_null(strstr(svg.data, "<script"));
  assert_null(strstr(svg.data, "<b onmouseover"));
  assert_null(strstr(svg.data, "<!--"));
  assert_null(strstr(svg.data, "xlink:title"));
  assert_non_null(strstr(svg.data, "&lt;script&gt;"));
  assert_non_null(strstr(svg.data, "xlink:href=\"#e1-L0\""));
  ec_buf pdf = {0};
  assert_int_equal(ec_gl_pdf(gl, &pdf, NULL), 0);
  assert_true(pdf.len > 1000 && !memcmp(pdf.data, "%PDF", 4));
  ec_buf_free(&pdf);
  ec_buf_free(&svg);
  ec_gl_free(gl);
  free(dot);
  ec_graph_free(g);
  ec_engine_free(e);
}

static void test_layout_timeout(void **st) {
  (void)st;
  /* a 3,000-node chain with skip edges takes seconds; 50 ms is far too few */
  ec_buf b = {0};
  ec_buf_puts(&b, "digraph g { node [shape=box label=\"layer\\nwith three\\nlines\"];\n");
  for (int i = 0; i + 1 < 3000; i++) ec_buf_printf(&b, "n%d -> n%d;%s", i, i + 1, i % 3 == 0 && i + 5 < 3000 ? "" : "\n");
  for (int i = 0; i + 5 < 3000; i += 3) ec_buf_printf(&b, "n%d -> n%d;\n", i, i + 5);
  ec_buf_puts(&b, "}\n");
  const char *dots[1] = {b.data};
  ec_gl_job *job = ec_gl_start(dots, 1, 0.05);
  ec_gl *gl = NULL;
  char *why = NULL;
  assert_int_equal(ec_gl_finish(job, &gl, &why), 0);
  assert_null(gl);
  assert_non_null(why);
  assert_non_null(strstr(why, "abandoned"));
  free(why);
  ec_buf_free(&b);
  /* a DOT syntax error is reported, not printed */
  const char *bad[1] = {"digraph { a -> }"};
  job = ec_gl_start(bad, 1, 10);
  assert_int_equal(ec_gl_finish(job, &gl, &why), 0);
  assert_non_null(why);
  free(why);
}

/* The report with an impossible time limit is still written; the graph's
 * section says why it is missing. */
static void test_report_abandoned(void **st) {
  (void)st;
  char *j = S_chain(60);
  ec_engine *e = S_load(j);
  free(j);
  ec_report_opts o = {0};
  o.want_html = 1;
  o.graph_timeout = 1e-6;
  ec_report r;
  ec_diags d = {0};
  assert_int_equal(ec_report_build(&e, 1, &o, &r, &d), 0);
  ec_buf h = {0};
  ec_report_html(&r, &h);
  assert_non_null(strstr(h.data, "Engine graph"));
  assert_non_null(strstr(h.data, "Not available: the layout took longer than"));
  ec_buf pdf = {0};
  ec_pdf_opts po = {0};
  assert_int_equal(ec_report_pdf(&r, &po, &pdf, &d), 0);
  assert_true(pdf.len > 1000);
  ec_buf_free(&pdf);
  ec_buf_free(&h);
  ec_report_free(&r);
  /* and with time to spare, the graph is there, linked to the layer rows */
  o.graph_timeout = 30;
  assert_int_equal(ec_report_build(&e, 1, &o, &r, &d), 0);
  ec_report_html(&r, &h);
  assert_non_null(strstr(h.data, "<div class=\"graph\" id=\"e1-graph\">"));
  assert_non_null(strstr(h.data, "xlink:href=\"#e1-L"));
  assert_non_null(strstr(h.data, "id=\"e1_G0\"")); /* a layer node is named by its layer, for links from the findings */
  assert_non_null(strstr(h.data, "<title>"));
  assert_null(strstr(h.data, "<?xml"));
  ec_report_pdf(&r, &po, &pdf, &d);
  assert_true(pdf.len > 1000);
  ec_buf_free(&pdf);
  ec_buf_free(&h);
  ec_report_free(&r);
  ec_diags_free(&d);
  ec_engine_free(e);
}

/* The graph command's file comes from the report's job: one graph with its
 * legend inside, the given budget (0: none), the query's two
 * failures told apart. */
static void test_graph_file_job(void **st) {
  (void)st;
  ec_engine *e = S_load(S_small);
  ec_gen_graph_file_opts o = {0};
  o.format = EC_GEN_GRAPH_DOT;
  o.budget = EC_GEN_GRAPH_FILE_BUDGET;
  ec_gen_graph_file_status s;
  char *why = (char *)"x";
  ec_gen_graph_job *j = ec_gen_graph_file_start(e, NULL, &o, &s, &why);
  assert_non_null(j);
  assert_int_equal(s, EC_GEN_GRAPH_FILE_OK);
  assert_null(why);
  assert_true(ec_gen_graph_job_nodes(j) >= 4);
  ec_buf b = {0};
  assert_int_equal(ec_gen_graph_job_file(j, &b, &why), 0);
  assert_non_null(strstr(b.data, "graph [id=\"g\""));
  assert_non_null(strstr(b.data, "legend"));
  ec_buf_free(&b);
  char *chain = S_chain(60);
  ec_engine *c = S_load(chain);
  free(chain);
  j = ec_gen_graph_file_start(c, NULL, &o, &s, &why);
  size_t all = ec_gen_graph_job_nodes(j);
  ec_gen_graph_job_cancel(j);
  o.budget = 10; /* grouped by scope */
  j = ec_gen_graph_file_start(c, NULL, &o, &s, &why);
  assert_true(ec_gen_graph_job_nodes(j) < all);
  assert_non_null(ec_gen_graph_job_note(j));
  ec_gen_graph_job_cancel(j);
  o.budget = 0; /* given as 0: no simplification, not the default */
  j = ec_gen_graph_file_start(c, NULL, &o, &s, &why);
  assert_int_equal(ec_gen_graph_job_nodes(j), all);
  ec_gen_graph_job_cancel(j);
  ec_engine_free(c);
  o.query = "(";
  assert_null(ec_gen_graph_file_start(e, NULL, &o, &s, &why));
  assert_int_equal(s, EC_GEN_GRAPH_FILE_BAD_QUERY);
  assert_non_null(why);
  free(why);
  o.query = "no such layer";
  assert_null(ec_gen_graph_file_start(e, NULL, &o, &s, &why));
  assert_int_equal(s, EC_GEN_GRAPH_FILE_NO_MATCH);
  free(why);
  /* the standalone file may hold more than the report's drawing */
  assert_true(EC_GEN_GRAPH_FILE_BUDGET >= EC_GEN_GRAPH_REPORT_BUDGET && EC_GEN_GRAPH_FILE_TIMEOUT_S >= EC_GEN_GRAPH_REPORT_TIMEOUT_S);
  ec_engine_free(e);
}

static ec_engine *S_fixture(const char *name) {
  char path[256];
  snprintf(path, sizeof path, "tests/fixtures/bindings/%s.graph.json", name);
  return ec_test_load(path);
}

static size_t S_count_kind(const ec_graph *g, ec_gnode_kind k) {
  size_t n = 0;
  for (size_t i = 0; i < g->n_nodes; i++) n += g->nodes[i].kind == k;
  return n;
}

/* The graph draws the engine's one list of bindings by direction. */
static void test_bindings_by_direction(void **st) {
  (void)st;
  /* (a) logits, an output a later Reformat also reads: an output node fed
   * by head, and the edge to the Reformat stays */
  ec_engine *e = S_fixture("out-read");
  ec_graph *g = ec_graph_build(e, NULL);
  assert_int_equal(S_count_kind(g, EC_GN_INPUT), 1);
  assert_int_equal(S_count_kind(g, EC_GN_OUTPUT), 2);
  assert_true(S_has_edge(g, EC_GN_LAYER, "head", EC_GN_OUTPUT, "logits"));
  assert_true(S_has_edge(g, EC_GN_LAYER, "head", EC_GN_LAYER, "Reformatting CopyNode for Input Tensor 0 to post"));
  assert_false(S_has_edge(g, EC_GN_INPUT, "logits", EC_GN_LAYER, "Reformatting CopyNode for Input Tensor 0 to post"));
  ec_graph_free(g);
  ec_engine_free(e);
  /* (b) outputs written by NoOps: carried to their producers, the other
   * reader of the carried tensor keeps its edge */
  e = S_fixture("noop-out");
  g = ec_graph_build(e, NULL);
  assert_int_equal(S_count_kind(g, EC_GN_INPUT), 1);
  assert_true(S_has_edge(g, EC_GN_LAYER, "head", EC_GN_OUTPUT, "out"));
  assert_true(S_has_edge(g, EC_GN_LAYER, "head", EC_GN_LAYER, "side"));
  assert_true(S_has_edge(g, EC_GN_LAYER, "tail", EC_GN_OUTPUT, "y"));
  ec_graph_free(g);
  ec_engine_free(e);
  /* (c) one input node, an edge to each reader */
  e = S_fixture("in-multi");
  g = ec_graph_build(e, NULL);
  assert_int_equal(S_count_kind(g, EC_GN_INPUT), 1);
  assert_true(S_has_edge(g, EC_GN_INPUT, "x", EC_GN_LAYER, "a"));
  assert_true(S_has_edge(g, EC_GN_INPUT, "x", EC_GN_LAYER, "b"));
  assert_true(S_has_edge(g, EC_GN_INPUT, "x", EC_GN_LAYER, "c"));
  ec_graph_free(g);
  ec_engine_free(e);
  /* (d) no "Bindings" list: inferred bindings are drawn, the constant is not */
  e = S_fixture("no-bindings");
  g = ec_graph_build(e, NULL);
  assert_true(S_has_edge(g, EC_GN_INPUT, "x", EC_GN_LAYER, "a"));
  assert_true(S_has_edge(g, EC_GN_LAYER, "/fc/Gemm_myl0_1", EC_GN_OUTPUT, "logits"));
  assert_int_equal(S_count_kind(g, EC_GN_INPUT), 1);
  ec_graph_free(g);
  ec_engine_free(e);
  /* names only: bindings of unknown direction are not drawn, and the note says so */
  e = S_load("{\"Layers\":[\"a\",\"b\"],\"Bindings\":[\"in\",\"out\"]}");
  g = ec_graph_build(e, NULL);
  assert_int_equal(g->n_nodes, 2);
  char *note = ec_graph_folded_note(g);
  assert_non_null(strstr(note, "2 bindings that no layer reads or writes are not drawn"));
  free(note);
  ec_graph_free(g);
  ec_engine_free(e);
}

/* An in-place layer (reads and writes kv) sits between the writer before
 * it and the readers after it; no self-loop anywhere. */
static void test_in_place(void **st) {
  (void)st;
  ec_engine *e = S_fixture("in-place");
  ec_graph *g = ec_graph_build(e, NULL);
  const char *scat = "__myl_ScatNd_myl0_2";
  assert_true(S_has_edge(g, EC_GN_LAYER, "proj", EC_GN_LAYER, "upd"));
  assert_true(S_has_edge(g, EC_GN_LAYER, "proj", EC_GN_LAYER, scat));
  assert_true(S_has_edge(g, EC_GN_LAYER, "upd", EC_GN_LAYER, scat));
  assert_true(S_has_edge(g, EC_GN_LAYER, scat, EC_GN_LAYER, "read"));
  assert_false(S_has_edge(g, EC_GN_LAYER, "proj", EC_GN_LAYER, "read"));
  assert_false(S_has_edge(g, EC_GN_LAYER, scat, EC_GN_LAYER, scat));
  for (size_t i = 0; i < g->n_edges; i++) assert_true(g->edges[i].from != g->edges[i].to);
  ec_dot_opts o = {0};
  char *dot = ec_dot_graph(g, &o);
  for (size_t i = 0; i < g->n_nodes; i++) {
    char self[64];
    snprintf(self, sizeof self, "n%zu -> n%zu ", i, i);
    assert_null(strstr(dot, self));
  }
  free(dot);
  ec_graph_free(g);
  ec_engine_free(e);
}

/* Issue 26, item 1: the graph's edges are facts/flow's, so a layer listed
 * before the layer that writes its input (a graph out of order) gets the
 * edge lint's rules follow; before, the graph drew none. */
static void test_writer_later(void **st) {
  (void)st;
  ec_engine *e = S_load("{\"Layers\":["
                        L("/late/Read", "ElementWise", T("x"), T("output")) ","
                        L("/blk/A", "CaskConvolution", T("input"), T("x"))
                        "],\"Bindings\":[\"input\",\"output\"]}");
  ec_graph *g = ec_graph_build(e, NULL);
  assert_true(S_has_edge(g, EC_GN_LAYER, "/blk/A", EC_GN_LAYER, "/late/Read"));
  assert_true(S_has_edge(g, EC_GN_INPUT, "input", EC_GN_LAYER, "/blk/A"));
  assert_true(S_has_edge(g, EC_GN_LAYER, "/late/Read", EC_GN_OUTPUT, "output"));
  ec_flow f;
  ec_flow_build(e, &f);
  assert_int_equal(ec_flow_writer(&f, 0, 0), 1);
  ec_flow_free(&f);
  ec_graph_free(g);
  ec_engine_free(e);
}

/* Every corpus engine with a graph lays out (DOT built, Graphviz accepts it). */
static void test_corpus_mobilenet(void **st) {
  (void)st;
  EC_NEED_SHARED(sh);
  ec_engine *e = NULL;
  ec_load_engine(ec_test_path(sh, "corpus/trex/mobilenet_v2_residuals.qat"), &(ec_load_opts){0}, &e);
  assert_true(e->has_graph);
  ec_graph *g = ec_graph_build(e, NULL);
  assert_true(g->n_nodes >= e->n_layers);
  /* residual connections: some layer has two producers */
  size_t *indeg = ec_calloc(g->n_nodes, sizeof *indeg);
  int two = 0;
  for (size_t i = 0; i < g->n_edges; i++) two |= ++indeg[g->edges[i].to] >= 2;
  assert_true(two);
  free(indeg);
  ec_graph_free(g);
  ec_engine_free(e);
}

/* Thousands of bindings fold beside their readers and writers: a chain of
 * n layers, each reading one input binding of its own (besides the chain)
 * and writing one output binding. Each binding used to stay one node
 * whatever the budget (and the layers were then grouped into one run). */
static void test_bindings_folded(void **st) {
  (void)st;
  size_t n = 400;
  ec_buf b = {0};
  ec_buf_puts(&b, "{\"Layers\":[");
  for (size_t i = 0; i < n; i++)
    ec_buf_printf(&b, "%s" L("/s%zu/l%zu/Add", "ElementWise", T("t%zu") "," T("x%zu"), T("t%zu") "," T("y%zu")),
                  i ? "," : "", i / 10, i, i, i, i + 1, i);
  ec_buf_puts(&b, "],\"Bindings\":[\"t0\"");
  for (size_t i = 0; i < n; i++) ec_buf_printf(&b, ",\"x%zu\",\"y%zu\"", i, i);
  ec_buf_puts(&b, "]}");
  ec_engine *e = S_load(b.data);
  ec_buf_free(&b);
  assert_int_equal(e->n_bindings, 2 * n + 1);
  ec_graph *g = ec_graph_build(e, NULL);
  assert_int_equal(g->n_nodes, 3 * n + 1);
  ec_graph_simplify(g, 60);
  assert_true(g->n_nodes <= 60);
  assert_true(g->n_groups >= 10); /* the layers keep room: not one run */
  assert_int_equal(g->n_bindings_folded, 2 * n + 1); /* t0 too, beside the first group */
  size_t members = 0, folds = 0;
  for (size_t i = 0; i < g->n_nodes; i++)
    if ((g->nodes[i].kind == EC_GN_INPUT || g->nodes[i].kind == EC_GN_OUTPUT) && g->nodes[i].n_members > 1) {
      members += g->nodes[i].n_members;
      folds++;
    }
  assert_int_equal(members, 2 * n + 1);
  assert_int_equal(folds, g->n_binding_folds);
  /* every folded node touches exactly one node: its group */
  for (size_t i = 0; i < g->n_edges; i++) {
    const ec_gnode *f = &g->nodes[g->edges[i].from], *t = &g->nodes[g->edges[i].to];
    if (f->n_members > 1 && f->kind == EC_GN_INPUT) assert_int_equal(t->kind, EC_GN_GROUP);
    if (t->n_members > 1 && t->kind == EC_GN_OUTPUT) assert_int_equal(f->kind, EC_GN_GROUP);
  }
  char *note = ec_graph_folded_note(g);
  assert_non_null(strstr(note, "801 bindings are folded into"));
  free(note);
  ec_dot_opts o = {0};
  char *dot = ec_dot_graph(g, &o);
  assert_non_null(strstr(dot, " inputs</b>"));
  assert_non_null(strstr(dot, " outputs</b>"));
  free(dot);
  /* a copy simplifies alike and leaves the original alone */
  ec_graph_free(g);
  g = ec_graph_build(e, NULL);
  ec_graph *c = ec_graph_copy(g);
  ec_graph_simplify(c, 60);
  assert_int_equal(g->n_nodes, 3 * n + 1);
  assert_true(c->n_nodes <= 60);
  ec_graph_free(c);
  ec_graph_free(g);
  ec_engine_free(e);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_build),
      cmocka_unit_test(test_query_radius),
      cmocka_unit_test(test_hostile_dot),
      cmocka_unit_test(test_layout_timeout),
      cmocka_unit_test(test_report_abandoned),
      cmocka_unit_test(test_corpus_mobilenet),
      cmocka_unit_test(test_bindings_by_direction),
      cmocka_unit_test(test_in_place),
      cmocka_unit_test(test_writer_later),
      cmocka_unit_test(test_graph_file_job),
      cmocka_unit_test(test_bindings_folded),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
