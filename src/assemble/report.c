/* report — placeholders, generators and the page around them.
 *
 * Generators (info string of a fenced block in the template, body "data:
 * NAME" and optional "rows: N", "caption: text", "brief-rows: N"):
 *   chart  data: a chart of the registry (view/report_items.h), with the
 *          table that carries its numbers under it
 *   table  data: a table of the registry
 *   notes  data: warnings (everything said while loading the engine)
 *   lint   data: findings (assemble/gen_lint.h) */
#include "assemble/report.h"
#include "words/words.h"
#include "assemble/gen_lint.h"
#include "assemble/gen_graph.h"
#include "assemble/html.h"
#include "render/html_table.h"
#include "util/alloc.h"
#include "rules/lint.h"
#include "view/engine_charts.h"
#include "view/engine_tables.h"
#include "view/headline.h"
#include "view/kernel_tables.h"
#include "view/report_items.h"
#include "view/rows.h"
#include "view/phrase.h"
#include <cmark.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  const ec_report_part *part;
  const ec_report_opts *o;
  int seq; /* ids of generated tables */
  ec_gen_graph_opts graph_opts;
  ec_gen_graph_job *graph_job; /* started before expansion, collected by the graph block */
  const char *na_prev;  /* the reason of the block just shown when it was "not available", else NULL */
  const char *na_seen[32]; /* reasons already given in this part */
  size_t n_na_seen;
  ec_findings findings;    /* the engine's lint findings, once (S_findings) */
  int have_findings;
} S_ctx;

/* The part's lint findings, computed on first use and shared by every block
 * that shows them (the first screen's "try first", the lint table). The
 * template is expanded in one thread, so no lock. */
static const ec_findings *S_findings(S_ctx *c) {
  if (!c->have_findings) {
    ec_lint(c->part->engine, c->part->summary, c->o->lint, &c->findings);
    c->have_findings = 1;
  }
  return &c->findings;
}

/* ---- placeholders ------------------------------------------------------ */

/* Each placeholder's function reads the part's engine and summary. */
#define S_PART                                  \
  const S_ctx *c = ud;                          \
  const ec_engine *e = c->part->engine;         \
  const ec_summary *s = c->part->summary;       \
  char buf[64];                                 \
  (void)e, (void)s, (void)buf

static char *S_v_name(void *ud) {
  S_PART;
  return ec_strdup(e->name);
}

static char *S_v_device(void *ud) {
  S_PART;
  return ec_strdup(e->device.present && e->device.name ? e->device.name : "unknown device");
}

static char *S_v_tensorrt(void *ud) {
  S_PART;
  return ec_strdup(e->trt_version ? e->trt_version : "(version not recorded)");
}

static char *S_v_layers(void *ud) {
  S_PART;
  long long nl = ec_summary_layer_count(s);
  return ec_strdup(nl >= 0 ? ec_fmt_int(buf, sizeof buf, (double)nl) : EC_NA);
}

static char *S_v_latency_total(void *ud) {
  S_PART;
  return ec_strdup(s->has_latency ? ec_fmt_ms(buf, sizeof buf, s->total_ms) : EC_NA);
}

static char *S_v_reformat_share(void *ud) {
  S_PART;
  return ec_strdup(s->has_latency ? ec_fmt_pct(buf, sizeof buf, s->reformat_share_pct) : EC_NA);
}

static char *S_v_reformat_count(void *ud) {
  S_PART;
  return ec_strdup(ec_fmt_int(buf, sizeof buf, (double)s->reformat_count));
}

/* unknown, not 0, when no layer's source describes them; a total known
 * in part is not the engine's (view/phrase.h ec_phrase_bytes_total) */
static char *S_v_weights(void *ud) {
  S_PART;
  ec_buf b = {0};
  ec_phrase_weights(&b, s, NULL, "no layer's weights are described");
  return ec_buf_take(&b);
}

static char *S_v_activations(void *ud) {
  S_PART;
  ec_buf b = {0};
  ec_phrase_bytes_total(&b, s->activations_bytes, NULL, s->nums.io_known, s->nums.n,
                     "no layer's tensors have a known size", NULL);
  return ec_buf_take(&b);
}

static char *S_v_timing_count(void *ud) {
  S_PART;
  return ec_strdup(s->has_timing ? ec_fmt_int(buf, sizeof buf, (double)s->timing.count) : EC_NA);
}

static char *S_v_timing_median(void *ud) {
  S_PART;
  return ec_strdup(s->has_timing ? ec_fmt_ms(buf, sizeof buf, s->timing.median) : EC_NA);
}

static char *S_v_timing_p99(void *ud) {
  S_PART;
  return ec_strdup(s->has_timing ? ec_fmt_ms(buf, sizeof buf, s->timing.p99) : EC_NA);
}

static char *S_v_profile_iterations(void *ud) {
  S_PART;
  return ec_strdup(e->has_profile && e->profile_count > 0 ? ec_fmt_int(buf, sizeof buf, (double)e->profile_count) : EC_NA);
}

/* whole sentences for values that may be missing, so the text reads either way */
static char *S_v_latency_intro(void *ud) {
  S_PART;
  char from_name[400] = "";
  if (s->types_from_name)
    snprintf(from_name, sizeof from_name,
             " %s: %zu of the %zu %s get a type family from their names (Conv is a Convolution, MatMul a "
             "MatrixMultiply, a Myelin kernel goes by its ops), marked \"(from name)\". It is a best guess: "
             "summary --json and TREx still count these layers as Unknown.",
             e->has_graph ? "The layer information names the layers only" : "Only the profile names the layers",
             s->types_from_name, s->layers, ec_plural(s->layers, "layer", "layers"));
  if (!s->has_latency)
    return ec_asprintf("There is no per-layer profile (trtexec --exportProfile), so the charts below that need "
                       "latencies say so; layer counts are still shown.%s", from_name);
  char ms[32], it[48], cmp[400];
  if (e->profile_count > 0)
    snprintf(it, sizeof it, " (%s)", ec_fmt_count(buf, sizeof buf, (size_t)e->profile_count, "iteration", "iterations"));
  else it[0] = '\0';
  /* "larger than the end-to-end time" only when there is one */
  ec_e2e t = ec_summary_e2e(s);
  if (t.known && isfinite(t.median_ms)) {
    char med[32];
    snprintf(cmp, sizeof cmp,
             " The engine's end-to-end %s median is %s ms (%s)%s: trtexec times each layer separately, with "
             "synchronisation between layers. The Timings section has the end-to-end numbers.",
             t.what, ec_fmt_ms(med, sizeof med, t.median_ms), t.source,
             s->total_ms > t.median_ms ? ", less than the sum" : "");
  } else {
    snprintf(cmp, sizeof cmp, " No end-to-end time was given (timing.json, metadata or a trtexec log) to compare "
                              "the sum with.");
  }
  return ec_asprintf("Per-layer latencies come from trtexec's profiling run%s; they add up to %s ms.%s%s", it,
                     ec_fmt_ms(ms, sizeof ms, s->total_ms), cmp, from_name);
}

static char *S_v_reformat_intro(void *ud) {
  S_PART;
  if (!s->reformat_count) return ec_strdup("The engine has no Reformat layers.");
  char cnt[48];
  ec_fmt_count(cnt, sizeof cnt, s->reformat_count, "Reformat layer", "Reformat layers");
  if (!s->has_latency)
    return ec_asprintf("The engine has %s; without a profile %s latency is unknown.", cnt,
                       ec_plural(s->reformat_count, "its", "their"));
  return ec_asprintf("%s take%s %s%% of the latency.", cnt, ec_plural(s->reformat_count, "s", ""),
                     ec_fmt_pct(buf, sizeof buf, s->reformat_share_pct));
}

static char *S_v_timing_intro(void *ud) {
  S_PART;
  if (!s->has_timing) return ec_strdup("none were given, so this section has no per-iteration data.");
  char med[32], p99[32];
  return ec_asprintf("%s; median %s ms, p99 %s ms.", ec_fmt_count(buf, sizeof buf, s->timing.count, "iteration", "iterations"),
                     ec_fmt_ms(med, sizeof med, s->timing.median), ec_fmt_ms(p99, sizeof p99, s->timing.p99));
}

static char *S_v_kernels_intro(void *ud) {
  S_PART;
  (void)s;
  (void)buf;
  char *line = ec_ktab_attributed_line(e, 1);
  return line ? line : ec_strdup("No kernel data was given.");
}

static char *S_v_warnings_count(void *ud) {
  S_PART;
  return ec_strdup(ec_fmt_int(buf, sizeof buf, (double)ec_diags_count(&e->diags, EC_WARN)));
}
#undef S_PART

static const ec_tmpl_value S_values[] = {
    {"engine.name", S_v_name},
    {"engine.device", S_v_device},
    {"engine.tensorrt", S_v_tensorrt},
    {"engine.layers", S_v_layers},
    {"latency.total", S_v_latency_total},
    {"reformat.share", S_v_reformat_share},
    {"reformat.count", S_v_reformat_count},
    {"weights", S_v_weights},
    {"activations", S_v_activations},
    {"timing.count", S_v_timing_count},
    {"timing.median", S_v_timing_median},
    {"timing.p99", S_v_timing_p99},
    {"profile.iterations", S_v_profile_iterations},
    {"latency.intro", S_v_latency_intro},
    {"reformat.intro", S_v_reformat_intro},
    {"timing.intro", S_v_timing_intro},
    {"warnings.count", S_v_warnings_count},
    {"kernels.intro", S_v_kernels_intro},
};

/* ---- generators -------------------------------------------------------- */

/* Rows an item shows: report --top N for the slowest-layer items, else the
 * template's "rows:", else the registry's default. */
static size_t S_item_rows(const S_ctx *c, const ec_item *it, const ec_kvs *a) {
  return ec_item_rows(it, ec_kvs_get_count(a, "rows", 0), c->o->top_n);
}

static ec_table *S_item_table(S_ctx *c, const ec_item *it, size_t rows) {
  char id[64];
  if (!strcmp(it->name, "layers")) snprintf(id, sizeof id, "%s-layers", c->part->id);
  else snprintf(id, sizeof id, "%s-t%d", c->part->id, ++c->seq);
  ec_item_args args = {id, c->part->id, rows, 0};
  if (!strcmp(it->name, "layers")) args.rows = c->o->max_table_rows;
  return it->table(c->part->summary, &args);
}

/* A chart or table of the registry (view/report_items.h): not available with
 * the registry's reason, a sentence when a chart would show one category, a
 * figure with its data table under it, or the table. */
static ec_block *S_gen_item(S_ctx *c, int chart, const char *data, const ec_kvs *a) {
  const ec_summary *s = c->part->summary;
  const ec_item *it = ec_item_find(data);
  if (!it || (chart != (it->kind == EC_ITEM_CHART)))
    return ec_block_unavailable(chart ? "the template names an unknown chart" : "the template names an unknown table");
  const char *why = it->missing ? it->missing(s) : NULL;
  size_t rows = S_item_rows(c, it, a);
  const ec_item *dt = it->kind == EC_ITEM_CHART && it->data ? ec_item_find(it->data) : NULL;
  if (dt && dt->missing && dt->missing(s)) dt = NULL;
  if (why && dt) {
    /* the chart cannot be drawn but its numbers exist (the efficiency table
     * without a device to draw ceilings): say why, and show the numbers */
    ec_block *g = ec_block_group();
    ec_block_add(g, ec_block_unavailable(why));
    ec_table *t = S_item_table(c, dt, dt->rows ? rows : 0);
    if (t) ec_block_add(g, ec_block_table(t));
    return g;
  }
  if (why) {
    ec_block *u = ec_block_unavailable(why);
    const char *miss = ec_kvs_get(a, "missing");
    u->drop_section = miss && !strcmp(miss, "hide");
    return u;
  }
  ec_block *b = NULL;
  if (it->kind == EC_ITEM_CHART) {
    char *one = it->single ? it->single(s) : NULL;
    if (one) {
      b = ec_block_text(one, NULL);
      free(one);
      return b;
    }
    ec_engine_chart_opts co = {0};
    co.id_base = c->part->id;
    co.width = it->width;
    co.top_n = rows;
    ec_scene *sc = it->chart(c->part->engine, s, &co);
    if (!sc) return ec_block_unavailable("its data is missing");
    /* the numbers, once, under the chart: the same rows as the chart's layers */
    ec_table *t = dt ? S_item_table(c, dt, dt->rows ? rows : 0) : NULL;
    b = ec_block_figure(sc, t, ec_kvs_get(a, "caption"));
    const char *bt = ec_kvs_get(a, "brief-table");
    b->brief_no_table = bt && !strcmp(bt, "no");
    /* on a phone the chart is drawn for its width, every value in view */
    char nid[48];
    snprintf(nid, sizeof nid, "%sn", c->part->id);
    co.id_base = nid;
    co.anchor_base = c->part->id;
    co.width = EC_NARROW_UNITS;
    b->narrow = it->chart(c->part->engine, s, &co);
    if (it->pdf_own) { /* the PDF's drawing, at its column's width */
      snprintf(nid, sizeof nid, "%sp", c->part->id);
      co.width = EC_PDF_UNITS;
      co.pdf_column = 1;
      b->pdf = it->chart(c->part->engine, s, &co);
    }
  } else if (it->kind == EC_ITEM_TABLES) {
    char id[64], **leads = NULL;
    size_t n = 0;
    snprintf(id, sizeof id, "%s-t%d", c->part->id, ++c->seq);
    ec_item_args args = {id, c->part->id, rows, 0};
    ec_table **v = it->tables(s, &args, &leads, &n);
    b = ec_block_group();
    for (size_t i = 0; i < n; i++) {
      ec_block *x = ec_block_table(v[i]);
      x->caption = leads[i];
      x->brief_rows = ec_kvs_get_count(a, "brief-rows", 0);
      ec_block_add(b, x);
    }
    free(v);
    free(leads);
    return b;
  } else {
    ec_table *t = S_item_table(c, it, rows);
    if (!t) return ec_block_unavailable("its data is missing");
    b = ec_block_table(t);
    const char *col = ec_kvs_get(a, "collapsed");
    if (col && !strcmp(col, "yes")) b->collapsed = 1;
  }
  b->brief_rows = ec_kvs_get_count(a, "brief-rows", 0);
  return b;
}

/* Everything said while loading the engine: a sentence when nothing was, else
 * the list (anchor "<part>-warnings", which the first screen links to); then
 * the facts two files give differently, with the value kept
 * (load/sources.c). */
static ec_block *S_gen_notes(void *ud, const ec_tmpl_item *it, const char *data, const ec_kvs *a) {
  S_ctx *c = ud;
  const ec_engine *e = c->part->engine;
  size_t n = ec_diags_count(&e->diags, EC_WARN);
  const ec_diags *sn = &e->source_notes;
  if (!n && !sn->n) return ec_block_text("No warnings were raised while reading this engine's files.", NULL);
  ec_block *g = ec_block_group();
  char cnt[64];
  if (n) {
    ec_fmt_count(cnt, sizeof cnt, n, "warning was", "warnings were");
    char *lead = ec_asprintf("%s raised while reading this engine's files:", cnt);
    ec_block_add(g, ec_block_text(lead, NULL));
    free(lead);
    ec_block *b = ec_block_notes();
    b->id = ec_asprintf("%s-warnings", c->part->id);
    b->brief_rows = ec_kvs_get_count(a, "brief-rows", 0);
    for (size_t i = 0; i < e->diags.n; i++) {
      if (e->diags.v[i].sev < EC_WARN) continue;
      char *m = ec_diag_format(&e->diags.v[i]);
      ec_block_note(b, e->diags.v[i].sev == EC_ERROR ? 2 : 1, m);
      free(m);
    }
    ec_block_add(g, b);
  } else {
    ec_block_add(g, ec_block_text("No warnings were raised while reading this engine's files.", NULL));
  }
  if (sn->n) {
    ec_fmt_count(cnt, sizeof cnt, sn->n, "fact", "facts");
    char *lead = ec_asprintf("%s %s between this engine's files; the value read first is kept (a value cut "
                             "short gives way to the fuller one):", cnt, ec_plural(sn->n, "differs", "differ"));
    ec_block_add(g, ec_block_text(lead, NULL));
    free(lead);
    ec_block *b = ec_block_notes();
    b->id = ec_asprintf("%s-sources", c->part->id);
    b->brief_rows = ec_kvs_get_count(a, "brief-rows", 0);
    for (size_t i = 0; i < sn->n; i++) {
      char *m = ec_diag_format(&sn->v[i]);
      ec_block_note(b, 0, m);
      free(m);
    }
    ec_block_add(g, b);
  }
  return g;
}


/* Under the slowest layers, with kernel data: each fused one among them
 * opens into its kernels (HTML: a fold whose summary is its time per op
 * group; the PDF prints that line), then how much kernel time matched a
 * layer. Nothing without kernel data. */
static void S_first_kernels(S_ctx *c, ec_block *g, size_t top) {
  const ec_summary *s = c->part->summary;
  const ec_engine *e = c->part->engine;
  if (!e->kernels) return;
  size_t k = s->layers < top ? s->layers : top;
  for (size_t i = 0; i < k; i++) {
    const ec_layer *l = &e->layers[s->order[i]];
    char *line = ec_ktab_groups_line(l, EC_ROWS_FIRST_KERNEL_GROUPS);
    if (!line) continue;
    char tid[64], cnt[48];
    snprintf(tid, sizeof tid, "%s-fk%zu", c->part->id, i + 1);
    ec_table *t = ec_tbl_layer_kernels(l, tid);
    ec_block *b = ec_block_table(t);
    b->fold_caption = 1;
    b->caption = ec_asprintf("#%zu %s, inside (%s): %s", i + 1, l->name,
                             ec_fmt_count(cnt, sizeof cnt, l->kern->n, "kernel", "kernels"), line);
    free(line);
    ec_block_add(g, b);
  }
  char *att = ec_ktab_attributed_line(e, 0);
  if (att) {
    char *m = ec_asprintf("Kernels: %s", att);
    ec_block_add(g, ec_block_text(m, NULL));
    free(m);
    free(att);
  }
}

/* The first screen (and page 1 of the PDF): who ran what, the precision mix,
 * the headline figures, the five slowest layers with their share, the top
 * findings, and the warning count linking to the warnings. */
static ec_block *S_gen_first_screen(void *ud, const ec_tmpl_item *it, const char *data, const ec_kvs *args) {
  S_ctx *c = ud;
  const ec_summary *s = c->part->summary;
  const ec_engine *e = c->part->engine;
  ec_block *g = ec_block_group();
  g->role = EC_ROLE_FIRST_SCREEN;
  char *id = ec_headline_identity(s);
  /* "generated, not measured" is a badge, not a clause of the sentence */
  static const char gen[] = " \xC2\xB7 generated, not measured (see Provenance under Engine)";
  char *cut = strstr(id, gen);
  if (cut) *cut = '\0';
  ec_block *idb = ec_block_text(id, NULL);
  if (cut) idb->badge = ec_strdup("generated, not measured"); /* the Provenance row under Engine says by what */
  ec_block_add(g, idb);
  free(id);
  ec_kvs none = {0};
  if (s->layers) {
    ec_block *mix = S_gen_item(c, 1, "precision-strip", &none);
    if (mix->kind == EC_BLOCK_FIGURE) {
      free(mix->caption);
      mix->caption = ec_strdup(s->has_latency ? "Precision mix: share of the latency by the precision of each layer's input"
                                              : "Precision mix: share of the layers by the precision of their input");
      /* on a phone the strip is drawn for its width (S_gen_item): every precision shows */
    }
    ec_block_add(g, mix);
  }
  ec_headline h;
  ec_headline_make(s, c->part->engine->n_layers ? S_findings(c) : NULL, &h);
  ec_block *tiles = ec_block_tiles();
  for (int k = 0; k < EC_HL_N; k++) {
    char link[64];
    snprintf(link, sizeof link, "#%s-lint", c->part->id);
    ec_block_tile(tiles, h.fig[k].label, h.fig[k].value, h.fig[k].detail,
                  k == EC_HL_FINDINGS && e->n_layers ? link : NULL);
  }
  ec_headline_free(&h);
  ec_block_add(g, tiles);
  /* problems reading the files: a line under the tiles, linking to the list */
  size_t nw = ec_diags_count(&e->diags, EC_WARN);
  if (nw) {
    char cnt[48], link[64];
    snprintf(link, sizeof link, "#%s-warnings", c->part->id);
    char *m = ec_asprintf("%s raised while loading this engine's files: see the list.",
                          ec_fmt_count(cnt, sizeof cnt, nw, "warning was", "warnings were"));
    ec_block_add(g, ec_block_text(m, link));
    free(m);
  }
  /* the five slowest (fewer when report --top asks for fewer) */
  size_t top = ec_top_rows(c->o->top_n);
  if (top > EC_ROWS_FIRST_SLOWEST) top = EC_ROWS_FIRST_SLOWEST;
  if (s->has_latency && s->layers) {
    char tid[64];
    snprintf(tid, sizeof tid, "%s-slowest", c->part->id);
    ec_table *t = ec_tbl_top_layers(s, tid, top);
    ec_block *b = ec_block_table(t);
    char nt[32], nl[32];
    b->caption = s->layers <= top ? ec_asprintf("The layers, slowest first, with their share of the latency:")
                                  : ec_asprintf("The %s slowest of %s layers, with their share of the latency:",
                                                top == 5 ? "five" : ec_fmt_int(nt, sizeof nt, (double)top),
                                                ec_fmt_int(nl, sizeof nl, (double)s->layers));
    ec_block_add(g, b);
    S_first_kernels(c, g, top);
  } else {
    char tid[64];
    snprintf(tid, sizeof tid, "%s-build-times", c->part->id);
    ec_table *bt = s->layers ? ec_tbl_build_times(s, tid, top) : NULL;
    if (bt) {
      /* a verbose build log's autotuning times: labelled, never mixed with a profile */
      ec_block *b = ec_block_table(bt);
      b->caption = ec_strdup("No per-layer profile: the slowest layers are unknown. The verbose build log timed "
                             "each layer's chosen kernel while building (one layer alone, one format combination): "
                             "build-time measurements, not the engine's latency. The longest:");
      ec_block_add(g, b);
    } else {
      ec_block_add(g, ec_block_text(s->layers ? "Without a per-layer profile the slowest layers are unknown."
                                              : "No layers were read.",
                                    NULL));
    }
  }
  if (e->n_layers) {
    const ec_findings *f = S_findings(c);
    const ec_finding *first[EC_ROWS_FIRST_FINDINGS];
    size_t n = ec_findings_first(f, EC_ROWS_FIRST_FINDINGS, first);
    char tid[64];
    snprintf(tid, sizeof tid, "%s-top-findings", c->part->id);
    ec_table *t = ec_tbl_top_findings(first, n, tid);
    if (t) {
      ec_block *b = ec_block_table(t);
      char all[48];
      /* ranked by the time a fix could save, then lint's order (ec_findings_first) */
      const ec_finding *ranked[EC_ROWS_FIRST_FINDINGS];
      size_t nr = ec_findings_top(f, EC_ROWS_FIRST_FINDINGS, ranked);
      char together[160] = "";
      if (nr > 1) {
        /* each layer's time once: never above what those layers take; the
         * likely total only when every one of them has an estimate */
        char ms[96];
        if (*ec_fmt_saving(ms, sizeof ms, ec_findings_union_likely(e, ranked, nr), ec_findings_union_gain(e, ranked, nr, NULL), 0))
          snprintf(together, sizeof together, "; together %s, each layer counted once", ms);
      }
      char *note = ec_findings_scale_note(f);
      b->caption = ec_asprintf("What to try first, by the time it could save at most%s (all %s under Lint):%s%s",
                               together, ec_fmt_count(all, sizeof all, f->n, "finding", "findings"), note ? " " : "",
                               note ? note : "");
      free(note);
      ec_block_add(g, b);
    } else {
      char cnt[48];
      char *m = ec_asprintf("Lint found no warnings or errors (%s under Lint).",
                            ec_fmt_count(cnt, sizeof cnt, f->count[EC_LINT_INFO], "info finding", "info findings"));
      ec_block_add(g, ec_block_text(m, NULL));
      free(m);
    }
  }
  return g;
}

static ec_block *S_gen_chart(void *ud, const ec_tmpl_item *it, const char *data, const ec_kvs *args) {
  return S_gen_item(ud, 1, data, args);
}

static ec_block *S_gen_table(void *ud, const ec_tmpl_item *it, const char *data, const ec_kvs *args) {
  return S_gen_item(ud, 0, data, args);
}

static ec_block *S_gen_graph(void *ud, const ec_tmpl_item *it, const char *data, const ec_kvs *args) {
  S_ctx *c = ud;
  return ec_gen_graph(c->part->engine, c->part->summary, args, &c->graph_opts, &c->graph_job);
}

static ec_block *S_gen_lint(void *ud, const ec_tmpl_item *it, const char *data, const ec_kvs *args) {
  S_ctx *c = ud;
  ec_block *b = ec_gen_lint(c->part->engine, c->part->summary, c->part->engine->n_layers ? S_findings(c) : NULL, data,
                            c->part->id, ec_kvs_get_count(args, "rows", 0));
  b->brief_rows = ec_kvs_get_count(args, "brief-rows", 0);
  return b;
}

static const ec_tmpl_fence S_fences[] = {
    {"chart", "", NULL}, /* the registry (view/report_items.c) says an unknown name */
    {"table", "", NULL},
    {"notes", "warnings", "the template names unknown notes"},
    {"first-screen", NULL, NULL},
    {"graph", NULL, NULL},
    {"lint", NULL, NULL},
};

static const ec_tmpl_item S_items[] = {
    {"chart", NULL, S_gen_chart, 0, "a chart of the registry (view/report_items.c), its data table under it"},
    {"table", NULL, S_gen_table, 0, "a table of the registry (view/report_items.c)"},
    {"notes", "warnings", S_gen_notes, 0, "everything said while loading the engine, and the facts its files give differently"},
    {"first-screen", NULL, S_gen_first_screen, 0, "who ran what, the precision mix, the headline figures, the slowest layers, the findings to try first"},
    {"graph", NULL, S_gen_graph, 0, "the engine graph (assemble/gen_graph.h)"},
    {"lint", NULL, S_gen_lint, 0, "the lint findings (assemble/gen_lint.h)"},
};

/* The report's generators and placeholders; its charts and tables are the
 * registry's (view/report_items.h). docs/templates.md lists every name
 * (tests/unit/test_report.c checks both ways). */
const ec_tmpl_kind ec_report_kind = {"report", S_fences, sizeof S_fences / sizeof S_fences[0], S_items,
                                     sizeof S_items / sizeof S_items[0], S_values, sizeof S_values / sizeof S_values[0]};

static char *S_value(void *ud, const char *name) { return ec_tmpl_value_of(&ec_report_kind, ud, name); }

static ec_block *S_generate(void *ud, const char *kind, const ec_kvs *args) {
  return ec_tmpl_generate(&ec_report_kind, ud, kind, args);
}

/* A block's HTML into o. A reason for "not available" is said once: a block
 * right after one with the same reason adds nothing, a later one says it
 * briefly (its reason up to the first " (" or ":"), as above. */
static void S_html_to(S_ctx *c, const ec_block *b, ec_buf *o) {
  const char *prev = c->na_prev;
  c->na_prev = NULL;
  if (b->kind == EC_BLOCK_MARK) {
    c->na_prev = prev; /* a mark is not a block the reader sees */
    return;
  }
  if (b->kind == EC_BLOCK_GROUP && b->role != EC_ROLE_FIRST_SCREEN) {
    c->na_prev = prev;
    for (size_t i = 0; i < b->n_children; i++) S_html_to(c, b->children[i], o);
    return;
  }
  if (b->kind != EC_BLOCK_UNAVAILABLE || !b->why) {
    ec_block_html(b, o);
    return;
  }
  c->na_prev = b->why;
  if (prev && !strcmp(prev, b->why)) return;
  for (size_t i = 0; i < c->n_na_seen; i++) {
    if (strcmp(c->na_seen[i], b->why)) continue;
    size_t n = strcspn(b->why, "(:");
    while (n && b->why[n - 1] == ' ') n--;
    ec_buf_puts(o, "<p class=\"na\">" EC_NA_LEAD);
    ec_buf_html(o, b->why, n);
    ec_buf_puts(o, ", as above.</p>\n");
    return;
  }
  if (c->n_na_seen < sizeof c->na_seen / sizeof c->na_seen[0]) c->na_seen[c->n_na_seen++] = b->why;
  ec_block_html(b, o);
}

static char *S_html(void *ud, const ec_block *b) {
  S_ctx *c = ud;
  if (!c->o->want_html) return NULL;
  ec_buf o = {0};
  S_html_to(c, b, &o);
  return o.data ? ec_buf_take(&o) : ec_strdup("");
}

/* ---- building ---------------------------------------------------------- */

int ec_report_build(ec_engine *const *es, size_t n, const ec_report_opts *o, ec_report *out, ec_diags *d) {
  memset(out, 0, sizeof *out);
  size_t len;
  char *md = ec_template_load(o->template_path, "report.md", &len, d);
  if (!md) return -1;
  out->parts = ec_calloc(n ? n : 1, sizeof *out->parts);
  for (size_t i = 0; i < n; i++) {
    ec_report_part *p = &out->parts[out->n++];
    p->engine = es[i];
    p->summary = ec_summarize(es[i]);
    snprintf(p->id, sizeof p->id, "e%zu", i + 1);
    S_ctx c = {.part = p, .o = o};
    /* the graph's layout runs in a child process while the charts are built */
    c.graph_opts.part_id = p->id;
    c.graph_opts.timeout_s = o->graph_timeout;
    c.graph_opts.budget = o->graph_budget;
    c.graph_opts.href_limit = o->max_table_rows;
    if (ec_gen_graph_scan(md, len, &c.graph_opts)) c.graph_job = ec_gen_graph_job_start(p->engine, p->summary, &c.graph_opts);
    ec_tmpl_env env = {&c, S_value, S_generate, S_html, p->id,
                       o->template_path ? o->template_path : "templates/report.md"};
    int rc = ec_template_expand(md, len, &env, &p->doc, d);
    ec_gen_graph_job_cancel(c.graph_job);
    if (c.have_findings) ec_findings_free(&c.findings);
    if (rc != 0) {
      free(md);
      return -1;
    }
  }
  free(md);
  return 0;
}

void ec_report_free(ec_report *r) {
  for (size_t i = 0; i < r->n; i++) {
    ec_summary_free(r->parts[i].summary);
    ec_doc_free(&r->parts[i].doc);
  }
  free(r->parts);
  free(r->title);
  free(r->running);
  memset(r, 0, sizeof *r);
}

const char *ec_report_title(const ec_report *r, char *buf, size_t cap) {
  if (r->title)
    snprintf(buf, cap, "%s", r->title);
  else if (r->n == 1)
    snprintf(buf, cap, "%s \xE2\x80\x94 enginecard report", r->parts[0].engine->name);
  else
    snprintf(buf, cap, "%zu %s \xE2\x80\x94 enginecard report", r->n, ec_plural(r->n, "engine", "engines"));
  return buf;
}

ec_table *ec_report_index_table(const ec_report *r) {
  const ec_summary **sums = ec_calloc(r->n + 1, sizeof *sums);
  const char **ids = ec_calloc(r->n + 1, sizeof *ids);
  for (size_t i = 0; i < r->n; i++) sums[i] = r->parts[i].summary, ids[i] = r->parts[i].id;
  ec_table *t = ec_tbl_index(sums, ids, r->n, "index");
  free(sums);
  free(ids);
  return t;
}

static void S_index(const ec_report *r, ec_buf *o) {
  ec_buf_puts(o, "<nav class=\"index\" id=\"top\"><h1>Engines</h1>\n");
  ec_table *tb = ec_report_index_table(r);
  ec_render_table_html(tb, o);
  ec_table_free(tb);
  ec_buf_puts(o, "</nav>\n");
}

size_t ec_report_html_bound(const ec_report *r) {
  size_t sum = 0;
  for (size_t i = 0; i < r->n; i++) sum += ec_doc_html_bound(&r->parts[i].doc);
  return sum;
}

int ec_report_html(const ec_report *r, ec_buf *o) {
  if (ec_report_html_bound(r) > EC_PAGE_MAX_BYTES) return -1; /* cmark would abort */
  char title[512];
  ec_html_report_begin(o, ec_report_title(r, title, sizeof title), r);
  if (r->n > 1) S_index(r, o);
  for (size_t i = 0; i < r->n; i++) {
    ec_buf_printf(o, "<section class=\"engine\" id=\"%s\">\n", r->parts[i].id);
    char *h = cmark_render_html(r->parts[i].doc.root, CMARK_OPT_DEFAULT);
    ec_buf_puts(o, h);
    free(h);
    if (r->n > 1) ec_buf_puts(o, "<p class=\"back\"><a href=\"#top\">Back to the engine index</a></p>\n");
    ec_buf_puts(o, "</section>\n");
  }
  ec_buf_puts(o, "<footer><p>Made by enginecard " "from trtexec's files; numbers follow TensorRT Engine Explorer's definitions (README).</p></footer>\n");
  ec_html_report_end(o);
  return 0;
}
