/* bindings — the engine's inputs and outputs, and NoOp folding.
 *
 * Built once, when every layer is known (graph JSON, or a log's layer
 * listing), into e->bindings, the one list every output uses:
 *   - names: the graph's "Bindings" list, or TensorRT 11's "I/O Tensors"
 *     (which also give direction, shape, type, location, the shape-tensor
 *     flag and every optimisation profile's shapes: S_io_tensors); without
 *     one, the bindings a log says trtexec created; else inferred from the
 *     tensors: an input is a tensor some layer reads and no layer writes
 *     (except constants: Location other than Device/Host, as Myelin's
 *     __mye...dconst weights), an output one some layer writes and no layer
 *     reads;
 *   - direction, from who produces the tensor, before NoOp folding: a binding
 *     some layer writes (a kept layer, a NoOp or a Constant) is an output,
 *     even when later layers also read it (TensorRT 10 heads whose logits
 *     feed a post-process layer); one layers only read is an input; one no
 *     layer mentions (names-only graphs) has no known direction;
 *   - NoOp folding (TREx's fold_no_ops): consumers of a NoOp's output read its
 *     input instead, through chains of NoOps; an output binding a NoOp chain
 *     writes takes the place of the chain's first input on the layer that
 *     produces it and on every layer that reads it, so the edge and the
 *     binding both survive;
 *   - shape and format: the tensor that bears the binding's name, as its
 *     last writer writes it (outputs) or its first reader reads it (inputs),
 *     taken before NoOp folding renames anything; a log's created binding
 *     corrects a shape that cannot be it (S_log_shapes);
 *   - an input's profile and inference shapes: its entry in the per-input
 *     map the options filled (e->input_shapes), NULL otherwise. */
#include "load/internal.h"
#include "words/words.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "util/map.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int S_is(const char *a, const char *b) { return a && !strcmp(a, b); }

static int S_is_noop(const ec_layer *l) { return S_is(l->layer_type, "NoOp") && l->n_in >= 1 && l->n_out >= 1; }

static ec_binding *S_add(ec_engine *e, size_t *cap, const char *name, size_t len, ec_bind_dir dir, int listed) {
  ec_binding *b = EC_PUSH(e->bindings, e->n_bindings, *cap);
  memset(b, 0, sizeof *b);
  b->t.name = ec_strndup(name, len);
  b->t.name_len = len;
  b->t.volume = -1;
  b->dir = dir;
  b->listed = listed;
  b->shape_io = -1;
  /* the index grows with the list, so the lookups while loading (listed
   * twice? a binding's name?) are not a scan per binding */
  ec_map_put(&e->binding_index, b->t.name, b->t.name_len, e->n_bindings - 1);
  return b;
}

/* Every tensor name some layer (kept or set aside) writes / reads. */
typedef struct {
  ec_map wr, rd;
  int any; /* some layer describes a tensor */
} S_seen;

static void S_seen_layers(S_seen *s, const ec_layer *ls, size_t n) {
  for (size_t i = 0; i < n; i++) {
    for (size_t k = 0; k < ls[i].n_out; k++) ec_map_put(&s->wr, ls[i].out[k].name, ls[i].out[k].name_len, 1);
    for (size_t k = 0; k < ls[i].n_in; k++) ec_map_put(&s->rd, ls[i].in[k].name, ls[i].in[k].name_len, 1);
    s->any |= ls[i].n_in || ls[i].n_out;
  }
}

/* Direction of one name from the raw (unfolded) layers. */
static ec_bind_dir S_dir(const S_seen *s, const char *name, size_t len) {
  if (ec_map_get(&s->wr, name, len, NULL)) return EC_BIND_OUTPUT;
  if (ec_map_get(&s->rd, name, len, NULL)) return EC_BIND_INPUT;
  return EC_BIND_UNKNOWN;
}

/* Inputs: read, never written, not a constant; outputs: written (not by a
 * Constant), never read. Inputs in reading order, then outputs. */
static void S_infer(ec_engine *e, size_t *cap, const S_seen *s) {
  ec_map added = {0};
  const ec_layer *sets[2] = {e->layers, e->hidden};
  size_t ns[2] = {e->n_layers, e->n_hidden};
  for (int side = 0; side < 2; side++)
    for (int h = 0; h < 2; h++)
      for (size_t i = 0; i < ns[h]; i++) {
        const ec_layer *l = &sets[h][i];
        if (side && S_is(l->layer_type, "Constant")) continue;
        const ec_tensor *ts = side ? l->out : l->in;
        size_t n = side ? l->n_out : l->n_in;
        for (size_t k = 0; k < n; k++) {
          const ec_tensor *t = &ts[k];
          if (!t->name_len || ec_map_get(&added, t->name, t->name_len, NULL)) continue;
          if (side ? ec_map_get(&s->rd, t->name, t->name_len, NULL) : ec_map_get(&s->wr, t->name, t->name_len, NULL))
            continue;
          if (!side && S_is(t->location, "other")) continue; /* a constant weight, not an input */
          /* a TensorRT 11 layer that writes nothing (Myelin's custom_layer
           * reading L2-cache-policy buffers) reads engine-internal buffers */
          if (!side && l->lists_consts && !l->n_out) continue;
          ec_map_put(&added, t->name, t->name_len, 1);
          /* Myelin's own tensors (L2-cache buffers, "__myln_...", "x_myl4"
           * copies) are never the engine's inputs or outputs */
          if (ec_tensor_is_myelin_internal(t->name, t->name_len)) {
            e->n_internal_tensors++;
            continue;
          }
          S_add(e, cap, t->name, t->name_len, side ? EC_BIND_OUTPUT : EC_BIND_INPUT, 0);
        }
      }
  ec_map_free(&added);
}

static void S_rename(ec_tensor *t, const char *name, size_t len) {
  char *nn = ec_strndup(name, len);
  free(t->name);
  t->name = nn;
  t->name_len = len;
}

/* Consumers of a NoOp's output read the chain's first input instead. */
static void S_fold_consumers(ec_engine *e, const ec_map *alias) {
  for (size_t i = 0; i < e->n_layers; i++) {
    ec_layer *l = &e->layers[i];
    for (size_t k = 0; k < l->n_in; k++) {
      ec_tensor *t = &l->in[k];
      size_t hi, guard = 0;
      const char *nm = t->name;
      size_t nl = t->name_len;
      while (ec_map_get(alias, nm, nl, &hi) && guard++ < 64) {
        nm = e->hidden[hi].in[0].name;
        nl = e->hidden[hi].in[0].name_len;
      }
      if (nm != t->name) S_rename(t, nm, nl);
    }
  }
}

/* An output binding written by a NoOp chain: the kept layer that produces
 * the chain's first input writes the binding, and every reader of that
 * tensor reads it under the binding's name (the data is the same). */
static void S_carry_outputs(ec_engine *e, const ec_map *alias) {
  ec_map prod = {0};
  for (size_t i = 0; i < e->n_layers; i++)
    for (size_t k = 0; k < e->layers[i].n_out; k++) ec_map_put(&prod, e->layers[i].out[k].name, e->layers[i].out[k].name_len, i);
  /* roots to rename, decided before any name changes (map keys are borrowed) */
  char **root = ec_calloc(e->n_bindings ? e->n_bindings : 1, sizeof *root);
  size_t *root_len = ec_calloc(e->n_bindings ? e->n_bindings : 1, sizeof *root_len);
  ec_map claimed = {0};
  for (size_t b = 0; b < e->n_bindings; b++) {
    const ec_tensor *bt = &e->bindings[b].t;
    size_t hi, p, guard = 0;
    if (e->bindings[b].dir != EC_BIND_OUTPUT || ec_map_get(&prod, bt->name, bt->name_len, NULL)) continue;
    const char *nm = bt->name;
    size_t nl = bt->name_len;
    while (ec_map_get(alias, nm, nl, &hi) && guard++ < 64) {
      nm = e->hidden[hi].in[0].name;
      nl = e->hidden[hi].in[0].name_len;
    }
    /* the root must be a kept layer's output that no other binding names or claims */
    if (nm == bt->name || !ec_map_get(&prod, nm, nl, &p) || ec_engine_binding(e, nm, nl) ||
        ec_map_get(&claimed, nm, nl, NULL))
      continue;
    ec_map_put(&claimed, nm, nl, b);
    root[b] = ec_strndup(nm, nl);
    root_len[b] = nl;
  }
  ec_map_free(&claimed);
  ec_map_free(&prod);
  /* one pass over the layers (a pass per binding was bindings x layers);
   * roots are distinct and none is a binding's name, so a renamed tensor
   * never matches another root */
  ec_map byroot = {0};
  for (size_t b = 0; b < e->n_bindings; b++)
    if (root[b]) ec_map_put(&byroot, root[b], root_len[b], b);
  for (size_t i = 0; i < e->n_layers && byroot.n; i++) {
    ec_layer *l = &e->layers[i];
    for (int side = 0; side < 2; side++) {
      ec_tensor *ts = side ? l->out : l->in;
      size_t n = side ? l->n_out : l->n_in;
      for (size_t k = 0; k < n; k++) {
        size_t b;
        if (ec_map_get(&byroot, ts[k].name, ts[k].name_len, &b))
          S_rename(&ts[k], e->bindings[b].t.name, e->bindings[b].t.name_len);
      }
    }
  }
  ec_map_free(&byroot);
  for (size_t b = 0; b < e->n_bindings; b++) free(root[b]);
  free(root);
  free(root_len);
}

static void S_fold_noops(ec_engine *e) {
  ec_map alias = {0};
  for (size_t i = 0; i < e->n_hidden; i++)
    if (S_is_noop(&e->hidden[i])) ec_map_put(&alias, e->hidden[i].out[0].name, e->hidden[i].out[0].name_len, i);
  if (alias.n) {
    S_fold_consumers(e, &alias);
    S_carry_outputs(e, &alias);
  }
  ec_map_free(&alias);
}

static void S_copy_tensor(ec_binding *b, const ec_tensor *t) {
  if (t->ndims > 0) {
    b->t.dims = ec_malloc((size_t)t->ndims * sizeof *b->t.dims);
    memcpy(b->t.dims, t->dims, (size_t)t->ndims * sizeof *b->t.dims);
  }
  b->t.ndims = t->ndims;
  b->t.format = t->format ? ec_strdup(t->format) : NULL;
  b->t.format_short = t->format_short;
  b->t.precision = t->precision;
  b->t.precision_trex = t->precision_trex;
  b->t.elem_bytes = t->elem_bytes;
  b->t.elem_bytes_trex = t->elem_bytes_trex;
  b->t.location = t->location;
  b->t.volume = t->volume;
  b->described = 1;
}

/* Shape and format: outputs from their last writer, inputs from their first
 * reader; kept layers first, then NoOp/Constant layers. */
static void S_describe(ec_engine *e) {
  ec_map byname = {0};
  for (size_t b = 0; b < e->n_bindings; b++) ec_map_put(&byname, e->bindings[b].t.name, e->bindings[b].t.name_len, b);
  const ec_tensor **from = ec_calloc(e->n_bindings ? e->n_bindings : 1, sizeof *from);
  const ec_layer *sets[2] = {e->layers, e->hidden};
  size_t ns[2] = {e->n_layers, e->n_hidden};
  for (int h = 0; h < 2; h++)
    for (size_t i = 0; i < ns[h]; i++) {
      const ec_layer *l = &sets[h][i];
      size_t b;
      for (size_t k = 0; k < l->n_out; k++)
        if (ec_map_get(&byname, l->out[k].name, l->out[k].name_len, &b) && e->bindings[b].dir == EC_BIND_OUTPUT &&
            (!from[b] || !h))
          from[b] = &l->out[k];
      for (size_t k = 0; k < l->n_in; k++)
        if (ec_map_get(&byname, l->in[k].name, l->in[k].name_len, &b) && e->bindings[b].dir == EC_BIND_INPUT && !from[b])
          from[b] = &l->in[k];
    }
  for (size_t b = 0; b < e->n_bindings; b++)
    if (from[b]) S_copy_tensor(&e->bindings[b], from[b]);
  free(from);
  ec_map_free(&byname);
}

/* The log's entry for binding b (the first of that name), or NULL; by is
 * the log's entries by name (S_log_index). */
static const ec_log_binding *S_log_of(const ec_load_state *s, const ec_map *by, const ec_binding *b) {
  size_t i;
  return s && ec_map_get(by, b->t.name, b->t.name_len, &i) ? &s->log_binds[i] : NULL;
}

/* 1 when shape a (n dims) and the log's shape d can be the same tensor:
 * same rank, and every dimension equal where both are static (the layer
 * information says -1 where the run used a size). */
static int S_same_shape(const int64_t *a, int n, const ec_dims *d) {
  if (n != d->n) return 0;
  for (int i = 0; i < n; i++)
    if (a[i] >= 0 && d->v[i] >= 0 && a[i] != d->v[i]) return 0;
  return 1;
}

/* What a log says trtexec created is the truth about a binding: a
 * direction the layers do not give, and the shape when the layers' one
 * cannot be it (a folded reshape, a stale listing). A shape that agrees up
 * to dynamic (-1) dimensions stays as the engine declares it. */
static void S_log_shapes(ec_engine *e, const ec_load_state *s) {
  ec_map by = {0};
  for (size_t i = 0; s && i < s->n_log_binds; i++)
    if (!ec_map_get(&by, s->log_binds[i].name, s->log_binds[i].len, NULL))
      ec_map_put(&by, s->log_binds[i].name, s->log_binds[i].len, i);
  for (size_t i = 0; i < e->n_bindings; i++) {
    ec_binding *b = &e->bindings[i];
    const ec_log_binding *x = S_log_of(s, &by, b);
    if (!x || !x->dims.n) continue; /* "Marking y as output": a name, no shape */
    if (b->dir == EC_BIND_UNKNOWN) b->dir = x->dir;
    if (b->described && S_same_shape(b->t.dims, b->t.ndims, &x->dims)) continue;
    if (b->described)
      ec_diag_add(&e->diags, EC_INFO, s->log_binds_path, x->line, 1,
                  "binding \"%.*s\": the layer information gives %d %s that do not match the %d the log says "
                  "trtexec created; the log's shape is used",
                  (int)(b->t.name_len > 200 ? 200 : b->t.name_len), b->t.name, b->t.ndims, ec_plural(b->t.ndims,
                   "dimension", "dimensions"), x->dims.n);
    free(b->t.dims);
    b->t.dims = ec_malloc((size_t)x->dims.n * sizeof *b->t.dims);
    memcpy(b->t.dims, x->dims.v, (size_t)x->dims.n * sizeof *b->t.dims);
    b->t.ndims = x->dims.n;
    ec_tensor_set_volume(&b->t);
    if (!b->described) {
      b->t.precision = x->precision; /* the format stays unknown */
      b->described = 1;
    }
  }
  ec_map_free(&by);
}

/* The staged "I/O Tensors" entry named like b (the first), or NULL; by
 * holds the entries by name. */
static struct ec_bind_name *S_io_of(ec_load_state *s, const ec_map *by, const ec_binding *b) {
  size_t i;
  return s && ec_map_get(by, b->t.name, b->t.name_len, &i) ? &s->bind_names[i] : NULL;
}

/* TensorRT 11's "I/O Tensors" say what a binding is: its direction, shape,
 * data type, location, whether it is a shape tensor, and every optimisation
 * profile's shapes (pidx selects the one in use). The format stays the
 * layers' (a binding no layer describes has none). */
static void S_io_tensors(ec_engine *e, ec_load_state *s, int pidx) {
  ec_map by = {0};
  for (size_t i = 0; s && i < s->n_bind_names; i++)
    if (s->bind_names[i].io && !ec_map_get(&by, s->bind_names[i].name, s->bind_names[i].len, NULL))
      ec_map_put(&by, s->bind_names[i].name, s->bind_names[i].len, i);
  for (size_t i = 0; i < e->n_bindings; i++) {
    ec_binding *b = &e->bindings[i];
    struct ec_bind_name *x = S_io_of(s, &by, b);
    if (!x) continue;
    if (x->dir != EC_BIND_UNKNOWN) b->dir = x->dir;
    if (x->dims) {
      free(b->t.dims);
      b->t.dims = ec_malloc((size_t)(x->ndims ? x->ndims : 1) * sizeof *b->t.dims);
      memcpy(b->t.dims, x->dims, (size_t)x->ndims * sizeof *b->t.dims);
      b->t.ndims = x->ndims;
      ec_tensor_set_volume(&b->t);
    }
    if (x->dtype) {
      ec_format_info fi = ec_format_classify(x->dtype, strlen(x->dtype));
      if (fi.known) {
        b->t.precision = fi.precision;
        b->t.precision_trex = fi.precision_trex;
        b->t.elem_bytes = fi.bytes;
        b->t.elem_bytes_trex = fi.bytes_trex;
      }
    }
    if (x->location) b->t.location = x->location;
    if (x->dims && !b->described) b->described = 1;
    b->shape_io = x->shape_io;
    b->profiles = x->profiles;
    b->n_profiles = x->n_profiles;
    x->profiles = NULL;
    x->n_profiles = 0;
    b->profile = pidx >= 0 && (size_t)pidx < b->n_profiles ? &b->profiles[pidx] : NULL;
  }
  ec_map_free(&by);
}

/* Each input's shapes from the per-input map the options filled (the
 * selected optimisation profile's min/opt/max and the inference shape). */
static void S_profile_shapes(ec_engine *e) {
  for (size_t b = 0; b < e->n_bindings; b++) {
    ec_binding *x = &e->bindings[b];
    if (x->dir != EC_BIND_OUTPUT) x->shapes = ec_engine_input_shape(e, x->t.name, x->t.name_len);
  }
}

/* The names of a binding list as compared between sources: those of
 * optimisation profile pidx, sorted, joined by ", ". Caller frees. */
static char *S_names_text(const char *const *names, const size_t *lens, size_t n, int pidx) {
  char **v = ec_calloc(n ? n : 1, sizeof *v);
  size_t k = 0;
  for (size_t i = 0; i < n; i++) {
    size_t base;
    long p = ec_profile_suffix(names[i], lens[i], &base);
    if (p >= 0 && p != pidx) continue;
    v[k++] = ec_strndup(names[i], p >= 0 ? base : lens[i]);
  }
  for (size_t i = 1; i < k; i++) /* insertion sort: binding lists are short */
    for (size_t j = i; j > 0 && strcmp(v[j - 1], v[j]) > 0; j--) {
      char *t = v[j];
      v[j] = v[j - 1];
      v[j - 1] = t;
    }
  ec_buf b = {0};
  for (size_t i = 0; i < k; i++) {
    ec_buf_printf(&b, "%s%s", i ? ", " : "", v[i]);
    free(v[i]);
  }
  free(v);
  return ec_buf_take(&b);
}

/* One stated list of bindings offered against the one held (load/sources.c's
 * rule: the first stated list read is kept; a different one is a note). */
typedef struct {
  int src;               /* 0 none, 1 the graph's list, 2 a listing's I/O section, 3 a log's created bindings */
  ec_fact_basis basis;
  char *text;
} S_pick;

static void S_offer(ec_engine *e, S_pick *h, int src, char *text, const char *path, int line) {
  switch (ec_source_pick_basis(h->basis, h->text, EC_FACT_STATED, text)) {
  case EC_SOURCE_TAKE:
    free(h->text);
    h->text = text;
    h->src = src;
    h->basis = EC_FACT_STATED;
    return;
  case EC_SOURCE_DISAGREE: ec_source_note(e, path, line, "the engine's inputs and outputs", h->text, text); break;
  default: break;
  }
  free(text);
}

void ec_load_bindings(ec_engine *e, const ec_load_opts *o) {
  ec_load_state *s = e->ls;
  int pidx = o ? o->profile_index : 0;
  size_t cap = e->n_bindings;
  for (size_t b = 0; b < e->n_bindings; b++)
    ec_map_put(&e->binding_index, e->bindings[b].t.name, e->bindings[b].t.name_len, b);
  S_seen seen = {0};
  S_seen_layers(&seen, e->layers, e->n_layers);
  S_seen_layers(&seen, e->hidden, e->n_hidden);
  const char *path = s ? (s->graph_path ? s->graph_path : s->log_layers_path) : NULL;
  /* which source names the bindings: a stated list wins over inference */
  S_pick h = {0};
  if (s) {
    const struct {
      int src, have;
      size_t n;
      const char *path;
      int line;
    } offers[] = {{1, s->have_bind_list, s->n_bind_names, s->graph_path, 0},
                  {2, s->have_log_io, s->n_log_io, s->log_io_path, s->log_io_line},
                  {3, s->n_log_binds > 0, s->n_log_binds, s->log_binds_path, 0}};
    for (size_t k = 0; k < sizeof offers / sizeof offers[0]; k++) {
      if (!offers[k].have) continue;
      const char **nm = ec_calloc(offers[k].n ? offers[k].n : 1, sizeof *nm);
      size_t *nl = ec_calloc(offers[k].n ? offers[k].n : 1, sizeof *nl);
      for (size_t i = 0; i < offers[k].n; i++) {
        nm[i] = offers[k].src == 1 ? s->bind_names[i].name : offers[k].src == 2 ? s->log_io[i].name : s->log_binds[i].name;
        nl[i] = offers[k].src == 1 ? s->bind_names[i].len : offers[k].src == 2 ? s->log_io[i].len : s->log_binds[i].len;
      }
      S_offer(e, &h, offers[k].src, S_names_text(nm, nl, offers[k].n, pidx), offers[k].path, offers[k].line);
      free(nm);
      free(nl);
    }
    if (h.src == 2) {
      /* the listing's own section is the list: read as a graph's would be */
      ec_load_bind_names_free(s->bind_names, s->n_bind_names);
      s->bind_names = s->log_io;
      s->n_bind_names = s->cap_bind_names = s->n_log_io;
      s->log_io = NULL;
      s->n_log_io = 0;
      s->have_bind_list = 1;
      path = s->log_io_path;
    }
  }
  free(h.text);
  if (h.src == 1 || h.src == 2) {
    size_t other_profile = 0, unknown = 0;
    for (size_t i = 0; i < s->n_bind_names; i++) {
      const char *nm = s->bind_names[i].name;
      size_t nl = s->bind_names[i].len, base;
      long p = ec_profile_suffix(nm, nl, &base);
      if (p >= 0 && p != pidx) { /* another optimisation profile's copy */
        other_profile++;
        continue;
      }
      if (ec_engine_binding(e, nm, nl)) continue; /* listed twice */
      ec_bind_dir d = s->bind_names[i].io && s->bind_names[i].dir ? s->bind_names[i].dir : S_dir(&seen, nm, nl);
      ec_binding *b = S_add(e, &cap, nm, nl, d, 1);
      unknown += b->dir == EC_BIND_UNKNOWN;
    }
    if (other_profile)
      ec_diag_add(&e->diags, EC_INFO, path, 0, 0, "%zu %s belong to other optimisation profiles and were left out",
                  other_profile, ec_plural(other_profile, "binding", "bindings"));
    if (unknown && seen.any)
      ec_diag_add(&e->diags, EC_INFO, path, 0, 0,
                  "%zu of %zu %s are read or written by no layer: their direction and shape are unknown", unknown,
                  e->n_bindings, ec_plural(e->n_bindings, "binding", "bindings"));
    if (h.src == 2)
      ec_diag_add(&e->diags, EC_INFO, path, s->log_io_line, 0,
                  "the bindings are the listing's own I/O section (%zu), not inferred from the layers", e->n_bindings);
  } else if (h.src == 3) {
    /* no list in the layer information: the log names the bindings */
    for (size_t i = 0; i < s->n_log_binds; i++)
      if (!ec_engine_binding(e, s->log_binds[i].name, s->log_binds[i].len))
        S_add(e, &cap, s->log_binds[i].name, s->log_binds[i].len, s->log_binds[i].dir, 1);
  } else if (e->has_graph && seen.any) {
    S_infer(e, &cap, &seen);
    size_t nin = 0;
    for (size_t b = 0; b < e->n_bindings; b++) nin += e->bindings[b].dir == EC_BIND_INPUT;
    ec_diag_add(&e->diags, EC_INFO, path, 0, 0,
                "no \"Bindings\" list: %zu %s (tensors no layer writes) and %zu %s (tensors no layer reads) are "
                "inferred from the layers",
                nin, ec_plural(nin, "input", "inputs"), e->n_bindings - nin, ec_plural(e->n_bindings - nin, "output",
                               "outputs"));
    if (e->n_internal_tensors)
      ec_diag_add(&e->diags, EC_INFO, path, 0, 0,
                  "%zu engine-internal %s (Myelin's own, L2-cache buffers) that no layer reads or writes are not "
                  "taken for bindings", e->n_internal_tensors, ec_plural(e->n_internal_tensors, "tensor", "tensors"));
  }
  ec_map_free(&seen.wr);
  ec_map_free(&seen.rd);
  S_describe(e); /* before folding: the tensor that bears the binding's name */
  S_fold_noops(e);
  S_log_shapes(e, s);
  S_io_tensors(e, s, pidx);
  for (size_t b = 0; b < e->n_bindings; b++)
    ec_map_put(&e->binding_index, e->bindings[b].t.name, e->bindings[b].t.name_len, b);
  S_profile_shapes(e);
}
