/* enginecard report ENGINE... [-o OUT.html] [--pdf OUT.pdf] [--paper a4|letter]
 *                  [--pdf-detail brief|full] [--template F] [--top N] [--max-rows N]
 * The report card: one self-contained HTML page (and a PDF) for one or
 * more engines. Every requested output is written when the engines loaded,
 * whatever their warnings; when an engine has no usable data or an input
 * could not be read (exit 2 or 3), nothing is written. Exit codes follow
 * docs/architecture.md ("Errors"). */
#include "assemble/html.h"
#include "assemble/pdf.h"
#include "assemble/report.h"
#include "cli/cli.h"
#include "util/alloc.h"
#include <stdlib.h>
#include <string.h>

int ec_cmd_report(int argc, char **argv) {
  ec_common c = {0};
  int rc = ec_cli_parse(argc, argv, 2, &c);
  if (rc) {
    ec_common_free(&c); /* the option arrays, on a usage error */
    return rc;
  }
  if (!c.html && !c.pdf) c.html = "report.html";
  size_t n;
  ec_engine **es = ec_cli_load(&c, &n, &rc);
  /* Nothing usable, or an input that could not be read: no page that looks
   * like a report card (--strict alone changes only the exit code). */
  size_t unusable = 0;
  for (size_t i = 0; i < n; i++)
    if (!ec_engine_usable(es[i])) unusable++;
  if (rc == EC_EXIT_USAGE || unusable) {
    fprintf(stderr, "enginecard report: no report written: %s\n",
            unusable ? (n > 1 ? "an engine has no usable data" : "no usable engine data")
                     : "an input could not be read or used");
    for (size_t i = 0; i < n; i++) ec_engine_free(es[i]);
    free(es);
    ec_common_free(&c);
    return rc ? rc : EC_EXIT_NODATA;
  }
  if (c.n_engines == n) ec_load_name_specs(es, c.engines, n); /* the index and bookmarks tell engines apart */
  ec_report_opts ro = {0};
  ro.template_path = c.template_path;
  ro.top_n = (size_t)c.top;
  ro.max_table_rows = (size_t)c.max_rows;
  ro.want_html = c.html != NULL;
  ec_lint_opts lo = ec_lint_opts_default();
  lo.expect = c.expect;
  lo.n_expect = c.n_expect;
  ro.lint = &lo;
  ec_report r;
  ec_diags td = {0};
  ec_pdf_opts po = {0};
  po.letter = c.letter;
  po.detail = c.pdf_full ? EC_PDF_FULL : EC_PDF_BRIEF;
  int built = ec_report_build(es, n, &ro, &r, &td) == 0;
  ec_cli_out out = {.engines = es, .n_engines = n, .extra = &c.template_path, .n_extra = c.template_path != NULL};
  if (ec_cli_write_report(built ? &r : NULL, c.html, c.pdf, &po, &td, &out) != 0) rc = EC_EXIT_USAGE;
  ec_report_free(&r);
  ec_diags_free(&td);
  for (size_t i = 0; i < n; i++) ec_engine_free(es[i]);
  free(es);
  ec_common_free(&c);
  return rc;
}
