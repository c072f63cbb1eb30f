/* log — trtexec console logs (TensorRT 7 to 10) into the engine model.
 *
 * One linear pass over the lines (memchr, no regex). Each line is split into
 * its trtexec prefix ("[06/10/2022-19:21:28] [I] [TRT] ") and its content; a
 * small state machine then reads:
 *   - the option sections ("=== Model Options ===" ... "=== Device Information ==="),
 *     key = text before the first ':', value = everything after it (trimmed);
 *   - the TensorRT version from the banner ("[TensorRT v8401]", "v101601")
 *     and the "TensorRT version: 8.4.1" / "8003" line;
 *   - the performance summary (8.x+ "=== Performance summary ===" and the
 *     TensorRT 7 "Host Latency / Enqueue Time / GPU Compute" blocks), with
 *     every statistic labelled as printed (percentile(99.9%) -> "p99.9");
 *   - trtexec's own warnings ("[W]" lines without "[TRT]") as perf notes;
 *   - memory, engine-size and build-time facts;
 *   - the --dumpProfile table ("=== Profile (N iterations ) ===") in either
 *     column order (name first up to 8.x, name last in 10.x);
 *   - layer dumps: --dumpLayerInfo ("Layers:" names-only or one-line detailed
 *     "Name: ..., LayerType: ...") and verbose "Engine Layer Information"
 *     ("Layer(Type): name, Tactic: t, in[Float(1,2)] -> out (Half[1,2:8])").
 *
 * A log can hold several trtexec invocations ("&&&& RUNNING" banners) and
 * several benchmark runs; everything is read per segment and one run is
 * chosen (--run N, default the last), never merged. */
#include "load/internal.h"
#include "load/load.h"
#include "model/engine.h"
#include "util/alloc.h"
#include "util/diag.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define S_MAX_WARN_LINES 8 /* per kind of malformed line, per file */
#define S_MAX_NOTES 64
#define S_MAX_ERRORS 20

/* ------------------------------------------------------------------ text */

static int S_isspace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v'; }
static int S_isdigit(char c) { return c >= '0' && c <= '9'; }
static int S_isalnum(char c) {
  return S_isdigit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* Trim blanks at both ends of [*s, *s + *n). */
static void S_trim(const char **s, size_t *n) {
  while (*n && S_isspace(**s)) (*s)++, (*n)--;
  while (*n && S_isspace((*s)[*n - 1])) (*n)--;
}

/* 1 when s[0..n) starts with the literal lit. */
static int S_starts(const char *s, size_t n, const char *lit) {
  size_t l = strlen(lit);
  return n >= l && memcmp(s, lit, l) == 0;
}

/* When s[0..n) starts with lit, set *rest and *rn to what follows and return 1. */
static int S_after(const char *s, size_t n, const char *lit, const char **rest, size_t *rn) {
  size_t l = strlen(lit);
  if (n < l || memcmp(s, lit, l) != 0) return 0;
  *rest = s + l;
  *rn = n - l;
  return 1;
}

/* 1 when s[0..n) equals lit exactly. */
static int S_eq(const char *s, size_t n, const char *lit) {
  return strlen(lit) == n && memcmp(s, lit, n) == 0;
}

/* First occurrence of lit in s[0..n), or NULL. Bounded; s may hold NULs. */
static const char *S_find(const char *s, size_t n, const char *lit) {
  size_t l = strlen(lit);
  if (l == 0) return s;
  const char *end = s + n;
  while ((size_t)(end - s) >= l) {
    const char *q = memchr(s, lit[0], (size_t)(end - s) - l + 1);
    if (!q) return NULL;
    if (memcmp(q, lit, l) == 0) return q;
    s = q + 1;
  }
  return NULL;
}

/* Parse a C-locale decimal number at the start of s[0..n) (leading blanks
 * allowed). Sets *used to the bytes consumed; returns 1 on success. Refuses
 * "inf", "nan" and hex so stray words never become numbers. */
static int S_num(const char *s, size_t n, double *out, size_t *used) {
  size_t i = 0;
  while (i < n && S_isspace(s[i])) i++;
  char buf[64];
  size_t k = 0;
  while (i + k < n && k < sizeof buf - 1) {
    char c = s[i + k];
    if (!(S_isdigit(c) || c == '.' || c == '-' || c == '+' || c == 'e' || c == 'E')) break;
    buf[k] = c;
    k++;
  }
  buf[k] = '\0';
  if (k == 0 || !(S_isdigit(buf[0]) || buf[0] == '-' || buf[0] == '+' || buf[0] == '.')) return 0;
  char *e = NULL;
  double v = strtod(buf, &e);
  if (e == buf) return 0;
  *out = v;
  if (used) *used = i + (size_t)(e - buf);
  return 1;
}

/* Whole of s[0..n) (trimmed) is a number. */
static int S_num_whole(const char *s, size_t n, double *out) {
  S_trim(&s, &n);
  size_t used = 0;
  return n && S_num(s, n, out, &used) && used == n;
}

/* ------------------------------------------------------------------ lines */

typedef struct S_line {
  const char *s; /* the raw line, without "\r\n" */
  size_t n;
  const char *c; /* content after the trtexec prefix */
  size_t cn;
  char sev;      /* 'I','W','V','E','F', or 0 when the line has no prefix */
  int trt;       /* "[TRT]" tag: a message from the TensorRT library */
  int no;        /* 1-based line number */
} S_line;

/* Split a line into prefix and content. "[date-time] [I] [TRT] text": the
 * timestamp is optional; one blank after the severity is dropped so tables
 * keep their alignment. */
static void S_split(S_line *L) {
  const char *p = L->s, *end = L->s + L->n;
  L->sev = 0;
  L->trt = 0;
  if (p < end && *p == '[') {
    const char *q = p + 1;
    size_t k = 0;
    while (q < end && k < 40 && (S_isdigit(*q) || *q == '/' || *q == '-' || *q == ':' || *q == '.' || *q == ' '))
      q++, k++;
    if (k >= 6 && q < end && *q == ']') {
      p = q + 1;
      while (p < end && *p == ' ') p++;
    }
  }
  if (end - p >= 3 && p[0] == '[' && p[2] == ']' && strchr("IWVEF", p[1]) && p[1]) {
    L->sev = p[1];
    p += 3;
    if (p < end && *p == ' ') p++;
    if (end - p >= 5 && memcmp(p, "[TRT]", 5) == 0) {
      L->trt = 1;
      p += 5;
      if (p < end && *p == ' ') p++;
    }
  } else {
    p = L->s; /* not a trtexec line: the whole line is content */
  }
  L->c = p;
  L->cn = (size_t)(end - p);
}

/* ------------------------------------------------------------------ runs */

enum { S_OPT_MODEL, S_OPT_BUILD, S_OPT_SYSTEM, S_OPT_INFERENCE, S_OPT_REPORTING, S_OPT_DEVICE, S_NOPT };

typedef struct S_perf {
  int present;
  int line;
  int old_format;   /* TensorRT 7 blocks */
  double qps, walltime_s, total_gpu_s;
  ec_stats gpu, lat, enq, h2d, d2h;
} S_perf;

typedef struct S_prow {
  char *name;
  size_t name_len;
  double time_ms, avg_ms, median_ms, pct;
  int has_median;
  int line, col;
} S_prow;

/* One trtexec invocation (or one benchmark run of it). */
typedef struct S_seg {
  int first_line;
  int banner;      /* "&&&& RUNNING" seen */
  int finished;    /* "&&&& PASSED/FAILED" seen */
  int anything;    /* any fact read */
  ec_kvs opt[S_NOPT];
  int opt_seen[S_NOPT];
  char *ver;
  const char *ver_src;
  int ver_rank;    /* 2 version line, 1 banner */
  ec_kvs mem_i, mem_v; /* memory facts from [I] and from verbose lines */
  ec_kvs notes;
  S_perf perf;
  S_prow *prof;
  size_t n_prof, cap_prof;
  int64_t prof_iters;
  int prof_line;
  ec_layer *layers;
  size_t n_layers, cap_layers;
  int layers_rank; /* 3 detailed dump, 2 verbose listing, 1 names only */
  int layers_line;
} S_seg;

static void S_seg_clear_prof(S_seg *g) {
  for (size_t i = 0; i < g->n_prof; i++) free(g->prof[i].name);
  free(g->prof);
  g->prof = NULL;
  g->n_prof = g->cap_prof = 0;
}

static void S_seg_clear_layers(S_seg *g) {
  for (size_t i = 0; i < g->n_layers; i++) ec_layer_clear(&g->layers[i]);
  free(g->layers);
  g->layers = NULL;
  g->n_layers = g->cap_layers = 0;
}

static void S_seg_free(S_seg *g) {
  for (int i = 0; i < S_NOPT; i++) ec_kvs_free(&g->opt[i]);
  free(g->ver);
  ec_kvs_free(&g->mem_i);
  ec_kvs_free(&g->mem_v);
  ec_kvs_free(&g->notes);
  S_seg_clear_prof(g);
  S_seg_clear_layers(g);
}

/* Set key to val in k, replacing an earlier value (last one printed wins). */
static void S_kvs_put(ec_kvs *k, const char *key, const char *val) {
  for (size_t i = 0; i < k->n; i++)
    if (strcmp(k->v[i].key, key) == 0) {
      free(k->v[i].val);
      k->v[i].val = ec_strdup(val);
      return;
    }
  ec_kvs_add(k, key, val);
}

/* ------------------------------------------------------------------ parser */

typedef enum {
  S_M_NONE = 0,
  S_M_SECTION,
  S_M_PERF,
  S_M_PERF_OLD,
  S_M_PROFILE,
  S_M_LAYERS_VERBOSE,
  S_M_LAYERS_DUMP,
  S_M_BINDINGS
} S_mode;

enum { S_COL_TIME, S_COL_AVG, S_COL_MEDIAN, S_COL_PCT, S_NCOL };

typedef struct S_parser {
  ec_engine *e;
  const char *path;
  S_seg *segs;
  size_t n_segs, cap_segs;
  S_mode mode;
  int section;          /* S_OPT_* while in S_M_SECTION */
  ec_stats *old_block;  /* TensorRT 7 summary block being read */
  /* profile table */
  int prof_header;      /* header parsed */
  int prof_cols[S_NCOL];/* kinds in print order */
  int prof_ncols;
  int prof_name_first;
  int prof_total;       /* Total row seen */
  int prof_start_line;
  /* layer dump */
  int dump_skip;        /* reading a dump that loses against what we have */
  int dump_rank;
  /* notes */
  int last_note;        /* index+1 of the note continuation lines extend */
  int last_note_line;
  int n_errors;
  int warn_layer, warn_prof, warn_dump;
} S_parser;

static S_seg *S_cur(S_parser *P) { return &P->segs[P->n_segs - 1]; }

static S_seg *S_new_seg(S_parser *P, int line) {
  S_seg *g = EC_PUSH(P->segs, P->n_segs, P->cap_segs);
  memset(g, 0, sizeof *g);
  g->first_line = line;
  g->perf.qps = g->perf.walltime_s = g->perf.total_gpu_s = NAN;
  return g;
}

static void S_warn(S_parser *P, int line, int col, const char *msg) {
  ec_diag_add(&P->e->diags, EC_WARN, P->path, line, col, "%s", msg);
}

/* Convert "8401"/"8003"/"101601" (getInferLibVersion style) to "8.4.1". */
static char *S_version_from_int(const char *s, size_t n) {
  long v = 0;
  for (size_t i = 0; i < n; i++) {
    if (!S_isdigit(s[i]) || v > 100000000L) return NULL;
    v = v * 10 + (s[i] - '0');
  }
  if (n == 0) return NULL;
  if (v >= 100000) return ec_asprintf("%ld.%ld.%ld", v / 10000, (v / 100) % 100, v % 100);
  if (v >= 1000) return ec_asprintf("%ld.%ld.%ld", v / 1000, (v / 100) % 10, v % 100);
  return NULL;
}

static void S_set_version(S_seg *g, char *ver, const char *src, int rank) {
  if (!ver) return;
  if (g->ver && g->ver_rank > rank) {
    free(ver);
    return;
  }
  free(g->ver);
  g->ver = ver;
  g->ver_src = src;
  g->ver_rank = rank;
  g->anything = 1;
}

/* "&&&& RUNNING TensorRT.trtexec [TensorRT v8401] # ..." */
static void S_banner(S_parser *P, const S_line *L) {
  const char *c = L->s + 5;
  size_t n = L->n - 5;
  if (S_starts(c, n, "RUNNING")) {
    S_seg *g = S_cur(P);
    if (g->banner || g->anything) g = S_new_seg(P, L->no);
    g->banner = 1;
    g->first_line = L->no;
  } else if (S_starts(c, n, "PASSED") || S_starts(c, n, "FAILED") || S_starts(c, n, "WAIVED")) {
    S_seg *g = S_cur(P);
    g->finished = 1;
    if (S_starts(c, n, "FAILED"))
      S_warn(P, L->no, 1, "trtexec reported FAILED for this run; what it printed before is used");
  }
  const char *v = S_find(c, n, "[TensorRT v");
  if (v) {
    const char *d = v + 11, *end = L->s + L->n;
    const char *q = d;
    while (q < end && S_isdigit(*q)) q++;
    S_set_version(S_cur(P), S_version_from_int(d, (size_t)(q - d)), "log banner", 1);
  }
}

/* ---- option sections */

static void S_section_line(S_parser *P, const S_line *L) {
  const char *c = L->c;
  size_t n = L->cn;
  const char *colon = memchr(c, ':', n);
  const char *k = c;
  size_t kn = (size_t)(colon - c);
  const char *v = colon + 1;
  size_t vn = n - kn - 1;
  S_trim(&k, &kn);
  S_trim(&v, &vn);
  if (kn == 0) return;
  char *key = ec_strndup(k, kn), *val = ec_strndup(v, vn);
  S_seg *g = S_cur(P);
  if (!ec_kvs_get(&g->opt[P->section], key)) ec_kvs_add(&g->opt[P->section], key, val);
  g->anything = 1;
  free(key);
  free(val);
}

/* ---- performance summary */

/* "percentile(99.9%)" -> "p99.9"; min/max/mean/median kept; others as printed. */
static void S_stat_label(const char *s, size_t n, char out[16]) {
  S_trim(&s, &n);
  if (S_starts(s, n, "percentile(")) {
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

/* Number followed by the unit word unit (then end, blank, ',' or '('). A
 * value whose unit is missing was cut off, so it is refused. */
static int S_num_unit(const char *s, size_t n, const char *unit, double *out) {
  size_t used = 0;
  double v;
  if (!S_num(s, n, &v, &used)) return 0;
  const char *u = s + used, *end = s + n;
  while (u < end && *u == ' ') u++;
  size_t ul = strlen(unit);
  if ((size_t)(end - u) < ul || memcmp(u, unit, ul) != 0) return 0;
  u += ul;
  if (u < end && !(*u == ' ' || *u == ',' || *u == '(' || *u == '.')) return 0;
  *out = v;
  return 1;
}

/* Value with unit, converted to milliseconds ("0.5 ms", "12 us", "1 s"). */
static int S_ms(const char *s, size_t n, double *out) {
  double v;
  if (S_num_unit(s, n, "ms", &v)) *out = v;
  else if (S_num_unit(s, n, "us", &v)) *out = v / 1000.0;
  else if (S_num_unit(s, n, "s", &v)) *out = v * 1000.0;
  else return 0;
  return 1;
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
      if (label[0] && S_ms(eq + 1, (size_t)(ie - eq - 1), &v)) ec_stats_set(st, label, v);
    }
    s = comma ? comma + 1 : end;
  }
  st->source = "log";
}

static int S_perf_line(S_parser *P, const S_line *L) {
  const char *c = L->c;
  size_t n = L->cn;
  const char *colon = memchr(c, ':', n);
  if (!colon) return 0;
  const char *k = c, *v = colon + 1;
  size_t kn = (size_t)(colon - c), vn = n - kn - 1;
  S_trim(&k, &kn);
  S_perf *pf = &S_cur(P)->perf;
  double x;
  if (S_eq(k, kn, "Throughput")) {
    if (S_num_unit(v, vn, "qps", &x)) pf->qps = x;
  } else if (S_eq(k, kn, "Latency")) {
    S_stats_line(&pf->lat, v, vn);
  } else if (S_eq(k, kn, "Enqueue Time")) {
    S_stats_line(&pf->enq, v, vn);
  } else if (S_eq(k, kn, "H2D Latency")) {
    S_stats_line(&pf->h2d, v, vn);
  } else if (S_eq(k, kn, "GPU Compute Time")) {
    S_stats_line(&pf->gpu, v, vn);
  } else if (S_eq(k, kn, "D2H Latency")) {
    S_stats_line(&pf->d2h, v, vn);
  } else if (S_eq(k, kn, "Total Host Walltime")) {
    if (S_num_unit(v, vn, "s", &x)) pf->walltime_s = x;
  } else if (S_eq(k, kn, "Total GPU Compute Time")) {
    if (S_num_unit(v, vn, "s", &x)) pf->total_gpu_s = x;
  } else if (S_eq(k, kn, "End-to-End Host Latency")) {
    /* no slot in the model; read and dropped */
  } else {
    return 0;
  }
  return 1;
}

/* Start a benchmark run; a second summary in one invocation is a new run. */
static S_perf *S_perf_begin(S_parser *P, int line, int old_format) {
  S_seg *g = S_cur(P);
  if (g->perf.present) {
    S_seg *ng = S_new_seg(P, line);
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
static int S_perf_old_line(S_parser *P, const S_line *L) {
  const char *c = L->c;
  size_t n = L->cn;
  S_trim(&c, &n);
  S_perf *pf = &S_cur(P)->perf;
  if (S_eq(c, n, "Enqueue Time")) { P->old_block = &pf->enq; return 1; }
  if (S_eq(c, n, "GPU Compute")) { P->old_block = &pf->gpu; return 1; }
  if (S_eq(c, n, "Host Latency")) return 0; /* a new run */
  const char *colon = memchr(c, ':', n);
  if (!colon) return 0;
  const char *k = c, *v = colon + 1;
  size_t kn = (size_t)(colon - c), vn = n - kn - 1;
  double x;
  static const char *const labels[] = {"min", "max", "mean", "median"};
  for (size_t i = 0; i < 4; i++)
    if (S_eq(k, kn, labels[i])) {
      if (P->old_block && S_ms(v, vn, &x)) {
        ec_stats_set(P->old_block, labels[i], x);
        P->old_block->source = "log";
      }
      return 1;
    }
  if (S_eq(k, kn, "percentile")) {
    /* "3.4563 ms at 99% (end to end ...)" */
    const char *at = S_find(v, vn, " at ");
    if (P->old_block && at && S_ms(v, (size_t)(at - v), &x)) {
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
  if (S_eq(k, kn, "throughput")) {
    if (S_num_unit(v, vn, "qps", &x)) pf->qps = x;
    return 1;
  }
  if (S_eq(k, kn, "walltime")) {
    if (S_num_unit(v, vn, "s", &x)) pf->walltime_s = x;
    return 1;
  }
  if (S_eq(k, kn, "total compute time")) {
    if (S_num_unit(v, vn, "s", &x)) pf->total_gpu_s = x;
    return 1;
  }
  return 0;
}

/* ---- memory and build facts */

static void S_mem(S_parser *P, const S_line *L, const char *key, const char *v, size_t vn) {
  S_trim(&v, &vn);
  if (vn && v[vn - 1] == '.') vn--; /* "1280.76 sec." */
  S_trim(&v, &vn);
  if (!vn) return;
  char *val;
  double x;
  if (S_num_whole(v, vn, &x)) val = ec_asprintf("%.*s bytes", (int)vn, v); /* bare byte counts (8.x) */
  else val = ec_strndup(v, vn);
  S_seg *g = S_cur(P);
  S_kvs_put(L->sev == 'I' || L->sev == 0 ? &g->mem_i : &g->mem_v, key, val);
  g->anything = 1;
  free(val);
}

/* "Engine built in 1280.76 sec." -> "1280.76 s" */
static void S_seconds_fact(S_parser *P, const S_line *L, const char *key, const char *v, size_t vn) {
  double x;
  size_t used;
  if (!S_num(v, vn, &x, &used)) return;
  char *val = ec_asprintf("%.*s s", (int)used, v);
  const char *t = val;
  while (*t == ' ') t++;
  S_mem(P, L, key, t, strlen(t));
  free(val);
}

static int S_trt_fact(S_parser *P, const S_line *L) {
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
  if (S_after(c, n, "Engine generation completed in ", &r, &rn)) {
    S_seconds_fact(P, L, "Engine generation time", r, rn);
    return 1;
  }
  return 0;
}

/* ---- notes (trtexec's own warnings) */

static void S_note(S_parser *P, const S_line *L) {
  S_seg *g = S_cur(P);
  const char *c = L->c;
  size_t n = L->cn;
  int cont = n >= 2 && c[0] == ' ' && c[1] == ' ';
  S_trim(&c, &n);
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
  if (S_starts(c, n, "* ")) c += 2, n -= 2;
  if (g->notes.n >= S_MAX_NOTES) return;
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

/* ---- --dumpProfile table */

/* Header: find each column's kind and the name column's side. */
static int S_prof_header(S_parser *P, const char *c, size_t n) {
  const char *layer = S_find(c, n, "Layer");
  if (!layer) return 0;
  long pos[S_NCOL];
  for (int i = 0; i < S_NCOL; i++) pos[i] = -1;
  const char *a = S_find(c, n, "Avg");
  const char *m = S_find(c, n, "Median");
  const char *pc = memchr(c, '%', n);
  if (a) pos[S_COL_AVG] = a - c;
  if (m) pos[S_COL_MEDIAN] = m - c;
  if (pc) pos[S_COL_PCT] = pc - c;
  /* the total-time column: a "Time" that belongs to no other column */
  for (const char *t = S_find(c, n, "Time"); t; t = S_find(t + 1, (size_t)(c + n - t - 1), "Time")) {
    long off = t - c;
    int other = 0;
    if (a && off > pos[S_COL_AVG] && off - pos[S_COL_AVG] <= 6) other = 1;
    if (m && off > pos[S_COL_MEDIAN] && off - pos[S_COL_MEDIAN] <= 8) other = 1;
    if (pc && pos[S_COL_PCT] > off && pos[S_COL_PCT] - off <= 6) other = 1;
    if (!other) {
      pos[S_COL_TIME] = off;
      break;
    }
  }
  if (pos[S_COL_AVG] < 0 && pos[S_COL_TIME] < 0) return 0;
  P->prof_ncols = 0;
  long lo = -1, hi = -1;
  for (;;) { /* kinds by position */
    int best = -1;
    for (int i = 0; i < S_NCOL; i++)
      if (pos[i] > lo && (best < 0 || pos[i] < pos[best])) best = i;
    if (best < 0) break;
    P->prof_cols[P->prof_ncols++] = best;
    lo = pos[best];
    if (hi < lo) hi = lo;
  }
  long lp = layer - c;
  if (lp < pos[P->prof_cols[0]]) P->prof_name_first = 1;
  else if (lp > hi) P->prof_name_first = 0;
  else return 0;
  P->prof_header = 1;
  return 1;
}

/* One row; returns 1 when read, 0 when the line is not a row. */
static int S_prof_row(S_parser *P, const S_line *L) {
  const char *c = L->c;
  size_t n = L->cn;
  S_trim(&c, &n);
  double v[S_NCOL];
  int k = P->prof_ncols;
  const char *name = NULL;
  size_t name_n = 0;
  if (P->prof_name_first) {
    const char *end = c + n;
    for (int i = k - 1; i >= 0; i--) {
      const char *t = end;
      while (t > c && !S_isspace(t[-1])) t--;
      if (t == end || !S_num_whole(t, (size_t)(end - t), &v[i])) return 0;
      end = t;
      while (end > c && S_isspace(end[-1])) end--;
    }
    name = c;
    name_n = (size_t)(end - c);
  } else {
    const char *p = c, *end = c + n;
    for (int i = 0; i < k; i++) {
      while (p < end && S_isspace(*p)) p++;
      const char *t = p;
      while (t < end && !S_isspace(*t)) t++;
      if (t == p || !S_num_whole(p, (size_t)(t - p), &v[i])) return 0;
      p = t;
    }
    while (p < end && S_isspace(*p)) p++;
    name = p;
    name_n = (size_t)(end - p);
  }
  if (!name_n) return 0;
  if (S_eq(name, name_n, "Total")) {
    P->prof_total = 1;
    return 1;
  }
  S_seg *g = S_cur(P);
  S_prow *r = EC_PUSH(g->prof, g->n_prof, g->cap_prof);
  memset(r, 0, sizeof *r);
  r->name = ec_strndup(name, name_n);
  r->name_len = name_n;
  r->time_ms = r->avg_ms = r->median_ms = r->pct = 0;
  for (int i = 0; i < k; i++) {
    switch (P->prof_cols[i]) {
    case S_COL_TIME: r->time_ms = v[i]; break;
    case S_COL_AVG: r->avg_ms = v[i]; break;
    case S_COL_MEDIAN: r->median_ms = v[i]; r->has_median = 1; break;
    default: r->pct = v[i]; break;
    }
  }
  r->line = L->no;
  r->col = (int)(name - L->s) + 1;
  g->anything = 1;
  return 1;
}

static void S_prof_end(S_parser *P, int line) {
  if (P->mode == S_M_PROFILE && !P->prof_total) {
    if (P->warn_prof++ < S_MAX_WARN_LINES)
      ec_diag_add(&P->e->diags, EC_WARN, P->path, line, 1,
                  "per-layer profile table (started line %d) ends without its Total row (truncated?); "
                  "%zu rows read",
                  P->prof_start_line, S_cur(P)->n_prof);
  }
}

/* ---- layers */

static int S_isdimch(char c) { return S_isdigit(c) || c == '-' || c == ',' || c == ':'; }

/* Dims "1,32:8,-2,14" -> dims (negative = dynamic -1; "32:8" vector form = 32). */
static void S_dims(ec_tensor *t, const char *s, size_t n) {
  int cnt = 0;
  for (size_t i = 0; i < n; i++)
    if (s[i] == ',') cnt++;
  const char *p = s, *end = s + n;
  while (p < end && S_isspace(*p)) p++;
  if (p == end) {
    t->ndims = 0;
    return;
  }
  free(t->dims); /* a repeated "Dimensions:" key: the last one wins */
  t->dims = ec_calloc((size_t)cnt + 1, sizeof *t->dims);
  t->ndims = 0;
  while (p <= end && t->ndims <= cnt) {
    const char *q = memchr(p, ',', (size_t)(end - p));
    if (!q) q = end;
    double x = 0;
    size_t used = 0;
    const char *d = p;
    while (d < q && S_isspace(*d)) d++;
    if (!S_num(d, (size_t)(q - d), &x, &used) || !isfinite(x)) x = -1;
    if (x < 0) x = -1;
    if (x > 9.2e18) x = -1;
    t->dims[t->ndims++] = (int64_t)x;
    if (q == end) break;
    p = q + 1;
  }
}

static ec_tensor *S_add_tensor(ec_tensor **v, size_t *n) {
  *v = ec_reallocarray(*v, *n + 1, sizeof **v);
  ec_tensor *t = &(*v)[(*n)++];
  memset(t, 0, sizeof *t);
  return t;
}

static void S_tensor_fill(S_parser *P, ec_tensor *t, const char *name, size_t nn, const char *type,
                          size_t tn, const char *dims, size_t dn) {
  t->name = ec_strndup(name, nn);
  t->name_len = nn;
  S_dims(t, dims, dn);
  if (tn) ec_tensor_set_format(P->e, P->path, t, type, tn);
  ec_tensor_set_volume(t);
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
    while (t0 > p && S_isalnum(t0[-1])) t0--;
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

static void S_layer_init(ec_layer *l) {
  memset(l, 0, sizeof *l);
  l->stream_id = -1;
  l->conv.groups = 1;
}

static ec_layer *S_push_layer(S_seg *g) {
  ec_layer *l = EC_PUSH(g->layers, g->n_layers, g->cap_layers);
  S_layer_init(l);
  return l;
}

/* "Layer(CaskConvolution): Conv_27, Tactic: 0xf6..., input[Float(-12,3,1024,1024)] -> 380[Float(...)]" */
static void S_verbose_layer(S_parser *P, const S_line *L) {
  const char *c = L->c, *end = L->c + L->cn;
  while (end > c && S_isspace(end[-1])) end--;
  const char *tclose = S_find(c, (size_t)(end - c), "): ");
  const char *tac = tclose ? S_find(tclose + 3, (size_t)(end - tclose - 3), ", Tactic: ") : NULL;
  if (!tclose || !tac) {
    if (P->warn_layer++ < S_MAX_WARN_LINES)
      S_warn(P, L->no, 1, "layer line not understood (expected \"Layer(Type): name, Tactic: t, inputs -> outputs\"); skipped");
    return;
  }
  S_seg *g = S_cur(P);
  ec_layer *l = S_push_layer(g);
  l->unknown = EC_UNKNOWN_WEIGHTS; /* the listing names tensors, never weights */
  l->layer_type = ec_strndup(c + 6, (size_t)(tclose - c - 6));
  l->type = ec_strdup(l->layer_type);
  l->name = ec_strndup(tclose + 3, (size_t)(tac - tclose - 3));
  l->name_len = (size_t)(tac - tclose - 3);
  const char *tv = tac + 10;
  const char *tve = memchr(tv, ',', (size_t)(end - tv));
  if (!tve) tve = end;
  const char *a = tv;
  size_t an = (size_t)(tve - tv);
  S_trim(&a, &an);
  if (an) l->tactic_value = ec_strndup(a, an);
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
  if (bad && P->warn_layer++ < S_MAX_WARN_LINES)
    ec_diag_add(&P->e->diags, EC_WARN, P->path, L->no, (int)(p - L->s) + 1,
                "tensor list of layer not fully understood; kept what was read");
  ec_layer_finalize(l);
  g->anything = 1;
}

/* Detailed one-line dump: "Key: value" pairs. The value runs to the next
 * ", Key:" at bracket depth 0, or to an unmatched closing bracket. */
static int S_kv_next(const char *p, const char *end, const char **k, size_t *kn, const char **v,
                     size_t *vn, const char **next) {
  while (p < end && (*p == ' ' || *p == ',')) p++;
  const char *k0 = p;
  while (p < end && (S_isalnum(*p) || *p == '_' || *p == '/' || *p == '.')) p++;
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
      while (q < end && (S_isalnum(*q) || *q == '_' || *q == '/' || *q == '.')) q++;
      if (q > p + 2 && q < end && *q == ':') break;
    }
    p++;
  }
  *v = v0;
  *vn = (size_t)(p - v0);
  while (*vn && S_isspace(v0[*vn - 1])) (*vn)--;
  *next = p;
  return 1;
}

/* Integers of "[5,5]" into out (up to max); returns how many. */
static int S_int_list(const char *s, size_t n, int64_t *out, int max) {
  int k = 0;
  const char *p = s, *end = s + n;
  while (p < end && k < max) {
    while (p < end && !(S_isdigit(*p) || *p == '-')) p++;
    double x;
    size_t used;
    if (p >= end || !S_num(p, (size_t)(end - p), &x, &used)) break;
    out[k++] = ec_i64(x, 0);
    p += used ? used : 1;
  }
  return k;
}

/* {"Type": "Float", "Count": 800} -> type, count; returns 1 when both found. */
static int S_weights(const char *s, size_t n, char **type, int64_t *count) {
  const char *t = S_find(s, n, "\"Type\"");
  const char *c = S_find(s, n, "\"Count\"");
  if (!t || !c) return 0;
  const char *q1 = memchr(t + 6, '"', (size_t)(s + n - t - 6));
  if (!q1) return 0;
  const char *q2 = memchr(q1 + 1, '"', (size_t)(s + n - q1 - 1));
  if (!q2) return 0;
  const char *cv = memchr(c + 7, ':', (size_t)(s + n - c - 7));
  double x;
  size_t used;
  if (!cv || !S_num(cv + 1, (size_t)(s + n - cv - 1), &x, &used)) return 0;
  *type = ec_strndup(q1 + 1, (size_t)(q2 - q1 - 1));
  *count = ec_i64(x, 0);
  return 1;
}

/* "[ { Name: x, Location: Device, Dimensions: [1,1,28,28], Format/Datatype: Float }, ...]" */
static void S_dump_tensors(S_parser *P, const char *s, size_t n, ec_tensor **v, size_t *nv) {
  const char *p = s, *end = s + n;
  while (p < end) {
    const char *open = memchr(p, '{', (size_t)(end - p));
    if (!open) break;
    p = open + 1;
    while (p < end && *p == ' ') p++;
    if (!S_starts(p, (size_t)(end - p), "Name: ")) break;
    p += 6;
    const char *stop = NULL;
    static const char *const after[] = {", Location: ", ", Dimensions: ", ", Format/Datatype: ",
                                        ", Datatype: ", ", Format: "};
    for (size_t i = 0; i < sizeof after / sizeof after[0]; i++) {
      const char *f = S_find(p, (size_t)(end - p), after[i]);
      if (f && (!stop || f < stop)) stop = f;
    }
    if (!stop) break;
    ec_tensor *t = S_add_tensor(v, nv);
    t->name = ec_strndup(p, (size_t)(stop - p));
    t->name_len = (size_t)(stop - p);
    const char *fmt = NULL;
    size_t fmt_n = 0;
    p = stop;
    const char *k, *val, *next;
    size_t kn, vn;
    while (S_kv_next(p, end, &k, &kn, &val, &vn, &next)) {
      if (S_eq(k, kn, "Location")) t->location = ec_location_name(val, vn);
      else if (S_eq(k, kn, "Dimensions")) {
        const char *a = val;
        size_t an = vn;
        if (an && a[0] == '[') a++, an--;
        if (an && a[an - 1] == ']') an--;
        S_dims(t, a, an);
      } else if (S_eq(k, kn, "Format/Datatype") || (S_eq(k, kn, "Datatype") && !fmt)) {
        fmt = val;
        fmt_n = vn;
      }
      p = next;
    }
    if (fmt_n) ec_tensor_set_format(P->e, P->path, t, fmt, fmt_n);
    ec_tensor_set_volume(t);
    while (p < end && *p != '}') p++;
    if (p < end) p++;
  }
}

/* "Name: n, LayerType: T, Inputs: [...], Outputs: [...], ParameterType: P, ..." */
static void S_dump_layer_detailed(S_parser *P, const S_line *L) {
  const char *c = L->c, *end = L->c + L->cn;
  while (end > c && S_isspace(end[-1])) end--;
  const char *lt = S_find(c, (size_t)(end - c), ", LayerType: ");
  if (!lt) return;
  S_seg *g = S_cur(P);
  ec_layer *l = S_push_layer(g);
  l->name = ec_strndup(c + 6, (size_t)(lt - c - 6));
  l->name_len = (size_t)(lt - c - 6);
  const char *p = lt + 2, *k, *v, *next;
  size_t kn, vn;
  char *ptype = NULL;
  int has_kernel = 0;
  while (p < end && S_kv_next(p, end, &k, &kn, &v, &vn, &next)) {
    char *wt = NULL;
    int64_t wc = 0;
    if (S_eq(k, kn, "LayerType")) { free(l->layer_type); l->layer_type = ec_strndup(v, vn); }
    else if (S_eq(k, kn, "ParameterType")) { free(ptype); ptype = ec_strndup(v, vn); }
    else if (S_eq(k, kn, "Inputs")) S_dump_tensors(P, v, vn, &l->in, &l->n_in);
    else if (S_eq(k, kn, "Outputs")) S_dump_tensors(P, v, vn, &l->out, &l->n_out);
    else if (S_eq(k, kn, "TacticName")) { free(l->tactic); l->tactic = ec_strndup(v, vn); }
    else if (S_eq(k, kn, "TacticValue")) { free(l->tactic_value); l->tactic_value = ec_strndup(v, vn); }
    else if (S_eq(k, kn, "Origin")) { free(l->origin); l->origin = ec_strndup(v, vn); }
    else if (S_eq(k, kn, "PoolingType")) { free(l->pooling_type); l->pooling_type = ec_strndup(v, vn); }
    else if (S_eq(k, kn, "Activation")) { free(l->activation); l->activation = ec_strndup(v, vn); }
    else if (S_eq(k, kn, "StreamId")) {
      double x;
      if (S_num_whole(v, vn, &x)) l->stream_id = ec_i64(x, -1);
    } else if (S_eq(k, kn, "Metadata")) {
      if (vn && !l->metadata) {
        l->metadata = ec_malloc(sizeof *l->metadata);
        l->metadata[0] = ec_strndup(v, vn);
        l->n_metadata = 1;
      }
    } else if (S_eq(k, kn, "Kernel")) {
      l->conv.nkernel = S_int_list(v, vn, l->conv.kernel, 3);
      has_kernel = 1;
    } else if (S_eq(k, kn, "Stride")) S_int_list(v, vn, l->conv.stride, 3);
    else if (S_eq(k, kn, "Dilation")) S_int_list(v, vn, l->conv.dilation, 3);
    else if (S_eq(k, kn, "Groups")) {
      double x;
      if (S_num_whole(v, vn, &x)) l->conv.groups = ec_i64(x, 1);
    } else if (S_eq(k, kn, "OutMaps")) {
      double x;
      if (S_num_whole(v, vn, &x)) l->conv.out_maps = ec_i64(x, 0);
    }
    if (vn && v[0] == '{' && S_weights(v, vn, &wt, &wc)) {
      double b = ec_weight_type_bytes(wt, 0);
      l->weights_bytes += (double)wc * b;
      if (S_eq(k, kn, "Weights")) {
        free(l->weights_type);
        l->weights_type = wt;
        wt = NULL;
        l->weights_count = wc;
        l->weights_bytes_trex = (double)wc * ec_weight_type_bytes(l->weights_type, 1);
      } else if (S_eq(k, kn, "Bias")) {
        l->bias_count = wc;
      }
      free(wt);
    }
    if (!S_eq(k, kn, "LayerType") && !S_eq(k, kn, "ParameterType") && !S_eq(k, kn, "Inputs") &&
        !S_eq(k, kn, "Outputs") && !S_eq(k, kn, "TacticName") && !S_eq(k, kn, "TacticValue") &&
        !S_eq(k, kn, "Metadata")) {
      char *key = ec_strndup(k, kn), *val = ec_strndup(v, vn);
      ec_attrs_add(&l->attrs, key, strlen(key), val, strlen(val));
      free(key);
      free(val);
    }
    p = next;
  }
  if (!l->layer_type) l->layer_type = ec_strdup("Unknown");
  if (ptype && strcmp(ptype, "Convolution") == 0 && strcmp(l->layer_type, "CaskDeconvolutionV2") == 0) {
    free(ptype);
    ptype = ec_strdup("Deconvolution");
  }
  l->type = ptype ? ptype : ec_strdup(l->layer_type);
  if (has_kernel && (strstr(l->type, "onvolution") || strstr(l->layer_type, "onvolution"))) l->conv.present = 1;
  ec_layer_finalize(l);
  g->anything = 1;
}

static void S_dump_layer_name(S_parser *P, const S_line *L) {
  const char *c = L->c;
  size_t n = L->cn;
  while (n && S_isspace(c[n - 1])) n--;
  if (!n) return;
  S_seg *g = S_cur(P);
  ec_layer *l = S_push_layer(g);
  l->name = ec_strndup(c, n);
  l->name_len = n;
  l->layer_type = ec_strdup("Unknown");
  l->type = ec_strdup("Unknown");
  l->unknown = EC_UNKNOWN_TENSORS | EC_UNKNOWN_WEIGHTS;
  ec_layer_finalize(l);
  g->anything = 1;
}

/* Begin a layer listing of the given rank in the current run; a listing
 * that ranks lower than one already read is skipped. */
static void S_layers_begin(S_parser *P, int rank, int line) {
  S_seg *g = S_cur(P);
  if (g->layers_rank > rank) {
    P->dump_skip = 1;
    return;
  }
  P->dump_skip = 0;
  S_seg_clear_layers(g);
  g->layers_rank = rank;
  g->layers_line = line;
}

/* ---- one line */

static void S_generic(S_parser *P, const S_line *L);

static void S_line_in(S_parser *P, const S_line *L) {
  if (L->n >= 5 && memcmp(L->s, "&&&& ", 5) == 0) {
    if (P->mode == S_M_PROFILE) S_prof_end(P, L->no);
    P->mode = S_M_NONE;
    S_banner(P, L);
    return;
  }
  switch (P->mode) {
  case S_M_LAYERS_DUMP:
    if (L->sev == 0) {
      const char *c = L->c;
      size_t n = L->cn;
      S_trim(&c, &n);
      if (!n) { P->mode = S_M_NONE; return; }
      if (S_eq(c, n, "Bindings:")) { P->mode = S_M_BINDINGS; return; }
      int detailed = S_starts(L->c, L->cn, "Name: ") && S_find(L->c, L->cn, ", LayerType: ");
      if (P->dump_rank == 0) {
        P->dump_rank = detailed ? 3 : 1;
        S_layers_begin(P, P->dump_rank, L->no);
      }
      if (P->dump_skip) return;
      if (detailed) S_dump_layer_detailed(P, L);
      else if (P->dump_rank == 3) {
        if (P->warn_dump++ < S_MAX_WARN_LINES) S_warn(P, L->no, 1, "layer dump line not understood; skipped");
      } else S_dump_layer_name(P, L);
      return;
    }
    P->mode = S_M_NONE;
    break;
  case S_M_BINDINGS:
    if (L->sev == 0) {
      if (L->cn == 0) P->mode = S_M_NONE;
      return;
    }
    P->mode = S_M_NONE;
    break;
  case S_M_LAYERS_VERBOSE:
    if (S_starts(L->c, L->cn, "Layer(")) {
      if (!P->dump_skip) S_verbose_layer(P, L);
      return;
    }
    P->mode = S_M_NONE;
    break;
  case S_M_PROFILE:
    if (L->sev == 'I' && !L->trt) {
      const char *c = L->c;
      size_t n = L->cn;
      S_trim(&c, &n);
      if (!n) {
        S_prof_end(P, L->no);
        P->mode = S_M_NONE;
        return;
      }
      if (!P->prof_header) {
        if (!S_prof_header(P, c, n)) {
          if (P->warn_prof++ < S_MAX_WARN_LINES)
            S_warn(P, L->no, 1, "per-layer profile table header not understood; table skipped");
          P->mode = S_M_NONE;
        }
        return;
      }
      if (S_prof_row(P, L)) {
        if (P->prof_total) P->mode = S_M_NONE;
        return;
      }
    }
    S_prof_end(P, L->no);
    P->mode = S_M_NONE;
    break;
  case S_M_SECTION:
    if (L->sev == 'I' && !L->trt && L->cn && !S_starts(L->c, L->cn, "=== ") && memchr(L->c, ':', L->cn)) {
      S_section_line(P, L);
      return;
    }
    P->mode = S_M_NONE;
    break;
  case S_M_PERF:
    if (L->sev == 'I' && !L->trt && S_perf_line(P, L)) return;
    P->mode = S_M_NONE;
    break;
  case S_M_PERF_OLD:
    if (L->sev == 'I' && !L->trt && S_perf_old_line(P, L)) return;
    P->mode = S_M_NONE;
    break;
  default:
    break;
  }
  S_generic(P, L);
}

static void S_generic(S_parser *P, const S_line *L) {
  const char *c = L->c;
  size_t n = L->cn;
  if (L->sev == 'W' && !L->trt) {
    S_note(P, L);
    return;
  }
  if (L->sev == 'E' || L->sev == 'F') {
    if (P->n_errors++ < S_MAX_ERRORS) {
      const char *t = c;
      size_t tn = n;
      S_trim(&t, &tn);
      ec_diag_add(&P->e->diags, EC_WARN, P->path, L->no, 1, "the log reports an error: %.*s",
                  (int)(tn > 300 ? 300 : tn), t);
    }
    return;
  }
  if (L->trt) {
    if (S_trt_fact(P, L)) return;
    if (S_starts(c, n, "Engine Layer Information:")) {
      S_layers_begin(P, 2, L->no);
      P->mode = S_M_LAYERS_VERBOSE;
    }
    return;
  }
  if (L->sev == 'V' && S_starts(c, n, "Engine Layer Information:")) {
    S_layers_begin(P, 2, L->no);
    P->mode = S_M_LAYERS_VERBOSE;
    return;
  }
  if (L->sev != 'I') return;
  if (S_starts(c, n, "=== ")) {
    static const char *const names[S_NOPT] = {"=== Model Options ===",     "=== Build Options ===",
                                              "=== System Options ===",    "=== Inference Options ===",
                                              "=== Reporting Options ===", "=== Device Information ==="};
    const char *t = c;
    size_t tn = n;
    S_trim(&t, &tn);
    for (int i = 0; i < S_NOPT; i++)
      if (S_eq(t, tn, names[i])) {
        S_seg *g = S_cur(P);
        if (g->opt_seen[i]) g = S_new_seg(P, L->no); /* a second invocation without its banner */
        g->opt_seen[i] = 1;
        g->anything = 1;
        P->section = i;
        P->mode = S_M_SECTION;
        return;
      }
    if (S_eq(t, tn, "=== Performance summary ===")) {
      S_perf_begin(P, L->no, 0);
      P->mode = S_M_PERF;
      P->last_note = 0;
      return;
    }
    if (S_starts(t, tn, "=== Profile (")) {
      S_seg *g = S_cur(P);
      double x;
      size_t used;
      S_seg_clear_prof(g);
      g->prof_iters = S_num(t + 13, tn - 13, &x, &used) && x >= 0 ? ec_i64(x, 0) : 0;
      g->prof_line = L->no;
      g->anything = 1;
      P->prof_header = 0;
      P->prof_total = 0;
      P->prof_ncols = 0;
      P->prof_start_line = L->no;
      P->mode = S_M_PROFILE;
      return;
    }
    return;
  }
  const char *v;
  size_t vn;
  if (S_after(c, n, "TensorRT version: ", &v, &vn)) {
    S_trim(&v, &vn);
    char *ver = S_version_from_int(v, vn);
    if (!ver && vn && vn < 32 && S_isdigit(v[0])) ver = ec_strndup(v, vn);
    S_set_version(S_cur(P), ver, "log version line", 2);
    return;
  }
  if (S_after(c, n, "Engine built in ", &v, &vn)) {
    S_seconds_fact(P, L, "Engine build time", v, vn);
    return;
  }
  if (S_after(c, n, "Created engine with size: ", &v, &vn)) {
    S_mem(P, L, "Engine size", v, vn);
    return;
  }
  if (S_after(c, n, "Engine deserialized in ", &v, &vn)) {
    S_seconds_fact(P, L, "Engine deserialization time", v, vn);
    return;
  }
  if (S_after(c, n, "Created execution context with device memory size: ", &v, &vn)) {
    S_mem(P, L, "Execution context device memory", v, vn);
    return;
  }
  {
    const char *t = c;
    size_t tn = n;
    S_trim(&t, &tn);
    if (S_eq(t, tn, "Layers:")) {
      P->mode = S_M_LAYERS_DUMP;
      P->dump_rank = 0;
      P->dump_skip = 0;
      return;
    }
    if (S_eq(t, tn, "Host Latency")) { /* TensorRT 7 summary */
      S_perf *pf = S_perf_begin(P, L->no, 1);
      P->old_block = &pf->lat;
      P->mode = S_M_PERF_OLD;
      P->last_note = 0;
      return;
    }
  }
}

/* ------------------------------------------------------------------ merge */

static void S_info(ec_engine *e, const char *path, int line, const char *what, const char *old,
                   const char *now) {
  ec_diag_add(&e->diags, EC_INFO, path, line, 0, "%s: keeping \"%s\" read earlier; the log says \"%s\"", what,
              old, now);
}

static void S_merge_str(ec_engine *e, const char *path, int line, int primary, char **dst, const char *val,
                        const char *what) {
  if (!val) return;
  if (!*dst) *dst = ec_strdup(val);
  else if (primary && strcmp(*dst, val) != 0) S_info(e, path, line, what, *dst, val);
}

static int S_same(double a, double b) {
  return a == b || fabs(a - b) <= 1e-9 * fmax(fabs(a), fabs(b));
}

static void S_merge_num(ec_engine *e, const char *path, int line, int primary, double *dst, double val,
                        const char *what) {
  if (isnan(val)) return;
  if (isnan(*dst)) *dst = val;
  else if (primary && !S_same(*dst, val)) {
    char a[64], b[64];
    snprintf(a, sizeof a, "%.9g", *dst);
    snprintf(b, sizeof b, "%.9g", val);
    S_info(e, path, line, what, a, b);
  }
}

static void S_merge_kvs(ec_engine *e, const char *path, int line, int primary, ec_kvs *dst, const ec_kvs *src,
                        const char *what) {
  for (size_t i = 0; i < src->n; i++) {
    const char *old = ec_kvs_get(dst, src->v[i].key);
    if (!old) ec_kvs_add(dst, src->v[i].key, src->v[i].val);
    else if (primary && strcmp(old, src->v[i].val) != 0) {
      char *w = ec_asprintf("%s \"%s\"", what, src->v[i].key);
      S_info(e, path, line, w, old, src->v[i].val);
      free(w);
    }
  }
}

static void S_merge_stats(ec_engine *e, const char *path, int line, ec_stats *dst, const ec_stats *src,
                          const char *what) {
  if (src->n == 0) return;
  int was_empty = dst->n == 0;
  for (int i = 0; i < src->n; i++) {
    double old = ec_stats_get(dst, src->v[i].label);
    if (isnan(old)) ec_stats_set(dst, src->v[i].label, src->v[i].value);
    else if (!S_same(old, src->v[i].value)) {
      char w[96], a[64], b[64];
      snprintf(w, sizeof w, "%s %s", what, src->v[i].label);
      snprintf(a, sizeof a, "%.9g", old);
      snprintf(b, sizeof b, "%.9g", src->v[i].value);
      S_info(e, path, line, w, a, b);
    }
  }
  if (was_empty) dst->source = "log";
}

/* Device fields from the "=== Device Information ===" key/values. */
static void S_merge_device(ec_engine *e, const char *path, int line, int primary, const ec_kvs *d) {
  if (d->n == 0) return;
  ec_device *dv = &e->device;
  int had = dv->present;
  dv->present = 1;
  if (!had) dv->source = "log";
  for (size_t i = 0; i < d->n; i++) {
    const char *k = d->v[i].key, *v = d->v[i].val;
    double x;
    size_t used;
    if (strcmp(k, "Selected Device") == 0) S_merge_str(e, path, line, primary, &dv->name, v, "device name");
    else if (strcmp(k, "Compute Capability") == 0)
      S_merge_str(e, path, line, primary, &dv->compute_capability, v, "compute capability");
    else if (strcmp(k, "SMs") == 0) {
      if (S_num(v, strlen(v), &x, &used)) S_merge_num(e, path, line, primary, &dv->sms, x, "SMs");
    } else if (strcmp(k, "Compute Clock Rate") == 0 || strcmp(k, "Application Compute Clock Rate") == 0) {
      if (S_num(v, strlen(v), &x, &used)) {
        if (strstr(v + used, "MHz")) x /= 1000.0;
        S_merge_num(e, path, line, primary, &dv->compute_clock_ghz, x, "compute clock (GHz)");
      }
    } else if (strcmp(k, "Memory Clock Rate") == 0 || strcmp(k, "Application Memory Clock Rate") == 0) {
      if (S_num(v, strlen(v), &x, &used)) {
        if (strstr(v + used, "MHz")) x /= 1000.0;
        S_merge_num(e, path, line, primary, &dv->memory_clock_ghz, x, "memory clock (GHz)");
      }
    } else if (strcmp(k, "Memory Bus Width") == 0) {
      if (S_num(v, strlen(v), &x, &used)) S_merge_num(e, path, line, primary, &dv->bus_width_bits, x, "memory bus width");
    } else if (strcmp(k, "Device Global Memory") == 0)
      S_merge_str(e, path, line, primary, &dv->global_memory, v, "device global memory");
  }
  S_merge_kvs(e, path, line, primary, &dv->all, d, "device");
}

static void S_merge_seg(ec_engine *e, const char *path, const S_seg *g, int primary) {
  int line = g->first_line;
  ec_kvs *dst[S_OPT_DEVICE] = {&e->model_options, &e->build_options, &e->system_options,
                               &e->inference_options, &e->reporting_options};
  static const char *const what[S_OPT_DEVICE] = {"model option", "build option", "system option",
                                                 "inference option", "reporting option"};
  for (int i = 0; i < S_OPT_DEVICE; i++) S_merge_kvs(e, path, line, primary, dst[i], &g->opt[i], what[i]);
  S_merge_device(e, path, line, primary, &g->opt[S_OPT_DEVICE]);
  if (g->ver) {
    if (!e->trt_version) {
      e->trt_version = ec_strdup(g->ver);
      free(e->trt_version_source);
      e->trt_version_source = ec_strdup(g->ver_src);
    } else if (primary && strcmp(e->trt_version, g->ver) != 0) {
      S_info(e, path, line, "TensorRT version", e->trt_version, g->ver);
    }
  }
  /* facts printed at info level win over the builder's verbose ones */
  ec_kvs mem = {0};
  for (size_t i = 0; i < g->mem_i.n; i++) ec_kvs_add(&mem, g->mem_i.v[i].key, g->mem_i.v[i].val);
  for (size_t i = 0; i < g->mem_v.n; i++)
    if (!ec_kvs_get(&mem, g->mem_v.v[i].key)) ec_kvs_add(&mem, g->mem_v.v[i].key, g->mem_v.v[i].val);
  S_merge_kvs(e, path, line, primary, &e->memory, &mem, "memory fact");
  ec_kvs_free(&mem);
}

static void S_merge_perf(ec_engine *e, const char *path, const S_seg *g) {
  const S_perf *pf = &g->perf;
  ec_perf *ep = &e->perf;
  int line = pf->line;
  if (!ep->present) {
    ep->present = 1;
    ep->throughput_source = "log";
  }
  S_merge_num(e, path, line, 1, &ep->throughput_qps, pf->qps, "throughput (qps)");
  if (!ep->throughput_source && !isnan(pf->qps)) ep->throughput_source = "log";
  S_merge_stats(e, path, line, &ep->gpu_compute, &pf->gpu, "GPU compute time");
  S_merge_stats(e, path, line, &ep->latency, &pf->lat, "latency");
  S_merge_stats(e, path, line, &ep->enqueue, &pf->enq, "enqueue time");
  S_merge_stats(e, path, line, &ep->h2d, &pf->h2d, "H2D latency");
  S_merge_stats(e, path, line, &ep->d2h, &pf->d2h, "D2H latency");
  S_merge_num(e, path, line, 1, &ep->walltime_s, pf->walltime_s, "total host walltime (s)");
  S_merge_num(e, path, line, 1, &ep->total_gpu_compute_s, pf->total_gpu_s, "total GPU compute time (s)");
}

static void S_stage_layers(ec_engine *e, const char *path, S_seg *g) {
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

static void S_stage_prof(ec_engine *e, const char *path, S_seg *g) {
  ec_load_state *ls = ec_load_state_of(e);
  if (ls->n_prof[1] > 0) {
    ec_diag_add(&e->diags, EC_INFO, path, g->prof_line, 0,
                "per-layer profile table ignored: one was already read from a log (%s)",
                ls->prof_path[1] ? ls->prof_path[1] : "?");
    return;
  }
  for (size_t i = 0; i < g->n_prof; i++) {
    const S_prow *r = &g->prof[i];
    ec_load_stage_prof(e, 1, r->name, r->name_len, r->time_ms, r->avg_ms, r->median_ms, r->has_median, r->pct,
                       r->line, r->col);
  }
  if (g->prof_iters > 0) ls->prof_count[1] = g->prof_iters;
  if (!ls->prof_path[1]) ls->prof_path[1] = ec_strdup(path);
}

/* Pick the run with the layers (or table): the chosen one, else the best
 * ranked, later ones first. */
static S_seg *S_pick_layers(S_parser *P, S_seg *chosen) {
  if (chosen && chosen->n_layers) return chosen;
  S_seg *best = NULL;
  for (size_t i = P->n_segs; i-- > 0;)
    if (P->segs[i].n_layers && (!best || P->segs[i].layers_rank > best->layers_rank)) best = &P->segs[i];
  return best;
}

static S_seg *S_pick_prof(S_parser *P, S_seg *chosen) {
  if (chosen && chosen->n_prof) return chosen;
  for (size_t i = P->n_segs; i-- > 0;)
    if (P->segs[i].n_prof) return &P->segs[i];
  return NULL;
}

/* ------------------------------------------------------------------ API */

/** Parse a whole trtexec log (text holds len bytes, NUL-terminated; it may
 *  contain NULs or invalid UTF-8 and is never read past len) into e.
 *  Fills perf (the chosen run only), device, options, memory facts and the
 *  TensorRT version without overwriting values read earlier (differences
 *  become EC_INFO diagnostics); stages a --dumpProfile table and a layer
 *  listing for ec_load_finish. The caller keeps text and path; everything
 *  stored is copied. Returns 0 when anything usable was read, else -1 with
 *  a diagnostic in e->diags. */
int ec_load_log_text(ec_engine *e, const char *path, const char *text, size_t len, const ec_load_opts *o) {
  S_parser P;
  memset(&P, 0, sizeof P);
  P.e = e;
  P.path = path;
  S_new_seg(&P, 1);
  const char *p = text, *end = text + len;
  int no = 0;
  int last_line_complete = 1;
  const char *gen = NULL; /* a "Generator: " line (provenance.c) */
  size_t gen_len = 0;
  while (p < end) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    const char *le = nl ? nl : end;
    S_line L;
    L.s = p;
    L.n = (size_t)(le - p);
    while (L.n && (L.s[L.n - 1] == '\r')) L.n--;
    L.no = ++no;
    last_line_complete = nl != NULL;
    if (!last_line_complete && !(L.n >= 5 && memcmp(L.s, "&&&& ", 5) == 0)) break; /* cut off: not read */
    if (!gen) ec_load_generator_line(L.s, L.n, &gen, &gen_len);
    S_split(&L);
    S_line_in(&P, &L);
    p = nl ? nl + 1 : end;
  }
  if (P.mode == S_M_PROFILE) S_prof_end(&P, no);

  /* runs with a benchmark summary */
  size_t nruns = 0;
  for (size_t i = 0; i < P.n_segs; i++)
    if (P.segs[i].perf.present) nruns++;
  S_seg *chosen = NULL;
  size_t chosen_k = 0;
  if (nruns) {
    size_t want = o && o->run > 0 ? (size_t)o->run : nruns;
    if (want > nruns) {
      ec_diag_add(&e->diags, EC_WARN, path, 0, 0, "--run %ld asked for, but the log holds %zu run%s; using run %zu",
                  o->run, nruns, nruns == 1 ? "" : "s", nruns);
      want = nruns;
    }
    size_t k = 0;
    for (size_t i = 0; i < P.n_segs; i++)
      if (P.segs[i].perf.present && ++k == want) chosen = &P.segs[i];
    chosen_k = want;
    if (nruns > 1)
      ec_diag_add(&e->diags, EC_WARN, path, chosen->perf.line, 1, "log holds %zu runs; using run %zu (--run selects)",
                  nruns, chosen_k);
  }
  S_seg *primary = chosen;
  if (!primary)
    for (size_t i = P.n_segs; i-- > 0;)
      if (P.segs[i].anything) {
        primary = &P.segs[i];
        break;
      }

  /* truncation: a run that started but never finished */
  S_seg *lastg = &P.segs[P.n_segs - 1];
  if (primary && ((lastg->banner && !lastg->finished) || (!last_line_complete && !lastg->finished))) {
    ec_diag_add(&e->diags, EC_WARN, path, no, 1,
                "the log ends before trtexec's PASSED/FAILED line (truncated?); using what it holds%s",
                last_line_complete ? "" : " (its last line is cut off and was not read)");
  }
  for (size_t i = 0; i < P.n_segs; i++) {
    S_seg *g = &P.segs[i];
    if (!g->perf.present) continue;
    const S_perf *pf = &g->perf;
    if (isnan(pf->qps) && pf->gpu.n == 0 && pf->lat.n == 0)
      ec_diag_add(&e->diags, EC_WARN, path, pf->line, 1, "performance summary holds no numbers (truncated?)");
  }

  int usable = primary != NULL;
  if (usable) {
    ec_engine_add_file(e, path, EC_FILE_LOG);
    if (gen) ec_load_generator(e, path, gen, gen_len);
    S_merge_seg(e, path, primary, 1);
    for (size_t i = P.n_segs; i-- > 0;)
      if (&P.segs[i] != primary && P.segs[i].anything) S_merge_seg(e, path, &P.segs[i], 0);
    if (chosen) {
      S_merge_perf(e, path, chosen);
      if (e->n_log_runs == 0) {
        e->n_log_runs = nruns;
        e->log_run = chosen_k - 1;
      }
    }
    for (size_t i = 0; i < primary->notes.n; i++) {
      int dup = 0;
      for (size_t j = 0; j < e->perf.notes.n; j++)
        if (strcmp(e->perf.notes.v[j].val, primary->notes.v[i].val) == 0) dup = 1;
      if (!dup) ec_kvs_add(&e->perf.notes, primary->notes.v[i].key, primary->notes.v[i].val);
    }
    S_seg *lg = S_pick_layers(&P, primary);
    if (lg) S_stage_layers(e, path, lg);
    S_seg *pg = S_pick_prof(&P, primary);
    if (pg) S_stage_prof(e, path, pg);
  } else {
    ec_diag_add(&e->diags, EC_WARN, path, 1, 1,
                "no trtexec information found in this log (no options, device, version, "
                "performance summary, layer listing or profile table)");
  }
  for (size_t i = 0; i < P.n_segs; i++) S_seg_free(&P.segs[i]);
  free(P.segs);
  return usable ? 0 : -1;
}

/** 1 when text[0..len) looks like a TensorRT/trtexec console log: a trtexec
 *  banner or section header, or several "[date] [I] ..." lines, within the
 *  first 64 KiB. JSON (an object, or an array of objects) never matches.
 *  Reads at most 64 KiB; never past len. */
int ec_log_sniff(const char *text, size_t len) {
  size_t n = len < 65536 ? len : 65536;
  const char *p = text, *end = text + n;
  while (p < end && (S_isspace(*p) || *p == '\n')) p++;
  if (p == end || *p == '{') return 0;
  if (*p == '[') {
    const char *q = p + 1;
    while (q < end && (*q == ' ' || *q == '\n' || *q == '\r' || *q == '\t')) q++;
    if (q < end && (*q == '{' || *q == '"' || *q == ']' || *q == '[')) return 0;
  }
  static const char *const strong[] = {"&&&& RUNNING TensorRT", "&&&& PASSED TensorRT", "&&&& FAILED TensorRT",
                                       "=== Model Options ===", "=== Performance summary ===",
                                       "=== Device Information ===", "=== Build Options ===",
                                       "=== Inference Options ===", "TensorRT version: "};
  for (size_t i = 0; i < sizeof strong / sizeof strong[0]; i++)
    if (S_find(text, n, strong[i])) return 1;
  /* otherwise: at least three lines with a trtexec prefix and a [TRT] tag or a
   * performance line */
  int prefixed = 0, tagged = 0;
  const char *s = text;
  while (s < end) {
    const char *nl = memchr(s, '\n', (size_t)(end - s));
    const char *le = nl ? nl : end;
    S_line L;
    L.s = s;
    L.n = (size_t)(le - s);
    L.no = 0;
    S_split(&L);
    if (L.sev && L.c > L.s + 3) { /* timestamped */
      prefixed++;
      if (L.trt || S_starts(L.c, L.cn, "Throughput: ") || S_starts(L.c, L.cn, "GPU Compute Time: ")) tagged++;
    }
    s = nl ? nl + 1 : end;
  }
  return prefixed >= 3 && tagged >= 1;
}
