/* enginecard summary ENGINE [--json] [--label key=value]... — the headline
 * numbers of one engine; labels are stored with them (a nightly job's date
 * or commit, which `trend --by KEY` orders nights by). */
#include "facts/summary.h"
#include "cli/cli.h"
#include "cli/options.h"
#include "emit/summary_text.h"
#include "emit/jsonout.h"
#include "emit/summary_json.h"
#include "util/utf8.h"
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* A label's key is non-empty UTF-8 without control characters (it becomes a
 * JSON key); the value may be empty. */
static int S_label_ok(const char *v) {
  const char *eq = strchr(v, '=');
  if (!eq || eq == v || !ec_utf8_valid(v, strlen(v))) return 0;
  for (const char *p = v; p < eq; p++)
    if ((unsigned char)*p < 0x20 || *p == 0x7f) return 0;
  return 1;
}

int ec_cmd_summary(int argc, char **argv) {
  ec_common c = {0};
  int rc = ec_cli_parse(argc, argv, 2, &c);
  for (size_t k = 0; !rc && k < c.labels.n; k++)
    if (!S_label_ok(c.labels.v[k])) {
      fprintf(stderr, "enginecard summary: %s needs key=value (a UTF-8 key without control characters), got \"%s\"\n",
              EC_OPT_NAME(EC_CMD_SUMMARY, labels), c.labels.v[k]);
      rc = EC_EXIT_USAGE;
    }
  /* the loader sets them (they replace a stored summary's labels of the same key) */
  c.load.labels = c.labels.v;
  c.load.n_labels = c.labels.n;
  ec_engine *e0 = rc ? NULL : ec_cli_one_engine_parsed("summary", &c, &rc);
  if (!e0) {
    ec_common_free(&c);
    return rc;
  }
  if (ec_engine_usable(e0)) {
    ec_summary *s = ec_summarize(e0);
    if (c.json) {
      json_t *j = ec_jsonout_summary(s);
      char *txt = ec_jdump(j, 1);
      fputs(txt, stdout);
      free(txt);
      json_decref(j);
    } else {
      ec_print_summary(s, stdout);
    }
    ec_summary_free(s);
  }
  ec_engine_free(e0);
  ec_common_free(&c);
  return rc;
}
