/* kernels — the numbers of the kernel level (Nsight Systems): a kernel's
 * share of its layer and launches per iteration, and the reconciliation of
 * kernel time with the profile's per-layer times and trtexec's GPU compute
 * time, gap explained: per layer, the profile's time less the kernels' span
 * is per-layer event overhead and the span less the kernels' time the gaps
 * between kernels; per iteration, GPU compute time less the iteration's span
 * is launch and event overhead outside the kernels. Pure: no I/O. */
#ifndef EC_ANALYZE_KERNELS_H
#define EC_ANALYZE_KERNELS_H
#include "model/engine.h"

/** k's share of its layer's kernel time, in percent; NAN when unknown. */
double ec_kernel_share_pct(const ec_layer_kernels *lk, const ec_kernel *k);
/** k's launches per iteration of its layer; NAN when the iterations are unknown. */
double ec_kernel_launches_per_iter(const ec_layer_kernels *lk, const ec_kernel *k);

/* One layer's kernel time against its profile time, per iteration (NAN: unknown). */
typedef struct ec_kernel_recon_layer {
  size_t layer;         /* index into the engine's layers */
  double kernel_ms;     /* its kernels, per iteration (mean) */
  double span_ms;       /* first kernel start to last kernel end (mean) */
  double profile_ms;    /* the profile's average */
  double gap_ms;        /* profile - kernels */
  double between_ms;    /* span - kernels: gaps between kernels (below 0: kernels overlapped) */
  double overhead_ms;   /* profile - span: per-layer event overhead */
} ec_kernel_recon_layer;

/* The reconciliation of an engine's kernel data (the section data a report
 * shows; lint and layers print it). */
typedef struct ec_kernel_recon {
  const ec_kernel_set *set;  /* borrowed from the engine */
  size_t layers;             /* layers with kernels */
  size_t layers_profiled;    /* of them, with a profile time too: the sums below are over these */
  double kernel_ms, profile_ms, gap_ms;       /* per iteration, summed over those layers */
  double between_ms, overhead_ms;             /* NAN when no span is known (stats reports) */
  double matched_pct;        /* the share of all kernel time attributed to layers */
  size_t iterations;         /* the engine's iterations with kernels (0: unknown) */
  double iter_kernel_ms, iter_span_ms;         /* per iteration (mean) */
  double gpu_compute_ms;     /* trtexec's GPU compute time (mean), NAN when not given */
  double gpu_gap_ms, gpu_between_ms, gpu_overhead_ms;
  ec_kernel_recon_layer *v;  /* layers with kernels, most kernel time first */
  size_t n;
} ec_kernel_recon;

/* A fused layer's kernel time by op group: what its kernels do, decoded
 * from the Myelin names (facts/kgen_ops.h) of the sub-range each was
 * launched in, else of the kernel itself. */
typedef struct ec_kernel_group {
  const char *name;   /* static: "MatMul", "Attention", "Softmax", "LayerNorm", "GELU", "Conv",
                         "Data movement", "Cast", an op of the table ("Mul"), or "Other" */
  size_t kernels;     /* kernel names in it */
  double total_ms;    /* their time over the capture */
  double iter_ms;     /* per iteration of the layer (mean; NAN unknown) */
  double pct;         /* share of the layer's kernel time (NAN unknown) */
} ec_kernel_group;

#define EC_KERNEL_GROUPS_MAX 24

/** The op group of kernel k (static string; "Other" when neither its range
 *  nor its name is a Myelin name the decoder reads, and the name says no
 *  GEMM or softmax). */
const char *ec_kernel_op_group(const ec_kernel *k);
/** 1 when l's kernels are shown by op group: a Myelin layer ({ForeignNode},
 *  kgen, ...) with kernel data. */
int ec_kernel_groups_apply(const ec_layer *l);
/** l's kernel time per op group, most time first (ties: first seen), at
 *  most cap groups into out (the rest summed into the last as "Other");
 *  returns their number (0 when l has no kernels). */
size_t ec_kernel_op_groups(const ec_layer *l, ec_kernel_group *out, size_t cap);

/** The reconciliation of e's kernel data, or NULL when e has none. Caller
 *  frees with ec_kernel_recon_free; it borrows e. */
ec_kernel_recon *ec_kernel_recon_of(const ec_engine *e);
void ec_kernel_recon_free(ec_kernel_recon *r);

#endif
