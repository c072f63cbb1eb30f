/* palette — see palette.h. */
#include "draw/palette.h"

#include <math.h>

/* P/trex/colors.py default_pallete without its trailing gray. */
static const unsigned S_palette[] = {0xa11350, 0x008619, 0x4064ec, 0xffb519,
                                     0x8f1a8e, 0xb2b200, 0x64b0ff, 0xe46d00,
                                     0x02d2ba, 0xef393d, 0xf1b0f7, 0x7e4401};

ec_color ec_palette_color(size_t i) {
  return ec_rgb(S_palette[i % (sizeof S_palette / sizeof *S_palette)]);
}

ec_color ec_palette_ramp(double t) {
  /* viridis at 0, .25, .5, .75, 1 */
  static const unsigned stops[5] = {0x440154, 0x3b528b, 0x21918c, 0x5ec962, 0xfde725};
  if (!(t >= 0)) t = 0;
  if (t > 1) t = 1;
  double f = t * 4;
  int i = (int)f;
  if (i >= 4) i = 3;
  f -= i;
  unsigned a = stops[i], b = stops[i + 1];
  unsigned r = (unsigned)lround(((a >> 16) & 0xff) * (1 - f) + ((b >> 16) & 0xff) * f);
  unsigned g = (unsigned)lround(((a >> 8) & 0xff) * (1 - f) + ((b >> 8) & 0xff) * f);
  unsigned bl = (unsigned)lround((a & 0xff) * (1 - f) + (b & 0xff) * f);
  return ec_rgb((r << 16) | (g << 8) | bl);
}

static double S_lin(unsigned v) {
  double c = v / 255.0;
  return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
}

static double S_lum(unsigned r, unsigned g, unsigned b) {
  return 0.2126 * S_lin(r) + 0.7152 * S_lin(g) + 0.0722 * S_lin(b);
}

double ec_palette_contrast(ec_color c, unsigned bg) {
  if (c.kind != EC_COL_RGB) return 21.0;
  double l1 = S_lum(c.r, c.g, c.b);
  double l2 = S_lum((bg >> 16) & 0xff, (bg >> 8) & 0xff, bg & 0xff);
  double hi = fmax(l1, l2), lo = fmin(l1, l2);
  return (hi + 0.05) / (lo + 0.05);
}

int ec_palette_needs_outline(ec_color c) {
  if (c.kind != EC_COL_RGB) return 0;
  return ec_palette_contrast(c, EC_BG_LIGHT) < 3.0 || ec_palette_contrast(c, EC_BG_DARK) < 3.0;
}
