/* engine_charts — see engine_charts.h. */
#include "view/engine_charts.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/layer_math.h"
#include "analyze/stats.h"
#include "util/alloc.h"
#include "view/chart.h"
#include "view/colors.h"

static const char *const S_names[] = {
    "latency-by-type",   "latency-share-by-type", "count-by-type",
    "latency-by-precision", "layer-latency",      "timing-iterations",
    "timing-histogram",  "reformat-by-origin",    "roofline",
    NULL,
};

const char *const *ec_engine_chart_names(void) { return S_names; }

typedef struct S_ctx {
  const ec_engine *e;
  const ec_summary *s;
  ec_engine_chart_opts o;
  char id[256];
} S_ctx;

static const char *S_id(S_ctx *c, const char *name) {
  snprintf(c->id, sizeof c->id, "%s-%s", c->o.id_base ? c->o.id_base : "ec", name);
  return c->id;
}

static const char *S_prec_label(const char *k) { return ec_precision_label(k); }

/* Group indices sorted by a metric, descending, ties by key. */
static const ec_groups *S_sort_g;
static int S_sort_ms;
static int S_cmp_group(const void *a, const void *b) {
  const ec_group *p = &S_sort_g->v[*(const size_t *)a], *q = &S_sort_g->v[*(const size_t *)b];
  double x = S_sort_ms ? p->latency_ms : (double)p->count;
  double y = S_sort_ms ? q->latency_ms : (double)q->count;
  if (x != y) return x > y ? -1 : 1;
  return strcmp(p->key, q->key);
}

static ec_scene *S_group_bars(S_ctx *c, const ec_groups *g, int metric, const char *name,
                              const char *title, const char *axis, const char *unit,
                              ec_key_color_fn color) {
  if (g->n == 0) return NULL;
  size_t *ix = ec_calloc(g->n, sizeof *ix);
  for (size_t i = 0; i < g->n; i++) ix[i] = i;
  S_sort_g = g;
  S_sort_ms = metric != 0;
  qsort(ix, g->n, sizeof *ix, S_cmp_group);
  const char **labels = ec_calloc(g->n, sizeof *labels);
  char **tips = ec_calloc(g->n, sizeof *tips);
  double *v = ec_calloc(g->n, sizeof *v);
  for (size_t i = 0; i < g->n; i++) {
    const ec_group *gr = &g->v[ix[i]];
    labels[i] = gr->key;
    v[i] = metric == 0 ? (double)gr->count : metric == 1 ? gr->latency_ms : gr->pct;
    if (c->s->has_latency)
      tips[i] = ec_asprintf("%zu layers, %.4f ms, %.2f%% of the latency", gr->count,
                            gr->latency_ms, gr->pct);
    else
      tips[i] = ec_asprintf("%zu layers", gr->count);
  }
  ec_bar_spec b = {0};
  b.f.id = S_id(c, name);
  b.f.title = title;
  b.f.width = c->o.width;
  b.horizontal = 1;
  b.n = g->n;
  b.labels = labels;
  b.tips = (const char *const *)tips;
  b.values = v;
  b.keys = color ? labels : NULL;
  b.key_color = color;
  b.unit = unit;
  b.value_axis = axis;
  b.value_labels = 1;
  b.max_bars = 30;
  b.rest_noun = "groups";
  ec_scene *sc = ec_chart_bar(&b);
  for (size_t i = 0; i < g->n; i++) free(tips[i]);
  free(tips);
  free(labels);
  free(v);
  free(ix);
  return sc;
}

static ec_scene *S_layer_latency(S_ctx *c) {
  const ec_engine *e = c->e;
  size_t n = e->n_layers;
  if (!c->s->has_latency || n == 0) return NULL;
  size_t top = c->o.top_n ? c->o.top_n : 40;
  int graph_order = n <= 60;
  const char **labels = ec_calloc(n, sizeof *labels);
  const char **keys = ec_calloc(n, sizeof *keys);
  char **tips = ec_calloc(n, sizeof *tips);
  double *v = ec_calloc(n, sizeof *v);
  for (size_t i = 0; i < n; i++) {
    const ec_layer *l = &e->layers[graph_order ? i : c->s->order[i]];
    labels[i] = l->name;
    keys[i] = l->type;
    v[i] = l->has_profile ? l->avg_ms : 0;
    tips[i] = ec_asprintf("#%zu, precision %s, %.2f%% of the latency, tactic %s", l->index,
                          ec_precision_label(l->precision), l->pct,
                          l->tactic ? l->tactic : "?");
  }
  char title[128];
  if (graph_order)
    snprintf(title, sizeof title, "Latency per layer (%zu layers, graph order)", n);
  else
    snprintf(title, sizeof title, "Latency per layer: top %zu of %zu", top - 1, n);
  ec_bar_spec b = {0};
  b.f.id = S_id(c, "layer-latency");
  b.f.title = title;
  b.f.width = c->o.width;
  b.horizontal = !graph_order;
  b.n = n;
  b.labels = labels;
  b.tips = (const char *const *)tips;
  b.values = v;
  b.keys = keys;
  b.key_color = ec_color_layer_type;
  b.key_title = "Layer type";
  b.unit = "ms";
  b.value_axis = "Latency";
  b.max_bars = graph_order ? n : top;
  b.rest_noun = "layers";
  b.value_labels = !graph_order;
  ec_scene *sc = ec_chart_bar(&b);
  for (size_t i = 0; i < n; i++) free(tips[i]);
  free(tips);
  free(labels);
  free(keys);
  free(v);
  return sc;
}

static ec_scene *S_precision_donut(S_ctx *c) {
  const ec_groups *g = &c->s->by_precision;
  if (!c->s->has_latency || g->n == 0) return NULL;
  const char **labels = ec_calloc(g->n, sizeof *labels);
  double *v = ec_calloc(g->n, sizeof *v);
  for (size_t i = 0; i < g->n; i++) {
    labels[i] = ec_precision_label(g->v[i].key);
    v[i] = g->v[i].latency_ms;
  }
  ec_donut_spec d = {0};
  d.f.id = S_id(c, "latency-by-precision");
  d.f.title = "Latency by precision";
  d.f.width = c->o.width;
  d.n = g->n;
  d.labels = labels;
  d.values = v;
  d.keys = labels;
  d.key_color = ec_color_precision;
  d.unit = "ms";
  d.center = "total";
  ec_scene *sc = ec_chart_donut(&d);
  free(labels);
  free(v);
  return sc;
}

static ec_scene *S_timing(S_ctx *c, int hist) {
  const ec_timing *t = ec_engine_timing(c->e);
  if (!t || t->n == 0 || !t->latency) return NULL;
  if (hist) {
    ec_hist_spec h = {0};
    h.f.id = S_id(c, "timing-histogram");
    h.f.title = "Distribution of per-iteration latency";
    h.f.width = c->o.width;
    h.n = t->n;
    h.values = t->latency;
    h.unit = "ms";
    h.value_axis = "Latency";
    return ec_chart_histogram(&h);
  }
  ec_sample_stats st;
  ec_sample_stats_compute(t->latency, t->n, &st);
  double refs[2] = {st.median, st.p99};
  const char *rl[2] = {"median", "p99"};
  ec_xy_series se = {0};
  se.name = "latency";
  se.n = t->n;
  se.y = t->latency;
  se.points = 1;
  ec_xy_spec x = {0};
  x.f.id = S_id(c, "timing-iterations");
  x.f.title = "Per-iteration latency";
  x.f.width = c->o.width;
  x.n_series = 1;
  x.series = &se;
  x.x_axis = "Iteration";
  x.y_axis = "Latency";
  x.y_unit = "ms";
  x.n_refs = 2;
  x.ref_y = refs;
  x.ref_labels = rl;
  return ec_chart_xy(&x);
}

static ec_scene *S_roofline(S_ctx *c) {
  if (!(c->o.peak_flops > 0) || !(c->o.peak_bw > 0) || !c->s->has_latency) return NULL;
  const ec_engine *e = c->e;
  double *ai = ec_calloc(e->n_layers + 1, sizeof *ai), *pf = ec_calloc(e->n_layers + 1, sizeof *pf);
  const char **lab = ec_calloc(e->n_layers + 1, sizeof *lab);
  const char **key = ec_calloc(e->n_layers + 1, sizeof *key);
  size_t n = 0;
  for (size_t i = 0; i < e->n_layers; i++) {
    const ec_layer *l = &e->layers[i];
    ec_conv_math m = ec_conv_math_of(l);
    if (!m.known || !(m.bytes > 0) || !l->has_profile || !(l->avg_ms > 0)) continue;
    ai[n] = 2 * m.macs / m.bytes;
    pf[n] = 2 * m.macs / (l->avg_ms / 1000);
    lab[n] = l->name;
    key[n] = ec_precision_label(l->precision);
    n++;
  }
  ec_scene *sc = NULL;
  if (n) {
    ec_roofline_spec r = {0};
    r.f.id = S_id(c, "roofline");
    r.f.title = "Roofline of the convolutions";
    r.f.width = c->o.width;
    r.peak_flops = c->o.peak_flops;
    r.peak_bw = c->o.peak_bw;
    r.n = n;
    r.ai = ai;
    r.perf = pf;
    r.labels = lab;
    r.keys = key;
    r.key_color = ec_color_precision;
    r.key_label = S_prec_label;
    sc = ec_chart_roofline(&r);
  }
  free(ai);
  free(pf);
  free(lab);
  free(key);
  return sc;
}

ec_scene *ec_engine_chart(const ec_engine *e, const ec_summary *s, const char *name,
                          const ec_engine_chart_opts *opts) {
  S_ctx c = {0};
  c.e = e;
  c.s = s;
  if (opts) c.o = *opts;
  if (strcmp(name, "latency-by-type") == 0)
    return s->has_latency ? S_group_bars(&c, &s->by_type, 1, name, "Latency per layer type",
                                         "Latency", "ms", ec_color_layer_type)
                          : NULL;
  if (strcmp(name, "latency-share-by-type") == 0)
    return s->has_latency ? S_group_bars(&c, &s->by_type, 2, name,
                                         "Share of latency per layer type", "Share of latency",
                                         "%", ec_color_layer_type)
                          : NULL;
  if (strcmp(name, "count-by-type") == 0)
    return S_group_bars(&c, &s->by_type, 0, name, "Layers per type", "Layers", "",
                        ec_color_layer_type);
  if (strcmp(name, "latency-by-precision") == 0) return S_precision_donut(&c);
  if (strcmp(name, "layer-latency") == 0) return S_layer_latency(&c);
  if (strcmp(name, "timing-iterations") == 0) return S_timing(&c, 0);
  if (strcmp(name, "timing-histogram") == 0) return S_timing(&c, 1);
  if (strcmp(name, "reformat-by-origin") == 0)
    return s->has_latency && s->reformat_by_origin.n
               ? S_group_bars(&c, &s->reformat_by_origin, 1, name, "Reformat latency by origin",
                              "Latency", "ms", NULL)
               : NULL;
  if (strcmp(name, "roofline") == 0) return S_roofline(&c);
  return NULL;
}

void ec_engine_charts(const ec_engine *e, const ec_summary *s, const ec_engine_chart_opts *opts,
                      ec_chart_set *out) {
  for (size_t i = 0; S_names[i]; i++) {
    ec_scene *sc = ec_engine_chart(e, s, S_names[i], opts);
    if (!sc) continue;
    if (out->n == out->cap) {
      out->cap = out->cap ? 2 * out->cap : 8;
      out->scenes = ec_reallocarray(out->scenes, out->cap, sizeof *out->scenes);
      out->names = ec_reallocarray(out->names, out->cap, sizeof *out->names);
    }
    out->scenes[out->n] = sc;
    out->names[out->n] = ec_strdup(S_names[i]);
    out->n++;
  }
}

void ec_chart_set_free(ec_chart_set *set) {
  for (size_t i = 0; i < set->n; i++) {
    free(set->names[i]);
    ec_scene_free(set->scenes[i]);
  }
  free(set->names);
  free(set->scenes);
  set->names = NULL;
  set->scenes = NULL;
  set->n = set->cap = 0;
}
