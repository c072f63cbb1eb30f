/* summary_json — the enginecard.summary/2 document (its keys: docs/commands.md, "summary --json"). */
#ifndef EC_SUMMARY_JSON_H
#define EC_SUMMARY_JSON_H
#include <jansson.h>
#include "facts/summary.h"

#define EC_SUMMARY_SCHEMA "enginecard.summary/2"

/** Build the summary object for s (and its engine); caller json_decref()s. */
json_t *ec_jsonout_summary(const ec_summary *s);

#endif
