#include "assemble/gen_lint.h"
#include "analyze/lint.h"
#include "view/fmt.h"
#include "view/lint_table.h"
#include "util/alloc.h"
#include <stdio.h>
#include <string.h>

ec_block *ec_gen_lint(const ec_engine *e, const ec_summary *s, const char *data, const char *id_prefix, size_t rows) {
  if (data && *data && strcmp(data, "findings")) return ec_block_unavailable("the template names unknown lint data");
  if (!e->n_layers) return ec_block_unavailable("no layers were read");
  ec_findings f = {0};
  ec_lint(e, s, NULL, &f);
  ec_block *b;
  char id[64];
  snprintf(id, sizeof id, "%s-lint", id_prefix ? id_prefix : "e");
  ec_table *t = ec_tbl_lint(e, &f, id, rows);
  if (t) {
    b = ec_block_table(t);
    char n[48], er[48], wa[48];
    b->caption = ec_asprintf("%s: %s, %s, %zu info.", ec_fmt_count(n, sizeof n, f.n, "finding", "findings"),
                             ec_fmt_count(er, sizeof er, f.count[EC_LINT_ERROR], "error", "errors"),
                             ec_fmt_count(wa, sizeof wa, f.count[EC_LINT_WARNING], "warning", "warnings"),
                             f.count[EC_LINT_INFO]);
  } else {
    b = ec_block_notes();
    ec_block_note(b, 0, "No findings: no lint rule fired for this engine.");
  }
  ec_findings_free(&f);
  return b;
}
