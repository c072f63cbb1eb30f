/* Chart kinds on hand-made data, at scale, with hostile labels, and every
 * standard chart of every corpus engine and of a generated 2,000-layer
 * engine: each must pass the layout check, give well-formed SVG and a PDF.
 *
 * EC_CHART_OUT=dir also writes every chart there as .svg and .pdf, and an
 * index.html with the SVGs inlined, for looking at them. */
#include "testutil.h"

#include <dirent.h>
#include <time.h>
#include <unistd.h>

#include "analyze/summary.h"
#include "load/load.h"
#include "render/cairo.h"
#include "render/svg.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "view/chart.h"
#include "view/colors.h"
#include "view/engine_charts.h"
#include "view/layout_check.h"
#include "view/text.h"

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
  b.key_color = ec_color_layer_type;
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
  d.key_color = ec_color_precision;
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
  r.key_color = ec_color_precision;
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

static double S_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Build, check and render every standard chart of one engine. */
static size_t S_engine(const char *spec, const char *tag, int pdf) {
  ec_engine *e = NULL;
  ec_load_opts o = {0};
  int rc = ec_load_engine(spec, &o, &e);
  size_t n = 0;
  if (rc == 0 && ec_engine_usable(e)) {
    ec_summary *sum = ec_summarize(e);
    ec_engine_chart_opts co = {0};
    co.id_base = tag;
    co.peak_flops = 312e12; /* exercise the roofline with A100-like peaks */
    co.peak_bw = 2.0e12;
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
    size_t k = S_engine(dirs[i], tag, 1);
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
  size_t n = S_engine(prefix, "g2000", 0);
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
      cmocka_unit_test(test_corpus),      cmocka_unit_test(test_generated_2000),
  };
  return cmocka_run_group_tests(tests, S_setup, S_teardown);
}
