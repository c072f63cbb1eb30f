/* polygraphy — the text of `polygraphy inspect model X.engine` (with
 * `--show layers` and `--show layers attrs`): the one view of an engine that
 * needs no trtexec run.
 *
 *   [I] ==== TensorRT Engine ====
 *       Name: Unnamed Network 0 | Explicit Batch Engine
 *       ---- 1 Engine Input(s) ----
 *       {x [dtype=float32, shape=(1, 1, 28, 28)]}
 *       ---- 2 Engine Output(s) ----
 *       {y [dtype=float32, shape=(1, 10)],
 *        z [dtype=int64, shape=(1,)]}
 *       ---- Memory ----
 *       Device Memory: 206336 bytes
 *       ---- 1 Profile(s) (3 Tensor(s) Each) ----
 *       - Profile: 0
 *           Tensor: x  (Input), Index: 0 | Shapes: min=(1, 1, 28, 28), opt=(...), max=(...)
 *           Tensor: y (Output), Index: 1 | Shape: (1, 10)
 *       ---- 9 Layer(s) ----
 *       - Profile: 0
 *           Layer 0    | node_conv2d + node_relu [Op: CaskConvolution]
 *               {x [dtype=float32, shape=(1, 1, 28, 28), Format: Row major linear FP32]}
 *                -> {relu [dtype=float32, shape=(1, 32, 28, 28), Format: Row major linear FP32]}
 *               ---- Attributes ----
 *               Origin = Unknown
 *               Tactic = 0x5b8bf1b8028629d9
 *
 * Older Polygraphy prints "(2 Binding(s) Each)" and "Binding Index: 0
 * (Input) [Name: X] | Shapes: ..."; an engine built without detailed
 * profiling verbosity gives its layers' names only ("[Op: Unknown]", "{}").
 * The engine's I/O (with data types, shapes and every optimisation
 * profile's min/opt/max) is stated, so it is the bindings list; the layers,
 * their ops, tensors and tactics go through the one key mapping
 * (layer_keys.c). Indentation is not relied on: lines are read by what they
 * start with. */
#include "load/internal.h"
#include "words/words.h"
#include "load/log_internal.h"
#include "util/alloc.h"
#include <stdlib.h>
#include <string.h>

/* Polygraphy's dtype names as the TensorRT words the format table knows. */
static const char *S_dtype_word(const char *s, size_t n) {
  static const struct { const char *p, *w; } t[] = {
      {"float32", "Float"}, {"float16", "Half"},   {"bfloat16", "BFloat16"}, {"int8", "Int8"},
      {"int32", "Int32"},   {"int64", "Int64"},    {"uint8", "UInt8"},       {"bool", "Bool"},
      {"float64", "Double"}, {"int4", "Int4"},     {"float4", "FP4"},        {"float8e4m3fn", "FP8"},
      {"float8", "FP8"},    {"fp8", "FP8"},        {"int16", "Int16"}};
  for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
    if (strlen(t[i].p) == n && !memcmp(t[i].p, s, n)) return t[i].w;
  return NULL;
}

/* "(1, 3, -1, 224)" or "(1,)" or "()" at s: the dimensions into v (up to
 * cap), their number in *n; 1 when it is a shape. */
static int S_shape(const char *s, size_t len, int64_t *v, int cap, int *n) {
  *n = 0;
  if (!len || s[0] != '(') return 0;
  size_t i = 1;
  while (i < len && s[i] != ')') {
    while (i < len && (s[i] == ' ' || s[i] == ',')) i++;
    if (i < len && s[i] == ')') break;
    int neg = 0;
    if (i < len && s[i] == '-') neg = 1, i++;
    if (i >= len || !ec_log_isdigit(s[i])) return 0;
    int64_t x = 0;
    while (i < len && ec_log_isdigit(s[i]) && x < (int64_t)1e15) x = x * 10 + (s[i++] - '0');
    if (*n < cap) v[(*n)++] = neg ? -1 : x;
  }
  return i < len;
}

/* One tensor "NAME [dtype=float32, shape=(1, 3), Format: ...]" (or "NAME"
 * alone) of s[0..n): name, and what its brackets say. */
typedef struct {
  const char *name;
  size_t name_n;
  const char *dtype, *fmt;
  size_t dtype_n, fmt_n;
  int64_t dims[64];
  int ndims, has_shape;
} S_tensor;

static void S_parse_tensor(const char *s, size_t n, S_tensor *t) {
  memset(t, 0, sizeof *t);
  ec_log_trim(&s, &n);
  /* the metadata's bracket: the last " [" whose text starts with a key */
  const char *m = NULL;
  for (size_t i = 0; i + 2 < n; i++)
    if (s[i] == ' ' && s[i + 1] == '[' &&
        (ec_log_starts(s + i + 2, n - i - 2, "dtype=") || ec_log_starts(s + i + 2, n - i - 2, "shape=") ||
         ec_log_starts(s + i + 2, n - i - 2, "Format: ")))
      m = s + i;
  t->name = s;
  t->name_n = m ? (size_t)(m - s) : n;
  if (!m) return;
  const char *p = m + 2, *end = s + n;
  if (end > p && end[-1] == ']') end--;
  while (p < end) {
    while (p < end && (*p == ' ' || *p == ',')) p++;
    const char *r;
    size_t rn = (size_t)(end - p);
    if (ec_log_after(p, rn, "dtype=", &r, &rn)) {
      size_t k = 0;
      while (k < rn && r[k] != ',' && r[k] != ' ') k++;
      t->dtype = r;
      t->dtype_n = k;
      p = r + k;
    } else if (ec_log_after(p, rn, "shape=", &r, &rn)) {
      const char *c = memchr(r, ')', rn);
      t->has_shape = S_shape(r, rn, t->dims, 64, &t->ndims);
      p = c ? c + 1 : end;
    } else if (ec_log_after(p, rn, "Format: ", &r, &rn)) { /* the layer's own Format/Datatype, to the end */
      t->fmt = r;
      t->fmt_n = rn;
      p = end;
    } else {
      const char *c = memchr(p, ',', rn);
      p = c ? c + 1 : end;
    }
  }
}

/* The tensor into a layer's tensor through the one key mapping. */
static void S_fill_tensor(ec_engine *e, const char *path, ec_tensor *t, const S_tensor *x) {
  ec_lval v;
  ec_lval_text(&v, x->name, x->name_n);
  ec_tensor_key(e, path, t, "Name", 4, &v);
  if (x->has_shape) {
    char buf[64 * 22 + 4];
    size_t k = 0;
    buf[k++] = '[';
    for (int i = 0; i < x->ndims && k + 24 < sizeof buf; i++)
      k += (size_t)snprintf(buf + k, sizeof buf - k, "%s%lld", i ? "," : "", (long long)x->dims[i]);
    buf[k++] = ']';
    ec_lval_text(&v, buf, k);
    ec_tensor_key(e, path, t, "Dimensions", 10, &v);
  }
  const char *w = x->dtype ? S_dtype_word(x->dtype, x->dtype_n) : NULL;
  if (x->fmt && x->fmt_n) {
    ec_lval_text(&v, x->fmt, x->fmt_n);
    ec_tensor_key(e, path, t, "Format/Datatype", 15, &v);
  } else if (w) {
    ec_lval_text(&v, w, strlen(w));
    ec_tensor_key(e, path, t, "Format/Datatype", 15, &v);
  }
  ec_tensor_done(e, path, t);
}

/* The entries of a brace block "{a [..],\n b [..]}" collected over its
 * lines in *acc: split at "," followed by a new entry at bracket depth 0. */
static size_t S_split_entries(const char *s, size_t n, const char **starts, size_t *lens, size_t cap) {
  size_t k = 0, i = 0;
  ec_log_trim(&s, &n);
  if (n && s[0] == '{') s++, n--;
  if (n && s[n - 1] == '}') n--;
  int depth = 0;
  size_t from = 0;
  for (i = 0; i <= n; i++) {
    char c = i < n ? s[i] : ',';
    if (c == '[' || c == '(') depth++;
    else if ((c == ']' || c == ')') && depth) depth--;
    else if (c == ',' && depth == 0) {
      const char *a = s + from;
      size_t an = i - from;
      ec_log_trim(&a, &an);
      if (an && k < cap) starts[k] = a, lens[k++] = an;
      from = i + 1;
    }
  }
  return k;
}

typedef enum { S_NONE, S_INPUTS, S_OUTPUTS, S_MEMORY, S_PROFILES, S_LAYERS } S_section;

typedef struct {
  ec_engine *e;
  const char *path;
  int pidx;          /* the optimisation profile shown */
  S_section sec;
  int profile;       /* the "- Profile: N" being read; -1 before one */
  int io_dir;        /* input or output block being read */
  char *block;       /* a brace block's text, over its lines */
  size_t block_n, block_cap;
  int depth;         /* brace depth of the block */
  ec_load_state *ls;
  /* the layer being read */
  ec_layer *l;
  ec_layer_build b;
  int l_arrow;       /* its "->" line was read */
  int in_attrs;
  size_t layers, unknown_ops, other_profile;
  ec_layer *tmp;
  size_t n_tmp, cap_tmp;
} S_reader;

static struct ec_bind_name *S_bind(S_reader *R, const char *name, size_t n) {
  for (size_t i = 0; i < R->ls->n_bind_names; i++)
    if (R->ls->bind_names[i].len == n && !memcmp(R->ls->bind_names[i].name, name, n)) return &R->ls->bind_names[i];
  struct ec_bind_name *b = EC_PUSH(R->ls->bind_names, R->ls->n_bind_names, R->ls->cap_bind_names);
  memset(b, 0, sizeof *b);
  b->name = ec_strndup(name, n);
  b->len = n;
  b->io = 1;
  b->shape_io = -1;
  return b;
}

/* An "Engine Input(s)" / "Engine Output(s)" block, complete. */
static void S_io_block(S_reader *R) {
  const char *st[4096];
  size_t ln[4096];
  size_t k = S_split_entries(R->block, R->block_n, st, ln, 4096);
  for (size_t i = 0; i < k; i++) {
    S_tensor t;
    S_parse_tensor(st[i], ln[i], &t);
    if (!t.name_n) continue;
    struct ec_bind_name *b = S_bind(R, t.name, t.name_n);
    b->dir = R->io_dir;
    if (t.has_shape && !b->dims) {
      b->dims = ec_malloc((size_t)(t.ndims ? t.ndims : 1) * sizeof *b->dims);
      memcpy(b->dims, t.dims, (size_t)t.ndims * sizeof *b->dims);
      b->ndims = t.ndims;
    }
    const char *w = t.dtype ? S_dtype_word(t.dtype, t.dtype_n) : NULL;
    if (w && !b->dtype) b->dtype = ec_strdup(w);
  }
}

/* "Tensor: X (Input), Index: 0 | Shapes: min=(..), opt=(..), max=(..)",
 * "Binding Index: 0 (Input)  [Name: X] | Shapes: ..." or "... | Shape: (..)". */
static void S_profile_line(S_reader *R, const char *c, size_t n) {
  const char *name = NULL, *r;
  size_t nn = 0, rn;
  const char *bar = ec_log_find(c, n, " | ");
  if (!bar) return;
  if (ec_log_after(c, n, "Tensor: ", &r, &rn)) {
    const char *paren = NULL;
    for (const char *q = r; q < bar; q++)
      if (*q == '(' && (ec_log_starts(q, (size_t)(bar - q), "(Input)") || ec_log_starts(q, (size_t)(bar - q), "(Output)")))
        paren = q;
    if (!paren) return;
    name = r;
    nn = (size_t)(paren - r);
  } else if (ec_log_starts(c, n, "Binding Index: ") && (r = ec_log_find(c, (size_t)(bar - c), "[Name: "))) {
    name = r + 7;
    const char *e = bar;
    while (e > name && e[-1] != ']') e--;
    nn = e > name ? (size_t)(e - 1 - name) : 0;
  } else {
    return;
  }
  while (nn && name[nn - 1] == ' ') nn--;
  if (!nn) return;
  size_t base;
  long p = ec_profile_suffix(name, nn, &base);
  if (p >= 0) nn = base;
  if (R->profile < 0) R->profile = 0;
  struct ec_bind_name *b = S_bind(R, name, nn);
  int input = ec_log_find(c, (size_t)(bar - c), "(Input)") != NULL;
  if (!b->dir) b->dir = input ? EC_BIND_INPUT : EC_BIND_OUTPUT;
  /* one entry per profile, in order */
  while (b->n_profiles <= (size_t)R->profile) {
    b->profiles = ec_reallocarray(b->profiles, b->n_profiles + 1, sizeof *b->profiles);
    memset(&b->profiles[b->n_profiles++], 0, sizeof *b->profiles);
  }
  ec_bind_profile *q = &b->profiles[R->profile];
  const char *s = bar + 3;
  size_t sn = (size_t)(c + n - s);
  static const char *const keys[] = {"min=", "opt=", "max="};
  int64_t v[64];
  int nv;
  for (int k = 0; k < 3 && input; k++) {
    const char *f = ec_log_find(s, sn, keys[k]);
    if (!f || !S_shape(f + 4, (size_t)(c + n - f - 4), v, 64, &nv)) continue;
    int64_t **slot = k == 0 ? &q->min : k == 1 ? &q->opt : &q->max;
    int *ns = k == 0 ? &q->nmin : k == 1 ? &q->nopt : &q->nmax;
    free(*slot);
    *slot = ec_malloc((size_t)(nv ? nv : 1) * sizeof **slot);
    memcpy(*slot, v, (size_t)nv * sizeof **slot);
    *ns = nv;
  }
}

static void S_layer_end(S_reader *R) {
  if (!R->l) return;
  ec_layer_build_end(&R->b);
  R->l->unknown |= EC_UNKNOWN_WEIGHTS; /* Polygraphy names no weights */
  if (!R->l->n_in && !R->l->n_out && !strcmp(R->l->layer_type, "Unknown")) R->l->unknown |= EC_UNKNOWN_TENSORS;
  R->l = NULL;
  R->in_attrs = 0;
}

/* "Layer 0    | NAME [Op: OP]" */
static void S_layer_begin(S_reader *R, const char *c, size_t n) {
  S_layer_end(R);
  R->in_attrs = 0;
  const char *bar = ec_log_find(c, n, " | ");
  if (!bar) return;
  const char *name = bar + 3, *end = c + n;
  const char *op = NULL;
  for (const char *q = name; q + 5 <= end; q++)
    if (!memcmp(q, " [Op: ", 6)) op = q;
  size_t nn = op ? (size_t)(op - name) : (size_t)(end - name);
  size_t base;
  long p = ec_profile_suffix(name, nn, &base);
  int profile = R->profile < 0 ? 0 : R->profile;
  if (p >= 0) profile = (int)p, nn = base;
  if (profile != R->pidx) {
    R->other_profile++;
    return;
  }
  ec_layer *l = EC_PUSH(R->tmp, R->n_tmp, R->cap_tmp);
  memset(l, 0, sizeof *l);
  ec_layer_build_begin(&R->b, l);
  R->l = l;
  R->l_arrow = 0;
  ec_lval v;
  ec_lval_text(&v, name, nn);
  ec_layer_key(&R->b, "Name", 4, &v);
  const char *ot = op ? op + 6 : "Unknown";
  size_t on = op ? (size_t)(end - ot) : 7;
  if (on && ot[on - 1] == ']') on--;
  ec_lval_text(&v, ot, on);
  ec_layer_key(&R->b, "LayerType", 9, &v);
  R->unknown_ops += on == 7 && !memcmp(ot, "Unknown", 7);
  R->layers++;
}

/* The layer's input block, then " -> {outputs}": several lines each. */
static void S_layer_tensors(S_reader *R, int outputs) {
  const char *st[4096];
  size_t ln[4096];
  size_t k = S_split_entries(R->block, R->block_n, st, ln, 4096);
  ec_layer *l = R->l;
  for (size_t i = 0; i < k; i++) {
    S_tensor t;
    S_parse_tensor(st[i], ln[i], &t);
    if (!t.name_n) continue;
    ec_tensor **v = outputs ? &l->out : &l->in;
    size_t *nv = outputs ? &l->n_out : &l->n_in;
    *v = ec_reallocarray(*v, *nv + 1, sizeof **v);
    ec_tensor *x = &(*v)[(*nv)++];
    memset(x, 0, sizeof *x);
    S_fill_tensor(R->e, R->path, x, &t);
  }
}

static void S_block_add(S_reader *R, const char *s, size_t n) {
  ec_grow((void **)&R->block, &R->block_cap, R->block_n + n + 2, 1);
  if (R->block_n) R->block[R->block_n++] = ' ';
  memcpy(R->block + R->block_n, s, n);
  R->block_n += n;
  R->block[R->block_n] = '\0';
  for (size_t i = 0; i < n; i++) R->depth += s[i] == '{' ? 1 : s[i] == '}' ? -1 : 0;
}

/* A brace block that started on this line: read to its end (it may close
 * on the same line). 1 when complete. */
static int S_block_line(S_reader *R, const char *c, size_t n) {
  S_block_add(R, c, n);
  return R->depth <= 0;
}

int ec_polygraphy_sniff(const char *text, size_t len) {
  size_t n = len < 65536 ? len : 65536;
  return ec_log_find(text, n, "==== TensorRT Engine ====") != NULL;
}

int ec_load_polygraphy_text(ec_engine *e, const char *path, const char *text, size_t len, const ec_load_opts *o) {
  if (e->has_graph) {
    ec_diag_add(&e->diags, EC_WARN, path, 0, 0, "a second layer description for this engine is ignored");
    return -1;
  }
  S_reader R;
  memset(&R, 0, sizeof R);
  R.e = e;
  R.path = path;
  R.pidx = o ? o->profile_index : 0;
  R.profile = -1;
  R.ls = ec_load_state_of(e);
  int in_block = 0, block_kind = 0; /* 1 io, 2 layer inputs, 3 layer outputs */
  int seen = 0;
  const char *p = text, *end = text + len;
  while (p < end) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    const char *le = nl ? nl : end;
    const char *c = p;
    size_t n = (size_t)(le - p);
    p = nl ? nl + 1 : end;
    while (n && c[n - 1] == '\r') n--;
    if (ec_log_starts(c, n, "[I] ") || ec_log_starts(c, n, "[W] ") || ec_log_starts(c, n, "[V] ")) c += 4, n -= 4;
    ec_log_trim(&c, &n);
    if (ec_log_eq(c, n, "==== TensorRT Engine ====")) {
      seen = 1;
      continue;
    }
    if (!seen) continue;
    if (in_block) {
      if (!S_block_line(&R, c, n)) continue;
      in_block = 0;
      if (block_kind == 1) S_io_block(&R);
      else if (R.l) S_layer_tensors(&R, block_kind == 3);
      R.block_n = 0;
      continue;
    }
    if (!n) continue;
    if (ec_log_eq(c, n, "---- Attributes ----")) { /* the layer's Origin and Tactic follow */
      R.in_attrs = R.l != NULL;
      continue;
    }
    if (ec_log_starts(c, n, "---- ")) {
      S_layer_end(&R);
      R.profile = -1;
      R.sec = ec_log_find(c, n, "Engine Input(s)")    ? S_INPUTS
              : ec_log_find(c, n, "Engine Output(s)") ? S_OUTPUTS
              : ec_log_find(c, n, "Memory")           ? S_MEMORY
              : ec_log_find(c, n, "Profile(s)")       ? S_PROFILES
              : ec_log_find(c, n, "Layer(s)")         ? S_LAYERS
                                                     : S_NONE;
      R.io_dir = R.sec == S_INPUTS ? EC_BIND_INPUT : EC_BIND_OUTPUT;
      continue;
    }
    if (ec_log_starts(c, n, "- Profile: ")) {
      S_layer_end(&R);
      R.profile = atoi(c + 11);
      continue;
    }
    switch (R.sec) {
    case S_INPUTS:
    case S_OUTPUTS:
      if (c[0] == '{') {
        R.block_n = 0;
        R.depth = 0;
        block_kind = 1;
        if (S_block_line(&R, c, n)) {
          S_io_block(&R);
          R.block_n = 0;
        } else in_block = 1;
      }
      break;
    case S_MEMORY: {
      const char *r;
      size_t rn;
      if (ec_log_after(c, n, "Device Memory: ", &r, &rn)) {
        char *v = ec_strndup(r, rn);
        ec_source_merge_kv(e, path, 0, &e->memory, "Device Memory", v, "memory fact");
        free(v);
      }
      break;
    }
    case S_PROFILES: S_profile_line(&R, c, n); break;
    case S_LAYERS: {
      if (ec_log_starts(c, n, "Layer ") && ec_log_find(c, n, " | ")) {
        S_layer_begin(&R, c, n);
        break;
      }
      if (!R.l) break;
      if (R.in_attrs) {
        const char *eq = ec_log_find(c, n, " = ");
        if (!eq) break;
        const char *v = eq + 3;
        size_t kn = (size_t)(eq - c), vn = (size_t)(c + n - v);
        if (vn == 7 && !memcmp(v, "Unknown", 7)) break;
        ec_lval lv;
        ec_lval_text(&lv, v, vn);
        if (kn == 6 && !memcmp(c, "Tactic", 6))
          ec_layer_key(&R.b, vn > 2 && v[0] == '0' && v[1] == 'x' ? "TacticValue" : "TacticName",
                       vn > 2 && v[0] == '0' && v[1] == 'x' ? 11 : 10, &lv);
        else if (kn == 6 && !memcmp(c, "Origin", 6))
          ec_layer_key(&R.b, "Origin", 6, &lv);
        break;
      }
      int arrow = ec_log_starts(c, n, "-> ");
      const char *b = arrow ? c + 3 : c;
      size_t bn = arrow ? n - 3 : n;
      if (!bn || b[0] != '{') break;
      /* "{} -> {}" (names only) or "{a} -> {b}" on one line */
      const char *mid = !arrow ? ec_log_find(b, bn, "} -> {") : NULL;
      if (mid) {
        R.block_n = 0;
        R.depth = 0;
        S_block_add(&R, b, (size_t)(mid + 1 - b));
        S_layer_tensors(&R, 0);
        R.block_n = 0;
        S_block_add(&R, mid + 5, (size_t)(b + bn - mid - 5));
        S_layer_tensors(&R, 1);
        R.block_n = 0;
        break;
      }
      R.block_n = 0;
      R.depth = 0;
      block_kind = arrow || R.l_arrow ? 3 : 2;
      if (arrow) R.l_arrow = 1;
      if (S_block_line(&R, b, bn)) {
        S_layer_tensors(&R, block_kind == 3);
        R.block_n = 0;
      } else in_block = 1;
      break;
    }
    default: break;
    }
  }
  S_layer_end(&R);
  free(R.block);
  if (!seen) {
    ec_diag_add(&e->diags, EC_WARN, path, 1, 1, "no \"==== TensorRT Engine ====\" block: not a Polygraphy engine inspection");
    for (size_t i = 0; i < R.n_tmp; i++) ec_layer_clear(&R.tmp[i]);
    free(R.tmp);
    return -1;
  }
  ec_engine_add_file(e, path, EC_FILE_POLYGRAPHY);
  R.ls->have_bind_list = R.ls->n_bind_names > 0;
  if (!R.ls->graph_path) R.ls->graph_path = ec_strdup(path);
  if (R.n_tmp) {
    e->has_graph = 1;
    R.ls->have_graph_json = 1;
    e->n_raw_layers = R.n_tmp;
    for (size_t i = 0; i < R.n_tmp; i++) ec_load_place_layer(e, &R.tmp[i]);
    if (R.unknown_ops == R.n_tmp) {
      e->graph_names_only = 1;
      ec_diag_add(&e->diags, EC_WARN, path, 0, 0,
                  "the Polygraphy inspection holds layer names only (%zu %s): the engine was built without "
                  "detailed profiling verbosity, so types, precisions and shapes are unknown",
                  R.n_tmp, ec_plural(R.n_tmp, "layer", "layers"));
    }
  } else {
    ec_diag_add(&e->diags, EC_INFO, path, 0, 0,
                "the Polygraphy inspection lists no layers (run polygraphy inspect model with --show layers)");
  }
  free(R.tmp);
  if (R.other_profile)
    ec_diag_add(&e->diags, EC_INFO, path, 0, 0,
                "%zu %s belong to other optimisation profiles and were left out (--profile-index %d is shown)",
                R.other_profile, ec_plural(R.other_profile, "layer", "layers"), R.pidx);
  return 0;
}
