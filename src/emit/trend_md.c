/* trend_md — the trend's Markdown summary for a CI job (see trend_out.h). */
#include "emit/markdown.h"
#include "narrate/precision_words.h"
#include "narrate/narrate.h"
#include "narrate/verdict.h"
#include "emit/trend_out.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "words/words.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define S_NAME_MAX 80
#define S_CPS_SHOWN 10   /* change points listed per engine */
#define S_MOVED_SHOWN 5  /* types and layers listed per change point */


static void S_verdict(ec_buf *b, const ec_trend_group *g) {
  ec_buf_puts(b, g->judged ? ec_md_verdict(g->verdict, g->change, "\xE2\x9A\xA0\xEF\xB8\x8F not comparable") : "not judged");
}

char *ec_markdown_trend(const ec_trend *t) {
  ec_buf b = {0};
  char *head = ec_narrate_trend_headline(t);
  ec_md_heading(&b, "trend", ec_trend_outcome(t), head);
  free(head);
  const char *unit = ec_metric_unit(t->used);
  ec_md_metric(&b, t->used);
  ec_buf_puts(&b, ", ");
  if (t->opts.by) {
    ec_buf_puts(&b, "nights ordered by label **");
    ec_md_text(&b, t->opts.by, S_NAME_MAX);
    ec_buf_printf(&b, "** (%s)", t->order);
  } else {
    ec_buf_puts(&b, "nights in the order given");
  }
  char *rule = ec_trend_gate_rule(t);
  ec_md_gate(&b, rule);
  free(rule);
  char chead[96];
  ec_buf_printf(&b, "| Engine | GPU | Nights | Latest night | %s (%s) | %s | Change points | Verdict |\n",
                ec_metric_name(t->used), unit, ec_narrate_trend_change_head(t, 1, chead, sizeof chead));
  ec_buf_puts(&b, "|:--|:--|--:|:--|--:|--:|--:|:--|\n");
  size_t shown = 0;
  for (size_t gi = 0; gi < t->n; gi++) {
    if (b.len > EC_MD_MAX_BYTES / 2) break;
    const ec_trend_group *g = &t->groups[gi];
    ec_buf_puts(&b, "| ");
    ec_md_text(&b, g->engine, S_NAME_MAX);
    ec_buf_puts(&b, " | ");
    ec_md_text(&b, g->gpu ? g->gpu : "\xE2\x80\x94", 40);
    ec_buf_printf(&b, " | %zu | ", g->n);
    if (g->n) ec_md_text(&b, g->nights[g->latest].name, 40);
    ec_buf_puts(&b, " | ");
    if (g->n && isfinite(g->nights[g->latest].value)) ec_buf_printf(&b, "%" EC_NUM_G, g->nights[g->latest].value);
    else ec_buf_puts(&b, EC_DASH);
    ec_buf_puts(&b, " | ");
    char est[128];
    if (g->judged && g->gate_runs) ec_buf_puts(&b, ec_gate_str(est, sizeof est, &g->est));
    else ec_buf_puts(&b, "\xE2\x80\x94");
    /* the cumulative change, when its reference is not the nights above */
    if (g->ref_judged && (g->ref_first != g->gate_first || g->ref_last != g->gate_last)) {
      ec_buf_printf(&b, "; since night ");
      ec_md_text(&b, g->nights[g->ref_first].name, 40);
      ec_buf_printf(&b, ": %s", ec_gate_str(est, sizeof est, &g->ref_est));
    }
    ec_buf_printf(&b, " | %zu | ", g->n_cps);
    S_verdict(&b, g);
    ec_buf_puts(&b, " |\n");
    shown++;
  }
  ec_md_tail(&b, t->n - shown, &t->diags);
  /* nights whose precision mix changed, before the change points' tables */
  for (size_t gi = 0; gi < t->n; gi++) {
    const ec_trend_group *g = &t->groups[gi];
    ec_trend_flip fl[EC_TREND_FLIPS_SHOWN];
    size_t nf = ec_trend_mix_flips(g, fl, EC_TREND_FLIPS_SHOWN);
    for (size_t k = 0; k < nf && k < EC_TREND_FLIPS_SHOWN; k++) {
      char *l = ec_narrate_mix_flip(g, &fl[k]);
      ec_buf_puts(&b, k ? "- " : "\n**");
      if (!k) {
        ec_md_text(&b, g->engine, S_NAME_MAX);
        ec_buf_puts(&b, "**: precision mix changed\n\n- ");
      }
      ec_md_text(&b, l, 600);
      ec_buf_puts(&b, "\n");
      free(l);
    }
    if (nf > EC_TREND_FLIPS_SHOWN) ec_buf_printf(&b, "- _%zu more in the JSON output._\n", nf - EC_TREND_FLIPS_SHOWN);
  }
  for (size_t gi = 0; gi < t->n; gi++) {
    const ec_trend_group *g = &t->groups[gi];
    if (!g->n_cps) continue;
    if (b.len > EC_MD_MAX_BYTES - (32u << 10)) {
      ec_buf_puts(&b, "\n_Change points of further engines left out (size limit)._\n");
      break;
    }
    ec_buf_puts(&b, "\n**");
    ec_md_text(&b, g->engine, S_NAME_MAX);
    ec_buf_printf(&b, "**: %zu change point%s (night-to-night noise " EC_PCT ")\n\n", g->n_cps, ec_plural(g->n_cps, "", "s"),
                  g->noise_pct);
    ec_buf_puts(&b, "| First night | Change [interval] | Level | What moved |\n|:--|--:|:--|:--|\n");
    size_t first = g->n_cps > S_CPS_SHOWN ? g->n_cps - S_CPS_SHOWN : 0;
    for (size_t k = first; k < g->n_cps; k++) {
      const ec_trend_cp *c = &g->cps[k];
      char est[96];
      ec_buf_puts(&b, "| ");
      ec_md_text(&b, g->nights[c->night].name, 40);
      ec_buf_printf(&b, " | %s | %" EC_NUM_G " \xE2\x86\x92 %" EC_NUM_G " %s | ", ec_gate_str(est, sizeof est, &c->est), c->level_before,
                    c->level_after, unit);
      char d[96];
      size_t shown_m = 0;
      for (size_t j = 0; j < c->n_types && shown_m < S_MOVED_SHOWN; j++) {
        if (!ec_trend_moved_notable(&c->types[j])) continue;
        if (shown_m++) ec_buf_puts(&b, "; ");
        ec_md_text(&b, c->types[j].name, 40);
        ec_buf_printf(&b, " %s", ec_trend_moved_str(d, sizeof d, &c->types[j]));
      }
      if (c->n_layers) {
        ec_buf_puts(&b, shown_m ? "; slowest layers: " : "slowest layers: ");
        for (size_t j = 0; j < c->n_layers && j < 3; j++) {
          if (j) ec_buf_puts(&b, ", ");
          ec_md_text(&b, c->layers[j].name, 60);
          ec_buf_printf(&b, " %s", ec_trend_moved_str(d, sizeof d, &c->layers[j]));
        }
      }
      for (size_t j = 0; j < c->n_facts && j < 3; j++) {
        ec_buf_puts(&b, "; ");
        ec_md_text(&b, c->facts[j].what, 60);
        ec_buf_puts(&b, ": ");
        ec_md_text(&b, c->facts[j].base, 40);
        ec_buf_puts(&b, " \xE2\x86\x92 ");
        ec_md_text(&b, c->facts[j].other, 40);
      }
      ec_buf_puts(&b, " |\n");
    }
    if (first) ec_buf_printf(&b, "\n_%zu earlier change point(s) are in the JSON output._\n", first);
  }
  return ec_buf_take(&b);
}
