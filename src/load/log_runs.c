/* log_runs — trtexec invocations in one log: "&&&& RUNNING" banners (and
 * their TensorRT version), the "TensorRT version:" line, which invocation
 * is used, and moving its facts into the engine without overwriting values
 * read earlier from other files, unless they were cut short (load/sources.c:
 * other differences become notes). */
#include "load/log_internal.h"
#include "model/trtexec.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "words/words.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void ec_log_inv_clear_prof(ec_log_inv *g) {
  for (size_t i = 0; i < g->n_prof; i++) free(g->prof[i].name);
  free(g->prof);
  g->prof = NULL;
  g->n_prof = g->cap_prof = 0;
}

void ec_log_inv_clear_layers(ec_log_inv *g) {
  for (size_t i = 0; i < g->n_layers; i++) ec_layer_clear(&g->layers[i]);
  free(g->layers);
  g->layers = NULL;
  g->n_layers = g->cap_layers = 0;
}

void ec_log_inv_free(ec_log_inv *g) {
  for (int i = 0; i < EC_LOG_NOPT; i++) ec_kvs_free(&g->opt[i]);
  free(g->ver);
  ec_kvs_free(&g->mem_i);
  ec_kvs_free(&g->mem_v);
  ec_kvs_free(&g->notes);
  ec_kvs_free(&g->accuracy);
  ec_log_inv_clear_prof(g);
  ec_log_inv_clear_layers(g);
  ec_diags_free(&g->diags);
  ec_input_shapes_free(&g->shapes);
  ec_map_free(&g->bind_index); /* before the names it borrows */
  ec_log_bindings_free(g->binds, g->n_binds);
  ec_log_bindings_free(g->decl, g->n_decl);
  ec_load_bind_names_free(g->io, g->n_io);
  free(g->cmdline);
}

/* Set key to val in k, replacing an earlier value (last one printed wins). */
void ec_log_kvs_put(ec_kvs *k, const char *key, const char *val) {
  for (size_t i = 0; i < k->n; i++)
    if (strcmp(k->v[i].key, key) == 0) {
      free(k->v[i].val);
      k->v[i].val = ec_strdup(val);
      return;
    }
  ec_kvs_add(k, key, val);
}

void ec_log_count(ec_log_parser *P, ec_budget_id id, size_t n) {
  P->counted[id] += n;
  if (!P->over && ec_budget_over(id, P->counted[id])) {
    P->over = 1;
    P->over_id = id;
    P->over_line = P->line_no;
  }
}

ec_log_inv *ec_log_new_inv(ec_log_parser *P, int line) {
  ec_log_count(P, EC_BUDGET_LOG_RUNS, 1);
  ec_log_inv *g = EC_PUSH(P->segs, P->n_segs, P->cap_segs);
  memset(g, 0, sizeof *g);
  g->first_line = line;
  g->perf.qps = g->perf.walltime_s = g->perf.total_gpu_s = NAN;
  g->aux_streams = -1;
  return g;
}

void ec_log_warn(ec_log_parser *P, int line, int col, const char *msg) {
  ec_diag_add(&P->e->diags, EC_WARN, P->path, line, col, "%s", msg);
}

/* Convert "8401"/"8003"/"101601" (getInferLibVersion style) to "8.4.1". */
static char *S_version_from_int(const char *s, size_t n) {
  long v = 0;
  for (size_t i = 0; i < n; i++) {
    if (!ec_log_isdigit(s[i]) || v > 100000000L) return NULL;
    v = v * 10 + (s[i] - '0');
  }
  if (n == 0) return NULL;
  if (v >= 100000) return ec_asprintf("%ld.%ld.%ld", v / 10000, (v / 100) % 100, v % 100);
  if (v >= 1000) return ec_asprintf("%ld.%ld.%ld", v / 1000, (v / 100) % 10, v % 100);
  return NULL;
}

static void S_set_version(ec_log_inv *g, char *ver, const char *src, int rank) {
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
void ec_log_banner(ec_log_parser *P, const ec_log_line *L) {
  const char *c = L->s + 5;
  size_t n = L->n - 5;
  if (ec_log_starts(c, n, "RUNNING")) {
    ec_log_inv *g = ec_log_cur(P);
    if (g->banner || g->anything) g = ec_log_new_inv(P, L->no);
    g->banner = 1;
    g->first_line = L->no;
    const char *hash = ec_log_find(c, n, " # ");
    if (hash && !g->cmdline) g->cmdline = ec_strndup(hash + 3, (size_t)(L->s + L->n - hash - 3));
  } else if (ec_log_starts(c, n, "PASSED") || ec_log_starts(c, n, "FAILED") || ec_log_starts(c, n, "WAIVED")) {
    ec_log_inv *g = ec_log_cur(P);
    g->finished = 1;
    if (ec_log_starts(c, n, "FAILED"))
      ec_diag_add(&g->diags, EC_WARN, P->path, L->no, 1,
                  "trtexec reported FAILED for this run; what it printed before is used");
  }
  const char *v = ec_log_find(c, n, "[TensorRT v");
  if (v) {
    const char *d = v + 11, *end = L->s + L->n;
    const char *q = d;
    while (q < end && ec_log_isdigit(*q)) q++;
    S_set_version(ec_log_cur(P), S_version_from_int(d, (size_t)(q - d)), "log banner", 1);
  }
}

/* "TensorRT version: 8.4.1" (8.2+) or "TensorRT version: 8003" (8.0). */
int ec_log_version_line(ec_log_parser *P, const char *c, size_t n) {
  const char *v;
  size_t vn;
  if (!ec_log_after(c, n, "TensorRT version: ", &v, &vn)) return 0;
  ec_log_trim(&v, &vn);
  char *ver = S_version_from_int(v, vn);
  if (!ver && vn && vn < 32 && ec_log_isdigit(v[0])) ver = ec_strndup(v, vn);
  S_set_version(ec_log_cur(P), ver, "log version line", 2);
  return 1;
}

void ec_log_info(ec_engine *e, const char *path, int line, const char *what, const char *old,
                 const char *now) {
  ec_source_note(e, path, line, what, old, now);
}

void ec_log_merge_str(ec_engine *e, const char *path, int line, int primary, char **dst, const char *val,
                      const char *what) {
  if (primary || !*dst) ec_source_merge_str(e, path, line, dst, val, what);
}

int ec_log_same(double a, double b) {
  return a == b || fabs(a - b) <= 1e-9 * fmax(fabs(a), fabs(b));
}

void ec_log_merge_num(ec_engine *e, const char *path, int line, int primary, double *dst, double val,
                      const char *what) {
  if (isnan(val)) return;
  if (isnan(*dst)) *dst = val;
  else if (primary && !ec_log_same(*dst, val)) {
    char a[64], b[64];
    snprintf(a, sizeof a, "%" EC_DATA_G, *dst);
    snprintf(b, sizeof b, "%" EC_DATA_G, val);
    ec_source_note(e, path, line, what, a, b);
  }
}

void ec_log_merge_kvs(ec_engine *e, const char *path, int line, int primary, ec_kvs *dst, const ec_kvs *src,
                      const char *what) {
  for (size_t i = 0; i < src->n; i++)
    if (primary || !ec_kvs_get(dst, src->v[i].key))
      ec_source_merge_kv(e, path, line, dst, src->v[i].key, src->v[i].val, what);
}

/* The chosen run's options, device, version and memory facts into e:
 * values e already has (from metadata or an earlier file) are kept, and a
 * different value becomes an EC_INFO note. */
static void S_merge_inv(ec_engine *e, const char *path, const ec_log_inv *g) {
  const int primary = 1;
  int line = g->first_line;
  ec_kvs *dst[EC_LOG_OPT_DEVICE] = {&e->model_options, &e->build_options, &e->system_options,
                               &e->inference_options, &e->reporting_options};
  static const char *const what[EC_LOG_OPT_DEVICE] = {"model option", "build option", "system option",
                                                 "inference option", "reporting option"};
  for (int i = 0; i < EC_LOG_OPT_DEVICE; i++) {
    if (i == EC_LOG_OPT_MODEL && g->is_load) continue; /* "Format: *", "Model: ": no model was read */
    if (i == EC_LOG_OPT_BUILD && g->is_load) {
      /* a --loadEngine run prints trtexec's defaults as its Build Options
       * ("Precision: FP32" for an INT8 engine): they say nothing about the
       * build. Only the engine it loaded is kept, and the run settings
       * trtexec prints there (its green context: model/trtexec.h). */
      const char *le = ec_kvs_get(&g->opt[i], "Load engine");
      if (le && *le) ec_source_merge_kv(e, path, line, dst[i], "Load engine", le, what[i]);
      for (size_t k = 0; k < g->opt[i].n; k++)
        if (ec_trtexec_option_in_build(g->opt[i].v[k].key))
          ec_source_merge_kv(e, path, line, dst[i], g->opt[i].v[k].key, g->opt[i].v[k].val, what[i]);
      continue;
    }
    ec_log_merge_kvs(e, path, line, primary, dst[i], &g->opt[i], what[i]);
  }
  ec_log_merge_device(e, path, line, primary, &g->opt[EC_LOG_OPT_DEVICE]);
  if (g->ver) {
    ec_source_verdict v = ec_source_pick(e->trt_version, g->ver);
    if (v == EC_SOURCE_TAKE) {
      free(e->trt_version);
      e->trt_version = ec_strdup(g->ver);
      free(e->trt_version_source);
      e->trt_version_source = ec_strdup(g->ver_src);
    } else if (v == EC_SOURCE_DISAGREE) {
      ec_source_note(e, path, line, "TensorRT version", e->trt_version, g->ver);
    }
  }
  /* facts printed at info level win over the builder's verbose ones */
  ec_kvs mem = {0};
  for (size_t i = 0; i < g->mem_i.n; i++) ec_kvs_add(&mem, g->mem_i.v[i].key, g->mem_i.v[i].val);
  for (size_t i = 0; i < g->mem_v.n; i++)
    if (!ec_kvs_get(&mem, g->mem_v.v[i].key)) ec_kvs_add(&mem, g->mem_v.v[i].key, g->mem_v.v[i].val);
  ec_log_merge_kvs(e, path, line, primary, &e->memory, &mem, "memory fact");
  ec_kvs_free(&mem);
}

/* Runs (1-based, among invocations that read anything) other than the
 * chosen one that hold what has(g) tests, as "1, 3"; NULL when none. */
static char *S_others_with(const ec_log_parser *P, const ec_log_inv *chosen, int (*has)(const ec_log_inv *)) {
  ec_buf b = {0};
  size_t k = 0;
  for (size_t i = 0; i < P->n_segs; i++) {
    const ec_log_inv *g = &P->segs[i];
    if (!g->anything) continue;
    k++;
    if (g != chosen && has(g)) ec_buf_printf(&b, "%s%zu", b.len ? ", " : "", k);
  }
  return b.len ? ec_buf_take(&b) : (ec_buf_free(&b), NULL);
}

static int S_has_layers(const ec_log_inv *g) { return g->n_layers > 0; }
static int S_has_prof(const ec_log_inv *g) { return g->n_prof > 0; }
static int S_has_perf(const ec_log_inv *g) { return g->perf.present; }

/* What the chosen run lacks and other runs of the log hold: said, not taken. */
static void S_note_others(ec_log_parser *P, const ec_log_inv *chosen, size_t k) {
  static const struct {
    int (*has)(const ec_log_inv *);
    const char *what;
  } parts[] = {{S_has_layers, "a layer listing"}, {S_has_prof, "a per-layer profile table"},
               {S_has_perf, "a performance summary"}};
  for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++) {
    if (parts[i].has(chosen)) continue;
    char *runs = S_others_with(P, chosen, parts[i].has);
    if (!runs) continue;
    ec_diag_add(&P->e->diags, EC_INFO, P->path, chosen->first_line, 0,
                "run %zu (used) has no %s; run %s of this log %s one (--run selects; runs are never merged)", k,
                parts[i].what + 2, runs, strchr(runs, ',') ? "have" : "has");
    free(runs);
  }
}

/* 1 when the run loads an engine it did not build (--loadEngine on its
 * command line, or its options say "Load engine: X"). */
static int S_is_load_run(const ec_log_inv *g) {
  if (g->cmdline && ec_log_find(g->cmdline, strlen(g->cmdline), "--loadEngine")) return 1;
  const char *le = ec_kvs_get(&g->opt[EC_LOG_OPT_BUILD], "Load engine");
  if (!le) le = ec_kvs_get(&g->opt[EC_LOG_OPT_MODEL], "Load engine");
  return le && *le;
}

/* Which run of which file the engine's facts came from, and what it gave
 * (provenance: the report says which run each fact came from). */
static void S_record_run(ec_engine *e, const char *path, size_t run, size_t runs, const ec_log_inv *g, int perf_used) {
  ec_run_fact *r = EC_PUSH(e->run_facts, e->n_run_facts, e->cap_run_facts);
  memset(r, 0, sizeof *r);
  r->path = ec_strdup(path);
  r->run = run;
  r->runs = runs;
  r->command = g->cmdline ? ec_strdup(g->cmdline) : NULL;
  int build = g->opt_seen[EC_LOG_OPT_BUILD] || g->n_layers || g->mem_i.n;
  r->role = g->is_load ? "inference (--loadEngine)" : g->perf.present && build ? "build and inference"
            : build ? "build" : g->perf.present ? "inference" : NULL;
  ec_buf b = {0};
  int any_opt = 0;
  for (int i = 0; i < EC_LOG_NOPT; i++) any_opt |= g->opt[i].n > 0;
  if (any_opt)
    ec_buf_puts(&b, g->is_load && g->opt[EC_LOG_OPT_BUILD].n > 1 ? "options (its Build Options, trtexec's defaults in a load run, not used)" : "options");
  if (g->perf.present) ec_buf_printf(&b, "%sperformance summary%s", b.len ? ", " : "", perf_used ? "" : " (not used: another run's was read first)");
  if (g->n_layers) ec_buf_printf(&b, "%slayer listing", b.len ? ", " : "");
  if (g->io_listed) ec_buf_printf(&b, "%sI/O section", b.len ? ", " : "");
  if (g->n_prof) ec_buf_printf(&b, "%sprofile table", b.len ? ", " : "");
  if (g->mem_i.n || g->mem_v.n) ec_buf_printf(&b, "%smemory facts", b.len ? ", " : "");
  if (g->n_binds || g->n_decl) ec_buf_printf(&b, "%sbindings", b.len ? ", " : "");
  if (g->aux_streams >= 0) ec_buf_printf(&b, "%saux streams", b.len ? ", " : "");
  if (g->profiler_line) ec_buf_printf(&b, "%sprofiler (nsys)", b.len ? ", " : "");
  r->gave = b.len ? ec_buf_take(&b) : (ec_buf_free(&b), NULL);
}

/* The inputs' shapes in the run: its options and command line, else the
 * bindings it says it created (a dynamic input trtexec set to a shape). */
static void S_run_inference_shapes(ec_log_inv *g) {
  for (size_t i = 0; i < g->n_binds; i++) {
    const ec_log_binding *b = &g->binds[i];
    if (b->dir != EC_BIND_INPUT || !b->dims.n) continue;
    ec_input_shape *x = ec_input_shapes_get(&g->shapes, b->name, b->len);
    if (x->inference.v) continue;
    x->inference.v = ec_malloc((size_t)b->dims.n * sizeof *x->inference.v);
    memcpy(x->inference.v, b->dims.v, (size_t)b->dims.n * sizeof *x->inference.v);
    x->inference.n = b->dims.n;
  }
}

/* Drop shapes of kind which (min/opt/max: 0, inference: 1) from s. */
static void S_drop_shapes(ec_input_shapes *s, int inference) {
  for (size_t i = 0; i < s->n; i++) {
    ec_dims *d[3] = {&s->v[i].min, &s->v[i].opt, &s->v[i].max};
    if (inference) {
      free(s->v[i].inference.v);
      s->v[i].inference.v = NULL;
      s->v[i].inference.n = 0;
      continue;
    }
    for (int k = 0; k < 3; k++) {
      free(d[k]->v);
      d[k]->v = NULL;
      d[k]->n = 0;
    }
  }
}

int ec_log_conclude(ec_log_parser *P, const ec_load_opts *o, int last_no, int last_line_complete) {
  ec_engine *e = P->e;
  const char *path = P->path;
  /* every trtexec invocation that printed anything is a run */
  size_t nruns = 0;
  for (size_t i = 0; i < P->n_segs; i++)
    if (P->segs[i].anything) nruns++;
  if (!nruns) {
    ec_diag_add(&e->diags, EC_WARN, path, 1, 1,
                "no trtexec information found in this log (no options, device, version, "
                "performance summary, layer listing or profile table)");
    return -1;
  }
  size_t want = o && o->run > 0 ? (size_t)o->run : nruns;
  if (want > nruns) {
    ec_diag_add(&e->diags, EC_WARN, path, 0, 0, "--run %ld asked for, but the log holds %zu run%s; using run %zu",
                o->run, nruns, ec_plural(nruns, "", "s"), nruns);
    want = nruns;
  }
  ec_log_inv *chosen = NULL;
  size_t k = 0;
  for (size_t i = 0; i < P->n_segs && !chosen; i++)
    if (P->segs[i].anything && ++k == want) chosen = &P->segs[i];
  if (nruns > 1) {
    ec_diag_add(&e->diags, EC_WARN, path, chosen->perf.present ? chosen->perf.line : chosen->first_line, 1,
                "log holds %zu %s; using run %zu (--run selects); each run is one trtexec invocation and "
                "nothing is taken from the others",
                nruns, ec_plural(nruns, "run", "runs"), want);
    S_note_others(P, chosen, want);
    size_t hidden = 0;
    for (size_t i = 0; i < P->n_segs; i++)
      if (&P->segs[i] != chosen) hidden += P->segs[i].diags.n;
    if (hidden)
      ec_diag_add(&e->diags, EC_INFO, path, 0, 0, "%zu %s the log reports for other runs are not shown",
                  hidden, ec_plural(hidden, "error or failure", "errors or failures"));
  }
  /* truncation: a run that started but never finished */
  ec_log_inv *lastg = &P->segs[P->n_segs - 1];
  if ((lastg->banner && !lastg->finished) || (!last_line_complete && !lastg->finished))
    ec_diag_add(&e->diags, EC_WARN, path, last_no, 1,
                "the log ends before trtexec's PASSED/FAILED line (truncated?); using what it holds%s",
                last_line_complete ? "" : " (its last line is cut off and was not read)");
  const ec_log_perf *pf = &chosen->perf;
  if (pf->present && isnan(pf->qps) && pf->gpu.n == 0 && pf->lat.n == 0)
    ec_diag_add(&e->diags, EC_WARN, path, pf->line, 1, "performance summary holds no numbers (truncated?)");
  ec_diags_move(&e->diags, &chosen->diags);

  ec_engine_add_file(e, path, EC_FILE_LOG);
  chosen->is_load = S_is_load_run(chosen);
  S_merge_inv(e, path, chosen);
  /* shapes: the run's option lines, then its command line for what they
   * lack, then the bindings it created; a load run's "Input build shape"
   * lines echo its inference shapes, not the engine's profile */
  if (chosen->cmdline) ec_input_shapes_cmdline(&chosen->shapes, chosen->cmdline, P->profile_index);
  S_run_inference_shapes(chosen);
  if (chosen->is_load) S_drop_shapes(&chosen->shapes, 0);
  /* a performance figure and the batch it ran at come from one run: the
   * run whose summary is used gives the inference shapes; a run whose
   * summary is not used gives none */
  int perf_used = pf->present && !e->perf.present;
  /* TREx's profile metadata is this same run's summary, read first */
  int same_run = pf->present && e->perf.present && ec_log_same(e->perf.throughput_qps, pf->qps);
  if (perf_used) S_drop_shapes(&e->input_shapes, 1);
  else if (e->perf.present && !same_run) S_drop_shapes(&chosen->shapes, 1);
  ec_input_shapes_merge(&e->input_shapes, &chosen->shapes);
  if (pf->present) ec_log_merge_perf(e, path, chosen);
  if (chosen->opt_seen[EC_LOG_OPT_BUILD] || chosen->opt_seen[EC_LOG_OPT_INFERENCE]) {
    if (!chosen->is_load) e->build_from_load_run = -1; /* a build run's options were read */
    else if (e->build_from_load_run == 0) e->build_from_load_run = 1;
  }
  if (!chosen->is_load && (chosen->opt_seen[EC_LOG_OPT_BUILD] || chosen->n_layers) && !e->build_tool)
    e->build_tool = ec_strdup("trtexec");
  if (chosen->aux_streams >= 0 && e->aux_streams < 0) e->aux_streams = chosen->aux_streams;
  if (chosen->aux_caveat) e->layer_sum_caveat = 1;
  if (chosen->profiler_line && !e->run_profiler) {
    e->run_profiler = ec_strdup("nsys");
    e->run_profiler_source = ec_asprintf("%s:%d", path, chosen->profiler_line);
  }
  S_record_run(e, path, want, nruns, chosen, perf_used || same_run);
  if (e->n_log_runs == 0) {
    e->n_log_runs = nruns;
    e->log_run = want - 1;
  }
  for (size_t i = 0; i < chosen->notes.n; i++) {
    int dup = 0;
    for (size_t j = 0; j < e->perf.notes.n; j++)
      if (strcmp(e->perf.notes.v[j].val, chosen->notes.v[i].val) == 0) dup = 1;
    if (!dup) ec_kvs_add(&e->perf.notes, chosen->notes.v[i].key, chosen->notes.v[i].val);
  }
  ec_log_merge_kvs(e, path, chosen->first_line, 1, &e->accuracy, &chosen->accuracy, "accuracy loss of tensor");
  if (chosen->io_listed) {
    /* the first log whose listing prints its own I/O section */
    ec_load_state *ls = ec_load_state_of(e);
    if (!ls->have_log_io) {
      ls->have_log_io = 1;
      ls->log_io = chosen->io;
      ls->n_log_io = chosen->n_io;
      ls->log_io_path = ec_strdup(path);
      ls->log_io_line = chosen->io_line;
      chosen->io = NULL;
      chosen->n_io = chosen->cap_io = 0;
    }
  }
  if (!chosen->n_binds && chosen->n_decl) {
    /* a build without inference: the inputs and outputs it declared */
    chosen->binds = chosen->decl;
    chosen->n_binds = chosen->n_decl;
    chosen->cap_binds = chosen->cap_decl;
    chosen->decl = NULL;
    chosen->n_decl = chosen->cap_decl = 0;
  }
  if (chosen->n_binds) {
    /* the first log that names its bindings */
    ec_load_state *ls = ec_load_state_of(e);
    if (!ls->n_log_binds) {
      ls->log_binds = chosen->binds;
      ls->n_log_binds = ls->cap_log_binds = chosen->n_binds;
      ls->log_binds_path = ec_strdup(path);
      chosen->binds = NULL;
      chosen->n_binds = chosen->cap_binds = 0;
    }
  }
  if (chosen->n_layers) ec_log_stage_layers(e, path, chosen);
  if (chosen->n_prof) ec_log_stage_prof(e, path, chosen);
  return 0;
}
