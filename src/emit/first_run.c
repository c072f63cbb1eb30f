/* first_run — see first_run.h. */
#include "emit/first_run.h"
#include "emit/markdown.h"
#include "emit/term.h"
#include "narrate/narrate.h"
#include "util/buf.h"
#include "words/words.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A candidate's value in the metric's unit, or the table dash. */
static const char *S_value(char *buf, size_t cap, const ec_metric_value *v, ec_metric m) {
  if (!isfinite(v->value)) return EC_DASH;
  if (m == EC_METRIC_THROUGHPUT) snprintf(buf, cap, "%" EC_QPS_G, v->value);
  else snprintf(buf, cap, "%" EC_MS_G, v->value);
  return buf;
}

void ec_print_first_run(const ec_first_run *r, FILE *f) {
  const char *unit = ec_metric_unit(r->used);
  fputs("baseline  ", f);
  ec_term_put_text(f, r->base, strlen(r->base), 0, 200);
  fputs(": does not exist (--baseline-missing pass)\n", f);
  fprintf(f, "metric    %s: %s, %s (%s is better)\n", ec_metric_name(r->used), ec_metric_label(r->used), unit,
          ec_metric_smaller_better(r->used) ? "smaller" : "bigger");
  fprintf(f, "\n%-32s %14s  %s\n", "engine", unit, "source");
  for (size_t i = 0; i < r->n; i++) {
    char v[48];
    ec_term_put_text(f, r->engines[i]->name, strlen(r->engines[i]->name), 32, 32);
    fprintf(f, " %14s  %s\n", S_value(v, sizeof v, &r->values[i], r->used), r->values[i].source ? r->values[i].source : "-");
  }
  char *h = ec_narrate_first_run(r->base);
  fputs("\nresult: ", f);
  ec_term_put_safe(f, h);
  free(h);
}

char *ec_markdown_first_run(const ec_first_run *r, const char *marker) {
  ec_buf b = {0};
  if (marker) ec_buf_printf(&b, "%s\n", marker);
  char *h = ec_narrate_first_run(r->base);
  ec_md_heading(&b, "compare", EC_OUTCOME_PASS, h);
  free(h);
  ec_buf_printf(&b, "| engine | %s (%s) | source |\n|---|---:|---|\n", ec_metric_name(r->used), ec_metric_unit(r->used));
  for (size_t i = 0; i < r->n; i++) {
    char v[48];
    ec_buf_puts(&b, "| ");
    ec_md_text(&b, r->engines[i]->name, 80);
    ec_buf_printf(&b, " | %s | %s |\n", S_value(v, sizeof v, &r->values[i], r->used),
                  r->values[i].source ? r->values[i].source : EC_DASH);
  }
  return ec_buf_take(&b);
}

char *ec_junit_first_run(const ec_first_run *r, const char *timestamp) {
  char *h = ec_narrate_first_run(r->base);
  ec_buf b = {0};
  ec_buf_puts(&b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
  ec_buf_printf(&b, "<testsuites name=\"enginecard compare\" tests=\"%zu\" failures=\"0\" errors=\"0\" skipped=\"%zu\" time=\"0\">\n",
                r->n, r->n);
  ec_buf_printf(&b, "  <testsuite name=\"enginecard compare: no baseline yet\" tests=\"%zu\" failures=\"0\" errors=\"0\" "
                    "skipped=\"%zu\" time=\"0\"", r->n, r->n);
  if (timestamp) {
    ec_buf_puts(&b, " timestamp=\"");
    ec_buf_html(&b, timestamp, strlen(timestamp));
    ec_buf_puts(&b, "\"");
  }
  ec_buf_puts(&b, ">\n");
  for (size_t i = 0; i < r->n; i++) {
    const char *nm = r->engines[i]->name;
    ec_buf_puts(&b, "    <testcase classname=\"enginecard.compare\" name=\"");
    ec_buf_html(&b, nm, strlen(nm));
    ec_buf_printf(&b, " %s\" time=\"0\">\n      <skipped message=\"", ec_metric_name(r->used));
    ec_buf_html(&b, h, strlen(h));
    ec_buf_puts(&b, "\"/>\n    </testcase>\n");
  }
  ec_buf_puts(&b, "  </testsuite>\n</testsuites>\n");
  free(h);
  return ec_buf_take(&b);
}
