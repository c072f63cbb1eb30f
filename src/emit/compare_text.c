/* compare_text — see compare_text.h. */
#include "emit/compare_text.h"
#include "analyze/precision_mix.h"
#include "emit/term.h"
#include "narrate/narrate.h"
#include "words/words.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

static void S_put(FILE *f, const char *s, size_t n, size_t max) { ec_term_put_text(f, s, n, 0, max); }

/* The name in a column of width w (cut with "..."), padded. */
static void S_put_col(FILE *f, const char *nm, size_t w) { ec_term_put_text(f, nm, strlen(nm), w, w); }

/* The platform comparison: each engine's time over the baseline's, overall
 * and per layer family (every layer, aligned or not); no verdict. */
static void S_platform(const ec_comparison *c, FILE *f) {
  fprintf(f, "\nplatform comparison (time here / baseline's; no verdict):\n");
  for (size_t i = 0; i < c->n; i++) {
    if (i == c->baseline) continue;
    const ec_compare_result *r = &c->res[i];
    fputs("  ", f);
    S_put(f, c->engines[i]->name, strlen(c->engines[i]->name), 80);
    double q = ec_compare_time_ratio(c, i);
    if (isfinite(q)) fprintf(f, ": overall " EC_RATIO " (%s)", q, ec_metric_name(c->used));
    else fprintf(f, ": overall " EC_NA);
    if (r->device_why) {
      fputs("; ", f);
      S_put(f, r->device_why, strlen(r->device_why), 200);
    }
    fputc('\n', f);
    size_t shown = 0;
    for (size_t k = 0; k < r->n_by_family && shown < 8; k++) {
      const ec_family_time *x = &r->by_family[k];
      if (!(x->base_ms > 0) && !(x->ms > 0)) continue;
      shown++;
      fprintf(f, "    %-22.22s %4zu vs %4zu layers  %10" EC_MS_G " -> %10" EC_MS_G " ms", x->family, x->n_base, x->n, x->base_ms, x->ms);
      if (x->base_ms > 0 && x->ms > 0) fprintf(f, "  " EC_RATIO, x->ms / x->base_ms);
      fputc('\n', f);
    }
  }
}


/* "  LEAD: WHAT: BASE -> OTHER", the two values cut at 60 characters. */
static void S_mismatch(FILE *f, const char *lead, const ec_mismatch *m) {
  fprintf(f, "  %s: %s: ", lead, m->what);
  S_put(f, m->base, strlen(m->base), 60);
  fputs(" -> ", f);
  S_put(f, m->other, strlen(m->other), 60);
  fputc('\n', f);
}
void ec_print_compare(const ec_comparison *c, FILE *f) {
  const ec_engine *be = c->engines[c->baseline];
  const char *unit = ec_metric_unit(c->used);
  fprintf(f, "metric    %s: %s, %s (%s is better)\n", ec_metric_name(c->used), ec_metric_label(c->used), unit,
          ec_metric_smaller_better(c->used) ? "smaller" : "bigger");
  fprintf(f, "baseline  ");
  S_put(f, be->name, strlen(be->name), 80);
  fputc('\n', f);
  char *rule = ec_compare_gate_rule(c);
  fprintf(f, "gate      %s\n", rule ? rule : ec_narrate_gate_none());
  free(rule);
  /* --expect-precision: what every candidate must meet, and the baseline's share for reference */
  for (size_t k = 0; k < c->opts.n_expect; k++) {
    ec_expect_result er;
    ec_expect_check(be, &c->opts.expect[k], &er);
    char *line = ec_expect_line(be, &c->opts.expect[k], &er);
    fprintf(f, "expect    %s (each candidate); the baseline: ", c->opts.expect[k].spec);
    ec_term_put_safe(f, line);
    free(line);
    ec_expect_result_free(&er);
  }
  char head[64];
  snprintf(head, sizeof head, "%s [%g%% interval]", c->used == EC_METRIC_THROUGHPUT ? "time per query" : "change",
           100 * c->opts.confidence);
  fprintf(f, "\n%-32s %14s  %-30s  %s\n", "engine", unit, head, "verdict");
  for (size_t i = 0; i < c->n; i++) {
    const ec_compare_result *r = &c->res[i];
    S_put_col(f, c->engines[i]->name, 32);
    if (isfinite(r->m.value) && c->used == EC_METRIC_THROUGHPUT) fprintf(f, " %14.6g", r->m.value);
    else if (isfinite(r->m.value)) fprintf(f, " %14" EC_MS_G, r->m.value);
    else fprintf(f, " %14s", EC_DASH);
    char est[96];
    if (i == c->baseline) snprintf(est, sizeof est, "-");
    else ec_gate_str(est, sizeof est, &r->est);
    const char *v = r->verdict == EC_VERDICT_FAIL                ? "FAIL"
                    : r->verdict == EC_VERDICT_ERROR           ? "ERROR"
                    : r->verdict == EC_VERDICT_INCONCLUSIVE    ? "INCONCLUSIVE"
                    : r->verdict == EC_VERDICT_NOT_COMPARABLE  ? "NOT COMPARABLE"
                                                               : ec_verdict_name(r->verdict);
    fprintf(f, "  %-30s  %s", est, v);
    if (r->verdict == EC_VERDICT_INFO || r->verdict == EC_VERDICT_PASS) fprintf(f, " (%s)", ec_change_name(r->change));
    fputc('\n', f);
  }
  for (size_t i = 0; i < c->n; i++) {
    if (i == c->baseline) continue;
    const ec_compare_result *r = &c->res[i];
    const ec_engine *ee = c->engines[i];
    fputc('\n', f);
    S_put(f, ee->name, strlen(ee->name), 80);
    fprintf(f, ": %s\n", r->reason);
    fprintf(f, "  source: %s", r->m.source ? r->m.source : "-");
    if (r->m.dist) fprintf(f, "; %s", r->m.dist);
    fputc('\n', f);
    char within[96];
    if (*ec_gate_within_str(within, sizeof within, &r->est))
      fprintf(f, "  %s at %g%% (block length %zu; the iterations' own noise only)\n", within, 100 * r->est.confidence,
              r->est.block_len);
    if (isfinite(r->est.lo_pct)) {
      fprintf(f, "  interval: %s", r->est.method);
      if (r->est.df) fprintf(f, "; %zu and %zu runs, between-run sd " EC_PCT " (%d degrees of freedom)", r->est.runs_base,
                             r->est.runs_cand, r->est.between_pct, r->est.df);
      fputc('\n', f);
    }
    /* the precision mix, and what was expected of it, before the layers */
    ec_mix_change mc = ec_mix_change_of(be, ee);
    char *mix = ec_mix_change_text(&mc);
    if (mix) {
      fputs("  precision mix: ", f);
      ec_term_put_safe(f, mix);
      free(mix);
    }
    for (size_t k = 0; k < c->opts.n_expect; k++) {
      ec_expect_result er;
      ec_expect_check(ee, &c->opts.expect[k], &er);
      char *line = ec_expect_line(ee, &c->opts.expect[k], &er);
      fprintf(f, "  expected %s: ", er.known && !er.met ? "FAIL" : er.known ? "ok" : "?");
      ec_term_put_safe(f, line);
      free(line);
      ec_expect_result_free(&er);
    }
    for (size_t k = 0; k < r->n_mism; k++) S_mismatch(f, "not comparable", &r->mism[k]);
    for (size_t k = 0; k < r->n_dflt; k++) S_mismatch(f, "TensorRT 11 default, not an option difference", &r->dflt[k]);
    if (!r->aligned) {
      fprintf(f, "  layers: %s\n", r->align_note ? r->align_note : "not aligned");
      continue;
    }
    char *al = ec_compare_alignment_text(c, i);
    if (al) {
      fputs("  aligned: ", f);
      S_put(f, al, strlen(al), 600);
      fputc('\n', f);
      free(al);
    }
    char ba[48], en[48];
    fprintf(f, "  layers: %zu aligned, %zu only in the baseline (%s), %zu only here (%s)", r->al->matched, r->al->only_a,
            ec_fmt_ms_or(ba, sizeof ba, r->only_base_ms), r->al->only_b, ec_fmt_ms_or(en, sizeof en, r->only_engine_ms));
    if (isfinite(c->opts.max_layer_regress_pct)) {
      fprintf(f, "; %zu past the advisory %g%% per-layer limit", r->n_flagged, c->opts.max_layer_regress_pct);
      if (isfinite(r->layer_noise_pct)) fprintf(f, " and the layer noise (" EC_PCT ")", r->layer_noise_pct);
    }
    fputc('\n', f);
    if (isfinite(c->opts.max_layer_regress_pct) && r->layer_noise_note) {
      fputs("  layer noise: ", f);
      S_put(f, r->layer_noise_note, strlen(r->layer_noise_note), 300);
      fputc('\n', f);
    }
    size_t rows = 0;
    for (size_t k = 0; k < r->n_deltas && rows < 5; k++, rows++) {
      const ec_layer_delta *d = &r->deltas[k];
      if (!(d->delta_ms > 0)) break;
      if (!rows) fprintf(f, "  top layer regressions:\n");
      fprintf(f, "    %+10" EC_MS_G " ms %+8" EC_CHANGE_G "%%  %-14.14s ", d->delta_ms, d->delta_pct, be->layers[d->a].type);
      S_put(f, be->layers[d->a].name, be->layers[d->a].name_len, 70);
      if (d->flagged) fputs("  [advisory]", f);
      fputc('\n', f);
    }
  }
  if (c->platform) S_platform(c, f);
  fputc('\n', f);
  char *outcome = ec_narrate_compare_headline(c);
  fprintf(f, "result: %s\n", outcome);
  free(outcome);
  char *ex = ec_narrate_expect_compare(c);
  if (ex) {
    fputs("expect: ", f);
    ec_term_put_safe(f, ex);
    free(ex);
  }
}
