/* trend_view — tables and charts of a trend (judge/trend.h) for the trend
 * report. Each function returns a new table or scene, or NULL with *why set
 * (why may be NULL for functions that cannot fail). Numbers are formatted
 * here only; analyze computed them. */
#ifndef EC_TREND_VIEW_H
#define EC_TREND_VIEW_H
#include "judge/trend.h"
#include "draw/scene.h"
#include "view/rows.h" /* EC_TREND_HISTORY_TYPES: layer types drawn in the stacked history */
#include "draw/table.h"

/** One row per engine: nights, change points, the latest night with its
 *  value, its change against the level before it (interval, and the nights
 *  it was compared with), and the verdict ("bad" class on fail). */
ec_table *ec_tv_tbl_gates(const ec_trend *t, const char *id);
/** Every change point of every engine: first night, change with interval,
 *  fitted levels, nights compared, the layer types that moved
 *  (ec_trend_moved_notable), facts that changed. */
ec_table *ec_tv_tbl_cps(const ec_trend *t, const char *id, const char **why);
/** What moved at change point k of engine g: its layer types (layers 0:
 *  with their share of the change) or its slowest layers (layers 1), before
 *  and after, largest change first, at most max rows (0: all). NULL when
 *  there are none. */
ec_table *ec_tv_tbl_moved(const ec_trend *t, size_t g, size_t k, int layers, const char *id, size_t max);
/** Engine g's nights: value, level, change points and outliers marked. The
 *  last max nights and every change point's first night (all when max is
 *  0); a note counts the rest. */
ec_table *ec_tv_tbl_nights(const ec_trend *t, size_t g, const char *id, size_t max);

/** Engine g's metric night by night (view/chart_trend.h ec_chart_series),
 *  in the engine's colour; NULL with *why when no night has the metric. */
ec_scene *ec_tv_chart_series(const ec_trend *t, size_t g, const char *id, const char **why);
/** Engine g's per-type latency night by night, stacked (the
 *  EC_TREND_HISTORY_TYPES largest types in the latest night, the rest as
 *  "other"); NULL with *why when no night has per-type latencies. */
ec_scene *ec_tv_chart_types(const ec_trend *t, size_t g, const char *id, const char **why);

#endif
