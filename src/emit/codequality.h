/* codequality — lint findings as a GitLab Code Quality report
 * (artifacts:reports:codequality; a subset of the Code Climate issue format):
 *
 *   [ { "description": MESSAGE, "check_name": RULE, "fingerprint": HEX32,
 *       "severity": "info"|"minor"|"major",
 *       "location": { "path": FILE, "lines": { "begin": LINE } } }, ... ]
 *
 * in lint's order; description is "LAYER: MESSAGE" for a finding about one
 * layer, else the message. severity: lint's info -> info, warning -> minor, error ->
 * major (critical and blocker are not used: a lint finding never breaks the
 * engine). path is the file that defines the layers (the graph JSON, else the
 * log) as given on the command line, line the one where the finding's layer
 * (or its first evidence layer) is written (ec_load_layer_lines), else 1.
 * fingerprint: 128 bits of FNV-1a over rule, engine name, layer name and the
 * finding's rank among findings with those three (0 for the first), so it is
 * the same on every run of the same engine whatever the line numbers, times
 * or latency shares, and GitLab tells new findings from fixed ones. Schema:
 * tests/schema/codequality.schema.json. */
#ifndef EC_CODEQUALITY_H
#define EC_CODEQUALITY_H
#include <jansson.h>
#include "rules/lint.h"

/** The report of f (findings of s->engine). path: the file to point at
 *  (NULL: the engine's first input file); lines: per layer line in it
 *  (NULL or 0: line 1). Caller json_decref()s. */
json_t *ec_codequality_lint(const ec_summary *s, const ec_findings *f, const char *path, const size_t *lines);
/** "info", "minor", "major" for lint's severities; static. */
const char *ec_codequality_severity(ec_lint_sev s);

#endif
