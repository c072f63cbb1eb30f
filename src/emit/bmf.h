/* bmf — Bencher Metric Format (https://bencher.dev/docs/reference/bencher-metric-format/)
 * of a comparison, for `bencher run --adapter json`:
 *
 *   { "<engine>": { "latency": {"value": ns, "lower_value": ns, "upper_value": ns},
 *                   "throughput": {"value": qps} },
 *     "<engine>/<type>": { "latency": {"value": ns} }, ... }
 *
 * latency is the compared time statistic (gpu-median unless --metric names
 * another; with --metric throughput it is the GPU compute median) in
 * nanoseconds; lower_value/upper_value are the baseline's value times the
 * ends of the change's interval (ec_compare_result.est), present only when
 * that interval exists (repeated runs or --run-noise; a one-run threshold
 * verdict has none, and no bound is made up). throughput is queries per
 * second. "<engine>/<type>" is the sum of the per-layer averages of each
 * layer type (the profile's layer-sum, ec_summary by_type), for engines with
 * a profile. A measure the inputs do not give is left out, never 0; an
 * engine with none is left out. Keys are engine names as given (JSON-escaped
 * by jansson; a name holding "/" reads like a type key, so name engines
 * without one). Schema: tests/schema/bmf.schema.json. */
#ifndef EC_BMF_H
#define EC_BMF_H
#include <jansson.h>
#include "judge/compare.h"

/** The BMF object of c; caller json_decref()s. */
json_t *ec_bmf_compare(const ec_comparison *c);

#endif
