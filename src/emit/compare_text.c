/* compare_text — see compare_text.h. */
#include "emit/compare_text.h"
#include "emit/compare_fused.h"
#include "narrate/precision_words.h"
#include "emit/term.h"
#include "narrate/narrate.h"
#include "narrate/verdict.h"
#include "words/words.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

static void S_put(FILE *f, const char *s, size_t n, size_t max) { ec_term_put_text(f, s, n, 0, max); }

/* The name in a column of width w (cut with "..."), padded. */
static void S_put_col(FILE *f, const char *nm, size_t w) { ec_term_put_text(f, nm, strlen(nm), w, w); }

/* pre, text (input text: cut at max characters, made safe), post; then
 * frees text. Nothing when text is NULL. */
static void S_say(FILE *f, const char *pre, char *text, size_t max, const char *post) {
  if (!text) return;
  fputs(pre, f);
  S_put(f, text, strlen(text), max);
  fputs(post, f);
  free(text);
}

/* A time in a column of 10, or the table dash when unknown. */
static void S_ms_col(FILE *f, double ms) {
  if (isfinite(ms)) fprintf(f, "%10" EC_MS_G, ms);
  else fprintf(f, "%9s%s", "", EC_DASH);
}

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
      if (!(x->base_ms > 0) && !(x->ms > 0)) continue; /* no time on either side */
      shown++;
      char fam[64]; /* a family, or a layer type from the inputs */
      snprintf(fam, sizeof fam, "    %-22.22s", x->family);
      S_put(f, fam, strlen(fam), 0);
      /* a side without a profile (or without the family) has no time: a dash, never 0 */
      /* the noun follows the larger count; "layer " keeps the column */
      fprintf(f, " %4zu vs %4zu %s  ", x->n_base, x->n,
              ec_plural(x->n > x->n_base ? x->n : x->n_base, "layer ", "layers"));
      S_ms_col(f, x->base_ms);
      fputs(" -> ", f);
      S_ms_col(f, x->ms);
      fputs(" ms", f);
      if (x->base_ms > 0 && x->ms > 0) fprintf(f, "  " EC_RATIO, x->ms / x->base_ms);
      fputc('\n', f);
    }
  }
}


/* "  LEAD: WHAT: BASE -> OTHER", the two values cut at 60 characters. */
static void S_mismatch(FILE *f, const char *lead, const ec_mismatch *m) {
  fprintf(f, "  %s: ", lead);
  S_put(f, m->what, strlen(m->what), 0); /* "label KEY": a key from the inputs */
  fputs(": ", f);
  S_put(f, m->base, strlen(m->base), 60);
  fputs(" -> ", f);
  S_put(f, m->other, strlen(m->other), 60);
  fputc('\n', f);
}
void ec_print_compare(const ec_comparison *c, FILE *f) {
  const ec_engine *be = c->engines[c->baseline];
  const char *unit = ec_compare_unit(c);
  fprintf(f, "metric    %s: %s, %s (%s is better)\n", ec_metric_name(c->used), ec_metric_label(c->used), unit,
          ec_metric_smaller_better(c->used) ? "smaller" : "bigger");
  char *basis = ec_narrate_basis_detail(c);
  if (basis) {
    fputs("basis     ", f);
    S_put(f, basis, strlen(basis), 2000);
    fputc('\n', f);
    free(basis);
  }
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
  ec_narrate_change_head(c, 0, head, sizeof head);
  fprintf(f, "\n%-32s %14s  %-30s  %s\n", "engine",
          c->per_inference ? c->used == EC_METRIC_THROUGHPUT ? "inferences/s" : "ms/inference" : unit, head, "verdict");
  for (size_t i = 0; i < c->n; i++) {
    const ec_compare_result *r = &c->res[i];
    S_put_col(f, c->engines[i]->name, 32);
    if (isfinite(r->m.value) && c->used == EC_METRIC_THROUGHPUT) fprintf(f, " %14" EC_QPS_G, r->m.value);
    else if (isfinite(r->m.value)) fprintf(f, " %14" EC_MS_G, r->m.value);
    else fprintf(f, " %14s", EC_DASH);
    char est[96];
    if (i == c->baseline) snprintf(est, sizeof est, "-");
    else ec_gate_str(est, sizeof est, &r->est);
    const char *v = r->verdict == EC_VERDICT_FAIL                ? "FAIL"
                    : r->verdict == EC_VERDICT_NO_TIMING       ? "NO TIMING"
                    : r->verdict == EC_VERDICT_INCONCLUSIVE    ? "INCONCLUSIVE"
                    : r->verdict == EC_VERDICT_NOT_COMPARABLE  ? "NOT COMPARABLE"
                                                               : ec_verdict_name(r->verdict);
    fprintf(f, "  %-30s  %s", est, v);
    /* a direction only where an interval supports one */
    const char *dw = ec_change_word(r->change);
    if (dw && (r->verdict == EC_VERDICT_INFO || r->verdict == EC_VERDICT_PASS)) fprintf(f, " (%s)", dw);
    fputc('\n', f);
  }
  for (size_t i = 0; i < c->n; i++) {
    if (i == c->baseline) continue;
    const ec_compare_result *r = &c->res[i];
    const ec_engine *ee = c->engines[i];
    fputc('\n', f);
    S_put(f, ee->name, strlen(ee->name), 80);
    fputs(": ", f);
    S_put(f, r->reason, strlen(r->reason), 0); /* may quote what the inputs say */
    fputc('\n', f);
    fprintf(f, "  source: %s", r->m.source ? r->m.source : "-");
    if (r->m.dist) {
      fputs("; ", f);
      S_put(f, r->m.dist, strlen(r->m.dist), 0);
    }
    fputc('\n', f);
    char within[128];
    if (*ec_gate_within_str(within, sizeof within, &r->est))
      fprintf(f, "  %s; block length %zu\n", within, r->est.block_len);
    if (isfinite(r->est.lo_pct)) {
      fprintf(f, "  interval: %s", r->est.method);
      if (r->est.df) fprintf(f, "; %zu and %zu %s, between-run sd " EC_PCT " (%d %s of freedom)", r->est.runs_base,
                             r->est.runs_cand, ec_plural(r->est.runs_cand, "run",
                                                         "runs"), r->est.between_pct, r->est.df, ec_plural(r->est.df,
                                                         "degree", "degrees"));
      fputc('\n', f);
    }
    /* the precision mix, and what was expected of it, before the layers */
    ec_mix_change mc = ec_mix_change_of(be, ee);
    char *mix = ec_narrate_mix_change(&mc);
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
    for (size_t k = 0; k < r->n_diff; k++) S_mismatch(f, "the engines differ", &r->diff[k]);
    char *uni = ec_compare_uniform_text(c, i);
    if (uni) {
      fprintf(f, "  %s\n", uni);
      free(uni);
    }
    if (!r->aligned) {
      fputs("  layers: ", f);
      S_put(f, r->align_note ? r->align_note : "not aligned", strlen(r->align_note ? r->align_note : "not aligned"), 0);
      fputc('\n', f);
      continue;
    }
    S_say(f, "  aligned: ", ec_compare_alignment_text(c, i), 600, "\n");
    char ba[48], en[48];
    fprintf(f, "  layers: %zu aligned, %zu only in the baseline (%s), %zu only here (%s)", r->al->matched, r->al->only_a,
            ec_fmt_ms_or(ba, sizeof ba, r->only_base_ms), r->al->only_b, ec_fmt_ms_or(en, sizeof en, r->only_engine_ms));
    if (isfinite(c->opts.max_layer_regress_pct)) {
      fprintf(f, "; %zu past the advisory " EC_GIVEN "%% per-layer limit", r->n_flagged, c->opts.max_layer_regress_pct);
      if (isfinite(r->layer_noise_pct)) fprintf(f, " and its own run-to-run noise (median " EC_PCT ")", r->layer_noise_pct);
    }
    fputc('\n', f);
    if (isfinite(c->opts.max_layer_regress_pct) && r->layer_noise_note) {
      fputs("  per-layer rule: ", f);
      S_put(f, r->layer_noise_note, strlen(r->layer_noise_note), 300);
      fputc('\n', f);
    }
    char *moved = ec_compare_moved_text(r);
    if (moved) {
      fputs("  what moved, by layer type: ", f);
      S_put(f, moved, strlen(moved), 400);
      fputc('\n', f);
      free(moved);
    }
    size_t rows = 0;
    for (size_t k = 0; k < r->n_deltas && rows < 5; k++, rows++) {
      const ec_layer_delta *d = &r->deltas[k];
      if (!(d->delta_ms > 0)) break;
      if (!rows) fprintf(f, "  top layer regressions:\n");
      const ec_layer *la = &be->layers[d->a], *lb = &ee->layers[d->b];
      fprintf(f, "    %+10" EC_MS_G " ms %+8" EC_CHANGE_G "%%  ", d->delta_ms, d->delta_pct);
      char ty[64]; /* the layer type as the inputs name it */
      snprintf(ty, sizeof ty, "%-14.14s ", ec_compare_pair_type(la, lb));
      S_put(f, ty, strlen(ty), 0);
      S_put(f, la->name, la->name_len, 70);
      if (d->flagged) fputs("  [advisory]", f);
      S_say(f, "  (", ec_compare_pair_why(la, lb), 300, ")");
      fputc('\n', f);
    }
    ec_print_compare_fused(c, i, f);
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
