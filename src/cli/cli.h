/* cli — the command line: argument parsing shared by every command, exit
 * codes, and the commands themselves (one file each). Only the CLI prints
 * diagnostics and chooses the exit code. */
#ifndef EC_CLI_H
#define EC_CLI_H
#include <stdio.h>
#include "judge/compare.h"
#include "judge/precision_change.h"
#include "load/load.h"
#include "emit/term.h"

struct ec_report;   /* assemble/report.h */
struct ec_pdf_opts; /* assemble/pdf.h */
struct ec_report_opts; /* assemble/report.h */

/* Exit codes (docs/architecture.md, "Errors"), like jq's named codes. */
enum {
  EC_EXIT_OK = 0,        /* success; warnings allowed */
  EC_EXIT_GATE = 1,      /* a gate or lint threshold failed (outputs still written) */
  EC_EXIT_USAGE = 2,     /* usage or I/O error */
  EC_EXIT_NODATA = 3,    /* no usable engine data (with --strict: any warning) */
  EC_EXIT_NO_VERDICT = 4 /* no verdict: no timing to compare, a gate inconclusive, or not comparable */
};

#define EC_VERSION "0.1.0"

/* A repeatable option's values in the order given, each with the ENGINE
 * argument given before it (-1: before any). */
typedef struct ec_cli_list {
  const char **v;
  long *engine;
  size_t n, cap, engine_cap;
} ec_cli_list;

/* Room for --expect-precision's parsed value (rules/expect.h). */
#define EC_CLI_EXPECT_MAX 8

/* Every option's value: the option table (cli/options.c) binds each row to
 * one field here (as git's OPT_* rows bind a flag to its variable), and
 * ec_cli_parse sets it; a command reads the fields, never argv. A field
 * that is not set keeps its default (ec_cli_parse: 0, NULL, NAN for the
 * percentages, -1 where the comment says so). */
typedef struct ec_common {
  ec_load_opts load;    /* --graph, --profile, --timing, --run, and the lists below */
  const char **engines; /* positional ENGINE arguments */
  size_t n_engines, eng_cap;
  int strict;
  int verbosity; /* -1 quiet (errors only), 0 warnings, 1 notes too */
  long profile_index;
  ec_cli_list meta, log, nsys; /* --meta, --log, --nsys (each for the ENGINE before it; before any: the first) */
  ec_cli_list labels;          /* --label KEY=VALUE (compare: for the ENGINE before it; before any: every engine) */
  /* outputs */
  int json;          /* summary, layers, lint: print JSON (layers --csv clears it) */
  int kernels;       /* layers: one row per kernel */
  int github;        /* 1 --github, -1 --no-github, 0 by the environment */
  int pr_comment;    /* compare: --markdown F is the PR comment */
  const char *json_file, *markdown, *junit, *bench, *bench_qps, *openmetrics, *bmf, *codequality;
  const char *html, *pdf, *template_path;
  int letter;        /* --paper letter */
  int pdf_full;      /* --pdf-detail full */
  long top, max_rows; /* report: 0 the default (ec_top_rows) / no cap */
  /* lint */
  int fail_on;       /* --fail-on: 0 warning, 1 error; -1 not given */
  ec_expect expect[EC_CLI_EXPECT_MAX]; /* --expect-precision */
  size_t n_expect;
  /* compare and trend */
  const char *baseline, *by, *reference;
  int missing_pass;  /* --baseline-missing pass */
  ec_metric metric;
  int metric_given;
  double max_regress_pct, confidence, max_layer_regress_pct, min_layer_ms, run_noise_pct; /* NAN: not given (confidence: 0) */
  int no_gate, allow_mismatch;
  long last;         /* 0: every run */
  /* graph */
  const char *query;
  int by_precision, constants;
  long radius, budget; /* -1: not given */
  double timeout;      /* 0: the default */
} ec_common;

/** Parse argv[first..argc) into c through the option table (options.h):
 *  every option the command accepts sets its bound field, positional
 *  arguments become engines. Returns 0, or EC_EXIT_USAGE after printing a
 *  message. */
int ec_cli_parse(int argc, char **argv, int first, ec_common *c);
void ec_common_free(ec_common *c);
/** The gate's values as compare and trend read them (--metric, whether it
 *  was given, --max-regress, --confidence), into their options. */
void ec_cli_gate_values(const ec_common *c, ec_metric *metric, int *metric_given, double *max_regress_pct,
                        double *confidence);

/** The exit code a load status warrants: ok 0, nothing usable 3, a bad
 *  input file or an I/O error 2. */
int ec_cli_exit_for(ec_load_status st);
/** Load every engine of c; prints diagnostics to stderr. Returns the engines
 *  (caller frees each with ec_engine_free and the array with free) and sets
 *  *rc to the exit code the loading alone warrants (0, 2 or 3). */
ec_engine **ec_cli_load(const ec_common *c, size_t *n, int *rc);
/** For commands of one ENGINE: parse argv (options after argv[1]) into c,
 *  refuse several engines, and load the one. Returns the engine (the caller
 *  frees it and c) and sets *rc to the loader's exit code; or NULL with *rc
 *  set and c already freed when the arguments were wrong (message printed). */
ec_engine *ec_cli_one_engine(int argc, char **argv, const char *cmd, ec_common *c, int *rc);
/** The same for c already parsed (ec_cli_parse). */
ec_engine *ec_cli_one_engine_parsed(const char *cmd, ec_common *c, int *rc);
/** Print e's diagnostics to stderr at the given verbosity (see ec_common). */
void ec_cli_print_diags(const ec_engine *e, int verbosity);
/** A command's output context: what its written files must never replace.
 *  Every file of the loaded engines, and the other inputs the command read
 *  (a --template); all borrowed. Passed to every write, so no write depends
 *  on process-wide state. */
typedef struct ec_cli_out {
  ec_engine *const *engines;
  size_t n_engines;
  const char *const *extra; /* input paths that are not engine files */
  size_t n_extra;
} ec_cli_out;
/** Write text to path atomically (temp file + rename); refuses to overwrite a
 *  file that is one of out's inputs, and to follow a symlink another user
 *  planted (ec_cli_out_target). Returns 0, or prints and returns -1. */
int ec_cli_write_file(const char *path, const char *data, size_t len, const ec_cli_out *out);
/** The file an output path names: its components walked as the kernel
 *  walks them, symlinks followed (at most 40; a dangling last link names the
 *  file it would create), except a link in a sticky or world-writable
 *  directory that belongs neither to the effective user nor to the
 *  directory's owner (the kernel's protected_symlinks rule, for every
 *  output and whatever fs.protected_symlinks says). Returns the path as a
 *  new string, or NULL with why (cap bytes) saying which link was refused
 *  and why. */
char *ec_cli_out_target(const char *path, char *why, size_t cap);
/** Write report r as an HTML page to html and as a PDF to pdf (either may
 *  be NULL; po: paper and detail, NULL for an A4 brief), refusing to
 *  overwrite the inputs, then print d (the report's problems, the PDF's added). r NULL: the report
 *  could not be built (d says why). Returns 0, or -1 when it was not built
 *  or a file was not written (said). */
int ec_cli_write_report(const struct ec_report *r, const char *html, const char *pdf, const struct ec_pdf_opts *po,
                        ec_diags *d, const ec_cli_out *out);
/** The report a command builds from what (its comparison, its trend):
 *  0, or -1 with d saying why. */
typedef int (*ec_cli_report_build)(const void *what, const struct ec_report_opts *ro, struct ec_report *r, ec_diags *d);
/** compare's and trend's -o and --pdf (c->html, c->pdf, --paper):
 *  build the report and write it (ec_cli_write_report). Nothing asked: 0.
 *  Returns 0, or -1 when it was not built or a file was not written. */
int ec_cli_report_files(const ec_common *c, ec_cli_report_build build, const void *what, const ec_cli_out *out);
/** Print each of d's diagnostics on stderr after prefix (may be ""), as
 *  ec_term_put_safe does. */
void ec_cli_put_diags(const ec_diags *d, const char *prefix);


/** Route stdout through a stream that keeps the first write error (call
 *  once, first thing in main). */
void ec_cli_stdout_begin(void);
/** Flush and close that stream: when any write to stdout failed, print
 *  "enginecard: error writing stdout: REASON" (nothing for a broken pipe)
 *  and return EC_EXIT_USAGE; otherwise return rc. */
int ec_cli_stdout_end(int rc);
/* GitHub Actions (cli/ci.c). */
/** Whether to write GitHub Actions output: flag 1 (--github) yes, -1
 *  (--no-github) no, 0: when GITHUB_ACTIONS is "true" and
 *  GITHUB_STEP_SUMMARY is set (a GitHub runner). */
int ec_cli_github_wanted(int flag);
/** Bytes still allowed in $GITHUB_STEP_SUMMARY (1 MiB per step less what is
 *  there); 0 when it is not set or full. */
size_t ec_cli_step_summary_room(void);
/** Append md to $GITHUB_STEP_SUMMARY (md NULL: no room; a warning). Not set:
 *  a warning, 0. Returns -1 after printing when it cannot be written. */
int ec_cli_step_summary_append(const char *cmd, const char *md);
/** Append "name=value" lines to $GITHUB_OUTPUT (nothing when it is not
 *  set). Returns -1 after printing when it cannot be written. The step
 *  summary and the outputs are opened without blocking: a FIFO with no
 *  reader is an error said at once, never a hang. */
int ec_cli_github_output_append(const char *cmd, const char *lines);
/** First thing a gate command (compare, trend) does, before it prints
 *  anything an input could have written: when GitHub output is wanted (its
 *  --github or --no-github in argv[2..], else the environment), append
 *  "verdict=error" and an empty "change-pct=" to $GITHUB_OUTPUT. The
 *  command's last lines replace them (the runner keeps the last value of
 *  an output), so a run that stops early (exit 2 or 3, a signal) leaves
 *  "error", and a "##[set-output name=verdict;]" a hostile name could
 *  print never stands. Returns ec_cli_github_output_append's. */
int ec_cli_github_begin(const char *cmd, int argc, char **argv);

int ec_cmd_summary(int argc, char **argv);
int ec_cmd_layers(int argc, char **argv);
int ec_cmd_report(int argc, char **argv);
int ec_cmd_compare(int argc, char **argv);
int ec_cmd_trend(int argc, char **argv);
int ec_cmd_graph(int argc, char **argv);
int ec_cmd_lint(int argc, char **argv);

#endif
