/* colors — TREx's colour maps, a categorical palette, a continuous ramp,
 * and contrast checks for light and dark page themes.
 *
 * Colour never carries meaning alone: every chart that colours by a key also
 * prints the key as text (legend, label or tooltip). */
#ifndef EC_COLORS_H
#define EC_COLORS_H
#include <stddef.h>
#include "view/scene.h"

/* The page backgrounds the contrast checks assume. */
#define EC_BG_LIGHT 0xffffff
#define EC_BG_DARK 0x121212

/** The colour of type's family (analyze/layer_kind.h ec_type_family: a raw,
 *  TREx-normalised, inferred or shown type): TREx's layer_colormap where it
 *  has one, one colour per family; types outside the families are gray
 *  (ConvActPool and NonZero keep TREx's). A NULL type is unknown. */
ec_color ec_color_layer_type(const char *type);
/** TREx precision_colormap plus INT4/FP4 and our extra labels (BF16, INT64,
 *  Bool); unknown precisions are gray. */
ec_color ec_color_precision(const char *precision);
/** The short text that names a precision in charts ("FP16"; "none" for
 *  "None"/NULL). Borrowed or static. */
const char *ec_precision_label(const char *precision);
/** Engine i's colour (command-line order), the same in every comparison
 *  chart: 7 dark hues, cycling, each at least 25 CIELAB units from every
 *  layer-type and precision colour (an engine is never taken for a layer
 *  type or a precision) and kept off the red-orange and green of "slower"
 *  and "faster". */
ec_color ec_color_engine(size_t i);
/** TREx's 12-colour categorical palette (default_pallete), cycling. */
ec_color ec_color_palette(size_t i);
/** A colour on a perceptually ordered ramp (viridis), t clamped to [0,1]. */
ec_color ec_color_ramp(double t);
/** WCAG contrast ratio (1..21) of an opaque colour against 0xRRGGBB. Ink
 *  counts as the theme's own foreground and returns 21. */
double ec_contrast(ec_color c, unsigned bg_hex);
/** 1 when a filled shape of colour c needs an ink outline to stand out
 *  (contrast < 3:1 against the light or the dark page). */
int ec_color_needs_outline(ec_color c);

#endif
