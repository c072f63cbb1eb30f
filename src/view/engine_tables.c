#include "view/colors.h"
#include "words/words.h"
#include "view/engine_tables.h"
#include "facts/device_peak.h"
#include "view/engine_charts.h"
#include "facts/layer_kind.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "util/map.h"
#include "util/rank.h"
#include "view/phrase.h"
#include "view/headline.h"
#include "view/short_name.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define B(f, v) f(buf, sizeof buf, (v))

static char *S_iterations(char *buf, size_t cap, size_t n) { return ec_fmt_count(buf, cap, n, "iteration", "iterations"); }
static char *S_layers(char *buf, size_t cap, size_t n) { return ec_fmt_count(buf, cap, n, "layer", "layers"); }

static void S_kv(ec_table *t, const char *k, const char *v) {
  size_t r = ec_table_row(t);
  ec_table_set(t, r, 0, k, NAN);
  ec_table_set(t, r, 1, v ? v : "", NAN);
}

static char *S_dims(const ec_tensor *t) {
  ec_buf b = {0};
  ec_buf_putc(&b, '[');
  for (int d = 0; d < t->ndims; d++) ec_buf_printf(&b, "%s%lld", d ? "," : "", (long long)t->dims[d]);
  ec_buf_putc(&b, ']');
  return ec_buf_take(&b);
}

static char *S_tensors(const ec_tensor *t, size_t n) {
  ec_buf b = {0};
  for (size_t i = 0; i < n; i++) {
    char *d = S_dims(&t[i]);
    ec_buf_printf(&b, "%s%s %s", i ? "; " : "", d, t[i].format_short ? t[i].format_short : "");
    free(d);
  }
  return ec_buf_take(&b);
}

/* The Weights and Layer I/O rows: unknown is "not available" (no layer's
 * source describes them), and so is a total known in part, with the known
 * part beside it (view/phrase.h ec_phrase_bytes_total). */
static void S_weights_io_facts(ec_table *t, const ec_summary *s) {
  const ec_numbers *nu = &s->nums;
  char w2[32];
  ec_buf x = {0}, b = {0};
  ec_buf_puts(&x, " (every weight and bias");
  if (nu->n_const)
    ec_buf_printf(&x, ", and %zu constant input tensor%s of %s", nu->n_const, ec_plural(nu->n_const, "", "s"),
                  ec_fmt_bytes(w2, sizeof w2, nu->const_bytes));
  ec_buf_printf(&x, "; TREx counts %s)", ec_fmt_bytes(w2, sizeof w2, s->weights_bytes_trex));
  ec_phrase_weights(&b, s, x.data, "no layer's weights are described: names-only layer information or a log's layer listing");
  S_kv(t, "Weights", b.data);
  b.len = 0;
  ec_phrase_bytes_total(&b, s->activations_bytes, " (sum of every layer's input and output tensors: traffic, not memory)",
                     nu->io_known, nu->n, "no layer's tensors have a known size", NULL);
  S_kv(t, "Layer I/O", b.data);
  ec_buf_free(&x);
  ec_buf_free(&b);
}

ec_table *ec_tbl_facts(const ec_summary *s, const char *id) {
  const ec_engine *e = s->engine;
  char buf[128];
  ec_table *t = ec_table_new(id, NULL);
  ec_table_col(t, "Fact", EC_CELL_ALIGN_LEFT, 0);
  ec_table_col(t, "Value", EC_CELL_ALIGN_LEFT, 0);
  S_kv(t, "Engine", e->name);
  /* files that say a program made them (enginegen's examples) */
  if (e->generator) {
    char *g = ec_asprintf("generated, not measured: %s (as %s says)", e->generator, e->generator_source);
    S_kv(t, "Provenance", g);
    free(g);
  }
  if (e->device.present) {
    ec_buf b = {0};
    ec_buf_puts(&b, e->device.name ? e->device.name : "unknown device");
    if (e->device.compute_capability) ec_buf_printf(&b, ", compute capability %s", e->device.compute_capability);
    if (isfinite(e->device.sms)) ec_buf_printf(&b, ", " EC_WHOLE " %s", e->device.sms,
        ec_plural((size_t)(e->device.sms), "SM", "SMs"));
    char mem[64];
    if (e->device.global_memory) ec_buf_printf(&b, ", %s", ec_fmt_bytes_text(mem, sizeof mem, e->device.global_memory));
    S_kv(t, "Device", b.data);
    ec_buf_free(&b);
  } else {
    S_kv(t, "Device", EC_NA " (no metadata or log)");
  }
  /* the architecture: the device's, else the one the kernel names tell */
  char *arch = ec_arch_sentence(e, &s->nums.peak);
  if (arch) S_kv(t, "Architecture", arch);
  free(arch);
  S_kv(t, "TensorRT", e->trt_version ? e->trt_version : EC_NA " (no log banner)");
  char *prec = ec_summary_build_precision(s);
  if (prec) S_kv(t, "Build precision", prec);
  free(prec);
  ec_buf dla = {0};
  ec_phrase_dla(&dla, e);
  if (dla.len) S_kv(t, "DLA", dla.data);
  ec_buf_free(&dla);
  ec_buf b = {0};
  long long nl = ec_summary_layer_count(s);
  if (nl >= 0) ec_buf_printf(&b, "%lld", nl);
  else ec_buf_puts(&b, EC_NA " (no layer information: no graph, layer listing or profile)");
  ec_buf d = {0};
  ec_phrase_dropped(&d, e);
  if (d.len) ec_buf_printf(&b, " (plus %s, not counted, as TREx)", d.data);
  d.len = 0;
  ec_phrase_internal(&d, e);
  if (d.len) ec_buf_printf(&b, " (plus %s)", d.data);
  ec_buf_free(&d);
  if (e->graph_names_only && s->types_from_name)
    ec_buf_printf(&b, "; names only: shapes unknown, types read from the names of %zu (marked \"(from name)\")",
                  s->types_from_name);
  else if (e->graph_names_only) ec_buf_puts(&b, "; names only: types and shapes unknown");
  S_kv(t, "Layers", b.data);
  b.len = 0;
  ec_e2e tm = ec_summary_e2e(s);
  if (tm.known) {
    char m[32], p[32];
    ec_buf_printf(&b, "median %s ms, p99 %s ms (%s", ec_fmt_ms(m, sizeof m, tm.median_ms), ec_fmt_ms(p, sizeof p, tm.p99_ms),
                  tm.source);
    if (tm.count) ec_buf_printf(&b, ", %s", B(S_iterations, tm.count));
    ec_buf_puts(&b, ")");
    S_kv(t, tm.what[0] == 'G' ? "GPU compute time" : "End-to-end latency", b.data);
  } else {
    S_kv(t, "GPU compute time", EC_NA " (no timing, metadata or log)");
  }
  b.len = 0;
  if (e->perf.present && isfinite(e->perf.throughput_qps)) {
    char *tp = ec_headline_throughput(e);
    ec_buf_printf(&b, "%s (" EC_QPS ", %s)", tp, e->perf.throughput_qps, e->perf.throughput_source);
    free(tp);
    S_kv(t, "Throughput", b.data);
  } else {
    S_kv(t, "Throughput", EC_NA);
  }
  /* the layer sum after the measured end-to-end figures */
  b.len = 0;
  if (s->has_latency) {
    ec_buf_printf(&b, "%s ms (sum of per-layer averages", B(ec_fmt_ms, s->total_ms));
    if (e->profile_count > 0)
      ec_buf_printf(&b, " over %lld profiled iteration%s", (long long)e->profile_count, ec_plural(e->profile_count, "", "s"));
    if (e->profile_count == 1) ec_buf_puts(&b, "; a single sample");
    if (e->layers_without_profile)
      ec_buf_printf(&b, "; %zu of %zu %s ha%s no profile record", e->layers_without_profile, s->layers,
                    ec_plural(s->layers, "layer", "layers"),
                    ec_plural(e->layers_without_profile, "s", "ve"));
    if (e->aux_streams > 0 || e->layer_sum_caveat) {
      ec_buf_puts(&b, "; ");
      ec_phrase_aux_caveat(&b, e);
    }
    ec_buf_puts(&b, ")");
    S_kv(t, "Layer latency sum", b.data);
  } else {
    S_kv(t, "Layer latency sum", EC_NA " (no profile)");
  }
  b.len = 0;
  S_weights_io_facts(t, s);
  for (size_t i = 0; i < e->memory.n; i++) S_kv(t, e->memory.v[i].key, B(ec_fmt_bytes_text, e->memory.v[i].val));
  b.len = 0;
  for (size_t i = 0; i < e->n_files; i++)
    ec_buf_printf(&b, "%s%s (%s)", i ? "; " : "", e->files[i].path, ec_file_kind_name(e->files[i].kind));
  S_kv(t, "Files", b.len ? b.data : "");
  /* which run of which file the facts came from (what each gave:
   * summary --json provenance.runs_used) */
  b.len = 0;
  /* one log of one run says nothing the Files row does not */
  int said = e->n_run_facts > 1 || (e->n_run_facts == 1 && e->run_facts[0].runs > 1);
  for (size_t i = 0; said && i < e->n_run_facts; i++) {
    const ec_run_fact *r = &e->run_facts[i];
    const char *base = strrchr(r->path, '/') ? strrchr(r->path, '/') + 1 : r->path;
    ec_buf_printf(&b, "%s%s run %zu of %zu", i ? "; " : "", base, r->run, r->runs);
    if (r->role) ec_buf_printf(&b, " (%s)", r->role);
  }
  if (b.len) S_kv(t, e->n_run_facts > 1 ? "Runs used" : "Run used", b.data);
  if (e->run_profiler) {
    b.len = 0;
    ec_buf_printf(&b, "%s (%s): the run was profiled, so its times include the profiler's overhead", e->run_profiler,
                  e->run_profiler_source ? e->run_profiler_source : "log");
    S_kv(t, "Run profiler", b.data);
  }
  ec_buf_free(&b);
  return t;
}

/* "AxB" into b (nothing when v is NULL). */
static void S_shape_text(ec_buf *b, const int64_t *v, int n) {
  for (int i = 0; v && i < n; i++) ec_buf_printf(b, "%s%lld", i ? "x" : "", (long long)v[i]);
}

/* A binding's TensorRT 11 profiles: "profile 0 (in use): min 1x3, opt 4x3,
 * max 8x3; profile 1: ..." (an output's: its format). */
static char *S_io_profiles(const ec_binding *b) {
  ec_buf t = {0};
  for (size_t k = 0; k < b->n_profiles; k++) {
    const ec_bind_profile *p = &b->profiles[k];
    ec_buf_printf(&t, "%sprofile %zu%s:", k ? "; " : "", k, p == b->profile && b->n_profiles > 1 ? " (in use)" : "");
    const int64_t *v[3] = {p->min, p->opt, p->max};
    int n[3] = {p->nmin, p->nopt, p->nmax};
    static const char *const nm[3] = {"min", "opt", "max"};
    int any = 0;
    for (int j = 0; j < 3; j++)
      if (v[j]) {
        ec_buf_printf(&t, "%s %s ", any ? "," : "", nm[j]);
        S_shape_text(&t, v[j], n[j]);
        any = 1;
      }
    if (p->format) ec_buf_printf(&t, "%s %s", any ? "," : "", p->format);
  }
  return ec_buf_take(&t);
}

/* 1 when the options' shapes of b say no more than its Shape column: only
 * an inference shape, equal to the binding's own dims. */
static int S_shapes_said(const ec_binding *b) {
  const ec_input_shape *x = b->shapes;
  if (!x || x->min.v || x->opt.v || x->max.v || !b->described) return 0;
  if (!x->inference.v || x->inference.n != b->t.ndims) return 0;
  for (int d = 0; d < x->inference.n; d++)
    if (x->inference.v[d] != b->t.dims[d]) return 0;
  return 1;
}

ec_table *ec_tbl_bindings(const ec_summary *s, const char *id) {
  const ec_engine *e = s->engine;
  if (!e->n_bindings) {
    return NULL;
  }
  int profiles = 0, io = 0;
  for (size_t i = 0; i < e->n_bindings; i++) {
    profiles |= e->bindings[i].shapes != NULL && !S_shapes_said(&e->bindings[i]);
    io |= e->bindings[i].profiles != NULL || e->bindings[i].shape_io >= 0; /* TensorRT 11's I/O Tensors */
  }
  ec_table *t = ec_table_new(id, NULL);
  ec_table_col(t, "Binding", EC_CELL_ALIGN_LEFT, 0);
  ec_table_col(t, "Direction", EC_CELL_ALIGN_LEFT, 0);
  ec_table_col(t, "Shape", EC_CELL_ALIGN_LEFT, 0);
  ec_table_col(t, "Data type", EC_CELL_ALIGN_LEFT, 0);
  ec_table_col(t, "Format", EC_CELL_ALIGN_LEFT, 0);
  if (profiles) ec_table_col(t, "Shapes from the options", EC_CELL_ALIGN_LEFT, 0);
  size_t cio = profiles ? 6 : 5;
  if (io) {
    ec_table_col(t, "Location", EC_CELL_ALIGN_LEFT, 0);
    ec_table_col(t, "Optimisation profiles (I/O Tensors)", EC_CELL_ALIGN_LEFT, 0);
  }
  /* the engine's one list of bindings, in its order, whatever reads them */
  for (size_t i = 0; i < e->n_bindings; i++) {
    const ec_binding *b = &e->bindings[i];
    size_t r = ec_table_row(t);
    ec_table_setn(t, r, 0, b->t.name, b->t.name_len, NAN);
    const char *dir = ec_bind_dir_name(b->dir);
    char *d = dir && !b->listed ? ec_asprintf("%s (inferred)", dir)
              : dir && b->shape_io == 1 ? ec_asprintf("%s (shape tensor)", dir)
                                        : ec_strdup(dir ? dir : EC_NA);
    ec_table_set(t, r, 1, d, NAN);
    free(d);
    if (b->described) {
      d = S_dims(&b->t);
      ec_table_set(t, r, 2, d, NAN);
      free(d);
    } else {
      ec_table_set(t, r, 2, EC_NA, NAN);
    }
    ec_table_set(t, r, 3, b->described && b->t.precision ? b->t.precision : EC_NA, NAN);
    ec_table_set(t, r, 4, b->described && b->t.format_short ? b->t.format_short : EC_NA, NAN);
    if (profiles) {
      char sh[256];
      ec_table_set(t, r, 5, b->shapes ? ec_phrase_input_shape(sh, sizeof sh, b->shapes) : "", NAN);
    }
    if (io) {
      ec_table_set(t, r, cio, b->t.location ? b->t.location : EC_NA, NAN);
      char *p = S_io_profiles(b);
      ec_table_set(t, r, cio + 1, b->n_profiles ? p : EC_NA, NAN);
      free(p);
    }
  }
  return t;
}

/* One row of the timings table: its names and sources (joined when equal
 * rows merge), its seven statistics and how they are shown. */
typedef struct {
  char name[160], src[96];
  double v[7];
  char txt[7][32];
  int reported; /* trtexec's own figure beside a measured one that differs */
} S_stat;

static void S_stat_fill(S_stat *r, const char *name, const ec_sample_stats *x, const ec_stats *rep, const char *src) {
  memset(r, 0, sizeof *r);
  snprintf(r->name, sizeof r->name, "%s", name);
  snprintf(r->src, sizeof r->src, "%s", src);
  if (x) {
    double w[7] = {x->min, x->mean, x->median, x->p90, x->p95, x->p99, x->max};
    memcpy(r->v, w, sizeof w);
  } else {
    static const char *lab[7] = {"min", "mean", "median", "p90", "p95", "p99", "max"};
    for (int i = 0; i < 7; i++) r->v[i] = ec_stats_get(rep, lab[i]);
  }
  for (int i = 0; i < 7; i++) ec_fmt_ms(r->txt[i], sizeof r->txt[i], r->v[i]);
}

/* Append ", s" to dst unless s is already one of its comma-separated parts. */
static void S_join(char *dst, size_t cap, const char *s) {
  size_t n = strlen(s);
  for (const char *p = dst; *p;) {
    size_t k = strcspn(p, ",");
    if (k == n && !strncmp(p, s, n)) return;
    p += k;
    while (*p == ',' || *p == ' ') p++;
  }
  size_t l = strlen(dst);
  snprintf(dst + l, cap - l, "%s%s", l ? ", " : "", s);
}

/* Rows that show the same seven numbers are one row: a figure trtexec
 * reported that equals the measured one, H2D and D2H both 0 under
 * --noDataTransfers, a latency equal to the GPU compute time. */
static void S_stat_add(S_stat *rows, size_t *n, const S_stat *x, const char *base) {
  for (size_t i = 0; i < *n; i++) {
    /* equal where both are known ("not available" matches anything) */
    int same = 1, both = 0;
    for (int k = 0; k < 7 && same; k++) {
      if (isnan(rows[i].v[k]) || isnan(x->v[k])) continue;
      same = !strcmp(rows[i].txt[k], x->txt[k]);
      both++;
    }
    if (!same || !both) continue;
    for (int k = 0; k < 7; k++)
      if (isnan(rows[i].v[k]) && !isnan(x->v[k])) {
        rows[i].v[k] = x->v[k];
        memcpy(rows[i].txt[k], x->txt[k], sizeof x->txt[k]);
      }
    S_join(rows[i].name, sizeof rows[i].name, base);
    S_join(rows[i].src, sizeof rows[i].src, x->src);
    return;
  }
  rows[(*n)++] = *x;
}

ec_table *ec_tbl_perf(const ec_summary *s, const char *id) {
  const ec_engine *e = s->engine;
  const ec_perf *p = &e->perf;
  if (!s->has_timing && !p->present) {
    return NULL;
  }
  ec_table *t = ec_table_new(id, NULL);
  static const char *cols[] = {"Measure (ms)", "min", "mean", "median", "p90", "p95", "p99", "max", "Source"};
  for (size_t i = 0; i < 9; i++) ec_table_col(t, cols[i], i && i < 8 ? EC_CELL_ALIGN_RIGHT : EC_CELL_ALIGN_LEFT, i && i < 8);
  struct { const char *name; int has; const ec_sample_stats *x; const ec_stats *rep; } rows[] = {
      {"GPU compute", s->has_compute, &s->compute, &p->gpu_compute},
      {"Latency (H2D + compute + D2H)", s->has_timing, &s->timing, &p->latency},
      {"Enqueue", s->has_enqueue, &s->enqueue, &p->enqueue},
      {"H2D", s->has_h2d, &s->h2d, &p->h2d},
      {"D2H", s->has_d2h, &s->d2h, &p->d2h},
  };
  S_stat out[10];
  size_t n = 0;
  for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
    S_stat x;
    if (rows[i].has) {
      S_stat_fill(&x, rows[i].name, rows[i].x, NULL, "timing.json");
      S_stat_add(out, &n, &x, rows[i].name);
    }
    if (rows[i].rep->n && (!rows[i].has || rows[i].rep->source)) {
      S_stat_fill(&x, rows[i].name, NULL, rows[i].rep, rows[i].rep->source ? rows[i].rep->source : "");
      x.reported = rows[i].has;
      S_stat_add(out, &n, &x, rows[i].name);
    }
  }
  for (size_t i = 0; i < n; i++) {
    size_t r = ec_table_row(t);
    char name[192];
    snprintf(name, sizeof name, "%s%s", out[i].name, out[i].reported ? " (as reported)" : "");
    ec_table_set(t, r, 0, name, NAN);
    for (int k = 0; k < 7; k++) ec_table_set(t, r, (size_t)k + 1, out[i].txt[k], out[i].v[k]);
    ec_table_set(t, r, 8, out[i].src, NAN);
  }
  return t;
}

/* ordered: the rows in ec_groups_order's order (by latency, else count),
 * else by key. */
static ec_table *S_groups(const ec_groups *g, const char *id, const char *key, int has_latency, int ordered) {
  size_t *ix = ordered ? ec_groups_order(g, has_latency) : NULL;
  ec_table *t = ec_table_new(id, NULL);
  ec_table_col(t, key, EC_CELL_ALIGN_LEFT, 0);
  ec_table_col(t, "Layers", EC_CELL_ALIGN_RIGHT, 1);
  if (has_latency) {
    ec_table_col(t, "Latency (ms)", EC_CELL_ALIGN_RIGHT, 1);
    ec_table_col(t, "Latency (%)", EC_CELL_ALIGN_RIGHT, 1);
  }
  for (size_t k = 0; k < g->n; k++) {
    size_t i = ix ? ix[k] : k;
    size_t r = ec_table_row(t);
    ec_table_set(t, r, 0, g->v[i].key, NAN);
    ec_table_set_count(t, r, 1, (double)g->v[i].count);
    if (has_latency) {
      ec_table_set_ms(t, r, 2, g->v[i].latency_ms);
      ec_table_set_pct(t, r, 3, g->v[i].pct);
    }
  }
  free(ix);
  return t;
}

ec_table *ec_tbl_by_type(const ec_summary *s, const char *id) {
  if (!s->layers) {
    return NULL;
  }
  return S_groups(&s->by_type_shown, id, "Layer type", s->has_latency, 1);
}

/* Layers and latency by the precision of the first input, and the latency
 * by the precision of the first output beside them (the precision-mix
 * chart's three strips). */
ec_table *ec_tbl_by_precision(const ec_summary *s, const char *id) {
  if (!s->layers) return NULL;
  ec_table *t = S_groups(&s->by_precision, id, "Precision", s->has_latency, 0);
  if (!s->has_latency) return t;
  /* output precisions that no input has get rows of their own */
  for (size_t i = 0; i < s->by_out_precision.n; i++)
    if (!ec_groups_find(&s->by_precision, s->by_out_precision.v[i].key)) {
      size_t r = ec_table_row(t);
      ec_table_set(t, r, 0, s->by_out_precision.v[i].key, NAN);
      ec_table_set(t, r, 1, "0", 0);
      ec_table_set(t, r, 2, "0", 0);
      ec_table_set(t, r, 3, "0.00", 0);
    }
  ec_table *o = ec_table_new(id, NULL);
  static const char *const cols[] = {"Precision", "Layers (input)", "Latency (ms, input)", "Latency (%, input)",
                                     "Latency (ms, output)", "Latency (%, output)"};
  for (size_t c = 0; c < 6; c++) ec_table_col(o, cols[c], c ? EC_CELL_ALIGN_RIGHT : EC_CELL_ALIGN_LEFT, c > 0);
  for (size_t r = 0; r < t->nrows; r++) {
    size_t x = ec_table_row(o);
    for (size_t c = 0; c < 4; c++) {
      const ec_cell *cl = ec_table_cell(t, r, c);
      ec_table_set(o, x, c, cl->text, cl->sort);
    }
    ec_precision_cell(o, x, 0, ec_table_cell(t, r, 0)->text);
    const ec_group *g = ec_groups_find(&s->by_out_precision, ec_table_cell(t, r, 0)->text);
    double ms = g ? g->latency_ms : 0, pct = g ? g->pct : 0;
    ec_table_set_ms(o, x, 4, ms);
    ec_table_set_pct(o, x, 5, pct);
  }
  ec_table_free(t);
  return o;
}

/* The width a layer's name takes in the slowest-layers table: one line of
 * the first screen's table at 1280 px (view/short_name.h); a name that fits
 * three such lines is shown whole. */
#define S_SHORT_W 300.0

/* short: the first screen's table, where a fused name is shown by its
 * shortest distinguishing form, the whole name on demand; else whole. */
static void S_layer_cells(ec_table *t, size_t r, const ec_summary *s, const ec_layer *l, size_t c0, int short_name) {
  int cut = 0;
  char *nm = short_name ? ec_short_name(l->name, l->name_len, 10, S_SHORT_W, 3 * S_SHORT_W, &cut) : NULL;
  if (nm) {
    ec_table_set(t, r, c0, nm, NAN);
    free(nm);
  } else {
    ec_table_setn(t, r, c0, l->name, l->name_len, NAN);
  }
  if (cut) {
    char *whole = ec_strndup(l->name, l->name_len);
    ec_table_set_tip(t, r, c0, whole);
    free(whole);
  }
  ec_table_set(t, r, c0 + 1, ec_layer_shown_type(l), NAN);
  ec_table_set(t, r, c0 + 2, l->precision, NAN);
  ec_precision_cell(t, r, c0 + 2, l->precision);
  if (s->has_latency) {
    ec_table_set_ms(t, r, c0 + 3, l->has_profile ? l->avg_ms : NAN);
    double sh = ec_layer_share_pct(s, l);
    ec_table_set_pct(t, r, c0 + 4, sh);
    ec_table_set_kind(t, r, c0 + 4, EC_CELL_SHARE, NULL);
  }
}

ec_table *ec_tbl_top_layers(const ec_summary *s, const char *id, size_t n) {
  if (!s->has_latency) {
    return NULL;
  }
  ec_table *t = ec_table_new(id, NULL);
  ec_table_col(t, "#", EC_CELL_ALIGN_RIGHT, 1);
  ec_table_col(t, "Layer", EC_CELL_ALIGN_LEFT, 0);
  ec_table_col(t, "Type", EC_CELL_ALIGN_LEFT, 0);
  ec_table_col(t, "Precision", EC_CELL_ALIGN_LEFT, 0);
  ec_table_col(t, "Latency (ms)", EC_CELL_ALIGN_RIGHT, 1);
  ec_table_col(t, "Latency (%)", EC_CELL_ALIGN_RIGHT, 1);
  size_t k = s->layers < n ? s->layers : n;
  for (size_t i = 0; i < k; i++) {
    size_t r = ec_table_row(t);
    char num[16];
    snprintf(num, sizeof num, "%zu", i + 1);
    ec_table_set(t, r, 0, num, (double)(i + 1));
    S_layer_cells(t, r, s, &s->engine->layers[s->order[i]], 1, 1);
  }
  return t;
}

ec_table *ec_tbl_layer_order(const ec_summary *s, const char *id) {
  if (!s->has_latency || !s->layers) return NULL;
  ec_layer_bin *bins = NULL;
  size_t nb = ec_layer_order_bins(s->engine, 0, &bins);
  int binned = nb < s->layers;
  ec_table *t = ec_table_new(id, NULL);
  ec_table_col(t, binned ? "Layers" : "Order", EC_CELL_ALIGN_RIGHT, 1);
  ec_table_col(t, binned ? "Slowest layer" : "Layer", EC_CELL_ALIGN_LEFT, 0);
  ec_table_col(t, "Type", EC_CELL_ALIGN_LEFT, 0);
  ec_table_col(t, "Precision", EC_CELL_ALIGN_LEFT, 0);
  ec_table_col(t, "Latency (ms)", EC_CELL_ALIGN_RIGHT, 1);
  ec_table_col(t, "Latency (%)", EC_CELL_ALIGN_RIGHT, 1);
  if (binned) ec_table_col(t, "Run total (ms)", EC_CELL_ALIGN_RIGHT, 1);
  for (size_t b = 0; b < nb; b++) {
    const ec_layer_bin *x = &bins[b];
    size_t r = ec_table_row(t);
    char num[64];
    if (binned) snprintf(num, sizeof num, "%zu\xE2\x80\x93%zu", x->first, x->last);
    else snprintf(num, sizeof num, "%zu", x->first);
    ec_table_set(t, r, 0, num, (double)x->first);
    S_layer_cells(t, r, s, &s->engine->layers[x->slowest], 1, 0);
    if (binned) ec_table_set_ms(t, r, 6, x->profiled ? x->sum_ms : NAN);
  }
  free(bins);
  return t;
}

ec_table *ec_tbl_build_times(const ec_summary *s, const char *id, size_t n) {
  const ec_engine *e = s->engine;
  size_t m = 0;
  size_t *ids = ec_malloc((e->n_layers ? e->n_layers : 1) * sizeof *ids);
  double *v = ec_malloc((e->n_layers ? e->n_layers : 1) * sizeof *v);
  for (size_t i = 0; i < e->n_layers; i++) {
    const char *bt = ec_attrs_get(&e->layers[i].attrs, "BuildTimeMs");
    char *end;
    double ms = bt ? strtod(bt, &end) : NAN;
    if (!bt || *end || !isfinite(ms)) continue;
    ids[m] = i;
    v[m++] = ms;
  }
  ec_table *t = NULL;
  if (m) {
    ec_rank_desc_ids(ids, v, m);
    t = ec_table_new(id, NULL);
    ec_table_col(t, "#", EC_CELL_ALIGN_RIGHT, 1);
    ec_table_col(t, "Layer", EC_CELL_ALIGN_LEFT, 0);
    ec_table_col(t, "Type", EC_CELL_ALIGN_LEFT, 0);
    ec_table_col(t, "Kernel (build log)", EC_CELL_ALIGN_LEFT, 0);
    ec_table_col(t, "Build-time measurement (ms)", EC_CELL_ALIGN_RIGHT, 1);
    for (size_t k = 0; k < m && k < n; k++) {
      const ec_layer *l = &e->layers[ids[k]];
      size_t r = ec_table_row(t);
      char num[48], tb[80];
      snprintf(num, sizeof num, "%zu", k + 1);
      ec_table_set(t, r, 0, num, (double)(k + 1));
      ec_table_setn(t, r, 1, l->name, l->name_len, NAN);
      ec_table_set(t, r, 2, ec_layer_shown_type(l), NAN);
      ec_table_set(t, r, 3, ec_layer_tactic_shown(l, tb, sizeof tb), NAN);
      const char *bt = ec_attrs_get(&l->attrs, "BuildTimeMs");
      ec_table_set(t, r, 4, bt, strtod(bt, NULL));
    }
  }
  free(ids);
  free(v);
  return t;
}

ec_table *ec_tbl_type_layers(const ec_summary *s, const char *id, const char *type, size_t max, char **sentence) {
  const ec_group *g = ec_groups_find(&s->by_type_shown, type);
  if (!g) return NULL;
  ec_table *t = ec_table_new(id, NULL);
  ec_table_col(t, "Layer", EC_CELL_ALIGN_LEFT, 0);
  ec_table_col(t, "Type", EC_CELL_ALIGN_LEFT, 0);
  ec_table_col(t, "Precision", EC_CELL_ALIGN_LEFT, 0);
  if (s->has_latency) {
    ec_table_col(t, "Latency (ms)", EC_CELL_ALIGN_RIGHT, 1);
    ec_table_col(t, "Latency (%)", EC_CELL_ALIGN_RIGHT, 1);
  }
  ec_table_clip(t, ec_table_col(t, "Tactic", EC_CELL_ALIGN_LEFT, 0));
  size_t shown = 0;
  for (size_t i = 0; i < s->layers && shown < max; i++) {
    const ec_layer *l = &s->engine->layers[s->order[i]];
    if (strcmp(ec_layer_shown_type(l), type)) continue;
    size_t r = ec_table_row(t);
    S_layer_cells(t, r, s, l, 0, 0);
    char tb[80];
    ec_table_set(t, r, s->has_latency ? 5 : 3, ec_layer_tactic_shown(l, tb, sizeof tb), NAN);
    shown++;
  }
  if (g->count > shown) {
    char note[160];
    snprintf(note, sizeof note, "%zu more %s layer%s in the full layer table.", g->count - shown, type,
             ec_plural(g->count - shown, " is", "s are"));
    ec_table_set_note(t, note);
  }
  /* TREx: f"There are {n} {type} layers which account for {pct:.2f}% ({avg:.5f} ms) of the overall latency." */
  char cnt[64];
  snprintf(cnt, sizeof cnt, "%s %zu %s layer%s", ec_plural(g->count, "There is", "There are"), g->count, type,
           ec_plural(g->count, "", "s"));
  if (s->has_latency && !g->profiled)
    *sentence = ec_asprintf("%s; the profile measured %s, so %s latency is unknown.", cnt,
                            ec_plural(g->count, "it not", "none of them"), ec_plural(g->count, "its", "their"));
  else if (s->has_latency)
    *sentence = ec_asprintf("%s which account%s for " EC_PCT " (" EC_MS ") of the overall latency.", cnt,
                            ec_plural(g->count, "s", ""), g->pct, g->latency_ms);
  else
    *sentence = ec_asprintf("%s (no profile: %s latency is unknown).", cnt, ec_plural(g->count, "its", "their"));
  return t;
}

/* A tactic group of the tactics table. */
typedef struct {
  char *key;
  size_t n;
  double ms;
} S_tgroup;

/* Tactic groups: latency descending, then key. */
static int S_cmp_tactic_group(const void *a, const void *b) {
  const S_tgroup *p = a, *q = b;
  if (p->ms != q->ms) return p->ms > q->ms ? -1 : 1;
  return strcmp(p->key, q->key);
}

ec_table *ec_tbl_tactics(const ec_summary *s, const char *id) {
  if (!s->layers) {
    return NULL;
  }
  /* group by the tactic cut before "_0x" (trex summary -gt); a hash map
   * finds the group, so an engine whose layers all have different tactics
   * stays n log n */
  S_tgroup *g = NULL;
  size_t ng = 0, cg = 0;
  ec_map at = {0};
  for (size_t i = 0; i < s->layers; i++) {
    const ec_layer *l = &s->engine->layers[i];
    char key[512];
    ec_tactic_group(l->tactic, key, sizeof key);
    size_t k;
    if (!ec_map_get(&at, key, strlen(key), &k)) {
      k = ng;
      S_tgroup *x = EC_PUSH(g, ng, cg);
      x->key = ec_strdup(key);
      x->n = 0;
      x->ms = 0;
      ec_map_put(&at, x->key, strlen(x->key), k);
    }
    g[k].n++;
    if (l->has_profile) g[k].ms += l->avg_ms;
  }
  ec_map_free(&at);
  /* sort by latency desc, then key (keys are unique) */
  if (ng > 1) qsort(g, ng, sizeof *g, S_cmp_tactic_group);
  ec_table *t = ec_table_new(id, NULL);
  ec_table_col(t, "Tactic (cut before _0x)", EC_CELL_ALIGN_LEFT, 0);
  ec_table_col(t, "Layers", EC_CELL_ALIGN_RIGHT, 1);
  if (s->has_latency) {
    ec_table_col(t, "Latency (ms)", EC_CELL_ALIGN_RIGHT, 1);
    ec_table_col(t, "Latency (%)", EC_CELL_ALIGN_RIGHT, 1);
  }
  for (size_t i = 0; i < ng; i++) {
    size_t r = ec_table_row(t);
    ec_table_set(t, r, 0, g[i].key, NAN);
    ec_table_set_count(t, r, 1, (double)g[i].n);
    if (s->has_latency) {
      ec_table_set_ms(t, r, 2, g[i].ms);
      double sh = ec_share_pct(g[i].ms, s->total_ms);
      ec_table_set_pct(t, r, 3, sh);
    }
    free(g[i].key);
  }
  free(g);
  return t;
}

/* Rows the all-layers table shows without scripts when it is written as data. */
#define S_STATIC_LAYERS 100

ec_table *ec_tbl_layers(const ec_summary *s, const char *id, const char *row_prefix, size_t max) {
  const ec_engine *e = s->engine;
  if (!e->n_layers) {
    return NULL;
  }
  char buf[32];
  ec_table *t = ec_table_new(id, NULL);
  t->interactive = 1;
  ec_table_col(t, "#", EC_CELL_ALIGN_RIGHT, 1);
  ec_table_col(t, "Layer", EC_CELL_ALIGN_LEFT, 0);
  ec_table_col(t, "Type", EC_CELL_ALIGN_LEFT, 0);
  ec_table_col(t, "Precision", EC_CELL_ALIGN_LEFT, 0);
  ec_table_col(t, "Latency (ms)", EC_CELL_ALIGN_RIGHT, 1);
  ec_table_col(t, "Latency (%)", EC_CELL_ALIGN_RIGHT, 1);
  ec_table_col(t, "Out precision", EC_CELL_ALIGN_LEFT, 0);
  ec_table_clip(t, ec_table_col(t, "Tactic", EC_CELL_ALIGN_LEFT, 0));
  ec_table_clip(t, ec_table_col(t, "Inputs", EC_CELL_ALIGN_LEFT, 0));
  ec_table_clip(t, ec_table_col(t, "Outputs", EC_CELL_ALIGN_LEFT, 0));
  size_t n = max && max < e->n_layers ? max : e->n_layers;
  for (size_t i = 0; i < n; i++) {
    const ec_layer *l = &e->layers[i];
    size_t r = ec_table_row(t);
    char rid[96];
    snprintf(rid, sizeof rid, "%s-L%zu", row_prefix, i);
    ec_table_set_row_id(t, r, rid);
    ec_table_set_count(t, r, 0, (double)i);
    ec_table_setn(t, r, 1, l->name, l->name_len, NAN);
    ec_table_set(t, r, 2, ec_layer_shown_type(l), NAN);
    ec_table_set(t, r, 3, l->precision, NAN);
    ec_precision_cell(t, r, 3, l->precision);
    if (l->has_profile) {
      double sh = ec_layer_share_pct(s, l);
      ec_table_set_ms(t, r, 4, l->avg_ms);
      ec_table_set_pct(t, r, 5, sh);
    } else {
      ec_table_set_dash(t, r, 4);
      ec_table_set_dash(t, r, 5);
    }
    ec_table_set(t, r, 6, l->out_precision, NAN);
    char tb[80];
    ec_table_set(t, r, 7, ec_layer_tactic_shown(l, tb, sizeof tb), NAN);
    char *in = S_tensors(l->in, l->n_in), *out = S_tensors(l->out, l->n_out);
    ec_table_set(t, r, 8, in, NAN);
    ec_table_set(t, r, 9, out, NAN);
    free(in);
    free(out);
  }
  if (n < e->n_layers) {
    char note[200];
    snprintf(note, sizeof note, "%zu more layer%s not shown; `enginecard layers ENGINE --csv` lists all %zu.",
             e->n_layers - n, ec_plural(e->n_layers - n, " is", "s are"), e->n_layers);
    ec_table_set_note(t, note);
  }
  if (ec_table_is_data(t)) {
    /* a page without scripts shows the slowest layers (graph order without a profile) */
    size_t k = 0, *rows = ec_calloc(S_STATIC_LAYERS, sizeof *rows);
    for (size_t i = 0; i < e->n_layers && k < S_STATIC_LAYERS; i++) {
      size_t li = s->has_latency ? s->order[i] : i;
      if (li < n) rows[k++] = li;
    }
    char note[320];
    snprintf(note, sizeof note,
             "Without scripts this shows the %zu %s of the %s layers; with scripts the table holds them all (sort, filter, "
             "scroll). `enginecard layers ENGINE --csv` lists every layer.",
             k, s->has_latency ? "slowest" : "first", B(ec_fmt_int, (double)n));
    ec_table_set_static_rows(t, rows, k, note);
    free(rows);
  }
  return t;
}

ec_table *ec_tbl_reformats(const ec_summary *s, const char *id) {
  if (!s->reformat_count) {
    return NULL;
  }
  return S_groups(&s->reformat_by_origin, id, "Reformat origin", s->has_latency, 0);
}

ec_table *ec_tbl_pointwise(const ec_summary *s, const char *id) {
  const ec_engine *e = s->engine;
  size_t counts[EC_PW_MAX_OPS + 1];
  double ms[EC_PW_MAX_OPS + 1];
  if (!ec_pointwise_ops(e, counts, ms)) return NULL;
  ec_table *t = ec_table_new(id, NULL);
  ec_table_col(t, "Fused operations", EC_CELL_ALIGN_RIGHT, 1);
  ec_table_col(t, "Layers", EC_CELL_ALIGN_RIGHT, 1);
  if (s->has_latency) {
    ec_table_col(t, "Latency (ms)", EC_CELL_ALIGN_RIGHT, 1);
    ec_table_col(t, "Latency (%)", EC_CELL_ALIGN_RIGHT, 1);
  }
  for (size_t k = 0; k <= EC_PW_MAX_OPS; k++) {
    if (!counts[k]) continue;
    size_t r = ec_table_row(t);
    char kb[32];
    snprintf(kb, sizeof kb, "%zu%s", k, k == EC_PW_MAX_OPS ? " or more" : "");
    ec_table_set(t, r, 0, k ? kb : "not listed", (double)k);
    ec_table_set_count(t, r, 1, (double)counts[k]);
    if (s->has_latency) {
      ec_table_set_ms(t, r, 2, ms[k]);
      double sh = ec_share_pct(ms[k], s->total_ms);
      ec_table_set_pct(t, r, 3, sh);
    }
  }
  return t;
}

ec_table *ec_tbl_fused(const ec_summary *s, const char *id, size_t max) {
  const ec_engine *e = s->engine;
  ec_table *t = ec_table_new(id, NULL);
  ec_table_col(t, "Layer", EC_CELL_ALIGN_LEFT, 0);
  ec_table_col(t, "Type", EC_CELL_ALIGN_LEFT, 0);
  if (s->has_latency) ec_table_col(t, "Latency (ms)", EC_CELL_ALIGN_RIGHT, 1);
  ec_table_col(t, "Fused ONNX ops", EC_CELL_ALIGN_RIGHT, 1);
  ec_table_clip(t, ec_table_col(t, "What it fused", EC_CELL_ALIGN_LEFT, 0));
  size_t total = 0;
  for (size_t i = 0; i < s->layers; i++) {
    const ec_layer *l = &e->layers[s->order[i]];
    if (!ec_layer_is_fused(l)) continue;
    total++;
    if (t->nrows >= max) continue;
    size_t r = ec_table_row(t), c = 0;
    ec_table_setn(t, r, c++, l->name, l->name_len, NAN);
    ec_table_set(t, r, c++, ec_layer_shown_type(l), NAN);
    if (s->has_latency) {
      ec_table_set_ms(t, r, c, l->avg_ms);
      c++;
    }
    /* ONNX metadata when present, else the name's " + " parts */
    ec_buf b = {0};
    size_t nops = ec_layer_fused_ops(l);
    if (l->n_metadata) {
      size_t listed = 0;
      for (size_t k = 0; k < l->n_metadata; k++) {
        const char *m = l->metadata[k];
        const char *p = strstr(m, "[ONNX Layer: ");
        if (p) {
          p += 13;
          const char *q = strrchr(p, ']');
          ec_buf_printf(&b, "%s%.*s", listed ? ", " : "", (int)(q ? q - p : (long)strlen(p)), p);
        } else {
          ec_buf_printf(&b, "%s%s", listed ? ", " : "", m);
        }
        listed++;
        if (b.len > 600) {
          ec_buf_printf(&b, ", ... (%zu in all)", l->n_metadata);
          break;
        }
      }
    } else {
      ec_buf_put(&b, l->name, l->name_len > 600 ? 600 : l->name_len);
    }
    ec_table_set_count(t, r, c++, (double)nops);
    ec_table_set(t, r, c, b.data ? b.data : "", NAN);
    ec_buf_free(&b);
  }
  const char *why;
  return ec_table_finish(t, total, "no fused layer", &why, "fused layer is in the full layer table.",
                         "fused layers are in the full layer table.");
}

ec_table *ec_tbl_memory(const ec_summary *s, const char *id, size_t max) {
  const ec_engine *e = s->engine;
  const ec_numbers *nu = &s->nums;
  if (!e->n_layers || (!nu->weights_known && !nu->io_known)) {
    return NULL;
  }
  size_t *ord = ec_numbers_by_footprint(nu);
  char buf[32];
  ec_table *t = ec_table_new(id, NULL);
  ec_table_col(t, "Layer", EC_CELL_ALIGN_LEFT, 0);
  ec_table_col(t, "Type", EC_CELL_ALIGN_LEFT, 0);
  ec_table_col(t, "Weights", EC_CELL_ALIGN_RIGHT, 1);
  ec_table_col(t, "I/O traffic", EC_CELL_ALIGN_RIGHT, 1);
  ec_table_col(t, "Footprint", EC_CELL_ALIGN_RIGHT, 1);
  size_t n = e->n_layers < max ? e->n_layers : max;
  for (size_t i = 0; i < n; i++) {
    const ec_layer *l = &e->layers[ord[i]];
    const ec_layer_nums *x = &nu->v[ord[i]];
    size_t r = ec_table_row(t);
    ec_table_setn(t, r, 0, l->name, l->name_len, NAN);
    ec_table_set(t, r, 1, ec_layer_shown_type(l), NAN);
    ec_table_set_bytes(t, r, 2, x->weights_bytes);
    ec_table_set_bytes(t, r, 3, x->io_bytes);
    double fp = ec_layer_footprint(x);
    ec_table_set_bytes(t, r, 4, fp);
  }
  ec_buf note = {0};
  if (e->n_layers > n) ec_buf_printf(&note, "The %zu %s with the largest footprint of %zu. ", n,
      ec_plural(n, "layer", "layers"), e->n_layers);
  if (nu->n_const)
    ec_buf_printf(&note, "Weights include %zu constant input tensor%s (%s: inputs no layer produces that are not "
                         "bindings, as Myelin passes a GEMM's weights). ",
                  nu->n_const, ec_plural(nu->n_const, "", "s"), B(ec_fmt_bytes, nu->const_bytes));
  ec_phrase_known(&note, nu);
  if (note.len) ec_table_set_note(t, note.data);
  ec_buf_free(&note);
  free(ord);
  return t;
}

ec_table *ec_tbl_efficiency(const ec_summary *s, const char *id, size_t max) {
  const ec_engine *e = s->engine;
  const ec_numbers *nu = &s->nums;
  if (!nu->flops_known) {
    return NULL;
  }
  char buf[32];
  ec_table *t = ec_table_new(id, NULL);
  ec_table_col(t, "Layer", EC_CELL_ALIGN_LEFT, 0);
  ec_table_col(t, "Precision", EC_CELL_ALIGN_LEFT, 0);
  ec_table_col(t, "GFLOP", EC_CELL_ALIGN_RIGHT, 1);
  ec_table_col(t, "Latency (ms)", EC_CELL_ALIGN_RIGHT, 1);
  ec_table_col(t, "TFLOP/s", EC_CELL_ALIGN_RIGHT, 1);
  ec_table_col(t, "Peak (TFLOP/s)", EC_CELL_ALIGN_LEFT, 0);
  ec_table_col(t, "% of peak", EC_CELL_ALIGN_RIGHT, 1);
  ec_table_col(t, "GB/s", EC_CELL_ALIGN_RIGHT, 1);
  ec_table_col(t, "FLOP/byte", EC_CELL_ALIGN_RIGHT, 1);
  ec_table_col(t, "GEMM M x N x K", EC_CELL_ALIGN_LEFT, 0);
  for (size_t i = 0; i < s->layers && t->nrows < max; i++) {
    const ec_layer *l = &e->layers[s->order[i]];
    const ec_layer_nums *x = &nu->v[s->order[i]];
    if (!isfinite(x->flops)) continue;
    size_t r = ec_table_row(t);
    ec_table_setn(t, r, 0, l->name, l->name_len, NAN);
    ec_table_set(t, r, 1, l->precision, NAN);
    ec_table_set_rate(t, r, 2, x->flops / 1e9);
    double ms = l->has_profile ? l->avg_ms : NAN;
    ec_table_set_ms(t, r, 3, ms);
    ec_table_set_rate(t, r, 4, x->tflops);
    char pk[96];
    ec_phrase_peak(pk, sizeof pk, &x->peak);
    ec_table_set(t, r, 5, pk, NAN);
    ec_table_set_rate(t, r, 6, x->pct_of_peak);
    ec_table_set_rate(t, r, 7, x->gbps);
    ec_table_set_rate(t, r, 8, x->intensity);
    if (x->conv_dims) {
      char mnk[96];
      snprintf(mnk, sizeof mnk, EC_WHOLE " x " EC_WHOLE " x " EC_WHOLE, x->gemm_m, x->gemm_n, x->gemm_k);
      ec_table_set(t, r, 9, mnk, NAN);
    }
  }
  ec_buf note = {0};
  ec_buf_printf(&note, "%s with known FLOPs", B(S_layers, nu->flops_known));
  if (nu->flops_known > t->nrows) ec_buf_printf(&note, ", the %zu slowest shown", t->nrows);
  if (nu->flops_dynamic) ec_buf_printf(&note, "; FLOPs unknown for %zu dynamic-shape %s", nu->flops_dynamic,
      ec_plural(nu->flops_dynamic, "convolution", "convolutions"));
  ec_buf_puts(&note, ". Each layer is measured against the peak of the math its kernel does (README: Numbers)");
  if (nu->peak_raised)
    ec_buf_printf(&note, "; * %zu measured above that peak, so against the next plausible higher one (check the kernel)",
                  nu->peak_raised);
  if (nu->peak_exceeded)
    ec_buf_printf(&note, "; ! %zu above every plausible peak: no percentage (the FLOPs or the latency are off)",
                  nu->peak_exceeded);
  if (nu->peak_unpublished)
    ec_buf_printf(&note, "; ? %zu whose math this GPU has at a rate no product figure publishes: no percentage",
                  nu->peak_unpublished);
  char *none = ec_peak_why_none(e, &nu->peak);
  if (none) ec_buf_printf(&note, "; no peak: %s", none);
  free(none);
  ec_buf_putc(&note, '.');
  ec_table_set_note(t, note.data);
  ec_buf_free(&note);
  return t;
}

ec_table *ec_tbl_options(const ec_summary *s, const char *id) {
  const ec_engine *e = s->engine;
  const ec_kvs *groups[] = {&e->model_options, &e->build_options, &e->inference_options, &e->system_options,
                            &e->reporting_options};
  static const char *names[] = {"model", "build", "inference", "system", "reporting"};
  ec_table *t = ec_table_new(id, NULL);
  ec_table_col(t, "Group", EC_CELL_ALIGN_LEFT, 0);
  ec_table_col(t, "Option", EC_CELL_ALIGN_LEFT, 0);
  ec_table_col(t, "Value", EC_CELL_ALIGN_LEFT, 0);
  for (size_t g = 0; g < 5; g++)
    for (size_t i = 0; i < groups[g]->n; i++) {
      size_t r = ec_table_row(t);
      ec_table_set(t, r, 0, names[g], NAN);
      ec_table_set(t, r, 1, groups[g]->v[i].key, NAN);
      ec_table_set(t, r, 2, groups[g]->v[i].val, NAN);
    }
  /* trtexec 11's accuracy check: one row per output tensor */
  for (size_t i = 0; i < e->accuracy.n; i++) {
    size_t r = ec_table_row(t);
    ec_table_set(t, r, 0, "accuracy loss", NAN);
    ec_table_set(t, r, 1, e->accuracy.v[i].key, NAN);
    ec_table_set(t, r, 2, e->accuracy.v[i].val, NAN);
  }
  /* every input the options name, one row each */
  for (size_t i = 0; i < e->input_shapes.n; i++) {
    char buf[512];
    size_t r = ec_table_row(t);
    ec_table_set(t, r, 0, "input shapes", NAN);
    ec_table_set(t, r, 1, e->input_shapes.v[i].name, NAN);
    ec_table_set(t, r, 2, ec_phrase_input_shape(buf, sizeof buf, &e->input_shapes.v[i]), NAN);
  }
  if (!t->nrows) {
    ec_table_free(t);
    return NULL;
  }
  return t;
}
