/* bmf — see bmf.h. */
#include "emit/bmf.h"
#include "emit/benchjson.h"
#include "emit/jsonout.h"
#include "facts/summary.h"
#include "util/alloc.h"
#include <math.h>
#include <stdlib.h>

static json_t *S_measure(double v, double lo, double hi) {
  json_t *m = json_object();
  json_object_set_new(m, "value", ec_jnum(v));
  if (isfinite(lo) && isfinite(hi)) {
    json_object_set_new(m, "lower_value", ec_jnum(lo));
    json_object_set_new(m, "upper_value", ec_jnum(hi));
  }
  return m;
}

json_t *ec_bmf_compare(const ec_comparison *c) {
  json_t *o = json_object();
  for (size_t i = 0; i < c->n; i++) {
    /* the name as valid UTF-8 (jansson refuses other keys) */
    json_t *nm = ec_jstr(c->engines[i]->name);
    const char *name = json_string_value(nm);
    ec_bench_values v;
    ec_bench_values_of(c, i, &v);
    json_t *e = json_object();
    if (isfinite(v.latency_ms))
      json_object_set_new(e, "latency", S_measure(v.latency_ms * 1e6, v.latency_lo_ms * 1e6, v.latency_hi_ms * 1e6));
    if (isfinite(v.qps)) json_object_set_new(e, "throughput", S_measure(v.qps, v.qps_lo, v.qps_hi));
    if (json_object_size(e)) json_object_set_new(o, name, e);
    else json_decref(e);
    ec_summary *s = ec_summarize(c->engines[i]);
    for (size_t k = 0; s->has_latency && k < s->by_type.n; k++) {
      const ec_group *g = &s->by_type.v[k];
      if (!isfinite(g->latency_ms)) continue;
      json_t *t = json_object();
      json_object_set_new(t, "latency", S_measure(g->latency_ms * 1e6, NAN, NAN));
      json_t *ty = ec_jstr(g->key);
      char *key = ec_asprintf("%s/%s", name, json_string_value(ty));
      json_decref(ty);
      json_object_set_new(o, key, t);
      free(key);
    }
    ec_summary_free(s);
    json_decref(nm);
  }
  return o;
}
