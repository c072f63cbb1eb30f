/* compare_json — enginecard.compare/2.
 *
 * One object: the metric, the gate, a counts summary, comparison-wide
 * warnings and one entry per engine (in the order of the command line) with
 * its metric value, the estimated change with its interval, the verdict,
 * comparability mismatches, alignment, the waterfall's numbers and
 * per-layer deltas. /2 replaced /1's noise band (noise_pct, threshold_pct,
 * noise_k, metric.spread) with the estimate. Unknown numbers
 * are null; every input string goes through ec_jstrn (valid UTF-8); keys are
 * sorted by ec_jdump. */
#include "emit/compare_json.h"
#include "emit/compare_fused.h"
#include "narrate/precision_words.h"
#include "narrate/narrate.h"
#include "emit/jsonout.h"
#include "facts/layer_kind.h"
#include "narrate/narrate.h"
#include "util/alloc.h"
#include <math.h>
#include <stdlib.h>

static json_t *S_metric(const ec_metric_value *m) {
  json_t *o = json_object();
  json_object_set_new(o, "value", ec_jnum(m->value));
  json_object_set_new(o, "unit", ec_jstr(m->unit));
  json_object_set_new(o, "source", ec_jstr(m->source));
  json_object_set_new(o, "samples", m->samples ? json_integer((json_int_t)m->samples) : json_null());
  json_object_set_new(o, "runs", json_integer((json_int_t)m->runs));
  json_object_set_new(o, "cv_pct", ec_jnum(100.0 * m->cv));
  json_object_set_new(o, "distribution", ec_jstr(m->dist));
  json_object_set_new(o, "single_sample", json_boolean(m->single_sample));
  return o;
}

json_t *ec_jsonout_gate_est(const ec_gate_est *g) {
  json_t *o = json_object();
  json_object_set_new(o, "regress_pct", ec_jnum(g->est_pct));
  json_object_set_new(o, "low_pct", ec_jnum(g->lo_pct));
  json_object_set_new(o, "high_pct", ec_jnum(g->hi_pct));
  json_object_set_new(o, "confidence_pct", ec_jnum(100 * g->confidence));
  json_object_set_new(o, "mode", json_string(ec_gate_mode_name(ec_gate_mode_of(g))));
  /* null: one run per side with nothing known of run-to-run noise claims nothing */
  int claim = isfinite(g->lo_pct) && g->run_noise != EC_RUN_NOISE_NOT_MEASURED;
  json_object_set_new(o, "significant", claim ? json_boolean(ec_gate_significant_slower(g)) : json_null());
  json_object_set_new(o, "run_noise", json_string(ec_run_noise_name(g->run_noise)));
  json_object_set_new(o, "run_noise_pct", ec_jnum(g->run_noise_pct));
  if (isfinite(g->within_lo_pct)) {
    json_t *w = json_object();
    json_object_set_new(w, "low_pct", ec_jnum(g->within_lo_pct));
    json_object_set_new(w, "high_pct", ec_jnum(g->within_hi_pct));
    json_object_set_new(w, "block_length", json_integer((json_int_t)g->block_len));
    /* no confidence level is claimed: iteration noise only (gate.h) */
    json_object_set_new(w, "note", json_string(EC_GATE_WITHIN_NOTE));
    json_object_set_new(o, "within_run", w);
  } else {
    json_object_set_new(o, "within_run", json_null());
  }
  json_object_set_new(o, "min_iterations", g->min_n ? json_integer((json_int_t)g->min_n) : json_null());
  json_object_set_new(o, "method", ec_jstr(g->method));
  json_object_set_new(o, "no_interval", ec_jstr(g->why));
  json_object_set_new(o, "runs_baseline", json_integer((json_int_t)g->runs_base));
  json_object_set_new(o, "runs_engine", json_integer((json_int_t)g->runs_cand));
  json_object_set_new(o, "between_run_pct", ec_jnum(g->between_pct));
  json_object_set_new(o, "df", g->df ? json_integer(g->df) : json_null());
  char buf[320];
  json_object_set_new(o, "text", json_string(ec_gate_str(buf, sizeof buf, g)));
  json_object_set_new(o, "claim", json_string(ec_gate_claim_str(buf, sizeof buf, g)));
  return o;
}

static json_t *S_waterfall(const ec_compare_result *r) {
  json_t *o = json_object();
  json_object_set_new(o, "baseline_total_ms", ec_jnum(r->base_total_ms));
  json_object_set_new(o, "engine_total_ms", ec_jnum(r->engine_total_ms));
  json_t *t = json_array();
  for (size_t k = 0; k < r->n_by_type; k++) {
    const ec_compare_type_delta *x = &r->by_type[k];
    json_t *e = json_object();
    json_object_set_new(e, "type", ec_jstr(x->type));
    json_object_set_new(e, "layers", json_integer((json_int_t)x->n));
    json_object_set_new(e, "baseline_ms", ec_jnum(x->base_ms));
    json_object_set_new(e, "engine_ms", ec_jnum(x->ms));
    json_object_set_new(e, "delta_ms", ec_jnum(x->ms - x->base_ms));
    json_array_append_new(t, e);
  }
  json_object_set_new(o, "by_type", t);
  json_object_set_new(o, "baseline_only_ms", ec_jnum(r->only_base_ms));
  json_object_set_new(o, "engine_only_ms", ec_jnum(r->only_engine_ms));
  json_object_set_new(o, "half_profiled_ms", ec_jnum(r->half_profiled_ms));
  char *moved = ec_compare_moved_text(r);
  json_object_set_new(o, "moved", ec_jstr(moved));
  free(moved);
  return o;
}

static json_t *S_layer_ref(const ec_engine *e, long i) {
  if (i < 0) return json_null();
  return json_integer(i);
}

static json_t *S_name(const ec_engine *e, long i) {
  if (i < 0) return json_null();
  return ec_jstrn(e->layers[i].name, e->layers[i].name_len);
}

/* What each side of an aligned pair runs (LayerType and kernel), and what
 * changed inside the pair (judge/compare.h ec_compare_pair_why). */
static void S_pair_facts(json_t *o, const ec_layer *la, const ec_layer *lb) {
  json_object_set_new(o, "type", ec_jstr(ec_compare_pair_type(la, lb)));
  json_object_set_new(o, "baseline_layer_type", ec_jstr(la->layer_type));
  json_object_set_new(o, "engine_layer_type", ec_jstr(lb->layer_type));
  char tb[96], te[96];
  json_object_set_new(o, "baseline_tactic", ec_jstr(ec_layer_tactic_shown(la, tb, sizeof tb)));
  json_object_set_new(o, "engine_tactic", ec_jstr(ec_layer_tactic_shown(lb, te, sizeof te)));
  unsigned k = ec_compare_pair_changes(la, lb);
  json_object_set_new(o, "implementation_changed", json_boolean(k & EC_PAIR_IMPLEMENTATION));
  json_object_set_new(o, "precision_changed", json_boolean(k & EC_PAIR_PRECISION));
  char *why = ec_compare_pair_why(la, lb);
  json_object_set_new(o, "why", ec_jstr(why));
  free(why);
}

static json_t *S_delta(const ec_engine *b, const ec_engine *e, const ec_layer_delta *d) {
  json_t *o = json_object();
  json_object_set_new(o, "baseline", S_layer_ref(b, d->a));
  json_object_set_new(o, "engine", S_layer_ref(e, d->b));
  json_object_set_new(o, "baseline_name", S_name(b, d->a));
  json_object_set_new(o, "engine_name", S_name(e, d->b));
  S_pair_facts(o, &b->layers[d->a], &e->layers[d->b]);
  json_object_set_new(o, "how", ec_jstr(d->how));
  json_object_set_new(o, "baseline_ms", ec_jnum(d->base_ms));
  json_object_set_new(o, "engine_ms", ec_jnum(d->ms));
  json_object_set_new(o, "delta_ms", ec_jnum(d->delta_ms));
  json_object_set_new(o, "delta_pct", ec_jnum(d->delta_pct));
  json_object_set_new(o, "noise_pct", ec_jnum(d->noise_pct));
  json_object_set_new(o, "flagged", json_boolean(d->flagged));
  return o;
}

static json_t *S_alignment(const ec_comparison *c, const ec_compare_result *r) {
  const ec_engine *b = c->engines[c->baseline], *e = c->engines[r->engine];
  json_t *o = json_object();
  json_object_set_new(o, "status", json_string(r->aligned ? "aligned" : "skipped"));
  json_object_set_new(o, "note", ec_jstr(r->align_note));
  if (!r->aligned) return o;
  const ec_alignment *al = r->al;
  json_object_set_new(o, "matched", json_integer((json_int_t)al->matched));
  json_object_set_new(o, "baseline_only", json_integer((json_int_t)al->only_a));
  json_object_set_new(o, "engine_only", json_integer((json_int_t)al->only_b));
  json_object_set_new(o, "baseline_only_ms", ec_jnum(r->only_base_ms));
  json_object_set_new(o, "engine_only_ms", ec_jnum(r->only_engine_ms));
  json_t *pairs = json_array();
  for (size_t k = 0; k < al->n; k++) {
    const ec_align_pair *p = &al->v[k];
    json_t *x = json_object();
    json_object_set_new(x, "baseline", S_layer_ref(b, p->a));
    json_object_set_new(x, "engine", S_layer_ref(e, p->b));
    json_object_set_new(x, "baseline_name", S_name(b, p->a));
    json_object_set_new(x, "engine_name", S_name(e, p->b));
    if (p->a >= 0 && p->b >= 0) S_pair_facts(x, &b->layers[p->a], &e->layers[p->b]);
    else json_object_set_new(x, "type", ec_jstr(p->a >= 0 ? b->layers[p->a].type : e->layers[p->b].type));
    json_object_set_new(x, "how", ec_jstr(p->how));
    /* on the comparison's basis (per inference when batches differ) */
    double db = ec_compare_divisor(c, c->baseline), de = ec_compare_divisor(c, r->engine);
    json_object_set_new(x, "baseline_ms", p->a >= 0 && b->layers[p->a].has_profile ? ec_jnum(b->layers[p->a].avg_ms / db) : json_null());
    json_object_set_new(x, "engine_ms", p->b >= 0 && e->layers[p->b].has_profile ? ec_jnum(e->layers[p->b].avg_ms / de) : json_null());
    json_array_append_new(pairs, x);
  }
  json_object_set_new(o, "pairs", pairs);
  return o;
}

json_t *ec_jsonout_mismatches(const ec_mismatch *m, size_t n, const char *base_key, const char *other_key) {
  json_t *a = json_array();
  for (size_t k = 0; k < n; k++) {
    json_t *x = json_object();
    json_object_set_new(x, "what", ec_jstr(m[k].what));
    json_object_set_new(x, base_key, ec_jstr(m[k].base));
    json_object_set_new(x, other_key, ec_jstr(m[k].other));
    json_array_append_new(a, x);
  }
  return a;
}

static json_t *S_mismatches(const ec_mismatch *m, size_t n) { return ec_jsonout_mismatches(m, n, "baseline", "engine"); }

static json_t *S_engine(const ec_comparison *c, const ec_compare_result *r, const ec_kvs *labels) {
  const ec_engine *e = c->engines[r->engine], *b = c->engines[c->baseline];
  json_t *o = json_object();
  json_object_set_new(o, "name", ec_jstr(e->name));
  json_object_set_new(o, "baseline", json_boolean(r->engine == c->baseline));
  json_t *files = json_array();
  int stored = 0;
  for (size_t k = 0; k < e->n_files; k++) {
    json_array_append_new(files, ec_jstr(e->files[k].path));
    stored |= e->files[k].kind == EC_FILE_SUMMARY;
  }
  json_object_set_new(o, "files", files);
  json_object_set_new(o, "stored_summary", json_boolean(stored));
  json_t *lab = json_object();
  if (labels)
    for (size_t k = 0; k < labels[r->engine].n; k++)
      json_object_set_new(lab, labels[r->engine].v[k].key, ec_jstr(labels[r->engine].v[k].val));
  json_object_set_new(o, "labels", lab);
  json_object_set_new(o, "tensorrt", ec_jstr(e->trt_version));
  json_object_set_new(o, "device", e->device.present ? ec_jstr(e->device.name) : json_null());
  /* a stored summary's own count; null when no input says (never 0 for "not stored") */
  long long nl = c->sums ? ec_summary_layer_count(c->sums[r->engine]) : (long long)e->n_layers;
  json_object_set_new(o, "layers", nl >= 0 ? json_integer((json_int_t)nl) : json_null());
  json_object_set_new(o, "metric", S_metric(&r->m));
  json_object_set_new(o, "delta_pct", ec_jnum(r->delta_pct));
  json_object_set_new(o, "regress_pct", ec_jnum(r->regress_pct));
  json_object_set_new(o, "estimate", r->engine == c->baseline ? json_null() : ec_jsonout_gate_est(&r->est));
  json_object_set_new(o, "verdict", json_string(ec_verdict_name(r->verdict)));
  json_object_set_new(o, "outcome", json_string(ec_verdict_words(r->verdict)));
  json_object_set_new(o, "warmup_trimmed", json_integer((json_int_t)r->warmup_trimmed));
  /* null: no direction is claimed (no interval at the confidence supports one) */
  json_object_set_new(o, "change", r->change == EC_CHANGE_UNCLAIMED ? json_null() : json_string(ec_change_name(r->change)));
  json_object_set_new(o, "reason", ec_jstr(r->reason));
  json_object_set_new(o, "comparability", S_mismatches(r->mism, r->n_mism));
  /* only when TensorRT 11's defaults differ from the baseline's */
  if (r->n_dflt) json_object_set_new(o, "version_defaults", S_mismatches(r->dflt, r->n_dflt));
  /* only when the engines themselves differ (input names, precision, weights) */
  if (r->n_diff) json_object_set_new(o, "differences", S_mismatches(r->diff, r->n_diff));
  if (c->per_inference) { /* the figures as measured, beside the per-inference ones */
    json_t *p = json_object();
    json_object_set_new(p, "batch", json_integer((json_int_t)c->batch[r->engine]));
    json_object_set_new(p, "raw_value", ec_jnum(r->raw_value));
    json_object_set_new(p, "raw_regress_pct", r->engine == c->baseline ? json_null() : ec_jnum(r->raw_regress_pct));
    double d = ec_compare_divisor(c, r->engine), dbase = ec_compare_divisor(c, c->baseline);
    json_object_set_new(p, "raw_baseline_total_ms", r->aligned ? ec_jnum(r->base_total_ms * dbase) : json_null());
    json_object_set_new(p, "raw_engine_total_ms", r->aligned ? ec_jnum(r->engine_total_ms * d) : json_null());
    json_object_set_new(o, "per_inference", p);
  }
  ec_uniform u;
  if (ec_compare_uniform(c, r->engine, &u)) {
    json_t *x = json_object();
    json_object_set_new(x, "layers", json_integer((json_int_t)u.layers));
    json_object_set_new(x, "low_pct", ec_jnum(u.low_pct));
    json_object_set_new(x, "high_pct", ec_jnum(u.high_pct));
    char *t = ec_compare_uniform_text(c, r->engine);
    json_object_set_new(x, "text", ec_jstr(t));
    free(t);
    json_object_set_new(o, "uniform", x);
  }
  /* --expect-precision on this engine, and its precision mix against the baseline's */
  json_t *ex = json_array();
  for (size_t k = 0; k < c->opts.n_expect; k++) {
    ec_expect_result er;
    ec_expect_check(e, &c->opts.expect[k], &er);
    json_t *x = json_object();
    json_object_set_new(x, "spec", json_string(c->opts.expect[k].spec));
    json_object_set_new(x, "known", json_boolean(er.known));
    json_object_set_new(x, "met", er.known ? json_boolean(er.met) : json_null());
    json_object_set_new(x, "basis", json_string(er.by_latency ? "latency" : "layers"));
    json_object_set_new(x, "share_pct", ec_jnum(er.pct));
    json_object_set_new(x, "why", ec_jstr(er.why));
    json_object_set_new(x, "layers_wider", json_integer((json_int_t)er.n_other));
    json_array_append_new(ex, x);
    ec_expect_result_free(&er);
  }
  json_object_set_new(o, "precision_expectations", ex);
  if (r->engine != c->baseline) {
    ec_mix_change mc = ec_mix_change_of(b, e);
    if (mc.known && mc.notable) {
      json_t *x = json_object();
      char *t = ec_narrate_mix_change(&mc);
      json_object_set_new(x, "text", ec_jstr(t));
      free(t);
      json_object_set_new(x, "basis", json_string(mc.by_latency ? "latency" : "layers"));
      json_object_set_new(x, "fell", ec_jstr(mc.from));
      json_object_set_new(x, "fell_from_pct", ec_jnum(mc.from_before));
      json_object_set_new(x, "fell_to_pct", ec_jnum(mc.from_after));
      json_object_set_new(x, "rose", ec_jstr(mc.to));
      json_object_set_new(x, "rose_from_pct", ec_jnum(mc.to_before));
      json_object_set_new(x, "rose_to_pct", ec_jnum(mc.to_after));
      json_object_set_new(x, "rose_layers_before", ec_jcount(mc.to_layers_before));
      json_object_set_new(x, "rose_layers_after", ec_jcount(mc.to_layers_after));
      json_object_set_new(o, "precision_mix_change", x);
    } else {
      json_object_set_new(o, "precision_mix_change", json_null());
    }
  }
  json_object_set_new(o, "layer_noise_pct", ec_jnum(r->layer_noise_pct));
  json_object_set_new(o, "layer_noise_note", ec_jstr(r->layer_noise_note));
  if (r->engine == c->baseline) {
    json_object_set_new(o, "waterfall", json_null());
    json_object_set_new(o, "alignment", json_null());
    json_object_set_new(o, "layer_regressions", json_array());
    json_object_set_new(o, "layers_flagged", json_integer(0));
    return o;
  }
  json_object_set_new(o, "alignment", S_alignment(c, r));
  json_object_set_new(o, "waterfall", r->aligned ? S_waterfall(r) : json_null());
  json_t *top = json_array();
  for (size_t k = 0, n = 0; k < r->n_deltas && n < EC_TOP_LAYERS; k++) {
    if (!(r->deltas[k].delta_ms > 0)) break;
    json_array_append_new(top, S_delta(b, e, &r->deltas[k]));
    n++;
  }
  /* flagged layers beyond the top list */
  size_t shown = json_array_size(top);
  for (size_t k = shown; k < r->n_deltas; k++)
    if (r->deltas[k].flagged) json_array_append_new(top, S_delta(b, e, &r->deltas[k]));
  json_object_set_new(o, "layer_regressions", top);
  json_object_set_new(o, "layers_flagged", json_integer((json_int_t)r->n_flagged));
  ec_jsonout_compare_fused(o, c, r->engine);
  return o;
}

json_t *ec_jsonout_compare(const ec_comparison *c, const ec_kvs *labels) {
  json_t *o = json_object();
  json_object_set_new(o, "schema", json_string(EC_COMPARE_SCHEMA));
  json_object_set_new(o, "baseline", c->n ? ec_jstr(c->engines[c->baseline]->name) : json_null());
  json_t *m = json_object();
  json_object_set_new(m, "requested", json_string(ec_metric_name(c->requested)));
  json_object_set_new(m, "used", json_string(ec_metric_name(c->used)));
  json_object_set_new(m, "label", json_string(ec_metric_label(c->used)));
  json_object_set_new(m, "unit", json_string(ec_compare_unit(c)));
  json_object_set_new(m, "smaller_is_better", json_boolean(ec_metric_smaller_better(c->used)));
  json_object_set_new(o, "metric", m);
  char *basis = ec_narrate_basis(c);
  if (basis) { /* only when the figures are per inference (judge/compare.h ec_compare_basis) */
    json_t *x = json_object();
    json_object_set_new(x, "name", json_string("per inference"));
    json_object_set_new(x, "text", ec_jstr(basis));
    json_t *bs = json_array();
    for (size_t i = 0; i < c->n; i++) json_array_append_new(bs, json_integer((json_int_t)c->batch[i]));
    json_object_set_new(x, "batches", bs);
    json_object_set_new(o, "basis", x);
    free(basis);
  }
  json_t *g = json_object();
  json_object_set_new(g, "max_regress_pct", ec_jnum(c->opts.max_regress_pct));
  json_object_set_new(g, "confidence_pct", ec_jnum(100 * c->opts.confidence));
  json_object_set_new(g, "max_layer_regress_pct", ec_jnum(c->opts.max_layer_regress_pct));
  json_object_set_new(g, "min_layer_ms", ec_jnum(c->opts.min_layer_ms));
  char *rule = ec_compare_gate_rule(c);
  json_object_set_new(g, "rule", rule ? json_string(rule) : json_null());
  free(rule);
  json_object_set_new(o, "gate", g);
  json_t *s = json_object();
  json_object_set_new(s, "engines", json_integer((json_int_t)c->n));
  json_object_set_new(s, "gates", json_integer((json_int_t)c->gates));
  json_object_set_new(s, "failed", json_integer((json_int_t)c->failed));
  json_object_set_new(s, "errors", json_integer((json_int_t)c->errors));
  size_t counts[7] = {0};
  for (size_t i = 0; i < c->n; i++)
    if (i != c->baseline) counts[c->res[i].verdict < 7 ? c->res[i].verdict : EC_VERDICT_NOT_COMPARABLE]++;
  json_object_set_new(s, "passed", json_integer((json_int_t)counts[EC_VERDICT_PASS]));
  json_object_set_new(s, "inconclusive", json_integer((json_int_t)counts[EC_VERDICT_INCONCLUSIVE]));
  json_object_set_new(s, "not_comparable", json_integer((json_int_t)counts[EC_VERDICT_NOT_COMPARABLE]));
  json_object_set_new(s, "no_timing", json_integer((json_int_t)counts[EC_VERDICT_NO_TIMING]));
  json_object_set_new(s, "no_gate", json_integer((json_int_t)counts[EC_VERDICT_INFO]));
  json_object_set_new(o, "summary", s);
  json_object_set_new(s, "precision_missed", json_integer((json_int_t)c->precision_missed));
  char *exh = ec_narrate_expect_compare(c);
  json_object_set_new(o, "precision_expectation", ec_jstr(exh));
  free(exh);
  ec_outcome oc = ec_compare_outcome(c);
  json_object_set_new(o, "outcome", json_string(ec_outcome_name(oc)));
  /* true only with a verdict that passed: no gate, inconclusive and not comparable are not passes */
  json_object_set_new(o, "passed", json_boolean(oc == EC_OUTCOME_PASS));
  json_t *w = json_array();
  for (size_t k = 0; k < c->diags.n; k++) {
    char *t = ec_diag_format(&c->diags.v[k]);
    json_array_append_new(w, ec_jstr(t));
    free(t);
  }
  json_object_set_new(o, "warnings", w);
  json_t *es = json_array();
  for (size_t i = 0; i < c->n; i++) json_array_append_new(es, S_engine(c, &c->res[i], labels));
  json_object_set_new(o, "engines", es);
  return o;
}
