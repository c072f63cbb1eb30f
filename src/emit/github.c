/* github — see github.h. */
#include "emit/github.h"
#include "narrate/precision_words.h"
#include "emit/markdown.h"
#include "rules/lint.h"
#include "judge/trend.h"
#include "util/alloc.h"
#include "util/map.h"
#include "util/utf8.h"
#include "words/words.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

void ec_gh_escape(ec_buf *b, const char *s, int prop, size_t max) {
  if (!s) return;
  size_t n = strlen(s), cps = 0;
  ec_wfcmd_guard g = EC_WFCMD_INIT;
  for (size_t i = 0, l = 0; i < n; i += l) {
    unsigned cp = ec_utf8_decode((const unsigned char *)s + i, n - i, &l);
    if (max && cps++ >= max) {
      ec_buf_puts(b, "\xE2\x80\xA6");
      return;
    }
    /* no "##[" in the command's line either (util/buf.h) */
    if (ec_wfcmd_step(&g, cp, i + l < n ? (unsigned char)s[i + l] : 0)) ec_buf_puts(b, EC_WFCMD_BREAK);
    if (cp == '%') ec_buf_puts(b, "%25");
    else if (cp == '\r') ec_buf_puts(b, "%0D");
    else if (cp == '\n') ec_buf_puts(b, "%0A");
    else if (prop && cp == ':') ec_buf_puts(b, "%3A");
    else if (prop && cp == ',') ec_buf_puts(b, "%2C");
    else if (ec_utf8_unsafe(cp, l) || cp < 0x20 || cp == 0x7f || cp == 0x2028 || cp == 0x2029)
      ec_buf_puts(b, "\xEF\xBF\xBD");
    else ec_buf_put(b, s + i, l);
  }
}

char *ec_github_summary(const ec_comparison *c, size_t room) {
  if (room < 512) return NULL;
  ec_md_opts o = {0};
  o.max_bytes = room;
  o.fold = 1;
  o.artifact = 1;
  return ec_markdown_compare_ex(c, &o);
}

char *ec_github_annotations(const ec_comparison *c) {
  ec_buf b = {0};
  ec_buf_puts(&b, "");
  size_t shown = 0, more = 0;
  for (size_t i = 0; i < c->n; i++) {
    const ec_compare_result *r = &c->res[i];
    if (r->verdict != EC_VERDICT_FAIL) continue;
    if (shown == EC_GH_MAX_ERRORS) {
      more++;
      continue;
    }
    ec_buf_puts(&b, "::error title=");
    ec_gh_escape(&b, "enginecard compare: ", 1, 0);
    ec_gh_escape(&b, c->engines[i]->name, 1, 80);
    ec_buf_puts(&b, " ");
    ec_gh_escape(&b, ec_verdict_words(r->verdict), 1, 0);
    ec_buf_puts(&b, "::");
    ec_gh_escape(&b, c->engines[i]->name, 0, 200);
    ec_buf_puts(&b, " vs baseline ");
    ec_gh_escape(&b, c->engines[c->baseline]->name, 0, 200);
    ec_buf_printf(&b, " (%s): ", ec_metric_name(c->used));
    /* the reason says the change, its interval and why it failed */
    ec_gh_escape(&b, r->reason, 0, 500);
    ec_buf_puts(&b, "\n");
    shown++;
  }
  /* candidates that miss --expect-precision */
  for (size_t i = 0; i < c->n; i++) {
    if (i == c->baseline) continue;
    for (size_t k = 0; k < c->opts.n_expect; k++) {
      ec_expect_result er;
      ec_expect_check(c->engines[i], &c->opts.expect[k], &er);
      if (er.known && !er.met) {
        if (shown == EC_GH_MAX_ERRORS) {
          more++;
        } else {
          char *line = ec_expect_line(c->engines[i], &c->opts.expect[k], &er);
          ec_buf_puts(&b, "::error title=");
          ec_gh_escape(&b, "enginecard compare: ", 1, 0);
          ec_gh_escape(&b, c->engines[i]->name, 1, 80);
          ec_buf_puts(&b, " precision::");
          ec_gh_escape(&b, c->engines[i]->name, 0, 200);
          ec_buf_puts(&b, ": expected ");
          ec_gh_escape(&b, line, 0, 500);
          ec_buf_puts(&b, "\n");
          free(line);
          shown++;
        }
      }
      ec_expect_result_free(&er);
    }
  }
  if (more) ec_buf_printf(&b, "enginecard: %zu more failed gate%s not annotated (GitHub shows %d per step)\n", more,
                          ec_plural(more, "", "s"), EC_GH_MAX_ERRORS);
  return ec_buf_take(&b);
}

/* "verdict=V" and "change-pct=X" (worst: NAN when no change is known). */
static char *S_outputs(const char *verdict, double worst) {
  ec_buf b = {0};
  ec_buf_printf(&b, "verdict=%s\nchange-pct=", verdict);
  if (isfinite(worst)) ec_buf_printf(&b, "%.2f", worst == 0 ? 0.0 : worst);
  ec_buf_puts(&b, "\n");
  return ec_buf_take(&b);
}

char *ec_github_outputs(const ec_comparison *c, int error) {
  double worst = NAN;
  for (size_t i = 0; i < c->n; i++)
    if (i != c->baseline && isfinite(c->res[i].est.est_pct) && !(c->res[i].est.est_pct <= worst))
      worst = c->res[i].est.est_pct;
  return S_outputs(error ? "error" : ec_outcome_name(ec_compare_outcome(c)), worst);
}

char *ec_github_first_run_outputs(void) {
  char *o = S_outputs("pass", NAN);
  char *r = ec_asprintf("%sbaseline=missing\n", o);
  free(o);
  return r;
}

char *ec_github_trend_outputs(const ec_trend *t, int error) {
  double worst = NAN;
  for (size_t i = 0; i < t->n; i++)
    if (t->groups[i].judged && isfinite(t->groups[i].est.est_pct) && !(t->groups[i].est.est_pct <= worst))
      worst = t->groups[i].est.est_pct;
  return S_outputs(error ? "error" : ec_outcome_name(ec_trend_outcome(t)), worst);
}

char *ec_github_pr_comment(const ec_comparison *c) {
  ec_md_opts o = {0};
  o.max_bytes = EC_GH_PR_MAX_BYTES;
  o.marker = EC_GH_PR_MARKER;
  o.artifact = 1;
  return ec_markdown_compare_ex(c, &o);
}

/* A finding's rank within its rule (0 for the rule's first in f's order). */
typedef struct {
  size_t rank, i;
} S_gh_slot;

static int S_gh_cmp(const void *pa, const void *pb) {
  const S_gh_slot *a = pa, *b = pb;
  if (a->rank != b->rank) return a->rank < b->rank ? -1 : 1;
  return (a->i > b->i) - (a->i < b->i);
}

char *ec_github_lint(const ec_summary *s, const ec_findings *f, const char *path, const size_t *lines) {
  const ec_engine *e = s->engine;
  ec_buf b = {0};
  ec_buf_puts(&b, "");
  /* one annotation per finding, but GitHub shows ten of each kind: every
   * rule's first finding comes before any rule's second, so thirteen of one
   * rule do not hide the others (issue 27: findings read by rule) */
  S_gh_slot *order = ec_malloc((f->n ? f->n : 1) * sizeof *order);
  size_t *first = ec_malloc((f->n ? f->n : 1) * sizeof *first);  /* per finding: its rule's first finding */
  size_t *count = ec_calloc(f->n ? f->n : 1, sizeof *count);     /* per rule's first: findings so far */
  size_t *more_of = ec_calloc(f->n ? f->n : 1, sizeof *more_of); /* per rule's first: not annotated */
  ec_map rules = {0}; /* rule id -> its first finding (one pass: thousands of findings stay linear) */
  for (size_t i = 0; i < f->n; i++) {
    const char *r = f->v[i].rule;
    size_t r0;
    if (!ec_map_get(&rules, r, strlen(r), &r0)) {
      r0 = i;
      ec_map_put(&rules, r, strlen(r), i);
    }
    first[i] = r0;
    order[i] = (S_gh_slot){count[r0]++, i};
  }
  ec_map_free(&rules);
  if (f->n > 1) qsort(order, f->n, sizeof *order, S_gh_cmp);
  size_t shown[3] = {0, 0, 0}, more = 0;
  for (size_t k = 0; k < f->n; k++) {
    const ec_finding *x = &f->v[order[k].i];
    if (x->severity == EC_LINT_INFO) continue;
    if (shown[x->severity] == EC_GH_MAX_ERRORS) {
      more_of[first[order[k].i]]++;
      more++;
      continue;
    }
    shown[x->severity]++;
    ec_buf_printf(&b, "::%s ", x->severity == EC_LINT_ERROR ? "error" : "warning");
    if (path) {
      long at = x->layer >= 0 ? x->layer : x->n_layers ? (long)x->layers[0] : -1;
      size_t line = lines && at >= 0 && (size_t)at < e->n_layers ? lines[at] : 0;
      ec_buf_puts(&b, "file=");
      ec_gh_escape(&b, path, 1, 0);
      ec_buf_printf(&b, ",line=%zu,", line ? line : 1);
    }
    ec_buf_puts(&b, "title=");
    ec_gh_escape(&b, "enginecard lint: ", 1, 0);
    ec_gh_escape(&b, x->rule, 1, 0);
    ec_buf_puts(&b, "::");
    if (x->layer >= 0 && (size_t)x->layer < e->n_layers) {
      char *nm = ec_strndup(e->layers[x->layer].name, e->layers[x->layer].name_len);
      ec_gh_escape(&b, nm, 0, 200);
      ec_buf_puts(&b, ": ");
      free(nm);
    }
    ec_gh_escape(&b, x->message, 0, 1000);
    ec_buf_puts(&b, "\n");
  }
  if (more) {
    ec_buf_printf(&b, "enginecard: %zu more lint finding%s not annotated (GitHub shows %d of each kind per step):", more,
                  ec_plural(more, "", "s"), EC_GH_MAX_ERRORS);
    size_t listed = 0;
    for (size_t i = 0; i < f->n; i++)
      if (more_of[i]) {
        ec_buf_puts(&b, listed++ ? ", " : " ");
        ec_gh_escape(&b, f->v[i].rule, 0, 0);
        ec_buf_printf(&b, " %zu", more_of[i]);
      }
    ec_buf_puts(&b, "; enginecard lint lists them all\n");
  }
  free(order);
  free(first);
  free(count);
  free(more_of);
  return ec_buf_take(&b);
}

char *ec_github_trend_annotations(const ec_trend *t) {
  ec_buf b = {0};
  ec_buf_puts(&b, "");
  size_t shown = 0, more = 0;
  for (size_t i = 0; i < t->n; i++) {
    const ec_trend_group *g = &t->groups[i];
    if (g->verdict != EC_VERDICT_FAIL) continue;
    if (shown == EC_GH_MAX_ERRORS) {
      more++;
      continue;
    }
    shown++;
    ec_buf_puts(&b, "::error title=");
    ec_gh_escape(&b, "enginecard trend: ", 1, 0);
    ec_gh_escape(&b, g->engine, 1, 80);
    ec_buf_puts(&b, " ");
    ec_gh_escape(&b, ec_verdict_words(g->verdict), 1, 0);
    ec_buf_puts(&b, "::");
    ec_gh_escape(&b, g->engine, 0, 200);
    ec_buf_printf(&b, " (%s), latest night ", ec_metric_name(t->used));
    ec_gh_escape(&b, g->latest < g->n ? g->nights[g->latest].name : "", 0, 200);
    ec_buf_puts(&b, ": ");
    ec_gh_escape(&b, g->reason, 0, 500);
    ec_buf_puts(&b, "\n");
  }
  if (more) ec_buf_printf(&b, "enginecard: %zu more failed gate%s not annotated (GitHub shows %d per step)\n", more,
                          ec_plural(more, "", "s"), EC_GH_MAX_ERRORS);
  return ec_buf_take(&b);
}
