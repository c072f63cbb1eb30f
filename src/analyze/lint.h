/* lint — hazards of an engine's layers, each with its mitigation, and checks
 * that the input files are consistent (DESIGN.md §1 "analyze").
 *
 * Rules (stable ids; README "enginecard lint" lists them):
 *   TREx's linters (reference/trex-inventory.md §1.4), with their bugs fixed:
 *     conv-no-tensor-cores       ConvLinter.tc_lint, judged by analyze/tensorcore
 *     conv-tensor-cores-unknown  ConvLinter.tc_lint flags it, but the kernel name
 *                                gives no evidence either way (info)
 *     conv-int8-float-output     ConvLinter.mixed_precision_lint
 *     conv-misaligned-channels   ConvLinter.alignment_lint
 *     reformat-type-conversion   ReformatLinter (its mitigation is emitted)
 *     slice-type-conversion      SliceLinter
 *     qdq-unfused                QDQLinter (TensorRT 8.2 Scale-style Q/DQ)
 *   Beyond TREx: reformat-latency-share, fp32-island, gemm-no-tensor-cores,
 *     myelin-opaque, zero-latency, timing-unstable, timing-few-samples,
 *     graph-no-detail, profile-missing.
 *   Input validation (after NVIDIA's trt-perf-analysis): graph-cycle,
 *     graph-self-loop (info: an in-place update, which is valid),
 *     profile-name-mismatch, profile-pct-sum, profile-time-consistency,
 *     profile-count-inferred.
 * A layer keeps every hazard it has (TREx kept only the last per convolution).
 * Findings are ranked by latency share, descending (unknown share last), then
 * severity, then the order the rules ran in. Pure: no I/O, never prints. */
#ifndef EC_LINT_H
#define EC_LINT_H
#include <stddef.h>
#include "analyze/summary.h"
#include "model/engine.h"

typedef enum { EC_LINT_INFO = 0, EC_LINT_WARNING = 1, EC_LINT_ERROR = 2 } ec_lint_sev;

typedef struct ec_finding {
  const char *rule;      /* stable rule id (static) */
  ec_lint_sev severity;
  long layer;            /* index into engine->layers, or -1 (engine-wide, or a hidden layer) */
  double share_pct;      /* latency share of what the finding is about, NAN when unknown */
  double latency_ms;     /* its latency (sum of averageMs), NAN when unknown */
  char *message;         /* owned; may quote layer and tensor names (untrusted: escape on output) */
  char *mitigation;      /* owned, NULL when there is nothing to suggest */
  char *evidence;        /* owned, NULL or the fact behind the finding ("FP32 -> Int8", a classifier reason) */
  const char *trex_rule; /* TREx linter.rule it corresponds to ("ConvLinter.tc_lint"), or NULL */
  size_t seq;            /* emission order, the last sort key */
} ec_finding;

typedef struct ec_findings {
  ec_finding *v;
  size_t n, cap;
  size_t count[3];       /* by severity */
} ec_findings;

/* Thresholds; ec_lint_opts_default() gives the documented defaults. */
typedef struct ec_lint_opts {
  double reformat_share_warn_pct;  /* reformat-latency-share: warning at or above (10) */
  double reformat_share_info_pct;  /* ... info at or above (5) */
  double pct_sum_tolerance;        /* profile-pct-sum: |sum - 100| allowed (2, percentage points) */
  double time_tolerance_pct;       /* profile-time-consistency: relative difference allowed (2 %) */
  double unstable_p99_ratio_warn;  /* timing-unstable: p99/median warning at or above (1.5) */
  double unstable_p99_ratio_info;  /* ... info at or above (1.2) */
  size_t min_timing_samples;       /* timing-few-samples: fewer per-iteration timings (100) */
  long long min_profile_iterations; /* ... fewer profiled iterations (10) */
} ec_lint_opts;

ec_lint_opts ec_lint_opts_default(void);

/** Lint e (s is its summary, from ec_summarize(e)) into out, which the caller
 *  zero-initialises and frees with ec_findings_free. opts may be NULL for the
 *  defaults. Findings are sorted (see above); out->count is filled. */
void ec_lint(const ec_engine *e, const ec_summary *s, const ec_lint_opts *opts, ec_findings *out);
void ec_findings_free(ec_findings *f);

/** "info", "warning", "error". */
const char *ec_lint_sev_name(ec_lint_sev s);
/** Parse "info"/"warning"/"error"; returns -1 for anything else. */
int ec_lint_sev_parse(const char *s);
/** The highest severity in f, or -1 when f is empty. */
int ec_findings_max_sev(const ec_findings *f);

/* One row of the rule catalogue (for docs, --json and tests). */
typedef struct ec_lint_rule {
  const char *id;
  const char *trex_rule; /* or NULL */
  const char *summary;
} ec_lint_rule;
/** The catalogue of every rule ec_lint can emit; *n is set. */
const ec_lint_rule *ec_lint_rules(size_t *n);

#endif
