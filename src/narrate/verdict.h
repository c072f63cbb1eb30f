/* verdict — the words every output puts around a gate's verdict, from one
 * place, so the terminal, JSON, JUnit, Markdown, the GitHub summary, HTML
 * and PDF say the same: a column heading claims a confidence level only when
 * some engine's change has an interval at it (judge/gate.h ec_gate_mode),
 * a direction only where an interval supports one, and a JUnit test names
 * its confidence only when its estimate has one. The sentences themselves
 * (the reason, the gate's rule, the direction) are analyze's
 * (ec_gate_claim_str, ec_compare_gate_rule, ec_compare_direction); these are
 * the short forms tables and test names use. */
#ifndef EC_NARRATE_VERDICT_H
#define EC_NARRATE_VERDICT_H
#include <stddef.h>
#include "judge/compare.h"
#include "judge/trend.h"

/** The change column's heading: "change [99% interval]" when some candidate
 *  of c has an interval at the confidence, else "change" (one run per side:
 *  each cell says it is a threshold); "time per query" for throughput;
 *  capital: first letter upper case. Into buf; returns buf. */
char *ec_narrate_change_head(const ec_comparison *c, int capital, char *buf, size_t cap);
/** trend's gate column heading: "Change vs. the level before" without the
 *  "[99% interval]" only when every judged latest night is a threshold
 *  (a single earlier night); "vs. level before" with shortform. Into buf. */
char *ec_narrate_trend_change_head(const ec_trend *t, int shortform, char *buf, size_t cap);
/** What a JUnit test named after the gate may claim for estimate g: " (at
 *  99% confidence)" with an interval, "" otherwise. Into buf; returns buf. */
char *ec_narrate_test_claim(const ec_gate_est *g, char *buf, size_t cap);
/** A verdict with its direction, for a table cell: "pass", "pass
 *  (slower)", "no gate (faster)", "fail", ...: the direction only where an
 *  interval supports one (ec_change_word); into buf, returns buf. */
char *ec_narrate_verdict_cell(ec_verdict v, ec_change c, char *buf, size_t cap);

#endif
