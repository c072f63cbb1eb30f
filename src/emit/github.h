/* github — GitHub Actions outputs of a comparison.
 *
 *  - The step summary ($GITHUB_STEP_SUMMARY): the Markdown summary
 *    (emit/markdown.h) with the verdict first and every table in <details>,
 *    never more than the room left under GitHub's 1 MiB per step (a cut
 *    says what was cut).
 *  - Workflow commands: one "::error title=T::MESSAGE" line per failed gate
 *    (engine, change with its interval, the reason compare gives), at most
 *    EC_GH_MAX_ERRORS (GitHub shows ten error annotations per step), then a
 *    plain line saying how many more failed.
 *  - The PR comment (--markdown F --pr-comment): the summary whose first
 *    line is EC_GH_PR_MARKER, for sticky-comment actions that find their
 *    comment by it, under EC_GH_PR_MAX_BYTES ("N more rows in the artifact").
 *  - Step outputs ($GITHUB_OUTPUT): verdict and change-pct (compare and
 *    trend), after the "verdict=error" written before anything else
 *    (cli ec_cli_github_begin).
 *  - lint: its warnings and errors as annotations on the graph file's lines.
 * Untrusted text is escaped for each: Markdown (ec_md_escape), workflow
 * commands (ec_gh_escape: %, CR, LF, and in properties also : and ,; no
 * "##[" or leading "::", util/buf.h). */
#ifndef EC_GITHUB_H
#define EC_GITHUB_H
#include <stddef.h>
#include "judge/compare.h"
#include "util/buf.h"

#define EC_GH_STEP_SUMMARY_MAX ((size_t)1 << 20) /* GitHub's limit per step */
#define EC_GH_MAX_ERRORS 10
#define EC_GH_PR_MARKER "<!-- enginecard:compare -->"
#define EC_GH_PR_MAX_BYTES ((size_t)60000) /* GitHub's comment limit is 65,536 characters */

/** Append s for a workflow command as GitHub's runner unescapes it: % CR LF
 *  as %25 %0D %0A, and in a property (prop 1) also : and , as %3A %2C;
 *  other control characters, bidi controls and invalid UTF-8 as U+FFFD;
 *  "##[" and a leading "::" broken by EC_WFCMD_BREAK (util/buf.h); cut to max
 *  characters with "…" (0: no limit). */
void ec_gh_escape(ec_buf *b, const char *s, int prop, size_t max);

/** The step summary of c in at most room bytes (room under 512: NULL, there
 *  is no room for anything). Caller frees. */
char *ec_github_summary(const ec_comparison *c, size_t room);
/** The "::error" lines of c's failed gates (may be ""). Caller frees. */
char *ec_github_annotations(const ec_comparison *c);
/** The PR comment variant of the summary. Caller frees. */
char *ec_github_pr_comment(const ec_comparison *c);

/** The step outputs of c as $GITHUB_OUTPUT lines: "verdict=V" (the
 *  outcome's name, ec_outcome_name: pass, fail, inconclusive, not
 *  comparable, no gate; "error" when error is set: the command exits 2 or
 *  3) and "change-pct=X" (the largest estimated change among the
 *  candidates, in percent with two decimals, positive: slower; empty when
 *  none is known). Caller frees. */
char *ec_github_outputs(const ec_comparison *c, int error);

/** The step outputs of compare's first run (--baseline-missing pass, the
 *  baseline does not exist yet): "verdict=pass", an empty "change-pct=" and
 *  "baseline=missing". Caller frees. */
char *ec_github_first_run_outputs(void);

struct ec_trend;
/** trend's step outputs, as ec_github_outputs: "verdict=V" (ec_trend_outcome's
 *  name, or "error") and "change-pct=X" (the largest estimated change of a
 *  latest night, empty when none is known). Caller frees. */
char *ec_github_trend_outputs(const struct ec_trend *t, int error);
/** The "::error" lines of a trend's failed gates (the latest night of an
 *  engine), at most EC_GH_MAX_ERRORS, then a line saying how many more.
 *  Caller frees. */
char *ec_github_trend_annotations(const struct ec_trend *t);

struct ec_summary;
struct ec_findings;
/** lint's warnings and errors as "::warning file=F,line=N,title=T::MSG" /
 *  "::error ..." workflow commands, one per finding, pointing at path and
 *  the finding's layer line (lines as ec_codequality_lint takes them): at
 *  most EC_GH_MAX_ERRORS of each, every rule's first finding before any
 *  rule's second (so one rule's many findings do not hide the others), then
 *  a plain line saying how many more, by rule. Caller frees. */
char *ec_github_lint(const struct ec_summary *s, const struct ec_findings *f, const char *path, const size_t *lines);

#endif
