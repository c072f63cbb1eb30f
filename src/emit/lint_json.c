/* lint_json — enginecard.lint/1.
 *
 * { "schema", "engine", "layers", "latency_total_ms" | null,
 *   "counts": {"error","warning","info"}, "fail_on" | null, "failed",
 *   "top_by_gain": [finding index ... up to 3],
 *   "top_by_gain_together_ms" | null: what those could save together, each layer once,
 *   "top_by_gain_together_likely_ms" | null: what they likely save together, each layer once,
 *   "savings": {"scaled", "factor", "layer_sum_ms" | null, "end_to_end_ms" | null, "end_to_end" | null,
 *               "note" | null}: every saving scaled to the end-to-end time when the layers sum to more
 *               (rules/lint.h ec_findings),
 *   "groups": [ { "rule", "severity", "findings": [finding index ...], "layers",
 *                 "latency_ms" | null, "latency_share_pct" | null, "gain_ms_max" | null,
 *                 "likely_ms" | null, "mitigation" | null } ]: the findings by rule (ec_findings_group),
 *   "rules_without_findings": [rule id ...],
 *   "findings": [ { "rule", "severity", "trex_rule" | null,
 *                   "layer": {"index","name","type","precision","tactic"} | null,
 *                   "latency_share_pct" | null, "latency_ms" | null,
 *                   "message", "mitigation" | null, "evidence" | null,
 *                   "gain_ms_max" | null, "gain_basis" | null,
 *                   "likely_ms" | null, "likely_basis" | null, "likely_why" | null,
 *                   "confidence", "confidence_why", "next_step" | null,
 *                   "evidence_layers": [{"index","name","latency_ms" | null} ... up to 20],
 *                   "evidence_layers_total" } ] }
 * Findings keep ec_lint's order (latency share, then severity); top_by_gain
 * is ec_findings_top(f, 3). Keys are sorted on output by ec_jdump. */
#include "emit/lint_json.h"
#include "emit/jsonout.h"
#include <math.h>
#include <string.h>

static json_t *S_layer(const ec_engine *e, long i) {
  if (i < 0 || (size_t)i >= e->n_layers) return json_null();
  const ec_layer *l = &e->layers[i];
  json_t *o = json_object();
  json_object_set_new(o, "index", json_integer((json_int_t)i));
  json_object_set_new(o, "name", ec_jstrn(l->name, l->name_len));
  json_object_set_new(o, "type", ec_jstr(l->type));
  json_object_set_new(o, "precision", ec_jstr(l->precision));
  json_object_set_new(o, "tactic", l->tactic && strcmp(l->tactic, "TensorRT") ? ec_jstr(l->tactic) : json_null());
  return o;
}

#define S_MAX_EVIDENCE_LAYERS 20

static json_t *S_evidence_layers(const ec_summary *s, const ec_finding *x) {
  const ec_engine *e = s->engine;
  json_t *a = json_array();
  for (size_t k = 0; k < x->n_layers && k < S_MAX_EVIDENCE_LAYERS; k++) {
    size_t i = x->layers[k];
    if (i >= e->n_layers) continue;
    const ec_layer *l = &e->layers[i];
    json_t *o = json_object();
    json_object_set_new(o, "index", json_integer((json_int_t)i));
    json_object_set_new(o, "name", ec_jstrn(l->name, l->name_len));
    json_object_set_new(o, "latency_ms", s->has_latency && l->has_profile ? ec_jnum(l->avg_ms) : json_null());
    json_array_append_new(a, o);
  }
  return a;
}

json_t *ec_jsonout_lint(const ec_summary *s, const ec_findings *f, int fail_on) {
  const ec_engine *e = s->engine;
  json_t *o = json_object();
  json_object_set_new(o, "schema", json_string(EC_LINT_SCHEMA));
  json_object_set_new(o, "engine", ec_jstr(e->name));
  long long nl = ec_summary_layer_count(s);
  json_object_set_new(o, "layers", nl >= 0 ? json_integer((json_int_t)nl) : json_null());
  json_object_set_new(o, "latency_total_ms", s->has_latency ? ec_jnum(s->total_ms) : json_null());
  json_t *cnt = json_object();
  for (int k = 0; k < 3; k++) json_object_set_new(cnt, ec_lint_sev_name((ec_lint_sev)k), json_integer((json_int_t)f->count[k]));
  json_object_set_new(o, "counts", cnt);
  json_object_set_new(o, "fail_on", fail_on >= 0 ? json_string(ec_lint_sev_name((ec_lint_sev)fail_on)) : json_null());
  json_object_set_new(o, "failed", json_boolean(fail_on >= 0 && ec_findings_max_sev(f) >= fail_on));
  json_t *arr = json_array();
  for (size_t i = 0; i < f->n; i++) {
    const ec_finding *x = &f->v[i];
    json_t *j = json_object();
    json_object_set_new(j, "rule", json_string(x->rule));
    json_object_set_new(j, "severity", json_string(ec_lint_sev_name(x->severity)));
    json_object_set_new(j, "trex_rule", x->trex_rule ? json_string(x->trex_rule) : json_null());
    json_object_set_new(j, "layer", S_layer(e, x->layer));
    json_object_set_new(j, "latency_share_pct", ec_jnum(x->share_pct));
    json_object_set_new(j, "latency_ms", ec_jnum(x->latency_ms));
    json_object_set_new(j, "message", ec_jstr(x->message));
    json_object_set_new(j, "mitigation", ec_jstr(x->mitigation));
    json_object_set_new(j, "evidence", ec_jstr(x->evidence));
    json_object_set_new(j, "gain_ms_max", ec_jnum(x->gain_ms_max));
    const char *basis = ec_gain_basis_name(x->gain_basis);
    json_object_set_new(j, "gain_basis", basis && isfinite(x->gain_ms_max) ? json_string(basis) : json_null());
    /* the realistic estimate beside the bound, null when no basis exists */
    const char *lb = isfinite(x->gain_ms_likely) ? ec_likely_basis_name(x->likely_basis) : NULL;
    json_object_set_new(j, "likely_ms", lb ? ec_jnum(x->gain_ms_likely) : json_null());
    json_object_set_new(j, "likely_basis", lb ? json_string(lb) : json_null());
    json_object_set_new(j, "likely_why", lb && x->likely_why ? ec_jstr(x->likely_why) : json_null());
    json_object_set_new(j, "confidence", json_string(ec_confidence_name(x->confidence)));
    json_object_set_new(j, "confidence_why", ec_jstr(x->confidence_why ? x->confidence_why : ""));
    json_object_set_new(j, "next_step", ec_jstr(x->next_step));
    json_object_set_new(j, "evidence_layers", S_evidence_layers(s, x));
    json_object_set_new(j, "evidence_layers_total", json_integer((json_int_t)x->n_layers));
    json_array_append_new(arr, j);
  }
  json_object_set_new(o, "findings", arr);
  const ec_finding *top[3];
  size_t nt = ec_findings_top(f, 3, top);
  json_t *ta = json_array();
  for (size_t k = 0; k < nt; k++) json_array_append_new(ta, json_integer((json_int_t)(top[k] - f->v)));
  json_object_set_new(o, "top_by_gain", ta);
  /* what they could save together, each layer once (never above their time) */
  json_object_set_new(o, "top_by_gain_together_ms", nt ? ec_jnum(ec_findings_union_gain(e, top, nt, NULL)) : json_null());
  json_object_set_new(o, "top_by_gain_together_likely_ms", nt ? ec_jnum(ec_findings_union_likely(e, top, nt)) : json_null());
  /* savings bounded by what the engine takes: scaled to the end-to-end time when the layers sum to more */
  json_t *sc = json_object();
  json_object_set_new(sc, "scaled", json_boolean(f->gains_scaled));
  json_object_set_new(sc, "factor", ec_jnum(f->gain_scale));
  json_object_set_new(sc, "layer_sum_ms", ec_jnum(f->layer_sum_ms));
  json_object_set_new(sc, "end_to_end_ms", ec_jnum(f->e2e_ms));
  json_object_set_new(sc, "end_to_end", ec_jstr(f->e2e_what));
  char *note = ec_findings_scale_note(f);
  json_object_set_new(sc, "note", ec_jstr(note));
  free(note);
  json_object_set_new(o, "savings", sc);
  ec_finding_groups g;
  ec_findings_group(s, f, &g);
  json_t *ga = json_array();
  for (size_t k = 0; k < g.n; k++) {
    const ec_finding_group *G = &g.v[k];
    json_t *j = json_object();
    json_object_set_new(j, "rule", json_string(G->rule));
    json_object_set_new(j, "severity", json_string(ec_lint_sev_name(G->severity)));
    json_t *ix = json_array();
    for (size_t q = 0; q < G->n; q++) json_array_append_new(ix, json_integer((json_int_t)G->idx[q]));
    json_object_set_new(j, "findings", ix);
    json_object_set_new(j, "layers", json_integer((json_int_t)G->n_layers));
    json_object_set_new(j, "latency_ms", ec_jnum(G->latency_ms));
    json_object_set_new(j, "latency_share_pct", ec_jnum(G->share_pct));
    json_object_set_new(j, "gain_ms_max", ec_jnum(G->gain_ms_max));
    json_object_set_new(j, "likely_ms", ec_jnum(G->gain_ms_likely));
    json_object_set_new(j, "mitigation", ec_jstr(G->mitigation));
    json_array_append_new(ga, j);
  }
  json_object_set_new(o, "groups", ga);
  json_t *qa = json_array();
  for (size_t k = 0; k < g.n_quiet; k++) json_array_append_new(qa, json_string(g.quiet[k]));
  json_object_set_new(o, "rules_without_findings", qa);
  ec_finding_groups_free(&g);
  return o;
}
