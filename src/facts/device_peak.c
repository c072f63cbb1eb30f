/* device_peak — see device_peak.h.
 *
 * Operations per clock per SM, dense. FLOP = 2 per fused multiply-add; for
 * DP4A and INT8 a 4-way dot product is 8 operations. "-": the architecture
 * lacks the math (a kernel of it is measured against the next math down);
 * "?": the architecture has it but no product figure publishes its rate (a
 * kernel of it gets no peak, rather than another math's).
 *
 *   cc    FP32  FP16  DP4A | TF32-TC FP16-TC INT8-TC FP8-TC FP6-TC FP4-TC  checked against
 *   6.0    128   256    -  |    -       -       -       -      -      -    P100: 64 FP32 cores/SM, FP16 at 2x
 *   6.1    256     4  1024 |    -       -       -       -      -      -    Tesla P4: 5.5 TFLOPS FP32, 22 TOPS INT8, 20 SMs, 1.063 GHz
 *   6.2    256   512  1024 |    -       -       -       -      -      -    Jetson TX2 (GP10B): 128 cores/SM, FP16 at 2x
 *   7.0    128   256   512 |    -     1024      -       -      -      -    V100: 125 TFLOPS FP16 Tensor, 80 SMs, 1.53 GHz
 *   7.2    128   256   512 |    -     1024    2048      -      -      -    Jetson AGX Xavier: 11.3 TFLOPS FP16, 22.6 TOPS INT8, 8 SMs, 1.377 GHz
 *   7.5    128   256   512 |    -     1024    2048      -      -      -    Turing TU102/T4: 65 TFLOPS FP16, 130 TOPS INT8, 40 SMs, 1.59 GHz
 *   8.0    128   512   512 | 1024     2048    4096      -      -      -    A100: 19.5 / 78 (FP16) / 156 (TF32) / 312 / 624 TOPS, 108 SMs, 1.41 GHz
 *   8.6    256   256   512 |  512     1024    2048      -      -      -    A10: 31.2 / 62.5 (TF32) / 125 / 250 TOPS, 72 SMs, 1.695 GHz
 *   8.7    256   256   512 | 1024     2048    4096      -      -      -    Jetson AGX Orin: 5.3 TFLOPS FP32, 170 sparse INT8 TOPS, 16 SMs, 1.3 GHz
 *   8.9    256   256   512 |  256     1024    2048    2048     -      -    RTX 4090: 82.6 / 82.6 (TF32) / 330.3 / 660.6 (INT8, FP8), 128 SMs, 2.52 GHz
 *   9.0    256   512   512 | 2048     4096    8192    8192     -      -    H100 SXM5: 494.7 (TF32) / 989.4 / 1978.9 (INT8, FP8), 132 SMs, 1.83 GHz
 *   10.0   256     ?     ? | 4096     8192   16384   16384  16384  32768   B200 (HGX, 1000 W): 75 / 1,100 (TF32) / 2,250 / 4,500 (INT8, FP8, FP6) / 9,000 (FP4); GB200: 1,250 / 2,500 / 5,000 / 10,000
 *   10.1   256     ?     ? |    ?        ?       ?       ?      ?   32768   Jetson AGX Thor T5000 (CUDA 12 numbering): 2,070 sparse FP4 TFLOPS, 20 SMs, 1.57 GHz
 *   10.3   256     ?     ? | 4096     8192       ?   16384  16384  49152   B300 (HGX): 1,100 (TF32) / 2,250 / 4,500 (FP8) / 13,500 (FP4), 160 SMs; GB300: 1,250 / 2,500 / 5,000 / 15,000
 *   11.0   256     ?     ? |    ?        ?       ?       ?      ?   32768   Jetson AGX Thor T5000 (CUDA 13 numbering), as 10.1
 *   12.0   256   256     ? |  256     1024    2048    2048      -    4096   RTX 5090: 104.8 / 104.8 (TF32) / 419 (FP16) / 838 (INT8, FP8) / 1,676 (FP4), 170 SMs, 2.407 GHz;
 *                                                                           RTX PRO 6000 Blackwell: 125 / 2,000 (FP4), 188 SMs, 2.617 GHz; RTX 5070: 494 (FP4), 48 SMs, 2.512 GHz
 *   12.1   256   256     ? |  256     1024    2048    2048      -    4096   GB10 (DGX Spark): 500 FP4 (1 PFLOP sparse), 48 SMs; the SM of 12.0 (its clock is not published)
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
 * Architecture whitepaper. Blackwell: the NVIDIA HGX B200 and HGX B300
 * datasheets and the GB200 NVL72 and GB300 NVL72 datasheets (per GPU; their
 * sparse figures halved); the NVIDIA RTX Blackwell GPU Architecture
 * whitepaper (GeForce RTX 5090 appendix; FP16 with FP16 accumulation, FP8
 * and FP4 with FP32 accumulation) and the GeForce RTX 5070 specifications;
 * the NVIDIA RTX PRO 6000 Blackwell Workstation Edition datasheet; the NVIDIA
 * DGX Spark datasheet; the NVIDIA Jetson AGX Thor datasheet; CUDA's
 * compute-capability table (10.0 B200/GB200, 10.3 B300/GB300, 11.0 Thor,
 * formerly 10.1, 12.0 RTX Blackwell, 12.1 GB10). Each row is the product's
 * published peak divided by SMs x boost clock, rounded to the power-of-two
 * design rate (ec_peak_refs lists every figure; the unit test checks them).
 * NVIDIA publishes no boost clock for B200, GB200, B300, GB300 or GB10: their
 * figures imply 1.86 GHz (B200), 2.06 GHz (GB200), 1.72 GHz (B300), 1.91 GHz
 * (GB300) and 2.54 GHz (GB10) at these rates, the same for every Tensor-Core
 * math of a product, and a B200's trtexec device information reports 1.965
 * GHz: the table's peak from the reported clock is at or above the published
 * figure. 8.7's FP16 CUDA-core rate is GA10x's (same SM datapaths; not
 * published for Orin). Not published, so "?": the FP16 CUDA-core and DP4A
 * rates of Blackwell, B300's INT8 (its documents give 0.15 to 0.33 dense
 * POPS, a rate no SM design gives), Thor's rates other than FP4 and FP32 (its
 * datasheet gives FP4 only). FP6 on 12.x runs in the FP8/FP6/FP4 kind at the
 * FP8 rate: "-", measured against FP8. Vera Rubin (10.7 in
 * TensorRT 11.3's notes) has no published SM count or per-SM rate: its
 * architecture is named, without a peak. */
#include "facts/device_peak.h"
#include "util/alloc.h"
#include "util/buf.h"
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define X NAN  /* the architecture lacks the math (or runs it at another math's rate: falls back) */
#define U (-1) /* the architecture has it, but no product figure publishes its rate: no peak */
static const struct {
  int cc;
  double ops[EC_MATH_N]; /* indexed by ec_math */
} S_table[] = {
    /*         unknown FP32  FP16  DP4A  TF32  FP16TC INT8TC FP8TC  FP6TC  FP4TC */
    {60, {X, 128, 256, X, X, X, X, X, X, X}},
    {61, {X, 256, 4, 1024, X, X, X, X, X, X}},
    {62, {X, 256, 512, 1024, X, X, X, X, X, X}},
    {70, {X, 128, 256, 512, X, 1024, X, X, X, X}},
    {72, {X, 128, 256, 512, X, 1024, 2048, X, X, X}},
    {75, {X, 128, 256, 512, X, 1024, 2048, X, X, X}},
    {80, {X, 128, 512, 512, 1024, 2048, 4096, X, X, X}},
    {86, {X, 256, 256, 512, 512, 1024, 2048, X, X, X}},
    {87, {X, 256, 256, 512, 1024, 2048, 4096, X, X, X}},
    {89, {X, 256, 256, 512, 256, 1024, 2048, 2048, X, X}},
    {90, {X, 256, 512, 512, 2048, 4096, 8192, 8192, X, X}},
    {100, {X, 256, U, U, 4096, 8192, 16384, 16384, 16384, 32768}},
    {101, {X, 256, U, U, U, U, U, U, U, 32768}},
    {103, {X, 256, U, U, 4096, 8192, U, 16384, 16384, 49152}},
    {110, {X, 256, U, U, U, U, U, U, U, 32768}},
    {120, {X, 256, 256, U, 256, 1024, 2048, 2048, X, 4096}},
    {121, {X, 256, 256, U, 256, 1024, 2048, 2048, X, 4096}},
};
#undef X
#undef U

#define S_HGX_B200 "NVIDIA HGX B200 datasheet (per GPU, sparse figures halved)"
#define S_GB200 "NVIDIA GB200 NVL72 datasheet (per GPU, sparse figures halved)"
#define S_HGX_B300 "NVIDIA HGX B300 datasheet (per GPU, sparse figures halved)"
#define S_GB300 "NVIDIA GB300 NVL72 datasheet (per GPU, sparse figures halved)"
#define S_RTXBW "NVIDIA RTX Blackwell GPU Architecture whitepaper, GeForce RTX 5090 appendix (dense)"
#define S_B200_CLOCK "trtexec's device information on a B200 (Application Compute Clock Rate)"
static const ec_peak_ref S_refs[] = {
    {"B200 (HGX, 1000 W)", "10.0", 148, 1.965, S_B200_CLOCK, EC_MATH_FP32, 75, S_HGX_B200},
    {"B200 (HGX, 1000 W)", "10.0", 148, 1.965, S_B200_CLOCK, EC_MATH_TF32_TC, 1100, S_HGX_B200},
    {"B200 (HGX, 1000 W)", "10.0", 148, 1.965, S_B200_CLOCK, EC_MATH_FP16_TC, 2250, S_HGX_B200},
    {"B200 (HGX, 1000 W)", "10.0", 148, 1.965, S_B200_CLOCK, EC_MATH_INT8_TC, 4500, S_HGX_B200},
    {"B200 (HGX, 1000 W)", "10.0", 148, 1.965, S_B200_CLOCK, EC_MATH_FP8_TC, 4500, S_HGX_B200},
    {"B200 (HGX, 1000 W)", "10.0", 148, 1.965, S_B200_CLOCK, EC_MATH_FP6_TC, 4500, S_HGX_B200},
    {"B200 (HGX, 1000 W)", "10.0", 148, 1.965, S_B200_CLOCK, EC_MATH_FP4_TC, 9000, S_HGX_B200},
    {"GB200 (NVL72)", "10.0", 148, NAN, "not published", EC_MATH_TF32_TC, 1250, S_GB200},
    {"GB200 (NVL72)", "10.0", 148, NAN, "not published", EC_MATH_FP16_TC, 2500, S_GB200},
    {"GB200 (NVL72)", "10.0", 148, NAN, "not published", EC_MATH_FP8_TC, 5000, S_GB200},
    {"GB200 (NVL72)", "10.0", 148, NAN, "not published", EC_MATH_FP4_TC, 10000, S_GB200},
    {"Jetson AGX Thor T5000", "11.0", 20, 1.57, "Jetson AGX Thor datasheet (GPU maximum frequency)", EC_MATH_FP4_TC, 1035,
     "NVIDIA Jetson AGX Thor datasheet (2,070 FP4 TFLOPS with sparsity)"},
    {"Jetson AGX Thor T5000 (CUDA 12)", "10.1", 20, 1.57, "Jetson AGX Thor datasheet (GPU maximum frequency)",
     EC_MATH_FP4_TC, 1035, "NVIDIA Jetson AGX Thor datasheet (2,070 FP4 TFLOPS with sparsity)"},
    {"B300 (HGX)", "10.3", 160, NAN, "not published", EC_MATH_TF32_TC, 1100, S_HGX_B300},
    {"B300 (HGX)", "10.3", 160, NAN, "not published", EC_MATH_FP16_TC, 2250, S_HGX_B300},
    {"B300 (HGX)", "10.3", 160, NAN, "not published", EC_MATH_FP8_TC, 4500, S_HGX_B300},
    {"B300 (HGX)", "10.3", 160, NAN, "not published", EC_MATH_FP4_TC, 13500, S_HGX_B300},
    {"GB300 (NVL72)", "10.3", 160, NAN, "not published", EC_MATH_FP16_TC, 2500, S_GB300},
    {"GB300 (NVL72)", "10.3", 160, NAN, "not published", EC_MATH_FP8_TC, 5000, S_GB300},
    {"GB300 (NVL72)", "10.3", 160, NAN, "not published", EC_MATH_FP4_TC, 15000, S_GB300},
    {"GeForce RTX 5090", "12.0", 170, 2.407, S_RTXBW, EC_MATH_FP32, 104.8, S_RTXBW},
    {"GeForce RTX 5090", "12.0", 170, 2.407, S_RTXBW, EC_MATH_FP16, 104.8, S_RTXBW},
    {"GeForce RTX 5090", "12.0", 170, 2.407, S_RTXBW, EC_MATH_TF32_TC, 104.8, S_RTXBW},
    {"GeForce RTX 5090", "12.0", 170, 2.407, S_RTXBW, EC_MATH_FP16_TC, 419, S_RTXBW},
    {"GeForce RTX 5090", "12.0", 170, 2.407, S_RTXBW, EC_MATH_INT8_TC, 838, S_RTXBW},
    {"GeForce RTX 5090", "12.0", 170, 2.407, S_RTXBW, EC_MATH_FP8_TC, 838, S_RTXBW},
    {"GeForce RTX 5090", "12.0", 170, 2.407, S_RTXBW, EC_MATH_FP4_TC, 1676, S_RTXBW},
    {"RTX PRO 6000 Blackwell Workstation Edition", "12.0", 188, 2.617, "its datasheet", EC_MATH_FP32, 125,
     "NVIDIA RTX PRO 6000 Blackwell Workstation Edition datasheet"},
    {"RTX PRO 6000 Blackwell Workstation Edition", "12.0", 188, 2.617, "its datasheet", EC_MATH_FP4_TC, 2000,
     "NVIDIA RTX PRO 6000 Blackwell Workstation Edition datasheet (4,000 AI TOPS, FP4 with sparsity)"},
    {"GeForce RTX 5070", "12.0", 48, 2.512, "its specifications", EC_MATH_FP4_TC, 494,
     "GeForce RTX 5070 specifications (988 AI TOPS, FP4 with sparsity)"},
    {"GB10 (DGX Spark)", "12.1", 48, NAN, "not published", EC_MATH_FP4_TC, 500,
     "NVIDIA DGX Spark datasheet (1 PFLOP FP4 with sparsity; 6,144 CUDA cores)"},
};

const ec_peak_ref *ec_peak_refs(size_t *n) {
  *n = sizeof S_refs / sizeof S_refs[0];
  return S_refs;
}

/* compute capability "10.0" as 100; 0 when unreadable */
static int S_cc10(const char *cc) {
  if (!cc) return 0;
  char *end;
  double v = strtod(cc, &end);
  return end != cc && v > 0 && v < 100 ? (int)lround(v * 10) : 0;
}

static int S_row(int cc10) {
  for (size_t i = 0; i < sizeof S_table / sizeof S_table[0]; i++)
    if (S_table[i].cc == cc10) return (int)i;
  return -1;
}

double ec_peak_rate(const char *cc, ec_math m) {
  int r = S_row(S_cc10(cc));
  return r >= 0 && (unsigned)m < EC_MATH_N && S_table[r].ops[m] > 0 ? S_table[r].ops[m] : NAN;
}

int ec_peak_rate_unpublished(const char *cc, ec_math m) {
  int r = S_row(S_cc10(cc));
  return r >= 0 && (unsigned)m < EC_MATH_N && S_table[r].ops[m] < 0;
}

ec_peak ec_device_peak(const ec_device *d) {
  ec_peak p;
  p.bw_bytes_s = NAN;
  for (int m = 0; m < EC_MATH_N; m++) p.flops[m] = NAN, p.unpublished[m] = 0;
  if (!d || !d->present) return p;
  if (isfinite(d->bus_width_bits) && isfinite(d->memory_clock_ghz) && d->bus_width_bits > 0 && d->memory_clock_ghz > 0)
    p.bw_bytes_s = d->bus_width_bits / 8.0 * d->memory_clock_ghz * 2.0 * 1e9;
  if (!d->compute_capability || !isfinite(d->sms) || !isfinite(d->compute_clock_ghz)) return p;
  int r = S_row(S_cc10(d->compute_capability));
  if (r >= 0)
    for (int m = 0; m < EC_MATH_N; m++) {
      double ops = S_table[r].ops[m];
      p.unpublished[m] = ops < 0;
      p.flops[m] = ops > 0 ? ops * d->sms * d->compute_clock_ghz * 1e9 : NAN;
    }
  return p;
}

int ec_peak_any(const ec_peak *p) {
  for (int m = 1; m < EC_MATH_N; m++)
    if (isfinite(p->flops[m])) return 1;
  return 0;
}

/* The math one step down when the architecture lacks m (or its rate is not
 * published). */
static ec_math S_down(ec_math m) {
  switch (m) {
  case EC_MATH_TF32_TC: return EC_MATH_FP32;
  case EC_MATH_FP16_TC: return EC_MATH_FP16;
  case EC_MATH_FP16: return EC_MATH_FP32;
  case EC_MATH_INT8_TC: return EC_MATH_DP4A;
  case EC_MATH_FP8_TC: return EC_MATH_FP16_TC;
  case EC_MATH_FP6_TC: return EC_MATH_FP8_TC;
  case EC_MATH_FP4_TC: return EC_MATH_FP8_TC;
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
  case EC_MATH_FP6_TC: return EC_MATH_FP4_TC;
  default: return EC_MATH_UNKNOWN;
  }
}

ec_peak_choice ec_peak_pick(const ec_peak *p, ec_math math, double achieved) {
  ec_peak_choice c = {EC_MATH_UNKNOWN, NAN, EC_PEAK_AS_MATH, math};
  if (!ec_peak_any(p)) return c; /* no device peaks at all: nothing to fall back on */
  ec_math m = math;
  while (m != EC_MATH_UNKNOWN && !isfinite(p->flops[m])) {
    if (p->unpublished[m]) { /* the GPU has this math, at a rate no figure gives: no peak, not another math's */
      c.how = EC_PEAK_UNPUBLISHED;
      return c;
    }
    m = S_down(m);
    c.how = EC_PEAK_FALLBACK;
  }
  if (m == EC_MATH_UNKNOWN) return c;
  c.math = m;
  c.flops = p->flops[m];
  if (!isfinite(achieved)) return c;
  while (achieved > c.flops) {
    ec_math up = S_up(c.math);
    while (up != EC_MATH_UNKNOWN && !isfinite(p->flops[up]) && !p->unpublished[up]) up = S_up(up);
    if (up != EC_MATH_UNKNOWN && p->unpublished[up]) { /* the next plausible math's rate is not published */
      c.math = EC_MATH_UNKNOWN;
      c.flops = NAN;
      c.how = EC_PEAK_UNPUBLISHED;
      return c;
    }
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
  case EC_PEAK_UNPUBLISHED: return "unpublished";
  default: return "kernel";
  }
}

/* ---- architectures ---------------------------------------------------------- */

static const struct {
  int cc10;
  const char *name; /* the architecture, with its products where a family has several */
  const char *gpu;  /* "a Blackwell datacenter GPU (B200, GB200)": what kernels built for it say */
  const char *family; /* "Blackwell" */
} S_archs[] = {
    {50, "Maxwell", "a Maxwell GPU", "Maxwell"},
    {52, "Maxwell", "a Maxwell GPU", "Maxwell"},
    {53, "Maxwell Jetson", "a Maxwell Jetson", "Maxwell"},
    {60, "Pascal datacenter", "a Pascal GPU", "Pascal"},
    {61, "Pascal", "a Pascal GPU", "Pascal"},
    {62, "Pascal Jetson TX2", "a Pascal Jetson TX2", "Pascal"},
    {70, "Volta", "a Volta GPU", "Volta"},
    {72, "Volta Jetson Xavier", "a Volta Jetson Xavier", "Volta"},
    {75, "Turing", "a Turing GPU", "Turing"},
    {80, "Ampere datacenter", "an Ampere GPU", "Ampere"},
    {86, "Ampere", "an Ampere GPU", "Ampere"},
    {87, "Ampere Jetson Orin", "an Ampere Jetson Orin", "Ampere"},
    {89, "Ada Lovelace", "an Ada Lovelace GPU", "Ada Lovelace"},
    {90, "Hopper", "a Hopper GPU", "Hopper"},
    {100, "Blackwell datacenter", "a Blackwell datacenter GPU, B200 or GB200", "Blackwell"},
    {101, "Blackwell Jetson Thor", "a Jetson Thor (Blackwell; 10.1 is its CUDA 12 number)", "Blackwell"},
    {103, "Blackwell Ultra", "a Blackwell Ultra GPU, B300 or GB300", "Blackwell Ultra"},
    {107, "Vera Rubin", "a Vera Rubin GPU", "Vera Rubin"},
    {110, "Blackwell Jetson Thor", "a Jetson Thor (Blackwell)", "Blackwell"},
    {120, "Blackwell RTX", "a Blackwell RTX GPU, RTX 50 or RTX PRO Blackwell", "Blackwell"},
    {121, "Blackwell GB10", "a Blackwell GB10, DGX Spark", "Blackwell"},
};

static int S_arch(int cc10) {
  for (size_t i = 0; i < sizeof S_archs / sizeof S_archs[0]; i++)
    if (S_archs[i].cc10 == cc10) return (int)i;
  return -1;
}

const char *ec_arch_name(const char *cc) {
  int a = S_arch(S_cc10(cc));
  return a >= 0 ? S_archs[a].name : NULL;
}

/* The newest architecture a kernel name is built for: "sm100" at the start
 * or after '_' (sm100_xmma_..., cutlass3x_sm120_bstensorop_...), followed by
 * '_', 'a', 'f' or the end. Writes the marker into m (cap 16); 0 when none. */
static int S_kernel_cc10(const char *tactic, char *m) {
  int best = 0;
  if (!tactic) return 0;
  for (const char *p = tactic; *p; p++) {
    if ((p != tactic && p[-1] != '_') || tolower((unsigned char)p[0]) != 's' || tolower((unsigned char)p[1]) != 'm')
      continue;
    const char *q = p + 2;
    int v = 0, nd = 0;
    while (isdigit((unsigned char)*q) && nd < 4) v = v * 10 + (*q++ - '0'), nd++;
    if (nd < 2 || nd > 3 || (*q && *q != '_' && *q != 'a' && *q != 'f')) continue;
    if (v > best) {
      best = v;
      snprintf(m, 16, "sm%d", v);
    }
  }
  return best;
}

ec_arch ec_engine_arch(const ec_engine *e) {
  ec_arch a;
  memset(&a, 0, sizeof a);
  if (e->device.present && S_cc10(e->device.compute_capability)) {
    a.cc10 = S_cc10(e->device.compute_capability);
    a.from_device = 1;
    int k = S_arch(a.cc10);
    a.name = k >= 0 ? S_archs[k].name : NULL;
    a.family = k >= 0 ? S_archs[k].family : NULL;
    return a;
  }
  char m[16] = "";
  for (size_t i = 0; i < e->n_layers; i++) {
    char mk[16];
    int v = S_kernel_cc10(e->layers[i].tactic, mk);
    if (v > a.cc10) {
      a.cc10 = v;
      memcpy(m, mk, sizeof m);
    }
  }
  if (!a.cc10) return a;
  memcpy(a.marker, m, sizeof a.marker);
  int k = S_arch(a.cc10);
  a.name = k >= 0 ? S_archs[k].name : NULL;
  a.family = k >= 0 ? S_archs[k].family : NULL;
  a.or_newer = a.cc10 < 100;
  return a;
}

/* "a Blackwell datacenter GPU (B200, GB200)" for a's kernels, with "or a
 * newer one" when newer GPUs also run them. */
static void S_kernel_gpu(ec_buf *b, const ec_arch *a) {
  int k = S_arch(a->cc10);
  if (k < 0) {
    ec_buf_puts(b, "an architecture enginecard does not know");
    return;
  }
  ec_buf_puts(b, S_archs[k].gpu);
  if (a->or_newer) ec_buf_puts(b, " or a newer one");
}

char *ec_arch_sentence(const ec_engine *e, const ec_peak *p) {
  ec_arch a = ec_engine_arch(e);
  if (!a.cc10) return NULL;
  ec_buf b = {0};
  if (a.from_device) {
    const char *cc = e->device.compute_capability;
    if (a.name) ec_buf_printf(&b, "%s, compute capability %s", a.name, cc);
    else ec_buf_printf(&b, "compute capability %s, an architecture enginecard does not know", cc);
    if (!ec_peak_any(p) && isfinite(e->device.sms) && isfinite(e->device.compute_clock_ghz) && S_row(a.cc10) < 0)
      ec_buf_puts(&b, a.name ? ": no published per-SM rates, so no peak" : ": not in the peak table, so no peak");
    return ec_buf_take(&b);
  }
  ec_buf_printf(&b, "%s kernels: ", a.marker);
  S_kernel_gpu(&b, &a);
  ec_buf_puts(&b, "; product unknown, so no peak");
  return ec_buf_take(&b);
}

char *ec_peak_why_none(const ec_engine *e, const ec_peak *p) {
  if (ec_peak_any(p)) return NULL;
  const ec_device *d = &e->device;
  if (!d->present) {
    ec_arch a = ec_engine_arch(e);
    if (!a.cc10) return ec_strdup("the device is unknown (no metadata or log)");
    return ec_arch_sentence(e, p);
  }
  if (!d->compute_capability || !isfinite(d->sms) || !isfinite(d->compute_clock_ghz))
    return ec_strdup("the device's peaks are unknown (no SM count, clocks or bus width)");
  return ec_arch_sentence(e, p);
}
