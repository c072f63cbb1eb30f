/* precision_change — the precision mix judged across engines: which
 * candidates of a comparison miss --expect-precision (so the comparison fails
 * like a gate), and the nights of a trend whose mix changed notably.
 *
 * Pure: no I/O. */
#ifndef EC_PRECISION_CHANGE_H
#define EC_PRECISION_CHANGE_H
#include <stddef.h>
#include "facts/precision_mix.h"
#include "rules/expect.h"
#include "judge/compare.h"
#include "judge/trend.h"

/** How engine i of comparison c meets c->opts.expect: the expectations it
 *  misses (0 when it meets them all or none is given); *unknown (may be
 *  NULL) gets how many cannot be checked on it. */
size_t ec_compare_expect_misses(const ec_comparison *c, size_t i, size_t *unknown);
/** Counts in c->precision_missed the candidates that miss c->opts.expect,
 *  so that the comparison's outcome (ec_compare_outcome) fails like a gate:
 *  call once, right after ec_compare. */
void ec_compare_expect_apply(ec_comparison *c);

/* A night of a trend group whose precision mix changed from the night before. */
typedef struct ec_trend_flip {
  size_t night;          /* index into the group's nights */
  size_t before;         /* the night it is compared with (the last one before it with a mix) */
  ec_mix_change change;
} ec_trend_flip;

/** The nights of g, in its order, whose mix changed notably from the
 *  last night before them that has one; up to cap into out. Returns how
 *  many (all of them, even past cap). */
size_t ec_trend_mix_flips(const ec_trend_group *g, ec_trend_flip *out, size_t cap);
/* Flips a trend output lists per engine at most. */
#define EC_TREND_FLIPS_SHOWN 10

#endif
