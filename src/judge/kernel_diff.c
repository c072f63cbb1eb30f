/* kernel_diff — see kernel_diff.h. */
#include "judge/kernel_diff.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "judge/compare.h"
#include "util/alloc.h"

/* k's time per iteration of its layer; NAN when unknown. */
static double S_per_iter(const ec_layer_kernels *lk, const ec_kernel *k) {
  if (!lk->instances || !isfinite(k->total_ms)) return NAN;
  return k->total_ms / (double)lk->instances;
}

static double S_z(double x) { return isfinite(x) ? x : 0; }

static int S_change_cmp(const void *x, const void *y) {
  const ec_kdiff_kernel *a = x, *b = y;
  double da = fabs(S_z(a->delta_ms)), db = fabs(S_z(b->delta_ms));
  if (da != db) return da > db ? -1 : 1;
  return strcmp(a->name ? a->name : "", b->name ? b->name : "");
}

static int S_group_cmp(const void *x, const void *y) {
  const ec_kdiff_group *a = x, *b = y;
  double da = fabs(a->delta_ms), db = fabs(b->delta_ms);
  if (da != db) return da > db ? -1 : 1;
  return strcmp(a->group, b->group);
}

static int S_pair_cmp(const void *x, const void *y) {
  const ec_kdiff_pair *a = x, *b = y;
  double da = fabs(S_z(a->delta_ms)), db = fabs(S_z(b->delta_ms));
  if (da != db) return da > db ? -1 : 1;
  return (a->a > b->a) - (a->a < b->a);
}

static void S_group_add(ec_kdiff_pair *p, size_t *cap, const char *g, double ms, int engine) {
  size_t i = 0;
  while (i < p->ng && strcmp(p->g[i].group, g)) i++;
  if (i == p->ng) *EC_PUSH(p->g, p->ng, *cap) = (ec_kdiff_group){g, 0, 0, 0};
  if (engine) p->g[i].ms += S_z(ms);
  else p->g[i].base_ms += S_z(ms);
}

static void S_pair(ec_kdiff_pair *p, const ec_layer *la, double da, const ec_layer *lb, double db) {
  const ec_layer_kernels *ka = la->kern, *kb = lb->kern;
  size_t cap = 0, gcap = 0;
  p->base_ms = ka->iter_mean_ms / da;
  p->ms = kb->iter_mean_ms / db;
  p->delta_ms = p->ms - p->base_ms;
  unsigned char *used = ec_calloc(kb->n ? kb->n : 1, 1);
  for (size_t i = 0; i < ka->n; i++) {
    const ec_kernel *k = &ka->v[i];
    ec_kdiff_kernel *c = EC_PUSH(p->v, p->n, cap);
    c->name = k->name;
    c->group = ec_kernel_op_group(k);
    c->base_ms = S_per_iter(ka, k) / da;
    c->ms = NAN;
    for (size_t j = 0; j < kb->n; j++)
      if (!used[j] && k->name && kb->v[j].name && !strcmp(k->name, kb->v[j].name)) {
        used[j] = 1;
        c->ms = S_per_iter(kb, &kb->v[j]) / db;
        break;
      }
    if (!isfinite(c->ms) && !isfinite(c->base_ms)) c->delta_ms = NAN;
    else c->delta_ms = S_z(c->ms) - S_z(c->base_ms);
    p->removed += !isfinite(c->ms);
    S_group_add(p, &gcap, c->group, c->base_ms, 0);
    if (isfinite(c->ms)) S_group_add(p, &gcap, c->group, c->ms, 1);
  }
  for (size_t j = 0; j < kb->n; j++) {
    if (used[j]) continue;
    const ec_kernel *k = &kb->v[j];
    ec_kdiff_kernel *c = EC_PUSH(p->v, p->n, cap);
    c->name = k->name;
    c->group = ec_kernel_op_group(k);
    c->base_ms = NAN;
    c->ms = S_per_iter(kb, k) / db;
    c->delta_ms = c->ms;
    p->added++;
    S_group_add(p, &gcap, c->group, c->ms, 1);
  }
  free(used);
  for (size_t i = 0; i < p->ng; i++) p->g[i].delta_ms = p->g[i].ms - p->g[i].base_ms;
  if (p->n) qsort(p->v, p->n, sizeof *p->v, S_change_cmp);
  if (p->ng) qsort(p->g, p->ng, sizeof *p->g, S_group_cmp);
}

ec_kdiff *ec_kdiff_of(const ec_engine *a, double da, const ec_engine *b, double db, const ec_alignment *al) {
  if (!a || !b || !a->kernels || !b->kernels || !al) return NULL;
  if (!(da > 0)) da = 1;
  if (!(db > 0)) db = 1;
  ec_kdiff *d = ec_calloc(1, sizeof *d);
  size_t cap = 0;
  for (size_t k = 0; k < al->n; k++) {
    const ec_align_pair *p = &al->v[k];
    if (p->a < 0 || p->b < 0 || (size_t)p->a >= a->n_layers || (size_t)p->b >= b->n_layers) continue;
    const ec_layer *la = &a->layers[p->a], *lb = &b->layers[p->b];
    if (!la->kern || !lb->kern || !(ec_kernel_groups_apply(la) || ec_kernel_groups_apply(lb))) continue;
    ec_kdiff_pair *x = EC_PUSH(d->v, d->n, cap);
    memset(x, 0, sizeof *x);
    x->a = (size_t)p->a;
    x->b = (size_t)p->b;
    S_pair(x, la, da, lb, db);
    /* a pair whose kernels are the same, each taking the same time: nothing changed inside */
    int moved = x->added || x->removed;
    for (size_t j = 0; j < x->n && !moved; j++) moved = !(x->v[j].delta_ms == 0);
    if (!moved) {
      free(x->v);
      free(x->g);
      d->n--;
    }
  }
  if (d->n) qsort(d->v, d->n, sizeof *d->v, S_pair_cmp);
  return d;
}

void ec_kdiff_free(ec_kdiff *d) {
  if (!d) return;
  for (size_t i = 0; i < d->n; i++) {
    free(d->v[i].v);
    free(d->v[i].g);
  }
  free(d->v);
  free(d);
}

ec_kdiff *ec_kdiff_of_compare(const ec_comparison *c, size_t i) {
  if (!c || i >= c->n || i == c->baseline || !c->res[i].aligned || !c->res[i].al) return NULL;
  return ec_kdiff_of(c->engines[c->baseline], ec_compare_divisor(c, c->baseline), c->engines[i],
                           ec_compare_divisor(c, i), c->res[i].al);
}
