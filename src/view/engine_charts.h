/* engine_charts — the report's standard charts for one engine.
 *
 * A thin adapter: it reads an ec_engine and its ec_summary and fills the
 * plain-data chart specs of view/chart.h. Each chart has a stable name, the
 * one templates use ("data: latency-by-type"):
 *   latency-by-type        horizontal bars, ms per layer type (TREx colours)
 *   latency-share-by-type  the same in % of the total
 *   count-by-type          layers per type
 *   latency-by-precision   donut, ms per precision (precision colours + text)
 *   layer-latency          ms per layer coloured by type; graph order up to
 *                          60 layers, else the top N by latency plus "rest"
 *   timing-iterations      per-iteration latency (scatter) with median, p99
 *   timing-histogram       histogram of per-iteration latency
 *   reformat-by-origin     reformat latency per origin (QDQ, REFORMAT, ...)
 *   roofline               convolutions, when opts give device peaks
 * Charts whose data is missing (no profile, no timing) are not built. */
#ifndef EC_ENGINE_CHARTS_H
#define EC_ENGINE_CHARTS_H
#include <stddef.h>
#include "analyze/summary.h"
#include "model/engine.h"
#include "view/scene.h"

typedef struct ec_engine_chart_opts {
  const char *id_base; /* id prefix of every figure ("e1" -> "e1-latency-by-type"); NULL: "ec" */
  double width;        /* figure width in points; 0: 480 */
  size_t top_n;        /* per-layer chart: bars incl. "rest"; 0: 40 */
  double peak_flops;   /* device peaks for the roofline; 0: no roofline */
  double peak_bw;      /* bytes/s */
} ec_engine_chart_opts;

typedef struct ec_chart_set {
  char **names;     /* owned chart names, parallel to scenes */
  ec_scene **scenes; /* owned */
  size_t n, cap;
} ec_chart_set;

/** Every standard chart e's data supports, in the order listed above,
 *  appended to out (free with ec_chart_set_free). opts may be NULL. */
void ec_engine_charts(const ec_engine *e, const ec_summary *s, const ec_engine_chart_opts *opts,
                      ec_chart_set *out);
/** One chart by name, or NULL when the name is unknown or its data is
 *  missing. Caller frees with ec_scene_free. */
ec_scene *ec_engine_chart(const ec_engine *e, const ec_summary *s, const char *name,
                          const ec_engine_chart_opts *opts);
/** The chart names, NULL-terminated (static). */
const char *const *ec_engine_chart_names(void);
void ec_chart_set_free(ec_chart_set *set);

#endif
