/* gate — the statistics of compare's regression gate: how much a timing
 * statistic (median, mean or p99 of per-iteration times) changed from a
 * baseline to a candidate, with a confidence interval that accounts for the
 * number of iterations and, given repeated runs, for run-to-run variation.
 *
 * Pure: no I/O. Deterministic: an own PRNG (xoshiro256** seeded by
 * splitmix64, integer arithmetic only) with a fixed seed; the deviates use
 * libm's log, sqrt and pow, whose last-bit differences between platforms lie
 * far below the 12 significant digits any output prints.
 *
 * The model. A run's statistic T (its median, ...) is compared on the log
 * scale: the estimate is d = mean_i log T_cand,i - mean_i log T_base,i over
 * each side's runs, reported as 100*(exp(d)-1) percent (the ratio of the
 * statistics minus one).
 *
 *  - Within a run, the sampling error of log T comes from a bootstrap of its
 *    iterations (resampling with replacement, EC_GATE_REPLICATES replicates).
 *    For a quantile it is exact and O(1) per replicate: the k-th order
 *    statistic of a resample of n values is F_n^-1(U) with U ~ Beta(k,
 *    n-k+1), F_n^-1 the empirical quantile function (or a stored sketch of
 *    it, interpolated). So 100k+ iterations cost one sort, not 100k draws per
 *    replicate. For the mean the replicate is mean + sd/sqrt(n) Z (the
 *    central limit theorem; the exact bootstrap of a mean is that normal
 *    law in the limit). Timers tick: when a run's times come in steps of h
 *    (the smallest gap between distinct values), a quantile replicate gets a
 *    uniform jitter of one step (a smoothed bootstrap), since thousands of
 *    iterations tied on one value still place the quantile only to a step.
 *  - One run per side: the interval is the percentile interval of the
 *    bootstrap replicates of d. It covers within-run noise only; run-to-run
 *    noise (clocks, a busy neighbour, a reboot) is larger and one run
 *    cannot measure it (method says so).
 *  - Repeated runs (k_b, k_c runs, at least one side with two or more): a
 *    random-effects model. Each run's log T = side mean + run effect
 *    (normal, variance tau^2, the same on both sides: one machine, one
 *    procedure) + within-run error (variance v_i from the bootstrap). tau^2
 *    is estimated by moments from the scatter of the runs around their side's
 *    mean, pooled over both sides: tau^2 = max(0, (S - sum_s (1-1/k_s)
 *    sum_i v_i) / df), S the sum of squared deviations, df = (k_b-1) +
 *    (k_c-1). Var(d) = sum_s (tau^2 + mean_i v_i)/k_s and the interval is
 *    d +- t(df) sqrt(Var(d)), Student's t with df degrees of freedom (wide
 *    with few runs, as it should be).
 *  - No interval when a side has no per-iteration distribution (statistics
 *    trtexec printed without a count, or layer-sum), fewer than
 *    EC_GATE_MIN_ITERATIONS iterations (fewer than 100 for p99, which is
 *    then the maximum), or non-positive times; why says which. */
#ifndef EC_GATE_H
#define EC_GATE_H
#include <stddef.h>
#include <stdint.h>

#define EC_GATE_CONFIDENCE 0.99  /* --confidence default */
#define EC_GATE_REPLICATES 10000 /* bootstrap replicates: 50 in each 0.5% tail */
#define EC_GATE_SEED UINT64_C(0x656e67696e656361) /* "enginecard" */
#define EC_GATE_MIN_ITERATIONS 10
#define EC_SKETCH_POINTS 201     /* stored quantiles: p = 0, 0.5%, ..., 100% */

typedef enum { EC_STAT_MEDIAN = 0, EC_STAT_MEAN, EC_STAT_P99 } ec_stat;

/* What is known about one run's per-iteration times. Arrays are borrowed. */
typedef struct ec_dist {
  double value;          /* the run's statistic (exact: from the data or as stored) */
  size_t n;              /* iterations behind it; 0 when unknown */
  const double *sorted;  /* the n times ascending, or NULL */
  const double *sketch;  /* or m quantiles of them, ascending, or NULL */
  const double *sketch_p; /* their probabilities (ascending, 0..1); NULL: j/(m-1) */
  size_t m;
  double mean, sd;       /* of the iterations (EC_STAT_MEAN); NAN when unknown */
} ec_dist;

typedef struct ec_gate_est {
  double est_pct;        /* 100*(exp(d)-1); NAN when a side has no value */
  double lo_pct, hi_pct; /* the interval, same scale; NAN when there is none (why) */
  double confidence;     /* 0..1 */
  size_t runs_base, runs_cand;
  int df;                /* degrees of freedom of the between-run variance; 0: not measured */
  double between_pct;    /* run-to-run sd of log T in percent (sqrt(tau^2)*100); NAN: not measured */
  const char *method;    /* how the interval was made; static */
  const char *why;       /* why there is no interval, or NULL; static */
} ec_gate_est;

/** Estimate the change of statistic st from the nb baseline runs b to the nc
 *  candidate runs c, with its interval at confidence conf (0 < conf < 1).
 *  reps: bootstrap replicates (0: EC_GATE_REPLICATES); seed: the PRNG's seed
 *  (compare uses EC_GATE_SEED). Fills *out; returns 0, or -1 when a side has
 *  no run or a non-positive value (est_pct is then NAN). */
int ec_gate_estimate(ec_stat st, const ec_dist *b, size_t nb, const ec_dist *c, size_t nc, double conf,
                     size_t reps, uint64_t seed, ec_gate_est *out);

/** 1 when the interval excludes "no change" on the slower side (lo_pct > 0). */
int ec_gate_significant_slower(const ec_gate_est *g);

/** The estimate and its interval as "+10.2% [+9.7, +10.8]" (or "+10.2%"
 *  without an interval; "n/a" without an estimate) into buf; returns buf.
 *  One decimal, two when every number is under 1 in size, and up to three
 *  while the interval is narrower than two units of the last one. */
char *ec_gate_str(char *buf, size_t cap, const ec_gate_est *g);

/** Sketch of n ascending values: m >= 2 quantiles at p = j/(m-1), linear
 *  between order statistics (p = 0.5 is the median, p = 0 and 1 the
 *  extremes). out holds m values. */
void ec_sketch_of(const double *sorted, size_t n, double *out, size_t m);

/** Quantile p (0 < p < 1) of the standard normal law. */
double ec_norm_quantile(double p);
/** Quantile p (0 < p < 1) of Student's t law with df > 0 degrees of freedom. */
double ec_t_quantile(double p, double df);

#endif
