/* summary_in — read a stored `enginecard summary --json` document
 * (enginecard.summary/2, or /1) back into an ec_engine, so a nightly job can
 * keep a small baseline instead of the engine's files.
 *
 * What comes back: the engine name (unless NAME= was given), performance
 * statistics (GPU compute, latency, enqueue, H2D, D2H, throughput), device,
 * build/inference options, the bindings, the TensorRT version, the labels
 * given to `summary --label`, and the per-type latencies and slowest layers
 * (e->stored_by_type, e->stored_top: trend's "what moved"). Statistics computed from
 * timing.json keep their spread: "stdev" and "count" join the labelled
 * values of the ec_stats, which then name their source "summary (timing.json)",
 * and /2's sketches of GPU compute time and latency land in
 * e->perf.*_sketch (compare's interval; a /1 summary has none, and compare
 * approximates the distribution from its percentiles).
 * Layers are not stored in a summary, so the engine has none: alignment and
 * the layer-sum metric are unavailable for it (the caller says so).
 *
 * The document is read with load/jtok.h (a summary is enginecard's own
 * JSON, and trend reads thousands of them); text jtok refuses goes through
 * jansson (load/json.h) for its repairs and file:line:col messages, and
 * what jansson accepts is read from its compact dump. */
#include "load/internal.h"
#include "words/words.h"
#include "load/json.h"
#include "load/jtok.h"
#include "util/alloc.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define S_NONE EC_JT_MISSING

/* Static source names (ec_stats.source must outlive the engine). */
static const char *S_source(const char *stored) {
  if (!stored) return "summary";
  if (strcmp(stored, "timing.json") == 0) return "summary (timing.json)";
  if (strcmp(stored, "metadata") == 0) return "summary (metadata)";
  if (strcmp(stored, "log") == 0) return "summary (log)";
  return "summary";
}

/* The source a stored statistic names, as a static string. */
static const char *S_source_of(const ec_jtoks *d, size_t v) {
  char *s = ec_jt_str(d, v, NULL);
  const char *r = S_source(s);
  free(s);
  return r;
}

static void S_stats(const ec_jtoks *d, ec_stats *s, size_t o) {
  if (ec_jt_kind_of(d, o) != EC_JT_OBJECT) return;
  static const char *const keys[] = {"min", "max", "mean", "median", "p90", "p95", "p99", "stdev", "count"};
  for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++) {
    double v = ec_jt_num(d, ec_jt_get(d, o, keys[k]));
    if (isfinite(v)) ec_stats_set(s, keys[k], v);
  }
  /* other percentiles ("p99.9") as stored */
  for (size_t k = ec_jt_first(d, o); k != S_NONE; k = ec_jt_next(d, o, k)) {
    char *key = ec_jt_str(d, k, NULL);
    if (key[0] == 'p' && strlen(key) < sizeof s->v[0].label && isnan(ec_stats_get(s, key))) {
      double x = ec_jt_num(d, k + 1);
      if (isfinite(x) && s->n < (int)(sizeof s->v / sizeof s->v[0])) ec_stats_set(s, key, x);
    }
    free(key);
  }
  if (s->n) s->source = S_source_of(d, ec_jt_get(d, o, "source"));
}

/* A /2 sketch {"count": n, "quantiles": [...]}: at least two finite,
 * non-decreasing values; anything else is ignored with a warning. */
static void S_sketch(ec_engine *e, const ec_jtoks *d, const char *path, const char *what, ec_sketch *sk, size_t o) {
  size_t s = ec_jt_get(d, o, "sketch");
  if (s == S_NONE || ec_jt_kind_of(d, s) == EC_JT_NULL) return;
  size_t q = ec_jt_get(d, s, "quantiles");
  double n = ec_jt_num(d, ec_jt_get(d, s, "count"));
  size_t m = ec_jt_size(d, q);
  int ok = ec_jt_kind_of(d, q) == EC_JT_ARRAY && m >= 2 && isfinite(n) && n >= 1 && n == floor(n);
  double *v = ok ? ec_malloc(m * sizeof *v) : NULL;
  size_t i = 0;
  for (size_t x = ok ? ec_jt_first(d, q) : S_NONE; ok && x != S_NONE; x = ec_jt_next(d, q, x), i++) {
    v[i] = ec_jt_num(d, x);
    if (!isfinite(v[i]) || (i && v[i] < v[i - 1])) ok = 0;
  }
  if (!ok) {
    free(v);
    ec_diag_add(&e->diags, EC_WARN, path, 0, 0, "performance.%s.sketch is not a count and non-decreasing quantiles; ignored",
                what);
    return;
  }
  sk->q = v;
  sk->m = m;
  sk->n = (size_t)n;
}

/* o's keys into k: a fact (what names its group) follows load/sources.c's
 * rule; without what (labels) a key k has keeps its value. */
static void S_kvs(ec_engine *e, const char *path, const ec_jtoks *d, ec_kvs *k, size_t o, const char *what) {
  if (ec_jt_kind_of(d, o) != EC_JT_OBJECT) return;
  for (size_t x = ec_jt_first(d, o); x != S_NONE; x = ec_jt_next(d, o, x)) {
    char *key = ec_jt_str(d, x, NULL);
    char *t = ec_jt_text(d, x + 1);
    if (what) ec_source_merge_kv(e, path, 0, k, key, t, what);
    else if (!ec_kvs_get(k, key)) ec_kvs_add(k, key, t);
    free(t);
    free(key);
  }
}

/* latency_ms.by_type {TYPE: ms} (sorted by type, as stored) and top_layers
 * [{name, type, latency_ms}]; entries without a name are skipped, a null
 * latency stays unknown (NAN). */
static void S_latencies(ec_engine *e, const ec_jtoks *d, size_t by_type, size_t top) {
  size_t cap = 0;
  if (ec_jt_kind_of(d, by_type) == EC_JT_OBJECT && !e->n_stored_by_type)
    for (size_t x = ec_jt_first(d, by_type); x != S_NONE; x = ec_jt_next(d, by_type, x)) {
      ec_named_ms *m = EC_PUSH(e->stored_by_type, e->n_stored_by_type, cap);
      memset(m, 0, sizeof *m);
      m->name = ec_jt_str(d, x, NULL);
      m->type = NULL;
      m->ms = ec_jt_num(d, x + 1);
    }
  cap = 0;
  if (ec_jt_kind_of(d, top) != EC_JT_ARRAY || e->n_stored_top) return;
  for (size_t l = ec_jt_first(d, top); l != S_NONE; l = ec_jt_next(d, top, l)) {
    char *name = ec_jt_str(d, ec_jt_get(d, l, "name"), NULL);
    if (!name) continue;
    ec_named_ms *m = EC_PUSH(e->stored_top, e->n_stored_top, cap);
    memset(m, 0, sizeof *m);
    m->name = name;
    m->type = ec_jt_str(d, ec_jt_get(d, l, "type"), NULL);
    m->ms = ec_jt_num(d, ec_jt_get(d, l, "latency_ms"));
  }
}

/* layers_kept {complete, name: [...], type: [...], precision: [...],
 * latency_ms: [...]} (columns of one length) into e->stored_kept; a layer
 * without a name is skipped, a null latency stays unknown (NAN); columns of
 * different lengths are refused with a warning. */
static void S_kept(ec_engine *e, const ec_jtoks *d, const char *path, size_t k) {
  if (ec_jt_kind_of(d, k) != EC_JT_OBJECT || e->n_stored_kept) return;
  size_t col[4] = {ec_jt_get(d, k, "name"), ec_jt_get(d, k, "type"), ec_jt_get(d, k, "precision"),
                   ec_jt_get(d, k, "latency_ms")};
  size_t n = ec_jt_kind_of(d, col[0]) == EC_JT_ARRAY ? ec_jt_size(d, col[0]) : 0;
  for (int c = 1; c < 4; c++)
    if (ec_jt_kind_of(d, col[c]) != EC_JT_ARRAY || ec_jt_size(d, col[c]) != n) n = 0;
  if (!n) {
    ec_diag_add(&e->diags, EC_WARN, path, 0, 0, "layers_kept is not four columns of one length; its layers are not read");
    return;
  }
  size_t at[4], cap = 0;
  for (int c = 0; c < 4; c++) at[c] = ec_jt_first(d, col[c]);
  for (size_t i = 0; i < n; i++) {
    char *name = ec_jt_str(d, at[0], NULL);
    if (name) {
      ec_named_ms *m = EC_PUSH(e->stored_kept, e->n_stored_kept, cap);
      memset(m, 0, sizeof *m);
      m->name = name;
      m->type = ec_jt_str(d, at[1], NULL);
      m->precision = ec_jt_str(d, at[2], NULL);
      m->ms = ec_jt_num(d, at[3]);
    }
    for (int c = 0; c < 4; c++) at[c] = ec_jt_next(d, col[c], at[c]);
  }
  e->stored_kept_complete = ec_jt_kind_of(d, ec_jt_get(d, k, "complete")) == EC_JT_TRUE && e->n_stored_kept == n;
}

int ec_load_stored_layers(ec_engine *e) {
  if (e->n_layers || !e->n_stored_kept) return 0;
  for (size_t i = 0; i < e->n_stored_kept; i++) {
    const ec_named_ms *m = &e->stored_kept[i];
    ec_layer *l = EC_PUSH(e->layers, e->n_layers, e->cap_layers);
    memset(l, 0, sizeof *l);
    l->index = i;
    l->name = ec_strdup(m->name);
    l->name_len = strlen(m->name);
    l->layer_type = ec_strdup(m->type ? m->type : "Unknown");
    l->type = ec_strdup(l->layer_type);
    ec_layer_finalize(l);
    const char *p = m->precision ? ec_dtype_name(m->precision, strlen(m->precision)) : NULL;
    l->precision = l->precision_trex = p ? p : m->precision && !strcmp(m->precision, "None") ? "None" : "Unknown";
    l->stream_id = -1;
    l->unknown = EC_UNKNOWN_TENSORS | EC_UNKNOWN_WEIGHTS;
    if (isfinite(m->ms)) {
      l->has_profile = 1;
      l->avg_ms = m->ms;
      e->has_profile = 1;
    }
  }
  e->stored_layers_partial = !e->stored_kept_complete;
  if (!e->profile_count && e->stored_profile_count > 0) e->profile_count = e->stored_profile_count;
  return (int)e->n_layers;
}

/* The precision mix: latency_ms.by_precision {PREC: ms} and
 * layer_count.by_precision {PREC: n}, one entry per precision either names
 * (what the other lacks is NAN). */
static void S_precisions(ec_engine *e, const ec_jtoks *d, size_t lat, size_t count) {
  size_t cap = 0;
  size_t src[2] = {lat, count};
  for (int k = 0; k < 2; k++) {
    if (ec_jt_kind_of(d, src[k]) != EC_JT_OBJECT) continue;
    for (size_t x = ec_jt_first(d, src[k]); x != S_NONE; x = ec_jt_next(d, src[k], x)) {
      char *name = ec_jt_str(d, x, NULL);
      if (!name) continue;
      ec_stored_prec *p = NULL;
      for (size_t i = 0; i < e->n_stored_by_precision && !p; i++)
        if (!strcmp(e->stored_by_precision[i].precision, name)) p = &e->stored_by_precision[i];
      if (p) {
        free(name);
      } else {
        p = EC_PUSH(e->stored_by_precision, e->n_stored_by_precision, cap);
        p->precision = name;
        p->ms = p->layers = NAN;
      }
      double v = ec_jt_num(d, x + 1);
      if (k == 0) p->ms = v;
      else p->layers = v;
    }
  }
}

/* The name discovery gives a file: its base name without ".json"/".txt". */
static int S_is_default_name(const char *name, const char *path) {
  const char *b = strrchr(path, '/');
  b = b ? b + 1 : path;
  size_t n = strlen(b);
  if (n > 5 && strcmp(b + n - 5, ".json") == 0) n -= 5;
  else if (n > 4 && strcmp(b + n - 4, ".txt") == 0) n -= 4;
  return strlen(name) == n && memcmp(name, b, n) == 0;
}

/* A shape written as a JSON list of integers, or null. */
static void S_dims(const ec_jtoks *d, ec_dims *dm, size_t a) {
  if (ec_jt_kind_of(d, a) != EC_JT_ARRAY || dm->v) return;
  size_t n = ec_jt_size(d, a);
  if (n > 64) return;
  dm->v = ec_calloc(n ? n : 1, sizeof *dm->v);
  dm->n = (int)n;
  size_t i = 0;
  for (size_t x = ec_jt_first(d, a); x != S_NONE; x = ec_jt_next(d, a, x)) dm->v[i++] = ec_i64(ec_jt_num(d, x), -1);
}

/* build.inputs: [{name, min, opt, max, inference}] */
static void S_inputs(const ec_jtoks *d, ec_input_shapes *s, size_t a) {
  if (ec_jt_kind_of(d, a) != EC_JT_ARRAY) return;
  for (size_t x = ec_jt_first(d, a); x != S_NONE; x = ec_jt_next(d, a, x)) {
    size_t nl;
    char *name = ec_jt_str(d, ec_jt_get(d, x, "name"), &nl);
    if (!name) continue;
    ec_input_shape *in = ec_input_shapes_get(s, name, nl);
    free(name);
    S_dims(d, &in->min, ec_jt_get(d, x, "min"));
    S_dims(d, &in->opt, ec_jt_get(d, x, "opt"));
    S_dims(d, &in->max, ec_jt_get(d, x, "max"));
    S_dims(d, &in->inference, ec_jt_get(d, x, "inference"));
  }
}

/* build.accuracy: [{tensor, algorithm, as_printed, ...}] back into the
 * "tensor (algorithm)" -> as-printed list a log gives. */
static void S_accuracy(const ec_jtoks *d, ec_kvs *k, size_t a) {
  if (ec_jt_kind_of(d, a) != EC_JT_ARRAY) return;
  for (size_t x = ec_jt_first(d, a); x != S_NONE; x = ec_jt_next(d, a, x)) {
    char *t = ec_jt_str(d, ec_jt_get(d, x, "tensor"), NULL);
    char *alg = ec_jt_str(d, ec_jt_get(d, x, "algorithm"), NULL);
    char *v = ec_jt_str(d, ec_jt_get(d, x, "as_printed"), NULL);
    if (t && v) {
      char *key = alg ? ec_asprintf("%s (%s)", t, alg) : ec_strdup(t);
      ec_kvs_set(k, key, v);
      free(key);
    }
    free(t);
    free(alg);
    free(v);
  }
}

static int S_same_dims(const int64_t *a, int na, const ec_dims *b) {
  return na == b->n && (!na || (a && b->v && !memcmp(a, b->v, (size_t)na * sizeof *a)));
}

/* A binding's TensorRT 11 facts: profiles [{min, opt, max, format}] (the one
 * in use is the one whose shapes are min_shape/opt_shape/max_shape),
 * is_shape_io, location. */
static void S_binding_io(const ec_jtoks *d, size_t x, ec_binding *b) {
  size_t si = ec_jt_get(d, x, "is_shape_io");
  b->shape_io = ec_jt_kind_of(d, si) == EC_JT_TRUE ? 1 : ec_jt_kind_of(d, si) == EC_JT_FALSE ? 0 : -1;
  size_t ll;
  char *loc = ec_jt_str(d, ec_jt_get(d, x, "location"), &ll);
  if (loc) b->t.location = ec_location_name(loc, ll);
  free(loc);
  size_t pa = ec_jt_get(d, x, "profiles");
  if (ec_jt_kind_of(d, pa) != EC_JT_ARRAY) return;
  size_t np = ec_jt_size(d, pa), fl;
  b->profiles = ec_calloc(np ? np : 1, sizeof *b->profiles);
  for (size_t p = ec_jt_first(d, pa); p != S_NONE && b->n_profiles < np; p = ec_jt_next(d, pa, p)) {
    ec_bind_profile *q = &b->profiles[b->n_profiles++];
    ec_dims m = {0}, o = {0}, M = {0};
    S_dims(d, &m, ec_jt_get(d, p, "min"));
    S_dims(d, &o, ec_jt_get(d, p, "opt"));
    S_dims(d, &M, ec_jt_get(d, p, "max"));
    q->min = m.v, q->nmin = m.n, q->opt = o.v, q->nopt = o.n, q->max = M.v, q->nmax = M.n;
    q->format = ec_jt_str(d, ec_jt_get(d, p, "format"), &fl);
  }
  ec_dims m = {0}, o = {0}, M = {0};
  S_dims(d, &m, ec_jt_get(d, x, "min_shape"));
  S_dims(d, &o, ec_jt_get(d, x, "opt_shape"));
  S_dims(d, &M, ec_jt_get(d, x, "max_shape"));
  for (size_t k = 0; k < b->n_profiles && !b->profile; k++) {
    const ec_bind_profile *q = &b->profiles[k];
    if (S_same_dims(q->min, q->nmin, &m) && S_same_dims(q->opt, q->nopt, &o) && S_same_dims(q->max, q->nmax, &M))
      b->profile = q;
  }
  free(m.v);
  free(o.v);
  free(M.v);
}

/* bindings: [{name, direction, listed, shape, datatype, format, ...}] back
 * into the engine's one list (its profile shapes come from build.inputs,
 * linked when the engine is finished); a binding without a name is skipped. */
static void S_bindings(ec_engine *e, const ec_jtoks *d, const char *path, size_t a) {
  if (ec_jt_kind_of(d, a) != EC_JT_ARRAY || e->n_bindings) return;
  size_t cap = 0;
  for (size_t x = ec_jt_first(d, a); x != S_NONE; x = ec_jt_next(d, a, x)) {
    size_t nl, fl;
    char *name = ec_jt_str(d, ec_jt_get(d, x, "name"), &nl);
    if (!name) continue;
    ec_binding *b = EC_PUSH(e->bindings, e->n_bindings, cap);
    memset(b, 0, sizeof *b);
    b->t.name = name;
    b->t.name_len = nl;
    b->t.volume = -1;
    size_t dir = ec_jt_get(d, x, "direction");
    b->dir = ec_jt_streq(d, dir, "input") ? EC_BIND_INPUT : ec_jt_streq(d, dir, "output") ? EC_BIND_OUTPUT : EC_BIND_UNKNOWN;
    b->listed = ec_jt_kind_of(d, ec_jt_get(d, x, "listed")) == EC_JT_TRUE;
    ec_dims dm = {0};
    S_dims(d, &dm, ec_jt_get(d, x, "shape"));
    if (dm.v) {
      b->described = 1;
      b->t.dims = dm.v;
      b->t.ndims = dm.n;
      ec_tensor_set_volume(&b->t);
      char *fmt = ec_jt_str(d, ec_jt_get(d, x, "format"), &fl);
      if (fmt) ec_tensor_set_format(e, path, &b->t, fmt, fl);
      free(fmt);
    }
    S_binding_io(d, x, b);
  }
}

/* The tokens of a summary: jtok's, else (text jtok refuses) jansson's
 * reading, repairs and messages, then jtok over jansson's compact dump.
 * *dump holds that dump (free it after d). 0, or -1 (said in e->diags). */
static int S_tokens(ec_engine *e, const char *path, const char *text, size_t len, ec_jtoks *d, char **dump) {
  size_t off;
  *dump = NULL;
  int rc = ec_jtok_parse(text, len, d, &off);
  if (rc == 0) return 0;
  ec_jtok_free(d);
  if (rc == -2) { /* jansson's tree would cost more still */
    int ln, col;
    ec_diag_linecol(text, len, off, &ln, &col);
    ec_budget_refuse(&e->diags, EC_BUDGET_JSON_TREE, path, ln, col);
    return -1;
  }
  ec_json_doc doc;
  if (ec_json_parse(path, text, len, EC_BUDGET_LIST, &e->diags, &doc) != 0) return -1;
  char *s = json_dumps(doc.v[0], JSON_COMPACT | JSON_ENCODE_ANY);
  ec_json_doc_free(&doc);
  if (!s) {
    ec_diag_add(&e->diags, EC_ERROR, path, 1, 1, "cannot read the summary");
    return -1;
  }
  *dump = s; /* json_dumps allocates with malloc */
  if (ec_jtok_parse(*dump, strlen(*dump), d, &off) != 0) {
    ec_jtok_free(d);
    ec_diag_add(&e->diags, EC_ERROR, path, 1, 1, "cannot read the summary");
    return -1;
  }
  return 0;
}

int ec_load_summary_text(ec_engine *e, const char *path, const char *text, size_t len, const ec_load_opts *o) {
  (void)o;
  ec_jtoks doc;
  char *dump;
  if (S_tokens(e, path, text, len, &doc, &dump) != 0) return -1;
  const ec_jtoks *d = &doc;
  const size_t root = 0;
  char *schema = ec_jt_str(d, ec_jt_get(d, root, "schema"), NULL);
  if (ec_jt_kind_of(d, root) != EC_JT_OBJECT || !schema || strncmp(schema, "enginecard.summary/", 19) != 0) {
    ec_diag_add(&e->diags, EC_ERROR, path, 1, 1, "not an enginecard summary (no \"schema\": \"enginecard.summary/2\")");
    free(schema);
    ec_jtok_free(&doc);
    free(dump);
    return -1;
  }
  if (strcmp(schema, "enginecard.summary/1") != 0 && strcmp(schema, "enginecard.summary/2") != 0)
    ec_diag_add(&e->diags, EC_WARN, path, 1, 1, "summary schema %s is newer than this build reads (enginecard.summary/2); "
                "known fields are used", schema);
  free(schema);
  ec_engine_add_file(e, path, EC_FILE_SUMMARY);

  char *stored = ec_jt_str(d, ec_jt_get(d, root, "engine"), NULL);
  if (stored && *stored && S_is_default_name(e->name, path)) {
    free(e->name);
    e->name = stored;
    stored = NULL;
  }
  free(stored);

  /* the layer-latency sum, for compare --metric layer-sum against a stored baseline */
  size_t lat = ec_jt_get(d, root, "latency_ms");
  if (ec_jt_kind_of(d, lat) == EC_JT_OBJECT) e->stored_layer_sum_ms = ec_jt_num(d, ec_jt_get(d, lat, "total"));
  S_latencies(e, d, ec_jt_get(d, lat, "by_type"), ec_jt_get(d, root, "top_layers"));
  S_kept(e, d, path, ec_jt_get(d, root, "layers_kept"));
  if (!e->n_stored_by_precision)
    S_precisions(e, d, ec_jt_get(d, lat, "by_precision"), ec_jt_get(d, ec_jt_get(d, root, "layer_count"), "by_precision"));
  S_kvs(e, path, d, &e->labels, ec_jt_get(d, root, "labels"), NULL);
  size_t prov = ec_jt_get(d, root, "provenance");
  if (ec_jt_kind_of(d, prov) == EC_JT_OBJECT) {
    double pc = ec_jt_num(d, ec_jt_get(d, prov, "profile_iterations"));
    if (isfinite(pc) && pc > 0) e->stored_profile_count = ec_i64(pc, 0);
  }

  size_t perf = ec_jt_get(d, root, "performance");
  if (ec_jt_kind_of(d, perf) == EC_JT_OBJECT) {
    ec_perf *p = &e->perf;
    p->present = 1;
    size_t gc = ec_jt_get(d, perf, "gpu_compute_ms"), lt = ec_jt_get(d, perf, "latency_ms");
    S_stats(d, &p->gpu_compute, gc);
    S_stats(d, &p->latency, lt);
    S_sketch(e, d, path, "gpu_compute_ms", &p->gpu_compute_sketch, gc);
    S_sketch(e, d, path, "latency_ms", &p->latency_sketch, lt);
    S_stats(d, &p->enqueue, ec_jt_get(d, perf, "enqueue_ms"));
    S_stats(d, &p->h2d, ec_jt_get(d, perf, "h2d_ms"));
    S_stats(d, &p->d2h, ec_jt_get(d, perf, "d2h_ms"));
    p->throughput_qps = ec_jt_num(d, ec_jt_get(d, perf, "throughput_qps"));
    if (isfinite(p->throughput_qps)) p->throughput_source = S_source_of(d, ec_jt_get(d, perf, "throughput_source"));
    p->walltime_s = ec_jt_num(d, ec_jt_get(d, perf, "walltime_s"));
    p->total_gpu_compute_s = ec_jt_num(d, ec_jt_get(d, perf, "total_gpu_compute_s"));
  } else if (ec_jt_kind_of(d, ec_jt_get(d, root, "timing")) == EC_JT_OBJECT) {
    /* a summary without performance block: latency statistics only */
    size_t t = ec_jt_get(d, root, "timing");
    static const char *const k[][2] = {{"min_ms", "min"},       {"max_ms", "max"}, {"mean_ms", "mean"},
                                       {"median_ms", "median"}, {"p90_ms", "p90"}, {"p95_ms", "p95"},
                                       {"p99_ms", "p99"},       {"stdev_ms", "stdev"}, {"count", "count"}};
    for (size_t i = 0; i < sizeof k / sizeof k[0]; i++) {
      double v = ec_jt_num(d, ec_jt_get(d, t, k[i][0]));
      if (isfinite(v)) ec_stats_set(&e->perf.latency, k[i][1], v);
    }
    if (e->perf.latency.n) {
      e->perf.latency.source = "summary (timing.json)";
      e->perf.present = 1;
    }
  }

  size_t dev = ec_jt_get(d, root, "device");
  if (ec_jt_kind_of(d, dev) == EC_JT_OBJECT) {
    ec_device *dv = &e->device;
    dv->present = 1;
    dv->name = ec_jt_str(d, ec_jt_get(d, dev, "name"), NULL);
    dv->compute_capability = ec_jt_str(d, ec_jt_get(d, dev, "compute_capability"), NULL);
    dv->global_memory = ec_jt_str(d, ec_jt_get(d, dev, "global_memory"), NULL);
    dv->sms = ec_jt_num(d, ec_jt_get(d, dev, "sms"));
    dv->compute_clock_ghz = ec_jt_num(d, ec_jt_get(d, dev, "compute_clock_ghz"));
    dv->memory_clock_ghz = ec_jt_num(d, ec_jt_get(d, dev, "memory_clock_ghz"));
    dv->bus_width_bits = ec_jt_num(d, ec_jt_get(d, dev, "bus_width_bits"));
    dv->source = "summary";
    S_kvs(e, path, d, &dv->all, dev, "device");
  }

  size_t b = ec_jt_get(d, root, "build");
  if (ec_jt_kind_of(d, b) == EC_JT_OBJECT) {
    S_kvs(e, path, d, &e->model_options, ec_jt_get(d, b, "model_options"), "model option");
    S_kvs(e, path, d, &e->build_options, ec_jt_get(d, b, "build_options"), "build option");
    S_kvs(e, path, d, &e->inference_options, ec_jt_get(d, b, "inference_options"), "inference option");
    S_kvs(e, path, d, &e->system_options, ec_jt_get(d, b, "system_options"), "system option");
    S_kvs(e, path, d, &e->reporting_options, ec_jt_get(d, b, "reporting_options"), "reporting option");
    S_kvs(e, path, d, &e->memory, ec_jt_get(d, b, "memory"), "memory fact");
    S_inputs(d, &e->input_shapes, ec_jt_get(d, b, "inputs"));
    S_accuracy(d, &e->accuracy, ec_jt_get(d, b, "accuracy"));
  }
  S_bindings(e, d, path, ec_jt_get(d, root, "bindings"));

  if (ec_jt_kind_of(d, prov) == EC_JT_OBJECT) {
    char *trt = ec_jt_str(d, ec_jt_get(d, prov, "tensorrt"), NULL);
    if (trt && !e->trt_version) {
      e->trt_version = trt;
      trt = NULL;
      free(e->trt_version_source);
      e->trt_version_source = ec_strdup("summary");
    }
    free(trt);
    double pc = ec_jt_num(d, ec_jt_get(d, prov, "profile_iterations"));
    if (isfinite(pc) && pc >= 0) e->profile_count = ec_i64(pc, 0);
  }

  double nl = ec_jt_num(d, ec_jt_get(d, root, "layers"));
  if (isfinite(nl) && nl >= 0) e->stored_layers = ec_i64(nl, -1);
  if (!e->n_stored_kept)
    ec_diag_add(&e->diags, EC_INFO, path, 0, 0,
                "stored summary of %s (" EC_WHOLE " %s): per-layer data is not stored (a summary written before "
                "layers_kept), so layers are not aligned",
                e->name, isfinite(nl) ? nl : 0.0, ec_plural((size_t)(isfinite(nl) ? nl : 0.0), "layer", "layers"));
  if (!e->perf.present)
    ec_diag_add(&e->diags, EC_WARN, path, 0, 0, "stored summary has no performance statistics");
  ec_jtok_free(&doc);
  free(dump);
  return 0;
}
