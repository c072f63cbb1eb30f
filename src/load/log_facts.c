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
