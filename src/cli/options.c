/* The one table of commands and options (options.h), and everything
 * generated from it: --help, the man page, the shell completions and the
 * README's synopsis. */
#include "cli/options.h"
#include "util/srcdate.h"
#include "cli/cli.h"
#include "assemble/gen_graph.h"
#include "render/cairo.h"
#include <stddef.h>
#include <string.h>

/* A number from a header's table as text in a help line (the graph's
 * defaults live in assemble/gen_graph.h). */
#define S_STR_(x) #x
#define S_STR(x) S_STR_(x)

/* A row's binding: how its value is read and the ec_common field it sets,
 * whose type must be the one named (a compile error otherwise). */
#define S_BIND(how, type, f) EC_BIND_##how, _Generic(((ec_common *)0)->f, type: offsetof(ec_common, f)), 0
#define S_FLAG(f, v) EC_BIND_FLAG, _Generic(((ec_common *)0)->f, int: offsetof(ec_common, f)), v
#define S_NONE EC_BIND_NONE, 0, 0

#define S_COMPARE_TREND (EC_CMD_COMPARE | EC_CMD_TREND)
#define S_METRICS "gpu-median gpu-mean gpu-p99 throughput layer-sum"

const ec_command ec_commands[] = {
    {"summary", EC_CMD_SUMMARY, "ENGINE", "headline numbers of one engine",
     "Prints the headline numbers of one engine: latency and throughput, GPU, TensorRT version, layer counts by "
     "type and precision, weights and I/O bytes. With --json, one enginecard.summary/2 object: a nightly job keeps it "
     "(about 13 KB) as the night's record for trend and as a baseline for compare."},
    {"layers", EC_CMD_LAYERS, "ENGINE", "one row per layer with every derived column",
     "Prints one row per layer: name, type, precision, latency average, median and share, tactic, inputs and "
     "outputs with shapes and formats, weights, I/O bytes, MACs, FLOPs, achieved TFLOP/s and GB/s, the peak used "
     "and the percentage of it, ONNX metadata. CSV (spreadsheet formula characters neutralised) or JSON lines."},
    {"report", EC_CMD_REPORT, "ENGINE...", "the report card: an HTML page (everything) and a PDF brief",
     "Writes the report card: one self-contained HTML page (the full report) and, with --pdf, a PDF brief. "
     "Several engines give one section per engine and an index of their headline figures. With exit 2 or 3 from "
     "loading, nothing is written."},
    {"compare", EC_CMD_COMPARE, "ENGINE ENGINE...", "a baseline against candidates, with a regression gate",
     "Compares a baseline (the first ENGINE unless --baseline names another) against candidates: the change of "
     "the metric with its interval at --confidence, a gate on it (--max-regress), layers aligned by name, and "
     "comparability checks. Any ENGINE may be a stored summary --json file; NAME=a,b,c gives one engine measured "
     "in several runs. One run per side gives a threshold verdict (run-to-run noise not measured) unless "
     "--run-noise says how noisy runs are. Every requested output is written even when the gate fails."},
    {"trend", EC_CMD_TREND, "SUMMARY...", "nights of stored summaries: change points and a gate on the latest night",
     "Reads stored summary --json files, folders of them (two folders deep, recognised by content) or engines, "
     "one night each, and says per engine where its level changed (the first bad night, the size, what moved) and "
     "whether the latest night is a regression (--max-regress)."},
    {"graph", EC_CMD_GRAPH, "ENGINE", "the engine's dataflow graph as SVG, PDF or Graphviz DOT",
     "Writes the engine's dataflow graph: layers are nodes, tensors edges. .dot is the Graphviz input; .svg and "
     ".pdf are laid out by Graphviz in a child process with a time limit. Big graphs are simplified (Reformats "
     "folded, layers grouped by ONNX scope) above the node budget."},
    {"lint", EC_CMD_LINT, "ENGINE", "layer hazards with mitigations, ranked by latency share",
     "Lists the hazards of the engine's layers (TREx's linters and more) and checks of the input files, each with "
     "a mitigation, ranked by latency share, the findings worth trying first on top. -v adds evidence, mitigation "
     "and confidence."},
};
const size_t ec_n_commands = sizeof ec_commands / sizeof ec_commands[0];

/* Rows are grouped for the generated texts: top level, common, then each
 * command's own in the order they are shown. */
const ec_option ec_options[] = {
    /* top level */
    {"--help", "-h", NULL, NULL, EC_CMD_ALL | EC_CMD_TOP, 0, "print the usage (after a command: its options)", NULL,
     S_NONE},
    {"--version", NULL, NULL, NULL, EC_CMD_TOP, 0, "print the version", NULL, S_NONE},
    {"--generate", NULL, "WHAT", "man bash zsh fish synopsis table", EC_CMD_TOP, EC_OPT_HIDDEN,
     "write the man page, a shell completion, the README synopsis or the option table", NULL, S_NONE},
    /* common */
    {"--graph", NULL, "FILE", NULL, EC_CMD_ALL, EC_OPT_PATH, "the layer graph JSON (--exportLayerInfo)",
     "Overrides discovery.", S_BIND(TEXT, const char *, load.graph)},
    {"--profile", NULL, "FILE", NULL, EC_CMD_ALL, EC_OPT_PATH, "the per-layer profile JSON (--exportProfile)",
     "Overrides discovery.", S_BIND(TEXT, const char *, load.profile)},
    {"--timing", NULL, "FILE", NULL, EC_CMD_ALL, EC_OPT_PATH, "the per-iteration timing JSON (--exportTimes)",
     "Overrides discovery.", S_BIND(TEXT, const char *, load.timing)},
    {"--meta", NULL, "FILE", NULL, EC_CMD_ALL, EC_OPT_PATH | EC_OPT_REPEAT, "add a metadata JSON (repeatable)", NULL,
     S_BIND(LIST, ec_cli_list, meta)},
    {"--log", NULL, "FILE", NULL, EC_CMD_ALL, EC_OPT_PATH | EC_OPT_REPEAT, "add a trtexec console log (repeatable)",
     NULL, S_BIND(LIST, ec_cli_list, log)},
    {"--nsys", NULL, "FILE", NULL, EC_CMD_REPORT | EC_CMD_LAYERS | EC_CMD_LINT | EC_CMD_COMPARE,
     EC_OPT_PATH | EC_OPT_REPEAT, "kernels from Nsight Systems: an nsys export --type sqlite file or nsys stats reports",
     "For the ENGINE before it (given before any ENGINE: the first); repeatable. Overrides discovery (an X.nsys.sqlite "
     "beside the engine's files is found like the rest). Each kernel goes to the layer whose NVTX range encloses its "
     "launch; see docs/inputs.md for the capture recipe.", S_BIND(LIST, ec_cli_list, nsys)},
    {"--run", NULL, "N", NULL, EC_CMD_ALL, 0, "pick run N when a file holds several (default: the last)", NULL,
     S_BIND(POSITIVE, long, load.run)},
    {"--profile-index", NULL, "N", NULL, EC_CMD_ALL, 0, "the optimisation profile to show (default 0)", NULL,
     S_BIND(COUNT, long, profile_index)},
    {"--strict", NULL, NULL, NULL, EC_CMD_ALL, 0, "exit 3 on any warning", NULL, S_FLAG(strict, 1)},
    {"--quiet", "-q", NULL, NULL, EC_CMD_ALL, 0, "print errors only", NULL, S_FLAG(verbosity, -1)},
    {"--verbose", "-v", NULL, NULL, EC_CMD_ALL, 0, "also print notes (lint: evidence and mitigations)", NULL,
     S_FLAG(verbosity, 1)},
    /* summary */
    {"--json", NULL, NULL, NULL, EC_CMD_SUMMARY, 0, "print one enginecard.summary/2 JSON object", NULL,
     S_FLAG(json, 1)},
    {"--label", NULL, "KEY=VALUE", NULL, EC_CMD_SUMMARY, EC_OPT_REPEAT,
     "store a label with the numbers (repeatable)",
     "A nightly job's date, build number or commit; trend --by orders nights by one. Labels of a stored summary "
     "are kept; one given again replaces it.", S_BIND(LIST, ec_cli_list, labels)},
    /* layers */
    {"--csv", NULL, NULL, NULL, EC_CMD_LAYERS, 0, "CSV, one row per layer (the default)", NULL,
     S_FLAG(json, 0)},
    {"--json", NULL, NULL, NULL, EC_CMD_LAYERS, 0, "JSON lines, one object per layer", NULL,
     S_FLAG(json, 1)},
    {"--kernels", NULL, NULL, NULL, EC_CMD_LAYERS, 0,
     "one row per kernel (needs kernel data: --nsys), layers' kernels first, then the kernels of no layer", NULL,
     S_FLAG(kernels, 1)},
    /* lint */
    {"--json", NULL, NULL, NULL, EC_CMD_LINT, 0, "print enginecard.lint/1 JSON", NULL, S_FLAG(json, 1)},
    {"--codequality", NULL, "FILE", NULL, EC_CMD_LINT, EC_OPT_PATH,
     "write GitLab Code Quality JSON (stable fingerprints, the input file and line)", NULL,
     S_BIND(TEXT, const char *, codequality)},
    {"--fail-on", NULL, "LEVEL", "warning error", EC_CMD_LINT, 0,
     "exit 1 when a finding of this severity or worse exists (the output is still written)", NULL,
     S_BIND(CHOICE, int, fail_on)},
    /* report */
    {"-o", "--output", "FILE", NULL, EC_CMD_REPORT, EC_OPT_PATH, "write the HTML page (default report.html)",
     "The full report, one self-contained file.", S_BIND(TEXT, const char *, html)},
    {"--pdf", NULL, "FILE", NULL, EC_CMD_REPORT, EC_OPT_PATH, "write a PDF brief", NULL,
     S_BIND(TEXT, const char *, pdf)},
    {"--paper", NULL, "SIZE", "a4 letter", EC_CMD_REPORT, 0, "the PDF's paper (default a4)", NULL,
     S_BIND(CHOICE, int, letter)},
    {"--pdf-detail", NULL, "DETAIL", "brief full", EC_CMD_REPORT, 0,
     "brief (default), or full: the brief uncut and every other section", NULL,
     S_BIND(CHOICE, int, pdf_full)},
    {"--template", NULL, "FILE", NULL, EC_CMD_REPORT, EC_OPT_PATH,
     "a CommonMark template of your own instead of the built-in one", NULL,
     S_BIND(TEXT, const char *, template_path)},
    {"--top", NULL, "N", NULL, EC_CMD_REPORT, 0, "how many slowest layers the chart and tables show (default 15)",
     NULL, S_BIND(COUNT, long, top)},
    {"--max-rows", NULL, "N", NULL, EC_CMD_REPORT, 0, "cap the all-layers table at N rows", NULL,
     S_BIND(COUNT, long, max_rows)},
    /* compare (and trend) */
    {"--baseline", NULL, "NAME", NULL, EC_CMD_COMPARE, 0,
     "the baseline: an engine's display name or 1-based position (default: the first)", NULL,
     S_BIND(TEXT, const char *, baseline)},
    {"--baseline-missing", NULL, "WHAT", "error pass", EC_CMD_COMPARE, 0,
     "when the baseline ENGINE's files do not exist: error (default, exit 2) or pass (exit 0 with a note: the "
     "first run of a CI job)",
     "pass: nothing is compared; the text, --markdown, the step summary and --junit say there is no baseline yet "
     "and that this run becomes the baseline once it is kept; $GITHUB_OUTPUT gets verdict=pass and "
     "baseline=missing; the other outputs are not written. A baseline that exists but cannot be read is still "
     "an error.", S_BIND(CHOICE, int, missing_pass)},
    {"--metric", NULL, "M", S_METRICS, S_COMPARE_TREND, 0, "what is compared, default gpu-median",
     "gpu-X is GPU compute time from timing.json, else from the statistics trtexec printed; layer-sum is the sum "
     "of per-layer averages. An engine that lacks the metric makes every engine fall back together, with a "
     "warning.", S_BIND(METRIC, ec_metric, metric)},
    {"--max-regress", NULL, "PCT", NULL, S_COMPARE_TREND, 0,
     "gate: fail (exit 1) when slower by more than PCT percent", NULL,
     S_BIND(PCT, double, max_regress_pct)},
    {"--confidence", NULL, "PCT", NULL, S_COMPARE_TREND, 0, "the interval's confidence, 50 to below 100 (default 99)",
     NULL, S_BIND(CONFIDENCE, double, confidence)},
    {"--max-layer-regress", NULL, "PCT", NULL, EC_CMD_COMPARE, 0,
     "list aligned layers slower by more than PCT percent and their noise (advisory)", NULL,
     S_BIND(PCT, double, max_layer_regress_pct)},
    {"--min-layer-ms", NULL, "MS", NULL, EC_CMD_COMPARE, 0, "layers under MS ms are left out of that list (default 0.01)",
     NULL, S_BIND(PCT, double, min_layer_ms)},
    {"--label", NULL, "KEY=VALUE", NULL, EC_CMD_COMPARE, EC_OPT_REPEAT,
     "a fact the files do not carry (driver, host) for the ENGINE before it (first: every engine)", NULL,
     S_BIND(LIST, ec_cli_list, labels)},
    {"--run-noise", NULL, "PCT", NULL, EC_CMD_COMPARE, 0,
     "the known run-to-run noise (sd, percent): one run per side then gets an interval", NULL,
     S_BIND(PCT, double, run_noise_pct)},
    {"--no-gate", NULL, NULL, NULL, EC_CMD_COMPARE, 0,
     "a platform comparison: time ratios overall and per layer family, no PASS/FAIL (--max-regress ignored)",
     "The default when the engines ran on different GPUs.", S_FLAG(no_gate, 1)},
    {"--allow-mismatch", NULL, NULL, NULL, EC_CMD_COMPARE, 0,
     "gate engines that differ in GPU, TensorRT version, batch or shapes anyway", NULL,
     S_FLAG(allow_mismatch, 1)},
    {"--last", NULL, "N", NULL, EC_CMD_COMPARE, 0, "a side of several runs keeps its last N", NULL,
     S_BIND(POSITIVE, long, last)},
    {"--noise-k", NULL, "K", NULL, EC_CMD_COMPARE, EC_OPT_HIDDEN | EC_OPT_REMOVED,
     "the gate now decides from a confidence interval of the change (--confidence, default 99)", NULL,
     S_NONE},
    {"--json", NULL, "FILE", NULL, EC_CMD_COMPARE, EC_OPT_PATH, "write enginecard.compare/2 JSON", NULL,
     S_BIND(TEXT, const char *, json_file)},
    {"--junit", NULL, "FILE", NULL, EC_CMD_COMPARE, EC_OPT_PATH, "write JUnit XML (one testcase per gate and engine)",
     NULL, S_BIND(TEXT, const char *, junit)},
    {"--markdown", NULL, "FILE", NULL, EC_CMD_COMPARE, EC_OPT_PATH,
     "write a short Markdown summary (for $GITHUB_STEP_SUMMARY)", NULL,
     S_BIND(TEXT, const char *, markdown)},
    {"--bench-json", NULL, "FILE", NULL, EC_CMD_COMPARE, EC_OPT_PATH,
     "write github-action-benchmark JSON (customSmallerIsBetter)", NULL,
     S_BIND(TEXT, const char *, bench)},
    {"--pr-comment", NULL, NULL, NULL, EC_CMD_COMPARE, 0,
     "with --markdown: a sticky PR comment (first line <!-- enginecard:compare -->, under 60,000 bytes)", NULL,
     S_FLAG(pr_comment, 1)},
    {"--bench-json-throughput", NULL, "FILE", NULL, EC_CMD_COMPARE, EC_OPT_PATH,
     "write github-action-benchmark JSON of throughput (customBiggerIsBetter)", NULL,
     S_BIND(TEXT, const char *, bench_qps)},
    {"--openmetrics", NULL, "FILE", NULL, EC_CMD_COMPARE, EC_OPT_PATH,
     "write OpenMetrics text (GitLab metrics report), ending with # EOF", NULL,
     S_BIND(TEXT, const char *, openmetrics)},
    {"--bmf", NULL, "FILE", NULL, EC_CMD_COMPARE, EC_OPT_PATH,
     "write Bencher Metric Format JSON (latency in ns with its interval, throughput; per layer type)", NULL,
     S_BIND(TEXT, const char *, bmf)},
    {"--github", NULL, NULL, NULL, EC_CMD_COMPARE, 0,
     "GitHub Actions: the Markdown summary into $GITHUB_STEP_SUMMARY, an ::error line per failed gate (10 at "
     "most), verdict= and change-pct= into $GITHUB_OUTPUT",
     "On by itself when GITHUB_ACTIONS is true and GITHUB_STEP_SUMMARY is set. verdict=error is written first, "
     "before anything else is printed, and stays when compare exits 2 or 3; verdict is pass, fail, inconclusive, "
     "not comparable, no gate or error.", S_FLAG(github, 1)},
    {"--github", NULL, NULL, NULL, EC_CMD_TREND, 0,
     "GitHub Actions: the Markdown summary into $GITHUB_STEP_SUMMARY, an ::error line per failed gate (10 at "
     "most), verdict= and change-pct= into $GITHUB_OUTPUT",
     "On by itself when GITHUB_ACTIONS is true and GITHUB_STEP_SUMMARY is set. As compare's: verdict=error "
     "first, replaced by the latest nights' outcome; change-pct is the largest change of a latest night.",
     S_FLAG(github, 1)},
    {"--github", NULL, NULL, NULL, EC_CMD_LINT, 0,
     "GitHub Actions: an ::error or ::warning annotation per finding on the graph file's line (10 of each at "
     "most; on stderr with --json); no step summary, no $GITHUB_OUTPUT",
     "On by itself when GITHUB_ACTIONS is true and GITHUB_STEP_SUMMARY is set (unless --json).",
     S_FLAG(github, 1)},
    {"--no-github", NULL, NULL, NULL, EC_CMD_COMPARE | EC_CMD_TREND | EC_CMD_LINT, 0,
     "no GitHub Actions output, even on a GitHub runner", NULL, S_FLAG(github, -1)},
    {"-o", "--output", "FILE", NULL, EC_CMD_COMPARE, EC_OPT_PATH, "write the comparison report as HTML", NULL,
     S_BIND(TEXT, const char *, html)},
    {"--pdf", NULL, "FILE", NULL, EC_CMD_COMPARE, EC_OPT_PATH, "write the comparison report as a PDF", NULL,
     S_BIND(TEXT, const char *, pdf)},
    /* trend */
    {"--by", NULL, "KEY", NULL, EC_CMD_TREND, 0, "order each engine's nights by the label KEY",
     "Numerically when every value is a number, by instant when every value is an ISO 8601 date or date-time, "
     "else by byte order. Without --by, nights keep the order given.", S_BIND(WORD, const char *, by)},
    {"--reference", NULL, "LABEL", NULL, EC_CMD_TREND, 0,
     "also gate the latest night against the night labelled LABEL (default: the first level in the window)",
     "The cumulative change against a reference that drift does not move: a slow drift that no single night shows "
     "fails here.", S_BIND(TEXT, const char *, reference)},
    {"--json", NULL, "FILE", NULL, EC_CMD_TREND, EC_OPT_PATH, "write enginecard.trend/1 JSON", NULL,
     S_BIND(TEXT, const char *, json_file)},
    {"--markdown", NULL, "FILE", NULL, EC_CMD_TREND, EC_OPT_PATH, "write a short Markdown summary", NULL,
     S_BIND(TEXT, const char *, markdown)},
    {"-o", "--output", "FILE", NULL, EC_CMD_TREND, EC_OPT_PATH, "write the trend report as HTML", NULL,
     S_BIND(TEXT, const char *, html)},
    {"--pdf", NULL, "FILE", NULL, EC_CMD_TREND, EC_OPT_PATH, "write the trend report as a PDF", NULL,
     S_BIND(TEXT, const char *, pdf)},
    {"--paper", NULL, "SIZE", "a4 letter", EC_CMD_TREND, 0, "the PDF's paper (default a4)", NULL,
     S_BIND(CHOICE, int, letter)},
    /* graph */
    {"-o", "--output", "FILE", NULL, EC_CMD_GRAPH, EC_OPT_PATH | EC_OPT_REQUIRED, "the file to write: OUT.svg, OUT.pdf or OUT.dot (required)",
     NULL, S_BIND(TEXT, const char *, html)},
    {"--color", NULL, "BY", "type precision", EC_CMD_GRAPH, 0, "fill nodes by layer type (default) or precision", NULL,
     S_BIND(CHOICE, int, by_precision)},
    {"--query", NULL, "REGEX", NULL, EC_CMD_GRAPH, 0, "keep the layers whose name matches, and --radius steps around them",
     NULL, S_BIND(TEXT, const char *, query)},
    {"--radius", NULL, "N", NULL, EC_CMD_GRAPH, 0, "steps around the --query matches that are kept", NULL,
     S_BIND(COUNT, long, radius)},
    {"--timeout", NULL, "S", NULL, EC_CMD_GRAPH, 0, "give the layout at most S seconds (default " S_STR(EC_GEN_GRAPH_FILE_TIMEOUT_S) ")", NULL,
     S_BIND(SECONDS, double, timeout)},
    {"--budget", NULL, "N", NULL, EC_CMD_GRAPH, 0, "nodes drawn before the graph is simplified (default " S_STR(EC_GEN_GRAPH_FILE_BUDGET) ")", NULL,
     S_BIND(COUNT, long, budget)},
    {"--constants", NULL, NULL, NULL, EC_CMD_GRAPH, 0, "draw Constant layers too", NULL,
     S_FLAG(constants, 1)},
    /* lint, report, compare */
    {"--expect-precision", NULL, "SPEC", NULL, EC_CMD_LINT | EC_CMD_REPORT | EC_CMD_COMPARE, 0,
     "expect PRECISION or narrower for PCT% of the engine: PRECISION[>=PCT%][:latency|:layers][,...]",
     "PRECISION is FP32, FP16, BF16, FP8, INT8, FP4 or INT4; narrower precisions count for it (INT8 layers meet "
     "FP16); PCT defaults to 50; the share is of the summed layer latency (the default with a profile) or of the "
     "layers. Not met: an error finding (precision-expectation) naming the share and the largest layers in a wider "
     "precision, so lint --fail-on error exits 1; compare exits 1 when a candidate misses it. docs/lint.md has the "
     "grammar.", S_BIND(EXPECT, ec_expect *, expect)},
};
const size_t ec_n_options = sizeof ec_options / sizeof ec_options[0];

static const struct {
  int code;
  const char *text;
} S_exits[] = {
    {EC_EXIT_OK, "success (warnings allowed)"},
    {EC_EXIT_GATE, "a gate or lint threshold failed (every requested output is still written)"},
    {EC_EXIT_USAGE, "usage or I/O error (an input named by an option that cannot be read or used included)"},
    {EC_EXIT_NODATA, "an ENGINE gave no usable data (with --strict: any warning)"},
    {EC_EXIT_NO_VERDICT, "no verdict: no timing to compare on a side, a gate was inconclusive, or the engines are not "
                         "comparable (compare, trend)"},
};

/* Every variable enginecard reads (tests/e2e/options.sh checks each
 * getenv in src/ has a row). */
static const struct {
  const char *name, *text;
} S_env[] = {
    {"GITHUB_ACTIONS", "\"true\" on a GitHub runner: with GITHUB_STEP_SUMMARY set, compare, lint and trend write "
                       "GitHub Actions output unless --no-github."},
    {"GITHUB_STEP_SUMMARY", "the file the Markdown summary is appended to (within the 1 MiB GitHub allows a step)."},
    {"GITHUB_OUTPUT", "the file compare and trend append verdict= and change-pct= to (verdict=error first)."},
    {"SOURCE_DATE_EPOCH", "seconds since 1970 (reproducible builds): when set, the same inputs give byte-identical "
                          "HTML, PDF and JSON, and JUnit and PDF timestamps are this instant."},
};

static const char S_engine_text[] =
    "ENGINE is a path prefix (dir/model.engine picks up every dir/model.engine.* file, and the runs in dir that "
    "build or load model.engine), a directory holding one engine's files, or any single file; NAME=ENGINE sets the "
    "display name. Files are recognised by their content (layer graph, profile, timing and metadata JSON, trtexec "
    "logs, Polygraphy's inspect model text), not their names; any one of them is enough, and what is missing is "
    "reported, not fatal. A directory holding several engines' files is never read as one: exit 2 names each.";

const ec_command *ec_command_find(const char *name) {
  for (size_t i = 0; name && i < ec_n_commands; i++)
    if (strcmp(ec_commands[i].name, name) == 0) return &ec_commands[i];
  return NULL;
}

static int S_spells(const ec_option *o, const char *arg) {
  return strcmp(o->name, arg) == 0 || (o->alias && strcmp(o->alias, arg) == 0);
}

const ec_option *ec_cli_option_find(const char *arg, unsigned cmd) {
  for (size_t i = 0; i < ec_n_options; i++)
    if ((ec_options[i].cmds & cmd) && S_spells(&ec_options[i], arg)) return &ec_options[i];
  return NULL;
}

const char *ec_cli_opt_name(unsigned cmd, size_t field) {
  for (size_t i = 0; i < ec_n_options; i++)
    if ((ec_options[i].cmds & cmd) && ec_options[i].bind != EC_BIND_NONE && ec_options[i].field == field)
      return ec_options[i].name;
  return "?";
}

unsigned ec_cli_option_cmds(const char *arg) {
  unsigned m = 0;
  for (size_t i = 0; i < ec_n_options; i++)
    if (S_spells(&ec_options[i], arg) && !(ec_options[i].flags & EC_OPT_REMOVED)) m |= ec_options[i].cmds;
  return m;
}

static int S_shown(const ec_option *o) { return !(o->flags & (EC_OPT_HIDDEN | EC_OPT_REMOVED)); }

/* The short spelling first: "-o, --output". */
static const char *S_short(const ec_option *o) {
  if (o->name[1] != '-') return o->name;
  return o->alias && o->alias[1] != '-' ? o->alias : NULL;
}
static const char *S_long(const ec_option *o) {
  if (o->name[1] == '-') return o->name;
  return o->alias && o->alias[1] == '-' ? o->alias : NULL;
}

/* The value as shown: "a4|letter" for a few short choices, else the name
 * (S_choices_note then lists the choices). */
static int S_few_choices(const ec_option *o) { return o->choices && strlen(o->choices) <= 20; }
static void S_value(char *buf, size_t cap, const ec_option *o) {
  if (!o->arg) {
    buf[0] = 0;
    return;
  }
  if (!S_few_choices(o)) {
    snprintf(buf, cap, "%s", o->arg);
    return;
  }
  snprintf(buf, cap, "%s", o->choices);
  for (char *p = buf; *p; p++)
    if (*p == ' ') *p = '|';
}

/* " (M: gpu-median, gpu-mean, ...)" when S_value did not show the choices */
static void S_choices_note(char *buf, size_t cap, const ec_option *o) {
  buf[0] = 0;
  if (!o->choices || S_few_choices(o)) return;
  size_t n = (size_t)snprintf(buf, cap, " (%s: ", o->arg);
  for (const char *p = o->choices; *p && n + 3 < cap; p++) {
    if (*p == ' ') buf[n++] = ',';
    buf[n++] = *p;
  }
  buf[n++] = ')';
  buf[n] = 0;
}

/* "[--paper\1a4|letter]", "[--label\1KEY=VALUE]...": \1 is a space
 * S_wrap never breaks at. */
static void S_token(char *buf, size_t cap, const ec_option *o) {
  char v[128];
  S_value(v, sizeof v, o);
  char both[96];
  const char *sp = S_short(o) ? S_short(o) : o->name;
  if (!o->arg && S_short(o) && S_long(o)) { /* a flag: "-q|--quiet" */
    snprintf(both, sizeof both, "%s|%s", S_short(o), S_long(o));
    sp = both;
  }
  int req = o->flags & EC_OPT_REQUIRED;
  snprintf(buf, cap, "%s%s%s%s%s%s", req ? "" : "[", sp, *v ? "\1" : "", v, req ? "" : "]",
           o->flags & EC_OPT_REPEAT ? "..." : "");
}

/* Words of text wrapped to width, every line after the first indented. */
static void S_wrap(FILE *f, const char *text, size_t col, size_t indent, size_t width) {
  const char *p = text;
  while (*p) {
    while (*p == ' ') p++;
    size_t n = strcspn(p, " ");
    if (!n) break;
    if (col > indent && col + 1 + n > width) {
      fprintf(f, "\n%*s", (int)indent, "");
      col = indent;
    } else if (col > indent) {
      fputc(' ', f);
      col++;
    }
    for (size_t k = 0; k < n; k++) fputc(p[k] == '\1' ? ' ' : p[k], f);
    col += n;
    p += n;
  }
  fputc('\n', f);
}

/* One command's synopsis: "report  ENGINE... [-o FILE] ..." after lead,
 * wrapped at width with continuation lines indented by indent. */
static void S_synopsis(FILE *f, const char *lead, const ec_command *c, size_t indent, size_t width) {
  char line[4096], tok[256];
  snprintf(line, sizeof line, "%s", c->args);
  for (size_t i = 0; i < ec_n_options; i++) {
    const ec_option *o = &ec_options[i];
    if (!(o->cmds & c->bit) || (o->cmds & EC_CMD_ALL) == EC_CMD_ALL || !S_shown(o)) continue;
    S_token(tok, sizeof tok, o);
    size_t l = strlen(line);
    snprintf(line + l, sizeof line - l, " %s", tok);
  }
  fputs(lead, f);
  S_wrap(f, line, strlen(lead), indent, width);
}

/* "  -o, --output FILE" then the help, in columns. */
static void S_opt_line(FILE *f, const ec_option *o) {
  char v[128], head[192];
  S_value(v, sizeof v, o);
  const char *s = S_short(o), *l = S_long(o);
  snprintf(head, sizeof head, "  %s%s%s%s%s", s ? s : "", s && l ? ", " : "", l ? l : "", *v ? " " : "", v);
  fputs(head, f);
  size_t col = strlen(head);
  if (col + 2 > 30) {
    fputc('\n', f);
    col = 0;
  }
  fprintf(f, "%*s", (int)(30 - col), "");
  char help[512], note[256];
  S_choices_note(note, sizeof note, o);
  snprintf(help, sizeof help, "%s%s", o->help, note);
  S_wrap(f, help, 30, 30, 100);
}

static void S_usage_tail(FILE *f) {
  fputs("\ncommon options (every command):\n", f);
  for (size_t i = 0; i < ec_n_options; i++)
    if ((ec_options[i].cmds & EC_CMD_ALL) == EC_CMD_ALL && S_shown(&ec_options[i])) S_opt_line(f, &ec_options[i]);
  fputs("\nexit codes:\n", f);
  for (size_t i = 0; i < sizeof S_exits / sizeof S_exits[0]; i++) {
    fprintf(f, "  %d", S_exits[i].code);
    fprintf(f, "%*s", 4, "");
    S_wrap(f, S_exits[i].text, 7, 7, 100);
  }
}

void ec_usage_synopsis(FILE *f, const ec_command *c) {
  char lead[64];
  snprintf(lead, sizeof lead, "usage: enginecard %s ", c->name);
  S_synopsis(f, lead, c, strlen(lead), 100);
}

void ec_usage(FILE *f, const ec_command *c) {
  if (c) {
    fprintf(f, "usage: enginecard %s %s [options]\n\n", c->name, c->args);
    S_wrap(f, c->help, 0, 0, 100);
    fputs("\noptions:\n", f);
    for (size_t i = 0; i < ec_n_options; i++) {
      const ec_option *o = &ec_options[i];
      if ((o->cmds & c->bit) && (o->cmds & EC_CMD_ALL) != EC_CMD_ALL && S_shown(o)) S_opt_line(f, o);
    }
    S_usage_tail(f);
    return;
  }
  fputs("usage: enginecard COMMAND [options] ENGINE...\n"
        "       enginecard COMMAND --help     that command's options, described\n"
        "       enginecard --version\n"
        "\ncommands:\n",
        f);
  for (size_t i = 0; i < ec_n_commands; i++) {
    char lead[32];
    snprintf(lead, sizeof lead, "  %-8s", ec_commands[i].name);
    S_synopsis(f, lead, &ec_commands[i], 12, 100);
    fprintf(f, "%*s", 12, "");
    S_wrap(f, ec_commands[i].help, 12, 12, 100);
  }
  fputc('\n', f);
  S_wrap(f, S_engine_text, 0, 0, 100);
  S_usage_tail(f);
}

/* ---- man page ---------------------------------------------------------- */

/* Text for roff: backslashes and hyphens escaped (options stay copyable),
 * nothing at a line start that roff reads as a request. */
static void S_roff(FILE *f, const char *s) {
  int bol = 1; /* callers start at a line start or after a font escape */
  for (; *s; s++) {
    if (bol && (*s == '.' || *s == '\'')) fputs("\\&", f);
    bol = *s == '\n';
    if (*s == '\\') fputs("\\e", f);
    else if (*s == '-') fputs("\\-", f);
    else fputc(*s, f);
  }
}

/* s with its first letter capitalised: a sentence in the man page */
static void S_roff_sentence(FILE *f, const char *s) {
  if (*s >= 'a' && *s <= 'z') fputc(*s - 'a' + 'A', f), s++;
  S_roff(f, s);
}

static void S_man_tag(FILE *f, const ec_option *o) {
  const char *s = S_short(o), *l = S_long(o);
  fputs(".TP\n", f);
  if (s) fputs("\\fB", f), S_roff(f, s), fputs("\\fR", f);
  if (s && l) fputs(", ", f);
  if (l) fputs("\\fB", f), S_roff(f, l), fputs("\\fR", f);
  if (o->arg) {
    char v[128];
    S_value(v, sizeof v, o);
    fputs(" \\fI", f);
    S_roff(f, v);
    fputs("\\fR", f);
  }
  fputs("\n", f);
  char note[256];
  S_choices_note(note, sizeof note, o);
  S_roff_sentence(f, o->help);
  S_roff(f, note);
  fputs(o->help[strlen(o->help) - 1] == '.' && !*note ? "" : ".", f);
  if (o->more) fputs(" ", f), S_roff(f, o->more);
  fputs("\n", f);
}

static void S_man(FILE *f) {
  char date[64];
  const char *d = ec_srcdate(date, sizeof date) == 1 ? date : NULL;
  if (d) date[10] = 0; /* YYYY-MM-DD */
  fputs(".\\\" enginecard(1), generated by 'enginecard --generate man' from src/cli/options.c; do not edit.\n", f);
  fprintf(f, ".TH ENGINECARD 1 \"%s\" \"enginecard %s\" \"User Commands\"\n", d ? date : "", EC_VERSION);
  fputs(".nh\n.ad l\n.SH NAME\nenginecard \\- report cards for TensorRT engines from trtexec's JSON and logs\n", f);
  fputs(".SH SYNOPSIS\n", f);
  for (size_t i = 0; i < ec_n_commands; i++) {
    const ec_command *c = &ec_commands[i];
    fprintf(f, "%s\\fBenginecard %s\\fR \\fI", i ? ".br\n" : "", c->name);
    S_roff(f, c->args);
    fputs("\\fR \\fIoptions\\fR\n", f);
  }
  fputs(".br\n\\fBenginecard\\fR \\fB\\-\\-help\\fR | \\fB\\-\\-version\\fR\n", f);
  fputs(".SH DESCRIPTION\n", f);
  S_roff(f, "enginecard turns what TensorRT's trtexec writes about a built engine (the layer graph, the per-layer "
            "profile, the per-iteration timings and the console logs) into reports: an HTML page, a PDF, JSON, "
            "Markdown, CSV, JUnit. It needs no GPU, no Python and no server: one command per job.\n");
  fputs(".SH COMMANDS\n", f);
  for (size_t i = 0; i < ec_n_commands; i++) {
    const ec_command *c = &ec_commands[i];
    fprintf(f, ".SS %s\n", c->name);
    S_roff_sentence(f, c->help);
    fputs(".\n.PP\n", f);
    S_roff(f, c->more);
    fputs("\n", f);
    for (size_t k = 0; k < ec_n_options; k++) {
      const ec_option *o = &ec_options[k];
      if ((o->cmds & c->bit) && (o->cmds & EC_CMD_ALL) != EC_CMD_ALL && S_shown(o)) S_man_tag(f, o);
    }
  }
  fputs(".SH COMMON OPTIONS\nEvery command accepts these.\n", f);
  for (size_t k = 0; k < ec_n_options; k++)
    if ((ec_options[k].cmds & EC_CMD_ALL) == EC_CMD_ALL && S_shown(&ec_options[k])) S_man_tag(f, &ec_options[k]);
  fputs(".TP\n\\fB\\-\\-version\\fR\nPrint the version (before any command).\n", f);
  fputs(".SH FILES\n", f);
  S_roff(f, S_engine_text);
  fputs("\n.PP\n", f);
  S_roff(f, "The inputs trtexec writes: the layer graph (--exportLayerInfo, with --profilingVerbosity=detailed), "
            "the per-layer profile (--exportProfile), the per-iteration timings (--exportTimes), the build and "
            "profile logs, and TREx's metadata JSON. Templates and styles are built into the binary: enginecard "
            "reads no other file.\n");
  fputs(".SH EXIT STATUS\n", f);
  for (size_t i = 0; i < sizeof S_exits / sizeof S_exits[0]; i++) {
    fprintf(f, ".TP\n.B %d\n", S_exits[i].code);
    S_roff_sentence(f, S_exits[i].text);
    fputs("\n", f);
  }
  fputs(".SH ENVIRONMENT\n", f);
  for (size_t i = 0; i < sizeof S_env / sizeof S_env[0]; i++) {
    fprintf(f, ".TP\n.B %s\n", S_env[i].name);
    S_roff_sentence(f, S_env[i].text);
    fputs("\n", f);
  }
  fputs(".SH EXAMPLES\n", f);
  static const char *const ex[][2] = {
      {"The report card of an engine whose files are model.engine.*, as HTML and a PDF brief:",
       "enginecard report model.engine -o report.html --pdf report.pdf"},
      {"A CI gate against the last ten nights' stored summaries (the baseline's runs): fail when tonight is more "
       "than 5% slower and the 99% interval excludes no change (one run per side would be a threshold, with no "
       "confidence level):",
       "enginecard compare base=nights tonight=model.engine --last 10 --max-regress 5 --json compare.json "
       "--markdown compare.md"},
      {"A nightly record, then the history of all nights with a gate on the latest:",
       "enginecard summary --json --label night=2024-05-17 model.engine > nights/2024-05-17.json\n"
       "enginecard trend nights --by night --max-regress 5 -o trend.html"},
      {"Hazards worth fixing, failing the job on errors:", "enginecard lint model.engine --fail-on error"},
      {"The graph around the attention layers:", "enginecard graph model.engine --query attn --radius 2 -o g.svg"},
  };
  for (size_t i = 0; i < sizeof ex / sizeof ex[0]; i++) {
    fputs(".PP\n", f);
    S_roff(f, ex[i][0]);
    fputs("\n.PP\n.RS 4\n.nf\n", f);
    S_roff(f, ex[i][1]);
    fputs("\n.fi\n.RE\n", f);
  }
  fputs(".SH SEE ALSO\n.BR dot (1)\n", f);
}

/* ---- completions ------------------------------------------------------- */

/* the spellings of the options command bit cmd accepts, space-separated */
static void S_spellings(FILE *f, unsigned cmd) {
  int first = 1;
  for (size_t i = 0; i < ec_n_options; i++) {
    const ec_option *o = &ec_options[i];
    if (!(o->cmds & cmd) || !S_shown(o)) continue;
    fprintf(f, "%s%s", first ? "" : " ", o->name);
    if (o->alias) fprintf(f, " %s", o->alias);
    first = 0;
  }
}

static void S_bash(FILE *f) {
  fputs("# bash completion for enginecard(1); generated by 'enginecard --generate bash' from\n"
        "# src/cli/options.c. Needs nothing from the bash-completion package.\n"
        "_enginecard() {\n"
        "  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} cmd=${COMP_WORDS[1]} words=\n"
        "  COMPREPLY=()\n"
        "  if [ \"$COMP_CWORD\" -eq 1 ]; then\n    words=\"",
        f);
  for (size_t i = 0; i < ec_n_commands; i++) fprintf(f, "%s ", ec_commands[i].name);
  S_spellings(f, EC_CMD_TOP);
  fputs("\"\n  else\n    case \"$cmd:$prev\" in\n", f);
  /* values: fixed choices, files (left to readline's default), or nothing */
  for (int pass = 0; pass < 3; pass++) {
    int any = 0;
    for (size_t i = 0; i < ec_n_options; i++) {
      const ec_option *o = &ec_options[i];
      if (!o->arg || !S_shown(o) || !(o->cmds & EC_CMD_ALL)) continue;
      int kind = o->choices ? 0 : o->flags & EC_OPT_PATH ? 1 : 2;
      if (kind != pass) continue;
      if (pass == 0 || !any) fputs("      ", f);
      for (size_t k = 0; k < ec_n_commands; k++) {
        if (!(o->cmds & ec_commands[k].bit)) continue;
        fprintf(f, "%s%s:%s", any ? "|" : "", ec_commands[k].name, o->name);
        any = 1;
        if (o->alias) fprintf(f, "|%s:%s", ec_commands[k].name, o->alias);
      }
      if (pass == 0) {
        fprintf(f, ") words=\"%s\" ;;\n", o->choices);
        any = 0;
      }
    }
    if (pass == 1 && any) fputs(") return 0 ;;\n", f);
    if (pass == 2 && any) fputs(") compopt +o default +o bashdefault 2> /dev/null; return 0 ;;\n", f);
  }
  fputs("      *)\n        case \"$cur\" in\n          -*)\n            case \"$cmd\" in\n", f);
  for (size_t k = 0; k < ec_n_commands; k++) {
    fprintf(f, "              %s) words=\"", ec_commands[k].name);
    S_spellings(f, ec_commands[k].bit);
    fputs("\" ;;\n", f);
  }
  fputs("            esac ;;\n"
        "          *) return 0 ;;\n"
        "        esac ;;\n"
        "    esac\n"
        "  fi\n"
        "  COMPREPLY=($(compgen -W \"$words\" -- \"$cur\"))\n"
        "}\n"
        "complete -o bashdefault -o default -F _enginecard enginecard\n",
        f);
}

/* s inside '...' for zsh and bash: ' becomes '\'' ; [ ] become ( ) */
static void S_zq(FILE *f, const char *s) {
  for (; *s; s++) {
    if (*s == '\'') fputs("'\\''", f);
    else if (*s == '[') fputc('(', f);
    else if (*s == ']') fputc(')', f);
    else fputc(*s, f);
  }
}

static void S_zsh_opt(FILE *f, const ec_option *o) {
  fputs("      ", f);
  int rep = o->flags & EC_OPT_REPEAT;
  if (o->alias)
    fprintf(f, "'%s(%s %s)'{%s,%s}'", rep ? "*" : "", o->name, o->alias, o->name, o->alias);
  else fprintf(f, "'%s%s", rep ? "*" : "", o->name);
  fputc('[', f);
  S_zq(f, o->help);
  fputc(']', f);
  if (o->arg) {
    fprintf(f, ":%s:", o->arg);
    if (o->choices) fprintf(f, "(%s)", o->choices);
    else if (o->flags & EC_OPT_PATH) fputs("_files", f);
    else fputs(" ", f);
  }
  fputs("' \\\n", f);
}

static void S_zsh(FILE *f) {
  fputs("#compdef enginecard\n"
        "# zsh completion for enginecard(1); generated by 'enginecard --generate zsh' from src/cli/options.c.\n"
        "_enginecard() {\n"
        "  local curcontext=$curcontext state line ret=1\n"
        "  typeset -A opt_args\n"
        "  local -a commands\n"
        "  commands=(\n",
        f);
  for (size_t i = 0; i < ec_n_commands; i++) {
    fprintf(f, "    '%s:", ec_commands[i].name);
    S_zq(f, ec_commands[i].help);
    fputs("'\n", f);
  }
  fputs("  )\n  _arguments -C \\\n", f);
  for (size_t i = 0; i < ec_n_options; i++) {
    const ec_option *o = &ec_options[i];
    if (!(o->cmds & EC_CMD_TOP) || !S_shown(o)) continue;
    fputs("    '(- *)'", f);
    if (o->alias) fprintf(f, "{%s,%s}'", o->name, o->alias);
    else fprintf(f, "'%s", o->name);
    fputc('[', f);
    S_zq(f, o->help);
    fputs("]' \\\n", f);
  }
  fputs("    '1: :->command' \\\n    '*:: :->args' && ret=0\n"
        "  case $state in\n"
        "  command) _describe -t commands 'enginecard command' commands && ret=0 ;;\n"
        "  args)\n"
        "    case $line[1] in\n",
        f);
  for (size_t k = 0; k < ec_n_commands; k++) {
    const ec_command *c = &ec_commands[k];
    fprintf(f, "    %s)\n      _arguments -s \\\n", c->name);
    for (size_t i = 0; i < ec_n_options; i++)
      if ((ec_options[i].cmds & c->bit) && S_shown(&ec_options[i])) S_zsh_opt(f, &ec_options[i]);
    fputs("      '*:input:_files' && ret=0 ;;\n", f);
  }
  fputs("    esac ;;\n  esac\n  return ret\n}\n_enginecard \"$@\"\n", f);
}

/* s inside '...' for fish: \ and ' escaped */
static void S_fq(FILE *f, const char *s) {
  for (; *s; s++) {
    if (*s == '\\' || *s == '\'') fputc('\\', f);
    fputc(*s, f);
  }
}

static void S_fish(FILE *f) {
  fputs("# fish completion for enginecard(1); generated by 'enginecard --generate fish' from src/cli/options.c.\n"
        "complete -c enginecard -f\n",
        f);
  for (size_t i = 0; i < ec_n_commands; i++) {
    fprintf(f, "complete -c enginecard -n __fish_use_subcommand -a %s -d '", ec_commands[i].name);
    S_fq(f, ec_commands[i].help);
    fputs("'\n", f);
  }
  fputs("complete -c enginecard -n 'not __fish_use_subcommand' -F\n", f);
  for (size_t i = 0; i < ec_n_options; i++) {
    const ec_option *o = &ec_options[i];
    if (!S_shown(o)) continue;
    fputs("complete -c enginecard -n '", f);
    if ((o->cmds & EC_CMD_TOP) && (o->cmds & EC_CMD_ALL) == EC_CMD_ALL) fputs("true", f);
    else if (o->cmds & EC_CMD_TOP) fputs("__fish_use_subcommand", f);
    else {
      fputs("__fish_seen_subcommand_from", f);
      for (size_t k = 0; k < ec_n_commands; k++)
        if (o->cmds & ec_commands[k].bit) fprintf(f, " %s", ec_commands[k].name);
    }
    fputc('\'', f);
    const char *s = S_short(o), *l = S_long(o);
    if (s) fprintf(f, " -s %s", s + 1);
    if (l) fprintf(f, " -l %s", l + 2);
    if (o->arg) {
      if (o->choices) fprintf(f, " -x -a '%s'", o->choices);
      else if (o->flags & EC_OPT_PATH) fputs(" -r -F", f);
      else fputs(" -x", f);
    }
    fputs(" -d '", f);
    S_fq(f, o->help);
    fputs("'\n", f);
  }
}

static void S_table(FILE *f) {
  for (size_t i = 0; i < ec_n_options; i++) {
    const ec_option *o = &ec_options[i];
    char fl[64] = "";
    if (o->flags & EC_OPT_REPEAT) strcat(fl, "repeat,");
    if (o->flags & EC_OPT_HIDDEN) strcat(fl, "hidden,");
    if (o->flags & EC_OPT_REMOVED) strcat(fl, "removed,");
    if (o->flags & EC_OPT_PATH) strcat(fl, "path,");
    if (*fl) fl[strlen(fl) - 1] = 0;
    for (int sp = 0; sp < 2; sp++) {
      const char *name = sp ? o->alias : o->name;
      if (!name) continue;
      if (o->cmds & EC_CMD_TOP) fprintf(f, "-\t%s\t%s\t%s\t%s\n", name, o->arg ? o->arg : "-", o->choices ? o->choices : "-", *fl ? fl : "-");
      for (size_t k = 0; k < ec_n_commands; k++)
        if (o->cmds & ec_commands[k].bit)
          fprintf(f, "%s\t%s\t%s\t%s\t%s\n", ec_commands[k].name, name, o->arg ? o->arg : "-",
                  o->choices ? o->choices : "-", *fl ? fl : "-");
    }
  }
}

static void S_md_synopsis(FILE *f) {
  fputs("```\n", f);
  for (size_t i = 0; i < ec_n_commands; i++) {
    char lead[32];
    snprintf(lead, sizeof lead, "enginecard %-7s ", ec_commands[i].name);
    S_synopsis(f, lead, &ec_commands[i], 19, 110);
  }
  char line[2048] = "", tok[256];
  for (size_t i = 0; i < ec_n_options; i++) {
    const ec_option *o = &ec_options[i];
    if ((o->cmds & EC_CMD_ALL) != EC_CMD_ALL || !S_shown(o)) continue;
    S_token(tok, sizeof tok, o);
    size_t l = strlen(line);
    snprintf(line + l, sizeof line - l, "%s%s", l ? " " : "", tok);
  }
  fputs("common options: ", f);
  S_wrap(f, line, 16, 16, 110);
  fputs("```\n", f);
}

int ec_generate(const char *what, FILE *f) {
  if (!strcmp(what, "man")) S_man(f);
  else if (!strcmp(what, "bash")) S_bash(f);
  else if (!strcmp(what, "zsh")) S_zsh(f);
  else if (!strcmp(what, "fish")) S_fish(f);
  else if (!strcmp(what, "synopsis")) S_md_synopsis(f);
  else if (!strcmp(what, "table")) S_table(f);
  else return -1;
  return 0;
}
