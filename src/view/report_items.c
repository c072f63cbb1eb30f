/* report_items — see report_items.h. */
#include "view/report_items.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "facts/device_peak.h"
#include "facts/layer_kind.h"
#include "util/alloc.h"
#include "view/colors.h"
#include "view/engine_tables.h"
#include "view/kernel_tables.h"
#include "view/phrase.h"
#include "view/rows.h"
#include "words/words.h"

/* ---- why an item can be missing ------------------------------------------ */

static const char *S_no_layers(const ec_summary *s) { return s->layers ? NULL : "no layers were read"; }

static const char *S_no_latency(const ec_summary *s) {
  if (!s->layers) return "no layers were read";
  return s->has_latency ? NULL : "no profile (trtexec --exportProfile): per-layer latencies are unknown";
}

static const char *S_no_timing(const ec_summary *s) {
  const ec_timing *t = ec_engine_timing(s->engine);
  return t && t->n && t->latency ? NULL : "no timing.json (trtexec --exportTimes) was given";
}

static const char *S_no_perf(const ec_summary *s) {
  return s->has_timing || s->engine->perf.present ? NULL : "no timing.json, metadata or trtexec log was given";
}

static const char *S_no_bindings(const ec_summary *s) {
  const ec_engine *e = s->engine;
  if (e->n_bindings) return NULL;
  return !e->has_graph           ? "no layer information (graph JSON or a log's layer listing)"
         : e->graph_names_only ? "the layer information lists no bindings and names no tensors"
                               : "the graph lists no bindings and no layer describes a tensor";
}

static const char *S_no_reformats(const ec_summary *s) { return s->reformat_count ? NULL : "the engine has no Reformat layers"; }

static const char *S_no_reformat_latency(const ec_summary *s) {
  const char *w = S_no_reformats(s);
  return w ? w : S_no_latency(s);
}

static const char *S_no_pointwise(const ec_summary *s) {
  size_t cnt[EC_PW_MAX_OPS + 1];
  double ms[EC_PW_MAX_OPS + 1];
  return ec_pointwise_ops(s->engine, cnt, ms) ? NULL : "the engine has no PointWise layers";
}

static const char *S_no_fused(const ec_summary *s) {
  for (size_t i = 0; i < s->engine->n_layers; i++)
    if (ec_layer_is_fused(&s->engine->layers[i])) return NULL;
  return "no layer fuses several operations (no ONNX metadata, Myelin or \" + \" names)";
}

static const char *S_no_memory(const ec_summary *s) {
  const ec_numbers *nu = &s->nums;
  if (!s->engine->n_layers || (!nu->weights_known && !nu->io_known))
    return "no layer's weights or tensors are described (names-only layer information or a log's layer names)";
  double total = 0;
  for (size_t i = 0; i < nu->n; i++) total += ec_layer_footprint(&nu->v[i]);
  return total > 0 ? NULL : "every layer's weights and I/O are zero or unknown";
}

static const char *S_no_efficiency(const ec_summary *s) {
  const ec_numbers *nu = &s->nums;
  if (nu->flops_known) return NULL;
  return nu->flops_dynamic ? "convolution shapes are dynamic (-1): FLOPs are unknown" : "no convolution or GEMM with known shapes";
}

static const char *S_no_roofline(const ec_summary *s) {
  const char *w = S_no_latency(s);
  if (w) return w;
  /* why there is no peak: the device, or the architecture its kernels name
   * ("sm100 kernels: a Blackwell datacenter GPU ...; product unknown, so no
   * peak"); one string per thread, as the registry's reasons are static */
  static _Thread_local char why[256];
  char *none = ec_peak_why_none(s->engine, &s->nums.peak);
  if (none && !s->engine->device.present) {
    snprintf(why, sizeof why, "%s", none);
    free(none);
    return why;
  }
  if (!ec_roofline_points(s)) {
    free(none);
    return "no convolution or GEMM with known FLOPs, bytes and latency";
  }
  if (none) {
    snprintf(why, sizeof why, "%s", none);
    free(none);
    return why;
  }
  return isfinite(s->nums.peak.bw_bytes_s) ? NULL : "the device's peaks are unknown (no SM count, clocks or bus width)";
}

static const char *S_no_kernels(const ec_summary *s) {
  if (!s->engine->kernels) return "no kernel data (enginecard --nsys FILE: an Nsight Systems export)";
  for (size_t i = 0; i < s->engine->n_layers; i++)
    if (s->engine->layers[i].kern) return NULL;
  return "no kernel of the Nsight Systems data matched a layer";
}

static const char *S_no_options(const ec_summary *s) {
  const ec_engine *e = s->engine;
  return e->model_options.n || e->build_options.n || e->inference_options.n || e->system_options.n ||
                 e->reporting_options.n || e->accuracy.n
             ? NULL
             : "no build or inference options were read (no metadata or trtexec log)";
}

/* ---- one category: a sentence instead of a chart -------------------------- */

static char *S_one_type(const ec_summary *s) {
  if (s->by_type_shown.n != 1) return NULL;
  const ec_group *g = &s->by_type_shown.v[0];
  char ms[48], lat[64] = "";
  if (s->has_latency) snprintf(lat, sizeof lat, ", taking %s", ec_fmt_ms_or(ms, sizeof ms, g->latency_ms));
  if (g->count == 1) return ec_asprintf("The engine's one layer is a %s layer%s.", g->key, lat);
  char n[32];
  return ec_asprintf("All %s layers are %s layers%s.", ec_fmt_int(n, sizeof n, (double)g->count), g->key, lat);
}

/* names-only layer information gives every layer the precision "Unknown" */
static int S_unknown_precision(const ec_summary *s) {
  return s->by_precision.n == 1 && !strcmp(s->by_precision.v[0].key, "Unknown");
}

static char *S_one_precision(const ec_summary *s) {
  if (s->by_precision.n != 1) return NULL;
  if (S_unknown_precision(s)) return ec_strdup("The layers' precisions are " EC_NA " (names-only layer information).");
  const char *in = ec_precision_label(s->by_precision.v[0].key);
  if (s->has_latency && s->by_out_precision.n == 1 && !strcmp(s->by_precision.v[0].key, s->by_out_precision.v[0].key))
    return ec_asprintf("Every layer reads and writes %s.", in);
  if (s->has_latency && s->by_out_precision.n > 1) return NULL; /* the output strip still has a mix to show */
  return ec_asprintf("Every layer reads %s (the precision of its first input).", in);
}

static char *S_one_strip(const ec_summary *s) {
  if (s->by_precision.n != 1) return NULL;
  if (S_unknown_precision(s)) return ec_strdup("Precision: " EC_NA " (names-only layer information).");
  return ec_asprintf("Precision: %s for every layer.", ec_precision_label(s->by_precision.v[0].key));
}

static char *S_one_reformat(const ec_summary *s) {
  if (s->reformat_by_origin.n != 1) return NULL;
  const ec_group *g = &s->reformat_by_origin.v[0];
  char ms[48], pct[32];
  if (g->count == 1)
    return ec_asprintf("The engine's one Reformat layer comes from %s and takes %s (%s%% of the latency).", g->key,
                       ec_fmt_ms_or(ms, sizeof ms, g->latency_ms), ec_fmt_pct(pct, sizeof pct, g->pct));
  return ec_asprintf("All %zu Reformat %s come from %s and take %s (%s%% of the latency).", g->count,
                     ec_plural(g->count, "layer", "layers"), g->key,
                     ec_fmt_ms_or(ms, sizeof ms, g->latency_ms), ec_fmt_pct(pct, sizeof pct, g->pct));
}

static char *S_one_pointwise(const ec_summary *s) {
  size_t cnt[EC_PW_MAX_OPS + 1], k1 = 0, kinds = 0;
  double ms[EC_PW_MAX_OPS + 1];
  size_t n = ec_pointwise_ops(s->engine, cnt, ms);
  for (size_t k = 0; k <= EC_PW_MAX_OPS; k++)
    if (cnt[k]) kinds++, k1 = k;
  if (kinds != 1) return NULL;
  char what[64], cnt_s[48];
  if (k1 == 0) snprintf(what, sizeof what, "list%s no fused operations", ec_plural(n, "s", ""));
  else snprintf(what, sizeof what, "fuse%s %s", ec_plural(n, "s", ""), ec_fmt_count(cnt_s, sizeof cnt_s, k1, "operation", "operations"));
  ec_fmt_count(cnt_s, sizeof cnt_s, n, "PointWise layer", "PointWise layers");
  return ec_asprintf("%s %s %s.", ec_plural(n, "The engine's", "All"), cnt_s, what);
}

static char *S_one_layer(const ec_summary *s) {
  if (s->layers != 1 || !s->has_latency) return NULL;
  const ec_layer *l = &s->engine->layers[s->order[0]];
  char ms[48];
  return ec_asprintf("The engine's only layer, %s (%s), takes %s.", l->name, ec_layer_shown_type(l),
                     ec_fmt_ms_or(ms, sizeof ms, l->avg_ms));
}

/* ---- table adapters -------------------------------------------------------- */

#define S_T(fn, call) \
  static ec_table *fn(const ec_summary *s, const ec_item_args *a) { return call; }
S_T(S_t_facts, ec_tbl_facts(s, a->id))
S_T(S_t_bindings, ec_tbl_bindings(s, a->id))
S_T(S_t_perf, ec_tbl_perf(s, a->id))
S_T(S_t_by_type, ec_tbl_by_type(s, a->id))
S_T(S_t_by_precision, ec_tbl_by_precision(s, a->id))
S_T(S_t_top_layers, ec_tbl_top_layers(s, a->id, a->rows))
S_T(S_t_layer_order, ec_tbl_layer_order(s, a->id))
S_T(S_t_tactics, ec_tbl_tactics(s, a->id))
S_T(S_t_layers, ec_tbl_layers(s, a->id, a->part, a->rows))
S_T(S_t_reformats, ec_tbl_reformats(s, a->id))
S_T(S_t_pointwise, ec_tbl_pointwise(s, a->id))
S_T(S_t_fused, ec_tbl_fused(s, a->id, a->rows))
S_T(S_t_memory, ec_tbl_memory(s, a->id, a->rows))
S_T(S_t_efficiency, ec_tbl_efficiency(s, a->id, a->rows))
S_T(S_t_options, ec_tbl_options(s, a->id))
S_T(S_t_kernels, ec_tbl_kernels(s, a->id, a->part, a->rows))

/* One table per layer type, slowest types first (ec_groups_order, families
 * from names included), each led by TREx's sentence. Table ids are "<id>-<k>". */
static ec_table **S_t_type_tables(const ec_summary *s, const ec_item_args *a, char ***leads, size_t *n) {
  ec_table **v = ec_calloc(s->by_type_shown.n + 1, sizeof *v);
  *leads = ec_calloc(s->by_type_shown.n + 1, sizeof **leads);
  *n = 0;
  size_t *ix = ec_groups_order(&s->by_type_shown, s->has_latency);
  for (size_t i = 0; i < s->by_type_shown.n; i++) {
    char id[96];
    snprintf(id, sizeof id, "%s-%zu", a->id, i + 1);
    char *sentence = NULL;
    ec_table *t = ec_tbl_type_layers(s, id, s->by_type_shown.v[ix[i]].key, a->rows, &sentence);
    if (!t) continue;
    v[*n] = t;
    (*leads)[(*n)++] = sentence;
  }
  free(ix);
  return v;
}

/* ---- the registry ------------------------------------------------------------ */

#define W 640 /* a chart spans the column */

static const ec_item S_items[] = {
    /* charts */
    {"latency-by-type", EC_ITEM_CHART, ec_echart_latency_by_type, NULL, NULL, "by-type", W, 0, S_no_layers, S_one_type,
     "latency per layer type (ms), TREx's colours; without a profile, layers per type", 0},
    {"latency-share-by-type", EC_ITEM_CHART, ec_echart_latency_share_by_type, NULL, NULL, "by-type", W, 0, S_no_latency,
     S_one_type, "the same as a share of the latency (%)", 0},
    {"count-by-type", EC_ITEM_CHART, ec_echart_count_by_type, NULL, NULL, "by-type", W, 0, S_no_layers, S_one_type,
     "layers per type", 0},
    {"count-and-latency-by-type", EC_ITEM_CHART, ec_echart_count_and_latency_by_type, NULL, NULL, "by-type", W, 0,
     S_no_latency, S_one_type, "each type's share of the layers beside its share of the latency", 0},
    {"precision-mix", EC_ITEM_CHART, ec_echart_precision_mix, NULL, NULL, "by-precision", W, 0, S_no_layers,
     S_one_precision, "latency by input and by output precision, and layers by input precision, as shares", 0},
    {"precision-strip", EC_ITEM_CHART, ec_echart_precision_strip, NULL, NULL, NULL, W, 0, S_no_layers, S_one_strip,
     "one strip: the latency (or, without a profile, the layers) by input precision", 0},
    {"layer-latency", EC_ITEM_CHART, ec_echart_layer_latency, NULL, NULL, "top-layers", W, EC_ROWS_TOP, S_no_latency,
     S_one_layer, "the N slowest layers, coloured by type, marked with their precision", 0},
    {"layer-order", EC_ITEM_CHART, ec_echart_layer_order, NULL, NULL, "layers-in-order", W, 0, S_no_latency, S_one_layer,
     "latency per layer in execution order, coloured by precision (TREx's per-layer view; big engines in bins "
     "drawn as their slowest layer)", 1},
    {"memory-per-layer", EC_ITEM_CHART, ec_echart_memory_per_layer, NULL, NULL, "memory", W, EC_ROWS_MEMORY, S_no_memory, NULL,
     "weights and I/O of the layers with the largest footprint", 0},
    {"pointwise-ops", EC_ITEM_CHART, ec_echart_pointwise_ops, NULL, NULL, "pointwise", 0, 0, S_no_pointwise,
     S_one_pointwise, "PointWise layers by the number of operations they fuse", 0},
    {"reformat-by-origin", EC_ITEM_CHART, ec_echart_reformat_by_origin, NULL, NULL, "reformats", W, 0,
     S_no_reformat_latency, S_one_reformat, "Reformat latency by origin", 0},
    {"timing-iterations", EC_ITEM_CHART, ec_echart_timing_iterations, NULL, NULL, NULL, W, 0, S_no_timing, NULL,
     "latency of every iteration, with the median and p99", 0},
    {"timing-histogram", EC_ITEM_CHART, ec_echart_timing_histogram, NULL, NULL, NULL, W, 0, S_no_timing, NULL,
     "distribution of the per-iteration latency", 0},
    {"roofline", EC_ITEM_CHART, ec_echart_roofline, NULL, NULL, "efficiency", W, EC_ROWS_EFFICIENCY, S_no_roofline, NULL,
     "convolutions and GEMMs against the device's compute and bandwidth ceilings", 0},
    /* tables */
    {"facts", EC_ITEM_TABLE, NULL, S_t_facts, NULL, NULL, 0, 0, NULL, NULL, "files, device, version, headline figures", 0},
    {"bindings", EC_ITEM_TABLE, NULL, S_t_bindings, NULL, NULL, 0, 0, S_no_bindings, NULL, "the engine's inputs and outputs", 0},
    {"performance", EC_ITEM_TABLE, NULL, S_t_perf, NULL, NULL, 0, 0, S_no_perf, NULL,
     "GPU compute, latency, enqueue, H2D, D2H: min, mean, median, percentiles", 0},
    {"by-type", EC_ITEM_TABLE, NULL, S_t_by_type, NULL, NULL, 0, 0, S_no_layers, NULL, "layers and latency per type", 0},
    {"by-precision", EC_ITEM_TABLE, NULL, S_t_by_precision, NULL, NULL, 0, 0, S_no_layers, NULL,
     "layers and latency per input precision, latency per output precision", 0},
    {"top-layers", EC_ITEM_TABLE, NULL, S_t_top_layers, NULL, NULL, 0, EC_ROWS_TOP, S_no_latency, NULL,
     "the N slowest layers", 0},
    {"type-tables", EC_ITEM_TABLES, NULL, NULL, S_t_type_tables, NULL, 0, EC_ROWS_TOP, S_no_layers, NULL,
     "the slowest layers of each type, with TREx's sentence", 0},
    {"layers-in-order", EC_ITEM_TABLE, NULL, S_t_layer_order, NULL, NULL, 0, 0, S_no_latency, NULL,
     "the layer-order chart's bars: each layer in execution order, or each run's slowest layer", 0},
    {"tactics", EC_ITEM_TABLE, NULL, S_t_tactics, NULL, NULL, 0, 0, S_no_layers, NULL, "tactics grouped like trex summary -gt", 0},
    {"layers", EC_ITEM_TABLE, NULL, S_t_layers, NULL, NULL, 0, 0, S_no_layers, NULL, "every layer, sortable and filterable", 0},
    {"reformats", EC_ITEM_TABLE, NULL, S_t_reformats, NULL, NULL, 0, 0, S_no_reformats, NULL, "Reformat layers by origin", 0},
    {"pointwise", EC_ITEM_TABLE, NULL, S_t_pointwise, NULL, NULL, 0, 0, S_no_pointwise, NULL,
     "PointWise layers by fused operations", 0},
    {"fused", EC_ITEM_TABLE, NULL, S_t_fused, NULL, NULL, 0, EC_ROWS_FUSED, S_no_fused, NULL, "what each fused layer stands for", 0},
    {"memory", EC_ITEM_TABLE, NULL, S_t_memory, NULL, NULL, 0, EC_ROWS_MEMORY, S_no_memory, NULL,
     "weights and I/O of the layers with the largest footprint", 0},
    {"efficiency", EC_ITEM_TABLE, NULL, S_t_efficiency, NULL, NULL, 0, EC_ROWS_EFFICIENCY, S_no_efficiency, NULL,
     "FLOPs, achieved TFLOP/s and GB/s against the peak of each kernel's math", 0},
    {"options", EC_ITEM_TABLE, NULL, S_t_options, NULL, NULL, 0, 0, S_no_options, NULL,
     "build and inference options as trtexec printed them", 0},
    {"kernels", EC_ITEM_TABLE, NULL, S_t_kernels, NULL, NULL, 0, EC_ROWS_KERNELS, S_no_kernels, NULL,
     "each layer's kernels (Nsight Systems, --nsys): share, launches and median per iteration, a fused layer's op "
     "groups", 0},
};

#undef W

const ec_item *ec_items(size_t *n) {
  *n = sizeof S_items / sizeof S_items[0];
  return S_items;
}

const ec_item *ec_item_find(const char *name) {
  for (size_t i = 0; name && i < sizeof S_items / sizeof S_items[0]; i++)
    if (!strcmp(S_items[i].name, name)) return &S_items[i];
  return NULL;
}

size_t ec_top_rows(size_t top) { return top ? top : EC_TOP_DEFAULT; }

size_t ec_item_rows(const ec_item *it, size_t rows, size_t top) {
  if (it->rows == EC_ROWS_TOP && top) return top; /* report --top N wins over a template's rows */
  if (rows) return rows;
  if (it->rows == EC_ROWS_TOP) return ec_top_rows(top);
  return it->rows;
}

ec_scene *ec_engine_chart(const ec_engine *e, const ec_summary *s, const char *name, const ec_engine_chart_opts *opts) {
  const ec_item *it = ec_item_find(name);
  if (!it || it->kind != EC_ITEM_CHART || (it->missing && it->missing(s))) return NULL;
  if (it->single) {
    char *one = it->single(s);
    free(one);
    if (one) return NULL;
  }
  ec_engine_chart_opts o = opts ? *opts : (ec_engine_chart_opts){0};
  if (!(o.width > 0)) o.width = it->width;
  if (!o.top_n) o.top_n = ec_item_rows(it, 0, 0);
  return it->chart(e, s, &o);
}

void ec_engine_charts(const ec_engine *e, const ec_summary *s, const ec_engine_chart_opts *opts, ec_chart_set *out) {
  for (size_t i = 0; i < sizeof S_items / sizeof S_items[0]; i++) {
    if (S_items[i].kind != EC_ITEM_CHART) continue;
    ec_scene *sc = ec_engine_chart(e, s, S_items[i].name, opts);
    if (!sc) continue;
    if (out->n == out->cap) {
      out->cap = out->cap ? 2 * out->cap : 8;
      out->scenes = ec_reallocarray(out->scenes, out->cap, sizeof *out->scenes);
      out->names = ec_reallocarray(out->names, out->cap, sizeof *out->names);
    }
    out->scenes[out->n] = sc;
    out->names[out->n] = ec_strdup(S_items[i].name);
    out->n++;
  }
}

void ec_chart_set_free(ec_chart_set *set) {
  for (size_t i = 0; i < set->n; i++) {
    free(set->names[i]);
    ec_scene_free(set->scenes[i]);
  }
  free(set->names);
  free(set->scenes);
  memset(set, 0, sizeof *set);
}
