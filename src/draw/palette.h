/* palette — colour vocabulary that means nothing by itself: TREx's
 * categorical palette, a perceptually ordered ramp, and the contrast checks
 * for light and dark page themes. What a colour stands for (a layer type, a
 * precision, an engine) is view/colors.h. */
#ifndef EC_PALETTE_H
#define EC_PALETTE_H
#include <stddef.h>
#include "draw/scene.h"

/* The page backgrounds the contrast checks assume. */
#define EC_BG_LIGHT 0xffffff
#define EC_BG_DARK 0x121212

/** TREx's 12-colour categorical palette (default_pallete), cycling. */
ec_color ec_palette_color(size_t i);
/** A colour on a perceptually ordered ramp (viridis), t clamped to [0,1]. */
ec_color ec_palette_ramp(double t);
/** WCAG contrast ratio (1..21) of an opaque colour against 0xRRGGBB. Ink
 *  counts as the theme's own foreground and returns 21. */
double ec_palette_contrast(ec_color c, unsigned bg_hex);
/** 1 when a filled shape of colour c needs an ink outline to stand out
 *  (contrast < 3:1 against the light or the dark page). */
int ec_palette_needs_outline(ec_color c);

#endif
