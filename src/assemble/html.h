/* html — blocks and whole pages as one self-contained HTML file: inline CSS
 * and script from assets/, inline SVG, no external reference of any kind. */
#ifndef EC_ASSEMBLE_HTML_H
#define EC_ASSEMBLE_HTML_H
#include "assemble/block.h"
#include "util/buf.h"

/** Append the HTML of block b. */
void ec_block_html(const ec_block *b, ec_buf *out);
/** Page head up to and including <body>; title is escaped. */
void ec_html_page_begin(ec_buf *out, const char *title);
/** Script and closing tags. */
void ec_html_page_end(ec_buf *out);

struct ec_report;
/** A report's page head, its table of contents (every engine's h1 and h2
 *  headings, from ec_doc.heads, linking to their stable ids) and the start
 *  of <main>; title is escaped. Close with ec_html_report_end. */
void ec_html_report_begin(ec_buf *out, const char *title, const struct ec_report *r);
/** </main>, script and closing tags. */
void ec_html_report_end(ec_buf *out);

#endif
