/* changepoint — the points where the level of a noisy series changes,
 * robust to single-point outliers and calibrated so that pure noise gives
 * none. trend runs it on each engine's nightly metric (on the log scale, so
 * a change of level is a ratio).
 *
 * Pure: no I/O, no randomness.
 *
 * The method (y[0..n), finite):
 *  1. Noise. sigma = 1.4826 * MAD(first differences) / sqrt(2): the
 *     night-to-night scatter, robust to level changes (a step moves one
 *     difference) and to outliers (one moves two); the median ignores both.
 *     Floored at EC_CP_NOISE_FLOOR (0.1%: timers and rounding make tiny
 *     scatters meaningless).
 *  2. Hampel filter. Each point is clipped to within EC_CP_CLIP sigma of the
 *     median of the EC_CP_WINDOW points around it (the window shifted to
 *     fit at the ends of the series). A median filter keeps steps (a level
 *     that lasts 3 points or more) and removes single-point and two-point
 *     excursions; a clipped point is an outlier.
 *  3. PELT (Killick, Fearnhead & Eckley 2012) on the filtered series: the
 *     segmentation minimising the Gaussian cost (squared deviations from the
 *     segment mean, over sigma^2) plus a penalty of EC_CP_PENALTY_TEXT per
 *     change point, every level at least EC_CP_MIN_LEVEL points long; exact,
 *     and linear-time in practice (pruned).
 *
 * Why it is robust: a single outlier is clipped to about EC_CP_CLIP sigma,
 * and a level lasts three points, so one or two bad nights save far less
 * than a penalty (at least 19.4) when they are split off. The noise scale in
 * step 1 is the root mean square of the clipped differences, so heavy tails
 * widen it rather than pass as changes. The penalty was calibrated on
 * simulated pure noise (the smallest penalty without a change point, its
 * 99th percentile over 3,000 series per length, n = 6 to 3,000; Gaussian,
 * Student t(3), and Gaussian with 5% isolated outliers 4 to 20 sigma off);
 * tests/unit/test_changepoint.c measures the false-alarm rate it gives and
 * docs/trend.md lists it: about 1.4% at 6 points, 0.5% at 10, 0.2% or less from
 * 30 on.
 *
 *  4. Correlated nights. The lag-1 autocorrelation rho of the residuals
 *     (each unclipped point about its level, pairs within a level) is
 *     estimated; when it is positive the noise is widened by the AR(1)
 *     variance inflation sqrt((1+rho)/(1-rho)) (rho at most EC_CP_RHO_MAX)
 *     and steps 2-3 run again with it: a level's mean then varies as much as
 *     correlated noise makes it, and the penalty keeps its calibration.
 *     Needs EC_CP_RHO_MIN_PAIRS pairs; rho is reported (trend warns above
 *     EC_CP_RHO_WARN).
 *
 * Assumptions: given its level, the noise is AR(1) at most (no drift within
 * a level), the same for every level, and a real level lasts at least 3
 * points. */
#ifndef EC_CHANGEPOINT_H
#define EC_CHANGEPOINT_H
#include <stddef.h>

#define EC_CP_NOISE_FLOOR 0.001 /* sigma is at least this (0.1% on the log scale) */
#define EC_CP_CLIP 3.0          /* Hampel filter: clip beyond this many sigma */
#define EC_CP_WINDOW 5          /* Hampel filter: points in a neighbourhood */
#define EC_CP_PENALTY_BASE 14.0 /* penalty per change point: BASE + LOG * ln(n), in units of sigma^2 */
#define EC_CP_PENALTY_LOG 3.0
#define EC_CP_PENALTY_TEXT "14 + 3 ln(n) in units of the noise variance"
#define EC_CP_MIN_LEVEL 3       /* points a level lasts at least */
#define EC_CP_MIN_POINTS 6      /* shorter series get no change point (two levels) */
#define EC_CP_RHO_MIN_PAIRS 8   /* residual pairs needed to estimate the autocorrelation */
#define EC_CP_RHO_MAX 0.8       /* the inflation stops at (1+0.8)/(1-0.8) = 9 */
#define EC_CP_RHO_WARN 0.3      /* trend warns at a lag-1 autocorrelation this high */

typedef struct ec_cp_result {
  size_t n;
  double sigma;         /* noise scale (y's units, widened for autocorrelation), NAN when n < 3 */
  double rho;           /* lag-1 autocorrelation of the residuals; NAN when not estimable */
  double penalty;       /* the penalty per change point that was used (sigma^2 units) */
  size_t *starts;       /* first index of each level after the first, ascending */
  size_t n_cps;
  double *level;        /* n_cps + 1 levels: mean of each segment's filtered values */
  unsigned char *clipped; /* n flags: 1 when the Hampel filter moved the point (an outlier) */
} ec_cp_result;

/** Find the change points of y[0..n) (finite values). Fills *out (free with
 *  ec_cp_free); returns the number of change points. */
size_t ec_changepoints(const double *y, size_t n, ec_cp_result *out);
void ec_cp_free(ec_cp_result *r);
/** ec_changepoints with penalty beta (sigma^2 units) per change point
 *  instead of ec_cp_penalty(n) (for measuring the calibration). */
size_t ec_changepoints_with(const double *y, size_t n, double beta, ec_cp_result *out);
/** The penalty per change point for a series of n points. */
double ec_cp_penalty(size_t n);

/** The noise scale of y[0..n) as step 1 above defines it (NAN when n < 3). */
double ec_cp_noise(const double *y, size_t n);

/** The level (segment) index of point i. */
size_t ec_cp_segment(const ec_cp_result *r, size_t i);

/** Merge away the change points whose step (the difference of the levels on
 *  either side, y's units) is smaller than min_step: repeatedly the smallest
 *  such step, its two levels becoming one (the mean of their points).
 *  Returns the number of change points left. A level that noise alone
 *  cannot explain can still be too small to matter: trend reports none
 *  below a stated minimum (EC_TREND_MIN_STEP_PCT). */
size_t ec_cp_merge_small(ec_cp_result *r, double min_step);

#endif
