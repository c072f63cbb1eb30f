/* Unit tests for src/analyze/gate: quantiles of the normal and t laws, the
 * sketch, the estimate of a known change, and the coverage of the interval
 * on simulated data with a known answer (no change): the 99% interval
 * excludes 0 in about 1% of simulated pairs, with one run per side and with
 * run-to-run noise and repeated runs. */
#include "testutil.h"
#include <math.h>
#include "analyze/gate.h"

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
    assert_true(g.lo_pct <= g.est_pct && g.est_pct <= g.hi_pct);
    if (g.lo_pct > 0 || g.hi_pct < 0) excluded++;
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
    assert_true(g.lo_pct > 5 && g.lo_pct < 10 && g.hi_pct > 10 && g.hi_pct < 15);
    assert_true(ec_gate_significant_slower(&g));
    assert_int_equal(g.df, 0);
    assert_true(isnan(g.between_pct));
    assert_non_null(strstr(g.method, "percentile bootstrap"));
    assert_int_equal(ec_gate_estimate(stt, &x, 1, &x, 1, 0.99, 0, EC_GATE_SEED, &g), 0);
    assert_true(g.est_pct == 0 && g.lo_pct < 0 && g.hi_pct > 0);
    assert_false(ec_gate_significant_slower(&g));
  }
  /* deterministic: the same call gives the same bits; another seed other draws */
  ec_gate_est g1, g2, g3;
  ec_gate_estimate(EC_STAT_MEDIAN, &da, 1, &db, 1, 0.99, 0, EC_GATE_SEED, &g1);
  ec_gate_estimate(EC_STAT_MEDIAN, &da, 1, &db, 1, 0.99, 0, EC_GATE_SEED, &g2);
  ec_gate_estimate(EC_STAT_MEDIAN, &da, 1, &db, 1, 0.99, 0, EC_GATE_SEED + 1, &g3);
  assert_true(g1.lo_pct == g2.lo_pct && g1.hi_pct == g2.hi_pct);
  assert_true(g1.lo_pct != g3.lo_pct || g1.hi_pct != g3.hi_pct);
  assert_true(fabs(g1.lo_pct - g3.lo_pct) < 0.1);
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
  assert_true(fabs(gs.lo_pct - g1.lo_pct) < 0.15 && fabs(gs.hi_pct - g1.hi_pct) < 0.15);
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
  print_message("one run per side, 2%% run effects: %.1f%% exclude 0\n", 100 * r);
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
  assert_string_equal(ec_gate_str(buf, sizeof buf, &g), "n/a");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_quantiles),        cmocka_unit_test(test_sketch),
      cmocka_unit_test(test_known_change),     cmocka_unit_test(test_coverage_one_run),
      cmocka_unit_test(test_coverage_repeats), cmocka_unit_test(test_no_interval),
      cmocka_unit_test(test_format),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
