/* trend_view — see trend_view.h. */
#include "view/trend_view.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "view/chart_trend.h"
#include "view/colors.h"
#include "narrate/verdict.h"
#include "words/words.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


static const char *S_unit(const ec_trend *t) { return ec_metric_unit(t->used); }

/* A metric value as the tables show it. */
static char *S_val(const ec_trend *t, char *buf, size_t cap, double v) {
  return t->used == EC_METRIC_THROUGHPUT ? ec_fmt_num(buf, cap, v) : ec_fmt_ms(buf, cap, v);
}

static const char *S_verdict(const ec_trend_group *g) {
  return g->judged ? ec_verdict_words(g->verdict) : "not judged";
}

/* The first night of a failing engine's bad stretch: the first night of the
 * latest night's level when that level began after the nights it was
 * compared with (a change point), else the latest night itself (a single
 * red night, a drift); NULL when the engine did not fail. */
static const ec_trend_night *S_first_bad(const ec_trend_group *g) {
  if (!g->n || !g->judged || g->verdict != EC_VERDICT_FAIL) return NULL;
  const ec_trend_night *l = &g->nights[g->latest];
  if (g->n_levels && l->level < g->n_levels) {
    size_t f = g->levels[l->level].first;
    if (f <= g->latest && (!g->gate_runs || f > g->gate_last)) return &g->nights[f];
  }
  return l;
}

ec_table *ec_tv_tbl_gates(const ec_trend *t, const char *id) {
  char buf[320], head[96];
  ec_table *tb = ec_table_new(id, NULL);
  ec_table_col(tb, "Engine", EC_CELL_ALIGN_LEFT, 0);
  ec_table_col(tb, "Nights", EC_CELL_ALIGN_RIGHT, 1);
  ec_table_col(tb, "Change points", EC_CELL_ALIGN_RIGHT, 1);
  ec_table_col(tb, "First bad night", EC_CELL_ALIGN_LEFT, 0);
  ec_table_col(tb, "Latest night", EC_CELL_ALIGN_LEFT, 0);
  snprintf(head, sizeof head, "%s (%s)", ec_metric_name(t->used), S_unit(t));
  ec_table_col(tb, head, EC_CELL_ALIGN_RIGHT, 1);
  ec_table_col(tb, ec_narrate_trend_change_head(t, 0, head, sizeof head), EC_CELL_ALIGN_RIGHT, 0);
  ec_table_col(tb, "Verdict", EC_CELL_ALIGN_LEFT, 0);
  for (size_t gi = 0; gi < t->n; gi++) {
    const ec_trend_group *g = &t->groups[gi];
    size_t r = ec_table_row(tb);
    ec_table_set(tb, r, 0, g->engine, NAN);
    ec_table_set_count(tb, r, 1, (double)g->n);
    ec_table_set_count(tb, r, 2, (double)g->n_cps);
    const ec_trend_night *l = g->n ? &g->nights[g->latest] : NULL;
    const ec_trend_night *bad = S_first_bad(g);
    ec_table_set_text_or_dash(tb, r, 3, bad ? bad->name : NULL);
    if (bad) ec_table_set_kind(tb, r, 3, EC_CELL_BAD, NULL);
    ec_table_set_text_or_dash(tb, r, 4, l ? l->name : NULL);
    ec_table_set(tb, r, 5, l ? S_val(t, buf, sizeof buf, l->value) : EC_DASH, l ? l->value : NAN);
    if (g->judged && g->gate_runs) {
      char est[128], ref[128];
      int n0 = snprintf(buf, sizeof buf, "%s (nights %s to %s)", ec_gate_str(est, sizeof est, &g->est),
                        g->nights[g->gate_first].name, g->nights[g->gate_last].name);
      /* the cumulative change, when its reference is not those nights */
      if (g->ref_judged && (g->ref_first != g->gate_first || g->ref_last != g->gate_last) && n0 > 0 &&
          (size_t)n0 < sizeof buf)
        snprintf(buf + n0, sizeof buf - (size_t)n0, "; since night %s: %s", g->nights[g->ref_first].name,
                 ec_gate_str(ref, sizeof ref, &g->ref_est));
    }
    ec_table_set(tb, r, 6, g->judged && g->gate_runs ? buf : EC_DASH, g->est.est_pct);
    ec_table_set(tb, r, 7, S_verdict(g), NAN);
    if (g->verdict == EC_VERDICT_FAIL || g->verdict == EC_VERDICT_NO_TIMING) ec_table_set_kind(tb, r, 7, EC_CELL_BAD, NULL);
    else if (g->verdict == EC_VERDICT_PASS) ec_table_set_kind(tb, r, 7, EC_CELL_GOOD, NULL);
  }
  return tb;
}

ec_table *ec_tv_tbl_cps(const ec_trend *t, const char *id, const char **why) {
  char buf[128], a[32], b2[32];
  ec_table *tb = ec_table_new(id, NULL);
  ec_table_col(tb, "Engine", EC_CELL_ALIGN_LEFT, 0);
  ec_table_col(tb, "First night", EC_CELL_ALIGN_LEFT, 0);
  snprintf(buf, sizeof buf, "Change [" EC_GIVEN "%% interval]", 100 * t->opts.confidence);
  ec_table_col(tb, buf, EC_CELL_ALIGN_RIGHT, 0);
  snprintf(buf, sizeof buf, "Level (%s)", S_unit(t));
  ec_table_col(tb, buf, EC_CELL_ALIGN_LEFT, 0);
  ec_table_col(tb, "Nights compared", EC_CELL_ALIGN_RIGHT, 0);
  ec_table_col(tb, "Layer types that moved", EC_CELL_ALIGN_LEFT, 0);
  ec_table_col(tb, "Facts that changed", EC_CELL_ALIGN_LEFT, 0);
  size_t total = 0;
  for (size_t gi = 0; gi < t->n; gi++) {
    const ec_trend_group *g = &t->groups[gi];
    for (size_t k = 0; k < g->n_cps; k++) {
      const ec_trend_cp *c = &g->cps[k];
      size_t r = ec_table_row(tb);
      total++;
      ec_table_set(tb, r, 0, g->engine, NAN);
      ec_table_set(tb, r, 1, g->nights[c->night].name, (double)c->night);
      ec_table_set(tb, r, 2, ec_gate_str(buf, sizeof buf, &c->est), c->est.est_pct);
      if (c->change == EC_CHANGE_WORSE) ec_table_set_kind(tb, r, 2, EC_CELL_BAD, NULL);
      else if (c->change == EC_CHANGE_BETTER) ec_table_set_kind(tb, r, 2, EC_CELL_GOOD, NULL);
      snprintf(buf, sizeof buf, "%s \xE2\x86\x92 %s", S_val(t, a, sizeof a, c->level_before), S_val(t, b2, sizeof b2, c->level_after));
      ec_table_set(tb, r, 3, buf, NAN);
      snprintf(buf, sizeof buf, "%zu vs. %zu", c->runs_before, c->runs_after);
      ec_table_set(tb, r, 4, buf, NAN);
      ec_buf m = {0};
      char d[96];
      for (size_t j = 0; j < c->n_types; j++)
        if (ec_trend_moved_notable(&c->types[j]))
          ec_buf_printf(&m, "%s%s %s", m.len ? "; " : "", c->types[j].name, ec_trend_moved_str(d, sizeof d, &c->types[j]));
      ec_table_set(tb, r, 5, m.len ? m.data : c->n_types ? "no type stands out" : "per-type latencies " EC_NA, NAN);
      m.len = 0;
      for (size_t j = 0; j < c->n_facts; j++)
        ec_buf_printf(&m, "%s%s: %s \xE2\x86\x92 %s", j ? "; " : "", c->facts[j].what, c->facts[j].base, c->facts[j].other);
      ec_table_set(tb, r, 6, m.len ? m.data : "none", NAN);
      ec_buf_free(&m);
    }
  }
  return ec_table_finish(tb, total, "no engine's level changed: no change point", why, "change point", "change points");
}

ec_table *ec_tv_tbl_moved(const ec_trend *t, size_t gi, size_t k, int layers, const char *id, size_t max) {
  const ec_trend_cp *c = &t->groups[gi].cps[k];
  const ec_trend_moved *v = layers ? c->layers : c->types;
  size_t n = layers ? c->n_layers : c->n_types;
  if (!n) return NULL;
  char buf[96];
  ec_table *tb = ec_table_new(id, NULL);
  ec_table_col(tb, layers ? "Layer" : "Layer type", EC_CELL_ALIGN_LEFT, 0);
  if (layers) ec_table_col(tb, "Type", EC_CELL_ALIGN_LEFT, 0);
  ec_table_col(tb, "Before (ms)", EC_CELL_ALIGN_RIGHT, 1);
  ec_table_col(tb, "After (ms)", EC_CELL_ALIGN_RIGHT, 1);
  ec_table_col(tb, "Change", EC_CELL_ALIGN_RIGHT, 1);
  if (!layers) ec_table_col(tb, "Share of the change (%)", EC_CELL_ALIGN_RIGHT, 1);
  size_t shown = max && n > max ? max : n;
  for (size_t j = 0; j < shown; j++) {
    size_t r = ec_table_row(tb), col = 0;
    ec_table_set(tb, r, col++, v[j].name, NAN);
    if (layers) ec_table_set_text_or_dash(tb, r, col++, v[j].type);
    ec_table_set_ms(tb, r, col++, v[j].before_ms);
    ec_table_set_ms(tb, r, col++, v[j].after_ms);
    double d = ec_trend_moved_delta_ms(&v[j]);
    ec_table_set(tb, r, col, ec_trend_moved_str(buf, sizeof buf, &v[j]), d);
    /* coloured when it matters: a type that holds a share of the change, any layer */
    if (layers || ec_trend_moved_notable(&v[j])) {
      if (d > 0) ec_table_set_kind(tb, r, col, EC_CELL_BAD, NULL);
      else if (d < 0) ec_table_set_kind(tb, r, col, EC_CELL_GOOD, NULL);
    }
    col++;
    if (!layers) ec_table_set_change(tb, r, col, v[j].share_pct);
  }
  if (shown < n) {
    char *note = ec_asprintf("%zu more %s in the JSON output (--json).", n - shown,
                             layers ? ec_plural(n - shown, "layer is", "layers are") : ec_plural(n - shown, "layer type is", "layer types are"));
    ec_table_set_note(tb, note);
    free(note);
  }
  return tb;
}

ec_table *ec_tv_tbl_nights(const ec_trend *t, size_t gi, const char *id, size_t max) {
  const ec_trend_group *g = &t->groups[gi];
  char buf[64], head[64];
  ec_table *tb = ec_table_new(id, NULL);
  ec_table_col(tb, "Night", EC_CELL_ALIGN_LEFT, 0);
  snprintf(head, sizeof head, "%s (%s)", ec_metric_name(t->used), S_unit(t));
  ec_table_col(tb, head, EC_CELL_ALIGN_RIGHT, 1);
  snprintf(head, sizeof head, "Level (%s)", S_unit(t));
  ec_table_col(tb, head, EC_CELL_ALIGN_RIGHT, 1);
  ec_table_col(tb, "Note", EC_CELL_ALIGN_LEFT, 0);
  size_t from = max && g->n > max ? g->n - max : 0, shown = 0;
  size_t cpk = 0;
  for (size_t i = 0; i < g->n; i++) {
    while (cpk < g->n_cps && g->cps[cpk].night < i) cpk++;
    int is_cp = cpk < g->n_cps && g->cps[cpk].night == i;
    if (i < from && !is_cp) continue;
    const ec_trend_night *x = &g->nights[i];
    size_t r = ec_table_row(tb);
    shown++;
    ec_table_set(tb, r, 0, x->name, (double)i);
    ec_table_set(tb, r, 1, S_val(t, buf, sizeof buf, x->value), x->value);
    double lv = x->level < g->n_levels ? g->levels[x->level].value : NAN;
    ec_table_set(tb, r, 2, S_val(t, buf, sizeof buf, lv), lv);
    ec_buf m = {0};
    if (is_cp) {
      ec_buf_puts(&m, "change point: ");
      ec_buf_puts(&m, ec_gate_str(buf, sizeof buf, &g->cps[cpk].est));
    }
    if (x->outlier) ec_buf_printf(&m, "%soutlier", m.len ? "; " : "");
    if (!isfinite(x->value)) ec_buf_printf(&m, "%s%s " EC_NA, m.len ? "; " : "", ec_metric_name(t->used));
    if (i == g->latest && g->judged) ec_buf_printf(&m, "%slatest: %s", m.len ? "; " : "", S_verdict(g));
    ec_table_set(tb, r, 3, m.len ? m.data : "", NAN);
    if (is_cp && g->cps[cpk].change == EC_CHANGE_WORSE) ec_table_set_kind(tb, r, 3, EC_CELL_BAD, NULL);
    ec_buf_free(&m);
  }
  if (shown < g->n) {
    char *note = ec_asprintf("%zu earlier %s not listed (every night is in the JSON output, --json).", g->n - shown,
                             ec_plural(g->n - shown, "night is", "nights are"));
    ec_table_set_note(tb, note);
    free(note);
  }
  return tb;
}

/* Night names as the charts' axis labels. */
static const char **S_labels(const ec_trend_group *g) {
  const char **v = ec_calloc(g->n ? g->n : 1, sizeof *v);
  for (size_t i = 0; i < g->n; i++) v[i] = g->nights[i].name;
  return v;
}

ec_scene *ec_tv_chart_series(const ec_trend *t, size_t gi, const char *id, const char **why) {
  return ec_tv_chart_series_w(t, gi, id, 0, why);
}

ec_scene *ec_tv_chart_series_w(const ec_trend *t, size_t gi, const char *id, double width, const char **why) {
  const ec_trend_group *g = &t->groups[gi];
  if (!g->points) {
    *why = "no night has the metric";
    return NULL;
  }
  size_t n = g->n;
  double *y = ec_calloc(n, sizeof *y);
  unsigned char *out = ec_calloc(n, 1);
  char **tips = n <= 500 ? ec_calloc(n, sizeof *tips) : NULL;
  char a[32], b[32];
  for (size_t i = 0; i < n; i++) {
    y[i] = g->nights[i].value;
    out[i] = (unsigned char)g->nights[i].outlier;
    if (tips)
      tips[i] = ec_asprintf("%s: %s %s (level %s)%s", g->nights[i].name, S_val(t, a, sizeof a, y[i]), S_unit(t),
                            S_val(t, b, sizeof b, g->levels[g->nights[i].level].value),
                            g->nights[i].outlier ? "; an outlier" : "");
  }
  size_t *lf = ec_calloc(g->n_levels, sizeof *lf), *ll = ec_calloc(g->n_levels, sizeof *ll);
  double *lv = ec_calloc(g->n_levels, sizeof *lv);
  for (size_t k = 0; k < g->n_levels; k++) {
    lf[k] = g->levels[k].first;
    ll[k] = g->levels[k].last;
    lv[k] = g->levels[k].value;
  }
  size_t *marks = ec_calloc(g->n_cps ? g->n_cps : 1, sizeof *marks);
  char **mt = ec_calloc(g->n_cps ? g->n_cps : 1, sizeof *mt);
  for (size_t k = 0; k < g->n_cps; k++) {
    marks[k] = g->cps[k].night;
    mt[k] = ec_trend_cp_line(g, &g->cps[k]);
  }
  const char **labels = S_labels(g);
  char *title = ec_asprintf("%s%s%s", g->engine, g->gpu ? " on " : "", g->gpu ? g->gpu : "");
  char *desc = ec_asprintf("%s of %s night by night, with each level's fitted value and noise band", ec_metric_label(t->used),
                           g->engine);
  char *band = isfinite(g->noise_pct) ? ec_asprintf("noise band (level \xC2\xB1 " EC_GIVEN " \xC3\x97 " EC_PCT ")", EC_CP_CLIP, g->noise_pct)
                                      : NULL;
  char *ylab = ec_strdup(ec_metric_label(t->used));
  ec_series_spec sp = {0};
  sp.f.id = id;
  sp.f.width = width;
  sp.f.title = title;
  sp.f.desc = desc;
  sp.n = n;
  sp.y = y;
  sp.labels = labels;
  sp.outlier = out;
  sp.tips = (const char *const *)tips;
  sp.n_levels = g->n_levels;
  sp.level_first = lf;
  sp.level_last = ll;
  sp.level = lv;
  sp.band = isfinite(g->noise_pct) ? EC_CP_CLIP * g->noise_pct / 100 : 0;
  sp.band_label = band;
  sp.n_marks = g->n_cps;
  sp.marks = marks;
  sp.mark_tips = (const char *const *)mt;
  sp.color = ec_colors_engine(gi);
  sp.name = g->engine;
  sp.y_axis = ylab;
  sp.y_unit = S_unit(t);
  sp.x_axis = t->opts.by ? t->opts.by : "night";
  if (t->n > 1) sp.f.height = 210; /* one small multiple per engine */
  ec_scene *s = ec_chart_series(&sp);
  for (size_t i = 0; tips && i < n; i++) free(tips[i]);
  for (size_t k = 0; k < g->n_cps; k++) free(mt[k]);
  free(tips);
  free(mt);
  free(marks);
  free(lf);
  free(ll);
  free(lv);
  free(y);
  free(out);
  free(labels);
  free(title);
  free(desc);
  free(band);
  free(ylab);
  return s;
}

/* A layer type's colour: TREx's, else one of the palette (types TREx does
 * not know share its gray). */
static ec_color S_type_color(const char *type, size_t k) {
  ec_color c = ec_colors_layer_type(type), gray = ec_colors_layer_type(NULL);
  if (c.r == gray.r && c.g == gray.g && c.b == gray.b) return ec_palette_color(k);
  return c;
}

ec_scene *ec_tv_chart_types(const ec_trend *t, size_t gi, const char *id, const char **why) {
  return ec_tv_chart_types_w(t, gi, id, 0, why);
}

ec_scene *ec_tv_chart_types_w(const ec_trend *t, size_t gi, const char *id, double width, const char **why) {
  const ec_trend_group *g = &t->groups[gi];
  size_t known = 0;
  for (size_t i = 0; i < g->n; i++) known += g->nights[i].has_types != 0;
  if (!known || !g->n_types) {
    *why = "no night has per-layer-type latencies (a profile, or a stored summary of one)";
    return NULL;
  }
  size_t n = g->n, shown = g->n_types > EC_TREND_HISTORY_TYPES + 1 ? EC_TREND_HISTORY_TYPES : g->n_types;
  size_t ns = shown + (shown < g->n_types);
  double *v = ec_calloc(ns * n, sizeof *v);
  const char **names = ec_calloc(ns, sizeof *names);
  ec_color *cols = ec_calloc(ns, sizeof *cols);
  for (size_t k = 0; k < shown; k++) {
    names[k] = g->types[k];
    cols[k] = S_type_color(g->types[k], k);
  }
  char *other = NULL;
  if (ns > shown) {
    other = ec_asprintf("other (%zu %s)", g->n_types - shown, ec_plural(g->n_types - shown, "type", "types"));
    names[shown] = other;
    cols[shown] = ec_colors_layer_type(NULL);
  }
  /* the largest types at the bottom of the stack, the rest summed on top */
  for (size_t i = 0; i < n; i++) {
    const double *row = g->type_ms + i * g->n_types;
    for (size_t k = 0; k < shown; k++) v[k * n + i] = row[k];
    if (ns > shown) {
      double sum = 0;
      for (size_t k = shown; k < g->n_types; k++) sum += row[k]; /* NAN when one is unknown */
      v[shown * n + i] = sum;
    }
  }
  size_t *marks = ec_calloc(g->n_cps ? g->n_cps : 1, sizeof *marks);
  for (size_t k = 0; k < g->n_cps; k++) marks[k] = g->cps[k].night;
  const char **labels = S_labels(g);
  char *title = ec_asprintf("%s: latency by layer type", g->engine);
  ec_history_spec sp = {0};
  sp.f.id = id;
  sp.f.width = width;
  sp.f.title = title;
  sp.f.desc = "Sum of per-layer averages per layer type, stacked, night by night (from each summary's latency_ms.by_type).";
  sp.n = n;
  sp.labels = labels;
  sp.n_series = ns;
  sp.series = names;
  sp.colors = cols;
  sp.values = v;
  sp.n_marks = g->n_cps;
  sp.marks = marks;
  sp.y_axis = "Sum of per-layer averages";
  sp.y_unit = "ms";
  sp.x_axis = t->opts.by ? t->opts.by : "night";
  if (t->n > 1) sp.f.height = 210;
  ec_scene *s = ec_chart_history(&sp);
  free(title);
  free(labels);
  free(marks);
  free(v);
  free(names);
  free(cols);
  free(other);
  return s;
}
