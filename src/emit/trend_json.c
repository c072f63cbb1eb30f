/* trend_json — enginecard.trend/1 (see trend_out.h). */
#include "emit/compare_json.h"
#include "narrate/precision_words.h"
#include "narrate/narrate.h"
#include "emit/jsonout.h"
#include "emit/trend_out.h"
#include "util/alloc.h"
#include <math.h>
#include <stdlib.h>

static json_t *S_facts(const ec_mismatch *m, size_t n) { return ec_jsonout_mismatches(m, n, "before", "after"); }

static json_t *S_moved(const ec_trend_moved *m, size_t n, int layers) {
  json_t *a = json_array();
  for (size_t k = 0; k < n; k++) {
    json_t *o = json_object();
    json_object_set_new(o, layers ? "name" : "type", ec_jstr(m[k].name));
    if (layers) json_object_set_new(o, "type", ec_jstr(m[k].type));
    json_object_set_new(o, "before_ms", ec_jnum(m[k].before_ms));
    json_object_set_new(o, "after_ms", ec_jnum(m[k].after_ms));
    json_object_set_new(o, "delta_ms", ec_jnum(ec_trend_moved_delta_ms(&m[k])));
    json_object_set_new(o, "delta_pct", ec_jnum(ec_trend_moved_delta_pct(&m[k])));
    if (!layers) {
      json_object_set_new(o, "share_pct", ec_jnum(m[k].share_pct));
      json_object_set_new(o, "moved", json_boolean(ec_trend_moved_notable(&m[k])));
    }
    json_object_set_new(o, "before_nights", json_integer((json_int_t)m[k].before_n));
    json_object_set_new(o, "after_nights", json_integer((json_int_t)m[k].after_n));
    json_array_append_new(a, o);
  }
  return a;
}

static json_t *S_span(const ec_trend_group *g, size_t first, size_t last, size_t nights) {
  json_t *o = json_object();
  json_object_set_new(o, "first", ec_jstr(g->nights[first].name));
  json_object_set_new(o, "last", ec_jstr(g->nights[last].name));
  json_object_set_new(o, "first_index", json_integer((json_int_t)first));
  json_object_set_new(o, "last_index", json_integer((json_int_t)last));
  json_object_set_new(o, "nights", json_integer((json_int_t)nights));
  return o;
}

/* a direction only where an interval supports one (ec_change_word) */
static const char *S_direction(ec_change c) {
  return c == EC_CHANGE_UNCLAIMED ? "not claimed" : ec_change_word(c);
}

static json_t *S_group(const ec_trend *t, const ec_trend_group *g) {
  json_t *o = json_object();
  json_object_set_new(o, "engine", ec_jstr(g->engine));
  json_object_set_new(o, "outcome", json_string(g->judged ? ec_verdict_words(g->verdict) : "not judged"));
  json_object_set_new(o, "gpu", ec_jstr(g->gpu));
  json_object_set_new(o, "tensorrt", ec_jstr(g->tensorrt));
  json_object_set_new(o, "noise_pct", ec_jnum(g->noise_pct));
  json_object_set_new(o, "penalty", ec_jnum(g->penalty));
  json_object_set_new(o, "nights_with_metric", json_integer((json_int_t)g->points));
  json_t *types = json_array();
  for (size_t k = 0; k < g->n_types; k++) json_array_append_new(types, ec_jstr(g->types[k]));
  json_object_set_new(o, "layer_types", types);
  json_t *nights = json_array();
  for (size_t i = 0; i < g->n; i++) {
    const ec_trend_night *x = &g->nights[i];
    json_t *v = json_object();
    json_object_set_new(v, "name", ec_jstr(x->name));
    json_object_set_new(v, "path", ec_jstr(x->e->n_files ? x->e->files[0].path : NULL));
    json_object_set_new(v, "value", ec_jnum(x->value));
    json_object_set_new(v, "level", json_integer((json_int_t)x->level));
    json_object_set_new(v, "outlier", json_boolean(x->outlier));
    json_t *lab = json_object();
    for (size_t k = 0; k < x->e->labels.n; k++)
      json_object_set_new(lab, x->e->labels.v[k].key, ec_jstr(x->e->labels.v[k].val));
    json_object_set_new(v, "labels", lab);
    /* latency per layer type, in the order of layer_types; null unknown */
    json_t *tm = json_array();
    for (size_t k = 0; k < g->n_types && x->has_types; k++) json_array_append_new(tm, ec_jnum(g->type_ms[i * g->n_types + k]));
    json_object_set_new(v, "type_ms", x->has_types ? tm : (json_decref(tm), json_null()));
    json_array_append_new(nights, v);
  }
  json_object_set_new(o, "nights", nights);
  json_t *levels = json_array();
  for (size_t k = 0; k < g->n_levels && g->n; k++) {
    json_t *l = S_span(g, g->levels[k].first, g->levels[k].last, g->levels[k].last - g->levels[k].first + 1);
    json_object_set_new(l, "value", ec_jnum(g->levels[k].value));
    json_array_append_new(levels, l);
  }
  json_object_set_new(o, "levels", levels);
  json_t *cps = json_array();
  for (size_t k = 0; k < g->n_cps; k++) {
    const ec_trend_cp *c = &g->cps[k];
    json_t *x = json_object();
    json_object_set_new(x, "night", ec_jstr(g->nights[c->night].name));
    json_object_set_new(x, "index", json_integer((json_int_t)c->night));
    json_object_set_new(x, "level_before", ec_jnum(c->level_before));
    json_object_set_new(x, "level_after", ec_jnum(c->level_after));
    json_object_set_new(x, "estimate", ec_jsonout_gate_est(&c->est));
    json_object_set_new(x, "direction", json_string(S_direction(c->change)));
    json_object_set_new(x, "before", S_span(g, c->before_first, c->before_last, c->runs_before));
    json_object_set_new(x, "after", S_span(g, c->night, c->after_last, c->runs_after));
    json_object_set_new(x, "facts_changed", S_facts(c->facts, c->n_facts));
    json_t *mv = json_object();
    json_object_set_new(mv, "types", S_moved(c->types, c->n_types, 0));
    json_object_set_new(mv, "layers", S_moved(c->layers, c->n_layers, 1));
    json_object_set_new(x, "moved", mv);
    char *line = ec_trend_cp_line(g, c);
    json_object_set_new(x, "text", ec_jstr(line));
    free(line);
    json_array_append_new(cps, x);
  }
  /* nights whose precision mix changed from the night before (rules/expect.h) */
  size_t nf = ec_trend_mix_flips(g, NULL, 0);
  ec_trend_flip *fl = ec_calloc(nf ? nf : 1, sizeof *fl);
  ec_trend_mix_flips(g, fl, nf);
  json_t *pa = json_array();
  for (size_t k = 0; k < nf; k++) {
    json_t *x = json_object();
    json_object_set_new(x, "night", ec_jstr(g->nights[fl[k].night].name));
    json_object_set_new(x, "index", json_integer((json_int_t)fl[k].night));
    json_object_set_new(x, "against", ec_jstr(g->nights[fl[k].before].name));
    json_object_set_new(x, "basis", json_string(fl[k].change.by_latency ? "latency" : "layers"));
    json_object_set_new(x, "fell", ec_jstr(fl[k].change.from));
    json_object_set_new(x, "fell_from_pct", ec_jnum(fl[k].change.from_before));
    json_object_set_new(x, "fell_to_pct", ec_jnum(fl[k].change.from_after));
    json_object_set_new(x, "rose", ec_jstr(fl[k].change.to));
    json_object_set_new(x, "rose_from_pct", ec_jnum(fl[k].change.to_before));
    json_object_set_new(x, "rose_to_pct", ec_jnum(fl[k].change.to_after));
    char *txt = ec_narrate_mix_change(&fl[k].change);
    json_object_set_new(x, "text", ec_jstr(txt));
    free(txt);
    json_array_append_new(pa, x);
  }
  free(fl);
  json_object_set_new(o, "precision_changes", pa);
  json_object_set_new(o, "autocorrelation", ec_jnum(g->rho));
  json_object_set_new(o, "change_points", cps);
  json_t *gate = json_object();
  json_object_set_new(gate, "latest", g->n ? ec_jstr(g->nights[g->latest].name) : json_null());
  json_object_set_new(gate, "judged", json_boolean(g->judged));
  json_object_set_new(gate, "verdict", json_string(g->judged ? ec_verdict_words(g->verdict) : "not judged"));
  /* which gate failed: the level before the latest night, the reference, or both */
  json_t *fg = json_array();
  if (g->judged && g->verdict == EC_VERDICT_FAIL) {
    if (g->level_verdict == EC_VERDICT_FAIL) json_array_append_new(fg, json_string("level before"));
    if (g->ref_judged && g->ref_verdict == EC_VERDICT_FAIL) json_array_append_new(fg, json_string("reference"));
  }
  json_object_set_new(gate, "failed_gates", fg);
  json_object_set_new(gate, "direction", json_string(S_direction(g->change)));
  json_object_set_new(gate, "against", g->judged && g->gate_runs ? S_span(g, g->gate_first, g->gate_last, g->gate_runs) : json_null());
  json_object_set_new(gate, "estimate", g->judged && g->gate_runs ? ec_jsonout_gate_est(&g->est) : json_null());
  json_object_set_new(gate, "reason", ec_jstr(g->reason));
  json_object_set_new(gate, "facts_changed", S_facts(g->facts, g->n_facts));
  if (g->ref_judged) {
    json_t *ref = json_object();
    json_object_set_new(ref, "against", S_span(g, g->ref_first, g->ref_last, g->ref_runs));
    json_object_set_new(ref, "verdict", json_string(ec_verdict_words(g->ref_verdict)));
    json_object_set_new(ref, "estimate", ec_jsonout_gate_est(&g->ref_est));
    json_object_set_new(ref, "reason", ec_jstr(g->ref_reason));
    json_object_set_new(gate, "reference", ref);
  } else {
    json_object_set_new(gate, "reference", json_null());
  }
  json_object_set_new(o, "gate", gate);
  (void)t;
  return o;
}

json_t *ec_jsonout_trend(const ec_trend *t) {
  json_t *o = json_object();
  json_object_set_new(o, "schema", json_string(EC_TREND_SCHEMA));
  json_t *m = json_object();
  json_object_set_new(m, "name", json_string(ec_metric_name(t->used)));
  json_object_set_new(m, "label", json_string(ec_metric_label(t->used)));
  json_object_set_new(m, "requested", json_string(ec_metric_name(t->requested)));
  json_object_set_new(m, "unit", json_string(ec_metric_unit(t->used)));
  json_object_set_new(m, "smaller_is_better", json_boolean(ec_metric_smaller_better(t->used)));
  json_object_set_new(o, "metric", m);
  json_t *ord = json_object();
  json_object_set_new(ord, "by", ec_jstr(t->opts.by));
  json_object_set_new(ord, "kind", ec_jstr(t->order));
  json_object_set_new(o, "order", ord);
  json_t *gate = json_object();
  json_object_set_new(gate, "max_regress_pct", ec_jnum(t->opts.max_regress_pct));
  json_object_set_new(gate, "confidence_pct", ec_jnum(100 * t->opts.confidence));
  char *rule = ec_trend_gate_rule(t);
  json_object_set_new(gate, "rule", ec_jstr(rule));
  free(rule);
  json_object_set_new(o, "gate", gate);
  ec_outcome oc = ec_trend_outcome(t);
  json_object_set_new(o, "outcome", json_string(ec_outcome_name(oc)));
  /* true only with a verdict that passed */
  json_object_set_new(o, "passed", json_boolean(oc == EC_OUTCOME_PASS));
  size_t judged = 0, passed = 0, info = 0;
  for (size_t k = 0; k < t->n; k++) {
    judged += t->groups[k].judged;
    passed += t->groups[k].judged && t->groups[k].verdict == EC_VERDICT_PASS;
    info += t->groups[k].judged && t->groups[k].verdict == EC_VERDICT_INFO;
  }
  json_t *sm = json_object();
  json_object_set_new(sm, "engines", json_integer((json_int_t)t->n));
  json_object_set_new(sm, "gates", json_integer((json_int_t)t->gates));
  json_object_set_new(sm, "passed", json_integer((json_int_t)passed));
  json_object_set_new(sm, "failed", json_integer((json_int_t)t->failed));
  json_object_set_new(sm, "inconclusive", json_integer((json_int_t)t->inconclusive));
  json_object_set_new(sm, "not_comparable", json_integer((json_int_t)(t->mismatched + t->errors)));
  json_object_set_new(sm, "no_gate", json_integer((json_int_t)info));
  json_object_set_new(sm, "not_judged", json_integer((json_int_t)(t->n - judged)));
  json_object_set_new(o, "summary", sm);
  char *h = ec_narrate_trend_headline(t);
  json_object_set_new(o, "headline", ec_jstr(h));
  free(h);
  json_t *me = json_object();
  json_object_set_new(me, "noise_floor_pct", ec_jnum(100 * EC_CP_NOISE_FLOOR));
  json_object_set_new(me, "clip_sigma", ec_jnum(EC_CP_CLIP));
  json_object_set_new(me, "filter_window", json_integer(EC_CP_WINDOW));
  json_object_set_new(me, "penalty", json_string(EC_CP_PENALTY_TEXT));
  json_object_set_new(me, "detector", json_string("PELT on the log of the metric, Hampel-filtered"));
  json_object_set_new(me, "window_nights", json_integer(EC_TREND_WINDOW));
  json_object_set_new(me, "moved_share_pct", ec_jnum(EC_TREND_NOTABLE_PCT));
  json_object_set_new(me, "min_step_pct", ec_jnum(EC_TREND_MIN_STEP_PCT));
  json_object_set_new(o, "method", me);
  json_object_set_new(o, "nights", json_integer((json_int_t)t->nights));
  json_t *gs = json_array();
  for (size_t k = 0; k < t->n; k++) json_array_append_new(gs, S_group(t, &t->groups[k]));
  json_object_set_new(o, "engines", gs);
  json_t *w = json_array();
  for (size_t k = 0; k < t->diags.n; k++) {
    char *msg = ec_diag_format(&t->diags.v[k]);
    json_array_append_new(w, ec_jstr(msg));
    free(msg);
  }
  json_object_set_new(o, "warnings", w);
  return o;
}
