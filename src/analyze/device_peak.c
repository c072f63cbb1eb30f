/* device_peak — see device_peak.h.
 *
 * Operations per clock per SM, dense. FLOP = 2 per fused multiply-add; for
 * DP4A and INT8 a 4-way dot product is 8 operations.
 *
 *   cc   FP32  FP16  DP4A | TF32-TC FP16-TC INT8-TC FP8-TC   checked against
 *   6.0   128   256    -  |    -       -       -       -      P100: 64 FP32 cores/SM, FP16 at 2x
 *   6.1   256     4  1024 |    -       -       -       -      Tesla P4: 5.5 TFLOPS FP32, 22 TOPS INT8, 20 SMs, 1.063 GHz
 *   6.2   256   512  1024 |    -       -       -       -      Jetson TX2 (GP10B): 128 cores/SM, FP16 at 2x
 *   7.0   128   256   512 |    -     1024      -       -      V100: 125 TFLOPS FP16 Tensor, 80 SMs, 1.53 GHz
 *   7.2   128   256   512 |    -     1024    2048      -      Jetson AGX Xavier: 11.3 TFLOPS FP16, 22.6 TOPS INT8, 8 SMs, 1.377 GHz
 *   7.5   128   256   512 |    -     1024    2048      -      Turing TU102/T4: 65 TFLOPS FP16, 130 TOPS INT8, 40 SMs, 1.59 GHz
 *   8.0   128   512   512 | 1024     2048    4096      -      A100: 19.5 / 78 (FP16) / 156 (TF32) / 312 / 624 TOPS, 108 SMs, 1.41 GHz
 *   8.6   256   256   512 |  512     1024    2048      -      A10: 31.2 / 62.5 (TF32) / 125 / 250 TOPS, 72 SMs, 1.695 GHz
 *   8.7   256   256   512 | 1024     2048    4096      -      Jetson AGX Orin: 5.3 TFLOPS FP32, 170 sparse INT8 TOPS, 16 SMs, 1.3 GHz
 *   8.9   256   256   512 |  256     1024    2048    2048     RTX 4090: 82.6 / 82.6 (TF32) / 330.3 / 660.6 (INT8, FP8), 128 SMs, 2.52 GHz
 *   9.0   256   512   512 | 2048     4096    8192    8192     H100 SXM5: 494.7 (TF32) / 989.4 / 1978.9 (INT8, FP8), 132 SMs, 1.83 GHz
 *
 * Sources: the CUDA C++ Programming Guide, "Arithmetic Instructions"
 * throughput table (results per clock per SM: 32-bit floating-point FMA;
 * 16-bit half2 FMA; 32-bit integer multiply-add, which DP4A's four 8-bit
 * products per lane ride on); the NVIDIA Tesla P100 and Tesla P4 datasheets;
 * the NVIDIA Tesla V100 GPU Architecture whitepaper; the Jetson AGX Xavier
 * and Jetson AGX Orin Series technical briefs; the NVIDIA Turing GPU
 * Architecture whitepaper; the NVIDIA A100 Tensor Core GPU Architecture
 * whitepaper; the NVIDIA Ampere GA102 GPU Architecture whitepaper and the
 * NVIDIA A10 datasheet (full-rate GA10x); the NVIDIA Ada GPU Architecture
 * whitepaper (RTX 4090 appendix); the NVIDIA H100 Tensor Core GPU
 * Architecture whitepaper. Each row is the product's published peak divided
 * by SMs x boost clock, rounded to the power-of-two design rate. 8.7's FP16
 * CUDA-core rate is GA10x's (same SM datapaths; not published for Orin). */
#include "analyze/device_peak.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define X NAN
static const struct {
  int cc;
  double ops[EC_MATH_N]; /* indexed by ec_math */
} S_table[] = {
    /*        unknown FP32  FP16  DP4A  TF32  FP16TC INT8TC FP8TC */
    {60, {X, 128, 256, X, X, X, X, X}},
    {61, {X, 256, 4, 1024, X, X, X, X}},
    {62, {X, 256, 512, 1024, X, X, X, X}},
    {70, {X, 128, 256, 512, X, 1024, X, X}},
    {72, {X, 128, 256, 512, X, 1024, 2048, X}},
    {75, {X, 128, 256, 512, X, 1024, 2048, X}},
    {80, {X, 128, 512, 512, 1024, 2048, 4096, X}},
    {86, {X, 256, 256, 512, 512, 1024, 2048, X}},
    {87, {X, 256, 256, 512, 1024, 2048, 4096, X}},
    {89, {X, 256, 256, 512, 256, 1024, 2048, 2048}},
    {90, {X, 256, 512, 512, 2048, 4096, 8192, 8192}},
};
#undef X

ec_peak ec_device_peak(const ec_device *d) {
  ec_peak p;
  p.bw_bytes_s = NAN;
  for (int m = 0; m < EC_MATH_N; m++) p.flops[m] = NAN;
  if (!d || !d->present) return p;
  if (isfinite(d->bus_width_bits) && isfinite(d->memory_clock_ghz) && d->bus_width_bits > 0 && d->memory_clock_ghz > 0)
    p.bw_bytes_s = d->bus_width_bits / 8.0 * d->memory_clock_ghz * 2.0 * 1e9;
  if (!d->compute_capability || !isfinite(d->sms) || !isfinite(d->compute_clock_ghz)) return p;
  int key = (int)lround(strtod(d->compute_capability, NULL) * 10);
  for (size_t i = 0; i < sizeof S_table / sizeof S_table[0]; i++)
    if (S_table[i].cc == key)
      for (int m = 0; m < EC_MATH_N; m++) p.flops[m] = S_table[i].ops[m] * d->sms * d->compute_clock_ghz * 1e9;
  return p;
}

/* The math one step down when the architecture lacks m. */
static ec_math S_down(ec_math m) {
  switch (m) {
  case EC_MATH_TF32_TC: return EC_MATH_FP32;
  case EC_MATH_FP16_TC: return EC_MATH_FP16;
  case EC_MATH_FP16: return EC_MATH_FP32;
  case EC_MATH_INT8_TC: return EC_MATH_DP4A;
  case EC_MATH_FP8_TC: return EC_MATH_FP16_TC;
  default: return EC_MATH_UNKNOWN;
  }
}

/* The next plausible higher math on the same data. */
static ec_math S_up(ec_math m) {
  switch (m) {
  case EC_MATH_FP32: return EC_MATH_TF32_TC;
  case EC_MATH_TF32_TC: return EC_MATH_FP16_TC;
  case EC_MATH_FP16: return EC_MATH_FP16_TC;
  case EC_MATH_DP4A: return EC_MATH_INT8_TC;
  default: return EC_MATH_UNKNOWN;
  }
}

ec_peak_choice ec_peak_pick(const ec_peak *p, ec_math math, double achieved) {
  ec_peak_choice c = {EC_MATH_UNKNOWN, NAN, EC_PEAK_AS_MATH, math};
  int any = 0;
  for (int k = 0; k < EC_MATH_N; k++) any |= isfinite(p->flops[k]);
  if (!any) return c; /* no device peaks at all: nothing to fall back on */
  ec_math m = math;
  while (m != EC_MATH_UNKNOWN && !isfinite(p->flops[m])) {
    m = S_down(m);
    c.how = EC_PEAK_FALLBACK;
  }
  if (m == EC_MATH_UNKNOWN) return c;
  c.math = m;
  c.flops = p->flops[m];
  if (!isfinite(achieved)) return c;
  while (achieved > c.flops) {
    ec_math up = S_up(c.math);
    while (up != EC_MATH_UNKNOWN && !isfinite(p->flops[up])) up = S_up(up);
    if (up == EC_MATH_UNKNOWN) {
      c.how = EC_PEAK_EXCEEDED;
      return c;
    }
    c.math = up;
    c.flops = p->flops[up];
    c.how = EC_PEAK_RAISED;
  }
  return c;
}

const char *ec_peak_how_name(int how) {
  switch (how) {
  case EC_PEAK_FALLBACK: return "fallback";
  case EC_PEAK_RAISED: return "raised";
  case EC_PEAK_EXCEEDED: return "exceeded";
  default: return "kernel";
  }
}
