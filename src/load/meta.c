/* meta — TREx's metadata files and the legacy device dump.
 *
 * *.profile.metadata.json: performance_summary, inference_options,
 * device_information; *.build.metadata.json: model_options, build_options,
 * device_information (both made by TREx's scripts from trtexec logs);
 * *.metadata.json (legacy): a list with one pycuda device dict. The latency
 * lists follow trtexec's --percentile option: 5 values [min, max, mean,
 * median, p99] before 8.5, 7 values [..., p90, p95, p99] after, other counts
 * labelled from inference_options "Percentiles" when present. */
#include "load/internal.h"
#include "words/words.h"
#include "load/json.h"
#include "util/alloc.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* o's keys into k; a key k already has follows load/sources.c's rule. */
static void S_kvs_from(ec_engine *e, const char *path, ec_kvs *k, const json_t *o, const char *what) {
  const char *key;
  const json_t *v;
  json_object_foreach((json_t *)o, key, v) {
    char *t = ec_json_text(v);
    ec_source_merge_kv(e, path, 0, k, key, t, what);
    free(t);
  }
}

/* Percentile labels from a "Percentiles" option like "90,95,99" or "99.9". */
static int S_pct_labels(const char *opt, char labels[][16], int max) {
  int n = 0;
  while (opt && *opt && n < max) {
    char *end;
    double p = strtod(opt, &end);
    if (end == opt) break;
    snprintf(labels[n++], 16, "p" EC_GIVEN, p);
    opt = end;
    while (*opt == ',' || *opt == ' ' || *opt == '%') opt++;
  }
  return n;
}

static void S_stats_from_list(ec_stats *s, const json_t *arr, const char *pct_opt) {
  if (!json_is_array(arr)) return;
  size_t n = json_array_size(arr);
  static const char *head[] = {"min", "max", "mean", "median"};
  char labels[12][16];
  int np = 0;
  if (pct_opt) np = S_pct_labels(pct_opt, labels, 12);
  if (!np || (size_t)np != (n > 4 ? n - 4 : 0)) {
    if (n == 5) {
      snprintf(labels[0], 16, "p99");
      np = 1;
    } else if (n == 7) {
      snprintf(labels[0], 16, "p90");
      snprintf(labels[1], 16, "p95");
      snprintf(labels[2], 16, "p99");
      np = 3;
    } else {
      np = 0;
      for (size_t i = 4; i < n && np < 12; i++) snprintf(labels[np++], 16, "value%zu", i + 1);
    }
  }
  s->n = 0;
  for (size_t i = 0; i < n && i < 16; i++) {
    double x = ec_json_num(json_array_get(arr, i));
    if (!isfinite(x)) continue;
    ec_stats_set(s, i < 4 ? head[i] : (i - 4 < (size_t)np ? labels[i - 4] : "value"), x);
  }
  s->source = "metadata";
}

static double S_num_prefix(const char *s) {
  if (!s) return NAN;
  char *end;
  double x = strtod(s, &end);
  return end == s ? NAN : x;
}

void ec_device_from_kvs(ec_engine *e, const char *source);

/* Fill typed device fields from e->device.all (names as trtexec prints them). */
void ec_device_from_kvs(ec_engine *e, const char *source) {
  ec_device *d = &e->device;
  const ec_kvs *k = &d->all;
  const char *v;
  d->present = 1;
  d->source = source;
  /* k holds the winning values already (load/sources.c): a name cut short
   * earlier gives way to the fuller one */
  if ((v = ec_kvs_get(k, "Selected Device")) || (v = ec_kvs_get(k, "Name")))
    if (ec_source_pick(d->name, v) == EC_SOURCE_TAKE) {
      free(d->name);
      d->name = ec_strdup(v);
    }
  if ((v = ec_kvs_get(k, "Compute Capability")) && ec_source_pick(d->compute_capability, v) == EC_SOURCE_TAKE) {
    free(d->compute_capability);
    d->compute_capability = ec_strdup(v);
  }
  if (isnan(d->sms)) d->sms = S_num_prefix(ec_kvs_get(k, "SMs"));
  if (isnan(d->compute_clock_ghz)) {
    v = ec_kvs_get(k, "Compute Clock Rate");
    if (!v) v = ec_kvs_get(k, "Application Compute Clock Rate");
    d->compute_clock_ghz = S_num_prefix(v);
  }
  if (isnan(d->memory_clock_ghz)) {
    v = ec_kvs_get(k, "Memory Clock Rate");
    if (!v) v = ec_kvs_get(k, "Application Memory Clock Rate");
    d->memory_clock_ghz = S_num_prefix(v);
  }
  if (isnan(d->bus_width_bits)) d->bus_width_bits = S_num_prefix(ec_kvs_get(k, "Memory Bus Width"));
  if ((v = ec_kvs_get(k, "Device Global Memory")) && ec_source_pick(d->global_memory, v) == EC_SOURCE_TAKE) {
    free(d->global_memory);
    d->global_memory = ec_strdup(v);
  }
}

static void S_legacy_device(ec_engine *e, const char *path, const json_t *o) {
  ec_device *d = &e->device;
  S_kvs_from(e, path, &d->all, o, "device");
  if (!d->name) {
    const char *n = json_string_value(json_object_get(o, "Name"));
    if (n) d->name = ec_strdup(n);
  }
  const json_t *cc = json_object_get(o, "ComputeCapability");
  if (!d->compute_capability && json_is_array(cc) && json_array_size(cc) == 2)
    d->compute_capability = ec_asprintf("%lld.%lld", (long long)json_integer_value(json_array_get(cc, 0)),
                                        (long long)json_integer_value(json_array_get(cc, 1)));
  double x;
  if (isnan(d->sms) && isfinite(x = ec_json_num(json_object_get(o, "MULTIPROCESSOR_COUNT")))) d->sms = x;
  if (isnan(d->compute_clock_ghz) && isfinite(x = ec_json_num(json_object_get(o, "CLOCK_RATE")))) d->compute_clock_ghz = x / 1e6;
  if (isnan(d->memory_clock_ghz) && isfinite(x = ec_json_num(json_object_get(o, "MEMORY_CLOCK_RATE")))) d->memory_clock_ghz = x / 1e6;
  if (isnan(d->bus_width_bits) && isfinite(x = ec_json_num(json_object_get(o, "GLOBAL_MEMORY_BUS_WIDTH")))) d->bus_width_bits = x;
  if (!d->global_memory && isfinite(x = ec_json_num(json_object_get(o, "TotalMemory"))))
    d->global_memory = ec_asprintf(EC_WHOLE " MiB", x / 1048576.0);
  d->present = 1;
  d->source = "metadata";
}

int ec_load_meta_text(ec_engine *e, const char *path, const char *text, size_t len,
                      const ec_load_opts *o) {
  ec_json_doc doc;
  if (ec_json_parse(path, text, len, EC_BUDGET_LIST, &e->diags, &doc) != 0) return -1;
  const json_t *root = doc.v[0];
  int used = 0;
  ec_file_kind kind = EC_FILE_UNKNOWN;
  if (json_is_array(root)) {
    const json_t *d0 = json_array_get(root, 0);
    if (json_is_object(d0) && (json_object_get(d0, "ComputeCapability") || json_object_get(d0, "Name"))) {
      S_legacy_device(e, path, d0);
      kind = EC_FILE_DEVICE_META;
      used = 1;
      if (json_array_size(root) > 1)
        ec_diag_add(&e->diags, EC_INFO, path, 0, 0, "%zu %s listed; the first is used", json_array_size(root),
                    ec_plural(json_array_size(root), "device", "devices"));
    }
  } else if (json_is_object(root)) {
    const json_t *ps = json_object_get(root, "performance_summary");
    const json_t *io = json_object_get(root, "inference_options");
    const json_t *di = json_object_get(root, "device_information");
    const json_t *mo = json_object_get(root, "model_options");
    const json_t *bo = json_object_get(root, "build_options");
    if (json_is_object(io)) S_kvs_from(e, path, &e->inference_options, io, "inference option");
    if (json_is_object(mo)) S_kvs_from(e, path, &e->model_options, mo, "model option");
    if (json_is_object(bo)) S_kvs_from(e, path, &e->build_options, bo, "build option");
    /* TREx's log parser kept one "Input ... shape" line per key: its input */
    int pidx = o ? o->profile_index : 0;
    if (json_is_object(bo)) ec_input_shapes_from_kvs(&e->input_shapes, &e->build_options, pidx);
    if (json_is_object(io)) ec_input_shapes_from_kvs(&e->input_shapes, &e->inference_options, pidx);
    if (json_is_object(di)) {
      S_kvs_from(e, path, &e->device.all, di, "device");
      ec_device_from_kvs(e, "metadata");
    }
    if (json_is_object(ps)) {
      ec_perf *p = &e->perf;
      const char *pct = ec_kvs_get(&e->inference_options, "Percentiles");
      if (!p->present) {
        p->present = 1;
        S_stats_from_list(&p->latency, json_object_get(ps, "Latency"), pct);
        S_stats_from_list(&p->gpu_compute, json_object_get(ps, "GPU Compute Time"), pct);
        S_stats_from_list(&p->enqueue, json_object_get(ps, "Enqueue Time"), pct);
        S_stats_from_list(&p->h2d, json_object_get(ps, "H2D Latency"), pct);
        S_stats_from_list(&p->d2h, json_object_get(ps, "D2H Latency"), pct);
        p->throughput_qps = ec_json_num(json_object_get(ps, "Throughput"));
        if (isfinite(p->throughput_qps)) p->throughput_source = "metadata";
        p->walltime_s = ec_json_num(json_object_get(ps, "Total Host Walltime"));
        p->total_gpu_compute_s = ec_json_num(json_object_get(ps, "Total GPU Compute Time"));
      } else {
        ec_diag_add(&e->diags, EC_INFO, path, 0, 0, "a performance summary was already read; this one is ignored");
      }
    }
    if (ps || io) kind = EC_FILE_PROFILE_META;
    else if (mo || bo) kind = EC_FILE_BUILD_META;
    else if (di) kind = EC_FILE_PROFILE_META;
    used = kind != EC_FILE_UNKNOWN;
  }
  if (!used) {
    ec_diag_add(&e->diags, EC_WARN, path, 1, 1, "JSON file not recognised as graph, profile, timing or metadata; ignored");
    ec_json_doc_free(&doc);
    return -1;
  }
  ec_engine_add_file(e, path, kind);
  /* TREx's build metadata is a trtexec build log's options */
  if (kind == EC_FILE_BUILD_META && !e->build_tool) e->build_tool = ec_strdup("trtexec");
  ec_load_generator_json(e, path, root);
  ec_json_doc_free(&doc);
  return 0;
}
