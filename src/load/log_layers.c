/* log_layers — layer listings: --dumpLayerInfo ("Layers:" then names only,
 * or one detailed "Name: ..., LayerType: ..." line per layer, TensorRT 11's
 * with "Constants: [...]", then the engine's own I/O section: 10.x
 * "Bindings:" names, TensorRT 11 "I/O Tensors:" entries) and the verbose build's "Engine Layer Information"
 * ("Layer(Type): name, Tactic: t, in[Float(1,2)] -> out (Half[1,2:8])").
 * A listing that ranks lower than one already read in the same invocation
 * is skipped (detailed dump > verbose listing > names only). */
#include "load/log_internal.h"
#include "util/alloc.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

static int S_isdimch(char c) { return ec_log_isdigit(c) || c == '-' || c == ',' || c == ':'; }

static ec_tensor *S_add_tensor(ec_tensor **v, size_t *n) {
  *v = ec_reallocarray(*v, *n + 1, sizeof **v);
  ec_tensor *t = &(*v)[(*n)++];
  memset(t, 0, sizeof *t);
  return t;
}

/* A tensor "name (Type[dims])" of a verbose listing, through the one mapping. */
static void S_tensor_fill(ec_log_parser *P, ec_tensor *t, const char *name, size_t nn, const char *type,
                          size_t tn, const char *dims, size_t dn) {
  ec_lval v;
  ec_lval_text(&v, name, nn);
  ec_tensor_key(P->e, P->path, t, "Name", 4, &v);
  if (dn) ec_lval_text(&v, dims, dn);
  else ec_lval_text(&v, "[]", 2); /* "Int32()": no dimensions, a scalar */
  ec_tensor_key(P->e, P->path, t, "Dimensions", 10, &v);
  if (tn) {
    ec_lval_text(&v, type, tn);
    ec_tensor_key(P->e, P->path, t, "Format/Datatype", 15, &v);
  }
  ec_tensor_done(P->e, P->path, t);
}

/* What may follow a tensor spec: end, ", next" or " -> outputs". */
static int S_tensor_follow(const char *a, const char *end) {
  const char *p = a;
  while (p < end && *p == ' ') p++;
  if (p == end) return 1;
  if (*a == ',') return 1;
  return end - p >= 2 && p[0] == '-' && p[1] == '>';
}

/* Find one tensor "name[Type(dims)]" (8.x) or "name (Type[dims])" (8.5+) at
 * p. Returns 1 and sets the parts and *next, or 0. */
static int S_tensor_spec(const char *p, const char *end, const char **nm_end, const char **ts,
                         const char **te, const char **ds, const char **de, const char **next) {
  for (const char *q = p; q + 1 < end; q++) {
    int a = q[0] == ')' && q[1] == ']';
    int b = q[0] == ']' && q[1] == ')';
    if (!a && !b) continue;
    if (!S_tensor_follow(q + 2, end)) continue;
    const char *d = q;
    while (d > p && S_isdimch(d[-1])) d--;
    if (d == p || d[-1] != (a ? '(' : '[')) continue;
    const char *tp = d - 1, *t0 = tp;
    while (t0 > p && ec_log_isalnum(t0[-1])) t0--;
    if (t0 == tp || t0 == p || t0[-1] != (a ? '[' : '(')) continue;
    const char *ne = t0 - 1;
    if (b) {
      if (ne > p && ne[-1] != ' ') continue;
      while (ne > p && ne[-1] == ' ') ne--;
    }
    *nm_end = ne;
    *ts = t0;
    *te = tp;
    *ds = d;
    *de = q;
    *next = q + 2;
    return 1;
  }
  return 0;
}

static ec_layer *S_push_layer(ec_log_inv *g) {
  ec_layer *l = EC_PUSH(g->layers, g->n_layers, g->cap_layers);
  memset(l, 0, sizeof *l);
  return l;
}

/* key = text value, through the one mapping. */
static void S_key(ec_layer_build *b, const char *key, const char *s, size_t n) {
  ec_lval v;
  ec_lval_text(&v, s, n);
  ec_layer_key(b, key, strlen(key), &v);
}

/* "Layer(CaskConvolution): Conv_27, Tactic: 0xf6..., input[Float(-12,3,1024,1024)] -> 380[Float(...)]" */
void ec_log_verbose_layer(ec_log_parser *P, const ec_log_line *L) {
  const char *c = L->c, *end = L->c + L->cn;
  while (end > c && ec_log_isspace(end[-1])) end--;
  const char *tclose = ec_log_find(c, (size_t)(end - c), "): ");
  const char *tac = tclose ? ec_log_find(tclose + 3, (size_t)(end - tclose - 3), ", Tactic: ") : NULL;
  if (!tclose || !tac) {
    if (P->warn_layer++ < EC_LOG_MAX_WARN_LINES)
      ec_log_warn(P, L->no, 1, "layer line not understood (expected \"Layer(Type): name, Tactic: t, inputs -> outputs\"); skipped");
    return;
  }
  ec_log_inv *g = ec_log_cur(P);
  ec_layer *l = S_push_layer(g);
  ec_layer_build b;
  ec_layer_build_begin(&b, l);
  S_key(&b, "LayerType", c + 6, (size_t)(tclose - c - 6));
  S_key(&b, "Name", tclose + 3, (size_t)(tac - tclose - 3));
  const char *tv = tac + 10;
  const char *tve = memchr(tv, ',', (size_t)(end - tv));
  if (!tve) tve = end;
  const char *a = tv;
  size_t an = (size_t)(tve - tv);
  ec_log_trim(&a, &an);
  if (an) S_key(&b, "TacticValue", a, an);
  const char *p = tve < end ? tve + 1 : end;
  int outputs = 0, bad = 0;
  while (p < end) {
    while (p < end && (*p == ' ' || *p == ',')) p++;
    if (p == end) break;
    if (end - p >= 2 && p[0] == '-' && p[1] == '>') {
      if (outputs) { bad = 1; break; }
      outputs = 1;
      p += 2;
      continue;
    }
    const char *ne, *ts, *te, *ds, *de, *next;
    if (!S_tensor_spec(p, end, &ne, &ts, &te, &ds, &de, &next)) {
      bad = 1;
      break;
    }
    ec_tensor *t = outputs ? S_add_tensor(&l->out, &l->n_out) : S_add_tensor(&l->in, &l->n_in);
    S_tensor_fill(P, t, p, (size_t)(ne - p), ts, (size_t)(te - ts), ds, (size_t)(de - ds));
    p = next;
  }
  if (bad && P->warn_layer++ < EC_LOG_MAX_WARN_LINES)
    ec_diag_add(&P->e->diags, EC_WARN, P->path, L->no, (int)(p - L->s) + 1,
                "tensor list of layer not fully understood; kept what was read");
  ec_layer_build_end(&b);
  l->unknown = EC_UNKNOWN_WEIGHTS; /* the listing names tensors, never weights */
  g->anything = 1;
  ec_log_count(P, EC_BUDGET_LAYERS, 1);
  ec_log_count(P, EC_BUDGET_TENSORS, l->n_in + l->n_out);
}

/* Detailed one-line dump: "Key: value" pairs. The value runs to the next
 * ", Key:" at bracket depth 0, or to an unmatched closing bracket. */
static int S_kv_next(const char *p, const char *end, const char **k, size_t *kn, const char **v,
                     size_t *vn, const char **next) {
  while (p < end && (*p == ' ' || *p == ',')) p++;
  const char *k0 = p;
  while (p < end && (ec_log_isalnum(*p) || *p == '_' || *p == '/' || *p == '.')) p++;
  if (p == k0 || p >= end || *p != ':') return 0;
  *k = k0;
  *kn = (size_t)(p - k0);
  p++;
  if (p < end && *p == ' ') p++;
  const char *v0 = p;
  int depth = 0;
  while (p < end) {
    char ch = *p;
    if (ch == '[' || ch == '{' || ch == '(') depth++;
    else if (ch == ']' || ch == '}' || ch == ')') {
      if (depth == 0) break;
      depth--;
    } else if (ch == '"') { /* JSON string inside Weights: {"Type": "Float"} */
      const char *q = memchr(p + 1, '"', (size_t)(end - p - 1));
      if (q) p = q;
    } else if (ch == ',' && depth == 0 && end - p >= 2 && p[1] == ' ') {
      const char *q = p + 2;
      while (q < end && (ec_log_isalnum(*q) || *q == '_' || *q == '/' || *q == '.')) q++;
      if (q > p + 2 && q < end && *q == ':') break;
    }
    p++;
  }
  *v = v0;
  *vn = (size_t)(p - v0);
  while (*vn && ec_log_isspace(v0[*vn - 1])) (*vn)--;
  *next = p;
  return 1;
}

/* {"Type": "Float", "Count": 800} -> type, count; returns 1 when both found.
 * The type points into s. */
static int S_weights(const char *s, size_t n, const char **type, size_t *type_n, double *count) {
  const char *t = ec_log_find(s, n, "\"Type\"");
  const char *c = ec_log_find(s, n, "\"Count\"");
  if (!t || !c) return 0;
  const char *q1 = memchr(t + 6, '"', (size_t)(s + n - t - 6));
  if (!q1) return 0;
  const char *q2 = memchr(q1 + 1, '"', (size_t)(s + n - q1 - 1));
  if (!q2) return 0;
  const char *cv = memchr(c + 7, ':', (size_t)(s + n - c - 7));
  double x;
  size_t used;
  if (!cv || !ec_log_num(cv + 1, (size_t)(s + n - cv - 1), &x, &used)) return 0;
  *type = q1 + 1;
  *type_n = (size_t)(q2 - q1 - 1);
  *count = x;
  return 1;
}

/* "[ { Name: x, Location: Device, Dimensions: [1,1,28,28], Format/Datatype: Float }, ...]" */
static void S_dump_tensors(ec_log_parser *P, const char *s, size_t n, ec_tensor **v, size_t *nv) {
  const char *p = s, *end = s + n;
  while (p < end) {
    const char *open = memchr(p, '{', (size_t)(end - p));
    if (!open) break;
    p = open + 1;
    while (p < end && *p == ' ') p++;
    if (!ec_log_starts(p, (size_t)(end - p), "Name: ")) break;
    p += 6;
    const char *stop = NULL;
    static const char *const after[] = {", Location: ", ", Dimensions: ", ", Format/Datatype: ",
                                        ", Datatype: ", ", Format: "};
    for (size_t i = 0; i < sizeof after / sizeof after[0]; i++) {
      const char *f = ec_log_find(p, (size_t)(end - p), after[i]);
      if (f && (!stop || f < stop)) stop = f;
    }
    if (!stop) break;
    ec_tensor *t = S_add_tensor(v, nv);
    ec_lval lv;
    ec_lval_text(&lv, p, (size_t)(stop - p));
    ec_tensor_key(P->e, P->path, t, "Name", 4, &lv);
    p = stop;
    const char *k, *val, *next;
    size_t kn, vn;
    while (S_kv_next(p, end, &k, &kn, &val, &vn, &next)) {
      ec_lval_text(&lv, val, vn);
      ec_tensor_key(P->e, P->path, t, k, kn, &lv);
      p = next;
    }
    ec_tensor_done(P->e, P->path, t);
    while (p < end && *p != '}') p++;
    if (p < end) p++;
  }
}

/* "Name: n, LayerType: T, Inputs: [...], Outputs: [...], ParameterType: P, ..." */
static void S_dump_layer_detailed(ec_log_parser *P, const ec_log_line *L) {
  const char *c = L->c, *end = L->c + L->cn;
  while (end > c && ec_log_isspace(end[-1])) end--;
  const char *lt = ec_log_find(c, (size_t)(end - c), ", LayerType: ");
  if (!lt) return;
  ec_log_inv *g = ec_log_cur(P);
  ec_layer *l = S_push_layer(g);
  ec_layer_build b;
  ec_layer_build_begin(&b, l);
  S_key(&b, "Name", c + 6, (size_t)(lt - c - 6));
  const char *p = lt + 2, *k, *v, *next;
  size_t kn, vn;
  while (p < end && S_kv_next(p, end, &k, &kn, &v, &vn, &next)) {
    if (ec_log_eq(k, kn, "Inputs")) S_dump_tensors(P, v, vn, &l->in, &l->n_in);
    else if (ec_log_eq(k, kn, "Outputs")) S_dump_tensors(P, v, vn, &l->out, &l->n_out);
    else if (ec_log_eq(k, kn, "Constants")) { /* TensorRT 11: the layer's weights, as in the JSON */
      S_dump_tensors(P, v, vn, &l->consts, &l->n_consts);
      l->lists_consts = 1;
    }
    ec_lval lv;
    ec_lval_text(&lv, v, vn);
    if (vn && v[0] == '{' && S_weights(v, vn, &lv.wtype, &lv.wtype_n, &lv.wcount)) lv.is_weights = 1;
    ec_layer_key(&b, k, kn, &lv);
    p = next;
  }
  ec_layer_build_end(&b);
  g->anything = 1;
  ec_log_count(P, EC_BUDGET_LAYERS, 1);
  ec_log_count(P, EC_BUDGET_TENSORS, l->n_in + l->n_out);
}

static void S_dump_layer_name(ec_log_parser *P, const ec_log_line *L) {
  const char *c = L->c;
  size_t n = L->cn;
  while (n && ec_log_isspace(c[n - 1])) n--;
  if (!n) return;
  ec_log_inv *g = ec_log_cur(P);
  ec_layer *l = S_push_layer(g);
  ec_layer_build b;
  ec_layer_build_begin(&b, l);
  S_key(&b, "Name", c, n);
  S_key(&b, "LayerType", "Unknown", 7);
  ec_layer_build_end(&b);
  l->unknown = EC_UNKNOWN_TENSORS | EC_UNKNOWN_WEIGHTS;
  g->anything = 1;
  ec_log_count(P, EC_BUDGET_LAYERS, 1);
}

/* Begin a layer listing of the given rank in the current run; a listing
 * that ranks lower than one already read is skipped. */
void ec_log_layers_begin(ec_log_parser *P, int rank, int line) {
  ec_log_inv *g = ec_log_cur(P);
  if (g->layers_rank > rank) {
    P->dump_skip = 1;
    return;
  }
  P->dump_skip = 0;
  ec_log_inv_clear_layers(g);
  g->layers_rank = rank;
  g->layers_line = line;
}

void ec_log_stage_layers(ec_engine *e, const char *path, ec_log_inv *g) {
  ec_load_state *ls = ec_load_state_of(e);
  if (ls->n_log_layers > 0) {
    ec_diag_add(&e->diags, EC_INFO, path, g->layers_line, 0,
                "layer listing ignored: layers were already read from a log (%s)",
                ls->log_layers_path ? ls->log_layers_path : "?");
    return;
  }
  if (g->layers_rank == 1)
    ec_diag_add(&e->diags, EC_INFO, path, g->layers_line, 0,
                "the layer listing has names only (the engine was built without "
                "--profilingVerbosity=detailed): no types, tensors or tactics");
  for (size_t i = 0; i < g->n_layers; i++) {
    g->layers[i].index = i;
    ec_load_stage_log_layer(e, path, &g->layers[i]);
  }
  free(g->layers); /* the layers themselves now belong to the engine */
  g->layers = NULL;
  g->n_layers = g->cap_layers = 0;
}


/* One entry of a listing's I/O section: "x" (10.x "Bindings:"), or TensorRT
 * 11's "Name: x, IOMode: Input, DataType: Float, Dimensions: [1,1,28,28],
 * Location: Device, IsShapeInferenceIO: 0, ProfileInfo: [ { MinShape: [...],
 * OptShape: [...], MaxShape: [...], Format: ... }]" (the keys of the JSON
 * "I/O Tensors" entry, printed as the layers are). */
static void S_io_entry(ec_log_parser *P, const ec_log_line *L, const char *c, size_t n) {
  ec_log_inv *g = ec_log_cur(P);
  struct ec_bind_name *b = EC_PUSH(g->io, g->n_io, g->cap_io);
  memset(b, 0, sizeof *b);
  b->shape_io = -1;
  g->anything = 1;
  if (!ec_log_starts(c, n, "Name: ")) {
    b->name = ec_strndup(c, n);
    b->len = n;
    return;
  }
  b->io = 1;
  const char *p = c, *end = c + n, *k, *v, *next;
  size_t kn, vn;
  while (p < end && S_kv_next(p, end, &k, &kn, &v, &vn, &next)) {
    ec_lval lv;
    ec_lval_text(&lv, v, vn);
    if (ec_log_eq(k, kn, "Name")) {
      free(b->name);
      b->name = ec_strndup(v, vn);
      b->len = vn;
    } else if (ec_log_eq(k, kn, "IOMode")) {
      b->dir = ec_log_eq(v, vn, "Input") ? EC_BIND_INPUT : ec_log_eq(v, vn, "Output") ? EC_BIND_OUTPUT : EC_BIND_UNKNOWN;
    } else if (ec_log_eq(k, kn, "DataType") || ec_log_eq(k, kn, "Datatype")) {
      free(b->dtype);
      b->dtype = ec_strndup(v, vn);
    } else if (ec_log_eq(k, kn, "Dimensions") && lv.is_ints) {
      free(b->dims);
      b->dims = ec_calloc(lv.nints ? (size_t)lv.nints : 1, sizeof *b->dims);
      b->ndims = lv.nints;
      for (int i = 0; i < lv.nints; i++) b->dims[i] = lv.ints[i] < 0 ? -1 : lv.ints[i];
    } else if (ec_log_eq(k, kn, "Location")) {
      b->location = ec_location_name(v, vn);
    } else if (ec_log_eq(k, kn, "IsShapeInferenceIO")) {
      b->shape_io = ec_log_eq(v, vn, "1") || ec_log_eq(v, vn, "true") ? 1 : ec_log_eq(v, vn, "0") || ec_log_eq(v, vn, "false") ? 0 : -1;
    } else if (ec_log_eq(k, kn, "ProfileInfo")) {
      /* "[ { MinShape: [..], OptShape: [..], MaxShape: [..], Format: .. }, ...]" */
      const char *q = v, *qe = v + vn;
      size_t cap = 0;
      while (q < qe && (q = memchr(q, '{', (size_t)(qe - q)))) {
        const char *r = q + 1, *pk, *pv, *pn;
        size_t pkn, pvn;
        ec_bind_profile *pr = EC_PUSH(b->profiles, b->n_profiles, cap);
        memset(pr, 0, sizeof *pr);
        while (r < qe && *r != '}' && S_kv_next(r, qe, &pk, &pkn, &pv, &pvn, &pn)) {
          ec_lval x;
          ec_lval_text(&x, pv, pvn);
          int64_t **slot = ec_log_eq(pk, pkn, "MinShape") ? &pr->min : ec_log_eq(pk, pkn, "OptShape") ? &pr->opt
                           : ec_log_eq(pk, pkn, "MaxShape") ? &pr->max : NULL;
          int *ns = slot == &pr->min ? &pr->nmin : slot == &pr->opt ? &pr->nopt : &pr->nmax;
          if (slot && x.is_ints && !*slot) {
            *slot = ec_calloc(x.nints ? (size_t)x.nints : 1, sizeof **slot);
            for (int i = 0; i < x.nints; i++) (*slot)[i] = x.ints[i] < 0 ? -1 : x.ints[i];
            *ns = x.nints;
          } else if (ec_log_eq(pk, pkn, "Format") && !pr->format) {
            pr->format = ec_strndup(pv, pvn);
          }
          r = pn;
          while (r < qe && *r == ' ') r++;
        }
        q = r < qe ? r + 1 : qe;
      }
    }
    p = next;
  }
  if (!b->name) { /* no Name key after all: the line is the name */
    b->name = ec_strndup(c, n);
    b->len = n;
    b->io = 0;
  }
  (void)L;
}

/* "Bindings:" (10.x) or "I/O Tensors:" (TensorRT 11) after a listing's
 * layers: 1 when the line starts one (P->mode set). */
int ec_log_io_section(ec_log_parser *P, const ec_log_line *L) {
  const char *c = L->c;
  size_t n = L->cn;
  ec_log_trim(&c, &n);
  int io = ec_log_eq(c, n, "I/O Tensors:");
  if (!io && !ec_log_eq(c, n, "Bindings:")) return 0;
  ec_log_inv *g = ec_log_cur(P);
  if (g->io_listed) { /* a second section in one run: the last one printed */
    ec_load_bind_names_free(g->io, g->n_io);
    g->io = NULL;
    g->n_io = g->cap_io = 0;
  }
  g->io_listed = 1;
  g->io_line = L->no;
  g->anything = 1;
  P->mode = io ? EC_LOG_M_IO_TENSORS : EC_LOG_M_BINDINGS;
  return 1;
}

int ec_log_dump_line(ec_log_parser *P, const ec_log_line *L) {
  if (P->mode == EC_LOG_M_BINDINGS || P->mode == EC_LOG_M_IO_TENSORS) {
    if (L->sev == 0) {
      const char *c = L->c;
      size_t n = L->cn;
      ec_log_trim(&c, &n);
      if (n == 0) P->mode = EC_LOG_M_NONE;
      else S_io_entry(P, L, c, n);
      return 1;
    }
    P->mode = EC_LOG_M_NONE;
    return 0;
  }
  if (L->sev != 0) {
    P->mode = EC_LOG_M_NONE;
    return 0;
  }
  const char *c = L->c;
  size_t n = L->cn;
  ec_log_trim(&c, &n);
  if (!n) {
    P->mode = EC_LOG_M_NONE;
    P->dump_end = L->no;
    return 1;
  }
  if (ec_log_io_section(P, L)) return 1;
  int detailed = ec_log_starts(L->c, L->cn, "Name: ") && ec_log_find(L->c, L->cn, ", LayerType: ");
  if (P->dump_rank == 0) {
    P->dump_rank = detailed ? 3 : 1;
    ec_log_layers_begin(P, P->dump_rank, L->no);
  }
  if (P->dump_skip) return 1;
  if (detailed) S_dump_layer_detailed(P, L);
  else if (P->dump_rank == 3) {
    if (P->warn_dump++ < EC_LOG_MAX_WARN_LINES) ec_log_warn(P, L->no, 1, "layer dump line not understood; skipped");
  } else S_dump_layer_name(P, L);
  return 1;
}
