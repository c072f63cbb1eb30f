/* colors — what a colour means: TREx's colour maps of layer types and
 * precisions, the engines' colours in comparisons, and the precision chip of
 * a table cell. The meaning-free vocabulary (palette, ramp, contrast) is
 * draw/palette.h.
 *
 * Colour never carries meaning alone: every chart that colours by a key also
 * prints the key as text (legend, label or tooltip). */
#ifndef EC_COLORS_H
#define EC_COLORS_H
#include <stddef.h>
#include "draw/palette.h"
#include "draw/scene.h"
#include "draw/table.h"

/** The colour of type's family (facts/layer_kind.h ec_type_family: a raw,
 *  TREx-normalised, inferred or shown type): TREx's layer_colormap where it
 *  has one, one colour per family; types outside the families are gray
 *  (ConvActPool and NonZero keep TREx's). A NULL type is unknown. */
ec_color ec_colors_layer_type(const char *type);
/** TREx precision_colormap plus INT4/FP4 and our extra labels (BF16, INT64,
 *  Bool); unknown precisions are gray. */
ec_color ec_colors_precision(const char *precision);
/** The short text that names a precision in charts ("FP16"; "none" for
 *  "None"/NULL). Borrowed or static. */
const char *ec_precision_label(const char *precision);
/** Engine i's colour (command-line order), the same in every comparison
 *  chart: 7 dark hues, cycling, each at least 25 CIELAB units from every
 *  layer-type and precision colour (an engine is never taken for a layer
 *  type or a precision) and kept off the red-orange and green of "slower"
 *  and "faster". */
ec_color ec_colors_engine(size_t i);
/** Cell (row, col) of t shows a precision: its kind, key and colour chip
 *  (ec_colors_precision), so the writers need not know what a precision is. */
void ec_precision_cell(ec_table *t, size_t row, size_t col, const char *precision);

#endif
