/* chart_common — shared pieces of the chart kinds (private to src/view):
 * type sizes, figure start with title, flowing legends, colour bars, value
 * axes with nice ticks. */
#ifndef EC_CHART_COMMON_H
#define EC_CHART_COMMON_H
#include <stddef.h>
#include "view/chart.h"
#include "draw/scene.h"

/* Type sizes in scene units. A report's chart is 640 units wide; the HTML
 * page shows a unit as 1.3 CSS px (EC_HTML_UNIT_PX in assemble/html.c), so a
 * 10-unit label is 13 px, the size of table text (0.88 x 15 px); the PDF
 * fits the same scene to its 495 pt column, where a label is 7.7 pt. */
#define EC_FS_TITLE 12.5
#define EC_FS_LABEL 10.0
#define EC_FS_TICK 9.5
#define EC_FS_AXIS 10.0
#define EC_FS_MIN 8.0 /* smallest size a chart shrinks labels to (check: 6) */
#define EC_PAD 6.0

typedef struct ec_legend_item {
  char *label;    /* owned */
  ec_color color; /* kind NONE: a text-only item (a heading) */
} ec_legend_item;

typedef struct ec_legend {
  ec_legend_item *v;
  size_t n, cap;
} ec_legend;

void ec_legend_add(ec_legend *l, const char *label, ec_color c);
void ec_legend_free(ec_legend *l);
/** Height the legend needs when flowed into width w (0 when empty). */
double ec_legend_height(const ec_legend *l, double w);
/** Draw the legend flowed into [x, x+w] from top y. */
void ec_legend_draw(ec_scene *s, const ec_legend *l, double x, double y, double w);

/** New scene of w x h for frame f with its title drawn; *top is the first
 *  free y below the title. */
ec_scene *ec_chart_start(const ec_chart_frame *f, double w, double h, double *top);
/** Append sentence to the scene's description. */
void ec_chart_note(ec_scene *s, const char *sentence);
/** Filled rectangle with an ink outline when the colour needs one. */
void ec_chart_swatch(ec_scene *s, double x, double y, double w, double h, ec_color c);
/** "title (unit)" or "title" (caller frees); NULL when title is NULL. */
char *ec_axis_title(const char *title, const char *unit);
/** Widest of n strings at size (0 for none). */
double ec_max_width(const char *const *v, size_t n, double size, int bold);
/** Height of one text line at size (ascent + descent). */
double ec_line_height(double size);

/* A numeric axis: linear or decades. */
typedef struct ec_axis {
  double lo, hi;   /* after rounding to ticks */
  int log;
  double step, first;
  size_t nticks;
  double ticks[64];
} ec_axis;

/** Pick ticks for data range [lo,hi]: linear ones at a nice step, about
 *  target of them; log ones at decades (lo, hi > 0). */
void ec_axis_init(ec_axis *a, double lo, double hi, int log, int target);
/** Map v to [p0,p1] (p0 at lo). */
double ec_axis_map(const ec_axis *a, double v, double p0, double p1);
/** Label of tick value v ("1,000", "0.25", "1e-3" for log axes). */
void ec_axis_fmt(const ec_axis *a, double v, char *buf, size_t cap);
/** Widest tick label at size. */
double ec_axis_label_width(const ec_axis *a, double size);

/** Draw a horizontal value axis below the plot [x0,x1] at baseline y:
 *  gridlines from gy0 to gy1, tick labels, and the title under them.
 *  Returns the height used below y. */
double ec_axis_draw_x(ec_scene *s, const ec_axis *a, double x0, double x1, double y, double gy0,
                      double gy1, const char *title);
/** Draw a vertical value axis left of x (plot rows [y0,y1] top..bottom):
 *  gridlines to gx1, tick labels right-aligned at x-3, and the title rotated
 *  at title_x. */
void ec_axis_draw_y(ec_scene *s, const ec_axis *a, double x, double gx1, double y0, double y1,
                    const char *title, double title_x);
/** Height needed by ec_axis_draw_x with/without a title. */
double ec_axis_x_height(int has_title);
/** Fit ticks on an axis of length len: lower the tick count until labels
 *  (horizontal: widths, vertical: line heights) have room. */
void ec_axis_fit(ec_axis *a, double lo, double hi, int log, double len, int horizontal);

#endif
