/* chart_xy — histogram, scatter/line and roofline charts. See chart.h. */
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
#include "words/words.h"

#define S_MAX_POINTS 2000
#define S_MAX_TIPS 500

static int S_cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y ? 1 : 0;
}

/* Plot frame shared by the x/y kinds: axes around [x0,x1] x [y0,y1]. */
typedef struct S_frame {
  ec_scene *s;
  double x0, x1, y0, y1;
  ec_axis ax, ay;
} S_frame;

/* Lay out a plot with axes for data ranges; draws title, an optional note
 * line under it, legend and axes. */
static void S_frame_make(S_frame *fr, const ec_chart_frame *f, const char *note,
                         const ec_legend *leg, double xlo, double xhi, int xlog, double ylo,
                         double yhi, int ylog, const char *xtitle, const char *ytitle) {
  double W = f->width > 0 ? f->width : 480, H = f->height > 0 ? f->height : 300;
  double top;
  fr->s = ec_chart_start(f, W, H, &top);
  if (note && *note) {
    ec_text_metrics m = ec_text_measure("Ag", 2, EC_FS_LABEL, 0);
    ec_scene_group(fr->s, "note", NULL, NULL, "ec-note");
    ec_scene_text(fr->s, EC_PAD, top + m.ascent, note, strlen(note), EC_FS_LABEL, 0,
                  EC_ANCHOR_START, 0, W - 2 * EC_PAD, ec_ink(0.85));
    ec_scene_end(fr->s);
    top += m.ascent + m.descent + 3;
  }
  double leg_h = ec_legend_height(leg, W - 2 * EC_PAD);
  if (leg_h > 0) {
    ec_legend_draw(fr->s, leg, EC_PAD, top, W - 2 * EC_PAD);
    top += leg_h + 4;
  }
  fr->y0 = top + 6;
  fr->y1 = H - EC_PAD - ec_axis_x_height(xtitle != NULL);
  ec_axis_fit(&fr->ay, ylo, yhi, ylog, fr->y1 - fr->y0, 0);
  double ytw = ec_axis_label_width(&fr->ay, EC_FS_TICK);
  fr->x0 = EC_PAD + (ytitle ? ec_line_height(EC_FS_AXIS) + 4 : 0) + ytw + 4;
  fr->x1 = W - EC_PAD - 12;
  ec_axis_fit(&fr->ax, xlo, xhi, xlog, fr->x1 - fr->x0, 1);
  ec_axis_draw_y(fr->s, &fr->ay, fr->x0, fr->x1, fr->y0, fr->y1, ytitle, EC_PAD);
  ec_axis_draw_x(fr->s, &fr->ax, fr->x0, fr->x1, fr->y1, fr->y0, fr->y1, xtitle);
}

static double S_px(const S_frame *fr, double x) { return ec_axis_map(&fr->ax, x, fr->x0, fr->x1); }
static double S_py(const S_frame *fr, double y) { return ec_axis_map(&fr->ay, y, fr->y1, fr->y0); }

/* ---- histogram ---- */

ec_scene *ec_chart_histogram(const ec_hist_spec *sp) {
  double *v = ec_calloc(sp->n + 1, sizeof *v);
  size_t n = 0;
  for (size_t i = 0; i < sp->n; i++)
    if (isfinite(sp->values[i])) v[n++] = sp->values[i];
  qsort(v, n, sizeof *v, S_cmp_double);
  /* Long upper tail: end the axis at the far-out fence (at most 5% cut). */
  size_t clipped = 0;
  double clip_max = 0;
  if (sp->clip_tail && n >= 20) {
    double q1 = v[n / 4], q3 = v[(3 * n) / 4];
    double fence = fmax(q3 + 3 * (q3 - q1), v[(size_t)ceil(0.95 * (double)n) - 1]);
    size_t keep = n;
    while (keep > 0 && v[keep - 1] > fence) keep--;
    double shown_hi = keep ? v[keep - 1] : v[0];
    if (keep < n && shown_hi > v[0] && v[n - 1] - shown_hi > 0.25 * (shown_hi - v[0])) {
      clipped = n - keep;
      clip_max = v[n - 1];
      n = keep;
    }
  }
  double lo = n ? v[0] : 0, hi = n ? v[n - 1] : 1;
  /* Values on a timer's grid (sp->tick, trtexec's 1 us): a bin is a whole
   * number of steps, centred on them, so one mode is not drawn as spikes
   * with empty bins between them. The grid is the median gap between
   * distinct values of at least half a tick (smaller gaps are rounding
   * noise: trtexec's 1 us reads 0.977 us apart), or the tick itself. */
  double tick = 0;
  if (sp->tick > 0 && n > 1 && hi > lo) {
    double *gap = ec_malloc(n * sizeof *gap);
    size_t ng = 0;
    for (size_t i = 1, last = 0; i < n; i++)
      if (v[i] - v[last] >= sp->tick / 2) {
        gap[ng++] = v[i] - v[last];
        last = i;
      }
    qsort(gap, ng, sizeof *gap, S_cmp_double);
    tick = ng >= 3 && gap[ng / 2] <= 1.5 * sp->tick ? gap[ng / 2] : sp->tick;
    free(gap);
  }
  size_t bins = sp->bins;
  if (!bins) {
    double iqr = n >= 4 ? v[(3 * n) / 4] - v[n / 4] : hi - lo;
    double w = 2 * iqr / cbrt((double)(n ? n : 1));
    bins = w > 0 ? (size_t)ceil((hi - lo) / w) : 10;
    if (bins < 5) bins = 5;
    if (bins > 60) bins = 60;
  }
  if (!(hi > lo)) {
    double pad = lo != 0 ? fabs(lo) * 0.05 : 0.5;
    lo -= pad;
    hi += pad;
  }
  double bw = (hi - lo) / bins;
  if (tick > 0) {
    double steps = ceil(bw / tick - 1e-9);
    bw = (steps < 1 ? 1 : steps) * tick;
    double span = hi - lo;
    lo -= tick / 2;
    bins = (size_t)floor((span + tick / 2) / bw) + 1;
    hi = lo + bins * bw;
  }
  size_t *cnt = ec_calloc(bins, sizeof *cnt);
  size_t cmax = 0;
  for (size_t i = 0; i < n; i++) {
    size_t b = (size_t)((v[i] - lo) / bw);
    if (b >= bins) b = bins - 1;
    cnt[b]++;
    if (cnt[b] > cmax) cmax = cnt[b];
  }
  char *xt = ec_axis_title(sp->value_axis ? sp->value_axis : "Value", sp->unit);
  char *clip_note = NULL;
  if (clipped) {
    char a[48], b[48];
    ec_fmt_value(a, sizeof a, n ? v[n - 1] : hi); /* the last value drawn */
    ec_fmt_value(b, sizeof b, clip_max);
    const char *u = sp->unit && *sp->unit ? sp->unit : "";
    clip_note = ec_asprintf("%zu %s (" EC_PCT_LABEL ") above %s%s%s (up to %s%s%s) lie beyond the right "
                            "edge, not drawn.",
                            clipped, sp->noun ? sp->noun : "values",
                            100.0 * (double)clipped / (double)(n + clipped), a, *u ? " " : "", u,
                            b, *u ? " " : "", u);
  }
  ec_legend leg = {0};
  S_frame fr;
  S_frame_make(&fr, &sp->f, clip_note, &leg, lo, hi, 0, 0, cmax ? (double)cmax : 1, 0, xt,
               "Count");
  ec_color c = sp->color.kind == EC_COL_NONE ? ec_palette_color(2) : sp->color;
  ec_scene_group(fr.s, "bins", NULL, NULL, "ec-bars");
  for (size_t b = 0; b < bins; b++) {
    if (!cnt[b]) continue;
    double a = lo + bw * b, e = a + bw;
    char sa[32], se[32];
    ec_fmt_value(sa, sizeof sa, a);
    ec_fmt_value(se, sizeof se, e);
    char *tip = ec_asprintf("%s to %s%s%s: %zu", sa, se, sp->unit ? " " : "",
                            sp->unit ? sp->unit : "", cnt[b]);
    char id[32];
    snprintf(id, sizeof id, "bin-%zu", b);
    ec_scene_group(fr.s, id, tip, NULL, NULL);
    free(tip);
    double px0 = S_px(&fr, a), px1 = S_px(&fr, e);
    double py = S_py(&fr, (double)cnt[b]);
    ec_chart_swatch(fr.s, px0 + 0.25, py, fmax(px1 - px0 - 0.5, 0.3), fr.y1 - py, c);
    ec_scene_end(fr.s);
  }
  ec_scene_end(fr.s);
  char *nt = ec_asprintf("%zu %s in %zu %s of width " EC_GIVEN ".", n, ec_plural(n, "value", "values"), bins,
                         ec_plural(bins, "bin", "bins"), bw);
  ec_chart_note(fr.s, nt);
  free(nt);
  if (clip_note) {
    nt = ec_asprintf("The axis ends at the last value within Q3 + 3 IQR (Tukey's far-out "
                     "fence; at most 5%% of the values are cut): %s",
                     clip_note);
    ec_chart_note(fr.s, nt);
    free(nt);
  }
  free(clip_note);
  free(xt);
  free(cnt);
  free(v);
  return fr.s;
}

/* ---- scatter / line ---- */

/* Reference lines: colours with >= 3:1 contrast on the light and the dark
 * page (checked in test_scene). */
static ec_color S_ref_color(size_t r) {
  static const unsigned c[] = {0xd62728, 0x9467bd, 0x8c564b};
  return ec_rgb(c[r % 3]);
}

static double S_x(const ec_xy_series *s, size_t i) { return s->x ? s->x[i] : (double)(i + 1); }

static int S_ok(double v, int log) { return isfinite(v) && (!log || v > 0); }

static void S_marker(ec_seg **segs, size_t *n, size_t *cap, double x, double y, double r) {
  ec_seg *g;
  g = EC_PUSH(*segs, *n, *cap); *g = (ec_seg){EC_SEG_MOVE, x - r, y - r, 0, 0, 0};
  g = EC_PUSH(*segs, *n, *cap); *g = (ec_seg){EC_SEG_LINE, x + r, y - r, 0, 0, 0};
  g = EC_PUSH(*segs, *n, *cap); *g = (ec_seg){EC_SEG_LINE, x + r, y + r, 0, 0, 0};
  g = EC_PUSH(*segs, *n, *cap); *g = (ec_seg){EC_SEG_LINE, x - r, y + r, 0, 0, 0};
  g = EC_PUSH(*segs, *n, *cap); *g = (ec_seg){EC_SEG_CLOSE, 0, 0, 0, 0, 0};
}

ec_scene *ec_chart_xy(const ec_xy_spec *sp) {
  double xlo = INFINITY, xhi = -INFINITY, ylo = INFINITY, yhi = -INFINITY;
  for (size_t k = 0; k < sp->n_series; k++) {
    const ec_xy_series *se = &sp->series[k];
    for (size_t i = 0; i < se->n; i++) {
      double x = S_x(se, i), y = se->y[i];
      if (!S_ok(x, sp->log_x) || !S_ok(y, sp->log_y)) continue;
      xlo = fmin(xlo, x); xhi = fmax(xhi, x);
      ylo = fmin(ylo, y); yhi = fmax(yhi, y);
    }
  }
  for (size_t r = 0; r < sp->n_refs; r++)
    if (S_ok(sp->ref_y[r], sp->log_y)) {
      ylo = fmin(ylo, sp->ref_y[r]);
      yhi = fmax(yhi, sp->ref_y[r]);
    }
  if (!isfinite(xlo)) { xlo = sp->log_x ? 1 : 0; xhi = sp->log_x ? 10 : 1; }
  if (!isfinite(ylo)) { ylo = sp->log_y ? 1 : 0; yhi = sp->log_y ? 10 : 1; }
  if (sp->y_from_zero && !sp->log_y) ylo = fmin(ylo, 0);
  if (!sp->log_y && yhi > ylo) {
    double pad = (yhi - ylo) * 0.04;
    if (!(sp->y_from_zero && ylo == 0)) ylo -= pad;
    yhi += pad;
  }
  ec_legend leg = {0};
  ec_color *col = ec_calloc(sp->n_series + 1, sizeof *col);
  for (size_t k = 0; k < sp->n_series; k++) {
    col[k] = sp->series[k].color.kind == EC_COL_NONE ? ec_palette_color(k + 2)
                                                     : sp->series[k].color;
    if (sp->n_series > 1 || sp->n_refs) ec_legend_add(&leg, sp->series[k].name, col[k]);
  }
  for (size_t r = 0; r < sp->n_refs; r++) {
    char num[48];
    ec_fmt_value(num, sizeof num, sp->ref_y[r]);
    char *t = ec_asprintf("%s %s%s%s", sp->ref_labels && sp->ref_labels[r] ? sp->ref_labels[r] : "",
                          num, sp->y_unit ? " " : "", sp->y_unit ? sp->y_unit : "");
    ec_legend_add(&leg, t, S_ref_color(r));
    free(t);
  }
  char *xt = ec_axis_title(sp->x_axis, sp->x_unit);
  char *yt = ec_axis_title(sp->y_axis, sp->y_unit);
  S_frame fr;
  S_frame_make(&fr, &sp->f, NULL, &leg, xlo, xhi, sp->log_x, ylo, yhi, sp->log_y, xt, yt);
  int reduced = 0;
  for (size_t k = 0; k < sp->n_series; k++) {
    const ec_xy_series *se = &sp->series[k];
    char id[32];
    snprintf(id, sizeof id, "series-%zu", k);
    ec_scene_group(fr.s, id, se->name, NULL, "ec-series");
    ec_seg *line = NULL, *pts = NULL;
    size_t nl = 0, capl = 0, np = 0, capp = 0;
    int tips = se->tips && se->n <= S_MAX_TIPS;
    if (se->n > S_MAX_POINTS) {
      /* Envelope: min and max per 1-point-wide column. */
      reduced = 1;
      size_t cols = (size_t)fmax(fr.x1 - fr.x0, 1);
      double *mn = ec_calloc(cols, sizeof *mn), *mx = ec_calloc(cols, sizeof *mx);
      for (size_t c = 0; c < cols; c++) { mn[c] = INFINITY; mx[c] = -INFINITY; }
      for (size_t i = 0; i < se->n; i++) {
        double x = S_x(se, i), y = se->y[i];
        if (!S_ok(x, sp->log_x) || !S_ok(y, sp->log_y)) continue;
        size_t c = (size_t)fmin(fmax(S_px(&fr, x) - fr.x0, 0), (double)(cols - 1));
        mn[c] = fmin(mn[c], y);
        mx[c] = fmax(mx[c], y);
      }
      for (size_t c = 0; c < cols; c++) {
        if (!isfinite(mn[c])) continue;
        double px = fr.x0 + c + 0.5;
        ec_seg *g = EC_PUSH(line, nl, capl);
        *g = (ec_seg){nl == 1 ? EC_SEG_MOVE : EC_SEG_LINE, px, S_py(&fr, mn[c]), 0, 0, 0};
        g = EC_PUSH(line, nl, capl);
        *g = (ec_seg){EC_SEG_LINE, px, S_py(&fr, mx[c]) - (mx[c] == mn[c] ? 0.01 : 0), 0, 0, 0};
        if (se->points) {
          S_marker(&pts, &np, &capp, px, S_py(&fr, mn[c]), 0.9);
          if (mx[c] != mn[c]) S_marker(&pts, &np, &capp, px, S_py(&fr, mx[c]), 0.9);
        }
      }
      free(mn);
      free(mx);
      if (se->points && !se->line) { free(line); line = NULL; nl = 0; }
      else if (nl) ec_scene_path(fr.s, line, nl, ec_nocolor(), col[k], se->points ? 0.5 : 1);
    } else {
      for (size_t i = 0; i < se->n; i++) {
        double x = S_x(se, i), y = se->y[i];
        if (!S_ok(x, sp->log_x) || !S_ok(y, sp->log_y)) continue;
        double px = S_px(&fr, x), py = S_py(&fr, y);
        ec_seg *g = EC_PUSH(line, nl, capl);
        *g = (ec_seg){nl == 1 ? EC_SEG_MOVE : EC_SEG_LINE, px, py, 0, 0, 0};
        if (se->points && !tips) S_marker(&pts, &np, &capp, px, py, 1.4);
      }
      if (se->line && nl > 1) ec_scene_path(fr.s, line, nl, ec_nocolor(), col[k], 1);
      if (tips) {
        for (size_t i = 0; i < se->n; i++) {
          double x = S_x(se, i), y = se->y[i];
          if (!S_ok(x, sp->log_x) || !S_ok(y, sp->log_y)) continue;
          char pid[48];
          snprintf(pid, sizeof pid, "pt-%zu-%zu", k, i);
          ec_scene_group(fr.s, pid, se->tips[i], NULL, NULL);
          ec_seg *m = NULL;
          size_t nm = 0, capm = 0;
          S_marker(&m, &nm, &capm, S_px(&fr, x), S_py(&fr, y), 2);
          ec_scene_path(fr.s, m, nm, col[k], ec_ink(0.5), 0.4);
          free(m);
          ec_scene_end(fr.s);
        }
      }
    }
    if (np) ec_scene_path(fr.s, pts, np, col[k], ec_nocolor(), 0);
    free(line);
    free(pts);
    ec_scene_end(fr.s);
  }
  for (size_t r = 0; r < sp->n_refs; r++) {
    if (!S_ok(sp->ref_y[r], sp->log_y)) continue;
    double py = S_py(&fr, sp->ref_y[r]);
    ec_scene_line(fr.s, fr.x0, py, fr.x1, py, S_ref_color(r), 1.25);
  }
  if (reduced)
    ec_chart_note(fr.s, "Series with more than 2,000 points are drawn as their minimum and "
                        "maximum per horizontal step.");
  free(xt);
  free(yt);
  free(col);
  ec_legend_free(&leg);
  return fr.s;
}

/* ---- roofline ---- */

/* A roofline point drawn without a tooltip: colour slot, position on a
 * half-point grid (for dropping duplicates), position, colour. */
typedef struct S_plain {
  size_t j;
  long qx, qy;
  double px, py;
  ec_color c;
} S_plain;

static int S_cmp_plain(const void *a, const void *b) {
  const S_plain *p = a, *q = b;
  if (p->j != q->j) return p->j < q->j ? -1 : 1;
  if (p->qx != q->qx) return p->qx < q->qx ? -1 : 1;
  return (p->qy > q->qy) - (p->qy < q->qy);
}

ec_scene *ec_chart_roofline(const ec_roofline_spec *sp) {
  static const char *pre[] = {"", "k", "M", "G", "T", "P"};
  double peak = sp->peak_flops > 0 ? sp->peak_flops : 1, bw = sp->peak_bw > 0 ? sp->peak_bw : 1;
  int k = 0;
  double scale = 1;
  while (peak / scale >= 1000 && k < 5) { scale *= 1000; k++; }
  double ridge = peak / bw;
  double xlo = ridge, xhi = ridge, ylo = peak / scale, yhi = peak / scale;
  for (size_t i = 0; i < sp->n; i++) {
    if (!(sp->ai[i] > 0) || !(sp->perf[i] > 0)) continue;
    xlo = fmin(xlo, sp->ai[i]); xhi = fmax(xhi, sp->ai[i]);
    ylo = fmin(ylo, sp->perf[i] / scale); yhi = fmax(yhi, sp->perf[i] / scale);
  }
  xlo /= 2; xhi *= 2; ylo /= 2; yhi *= 1.5;
  ec_legend leg = {0};
  ec_color *col = ec_calloc(sp->n + 1, sizeof *col);
  const char **seen = ec_calloc(sp->n + 1, sizeof *seen);
  size_t nseen = 0;
  for (size_t i = 0; i < sp->n; i++) {
    const char *key = sp->keys ? sp->keys[i] : NULL;
    if (!key) { col[i] = ec_palette_color(2); continue; }
    size_t j = 0;
    while (j < nseen && strcmp(seen[j], key)) j++;
    col[i] = sp->key_color ? sp->key_color(key) : ec_palette_color(j);
    if (j == nseen) {
      seen[nseen++] = key;
      ec_legend_add(&leg, sp->key_label ? sp->key_label(key) : key, col[i]);
    }
  }
  char *yt = ec_asprintf("Performance (%sFLOP/s)", pre[k]);
  S_frame fr;
  S_frame_make(&fr, &sp->f, NULL, &leg, xlo, xhi, 1, ylo, yhi, 1, "Arithmetic intensity (FLOP/byte)",
               yt);
  /* Ceilings, clipped to the plot. */
  double ax_lo = fr.ax.lo, ax_hi = fr.ax.hi, ay_lo = fr.ay.lo;
  double xs = fmax(ax_lo, ay_lo * scale / bw);
  ec_seg roof[3] = {
      {EC_SEG_MOVE, S_px(&fr, xs), S_py(&fr, xs * bw / scale), 0, 0, 0},
      {EC_SEG_LINE, S_px(&fr, ridge), S_py(&fr, peak / scale), 0, 0, 0},
      {EC_SEG_LINE, S_px(&fr, ax_hi), S_py(&fr, peak / scale), 0, 0, 0},
  };
  ec_scene_group(fr.s, "ceilings", NULL, NULL, "ec-ceilings");
  ec_scene_path(fr.s, roof, 3, ec_nocolor(), ec_ink(0.85), 1.5);
  char a[48], b[48];
  ec_fmt_si(a, sizeof a, peak, "FLOP/s");
  ec_fmt_si(b, sizeof b, bw, "B/s");
  char *ct = ec_asprintf("compute ceiling %s", a);
  ec_text_metrics m = ec_text_measure("Ag", 2, EC_FS_LABEL, 0);
  ec_scene_text(fr.s, fr.x1 - 2, S_py(&fr, peak / scale) - 3 - m.descent, ct, strlen(ct),
                EC_FS_LABEL, 0, EC_ANCHOR_END, 0, (fr.x1 - fr.x0) * 0.6, ec_ink(1));
  free(ct);
  /* Bandwidth label along the slope, below the line. */
  double px0 = roof[0].x, py0 = roof[0].y, px1 = roof[1].x, py1 = roof[1].y;
  double ang = atan2(py1 - py0, px1 - px0) * 180 / M_PI;
  double len = hypot(px1 - px0, py1 - py0);
  char *bt = ec_asprintf("bandwidth %s", b);
  double mx = px0 + (px1 - px0) * 0.55, my = py0 + (py1 - py0) * 0.55;
  double nx = -sin(ang * M_PI / 180), ny = cos(ang * M_PI / 180); /* below the line */
  ec_scene_text(fr.s, mx + nx * (m.ascent + 2), my + ny * (m.ascent + 2), bt, strlen(bt),
                EC_FS_LABEL, 0, EC_ANCHOR_MIDDLE, ang, len * 0.8, ec_ink(1));
  free(bt);
  ec_scene_end(fr.s);
  ec_scene_group(fr.s, "points", NULL, NULL, "ec-points");
  /* Points without a tooltip: one path per colour, drawn first (under the
   * ones with a tooltip), and points that land on the same half-point spot
   * are drawn once. */
  S_plain *pl = ec_calloc(sp->n + 1, sizeof *pl);
  size_t npl = 0;
  for (size_t i = 0; i < sp->n; i++) {
    if (!(sp->ai[i] > 0) || !(sp->perf[i] > 0) || !sp->labels || sp->labels[i]) continue;
    const char *key = sp->keys ? sp->keys[i] : NULL;
    size_t j = nseen; /* slot nseen: points without a key */
    if (key)
      for (j = 0; j < nseen && strcmp(seen[j], key) != 0; j++) continue;
    double px = S_px(&fr, sp->ai[i]), py = S_py(&fr, sp->perf[i] / scale);
    pl[npl++] = (S_plain){j, lround(px * 2), lround(py * 2), px, py, col[i]};
  }
  qsort(pl, npl, sizeof *pl, S_cmp_plain);
  for (size_t q = 0; q < npl;) {
    ec_seg *segs = NULL;
    size_t ns = 0, cap = 0, q0 = q;
    for (; q < npl && pl[q].j == pl[q0].j; q++) {
      if (q > q0 && pl[q].qx == pl[q - 1].qx && pl[q].qy == pl[q - 1].qy) continue;
      ec_seg *g = EC_PUSH(segs, ns, cap);
      *g = (ec_seg){EC_SEG_MOVE, pl[q].px + 2.5, pl[q].py, 0, 0, 0};
      g = EC_PUSH(segs, ns, cap);
      *g = (ec_seg){EC_SEG_ARC, pl[q].px, pl[q].py, 2.5, 0, 2 * M_PI};
      g = EC_PUSH(segs, ns, cap);
      *g = (ec_seg){EC_SEG_CLOSE, 0, 0, 0, 0, 0};
    }
    ec_scene_path(fr.s, segs, ns, pl[q0].c, ec_ink(0.5), 0.4);
    free(segs);
  }
  free(pl);
  for (size_t i = 0; i < sp->n; i++) {
    if (!(sp->ai[i] > 0) || !(sp->perf[i] > 0)) continue;
    if (sp->labels && !sp->labels[i]) continue;
    double px = S_px(&fr, sp->ai[i]), py = S_py(&fr, sp->perf[i] / scale);
    char id[32];
    snprintf(id, sizeof id, "pt-%zu", i);
    char sa[48], sb[48];
    ec_fmt_value(sa, sizeof sa, sp->ai[i]);
    ec_fmt_si(sb, sizeof sb, sp->perf[i], "FLOP/s");
    char *tip = sp->labels && sp->labels[i]
                    ? ec_asprintf("%s: %s FLOP/byte, %s", sp->labels[i], sa, sb)
                    : ec_asprintf("%s FLOP/byte, %s", sa, sb);
    ec_scene_group(fr.s, id, tip, NULL, NULL);
    free(tip);
    ec_seg circ[2] = {{EC_SEG_ARC, px, py, 2.5, 0, 2 * M_PI}, {EC_SEG_CLOSE, 0, 0, 0, 0, 0}};
    ec_scene_path(fr.s, circ, 2, col[i], ec_ink(0.5), 0.4);
    ec_scene_end(fr.s);
  }
  ec_scene_end(fr.s);
  free(yt);
  free(seen);
  free(col);
  ec_legend_free(&leg);
  return fr.s;
}
