/* log_facts — memory, engine-size and build-time facts: the library's
 * "[TRT]" lines ("Total Activation Memory: ...", "Engine generation
 * completed in ...") and trtexec's "[I]" lines ("Engine built in ...",
 * "Created engine with size: ...", ...). Facts printed at info level win
 * over the builder's verbose ones. */
#include "load/log_internal.h"
#include "util/alloc.h"
#include <stdlib.h>
#include <string.h>

/* Memory fact key = value (trimmed; a bare byte count gets " bytes"). */
static void S_mem(ec_log_parser *P, const ec_log_line *L, const char *key, const char *v, size_t vn) {
  ec_log_trim(&v, &vn);
  if (vn && v[vn - 1] == '.') vn--; /* "1280.76 sec." */
  ec_log_trim(&v, &vn);
  if (!vn) return;
  char *val;
  double x;
  if (ec_log_num_whole(v, vn, &x)) val = ec_asprintf("%.*s bytes", (int)vn, v); /* bare byte counts (8.x) */
  else val = ec_strndup(v, vn);
  ec_log_inv *g = ec_log_cur(P);
  ec_log_kvs_put(L->sev == 'I' || L->sev == 0 ? &g->mem_i : &g->mem_v, key, val);
  g->anything = 1;
  free(val);
}

/* "Engine built in 1280.76 sec." -> "1280.76 s" */
static void S_seconds_fact(ec_log_parser *P, const ec_log_line *L, const char *key, const char *v, size_t vn) {
  double x;
  size_t used;
  if (!ec_log_num(v, vn, &x, &used)) return;
  char *val = ec_asprintf("%.*s s", (int)used, v);
  const char *t = val;
  while (*t == ' ') t++;
  S_mem(P, L, key, t, strlen(t));
  free(val);
}

int ec_log_trt_fact(ec_log_parser *P, const ec_log_line *L) {
  static const char *const keys[] = {
      "Total Activation Memory", "Total Host Persistent Memory", "Total Device Persistent Memory",
      "Total Scratch Memory",    "Max Scratch Memory",           "Total Weights Memory",
      "Loaded engine size"};
  const char *c = L->c;
  size_t n = L->cn;
  for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
    size_t kl = strlen(keys[i]);
    if (n > kl + 1 && memcmp(c, keys[i], kl) == 0 && c[kl] == ':') {
      S_mem(P, L, keys[i], c + kl + 1, n - kl - 1);
      return 1;
    }
  }
  const char *r;
  size_t rn;
  if (ec_log_after(c, n, "Engine generation completed in ", &r, &rn)) {
    S_seconds_fact(P, L, "Engine generation time", r, rn);
    return 1;
  }
  return 0;
}

/* "Created input binding for NAME with dimensions 4x1x28x28" (8.x-10.x) or
 * "Input binding for NAME with dimensions 1x1x28x28 and type fp32 is
 * created." (10.16+, 11.x): the binding's name, direction and the shape
 * the run used; 1 when the line was one. A name may hold blanks: the last
 * " with dimensions " ends it. */
static int S_binding(ec_log_parser *P, const ec_log_line *L, const char *c, size_t n) {
  const char *r;
  size_t rn;
  ec_bind_dir dir;
  if (ec_log_after(c, n, "Created input binding for ", &r, &rn) || ec_log_after(c, n, "Input binding for ", &r, &rn))
    dir = EC_BIND_INPUT;
  else if (ec_log_after(c, n, "Created output binding for ", &r, &rn) || ec_log_after(c, n, "Output binding for ", &r, &rn))
    dir = EC_BIND_OUTPUT;
  else
    return 0;
  const char *w = NULL;
  for (const char *f = r; (f = ec_log_find(f, rn - (size_t)(f - r), " with dimensions ")); f++) w = f;
  if (!w || w == r) return 0;
  const char *d = w + 17, *end = r + rn;
  size_t dn = (size_t)(end - d);
  const char *ty = ec_log_find(d, dn, " and type "), *tend = NULL;
  if (ty) {
    tend = ty + 10;
    dn = (size_t)(ty - d);
  } else if ((ty = ec_log_find(d, dn, " is created"))) {
    dn = (size_t)(ty - d);
  }
  ec_dims dims = {0};
  if (!ec_dims_parse(d, dn, &dims)) return 1; /* the line, with a shape we cannot read */
  const char *prec = NULL;
  if (tend) {
    char word[16];
    size_t k = 0;
    while (tend + k < end && k < sizeof word - 1 && ec_log_isalnum(tend[k])) {
      char ch = tend[k];
      word[k++] = ch >= 'a' && ch <= 'z' ? (char)(ch - 'a' + 'A') : ch;
    }
    prec = ec_dtype_name(word, k);
  }
  ec_log_inv *g = ec_log_cur(P);
  size_t nl = (size_t)(w - r), i;
  if (ec_map_get(&g->bind_index, r, nl, &i)) { /* printed again: the last one wins */
    free(g->binds[i].dims.v);
    g->binds[i].dims = dims;
    g->binds[i].dir = dir;
    g->binds[i].precision = prec;
    g->binds[i].line = L->no;
    return 1;
  }
  ec_log_count(P, EC_BUDGET_BINDINGS, 1);
  ec_log_binding *b = EC_PUSH(g->binds, g->n_binds, g->cap_binds);
  b->name = ec_strndup(r, nl);
  b->len = nl;
  b->dir = dir;
  b->dims = dims;
  b->precision = prec;
  b->line = L->no;
  ec_map_put(&g->bind_index, b->name, nl, g->n_binds - 1);
  g->anything = 1;
  return 1;
}

int ec_log_info_fact(ec_log_parser *P, const ec_log_line *L, const char *c, size_t n) {
  if (S_binding(P, L, c, n)) return 1;
  static const struct {
    const char *prefix, *key;
    int seconds; /* "1280.76 sec." -> "1280.76 s"; else the value as printed */
  } facts[] = {
      {"Engine built in ", "Engine build time", 1},
      {"Created engine with size: ", "Engine size", 0},
      {"Engine deserialized in ", "Engine deserialization time", 1},
      {"Created execution context with device memory size: ", "Execution context device memory", 0},
  };
  for (size_t i = 0; i < sizeof facts / sizeof facts[0]; i++) {
    const char *v;
    size_t vn;
    if (!ec_log_after(c, n, facts[i].prefix, &v, &vn)) continue;
    if (facts[i].seconds) S_seconds_fact(P, L, facts[i].key, v, vn);
    else S_mem(P, L, facts[i].key, v, vn);
    return 1;
  }
  return 0;
}

/* "Adding network input: x with dtype: float32, dimensions: (-1, 1, 28, 28)"
 * and "Marking y_out as output: y" (a verbose build, the ONNX parser): the
 * network's own inputs and outputs, stated before any layer exists. */
static int S_network_io(ec_log_parser *P, const ec_log_line *L, const char *c, size_t n) {
  const char *r, *name;
  size_t rn, nn;
  ec_dims dims = {0};
  ec_bind_dir dir;
  if (ec_log_after(c, n, "Adding network input: ", &r, &rn)) {
    const char *w = ec_log_find(r, rn, " with dtype: ");
    if (!w || w == r) return 0;
    name = r;
    nn = (size_t)(w - r);
    const char *d = ec_log_find(w, rn - (size_t)(w - r), "dimensions: (");
    if (d) {
      d += 13;
      const char *e = memchr(d, ')', (size_t)(r + rn - d));
      if (e) {
        /* "-1, 1, 28, 28" -> "-1x1x28x28" */
        char buf[256];
        size_t k = 0;
        for (const char *q = d; q < e && k < sizeof buf - 1; q++)
          if (*q != ' ') buf[k++] = *q == ',' ? 'x' : *q;
        if (k && !ec_dims_parse(buf, k, &dims)) dims.n = 0;
      }
    }
    dir = EC_BIND_INPUT;
  } else if (ec_log_find(c, n, " as output: ") && ec_log_after(c, n, "Marking ", &r, &rn)) {
    const char *w = NULL;
    for (const char *f = r; (f = ec_log_find(f, rn - (size_t)(f - r), " as output: ")); f++) w = f;
    name = w + 12;
    nn = (size_t)(r + rn - name);
    ec_log_trim(&name, &nn);
    if (!nn) return 0;
    dir = EC_BIND_OUTPUT;
  } else {
    return 0;
  }
  ec_log_inv *g = ec_log_cur(P);
  for (size_t i = 0; i < g->n_decl; i++)
    if (g->decl[i].len == nn && !memcmp(g->decl[i].name, name, nn)) { /* declared again (another build attempt) */
      free(dims.v);
      return 1;
    }
  ec_log_binding *b = EC_PUSH(g->decl, g->n_decl, g->cap_decl);
  memset(b, 0, sizeof *b);
  b->name = ec_strndup(name, nn);
  b->len = nn;
  b->dir = dir;
  b->dims = dims;
  b->line = L->no;
  g->anything = 1;
  return 1;
}

/* "... is N" / "uses N auxiliary streams": N, or -1. */
static long S_count_after(const char *s, size_t n) {
  double x;
  size_t used;
  if (!ec_log_num(s, n, &x, &used) || x < 0 || x > 1e6 || x != (long)x) return -1;
  return (long)x;
}

int ec_log_run_fact(ec_log_parser *P, const ec_log_line *L) {
  const char *c = L->c, *r;
  size_t n = L->cn, rn;
  ec_log_inv *g = ec_log_cur(P);
  if (L->sev == 'V' && L->trt && S_network_io(P, L, c, n)) return 1;
  /* "[I] [TRT] [MS] Number of aux streams is 2" */
  if (L->trt && (r = ec_log_find(c, n, "Number of aux streams is "))) {
    r += 25;
    long k = S_count_after(r, (size_t)(c + n - r));
    if (k >= 0) {
      g->aux_streams = k;
      g->anything = 1;
    }
    return 1;
  }
  /* [W] The engine uses 2 auxiliary streams, so the "Total" latency may not
   * be accurate because some layers may have run in parallel! */
  if (L->sev == 'W' && !L->trt && ec_log_after(c, n, "The engine uses ", &r, &rn) &&
      ec_log_find(r, rn, " auxiliary stream") && ec_log_find(r, rn, "may not be accurate")) {
    long k = S_count_after(r, rn);
    if (k >= 0 && g->aux_streams < 0) g->aux_streams = k;
    g->aux_caveat = 1;
    g->anything = 1;
    return 1;
  }
  /* Nsight Systems after the run: "Generated:" then the report's path (or on
   * the same line), "....nsys-rep" (".qdrep" before 2021.4, whose versions
   * say "Report file moved to \"....qdrep\"" in one line) */
  if (L->sev == 0) {
    const char *t = c;
    size_t tn = n;
    ec_log_trim(&t, &tn);
    if (ec_log_starts(t, tn, "Generated:")) {
      P->nsys_generated = L->no;
      t += 10, tn -= 10;
      ec_log_trim(&t, &tn);
      if (!tn) return 1;
    }
    while (tn && (t[tn - 1] == '"' || t[tn - 1] == '\'')) tn--; /* "Report file moved to \"....qdrep\"" */
    int rep = (tn > 9 && !memcmp(t + tn - 9, ".nsys-rep", 9)) || (tn > 6 && !memcmp(t + tn - 6, ".qdrep", 6));
    int moved = ec_log_starts(t, tn, "Report file moved to "); /* nsys before 2021.4 says so in one line */
    if (rep && (moved || (P->nsys_generated && L->no - P->nsys_generated <= 2))) {
      /* the last run of the log is the one nsys ran */
      P->segs[P->n_segs - 1].profiler_line = L->no;
      return 1;
    }
  }
  return 0;
}
