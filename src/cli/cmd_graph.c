/* enginecard graph ENGINE -o OUT.svg|.pdf|.dot [--color type|precision]
 *                  [--query REGEX [--radius N]] [--timeout S] [--budget N]
 *                  [--constants]
 * The engine's dataflow graph as a file, built by the report's graph job
 * (assemble/gen_graph.h, where the defaults are). .dot is the Graphviz input
 * (no layout needed); .svg and .pdf are laid out in a child process with a
 * time limit (render/graph_layout.h). */
#include "facts/summary.h"
#include "words/words.h"
#include "assemble/gen_graph.h"
#include "cli/cli.h"
#include "cli/options.h"
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static int S_ends(const char *s, const char *suf) {
  size_t a = strlen(s), b = strlen(suf);
  return a >= b && !strcasecmp(s + a - b, suf);
}

int ec_cmd_graph(int argc, char **argv) {
  ec_common c = {0};
  int rc = ec_cli_parse(argc, argv, 2, &c);
  if (rc) {
    ec_common_free(&c); /* the option arrays, on a usage error */
    return rc;
  }
  int kind = !c.html ? 0 : S_ends(c.html, ".svg") ? 1 : S_ends(c.html, ".pdf") ? 2 : S_ends(c.html, ".dot") || S_ends(c.html, ".gv") ? 3 : 0;
  /* one ENGINE, or none when options name its files (as report takes them) */
  int files = c.load.graph || c.load.profile || c.load.timing || c.load.n_meta || c.load.n_logs;
  if (c.n_engines > 1 || (!c.n_engines && !files) || !kind) {
    ec_usage_synopsis(stderr, ec_command_find("graph"));
    fprintf(stderr, "  (%s OUT.svg, OUT.pdf or OUT.dot)\n", EC_OPT_NAME(EC_CMD_GRAPH, html));
    ec_common_free(&c);
    return EC_EXIT_USAGE;
  }
  if (c.radius >= 0 && !c.query) {
    fprintf(stderr, "enginecard graph: %s needs %s\n", EC_OPT_NAME(EC_CMD_GRAPH, radius), EC_OPT_NAME(EC_CMD_GRAPH, query));
    ec_common_free(&c);
    return EC_EXIT_USAGE;
  }
  size_t n;
  ec_engine **es = ec_cli_load(&c, &n, &rc);
  ec_engine *e = es[0];
  if (rc == EC_EXIT_OK || rc == EC_EXIT_NODATA) {
    if (!e->has_graph || !e->n_layers) {
      fprintf(stderr, "enginecard graph: %s\n",
              e->graph_names_only ? "the layer information lists names only (build with trtexec "
                                    "--profilingVerbosity=detailed --exportLayerInfo)"
                                  : "no layer information (trtexec --exportLayerInfo) was found");
      rc = EC_EXIT_NODATA;
    } else {
      rc = EC_EXIT_OK;
      ec_summary *s = ec_summarize(e);
      ec_gen_graph_file_opts fo = {0};
      fo.format = kind == 1 ? EC_GEN_GRAPH_SVG : kind == 2 ? EC_GEN_GRAPH_PDF : EC_GEN_GRAPH_DOT;
      fo.by_precision = c.by_precision;
      fo.constants = c.constants;
      fo.query = c.query;
      fo.radius = c.radius < 0 ? 0 : (size_t)c.radius;
      fo.budget = c.budget < 0 ? EC_GEN_GRAPH_FILE_BUDGET : (size_t)c.budget;
      fo.timeout_s = c.timeout;
      ec_gen_graph_file_status st;
      char *why = NULL;
      ec_gen_graph_job *job = ec_gen_graph_file_start(e, s, &fo, &st, &why);
      if (st == EC_GEN_GRAPH_FILE_BAD_QUERY) {
        fprintf(stderr, "enginecard graph: %s: ", EC_OPT_NAME(EC_CMD_GRAPH, query));
        ec_term_put_safe(stderr, why);
        rc = EC_EXIT_USAGE;
      } else if (st == EC_GEN_GRAPH_FILE_NO_MATCH) {
        fprintf(stderr, "enginecard graph: %s matches no layer or binding name\n", EC_OPT_NAME(EC_CMD_GRAPH, query));
        rc = EC_EXIT_USAGE;
      }
      free(why);
      why = NULL;
      if (job) {
        const char *note = ec_gen_graph_job_note(job);
        if (note && c.verbosity >= 0) {
          fprintf(stderr, "enginecard graph: %zu %s, %zu %s. ", ec_gen_graph_job_nodes(job),
                  ec_plural(ec_gen_graph_job_nodes(job), "node", "nodes"), ec_gen_graph_job_edges(job),
                  ec_plural(ec_gen_graph_job_edges(job), "edge", "edges"));
          ec_term_put_safe(stderr, note);
        }
        ec_buf out = {0};
        if (ec_gen_graph_job_file(job, &out, &why) != 0) {
          fprintf(stderr, "enginecard graph: ");
          ec_term_put_safe(stderr, why);
          fprintf(stderr, "enginecard graph: %s REGEX %s N or %s N draws a smaller graph\n", EC_OPT_NAME(EC_CMD_GRAPH, query),
                  EC_OPT_NAME(EC_CMD_GRAPH, radius), EC_OPT_NAME(EC_CMD_GRAPH, budget));
          rc = EC_EXIT_USAGE;
        }
        free(why);
        if (rc == EC_EXIT_OK && ec_cli_write_file(c.html, out.data, out.len, &(ec_cli_out){.engines = es, .n_engines = n}) != 0) rc = EC_EXIT_USAGE;
        ec_buf_free(&out);
      }
      ec_summary_free(s);
    }
  }
  for (size_t i = 0; i < n; i++) ec_engine_free(es[i]);
  free(es);
  ec_common_free(&c);
  return rc;
}
