/* enginecard trend SUMMARY... — engines' history night by night: change
 * points (the first bad night, its size, what moved) and a gate on the
 * latest night (judge/trend.h).
 *
 * Inputs: stored `summary --json` files, directories of them (searched two
 * folders deep, recognised by content), or engines. NAME=PATH names the
 * engine (the group) of every night PATH gives.
 *
 * Exit: 0 ok; 1 the gate failed (every requested output is still written);
 * 2 usage or I/O error; 3 no usable night, or the latest night of an engine
 * lacks the metric. */
#include "judge/trend.h"
#include "words/words.h"
#include "assemble/pdf.h"
#include "assemble/trend_report.h"
#include "cli/cli.h"
#include "cli/options.h"
#include "emit/trend_text.h"
#include "emit/jsonout.h"
#include "emit/github.h"
#include "emit/markdown.h"
#include "emit/trend_out.h"
#include "util/alloc.h"
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* how far below a directory argument summaries are searched */
#define S_DEPTH 2

/* The inputs as engine arguments: a directory holding stored summaries
 * becomes one argument per summary (NAME= kept); anything else stays. */
typedef struct {
  char **spec;  /* owned */
  char **path;  /* the PATH part (owned) */
  int *named;
  size_t n, cap, capp, capn;
} S_inputs;

static void S_add(S_inputs *in, char *spec, char *path, int named) {
  *EC_PUSH(in->spec, in->n, in->cap) = spec;
  size_t k = in->n - 1;
  *EC_PUSH(in->path, k, in->capp) = path;
  k = in->n - 1;
  *EC_PUSH(in->named, k, in->capn) = named;
}

static void S_expand(const ec_common *c, S_inputs *in) {
  memset(in, 0, sizeof *in);
  for (size_t i = 0; i < c->n_engines; i++) {
    char *name;
    const char *path = ec_load_spec_split(c->engines[i], &name);
    struct stat st;
    char **found = NULL;
    size_t nf = path && stat(path, &st) == 0 && S_ISDIR(st.st_mode) ? ec_load_find_summaries(path, S_DEPTH, &found) : 0;
    for (size_t k = 0; k < nf; k++)
      S_add(in, name ? ec_asprintf("%s=%s", name, found[k]) : ec_strdup(found[k]), found[k], name != NULL);
    free(found);
    if (!nf) S_add(in, ec_strdup(c->engines[i]), path ? ec_strdup(path) : NULL, name != NULL);
    free(name);
  }
}

static void S_inputs_free(S_inputs *in) {
  for (size_t i = 0; i < in->n; i++) {
    free(in->spec[i]);
    free(in->path[i]);
  }
  free(in->spec);
  free(in->path);
  free(in->named);
}

static int S_build(const void *t, const ec_report_opts *ro, ec_report *r, ec_diags *d) {
  return ec_report_trend_build(t, ro, r, d);
}

int ec_cmd_trend(int argc, char **argv) {
  ec_common c = {0};
  ec_cli_github_begin("trend", argc, argv); /* "verdict=error" until the verdict is known */
  int rc = ec_cli_parse(argc, argv, 2, &c);
  if (rc) {
    ec_common_free(&c);
    return rc;
  }
  if (!c.n_engines) {
    fprintf(stderr, "enginecard trend: needs stored summaries (summary %s), directories of them, or engines\n",
            EC_OPT_NAME(EC_CMD_SUMMARY, json));
    ec_common_free(&c);
    return EC_EXIT_USAGE;
  }
  ec_trend_opts to = {0};
  ec_cli_gate_values(&c, &to.metric, &to.metric_given, &to.max_regress_pct, &to.confidence);
  to.by = c.by;
  to.reference = c.reference;
  S_inputs in;
  S_expand(&c, &in);
  ec_common flat = c;
  flat.engines = (const char **)in.spec;
  flat.n_engines = in.n;
  size_t n;
  ec_engine **es = ec_cli_load(&flat, &n, &rc);
  int load_rc = rc;
  /* nights that hold no usable data are left out (the loader said why) */
  size_t kept = 0;
  for (size_t i = 0; i < n; i++)
    if (ec_engine_usable(es[i])) kept++;
  if (rc == EC_EXIT_USAGE || !kept) {
    for (size_t i = 0; i < n; i++) ec_engine_free(es[i]);
    free(es);
    S_inputs_free(&in);
    ec_common_free(&c);
    return rc ? rc : EC_EXIT_NODATA;
  }
  ec_engine **ks = ec_calloc(kept, sizeof *ks);
  const char **paths = ec_calloc(kept, sizeof *paths);
  int *named = ec_calloc(kept, sizeof *named);
  char **group = ec_calloc(kept, sizeof *group);
  size_t m = 0;
  for (size_t i = 0; i < n; i++) {
    if (!ec_engine_usable(es[i])) continue;
    ks[m] = es[i];
    paths[m] = in.path[i];
    named[m] = in.named[i];
    group[m] = ec_strdup(es[i]->name); /* the engine a night belongs to, before nights are told apart */
    m++;
  }
  if (kept < n && c.verbosity >= 0)
    fprintf(stderr, "enginecard trend: warning: %zu of %zu %s hold no usable data and are left out\n", n - kept, n,
            ec_plural(n, "input", "inputs"));
  /* nights shown by name are told apart by their paths (with --by, by the
   * label); the engines keep the names they were loaded with */
  char **display = to.by ? NULL : ec_load_distinct_names((const char *const *)group, paths, named, kept);
  ec_trend *t = ec_trend_build(ks, (const char *const *)group, (const char *const *)(display ? display : group), kept, &to);
  if (c.verbosity >= 0) ec_cli_put_diags(&t->diags, "enginecard trend: ");
  if (!t->nights) {
    fprintf(stderr, "enginecard trend: error: no night is left to show%s%s%s\n", to.by ? " (none has the " : "",
            to.by ? EC_OPT_NAME(EC_CMD_TREND, by) : "", to.by ? " label)" : "");
    rc = EC_EXIT_NODATA;
    goto done;
  }
  ec_print_trend(t);
  fflush(stdout);

  int io = 0;
  ec_cli_out out = {.engines = es, .n_engines = n};
  if (c.json_file) {
    json_t *j = ec_jsonout_trend(t);
    char *txt = ec_jdump(j, 1);
    io |= ec_cli_write_file(c.json_file, txt, strlen(txt), &out) != 0;
    free(txt);
    json_decref(j);
  }
  if (c.markdown) {
    char *txt = ec_markdown_trend(t);
    io |= ec_cli_write_file(c.markdown, txt, strlen(txt), &out) != 0;
    free(txt);
  }
  io |= ec_cli_report_files(&c, S_build, t, &out) != 0;
  int gh = ec_cli_github_wanted(c.github);
  if (gh) {
    char *a = ec_github_trend_annotations(t);
    fputs(a, stdout);
    fflush(stdout);
    free(a);
    size_t room = ec_cli_step_summary_room();
    char *txt = ec_markdown_trend(t);
    char *more = ec_asprintf("in the artifact (%s)", EC_OPT_NAME(EC_CMD_TREND, json_file));
    char *md = room >= 512 ? ec_md_cap(txt, room, more) : NULL;
    free(more);
    io |= ec_cli_step_summary_append("trend", md) != 0;
    free(md);
    free(txt);
  }
  /* 2 (I/O) > 3 (no data) > 1 (gate) > 4 (no verdict, compare's rule: the latest night lacks the metric,
   * inconclusive, not comparable) > 0 */
  if (io) rc = EC_EXIT_USAGE;
  else if (c.strict && load_rc == EC_EXIT_NODATA) rc = EC_EXIT_NODATA;
  else if (t->failed) rc = EC_EXIT_GATE;
  else if (t->errors || t->inconclusive || t->mismatched) rc = EC_EXIT_NO_VERDICT;
  else rc = EC_EXIT_OK;
  if (gh) { /* verdict and change-pct as compare writes them; "error" with exit 2 or 3 */
    char *outs = ec_github_trend_outputs(t, rc == EC_EXIT_USAGE || rc == EC_EXIT_NODATA);
    if (ec_cli_github_output_append("trend", outs) != 0) rc = EC_EXIT_USAGE;
    free(outs);
  }
done:
  ec_trend_free(t);
  for (size_t i = 0; i < kept; i++) free(group[i]);
  free(group);
  for (size_t i = 0; display && i < kept; i++) free(display[i]);
  free(display);
  free(named);
  free(paths);
  free(ks);
  for (size_t i = 0; i < n; i++) ec_engine_free(es[i]);
  free(es);
  S_inputs_free(&in);
  ec_common_free(&c);
  return rc;
}
