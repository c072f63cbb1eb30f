#include "facts/flow.h"
#include "util/alloc.h"
#include <stdlib.h>
#include <string.h>

void ec_flow_build(const ec_engine *e, ec_flow *f) {
  memset(f, 0, sizeof *f);
  size_t nin = 0, nout = 0;
  for (size_t i = 0; i < e->n_layers; i++) {
    nin += e->layers[i].n_in;
    nout += e->layers[i].n_out;
  }
  /* each tensor name is hashed once: its id per input and output (-1: no
   * name) is kept for the passes below (10 kB names made the lookups most
   * of a report's time) */
  long *in_id = ec_malloc((nin ? nin : 1) * sizeof *in_id), *out_id = ec_malloc((nout ? nout : 1) * sizeof *out_id);
  for (size_t i = 0, a = 0, b = 0; i < e->n_layers; i++) {
    const ec_layer *l = &e->layers[i];
    for (int side = 0; side < 2; side++) {
      const ec_tensor *t = side ? l->out : l->in;
      size_t n = side ? l->n_out : l->n_in;
      long *ids = side ? out_id + b : in_id + a;
      for (size_t k = 0; k < n; k++) {
        size_t id;
        ids[k] = -1;
        if (!t[k].name) continue;
        if (!ec_map_get(&f->tensor, t[k].name, t[k].name_len, &id)) {
          id = f->ntensors++;
          ec_map_put(&f->tensor, t[k].name, t[k].name_len, id);
        }
        ids[k] = (long)id;
      }
    }
    a += l->n_in;
    b += l->n_out;
  }
  size_t cap = f->ntensors ? f->ntensors : 1;
  long *cur = ec_malloc(cap * sizeof *cur);
  for (size_t k = 0; k < f->ntensors; k++) cur[k] = -1;
  f->in_start = ec_calloc(e->n_layers + 1, sizeof *f->in_start);
  f->in_w = ec_malloc((nin ? nin : 1) * sizeof *f->in_w);
  f->rd_start = ec_calloc(cap + 1, sizeof *f->rd_start);
  size_t nrd = 0;
  /* in graph order: each input reads the latest writer so far */
  for (size_t i = 0, b = 0; i < e->n_layers; i++) {
    const ec_layer *l = &e->layers[i];
    f->in_start[i + 1] = f->in_start[i] + l->n_in;
    for (size_t k = 0; k < l->n_in; k++) {
      long id = in_id[f->in_start[i] + k];
      long *w = &f->in_w[f->in_start[i] + k];
      *w = -2; /* no tensor */
      if (id >= 0) {
        *w = cur[id];
        f->rd_start[id + 1]++;
        nrd++;
      }
    }
    for (size_t k = 0; k < l->n_out; k++, b++)
      if (out_id[b] >= 0) cur[out_id[b]] = (long)i;
  }
  for (size_t k = 0; k < f->ntensors; k++) f->rd_start[k + 1] += f->rd_start[k];
  f->rd = ec_malloc((nrd ? nrd : 1) * sizeof *f->rd);
  f->rd_w = ec_malloc((nrd ? nrd : 1) * sizeof *f->rd_w);
  size_t *fill = ec_calloc(cap, sizeof *fill);
  for (size_t i = 0; i < e->n_layers; i++) {
    const ec_layer *l = &e->layers[i];
    for (size_t k = 0; k < l->n_in; k++) {
      long id = in_id[f->in_start[i] + k];
      long *w = &f->in_w[f->in_start[i] + k];
      if (*w == -2) {
        *w = -1;
        continue;
      }
      if (*w < 0) *w = cur[id]; /* every writer comes later: the last one */
      size_t r = f->rd_start[id] + fill[id]++;
      f->rd[r] = i;
      f->rd_w[r] = *w;
    }
  }
  free(fill);
  free(in_id);
  free(out_id);
  f->last_w = cur;
}

void ec_flow_free(ec_flow *f) {
  ec_map_free(&f->tensor);
  free(f->in_start);
  free(f->in_w);
  free(f->rd_start);
  free(f->rd);
  free(f->rd_w);
  free(f->last_w);
}

int ec_flow_tid(const ec_flow *f, const ec_tensor *t, size_t *id) {
  return t->name && ec_map_get(&f->tensor, t->name, t->name_len, id);
}

long ec_flow_last_writer(const ec_flow *f, const ec_tensor *t) {
  size_t id;
  return ec_flow_tid(f, t, &id) ? f->last_w[id] : -1;
}

long ec_flow_writer(const ec_flow *f, size_t i, size_t k) {
  long w = f->in_w[f->in_start[i] + k];
  return w == (long)i ? -1 : w;
}

int ec_flow_written(const ec_flow *f, size_t i, size_t k) { return f->in_w[f->in_start[i] + k] >= 0; }
