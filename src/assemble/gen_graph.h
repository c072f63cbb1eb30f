/* gen_graph — the report's "graph" generator: the engine graph as one
 * DRAWING block (an interactive inline SVG for HTML, vectors for the PDF).
 *
 * Template block:
 *   ```graph
 *   data: engine
 *   color: type | precision      (fill of layer nodes; default type)
 *   ```
 * The HTML shows the whole graph (simplified above a node budget, see
 * analyze/graph.h); the PDF shows the whole graph when it is readable on
 * one page, else the neighbourhoods of the slowest layers. Layout runs in
 * a child process (render/graph_layout.h): ec_graph_job_start forks it so
 * it runs while the report builds its charts, and the block collects it.
 * When the layout fails or runs out of time the block says so and the
 * report is still written. */
#ifndef EC_GEN_GRAPH_H
#define EC_GEN_GRAPH_H
#include <stddef.h>
#include "analyze/summary.h"
#include "assemble/block.h"

typedef struct ec_gen_graph_opts {
  const char *part_id;   /* anchor prefix of the report part ("e1"): SVG ids and row links */
  int by_precision;      /* fill by precision instead of layer type */
  size_t budget;         /* nodes of the whole graph before simplifying (0: 600) */
  double timeout_s;      /* layout time limit (0: 10 s) */
  size_t href_limit;     /* layers with a row in the layer table (0: all) */
  size_t hot_n;          /* slowest layers the PDF centres on (0: 6) */
} ec_gen_graph_opts;

typedef struct ec_graph_job ec_graph_job;

/** Build the graphs of e and start their layout (e and s must outlive the
 *  job). Never NULL; a job for an engine without a graph only carries the
 *  reason. */
ec_graph_job *ec_graph_job_start(const ec_engine *e, const ec_summary *s, const ec_gen_graph_opts *o);
/** 1 when j was started with fill by precision. */
int ec_graph_job_by_precision(const ec_graph_job *j);
/** Wait for the layout and make the block (DRAWING, or UNAVAILABLE with
 *  the reason). Frees j. */
ec_block *ec_graph_job_block(ec_graph_job *j);
/** Abandon j (kills its child). */
void ec_graph_job_cancel(ec_graph_job *j);

/** The generator: uses *pre when it was started with the same colour
 *  (and clears *pre), else starts and collects a job of its own. args:
 *  the template block's keys. */
ec_block *ec_gen_graph(const ec_engine *e, const ec_summary *s, const ec_kvs *args, const ec_gen_graph_opts *base,
                       ec_graph_job **pre);

/** Options of the first ```graph block in template text md (colour), so a
 *  job can start before expansion reaches the block. Returns 0 when md has
 *  no graph block. */
int ec_gen_graph_scan(const char *md, size_t len, ec_gen_graph_opts *o);

#endif
