/* log — trtexec console logs (TensorRT 7 to 11) into the engine model.
 *
 * One linear pass over the lines (memchr, no regex). Each line is split into
 * its trtexec prefix ("[06/10/2022-19:21:28] [I] [TRT] ") and its content;
 * this dispatcher keeps the section the reader is in (ec_log_mode) and hands
 * each line to that section's reader (log_internal.h lists them):
 *   - banners ("&&&& RUNNING/PASSED/FAILED") start and end invocations;
 *   - option sections ("=== Model Options ===" ... "=== Device Information ===");
 *   - the TensorRT version (banner "[TensorRT v8401]", "TensorRT version:");
 *   - the performance summary (8.x+ and TensorRT 7) and trtexec's warnings;
 *   - trtexec 11: its accuracy check, and what it says about flags of
 *     other versions (removed, deprecated: model/trtexec.h);
 *   - memory, engine-size and build-time facts;
 *   - the --dumpProfile table;
 *   - layer listings (--dumpLayerInfo dumps, verbose "Engine Layer Information").
 *
 * A log can hold several trtexec invocations ("&&&& RUNNING" banners) and
 * several benchmark runs; everything is read per invocation and one is
 * chosen (--run N, default the last), never merged (log_runs.c). */
#include "load/log_internal.h"
#include "model/trtexec.h"
#include "util/alloc.h"
#include <stdlib.h>
#include <string.h>

/* The first "--flag" in s[0..n): its name in f[0..*fn); 0 when none. */
static int S_flag_in(const char *s, size_t n, const char **f, size_t *fn) {
  const char *p = ec_log_find(s, n, "--");
  if (!p) return 0;
  size_t k = 2, left = (size_t)(s + n - p);
  while (k < left && (ec_log_isalnum(p[k]) || p[k] == '_')) k++;
  if (k == 2) return 0;
  *f = p;
  *fn = k;
  return 1;
}

/* trtexec's word on a flag of another TensorRT version: "Unknown option:
 * --fp16" from a trtexec 11 (the flag was removed), or a deprecation warning
 * for a flag that trtexec 11 made a no-op. Said as a warning or a note that
 * explains it, never as an unexplained error; 1 when the line was one. */
static int S_flag_line(ec_log_parser *P, const ec_log_line *L, const char *t, size_t tn) {
  const char *f, *rest;
  size_t fn, rn;
  ec_log_inv *g = ec_log_cur(P);
  int major = ec_trt_major(g->ver);
  if (ec_log_after(t, tn, "Unknown option: ", &rest, &rn) && S_flag_in(rest, rn, &f, &fn) && f == rest &&
      (major >= 11 || major < 0) && ec_trtexec_removed_in_11(f, fn)) {
    if (P->n_errors++ < EC_LOG_MAX_ERRORS)
      ec_diag_add(&g->diags, EC_WARN, P->path, L->no, 1,
                  "the log reports an error: %.*s (TensorRT 11 removed %.*s: networks are strongly typed, "
                  "precision comes from the model through casts or Q/DQ nodes in the ONNX file)",
                  (int)(tn > 300 ? 300 : tn), t, (int)fn, f);
    return 1;
  }
  if (!S_flag_in(t, tn, &f, &fn) || !(ec_log_find(t, tn, "deprecat") || ec_log_find(t, tn, "Deprecat"))) return 0;
  const char *meaning = ec_trtexec_deprecated_in_11(f, fn);
  if (!meaning) return 0;
  if (g->notes.n >= EC_LOG_MAX_NOTES) return 1;
  char *note = ec_asprintf("%.*s (%.*s is %s)", (int)(tn > 300 ? 300 : tn), t, (int)fn, f, meaning);
  int dup = 0;
  for (size_t i = 0; i < g->notes.n && !dup; i++) dup = strcmp(g->notes.v[i].val, note) == 0;
  if (!dup) ec_kvs_add(&g->notes, "log", note);
  free(note);
  P->last_note = 0;
  return 1;
}

/* trtexec 11's accuracy check: its settings ("Accuracy Algorithm: l1", ...)
 * printed outside an option section go with the inference options; each
 * "Accuracy loss for tensor y (cos): 0.001497 [FAIL: >= threshold 0.001]"
 * is kept (key "y (cos)", the value as printed). 1 when the line was one. */
static int S_accuracy_line(ec_log_parser *P, const ec_log_line *L, const char *t, size_t tn) {
  static const char *const keys[] = {"Accuracy Algorithm:", "Absolute Tolerance (atol):",
                                     "Relative Tolerance (rtol):", "Accuracy Threshold:", "RefOutputs:"};
  ec_log_inv *g = ec_log_cur(P);
  const char *rest;
  size_t rn;
  if (ec_log_after(t, tn, "Accuracy loss for tensor ", &rest, &rn)) {
    ec_log_count(P, EC_BUDGET_LOG_SETTINGS, 1);
    /* the tensor name may hold ": ", so split at the last "): " */
    const char *sep = NULL;
    for (size_t i = 0; i + 3 <= rn; i++)
      if (!memcmp(rest + i, "): ", 3)) sep = rest + i;
    if (!sep) return 1;
    char *key = ec_strndup(rest, (size_t)(sep + 1 - rest));
    const char *v = sep + 3;
    size_t vn = (size_t)(rest + rn - v);
    ec_log_trim(&v, &vn);
    char *val = ec_strndup(v, vn);
    ec_log_kvs_put(&g->accuracy, key, val);
    free(key);
    free(val);
    g->anything = 1;
    return 1;
  }
  for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
    if (ec_log_starts(t, tn, keys[i])) {
      int section = P->section;
      P->section = EC_LOG_OPT_INFERENCE;
      ec_log_section_line(P, L);
      P->section = section;
      return 1;
    }
  return 0;
}

/* A line outside any section (or one that ended the section). */
static void S_generic(ec_log_parser *P, const ec_log_line *L) {
  const char *c = L->c;
  size_t n = L->cn;
  /* what the run says about itself; a warning among them stays a note too */
  if (ec_log_run_fact(P, L) && L->sev != 'W') return;
  if ((L->sev == 'W' || L->sev == 'E' || L->sev == 'F') && !L->trt) {
    const char *t = c;
    size_t tn = n;
    ec_log_trim(&t, &tn);
    if (S_flag_line(P, L, t, tn)) return;
  }
  if (L->sev == 'W' && !L->trt) {
    ec_log_note(P, L);
    return;
  }
  if (L->sev == 'E' || L->sev == 'F') {
    if (P->n_errors++ < EC_LOG_MAX_ERRORS) {
      const char *t = c;
      size_t tn = n;
      ec_log_trim(&t, &tn);
      ec_diag_add(&ec_log_cur(P)->diags, EC_WARN, P->path, L->no, 1, "the log reports an error: %.*s",
                  (int)(tn > 300 ? 300 : tn), t);
    }
    return;
  }
  if (L->trt) {
    if (ec_log_trt_fact(P, L)) return;
    if (ec_log_tactic_line(P, L)) return;
    if (ec_log_starts(c, n, "Engine Layer Information:")) {
      ec_log_layers_begin(P, 2, L->no);
      P->mode = EC_LOG_M_LAYERS_VERBOSE;
    }
    return;
  }
  if (L->sev == 'V' && ec_log_starts(c, n, "Engine Layer Information:")) {
    ec_log_layers_begin(P, 2, L->no);
    P->mode = EC_LOG_M_LAYERS_VERBOSE;
    return;
  }
  /* a dump's I/O section after the blank line that ends its layers */
  if (L->sev == 0 && P->dump_end && P->dump_end == L->no - 1 && ec_log_io_section(P, L)) return;
  if (L->sev != 'I') return;
  if (ec_log_starts(c, n, "=== ")) {
    const char *t = c;
    size_t tn = n;
    ec_log_trim(&t, &tn);
    if (ec_log_section_begin(P, L, t, tn)) return;
    if (ec_log_eq(t, tn, "=== Performance summary ===")) {
      ec_log_perf_begin(P, L->no, 0);
      P->mode = EC_LOG_M_PERF;
      P->last_note = 0;
      return;
    }
    if (ec_log_starts(t, tn, "=== Profile (")) ec_log_prof_begin(P, L, t, tn);
    return;
  }
  if (ec_log_version_line(P, c, n)) return;
  if (ec_log_info_fact(P, L, c, n)) return;
  const char *t = c;
  size_t tn = n;
  ec_log_trim(&t, &tn);
  if (S_accuracy_line(P, L, t, tn)) return;
  if (ec_log_eq(t, tn, "Layers:")) {
    P->mode = EC_LOG_M_LAYERS_DUMP;
    P->dump_rank = 0;
    P->dump_skip = 0;
    return;
  }
  if (ec_log_eq(t, tn, "Host Latency")) { /* TensorRT 7 summary */
    ec_log_perf *pf = ec_log_perf_begin(P, L->no, 1);
    P->old_block = &pf->lat;
    P->mode = EC_LOG_M_PERF_OLD;
    P->last_note = 0;
  }
}

/* One line: the current section's reader first; a line it does not take
 * ends the section and is read as a generic line. */
static void S_line_in(ec_log_parser *P, const ec_log_line *L) {
  if (L->n >= 5 && memcmp(L->s, "&&&& ", 5) == 0) {
    if (P->mode == EC_LOG_M_PROFILE) ec_log_prof_end(P, L->no);
    P->mode = EC_LOG_M_NONE;
    ec_log_banner(P, L);
    return;
  }
  switch (P->mode) {
  case EC_LOG_M_LAYERS_DUMP:
  case EC_LOG_M_BINDINGS:
  case EC_LOG_M_IO_TENSORS:
    if (ec_log_dump_line(P, L)) return;
    break;
  case EC_LOG_M_LAYERS_VERBOSE:
    if (ec_log_starts(L->c, L->cn, "Layer(")) {
      if (!P->dump_skip) ec_log_verbose_layer(P, L);
      return;
    }
    P->mode = EC_LOG_M_NONE;
    break;
  case EC_LOG_M_PROFILE:
    if (ec_log_prof_line(P, L)) return;
    break;
  case EC_LOG_M_SECTION:
    if (L->sev == 'I' && !L->trt && L->cn && !ec_log_starts(L->c, L->cn, "=== ") && memchr(L->c, ':', L->cn)) {
      ec_log_section_line(P, L);
      return;
    }
    P->mode = EC_LOG_M_NONE;
    break;
  case EC_LOG_M_PERF:
    if (L->sev == 'I' && !L->trt && ec_log_perf_line(P, L)) return;
    P->mode = EC_LOG_M_NONE;
    break;
  case EC_LOG_M_PERF_OLD:
    if (L->sev == 'I' && !L->trt && ec_log_perf_old_line(P, L)) return;
    P->mode = EC_LOG_M_NONE;
    break;
  default:
    break;
  }
  S_generic(P, L);
}

/** Parse a whole trtexec log (text holds len bytes, NUL-terminated; it may
 *  contain NULs or invalid UTF-8 and is never read past len) into e.
 *  Fills perf, device, options, memory facts and the TensorRT version from
 *  the chosen invocation only, without overwriting values read earlier
 *  (differences become EC_INFO diagnostics); stages its --dumpProfile table
 *  and layer listing for ec_load_finish. The caller keeps text and path;
 *  everything stored is copied. Returns 0 when anything usable was read,
 *  else -1 with a diagnostic in e->diags. */
int ec_load_log_text(ec_engine *e, const char *path, const char *text, size_t len, const ec_load_opts *o) {
  ec_log_parser P;
  memset(&P, 0, sizeof P);
  P.e = e;
  P.path = path;
  P.profile_index = o ? o->profile_index : 0;
  ec_log_new_inv(&P, 1);
  const char *p = text, *end = text + len;
  int no = 0;
  int last_line_complete = 1;
  const char *gen = NULL; /* a "Generator: NOTE" line (load/provenance.c) */
  size_t gen_len = 0;
  while (p < end) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    const char *le = nl ? nl : end;
    ec_log_line L;
    L.s = p;
    L.n = (size_t)(le - p);
    while (L.n && (L.s[L.n - 1] == '\r')) L.n--;
    L.no = P.line_no = ++no;
    last_line_complete = nl != NULL;
    if (!last_line_complete && !(L.n >= 5 && memcmp(L.s, "&&&& ", 5) == 0)) break; /* cut off: not read */
    if (!gen) ec_load_generator_line(L.s, L.n, &gen, &gen_len);
    ec_log_split(&L);
    S_line_in(&P, &L);
    if (P.over) break;
    p = nl ? nl + 1 : end;
  }
  if (P.over) { /* refused whole, at the line that passed the limit */
    ec_budget_refuse(&e->diags, P.over_id, path, P.over_line, 1);
    ec_log_tactics_apply(&P); /* frees the autotuning entries */
    for (size_t i = 0; i < P.n_segs; i++) ec_log_inv_free(&P.segs[i]);
    free(P.segs);
    return -1;
  }
  if (P.mode == EC_LOG_M_PROFILE) ec_log_prof_end(&P, no);
  ec_log_tactics_apply(&P);
  int rc = ec_log_conclude(&P, o, no, last_line_complete);
  if (rc == 0 && gen) ec_load_generator(e, path, gen, gen_len);
  for (size_t i = 0; i < P.n_segs; i++) ec_log_inv_free(&P.segs[i]);
  free(P.segs);
  return rc;
}

/** 1 when text[0..len) looks like a TensorRT/trtexec console log: a trtexec
 *  banner or section header, or several "[date] [I] ..." lines, within the
 *  first 64 KiB. JSON (an object, or an array of objects) never matches.
 *  Reads at most 64 KiB; never past len. */
int ec_log_sniff(const char *text, size_t len) {
  size_t n = len < 65536 ? len : 65536;
  const char *p = text, *end = text + n;
  while (p < end && (ec_log_isspace(*p) || *p == '\n')) p++;
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
    if (ec_log_find(text, n, strong[i])) return 1;
  /* otherwise: at least three lines with a trtexec prefix and a [TRT] tag or a
   * performance line */
  int prefixed = 0, tagged = 0;
  const char *s = text;
  while (s < end) {
    const char *nl = memchr(s, '\n', (size_t)(end - s));
    const char *le = nl ? nl : end;
    ec_log_line L;
    L.s = s;
    L.n = (size_t)(le - s);
    L.no = 0;
    ec_log_split(&L);
    if (L.sev && L.c > L.s + 3) { /* timestamped */
      prefixed++;
      if (L.trt || ec_log_starts(L.c, L.cn, "Throughput: ") || ec_log_starts(L.c, L.cn, "GPU Compute Time: ")) tagged++;
    }
    s = nl ? nl + 1 : end;
  }
  return prefixed >= 3 && tagged >= 1;
}
