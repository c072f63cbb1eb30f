/* pdf — typeset expanded report documents on cairo PDF pages with pango.
 *
 * Walks the same cmark AST the HTML writer renders: headings (with PDF
 * outline entries and named destinations), paragraphs, lists, code, and the
 * generated blocks (figures drawn from the same scenes as the HTML, as
 * vectors and never split, with their data table under them; tables split
 * across pages with their header row repeated; notes; tiles). Pages carry a
 * running header with the engine name and a page number.
 *
 * By default the PDF is a brief: per engine, the first screen alone on its
 * page, then every section the template does not mark "<!-- pdf: detail -->"
 * (assemble/template.h), each block kept to its "brief-rows"; a note says
 * how many rows are left to the HTML report. EC_PDF_FULL lifts those caps
 * and appends the detail sections, starting on a new page. */
#ifndef EC_PDF_H
#define EC_PDF_H
#include "assemble/report.h"
#include "util/buf.h"

typedef enum {
  EC_PDF_BRIEF = 0, /* the brief: sections without a detail mark, tables kept to their brief-rows */
  EC_PDF_FULL       /* the brief uncut, then the detail sections */
} ec_pdf_detail;

typedef struct ec_pdf_opts {
  int letter;           /* US letter instead of A4 */
  size_t max_table_rows;/* rows per table before it is summarised (0: 400) */
  ec_pdf_detail detail;
} ec_pdf_opts;

/** Typeset r as a PDF into out (the file's bytes). Returns 0, or -1 with a
 *  message in d when cairo fails. SOURCE_DATE_EPOCH, when set, fixes the
 *  creation date so the same inputs give the same bytes. */
int ec_report_pdf(const ec_report *r, const ec_pdf_opts *o, ec_buf *out, ec_diags *d);

#endif
