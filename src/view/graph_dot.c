/* graph_dot — see graph_dot.h. */
#include "view/graph_dot.h"
#include "facts/layer_kind.h"
#include "facts/summary.h"
#include "util/alloc.h"
#include "util/utf8.h"
#include "view/colors.h"
#include "view/short_name.h"
#include "words/words.h"
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define S_PART_CPS 40    /* one name part in a label */
#define S_PARTS 3        /* name parts shown before "+ N more" */
#define S_TIP_BYTES 8000 /* a tooltip, well under the dot CLI's 16384 */
/* Big graphs: Graphviz's network simplex for x coordinates runs until it
 * converges (29,000 iterations, 10 s, for a 1,300-layer transformer); one
 * pass per node count (nslimit, nslimit1) gives a drawing as narrow (docs/report.md:
 * The engine graph, for the measurements). Their blocks' tooltips list the
 * first S_BIG_TIP_MEMBERS members. */
#define S_BIG_NODES 150
#define S_BIG_ATTRS " nslimit=1 nslimit1=1"
#define S_BIG_TIP_MEMBERS 24

/* ---- text ------------------------------------------------------------------ */

/* Call put on s cut to max_cps code points with a middle ellipsis. */
static void S_cut(ec_buf *b, const char *s, size_t n, size_t max_cps, void (*put)(ec_buf *, const char *, size_t)) {
  size_t c = max_cps ? ec_utf8_count(s, n) : 0;
  if (!max_cps || c <= max_cps) {
    put(b, s, n);
    return;
  }
  size_t head = max_cps / 4, tail = max_cps - head - 1; /* the distinguishing tail, as ec_text_fit_mid */
  size_t hb = ec_utf8_prefix(s, n, head);
  size_t tb = ec_utf8_prefix(s, n, c - tail);
  put(b, s, hb);
  ec_buf_puts(b, "\xE2\x80\xA6");
  put(b, s + tb, n - tb);
}

void ec_dot_label_text(ec_buf *b, const char *s, size_t n, size_t max_cps) { S_cut(b, s, n, max_cps, ec_buf_xml); }

static void S_tip(ec_buf *b, const char *s, size_t n, size_t max_cps) { S_cut(b, s, n, max_cps, ec_buf_dot); }
static void S_tips(ec_buf *b, const char *s) { ec_buf_dot(b, s, strlen(s)); }

static void S_hex(char out[8], ec_color c) { snprintf(out, 8, "#%02x%02x%02x", c.r, c.g, c.b); }

static void S_dims(ec_buf *b, const ec_tensor *t) {
  ec_buf_putc(b, '[');
  for (int i = 0; i < t->ndims; i++) ec_buf_printf(b, "%s%" PRId64, i ? "x" : "", t->dims[i]);
  ec_buf_putc(b, ']');
}

static const char *S_fmt(const ec_tensor *t) {
  if (t->format_short && strcmp(t->format_short, "Unknown format")) return t->format_short;
  return t->precision ? t->precision : "";
}

/* ---- colours -------------------------------------------------------------- */

static const char *S_type_key(const ec_layer *l) {
  if (l->origin && !strcmp(l->origin, "QDQ") && ec_layer_is_reformat(l)) return "Quantize";
  return ec_layer_shown_type(l);
}

static ec_color S_fill(const ec_layer *l, int by_prec) {
  return by_prec ? ec_colors_precision(l->precision) : ec_colors_layer_type(S_type_key(l));
}

/* Keys seen, for the legend (a short list; linear search is fine). */
typedef struct {
  const char *k[64];
  size_t n;
  int more;
} S_keys;

static void S_see(S_keys *s, const char *k) {
  if (!k) k = "";
  for (size_t i = 0; i < s->n; i++)
    if (!strcmp(s->k[i], k)) return;
  if (s->n < 64) s->k[s->n++] = k;
  else s->more = 1;
}

static int S_strcmp(const void *a, const void *b) { return strcmp(*(const char *const *)a, *(const char *const *)b); }

/* ---- nodes ---------------------------------------------------------------- */

static void S_latency_line(ec_buf *b, const ec_engine *e, double ms, int hot) {
  (void)e;
  char x[32];
  ec_buf_puts(b, "<br/><font point-size=\"9\">");
  ec_buf_printf(b, "%s ms", ec_fmt_ms(x, sizeof x, ms));
  if (hot) ec_buf_printf(b, " \xC2\xB7 #%d slowest", hot);
  ec_buf_puts(b, "</font>");
}

static void S_tip_layer(ec_buf *t, const ec_layer *l, double total) {
  char x[32], y[32];
  size_t start = t->len;
  S_tip(t, l->name, l->name_len, 4000);
  ec_buf_puts(t, "\\ntype: ");
  S_tips(t, ec_layer_shown_type(l));
  if (l->layer_type && l->type && strcmp(l->layer_type, l->type)) {
    ec_buf_puts(t, " (");
    S_tips(t, l->layer_type);
    ec_buf_puts(t, ")");
  }
  if (l->has_profile)
    ec_buf_printf(t, "\\nlatency: %s ms (%s%% of the layer sum)", ec_fmt_ms(x, sizeof x, l->avg_ms),
                  ec_fmt_pct(y, sizeof y, ec_share_pct(l->avg_ms, total)));
  ec_buf_puts(t, "\\nprecision: ");
  S_tips(t, ec_precision_label(l->precision));
  if (l->out_precision && *l->out_precision) {
    ec_buf_puts(t, " -> ");
    S_tips(t, l->out_precision);
  }
  if (l->origin) {
    ec_buf_puts(t, "\\norigin: ");
    S_tips(t, l->origin);
  }
  {
    char tb[80];
    const char *tac = ec_layer_tactic_shown(l, tb, sizeof tb);
    ec_buf_puts(t, "\\ntactic: ");
    S_tip(t, tac, strlen(tac), 200);
  }
  for (int io = 0; io < 2; io++) {
    const ec_tensor *v = io ? l->out : l->in;
    size_t n = io ? l->n_out : l->n_in;
    for (size_t i = 0; i < n && t->len - start < S_TIP_BYTES; i++) {
      ec_buf_puts(t, io ? "\\nout: " : "\\nin: ");
      S_tip(t, v[i].name, v[i].name_len, 200);
      ec_buf_putc(t, ' ');
      S_dims(t, &v[i]);
      ec_buf_putc(t, ' ');
      S_tips(t, S_fmt(&v[i]));
    }
  }
  for (size_t i = 0; i < l->n_metadata && t->len - start < S_TIP_BYTES; i++) {
    ec_buf_puts(t, "\\nonnx: ");
    S_tip(t, l->metadata[i], strlen(l->metadata[i]), 200);
  }
  size_t off = 0;
  const char *k, *v;
  while (ec_attrs_next(&l->attrs, &off, &k, &v) && t->len - start < S_TIP_BYTES) {
    ec_buf_puts(t, "\\n");
    S_tip(t, k, strlen(k), 60);
    ec_buf_puts(t, ": ");
    S_tip(t, v, strlen(v), 200);
  }
}

static void S_layer_node(ec_buf *b, const ec_graph *g, size_t id, const ec_gnode *n, const ec_dot_opts *o,
                         double total) {
  const ec_layer *l = &g->e->layers[n->ref];
  char hex[8];
  S_hex(hex, S_fill(l, o->by_precision));
  ec_buf_printf(b, "  n%zu [fillcolor=\"%s\"", id, hex);
  if (n->hot) ec_buf_puts(b, " penwidth=3 color=\"#c00000\" class=\"hot\"");
  if (o->href_prefix && (!o->href_limit || n->ref < o->href_limit)) {
    ec_buf_puts(b, " URL=\"#");
    S_tips(b, o->href_prefix);
    ec_buf_printf(b, "-L%zu\"", n->ref);
    /* the node's own anchor, for links from the findings (SVG id "<part>_G<layer>") */
    ec_buf_puts(b, " id=\"");
    S_tips(b, o->href_prefix);
    ec_buf_printf(b, "_G%zu\"", n->ref);
  }
  /* label: type, latency, the name's parts, origin */
  ec_buf_puts(b, " label=<<b>");
  const char *ty = ec_layer_shown_type(l);
  ec_dot_label_text(b, ty, strlen(ty), 32);
  ec_buf_puts(b, "</b>");
  if (l->has_profile) S_latency_line(b, g->e, l->avg_ms, n->hot);
  /* a fused name by its shortest distinguishing form (view/short_name.h);
   * the whole name is the tooltip's */
  char *folded = ec_short_wanted(l->name, l->name_len) ? ec_short_fold(l->name, l->name_len) : NULL;
  const char *s = folded ? folded : l->name, *end = folded ? folded + strlen(folded) : l->name + l->name_len;
  size_t parts = 0;
  while (s <= end) {
    const char *p = s;
    while (p + 3 <= end && !(p[0] == ' ' && p[1] == '+' && p[2] == ' ')) p++;
    if (p + 3 > end) p = end;
    if (parts < S_PARTS) {
      ec_buf_puts(b, "<br/>");
      ec_dot_label_text(b, s, (size_t)(p - s), o->name_cps ? o->name_cps : S_PART_CPS);
    }
    parts++;
    if (p == end) break;
    s = p + 3;
  }
  if (parts > S_PARTS) ec_buf_printf(b, "<br/><i>+ %zu more</i>", parts - S_PARTS);
  free(folded);
  if (l->origin) {
    ec_buf_puts(b, "<br/><i>origin: ");
    ec_dot_label_text(b, l->origin, strlen(l->origin), 20);
    ec_buf_puts(b, "</i>");
  }
  ec_buf_puts(b, ">");
  ec_buf_puts(b, " tooltip=\"");
  S_tip_layer(b, l, total);
  ec_buf_puts(b, "\"];\n");
}

/* A group's member kinds (types or precisions) with their counts and
 * latencies; returns the dominant one (by latency, else count), which
 * fills the group's node. */
static const char *S_group_kinds(const ec_graph *g, const ec_gnode *n, int by_prec, S_keys *types, size_t cnt[64],
                                 double ms[64]) {
  for (size_t k = 0; k < n->n_members; k++) {
    const ec_layer *l = &g->e->layers[n->members[k]];
    const char *key = by_prec ? ec_precision_label(l->precision) : S_type_key(l);
    S_see(types, key);
    size_t j = 0;
    while (j < types->n && strcmp(types->k[j], key)) j++;
    if (j < 64) {
      cnt[j]++;
      ms[j] += l->has_profile ? l->avg_ms : 0;
    }
  }
  size_t best = 0;
  for (size_t j = 1; j < types->n; j++)
    if (ms[j] > ms[best] || (ms[j] == ms[best] && cnt[j] > cnt[best])) best = j;
  return types->n ? types->k[best] : "";
}

static ec_color S_key_color(const char *key, int by_prec) {
  return by_prec ? ec_colors_precision(!strcmp(key, "none") ? NULL : key) : ec_colors_layer_type(key);
}

static void S_group_node(ec_buf *b, const ec_graph *g, size_t id, const ec_gnode *n, const ec_dot_opts *o,
                         double total) {
  const ec_engine *e = g->e;
  S_keys types = {0};
  size_t cnt[64] = {0};
  double ms[64] = {0};
  const char *dom = S_group_kinds(g, n, o->by_precision, &types, cnt, ms);
  char hex[8];
  S_hex(hex, S_key_color(dom, o->by_precision));
  ec_buf_printf(b, "  n%zu [shape=box3d style=filled fillcolor=\"%s\"", id, hex);
  if (n->hot) ec_buf_puts(b, " penwidth=3 color=\"#c00000\" class=\"hot\"");
  if (o->href_prefix && (!o->href_limit || n->ref < o->href_limit)) {
    ec_buf_puts(b, " URL=\"#");
    S_tips(b, o->href_prefix);
    ec_buf_printf(b, "-L%zu\"", n->ref);
  }
  ec_buf_puts(b, " label=<<b>");
  ec_dot_label_text(b, n->title ? n->title : "", n->title ? strlen(n->title) : 0, S_PART_CPS);
  ec_buf_printf(b, "</b><br/><font point-size=\"9\">%zu %s", n->n_members, ec_plural(n->n_members, "layer", "layers"));
  char x[32], y[32];
  if (e->has_profile) ec_buf_printf(b, " \xC2\xB7 %s ms", ec_fmt_ms(x, sizeof x, n->ms));
  if (n->hot) ec_buf_printf(b, " \xC2\xB7 #%d slowest inside", n->hot);
  ec_buf_puts(b, "</font><br/><font point-size=\"9\">");
  /* the three commonest member kinds */
  unsigned char used[64] = {0};
  for (int r = 0; r < 3 && r < (int)types.n; r++) {
    size_t m = (size_t)-1;
    for (size_t j = 0; j < types.n; j++)
      if (!used[j] && (m == (size_t)-1 || cnt[j] > cnt[m])) m = j;
    used[m] = 1;
    if (r) ec_buf_puts(b, ", ");
    ec_dot_label_text(b, types.k[m], strlen(types.k[m]), 20);
    ec_buf_printf(b, " \xC3\x97%zu", cnt[m]);
  }
  if (types.n > 3) ec_buf_puts(b, ", \xE2\x80\xA6");
  ec_buf_puts(b, "</font>>");
  /* tooltip: title, totals, members */
  ec_buf_puts(b, " tooltip=\"");
  size_t start = b->len;
  S_tip(b, n->title ? n->title : "", n->title ? strlen(n->title) : 0, 1000);
  ec_buf_printf(b, "\\n%zu %s folded into this block", n->n_members, ec_plural(n->n_members, "layer", "layers"));
  if (e->has_profile)
    ec_buf_printf(b, "; %s ms (%s%% of the layer sum)", ec_fmt_ms(x, sizeof x, n->ms),
                  ec_fmt_pct(y, sizeof y, ec_share_pct(n->ms, total)));
  for (size_t j = 0; j < types.n; j++) {
    ec_buf_puts(b, j ? ", " : "\\n");
    S_tips(b, types.k[j]);
    ec_buf_printf(b, " x%zu", cnt[j]);
  }
  /* big graphs list fewer members: 600 blocks of 8 KB made 5.5 MB of SVG */
  size_t listed = g->n_nodes > S_BIG_NODES && n->n_members > S_BIG_TIP_MEMBERS ? S_BIG_TIP_MEMBERS : n->n_members;
  size_t k = 0;
  for (; k < listed && b->len - start < S_TIP_BYTES; k++) {
    const ec_layer *l = &e->layers[n->members[k]];
    ec_buf_printf(b, "\\n%zu: ", n->members[k]);
    S_tip(b, l->name, l->name_len, 160);
    if (l->has_profile) ec_buf_printf(b, " (%s ms)", ec_fmt_ms(x, sizeof x, l->avg_ms));
  }
  if (k < n->n_members) ec_buf_printf(b, "\\n... and %zu more (the layer table lists every layer)", n->n_members - k);
  ec_buf_puts(b, "\"];\n");
}

static void S_other_node(ec_buf *b, const ec_graph *g, size_t id, const ec_gnode *n) {
  size_t len;
  const char *nm = ec_gnode_name(g, n, &len);
  if (n->kind == EC_GN_CONSTANT) {
    ec_buf_printf(b, "  n%zu [shape=box style=\"filled,dashed\" fillcolor=\"#f3f4f6\" label=<<b>Constant</b><br/>", id);
    ec_dot_label_text(b, nm, len, S_PART_CPS);
    ec_buf_puts(b, "> tooltip=\"Constant: ");
    S_tip(b, nm, len, 4000);
    ec_buf_puts(b, "\"];\n");
    return;
  }
  int in = n->kind == EC_GN_INPUT;
  if (n->n_members > 1) { /* folded bindings: a count, the first name, the names in the tooltip */
    ec_buf_printf(b, "  n%zu [shape=box style=\"rounded,filled,bold\" fillcolor=\"#e5e7eb\" label=<<b>%zu %s</b><br/>", id,
                  n->n_members, in ? "inputs" : "outputs");
    ec_dot_label_text(b, nm, len, S_PART_CPS);
    ec_buf_puts(b, ", \xE2\x80\xA6> tooltip=\"");
    size_t start = b->len, k = 0;
    ec_buf_printf(b, "%zu %s bindings folded into this node", n->n_members, in ? "input" : "output");
    for (; k < n->n_members && k < S_BIG_TIP_MEMBERS && b->len - start < S_TIP_BYTES; k++) {
      const ec_binding *m = &g->e->bindings[n->members[k]];
      ec_buf_puts(b, "\\n");
      S_tip(b, m->t.name, m->t.name_len, 160);
    }
    if (k < n->n_members) ec_buf_printf(b, "\\n... and %zu more (the bindings table lists every binding)", n->n_members - k);
    ec_buf_puts(b, "\"];\n");
    return;
  }
  const ec_binding *bd = &g->e->bindings[n->ref];
  const ec_tensor *t = bd->described ? &bd->t : NULL;
  ec_buf_printf(b, "  n%zu [shape=box style=\"rounded,filled,bold\" fillcolor=\"#e5e7eb\" label=<<b>%s</b><br/>", id,
                in ? "input" : "output");
  ec_dot_label_text(b, nm, len, S_PART_CPS);
  if (t) {
    ec_buf_puts(b, "<br/><font point-size=\"9\">");
    ec_buf t2 = {0};
    S_dims(&t2, t);
    ec_dot_label_text(b, t2.data, t2.len, 48);
    ec_buf_putc(b, ' ');
    ec_dot_label_text(b, S_fmt(t), strlen(S_fmt(t)), 24);
    ec_buf_free(&t2);
    ec_buf_puts(b, "</font>");
  }
  ec_buf_printf(b, "> tooltip=\"%s binding: ", in ? "input" : "output");
  S_tip(b, nm, len, 4000);
  if (t) {
    ec_buf_puts(b, "\\n");
    S_dims(b, t);
    ec_buf_putc(b, ' ');
    S_tips(b, t->format ? t->format : S_fmt(t));
  }
  ec_buf_puts(b, "\"];\n");
}

/* ---- edges ---------------------------------------------------------------- */

/* Edge d drawn from node id `from` to node id `to` (the ends of d, or a
 * connector of a wrapped graph); labels is 0 on a connector's stub. */
static void S_edge(ec_buf *b, const ec_graph *g, const ec_gedge *d, const ec_dot_opts *o, const char *from,
                   const char *to, int labels) {
  const ec_tensor *t = d->t;
  char hex[8];
  S_hex(hex, ec_colors_precision(t ? t->precision : NULL));
  ec_buf_printf(b, "  %s -> %s [color=\"%s\"", from, to, hex);
  if (d->n_reformats) ec_buf_puts(b, " style=dashed");
  if (o->edge_labels && t && labels) {
    ec_buf_puts(b, " label=\"");
    if (d->n_reformats) ec_buf_printf(b, "%zu Reformat%s\\n", d->n_reformats, ec_plural(d->n_reformats, "", "s"));
    ec_buf tmp = {0};
    S_dims(&tmp, t);
    S_tip(b, tmp.data, tmp.len, 40);
    ec_buf_free(&tmp);
    ec_buf_puts(b, "\\n");
    S_tips(b, S_fmt(t));
    ec_buf_puts(b, "\"");
  }
  ec_buf_puts(b, " tooltip=\"");
  if (t) {
    S_tip(b, t->name, t->name_len, 1000);
    ec_buf_putc(b, ' ');
    S_dims(b, t);
    ec_buf_puts(b, "\\n");
    S_tips(b, t->format ? t->format : S_fmt(t));
  }
  if (d->n_tensors > 1) ec_buf_printf(b, "\\n(%zu %s between these nodes)", d->n_tensors,
      ec_plural(d->n_tensors, "tensor", "tensors"));
  if (d->n_reformats) ec_buf_printf(b, "\\nthrough %zu folded Reformat layer%s", d->n_reformats, ec_plural(d->n_reformats, "", "s"));
  ec_buf_puts(b, "\"];\n");
  (void)g;
}

/* ---- legend --------------------------------------------------------------- */

static void S_leg_add(ec_dot_legend *l, ec_dot_legend_kind k, ec_color c, const char *label) {
  ec_dot_legend_item *it = EC_PUSH(l->v, l->n, l->cap);
  it->kind = k;
  it->color = c;
  it->label = ec_strdup(label);
}

void ec_dot_legend_make(const ec_graph *g, int by_precision, size_t columns, ec_dot_legend *out) {
  memset(out, 0, sizeof *out);
  S_keys fills = {0}, precs = {0};
  int hot = 0, group = 0, binding = 0, constant = 0, dashed = 0;
  for (size_t i = 0; i < g->n_nodes; i++) {
    const ec_gnode *n = &g->nodes[i];
    hot |= n->hot != 0;
    group |= n->kind == EC_GN_GROUP;
    binding |= n->kind == EC_GN_INPUT || n->kind == EC_GN_OUTPUT;
    constant |= n->kind == EC_GN_CONSTANT;
    if (n->kind == EC_GN_LAYER) {
      const ec_layer *l = &g->e->layers[n->ref];
      S_see(&fills, by_precision ? ec_precision_label(l->precision) : S_type_key(l));
    } else if (n->kind == EC_GN_GROUP) {
      S_keys types = {0};
      size_t cnt[64] = {0};
      double ms[64] = {0};
      S_see(&fills, S_group_kinds(g, n, by_precision, &types, cnt, ms));
    }
  }
  for (size_t i = 0; i < g->n_edges; i++) {
    const ec_tensor *t = g->edges[i].t;
    S_see(&precs, t ? ec_precision_label(t->precision) : "none");
    dashed |= g->edges[i].n_reformats != 0;
  }
  qsort(fills.k, fills.n, sizeof *fills.k, S_strcmp);
  qsort(precs.k, precs.n, sizeof *precs.k, S_strcmp);
  ec_color none = {0};
  S_leg_add(out, EC_LEG_HEAD, none, by_precision ? "Fill: precision of the first input" : "Fill: layer type");
  for (size_t i = 0; i < fills.n; i++) {
    char label[96];
    snprintf(label, sizeof label, "%s%s", fills.k[i],
             !by_precision && !strcmp(fills.k[i], "Quantize") ? " (or Reformat from QDQ)" : "");
    S_leg_add(out, EC_LEG_FILL, S_key_color(fills.k[i], by_precision), label);
  }
  if (fills.more) S_leg_add(out, EC_LEG_FILL, none, "\xE2\x80\xA6 (more)");
  S_leg_add(out, EC_LEG_HEAD, none, "Edges: tensors, by precision");
  for (size_t i = 0; i < precs.n; i++)
    S_leg_add(out, EC_LEG_EDGE, ec_colors_precision(!strcmp(precs.k[i], "none") ? NULL : precs.k[i]), precs.k[i]);
  S_leg_add(out, EC_LEG_HEAD, none, "Styles");
  S_leg_add(out, EC_LEG_SOLID, none, "solid edge: a tensor");
  if (dashed) S_leg_add(out, EC_LEG_DASHED, none, "dashed edge: through folded Reformat layers");
  if (hot) S_leg_add(out, EC_LEG_HOT, ec_rgb(0xc00000), "thick red border: among the slowest layers");
  if (group) S_leg_add(out, EC_LEG_GROUP, none, "3-D box: a block of folded layers");
  if (binding) S_leg_add(out, EC_LEG_BINDING, ec_rgb(0xe5e7eb), "gray rounded box: an engine input or output");
  if (constant) S_leg_add(out, EC_LEG_CONSTANT, ec_rgb(0xf3f4f6), "dashed box: a Constant layer");
  if (columns > 1) S_leg_add(out, EC_LEG_COLUMNS, none, "to / from column N: an edge continues in another column");
}

void ec_dot_legend_free(ec_dot_legend *l) {
  for (size_t i = 0; i < l->n; i++) free(l->v[i].label);
  free(l->v);
  memset(l, 0, sizeof *l);
}

/* The legend as a node with an HTML-like table label. */
static void S_legend_node(ec_buf *b, const ec_dot_legend *l) {
  ec_buf_puts(b, "  legend [shape=plaintext margin=0 tooltip=\"Legend\" label=<<table border=\"1\" color=\"#aaaaaa\" cellborder=\"0\" "
                 "cellspacing=\"0\" cellpadding=\"3\" bgcolor=\"#ffffff\">");
  for (size_t i = 0; i < l->n; i++) {
    const ec_dot_legend_item *it = &l->v[i];
    char hex[8];
    S_hex(hex, it->color);
    switch (it->kind) {
    case EC_LEG_HEAD: ec_buf_puts(b, "<tr><td colspan=\"2\" align=\"left\"><b>"); break;
    case EC_LEG_FILL:
      if (it->color.kind == EC_COL_NONE) ec_buf_puts(b, "<tr><td></td><td align=\"left\">");
      else ec_buf_printf(b, "<tr><td bgcolor=\"%s\" border=\"1\" width=\"18\"> </td><td align=\"left\">", hex);
      break;
    case EC_LEG_EDGE:
      ec_buf_printf(b, "<tr><td><font color=\"%s\"><b>\xE2\x94\x81\xE2\x94\x81</b></font></td><td align=\"left\">", hex);
      break;
    case EC_LEG_SOLID: ec_buf_puts(b, "<tr><td>\xE2\x94\x81\xE2\x94\x81</td><td align=\"left\">"); break;
    case EC_LEG_DASHED: ec_buf_puts(b, "<tr><td>- - -</td><td align=\"left\">"); break;
    case EC_LEG_HOT: ec_buf_puts(b, "<tr><td><font color=\"#c00000\"><b>\xE2\x96\xA1</b></font></td><td align=\"left\">"); break;
    case EC_LEG_GROUP: ec_buf_puts(b, "<tr><td>\xE2\x96\xA3</td><td align=\"left\">"); break;
    case EC_LEG_BINDING: ec_buf_puts(b, "<tr><td>\xE2\x96\xA2</td><td align=\"left\">"); break;
    case EC_LEG_CONSTANT: ec_buf_puts(b, "<tr><td>\xE2\x96\xAD</td><td align=\"left\">"); break;
    case EC_LEG_COLUMNS: ec_buf_puts(b, "<tr><td>\xE2\x86\x92</td><td align=\"left\">"); break;
    }
    ec_dot_label_text(b, it->label, strlen(it->label), 64);
    ec_buf_puts(b, it->kind == EC_LEG_HEAD ? "</b></td></tr>" : "</td></tr>");
  }
  ec_buf_puts(b, "</table>>];\n");
}

/* The graph's header; extra: more graph attributes (" nslimit=1 ..."), or "". */
static void S_head(ec_buf *b, const char *id, const char *rankdir, const char *ranksep, const char *extra) {
  ec_buf_puts(b, "digraph engine {\n  graph [id=\"");
  S_tips(b, id);
  ec_buf_printf(b, "\" fontname=\"DejaVu Sans\" rankdir=%s nodesep=0.25 ranksep=%s bgcolor=\"white\" pad=0.1%s];\n",
                rankdir, ranksep, extra);
  ec_buf_puts(b, "  node [shape=box style=\"rounded,filled\" fontname=\"DejaVu Sans\" fontsize=10 color=\"#444444\" "
                 "penwidth=1 margin=\"0.08,0.03\" height=0.3];\n"
                 "  edge [fontname=\"DejaVu Sans\" fontsize=8 fontcolor=\"#333333\" arrowsize=0.6 penwidth=1.6];\n");
}

char *ec_dot_legend_dot(const ec_dot_legend *l, const char *id) {
  ec_buf b = {0};
  S_head(&b, id ? id : "legend", "TB", "0.25", "");
  S_legend_node(&b, l);
  ec_buf_puts(&b, "}\n");
  return ec_buf_take(&b);
}

/* ---- wrapping a tall graph into columns --------------------------------------- */

/* How a tall graph is wrapped: a rough size of each rank of its top-to-
 * bottom layout, from the labels ec_dot_graph writes (DejaVu Sans 10 pt
 * averages 6 points a character), and the number of columns that shows it
 * largest in a landscape box of the report's text column (975 x 600 px at
 * 1280 px, in points). Big graphs stay one column: they are read by
 * scrolling, not fitted. */
#define S_BOX_W 731.0
#define S_BOX_H 450.0
#define S_CHAR_W 5.6
#define S_COL_GAP 30.0
#define S_WRAP_MAX_NODES 300
#define S_WRAP_MAX_COLS 8
#define S_READABLE 0.65 /* the smallest scale that reads (assets/graph.js) */

static size_t S_cps(const char *s, size_t n, size_t cap) {
  size_t c = ec_utf8_count(s, n);
  return c > cap ? cap : c;
}

/* Width (points) and lines of node n's label. */
static double S_node_w(const ec_graph *g, const ec_gnode *n, int *lines) {
  size_t w = 8, l = 2;
  if (n->kind == EC_GN_LAYER) {
    const ec_layer *ly = &g->e->layers[n->ref];
    const char *ty = ec_layer_shown_type(ly);
    w = S_cps(ty, strlen(ty), 32);
    l = 1 + (ly->has_profile ? 1 : 0) + (ly->origin ? 1 : 0);
    char *folded = ec_short_wanted(ly->name, ly->name_len) ? ec_short_fold(ly->name, ly->name_len) : NULL;
    const char *p = folded ? folded : ly->name, *end = folded ? folded + strlen(folded) : ly->name + ly->name_len;
    for (size_t parts = 0; p <= end && parts < S_PARTS; parts++) {
      const char *q = p;
      while (q + 3 <= end && !(q[0] == ' ' && q[1] == '+' && q[2] == ' ')) q++;
      if (q + 3 > end) q = end;
      size_t c = S_cps(p, (size_t)(q - p), S_PART_CPS);
      if (c > w) w = c;
      l++;
      if (q == end) break;
      p = q + 3;
    }
    free(folded);
  } else {
    size_t len;
    const char *nm = ec_gnode_name(g, n, &len);
    w = nm ? S_cps(nm, len, S_PART_CPS) : 8;
    l = 3;
  }
  *lines = (int)l;
  return 12.0 + S_CHAR_W * (double)w;
}

/* Longest-path rank of every node (Kahn's order); NULL when the edges
 * have a cycle. */
static size_t *S_ranks(const ec_graph *g, size_t *n_ranks) {
  size_t n = g->n_nodes;
  size_t *indeg = ec_calloc(n ? n : 1, sizeof *indeg), *rank = ec_calloc(n ? n : 1, sizeof *rank);
  size_t *queue = ec_malloc((n ? n : 1) * sizeof *queue), *first = ec_calloc(n + 1, sizeof *first);
  size_t *adj = ec_malloc((g->n_edges ? g->n_edges : 1) * sizeof *adj);
  for (size_t i = 0; i < g->n_edges; i++) {
    indeg[g->edges[i].to]++;
    first[g->edges[i].from + 1]++;
  }
  for (size_t i = 0; i < n; i++) first[i + 1] += first[i];
  size_t *fill = ec_calloc(n ? n : 1, sizeof *fill);
  for (size_t i = 0; i < g->n_edges; i++) adj[first[g->edges[i].from] + fill[g->edges[i].from]++] = g->edges[i].to;
  size_t head = 0, tail = 0;
  for (size_t i = 0; i < n; i++)
    if (!indeg[i]) queue[tail++] = i;
  while (head < tail) {
    size_t v = queue[head++];
    for (size_t k = first[v]; k < first[v + 1]; k++) {
      size_t w = adj[k];
      if (rank[v] + 1 > rank[w]) rank[w] = rank[v] + 1;
      if (--indeg[w] == 0) queue[tail++] = w;
    }
  }
  free(fill);
  free(adj);
  free(first);
  free(queue);
  free(indeg);
  if (tail < n) {
    free(rank);
    return NULL;
  }
  size_t nr = 0;
  for (size_t i = 0; i < n; i++)
    if (rank[i] + 1 > nr) nr = rank[i] + 1;
  *n_ranks = nr;
  return rank;
}

/* Ranks per column when g reads better wrapped (0: leave it as it is). */
static size_t S_wrap_band(const ec_graph *g, const size_t *rank, size_t n_ranks, int edge_labels) {
  if (g->n_nodes > S_WRAP_MAX_NODES || n_ranks < 6) return 0;
  double *rw = ec_calloc(n_ranks, sizeof *rw), *rh = ec_calloc(n_ranks, sizeof *rh);
  size_t *cnt = ec_calloc(n_ranks, sizeof *cnt);
  for (size_t i = 0; i < g->n_nodes; i++) {
    int lines;
    double w = S_node_w(g, &g->nodes[i], &lines), h = 12.0 * lines + 8;
    size_t r = rank[i];
    rw[r] += w + (cnt[r]++ ? 18.0 : 0);
    if (h > rh[r]) rh[r] = h;
  }
  double colw = 0, total_h = 0;
  for (size_t r = 0; r < n_ranks; r++) {
    if (rw[r] > colw) colw = rw[r];
    total_h += rh[r] + (edge_labels ? 42.0 : 18.0);
  }
  if (edge_labels) colw += 60.0;
  free(rw);
  free(rh);
  free(cnt);
  /* the fewest columns that show it whole at a readable size, else the
   * most whose width still reads when fitted (the rest scrolls down) */
  size_t best_k = 1, wide_k = 1;
  for (size_t k = 1; k <= S_WRAP_MAX_COLS && n_ranks / k >= 3; k++) {
    double w = (double)k * colw + (double)(k - 1) * S_COL_GAP, h = total_h / (double)k;
    double sc = fmin(1.0, fmin(S_BOX_W / w, S_BOX_H / h));
    if (sc >= S_READABLE) {
      best_k = k;
      break;
    }
    if (S_BOX_W / w >= S_READABLE) wide_k = k;
    best_k = wide_k;
  }
  return best_k > 1 ? (n_ranks + best_k - 1) / best_k : 0;
}

/* ---- graph ---------------------------------------------------------------- */

/* The sources the legend sits above: those with a reader on the first rank
 * below the sources (all its producers are sources), so they are on the top
 * rank anyway. A source read only deep down (a KV-cache input, a copy of a
 * broadcast input) is left alone: an invisible edge from the legend would
 * cross every rank in between (33 such edges made a 1,500-node layout take
 * 10 s longer). Kahn's order: O(nodes + edges). Caller frees. */
static unsigned char *S_top_sources(const ec_graph *g) {
  size_t n = g->n_nodes;
  unsigned char *top = ec_calloc(n ? n : 1, 1);
  size_t *indeg = ec_calloc(n ? n : 1, sizeof *indeg), *nsrc = ec_calloc(n ? n : 1, sizeof *nsrc);
  for (size_t i = 0; i < g->n_edges; i++) indeg[g->edges[i].to]++;
  for (size_t i = 0; i < g->n_edges; i++)
    if (!indeg[g->edges[i].from]) nsrc[g->edges[i].to]++;
  /* a reader whose producers are all sources is on the first rank */
  for (size_t i = 0; i < g->n_edges; i++) {
    const ec_gedge *d = &g->edges[i];
    if (!indeg[d->from] && nsrc[d->to] == indeg[d->to]) top[d->from] = 1;
  }
  /* isolated nodes (an input no layer reads) stay under the legend too */
  size_t *outdeg = nsrc;
  memset(outdeg, 0, n * sizeof *outdeg);
  for (size_t i = 0; i < g->n_edges; i++) outdeg[g->edges[i].from]++;
  for (size_t i = 0; i < n; i++)
    if (!indeg[i] && !outdeg[i]) top[i] = 1;
  free(indeg);
  free(nsrc);
  return top;
}

size_t ec_dot_columns(const ec_graph *g, const ec_dot_opts *o) {
  size_t n_ranks = 0, band = 0;
  size_t *rank = o && o->wrap && !o->left_to_right ? S_ranks(g, &n_ranks) : NULL;
  if (rank) band = S_wrap_band(g, rank, n_ranks, o->edge_labels);
  free(rank);
  return band ? (n_ranks + band - 1) / band : 1;
}

char *ec_dot_graph(const ec_graph *g, const ec_dot_opts *o) {
  ec_dot_opts dflt = {0};
  if (!o) o = &dflt;
  ec_buf b = {0};
  /* a tall, narrow graph (a long chain) is wrapped into columns of ranks
   * (bands of its longest-path ranks); invisible anchors start every
   * column at the top, left to right */
  size_t n_ranks = 0, band = 0;
  size_t *rank = o->wrap && !o->left_to_right ? S_ranks(g, &n_ranks) : NULL;
  if (rank) band = S_wrap_band(g, rank, n_ranks, o->edge_labels);
  S_head(&b, o->id ? o->id : "graph", o->left_to_right ? "LR" : "TB", o->edge_labels ? "0.3" : "0.25",
         g->n_nodes > S_BIG_NODES ? S_BIG_ATTRS : "");
  double total = ec_latency_total_ms(g->e);
  for (size_t i = 0; i < g->n_nodes; i++) {
    const ec_gnode *n = &g->nodes[i];
    if (n->kind == EC_GN_LAYER) S_layer_node(&b, g, i, n, o, total);
    else if (n->kind == EC_GN_GROUP) S_group_node(&b, g, i, n, o, total);
    else S_other_node(&b, g, i, n);
  }
  for (size_t i = 0; i < g->n_edges; i++) {
    const ec_gedge *d = &g->edges[i];
    char from[32], to[32];
    snprintf(from, sizeof from, "n%zu", d->from);
    snprintf(to, sizeof to, "n%zu", d->to);
    size_t cf = band ? rank[d->from] / band : 0, ct = band ? rank[d->to] / band : 0;
    if (cf == ct) {
      S_edge(&b, g, d, o, from, to, 1);
      continue;
    }
    /* between columns: a stub under the producer and one over the consumer
     * name the other column (an edge back up the drawing would loop round
     * it); the tensor is in both stubs' tooltips */
    char out[32], in[32], hex[8];
    snprintf(out, sizeof out, "to%zu", i);
    snprintf(in, sizeof in, "from%zu", i);
    S_hex(hex, ec_colors_precision(d->t ? d->t->precision : NULL));
    ec_buf_printf(&b, "  %s [shape=plaintext style=\"\" height=0.2 margin=0 fontsize=9 fontcolor=\"%s\" "
                      "label=\"to column %zu \xE2\x86\x92\"];\n", out, hex, ct + 1);
    ec_buf_printf(&b, "  %s [shape=plaintext style=\"\" height=0.2 margin=0 fontsize=9 fontcolor=\"%s\" "
                      "label=\"\xE2\x86\x92 from column %zu\"];\n", in, hex, cf + 1);
    S_edge(&b, g, d, o, from, out, 0);
    S_edge(&b, g, d, o, in, to, 1);
  }
  if (band) {
    size_t cols = (n_ranks + band - 1) / band;
    /* one root above the anchors keeps them on one rank, in order (no
     * subgraph: Graphviz's ids of the layer nodes stay node1, node2, ...) */
    ec_buf_puts(&b, "  cols [style=invis shape=point width=0 height=0 label=\"\" ordering=out];\n");
    for (size_t c = 0; c < cols; c++) ec_buf_printf(&b, "  col%zu [style=invis shape=point width=0 height=0 label=\"\"];\n", c);
    for (size_t c = 0; c < cols; c++) ec_buf_printf(&b, "  cols -> col%zu [style=invis];\n", c);
    for (size_t i = 0; i < g->n_nodes; i++)
      if (rank[i] % band == 0) ec_buf_printf(&b, "  col%zu -> n%zu [style=invis];\n", rank[i] / band, i);
  }
  free(rank);
  if (o->legend && g->n_nodes) {
    ec_dot_legend leg;
    ec_dot_legend_make(g, o->by_precision, ec_dot_columns(g, o), &leg);
    S_legend_node(&b, &leg);
    ec_dot_legend_free(&leg);
    /* top to bottom: the legend gets a rank of its own above the sources,
     * so its height does not stretch the first rank of the graph */
    if (!o->left_to_right && !band) {
      unsigned char *top = S_top_sources(g);
      for (size_t i = 0; i < g->n_nodes; i++)
        if (top[i]) ec_buf_printf(&b, "  legend -> n%zu [style=invis];\n", i);
      free(top);
    }
  }
  ec_buf_puts(&b, "}\n");
  return ec_buf_take(&b);
}
