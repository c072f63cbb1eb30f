/* compare_text — the text of `enginecard compare`. */
#ifndef EC_EMIT_COMPARE_TEXT_H
#define EC_EMIT_COMPARE_TEXT_H
#include <stdio.h>
#include "judge/compare.h"
/** Comparison c as text to f (`enginecard compare`): the engines, the
 *  gate's verdict per candidate, the advisory layer list, the platform
 *  comparison and the result line. */
void ec_print_compare(const ec_comparison *c, FILE *f);

#endif
