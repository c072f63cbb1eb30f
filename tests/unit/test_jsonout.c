/* emit/jsonout: pretty JSON keeps arrays of scalars on one line (a stored
 * summary's sketches, shapes), and changes nothing else. */
#include "testutil.h"
#include <jansson.h>
#include "emit/jsonout.h"

static void test_scalar_arrays_inline(void **st) {
  (void)st;
  json_t *v = json_pack("{s:[i,i,i], s:[{s:[f,f]}], s:s, s:[], s:[s,s]}", "shape", 32, 3, 224, "nested", "q", 0.5, 1.25,
                        "name", "a [1,\n 2] \"quoted\" ]", "empty", "strings", "x, y", "[z]");
  char *t = ec_jdump(v, 1);
  assert_non_null(strstr(t, "\"shape\": [32, 3, 224]"));
  assert_non_null(strstr(t, "\"q\": [0.5, 1.25]"));
  assert_non_null(strstr(t, "\"strings\": [\"x, y\", \"[z]\"]"));
  assert_non_null(strstr(t, "\"empty\": []"));
  assert_non_null(strstr(t, "\"nested\": [\n")); /* an array of objects keeps its lines */
  /* the same value, byte for byte inside strings */
  json_error_t err;
  json_t *back = json_loads(t, 0, &err);
  assert_non_null(back);
  assert_true(json_equal(v, back));
  json_decref(back);
  free(t);
  json_decref(v);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_scalar_arrays_inline),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
