/* enginecard summary ENGINE [--json] [--label key=value]... — the headline
 * numbers of one engine; labels are stored with them (a nightly job's date
 * or commit, which `trend --by KEY` orders nights by). */
#include "facts/summary.h"
#include "cli/cli.h"
#include "emit/summary_text.h"
#include "emit/jsonout.h"
#include "emit/summary_json.h"
#include "util/alloc.h"
#include "util/utf8.h"
#include <stdlib.h>
#include <string.h>

typedef struct {
  int json;
  const char **labels; /* "key=value" as given */
  ec_load_opts *load;  /* the common options' loader options, which carry them */
  size_t n_labels, cap_labels;
} S_opts;

/* A label's key is non-empty UTF-8 without control characters (it becomes a
 * JSON key); the value may be empty. */
static int S_label_ok(const char *v) {
  const char *eq = strchr(v, '=');
  if (!eq || eq == v || !ec_utf8_valid(v, strlen(v))) return 0;
  for (const char *p = v; p < eq; p++)
    if ((unsigned char)*p < 0x20 || *p == 0x7f) return 0;
  return 1;
}

static int S_opt(void *ctx, int argc, char **argv, int i) {
  S_opts *o = ctx;
  if (strcmp(argv[i], "--json") == 0) {
    o->json = 1;
    return 1;
  }
  if (strcmp(argv[i], "--label") == 0) {
    if (!ec_cli_need_value(argc, argv, i)) return -1;
    if (!S_label_ok(argv[i + 1])) {
      fprintf(stderr, "enginecard summary: --label needs key=value (a UTF-8 key without control characters), got \"%s\"\n",
              argv[i + 1]);
      return -1;
    }
    *EC_PUSH(o->labels, o->n_labels, o->cap_labels) = argv[i + 1];
    /* the loader sets them (they replace a stored summary's labels of the same key) */
    o->load->labels = o->labels;
    o->load->n_labels = o->n_labels;
    return 2;
  }
  return 0;
}

int ec_cmd_summary(int argc, char **argv) {
  ec_common c = {0};
  S_opts o = {0};
  o.load = &c.load;
  int rc;
  ec_engine *e0 = ec_cli_one_engine(argc, argv, "summary", &c, S_opt, &o, &rc);
  if (!e0) {
    free(o.labels);
    return rc;
  }
  free(o.labels);
  if (ec_engine_usable(e0)) {
    ec_summary *s = ec_summarize(e0);
    if (o.json) {
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
