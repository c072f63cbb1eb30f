/* enginecard — TensorRT engine reports from trtexec's JSON and logs.
 * main dispatches to one function per command (src/cli/cmd_*.c). */
#include "cli/cli.h"
#include "util/srcdate.h"
#include <stdlib.h>
#include "cli/options.h"
#include "render/graph_layout.h"
#include "draw/text.h"
#include <malloc.h>
#include <stddef.h>
#include <string.h>

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
    /* "help COMMAND": that command's options */
    ec_usage(argc < 2 ? stderr : stdout, argc > 2 ? ec_command_find(argv[2]) : NULL);
    return argc < 2 ? EC_EXIT_USAGE : EC_EXIT_OK;
  }
  if (strcmp(argv[1], "--version") == 0) {
    printf("enginecard %s\n", EC_VERSION);
    return EC_EXIT_OK;
  }
  /* the man page, completions and README synopsis (src/cli/options.h) */
  if (strcmp(argv[1], "--generate") == 0) {
    if (argc == 3 && ec_generate(argv[2], stdout) == 0) return fflush(stdout) == 0 ? EC_EXIT_OK : EC_EXIT_USAGE;
    fprintf(stderr, "enginecard: --generate takes one of man, bash, zsh, fish, synopsis, table\n");
    return EC_EXIT_USAGE;
  }
  for (int i = 2; i < argc; i++)
    if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
      ec_usage(stdout, ec_command_find(argv[1]));
      return EC_EXIT_OK;
    }
  for (size_t i = 0; i < sizeof S_cmds / sizeof S_cmds[0]; i++)
    if (strcmp(argv[1], S_cmds[i].name) == 0) {
      char *w = ec_srcdate_warning(); /* said once, whatever uses the date */
      int quiet = 0; /* the row that sets verbosity to -1 (-q), found as the parser finds it */
      const ec_command *cd = ec_command_find(argv[1]);
      for (int k = 2; cd && k < argc; k++) {
        const ec_option *o = ec_cli_option_find(argv[k], cd->bit);
        quiet |= o && o->bind == EC_BIND_FLAG && o->field == offsetof(ec_common, verbosity) && o->set < 0;
      }
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
