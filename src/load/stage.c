/* stage — helpers shared by the readers: tensor formats, layer derivations,
 * and the staging area that ec_load_finish resolves. */
#include "load/internal.h"
#include "util/alloc.h"
#include <math.h>
#include <stdlib.h>
#include <stddef.h>
#include <string.h>

ec_load_state *ec_load_state_of(ec_engine *e) {
  if (!e->ls) e->ls = ec_calloc(1, sizeof *e->ls);
  return e->ls;
}

void ec_load_state_free(ec_engine *e) {
  ec_load_state *s = e->ls;
  if (!s) return;
  for (int k = 0; k < 2; k++) {
    for (size_t i = 0; i < s->n_prof[k]; i++) free(s->prof[k][i].name);
    free(s->prof[k]);
    free(s->prof_path[k]);
  }
  for (size_t i = 0; i < s->n_unknown; i++) {
    free(s->unknown[i].fmt);
    free(s->unknown[i].path);
  }
  free(s->unknown);
  for (size_t i = 0; i < s->n_log_layers; i++) ec_layer_clear(&s->log_layers[i]);
  free(s->log_layers);
  free(s->log_layers_path);
  ec_load_bind_names_free(s->bind_names, s->n_bind_names);
  ec_load_bind_names_free(s->log_io, s->n_log_io);
  free(s->log_io_path);
  free(s->graph_path);
  ec_log_bindings_free(s->log_binds, s->n_log_binds);
  free(s->tpend_fmt);
  free(s->tpend_dt);
  free(s->log_binds_path);
  free(s);
  e->ls = NULL;
}

void ec_load_bind_names_free(struct ec_bind_name *v, size_t n) {
  for (size_t i = 0; i < n; i++) {
    struct ec_bind_name *b = &v[i];
    free(b->name);
    free(b->dims);
    free(b->dtype);
    for (size_t k = 0; k < b->n_profiles; k++) {
      free(b->profiles[k].min);
      free(b->profiles[k].opt);
      free(b->profiles[k].max);
      free(b->profiles[k].format);
    }
    free(b->profiles);
  }
  free(v);
}

void ec_log_bindings_free(ec_log_binding *v, size_t n) {
  for (size_t i = 0; i < n; i++) {
    free(v[i].name);
    free(v[i].dims.v);
  }
  free(v);
}

void ec_tensor_set_volume(ec_tensor *t) {
  int64_t v = 1;
  for (int i = 0; i < t->ndims; i++) {
    if (t->dims[i] < 0) {
      t->volume = -1;
      return;
    }
    if (t->dims[i] != 0 && v > INT64_MAX / t->dims[i]) {
      t->volume = -1; /* absurd: treat as unknown rather than overflow */
      return;
    }
    v *= t->dims[i];
  }
  t->volume = v;
}

void ec_tensor_set_format(ec_engine *e, const char *path, ec_tensor *t, const char *fmt, size_t len) {
  ec_tensor_set_format_as(e, path, t, fmt, len, fmt, len);
}

void ec_tensor_set_format_as(ec_engine *e, const char *path, ec_tensor *t, const char *shown, size_t shown_len,
                             const char *fmt, size_t len) {
  free(t->format);
  t->format = ec_strndup(shown, shown_len);
  /* A few distinct strings repeat thousands of times: remember the last
   * (per thread: the CLI loads several engines at once). */
  static _Thread_local char last[256];
  static _Thread_local size_t last_len = (size_t)-1;
  static _Thread_local ec_format_info last_fi;
  ec_format_info fi;
  if (len == last_len && memcmp(fmt, last, len) == 0) {
    fi = last_fi;
  } else {
    fi = ec_format_classify(fmt, len);
    if (len < sizeof last) {
      memcpy(last, fmt, len);
      last_len = len;
      last_fi = fi;
    }
  }
  t->format_short = fi.short_name ? fi.short_name : "Unknown format";
  t->precision = fi.precision;
  t->precision_trex = fi.precision_trex;
  t->elem_bytes = fi.bytes;
  t->elem_bytes_trex = fi.bytes_trex;
  if (!fi.known && e) {
    /* counted per distinct string; ec_load_finish warns once for each */
    ec_load_state *ls = ec_load_state_of(e);
    size_t k = 0;
    char *f = ec_strndup(fmt, len);
    while (k < ls->n_unknown && strcmp(ls->unknown[k].fmt, f)) k++;
    if (k == ls->n_unknown) {
      struct ec_load_unknown_format *u = EC_PUSH(ls->unknown, ls->n_unknown, ls->cap_unknown);
      u->fmt = f;
      f = NULL;
      u->path = ec_strdup(path ? path : "");
      u->guessed = strcmp(fi.precision, "Unknown") != 0;
      u->bytes = fi.bytes;
      u->count = 0;
    }
    ls->unknown[k].count++;
    free(f);
  }
}

void ec_layer_finalize(ec_layer *l) {
  l->precision = l->n_in ? (l->in[0].precision ? l->in[0].precision : "Unknown") : "None";
  l->precision_trex = l->n_in ? (l->in[0].precision_trex ? l->in[0].precision_trex : "Unknown") : "None";
  l->out_precision = l->n_out ? (l->out[0].precision ? l->out[0].precision : "Unknown") : "";
  if (!l->tactic) l->tactic = ec_strdup("TensorRT");
  if (!l->type) l->type = ec_strdup(l->layer_type ? l->layer_type : "Unknown");
  if (!l->layer_type) l->layer_type = ec_strdup(l->type);
  double io = 0, io_t = 0;
  for (int side = 0; side < 2; side++) {
    ec_tensor *ts = side ? l->out : l->in;
    size_t n = side ? l->n_out : l->n_in;
    for (size_t i = 0; i < n; i++) {
      if (ts[i].volume < 0) {
        l->io_unknown = 1;
        continue;
      }
      io += (double)ts[i].volume * ts[i].elem_bytes;
      io_t += (double)ts[i].volume * ts[i].elem_bytes_trex;
    }
  }
  /* TREx's sum counts every tensor a 10.x file lists as an input, and
   * TensorRT 10 listed a Myelin layer's constants as inputs: TensorRT 11's
   * "Constants" count there too, so both shapes of one engine agree */
  for (size_t i = 0; i < l->n_consts; i++)
    if (l->consts[i].volume >= 0) io_t += (double)l->consts[i].volume * l->consts[i].elem_bytes_trex;
  l->io_bytes = io;
  l->io_bytes_trex = io_t;
}

void ec_load_stage_prof(ec_engine *e, int src, const char *name, size_t name_len,
                        double time_ms, double avg_ms, double median_ms, int has_median,
                        double pct, int line, int col) {
  ec_load_state *s = ec_load_state_of(e);
  src = src ? 1 : 0;
  ec_prof_rec *r = EC_PUSH(s->prof[src], s->n_prof[src], s->cap_prof[src]);
  r->name = ec_strndup(name, name_len);
  r->name_len = name_len;
  r->time_ms = time_ms;
  r->avg_ms = avg_ms;
  r->median_ms = has_median ? median_ms : NAN;
  r->has_median = has_median;
  r->pct = pct;
  r->line = line;
  r->col = col;
}

void ec_load_stage_log_layer(ec_engine *e, const char *path, ec_layer *l) {
  ec_load_state *s = ec_load_state_of(e);
  if (!s->log_layers_path && path) s->log_layers_path = ec_strdup(path);
  ec_layer *d = EC_PUSH(s->log_layers, s->n_log_layers, s->cap_log_layers);
  *d = *l;
  memset(l, 0, sizeof *l);
}

int ec_tensor_is_l2_buffer(const char *name, size_t n) {
  static const char *const pre[] = {"l2_cache_policy_inputs_", "l2_cache_management_"};
  for (size_t i = 0; i < sizeof pre / sizeof pre[0]; i++) {
    size_t k = strlen(pre[i]);
    if (name && n >= k && !memcmp(name, pre[i], k)) return 1;
  }
  return 0;
}

int ec_tensor_is_myelin_internal(const char *name, size_t n) {
  if (!name) return 0;
  if (ec_tensor_is_l2_buffer(name, n)) return 1;
  if (n >= 5 && (!memcmp(name, "__myl", 5) || !memcmp(name, "__mye", 5))) return 1;
  /* Myelin renames the tensors of its graph "<name>_myl<N>" ("relu_2.1_myl4") */
  size_t i = n;
  while (i > 0 && name[i - 1] >= '0' && name[i - 1] <= '9') i--;
  return i < n && i >= 4 && !memcmp(name + i - 4, "_myl", 4);
}

int ec_layer_is_engine_internal(const ec_layer *l) {
  if (l->n_out || !l->n_in) return 0;
  for (size_t i = 0; i < l->n_in; i++)
    if (!ec_tensor_is_l2_buffer(l->in[i].name, l->in[i].name_len)) return 0;
  return 1;
}

/* The kinds TREx does not count, each with the engine's counter of them:
 * the one list behind ec_layer_is_hidden, the placement and the total. */
static const struct {
  const char *type;
  size_t counter; /* offsetof(ec_engine, ...) */
} S_hidden[] = {
    {"NoOp", offsetof(ec_engine, n_noop)},
    {"Constant", offsetof(ec_engine, n_constant)},
    {"shape_call", offsetof(ec_engine, n_shape_call)},
    {"signal", offsetof(ec_engine, n_signal_wait)},
    {"wait", offsetof(ec_engine, n_signal_wait)},
};

/* l's row of S_hidden, or -1. */
static int S_hidden_kind(const ec_layer *l) {
  for (size_t i = 0; l->layer_type && i < sizeof S_hidden / sizeof S_hidden[0]; i++)
    if (strcmp(l->layer_type, S_hidden[i].type) == 0) return (int)i;
  return -1;
}

void ec_load_place_layer(ec_engine *e, ec_layer *l) {
  int k = S_hidden_kind(l);
  if (k >= 0 || ec_layer_is_engine_internal(l)) {
    size_t *count = ec_layer_is_engine_internal(l) ? &e->n_internal : (size_t *)((char *)e + S_hidden[k].counter);
    (*count)++;
    *EC_PUSH(e->hidden, e->n_hidden, e->cap_hidden) = *l;
  } else {
    l->index = e->n_layers;
    *EC_PUSH(e->layers, e->n_layers, e->cap_layers) = *l;
  }
  memset(l, 0, sizeof *l);
}

int ec_layer_is_hidden(const ec_layer *l) { return S_hidden_kind(l) >= 0; }

size_t ec_load_n_set_aside(const ec_engine *e) {
  size_t n = e->n_internal;
  for (size_t i = 0; i < sizeof S_hidden / sizeof S_hidden[0]; i++)
    if (i == 0 || S_hidden[i].counter != S_hidden[i - 1].counter) n += *(const size_t *)((const char *)e + S_hidden[i].counter);
  return n;
}
