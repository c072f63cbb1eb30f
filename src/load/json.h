/* json — jansson parsing of trtexec's JSON with its known defects repaired.
 *
 * trtexec writes JSON by hand: layer names are not escaped (a '"' in a name
 * breaks the file), doubles go through ostream (bare nan/inf), TensorRT 8.6
 * leaks raw control characters into names, some users save several JSON
 * documents back to back (trtexec --batch=1,4,...: one array per run) or
 * per-layer dumps separated by "--- Layer N ---" lines. The strict parse runs
 * first; a repair is tried only when it fails, and only accepted when the
 * repaired text parses. Every repair is a warning naming file:line:col of the
 * original text. */
#ifndef EC_JSON_H
#define EC_JSON_H
#include <jansson.h>
#include <stddef.h>
#include "util/diag.h"

typedef struct ec_json_doc {
  json_t **v;      /* the top-level values in order (owned references) */
  size_t n, cap;
  int repaired;    /* 1 when the text needed repair */
  int layer_dump;  /* 1 when "--- Layer N ---" segments were combined into {"Layers": [...]} */
} ec_json_doc;

#include "util/budget.h"

/* Bounds checked before jansson builds a tree, by one pass over the text
 * that allocates nothing: jansson's tree would cost 78 times the text for
 * "{}," and is built whole before any list can be counted. The limits are
 * util/budget.h's:
 * - the tree's cost, estimated per value from jansson's measured sizes, at
 *   most EC_JSON_TREE_FACTOR times the file plus EC_JSON_TREE_SLACK;
 * - a list of at most EC_MAX_RECORDS elements; the document itself, when it
 *   is a list, held to the caller's budget (a graph's layers, a profile's
 *   records, a timing file's records); a list under a key trtexec writes
 *   held to that key's: "Layers" (layers), "Bindings" and "I/O Tensors"
 *   (bindings), "traceEvents" (profiler events), and every element of the
 *   "Inputs", "Outputs" and "Constants" lists together (tensors);
 * - nesting at most EC_JSON_MAX_DEPTH (jansson's own bound). */

/** Parse every JSON value in text[0..len); a document that is a list holds
 *  elements counted against budget top (the file's kind: EC_BUDGET_LAYERS
 *  for a graph, EC_BUDGET_PROFILE_ROWS for a profile, ...; EC_BUDGET_LIST
 *  for none in particular). Returns 0 on success (doc filled), -1 with an
 *  error diagnostic naming path:line:col (a bound above crossed, or invalid
 *  JSON). Warnings for repairs go to d as well. */
int ec_json_parse(const char *path, const char *text, size_t len, ec_budget_id top, ec_diags *d, ec_json_doc *doc);
void ec_json_doc_free(ec_json_doc *doc);

/** Number from a JSON value (integer, real, or numeric string); NAN otherwise. */
double ec_json_num(const json_t *v);
/** String value or NULL; *len gets its length (may hold NULs). */
const char *ec_json_str(const json_t *v, size_t *len);
/** Compact JSON text of v (strings unquoted); caller frees. */
char *ec_json_text(const json_t *v);

#endif
