/* chart_strip — rows of 100% stacked strips (a mix: "92% FP16, 8% FP32").
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
#include "words/words.h"

#define S_LABEL_INK 0x1a1a1a /* segment text sits on the key's colour, the same in both themes */

static double S_val(double v) { return isfinite(v) && v > 0 ? v : 0; }

static const char *S_label(const ec_strip_spec *sp, size_t k) {
  const char *key = sp->keys[k] ? sp->keys[k] : "";
  return sp->key_label ? sp->key_label(key) : key;
}

ec_scene *ec_chart_strip(const ec_strip_spec *sp) {
  double W = sp->f.width > 0 ? sp->f.width : 480;
  size_t nr = sp->n_rows ? sp->n_rows : 1, nk = sp->n_keys;
  /* the strip is read at a glance: its text is a size up from chart labels */
  double fs = EC_FS_LABEL + 1.5;
  double lh = ec_line_height(fs);
  double bar_h = fmax(lh + 8, 16);
  double gap = 5;
  /* the legend names every key that has a share in some row */
  ec_legend leg = {0};
  if (sp->legend)
    for (size_t k = 0; k < nk; k++) {
      double any = 0;
      for (size_t r = 0; r < nr; r++) any += S_val(sp->values[r * nk + k]);
      if (any > 0) ec_legend_add(&leg, S_label(sp, k), sp->key_color ? sp->key_color(sp->keys[k]) : ec_palette_color(k));
    }
  double leg_h = ec_legend_height(&leg, W - 2 * EC_PAD);
  double title_h = sp->f.title && *sp->f.title ? ec_line_height(EC_FS_TITLE) + 4 : 0;
  double lab_w = sp->row_labels ? fmin(ec_max_width(sp->row_labels, nr, fs, 0), W * 0.35) + 6 : 0;
  double H = sp->f.height > 0 ? sp->f.height
                              : EC_PAD + title_h + nr * bar_h + (nr - 1) * gap + (leg_h > 0 ? leg_h + 6 : 0) + EC_PAD;
  double top;
  ec_scene *s = ec_chart_start(&sp->f, W, H, &top);
  ec_text_metrics m = ec_text_measure("Ag", 2, fs, 0);
  double x0 = EC_PAD + lab_w, x1 = W - EC_PAD;
  ec_scene_group(s, "strips", NULL, NULL, "ec-bars");
  for (size_t r = 0; r < nr; r++) {
    double y = top + r * (bar_h + gap);
    double cy = y + bar_h / 2 + (m.ascent - m.descent) / 2;
    if (sp->row_labels)
      ec_scene_text(s, x0 - 6, cy, sp->row_labels[r], strlen(sp->row_labels[r]), fs, 0, EC_ANCHOR_END, 0, lab_w - 6,
                    ec_ink(1));
    const char *unit = sp->row_units && sp->row_units[r] ? sp->row_units[r] : sp->unit ? sp->unit : "";
    double total = 0;
    for (size_t k = 0; k < nk; k++) total += S_val(sp->values[r * nk + k]);
    if (!(total > 0)) {
      ec_scene_rect(s, x0, y, x1 - x0, bar_h, ec_nocolor(), ec_ink(0.3), 1);
      continue;
    }
    double x = x0;
    for (size_t k = 0; k < nk; k++) {
      double v = S_val(sp->values[r * nk + k]);
      if (v <= 0) continue;
      double w = (x1 - x0) * v / total;
      char num[48], id[48];
      ec_fmt_value(num, sizeof num, v);
      double pct = 100 * v / total;
      char *tip = ec_asprintf("%s%s%s: %s%s%s (" EC_PCT ")", sp->row_labels ? sp->row_labels[r] : "",
                              sp->row_labels ? ", " : "", S_label(sp, k), num, *unit ? " " : "", unit, pct);
      snprintf(id, sizeof id, "seg-%zu-%zu", r, k);
      ec_scene_group(s, id, tip, NULL, NULL);
      free(tip);
      ec_color c = sp->key_color ? sp->key_color(sp->keys[k]) : ec_palette_color(k);
      ec_chart_swatch(s, x, y, w, bar_h, c);
      /* the key and its share inside the segment when they fit, else the key alone */
      char lab[96];
      snprintf(lab, sizeof lab, "%s " EC_PCT_LABEL, S_label(sp, k), pct);
      if (ec_text_width(lab, fs, 0) > w - 6) snprintf(lab, sizeof lab, "%s", S_label(sp, k));
      if (ec_text_width(lab, fs, 0) <= w - 6)
        ec_scene_text(s, x + 3, cy, lab, strlen(lab), fs, 0, EC_ANCHOR_START, 0, 0, ec_rgb(S_LABEL_INK));
      ec_scene_end(s);
      x += w;
    }
  }
  ec_scene_end(s);
  if (leg_h > 0) ec_legend_draw(s, &leg, EC_PAD + lab_w, top + nr * bar_h + (nr - 1) * gap + 6, W - 2 * EC_PAD - lab_w);
  ec_legend_free(&leg);
  return s;
}
