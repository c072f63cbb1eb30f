/* nsys_join — what the Nsight Systems readers share (nsys.h): which layer
 * an NVTX range names, which ranges are inference iterations, and what is
 * said about the kernels once they are attributed. */
#include "load/nsys.h"
#include "util/alloc.h"
#include "util/order.h"
#include "words/words.h"
#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

void ec_nsys_names_init(ec_nsys_names *m, const ec_engine *e) {
  memset(m, 0, sizeof *m);
  m->e = e;
  for (size_t i = 0; i < e->n_layers; i++) ec_map_put(&m->byname, e->layers[i].name, e->layers[i].name_len, i);
}

void ec_nsys_names_free(ec_nsys_names *m) { ec_map_free(&m->byname); }

static long S_get(const ec_nsys_names *m, const char *s, size_t n) {
  size_t i;
  return ec_map_get(&m->byname, s, n, &i) ? (long)i : -1;
}

/* The name as the loader normalises it: U+001E/U+001F as '+', then without
 * a " [profile N]" suffix. */
static long S_normal(const ec_nsys_names *m, const char *s, size_t n) {
  long li = S_get(m, s, n);
  if (li >= 0) return li;
  char *fixed = NULL;
  if (memchr(s, '\x1e', n) || memchr(s, '\x1f', n)) {
    fixed = ec_layer_name_fixed(s, n);
    li = S_get(m, fixed, n);
    s = fixed;
  }
  if (li < 0) {
    size_t base;
    if (ec_profile_suffix(s, n, &base) >= 0) li = S_get(m, s, base);
  }
  free(fixed);
  return li;
}

/* The name a JSON object carries ({"Name": "conv1", ...}). */
static long S_json(const ec_nsys_names *m, const char *s, size_t n) {
  if (n < 2 || s[0] != '{' || n > 65536) return -1;
  json_t *j = json_loadb(s, n, JSON_REJECT_DUPLICATES, NULL);
  long li = -1;
  static const char *const keys[] = {"Name", "name", "LayerName", "layerName", "layer_name", "layer"};
  for (size_t k = 0; j && json_is_object(j) && li < 0 && k < sizeof keys / sizeof keys[0]; k++) {
    const json_t *v = json_object_get(j, keys[k]);
    if (json_is_string(v)) li = S_normal(m, json_string_value(v), json_string_length(v));
  }
  json_decref(j);
  return li;
}

long ec_nsys_names_layer(const ec_nsys_names *m, const char *s, size_t n) {
  if (!s || !m->e->n_layers) return -1;
  long li = S_normal(m, s, n);
  if (li < 0) li = S_json(m, s, n);
  if (li < 0) {
    const char *colon = memchr(s, ':', n);
    /* "DOMAIN:name", not "ExecutionContext::enqueueV3" */
    if (colon && (size_t)(colon - s) + 1 < n && colon[1] != ':' && (colon == s || colon[-1] != ':'))
      li = S_normal(m, colon + 1, n - (size_t)(colon - s) - 1);
  }
  return li;
}

int ec_nsys_is_iteration(const char *s, size_t n) {
  static const char *const pre[] = {"ExecutionContext::enqueue", "ExecutionContext::execute"};
  for (size_t i = 0; s && i < sizeof pre / sizeof pre[0]; i++) {
    size_t l = strlen(pre[i]);
    if (n >= l && memcmp(s, pre[i], l) == 0) return 1;
  }
  return 0;
}

static int S_cmp_d(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

double ec_nsys_median(double *v, size_t n) {
  if (!n) return NAN;
  qsort(v, n, sizeof *v, S_cmp_d);
  return ec_median_sorted(v, n);
}

void ec_nsys_say(ec_engine *e, ec_file_kind kind) {
  ec_kernel_set *k = e->kernels;
  if (!k) return;
  ec_engine_add_file(e, k->path, kind);
  const char *p = k->path;
  char a[64], b[64];
  if (!k->launches) {
    ec_diag_add(&e->diags, EC_WARN, p, 0, 0, "no kernel launches (capture with nsys profile -t cuda,nvtx)");
    return;
  }
  if (!k->has_nvtx)
    ec_diag_add(&e->diags, EC_WARN, p, 0, 0,
                "no NVTX ranges: %s cannot be attributed to layers (capture with nsys profile -t cuda,nvtx)",
                ec_fmt_count(a, sizeof a, k->launches, "kernel launch", "kernel launches"));
  if (!k->n_layer_ranges) {
    if (!k->has_nvtx)
      ec_diag_add(&e->diags, EC_WARN, p, 0, 0, "no TensorRT layer ranges: the kernels are listed without layers");
    else if (!e->n_layers)
      ec_diag_add(&e->diags, EC_WARN, p, 0, 0,
                  "no TensorRT layer ranges: the engine has no layers to match its %s to (give its graph, profile "
                  "or log)",
                  ec_fmt_count(a, sizeof a, k->n_ranges, "NVTX range", "NVTX ranges"));
    else
      ec_diag_add(&e->diags, EC_WARN, p, 0, 0,
                  "no TensorRT layer ranges: none of its %s names a layer of the engine%s%s%s (build with "
                  "--profilingVerbosity=detailed or layer_names_only)",
                  ec_fmt_count(a, sizeof a, k->n_ranges, "NVTX range", "NVTX ranges"),
                  k->first_other_range ? " (first: \"" : "", k->first_other_range ? k->first_other_range : "",
                  k->first_other_range ? "\")" : "");
  }
  size_t other = k->launches - k->matched;
  if (k->n_layer_ranges && other)
    ec_diag_add(&e->diags, EC_INFO, p, 0, 0,
                "%s (" EC_MS ") matched no layer: %zu inside other NVTX ranges%s%s%s, %zu outside every range",
                ec_fmt_count(a, sizeof a, other, "kernel launch", "kernel launches"), k->total_ms - k->matched_ms,
                k->in_other_ranges, k->first_other_range ? " (first: \"" : "",
                k->first_other_range ? k->first_other_range : "", k->first_other_range ? "\")" : "",
                k->outside_ranges);
  if (k->graph_launches)
    ec_diag_add(&e->diags, EC_WARN, p, 0, 0,
                "%s traced as whole graphs (" EC_MS ", nsys's default --cuda-graph-trace=graph): the kernels they "
                "ran are not in the file, so kernel time under-reports; rerun nsys with --cuda-graph-trace=node, or trtexec "
                "without CUDA graphs",
                ec_fmt_count(a, sizeof a, k->graph_launches, "CUDA graph launch", "CUDA graph launches"),
                k->graph_ms);
  if (k->graph_kernels && k->graph_attributed < k->graph_kernels)
    ec_diag_add(&e->diags, EC_WARN, p, 0, 0,
                "%zu of the %s CUDA graphs ran have no node event of the capture pass, so no layer: export the "
                "CUDA_GRAPH_NODE_EVENTS table, or capture without CUDA graphs",
                k->graph_kernels - k->graph_attributed,
                ec_fmt_count(b, sizeof b, k->graph_kernels, "kernel", "kernels"));
}
