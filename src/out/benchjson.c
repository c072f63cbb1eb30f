/* benchjson — see benchjson.h. */
#include "out/benchjson.h"
#include "out/jsonout.h"
#include "util/alloc.h"
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
    char *name = ec_asprintf("%s %s", c->engines[i]->name, qps ? "ms per query (1000/throughput)" : ec_metric_name(c->used));
    json_object_set_new(o, "name", ec_jstr(name));
    free(name);
    json_object_set_new(o, "unit", json_string("ms"));
    json_object_set_new(o, "value", ec_jnum(v));
    char est[96];
    if (i != c->baseline && isfinite(r->est.lo_pct)) {
      /* the interval of the change against the baseline, as a range of this value */
      double base = qps ? 1000.0 / c->res[c->baseline].m.value : c->res[c->baseline].m.value;
      char *rg = ec_asprintf("%.4g..%.4g ms (%g%% interval of the change)", base * (1 + r->est.lo_pct / 100),
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
