/* precision_mix — see precision_mix.h. */
#include "analyze/precision_mix.h"
#include "analyze/advice.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "util/rank.h"
#include "words/words.h"
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The bits of a counted precision; 0: not counted (index and shape types,
 * None, Unknown). */
static int S_bits(const char *p) {
  static const struct {
    const char *name;
    int bits;
  } t[] = {{"FP64", 64}, {"FP32", 32}, {"FP16", 16}, {"BF16", 16}, {"FP8", 8},
           {"INT8", 8},  {"FP4", 4},   {"INT4", 4}};
  if (!p) return 0;
  for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
    if (!strcmp(p, t[i].name)) return t[i].bits;
  return 0;
}

static int S_cmp_part(const void *a, const void *b) {
  return strcmp(((const ec_mix_part *)a)->precision, ((const ec_mix_part *)b)->precision);
}

static ec_mix_part *S_part(ec_mix *m, size_t *cap, const char *p) {
  for (size_t i = 0; i < m->n; i++)
    if (!strcmp(m->v[i].precision, p)) return &m->v[i];
  ec_mix_part *x = EC_PUSH(m->v, m->n, *cap);
  x->precision = p;
  x->ms = x->layers = NAN;
  return x;
}

void ec_mix_of(const ec_engine *e, ec_mix *out) {
  memset(out, 0, sizeof *out);
  out->total_ms = out->total_layers = NAN;
  size_t cap = 0;
  if (e->n_layers) {
    int lat = 0;
    for (size_t i = 0; i < e->n_layers; i++) lat |= e->layers[i].has_profile;
    for (size_t i = 0; i < e->n_layers; i++) {
      const ec_layer *l = &e->layers[i];
      if (!S_bits(l->precision)) continue;
      ec_mix_part *x = S_part(out, &cap, l->precision);
      x->layers = isfinite(x->layers) ? x->layers + 1 : 1;
      if (lat) x->ms = (isfinite(x->ms) ? x->ms : 0) + (l->has_profile ? l->avg_ms : 0);
    }
  } else {
    for (size_t i = 0; i < e->n_stored_by_precision; i++) {
      const ec_stored_prec *s = &e->stored_by_precision[i];
      if (!S_bits(s->precision)) continue;
      ec_mix_part *x = S_part(out, &cap, s->precision);
      x->ms = s->ms;
      x->layers = s->layers;
    }
  }
  if (out->n > 1) qsort(out->v, out->n, sizeof *out->v, S_cmp_part);
  /* a total is known when every counted part gives it */
  int ms = out->n > 0, ly = out->n > 0;
  double tm = 0, tl = 0;
  for (size_t i = 0; i < out->n; i++) {
    ms &= isfinite(out->v[i].ms);
    ly &= isfinite(out->v[i].layers);
    tm += out->v[i].ms;
    tl += out->v[i].layers;
  }
  if (ms) out->total_ms = tm;
  if (ly) out->total_layers = tl;
}

void ec_mix_free(ec_mix *m) {
  free(m->v);
  memset(m, 0, sizeof *m);
}

double ec_mix_share(const ec_mix *m, const char *p, int narrower, int by_latency) {
  double total = by_latency ? m->total_ms : m->total_layers;
  if (!isfinite(total) || !(total > 0)) return NAN;
  int bits = S_bits(p);
  double part = 0;
  for (size_t i = 0; i < m->n; i++) {
    const ec_mix_part *x = &m->v[i];
    if (narrower ? S_bits(x->precision) <= bits : !strcmp(x->precision, p)) part += by_latency ? x->ms : x->layers;
  }
  return 100.0 * part / total;
}

/* ---- --expect-precision ------------------------------------------------------ */

static const char *const S_names[] = {"FP32", "FP16", "BF16", "FP8", "INT8", "FP4", "INT4"};

int ec_expect_parse(const char *s, ec_expect *out, size_t cap, char *err, size_t errcap) {
  size_t n = 0;
  const char *p = s ? s : "";
  for (;;) {
    const char *end = strchr(p, ',');
    size_t len = end ? (size_t)(end - p) : strlen(p);
    char spec[64];
    if (len >= sizeof spec) len = sizeof spec - 1;
    memcpy(spec, p, len);
    spec[len] = '\0';
    /* the precision word */
    size_t w = 0;
    while (spec[w] && isalnum((unsigned char)spec[w])) w++;
    const char *canon = NULL;
    for (size_t k = 0; k < sizeof S_names / sizeof S_names[0]; k++)
      if (strlen(S_names[k]) == w && !strncasecmp(spec, S_names[k], w)) canon = S_names[k];
    if (!canon) {
      snprintf(err, errcap, "\"%s\": a precision first (FP32, FP16, BF16, FP8, INT8, FP4 or INT4)", spec);
      return -1;
    }
    if (n == cap) {
      snprintf(err, errcap, "at most %zu expectations", cap);
      return -1;
    }
    ec_expect *x = &out[n];
    memset(x, 0, sizeof *x);
    snprintf(x->precision, sizeof x->precision, "%s", canon);
    x->min_pct = EC_EXPECT_DEFAULT_PCT;
    const char *q = spec + w;
    if (!strncmp(q, ">=", 2)) {
      char *e2;
      double v = strtod(q + 2, &e2);
      if (e2 == q + 2 || *e2 != '%' || !(v >= 0 && v <= 100)) {
        snprintf(err, errcap, "\"%s\": >= takes a percentage from 0 to 100 with its %% sign (INT8>=80%%)", spec);
        return -1;
      }
      x->min_pct = v;
      q = e2 + 1;
    }
    if (*q == ':') {
      if (!strcmp(q + 1, "latency")) x->basis = EC_EXPECT_LATENCY;
      else if (!strcmp(q + 1, "layers")) x->basis = EC_EXPECT_LAYERS;
      else {
        snprintf(err, errcap, "\"%s\": the share is of the latency or of the layers (:latency or :layers)", spec);
        return -1;
      }
      q += strlen(q);
    }
    if (*q) {
      snprintf(err, errcap, "\"%s\": unexpected \"%s\" (PRECISION[>=PCT%%][:latency|:layers])", spec, q);
      return -1;
    }
    snprintf(x->spec, sizeof x->spec, "%s>=%g%%%s", x->precision, x->min_pct,
             x->basis == EC_EXPECT_LATENCY ? ":latency" : x->basis == EC_EXPECT_LAYERS ? ":layers" : "");
    n++;
    if (!end) break;
    p = end + 1;
  }
  return (int)n;
}

void ec_expect_check(const ec_engine *e, const ec_expect *x, ec_expect_result *r) {
  memset(r, 0, sizeof *r);
  r->pct = r->other_ms = NAN;
  ec_mix m;
  ec_mix_of(e, &m);
  int lat_ok = isfinite(m.total_ms) && m.total_ms > 0, lay_ok = isfinite(m.total_layers) && m.total_layers > 0;
  r->by_latency = x->basis == EC_EXPECT_LATENCY || (x->basis == EC_EXPECT_AUTO && lat_ok);
  if (!m.n) {
    int unknown = 0;
    for (size_t i = 0; i < e->n_layers; i++) unknown |= !e->layers[i].precision || !strcmp(e->layers[i].precision, "Unknown");
    r->why = e->n_layers && unknown ? "the layer precisions are unknown (names-only layer information)"
             : e->n_layers         ? "no layer runs in a floating-point or quantised precision"
                                   : "no layer information or stored precision mix";
  } else if (r->by_latency && !lat_ok) {
    r->why = "no per-layer latencies (no profile), so no share of the latency";
  } else if (!r->by_latency && !lay_ok) {
    r->why = "the layer counts by precision are unknown";
  }
  if (!r->why) {
    r->known = 1;
    r->pct = ec_mix_share(&m, x->precision, 1, r->by_latency);
    r->met = r->pct >= x->min_pct - 1e-9;
  }
  ec_mix_free(&m);
  /* the layers in a wider precision, slowest first */
  int bits = S_bits(x->precision);
  size_t *idx = ec_malloc((e->n_layers ? e->n_layers : 1) * sizeof *idx);
  double *ms = ec_malloc((e->n_layers ? e->n_layers : 1) * sizeof *ms);
  int timed = 0;
  double sum = 0;
  for (size_t i = 0; i < e->n_layers; i++) {
    const ec_layer *l = &e->layers[i];
    if (S_bits(l->precision) <= bits) continue;
    ms[r->n_other] = l->has_profile ? l->avg_ms : -1;
    idx[r->n_other++] = i;
    if (l->has_profile) timed = 1, sum += l->avg_ms;
  }
  ec_rank_desc_ids(idx, ms, r->n_other);
  free(ms);
  r->other = idx;
  if (timed) r->other_ms = sum;
}

void ec_expect_result_free(ec_expect_result *r) {
  free(r->other);
  memset(r, 0, sizeof *r);
}

/* "FP16 17.50%, FP32 17.70%": the shares of the precisions wider than p. */
static void S_wider(ec_buf *b, const ec_engine *e, const char *p, int by_latency) {
  ec_mix m;
  ec_mix_of(e, &m);
  int bits = S_bits(p), k = 0;
  for (size_t i = 0; i < m.n; i++) {
    if (S_bits(m.v[i].precision) <= bits) continue;
    ec_buf_printf(b, "%s%s " EC_PCT, k++ ? ", " : "", m.v[i].precision, ec_mix_share(&m, m.v[i].precision, 0, by_latency));
  }
  ec_mix_free(&m);
}

char *ec_expect_line(const ec_engine *e, const ec_expect *x, const ec_expect_result *r) {
  ec_buf b = {0};
  ec_buf_printf(&b, "%s or narrower for at least %g%% of the %s: ", x->precision, x->min_pct,
                r->by_latency ? "latency" : "layers");
  if (!r->known) {
    ec_buf_printf(&b, "cannot be checked, %s", r->why);
  } else if (r->met) {
    ec_buf_printf(&b, "met, " EC_PCT, r->pct);
  } else {
    ec_buf_printf(&b, "not met, " EC_PCT, r->pct);
    ec_buf b2 = {0};
    S_wider(&b2, e, x->precision, r->by_latency);
    if (b2.len) ec_buf_printf(&b, " (%s)", b2.data);
    ec_buf_free(&b2);
  }
  return ec_buf_take(&b);
}

void ec_expect_findings(const ec_engine *e, const ec_expect *xs, size_t n, ec_findings *out) {
  for (size_t k = 0; k < n; k++) {
    const ec_expect *x = &xs[k];
    ec_expect_result r;
    ec_expect_check(e, x, &r);
    if (r.known && r.met) {
      ec_expect_result_free(&r);
      continue;
    }
    ec_finding *f = ec_findings_push(out, "precision-expectation", r.known ? EC_LINT_ERROR : EC_LINT_WARNING);
    char *line = ec_expect_line(e, x, &r);
    ec_buf m = {0};
    ec_buf_printf(&m, "Precision expectation %s (%s): %s or narrower for at least %g%% of the %s",
                  r.known ? "not met" : "not checked", x->spec, x->precision, x->min_pct,
                  r.by_latency ? "latency" : "layers");
    if (r.known) {
      ec_buf_printf(&m, ", but " EC_PCT " runs there", r.pct);
      ec_buf w = {0};
      S_wider(&w, e, x->precision, r.by_latency);
      if (w.len) ec_buf_printf(&m, " (%s)", w.data);
      ec_buf_free(&w);
    } else {
      ec_buf_printf(&m, ": %s", r.why);
    }
    ec_buf_puts(&m, ". ");
    if (r.known && r.n_other) {
      char ms[32];
      ec_buf_printf(&m, "%zu layer%s run%s in a wider precision", r.n_other, ec_plural(r.n_other, "", "s"),
                    ec_plural(r.n_other, "s", ""));
      if (isfinite(r.other_ms)) ec_buf_printf(&m, ", %s ms", ec_fmt_ms(ms, sizeof ms, r.other_ms));
      ec_buf_puts(&m, "; the largest: ");
      size_t shown = r.n_other < 3 ? r.n_other : 3;
      for (size_t j = 0; j < shown; j++) {
        const ec_layer *l = &e->layers[r.other[j]];
        if (j) ec_buf_puts(&m, j + 1 == shown && shown == r.n_other ? " and " : ", ");
        ec_lint_layer_label(&m, l, 0);
        ec_buf_printf(&m, " (%s", l->precision);
        if (l->has_profile) ec_buf_printf(&m, ", %s ms", ec_fmt_ms(ms, sizeof ms, l->avg_ms));
        ec_buf_putc(&m, ')');
      }
      if (r.n_other > shown) ec_buf_printf(&m, " and %zu more", r.n_other - shown);
      ec_buf_putc(&m, '.');
    }
    while (m.len && m.data[m.len - 1] == ' ') m.data[--m.len] = '\0';
    f->message = ec_buf_take(&m);
    f->evidence = line;
    if (r.known) {
      f->mitigation = ec_strdup(ec_advice(EC_ADV_PRECISION_MODEL, e->trt_version));
      if (isfinite(r.other_ms)) f->latency_ms = r.other_ms;
      double total = ec_latency_total_ms(e);
      if (isfinite(r.other_ms) && total > 0) f->share_pct = ec_share_pct(r.other_ms, total);
      if (r.n_other) ec_finding_set_layers(f, e, r.other, r.n_other);
    } else {
      f->mitigation = ec_strdup("Export the layer information with detail (trtexec --profilingVerbosity=detailed "
                                "--exportLayerInfo), with a per-layer profile (--exportProfile) for shares of the "
                                "latency.");
    }
    ec_expect_result_free(&r);
  }
}

/* ---- the change of the mix ------------------------------------------------------------ */

static const ec_mix_part *S_find(const ec_mix *m, const char *p) {
  for (size_t i = 0; i < m->n; i++)
    if (!strcmp(m->v[i].precision, p)) return &m->v[i];
  return NULL;
}

ec_mix_change ec_mix_change_of(const ec_engine *a, const ec_engine *b) {
  ec_mix_change c;
  memset(&c, 0, sizeof c);
  c.from_before = c.from_after = c.to_before = c.to_after = c.to_layers_before = c.to_layers_after = NAN;
  ec_mix ma, mb;
  ec_mix_of(a, &ma);
  ec_mix_of(b, &mb);
  int lat = isfinite(ma.total_ms) && ma.total_ms > 0 && isfinite(mb.total_ms) && mb.total_ms > 0;
  int lay = isfinite(ma.total_layers) && ma.total_layers > 0 && isfinite(mb.total_layers) && mb.total_layers > 0;
  if (lat || lay) {
    c.known = 1;
    c.by_latency = lat;
    double fell = 0, rose = 0;
    /* every precision either side has */
    for (int side = 0; side < 2; side++) {
      const ec_mix *m = side ? &mb : &ma;
      for (size_t i = 0; i < m->n; i++) {
        const char *p = m->v[i].precision;
        if (side && S_find(&ma, p)) continue; /* seen from a */
        double x = ec_mix_share(&ma, p, 0, lat), y = ec_mix_share(&mb, p, 0, lat);
        double d = y - x;
        if (d < fell) fell = d, c.from = p, c.from_before = x, c.from_after = y;
        if (d > rose) rose = d, c.to = p, c.to_before = x, c.to_after = y;
      }
    }
    c.notable = c.from && c.to && (rose >= EC_MIX_NOTABLE_PP || -fell >= EC_MIX_NOTABLE_PP);
    if (c.to) {
      const ec_mix_part *x = S_find(&ma, c.to), *y = S_find(&mb, c.to);
      c.to_layers_before = x ? x->layers : isfinite(ma.total_layers) ? 0 : NAN;
      c.to_layers_after = y ? y->layers : isfinite(mb.total_layers) ? 0 : NAN;
    }
  }
  ec_mix_free(&ma);
  ec_mix_free(&mb);
  return c;
}

char *ec_mix_change_text(const ec_mix_change *c) {
  if (!c->known || !c->notable) return NULL;
  ec_buf b = {0};
  ec_buf_printf(&b, "%s share " EC_PCT " \xE2\x86\x92 " EC_PCT " of the %s, %s " EC_PCT " \xE2\x86\x92 " EC_PCT, c->from,
                c->from_before, c->from_after, c->by_latency ? "latency" : "layers", c->to, c->to_before, c->to_after);
  double d = c->to_layers_after - c->to_layers_before;
  if (isfinite(d) && d >= 1)
    ec_buf_printf(&b, ": %.0f more layer%s run%s in %s (%.0f \xE2\x86\x92 %.0f)", d, ec_plural((size_t)d, "", "s"),
                  ec_plural((size_t)d, "s", ""), c->to, c->to_layers_before, c->to_layers_after);
  return ec_buf_take(&b);
}

size_t ec_expect_compare_misses(const ec_comparison *c, size_t i, size_t *unknown) {
  size_t miss = 0, unk = 0;
  for (size_t k = 0; k < c->opts.n_expect; k++) {
    ec_expect_result r;
    ec_expect_check(c->engines[i], &c->opts.expect[k], &r);
    miss += r.known && !r.met;
    unk += !r.known;
    ec_expect_result_free(&r);
  }
  if (unknown) *unknown = unk;
  return miss;
}

void ec_expect_compare_apply(ec_comparison *c) {
  c->precision_missed = 0;
  for (size_t i = 0; i < c->n; i++)
    if (i != c->baseline) c->precision_missed += ec_expect_compare_misses(c, i, NULL) > 0;
}

size_t ec_mix_trend(const ec_trend_group *g, ec_mix_flip *out, size_t cap) {
  size_t n = 0;
  long prev = -1;
  for (size_t i = 0; i < g->n; i++) {
    ec_mix m;
    ec_mix_of(g->nights[i].e, &m);
    int has = m.n > 0;
    ec_mix_free(&m);
    if (!has) continue;
    if (prev >= 0) {
      ec_mix_change c = ec_mix_change_of(g->nights[prev].e, g->nights[i].e);
      if (c.notable) {
        if (n < cap) out[n] = (ec_mix_flip){i, (size_t)prev, c};
        n++;
      }
    }
    prev = (long)i;
  }
  return n;
}

char *ec_mix_flip_text(const ec_trend_group *g, const ec_mix_flip *f) {
  char *t = ec_mix_change_text(&f->change);
  char *out = ec_asprintf("night %s (against night %s): %s", g->nights[f->night].name, g->nights[f->before].name,
                          t ? t : "");
  free(t);
  return out;
}
