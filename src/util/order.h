/* order — sorting and the median of samples, for every stage that turns
 * samples into numbers (facts/stats for timings, load for per-layer
 * samples from profiler traces). */
#ifndef EC_ORDER_H
#define EC_ORDER_H
#include <stddef.h>

/** Sort v[0..n) ascending in place. */
void ec_sort_doubles(double *v, size_t n);
/** The median of an ascending array: the middle value, or the mean of the
 *  two middle values for an even count; NAN when n == 0. */
double ec_median_sorted(const double *sorted, size_t n);

#endif
