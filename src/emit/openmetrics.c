/* openmetrics — see openmetrics.h. */
#include "emit/openmetrics.h"
#include "emit/benchjson.h"
#include "util/alloc.h"
#include "util/utf8.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void ec_om_label(ec_buf *b, const char *s) {
  if (!s) return;
  size_t n = strlen(s);
  for (size_t i = 0, l = 0; i < n; i += l) {
    unsigned cp = ec_utf8_decode((const unsigned char *)s + i, n - i, &l);
    if (cp == '\\') ec_buf_puts(b, "\\\\");
    else if (cp == '"') ec_buf_puts(b, "\\\"");
    else if (cp == '\n') ec_buf_puts(b, "\\n");
    else if (ec_utf8_unsafe(cp, l) || cp < 0x20 || cp == 0x7f) ec_buf_puts(b, "\xEF\xBF\xBD");
    else ec_buf_put(b, s + i, l);
  }
}

/* x with dec fixed decimals; a value that rounds to zero is "0.000..." */
static void S_num(ec_buf *b, double x, int dec) {
  char t[64];
  snprintf(t, sizeof t, "%.*f", dec, x);
  const char *p = t;
  if (*p == '-' && strspn(p + 1, "0.") == strlen(p + 1)) p++;
  ec_buf_puts(b, p);
}

static void S_family(ec_buf *b, const char *name, const char *unit, const char *help) {
  ec_buf_printf(b, "# TYPE %s gauge\n", name);
  if (unit) ec_buf_printf(b, "# UNIT %s %s\n", name, unit);
  ec_buf_printf(b, "# HELP %s %s\n", name, help);
}

static void S_sample(ec_buf *b, const char *name, const char *engine, const char *stat, double x, int dec) {
  ec_buf_printf(b, "%s{engine=\"", name);
  ec_om_label(b, engine);
  ec_buf_puts(b, "\"");
  if (stat) {
    ec_buf_puts(b, ",statistic=\"");
    ec_om_label(b, stat);
    ec_buf_puts(b, "\"");
  }
  ec_buf_puts(b, "} ");
  S_num(b, x, dec);
  ec_buf_puts(b, "\n");
}

char *ec_openmetrics_compare(const ec_comparison *c) {
  ec_buf b = {0};
  ec_bench_values *v = ec_calloc(c->n ? c->n : 1, sizeof *v);
  for (size_t i = 0; i < c->n; i++) ec_bench_values_of(c, i, &v[i]);
  S_family(&b, "enginecard_latency_seconds", "seconds",
           "Time statistic of each engine (label statistic: gpu-median, gpu-mean, gpu-p99, layer-sum, ...).");
  for (size_t i = 0; i < c->n; i++)
    if (isfinite(v[i].latency_ms))
      S_sample(&b, "enginecard_latency_seconds", c->engines[i]->name, v[i].latency_stat, v[i].latency_ms / 1000, 9);
  S_family(&b, "enginecard_throughput_queries_per_second", "queries_per_second", "Throughput of each engine.");
  for (size_t i = 0; i < c->n; i++)
    if (isfinite(v[i].qps)) S_sample(&b, "enginecard_throughput_queries_per_second", c->engines[i]->name, NULL, v[i].qps, 3);
  static const char *const fam[3] = {"enginecard_change_ratio", "enginecard_change_lower_ratio",
                                     "enginecard_change_upper_ratio"};
  static const char *const help[3] = {
      "Estimated slowdown of each candidate against the baseline (0.05: 5% slower).",
      "Lower end of the slowdown's interval (only with an interval: repeated runs or --run-noise).",
      "Upper end of the slowdown's interval (only with an interval: repeated runs or --run-noise)."};
  for (int k = 0; k < 3; k++) {
    S_family(&b, fam[k], "ratio", help[k]);
    for (size_t i = 0; i < c->n; i++) {
      if (i == c->baseline) continue;
      const ec_gate_est *g = &c->res[i].est;
      double x = k == 0 ? g->est_pct : k == 1 ? g->lo_pct : g->hi_pct;
      if (isfinite(x)) S_sample(&b, fam[k], c->engines[i]->name, NULL, x / 100, 6);
    }
  }
  S_family(&b, "enginecard_gate_failed", NULL, "1 when the candidate failed the --max-regress gate, else 0.");
  for (size_t i = 0; i < c->n; i++) {
    ec_verdict vd = c->res[i].verdict;
    if (i == c->baseline || vd == EC_VERDICT_INFO || vd == EC_VERDICT_BASELINE) continue;
    S_sample(&b, "enginecard_gate_failed", c->engines[i]->name, NULL, vd == EC_VERDICT_FAIL, 0);
  }
  free(v);
  ec_buf_puts(&b, "# EOF\n");
  return ec_buf_take(&b);
}
