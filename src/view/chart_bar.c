/* chart_bar — vertical/horizontal, simple/grouped/stacked bar charts.
 * See chart.h. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/alloc.h"
#include "util/buf.h"
#include "view/chart.h"
#include "view/chart_common.h"
#include "view/colors.h"
#include "draw/text.h"

#define S_DEFAULT_W 480.0
#define S_DEFAULT_H 300.0
#define S_BAR_COLOR 0x4682B4

/* The categories after folding. */
typedef struct S_cats {
  size_t n, ns;       /* categories, series */
  char **labels;      /* owned */
  char **tips;        /* owned, may hold NULLs */
  const char **links; /* borrowed, may hold NULLs */
  const char **keys;  /* borrowed, NULL for "rest" */
  const char **marks; /* borrowed, NULL for "rest" or none */
  double *cv;         /* continuous colour values (NAN for rest) */
  double *v;          /* v[s * n + i] */
  int has_rest;
  int cut;            /* the rest bar is longer than the axis (drawn broken) */
} S_cats;

static double S_val(double v) { return isfinite(v) ? v : 0; }

static void S_fold(const ec_bar_spec *sp, S_cats *c, ec_scene *note_to, char **note) {
  size_t max = sp->max_bars ? sp->max_bars : 40;
  if (max < 2) max = 2;
  size_t ns = sp->mode == EC_BARS_SIMPLE ? 1 : (sp->n_series ? sp->n_series : 1);
  size_t shown = sp->n, rest = 0;
  if (sp->n > max) {
    shown = max - 1;
    rest = sp->n - shown;
  }
  c->n = shown + (rest ? 1 : 0);
  c->ns = ns;
  c->has_rest = rest > 0;
  c->cut = 0; /* set by S_extent */
  c->labels = ec_calloc(c->n ? c->n : 1, sizeof *c->labels);
  c->tips = ec_calloc(c->n ? c->n : 1, sizeof *c->tips);
  c->links = ec_calloc(c->n ? c->n : 1, sizeof *c->links);
  c->keys = ec_calloc(c->n ? c->n : 1, sizeof *c->keys);
  c->marks = ec_calloc(c->n ? c->n : 1, sizeof *c->marks);
  c->cv = ec_calloc(c->n ? c->n : 1, sizeof *c->cv);
  c->v = ec_calloc(c->n * ns + 1, sizeof *c->v);
  for (size_t i = 0; i < shown; i++) {
    c->labels[i] = ec_strdup(sp->labels && sp->labels[i] ? sp->labels[i] : "");
    c->tips[i] = sp->tips && sp->tips[i] ? ec_strdup(sp->tips[i]) : NULL;
    c->links[i] = sp->links ? sp->links[i] : NULL;
    c->keys[i] = sp->keys ? sp->keys[i] : NULL;
    c->marks[i] = sp->marks && sp->mode == EC_BARS_SIMPLE ? sp->marks[i] : NULL;
    c->cv[i] = sp->cvalues ? sp->cvalues[i] : NAN;
    for (size_t s = 0; s < ns; s++) c->v[s * c->n + i] = S_val(sp->values[s * sp->n + i]);
  }
  *note = NULL;
  if (rest) {
    const char *noun = sp->rest_noun ? sp->rest_noun : "items";
    char cnt[32];
    ec_fmt_tick(cnt, sizeof cnt, (double)rest, 1);
    c->labels[shown] = ec_asprintf("rest (%s %s)", cnt, noun);
    double tot = 0;
    for (size_t s = 0; s < ns; s++) {
      double sum = 0;
      for (size_t i = shown; i < sp->n; i++) sum += S_val(sp->values[s * sp->n + i]);
      c->v[s * c->n + shown] = sum;
      tot += sum;
    }
    char tv[32];
    ec_fmt_value(tv, sizeof tv, tot);
    c->tips[shown] = ec_asprintf("%s more %s, %s %s in total", cnt, noun, tv,
                                 sp->unit ? sp->unit : "");
    c->cv[shown] = NAN;
    *note = ec_asprintf("Shows the first %zu of %zu %s; the other %s are summed in the last "
                        "bar, \"rest\".",
                        shown, sp->n, noun, cnt);
  }
  (void)note_to;
}

static void S_cats_free(S_cats *c) {
  for (size_t i = 0; i < c->n; i++) {
    free(c->labels[i]);
    free(c->tips[i]);
  }
  free(c->labels);
  free(c->tips);
  free(c->links);
  free(c->keys);
  free(c->marks);
  free(c->cv);
  free(c->v);
}

/* Colours: per category (SIMPLE) in cc[], per series in sc[]; legend. */
static void S_colors(const ec_bar_spec *sp, const S_cats *c, ec_color *cc, ec_color *sc,
                     ec_legend *leg, double *cmin, double *cmax) {
  *cmin = INFINITY;
  *cmax = -INFINITY;
  if (sp->mode != EC_BARS_SIMPLE) {
    for (size_t s = 0; s < c->ns; s++) {
      sc[s] = sp->series_colors ? sp->series_colors[s] : ec_palette_color(s);
      ec_legend_add(leg, sp->series && sp->series[s] ? sp->series[s] : "", sc[s]);
    }
    return;
  }
  if (sp->keys) {
    if (sp->key_title) ec_legend_add(leg, sp->key_title, ec_nocolor());
    /* Distinct keys in order of first appearance. */
    const char **seen = ec_calloc(c->n + 1, sizeof *seen);
    ec_color *seen_c = ec_calloc(c->n + 1, sizeof *seen_c);
    size_t nseen = 0;
    int rest_gray = 0;
    for (size_t i = 0; i < c->n; i++) {
      const char *k = c->keys[i];
      if (!k) {
        cc[i] = ec_rgb(0x808080);
        rest_gray = 1;
        continue;
      }
      size_t j = 0;
      while (j < nseen && strcmp(seen[j], k) != 0) j++;
      if (j == nseen) {
        seen[nseen] = k;
        seen_c[nseen] = sp->key_color ? sp->key_color(k) : ec_palette_color(nseen);
        nseen++;
        const char *lab = sp->key_label ? sp->key_label(k) : k;
        ec_legend_add(leg, lab, seen_c[j]);
      }
      cc[i] = seen_c[j];
    }
    if (rest_gray && c->has_rest) ec_legend_add(leg, "rest", ec_rgb(0x808080));
    free(seen);
    free(seen_c);
    return;
  }
  if (sp->cvalues) {
    for (size_t i = 0; i < c->n; i++)
      if (isfinite(c->cv[i])) {
        *cmin = fmin(*cmin, c->cv[i]);
        *cmax = fmax(*cmax, c->cv[i]);
      }
    for (size_t i = 0; i < c->n; i++) {
      if (!isfinite(c->cv[i])) cc[i] = ec_rgb(0x808080);
      else cc[i] = ec_palette_ramp(*cmax > *cmin ? (c->cv[i] - *cmin) / (*cmax - *cmin) : 0.5);
    }
    return;
  }
  for (size_t i = 0; i < c->n; i++) cc[i] = ec_rgb(S_BAR_COLOR);
}

/* Colour bar legend for continuous colouring: returns the height used. */
static double S_colorbar(ec_scene *s, const char *title, double lo, double hi, double x,
                         double y, double w, int draw) {
  if (!(hi >= lo)) return 0;
  ec_text_metrics m = ec_text_measure("Ag", 2, EC_FS_LABEL, 0);
  double lh = m.ascent + m.descent;
  if (!draw) return lh + 2;
  char a[32], b[32];
  ec_fmt_value(a, sizeof a, lo);
  ec_fmt_value(b, sizeof b, hi);
  ec_scene_group(s, "colorbar", NULL, NULL, "ec-legend");
  double tx = x;
  if (title) {
    ec_op *o = ec_scene_text(s, tx, y + m.ascent, title, strlen(title), EC_FS_LABEL, 1,
                             EC_ANCHOR_START, 0, w / 3, ec_ink(1));
    tx += o->tw + 6;
  }
  ec_op *o = ec_scene_text(s, tx, y + m.ascent, a, strlen(a), EC_FS_LABEL, 0, EC_ANCHOR_START,
                           0, 0, ec_ink(1));
  tx += o->tw + 4;
  double bw = fmin(120, x + w - tx - ec_text_width(b, EC_FS_LABEL, 0) - 8);
  for (int k = 0; k < 24 && bw > 0; k++)
    ec_scene_rect(s, tx + bw * k / 24, y + 1, bw / 24 + 0.3, lh - 2, ec_palette_ramp(k / 23.0),
                  ec_nocolor(), 0);
  tx += fmax(bw, 0) + 4;
  ec_scene_text(s, tx, y + m.ascent, b, strlen(b), EC_FS_LABEL, 0, EC_ANCHOR_START, 0, 0,
                ec_ink(1));
  ec_scene_end(s);
  return lh + 2;
}

static char *S_tip(const ec_bar_spec *sp, const S_cats *c, size_t i, size_t s, double v) {
  ec_buf b = {0};
  char num[48];
  ec_fmt_value(num, sizeof num, v);
  ec_buf_puts(&b, c->labels[i]);
  if (sp->mode != EC_BARS_SIMPLE && sp->series && sp->series[s])
    ec_buf_printf(&b, " \xE2\x80\x94 %s", sp->series[s]);
  ec_buf_printf(&b, ": %s%s%s", num, sp->unit && *sp->unit ? " " : "", sp->unit ? sp->unit : "");
  if (sp->mode == EC_BARS_SIMPLE && c->keys[i])
    ec_buf_printf(&b, "\n%s%s%s", sp->key_title ? sp->key_title : "", sp->key_title ? ": " : "",
                  sp->key_label ? sp->key_label(c->keys[i]) : c->keys[i]);
  if (sp->mode == EC_BARS_SIMPLE && sp->cvalues && isfinite(c->cv[i])) {
    ec_fmt_value(num, sizeof num, c->cv[i]);
    ec_buf_printf(&b, "\n%s: %s", sp->ctitle ? sp->ctitle : "colour", num);
  }
  if (c->tips[i]) ec_buf_printf(&b, "\n%s", c->tips[i]);
  return ec_buf_take(&b);
}

/* The number printed at the end of category i's bar: its value (SIMPLE) or
 * the sum of its positive segments (STACKED). */
static double S_end_value(const ec_bar_spec *sp, const S_cats *c, size_t i) {
  if (sp->mode != EC_BARS_STACKED) return c->v[i];
  double t = 0;
  for (size_t k = 0; k < c->ns; k++) t += fmax(c->v[k * c->n + i], 0);
  return t;
}

/* Value extent of category i (stacked: sum of positives/negatives). */
static void S_extent(S_cats *c, int stacked, double *lo, double *hi) {
  *lo = 0;
  *hi = 0;
  double rest_hi = 0;
  for (size_t i = 0; i < c->n; i++) {
    if (c->has_rest && i == c->n - 1) {
      /* The rest bar sums many items: let it break the axis rather than
       * squash every other bar. */
      double p = 0;
      for (size_t s = 0; s < c->ns; s++)
        p = stacked ? p + fmax(c->v[s * c->n + i], 0) : fmax(p, c->v[s * c->n + i]);
      rest_hi = p;
      if (c->n > 1) continue;
    }
    if (stacked) {
      double p = 0, q = 0;
      for (size_t s = 0; s < c->ns; s++) {
        double v = c->v[s * c->n + i];
        if (v >= 0) p += v; else q += v;
      }
      *hi = fmax(*hi, p);
      *lo = fmin(*lo, q);
    } else {
      for (size_t s = 0; s < c->ns; s++) {
        *hi = fmax(*hi, c->v[s * c->n + i]);
        *lo = fmin(*lo, c->v[s * c->n + i]);
      }
    }
  }
  if (c->has_rest && c->n > 1) {
    if (rest_hi > 1.5 * *hi && *hi > 0) c->cut = 1;
    else *hi = fmax(*hi, rest_hi);
  }
  if (*hi == *lo) *hi = *lo + 1;
}

/* Draw the bars of category i across band [b0,b1] on the category axis;
 * vmap maps values to the value axis. */
static void S_bars(ec_scene *s, const ec_bar_spec *sp, const S_cats *c, size_t i,
                   const ec_color *cc, const ec_color *sc, const ec_axis *va, double v0,
                   double v1, double b0, double b1) {
  int hz = sp->horizontal;
  double pos = 0, neg = 0;
  size_t ns = c->ns;
  /* A broken stacked rest bar keeps its segments' proportions: they are
   * scaled to end at the axis. */
  double squeeze = 1;
  if (c->cut && sp->mode == EC_BARS_STACKED && i == c->n - 1) {
    double tot = 0;
    for (size_t k = 0; k < ns; k++) tot += fmax(c->v[k * c->n + i], 0);
    if (tot > va->hi) squeeze = va->hi / tot;
  }
  for (size_t k = 0; k < ns; k++) {
    double v = c->v[k * c->n + i];
    double a, b; /* value interval */
    double c0 = b0, c1 = b1;
    if (sp->mode == EC_BARS_STACKED) {
      if (v >= 0) { a = pos; b = pos + v; pos = b; }
      else { a = neg; b = neg + v; neg = b; }
    } else {
      a = 0;
      b = v;
      if (sp->mode == EC_BARS_GROUPED) {
        double sw = (b1 - b0) / ns;
        c0 = b0 + sw * k;
        c1 = c0 + sw;
      }
    }
    if (v == 0 && sp->mode == EC_BARS_STACKED) continue;
    int broken = c->cut && (fmax(a, b) > va->hi);
    if (squeeze < 1) {
      a *= squeeze;
      b *= squeeze;
      broken = v > 0 && b >= va->hi * (1 - 1e-9);
    }
    a = fmin(a, va->hi);
    b = fmin(b, va->hi);
    double p0 = ec_axis_map(va, a, v0, v1), p1 = ec_axis_map(va, b, v0, v1);
    ec_color col = sp->mode == EC_BARS_SIMPLE ? cc[i] : sc[k];
    char *tip = S_tip(sp, c, i, k, v);
    char id[48];
    if (ns > 1) snprintf(id, sizeof id, "bar-%zu-%zu", i, k);
    else snprintf(id, sizeof id, "bar-%zu", i);
    ec_scene_group(s, id, tip, c->links[i], NULL);
    free(tip);
    if (hz) ec_chart_swatch(s, fmin(p0, p1), c0, fabs(p1 - p0), c1 - c0, col);
    else ec_chart_swatch(s, c0, fmin(p0, p1), c1 - c0, fabs(p1 - p0), col);
    if (broken) {
      /* Two slanted strokes near the end mark the broken bar. */
      for (int k2 = 0; k2 < 2; k2++) {
        double at = p0 + (p1 - p0) * 0.85 + (v1 > v0 ? 1 : -1) * 3.0 * k2;
        if (hz) ec_scene_line(s, at - 2, c1 + 1, at + 2, c0 - 1, ec_ink(0.9), 1);
        else ec_scene_line(s, c0 - 1, at + 2, c1 + 1, at - 2, ec_ink(0.9), 1);
      }
    }
    ec_scene_end(s);
  }
}

ec_scene *ec_chart_bar(const ec_bar_spec *sp) {
  S_cats c;
  char *note;
  S_fold(sp, &c, NULL, &note);
  ec_legend leg = {0};
  ec_color *cc = ec_calloc(c.n + 1, sizeof *cc);
  ec_color *sc = ec_calloc(c.ns + 1, sizeof *sc);
  double cmin, cmax;
  S_colors(sp, &c, cc, sc, &leg, &cmin, &cmax);
  int stacked = sp->mode == EC_BARS_STACKED;
  double lo, hi;
  S_extent(&c, stacked, &lo, &hi);
  char *vtitle = ec_axis_title(sp->value_axis, sp->unit);
  int has_cbar = sp->mode == EC_BARS_SIMPLE && !sp->keys && sp->cvalues && cmax >= cmin;

  double W = sp->f.width > 0 ? sp->f.width : S_DEFAULT_W;
  double fs = EC_FS_LABEL;
  double lh = ec_line_height(fs);
  ec_text_metrics lm = ec_text_measure("Ag", 2, fs, 0);
  double leg_h = ec_legend_height(&leg, W - 2 * EC_PAD);
  double cbar_h = has_cbar ? S_colorbar(NULL, sp->ctitle, cmin, cmax, 0, 0, 0, 0) : 0;
  double title_h = sp->f.title && *sp->f.title ? ec_line_height(EC_FS_TITLE) + 4 : 0;
  double head = EC_PAD + title_h + (leg_h > 0 ? leg_h + 4 : 0) + (cbar_h > 0 ? cbar_h + 4 : 0);
  ec_scene *s;
  double top;

  if (sp->horizontal) {
    /* Categories down the left; the figure grows with them. */
    double band = fmax(lh * 1.35, 12);
    /* grouped bars with values: each bar as tall as a line of its value */
    int gv = sp->value_labels && sp->mode == EC_BARS_GROUPED;
    if (sp->mode == EC_BARS_GROUPED && c.ns > 1) band = fmax(band, c.ns * (gv ? lh + 1 : 7.0) / 0.76);
    double axis_h = ec_axis_x_height(vtitle != NULL);
    double H = sp->f.height > 0 ? sp->f.height : head + c.n * band + axis_h + EC_PAD + 4;
    double plot_h = H - head - axis_h - EC_PAD - 4;
    if (plot_h < 10) plot_h = 10;
    band = c.n ? plot_h / c.n : plot_h;
    /* Shrink labels to the band, or label every k-th bar. */
    size_t every = 1;
    while (fs > EC_FS_MIN && ec_line_height(fs) > band * 0.95) fs -= 0.5;
    lh = ec_line_height(fs);
    lm = ec_text_measure("Ag", 2, fs, 0);
    if (lh > band * 0.95) every = (size_t)ceil(lh * 1.1 / band);
    double lab_w = fmin(ec_max_width((const char *const *)c.labels, c.n, fs, 0), W * 0.38);
    double val_w = 0;
    if (sp->value_labels && sp->mode != EC_BARS_GROUPED)
      for (size_t i = 0; i < c.n; i++) {
        char num[48];
        ec_fmt_value(num, sizeof num, S_end_value(sp, &c, i));
        val_w = fmax(val_w, ec_text_width(num, fs, 0) + 4);
      }
    if (gv) /* every bar's value (a 0 is a missing bar: no label) */
      for (size_t i = 0; i < c.n * c.ns; i++) {
        char num[48];
        if (c.v[i] != 0) val_w = fmax(val_w, ec_text_width(ec_fmt_value(num, sizeof num, c.v[i]), fs, 0) + 4);
      }
    double mark_w = 0; /* chip + text after the value */
    for (size_t i = 0; i < c.n; i++)
      if (c.marks[i]) mark_w = fmax(mark_w, fs * 0.8 + 3 + ec_text_width(c.marks[i], fs, 0) + 4);
    val_w += mark_w;
    double x0 = EC_PAD + lab_w + 4, x1 = W - EC_PAD - fmax(val_w, 10);
    ec_axis va;
    ec_axis_fit(&va, lo, hi, 0, x1 - x0, 1);
    s = ec_chart_start(&sp->f, W, H, &top);
    double y = top;
    if (leg_h > 0) { ec_legend_draw(s, &leg, EC_PAD, y, W - 2 * EC_PAD); y += leg_h + 4; }
    if (cbar_h > 0) {
      S_colorbar(s, sp->ctitle, cmin, cmax, EC_PAD, y, W - 2 * EC_PAD, 1);
      y += cbar_h + 4;
    }
    double y0 = y + 2, y1 = y0 + band * c.n;
    ec_axis_draw_x(s, &va, x0, x1, y1, y0, y1, vtitle);
    ec_scene_group(s, "bars", NULL, NULL, "ec-bars");
    for (size_t i = 0; i < c.n; i++) {
      double b0 = y0 + band * i + band * 0.12, b1 = y0 + band * (i + 1) - band * 0.12;
      S_bars(s, sp, &c, i, cc, sc, &va, x0, x1, b0, b1);
    }
    ec_scene_end(s);
    ec_scene_group(s, "labels", NULL, NULL, "ec-labels");
    for (size_t i = 0; i < c.n; i++) {
      double cy = y0 + band * (i + 0.5) + (lm.ascent - lm.descent) / 2;
      if (i % every == 0)
        ec_scene_text_mid(s, x0 - 4, cy, c.labels[i], strlen(c.labels[i]), fs, 0, EC_ANCHOR_END, 0,
                      lab_w, ec_ink(1));
      if (gv) { /* each bar's value at its end, on the bar's line */
        double sw = band * 0.76 / (double)c.ns;
        for (size_t k = 0; k < c.ns; k++) {
          double v = c.v[k * c.n + i];
          if (v == 0 || !isfinite(v)) continue;
          char num[48];
          double by = y0 + band * i + band * 0.12 + sw * ((double)k + 0.5) + (lm.ascent - lm.descent) / 2;
          ec_fmt_value(num, sizeof num, v);
          ec_scene_text(s, ec_axis_map(&va, fmin(fmax(v, 0), va.hi), x0, x1) + 3, by, num, strlen(num), fs, 0,
                        EC_ANCHOR_START, 0, 0, ec_ink(1));
        }
      } else if (val_w > 0) {
        char num[48];
        double ev = S_end_value(sp, &c, i);
        double bx = ec_axis_map(&va, fmin(fmax(ev, 0), va.hi), x0, x1) + 3;
        if (val_w > mark_w) {
          ec_fmt_value(num, sizeof num, ev);
          ec_op *o = ec_scene_text(s, bx, cy, num, strlen(num), fs, 0, EC_ANCHOR_START, 0, 0, ec_ink(1));
          bx += o->tw + 4;
        }
        if (c.marks[i]) {
          double sz = fs * 0.8;
          if (sp->mark_color) {
            ec_chart_swatch(s, bx, cy - (lm.ascent - lm.descent) / 2 - sz / 2, sz, sz, sp->mark_color(c.marks[i]));
            bx += sz + 3;
          }
          ec_scene_text(s, bx, cy, c.marks[i], strlen(c.marks[i]), fs, 0, EC_ANCHOR_START, 0, 0, ec_ink(0.75));
        }
      }
    }
    ec_scene_end(s);
  } else {
    double H = sp->f.height > 0 ? sp->f.height : S_DEFAULT_H;
    /* Category labels: flat, -45 or -90 degrees, thinned when dense. */
    double ytw_guess = 40;
    double x0 = EC_PAD + (vtitle ? ec_line_height(EC_FS_AXIS) + 4 : 0) + ytw_guess;
    double x1 = W - EC_PAD - 4;
    double band = c.n ? (x1 - x0) / c.n : x1 - x0;
    double maxlab = ec_max_width((const char *const *)c.labels, c.n, fs, 0);
    double rot = 0;
    size_t every = 1;
    if (maxlab > band - 2 && sp->flat_labels) {
      /* level labels at a round step: each keeps its own width and a gap */
      double need = (maxlab + 6) / (band > 0 ? band : 1);
      for (size_t dec = 1; (double)every < need; dec *= 10)
        every = need <= 2 * dec ? 2 * dec : need <= 5 * dec ? 5 * dec : 10 * dec;
    } else if (maxlab > band - 2) {
      if (band * sin(M_PI / 4) >= lh * 1.1) rot = -45;
      else {
        rot = -90;
        double fs_min = sp->label_min > 0 ? fmin(sp->label_min, fs) : EC_FS_MIN;
        while (fs > fs_min && ec_line_height(fs) * 1.1 > band) fs -= 0.5;
        lh = ec_line_height(fs);
        if (lh * 1.1 > band) every = (size_t)ceil(lh * 1.15 / band);
      }
      lm = ec_text_measure("Ag", 2, fs, 0);
      maxlab = ec_max_width((const char *const *)c.labels, c.n, fs, 0);
    }
    double lab_room = fmin(maxlab, H * 0.3);
    double lab_h = rot == 0 ? lh : rot == -45 ? (lab_room + lh) * sin(M_PI / 4) : lab_room;
    double cat_title_h = sp->category_axis ? ec_line_height(EC_FS_AXIS) + 2 : 0;
    double val_h = sp->value_labels && sp->mode != EC_BARS_GROUPED ? lh + 2 : 0;
    double y0 = head + 4 + val_h;
    double y1 = H - EC_PAD - cat_title_h - lab_h - 4;
    if (y1 < y0 + 20) y1 = y0 + 20;
    ec_axis va;
    ec_axis_fit(&va, lo, hi, 0, y1 - y0, 0);
    double ytw = ec_axis_label_width(&va, EC_FS_TICK);
    x0 = EC_PAD + (vtitle ? ec_line_height(EC_FS_AXIS) + 4 : 0) + ytw + 4;
    band = c.n ? (x1 - x0) / c.n : x1 - x0;
    s = ec_chart_start(&sp->f, W, H, &top);
    double y = top;
    if (leg_h > 0) { ec_legend_draw(s, &leg, EC_PAD, y, W - 2 * EC_PAD); y += leg_h + 4; }
    if (cbar_h > 0) S_colorbar(s, sp->ctitle, cmin, cmax, EC_PAD, y, W - 2 * EC_PAD, 1);
    ec_axis_draw_y(s, &va, x0, x1, y0, y1, vtitle, EC_PAD);
    ec_scene_group(s, "bars", NULL, NULL, "ec-bars");
    for (size_t i = 0; i < c.n; i++) {
      double b0 = x0 + band * i + band * 0.12, b1 = x0 + band * (i + 1) - band * 0.12;
      S_bars(s, sp, &c, i, cc, sc, &va, y1, y0, b0, b1);
    }
    ec_scene_end(s);
    ec_scene_group(s, "labels", NULL, NULL, "ec-labels");
    int show_vals = val_h > 0;
    if (show_vals)
      for (size_t i = 0; i < c.n && show_vals; i++) {
        char num[48];
        ec_fmt_value(num, sizeof num, S_end_value(sp, &c, i));
        if (ec_text_width(num, fs, 0) > band - 1) show_vals = 0;
      }
    double flat_right = -HUGE_VAL; /* the right end of the last level label drawn */
    for (size_t i = 0; i < c.n; i++) {
      double cx = x0 + band * (i + 0.5);
      if (show_vals) {
        char num[48];
        double ev = S_end_value(sp, &c, i);
        ec_fmt_value(num, sizeof num, ev);
        double by = ec_axis_map(&va, fmin(fmax(ev, 0), va.hi), y1, y0);
        ec_scene_text(s, cx, by - 2 - lm.descent, num, strlen(num), fs, 0, EC_ANCHOR_MIDDLE, 0,
                      0, ec_ink(1));
      }
      if (i % every) continue;
      if (rot == 0 && sp->flat_labels) {
        /* level at a round step: kept clear of the value axis's labels and
         * of the figure's right edge; one that would touch the last is left out */
        double tw = ec_text_width(c.labels[i], fs, 0);
        double mid = fmin(fmax(cx, x0 + tw / 2), W - EC_PAD - tw / 2);
        if (mid - tw / 2 < flat_right + 6) continue;
        ec_scene_text(s, mid, y1 + 3 + lm.ascent, c.labels[i], strlen(c.labels[i]), fs, 0, EC_ANCHOR_MIDDLE, 0, 0,
                      ec_ink(1));
        flat_right = mid + tw / 2;
      } else if (rot == 0) {
        ec_scene_text_mid(s, cx, y1 + 3 + lm.ascent, c.labels[i], strlen(c.labels[i]), fs, 0,
                      EC_ANCHOR_MIDDLE, 0, band * every - 2, ec_ink(1));
      } else if (rot == -45) {
        /* Hangs down-left from the tick; keep it inside the left edge. */
        double room = fmin(lab_room, (cx - 2) / cos(M_PI / 4) - lm.ascent);
        double ax = cx + (lm.ascent - lm.descent) / 2 * sin(M_PI / 4);
        ec_scene_text_mid(s, ax, y1 + 4, c.labels[i], strlen(c.labels[i]), fs, 0, EC_ANCHOR_END,
                      -45, fmax(room, 10), ec_ink(1));
      } else {
        ec_scene_text_mid(s, cx + (lm.ascent - lm.descent) / 2, y1 + 4, c.labels[i],
                      strlen(c.labels[i]), fs, 0, EC_ANCHOR_END, -90, lab_room, ec_ink(1));
      }
    }
    if (sp->category_axis)
      ec_scene_text(s, (x0 + x1) / 2, H - EC_PAD - lm.descent, sp->category_axis,
                    strlen(sp->category_axis), EC_FS_AXIS, 0, EC_ANCHOR_MIDDLE, 0, x1 - x0,
                    ec_ink(1));
    ec_scene_end(s);
  }
  if (note) ec_chart_note(s, note);
  if (c.cut)
    ec_chart_note(s, !stacked ? "The rest bar is longer than the axis and is drawn broken; its "
                                "label gives its value."
                     : sp->value_labels ? "The rest bar is longer than the axis and is drawn "
                                          "broken, its segments scaled to keep their "
                                          "proportions; its label gives its total."
                                        : "The rest bar is longer than the axis and is drawn "
                                          "broken, its segments scaled to keep their "
                                          "proportions; its tooltip gives its value.");
  free(note);
  free(vtitle);
  free(cc);
  free(sc);
  ec_legend_free(&leg);
  S_cats_free(&c);
  return s;
}
