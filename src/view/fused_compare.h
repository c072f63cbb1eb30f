/* fused_compare — compare's view of differently fused engines: the
 * sentence and table of the regions (judge/regions.h) and the kernels
 * that changed inside fused layer pairs (judge/kernel_diff.h). The
 * terminal text, the JSON and the comparison report say the same sentence. */
#ifndef EC_VIEW_FUSED_COMPARE_H
#define EC_VIEW_FUSED_COMPARE_H
#include "judge/kernel_diff.h"
#include "judge/regions.h"
#include "draw/table.h"
#include "model/engine.h"

/** "2 regions of differently fused layers (3 layers of A, 5 of B, 4 of
 *  them on one side only) cover the same nodes; layer time attributed
 *  (aligned pairs, then with the regions): A 96.91% → 99.10%, B 78.52% →
 *  95.40%". NULL when r is NULL or has no region. Caller frees. */
char *ec_fv_regions_sentence(const ec_regions *r, const ec_engine *a, const ec_engine *b);
/** A region's layers on one side as one line: the first names joined by
 *  " | ", then "and N more" (at most max names). Caller frees. */
char *ec_fv_region_names(const ec_engine *e, const size_t *ix, size_t n, size_t max);
/** The regions as a table (change, each side's time and layers), at most
 *  rows (0: all); NULL without regions. */
ec_table *ec_tbl_regions(const ec_regions *r, const ec_engine *a, const ec_engine *b, const char *id, size_t rows);
/** One line per fused pair with kernel changes: "{ForeignNode[...]}: kernels
 *  0.06 → 0.05 ms per iteration (-0.01 ms); MatMul -0.009 ms, Cast +0.001
 *  ms". Caller frees. */
char *ec_fv_pair_kernels_line(const ec_kdiff_pair *p, const ec_engine *a);
/** The kernels that changed inside fused pairs as a table (one row per pair,
 *  its kernels as sub rows), at most rows pairs (0: all); NULL when d is
 *  NULL or empty. */
ec_table *ec_tbl_kernel_changes(const ec_kdiff *d, const ec_engine *a, const ec_engine *b, const char *id,
                                size_t rows);

#endif
