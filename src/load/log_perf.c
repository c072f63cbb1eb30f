/* log_perf — the performance summary: TensorRT 8.x+ "=== Performance
 * summary ===" lines and TensorRT 7 "Host Latency / Enqueue Time / GPU
 * Compute" blocks, with every statistic labelled as printed
 * (percentile(99.9%) -> "p99.9"); and trtexec's own warnings ("[W]" lines
 * without "[TRT]") as notes. */
#include "load/log_internal.h"
#include "words/words.h"
#include "util/alloc.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* "percentile(99.9%)" -> "p99.9"; min/max/mean/median kept; others as printed. */
static void S_stat_label(const char *s, size_t n, char out[16]) {
  ec_log_trim(&s, &n);
  if (ec_log_starts(s, n, "percentile(")) {
    const char *a = s + 11, *b = memchr(a, ')', n - 11);
    if (b) {
      size_t m = (size_t)(b - a);
      if (m && a[m - 1] == '%') m--;
      if (m > 13) m = 13;
      out[0] = 'p';
      memcpy(out + 1, a, m);
      out[m + 1] = '\0';
      return;
    }
  }
  if (n > 15) n = 15;
  memcpy(out, s, n);
  out[n] = '\0';
}

/* "min = 0.1 ms, max = 0.2 ms, mean = ..., percentile(99%) = 0.3 ms" */
static void S_stats_line(ec_stats *st, const char *s, size_t n) {
  const char *end = s + n;
  while (s < end) {
    const char *comma = memchr(s, ',', (size_t)(end - s));
    const char *ie = comma ? comma : end;
    const char *eq = memchr(s, '=', (size_t)(ie - s));
    if (eq) {
      char label[16];
      double v;
      S_stat_label(s, (size_t)(eq - s), label);
      if (label[0] && ec_log_ms(eq + 1, (size_t)(ie - eq - 1), &v)) ec_stats_set(st, label, v);
    }
    s = comma ? comma + 1 : end;
  }
  st->source = "log";
}

int ec_log_perf_line(ec_log_parser *P, const ec_log_line *L) {
  const char *c = L->c;
  size_t n = L->cn;
  const char *colon = memchr(c, ':', n);
  if (!colon) return 0;
  const char *k = c, *v = colon + 1;
  size_t kn = (size_t)(colon - c), vn = n - kn - 1;
  ec_log_trim(&k, &kn);
  ec_log_perf *pf = &ec_log_cur(P)->perf;
  double x;
  if (ec_log_eq(k, kn, "Throughput")) {
    if (ec_log_num_unit(v, vn, "qps", &x)) pf->qps = x;
  } else if (ec_log_eq(k, kn, "Latency")) {
    S_stats_line(&pf->lat, v, vn);
  } else if (ec_log_eq(k, kn, "Enqueue Time")) {
    S_stats_line(&pf->enq, v, vn);
  } else if (ec_log_eq(k, kn, "H2D Latency")) {
    S_stats_line(&pf->h2d, v, vn);
  } else if (ec_log_eq(k, kn, "GPU Compute Time")) {
    S_stats_line(&pf->gpu, v, vn);
  } else if (ec_log_eq(k, kn, "D2H Latency")) {
    S_stats_line(&pf->d2h, v, vn);
  } else if (ec_log_eq(k, kn, "Total Host Walltime")) {
    if (ec_log_num_unit(v, vn, "s", &x)) pf->walltime_s = x;
  } else if (ec_log_eq(k, kn, "Total GPU Compute Time")) {
    if (ec_log_num_unit(v, vn, "s", &x)) pf->total_gpu_s = x;
  } else if (ec_log_eq(k, kn, "End-to-End Host Latency")) {
    /* no slot in the model; read and dropped */
  } else {
    return 0;
  }
  return 1;
}

/* Start a benchmark run; a second summary in one invocation is a new run. */
ec_log_perf *ec_log_perf_begin(ec_log_parser *P, int line, int old_format) {
  ec_log_inv *g = ec_log_cur(P);
  if (g->perf.present) {
    ec_log_inv *ng = ec_log_new_inv(P, line);
    ng->banner = 0;
    g = ng;
  }
  g->perf.present = 1;
  g->perf.line = line;
  g->perf.old_format = old_format;
  g->anything = 1;
  return &g->perf;
}

/* TensorRT 7: "Host Latency" / "min: 3.05 ms (end to end 3.06 ms)" / ... */
int ec_log_perf_old_line(ec_log_parser *P, const ec_log_line *L) {
  const char *c = L->c;
  size_t n = L->cn;
  ec_log_trim(&c, &n);
  ec_log_perf *pf = &ec_log_cur(P)->perf;
  if (ec_log_eq(c, n, "Enqueue Time")) { P->old_block = &pf->enq; return 1; }
  if (ec_log_eq(c, n, "GPU Compute")) { P->old_block = &pf->gpu; return 1; }
  if (ec_log_eq(c, n, "Host Latency")) return 0; /* a new run */
  const char *colon = memchr(c, ':', n);
  if (!colon) return 0;
  const char *k = c, *v = colon + 1;
  size_t kn = (size_t)(colon - c), vn = n - kn - 1;
  double x;
  static const char *const labels[] = {"min", "max", "mean", "median"};
  for (size_t i = 0; i < 4; i++)
    if (ec_log_eq(k, kn, labels[i])) {
      if (P->old_block && ec_log_ms(v, vn, &x)) {
        ec_stats_set(P->old_block, labels[i], x);
        P->old_block->source = "log";
      }
      return 1;
    }
  if (ec_log_eq(k, kn, "percentile")) {
    /* "3.4563 ms at 99% (end to end ...)" */
    const char *at = ec_log_find(v, vn, " at ");
    if (P->old_block && at && ec_log_ms(v, (size_t)(at - v), &x)) {
      const char *a = at + 4, *end = v + vn;
      const char *pc = memchr(a, '%', (size_t)(end - a));
      if (pc && pc - a > 0 && pc - a < 14) {
        char label[16];
        label[0] = 'p';
        memcpy(label + 1, a, (size_t)(pc - a));
        label[pc - a + 1] = '\0';
        ec_stats_set(P->old_block, label, x);
      }
    }
    return 1;
  }
  if (ec_log_eq(k, kn, "throughput")) {
    if (ec_log_num_unit(v, vn, "qps", &x)) pf->qps = x;
    return 1;
  }
  if (ec_log_eq(k, kn, "walltime")) {
    if (ec_log_num_unit(v, vn, "s", &x)) pf->walltime_s = x;
    return 1;
  }
  if (ec_log_eq(k, kn, "total compute time")) {
    if (ec_log_num_unit(v, vn, "s", &x)) pf->total_gpu_s = x;
    return 1;
  }
  return 0;
}

void ec_log_note(ec_log_parser *P, const ec_log_line *L) {
  ec_log_inv *g = ec_log_cur(P);
  const char *c = L->c;
  size_t n = L->cn;
  int cont = n >= 2 && c[0] == ' ' && c[1] == ' ';
  ec_log_trim(&c, &n);
  if (!n) return;
  if (cont && P->last_note < 0 && P->last_note_line == L->no - 1) { /* continues a repeated note */
    P->last_note_line = L->no;
    return;
  }
  if (cont && P->last_note > 0 && P->last_note_line == L->no - 1 && (size_t)P->last_note <= g->notes.n) {
    ec_kv *kv = &g->notes.v[P->last_note - 1];
    char *joined = ec_asprintf("%s %.*s", kv->val, (int)n, c);
    free(kv->val);
    kv->val = joined;
    P->last_note_line = L->no;
    return;
  }
  if (ec_log_starts(c, n, "* ")) c += 2, n -= 2;
  if (g->notes.n >= EC_LOG_MAX_NOTES) return;
  char *val = ec_strndup(c, n);
  for (size_t i = 0; i < g->notes.n; i++)
    if (strcmp(g->notes.v[i].val, val) == 0) {
      free(val);
      P->last_note = -1;
      P->last_note_line = L->no;
      return;
    }
  ec_kvs_add(&g->notes, "log", val);
  free(val);
  P->last_note = (int)g->notes.n;
  P->last_note_line = L->no;
}

static void S_merge_stats(ec_engine *e, const char *path, int line, ec_stats *dst, const ec_stats *src,
                          const char *what) {
  if (src->n == 0) return;
  int was_empty = dst->n == 0;
  for (int i = 0; i < src->n; i++) {
    double old = ec_stats_get(dst, src->v[i].label);
    if (isnan(old)) ec_stats_set(dst, src->v[i].label, src->v[i].value);
    else if (!ec_log_same(old, src->v[i].value)) {
      char w[96], a[64], b[64];
      snprintf(w, sizeof w, "%s %s", what, src->v[i].label);
      snprintf(a, sizeof a, "%" EC_DATA_G, old);
      snprintf(b, sizeof b, "%" EC_DATA_G, src->v[i].value);
      ec_log_info(e, path, line, w, a, b);
    }
  }
  if (was_empty) dst->source = "log";
}

void ec_log_merge_perf(ec_engine *e, const char *path, const ec_log_inv *g) {
  const ec_log_perf *pf = &g->perf;
  ec_perf *ep = &e->perf;
  int line = pf->line;
  if (!ep->present) {
    ep->present = 1;
    ep->throughput_source = "log";
  }
  ec_log_merge_num(e, path, line, 1, &ep->throughput_qps, pf->qps, "throughput (qps)");
  if (!ep->throughput_source && !isnan(pf->qps)) ep->throughput_source = "log";
  S_merge_stats(e, path, line, &ep->gpu_compute, &pf->gpu, "GPU compute time");
  S_merge_stats(e, path, line, &ep->latency, &pf->lat, "latency");
  S_merge_stats(e, path, line, &ep->enqueue, &pf->enq, "enqueue time");
  S_merge_stats(e, path, line, &ep->h2d, &pf->h2d, "H2D latency");
  S_merge_stats(e, path, line, &ep->d2h, &pf->d2h, "D2H latency");
  ec_log_merge_num(e, path, line, 1, &ep->walltime_s, pf->walltime_s, "total host walltime (s)");
  ec_log_merge_num(e, path, line, 1, &ep->total_gpu_compute_s, pf->total_gpu_s, "total GPU compute time (s)");
}
