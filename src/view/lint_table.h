/* lint_table — the report's table of lint findings (rules/lint.h). */
#ifndef EC_LINT_TABLE_H
#define EC_LINT_TABLE_H
#include <stddef.h>
#include "rules/lint.h"
#include "draw/table.h"

/** The findings of f grouped by rule (ec_findings_group): one row per rule
 *  that fired (Severity, Rule with "×N" for N findings, Latency (%) and
 *  Could save: "up to" the union of its layers' time and savings, each layer
 *  once, Layer and its Graph node, Finding and what to try: the finding or
 *  the rule's summary, the basis of the estimate, one mitigation and next
 *  step), then, for a rule with several findings, one
 *  sub row per finding (its layer, shortened and linked to "#<part>-L<i>",
 *  its share, saving and evidence), folded in HTML and capped in the PDF.
 *  At most max groups (0: all); the note counts the rest and lists the rules
 *  that found nothing. s is the summary of the engine linted; part the
 *  report part's id (NULL: no links). Cells hold raw input text: the
 *  writers escape it. Returns a new table, or NULL when f is empty. */

ec_table *ec_tbl_lint(const ec_summary *s, const ec_findings *f, const char *id, const char *part, size_t max);

#endif
