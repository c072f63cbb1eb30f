#include "view/lint_table.h"
#include "view/rows.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "words/words.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

enum { C_SEV, C_RULE, C_SHARE, C_GAIN, C_WHERE, C_GRAPH, C_WHAT, C_NCOL };


/* "likely ~0.05 ms · up to 0.123 ms", "up to 0.123 ms", or a dash when
 * nothing is estimated; sorted by the bound. */
static void S_gain(ec_table *t, size_t r, size_t col, double likely, double g) {
  char buf[96];
  if (isfinite(g) && g > 0) ec_table_set(t, r, col, ec_fmt_saving(buf, sizeof buf, likely, g, 1), g);
  else ec_table_set(t, r, col, EC_DASH, -1);
}

static void S_share(ec_table *t, size_t r, size_t col, double pct) {
  if (isfinite(pct)) {
    ec_table_set_pct(t, r, col, pct);
    ec_table_set_kind(t, r, col, EC_CELL_SHARE, NULL);
  } else {
    ec_table_set(t, r, col, EC_DASH, -1);
  }
}

/* The layer a finding is about, shortened, linking to its row of the layer
 * table ("#<part>-L<i>"); "(engine)" for an engine-wide one. */
static void S_where(ec_table *t, size_t r, size_t col, const ec_engine *e, const ec_finding *x, const char *part) {
  long i = x->layer >= 0 ? x->layer : x->n_layers ? (long)x->layers[0] : -1;
  if (i < 0 || (size_t)i >= e->n_layers) {
    ec_table_set(t, r, col, "(engine)", NAN);
    return;
  }
  ec_buf b = {0};
  ec_lint_layer_label(&b, &e->layers[i], 0);
  if (x->layer < 0 && x->n_layers > 1) ec_buf_printf(&b, " and %zu more", x->n_layers - 1);
  ec_table_set(t, r, col, b.data, NAN);
  ec_buf_free(&b);
  if (part) {
    char link[96];
    snprintf(link, sizeof link, "#%s-L%ld", part, i);
    ec_table_set_link(t, r, col, link);
    /* and its node in the engine graph (view/graph_dot.c names it "<part>_G<i>") */
    if (e->has_graph) {
      snprintf(link, sizeof link, "#%s_G%ld", part, i);
      ec_table_set(t, r, C_GRAPH, "node", NAN);
      ec_table_set_link(t, r, C_GRAPH, link);
    }
  }
}


ec_table *ec_tbl_lint(const ec_summary *s, const ec_findings *f, const char *id, const char *part, size_t max) {
  const ec_engine *e = s->engine;
  if (!f->n) return NULL;
  ec_finding_groups g;
  ec_findings_group(s, f, &g);
  ec_table *t = ec_table_new(id, NULL);
  ec_table_col(t, "Severity", EC_CELL_ALIGN_LEFT, 0);
  ec_table_col(t, "Rule", EC_CELL_ALIGN_LEFT, 0);
  ec_table_col(t, "Latency (%)", EC_CELL_ALIGN_RIGHT, 1);
  /* left-aligned so it wraps ("likely ~X ms ·" over "up to Y ms"): a
   * right-aligned (numeric) cell stays on one line and narrows the findings */
  ec_table_col(t, "Could save", EC_CELL_ALIGN_LEFT, 1);
  ec_table_col(t, "Layer", EC_CELL_ALIGN_LEFT, 0);
  ec_table_col(t, "Graph", EC_CELL_ALIGN_LEFT, 0);
  ec_table_col(t, "Finding and what to try", EC_CELL_ALIGN_LEFT, 0);
  t->cols[C_RULE].min_width_em = 8; /* rule ids: "data-movement" on one line */
  t->cols[C_WHERE].min_width_em = 9;
  t->cols[C_WHAT].min_width_em = 22;
  t->sub_cap = 2;
  t->sub_label = ec_strdup("findings");
  size_t n = max && g.n > max ? max : g.n;
  char buf[64];
  for (size_t k = 0; k < n; k++) {
    const ec_finding_group *G = &g.v[k];
    const ec_finding *x0 = &f->v[G->idx[0]];
    size_t r = ec_table_row(t);
    ec_table_set(t, r, C_SEV, ec_lint_sev_name(G->severity), (double)G->severity);
    ec_table_set_kind(t, r, C_SEV, EC_CELL_SEVERITY, ec_lint_sev_name(G->severity));
    if (G->n > 1) {
      snprintf(buf, sizeof buf, "%s \xC3\x97%zu", G->rule, G->n); /* "conv-no-tensor-cores ×19" */
      ec_table_set(t, r, C_RULE, buf, NAN);
    } else {
      ec_table_set(t, r, C_RULE, G->rule, NAN);
    }
    S_share(t, r, C_SHARE, G->share_pct);
    S_gain(t, r, C_GAIN, G->gain_ms_likely, G->gain_ms_max);
    ec_buf m = {0};
    if (G->n == 1) {
      S_where(t, r, C_WHERE, e, x0, part);
      ec_buf_puts(&m, x0->message);
      if (x0->evidence) ec_buf_printf(&m, " [%s]", x0->evidence);
    } else {
      char cnt[48];
      ec_table_set(t, r, C_WHERE, ec_fmt_count(cnt, sizeof cnt, G->n_layers, "layer", "layers"), (double)G->n_layers);
      ec_buf_printf(&m, "%zu %s: %s.", G->n, ec_plural(G->n, "finding", "findings"), G->summary ? G->summary : G->rule);
    }
    const char *basis = ec_gain_basis_text(G->gain_basis);
    if (isfinite(G->gain_ms_max) && G->gain_ms_max > 0 && basis)
      ec_buf_printf(&m, " Could save: up to %s of the summed layer latency %s%s, each layer counted once.",
                    ec_fmt_ms_or(buf, sizeof buf, G->gain_ms_max), G->mixed_basis ? "for the most part " : "", basis);
    if (isfinite(G->gain_ms_max) && G->gain_ms_max > 0 && isfinite(G->gain_ms_likely) && G->n == 1 && x0->likely_why)
      ec_buf_printf(&m, " Likely: %s.", x0->likely_why); /* the figure is in the Could save cell */
    if (G->n == 1) ec_buf_printf(&m, " (confidence %s)", ec_confidence_name(x0->confidence));
    if (G->mitigation) ec_buf_printf(&m, " Try: %s", G->mitigation);
    if (G->next_step) ec_buf_printf(&m, " Next: %s", G->next_step);
    ec_table_set(t, r, C_WHAT, m.data, NAN);
    ec_buf_free(&m);
    if (G->n == 1) continue;
    /* its findings, each with its layer, share, saving and evidence; past
     * EC_ROWS_LINT_PER_RULE a line says how many more lint lists */
    size_t shown = G->n > EC_ROWS_LINT_PER_RULE ? EC_ROWS_LINT_PER_RULE : G->n;
    for (size_t j = 0; j < shown; j++) {
      const ec_finding *x = &f->v[G->idx[j]];
      size_t q = ec_table_row(t);
      ec_table_set_sub(t, q);
      if (G->count[G->severity] != G->n) {
        ec_table_set(t, q, C_SEV, ec_lint_sev_name(x->severity), (double)x->severity);
        ec_table_set_kind(t, q, C_SEV, EC_CELL_SEVERITY, ec_lint_sev_name(x->severity));
      }
      S_share(t, q, C_SHARE, x->share_pct);
      S_gain(t, q, C_GAIN, x->gain_ms_likely, x->gain_ms_max);
      S_where(t, q, C_WHERE, e, x, part);
      ec_buf mm = {0};
      ec_buf_puts(&mm, x->message);
      /* the Layer column names it: drop the " Layer: NAME." lint appended */
      const char *tag = strstr(mm.data, " Layer: ");
      if (tag && x->n_layers == 1 && mm.data[mm.len - 1] == '.' && !strstr(tag + 1, " Layer: ")) {
        mm.len = (size_t)(tag - mm.data);
        mm.data[mm.len] = '\0';
      }
      if (x->evidence) ec_buf_printf(&mm, " [%s]", x->evidence);
      if (x->likely_why && isfinite(x->gain_ms_likely) && isfinite(x->gain_ms_max) && x->gain_ms_max > 0)
        ec_buf_printf(&mm, " Likely: %s.", x->likely_why);
      /* a mitigation of its own only when it differs from the group's */
      if (x->mitigation && G->mitigation && strcmp(x->mitigation, G->mitigation))
        ec_buf_printf(&mm, " Try: %s", x->mitigation);
      ec_table_set(t, q, C_WHAT, mm.data, NAN);
      ec_buf_free(&mm);
    }
    if (shown < G->n) {
      size_t q = ec_table_row(t);
      ec_table_set_sub(t, q);
      char more[160], cnt[32];
      snprintf(more, sizeof more, "%s more findings of this rule: enginecard lint ENGINE lists them all.",
               ec_fmt_int(cnt, sizeof cnt, (double)(G->n - shown)));
      ec_table_set(t, q, C_WHAT, more, NAN);
    }
  }
  ec_buf note = {0};
  if (n < g.n) ec_buf_printf(&note, "%zu more %s found something: enginecard lint ENGINE. ", g.n - n,
      ec_plural(g.n - n, "rule", "rules"));
  if (g.n_quiet) {
    ec_buf_printf(&note, "Checked, nothing found (%zu %s): ", g.n_quiet, ec_plural(g.n_quiet, "rule", "rules"));
    for (size_t k = 0; k < g.n_quiet; k++) ec_buf_printf(&note, "%s%s", k ? ", " : "", g.quiet[k]);
    ec_buf_putc(&note, '.');
  }
  if (note.len) ec_table_set_note(t, note.data);
  ec_buf_free(&note);
  ec_finding_groups_free(&g);
  return t;
}
