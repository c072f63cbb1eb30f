/* benchjson — see benchjson.h. */
#include "emit/benchjson.h"
#include "emit/jsonout.h"
#include "facts/summary.h"
#include "util/alloc.h"
#include "words/words.h"
#include <math.h>
#include <stdlib.h>

json_t *ec_benchjson_compare(const ec_comparison *c) {
  json_t *a = json_array();
  int qps = c->used == EC_METRIC_THROUGHPUT;
  for (size_t i = 0; i < c->n; i++) {
    const ec_compare_result *r = &c->res[i];
    if (!isfinite(r->m.value) || r->m.value <= 0) continue;
    double v = qps ? 1000.0 / r->m.value : r->m.value;
    json_t *o = json_object();
    /* per inference is another quantity: its own series */
    char *name = ec_asprintf("%s %s%s", c->engines[i]->name, qps ? "ms per query (1000/throughput)" : ec_metric_name(c->used),
                             c->per_inference ? " per inference" : "");
    json_object_set_new(o, "name", ec_jstr(name));
    free(name);
    json_object_set_new(o, "unit", json_string("ms"));
    json_object_set_new(o, "value", ec_jnum(v));
    char est[96];
    if (i != c->baseline && isfinite(r->est.lo_pct)) {
      /* the interval of the change against the baseline, as a range of this value */
      double base = qps ? 1000.0 / c->res[c->baseline].m.value : c->res[c->baseline].m.value;
      char *rg = ec_asprintf("%" EC_MS_G ".." EC_MS " (" EC_GIVEN "%% interval of the change)", base * (1 + r->est.lo_pct / 100),
                             base * (1 + r->est.hi_pct / 100), 100 * r->est.confidence);
      json_object_set_new(o, "range", json_string(rg));
      free(rg);
    }
    char *extra;
    if (i == c->baseline)
      extra = ec_asprintf("%s from %s (%s); baseline", ec_metric_label(c->used), r->m.source ? r->m.source : "unknown",
                          r->m.dist ? r->m.dist : "-");
    else
      extra = ec_asprintf("%s from %s (%s); change %s; verdict %s: %s", ec_metric_label(c->used),
                          r->m.source ? r->m.source : "unknown", r->m.dist ? r->m.dist : "-",
                          ec_gate_str(est, sizeof est, &r->est), ec_verdict_name(r->verdict), r->reason ? r->reason : "");
    json_object_set_new(o, "extra", ec_jstr(extra));
    free(extra);
    json_array_append_new(a, o);
  }
  return a;
}

void ec_bench_values_of(const ec_comparison *c, size_t i, ec_bench_values *out) {
  const ec_compare_result *r = &c->res[i], *br = &c->res[c->baseline];
  const ec_engine *e = c->engines[i];
  out->latency_lo_ms = out->latency_hi_ms = out->qps_lo = out->qps_hi = NAN;
  int qps_used = c->used == EC_METRIC_THROUGHPUT;
  /* the interval of the change, as a range of this engine's value (time per query for throughput) */
  int iv = i != c->baseline && isfinite(r->est.lo_pct) && isfinite(r->est.hi_pct) && isfinite(br->m.value) &&
           br->m.value > 0;
  ec_metric_value mv;
  if (!qps_used) {
    out->latency_ms = isfinite(r->m.value) ? r->m.value : NAN;
    out->latency_stat = ec_metric_name(c->used);
    if (iv) {
      out->latency_lo_ms = br->m.value * (1 + r->est.lo_pct / 100);
      out->latency_hi_ms = br->m.value * (1 + r->est.hi_pct / 100);
    }
    /* on the comparison's basis, as the compared value is (inferences/s when per inference) */
    out->qps = ec_metric_of(e, NULL, EC_METRIC_THROUGHPUT, &mv) ? mv.value * ec_compare_divisor(c, i) : NAN;
    ec_metric_value_clear(&mv);
  } else {
    out->qps = isfinite(r->m.value) ? r->m.value : NAN;
    if (iv) {
      out->qps_lo = br->m.value / (1 + r->est.hi_pct / 100);
      out->qps_hi = br->m.value / (1 + r->est.lo_pct / 100);
    }
    ec_summary *s = ec_summarize(e);
    out->latency_ms = ec_metric_of(e, s, EC_METRIC_GPU_MEDIAN, &mv) ? mv.value / ec_compare_divisor(c, i) : NAN;
    out->latency_stat = ec_metric_name(EC_METRIC_GPU_MEDIAN);
    ec_metric_value_clear(&mv);
    ec_summary_free(s);
  }
}

json_t *ec_benchjson_throughput(const ec_comparison *c) {
  json_t *a = json_array();
  for (size_t i = 0; i < c->n; i++) {
    ec_bench_values v;
    ec_bench_values_of(c, i, &v);
    if (!isfinite(v.qps) || v.qps <= 0) continue;
    json_t *o = json_object();
    char *name = ec_asprintf("%s throughput", c->engines[i]->name);
    json_object_set_new(o, "name", ec_jstr(name));
    free(name);
    json_object_set_new(o, "unit", json_string("qps"));
    json_object_set_new(o, "value", ec_jnum(v.qps));
    if (isfinite(v.qps_lo)) {
      char *rg = ec_asprintf("%" EC_QPS_G ".." EC_QPS " (" EC_GIVEN "%% interval of the change)", v.qps_lo, v.qps_hi, 100 * c->opts.confidence);
      json_object_set_new(o, "range", json_string(rg));
      free(rg);
    }
    json_object_set_new(o, "extra", json_string(i == c->baseline ? "queries per second (bigger is better); baseline"
                                                                 : "queries per second (bigger is better)"));
    json_array_append_new(a, o);
  }
  return a;
}
