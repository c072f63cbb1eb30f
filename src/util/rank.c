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

size_t *ec_rank_desc(const double *v, size_t n) {
  S_item *it = ec_calloc(n ? n : 1, sizeof *it);
  for (size_t i = 0; i < n; i++) it[i] = (S_item){v[i], i};
  if (n > 1) qsort(it, n, sizeof *it, S_cmp);
  size_t *ord = ec_calloc(n ? n : 1, sizeof *ord);
  for (size_t i = 0; i < n; i++) ord[i] = it[i].i;
  free(it);
  return ord;
}
