/* trend_text — the text of `enginecard trend`. */
#ifndef EC_EMIT_TREND_TEXT_H
#define EC_EMIT_TREND_TEXT_H
#include "judge/trend.h"
/** Trend t as text on standard output (`enginecard trend`), each line
 *  through ec_term_put_safe. */
void ec_print_trend(const ec_trend *t);

#endif
