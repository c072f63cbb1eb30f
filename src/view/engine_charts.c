/* engine_charts — see engine_charts.h. */
#include "view/engine_charts.h"
#include "view/short_name.h"
#include "words/words.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "facts/layer_kind.h"
#include "facts/stats.h"
#include "util/alloc.h"
#include "view/chart.h"
#include "view/colors.h"
#include "view/phrase.h"
#include "view/report_items.h"

/* Roofline points that carry a tooltip (the slowest ones); the others are
 * drawn without one so the SVG of a big engine stays small. */
#define S_ROOF_TIPS 300

typedef struct S_ctx {
  const ec_engine *e;
  const ec_summary *s;
  ec_engine_chart_opts o;
  char id[256];
} S_ctx;

static const char *S_id(S_ctx *c, const char *name) {
  snprintf(c->id, sizeof c->id, "%s-%s", c->o.id_base ? c->o.id_base : "ec", name);
  return c->id;
}

static const char *S_prec_label(const char *k) { return ec_precision_label(k); }

static double S_fin(double v) { return isfinite(v) ? v : 0; }

char *ec_layer_anchor(char *buf, size_t cap, const char *id_base, size_t index) {
  if (!cap) return buf;
  char base[128];
  size_t n = 0;
  for (const char *p = id_base ? id_base : ""; *p && n + 2 < sizeof base; p++) {
    char ch = *p;
    int letter = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z');
    if (!(letter || (ch >= '0' && ch <= '9') || ch == '_' || ch == '-')) continue;
    if (n == 0 && !letter) base[n++] = 'f'; /* ids start with a letter */
    base[n++] = ch;
  }
  base[n] = '\0';
  snprintf(buf, cap, "%s-L%zu", n ? base : "ec", index);
  return buf;
}

/* "#" + the layer's anchor; caller frees. */
static char *S_layer_link(S_ctx *c, size_t index) {
  char a[160];
  ec_layer_anchor(a, sizeof a, c->o.anchor_base ? c->o.anchor_base : c->o.id_base, index);
  return ec_asprintf("#%s", a);
}

/* Sort helper: index with a metric, descending by metric, ties by index. */
typedef struct S_rank {
  double v;
  size_t i;
} S_rank;

static int S_cmp_rank(const void *a, const void *b) {
  const S_rank *p = a, *q = b;
  if (p->v != q->v) return p->v > q->v ? -1 : 1;
  return p->i < q->i ? -1 : p->i > q->i ? 1 : 0;
}

static ec_scene *S_group_bars(S_ctx *c, const ec_groups *g, int metric, const char *name,
                              const char *title, const char *axis, const char *unit,
                              ec_key_color_fn color) {
  if (g->n == 0) return NULL;
  size_t *ix = ec_groups_order(g, metric);
  const char **labels = ec_calloc(g->n, sizeof *labels);
  char **tips = ec_calloc(g->n, sizeof *tips);
  double *v = ec_calloc(g->n, sizeof *v);
  for (size_t i = 0; i < g->n; i++) {
    const ec_group *gr = &g->v[ix[i]];
    labels[i] = gr->key;
    v[i] = metric == 0 ? (double)gr->count : metric == 1 ? gr->latency_ms : gr->pct;
    char cnt[48];
    ec_fmt_count(cnt, sizeof cnt, gr->count, "layer", "layers");
    if (c->s->has_latency)
      tips[i] = ec_asprintf("%s, " EC_MS ", " EC_PCT " of the latency", cnt, gr->latency_ms, gr->pct);
    else
      tips[i] = ec_strdup(cnt);
  }
  ec_bar_spec b = {0};
  b.f.id = S_id(c, name);
  b.f.title = title;
  b.f.width = c->o.width;
  b.horizontal = 1;
  b.n = g->n;
  b.labels = labels;
  b.tips = (const char *const *)tips;
  b.values = v;
  b.keys = color ? labels : NULL;
  b.key_color = color;
  b.unit = unit;
  b.value_axis = axis;
  b.value_labels = 1;
  b.max_bars = 30;
  b.rest_noun = "groups";
  ec_scene *sc = ec_chart_bar(&b);
  for (size_t i = 0; i < g->n; i++) free(tips[i]);
  free(tips);
  free(labels);
  free(v);
  free(ix);
  return sc;
}

/* Share of the layers and share of the latency per type, side by side. */
static ec_scene *S_count_and_latency(S_ctx *c) {
  const ec_groups *g = &c->s->by_type_shown;
  if (!c->s->has_latency || g->n == 0) return NULL;
  size_t layers = 0;
  for (size_t i = 0; i < g->n; i++) layers += g->v[i].count;
  if (!layers) return NULL;
  size_t n = g->n;
  size_t *ix = ec_groups_order(g, 1);
  const char **labels = ec_calloc(n, sizeof *labels);
  char **tips = ec_calloc(n, sizeof *tips);
  double *v = ec_calloc(2 * n, sizeof *v);
  for (size_t i = 0; i < n; i++) {
    const ec_group *gr = &g->v[ix[i]];
    labels[i] = gr->key;
    v[i] = 100.0 * (double)gr->count / (double)layers;
    v[n + i] = gr->pct;
    tips[i] = ec_asprintf("%zu of %zu %s (" EC_PCT "); " EC_MS " (" EC_PCT " of the latency)",
                          gr->count, layers, ec_plural(layers, "layer", "layers"), v[i], gr->latency_ms, gr->pct);
  }
  static const char *const series[] = {"Layers", "Latency"};
  const ec_color sc[2] = {ec_rgb(0xA0A0A0), ec_rgb(0x4682B4)};
  ec_bar_spec b = {0};
  b.f.id = S_id(c, "count-and-latency-by-type");
  b.f.title = "Layer count and latency per type";
  b.f.desc = "For each layer type, two bars: its share of the engine's layers and its share "
             "of the total latency, both in percent, so types that are few but slow (or many "
             "but cheap) stand out. Types are ordered by latency.";
  b.f.width = c->o.width;
  b.horizontal = 1;
  b.mode = EC_BARS_GROUPED;
  b.n = n;
  b.labels = labels;
  b.tips = (const char *const *)tips;
  b.n_series = 2;
  b.series = series;
  b.series_colors = sc;
  b.values = v;
  b.unit = "%";
  b.value_axis = "Share of all layers and of total latency";
  b.max_bars = 30;
  b.rest_noun = "types";
  ec_scene *s = ec_chart_bar(&b);
  for (size_t i = 0; i < n; i++) free(tips[i]);
  free(tips);
  free(labels);
  free(v);
  free(ix);
  return s;
}

/* Precision keys in the order of their share of rows[0] (descending, ties
 * by key), the union of the groups' keys. Caller frees. */
static const char **S_prec_keys(const ec_groups *const *g, size_t ng, size_t *nk) {
  const char **k = NULL;
  size_t n = 0, cap = 0;
  for (size_t j = 0; j < ng; j++)
    for (size_t i = 0; i < g[j]->n; i++) {
      size_t x = 0;
      while (x < n && strcmp(k[x], g[j]->v[i].key)) x++;
      if (x == n) *EC_PUSH(k, n, cap) = g[j]->v[i].key;
    }
  *nk = n;
  return k;
}

static double S_group_value(const ec_groups *g, const char *key, int latency) {
  const ec_group *x = ec_groups_find(g, key);
  return !x ? 0 : latency ? S_fin(x->latency_ms) : (double)x->count;
}

/* Strips of how the engine splits by precision: rows are (latency by input
 * precision, latency by output precision, layers) as far as they are known. */
static ec_scene *S_precision_rows(S_ctx *c, int first_screen) {
  const ec_summary *s = c->s;
  if (!s->by_precision.n) return NULL;
  const ec_groups *g[3];
  const char *labels[3], *units[3];
  int lat[3];
  size_t nr = 0;
  if (s->has_latency) {
    g[nr] = &s->by_precision, labels[nr] = "Latency, by input", lat[nr++] = 1;
    if (!first_screen) g[nr] = &s->by_out_precision, labels[nr] = "Latency, by output", lat[nr++] = 1;
  }
  if (!first_screen || !nr) g[nr] = &s->by_precision, labels[nr] = "Layers", lat[nr++] = 0;
  size_t nk;
  const char **keys = S_prec_keys(g, nr, &nk);
  /* keys by their share of the first row, largest first */
  for (size_t i = 1; i < nk; i++)
    for (size_t j = i; j > 0; j--) {
      double a = S_group_value(g[0], keys[j], lat[0]), b = S_group_value(g[0], keys[j - 1], lat[0]);
      if (a < b || (a == b && strcmp(keys[j], keys[j - 1]) > 0)) break;
      const char *t = keys[j];
      keys[j] = keys[j - 1];
      keys[j - 1] = t;
    }
  for (size_t r = 0; r < nr; r++) units[r] = lat[r] ? "ms" : "layers";
  double *v = ec_calloc(nr * nk + 1, sizeof *v);
  for (size_t r = 0; r < nr; r++)
    for (size_t k = 0; k < nk; k++) v[r * nk + k] = S_group_value(g[r], keys[k], lat[r]);
  ec_strip_spec sp = {0};
  sp.f.id = S_id(c, first_screen ? "precision-strip" : "precision-mix");
  sp.f.title = first_screen ? NULL : "Precision mix";
  sp.f.desc = first_screen
                  ? (s->has_latency ? "Share of the latency by the precision of each layer's first input."
                                    : "Share of the layers by the precision of their first input (no profile).")
                  : "How the engine splits by precision: the latency by the precision of each layer's first "
                    "input and of its first output, and the layer count by input precision, each as shares "
                    "of its total.";
  sp.f.width = c->o.width;
  sp.n_rows = nr;
  sp.row_labels = first_screen ? NULL : labels;
  sp.n_keys = nk;
  sp.keys = keys;
  sp.values = v;
  sp.key_color = ec_colors_precision;
  sp.key_label = S_prec_label;
  sp.row_units = units;
  sp.legend = !first_screen;
  ec_scene *sc = ec_chart_strip(&sp);
  free(v);
  free(keys);
  return sc;
}

/* The slowest layers (opts' top_n, the rest summed in one bar), slowest
 * first, coloured by type; when the engine mixes precisions, each bar is
 * marked with its layer's precision. */
static ec_scene *S_layer_bars(S_ctx *c) {
  const ec_engine *e = c->e;
  size_t n = e->n_layers;
  if (!c->s->has_latency || n == 0) return NULL;
  size_t top = ec_top_rows(c->o.top_n);
  size_t max_bars = n <= top ? n : top + 1; /* the N slowest, and "rest" */
  size_t detailed = n <= top ? n : top;     /* bars that stand for one layer */
  int mark = c->s->by_precision.n > 1;
  const char **labels = ec_calloc(n, sizeof *labels);
  const char **keys = ec_calloc(n, sizeof *keys);
  const char **marks = ec_calloc(n, sizeof *marks);
  char **tips = ec_calloc(n, sizeof *tips);
  char **links = ec_calloc(n, sizeof *links);
  char **shorts = ec_calloc(n, sizeof *shorts);
  double *v = ec_calloc(n, sizeof *v);
  for (size_t i = 0; i < n; i++) {
    size_t li = c->s->order[i];
    const ec_layer *l = &e->layers[li];
    labels[i] = l->name;
    keys[i] = ec_layer_shown_type(l);
    v[i] = l->has_profile ? l->avg_ms : 0;
    if (i >= detailed) continue;
    if (mark) marks[i] = ec_precision_label(l->precision);
    links[i] = S_layer_link(c, li);
    char pct[32];
    /* a fused name's bar says its shortest distinguishing form, the whole name in its tip */
    shorts[i] = ec_short_wanted(l->name, l->name_len) ? ec_short_fold(l->name, l->name_len) : NULL;
    int folded = shorts[i] && strcmp(shorts[i], l->name) != 0;
    if (folded) labels[i] = shorts[i];
    tips[i] = ec_asprintf("#%zu, precision %s (output %s), %s%% of the latency, tactic %s%s%.*s", li,
                          ec_precision_label(l->precision), ec_precision_label(l->out_precision),
                          ec_fmt_pct(pct, sizeof pct, ec_layer_share_pct(c->s, l)), l->tactic ? l->tactic : "?",
                          folded ? "\nwhole name: " : "", folded ? (int)l->name_len : 0, folded ? l->name : "");
  }
  char title[160];
  if (n <= top)
    snprintf(title, sizeof title, "Latency per layer (%zu %s, slowest first)", n, ec_plural(n, "layer", "layers"));
  else
    snprintf(title, sizeof title, "The %zu slowest of %zu %s", top, n, ec_plural(n, "layer", "layers"));
  char *desc = ec_asprintf("Average latency of each layer (ms), slowest first, coloured by layer type; the legend "
                           "names each colour.%s Each bar links to the layer's row in the layer table.",
                           mark ? " The chip and text after each bar give the precision of the layer's first input." : "");
  ec_bar_spec b = {0};
  b.f.id = S_id(c, "layer-latency");
  b.f.title = title;
  b.f.desc = desc;
  b.f.width = c->o.width;
  b.horizontal = 1;
  b.n = n;
  b.labels = labels;
  b.tips = (const char *const *)tips;
  b.links = (const char *const *)links;
  b.values = v;
  b.keys = keys;
  b.key_color = ec_colors_layer_type;
  b.key_title = "Layer type";
  b.unit = "ms";
  b.value_axis = "Latency";
  b.max_bars = max_bars;
  b.rest_noun = "layers";
  b.value_labels = 1;
  b.marks = mark ? marks : NULL;
  b.mark_color = ec_colors_precision;
  ec_scene *sc = ec_chart_bar(&b);
  for (size_t i = 0; i < detailed; i++) {
    free(tips[i]);
    free(links[i]);
    free(shorts[i]);
  }
  free(desc);
  free(tips);
  free(links);
  free(shorts);
  free(labels);
  free(keys);
  free(marks);
  free(v);
  return sc;
}

/* ---- latency per layer in execution order (TREx's per-layer view) -------- */

size_t ec_layer_order_bins(const ec_engine *e, size_t max_bins, ec_layer_bin **out) {
  size_t n = e->n_layers;
  if (!max_bins) max_bins = EC_ORDER_BARS;
  size_t per = n <= max_bins ? 1 : (n + max_bins - 1) / max_bins;
  size_t nb = n ? (n + per - 1) / per : 0;
  ec_layer_bin *v = ec_calloc(nb ? nb : 1, sizeof *v);
  for (size_t b = 0; b < nb; b++) {
    ec_layer_bin *x = &v[b];
    x->first = b * per;
    x->last = x->first + per - 1 < n - 1 ? x->first + per - 1 : n - 1;
    x->slowest = x->first;
    x->max_ms = NAN;
    for (size_t i = x->first; i <= x->last; i++) {
      const ec_layer *l = &e->layers[i];
      if (!l->has_profile || !isfinite(l->avg_ms)) continue;
      x->profiled++;
      x->sum_ms += l->avg_ms;
      if (!(l->avg_ms <= x->max_ms)) x->max_ms = l->avg_ms, x->slowest = i;
    }
  }
  *out = v;
  return nb;
}

static ec_scene *S_layer_order(S_ctx *c) {
  const ec_engine *e = c->e;
  if (!c->s->has_latency || !e->n_layers) return NULL;
  ec_layer_bin *bins = NULL;
  size_t nb = ec_layer_order_bins(e, 0, &bins);
  int binned = nb < e->n_layers;
  /* names-only layer information has no precisions: colour by type instead */
  int by_type = c->s->by_precision.n == 1 && !strcmp(c->s->by_precision.v[0].key, "Unknown");
  char **labels = ec_calloc(nb, sizeof *labels), **tips = ec_calloc(nb, sizeof *tips);
  char **links = ec_calloc(nb, sizeof *links);
  const char **keys = ec_calloc(nb, sizeof *keys);
  double *v = ec_calloc(nb, sizeof *v);
  for (size_t b = 0; b < nb; b++) {
    const ec_layer_bin *x = &bins[b];
    const ec_layer *l = &e->layers[x->slowest];
    labels[b] = binned ? ec_asprintf("%zu\xE2\x80\x93%zu", x->first, x->last) : ec_asprintf("%zu", x->first);
    keys[b] = by_type ? ec_layer_shown_type(l) : ec_precision_label(x->profiled ? l->precision : NULL);
    v[b] = S_fin(x->max_ms);
    links[b] = S_layer_link(c, x->slowest);
    char ms[48], sum[48];
    if (!x->profiled) tips[b] = ec_asprintf("%s: no latency", l->name);
    else if (!binned)
      tips[b] = ec_asprintf("#%zu %s, precision %s", x->first, ec_layer_shown_type(l), ec_precision_label(l->precision));
    else
      tips[b] = ec_asprintf("layers %zu\xE2\x80\x93%zu: the slowest is #%zu %s (%s, precision %s, %s); the %zu "
                            "%s take %s",
                            x->first, x->last, x->slowest, l->name, ec_layer_shown_type(l),
                            ec_precision_label(l->precision),
                            ec_fmt_ms_or(ms, sizeof ms, x->max_ms), x->last - x->first + 1,
                            ec_plural(x->last - x->first + 1, "layer", "layers"), ec_fmt_ms_or(sum, sizeof sum,
                                      x->sum_ms));
  }
  char title[160], axis[96];
  size_t per = binned ? bins[0].last - bins[0].first + 1 : 1;
  /* the PDF's shorter drawing says "the slowest" on this axis, not the value axis */
  if (binned && c->o.pdf_column) snprintf(axis, sizeof axis, "Layers in execution order (the slowest of each %zu)", per);
  else if (binned) snprintf(axis, sizeof axis, "Layers in execution order (%zu per bar)", per);
  else snprintf(axis, sizeof axis, "Layer (execution order)");
  /* the PDF's narrower drawing leaves the run's length to its axes' titles */
  if (binned && !c->o.pdf_column)
    snprintf(title, sizeof title, "Latency per layer in execution order (%zu %s, the slowest of each %zu)",
             e->n_layers, ec_plural(e->n_layers, "layer", "layers"), per);
  else
    snprintf(title, sizeof title, "Latency per layer in execution order (%zu %s)", e->n_layers,
             ec_plural(e->n_layers, "layer", "layers"));
  char *desc = ec_asprintf(
      "Average latency of each layer (ms) in the order the engine runs them, %s.%s Each bar links to %s row in "
      "the layer table.",
      by_type ? "coloured by layer type (the layer information names no precisions)"
              : "coloured by the precision of the layer's first input (TREx's per-layer view: runs of FP32 between "
                "faster layers show where precision changes)",
      binned ? " Each bar stands for a run of consecutive layers and is as tall as its slowest layer, so no slow "
               "layer is averaged away; its tooltip names that layer and the run's total."
             : "",
      binned ? "its slowest layer's" : "the layer's");
  ec_bar_spec sp = {0};
  sp.f.id = S_id(c, "layer-order");
  sp.f.title = title;
  sp.f.desc = desc;
  sp.f.width = c->o.width;
  sp.f.height = c->o.pdf_column ? 200 : 0;
  sp.n = nb;
  sp.labels = (const char *const *)labels;
  sp.tips = (const char *const *)tips;
  sp.links = (const char *const *)links;
  sp.values = v;
  sp.keys = keys;
  sp.key_color = by_type ? ec_colors_layer_type : ec_colors_precision;
  sp.key_label = by_type ? NULL : S_prec_label;
  sp.key_title = by_type ? "Layer type" : "Precision";
  sp.unit = "ms";
  sp.value_axis = binned && !c->o.pdf_column ? "Slowest layer's latency" : "Latency";
  sp.category_axis = axis;
  sp.max_bars = nb + 1;
  /* the PDF fits a 640-point chart to its column (x 0.8): labels of 9 pt
   * stay above 7 pt there, thinned rather than shrunk */
  sp.label_min = 9;
  sp.flat_labels = c->o.pdf_column;
  ec_scene *sc = ec_chart_bar(&sp);
  for (size_t b = 0; b < nb; b++) free(labels[b]), free(tips[b]), free(links[b]);
  free(labels);
  free(tips);
  free(links);
  free(keys);
  free(v);
  free(desc);
  free(bins);
  return sc;
}

/* Stacked weights + I/O per layer, largest footprint first, in the binary
 * unit that suits the largest bar. */
static ec_scene *S_memory(S_ctx *c) {
  const ec_engine *e = c->e;
  const ec_numbers *nu = &c->s->nums;
  size_t n = e->n_layers;
  if (n == 0 || (!nu->weights_known && !nu->io_known)) return NULL;
  size_t *ord = ec_numbers_by_footprint(nu);
  S_rank *r = ec_calloc(n, sizeof *r);
  double total = 0;
  for (size_t i = 0; i < n; i++) {
    const ec_layer_nums *x = &nu->v[ord[i]];
    r[i].v = S_fin(x->weights_bytes) + S_fin(x->io_bytes);
    r[i].i = ord[i];
    total += r[i].v;
  }
  free(ord);
  if (!(total > 0)) {
    free(r);
    return NULL;
  }
  size_t top = c->o.top_n ? c->o.top_n : EC_ROWS_MEMORY;
  size_t detailed = n <= top ? n : top;
  double div;
  const char *unit = ec_bytes_unit(r[0].v, &div);
  const char **labels = ec_calloc(n, sizeof *labels);
  char **tips = ec_calloc(n, sizeof *tips);
  char **links = ec_calloc(n, sizeof *links);
  double *v = ec_calloc(2 * n, sizeof *v);
  for (size_t k = 0; k < n; k++) {
    const ec_layer *l = &e->layers[r[k].i];
    const ec_layer_nums *x = &nu->v[r[k].i];
    labels[k] = l->name;
    v[k] = S_fin(x->weights_bytes) / div;
    v[n + k] = S_fin(x->io_bytes) / div;
    if (k >= detailed) continue;
    links[k] = S_layer_link(c, r[k].i);
    int wk = isfinite(x->weights_bytes), ik = isfinite(x->io_bytes);
    char fp[32];
    tips[k] = ec_asprintf("#%zu %s, %s; footprint %s%s", r[k].i, ec_layer_shown_type(l),
                          ec_precision_label(l->precision), ec_fmt_bytes(fp, sizeof fp, r[k].v),
                          wk && ik   ? ""
                          : wk       ? " (I/O unknown: not drawn)"
                          : ik       ? " (weights unknown: not drawn)"
                                     : " (weights and I/O unknown)");
  }
  char title[160];
  if (n <= top)
    snprintf(title, sizeof title, "Memory per layer (%zu layer%s, largest first)", n, ec_plural(n, "", "s"));
  else
    snprintf(title, sizeof title, "Memory per layer: the %zu largest of %zu by footprint", top, n);
  ec_buf unk = {0};
  ec_buf_putc(&unk, ' ');
  ec_phrase_known(&unk, nu);
  if (nu->n_const) {
    char cb[32];
    ec_buf_printf(&unk, " Weights include %zu constant input tensor%s (%s).", nu->n_const, ec_plural(nu->n_const, "", "s"),
                  ec_fmt_bytes(cb, sizeof cb, nu->const_bytes));
  }
  char *desc = ec_asprintf(
      "Each layer's footprint in %s: its weights (every weight and bias blob, and constant inputs) stacked with "
      "the bytes of its input and output tensors (each tensor counted once per layer, so a "
      "tensor shared by two layers counts for both). Ordered by footprint, largest first; "
      "each bar links to the layer's row in the layer table.%s",
      unit, unk.len > 1 ? unk.data : "");
  ec_buf_free(&unk);
  static const char *const series[] = {"Weights", "Input and output tensors"};
  const ec_color sc[2] = {ec_rgb(0x4682B4), ec_rgb(0xFFA500)};
  ec_bar_spec b = {0};
  b.f.id = S_id(c, "memory-per-layer");
  b.f.title = title;
  b.f.desc = desc;
  b.f.width = c->o.width;
  b.horizontal = 1;
  b.mode = EC_BARS_STACKED;
  b.n = n;
  b.labels = labels;
  b.tips = (const char *const *)tips;
  b.links = (const char *const *)links;
  b.n_series = 2;
  b.series = series;
  b.series_colors = sc;
  b.values = v;
  b.unit = unit;
  b.value_axis = "Memory";
  b.value_labels = 1;
  b.max_bars = n <= top ? n : top + 1;
  b.rest_noun = "layers";
  ec_scene *s = ec_chart_bar(&b);
  for (size_t k = 0; k < detailed; k++) {
    free(tips[k]);
    free(links[k]);
  }
  free(desc);
  free(tips);
  free(links);
  free(labels);
  free(v);
  free(r);
  return s;
}

/* PointWise layers by number of fused operations (TREx's PointWise lint). */
static ec_scene *S_pointwise(S_ctx *c) {
  size_t cnt[EC_PW_MAX_OPS + 1];
  double ms[EC_PW_MAX_OPS + 1];
  size_t npw = ec_pointwise_ops(c->e, cnt, ms);
  if (!npw) return NULL;
  size_t maxops = EC_PW_MAX_OPS, multi = 0;
  double multi_ms = 0;
  for (size_t k = 2; k <= EC_PW_MAX_OPS; k++) multi += cnt[k], multi_ms += ms[k];
  char **labels = ec_calloc(maxops + 1, sizeof *labels);
  double *v = ec_calloc(maxops + 1, sizeof *v);
  size_t m = 0;
  for (size_t k = 1; k <= maxops; k++) {
    if (!cnt[k]) continue;
    labels[m] = ec_asprintf("%zu%s operation%s", k, k == EC_PW_MAX_OPS ? " or more" : "", ec_plural(k, "", "s"));
    v[m++] = (double)cnt[k];
  }
  if (cnt[0]) {
    labels[m] = ec_strdup("operations not listed");
    v[m++] = (double)cnt[0];
  }
  char *desc;
  if (c->s->has_latency)
    desc = ec_asprintf("The engine's %zu PointWise %s by the number of operations TensorRT "
                       "fused into each. %zu fuse two or more operations and take " EC_PCT " of "
                       "the latency.",
                       npw, ec_plural(npw, "layer", "layers"), multi, ec_share_pct(multi_ms, c->s->total_ms));
  else
    desc = ec_asprintf("The engine's %zu PointWise %s by the number of operations TensorRT "
                       "fused into each. %zu fuse two or more operations.",
                       npw, ec_plural(npw, "layer", "layers"), multi);
  ec_donut_spec d = {0};
  d.f.id = S_id(c, "pointwise-ops");
  d.f.title = "PointWise layers by fused operations";
  d.f.desc = desc;
  d.f.width = c->o.width;
  d.n = m;
  d.labels = (const char *const *)labels;
  d.values = v;
  d.unit = "layers";
  d.center = "PointWise";
  ec_scene *s = ec_chart_donut(&d);
  for (size_t k = 0; k < m; k++) free(labels[k]);
  free(labels);
  free(v);
  free(desc);
  return s;
}

/* trtexec's per-iteration times come from CUDA events read at 1 us. */
#define EC_TIMER_TICK_MS 0.001

static ec_scene *S_timing(S_ctx *c, int hist) {
  const ec_timing *t = ec_engine_timing(c->e);
  if (!t || t->n == 0 || !t->latency) return NULL;
  if (hist) {
    ec_hist_spec h = {0};
    h.f.id = S_id(c, "timing-histogram");
    h.f.title = "Distribution of per-iteration latency";
    h.f.desc = "How many iterations took each latency (trtexec's per-iteration times).";
    h.f.width = c->o.width;
    h.n = t->n;
    h.values = t->latency;
    h.unit = "ms";
    h.value_axis = "Latency";
    h.clip_tail = 1;
    h.noun = "iterations";
    h.tick = EC_TIMER_TICK_MS; /* no bin narrower than the timer's step */
    return ec_chart_histogram(&h);
  }
  ec_sample_stats st;
  ec_sample_stats_compute(t->latency, t->n, &st);
  double refs[2] = {st.median, st.p99};
  const char *rl[2] = {"median", "p99"};
  ec_xy_series se = {0};
  se.name = "latency";
  se.n = t->n;
  se.y = t->latency;
  se.points = 1;
  ec_xy_spec x = {0};
  x.f.id = S_id(c, "timing-iterations");
  x.f.title = "Per-iteration latency";
  x.f.width = c->o.width;
  x.n_series = 1;
  x.series = &se;
  x.x_axis = "Iteration";
  x.y_axis = "Latency";
  x.y_unit = "ms";
  x.n_refs = 2;
  x.ref_y = refs;
  x.ref_labels = rl;
  return ec_chart_xy(&x);
}

/* A roofline point: a layer with known FLOPs, bytes and achieved rate (the
 * same numbers as the efficiency table). */
static int S_roof_point(const ec_layer_nums *x) { return x->flops > 0 && x->bytes > 0 && isfinite(x->tflops); }

size_t ec_roofline_points(const ec_summary *s) {
  size_t n = 0;
  for (size_t i = 0; i < s->nums.n; i++) n += S_roof_point(&s->nums.v[i]);
  return n;
}

static ec_scene *S_roofline(S_ctx *c) {
  if (!c->s->has_latency) return NULL;
  const ec_engine *e = c->e;
  const ec_numbers *nu = &c->s->nums;
  size_t cap = e->n_layers + 1;
  double *ai = ec_calloc(cap, sizeof *ai), *pf = ec_calloc(cap, sizeof *pf);
  const char **key = ec_calloc(cap, sizeof *key);
  S_rank *r = ec_calloc(cap, sizeof *r);
  double ms_by_math[EC_MATH_N] = {0};
  size_t n = 0, nconv = 0, ndeconv = 0;
  for (size_t i = 0; i < e->n_layers; i++) {
    const ec_layer *l = &e->layers[i];
    const ec_layer_nums *x = &nu->v[i];
    /* the same numbers as the efficiency table: known FLOPs, bytes and latency */
    if (!S_roof_point(x)) continue;
    ai[n] = x->intensity;
    pf[n] = x->tflops * 1e12;
    key[n] = ec_precision_label(l->precision ? l->precision : "None");
    r[n].v = l->avg_ms;
    r[n].i = i;
    int dc = l->conv.present && ec_layer_is_deconv(l);
    ndeconv += dc;
    nconv += l->conv.present && !dc;
    ms_by_math[x->peak.math] += l->avg_ms;
    n++;
  }
  ec_scene *sc = NULL;
  char *desc = NULL;
  double peak_f = c->o.peak_flops, peak_b = c->o.peak_bw;
  if (n && (!(peak_f > 0) || !(peak_b > 0))) {
    /* the compute ceiling: the peak that most of the plotted latency is
     * measured against (each layer's own peak is in its tooltip) */
    ec_math dom = EC_MATH_UNKNOWN;
    double dom_ms = 0;
    for (int m = 1; m < EC_MATH_N; m++)
      if (ms_by_math[m] > dom_ms && isfinite(nu->peak.flops[m])) dom = (ec_math)m, dom_ms = ms_by_math[m];
    const ec_device *d = &e->device;
    char dev[256];
    snprintf(dev, sizeof dev, "%s (compute capability %s, " EC_GIVEN " SMs at " EC_GIVEN " GHz, " EC_GIVEN "-bit memory bus "
                              "at " EC_GIVEN " GHz)",
             d->name ? d->name : "the device",
             d->compute_capability ? d->compute_capability : "?", d->sms, d->compute_clock_ghz,
             d->bus_width_bits, d->memory_clock_ghz);
    const char *bw_src = peak_b > 0 ? "as given" : "bus width / 8 x memory clock x 2";
    if (!(peak_f > 0) && dom != EC_MATH_UNKNOWN) peak_f = nu->peak.flops[dom];
    if (!(peak_b > 0)) peak_b = nu->peak.bw_bytes_s;
    if (peak_f > 0 && peak_b > 0)
      desc = ec_asprintf(
          "Ceilings from the device facts of %s. Compute ceiling: the %s peak, " EC_TFLOPS " (SMs x "
          "clock x operations per clock and SM), the peak most of the plotted latency is measured "
          "against; each point's tooltip names its own peak (the math its kernel does). "
          "Bandwidth ceiling: %s.",
          dev, ec_math_label(dom), peak_f / 1e12, bw_src);
  } else if (n) {
    desc = ec_strdup("Ceilings as given by the caller.");
  }
  if (n && peak_f > 0 && peak_b > 0) {
    /* Tooltips for the slowest S_ROOF_TIPS points only. */
    S_rank *byms = ec_calloc(n, sizeof *byms);
    for (size_t k = 0; k < n; k++) byms[k] = (S_rank){r[k].v, k};
    qsort(byms, n, sizeof *byms, S_cmp_rank);
    char **lab = ec_calloc(n, sizeof *lab);
    size_t ntips = n < S_ROOF_TIPS ? n : S_ROOF_TIPS;
    for (size_t k = 0; k < ntips; k++) {
      size_t pi = byms[k].i;
      const ec_layer *l = &e->layers[r[pi].i];
      const ec_layer_nums *x = &nu->v[r[pi].i];
      char pk[96], pct[32];
      ec_phrase_peak(pk, sizeof pk, &x->peak);
      lab[pi] = ec_asprintf("%s (#%zu %s, %s, " EC_MS "; %s%% of the %s peak)", l->name, r[pi].i,
                            ec_layer_shown_type(l), key[pi], l->avg_ms,
                            ec_fmt_num(pct, sizeof pct, x->pct_of_peak), pk);
    }
    char dcs[64] = "";
    if (ndeconv) snprintf(dcs, sizeof dcs, ", %zu %s", ndeconv, ec_plural(ndeconv, "deconvolution", "deconvolutions"));
    char *full = ec_asprintf(
        "%s Points: %zu %s (%zu %s%s, %zu %s) with known MACs, bytes and a measured "
        "latency; FLOP = 2 x MACs, bytes = input + weights + output (convolutions: TREx's "
        "formula; GEMMs: their tensors and weights), performance = FLOP / average latency.%s",
        desc, n, ec_plural(n, "layer", "layers"), nconv, ec_plural(nconv, "convolution",
                           "convolutions"), dcs, n - nconv - ndeconv, ec_plural(n - nconv - ndeconv, "GEMM", "GEMMs"),
        n > ntips ? " Only the 300 slowest points carry a tooltip." : "");
    ec_roofline_spec rs = {0};
    rs.f.id = S_id(c, "roofline");
    rs.f.title = "Roofline of the convolutions and GEMMs";
    rs.f.desc = full;
    rs.f.width = c->o.width;
    rs.peak_flops = peak_f;
    rs.peak_bw = peak_b;
    rs.n = n;
    rs.ai = ai;
    rs.perf = pf;
    rs.labels = (const char *const *)lab;
    rs.keys = key;
    rs.key_color = ec_colors_precision;
    rs.key_label = S_prec_label;
    sc = ec_chart_roofline(&rs);
    for (size_t k = 0; k < n; k++) free(lab[k]);
    free(lab);
    free(byms);
    free(full);
  }
  free(desc);
  free(ai);
  free(pf);
  free(key);
  free(r);
  return sc;
}

/* ---- the builders the registry (view/report_items.c) dispatches to ------- */

static S_ctx S_make(const ec_engine *e, const ec_summary *s, const ec_engine_chart_opts *o) {
  S_ctx c = {0};
  c.e = e;
  c.s = s;
  if (o) c.o = *o;
  return c;
}

#define S_BUILDER(fn, body)                                                                   \
  ec_scene *fn(const ec_engine *e, const ec_summary *s, const ec_engine_chart_opts *o) {      \
    S_ctx c = S_make(e, s, o);                                                                \
    body                                                                                      \
  }

/* without a profile the same chart counts layers, so the overview always has one */
S_BUILDER(ec_echart_latency_by_type,
          return s->has_latency ? S_group_bars(&c, &s->by_type_shown, 1, "latency-by-type", "Latency per layer type",
                                               "Latency", "ms", ec_colors_layer_type)
                                : S_group_bars(&c, &s->by_type_shown, 0, "latency-by-type",
                                               "Layers per type (no profile: latencies unknown)", "Layers", "",
                                               ec_colors_layer_type);)
S_BUILDER(ec_echart_latency_share_by_type,
          return s->has_latency ? S_group_bars(&c, &s->by_type_shown, 2, "latency-share-by-type",
                                               "Share of latency per layer type", "Share of latency", "%",
                                               ec_colors_layer_type)
                                : NULL;)
S_BUILDER(ec_echart_count_by_type,
          return S_group_bars(&c, &s->by_type_shown, 0, "count-by-type", "Layers per type", "Layers", "",
                              ec_colors_layer_type);)
S_BUILDER(ec_echart_count_and_latency_by_type, return S_count_and_latency(&c);)
S_BUILDER(ec_echart_precision_mix, return S_precision_rows(&c, 0);)
S_BUILDER(ec_echart_precision_strip, return S_precision_rows(&c, 1);)
S_BUILDER(ec_echart_layer_latency, return S_layer_bars(&c);)
S_BUILDER(ec_echart_layer_order, return S_layer_order(&c);)
S_BUILDER(ec_echart_memory_per_layer, return S_memory(&c);)
S_BUILDER(ec_echart_pointwise_ops, return S_pointwise(&c);)
S_BUILDER(ec_echart_timing_iterations, return S_timing(&c, 0);)
S_BUILDER(ec_echart_timing_histogram, return S_timing(&c, 1);)
S_BUILDER(ec_echart_reformat_by_origin,
          return s->has_latency && s->reformat_by_origin.n
                     ? S_group_bars(&c, &s->reformat_by_origin, 1, "reformat-by-origin", "Reformat latency by origin",
                                    "Latency", "ms", NULL)
                     : NULL;)
S_BUILDER(ec_echart_roofline, return S_roofline(&c);)
