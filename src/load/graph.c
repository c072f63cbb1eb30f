/* graph — trtexec --exportLayerInfo JSON into layers.
 *
 * Accepts {"Layers": [...], "Bindings": [...]}, TensorRT 11's {"Layers":
 * [...], "I/O Tensors": [...]} (layers may carry "Constants"; root
 * "ProfilingVerbosity" and "Engine Metadata" are not used), a bare list of
 * layer objects, names-only layer lists (built without detailed profiling
 * verbosity), missing Bindings/Location, dynamic (-1) dimensions, and the
 * quirks listed in docs/inputs.md. TREx's rules decide
 * which layers are kept: signal/wait and shape_call are dropped, NoOp and
 * Constant are set aside (e->hidden), the rest are e->layers. What each
 * layer and tensor key means is decided in layer_keys.c, for this reader and
 * the log's alike; this file only walks the JSON. */
#include "load/internal.h"
#include "words/words.h"
#include "load/json.h"
#include "util/alloc.h"
#include "util/map.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* " [profile N]" suffix: returns N and the length without it, or -1. */
long ec_profile_suffix(const char *s, size_t n, size_t *base_len) {
  if (n < 12 || s[n - 1] != ']') return -1;
  size_t i = n - 1;
  size_t digits_end = i;
  while (i > 0 && s[i - 1] >= '0' && s[i - 1] <= '9') i--;
  if (i == digits_end || digits_end - i > 9) return -1;
  size_t digits = i;
  /* allow one or more spaces between "profile" and the digits */
  while (i > 0 && s[i - 1] == ' ') i--;
  if (i == digits || i < 9 || memcmp(s + i - 8, "[profile", 8) != 0) return -1;
  i -= 8;
  if (i == 0 || s[i - 1] != ' ') return -1;
  *base_len = i - 1;
  return strtol(s + digits, NULL, 10);
}

/* A JSON value as a layer or tensor key's value (layer_keys.c). tmp (cap
 * bytes) holds the text of small numbers and integer lists; *owned any
 * other text (the caller frees it). */
static void S_lval(ec_lval *v, const json_t *val, char *tmp, size_t cap, char **owned) {
  *owned = NULL;
  if (json_is_string(val)) {
    ec_lval_text(v, json_string_value(val), json_string_length(val));
    return;
  }
  size_t n = 0;
  /* the common cases without json_dumps (it dominates a 10,000-layer load otherwise) */
  if (json_is_integer(val)) {
    n = (size_t)snprintf(tmp, cap, "%lld", (long long)json_integer_value(val));
  } else if (json_is_array(val) && json_array_size(val) <= 16) {
    int ok = 1;
    tmp[n++] = '[';
    for (size_t i = 0; i < json_array_size(val) && ok; i++) {
      const json_t *x = json_array_get(val, i);
      if (!json_is_integer(x)) ok = 0;
      else n += (size_t)snprintf(tmp + n, cap - n, "%s%lld", i ? "," : "", (long long)json_integer_value(x));
    }
    tmp[n++] = ']';
    if (!ok) n = 0;
  }
  if (n) {
    ec_lval_text(v, tmp, n);
    return;
  }
  const json_t *ty = json_object_get(val, "Type"), *ct = json_object_get(val, "Count");
  if (json_is_string(ty) && ct) { /* {Type, Count}: layer_keys.c writes its attribute text */
    ec_lval_text(v, "", 0);
    v->is_weights = 1;
    v->wtype = json_string_value(ty);
    v->wtype_n = json_string_length(ty);
    v->wcount = ec_json_num(ct);
    return;
  }
  *owned = ec_json_text(val);
  ec_lval_text(v, *owned, strlen(*owned));
  if (json_is_array(val) && json_array_size(val) > 32) v->no_attr = 1;
}

static void S_read_tensor(ec_engine *e, const char *path, const json_t *o, ec_tensor *t) {
  memset(t, 0, sizeof *t);
  const char *key;
  const json_t *val;
  char tmp[512];
  json_object_foreach((json_t *)o, key, val) {
    ec_lval v;
    char *owned;
    S_lval(&v, val, tmp, sizeof tmp, &owned);
    ec_tensor_key(e, path, t, key, strlen(key), &v);
    free(owned);
  }
  ec_tensor_done(e, path, t);
}

static void S_read_tensors(ec_engine *e, const char *path, const json_t *arr, ec_tensor **out, size_t *n) {
  *out = NULL;
  *n = 0;
  if (!json_is_array(arr)) return;
  size_t k = json_array_size(arr);
  *out = ec_calloc(k ? k : 1, sizeof **out);
  for (size_t i = 0; i < k; i++) {
    const json_t *o = json_array_get(arr, i);
    if (!json_is_object(o)) continue;
    S_read_tensor(e, path, o, &(*out)[(*n)++]);
  }
}

/* One layer object: every key through the one mapping (layer_keys.c). */
static void S_read_layer(ec_engine *e, const char *path, const json_t *o, ec_layer *l) {
  ec_layer_build b;
  ec_layer_build_begin(&b, l);
  const char *key;
  const json_t *val;
  char tmp[512];
  json_object_foreach((json_t *)o, key, val) {
    size_t kl = strlen(key);
    if (!strcmp(key, "Inputs") || !strcmp(key, "Outputs")) {
      if (key[0] == 'I') S_read_tensors(e, path, val, &l->in, &l->n_in);
      else S_read_tensors(e, path, val, &l->out, &l->n_out);
      continue;
    }
    if (!strcmp(key, "Constants") && json_is_array(val)) { /* TensorRT 11: the layer's weights */
      S_read_tensors(e, path, val, &l->consts, &l->n_consts);
      l->lists_consts = 1;
      continue;
    }
    ec_lval v;
    char *owned;
    const char **items = NULL;
    size_t *item_n = NULL;
    S_lval(&v, val, tmp, sizeof tmp, &owned);
    if (json_is_array(val) && json_array_size(val) && json_is_string(json_array_get(val, 0))) {
      size_t m = json_array_size(val), k = 0;
      items = ec_calloc(m, sizeof *items);
      item_n = ec_calloc(m, sizeof *item_n);
      for (size_t i = 0; i < m; i++) {
        const json_t *x = json_array_get(val, i);
        if (!json_is_string(x)) continue;
        items[k] = json_string_value(x);
        item_n[k++] = json_string_length(x);
      }
      v.items = items;
      v.item_n = item_n;
      v.nitems = k;
    }
    ec_layer_key(&b, key, kl, &v);
    free(items);
    free(item_n);
    free(owned);
  }
  ec_layer_build_end(&b);
}

/* A names-only layer: its name alone. */
static void S_name_layer(ec_layer *l, const char *s, size_t n) {
  ec_layer_build b;
  ec_layer_build_begin(&b, l);
  ec_lval v;
  ec_lval_text(&v, s, n);
  ec_layer_key(&b, "Name", 4, &v);
  ec_lval_text(&v, "Unknown", 7);
  ec_layer_key(&b, "LayerType", 9, &v);
  ec_layer_build_end(&b);
  l->precision = "Unknown";
  l->precision_trex = "Unknown";
  l->unknown = EC_UNKNOWN_TENSORS | EC_UNKNOWN_WEIGHTS;
}


void ec_load_unique_names(char *const *names, const size_t *lens, size_t n, char **out, size_t *out_lens) {
  ec_map all = {0}, seen = {0}; /* every name in the list (and generated); occurrences so far */
  for (size_t i = 0; i < n; i++) ec_map_put(&all, names[i], lens[i], 1);
  for (size_t i = 0; i < n; i++) {
    out[i] = NULL;
    size_t k = 0;
    if (!ec_map_get(&seen, names[i], lens[i], &k)) {
      ec_map_put(&seen, names[i], lens[i], 1);
      continue;
    }
    char *full = ec_malloc(lens[i] + 32);
    size_t fl, dummy;
    do {
      k++;
      memcpy(full, names[i], lens[i]);
      fl = lens[i] + (size_t)snprintf(full + lens[i], 32, "_%zu", k);
    } while (ec_map_get(&all, full, fl, &dummy));
    ec_map_put(&seen, names[i], lens[i], k);
    ec_map_put(&all, full, fl, 1); /* full lives on in out[i] */
    out[i] = full;
    out_lens[i] = fl;
  }
  ec_map_free(&all);
  ec_map_free(&seen);
}

/* Names made unique by ec_load_unique_names (TREx's rule). */
static void S_disambiguate(ec_layer *ls, size_t n) {
  char **names = ec_calloc(n ? n : 1, sizeof *names), **out = ec_calloc(n ? n : 1, sizeof *out);
  size_t *lens = ec_calloc(n ? n : 1, sizeof *lens), *out_lens = ec_calloc(n ? n : 1, sizeof *out_lens);
  for (size_t i = 0; i < n; i++) names[i] = ls[i].name, lens[i] = ls[i].name_len;
  ec_load_unique_names(names, lens, n, out, out_lens);
  for (size_t i = 0; i < n; i++)
    if (out[i]) {
      free(ls[i].name);
      ls[i].name = out[i];
      ls[i].name_len = out_lens[i];
    }
  free(names);
  free(out);
  free(lens);
  free(out_lens);
}

/* A JSON list of integers as a new array (*n entries; -1 for a negative
 * one), or NULL when val is not such a list. */
static int64_t *S_int_list(const json_t *val, int *n) {
  *n = 0;
  if (!json_is_array(val) || json_array_size(val) > 64) return NULL;
  size_t k = json_array_size(val);
  int64_t *v = ec_calloc(k ? k : 1, sizeof *v);
  for (size_t i = 0; i < k; i++) {
    const json_t *x = json_array_get(val, i);
    if (!json_is_integer(x)) {
      free(v);
      return NULL;
    }
    v[i] = json_integer_value(x) < 0 ? -1 : json_integer_value(x);
  }
  *n = (int)k;
  return v;
}

/* TensorRT 11's root "I/O Tensors" (it replaces "Bindings"): per tensor
 * Name, IOMode (Input/Output), DataType (or Datatype), Dimensions, Location,
 * IsShapeInferenceIO and ProfileInfo (one {MinShape, OptShape, MaxShape,
 * Format} per optimisation profile; an output's has its Format only).
 * Staged like the Bindings list; bindings.c gives them to the bindings. */
static void S_read_io_tensors(ec_engine *e, const char *path, const json_t *iot, ec_load_state *ls) {
  size_t skipped = 0;
  for (size_t i = 0; i < json_array_size(iot); i++) {
    const json_t *o = json_array_get(iot, i);
    size_t n;
    const char *s = json_is_object(o) ? ec_json_str(json_object_get(o, "Name"), &n) : NULL;
    if (!s) {
      skipped++;
      continue;
    }
    struct ec_bind_name *b = EC_PUSH(ls->bind_names, ls->n_bind_names, ls->cap_bind_names);
    memset(b, 0, sizeof *b);
    b->name = ec_strndup(s, n);
    b->len = n;
    b->io = 1;
    b->shape_io = -1;
    const char *m = ec_json_str(json_object_get(o, "IOMode"), &n);
    b->dir = m && n == 5 && !memcmp(m, "Input", 5) ? EC_BIND_INPUT : m && n == 6 && !memcmp(m, "Output", 6) ? EC_BIND_OUTPUT
                                                                                                  : EC_BIND_UNKNOWN;
    const json_t *dt = json_object_get(o, "DataType");
    if (!dt) dt = json_object_get(o, "Datatype");
    if ((s = ec_json_str(dt, &n))) b->dtype = ec_strndup(s, n);
    b->dims = S_int_list(json_object_get(o, "Dimensions"), &b->ndims);
    if ((s = ec_json_str(json_object_get(o, "Location"), &n))) b->location = ec_location_name(s, n);
    const json_t *si = json_object_get(o, "IsShapeInferenceIO");
    if (json_is_boolean(si)) b->shape_io = json_is_true(si);
    const json_t *pi = json_object_get(o, "ProfileInfo");
    if (json_is_array(pi)) {
      size_t np = json_array_size(pi);
      b->profiles = ec_calloc(np ? np : 1, sizeof *b->profiles);
      for (size_t k = 0; k < np; k++) {
        const json_t *p = json_array_get(pi, k);
        ec_bind_profile *q = &b->profiles[b->n_profiles++];
        if (!json_is_object(p)) continue;
        q->min = S_int_list(json_object_get(p, "MinShape"), &q->nmin);
        q->opt = S_int_list(json_object_get(p, "OptShape"), &q->nopt);
        q->max = S_int_list(json_object_get(p, "MaxShape"), &q->nmax);
        if ((s = ec_json_str(json_object_get(p, "Format"), &n))) q->format = ec_strndup(s, n);
      }
    }
  }
  if (skipped)
    ec_diag_add(&e->diags, EC_WARN, path, 0, 0, "%zu \"I/O Tensors\" entries have no name and were skipped", skipped);
}

int ec_load_graph_text(ec_engine *e, const char *path, const char *text, size_t len,
                       const ec_load_opts *o) {
  ec_json_doc doc;
  if (ec_json_parse(path, text, len, EC_BUDGET_LAYERS, &e->diags, &doc) != 0) return -1;
  if (doc.n > 1)
    ec_diag_add(&e->diags, EC_WARN, path, 0, 0, "%zu JSON %s in a graph file; the first is used", doc.n,
                ec_plural(doc.n, "document", "documents"));
  const json_t *root = doc.v[0];
  const json_t *layers = json_is_array(root) ? root : json_object_get(root, "Layers");
  if (!json_is_array(layers)) {
    ec_diag_add(&e->diags, EC_ERROR, path, 1, 1, "no \"Layers\" list: not a trtexec --exportLayerInfo file");
    ec_json_doc_free(&doc);
    return -1;
  }
  size_t nraw = json_array_size(layers);
  if (ec_budget_over(EC_BUDGET_LAYERS, nraw)) { /* "--- Layer N ---" dumps: the scan saw no list */
    ec_budget_refuse(&e->diags, EC_BUDGET_LAYERS, path, 0, 0);
    ec_json_doc_free(&doc);
    return -1;
  }
  if (e->has_graph) {
    ec_diag_add(&e->diags, EC_WARN, path, 0, 0, "a second graph file for this engine is ignored");
    ec_json_doc_free(&doc);
    return -1;
  }
  ec_engine_add_file(e, path, EC_FILE_GRAPH);
  ec_load_generator_json(e, path, root);
  e->has_graph = 1;
  ec_load_state_of(e)->have_graph_json = 1;
  e->n_raw_layers = nraw;
  int pidx = o ? o->profile_index : 0;
  size_t dropped_profile = 0, names_only = 0;
  ec_layer *tmp = ec_calloc(nraw ? nraw : 1, sizeof *tmp);
  size_t nt = 0;
  for (size_t i = 0; i < nraw; i++) {
    const json_t *lj = json_array_get(layers, i);
    ec_layer l = {0};
    if (json_is_string(lj)) {
      size_t n;
      const char *s = ec_json_str(lj, &n);
      S_name_layer(&l, s, n);
      names_only++;
    } else if (json_is_object(lj)) {
      S_read_layer(e, path, lj, &l);
    } else {
      ec_diag_add(&e->diags, EC_WARN, path, 0, 0, "layer %zu is neither an object nor a name; skipped", i);
      continue;
    }
    size_t base;
    long p = ec_profile_suffix(l.name, l.name_len, &base);
    if (p >= 0) {
      if (p != pidx) {
        dropped_profile++;
        ec_layer_clear(&l);
        continue;
      }
      l.name[base] = '\0';
      l.name_len = base;
    } else if (pidx != 0) {
      /* layers of profile 0 carry no suffix */
      dropped_profile++;
      ec_layer_clear(&l);
      continue;
    }
    tmp[nt++] = l;
  }
  /* TREx drops signal/wait and shape_call before disambiguating, and sets
   * NoOp/Constant aside after; all of them are kept in e->hidden so profile
   * records that time them are recognised, not reported as strays. */
  S_disambiguate(tmp, nt);
  for (size_t i = 0; i < nt; i++) ec_load_place_layer(e, &tmp[i]);
  free(tmp);
  if (names_only) {
    e->graph_names_only = 1;
    ec_diag_add(&e->diags, EC_WARN, path, 0, 0,
                "layer information holds names only (%zu %s): types, precisions and shapes are unknown. "
                "Rebuild with trtexec --profilingVerbosity=detailed --exportLayerInfo=FILE (see README)", names_only, ec_plural(names_only,
                                                                                                                                "layer",
                                                                                                                                "layers"));
  }
  if (dropped_profile)
    ec_diag_add(&e->diags, EC_INFO, path, 0, 0,
                "%zu %s belong to other optimisation profiles and were left out (--profile-index %d is shown)",
                dropped_profile, ec_plural(dropped_profile, "layer", "layers"), pidx);
  if (e->n_shape_call || e->n_signal_wait)
    ec_diag_add(&e->diags, EC_INFO, path, 0, 0, "%zu shape_call and %zu signal/wait %s are not counted as layers (as TREx)",
                e->n_shape_call, e->n_signal_wait, ec_plural(e->n_signal_wait, "layer", "layers"));
  /* staged: ec_load_bindings resolves directions once every layer is known */
  ec_load_state *ls = ec_load_state_of(e);
  ls->graph_path = ec_strdup(path);
  const json_t *bind = json_is_object(root) ? json_object_get(root, "Bindings") : NULL;
  const json_t *iot = json_is_object(root) ? json_object_get(root, "I/O Tensors") : NULL;
  if (json_is_array(iot)) { /* with a Bindings list too (a mixed file): both are read, names once */
    ls->have_bind_list = 1;
    S_read_io_tensors(e, path, iot, ls);
  }
  if (json_is_array(bind)) {
    ls->have_bind_list = 1;
    for (size_t i = 0; i < json_array_size(bind); i++) {
      size_t n;
      const char *s = ec_json_str(json_array_get(bind, i), &n);
      if (!s) continue;
      struct ec_bind_name *b = EC_PUSH(ls->bind_names, ls->n_bind_names, ls->cap_bind_names);
      memset(b, 0, sizeof *b);
      b->name = ec_strndup(s, n);
      b->len = n;
    }
  }
  ec_json_doc_free(&doc);
  return 0;
}
