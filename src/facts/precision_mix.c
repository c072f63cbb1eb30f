#include "facts/precision_mix.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "words/words.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The bits of a counted precision; 0: not counted (index and shape types,
 * None, Unknown). */
/* The counted precisions, widest first, with their bits: the one list. */
static const struct {
  const char *name;
  int bits;
} S_counted[] = {{"FP64", 64}, {"FP32", 32}, {"FP16", 16}, {"BF16", 16}, {"FP8", 8},
                 {"INT8", 8},  {"FP4", 4},   {"INT4", 4}};

int ec_mix_bits(const char *p) {
  if (!p) return 0;
  for (size_t i = 0; i < sizeof S_counted / sizeof S_counted[0]; i++)
    if (!strcmp(p, S_counted[i].name)) return S_counted[i].bits;
  return 0;
}

int ec_mix_reduced(const char *p) {
  int b = ec_mix_bits(p);
  return b > 0 && b <= 16;
}

const char *ec_mix_precision(const char *word, size_t len) {
  for (size_t i = 0; word && i < sizeof S_counted / sizeof S_counted[0]; i++)
    if (strlen(S_counted[i].name) == len && !strncasecmp(word, S_counted[i].name, len)) return S_counted[i].name;
  return NULL;
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
      if (!ec_mix_bits(l->precision)) continue;
      ec_mix_part *x = S_part(out, &cap, l->precision);
      x->layers = isfinite(x->layers) ? x->layers + 1 : 1;
      if (lat) x->ms = (isfinite(x->ms) ? x->ms : 0) + (l->has_profile ? l->avg_ms : 0);
    }
  } else {
    for (size_t i = 0; i < e->n_stored_by_precision; i++) {
      const ec_stored_prec *s = &e->stored_by_precision[i];
      if (!ec_mix_bits(s->precision)) continue;
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
  if (!isfinite(ec_share_pct(0, total))) return NAN;
  int bits = ec_mix_bits(p);
  double part = 0;
  for (size_t i = 0; i < m->n; i++) {
    const ec_mix_part *x = &m->v[i];
    if (narrower ? ec_mix_bits(x->precision) <= bits : !strcmp(x->precision, p)) part += by_latency ? x->ms : x->layers;
  }
  return ec_share_pct(part, total);
}

/* ---- --expect-precision ------------------------------------------------------ */

/* ---- the change of the mix between two engines ---- */

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

