/* benchjson — github-action-benchmark input (tool: customSmallerIsBetter):
 * [{"name", "unit", "value", "range"?, "extra"?}], one entry per engine that
 * has the metric. Values are always smaller-is-better: with the throughput
 * metric the entry is milliseconds per query (1000/qps) and says so. range
 * is "±" the standard deviation in the value's unit when the spread is known;
 * extra names the statistic, its source and sample count, and the verdict. */
#ifndef EC_BENCHJSON_H
#define EC_BENCHJSON_H
#include <jansson.h>
#include "analyze/compare.h"

/** The entries for c; caller json_decref()s. */
json_t *ec_benchjson_compare(const ec_comparison *c);

#endif
