/* Unit tests for src/judge/gate: quantiles of the normal and t laws, the
 * sketch, the estimate of a known change, and the coverage of the interval
 * on simulated data with a known answer (no change): the 99% interval
 * excludes 0 in about 1% of simulated pairs, with one run per side and with
 * run-to-run noise and repeated runs. */
#include "testutil.h"
#include <math.h>
#include "judge/gate.h"
#include "words/words.h"

/* Test data: its own generator, so the simulated samples are fixed. */
static uint64_t S_state;
#define S_unif() ec_test_unif(&S_state)
#define S_normal() ec_test_normal(&S_state)

static int S_cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* A run of n GPU-like times around scale: a half-normal body (2% spread)
 * and a 5% tail of slow iterations up to +30%, sorted into v. */
static void S_run(ec_dist *d, double *v, size_t n, double scale, ec_stat st) {
  double sum = 0, ss = 0;
  for (size_t i = 0; i < n; i++) {
    v[i] = scale * (1 + 0.02 * fabs(S_normal()) + (S_unif() < 0.05 ? 0.3 * S_unif() : 0));
    sum += v[i];
  }
  qsort(v, n, sizeof *v, S_cmp);
  double m = sum / (double)n;
  for (size_t i = 0; i < n; i++) ss += (v[i] - m) * (v[i] - m);
  memset(d, 0, sizeof *d);
  d->n = n;
  d->sorted = v;
  d->mean = m;
  d->sd = sqrt(ss / (double)(n - 1));
  d->value = st == EC_STAT_MEAN ? m : st == EC_STAT_MEDIAN ? (n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2)
                                                            : v[n - 1 - (size_t)(0.01 * (double)n)];
}

/* The interval a comparison claims: the honest one, else (one run per
 * side) the within-run one. */
static double S_lo(const ec_gate_est *g) { return isfinite(g->lo_pct) ? g->lo_pct : g->within_lo_pct; }
static double S_hi(const ec_gate_est *g) { return isfinite(g->hi_pct) ? g->hi_pct : g->within_hi_pct; }

/* Share of `trials` simulated comparisons without a change whose interval
 * excludes 0; runs per side k, run-to-run sd tau (log scale). */
static double S_false_alarms(ec_stat st, size_t n, size_t k, double tau, double conf, int trials, double *mean_between) {
  int excluded = 0;
  double between = 0;
  ec_dist b[5], c[5];
  double *vb[5], *vc[5];
  for (size_t i = 0; i < k; i++) {
    vb[i] = malloc(n * sizeof(double));
    vc[i] = malloc(n * sizeof(double));
  }
  for (int t = 0; t < trials; t++) {
    for (size_t i = 0; i < k; i++) {
      S_run(&b[i], vb[i], n, exp(tau * S_normal()), st);
      S_run(&c[i], vc[i], n, exp(tau * S_normal()), st);
    }
    ec_gate_est g;
    assert_int_equal(ec_gate_estimate(st, b, k, c, k, conf, 1000, (uint64_t)t + 1, &g), 0);
    assert_null(g.why);
    assert_true(S_lo(&g) <= g.est_pct && g.est_pct <= S_hi(&g));
    if (S_lo(&g) > 0 || S_hi(&g) < 0) excluded++;
    if (isfinite(g.between_pct)) between += g.between_pct;
  }
  for (size_t i = 0; i < k; i++) {
    free(vb[i]);
    free(vc[i]);
  }
  if (mean_between) *mean_between = between / trials;
  return (double)excluded / trials;
}

static void test_quantiles(void **st) {
  (void)st;
  assert_true(fabs(ec_norm_quantile(0.995) - 2.5758293035489) < 1e-9);
  assert_true(fabs(ec_norm_quantile(0.975) - 1.9599639845401) < 1e-9);
  assert_true(fabs(ec_norm_quantile(0.001) + 3.0902323061678) < 1e-9);
  assert_true(fabs(ec_t_quantile(0.995, 1) - 63.656741162872) < 1e-6);
  assert_true(fabs(ec_t_quantile(0.995, 2) - 9.9248432009182) < 1e-8);
  assert_true(fabs(ec_t_quantile(0.995, 5) - 4.0321429835552) < 1e-8);
  assert_true(fabs(ec_t_quantile(0.975, 10) - 2.2281388519650) < 1e-8);
  assert_true(fabs(ec_t_quantile(0.025, 10) + 2.2281388519650) < 1e-8);
  assert_true(fabs(ec_t_quantile(0.995, 1e6) - 2.5758293035489) < 1e-4);
}

static void test_sketch(void **st) {
  (void)st;
  double v[5] = {1, 2, 3, 4, 10}, q[5];
  ec_sketch_of(v, 5, q, 5);
  assert_true(q[0] == 1 && q[2] == 3 && q[4] == 10);
  assert_true(q[1] == 2 && q[3] == 4);
  double w[4] = {1, 2, 4, 8}, r[3];
  ec_sketch_of(w, 4, r, 3); /* the middle point is the median of an even count */
  assert_true(r[0] == 1 && r[1] == 3 && r[2] == 8);
}

/* A copy scaled by 1.10 is exactly +10%, and the interval is tight around it;
 * the same data against itself is +0% with an interval around 0. */
static void test_known_change(void **st) {
  (void)st;
  size_t n = 5000;
  double *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
  ec_dist da, db;
  S_state = 7;
  S_run(&da, a, n, 1.0, EC_STAT_MEDIAN);
  for (size_t i = 0; i < n; i++) b[i] = a[i] * 1.10;
  db = da;
  db.sorted = b;
  db.value = da.value * 1.10;
  db.mean = da.mean * 1.10;
  db.sd = da.sd * 1.10;
  for (int s = 0; s < 3; s++) {
    ec_stat stt = (ec_stat)s;
    ec_dist x = da, y = db;
    if (stt == EC_STAT_MEAN) {
      x.value = da.mean;
      y.value = db.mean;
    } else if (stt == EC_STAT_P99) {
      x.value = a[4949];
      y.value = b[4949];
    }
    ec_gate_est g;
    assert_int_equal(ec_gate_estimate(stt, &x, 1, &y, 1, 0.99, 0, EC_GATE_SEED, &g), 0);
    assert_true(fabs(g.est_pct - 10) < 1e-9);
    /* one run per side: a threshold verdict; the within-run interval is kept */
    assert_true(isnan(g.lo_pct) && isnan(g.hi_pct));
    assert_int_equal(g.run_noise, EC_RUN_NOISE_NOT_MEASURED);
    assert_true(g.within_lo_pct > 5 && g.within_lo_pct < 10 && g.within_hi_pct > 10 && g.within_hi_pct < 15);
    assert_false(ec_gate_significant_slower(&g));
    assert_int_equal(g.df, 0);
    assert_true(isnan(g.between_pct));
    assert_non_null(strstr(g.method, "threshold verdict"));
    char buf[128];
    assert_string_equal(ec_gate_str(buf, sizeof buf, &g), "+10.0% (one run per side: run-to-run noise not measured)");
    assert_non_null(strstr(ec_gate_within_str(buf, sizeof buf, &g), "within run [+"));
    assert_int_equal(ec_gate_estimate(stt, &x, 1, &x, 1, 0.99, 0, EC_GATE_SEED, &g), 0);
    assert_true(g.est_pct == 0 && g.within_lo_pct < 0 && g.within_hi_pct > 0);
    assert_false(ec_gate_significant_slower(&g));
    /* a known run-to-run noise of 2% makes it an honest interval: about
     * +-2.58 * 2% * sqrt(2) wide, excluding no change at +10% */
    assert_int_equal(ec_gate_estimate_rn(stt, &x, 1, &y, 1, 0.99, 0, EC_GATE_SEED, 2.0, NAN, &g), 0);
    assert_int_equal(g.run_noise, EC_RUN_NOISE_GIVEN);
    assert_true(g.lo_pct > 1 && g.lo_pct < 4 && g.hi_pct > 16 && g.hi_pct < 20);
    assert_true(ec_gate_significant_slower(&g));
  }
  /* deterministic: the same call gives the same bits; another seed other draws */
  ec_gate_est g1, g2, g3;
  ec_gate_estimate(EC_STAT_MEDIAN, &da, 1, &db, 1, 0.99, 0, EC_GATE_SEED, &g1);
  ec_gate_estimate(EC_STAT_MEDIAN, &da, 1, &db, 1, 0.99, 0, EC_GATE_SEED, &g2);
  ec_gate_estimate(EC_STAT_MEDIAN, &da, 1, &db, 1, 0.99, 0, EC_GATE_SEED + 1, &g3);
  assert_true(g1.within_lo_pct == g2.within_lo_pct && g1.within_hi_pct == g2.within_hi_pct);
  assert_true(g1.within_lo_pct != g3.within_lo_pct || g1.within_hi_pct != g3.within_hi_pct);
  assert_true(fabs(g1.within_lo_pct - g3.within_lo_pct) < 0.1);
  /* the sketch of a run gives nearly the interval of the run itself */
  double q[EC_SKETCH_POINTS];
  ec_sketch_of(a, n, q, EC_SKETCH_POINTS);
  ec_dist ds = da;
  ds.sorted = NULL;
  ds.sketch = q;
  ds.m = EC_SKETCH_POINTS;
  ec_gate_est gs;
  ec_gate_estimate(EC_STAT_MEDIAN, &ds, 1, &db, 1, 0.99, 0, EC_GATE_SEED, &gs);
  assert_true(gs.est_pct == g1.est_pct);
  assert_true(fabs(gs.within_lo_pct - g1.within_lo_pct) < 0.15 && fabs(gs.within_hi_pct - g1.within_hi_pct) < 0.15);
  free(a);
  free(b);
}

/* Over 1000 simulated pairs without a change, the 99% interval of the
 * median ratio excludes 0 in about 1% (binomial sd 0.3%), and the 95% one in
 * about 5%; the mean (normal replicates) likewise. */
static void test_coverage_one_run(void **st) {
  (void)st;
  S_state = 1;
  double r = S_false_alarms(EC_STAT_MEDIAN, 300, 1, 0, 0.99, 1000, NULL);
  print_message("median, n=300, 99%%: %.1f%% of intervals exclude 0\n", 100 * r);
  assert_true(r >= 0.002 && r <= 0.025);
  r = S_false_alarms(EC_STAT_MEDIAN, 300, 1, 0, 0.95, 1000, NULL);
  print_message("median, n=300, 95%%: %.1f%%\n", 100 * r);
  assert_true(r >= 0.03 && r <= 0.075);
  r = S_false_alarms(EC_STAT_MEAN, 1000, 1, 0, 0.99, 1000, NULL);
  print_message("mean, n=1000, 99%%: %.1f%%\n", 100 * r);
  assert_true(r >= 0.002 && r <= 0.025);
  r = S_false_alarms(EC_STAT_P99, 2000, 1, 0, 0.99, 500, NULL);
  print_message("p99, n=2000, 99%%: %.1f%%\n", 100 * r);
  assert_true(r <= 0.025);
}

/* Runs that differ by a 2% run effect: one run per side cannot see it and
 * nearly every interval excludes 0 (why repeats are needed); with three runs
 * per side the random-effects interval is back near 1%, and the estimated
 * between-run sd is near the simulated one. */
static void test_coverage_repeats(void **st) {
  (void)st;
  S_state = 2;
  double r = S_false_alarms(EC_STAT_MEDIAN, 500, 1, 0.02, 0.99, 300, NULL);
  print_message("one run per side, 2%% run effects: %.1f%% of within-run intervals exclude 0\n", 100 * r);
  assert_true(r > 0.5);
  double between;
  r = S_false_alarms(EC_STAT_MEDIAN, 500, 3, 0.02, 0.99, 1000, &between);
  print_message("three runs per side: %.1f%% exclude 0; mean between-run sd %.2f%%\n", 100 * r, between);
  assert_true(r >= 0.002 && r <= 0.025);
  assert_true(between > 1.4 && between < 2.4);
  r = S_false_alarms(EC_STAT_MEAN, 500, 2, 0.02, 0.95, 1000, NULL);
  print_message("two runs per side, 95%%: %.1f%%\n", 100 * r);
  assert_true(r >= 0.025 && r <= 0.075);
}

/* No interval without a distribution, with too few iterations, for p99 of
 * under 100; the estimate is still given. */
static void test_no_interval(void **st) {
  (void)st;
  ec_dist a = {0}, b = {0};
  a.value = 1;
  b.value = 1.2;
  a.mean = b.mean = a.sd = b.sd = NAN;
  ec_gate_est g;
  assert_int_equal(ec_gate_estimate(EC_STAT_MEDIAN, &a, 1, &b, 1, 0.99, 0, 1, &g), 0);
  assert_true(fabs(g.est_pct - 20) < 1e-9);
  assert_true(isnan(g.lo_pct) && isnan(g.hi_pct));
  assert_non_null(strstr(g.why, "no per-iteration distribution"));
  assert_string_equal(g.method, "estimate only");
  double v[50];
  for (int i = 0; i < 50; i++) v[i] = 1 + i * 0.001;
  a.sorted = b.sorted = v;
  a.n = b.n = 5;
  assert_int_equal(ec_gate_estimate(EC_STAT_MEDIAN, &a, 1, &b, 1, 0.99, 0, 1, &g), 0);
  assert_non_null(strstr(g.why, "fewer than 10"));
  a.n = b.n = 50;
  assert_int_equal(ec_gate_estimate(EC_STAT_P99, &a, 1, &b, 1, 0.99, 0, 1, &g), 0);
  assert_non_null(strstr(g.why, "p99"));
  assert_int_equal(ec_gate_estimate(EC_STAT_MEDIAN, &a, 1, &b, 1, 0.99, 0, 1, &g), 0);
  assert_null(g.why);
  b.value = 0;
  assert_int_equal(ec_gate_estimate(EC_STAT_MEDIAN, &a, 1, &b, 1, 0.99, 0, 1, &g), -1);
  assert_true(isnan(g.est_pct));
}

/* ---- realistic runs: autocorrelated levels, run-to-run shifts ---------- */

/* A run of n times in measurement order (ord) and sorted (v): log time =
 * log scale + 2% AR(1) noise with coefficient phi (levels hold about
 * 1/(1-phi) iterations) + a 3% tail of slow iterations. */
static void S_run_ar(ec_dist *d, double *v, double *ord, size_t n, double scale, double phi) {
  double e = S_normal(), sum = 0, ss = 0;
  for (size_t i = 0; i < n; i++) {
    e = phi * e + sqrt(1 - phi * phi) * S_normal();
    ord[i] = scale * exp(0.02 * e) * (S_unif() < 0.03 ? 1 + 0.3 * S_unif() : 1);
    sum += ord[i];
  }
  memcpy(v, ord, n * sizeof *v);
  qsort(v, n, sizeof *v, S_cmp);
  double m = sum / (double)n;
  for (size_t i = 0; i < n; i++) ss += (v[i] - m) * (v[i] - m);
  memset(d, 0, sizeof *d);
  d->n = n;
  d->sorted = v;
  d->order = ord;
  d->mean = m;
  d->sd = sqrt(ss / (double)(n - 1));
  d->value = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* Autocorrelation widens the within-run interval: iid bootstrap intervals
 * of AR(1) runs (phi 0.95, levels of ~20 iterations) exclude "no change" in
 * far more than 1% of same-level pairs; the block-widened ones in about 1%. */
static void test_autocorrelation(void **st) {
  (void)st;
  size_t n = 2000;
  double *v[2], *o[2];
  for (int k = 0; k < 2; k++) v[k] = malloc(n * sizeof(double)), o[k] = malloc(n * sizeof(double));
  S_state = 11;
  int excl = 0, excl_iid = 0, trials = 300;
  size_t blen = 0;
  for (int t = 0; t < trials; t++) {
    ec_dist d[2];
    for (int k = 0; k < 2; k++) S_run_ar(&d[k], v[k], o[k], n, 1.0, 0.95);
    ec_gate_est g;
    assert_int_equal(ec_gate_estimate(EC_STAT_MEDIAN, &d[0], 1, &d[1], 1, 0.99, 1000, (uint64_t)t + 1, &g), 0);
    if (g.within_lo_pct > 0 || g.within_hi_pct < 0) excl++;
    blen += g.block_len;
    d[0].order = d[1].order = NULL; /* as if the order were unknown: independent */
    assert_int_equal(ec_gate_estimate(EC_STAT_MEDIAN, &d[0], 1, &d[1], 1, 0.99, 1000, (uint64_t)t + 1, &g), 0);
    assert_int_equal(g.block_len, 1);
    if (g.within_lo_pct > 0 || g.within_hi_pct < 0) excl_iid++;
  }
  print_message("AR(1) 0.95, n=2000: block-widened %.1f%%, independent %.1f%% exclude 0; mean block length %.0f\n",
                100.0 * excl / trials, 100.0 * excl_iid / trials, (double)blen / trials);
  assert_true(excl_iid > trials / 5);
  assert_true(excl <= trials * 3 / 100);
  /* the block length follows the autocorrelation: noise gets 1 */
  for (size_t i = 0; i < n; i++) o[0][i] = S_normal();
  assert_int_equal(ec_gate_block_len(o[0], n), 1);
  assert_true(ec_gate_block_inflation(o[0], n, 1) == 1);
  double e = 0;
  for (size_t i = 0; i < n; i++) o[0][i] = e = 0.9 * e + S_normal();
  size_t L = ec_gate_block_len(o[0], n);
  assert_true(L >= 16 && L <= n / 20);
  double f = ec_gate_block_inflation(o[0], n, L);
  print_message("AR(1) 0.9: block length %zu, variance inflation %.1f (theory (1+phi)/(1-phi) = 19)\n", L, f);
  assert_true(f > 8 && f < 30);
  for (int k = 0; k < 2; k++) free(v[k]), free(o[k]);
}

/* The nightly recipe: the last 10 nights as the baseline's runs, tonight as
 * the candidate's one. Nights differ by a run effect of sd tau, iterations
 * are AR(1) with levels. Over 300 A/A windows, the share whose 99%
 * prediction interval excludes no change (*fa) and the share of windows
 * with tonight 10% slower caught (lo > 0). */
static double S_history(double tau, double *fa_out) {
  size_t n = 1000, k = 10;
  ec_dist b[10], c;
  double *vb[10], *ob[10], *vc = malloc(n * sizeof(double)), *oc = malloc(n * sizeof(double));
  for (size_t i = 0; i < k; i++) vb[i] = malloc(n * sizeof(double)), ob[i] = malloc(n * sizeof(double));
  int trials = 300, fa = 0, caught = 0;
  for (int t = 0; t < trials; t++) {
    for (size_t i = 0; i < k; i++) S_run_ar(&b[i], vb[i], ob[i], n, exp(tau * S_normal()), 0.9);
    ec_gate_est g;
    S_run_ar(&c, vc, oc, n, exp(tau * S_normal()), 0.9);
    assert_int_equal(ec_gate_estimate(EC_STAT_MEDIAN, b, k, &c, 1, 0.99, 500, (uint64_t)t + 1, &g), 0);
    assert_int_equal(g.run_noise, EC_RUN_NOISE_MEASURED);
    if (g.lo_pct > 0 || g.hi_pct < 0) fa++;
    for (size_t i = 0; i < n; i++) vc[i] *= 1.10, oc[i] *= 1.10;
    c.value *= 1.10, c.mean *= 1.10, c.sd *= 1.10;
    assert_int_equal(ec_gate_estimate(EC_STAT_MEDIAN, b, k, &c, 1, 0.99, 500, (uint64_t)t + 1, &g), 0);
    if (g.lo_pct > 0) caught++;
  }
  for (size_t i = 0; i < k; i++) free(vb[i]), free(ob[i]);
  free(vc);
  free(oc);
  *fa_out = (double)fa / trials;
  return (double)caught / trials;
}

/* At 1% night-to-night noise a 10% slowdown is caught every time; at 2%
 * (t(9) and a prediction interval: about +-7%) most of the time. False
 * exclusions stay at or under 2%. */
static void test_history_baseline(void **st) {
  (void)st;
  S_state = 12;
  double fa, caught = S_history(0.01, &fa);
  print_message("history baseline (10 nights, 1%% night noise): %.1f%% false exclusions, 10%% caught in %.1f%%\n",
                100 * fa, 100 * caught);
  assert_true(fa <= 0.02 && caught >= 0.99);
  caught = S_history(0.02, &fa);
  print_message("history baseline (10 nights, 2%% night noise): %.1f%% false exclusions, 10%% caught in %.1f%%\n",
                100 * fa, 100 * caught);
  assert_true(fa <= 0.02 && caught >= 0.75);
}

/* What each mode may claim (issue 34): an interval says its level, a
 * threshold says it is one and that its within-run interval is iteration
 * noise only (no level), an estimate without a distribution says it has no
 * interval; and what would decide an inconclusive interval. */
static void test_modes(void **st) {
  (void)st;
  size_t n = 2000;
  double *v[6], *o[6];
  ec_dist d[6];
  S_state = 21;
  for (int k = 0; k < 6; k++) {
    v[k] = malloc(n * sizeof(double));
    o[k] = malloc(n * sizeof(double));
    S_run_ar(&d[k], v[k], o[k], n, k < 3 ? 1.0 : 1.08 * exp(0.03 * S_normal()), 0.9);
  }
  char buf[320];
  ec_gate_est g;
  /* one run per side: a threshold */
  assert_int_equal(ec_gate_estimate(EC_STAT_MEDIAN, &d[0], 1, &d[3], 1, 0.99, 1000, 1, &g), 0);
  assert_int_equal(ec_gate_mode_of(&g), EC_GATE_MODE_THRESHOLD);
  ec_gate_claim_str(buf, sizeof buf, &g);
  assert_non_null(strstr(buf, "(one run per side: run-to-run noise not measured), within run ["));
  assert_non_null(strstr(buf, "] (iteration noise only)"));
  assert_null(strstr(buf, "99%"));
  assert_int_equal(ec_gate_within_excludes_zero(&g), g.within_lo_pct > 0 || g.within_hi_pct < 0);
  size_t kb, kc;
  ec_gate_runs_needed(&g, 5, 100, &kb, &kc);
  assert_true(kb == 0 && kc == 0); /* no measured noise: nothing to count on */
  /* three runs against one: an interval at 99%, and what would decide it */
  assert_int_equal(ec_gate_estimate(EC_STAT_MEDIAN, d, 3, &d[3], 1, 0.99, 1000, 1, &g), 0);
  assert_int_equal(ec_gate_mode_of(&g), EC_GATE_MODE_INTERVAL);
  assert_non_null(strstr(ec_gate_claim_str(buf, sizeof buf, &g), "] at 99%"));
  assert_true(isfinite(g.tau2) && isfinite(g.within_var[0]) && isfinite(g.within_var[1]));
  ec_gate_runs_needed(&g, 5, 100, &kb, &kc);
  if (g.est_pct > 5 && g.lo_pct <= 0) {
    assert_true((kb > 3 && kb <= 100) || kc > 1);
  } else {
    assert_true(kb == 0 && kc == 0);
  }
  /* below the limit: nothing to decide */
  ec_gate_runs_needed(&g, 50, 100, &kb, &kc);
  assert_true(kb == 0 && kc == 0);
  /* no per-iteration distribution: the estimate alone */
  ec_dist s0 = {0}, s1 = {0};
  s0.value = 1.0;
  s1.value = 1.1;
  assert_int_equal(ec_gate_estimate(EC_STAT_MEDIAN, &s0, 1, &s1, 1, 0.99, 1000, 1, &g), 0);
  assert_int_equal(ec_gate_mode_of(&g), EC_GATE_MODE_ESTIMATE);
  assert_non_null(strstr(ec_gate_claim_str(buf, sizeof buf, &g), "(no interval: "));
  assert_string_equal(ec_gate_mode_name(EC_GATE_MODE_THRESHOLD), "threshold");
  for (int k = 0; k < 6; k++) {
    free(v[k]);
    free(o[k]);
  }
}

/* A first level barely apart from the rest is one of a run's ordinary
 * levels: a 0.5% warm-up on nearly noiseless times is not trimmed (it is
 * many block-noise sigmas off, but under the 1% minimum), a 5% one is. */
static void test_warmup_min_size(void **st) {
  (void)st;
  size_t n = 3000;
  double *o = malloc(n * sizeof *o);
  S_state = 17;
  for (int pass = 0; pass < 2; pass++) {
    for (size_t i = 0; i < n; i++) o[i] = 1.0 * (1 + 0.0002 * S_normal()) * (i < 300 ? (pass ? 1.05 : 1.005) : 1);
    size_t w = ec_gate_warmup(o, n);
    if (pass) assert_true(w >= 285 && w <= 330);
    else assert_int_equal(w, 0);
  }
  free(o);
}

/* Start-up transients: a first level 15% slower for 300 of 3,000
 * iterations is found and trimmed (to a block); runs without one (AR(1)
 * levels, phi 0.9) are nearly never trimmed. */
static void test_warmup(void **st) {
  (void)st;
  size_t n = 3000;
  double *v = malloc(n * sizeof *v), *o = malloc(n * sizeof *o);
  ec_dist d;
  S_state = 13;
  int found = 0, spurious = 0, trials = 100;
  for (int t = 0; t < trials; t++) {
    S_run_ar(&d, v, o, n, 1.0, 0.9);
    if (ec_gate_warmup(o, n)) spurious++;
    for (size_t i = 0; i < 300; i++) o[i] *= 1.15;
    size_t w = ec_gate_warmup(o, n);
    if (w >= 285 && w <= 330) found++;
  }
  print_message("warm-up of 300 at +15%%: trimmed in %d of %d runs; runs without one trimmed in %d\n", found, trials,
                spurious);
  assert_true(found >= 95);
  assert_true(spurious <= 5);
  assert_int_equal(ec_gate_warmup(o, 50), 0); /* too short to tell */
  free(v);
  free(o);
}

/* Correlated runs (nights): the run effects of a side's mean are inflated
 * by (1+rho)/(1-rho), so the interval widens; rho <= 0 changes nothing. */
static void test_correlated_runs(void **st) {
  (void)st;
  size_t n = 500;
  ec_dist b[4], c;
  double *v[5];
  for (int i = 0; i < 5; i++) v[i] = malloc(n * sizeof(double));
  S_state = 14;
  for (int i = 0; i < 4; i++) S_run(&b[i], v[i], n, exp(0.02 * S_normal()), EC_STAT_MEDIAN);
  S_run(&c, v[4], n, 1.0, EC_STAT_MEDIAN);
  ec_gate_est g0, g1, g2;
  ec_gate_estimate_rn(EC_STAT_MEDIAN, b, 4, &c, 1, 0.99, 500, 1, NAN, NAN, &g0);
  ec_gate_estimate_rn(EC_STAT_MEDIAN, b, 4, &c, 1, 0.99, 500, 1, NAN, 0.6, &g1);
  ec_gate_estimate_rn(EC_STAT_MEDIAN, b, 4, &c, 1, 0.99, 500, 1, NAN, -0.3, &g2);
  double w0 = g0.hi_pct - g0.lo_pct, w1 = g1.hi_pct - g1.lo_pct;
  print_message("4 nights vs 1: width %.2f independent, %.2f with rho 0.6\n", w0, w1);
  assert_true(w1 > w0 * 1.1);
  assert_true(g2.lo_pct == g0.lo_pct && g2.hi_pct == g0.hi_pct);
  for (int i = 0; i < 5; i++) free(v[i]);
}

/* The timer tick is the most common gap, not the smallest: float artefacts
 * (1e-6 ms) do not shrink it. */
static void test_tick(void **st) {
  (void)st;
  double v[400];
  for (int i = 0; i < 400; i++) v[i] = 1 + (i / 4) * (1.0 / 2048); /* ties, 1/2048 ms steps */
  v[399] = v[398] + 1e-6;                                         /* a float artefact */
  double h = ec_gate_tick(v, 400);
  assert_true(fabs(h - 1.0 / 2048) < 1e-9);
  for (int i = 0; i < 400; i++) v[i] = 1 + i * i * 1e-5; /* continuous: every gap differs */
  assert_true(ec_gate_tick(v, 400) == 0);
}

static void test_format(void **st) {
  (void)st;
  char buf[64];
  ec_gate_est g = {0};
  g.est_pct = 10.2345;
  g.lo_pct = 9.71;
  g.hi_pct = 10.84;
  assert_string_equal(ec_gate_str(buf, sizeof buf, &g), "+10.2% [+9.7, +10.8]");
  g.est_pct = -0.004;
  g.lo_pct = -0.31;
  g.hi_pct = 0.29;
  assert_string_equal(ec_gate_str(buf, sizeof buf, &g), "+0.00% [-0.31, +0.29]");
  g.est_pct = -26.5012;
  g.lo_pct = -26.532;
  g.hi_pct = -26.471;
  assert_string_equal(ec_gate_str(buf, sizeof buf, &g), "-26.50% [-26.53, -26.47]");
  g.lo_pct = g.hi_pct = -26.5012;
  assert_string_equal(ec_gate_str(buf, sizeof buf, &g), "-26.501% [-26.501, -26.501]");
  g.lo_pct = g.hi_pct = NAN;
  g.est_pct = -3.25;
  assert_string_equal(ec_gate_str(buf, sizeof buf, &g), "-3.2%");
  g.est_pct = NAN;
  assert_string_equal(ec_gate_str(buf, sizeof buf, &g), EC_DASH);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_quantiles),        cmocka_unit_test(test_sketch),
      cmocka_unit_test(test_known_change),     cmocka_unit_test(test_coverage_one_run),
      cmocka_unit_test(test_coverage_repeats), cmocka_unit_test(test_no_interval),
      cmocka_unit_test(test_format),           cmocka_unit_test(test_autocorrelation),
      cmocka_unit_test(test_history_baseline), cmocka_unit_test(test_tick),
      cmocka_unit_test(test_warmup),           cmocka_unit_test(test_modes),
      cmocka_unit_test(test_warmup_min_size),           cmocka_unit_test(test_correlated_runs),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
