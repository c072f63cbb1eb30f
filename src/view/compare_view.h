/* compare_view — tables and charts of a comparison (judge/compare.h) for
 * the comparison report. sums[i] is engine i's summary (borrowed). Each
 * function returns a new table or scene, or NULL with *why set. */
#ifndef EC_COMPARE_VIEW_H
#define EC_COMPARE_VIEW_H
#include "judge/compare.h"
#include "draw/scene.h"
#include "draw/table.h"

typedef struct ec_cmp_view {
  const ec_comparison *c;
  ec_summary *const *sums;
  const char *id;   /* id prefix for figures and tables */
} ec_cmp_view;

ec_table *ec_cmp_tbl_gates(const ec_cmp_view *v, const char *id, const char **why);
/** Facts per engine side by side; cells that differ from the baseline get class "diff". */
ec_table *ec_cmp_tbl_side_by_side(const ec_cmp_view *v, const char *id, const char **why);
/** Comparability warnings and comparison-level notes as a table (engine, fact, baseline, engine value). */
ec_table *ec_cmp_tbl_mismatches(const ec_cmp_view *v, const char *id, const char **why);
/** Aligned layers of every non-baseline engine: both latencies, speedup,
 *  precisions, tactic; largest regressions first, improvements last;
 *  filterable ("precision", "tactic" mismatch words in a column). */
ec_table *ec_cmp_tbl_layers(const ec_cmp_view *v, const char *id, size_t max, const char **why);
/** Layers present on one side only. */
ec_table *ec_cmp_tbl_one_side(const ec_cmp_view *v, const char *id, size_t max, const char **why);
/** The platform comparison: each candidate's time over the baseline's,
 *  overall (the metric) and per layer family over all its layers (counts,
 *  sums, ratio), no verdict. */
ec_table *ec_cmp_tbl_platform(const ec_cmp_view *v, const char *id, const char **why);
/** Per-type latency and counts per engine (the numbers behind the charts). */
ec_table *ec_cmp_tbl_types(const ec_cmp_view *v, const char *id, const char **why);

/* One chart of a comparison a template can ask for ("```chart" with "data:
 * NAME" in templates/compare.md): a row of the registry. */
typedef struct ec_cmp_chart_item {
  const char *name;
  /* the builder: a new scene, or NULL with *why (the "Not available" reason) */
  ec_scene *(*build)(const ec_cmp_view *v, const struct ec_cmp_chart_item *it, const char **why);
  int arg;          /* which variant the builder draws */
  /* the table holding its numbers (shown under it), or NULL */
  ec_table *(*data)(const ec_cmp_view *v, const char *id, const char **why);
  const char *what; /* what it shows, one line */
} ec_cmp_chart_item;

/** The registry of comparison charts, in the order docs/templates.md lists
 *  them; *n is set. */
const ec_cmp_chart_item *ec_cmp_charts(size_t *n);
/** The chart called name, or NULL. */
const ec_cmp_chart_item *ec_cmp_chart_find(const char *name);
/** Chart by name (a row of ec_cmp_charts: "stacked-latency-by-type" is
 *  batch-normalised when batches differ); NULL with *why when its data is
 *  missing or the name is unknown. */
ec_scene *ec_cmp_chart(const ec_cmp_view *v, const char *name, const char **why);

/** The verdict banner, the report's first screen: the outcome on a band
 *  coloured by it (fail, not comparable, pass, no gate), then a row per
 *  candidate: its verdict, its engine colour and name, the change with its
 *  interval and confidence, the metric's two values, and what makes the
 *  pair not directly comparable. */
ec_scene *ec_cmp_banner(const ec_cmp_view *v);
/** The banner's colours, for the page's text form of it: the band of an
 *  outcome, the badge of an engine's verdict (white text reads on each). */
/** Candidate i's verdict line, the one text the PDF banner and the HTML
 *  verdict show: its change with what it can claim (ec_gate_claim_str:
 *  "+10.5% [+9.9, +11.1] at 99%", a threshold with its within-run
 *  interval, or "(no interval)") after the two
 *  values of the metric, into line (cap bytes). */
void ec_cmp_verdict_line(const ec_comparison *c, size_t i, char *line, size_t cap);
/** "not directly comparable: GPU, TensorRT version" for r's mismatches, or
 *  NULL when it has none (caller frees). */
char *ec_cmp_mismatch_note(const ec_compare_result *r);
ec_color ec_cmp_outcome_color(ec_outcome o);
ec_color ec_cmp_verdict_color(ec_verdict v);
/** Waterfall from the baseline's layer-latency sum to engine i's: one step
 *  per layer type's change over aligned layers (the 12 largest, the rest
 *  summed), layers on one side only as their own steps by family (the 4
 *  largest per side, the rest summed; count and ms), and
 *  what pairs profiled on one side only leave. NULL with *why when i was
 *  not aligned or a side has no profile. */
ec_scene *ec_cmp_waterfall(const ec_cmp_view *v, size_t i, const char **why);
/** The waterfall's numbers as a table (its text alternative). */
ec_table *ec_cmp_tbl_waterfall(const ec_cmp_view *v, size_t i, const char *id);
/** The max largest layer regressions of each candidate (slower layers only),
 *  with the advisory flag. */
ec_table *ec_cmp_tbl_top(const ec_cmp_view *v, const char *id, size_t max, const char **why);

#endif
