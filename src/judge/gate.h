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
 *    (the most common gap between sorted distinct values, ec_gate_tick), a
 *    quantile replicate gets a uniform jitter of one step (a smoothed
 *    bootstrap), since thousands of iterations tied on one value still place
 *    the quantile only to a step.
 *  - Autocorrelation. Real iterations are not independent: levels hold for
 *    hundreds of iterations. When a run's times are known in their order,
 *    the replicates' spread is widened by the factor the contiguous-block
 *    bootstrap gives the statistic's linearisation (for a quantile q the
 *    share of iterations at or below q, for the mean the times themselves):
 *    cut the run into B = n/L contiguous blocks; the block bootstrap's
 *    variance of that mean is (1/B^2) sum_b (m_b - m)^2 (exact, no
 *    resampling), its independent-iterations value is s^2/n, and their ratio
 *    (at least 1) multiplies the variance of the run's replicates. The block
 *    length L (ec_gate_block_len) comes from the series' autocorrelation:
 *    L = 1 when the lag-1 autocorrelation is below 2/sqrt(n) (noise),
 *    else twice the first lag 2^j at which it is; at most n/20 (20 blocks).
 *    A stored sketch has no order: its run is taken as independent.
 *  - One run per side: nothing measures run-to-run noise (clocks, a busy
 *    neighbour, a reboot), which on real machines is larger than the
 *    within-run noise. The estimate is then a threshold verdict: lo_pct and
 *    hi_pct are NAN, run_noise is EC_RUN_NOISE_NOT_MEASURED, and the
 *    percentile interval of the (widened) replicates of d is kept as the
 *    "within run" interval (within_lo_pct, within_hi_pct). Given a known
 *    run-to-run noise sigma_r (--run-noise, sd of log T between runs), each
 *    side's run carries an independent run effect and the interval is
 *    d +- z sqrt(v_b + v_c + 2 sigma_r^2) (normal: sigma_r is taken as
 *    known), run_noise EC_RUN_NOISE_GIVEN.
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
#define EC_GATE_MIN_VERDICT_ITERATIONS 30 /* fewer on a side: no verdict (inconclusive) */
#define EC_GATE_MIN_VERDICT_MS 1000.0     /* a run measuring less (n * mean) ... */
#define EC_GATE_SHORT_RUN_ITERATIONS 1000 /* ... with fewer iterations than this: no verdict */
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
  const double *order;   /* the n times in the order they were measured, or NULL (a sketch) */
} ec_dist;

typedef enum {
  EC_RUN_NOISE_NOT_MEASURED = 0, /* one run per side, nothing known: a threshold verdict */
  EC_RUN_NOISE_MEASURED,         /* repeated runs: random effects */
  EC_RUN_NOISE_GIVEN             /* one run per side with a known run-to-run noise */
} ec_run_noise;
/** "not measured", "measured", "given"; static. */
const char *ec_run_noise_name(ec_run_noise r);

typedef struct ec_gate_est {
  double est_pct;        /* 100*(exp(d)-1); NAN when a side has no value */
  double lo_pct, hi_pct; /* the interval, same scale; NAN when there is none (why) */
  double confidence;     /* 0..1 */
  size_t runs_base, runs_cand;
  int df;                /* degrees of freedom of the between-run variance; 0: not measured */
  double between_pct;    /* run-to-run sd of log T in percent (sqrt(tau^2)*100); NAN: not measured */
  const char *method;    /* how the interval was made; static */
  const char *why;       /* why there is no interval, or NULL; static */
  ec_run_noise run_noise;
  double run_noise_pct;  /* the --run-noise used (EC_RUN_NOISE_GIVEN), else NAN */
  double within_lo_pct, within_hi_pct; /* one run per side: the within-run interval; NAN otherwise */
  size_t block_len;      /* the longest block length used to widen a run's noise (1: independent) */
  size_t min_n;          /* iterations of the smallest run (0: unknown) */
  double min_span_ms;    /* the shortest run's measured time, n * mean (ms); NAN when unknown */
  double tau2;           /* run-to-run variance of log T (repeated runs); NAN: not measured */
  double within_var[2];  /* mean within-run variance of log T of the baseline's and the candidate's runs; NAN unknown */
  double rho_infl;       /* (1+rho)/(1-rho) applied to the run effects of a side's mean (1: independent) */
} ec_gate_est;

/* What an estimate can claim: the one rule every output's words follow. */
typedef enum {
  EC_GATE_MODE_NONE = 0,  /* no estimate (a side lacks the value) */
  EC_GATE_MODE_ESTIMATE,  /* the estimate alone: no per-iteration distribution (layer-sum, statistics
                             without a count), no interval, no direction */
  EC_GATE_MODE_THRESHOLD, /* one run per side, run-to-run noise not measured: a threshold on the
                             estimate; the within-run interval (iteration noise only, no level
                             claimed) can veto a failure but never decides one; no direction */
  EC_GATE_MODE_INTERVAL   /* an interval at the confidence: repeated runs (run-to-run noise measured)
                             or one run per side with --run-noise (given); a direction when it
                             excludes no change */
} ec_gate_mode;
/** The mode of estimate g (see ec_gate_mode). */
ec_gate_mode ec_gate_mode_of(const ec_gate_est *g);
/** "none", "estimate", "threshold", "interval"; static. */
const char *ec_gate_mode_name(ec_gate_mode m);
/** 1 when g's within-run interval excludes no change (either side). */
int ec_gate_within_excludes_zero(const ec_gate_est *g);

/** What would decide an inconclusive estimate g (repeated runs, run-to-run
 *  variance measured) against limit_pct, if the change stayed at its
 *  estimate: the smallest number of baseline runs (nights) k_b >= the
 *  current one, at most max_runs, with the candidate's runs as they are,
 *  whose interval would exclude no change (*base_runs; 0 when none up to
 *  max_runs does), and else the smallest number of candidate runs with
 *  max(k_b, 10) baseline runs (*cand_runs; 0 when none up to max_runs).
 *  Both 0 when the estimate is not past the limit or the mode is not
 *  EC_GATE_MODE_INTERVAL with measured noise. */
void ec_gate_runs_needed(const ec_gate_est *g, double limit_pct, size_t max_runs, size_t *base_runs, size_t *cand_runs);

/** Estimate the change of statistic st from the nb baseline runs b to the nc
 *  candidate runs c, with its interval at confidence conf (0 < conf < 1).
 *  reps: bootstrap replicates (0: EC_GATE_REPLICATES); seed: the PRNG's seed
 *  (compare uses EC_GATE_SEED). Fills *out; returns 0, or -1 when a side has
 *  no run or a non-positive value (est_pct is then NAN). One run per side
 *  gives no interval (a threshold verdict, see above). */
int ec_gate_estimate(ec_stat st, const ec_dist *b, size_t nb, const ec_dist *c, size_t nc, double conf,
                     size_t reps, uint64_t seed, ec_gate_est *out);
/** As ec_gate_estimate, with a known run-to-run noise run_noise_pct (the sd
 *  of a run's statistic between runs, in percent; NAN or <= 0: unknown) for
 *  one run per side, and the lag-1 autocorrelation rho of consecutive runs
 *  (nights; NAN or <= 0: independent): with repeated runs, a side's mean of
 *  k runs then varies (1+rho)/(1-rho) times as much in its run effects
 *  (AR(1) variance inflation, rho at most 0.8). */
int ec_gate_estimate_rn(ec_stat st, const ec_dist *b, size_t nb, const ec_dist *c, size_t nc, double conf,
                        size_t reps, uint64_t seed, double run_noise_pct, double rho, ec_gate_est *out);

/** Start-up transient of a run of n times in measurement order: how many
 *  leading iterations to leave out (0: none). The run is cut into blocks of
 *  b = max(5, n/200) iterations; the logs of the block medians go through
 *  ec_changepoints (changepoint.h); the first level is a warm-up, and is
 *  trimmed, when it ends within the first quarter of the run and lies
 *  outside every later level (slower than the slowest or faster than the
 *  fastest: it is not seen again) by at least EC_GATE_WARMUP_SIGMAS times
 *  the block medians' noise (the detector's sigma) and at least
 *  EC_GATE_WARMUP_MIN_PCT percent: a level a fraction of a percent from
 *  the rest is one of a run's ordinary levels, not a start-up transient.
 *  Runs under EC_GATE_WARMUP_MIN iterations are not trimmed. */
size_t ec_gate_warmup(const double *x, size_t n);
#define EC_GATE_WARMUP_MIN 100
#define EC_GATE_WARMUP_SIGMAS 5.0
#define EC_GATE_WARMUP_MIN_PCT 1.0
#define EC_GATE_P99_MIN 1000 /* p99 gets an interval only with this many iterations (after trimming) */

/** The timer tick of n ascending times: the most common gap between
 *  consecutive distinct values (gaps within 1% of each other are one gap;
 *  ties: the smaller), when it holds at least a tenth of the gaps; else 0
 *  (no tick: continuous values). */
double ec_gate_tick(const double *sorted, size_t n);

/** The block length for a series x[0..n) in measurement order (see above). */
size_t ec_gate_block_len(const double *x, size_t n);

/** The factor (>= 1) by which autocorrelation multiplies the variance of the
 *  mean of x[0..n): the contiguous-block bootstrap's variance of the mean
 *  with blocks of len over the independent value s^2/n. */
double ec_gate_block_inflation(const double *x, size_t n, size_t len);

/** 1 when the interval excludes "no change" on the slower side (lo_pct > 0). */
int ec_gate_significant_slower(const ec_gate_est *g);

/** The estimate and its interval as "+10.2% [+9.7, +10.8]" (or "+10.2%"
 *  without an interval; "+10.2% (one run per side: run-to-run noise not
 *  measured)" for a threshold verdict; "–" (EC_DASH) without an estimate) into buf;
 *  returns buf.
 *  One decimal, two when every number is under 1 in size, and up to three
 *  while the interval is narrower than two units of the last one. */
char *ec_gate_str(char *buf, size_t cap, const ec_gate_est *g);
/** The within-run interval of a one-run comparison as "within run [+9.7,
 *  +10.8] (iteration noise only)", or "" when there is none; returns buf.
 *  No confidence level is said: the bootstrap's points are at the
 *  confidence, but on real runs (levels that hold for hundreds of
 *  iterations) the interval covers less than that (docs/compare.md). */
char *ec_gate_within_str(char *buf, size_t cap, const ec_gate_est *g);
/** The estimate with what its mode lets it claim, the one phrase every
 *  output's verdict line starts with: "+10.2% [+9.7, +10.8] at 99%" (an
 *  interval), "+10.5% (one run per side: run-to-run noise not measured),
 *  within run [+9.7, +11.3] (iteration noise only)" (a threshold), "+3.2%
 *  (no interval: WHY)" (the estimate alone), EC_DASH without one; returns buf. */
char *ec_gate_claim_str(char *buf, size_t cap, const ec_gate_est *g);
/** The words the within-run interval carries. */
#define EC_GATE_WITHIN_NOTE "iteration noise only"
/** The phrase a threshold verdict carries. */
#define EC_GATE_ONE_RUN "one run per side: run-to-run noise not measured"

/** Sketch of n ascending values: m >= 2 quantiles at p = j/(m-1), linear
 *  between order statistics (p = 0.5 is the median, p = 0 and 1 the
 *  extremes). out holds m values. */
void ec_sketch_of(const double *sorted, size_t n, double *out, size_t m);

struct ec_engine;
/** Why engines a and b (two sides, or two runs pooled into one side) cannot
 *  be gated against each other: the first of GPU, compute capability,
 *  TensorRT version, batch and input shapes (in order, by their dims alone:
 *  facts/inputs.h; else the "Input inference shape(s)" option trtexec
 *  printed) that both give and that differ,
 *  as "GPU: A100 vs H100" (values are untrusted input text); NULL when
 *  comparable. Caller frees. The one rule for NOT COMPARABLE. */
char *ec_gate_incomparable(const struct ec_engine *a, const struct ec_engine *b);
/** Whether a and b ran on the same GPU: NULL when they did or a side does
 *  not say, else why not, "GPU: NVIDIA A100 80GB PCIe vs NVIDIA GeForce RTX
 *  3090" (then compute capability when the names agree or one is missing).
 *  The one device rule: ec_gate_incomparable starts with it, and compare
 *  makes any comparison across GPUs a platform comparison. Caller frees. */
char *ec_gate_device_incomparable(const struct ec_engine *a, const struct ec_engine *b);

/** Quantile p (0 < p < 1) of the standard normal law. */
double ec_norm_quantile(double p);
/** Quantile p (0 < p < 1) of Student's t law with df > 0 degrees of freedom. */
double ec_t_quantile(double p, double df);

#endif
