/* graph — trtexec --exportLayerInfo JSON into layers.
 *
 * Accepts {"Layers": [...], "Bindings": [...]}, a bare list of layer objects
 * (TensorRT 11), names-only layer lists (built without detailed profiling
 * verbosity), missing Bindings/Location, dynamic (-1) dimensions, and the
 * quirks listed in reference/trex-inventory.md §2.6. TREx's rules decide
 * which layers are kept: signal/wait and shape_call are dropped, NoOp and
 * Constant are set aside (e->hidden), the rest are e->layers. */
#include "load/internal.h"
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

static char *S_fix_name(const char *s, size_t n, size_t *out_len) {
  char *d = ec_strndup(s, n);
  for (size_t i = 0; i < n; i++)
    if (d[i] == '\x1e' || d[i] == '\x1f') d[i] = '+';
  *out_len = n;
  return d;
}

static char *S_str_dup(const json_t *v) {
  size_t n;
  const char *s = ec_json_str(v, &n);
  return s ? ec_strndup(s, n) : NULL;
}

static void S_read_tensor(ec_engine *e, const char *path, const json_t *o, ec_tensor *t) {
  memset(t, 0, sizeof *t);
  size_t n = 0;
  const char *s = ec_json_str(json_object_get(o, "Name"), &n);
  t->name = ec_strndup(s ? s : "", s ? n : 0);
  t->name_len = s ? n : 0;
  const json_t *dims = json_object_get(o, "Dimensions");
  if (json_is_array(dims)) {
    size_t nd = json_array_size(dims);
    if (nd > 64) nd = 64;
    t->dims = ec_calloc(nd ? nd : 1, sizeof *t->dims);
    t->ndims = (int)nd;
    for (size_t i = 0; i < nd; i++) {
      double x = ec_json_num(json_array_get(dims, i));
      t->dims[i] = ec_i64(x, -1);
    }
  }
  ec_tensor_set_volume(t);
  if (!dims) t->volume = -1;
  const json_t *f = json_object_get(o, "Format/Datatype");
  size_t fl = 0;
  const char *fs = ec_json_str(f, &fl);
  if (fs)
    ec_tensor_set_format(e, path, t, fs, fl);
  else
    ec_tensor_set_format(e, path, t, "Unknown format", 14);
  size_t ll = 0;
  const char *loc = ec_json_str(json_object_get(o, "Location"), &ll);
  t->location = ec_location_name(loc, ll);
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

static int64_t S_int(const json_t *v, int64_t dflt) {
  double x = ec_json_num(v);
  return ec_i64(x, dflt);
}

static int S_ints(const json_t *v, int64_t *out, int max) {
  if (json_is_integer(v) || json_is_real(v)) {
    out[0] = S_int(v, 0);
    return 1;
  }
  if (!json_is_array(v)) return 0;
  int n = 0;
  for (size_t i = 0; i < json_array_size(v) && n < max; i++) out[n++] = S_int(json_array_get(v, i), 0);
  return n;
}

static const json_t *S_get2(const json_t *o, const char *a, const char *b) {
  const json_t *v = json_object_get(o, a);
  return v ? v : json_object_get(o, b);
}

static void S_split_metadata(ec_layer *l, const char *s, size_t n) {
  size_t start = 0;
  size_t cap = 0;
  for (size_t i = 0; i <= n; i++) {
    if (i == n || s[i] == '\x1e' || s[i] == '\x1f') {
      if (i > start) *EC_PUSH(l->metadata, l->n_metadata, cap) = ec_strndup(s + start, i - start);
      start = i + 1;
    }
  }
}

/* Keys that have their own fields; everything else goes to attrs. */
static int S_own_key(const char *k) {
  switch (k[0]) {
  case 'N': return strcmp(k, "Name") == 0;
  case 'L': return strcmp(k, "LayerType") == 0;
  case 'P': return strcmp(k, "ParameterType") == 0;
  case 'I': return strcmp(k, "Inputs") == 0;
  case 'O': return strcmp(k, "Outputs") == 0;
  case 'T': return strcmp(k, "TacticName") == 0;
  case 'M': return strcmp(k, "Metadata") == 0;
  default: return 0;
  }
}

/* Compact text of a scalar or a short array of numbers, without json_dumps
 * for the common cases (it dominates a 10,000-layer load otherwise). */
static void S_attr_add(ec_layer *l, const char *key, const json_t *val) {
  char tmp[256];
  size_t n = 0;
  if (json_is_string(val)) {
    ec_attrs_add(&l->attrs, key, strlen(key), json_string_value(val), json_string_length(val));
    return;
  }
  if (json_is_integer(val)) {
    n = (size_t)snprintf(tmp, sizeof tmp, "%lld", (long long)json_integer_value(val));
  } else if (json_is_array(val) && json_array_size(val) <= 16) {
    int ok = 1;
    tmp[n++] = '[';
    for (size_t i = 0; i < json_array_size(val) && ok; i++) {
      const json_t *x = json_array_get(val, i);
      if (!json_is_integer(x)) ok = 0;
      else n += (size_t)snprintf(tmp + n, sizeof tmp - n, "%s%lld", i ? "," : "", (long long)json_integer_value(x));
    }
    tmp[n++] = ']';
    if (!ok) n = 0;
  }
  if (n) {
    ec_attrs_add(&l->attrs, key, strlen(key), tmp, n);
    return;
  }
  char *txt = ec_json_text(val);
  ec_attrs_add(&l->attrs, key, strlen(key), txt, strlen(txt));
  free(txt);
}

static void S_read_layer(ec_engine *e, const char *path, const json_t *o, ec_layer *l) {
  size_t n = 0;
  const char *s = ec_json_str(json_object_get(o, "Name"), &n);
  l->name = S_fix_name(s ? s : "", s ? n : 0, &l->name_len);
  l->layer_type = S_str_dup(json_object_get(o, "LayerType"));
  if (!l->layer_type) l->layer_type = ec_strdup("Unknown");
  l->type = S_str_dup(json_object_get(o, "ParameterType"));
  if (l->type && strcmp(l->type, "Convolution") == 0 && strcmp(l->layer_type, "CaskDeconvolutionV2") == 0) {
    free(l->type);
    l->type = ec_strdup("Deconvolution");
  }
  if (!l->type) l->type = ec_strdup(l->layer_type);
  l->tactic = S_str_dup(json_object_get(o, "TacticName"));
  if (l->tactic && !*l->tactic) { /* kgen shape_call layers carry "" */
    free(l->tactic);
    l->tactic = NULL;
  }
  l->tactic_value = S_str_dup(json_object_get(o, "TacticValue"));
  l->origin = S_str_dup(json_object_get(o, "Origin"));
  const char *md = ec_json_str(json_object_get(o, "Metadata"), &n);
  if (md) S_split_metadata(l, md, n);
  l->pooling_type = S_str_dup(S_get2(o, "PoolingType", "PoolingPoolingType"));
  l->activation = S_str_dup(json_object_get(o, "Activation"));
  l->stream_id = S_int(json_object_get(o, "StreamId"), -1);
  const json_t *ops = json_object_get(o, "Operations");
  if (json_is_array(ops)) {
    size_t cap = 0;
    for (size_t i = 0; i < json_array_size(ops); i++) {
      const char *op = ec_json_str(json_array_get(ops, i), &n);
      if (op) *EC_PUSH(l->operations, l->n_operations, cap) = ec_strndup(op, n);
    }
  }
  S_read_tensors(e, path, json_object_get(o, "Inputs"), &l->in, &l->n_in);
  S_read_tensors(e, path, json_object_get(o, "Outputs"), &l->out, &l->n_out);

  /* Weights: TREx counts Weights only; we count every {Type, Count} object. */
  const char *key;
  const json_t *val;
  json_object_foreach((json_t *)o, key, val) {
    if (json_is_object(val)) {
      const json_t *ty = json_object_get(val, "Type");
      const json_t *ct = json_object_get(val, "Count");
      if (json_is_string(ty) && ct) {
        double cnt = ec_json_num(ct);
        if (isfinite(cnt) && cnt > 0) l->weights_bytes += cnt * ec_weight_type_bytes(json_string_value(ty), 0);
      }
    }
    if (S_own_key(key)) continue;
    if (json_is_array(val) && json_array_size(val) > 32) continue;
    S_attr_add(l, key, val);
  }
  const json_t *w = json_object_get(o, "Weights");
  if (json_is_object(w)) {
    l->weights_type = S_str_dup(json_object_get(w, "Type"));
    l->weights_count = S_int(json_object_get(w, "Count"), 0);
    if (l->weights_count > 0)
      l->weights_bytes_trex = (double)l->weights_count * ec_weight_type_bytes(l->weights_type, 1);
  }
  const json_t *b = json_object_get(o, "Bias");
  if (json_is_object(b)) l->bias_count = S_int(json_object_get(b, "Count"), 0);

  /* Convolution-like attributes (ConvActPool prefixes them with Conv). */
  const json_t *kernel = S_get2(o, "Kernel", "ConvKernel");
  if (kernel && (strstr(l->type, "Convolution") || strcmp(l->type, "ConvActPool") == 0)) {
    l->conv.present = 1;
    l->conv.nkernel = S_ints(kernel, l->conv.kernel, 3);
    l->conv.groups = S_int(S_get2(o, "Groups", "ConvGroups"), 1);
    if (l->conv.groups < 1) l->conv.groups = 1;
    l->conv.out_maps = S_int(S_get2(o, "OutMaps", "ConvOutMaps"), 0);
    S_ints(S_get2(o, "Stride", "ConvStride"), l->conv.stride, 3);
    S_ints(S_get2(o, "Dilation", "ConvDilation"), l->conv.dilation, 3);
  }
  ec_layer_finalize(l);
}

static int S_is(const char *a, const char *b) { return a && strcmp(a, b) == 0; }

/* Append a suffix "_K" to make name unique in seen; TREx's rule. */
static void S_disambiguate(ec_layer *ls, size_t n, ec_map *seen_counts) {
  for (size_t i = 0; i < n; i++) {
    size_t k = 0;
    if (ec_map_get(seen_counts, ls[i].name, ls[i].name_len, &k)) {
      k++;
      ec_map_put(seen_counts, ls[i].name, ls[i].name_len, k);
      char suffix[32];
      int sl = snprintf(suffix, sizeof suffix, "_%zu", k);
      size_t nl = ls[i].name_len + (size_t)sl;
      char *full = ec_malloc(nl + 1);
      memcpy(full, ls[i].name, ls[i].name_len);
      memcpy(full + ls[i].name_len, suffix, (size_t)sl + 1);
      free(ls[i].name);
      ls[i].name = full;
      ls[i].name_len = nl;
    } else {
      ec_map_put(seen_counts, ls[i].name, ls[i].name_len, 1);
    }
  }
}

int ec_load_graph_text(ec_engine *e, const char *path, const char *text, size_t len,
                       const ec_load_opts *o) {
  ec_json_doc doc;
  if (ec_json_parse(path, text, len, &e->diags, &doc) != 0) return -1;
  if (doc.n > 1)
    ec_diag_add(&e->diags, EC_WARN, path, 0, 0, "%zu JSON documents in a graph file; the first is used", doc.n);
  const json_t *root = doc.v[0];
  const json_t *layers = json_is_array(root) ? root : json_object_get(root, "Layers");
  if (!json_is_array(layers)) {
    ec_diag_add(&e->diags, EC_ERROR, path, 1, 1, "no \"Layers\" list: not a trtexec --exportLayerInfo file");
    ec_json_doc_free(&doc);
    return -1;
  }
  size_t nraw = json_array_size(layers);
  if (nraw > EC_MAX_LAYERS) {
    ec_diag_add(&e->diags, EC_ERROR, path, 0, 0, "%zu layers is over the limit of %u", nraw, EC_MAX_LAYERS);
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
      l.name = S_fix_name(s, n, &l.name_len);
      l.layer_type = ec_strdup("Unknown");
      l.type = ec_strdup("Unknown");
      ec_layer_finalize(&l);
      l.precision = "Unknown";
      l.precision_trex = "Unknown";
      l.unknown = EC_UNKNOWN_TENSORS | EC_UNKNOWN_WEIGHTS;
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
  ec_map seen = {0};
  S_disambiguate(tmp, nt, &seen);
  ec_map_free(&seen);
  for (size_t i = 0; i < nt; i++) {
    ec_layer *l = &tmp[i];
    if (ec_layer_is_hidden(l)) {
      if (S_is(l->layer_type, "NoOp")) e->n_noop++;
      else if (S_is(l->layer_type, "Constant")) e->n_constant++;
      else if (S_is(l->layer_type, "shape_call")) e->n_shape_call++;
      else e->n_signal_wait++;
      *EC_PUSH(e->hidden, e->n_hidden, e->cap_hidden) = *l;
    } else {
      l->index = e->n_layers;
      *EC_PUSH(e->layers, e->n_layers, e->cap_layers) = *l;
    }
  }
  free(tmp);
  if (names_only) {
    e->graph_names_only = 1;
    ec_diag_add(&e->diags, EC_WARN, path, 0, 0,
                "layer information holds names only (%zu layers): types, precisions and shapes are unknown. "
                "Rebuild with trtexec --profilingVerbosity=detailed --exportLayerInfo=FILE (see README)", names_only);
  }
  if (dropped_profile)
    ec_diag_add(&e->diags, EC_INFO, path, 0, 0,
                "%zu layers belong to other optimisation profiles and were left out (--profile-index %d is shown)",
                dropped_profile, pidx);
  if (e->n_shape_call || e->n_signal_wait)
    ec_diag_add(&e->diags, EC_INFO, path, 0, 0, "%zu shape_call and %zu signal/wait layers are not counted as layers (as TREx)",
                e->n_shape_call, e->n_signal_wait);
  /* staged: ec_load_bindings resolves directions once every layer is known */
  ec_load_state *ls = ec_load_state_of(e);
  ls->graph_path = ec_strdup(path);
  const json_t *bind = json_is_object(root) ? json_object_get(root, "Bindings") : NULL;
  if (json_is_array(bind)) {
    ls->have_bind_list = 1;
    for (size_t i = 0; i < json_array_size(bind); i++) {
      size_t n;
      const char *s = ec_json_str(json_array_get(bind, i), &n);
      if (!s) continue;
      struct ec_bind_name *b = EC_PUSH(ls->bind_names, ls->n_bind_names, ls->cap_bind_names);
      b->name = ec_strndup(s, n);
      b->len = n;
    }
  }
  ec_json_doc_free(&doc);
  return 0;
}
