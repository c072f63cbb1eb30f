/* lint_table — the report's table of lint findings (analyze/lint.h). */
#ifndef EC_LINT_TABLE_H
#define EC_LINT_TABLE_H
#include <stddef.h>
#include "analyze/lint.h"
#include "view/table.h"

/** A table of f's findings in their ranked order (Severity, Rule, Share,
 *  Could save (gain_ms_max), Layer or "(N layers)", Finding with its
 *  evidence and confidence, What to try: mitigation and next step), at most
 *  max rows (0: all; the rest counted in
 *  the note). e is the engine the findings are about (for layer names). Cells
 *  hold raw input text: the writers escape it. Returns a new table
 *  (ec_table_free), or NULL when f is empty. */
ec_table *ec_tbl_lint(const ec_engine *e, const ec_findings *f, const char *id, size_t max);

#endif
