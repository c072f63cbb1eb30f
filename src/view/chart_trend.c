/* chart_trend — a series over nights and a stacked history. See
 * chart_trend.h. */
#include "view/chart_trend.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/alloc.h"
#include "util/buf.h"
#include "view/chart_common.h"
#include "view/colors.h"
#include "draw/text.h"
#include "words/words.h"

#define S_LABEL_MAX 80.0   /* a night label is cut to this width */
#define S_LABEL_SAMPLE 200 /* labels measured to pick the step */
#define S_MAX_TIPS 500     /* per-point tooltips up to this many nights */
#define S_MARKERS_MIN_CW 2.5 /* markers when a night's column is at least this wide */
#define S_XGAP 5.5         /* as chart_common's horizontal axis */
#define S_OUTLIER 0xd55e00 /* Okabe-Ito vermillion */

/* The nights' horizontal axis: night i at the middle of column i. */
typedef struct S_nights {
  double x0, x1, cw;
  size_t n, step;
} S_nights;

static double S_nx(const S_nights *a, double i) { return a->x0 + (i + 0.5) * a->cw; }

static void S_nights_init(S_nights *a, double x0, double x1, const char *const *labels, size_t n) {
  a->x0 = x0;
  a->x1 = x1;
  a->n = n;
  a->cw = n ? (x1 - x0) / (double)n : x1 - x0;
  double wmax = 0;
  size_t stride = n > S_LABEL_SAMPLE ? n / S_LABEL_SAMPLE : 1;
  for (size_t i = 0; i < n; i += stride)
    if (labels[i]) wmax = fmax(wmax, ec_text_width(labels[i], EC_FS_TICK, 0));
  wmax = fmin(wmax, S_LABEL_MAX) + 8;
  static const size_t steps[] = {1, 2, 5};
  size_t mag = 1;
  for (;;) {
    for (size_t k = 0; k < 3; k++) {
      a->step = steps[k] * mag;
      if ((double)a->step * a->cw >= wmax || a->step >= n) return;
    }
    mag *= 10;
  }
}

static double S_nights_height(int has_title) {
  double h = S_XGAP + ec_line_height(EC_FS_TICK) + 2;
  if (has_title) h += ec_line_height(EC_FS_AXIS) + 2;
  return h;
}

/* Tick labels every step nights below y, light gridlines from gy0 to gy1,
 * the axis line and its title. */
static void S_nights_draw(ec_scene *s, const S_nights *a, const char *const *labels, double y, double gy0, double gy1,
                          const char *title) {
  ec_text_metrics m = ec_text_measure("Ag", 2, EC_FS_TICK, 0);
  ec_scene_group(s, "xaxis", NULL, NULL, "ec-axis");
  double room = (double)a->step * a->cw - 6;
  for (size_t i = 0; i < a->n; i += a->step) {
    double x = S_nx(a, (double)i);
    ec_scene_line(s, x, gy0, x, gy1, ec_ink(0.12), 0.5);
    const char *l = labels[i] ? labels[i] : "";
    double w = fmin(ec_text_width(l, EC_FS_TICK, 0), fmin(room, S_LABEL_MAX));
    ec_anchor an = EC_ANCHOR_MIDDLE;
    double tx = x;
    if (x + w / 2 > s->width - 1) an = EC_ANCHOR_END, tx = s->width - 1;
    if (x - w / 2 < 1) an = EC_ANCHOR_START, tx = 1;
    ec_scene_text(s, tx, y + S_XGAP + m.ascent, l, strlen(l), EC_FS_TICK, 0, an, 0, fmin(room, S_LABEL_MAX), ec_ink(1));
  }
  ec_scene_line(s, a->x0, y, a->x1, y, ec_ink(0.6), 0.75);
  if (title) {
    ec_text_metrics t = ec_text_measure("Ag", 2, EC_FS_AXIS, 0);
    double used = S_XGAP + m.ascent + m.descent + 2;
    ec_scene_text(s, (a->x0 + a->x1) / 2, y + used + t.ascent, title, strlen(title), EC_FS_AXIS, 0, EC_ANCHOR_MIDDLE, 0,
                  a->x1 - a->x0, ec_ink(1));
  }
  ec_scene_end(s);
}

/* Vertical rules at the change points (between night k-1 and night k),
 * from top to y1; labels (the night names) in the strip above y0 when they
 * fit between their neighbours. Returns how many labels were left out. */
static size_t S_marks(ec_scene *s, const S_nights *a, const size_t *marks, size_t nm, const char *const *labels,
                      const char *const *tips, double top, double y0, double y1) {
  ec_text_metrics m = ec_text_measure("Ag", 2, EC_FS_TICK, 0);
  size_t unlabelled = 0;
  ec_scene_group(s, "changes", NULL, NULL, "ec-changes");
  for (size_t k = 0; k < nm; k++) {
    double x = a->x0 + (double)marks[k] * a->cw;
    char id[32];
    snprintf(id, sizeof id, "cp-%zu", k);
    ec_scene_group(s, id, tips ? tips[k] : NULL, NULL, NULL);
    ec_scene_line(s, x, top + m.ascent + m.descent + 1, x, y1, ec_ink(0.75), 1);
    double left = k ? x - (a->x0 + (double)marks[k - 1] * a->cw) : x - 1;
    double right = k + 1 < nm ? a->x0 + (double)marks[k + 1] * a->cw - x : s->width - 1 - x;
    double room = 2 * fmin(left, right) - 4;
    const char *l = labels[marks[k]] ? labels[marks[k]] : "";
    if (room >= 14) ec_scene_text(s, x, top + m.ascent, l, strlen(l), EC_FS_TICK, 1, EC_ANCHOR_MIDDLE, 0, room, ec_ink(1));
    else unlabelled++;
    ec_scene_end(s);
  }
  ec_scene_end(s);
  (void)y0;
  return unlabelled;
}

static void S_ring(ec_scene *s, double x, double y, double r, ec_color c) {
  ec_seg g[2] = {{EC_SEG_ARC, x, y, r, 0, 2 * M_PI}, {EC_SEG_CLOSE, 0, 0, 0, 0, 0}};
  ec_scene_path(s, g, 2, ec_nocolor(), c, 1.2);
}

static void S_square(ec_seg **v, size_t *n, size_t *cap, double x, double y, double r) {
  ec_seg *g;
  g = EC_PUSH(*v, *n, *cap), *g = (ec_seg){EC_SEG_MOVE, x - r, y - r, 0, 0, 0};
  g = EC_PUSH(*v, *n, *cap), *g = (ec_seg){EC_SEG_LINE, x + r, y - r, 0, 0, 0};
  g = EC_PUSH(*v, *n, *cap), *g = (ec_seg){EC_SEG_LINE, x + r, y + r, 0, 0, 0};
  g = EC_PUSH(*v, *n, *cap), *g = (ec_seg){EC_SEG_LINE, x - r, y + r, 0, 0, 0};
  g = EC_PUSH(*v, *n, *cap), *g = (ec_seg){EC_SEG_CLOSE, 0, 0, 0, 0, 0};
}

/* A triangle at the plot's edge for a value beyond the axis (up: above). */
static void S_edge(ec_scene *s, double x, double y, int up, ec_color c) {
  double d = up ? -1 : 1;
  ec_seg g[4] = {{EC_SEG_MOVE, x, y + 4 * d, 0, 0, 0},
                 {EC_SEG_LINE, x - 3.5, y - 2 * d, 0, 0, 0},
                 {EC_SEG_LINE, x + 3.5, y - 2 * d, 0, 0, 0},
                 {EC_SEG_CLOSE, 0, 0, 0, 0, 0}};
  ec_scene_path(s, g, 4, c, ec_nocolor(), 0);
}

/* The frame both kinds share: title, legend, a strip for the change
 * points' labels, a value axis on the left (lo..hi) and the nights below. */
typedef struct S_frame {
  ec_scene *s;
  double top, y0, y1;
  ec_axis ay;
  S_nights na;
} S_frame;

static void S_frame_make(S_frame *fr, const ec_chart_frame *f, const ec_legend *leg, int marks, double lo, double hi,
                         const char *y_axis, const char *y_unit, int x_title, const char *const *labels, size_t n) {
  double W = f->width > 0 ? f->width : 640, H = f->height > 0 ? f->height : 260;
  fr->s = ec_chart_start(f, W, H, &fr->top);
  double leg_h = ec_legend_height(leg, W - 2 * EC_PAD);
  if (leg_h > 0) {
    ec_legend_draw(fr->s, leg, EC_PAD, fr->top, W - 2 * EC_PAD);
    fr->top += leg_h + 4;
  }
  double strip = marks ? ec_line_height(EC_FS_TICK) + 3 : 0;
  fr->y0 = fr->top + strip + 4;
  fr->y1 = H - EC_PAD - S_nights_height(x_title);
  char *yt = ec_axis_title(y_axis, y_unit);
  ec_axis_fit(&fr->ay, lo, hi, 0, fr->y1 - fr->y0, 0);
  double ytw = ec_axis_label_width(&fr->ay, EC_FS_TICK);
  double x0 = EC_PAD + (yt ? ec_line_height(EC_FS_AXIS) + 4 : 0) + ytw + 4, x1 = W - EC_PAD - 4;
  S_nights_init(&fr->na, x0, x1, labels, n);
  ec_axis_draw_y(fr->s, &fr->ay, x0, x1, fr->y0, fr->y1, yt, EC_PAD);
  free(yt);
}

ec_scene *ec_chart_series(const ec_series_spec *sp) {
  ec_color col = sp->color.kind == EC_COL_NONE ? ec_colors_engine(0) : sp->color;
  /* the engine's colour marks its nights and levels; what must read on a
   * light and a dark page alike (the band, the line joining the nights,
   * the levels' edge) is drawn in ink */
  ec_color band = ec_ink(0.10), joint = ec_ink(0.45), edge = ec_ink(0.55);
  ec_color ocol = ec_rgb(S_OUTLIER);
  /* the y range: bands and nights that are not outliers */
  double lo = INFINITY, hi = -INFINITY;
  size_t outliers = 0;
  for (size_t k = 0; k < sp->n_levels; k++) {
    if (!isfinite(sp->level[k])) continue;
    double b = sp->band > 0 ? sp->band : 0;
    lo = fmin(lo, sp->level[k] * exp(-b));
    hi = fmax(hi, sp->level[k] * exp(b));
  }
  for (size_t i = 0; i < sp->n; i++) {
    if (!isfinite(sp->y[i])) continue;
    if (sp->outlier && sp->outlier[i]) {
      outliers++;
      continue;
    }
    lo = fmin(lo, sp->y[i]);
    hi = fmax(hi, sp->y[i]);
  }
  if (!isfinite(lo)) lo = 0, hi = 1;
  if (hi > lo) {
    double pad = (hi - lo) * 0.04;
    lo -= pad;
    hi += pad;
  }
  ec_legend leg = {0};
  ec_legend_add(&leg, sp->name ? sp->name : "value", col);
  if (sp->band > 0 && sp->n_levels) ec_legend_add(&leg, sp->band_label ? sp->band_label : "noise band", band);
  if (outliers) ec_legend_add(&leg, "outlier, its pull capped", ocol);
  if (sp->n_marks) ec_legend_add(&leg, "change point: a new level", ec_ink(0.75));
  S_frame fr;
  S_frame_make(&fr, &sp->f, &leg, sp->n_marks > 0, lo, hi, sp->y_axis, sp->y_unit, sp->x_axis != NULL, sp->labels, sp->n);
  ec_scene *s = fr.s;
  double top = fr.top, y0 = fr.y0, y1 = fr.y1, x0 = fr.na.x0;
  ec_axis ay = fr.ay;
  S_nights na = fr.na;
#define S_PY(v) ec_axis_map(&ay, (v), y1, y0)
  /* bands and levels */
  ec_scene_group(s, "levels", NULL, NULL, "ec-levels");
  for (size_t k = 0; k < sp->n_levels; k++) {
    if (!isfinite(sp->level[k])) continue;
    double a = x0 + (double)sp->level_first[k] * na.cw, b = x0 + (double)(sp->level_last[k] + 1) * na.cw;
    if (sp->band > 0) {
      double t = fmax(S_PY(sp->level[k] * exp(sp->band)), y0), u = fmin(S_PY(sp->level[k] * exp(-sp->band)), y1);
      if (u > t) ec_scene_rect(s, a, t, b - a, u - t, band, ec_nocolor(), 0);
    }
    double ly = S_PY(sp->level[k]);
    if (ly >= y0 && ly <= y1) {
      ec_scene_line(s, a, ly, b, ly, edge, 3.0);
      ec_scene_line(s, a, ly, b, ly, col, 1.8);
    }
  }
  ec_scene_end(s);
  /* the nights */
  ec_scene_group(s, "series", sp->name, NULL, "ec-series");
  ec_seg *line = NULL, *pts = NULL;
  size_t nl = 0, capl = 0, np = 0, capp = 0, beyond = 0;
  int markers = na.cw >= S_MARKERS_MIN_CW, tips = sp->tips && sp->n <= S_MAX_TIPS;
  for (size_t i = 0; i < sp->n; i++) {
    double v = sp->y[i];
    if (!isfinite(v)) {
      if (nl > 1) ec_scene_path(s, line, nl, ec_nocolor(), joint, 0.9);
      nl = 0;
      continue;
    }
    double px = S_nx(&na, (double)i), py = fmin(fmax(S_PY(v), y0), y1);
    ec_seg *g = EC_PUSH(line, nl, capl);
    *g = (ec_seg){nl == 1 ? EC_SEG_MOVE : EC_SEG_LINE, px, py, 0, 0, 0};
    int out = sp->outlier && sp->outlier[i];
    if (markers && !tips && !out) S_square(&pts, &np, &capp, px, py, 1.3);
  }
  if (nl > 1) ec_scene_path(s, line, nl, ec_nocolor(), joint, 0.9);
  if (np) ec_scene_path(s, pts, np, col, edge, 0.4);
  free(line);
  free(pts);
  for (size_t i = 0; i < sp->n; i++) {
    double v = sp->y[i];
    int out = sp->outlier && sp->outlier[i];
    if (!isfinite(v) || (!out && !(markers && tips))) continue;
    double px = S_nx(&na, (double)i), py = S_PY(v);
    char id[32];
    snprintf(id, sizeof id, "n-%zu", i);
    ec_scene_group(s, id, tips || out ? (sp->tips ? sp->tips[i] : sp->labels[i]) : NULL, NULL, NULL);
    if (py < y0 || py > y1) {
      beyond++;
      S_edge(s, px, py < y0 ? y0 + 4 : y1 - 4, py < y0, ocol);
    } else if (out) {
      S_ring(s, px, py, 3, ocol);
    } else {
      ec_seg *m = NULL;
      size_t nm = 0, capm = 0;
      S_square(&m, &nm, &capm, px, py, 1.8);
      ec_scene_path(s, m, nm, col, edge, 0.4);
      free(m);
    }
    ec_scene_end(s);
  }
  ec_scene_end(s);
#undef S_PY
  size_t unlabelled = S_marks(s, &na, sp->marks, sp->n_marks, sp->labels, sp->mark_tips, top, y0, y1);
  S_nights_draw(s, &na, sp->labels, y1, y0, y1, sp->x_axis);
  ec_buf d = {0};
  ec_buf_printf(&d, "%zu %s", sp->n, ec_plural(sp->n, "night", "nights"));
  if (na.step > 1) ec_buf_printf(&d, ", every %zu%s labelled", na.step, na.step == 2 ? "nd" : "th");
  ec_buf_printf(&d, "; %zu change point%s", sp->n_marks, ec_plural(sp->n_marks, "", "s"));
  if (unlabelled) ec_buf_printf(&d, " (%zu too close to name, see the table)", unlabelled);
  if (outliers) ec_buf_printf(&d, "; %zu outlier%s", outliers, ec_plural(outliers, "", "s"));
  if (beyond) ec_buf_printf(&d, ", %zu beyond the axis drawn at its edge", beyond);
  if (!markers) ec_buf_puts(&d, "; too many nights for markers: a line only");
  ec_buf_putc(&d, '.');
  ec_chart_note(s, d.data);
  ec_buf_free(&d);
  ec_legend_free(&leg);
  return s;
}

ec_scene *ec_chart_history(const ec_history_spec *sp) {
  size_t n = sp->n, ns = sp->n_series;
  /* cumulative tops per night; a night with an unknown value is a gap */
  double *cum = ec_calloc((ns + 1) * (n ? n : 1), sizeof *cum);
  unsigned char *known = ec_calloc(n ? n : 1, 1);
  double hi = 0;
  size_t gaps = 0;
  for (size_t i = 0; i < n; i++) {
    known[i] = ns > 0;
    for (size_t k = 0; k < ns; k++) known[i] &= isfinite(sp->values[k * n + i]) != 0;
    if (!known[i]) {
      gaps++;
      continue;
    }
    for (size_t k = 0; k < ns; k++) cum[(k + 1) * n + i] = cum[k * n + i] + fmax(sp->values[k * n + i], 0);
    hi = fmax(hi, cum[ns * n + i]);
  }
  ec_legend leg = {0};
  for (size_t k = ns; k-- > 0;) ec_legend_add(&leg, sp->series[k], sp->colors[k]); /* top of the stack first */
  S_frame fr;
  S_frame_make(&fr, &sp->f, &leg, sp->n_marks > 0, 0, hi > 0 ? hi * 1.04 : 1, sp->y_axis, sp->y_unit, sp->x_axis != NULL,
               sp->labels, n);
  ec_scene *s = fr.s;
  double top = fr.top, y0 = fr.y0, y1 = fr.y1;
  ec_axis ay = fr.ay;
  S_nights na = fr.na;
  ec_scene_group(s, "areas", NULL, NULL, "ec-areas");
  for (size_t k = 0; k < ns; k++) {
    char id[32];
    snprintf(id, sizeof id, "s-%zu", k);
    ec_scene_group(s, id, sp->series[k], NULL, NULL);
    ec_seg *v = NULL;
    size_t nv = 0, cap = 0;
    /* one polygon per run of known nights: the top edge left to right,
     * the bottom edge back; a run of one night is a column */
    for (size_t i = 0; i < n;) {
      if (!known[i]) {
        i++;
        continue;
      }
      size_t j = i;
      while (j + 1 < n && known[j + 1]) j++;
      double half = i == j ? na.cw * 0.4 : 0;
      for (size_t q = i; q <= j; q++) {
        double px = S_nx(&na, (double)q), py = ec_axis_map(&ay, cum[(k + 1) * n + q], y1, y0);
        ec_seg *g = EC_PUSH(v, nv, cap);
        *g = (ec_seg){q == i ? EC_SEG_MOVE : EC_SEG_LINE, px - half, py, 0, 0, 0};
        if (half > 0) g = EC_PUSH(v, nv, cap), *g = (ec_seg){EC_SEG_LINE, px + half, py, 0, 0, 0};
      }
      for (size_t q = j + 1; q-- > i;) {
        double px = S_nx(&na, (double)q), py = ec_axis_map(&ay, cum[k * n + q], y1, y0);
        ec_seg *g = EC_PUSH(v, nv, cap);
        *g = (ec_seg){EC_SEG_LINE, px + half, py, 0, 0, 0};
        if (half > 0) g = EC_PUSH(v, nv, cap), *g = (ec_seg){EC_SEG_LINE, px - half, py, 0, 0, 0};
      }
      ec_seg *g = EC_PUSH(v, nv, cap);
      *g = (ec_seg){EC_SEG_CLOSE, 0, 0, 0, 0, 0};
      i = j + 1;
    }
    if (nv) ec_scene_path(s, v, nv, sp->colors[k], ec_ink(0.35), 0.3);
    free(v);
    ec_scene_end(s);
  }
  ec_scene_end(s);
  S_marks(s, &na, sp->marks, sp->n_marks, sp->labels, NULL, top, y0, y1);
  S_nights_draw(s, &na, sp->labels, y1, y0, y1, sp->x_axis);
  ec_buf d = {0};
  ec_buf_printf(&d, "%zu %s, %zu series stacked", n, ec_plural(n, "night", "nights"), ns);
  if (gaps) ec_buf_printf(&d, "; %zu night%s without per-type latencies left blank", gaps, ec_plural(gaps, "", "s"));
  ec_buf_putc(&d, '.');
  ec_chart_note(s, d.data);
  ec_buf_free(&d);
  free(cum);
  free(known);
  ec_legend_free(&leg);
  return s;
}
