/* markdown — a short GitHub-flavoured Markdown summary of a comparison for a
 * CI job summary ($GITHUB_STEP_SUMMARY, capped at 1 MiB per step): a heading
 * (h3) with the overall verdict, one table row per engine, the top layer
 * regressions and comparability warnings in <details>. No images. Names are
 * escaped (ec_md_escape) and shortened; the whole text stays under
 * EC_MD_MAX_BYTES (later rows are dropped with a note). */
#ifndef EC_MARKDOWN_H
#define EC_MARKDOWN_H
#include <stddef.h>
#include "analyze/compare.h"
#include "util/buf.h"

#define EC_MD_MAX_BYTES ((size_t)256 << 10)

/** Append s[0..n) for a GFM table cell: | ` * _ [ ] \ are backslash-escaped,
 *  < > & become entities, control characters and invalid UTF-8 become U+FFFD,
 *  and text past max characters is cut with "…" (max 0: no limit). */
void ec_md_escape(ec_buf *b, const char *s, size_t n, size_t max);

/** The Markdown summary of c. Caller frees. */
char *ec_markdown_compare(const ec_comparison *c);

#endif
