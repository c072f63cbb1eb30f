/* lint_text — see lint_text.h. */
#include "emit/lint_text.h"
#include "emit/term.h"
#include "words/words.h"
#include <math.h>
#include <string.h>

static void S_put(FILE *f, const char *s, size_t n, size_t width, size_t max) { ec_term_put_text(f, s, n, width, max); }

static void S_ms(char *buf, size_t cap, double ms) {
  if (isfinite(ms)) snprintf(buf, cap, "%" EC_MS_G, ms);
  else snprintf(buf, cap, "-");
}

void ec_lint_text(const ec_summary *s, const ec_findings *f, int verbose, FILE *out) {
  const ec_engine *e = s->engine;
  fputs("engine ", out);
  S_put(out, e->name, strlen(e->name), 0, 200);
  fprintf(out, "\n%zu findings: %zu errors, %zu warnings, %zu info\n", f->n, f->count[EC_LINT_ERROR],
          f->count[EC_LINT_WARNING], f->count[EC_LINT_INFO]);
  if (!f->n) return;
  const ec_finding *top[3];
  size_t nt = ec_findings_top(f, 3, top);
  char share[16], gain[16];
  if (nt) {
    fputs("try first (the most each could save of the summed layer latency):", out);
    for (size_t k = 0; k < nt; k++) {
      S_ms(gain, sizeof gain, top[k]->gain_ms_max);
      fprintf(out, "%s %s up to %s ms", k ? "," : "", top[k]->rule, gain);
    }
    if (nt > 1) {
      S_ms(gain, sizeof gain, ec_findings_union_gain(e, top, nt, NULL));
      fprintf(out, "; together up to %s ms (each layer counted once)", gain);
    }
    fputc('\n', out);
  }
  /* one line per rule, then its findings indented */
  ec_finding_groups g;
  ec_findings_group(s, f, &g);
  fprintf(out, "\n%-8s %-26s %5s %7s %10s  %s\n", "severity", "rule", "found", "share%", "up_to_ms", "what");
  for (size_t k = 0; k < g.n; k++) {
    const ec_finding_group *G = &g.v[k];
    if (isfinite(G->share_pct)) snprintf(share, sizeof share, "%.2f", G->share_pct);
    else snprintf(share, sizeof share, "-");
    S_ms(gain, sizeof gain, G->gain_ms_max);
    fprintf(out, "%-8s %-26s %5zu %7s %10s  ", ec_lint_sev_name(G->severity), G->rule, G->n, share, gain);
    fputs(G->summary ? G->summary : G->rule, out);
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
      if (isfinite(x->share_pct)) snprintf(share, sizeof share, "%.2f", x->share_pct);
      else snprintf(share, sizeof share, "-");
      S_ms(gain, sizeof gain, x->gain_ms_max);
      fprintf(out, "  - %-7s %7s %8s  ", ec_lint_sev_name(x->severity), share, gain);
      ec_term_put_safe(out, x->message);
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
    fprintf(out, "\nchecked, nothing found (%zu rules):", g.n_quiet);
    for (size_t k = 0; k < g.n_quiet; k++) fprintf(out, "%s %s", k ? "," : "", g.quiet[k]);
    fputc('\n', out);
  }
  ec_finding_groups_free(&g);
}
