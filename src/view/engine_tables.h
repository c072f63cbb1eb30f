/* engine_tables — the report's tables, built from an engine and its summary.
 *
 * Each function returns a new table (ec_table_free), or NULL when its data
 * is missing; why it can be missing is said once, in the registry
 * (view/report_items.h) that names every table a template can ask for. id is the
 * table's anchor id, unique in the page; layer rows of the full layer table
 * get ids "<prefix>-L<index>" so charts and the graph can link to them. */
#ifndef EC_ENGINE_TABLES_H
#define EC_ENGINE_TABLES_H
#include "facts/summary.h"
#include "draw/table.h"

ec_table *ec_tbl_facts(const ec_summary *s, const char *id);
ec_table *ec_tbl_bindings(const ec_summary *s, const char *id);
ec_table *ec_tbl_perf(const ec_summary *s, const char *id);
ec_table *ec_tbl_by_type(const ec_summary *s, const char *id);
ec_table *ec_tbl_by_precision(const ec_summary *s, const char *id);
ec_table *ec_tbl_top_layers(const ec_summary *s, const char *id, size_t n);
/** The layer-order chart's bars (view/engine_charts.h ec_layer_order_bins):
 *  each layer in execution order, or each run's slowest layer with the
 *  run's total; NULL without a profile. */
ec_table *ec_tbl_layer_order(const ec_summary *s, const char *id);
/** Without a profile: the n layers with the longest build-time measurement
 *  (attribute BuildTimeMs: what a verbose build log's autotuning measured for
 *  the chosen kernel, one layer alone; never a profile number), with the
 *  kernel the log names; NULL when no layer has one. */
ec_table *ec_tbl_build_times(const ec_summary *s, const char *id, size_t n);
/** Layers of one type, slowest first, at most max rows; *sentence gets
 *  TREx's "There are N X layers which account for P% (T ms) of the overall
 *  latency." (malloc'd). */
ec_table *ec_tbl_type_layers(const ec_summary *s, const char *id, const char *type, size_t max, char **sentence);
ec_table *ec_tbl_tactics(const ec_summary *s, const char *id);
/** Every layer (max 0: all), sortable and filterable. */
ec_table *ec_tbl_layers(const ec_summary *s, const char *id, const char *row_prefix, size_t max);
ec_table *ec_tbl_reformats(const ec_summary *s, const char *id);
ec_table *ec_tbl_pointwise(const ec_summary *s, const char *id);
ec_table *ec_tbl_fused(const ec_summary *s, const char *id, size_t max);
ec_table *ec_tbl_memory(const ec_summary *s, const char *id, size_t max);
ec_table *ec_tbl_efficiency(const ec_summary *s, const char *id, size_t max);
ec_table *ec_tbl_options(const ec_summary *s, const char *id);

#endif
