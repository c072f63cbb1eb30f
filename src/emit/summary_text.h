/* summary_text — the text of `enginecard summary`. */
#ifndef EC_EMIT_SUMMARY_TEXT_H
#define EC_EMIT_SUMMARY_TEXT_H
#include <stdio.h>
#include "facts/summary.h"
/** The report card of s's engine as text to f (`enginecard summary`):
 *  names through ec_term_put_text, unknown numbers as "not available". */
void ec_print_summary(const ec_summary *s, FILE *f);

#endif
