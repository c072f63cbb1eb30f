/* nsys_stats — kernels from `nsys stats` reports (--format csv or json),
 * attributed to the engine's layers by the NVTX range names they carry.
 *
 * Columns are found by their header ("Total Time (ns)": the name before the
 * unit, the unit in parentheses; any of ns, us, ms, s), never by position;
 * a report is recognised by its columns:
 *   nvtx_kern_sum      NVTX Range, Kern Inst, NVTX Inst, Total Time, Med,
 *                      Kernel Name: a kernel under every range that encloses
 *                      its launch (the range that names a layer gives it);
 *   nvtx_sum           Range, Instances: how often each range ran (a layer's
 *                      iterations; enqueue ranges are the engine's);
 *   cuda_gpu_kern_sum  Name, Instances, Total Time, Med: every kernel once;
 *                      with :nvtx-name the name starts with its innermost
 *                      range ("range:kernel" or "[range]kernel");
 *   cuda_api_gpu_sum   Category, Operation, ...: its CUDA_KERNEL rows as
 *                      cuda_gpu_kern_sum's.
 * The reports of one capture read together. Totals come from a kernel
 * summary when one is given; from nvtx_kern_sum alone a kernel's launches
 * are those outside every range plus those of the range that holds the most
 * of them (ExecutionContext::enqueue holds every layer's). A stats report
 * gives sums, not launches: a kernel's median per iteration is known only
 * when it ran once in each of its layer's iterations, and no GPU span is
 * known. */
#include "load/nsys.h"
#include "words/words.h"
#include "util/budget.h"
#include "load/json.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "util/file.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { S_UNKNOWN = 0, S_NVTX_KERN, S_NVTX, S_KERN, S_API };

/* One report as a table of text cells. */
typedef struct S_table {
  const char *path;
  int kind;
  char **head;   /* the column names as written */
  size_t ncol;
  char **cell;   /* row-major, ncol per row */
  size_t nrow;
  int line0;     /* the header's line (CSV), for messages */
} S_table;

static void S_table_free(S_table *t) {
  for (size_t i = 0; i < t->ncol; i++) free(t->head[i]);
  for (size_t i = 0; i < t->ncol * t->nrow; i++) free(t->cell[i]);
  free(t->head);
  free(t->cell);
}

/* One CSV record from s[*at..n): fields into *f (new strings); 0 at the end. */
static size_t S_csv_record(const char *s, size_t n, size_t *at, char ***f, size_t *cap) {
  size_t i = *at, nf = 0;
  if (i >= n) return 0;
  ec_buf b = {0};
  for (;;) {
    b.len = 0;
    if (b.data) b.data[0] = 0;
    if (i < n && s[i] == '"') {
      for (i++; i < n; i++) {
        if (s[i] == '"' && i + 1 < n && s[i + 1] == '"') ec_buf_putc(&b, '"'), i++;
        else if (s[i] == '"') { i++; break; }
        else ec_buf_putc(&b, s[i]);
      }
    }
    while (i < n && s[i] != ',' && s[i] != '\n' && s[i] != '\r') ec_buf_putc(&b, s[i++]);
    ec_grow((void **)f, cap, nf + 1, sizeof **f);
    (*f)[nf++] = ec_strndup(b.data ? b.data : "", b.len);
    if (i < n && s[i] == ',') { i++; continue; }
    break;
  }
  if (i < n && s[i] == '\r') i++;
  if (i < n && s[i] == '\n') i++;
  *at = i;
  ec_buf_free(&b);
  return nf;
}

/* The column name without its unit ("Total Time (ns)" -> "Total Time"), and the unit's ms factor. */
static size_t S_base(const char *h, double *ms) {
  size_t n = strlen(h);
  while (n && h[n - 1] == ' ') n--;
  const char *p = memchr(h, '(', n);
  double f = 1e-6;
  size_t b = n;
  if (p && h[n - 1] == ')') {
    b = (size_t)(p - h);
    size_t ul = n - b - 2;
    const char *u = p + 1;
    if (ul == 2 && !memcmp(u, "ns", 2)) f = 1e-6;
    else if ((ul == 2 && !memcmp(u, "us", 2)) || (ul == 3 && !memcmp(u, "\xCE\xBCs", 3)) || (ul == 3 && !memcmp(u, "\xC2\xB5s", 3))) f = 1e-3;
    else if (ul == 2 && !memcmp(u, "ms", 2)) f = 1;
    else if (ul == 1 && u[0] == 's') f = 1e3;
    else if (ul == 1 && u[0] == '%') f = NAN;
  }
  while (b && h[b - 1] == ' ') b--;
  if (ms) *ms = f;
  return b;
}

/* The index of the column named name (unit aside), or -1; *ms its unit. */
static long S_col(const S_table *t, const char *name, double *ms) {
  size_t nl = strlen(name);
  for (size_t i = 0; i < t->ncol; i++) {
    const char *h = t->head[i];
    while (*h == ' ') h++;
    if (S_base(h, ms) == nl && !memcmp(h, name, nl)) return (long)i;
  }
  return -1;
}

static int S_kind_of(const S_table *t) {
  if (S_col(t, "Kernel Name", NULL) >= 0 && S_col(t, "NVTX Range", NULL) >= 0 && S_col(t, "Total Time", NULL) >= 0)
    return S_NVTX_KERN;
  if (S_col(t, "Range", NULL) >= 0 && S_col(t, "Instances", NULL) >= 0) return S_NVTX;
  if (S_col(t, "Operation", NULL) >= 0 && S_col(t, "Category", NULL) >= 0 && S_col(t, "Total Time", NULL) >= 0)
    return S_API;
  if (S_col(t, "Name", NULL) >= 0 && S_col(t, "Instances", NULL) >= 0 && S_col(t, "Total Time", NULL) >= 0)
    return S_KERN;
  return S_UNKNOWN;
}

/* The header line of a CSV report: the first record that names a column
 * enginecard reads; lines before it (nsys's "Processing ..." notes) are
 * skipped. Fills t; 0, or -1 when there is none. */
static int S_parse_csv(S_table *t, const char *s, size_t n, ec_diags *d) {
  size_t at = 0, cap = 0, nf;
  char **f = NULL;
  int line = 0;
  while (at < n) {
    line++;
    nf = S_csv_record(s, n, &at, &f, &cap);
    S_table probe = {.head = f, .ncol = nf};
    int k = nf >= 2 ? S_kind_of(&probe) : S_UNKNOWN;
    if (k != S_UNKNOWN) {
      t->head = f;
      t->ncol = nf;
      t->kind = k;
      t->line0 = line;
      f = NULL;
      break;
    }
    for (size_t i = 0; i < nf; i++) free(f[i]);
  }
  free(f);
  if (!t->head) return -1;
  size_t rcap = 0;
  char **row = NULL;
  cap = 0;
  while (at < n) {
    line++;
    if (s[at] == '\n' || s[at] == '\r') break; /* a blank line ends the report */
    nf = S_csv_record(s, n, &at, &row, &cap);
    if (ec_budget_over(EC_BUDGET_STATS_ROWS, t->nrow + 1)) {
      ec_budget_refuse(d, EC_BUDGET_STATS_ROWS, t->path, line, 1);
      for (size_t i = 0; i < nf; i++) free(row[i]);
      free(row);
      return -1;
    }
    if (nf != t->ncol) {
      ec_diag_add(d, EC_WARN, t->path, line, 1, "%zu %s where the header has %zu; the row is not used", nf,
                  ec_plural(nf, "field", "fields"),
                  t->ncol);
      for (size_t i = 0; i < nf; i++) free(row[i]);
      continue;
    }
    ec_grow((void **)&t->cell, &rcap, (t->nrow + 1) * t->ncol, sizeof *t->cell);
    memcpy(&t->cell[t->nrow * t->ncol], row, nf * sizeof *row);
    t->nrow++;
  }
  free(row);
  return 0;
}

/* A JSON report: a list of objects with the report's columns as keys. */
static int S_parse_json(S_table *t, const char *s, size_t n, ec_diags *d) {
  ec_json_doc doc = {0};
  if (ec_json_parse(t->path, s, n, EC_BUDGET_STATS_ROWS, d, &doc)) return -1;
  const json_t *a = doc.n ? doc.v[0] : NULL;
  int ok = -1;
  if (json_is_array(a) && json_array_size(a) && json_is_object(json_array_get(a, 0))) {
    const json_t *o0 = json_array_get(a, 0);
    const char *key;
    const json_t *v;
    size_t cap = 0;
    json_object_foreach((json_t *)o0, key, v) {
      (void)v;
      *EC_PUSH(t->head, t->ncol, cap) = ec_strdup(key);
    }
    t->kind = S_kind_of(t);
    t->cell = ec_calloc(json_array_size(a) * t->ncol + 1, sizeof *t->cell);
    for (size_t r = 0; r < json_array_size(a); r++) {
      const json_t *o = json_array_get(a, r);
      if (!json_is_object(o)) continue;
      for (size_t c = 0; c < t->ncol; c++) {
        const json_t *x = json_object_get(o, t->head[c]);
        size_t l = 0;
        const char *str = ec_json_str(x, &l);
        t->cell[t->nrow * t->ncol + c] = str ? ec_strndup(str, l) : x && !json_is_null(x) ? ec_json_text(x) : ec_strdup("");
      }
      t->nrow++;
    }
    ok = 0;
  }
  ec_json_doc_free(&doc);
  return ok;
}

int ec_nsys_stats_sniff(const char *text, size_t len) {
  size_t lim = len < 65536 ? len : 65536;
  size_t i = 0;
  while (i < lim && (text[i] == ' ' || text[i] == '\n' || text[i] == '\r' || text[i] == '\t')) i++;
  if (i < lim && text[i] == '[') {
    /* the first record's keys */
    const char *end = memchr(text + i, '}', lim - i);
    size_t rl = end ? (size_t)(end - text - i) : lim - i;
    char *r = ec_strndup(text + i, rl);
    int yes = strstr(r, "\"Total Time") && (strstr(r, "\"Instances\"") || strstr(r, "\"Kern Inst\""));
    yes |= strstr(r, "\"Range\"") && strstr(r, "\"Instances\"") && strstr(r, "\"Style\"");
    free(r);
    return yes;
  }
  S_table t = {0};
  ec_diags d = {0};
  /* the first lines only: a report's header comes early */
  size_t hl = 0;
  for (int lines = 0; hl < lim && lines < 12; hl++)
    if (text[hl] == '\n') lines++;
  t.path = "";
  int yes = S_parse_csv(&t, text, hl, &d) == 0;
  S_table_free(&t);
  ec_diags_free(&d);
  return yes;
}

/* A number cell ("1,234.5" as nsys's table format writes it); NAN when empty or not a number. */
static double S_num(const char *s) {
  char b[64];
  size_t n = 0;
  for (; *s && n < sizeof b - 1; s++)
    if (*s != ',' && *s != ' ') b[n++] = *s;
  b[n] = 0;
  if (!n) return NAN;
  char *end;
  double v = strtod(b, &end);
  return *end ? NAN : v;
}

/* A kernel of a layer (or of no layer) while the reports are merged. */
typedef struct S_acc {
  long layer;      /* -1: no layer */
  char *name, *range;
  size_t launches, nvtx_inst;
  double total_ms, med_ms;
  int rows;
  size_t order;
} S_acc;

typedef struct S_merge {
  ec_engine *e;
  ec_nsys_names m;
  S_acc *a;
  size_t n, cap;
  ec_map at;           /* "layer\0range\0name" -> index */
  char **keys;
  size_t nkeys, cap_keys;
  size_t *layer_inst;  /* nvtx_sum's instances of each layer's range */
} S_merge;

static S_acc *S_acc_of(S_merge *g, long layer, const char *range, const char *name) {
  ec_buf k = {0};
  ec_buf_printf(&k, "%ld", layer);
  ec_buf_putc(&k, 0);
  ec_buf_puts(&k, range ? range : "");
  ec_buf_putc(&k, 0);
  ec_buf_puts(&k, name);
  size_t kl = k.len, i;
  char *key = ec_buf_take(&k);
  if (ec_map_get(&g->at, key, kl, &i)) {
    free(key);
    return &g->a[i];
  }
  *EC_PUSH(g->keys, g->nkeys, g->cap_keys) = key;
  S_acc *a = EC_PUSH(g->a, g->n, g->cap);
  memset(a, 0, sizeof *a);
  a->layer = layer;
  a->name = ec_strdup(name);
  a->range = range && *range ? ec_strdup(range) : NULL;
  a->med_ms = NAN;
  a->order = g->n - 1;
  ec_map_put(&g->at, key, kl, g->n - 1);
  return a;
}

/* Per kernel name: launches and time (a name -> index map over v). */
typedef struct S_tally {
  ec_map at;
  char **name;
  double *n, *ms;
  size_t len, cap_name, cap_n, cap_ms;
} S_tally;

static void S_tally_add(S_tally *t, const char *name, double n, double ms) {
  size_t i;
  if (!ec_map_get(&t->at, name, strlen(name), &i)) {
    i = t->len;
    *EC_PUSH(t->name, t->len, t->cap_name) = ec_strdup(name);
    ec_grow((void **)&t->n, &t->cap_n, t->len, sizeof *t->n);
    ec_grow((void **)&t->ms, &t->cap_ms, t->len, sizeof *t->ms);
    t->n[i] = t->ms[i] = 0;
    ec_map_put(&t->at, t->name[i], strlen(name), i);
  }
  t->n[i] += isfinite(n) ? n : 0;
  t->ms[i] += isfinite(ms) ? ms : 0;
}

static double S_tally_get(const S_tally *t, const char *name, double *ms) {
  size_t i;
  if (!ec_map_get(&t->at, name, strlen(name), &i)) return *ms = 0, 0;
  *ms = t->ms[i];
  return t->n[i];
}

static void S_tally_free(S_tally *t) {
  for (size_t i = 0; i < t->len; i++) free(t->name[i]);
  free(t->name);
  free(t->n);
  free(t->ms);
  ec_map_free(&t->at);
}

static void S_add(S_acc *a, double launches, double nvtx_inst, double total, double med) {
  a->launches += isfinite(launches) && launches > 0 ? (size_t)launches : 0;
  a->nvtx_inst += isfinite(nvtx_inst) && nvtx_inst > 0 ? (size_t)nvtx_inst : 0;
  a->total_ms += isfinite(total) ? total : 0;
  a->med_ms = a->rows ? NAN : med; /* the median of two rows together is not known */
  a->rows++;
}

/* The layer a ":nvtx-name" kernel name starts with ("range:kernel",
 * "[range]kernel"), with the kernel's own name in *rest; -1 when none
 * does. *prefix: whether the name carries a range prefix at all. */
static long S_split(const S_merge *g, const char *s, const char **rest, char **prefix) {
  size_t n = strlen(s);
  *prefix = NULL;
  if (s[0] == '[') {
    const char *close = strchr(s, ']');
    if (close) {
      const char *r = close + 1;
      while (*r == ':' || *r == ' ') r++;
      *rest = r;
      *prefix = ec_strndup(s + 1, (size_t)(close - s - 1));
      return ec_nsys_names_layer(&g->m, *prefix, strlen(*prefix));
    }
  }
  /* "range:kernel" at a single colon (never inside "ns::kernel") */
  for (size_t i = 0; i < n; i++) {
    if (s[i] != ':' || (i + 1 < n && s[i + 1] == ':') || (i && s[i - 1] == ':')) continue;
    long li = ec_nsys_names_layer(&g->m, s, i);
    if (li >= 0 || !*prefix) {
      free(*prefix);
      *prefix = ec_strndup(s, i);
      *rest = s + i + 1;
    }
    if (li >= 0) return li;
  }
  if (!*prefix) *rest = s;
  return -1;
}

int ec_load_nsys_stats(ec_engine *e, const char *const *paths, size_t np) {
  S_table *t = ec_calloc(np ? np : 1, sizeof *t);
  size_t nt = 0;
  for (size_t i = 0; i < np; i++) {
    size_t len;
    char *text = ec_read_file(paths[i], &len, &e->diags);
    if (!text) continue;
    S_table *x = &t[nt];
    x->path = paths[i];
    size_t j = 0;
    while (j < len && (text[j] == ' ' || text[j] == '\n' || text[j] == '\r' || text[j] == '\t')) j++;
    int rc = j < len && text[j] == '[' ? S_parse_json(x, text, len, &e->diags) : S_parse_csv(x, text, len, &e->diags);
    free(text);
    if (rc || x->kind == S_UNKNOWN) {
      if (!rc || !ec_diags_count(&e->diags, EC_ERROR))
        ec_diag_add(&e->diags, EC_ERROR, paths[i], 1, 1,
                    "not an nsys stats report enginecard reads (cuda_gpu_kern_sum, nvtx_sum, nvtx_kern_sum, "
                    "cuda_api_gpu_sum: CSV or JSON)");
      S_table_free(x);
      memset(x, 0, sizeof *x);
      continue;
    }
    nt++;
  }
  if (!nt) {
    free(t);
    return -1;
  }
  S_merge g;
  memset(&g, 0, sizeof g);
  g.e = e;
  ec_nsys_names_init(&g.m, e);
  g.layer_inst = ec_calloc(e->n_layers ? e->n_layers : 1, sizeof *g.layer_inst);
  ec_kernel_set *ks = ec_calloc(1, sizeof *ks);
  ks->path = ec_strdup(t[0].path);
  ks->format = "nsys stats report";
  size_t iter_inst = 0;
  double iter_total = NAN;
  int have_totals = 0;
  size_t all_launches = 0;
  double all_ms = 0;
  /* nsys_sum first: how often each range ran */
  for (size_t k = 0; k < nt; k++) {
    if (t[k].kind != S_NVTX) continue;
    long cr = S_col(&t[k], "Range", NULL), ci = S_col(&t[k], "Instances", NULL);
    ks->has_nvtx = 1;
    for (size_t r = 0; r < t[k].nrow; r++) {
      const char *rg = t[k].cell[r * t[k].ncol + cr];
      double inst = S_num(t[k].cell[r * t[k].ncol + ci]);
      size_t in = isfinite(inst) && inst > 0 ? (size_t)inst : 0;
      long li = ec_nsys_names_layer(&g.m, rg, strlen(rg));
      ks->n_ranges += in;
      if (li >= 0) {
        g.layer_inst[li] += in;
        ks->n_layer_ranges += in;
      } else if (ec_nsys_is_iteration(rg, strlen(rg))) {
        iter_inst += in;
      } else if (!ks->first_other_range && *rg) {
        ks->first_other_range = ec_strdup(rg);
      }
    }
  }
  int have_nk = 0, have_plain = 0, have_named = 0;
  for (size_t k = 0; k < nt; k++) have_nk |= t[k].kind == S_NVTX_KERN;
  S_tally tot = {0};  /* every kernel once, by name: from a plain kernel summary, or from nvtx_kern_sum */
  S_tally most = {0}; /* nvtx_kern_sum: the most launches one range holds, by name */
  S_tally out = {0};  /* nvtx_kern_sum: launches outside every range, by name */
  /* kernel summaries: every kernel once (with :nvtx-name, under its innermost range) */
  for (size_t k = 0; k < nt; k++) {
    if (t[k].kind != S_KERN && t[k].kind != S_API) continue;
    S_table *x = &t[k];
    double tu, mu;
    long cn = S_col(x, x->kind == S_API ? "Operation" : "Name", NULL), ci = S_col(x, "Instances", NULL);
    long ct = S_col(x, "Total Time", &tu), cm = S_col(x, "Med", &mu), cc = S_col(x, "Category", NULL);
    int named = 0;
    for (size_t r = 0; r < x->nrow && !named; r++) {
      const char *rest;
      char *prefix;
      if (cc >= 0 && strcmp(x->cell[r * x->ncol + cc], "CUDA_KERNEL") != 0) continue;
      S_split(&g, x->cell[r * x->ncol + cn], &rest, &prefix);
      named = prefix != NULL;
      free(prefix);
    }
    have_named |= named;
    have_plain |= !named;
    have_totals = 1;
    for (size_t r = 0; r < x->nrow; r++) {
      char **row = &x->cell[r * x->ncol];
      if (cc >= 0 && strcmp(row[cc], "CUDA_KERNEL") != 0) continue;
      double inst = S_num(row[ci]), tm = S_num(row[ct]) * tu, med = cm >= 0 ? S_num(row[cm]) * mu : NAN;
      size_t in = isfinite(inst) && inst > 0 ? (size_t)inst : 0;
      all_launches += in;
      all_ms += isfinite(tm) ? tm : 0;
      if (!named) {
        S_tally_add(&tot, row[cn], inst, tm);
        continue;
      }
      const char *rest;
      char *prefix;
      long li = S_split(&g, row[cn], &rest, &prefix);
      ks->has_nvtx = 1;
      if (li >= 0) {
        if (!have_nk) S_add(S_acc_of(&g, li, NULL, rest), inst, NAN, tm, med);
      } else if (prefix) {
        ks->in_other_ranges += in;
        ks->in_other_ranges_ms += isfinite(tm) ? tm : 0;
        if (!ks->first_other_range) ks->first_other_range = ec_strdup(prefix);
        S_add(S_acc_of(&g, -1, prefix, rest), inst, NAN, tm, med);
      } else {
        ks->outside_ranges += in;
        ks->outside_ranges_ms += isfinite(tm) ? tm : 0;
        S_add(S_acc_of(&g, -1, NULL, row[cn]), inst, NAN, tm, med);
      }
      free(prefix);
    }
  }
  /* nvtx_kern_sum: the layer ranges' kernels */
  for (size_t k = 0; k < nt; k++) {
    if (t[k].kind != S_NVTX_KERN) continue;
    S_table *x = &t[k];
    double tu, mu;
    long cr = S_col(x, "NVTX Range", NULL), cn = S_col(x, "Kernel Name", NULL), ck = S_col(x, "Kern Inst", NULL);
    long cv = S_col(x, "NVTX Inst", NULL), ct = S_col(x, "Total Time", &tu), cm = S_col(x, "Med", &mu);
    ks->has_nvtx = 1;
    for (size_t r = 0; r < x->nrow; r++) {
      char **row = &x->cell[r * x->ncol];
      const char *rg = row[cr], *kn = row[cn];
      double kin = ck >= 0 ? S_num(row[ck]) : NAN, vin = cv >= 0 ? S_num(row[cv]) : NAN;
      double tm = S_num(row[ct]) * tu, med = cm >= 0 ? S_num(row[cm]) * mu : NAN;
      if (!*rg || !strcmp(rg, "None") || !strcmp(rg, "null")) {
        S_tally_add(&out, kn, kin, tm);
        continue;
      }
      double mms, mn = S_tally_get(&most, kn, &mms);
      if (isfinite(kin) && kin > mn) S_tally_add(&most, kn, kin - mn, (isfinite(tm) ? tm : 0) - mms);
      long li = ec_nsys_names_layer(&g.m, rg, strlen(rg));
      if (li >= 0) S_add(S_acc_of(&g, li, NULL, kn), kin, vin, tm, med);
      else if (ec_nsys_is_iteration(rg, strlen(rg))) {
        iter_total = (isfinite(iter_total) ? iter_total : 0) + (isfinite(tm) ? tm : 0);
        if (!iter_inst && isfinite(vin)) iter_inst = (size_t)vin;
      } else if (!ks->first_other_range)
        ks->first_other_range = ec_strdup(rg);
    }
  }
  if (have_nk && !have_named) {
    for (size_t i = 0; i < out.len; i++) {
      ks->outside_ranges += (size_t)out.n[i];
      ks->outside_ranges_ms += out.ms[i];
    }
    if (!have_plain) { /* every kernel once: outside every range, and the range that holds the most */
      for (size_t i = 0; i < out.len; i++) S_tally_add(&tot, out.name[i], out.n[i], out.ms[i]);
      for (size_t i = 0; i < most.len; i++) S_tally_add(&tot, most.name[i], most.n[i], most.ms[i]);
      for (size_t i = 0; i < tot.len; i++) all_launches += (size_t)tot.n[i], all_ms += tot.ms[i];
    }
  }
  /* the kernels of no layer, by name: all of them less the layers' */
  if (!have_named) {
    S_tally lay = {0};
    for (size_t i = 0; i < g.n; i++)
      if (g.a[i].layer >= 0) S_tally_add(&lay, g.a[i].name, (double)g.a[i].launches, g.a[i].total_ms);
    for (size_t i = 0; i < tot.len; i++) {
      double lms, ln = S_tally_get(&lay, tot.name[i], &lms);
      if (tot.n[i] - ln > 0) S_add(S_acc_of(&g, -1, NULL, tot.name[i]), tot.n[i] - ln, NAN, tot.ms[i] - lms, NAN);
    }
    S_tally_free(&lay);
  }
  S_tally_free(&tot);
  S_tally_free(&most);
  S_tally_free(&out);
  /* the model: each layer's kernels; kernels of no layer */
  for (size_t i = 0; i < g.n; i++) {
    S_acc *a = &g.a[i];
    if (a->layer < 0) continue;
    ks->matched += a->launches;
    ks->matched_ms += a->total_ms;
    ec_layer *l = &e->layers[a->layer];
    ec_layer_kernels *lk = l->kern;
    if (!lk) {
      lk = l->kern = ec_calloc(1, sizeof *lk);
      lk->span_mean_ms = NAN;
    }
    lk->v = ec_reallocarray(lk->v, lk->n + 1, sizeof *lk->v);
    ec_kernel *kk = &lk->v[lk->n++];
    memset(kk, 0, sizeof *kk);
    kk->name = a->name, a->name = NULL;
    kk->launches = a->launches;
    kk->total_ms = a->total_ms;
    kk->instances = a->nvtx_inst;
    kk->launch_median_ms = a->med_ms;
    kk->first_start = (int64_t)a->order;
    for (int j = 0; j < 3; j++) kk->grid[j] = kk->block[j] = -1;
    kk->registers = kk->static_smem = kk->dynamic_smem = kk->stream = kk->graph_node = -1;
    lk->launches += a->launches;
    lk->total_ms += a->total_ms;
    if (a->nvtx_inst > lk->instances) lk->instances = a->nvtx_inst;
  }
  for (size_t i = 0; i < e->n_layers; i++) {
    ec_layer_kernels *lk = e->layers[i].kern;
    if (!lk) continue;
    if (g.layer_inst[i]) lk->instances = g.layer_inst[i];
    size_t n = lk->instances;
    lk->iter_mean_ms = n ? lk->total_ms / (double)n : NAN;
    lk->iter_median_ms = lk->n == 1 && n && lk->v[0].launches == n ? lk->v[0].launch_median_ms : NAN;
    for (size_t j = 0; j < lk->n; j++) {
      ec_kernel *kk = &lk->v[j];
      if (!kk->instances) kk->instances = n;
      kk->iter_mean_ms = n ? kk->total_ms / (double)n : NAN;
      kk->iter_median_ms = n && kk->launches == n ? kk->launch_median_ms : NAN;
    }
  }
  for (size_t i = 0; i < g.n; i++) {
    S_acc *a = &g.a[i];
    if (a->layer >= 0) continue;
    ks->other = ec_reallocarray(ks->other, ks->n_other + 1, sizeof *ks->other);
    ec_kernel *kk = &ks->other[ks->n_other++];
    memset(kk, 0, sizeof *kk);
    kk->name = a->name, a->name = NULL;
    kk->range = a->range, a->range = NULL;
    kk->launches = a->launches;
    kk->total_ms = a->total_ms;
    kk->launch_median_ms = a->med_ms;
    kk->iter_mean_ms = kk->iter_median_ms = NAN;
    kk->first_start = (int64_t)a->order;
    for (int j = 0; j < 3; j++) kk->grid[j] = kk->block[j] = -1;
    kk->registers = kk->static_smem = kk->dynamic_smem = kk->stream = kk->graph_node = -1;
  }
  if (have_totals && ks->matched > all_launches) all_launches = ks->matched, all_ms = ks->matched_ms;
  ks->launches = all_launches;
  ks->total_ms = all_ms;
  if (!have_named) {
    /* what is neither matched nor outside: inside other ranges */
    size_t rest = all_launches > ks->matched + ks->outside_ranges ? all_launches - ks->matched - ks->outside_ranges : 0;
    double rest_ms = all_ms - ks->matched_ms - ks->outside_ranges_ms;
    ks->in_other_ranges = rest;
    ks->in_other_ranges_ms = rest_ms > 0 ? rest_ms : 0;
  }
  ks->iterations = iter_inst;
  ks->iter_kernel_ms = iter_inst && isfinite(iter_total) ? iter_total / (double)iter_inst : NAN;
  ks->iter_span_ms = NAN;
  e->kernels = ks;
  ec_nsys_say(e, EC_FILE_NSYS_STATS);
  for (size_t k = 1; k < nt; k++) ec_engine_add_file(e, t[k].path, EC_FILE_NSYS_STATS);
  for (size_t i = 0; i < g.n; i++) {
    free(g.a[i].name);
    free(g.a[i].range);
  }
  free(g.a);
  for (size_t i = 0; i < g.nkeys; i++) free(g.keys[i]);
  free(g.keys);
  ec_map_free(&g.at);
  free(g.layer_inst);
  ec_nsys_names_free(&g.m);
  for (size_t k = 0; k < nt; k++) S_table_free(&t[k]);
  free(t);
  return 0;
}
