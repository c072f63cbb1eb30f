#include "narrate/narrate.h"
#include "analyze/precision_mix.h"
#include <math.h>
#include <stdio.h>
#include "util/alloc.h"
#include "util/buf.h"
#include "words/words.h"

#define S_NO_GATE "--max-regress not given"

const char *ec_narrate_no_gate_why(void) { return S_NO_GATE; }

const char *ec_narrate_gate_none(void) { return "none (" S_NO_GATE ")"; }

char *ec_narrate_compare_headline(const ec_comparison *c) {
  double pct = c->opts.max_regress_pct;
  switch (ec_compare_outcome(c)) {
  case EC_OUTCOME_NOT_COMPARABLE:
    return ec_asprintf("NOT COMPARABLE: %s is missing for %zu engine%s", ec_metric_name(c->used), c->errors,
                       ec_plural(c->errors, "", "s"));
  case EC_OUTCOME_FAIL:
    return ec_asprintf("FAIL: %zu of %zu engine%s slower than the baseline beyond the %g%% limit", c->failed, c->gates,
                       ec_plural(c->gates, " is", "s are"), pct);
  case EC_OUTCOME_PASS:
    return ec_asprintf("PASS: no engine is slower than the baseline beyond the %g%% limit (%zu gate%s)", pct, c->gates,
                       ec_plural(c->gates, "", "s"));
  case EC_OUTCOME_MISMATCH:
    return ec_asprintf("NOT COMPARABLE: %zu of %zu engine%s measured on a different GPU, TensorRT or shapes than the "
                       "baseline (no verdict; --allow-mismatch gates anyway)",
                       c->mismatched, c->gates, ec_plural(c->gates, " is", "s are"));
  case EC_OUTCOME_INCONCLUSIVE:
    return ec_asprintf("INCONCLUSIVE: %zu of %zu engine%s not told from noise at the %g%% limit (no verdict)",
                       c->inconclusive, c->gates, ec_plural(c->gates, " is", "s are"), pct);
  default:
    if (c->platform)
      return ec_asprintf("NO GATE: a platform comparison of %zu engine%s with the baseline (%s): ratios per layer "
                         "family, no verdict",
                         c->n - 1, ec_plural(c->n - 1, "", "s"), c->opts.no_gate ? "--no-gate" : "on another GPU");
    return ec_asprintf("NO GATE: %zu engine%s compared with the baseline (%s)", c->n - 1,
                       ec_plural(c->n - 1, "", "s"), ec_narrate_no_gate_why());
  }
}

char *ec_narrate_trend_headline(const ec_trend *t) {
  size_t cps = 0;
  for (size_t g = 0; g < t->n; g++) cps += t->groups[g].n_cps;
  char tail[96];
  snprintf(tail, sizeof tail, "%zu change point%s in %zu night%s", cps, ec_plural(cps, "", "s"), t->nights,
           ec_plural(t->nights, "", "s"));
  switch (ec_trend_outcome(t)) {
  case EC_OUTCOME_NOT_COMPARABLE:
    return ec_asprintf("NOT COMPARABLE: the latest night of %zu engine%s lacks %s (%s)", t->errors,
                       ec_plural(t->errors, "", "s"), ec_metric_name(t->used), tail);
  case EC_OUTCOME_FAIL:
    return ec_asprintf("FAIL: the latest night of %zu of %zu engine%s slower than the level before it beyond the %g%% "
                       "limit (%s)",
                       t->failed, t->gates, ec_plural(t->gates, " is", "s is"), t->opts.max_regress_pct, tail);
  case EC_OUTCOME_PASS:
    return ec_asprintf("PASS: no engine's latest night is slower than the level before it beyond the %g%% limit (%s)",
                       t->opts.max_regress_pct, tail);
  case EC_OUTCOME_MISMATCH:
    return ec_asprintf("NOT COMPARABLE: the latest night of %zu of %zu engine%s measured unlike the nights it is compared "
                       "with (no verdict; %s)",
                       t->mismatched, t->gates, ec_plural(t->gates, " is", "s is"), tail);
  case EC_OUTCOME_INCONCLUSIVE:
    return ec_asprintf("INCONCLUSIVE: the latest night of %zu of %zu engine%s past the %g%% limit but not yet a "
                       "confirmed regression (no verdict; %s)",
                       t->inconclusive, t->gates, ec_plural(t->gates, " is", "s is"), t->opts.max_regress_pct, tail);
  default:
    if (isfinite(t->opts.max_regress_pct))
      return ec_asprintf("NOT JUDGED: no engine's latest night has a level before it to compare with (%zu engine%s; %s)",
                         t->n, ec_plural(t->n, "", "s"), tail);
    return ec_asprintf("NO GATE: %zu engine%s (%s; %s)", t->n, ec_plural(t->n, "", "s"), tail, ec_narrate_no_gate_why());
  }
}

char *ec_narrate_expect_compare(const ec_comparison *c) {
  if (!c->opts.n_expect) return NULL;
  ec_buf specs = {0}, names = {0};
  for (size_t k = 0; k < c->opts.n_expect; k++) ec_buf_printf(&specs, "%s%s", k ? "," : "", c->opts.expect[k].spec);
  size_t cand = 0, miss = 0, unknown = 0;
  for (size_t i = 0; i < c->n; i++) {
    if (i == c->baseline) continue;
    cand++;
    size_t u;
    if (ec_expect_compare_misses(c, i, &u)) {
      ec_buf_printf(&names, "%s%s", miss ? ", " : "", c->engines[i]->name);
      miss++;
    }
    unknown += u > 0;
  }
  char *out;
  if (miss)
    out = ec_asprintf("FAIL: %zu of %zu candidate%s miss%s --expect-precision %s: %s", miss, cand, ec_plural(cand, "", "s"),
                      ec_plural(miss, "es", ""), specs.data, names.data);
  else if (unknown)
    out = ec_asprintf("--expect-precision %s could not be checked on %zu of %zu candidate%s (precisions unknown)", specs.data,
                      unknown, cand, ec_plural(cand, "", "s"));
  else
    out = ec_asprintf("--expect-precision %s: met by every candidate", specs.data);
  ec_buf_free(&specs);
  ec_buf_free(&names);
  return out;
}
