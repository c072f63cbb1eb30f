/* rank — order indices by a value, largest first, ties in index order. */
#ifndef EC_RANK_H
#define EC_RANK_H
#include <stddef.h>

/** Indices 0..n-1 ordered by v[i] descending, equal values (and NaNs, which
 *  go last) in index order; O(n log n). Caller frees the array (n may be 0:
 *  a valid empty allocation). */
size_t *ec_rank_desc(const double *v, size_t n);

#endif
