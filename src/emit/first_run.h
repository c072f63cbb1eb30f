/* first_run — compare's outputs when its baseline does not exist yet and
 * --baseline-missing pass was given: the first run of a CI job, which
 * passes with a note instead of failing for want of a baseline. Nothing is
 * compared; each output says there is no baseline yet, that this run
 * becomes the baseline once the job keeps it (ec_narrate_first_run), and
 * what the candidates measure. */
#ifndef EC_EMIT_FIRST_RUN_H
#define EC_EMIT_FIRST_RUN_H
#include <stdio.h>
#include "judge/compare.h"

typedef struct ec_first_run {
  const char *base;          /* the baseline ENGINE argument as given (it names no file) */
  ec_engine *const *engines; /* the candidates, borrowed */
  size_t n;
  ec_metric used;            /* the metric every candidate is measured by (ec_metric_pick) */
  const ec_metric_value *values; /* n values, borrowed (value NAN when unknown) */
} ec_first_run;

/** The text of `enginecard compare` for r to f: the missing baseline, the
 *  metric, one line per candidate, the result line. */
void ec_print_first_run(const ec_first_run *r, FILE *f);
/** The Markdown summary of r (the step summary, --markdown): a heading
 *  with the outcome, the note, a table of the candidates; marker (NULL for
 *  none) as its first line for a sticky PR comment. Caller frees. */
char *ec_markdown_first_run(const ec_first_run *r, const char *marker);
/** JUnit XML for r: one skipped testcase per candidate whose message is the
 *  note (timestamp: ISO 8601 without a zone, or NULL). Caller frees. */
char *ec_junit_first_run(const ec_first_run *r, const char *timestamp);

#endif
