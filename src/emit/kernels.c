/* kernels — the kernel level in `layers` (a "kernels" list per layer, one
 * CSV or JSON row per kernel) and the reconciliation lines (text and JSON). */
#include "emit/kernels.h"
#include "emit/jsonout.h"
#include "words/words.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

static json_t *S_dims(const int64_t *v) {
  if (v[0] < 0) return json_null();
  json_t *a = json_array();
  for (int i = 0; i < 3; i++) json_array_append_new(a, v[i] < 0 ? json_null() : json_integer(v[i]));
  return a;
}

static json_t *S_int(int64_t v) { return v < 0 ? json_null() : json_integer(v); }

/* One kernel as JSON; lk NULL for a kernel of no layer. */
static json_t *S_kernel_json(const ec_layer_kernels *lk, const ec_kernel *k) {
  json_t *o = json_object();
  json_object_set_new(o, "name", ec_jstr(k->name));
  if (k->range) json_object_set_new(o, "range", ec_jstr(k->range));
  json_object_set_new(o, "launches", json_integer((json_int_t)k->launches));
  json_object_set_new(o, "launches_per_iteration", ec_jnum(ec_kernel_launches_per_iter(lk, k)));
  json_object_set_new(o, "median_ms_per_iteration", ec_jnum(k->iter_median_ms));
  json_object_set_new(o, "mean_ms_per_iteration", ec_jnum(k->iter_mean_ms));
  json_object_set_new(o, "share_of_layer_pct", ec_jnum(ec_kernel_share_pct(lk, k)));
  json_object_set_new(o, "total_ms", ec_jnum(k->total_ms));
  json_object_set_new(o, "launch_median_ms", ec_jnum(k->launch_median_ms));
  json_object_set_new(o, "grid", S_dims(k->grid));
  json_object_set_new(o, "block", S_dims(k->block));
  json_object_set_new(o, "registers", S_int(k->registers));
  json_object_set_new(o, "static_shared_bytes", S_int(k->static_smem));
  json_object_set_new(o, "dynamic_shared_bytes", S_int(k->dynamic_smem));
  json_object_set_new(o, "stream", S_int(k->stream));
  json_object_set_new(o, "graph_node", S_int(k->graph_node));
  if (k->varies & EC_KERNEL_VARIES_SHAPE) json_object_set_new(o, "launch_shapes_vary", json_true());
  if (k->varies & EC_KERNEL_VARIES_STREAM) json_object_set_new(o, "streams_vary", json_true());
  return o;
}

void ec_kernels_layer_json(json_t *o, const ec_engine *e, const ec_layer *l, const ec_kernel_recon *r) {
  if (!e->kernels) return;
  const ec_layer_kernels *lk = l->kern;
  json_t *a = json_array();
  for (size_t i = 0; lk && i < lk->n; i++) json_array_append_new(a, S_kernel_json(lk, &lk->v[i]));
  json_object_set_new(o, "kernels", a);
  const ec_kernel_recon_layer *x = NULL;
  for (size_t i = 0; r && lk && i < r->n && !x; i++)
    if (&e->layers[r->v[i].layer] == l) x = &r->v[i];
  if (!x) {
    json_object_set_new(o, "kernel_time", json_null());
    return;
  }
  json_t *t = json_object();
  json_object_set_new(t, "iterations", lk->instances ? json_integer((json_int_t)lk->instances) : json_null());
  json_object_set_new(t, "mean_ms", ec_jnum(lk->iter_mean_ms));
  json_object_set_new(t, "median_ms", ec_jnum(lk->iter_median_ms));
  json_object_set_new(t, "span_ms", ec_jnum(lk->span_mean_ms));
  json_object_set_new(t, "profile_gap_ms", ec_jnum(x->gap_ms));
  json_object_set_new(t, "between_kernels_ms", ec_jnum(x->between_ms));
  json_object_set_new(t, "event_overhead_ms", ec_jnum(x->overhead_ms));
  json_object_set_new(o, "kernel_time", t);
}

static const char *S_cols[] = {"layer_index", "layer", "kernel", "range", "launches", "launches_per_iteration",
                               "iterations", "total_ms", "median_ms_per_iteration", "mean_ms_per_iteration",
                               "launch_median_ms", "share_of_layer_pct", "grid", "block", "registers",
                               "static_shared_bytes", "dynamic_shared_bytes", "stream", "graph_node", "gpu"};

void ec_kernels_csv_header(ec_buf *b) {
  for (size_t i = 0; i < sizeof S_cols / sizeof S_cols[0]; i++) ec_buf_printf(b, "%s%s", i ? "," : "", S_cols[i]);
  ec_buf_putc(b, '\n');
}

static void S_num(ec_buf *b, double v) {
  ec_buf_putc(b, ',');
  if (isfinite(v)) ec_buf_printf(b, "%" EC_DATA_G, v);
}

static void S_i64(ec_buf *b, int64_t v) {
  ec_buf_putc(b, ',');
  if (v >= 0) ec_buf_printf(b, "%lld", (long long)v);
}

static void S_dims_csv(ec_buf *b, const int64_t *v) {
  ec_buf_putc(b, ',');
  if (v[0] >= 0) ec_buf_printf(b, "%lldx%lldx%lld", (long long)v[0], (long long)v[1], (long long)v[2]);
}

static void S_csv_row(ec_buf *b, const ec_kernel_set *ks, const ec_layer *l, const ec_layer_kernels *lk,
                      const ec_kernel *k) {
  if (l) {
    ec_buf_printf(b, "%zu,", l->index);
    ec_buf_csv(b, l->name, l->name_len);
  } else {
    ec_buf_putc(b, ',');
  }
  ec_buf_putc(b, ',');
  ec_buf_csv(b, k->name, strlen(k->name));
  ec_buf_putc(b, ',');
  if (k->range) ec_buf_csv(b, k->range, strlen(k->range));
  ec_buf_printf(b, ",%zu", k->launches);
  S_num(b, ec_kernel_launches_per_iter(lk, k));
  S_i64(b, lk && lk->instances ? (int64_t)lk->instances : -1);
  S_num(b, k->total_ms);
  S_num(b, k->iter_median_ms);
  S_num(b, k->iter_mean_ms);
  S_num(b, k->launch_median_ms);
  S_num(b, ec_kernel_share_pct(lk, k));
  S_dims_csv(b, k->grid);
  S_dims_csv(b, k->block);
  S_i64(b, k->registers);
  S_i64(b, k->static_smem);
  S_i64(b, k->dynamic_smem);
  S_i64(b, k->stream);
  S_i64(b, k->graph_node);
  ec_buf_putc(b, ',');
  if (ks->gpu) ec_buf_csv(b, ks->gpu, strlen(ks->gpu));
  ec_buf_putc(b, '\n');
}

void ec_kernels_rows(ec_buf *b, const ec_engine *e, int json, ec_kernels_flush flush, void *ctx) {
  if (!e->kernels) return;
  for (size_t i = 0; i < e->n_layers; i++) {
    const ec_layer *l = &e->layers[i];
    for (size_t j = 0; l->kern && j < l->kern->n; j++) {
      if (json) {
        json_t *o = S_kernel_json(l->kern, &l->kern->v[j]);
        json_object_set_new(o, "layer_index", json_integer((json_int_t)l->index));
        json_object_set_new(o, "layer", ec_jstrn(l->name, l->name_len));
        json_object_set_new(o, "gpu", ec_jstr(e->kernels->gpu));
        char *t = ec_jdump(o, 0);
        ec_buf_puts(b, t);
        free(t);
        json_decref(o);
      } else {
        S_csv_row(b, e->kernels, l, l->kern, &l->kern->v[j]);
      }
      if (flush) flush(b, ctx);
    }
  }
  const ec_kernel_set *ks = e->kernels;
  for (size_t j = 0; j < ks->n_other; j++) {
    if (json) {
      json_t *o = S_kernel_json(NULL, &ks->other[j]);
      json_object_set_new(o, "layer_index", json_null());
      json_object_set_new(o, "layer", json_null());
      json_object_set_new(o, "gpu", ec_jstr(ks->gpu));
      char *t = ec_jdump(o, 0);
      ec_buf_puts(b, t);
      free(t);
      json_decref(o);
    } else {
      S_csv_row(b, ks, NULL, NULL, &ks->other[j]);
    }
    if (flush) flush(b, ctx);
  }
}

/* " (a.bc ms between kernels, d.ef ms event overhead)" when both are known. */
static void S_split(ec_buf *b, double between, double overhead, const char *outside) {
  if (!isfinite(between) || !isfinite(overhead)) return;
  char x[32], y[32];
  ec_buf_printf(b, "; of the gap %s ms %s kernels, %s ms %s", ec_fmt_ms(x, sizeof x, fabs(between)),
                between < 0 ? "of overlap between" : "between", ec_fmt_ms(y, sizeof y, overhead), outside);
}

void ec_kernels_recon_text(ec_buf *b, const ec_kernel_recon *r) {
  if (!r) return;
  const ec_kernel_set *ks = r->set;
  char a[64], c[64], d[64], f[64], g[64];
  ec_buf_printf(b, "kernels: %s %s", ks->format, ks->path);
  if (ks->tool) ec_buf_printf(b, " (%s)", ks->tool);
  ec_buf_printf(b, "; GPU %s\n", ks->gpu ? ks->gpu : EC_NA);
  ec_buf_printf(b, "  %s, %s ms", ec_fmt_count(a, sizeof a, ks->launches, "kernel launch", "kernel launches"),
                ec_fmt_ms(c, sizeof c, ks->total_ms));
  if (ks->launches)
    ec_buf_printf(b, "; in layers %s (%s%% of the time, %s), in other NVTX ranges %s, outside every range %s",
                  ec_fmt_int(d, sizeof d, (double)ks->matched), ec_fmt_pct(f, sizeof f, r->matched_pct),
                  ec_fmt_count(g, sizeof g, r->layers, "layer", "layers"),
                  ec_fmt_int(a, sizeof a, (double)ks->in_other_ranges), ec_fmt_int(c, sizeof c, (double)ks->outside_ranges));
  ec_buf_putc(b, '\n');
  if (r->layers_profiled) {
    ec_buf_printf(b, "  per layer and iteration, over %s with a profile time: kernels %s ms, profile %s ms, gap %s ms",
                  ec_fmt_count(a, sizeof a, r->layers_profiled, "layer", "layers"), ec_fmt_ms(c, sizeof c, r->kernel_ms),
                  ec_fmt_ms(d, sizeof d, r->profile_ms), ec_fmt_ms(f, sizeof f, r->gap_ms));
    S_split(b, r->between_ms, r->overhead_ms, "per-layer event overhead");
    ec_buf_putc(b, '\n');
  } else if (r->layers) {
    ec_buf_printf(b, "  per layer: no layer with kernels has a profile time to reconcile with\n");
  }
  if (r->iterations && isfinite(r->iter_kernel_ms)) {
    ec_buf_printf(b, "  per iteration (%s): kernels %s ms", ec_fmt_count(a, sizeof a, r->iterations, "iteration", "iterations"),
                  ec_fmt_ms(c, sizeof c, r->iter_kernel_ms));
    if (isfinite(r->iter_span_ms)) ec_buf_printf(b, ", GPU span %s ms", ec_fmt_ms(d, sizeof d, r->iter_span_ms));
    if (isfinite(r->gpu_compute_ms)) {
      ec_buf_printf(b, ", GPU compute time %s ms, gap %s ms", ec_fmt_ms(f, sizeof f, r->gpu_compute_ms),
                    ec_fmt_ms(g, sizeof g, r->gpu_gap_ms));
      S_split(b, r->gpu_between_ms, r->gpu_overhead_ms, "launch and event overhead outside the kernels' span");
    } else {
      ec_buf_printf(b, ", GPU compute time %s", EC_NA);
    }
    ec_buf_putc(b, '\n');
  }
}

json_t *ec_kernels_recon_json(const ec_kernel_recon *r) {
  if (!r) return json_null();
  const ec_kernel_set *ks = r->set;
  json_t *o = json_object();
  json_object_set_new(o, "source", ec_jstr(ks->path));
  json_object_set_new(o, "format", ec_jstr(ks->format));
  json_object_set_new(o, "tool", ec_jstr(ks->tool));
  json_object_set_new(o, "gpu", ec_jstr(ks->gpu));
  json_object_set_new(o, "launches", json_integer((json_int_t)ks->launches));
  json_object_set_new(o, "total_ms", ec_jnum(ks->total_ms));
  json_object_set_new(o, "in_layers", json_integer((json_int_t)ks->matched));
  json_object_set_new(o, "in_layers_ms", ec_jnum(ks->matched_ms));
  json_object_set_new(o, "in_layers_pct", ec_jnum(r->matched_pct));
  json_object_set_new(o, "in_other_ranges", json_integer((json_int_t)ks->in_other_ranges));
  json_object_set_new(o, "in_other_ranges_ms", ec_jnum(ks->in_other_ranges_ms));
  json_object_set_new(o, "outside_ranges", json_integer((json_int_t)ks->outside_ranges));
  json_object_set_new(o, "outside_ranges_ms", ec_jnum(ks->outside_ranges_ms));
  json_object_set_new(o, "nvtx_ranges", json_integer((json_int_t)ks->n_ranges));
  json_object_set_new(o, "layer_ranges", json_integer((json_int_t)ks->n_layer_ranges));
  json_object_set_new(o, "graph_launches_traced_whole", json_integer((json_int_t)ks->graph_launches));
  json_object_set_new(o, "graph_kernels", json_integer((json_int_t)ks->graph_kernels));
  json_object_set_new(o, "graph_kernels_attributed", json_integer((json_int_t)ks->graph_attributed));
  json_object_set_new(o, "layers", json_integer((json_int_t)r->layers));
  json_object_set_new(o, "layers_profiled", json_integer((json_int_t)r->layers_profiled));
  json_object_set_new(o, "layer_kernel_ms", ec_jnum(r->kernel_ms));
  json_object_set_new(o, "layer_profile_ms", ec_jnum(r->profile_ms));
  json_object_set_new(o, "layer_gap_ms", ec_jnum(r->gap_ms));
  json_object_set_new(o, "layer_between_kernels_ms", ec_jnum(r->between_ms));
  json_object_set_new(o, "layer_event_overhead_ms", ec_jnum(r->overhead_ms));
  json_object_set_new(o, "iterations", r->iterations ? json_integer((json_int_t)r->iterations) : json_null());
  json_object_set_new(o, "iteration_kernel_ms", ec_jnum(r->iter_kernel_ms));
  json_object_set_new(o, "iteration_span_ms", ec_jnum(r->iter_span_ms));
  json_object_set_new(o, "gpu_compute_ms", ec_jnum(r->gpu_compute_ms));
  json_object_set_new(o, "gpu_gap_ms", ec_jnum(r->gpu_gap_ms));
  json_object_set_new(o, "gpu_between_kernels_ms", ec_jnum(r->gpu_between_ms));
  json_object_set_new(o, "gpu_overhead_ms", ec_jnum(r->gpu_overhead_ms));
  return o;
}
