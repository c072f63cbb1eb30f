/* gate — see gate.h for the model and its assumptions. */
#include "judge/gate.h"
#include "facts/stats.h"
#include "judge/changepoint.h"
#include "facts/inputs.h"
#include "util/order.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "model/engine.h"
#include "words/words.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- PRNG: xoshiro256** (Blackman & Vigna), seeded by splitmix64 -------- */

typedef struct {
  uint64_t s[4];
} S_rng;

static uint64_t S_splitmix(uint64_t *x) {
  uint64_t z = (*x += UINT64_C(0x9e3779b97f4a7c15));
  z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
  return z ^ (z >> 31);
}

static void S_seed(S_rng *r, uint64_t seed) {
  for (int i = 0; i < 4; i++) r->s[i] = S_splitmix(&seed);
}

static uint64_t S_rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static uint64_t S_next(S_rng *r) {
  uint64_t *s = r->s;
  uint64_t res = S_rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = S_rotl(s[3], 45);
  return res;
}

/* Uniform on (0,1), 53 random bits. */
static double S_unif(S_rng *r) { return ((double)(S_next(r) >> 11) + 0.5) * 0x1.0p-53; }

/* Standard normal: Marsaglia's polar method. The second value of the pair
 * is dropped so that a draw never depends on earlier calls' leftovers. */
static double S_norm(S_rng *r) {
  for (;;) {
    double u = 2 * S_unif(r) - 1, v = 2 * S_unif(r) - 1, s = u * u + v * v;
    if (s > 0 && s < 1) return u * sqrt(-2 * log(s) / s);
  }
}

/* Gamma(a, 1): Marsaglia & Tsang (2000); shapes below 1 by boosting. */
static double S_gamma(S_rng *r, double a) {
  if (a < 1) return S_gamma(r, a + 1) * pow(S_unif(r), 1 / a);
  double d = a - 1.0 / 3, c = 1 / sqrt(9 * d);
  for (;;) {
    double x, v;
    do {
      x = S_norm(r);
      v = 1 + c * x;
    } while (v <= 0);
    v = v * v * v;
    double u = S_unif(r);
    if (u < 1 - 0.0331 * x * x * x * x) return d * v;
    if (log(u) < 0.5 * x * x + d * (1 - v + log(v))) return d * v;
  }
}

static double S_beta(S_rng *r, double a, double b) {
  double x = S_gamma(r, a), y = S_gamma(r, b);
  return x / (x + y);
}

/* ---- distributions ---------------------------------------------------- */

void ec_sketch_of(const double *s, size_t n, double *out, size_t m) {
  for (size_t j = 0; j < m; j++) {
    if (!n) {
      out[j] = NAN;
      continue;
    }
    double h = (double)(n - 1) * (double)j / (double)(m - 1);
    size_t lo = (size_t)h;
    if (lo >= n - 1) {
      out[j] = s[n - 1];
      continue;
    }
    out[j] = s[lo] + (h - (double)lo) * (s[lo + 1] - s[lo]);
  }
}

/* Quantile p of n ascending values, linear between order statistics. */
static double S_at(const double *s, size_t n, double p) {
  double h = (double)(n - 1) * p;
  size_t lo = (size_t)h;
  if (lo >= n - 1) return s[n - 1];
  return s[lo] + (h - (double)lo) * (s[lo + 1] - s[lo]);
}

/* The run's quantile function at u in (0,1): the empirical one (a step
 * function) for the data, linear between the points of a sketch. */
static double S_quantile(const ec_dist *d, double u) {
  if (d->sorted) {
    double pos = ceil(u * (double)d->n);
    size_t k = pos < 1 ? 0 : (size_t)pos - 1;
    return d->sorted[k < d->n ? k : d->n - 1];
  }
  size_t m = d->m;
  if (!d->sketch_p) return S_at(d->sketch, m, u);
  const double *p = d->sketch_p;
  if (u <= p[0]) return d->sketch[0];
  if (u >= p[m - 1]) return d->sketch[m - 1];
  size_t lo = 0, hi = m - 1; /* p[lo] <= u < p[hi] */
  while (hi - lo > 1) {
    size_t mid = (lo + hi) / 2;
    if (p[mid] <= u) lo = mid;
    else hi = mid;
  }
  double w = p[hi] > p[lo] ? (u - p[lo]) / (p[hi] - p[lo]) : 0;
  return d->sketch[lo] + w * (d->sketch[hi] - d->sketch[lo]);
}

/* Why run d cannot be bootstrapped for st, or NULL. */
static const char *S_why(ec_stat st, const ec_dist *d) {
  if (st == EC_STAT_MEAN) {
    if (!d->n || !isfinite(d->mean) || !isfinite(d->sd))
      return "a side has no per-iteration spread (summary statistics without a count and stdev)";
  } else if (!d->n || (!d->sorted && (!d->sketch || d->m < 2))) {
    return "a side has no per-iteration distribution (summary statistics without a count, or a profile)";
  }
  if (d->n < EC_GATE_MIN_ITERATIONS) return "fewer than 10 iterations in a run";
  if (st == EC_STAT_P99 && d->n < EC_GATE_P99_MIN) return "p99 needs 1,000 iterations (after any warm-up is trimmed)";
  double lowest = st == EC_STAT_MEAN ? d->mean : d->sorted ? d->sorted[0] : d->sketch[0];
  if (!(lowest > 0)) return "a run has times that are not positive";
  return NULL;
}

double ec_gate_tick(const double *s, size_t n) {
  double *g = ec_malloc((n ? n : 1) * sizeof *g);
  size_t k = 0;
  for (size_t i = 1; i < n; i++)
    if (s[i] > s[i - 1]) g[k++] = s[i] - s[i - 1];
  double tick = 0;
  if (k) {
    ec_sort_doubles(g, k);
    /* runs of gaps within 1% of the run's first: one gap, float artefacts
     * (1e-6 ms) are their own small group and lose to the real step */
    size_t best = 0, best_n = 0;
    for (size_t i = 0; i < k;) {
      size_t j = i;
      while (j < k && g[j] <= g[i] * 1.01) j++;
      if (j - i > best_n) best = i, best_n = j - i;
      i = j;
    }
    if (best_n * 10 >= k) tick = g[best + best_n / 2];
  }
  free(g);
  return tick;
}

/* The resolution of run d's times: its timer tick (0 for a sketch or a mean). */
static double S_resolution(ec_stat st, const ec_dist *d) {
  if (st == EC_STAT_MEAN || !d->sorted) return 0;
  return ec_gate_tick(d->sorted, d->n);
}

/* Lag-k autocorrelation of y (mean m, sum of squares ss). */
static double S_acf(const double *y, size_t n, double m, double ss, size_t k) {
  double c = 0;
  for (size_t t = 0; t + k < n; t++) c += (y[t] - m) * (y[t + k] - m);
  return c / ss;
}

size_t ec_gate_block_len(const double *y, size_t n) {
  if (n < 40) return 1;
  double m = 0, ss = 0;
  for (size_t t = 0; t < n; t++) m += y[t];
  m /= (double)n;
  for (size_t t = 0; t < n; t++) ss += (y[t] - m) * (y[t] - m);
  if (!(ss > 0)) return 1;
  double thr = 2 / sqrt((double)n);
  size_t cap = n / 20;
  if (S_acf(y, n, m, ss, 1) < thr) return 1;
  size_t k = 2;
  while (k <= cap && S_acf(y, n, m, ss, k) >= thr) k *= 2;
  return 2 * k < cap ? 2 * k : cap;
}

double ec_gate_block_inflation(const double *y, size_t n, size_t len) {
  if (len <= 1 || n < 2 * len) return 1;
  size_t B = n / len, used = B * len;
  double m = 0, ss = 0, sb = 0;
  for (size_t t = 0; t < used; t++) m += y[t];
  m /= (double)used;
  for (size_t t = 0; t < used; t++) ss += (y[t] - m) * (y[t] - m);
  if (!(ss > 0)) return 1;
  for (size_t b = 0; b < B; b++) {
    double mb = 0;
    for (size_t t = b * len; t < (b + 1) * len; t++) mb += y[t];
    mb /= (double)len;
    sb += (mb - m) * (mb - m);
  }
  /* [sum_b (m_b - m)^2 / B^2] / [(ss/used) / used] */
  double f = sb / ((double)B * (double)B) / (ss / ((double)used * (double)used));
  return f > 1 ? f : 1;
}

/* Run d's block length and variance inflation for statistic st (1, 1
 * without the order): on the statistic's linearisation (gate.h). */
static double S_inflation(ec_stat st, const ec_dist *d, size_t *len) {
  *len = 1;
  if (!d->order || d->n < 40) return 1;
  double *y = ec_malloc(d->n * sizeof *y);
  for (size_t t = 0; t < d->n; t++) y[t] = st == EC_STAT_MEAN ? d->order[t] : d->order[t] <= d->value ? 1 : 0;
  *len = ec_gate_block_len(y, d->n);
  double f = ec_gate_block_inflation(y, d->n, *len);
  free(y);
  return f;
}

/* One bootstrap replicate of run d's statistic; h: its resolution. */
static double S_replicate(S_rng *r, ec_stat st, const ec_dist *d, double h) {
  double n = (double)d->n;
  double x;
  if (st == EC_STAT_MEAN) {
    x = d->mean + d->sd / sqrt(n) * S_norm(r);
  } else if (st == EC_STAT_P99) {
    double k = (double)ec_percentile_trt_index(d->n, 99) + 1;
    x = S_quantile(d, S_beta(r, k, n - k + 1));
  } else if (d->n % 2) {
    double k = (n + 1) / 2;
    x = S_quantile(d, S_beta(r, k, n - k + 1));
  } else {
    /* the mean of order statistics k and k+1 of the resample: U(k+1) is
     * U(k) plus the smallest of the n-k uniforms above it */
    double k = n / 2;
    double u1 = S_beta(r, k, n - k + 1);
    double u2 = u1 + (1 - u1) * (1 - pow(S_unif(r), 1 / (n - k)));
    x = (S_quantile(d, u1) + S_quantile(d, u2)) / 2;
  }
  /* smoothed bootstrap: a quantile of times that tick in steps of h is
   * known to a step, however many iterations tie on one value */
  if (h > 0) x += h * (S_unif(r) - 0.5);
  /* a mean replicate of a very spread run can cross zero: keep the log finite */
  return log(x > d->value * 1e-6 ? x : d->value * 1e-6);
}

int ec_gate_significant_slower(const ec_gate_est *g) { return isfinite(g->lo_pct) && g->lo_pct > 0; }

const char *ec_run_noise_name(ec_run_noise r) {
  return r == EC_RUN_NOISE_MEASURED ? "measured" : r == EC_RUN_NOISE_GIVEN ? "given" : "not measured";
}

int ec_gate_estimate(ec_stat st, const ec_dist *b, size_t nb, const ec_dist *c, size_t nc, double conf,
                     size_t reps, uint64_t seed, ec_gate_est *g) {
  return ec_gate_estimate_rn(st, b, nb, c, nc, conf, reps, seed, NAN, NAN, g);
}

int ec_gate_estimate_rn(ec_stat st, const ec_dist *b, size_t nb, const ec_dist *c, size_t nc, double conf,
                        size_t reps, uint64_t seed, double run_noise_pct, double rho, ec_gate_est *g) {
  memset(g, 0, sizeof *g);
  g->est_pct = g->lo_pct = g->hi_pct = g->between_pct = NAN;
  g->within_lo_pct = g->within_hi_pct = g->run_noise_pct = g->min_span_ms = NAN;
  g->tau2 = g->within_var[0] = g->within_var[1] = NAN;
  g->rho_infl = 1;
  g->run_noise = nb > 1 || nc > 1 ? EC_RUN_NOISE_MEASURED : EC_RUN_NOISE_NOT_MEASURED;
  int given = g->run_noise == EC_RUN_NOISE_NOT_MEASURED && isfinite(run_noise_pct) && run_noise_pct > 0;
  if (given) {
    g->run_noise = EC_RUN_NOISE_GIVEN;
    g->run_noise_pct = run_noise_pct;
  }
  g->block_len = 1;
  g->confidence = conf;
  g->runs_base = nb;
  g->runs_cand = nc;
  g->method = "estimate only";
  if (!nb || !nc) return -1;
  const ec_dist *side[2] = {b, c};
  size_t k[2] = {nb, nc};
  double mean_log[2];
  for (int s = 0; s < 2; s++) {
    double sum = 0;
    for (size_t i = 0; i < k[s]; i++) {
      if (!(side[s][i].value > 0) || !isfinite(side[s][i].value)) return -1;
      sum += log(side[s][i].value);
    }
    mean_log[s] = sum / (double)k[s];
  }
  double d = mean_log[1] - mean_log[0];
  g->est_pct = 100 * expm1(d);
  for (int s = 0; s < 2; s++)
    for (size_t i = 0; i < k[s]; i++)
      if (side[s][i].n) {
        if (!g->min_n || side[s][i].n < g->min_n) g->min_n = side[s][i].n;
        double span = (double)side[s][i].n * side[s][i].mean;
        if (isfinite(span) && !(span >= g->min_span_ms)) g->min_span_ms = span;
      }
  for (int s = 0; s < 2; s++)
    for (size_t i = 0; i < k[s] && !g->why; i++) g->why = S_why(st, &side[s][i]);
  if (!(conf > 0 && conf < 1)) g->why = "the confidence is not between 0 and 1";
  if (g->why) return 0;

  if (!reps) reps = EC_GATE_REPLICATES;
  if (reps < 100) reps = 100;
  S_rng rng;
  S_seed(&rng, seed);
  size_t runs = nb + nc;
  double *th = ec_malloc(runs * reps * sizeof *th); /* th[r*reps + j]: replicate j of log T of run r */
  double *v = ec_calloc(runs, sizeof *v);           /* within-run variance of log T */
  for (size_t r = 0; r < runs; r++) {
    const ec_dist *dr = r < nb ? &b[r] : &c[r - nb];
    double *x = th + r * reps, sum = 0, ss = 0, h = S_resolution(st, dr);
    for (size_t j = 0; j < reps; j++) {
      x[j] = S_replicate(&rng, st, dr, h);
      sum += x[j];
    }
    double m = sum / (double)reps;
    size_t len;
    double w = sqrt(S_inflation(st, dr, &len));
    if (len > g->block_len) g->block_len = len;
    for (size_t j = 0; j < reps; j++) {
      x[j] = m + w * (x[j] - m); /* autocorrelation widens the run's replicates */
      ss += (x[j] - m) * (x[j] - m);
    }
    v[r] = ss / (double)(reps - 1);
  }
  double alpha = 1 - conf;
  int df = (int)(nb - 1 + nc - 1);
  for (int s = 0; s < 2; s++) {
    double m = 0;
    for (size_t i = 0; i < k[s]; i++) m += v[(s ? nb : 0) + i] / (double)k[s];
    g->within_var[s] = m;
  }
  if (df == 0) {
    double *ds = ec_malloc(reps * sizeof *ds);
    for (size_t j = 0; j < reps; j++) ds[j] = th[reps + j] - th[j];
    ec_sort_doubles(ds, reps);
    g->within_lo_pct = 100 * expm1(S_at(ds, reps, alpha / 2));
    g->within_hi_pct = 100 * expm1(S_at(ds, reps, 1 - alpha / 2));
    free(ds);
    if (given) {
      double sr = log1p(run_noise_pct / 100);
      double q = ec_norm_quantile(1 - alpha / 2) * sqrt(v[0] + v[1] + 2 * sr * sr);
      g->lo_pct = 100 * expm1(d - q);
      g->hi_pct = 100 * expm1(d + q);
      g->method = "one run per side with a given run-to-run noise: d +- z sqrt(within-run variances + 2 run-noise^2)";
    } else {
      g->method = "one run per side: a threshold verdict (run-to-run noise not measured); the within-run interval "
                  "is a bootstrap of the iterations widened for autocorrelation";
    }
  } else {
    /* random effects: tau^2 by moments, pooled over both sides */
    double S = 0, W = 0, var = 0, vbar[2] = {0, 0};
    for (int s = 0; s < 2; s++) {
      size_t off = s ? nb : 0;
      for (size_t i = 0; i < k[s]; i++) {
        double t = log(side[s][i].value) - mean_log[s];
        S += t * t;
        W += (1 - 1 / (double)k[s]) * v[off + i];
        vbar[s] += v[off + i] / (double)k[s];
      }
    }
    double tau2 = fmax(0, (S - W) / df);
    /* correlated runs: the run effects of a side's k runs average out less */
    double r = isfinite(rho) && rho > 0 ? fmin(rho, 0.8) : 0, infl = (1 + r) / (1 - r);
    g->tau2 = tau2;
    g->rho_infl = infl;
    for (int s = 0; s < 2; s++) var += (tau2 * (k[s] > 1 ? infl : 1) + vbar[s]) / (double)k[s];
    double q = ec_t_quantile(1 - alpha / 2, df) * sqrt(var);
    g->lo_pct = 100 * expm1(d - q);
    g->hi_pct = 100 * expm1(d + q);
    g->df = df;
    g->between_pct = 100 * sqrt(tau2);
    g->method = "random effects over repeated runs: bootstrap within each run, between-run variance from the "
                "runs' scatter, Student t";
  }
  free(th);
  free(v);
  return 0;
}

char *ec_gate_str(char *buf, size_t cap, const ec_gate_est *g) {
  if (!isfinite(g->est_pct)) {
    snprintf(buf, cap, EC_DASH);
    return buf;
  }
  if (g->run_noise == EC_RUN_NOISE_NOT_MEASURED && g->runs_base == 1 && g->runs_cand == 1 && !g->why) {
    char e[32];
    ec_fmt_signed(e, sizeof e, g->est_pct, fabs(g->est_pct) < 1 ? 2 : 1);
    snprintf(buf, cap, "%s%% (" EC_GATE_ONE_RUN ")", e);
    return buf;
  }
  int iv = isfinite(g->lo_pct) && isfinite(g->hi_pct);
  int dec = fabs(g->est_pct) < 1 && (!iv || (fabs(g->lo_pct) < 1 && fabs(g->hi_pct) < 1)) ? 2 : 1;
  /* a narrow interval gets the decimals that keep its ends apart (at most 3) */
  double w = iv ? g->hi_pct - g->lo_pct : INFINITY;
  while (dec < 3 && w < 2 * pow(10, -dec)) dec++;
  char e[32], lo[32], hi[32];
  ec_fmt_signed(e, sizeof e, g->est_pct, dec);
  if (!iv) {
    snprintf(buf, cap, "%s%%", e);
    return buf;
  }
  ec_fmt_signed(lo, sizeof lo, g->lo_pct, dec);
  ec_fmt_signed(hi, sizeof hi, g->hi_pct, dec);
  snprintf(buf, cap, "%s%% [%s, %s]", e, lo, hi);
  return buf;
}

char *ec_gate_claim_str(char *buf, size_t cap, const ec_gate_est *g) {
  char est[128], within[128];
  ec_gate_str(est, sizeof est, g);
  ec_gate_within_str(within, sizeof within, g);
  switch (ec_gate_mode_of(g)) {
  case EC_GATE_MODE_INTERVAL: snprintf(buf, cap, "%s at " EC_GIVEN "%%", est, 100 * g->confidence); break;
  case EC_GATE_MODE_THRESHOLD: snprintf(buf, cap, *within ? "%s, %s" : "%s", est, within); break;
  case EC_GATE_MODE_ESTIMATE:
    if (g->why) snprintf(buf, cap, "%s (no interval: %s)", est, g->why);
    else snprintf(buf, cap, "%s (no interval)", est);
    break;
  default: snprintf(buf, cap, "%s", est); break;
  }
  return buf;
}

const char *ec_gate_mode_name(ec_gate_mode m) {
  static const char *const n[] = {"none", "estimate", "threshold", "interval"};
  return (unsigned)m < 4 ? n[m] : "none";
}

ec_gate_mode ec_gate_mode_of(const ec_gate_est *g) {
  if (!isfinite(g->est_pct)) return EC_GATE_MODE_NONE;
  if (isfinite(g->lo_pct) && isfinite(g->hi_pct)) return EC_GATE_MODE_INTERVAL;
  if (g->run_noise == EC_RUN_NOISE_NOT_MEASURED && g->runs_base == 1 && g->runs_cand == 1 && !g->why)
    return EC_GATE_MODE_THRESHOLD;
  return EC_GATE_MODE_ESTIMATE;
}

int ec_gate_within_excludes_zero(const ec_gate_est *g) {
  return isfinite(g->within_lo_pct) && isfinite(g->within_hi_pct) && (g->within_lo_pct > 0 || g->within_hi_pct < 0);
}

/* Whether the interval of d with kb and kc runs would exclude no change. */
static int S_resolves(const ec_gate_est *g, double d, size_t kb, size_t kc) {
  double var = (g->tau2 * (kb > 1 ? g->rho_infl : 1) + g->within_var[0]) / (double)kb +
               (g->tau2 * (kc > 1 ? g->rho_infl : 1) + g->within_var[1]) / (double)kc;
  double df = (double)(kb - 1 + kc - 1);
  return df > 0 && d - ec_t_quantile(1 - (1 - g->confidence) / 2, df) * sqrt(var) > 0;
}

void ec_gate_runs_needed(const ec_gate_est *g, double limit_pct, size_t max_runs, size_t *base_runs, size_t *cand_runs) {
  *base_runs = *cand_runs = 0;
  if (ec_gate_mode_of(g) != EC_GATE_MODE_INTERVAL || g->run_noise != EC_RUN_NOISE_MEASURED || !isfinite(g->tau2) ||
      !isfinite(g->within_var[0]) || !isfinite(g->within_var[1]) || !(g->est_pct > limit_pct) || g->lo_pct > 0)
    return;
  double d = log1p(g->est_pct / 100);
  for (size_t kb = g->runs_base + 1; kb <= max_runs; kb++)
    if (S_resolves(g, d, kb, g->runs_cand)) {
      *base_runs = kb;
      return;
    }
  size_t kb = g->runs_base > 10 ? g->runs_base : 10;
  for (size_t kc = g->runs_cand + 1; kc <= max_runs; kc++)
    if (S_resolves(g, d, kb, kc)) {
      *cand_runs = kc;
      return;
    }
}

char *ec_gate_within_str(char *buf, size_t cap, const ec_gate_est *g) {
  buf[0] = 0;
  if (!isfinite(g->within_lo_pct) || !isfinite(g->within_hi_pct)) return buf;
  ec_gate_est w = *g;
  w.lo_pct = g->within_lo_pct;
  w.hi_pct = g->within_hi_pct;
  w.run_noise = EC_RUN_NOISE_MEASURED;
  char t[96];
  ec_gate_str(t, sizeof t, &w);
  const char *br = strchr(t, '[');
  snprintf(buf, cap, "within run %s (" EC_GATE_WITHIN_NOTE ")", br ? br : "");
  return buf;
}

/* ---- start-up transients ------------------------------------------------ */

size_t ec_gate_warmup(const double *x, size_t n) {
  if (n < EC_GATE_WARMUP_MIN) return 0;
  size_t b = n / 200 > 5 ? n / 200 : 5, nb = n / b;
  double *y = ec_malloc(nb * sizeof *y), *blk = ec_malloc(b * sizeof *blk);
  for (size_t j = 0; j < nb; j++) {
    memcpy(blk, x + j * b, b * sizeof *blk);
    ec_sort_doubles(blk, b);
    double m = b % 2 ? blk[b / 2] : (blk[b / 2 - 1] + blk[b / 2]) / 2;
    y[j] = log(m > 0 ? m : 1e-300);
  }
  ec_cp_result cp;
  size_t trim = 0;
  if (ec_changepoints(y, nb, &cp) > 0 && cp.starts[0] * 4 <= nb) {
    double lo = INFINITY, hi = -INFINITY;
    for (size_t k = 1; k <= cp.n_cps; k++) {
      lo = fmin(lo, cp.level[k]);
      hi = fmax(hi, cp.level[k]);
    }
    /* the least distance that makes it a start-up level, not an ordinary one */
    double need = fmax(EC_GATE_WARMUP_SIGMAS * cp.sigma, log1p(EC_GATE_WARMUP_MIN_PCT / 100));
    if (cp.level[0] > hi + need || cp.level[0] < lo - need) trim = cp.starts[0] * b;
  }
  ec_cp_free(&cp);
  free(y);
  free(blk);
  return trim;
}

/* ---- comparability -------------------------------------------------------- */

char *ec_gate_device_incomparable(const ec_engine *a, const ec_engine *b) {
  if (!a || !b || !a->device.present || !b->device.present) return NULL;
  const char *na = a->device.name, *nb = b->device.name;
  if (na && *na && nb && *nb && strcmp(na, nb)) return ec_asprintf("GPU: %s vs %s", na, nb);
  const char *ca = a->device.compute_capability, *cb = b->device.compute_capability;
  if (ca && *ca && cb && *cb && strcmp(ca, cb)) return ec_asprintf("compute capability: %s vs %s", ca, cb);
  return NULL;
}

char *ec_gate_incomparable(const ec_engine *a, const ec_engine *b) {
  char *dev = ec_gate_device_incomparable(a, b); /* the one device rule */
  if (dev) return dev;
  const char *what[2] = {"TensorRT version", "batch"};
  const char *va[2] = {a->trt_version, ec_kvs_get(&a->inference_options, "Batch")};
  const char *vb[2] = {b->trt_version, ec_kvs_get(&b->inference_options, "Batch")};
  for (int k = 0; k < 2; k++)
    if (va[k] && vb[k] && strcmp(va[k], vb[k]) != 0) return ec_asprintf("%s: %s vs %s", what[k], va[k], vb[k]);
  /* shapes in order: two exporters may name one input "x" and "input" */
  char *da = ec_inputs_dims(a), *db = ec_inputs_dims(b), *r = NULL;
  if (da && db && strcmp(da, db) != 0) {
    char *sa = ec_inputs_shapes(a), *sb = ec_inputs_shapes(b);
    r = ec_asprintf("input shapes: %s vs %s", sa, sb);
    free(sa);
    free(sb);
  }
  free(da);
  free(db);
  /* the shapes the runs were given, as trtexec printed them (TREx's
   * metadata, a log) when the bindings do not tell them apart */
  static const char *const keys[] = {"Input inference shape", "Input inference shapes"};
  for (int k = 0; k < 2 && !r; k++) {
    const char *x = ec_kvs_get(&a->inference_options, keys[k]), *y = ec_kvs_get(&b->inference_options, keys[k]);
    if (x && y && strcmp(x, y) != 0) r = ec_asprintf("input shapes: %s vs %s", x, y);
  }
  return r;
}

/* ---- quantiles of the normal and t laws --------------------------------- */

double ec_norm_quantile(double p) {
  /* Acklam's rational approximation, refined by one Halley step on erfc */
  static const double a[] = {-3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02,
                             1.383577518672690e+02,  -3.066479806614716e+01, 2.506628277459239e+00};
  static const double bq[] = {-5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02,
                              6.680131188771972e+01,  -1.328068155288572e+01};
  static const double c[] = {-7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
                             -2.549732539343734e+00, 4.374664141464968e+00,  2.938163982698783e+00};
  static const double d[] = {7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00,
                             3.754408661907416e+00};
  if (!(p > 0 && p < 1)) return p == 0 ? -INFINITY : p == 1 ? INFINITY : NAN;
  double x, q, r;
  if (p < 0.02425) {
    q = sqrt(-2 * log(p));
    x = (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
        ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
  } else if (p > 1 - 0.02425) {
    q = sqrt(-2 * log1p(-p));
    x = -(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
        ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
  } else {
    q = p - 0.5;
    r = q * q;
    x = (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q /
        (((((bq[0] * r + bq[1]) * r + bq[2]) * r + bq[3]) * r + bq[4]) * r + 1);
  }
  double e = 0.5 * erfc(-x / sqrt(2)) - p;
  double u = e * sqrt(2 * M_PI) * exp(x * x / 2);
  return x - u / (1 + x * u / 2);
}

/* Continued fraction of the incomplete beta function (modified Lentz). */
static double S_betacf(double a, double b, double x) {
  const double tiny = 1e-300;
  double qab = a + b, qap = a + 1, qam = a - 1, c = 1, d = 1 - qab * x / qap;
  if (fabs(d) < tiny) d = tiny;
  d = 1 / d;
  double h = d;
  for (int m = 1; m <= 300; m++) {
    double m2 = 2 * m, aa = m * (b - m) * x / ((qam + m2) * (a + m2));
    d = 1 + aa * d;
    if (fabs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (fabs(c) < tiny) c = tiny;
    d = 1 / d;
    h *= d * c;
    aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2));
    d = 1 + aa * d;
    if (fabs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (fabs(c) < tiny) c = tiny;
    d = 1 / d;
    double del = d * c;
    h *= del;
    if (fabs(del - 1) < 1e-15) break;
  }
  return h;
}

/* Regularised incomplete beta I_x(a, b). */
static double S_ibeta(double a, double b, double x) {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  double lbt = lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log1p(-x);
  if (x < (a + 1) / (a + b + 2)) return exp(lbt) * S_betacf(a, b, x) / a;
  return 1 - exp(lbt) * S_betacf(b, a, 1 - x) / b;
}

/* P(T <= t) for Student's t with df degrees of freedom. */
static double S_t_cdf(double t, double df) {
  double tail = 0.5 * S_ibeta(df / 2, 0.5, df / (df + t * t));
  return t > 0 ? 1 - tail : tail;
}

double ec_t_quantile(double p, double df) {
  if (!(p > 0 && p < 1) || !(df > 0)) return NAN;
  if (p < 0.5) return -ec_t_quantile(1 - p, df);
  if (p == 0.5) return 0;
  /* bracket, then bisect: called once per comparison, so plain and sure */
  double lo = 0, hi = fmax(1, ec_norm_quantile(p));
  while (S_t_cdf(hi, df) < p && hi < 1e12) hi *= 2;
  for (int i = 0; i < 200 && hi - lo > 1e-12 * hi; i++) {
    double mid = (lo + hi) / 2;
    if (S_t_cdf(mid, df) < p) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}
