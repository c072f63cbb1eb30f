/* report — the report card of one or more engines: template expansion with
 * the engine's values and generated blocks, assembled into one HTML page
 * (and, through the same expanded documents, the PDF). */
#ifndef EC_REPORT_H
#define EC_REPORT_H
#include "rules/lint.h"
#include "facts/summary.h"
#include "assemble/template.h"
#include "util/buf.h"

typedef struct ec_report_opts {
  const char *template_path; /* a user's template instead of the built-in report.md */
  size_t top_n;              /* rows in top-layer tables (0: EC_TOP_DEFAULT, view/rows.h) */
  size_t max_table_rows;     /* full layer table rows (0: all) */
  int want_html;             /* build HTML for blocks */
  double graph_timeout;      /* engine graph layout time limit in seconds (0: 10) */
  size_t graph_budget;       /* engine graph nodes before simplifying (0: 600) */
  const ec_lint_opts *lint;  /* lint's thresholds and --expect-precision; NULL: the defaults */
} ec_report_opts;

/* One engine's expanded report. */
typedef struct ec_report_part {
  const ec_engine *engine;   /* borrowed */
  ec_summary *summary;       /* owned */
  ec_doc doc;                /* owned */
  char id[32];               /* "e1", "e2": anchor prefix */
} ec_report_part;

typedef struct ec_report {
  ec_report_part *parts;
  size_t n;
  char *title;               /* page/document title override (owned), or NULL */
  char *running;             /* PDF running header override (owned), or NULL */
} ec_report;

/** Expand the template for each engine. Template problems go to d.
 *  Returns 0, or -1 when the template cannot be read or parsed. */
int ec_report_build(ec_engine *const *es, size_t n, const ec_report_opts *o, ec_report *out, ec_diags *d);
void ec_report_free(ec_report *r);
/** The report's title ("NAME — enginecard report") into buf; returns buf. */
const char *ec_report_title(const ec_report *r, char *buf, size_t cap);
/** The index of a multi-engine report: one row per engine linking to its
 *  part ("#e1"). Caller frees. */
ec_table *ec_report_index_table(const ec_report *r);
/** The whole HTML page of r into out. Returns 0, or -1 with nothing added
 *  when the page could pass EC_PAGE_MAX_BYTES (assemble/template.h), the
 *  bound ec_report_html_bound gives. */
int ec_report_html(const ec_report *r, ec_buf *out);
/** The bound ec_report_html checks: bytes the page's parts could take. */
size_t ec_report_html_bound(const ec_report *r);

/** The report's generators and placeholders (docs/templates.md lists
 *  every name; its charts and tables are view/report_items.h's). */
extern const ec_tmpl_kind ec_report_kind;

#endif
