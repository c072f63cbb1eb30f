/* enginecard trend SUMMARY... — engines' history night by night: change
 * points (the first bad night, its size, what moved) and a gate on the
 * latest night (analyze/trend.h).
 *
 * Inputs: stored `summary --json` files, directories of them (searched two
 * folders deep, recognised by content), or engines. NAME=PATH names the
 * engine (the group) of every night PATH gives.
 *
 * Exit: 0 ok; 1 the gate failed (every requested output is still written);
 * 2 usage or I/O error; 3 no usable night, or the latest night of an engine
 * lacks the metric. */
#include "analyze/trend.h"
#include "assemble/pdf.h"
#include "assemble/trend_report.h"
#include "cli/cli.h"
#include "narrate/narrate.h"
#include "out/jsonout.h"
#include "out/github.h"
#include "out/markdown.h"
#include "out/trend_out.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "words/words.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* how far below a directory argument summaries are searched */
#define S_DEPTH 2

typedef struct {
  ec_trend_opts t;
  const char *json, *markdown, *html, *pdf;
  int letter;
  int github; /* 1 --github, -1 --no-github, 0 by the environment */
} S_opts;

static int S_opt(void *ctx, int argc, char **argv, int i) {
  S_opts *o = ctx;
  const char *a = argv[i];
  static const char *const valued[] = {"--by", "--metric", "--max-regress", "--confidence", "--json",
                                       "--markdown", "-o", "--pdf", "--paper", "--reference"};
  if (strcmp(a, "--github") == 0 || strcmp(a, "--no-github") == 0) {
    o->github = a[2] == 'g' ? 1 : -1;
    return 1;
  }
  int known = 0;
  for (size_t k = 0; k < sizeof valued / sizeof valued[0]; k++) known |= strcmp(a, valued[k]) == 0;
  if (!known) return 0;
  if (!ec_cli_need_value(argc, argv, i)) return -1;
  const char *v = argv[i + 1];
  if (strcmp(a, "--by") == 0) {
    if (!*v) {
      fprintf(stderr, "enginecard trend: --by needs a label name\n");
      return -1;
    }
    o->t.by = v;
  } else if (strcmp(a, "--reference") == 0) {
    o->t.reference = v;
  } else if (strcmp(a, "--metric") == 0) {
    if (ec_cli_metric("trend", v, &o->t.metric)) return -1;
    o->t.metric_given = 1;
  } else if (strcmp(a, "--max-regress") == 0) {
    if (ec_cli_pct("trend", a, v, &o->t.max_regress_pct, 1)) return -1;
  } else if (strcmp(a, "--confidence") == 0) {
    if (ec_cli_confidence("trend", v, &o->t.confidence)) return -1;
  } else if (strcmp(a, "--paper") == 0) {
    if (strcmp(v, "a4") && strcmp(v, "letter")) {
      fprintf(stderr, "enginecard trend: --paper is a4 or letter, got \"%s\"\n", v);
      return -1;
    }
    o->letter = strcmp(v, "letter") == 0;
  } else if (strcmp(a, "--json") == 0) o->json = v;
  else if (strcmp(a, "--markdown") == 0) o->markdown = v;
  else if (strcmp(a, "-o") == 0) o->html = v;
  else if (strcmp(a, "--pdf") == 0) o->pdf = v;
  return 2;
}

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

/* One line to the terminal, control characters shown as '?'. */
static void S_line(ec_buf *b) {
  ec_cli_put_safe(stdout, b->data ? b->data : "");
  b->len = 0;
  if (b->data) b->data[0] = '\0';
}

static void S_text(const ec_trend *t) {
  ec_buf b = {0};
  const char *unit = ec_metric_unit(t->used);
  ec_buf_printf(&b, "metric    %s: %s, %s (%s is better)", ec_metric_name(t->used), ec_metric_label(t->used), unit,
                ec_metric_smaller_better(t->used) ? "smaller" : "bigger");
  S_line(&b);
  if (t->opts.by) ec_buf_printf(&b, "order     by label %s (%s)", t->opts.by, t->order);
  else ec_buf_puts(&b, "order     as given");
  S_line(&b);
  char *rule = ec_trend_gate_rule(t);
  ec_buf_printf(&b, "gate      %s", rule ? rule : ec_narrate_gate_none());
  free(rule);
  S_line(&b);
  for (size_t gi = 0; gi < t->n; gi++) {
    const ec_trend_group *g = &t->groups[gi];
    S_line(&b);
    ec_buf_printf(&b, "%s (%s, TensorRT %s): %zu night%s", g->engine, g->gpu ? g->gpu : "GPU not recorded",
                  g->tensorrt ? g->tensorrt : "not recorded", g->n, ec_plural(g->n, "", "s"));
    if (isfinite(g->noise_pct)) ec_buf_printf(&b, ", night-to-night noise " EC_PCT, g->noise_pct);
    S_line(&b);
    if (!g->n_cps) {
      ec_buf_puts(&b, "  no change point");
      S_line(&b);
    }
    for (size_t k = 0; k < g->n_cps; k++) {
      char *l = ec_trend_cp_line(g, &g->cps[k]);
      ec_buf_printf(&b, "  change point %s", l);
      free(l);
      S_line(&b);
    }
    ec_buf_printf(&b, "  latest night %s: ", g->n ? g->nights[g->latest].name : "-");
    if (g->judged) {
      char est[96];
      ec_buf_printf(&b, "%s against nights %s to %s: %s", ec_gate_str(est, sizeof est, &g->est),
                    g->nights[g->gate_first].name, g->nights[g->gate_last].name, ec_verdict_words(g->verdict));
    } else {
      ec_buf_puts(&b, "not judged");
    }
    S_line(&b);
    ec_buf_printf(&b, "    %s", g->reason ? g->reason : "");
    S_line(&b);
    if (g->ref_judged) {
      char est[128];
      ec_buf_printf(&b, "  cumulative change against the reference (nights %s to %s): %s, %s",
                    g->nights[g->ref_first].name, g->nights[g->ref_last].name, ec_gate_str(est, sizeof est, &g->ref_est),
                    ec_verdict_words(g->ref_verdict));
      S_line(&b);
    }
  }
  S_line(&b);
  char *h = ec_narrate_trend_headline(t);
  ec_buf_printf(&b, "result: %s", h);
  free(h);
  S_line(&b);
  ec_buf_free(&b);
}

int ec_cmd_trend(int argc, char **argv) {
  ec_common c = {0};
  S_opts o = {0};
  o.t.max_regress_pct = NAN;
  int rc = ec_cli_parse(argc, argv, 2, &c, S_opt, &o);
  if (rc) {
    ec_common_free(&c);
    return rc;
  }
  if (!c.n_engines) {
    fprintf(stderr, "enginecard trend: needs stored summaries (summary --json), directories of them, or engines\n");
    ec_common_free(&c);
    return EC_EXIT_USAGE;
  }
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
    fprintf(stderr, "enginecard trend: warning: %zu of %zu inputs hold no usable data and are left out\n", n - kept, n);
  /* nights shown by name are told apart by their paths (with --by, by the label) */
  if (!o.t.by) ec_cli_name_engines(ks, paths, named, kept);
  const char **display = ec_calloc(kept, sizeof *display);
  for (size_t i = 0; i < kept; i++) display[i] = ks[i]->name;
  ec_trend *t = ec_trend_build(ks, (const char *const *)group, display, kept, &o.t);
  if (c.verbosity >= 0) ec_cli_put_diags(&t->diags, "enginecard trend: ");
  if (!t->nights) {
    fprintf(stderr, "enginecard trend: error: no night is left to show%s\n",
            o.t.by ? " (none has the --by label)" : "");
    rc = EC_EXIT_NODATA;
    goto done;
  }
  S_text(t);
  fflush(stdout);

  int io = 0;
  if (o.json) {
    json_t *j = ec_trend_json(t);
    char *txt = ec_jdump(j, 1);
    io |= ec_cli_write_file(o.json, txt, strlen(txt), es, n) != 0;
    free(txt);
    json_decref(j);
  }
  if (o.markdown) {
    char *txt = ec_markdown_trend(t);
    io |= ec_cli_write_file(o.markdown, txt, strlen(txt), es, n) != 0;
    free(txt);
  }
  if (o.html || o.pdf) {
    ec_report_opts ro = {0};
    ro.want_html = o.html != NULL;
    ec_report r;
    ec_diags td = {0};
    int built = ec_trend_report_build(t, &ro, &r, &td) == 0;
    ec_pdf_opts po = {0};
    po.letter = o.letter;
    io |= ec_cli_write_report(built ? &r : NULL, o.html, o.pdf, &po, &td, es, n) != 0;
    ec_diags_free(&td);
    ec_report_free(&r);
  }
  if (ec_cli_github_wanted(o.github)) {
    char *a = ec_github_trend_annotations(t);
    fputs(a, stdout);
    fflush(stdout);
    free(a);
    size_t room = ec_cli_step_summary_room();
    char *txt = ec_markdown_trend(t);
    char *md = room >= 512 ? ec_md_cap(txt, room, "in the artifact (--json)") : NULL;
    io |= ec_cli_step_summary_append("trend", md) != 0;
    free(md);
    free(txt);
  }
  /* 2 (I/O) > 3 (no data / the latest night lacks the metric) > 1 (gate) > 0 */
  if (io) rc = EC_EXIT_USAGE;
  else if (t->errors || (c.strict && load_rc == EC_EXIT_NODATA)) rc = EC_EXIT_NODATA;
  else if (t->failed) rc = EC_EXIT_GATE;
  else if (t->inconclusive || t->mismatched) rc = EC_EXIT_NO_VERDICT;
  else rc = EC_EXIT_OK;
done:
  ec_trend_free(t);
  for (size_t i = 0; i < kept; i++) free(group[i]);
  free(group);
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
