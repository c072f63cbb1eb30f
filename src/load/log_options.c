/* log_options — the option sections trtexec prints before it builds or runs
 * ("=== Model Options ===" ... "=== Reporting Options ===" and
 * "=== Device Information ==="): key = text before the first ':', value =
 * everything after it (trimmed), kept per invocation exactly as printed. */
#include "load/log_internal.h"
#include "util/alloc.h"
#include <stdlib.h>
#include <string.h>

/* Section headers, in EC_LOG_OPT_* order. */
static const char *const S_names[EC_LOG_NOPT] = {"=== Model Options ===",     "=== Build Options ===",
                                                  "=== System Options ===",    "=== Inference Options ===",
                                                  "=== Reporting Options ===", "=== Device Information ==="};

int ec_log_section_begin(ec_log_parser *P, const ec_log_line *L, const char *t, size_t tn) {
  for (int i = 0; i < EC_LOG_NOPT; i++)
    if (ec_log_eq(t, tn, S_names[i])) {
      ec_log_inv *g = ec_log_cur(P);
      if (g->opt_seen[i]) g = ec_log_new_inv(P, L->no); /* a second invocation without its banner */
      g->opt_seen[i] = 1;
      g->anything = 1;
      P->section = i;
      P->mode = EC_LOG_M_SECTION;
      return 1;
    }
  return 0;
}

void ec_log_section_line(ec_log_parser *P, const ec_log_line *L) {
  const char *c = L->c;
  size_t n = L->cn;
  const char *colon = memchr(c, ':', n);
  const char *k = c;
  size_t kn = (size_t)(colon - c);
  const char *v = colon + 1;
  size_t vn = n - kn - 1;
  ec_log_trim(&k, &kn);
  ec_log_trim(&v, &vn);
  if (kn == 0) return;
  char *key = ec_strndup(k, kn), *val = ec_strndup(v, vn);
  ec_log_inv *g = ec_log_cur(P);
  if (!ec_kvs_get(&g->opt[P->section], key)) ec_kvs_add(&g->opt[P->section], key, val);
  g->anything = 1;
  free(key);
  free(val);
}
