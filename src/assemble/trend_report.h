/* trend_report — the trend report: templates/trend.md expanded with a
 * trend's tables and charts (one small-multiple chart per engine), written
 * through the same HTML page and PDF typesetter as the report card. */
#ifndef EC_TREND_REPORT_H
#define EC_TREND_REPORT_H
#include "judge/trend.h"
#include "assemble/report.h"

/** Build the trend report of t into out (free with ec_report_free).
 *  o->template_path overrides templates/trend.md. Returns 0, or -1 with a
 *  message in d when the template cannot be read. */
int ec_report_trend_build(const ec_trend *t, const ec_report_opts *o, ec_report *out, ec_diags *d);

/** The trend report's generators and placeholders (docs/templates.md
 *  lists every name). */
extern const ec_tmpl_kind ec_report_trend_kind;

#endif
