/* chart — chart kinds as scenes, from plain data.
 *
 * Inputs are plain arrays (labels, values, colour keys, units, axis
 * titles), independent of the engine model; view/engine_charts.h builds them
 * from an engine. Every function returns a new scene (free with
 * ec_scene_free) that passes the layout check (draw/layout_check.h):
 * labels that do not fit are shortened with an ellipsis (full text in the
 * tooltip), thinned, or the figure grows; big inputs are folded (top N plus
 * "rest"), and the figure's description says so.
 *
 * Arrays are borrowed for the duration of the call only. Strings may be any
 * bytes (they are sanitised and escaped downstream). */
#ifndef EC_CHART_H
#define EC_CHART_H
#include <stddef.h>
#include "draw/scene.h"
#include "words/words.h"

/* Figure frame shared by every kind. width/height 0 pick defaults (480 x
 * 300 points; horizontal bar charts grow with their categories). */
typedef struct ec_chart_frame {
  const char *id;    /* id prefix, unique in the page */
  const char *title; /* drawn at the top and used as the accessible title */
  const char *desc;  /* accessible description (the chart appends what it folded) */
  double width, height;
} ec_chart_frame;

/* Optional colouring by a categorical key: colour of a key (NULL: the TREx
 * palette in order of first appearance) and its legend text (NULL: the key). */
typedef ec_color (*ec_key_color_fn)(const char *key);
typedef const char *(*ec_key_label_fn)(const char *key);

typedef enum { EC_BARS_SIMPLE = 0, EC_BARS_GROUPED, EC_BARS_STACKED } ec_bar_mode;

typedef struct ec_bar_spec {
  ec_chart_frame f;
  int horizontal;             /* categories down the left, bars to the right */
  ec_bar_mode mode;
  size_t n;                   /* categories */
  const char *const *labels;  /* n category labels */
  const char *const *tips;    /* optional: n extra tooltip lines */
  const char *const *links;   /* optional: n link targets ("#id" or URL) */
  size_t n_series;            /* 1 for SIMPLE; series for GROUPED/STACKED */
  const char *const *series;  /* series names (legend); may be NULL when 1 */
  const ec_color *series_colors; /* optional per series; else the palette */
  const double *values;       /* values[s * n + i] */
  /* SIMPLE bars: categorical key colouring ... */
  const char *const *keys;    /* optional: n keys */
  ec_key_color_fn key_color;
  ec_key_label_fn key_label;
  const char *key_title;      /* legend heading, e.g. "Layer type" */
  /* ... or continuous colouring (a colour bar is drawn) */
  const double *cvalues;      /* optional: n values */
  const char *ctitle;         /* colour bar title */
  const char *unit;           /* value unit: "ms", "%", "" */
  const char *value_axis;     /* value axis title (unit appended) */
  const char *category_axis;  /* category axis title, may be NULL */
  size_t max_bars;            /* 0: 40. More categories: the first max_bars-1
                                 (caller orders them) plus one "rest" bar */
  const char *rest_noun;      /* "layers" in "rest (1,234 layers)"; NULL: "items" */
  int value_labels;           /* print the value at each bar's end when it fits
                                 (STACKED: the bar's total; GROUPED: none) */
  /* SIMPLE horizontal bars: a marker after each bar's value, a colour chip
   * and a short text (a layer's precision beside bars coloured by type) */
  const char *const *marks;   /* optional: n texts; NULL entries draw none */
  ec_key_color_fn mark_color; /* the chip's colour; NULL: no chip */
  double label_min;           /* vertical bars: the smallest size category
                                 labels shrink to before they are thinned
                                 instead (0: EC_FS_MIN); a chart the PDF
                                 scales to its column keeps them >= 7 pt */
  int flat_labels;            /* vertical bars: category labels stay level,
                                 every k-th one (k of 1, 2, 5, 10, 20, 50, ...)
                                 when they do not all fit: a PDF's drawing,
                                 whose text a turned label would not read as */
} ec_bar_spec;

/** Vertical/horizontal, simple/grouped/stacked bar chart. */
ec_scene *ec_chart_bar(const ec_bar_spec *spec);

typedef struct ec_donut_spec {
  ec_chart_frame f;
  size_t n;
  const char *const *labels;
  const double *values;       /* negative and NaN values count as 0 */
  const char *const *keys;    /* optional colour keys (default: labels) */
  ec_key_color_fn key_color;  /* NULL: palette */
  const char *unit;           /* shown in the legend and centre */
  const char *center;         /* centre caption, e.g. "total"; NULL: none */
  size_t max_slices;          /* 0: 8; smaller slices fold into "other" */
} ec_donut_spec;

/** Donut chart with a legend giving each slice's value and share. */
ec_scene *ec_chart_donut(const ec_donut_spec *spec);

/* Rows of 100% stacked strips: how a whole splits between keys ("FP16
 * 92.0%, FP32 8.0%"). Every row uses the same keys; a segment shows its key
 * and share inside it when they fit (the tooltip always does). */
typedef struct ec_strip_spec {
  ec_chart_frame f;           /* title may be NULL: a bare strip */
  size_t n_rows;              /* 0 counts as 1 */
  const char *const *row_labels; /* n_rows labels left of the strips, or NULL */
  size_t n_keys;
  const char *const *keys;    /* n_keys */
  const double *values;       /* values[r * n_keys + k]; each row is split by its own sum */
  ec_key_color_fn key_color;  /* NULL: palette */
  ec_key_label_fn key_label;  /* NULL: the key */
  const char *unit;           /* in tooltips: "ms", "layers" */
  const char *const *row_units; /* optional per row, instead of unit */
  int legend;                 /* 1: a legend of the keys under the strips */
} ec_strip_spec;

/** Stacked strips (see ec_strip_spec). */
ec_scene *ec_chart_strip(const ec_strip_spec *spec);

typedef struct ec_hist_spec {
  ec_chart_frame f;
  size_t n;
  const double *values;       /* NaN values are skipped */
  size_t bins;                /* 0: automatic (Freedman-Diaconis, 5..60) */
  const char *unit;
  const char *value_axis;
  ec_color color;             /* kind NONE: palette colour 2 */
  int clip_tail;              /* 1: when a long upper tail would squash the bars
                                 (it would stretch the axis by more than a
                                 quarter), the axis ends at the last value within
                                 Tukey's far-out fence Q3 + 3 IQR, cutting at most
                                 5% of the values (never below p95); the cut
                                 values are counted, not drawn, and a line under
                                 the title and the description say how many and
                                 up to where */
  const char *noun;           /* "iterations" in that line; NULL: "values" */
  double tick;                /* the values' resolution (a timer's step); bins are
                                 whole steps of it; 0: none */
} ec_hist_spec;

/** Count histogram. */
ec_scene *ec_chart_histogram(const ec_hist_spec *spec);

typedef struct ec_xy_series {
  const char *name;
  size_t n;
  const double *x;            /* NULL: 1..n (iteration index) */
  const double *y;
  const char *const *tips;    /* optional per point (scatter only, n <= 500) */
  ec_color color;             /* kind NONE: palette */
  int line, points;           /* draw a polyline and/or markers */
} ec_xy_series;

typedef struct ec_xy_spec {
  ec_chart_frame f;
  size_t n_series;
  const ec_xy_series *series;
  const char *x_axis, *x_unit;
  const char *y_axis, *y_unit;
  int log_x, log_y;           /* decade axes (values <= 0 are skipped) */
  int y_from_zero;            /* include 0 in the y range */
  size_t n_refs;              /* horizontal reference lines (median, p99) */
  const double *ref_y;
  const char *const *ref_labels;
} ec_xy_spec;

/** Scatter and/or line chart. More than 2,000 points per series are reduced
 *  to a min/max envelope per horizontal step (the description says so). */
ec_scene *ec_chart_xy(const ec_xy_spec *spec);

typedef struct ec_roofline_spec {
  ec_chart_frame f;
  double peak_flops;          /* FLOP/s, compute ceiling */
  double peak_bw;             /* bytes/s, bandwidth ceiling */
  size_t n;
  const double *ai;           /* arithmetic intensity, FLOP/byte */
  const double *perf;         /* achieved FLOP/s */
  const char *const *labels;  /* optional point tooltips; with labels given, a
                                 NULL entry draws its point without a tooltip
                                 (keeps the SVG of big engines small) */
  const char *const *keys;    /* optional colour keys */
  ec_key_color_fn key_color;
  ec_key_label_fn key_label;
} ec_roofline_spec;

/** Roofline: log-log, compute and bandwidth ceilings, one marker per point. */
ec_scene *ec_chart_roofline(const ec_roofline_spec *spec);

typedef struct ec_waterfall_spec {
  ec_chart_frame f;
  const char *start_label, *end_label; /* the two totals' row labels */
  double start, end;                   /* the totals; end = start + sum of deltas */
  ec_color start_color, end_color;     /* their bars (the engines' colours) */
  size_t n;                            /* steps between them, in the caller's order */
  const char *const *labels;           /* n step labels */
  const char *const *tips;             /* optional: n tooltips */
  const double *deltas;                /* n changes; positive: worse */
  const char *up_label, *down_label;   /* legend words for positive / negative steps */
  const char *unit;
  const char *value_axis;
} ec_waterfall_spec;

/** Waterfall, horizontal: the start total, one floating bar per step from
 *  the running total to the next (up: vermillion, down: bluish green,
 *  Okabe-Ito, both labelled with their signed value), and the end total.
 *  When the steps are small next to the totals the value axis starts near
 *  the smallest running total instead of 0; the total bars are then drawn
 *  broken and the description says where the axis starts. */
ec_scene *ec_chart_waterfall(const ec_waterfall_spec *spec);

/* Helpers, exposed for tests. */

/** Nice tick step for the range [lo,hi] with about target ticks (1, 2, 2.5
 *  or 5 times a power of ten); *first is the first multiple of it >= lo. */
double ec_nice_step(double lo, double hi, int target, double *first);

#endif
