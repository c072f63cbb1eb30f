/* layout_check — the rules every figure must pass before it is rendered.
 *
 * Problems found: two text boxes that overlap (boxes are the measured pango
 * boxes, rotated with the text), anything drawn outside [0,width] x
 * [0,height], and text smaller than 6 pt. A chart that fails is a bug in the
 * chart code, not in its data. */
#ifndef EC_LAYOUT_CHECK_H
#define EC_LAYOUT_CHECK_H
#include <stddef.h>
#include "draw/scene.h"

#define EC_MIN_TEXT_PT 6.0

typedef struct ec_layout_problems {
  char **v; /* owned messages, e.g. "text 'a' overlaps text 'b'" */
  size_t n, cap;
} ec_layout_problems;

/** Check s; appends one message per problem to out (which the caller frees
 *  with ec_layout_problems_free). tol is the slack in points (0.5 is a good
 *  value: boxes that touch within tol do not count). Returns the number of
 *  problems added. */
size_t ec_layout_check(const ec_scene *s, double tol, ec_layout_problems *out);
void ec_layout_problems_free(ec_layout_problems *p);

#endif
