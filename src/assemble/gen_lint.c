#include "assemble/gen_lint.h"
#include "rules/lint.h"
#include "words/words.h"
#include "view/lint_table.h"
#include "util/alloc.h"
#include "util/buf.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

ec_block *ec_gen_lint(const ec_engine *e, const ec_summary *s, const ec_findings *f, const char *data, const char *id_prefix,
                      size_t rows) {
  if (data && *data && strcmp(data, "findings")) return ec_block_unavailable("the template names unknown lint data");
  if (!e->n_layers) return ec_block_unavailable("no layers were read");
  ec_block *b;
  char id[64];
  snprintf(id, sizeof id, "%s-lint", id_prefix ? id_prefix : "e");
  ec_table *t = ec_tbl_lint(s, f, id, id_prefix, rows);
  if (t) {
    b = ec_block_table(t);
    char n[48], er[48], wa[48];
    ec_buf c = {0};
    ec_finding_groups g;
    ec_findings_group(s, f, &g);
    char nr[48];
    ec_buf_printf(&c, "%s by %s: %s, %s, %zu info.", ec_fmt_count(n, sizeof n, f->n, "finding", "findings"),
                  ec_fmt_count(nr, sizeof nr, g.n, "rule", "rules"),
                  ec_fmt_count(er, sizeof er, f->count[EC_LINT_ERROR], "error", "errors"),
                  ec_fmt_count(wa, sizeof wa, f->count[EC_LINT_WARNING], "warning", "warnings"), f->count[EC_LINT_INFO]);
    ec_finding_groups_free(&g);
    const ec_finding *top[3];
    size_t nt = ec_findings_top(f, 3, top);
    char ms[96];
    for (size_t k = 0; k < nt; k++)
      ec_buf_printf(&c, "%s%s (%s)", k ? ", " : " Worth trying first, by what they could save: ", top[k]->rule,
                    ec_fmt_saving(ms, sizeof ms, top[k]->gain_ms_likely, top[k]->gain_ms_max, 0));
    if (nt > 1) {
      double lm, u = ec_findings_union_gain(e, top, nt, &lm);
      ec_buf_printf(&c, "; together %s, each layer counted once",
                    ec_fmt_saving(ms, sizeof ms, ec_findings_union_likely(e, top, nt), u, 0));
    }
    if (nt) ec_buf_putc(&c, '.');
    char *note = ec_findings_scale_note(f);
    if (note) ec_buf_printf(&c, " %s", note);
    free(note);
    b->caption = ec_buf_take(&c);
  } else {
    b = ec_block_notes();
    ec_block_note(b, 0, "No findings: no lint rule fired for this engine.");
  }
  return b;
}
