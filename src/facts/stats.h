/* stats — order statistics with trtexec's and TREx's exact definitions. */
#ifndef EC_STATS_H
#define EC_STATS_H
#include <stddef.h>

typedef struct ec_sample_stats {
  size_t count;
  double min, max, mean, median, p90, p95, p99, stdev, cv; /* cv = stdev/mean */
} ec_sample_stats;

/** Statistics of v[0..n) (v is not modified). median is the middle value or
 *  the mean of the two middle values; pXX follows trtexec's findPercentile:
 *  sorted[max(n-1-int((1-XX/100)*n), 0)] evaluated in float32, and the value
 *  returned is that element rounded to float32, as trtexec prints it.
 *  Returns 0 with count 0 when n == 0. */
int ec_sample_stats_compute(const double *v, size_t n, ec_sample_stats *out);

/** The 0-based index into n ascending values that trtexec's percentile pct
 *  reads (see above); 0 when n is 0. */
size_t ec_percentile_trt_index(size_t n, double pct);
/** trtexec percentile of an ascending array (see above). */
double ec_percentile_trt(const double *sorted, size_t n, double pct);

#endif
