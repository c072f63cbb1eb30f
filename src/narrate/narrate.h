/* narrate — the sentences that tell a user what a verdict means and which
 * enginecard option would change it. analyze returns verdicts and numbers
 * (outcomes, gate results, counts); the sentences that quote a command-line
 * flag ("--max-regress not given", "--allow-mismatch gates anyway") are built
 * here, once, for every output: the terminal, Markdown, the HTML and PDF
 * reports and the JSON headline. It sits above analyze and below view, out,
 * assemble and cli (words < analyze < narrate < view ...). */
#ifndef EC_NARRATE_H
#define EC_NARRATE_H
#include "judge/compare.h"
#include "judge/trend.h"

/** Why there is no gate: "--max-regress not given"; static. */
const char *ec_narrate_no_gate_why(void);
/** A gate line's rule when there is none: "none (--max-regress not given)";
 *  static. */
const char *ec_narrate_gate_none(void);
/** A comparison's outcome in one line ("FAIL: 1 of 2 engines are slower than
 *  the baseline beyond the 5% limit"), as the terminal, Markdown, the banner
 *  and the report's {{compare.verdict}} say it, with the basis after the
 *  outcome word when it is per inference ("NO GATE (per inference: batch 32
 *  vs 1): ..."); caller frees. */
char *ec_narrate_compare_headline(const ec_comparison *c);
/** The basis of a comparison that is per inference (judge/compare.h
 *  ec_compare_basis): "per inference: batch 32 vs 1" (the baseline's batch,
 *  then the others'), or NULL when the figures are as measured. Caller
 *  frees. */
char *ec_narrate_basis(const ec_comparison *c);
/** The basis said in full, as the terminal, Markdown and the report's first
 *  screen say it: "per inference: batch 32 vs 1: each engine's times are
 *  divided by its batch; as measured, a100 0.8826 ms per batch of 32; rtx
 *  0.2754 ms per batch of 1."; NULL when the figures are as measured.
 *  Engine names are untrusted: escape on output. Caller frees. */
char *ec_narrate_basis_detail(const ec_comparison *c);
/** The precision expectation's outcome over c's candidates, one line: "FAIL:
 *  1 of 2 candidates misses --expect-precision INT8>=80%: pytorch-fp16",
 *  "met by every candidate (--expect-precision INT8>=80%)"; NULL without
 *  --expect-precision. Caller frees. */
char *ec_narrate_expect_compare(const ec_comparison *c);
/** A trend's outcome in one line ("FAIL: the latest night of 1 of 3 engines
 *  is slower than the level before it beyond the 5% limit"), as the terminal,
 *  Markdown, the JSON headline and the report's {{trend.verdict}} say it;
 *  caller frees. */
char *ec_narrate_trend_headline(const ec_trend *t);
/** compare's outcome when the baseline ENGINE names no file and
 *  --baseline-missing pass was given (the first run of a CI job): "PASS: no
 *  baseline yet (BASE does not exist; --baseline-missing pass): nothing was
 *  compared, and this run becomes the baseline once it is kept"; base is
 *  the ENGINE argument as given. The terminal, Markdown and JUnit say it;
 *  caller frees. */
char *ec_narrate_first_run(const char *base);

#endif
