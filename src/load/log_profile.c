/* log_profile — the --dumpProfile table ("=== Profile (N iterations ) ===")
 * in either column order (name first up to 8.x, name last in 10.x): each
 * column's kind comes from the header, rows end at the Total row. */
#include "load/log_internal.h"
#include "words/words.h"
#include "util/alloc.h"
#include <string.h>

/* Header: find each column's kind and the name column's side. */
static int S_prof_header(ec_log_parser *P, const char *c, size_t n) {
  const char *layer = ec_log_find(c, n, "Layer");
  if (!layer) return 0;
  long pos[EC_LOG_NCOL];
  for (int i = 0; i < EC_LOG_NCOL; i++) pos[i] = -1;
  const char *a = ec_log_find(c, n, "Avg");
  const char *m = ec_log_find(c, n, "Median");
  const char *pc = memchr(c, '%', n);
  if (a) pos[EC_LOG_COL_AVG] = a - c;
  if (m) pos[EC_LOG_COL_MEDIAN] = m - c;
  if (pc) pos[EC_LOG_COL_PCT] = pc - c;
  /* the total-time column: a "Time" that belongs to no other column */
  for (const char *t = ec_log_find(c, n, "Time"); t; t = ec_log_find(t + 1, (size_t)(c + n - t - 1), "Time")) {
    long off = t - c;
    int other = 0;
    if (a && off > pos[EC_LOG_COL_AVG] && off - pos[EC_LOG_COL_AVG] <= 6) other = 1;
    if (m && off > pos[EC_LOG_COL_MEDIAN] && off - pos[EC_LOG_COL_MEDIAN] <= 8) other = 1;
    if (pc && pos[EC_LOG_COL_PCT] > off && pos[EC_LOG_COL_PCT] - off <= 6) other = 1;
    if (!other) {
      pos[EC_LOG_COL_TIME] = off;
      break;
    }
  }
  if (pos[EC_LOG_COL_AVG] < 0 && pos[EC_LOG_COL_TIME] < 0) return 0;
  P->prof_ncols = 0;
  long lo = -1, hi = -1;
  for (;;) { /* kinds by position */
    int best = -1;
    for (int i = 0; i < EC_LOG_NCOL; i++)
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
static int S_prof_row(ec_log_parser *P, const ec_log_line *L) {
  const char *c = L->c;
  size_t n = L->cn;
  ec_log_trim(&c, &n);
  double v[EC_LOG_NCOL];
  int k = P->prof_ncols;
  const char *name = NULL;
  size_t name_n = 0;
  if (P->prof_name_first) {
    const char *end = c + n;
    for (int i = k - 1; i >= 0; i--) {
      const char *t = end;
      while (t > c && !ec_log_isspace(t[-1])) t--;
      if (t == end || !ec_log_num_whole(t, (size_t)(end - t), &v[i])) return 0;
      end = t;
      while (end > c && ec_log_isspace(end[-1])) end--;
    }
    name = c;
    name_n = (size_t)(end - c);
  } else {
    const char *p = c, *end = c + n;
    for (int i = 0; i < k; i++) {
      while (p < end && ec_log_isspace(*p)) p++;
      const char *t = p;
      while (t < end && !ec_log_isspace(*t)) t++;
      if (t == p || !ec_log_num_whole(p, (size_t)(t - p), &v[i])) return 0;
      p = t;
    }
    while (p < end && ec_log_isspace(*p)) p++;
    name = p;
    name_n = (size_t)(end - p);
  }
  if (!name_n) return 0;
  if (ec_log_eq(name, name_n, "Total")) {
    P->prof_total = 1;
    return 1;
  }
  ec_log_count(P, EC_BUDGET_PROFILE_ROWS, 1);
  ec_log_inv *g = ec_log_cur(P);
  ec_log_prow *r = EC_PUSH(g->prof, g->n_prof, g->cap_prof);
  memset(r, 0, sizeof *r);
  r->name = ec_strndup(name, name_n);
  r->name_len = name_n;
  r->time_ms = r->avg_ms = r->median_ms = r->pct = 0;
  for (int i = 0; i < k; i++) {
    switch (P->prof_cols[i]) {
    case EC_LOG_COL_TIME: r->time_ms = v[i]; break;
    case EC_LOG_COL_AVG: r->avg_ms = v[i]; break;
    case EC_LOG_COL_MEDIAN: r->median_ms = v[i]; r->has_median = 1; break;
    default: r->pct = v[i]; break;
    }
  }
  r->line = L->no;
  r->col = (int)(name - L->s) + 1;
  g->anything = 1;
  return 1;
}

void ec_log_prof_end(ec_log_parser *P, int line) {
  if (P->mode == EC_LOG_M_PROFILE && !P->prof_total) {
    if (P->warn_prof++ < EC_LOG_MAX_WARN_LINES)
      ec_diag_add(&P->e->diags, EC_WARN, P->path, line, 1,
                  "per-layer profile table (started line %d) ends without its Total row (truncated?); "
                  "%zu %s read",
                  P->prof_start_line, ec_log_cur(P)->n_prof, ec_plural(ec_log_cur(P)->n_prof, "row", "rows"));
  }
}

void ec_log_stage_prof(ec_engine *e, const char *path, ec_log_inv *g) {
  ec_load_state *ls = ec_load_state_of(e);
  if (ls->n_prof[1] > 0) {
    ec_diag_add(&e->diags, EC_INFO, path, g->prof_line, 0,
                "per-layer profile table ignored: one was already read from a log (%s)",
                ls->prof_path[1] ? ls->prof_path[1] : "?");
    return;
  }
  for (size_t i = 0; i < g->n_prof; i++) {
    const ec_log_prow *r = &g->prof[i];
    ec_load_stage_prof(e, 1, r->name, r->name_len, r->time_ms, r->avg_ms, r->median_ms, r->has_median, r->pct,
                       r->line, r->col);
  }
  if (g->prof_iters > 0) ls->prof_count[1] = g->prof_iters;
  if (!ls->prof_path[1]) ls->prof_path[1] = ec_strdup(path);
}


void ec_log_prof_begin(ec_log_parser *P, const ec_log_line *L, const char *t, size_t tn) {
  ec_log_inv *g = ec_log_cur(P);
  double x;
  size_t used;
  ec_log_inv_clear_prof(g);
  g->prof_iters = ec_log_num(t + 13, tn - 13, &x, &used) && x >= 0 ? ec_i64(x, 0) : 0;
  g->prof_line = L->no;
  g->anything = 1;
  P->prof_header = 0;
  P->prof_total = 0;
  P->prof_ncols = 0;
  P->prof_start_line = L->no;
  P->mode = EC_LOG_M_PROFILE;
}

int ec_log_prof_line(ec_log_parser *P, const ec_log_line *L) {
  if (L->sev == 'I' && !L->trt) {
    const char *c = L->c;
    size_t n = L->cn;
    ec_log_trim(&c, &n);
    if (!n) {
      ec_log_prof_end(P, L->no);
      P->mode = EC_LOG_M_NONE;
      return 1;
    }
    if (!P->prof_header) {
      if (!S_prof_header(P, c, n)) {
        if (P->warn_prof++ < EC_LOG_MAX_WARN_LINES)
          ec_log_warn(P, L->no, 1, "per-layer profile table header not understood; table skipped");
        P->mode = EC_LOG_M_NONE;
      }
      return 1;
    }
    if (S_prof_row(P, L)) {
      if (P->prof_total) P->mode = EC_LOG_M_NONE;
      return 1;
    }
  }
  ec_log_prof_end(P, L->no);
  P->mode = EC_LOG_M_NONE;
  return 0;
}
