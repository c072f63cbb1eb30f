/* junit — see junit.h. */
#include "emit/junit.h"
#include "narrate/verdict.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "words/words.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void S_esc(ec_buf *b, const char *s) {
  if (s) ec_buf_html(b, s, strlen(s));
}

static void S_prop(ec_buf *b, const char *name, const char *val) {
  ec_buf_puts(b, "      <property name=\"");
  S_esc(b, name);
  ec_buf_puts(b, "\" value=\"");
  S_esc(b, val);
  ec_buf_puts(b, "\"/>\n");
}

static void S_fmt(char *out, size_t cap, double x, const char *unit) {
  if (isfinite(x)) snprintf(out, cap, "%.6g%s%s", x, unit ? " " : "", unit ? unit : "");
  else snprintf(out, cap, "unknown");
}

/* The lines under a failure/error: the numbers and what differs. */
static char *S_details(const ec_comparison *c, const ec_compare_result *r) {
  const ec_compare_result *br = &c->res[c->baseline];
  ec_buf b = {0};
  char v[64], bv[64];
  S_fmt(v, sizeof v, r->m.value, r->m.unit);
  S_fmt(bv, sizeof bv, br->m.value, br->m.unit);
  ec_buf_printf(&b, "metric: %s (%s)\n", ec_metric_name(c->used), ec_metric_label(c->used));
  ec_buf_printf(&b, "baseline %s: %s (%s)\n", c->engines[c->baseline]->name, bv, br->m.source ? br->m.source : "-");
  ec_buf_printf(&b, "engine %s: %s (%s)\n", c->engines[r->engine]->name, v, r->m.source ? r->m.source : "-");
  if (isfinite(r->delta_pct)) ec_buf_printf(&b, "delta: " EC_PCT_DELTA "\n", r->delta_pct);
  char est[320];
  ec_buf_printf(&b, "estimate: %s", ec_gate_claim_str(est, sizeof est, &r->est));
  if (ec_gate_mode_of(&r->est) == EC_GATE_MODE_INTERVAL) ec_buf_printf(&b, " (%s)", r->est.method);
  if (isfinite(r->est.within_lo_pct)) ec_buf_printf(&b, "; block length %zu", r->est.block_len);
  ec_buf_puts(&b, "\n");
  ec_buf_printf(&b, "run-to-run noise: %s\n", ec_run_noise_name(r->est.run_noise));
  ec_buf_printf(&b, "verdict: %s\n", ec_verdict_name(r->verdict));
  for (size_t k = 0; k < r->n_mism; k++)
    ec_buf_printf(&b, "not comparable: %s: %s vs %s\n", r->mism[k].what, r->mism[k].base, r->mism[k].other);
  return ec_buf_take(&b);
}

char *ec_junit_compare(const ec_comparison *c, const char *timestamp) {
  size_t tests = 0, failures = 0, errors = 0, skipped = 0;
  int layer_rule = isfinite(c->opts.max_layer_regress_pct);
  int gate = isfinite(c->opts.max_regress_pct);
  for (size_t i = 0; i < c->n; i++) {
    if (i == c->baseline) continue;
    tests++;
    if (c->res[i].verdict == EC_VERDICT_FAIL) failures++;
    else if (!gate || c->res[i].verdict == EC_VERDICT_INCONCLUSIVE || c->res[i].verdict == EC_VERDICT_NOT_COMPARABLE ||
             c->res[i].verdict == EC_VERDICT_NO_TIMING) /* no verdict (ec_outcome_no_verdict) */
      skipped++;
    if (layer_rule) {
      tests++;
      if (!c->res[i].aligned) skipped++;
    }
  }
  ec_buf b = {0};
  ec_buf_puts(&b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
  ec_buf_printf(&b, "<testsuites name=\"enginecard compare\" tests=\"%zu\" failures=\"%zu\" errors=\"%zu\" skipped=\"%zu\" time=\"0\">\n",
                tests, failures, errors, skipped);
  ec_buf_puts(&b, "  <testsuite name=\"enginecard compare: baseline ");
  S_esc(&b, c->n ? c->engines[c->baseline]->name : "");
  ec_buf_printf(&b, "\" tests=\"%zu\" failures=\"%zu\" errors=\"%zu\" skipped=\"%zu\" time=\"0\"", tests, failures, errors,
                skipped);
  if (timestamp) {
    ec_buf_puts(&b, " timestamp=\"");
    S_esc(&b, timestamp);
    ec_buf_puts(&b, "\"");
  }
  ec_buf_puts(&b, ">\n    <properties>\n");
  char num[64];
  if (c->n) S_prop(&b, "baseline", c->engines[c->baseline]->name);
  S_prop(&b, "metric", ec_metric_name(c->used));
  S_prop(&b, "metric_requested", ec_metric_name(c->requested));
  S_fmt(num, sizeof num, c->opts.max_regress_pct, NULL);
  S_prop(&b, "max_regress_pct", gate ? num : "none");
  snprintf(num, sizeof num, EC_GIVEN, 100 * c->opts.confidence);
  S_prop(&b, "confidence_pct", num);
  if (layer_rule) {
    snprintf(num, sizeof num, EC_GIVEN, c->opts.max_layer_regress_pct);
    S_prop(&b, "max_layer_regress_pct", num);
    snprintf(num, sizeof num, EC_GIVEN, c->opts.min_layer_ms);
    S_prop(&b, "min_layer_ms", num);
  }
  for (size_t k = 0; k < c->diags.n; k++) {
    char key[32];
    snprintf(key, sizeof key, "warning.%zu", k + 1);
    S_prop(&b, key, c->diags.v[k].msg);
  }
  ec_buf_puts(&b, "    </properties>\n");
  for (size_t i = 0; i < c->n; i++) {
    if (i == c->baseline) continue;
    const ec_compare_result *r = &c->res[i];
    const char *name = c->engines[i]->name;
    ec_buf_puts(&b, "    <testcase classname=\"enginecard.compare\" name=\"");
    S_esc(&b, name);
    char claim[64];
    if (gate)
      ec_buf_printf(&b, ": %s regression within " EC_GIVEN "%%%s", ec_metric_name(c->used), c->opts.max_regress_pct,
                    ec_narrate_test_claim(&r->est, claim, sizeof claim));
    else ec_buf_printf(&b, ": %s regression", ec_metric_name(c->used));
    ec_buf_puts(&b, "\" time=\"0\"");
    char *det = S_details(c, r);
    if (r->verdict == EC_VERDICT_FAIL) {
      ec_buf_puts(&b, ">\n      <failure message=\"");
      S_esc(&b, r->reason);
      ec_buf_puts(&b, "\" type=\"regression\">");
      S_esc(&b, det);
      ec_buf_puts(&b, "</failure>\n    </testcase>\n");
    } else if (r->verdict == EC_VERDICT_INCONCLUSIVE || r->verdict == EC_VERDICT_NOT_COMPARABLE ||
               r->verdict == EC_VERDICT_NO_TIMING) {
      /* no verdict: neither passed nor failed */
      ec_buf_printf(&b, ">\n      <skipped message=\"%s: ", r->verdict == EC_VERDICT_INCONCLUSIVE ? "INCONCLUSIVE"
                                                             : r->verdict == EC_VERDICT_NO_TIMING ? "NO TIMING"
                                                                                                  : "NOT COMPARABLE");
      S_esc(&b, r->reason);
      ec_buf_puts(&b, "\"/>\n      <system-out>");
      S_esc(&b, det);
      ec_buf_puts(&b, "</system-out>\n    </testcase>\n");
    } else if (!gate) {
      ec_buf_puts(&b, ">\n      <skipped message=\"no --max-regress given: ");
      S_esc(&b, r->reason);
      ec_buf_puts(&b, "\"/>\n    </testcase>\n");
    } else {
      ec_buf_puts(&b, ">\n      <system-out>");
      S_esc(&b, r->reason);
      ec_buf_puts(&b, "\n");
      S_esc(&b, det);
      ec_buf_puts(&b, "</system-out>\n    </testcase>\n");
    }
    free(det);
    if (!layer_rule) continue;
    /* advisory: passes, lists the layers that broke the rule */
    ec_buf_puts(&b, "    <testcase classname=\"enginecard.compare\" name=\"");
    S_esc(&b, name);
    ec_buf_printf(&b, ": layer regressions within " EC_GIVEN "%% (advisory, layers of " EC_GIVEN " ms or more)\" time=\"0\"",
                  c->opts.max_layer_regress_pct, c->opts.min_layer_ms);
    if (!r->aligned) {
      ec_buf_puts(&b, ">\n      <skipped message=\"");
      S_esc(&b, r->align_note ? r->align_note : "layers not aligned");
      ec_buf_puts(&b, "\"/>\n    </testcase>\n");
      continue;
    }
    ec_buf_puts(&b, ">\n      <system-out>");
    ec_buf_printf(&b, "%zu layer(s) past the advisory limit\n", r->n_flagged);
    if (r->layer_noise_note) {
      S_esc(&b, r->layer_noise_note);
      ec_buf_puts(&b, "\n");
    }
    const ec_engine *be = c->engines[c->baseline], *ee = c->engines[i];
    for (size_t k = 0; k < r->n_deltas; k++) {
      const ec_layer_delta *d = &r->deltas[k];
      if (!d->flagged) continue;
      ec_buf_printf(&b, EC_MS_DELTA " (" EC_PCT_DELTA ") ", d->delta_ms, d->delta_pct);
      ec_buf_html(&b, be->layers[d->a].name, be->layers[d->a].name_len);
      ec_buf_puts(&b, " -&gt; ");
      ec_buf_html(&b, ee->layers[d->b].name, ee->layers[d->b].name_len);
      ec_buf_puts(&b, "\n");
    }
    ec_buf_puts(&b, "</system-out>\n    </testcase>\n");
  }
  ec_buf_puts(&b, "  </testsuite>\n</testsuites>\n");
  return ec_buf_take(&b);
}
