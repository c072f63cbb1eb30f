/* finding — the record every rule writes and every output reads.
 *
 * A finding names a rule of the catalogue (rules/lint.h), its severity, the
 * layers it is about, what it could save (gain_ms_max, an upper bound; and
 * gain_ms_likely, a realistic estimate, with its basis) and what to try. The
 * rule sets (lint's checks, findings' "what to try next", expect's precision
 * check) include this record and the thresholds (ec_lint_opts), never each
 * other: lint runs the others, nothing runs lint.
 *
 * Pure: no I/O. */
#ifndef EC_FINDING_H
#define EC_FINDING_H
#include <stddef.h>
#include "model/engine.h"
#include "util/buf.h"

typedef enum { EC_LINT_INFO = 0, EC_LINT_WARNING = 1, EC_LINT_ERROR = 2 } ec_lint_sev;
typedef enum { EC_CONF_LOW = 0, EC_CONF_MEDIUM = 1, EC_CONF_HIGH = 2 } ec_confidence;
typedef enum { EC_GAIN_NONE = 0, EC_GAIN_ZERO, EC_GAIN_MEDIAN_EFFICIENCY } ec_gain_basis;
typedef enum { EC_LIKELY_NONE = 0, EC_LIKELY_NEIGHBOURS, EC_LIKELY_PEAK_RATIO, EC_LIKELY_REFORMATS } ec_likely_basis;

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
  /* what to try next */
  double gain_ms_max;    /* upper bound of the layer-sum ms saved (see above), NAN when not estimated */
  ec_gain_basis gain_basis; /* EC_GAIN_NONE exactly when gain_ms_max is NAN */
  double gain_ms_likely; /* realistic estimate (see above), <= gain_ms_max; NAN when no basis */
  ec_likely_basis likely_basis; /* EC_LIKELY_NONE exactly when gain_ms_likely is NAN */
  char *likely_why;      /* owned: the basis in words, with its numbers; NULL without an estimate */
  ec_confidence confidence;
  char *confidence_why;  /* owned: why this confidence (never NULL after ec_lint) */
  char *next_step;       /* owned, NULL or the experiment to run: a trtexec flag, an ONNX change, a tool */
  size_t *layers;        /* owned: the layers the finding is about (evidence), slowest first; NULL when none */
  size_t n_layers;
} ec_finding;

typedef struct ec_findings {
  ec_finding *v;
  size_t n, cap;
  size_t count[3];       /* by severity */
  /* Savings bounded by what the engine takes (set by ec_lint): when the
   * per-layer latencies add up to more than the end-to-end time (trtexec
   * times each layer on its own), every gain_ms_max and gain_ms_likely is
   * scaled by gain_scale = e2e_ms / layer_sum_ms, so no saving, alone or
   * together, exceeds the end-to-end time; ec_findings_scale_note says so. */
  int gains_scaled;      /* 1 when the gains are scaled */
  double gain_scale;     /* e2e_ms / layer_sum_ms when scaled, else 1 */
  double layer_sum_ms;   /* the summed per-layer latency; NAN without a profile */
  double e2e_ms;         /* the end-to-end median (facts/summary.h ec_summary_e2e); NAN when unknown */
  const char *e2e_what;  /* "GPU compute time", "latency"; static, NULL when unknown */
  const char *e2e_source; /* static, NULL when unknown */
} ec_findings;

/* Thresholds; ec_lint_opts_default() gives the documented defaults. */
typedef struct ec_lint_opts {
  double movement_share_warn_pct;  /* data-movement: warning at or above (10) */
  double movement_share_info_pct;  /* ... info at or above (5) */
  double hotspot_pct;              /* hotspot: one layer or Myelin region at or above (10) */
  double tiny_kernel_ms;           /* tiny-kernels: a layer under this average (0.005 ms = 5 us) ... */
  double tiny_share_pct;           /* ... when such layers together take at least this share (20) ... */
  size_t tiny_min_layers;          /* ... and there are at least this many (10) */
  double pct_sum_tolerance;        /* profile-pct-sum: |sum - 100| allowed (2, percentage points) */
  double time_tolerance_pct;       /* profile-time-consistency: relative difference allowed (2 %) */
  double unstable_p99_ratio_warn;  /* timing-unstable: p99/median warning at or above (1.5) */
  double unstable_p99_ratio_info;  /* ... info at or above (1.2) */
  size_t min_timing_samples;       /* timing-few-samples: fewer per-iteration timings (100) */
  long long min_profile_iterations; /* ... fewer profiled iterations (10) */
  double profile_e2e_warn;         /* profile-e2e-ratio: layer sum / end-to-end median at or above (1.5): warning */
  double profile_e2e_info;         /* ... end-to-end GPU compute median / layer sum at or above (2): info */
  const struct ec_expect *expect;  /* --expect-precision (rules/expect.h), or NULL */
  size_t n_expect;
} ec_lint_opts;


void ec_findings_free(ec_findings *f);

/** Append a new finding of rule (an id of the catalogue below) to f and
 *  return it for the caller to fill: layer -1, share, latency and gain NAN,
 *  confidence and its reason from the catalogue (confidence_why owned by
 *  f), everything else NULL/0. The caller sets message (required) and the
 *  other owned strings with ec_strdup/ec_asprintf; ec_findings_free frees
 *  them. For the rule modules (lint.c, findings.c); the pointer is valid
 *  until the next push. */
ec_finding *ec_findings_push(ec_findings *f, const char *rule, ec_lint_sev sev);
/** Copy layer indices (n of them) into x->layers, ordered slowest first by
 *  e's profile (ties and unprofiled layers in engine order). */
void ec_finding_set_layers(ec_finding *x, const ec_engine *e, const size_t *idx, size_t n);

/** The findings worth trying first: up to k findings of f with the largest
 *  gain_ms_max (finite and above 0; unknown gains are never ranked), largest
 *  first, ties by latency share then f's order. Writes borrowed pointers
 *  into out (room for k) and returns how many. The report's first screen
 *  shows ec_findings_top(f, 3, out). */
size_t ec_findings_top(const ec_findings *f, size_t k, const ec_finding **out);
/** What a reader sees first (the report's first screen, page 1 of the PDF):
 *  ec_findings_top(f, k), then, while fewer than k, the warnings and errors
 *  without a known gain by their rule's scope (ec_lint_rule_scope: engine-wide
 *  levers first), then in f's order (lint's ranking: latency share, then
 *  severity, then scope). Borrowed pointers into out (room for k); returns how many. */
size_t ec_findings_first(const ec_findings *f, size_t k, const ec_finding **out);

/** A layer's name shortened for a sentence: at most max code points (0: 48),
 *  cut in the middle with an ellipsis at name separators (ec_ident_break_at),
 *  keeping its start and its end ("/model/layer1/…/conv2/Conv"). Appended
 *  to b as raw text (the writers escape it). */
void ec_lint_layer_label(ec_buf *b, const ec_layer *l, size_t max);

/** What the findings v[0..n) could save together, counting each layer's time
 *  once: each finding's gain_ms_max is spread over its layers in proportion
 *  to their time (capped at it), and a layer several findings name counts
 *  its largest part only. Never above the summed time of the layers they
 *  name; NAN when none of them has a known gain. *layers_ms (may be NULL)
 *  gets that summed time (NAN without a profile). */
double ec_findings_union_gain(const ec_engine *e, const ec_finding *const *v, size_t n, double *layers_ms);
/** The same for gain_ms_likely: what v[0..n) likely save together, each
 *  layer's time once; never above ec_findings_union_gain of the same
 *  findings; NAN when none of them has an estimate, or when one of them
 *  with a bound above 0 has none (a sum of the others would read as the
 *  likely total). */
double ec_findings_union_likely(const ec_engine *e, const ec_finding *const *v, size_t n);

/** "if these layers took no time", "at their class's median efficiency
 *  (TFLOP/s of the engine's convolutions or GEMMs on the same math)": what
 *  an estimate on basis b assumes; NULL for EC_GAIN_NONE. */
const char *ec_gain_basis_text(ec_gain_basis b);

/** When f's gains are scaled (gains_scaled), the sentence that says so:
 *  "Savings are scaled to the end-to-end time: the per-layer latencies add up
 *  to 2.097 ms, 3.8× the GPU compute median of 0.5519 ms (log), so each is
 *  its share of 0.5519 ms (×0.263)." NULL otherwise. Caller frees. */
char *ec_findings_scale_note(const ec_findings *f);

/** "info", "warning", "error". */
const char *ec_lint_sev_name(ec_lint_sev s);
/** Parse "info"/"warning"/"error"; returns -1 for anything else. */
int ec_lint_sev_parse(const char *s);
/** The highest severity in f, or -1 when f is empty. */
int ec_findings_max_sev(const ec_findings *f);
/** "low", "medium", "high". */
const char *ec_confidence_name(ec_confidence c);
/** "zero", "median-efficiency", or NULL for EC_GAIN_NONE. */
const char *ec_gain_basis_name(ec_gain_basis b);
/** "neighbour-efficiency", "peak-ratio", "reformats-removed", or NULL for EC_LIKELY_NONE. */
const char *ec_likely_basis_name(ec_likely_basis b);


/* One row of the rule catalogue (for docs, --json and tests). */
typedef struct ec_lint_rule {
  const char *id;
  const char *trex_rule; /* or NULL */
  const char *summary;
  ec_confidence confidence;   /* the rule's usual confidence (a finding may say otherwise) */
  const char *confidence_why; /* and why */
} ec_lint_rule;
/* How far a rule's lever reaches: the order of findings without a latency
 * share or an estimate (lint's ranking, the first screen's fill), engine-wide
 * levers first (issue 39: a log-only FP32 engine ranked a classifier's
 * channel alignment above "built FP32 on a Tensor-Core GPU"). */
typedef enum {
  EC_SCOPE_ENGINE = 0, /* the engine's build: its precision, Tensor Cores (fp32-engine, precision-expectation) */
  EC_SCOPE_PATTERN,    /* a pattern over many layers: unfused attention, data movement, islands, hotspots */
  EC_SCOPE_LAYER,      /* one layer's kernel or shape: alignment, a CUDA-core convolution, a converting Reformat */
  EC_SCOPE_INPUTS      /* the inputs themselves: timings, the profile, names-only layer information */
} ec_lint_scope;
/** The scope of rule id (EC_SCOPE_LAYER for a rule the table does not list). */
ec_lint_scope ec_lint_rule_scope(const char *id);
/** "engine", "pattern", "layer", "inputs". */
const char *ec_lint_scope_name(ec_lint_scope s);

/** The catalogue of every rule ec_lint can emit; *n is set. */
const ec_lint_rule *ec_lint_rules(size_t *n);
/** The catalogue row of rule id, or NULL. */
const ec_lint_rule *ec_lint_rule_of(const char *id);
#endif
