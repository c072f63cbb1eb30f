/* verdict — see verdict.h. */
#include "narrate/verdict.h"
#include "words/words.h"
#include <ctype.h>
#include <stdio.h>

char *ec_narrate_change_head(const ec_comparison *c, int capital, char *buf, size_t cap) {
  int any = 0;
  for (size_t i = 0; i < c->n; i++)
    if (i != c->baseline && ec_gate_mode_of(&c->res[i].est) == EC_GATE_MODE_INTERVAL) any = 1;
  const char *what = c->used == EC_METRIC_THROUGHPUT ? "time per query" : "change";
  if (any) snprintf(buf, cap, "%s [" EC_GIVEN "%% interval]", what, 100 * c->opts.confidence);
  else snprintf(buf, cap, "%s", what);
  if (capital && buf[0]) buf[0] = (char)toupper((unsigned char)buf[0]);
  return buf;
}

char *ec_narrate_trend_change_head(const ec_trend *t, int shortform, char *buf, size_t cap) {
  int interval = 0, threshold = 0;
  for (size_t g = 0; g < t->n; g++) {
    ec_gate_mode m = t->groups[g].judged ? ec_gate_mode_of(&t->groups[g].est) : EC_GATE_MODE_NONE;
    interval |= m == EC_GATE_MODE_INTERVAL;
    threshold |= m == EC_GATE_MODE_THRESHOLD;
  }
  const char *what = shortform ? "Change vs. level before" : "Change vs. the level before";
  if (interval || !threshold) snprintf(buf, cap, "%s [" EC_GIVEN "%% interval]", what, 100 * t->opts.confidence);
  else snprintf(buf, cap, "%s", what);
  return buf;
}

char *ec_narrate_test_claim(const ec_gate_est *g, char *buf, size_t cap) {
  if (ec_gate_mode_of(g) == EC_GATE_MODE_INTERVAL) snprintf(buf, cap, " (at " EC_GIVEN "%% confidence)", 100 * g->confidence);
  else if (cap) buf[0] = '\0';
  return buf;
}

char *ec_narrate_verdict_cell(ec_verdict v, ec_change c, char *buf, size_t cap) {
  const char *w = ec_verdict_words(v), *d = ec_change_word(c);
  if (d && (v == EC_VERDICT_PASS || v == EC_VERDICT_INFO)) snprintf(buf, cap, "%s (%s)", w, d);
  else snprintf(buf, cap, "%s", w);
  return buf;
}
