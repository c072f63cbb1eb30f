/* report_items — the one registry of what a report can show.
 *
 * Every chart and table a template can ask for ("```chart" / "```table"
 * with "data: NAME") is one row here: its name, its kind, the builder that
 * makes it (view/engine_charts.h, view/engine_tables.h), the table that
 * carries a chart's numbers (shown once, under the chart), its preferred
 * width, how many rows it shows by default, why it can be missing (the
 * "Not available: ..." sentence) and, for a chart, the sentence that takes
 * its place when it would show a single category ("Every layer runs in
 * FP16."). The report generator (assemble/report.c), docs/templates.md's list of
 * names and the tests all read this table; nothing else knows the names. */
#ifndef EC_REPORT_ITEMS_H
#define EC_REPORT_ITEMS_H
#include <stddef.h>
#include "facts/summary.h"
#include "model/engine.h"
#include "view/engine_charts.h"
#include "draw/scene.h"
#include "draw/table.h"

typedef enum {
  EC_ITEM_CHART = 0, /* a figure (and its data table) */
  EC_ITEM_TABLE,     /* one table */
  EC_ITEM_TABLES     /* a run of tables, each with a lead-in sentence */
} ec_item_kind;

/* rows: the report's number of slowest layers (report --top N) */
#define EC_ROWS_TOP ((size_t)-1)

typedef struct ec_item_args {
  const char *id;   /* TABLE: its anchor id; CHART: the figure's id prefix */
  const char *part; /* the report part's id ("e1"): layer rows are "<part>-L<index>" */
  size_t rows;      /* rows of a table, layers of a per-layer chart; 0: the item's default */
  double width;     /* CHART: width in points; 0: the item's preferred width */
} ec_item_args;

typedef struct ec_item {
  const char *name;
  ec_item_kind kind;
  ec_engine_chart_fn chart;                                       /* CHART */
  ec_table *(*table)(const ec_summary *s, const ec_item_args *a); /* TABLE */
  /* TABLES: *n tables (new[]) and the sentence leading each (new[]) */
  ec_table **(*tables)(const ec_summary *s, const ec_item_args *a, char ***leads, size_t *n);
  const char *data;  /* CHART: the TABLE item holding its numbers, or NULL */
  double width;      /* CHART: preferred width in points; 0: the chart kind's own */
  size_t rows;       /* default rows (TABLE) or layers (per-layer CHART); 0: all; EC_ROWS_TOP */
  /* Why it is not available for s (a sentence without "Not available: "), or
   * NULL when it is: the only place these reasons are written. */
  const char *(*missing)(const ec_summary *s);
  /* CHART: the sentence (malloc'd) that replaces it when its data has one
   * category only, else NULL; may be NULL. */
  char *(*single)(const ec_summary *s);
  const char *what;  /* what it shows, one line */
  /* CHART: drawn again for the PDF at its column's width (EC_PDF_UNITS, no
   * scaling) with level labels: a chart of many bars whose labels would fall
   * under 7 pt scaled to the column */
  int pdf_own;
} ec_item;

/** The registry, in the order docs/templates.md lists it; *n is set. */
const ec_item *ec_items(size_t *n);
/** The item called name, or NULL. */
const ec_item *ec_item_find(const char *name);
/** The rows an item shows: for the slowest-layer items (EC_ROWS_TOP)
 *  report --top N (top) when given; else a template's rows when given,
 *  else the item's default (EC_ROWS_TOP: ec_top_rows). */
size_t ec_item_rows(const ec_item *it, size_t rows, size_t top);
/** The slowest layers shown: report --top N (top), or EC_TOP_DEFAULT when
 *  top is 0. The one place of --top's default. */
size_t ec_top_rows(size_t top);

/** Chart name for e: NULL when the name is not a chart or its data is
 *  missing (also when a single category makes it a sentence). opts may be
 *  NULL. Caller frees with ec_scene_free. */
ec_scene *ec_engine_chart(const ec_engine *e, const ec_summary *s, const char *name, const ec_engine_chart_opts *opts);

typedef struct ec_chart_set {
  char **names;      /* owned chart names, parallel to scenes */
  ec_scene **scenes; /* owned */
  size_t n, cap;
} ec_chart_set;

/** Every chart of the registry e's data supports, in registry order,
 *  appended to out (free with ec_chart_set_free). opts may be NULL. */
void ec_engine_charts(const ec_engine *e, const ec_summary *s, const ec_engine_chart_opts *opts, ec_chart_set *out);
void ec_chart_set_free(ec_chart_set *set);

#endif
