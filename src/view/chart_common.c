/* chart_common — see chart_common.h. */
#include "view/chart_common.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/alloc.h"
#include "util/buf.h"
#include "view/colors.h"
#include "draw/text.h"
#include "words/words.h"

#define S_SWATCH 8.0
#define S_LEGEND_MAX_LABEL 170.0
#define S_LEGEND_GAP 10.0
/* Gap between a horizontal axis and its tick labels: clears the lowest y
 * tick label, which is centred on the axis line. */
#define S_XGAP 5.5

/* ---- numbers ---- */

double ec_nice_step(double lo, double hi, int target, double *first) {
  if (target < 1) target = 1;
  double span = hi - lo;
  if (!(span > 0) || !isfinite(span)) span = fabs(hi) > 0 ? fabs(hi) : 1;
  double raw = span / target;
  double mag = pow(10, floor(log10(raw)));
  double norm = raw / mag, m;
  if (norm < 1.5) m = 1;
  else if (norm < 2.25) m = 2;
  else if (norm < 3.5) m = 2.5;
  else if (norm < 7.5) m = 5;
  else m = 10;
  double step = m * mag;
  if (first) *first = ceil(lo / step - 1e-9) * step;
  return step;
}

/* ---- text helpers ---- */

double ec_line_height(double size) {
  ec_text_metrics m = ec_text_measure("Ag", 2, size, 0);
  return m.ascent + m.descent;
}

double ec_max_width(const char *const *v, size_t n, double size, int bold) {
  double w = 0;
  for (size_t i = 0; i < n; i++)
    if (v[i]) w = fmax(w, ec_text_width(v[i], size, bold));
  return w;
}

char *ec_axis_title(const char *title, const char *unit) {
  if (!title) return NULL;
  if (unit && *unit) return ec_asprintf("%s (%s)", title, unit);
  return ec_strdup(title);
}

void ec_chart_swatch(ec_scene *s, double x, double y, double w, double h, ec_color c) {
  if (ec_palette_needs_outline(c))
    ec_scene_rect(s, x, y, w, h, c, ec_ink(0.55), 0.5);
  else
    ec_scene_rect(s, x, y, w, h, c, ec_nocolor(), 0);
}

/* ---- figure ---- */

ec_scene *ec_chart_start(const ec_chart_frame *f, double w, double h, double *top) {
  ec_scene *s = ec_scene_new(w, h, f->id, f->title, f->desc);
  double y = EC_PAD;
  if (f->title && *f->title) {
    ec_text_metrics m = ec_text_measure("Ag", 2, EC_FS_TITLE, 1);
    ec_scene_text(s, EC_PAD, y + m.ascent, f->title, strlen(f->title), EC_FS_TITLE, 1,
                  EC_ANCHOR_START, 0, w - 2 * EC_PAD, ec_ink(1));
    y += m.ascent + m.descent + 4;
  }
  *top = y;
  return s;
}

void ec_chart_note(ec_scene *s, const char *sentence) {
  char *d = s->desc && *s->desc ? ec_asprintf("%s %s", s->desc, sentence) : ec_strdup(sentence);
  ec_scene_set_desc(s, d);
  free(d);
}

/* ---- legend ---- */

void ec_legend_add(ec_legend *l, const char *label, ec_color c) {
  ec_legend_item *it = EC_PUSH(l->v, l->n, l->cap);
  it->label = ec_strdup(label ? label : "");
  it->color = c;
}

void ec_legend_free(ec_legend *l) {
  for (size_t i = 0; i < l->n; i++) free(l->v[i].label);
  free(l->v);
  l->v = NULL;
  l->n = l->cap = 0;
}

static double S_item_width(const ec_legend_item *it) {
  double tw = fmin(ec_text_width(it->label, EC_FS_LABEL, it->color.kind == EC_COL_NONE),
                   S_LEGEND_MAX_LABEL);
  return (it->color.kind == EC_COL_NONE ? 0 : S_SWATCH + 3) + tw;
}

/* Flow items into rows; calls draw when s != NULL. Returns the height. */
static double S_legend_flow(ec_scene *s, const ec_legend *l, double x, double y, double w) {
  if (l->n == 0) return 0;
  double lh = ec_line_height(EC_FS_LABEL) + 2;
  ec_text_metrics m = ec_text_measure("Ag", 2, EC_FS_LABEL, 0);
  double cx = x, cy = y;
  for (size_t i = 0; i < l->n; i++) {
    const ec_legend_item *it = &l->v[i];
    double iw = fmin(S_item_width(it), w);
    if (cx > x && cx + iw > x + w) {
      cx = x;
      cy += lh;
    }
    if (s) {
      double tx = cx;
      int bold = it->color.kind == EC_COL_NONE;
      if (!bold) {
        ec_chart_swatch(s, cx, cy + (lh - 2 - S_SWATCH) / 2, S_SWATCH, S_SWATCH, it->color);
        tx += S_SWATCH + 3;
      }
      ec_scene_text(s, tx, cy + m.ascent, it->label, strlen(it->label), EC_FS_LABEL, bold,
                    EC_ANCHOR_START, 0, fmin(S_LEGEND_MAX_LABEL, x + w - tx), ec_ink(1));
    }
    cx += iw + S_LEGEND_GAP;
  }
  return cy + lh - y;
}

double ec_legend_height(const ec_legend *l, double w) { return S_legend_flow(NULL, l, 0, 0, w); }

void ec_legend_draw(ec_scene *s, const ec_legend *l, double x, double y, double w) {
  if (l->n == 0) return;
  ec_scene_group(s, "legend", NULL, NULL, "ec-legend");
  S_legend_flow(s, l, x, y, w);
  ec_scene_end(s);
}

/* ---- axes ---- */

void ec_axis_init(ec_axis *a, double lo, double hi, int log, int target) {
  memset(a, 0, sizeof *a);
  a->log = log;
  if (!isfinite(lo) || !isfinite(hi)) lo = 0, hi = 1;
  if (log) {
    if (!(lo > 0)) lo = hi > 0 ? hi / 10 : 1;
    if (!(hi > lo)) hi = lo * 10;
    double e0 = floor(log10(lo) + 1e-9), e1 = ceil(log10(hi) - 1e-9);
    if (e1 <= e0) e1 = e0 + 1;
    int every = (int)ceil((e1 - e0) / (target > 1 ? target : 1));
    if (every < 1) every = 1;
    e0 = floor(e0 / every) * every;
    e1 = ceil(e1 / every) * every;
    a->lo = pow(10, e0);
    a->hi = pow(10, e1);
    a->step = every;
    for (double e = e0; e <= e1 + 1e-9 && a->nticks < 64; e += every)
      a->ticks[a->nticks++] = pow(10, e);
    return;
  }
  if (hi < lo) { double t = lo; lo = hi; hi = t; }
  if (hi == lo) {
    if (hi == 0) hi = 1;
    else if (hi > 0) lo = 0;
    else hi = 0;
  }
  double first;
  double step = ec_nice_step(lo, hi, target, &first);
  a->step = step;
  a->lo = floor(lo / step + 1e-9) * step;
  a->hi = ceil(hi / step - 1e-9) * step;
  if (a->hi <= a->lo) a->hi = a->lo + step;
  for (double v = a->lo; v <= a->hi + step * 1e-6 && a->nticks < 64; v += step)
    a->ticks[a->nticks++] = fabs(v) < step * 1e-9 ? 0 : v;
}

double ec_axis_map(const ec_axis *a, double v, double p0, double p1) {
  double t;
  if (a->log) {
    if (!(v > 0)) v = a->lo;
    t = (log10(v) - log10(a->lo)) / (log10(a->hi) - log10(a->lo));
  } else {
    t = (v - a->lo) / (a->hi - a->lo);
  }
  return p0 + t * (p1 - p0);
}

void ec_axis_fmt(const ec_axis *a, double v, char *buf, size_t cap) {
  if (a->log) {
    int e = (int)lround(log10(v));
    if (e >= 0 && e <= 4) ec_fmt_tick(buf, cap, v, 1); /* a power of ten, whole, with thousands separators */
    else if (e < 0 && e >= -3) ec_fmt_tick(buf, cap, v, pow(10, e)); /* 0.01: as many decimals as the power */
    else snprintf(buf, cap, "1e%d", e);
    return;
  }
  ec_fmt_tick(buf, cap, v, a->step);
}

double ec_axis_label_width(const ec_axis *a, double size) {
  double w = 0;
  char buf[64];
  for (size_t i = 0; i < a->nticks; i++) {
    ec_axis_fmt(a, a->ticks[i], buf, sizeof buf);
    w = fmax(w, ec_text_width(buf, size, 0));
  }
  return w;
}

void ec_axis_fit(ec_axis *a, double lo, double hi, int log, double len, int horizontal) {
  double lh = ec_line_height(EC_FS_TICK);
  for (int target = 8; target >= 1; target--) {
    ec_axis_init(a, lo, hi, log, target);
    if (a->nticks < 2) return;
    double gap = len / (double)(a->nticks - 1);
    double need = horizontal ? ec_axis_label_width(a, EC_FS_TICK) + 8 : lh * 1.8;
    if (gap >= need) return;
  }
}

double ec_axis_x_height(int has_title) {
  double h = S_XGAP + ec_line_height(EC_FS_TICK) + 2;
  if (has_title) h += ec_line_height(EC_FS_AXIS) + 2;
  return h;
}

double ec_axis_draw_x(ec_scene *s, const ec_axis *a, double x0, double x1, double y, double gy0,
                      double gy1, const char *title) {
  ec_text_metrics m = ec_text_measure("Ag", 2, EC_FS_TICK, 0);
  char buf[64];
  ec_scene_group(s, "xaxis", NULL, NULL, "ec-axis");
  for (size_t i = 0; i < a->nticks; i++) {
    double x = ec_axis_map(a, a->ticks[i], x0, x1);
    ec_scene_line(s, x, gy0, x, gy1, ec_ink(0.15), 0.5);
    ec_axis_fmt(a, a->ticks[i], buf, sizeof buf);
    double w = ec_text_width(buf, EC_FS_TICK, 0);
    ec_anchor an = EC_ANCHOR_MIDDLE;
    double tx = x;
    if (x + w / 2 > s->width - 1) { an = EC_ANCHOR_END; tx = s->width - 1; }
    if (x - w / 2 < 1) { an = EC_ANCHOR_START; tx = 1; }
    ec_scene_text(s, tx, y + S_XGAP + m.ascent, buf, strlen(buf), EC_FS_TICK, 0, an, 0, 0,
                  ec_ink(1));
  }
  ec_scene_line(s, x0, y, x1, y, ec_ink(0.6), 0.75);
  double used = S_XGAP + m.ascent + m.descent + 2;
  if (title) {
    ec_text_metrics t = ec_text_measure("Ag", 2, EC_FS_AXIS, 0);
    ec_scene_text(s, (x0 + x1) / 2, y + used + t.ascent, title, strlen(title), EC_FS_AXIS, 0,
                  EC_ANCHOR_MIDDLE, 0, x1 - x0, ec_ink(1));
    used += t.ascent + t.descent + 2;
  }
  ec_scene_end(s);
  return used;
}

void ec_axis_draw_y(ec_scene *s, const ec_axis *a, double x, double gx1, double y0, double y1,
                    const char *title, double title_x) {
  ec_text_metrics m = ec_text_measure("Ag", 2, EC_FS_TICK, 0);
  char buf[64];
  ec_scene_group(s, "yaxis", NULL, NULL, "ec-axis");
  for (size_t i = 0; i < a->nticks; i++) {
    double y = ec_axis_map(a, a->ticks[i], y1, y0);
    ec_scene_line(s, x, y, gx1, y, ec_ink(0.15), 0.5);
    ec_axis_fmt(a, a->ticks[i], buf, sizeof buf);
    double ty = y + (m.ascent - m.descent) / 2;
    if (ty - m.ascent < 1) ty = 1 + m.ascent;
    ec_scene_text(s, x - 3, ty, buf, strlen(buf), EC_FS_TICK, 0, EC_ANCHOR_END, 0, 0,
                  ec_ink(1));
  }
  ec_scene_line(s, x, y0, x, y1, ec_ink(0.6), 0.75);
  if (title) {
    ec_text_metrics t = ec_text_measure("Ag", 2, EC_FS_AXIS, 0);
    /* Rotated -90: the baseline runs upward; centre the glyphs on title_x. */
    ec_scene_text(s, title_x + t.ascent, (y0 + y1) / 2, title, strlen(title), EC_FS_AXIS, 0,
                  EC_ANCHOR_MIDDLE, -90, y1 - y0, ec_ink(1));
  }
  ec_scene_end(s);
}
