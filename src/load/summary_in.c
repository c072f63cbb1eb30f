/* summary_in — read a stored `enginecard summary --json` document
 * (enginecard.summary/2, or /1) back into an ec_engine, so a nightly job can
 * keep a small baseline instead of the engine's files.
 *
 * What comes back: the engine name (unless NAME= was given), performance
 * statistics (GPU compute, latency, enqueue, H2D, D2H, throughput), device,
 * build/inference options, the bindings, the TensorRT version, the labels
 * given to `summary --label`, and the per-type latencies and slowest layers
 * (e->stored_by_type, e->stored_top: trend's "what moved"). Statistics computed from
 * timing.json keep their spread: "stdev" and "count" join the labelled
 * values of the ec_stats, which then name their source "summary (timing.json)",
 * and /2's sketches of GPU compute time and latency land in
 * e->perf.*_sketch (compare's interval; a /1 summary has none, and compare
 * approximates the distribution from its percentiles).
 * Layers are not stored in a summary, so the engine has none: alignment and
 * the layer-sum metric are unavailable for it (the caller says so). */
#include "load/internal.h"
#include "load/json.h"
#include "util/alloc.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Static source names (ec_stats.source must outlive the engine). */
static const char *S_source(const char *stored) {
  if (!stored) return "summary";
  if (strcmp(stored, "timing.json") == 0) return "summary (timing.json)";
  if (strcmp(stored, "metadata") == 0) return "summary (metadata)";
  if (strcmp(stored, "log") == 0) return "summary (log)";
  return "summary";
}

static void S_stats(ec_stats *s, const json_t *o) {
  if (!json_is_object(o)) return;
  static const char *const keys[] = {"min", "max", "mean", "median", "p90", "p95", "p99", "stdev", "count"};
  for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++) {
    double v = ec_json_num(json_object_get(o, keys[k]));
    if (isfinite(v)) ec_stats_set(s, keys[k], v);
  }
  /* other percentiles ("p99.9") as stored */
  const char *key;
  const json_t *v;
  json_object_foreach((json_t *)o, key, v) {
    if (key[0] != 'p' || strlen(key) >= sizeof s->v[0].label || !isnan(ec_stats_get(s, key))) continue;
    double x = ec_json_num(v);
    if (isfinite(x) && s->n < (int)(sizeof s->v / sizeof s->v[0])) ec_stats_set(s, key, x);
  }
  if (s->n) s->source = S_source(json_string_value(json_object_get(o, "source")));
}

/* A /2 sketch {"count": n, "quantiles": [...]}: at least two finite,
 * non-decreasing values; anything else is ignored with a warning. */
static void S_sketch(ec_engine *e, const char *path, const char *what, ec_sketch *sk, const json_t *o) {
  const json_t *s = json_object_get(o, "sketch");
  if (!s || json_is_null(s)) return;
  const json_t *q = json_object_get(s, "quantiles");
  double n = ec_json_num(json_object_get(s, "count"));
  size_t m = json_array_size(q);
  int ok = json_is_array(q) && m >= 2 && isfinite(n) && n >= 1 && n == floor(n);
  double *v = ok ? ec_malloc(m * sizeof *v) : NULL;
  for (size_t i = 0; ok && i < m; i++) {
    v[i] = ec_json_num(json_array_get(q, i));
    if (!isfinite(v[i]) || (i && v[i] < v[i - 1])) ok = 0;
  }
  if (!ok) {
    free(v);
    ec_diag_add(&e->diags, EC_WARN, path, 0, 0, "performance.%s.sketch is not a count and non-decreasing quantiles; ignored",
                what);
    return;
  }
  sk->q = v;
  sk->m = m;
  sk->n = (size_t)n;
}

static void S_kvs(ec_kvs *k, const json_t *o) {
  if (!json_is_object(o)) return;
  const char *key;
  const json_t *v;
  json_object_foreach((json_t *)o, key, v) {
    if (ec_kvs_get(k, key)) continue;
    char *t = ec_json_text(v);
    ec_kvs_add(k, key, t);
    free(t);
  }
}

/* latency_ms.by_type {TYPE: ms} (sorted by type, as stored) and top_layers
 * [{name, type, latency_ms}]; entries without a name are skipped, a null
 * latency stays unknown (NAN). */
static void S_latencies(ec_engine *e, const json_t *by_type, const json_t *top) {
  const char *key;
  const json_t *v;
  size_t cap = 0;
  if (json_is_object(by_type) && !e->n_stored_by_type)
    json_object_foreach((json_t *)by_type, key, v) {
      ec_named_ms *x = EC_PUSH(e->stored_by_type, e->n_stored_by_type, cap);
      x->name = ec_strdup(key);
      x->type = NULL;
      x->ms = ec_json_num(v);
    }
  cap = 0;
  if (!json_is_array(top) || e->n_stored_top) return;
  for (size_t i = 0; i < json_array_size(top); i++) {
    const json_t *l = json_array_get(top, i);
    size_t nl, tl;
    const char *name = ec_json_str(json_object_get(l, "name"), &nl);
    if (!name) continue;
    const char *type = ec_json_str(json_object_get(l, "type"), &tl);
    ec_named_ms *x = EC_PUSH(e->stored_top, e->n_stored_top, cap);
    x->name = ec_strndup(name, nl);
    x->type = type ? ec_strndup(type, tl) : NULL;
    x->ms = ec_json_num(json_object_get(l, "latency_ms"));
  }
}

static char *S_str(const json_t *o, const char *key) {
  const char *s = json_string_value(json_object_get(o, key));
  return s ? ec_strdup(s) : NULL;
}

/* The name discovery gives a file: its base name without ".json"/".txt". */
static int S_is_default_name(const char *name, const char *path) {
  const char *b = strrchr(path, '/');
  b = b ? b + 1 : path;
  size_t n = strlen(b);
  if (n > 5 && strcmp(b + n - 5, ".json") == 0) n -= 5;
  else if (n > 4 && strcmp(b + n - 4, ".txt") == 0) n -= 4;
  return strlen(name) == n && memcmp(name, b, n) == 0;
}

/* A shape written as a JSON list of integers, or null. */
static void S_dims(ec_dims *d, const json_t *a) {
  if (!json_is_array(a) || d->v || json_array_size(a) > 64) return;
  size_t n = json_array_size(a);
  d->v = ec_calloc(n ? n : 1, sizeof *d->v);
  d->n = (int)n;
  for (size_t i = 0; i < n; i++) d->v[i] = ec_i64(ec_json_num(json_array_get(a, i)), -1);
}

/* build.inputs: [{name, min, opt, max, inference}] */
static void S_inputs(ec_input_shapes *s, const json_t *a) {
  if (!json_is_array(a)) return;
  for (size_t i = 0; i < json_array_size(a); i++) {
    const json_t *x = json_array_get(a, i);
    size_t nl;
    const char *name = ec_json_str(json_object_get(x, "name"), &nl);
    if (!name) continue;
    ec_input_shape *in = ec_input_shapes_get(s, name, nl);
    S_dims(&in->min, json_object_get(x, "min"));
    S_dims(&in->opt, json_object_get(x, "opt"));
    S_dims(&in->max, json_object_get(x, "max"));
    S_dims(&in->inference, json_object_get(x, "inference"));
  }
}

/* bindings: [{name, direction, listed, shape, datatype, format, ...}] back
 * into the engine's one list (its profile shapes come from build.inputs,
 * linked when the engine is finished); a binding without a name is skipped. */
static void S_bindings(ec_engine *e, const char *path, const json_t *a) {
  if (!json_is_array(a) || e->n_bindings) return;
  size_t cap = 0;
  for (size_t i = 0; i < json_array_size(a); i++) {
    const json_t *x = json_array_get(a, i);
    size_t nl, fl;
    const char *name = ec_json_str(json_object_get(x, "name"), &nl);
    if (!name) continue;
    ec_binding *b = EC_PUSH(e->bindings, e->n_bindings, cap);
    memset(b, 0, sizeof *b);
    b->t.name = ec_strndup(name, nl);
    b->t.name_len = nl;
    b->t.volume = -1;
    const char *dir = json_string_value(json_object_get(x, "direction"));
    b->dir = !dir ? EC_BIND_UNKNOWN : !strcmp(dir, "input") ? EC_BIND_INPUT : !strcmp(dir, "output") ? EC_BIND_OUTPUT
                                                                                                      : EC_BIND_UNKNOWN;
    b->listed = json_is_true(json_object_get(x, "listed"));
    ec_dims d = {0};
    S_dims(&d, json_object_get(x, "shape"));
    if (d.v) {
      b->described = 1;
      b->t.dims = d.v;
      b->t.ndims = d.n;
      ec_tensor_set_volume(&b->t);
      const char *fmt = ec_json_str(json_object_get(x, "format"), &fl);
      if (fmt) ec_tensor_set_format(e, path, &b->t, fmt, fl);
    }
  }
}

int ec_load_summary_text(ec_engine *e, const char *path, const char *text, size_t len, const ec_load_opts *o) {
  (void)o;
  ec_json_doc doc;
  if (ec_json_parse(path, text, len, &e->diags, &doc) != 0) return -1;
  const json_t *root = doc.v[0];
  const char *schema = json_string_value(json_object_get(root, "schema"));
  if (!json_is_object(root) || !schema || strncmp(schema, "enginecard.summary/", 19) != 0) {
    ec_diag_add(&e->diags, EC_ERROR, path, 1, 1, "not an enginecard summary (no \"schema\": \"enginecard.summary/2\")");
    ec_json_doc_free(&doc);
    return -1;
  }
  if (strcmp(schema, "enginecard.summary/1") != 0 && strcmp(schema, "enginecard.summary/2") != 0)
    ec_diag_add(&e->diags, EC_WARN, path, 1, 1, "summary schema %s is newer than this build reads (enginecard.summary/2); "
                "known fields are used", schema);
  ec_engine_add_file(e, path, EC_FILE_SUMMARY);

  const char *stored = json_string_value(json_object_get(root, "engine"));
  if (stored && *stored && S_is_default_name(e->name, path)) {
    free(e->name);
    e->name = ec_strdup(stored);
  }

  /* the layer-latency sum, for compare --metric layer-sum against a stored baseline */
  const json_t *lat = json_object_get(root, "latency_ms");
  if (json_is_object(lat)) e->stored_layer_sum_ms = ec_json_num(json_object_get(lat, "total"));
  S_latencies(e, json_is_object(lat) ? json_object_get(lat, "by_type") : NULL, json_object_get(root, "top_layers"));
  S_kvs(&e->labels, json_object_get(root, "labels"));
  const json_t *prov2 = json_object_get(root, "provenance");
  if (json_is_object(prov2)) {
    double pc = ec_json_num(json_object_get(prov2, "profile_iterations"));
    if (isfinite(pc) && pc > 0) e->stored_profile_count = ec_i64(pc, 0);
  }

  const json_t *perf = json_object_get(root, "performance");
  if (json_is_object(perf)) {
    ec_perf *p = &e->perf;
    p->present = 1;
    S_stats(&p->gpu_compute, json_object_get(perf, "gpu_compute_ms"));
    S_stats(&p->latency, json_object_get(perf, "latency_ms"));
    S_sketch(e, path, "gpu_compute_ms", &p->gpu_compute_sketch, json_object_get(perf, "gpu_compute_ms"));
    S_sketch(e, path, "latency_ms", &p->latency_sketch, json_object_get(perf, "latency_ms"));
    S_stats(&p->enqueue, json_object_get(perf, "enqueue_ms"));
    S_stats(&p->h2d, json_object_get(perf, "h2d_ms"));
    S_stats(&p->d2h, json_object_get(perf, "d2h_ms"));
    p->throughput_qps = ec_json_num(json_object_get(perf, "throughput_qps"));
    if (isfinite(p->throughput_qps)) p->throughput_source = S_source(json_string_value(json_object_get(perf, "throughput_source")));
    p->walltime_s = ec_json_num(json_object_get(perf, "walltime_s"));
    p->total_gpu_compute_s = ec_json_num(json_object_get(perf, "total_gpu_compute_s"));
  } else if (json_is_object(json_object_get(root, "timing"))) {
    /* a summary without performance block: latency statistics only */
    const json_t *t = json_object_get(root, "timing");
    static const char *const k[][2] = {{"min_ms", "min"},       {"max_ms", "max"}, {"mean_ms", "mean"},
                                       {"median_ms", "median"}, {"p90_ms", "p90"}, {"p95_ms", "p95"},
                                       {"p99_ms", "p99"},       {"stdev_ms", "stdev"}, {"count", "count"}};
    for (size_t i = 0; i < sizeof k / sizeof k[0]; i++) {
      double v = ec_json_num(json_object_get(t, k[i][0]));
      if (isfinite(v)) ec_stats_set(&e->perf.latency, k[i][1], v);
    }
    if (e->perf.latency.n) {
      e->perf.latency.source = "summary (timing.json)";
      e->perf.present = 1;
    }
  }

  const json_t *dev = json_object_get(root, "device");
  if (json_is_object(dev)) {
    ec_device *d = &e->device;
    d->present = 1;
    d->name = S_str(dev, "name");
    d->compute_capability = S_str(dev, "compute_capability");
    d->global_memory = S_str(dev, "global_memory");
    d->sms = ec_json_num(json_object_get(dev, "sms"));
    d->compute_clock_ghz = ec_json_num(json_object_get(dev, "compute_clock_ghz"));
    d->memory_clock_ghz = ec_json_num(json_object_get(dev, "memory_clock_ghz"));
    d->bus_width_bits = ec_json_num(json_object_get(dev, "bus_width_bits"));
    d->source = "summary";
    S_kvs(&d->all, dev);
  }

  const json_t *b = json_object_get(root, "build");
  if (json_is_object(b)) {
    S_kvs(&e->model_options, json_object_get(b, "model_options"));
    S_kvs(&e->build_options, json_object_get(b, "build_options"));
    S_kvs(&e->inference_options, json_object_get(b, "inference_options"));
    S_kvs(&e->system_options, json_object_get(b, "system_options"));
    S_kvs(&e->reporting_options, json_object_get(b, "reporting_options"));
    S_kvs(&e->memory, json_object_get(b, "memory"));
    S_inputs(&e->input_shapes, json_object_get(b, "inputs"));
  }
  S_bindings(e, path, json_object_get(root, "bindings"));

  const json_t *prov = json_object_get(root, "provenance");
  if (json_is_object(prov)) {
    const char *trt = json_string_value(json_object_get(prov, "tensorrt"));
    if (trt && !e->trt_version) {
      e->trt_version = ec_strdup(trt);
      free(e->trt_version_source);
      e->trt_version_source = ec_strdup("summary");
    }
    double pc = ec_json_num(json_object_get(prov2, "profile_iterations"));
    if (isfinite(pc) && pc >= 0) e->profile_count = ec_i64(pc, 0);
  }

  double nl = ec_json_num(json_object_get(root, "layers"));
  ec_diag_add(&e->diags, EC_INFO, path, 0, 0,
              "stored summary of %s (%.0f layers): per-layer data is not stored, so layers are not aligned",
              e->name, isfinite(nl) ? nl : 0.0);
  if (!e->perf.present)
    ec_diag_add(&e->diags, EC_WARN, path, 0, 0, "stored summary has no performance statistics");
  ec_json_doc_free(&doc);
  return 0;
}
