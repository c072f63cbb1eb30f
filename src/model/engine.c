#include "model/engine.h"
#include "util/alloc.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

double ec_stats_get(const ec_stats *s, const char *label) {
  for (int i = 0; i < s->n; i++)
    if (strcmp(s->v[i].label, label) == 0) return s->v[i].value;
  return NAN;
}

void ec_stats_set(ec_stats *s, const char *label, double v) {
  for (int i = 0; i < s->n; i++)
    if (strcmp(s->v[i].label, label) == 0) {
      s->v[i].value = v;
      return;
    }
  if (s->n >= (int)(sizeof s->v / sizeof s->v[0])) return;
  ec_statval *x = &s->v[s->n++];
  size_t l = strlen(label);
  if (l >= sizeof x->label) l = sizeof x->label - 1;
  memcpy(x->label, label, l);
  x->label[l] = '\0';
  x->value = v;
}

const char *ec_file_kind_name(ec_file_kind k) {
  switch (k) {
  case EC_FILE_GRAPH: return "graph";
  case EC_FILE_PROFILE: return "profile";
  case EC_FILE_TIMING: return "timing";
  case EC_FILE_PROFILE_META: return "profile-metadata";
  case EC_FILE_BUILD_META: return "build-metadata";
  case EC_FILE_DEVICE_META: return "device-metadata";
  case EC_FILE_LOG: return "log";
  case EC_FILE_SUMMARY: return "summary";
  case EC_FILE_LAYER_TIMES: return "layer-times";
  case EC_FILE_POLYGRAPHY: return "polygraphy";
  case EC_FILE_NSYS: return "nsys";
  case EC_FILE_NSYS_STATS: return "nsys-stats";
  default: return "unknown";
  }
}

int ec_engine_is_binding(const ec_engine *e, const char *name, size_t len) {
  return ec_engine_binding(e, name, len) != NULL;
}

int ec_name_is_reformat(const char *name) {
  return strncmp(name, "Reformatting CopyNode", 21) == 0 || strstr(name, " reformatter ") ||
         strstr(name, "input reformatter") || strstr(name, "output reformatter");
}

ec_engine *ec_engine_new(const char *name) {
  ec_engine *e = ec_calloc(1, sizeof *e);
  e->name = ec_strdup(name ? name : "engine");
  e->perf.throughput_qps = NAN;
  e->stored_layer_sum_ms = NAN;
  e->stored_layers = -1;
  e->perf.walltime_s = NAN;
  e->perf.total_gpu_compute_s = NAN;
  e->device.sms = NAN;
  e->device.compute_clock_ghz = NAN;
  e->device.memory_clock_ghz = NAN;
  e->device.bus_width_bits = NAN;
  e->aux_streams = -1;
  return e;
}

void ec_kvs_add(ec_kvs *k, const char *key, const char *val) {
  ec_kv *x = EC_PUSH(k->v, k->n, k->cap);
  x->key = ec_strdup(key);
  x->val = ec_strdup(val ? val : "");
}

void ec_kvs_set(ec_kvs *k, const char *key, const char *val) {
  for (size_t i = 0; i < k->n; i++)
    if (strcmp(k->v[i].key, key) == 0) {
      free(k->v[i].val);
      k->v[i].val = ec_strdup(val ? val : "");
      return;
    }
  ec_kvs_add(k, key, val);
}

const char *ec_kvs_get(const ec_kvs *k, const char *key) {
  for (size_t i = 0; i < k->n; i++)
    if (strcmp(k->v[i].key, key) == 0) return k->v[i].val;
  return NULL;
}

size_t ec_kvs_get_count(const ec_kvs *k, const char *key, size_t dflt) {
  const char *r = ec_kvs_get(k, key);
  long v = r ? strtol(r, NULL, 10) : 0;
  return v > 0 ? (size_t)v : dflt;
}

void ec_kvs_free(ec_kvs *k) {
  for (size_t i = 0; i < k->n; i++) {
    free(k->v[i].key);
    free(k->v[i].val);
  }
  free(k->v);
  memset(k, 0, sizeof *k);
}

void ec_tensor_clear(ec_tensor *t) {
  free(t->name);
  free(t->dims);
  free(t->format);
  memset(t, 0, sizeof *t);
}

void ec_binding_clear(ec_binding *b) {
  ec_tensor_clear(&b->t);
  for (size_t i = 0; i < b->n_profiles; i++) {
    free(b->profiles[i].min);
    free(b->profiles[i].opt);
    free(b->profiles[i].max);
    free(b->profiles[i].format);
  }
  free(b->profiles);
  memset(b, 0, sizeof *b);
}

const int64_t *ec_binding_profile_shape(const ec_binding *b, int which, int *n) {
  const ec_bind_profile *p = b->profile;
  const int64_t *v = NULL;
  *n = 0;
  if (p) {
    v = which == 0 ? p->min : which == 1 ? p->opt : p->max;
    *n = which == 0 ? p->nmin : which == 1 ? p->nopt : p->nmax;
  }
  if (!v && b->shapes) {
    const ec_dims *d = which == 0 ? &b->shapes->min : which == 1 ? &b->shapes->opt : &b->shapes->max;
    v = d->v;
    *n = d->n;
  }
  if (!v) *n = 0;
  return v;
}

const char *ec_bind_dir_name(ec_bind_dir d) {
  return d == EC_BIND_INPUT ? "input" : d == EC_BIND_OUTPUT ? "output" : NULL;
}

static void S_strv_free(char **v, size_t n) {
  for (size_t i = 0; i < n; i++) free(v[i]);
  free(v);
}

void ec_layer_clear(ec_layer *l) {
  free(l->name);
  free(l->layer_type);
  free(l->type);
  free(l->tactic);
  free(l->tactic_value);
  free(l->origin);
  S_strv_free(l->metadata, l->n_metadata);
  S_strv_free(l->operations, l->n_operations);
  free(l->pooling_type);
  free(l->activation);
  for (size_t i = 0; i < l->n_in; i++) ec_tensor_clear(&l->in[i]);
  for (size_t i = 0; i < l->n_out; i++) ec_tensor_clear(&l->out[i]);
  for (size_t i = 0; i < l->n_consts; i++) ec_tensor_clear(&l->consts[i]);
  free(l->in);
  free(l->out);
  free(l->consts);
  free(l->weights_type);
  free(l->attrs.buf);
  ec_layer_kernels_free(l->kern);
  memset(l, 0, sizeof *l);
}

void ec_timing_clear(ec_timing *t) {
  free(t->latency);
  free(t->compute);
  free(t->enqueue);
  free(t->h2d);
  free(t->d2h);
  memset(t, 0, sizeof *t);
}

void ec_engine_free(ec_engine *e) {
  if (!e) return;
  free(e->name);
  for (size_t i = 0; i < e->n_files; i++) free(e->files[i].path);
  free(e->files);
  for (size_t i = 0; i < e->n_layers; i++) ec_layer_clear(&e->layers[i]);
  free(e->layers);
  for (size_t i = 0; i < e->n_hidden; i++) ec_layer_clear(&e->hidden[i]);
  free(e->hidden);
  for (size_t i = 0; i < e->n_bindings; i++) ec_binding_clear(&e->bindings[i]);
  free(e->bindings);
  ec_map_free(&e->binding_index);
  for (size_t i = 0; i < e->n_runs; i++) ec_timing_clear(&e->runs[i]);
  free(e->runs);
  ec_kvs_free(&e->perf.notes);
  free(e->perf.gpu_compute_sketch.q);
  free(e->perf.latency_sketch.q);
  free(e->device.name);
  free(e->device.compute_capability);
  free(e->device.global_memory);
  ec_kvs_free(&e->device.all);
  ec_kvs_free(&e->model_options);
  ec_kvs_free(&e->build_options);
  ec_kvs_free(&e->accuracy);
  ec_kvs_free(&e->inference_options);
  ec_kvs_free(&e->system_options);
  ec_kvs_free(&e->reporting_options);
  ec_kvs_free(&e->memory);
  ec_kvs_free(&e->labels);
  ec_named_ms *nm[3] = {e->stored_by_type, e->stored_top, e->stored_kept};
  size_t nn[3] = {e->n_stored_by_type, e->n_stored_top, e->n_stored_kept};
  for (int k = 0; k < 3; k++) {
    for (size_t i = 0; i < nn[k]; i++) {
      free(nm[k][i].name);
      free(nm[k][i].type);
      free(nm[k][i].precision);
    }
    free(nm[k]);
  }
  for (size_t i = 0; i < e->n_stored_by_precision; i++) free(e->stored_by_precision[i].precision);
  free(e->stored_by_precision);
  ec_input_shapes_free(&e->input_shapes);
  ec_engine_kernels_free(e->kernels);
  free(e->trt_version);
  free(e->trt_version_source);
  free(e->generator);
  free(e->generator_source);
  free(e->run_profiler);
  free(e->run_profiler_source);
  free(e->build_tool);
  for (size_t i = 0; i < e->n_run_facts; i++) {
    free(e->run_facts[i].path);
    free(e->run_facts[i].command);
    free(e->run_facts[i].gave);
  }
  free(e->run_facts);
  ec_diags_free(&e->diags);
  ec_diags_free(&e->source_notes);
  free(e);
}

void ec_engine_add_file(ec_engine *e, const char *path, ec_file_kind kind) {
  ec_file *f = EC_PUSH(e->files, e->n_files, e->cap_files);
  f->path = ec_strdup(path);
  f->kind = kind;
}

const ec_timing *ec_engine_timing(const ec_engine *e) {
  if (!e->n_runs) return NULL;
  return &e->runs[e->run < e->n_runs ? e->run : e->n_runs - 1];
}

const ec_binding *ec_engine_binding(const ec_engine *e, const char *name, size_t len) {
  if (!name) return NULL;
  size_t k;
  if (e->binding_index.n) return ec_map_get(&e->binding_index, name, len, &k) ? &e->bindings[k] : NULL;
  for (size_t i = 0; i < e->n_bindings; i++)
    if (e->bindings[i].t.name_len == len && !memcmp(e->bindings[i].t.name, name, len)) return &e->bindings[i];
  return NULL;
}

int ec_engine_usable(const ec_engine *e) {
  return e->n_layers > 0 || e->has_profile || e->n_runs > 0 || e->perf.present || e->device.present || e->n_bindings > 0 ||
         (e->kernels && e->kernels->launches > 0);
}

void ec_attrs_add(ec_attrs *a, const char *key, size_t klen, const char *val, size_t vlen) {
  ec_grow((void **)&a->buf, &a->cap, a->len + klen + vlen + 2, 1);
  memcpy(a->buf + a->len, key, klen);
  a->buf[a->len + klen] = '\0';
  a->len += klen + 1;
  /* values are C strings: an embedded NUL would end them early */
  for (size_t i = 0; i < vlen; i++) a->buf[a->len + i] = val[i] ? val[i] : ' ';
  a->buf[a->len + vlen] = '\0';
  a->len += vlen + 1;
  a->n++;
}

int ec_attrs_next(const ec_attrs *a, size_t *off, const char **key, const char **val) {
  if (*off >= a->len) return 0;
  *key = a->buf + *off;
  *off += strlen(*key) + 1;
  *val = a->buf + *off;
  *off += strlen(*val) + 1;
  return 1;
}

const char *ec_attrs_get(const ec_attrs *a, const char *key) {
  size_t off = 0;
  const char *k, *v;
  while (ec_attrs_next(a, &off, &k, &v))
    if (strcmp(k, key) == 0) return v;
  return NULL;
}

const char *ec_location_name(const char *s, size_t n) {
  if (!s) return NULL;
  if (n == 6 && memcmp(s, "Device", 6) == 0) return "Device";
  if (n == 4 && memcmp(s, "Host", 4) == 0) return "Host";
  return "other";
}

static ec_input_shape *S_shape_find(const ec_input_shapes *s, const char *name, size_t len) {
  for (size_t i = 0; i < s->n; i++)
    if (strlen(s->v[i].name) == len && memcmp(s->v[i].name, name, len) == 0) return &s->v[i];
  return NULL;
}

const ec_input_shape *ec_engine_input_shape(const ec_engine *e, const char *name, size_t len) {
  return S_shape_find(&e->input_shapes, name, len);
}

ec_input_shape *ec_input_shapes_get(ec_input_shapes *s, const char *name, size_t len) {
  ec_input_shape *found = S_shape_find(s, name, len);
  if (found) return found;
  ec_input_shape *x = EC_PUSH(s->v, s->n, s->cap);
  memset(x, 0, sizeof *x);
  x->name = ec_strndup(name, len);
  return x;
}

void ec_input_shapes_free(ec_input_shapes *s) {
  for (size_t i = 0; i < s->n; i++) {
    ec_input_shape *x = &s->v[i];
    free(x->name);
    free(x->min.v);
    free(x->opt.v);
    free(x->max.v);
    free(x->inference.v);
  }
  free(s->v);
  memset(s, 0, sizeof *s);
}
