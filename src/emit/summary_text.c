/* summary_text — see summary_text.h. */
#include "emit/summary_text.h"
#include "words/words.h"
#include "facts/device_peak.h"
#include "facts/layer_kind.h"
#include "emit/term.h"
#include "util/buf.h"
#include "view/phrase.h"
#include "view/headline.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

static void S_put_name(FILE *f, const char *s, size_t n, size_t max) { ec_term_put_text(f, s, n, 0, max); }

/* A left-aligned column of width w. */
static void S_col(FILE *f, const char *s, int w) { ec_term_put_text(f, s, strlen(s), (size_t)w, (size_t)w); }

/* A total of bytes over layers as the headline rule shows it
 * (view/phrase.h ec_phrase_bytes_total). */
static void S_bytes_line(FILE *f, const char *label, double v, const char *extra, size_t known, size_t n,
                         const char *why, const char *gap) {
  ec_buf b = {0};
  ec_phrase_bytes_total(&b, v, extra, known, n, why, gap);
  fprintf(f, "%-12s", label);
  ec_term_put_safe(f, b.data ? b.data : "");
  ec_buf_free(&b);
}

void ec_print_summary(const ec_summary *s, FILE *f) {
  const ec_engine *e = s->engine;
  fprintf(f, "engine      ");
  S_put_name(f, e->name, strlen(e->name), 200);
  fprintf(f, "\n");
  /* the device, with its architecture; without device facts, the
   * architecture its kernel names tell */
  char *arch = ec_arch_sentence(e, &s->nums.peak);
  if (e->device.present && e->device.name) {
    fputs("device      ", f);
    S_put_name(f, e->device.name, strlen(e->device.name), 200);
    if (arch) {
      fputs(" (", f);
      S_put_name(f, arch, strlen(arch), 200);
      fputc(')', f);
    }
    fputc('\n', f);
  } else if (arch) {
    fputs("device      " EC_NA " (", f);
    S_put_name(f, arch, strlen(arch), 200);
    fputs(")\n", f);
  }
  free(arch);
  for (size_t i = 0; i < e->labels.n; i++) {
    fputs(i ? ", " : "labels      ", f);
    S_put_name(f, e->labels.v[i].key, strlen(e->labels.v[i].key), 60);
    fputc('=', f);
    S_put_name(f, e->labels.v[i].val, strlen(e->labels.v[i].val), 100);
    if (i + 1 == e->labels.n) fputc('\n', f);
  }
  ec_buf dla = {0};
  ec_phrase_dla(&dla, e);
  if (dla.len) {
    fputs("dla         ", f);
    S_put_name(f, dla.data, dla.len, 200);
    fputc('\n', f);
  }
  ec_buf_free(&dla);
  if (e->trt_version) {
    fputs("tensorrt    ", f);
    S_put_name(f, e->trt_version, strlen(e->trt_version), 60);
    fputc('\n', f);
  }
  long long nl = ec_summary_layer_count(s);
  if (nl >= 0) fprintf(f, "layers      %lld", nl);
  else fprintf(f, "layers      " EC_NA " (no layer information: no graph, layer listing or profile)");
  ec_buf b = {0};
  ec_phrase_dropped(&b, e);
  if (b.len) {
    fputs("  (not counted, as TREx: ", f);
    S_put_name(f, b.data, b.len, 0);
    fputc(')', f);
  }
  b.len = 0;
  ec_phrase_internal(&b, e);
  if (b.len) {
    fputs("  (plus ", f);
    S_put_name(f, b.data, b.len, 0);
    fputc(')', f);
  }
  ec_buf_free(&b);
  fprintf(f, "\n");
  ec_e2e t = ec_summary_e2e(s);
  /* the measured end-to-end figure first, then the layer sum */
  if (t.known) {
    fprintf(f, "%-12s", t.what[0] == 'G' ? "gpu compute" : "end-to-end");
    if (isfinite(t.median_ms)) fprintf(f, "median " EC_MS, t.median_ms);
    if (isfinite(t.p99_ms)) fprintf(f, ", p99 " EC_MS, t.p99_ms);
    if (t.count) fprintf(f, " over %zu %s", t.count, ec_plural(t.count, "iteration", "iterations"));
    fprintf(f, " (%s)\n", t.source);
  }
  if (s->has_latency) {
    fprintf(f, "latency     " EC_MS "  (sum of per-layer averages", s->total_ms);
    if (e->layers_without_profile) fprintf(f, "; %zu of %zu %s have no profile record", e->layers_without_profile,
        s->layers, ec_plural(s->layers, "layer", "layers"));
    /* the comparison needs an end-to-end figure */
    if (t.known && isfinite(t.median_ms))
      fprintf(f, "; %s %s median " EC_MS " (%s)", s->total_ms > t.median_ms ? "exceeds the end-to-end" : "end-to-end",
              t.what, t.median_ms, t.source);
    ec_buf cv = {0};
    ec_phrase_aux_caveat(&cv, e);
    if (cv.len) fprintf(f, "; %s", cv.data);
    ec_buf_free(&cv);
    fputs(")\n", f);
    fprintf(f, "reformats   %zu %s, " EC_MS ", " EC_PCT " of latency\n", s->reformat_count, ec_plural(s->reformat_count, "layer", "layers"), s->reformat_ms,
            s->reformat_share_pct);
  } else {
    fprintf(f, "latency     " EC_NA " (no profile)\n");
    if (nl >= 0) fprintf(f, "reformats   %zu %s (latency " EC_NA ")\n", s->reformat_count, ec_plural(s->reformat_count, "layer", "layers"));
    else fprintf(f, "reformats   " EC_NA "\n");
  }
  char extra[96], tb[32];
  snprintf(extra, sizeof extra, " (TREx: %s)", ec_fmt_bytes(tb, sizeof tb, s->weights_bytes_trex));
  int none = s->nums.n == 0;
  ec_buf wb = {0};
  ec_phrase_weights(&wb, s, extra,
                    none ? "no layers were read"
                         : "no layer's weights are described: names-only layer information or a log's layer listing");
  fprintf(f, "%-12s%s\n", "weights", wb.data);
  ec_buf_free(&wb);
  S_bytes_line(f, "activations", s->activations_bytes, " of layer I/O traffic", s->nums.io_known, s->nums.n,
               none ? "no layers were read" : "no layer's tensors have a known size", NULL);
  if (s->has_timing)
    fprintf(f, "timing      %zu %s: median " EC_MS ", p99 " EC_MS ", mean " EC_MS "\n", s->timing.count,
            ec_plural(s->timing.count, "iteration", "iterations"),
            s->timing.median, s->timing.p99, s->timing.mean);
  char *tp = ec_headline_throughput(e);
  if (tp) fprintf(f, "throughput  %s (" EC_QPS ", %s)\n", tp, e->perf.throughput_qps, e->perf.throughput_source);
  free(tp);
  const ec_groups *gs[2] = {&s->by_type_shown, &s->by_precision}; /* --json's by_type is TREx's */
  const char *heads[2] = {"type", "precision"};
  /* a Myelin type shown with its family ("Convolution (Myelin correlation)") widens the column */
  int wide = 0;
  for (size_t i = 0; i < s->by_type_shown.n; i++)
    if (strstr(s->by_type_shown.v[i].key, " (Myelin ")) wide = 34;
  int tw = wide ? wide : 28;
  for (int k = 0; k < 2; k++) {
    if (!gs[k]->n) continue;
    if (s->has_latency) fprintf(f, "\n%-*s %6s %12s %8s\n", tw, heads[k], "count", "latency ms", "%");
    else fprintf(f, "\n%-*s %6s\n", tw, heads[k], "count");
    size_t *ix = k == 0 ? ec_groups_order(gs[k], s->has_latency) : NULL; /* types slowest first */
    for (size_t i = 0; i < gs[k]->n; i++) {
      const ec_group *g = &gs[k]->v[ix ? ix[i] : i];
      S_col(f, g->key, tw);
      fprintf(f, " %6zu", g->count);
      if (s->has_latency) fprintf(f, " %12" EC_MS_G " %8" EC_PCT_G, g->latency_ms, g->pct);
      fputc('\n', f);
    }
    free(ix);
  }
  if (s->has_latency && s->layers) {
    size_t n = s->layers < 10 ? s->layers : 10;
    fprintf(f, "\nslowest layers\n");
    for (size_t i = 0; i < n; i++) {
      const ec_layer *l = &e->layers[s->order[i]];
      if (!l->has_profile) break; /* the rest have no latency */
      fprintf(f, "  %10" EC_MS_G " ms %6" EC_PCT_G "%%  ", l->avg_ms, ec_layer_share_pct(s, l));
      S_col(f, ec_layer_shown_type(l), wide ? 34 : s->types_from_name ? 26 : 14); /* room for "(from name)" */
      fputc(' ', f);
      S_put_name(f, l->name, l->name_len, 100);
      fputc('\n', f);
    }
  }
}
