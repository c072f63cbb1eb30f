#include "judge/precision_change.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "words/words.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

size_t ec_compare_expect_misses(const ec_comparison *c, size_t i, size_t *unknown) {
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

void ec_compare_expect_apply(ec_comparison *c) {
  c->precision_missed = 0;
  for (size_t i = 0; i < c->n; i++)
    if (i != c->baseline) c->precision_missed += ec_compare_expect_misses(c, i, NULL) > 0;
}

size_t ec_trend_mix_flips(const ec_trend_group *g, ec_trend_flip *out, size_t cap) {
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
        if (n < cap) out[n] = (ec_trend_flip){i, (size_t)prev, c};
        n++;
      }
    }
    prev = (long)i;
  }
  return n;
}

