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

int ec_log_info_fact(ec_log_parser *P, const ec_log_line *L, const char *c, size_t n) {
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
