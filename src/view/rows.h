/* rows — every default row count and cap of the three report kinds, in one
 * place: the --top default, the rows a template's block shows when it says
 * no "rows: N", and the first screen's short lists. The registries
 * (view/report_items.c, assemble/compare_report.c, assemble/trend_report.c)
 * read them, and docs/templates.md quotes them (tests/unit/test_report.c
 * checks that it does). */
#ifndef EC_ROWS_H
#define EC_ROWS_H

/* report: the slowest layers (report --top N) */
#define EC_TOP_DEFAULT 15
/* report: the memory chart and table, the largest footprints */
#define EC_ROWS_MEMORY 20
/* report: the roofline's points and the efficiency table */
#define EC_ROWS_EFFICIENCY 25
/* report: the fused layers */
#define EC_ROWS_FUSED 30
#define EC_ROWS_KERNELS 100 /* layers in the Kernels table */
#define EC_ROWS_LINT_PER_RULE 100 /* findings folded under one rule in the Lint table (then a "N more" line):
                                     a 100k-layer report's HTML was 31 MB, most of it these rows */
#define EC_ROWS_FIRST_KERNEL_GROUPS 4 /* op groups in a first-screen line */
/* report's first screen: the slowest layers (fewer when --top asks) and the findings to try first */
#define EC_ROWS_FIRST_SLOWEST 5
#define EC_ROWS_FIRST_FINDINGS 3

/* compare: aligned layers, layers on one side only, largest regressions per engine */
#define EC_ROWS_CMP_LAYERS 2000
/* compare: the changed aligned pairs shown unfolded (the rest are folded) */
#define EC_ROWS_CMP_LAYERS_SHOWN 60
#define EC_ROWS_CMP_ONE_SIDE 200
#define EC_ROWS_CMP_TOP 10

/* compare's waterfall: steps of layer types (the rest summed in one), and
 * families of one-sided layers per side (the rest summed) */
#define EC_ROWS_CMP_WATERFALL_TYPES 12
#define EC_ROWS_CMP_ONE_SIDE_STEPS 4

/* trend: nights per engine (the table and the one under the series chart),
 * slowest layers per change point */
#define EC_ROWS_TREND_NIGHTS 30
#define EC_ROWS_TREND_MOVED 10
/* trend's type-history chart: the largest layer types, the rest as "other" */
#define EC_TREND_HISTORY_TYPES 8

#endif
