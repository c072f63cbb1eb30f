/* precision_words — the precision mix and its changes in words, for every
 * output. Caller frees each string. */
#ifndef EC_PRECISION_WORDS_H
#define EC_PRECISION_WORDS_H
#include "facts/precision_mix.h"
#include "judge/precision_change.h"

/** "INT8 share 85.00% → 20.00% of the latency, FP16 3.00% → 78.00%: 41 more
 *  layers run in FP16 (3 → 44)"; NULL when the change is not notable.
 *  Caller frees. */
char *ec_narrate_mix_change(const ec_mix_change *c);

/** "night 2026-11-05 (against night 2026-11-04): INT8 share 85.00% → 20.00%
 *  of the latency, ...": one flip of g in words. Caller frees. */
char *ec_narrate_mix_flip(const ec_trend_group *g, const ec_trend_flip *f);
#endif
