/* Unit tests for the peaks of TensorRT 11's devices (issue 36 item 1):
 * facts/device_peak's table against every published figure it was derived
 * from, the math kinds Blackwell's kernel names spell (NVFP4, MXFP4, MXFP8,
 * FP6, FP8 mixed with FP4), and the architecture the device or the kernel
 * names tell. */
#include "testutil.h"
#include "facts/device_peak.h"
#include "facts/tensorcore.h"
#include "model/engine.h"

static ec_device S_dev(const char *cc, double sms, double ghz) {
  ec_device d;
  memset(&d, 0, sizeof d);
  d.present = 1;
  d.compute_capability = (char *)cc;
  d.sms = sms;
  d.compute_clock_ghz = ghz;
  d.bus_width_bits = 7680;
  d.memory_clock_ghz = 3.996;
  return d;
}

static int S_tensor(ec_math m) { return m >= EC_MATH_TF32_TC; }

/* Every published figure: the table has a rate for its math; SMs x clock x
 * rate is within 10% of it where a clock is published or reported (the
 * clock it implies is at most 1% above that clock, so the table's peak is
 * never below the product's: no measured layer exceeds 100% because of the
 * table); the clock implied by a product's Tensor-Core figures is the same
 * for every math (within 3%: the rates' ratios are the published ones); and
 * where no clock exists the implied one is a real GPU's (1 to 3 GHz). */
static void test_refs(void **state) {
  (void)state;
  size_t n;
  const ec_peak_ref *r = ec_peak_refs(&n);
  assert_true(n >= 25);
  for (size_t i = 0; i < n; i++) {
    double rate = ec_peak_rate(r[i].cc, r[i].math);
    if (!isfinite(rate)) fail_msg("%s %s: no rate in the table", r[i].product, ec_math_id(r[i].math));
    double implied = r[i].tflops * 1e12 / (r[i].sms * rate * 1e9);
    if (isfinite(r[i].clock_ghz)) {
      ec_device d = S_dev(r[i].cc, r[i].sms, r[i].clock_ghz);
      ec_peak p = ec_device_peak(&d);
      double rel = fabs(p.flops[r[i].math] - r[i].tflops * 1e12) / (r[i].tflops * 1e12);
      if (rel > 0.10)
        fail_msg("%s %s: %g TFLOP/s from the table, %g published", r[i].product, ec_math_id(r[i].math),
                 p.flops[r[i].math] / 1e12, r[i].tflops);
      if (implied > 1.01 * r[i].clock_ghz)
        fail_msg("%s %s: the figure implies %.3f GHz, above its %.3f GHz", r[i].product, ec_math_id(r[i].math), implied,
                 r[i].clock_ghz);
    } else if (implied < 1.0 || implied > 3.0) {
      fail_msg("%s %s: implies %.3f GHz", r[i].product, ec_math_id(r[i].math), implied);
    }
    for (size_t k = 0; k < n; k++) {
      if (strcmp(r[k].product, r[i].product) || !S_tensor(r[k].math) || !S_tensor(r[i].math)) continue;
      double other = r[k].tflops * 1e12 / (r[k].sms * ec_peak_rate(r[k].cc, r[k].math) * 1e9);
      if (fabs(other - implied) > 0.03 * implied)
        fail_msg("%s: %s implies %.3f GHz, %s %.3f GHz", r[i].product, ec_math_id(r[i].math), implied,
                 ec_math_id(r[k].math), other);
    }
  }
}

/* Every compute capability TensorRT 11 runs on has a row, Vera Rubin none
 * (no published SM count or rate); rates no figure publishes stay unknown. */
static void test_rows(void **state) {
  (void)state;
  static const char *const cc[] = {"10.0", "10.1", "10.3", "11.0", "12.0", "12.1"};
  for (size_t i = 0; i < sizeof cc / sizeof cc[0]; i++) {
    assert_true(isfinite(ec_peak_rate(cc[i], EC_MATH_FP32)));
    assert_true(isfinite(ec_peak_rate(cc[i], EC_MATH_FP4_TC)));
    assert_non_null(ec_arch_name(cc[i]));
  }
  assert_true(isnan(ec_peak_rate("10.7", EC_MATH_FP4_TC)) && isnan(ec_peak_rate("10.7", EC_MATH_FP32)));
  assert_string_equal(ec_arch_name("10.7"), "Vera Rubin");
  assert_true(isnan(ec_peak_rate("10.3", EC_MATH_INT8_TC)));  /* B300's documents disagree */
  assert_true(isnan(ec_peak_rate("11.0", EC_MATH_FP16_TC)));  /* Thor publishes FP4 only */
  assert_true(isnan(ec_peak_rate("12.0", EC_MATH_FP6_TC)));   /* not published: falls back to FP8 */
  /* B200 as trtexec reports it: 148 SMs at 1.965 GHz */
  ec_device b200 = S_dev("10.0", 148, 1.965);
  ec_peak p = ec_device_peak(&b200);
  assert_true(fabs(p.flops[EC_MATH_FP4_TC] / 1e12 - 9530.1) < 1);
  assert_true(fabs(p.flops[EC_MATH_FP16_TC] / 1e12 - 2382.5) < 1);
  assert_true(isnan(p.flops[EC_MATH_DP4A]));
  /* FP6 on an RTX 50 falls back to FP8; FP6 above FP6 is measured against FP4 */
  ec_device rtx = S_dev("12.0", 170, 2.407);
  p = ec_device_peak(&rtx);
  ec_peak_choice c = ec_peak_pick(&p, EC_MATH_FP6_TC, 1e12);
  assert_true(c.math == EC_MATH_FP8_TC && c.how == EC_PEAK_FALLBACK);
  p = ec_device_peak(&b200);
  c = ec_peak_pick(&p, EC_MATH_FP6_TC, 6000e12);
  assert_true(c.math == EC_MATH_FP4_TC && c.how == EC_PEAK_RAISED);
  c = ec_peak_pick(&p, EC_MATH_FP4_TC, 1000e12);
  assert_true(c.math == EC_MATH_FP4_TC && c.how == EC_PEAK_AS_MATH && c.flops > 9000e12);
  /* Thor has FP16 Tensor Cores at a rate its datasheet does not give: no peak
   * (not FP32's, which a Tensor-Core kernel would exceed) */
  ec_device thor = S_dev("11.0", 20, 1.57);
  p = ec_device_peak(&thor);
  c = ec_peak_pick(&p, EC_MATH_FP16_TC, 15e12);
  assert_true(c.math == EC_MATH_UNKNOWN && isnan(c.flops) && c.how == EC_PEAK_UNPUBLISHED);
  assert_true(ec_peak_rate_unpublished("11.0", EC_MATH_FP16_TC) && !ec_peak_rate_unpublished("11.0", EC_MATH_FP4_TC));
  /* an FP32 CUDA-core kernel on Thor above the FP32 peak: TF32's rate is not published either */
  c = ec_peak_pick(&p, EC_MATH_FP32, 9e12);
  assert_true(c.how == EC_PEAK_UNPUBLISHED && isnan(c.flops));
  c = ec_peak_pick(&p, EC_MATH_FP4_TC, 500e12);
  assert_true(c.math == EC_MATH_FP4_TC && c.how == EC_PEAK_AS_MATH);
  ec_device rubin = S_dev("10.7", 200, 2.0);
  p = ec_device_peak(&rubin);
  assert_false(ec_peak_any(&p));
}

/* The math Blackwell kernel names spell (CUTLASS 3.x names: operand types
 * with their scale factors). */
static void test_blackwell_math(void **state) {
  (void)state;
  static const struct {
    const char *tactic, *prec;
    ec_math want;
    const char *basis; /* a word the basis must hold */
  } c[] = {
      {"cutlass3x_sm100_tensorop_s128x128x8tf32implicit_gemm_fprop_f32_f32_f32_f32_f32_f32_128x128x32_dyn_cga_ndhwc_"
       "ndhwc_ndhwc_align4_2sm_relu_valpha_vbeta",
       "FP32", EC_MATH_TF32_TC, "TF32"},
      {"cutlass3x_sm120_bstensorop_s16864gemm_block_scaled_ue4m3xe2m1_ue4m3xe2m1_f32_bf16_bf16_128x128x128_1x1x1_0_tnt_"
       "align32_o_vs16_cooperative",
       "FP4", EC_MATH_FP4_TC, "NVFP4"},
      {"cutlass3x_sm100_bstensorop_gemm_ue8m0xe2m1_ue8m0xe2m1_f32_f16_f16_256x128x256_2x1x1_0_tnt_align32_o_vs32_2sm",
       "FP4", EC_MATH_FP4_TC, "MXFP4"},
      {"cutlass3x_sm100_bstensorop_gemm_ue8m0xe4m3_ue8m0xe4m3_f32_f16_f16_128x128x128_1x1x1_0_tnt_align32_o_vs32_1sm",
       "FP8", EC_MATH_FP8_TC, "MXFP8"},
      {"cutlass3x_sm100_tensorop_gemm_e4m3_e4m3_f32_f16_f16_128x256x64_2x1x1_0_tnt_align16_2sm", "FP8", EC_MATH_FP8_TC,
       "FP8"},
      {"cutlass3x_sm100_bstensorop_gemm_ue8m0xe4m3_ue8m0xe2m1_f32_f16_f16_128x128x128_1x1x1_0_tnt_align32_o_vs32_1sm",
       "FP8", EC_MATH_FP8_TC, "f8f6f4"},
      {"cutlass3x_sm100_bstensorop_gemm_ue8m0xe3m2_ue8m0xe3m2_f32_f16_f16_128x128x128_1x1x1_0_tnt_align32_o_vs32_1sm",
       "FP16", EC_MATH_FP6_TC, "FP6"},
      {"cutlass3x_sm100_tensorop_h128x256x16gemm_f16_f16_f32_f16_f16_256x128x64_2x1x1_0_tnt_align8_2sm", "FP16",
       EC_MATH_FP16_TC, "data types"},
      {"sm100_xmma_gemm_nvfp4_nvfp4_f32_tn_n_tilesize128x128x256_umma", "FP4", EC_MATH_FP4_TC, "NVFP4"},
      /* no kernel name: the FP4 layer precision is FP4 Tensor Core math */
      {"__myl_Gemm_0x1", "FP4", EC_MATH_FP4_TC, "precision"},
  };
  for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
    ec_math_verdict v = ec_kernel_math("gemm", c[i].tactic, c[i].prec);
    if (v.math != c[i].want) fail_msg("%s: %s, want %s", c[i].tactic, ec_math_id(v.math), ec_math_id(c[i].want));
    if (!v.basis || !strstr(v.basis, c[i].basis)) fail_msg("%s: basis \"%s\" lacks %s", c[i].tactic, v.basis, c[i].basis);
  }
  assert_string_equal(ec_math_id(EC_MATH_FP4_TC), "fp4-tc");
  assert_string_equal(ec_math_id(EC_MATH_FP6_TC), "fp6-tc");
  assert_string_equal(ec_math_label(EC_MATH_FP4_TC), "FP4 Tensor Core");
}

/* An engine of layers with these tactics and no device facts. */
static ec_engine *S_engine(const char *const *tactics, size_t n) {
  ec_engine *e = ec_calloc(1, sizeof *e);
  e->name = ec_strdup("x");
  e->layers = ec_calloc(n, sizeof *e->layers);
  e->n_layers = n;
  for (size_t i = 0; i < n; i++) {
    e->layers[i].name = ec_strdup("l");
    e->layers[i].name_len = 1;
    e->layers[i].tactic = tactics[i] ? ec_strdup(tactics[i]) : NULL;
  }
  return e;
}

/* The architecture: from the device, else from the newest architecture the
 * kernel names are built for; the sentence says why there is no peak. */
static void test_arch(void **state) {
  (void)state;
  static const char *const b200[] = {"sm50_xmma_pooling_max_nhwc_FP32FP32_WINDOWSIZE_0_PROPAGATE_NAN_2D",
                                     "cutlass3x_sm100_tensorop_s128x128x8tf32implicit_gemm_fprop_f32",
                                     "sm80_xmma_fprop_implicit_gemm_indexed_wo_smem_f32f32_tf32f32_f32", NULL,
                                     "__myl_Move_0x7c"};
  ec_engine *e = S_engine(b200, 5);
  ec_peak none = ec_device_peak(&e->device);
  ec_arch a = ec_engine_arch(e);
  assert_int_equal(a.cc10, 100);
  assert_string_equal(a.marker, "sm100");
  assert_false(a.from_device);
  assert_false(a.or_newer);
  char *s = ec_arch_sentence(e, &none);
  assert_string_equal(s, "sm100 kernels: a Blackwell datacenter GPU, B200 or GB200; product unknown, so no peak");
  free(s);
  s = ec_peak_why_none(e, &none);
  assert_non_null(strstr(s, "product unknown, so no peak"));
  free(s);
  ec_engine_free(e);

  static const char *const rtx[] = {"cutlass3x_sm120_bstensorop_s16864gemm_block_scaled_ue4m3xe2m1_ue4m3xe2m1"};
  e = S_engine(rtx, 1);
  a = ec_engine_arch(e);
  assert_int_equal(a.cc10, 120);
  assert_string_equal(a.family, "Blackwell");
  ec_engine_free(e);

  /* kernels an older architecture builds run on newer GPUs too */
  static const char *const amp[] = {"sm80_xmma_gemm_f16f16_f16f32_f32_tn_n_tilesize128x128x32_stage4_warpsize2x2x1_tensor16x8x16",
                                    "sm86_xmma_fprop_implicit_gemm_f16f16"};
  e = S_engine(amp, 2);
  a = ec_engine_arch(e);
  assert_int_equal(a.cc10, 86);
  assert_true(a.or_newer);
  s = ec_arch_sentence(e, &none);
  assert_string_equal(s, "sm86 kernels: an Ampere GPU or a newer one; product unknown, so no peak");
  free(s);
  ec_engine_free(e);

  /* nothing tells: no sentence, the device-unknown reason */
  static const char *const my[] = {"__myl_Gemm_0x1", "TensorRT", "smallish_kernel"};
  e = S_engine(my, 3);
  assert_int_equal(ec_engine_arch(e).cc10, 0);
  assert_null(ec_arch_sentence(e, &none));
  s = ec_peak_why_none(e, &none);
  assert_string_equal(s, "the device is unknown (no metadata or log)");
  free(s);

  /* the device wins over the kernel names */
  e->device = S_dev("10.0", 148, 1.965);
  e->device.compute_capability = ec_strdup("10.0");
  ec_peak p = ec_device_peak(&e->device);
  s = ec_arch_sentence(e, &p);
  assert_string_equal(s, "Blackwell datacenter, compute capability 10.0");
  free(s);
  assert_null(ec_peak_why_none(e, &p));
  free(e->device.compute_capability);
  e->device.compute_capability = ec_strdup("10.7");
  p = ec_device_peak(&e->device);
  s = ec_arch_sentence(e, &p);
  assert_string_equal(s, "Vera Rubin, compute capability 10.7: no published per-SM rates, so no peak");
  free(s);
  ec_engine_free(e);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_refs),
      cmocka_unit_test(test_rows),
      cmocka_unit_test(test_blackwell_math),
      cmocka_unit_test(test_arch),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
