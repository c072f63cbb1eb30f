/* trend — grouping, ordering, change points, their estimates and what
 * moved, and the gate. See trend.h for the rules. */
#include "judge/trend.h"
#include "facts/summary.h"
#include "util/alloc.h"
#include "util/rank.h"
#include "util/buf.h"
#include "util/map.h"
#include "util/order.h"
#include "util/pool.h"
#include "words/words.h"
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- ordering by a label ------------------------------------------------ */

/* n decimal digits at s into *v; 0 when s does not start with them. */
static int S_digits(const char *s, int n, int *v) {
  *v = 0;
  for (int i = 0; i < n; i++) {
    if (s[i] < '0' || s[i] > '9') return 0;
    *v = *v * 10 + (s[i] - '0');
  }
  return 1;
}

/* Days from 1970-01-01 to y-m-d in the proleptic Gregorian calendar
 * (H. Hinnant's days_from_civil). */
static long S_days(long y, int m, int d) {
  y -= m <= 2;
  long era = (y >= 0 ? y : y - 399) / 400;
  long yoe = y - era * 400;
  long doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
  long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + doe - 719468;
}

/* An ISO 8601 date (2024-05-17) or date-time (2024-05-17T02:00[:00[.5]]
 * with an optional Z or +hh:mm offset; a space may replace the T) as seconds
 * since 1970 UTC; 0 on success. */
static int S_iso(const char *s, double *out) {
  int y, mo, d;
  if (!S_digits(s, 4, &y) || s[4] != '-' || !S_digits(s + 5, 2, &mo) || s[7] != '-' || !S_digits(s + 8, 2, &d))
    return -1;
  if (mo < 1 || mo > 12 || d < 1 || d > 31) return -1;
  const char *p = s + 10;
  double secs = 0;
  if (*p == 'T' || *p == 't' || *p == ' ') {
    int hh, mm, ss = 0;
    p++;
    if (!S_digits(p, 2, &hh) || p[2] != ':' || !S_digits(p + 3, 2, &mm)) return -1;
    p += 5;
    double frac = 0;
    if (*p == ':') {
      if (!S_digits(p + 1, 2, &ss)) return -1;
      p += 3;
      if (*p == '.' || *p == ',') {
        const char *q = ++p;
        for (double sc = 0.1; *p >= '0' && *p <= '9'; p++, sc /= 10) frac += (*p - '0') * sc;
        if (p == q) return -1;
      }
    }
    if (hh > 23 || mm > 59 || ss > 60) return -1;
    secs = hh * 3600.0 + mm * 60.0 + ss + frac;
    if (*p == 'Z' || *p == 'z') {
      p++;
    } else if (*p == '+' || *p == '-') {
      int sign = *p == '-' ? -1 : 1, oh, om = 0;
      p++;
      if (!S_digits(p, 2, &oh)) return -1;
      p += 2;
      if (*p == ':') p++;
      if (*p && !S_digits(p, 2, &om)) return -1;
      if (*p) p += 2;
      secs -= sign * (oh * 3600.0 + om * 60.0);
    }
  }
  if (*p) return -1;
  *out = (double)S_days(y, mo, d) * 86400.0 + secs;
  return 0;
}

/* A whole-string finite decimal number; 0 on success. */
static int S_number(const char *s, double *out) {
  if (!*s || isspace((unsigned char)*s)) return -1;
  char *end;
  double x = strtod(s, &end);
  if (*end || !isfinite(x)) return -1;
  *out = x;
  return 0;
}

/* A night waiting to be grouped and ordered. */
typedef struct S_item {
  size_t i;          /* input index */
  const char *gkey;  /* group key (owned by the caller's array) */
  const char *label; /* the --by value */
  double key;        /* its number or date */
  const char *path;  /* tie break */
  int by_key;        /* order by key (numbers, dates), else by the label's bytes */
} S_item;

static int S_cmp_item(const void *x, const void *y) {
  const S_item *a = x, *b = y;
  int c = strcmp(a->gkey, b->gkey);
  if (c) return c;
  if (a->by_key && a->key != b->key) return a->key < b->key ? -1 : 1;
  if (!a->by_key && (c = strcmp(a->label, b->label))) return c;
  if ((c = strcmp(a->path, b->path))) return c;
  return (a->i > b->i) - (a->i < b->i);
}

/* ---- a night's numbers ---------------------------------------------------- */

static const char *S_path(const ec_engine *e) { return e->n_files ? e->files[0].path : e->name; }

/* A night's per-type latencies: calls f(ctx, type, ms) for each; returns 1
 * when they are known (a profile, or a stored summary of one). A type the
 * engine has no layers of is absent (0 ms); a type none of whose layers was
 * profiled gives NAN. */
typedef void (*S_type_fn)(void *ctx, const char *type, double ms);
static int S_types_of(const ec_engine *e, const ec_summary *s, S_type_fn f, void *ctx) {
  if (e->n_layers) {
    if (!s->has_latency) return 0;
    for (size_t k = 0; k < s->by_type.n; k++) f(ctx, s->by_type.v[k].key, s->by_type.v[k].latency_ms);
    return 1;
  }
  if (!isfinite(e->stored_layer_sum_ms) && !e->n_stored_by_type) return 0;
  for (size_t k = 0; k < e->n_stored_by_type; k++) f(ctx, e->stored_by_type[k].name, e->stored_by_type[k].ms);
  return 1;
}

/* A night's slowest layers (the summary's top_layers): k-th name, type, ms;
 * returns 0 past the end. */
static int S_top_of(const ec_engine *e, const ec_summary *s, size_t k, const char **name, size_t *len,
                    const char **type, double *ms) {
  if (e->n_layers) {
    if (!s->has_latency || k >= EC_SUMMARY_TOP_LAYERS || k >= e->n_layers) return 0;
    const ec_layer *l = &e->layers[s->order[k]];
    *name = l->name;
    *len = l->name_len;
    *type = l->type;
    *ms = l->has_profile ? l->avg_ms : NAN;
    return 1;
  }
  if (k >= e->n_stored_top) return 0;
  *name = e->stored_top[k].name;
  *len = strlen(*name);
  *type = e->stored_top[k].type;
  *ms = e->stored_top[k].ms;
  return 1;
}

/* ---- building ------------------------------------------------------------- */

typedef struct S_group_build {
  ec_trend_group *g;
  ec_summary **sums; /* per night of the group (borrowed from the build's array) */
  ec_map type_index; /* type -> column */
} S_group_build;

typedef struct S_type_ctx {
  ec_trend_group *g;
  ec_map *index;
  size_t night;
  double *row;  /* filled after all types are known */
  int pass;     /* 0: collect types, 1: fill the row */
} S_type_ctx;

static void S_type_cb(void *ctx, const char *type, double ms) {
  S_type_ctx *x = ctx;
  size_t col;
  if (x->pass == 0) {
    if (!ec_map_get(x->index, type, strlen(type), &col)) {
      size_t cap = x->g->n_types;
      char *t = ec_strdup(type);
      *EC_PUSH(x->g->types, x->g->n_types, cap) = t;
      ec_map_put(x->index, t, strlen(t), x->g->n_types - 1);
    }
    return;
  }
  if (ec_map_get(x->index, type, strlen(type), &col)) x->row[col] = ms;
}

/* The median of the finite v[0..n) (reordered); NAN when none. */
static double S_median_finite(double *v, size_t n, size_t *used) {
  size_t k = 0;
  for (size_t i = 0; i < n; i++)
    if (isfinite(v[i])) v[k++] = v[i];
  *used = k;
  if (!k) return NAN;
  ec_sort_doubles(v, k);
  return ec_median_sorted(v, k);
}

static int S_cmp_moved(const void *x, const void *y) {
  const ec_trend_moved *a = x, *b = y;
  double da = fabs(ec_trend_moved_delta_ms(a)), db = fabs(ec_trend_moved_delta_ms(b));
  int fa = isfinite(da), fb = isfinite(db);
  if (fa != fb) return fa ? -1 : 1;
  if (fa && da != db) return da > db ? -1 : 1;
  return strcmp(a->name, b->name);
}

/* Per-type latency on both sides: medians over the nights bw[0..nb) and
 * aw[0..na) of the group's type matrix. */
static void S_moved_types(const ec_trend_group *g, const size_t *bw, size_t nb, const size_t *aw, size_t na,
                          ec_trend_cp *c) {
  double *v = ec_malloc((nb + na + 1) * sizeof *v);
  c->types = ec_calloc(g->n_types ? g->n_types : 1, sizeof *c->types);
  for (size_t t = 0; t < g->n_types; t++) {
    ec_trend_moved *m = &c->types[c->n_types];
    for (size_t k = 0; k < nb; k++) v[k] = g->type_ms[bw[k] * g->n_types + t];
    m->before_ms = S_median_finite(v, nb, &m->before_n);
    for (size_t k = 0; k < na; k++) v[k] = g->type_ms[aw[k] * g->n_types + t];
    m->after_ms = S_median_finite(v, na, &m->after_n);
    if (!m->before_n && !m->after_n) continue;
    m->name = ec_strdup(g->types[t]);
    c->n_types++;
  }
  free(v);
  double sum = 0;
  for (size_t k = 0; k < c->n_types; k++) {
    double d = ec_trend_moved_delta_ms(&c->types[k]);
    if (isfinite(d)) sum += fabs(d);
  }
  for (size_t k = 0; k < c->n_types; k++) c->types[k].share_pct = ec_share_pct(ec_trend_moved_delta_ms(&c->types[k]), sum);
  if (c->n_types > 1) qsort(c->types, c->n_types, sizeof *c->types, S_cmp_moved);
}

/* The slowest layers on both sides: every layer in a side's top lists, its
 * median over the nights that list it. */
static void S_moved_layers(const ec_trend_group *g, ec_summary *const *sums, const size_t *bw, size_t nb,
                           const size_t *aw, size_t na, ec_trend_cp *c) {
  ec_map idx = {0};
  typedef struct {
    const char *name;
    size_t len;
    const char *type;
    double *v[2];
    size_t n[2], cap[2];
  } S_lay;
  S_lay *ls = NULL;
  size_t nl = 0, capl = 0;
  for (int side = 0; side < 2; side++) {
    const size_t *w = side ? aw : bw;
    size_t nw = side ? na : nb;
    for (size_t k = 0; k < nw; k++) {
      const ec_engine *e = g->nights[w[k]].e;
      const char *name, *type;
      size_t len, at;
      double ms;
      for (size_t j = 0; S_top_of(e, sums[w[k]], j, &name, &len, &type, &ms); j++) {
        if (!ec_map_get(&idx, name, len, &at)) {
          S_lay *x = EC_PUSH(ls, nl, capl);
          memset(x, 0, sizeof *x);
          x->name = name;
          x->len = len;
          x->type = type;
          at = nl - 1;
          ec_map_put(&idx, name, len, at);
        }
        S_lay *x = &ls[at];
        *EC_PUSH(x->v[side], x->n[side], x->cap[side]) = ms;
      }
    }
  }
  c->layers = ec_calloc(nl ? nl : 1, sizeof *c->layers);
  for (size_t k = 0; k < nl; k++) {
    ec_trend_moved *m = &c->layers[c->n_layers++];
    m->name = ec_strndup(ls[k].name, ls[k].len);
    m->type = ls[k].type ? ec_strdup(ls[k].type) : NULL;
    m->before_ms = S_median_finite(ls[k].v[0], ls[k].n[0], &m->before_n);
    m->after_ms = S_median_finite(ls[k].v[1], ls[k].n[1], &m->after_n);
    m->share_pct = NAN;
    free(ls[k].v[0]);
    free(ls[k].v[1]);
  }
  free(ls);
  ec_map_free(&idx);
  if (c->n_layers > 1) qsort(c->layers, c->n_layers, sizeof *c->layers, S_cmp_moved);
}

/* What compare says about nights b (the baseline's runs; b[0] its engine)
 * against nights c (c[0] the candidate's engine). */
typedef struct S_cmp_out {
  ec_gate_est est;
  ec_verdict verdict;
  ec_change change;
  char *reason;
  ec_mismatch *mism;
  size_t n_mism;
} S_cmp_out;

static void S_compare(const ec_trend *t, const ec_trend_group *g, ec_engine **b, size_t nb, ec_engine **c, size_t nc,
                      double max_regress, S_cmp_out *out) {
  ec_engine *es[2] = {b[0], c[0]};
  ec_repeats rp[2] = {{b + 1, nb - 1}, {c + 1, nc - 1}};
  ec_compare_opts o = {0};
  o.metric = t->used;
  o.metric_given = 1;
  o.max_regress_pct = max_regress;
  o.confidence = t->opts.confidence;
  o.max_layer_regress_pct = NAN;
  o.min_layer_ms = NAN;
  o.repeats = rp;
  o.runs_rho = isfinite(g->rho) ? g->rho : 0; /* correlated nights (changepoint.h) */
  ec_comparison *cmp = ec_compare(es, 2, NULL, &o);
  ec_compare_result *r = &cmp->res[1];
  out->est = r->est;
  out->verdict = r->verdict;
  out->change = r->change;
  out->reason = r->reason;
  r->reason = NULL;
  out->mism = r->mism;
  out->n_mism = r->n_mism;
  r->mism = NULL;
  r->n_mism = 0;
  ec_comparison_free(cmp);
}

static void S_mism_free(ec_mismatch *m, size_t n) {
  for (size_t k = 0; k < n; k++) {
    free(m[k].what);
    free(m[k].base);
    free(m[k].other);
  }
  free(m);
}

/* The engines of nights w[0..n) of g, in order. */
static ec_engine **S_engines(const ec_trend_group *g, const size_t *w, size_t n) {
  ec_engine **v = ec_calloc(n ? n : 1, sizeof *v);
  for (size_t k = 0; k < n; k++) v[k] = g->nights[w[k]].e;
  return v;
}

/* The nights of up to max points of [lo, hi) into w, the last ones first
 * (back) or the first ones first, leaving out the points the change-point
 * filter clipped: an outlier night is not a baseline, nor part of a
 * change's size. Every point when all of them are clipped. Returns how many. */
static size_t S_window(const size_t *pt, const unsigned char *clipped, size_t lo, size_t hi, size_t max, int back,
                       size_t *w) {
  size_t n = 0;
  for (int pass = 0; pass < 2 && !n; pass++)
    for (size_t j = 0; j < hi - lo && n < max; j++) {
      size_t p = back ? hi - 1 - j : lo + j;
      if (pass || !clipped[p]) w[n++] = pt[p];
    }
  return n;
}

/* Whether a red latest night (point q) is confirmed by the night before
 * it: against the baseline points [b0, b1) without point q-1 (the last
 * EC_TREND_WINDOW of them, outliers left out), both q-1 and q fail, and
 * q-1 is at the level q is (within the filter's clip of it, sqrt(2) sigma
 * apart at most EC_CP_CLIP times): a bad night followed by a different bad
 * night confirms nothing. */
static int S_confirmed(const ec_trend *t, const ec_trend_group *g, const size_t *pt, const ec_cp_result *cp,
                       const double *y, size_t q, size_t b0, size_t b1) {
  if (q == 0) return 0;
  if (fabs(y[q] - y[q - 1]) > EC_CP_CLIP * cp->sigma * sqrt(2.0)) return 0;
  if (b1 > q - 1) b1 = q - 1;
  if (b1 <= b0) return 0;
  size_t *w = ec_calloc(EC_TREND_WINDOW, sizeof *w);
  size_t nb = S_window(pt, cp->clipped, b0, b1, EC_TREND_WINDOW, 1, w);
  ec_engine **b = S_engines(g, w, nb);
  int fail = 1;
  for (size_t p = q - 1; p <= q && fail; p++) {
    ec_engine *c = g->nights[pt[p]].e;
    S_cmp_out o;
    S_compare(t, g, b, nb, &c, 1, t->opts.max_regress_pct, &o);
    fail = o.verdict == EC_VERDICT_FAIL;
    free(o.reason);
    S_mism_free(o.mism, o.n_mism);
  }
  free(b);
  free(w);
  return fail;
}

/* A failure of one night that nothing confirms: no verdict yet. */
static void S_unconfirmed(S_cmp_out *o) {
  o->verdict = EC_VERDICT_INCONCLUSIVE;
  char *r = ec_asprintf("%s; a single red night, not yet confirmed (a new level, or a second red night at its level, confirms it)", o->reason);
  free(o->reason);
  o->reason = r;
}

/* One group: series, change points, levels, estimates, what moved, gate.
 * Reads t (its metric and options) only; says its warnings in diags. */
static void S_group(const ec_trend *t, ec_trend_group *g, ec_summary *const *sums, ec_diags *diags) {
  size_t n = g->n;
  /* the series: nights with the metric */
  size_t *pt = ec_calloc(n ? n : 1, sizeof *pt); /* point -> night */
  double *y = ec_calloc(n ? n : 1, sizeof *y);
  size_t np = 0, gaps = 0;
  for (size_t i = 0; i < n; i++) {
    ec_metric_value v;
    ec_metric_of(g->nights[i].e, sums[i], t->used, &v);
    g->nights[i].value = isfinite(v.value) && v.value > 0 ? v.value : NAN;
    ec_metric_value_clear(&v);
    if (isfinite(g->nights[i].value)) {
      pt[np] = i;
      y[np++] = log(g->nights[i].value);
    } else {
      gaps++;
    }
  }
  g->points = np;
  if (gaps)
    ec_diag_add(diags, EC_WARN, NULL, 0, 0, "%s: %zu of %zu %s lack %s and are gaps in its series", g->engine, gaps, n,
                ec_plural(n, "night", "nights"),
                ec_metric_name(t->used));
  ec_cp_result cp;
  ec_changepoints(y, np, &cp);
  /* no change point below the stated minimum: real noise makes levels a
   * fraction of a percent apart that are not worth a change point */
  ec_cp_merge_small(&cp, log1p(EC_TREND_MIN_STEP_PCT / 100));
  g->noise_pct = 100 * cp.sigma;
  g->rho = cp.rho;
  if (isfinite(cp.rho) && cp.rho > EC_CP_RHO_WARN)
    ec_diag_add(diags, EC_WARN, NULL, 0, 0,
                "%s: nights are correlated (lag-1 autocorrelation " EC_COEF " of the residuals): the noise is widened by "
                "sqrt((1+rho)/(1-rho)) and nights are not independent runs",
                g->engine, cp.rho);
  g->penalty = cp.penalty;
  for (size_t k = 0; k < np; k++) g->nights[pt[k]].outlier = cp.clipped[k];
  /* levels over nights: a gap belongs to the level of the point before it */
  g->n_levels = cp.n_cps + 1;
  g->levels = ec_calloc(g->n_levels, sizeof *g->levels);
  for (size_t k = 0; k < g->n_levels; k++) {
    g->levels[k].first = k ? pt[cp.starts[k - 1]] : 0;
    g->levels[k].last = k < cp.n_cps ? pt[cp.starts[k]] - 1 : (n ? n - 1 : 0);
    g->levels[k].value = np ? exp(cp.level[k]) : NAN;
    for (size_t i = g->levels[k].first; i <= g->levels[k].last && i < n; i++) g->nights[i].level = k;
  }
  /* per-type latency, night by night: the types first, then the matrix */
  ec_map tidx = {0};
  S_type_ctx tc = {g, &tidx, 0, NULL, 0};
  for (size_t i = n; i-- > 0;) /* latest nights first: the column order follows the latest */
    S_types_of(g->nights[i].e, sums[i], S_type_cb, &tc);
  g->type_ms = ec_malloc((n * g->n_types + 1) * sizeof *g->type_ms);
  tc.pass = 1;
  for (size_t i = 0; i < n; i++) {
    tc.row = g->type_ms + i * g->n_types;
    for (size_t k = 0; k < g->n_types; k++) tc.row[k] = 0; /* no layer of a type: 0 ms */
    g->nights[i].has_types = S_types_of(g->nights[i].e, sums[i], S_type_cb, &tc);
    if (!g->nights[i].has_types)
      for (size_t k = 0; k < g->n_types; k++) tc.row[k] = NAN;
  }
  ec_map_free(&tidx);
  /* the types by their latency in the latest night that has them, largest first */
  if (g->n_types > 1) {
    size_t ref = n;
    while (ref > 0 && !g->nights[ref - 1].has_types) ref--;
    double *key = ec_malloc(g->n_types * sizeof *key);
    for (size_t k = 0; k < g->n_types; k++) {
      key[k] = ref ? g->type_ms[(ref - 1) * g->n_types + k] : 0;
      if (!isfinite(key[k])) key[k] = -1;
    }
    size_t *perm = ec_rank_desc(key, g->n_types); /* ties in first-seen order */
    char **types = ec_malloc(g->n_types * sizeof *types);
    double *m = ec_malloc((n * g->n_types + 1) * sizeof *m);
    for (size_t k = 0; k < g->n_types; k++) {
      types[k] = g->types[perm[k]];
      for (size_t i = 0; i < n; i++) m[i * g->n_types + k] = g->type_ms[i * g->n_types + perm[k]];
    }
    free(g->types);
    free(g->type_ms);
    g->types = types;
    g->type_ms = m;
    free(key);
    free(perm);
  }
  /* change points: the level before against the new one */
  g->cps = ec_calloc(cp.n_cps ? cp.n_cps : 1, sizeof *g->cps);
  size_t *bw = ec_calloc(EC_TREND_WINDOW, sizeof *bw), *aw = ec_calloc(EC_TREND_WINDOW, sizeof *aw);
  for (size_t k = 0; k < cp.n_cps; k++) {
    ec_trend_cp *c = &g->cps[g->n_cps++];
    size_t p = cp.starts[k], p0 = k ? cp.starts[k - 1] : 0, p1 = k + 1 < cp.n_cps ? cp.starts[k + 1] : np;
    /* the baseline's engine is the last night before the change, so facts
     * are compared across it; outlier nights are in neither window */
    size_t nb = S_window(pt, cp.clipped, p0, p, EC_TREND_WINDOW, 1, bw);
    size_t na = S_window(pt, cp.clipped, p, p1, EC_TREND_WINDOW, 0, aw);
    c->night = pt[p];
    c->before_first = bw[nb - 1];
    c->before_last = bw[0];
    c->after_last = aw[na - 1];
    c->runs_before = nb;
    c->runs_after = na;
    c->level_before = exp(cp.level[k]);
    c->level_after = exp(cp.level[k + 1]);
    ec_engine **be = S_engines(g, bw, nb), **ae = S_engines(g, aw, na);
    S_cmp_out o;
    S_compare(t, g, be, nb, ae, na, NAN, &o);
    c->est = o.est;
    c->change = o.change;
    free(o.reason);
    c->facts = o.mism;
    c->n_facts = o.n_mism;
    free(be);
    free(ae);
    S_moved_types(g, bw, nb, aw, na, c);
    S_moved_layers(g, sums, bw, nb, aw, na, c);
  }
  /* the gate: the latest night against the level before it */
  g->latest = n ? n - 1 : 0;
  g->verdict = EC_VERDICT_BASELINE;
  g->change = EC_CHANGE_UNKNOWN;
  ec_gate_estimate(EC_STAT_MEDIAN, NULL, 0, NULL, 0, t->opts.confidence, 0, EC_GATE_SEED, &g->est);
  if (!n) {
    g->reason = ec_strdup("no nights");
  } else if (!isfinite(g->nights[n - 1].value)) {
    g->judged = 1;
    g->verdict = EC_VERDICT_NO_TIMING;
    g->reason = ec_asprintf("%s unavailable for the latest night, %s", ec_metric_name(t->used), g->nights[n - 1].name);
  } else if (np < 2) {
    g->reason = ec_strdup("a single night with the metric: nothing to compare it with");
  } else {
    size_t q = np - 1, k = ec_cp_segment(&cp, q);
    size_t lo = k ? (k > 1 ? cp.starts[k - 2] : 0) : 0, hi = k ? cp.starts[k - 1] : q; /* points [lo, hi) */
    size_t nb = S_window(pt, cp.clipped, lo, hi, EC_TREND_WINDOW, 1, bw);
    g->judged = 1;
    g->gate_first = bw[nb - 1];
    g->gate_last = bw[0];
    g->gate_runs = nb;
    ec_engine **be = S_engines(g, bw, nb), *ce = g->nights[n - 1].e;
    S_cmp_out o;
    S_compare(t, g, be, nb, &ce, 1, t->opts.max_regress_pct, &o);
    /* a single red night is not yet a regression: confirmed by a new level
     * (k > 0: the baseline is the level before) or by the night before */
    if (o.verdict == EC_VERDICT_FAIL && k == 0 && !S_confirmed(t, g, pt, &cp, y, q, lo, hi)) S_unconfirmed(&o);
    free(be);
    g->est = o.est;
    g->verdict = o.verdict;
    g->level_verdict = o.verdict;
    g->change = o.change;
    g->reason = o.reason;
    g->facts = o.mism;
    g->n_facts = o.n_mism;
    /* the reference: opts.reference's level (up to its night), else the first level's first nights */
    size_t r0 = 0, r1 = cp.n_cps ? cp.starts[0] : q; /* points [r0, r1) */
    if (t->opts.reference) {
      size_t found = np;
      for (size_t j = 0; j < q && found == np; j++)
        if (!strcmp(g->nights[pt[j]].name, t->opts.reference)) found = j;
      if (found == np) {
        ec_diag_add(diags, EC_WARN, NULL, 0, 0, "%s: no night before the latest is named %s; the reference is the first level",
                    g->engine, t->opts.reference);
      } else {
        size_t kr = ec_cp_segment(&cp, found);
        r0 = kr ? cp.starts[kr - 1] : 0;
        r1 = found + 1;
      }
    }
    if (r1 > q) r1 = q;
    /* the reference's nights: its first (the first level) or last (up to the
     * named night) EC_TREND_WINDOW, outliers left out */
    size_t nr = 0;
    if (r1 > r0) {
      nr = S_window(pt, cp.clipped, r0, r1, EC_TREND_WINDOW, t->opts.reference != NULL, bw);
      if (!t->opts.reference) /* the first nights, latest first as every window is */
        for (size_t j = 0; j < nr / 2; j++) {
          size_t x = bw[j];
          bw[j] = bw[nr - 1 - j];
          bw[nr - 1 - j] = x;
        }
    }
    if (nr) {
      g->ref_judged = 1;
      g->ref_first = bw[nr - 1];
      g->ref_last = bw[0];
      g->ref_runs = nr;
      ec_engine **re = S_engines(g, bw, nr);
      S_cmp_out ro;
      S_compare(t, g, re, nr, &ce, 1, t->opts.max_regress_pct, &ro);
      if (ro.verdict == EC_VERDICT_FAIL && ec_cp_segment(&cp, q) == ec_cp_segment(&cp, r1 - 1) &&
          !S_confirmed(t, g, pt, &cp, y, q, r0, r1))
        S_unconfirmed(&ro);
      free(re);
      g->ref_est = ro.est;
      g->ref_verdict = ro.verdict;
      g->ref_reason = ro.reason;
      S_mism_free(ro.mism, ro.n_mism);
      /* the group's verdict: a failure of either; else no verdict of either */
      if (g->ref_verdict == EC_VERDICT_FAIL && g->verdict != EC_VERDICT_FAIL) {
        g->verdict = EC_VERDICT_FAIL;
        char *r = ec_asprintf("%s; against the reference: %s", g->reason, g->ref_reason);
        free(g->reason);
        g->reason = r;
      } else if ((g->ref_verdict == EC_VERDICT_INCONCLUSIVE || g->ref_verdict == EC_VERDICT_NOT_COMPARABLE) &&
                 g->verdict == EC_VERDICT_PASS) {
        g->verdict = g->ref_verdict;
        char *r = ec_asprintf("%s; against the reference: %s", g->reason, g->ref_reason);
        free(g->reason);
        g->reason = r;
      }
    }
  }
  free(bw);
  free(aw);
  ec_cp_free(&cp);
  free(pt);
  free(y);
}

/* The groups are independent: several at once (util/pool.h), each with
 * its own warnings, merged afterwards in group order, so the result does
 * not depend on the threads. */
typedef struct {
  const ec_trend *t;
  ec_summary ***sums;
  ec_diags *diags; /* one per group */
} S_jobs;

static void S_group_job(void *ctx, size_t g) {
  S_jobs *j = ctx;
  S_group(j->t, &j->t->groups[g], j->sums[g], &j->diags[g]);
}

static void S_groups_run(ec_trend *t, ec_summary ***sums) {
  S_jobs p = {t, sums, ec_calloc(t->n ? t->n : 1, sizeof *p.diags)};
  ec_pool_run(t->n, S_group_job, &p);
  int gate = isfinite(t->opts.max_regress_pct);
  for (size_t g = 0; g < t->n; g++) {
    const ec_trend_group *x = &t->groups[g];
    for (size_t k = 0; k < p.diags[g].n; k++)
      ec_diag_add(&t->diags, p.diags[g].v[k].sev, NULL, 0, 0, "%s", p.diags[g].v[k].msg);
    ec_diags_free(&p.diags[g]);
    if (!x->judged) continue;
    if (gate) t->gates++;
    if (x->verdict == EC_VERDICT_FAIL) t->failed++;
    if (x->verdict == EC_VERDICT_NO_TIMING) t->errors++;
    if (x->verdict == EC_VERDICT_INCONCLUSIVE) t->inconclusive++;
    if (x->verdict == EC_VERDICT_NOT_COMPARABLE) t->mismatched++;
  }
  free(p.diags);
}

ec_trend *ec_trend_build(ec_engine *const *es, const char *const *group_names, const char *const *display, size_t n,
                         const ec_trend_opts *o) {
  ec_trend *t = ec_calloc(1, sizeof *t);
  t->opts = *o;
  if (!(t->opts.confidence > 0 && t->opts.confidence < 1)) t->opts.confidence = EC_GATE_CONFIDENCE;
  t->requested = o->metric_given ? o->metric : EC_METRIC_GPU_MEDIAN;
  t->used = t->requested;
  /* group keys */
  char **gkey = ec_calloc(n ? n : 1, sizeof *gkey);
  for (size_t i = 0; i < n; i++) {
    const ec_engine *e = es[i];
    gkey[i] = ec_asprintf("%s\x1f%s\x1f%s", group_names[i], e->device.present && e->device.name ? e->device.name : "",
                          e->trt_version ? e->trt_version : "");
  }
  /* the nights kept, in their order */
  S_item *it = ec_calloc(n ? n : 1, sizeof *it);
  size_t m = 0, dropped = 0;
  const char *dropped_example = NULL;
  for (size_t i = 0; i < n; i++) {
    const char *lab = o->by ? ec_kvs_get(&es[i]->labels, o->by) : NULL;
    if (o->by && !lab) {
      if (!dropped++) dropped_example = S_path(es[i]);
      continue;
    }
    it[m++] = (S_item){i, gkey[i], lab, 0, S_path(es[i]), 0};
  }
  if (dropped)
    ec_diag_add(&t->diags, EC_WARN, NULL, 0, 0, "%zu of %zu %s have no label %s and are left out (for example %s; "
                "store one with summary --label %s=VALUE)", dropped, n, ec_plural(n, "night",
                                                                                  "nights"), o->by, dropped_example, o->by);
  if (o->by) {
    int nums = 1, dates = 1;
    for (size_t k = 0; k < m; k++) {
      double x;
      if (nums && S_number(it[k].label, &x) != 0) nums = 0;
      if (dates && S_iso(it[k].label, &x) != 0) dates = 0;
    }
    t->order = nums ? "number" : dates ? "date" : "text";
    for (size_t k = 0; k < m; k++) {
      if (nums) S_number(it[k].label, &it[k].key);
      else if (dates) S_iso(it[k].label, &it[k].key);
      it[k].by_key = nums || dates;
    }
    qsort(it, m, sizeof *it, S_cmp_item);
  }
  /* groups: in the order of the sorted nights (with --by, sorted by key) or
   * of first appearance */
  ec_map gi = {0};
  size_t capg = 0;
  ec_summary **sums = ec_calloc(n ? n : 1, sizeof *sums);
  ec_summary ***gsums = NULL; /* per group, per night */
  size_t *gcap = NULL;
  for (size_t k = 0; k < m; k++) {
    size_t gidx;
    if (!ec_map_get(&gi, it[k].gkey, strlen(it[k].gkey), &gidx)) {
      ec_trend_group *g = EC_PUSH(t->groups, t->n, capg);
      memset(g, 0, sizeof *g);
      const ec_engine *e = es[it[k].i];
      g->engine = ec_strdup(group_names[it[k].i]);
      g->gpu = e->device.present && e->device.name ? ec_strdup(e->device.name) : NULL;
      g->tensorrt = e->trt_version ? ec_strdup(e->trt_version) : NULL;
      gidx = t->n - 1;
      ec_map_put(&gi, it[k].gkey, strlen(it[k].gkey), gidx);
      gsums = ec_reallocarray(gsums, t->n, sizeof *gsums);
      gcap = ec_reallocarray(gcap, t->n, sizeof *gcap);
      gsums[gidx] = NULL;
      gcap[gidx] = 0;
    }
    ec_trend_group *g = &t->groups[gidx];
    size_t i = it[k].i;
    if (!sums[i]) sums[i] = ec_summarize(es[i]);
    size_t nn = g->n, cap = g->cap;
    ec_trend_night *x = EC_PUSH(g->nights, g->n, g->cap);
    (void)cap;
    memset(x, 0, sizeof *x);
    x->e = es[i];
    x->input = i;
    x->name = o->by ? it[k].label : display[i];
    x->value = NAN;
    *EC_PUSH(gsums[gidx], nn, gcap[gidx]) = sums[i];
    /* equal labels in one group: said once per value */
    if (o->by && g->n > 1 && strcmp(g->nights[g->n - 2].name, x->name) == 0 &&
        (g->n < 3 || strcmp(g->nights[g->n - 3].name, x->name) != 0))
      ec_diag_add(&t->diags, EC_WARN, NULL, 0, 0, "%s: several nights have %s=%s; they are ordered by their file paths",
                  g->engine, o->by, x->name);
  }
  t->nights = m;
  /* every engine one night: most likely the nights' engines are named apart
   * (a folder per night named after it), which makes each night a series */
  if (t->n > 1 && m == t->n)
    ec_diag_add(&t->diags, EC_WARN, NULL, 0, 0,
                "each of the %zu %s has a single night, so no series has a history: nights group by engine name, "
                "GPU and TensorRT version; if these are one engine's nights, give them one name (summary --json "
                "NAME=ENGINE, or the same engine path every night)",
                t->n, ec_plural(t->n, "engine", "engines"));
  /* one metric: the requested one when some engine's latest night has it
   * (an engine whose latest night lacks it gets an error), else compare's
   * fallback rule over the latest nights */
  if (t->n) {
    ec_engine **latest = ec_calloc(t->n, sizeof *latest);
    ec_summary **ls = ec_calloc(t->n, sizeof *ls);
    int any = 0;
    for (size_t g = 0; g < t->n; g++) {
      latest[g] = t->groups[g].nights[t->groups[g].n - 1].e;
      ls[g] = gsums[g][t->groups[g].n - 1];
      ec_metric_value v;
      any |= ec_metric_of(latest[g], ls[g], t->requested, &v);
      ec_metric_value_clear(&v);
    }
    if (!any) t->used = ec_metric_pick(latest, ls, t->n, 0, t->requested, &t->diags);
    free(latest);
    free(ls);
  }
  S_groups_run(t, gsums);
  for (size_t g = 0; g < t->n; g++) free(gsums[g]);
  free(gsums);
  free(gcap);
  for (size_t i = 0; i < n; i++) {
    ec_summary_free(sums[i]);
    free(gkey[i]);
  }
  free(sums);
  free(gkey);
  free(it);
  ec_map_free(&gi);
  return t;
}

static void S_moved_free(ec_trend_moved *m, size_t n) {
  for (size_t k = 0; k < n; k++) {
    free(m[k].name);
    free(m[k].type);
  }
  free(m);
}

void ec_trend_free(ec_trend *t) {
  if (!t) return;
  for (size_t gi = 0; gi < t->n; gi++) {
    ec_trend_group *g = &t->groups[gi];
    free(g->engine);
    free(g->gpu);
    free(g->tensorrt);
    free(g->nights);
    free(g->levels);
    for (size_t k = 0; k < g->n_cps; k++) {
      S_mism_free(g->cps[k].facts, g->cps[k].n_facts);
      S_moved_free(g->cps[k].types, g->cps[k].n_types);
      S_moved_free(g->cps[k].layers, g->cps[k].n_layers);
    }
    free(g->cps);
    free(g->reason);
    free(g->ref_reason);
    S_mism_free(g->facts, g->n_facts);
    for (size_t k = 0; k < g->n_types; k++) free(g->types[k]);
    free(g->types);
    free(g->type_ms);
  }
  free(t->groups);
  ec_diags_free(&t->diags);
  free(t);
}

/* ---- words ---------------------------------------------------------------- */

ec_outcome ec_trend_outcome(const ec_trend *t) {
  if (t->errors) return EC_OUTCOME_NOT_COMPARABLE;
  if (t->failed) return EC_OUTCOME_FAIL;
  if (t->mismatched) return EC_OUTCOME_MISMATCH;
  if (t->inconclusive) return EC_OUTCOME_INCONCLUSIVE;
  return t->gates ? EC_OUTCOME_PASS : EC_OUTCOME_NO_GATE;
}

char *ec_trend_gate_rule(const ec_trend *t) {
  if (!isfinite(t->opts.max_regress_pct)) return NULL;
  /* a latest night with a single earlier night has no interval: a threshold (compare's words) */
  int interval = 0, threshold = 0;
  for (size_t g = 0; g < t->n; g++) {
    ec_gate_mode m = t->groups[g].judged ? ec_gate_mode_of(&t->groups[g].est) : EC_GATE_MODE_NONE;
    interval |= m == EC_GATE_MODE_INTERVAL;
    threshold |= m == EC_GATE_MODE_THRESHOLD;
  }
  if (threshold && !interval)
    return ec_asprintf("fail when the latest night is slower than the level before it, or than the reference level, by "
                       "more than " EC_GIVEN "%%: a threshold on the estimate (a single earlier night: run-to-run noise not "
                       "measured), inconclusive when the night's own noise explains it",
                       t->opts.max_regress_pct);
  return ec_asprintf("fail when the latest night is slower than the level before it, or than the reference level, by "
                     "more than " EC_GIVEN "%% and the " EC_GIVEN "%% interval excludes no change (a single red night is inconclusive "
                     "until a second night or a new level confirms it)",
                     t->opts.max_regress_pct, 100 * t->opts.confidence);
}

double ec_trend_moved_delta_ms(const ec_trend_moved *m) { return m->after_ms - m->before_ms; }

double ec_trend_moved_delta_pct(const ec_trend_moved *m) {
  return m->before_ms > 0 && isfinite(m->after_ms) ? 100 * (m->after_ms / m->before_ms - 1) : NAN;
}

char *ec_trend_moved_str(char *buf, size_t cap, const ec_trend_moved *m) {
  double ms = ec_trend_moved_delta_ms(m), pct = ec_trend_moved_delta_pct(m);
  if (!isfinite(m->before_ms) && isfinite(m->after_ms)) snprintf(buf, cap, "new");
  else if (isfinite(m->before_ms) && !isfinite(m->after_ms)) snprintf(buf, cap, "gone");
  else if (!isfinite(m->before_ms)) snprintf(buf, cap, EC_NA);
  else if (isfinite(pct)) snprintf(buf, cap, EC_MS_DELTA " (" EC_PCT_DELTA ")", ms, pct);
  else snprintf(buf, cap, EC_MS_DELTA, ms);
  return buf;
}

int ec_trend_moved_notable(const ec_trend_moved *m) {
  return isfinite(m->share_pct) && fabs(m->share_pct) >= EC_TREND_NOTABLE_PCT;
}

char *ec_trend_cp_line(const ec_trend_group *g, const ec_trend_cp *c) {
  ec_buf b = {0};
  char est[96], d[96];
  ec_buf_printf(&b, "from %s: %s", g->nights[c->night].name, ec_gate_str(est, sizeof est, &c->est));
  for (size_t k = 0, shown = 0; k < c->n_types && shown < 3; k++) {
    if (!ec_trend_moved_notable(&c->types[k])) continue;
    ec_buf_printf(&b, "%s%s %s", shown++ ? ", " : "; ", c->types[k].name, ec_trend_moved_str(d, sizeof d, &c->types[k]));
  }
  return ec_buf_take(&b);
}
