/* report — placeholders, generators and the page around them.
 *
 * Generators (info string of a fenced block in the template, body "data:
 * NAME" and optional "rows: N", "caption: text"):
 *   chart  data: a view/engine_charts.h name; aggregate charts carry their
 *          numbers as a data table too
 *   table  data: facts | bindings | performance | by-type | by-precision |
 *          top-layers | tactics | layers | reformats | pointwise | fused |
 *          memory | efficiency | options | type-tables
 *   notes  data: warnings (everything said while loading the engine)
 *   lint   data: findings (assemble/gen_lint.h) */
#include "assemble/report.h"
#include "assemble/gen_lint.h"
#include "assemble/gen_graph.h"
#include "assemble/html.h"
#include "render/html_table.h"
#include "util/alloc.h"
#include "view/engine_charts.h"
#include "view/engine_tables.h"
#include "view/fmt.h"
#include <cmark.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  const ec_report_part *part;
  const ec_report_opts *o;
  int seq; /* ids of generated tables */
  ec_gen_graph_opts graph_opts;
  ec_graph_job *graph_job; /* started before expansion, collected by the graph block */
} S_ctx;

/* ---- placeholders ------------------------------------------------------ */

static char *S_value(void *ud, const char *name) {
  S_ctx *c = ud;
  const ec_engine *e = c->part->engine;
  const ec_summary *s = c->part->summary;
  char buf[64];
  if (!strcmp(name, "engine.name")) return ec_strdup(e->name);
  if (!strcmp(name, "engine.device")) return ec_strdup(e->device.present && e->device.name ? e->device.name : "unknown device");
  if (!strcmp(name, "engine.tensorrt")) return ec_strdup(e->trt_version ? e->trt_version : "(version not recorded)");
  if (!strcmp(name, "engine.layers")) return ec_strdup(ec_fmt_int(buf, sizeof buf, (double)s->layers));
  if (!strcmp(name, "latency.total")) return ec_strdup(s->has_latency ? ec_fmt_ms(buf, sizeof buf, s->total_ms) : "not available");
  if (!strcmp(name, "reformat.share")) return ec_strdup(s->has_latency ? ec_fmt_pct(buf, sizeof buf, s->reformat_share_pct) : "not available");
  if (!strcmp(name, "reformat.count")) return ec_strdup(ec_fmt_int(buf, sizeof buf, (double)s->reformat_count));
  /* unknown, not 0, when no layer's source describes them; partial says so */
  if (!strcmp(name, "weights") || !strcmp(name, "activations")) {
    ec_buf b = {0};
    if (name[0] == 'w')
      ec_fmt_bytes_known(&b, s->weights_bytes, s->nums.weights_known, s->nums.n, "no layer's weights are described");
    else
      ec_fmt_bytes_known(&b, s->activations_bytes, s->nums.io_known, s->nums.n, "no layer's tensors have a known size");
    return ec_buf_take(&b);
  }
  if (!strcmp(name, "timing.count")) return ec_strdup(s->has_timing ? ec_fmt_int(buf, sizeof buf, (double)s->timing.count) : "not available");
  if (!strcmp(name, "timing.median")) return ec_strdup(s->has_timing ? ec_fmt_ms(buf, sizeof buf, s->timing.median) : "not available");
  if (!strcmp(name, "timing.p99")) return ec_strdup(s->has_timing ? ec_fmt_ms(buf, sizeof buf, s->timing.p99) : "not available");
  if (!strcmp(name, "profile.iterations"))
    return ec_strdup(e->has_profile && e->profile_count > 0 ? ec_fmt_int(buf, sizeof buf, (double)e->profile_count) : "not available");
  /* whole sentences for values that may be missing, so the text reads either way */
  if (!strcmp(name, "latency.intro")) {
    if (!s->has_latency)
      return ec_strdup("There is no per-layer profile (trtexec --exportProfile), so the charts below that need "
                       "latencies say so; layer counts are still shown.");
    char ms[32], it[48], cmp[400];
    if (e->profile_count > 0) snprintf(it, sizeof it, " (%s iterations)", ec_fmt_int(buf, sizeof buf, (double)e->profile_count));
    else it[0] = '\0';
    /* "larger than the end-to-end time" only when there is one */
    ec_e2e t = ec_summary_e2e(s);
    if (t.known && isfinite(t.median_ms)) {
      char med[32];
      snprintf(cmp, sizeof cmp,
               " The engine's end-to-end %s median is %s ms (%s)%s: trtexec times each layer separately, with "
               "synchronisation between layers. Use the *Timings* section for end-to-end numbers.",
               t.what, ec_fmt_ms(med, sizeof med, t.median_ms), t.source,
               s->total_ms > t.median_ms ? ", less than the sum" : "");
    } else {
      snprintf(cmp, sizeof cmp, " No end-to-end time was given (timing.json, metadata or a trtexec log) to compare "
                                "the sum with.");
    }
    return ec_asprintf("Per-layer latencies come from trtexec's profiling run%s; they add up to %s ms.%s", it,
                       ec_fmt_ms(ms, sizeof ms, s->total_ms), cmp);
  }
  if (!strcmp(name, "reformat.intro")) {
    if (!s->reformat_count) return ec_strdup("The engine has no Reformat layers.");
    if (!s->has_latency) return ec_asprintf("The engine has %zu Reformat layers; without a profile their latency is unknown.", s->reformat_count);
    return ec_asprintf("%zu Reformat layers take %s%% of the latency.", s->reformat_count,
                       ec_fmt_pct(buf, sizeof buf, s->reformat_share_pct));
  }
  if (!strcmp(name, "timing.intro")) {
    if (!s->has_timing) return ec_strdup("none were given, so this section has no per-iteration data.");
    char med[32], p99[32];
    return ec_asprintf("%s iterations; median %s ms, p99 %s ms.", ec_fmt_int(buf, sizeof buf, (double)s->timing.count),
                       ec_fmt_ms(med, sizeof med, s->timing.median), ec_fmt_ms(p99, sizeof p99, s->timing.p99));
  }
  if (!strcmp(name, "warnings.count")) return ec_strdup(ec_fmt_int(buf, sizeof buf, (double)ec_diags_count(&e->diags, EC_WARN)));
  return NULL;
}

/* ---- generators -------------------------------------------------------- */

static size_t S_rows(const ec_kvs *a, size_t dflt) {
  const char *r = ec_kvs_get(a, "rows");
  long v = r ? strtol(r, NULL, 10) : 0;
  return v > 0 ? (size_t)v : dflt;
}

/* why is read after t was built (argument order is unspecified in C) */
static ec_block *S_table_block(ec_table *t, const char **why) {
  return t ? ec_block_table(t) : ec_block_unavailable(*why);
}

static ec_block *S_gen_table(S_ctx *c, const char *data, const ec_kvs *a) {
  const ec_summary *s = c->part->summary;
  const char *why = "no data";
  char id[64];
  snprintf(id, sizeof id, "%s-t%d", c->part->id, ++c->seq);
  size_t top = c->o->top_n ? c->o->top_n : 10;
  if (!strcmp(data, "facts")) return S_table_block(ec_tbl_facts(s, id, &why), &why);
  if (!strcmp(data, "bindings")) return S_table_block(ec_tbl_bindings(s, id, &why), &why);
  if (!strcmp(data, "performance")) return S_table_block(ec_tbl_perf(s, id, &why), &why);
  if (!strcmp(data, "by-type")) return S_table_block(ec_tbl_by_type(s, id, &why), &why);
  if (!strcmp(data, "by-precision")) return S_table_block(ec_tbl_by_precision(s, id, &why), &why);
  if (!strcmp(data, "top-layers")) return S_table_block(ec_tbl_top_layers(s, id, S_rows(a, top), &why), &why);
  if (!strcmp(data, "tactics")) return S_table_block(ec_tbl_tactics(s, id, &why), &why);
  if (!strcmp(data, "reformats")) return S_table_block(ec_tbl_reformats(s, id, &why), &why);
  if (!strcmp(data, "pointwise")) return S_table_block(ec_tbl_pointwise(s, id, &why), &why);
  if (!strcmp(data, "fused")) return S_table_block(ec_tbl_fused(s, id, S_rows(a, 30), &why), &why);
  if (!strcmp(data, "memory")) return S_table_block(ec_tbl_memory(s, id, S_rows(a, 20), &why), &why);
  if (!strcmp(data, "efficiency")) return S_table_block(ec_tbl_efficiency(s, id, S_rows(a, 30), &why), &why);
  if (!strcmp(data, "options")) {
    ec_block *b = S_table_block(ec_tbl_options(s, id, &why), &why);
    const char *col = ec_kvs_get(a, "collapsed");
    if (b->kind == EC_BLOCK_TABLE && col && !strcmp(col, "yes")) b->collapsed = 1;
    return b;
  }
  if (!strcmp(data, "layers")) {
    snprintf(id, sizeof id, "%s-layers", c->part->id);
    return S_table_block(ec_tbl_layers(s, id, c->part->id, c->o->max_table_rows, &why), &why);
  }
  if (!strcmp(data, "type-tables")) {
    if (!s->layers) return ec_block_unavailable("no layers were read");
    ec_block *g = ec_block_group();
    for (size_t i = 0; i < s->by_type.n; i++) {
      char *sentence = NULL;
      snprintf(id, sizeof id, "%s-t%d", c->part->id, ++c->seq);
      ec_table *t = ec_tbl_type_layers(s, id, s->by_type.v[i].key, S_rows(a, 10), &sentence);
      if (!t) continue;
      ec_block *b = ec_block_table(t);
      b->caption = sentence;
      ec_block_add(g, b);
    }
    return g;
  }
  return ec_block_unavailable("the template names an unknown table");
}

/* The table that carries an aggregate chart's numbers. */
static ec_table *S_chart_data(const ec_summary *s, const char *chart, const char *id) {
  const char *why;
  if (!strcmp(chart, "latency-by-type") || !strcmp(chart, "latency-share-by-type") || !strcmp(chart, "count-by-type") ||
      !strcmp(chart, "count-and-latency-by-type"))
    return ec_tbl_by_type(s, id, &why);
  if (!strcmp(chart, "latency-by-precision") || !strcmp(chart, "count-by-precision"))
    return ec_tbl_by_precision(s, id, &why);
  if (!strcmp(chart, "reformat-by-origin")) return ec_tbl_reformats(s, id, &why);
  if (!strcmp(chart, "pointwise-ops")) return ec_tbl_pointwise(s, id, &why);
  if (!strcmp(chart, "timing-histogram") || !strcmp(chart, "timing-iterations")) return ec_tbl_perf(s, id, &why);
  return NULL;
}

static const char *S_chart_why(const ec_summary *s, const char *chart) {
  const ec_engine *e = s->engine;
  if (!strncmp(chart, "timing", 6)) return "no timing.json (trtexec --exportTimes) was given";
  if (!strcmp(chart, "roofline"))
    return !e->device.present ? "the device is unknown (no metadata or log)" : "no convolution or GEMM with known FLOPs, latency and device peaks";
  if (!strcmp(chart, "reformat-by-origin")) return "the engine has no Reformat layers";
  if (!strcmp(chart, "pointwise-ops")) return "the engine has no PointWise layers";
  if (!s->layers) return "no layers were read";
  if (!s->has_latency && (strstr(chart, "latency") || strstr(chart, "precision")))
    return "no profile (trtexec --exportProfile): per-layer latencies are unknown";
  return "its data is missing";
}

static ec_block *S_gen_chart(S_ctx *c, const char *data, const ec_kvs *a) {
  const ec_summary *s = c->part->summary;
  ec_engine_chart_opts co = {0};
  char base[48];
  snprintf(base, sizeof base, "%s", c->part->id);
  co.id_base = base;
  /* donuts read best at their own default size; the rest span the column */
  co.width = strstr(data, "precision") && strncmp(data, "layer", 5) ? 0 : 640;
  ec_scene *sc = ec_engine_chart(c->part->engine, s, data, &co);
  if (!sc) return ec_block_unavailable(S_chart_why(s, data));
  char id[64];
  snprintf(id, sizeof id, "%s-t%d", c->part->id, ++c->seq);
  return ec_block_figure(sc, S_chart_data(s, data, id), ec_kvs_get(a, "caption"));
}

static ec_block *S_gen_notes(S_ctx *c, const char *data) {
  const ec_engine *e = c->part->engine;
  if (strcmp(data, "warnings")) return ec_block_unavailable("the template names unknown notes");
  ec_block *b = ec_block_notes();
  for (size_t i = 0; i < e->diags.n; i++) {
    if (e->diags.v[i].sev < EC_WARN) continue;
    char *m = ec_diag_format(&e->diags.v[i]);
    ec_block_note(b, e->diags.v[i].sev == EC_ERROR ? 2 : 1, m);
    free(m);
  }
  return b;
}

static ec_block *S_generate(void *ud, const char *kind, const ec_kvs *args) {
  S_ctx *c = ud;
  const char *data = ec_kvs_get(args, "data");
  if (!strcmp(kind, "chart")) return S_gen_chart(c, data ? data : "", args);
  if (!strcmp(kind, "table")) return S_gen_table(c, data ? data : "", args);
  if (!strcmp(kind, "notes")) return S_gen_notes(c, data ? data : "warnings");
  if (!strcmp(kind, "graph")) return ec_gen_graph(c->part->engine, c->part->summary, args, &c->graph_opts, &c->graph_job);
  if (!strcmp(kind, "lint")) return ec_gen_lint(c->part->engine, c->part->summary, data, c->part->id, S_rows(args, 0));
  return NULL;
}

static char *S_html(void *ud, const ec_block *b) {
  S_ctx *c = ud;
  if (!c->o->want_html) return NULL;
  ec_buf o = {0};
  ec_block_html(b, &o);
  return ec_buf_take(&o);
}

/* ---- building ---------------------------------------------------------- */

int ec_report_build(ec_engine *const *es, size_t n, const ec_report_opts *o, ec_report *out, ec_diags *d) {
  memset(out, 0, sizeof *out);
  size_t len;
  char *md = ec_template_load(o->template_path, "report.md", &len, d);
  if (!md) return -1;
  out->parts = ec_calloc(n ? n : 1, sizeof *out->parts);
  for (size_t i = 0; i < n; i++) {
    ec_report_part *p = &out->parts[out->n++];
    p->engine = es[i];
    p->summary = ec_summarize(es[i]);
    snprintf(p->id, sizeof p->id, "e%zu", i + 1);
    S_ctx c = {p, o, 0, {0}, NULL};
    /* the graph's layout runs in a child process while the charts are built */
    c.graph_opts.part_id = p->id;
    c.graph_opts.timeout_s = o->graph_timeout;
    c.graph_opts.budget = o->graph_budget;
    c.graph_opts.href_limit = o->max_table_rows;
    if (ec_gen_graph_scan(md, len, &c.graph_opts)) c.graph_job = ec_graph_job_start(p->engine, p->summary, &c.graph_opts);
    ec_tmpl_env env = {&c, S_value, S_generate, S_html, p->id,
                       o->template_path ? o->template_path : "templates/report.md"};
    int rc = ec_template_expand(md, len, &env, &p->doc, d);
    ec_graph_job_cancel(c.graph_job);
    if (rc != 0) {
      free(md);
      return -1;
    }
  }
  free(md);
  return 0;
}

void ec_report_free(ec_report *r) {
  for (size_t i = 0; i < r->n; i++) {
    ec_summary_free(r->parts[i].summary);
    ec_doc_free(&r->parts[i].doc);
  }
  free(r->parts);
  free(r->title);
  free(r->running);
  memset(r, 0, sizeof *r);
}

const char *ec_report_title(const ec_report *r, char *buf, size_t cap) {
  if (r->title)
    snprintf(buf, cap, "%s", r->title);
  else if (r->n == 1)
    snprintf(buf, cap, "%s \xE2\x80\x94 enginecard report", r->parts[0].engine->name);
  else
    snprintf(buf, cap, "%zu engines \xE2\x80\x94 enginecard report", r->n);
  return buf;
}

ec_table *ec_report_index_table(const ec_report *r) {
  char buf[64];
  ec_table *tb = ec_table_new("index", NULL);
  ec_table_col(tb, "Engine", EC_ALIGN_LEFT, 0);
  ec_table_col(tb, "Device", EC_ALIGN_LEFT, 0);
  ec_table_col(tb, "Layers", EC_ALIGN_RIGHT, 1);
  ec_table_col(tb, "Layer latency sum (ms)", EC_ALIGN_RIGHT, 1);
  ec_table_col(tb, "Median latency (ms)", EC_ALIGN_RIGHT, 1);
  ec_table_col(tb, "Warnings", EC_ALIGN_RIGHT, 1);
  for (size_t i = 0; i < r->n; i++) {
    const ec_report_part *p = &r->parts[i];
    const ec_engine *e = p->engine;
    size_t row = ec_table_row(tb);
    ec_table_set(tb, row, 0, e->name, NAN);
    snprintf(buf, sizeof buf, "#%s", p->id);
    ec_table_set_link(tb, row, 0, buf);
    ec_table_set(tb, row, 1, e->device.present && e->device.name ? e->device.name : "", NAN);
    ec_table_set(tb, row, 2, ec_fmt_int(buf, sizeof buf, (double)p->summary->layers), NAN);
    ec_table_set(tb, row, 3, p->summary->has_latency ? ec_fmt_ms(buf, sizeof buf, p->summary->total_ms) : "\xE2\x80\x93", NAN);
    ec_table_set(tb, row, 4, p->summary->has_timing ? ec_fmt_ms(buf, sizeof buf, p->summary->timing.median) : "\xE2\x80\x93", NAN);
    ec_table_set(tb, row, 5, ec_fmt_int(buf, sizeof buf, (double)ec_diags_count(&e->diags, EC_WARN)), NAN);
  }
  return tb;
}

static void S_index(const ec_report *r, ec_buf *o) {
  ec_buf_puts(o, "<nav class=\"index\" id=\"top\"><h1>Engines</h1>\n");
  ec_table *tb = ec_report_index_table(r);
  ec_render_table_html(tb, o);
  ec_table_free(tb);
  ec_buf_puts(o, "</nav>\n");
}

void ec_report_html(const ec_report *r, ec_buf *o) {
  char title[512];
  ec_html_report_begin(o, ec_report_title(r, title, sizeof title), r);
  if (r->n > 1) S_index(r, o);
  for (size_t i = 0; i < r->n; i++) {
    ec_buf_printf(o, "<section class=\"engine\" id=\"%s\">\n", r->parts[i].id);
    char *h = cmark_render_html(r->parts[i].doc.root, CMARK_OPT_DEFAULT);
    ec_buf_puts(o, h);
    free(h);
    if (r->n > 1) ec_buf_puts(o, "<p class=\"back\"><a href=\"#top\">Back to the engine index</a></p>\n");
    ec_buf_puts(o, "</section>\n");
  }
  ec_buf_puts(o, "<footer><p>Made by enginecard " "from trtexec's files; numbers follow TensorRT Engine Explorer's definitions (README).</p></footer>\n");
  ec_html_report_end(o);
}
