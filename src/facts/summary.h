/* summary — the report-card statistics of one engine, computed with TREx's
 * formulas (docs/numbers.md) plus enginecard's corrected totals.
 * Pure: no I/O. */
#ifndef EC_SUMMARY_H
#define EC_SUMMARY_H
#include <stddef.h>
#include "facts/layer_numbers.h"
#include "facts/stats.h"
#include "model/engine.h"

/* The slowest layers a summary keeps (summary --json top_layers). */
#define EC_SUMMARY_TOP_LAYERS 10
/* What a stored summary keeps for compare to explain a change (summary
 * --json layers_kept): every layer when the engine has at most this many,
 * else this many of the slowest; and their names at most
 * EC_SUMMARY_KEEP_NAME_BYTES (a summary stays small: a nightly artifact). */
#define EC_SUMMARY_KEEP_LAYERS 100
#define EC_SUMMARY_KEEP_NAME_BYTES 16384

/* One row of a group-by: layers sharing a key. */
typedef struct ec_group {
  const char *key;   /* borrowed from the engine (or a static string) */
  size_t count;
  size_t profiled;   /* layers of the group the profile measured */
  double latency_ms; /* sum of averageMs of its profiled layers; NAN when none was
                        profiled (unknown, not 0) */
  double pct;        /* ec_share_pct(latency_ms, the summary's total_ms) */
} ec_group;

/* Groups sorted by key (byte order), so output is stable. */
typedef struct ec_groups {
  ec_group *v;
  size_t n, cap;
} ec_groups;

typedef struct ec_summary {
  const ec_engine *engine; /* borrowed */
  size_t layers;
  int has_latency;         /* a profile was joined */
  double total_ms;         /* sum of averageMs over layers (TREx total_runtime) */
  double total_median_ms;
  ec_groups by_type, by_precision, by_out_precision;
  ec_groups by_type_shown;   /* what the report's by-type charts and tables show: by_type, but layers
                                whose type is Unknown grouped by the family their name tells,
                                "Convolution (from name)" (facts/layer_kind.h ec_layer_shown_type);
                                never a TREx-agreement number (by_type is) */
  size_t types_from_name;    /* layers grouped there by such a family */
  size_t reformat_count;
  double reformat_ms, reformat_share_pct;
  ec_groups reformat_by_origin;
  ec_numbers nums;           /* per-layer weights, I/O (facts/layer_numbers.h) */
  /* totals from nums (NAN when no layer's value is known) */
  double weights_bytes, weights_bytes_trex;
  const char *weights_stated; /* NULL: weights_bytes is the layers' sum; else what states it ("the build
                                 log's Total Weights Memory"), used because the layer information does
                                 not give every layer's weights; static */
  double weights_layers_bytes; /* the layers' sum when weights_stated is set (NAN when none known) */
  double activations_bytes, activations_bytes_trex;
  size_t io_unknown_layers;  /* layers whose I/O is unknown (dynamic shapes, no tensors described) */
  int has_timing;
  ec_sample_stats timing;    /* latencyMs of the selected run */
  int has_compute;
  ec_sample_stats compute;   /* computeMs */
  int has_enqueue, has_h2d, has_d2h;
  ec_sample_stats enqueue, h2d, d2h;
  size_t *order;             /* layer indices by latency, descending, ties in graph order */
} ec_summary;

/** The engine's build precision as every output says it, from the build's
 *  own evidence: the Precision a build states (a build run's log, TREx's
 *  build metadata: "FP32+FP16"); else the precision most of the graph's
 *  layers run in ("INT8 84.6% of layers, from the graph"); else "not recorded
 *  (load run)" when the only options read are a --loadEngine run's (whose
 *  Build Options echo trtexec's defaults); NULL when nothing says. Caller
 *  frees. */
char *ec_summary_build_precision(const ec_summary *s);

/** 1 when s->weights_bytes is the engine's whole weights: every layer's are
 *  known (facts/layer_numbers.h ec_total_is_whole), or a build log states
 *  the total (s->weights_stated). The one test every output uses. */
int ec_summary_weights_whole(const ec_summary *s);

/** The one denominator of every share of latency in every output: the sum
 *  of averageMs over the engine's counted layers (TREx's total_runtime).
 *  Profile records of NoOp, Constant, shape_call and signal/wait layers and
 *  records that name no layer are outside it, so a share differs from the
 *  profile's own "percentage" field, whose total includes them. 0 without a
 *  profile. */
double ec_latency_total_ms(const ec_engine *e);
/** The share of l in s's total: NAN without a profile record for l. */
double ec_layer_share_pct(const ec_summary *s, const ec_layer *l);

/* The engine's end-to-end time per inference, as far as the inputs give one:
 * GPU compute time from timing.json, else its latency, else the GPU compute
 * time or latency trtexec printed (log, metadata). */
typedef struct ec_e2e {
  int known;         /* 0: no end-to-end figure at all */
  double median_ms;  /* NAN when not reported */
  double p99_ms;     /* NAN when not reported */
  size_t count;      /* iterations; 0 when not reported */
  const char *what;  /* "GPU compute time" or "latency"; static */
  const char *source; /* "timing.json", "log", "metadata"; static */
} ec_e2e;

/** The end-to-end figure of s (see ec_e2e): the one every output compares
 *  the per-layer sum with. */
ec_e2e ec_summary_e2e(const ec_summary *s);

/** The layer count every output shows: s->layers once layer information
 *  was read (a graph, a log's layer listing, or a profile's records), a
 *  stored summary's own count, or -1 when nothing tells (a log without a
 *  layer listing, timings or metadata alone): unknown, not 0 layers. */
long long ec_summary_layer_count(const ec_summary *s);
/** Compute the summary of e. The result borrows e (keep e alive) and is
 *  freed with ec_summary_free. */
ec_summary *ec_summarize(const ec_engine *e);
void ec_summary_free(ec_summary *s);
/** Group with key k, or NULL. */
const ec_group *ec_groups_find(const ec_groups *g, const char *k);
/** The order every by-type table and chart shows g in (issue 39: "Layers by
 *  type" was alphabetical, Cast 3% before Convolution 31%): indices into
 *  g->v by latency, descending, unknown latency last, when by_latency, else
 *  by layer count, descending; ties by key. Caller frees (room for g->n + 1). */
size_t *ec_groups_order(const ec_groups *g, int by_latency);
/** TREx's tactic group (`trex summary -gt`): the tactic cut before its first
 *  "_0x"; writes into buf. */
const char *ec_tactic_group(const char *tactic, char *buf, size_t cap);

#endif
