#include "util/order.h"
#include <math.h>
#include <stdlib.h>

static int S_cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

void ec_sort_doubles(double *v, size_t n) {
  if (n > 1) qsort(v, n, sizeof *v, S_cmp);
}

double ec_median_sorted(const double *s, size_t n) {
  if (n == 0) return NAN;
  return n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2.0;
}
