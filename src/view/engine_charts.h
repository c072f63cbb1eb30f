/* engine_charts — the report's charts of one engine.
 *
 * A thin adapter: each builder reads an ec_engine and its ec_summary and
 * fills the plain-data chart specs of view/chart.h. The names templates use,
 * the table that carries each chart's numbers, why a chart can be missing
 * and the sentence that replaces a one-category chart are in ONE registry,
 * view/report_items.h; this header only builds. A builder returns NULL when
 * its data is missing (the registry says why).
 *   latency-by-type        horizontal bars, ms per layer type (TREx colours)
 *   latency-share-by-type  the same in % of the total
 *   count-by-type          layers per type
 *   count-and-latency-by-type  grouped bars per type: share of the layers and
 *                          share of the latency
 *   precision-mix          strips: latency by input and by output precision,
 *                          layers by input precision, each as shares
 *   precision-strip        one strip: latency by input precision (layers
 *                          without a profile), for the first screen
 *   layer-latency          the N slowest layers (opts' top_n) plus "rest",
 *                          coloured by type, marked with their precision
 *                          when the engine mixes precisions
 *   layer-order            TREx's latency per layer in execution order,
 *                          coloured by precision: every layer, or for big
 *                          engines bins of consecutive layers each drawn as
 *                          its slowest layer (ec_layer_order_bins)
 *   memory-per-layer       stacked bars, weights and I/O per layer, the N
 *                          largest by footprint plus "rest"
 *   pointwise-ops          donut, PointWise layers by number of fused operations
 *   timing-iterations      per-iteration latency (scatter) with median, p99
 *   timing-histogram       histogram of per-iteration latency; a long upper
 *                          tail (beyond Q3 + 3 IQR, at most 5%) is cut and
 *                          counted in a note
 *   reformat-by-origin     reformat latency per origin (QDQ, REFORMAT, ...)
 *   roofline               convolutions and GEMMs against the device's ceilings
 *                          (opts' peaks, else the device facts)
 *
 * Links: a bar that stands for one layer (layer-latency, memory-per-layer)
 * links to "#" + ec_layer_anchor(id_base, layer index), the layer's row in
 * the report's full layer table. The SVG writer wraps it in <a href>, the
 * cairo backend in a PDF link to the named destination; the page that holds
 * the table must define that id / destination. */
#ifndef EC_ENGINE_CHARTS_H
#define EC_ENGINE_CHARTS_H
#include <stddef.h>
#include "facts/summary.h"
#include "model/engine.h"
#include "view/rows.h" /* EC_TOP_DEFAULT, EC_ROWS_MEMORY */
#include "draw/scene.h"

typedef struct ec_engine_chart_opts {
  const char *id_base; /* id prefix of every figure ("e1" -> "e1-latency-by-type"); NULL: "ec" */
  const char *anchor_base; /* id prefix of the layer table's rows a bar links to; NULL: id_base
                              (a phone's drawing of a chart has ids of its own, the same links) */
  double width;        /* figure width in points; 0: 480 */
  size_t top_n;        /* per-layer charts: layers shown before "rest"; 0: EC_TOP_DEFAULT
                          (layer-latency), EC_ROWS_MEMORY (memory-per-layer) */
  double peak_flops;   /* roofline compute ceiling, FLOP/s; 0: from e->device */
  double peak_bw;      /* roofline bandwidth ceiling, bytes/s; 0: from e->device */
  int pdf_column;      /* drawn for the PDF's column, unscaled (layer-order, report.c's ec_block.pdf):
                          category labels level at a round step, 200 units tall (a 640-unit chart
                          is about that on the page), a title that leaves details to the axes */
} ec_engine_chart_opts;


typedef ec_scene *(*ec_engine_chart_fn)(const ec_engine *e, const ec_summary *s, const ec_engine_chart_opts *o);

ec_scene *ec_echart_latency_by_type(const ec_engine *e, const ec_summary *s, const ec_engine_chart_opts *o);
ec_scene *ec_echart_latency_share_by_type(const ec_engine *e, const ec_summary *s, const ec_engine_chart_opts *o);
ec_scene *ec_echart_count_by_type(const ec_engine *e, const ec_summary *s, const ec_engine_chart_opts *o);
ec_scene *ec_echart_count_and_latency_by_type(const ec_engine *e, const ec_summary *s, const ec_engine_chart_opts *o);
ec_scene *ec_echart_precision_mix(const ec_engine *e, const ec_summary *s, const ec_engine_chart_opts *o);
ec_scene *ec_echart_precision_strip(const ec_engine *e, const ec_summary *s, const ec_engine_chart_opts *o);
ec_scene *ec_echart_layer_latency(const ec_engine *e, const ec_summary *s, const ec_engine_chart_opts *o);
ec_scene *ec_echart_layer_order(const ec_engine *e, const ec_summary *s, const ec_engine_chart_opts *o);
ec_scene *ec_echart_memory_per_layer(const ec_engine *e, const ec_summary *s, const ec_engine_chart_opts *o);
ec_scene *ec_echart_pointwise_ops(const ec_engine *e, const ec_summary *s, const ec_engine_chart_opts *o);
ec_scene *ec_echart_timing_iterations(const ec_engine *e, const ec_summary *s, const ec_engine_chart_opts *o);
ec_scene *ec_echart_timing_histogram(const ec_engine *e, const ec_summary *s, const ec_engine_chart_opts *o);
ec_scene *ec_echart_reformat_by_origin(const ec_engine *e, const ec_summary *s, const ec_engine_chart_opts *o);
ec_scene *ec_echart_roofline(const ec_engine *e, const ec_summary *s, const ec_engine_chart_opts *o);
/** The layers the roofline draws: known FLOPs, bytes and achieved rate. */
size_t ec_roofline_points(const ec_summary *s);

/** The id of layer `index` (its position in e->layers) in the report's full
 *  layer table: "<id_base>-L<index>", id_base reduced to [A-Za-z0-9_-] with a
 *  letter first like scene ids (NULL or empty: "ec"). Writes at most cap
 *  bytes into buf and returns buf. */
char *ec_layer_anchor(char *buf, size_t cap, const char *id_base, size_t index);

/* Bars of the layer-order chart: more layers than this are binned. */
#define EC_ORDER_BARS 100

/* A run of consecutive layers in execution order, drawn as one bar. */
typedef struct ec_layer_bin {
  size_t first, last; /* layer indices, inclusive */
  size_t slowest;     /* the layer with the highest latency (first of a tie); first when none is profiled */
  size_t profiled;    /* layers with a latency */
  double max_ms;      /* the slowest layer's latency; NAN when none is profiled */
  double sum_ms;      /* the bin's latency (profiled layers) */
} ec_layer_bin;

/** e's layers in execution order as at most max_bins bars (0:
 *  EC_ORDER_BARS): one per layer when they fit, else bins of
 *  ceil(n / max_bins) consecutive layers, each keeping its slowest layer
 *  so the slowest of the engine is always a bar of its own height. The
 *  chart and its data table (ec_tbl_layer_order) both read it. Returns
 *  the number of bins; *out is new[] (free it). */
size_t ec_layer_order_bins(const ec_engine *e, size_t max_bins, ec_layer_bin **out);

#endif
