/* timing — trtexec --exportTimes JSON: one record per inference.
 *
 * TensorRT >= 8: latencyMs, computeMs, h2dMs, d2hMs, startEnqMs/endEnqMs.
 * TensorRT 7: startInMs/endInMs, inMs, outMs, latencyMs and endToEndMs; we
 * use latencyMs (H2D + compute + D2H, as later versions define it) and say so.
 * Several arrays back to back are several runs (--batch=1,4,...); all are
 * kept and ec_load_finish selects one. */
#include "load/internal.h"
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

/* Drop NAN entries from every column together so indices stay aligned. */
static void S_compact(ec_timing *t) {
  double *cols[5] = {t->latency, t->compute, t->enqueue, t->h2d, t->d2h};
  size_t w = 0;
  for (size_t i = 0; i < t->n; i++) {
    if (t->latency && !isfinite(t->latency[i])) continue;
    for (int c = 0; c < 5; c++)
      if (cols[c]) cols[c][w] = cols[c][i];
    w++;
  }
  t->n = w;
}

int ec_load_timing_text(ec_engine *e, const char *path, const char *text, size_t len,
                        const ec_load_opts *o) {
  (void)o;
  ec_json_doc doc;
  if (ec_json_parse(path, text, len, &e->diags, &doc) != 0) return -1;
  if (e->n_runs) {
    ec_diag_add(&e->diags, EC_WARN, path, 0, 0, "a second timing file for this engine is ignored");
    ec_json_doc_free(&doc);
    return -1;
  }
  ec_engine_add_file(e, path, EC_FILE_TIMING);
  size_t total_missing = 0, cap_runs = 0;
  for (size_t k = 0; k < doc.n; k++) {
    const json_t *arr = doc.v[k];
    if (!json_is_array(arr)) {
      ec_diag_add(&e->diags, EC_WARN, path, 0, 0, "timing document %zu is not an array; skipped", k + 1);
      continue;
    }
    size_t n = json_array_size(arr);
    if (n > EC_MAX_RECORDS) {
      ec_diag_add(&e->diags, EC_ERROR, path, 0, 0, "%zu timing records is over the limit of %u", n, EC_MAX_RECORDS);
      continue;
    }
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
    S_compact(&t);
    *EC_PUSH(e->runs, e->n_runs, cap_runs) = t;
  }
  if (total_missing)
    ec_diag_add(&e->diags, EC_WARN, path, 0, 0, "%zu timing values are missing or non-finite; their records are left out",
                total_missing);
  if (e->n_runs && e->runs[0].legacy)
    ec_diag_add(&e->diags, EC_INFO, path, 0, 0,
                "TensorRT 7 timing records: latency is latencyMs (H2D + compute + D2H); endToEndMs is not used");
  ec_json_doc_free(&doc);
  return e->n_runs ? 0 : -1;
}
