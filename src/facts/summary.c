#include "facts/summary.h"
#include "facts/layer_kind.h"
#include "util/alloc.h"
#include "util/rank.h"
#include "util/map.h"
#include "words/words.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The group of key, found through ix (key -> index into g->v), so an engine
 * with as many types as layers stays n log n. */
static ec_group *S_group(ec_groups *g, ec_map *ix, const char *key) {
  size_t k;
  if (ec_map_get(ix, key, strlen(key), &k)) return &g->v[k];
  ec_map_put(ix, key, strlen(key), g->n);
  ec_group *x = EC_PUSH(g->v, g->n, g->cap);
  memset(x, 0, sizeof *x);
  x->key = key;
  return x;
}

static int S_cmp_group(const void *a, const void *b) {
  return strcmp(((const ec_group *)a)->key, ((const ec_group *)b)->key);
}

char *ec_summary_build_precision(const ec_summary *s) {
  const ec_engine *e = s->engine;
  const char *p = ec_kvs_get(&e->build_options, "Precision");
  if (p && *p) return ec_strdup(p);
  const ec_group *top = NULL;
  size_t known = 0;
  for (size_t i = 0; i < s->by_precision.n; i++) {
    const ec_group *g = &s->by_precision.v[i];
    if (!strcmp(g->key, "Unknown") || !strcmp(g->key, "None")) continue;
    known += g->count;
    if (!top || g->count > top->count) top = g;
  }
  if (top && s->layers) {
    char pct[32];
    return ec_asprintf("%s %s%% of layers, from the graph", top->key,
                       ec_fmt_pct(pct, sizeof pct, ec_share_pct((double)top->count, (double)s->layers)));
  }
  if (e->build_from_load_run > 0) return ec_strdup("not recorded (load run)");
  return NULL;
}

int ec_summary_weights_whole(const ec_summary *s) {
  return isfinite(s->weights_bytes) && (s->weights_stated || ec_total_is_whole(s->nums.weights_known, s->nums.n));
}

double ec_latency_total_ms(const ec_engine *e) {
  double t = 0;
  for (size_t i = 0; i < e->n_layers; i++)
    if (e->layers[i].has_profile) t += e->layers[i].avg_ms;
  return t;
}

long long ec_summary_layer_count(const ec_summary *s) {
  const ec_engine *e = s->engine;
  /* a stored summary's own count, even when some of its layers were read back */
  if (e->stored_layers >= 0 && !e->has_graph) return (long long)e->stored_layers;
  if (e->has_graph || e->has_profile || s->layers) return (long long)s->layers;
  return e->stored_layers >= 0 ? (long long)e->stored_layers : -1;
}

double ec_layer_share_pct(const ec_summary *s, const ec_layer *l) {
  return s->has_latency && l->has_profile ? ec_share_pct(l->avg_ms, s->total_ms) : NAN;
}

/* One layer into group g: its latency counts only when the profile measured it. */
static void S_add(ec_group *g, const ec_layer *l) {
  g->count++;
  if (l->has_profile) {
    g->profiled++;
    g->latency_ms += l->avg_ms;
  }
}

static void S_finish(ec_groups *g, double total) {
  for (size_t i = 0; i < g->n; i++) {
    if (!g->v[i].profiled) g->v[i].latency_ms = NAN; /* no layer of it was measured */
    g->v[i].pct = ec_share_pct(g->v[i].latency_ms, total);
  }
  if (g->n > 1) qsort(g->v, g->n, sizeof *g->v, S_cmp_group);
}

/* One group's sort key: each entry carries its own key, so the comparator
 * reads no static context (safe on any thread). */
typedef struct S_gkey {
  double v;
  const char *key;
  size_t i;
} S_gkey;

static int S_cmp_gkey(const void *a, const void *b) {
  const S_gkey *p = a, *q = b;
  if (p->v != q->v) return p->v > q->v ? -1 : 1;
  return strcmp(p->key, q->key);
}

size_t *ec_groups_order(const ec_groups *g, int by_latency) {
  S_gkey *k = ec_calloc(g->n + 1, sizeof *k);
  for (size_t i = 0; i < g->n; i++) {
    double x = by_latency ? g->v[i].latency_ms : (double)g->v[i].count;
    k[i] = (S_gkey){isfinite(x) ? x : -INFINITY, g->v[i].key, i}; /* unknown latency sorts last */
  }
  if (g->n > 1) qsort(k, g->n, sizeof *k, S_cmp_gkey);
  size_t *ix = ec_calloc(g->n + 1, sizeof *ix);
  for (size_t i = 0; i < g->n; i++) ix[i] = k[i].i;
  free(k);
  return ix;
}

const ec_group *ec_groups_find(const ec_groups *g, const char *k) {
  /* S_finish sorted the groups by key */
  ec_group x = {0};
  x.key = k;
  return g->n ? bsearch(&x, g->v, g->n, sizeof *g->v, S_cmp_group) : NULL;
}

const char *ec_tactic_group(const char *tactic, char *buf, size_t cap) {
  const char *cut = strstr(tactic, "_0x");
  size_t n = cut ? (size_t)(cut - tactic) : strlen(tactic);
  if (n >= cap) n = cap - 1;
  memcpy(buf, tactic, n);
  buf[n] = '\0';
  return buf;
}

/* Tactic groups need owned keys: interned per summary. */
typedef struct {
  char **v;
  size_t n, cap;
} S_strpool;

static void S_stats_from(const double *v, size_t n, int *has, ec_sample_stats *out) {
  if (!v || !n) return;
  *has = 1;
  ec_sample_stats_compute(v, n, out);
}

ec_e2e ec_summary_e2e(const ec_summary *s) {
  ec_e2e r = {0, NAN, NAN, 0, NULL, NULL};
  const ec_perf *p = &s->engine->perf;
  if (s->has_compute || s->has_timing) {
    const ec_sample_stats *x = s->has_compute ? &s->compute : &s->timing;
    r.known = 1;
    r.median_ms = x->median;
    r.p99_ms = x->p99;
    r.count = x->count;
    r.what = s->has_compute ? "GPU compute time" : "latency";
    r.source = "timing.json";
    return r;
  }
  const ec_stats *st = !p->present ? NULL
                       : isfinite(ec_stats_get(&p->gpu_compute, "median")) ? &p->gpu_compute
                       : isfinite(ec_stats_get(&p->latency, "median"))     ? &p->latency
                                                                           : NULL;
  if (!st) return r;
  r.known = 1;
  r.median_ms = ec_stats_get(st, "median");
  r.p99_ms = ec_stats_get(st, "p99");
  r.what = st == &p->gpu_compute ? "GPU compute time" : "latency";
  r.source = st->source ? st->source : "log";
  return r;
}

ec_summary *ec_summarize(const ec_engine *e) {
  ec_summary *s = ec_calloc(1, sizeof *s);
  s->engine = e;
  s->layers = e->n_layers;
  s->has_latency = e->has_profile;
  double total = ec_latency_total_ms(e), total_med = 0;
  for (size_t i = 0; i < e->n_layers; i++)
    if (e->layers[i].has_median) total_med += e->layers[i].median_ms;
  s->total_ms = total;
  s->total_median_ms = total_med;
  ec_map ix[5] = {{0}};
  for (size_t i = 0; i < e->n_layers; i++) {
    const ec_layer *l = &e->layers[i];
    S_add(S_group(&s->by_type, &ix[0], l->type), l);
    const char *shown = ec_layer_shown_type(l);
    S_add(S_group(&s->by_type_shown, &ix[4], shown), l);
    s->types_from_name += ec_type_is_inferred(shown);
    S_add(S_group(&s->by_precision, &ix[1], l->precision), l);
    S_add(S_group(&s->by_out_precision, &ix[2], l->out_precision[0] ? l->out_precision : "None"), l);
    if (ec_layer_is_reformat(l)) { /* by name when the type is unknown (names-only) */
      s->reformat_count++;
      if (l->has_profile) s->reformat_ms += l->avg_ms;
      S_add(S_group(&s->reformat_by_origin, &ix[3], l->origin ? l->origin : "unknown"), l);
    }
  }
  for (int k = 0; k < 5; k++) ec_map_free(&ix[k]);
  ec_numbers_compute(e, &s->nums);
  s->weights_bytes = s->nums.weights_bytes;
  s->weights_bytes_trex = s->nums.weights_bytes_trex;
  s->weights_layers_bytes = NAN;
  /* a total the build states wins over a sum the layer information gives
   * only in part (a Myelin GEMM's weights are not in it; a log's listing
   * names no weights): the same engine, grouped by its runs (load/runs.c) */
  double twm = ec_bytes_value(ec_kvs_get(&e->memory, "Total Weights Memory"));
  if (isfinite(twm) && twm > 0 && !(isfinite(s->weights_bytes) && ec_total_is_whole(s->nums.weights_known, s->nums.n))) {
    s->weights_layers_bytes = s->weights_bytes;
    s->weights_bytes = twm;
    s->weights_stated = "the build log's Total Weights Memory";
  }
  s->activations_bytes = s->nums.io_bytes;
  s->activations_bytes_trex = s->nums.io_bytes_trex;
  s->io_unknown_layers = e->n_layers - s->nums.io_known;
  s->reformat_share_pct = ec_share_pct(s->reformat_ms, total);
  S_finish(&s->by_type, total);
  S_finish(&s->by_type_shown, total);
  S_finish(&s->by_precision, total);
  S_finish(&s->by_out_precision, total);
  S_finish(&s->reformat_by_origin, total);
  /* slowest first, ties in graph order; no shared state: trend summarises
   * engines on several threads */
  double *avg = ec_calloc(e->n_layers ? e->n_layers : 1, sizeof *avg);
  for (size_t i = 0; i < e->n_layers; i++) avg[i] = e->layers[i].avg_ms;
  s->order = ec_rank_desc(avg, e->n_layers);
  free(avg);
  const ec_timing *t = ec_engine_timing(e);
  if (t) {
    S_stats_from(t->latency, t->n, &s->has_timing, &s->timing);
    S_stats_from(t->compute, t->n, &s->has_compute, &s->compute);
    S_stats_from(t->enqueue, t->n, &s->has_enqueue, &s->enqueue);
    S_stats_from(t->h2d, t->n, &s->has_h2d, &s->h2d);
    S_stats_from(t->d2h, t->n, &s->has_d2h, &s->d2h);
  }
  return s;
}

void ec_summary_free(ec_summary *s) {
  if (!s) return;
  free(s->by_type.v);
  free(s->by_type_shown.v);
  free(s->by_precision.v);
  free(s->by_out_precision.v);
  free(s->reformat_by_origin.v);
  free(s->order);
  ec_numbers_free(&s->nums);
  free(s);
}
