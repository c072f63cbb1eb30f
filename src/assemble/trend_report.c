/* Generators of templates/trend.md:
 *   table  data: gates | change-points | moved (one table per change point) |
 *                nights (one per engine; rows: N, default 30)
 *   chart  data: series | type-history (one chart per engine: small multiples)
 *   notes  data: trend (warnings about the trend) */
#include "assemble/trend_report.h"
#include "assemble/html.h"
#include "narrate/narrate.h"
#include "util/alloc.h"
#include "words/words.h"
#include "view/trend_view.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  const ec_trend *t;
  const ec_report_opts *o;
  int seq;
} S_ctx;

static char *S_value(void *ud, const char *name) {
  S_ctx *x = ud;
  const ec_trend *t = x->t;
  char buf[64];
  if (!strcmp(name, "trend.verdict")) return ec_narrate_trend_headline(t);
  if (!strcmp(name, "trend.metric")) return ec_asprintf("%s (%s)", ec_metric_label(t->used), ec_metric_name(t->used));
  if (!strcmp(name, "trend.engines")) return ec_strdup(ec_fmt_count(buf, sizeof buf, t->n, "engine", "engines"));
  if (!strcmp(name, "trend.nights")) return ec_strdup(ec_fmt_count(buf, sizeof buf, t->nights, "night", "nights"));
  if (!strcmp(name, "trend.order"))
    return t->opts.by ? ec_asprintf("by their label %s (compared as %s)", t->opts.by,
                                    !strcmp(t->order, "text") ? "text" : !strcmp(t->order, "date") ? "dates" : "numbers")
                      : ec_strdup("in the order they were given");
  if (!strcmp(name, "trend.gate")) {
    char *rule = ec_trend_gate_rule(t);
    return rule ? rule : ec_strdup(ec_narrate_gate_none());
  }
  if (!strcmp(name, "trend.window")) return ec_asprintf("%d", EC_TREND_WINDOW);
  if (!strcmp(name, "trend.penalty")) return ec_strdup(EC_CP_PENALTY_TEXT);
  if (!strcmp(name, "trend.clip")) return ec_asprintf("%g", EC_CP_CLIP);
  if (!strcmp(name, "trend.confidence")) return ec_asprintf("%g%%", 100 * t->opts.confidence);
  return NULL;
}

/* No change point is a finding, not missing data. */
static ec_block *S_none(void) {
  ec_block *b = ec_block_notes();
  ec_block_note(b, 0, "No engine's level changed: there is no change point.");
  return b;
}

/* One block per engine; several become a group whose members carry their
 * own lead-in sentence. */
static ec_block *S_per_engine(S_ctx *x, const char *data, const ec_kvs *args) {
  const ec_trend *t = x->t;
  if (!t->n) return ec_block_unavailable("no nights were given");
  ec_block *g = t->n > 1 ? ec_block_group() : NULL, *one = NULL;
  for (size_t i = 0; i < t->n; i++) {
    char id[48], tid[48];
    snprintf(id, sizeof id, "t-%s-%zu", data, i);
    snprintf(tid, sizeof tid, "t-%s-%zu-t", data, i);
    const char *why = "no data";
    ec_block *b;
    if (!strcmp(data, "nights")) {
      b = ec_block_table(ec_trend_tbl_nights(t, i, id, ec_kvs_get_count(args, "rows", 30)));
    } else {
      ec_scene *sc = !strcmp(data, "series") ? ec_trend_chart_series(t, i, id, &why) : ec_trend_chart_types(t, i, id, &why);
      b = sc ? ec_block_figure(sc, !strcmp(data, "series") ? ec_trend_tbl_nights(t, i, tid, ec_kvs_get_count(args, "rows", 30)) : NULL,
                               g ? NULL : ec_kvs_get(args, "caption"))
             : ec_block_unavailable(why);
    }
    if (g) {
      /* a chart's title names its engine; a table gets a lead-in */
      free(b->caption);
      b->caption = b->kind == EC_BLOCK_TABLE
                       ? ec_asprintf("%s%s%s%s%s:", t->groups[i].engine, t->groups[i].gpu ? " on " : "",
                                     t->groups[i].gpu ? t->groups[i].gpu : "", t->groups[i].tensorrt ? ", TensorRT " : "",
                                     t->groups[i].tensorrt ? t->groups[i].tensorrt : "")
                       : NULL;
      ec_block_add(g, b);
    } else {
      one = b;
    }
  }
  return g ? g : one;
}

/* What moved at each change point: its layer types and slowest layers. */
static ec_block *S_moved(S_ctx *x, const ec_kvs *args) {
  const ec_trend *t = x->t;
  ec_block *g = ec_block_group();
  size_t n = 0;
  for (size_t i = 0; i < t->n; i++)
    for (size_t k = 0; k < t->groups[i].n_cps; k++) {
      char *line = ec_trend_cp_line(&t->groups[i], &t->groups[i].cps[k]);
      for (int layers = 0; layers < 2; layers++) {
        char id[48];
        snprintf(id, sizeof id, "t-moved-%zu-%zu-%d", i, k, layers);
        ec_table *tb = ec_trend_tbl_moved(t, i, k, layers, id, layers ? ec_kvs_get_count(args, "rows", 10) : 0);
        ec_block *b = tb ? ec_block_table(tb)
                         : ec_block_unavailable(layers ? "the summaries list no slowest layers" : "no night has per-type latencies");
        b->caption = layers ? ec_strdup("Its slowest layers (each summary's top_layers):")
                            : ec_asprintf("%s, change point %s. Layer types:", t->groups[i].engine, line);
        ec_block_add(g, b);
      }
      free(line);
      n++;
    }
  if (!n) {
    ec_block_free(g);
    return S_none();
  }
  return g;
}

static ec_block *S_generate(void *ud, const char *kind, const ec_kvs *args) {
  S_ctx *x = ud;
  const char *data = ec_kvs_get(args, "data");
  if (!data) data = "";
  const char *why = "no data";
  char id[64];
  snprintf(id, sizeof id, "t-t%d", ++x->seq);
  if (!strcmp(kind, "table")) {
    if (!strcmp(data, "gates")) return ec_block_table(ec_trend_tbl_gates(x->t, id));
    if (!strcmp(data, "change-points")) {
      ec_table *tb = ec_trend_tbl_cps(x->t, id, &why);
      return tb ? ec_block_table(tb) : S_none();
    }
    if (!strcmp(data, "moved")) return S_moved(x, args);
    if (!strcmp(data, "nights")) return S_per_engine(x, "nights", args);
    return ec_block_unavailable("the template names an unknown trend table");
  }
  if (!strcmp(kind, "chart")) {
    if (!strcmp(data, "series") || !strcmp(data, "type-history")) return S_per_engine(x, data, args);
    return ec_block_unavailable("the template names an unknown trend chart");
  }
  if (!strcmp(kind, "notes")) {
    /* nothing to say: nothing shown */
    return x->t->diags.n ? ec_block_notes_of(&x->t->diags) : ec_block_group();
  }
  return NULL;
}

static char *S_html(void *ud, const ec_block *b) { return ec_block_html_if(b, ((S_ctx *)ud)->o->want_html); }

int ec_trend_report_build(const ec_trend *t, const ec_report_opts *o, ec_report *out, ec_diags *d) {
  memset(out, 0, sizeof *out);
  if (!t->n) {
    ec_diag_add(d, EC_ERROR, NULL, 0, 0, "the trend has no nights: no report");
    return -1;
  }
  size_t len;
  char *md = ec_template_load(o->template_path, "trend.md", &len, d);
  if (!md) return -1;
  out->parts = ec_calloc(1, sizeof *out->parts);
  out->n = 1;
  ec_report_part *p = &out->parts[0];
  const ec_trend_group *g0 = &t->groups[0];
  p->engine = g0->nights[g0->latest].e;
  p->summary = ec_summarize(p->engine);
  snprintf(p->id, sizeof p->id, "t1");
  S_ctx x = {t, o, 0};
  ec_tmpl_env env = {&x, S_value, S_generate, S_html, "t1", o->template_path ? o->template_path : "templates/trend.md"};
  int rc = ec_template_expand(md, len, &env, &p->doc, d);
  free(md);
  out->title = t->n == 1 ? ec_asprintf("Nightly trend of %s \xE2\x80\x94 enginecard", g0->engine)
                         : ec_asprintf("Nightly trend of %zu engines \xE2\x80\x94 enginecard", t->n);
  out->running = t->n == 1 ? ec_asprintf("Nightly trend of %s", g0->engine) : ec_asprintf("Nightly trend of %zu engines", t->n);
  return rc;
}
