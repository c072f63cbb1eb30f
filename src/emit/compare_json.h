/* compare_json — the enginecard.compare/2 document (schema:
 * tests/schema/compare.schema.json). */
#ifndef EC_COMPARE_JSON_H
#define EC_COMPARE_JSON_H
#include <jansson.h>
#include "judge/compare.h"

#define EC_COMPARE_SCHEMA "enginecard.compare/2"

/** Build the document for c; labels as given to ec_compare (may be NULL).
 *  Caller json_decref()s; serialise with ec_jdump for sorted keys. */
json_t *ec_jsonout_compare(const ec_comparison *c, const ec_kvs *labels);

/** An estimate of a change with its interval (judge/gate.h) as every
 *  document writes it: {regress_pct, low_pct, high_pct, confidence_pct,
 *  significant, method, no_interval, runs_baseline, runs_engine,
 *  between_run_pct, df, text}. Caller json_decref()s. */
json_t *ec_jsonout_gate_est(const ec_gate_est *g);

/** Facts that differ as every document writes them: [{"what", base_key,
 *  other_key}, ...] ("baseline"/"engine" in compare, "before"/"after" in
 *  trend). Caller json_decref()s. */
json_t *ec_jsonout_mismatches(const ec_mismatch *m, size_t n, const char *base_key, const char *other_key);

#endif
