/* timing — trtexec --exportTimes JSON: one record per inference.
 *
 * TensorRT >= 8: latencyMs, computeMs, h2dMs, d2hMs, startEnqMs/endEnqMs.
 * TensorRT 7: startInMs/endInMs, inMs, outMs, latencyMs and endToEndMs; we
 * use latencyMs (H2D + compute + D2H, as later versions define it) and say so.
 * Several arrays back to back are several runs (--batch=1,4,...); all are
 * kept and ec_load_finish selects one. */
#include "load/internal.h"
#include "words/words.h"
#include "load/json.h"
#include "util/alloc.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

static double *S_col(const json_t *arr, const char *k, const char *k2, size_t *missing) {
  size_t n = json_array_size(arr);
  int any = 0;
  for (size_t i = 0; i < n && !any; i++) {
    const json_t *r = json_array_get(arr, i);
    if (json_object_get(r, k) || (k2 && json_object_get(r, k2))) any = 1;
  }
  if (!any) return NULL;
  double *v = ec_calloc(n ? n : 1, sizeof *v);
  for (size_t i = 0; i < n; i++) {
    const json_t *r = json_array_get(arr, i);
    double x = ec_json_num(json_object_get(r, k));
    if (!isfinite(x) && k2) x = ec_json_num(json_object_get(r, k2));
    if (!isfinite(x)) (*missing)++;
    v[i] = x;
  }
  return v;
}

static double *S_diff(const json_t *arr, const char *a, const char *b, size_t *missing) {
  size_t n = json_array_size(arr);
  const json_t *r0 = json_array_get(arr, 0);
  if (!json_object_get(r0, a) || !json_object_get(r0, b)) return NULL;
  double *v = ec_calloc(n ? n : 1, sizeof *v);
  for (size_t i = 0; i < n; i++) {
    const json_t *r = json_array_get(arr, i);
    double x = ec_json_num(json_object_get(r, b)) - ec_json_num(json_object_get(r, a));
    if (!isfinite(x)) (*missing)++;
    v[i] = x;
  }
  return v;
}

/* Drop the records without a usable time from every column together so
 * indices stay aligned: a latency that is not finite, and (like it) a
 * latency or GPU compute time that is zero or negative (a timer glitch: no
 * inference takes no time); returns how many were left out for being
 * non-positive (the caller says so, as it says the non-finite ones). */
static size_t S_compact(ec_timing *t) {
  double *cols[5] = {t->latency, t->compute, t->enqueue, t->h2d, t->d2h};
  size_t w = 0, nonpos = 0;
  for (size_t i = 0; i < t->n; i++) {
    if (t->latency && !isfinite(t->latency[i])) continue;
    if ((t->latency && !(t->latency[i] > 0)) || (t->compute && isfinite(t->compute[i]) && !(t->compute[i] > 0))) {
      nonpos++;
      continue;
    }
    for (int c = 0; c < 5; c++)
      if (cols[c]) cols[c][w] = cols[c][i];
    w++;
  }
  t->n = w;
  return nonpos;
}

/* ---- streaming fast path ------------------------------------------------
 *
 * A timing file is a flat array of flat records of numbers, and it can hold
 * millions of them: a jansson tree costs some 300 bytes per record, so five
 * million records would need gigabytes. The fast path reads the columns
 * straight from the text (8 bytes per value of a key some record has, at
 * most twice that while a column grows; the file's records, all runs
 * together, held to EC_MAX_TIMING_ROWS). Anything it does not
 * expect (a string, a nested value, nan, an escape in a key, a syntax error)
 * sends the whole file to the jansson path with its repairs and messages,
 * which gives the same result for what both accept. */

enum { S_LAT, S_E2E, S_COMP, S_H2D, S_IN, S_D2H, S_OUT, S_SENQ, S_EENQ, S_SIN, S_NCOL };
static const char *const S_keys[S_NCOL] = {"latencyMs", "endToEndMs", "computeMs", "h2dMs", "inMs",
                                           "d2hMs", "outMs", "startEnqMs", "endEnqMs", "startInMs"};

typedef struct {
  double *v[S_NCOL]; /* NULL until a record has the key; then NAN where a record lacks it */
  int any[S_NCOL];   /* some record has the key */
  int first[S_NCOL]; /* the first record has the key */
  size_t n, cap;
  size_t *total;     /* records of the file's runs so far */
} S_cols;

static size_t S_ws(const char *t, size_t len, size_t i) {
  while (i < len && (t[i] == ' ' || t[i] == '\t' || t[i] == '\n' || t[i] == '\r')) i++;
  return i;
}

/* One array of records at t[*pos]; 0 on success, -1 to fall back. */
static int S_fast_array(const char *t, size_t len, size_t *pos, S_cols *c) {
  size_t i = *pos;
  if (i >= len || t[i] != '[') return -1;
  i = S_ws(t, len, i + 1);
  if (i < len && t[i] == ']') {
    *pos = i + 1;
    return 0;
  }
  for (;;) {
    if (i >= len || t[i] != '{') return -1;
    if (ec_budget_over(EC_BUDGET_TIMING_ROWS, ++*c->total)) return -2;
    if (c->n == c->cap) {
      size_t cap = c->cap ? 2 * c->cap : 1024;
      for (int k = 0; k < S_NCOL; k++)
        if (c->v[k]) c->v[k] = ec_reallocarray(c->v[k], cap, sizeof(double));
      c->cap = cap;
    }
    for (int k = 0; k < S_NCOL; k++)
      if (c->v[k]) c->v[k][c->n] = NAN;
    i = S_ws(t, len, i + 1);
    if (i < len && t[i] == '}') {
      i++;
    } else {
      for (;;) {
        if (i >= len || t[i] != '"') return -1;
        size_t ks = ++i;
        while (i < len && t[i] != '"' && t[i] != '\\' && (unsigned char)t[i] >= 0x20) i++;
        if (i >= len || t[i] != '"') return -1;
        size_t kl = i - ks;
        i = S_ws(t, len, i + 1);
        if (i >= len || t[i] != ':') return -1;
        i = S_ws(t, len, i + 1);
        /* a JSON number: -?digits[.digits][e[+-]digits] */
        size_t ns = i;
        if (i < len && t[i] == '-') i++;
        if (i >= len || t[i] < '0' || t[i] > '9') return -1;
        if (t[i] == '0') i++;
        else while (i < len && t[i] >= '0' && t[i] <= '9') i++;
        if (i < len && t[i] == '.') {
          if (++i >= len || t[i] < '0' || t[i] > '9') return -1;
          while (i < len && t[i] >= '0' && t[i] <= '9') i++;
        }
        if (i < len && (t[i] == 'e' || t[i] == 'E')) {
          i++;
          if (i < len && (t[i] == '+' || t[i] == '-')) i++;
          if (i >= len || t[i] < '0' || t[i] > '9') return -1;
          while (i < len && t[i] >= '0' && t[i] <= '9') i++;
        }
        char num[64];
        if (i - ns >= sizeof num) return -1;
        memcpy(num, t + ns, i - ns);
        num[i - ns] = '\0';
        char *end;
        double x = strtod(num, &end);
        if (*end || !isfinite(x)) return -1;
        for (int k = 0; k < S_NCOL; k++) {
          if (strlen(S_keys[k]) == kl && memcmp(S_keys[k], t + ks, kl) == 0) {
            if (!c->v[k]) { /* the first record with the key: NAN for those before */
              c->v[k] = ec_reallocarray(NULL, c->cap, sizeof(double));
              for (size_t r = 0; r < c->n; r++) c->v[k][r] = NAN;
            }
            c->v[k][c->n] = x;
            c->any[k] = 1;
            if (c->n == 0) c->first[k] = 1;
            break;
          }
        }
        i = S_ws(t, len, i);
        if (i < len && t[i] == ',') {
          i = S_ws(t, len, i + 1);
          continue;
        }
        if (i < len && t[i] == '}') {
          i++;
          break;
        }
        return -1;
      }
    }
    c->n++;
    i = S_ws(t, len, i);
    if (i < len && t[i] == ',') {
      i = S_ws(t, len, i + 1);
      continue;
    }
    if (i < len && t[i] == ']') {
      *pos = i + 1;
      return 0;
    }
    return -1;
  }
}

static void S_cols_free(S_cols *c) {
  for (int k = 0; k < S_NCOL; k++) free(c->v[k]);
  memset(c, 0, sizeof *c);
}

/* Column k (or k2 where k is absent), or NULL when no record has either;
 * moves the array out of c when it can. */
static double *S_take(S_cols *c, int k, int k2, size_t *missing) {
  if (!c->any[k] && (k2 < 0 || !c->any[k2])) return NULL;
  if (!c->v[k]) k = k2, k2 = -1; /* only the other key: its column as it is */
  double *v = c->v[k];
  c->v[k] = NULL;
  const double *alt = k2 >= 0 ? c->v[k2] : NULL;
  for (size_t i = 0; i < c->n; i++) {
    if (!isfinite(v[i]) && alt) v[i] = alt[i];
    if (!isfinite(v[i])) (*missing)++;
  }
  return v;
}

/* Every top-level array of t into e->runs; -1 (nothing added) to fall back;
 * -2 when the file has more than EC_MAX_TIMING_ROWS records. */
static int S_fast(ec_engine *e, const char *path, const char *t, size_t len, size_t *total_missing, size_t *total_nonpos) {
  size_t i = S_ws(t, len, 0);
  if (i + 3 <= len && (unsigned char)t[i] == 0xEF) return -1; /* a BOM: jansson says what to do */
  ec_timing *runs = NULL;
  size_t n_runs = 0, cap_runs = 0, missing_all = 0, total = 0;
  int skipped = 0;
  if (i >= len) return -1;
  while (i < len) {
    S_cols c;
    memset(&c, 0, sizeof c);
    c.total = &total;
    int rc = S_fast_array(t, len, &i, &c);
    if (rc != 0) {
      S_cols_free(&c);
      for (size_t k = 0; k < n_runs; k++) ec_timing_clear(&runs[k]);
      free(runs);
      return rc;
    }
    i = S_ws(t, len, i);
    ec_timing r = {0};
    r.n = c.n;
    size_t missing = 0;
    r.legacy = c.n && c.first[S_SIN];
    r.latency_field = "latencyMs";
    r.latency = S_take(&c, S_LAT, -1, &missing);
    if (!r.latency) {
      r.latency_field = "endToEndMs";
      r.latency = S_take(&c, S_E2E, -1, &missing);
    }
    if (!r.latency) {
      /* the jansson path words this warning; let it */
      S_cols_free(&c);
      skipped = 1;
      break;
    }
    r.compute = S_take(&c, S_COMP, -1, &missing);
    r.h2d = S_take(&c, S_H2D, S_IN, &missing);
    r.d2h = S_take(&c, S_D2H, S_OUT, &missing);
    if (c.n && c.first[S_SENQ] && c.first[S_EENQ]) {
      r.enqueue = c.v[S_EENQ];
      c.v[S_EENQ] = NULL;
      for (size_t k = 0; k < c.n; k++) {
        r.enqueue[k] -= c.v[S_SENQ][k];
        if (!isfinite(r.enqueue[k])) missing++;
      }
    }
    S_cols_free(&c);
    missing_all += missing;
    *total_nonpos += S_compact(&r);
    *EC_PUSH(runs, n_runs, cap_runs) = r;
  }
  if (skipped || !n_runs) {
    for (size_t k = 0; k < n_runs; k++) ec_timing_clear(&runs[k]);
    free(runs);
    return -1;
  }
  ec_engine_add_file(e, path, EC_FILE_TIMING);
  e->runs = runs;
  e->n_runs = n_runs;
  *total_missing = missing_all;
  return 0;
}

static void S_notes(ec_engine *e, const char *path, size_t total_missing, size_t nonpos) {
  if (total_missing)
    ec_diag_add(&e->diags, EC_WARN, path, 0, 0, "%zu timing %s missing or non-finite; their records are left out",
                total_missing, ec_plural(total_missing, "value is", "values are"));
  if (nonpos)
    ec_diag_add(&e->diags, EC_WARN, path, 0, 0,
                "%zu timing %s a zero or negative latency or GPU compute time (a timer glitch); they are "
                "left out",
                nonpos, ec_plural(nonpos, "record has", "records have"));
  if (e->n_runs && e->runs[0].legacy)
    ec_diag_add(&e->diags, EC_INFO, path, 0, 0,
                "TensorRT 7 timing records: latency is latencyMs (H2D + compute + D2H); endToEndMs is not used");
}

int ec_load_timing_text(ec_engine *e, const char *path, const char *text, size_t len,
                        const ec_load_opts *o) {
  (void)o;
  if (e->n_runs) {
    ec_diag_add(&e->diags, EC_WARN, path, 0, 0, "a second timing file for this engine is ignored");
    return -1;
  }
  size_t fast_missing = 0, fast_nonpos = 0;
  int fast = S_fast(e, path, text, len, &fast_missing, &fast_nonpos);
  if (fast == 0) {
    S_notes(e, path, fast_missing, fast_nonpos);
    return 0;
  }
  if (fast == -2) {
    ec_budget_refuse(&e->diags, EC_BUDGET_TIMING_ROWS, path, 0, 0);
    return -1;
  }
  ec_json_doc doc;
  if (ec_json_parse(path, text, len, EC_BUDGET_TIMING_ROWS, &e->diags, &doc) != 0) return -1;
  ec_engine_add_file(e, path, EC_FILE_TIMING);
  size_t total_missing = 0, cap_runs = 0, total_nonpos = 0;
  for (size_t k = 0; k < doc.n; k++) {
    const json_t *arr = doc.v[k];
    if (!json_is_array(arr)) {
      ec_diag_add(&e->diags, EC_WARN, path, 0, 0, "timing document %zu is not an array; skipped", k + 1);
      continue;
    }
    size_t n = json_array_size(arr); /* the scan held every run together to EC_MAX_TIMING_ROWS */
    ec_timing t = {0};
    t.n = n;
    size_t missing = 0;
    const json_t *r0 = json_array_get(arr, 0);
    t.legacy = r0 && json_object_get(r0, "startInMs") != NULL;
    t.latency = S_col(arr, "latencyMs", NULL, &missing);
    t.latency_field = "latencyMs";
    if (!t.latency) {
      t.latency = S_col(arr, "endToEndMs", NULL, &missing);
      t.latency_field = "endToEndMs";
    }
    if (!t.latency) {
      ec_diag_add(&e->diags, EC_WARN, path, 0, 0, "timing run %zu has no latencyMs/endToEndMs field; skipped", k + 1);
      ec_timing_clear(&t);
      continue;
    }
    t.compute = S_col(arr, "computeMs", NULL, &missing);
    t.h2d = S_col(arr, "h2dMs", "inMs", &missing);
    t.d2h = S_col(arr, "d2hMs", "outMs", &missing);
    t.enqueue = S_diff(arr, "startEnqMs", "endEnqMs", &missing);
    total_missing += missing;
    total_nonpos += S_compact(&t);
    *EC_PUSH(e->runs, e->n_runs, cap_runs) = t;
  }
  S_notes(e, path, total_missing, total_nonpos);
  ec_json_doc_free(&doc);
  return e->n_runs ? 0 : -1;
}
