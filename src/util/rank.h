/* rank — order indices by a value, largest first, ties in index order. */
#ifndef EC_RANK_H
#define EC_RANK_H
#include <stddef.h>

/** Indices 0..n-1 ordered by v[i] descending, equal values (and NaNs, which
 *  go last) in index order; O(n log n). Caller frees the array (n may be 0:
 *  a valid empty allocation). */
size_t *ec_rank_desc(const double *v, size_t n);
/** Reorder ids[0..n) (ids[k] has value v[k]) by value descending, equal
 *  values (and NaNs, last) by id ascending. Keeps no state between calls:
 *  safe on several threads at once, unlike a qsort comparator that reads a
 *  static pointer. */
void ec_rank_desc_ids(size_t *ids, const double *v, size_t n);

#endif
