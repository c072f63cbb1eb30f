/* summary_json — enginecard.summary/2.
 *
 * /2 adds a sketch of the per-iteration distribution of GPU compute time and
 * latency (performance.gpu_compute_ms.sketch, performance.latency_ms.sketch:
 * EC_SKETCH_POINTS quantiles and the count), so that a stored summary is a
 * baseline for compare's interval; every /1 key keeps its meaning.
 *
 * Keys are sorted on output (ec_jdump), numbers that are unknown are null,
 * and every string from an input goes through ec_jstrn (valid UTF-8). The
 * schema is documented in docs/formats.md. */
#include "emit/summary_json.h"
#include "emit/jsonout.h"
#include "facts/device_peak.h"
#include "judge/gate.h"
#include "facts/layer_kind.h"
#include "util/order.h"
#include "util/alloc.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static json_t *S_groups_ms(const ec_groups *g) {
  json_t *o = json_object();
  for (size_t i = 0; i < g->n; i++) json_object_set_new(o, g->v[i].key, ec_jnum(g->v[i].latency_ms));
  return o;
}

static json_t *S_groups_count(const ec_groups *g) {
  json_t *o = json_object();
  for (size_t i = 0; i < g->n; i++) json_object_set_new(o, g->v[i].key, json_integer((json_int_t)g->v[i].count));
  return o;
}

/* The report's by-type view (by_type_shown): layer types read from names
 * (a names-only layer's family "(from name)", a Myelin kgen kernel's decoded
 * ops "(Myelin kgen)") beside the types the source gave; outside every TREx
 * number (latency_ms.by_type and layer_count.by_type stay TREx's). null
 * without layers. */
static json_t *S_types_from_names(const ec_summary *s) {
  if (!s->layers) return json_null();
  const ec_engine *e = s->engine;
  size_t n = 0;
  for (size_t i = 0; i < e->n_layers; i++) n += ec_layer_type_from_names(&e->layers[i]) != NULL;
  json_t *o = json_object();
  json_object_set_new(o, "read_from", json_string("names"));
  json_object_set_new(o, "layers", json_integer((json_int_t)n));
  json_object_set_new(o, "layer_count_by_type", S_groups_count(&s->by_type_shown));
  json_object_set_new(o, "latency_ms_by_type", s->has_latency ? S_groups_ms(&s->by_type_shown) : json_null());
  return o;
}

static json_t *S_sample_stats(const ec_sample_stats *t, const char *source) {
  json_t *o = json_object();
  json_object_set_new(o, "count", json_integer((json_int_t)t->count));
  json_object_set_new(o, "min", ec_jnum(t->min));
  json_object_set_new(o, "max", ec_jnum(t->max));
  json_object_set_new(o, "mean", ec_jnum(t->mean));
  json_object_set_new(o, "median", ec_jnum(t->median));
  json_object_set_new(o, "p90", ec_jnum(t->p90));
  json_object_set_new(o, "p95", ec_jnum(t->p95));
  json_object_set_new(o, "p99", ec_jnum(t->p99));
  json_object_set_new(o, "stdev", ec_jnum(t->stdev));
  json_object_set_new(o, "cv_pct", ec_jnum(100.0 * t->cv));
  if (source) json_object_set_new(o, "source", json_string(source));
  return o;
}

/* The sketch of a timing column (non-finite values left out): quantiles at
 * p = j/(m-1) of the sorted values, and their count. */
static json_t *S_sketch(const double *v, size_t n) {
  double *s = ec_malloc((n ? n : 1) * sizeof *s);
  size_t k = 0;
  for (size_t i = 0; i < n; i++)
    if (isfinite(v[i])) s[k++] = v[i];
  if (!k) {
    free(s);
    return json_null();
  }
  ec_sort_doubles(s, k);
  double q[EC_SKETCH_POINTS];
  ec_sketch_of(s, k, q, EC_SKETCH_POINTS);
  free(s);
  json_t *o = json_object();
  json_object_set_new(o, "count", json_integer((json_int_t)k));
  json_t *a = json_array();
  for (size_t j = 0; j < EC_SKETCH_POINTS; j++) json_array_append_new(a, ec_jnum(q[j]));
  json_object_set_new(o, "quantiles", a);
  return o;
}

static json_t *S_stats(const ec_stats *s) {
  if (!s->n) return json_null();
  json_t *o = json_object();
  for (int i = 0; i < s->n; i++) json_object_set_new(o, s->v[i].label, ec_jnum(s->v[i].value));
  json_object_set_new(o, "source", json_string(s->source ? s->source : "unknown"));
  return o;
}

static json_t *S_kvs(const ec_kvs *k) {
  json_t *o = json_object();
  for (size_t i = 0; i < k->n; i++) json_object_set_new(o, k->v[i].key, ec_jstr(k->v[i].val));
  return o;
}

static json_t *S_performance(const ec_summary *s) {
  const ec_engine *e = s->engine;
  if (!e->perf.present && !s->has_timing) return json_null();
  json_t *o = json_object();
  const ec_perf *p = &e->perf;
  /* Per-iteration timings, when present, are the primary source. */
  const ec_timing *t = ec_engine_timing(e);
  json_t *gc = s->has_compute ? S_sample_stats(&s->compute, "timing.json") : S_stats(&p->gpu_compute);
  json_t *lat = s->has_timing ? S_sample_stats(&s->timing, "timing.json") : S_stats(&p->latency);
  if (s->has_compute) json_object_set_new(gc, "sketch", S_sketch(t->compute, t->n));
  if (s->has_timing) json_object_set_new(lat, "sketch", S_sketch(t->latency, t->n));
  json_object_set_new(o, "gpu_compute_ms", gc);
  json_object_set_new(o, "latency_ms", lat);
  json_object_set_new(o, "enqueue_ms", s->has_enqueue ? S_sample_stats(&s->enqueue, "timing.json") : S_stats(&p->enqueue));
  json_object_set_new(o, "h2d_ms", s->has_h2d ? S_sample_stats(&s->h2d, "timing.json") : S_stats(&p->h2d));
  json_object_set_new(o, "d2h_ms", s->has_d2h ? S_sample_stats(&s->d2h, "timing.json") : S_stats(&p->d2h));
  json_object_set_new(o, "throughput_qps", ec_jnum(p->throughput_qps));
  json_object_set_new(o, "throughput_source", p->throughput_source ? json_string(p->throughput_source) : json_null());
  json_object_set_new(o, "walltime_s", ec_jnum(p->walltime_s));
  json_object_set_new(o, "total_gpu_compute_s", ec_jnum(p->total_gpu_compute_s));
  const char *src = s->has_timing ? "timing.json" : (p->latency.source ? p->latency.source : p->throughput_source);
  json_object_set_new(o, "source", src ? json_string(src) : json_null());
  if (p->present) {
    /* the summary trtexec printed, kept alongside when timings also exist */
    json_t *rep = json_object();
    json_object_set_new(rep, "gpu_compute_ms", S_stats(&p->gpu_compute));
    json_object_set_new(rep, "latency_ms", S_stats(&p->latency));
    json_object_set_new(o, "reported", rep);
  }
  json_t *notes = json_array();
  for (size_t i = 0; i < p->notes.n; i++) json_array_append_new(notes, ec_jstr(p->notes.v[i].val));
  json_object_set_new(o, "notes", notes);
  return o;
}

/* What compare needs to explain a change against this summary once stored:
 * every layer (name, type, precision, latency) when the engine has at most
 * EC_SUMMARY_KEEP_LAYERS, else that many of the slowest, with names of at
 * most EC_SUMMARY_KEEP_NAME_BYTES in all; in graph order; null without a
 * profile. complete says whether every layer is there. */
static json_t *S_layers_kept(const ec_summary *s) {
  const ec_engine *e = s->engine;
  if (!s->has_latency || !e->n_layers) return json_null();
  size_t n = e->n_layers, want = n < EC_SUMMARY_KEEP_LAYERS ? n : EC_SUMMARY_KEEP_LAYERS, k = 0, bytes = 0;
  unsigned char *keep = ec_calloc(n, 1);
  for (size_t r = 0; r < want; r++) { /* slowest first (ties in graph order) */
    const ec_layer *l = &e->layers[s->order[r]];
    if (bytes + l->name_len > EC_SUMMARY_KEEP_NAME_BYTES) break;
    bytes += l->name_len;
    keep[s->order[r]] = 1;
    k++;
  }
  /* columns: each an array of scalars, one line in the pretty output */
  json_t *nm = json_array(), *ty = json_array(), *pr = json_array(), *ms = json_array();
  for (size_t i = 0; i < n; i++) {
    if (!keep[i]) continue;
    const ec_layer *l = &e->layers[i];
    json_array_append_new(nm, ec_jstrn(l->name, l->name_len));
    json_array_append_new(ty, ec_jstr(l->type));
    json_array_append_new(pr, ec_jstr(l->precision));
    json_array_append_new(ms, l->has_profile ? ec_jnum(l->avg_ms) : json_null());
  }
  free(keep);
  json_t *o = json_object();
  json_object_set_new(o, "complete", json_boolean(k == n));
  json_object_set_new(o, "name", nm);
  json_object_set_new(o, "type", ty);
  json_object_set_new(o, "precision", pr);
  json_object_set_new(o, "latency_ms", ms);
  return o;
}

/* The architecture (facts/device_peak.h ec_engine_arch): from the device
 * facts or the kernel names; null when neither tells it. */
static json_t *S_arch(const ec_summary *s) {
  const ec_engine *e = s->engine;
  ec_arch a = ec_engine_arch(e);
  if (!a.cc10) return json_null();
  json_t *o = json_object();
  char cc[16];
  snprintf(cc, sizeof cc, "%d.%d", a.cc10 / 10, a.cc10 % 10);
  json_object_set_new(o, "name", ec_jstr(a.name));
  json_object_set_new(o, "compute_capability", json_string(cc));
  json_object_set_new(o, "source", json_string(a.from_device ? "device" : "kernel names"));
  json_object_set_new(o, "kernel_marker", a.marker[0] ? json_string(a.marker) : json_null());
  json_object_set_new(o, "or_newer", json_boolean(a.or_newer));
  json_object_set_new(o, "has_peaks", json_boolean(ec_peak_any(&s->nums.peak)));
  char *why = ec_peak_why_none(e, &s->nums.peak);
  json_object_set_new(o, "no_peak_reason", ec_jstr(why));
  free(why);
  return o;
}

static json_t *S_device(const ec_engine *e) {
  const ec_device *d = &e->device;
  if (!d->present) return json_null();
  json_t *o = json_object();
  json_object_set_new(o, "name", ec_jstr(d->name));
  json_object_set_new(o, "compute_capability", ec_jstr(d->compute_capability));
  json_object_set_new(o, "sms", ec_jcount(d->sms));
  json_object_set_new(o, "compute_clock_ghz", ec_jnum(d->compute_clock_ghz));
  json_object_set_new(o, "memory_clock_ghz", ec_jnum(d->memory_clock_ghz));
  json_object_set_new(o, "bus_width_bits", ec_jcount(d->bus_width_bits));
  json_object_set_new(o, "global_memory", ec_jstr(d->global_memory));
  json_object_set_new(o, "source", ec_jstr(d->source));
  return o;
}

/* A shape as a list of integers (-1 dynamic), or null when not given. */
static json_t *S_dims(const ec_dims *d) {
  if (!d->v) return json_null();
  json_t *a = json_array();
  for (int i = 0; i < d->n; i++) json_array_append_new(a, json_integer((json_int_t)d->v[i]));
  return a;
}

/* Every input the options name, in order: {name, min, opt, max, inference}. */
static json_t *S_inputs(const ec_input_shapes *s) {
  json_t *a = json_array();
  for (size_t i = 0; i < s->n; i++) {
    const ec_input_shape *x = &s->v[i];
    json_t *o = json_object();
    json_object_set_new(o, "name", ec_jstr(x->name));
    json_object_set_new(o, "min", S_dims(&x->min));
    json_object_set_new(o, "opt", S_dims(&x->opt));
    json_object_set_new(o, "max", S_dims(&x->max));
    json_object_set_new(o, "inference", S_dims(&x->inference));
    json_array_append_new(a, o);
  }
  return a;
}

/* trtexec 11's accuracy results: [{tensor, algorithm, loss, failed, as_printed}];
 * loss null when the printed value is not a number. */
static json_t *S_accuracy(const ec_kvs *k) {
  json_t *a = json_array();
  for (size_t i = 0; i < k->n; i++) {
    const char *key = k->v[i].key, *val = k->v[i].val;
    const char *open = strrchr(key, '(');
    size_t kn = strlen(key);
    json_t *o = json_object();
    if (open && open > key + 1 && open[-1] == ' ' && key[kn - 1] == ')') {
      json_object_set_new(o, "tensor", ec_jstrn(key, (size_t)(open - 1 - key)));
      json_object_set_new(o, "algorithm", ec_jstrn(open + 1, (size_t)(key + kn - 1 - open - 1)));
    } else {
      json_object_set_new(o, "tensor", ec_jstr(key));
      json_object_set_new(o, "algorithm", json_null());
    }
    char *end = NULL;
    double x = strtod(val, &end);
    json_object_set_new(o, "loss", end != val ? ec_jnum(x) : json_null());
    json_object_set_new(o, "failed", json_boolean(strstr(val, "[FAIL") != NULL));
    json_object_set_new(o, "as_printed", ec_jstr(val));
    json_array_append_new(a, o);
  }
  return a;
}

static json_t *S_build(const ec_engine *e) {
  if (!e->model_options.n && !e->build_options.n && !e->inference_options.n && !e->system_options.n &&
      !e->reporting_options.n && !e->memory.n && !e->input_shapes.n && !e->accuracy.n)
    return json_null();
  json_t *o = json_object();
  json_object_set_new(o, "model_options", S_kvs(&e->model_options));
  json_object_set_new(o, "build_options", S_kvs(&e->build_options));
  json_object_set_new(o, "inference_options", S_kvs(&e->inference_options));
  json_object_set_new(o, "system_options", S_kvs(&e->system_options));
  json_object_set_new(o, "reporting_options", S_kvs(&e->reporting_options));
  json_object_set_new(o, "memory", S_kvs(&e->memory));
  json_object_set_new(o, "inputs", S_inputs(&e->input_shapes));
  if (e->accuracy.n) json_object_set_new(o, "accuracy", S_accuracy(&e->accuracy)); /* trtexec 11 only */
  return o;
}

/* The engine's inputs and outputs (ec_binding); unknown facts are null. */
static json_t *S_bindings(const ec_engine *e) {
  json_t *a = json_array();
  for (size_t i = 0; i < e->n_bindings; i++) {
    const ec_binding *b = &e->bindings[i];
    json_t *o = json_object();
    json_object_set_new(o, "name", ec_jstrn(b->t.name, b->t.name_len));
    json_object_set_new(o, "direction", ec_jstr(ec_bind_dir_name(b->dir)));
    json_object_set_new(o, "listed", json_boolean(b->listed));
    json_t *shape = json_null();
    if (b->described) {
      shape = json_array();
      for (int d = 0; d < b->t.ndims; d++) json_array_append_new(shape, json_integer((json_int_t)b->t.dims[d]));
    }
    json_object_set_new(o, "shape", shape);
    json_object_set_new(o, "datatype", ec_jstr(b->described ? b->t.precision : NULL));
    json_object_set_new(o, "format", ec_jstr(b->described ? b->t.format : NULL));
    static const ec_dims none = {0};
    const ec_input_shape *x = b->shapes;
    static const char *const mm[] = {"min_shape", "opt_shape", "max_shape"};
    for (int k = 0; k < 3; k++) { /* the profile in use: I/O Tensors, else the options */
      ec_dims d = {0};
      d.v = (int64_t *)ec_binding_profile_shape(b, k, &d.n);
      json_object_set_new(o, mm[k], S_dims(&d));
    }
    json_object_set_new(o, "inference_shape", S_dims(x ? &x->inference : &none));
    json_t *pa = json_null();
    if (b->profiles) {
      pa = json_array();
      for (size_t k = 0; k < b->n_profiles; k++) {
        const ec_bind_profile *p = &b->profiles[k];
        json_t *po = json_object();
        ec_dims d = {p->min, p->nmin};
        json_object_set_new(po, "min", S_dims(&d));
        d = (ec_dims){p->opt, p->nopt};
        json_object_set_new(po, "opt", S_dims(&d));
        d = (ec_dims){p->max, p->nmax};
        json_object_set_new(po, "max", S_dims(&d));
        json_object_set_new(po, "format", ec_jstr(p->format));
        json_array_append_new(pa, po);
      }
    }
    json_object_set_new(o, "profiles", pa);
    json_object_set_new(o, "is_shape_io", b->shape_io < 0 ? json_null() : json_boolean(b->shape_io));
    json_object_set_new(o, "location", ec_jstr(b->t.location));
    json_array_append_new(a, o);
  }
  return a;
}

static json_t *S_provenance(const ec_engine *e) {
  json_t *o = json_object();
  json_t *files = json_array();
  for (size_t i = 0; i < e->n_files; i++) {
    json_t *f = json_object();
    json_object_set_new(f, "path", ec_jstr(e->files[i].path));
    json_object_set_new(f, "kind", json_string(ec_file_kind_name(e->files[i].kind)));
    json_array_append_new(files, f);
  }
  json_object_set_new(o, "files", files);
  json_object_set_new(o, "tensorrt", ec_jstr(e->trt_version));
  json_object_set_new(o, "tensorrt_source", ec_jstr(e->trt_version_source));
  json_object_set_new(o, "generator", ec_jstr(e->generator));
  json_object_set_new(o, "generator_source", ec_jstr(e->generator_source));
  json_object_set_new(o, "runs", json_integer((json_int_t)e->n_runs));
  json_object_set_new(o, "run", e->n_runs ? json_integer((json_int_t)e->run + 1) : json_null());
  json_object_set_new(o, "log_runs", json_integer((json_int_t)e->n_log_runs));
  json_object_set_new(o, "log_run", e->n_log_runs ? json_integer((json_int_t)e->log_run + 1) : json_null());
  json_object_set_new(o, "graph_layers_raw", json_integer((json_int_t)e->n_raw_layers));
  json_object_set_new(o, "graph_detailed", json_boolean(e->has_graph && !e->graph_names_only));
  json_object_set_new(o, "noop_layers", json_integer((json_int_t)e->n_noop));
  json_object_set_new(o, "constant_layers", json_integer((json_int_t)e->n_constant));
  json_object_set_new(o, "shape_call_layers", json_integer((json_int_t)e->n_shape_call));
  json_object_set_new(o, "signal_wait_layers", json_integer((json_int_t)e->n_signal_wait));
  json_object_set_new(o, "profile_iterations", e->has_profile ? json_integer((json_int_t)e->profile_count) : json_null());
  json_object_set_new(o, "profile_records", json_integer((json_int_t)e->profile_records));
  json_object_set_new(o, "profile_records_unmatched", json_integer((json_int_t)e->profile_unmatched));
  json_object_set_new(o, "profile_records_folded", json_integer((json_int_t)e->profile_hidden));
  json_object_set_new(o, "layers_without_profile", json_integer((json_int_t)e->layers_without_profile));
  json_object_set_new(o, "profile_index", json_integer(e->profile_index));
  /* layers TensorRT runs for itself (Myelin's L2-cache policy), set aside */
  json_object_set_new(o, "engine_internal_layers", json_integer((json_int_t)e->n_internal));
  json_object_set_new(o, "engine_internal_tensors", json_integer((json_int_t)e->n_internal_tensors));
  /* what the runs say about how they ran (null: not said) */
  json_object_set_new(o, "aux_streams", e->aux_streams >= 0 ? json_integer((json_int_t)e->aux_streams) : json_null());
  json_object_set_new(o, "layer_sum_caveat", json_boolean(e->aux_streams > 0 || e->layer_sum_caveat));
  json_object_set_new(o, "run_profiler", ec_jstr(e->run_profiler));
  json_object_set_new(o, "run_profiler_source", ec_jstr(e->run_profiler_source));
  json_object_set_new(o, "build_tool", ec_jstr(e->build_tool));
  /* which run of which file gave what (load/log_runs.c) */
  json_t *rs = json_array();
  for (size_t i = 0; i < e->n_run_facts; i++) {
    const ec_run_fact *r = &e->run_facts[i];
    json_t *x = json_object();
    json_object_set_new(x, "path", ec_jstr(r->path));
    json_object_set_new(x, "run", json_integer((json_int_t)r->run));
    json_object_set_new(x, "runs", json_integer((json_int_t)r->runs));
    json_object_set_new(x, "command", ec_jstr(r->command));
    json_object_set_new(x, "role", ec_jstr(r->role));
    json_object_set_new(x, "gave", ec_jstr(r->gave));
    json_array_append_new(rs, x);
  }
  json_object_set_new(o, "runs_used", rs);
  /* facts two files give differently, with the value kept (load/sources.c) */
  json_t *sn = json_array();
  for (size_t i = 0; i < e->source_notes.n; i++) {
    char *m = ec_diag_format(&e->source_notes.v[i]);
    json_array_append_new(sn, ec_jstr(m));
    free(m);
  }
  json_object_set_new(o, "source_notes", sn);
  return o;
}

json_t *ec_jsonout_summary(const ec_summary *s) {
  const ec_engine *e = s->engine;
  json_t *o = json_object();
  json_object_set_new(o, "schema", json_string(EC_SUMMARY_SCHEMA));
  json_object_set_new(o, "engine", ec_jstr(e->name));
  /* from the build's own evidence, the graph, or "not recorded (load run)" (facts/summary.h) */
  char *bp = ec_summary_build_precision(s);
  json_object_set_new(o, "build_precision", ec_jstr(bp));
  free(bp);
  long long nl = ec_summary_layer_count(s); /* -1: no layer information (null, not 0) */
  json_object_set_new(o, "layers", nl >= 0 ? json_integer((json_int_t)nl) : json_null());
  if (s->has_latency) {
    json_t *l = json_object();
    json_object_set_new(l, "total", ec_jnum(s->total_ms));
    json_object_set_new(l, "median_total", e->profile_has_median ? ec_jnum(s->total_median_ms) : json_null());
    json_object_set_new(l, "by_type", S_groups_ms(&s->by_type));
    json_object_set_new(l, "by_precision", S_groups_ms(&s->by_precision));
    json_object_set_new(l, "by_output_precision", S_groups_ms(&s->by_out_precision));
    json_object_set_new(o, "latency_ms", l);
  } else {
    json_object_set_new(o, "latency_ms", json_null());
  }
  json_t *lc = json_object();
  json_object_set_new(lc, "by_type", S_groups_count(&s->by_type));
  json_object_set_new(lc, "by_precision", S_groups_count(&s->by_precision));
  json_object_set_new(lc, "by_output_precision", S_groups_count(&s->by_out_precision));
  json_object_set_new(o, "layer_count", lc);
  json_object_set_new(o, "types_from_names", S_types_from_names(s));
  json_t *rf = json_object();
  json_object_set_new(rf, "count", nl >= 0 ? json_integer((json_int_t)s->reformat_count) : json_null());
  json_object_set_new(rf, "latency_ms", s->has_latency ? ec_jnum(s->reformat_ms) : json_null());
  json_object_set_new(rf, "share_pct", s->has_latency ? ec_jnum(s->reformat_share_pct) : json_null());
  json_object_set_new(rf, "by_origin", S_groups_count(&s->reformat_by_origin));
  json_object_set_new(o, "reformat", rf);
  json_object_set_new(o, "weights_bytes", ec_jcount(s->weights_bytes));
  /* the numbers stay; the flags say whether they stand for the engine */
  json_object_set_new(o, "weights_complete", json_boolean(ec_summary_weights_whole(s)));
  /* "layers": the layers' sum; "log": a build log's Total Weights Memory (the layers give theirs in part) */
  json_object_set_new(o, "weights_source", json_string(s->weights_stated ? "log" : "layers"));
  json_object_set_new(o, "activations_complete",
                      json_boolean(isfinite(s->activations_bytes) && ec_total_is_whole(s->nums.io_known, s->nums.n)));
  json_object_set_new(o, "weights_bytes_trex", ec_jcount(s->weights_bytes_trex));
  json_object_set_new(o, "activations_bytes", ec_jcount(s->activations_bytes));
  json_object_set_new(o, "activations_bytes_trex", ec_jcount(s->activations_bytes_trex));
  json_object_set_new(o, "activations_unknown_layers", json_integer((json_int_t)s->io_unknown_layers));
  json_object_set_new(o, "weights_unknown_layers", json_integer((json_int_t)(s->nums.n - s->nums.weights_known)));
  json_object_set_new(o, "weights_constant_tensors",
                      s->nums.consts_known ? json_integer((json_int_t)s->nums.n_const) : json_null());
  json_object_set_new(o, "weights_constant_bytes", ec_jcount(s->nums.const_bytes));
  if (s->has_timing) {
    json_t *t = json_object();
    json_object_set_new(t, "count", json_integer((json_int_t)s->timing.count));
    json_object_set_new(t, "min_ms", ec_jnum(s->timing.min));
    json_object_set_new(t, "max_ms", ec_jnum(s->timing.max));
    json_object_set_new(t, "mean_ms", ec_jnum(s->timing.mean));
    json_object_set_new(t, "median_ms", ec_jnum(s->timing.median));
    json_object_set_new(t, "p90_ms", ec_jnum(s->timing.p90));
    json_object_set_new(t, "p95_ms", ec_jnum(s->timing.p95));
    json_object_set_new(t, "p99_ms", ec_jnum(s->timing.p99));
    json_object_set_new(t, "stdev_ms", ec_jnum(s->timing.stdev));
    json_object_set_new(t, "field", ec_jstr(ec_engine_timing(e)->latency_field));
    json_object_set_new(o, "timing", t);
  } else {
    json_object_set_new(o, "timing", json_null());
  }
  json_object_set_new(o, "performance", S_performance(s));
  json_t *top = json_array();
  size_t ntop = s->has_latency ? (e->n_layers < EC_SUMMARY_TOP_LAYERS ? e->n_layers : EC_SUMMARY_TOP_LAYERS) : 0;
  for (size_t i = 0; i < ntop; i++) {
    const ec_layer *l = &e->layers[s->order[i]];
    json_t *x = json_object();
    json_object_set_new(x, "name", ec_jstrn(l->name, l->name_len));
    json_object_set_new(x, "type", ec_jstr(l->type));
    const char *inf = ec_layer_type_inferred(l); /* display only: by_type and "type" stay TREx's */
    if (inf) json_object_set_new(x, "type_inferred", ec_jstr(inf));
    json_object_set_new(x, "precision", ec_jstr(l->precision));
    /* a layer the profile does not name has no latency (null), not 0 */
    json_object_set_new(x, "latency_ms", l->has_profile ? ec_jnum(l->avg_ms) : json_null());
    json_object_set_new(x, "pct", ec_jnum(ec_layer_share_pct(s, l)));
    json_array_append_new(top, x);
  }
  json_object_set_new(o, "top_layers", top);
  json_object_set_new(o, "layers_kept", S_layers_kept(s));
  /* labels given with --label (or read back from a stored summary) */
  json_t *lab = json_object();
  for (size_t i = 0; i < e->labels.n; i++) json_object_set_new(lab, e->labels.v[i].key, ec_jstr(e->labels.v[i].val));
  json_object_set_new(o, "labels", lab);
  json_object_set_new(o, "bindings", S_bindings(e));
  json_object_set_new(o, "device", S_device(e));
  json_object_set_new(o, "architecture", S_arch(s));
  json_object_set_new(o, "build", S_build(e));
  json_object_set_new(o, "provenance", S_provenance(e));
  json_t *w = json_array();
  for (size_t i = 0; i < e->diags.n; i++) {
    if (e->diags.v[i].sev < EC_WARN) continue;
    char *m = ec_diag_format(&e->diags.v[i]);
    json_array_append_new(w, ec_jstr(m));
    free(m);
  }
  json_object_set_new(o, "warnings", w);
  return o;
}
