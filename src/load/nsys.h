/* Private to src/load: Nsight Systems input (docs/inputs.md, "Kernels from
 * Nsight Systems").
 *
 * Two readers fill the kernel level of the model (engine.h: ec_kernel,
 * ec_layer_kernels, ec_kernel_set) once the layers are final: nsys.c reads an
 * `nsys export --type sqlite` file (read-only, only the tables it needs) and
 * attributes each kernel to the innermost NVTX range that encloses its
 * launch on the launching thread; nsys_stats.c reads `nsys stats` reports
 * (CSV or JSON) that carry NVTX-named kernel sums. nsys_join.c holds what
 * both share: which layer a range text names, which ranges are inference
 * iterations, and what is said about the result. */
#ifndef EC_LOAD_NSYS_H
#define EC_LOAD_NSYS_H
#include "load/internal.h"
#include "util/map.h"

/* Bounds of an Nsight Systems input, checked before its rows are read: a
 * file over one is refused with a message naming the file and the limit. */
/* The row limits of an export and a stats report are the budget's
 * (util/budget.h: EC_BUDGET_KERNELS ... EC_BUDGET_STATS_ROWS). */
#define EC_NSYS_SECONDS 120           /* reading one SQLite file (the queries, then the join) */

/* Which layer a range text names. */
typedef struct ec_nsys_names {
  const ec_engine *e;
  ec_map byname;
} ec_nsys_names;

void ec_nsys_names_init(ec_nsys_names *m, const ec_engine *e);
void ec_nsys_names_free(ec_nsys_names *m);
/** The index of the layer range text s[0..n) names, or -1: the name
 *  exactly, else as the loader normalises names (U+001E/U+001F as '+', a
 *  " [profile N]" suffix dropped), else the name of a JSON object
 *  ({"Name": ...}, {"name": ...}), else without a "DOMAIN:" prefix (nsys
 *  stats writes a named domain's ranges so). */
long ec_nsys_names_layer(const ec_nsys_names *m, const char *s, size_t n);
/** 1 when a range text is one TensorRT marks an inference with
 *  ("ExecutionContext::enqueueV3", "ExecutionContext::executeV2", ...): one
 *  instance is one iteration. */
int ec_nsys_is_iteration(const char *s, size_t n);

/** What is said about e's kernel data once it is built (the common
 *  warnings: no NVTX ranges, no TensorRT layer ranges, kernels that match no
 *  layer), and e->files gets the path as kind. */
void ec_nsys_say(ec_engine *e, ec_file_kind kind);

/** Read an nsys SQLite export at path into e->kernels and e's layers.
 *  0, or -1 when nothing usable was read (an error diagnostic says why). */
int ec_load_nsys_sqlite(ec_engine *e, const char *path);
/** Read the nsys stats reports paths[0..n) (CSV or JSON) as one capture.
 *  0, or -1 when nothing usable was read. */
int ec_load_nsys_stats(ec_engine *e, const char *const *paths, size_t n);
/** 1 when text (len bytes, the head of a file) is an nsys stats report:
 *  a CSV header or the first JSON record with the columns of
 *  cuda_gpu_kern_sum, nvtx_sum, nvtx_kern_sum or cuda_api_gpu_sum. */
int ec_nsys_stats_sniff(const char *text, size_t len);

/** The median of v[0..n) (v is sorted in place); NAN when n is 0. */
double ec_nsys_median(double *v, size_t n);

#endif
