/* kernels — see kernels.h. */
#include "facts/kernels.h"
#include "facts/kgen_ops.h"
#include "facts/layer_kind.h"
#include "util/alloc.h"
#include "words/words.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

double ec_kernel_share_pct(const ec_layer_kernels *lk, const ec_kernel *k) {
  return lk && k ? ec_share_pct(k->total_ms, lk->total_ms) : NAN;
}

double ec_kernel_launches_per_iter(const ec_layer_kernels *lk, const ec_kernel *k) {
  if (!lk || !k || !lk->instances) return NAN;
  return (double)k->launches / (double)lk->instances;
}

/* The group of a decoded Myelin op list, or NULL when it tells nothing. */
static const char *S_group_of_ops(const ec_kgen_ops *k) {
  if (!k->present || !k->n) return NULL;
  unsigned f = ec_kgen_fusions(k);
  for (size_t i = 0; i < k->n; i++)
    if (k->op[i] && (!strcmp(k->op[i]->name, "Gemm") || !strcmp(k->op[i]->name, "Fc"))) return "MatMul";
  for (size_t i = 0; i < k->n; i++)
    if (k->op[i] && !strcmp(k->op[i]->name, "Conv")) return "Conv";
  if (f & EC_FUSE_SOFTMAX) return "Softmax";
  if (f & EC_FUSE_LAYERNORM) return "LayerNorm";
  if (f & EC_FUSE_GELU) return "GELU";
  for (size_t i = 0; i < k->n; i++)
    if (k->op[i] && !strcmp(k->op[i]->name, "Softmax")) return "Softmax";
  if (ec_kgen_moves_only(k)) {
    for (size_t i = 0; i < k->n; i++)
      if (k->op[i]->cls == EC_KOP_MOVE) return "Data movement";
    return "Cast";
  }
  for (size_t i = 0; i < k->n; i++)
    if (k->op[i] && k->op[i]->cls == EC_KOP_MATH) return k->op[i]->name;
  return NULL;
}

/* 1 when lower-case part occurs in s, ignoring case. */
static int S_has_ci(const char *s, const char *part) {
  size_t m = strlen(part);
  for (; *s; s++) {
    size_t i = 0;
    while (i < m && s[i] && tolower((unsigned char)s[i]) == part[i]) i++;
    if (i == m) return 1;
  }
  return 0;
}

const char *ec_kernel_op_group(const ec_kernel *k) {
  if (!k) return "Other";
  const char *src[2] = {k->range, k->name};
  for (int i = 0; i < 2; i++) {
    if (!src[i] || strncmp(src[i], "__myl_", 6)) continue;
    ec_kgen_ops ops = ec_kgen_decode(src[i]);
    const char *g = S_group_of_ops(&ops);
    if (g) return g;
  }
  /* a library kernel inside a fused layer (cuBLAS/CUTLASS GEMMs, fused
   * attention): its name says what it does */
  if (k->name) {
    static const struct { const char *part, *group; } S_lib[] = {
        {"fprop", "Conv"}, {"dgrad", "Conv"}, {"conv", "Conv"}, {"mha", "Attention"}, {"attention", "Attention"},
        {"gemm", "MatMul"}, {"softmax", "Softmax"}, {"layernorm", "LayerNorm"},
    };
    for (size_t i = 0; i < sizeof S_lib / sizeof S_lib[0]; i++)
      if (S_has_ci(k->name, S_lib[i].part)) return S_lib[i].group;
  }
  return "Other";
}

int ec_kernel_groups_apply(const ec_layer *l) { return l && l->kern && l->kern->n && ec_layer_is_myelin(l); }

static int S_group_cmp(const void *a, const void *b) {
  const ec_kernel_group *x = a, *y = b;
  if (x->total_ms != y->total_ms) return x->total_ms > y->total_ms ? -1 : 1;
  return 0;
}

size_t ec_kernel_op_groups(const ec_layer *l, ec_kernel_group *out, size_t cap) {
  if (!l || !l->kern || !l->kern->n || !cap) return 0;
  const ec_layer_kernels *lk = l->kern;
  ec_kernel_group g[EC_KERNEL_GROUPS_MAX + 1];
  size_t n = 0;
  for (size_t i = 0; i < lk->n; i++) {
    const ec_kernel *k = &lk->v[i];
    const char *name = ec_kernel_op_group(k);
    size_t j = 0;
    while (j < n && strcmp(g[j].name, name)) j++;
    if (j == n) {
      if (n == EC_KERNEL_GROUPS_MAX) j = n - 1; /* more groups than the table: into the last */
      else g[n++] = (ec_kernel_group){name, 0, 0, 0, NAN};
    }
    g[j].kernels++;
    if (isfinite(k->total_ms)) g[j].total_ms += k->total_ms;
    if (lk->instances && isfinite(k->total_ms)) g[j].iter_ms = (isfinite(g[j].iter_ms) ? g[j].iter_ms : 0) +
                                                               k->total_ms / (double)lk->instances;
  }
  /* a stable order: by time, first seen on ties (insertion sort) */
  for (size_t i = 1; i < n; i++) {
    ec_kernel_group x = g[i];
    size_t j = i;
    while (j > 0 && S_group_cmp(&x, &g[j - 1]) < 0) g[j] = g[j - 1], j--;
    g[j] = x;
  }
  for (size_t i = 0; i < n; i++) g[i].pct = ec_share_pct(g[i].total_ms, lk->total_ms);
  if (n > cap) { /* the rest in the last kept row, as "Other" */
    for (size_t i = cap; i < n; i++) {
      g[cap - 1].kernels += g[i].kernels;
      g[cap - 1].total_ms += g[i].total_ms;
      g[cap - 1].iter_ms += g[i].iter_ms;
      g[cap - 1].pct += g[i].pct;
    }
    g[cap - 1].name = "Other";
    n = cap;
  }
  memcpy(out, g, n * sizeof *g);
  return n;
}

/* trtexec's GPU compute time per iteration (mean): the selected timing run's
 * computeMs, else the mean trtexec printed; NAN when neither is given. */
static double S_gpu_compute_mean(const ec_engine *e) {
  const ec_timing *t = ec_engine_timing(e);
  if (t && t->compute && t->n) {
    double s = 0;
    for (size_t i = 0; i < t->n; i++) s += t->compute[i];
    return s / (double)t->n;
  }
  return ec_stats_get(&e->perf.gpu_compute, "mean");
}

static int S_cmp(const void *a, const void *b) {
  const ec_kernel_recon_layer *x = a, *y = b;
  int fx = isfinite(x->kernel_ms), fy = isfinite(y->kernel_ms); /* unknown last */
  if (fx != fy) return fx ? -1 : 1;
  if (fx && x->kernel_ms != y->kernel_ms) return x->kernel_ms > y->kernel_ms ? -1 : 1;
  return (x->layer > y->layer) - (x->layer < y->layer);
}

ec_kernel_recon *ec_kernel_recon_of(const ec_engine *e) {
  if (!e || !e->kernels) return NULL;
  const ec_kernel_set *ks = e->kernels;
  ec_kernel_recon *r = ec_calloc(1, sizeof *r);
  r->set = ks;
  r->v = ec_calloc(e->n_layers ? e->n_layers : 1, sizeof *r->v);
  double between = 0, overhead = 0;
  size_t spans = 0;
  for (size_t i = 0; i < e->n_layers; i++) {
    const ec_layer *l = &e->layers[i];
    const ec_layer_kernels *lk = l->kern;
    if (!lk) continue;
    ec_kernel_recon_layer *x = &r->v[r->n++];
    x->layer = i;
    x->kernel_ms = lk->iter_mean_ms;
    x->span_ms = lk->span_mean_ms;
    x->profile_ms = l->has_profile ? l->avg_ms : NAN;
    x->gap_ms = x->profile_ms - x->kernel_ms;
    x->between_ms = x->span_ms - x->kernel_ms;
    x->overhead_ms = x->profile_ms - x->span_ms;
    if (isfinite(x->profile_ms) && isfinite(x->kernel_ms)) {
      r->layers_profiled++;
      r->kernel_ms += x->kernel_ms;
      r->profile_ms += x->profile_ms;
      if (isfinite(x->span_ms)) {
        spans++;
        between += x->between_ms;
        overhead += x->overhead_ms;
      }
    }
  }
  r->layers = r->n;
  if (!r->layers_profiled) r->kernel_ms = r->profile_ms = NAN;
  r->gap_ms = r->profile_ms - r->kernel_ms;
  r->between_ms = spans && spans == r->layers_profiled ? between : NAN;
  r->overhead_ms = spans && spans == r->layers_profiled ? overhead : NAN;
  r->matched_pct = ec_share_pct(ks->matched_ms, ks->total_ms);
  r->iterations = ks->iterations;
  r->iter_kernel_ms = ks->iter_kernel_ms;
  r->iter_span_ms = ks->iter_span_ms;
  r->gpu_compute_ms = S_gpu_compute_mean(e);
  r->gpu_gap_ms = r->gpu_compute_ms - r->iter_kernel_ms;
  r->gpu_between_ms = r->iter_span_ms - r->iter_kernel_ms;
  r->gpu_overhead_ms = r->gpu_compute_ms - r->iter_span_ms;
  qsort(r->v, r->n, sizeof *r->v, S_cmp);
  return r;
}

void ec_kernel_recon_free(ec_kernel_recon *r) {
  if (!r) return;
  free(r->v);
  free(r);
}
