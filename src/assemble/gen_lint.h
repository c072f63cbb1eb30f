/* gen_lint — the report's "lint" generator: a fenced block with info string
 * "lint" and body "data: findings" (optional "rows: N") becomes the table of
 * the engine's lint findings, ranked by latency share. */
#ifndef EC_GEN_LINT_H
#define EC_GEN_LINT_H
#include "rules/lint.h"
#include "facts/summary.h"
#include "assemble/block.h"
#include "model/engine.h"

/** The block for a "lint" fence: a TABLE of findings (its caption counts
 *  them and names the three worth trying first, ec_findings_top), a note
 *  when there are none, or "not available" for an unknown data name or an engine without
 *  layers. data may be NULL; the table's anchor id is "<id_prefix>-lint";
 *  rows caps the rows (0: all); f is the engine's findings (ec_lint, computed
 *  once per engine by the caller, and left to it). The caller owns the
 *  block. */
ec_block *ec_gen_lint(const ec_engine *e, const ec_summary *s, const ec_findings *f, const char *data, const char *id_prefix,
                      size_t rows);

#endif
