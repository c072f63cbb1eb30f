/* Unit tests for the floor of words (src/words/words.h): one plural rule,
 * one latency precision, one word for unknown, and the formats the outputs
 * build their sentences from. */
#include "testutil.h"
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "words/words.h"

/* the plural is chosen at exactly 1: 0, 2 and every other count take the plural */
static void test_plurals(void **state) {
  (void)state;
  char b[64];
  assert_string_equal(ec_count_words(b, sizeof b, 0, "layer", "layers"), "0 layers");
  assert_string_equal(ec_count_words(b, sizeof b, 1, "layer", "layers"), "1 layer");
  assert_string_equal(ec_count_words(b, sizeof b, 2, "layer", "layers"), "2 layers");
  assert_string_equal(ec_count_words(b, sizeof b, 1278, "layer", "layers"), "1278 layers");
  assert_string_equal(ec_fmt_count(b, sizeof b, 12345, "layer", "layers"), "12,345 layers");
  assert_string_equal(ec_fmt_count(b, sizeof b, 1, "engine is", "engines are"), "1 engine is");
  assert_string_equal(ec_plural(0, " is", "s are"), "s are");
  assert_string_equal(ec_plural(1, " is", "s are"), " is");
  assert_string_equal(ec_plural(2, "its", "their"), "their");
  assert_string_equal(ec_plural((size_t)-1, "", "s"), "s");
}

/* a latency has 4 significant digits whatever its size, in a cell, in a
 * sentence and as a change */
static void test_latency_precision(void **state) {
  (void)state;
  char b[64];
  assert_string_equal(ec_fmt_ms(b, sizeof b, 0.862183), "0.8622");
  assert_string_equal(ec_fmt_ms(b, sizeof b, 0.000177), "0.000177");
  assert_string_equal(ec_fmt_ms(b, sizeof b, 1.0172), "1.017");
  assert_string_equal(ec_fmt_ms(b, sizeof b, 403.84), "403.8");
  assert_string_equal(ec_fmt_ms_or(b, sizeof b, 0.088064), "0.08806 ms");
  snprintf(b, sizeof b, EC_MS, 0.447998);
  assert_string_equal(b, "0.448 ms");
  snprintf(b, sizeof b, EC_MS_DELTA, 0.0020480);
  assert_string_equal(b, "+0.002048 ms");
  snprintf(b, sizeof b, EC_MS_DELTA, -1.0281);
  assert_string_equal(b, "-1.028 ms");
  snprintf(b, sizeof b, "%10" EC_MS_G, 0.111616);
  assert_string_equal(b, "    0.1116");
  snprintf(b, sizeof b, EC_US, 6.2);
  assert_string_equal(b, "6.2 us");
}

/* unknown is the one word in sentences and the dash in a cell, never 0 */
static void test_not_available(void **state) {
  (void)state;
  char b[64];
  assert_string_equal(EC_NA, "not available");
  assert_string_equal(ec_fmt_ms_or(b, sizeof b, NAN), "latency not available");
  assert_string_equal(ec_fmt_ms(b, sizeof b, NAN), EC_DASH);
  assert_string_equal(ec_fmt_pct(b, sizeof b, NAN), EC_DASH);
  assert_string_equal(ec_fmt_bytes(b, sizeof b, NAN), EC_DASH);
  assert_string_equal(ec_fmt_int(b, sizeof b, NAN), EC_DASH);
  assert_string_equal(ec_fmt_num(b, sizeof b, INFINITY), EC_DASH);
  assert_string_equal(EC_DASH, "\xE2\x80\x93");
}

/* percent, bytes and plain numbers keep their one rule each */
static void test_other_units(void **state) {
  (void)state;
  char b[64];
  assert_string_equal(ec_fmt_pct(b, sizeof b, 45.7), "45.70");
  snprintf(b, sizeof b, EC_PCT, 10.906);
  assert_string_equal(b, "10.91%"); /* a share: the same 2 decimals as its cell */
  snprintf(b, sizeof b, EC_PCT_DELTA, -57.06);
  assert_string_equal(b, "-57.1%");
  snprintf(b, sizeof b, EC_PCT_DELTA, 2.2);
  assert_string_equal(b, "+2.2%");
  snprintf(b, sizeof b, EC_RATIO, 2.58883);
  assert_string_equal(b, "2.59\xC3\x97");
  snprintf(b, sizeof b, EC_RATIO, 0.909090);
  assert_string_equal(b, "0.909\xC3\x97");
  assert_string_equal(ec_fmt_bytes(b, sizeof b, 512), "512 B");
  assert_string_equal(ec_fmt_bytes(b, sizeof b, 3.3 * 1048576), "3.3 MiB");
  assert_string_equal(ec_fmt_bytes_text(b, sizeof b, "4706009088 bytes"), "4.4 GiB");
  assert_string_equal(ec_fmt_bytes_text(b, sizeof b, "80994 MiB"), "79.1 GiB");
  assert_string_equal(ec_fmt_bytes_text(b, sizeof b, "lots"), "lots");
  assert_string_equal(ec_fmt_int(b, sizeof b, -1234567), "-1,234,567");
  assert_string_equal(ec_fmt_num(b, sizeof b, 1155.2), "1155");
  /* a chart's small value: plain decimals down to a millionth (a waterfall
   * step of 0.000181 ms read "+1.81e-04" beside "+0.00143") */
  assert_string_equal(ec_fmt_value(b, sizeof b, 0.000181), "0.000181");
  assert_string_equal(ec_fmt_value(b, sizeof b, -0.0000253), "-0.0000253");
  assert_string_equal(ec_fmt_value(b, sizeof b, 0.0025), "0.0025");
  assert_string_equal(ec_fmt_value(b, sizeof b, 3e-9), "3.00e-09");
  double d;
  assert_string_equal(ec_bytes_unit(2048, &d), "KiB");
  assert_true(d == 1024);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_plurals),
      cmocka_unit_test(test_latency_precision),
      cmocka_unit_test(test_not_available),
      cmocka_unit_test(test_other_units),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
