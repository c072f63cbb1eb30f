/* gen_graph — the report's "graph" generator: the engine graph as one
 * DRAWING block (an interactive inline SVG for HTML, vectors for the PDF).
 *
 * Template block:
 *   ```graph
 *   data: engine
 *   color: type | precision      (fill of layer nodes; default type)
 *   ```
 * The HTML shows the whole graph (simplified above a node budget, see
 * facts/graph.h); the PDF shows the whole graph when it is readable on
 * one page, else the neighbourhoods of the slowest layers. Layout runs in
 * a child process (render/graph_layout.h): ec_gen_graph_job_start forks it so
 * it runs while the report builds its charts, and the block collects it.
 * When the layout fails or runs out of time the block says so and the
 * report is still written. */
#ifndef EC_GEN_GRAPH_H
#define EC_GEN_GRAPH_H
#include <stddef.h>
#include "facts/summary.h"
#include "assemble/block.h"
#include "util/buf.h"

/* The engine graph's limits, one table for both of its uses: the report's
 * drawing and the graph command's file. The file may hold more nodes and
 * take longer: it is the one thing the command makes, and it is read in a
 * viewer that zooms and pans; the report's graph is one inline SVG among
 * many in a page, laid out while the rest of the report is built. The
 * graph command's --budget and --timeout override the file's (their help
 * text quotes these numbers). */
#define EC_GRAPH_REPORT_BUDGET 600  /* nodes before simplifying */
#define EC_GRAPH_REPORT_TIMEOUT_S 10 /* seconds of layout */
#define EC_GRAPH_FILE_BUDGET 1500
#define EC_GRAPH_FILE_TIMEOUT_S 30

typedef struct ec_gen_graph_opts {
  const char *part_id;   /* anchor prefix of the report part ("e1"): SVG ids and row links */
  int by_precision;      /* fill by precision instead of layer type */
  size_t budget;         /* nodes of the whole graph before simplifying (0: EC_GRAPH_REPORT_BUDGET) */
  double timeout_s;      /* layout time limit (0: EC_GRAPH_REPORT_TIMEOUT_S) */
  size_t href_limit;     /* layers with a row in the layer table (0: all) */
  size_t hot_n;          /* slowest layers the PDF centres on (0: 6) */
} ec_gen_graph_opts;

typedef struct ec_gen_graph_job ec_gen_graph_job;

/** Build the graphs of e and start their layout (e and s must outlive the
 *  job). Never NULL; a job for an engine without a graph only carries the
 *  reason. */
ec_gen_graph_job *ec_gen_graph_job_start(const ec_engine *e, const ec_summary *s, const ec_gen_graph_opts *o);
/** 1 when j was started with fill by precision. */
int ec_gen_graph_job_by_precision(const ec_gen_graph_job *j);
/** Wait for the layout and make the block (DRAWING, or UNAVAILABLE with
 *  the reason). Frees j. */
ec_block *ec_gen_graph_job_block(ec_gen_graph_job *j);
/** Abandon j (kills its child). */
void ec_gen_graph_job_cancel(ec_gen_graph_job *j);

/* The graph command's file: the same job with one graph, its legend drawn
 * inside it, not wrapped into columns and without hot-spot views. */
typedef enum { EC_GRAPH_SVG = 1, EC_GRAPH_PDF, EC_GRAPH_DOT } ec_gen_graph_format;
typedef struct ec_gen_graph_file_opts {
  ec_gen_graph_format format;
  int by_precision; /* fill by precision instead of layer type */
  int constants;    /* draw Constant layers too */
  const char *query; /* keep the layers and bindings whose name matches this POSIX ERE (NULL: all) */
  size_t radius;     /* and those this many steps around them */
  size_t budget;     /* nodes before simplifying (the caller passes
                        EC_GRAPH_FILE_BUDGET unless given; 0: never) */
  double timeout_s;  /* layout time limit (0: EC_GRAPH_FILE_TIMEOUT_S) */
} ec_gen_graph_file_opts;
typedef enum { EC_GRAPH_FILE_OK = 0, EC_GRAPH_FILE_BAD_QUERY, EC_GRAPH_FILE_NO_MATCH } ec_gen_graph_file_status;

/** Build e's graph for a file and start its layout (not for DOT). e must
 *  have layer information; e and s (may be NULL: no hot layers) must
 *  outlive the job. NULL when o->query does not compile (*st BAD_QUERY,
 *  *why: the reason, caller frees) or matches nothing (*st NO_MATCH). */
ec_gen_graph_job *ec_gen_graph_file_start(const ec_engine *e, const ec_summary *s, const ec_gen_graph_file_opts *o,
                                  ec_gen_graph_file_status *st, char **why);
/** Nodes and edges j draws, and what it folded (NULL: nothing; borrowed). */
size_t ec_gen_graph_job_nodes(const ec_gen_graph_job *j);
size_t ec_gen_graph_job_edges(const ec_gen_graph_job *j);
const char *ec_gen_graph_job_note(const ec_gen_graph_job *j);
/** Wait for a file job's layout and append the file's bytes to out: 0, or
 *  -1 with *why (the layout's failure, caller frees). Frees j. */
int ec_gen_graph_job_file(ec_gen_graph_job *j, ec_buf *out, char **why);

/** The generator: uses *pre when it was started with the same colour
 *  (and clears *pre), else starts and collects a job of its own. args:
 *  the template block's keys. */
ec_block *ec_gen_graph(const ec_engine *e, const ec_summary *s, const ec_kvs *args, const ec_gen_graph_opts *base,
                       ec_gen_graph_job **pre);

/** Options of the first ```graph block in template text md (colour), so a
 *  job can start before expansion reaches the block. Returns 0 when md has
 *  no graph block. */
int ec_gen_graph_scan(const char *md, size_t len, ec_gen_graph_opts *o);

#endif
