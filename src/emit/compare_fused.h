/* compare_fused — compare's outputs for differently fused engines, beside
 * the rest of compare's text and JSON: the regions (judge/regions.h) and
 * the kernels that changed inside fused layer pairs (judge/kernel_diff.h).
 * Columns and keys: docs/compare.md. */
#ifndef EC_EMIT_COMPARE_FUSED_H
#define EC_EMIT_COMPARE_FUSED_H
#include <jansson.h>
#include <stdio.h>
#include "judge/compare.h"

/** Engine i's regions and kernel changes as text lines (nothing when it has
 *  neither: the baseline, no region, no kernel data). */
void ec_print_compare_fused(const ec_comparison *c, size_t i, FILE *f);
/** Sets "regions" when engine i has regions and "kernel_changes" when both
 *  sides have kernel data, on engine i's object (nothing otherwise: the
 *  JSON of engines fused alike, without kernel data, is as before). */
void ec_jsonout_compare_fused(json_t *o, const ec_comparison *c, size_t i);

#endif
