/* engine_charts — the report's standard charts for one engine.
 *
 * A thin adapter: it reads an ec_engine and its ec_summary and fills the
 * plain-data chart specs of view/chart.h. Each chart has a stable name, the
 * one templates use ("data: latency-by-type"):
 *   latency-by-type        horizontal bars, ms per layer type (TREx colours)
 *   latency-share-by-type  the same in % of the total
 *   count-by-type          layers per type
 *   count-and-latency-by-type  grouped bars per type: share of the layers and
 *                          share of the latency, both in % of the engine's total
 *   latency-by-precision   donut, ms per (input) precision (colours + text)
 *   latency-by-output-precision  donut, ms per output precision
 *   count-by-precision     donut, layers per precision (TREx "Precision rollup")
 *   layer-latency          ms per layer coloured by type; graph order up to
 *                          60 layers, else the top N by latency plus "rest"
 *   layer-precision        the same bars coloured by precision (legend names it)
 *   memory-per-layer       stacked bars, weights and I/O tensor MiB per layer,
 *                          top N by footprint plus "rest"
 *   pointwise-ops          donut, PointWise layers by number of fused operations
 *   timing-iterations      per-iteration latency (scatter) with median, p99
 *   timing-histogram       histogram of per-iteration latency; a long upper
 *                          tail (beyond Q3 + 3 IQR, at most 5%) is cut and
 *                          counted in a note
 *   reformat-by-origin     reformat latency per origin (QDQ, REFORMAT, ...)
 *   roofline               convolutions and GEMMs against the device's ceilings
 *                          (opts' peaks, else the device facts)
 * Charts whose data is missing (no profile, no timing, no PointWise layer,
 * no device peaks) are not built.
 *
 * Links: a bar that stands for one layer (layer-latency, layer-precision,
 * memory-per-layer) links to "#" + ec_layer_anchor(id_base, layer index), the
 * layer's row in the report's full layer table. The SVG writer wraps it in
 * <a href>, the cairo backend in a PDF link to the named destination; the
 * page that holds the table must define that id / destination. */
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
  double peak_flops;   /* roofline compute ceiling, FLOP/s; 0: from e->device */
  double peak_bw;      /* roofline bandwidth ceiling, bytes/s; 0: from e->device */
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
/** The id of layer `index` (its position in e->layers) in the report's full
 *  layer table: "<id_base>-L<index>", id_base reduced to [A-Za-z0-9_-] with a
 *  letter first like scene ids (NULL or empty: "ec"). Writes at most cap
 *  bytes into buf and returns buf. */
char *ec_layer_anchor(char *buf, size_t cap, const char *id_base, size_t index);

#endif
