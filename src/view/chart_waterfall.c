/* chart_waterfall — from one total to another through signed steps. See
 * chart.h. */
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

#define S_DEFAULT_W 560.0
#define S_UP 0xd55e00   /* Okabe-Ito vermillion: worse */
#define S_DOWN 0x009e73 /* Okabe-Ito bluish green: better */

/* The signed value of a step ("+0.123"), or a total ("12.3"). */
static void S_num(char *buf, size_t cap, double v, int sign) {
  char t[48];
  ec_fmt_value(t, sizeof t, fabs(v));
  snprintf(buf, cap, "%s%s", sign ? (v < 0 ? "\xE2\x88\x92" : "+") : "", t);
}

/* Two slanted strokes near x: the bar is cut (the axis does not start at 0). */
static void S_cut(ec_scene *s, double x, double y0, double y1) {
  for (int k = 0; k < 2; k++) {
    double at = x + 6 + 3.0 * k;
    ec_scene_line(s, at - 2, y1 + 1, at + 2, y0 - 1, ec_ink(0.9), 1);
  }
}

ec_scene *ec_chart_waterfall(const ec_waterfall_spec *sp) {
  size_t rows = sp->n + 2;
  /* running totals: run[0] = start, run[k+1] after step k */
  double *run = ec_calloc(sp->n + 1, sizeof *run);
  run[0] = isfinite(sp->start) ? sp->start : 0;
  for (size_t k = 0; k < sp->n; k++) run[k + 1] = run[k] + (isfinite(sp->deltas[k]) ? sp->deltas[k] : 0);
  double end = isfinite(sp->end) ? sp->end : run[sp->n];
  double mn = fmin(run[0], end), mx = fmax(run[0], end);
  for (size_t k = 0; k <= sp->n; k++) {
    mn = fmin(mn, run[k]);
    mx = fmax(mx, run[k]);
  }
  /* small steps next to big totals: start the axis near the smallest total */
  double lo = fmin(0, mn), hi = mx;
  int cut = 0;
  if (mn > 0 && mx - mn < 0.5 * mx) {
    double pad = mx > mn ? 0.25 * (mx - mn) : 0.05 * mx;
    lo = mn - pad;
    cut = lo > 0;
    if (!cut) lo = 0;
  }
  if (!(hi > lo)) hi = lo + 1;

  ec_legend leg = {0};
  ec_legend_add(&leg, sp->up_label ? sp->up_label : "increase", ec_rgb(S_UP));
  ec_legend_add(&leg, sp->down_label ? sp->down_label : "decrease", ec_rgb(S_DOWN));
  if (sp->start_label) ec_legend_add(&leg, sp->start_label, sp->start_color);
  if (sp->end_label && (!sp->start_label || strcmp(sp->end_label, sp->start_label)))
    ec_legend_add(&leg, sp->end_label, sp->end_color);

  char **labels = ec_calloc(rows, sizeof *labels);
  char **vals = ec_calloc(rows, sizeof *vals);
  labels[0] = ec_strdup(sp->start_label ? sp->start_label : "start");
  labels[rows - 1] = ec_strdup(sp->end_label ? sp->end_label : "end");
  for (size_t k = 0; k < sp->n; k++) labels[k + 1] = ec_strdup(sp->labels && sp->labels[k] ? sp->labels[k] : "");
  char num[64];
  S_num(num, sizeof num, run[0], 0);
  vals[0] = ec_strdup(num);
  S_num(num, sizeof num, end, 0);
  vals[rows - 1] = ec_strdup(num);
  for (size_t k = 0; k < sp->n; k++) {
    S_num(num, sizeof num, sp->deltas[k], 1);
    vals[k + 1] = ec_strdup(num);
  }

  double W = sp->f.width > 0 ? sp->f.width : S_DEFAULT_W;
  double fs = EC_FS_LABEL;
  double lh = ec_line_height(fs);
  ec_text_metrics lm = ec_text_measure("Ag", 2, fs, 0);
  char *vtitle = ec_axis_title(sp->value_axis, sp->unit);
  double leg_h = ec_legend_height(&leg, W - 2 * EC_PAD);
  double title_h = sp->f.title && *sp->f.title ? ec_line_height(EC_FS_TITLE) + 4 : 0;
  double head = EC_PAD + title_h + (leg_h > 0 ? leg_h + 4 : 0);
  double band = fmax(lh * 1.5, 14);
  double axis_h = ec_axis_x_height(vtitle != NULL);
  double H = sp->f.height > 0 ? sp->f.height : head + rows * band + axis_h + EC_PAD + 6;
  double lab_w = fmin(ec_max_width((const char *const *)labels, rows, fs, 0), W * 0.38);
  double val_w = ec_max_width((const char *const *)vals, rows, fs, 0) + 6;
  double x0 = EC_PAD + lab_w + 6, x1 = W - EC_PAD - val_w;
  ec_axis va;
  ec_axis_fit(&va, lo, hi, 0, x1 - x0, 1);
  if (cut && va.lo < 0) cut = 0;
  double top;
  ec_scene *s = ec_chart_start(&sp->f, W, H, &top);
  double y = top;
  if (leg_h > 0) {
    ec_legend_draw(s, &leg, EC_PAD, y, W - 2 * EC_PAD);
    y += leg_h + 4;
  }
  double y0 = y + 2, y1 = y0 + band * rows;
  ec_axis_draw_x(s, &va, x0, x1, y1, y0, y1, vtitle);
  double zero = ec_axis_map(&va, fmax(va.lo, 0), x0, x1);
  ec_scene_group(s, "bars", NULL, NULL, "ec-bars");
  for (size_t r = 0; r < rows; r++) {
    double b0 = y0 + band * r + band * 0.15, b1 = y0 + band * (r + 1) - band * 0.15;
    double a, b;
    ec_color col;
    int total = r == 0 || r == rows - 1;
    if (r == 0) {
      a = fmax(va.lo, 0), b = run[0], col = sp->start_color;
    } else if (r == rows - 1) {
      a = fmax(va.lo, 0), b = end, col = sp->end_color;
    } else {
      a = run[r - 1], b = run[r];
      col = ec_rgb(b >= a ? S_UP : S_DOWN);
    }
    double p0 = ec_axis_map(&va, fmin(a, b), x0, x1), p1 = ec_axis_map(&va, fmax(a, b), x0, x1);
    if (p1 - p0 < 1) {
      double mid = (p0 + p1) / 2;
      p0 = mid - 0.5;
      p1 = mid + 0.5;
    }
    char id[32];
    snprintf(id, sizeof id, "step-%zu", r);
    const char *tip = total ? NULL : sp->tips ? sp->tips[r - 1] : NULL;
    char *t = tip ? ec_strdup(tip) : ec_asprintf("%s: %s %s", labels[r], vals[r], sp->unit ? sp->unit : "");
    ec_scene_group(s, id, t, NULL, NULL);
    free(t);
    ec_chart_swatch(s, total ? fmax(p0, zero) : p0, b0, total ? p1 - fmax(p0, zero) : p1 - p0, b1 - b0, col);
    if (total && cut) S_cut(s, x0, b0, b1);
    ec_scene_end(s);
    /* a thin connector from this bar's end to the next row */
    if (r + 1 < rows) {
      double at = ec_axis_map(&va, r == 0 ? run[0] : r < rows - 1 ? run[r] : end, x0, x1);
      ec_scene_line(s, at, b1, at, b1 + band * 0.3, ec_ink(0.45), 0.6);
    }
  }
  ec_scene_end(s);
  ec_scene_group(s, "labels", NULL, NULL, "ec-labels");
  for (size_t r = 0; r < rows; r++) {
    double cy = y0 + band * (r + 0.5) + (lm.ascent - lm.descent) / 2;
    int total = r == 0 || r == rows - 1;
    ec_scene_text_mid(s, x0 - 6, cy, labels[r], strlen(labels[r]), fs, total, EC_ANCHOR_END, 0, lab_w, ec_ink(1));
    double right = total ? (r == 0 ? run[0] : end) : fmax(run[r - 1], run[r]);
    double bx = ec_axis_map(&va, fmin(right, va.hi), x0, x1);
    ec_scene_text(s, bx + 3, cy, vals[r], strlen(vals[r]), fs, total, EC_ANCHOR_START, 0, 0, ec_ink(1));
  }
  ec_scene_end(s);
  if (cut) {
    char a[48];
    ec_fmt_value(a, sizeof a, va.lo);
    char *note = ec_asprintf("The value axis starts at %s%s%s, not 0, so that the steps show; the two total bars are "
                             "drawn cut.",
                             a, sp->unit && *sp->unit ? " " : "", sp->unit ? sp->unit : "");
    ec_chart_note(s, note);
    free(note);
  }
  for (size_t r = 0; r < rows; r++) {
    free(labels[r]);
    free(vals[r]);
  }
  free(labels);
  free(vals);
  free(vtitle);
  free(run);
  ec_legend_free(&leg);
  return s;
}
