/* openmetrics — OpenMetrics text (https://openmetrics.io, the Prometheus
 * exposition format's standard) of a comparison, for GitLab's metrics report
 * (artifacts:reports:metrics), which shows each line's change between the
 * merge request's branches:
 *
 *   # TYPE enginecard_latency_seconds gauge
 *   # UNIT enginecard_latency_seconds seconds
 *   # HELP enginecard_latency_seconds ...
 *   enginecard_latency_seconds{engine="base",statistic="gpu-median"} 0.000862183
 *   ...
 *   # EOF
 *
 * Families: enginecard_latency_seconds (the compared time statistic, or the
 * GPU compute median with --metric throughput; ec_bench_values_of),
 * enginecard_throughput_queries_per_second, enginecard_change_ratio and its
 * interval's enginecard_change_lower_ratio / _upper_ratio (candidates: the
 * estimated slowdown, 0.05 is 5% slower), enginecard_gate_failed (1 or 0,
 * candidates under a gate). Values have fixed decimals (9 for seconds, 3
 * for queries per second, 6 for ratios; never "-0"), so equal values print
 * equal and a report never shows a change that is not there. A value the
 * inputs do not give has no line (unknown is not 0). Label values are
 * escaped (\\ \" \n) and hold valid UTF-8 only (ec_om_label). */
#ifndef EC_OPENMETRICS_H
#define EC_OPENMETRICS_H
#include "judge/compare.h"
#include "util/buf.h"

/** Append s as an OpenMetrics label value body (no quotes): backslash,
 *  double quote and newline escaped; other control characters, bidi
 *  controls and invalid UTF-8 as U+FFFD. */
void ec_om_label(ec_buf *b, const char *s);

/** The OpenMetrics text of c, ending "# EOF\n". Caller frees. */
char *ec_openmetrics_compare(const ec_comparison *c);

#endif
