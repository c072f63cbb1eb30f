/* Generators and placeholders of templates/trend.md: one table each
 * (S_items, S_values), read by the template driver (ec_tmpl_generate);
 * docs/templates.md lists every name, and the default rows are in
 * view/rows.h:
 *   table  data: gates | change-points | moved (one table per change point) |
 *                nights (one per engine; rows: N)
 *   chart  data: verdict (the banner) | series | type-history (one chart per engine: small multiples)
 *   notes  data: trend (warnings about the trend) */
#include "assemble/trend_report.h"
#include "assemble/compare_report.h"
#include "view/compare_view.h"
#include "narrate/precision_words.h"
#include "assemble/html.h"
#include "narrate/narrate.h"
#include "util/alloc.h"
#include "view/phrase.h"
#include "view/rows.h"
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
  char id[64]; /* the block's table id, "t-t<seq>" */
} S_ctx;

/* ---- placeholders ------------------------------------------------------ */

static char *S_v_verdict(void *ud) { return ec_narrate_trend_headline(((S_ctx *)ud)->t); }

static char *S_v_metric(void *ud) {
  const ec_trend *t = ((S_ctx *)ud)->t;
  return ec_asprintf("%s (%s)", ec_metric_label(t->used), ec_metric_name(t->used));
}

static char *S_v_engines(void *ud) {
  char buf[64];
  return ec_strdup(ec_fmt_count(buf, sizeof buf, ((S_ctx *)ud)->t->n, "engine", "engines"));
}

static char *S_v_nights(void *ud) {
  char buf[64];
  return ec_strdup(ec_fmt_count(buf, sizeof buf, ((S_ctx *)ud)->t->nights, "night", "nights"));
}

static char *S_v_order(void *ud) {
  const ec_trend *t = ((S_ctx *)ud)->t;
  return t->opts.by ? ec_asprintf("by their label %s (compared as %s)", t->opts.by,
                                  !strcmp(t->order, "text") ? "text" : !strcmp(t->order, "date") ? "dates" : "numbers")
                    : ec_strdup("in the order they were given");
}

static char *S_v_gate(void *ud) {
  char *rule = ec_trend_gate_rule(((S_ctx *)ud)->t);
  return rule ? rule : ec_strdup(ec_narrate_gate_none());
}

static char *S_v_window(void *ud) { return ec_asprintf("%d", EC_TREND_WINDOW); }
static char *S_v_penalty(void *ud) { return ec_strdup(EC_CP_PENALTY_TEXT); }
static char *S_v_clip(void *ud) { return ec_asprintf(EC_GIVEN, EC_CP_CLIP); }
static char *S_v_confidence(void *ud) { return ec_asprintf(EC_GIVEN "%%", 100 * ((S_ctx *)ud)->t->opts.confidence); }

/* the nights whose precision mix changed, one sentence each; "" when none */
static char *S_v_precision(void *ud) {
  const ec_trend *t = ((S_ctx *)ud)->t;
  ec_buf b = {0};
  for (size_t gi = 0; gi < t->n; gi++) {
    const ec_trend_group *g = &t->groups[gi];
    ec_trend_flip fl[EC_TREND_FLIPS_SHOWN];
    size_t nf = ec_trend_mix_flips(g, fl, EC_TREND_FLIPS_SHOWN);
    for (size_t k = 0; k < nf && k < EC_TREND_FLIPS_SHOWN; k++) {
      char *l = ec_narrate_mix_flip(g, &fl[k]);
      ec_buf_printf(&b, "%sThe precision mix of %s changed on %s.", b.len ? " " : "", g->engine, l);
      free(l);
    }
  }
  return b.data ? b.data : ec_strdup("");
}

static const ec_tmpl_value S_values[] = {
    {"trend.precision", S_v_precision},
    {"trend.verdict", S_v_verdict}, {"trend.metric", S_v_metric},   {"trend.engines", S_v_engines},
    {"trend.nights", S_v_nights},   {"trend.order", S_v_order},     {"trend.gate", S_v_gate},
    {"trend.window", S_v_window},   {"trend.penalty", S_v_penalty}, {"trend.clip", S_v_clip},
    {"trend.confidence", S_v_confidence},
};

/* ---- generators ------------------------------------------------------- */

/* No change point is a finding, not missing data. */
static ec_block *S_none(void) {
  ec_block *b = ec_block_notes();
  ec_block_note(b, 0, "No engine's level changed: there is no change point.");
  return b;
}

typedef ec_scene *(*S_chart_fn)(const ec_trend *t, size_t i, const char *id, double width, const char **why);

/* One block per engine: the nights table (chart NULL), or the chart with,
 * when the row names one, the nights table under it. Several become a group
 * whose members carry their own lead-in sentence. */
static ec_block *S_per_engine(S_ctx *x, const ec_tmpl_item *it, S_chart_fn chart, const ec_kvs *args) {
  const ec_trend *t = x->t;
  const char *data = it->name;
  if (!t->n) return ec_block_unavailable("no nights were given");
  ec_block *g = t->n > 1 ? ec_block_group() : NULL, *one = NULL;
  for (size_t i = 0; i < t->n; i++) {
    char id[48], tid[48];
    snprintf(id, sizeof id, "t-%s-%zu", data, i);
    snprintf(tid, sizeof tid, "t-%s-%zu-t", data, i);
    const char *why = "no data";
    ec_block *b;
    if (!chart) {
      b = ec_block_table(ec_tv_tbl_nights(t, i, id, ec_tmpl_rows(it, args)));
    } else {
      ec_scene *sc = chart(t, i, id, 0, &why);
      b = sc ? ec_block_figure(sc, it->rows ? ec_tv_tbl_nights(t, i, tid, ec_tmpl_rows(it, args)) : NULL,
                               g ? NULL : ec_kvs_get(args, "caption"))
             : ec_block_unavailable(why);
      if (sc) { /* a phone's drawing, every value in view */
        char nid[56];
        snprintf(nid, sizeof nid, "%sn", id);
        b->narrow = chart(t, i, nid, EC_NARROW_UNITS, &why);
      }
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
static ec_block *S_moved(void *ud, const ec_tmpl_item *it, const char *data, const ec_kvs *args) {
  S_ctx *x = ud;
  const ec_trend *t = x->t;
  ec_block *g = ec_block_group();
  size_t n = 0;
  for (size_t i = 0; i < t->n; i++)
    for (size_t k = 0; k < t->groups[i].n_cps; k++) {
      char *line = ec_trend_cp_line(&t->groups[i], &t->groups[i].cps[k]);
      for (int layers = 0; layers < 2; layers++) {
        char id[48];
        snprintf(id, sizeof id, "t-moved-%zu-%zu-%d", i, k, layers);
        ec_table *tb = ec_tv_tbl_moved(t, i, k, layers, id, layers ? ec_tmpl_rows(it, args) : 0);
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

/* The verdict as a banner, coloured by the outcome like compare's: the page
 * shows text that wraps, the PDF draws the band. */
static ec_block *S_verdict(void *ud, const ec_tmpl_item *it, const char *data, const ec_kvs *args) {
  S_ctx *x = ud;
  char *head = ec_narrate_trend_headline(x->t);
  ec_outcome oc = ec_trend_outcome(x->t);
  ec_block *b = ec_block_figure(ec_cmp_band("t-verdict", head, oc), NULL, NULL);
  ec_buf o = {0};
  ec_buf_puts(&o, "<div class=\"verdict\">");
  ec_report_compare_band_html(&o, head, oc);
  ec_buf_puts(&o, "</div>");
  b->html = ec_buf_take(&o);
  free(head);
  return b;
}

static ec_block *S_gates(void *ud, const ec_tmpl_item *it, const char *data, const ec_kvs *args) {
  S_ctx *x = ud;
  return ec_block_table(ec_tv_tbl_gates(x->t, x->id));
}

static ec_block *S_cps(void *ud, const ec_tmpl_item *it, const char *data, const ec_kvs *args) {
  S_ctx *x = ud;
  const char *why = "no data";
  ec_table *tb = ec_tv_tbl_cps(x->t, x->id, &why);
  return tb ? ec_block_table(tb) : S_none();
}

static ec_block *S_nights(void *ud, const ec_tmpl_item *it, const char *data, const ec_kvs *args) {
  return S_per_engine(ud, it, NULL, args);
}

static ec_block *S_series(void *ud, const ec_tmpl_item *it, const char *data, const ec_kvs *args) {
  return S_per_engine(ud, it, ec_tv_chart_series_w, args);
}

static ec_block *S_types(void *ud, const ec_tmpl_item *it, const char *data, const ec_kvs *args) {
  return S_per_engine(ud, it, ec_tv_chart_types_w, args);
}

/* nothing to say: nothing shown */
static ec_block *S_notes(void *ud, const ec_tmpl_item *it, const char *data, const ec_kvs *args) {
  S_ctx *x = ud;
  return x->t->diags.n ? ec_block_notes_of(&x->t->diags) : ec_block_group();
}

static const ec_tmpl_fence S_fences[] = {
    {"table", "", "the template names an unknown trend table"},
    {"chart", "", "the template names an unknown trend chart"},
    {"notes", "", NULL},
};

static const ec_tmpl_item S_items[] = {
    {"table", "gates", S_gates, 0, "one row per engine: its latest night against the level before it, and the verdict"},
    {"table", "change-points", S_cps, 0, "every change point: first night, change with interval, levels, what moved"},
    {"table", "moved", S_moved, EC_ROWS_TREND_MOVED, "what moved at each change point: its layer types and slowest layers"},
    {"table", "nights", S_nights, EC_ROWS_TREND_NIGHTS, "each engine's nights: value, level, change points and outliers marked"},
    {"chart", "verdict", S_verdict, 0, "the verdict banner, coloured by the outcome as compare's"},
    {"chart", "series", S_series, EC_ROWS_TREND_NIGHTS, "each engine's metric night by night, with its nights table under it"},
    {"chart", "type-history", S_types, 0, "each engine's per-type latency night by night, stacked"},
    {"notes", NULL, S_notes, 0, "warnings about the trend"},
};

/* The trend report's generators and placeholders: the table
 * docs/templates.md lists (tests/unit/test_report.c checks both ways). */
const ec_tmpl_kind ec_report_trend_kind = {"trend", S_fences, sizeof S_fences / sizeof S_fences[0], S_items,
                                    sizeof S_items / sizeof S_items[0], S_values, sizeof S_values / sizeof S_values[0]};

static char *S_value(void *ud, const char *name) { return ec_tmpl_value_of(&ec_report_trend_kind, ud, name); }

/* every block takes the next table id, as it always has */
static ec_block *S_generate(void *ud, const char *kind, const ec_kvs *args) {
  S_ctx *x = ud;
  snprintf(x->id, sizeof x->id, "t-t%d", ++x->seq);
  return ec_tmpl_generate(&ec_report_trend_kind, x, kind, args);
}

static char *S_html(void *ud, const ec_block *b) { return ec_block_html_if(b, ((S_ctx *)ud)->o->want_html); }

int ec_report_trend_build(const ec_trend *t, const ec_report_opts *o, ec_report *out, ec_diags *d) {
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
  S_ctx x = {t, o, 0, ""};
  ec_tmpl_env env = {&x, S_value, S_generate, S_html, "t1", o->template_path ? o->template_path : "templates/trend.md"};
  int rc = ec_template_expand(md, len, &env, &p->doc, d);
  free(md);
  out->title = t->n == 1 ? ec_asprintf("Nightly trend of %s \xE2\x80\x94 enginecard", g0->engine)
                         : ec_asprintf("Nightly trend of %zu %s \xE2\x80\x94 enginecard", t->n,
                                       ec_plural(t->n, "engine", "engines"));
  out->running = t->n == 1 ? ec_asprintf("Nightly trend of %s", g0->engine) : ec_asprintf("Nightly trend of %zu %s",
                                         t->n, ec_plural(t->n, "engine", "engines"));
  return rc;
}
