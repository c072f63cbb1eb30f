/* enginecard compare ENGINE ENGINE... — a baseline against candidates, with a
 * regression gate that decides from the samples (an estimate of the change
 * with a confidence interval) and machine-readable outputs for CI.
 *
 * Exit: 0 ok; 1 a gate failed, or a candidate misses --expect-precision
 * (every requested output is still written); 2 usage or I/O error; 3 an
 * ENGINE gave no usable data when loading; 4 no verdict
 * (judge/compare.h ec_outcome_no_verdict: no timing to compare on a
 * side, a gate inconclusive, or engines not comparable). */
#include "judge/compare.h"
#include "assemble/compare_report.h"

#include "narrate/narrate.h"
#include "cli/cli.h"
#include "cli/options.h"
#include "emit/compare_text.h"
#include "emit/first_run.h"
#include "util/srcdate.h"
#include "emit/benchjson.h"
#include "emit/bmf.h"
#include "emit/openmetrics.h"
#include "emit/compare_json.h"
#include "emit/github.h"
#include "emit/jsonout.h"
#include "emit/junit.h"
#include "emit/markdown.h"
#include "util/alloc.h"
#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The ENGINE arguments as groups: "NAME=a,b,c" (or "a,b,c") is one engine
 * measured in several runs, unless the argument exists as a path. flat holds
 * every path to load ("NAME=a", "b", "c"), group g starts at start[g] and
 * has len[g] of them; path[g] is its first PATH, named[g] whether NAME= was
 * given. */
typedef struct {
  char **flat;
  size_t nflat, capflat;
  size_t *start, *len;
  char **path;
  int *named;
  size_t n;
} S_groups;

/* A part of a group: a directory holding two or more stored summaries is
 * every summary in it (byte order of their paths: name nights so that it is
 * time order); anything else is itself. Appends to *v. */
static void S_part(const char *p, size_t l, char ***v, size_t *n, size_t *cap) {
  char *part = ec_strndup(p, l);
  struct stat st;
  char **found = NULL;
  size_t nf = stat(part, &st) == 0 && S_ISDIR(st.st_mode) ? ec_load_find_summaries(part, 0, &found) : 0;
  if (nf >= 2) {
    for (size_t k = 0; k < nf; k++) *EC_PUSH(*v, *n, *cap) = found[k];
    free(part);
  } else {
    for (size_t k = 0; k < nf; k++) free(found[k]);
    *EC_PUSH(*v, *n, *cap) = part;
  }
  free(found);
}

static void S_groups_build(const ec_common *c, size_t last, S_groups *g) {
  memset(g, 0, sizeof *g);
  g->n = c->n_engines;
  g->start = ec_calloc(g->n ? g->n : 1, sizeof *g->start);
  g->len = ec_calloc(g->n ? g->n : 1, sizeof *g->len);
  g->path = ec_calloc(g->n ? g->n : 1, sizeof *g->path);
  g->named = ec_calloc(g->n ? g->n : 1, sizeof *g->named);
  for (size_t i = 0; i < g->n; i++) {
    char *name;
    const char *path = ec_load_spec_split(c->engines[i], &name);
    struct stat st;
    g->start[i] = g->nflat;
    g->named[i] = name != NULL;
    char **parts = NULL;
    size_t np = 0, capp = 0;
    if (path && strchr(path, ',') && stat(path, &st) != 0) {
      for (const char *p = path; *p;) {
        const char *e = strchr(p, ',');
        size_t l = e ? (size_t)(e - p) : strlen(p);
        if (l) S_part(p, l, &parts, &np, &capp);
        p = e ? e + 1 : p + l;
      }
    } else if (path) {
      S_part(path, strlen(path), &parts, &np, &capp);
      if (np == 1) { /* itself: keep the argument as given */
        free(parts[0]);
        np = 0;
      }
    }
    /* --last N: the side's last N runs */
    size_t from = last && np > last ? np - last : 0;
    for (size_t k = 0; k < np; k++) {
      if (k < from) {
        free(parts[k]);
        continue;
      }
      if (!g->len[i]) g->path[i] = ec_strdup(parts[k]);
      *EC_PUSH(g->flat, g->nflat, g->capflat) = g->len[i] || !name ? parts[k] : ec_asprintf("%s=%s", name, parts[k]);
      if (!(g->len[i] || !name)) free(parts[k]);
      g->len[i]++;
    }
    free(parts);
    if (!g->len[i]) {
      *EC_PUSH(g->flat, g->nflat, g->capflat) = ec_strdup(c->engines[i]);
      g->path[i] = path ? ec_strdup(path) : NULL;
      g->len[i] = 1;
    }
    free(name);
  }
}

static void S_groups_free(S_groups *g) {
  for (size_t i = 0; i < g->nflat; i++) free(g->flat[i]);
  for (size_t i = 0; i < g->n; i++) free(g->path[i]);
  free(g->flat);
  free(g->start);
  free(g->len);
  free(g->path);
  free(g->named);
}

static int S_write(const char *path, const char *text, ec_engine **es, size_t n) {
  return ec_cli_write_file(path, text, strlen(text), &(ec_cli_out){.engines = es, .n_engines = n}) == 0 ? 0 : -1;
}

/* j as indented JSON to path; takes j. */
static int S_write_json(const char *path, json_t *j, ec_engine **es, size_t n) {
  char *t = ec_jdump(j, 1);
  int rc = S_write(path, t, es, n);
  free(t);
  json_decref(j);
  return rc;
}

/* ISO 8601 without the zone (JUnit's form) from SOURCE_DATE_EPOCH, else NULL. */
static char *S_timestamp(void) {
  char buf[32];
  if (ec_srcdate(buf, sizeof buf) != 1) return NULL;
  buf[strlen(buf) - 1] = '\0'; /* the 'Z' */
  return ec_strdup(buf);
}

/* The engine --baseline names among n: the one whose name (names[i], NULL
 * for none) is want, else the one at 1-based position want; n when neither. */
static size_t S_baseline_pick(const char *const *names, size_t n, const char *want) {
  for (size_t i = 0; i < n; i++)
    if (names[i] && strcmp(names[i], want) == 0) return i;
  char *end;
  long k = strtol(want, &end, 10);
  return *want && !*end && k >= 1 && (size_t)k <= n ? (size_t)k - 1 : n;
}

/* The group that will be the baseline, as far as the arguments tell before
 * loading: the one --baseline names by NAME= or by 1-based position, else
 * the first; g->n when --baseline names a display name only loading gives. */
static size_t S_baseline_group(const ec_common *c, const S_groups *g, const char *want) {
  if (!want) return 0;
  char **names = ec_calloc(g->n ? g->n : 1, sizeof *names);
  for (size_t i = 0; i < g->n; i++) ec_load_spec_split(c->engines[i], &names[i]);
  size_t k = S_baseline_pick((const char *const *)names, g->n, want);
  for (size_t i = 0; i < g->n; i++) free(names[i]);
  free(names);
  return k;
}

/* 1 when no path of group i names anything: not a file, a folder, nor the
 * prefix of an engine's files (a file that exists but cannot be read is
 * not missing: loading says why). */
static int S_group_missing(const S_groups *g, size_t i) {
  for (size_t k = 0; k < g->len[i]; k++) {
    const char *spec = g->flat[g->start[i] + k];
    char *name = NULL;
    const char *p = ec_load_spec_split(spec, &name);
    free(name);
    struct stat st;
    if (!p || stat(p, &st) == 0 || (errno != ENOENT && errno != ENOTDIR) || ec_load_input_bytes(spec)) return 0;
  }
  return 1;
}

/* The first run of a CI job (--baseline-missing pass, group base names no
 * file): load the candidates, say there is no baseline yet in the text, the
 * Markdown, JUnit and GitHub outputs, and leave the comparison's other
 * outputs unwritten. Returns the exit code: 0, or loading's 2 or 3, or 2
 * when an output could not be written. */
static int S_first_run(ec_common *c, const S_groups *g, size_t base) {
  const char *base_arg = g->path[base] ? g->path[base] : c->engines[base]; /* its path, without NAME= */
  ec_common flat = *c;
  char **specs = ec_calloc(g->n ? g->n : 1, sizeof *specs);
  char **paths = ec_calloc(g->n ? g->n : 1, sizeof *paths);
  int *named = ec_calloc(g->n ? g->n : 1, sizeof *named);
  size_t n = 0;
  for (size_t i = 0; i < g->n; i++) /* one engine per candidate: its first run */
    if (i != base) specs[n] = g->flat[g->start[i]], paths[n] = g->path[i], named[n] = g->named[i], n++;
  flat.engines = (const char **)specs;
  flat.n_engines = n;
  size_t nl;
  int rc;
  ec_engine **es = ec_cli_load(&flat, &nl, &rc);
  if (!rc) {
    ec_load_name_set(es, (const char *const *)paths, named, n);
    ec_diags d = {0};
    ec_summary **sums = ec_calloc(n, sizeof *sums);
    for (size_t i = 0; i < n; i++) sums[i] = ec_summarize(es[i]);
    ec_metric m = ec_metric_pick(es, sums, n, 0, c->metric_given ? c->metric : EC_METRIC_GPU_MEDIAN, &d);
    ec_cli_put_diags(&d, "enginecard compare: ");
    ec_diags_free(&d);
    ec_metric_value *vals = ec_calloc(n, sizeof *vals);
    for (size_t i = 0; i < n; i++) ec_metric_of(es[i], sums[i], m, &vals[i]);
    ec_first_run r = {.base = base_arg, .engines = es, .n = n, .used = m, .values = vals};
    ec_print_first_run(&r, stdout);
    fflush(stdout);
    int io = 0;
    if (c->markdown) {
      char *t = ec_markdown_first_run(&r, c->pr_comment ? EC_GH_PR_MARKER : NULL);
      io |= S_write(c->markdown, t, es, n);
      free(t);
    }
    if (c->junit) {
      char *ts = S_timestamp();
      char *t = ec_junit_first_run(&r, ts);
      io |= S_write(c->junit, t, es, n);
      free(t);
      free(ts);
    }
    /* the outputs a first run leaves unwritten, by the fields their options set */
    static const size_t unwritten[] = {offsetof(ec_common, json_file), offsetof(ec_common, bench),
                                       offsetof(ec_common, bench_qps), offsetof(ec_common, bmf),
                                       offsetof(ec_common, openmetrics), offsetof(ec_common, html), offsetof(ec_common, pdf)};
    ec_buf left = {0};
    for (size_t k = 0; k < sizeof unwritten / sizeof unwritten[0]; k++)
      if (*(const char *const *)((const char *)c + unwritten[k]))
        ec_buf_printf(&left, "%s%s", left.len ? ", " : "", ec_cli_opt_name(EC_CMD_COMPARE, unwritten[k]));
    if (left.len && c->verbosity >= 0)
      fprintf(stderr, "enginecard compare: no baseline yet, nothing compared: %s not written\n", left.data);
    ec_buf_free(&left);
    if (ec_cli_github_wanted(c->github)) {
      size_t room = ec_cli_step_summary_room();
      char *md = room >= 512 ? ec_markdown_first_run(&r, NULL) : NULL;
      if (md && strlen(md) > room) { /* more than the room left: nothing appended (said) */
        free(md);
        md = NULL;
      }
      io |= ec_cli_step_summary_append("compare", md) != 0;
      free(md);
      if (!io) {
        char *outs = ec_github_first_run_outputs();
        io |= ec_cli_github_output_append("compare", outs) != 0;
        free(outs);
      }
    }
    rc = io ? EC_EXIT_USAGE : EC_EXIT_OK;
    for (size_t i = 0; i < n; i++) {
      ec_metric_value_clear(&vals[i]);
      ec_summary_free(sums[i]);
    }
    free(vals);
    free(sums);
  }
  for (size_t i = 0; i < nl; i++) ec_engine_free(es[i]);
  free(es);
  free(specs);
  free(paths);
  free(named);
  return rc;
}

static int S_build(const void *cmp, const ec_report_opts *ro, ec_report *r, ec_diags *d) {
  return ec_report_compare_build(cmp, ro, r, d);
}

int ec_cmd_compare(int argc, char **argv) {
  ec_common c = {0};
  ec_cli_github_begin("compare", argc, argv); /* "verdict=error" until the verdict is known */
  int rc = ec_cli_parse(argc, argv, 2, &c);
  for (size_t k = 0; !rc && k < c.labels.n; k++) {
    const char *v = c.labels.v[k], *eq = strchr(v, '=');
    if (!eq || eq == v) {
      fprintf(stderr, "enginecard compare: %s needs key=value, got \"%s\"\n", EC_OPT_NAME(EC_CMD_COMPARE, labels), v);
      rc = EC_EXIT_USAGE;
    }
  }
  if (!rc && c.pr_comment && !c.markdown) {
    const char *md = EC_OPT_NAME(EC_CMD_COMPARE, markdown);
    fprintf(stderr, "enginecard compare: %s changes %s F; give %s F too\n", EC_OPT_NAME(EC_CMD_COMPARE, pr_comment), md, md);
    rc = EC_EXIT_USAGE;
  }
  if (!rc && c.n_engines < 2) {
    fprintf(stderr, "enginecard compare: needs two or more ENGINEs (the same one twice compares it with itself)\n");
    rc = EC_EXIT_USAGE;
  }
  if (rc) {
    ec_common_free(&c);
    return rc;
  }
  ec_compare_opts co = {0};
  ec_cli_gate_values(&c, &co.metric, &co.metric_given, &co.max_regress_pct, &co.confidence);
  co.max_layer_regress_pct = c.max_layer_regress_pct;
  co.min_layer_ms = c.min_layer_ms;
  co.run_noise_pct = c.run_noise_pct;
  co.no_gate = c.no_gate;
  co.allow_mismatch = c.allow_mismatch;
  co.expect = c.n_expect ? c.expect : NULL;
  co.n_expect = c.n_expect;
  if (!isfinite(co.max_layer_regress_pct) && isfinite(co.min_layer_ms))
    fprintf(stderr, "enginecard compare: %s has no effect without %s\n", EC_OPT_NAME(EC_CMD_COMPARE, min_layer_ms),
            EC_OPT_NAME(EC_CMD_COMPARE, max_layer_regress_pct));
  S_groups gr;
  S_groups_build(&c, (size_t)c.last, &gr);
  if (c.missing_pass) {
    size_t base = S_baseline_group(&c, &gr, c.baseline);
    if (base < gr.n && S_group_missing(&gr, base)) {
      rc = S_first_run(&c, &gr, base);
      S_groups_free(&gr);
      ec_common_free(&c);
      return rc;
    }
  }
  ec_common flat = c;
  flat.load.pool_runs = c.load.run == 0; /* the loader's one message about a multi-run timing file */
  flat.engines = (const char **)gr.flat;
  flat.n_engines = gr.nflat;
  size_t nall;
  ec_engine **all = ec_cli_load(&flat, &nall, &rc);
  if (rc == EC_EXIT_USAGE) {
    for (size_t i = 0; i < nall; i++) ec_engine_free(all[i]);
    free(all);
    S_groups_free(&gr);
    ec_common_free(&c);
    return rc;
  }
  /* stored summaries: their kept layers, so what got slower can be said */
  for (size_t i = 0; i < nall; i++) ec_load_stored_layers(all[i]);
  /* one engine per group; its further runs are repeats */
  size_t n = gr.n;
  ec_engine **es = ec_calloc(n, sizeof *es);
  ec_repeats *reps = ec_calloc(n, sizeof *reps);
  int any_repeats = 0;
  for (size_t i = 0; i < n; i++) {
    es[i] = all[gr.start[i]];
    reps[i].v = all + gr.start[i] + 1;
    reps[i].n = gr.len[i] - 1;
    any_repeats |= reps[i].n > 0;
  }
  ec_load_name_set(es, (const char *const *)gr.path, gr.named, n); /* loading ends with the names */
  co.repeats = any_repeats ? reps : NULL;
  co.all_runs = c.load.run == 0;
  ec_kvs *labels = ec_calloc(n, sizeof *labels);
  for (size_t k = 0; k < c.labels.n; k++) { /* KEY=VALUE for the ENGINE before it (before any: every engine) */
    const char *v = c.labels.v[k], *eq = strchr(v, '=');
    char *key = ec_strndup(v, (size_t)(eq - v));
    for (size_t i = 0; i < n; i++)
      if (c.labels.engine[k] < 0 || (size_t)c.labels.engine[k] == i) ec_kvs_add(&labels[i], key, eq + 1);
    free(key);
  }
  co.baseline = 0;
  if (c.baseline) {
    const char **names = ec_calloc(n, sizeof *names);
    for (size_t i = 0; i < n; i++) names[i] = es[i]->name;
    size_t found = S_baseline_pick(names, n, c.baseline);
    free(names);
    if (found == n) {
      fprintf(stderr, "enginecard compare: %s %s names no engine; the engines are:", EC_OPT_NAME(EC_CMD_COMPARE, baseline),
              c.baseline);
      for (size_t i = 0; i < n; i++) {
        fputs(" \"", stderr);
        ec_term_put_text(stderr, es[i]->name, strlen(es[i]->name), 0, 0);
        fputc('"', stderr);
      }
      fprintf(stderr, " (or give a number 1..%zu)\n", n);
      rc = EC_EXIT_USAGE;
      goto done;
    }
    co.baseline = found;
  }

  ec_comparison *cmp = ec_compare(es, n, labels, &co);
  ec_compare_expect_apply(cmp); /* a candidate that misses --expect-precision fails like a gate */
  for (size_t k = 0; k < cmp->diags.n; k++) {
    if (c.verbosity < 0 && cmp->diags.v[k].sev < EC_ERROR) continue;
    char *m = ec_diag_format(&cmp->diags.v[k]);
    fputs("enginecard compare: ", stderr);
    ec_term_put_safe(stderr, m);
    free(m);
  }
  for (size_t i = 0; i < n && c.verbosity >= 0; i++)
    for (size_t k = 0; k < cmp->res[i].n_mism; k++) {
      /* device names and versions come from the inputs */
      char *m = ec_asprintf("warning: %s and %s differ in %s (%s vs %s)", es[cmp->baseline]->name, es[i]->name,
                            cmp->res[i].mism[k].what, cmp->res[i].mism[k].base, cmp->res[i].mism[k].other);
      fputs("enginecard compare: ", stderr);
      ec_term_put_safe(stderr, m);
      free(m);
    }
  ec_print_compare(cmp, stdout);
  fflush(stdout);

  int io = 0;
  if (c.json_file) io |= S_write_json(c.json_file, ec_jsonout_compare(cmp, labels), all, nall);
  if (c.junit) {
    char *ts = S_timestamp();
    char *t = ec_junit_compare(cmp, ts);
    io |= S_write(c.junit, t, all, nall);
    free(t);
    free(ts);
  }
  if (c.markdown) {
    char *t = c.pr_comment ? ec_github_pr_comment(cmp) : ec_markdown_compare(cmp);
    io |= S_write(c.markdown, t, all, nall);
    free(t);
  }
  if (c.bench) io |= S_write_json(c.bench, ec_benchjson_compare(cmp), all, nall);
  if (c.bench_qps) io |= S_write_json(c.bench_qps, ec_benchjson_throughput(cmp), all, nall);
  if (c.bmf) io |= S_write_json(c.bmf, ec_bmf_compare(cmp), all, nall);
  if (c.openmetrics) {
    char *t = ec_openmetrics_compare(cmp);
    io |= S_write(c.openmetrics, t, all, nall);
    free(t);
  }
  io |= ec_cli_report_files(&c, S_build, cmp, &(ec_cli_out){.engines = all, .n_engines = nall}) != 0;
  int gh = ec_cli_github_wanted(c.github);
  if (gh) {
    char *a = ec_github_annotations(cmp);
    fputs(a, stdout);
    fflush(stdout);
    free(a);
    char *md = ec_github_summary(cmp, ec_cli_step_summary_room());
    io |= ec_cli_step_summary_append("compare", md) != 0;
    free(md);
  }
  /* 2 (I/O) > 3 (an ENGINE without usable data) > 1 (gate, precision) > 4 (no verdict: ec_outcome_no_verdict) > 0 */
  ec_outcome oc = ec_compare_outcome(cmp);
  if (io) rc = EC_EXIT_USAGE;
  else if (rc == EC_EXIT_NODATA) rc = EC_EXIT_NODATA;
  else if (oc == EC_OUTCOME_FAIL) rc = EC_EXIT_GATE;
  else if (ec_outcome_no_verdict(oc)) rc = EC_EXIT_NO_VERDICT;
  else rc = EC_EXIT_OK;
  if (gh) { /* the verdict last: "error" with exit 2 or 3 */
    char *outs = ec_github_outputs(cmp, rc == EC_EXIT_USAGE || rc == EC_EXIT_NODATA);
    if (ec_cli_github_output_append("compare", outs) != 0) rc = EC_EXIT_USAGE;
    free(outs);
  }
  ec_comparison_free(cmp);

done:
  for (size_t i = 0; i < n; i++) ec_kvs_free(&labels[i]);
  for (size_t i = 0; i < nall; i++) ec_engine_free(all[i]);
  free(labels);
  free(es);
  free(all);
  free(reps);
  S_groups_free(&gr);
  ec_common_free(&c);
  return rc;
}
