#include "narrate/narrate.h"
#include "narrate/precision_words.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/alloc.h"
#include "util/buf.h"
#include "words/words.h"

#define S_NO_GATE "--max-regress not given"

const char *ec_narrate_no_gate_why(void) { return S_NO_GATE; }

const char *ec_narrate_gate_none(void) { return "none (" S_NO_GATE ")"; }

char *ec_narrate_basis(const ec_comparison *c) {
  if (!c->per_inference) return NULL;
  ec_buf b = {0};
  ec_buf_printf(&b, "per inference: batch %ld vs ", c->batch[c->baseline]);
  for (size_t i = 0, k = 0; i < c->n; i++)
    if (i != c->baseline) ec_buf_printf(&b, "%s%ld", k++ ? ", " : "", c->batch[i]);
  return ec_buf_take(&b);
}

char *ec_narrate_basis_detail(const ec_comparison *c) {
  char *basis = ec_narrate_basis(c);
  if (!basis) return NULL;
  ec_buf b = {0};
  ec_buf_printf(&b, "%s: each engine's times are divided by its batch%s; as measured,", basis,
                c->used == EC_METRIC_THROUGHPUT ? " and its throughput multiplied by it" : "");
  free(basis);
  for (size_t i = 0; i < c->n; i++) {
    char v[32];
    ec_buf_printf(&b, "%s %s %s %s per batch of %ld", i ? ";" : "", c->engines[i]->name,
                  isfinite(c->res[i].raw_value) ? ec_fmt_num(v, sizeof v, c->res[i].raw_value) : EC_NA,
                  ec_metric_unit(c->used), c->batch[i]);
  }
  ec_buf_putc(&b, '.');
  return ec_buf_take(&b);
}

static char *S_compare_outcome(const ec_comparison *c);

char *ec_narrate_compare_headline(const ec_comparison *c) {
  char *h = S_compare_outcome(c), *basis = ec_narrate_basis(c);
  if (!basis) return h;
  /* right after the outcome word, where a cut banner still shows it: "NO GATE (per inference: batch 32 vs 1): ..." */
  const char *colon = strstr(h, ": ");
  char *t = colon ? ec_asprintf("%.*s (%s)%s", (int)(colon - h), h, basis, colon) : ec_asprintf("%s (%s)", h, basis);
  free(h);
  free(basis);
  return t;
}

static char *S_compare_outcome(const ec_comparison *c) {
  double pct = c->opts.max_regress_pct;
  switch (ec_compare_outcome(c)) {
  case EC_OUTCOME_NO_TIMING:
    return ec_asprintf("NO VERDICT: no timing to compare for %zu of %zu engine%s (no GPU compute time, latency or "
                       "per-layer profile that both sides have)",
                       c->errors, c->n ? c->n - 1 : 0, ec_plural(c->n ? c->n - 1 : 0, "", "s"));
  case EC_OUTCOME_FAIL:
    return ec_asprintf("FAIL: %zu of %zu engine%s slower than the baseline beyond the " EC_GIVEN "%% limit", c->failed, c->gates,
                       ec_plural(c->gates, " is", "s are"), pct);
  case EC_OUTCOME_PASS:
    return ec_asprintf("PASS: no engine is slower than the baseline beyond the " EC_GIVEN "%% limit (%zu gate%s)", pct, c->gates,
                       ec_plural(c->gates, "", "s"));
  case EC_OUTCOME_MISMATCH:
    return ec_asprintf("NOT COMPARABLE: %zu of %zu engine%s measured on a different GPU, TensorRT or shapes than the "
                       "baseline (no verdict; --allow-mismatch gates anyway)",
                       c->mismatched, c->gates, ec_plural(c->gates, " is", "s are"));
  case EC_OUTCOME_INCONCLUSIVE:
    return ec_asprintf("INCONCLUSIVE: %zu of %zu engine%s not told from noise at the " EC_GIVEN "%% limit (no verdict)",
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
  case EC_OUTCOME_FAIL: {
    /* name the gate that failed: the level before, the reference, or both */
    size_t lvl = 0, ref = 0;
    for (size_t g = 0; g < t->n; g++) {
      if (t->groups[g].verdict != EC_VERDICT_FAIL) continue;
      lvl += t->groups[g].level_verdict == EC_VERDICT_FAIL;
      ref += t->groups[g].ref_judged && t->groups[g].ref_verdict == EC_VERDICT_FAIL;
    }
    const char *than = lvl && ref && (lvl < t->failed || ref < t->failed) ? "than the level before it or the reference level"
                       : lvl && ref ? "than the level before it and the reference level"
                       : ref        ? "than the reference level (cumulative change)"
                                    : "than the level before it";
    return ec_asprintf("FAIL: the latest night of %zu of %zu engine%s slower %s beyond the " EC_GIVEN "%% limit (%s)", t->failed,
                       t->gates, ec_plural(t->gates, " is", "s is"), than, t->opts.max_regress_pct, tail);
  }
  case EC_OUTCOME_PASS:
    return ec_asprintf("PASS: no engine's latest night is slower than the level before it beyond the " EC_GIVEN "%% limit (%s)",
                       t->opts.max_regress_pct, tail);
  case EC_OUTCOME_MISMATCH:
    return ec_asprintf("NOT COMPARABLE: the latest night of %zu of %zu engine%s measured unlike the nights it is compared "
                       "with (no verdict; %s)",
                       t->mismatched, t->gates, ec_plural(t->gates, " is", "s is"), tail);
  case EC_OUTCOME_INCONCLUSIVE:
    return ec_asprintf("INCONCLUSIVE: the latest night of %zu of %zu engine%s past the " EC_GIVEN "%% limit but not yet a "
                       "confirmed regression (no verdict; %s)",
                       t->inconclusive, t->gates, ec_plural(t->gates, " is", "s is"), t->opts.max_regress_pct, tail);
  default:
    if (isfinite(t->opts.max_regress_pct))
      return ec_asprintf("NOT JUDGED: no engine's latest night has a level before it to compare with (%zu engine%s; %s)",
                         t->n, ec_plural(t->n, "", "s"), tail);
    return ec_asprintf("NO GATE: %zu engine%s (%s; %s)", t->n, ec_plural(t->n, "", "s"), tail, ec_narrate_no_gate_why());
  }
}

char *ec_narrate_first_run(const char *base) {
  return ec_asprintf("PASS: no baseline yet (%s does not exist; --baseline-missing pass): nothing was compared, and "
                     "this run becomes the baseline once it is kept",
                     base);
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
    if (ec_compare_expect_misses(c, i, &u)) {
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
