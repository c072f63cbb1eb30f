/* lint_text — see lint_text.h. */
#include "emit/lint_text.h"
#include "emit/term.h"
#include "words/words.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

static void S_put(FILE *f, const char *s, size_t n, size_t width, size_t max) { ec_term_put_text(f, s, n, width, max); }

static void S_ms(char *buf, size_t cap, double ms) {
  if (isfinite(ms)) snprintf(buf, cap, "%" EC_MS_G, ms);
  else snprintf(buf, cap, "-");
}

/* An estimate in a column (words/words.h ec_fmt_ms_estimate), "-" when there is none. */
static void S_est(char *buf, size_t cap, double ms) {
  if (isfinite(ms)) ec_fmt_ms_estimate(buf, cap, ms);
  else snprintf(buf, cap, "-");
}

/* "likely ~0.05 ms · up to 0.2 ms", or "up to 0.2 ms" without a likely estimate. */
static void S_saving(FILE *out, double likely, double up_to) {
  char b[96];
  fputs(isfinite(up_to) && up_to > 0 ? ec_fmt_saving(b, sizeof b, likely, up_to, 0) : "up to - ms", out);
}

void ec_print_lint(const ec_summary *s, const ec_findings *f, int verbose, FILE *out) {
  const ec_engine *e = s->engine;
  fputs("engine ", out);
  S_put(out, e->name, strlen(e->name), 0, 200);
  fprintf(out, "\n%zu %s: %zu %s, %zu %s, %zu info\n", f->n, ec_plural(f->n, "finding", "findings"),
          f->count[EC_LINT_ERROR], ec_plural(f->count[EC_LINT_ERROR], "error", "errors"),
          f->count[EC_LINT_WARNING], ec_plural(f->count[EC_LINT_WARNING], "warning",
                                               "warnings"), f->count[EC_LINT_INFO]);
  if (!f->n) return;
  const ec_finding *top[3];
  size_t nt = ec_findings_top(f, 3, top);
  char share[16], gain[16], likely[16];
  if (nt) {
    fputs(f->gains_scaled ? "try first (the most each could save, scaled to the end-to-end time):"
                          : "try first (the most each could save of the summed layer latency):",
          out);
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
    char *note = ec_findings_scale_note(f);
    if (note) {
      ec_term_put_safe(out, note);
      free(note);
    }
  }
  /* one line per rule, then its findings indented */
  ec_finding_groups g;
  ec_findings_group(s, f, &g);
  fprintf(out, "\n%-8s %-26s %5s %7s %9s %10s  %s\n", "severity", "rule", "found", "share%", "likely_ms", "up_to_ms",
          "what");
  for (size_t k = 0; k < g.n; k++) {
    const ec_finding_group *G = &g.v[k];
    if (isfinite(G->share_pct)) snprintf(share, sizeof share, "%" EC_PCT_G, G->share_pct);
    else snprintf(share, sizeof share, "-");
    S_ms(gain, sizeof gain, G->gain_ms_max);
    S_ms(likely, sizeof likely, G->gain_ms_likely);
    fprintf(out, "%-8s %-26s %5zu %7s %9s %10s  ", ec_lint_sev_name(G->severity), G->rule, G->n, share, likely, gain);
    const char *what = G->summary ? G->summary : G->rule; /* may name layers */
    S_put(out, what, strlen(what), 0, 0);
    if (G->n_layers) fprintf(out, " (%zu layer%s)", G->n_layers, ec_plural(G->n_layers, "", "s"));
    fputc('\n', out);
    if (G->mitigation) {
      fputs("    mitigation: ", out);
      ec_term_put_safe(out, G->mitigation);
    }
    if (G->next_step) {
      fputs("    next: ", out);
      ec_term_put_safe(out, G->next_step);
    }
    for (size_t j = 0; j < G->n; j++) {
      const ec_finding *x = &f->v[G->idx[j]];
      if (isfinite(x->share_pct)) snprintf(share, sizeof share, "%" EC_PCT_G, x->share_pct);
      else snprintf(share, sizeof share, "-");
      S_ms(gain, sizeof gain, x->gain_ms_max);
      S_est(likely, sizeof likely, x->gain_ms_likely);
      fprintf(out, "  - %-7s %7s %8s %8s  ", ec_lint_sev_name(x->severity), share, likely, gain);
      ec_term_put_safe(out, x->message);
      if (x->likely_why && isfinite(x->gain_ms_likely)) {
        fprintf(out, "      likely ~%s ms: ", likely);
        ec_term_put_safe(out, x->likely_why);
      }
      if (verbose && x->evidence) {
        fputs("      evidence: ", out);
        ec_term_put_safe(out, x->evidence);
      }
      if (verbose && x->mitigation && x->mitigation != G->mitigation && strcmp(x->mitigation, G->mitigation ? G->mitigation : "")) {
        fputs("      mitigation: ", out);
        ec_term_put_safe(out, x->mitigation);
      }
      if (verbose && x->confidence_why) {
        fprintf(out, "      confidence %s: ", ec_confidence_name(x->confidence));
        ec_term_put_safe(out, x->confidence_why);
      }
    }
  }
  if (g.n_quiet) {
    fprintf(out, "\nchecked, nothing found (%zu %s):", g.n_quiet, ec_plural(g.n_quiet, "rule", "rules"));
    for (size_t k = 0; k < g.n_quiet; k++) fprintf(out, "%s %s", k ? "," : "", g.quiet[k]);
    fputc('\n', out);
  }
  ec_finding_groups_free(&g);
}
