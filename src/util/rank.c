#include "util/rank.h"
#include "util/alloc.h"
#include <math.h>
#include <stdlib.h>

typedef struct {
  double v;
  size_t i;
} S_item;

static int S_cmp(const void *a, const void *b) {
  const S_item *p = a, *q = b;
  int pn = isnan(p->v), qn = isnan(q->v);
  if (pn != qn) return pn - qn;
  if (!pn && p->v != q->v) return p->v > q->v ? -1 : 1;
  return p->i < q->i ? -1 : p->i > q->i;
}

void ec_rank_desc_ids(size_t *ids, const double *v, size_t n) {
  if (n < 2) return;
  S_item *it = ec_calloc(n, sizeof *it);
  for (size_t k = 0; k < n; k++) it[k] = (S_item){v[k], ids[k]};
  qsort(it, n, sizeof *it, S_cmp);
  for (size_t k = 0; k < n; k++) ids[k] = it[k].i;
  free(it);
}

size_t *ec_rank_desc(const double *v, size_t n) {
  size_t *ord = ec_calloc(n ? n : 1, sizeof *ord);
  for (size_t i = 0; i < n; i++) ord[i] = i;
  ec_rank_desc_ids(ord, v, n);
  return ord;
}
