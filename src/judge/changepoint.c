/* changepoint — see changepoint.h for the method and its calibration. */
#include "judge/changepoint.h"
#include "util/alloc.h"
#include "util/order.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The median of v[0..n) (v is reordered). */
static double S_median(double *v, size_t n) {
  ec_sort_doubles(v, n);
  return ec_median_sorted(v, n);
}

double ec_cp_noise(const double *y, size_t n) {
  if (n < 3) return NAN;
  size_t m = n - 1;
  double *d = ec_malloc(m * sizeof *d), *a = ec_malloc(m * sizeof *a);
  for (size_t i = 0; i < m; i++) d[i] = y[i + 1] - y[i];
  memcpy(a, d, m * sizeof *a);
  double med = S_median(a, m);
  for (size_t i = 0; i < m; i++) a[i] = fabs(d[i] - med);
  /* a first, robust scale of the differences (MAD) ... */
  double s0 = 1.4826 * S_median(a, m);
  /* ... then their root mean square with each clipped at 3 of those: far
   * less variable than the MAD on a few points (Gaussian efficiency 0.95
   * against 0.37), and in the units of the clipped series PELT fits */
  double lim = 3 * s0, ss = 0;
  for (size_t i = 0; i < m; i++) {
    double r = fmin(fabs(d[i] - med), lim);
    ss += r * r;
  }
  free(d);
  free(a);
  /* E[min(Z^2, 9)] = 0.99505 for a standard normal Z */
  double sd = s0 > 0 ? sqrt(ss / (double)m / 0.99505) : 0;
  return fmax(sd / sqrt(2.0), EC_CP_NOISE_FLOOR);
}

/* Hampel filter: f[i] is y[i] clipped to within k*sigma of the median of
 * the w points around it (the window shifted to fit inside the series). */
static void S_hampel(const double *y, size_t n, double sigma, double *f, unsigned char *clipped) {
  size_t w = n < EC_CP_WINDOW ? n : EC_CP_WINDOW;
  double win[EC_CP_WINDOW];
  double lim = EC_CP_CLIP * sigma;
  for (size_t i = 0; i < n; i++) {
    size_t lo = i >= w / 2 ? i - w / 2 : 0;
    if (lo + w > n) lo = n - w;
    memcpy(win, y + lo, w * sizeof *win);
    double med = S_median(win, w);
    double r = y[i] - med;
    clipped[i] = fabs(r) > lim;
    f[i] = clipped[i] ? med + (r > 0 ? lim : -lim) : y[i];
  }
}

double ec_cp_penalty(size_t n) { return EC_CP_PENALTY_BASE + EC_CP_PENALTY_LOG * log((double)(n > 1 ? n : 1)); }

size_t ec_changepoints(const double *y, size_t n, ec_cp_result *out) {
  return ec_changepoints_with(y, n, ec_cp_penalty(n), out);
}

static size_t S_fit(const double *y, size_t n, double sigma, double penalty, ec_cp_result *out);

/* Lag-1 autocorrelation of the residuals of y about its fitted levels (pairs
 * within one level, clipped points left out); NAN with too few pairs. */
static double S_rho(const double *y, size_t n, const ec_cp_result *r) {
  double num = 0, den = 0;
  size_t pairs = 0;
  for (size_t i = 0; i < n; i++) {
    size_t k = ec_cp_segment(r, i);
    if (r->clipped[i]) continue;
    double e = y[i] - r->level[k];
    den += e * e;
    if (i + 1 < n && !r->clipped[i + 1] && ec_cp_segment(r, i + 1) == k) {
      num += e * (y[i + 1] - r->level[k]);
      pairs++;
    }
  }
  return pairs >= EC_CP_RHO_MIN_PAIRS && den > 0 ? num / den : NAN;
}

size_t ec_changepoints_with(const double *y, size_t n, double penalty, ec_cp_result *out) {
  double sigma0 = ec_cp_noise(y, n);
  size_t k = S_fit(y, n, sigma0, penalty, out);
  double rho = S_rho(y, n, out), used = 0;
  /* correlated noise: a level's mean varies (1+rho)/(1-rho) times more
   * than independent noise lets it (AR(1)); fit again with that noise. Levels
   * fitted to correlated noise absorb some of it, so rho is estimated again
   * about the new levels (at most three times, while it grows) */
  for (int it = 0; it < 3 && isfinite(rho) && rho > used; it++) {
    used = fmin(rho, EC_CP_RHO_MAX);
    ec_cp_free(out);
    k = S_fit(y, n, sigma0 * sqrt((1 + used) / (1 - used)), penalty, out);
    double again = S_rho(y, n, out);
    if (!(again > rho)) break;
    rho = again;
  }
  out->rho = rho;
  return k;
}

static size_t S_fit(const double *y, size_t n, double sigma, double penalty, ec_cp_result *out) {
  memset(out, 0, sizeof *out);
  out->n = n;
  out->sigma = sigma;
  out->rho = NAN;
  out->clipped = ec_calloc(n ? n : 1, sizeof *out->clipped);
  out->level = ec_calloc(1, sizeof *out->level);
  out->level[0] = NAN;
  out->penalty = penalty;
  if (!n) return 0;
  double *f = ec_malloc(n * sizeof *f);
  if (n < 3) {
    memcpy(f, y, n * sizeof *f);
  } else {
    S_hampel(y, n, out->sigma, f, out->clipped);
  }
  /* prefix sums of the filtered values, centred and scaled to sigma units
   * (the cost of a segment is then its sum of squares about its mean) */
  double c0 = f[0], s = isfinite(out->sigma) ? out->sigma : 1;
  double *s1 = ec_calloc(n + 1, sizeof *s1), *s2 = ec_calloc(n + 1, sizeof *s2);
  for (size_t i = 0; i < n; i++) {
    double z = (f[i] - c0) / s;
    s1[i + 1] = s1[i] + z;
    s2[i + 1] = s2[i] + z * z;
  }
  size_t *last = ec_calloc(n + 1, sizeof *last); /* last[t]: start of the last segment ending at t */
  if (n >= EC_CP_MIN_POINTS) {
    /* PELT: F[t] = min over tau in R of F[tau] + C(tau, t) + beta, every
     * segment at least EC_CP_MIN_LEVEL points long (tau becomes a candidate
     * once t - tau reaches it; F is infinite where no such segmentation
     * ends) */
    const size_t m = EC_CP_MIN_LEVEL;
    double beta = out->penalty;
    double *F = ec_malloc((n + 1) * sizeof *F);
    size_t *R = ec_malloc((n + 1) * sizeof *R), nr = 0;
    double *cand = ec_malloc((n + 1) * sizeof *cand);
    F[0] = -beta;
    for (size_t t = 1; t <= n; t++) {
      F[t] = INFINITY;
      if (t < m) continue;
      size_t tau = t - m;
      if (tau == 0 || (tau >= m && isfinite(F[tau]))) R[nr++] = tau;
      double best = INFINITY;
      size_t arg = 0;
      for (size_t k = 0; k < nr; k++) {
        size_t a = R[k];
        double len = (double)(t - a), d1 = s1[t] - s1[a];
        double cost = fmax(s2[t] - s2[a] - d1 * d1 / len, 0);
        cand[k] = F[a] + cost;
        if (cand[k] + beta < best) {
          best = cand[k] + beta;
          arg = a;
        }
      }
      F[t] = best;
      last[t] = arg;
      /* prune: tau can never be optimal again once F[tau] + C(tau, t) > F[t] */
      size_t w = 0;
      for (size_t k = 0; k < nr; k++)
        if (cand[k] <= F[t]) R[w++] = R[k];
      nr = w;
    }
    free(F);
    free(R);
    free(cand);
  }
  /* walk back from n: the starts of the segments */
  size_t cap = 0;
  for (size_t t = n; t > 0 && last[t] > 0; t = last[t]) *EC_PUSH(out->starts, out->n_cps, cap) = last[t];
  for (size_t i = 0; i < out->n_cps / 2; i++) {
    size_t x = out->starts[i];
    out->starts[i] = out->starts[out->n_cps - 1 - i];
    out->starts[out->n_cps - 1 - i] = x;
  }
  free(out->level);
  out->level = ec_malloc((out->n_cps + 1) * sizeof *out->level);
  for (size_t k = 0; k <= out->n_cps; k++) {
    size_t a = k ? out->starts[k - 1] : 0, b = k < out->n_cps ? out->starts[k] : n;
    out->level[k] = c0 + s * (s1[b] - s1[a]) / (double)(b - a);
  }
  free(last);
  free(s1);
  free(s2);
  free(f);
  return out->n_cps;
}

size_t ec_cp_merge_small(ec_cp_result *r, double min_step) {
  while (r->n_cps) {
    size_t best = r->n_cps;
    double d = min_step;
    for (size_t k = 0; k < r->n_cps; k++) {
      double x = fabs(r->level[k + 1] - r->level[k]);
      if (x < d) d = x, best = k;
    }
    if (best == r->n_cps) break;
    /* levels best and best+1 become one: the mean of their points */
    size_t a = best ? r->starts[best - 1] : 0, m = r->starts[best];
    size_t b = best + 1 < r->n_cps ? r->starts[best + 1] : r->n;
    double la = (double)(m - a), lb = (double)(b - m);
    r->level[best] = (r->level[best] * la + r->level[best + 1] * lb) / (la + lb);
    memmove(r->level + best + 1, r->level + best + 2, (r->n_cps - best - 1) * sizeof *r->level);
    memmove(r->starts + best, r->starts + best + 1, (r->n_cps - best - 1) * sizeof *r->starts);
    r->n_cps--;
  }
  return r->n_cps;
}

size_t ec_cp_segment(const ec_cp_result *r, size_t i) {
  size_t k = 0;
  while (k < r->n_cps && r->starts[k] <= i) k++;
  return k;
}

void ec_cp_free(ec_cp_result *r) {
  free(r->starts);
  free(r->level);
  free(r->clipped);
  memset(r, 0, sizeof *r);
}
