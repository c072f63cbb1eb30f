/* lint_text — the text of `enginecard lint`. */
#ifndef EC_EMIT_LINT_TEXT_H
#define EC_EMIT_LINT_TEXT_H
#include <stdio.h>
#include "rules/lint.h"
/** The findings f of s's engine as text to out (`enginecard lint`): the
 *  findings worth trying first (ec_findings_top) and what they could save
 *  together (each layer once), then one line per rule (ec_findings_group:
 *  severity, rule, findings, latency share and saving of its layers counted
 *  once, its mitigation and next step) with its findings indented under it
 *  (severity, share, the most it could save, message naming the layer),
 *  then the rules that found nothing; verbose (-v) adds each finding's
 *  evidence, a mitigation of its own and why its confidence is what it is. */
void ec_print_lint(const ec_summary *s, const ec_findings *f, int verbose, FILE *out);

#endif
