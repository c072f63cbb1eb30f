/* chart_trend — chart kinds of a history over nights (the trend report):
 * a metric's series with its fitted levels, noise band, outliers and change
 * points, and a stacked history of per-type latencies. Same conventions as
 * view/chart.h: plain arrays in, a new scene out (free with ec_scene_free)
 * that passes the layout check; arrays are borrowed for the call.
 *
 * The x axis is the nights in order, evenly spaced (night i at the middle
 * of the i-th of n columns), labelled with the night names thinned to those
 * that fit (every 1, 2, 5, 10, 20, 50, ... nights; a name too long is
 * shortened with an ellipsis, full text in its tooltip). */
#ifndef EC_CHART_TREND_H
#define EC_CHART_TREND_H
#include <stddef.h>
#include "view/chart.h"

typedef struct ec_series_spec {
  ec_chart_frame f;           /* width 0: 640 points; height 0: 260 */
  size_t n;                   /* nights */
  const double *y;            /* n values; NAN: a gap (the line breaks) */
  const char *const *labels;  /* n night names */
  const unsigned char *outlier; /* optional: n flags; drawn as hollow vermillion rings */
  const char *const *tips;    /* optional: n tooltips (used when n <= 500) */
  size_t n_levels;            /* fitted levels: night ranges and values */
  const size_t *level_first, *level_last;
  const double *level;
  double band;                /* noise band: level * exp(+-band) (0: none) */
  const char *band_label;     /* its legend text ("noise band: level +-3 sigma") */
  size_t n_marks;             /* change points: the first night of each new level */
  const size_t *marks;
  const char *const *mark_tips; /* n_marks tooltips */
  ec_color color;             /* the series (an engine's colour) */
  const char *name;           /* the series' legend text */
  const char *y_axis, *y_unit, *x_axis;
} ec_series_spec;

/** The metric night by night: each level's noise band (shaded) and fitted
 *  value (a line across its nights), the nights as a line with markers,
 *  outliers as rings, change points as vertical rules labelled with the
 *  night they start at. The y axis covers the bands and every night that is
 *  not an outlier; outliers beyond it are drawn at its edge as triangles
 *  (the description counts them). */
ec_scene *ec_chart_series(const ec_series_spec *spec);

typedef struct ec_history_spec {
  ec_chart_frame f;           /* width 0: 640 points; height 0: 260 */
  size_t n;                   /* nights */
  const char *const *labels;  /* n night names */
  size_t n_series;            /* stacked series, bottom first */
  const char *const *series;  /* their names (legend) */
  const ec_color *colors;     /* their colours */
  const double *values;       /* values[s * n + i]; a night with any NAN is a gap */
  size_t n_marks;             /* change points (vertical rules) */
  const size_t *marks;
  const char *y_axis, *y_unit, *x_axis;
} ec_history_spec;

/** Stacked areas, night by night (per-type latency): a gap where a night's
 *  values are unknown; change points as vertical rules. */
ec_scene *ec_chart_history(const ec_history_spec *spec);

#endif
