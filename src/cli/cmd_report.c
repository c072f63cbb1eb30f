/* enginecard report ENGINE... [-o OUT.html] [--pdf OUT.pdf] [--paper a4|letter]
 *                  [--pdf-detail brief|full] [--template F] [--top N] [--max-rows N]
 * The report card: one self-contained HTML page (and a PDF) for one or
 * more engines. Every requested output is written when the engines loaded,
 * whatever their warnings; when an engine has no usable data or an input
 * could not be read (exit 2 or 3), nothing is written. Exit codes follow
 * docs/architecture.md ("Errors"). */
#include "assemble/html.h"
#include "assemble/pdf.h"
#include "assemble/report.h"
#include "cli/cli.h"
#include "util/alloc.h"
#include <stdlib.h>
#include <string.h>

typedef struct {
  const char *out, *pdf, *paper, *template_path, *detail;
  long top, max_rows;
  ec_expect expect[EC_CLI_EXPECT_MAX]; /* --expect-precision */
  size_t n_expect;
} S_opts;

static int S_num(const char *opt, const char *v, long *out) {
  char *end;
  long x = strtol(v, &end, 10);
  if (end == v || *end || x < 0) {
    fprintf(stderr, "enginecard report: %s needs a non-negative number, got \"%s\"\n", opt, v);
    return -1;
  }
  *out = x;
  return 0;
}

static int S_opt(void *ctx, int argc, char **argv, int i) {
  S_opts *o = ctx;
  const char *a = argv[i];
  if (!strcmp(a, "--expect-precision")) {
    if (!ec_cli_need_value(argc, argv, i) || ec_cli_expect("report", argv[i + 1], o->expect, &o->n_expect)) return -1;
    return 2;
  }
  if (!strcmp(a, "-o") || !strcmp(a, "--output") || !strcmp(a, "--pdf") || !strcmp(a, "--paper") ||
      !strcmp(a, "--template") || !strcmp(a, "--top") || !strcmp(a, "--max-rows") || !strcmp(a, "--pdf-detail")) {
    if (!ec_cli_need_value(argc, argv, i)) return -1;
    const char *v = argv[i + 1];
    if (!strcmp(a, "-o") || !strcmp(a, "--output")) o->out = v;
    else if (!strcmp(a, "--pdf")) o->pdf = v;
    else if (!strcmp(a, "--paper")) {
      if (strcmp(v, "a4") && strcmp(v, "letter")) {
        fprintf(stderr, "enginecard report: --paper is a4 or letter, got \"%s\"\n", v);
        return -1;
      }
      o->paper = v;
    } else if (!strcmp(a, "--pdf-detail")) {
      if (strcmp(v, "brief") && strcmp(v, "full")) {
        fprintf(stderr, "enginecard report: --pdf-detail is brief or full, got \"%s\"\n", v);
        return -1;
      }
      o->detail = v;
    } else if (!strcmp(a, "--template")) o->template_path = v;
    else if (!strcmp(a, "--top")) { if (S_num(a, v, &o->top)) return -1; }
    else if (S_num(a, v, &o->max_rows)) return -1;
    return 2;
  }
  return 0;
}

int ec_cmd_report(int argc, char **argv) {
  ec_common c = {0};
  S_opts o = {0};
  o.paper = "a4";
  int rc = ec_cli_parse(argc, argv, 2, &c, S_opt, &o);
  if (rc) {
    ec_common_free(&c); /* the option arrays, on a usage error */
    return rc;
  }
  if (!o.out && !o.pdf) o.out = "report.html";
  size_t n;
  ec_engine **es = ec_cli_load(&c, &n, &rc);
  /* Nothing usable, or an input that could not be read: no page that looks
   * like a report card (--strict alone changes only the exit code). */
  size_t unusable = 0;
  for (size_t i = 0; i < n; i++)
    if (!ec_engine_usable(es[i])) unusable++;
  if (rc == EC_EXIT_USAGE || unusable) {
    fprintf(stderr, "enginecard report: no report written: %s\n",
            unusable ? (n > 1 ? "an engine has no usable data" : "no usable engine data")
                     : "an input could not be read or used");
    for (size_t i = 0; i < n; i++) ec_engine_free(es[i]);
    free(es);
    ec_common_free(&c);
    return rc ? rc : EC_EXIT_NODATA;
  }
  if (c.n_engines == n) ec_load_name_specs(es, c.engines, n); /* the index and bookmarks tell engines apart */
  ec_report_opts ro = {0};
  ro.template_path = o.template_path;
  ro.top_n = (size_t)o.top;
  ro.max_table_rows = (size_t)o.max_rows;
  ro.want_html = o.out != NULL;
  ec_lint_opts lo = ec_lint_opts_default();
  lo.expect = o.expect;
  lo.n_expect = o.n_expect;
  ro.lint = &lo;
  ec_report r;
  ec_diags td = {0};
  ec_pdf_opts po = {0};
  po.letter = !strcmp(o.paper, "letter");
  po.detail = o.detail && !strcmp(o.detail, "full") ? EC_PDF_FULL : EC_PDF_BRIEF;
  int built = ec_report_build(es, n, &ro, &r, &td) == 0;
  ec_cli_out out = {.engines = es, .n_engines = n, .extra = &o.template_path, .n_extra = o.template_path != NULL};
  if (ec_cli_write_report(built ? &r : NULL, o.out, o.pdf, &po, &td, &out) != 0) rc = EC_EXIT_USAGE;
  ec_report_free(&r);
  ec_diags_free(&td);
  for (size_t i = 0; i < n; i++) ec_engine_free(es[i]);
  free(es);
  ec_common_free(&c);
  return rc;
}
