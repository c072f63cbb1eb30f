/* log_tactics — the kernels and times a verbose build log gives each layer
 * (log_internal.h ec_log_tactic_line). A layer listing ("Layer(Type): name,
 * Tactic: 0x...") names its tactic by number only; the autotuning lines
 * before it name the kernel behind each number ("NAME Set Tactic Name:
 * KERNEL Tactic: 0xHEX") and the time each took while the layer was timed
 * ("Tactic: 0xHEX Time: T" under "Timing Runner: NAME (Runner)"). Those
 * times are build-time measurements of one layer alone in one format
 * combination: they are kept as the attribute BuildTimeMs and never become
 * the layer's profile. */
#include "load/log_internal.h"
#include "util/alloc.h"
#include "util/buf.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct ec_log_tac {
  char *key;  /* "0xHEX" (a kernel name) or "NAME\x1f0xHEX" (a time) */
  size_t klen;
  char *name; /* the kernel, or NULL */
  double ms;  /* the shortest time measured, or -1 */
};

/* The "0x..." at s[0..n) (hex digits only); its length, 0 when none. */
static size_t S_hex(const char *s, size_t n) {
  if (n < 3 || s[0] != '0' || s[1] != 'x') return 0;
  size_t i = 2;
  while (i < n && ((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f') || (s[i] >= 'A' && s[i] <= 'F'))) i++;
  return i > 2 ? i : 0;
}

static struct ec_log_tac *S_entry(ec_log_parser *P, ec_map *m, const char *key, size_t klen) {
  size_t k;
  if (ec_map_get(m, key, klen, &k)) return &P->tac[k];
  /* the maps borrow x->key, a block of its own: moving the array keeps it valid */
  ec_log_count(P, EC_BUDGET_TACTICS, 1);
  struct ec_log_tac *x = EC_PUSH(P->tac, P->n_tac, P->cap_tac);
  x->key = ec_strndup(key, klen);
  x->klen = klen;
  x->name = NULL;
  x->ms = -1;
  ec_map_put(m, x->key, klen, P->n_tac - 1);
  return x;
}

/* "Tactic: 0xHEX Time: T" (after "Fastest " or not) under the current runner. */
static int S_time(ec_log_parser *P, const char *t, size_t tn) {
  const char *r;
  size_t rn;
  if (!ec_log_after(t, tn, "Tactic: ", &r, &rn)) return 0;
  size_t h = S_hex(r, rn);
  const char *tm;
  size_t tmn;
  if (!h || !ec_log_after(r + h, rn - h, " Time: ", &tm, &tmn)) return 0;
  double ms;
  if (!P->tac_runner || !ec_log_num_whole(tm, tmn, &ms) || ms < 0) return 1;
  size_t ln = strlen(P->tac_runner);
  char *key = ec_malloc(ln + 1 + h);
  memcpy(key, P->tac_runner, ln);
  key[ln] = '\x1f';
  memcpy(key + ln + 1, r, h);
  struct ec_log_tac *x = S_entry(P, &P->tac_times, key, ln + 1 + h);
  if (x->ms < 0 || ms < x->ms) x->ms = ms;
  free(key);
  return 1;
}

int ec_log_tactic_line(ec_log_parser *P, const ec_log_line *L) {
  if (L->sev != 'V') return 0;
  const char *t = L->c, *r;
  size_t tn = L->cn, rn;
  ec_log_trim(&t, &tn);
  if (ec_log_after(t, tn, "--------------- Timing Runner: ", &r, &rn)) {
    /* "NAME (Runner)": the name may hold parentheses; the runner is the last */
    size_t e = rn;
    while (e > 0 && r[e - 1] != '(') e--;
    free(P->tac_runner);
    P->tac_runner = e >= 2 && r[e - 2] == ' ' ? ec_strndup(r, e - 2) : NULL;
    return 1;
  }
  if (ec_log_starts(t, tn, "Fastest Tactic: ")) return S_time(P, t + 8, tn - 8);
  if (ec_log_starts(t, tn, "Tactic: ")) return S_time(P, t, tn);
  const char *m = ec_log_find(t, tn, " Set Tactic Name: ");
  if (m) {
    const char *k = m + 18, *end = t + tn;
    const char *tac = ec_log_find(k, (size_t)(end - k), " Tactic: ");
    if (!tac) return 1;
    const char *hx = tac + 9;
    size_t h = S_hex(hx, (size_t)(end - hx));
    if (!h || tac == k) return 1;
    struct ec_log_tac *x = S_entry(P, &P->tac_names, hx, h);
    if (!x->name) x->name = ec_strndup(k, (size_t)(tac - k));
    return 1;
  }
  return 0;
}

void ec_log_tactics_apply(ec_log_parser *P) {
  if (P->n_tac) {
    ec_buf key = {0};
    for (size_t s = 0; s < P->n_segs; s++) {
      ec_log_inv *g = &P->segs[s];
      for (size_t i = 0; i < g->n_layers; i++) {
        ec_layer *l = &g->layers[i];
        const char *v = l->tactic_value;
        size_t h = v ? S_hex(v, strlen(v)) : 0;
        if (!h || h != strlen(v) || (l->tactic && strcmp(l->tactic, "TensorRT"))) continue; /* "TensorRT": no name given */
        size_t k;
        int named = ec_map_get(&P->tac_names, v, h, &k) && P->tac[k].name;
        if (named) {
          free(l->tactic);
          l->tactic = ec_strdup(P->tac[k].name);
          ec_attrs_add(&l->attrs, "TacticSource", 12, "build log (Set Tactic Name)", 27);
        }
        key.len = 0;
        ec_buf_put(&key, l->name, l->name_len);
        ec_buf_putc(&key, '\x1f');
        ec_buf_put(&key, v, h);
        if (ec_map_get(&P->tac_times, key.data, key.len, &k) && P->tac[k].ms >= 0) {
          char ms[40];
          int n = snprintf(ms, sizeof ms, "%.6g", P->tac[k].ms);
          ec_attrs_add(&l->attrs, "BuildTimeMs", 11, ms, (size_t)n);
        }
      }
    }
    ec_buf_free(&key);
  }
  for (size_t i = 0; i < P->n_tac; i++) {
    free(P->tac[i].key);
    free(P->tac[i].name);
  }
  free(P->tac);
  P->tac = NULL;
  P->n_tac = P->cap_tac = 0;
  ec_map_free(&P->tac_names);
  ec_map_free(&P->tac_times);
  free(P->tac_runner);
  P->tac_runner = NULL;
}
