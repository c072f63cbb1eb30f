/* kernel_tables — the kernel level (Nsight Systems) in a report: the
 * Kernels table (each layer with kernels, most kernel time first, its
 * kernels folded under it), a fused layer's time per op group as one line
 * ("MatMul 61.0%, Softmax 12.0%, ...", facts/kernels.h
 * ec_kernel_op_groups), that layer's kernels as a table of their own (the
 * first screen opens a fused layer into it), and the attributed share. */
#ifndef EC_VIEW_KERNEL_TABLES_H
#define EC_VIEW_KERNEL_TABLES_H
#include "facts/summary.h"
#include "draw/table.h"
#include "model/engine.h"

/** The Kernels table of s's engine: one row per layer with kernels (its
 *  kernel time per iteration, its share of all the kernel time attributed
 *  to layers, its op groups when fused), its kernels as sub rows (share of
 *  the layer, launches per iteration, median per iteration); at most rows
 *  layers (0: all), the note says how many more. NULL when the engine has
 *  no kernel data. part: the report part's id, for links to the layer rows. */
ec_table *ec_tbl_kernels(const ec_summary *s, const char *id, const char *part, size_t rows);
/** l's time per op group as one line ("MatMul 61.0%, Softmax 12.0%"; at
 *  most max groups, then "…"), or NULL when l's kernels are not shown by
 *  op group (facts/kernels.h ec_kernel_groups_apply). Caller frees. */
char *ec_ktab_groups_line(const ec_layer *l, size_t max);
/** l's kernels as a table (kernel, op group, share of the layer, launches
 *  and median per iteration), or NULL without kernels. */
ec_table *ec_tbl_layer_kernels(const ec_layer *l, const char *id);
/** The sentence saying how much of the kernel time matched layers
 *  ("12 of 16 layers have kernels; 95.20% of the kernel time (40 of 42 launches)
 *  matched a layer", with the file when source is set), or NULL without kernel data. Caller frees. */
char *ec_ktab_attributed_line(const ec_engine *e, int source);

#endif
