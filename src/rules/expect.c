#include "rules/expect.h"
#include "rules/advice.h"
#include "facts/summary.h"
#include "facts/precision_mix.h"
#include "util/rank.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "words/words.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

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
    const char *canon = ec_mix_precision(spec, w);
    if (ec_mix_bits(canon) > 32) canon = NULL; /* FP64: no engine is expected in it */
    if (!canon) {
      snprintf(err, errcap, "\"%s\": a precision first (FP32, FP16, BF16, FP8, INT8, FP4 or INT4)", spec);
      return -1;
    }
    if (n == cap) {
      snprintf(err, errcap, "at most %zu %s", cap, ec_plural(cap, "expectation", "expectations"));
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
    snprintf(x->spec, sizeof x->spec, "%s>=" EC_GIVEN "%%%s", x->precision, x->min_pct,
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
  int bits = ec_mix_bits(x->precision);
  size_t *idx = ec_malloc((e->n_layers ? e->n_layers : 1) * sizeof *idx);
  double *ms = ec_malloc((e->n_layers ? e->n_layers : 1) * sizeof *ms);
  int timed = 0;
  double sum = 0;
  for (size_t i = 0; i < e->n_layers; i++) {
    const ec_layer *l = &e->layers[i];
    if (ec_mix_bits(l->precision) <= bits) continue;
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
  int bits = ec_mix_bits(p), k = 0;
  for (size_t i = 0; i < m.n; i++) {
    if (ec_mix_bits(m.v[i].precision) <= bits) continue;
    ec_buf_printf(b, "%s%s " EC_PCT, k++ ? ", " : "", m.v[i].precision, ec_mix_share(&m, m.v[i].precision, 0, by_latency));
  }
  ec_mix_free(&m);
}

char *ec_expect_line(const ec_engine *e, const ec_expect *x, const ec_expect_result *r) {
  ec_buf b = {0};
  ec_buf_printf(&b, "%s or narrower for at least " EC_GIVEN "%% of the %s: ", x->precision, x->min_pct,
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
    ec_buf_printf(&m, "Precision expectation %s (%s): %s or narrower for at least " EC_GIVEN "%% of the %s",
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

