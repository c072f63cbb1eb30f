/* enginecard summary ENGINE [--json] — the headline numbers of one engine. */
#include "analyze/summary.h"
#include "cli/cli.h"
#include "out/jsonout.h"
#include "out/summary_json.h"
#include "util/alloc.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  int json;
} S_opts;

static int S_opt(void *ctx, int argc, char **argv, int i) {
  (void)argc;
  S_opts *o = ctx;
  if (strcmp(argv[i], "--json") == 0) {
    o->json = 1;
    return 1;
  }
  return 0;
}

/* Print name (n bytes) for a terminal: control characters become '?'. */
static void S_put_name(FILE *f, const char *s, size_t n, size_t max) {
  size_t w = 0;
  for (size_t i = 0; i < n && w < max; i++, w++) fputc((unsigned char)s[i] < 0x20 || s[i] == 0x7f ? '?' : s[i], f);
  if (n > max) fputs("...", f);
}

/* A left-aligned column of width w: control characters shown as '?'. */
static void S_col(FILE *f, const char *s, int w) {
  int k = 0;
  for (; s[k] && k < w; k++) fputc((unsigned char)s[k] < 0x20 || s[k] == 0x7f ? '?' : s[k], f);
  for (; k < w; k++) fputc(' ', f);
}

static void S_text(const ec_summary *s, FILE *f) {
  const ec_engine *e = s->engine;
  fprintf(f, "engine      ");
  S_put_name(f, e->name, strlen(e->name), 200);
  fprintf(f, "\n");
  if (e->device.present && e->device.name) {
    fputs("device      ", f);
    S_put_name(f, e->device.name, strlen(e->device.name), 200);
    fputc('\n', f);
  }
  if (e->trt_version) {
    fputs("tensorrt    ", f);
    S_put_name(f, e->trt_version, strlen(e->trt_version), 60);
    fputc('\n', f);
  }
  fprintf(f, "layers      %zu", s->layers);
  if (e->n_noop || e->n_constant) fprintf(f, "  (plus %zu NoOp, %zu Constant not counted)", e->n_noop, e->n_constant);
  fprintf(f, "\n");
  if (s->has_latency) {
    fprintf(f, "latency     %.3f ms  (sum of per-layer averages; exceeds end-to-end latency)\n", s->total_ms);
    fprintf(f, "reformats   %zu layers, %.3f ms, %.1f%% of latency\n", s->reformat_count, s->reformat_ms,
            s->reformat_share_pct);
  } else {
    fprintf(f, "latency     not available (no profile)\n");
  }
  fprintf(f, "weights     %.1f MB (TREx: %.1f MB)\n", s->weights_bytes / 1048576.0, s->weights_bytes_trex / 1048576.0);
  fprintf(f, "activations %.1f MB of layer I/O traffic\n", s->activations_bytes / 1048576.0);
  if (s->has_timing)
    fprintf(f, "timing      %zu iterations: median %.6g ms, p99 %.6g ms, mean %.6g ms\n", s->timing.count,
            s->timing.median, s->timing.p99, s->timing.mean);
  if (e->perf.present && isfinite(e->perf.throughput_qps))
    fprintf(f, "throughput  %.6g qps (%s)\n", e->perf.throughput_qps, e->perf.throughput_source);
  if (s->by_type.n) {
    fprintf(f, "\n%-28s %6s %12s %8s\n", "type", "count", "latency ms", "%");
    for (size_t i = 0; i < s->by_type.n; i++)
      S_col(f, s->by_type.v[i].key, 28), fprintf(f, " %6zu %12.6f %8.2f\n", s->by_type.v[i].count, s->by_type.v[i].latency_ms,
              s->by_type.v[i].pct);
  }
  if (s->by_precision.n) {
    fprintf(f, "\n%-28s %6s %12s %8s\n", "precision", "count", "latency ms", "%");
    for (size_t i = 0; i < s->by_precision.n; i++)
      S_col(f, s->by_precision.v[i].key, 28), fprintf(f, " %6zu %12.6f %8.2f\n", s->by_precision.v[i].count,
              s->by_precision.v[i].latency_ms, s->by_precision.v[i].pct);
  }
  if (s->has_latency && s->layers) {
    size_t n = s->layers < 10 ? s->layers : 10;
    fprintf(f, "\nslowest layers\n");
    for (size_t i = 0; i < n; i++) {
      const ec_layer *l = &e->layers[s->order[i]];
      fprintf(f, "  %10.6f ms %6.2f%%  ", l->avg_ms, ec_layer_share_pct(s, l));
      S_col(f, l->type, 14);
      fputc(' ', f);
      S_put_name(f, l->name, l->name_len, 100);
      fputc('\n', f);
    }
  }
}

int ec_cmd_summary(int argc, char **argv) {
  ec_common c = {0};
  S_opts o = {0};
  int rc;
  ec_engine *e0 = ec_cli_one_engine(argc, argv, "summary", &c, S_opt, &o, &rc);
  if (!e0) return rc;
  if (ec_engine_usable(e0)) {
    ec_summary *s = ec_summarize(e0);
    if (o.json) {
      json_t *j = ec_summary_json(s);
      char *txt = ec_jdump(j, 1);
      fputs(txt, stdout);
      free(txt);
      json_decref(j);
    } else {
      S_text(s, stdout);
    }
    ec_summary_free(s);
  }
  ec_engine_free(e0);
  ec_common_free(&c);
  return rc;
}
