/* Unit tests for src/judge/changepoint: the false-alarm rate measured on
 * simulated pure noise (Gaussian, Student t(3), Gaussian with isolated
 * single-night outliers; 6 to 1,000 points), a step found at its first
 * point, robustness to one bad night (at the end too) and to two (measured),
 * and a level that lasts three nights. The measured rates are printed
 * (README quotes them). */
#include "testutil.h"
#include <math.h>
#include "judge/changepoint.h"

/* Test data: its own generator, so the simulated series are fixed. */
static uint64_t S_state = 12345;
#define S_unif() ec_test_unif(&S_state)
#define S_normal() ec_test_normal(&S_state)
/* Student t with 3 degrees of freedom, scaled to unit variance */
static double S_t3(void) {
  double z = S_normal(), c = 0;
  for (int i = 0; i < 3; i++) {
    double x = S_normal();
    c += x * x;
  }
  return z / sqrt(c / 3) / sqrt(3.0);
}

enum { S_GAUSS, S_HEAVY, S_OUTLIERS };

/* n points of 1% noise of the given kind (log scale). Outliers: each point
 * with probability 5%, 4 to 20 sigma off, never within 2 points of another. */
static void S_noise(double *y, size_t n, int kind) {
  size_t last = 0;
  int any = 0;
  for (size_t i = 0; i < n; i++) {
    double e = kind == S_HEAVY ? S_t3() : S_normal();
    if (kind == S_OUTLIERS && S_unif() < 0.05 && (!any || i >= last + 3)) {
      e = (S_unif() < 0.5 ? -1 : 1) * (4 + 16 * S_unif());
      last = i;
      any = 1;
    }
    y[i] = 0.01 * e;
  }
}

/* Share of trials series of n points of noise kind with a change point. */
static double S_false_alarms(size_t n, int kind, int trials) {
  double *y = malloc(n * sizeof *y);
  int hits = 0;
  for (int t = 0; t < trials; t++) {
    S_noise(y, n, kind);
    ec_cp_result r;
    if (ec_changepoints(y, n, &r)) hits++;
    assert_true(r.sigma > 0);
    ec_cp_free(&r);
  }
  free(y);
  return (double)hits / trials;
}

/* Pure noise: about 1% of series of 10 points get a change point, at most
 * 0.5% from 30 points on, whatever the noise's tails. */
static void test_false_alarm_rate(void **st) {
  (void)st;
  static const char *const kinds[] = {"Gaussian", "Student t(3)", "Gaussian + 5% outliers"};
  static const size_t ns[] = {6, 10, 30, 100, 1000};
  for (int k = 0; k < 3; k++)
    for (size_t j = 0; j < sizeof ns / sizeof ns[0]; j++) {
      int trials = ns[j] >= 1000 ? 600 : 3000;
      double fa = S_false_alarms(ns[j], k, trials);
      print_message("false alarms, %-24s n = %4zu: %.2f%% of %d series\n", kinds[k], ns[j], 100 * fa, trials);
      if (ns[j] >= 30) assert_true(fa <= 0.01);
      else if (ns[j] >= 10) assert_true(fa <= 0.025);
      else assert_true(fa <= 0.05);
    }
}

/* A 10% step from point 16 (the 17th night) of 30, at 1% noise: one change
 * point, exactly there, with both levels right. */
static void test_step_found(void **st) {
  (void)st;
  double y[30];
  for (int trial = 0; trial < 200; trial++) {
    S_noise(y, 30, S_GAUSS);
    for (size_t i = 16; i < 30; i++) y[i] += log(1.10);
    ec_cp_result r;
    assert_int_equal(ec_changepoints(y, 30, &r), 1);
    assert_int_equal(r.starts[0], 16);
    assert_true(fabs(r.level[0]) < 0.01);
    assert_true(fabs(r.level[1] - log(1.10)) < 0.01);
    assert_int_equal(ec_cp_segment(&r, 15), 0);
    assert_int_equal(ec_cp_segment(&r, 16), 1);
    ec_cp_free(&r);
  }
}

/* One bad night, anywhere including the last, is an outlier (clipped) and
 * makes a change point no more often than noise alone does; two bad nights
 * in a row rarely make one; three bad nights at the end are a new level.
 * (Rates measured and printed.) */
static void test_outliers_are_not_levels(void **st) {
  (void)st;
  double y[40];
  int singles = 0, single_levels = 0, pairs = 0, pair_levels = 0;
  size_t extra = 0;
  for (int trial = 0; trial < 300; trial++) {
    for (size_t at = 0; at < 40; at += 13) {
      S_noise(y, 40, S_GAUSS);
      size_t p = at ? at : 39; /* also the last night */
      y[p] += log(1.5);
      ec_cp_result r;
      singles++;
      single_levels += ec_changepoints(y, 40, &r) > 0;
      assert_true(r.clipped[p]);
      ec_cp_free(&r);
      if (p + 1 < 40) {
        y[p + 1] += log(1.4);
        pairs++;
        pair_levels += ec_changepoints(y, 40, &r) > 0;
        ec_cp_free(&r);
      }
    }
    S_noise(y, 40, S_GAUSS);
    for (size_t i = 37; i < 40; i++) y[i] += log(1.2);
    ec_cp_result r;
    size_t k = ec_changepoints(y, 40, &r);
    assert_true(k >= 1);
    assert_int_equal(r.starts[k - 1], 37);
    extra += k - 1; /* a false alarm in the 37 nights before */
    ec_cp_free(&r);
  }
  print_message("one bad night made a change point in %.2f%% of %d series, two in a row in %.1f%% of %d\n",
                100.0 * single_levels / singles, singles, 100.0 * pair_levels / pairs, pairs);
  assert_true(single_levels <= singles / 100);
  assert_true(extra <= 3); /* 1% of the 300 series with a level at the end */
  assert_true(pair_levels <= pairs / 20);
}

/* The noise scale: 1.4826 MAD-based and clipped, so a step or an outlier
 * barely moves it; floored for a constant series. */
/* Correlated nights (AR(1), phi 0.6): the residuals' lag-1 autocorrelation
 * is estimated and widens the noise, so pure correlated noise rarely makes a
 * change point (independent-noise PELT on it would make many); a 12% step
 * at 1% noise is still found at its night. */
static void test_correlated_nights(void **st) {
  (void)st;
  S_state = 21;
  size_t n = 60, cps = 0, trials = 500;
  double y[60], rho = 0;
  for (size_t t = 0; t < trials; t++) {
    double e = S_normal();
    for (size_t i = 0; i < n; i++) y[i] = 0.01 * (e = 0.6 * e + sqrt(1 - 0.36) * S_normal());
    ec_cp_result r;
    if (ec_changepoints(y, n, &r)) cps++;
    if (isfinite(r.rho)) rho += r.rho;
    ec_cp_free(&r);
  }
  print_message("AR(1) 0.6 nights, n=60: a change point in %.1f%% of %zu series; mean residual lag-1 autocorrelation %.2f\n",
                100.0 * (double)cps / (double)trials, trials, rho / (double)trials);
  assert_true(cps * 100 <= trials * 5);
  assert_true(rho / (double)trials > 0.3);
  double e = 0;
  for (size_t i = 0; i < 30; i++) y[i] = 0.01 * (e = 0.6 * e + 0.8 * S_normal()) + (i >= 16 ? log(1.12) : 0);
  ec_cp_result r;
  ec_changepoints(y, 30, &r);
  assert_true(r.n_cps >= 1);
  assert_int_equal(r.starts[0], 16);
  ec_cp_free(&r);
}

static void test_noise_scale(void **st) {
  (void)st;
  double y[200];
  S_noise(y, 200, S_GAUSS);
  double s0 = ec_cp_noise(y, 200);
  assert_true(s0 > 0.009 && s0 < 0.011);
  for (size_t i = 100; i < 200; i++) y[i] += 0.2;
  y[50] += 1;
  assert_true(fabs(ec_cp_noise(y, 200) - s0) < 0.001);
  double c[10] = {0};
  assert_true(ec_cp_noise(c, 10) == EC_CP_NOISE_FLOOR);
  assert_true(isnan(ec_cp_noise(c, 2)));
  ec_cp_result r;
  assert_int_equal(ec_changepoints(c, 10, &r), 0);
  ec_cp_free(&r);
  assert_int_equal(ec_changepoints(c, 0, &r), 0);
  ec_cp_free(&r);
  /* fewer than EC_CP_MIN_POINTS points: no change point, however large */
  double s[5] = {0, 0, 0, 1, 1};
  assert_int_equal(ec_changepoints(s, 5, &r), 0);
  ec_cp_free(&r);
}

/* A step the detector finds but under the minimum is merged away (trend
 * reports none under 1%); a larger one stays, with its levels. */
static void test_merge_small(void **st) {
  (void)st;
  double y[40];
  for (int pass = 0; pass < 2; pass++) {
    double step = pass ? log(1.03) : log(1.006);
    for (size_t i = 0; i < 40; i++) y[i] = 0.0005 * S_normal() + (i >= 20 ? step : 0);
    ec_cp_result r;
    assert_int_equal(ec_changepoints(y, 40, &r), 1); /* found: many sigmas */
    size_t k = ec_cp_merge_small(&r, log1p(0.01));
    if (pass) {
      assert_int_equal(k, 1);
      assert_int_equal(r.starts[0], 20);
    } else {
      assert_int_equal(k, 0);
      double m = 0;
      for (size_t i = 0; i < 40; i++) m += y[i] / 40;
      assert_true(fabs(r.level[0] - m) < 1e-4); /* the merged level: the mean of the (filtered) points */
      assert_int_equal(ec_cp_segment(&r, 39), 0);
    }
    ec_cp_free(&r);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_false_alarm_rate),
      cmocka_unit_test(test_step_found),
      cmocka_unit_test(test_outliers_are_not_levels),
      cmocka_unit_test(test_noise_scale),
      cmocka_unit_test(test_correlated_nights),
      cmocka_unit_test(test_merge_small),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
