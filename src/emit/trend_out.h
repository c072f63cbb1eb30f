/* trend_out — a trend's machine-readable outputs: the enginecard.trend/1
 * document (schema: tests/schema/trend.schema.json) and a Markdown summary
 * for a CI job ($GITHUB_STEP_SUMMARY). */
#ifndef EC_TREND_OUT_H
#define EC_TREND_OUT_H
#include <jansson.h>
#include "judge/trend.h"

#define EC_TREND_SCHEMA "enginecard.trend/1"

/** The enginecard.trend/1 document of t: the metric, the order, the gate,
 *  the method, and per engine its nights (value, level, outlier, per-type
 *  latency), levels, change_points (first night, estimate with interval,
 *  facts that changed, what moved) and the gate on the latest night.
 *  Unknown numbers are null; strings from inputs go through ec_jstrn.
 *  Caller json_decref()s; serialise with ec_jdump for sorted keys. */
json_t *ec_jsonout_trend(const ec_trend *t);

/** A short GitHub-flavoured Markdown summary: a heading with the outcome,
 *  one table row per engine (latest night, its change against the level
 *  before, change points, verdict), each engine's change points with what
 *  moved, and warnings. No images; under EC_MD_MAX_BYTES. Caller frees. */
char *ec_markdown_trend(const ec_trend *t);

#endif
