/* compare_report — the comparison report: templates/compare.md expanded
 * with a comparison's tables and charts, written through the same HTML page
 * and PDF typesetter as the report card. */
#ifndef EC_COMPARE_REPORT_H
#define EC_COMPARE_REPORT_H
#include "judge/compare.h"
#include "assemble/report.h"

/** Build the comparison report of c into out (free with ec_report_free).
 *  o->template_path overrides templates/compare.md. Returns 0, or -1 with
 *  a message in d when the template cannot be read. */
int ec_report_compare_build(const ec_comparison *c, const ec_report_opts *o, ec_report *out, ec_diags *d);

/** The compare report's generators and placeholders (docs/templates.md
 *  lists every name). */
extern const ec_tmpl_kind ec_report_compare_kind;

#endif
