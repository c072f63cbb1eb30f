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
#include "analyze/graph.h"
#include "util/buf.h"

typedef struct ec_graph_dot_opts {
  int by_precision;        /* fill nodes by precision instead of layer type */
  const char *id;          /* root graph id: SVG ids become "<id>_node1"; NULL: "graph" */
  const char *href_prefix; /* layer nodes link to "#<prefix>-L<index>"; NULL: no links */
  size_t href_limit;       /* link only layers with index below this (0: all) */
  int left_to_right;       /* rankdir=LR (the PDF's hot-spot view) */
  int edge_labels;         /* print dimensions and format on edges */
  int legend;              /* add the legend */
} ec_graph_dot_opts;

/** DOT text of g. Caller frees. */
char *ec_graph_dot(const ec_graph *g, const ec_graph_dot_opts *o);

/** Append s[0..n) to b for an HTML-like label: XML-escaped, control
 *  characters as spaces, cut to max_cps code points with a middle
 *  ellipsis (0: no cut). */
void ec_graph_label_text(ec_buf *b, const char *s, size_t n, size_t max_cps);

#endif
