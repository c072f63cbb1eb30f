/* trend_text — see trend_text.h. */
#include "emit/trend_text.h"
#include "narrate/precision_words.h"
#include "emit/term.h"
#include "narrate/narrate.h"
#include "util/buf.h"
#include "words/words.h"
#include <math.h>
#include <stdlib.h>

/* One line to the terminal, control characters shown as '?'. */
static void S_line(ec_buf *b) {
  ec_term_put_safe(stdout, b->data ? b->data : "");
  b->len = 0;
  if (b->data) b->data[0] = '\0';
}

void ec_print_trend(const ec_trend *t) {
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
    /* nights whose precision mix changed, before the change points */
    ec_trend_flip fl[EC_TREND_FLIPS_SHOWN];
    size_t nf = ec_trend_mix_flips(g, fl, EC_TREND_FLIPS_SHOWN);
    for (size_t k = 0; k < nf && k < EC_TREND_FLIPS_SHOWN; k++) {
      char *l = ec_narrate_mix_flip(g, &fl[k]);
      ec_buf_printf(&b, "  precision mix changed on %s", l);
      free(l);
      S_line(&b);
    }
    if (nf > EC_TREND_FLIPS_SHOWN) {
      ec_buf_printf(&b, "  (%zu more precision %s in the JSON output)", nf - EC_TREND_FLIPS_SHOWN,
                    ec_plural(nf - EC_TREND_FLIPS_SHOWN, "change", "changes"));
      S_line(&b);
    }
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
