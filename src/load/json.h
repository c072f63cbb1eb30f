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

/* Bounds checked before jansson builds a tree, by one pass over the text
 * that allocates nothing: jansson's tree would cost 78 times the text for
 * "{}," and is built whole before any list can be counted.
 * - the tree's cost, estimated per value from jansson's measured sizes, at
 *   most EC_JSON_TREE_FACTOR times the file plus EC_JSON_TREE_SLACK;
 * - a list of at most EC_MAX_RECORDS elements (load.h), and a list at the
 *   top (the document itself, or a member of the top object: a graph's
 *   "Layers") at most the caller's max_top_list;
 * - nesting at most EC_JSON_MAX_DEPTH (jansson's own bound). */
#define EC_JSON_TREE_FACTOR 24
#define EC_JSON_TREE_SLACK ((size_t)64 << 20)
#define EC_JSON_MAX_DEPTH 2048

/** Parse every JSON value in text[0..len). Returns 0 on success (doc filled),
 *  -1 with an error diagnostic naming path:line:col (a bound above crossed,
 *  or invalid JSON). Warnings for repairs go to d as well. */
int ec_json_parse(const char *path, const char *text, size_t len, ec_diags *d, ec_json_doc *doc);
/** ec_json_parse with the top lists held to max_top_list elements. */
int ec_json_parse_max(const char *path, const char *text, size_t len, size_t max_top_list, ec_diags *d,
                      ec_json_doc *doc);
void ec_json_doc_free(ec_json_doc *doc);

/** Number from a JSON value (integer, real, or numeric string); NAN otherwise. */
double ec_json_num(const json_t *v);
/** String value or NULL; *len gets its length (may hold NULs). */
const char *ec_json_str(const json_t *v, size_t *len);
/** Compact JSON text of v (strings unquoted); caller frees. */
char *ec_json_text(const json_t *v);

#endif
