/* compare — a baseline engine against others: one metric per engine with its
 * source and spread, a noise-aware regression gate, comparability checks,
 * layer alignment and per-layer deltas with an advisory rule.
 *
 * Pure: no I/O. Engines are borrowed and must outlive the comparison.
 *
 * Metric (ec_metric). gpu-median/-mean/-p99 are GPU compute statistics, from
 * timing.json's per-iteration computeMs when present, else the statistics
 * trtexec reported (profile metadata, log, or a stored summary). throughput
 * is queries per second (bigger is better). layer-sum is the sum of per-layer
 * averages from the profile; profiling layers one by one serialises them and
 * adds overhead, so it overstates end-to-end latency, and a profile with
 * `count: 1` is a single sample (flagged). One metric is used for every
 * engine: when the requested one is missing for the baseline or a candidate,
 * the first of its fallback chain that all engines have is used instead, with
 * a warning: gpu-X -> end-to-end latency X -> layer-sum; throughput and
 * layer-sum fall back to the gpu-median chain.
 *
 * Noise band. Each engine's spread is a coefficient of variation (CV =
 * stdev/mean): from timing.json's per-iteration times when present (or a
 * stored summary of them); otherwise estimated from the summary statistics
 * trtexec printed, assuming a normal distribution: (p90-median)/1.2816,
 * (p95-median)/1.6449 or (p99-median)/2.3263, else (max-min)/4, divided by
 * the median (the method is recorded with the value). The band is
 *   noise = EC_NOISE_K * sqrt(cv_base^2 + cv_engine^2)   (in percent)
 * with an unknown side assumed equal to the known one. The gate fails when
 *   regression > max(max_regress_pct, noise)
 * where regression is how much worse the engine is than the baseline in
 * percent (slower, or for throughput lower). With neither spread known the
 * gate uses max_regress_pct alone and says so. */
#ifndef EC_COMPARE_H
#define EC_COMPARE_H
#include <stddef.h>
#include "analyze/align.h"
#include "analyze/summary.h"
#include "model/engine.h"
#include "util/diag.h"

/* k: the band spans k combined standard deviations of the per-iteration
 * spread. 3 keeps nightly noise (clock drift, a busy neighbour) from failing
 * builds while still catching a few-percent shift on a quiet GPU. */
#define EC_NOISE_K 3.0
/* Per-layer advisory rule: default smallest layer time (ms) considered. */
#define EC_MIN_LAYER_MS 0.01
/* Layer regressions kept per engine for display. */
#define EC_TOP_LAYERS 10

typedef enum {
  EC_METRIC_GPU_MEDIAN = 0,
  EC_METRIC_GPU_MEAN,
  EC_METRIC_GPU_P99,
  EC_METRIC_THROUGHPUT,
  EC_METRIC_LAYER_SUM,
  EC_METRIC_LATENCY_MEDIAN, /* fallbacks only: end-to-end latency statistics */
  EC_METRIC_LATENCY_MEAN,
  EC_METRIC_LATENCY_P99,
  EC_METRIC_COUNT
} ec_metric;

/** "gpu-median", "gpu-mean", "gpu-p99", "throughput", "layer-sum",
 *  "latency-median", ...; static. */
const char *ec_metric_name(ec_metric m);
/** A human label ("GPU compute median"); static. */
const char *ec_metric_label(ec_metric m);
/** Parse a --metric value (the first five names); 0, or -1 when unknown. */
int ec_metric_parse(const char *s, ec_metric *out);
/** 1 when smaller values are better (all but throughput). */
int ec_metric_smaller_better(ec_metric m);

typedef struct ec_metric_value {
  ec_metric metric;
  double value;        /* NAN when unavailable */
  const char *unit;    /* "ms" or "qps"; static */
  const char *source;  /* "timing.json", "metadata", "log", "profile", "summary (...)"; static */
  size_t samples;      /* measurements behind the value; 0 when unknown */
  double cv;           /* relative spread (stdev/mean); NAN when unknown */
  char *spread;        /* how cv was obtained, one phrase; owned */
  int single_sample;   /* layer-sum from a profile of one iteration */
} ec_metric_value;

/** Metric m of engine e (s: its summary, or NULL). Fills *out (free its
 *  spread with ec_metric_value_clear); returns 1 when the value exists. */
int ec_metric_of(const ec_engine *e, const ec_summary *s, ec_metric m, ec_metric_value *out);
void ec_metric_value_clear(ec_metric_value *v);

typedef enum {
  EC_VERDICT_BASELINE = 0, /* the baseline itself */
  EC_VERDICT_PASS,         /* gate given and met */
  EC_VERDICT_FAIL,         /* gate given and broken */
  EC_VERDICT_INFO,         /* no gate given */
  EC_VERDICT_ERROR         /* the metric is missing for this engine or the baseline */
} ec_verdict;
const char *ec_verdict_name(ec_verdict v); /* "baseline","pass","fail","info","error" */

typedef enum { EC_CHANGE_SAME = 0, EC_CHANGE_WORSE, EC_CHANGE_BETTER, EC_CHANGE_UNKNOWN } ec_change;
const char *ec_change_name(ec_change c); /* "same","worse","better","unknown" */

/* A fact that differs between the baseline and an engine. */
typedef struct ec_mismatch {
  char *what;  /* "TensorRT version", "GPU", "inference option CUDA Graph", "label driver", ... */
  char *base;  /* value for the baseline ("(not set)" when absent) */
  char *other; /* value for the engine */
} ec_mismatch;

/* One aligned pair with profile times on both sides. */
typedef struct ec_layer_delta {
  long a, b;       /* baseline / engine layer index */
  const char *how; /* alignment evidence (EC_ALIGN_*) */
  double base_ms, ms, delta_ms, delta_pct; /* delta_pct NAN when base_ms is 0 */
  int flagged;     /* breaks the advisory per-layer rule */
} ec_layer_delta;

typedef struct ec_compare_result {
  size_t engine;        /* index into the engines */
  ec_metric_value m;
  double delta_pct;     /* 100*(value-base)/base; NAN when unknown */
  double regress_pct;   /* how much worse in percent (delta, or -delta for throughput) */
  double noise_pct;     /* noise band; NAN when neither spread is known */
  double threshold_pct; /* max(max_regress_pct, noise); NAN without a gate */
  ec_verdict verdict;
  ec_change change;
  char *reason;         /* one line saying why; owned */
  ec_mismatch *mism;    /* comparability */
  size_t n_mism, cap_mism;
  int aligned;          /* 0: skipped (align_note says why) */
  char *align_note;     /* owned or NULL */
  ec_alignment *al;     /* ec_align(baseline, engine) or NULL */
  ec_layer_delta *deltas; /* pairs with both profiled, by delta_ms descending, ties by baseline index */
  size_t n_deltas;
  double only_base_ms, only_engine_ms; /* time of one-sided layers; NAN without that engine's profile */
  size_t n_flagged;     /* layers breaking the advisory rule */
} ec_compare_result;

typedef struct ec_compare_opts {
  ec_metric metric;             /* requested */
  int metric_given;             /* 0: the default (gpu-median) */
  size_t baseline;              /* index into the engines */
  double max_regress_pct;       /* NAN: no gate */
  double noise_k;               /* 0: EC_NOISE_K */
  double max_layer_regress_pct; /* NAN: no per-layer rule */
  double min_layer_ms;          /* NAN: EC_MIN_LAYER_MS */
} ec_compare_opts;

typedef struct ec_comparison {
  ec_engine *const *engines; /* borrowed */
  size_t n;
  size_t baseline;
  ec_metric requested, used;
  ec_compare_opts opts;      /* with defaults filled in */
  ec_compare_result *res;    /* n entries, one per engine (the baseline's has verdict BASELINE) */
  ec_diags diags;            /* warnings about the comparison as a whole (metric fallback, ...) */
  size_t failed, errors, gates; /* gates: engines judged by a gate */
} ec_comparison;

/** Compare engines[0..n) against engines[o->baseline]. labels (may be NULL)
 *  holds n key/value sets the user gave (--label); they are compared like
 *  facts read from files. Caller frees with ec_comparison_free. */
ec_comparison *ec_compare(ec_engine *const *engines, size_t n, const ec_kvs *labels, const ec_compare_opts *o);
void ec_comparison_free(ec_comparison *c);

/** The noise band in percent for two CVs (fractions; NAN = unknown). */
double ec_noise_band_pct(double cv_base, double cv_other, double k);

#endif
