/* markdown — a short GitHub-flavoured Markdown summary of a comparison for a
 * CI job summary ($GITHUB_STEP_SUMMARY, capped at 1 MiB per step): a heading
 * (h3) with the overall verdict, one table row per engine, the top layer
 * regressions and comparability warnings in <details>. No images. Names are
 * escaped (ec_md_escape) and shortened; the whole text stays under
 * EC_MD_MAX_BYTES (later rows are dropped with a note). */
#ifndef EC_MARKDOWN_H
#define EC_MARKDOWN_H
#include <stddef.h>
#include "judge/compare.h"
#include "util/buf.h"

#define EC_MD_MAX_BYTES ((size_t)256 << 10)

/** Append s[0..n) for a GFM table cell: | ` * _ [ ] \ ~ # are backslash-escaped,
 *  < > & become entities, control characters and invalid UTF-8 become U+FFFD,
 *  a "::" starting the text (after white space) is ":\:" (never a GitHub
 *  workflow command, util/buf.h), a mention ("@user", "@org/team": '@'
 *  before a letter or digit) is "@&#8203;user" (a zero-width space: GitHub
 *  and GitLab notify nobody), and text past max characters is cut with "…"
 *  (max 0: no limit). */
void ec_md_escape(ec_buf *b, const char *s, size_t n, size_t max);

/* The pieces the compare and trend summaries share (one wording). */
/** ec_md_escape of a string (nothing for NULL). */
void ec_md_text(ec_buf *b, const char *s, size_t max);
/** "### <icon>enginecard WHAT — HEAD" and a blank line; outcome as
 *  ec_compare_outcome (0 error, 1 fail, 2 pass, 3 no gate). */
void ec_md_heading(ec_buf *b, const char *what, int outcome, const char *head);
/** "Metric **NAME** (LABEL, UNIT; smaller is better)". */
void ec_md_metric(ec_buf *b, ec_metric m);
/** ". Gate: RULE." or ". No gate (narrate/narrate.h ec_narrate_no_gate_why)." and a blank line. */
void ec_md_gate(ec_buf *b, const char *rule);
/** A verdict cell ("✅ pass (slower)", "❌ **fail**", "slower", ...);
 *  other is what an error or a missing metric reads. */
const char *ec_md_verdict(ec_verdict v, ec_change c, const char *other);
/** The note that n more engines were left out, and up to 20 warnings. */
void ec_md_tail(ec_buf *b, size_t left_out, const ec_diags *d);

/** The Markdown summary of c. Caller frees. */
char *ec_markdown_compare(const ec_comparison *c);

/* Variants of the summary for CI (emit/github.h uses them). */
typedef struct ec_md_opts {
  size_t max_bytes;   /* the most bytes the text may have; 0: EC_MD_MAX_BYTES */
  int fold;           /* the engines table in <details open> too ($GITHUB_STEP_SUMMARY) */
  const char *marker; /* a first line (a PR comment's hidden marker), or NULL */
  int artifact;       /* cuts say "N more rows in the artifact" */
} ec_md_opts;
/** ec_markdown_compare with o (NULL: the defaults, the same text). Never
 *  longer than o->max_bytes: rows past half of it and details past it are
 *  left out with a note, and ec_md_cap guarantees the rest. */
char *ec_markdown_compare_ex(const ec_comparison *c, const ec_md_opts *o);
/** md cut to at most cap bytes (cap >= 256) at a line boundary: open
 *  <details> closed, then the line "_Cut at CAP bytes: N more rows WHERE._"
 *  (N: the table rows cut, headers and delimiter rows not counted). A copy
 *  of md when it fits. Caller frees. */
char *ec_md_cap(const char *md, size_t cap, const char *where);

#endif
