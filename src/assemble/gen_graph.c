/* gen_graph — see gen_graph.h. */
#include "assemble/gen_graph.h"
#include "facts/graph.h"
#include "render/graph_layout.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "view/graph_dot.h"
#include "words/words.h"
#include <cairo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define S_HOT_N 6
#define S_HOT_RADIUS 1
#define S_HOT_BUDGET 150
#define S_EDGE_LABELS_MAX 150 /* nodes; above, dimensions are in the tooltips only (both uses) */
/* The PDF's text column (A4 less margins, a little less than letter), and
 * the height left under the section's heading and lead-in paragraph. */
#define S_PAGE_W 495.0
#define S_PAGE_H 600.0

/* The graphs one job lays out, in this order: the whole graph, its legend,
 * then the hot spots (the slowest layers and their neighbours) for S_HOT_V
 * numbers of seeds, the last without the dimensions on its edges, each left
 * to right and top to bottom. The PDF draws the first that reads at
 * S_TEXT_PT (its smallest text is the edge labels' 8 pt, else the 9 pt of
 * node details and the legend), with its legend or, when only that way,
 * the legend after it. */
#define S_HOT_V 4
static const size_t S_hot_seeds[S_HOT_V] = {S_HOT_N, 3, 1, 1};
static const int S_hot_labels[S_HOT_V] = {1, 1, 1, 0};
#define S_HOT_NAME_CPS 20 /* names in the last view, cut shorter to be narrower */
enum { S_WHOLE = 0, S_LEGEND, S_HOT0, S_NGRAPHS = S_HOT0 + 2 * S_HOT_V };
#define S_TEXT_PT 7.0

struct ec_gen_graph_job {
  char *why;            /* set when there is nothing to lay out */
  ec_gl_job *gl;
  size_t n;             /* graphs in gl: 2 (whole, legend) or 4 (and hot spots left to right, top to bottom) */
  ec_dot_legend legend; /* for the page's HTML legend */
  size_t columns;       /* the whole graph wraps into this many columns */
  int by_precision;
  char *note;           /* what the whole graph folded (or NULL) */
  size_t nodes, layers, edges;
  int edge_labels;
  size_t hot_n[S_HOT_V]; /* seeds of the hot-spot graphs (0: not laid out) */
  int hot_by_io;        /* seeds chosen by I/O bytes (no profile) */
  char id[48];
  char part[32];
  ec_gen_graph_format format; /* a file job's (0: the report's) */
  char *dot;              /* a file job's DOT, when no layout is wanted */
};

static void S_job_free(ec_gen_graph_job *j) {
  ec_dot_legend_free(&j->legend);
  free(j->why);
  free(j->note);
  free(j->dot);
  free(j);
}

/* Layers ordered by I/O bytes, largest first (the hot spots without a profile). */
static size_t *S_by_io(const ec_engine *e) {
  size_t *v = ec_malloc((e->n_layers ? e->n_layers : 1) * sizeof *v);
  for (size_t i = 0; i < e->n_layers; i++) v[i] = i;
  /* partial selection: the few largest are enough */
  for (size_t k = 0; k < S_HOT_N * 2 && k < e->n_layers; k++) {
    size_t m = k;
    for (size_t i = k + 1; i < e->n_layers; i++)
      if (e->layers[v[i]].io_bytes > e->layers[v[m]].io_bytes) m = i;
    size_t t = v[k];
    v[k] = v[m];
    v[m] = t;
  }
  return v;
}

ec_gen_graph_job *ec_gen_graph_job_start(const ec_engine *e, const ec_summary *s, const ec_gen_graph_opts *o) {
  ec_gen_graph_job *j = ec_calloc(1, sizeof *j);
  j->by_precision = o->by_precision;
  if (!e->has_graph || !e->n_layers) {
    j->why = ec_strdup(e->graph_names_only
                           ? "the layer information lists names only; build with trtexec --profilingVerbosity=detailed "
                             "--exportLayerInfo for the graph"
                           : "no layer information (trtexec --exportLayerInfo) was given");
    return j;
  }
  size_t budget = o->budget ? o->budget : EC_GEN_GRAPH_REPORT_BUDGET;
  size_t hot_n = o->hot_n ? o->hot_n : S_HOT_N;
  snprintf(j->part, sizeof j->part, "%s", o->part_id ? o->part_id : "e1");
  snprintf(j->id, sizeof j->id, "%s_graph", o->part_id ? o->part_id : "e1"); /* no "-": Graphviz writes it as &#45; in ids */
  int has_lat = s && s->has_latency && s->order;
  size_t *io = has_lat ? NULL : S_by_io(e);
  const size_t *order = has_lat ? s->order : io;
  if (hot_n > e->n_layers) hot_n = e->n_layers;

  ec_graph_opts go = {0};
  go.hot_order = has_lat ? order : NULL;
  go.n_hot = has_lat ? hot_n : 0;
  ec_graph *whole = ec_graph_build(e, &go), *g = ec_graph_copy(whole); /* hot spots copy it too */
  /* names without tensors: nothing connects, so there is no graph to draw */
  if (!g->n_edges && e->n_layers > 1) {
    j->why = ec_asprintf("the layer information names the %zu %s but not the tensors between them, so how they "
                         "connect is unknown; build with trtexec --profilingVerbosity=detailed --exportLayerInfo for "
                         "the graph",
                         e->n_layers, ec_plural(e->n_layers, "layer", "layers"));
    ec_graph_free(g);
    ec_graph_free(whole);
    free(io);
    return j;
  }
  ec_graph_simplify(g, budget);
  j->note = ec_graph_folded_note(g);
  j->nodes = g->n_nodes;
  j->layers = e->n_layers;
  j->edges = g->n_edges;
  ec_dot_opts dopt = {0};
  dopt.by_precision = o->by_precision;
  dopt.id = j->id;
  dopt.href_prefix = o->part_id;
  dopt.href_limit = o->href_limit;
  dopt.wrap = 1;
  dopt.edge_labels = j->edge_labels = g->n_nodes <= S_EDGE_LABELS_MAX;
  /* the legend is drawn outside the graph: HTML on the page, a graph of
   * its own beside the drawing in the PDF */
  j->columns = ec_dot_columns(g, &dopt);
  ec_dot_legend_make(g, o->by_precision, j->columns, &j->legend);
  char lid[64];
  snprintf(lid, sizeof lid, "%s_legend", j->id);
  char *dots[S_NGRAPHS] = {ec_dot_graph(g, &dopt), ec_dot_legend_dot(&j->legend, lid)};
  int simplified = g->n_groups || g->n_reformats_folded;
  size_t whole_nodes = g->n_nodes;
  ec_graph_free(g);
  j->n = 2;
  /* hot spots for the PDF when the whole graph is unlikely to fit a page */
  if (whole_nodes > 24 || simplified || j->columns > 1) {
    for (size_t v = 0; v < S_HOT_V; v++) {
      size_t seeds = S_hot_seeds[v] < hot_n ? S_hot_seeds[v] : hot_n;
      if (v && seeds >= j->hot_n[v - 1] && S_hot_labels[v] == S_hot_labels[v - 1]) continue; /* as the last */
      ec_graph *h = ec_graph_copy(whole);
      ec_graph_near_layers(h, order, seeds, S_HOT_RADIUS);
      ec_graph_simplify(h, S_HOT_BUDGET);
      char hid[64];
      snprintf(hid, sizeof hid, "%s_hot%zu", j->id, v);
      dopt.id = hid;
      dopt.edge_labels = S_hot_labels[v];
      dopt.name_cps = S_hot_labels[v] ? 0 : S_HOT_NAME_CPS;
      dopt.wrap = 0;
      /* hot spots far apart read best left to right (stacked); when they
       * join into one chain, top to bottom: lay out both, keep the larger */
      dopt.left_to_right = 1;
      dots[S_HOT0 + 2 * v] = ec_dot_graph(h, &dopt);
      dopt.left_to_right = 0;
      dots[S_HOT0 + 2 * v + 1] = ec_dot_graph(h, &dopt);
      j->hot_n[v] = seeds;
      j->n = S_HOT0 + 2 * (v + 1);
      ec_graph_free(h);
    }
    j->hot_by_io = !has_lat;
  }
  ec_graph_free(whole);
  free(io);
  j->gl = ec_gl_start((const char *const *)dots, j->n, o->timeout_s > 0 ? o->timeout_s : EC_GEN_GRAPH_REPORT_TIMEOUT_S);
  for (int i = 0; i < S_NGRAPHS; i++) free(dots[i]);
  return j;
}

ec_gen_graph_job *ec_gen_graph_file_start(const ec_engine *e, const ec_summary *s, const ec_gen_graph_file_opts *o,
                                  ec_gen_graph_file_status *st, char **why) {
  *st = EC_GEN_GRAPH_FILE_OK;
  *why = NULL;
  ec_graph_opts go = {0};
  go.constants = o->constants;
  if (s && s->has_latency) {
    go.hot_order = s->order;
    go.n_hot = S_HOT_N;
  }
  ec_graph *g = ec_graph_build(e, &go);
  if (o->query) {
    long hits = ec_graph_query(g, o->query, o->radius, why);
    if (hits <= 0) {
      *st = hits < 0 ? EC_GEN_GRAPH_FILE_BAD_QUERY : EC_GEN_GRAPH_FILE_NO_MATCH;
      ec_graph_free(g);
      return NULL;
    }
  }
  ec_gen_graph_job *j = ec_calloc(1, sizeof *j);
  j->format = o->format;
  j->by_precision = o->by_precision;
  ec_graph_simplify(g, o->budget);
  j->note = ec_graph_folded_note(g);
  j->nodes = g->n_nodes;
  j->layers = e->n_layers;
  j->edges = g->n_edges;
  ec_dot_opts dopt = {0};
  dopt.by_precision = o->by_precision;
  dopt.id = "g";
  dopt.legend = 1;
  dopt.edge_labels = j->edge_labels = g->n_nodes <= S_EDGE_LABELS_MAX;
  char *dot = ec_dot_graph(g, &dopt);
  ec_graph_free(g);
  if (o->format == EC_GEN_GRAPH_DOT) {
    j->dot = dot;
    return j;
  }
  j->n = 1;
  j->gl = ec_gl_start((const char *const *)&dot, 1, o->timeout_s > 0 ? o->timeout_s : EC_GEN_GRAPH_FILE_TIMEOUT_S);
  free(dot);
  return j;
}

size_t ec_gen_graph_job_nodes(const ec_gen_graph_job *j) { return j->nodes; }
size_t ec_gen_graph_job_edges(const ec_gen_graph_job *j) { return j->edges; }
const char *ec_gen_graph_job_note(const ec_gen_graph_job *j) { return j->note; }

int ec_gen_graph_job_file(ec_gen_graph_job *j, ec_buf *out, char **why) {
  *why = NULL;
  int rc = 0;
  if (j->dot) {
    ec_buf_puts(out, j->dot);
  } else {
    ec_gl *gl = NULL;
    ec_gl_finish(j->gl, &gl, why);
    j->gl = NULL;
    if (!gl || (j->format == EC_GEN_GRAPH_SVG ? ec_gl_svg(gl, out, 1, why) : ec_gl_pdf(gl, out, why)) != 0) rc = -1;
    if (rc && !*why) *why = ec_strdup("the layout failed");
    ec_gl_free(gl);
  }
  S_job_free(j);
  return rc;
}

int ec_gen_graph_job_by_precision(const ec_gen_graph_job *j) { return j->by_precision; }

void ec_gen_graph_job_cancel(ec_gen_graph_job *j) {
  if (!j) return;
  if (j->gl) ec_gl_cancel(j->gl);
  S_job_free(j);
}

/* The PDF's picture: the graph with its legend beside it (a tall graph)
 * or under it. */
typedef struct {
  ec_gl *graph, *legend; /* owned; legend may be NULL */
  double lx, ly;         /* the legend's top-left corner */
  double w, h;           /* the whole picture */
} S_pic;

#define S_LEGEND_GAP 12.0

/* The legend beside the graph or under it: whichever lets the picture be
 * drawn larger on the page. */
static void S_pic_place(S_pic *p) {
  double gw = ec_gl_width(p->graph), gh = ec_gl_height(p->graph);
  p->w = gw;
  p->h = gh;
  p->lx = p->ly = 0;
  if (!p->legend) return;
  double lw = ec_gl_width(p->legend), lh = ec_gl_height(p->legend);
  double bw = gw + S_LEGEND_GAP + lw, bh = gh > lh ? gh : lh;     /* beside */
  double uw = gw > lw ? gw : lw, uh = gh + S_LEGEND_GAP + lh;     /* under */
  double kb = S_PAGE_W / bw < S_PAGE_H / bh ? S_PAGE_W / bw : S_PAGE_H / bh;
  double ku = S_PAGE_W / uw < S_PAGE_H / uh ? S_PAGE_W / uw : S_PAGE_H / uh;
  if (kb > ku) {
    p->lx = gw + S_LEGEND_GAP;
    p->w = bw;
    p->h = bh;
  } else {
    p->ly = gh + S_LEGEND_GAP;
    p->w = uw;
    p->h = uh;
  }
}

static void S_draw(void *ctx, void *crp) {
  S_pic *p = ctx;
  cairo_t *cr = crp;
  ec_gl_draw(p->graph, cr);
  if (!p->legend) return;
  cairo_save(cr);
  cairo_translate(cr, p->lx, p->ly);
  ec_gl_draw(p->legend, cr);
  cairo_restore(cr);
}

static void S_free(void *ctx) {
  S_pic *p = ctx;
  ec_gl_free(p->graph);
  ec_gl_free(p->legend);
  free(p);
}

static void S_controls(ec_buf *h) {
  ec_buf_puts(h, "<div class=\"graph-bar\" hidden>"
                 "<input type=\"search\" class=\"graph-find\" placeholder=\"Find a layer (name, type, tensor)\" "
                 "aria-label=\"Find a layer in the graph\">"
                 "<button type=\"button\" data-zoom=\"in\" title=\"Zoom in\">+</button>"
                 "<button type=\"button\" data-zoom=\"out\" title=\"Zoom out\">\xE2\x88\x92</button>"
                 "<button type=\"button\" data-zoom=\"fit\" title=\"Show the whole graph\">Fit</button>"
                 "<button type=\"button\" data-zoom=\"1\" title=\"Actual size\">1:1</button>"
                 "<button type=\"button\" data-zoom=\"hot\" title=\"Show the slowest layer\">Slowest</button>"
                 "<span class=\"graph-status\" aria-live=\"polite\"></span>"
                 "<span class=\"graph-hint\">Drag to pan, Ctrl+wheel to zoom, Enter for the next match; "
                 "click a layer for its row in the layer table.</span></div>");
}

/* The legend as HTML, one list per heading; labels are escaped, colours
 * are the legend's own hex values. */
static void S_legend_html(ec_buf *h, const ec_dot_legend *l) {
  ec_buf_puts(h, "<details class=\"graph-legend\" open><summary>Legend</summary><div class=\"legend-body\">");
  int open = 0;
  for (size_t i = 0; i < l->n; i++) {
    const ec_dot_legend_item *it = &l->v[i];
    char hex[8];
    snprintf(hex, sizeof hex, "#%02x%02x%02x", it->color.r, it->color.g, it->color.b);
    if (it->kind == EC_LEG_HEAD) {
      if (open) ec_buf_puts(h, "</ul>");
      ec_buf_puts(h, "<ul><li class=\"legend-h\">");
      ec_buf_html(h, it->label, strlen(it->label));
      ec_buf_puts(h, "</li>");
      open = 1;
      continue;
    }
    if (!open) ec_buf_puts(h, "<ul>");
    open = 1;
    ec_buf_puts(h, "<li>");
    switch (it->kind) {
    case EC_LEG_FILL:
      if (it->color.kind != EC_COL_NONE) ec_buf_printf(h, "<span class=\"sw\" style=\"background:%s\"></span>", hex);
      break;
    case EC_LEG_EDGE: ec_buf_printf(h, "<span class=\"ln\" style=\"color:%s\"></span>", hex); break;
    case EC_LEG_SOLID: ec_buf_puts(h, "<span class=\"ln\"></span>"); break;
    case EC_LEG_DASHED: ec_buf_puts(h, "<span class=\"ln dashed\"></span>"); break;
    case EC_LEG_HOT: ec_buf_puts(h, "<span class=\"sw hot\"></span>"); break;
    case EC_LEG_GROUP: ec_buf_puts(h, "<span class=\"sw group\"></span>"); break;
    case EC_LEG_BINDING: ec_buf_puts(h, "<span class=\"sw binding\"></span>"); break;
    case EC_LEG_CONSTANT: ec_buf_puts(h, "<span class=\"sw constant\"></span>"); break;
    case EC_LEG_COLUMNS: ec_buf_puts(h, "<span class=\"arrow\">\xE2\x86\x92</span>"); break;
    case EC_LEG_HEAD: break;
    }
    ec_buf_html(h, it->label, strlen(it->label));
    ec_buf_puts(h, "</li>");
  }
  if (open) ec_buf_puts(h, "</ul>");
  ec_buf_puts(h, "<p class=\"legend-note\">Hover over a node or edge for every attribute.</p></div></details>");
}

ec_block *ec_gen_graph_job_block(ec_gen_graph_job *j) {
  if (j->why) {
    ec_block *b = ec_block_unavailable(j->why);
    S_job_free(j);
    return b;
  }
  ec_gl *gl[S_NGRAPHS] = {NULL};
  char *why = NULL;
  ec_gl_finish(j->gl, gl, &why);
  j->gl = NULL;
  if (!gl[S_WHOLE]) {
    char *m = ec_asprintf("%s; the graph has %zu %s. `enginecard graph ENGINE -o graph.svg --query REGEX --radius N` "
                          "draws a part of it",
                          why ? why : "the layout failed", j->nodes, ec_plural(j->nodes, "node", "nodes"));
    ec_block *b = ec_block_unavailable(m);
    free(m);
    free(why);
    for (int i = 1; i < S_NGRAPHS; i++) ec_gl_free(gl[i]);
    S_job_free(j);
    return b;
  }
  ec_buf h = {0};
  char *svg_why = NULL;
  ec_buf_printf(&h, "<div class=\"graph\" id=\"%s-graph\">", j->part);
  S_controls(&h);
  ec_buf_puts(&h, "<div class=\"graph-view\" tabindex=\"0\">");
  if (ec_gl_svg(gl[S_WHOLE], &h, 0, &svg_why) != 0) {
    ec_buf_puts(&h, "<p class=\"na\">" EC_NA_LEAD);
    ec_buf_html(&h, svg_why, strlen(svg_why));
    ec_buf_puts(&h, "</p>");
  }
  free(svg_why);
  ec_buf_puts(&h, "</div>");
  S_legend_html(&h, &j->legend);
  ec_buf_puts(&h, "</div>");

  /* the PDF: the whole graph when it reads on a page at 7 pt, else the
   * hot-spot view with the most seeds that does (with its legend, else the
   * legend after it); when none does, the one drawn the largest */
  double both[S_NGRAPHS] = {0}, alone[S_NGRAPHS] = {0}, kmin[S_NGRAPHS] = {0};
  for (size_t i = 0; i < j->n; i++) {
    if (!gl[i] || i == S_LEGEND) continue;
    S_pic p = {gl[i], gl[S_LEGEND], 0, 0, 0, 0};
    S_pic_place(&p);
    both[i] = S_PAGE_W / p.w < S_PAGE_H / p.h ? S_PAGE_W / p.w : S_PAGE_H / p.h;
    double gw = ec_gl_width(gl[i]), gh = ec_gl_height(gl[i]);
    alone[i] = S_PAGE_W / gw < S_PAGE_H / gh ? S_PAGE_W / gw : S_PAGE_H / gh;
    int labels = i == S_WHOLE ? j->edge_labels : S_hot_labels[(i - S_HOT0) / 2];
    kmin[i] = S_TEXT_PT / (labels ? 8.0 : 9.0);
  }
  size_t pick = S_NGRAPHS;
  int apart = 0; /* the legend is a picture of its own */
  for (int pass = 0; pass < 2 && pick == S_NGRAPHS; pass++)
    for (size_t v = 0; v <= S_HOT_V && pick == S_NGRAPHS; v++) {
      size_t i0 = v ? S_HOT0 + 2 * (v - 1) : S_WHOLE, i1 = v ? i0 + 2 : i0 + 1;
      for (size_t i = i0; i < i1 && i < j->n; i++) {
        double k = pass ? alone[i] : both[i];
        if (gl[i] && k >= kmin[i] && (pick == S_NGRAPHS || k > (pass ? alone[pick] : both[pick]))) pick = i;
      }
      apart = pass;
    }
  if (pick == S_NGRAPHS) { /* none reads at 7 pt: the one drawn the largest */
    pick = S_WHOLE;
    for (size_t i = S_HOT0; i < j->n; i++)
      if (gl[i] && alone[i] / kmin[i] > alone[pick] / kmin[pick]) pick = i;
    apart = 1;
  }
  int pdf_hot = pick != S_WHOLE;
  size_t hv = pdf_hot ? (pick - S_HOT0) / 2 : 0;
  /* printed from the browser, the page shows what the PDF shows */
  if (pdf_hot) {
    char *pw = NULL;
    ec_buf ph = {0};
    if (ec_gl_svg(gl[pick], &ph, 0, &pw) == 0) {
      ec_buf_puts(&h, "<div class=\"graph-print print-only\">");
      ec_buf_put(&h, ph.data, ph.len);
      ec_buf_puts(&h, "</div>");
    }
    free(pw);
    ec_buf_free(&ph);
  }
  S_pic *pic = ec_calloc(1, sizeof *pic), *lpic = NULL;
  pic->graph = gl[pick];
  if (apart && gl[S_LEGEND]) {
    lpic = ec_calloc(1, sizeof *lpic);
    lpic->graph = gl[S_LEGEND];
    S_pic_place(lpic);
  } else {
    pic->legend = gl[S_LEGEND];
  }
  S_pic_place(pic);
  for (size_t i = 0; i < S_NGRAPHS; i++)
    if (i != pick && i != S_LEGEND) ec_gl_free(gl[i]);
  ec_buf cap = {0};
  ec_buf_printf(&cap, "Layers as nodes, tensors as edges (%zu %s for %zu %s); fill by %s, edges by precision%s.",
                j->nodes, ec_plural(j->nodes, "node", "nodes"),
                j->layers, ec_plural(j->layers, "layer", "layers"), j->by_precision ? "precision" : "layer type",
                j->edge_labels ? " with dimensions and format" : " (without dimensions and format: the HTML page shows them on demand)");
  if (j->note) ec_buf_printf(&cap, " %s", j->note);
  if (j->columns > 1 && !pdf_hot)
    ec_buf_printf(&cap, " The chain of layers is wrapped into %zu %s, read left to right.", j->columns,
                  ec_plural(j->columns, "column", "columns"));
  else if (j->columns > 1)
    ec_buf_printf(&cap, " On the page, the chain of layers is wrapped into %zu %s, read left to right.", j->columns,
                  ec_plural(j->columns, "column", "columns"));
  if (pdf_hot) {
    size_t n = j->hot_n[hv];
    const char *what = j->hot_by_io ? (ec_plural(n, "layer with the most I/O traffic (no profile)", "layers with the most I/O traffic (no profile)"))
                                    : (ec_plural(n, "slowest layer", "slowest layers"));
    if (n == 1) ec_buf_printf(&cap, " On paper (printed or PDF) it shows the %s and its neighbours", what);
    else ec_buf_printf(&cap, " On paper (printed or PDF) it shows the %zu %s and their neighbours", n, what);
    ec_buf_printf(&cap, " (%d step%s away)%s, at a size that reads.", S_HOT_RADIUS, ec_plural(S_HOT_RADIUS, "", "s"),
                  S_hot_labels[hv] ? "" : " without tensor dimensions");
  } else if (alone[S_WHOLE] < kmin[S_WHOLE]) {
    ec_buf_puts(&cap, " The PDF shows it scaled to one page");
    if (why && j->n > S_HOT0) ec_buf_printf(&cap, " (the view of the slowest layers failed: %s)", why);
    ec_buf_putc(&cap, '.');
  }
  ec_block *b = ec_block_drawing(h.data, pic->w, pic->h, S_draw, pic, S_free, cap.data);
  b->min_text = S_TEXT_PT / kmin[pick];
  if (lpic) { /* the PDF: the graph, then its legend under it */
    ec_block *l = ec_block_drawing(NULL, lpic->w, lpic->h, S_draw, lpic, S_free, NULL); /* no HTML: the page has its own */
    l->min_text = 9.0;
    ec_block *g = ec_block_group();
    ec_block_add(g, b);
    ec_block_add(g, l);
    b = g;
  }
  ec_buf_free(&h);
  ec_buf_free(&cap);
  free(why);
  S_job_free(j);
  return b;
}

ec_block *ec_gen_graph(const ec_engine *e, const ec_summary *s, const ec_kvs *args, const ec_gen_graph_opts *base,
                       ec_gen_graph_job **pre) {
  ec_gen_graph_opts o = *base;
  const char *col = ec_kvs_get(args, "color");
  if (col && !strcmp(col, "precision")) o.by_precision = 1;
  else if (col && strcmp(col, "type")) return ec_block_unavailable("the template asks for an unknown graph colour (type or precision)");
  else o.by_precision = 0;
  const char *data = ec_kvs_get(args, "data");
  if (data && strcmp(data, "engine")) return ec_block_unavailable("the template names an unknown graph (data: engine)");
  ec_gen_graph_job *j = NULL;
  if (pre && *pre && ec_gen_graph_job_by_precision(*pre) == o.by_precision) {
    j = *pre;
    *pre = NULL;
  } else {
    j = ec_gen_graph_job_start(e, s, &o);
  }
  return ec_gen_graph_job_block(j);
}

int ec_gen_graph_scan(const char *md, size_t len, ec_gen_graph_opts *o) {
  const char *end = md + len;
  for (const char *p = md; p && p < end; p = memchr(p, '\n', (size_t)(end - p)), p = p ? p + 1 : NULL) {
    if ((size_t)(end - p) < 8 || memcmp(p, "```graph", 8) || (p + 8 < end && p[8] != '\n' && p[8] != ' ' && p[8] != '\r'))
      continue;
    o->by_precision = 0;
    for (const char *q = memchr(p, '\n', (size_t)(end - p)); q && q + 1 < end; q = memchr(q + 1, '\n', (size_t)(end - q - 1))) {
      const char *l = q + 1;
      if ((size_t)(end - l) >= 3 && !memcmp(l, "```", 3)) break;
      if ((size_t)(end - l) >= 6 && !memcmp(l, "color:", 6)) {
        const char *v = l + 6;
        while (v < end && *v == ' ') v++;
        o->by_precision = (size_t)(end - v) >= 9 && !memcmp(v, "precision", 9);
      }
    }
    return 1;
  }
  return 0;
}
