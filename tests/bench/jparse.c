/* jparse — the benchmark's baseline: parse each JSON file named on the
 * command line with jansson (json_load_file, the same library enginecard
 * uses) and free it. Prints nothing on success; exit 1 names the first file
 * that does not parse, exit 2 on usage errors.
 *
 * `summary --json` of an engine is compared with `jparse` of the same files:
 * the difference is what enginecard adds on top of bare parsing. */
#include <jansson.h>
#include <stdio.h>

/* Contract: program entry; argv[1..] are JSON files. */
int main(int argc, char **argv)
{
  if (argc < 2) {
    fprintf(stderr, "usage: jparse FILE.json...\n");
    return 2;
  }
  for (int i = 1; i < argc; i++) {
    json_error_t err;
    json_t *j = json_load_file(argv[i], JSON_ALLOW_NUL, &err);
    if (!j) {
      fprintf(stderr, "%s:%d:%d: %s\n", argv[i], err.line, err.column, err.text);
      return 1;
    }
    json_decref(j);
  }
  return 0;
}
