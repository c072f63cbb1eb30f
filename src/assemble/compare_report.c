/* Generators of templates/compare.md:
 *   table  data: gates | side-by-side | mismatches | platform | types | layers | one-side |
 *                top-regressions (rows: N per engine, default 10)
 *   chart  data: verdict (the banner) | waterfall (one per candidate) |
 *                stacked-latency-by-type | latency-by-type | count-by-type |
 *                latency-by-precision | count-by-precision | throughput | gpu-latency
 *   notes  data: comparison (warnings about the comparison and each engine) */
#include "assemble/compare_report.h"
#include "assemble/html.h"
#include "narrate/narrate.h"
#include "util/alloc.h"
#include "view/compare_view.h"
#include "words/words.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  const ec_comparison *c;
  ec_summary **sums;
  ec_cmp_view view;
  const ec_report_opts *o;
  int seq;
} S_ctx;

static char *S_value(void *ud, const char *name) {
  S_ctx *x = ud;
  const ec_comparison *c = x->c;
  char buf[64];
  if (!strcmp(name, "compare.baseline")) return ec_strdup(c->engines[c->baseline]->name);
  if (!strcmp(name, "compare.metric")) return ec_asprintf("%s (%s)", ec_metric_label(c->used), ec_metric_name(c->used));
  if (!strcmp(name, "compare.engines")) return ec_strdup(ec_fmt_int(buf, sizeof buf, (double)c->n));
  /* "1 engine", "3 engines": those compared with the baseline */
  if (!strcmp(name, "compare.candidates"))
    return ec_strdup(ec_fmt_count(buf, sizeof buf, c->n ? c->n - 1 : 0, "engine", "engines"));
  if (!strcmp(name, "compare.verdict")) return ec_narrate_compare_headline(c);
  if (!strcmp(name, "compare.alignment")) {
    /* how much of each candidate aligned with the baseline, on the first screen */
    ec_buf b = {0};
    for (size_t i = 0; i < c->n; i++) {
      char *t = ec_compare_alignment_text(c, i);
      if (!t) continue;
      if (b.len) ec_buf_putc(&b, ' ');
      ec_buf_puts(&b, t);
      free(t);
    }
    if (c->platform)
      ec_buf_puts(&b, b.len ? " A platform comparison: see the ratios per layer family below."
                            : "A platform comparison: see the ratios per layer family below.");
    return b.data ? b.data : ec_strdup("");
  }
  if (!strcmp(name, "compare.gate")) {
    char *rule = ec_compare_gate_rule(c);
    return rule ? rule : ec_strdup(ec_narrate_gate_none());
  }
  return NULL;
}

/* The verdict banner as text for the page (the PDF draws the banner): the
 * band's headline, then one line per candidate (its verdict, name, change
 * and the two values), wrapping on a narrow screen. */
static char *S_verdict_html(const ec_comparison *c) {
  ec_buf o = {0};
  char *head = ec_narrate_compare_headline(c);
  ec_color bc = ec_cmp_outcome_color(ec_compare_outcome(c));
  ec_buf_printf(&o, "<div class=\"verdict\"><p class=\"verdict-band\" style=\"background:#%02x%02x%02x\">", bc.r, bc.g, bc.b);
  ec_buf_html(&o, head, strlen(head));
  ec_buf_puts(&o, "</p><ul class=\"verdict-lines\">");
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
    char line[384];
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

static ec_block *S_generate(void *ud, const char *kind, const ec_kvs *args) {
  S_ctx *x = ud;
  const char *data = ec_kvs_get(args, "data");
  if (!data) data = "";
  const char *why = "no data";
  char id[64];
  snprintf(id, sizeof id, "c-t%d", ++x->seq);
  if (!strcmp(kind, "table")) {
    if (!strcmp(data, "gates")) return S_tbl(ec_cmp_tbl_gates(&x->view, id, &why), &why);
    if (!strcmp(data, "side-by-side")) return S_tbl(ec_cmp_tbl_side_by_side(&x->view, id, &why), &why);
    if (!strcmp(data, "mismatches")) return S_tbl(ec_cmp_tbl_mismatches(&x->view, id, &why), &why);
    if (!strcmp(data, "platform")) return S_tbl(ec_cmp_tbl_platform(&x->view, id, &why), &why);
    if (!strcmp(data, "types")) return S_tbl(ec_cmp_tbl_types(&x->view, id, &why), &why);
    if (!strcmp(data, "layers")) return S_tbl(ec_cmp_tbl_layers(&x->view, "c-layers", ec_kvs_get_count(args, "rows", 2000), &why), &why);
    if (!strcmp(data, "one-side")) return S_tbl(ec_cmp_tbl_one_side(&x->view, id, ec_kvs_get_count(args, "rows", 200), &why), &why);
    if (!strcmp(data, "top-regressions")) return S_tbl(ec_cmp_tbl_top(&x->view, id, ec_kvs_get_count(args, "rows", 10), &why), &why);
    return ec_block_unavailable("the template names an unknown comparison table");
  }
  if (!strcmp(kind, "chart") && !strcmp(data, "verdict")) {
    ec_block *b = ec_block_figure(ec_cmp_banner(&x->view), NULL, ec_kvs_get(args, "caption"));
    b->html = S_verdict_html(x->c); /* the page shows text that wraps */
    return b;
  }
  if (!strcmp(kind, "chart") && !strcmp(data, "waterfall")) {
    /* one per candidate (several become a group; each chart's title names its pair) */
    const ec_comparison *c = x->c;
    ec_block *g = c->n > 2 ? ec_block_group() : NULL, *one = NULL;
    for (size_t i = 0; i < c->n; i++) {
      if (i == c->baseline) continue;
      char tid[64];
      snprintf(tid, sizeof tid, "c-w%zu", i);
      ec_scene *sc = ec_cmp_waterfall(&x->view, i, &why);
      ec_block *b = sc ? ec_block_figure(sc, ec_cmp_tbl_waterfall(&x->view, i, tid), g ? NULL : ec_kvs_get(args, "caption"))
                       : ec_block_unavailable(why);
      if (!g) one = b;
      else ec_block_add(g, b);
    }
    return g ? g : one ? one : ec_block_unavailable("there is no candidate");
  }
  if (!strcmp(kind, "chart")) {
    ec_scene *sc = ec_cmp_chart(&x->view, data, &why);
    if (!sc) return ec_block_unavailable(why);
    ec_table *t = NULL;
    if (strstr(data, "type")) t = ec_cmp_tbl_types(&x->view, id, &why);
    return ec_block_figure(sc, t, ec_kvs_get(args, "caption"));
  }
  if (!strcmp(kind, "notes")) {
    ec_block *b = ec_block_notes_of(&x->c->diags);
    for (size_t i = 0; i < x->c->n; i++) {
      size_t w = ec_diags_count(&x->c->engines[i]->diags, EC_WARN);
      if (!w) continue;
      char *m = ec_asprintf("%s: %zu warnings while loading (see its report card)", x->c->engines[i]->name, w);
      ec_block_note(b, 1, m);
      free(m);
    }
    return b;
  }
  return NULL;
}

static char *S_html(void *ud, const ec_block *b) { return ec_block_html_if(b, ((S_ctx *)ud)->o->want_html); }

int ec_compare_report_build(const ec_comparison *c, const ec_report_opts *o, ec_report *out, ec_diags *d) {
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
  S_ctx x = {c, sums, {c, sums, "c"}, o, 0};
  ec_tmpl_env env = {&x, S_value, S_generate, S_html, "c1", o->template_path ? o->template_path : "templates/compare.md"};
  int rc = ec_template_expand(md, len, &env, &p->doc, d);
  free(md);
  out->title = ec_asprintf("Comparison of %zu engines \xE2\x80\x94 enginecard", c->n);
  out->running = ec_asprintf("Comparison against %s", c->engines[c->baseline]->name);
  return rc;
}
