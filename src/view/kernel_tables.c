/* kernel_tables — see kernel_tables.h. */
#include "view/kernel_tables.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "facts/kernels.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "words/words.h"

#define B(f, v) f(buf, sizeof buf, (v))

char *ec_ktab_groups_line(const ec_layer *l, size_t max) {
  if (!ec_kernel_groups_apply(l)) return NULL;
  ec_kernel_group g[EC_KERNEL_GROUPS_MAX];
  size_t n = ec_kernel_op_groups(l, g, EC_KERNEL_GROUPS_MAX);
  if (!n) return NULL;
  ec_buf b = {0};
  for (size_t i = 0; i < n && (!max || i < max); i++) {
    if (i) ec_buf_puts(&b, ", ");
    if (isfinite(g[i].pct)) ec_buf_printf(&b, "%s " EC_PCT_LABEL, g[i].name, g[i].pct);
    else ec_buf_printf(&b, "%s " EC_NA, g[i].name);
  }
  if (max && n > max) ec_buf_puts(&b, ", \xE2\x80\xA6");
  return ec_buf_take(&b);
}

/* One kernel's cells from column c0: name, op group, share, launches, median. */
static void S_kernel_cells(ec_table *t, size_t r, const ec_layer *l, const ec_kernel *k, size_t c0) {
  const ec_layer_kernels *lk = l->kern;
  ec_table_set_text_or_dash(t, r, c0, k->name);
  ec_table_set_text_or_dash(t, r, c0 + 1, ec_kernel_groups_apply(l) ? ec_kernel_op_group(k) : NULL);
  double sh = ec_kernel_share_pct(lk, k);
  ec_table_set_pct(t, r, c0 + 2, sh);
  ec_table_set_kind(t, r, c0 + 2, EC_CELL_SHARE, NULL);
  double lp = ec_kernel_launches_per_iter(lk, k);
  ec_table_set_rate(t, r, c0 + 3, lp);
  ec_table_set_ms(t, r, c0 + 4, k->iter_median_ms);
}

ec_table *ec_tbl_layer_kernels(const ec_layer *l, const char *id) {
  if (!l || !l->kern || !l->kern->n) return NULL;
  ec_table *t = ec_table_new(id, NULL);
  ec_table_col(t, "Kernel", EC_CELL_ALIGN_LEFT, 0);
  ec_table_clip(t, 0);
  ec_table_col(t, "Op group", EC_CELL_ALIGN_LEFT, 0);
  ec_table_col(t, "Share of the layer (%)", EC_CELL_ALIGN_RIGHT, 1);
  ec_table_col(t, "Launches per iteration", EC_CELL_ALIGN_RIGHT, 1);
  ec_table_col(t, "Median per iteration (ms)", EC_CELL_ALIGN_RIGHT, 1);
  /* most time first, first launch on ties */
  size_t n = l->kern->n, *ix = ec_malloc(n * sizeof *ix);
  for (size_t i = 0; i < n; i++) ix[i] = i;
  for (size_t i = 1; i < n; i++) {
    size_t x = ix[i], j = i;
    double tx = l->kern->v[x].total_ms;
    while (j > 0 && tx > l->kern->v[ix[j - 1]].total_ms) ix[j] = ix[j - 1], j--;
    ix[j] = x;
  }
  for (size_t i = 0; i < n; i++) S_kernel_cells(t, ec_table_row(t), l, &l->kern->v[ix[i]], 0);
  free(ix);
  return t;
}

ec_table *ec_tbl_kernels(const ec_summary *s, const char *id, const char *part, size_t rows) {
  const ec_engine *e = s->engine;
  ec_kernel_recon *rc = ec_kernel_recon_of(e);
  if (!rc) return NULL;
  ec_table *t = ec_table_new(id, NULL);
  ec_table_col(t, "Layer / kernel", EC_CELL_ALIGN_LEFT, 0);
  ec_table_clip(t, 0);
  ec_table_col(t, "Op groups / op group", EC_CELL_ALIGN_LEFT, 0);
  ec_table_col(t, "Share (%)", EC_CELL_ALIGN_RIGHT, 1);
  ec_table_col(t, "Launches per iteration", EC_CELL_ALIGN_RIGHT, 1);
  ec_table_col(t, "Median per iteration (ms)", EC_CELL_ALIGN_RIGHT, 1);
  t->sub_cap = 8;
  t->sub_label = ec_strdup("kernels");
  t->sub_label_one = ec_strdup("kernel");
  double all = 0;
  for (size_t i = 0; i < rc->n; i++)
    if (isfinite(rc->v[i].kernel_ms)) all += rc->v[i].kernel_ms;
  size_t shown = rows && rows < rc->n ? rows : rc->n;
  for (size_t i = 0; i < shown; i++) {
    const ec_layer *l = &e->layers[rc->v[i].layer];
    const ec_layer_kernels *lk = l->kern;
    size_t r = ec_table_row(t);
    ec_table_setn(t, r, 0, l->name, l->name_len, NAN);
    if (part) {
      char link[64];
      snprintf(link, sizeof link, "#%s-L%zu", part, l->index);
      ec_table_set_link(t, r, 0, link);
    }
    char *groups = ec_ktab_groups_line(l, 4);
    ec_table_set_text_or_dash(t, r, 1, groups);
    free(groups);
    double sh = all > 0 && isfinite(rc->v[i].kernel_ms) ? 100.0 * rc->v[i].kernel_ms / all : NAN;
    ec_table_set_pct(t, r, 2, sh);
    ec_table_set_kind(t, r, 2, EC_CELL_SHARE, NULL);
    double lp = lk->instances ? (double)lk->launches / (double)lk->instances : NAN;
    ec_table_set_rate(t, r, 3, lp);
    ec_table_set_ms(t, r, 4, lk->iter_median_ms);
    ec_table *kt = ec_tbl_layer_kernels(l, "k");
    for (size_t j = 0; kt && j < kt->nrows; j++) {
      size_t q = ec_table_row(t);
      for (size_t c = 0; c < 5; c++) {
        const ec_cell *x = ec_table_cell(kt, j, c);
        ec_table_set(t, q, c, x->text, x->sort);
        if (x->kind == EC_CELL_SHARE) ec_table_set_kind(t, q, c, EC_CELL_SHARE, NULL);
      }
      ec_table_set_sub(t, q);
    }
    ec_table_free(kt);
  }
  if (shown < rc->n) {
    char cnt[48];
    char *note = ec_asprintf("%s more: enginecard layers --kernels",
                             ec_fmt_count(cnt, sizeof cnt, rc->n - shown, "layer with kernels", "layers with kernels"));
    ec_table_set_note(t, note);
    free(note);
  }
  ec_kernel_recon_free(rc);
  return t;
}

char *ec_ktab_attributed_line(const ec_engine *e, int source) {
  const ec_kernel_set *ks = e ? e->kernels : NULL;
  if (!ks) return NULL;
  char a[48], b[48], c[48];
  double pct = ec_share_pct(ks->matched_ms, ks->total_ms);
  size_t with = 0;
  for (size_t i = 0; i < e->n_layers; i++) with += e->layers[i].kern != NULL;
  ec_buf o = {0};
  ec_buf_printf(&o, "%s of %s have kernels; ", ec_fmt_int(a, sizeof a, (double)with),
                ec_fmt_count(b, sizeof b, e->n_layers, "layer", "layers"));
  if (isfinite(pct))
    ec_buf_printf(&o, EC_PCT " of the kernel time (%s of %s) matched a layer", pct, ec_fmt_int(a, sizeof a, (double)ks->matched),
                  ec_fmt_count(c, sizeof c, ks->launches, "launch", "launches"));
  else ec_buf_printf(&o, "the share of the kernel time that matched a layer is " EC_NA);
  if (source) ec_buf_printf(&o, " (%s, %s)", ks->format, ks->path);
  ec_buf_putc(&o, '.');
  return ec_buf_take(&o);
}
