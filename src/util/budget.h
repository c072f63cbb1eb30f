/* budget — the one table of limits every input is held to.
 *
 * Each limit caps one thing an input can hold (a file's bytes, a graph's
 * layers, a log's profile rows, a template's blocks, ...) so that whatever
 * a file says, loading it stays within the memory and time docs/inputs.md
 * ("Limits and budget") promises: every reader asks here, before it
 * allocates what the count would cost, and a file over a limit is refused
 * with the limit named (ec_budget_refuse). The numbers are macros too, for
 * the few places that size an array by them; the table's rows say them in
 * words. tests/unit/test_budget.c checks the table in docs/inputs.md
 * against this one. */
#ifndef EC_BUDGET_H
#define EC_BUDGET_H
#include <stddef.h>
#include "util/diag.h"

/* The limits (see the table in budget.c for what each one caps). */
#define EC_MAX_FILE_BYTES ((size_t)1 << 30)  /* one input file (1 GiB) */
#define EC_JSON_MAX_DEPTH 2048               /* jansson's own bound */
#define EC_JSON_TREE_FACTOR 12               /* jansson's tree, times the file's size ... */
#define EC_JSON_TREE_SLACK ((size_t)256 << 20) /* ... plus this */
#define EC_MAX_RECORDS 10000000u             /* elements of any one JSON list */
#define EC_MAX_LAYERS 500000u                /* layers one file describes */
#define EC_MAX_TENSORS 2000000u              /* tensors those layers read, write or hold */
#define EC_MAX_BINDINGS 100000u              /* bindings one file lists */
#define EC_MAX_PROFILE_ROWS EC_MAX_LAYERS    /* per-layer profile records of one file */
#define EC_MAX_TIMING_ROWS 10000000u         /* timing records of one file */
#define EC_MAX_SAMPLES 10000000u             /* a profiler trace's events of one file */
#define EC_MAX_LOG_RUNS 10000u               /* trtexec invocations in one log */
#define EC_MAX_LOG_SETTINGS 10000u           /* option, device and accuracy lines of one log */
#define EC_MAX_TACTICS 1000000u              /* autotuning entries of one verbose build log */
#define EC_TEMPLATE_MAX_BYTES ((size_t)256 << 10) /* one --template (256 KiB) */
#define EC_TEMPLATE_MAX_BLOCKS 128u          /* generated blocks (```chart, ...) in one template */
#define EC_TEMPLATE_MAX_DEPTH 32u            /* nesting of a template's markup */
#define EC_MAX_KERNELS 2000000u              /* kernel launches of one Nsight Systems export (~150 bytes each read) */
#define EC_MAX_NVTX_RANGES 2000000u          /* NVTX ranges of one export */
#define EC_MAX_RUNTIME_CALLS 20000000u       /* CUDA runtime calls of one export (only launches are kept) */
#define EC_MAX_GRAPH_NODES 2000000u          /* CUDA graph node events of one export */
#define EC_MAX_STATS_ROWS 1000000u           /* rows of one nsys stats report */

typedef enum ec_budget_id {
  EC_BUDGET_FILE_BYTES,
  EC_BUDGET_JSON_DEPTH,
  EC_BUDGET_JSON_TREE,
  EC_BUDGET_LIST,
  EC_BUDGET_LAYERS,
  EC_BUDGET_TENSORS,
  EC_BUDGET_BINDINGS,
  EC_BUDGET_PROFILE_ROWS,
  EC_BUDGET_TIMING_ROWS,
  EC_BUDGET_SAMPLES,
  EC_BUDGET_LOG_RUNS,
  EC_BUDGET_LOG_SETTINGS,
  EC_BUDGET_TACTICS,
  EC_BUDGET_TEMPLATE_BYTES,
  EC_BUDGET_TEMPLATE_BLOCKS,
  EC_BUDGET_TEMPLATE_DEPTH,
  EC_BUDGET_KERNELS,
  EC_BUDGET_NVTX_RANGES,
  EC_BUDGET_RUNTIME_CALLS,
  EC_BUDGET_GRAPH_NODES,
  EC_BUDGET_STATS_ROWS,
  EC_BUDGET_N
} ec_budget_id;

typedef struct ec_budget {
  ec_budget_id id;
  unsigned long long limit;
  const char *what;    /* the counted thing, plural, as messages say it: "layers" */
  const char *applies; /* where it is counted (docs/inputs.md's table says the same) */
} ec_budget;

/** The row of id (static). */
const ec_budget *ec_budget_get(ec_budget_id id);
/** The limit of id. */
unsigned long long ec_budget_limit(ec_budget_id id);
/** 1 when n is over the limit of id. */
int ec_budget_over(ec_budget_id id, unsigned long long n);
/** Add the error for an input over the limit of id at path:line:col (0:
 *  unknown): ec_budget_message's text. */
void ec_budget_refuse(ec_diags *d, ec_budget_id id, const char *path, int line, int col);
/** The words of that error into buf (cap bytes): "more than LIMIT WHAT is
 *  over the limit of one input file; the file is not read" (of a template:
 *  "...; the template is not used"). */
void ec_budget_message(ec_budget_id id, char *buf, size_t cap);
/** The rows, in order (for the docs test and --verbose readers). */
const ec_budget *ec_budget_table(size_t *n);

#endif
