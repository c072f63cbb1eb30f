/* trend — engines' history night by night: where each engine's level
 * changed (its first bad night), by how much, what moved, and a gate on the
 * latest night.
 *
 * Pure: no I/O. Nights are loaded engines (usually stored `summary --json`
 * files), borrowed; they must outlive the trend.
 *
 * Groups. Nights are grouped by engine name (as stored in the summary, or
 * NAME=), GPU and TensorRT version; each group is one series. With
 * opts.by, a group's nights are ordered by that label (`summary --label
 * KEY=VALUE`): numerically when every value is a number, chronologically
 * when every value is an ISO 8601 date or date-time, else by byte order;
 * equal values by the night's file path; groups by their keys. So the
 * order of the inputs does not matter. Without opts.by, nights and groups
 * keep the order given. A night without the label is left out (counted in
 * a warning).
 *
 * Metric. One for every group: the requested one (default gpu-median) when
 * the latest night of some group has it, else compare's fallback rule
 * (ec_metric_pick) over the latest nights. A night without it is a gap in
 * the series (counted in a warning); a latest night without it makes its
 * group's gate an error.
 *
 * Change points. judge/changepoint.h on the log of each group's series;
 * a step between levels under EC_TREND_MIN_STEP_PCT is none (merged).
 * For each: the first night of the new level; its size, estimated by
 * compare (ec_compare: the same statistics as `compare`, judge/gate.h)
 * from the last EC_TREND_WINDOW nights of the level before (as repeated
 * runs) to the first EC_TREND_WINDOW nights of the new level; the facts
 * compare finds different between the last night before and the first night
 * after (GPU clocks, trtexec options, input shapes); and what moved: every
 * layer type's latency (the median over each window's nights of the
 * summaries' latency_ms.by_type) and the slowest layers' (top_layers),
 * largest absolute change first.
 *
 * Gate (opts.max_regress_pct). The latest night against the level before
 * it: the previous level when the latest night starts or continues a new
 * one, else the nights before it in its own level (the last
 * EC_TREND_WINDOW of them). compare decides, as `compare` would with those
 * nights as the baseline's repeated runs and the latest night as the
 * candidate: fail when the estimated slowdown exceeds the limit and its
 * interval excludes no change. And the latest night against a reference
 * that drift does not move (the level of the night opts.reference names,
 * else the first level: its first EC_TREND_WINDOW nights), the same way:
 * the cumulative change; a slow drift that no change point splits fails
 * here. The group fails when either fails, but a single red night is
 * INCONCLUSIVE until confirmed: the latest night is in a new level (three
 * nights), or the night before it, at the same level (within the filter's
 * clip), also fails against the same nights. Nights the change-point filter
 * clipped (outliers) are left out of every baseline and of the windows a
 * change point's size is estimated from.
 * compare's other no-verdict outcomes (inconclusive, not comparable) carry
 * over. */
#ifndef EC_TREND_H
#define EC_TREND_H
#include <stddef.h>
#include "judge/changepoint.h"
#include "judge/compare.h"

#define EC_TREND_WINDOW 20 /* nights on each side that an estimate uses */
#define EC_TREND_NOTABLE_PCT EC_MOVED_NOTABLE_PCT /* a layer type "moved" when it holds this share of the types' total absolute change */
#define EC_TREND_MIN_STEP_PCT 1.0 /* no change point is reported for a step between levels smaller than this
                                     (real runs hold levels 0.2-0.4% apart that are not worth one) */

typedef struct ec_trend_opts {
  ec_metric metric;       /* requested */
  int metric_given;       /* 0: the default (gpu-median) */
  const char *by;         /* label to order nights by; NULL: the order given */
  double max_regress_pct; /* NAN: no gate */
  double confidence;      /* of the intervals, 0..1; 0: EC_GATE_CONFIDENCE */
  const char *reference;  /* --reference LABEL: the night (by name) whose level drift is measured from; NULL: the first level */
} ec_trend_opts;

typedef struct ec_trend_night {
  ec_engine *e;         /* borrowed (compare takes engines as given) */
  size_t input;         /* position among the inputs */
  const char *name;     /* display name: the --by label's value, else the engine's display name (borrowed) */
  double value;         /* the metric; NAN when the night lacks it (a gap) */
  size_t level;         /* index of its level (group->levels); for a gap, of the level around it */
  int outlier;          /* the change-point filter clipped it (far from its neighbours) */
  int has_types;        /* per-type latencies are known (a profile, or a stored summary of one) */
} ec_trend_night;

/* A level: consecutive nights between change points. */
typedef struct ec_trend_level {
  size_t first, last;   /* nights (indices into the group's nights) */
  double value;         /* fitted level in metric units: exp of the mean filtered log value */
} ec_trend_level;

/* A layer type's or a layer's latency on both sides of a change. */
typedef struct ec_trend_moved {
  char *name;           /* type, or layer name (owned) */
  char *type;           /* a layer's type, or NULL (owned) */
  double before_ms, after_ms; /* median over the side's nights that give it; NAN when none does */
  size_t before_n, after_n;   /* nights that give it */
  double share_pct;     /* layer types: 100 * its change / the sum of every type's absolute change
                           (NAN for layers, or when nothing changed) */
} ec_trend_moved;

typedef struct ec_trend_cp {
  size_t night;         /* the first night of the new level */
  size_t before_first;  /* the nights the estimate compares: [before_first, before_last] ... */
  size_t before_last;
  size_t after_last;    /* ... against [night, after_last] (nights with the metric among them) */
  size_t runs_before, runs_after;
  double level_before, level_after; /* fitted levels */
  ec_gate_est est;      /* the change (positive: slower), with its interval */
  ec_change change;
  ec_mismatch *facts;   /* facts that differ from the last night before to the first after */
  size_t n_facts;
  ec_trend_moved *types; /* by absolute change, largest first (unknown changes last) */
  size_t n_types;
  ec_trend_moved *layers;
  size_t n_layers;
} ec_trend_cp;

typedef struct ec_trend_group {
  char *engine, *gpu, *tensorrt; /* the group's keys (owned; gpu, tensorrt NULL when unknown) */
  ec_trend_night *nights;
  size_t n, cap;
  size_t points;        /* nights with the metric */
  double noise_pct;     /* night-to-night noise (the detector's sigma, in percent); NAN with < 3 points */
  double penalty;       /* the detector's penalty per change point */
  ec_trend_level *levels;
  size_t n_levels;
  ec_trend_cp *cps;
  size_t n_cps;
  /* the gate on the latest night */
  size_t latest;        /* the last night (index) */
  int judged;           /* 0: nothing to compare the latest night with */
  size_t gate_first, gate_last; /* the nights it is compared with */
  size_t gate_runs;
  ec_gate_est est;
  ec_verdict verdict;   /* BASELINE (not judged), PASS, FAIL, INFO (no gate) or ERROR: the level
                           gate's and the reference's together */
  ec_verdict level_verdict; /* the gate against the level before it alone (which gate failed) */
  ec_change change;
  char *reason;         /* owned */
  ec_mismatch *facts;   /* facts of the latest night that differ from the night before the compared level's end */
  size_t n_facts;
  /* the cumulative change: the latest night against a fixed reference that
   * drift does not move (opts.reference's level, else the first level) */
  int ref_judged;
  size_t ref_first, ref_last, ref_runs; /* the reference nights */
  ec_gate_est ref_est;
  ec_verdict ref_verdict;
  char *ref_reason;     /* owned or NULL */
  double rho;           /* lag-1 autocorrelation of the nights' residuals (changepoint.h); NAN: not estimated */
  /* per-type latency, night by night */
  char **types;         /* every layer type of the group, by latency in the latest night that has them, largest first */
  size_t n_types;
  double *type_ms;      /* n x n_types, row per night; NAN unknown */
} ec_trend_group;

typedef struct ec_trend {
  ec_trend_group *groups;
  size_t n;
  ec_metric requested, used;
  ec_trend_opts opts;   /* with defaults */
  size_t nights;        /* nights in the groups */
  const char *order;    /* how opts.by's values compare: "number", "date" or "text"; NULL: input order (static) */
  ec_diags diags;       /* nights left out, gaps, ties, metric fallback */
  size_t failed, errors, gates;
  size_t inconclusive, mismatched; /* judged groups without a verdict */
} ec_trend;

/** Build the trend of the n nights es[i]: group_names[i] is the engine
 *  name that groups it (as loaded: a stored summary's engine, or NAME=),
 *  display[i] the name shown for it when there is no --by label (names that
 *  tell the nights apart). Arrays are borrowed for the call; the engines
 *  for the trend's lifetime. Caller frees with ec_trend_free. */
ec_trend *ec_trend_build(ec_engine *const *es, const char *const *group_names, const char *const *display, size_t n,
                         const ec_trend_opts *o);
void ec_trend_free(ec_trend *t);

/** The outcome as a whole, ranked as exit codes rank them (compare's words). */
ec_outcome ec_trend_outcome(const ec_trend *t);
/** The gate's rule in words, or NULL without a gate; caller frees. */
char *ec_trend_gate_rule(const ec_trend *t);
/** The change point's sentence: "from 17: +10.1% [+9.6, +10.7];
 *  Convolution +0.0863 ms (+12.0%)" (the layer types that moved, see
 *  ec_trend_moved_notable); caller frees. */
char *ec_trend_cp_line(const ec_trend_group *g, const ec_trend_cp *c);
/** A latency's change as every output writes it: "+0.0863 ms (+12.0%)",
 *  "new" (not known before), "gone" (not known after), or "not available" (EC_NA); into buf,
 *  returns buf. */
char *ec_trend_moved_str(char *buf, size_t cap, const ec_trend_moved *m);
/** m's change in ms (after - before); NAN when a side is unknown. */
double ec_trend_moved_delta_ms(const ec_trend_moved *m);
/** m's change in percent of before; NAN when a side is unknown or before is
 *  not positive. */
double ec_trend_moved_delta_pct(const ec_trend_moved *m);
/** 1 when layer type m holds at least EC_TREND_NOTABLE_PCT of the change
 *  (the types worth naming; the rest moved by noise). */
int ec_trend_moved_notable(const ec_trend_moved *m);

#endif
