/* log_options — the option sections trtexec prints before it builds or runs
 * ("=== Model Options ===" ... "=== Reporting Options ===" and
 * "=== Device Information ==="): key = text before the first ':', value =
 * everything after it (trimmed), kept per invocation exactly as printed; a
 * key printed again keeps its first value, except the per-input shape lines
 * ("Input build shape (profile 0): input_ids=..." then "...: attention_mask=..."),
 * whose values are joined with ", " and read into the run's input shapes. */
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
  ec_log_count(P, EC_BUDGET_LOG_SETTINGS, 1); /* a key is looked up among those read: bounded */
  char *key = ec_strndup(k, kn), *val = ec_strndup(v, vn);
  ec_log_inv *g = ec_log_cur(P);
  ec_kvs *kv = &g->opt[P->section];
  if (ec_input_shapes_option(&g->shapes, key, val, P->profile_index)) {
    /* one line per input under the same key: keep every input, in order */
    ec_kv *old = NULL;
    for (size_t i = 0; i < kv->n && !old; i++)
      if (strcmp(kv->v[i].key, key) == 0) old = &kv->v[i];
    if (old) {
      char *joined = ec_asprintf("%s, %s", old->val, val);
      free(old->val);
      old->val = joined;
    } else {
      ec_kvs_add(kv, key, val);
    }
  } else if (!ec_kvs_get(kv, key)) {
    ec_kvs_add(kv, key, val);
  }
  g->anything = 1;
  free(key);
  free(val);
}
