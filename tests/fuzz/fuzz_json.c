/* fuzz_json — the JSON loader with repair, and every JSON reader on the
 * same bytes: ec_json_parse, then graph + profile + timing + metadata into
 * one engine, ec_load_finish, ec_summarize and the summary JSON (which must
 * dump); a profiler trace or sample map (alone and after the same bytes as a
 * graph); a stored-summary baseline into a second engine. */
#include "fuzz.h"
#include "facts/summary.h"
#include "load/json.h"
#include "load/load.h"
#include "emit/summary_json.h"
#include <jansson.h>

static void S_fj_summary(ec_engine *e) {
  ec_summary *s = ec_summarize(e);
  json_t *j = ec_jsonout_summary(s);
  EC_FUZZ_CHECK(j != NULL);
  char *txt = json_dumps(j, JSON_SORT_KEYS | JSON_COMPACT);
  EC_FUZZ_CHECK(txt != NULL);
  json_error_t err;
  json_t *back = json_loads(txt, JSON_ALLOW_NUL, &err); /* names may hold U+0000 */
  if (!back) fprintf(stderr, "summary JSON does not parse back: %s\n", err.text);
  EC_FUZZ_CHECK(back != NULL);
  json_decref(back);
  free(txt);
  json_decref(j);
  ec_summary_free(s);
}

int ec_fuzz_json(const uint8_t *data, size_t size) {
  char *t = ec_fuzz_text(data, size);
  ec_diags d = {0};
  ec_json_doc doc;
  if (ec_json_parse("f.json", t, size, EC_BUDGET_LIST, &d, &doc) == 0) ec_json_doc_free(&doc);
  ec_diags_free(&d);
  (void)ec_sniff(t, size);

  ec_load_opts o;
  memset(&o, 0, sizeof o);
  ec_engine *e = ec_engine_new("fuzz");
  ec_load_graph_text(e, "f.graph.json", t, size, &o);
  ec_load_profile_text(e, "f.profile.json", t, size, &o);
  ec_load_timing_text(e, "f.timing.json", t, size, &o);
  ec_load_meta_text(e, "f.metadata.json", t, size, &o);
  ec_load_finish(e, &o);
  S_fj_summary(e);
  ec_engine_free(e);

  /* a profiler trace or sample map, with and without a graph to match */
  e = ec_engine_new("trace");
  ec_load_layer_times_text(e, "f.trace", t, size, &o);
  ec_load_finish(e, &o);
  S_fj_summary(e);
  ec_engine_free(e);
  e = ec_engine_new("trace+graph");
  ec_load_graph_text(e, "f.graph.json", t, size, &o);
  ec_load_layer_times_text(e, "f.trace", t, size, &o);
  ec_load_finish(e, &o);
  S_fj_summary(e);
  ec_engine_free(e);

  e = ec_engine_new("baseline");
  ec_load_summary_text(e, "f.summary.json", t, size, &o);
  ec_load_finish(e, &o);
  S_fj_summary(e);
  ec_engine_free(e);
  free(t);
  return 0;
}

EC_FUZZ_MAIN(ec_fuzz_json)
