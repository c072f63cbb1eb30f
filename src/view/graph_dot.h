/* graph_dot — an ec_graph as Graphviz DOT text.
 *
 * Node ids are generated (n0, n1, ...); names only ever appear inside
 * quoted strings (escaped for DOT's escString) or HTML-like labels (escaped
 * as XML), so no name can change the graph's structure. Labels are short
 * (type, latency, the name split on " + " with each part cut to 40
 * characters, a Reformat's origin); the full text goes in the tooltip.
 * Fill colours follow TREx (by layer type or by precision, view/colors.h),
 * edges are coloured by the tensor's precision; a legend node explains
 * every colour and line style used. The font is "DejaVu Sans" everywhere,
 * so Graphviz measures with the font that draws. */
#ifndef EC_GRAPH_DOT_H
#define EC_GRAPH_DOT_H
#include <stddef.h>
#include "facts/graph.h"
#include "util/buf.h"
#include "draw/scene.h"

typedef struct ec_dot_opts {
  int by_precision;        /* fill nodes by precision instead of layer type */
  const char *id;          /* root graph id: SVG ids become "<id>_node1"; NULL: "graph" */
  const char *href_prefix; /* layer nodes link to "#<prefix>-L<index>"; NULL: no links */
  size_t href_limit;       /* link only layers with index below this (0: all) */
  int left_to_right;       /* rankdir=LR (the PDF's hot-spot view) */
  int edge_labels;         /* print dimensions and format on edges */
  int legend;              /* add the legend (as a node of the graph) */
  int wrap;                /* top to bottom: wrap a tall, narrow graph (a long
                              chain) into columns, so it fits a landscape box */
  size_t name_cps;         /* a layer name part in a label, in code points (0: 40) */
} ec_dot_opts;

/* The legend of a drawn graph: every fill colour, edge colour and style
 * the graph uses, with what it means. One list for every output: a node of
 * the graph (ec_dot_graph with legend), a graph of its own
 * (ec_dot_legend_dot, beside the drawing in the PDF) and HTML (the
 * report's page, outside the drawing). */
typedef enum {
  EC_LEG_HEAD = 0,  /* a heading line */
  EC_LEG_FILL,      /* a node fill (color; kind NONE: "... (more)") */
  EC_LEG_EDGE,      /* an edge colour */
  EC_LEG_SOLID,     /* styles: solid edge, dashed edge, hot border, */
  EC_LEG_DASHED,    /* group box, binding box, constant box */
  EC_LEG_HOT,
  EC_LEG_GROUP,
  EC_LEG_BINDING,
  EC_LEG_CONSTANT,
  EC_LEG_COLUMNS    /* a wrapped graph's "to / from column N" stubs */
} ec_dot_legend_kind;

typedef struct ec_dot_legend_item {
  ec_dot_legend_kind kind;
  ec_color color;
  char *label; /* owned; from the engine (a type or precision): untrusted */
} ec_dot_legend_item;

typedef struct ec_dot_legend {
  ec_dot_legend_item *v;
  size_t n, cap;
} ec_dot_legend;

/** The legend of g as ec_dot_graph draws it (fills by layer type, or by
 *  precision) in columns (ec_dot_columns). Free with
 *  ec_dot_legend_free. */
void ec_dot_legend_make(const ec_graph *g, int by_precision, size_t columns, ec_dot_legend *out);
void ec_dot_legend_free(ec_dot_legend *l);
/** DOT of a graph holding only the legend (graph id: id, or "legend"). Caller frees. */
char *ec_dot_legend_dot(const ec_dot_legend *l, const char *id);

/** DOT text of g. Caller frees. */
char *ec_dot_graph(const ec_graph *g, const ec_dot_opts *o);
/** Columns ec_dot_graph draws g in with options o (1: not wrapped). A
 *  wrapped graph shows an edge between columns as two stubs, "to column N"
 *  under its producer and "from column N" over its consumer. */
size_t ec_dot_columns(const ec_graph *g, const ec_dot_opts *o);

/** Append s[0..n) to b for an HTML-like label: XML-escaped, control
 *  characters as spaces, cut to max_cps code points with a middle
 *  ellipsis (0: no cut). */
void ec_dot_label_text(ec_buf *b, const char *s, size_t n, size_t max_cps);

#endif
