/* fused_compare — see fused_compare.h. */
#include "view/fused_compare.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/alloc.h"
#include "util/buf.h"
#include "words/words.h"

#define B(f, v) f(buf, sizeof buf, (v))

static void S_pct_pair(ec_buf *o, double before, double after) {
  if (isfinite(before) && isfinite(after)) ec_buf_printf(o, EC_PCT " \xE2\x86\x92 " EC_PCT, before, after);
  else ec_buf_puts(o, EC_NA);
}

char *ec_fv_regions_sentence(const ec_regions *r, const ec_engine *a, const ec_engine *b) {
  if (!r || !r->n) return NULL;
  size_t la = 0, lb = 0, one = 0;
  for (size_t i = 0; i < r->n; i++) la += r->v[i].na, lb += r->v[i].nb, one += r->v[i].one_sided;
  char c1[48], c2[48], c3[48], c4[48];
  ec_buf o = {0};
  ec_buf_printf(&o, "%s of differently fused layers (%s of %s, %s of %s; %s of them without a partner before) cover "
                    "the same nodes; layer time attributed (aligned pairs, then with the regions): ",
                ec_fmt_count(c1, sizeof c1, r->n, "region", "regions"), ec_fmt_count(c2, sizeof c2, la, "layer", "layers"),
                a->name, ec_fmt_int(c3, sizeof c3, (double)lb), b->name, ec_fmt_int(c4, sizeof c4, (double)one));
  ec_buf_printf(&o, "%s ", a->name);
  S_pct_pair(&o, r->a_before_pct, r->a_after_pct);
  ec_buf_printf(&o, ", %s ", b->name);
  S_pct_pair(&o, r->b_before_pct, r->b_after_pct);
  ec_buf_printf(&o, "; layers on one side only: %zu \xE2\x86\x92 %zu and %zu \xE2\x86\x92 %zu", r->only_a, r->left_a,
                r->only_b, r->left_b);
  return ec_buf_take(&o);
}

char *ec_fv_region_names(const ec_engine *e, const size_t *ix, size_t n, size_t max) {
  ec_buf o = {0};
  for (size_t i = 0; i < n && (!max || i < max); i++) {
    if (i) ec_buf_puts(&o, " | ");
    ec_buf_put(&o, e->layers[ix[i]].name, e->layers[ix[i]].name_len);
  }
  if (max && n > max) ec_buf_printf(&o, " and %zu more", n - max);
  if (!o.data) ec_buf_puts(&o, "");
  return ec_buf_take(&o);
}

ec_table *ec_tbl_regions(const ec_regions *r, const ec_engine *a, const ec_engine *b, const char *id, size_t rows) {
  if (!r || !r->n) return NULL;
  ec_table *t = ec_table_new(id, NULL);
  char h[160];
  ec_table_col(t, "Change (ms)", EC_CELL_ALIGN_RIGHT, 1);
  snprintf(h, sizeof h, "%.60s (ms)", a->name);
  ec_table_col(t, h, EC_CELL_ALIGN_RIGHT, 1);
  snprintf(h, sizeof h, "%.60s (ms)", b->name);
  ec_table_col(t, h, EC_CELL_ALIGN_RIGHT, 1);
  snprintf(h, sizeof h, "Layers of %.60s", a->name);
  ec_table_col(t, h, EC_CELL_ALIGN_LEFT, 0);
  snprintf(h, sizeof h, "Layers of %.60s", b->name);
  ec_table_col(t, h, EC_CELL_ALIGN_LEFT, 0);
  ec_table_col(t, "Nodes shared", EC_CELL_ALIGN_RIGHT, 1);
  size_t shown = rows && rows < r->n ? rows : r->n;
  char buf[48];
  for (size_t i = 0; i < shown; i++) {
    const ec_region *g = &r->v[i];
    size_t q = ec_table_row(t);
    if (isfinite(g->delta_ms)) snprintf(buf, sizeof buf, "%+" EC_MS_G, g->delta_ms);
    else snprintf(buf, sizeof buf, EC_DASH);
    ec_table_set(t, q, 0, buf, g->delta_ms);
    if (g->delta_ms > 0) ec_table_set_kind(t, q, 0, EC_CELL_BAD, NULL);
    else if (g->delta_ms < 0) ec_table_set_kind(t, q, 0, EC_CELL_GOOD, NULL);
    ec_table_set_ms(t, q, 1, g->a_ms);
    ec_table_set_ms(t, q, 2, g->b_ms);
    char *na = ec_fv_region_names(a, g->a, g->na, 6), *nb = ec_fv_region_names(b, g->b, g->nb, 6);
    ec_table_set(t, q, 3, na, NAN);
    ec_table_set(t, q, 4, nb, NAN);
    free(na);
    free(nb);
    snprintf(buf, sizeof buf, "%zu of %zu", g->nodes_shared, g->nodes_a + g->nodes_b - g->nodes_shared);
    ec_table_set(t, q, 5, buf, (double)g->nodes_shared);
  }
  if (shown < r->n) {
    char *note = ec_asprintf("%zu more %s in compare --json", r->n - shown,
                             ec_plural(r->n - shown, "region", "regions"));
    ec_table_set_note(t, note);
    free(note);
  }
  return t;
}

char *ec_fv_pair_kernels_line(const ec_kdiff_pair *p, const ec_engine *a) {
  ec_buf o = {0};
  const ec_layer *l = &a->layers[p->a];
  ec_buf_put(&o, l->name, l->name_len);
  char x[48], y[48];
  ec_buf_printf(&o, ": kernels %s \xE2\x86\x92 %s ms per iteration", ec_fmt_ms(x, sizeof x, p->base_ms),
                ec_fmt_ms(y, sizeof y, p->ms));
  if (isfinite(p->delta_ms)) ec_buf_printf(&o, " (" EC_MS_DELTA ")", p->delta_ms);
  size_t said = 0;
  for (size_t i = 0; i < p->ng && said < 4; i++) {
    if (!(fabs(p->g[i].delta_ms) > 0)) continue;
    ec_buf_printf(&o, "%s%s " EC_MS_DELTA, said ? ", " : "; by op group: ", p->g[i].group, p->g[i].delta_ms);
    said++;
  }
  if (p->added || p->removed) ec_buf_printf(&o, "; %zu kernel%s new, %zu gone", p->added, ec_plural(p->added, "", "s"), p->removed);
  return ec_buf_take(&o);
}

ec_table *ec_tbl_kernel_changes(const ec_kdiff *d, const ec_engine *a, const ec_engine *b, const char *id,
                                size_t rows) {
  if (!d || !d->n) return NULL;
  ec_table *t = ec_table_new(id, NULL);
  ec_table_col(t, "Fused layer / kernel", EC_CELL_ALIGN_LEFT, 0);
  ec_table_clip(t, 0);
  ec_table_col(t, "Op group", EC_CELL_ALIGN_LEFT, 0);
  ec_table_col(t, "Baseline (ms/iter)", EC_CELL_ALIGN_RIGHT, 1);
  ec_table_col(t, "Engine (ms/iter)", EC_CELL_ALIGN_RIGHT, 1);
  ec_table_col(t, "Change (ms)", EC_CELL_ALIGN_RIGHT, 1);
  t->sub_cap = 6;
  t->sub_label = ec_strdup("kernels");
  t->sub_label_one = ec_strdup("kernel");
  size_t shown = rows && rows < d->n ? rows : d->n;
  char buf[48];
  for (size_t i = 0; i < shown; i++) {
    const ec_kdiff_pair *p = &d->v[i];
    const ec_layer *la = &a->layers[p->a];
    (void)b;
    size_t q = ec_table_row(t);
    ec_table_setn(t, q, 0, la->name, la->name_len, NAN);
    ec_buf g = {0};
    for (size_t k = 0; k < p->ng && k < 3; k++) ec_buf_printf(&g, "%s%s", k ? ", " : "", p->g[k].group);
    ec_table_set_text_or_dash(t, q, 1, g.data);
    ec_buf_free(&g);
    ec_table_set_ms(t, q, 2, p->base_ms);
    ec_table_set_ms(t, q, 3, p->ms);
    if (isfinite(p->delta_ms)) snprintf(buf, sizeof buf, "%+" EC_MS_G, p->delta_ms);
    else snprintf(buf, sizeof buf, EC_DASH);
    ec_table_set(t, q, 4, buf, p->delta_ms);
    for (size_t k = 0; k < p->n; k++) {
      const ec_kdiff_kernel *c = &p->v[k];
      size_t s = ec_table_row(t);
      ec_table_set_text_or_dash(t, s, 0, c->name);
      ec_table_set(t, s, 1, c->group, NAN);
      ec_table_set(t, s, 2, isfinite(c->base_ms) ? B(ec_fmt_ms, c->base_ms) : "new", c->base_ms);
      ec_table_set(t, s, 3, isfinite(c->ms) ? B(ec_fmt_ms, c->ms) : "gone", c->ms);
      if (isfinite(c->delta_ms)) snprintf(buf, sizeof buf, "%+" EC_MS_G, c->delta_ms);
      else snprintf(buf, sizeof buf, EC_DASH);
      ec_table_set(t, s, 4, buf, c->delta_ms);
      ec_table_set_sub(t, s);
    }
  }
  if (shown < d->n) {
    char *note = ec_asprintf("%zu more fused %s in compare --json", d->n - shown,
                             ec_plural(d->n - shown, "layer", "layers"));
    ec_table_set_note(t, note);
    free(note);
  }
  return t;
}
