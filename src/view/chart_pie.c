/* chart_pie — donut charts. See chart.h. */
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

typedef struct S_slice {
  const char *label;
  const char *key;
  double v;
  size_t idx; /* input order, for stable sorting */
} S_slice;

static int S_by_value(const void *a, const void *b) {
  const S_slice *p = a, *q = b;
  if (p->v != q->v) return p->v > q->v ? -1 : 1;
  return p->idx < q->idx ? -1 : p->idx > q->idx ? 1 : 0;
}

ec_scene *ec_chart_donut(const ec_donut_spec *sp) {
  double W = sp->f.width > 0 ? sp->f.width : 480;
  double H = sp->f.height > 0 ? sp->f.height : 240;
  size_t max = sp->max_slices ? sp->max_slices : 8;
  if (max < 2) max = 2;
  S_slice *sl = ec_calloc(sp->n + 1, sizeof *sl);
  double total = 0;
  for (size_t i = 0; i < sp->n; i++) {
    sl[i].label = sp->labels && sp->labels[i] ? sp->labels[i] : "";
    sl[i].key = sp->keys ? sp->keys[i] : sl[i].label;
    sl[i].v = isfinite(sp->values[i]) && sp->values[i] > 0 ? sp->values[i] : 0;
    sl[i].idx = i;
    total += sl[i].v;
  }
  qsort(sl, sp->n, sizeof *sl, S_by_value);
  size_t n = sp->n, other = 0;
  double other_v = 0;
  if (n > max) {
    for (size_t i = max - 1; i < n; i++) other_v += sl[i].v;
    other = n - (max - 1);
    n = max - 1;
  }
  ec_color *col = ec_calloc(n + 1, sizeof *col);
  for (size_t i = 0; i < n; i++)
    col[i] = sp->key_color ? sp->key_color(sl[i].key) : ec_palette_color(sl[i].idx);

  double top;
  ec_scene *s = ec_chart_start(&sp->f, W, H, &top);
  double avail = H - top - EC_PAD;
  double R = fmin(avail, W * 0.45) / 2 - 2;
  if (R < 10) R = 10;
  double r = R * 0.58;
  double cx = EC_PAD + R + 2, cy = top + avail / 2;
  const char *unit = sp->unit ? sp->unit : "";
  char num[48], pct[32];

  ec_scene_group(s, "slices", NULL, NULL, "ec-slices");
  if (total <= 0) {
    ec_seg ring[] = {{EC_SEG_ARC, cx, cy, R, 0, 2 * M_PI}, {EC_SEG_CLOSE, 0, 0, 0, 0, 0}};
    ec_scene_path(s, ring, 2, ec_nocolor(), ec_ink(0.3), 1);
  } else {
    double a = -M_PI / 2;
    for (size_t i = 0; i < n + (other ? 1 : 0); i++) {
      double v = i < n ? sl[i].v : other_v;
      if (v <= 0) continue;
      double sweep = 2 * M_PI * v / total;
      ec_seg seg[4] = {
          {EC_SEG_ARC, cx, cy, R, a, a + sweep},
          {EC_SEG_ARC, cx, cy, r, a + sweep, a},
          {EC_SEG_CLOSE, 0, 0, 0, 0, 0},
      };
      ec_fmt_value(num, sizeof num, v);
      snprintf(pct, sizeof pct, EC_PCT_LABEL, 100 * v / total);
      char *tip = ec_asprintf("%s: %s%s%s (%s)", i < n ? sl[i].label : "other", num,
                              *unit ? " " : "", unit, pct);
      char id[32];
      snprintf(id, sizeof id, "slice-%zu", i);
      ec_scene_group(s, id, tip, NULL, NULL);
      free(tip);
      ec_color c = i < n ? col[i] : ec_rgb(0x808080);
      /* Slices are separated by a thin ink hairline, so light colours and
       * neighbours of similar hue stay apart on either theme. */
      ec_scene_path(s, seg, 3, c, ec_ink(0.35), 0.5);
      ec_scene_end(s);
      a += sweep;
    }
  }
  ec_scene_end(s);

  /* Centre: total. */
  ec_text_metrics mt = ec_text_measure("Ag", 2, 10, 1);
  ec_text_metrics ms = ec_text_measure("Ag", 2, EC_FS_LABEL, 0);
  ec_fmt_value(num, sizeof num, total);
  char *ctext = ec_asprintf("%s%s%s", num, *unit ? " " : "", unit);
  double inner = 2 * r * 0.92;
  double ty = sp->center ? cy - 1 : cy + (mt.ascent - mt.descent) / 2;
  ec_scene_text(s, cx, ty, ctext, strlen(ctext), 10, 1, EC_ANCHOR_MIDDLE, 0, inner, ec_ink(1));
  if (sp->center)
    ec_scene_text(s, cx, cy + 1 + ms.ascent, sp->center, strlen(sp->center), EC_FS_LABEL, 0,
                  EC_ANCHOR_MIDDLE, 0, inner * 0.9, ec_ink(0.8));
  free(ctext);

  /* Legend: one row per slice with value and share. */
  double lx = cx + R + 16, lw = W - EC_PAD - lx;
  size_t rows = n + (other ? 1 : 0);
  double fs = EC_FS_LABEL;
  double lh = ec_line_height(fs) + 3;
  while (rows * lh > avail && fs > EC_FS_MIN) {
    fs -= 0.5;
    lh = ec_line_height(fs) + 3;
  }
  ec_text_metrics ml = ec_text_measure("Ag", 2, fs, 0);
  double ly = cy - rows * lh / 2;
  if (ly < top) ly = top;
  /* Columns: label | value | share. */
  double vw = 0, pw = ec_text_width("100.0%", fs, 0);
  for (size_t i = 0; i < rows; i++) {
    ec_fmt_value(num, sizeof num, i < n ? sl[i].v : other_v);
    char *t = ec_asprintf("%s%s%s", num, *unit ? " " : "", unit);
    vw = fmax(vw, ec_text_width(t, fs, 0));
    free(t);
  }
  double labw = lw - 12 - vw - pw - 16;
  double natural = 0;
  for (size_t i = 0; i < rows; i++)
    natural = fmax(natural, ec_text_width(i < n ? sl[i].label : "other (000)", fs, 0));
  if (natural < labw) labw = natural;
  double vx = lx + 12 + labw + 10 + vw; /* right edge of the value column */
  double px = vx + 8 + pw;             /* right edge of the share column */
  ec_scene_group(s, "legend", NULL, NULL, "ec-legend");
  for (size_t i = 0; i < rows && ly + lh <= H; i++) {
    double y = ly + i * lh;
    double v = i < n ? sl[i].v : other_v;
    ec_chart_swatch(s, lx, y + (lh - 3 - 8) / 2 + 0.5, 8, 8, i < n ? col[i] : ec_rgb(0x808080));
    char *lab = i < n ? ec_strdup(sl[i].label) : ec_asprintf("other (%zu)", other);
    ec_scene_text(s, lx + 12, y + ml.ascent, lab, strlen(lab), fs, 0, EC_ANCHOR_START, 0,
                  fmax(labw, 20), ec_ink(1));
    free(lab);
    ec_fmt_value(num, sizeof num, v);
    char *t = ec_asprintf("%s%s%s", num, *unit ? " " : "", unit);
    ec_scene_text(s, vx, y + ml.ascent, t, strlen(t), fs, 0, EC_ANCHOR_END, 0, 0, ec_ink(1));
    free(t);
    snprintf(pct, sizeof pct, EC_PCT_LABEL, total > 0 ? 100 * v / total : 0);
    ec_scene_text(s, px, y + ml.ascent, pct, strlen(pct), fs, 0, EC_ANCHOR_END, 0, 0, ec_ink(1));
  }
  ec_scene_end(s);
  if (other) {
    char *nt = ec_asprintf("The %zu smallest of %zu %s are summed as \"other\".", other,
                           sp->n, ec_plural(sp->n, "slice", "slices"));
    ec_chart_note(s, nt);
    free(nt);
  }
  free(col);
  free(sl);
  return s;
}
