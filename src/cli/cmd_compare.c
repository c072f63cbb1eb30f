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
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef struct {
  long engine; /* index of the ENGINE given before it, -1 for all */
  const char *key;
  size_t key_len;
  const char *val;
} S_label;

typedef struct {
  ec_common *common;
  const char *baseline;
  ec_compare_opts o;
  const char *json, *junit, *markdown, *bench;
  const char *html, *pdf;
  /* CI outputs (listed together in the usage) */
  int github;     /* 1 --github, -1 --no-github, 0 by the environment */
  int pr_comment; /* --pr-comment: --markdown F is the PR comment variant */
  const char *openmetrics, *bmf, *bench_qps;
  size_t last; /* --last N: a side of several runs keeps its last N */
  int missing_pass; /* --baseline-missing pass: a baseline that names no file is a first run */
  S_label *labels;
  size_t n_labels, cap_labels;
  ec_expect expect[EC_CLI_EXPECT_MAX]; /* --expect-precision */
  size_t n_expect;
} S_opts;

static int S_opt(void *ctx, int argc, char **argv, int i) {
  S_opts *o = ctx;
  const char *a = argv[i];
  if (strcmp(a, "--no-gate") == 0) {
    o->o.no_gate = 1;
    return 1;
  }
  static const char *const valued[] = {"--baseline", "--metric", "--max-regress", "--max-layer-regress", "--min-layer-ms",
                                       "--confidence", "--label", "--json", "--junit", "--markdown", "--bench-json",
                                       "-o", "--pdf", "--run-noise", "--last",
                                       "--openmetrics", "--bmf", "--bench-json-throughput", "--baseline-missing"};
  if (strcmp(a, "--allow-mismatch") == 0) {
    o->o.allow_mismatch = 1;
    return 1;
  }
  if (strcmp(a, "--github") == 0 || strcmp(a, "--no-github") == 0) {
    o->github = a[2] == 'g' ? 1 : -1;
    return 1;
  }
  if (strcmp(a, "--expect-precision") == 0) {
    if (!ec_cli_need_value(argc, argv, i) || ec_cli_expect("compare", argv[i + 1], o->expect, &o->n_expect)) return -1;
    o->o.expect = o->expect;
    o->o.n_expect = o->n_expect;
    return 2;
  }
  if (strcmp(a, "--pr-comment") == 0) {
    o->pr_comment = 1;
    return 1;
  }
  int known = 0;
  for (size_t k = 0; k < sizeof valued / sizeof valued[0]; k++) known |= strcmp(a, valued[k]) == 0;
  if (!known) return 0;
  if (!ec_cli_need_value(argc, argv, i)) return -1;
  const char *v = argv[i + 1];
  if (strcmp(a, "--baseline") == 0) o->baseline = v;
  else if (strcmp(a, "--baseline-missing") == 0) {
    if (strcmp(v, "pass") && strcmp(v, "error")) {
      fprintf(stderr, "enginecard compare: --baseline-missing takes error or pass, not \"%s\"\n", v);
      return -1;
    }
    o->missing_pass = strcmp(v, "pass") == 0;
  }
  else if (strcmp(a, "--metric") == 0) {
    if (ec_cli_metric("compare", v, &o->o.metric)) return -1;
    o->o.metric_given = 1;
  } else if (strcmp(a, "--max-regress") == 0) {
    if (ec_cli_pct("compare", a, v, &o->o.max_regress_pct, 1)) return -1;
  } else if (strcmp(a, "--max-layer-regress") == 0) {
    if (ec_cli_pct("compare", a, v, &o->o.max_layer_regress_pct, 1)) return -1;
  } else if (strcmp(a, "--min-layer-ms") == 0) {
    if (ec_cli_pct("compare", a, v, &o->o.min_layer_ms, 1)) return -1;
  } else if (strcmp(a, "--run-noise") == 0) {
    if (ec_cli_pct("compare", a, v, &o->o.run_noise_pct, 1)) return -1;
  } else if (strcmp(a, "--last") == 0) {
    char *end;
    long k = strtol(v, &end, 10);
    if (!*v || *end || k < 1) {
      fprintf(stderr, "enginecard compare: --last needs a positive number of runs, got \"%s\"\n", v);
      return -1;
    }
    o->last = (size_t)k;
  } else if (strcmp(a, "--confidence") == 0) {
    if (ec_cli_confidence("compare", v, &o->o.confidence)) return -1;
  } else if (strcmp(a, "--label") == 0) {
    const char *eq = strchr(v, '=');
    if (!eq || eq == v) {
      fprintf(stderr, "enginecard compare: --label needs key=value, got \"%s\"\n", v);
      return -1;
    }
    S_label *l = EC_PUSH(o->labels, o->n_labels, o->cap_labels);
    l->engine = (long)o->common->n_engines - 1;
    l->key = v;
    l->key_len = (size_t)(eq - v);
    l->val = eq + 1;
  } else if (strcmp(a, "--json") == 0) o->json = v;
  else if (strcmp(a, "--junit") == 0) o->junit = v;
  else if (strcmp(a, "--markdown") == 0) o->markdown = v;
  else if (strcmp(a, "--bench-json") == 0) o->bench = v;
  else if (strcmp(a, "--bench-json-throughput") == 0) o->bench_qps = v;
  else if (strcmp(a, "--openmetrics") == 0) o->openmetrics = v;
  else if (strcmp(a, "--bmf") == 0) o->bmf = v;
  else if (strcmp(a, "-o") == 0) o->html = v;
  else if (strcmp(a, "--pdf") == 0) o->pdf = v;
  return 2;
}

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

/* The group that will be the baseline, as far as the arguments tell before
 * loading: the one --baseline names by NAME= or by 1-based position, else
 * the first; g->n when --baseline names a display name only loading gives. */
static size_t S_baseline_group(const ec_common *c, const S_groups *g, const char *want) {
  if (!want) return 0;
  for (size_t i = 0; i < g->n; i++) {
    char *name = NULL;
    ec_load_spec_split(c->engines[i], &name);
    int hit = name && strcmp(name, want) == 0;
    free(name);
    if (hit) return i;
  }
  char *end;
  long k = strtol(want, &end, 10);
  return *want && !*end && k >= 1 && (size_t)k <= g->n ? (size_t)k - 1 : g->n;
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
static int S_first_run(ec_common *c, const S_opts *o, const S_groups *g, size_t base) {
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
    ec_metric m = ec_metric_pick(es, sums, n, 0, o->o.metric_given ? o->o.metric : EC_METRIC_GPU_MEDIAN, &d);
    ec_cli_put_diags(&d, "enginecard compare: ");
    ec_diags_free(&d);
    ec_metric_value *vals = ec_calloc(n, sizeof *vals);
    for (size_t i = 0; i < n; i++) ec_metric_of(es[i], sums[i], m, &vals[i]);
    ec_first_run r = {.base = base_arg, .engines = es, .n = n, .used = m, .values = vals};
    ec_print_first_run(&r, stdout);
    fflush(stdout);
    int io = 0;
    if (o->markdown) {
      char *t = ec_markdown_first_run(&r, o->pr_comment ? EC_GH_PR_MARKER : NULL);
      io |= S_write(o->markdown, t, es, n);
      free(t);
    }
    if (o->junit) {
      char *ts = S_timestamp();
      char *t = ec_junit_first_run(&r, ts);
      io |= S_write(o->junit, t, es, n);
      free(t);
      free(ts);
    }
    const char *unwritten[] = {o->json, o->bench, o->bench_qps, o->bmf, o->openmetrics, o->html, o->pdf};
    const char *flags[] = {"--json", "--bench-json", "--bench-json-throughput", "--bmf", "--openmetrics", "-o", "--pdf"};
    ec_buf left = {0};
    for (size_t k = 0; k < sizeof flags / sizeof flags[0]; k++)
      if (unwritten[k]) ec_buf_printf(&left, "%s%s", left.len ? ", " : "", flags[k]);
    if (left.len && c->verbosity >= 0)
      fprintf(stderr, "enginecard compare: no baseline yet, nothing compared: %s not written\n", left.data);
    ec_buf_free(&left);
    if (ec_cli_github_wanted(o->github)) {
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

int ec_cmd_compare(int argc, char **argv) {
  ec_common c = {0};
  S_opts o = {0};
  o.common = &c;
  o.o.max_regress_pct = NAN;
  o.o.max_layer_regress_pct = NAN;
  o.o.min_layer_ms = NAN;
  ec_cli_github_begin("compare", argc, argv); /* "verdict=error" until the verdict is known */
  int rc = ec_cli_parse(argc, argv, 2, &c, S_opt, &o);
  if (rc) {
    free(o.labels);
    ec_common_free(&c);
    return rc;
  }
  if (o.pr_comment && !o.markdown) {
    fprintf(stderr, "enginecard compare: --pr-comment changes --markdown F; give --markdown F too\n");
    free(o.labels);
    ec_common_free(&c);
    return EC_EXIT_USAGE;
  }
  if (c.n_engines < 2) {
    fprintf(stderr, "enginecard compare: needs two or more ENGINEs (the same one twice compares it with itself)\n");
    free(o.labels);
    ec_common_free(&c);
    return EC_EXIT_USAGE;
  }
  if (!isfinite(o.o.max_layer_regress_pct) && isfinite(o.o.min_layer_ms))
    fprintf(stderr, "enginecard compare: --min-layer-ms has no effect without --max-layer-regress\n");
  S_groups gr;
  S_groups_build(&c, o.last, &gr);
  if (o.missing_pass) {
    size_t base = S_baseline_group(&c, &gr, o.baseline);
    if (base < gr.n && S_group_missing(&gr, base)) {
      rc = S_first_run(&c, &o, &gr, base);
      S_groups_free(&gr);
      free(o.labels);
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
    free(o.labels);
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
  o.o.repeats = any_repeats ? reps : NULL;
  o.o.all_runs = c.load.run == 0;
  ec_kvs *labels = ec_calloc(n, sizeof *labels);
  for (size_t k = 0; k < o.n_labels; k++) {
    char *key = ec_strndup(o.labels[k].key, o.labels[k].key_len);
    for (size_t i = 0; i < n; i++)
      if (o.labels[k].engine < 0 || (size_t)o.labels[k].engine == i) ec_kvs_add(&labels[i], key, o.labels[k].val);
    free(key);
  }
  o.o.baseline = 0;
  if (o.baseline) {
    size_t found = n;
    for (size_t i = 0; i < n && found == n; i++)
      if (strcmp(es[i]->name, o.baseline) == 0) found = i;
    if (found == n) {
      char *end;
      long k = strtol(o.baseline, &end, 10);
      if (*o.baseline && !*end && k >= 1 && (size_t)k <= n) found = (size_t)k - 1;
    }
    if (found == n) {
      fprintf(stderr, "enginecard compare: --baseline %s names no engine; the engines are:", o.baseline);
      for (size_t i = 0; i < n; i++) {
        fputs(" \"", stderr);
        ec_term_put_text(stderr, es[i]->name, strlen(es[i]->name), 0, 0);
        fputc('"', stderr);
      }
      fprintf(stderr, " (or give a number 1..%zu)\n", n);
      rc = EC_EXIT_USAGE;
      goto done;
    }
    o.o.baseline = found;
  }

  ec_comparison *cmp = ec_compare(es, n, labels, &o.o);
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
  if (o.json) io |= S_write_json(o.json, ec_jsonout_compare(cmp, labels), all, nall);
  if (o.junit) {
    char *ts = S_timestamp();
    char *t = ec_junit_compare(cmp, ts);
    io |= S_write(o.junit, t, all, nall);
    free(t);
    free(ts);
  }
  if (o.markdown) {
    char *t = o.pr_comment ? ec_github_pr_comment(cmp) : ec_markdown_compare(cmp);
    io |= S_write(o.markdown, t, all, nall);
    free(t);
  }
  if (o.bench) io |= S_write_json(o.bench, ec_benchjson_compare(cmp), all, nall);
  if (o.bench_qps) io |= S_write_json(o.bench_qps, ec_benchjson_throughput(cmp), all, nall);
  if (o.bmf) io |= S_write_json(o.bmf, ec_bmf_compare(cmp), all, nall);
  if (o.openmetrics) {
    char *t = ec_openmetrics_compare(cmp);
    io |= S_write(o.openmetrics, t, all, nall);
    free(t);
  }
  if (o.html || o.pdf) {
    ec_report_opts ro = {0};
    ro.want_html = o.html != NULL;
    ec_report r;
    ec_diags td = {0};
    int built = ec_report_compare_build(cmp, &ro, &r, &td) == 0;
    io |= ec_cli_write_report(built ? &r : NULL, o.html, o.pdf, NULL, &td, &(ec_cli_out){.engines = all, .n_engines = nall}) != 0;
    ec_diags_free(&td);
    ec_report_free(&r);
  }
  int gh = ec_cli_github_wanted(o.github);
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
  free(o.labels);
  ec_common_free(&c);
  return rc;
}
