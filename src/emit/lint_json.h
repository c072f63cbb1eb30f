/* lint_json — the enginecard.lint/1 document of `enginecard lint --json`
 * (schema: tests/schema/lint.schema.json; docs/formats.md). */
#ifndef EC_LINT_JSON_H
#define EC_LINT_JSON_H
#include <jansson.h>
#include "rules/lint.h"

#define EC_LINT_SCHEMA "enginecard.lint/1"

/** Build the lint object for the findings f of s's engine; fail_on is the
 *  --fail-on severity (ec_lint_sev) or -1 when none was given. Caller
 *  json_decref()s. Every input string goes through ec_jstrn (valid UTF-8). */
json_t *ec_jsonout_lint(const ec_summary *s, const ec_findings *f, int fail_on);

#endif
