/* headline — see headline.h. */
#include "view/headline.h"
#include "facts/device_peak.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/alloc.h"
#include "util/buf.h"
#include "util/diag.h"
#include "view/phrase.h"
#include "view/lint_table.h"
#include "rules/lint.h"

static void S_fig(ec_headline_fig *f, const char *label, char *value, char *detail, double sort) {
  f->label = label;
  f->value = value;
  f->detail = detail;
  f->sort = sort;
}

void ec_headline_make(const ec_summary *s, const ec_findings *given, ec_headline *h) {
  const ec_engine *e = s->engine;
  char a[64], b[64], c[64];
  memset(h, 0, sizeof *h);
  h->gpu = ec_strdup(e->device.present && e->device.name ? e->device.name : EC_NA);
  h->tensorrt = ec_strdup(e->trt_version ? e->trt_version : EC_NA);

  ec_e2e t = ec_summary_e2e(s);
  const char *tl = t.known && t.what[0] == 'l' ? "End-to-end latency (median)" : "GPU compute time (median)";
  if (t.known && isfinite(t.median_ms)) {
    ec_buf d = {0};
    ec_buf_printf(&d, "p99 %s; %s", ec_fmt_ms_or(b, sizeof b, t.p99_ms), t.source);
    if (t.count) ec_buf_printf(&d, ", %s", ec_fmt_count(c, sizeof c, t.count, "iteration", "iterations"));
    S_fig(&h->fig[EC_HL_TIME], tl, ec_strdup(ec_fmt_ms_or(a, sizeof a, t.median_ms)), ec_buf_take(&d), t.median_ms);
  } else {
    S_fig(&h->fig[EC_HL_TIME], tl, ec_strdup(EC_NA), ec_strdup("no timing.json, metadata or trtexec log"), NAN);
  }

  char *tp = ec_headline_throughput(e);
  if (tp) {
    /* a tile's value is one short line ("1.13k/s"); the sentence with the batch is its detail */
    S_fig(&h->fig[EC_HL_THROUGHPUT], "Throughput", ec_asprintf("%s/s", ec_fmt_big(b, sizeof b, e->perf.throughput_qps)),
          ec_asprintf("%s (" EC_QPS ", %s)", tp, e->perf.throughput_qps,
                      e->perf.throughput_source ? e->perf.throughput_source : "reported"),
          e->perf.throughput_qps);
    free(tp);
  } else
    S_fig(&h->fig[EC_HL_THROUGHPUT], "Throughput", ec_strdup(EC_NA), ec_strdup("no metadata or trtexec log reports it"),
          NAN);

  if (s->has_latency) {
    ec_buf d = {0};
    ec_buf_puts(&d, "sum of per-layer averages, timed one by one: not end-to-end");
    if (e->aux_streams > 0 || e->layer_sum_caveat) {
      ec_buf_puts(&d, "; ");
      ec_phrase_aux_caveat(&d, e);
    }
    /* a one-sample profile is said where the figure is (issue 39) */
    if (e->profile_count == 1) ec_buf_puts(&d, "; one profiled iteration (count=1): each layer's time is a single sample");
    S_fig(&h->fig[EC_HL_LAYER_SUM], "Layer latency sum", ec_strdup(ec_fmt_ms_or(a, sizeof a, s->total_ms)),
          ec_buf_take(&d), s->total_ms);
  } else
    S_fig(&h->fig[EC_HL_LAYER_SUM], "Layer latency sum", ec_strdup(EC_NA), ec_strdup("no per-layer profile"), NAN);

  long long nl = ec_summary_layer_count(s);
  if (nl >= 0) {
    ec_buf d = {0};
    ec_phrase_dropped(&d, e);
    if (d.len) ec_buf_puts(&d, ", not counted");
    if (e->n_internal) {
      ec_buf_puts(&d, d.len ? "; " : "");
      ec_phrase_internal(&d, e);
    }
    char *detail = d.len ? ec_asprintf("plus %s", d.data) : NULL;
    if (e->graph_names_only) {
      free(detail);
      detail = s->types_from_name ? ec_asprintf("names only: shapes unknown, types read from the names of %zu",
                                                s->types_from_name)
                                  : ec_strdup("names only: types and shapes unknown");
    }
    ec_buf_free(&d);
    S_fig(&h->fig[EC_HL_LAYERS], "Layers", ec_strdup(ec_fmt_int(a, sizeof a, (double)nl)), detail, (double)nl);
  } else {
    S_fig(&h->fig[EC_HL_LAYERS], "Layers", ec_strdup(EC_NA), ec_strdup("no layer information"), NAN);
  }

  if (ec_summary_weights_whole(s)) {
    ec_buf d = {0};
    if (s->weights_stated) ec_buf_puts(&d, s->weights_stated);
    else ec_buf_puts(&d, "every weight and bias");
    if (s->nums.n_const && !s->weights_stated) ec_buf_puts(&d, ", constant inputs included");
    S_fig(&h->fig[EC_HL_WEIGHTS], "Weights", ec_strdup(ec_fmt_bytes(a, sizeof a, s->weights_bytes)), ec_buf_take(&d),
          s->weights_bytes);
  } else if (isfinite(s->weights_bytes)) {
    /* known in part: not the engine's figure (facts/layer_numbers.h
     * ec_total_is_whole); the known part is the secondary text */
    ec_buf d = {0};
    char gap[128];
    ec_phrase_total_part(&d, s->weights_bytes, s->nums.weights_known, s->nums.n);
    const char *why = ec_phrase_weights_gap(gap, sizeof gap, &s->nums);
    if (why) ec_buf_printf(&d, "; %s", why);
    S_fig(&h->fig[EC_HL_WEIGHTS], "Weights", ec_strdup(EC_NA), ec_buf_take(&d), NAN);
  } else {
    S_fig(&h->fig[EC_HL_WEIGHTS], "Weights", ec_strdup(EC_NA), ec_strdup("no layer's weights are described"), NAN);
  }

  /* the findings, by severity (loading problems are a line under the tiles) */
  if (e->n_layers) {
    ec_findings own = {0};
    if (!given) ec_lint(e, s, NULL, &own);
    const ec_findings *fp = given ? given : &own;
    ec_finding_groups g;
    ec_findings_group(s, fp, &g);
    /* the value: errors and warnings ("19 warnings"), or the info count when
     * there are none; the detail: the rest and the rules */
    ec_buf v = {0}, d = {0};
    static const char *const one[3] = {"info", "warning", "error"}, *const many[3] = {"info", "warnings", "errors"};
    int top = fp->count[EC_LINT_ERROR] || fp->count[EC_LINT_WARNING] ? EC_LINT_WARNING : EC_LINT_INFO;
    for (int k = EC_LINT_ERROR; k >= EC_LINT_INFO; k--) {
      if (!fp->count[k]) continue;
      ec_buf *o = k >= top ? &v : &d;
      ec_buf_printf(o, "%s%zu %s", o->len ? " \xC2\xB7 " : "", fp->count[k], fp->count[k] == 1 ? one[k] : many[k]);
    }
    if (!v.len) ec_buf_puts(&v, "0");
    if (fp->n) ec_buf_printf(&d, "%sby %s, under Lint", d.len ? "; " : "", ec_fmt_count(b, sizeof b, g.n, "rule", "rules"));
    else ec_buf_puts(&d, "no lint rule fired");
    S_fig(&h->fig[EC_HL_FINDINGS], "Findings", ec_buf_take(&v), ec_buf_take(&d),
          (double)(fp->count[EC_LINT_ERROR] + fp->count[EC_LINT_WARNING]));
    ec_finding_groups_free(&g);
    ec_findings_free(&own);
  } else {
    S_fig(&h->fig[EC_HL_FINDINGS], "Findings", ec_strdup(EC_NA), ec_strdup("no layers to lint"), NAN);
  }
}

long long ec_headline_batch(const ec_engine *e) {
  long long b = -1;
  for (size_t i = 0; i < e->input_shapes.n; i++) {
    const ec_dims *d = &e->input_shapes.v[i].inference;
    if (!d->v || d->n < 1) continue;
    if (d->v[0] < 1 || (b > 0 && d->v[0] != b)) return -1; /* dynamic, or inputs disagree */
    b = d->v[0];
  }
  if (b > 0) return b;
  const char *opt = ec_kvs_get(&e->inference_options, "Batch");
  if (opt && *opt) {
    char *end;
    long long v = strtoll(opt, &end, 10);
    if (!*end && v > 0) return v;
  }
  return -1;
}

char *ec_headline_throughput(const ec_engine *e) {
  if (!e->perf.present || !isfinite(e->perf.throughput_qps)) return NULL;
  char n[32];
  ec_fmt_big(n, sizeof n, e->perf.throughput_qps);
  long long b = ec_headline_batch(e);
  if (b > 0) return ec_asprintf("batch %lld \xC2\xB7 %s inferences/s", b, n);
  return ec_asprintf("%s inferences/s", n);
}

void ec_headline_free(ec_headline *h) {
  free(h->gpu);
  free(h->tensorrt);
  for (int i = 0; i < EC_HL_N; i++) {
    free(h->fig[i].value);
    free(h->fig[i].detail);
  }
  memset(h, 0, sizeof *h);
}

char *ec_headline_identity(const ec_summary *s) {
  const ec_engine *e = s->engine;
  ec_buf b = {0};
  ec_buf_puts(&b, "GPU: ");
  ec_buf_puts(&b, e->device.present && e->device.name ? e->device.name : EC_NA);
  ec_arch a = ec_engine_arch(e);
  if (e->device.present && e->device.compute_capability)
    ec_buf_printf(&b, " (%s%scompute capability %s)", a.family ? a.family : "", a.family ? ", " : "",
                  e->device.compute_capability);
  else if (a.cc10) /* no device facts: what the kernel names tell */
    ec_buf_printf(&b, " (%s kernels: %s%s)", a.marker, a.family ? a.family : "an unknown architecture",
                  a.or_newer ? " or newer" : "");
  ec_buf_printf(&b, " \xC2\xB7 TensorRT: %s", e->trt_version ? e->trt_version : EC_NA);
  /* a generated engine says so where the reader looks first (load/provenance.c) */
  if (e->generator) ec_buf_puts(&b, " \xC2\xB7 generated, not measured (see Provenance under Engine)");
  return ec_buf_take(&b);
}

ec_table *ec_tbl_index(const ec_summary *const *s, const char *const *ids, size_t n, const char *id) {
  ec_table *t = ec_table_new(id, NULL);
  t->interactive = 1;
  ec_table_col(t, "Engine", EC_CELL_ALIGN_LEFT, 0);
  ec_table_col(t, "GPU", EC_CELL_ALIGN_LEFT, 0);
  ec_table_col(t, "TensorRT", EC_CELL_ALIGN_LEFT, 0);
  ec_table_col(t, "GPU compute median (ms)", EC_CELL_ALIGN_RIGHT, 1);
  ec_table_col(t, "p99 (ms)", EC_CELL_ALIGN_RIGHT, 1);
  ec_table_col(t, "Throughput (qps)", EC_CELL_ALIGN_RIGHT, 1);
  ec_table_col(t, "Layer latency sum (ms)", EC_CELL_ALIGN_RIGHT, 1);
  ec_table_col(t, "Layers", EC_CELL_ALIGN_RIGHT, 1);
  ec_table_col(t, "Weights", EC_CELL_ALIGN_RIGHT, 1);
  ec_table_col(t, "Warnings", EC_CELL_ALIGN_RIGHT, 1);
  ec_table_col(t, "Findings", EC_CELL_ALIGN_LEFT, 0);
  char buf[64];
  for (size_t i = 0; i < n; i++) {
    ec_headline h;
    ec_headline_make(s[i], NULL, &h);
    ec_e2e tm = ec_summary_e2e(s[i]);
    size_t r = ec_table_row(t);
    ec_table_set(t, r, 0, s[i]->engine->name, NAN);
    snprintf(buf, sizeof buf, "#%s", ids[i]);
    ec_table_set_link(t, r, 0, buf);
    ec_table_set(t, r, 1, h.gpu, NAN);
    ec_table_set(t, r, 2, h.tensorrt, NAN);
    /* the median and p99 of the same figure the tile shows; "(latency)"
     * marks an engine that only has end-to-end latency */
    char med[64];
    snprintf(med, sizeof med, "%s%s", ec_fmt_ms(buf, sizeof buf, tm.median_ms),
             tm.known && tm.what[0] == 'l' ? " (latency)" : "");
    ec_table_set(t, r, 3, med, tm.median_ms);
    ec_table_set_ms(t, r, 4, tm.p99_ms);
    ec_table_set(t, r, 5, ec_fmt_big(buf, sizeof buf, h.fig[EC_HL_THROUGHPUT].sort), h.fig[EC_HL_THROUGHPUT].sort);
    ec_table_set_ms(t, r, 6, h.fig[EC_HL_LAYER_SUM].sort);
    ec_table_set_count(t, r, 7, h.fig[EC_HL_LAYERS].sort);
    ec_table_set_bytes(t, r, 8, h.fig[EC_HL_WEIGHTS].sort);
    /* warnings raised while loading, then the lint findings */
    size_t w = ec_diags_count(&s[i]->engine->diags, EC_WARN);
    ec_table_set_count(t, r, 9, (double)w);
    ec_table_set(t, r, 10, h.fig[EC_HL_FINDINGS].value, h.fig[EC_HL_FINDINGS].sort);
    ec_headline_free(&h);
  }
  return t;
}

ec_table *ec_tbl_top_findings(const ec_finding *const *top, size_t n, const char *id) {
  if (!n) return NULL;
  ec_table *t = ec_table_new(id, NULL);
  ec_table_col(t, "Severity", EC_CELL_ALIGN_LEFT, 0);
  ec_table_col(t, "Latency (%)", EC_CELL_ALIGN_RIGHT, 1);
  ec_table_col(t, "Could save", EC_CELL_ALIGN_LEFT, 1); /* wraps at its dot (ec_fmt_saving) */
  ec_table_col(t, "Finding", EC_CELL_ALIGN_LEFT, 0);
  ec_table_col(t, "What to try", EC_CELL_ALIGN_LEFT, 0);
  t->cols[3].min_width_em = 16;
  t->cols[4].min_width_em = 16;
  for (size_t i = 0; i < n; i++) {
    const ec_finding *x = top[i];
    size_t r = ec_table_row(t);
    ec_table_set(t, r, 0, ec_lint_sev_name(x->severity), (double)x->severity);
    ec_table_set_kind(t, r, 0, EC_CELL_SEVERITY, ec_lint_sev_name(x->severity));
    ec_table_set_pct(t, r, 1, x->share_pct);
    if (isfinite(x->share_pct)) ec_table_set_kind(t, r, 1, EC_CELL_SHARE, NULL);
    int gain = isfinite(x->gain_ms_max) && x->gain_ms_max > 0;
    char up[96];
    if (gain) ec_fmt_saving(up, sizeof up, x->gain_ms_likely, x->gain_ms_max, 1); /* likely first when known */
    ec_table_set(t, r, 2, gain ? up : EC_NA, gain ? x->gain_ms_max : NAN);
    /* a message names what it found ("Hotspot: ...", "Convolution channels
     * are not ..."): the rule id before it said it twice */
    ec_table_set(t, r, 3, x->message, NAN);
    const char *next = x->next_step ? x->next_step : x->mitigation;
    ec_table_set(t, r, 4, next ? next : "", NAN);
  }
  return t;
}
