/* enginecard — TensorRT engine reports from trtexec's JSON and logs.
 * main dispatches to one function per command (src/cli/cmd_*.c). */
#include "cli/cli.h"
#include "util/srcdate.h"
#include <stdlib.h>
#include "render/graph_layout.h"
#include "view/text.h"
#include <malloc.h>
#include <string.h>

static const char S_usage[] =
    "usage: enginecard COMMAND [options] ENGINE...\n"
    "\n"
    "commands:\n"
    "  summary ENGINE [--json] [--label key=value]\n"
    "                                     headline numbers (--json: enginecard.summary/2, with the labels)\n"
    "  layers  ENGINE [--csv|--json]      one row per layer with derived columns\n"
    "  report  ENGINE... [-o OUT.html] [--pdf OUT.pdf] [--paper a4|letter] [--pdf-detail brief|full]\n"
    "          [--template F] [--top N] [--max-rows N]\n"
    "                                     the report card (HTML: everything; PDF: a brief)\n"
    "  compare ENGINE ENGINE... [--baseline NAME] [--metric M] [--max-regress PCT] [--confidence PCT]\n"
    "          [--max-layer-regress PCT [--min-layer-ms X]] [--label key=value]\n"
    "          [--no-gate] [--gate-across-devices]\n"
    "          [--json F] [--junit F] [--markdown F] [--bench-json F] [-o OUT.html] [--pdf OUT.pdf]\n"
    "                                     baseline vs candidates: the change with its interval\n"
    "                                     (default 99%), a gate on it, layer alignment\n"
    "                                     (M: gpu-median gpu-mean gpu-p99 throughput layer-sum;\n"
    "                                     a stored summary --json is an ENGINE; NAME=a,b,c: runs)\n"
    "  trend   SUMMARY... [--by KEY] [--metric M] [--max-regress PCT] [--confidence PCT]\n"
    "          [--json F] [--markdown F] [-o OUT.html] [--pdf OUT.pdf] [--paper a4|letter]\n"
    "                                     nights of stored summaries (files, folders of them, or\n"
    "                                     engines): change points (first bad night, size, what moved)\n"
    "                                     and a gate on the latest night (--json: enginecard.trend/1)\n"
    "  graph   ENGINE -o OUT.svg|.pdf|.dot [--color type|precision] [--query REGEX [--radius N]]\n"
    "          [--timeout S] [--budget N] [--constants]\n"
    "                                     the dataflow graph (Graphviz); --query keeps layers whose\n"
    "                                     name matches and N steps around them\n"
    "  lint    ENGINE [--json] [--fail-on warning|error]\n"
    "                                     layer hazards with mitigations (TREx's linters and more)\n"
    "                                     and input checks, ranked by latency share (-v: mitigations;\n"
    "                                     --json: enginecard.lint/1; exit 1 at or above --fail-on)\n"
    "\n"
    "ENGINE is a path prefix (dir/model.engine picks up dir/model.engine.*), a directory\n"
    "holding one engine's files, or any single file; NAME=ENGINE sets the display name.\n"
    "Files are recognised by content (graph, profile, timing, metadata JSON, trtexec logs).\n"
    "\n"
    "common options:\n"
    "  --graph F --profile F --timing F   use these files (override discovery)\n"
    "  --meta F --log F                   add metadata JSON / trtexec logs (repeatable)\n"
    "  --run N                            pick run N when a file holds several (default: last)\n"
    "  --profile-index N                  optimisation profile to show (default 0)\n"
    "  --strict                           exit 3 on any warning\n"
    "  -q, --quiet / -v, --verbose        errors only / also notes\n"
    "  --help, --version\n"
    "\n"
    "exit codes: 0 ok (warnings allowed), 1 gate or lint threshold failed,\n"
    "            2 usage or I/O error, 3 no usable engine data (--strict: any warning)\n";

typedef struct {
  const char *name;
  int (*fn)(int, char **);
} S_cmd;

static const S_cmd S_cmds[] = {
    {"summary", ec_cmd_summary},
    {"layers", ec_cmd_layers},
    {"report", ec_cmd_report},
    {"compare", ec_cmd_compare},
    {"trend", ec_cmd_trend},
    {"graph", ec_cmd_graph},
    {"lint", ec_cmd_lint},
};

static int S_main(int argc, char **argv);

int main(int argc, char **argv) {
  ec_cli_stdout_begin();
  return ec_cli_stdout_end(S_main(argc, argv));
}

static int S_main(int argc, char **argv) {
  /* Loading a large engine builds and frees millions of small jansson
   * objects; with glibc's fastbins every later large request then runs
   * malloc_consolidate over all of them (a fifth of the run time on a
   * 10,000-layer engine). Without fastbins frees coalesce as they go. */
  mallopt(M_MXFAST, 0);
  if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "help") == 0) {
    fputs(S_usage, argc < 2 ? stderr : stdout);
    return argc < 2 ? EC_EXIT_USAGE : EC_EXIT_OK;
  }
  if (strcmp(argv[1], "--version") == 0) {
    printf("enginecard %s\n", EC_VERSION);
    return EC_EXIT_OK;
  }
  for (int i = 2; i < argc; i++)
    if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
      fputs(S_usage, stdout);
      return EC_EXIT_OK;
    }
  for (size_t i = 0; i < sizeof S_cmds / sizeof S_cmds[0]; i++)
    if (strcmp(argv[1], S_cmds[i].name) == 0) {
      char *w = ec_source_date_warning(); /* said once, whatever uses the date */
      int quiet = 0;
      for (int k = 2; k < argc; k++) quiet |= !strcmp(argv[k], "-q") || !strcmp(argv[k], "--quiet");
      if (w && !quiet) fprintf(stderr, "enginecard: %s\n", w);
      free(w);
      int rc = S_cmds[i].fn(argc, argv);
      ec_text_shutdown(); /* release pango/fontconfig state for leak checkers */
      ec_gl_shutdown();
      return rc;
    }
  fprintf(stderr, "enginecard: unknown command \"%s\" (see enginecard --help)\n", argv[1]);
  return EC_EXIT_USAGE;
}
