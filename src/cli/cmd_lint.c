/* enginecard lint ENGINE [--json] [--fail-on warning|error] — hazards of an
 * engine's layers with their mitigations, and checks of the input files.
 *
 * Text (default): the findings worth trying first (ec_findings_top) and what
 * they could save together (each layer once), then one line per rule
 * (ec_findings_group: severity, rule, findings, latency share and saving of
 * its layers counted once, its mitigation and next step) with its findings
 * indented under it (severity, share, the most it could save, message naming
 * the layer), then the rules that found nothing; -v adds each finding's
 * evidence, a mitigation of its own and why its confidence is what it is.
 * --json: enginecard.lint/1 (tests/schema/lint.schema.json).
 * --codequality F: GitLab Code Quality JSON. --github (or on a GitHub
 * runner, unless --json): warnings and errors as ::warning/::error lines on
 * stdout (on stderr with --json, which keeps stdout for the document).
 * Exit: 1 when a finding at or above --fail-on exists (the output is still
 * written); otherwise the loader's code (cli.h). */
#include "analyze/lint.h"
#include "cli/cli.h"
#include "out/codequality.h"
#include "out/github.h"
#include "out/jsonout.h"
#include "util/alloc.h"
#include "out/lint_json.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  int json;
  int fail_on; /* ec_lint_sev, -1 when not given */
  /* CI outputs */
  const char *codequality; /* --codequality F: GitLab Code Quality JSON */
  int github;              /* 1 --github, -1 --no-github, 0 by the environment */
} S_opts;

static int S_opt(void *ctx, int argc, char **argv, int i) {
  S_opts *o = ctx;
  if (strcmp(argv[i], "--json") == 0) {
    o->json = 1;
    return 1;
  }
  if (strcmp(argv[i], "--github") == 0 || strcmp(argv[i], "--no-github") == 0) {
    o->github = argv[i][2] == 'g' ? 1 : -1;
    return 1;
  }
  if (strcmp(argv[i], "--codequality") == 0) {
    if (!ec_cli_need_value(argc, argv, i)) return -1;
    o->codequality = argv[i + 1];
    return 2;
  }
  if (strcmp(argv[i], "--fail-on") == 0) {
    if (!ec_cli_need_value(argc, argv, i)) return -1;
    int s = ec_lint_sev_parse(argv[i + 1]);
    if (s < EC_LINT_WARNING) {
      fprintf(stderr, "enginecard lint: --fail-on takes warning or error, not \"%s\"\n", argv[i + 1]);
      return -1;
    }
    o->fail_on = s;
    return 2;
  }
  return 0;
}

static void S_put(FILE *f, const char *s, size_t n, size_t width, size_t max) { ec_cli_put_text(f, s, n, width, max); }

static void S_ms(char *buf, size_t cap, double ms) {
  if (isfinite(ms)) snprintf(buf, cap, "%.3g", ms);
  else snprintf(buf, cap, "-");
}

/* "likely ~0.05 · up to 0.2 ms", or "up to 0.2 ms" without a likely estimate. */
static void S_saving(FILE *out, double likely, double up_to) {
  char a[16], b[16];
  S_ms(b, sizeof b, up_to);
  if (isfinite(likely)) {
    S_ms(a, sizeof a, likely);
    fprintf(out, "likely ~%s \xC2\xB7 up to %s ms", a, b);
  } else {
    fprintf(out, "up to %s ms", b);
  }
}

static void S_text(const ec_summary *s, const ec_findings *f, int verbose, FILE *out) {
  const ec_engine *e = s->engine;
  fputs("engine ", out);
  S_put(out, e->name, strlen(e->name), 0, 200);
  fprintf(out, "\n%zu findings: %zu errors, %zu warnings, %zu info\n", f->n, f->count[EC_LINT_ERROR],
          f->count[EC_LINT_WARNING], f->count[EC_LINT_INFO]);
  if (!f->n) return;
  const ec_finding *top[3];
  size_t nt = ec_findings_top(f, 3, top);
  char share[16], gain[16], likely[16];
  if (nt) {
    fputs("try first (the most each could save of the summed layer latency):", out);
    for (size_t k = 0; k < nt; k++) {
      fprintf(out, "%s %s ", k ? "," : "", top[k]->rule);
      S_saving(out, top[k]->gain_ms_likely, top[k]->gain_ms_max);
    }
    if (nt > 1) {
      fputs("; together ", out);
      S_saving(out, ec_findings_union_likely(e, top, nt), ec_findings_union_gain(e, top, nt, NULL));
      fputs(" (each layer counted once)", out);
    }
    fputc('\n', out);
  }
  /* one line per rule, then its findings indented */
  ec_finding_groups g;
  ec_findings_group(s, f, &g);
  fprintf(out, "\n%-8s %-26s %5s %7s %9s %10s  %s\n", "severity", "rule", "found", "share%", "likely_ms", "up_to_ms",
          "what");
  for (size_t k = 0; k < g.n; k++) {
    const ec_finding_group *G = &g.v[k];
    if (isfinite(G->share_pct)) snprintf(share, sizeof share, "%.2f", G->share_pct);
    else snprintf(share, sizeof share, "-");
    S_ms(gain, sizeof gain, G->gain_ms_max);
    S_ms(likely, sizeof likely, G->gain_ms_likely);
    fprintf(out, "%-8s %-26s %5zu %7s %9s %10s  ", ec_lint_sev_name(G->severity), G->rule, G->n, share, likely, gain);
    fputs(G->summary ? G->summary : G->rule, out);
    if (G->n_layers) fprintf(out, " (%zu layer%s)", G->n_layers, G->n_layers == 1 ? "" : "s");
    fputc('\n', out);
    if (G->mitigation) {
      fputs("    mitigation: ", out);
      ec_cli_put_safe(out, G->mitigation);
    }
    if (G->next_step) {
      fputs("    next: ", out);
      ec_cli_put_safe(out, G->next_step);
    }
    for (size_t j = 0; j < G->n; j++) {
      const ec_finding *x = &f->v[G->idx[j]];
      if (isfinite(x->share_pct)) snprintf(share, sizeof share, "%.2f", x->share_pct);
      else snprintf(share, sizeof share, "-");
      S_ms(gain, sizeof gain, x->gain_ms_max);
      S_ms(likely, sizeof likely, x->gain_ms_likely);
      fprintf(out, "  - %-7s %7s %8s %8s  ", ec_lint_sev_name(x->severity), share, likely, gain);
      ec_cli_put_safe(out, x->message);
      if (x->likely_why && isfinite(x->gain_ms_likely)) {
        fprintf(out, "      likely ~%s ms: ", likely);
        ec_cli_put_safe(out, x->likely_why);
      }
      if (verbose && x->evidence) {
        fputs("      evidence: ", out);
        ec_cli_put_safe(out, x->evidence);
      }
      if (verbose && x->mitigation && x->mitigation != G->mitigation && strcmp(x->mitigation, G->mitigation ? G->mitigation : "")) {
        fputs("      mitigation: ", out);
        ec_cli_put_safe(out, x->mitigation);
      }
      if (verbose && x->confidence_why) {
        fprintf(out, "      confidence %s: ", ec_confidence_name(x->confidence));
        ec_cli_put_safe(out, x->confidence_why);
      }
    }
  }
  if (g.n_quiet) {
    fprintf(out, "\nchecked, nothing found (%zu rules):", g.n_quiet);
    for (size_t k = 0; k < g.n_quiet; k++) fprintf(out, "%s %s", k ? "," : "", g.quiet[k]);
    fputc('\n', out);
  }
  ec_finding_groups_free(&g);
}

int ec_cmd_lint(int argc, char **argv) {
  ec_common c = {0};
  S_opts o = {0};
  o.fail_on = -1;
  int rc;
  ec_engine *e0 = ec_cli_one_engine(argc, argv, "lint", &c, S_opt, &o, &rc);
  if (!e0) return rc;
  if (rc != EC_EXIT_USAGE && ec_engine_usable(e0)) {
    ec_summary *s = ec_summarize(e0);
    ec_findings f = {0};
    ec_lint(e0, s, NULL, &f);
    if (o.json) {
      json_t *j = ec_lint_json(s, &f, o.fail_on);
      char *txt = ec_jdump(j, 1);
      fputs(txt, stdout);
      free(txt);
      json_decref(j);
    } else {
      S_text(s, &f, c.verbosity > 0, stdout);
    }
    /* with --json, stdout is data: annotations only when asked, on stderr */
    int gh = o.json ? o.github > 0 : ec_cli_github_wanted(o.github);
    if (o.codequality || gh) {
      size_t *lines = ec_calloc(e0->n_layers ? e0->n_layers : 1, sizeof *lines);
      const char *path = ec_load_layer_lines(e0, lines);
      if (o.codequality) {
        json_t *j = ec_codequality_lint(s, &f, path, lines);
        char *txt = ec_jdump(j, 1);
        if (ec_cli_write_file(o.codequality, txt, strlen(txt), &e0, 1) != 0) rc = EC_EXIT_USAGE;
        free(txt);
        json_decref(j);
      }
      if (gh) {
        char *a = ec_github_lint(s, &f, path ? path : e0->n_files ? e0->files[0].path : NULL, lines);
        fputs(a, o.json ? stderr : stdout);
        free(a);
      }
      free(lines);
    }
    if (rc != EC_EXIT_USAGE && o.fail_on >= 0 && ec_findings_max_sev(&f) >= o.fail_on) rc = EC_EXIT_GATE;
    ec_findings_free(&f);
    ec_summary_free(s);
  }
  ec_engine_free(e0);
  ec_common_free(&c);
  return rc;
}
