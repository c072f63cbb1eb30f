/* junit — JUnit XML for CI test reporters (GitLab, Jenkins, GitHub actions).
 *
 * <testsuites><testsuite name tests failures errors skipped time [timestamp]>
 * with <properties> and one <testcase classname name time> per gate and
 * engine: "<metric> regression" (failure when the gate fails, error when the
 * metric is missing, skipped when no --max-regress was given) and, with
 * --max-layer-regress, an advisory "layer regressions" case that always
 * passes and lists the flagged layers in <system-out>. Every string is XML-
 * escaped (ec_buf_html); times are 0 so output is reproducible. Schema:
 * tests/schema/junit.xsd. */
#ifndef EC_JUNIT_H
#define EC_JUNIT_H
#include "judge/compare.h"

/** The JUnit document for c; timestamp (ISO 8601, e.g. from
 *  SOURCE_DATE_EPOCH) is left out when NULL. Caller frees. */
char *ec_junit_compare(const ec_comparison *c, const char *timestamp);

#endif
