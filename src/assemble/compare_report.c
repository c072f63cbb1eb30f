/* Generators and placeholders of templates/compare.md: one table each
 * (S_items, S_values), read by the template driver (ec_tmpl_generate);
 * docs/templates.md lists every name, and the default rows are in
 * view/rows.h:
 *   table  data: gates | side-by-side | mismatches | platform | types | layers | layers-rest | one-side |
 *                top-regressions (rows: N per engine)
 *   chart  data: verdict (the banner) | waterfall (one per candidate) | a chart of
 *                the comparison charts' registry (view/compare_view.h)
 *   notes  data: comparison (warnings about the comparison and each engine) */
#include "assemble/compare_report.h"
#include "assemble/html.h"
#include "narrate/precision_words.h"
#include "narrate/narrate.h"
#include "util/alloc.h"
#include "view/compare_view.h"
#include "view/fused_compare.h"
#include "view/phrase.h"
#include "view/rows.h"
#include "words/words.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  const ec_comparison *c;
  ec_summary **sums;
  ec_cmp_view view;
  ec_cmp_view narrow; /* the same, for a phone's drawings (S_narrow) */
  const ec_report_opts *o;
  int seq;
  size_t layers_shown; /* rows the layers table was asked for: the folded rest starts after them */
  char id[64]; /* the block's table id, "c-t<seq>" */
} S_ctx;

/* ---- placeholders ------------------------------------------------------ */

static char *S_v_baseline(void *ud) {
  const ec_comparison *c = ((S_ctx *)ud)->c;
  return ec_strdup(c->engines[c->baseline]->name);
}

static char *S_v_metric(void *ud) {
  const ec_comparison *c = ((S_ctx *)ud)->c;
  return ec_asprintf("%s (%s)", ec_metric_label(c->used), ec_metric_name(c->used));
}

static char *S_v_engines(void *ud) {
  char buf[64];
  return ec_strdup(ec_fmt_int(buf, sizeof buf, (double)((S_ctx *)ud)->c->n));
}

/* "1 engine", "3 engines": those compared with the baseline */
static char *S_v_candidates(void *ud) {
  const ec_comparison *c = ((S_ctx *)ud)->c;
  char buf[64];
  return ec_strdup(ec_fmt_count(buf, sizeof buf, c->n ? c->n - 1 : 0, "engine", "engines"));
}

static char *S_v_verdict(void *ud) { return ec_narrate_compare_headline(((S_ctx *)ud)->c); }

/* how much of each candidate aligned with the baseline, on the first screen */
static char *S_v_alignment(void *ud) {
  const ec_comparison *c = ((S_ctx *)ud)->c;
  ec_buf b = {0};
  /* the basis first: every figure below is per inference when batches differ */
  char *basis = ec_narrate_basis_detail(c);
  if (basis) {
    ec_buf_puts(&b, "Figures are ");
    ec_buf_puts(&b, basis);
    free(basis);
  }
  for (size_t i = 0; i < c->n; i++) {
    char *t = ec_compare_alignment_text(c, i);
    char *u = ec_compare_uniform_text(c, i);
    if (t) {
      if (b.len) ec_buf_putc(&b, ' ');
      ec_buf_puts(&b, t);
      free(t);
      char *m = ec_compare_moved_text(&c->res[i]);
      if (m) {
        ec_buf_printf(&b, " What moved in %s, by layer type: %s.", c->engines[i]->name, m);
        free(m);
      }
    }
    if (u) { /* "every layer moved by about the same factor: check clocks, ..." */
      if (b.len) ec_buf_putc(&b, ' ');
      ec_buf_printf(&b, "%s: %s.", c->engines[i]->name, u);
      free(u);
    }
  }
  if (c->platform)
    ec_buf_puts(&b, b.len ? " A platform comparison: see the ratios per layer family below."
                          : "A platform comparison: see the ratios per layer family below.");
  return b.data ? b.data : ec_strdup("");
}

static char *S_v_gate(void *ud) {
  char *rule = ec_compare_gate_rule(((S_ctx *)ud)->c);
  return rule ? rule : ec_strdup(ec_narrate_gate_none());
}

/* the precision mix of each candidate against the baseline's, and
 * --expect-precision's outcome, before the layer tables; "" when neither */
static char *S_v_precision(void *ud) {
  const ec_comparison *c = ((S_ctx *)ud)->c;
  ec_buf b = {0};
  for (size_t i = 0; i < c->n; i++) {
    if (i == c->baseline) continue;
    ec_mix_change mc = ec_mix_change_of(c->engines[c->baseline], c->engines[i]);
    char *t = ec_narrate_mix_change(&mc);
    if (!t) continue;
    ec_buf_printf(&b, "%sPrecision mix of %s: %s.", b.len ? " " : "", c->engines[i]->name, t);
    free(t);
  }
  char *ex = ec_narrate_expect_compare(c);
  if (ex) ec_buf_printf(&b, "%sPrecision expectation: %s.", b.len ? " " : "", ex);
  free(ex);
  return b.data ? b.data : ec_strdup("");
}

static const ec_tmpl_value S_values[] = {
    {"compare.baseline", S_v_baseline},     {"compare.metric", S_v_metric}, {"compare.engines", S_v_engines},
    {"compare.candidates", S_v_candidates}, {"compare.verdict", S_v_verdict}, {"compare.alignment", S_v_alignment},
    {"compare.gate", S_v_gate},             {"compare.precision", S_v_precision},
};

void ec_report_compare_band_html(ec_buf *o, const char *head, ec_outcome oc) {
  ec_color bc = ec_cmp_outcome_color(oc);
  ec_buf_printf(o, "<p class=\"verdict-band\" style=\"background:#%02x%02x%02x\">", bc.r, bc.g, bc.b);
  /* the outcome ("PASS", "NOT COMPARABLE") in the largest type on the page, the reason under it */
  const char *rest;
  size_t wl = ec_cmp_headline_word(head, &rest);
  ec_buf_puts(o, "<span class=\"verdict-word\" style=\"display:block;font-size:2.4rem;line-height:1.15;"
                 "letter-spacing:.02em\">");
  ec_buf_html(o, head, wl);
  ec_buf_puts(o, "</span>");
  if (rest) { /* a space between: the text reads "NO GATE (per inference: ...)" */
    ec_buf_puts(o, " <span style=\"font-size:1.1rem\">");
    ec_buf_html(o, rest, strlen(rest));
    ec_buf_puts(o, "</span>");
  }
  ec_buf_puts(o, "</p>");
}

/* The verdict banner as text for the page (the PDF draws the banner): the
 * band's headline, then one line per candidate (its verdict, name, change
 * and the two values), wrapping on a narrow screen. */
static char *S_verdict_html(const ec_comparison *c) {
  ec_buf o = {0};
  char *head = ec_narrate_compare_headline(c);
  ec_buf_puts(&o, "<div class=\"verdict\">");
  ec_report_compare_band_html(&o, head, ec_compare_outcome(c));
  ec_buf_puts(&o, "<ul class=\"verdict-lines\">");
  free(head);
  for (size_t i = 0; i < c->n; i++) {
    if (i == c->baseline) continue;
    const ec_compare_result *r = &c->res[i];
    ec_color vc = ec_cmp_verdict_color(r->verdict);
    const char *w = ec_verdict_words(r->verdict);
    ec_buf_printf(&o, "<li><span class=\"verdict-badge\" style=\"background:#%02x%02x%02x\">", vc.r, vc.g, vc.b);
    ec_buf_html(&o, w, strlen(w));
    ec_buf_puts(&o, "</span> <b>");
    ec_buf_html(&o, c->engines[i]->name, strlen(c->engines[i]->name));
    char line[512];
    ec_cmp_verdict_line(c, i, line, sizeof line);
    ec_buf_puts(&o, "</b> ");
    ec_buf_html(&o, line, strlen(line));
    char *note = ec_cmp_mismatch_note(r);
    if (note) {
      ec_buf_puts(&o, "<br><span class=\"verdict-note\">");
      ec_buf_html(&o, note, strlen(note));
      ec_buf_puts(&o, "</span>");
      free(note);
    }
    ec_buf_puts(&o, "</li>");
  }
  ec_buf_puts(&o, "</ul></div>");
  return ec_buf_take(&o);
}

/* why is read after t was built (argument order is unspecified in C) */
static ec_block *S_tbl(ec_table *t, const char **why) { return t ? ec_block_table(t) : ec_block_unavailable(*why); }

/* ---- generators ------------------------------------------------------- */

/* A comparison table of the view (view/compare_view.h), or "Not available"
 * with its reason. */
#define S_T(fn, call)                                                                      \
  static ec_block *fn(void *ud, const ec_tmpl_item *it, const char *data, const ec_kvs *a) { \
    S_ctx *x = ud;                                                                         \
    const char *why = "no data";                                                           \
    (void)it, (void)data, (void)a;                                                         \
    return S_tbl(call, &why);                                                              \
  }
S_T(S_t_gates, ec_cmp_tbl_gates(&x->view, x->id, &why))
S_T(S_t_side_by_side, ec_cmp_tbl_side_by_side(&x->view, x->id, &why))
S_T(S_t_mismatches, ec_cmp_tbl_mismatches(&x->view, x->id, &why))
S_T(S_t_platform, ec_cmp_tbl_platform(&x->view, x->id, &why))
S_T(S_t_types, ec_cmp_tbl_types(&x->view, x->id, &why))
S_T(S_t_layers, ec_cmp_tbl_layers(&x->view, "c-layers", x->layers_shown = ec_tmpl_rows(it, a), &why))
/* The aligned pairs that did not change, folded in the HTML under a line
 * that says what they are; the PDF says how many the HTML holds. */
static ec_block *S_t_layers_rest(void *ud, const ec_tmpl_item *it, const char *data, const ec_kvs *a) {
  S_ctx *x = ud;
  const char *why = "no data";
  (void)data;
  ec_table *t = ec_cmp_tbl_layers_rest(&x->view, "c-layers-rest", x->layers_shown, ec_tmpl_rows(it, a), &why);
  if (!t) return ec_block_unavailable(why);
  ec_block *b = ec_block_table(t);
  b->fold = 1;
  b->caption = ec_strdup("The other aligned pairs: smaller changes, then those within 3% with the same implementation and "
                         "precision");
  return b;
}
S_T(S_t_one_side, ec_cmp_tbl_one_side(&x->view, x->id, ec_tmpl_rows(it, a), &why))
S_T(S_t_top, ec_cmp_tbl_top(&x->view, x->id, ec_tmpl_rows(it, a), &why))
#undef S_T

/* The regions of differently fused layers (judge/regions.h), or the
 * kernels that changed inside fused layer pairs (judge/kernel_diff.h),
 * of each candidate: its sentence or lines, then its table. When no
 * candidate has any: not available, and the section goes when the template
 * says "missing: hide". */
static ec_block *S_fused(S_ctx *x, const ec_kvs *a, int kernels) {
  const ec_comparison *c = x->c;
  ec_block *g = ec_block_group();
  for (size_t i = 0; i < c->n; i++) {
    if (i == c->baseline) continue;
    const ec_engine *be = c->engines[c->baseline], *e = c->engines[i];
    char tid[64];
    snprintf(tid, sizeof tid, "%s-%zu", x->id, i);
    if (!kernels) {
      ec_regions *r = ec_regions_of_compare(c, i);
      char *s = ec_fv_regions_sentence(r, be, e);
      if (s) {
        ec_block *b = ec_block_table(ec_tbl_regions(r, be, e, tid, ec_kvs_get_count(a, "rows", 0)));
        b->caption = ec_asprintf("%s.", s);
        b->brief_rows = ec_kvs_get_count(a, "brief-rows", 0);
        ec_block_add(g, b);
        free(s);
      }
      ec_regions_free(r);
    } else {
      ec_kdiff *d = ec_kdiff_of_compare(c, i);
      ec_table *t = ec_tbl_kernel_changes(d, be, e, tid, ec_kvs_get_count(a, "rows", 0));
      if (t) {
        ec_block *b = ec_block_table(t);
        char *line = ec_fv_pair_kernels_line(&d->v[0], be);
        b->caption = ec_asprintf("%s against %s: the kernels of %zu fused layer%s; the most changed: %s.", e->name,
                                 be->name, d->n, ec_plural(d->n, "", "s"), line);
        free(line);
        b->brief_rows = ec_kvs_get_count(a, "brief-rows", 0);
        ec_block_add(g, b);
      }
      ec_kdiff_free(d);
    }
  }
  if (g->n_children) return g;
  ec_block_free(g);
  ec_block *u = ec_block_unavailable(kernels ? "no candidate and its baseline both have kernel data (--nsys) in a fused layer pair"
                                             : "no layers fused differently: every layer on one side only covers nodes the other side does not");
  const char *miss = ec_kvs_get(a, "missing");
  u->drop_section = miss && !strcmp(miss, "hide");
  return u;
}

static ec_block *S_t_regions(void *ud, const ec_tmpl_item *it, const char *data, const ec_kvs *a) {
  (void)it, (void)data;
  return S_fused(ud, a, 0);
}

static ec_block *S_t_kernel_changes(void *ud, const ec_tmpl_item *it, const char *data, const ec_kvs *a) {
  (void)it, (void)data;
  return S_fused(ud, a, 1);
}

static ec_block *S_c_verdict(void *ud, const ec_tmpl_item *it, const char *data, const ec_kvs *args) {
  S_ctx *x = ud;
  (void)it, (void)data;
  ec_block *b = ec_block_figure(ec_cmp_banner(&x->view), NULL, ec_kvs_get(args, "caption"));
  b->html = S_verdict_html(x->c); /* the page shows text that wraps */
  return b;
}

/* The view its charts are drawn from for a phone: EC_NARROW_UNITS wide,
 * their ids apart from the page's ("cn-..."). */
static const ec_cmp_view *S_narrow(S_ctx *x) {
  x->narrow = x->view;
  x->narrow.id = "cn";
  x->narrow.width = EC_NARROW_UNITS;
  return &x->narrow;
}

/* one per candidate (several become a group; each chart's title names its pair) */
static ec_block *S_c_waterfall(void *ud, const ec_tmpl_item *it, const char *data, const ec_kvs *args) {
  S_ctx *x = ud;
  (void)it, (void)data;
  const ec_comparison *c = x->c;
  const char *why = "no data";
  ec_block *g = c->n > 2 ? ec_block_group() : NULL, *one = NULL;
  for (size_t i = 0; i < c->n; i++) {
    if (i == c->baseline) continue;
    char tid[64];
    snprintf(tid, sizeof tid, "c-w%zu", i);
    ec_scene *sc = ec_cmp_waterfall(&x->view, i, &why);
    ec_block *b = sc ? ec_block_figure(sc, ec_cmp_tbl_waterfall(&x->view, i, tid), g ? NULL : ec_kvs_get(args, "caption"))
                     : ec_block_unavailable(why);
    if (sc) b->narrow = ec_cmp_waterfall(S_narrow(x), i, &why); /* a phone's drawing */
    b->table_html_only = 1; /* every step's change and both totals are labelled on the bars */
    if (!g) one = b;
    else ec_block_add(g, b);
  }
  return g ? g : one ? one : ec_block_unavailable("there is no candidate");
}

/* A chart of the comparison charts' registry (an unknown name says so),
 * with the table holding its numbers under it. */
static ec_block *S_c_chart(void *ud, const ec_tmpl_item *it, const char *data, const ec_kvs *args) {
  S_ctx *x = ud;
  (void)it;
  const char *why = "no data";
  ec_scene *sc = ec_cmp_chart(&x->view, data, &why);
  if (!sc) return ec_block_unavailable(why);
  const ec_cmp_chart_item *ci = ec_cmp_chart_find(data);
  ec_table *t = ci->data ? ci->data(&x->view, x->id, &why) : NULL;
  ec_block *b = ec_block_figure(sc, t, ec_kvs_get(args, "caption"));
  b->narrow = ec_cmp_chart(S_narrow(x), data, &why); /* a phone's drawing */
  return b;
}

static ec_block *S_notes(void *ud, const ec_tmpl_item *it, const char *data, const ec_kvs *args) {
  S_ctx *x = ud;
  (void)it, (void)data, (void)args;
  ec_block *b = ec_block_notes_of(&x->c->diags);
  for (size_t i = 0; i < x->c->n; i++) {
    size_t w = ec_diags_count(&x->c->engines[i]->diags, EC_WARN);
    if (!w) continue;
    char *m = ec_asprintf("%s: %zu %s while loading (see its report card)", x->c->engines[i]->name, w,
                          ec_plural(w, "warning", "warnings"));
    ec_block_note(b, 1, m);
    free(m);
  }
  return b;
}

static const ec_tmpl_fence S_fences[] = {
    {"table", "", "the template names an unknown comparison table"},
    {"chart", "", NULL}, /* the charts' registry says an unknown name */
    {"notes", "", NULL},
};

static const ec_tmpl_item S_items[] = {
    {"table", "gates", S_t_gates, 0, "each engine's metric, change with its interval, verdict and why"},
    {"table", "side-by-side", S_t_side_by_side, 0, "facts per engine side by side, differences from the baseline marked"},
    {"table", "mismatches", S_t_mismatches, 0, "what makes the engines not directly comparable, and the comparison's notes"},
    {"table", "platform", S_t_platform, 0, "a platform comparison: each candidate's time over the baseline's, per layer family"},
    {"table", "types", S_t_types, 0, "layers and latency per layer type per engine (the numbers behind the charts)"},
    {"table", "layers", S_t_layers, EC_ROWS_CMP_LAYERS_SHOWN, "aligned pairs whose time moved past 3% or whose build changed, one line each (kernels on demand)"},
    {"table", "layers-rest", S_t_layers_rest, EC_ROWS_CMP_LAYERS,
     "the aligned pairs the layers table left out (smaller changes, then the unchanged), folded; the PDF counts them"},
    {"table", "one-side", S_t_one_side, EC_ROWS_CMP_ONE_SIDE, "layers present on one side only"},
    {"table", "top-regressions", S_t_top, EC_ROWS_CMP_TOP, "the largest layer regressions of each candidate"},
    {"table", "regions", S_t_regions, 0, "regions of differently fused layers per candidate: each side's time, and the "
     "share of the layer time attributed before and after"},
    {"table", "kernel-changes", S_t_kernel_changes, 0, "the kernels that changed inside fused layer pairs (both sides "
     "with kernel data, --nsys)"},
    {"chart", "verdict", S_c_verdict, 0, "the verdict banner: the outcome, then a line per candidate"},
    {"chart", "waterfall", S_c_waterfall, 0, "from the baseline's layer-latency sum to each candidate's, step by step"},
    {"chart", NULL, S_c_chart, 0, "a chart of the comparison charts' registry (view/compare_view.c)"},
    {"notes", NULL, S_notes, 0, "warnings about the comparison and each engine"},
};

/* The compare report's generators and placeholders: the table
 * docs/templates.md lists (tests/unit/test_report.c checks both ways). */
const ec_tmpl_kind ec_report_compare_kind = {"compare", S_fences, sizeof S_fences / sizeof S_fences[0], S_items,
                                      sizeof S_items / sizeof S_items[0], S_values, sizeof S_values / sizeof S_values[0]};

static char *S_value(void *ud, const char *name) { return ec_tmpl_value_of(&ec_report_compare_kind, ud, name); }

/* every block takes the next table id, as it always has */
static ec_block *S_generate(void *ud, const char *kind, const ec_kvs *args) {
  S_ctx *x = ud;
  snprintf(x->id, sizeof x->id, "c-t%d", ++x->seq);
  ec_block *b = ec_tmpl_generate(&ec_report_compare_kind, x, kind, args);
  /* "brief-rows: N": the rows of a table (or a chart's) in the PDF */
  if (b && (b->kind == EC_BLOCK_TABLE || b->kind == EC_BLOCK_FIGURE)) b->brief_rows = ec_kvs_get_count(args, "brief-rows", 0);
  return b;
}

static char *S_html(void *ud, const ec_block *b) { return ec_block_html_if(b, ((S_ctx *)ud)->o->want_html); }

int ec_report_compare_build(const ec_comparison *c, const ec_report_opts *o, ec_report *out, ec_diags *d) {
  memset(out, 0, sizeof *out);
  size_t len;
  char *md = ec_template_load(o->template_path, "compare.md", &len, d);
  if (!md) return -1;
  out->parts = ec_calloc(1, sizeof *out->parts);
  out->n = 1;
  ec_report_part *p = &out->parts[0];
  p->engine = c->engines[c->baseline];
  p->summary = ec_summarize(p->engine);
  snprintf(p->id, sizeof p->id, "c1");
  ec_summary **sums = c->sums; /* ec_compare's, once per engine */
  S_ctx x = {c, sums, {c, sums, "c", 0}, {0}, o, 0, EC_ROWS_CMP_LAYERS_SHOWN, ""};
  ec_tmpl_env env = {&x, S_value, S_generate, S_html, "c1", o->template_path ? o->template_path : "templates/compare.md"};
  int rc = ec_template_expand(md, len, &env, &p->doc, d);
  free(md);
  out->title = ec_asprintf("Comparison of %zu %s \xE2\x80\x94 enginecard", c->n, ec_plural(c->n, "engine", "engines"));
  out->running = ec_asprintf("Comparison against %s", c->engines[c->baseline]->name);
  out->html_rest = 1; /* compare has no --pdf-detail */
  return rc;
}
