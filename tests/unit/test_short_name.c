/* Unit tests for a fused name's shortest distinguishing form
 * (src/view/short_name.h): the shared path prefix folded, repeated tails
 * grouped, a name of one part left alone, and the cut to a width. */
#include "testutil.h"
#include "view/short_name.h"

static void S_fold_is(const char *name, const char *want) {
  char *f = ec_short_fold(name, strlen(name));
  assert_string_equal(f, want);
  free(f);
}

/* twelve projections of one attention block (tests/e2e/fused_names.py's
 * names): the prefix once, the projections listed, value_proj counted twice */
static void test_projections(void **state) {
  (void)state;
  static const char *const parts[] = {"q_proj", "k_proj", "v_proj", "o_proj", "value_proj", "key_proj",
                                      "query_proj", "out_proj", "gate_proj", "up_proj", "down_proj", "value_proj"};
  char name[2048] = "myl3: ";
  for (size_t i = 0; i < 12; i++) {
    if (i) strcat(name, " + ");
    strcat(name, "/model/layers.3/self_attn/");
    strcat(name, parts[i]);
    strcat(name, "/MatMul");
  }
  strcat(name, "_myl3_19");
  S_fold_is(name, "myl3: /model/layers.3/self_attn/{q_proj, k_proj, v_proj, o_proj, 2 \xC3\x97 value_proj, key_proj, "
                  "query_proj, out_proj, gate_proj, up_proj, down_proj}/MatMul");
}

/* the same op of twelve layers: "12 × {layers.0…11}/self_attn/value_proj/MatMul",
 * so two such layers of one engine still read apart */
static void test_repeated_tail(void **state) {
  (void)state;
  char name[2048] = "";
  for (int i = 0; i < 12; i++) {
    char p[96];
    snprintf(p, sizeof p, "%s/encoder/layers.%d/self_attn/value_proj/MatMul", i ? " + " : "", i);
    strcat(name, p);
  }
  S_fold_is(name, "/encoder/12 \xC3\x97 {layers.0\xE2\x80\xA6" "11}/self_attn/value_proj/MatMul");
  /* two different ops: each group on its own */
  S_fold_is("/a/b/conv1/Conv + /a/b/act1/Relu + /a/c/act1/Relu",
            "/a/\xE2\x80\xA6/conv1/Conv + 2 \xC3\x97 \xE2\x80\xA6/act1/Relu");
}

/* a name of one part, a Reformat's sentence, a ForeignNode range */
static void test_single_and_foreign(void **state) {
  (void)state;
  S_fold_is("/lm_head/MatMul_myl25_44", "/lm_head/MatMul_myl25_44");
  S_fold_is("Reformatting CopyNode for Input Tensor 0 to /conv1/Conv", "Reformatting CopyNode for Input Tensor 0 to /conv1/Conv");
  S_fold_is("{ForeignNode[/model/layers.0/attn/MatMul.../model/layers.0/mlp/Add]}",
            "{ForeignNode[/model/layers.0/attn/MatMul\xE2\x80\xA6mlp/Add]}");
  S_fold_is("{ForeignNode[/x/a/Add, /x/b/Add, /x/c/Add]}", "{ForeignNode[/x/{a, b, c}/Add]}");
  S_fold_is("", "");
}

/* the cut keeps a name on one line of the width asked for, and says so */
static void test_cut(void **state) {
  (void)state;
  char name[4096] = "";
  for (int i = 0; i < 40; i++) {
    char p[96];
    snprintf(p, sizeof p, "%s/enc/layers.%d/mlp/fc%d/MatMul", i ? " + " : "", i, i);
    strcat(name, p);
  }
  int cut = 0;
  char *s = ec_short_name(name, strlen(name), 10, 200, 400, &cut);
  assert_int_equal(cut, 1);
  assert_true(strlen(s) < 120);
  assert_non_null(strstr(s, "\xE2\x80\xA6"));
  free(s);
  s = ec_short_name("/conv1/Conv", 11, 10, 200, 0, &cut);
  assert_int_equal(cut, 0);
  assert_string_equal(s, "/conv1/Conv");
  free(s);
  /* a two-part name that fits keep_w stays whole; without keep_w it is folded */
  const char *two = "/layer3/layer3.4/conv2/Conv + /layer3/layer3.4/relu_1/Relu";
  s = ec_short_name(two, strlen(two), 10, 200, 400, &cut);
  assert_int_equal(cut, 0);
  assert_string_equal(s, two);
  free(s);
  s = ec_short_name(two, strlen(two), 10, 300, 0, &cut);
  assert_int_equal(cut, 1);
  assert_string_equal(s, "/layer3/layer3.4/conv2/Conv + relu_1/Relu");
  free(s);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_projections),
      cmocka_unit_test(test_repeated_tail),
      cmocka_unit_test(test_single_and_foreign),
      cmocka_unit_test(test_cut),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
