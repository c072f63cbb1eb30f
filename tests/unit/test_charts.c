/* Chart kinds on hand-made data, at scale, with hostile labels, and every
 * standard chart of every corpus engine and of a generated 2,000-layer
 * engine: each must pass the layout check, give well-formed SVG and a PDF.
 *
 * EC_CHART_OUT=dir also writes every chart there as .svg and .pdf, and an
 * index.html with the SVGs inlined, for looking at them. */
#include "testutil.h"
#include "facts/layer_kind.h"

#include <dirent.h>
#include <math.h>
#include <time.h>
#include <unistd.h>

#include "facts/summary.h"
#include "load/load.h"
#include "render/cairo.h"
#include "render/svg.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "view/chart.h"
#include "view/colors.h"
#include "view/engine_charts.h"
#include "view/engine_tables.h"
#include "view/report_items.h"
#include "draw/layout_check.h"
#include "draw/text.h"

static char S_tmp[] = "/tmp/ec_charts_XXXXXX";
static ec_buf S_html;

static int S_sh(const char *fmt, const char *a, const char *b) {
  char cmd[2048];
  snprintf(cmd, sizeof cmd, fmt, a, b);
  return system(cmd);
}

static void S_write(const char *path, const char *data, size_t n) {
  FILE *f = fopen(path, "wb");
  assert_non_null(f);
  fwrite(data, 1, n, f);
  fclose(f);
}

/* Layout check, SVG well-formedness; PDF when pdf_text is given (a string
 * pdftotext must find) or when EC_CHART_OUT asks for files. */
static void S_check(ec_scene *s, const char *name, const char *pdf_text) {
  ec_layout_problems p = {0};
  ec_layout_check(s, 0.5, &p);
  for (size_t i = 0; i < p.n; i++) print_message("%s: %s\n", name, p.v[i]);
  size_t nprob = p.n;
  ec_layout_problems_free(&p);
  assert_int_equal(nprob, 0);
  ec_buf b = {0};
  ec_render_svg(s, &b);
  char path[512];
  snprintf(path, sizeof path, "%s/%s.svg", S_tmp, name);
  S_write(path, b.data, b.len);
  char cmd[1200];
  snprintf(cmd, sizeof cmd, "xmllint --noout '%s'", path);
  assert_int_equal(system(cmd), 0);
  const char *outdir = getenv("EC_CHART_OUT");
  if (outdir) {
    snprintf(path, sizeof path, "%s/%s.svg", outdir, name);
    S_write(path, b.data, b.len);
    ec_buf_printf(&S_html, "<figure><figcaption>%s</figcaption>\n", name);
    ec_buf_put(&S_html, b.data, b.len);
    ec_buf_puts(&S_html, "</figure>\n");
  }
  ec_buf_free(&b);
  if (pdf_text || outdir) {
    snprintf(path, sizeof path, "%s/%s.pdf", outdir ? outdir : S_tmp, name);
    assert_int_equal(ec_render_pdf_file(s, path), 0);
    if (pdf_text) {
      snprintf(cmd, sizeof cmd, "pdftotext -raw '%s' - 2>/dev/null | grep -qF -- '%s'", path,
               pdf_text);
      if (system(cmd) != 0) print_message("%s: pdftotext lacks '%s'\n", name, pdf_text);
      assert_int_equal(system(cmd), 0);
    }
  }
}

static const char *S_types[] = {"Convolution", "Reformat", "PointWise", "Pooling",
                                "Shuffle",     "SoftMax",  "MatrixMultiply", "Myelin"};

static void test_bar_kinds(void **st) {
  (void)st;
  enum { N = 50 };
  char *labels[N];
  const char *keys[N];
  double v[N], cv[N];
  for (int i = 0; i < N; i++) {
    labels[i] = ec_asprintf("/backbone/stage%d/conv_%d + Relu_%d", i / 8, i, i + 1);
    keys[i] = S_types[(i * 5) % 8];
    v[i] = 2.0 / (i + 1);
    cv[i] = (i % 7) / 6.0;
  }
  ec_bar_spec b = {0};
  b.f.id = "hb";
  b.f.title = "Latency per layer";
  b.n = N;
  b.labels = (const char *const *)labels;
  b.values = v;
  b.keys = keys;
  b.key_color = ec_colors_layer_type;
  b.key_title = "Layer type";
  b.unit = "ms";
  b.value_axis = "Latency";
  b.max_bars = 20;
  b.rest_noun = "layers";
  b.horizontal = 1;
  b.value_labels = 1;
  ec_scene *s = ec_chart_bar(&b);
  assert_non_null(strstr(s->desc, "rest"));
  S_check(s, "bar-horizontal", "Convolution");
  ec_scene_free(s);
  b.horizontal = 0;
  b.f.id = "vb";
  b.max_bars = 0;
  s = ec_chart_bar(&b);
  S_check(s, "bar-vertical", "Layer type");
  ec_scene_free(s);
  b.keys = NULL;
  b.cvalues = cv;
  b.ctitle = "Efficiency";
  b.max_bars = 10;
  b.f.id = "vc";
  s = ec_chart_bar(&b);
  S_check(s, "bar-continuous", "Efficiency");
  ec_scene_free(s);
  const char *ser[] = {"resnet fp16", "resnet int8", "resnet fp32"};
  double sv[3 * 8];
  for (int i = 0; i < 24; i++) sv[i] = (i * 37 % 11) + 0.5;
  ec_bar_spec g = {0};
  g.f.id = "gr";
  g.f.title = "Latency per type, three engines";
  g.n = 8;
  g.labels = S_types;
  g.n_series = 3;
  g.series = ser;
  g.values = sv;
  g.mode = EC_BARS_GROUPED;
  g.unit = "ms";
  g.value_axis = "Latency";
  s = ec_chart_bar(&g);
  S_check(s, "bar-grouped", "resnet int8");
  ec_scene_free(s);
  g.mode = EC_BARS_STACKED;
  g.f.id = "st";
  g.horizontal = 1;
  s = ec_chart_bar(&g);
  S_check(s, "bar-stacked", "resnet fp32");
  ec_scene_free(s);
  for (int i = 0; i < N; i++) free(labels[i]);
}

static void test_other_kinds(void **st) {
  (void)st;
  const char *pl[] = {"FP16", "INT8", "FP32", "INT32", "None"};
  double pv[] = {3.2, 5.1, 0.4, 0.01, 0.02};
  ec_donut_spec d = {0};
  d.f.id = "dn";
  d.f.title = "Latency by precision";
  d.n = 5;
  d.labels = pl;
  d.values = pv;
  d.key_color = ec_colors_precision;
  d.unit = "ms";
  d.center = "total";
  ec_scene *s = ec_chart_donut(&d);
  S_check(s, "donut", "INT8");
  ec_scene_free(s);
  enum { M = 3000 };
  static double t[M];
  for (int i = 0; i < M; i++) t[i] = 1.2 + 0.05 * ((i * 7919) % 101) / 101.0 + (i % 500 == 0 ? 0.3 : 0);
  ec_hist_spec h = {0};
  h.f.id = "hi";
  h.f.title = "Per-iteration latency distribution";
  h.n = M;
  h.values = t;
  h.unit = "ms";
  h.value_axis = "Latency";
  s = ec_chart_histogram(&h);
  S_check(s, "histogram", "Count");
  ec_scene_free(s);
  ec_xy_series se = {0};
  se.name = "latency";
  se.n = M;
  se.y = t;
  se.points = 1;
  double refs[] = {1.225, 1.5};
  const char *rl[] = {"median", "p99"};
  ec_xy_spec x = {0};
  x.f.id = "sc";
  x.f.title = "Per-iteration latency";
  x.n_series = 1;
  x.series = &se;
  x.x_axis = "Iteration";
  x.y_axis = "Latency";
  x.y_unit = "ms";
  x.n_refs = 2;
  x.ref_y = refs;
  x.ref_labels = rl;
  s = ec_chart_xy(&x);
  assert_non_null(strstr(s->desc, "minimum and maximum"));
  S_check(s, "scatter", "median");
  ec_scene_free(s);
  ec_xy_series two[2] = {se, se};
  two[0].n = two[1].n = 200;
  two[0].line = two[1].line = 1;
  two[0].points = two[1].points = 0;
  two[0].name = "latency";
  two[1].name = "compute";
  two[1].y = t + 200;
  x.f.id = "ln";
  x.n_series = 2;
  x.series = two;
  x.n_refs = 0;
  s = ec_chart_xy(&x);
  S_check(s, "line", "compute");
  ec_scene_free(s);
  double ai[] = {5, 20, 80, 150, 300, 12}, pf[] = {2e12, 8e12, 30e12, 60e12, 110e12, 4e12};
  const char *rk[] = {"FP16", "FP16", "INT8", "INT8", "INT8", "FP32"};
  ec_roofline_spec r = {0};
  r.f.id = "rf";
  r.f.title = "Roofline";
  r.peak_flops = 312e12;
  r.peak_bw = 2.0e12;
  r.n = 6;
  r.ai = ai;
  r.perf = pf;
  r.keys = rk;
  r.labels = rk;
  r.key_color = ec_colors_precision;
  s = ec_chart_roofline(&r);
  S_check(s, "roofline", "compute ceiling");
  ec_scene_free(s);
}

static void test_scale_and_empty(void **st) {
  (void)st;
  enum { N = 20000 };
  static const char *labels[N];
  static double v[N];
  for (int i = 0; i < N; i++) {
    labels[i] = "layer";
    v[i] = 1.0 / (i + 1);
  }
  ec_bar_spec b = {0};
  b.f.id = "big";
  b.f.title = "20,000 layers";
  b.n = N;
  b.labels = labels;
  b.values = v;
  b.rest_noun = "layers";
  b.horizontal = 1;
  ec_scene *s = ec_chart_bar(&b);
  size_t rects = 0;
  for (size_t i = 0; i < s->n_ops; i++) rects += s->ops[i].kind == EC_OP_RECT;
  assert_true(rects <= 40);
  assert_non_null(strstr(s->desc, "first 39 of 20000 layers"));
  ec_buf out = {0};
  ec_render_svg(s, &out);
  assert_true(out.len < 40000);
  ec_buf_free(&out);
  S_check(s, "bar-20000", NULL);
  ec_scene_free(s);
  /* Empty inputs draw an empty frame, not a crash. */
  b.n = 0;
  b.f.id = "empty";
  s = ec_chart_bar(&b);
  S_check(s, "bar-empty", NULL);
  ec_scene_free(s);
  ec_donut_spec d = {0};
  d.f.id = "de";
  s = ec_chart_donut(&d);
  S_check(s, "donut-empty", NULL);
  ec_scene_free(s);
  ec_hist_spec h = {0};
  h.f.id = "he";
  s = ec_chart_histogram(&h);
  S_check(s, "hist-empty", NULL);
  ec_scene_free(s);
  ec_xy_spec x = {0};
  x.f.id = "xe";
  s = ec_chart_xy(&x);
  S_check(s, "xy-empty", NULL);
  ec_scene_free(s);
}

static void test_hostile(void **st) {
  (void)st;
  const char *labels[] = {"</text><script>alert(1)</script>", "a&b \"q\" 'r'",
                          "\x01\x02 ctrl \xff\xfe bad utf8", "\xE2\x80\xAE RTL mark",
                          "]]><!--", ""};
  double v[] = {1, 2, 3, 4, 5, 6};
  ec_bar_spec b = {0};
  b.f.id = "<bad id>";
  b.f.title = "<b>title</b>";
  b.f.desc = "desc & </desc>";
  b.n = 6;
  b.labels = labels;
  b.values = v;
  b.keys = labels;
  b.horizontal = 1;
  ec_scene *s = ec_chart_bar(&b);
  ec_buf out = {0};
  ec_render_svg(s, &out);
  assert_null(strstr(out.data, "<script"));
  assert_null(strstr(out.data, "<b>"));
  S_check(s, "bar-hostile", NULL);
  ec_buf_free(&out);
  ec_scene_free(s);
}

/* ---- Hand-built engines for the standard charts ---- */

static void S_tensor(ec_tensor *t, const char *name, const int64_t *dims, int nd,
                     const char *prec, double eb) {
  t->name = ec_strdup(name);
  t->name_len = strlen(name);
  t->dims = ec_calloc((size_t)nd, sizeof *t->dims);
  t->ndims = nd;
  t->volume = 1;
  for (int k = 0; k < nd; k++) {
    t->dims[k] = dims[k];
    t->volume *= dims[k];
  }
  t->precision = t->precision_trex = prec;
  t->elem_bytes = t->elem_bytes_trex = eb;
}

/* n layers cycling through Convolution (FP16), PointWise (INT8, 1..3 ops),
 * MatrixMultiply (FP16), Reformat (FP32 in, FP16 out). Layer i has latency
 * (i % 7 + 1) / 10 ms, so the slowest layers are known; Convolutions carry
 * 4-D shapes (roofline points) and weights. */
static ec_engine *S_fake(size_t n, int with_profile) {
  ec_engine *e = ec_engine_new("fake");
  e->has_graph = 1;
  e->has_profile = with_profile;
  e->layers = ec_calloc(n, sizeof *e->layers);
  e->n_layers = e->cap_layers = n;
  double total = 0;
  for (size_t i = 0; i < n; i++) {
    ec_layer *l = &e->layers[i];
    static const char *types[] = {"Convolution", "PointWise", "MatrixMultiply", "Reformat"};
    const char *ty = types[i % 4];
    l->index = i;
    l->name = ec_asprintf("/model/block%zu/%s_%zu", i / 4, ty, i);
    l->name_len = strlen(l->name);
    l->type = ec_strdup(ty);
    l->layer_type = ec_strdup(ty);
    l->tactic = ec_strdup("sm80_xmma_fprop");
    l->stream_id = -1;
    l->precision = l->precision_trex = i % 4 == 1 ? "INT8" : i % 4 == 3 ? "FP32" : "FP16";
    l->out_precision = i % 4 == 1 ? "INT8" : "FP16";
    l->in = ec_calloc(1, sizeof *l->in);
    l->out = ec_calloc(1, sizeof *l->out);
    l->n_in = l->n_out = 1;
    if (i % 4 == 0) {
      int64_t d[4] = {1, 64, 56, 56};
      S_tensor(l->in, "x", d, 4, "FP16", 2);
      S_tensor(l->out, "y", d, 4, "FP16", 2);
      l->conv.present = 1;
      l->conv.kernel[0] = l->conv.kernel[1] = 3;
      l->conv.nkernel = 2;
      l->conv.groups = 1;
      l->conv.out_maps = 64;
      l->weights_bytes = 64.0 * 64 * 9 * 2;
    } else if (i % 4 == 2) {
      int64_t a[3] = {1, 128, 256}, o[3] = {1, 128, 512};
      S_tensor(l->in, "a", a, 3, "FP16", 2);
      S_tensor(l->out, "o", o, 3, "FP16", 2);
      l->weights_bytes = 256.0 * 512 * 2;
    } else {
      int64_t d[4] = {1, 64, 56, 56};
      S_tensor(l->in, "x", d, 4, l->precision, 2);
      S_tensor(l->out, "y", d, 4, l->out_precision, 2);
    }
    l->io_bytes = (double)l->in->volume * 2 + (double)l->out->volume * 2;
    if (i % 4 == 1) {
      l->n_operations = i % 3 + 1;
      l->operations = ec_calloc(l->n_operations, sizeof *l->operations);
      for (size_t k = 0; k < l->n_operations; k++) l->operations[k] = ec_strdup("out = relu(in)");
    }
    if (with_profile) {
      l->has_profile = 1;
      l->avg_ms = l->median_ms = l->time_ms = (double)(i % 7 + 1) / 10;
      total += l->avg_ms;
    }
  }
  for (size_t i = 0; i < n && total > 0; i++) e->layers[i].pct = 100 * e->layers[i].avg_ms / total;
  return e;
}

/* A100-like device facts (108 SMs at 1.41 GHz, 5120-bit bus at 1.512 GHz). */
static void S_device(ec_engine *e) {
  e->device.present = 1;
  e->device.name = ec_strdup("NVIDIA A100-SXM4-80GB");
  e->device.compute_capability = ec_strdup("8.0");
  e->device.sms = 108;
  e->device.compute_clock_ghz = 1.41;
  e->device.memory_clock_ghz = 1.512;
  e->device.bus_width_bits = 5120;
}

static void S_timing_run(ec_engine *e, size_t n, size_t outliers) {
  e->runs = ec_calloc(1, sizeof *e->runs);
  e->n_runs = 1;
  e->runs[0].n = n;
  e->runs[0].latency = ec_calloc(n, sizeof(double));
  for (size_t i = 0; i < n; i++)
    e->runs[0].latency[i] = 1.0 + 0.1 * (double)((i * 7919) % 101) / 101.0;
  for (size_t k = 0; k < outliers; k++) e->runs[0].latency[(k * 37) % n] = 20.0 + (double)k;
  e->runs[0].latency_field = "latencyMs";
}

static char *S_svg(const ec_scene *s) {
  ec_buf b = {0};
  ec_render_svg(s, &b);
  return ec_buf_take(&b);
}

static size_t S_count(const char *hay, const char *needle) {
  size_t n = 0;
  for (const char *p = hay; (p = strstr(p, needle)); p += strlen(needle)) n++;
  return n;
}

/* Text ops whose text contains needle. */
static size_t S_texts(const ec_scene *s, const char *needle) {
  size_t n = 0;
  for (size_t i = 0; i < s->n_ops; i++)
    if (s->ops[i].kind == EC_OP_TEXT && strstr(s->ops[i].text, needle)) n++;
  return n;
}

static void test_layer_anchor(void **st) {
  (void)st;
  char a[64];
  assert_string_equal(ec_layer_anchor(a, sizeof a, "e1", 7), "e1-L7");
  assert_string_equal(ec_layer_anchor(a, sizeof a, NULL, 0), "ec-L0");
  assert_string_equal(ec_layer_anchor(a, sizeof a, "", 3), "ec-L3");
  assert_string_equal(ec_layer_anchor(a, sizeof a, "9 \"x\"<y>", 12), "f9xy-L12");
  /* Same reduction as scene ids, so a figure and its rows share a prefix. */
  ec_scene *s = ec_scene_new(10, 10, "9 \"x\"<y>", NULL, NULL);
  assert_int_equal(strncmp(a, s->id_prefix, strlen(s->id_prefix)), 0);
  ec_scene_free(s);
}

static void test_layer_links(void **st) {
  (void)st;
  /* Small engine: every layer fits under the default N, each bar links to
   * its layer's row, slowest first. */
  ec_engine *e = S_fake(12, 1);
  ec_summary *sum = ec_summarize(e);
  ec_engine_chart_opts co = {0};
  co.id_base = "e1";
  const char *names[] = {"layer-latency", "memory-per-layer"};
  for (int k = 0; k < 2; k++) {
    ec_scene *s = ec_engine_chart(e, sum, names[k], &co);
    assert_non_null(s);
    char *svg = S_svg(s);
    for (size_t i = 0; i < 12; i++) {
      /* stacked: one link per non-empty segment (PointWise has no weights) */
      size_t per = k == 1 && e->layers[i].weights_bytes > 0 ? 2 : 1;
      char want[64];
      snprintf(want, sizeof want, "<a href=\"#e1-L%zu\">", i);
      if (S_count(svg, want) != per) print_message("%s: %s x%zu\n", names[k], want, S_count(svg, want));
      assert_int_equal(S_count(svg, want), per);
    }
    char tag[64];
    snprintf(tag, sizeof tag, "small-%s", names[k]);
    S_check(s, tag, k == 1 ? "Weights" : "Convolution");
    free(svg);
    ec_scene_free(s);
  }
  /* The engine mixes precisions: each bar carries its precision as a marker
   * (FP16, INT8, FP32 are the fake's), the legend names the types. */
  ec_scene *s = ec_engine_chart(e, sum, "layer-latency", &co);
  assert_true(S_texts(s, "Layer type") >= 1);
  assert_true(S_texts(s, "FP16") >= 1 && S_texts(s, "INT8") >= 1 && S_texts(s, "FP32") >= 1);
  assert_non_null(strstr(s->desc, "precision"));
  ec_scene_free(s);
  ec_summary_free(sum);
  ec_engine_free(e);

  /* Big engine: the top 9 + rest; links follow the latency order and the
   * rest bar has none; a hostile id_base is reduced and escaped. */
  e = S_fake(500, 1);
  sum = ec_summarize(e);
  co.id_base = "x\"><script>";
  co.top_n = 9;
  s = ec_engine_chart(e, sum, "layer-latency", &co);
  char *svg = S_svg(s);
  assert_int_equal(S_count(svg, "<a href="), 9);
  assert_null(strstr(svg, "<script"));
  /* The slowest layer is the first with i % 7 == 6: layer 6. */
  char want[64];
  snprintf(want, sizeof want, "<a href=\"#xscript-L%zu\">", sum->order[0]);
  assert_int_equal(sum->order[0], 6);
  assert_non_null(strstr(svg, want));
  assert_non_null(strstr(s->desc, "rest"));
  assert_non_null(strstr(s->title, "9 slowest of 500"));
  S_check(s, "big-layer-latency", "rest");
  free(svg);
  ec_scene_free(s);
  s = ec_engine_chart(e, sum, "memory-per-layer", &co);
  assert_non_null(s);
  svg = S_svg(s);
  /* The 9 largest are convolutions (weights + I/O): two linked segments each. */
  assert_int_equal(S_count(svg, "<a href="), 18);
  assert_non_null(strstr(s->title, "9 largest of 500"));
  /* the unit suits the bars: a convolution's footprint is under 1 MiB */
  S_check(s, "big-memory-per-layer", "KiB");
  free(svg);
  ec_scene_free(s);
  /* PDF: the bars become link annotations to named destinations. */
  char path[600], cmd[1400];
  snprintf(path, sizeof path, "%s/links.pdf", S_tmp);
  s = ec_engine_chart(e, sum, "layer-latency", &co);
  assert_int_equal(ec_render_pdf_file(s, path), 0);
  snprintf(cmd, sizeof cmd, "test $(grep -a -c '/Subtype /Link' '%s') -ge 9 && grep -a -q 'xscript-L6' '%s'",
           path, path);
  if (system(cmd) != 0) print_message("links.pdf lacks link annotations\n");
  assert_int_equal(system(cmd), 0);
  ec_scene_free(s);
  ec_summary_free(sum);
  ec_engine_free(e);
  /* Without a profile the latency bars are not built; memory still is. */
  e = S_fake(8, 0);
  sum = ec_summarize(e);
  assert_null(ec_engine_chart(e, sum, "layer-latency", NULL));
  s = ec_engine_chart(e, sum, "memory-per-layer", NULL);
  assert_non_null(s);
  ec_scene_free(s);
  ec_summary_free(sum);
  ec_engine_free(e);
}

static void test_group_charts(void **st) {
  (void)st;
  ec_engine *e = S_fake(40, 1);
  ec_summary *sum = ec_summarize(e);
  ec_engine_chart_opts co = {0};
  co.id_base = "g";
  /* One precision chart: three strips (latency by input and by output
   * precision, layers by input precision). Reformat layers (FP32 in) write
   * FP16, so FP32 has a share of the input strips only; 40 layers are 20
   * FP16, 10 INT8, 10 FP32. */
  ec_scene *s = ec_engine_chart(e, sum, "precision-mix", &co);
  assert_non_null(s);
  assert_int_equal(S_texts(s, "Latency, by input"), 1);
  assert_int_equal(S_texts(s, "Latency, by output"), 1);
  assert_int_equal(S_texts(s, "Layers"), 1);
  assert_int_equal(S_texts(s, "FP16 50.0%"), 1);
  size_t fp32 = 0;
  for (size_t i = 0; i < s->n_ops; i++)
    if (s->ops[i].kind == EC_OP_GROUP && s->ops[i].tip && strstr(s->ops[i].tip, "FP32:")) fp32++;
  assert_int_equal(fp32, 2); /* input latency and layers, not output */
  S_check(s, "fake-precision-mix", "INT8");
  ec_scene_free(s);
  /* Count and latency per type: two series, both in %. */
  s = ec_engine_chart(e, sum, "count-and-latency-by-type", &co);
  assert_non_null(s);
  size_t bars = 0;
  for (size_t i = 0; i < s->n_ops; i++)
    if (s->ops[i].kind == EC_OP_GROUP && s->ops[i].id && strncmp(s->ops[i].id, "bar-", 4) == 0)
      bars++;
  assert_int_equal(bars, 8); /* 4 types x 2 series */
  assert_true(S_texts(s, "Layers") >= 1 && S_texts(s, "Latency") >= 1);
  assert_true(S_texts(s, "(%)") >= 1);
  S_check(s, "fake-count-and-latency-by-type", "Share of all layers");
  ec_scene_free(s);
  /* PointWise: layers 1,5,9,... with i % 3 + 1 operations. */
  s = ec_engine_chart(e, sum, "pointwise-ops", &co);
  assert_non_null(s);
  assert_true(S_texts(s, "1 operation") >= 1);
  assert_true(S_texts(s, "3 operations") >= 1);
  assert_int_equal(S_texts(s, "10 layers"), 1); /* centre: 10 PointWise layers */
  S_check(s, "fake-pointwise-ops", "2 operations");
  ec_scene_free(s);
  ec_summary_free(sum);
  ec_engine_free(e);
  /* No PointWise layer lists its operations: one category, a sentence. */
  e = S_fake(40, 1);
  for (size_t i = 0; i < e->n_layers; i++) {
    ec_layer *l = &e->layers[i];
    for (size_t k = 0; k < l->n_operations; k++) free(l->operations[k]);
    free(l->operations);
    l->operations = NULL;
    l->n_operations = 0;
  }
  sum = ec_summarize(e);
  assert_null(ec_engine_chart(e, sum, "pointwise-ops", &co));
  const ec_item *it = ec_item_find("pointwise-ops");
  char *one = it->single(sum);
  assert_string_equal(one, "All 10 PointWise layers list no fused operations.");
  free(one);
  ec_summary_free(sum);
  ec_engine_free(e);
}

static void test_roofline_device(void **st) {
  (void)st;
  /* 1,600 layers: 400 convolutions and 400 GEMMs are roofline points. */
  ec_engine *e = S_fake(1600, 1);
  ec_summary *sum = ec_summarize(e);
  ec_engine_chart_opts co = {0};
  co.id_base = "r";
  /* No peaks given and no device facts: no roofline. */
  assert_null(ec_engine_chart(e, sum, "roofline", &co));
  S_device(e);
  ec_summary_free(sum); /* the summary holds the device's peaks: recompute it */
  sum = ec_summarize(e);
  ec_scene *s = ec_engine_chart(e, sum, "roofline", &co);
  assert_non_null(s);
  /* FP16 dominates: the FP16 tensor-core peak 108 x 1.41 GHz x 2048 = 312 T. */
  assert_non_null(strstr(s->desc, "FP16/BF16 Tensor Core peak"));
  assert_non_null(strstr(s->desc, "NVIDIA A100"));
  assert_non_null(strstr(s->desc, "400 convolutions, 400 GEMMs"));
  assert_non_null(strstr(s->desc, "300 slowest"));
  assert_int_equal(S_texts(s, "compute ceiling 312 TFLOP/s"), 1);
  assert_int_equal(S_texts(s, "bandwidth 1.94 TB/s"), 1);
  size_t tips = 0;
  for (size_t i = 0; i < s->n_ops; i++)
    if (s->ops[i].kind == EC_OP_GROUP && s->ops[i].id && strncmp(s->ops[i].id, "pt-", 3) == 0) {
      assert_non_null(s->ops[i].tip);
      tips++;
    }
  assert_int_equal(tips, 300);
  char *svg = S_svg(s);
  print_message("roofline of 800 points: %zu bytes of SVG\n", strlen(svg));
  if (getenv("EC_CHART_OUT")) S_write("/tmp/roof-debug.svg", svg, strlen(svg));
  assert_true(strlen(svg) < 150000);
  free(svg);
  S_check(s, "fake-roofline", "compute ceiling");
  ec_scene_free(s);
  /* Given peaks win over the device facts. */
  co.peak_flops = 100e12;
  co.peak_bw = 1e12;
  s = ec_engine_chart(e, sum, "roofline", &co);
  assert_int_equal(S_texts(s, "compute ceiling 100 TFLOP/s"), 1);
  assert_non_null(strstr(s->desc, "as given"));
  ec_scene_free(s);
  ec_summary_free(sum);
  ec_engine_free(e);
}

static void test_timing_histogram_tail(void **st) {
  (void)st;
  ec_engine *e = S_fake(4, 1);
  S_timing_run(e, 2000, 6);
  ec_summary *sum = ec_summarize(e);
  ec_engine_chart_opts co = {0};
  co.id_base = "t";
  ec_scene *s = ec_engine_chart(e, sum, "timing-histogram", &co);
  assert_non_null(s);
  if (!strstr(s->desc, "6 iterations (0.3%) above")) print_message("desc: %s\n", s->desc);
  assert_non_null(strstr(s->desc, "6 iterations (0.3%) above"));
  assert_non_null(strstr(s->desc, "up to 25 ms"));
  assert_int_equal(S_texts(s, "lie beyond the right edge"), 1);
  /* The axis ends near 1.1 ms, not at 25 ms: every numeric label is small. */
  for (size_t i = 0; i < s->n_ops; i++) {
    if (s->ops[i].kind != EC_OP_TEXT) continue;
    char *end;
    double v = strtod(s->ops[i].text, &end);
    if (end != s->ops[i].text && *end == '\0' && strchr(s->ops[i].text, '.'))
      assert_true(v < 2);
  }
  S_check(s, "fake-timing-histogram-tail", "6 iterations (0.3%) above");
  ec_scene_free(s);
  ec_summary_free(sum);
  ec_engine_free(e);
  /* Without a tail nothing is cut. */
  e = S_fake(4, 1);
  S_timing_run(e, 2000, 0);
  sum = ec_summarize(e);
  s = ec_engine_chart(e, sum, "timing-histogram", &co);
  assert_null(strstr(s->desc, "beyond"));
  assert_int_equal(S_texts(s, "beyond"), 0);
  S_check(s, "fake-timing-histogram", NULL);
  ec_scene_free(s);
  ec_summary_free(sum);
  ec_engine_free(e);
}

/* Per-iteration times on trtexec's 1 us grid (read 0.977 us apart, with
 * rounding noise) fill every bin from the first to the last: no bin is
 * narrower than the timer's step, so one mode is not drawn as spikes with
 * empty bins between them (issue 27). */
static void test_histogram_timer_tick(void **st) {
  (void)st;
  double v[600];
  for (int i = 0; i < 600; i++) v[i] = 0.8786 + 0.000977 * (i % 7 < 3 ? 3 : i % 7) + 1e-6 * (i % 3);
  ec_hist_spec h = {0};
  h.f.id = "tick";
  h.n = 600;
  h.values = v;
  h.unit = "ms";
  h.tick = 0.001;
  ec_scene *s = ec_chart_histogram(&h);
  size_t bins = 0;
  double width = 0;
  const char *w = strstr(s->desc, "bins of width ");
  assert_non_null(w);
  assert_int_equal(sscanf(strstr(s->desc, "values in ") + 10, "%zu bins of width %lf", &bins, &width), 2);
  assert_true(width >= 0.000977 - 1e-9);
  /* every bin has a bar */
  size_t bars = 0;
  for (size_t i = 0; i < s->n_ops; i++)
    if (s->ops[i].kind == EC_OP_GROUP && s->ops[i].id && !strncmp(s->ops[i].id, "bin-", 4)) bars++;
  assert_int_equal(bars, bins);
  ec_scene_free(s);
  /* without a tick the same values fall into bins, some empty */
  h.tick = 0;
  s = ec_chart_histogram(&h);
  bars = 0;
  for (size_t i = 0; i < s->n_ops; i++)
    if (s->ops[i].kind == EC_OP_GROUP && s->ops[i].id && !strncmp(s->ops[i].id, "bin-", 4)) bars++;
  assert_int_equal(sscanf(strstr(s->desc, "values in ") + 10, "%zu bins of width %lf", &bins, &width), 2);
  assert_true(bars < bins);
  ec_scene_free(s);
}

static double S_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Build, check and render every standard chart of one engine. */
static size_t S_engine(const char *spec, const char *tag, int pdf, int device_peaks) {
  ec_engine *e = NULL;
  ec_load_opts o = {0};
  int rc = ec_load_engine(spec, &o, &e);
  size_t n = 0;
  if (rc == 0 && ec_engine_usable(e)) {
    ec_summary *sum = ec_summarize(e);
    ec_engine_chart_opts co = {0};
    co.id_base = tag;
    if (!device_peaks) {
      co.peak_flops = 312e12; /* exercise the roofline with A100-like peaks */
      co.peak_bw = 2.0e12;
    } /* else the roofline takes them from the engine's device facts */
    ec_chart_set set = {0};
    ec_engine_charts(e, sum, &co, &set);
    for (size_t i = 0; i < set.n; i++) {
      char name[300];
      snprintf(name, sizeof name, "%s-%s", tag, set.names[i]);
      S_check(set.scenes[i], name, NULL);
      if (pdf) {
        char path[600];
        snprintf(path, sizeof path, "%s/%s.pdf", S_tmp, name);
        assert_int_equal(ec_render_pdf_file(set.scenes[i], path), 0);
      }
    }
    n = set.n;
    ec_chart_set_free(&set);
    ec_summary_free(sum);
  }
  ec_engine_free(e);
  return n;
}

static void test_corpus(void **st) {
  (void)st;
  EC_NEED_SHARED(shared);
  const char *corpus = ec_test_path(shared, "corpus");
  char root[4096];
  snprintf(root, sizeof root, "%s", corpus);
  DIR *d1 = opendir(root);
  assert_non_null(d1);
  /* Sorted walk: collect names first. */
  char **dirs = NULL;
  size_t nd = 0, cap = 0;
  struct dirent *a;
  while ((a = readdir(d1))) {
    if (a->d_name[0] == '.') continue;
    char p1[4500];
    snprintf(p1, sizeof p1, "%s/%s", root, a->d_name);
    DIR *d2 = opendir(p1);
    if (!d2) continue;
    struct dirent *b;
    while ((b = readdir(d2))) {
      if (b->d_name[0] == '.') continue;
      char *p2 = ec_asprintf("%s/%s", p1, b->d_name);
      DIR *d3 = opendir(p2);
      if (!d3) { free(p2); continue; }
      closedir(d3);
      *EC_PUSH(dirs, nd, cap) = p2;
    }
    closedir(d2);
  }
  closedir(d1);
  size_t charts = 0, engines = 0;
  for (size_t i = 0; i < nd; i++) {
    char tag[64];
    snprintf(tag, sizeof tag, "c%zu", i);
    size_t k = S_engine(dirs[i], tag, 1, (int)(i % 2));
    if (k) engines++;
    charts += k;
    free(dirs[i]);
  }
  free(dirs);
  print_message("corpus: %zu charts of %zu engines checked\n", charts, engines);
  assert_true(engines > 10);
}

static void test_generated_2000(void **st) {
  (void)st;
  const char *gen = getenv("EC_GEN") ? getenv("EC_GEN") : "build/enginegen";
  if (access(gen, X_OK) != 0) {
    print_message("SKIPPED: %s not built\n", gen);
    skip();
  }
  char prefix[512], cmd[1200];
  snprintf(prefix, sizeof prefix, "%s/gen2000", S_tmp);
  snprintf(cmd, sizeof cmd, "%s --out %s --layers 2000 --precision int8 --hostile --iterations 5000",
           gen, prefix);
  assert_int_equal(system(cmd), 0);
  char spec[600];
  snprintf(spec, sizeof spec, "%s.graph.json", prefix);
  double t0 = S_now();
  size_t n = S_engine(prefix, "g2000", 0, 0);
  double t1 = S_now();
  assert_true(n >= 7);
  print_message("charts of a 2,000-layer engine (load+build+check+SVG): %zu charts, %.1f ms\n", n,
                (t1 - t0) * 1000);
}

static int S_setup(void **st) {
  (void)st;
  if (!mkdtemp(S_tmp)) return -1;
  return 0;
}

static int S_teardown(void **st) {
  (void)st;
  const char *outdir = getenv("EC_CHART_OUT");
  if (outdir && S_html.len) {
    ec_buf page = {0};
    ec_buf_puts(&page, "<!doctype html><meta charset=utf-8><title>charts</title><style>"
                       "body{font-family:sans-serif;max-width:1100px;margin:auto}"
                       "figure{display:inline-block;margin:8px;vertical-align:top}"
                       "svg.ec-chart{width:520px;height:auto}"
                       "@media (prefers-color-scheme: dark){body{background:#121212;color:#e8e8e8}}"
                       "</style>\n");
    ec_buf_put(&page, S_html.data, S_html.len);
    char path[600];
    snprintf(path, sizeof path, "%s/index.html", outdir);
    S_write(path, page.data, page.len);
    ec_buf_free(&page);
  }
  ec_buf_free(&S_html);
  S_sh("rm -rf '%s'%s", S_tmp, "");
  ec_text_shutdown();
  return 0;
}


/* EC_BENCH_CHARTS=PREFIX: no tests; load PREFIX, then time building every
 * standard chart, the layout check, the SVG and one PDF per chart, and print
 * one line (used by tests/bench/run.sh). */
static int S_bench(const char *spec) {
  ec_engine *e = NULL;
  ec_load_opts o = {0};
  double t0 = S_now();
  if (ec_load_engine(spec, &o, &e) != 0) return 2;
  ec_summary *sum = ec_summarize(e);
  double t1 = S_now();
  ec_engine_chart_opts co = {0};
  co.id_base = "b";
  co.peak_flops = 312e12;
  co.peak_bw = 2.0e12;
  ec_chart_set set = {0};
  ec_engine_charts(e, sum, &co, &set);
  double t2 = S_now();
  size_t probs = 0;
  for (size_t i = 0; i < set.n; i++) {
    ec_layout_problems p = {0};
    probs += ec_layout_check(set.scenes[i], 0.5, &p);
    ec_layout_problems_free(&p);
  }
  double t3 = S_now();
  size_t bytes = 0;
  for (size_t i = 0; i < set.n; i++) {
    ec_buf b = {0};
    ec_render_svg(set.scenes[i], &b);
    bytes += b.len;
    ec_buf_free(&b);
  }
  double t4 = S_now();
  if (!mkdtemp(S_tmp)) return 2;
  for (size_t i = 0; i < set.n; i++) {
    char path[600];
    snprintf(path, sizeof path, "%s/%zu.pdf", S_tmp, i);
    if (ec_render_pdf_file(set.scenes[i], path) != 0) return 1;
  }
  double t5 = S_now();
  S_sh("rm -rf '%s'%s", S_tmp, "");
  printf("%zu layers: load+summary %.1f ms; %zu charts: build %.1f ms, layout check %.1f ms, "
         "SVG %.1f ms (%zu bytes), PDF %.1f ms; charts total %.1f ms; %zu layout problems\n",
         e->n_layers, (t1 - t0) * 1e3, set.n, (t2 - t1) * 1e3, (t3 - t2) * 1e3, (t4 - t3) * 1e3,
         bytes, (t5 - t4) * 1e3, (t5 - t1) * 1e3, probs);
  ec_chart_set_free(&set);
  ec_summary_free(sum);
  ec_engine_free(e);
  ec_text_shutdown();
  return probs ? 1 : 0;
}

/* Under ASan: fontconfig and pango keep process-lifetime caches that
 * LeakSanitizer reports after ec_text_shutdown; suppress only those
 * libraries (slow unwinding so their frames are visible). */
/* CIE76 distance of two colours (sRGB, D65). */
static void S_lab(ec_color c, double out[3]) {
  double v[3] = {c.r / 255.0, c.g / 255.0, c.b / 255.0};
  for (int i = 0; i < 3; i++) v[i] = v[i] <= 0.04045 ? v[i] / 12.92 : pow((v[i] + 0.055) / 1.055, 2.4);
  double x = (0.4124 * v[0] + 0.3576 * v[1] + 0.1805 * v[2]) / 0.95047;
  double y = 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2];
  double z = (0.0193 * v[0] + 0.1192 * v[1] + 0.9505 * v[2]) / 1.08883;
  double f[3] = {x, y, z};
  for (int i = 0; i < 3; i++) f[i] = f[i] > 0.008856 ? cbrt(f[i]) : 7.787 * f[i] + 16.0 / 116;
  out[0] = 116 * f[1] - 16;
  out[1] = 500 * (f[0] - f[1]);
  out[2] = 200 * (f[1] - f[2]);
}

static double S_delta_e(ec_color a, ec_color b) {
  double p[3], q[3];
  S_lab(a, p);
  S_lab(b, q);
  return sqrt((p[0] - q[0]) * (p[0] - q[0]) + (p[1] - q[1]) * (p[1] - q[1]) + (p[2] - q[2]) * (p[2] - q[2]));
}

/* Engine colours are told apart from layer types, precisions, the
 * waterfall's slower/faster and one another; they cycle after 7. */
static void test_engine_palette(void **st) {
  (void)st;
  static const char *types[] = {"Convolution", "Deconvolution", "ConvActPool", "MatrixMultiply", "gemm", "Reformat",
                                "Shuffle", "Slice", "Scale", "Quantize", "Pooling", "PluginV2", "PointWise",
                                "ElementWise", "Reduce", "SoftMax", "Myelin", "kgen", "NonZero", "TrainStation", "Normalization",
                                "other"};
  static const char *precs[] = {"INT8", "FP32", "FP16", "INT32", "FP8", "INT4", "FP4", "BF16", "INT64", "Bool", "?"};
  for (size_t i = 0; i < 7; i++) {
    ec_color e = ec_colors_engine(i);
    for (size_t k = 0; k < sizeof types / sizeof *types; k++)
      if (S_delta_e(e, ec_colors_layer_type(types[k])) < 25) fail_msg("engine %zu is close to %s", i, types[k]);
    for (size_t k = 0; k < sizeof precs / sizeof *precs; k++)
      if (S_delta_e(e, ec_colors_precision(precs[k])) < 25) fail_msg("engine %zu is close to %s", i, precs[k]);
    assert_true(S_delta_e(e, ec_rgb(0xd55e00)) >= 45 && S_delta_e(e, ec_rgb(0x009e73)) >= 45);
    for (size_t j = 0; j < i; j++)
      if (S_delta_e(e, ec_colors_engine(j)) < 30) fail_msg("engines %zu and %zu look alike", j, i);
    ec_color again = ec_colors_engine(i + 7);
    assert_true(again.r == e.r && again.g == e.g && again.b == e.b);
  }
}

/* One colour per type family, told apart from every other family's and
 * from the engine colours; a family's types share it. */
static void test_family_colors(void **st) {
  (void)st;
  const char *const *fam;
  size_t n = ec_type_families(&fam);
  assert_true(n >= 25);
  ec_color gray = ec_colors_layer_type(NULL);
  for (size_t i = 0; i < n; i++) {
    ec_color a = ec_colors_layer_type(fam[i]);
    if (S_delta_e(a, gray) < 10) fail_msg("%s is gray", fam[i]);
    for (size_t j = 0; j < i; j++)
      if (S_delta_e(a, ec_colors_layer_type(fam[j])) < 20) fail_msg("%s and %s look alike", fam[i], fam[j]);
    for (size_t k = 0; k < 7; k++)
      if (S_delta_e(a, ec_colors_engine(k)) < 25) fail_msg("%s is close to engine %zu", fam[i], k);
  }
  static const char *const same[][2] = {{"correlation", "Convolution"}, {"Convolution (Myelin correlation)", "Convolution"},
                                        {"Convolution (from name)", "Convolution"}, {"gemm", "MatrixMultiply"},
                                        {"maxpool", "Pooling"}, {"SoftMax (Myelin kgen)", "SoftMax"}};
  for (size_t k = 0; k < sizeof same / sizeof same[0]; k++) {
    ec_color a = ec_colors_layer_type(same[k][0]), b = ec_colors_layer_type(same[k][1]);
    if (a.r != b.r || a.g != b.g || a.b != b.b) fail_msg("%s is not coloured as %s", same[k][0], same[k][1]);
  }
}

/* TREx's per-layer view: every layer in execution order up to
 * EC_ORDER_BARS bars; beyond, bins of consecutive layers each as tall as
 * its slowest, so the engine's slowest layer keeps its height; coloured by
 * precision; its data table has one row per bar; the layout check passes. */
static void test_layer_order(void **st) {
  (void)st;
  for (size_t n = 7; n <= 1301; n += 1294) {
    ec_engine *e = ec_test_engine();
    size_t slow = n * 2 / 3;
    for (size_t i = 0; i < n; i++) {
      char nm[32];
      snprintf(nm, sizeof nm, "layer_%zu", i);
      ec_layer *l = ec_test_add_layer(e, nm, "CaskConvolution", "Convolution", NULL);
      l->precision = l->precision_trex = l->out_precision = i % 5 ? "INT8" : "FP32";
      l->has_profile = 1;
      l->avg_ms = i == slow ? 3.0 : 0.01 + 0.001 * (double)(i % 7);
    }
    ec_summary *sum = ec_summarize(e);
    ec_layer_bin *b = NULL;
    size_t nb = ec_layer_order_bins(e, 0, &b);
    assert_true(nb <= EC_ORDER_BARS);
    if (n <= EC_ORDER_BARS) assert_int_equal(nb, n);
    size_t next = 0, seen_slow = 0;
    for (size_t k = 0; k < nb; k++) {
      assert_int_equal(b[k].first, next); /* in order, each layer once */
      next = b[k].last + 1;
      double mx = 0, tot = 0;
      for (size_t i = b[k].first; i <= b[k].last; i++) mx = fmax(mx, e->layers[i].avg_ms), tot += e->layers[i].avg_ms;
      assert_true(b[k].max_ms == mx && fabs(b[k].sum_ms - tot) < 1e-9);
      assert_true(e->layers[b[k].slowest].avg_ms == mx);
      seen_slow += b[k].slowest == slow;
    }
    assert_int_equal(next, n);
    assert_int_equal(seen_slow, 1);
    ec_scene *sc = ec_engine_chart(e, sum, "layer-order", &(ec_engine_chart_opts){.width = 640});
    assert_non_null(sc);
    ec_layout_problems p;
    memset(&p, 0, sizeof p);
    assert_int_equal(ec_layout_check(sc, 0.5, &p), 0);
    ec_layout_problems_free(&p);
    int fp32 = 0;
    ec_color red = ec_colors_precision("FP32");
    for (size_t k = 0; k < sc->n_ops; k++) {
      /* the PDF fits the 640-point chart to its column (515 points on A4, x 0.8): 7 pt there */
      if (sc->ops[k].kind == EC_OP_TEXT && sc->ops[k].size * 515.0 / 640 < 7 - 1e-9)
        fail_msg("text below 7 pt in the PDF: %s (%.1f)", sc->ops[k].text, sc->ops[k].size);
      if (sc->ops[k].kind == EC_OP_RECT && sc->ops[k].fill.r == red.r && sc->ops[k].fill.g == red.g &&
          sc->ops[k].fill.b == red.b)
        fp32++;
    }
    assert_true(fp32 > 0); /* coloured by precision */
    ec_scene_free(sc);
    /* the PDF's drawing (report.c, ec_block.pdf): the column's width, drawn
     * unscaled, so every text is >= 7 pt as it stands; layer numbers level,
     * fewer of them, the first bar's always among them */
    sc = ec_engine_chart(e, sum, "layer-order", &(ec_engine_chart_opts){.width = 495, .pdf_column = 1});
    assert_non_null(sc);
    assert_true(sc->width <= 495 + 1e-9);
    memset(&p, 0, sizeof p);
    if (ec_layout_check(sc, 0.5, &p)) fail_msg("PDF drawing of %zu layers: %s", n, p.v[0]);
    ec_layout_problems_free(&p);
    size_t level = 0;
    int first = 0;
    for (size_t k = 0; k < sc->n_ops; k++) {
      if (sc->ops[k].kind != EC_OP_TEXT) continue;
      if (sc->ops[k].size < 7) fail_msg("PDF drawing: text below 7 pt: %s (%.1f)", sc->ops[k].text, sc->ops[k].size);
      const char *t0 = sc->ops[k].text;
      if (t0[0] < '0' || t0[0] > '9' || strchr(t0, '.')) continue; /* a layer number ("0", "0-19") */
      if (sc->ops[k].rotate != 0) fail_msg("PDF drawing: a turned layer number: %s", t0);
      if (!strstr(t0, "\xE2\x80\x93")) continue; /* a run's numbers, not a tick's */
      level++;
      first |= !strncmp(t0, "0\xE2\x80\x93", 4);
    }
    if (n > EC_ORDER_BARS) { /* thinned to a round step, still a scale from the first run */
      assert_true(first);
      assert_true(level >= 4 && level < nb);
    }
    ec_scene_free(sc);
    ec_table *t = ec_tbl_layer_order(sum, "lo");
    assert_int_equal(t->nrows, nb);
    char want[32];
    snprintf(want, sizeof want, "layer_%zu", slow);
    int found = 0;
    for (size_t r = 0; r < t->nrows; r++) found |= !strcmp(ec_table_cell(t, r, 1)->text, want);
    assert_true(found);
    ec_table_free(t);
    free(b);
    ec_summary_free(sum);
    ec_engine_free(e);
  }
}

/* The waterfall: steps from one total to the other, with a cut axis when
 * the steps are small, and the layout check passes. */
static void test_waterfall(void **st) {
  (void)st;
  const char *labels[] = {"Convolution, 21 layers", "Pooling, 2 layers", "only in b: 3 layers"};
  double d[] = {0.12, -0.03, 0.02};
  ec_waterfall_spec sp;
  memset(&sp, 0, sizeof sp);
  sp.f.id = "wf";
  sp.f.title = "Layer latency: a \xE2\x86\x92 b";
  sp.start_label = "a";
  sp.end_label = "b";
  sp.start = 10;
  sp.end = 10.11;
  sp.start_color = ec_colors_engine(0);
  sp.end_color = ec_colors_engine(1);
  sp.n = 3;
  sp.labels = labels;
  sp.deltas = d;
  sp.unit = "ms";
  sp.value_axis = "Sum";
  ec_scene *s = ec_chart_waterfall(&sp);
  ec_layout_problems p;
  memset(&p, 0, sizeof p);
  assert_int_equal(ec_layout_check(s, 0.5, &p), 0);
  ec_layout_problems_free(&p);
  assert_non_null(strstr(s->desc, "not 0")); /* small steps next to big totals: the axis is cut */
  int minus = 0;
  for (size_t k = 0; k < s->n_ops; k++)
    if (s->ops[k].kind == EC_OP_TEXT && strcmp(s->ops[k].text, "\xE2\x88\x92" "0.03") == 0) minus = 1;
  assert_true(minus);
  ec_scene_free(s);
  sp.start = 0.1; /* steps as big as the totals: from 0 */
  sp.end = 0.21;
  s = ec_chart_waterfall(&sp);
  assert_true(!s->desc || !strstr(s->desc, "not 0"));
  ec_scene_free(s);
}

const char *__lsan_default_suppressions(void);
const char *__lsan_default_suppressions(void) {
  return "leak:libfontconfig.so\nleak:libpango-1.0.so\nleak:libpangoft2-1.0.so\n";
}
const char *__asan_default_options(void);
const char *__asan_default_options(void) { return "fast_unwind_on_malloc=0"; }

int main(void) {
  if (getenv("EC_BENCH_CHARTS")) return S_bench(getenv("EC_BENCH_CHARTS"));
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_bar_kinds),   cmocka_unit_test(test_other_kinds),
      cmocka_unit_test(test_scale_and_empty), cmocka_unit_test(test_hostile),
      cmocka_unit_test(test_layer_anchor), cmocka_unit_test(test_layer_links),
      cmocka_unit_test(test_group_charts), cmocka_unit_test(test_roofline_device),
      cmocka_unit_test(test_timing_histogram_tail), cmocka_unit_test(test_histogram_timer_tick), cmocka_unit_test(test_engine_palette),
      cmocka_unit_test(test_family_colors),
      cmocka_unit_test(test_layer_order),
      cmocka_unit_test(test_waterfall),
      cmocka_unit_test(test_corpus),      cmocka_unit_test(test_generated_2000),
  };
  return cmocka_run_group_tests(tests, S_setup, S_teardown);
}
