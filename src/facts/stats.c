#include "facts/stats.h"
#include "util/alloc.h"
#include "util/order.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

size_t ec_percentile_trt_index(size_t n, double pct) {
  if (n == 0) return 0;
  /* trtexec: all = n; exclude = int((1 - percentile/100) * all) in float */
  float frac = (float)(1.0f - (float)pct / 100.0f);
  long exclude = (long)(frac * (float)n);
  long idx = (long)n - 1 - exclude;
  return idx < 0 ? 0 : (size_t)idx;
}

double ec_percentile_trt(const double *sorted, size_t n, double pct) {
  if (n == 0) return NAN;
  return (double)(float)sorted[ec_percentile_trt_index(n, pct)];
}

int ec_sample_stats_compute(const double *v, size_t n, ec_sample_stats *o) {
  memset(o, 0, sizeof *o);
  if (n == 0) return 0;
  double *s = ec_malloc(n * sizeof *s);
  memcpy(s, v, n * sizeof *s);
  ec_sort_doubles(s, n);
  double sum = 0;
  for (size_t i = 0; i < n; i++) sum += s[i];
  double mean = sum / (double)n;
  double ss = 0;
  for (size_t i = 0; i < n; i++) ss += (s[i] - mean) * (s[i] - mean);
  o->count = n;
  o->min = s[0];
  o->max = s[n - 1];
  o->mean = mean;
  o->median = ec_median_sorted(s, n);
  o->p90 = ec_percentile_trt(s, n, 90);
  o->p95 = ec_percentile_trt(s, n, 95);
  o->p99 = ec_percentile_trt(s, n, 99);
  o->stdev = n > 1 ? sqrt(ss / (double)(n - 1)) : 0;
  o->cv = mean != 0 ? o->stdev / mean : 0;
  free(s);
  return 0;
}
