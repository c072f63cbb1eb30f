/* benchjson — github-action-benchmark input (tool: customSmallerIsBetter):
 * [{"name", "unit", "value", "range"?, "extra"?}], one entry per engine that
 * has the metric. Values are always smaller-is-better: with the throughput
 * metric the entry is milliseconds per query (1000/qps) and says so. range
 * is "±" the standard deviation in the value's unit when the spread is known;
 * extra names the statistic, its source and sample count, and the verdict. */
#ifndef EC_BENCHJSON_H
#define EC_BENCHJSON_H
#include <jansson.h>
#include "judge/compare.h"

/** The entries for c; caller json_decref()s. */
json_t *ec_benchjson_compare(const ec_comparison *c);

/** The throughput entries (tool: customBiggerIsBetter): one {"name":
 *  "<engine> throughput", "unit": "qps", "value", "range"?, "extra"} per
 *  engine whose throughput is known (--bench-json-throughput F). */
json_t *ec_benchjson_throughput(const ec_comparison *c);

/* The numbers every CI metrics output (BMF, OpenMetrics, the throughput
 * entries) gives for engine i: one place decides them. */
/* Every value is on the comparison's basis (judge/compare.h
 * ec_compare_divisor): per inference when the engines' batches differ. */
typedef struct ec_bench_values {
  double latency_ms;                 /* the compared time statistic; with --metric throughput the
                                        GPU compute median; NAN when unknown */
  const char *latency_stat;          /* its metric name ("gpu-median", ...); static */
  double latency_lo_ms, latency_hi_ms; /* baseline value x the change's interval ends; NAN without one */
  double qps;                        /* throughput; NAN when unknown */
  double qps_lo, qps_hi;             /* with --metric throughput and an interval; else NAN */
} ec_bench_values;
void ec_bench_values_of(const ec_comparison *c, size_t i, ec_bench_values *out);

#endif
