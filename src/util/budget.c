#include "util/budget.h"
#include <stdio.h>

/* One row per limit, in the order of docs/inputs.md's table. */
static const ec_budget S_rows[EC_BUDGET_N] = {
    {EC_BUDGET_FILE_BYTES, EC_MAX_FILE_BYTES, "bytes", "every input file, checked before it is read"},
    {EC_BUDGET_JSON_DEPTH, EC_JSON_MAX_DEPTH, "levels of nesting", "a JSON file"},
    {EC_BUDGET_JSON_TREE, EC_JSON_TREE_FACTOR, "times the file's size (plus 256 MiB) in its parse tree",
     "a JSON file read whole: jansson's tree, estimated per value before it is built"},
    {EC_BUDGET_LIST, EC_MAX_RECORDS, "elements", "any one list of a JSON file"},
    {EC_BUDGET_LAYERS, EC_MAX_LAYERS, "layers",
     "a graph's `Layers` (every optimisation profile's), a log's layer listings (all its runs)"},
    {EC_BUDGET_TENSORS, EC_MAX_TENSORS, "tensors",
     "the inputs, outputs and constants of a file's layers (a graph's edges)"},
    {EC_BUDGET_BINDINGS, EC_MAX_BINDINGS, "bindings", "a graph's `Bindings` and `I/O Tensors`, the bindings a log says trtexec created"},
    {EC_BUDGET_PROFILE_ROWS, EC_MAX_PROFILE_ROWS, "profile records",
     "a profile JSON's records, a log's `--dumpProfile` rows (all its runs)"},
    {EC_BUDGET_TIMING_ROWS, EC_MAX_TIMING_ROWS, "timing records", "a timing file's records (all its runs)"},
    {EC_BUDGET_SAMPLES, EC_MAX_SAMPLES, "profiler events",
     "a Torch-TensorRT trace's events (one per layer and iteration)"},
    {EC_BUDGET_LOG_RUNS, EC_MAX_LOG_RUNS, "trtexec runs", "the invocations one log holds"},
    {EC_BUDGET_LOG_SETTINGS, EC_MAX_LOG_SETTINGS, "settings lines",
     "the option, device and accuracy lines of one log (all its runs)"},
    {EC_BUDGET_TACTICS, EC_MAX_TACTICS, "autotuning entries",
     "the kernels and times a verbose build log gives per layer and tactic"},
    {EC_BUDGET_TEMPLATE_BYTES, EC_TEMPLATE_MAX_BYTES, "bytes", "a `--template`"},
    {EC_BUDGET_TEMPLATE_BLOCKS, EC_TEMPLATE_MAX_BLOCKS, "generated blocks",
     "the blocks a `--template` asks generators for (chart, table, notes, ...)"},
    {EC_BUDGET_TEMPLATE_DEPTH, EC_TEMPLATE_MAX_DEPTH, "levels of nesting (block quotes, lists, emphasis, links)",
     "block quotes, lists, emphasis and links inside one another in a `--template`"},
    {EC_BUDGET_KERNELS, EC_MAX_KERNELS, "kernel launches", "an Nsight Systems export's `CUPTI_ACTIVITY_KIND_KERNEL` rows"},
    {EC_BUDGET_NVTX_RANGES, EC_MAX_NVTX_RANGES, "NVTX ranges", "an Nsight Systems export's `NVTX_EVENTS` ranges"},
    {EC_BUDGET_RUNTIME_CALLS, EC_MAX_RUNTIME_CALLS, "CUDA runtime calls",
     "an Nsight Systems export's `CUPTI_ACTIVITY_KIND_RUNTIME` rows"},
    {EC_BUDGET_GRAPH_NODES, EC_MAX_GRAPH_NODES, "graph node events", "an Nsight Systems export's `CUDA_GRAPH_NODE_EVENTS` rows"},
    {EC_BUDGET_STATS_ROWS, EC_MAX_STATS_ROWS, "rows", "one `nsys stats` report (CSV or JSON)"},
};

const ec_budget *ec_budget_table(size_t *n) {
  *n = EC_BUDGET_N;
  return S_rows;
}

const ec_budget *ec_budget_get(ec_budget_id id) { return &S_rows[id < EC_BUDGET_N ? id : 0]; }

unsigned long long ec_budget_limit(ec_budget_id id) { return ec_budget_get(id)->limit; }

int ec_budget_over(ec_budget_id id, unsigned long long n) { return n > ec_budget_limit(id); }

void ec_budget_message(ec_budget_id id, char *buf, size_t cap) {
  const ec_budget *b = ec_budget_get(id);
  int tmpl = id == EC_BUDGET_TEMPLATE_BYTES || id == EC_BUDGET_TEMPLATE_BLOCKS || id == EC_BUDGET_TEMPLATE_DEPTH;
  snprintf(buf, cap, "more than %llu %s is over the limit of %s; the %s", b->limit, b->what,
           tmpl ? "a template" : "one input file", tmpl ? "template is not used" : "file is not read");
}

void ec_budget_refuse(ec_diags *d, ec_budget_id id, const char *path, int line, int col) {
  char msg[256];
  ec_budget_message(id, msg, sizeof msg);
  ec_diag_add(d, EC_ERROR, path, line, col, "%s", msg);
}
