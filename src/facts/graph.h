/* graph — the dataflow graph of an engine, for drawing.
 *
 * Nodes are layers, edges are tensors (producer -> consumer), the engine's
 * bindings (e->bindings, with their direction) are input and output nodes. NoOp layers are already folded by the loader
 * (src/load/finish.c); Constant layers are hidden unless asked for. On top
 * of the plain graph: a neighbourhood selection (a regex on names, or seed
 * layers, widened by a radius in both directions) and a simplification
 * above a node budget that folds Reformat layers into edges and then
 * groups consecutive layers by ONNX scope, recording what it did.
 *
 * Pure: no I/O, no drawing. A graph borrows its engine (keep it alive). */
#ifndef EC_GRAPH_H
#define EC_GRAPH_H
#include <stddef.h>
#include "model/engine.h"

typedef enum {
  EC_GN_LAYER = 0, /* ref: index into e->layers */
  EC_GN_INPUT,     /* ref: index into e->bindings (an input binding) */
  EC_GN_OUTPUT,    /* ref: index into e->bindings (an output binding) */
  EC_GN_CONSTANT,  /* ref: index into e->hidden */
  EC_GN_GROUP      /* members: layers folded into one node */
} ec_gnode_kind;

typedef struct ec_gnode {
  ec_gnode_kind kind;
  size_t ref;        /* see the kind; GROUP: its first member */
  size_t *members;   /* GROUP: layer indices in engine order; INPUT, OUTPUT folded
                        bindings (n_members > 1): binding indices; owned */
  size_t n_members;
  char *title;       /* GROUP: the ONNX scope or "layers A-B", owned; else NULL */
  double ms;         /* latency (sum over members); 0 without a profile */
  int hot;           /* 1-based rank among the slowest layers (best member), 0 if not hot */
  int copy;          /* INPUT: one of the copies of a broadcast input, drawn beside one reader */
} ec_gnode;

typedef struct ec_gedge {
  size_t from, to;      /* node indices */
  const ec_tensor *t;   /* the tensor as the consumer reads it (borrowed), or NULL */
  size_t n_reformats;   /* Reformat layers folded into this edge */
  size_t n_tensors;     /* tensors this edge stands for (>1 after merging) */
} ec_gedge;

typedef struct ec_graph {
  const ec_engine *e;   /* borrowed */
  ec_gnode *nodes;
  size_t n_nodes, cap_nodes;
  ec_gedge *edges;
  size_t n_edges, cap_edges;
  size_t n_layers;          /* layer nodes plus layers inside groups */
  size_t n_constants_hidden;
  size_t n_bindings_undrawn;  /* bindings of unknown direction (no layer reads or writes them) */
  size_t n_reformats_folded;
  size_t n_grouped, n_groups; /* layers folded into n_groups group nodes */
  int group_depth;            /* ONNX scope levels used (0: fixed runs of layers) */
  size_t group_chunk;         /* consecutive scopes (or layers) per block when > 1 */
  size_t n_bindings_folded;   /* binding leaves folded ... */
  size_t n_binding_folds;     /* ... into this many nodes */
  size_t n_split_inputs;      /* broadcast inputs drawn once beside each reader ... */
  size_t n_input_copies;      /* ... as this many nodes */
  size_t n_dropped;           /* layers left out by a selection */
  size_t n_matched;           /* layers a selection's regex or seeds matched */
} ec_graph;

typedef struct ec_graph_opts {
  int constants;            /* draw Constant layers (hidden by default) */
  const size_t *hot_order;  /* layer indices, slowest first (ec_summary.order), or NULL */
  size_t n_hot;             /* how many of hot_order mark nodes as hot */
} ec_graph_opts;

/** The whole dataflow graph of e (o may be NULL). Caller frees with
 *  ec_graph_free. Layers in engine order come first, then bindings and
 *  constants; edges are deduplicated per (producer, consumer). */
ec_graph *ec_graph_build(const ec_engine *e, const ec_graph_opts *o);
void ec_graph_free(ec_graph *g);

/** A deep copy of g (the same engine borrowed), so one build serves several
 *  selections: building walks every tensor name again. Caller frees. */
ec_graph *ec_graph_copy(const ec_graph *g);

/** Keep only nodes within radius steps (edges followed both ways) of a
 *  layer or binding whose name matches the POSIX extended regex re.
 *  Returns the number of matching nodes (0 leaves an empty graph), or -1
 *  when re does not compile (*err: a malloc'd message). */
long ec_graph_query(ec_graph *g, const char *re, size_t radius, char **err);

/** Keep only nodes within radius steps of the given layers. */
void ec_graph_near_layers(ec_graph *g, const size_t *layers, size_t n, size_t radius);

/** Above budget nodes: fold single-input Reformat layers into dashed edges,
 *  then group consecutive layers by ONNX scope (the deepest level that
 *  fits), then by fixed runs of layers. On graphs of more than
 *  EC_GRAPH_SPLIT_MIN nodes where more than budget /
 *  EC_GRAPH_BINDING_SHARE binding nodes touch one node each (or none),
 *  those sharing a neighbour and a direction fold into one node beside it
 *  (and the groups are made fewer to leave them room). Then, on graphs of more than
 *  EC_GRAPH_SPLIT_MIN nodes, an input binding read by more than
 *  EC_GRAPH_FANOUT_MAX nodes (an attention mask read by every layer) is
 *  drawn once beside each reader: its edges would otherwise cross every
 *  rank, which costs Graphviz minutes and the reader crossings. Does
 *  nothing with budget 0 (no simplification). */
#define EC_GRAPH_SPLIT_MIN 150
#define EC_GRAPH_BINDING_SHARE 4
#define EC_GRAPH_FANOUT_MAX 8
void ec_graph_simplify(ec_graph *g, size_t budget);

/** One sentence on what was folded, grouped, hidden or left out, or NULL
 *  when the graph shows everything. Caller frees. */
char *ec_graph_folded_note(const ec_graph *g);

/** Name of a node (layer name, binding, group title), borrowed, with its
 *  byte length in *len. */
const char *ec_gnode_name(const ec_graph *g, const ec_gnode *n, size_t *len);

#endif
