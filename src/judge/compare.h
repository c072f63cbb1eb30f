/* compare — a baseline engine against others: one metric per engine, the
 * estimated change of each candidate with a confidence interval, a
 * regression gate on it, comparability checks, layer alignment and
 * per-layer deltas with an advisory rule.
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
 * Change and gate. Each candidate's change is estimated from the samples by
 * judge/gate.h: the ratio of the statistic (candidate / baseline) minus 1,
 * with an interval at the chosen confidence that accounts for the number of
 * iterations (bootstrap) and, with repeated runs, for run-to-run variation
 * (random effects). Runs: the selected timing run of each engine given for a
 * side (NAME=a,b,c gives three), or every run of a multi-run timing file when
 * o->all_runs is set; a stored summary contributes its sketch. The change is
 * oriented so that positive means slower: for throughput it is the change in
 * time per query (qps_base/qps_engine - 1), its interval as wide as that of
 * the mean GPU compute time (throughput is about 1/mean time). The gate
 * fails when
 *   regress_pct > max_regress_pct  and  the interval excludes 0 (lo > 0);
 * without an interval (one run per side with no --run-noise: a threshold
 * verdict; layer-sum, statistics without a count) the estimate alone
 * decides and the reason says so. No verdict (EC_VERDICT_INCONCLUSIVE):
 * past the limit but the interval includes 0, a run of fewer than
 * EC_GATE_MIN_VERDICT_ITERATIONS iterations, or one run per side measuring
 * under EC_GATE_MIN_VERDICT_MS with fewer than EC_GATE_SHORT_RUN_ITERATIONS;
 * EC_VERDICT_NOT_COMPARABLE: ec_gate_incomparable between the sides or
 * between runs pooled into one (unless opts.allow_mismatch). A run's
 * start-up level (ec_gate_warmup) is left out of its distribution.
 *
 * Per-layer advisory rule (--max-layer-regress), never a gate by itself.
 * An aligned layer (of at least min_layer_ms on a side) is listed when it
 * is slower by more than the limit and beyond its run-to-run noise: with
 * repeated runs that carry layers on a side (NAME=a,b,c of engines, or
 * stored nights that keep their layers), a layer's noise between two runs
 * is t(df) * s * sqrt(2), s the scatter of its log time over each side's
 * runs (pooled; EC_LAYER_NOISE_MIN_DF degrees of freedom at least); without
 * them run-to-run noise is not measured and a layer is listed only past
 * max(limit, EC_LAYER_FLOOR_PCT), which layer_noise_note says. (A profile's
 * iteration count does not measure it: same-tactic layers move far more
 * between runs than their averages' standard errors say.) */
#ifndef EC_COMPARE_H
#define EC_COMPARE_H
#include <stddef.h>
#include "judge/align.h"
#include "judge/gate.h"
#include "facts/summary.h"
#include "model/engine.h"
#include "util/diag.h"

/* Per-layer advisory rule: default smallest layer time (ms) considered. */
#define EC_MIN_LAYER_MS 0.01
/* Per-layer advisory rule without measured run-to-run noise: a layer is
 * listed only past this change (percent). Same-tactic layers of one engine
 * moved by up to 17% between two real runs whose total moved 0.9%. */
#define EC_LAYER_FLOOR_PCT 20.0
/* Degrees of freedom a layer's run-to-run noise needs (three runs on a side). */
#define EC_LAYER_NOISE_MIN_DF 2
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
/** The metric's unit: "qps" for throughput, else "ms"; static. */
const char *ec_metric_unit(ec_metric m);
/** Parse a --metric value (the first five names); 0, or -1 when unknown. */
int ec_metric_parse(const char *s, ec_metric *out);
/** 1 when smaller values are better (all but throughput). */
int ec_metric_smaller_better(ec_metric m);

/** The metric every engine is measured by when m is asked for: the first of
 *  m's fallback chain (gpu-X -> latency-X -> layer-sum; throughput and
 *  layer-sum fall back to the gpu-median chain) that all n engines have
 *  (sums[i]: engine i's summary), with a warning in diags when it is not m
 *  itself; else the first one engines[baseline] has; else m. The one rule
 *  compare and trend use. */
ec_metric ec_metric_pick(ec_engine *const *engines, ec_summary *const *sums, size_t n, size_t baseline, ec_metric m,
                         ec_diags *diags);

typedef struct ec_metric_value {
  ec_metric metric;
  double value;        /* NAN when unavailable; over several runs the geometric mean of theirs */
  const char *unit;    /* "ms" or "qps"; static */
  const char *source;  /* "timing.json", "metadata", "log", "profile", "summary (...)"; static */
  size_t samples;      /* iterations behind the value (over all runs); 0 when unknown */
  size_t runs;         /* runs behind the value (1, or more with repeats) */
  double cv;           /* per-iteration CV (stdev/mean) of the first run; NAN when unknown (informational) */
  char *dist;          /* what is known of the per-iteration distribution, one phrase; owned */
  int single_sample;   /* layer-sum from a profile of one iteration */
} ec_metric_value;

/** Metric m of engine e (s: its summary, or NULL) from e alone (its selected
 *  run). Fills *out (free with ec_metric_value_clear); returns 1 when the
 *  value exists. */
int ec_metric_of(const ec_engine *e, const ec_summary *s, ec_metric m, ec_metric_value *out);
void ec_metric_value_clear(ec_metric_value *v);

typedef enum {
  EC_VERDICT_BASELINE = 0, /* the baseline itself */
  EC_VERDICT_PASS,         /* gate given and met */
  EC_VERDICT_FAIL,         /* gate given and broken */
  EC_VERDICT_INFO,         /* no gate given */
  EC_VERDICT_NO_TIMING,    /* no verdict: no timing to compare (the metric and its fallbacks are missing for
                              this engine or the baseline) */
  EC_VERDICT_INCONCLUSIVE, /* gate given, no verdict: past the limit within the noise, or too few iterations */
  EC_VERDICT_NOT_COMPARABLE /* gate given, no verdict: GPU, TensorRT or shapes differ (ec_gate_comparable) */
} ec_verdict;
/* "baseline","pass","fail","info","no timing","inconclusive","not comparable" */
const char *ec_verdict_name(ec_verdict v);

/* The direction of a change, claimed only where an interval at the
 * confidence supports it (repeated runs, or --run-noise): one run per side
 * or no distribution is EC_CHANGE_UNCLAIMED, whatever the estimate's sign. */
typedef enum { EC_CHANGE_SAME = 0, EC_CHANGE_WORSE, EC_CHANGE_BETTER, EC_CHANGE_UNKNOWN, EC_CHANGE_UNCLAIMED } ec_change;
const char *ec_change_name(ec_change c); /* "same","worse","better","unknown","not claimed" */

/* A fact that differs between the baseline and an engine. */
typedef struct ec_mismatch {
  char *what;  /* "TensorRT version", "GPU", "inference option CUDA Graph", "label driver", ... */
  char *base;  /* value for the baseline ("(not set)" when absent) */
  char *other; /* value for the engine */
} ec_mismatch;

/* How a trtexec option of two engines compares (ec_compare_option_diff). */
typedef enum {
  EC_COMPARE_OPT_SAME = 0, /* equal, equivalent, or unknown on a side */
  EC_COMPARE_OPT_DIFFERS,  /* a user option differs: the numbers are not directly comparable */
  EC_COMPARE_OPT_DEFAULTS  /* each side has its own TensorRT's default, and TensorRT 11 changed that
                      default: a difference of versions, not of options */
} ec_compare_opt;

/** The one rule for an option difference: option key as printed in the
 *  inference options ("CUDA Graph"), its value on the baseline (bval, of
 *  TensorRT version bver) and on the engine (oval, over); values and versions
 *  may be NULL. A value a version no longer prints is the one it implies
 *  ("Separate profiling" on 11.x: always); an unknown value is no difference.
 *  "Batch: 1" and "Batch: Explicit" are the same (TensorRT 8.5 prints
 *  "Batch: 1" when it loads an explicit-batch engine). When both values are
 *  their own version's default and TensorRT 11 flipped it (CUDA Graph,
 *  Spin-wait, Data transfers, Separate profiling: model/trtexec.h), the
 *  answer is EC_COMPARE_OPT_DEFAULTS. Every option comparison goes through here. */
ec_compare_opt ec_compare_option_diff(const char *key, const char *bval, const char *bver, const char *oval, const char *over);

/** The value e has for the inference option key: as printed, else the one
 *  its TensorRT version implies (ec_trtexec_option_implied), else NULL.
 *  Borrowed from e or static. */
const char *ec_compare_option_value(const ec_engine *e, const char *key);
/** "Enabled (TensorRT 11 default)": an option value val that is TensorRT
 *  version ver's default (EC_COMPARE_OPT_DEFAULTS), as a new string. */
char *ec_compare_option_default_text(const char *val, const char *ver);

/* One aligned pair with profile times on both sides. */
typedef struct ec_layer_delta {
  long a, b;       /* baseline / engine layer index */
  const char *how; /* alignment evidence (EC_ALIGN_*) */
  double base_ms, ms, delta_ms, delta_pct; /* delta_pct NAN when base_ms is 0 */
  double noise_pct; /* the layer's run-to-run noise between two runs (percent), from repeated runs with
                       layers; NAN when not measured */
  int flagged;     /* breaks the advisory per-layer rule */
} ec_layer_delta;

/* Latency of the aligned layers of one type on both sides (the waterfall). */
typedef struct ec_compare_type_delta {
  const char *type; /* borrowed from the baseline engine */
  size_t n;         /* aligned pairs with both sides profiled */
  double base_ms, ms;
} ec_compare_type_delta;

/* A layer family's latency on each side: every layer (the platform
 * comparison) or the layers on one side only (the waterfall's steps). */
typedef struct ec_family_time {
  const char *family; /* facts/layer_kind.h ec_layer_family, else the shown type; static or borrowed */
  size_t n_base, n;   /* layers on the baseline's side, on the engine's */
  double base_ms, ms; /* their profiled latency sums */
} ec_family_time;

typedef struct ec_compare_result {
  size_t engine;        /* index into the engines */
  ec_metric_value m;    /* on the comparison's basis (ec_compare_divisor: per inference when batches differ) */
  double raw_value;     /* the metric as measured (per batch), whatever the basis; NAN when unknown */
  double raw_regress_pct; /* the change of the measured values (per batch), before the basis; NAN when unknown */
  double delta_pct;     /* 100*(value-base)/base, the metric's own direction; NAN when unknown */
  double regress_pct;   /* estimated slowdown in percent (est.est_pct; time per query for throughput) */
  ec_gate_est est;      /* the estimate and its interval */
  ec_verdict verdict;
  ec_change change;     /* worse/better when the interval excludes 0 (the estimate's sign without one) */
  char *reason;         /* one line saying why; owned */
  char *incomparable;   /* why it cannot be gated (ec_gate_incomparable), or NULL; owned */
  size_t warmup_trimmed; /* start-up iterations left out of the gate's runs (ec_gate_warmup) */
  ec_mismatch *mism;    /* comparability */
  size_t n_mism, cap_mism;
  ec_mismatch *dflt;    /* options that differ only by TensorRT 11's new defaults (EC_COMPARE_OPT_DEFAULTS):
                           values read "Enabled (TensorRT 11 default)"; not in mism */
  size_t n_dflt, cap_dflt;
  ec_mismatch *diff;    /* how the engines themselves differ (input names when the shapes agree, the
                           precision mix, the weights): said, and no reason the numbers do not compare */
  size_t n_diff, cap_diff;
  int aligned;          /* 0: skipped (align_note says why) */
  char *align_note;     /* owned or NULL */
  ec_alignment *al;     /* ec_align(baseline, engine) or NULL */
  ec_layer_delta *deltas; /* pairs with both profiled, by delta_ms descending, ties by baseline index */
  size_t n_deltas;
  double only_base_ms, only_engine_ms; /* time of one-sided layers; NAN without that engine's profile */
  ec_compare_type_delta *by_type; /* per layer type over deltas, sorted by type */
  size_t n_by_type;
  double base_total_ms, engine_total_ms; /* layer-latency sums (NAN without a profile) */
  double half_profiled_ms; /* engine_total - base_total not explained by by_type and one-sided layers
                              (aligned pairs profiled on one side only) */
  size_t n_unstored;    /* layers without a partner because a stored summary kept only its slowest
                           layers (not one-sided: not known); left out of the comparison */
  double unstored_ms;   /* their profiled time */
  double layer_noise_pct; /* median over aligned layers of their run-to-run noise (see above); NAN when not measured */
  char *layer_noise_note; /* what the per-layer rule could not measure (the floor used), or NULL; owned */
  size_t n_flagged;     /* layers breaking the advisory rule */
  size_t n_pairs;       /* aligned pairs (a layer on each side) */
  double base_aligned_ms, engine_aligned_ms; /* profiled time of each side's aligned layers; NAN without a profile */
  ec_family_time *only_by_family; /* one-sided layers per family, most time first */
  size_t n_only_by_family;
  ec_family_time *by_family; /* every layer per family, most time first (the platform comparison) */
  size_t n_by_family;
  char *device_why;     /* ec_gate_device_incomparable(baseline, engine), or NULL; owned */
} ec_compare_result;

/* Further runs of one engine (NAME=a,b,c): each a loaded engine whose timing
 * (or stored summary) adds a run; layers and facts come from the first. */
typedef struct ec_repeats {
  ec_engine *const *v; /* borrowed */
  size_t n;
} ec_repeats;

typedef struct ec_compare_opts {
  ec_metric metric;             /* requested */
  int metric_given;             /* 0: the default (gpu-median) */
  size_t baseline;              /* index into the engines */
  double max_regress_pct;       /* NAN: no gate */
  double confidence;            /* of the intervals, 0..1; 0: EC_GATE_CONFIDENCE */
  double max_layer_regress_pct; /* NAN: no per-layer rule */
  double min_layer_ms;          /* NAN: EC_MIN_LAYER_MS */
  int all_runs;                 /* every run of a multi-run timing file is a repeated run */
  const ec_repeats *repeats;    /* NULL, or one entry per engine */
  double run_noise_pct;         /* --run-noise: known run-to-run noise (sd, percent); 0 or NAN: unknown */
  int allow_mismatch;           /* --allow-mismatch: GPU/TensorRT/shape differences only warn */
  double runs_rho;              /* lag-1 autocorrelation of consecutive runs (trend's nights); 0: independent */
  int no_gate;                  /* --no-gate: a platform comparison, max_regress_pct ignored */
  const struct ec_expect *expect; /* --expect-precision (rules/expect.h): each candidate must meet it */
  size_t n_expect;
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
  size_t inconclusive, mismatched; /* gated engines without a verdict */
  size_t precision_missed;   /* candidates that miss --expect-precision (ec_compare_expect_apply): a fail */
  int platform;              /* a platform comparison: --no-gate, or an engine on another GPU */
  int per_inference;         /* the engines' batches differ: every figure is per inference (ec_compare_basis) */
  long *batch;               /* n entries: each engine's batch (ec_engine_batch), 0 when unknown; owned */
  ec_summary **sums;         /* n summaries of the engines (owned): computed once, the report reads them */
} ec_comparison;


/* ---- the basis of the figures ---------------------------------------------
 * Engines measured with different batches (the "Batch" option of an
 * implicit-batch engine, else the leading dimension of the first input as
 * run: facts/inputs.h ec_engine_batch) are compared per inference: every
 * time of engine i (its metric, its layers, its per-type and per-family
 * sums, the waterfall) is divided by its batch and its throughput
 * multiplied by it, so the change, the ratios, the speedups and the verdict
 * say how much faster one inference is (TREx's "batch-normalized" view).
 * Engines of one batch, or any whose batch is unknown, keep the figures as
 * measured. */

/** The one rule: fills batch[0..n) with each engine's batch (0 when
 *  unknown) and returns 1 when the comparison is per inference: every
 *  batch known and not all equal. */
int ec_compare_basis(ec_engine *const *engines, size_t n, long *batch);
/** How many inferences one of engine i's measured times holds on c's basis:
 *  its batch when c is per inference, else 1. Every output divides a time of
 *  engine i read from the engine itself (a layer, a summary) by it, and
 *  multiplies a throughput by it; the comparison's own figures already are. */
double ec_compare_divisor(const ec_comparison *c, size_t i);
/** The unit of c's metric on its basis: "ms", "qps", "ms per inference" or
 *  "inferences/s"; static. */
const char *ec_compare_unit(const ec_comparison *c);

/** The type an aligned pair (baseline layer a, engine layer b, may be NULL)
 *  is shown and grouped by: a's type when its source gave one, else b's
 *  (a names-only layer aligned with a detailed one), else a's family from
 *  its name ("Convolution (from name)", facts/layer_kind.h). Borrowed or
 *  static. */
const char *ec_compare_pair_type(const ec_layer *a, const ec_layer *b);

/* What changed inside an aligned pair (ec_compare_pair_changes). */
enum {
  EC_PAIR_IMPLEMENTATION = 1u, /* LayerType or kernel (tactic) differ, both given */
  EC_PAIR_PRECISION = 2u       /* input or output precision differ, both given */
};
/** What changed between the baseline's layer a and the engine's layer b it
 *  is aligned with: EC_PAIR_* bits; a value a side does not give (a
 *  names-only layer, the "TensorRT" placeholder tactic) is no change, and
 *  so is a kernel name that differs only in the architecture it names
 *  ("sm80_xmma_..." on an A100, "sm86_xmma_..." on an RTX 3080). */
unsigned ec_compare_pair_changes(const ec_layer *a, const ec_layer *b);
/** The reason shown beside a pair's time: "implementation changed:
 *  CaskConvolution → CudnnConvolution" (or "... kernel A → B" when only the
 *  tactic changed), "precision changed: FP16 → FP32", joined by "; "; NULL
 *  when ec_compare_pair_changes finds nothing. Caller frees. */
char *ec_compare_pair_why(const ec_layer *a, const ec_layer *b);

/* A uniform change: every layer moved by about the same factor, which
 * points at the measurement (clocks, concurrent streams, green contexts,
 * another process) before the engine. The one rule (ec_compare_uniform):
 * engine i on the baseline's GPU and batch (not per inference), its aligned
 * pairs profiled on both sides of at least opts.min_layer_ms are at least
 * EC_UNIFORM_MIN_LAYERS and hold at least half of the baseline's layer
 * time, none changed its implementation or precision
 * (ec_compare_pair_changes: the same engine measured again), every one
 * moved the same way by at least EC_UNIFORM_MIN_PCT, and the largest
 * ratio is at most EC_UNIFORM_SPREAD times the smallest (+150% and +490%
 * are 2.5x and 5.9x: about the same factor next to an unchanged layer). */
#define EC_UNIFORM_MIN_LAYERS 5
#define EC_UNIFORM_MIN_PCT 10.0
#define EC_UNIFORM_SPREAD 3.0
typedef struct ec_uniform {
  size_t layers;           /* pairs the rule looked at */
  double low_pct, high_pct; /* the smallest and largest change among them; NAN when not uniform */
} ec_uniform;
/** 1 when engine i's layers moved uniformly against the baseline's (the
 *  rule above), with *u filled; else 0. */
int ec_compare_uniform(const ec_comparison *c, size_t i, ec_uniform *u);
/** The line every output says for a uniform change: "every layer moved by
 *  about the same factor (+150.0% to +490.0% on each of 12 aligned layers):
 *  check clocks, concurrent streams or contexts before the engine"; NULL
 *  when the change is not uniform. Caller frees. */
char *ec_compare_uniform_text(const ec_comparison *c, size_t i);

/** How much of engine i aligned with the baseline, one sentence: "16 of 25
 *  layers of A and 16 of 61 of B aligned, 88% and 13% of their layer time;
 *  the 45 layers only in B take 2.96 ms of the +3.25 ms change", with
 *  "these look like different networks" when under half of either side's
 *  time aligned. NULL when i was not aligned. Caller frees. */
char *ec_compare_alignment_text(const ec_comparison *c, size_t i);

/** The overall platform ratio of engine i: its time over the baseline's for
 *  the metric used (time per query for throughput); NAN when unknown. */
double ec_compare_time_ratio(const ec_comparison *c, size_t i);

/** Compare engines[0..n) against engines[o->baseline]. labels (may be NULL)
 *  holds n key/value sets the user gave (--label); they are compared like
 *  facts read from files. Caller frees with ec_comparison_free. */
ec_comparison *ec_compare(ec_engine *const *engines, size_t n, const ec_kvs *labels, const ec_compare_opts *o);
void ec_comparison_free(ec_comparison *c);
/* The comparison's outcome as a whole. The one rule for "no verdict"
 * (docs/compare.md): a comparison that ran but cannot say of an engine
 * whether it is slower -- no timing to compare on a side
 * (EC_OUTCOME_NO_TIMING), an engine not comparable with the baseline when
 * gated (EC_OUTCOME_MISMATCH), a change not told from noise
 * (EC_OUTCOME_INCONCLUSIVE) -- exits 4; a failed gate (1) outranks it. Exit
 * 3 stays for an ENGINE that gave no usable data when loading. */
typedef enum {
  EC_OUTCOME_NOT_COMPARABLE = 0, /* trend: the latest night lacks the metric */
  EC_OUTCOME_FAIL,               /* a gate failed */
  EC_OUTCOME_PASS,               /* every gate passed */
  EC_OUTCOME_NO_GATE,            /* no --max-regress */
  EC_OUTCOME_MISMATCH,           /* no verdict: an engine is not comparable (GPU, TensorRT, shapes) */
  EC_OUTCOME_INCONCLUSIVE,       /* no verdict: an engine's change is not told from noise */
  EC_OUTCOME_NO_TIMING           /* no verdict: an engine or the baseline has no timing to compare */
} ec_outcome;
ec_outcome ec_compare_outcome(const ec_comparison *c);
/** 1 when o is "no verdict" (exit 4): mismatch, inconclusive, no timing. */
int ec_outcome_no_verdict(ec_outcome o);
/** "not comparable", "fail", "pass", "no gate", "not comparable",
 *  "inconclusive", "no timing"; static. */
const char *ec_outcome_name(ec_outcome o);
/** The verdict of one engine as the outcome words ("fail", "pass", "no
 *  timing", "no gate" for info, "baseline"); static. */
const char *ec_verdict_words(ec_verdict v);

/** The gate's rule in words, as the estimates of the comparison support it
 *  (ec_gate_mode): "fail when the estimated slowdown exceeds 5% and its 99%
 *  interval excludes no change" (repeated runs, a given run-to-run noise),
 *  "... exceeds 5%: a threshold on the estimate (one run per side: run-to-run
 *  noise not measured), inconclusive when the run's own noise explains it",
 *  both when modes are mixed; NULL without a gate. Caller frees. */
char *ec_compare_gate_rule(const ec_comparison *c);
/** Result r's direction in words: "slower than the baseline", "faster than
 *  the baseline", "no change told from noise" (an interval), "within the
 *  run's own noise" or "beyond the run's own noise; run-to-run noise not
 *  measured, so no direction is claimed" (one run per side), "no interval,
 *  so no direction is claimed"; static. */
const char *ec_compare_direction(const ec_compare_result *r);
/** A direction as one word for a table cell: "slower", "faster", "within
 *  noise" (an interval supports it), NULL when none is claimed
 *  (EC_CHANGE_UNCLAIMED), "unknown"; static. */
const char *ec_change_word(ec_change c);
/* A layer type "moved" when it holds this share (percent) of the sum of
 * every type's absolute change: compare's and trend's rule. */
#define EC_MOVED_NOTABLE_PCT 10.0
/** What got slower (or faster) by layer type, over engine i's aligned
 *  layers: "Convolution +0.0863 ms (+12.0%), Reformat ..." for the types
 *  that moved (EC_MOVED_NOTABLE_PCT), largest change first, at most three;
 *  NULL when none did or the layers were not aligned. Caller frees. */
char *ec_compare_moved_text(const ec_compare_result *r);
/* The most runs a "what would decide it" sentence considers. */
#define EC_DECIDE_MAX_RUNS 100

#endif
