/* provenance — files that say they were made by a program.
 *
 * enginegen (tests/gen/enginegen.c) writes synthetic engines in trtexec's
 * formats, and the bundled examples are made with it. So that a report of
 * such an engine cannot pass for a measured one, enginegen marks every file
 * whose format has room for it:
 *   - a JSON object (the graph, the metadata files): a top-level key
 *     "Generator" whose value is the note;
 *   - a trtexec log: a line "Generator: NOTE" (trtexec never writes a line
 *     that starts so; its own lines start with "[" or "&&&&").
 * The profile and timing files are JSON arrays of records and carry none.
 * The note is the generator's own words, shown as it is (escaped) in the
 * report's facts and in summary --json as provenance.generator.
 */
#include "load/internal.h"
#include "util/alloc.h"
#include "util/utf8.h"
#include <jansson.h>
#include <string.h>

#define S_MAX_NOTE 500

void ec_load_generator(ec_engine *e, const char *path, const char *note, size_t n) {
  if (e->generator || !note) return;
  while (n && (note[0] == ' ' || note[0] == '\t')) note++, n--;
  while (n && (note[n - 1] == ' ' || note[n - 1] == '\t' || note[n - 1] == '\r')) n--;
  if (!n) return;
  e->generator = ec_strndup(note, ec_utf8_prefix(note, n, S_MAX_NOTE)); /* at most 500 characters */
  e->generator_source = ec_strdup(path ? path : "");
}

void ec_load_generator_json(ec_engine *e, const char *path, const json_t *root) {
  const json_t *g = json_is_object(root) ? json_object_get(root, "Generator") : NULL;
  if (json_is_string(g)) ec_load_generator(e, path, json_string_value(g), json_string_length(g));
}

int ec_load_generator_line(const char *s, size_t len, const char **note, size_t *n) {
  static const char lit[] = "Generator: ";
  if (len < sizeof lit - 1 || memcmp(s, lit, sizeof lit - 1)) return 0;
  *note = s + sizeof lit - 1;
  *n = len - (sizeof lit - 1);
  return 1;
}
