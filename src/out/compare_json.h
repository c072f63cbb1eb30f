/* compare_json — the enginecard.compare/2 document (schema:
 * tests/schema/compare.schema.json). */
#ifndef EC_COMPARE_JSON_H
#define EC_COMPARE_JSON_H
#include <jansson.h>
#include "analyze/compare.h"

#define EC_COMPARE_SCHEMA "enginecard.compare/2"

/** Build the document for c; labels as given to ec_compare (may be NULL).
 *  Caller json_decref()s; serialise with ec_jdump for sorted keys. */
json_t *ec_compare_json(const ec_comparison *c, const ec_kvs *labels);

#endif
