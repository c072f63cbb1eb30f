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
    if (isfinite(r->m.cv)) {
      char *rg = ec_asprintf("\xC2\xB1%.4g", r->m.cv * v);
      json_object_set_new(o, "range", json_string(rg));
      free(rg);
    }
    char *extra;
    if (r->m.samples)
      extra = ec_asprintf("%s of %zu samples from %s; %s", ec_metric_label(c->used), r->m.samples,
                          r->m.source ? r->m.source : "unknown", r->reason ? r->reason : "");
    else
      extra = ec_asprintf("%s from %s; %s", ec_metric_label(c->used), r->m.source ? r->m.source : "unknown",
                          r->reason ? r->reason : "");
    json_object_set_new(o, "extra", ec_jstr(extra));
    free(extra);
    json_array_append_new(a, o);
  }
  return a;
}
