/* kernels — see kernels.h. */
#include "facts/kernels.h"
#include "util/alloc.h"
#include <math.h>
#include <stdlib.h>

double ec_kernel_share_pct(const ec_layer_kernels *lk, const ec_kernel *k) {
  if (!lk || !k || !(lk->total_ms > 0) || !isfinite(k->total_ms)) return NAN;
  return 100.0 * k->total_ms / lk->total_ms;
}

double ec_kernel_launches_per_iter(const ec_layer_kernels *lk, const ec_kernel *k) {
  if (!lk || !k || !lk->instances) return NAN;
  return (double)k->launches / (double)lk->instances;
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
  r->matched_pct = ks->total_ms > 0 ? 100.0 * ks->matched_ms / ks->total_ms : NAN;
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
