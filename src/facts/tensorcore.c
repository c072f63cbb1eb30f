/* tensorcore — Tensor-Core evidence in kernel names.
 *
 * The rules were derived from every kernel name in the test corpus (the real engines tests read when
 * present): the
 * TacticName of each layer (graph JSON, 147 distinct names once the _0x...
 * suffix is cut) and the "Tactic Name:" lines of the verbose build logs (949
 * more). Matching is case-insensitive on the whole name.
 *
 * Tensor-Core evidence (an MMA instruction or its shape in the name):
 *   hmma, imma     trt_turing_cutlass_image_network_first_layer_hmma_fprop_...
 *   tensorMxNxK    the xmma instruction shape: sm75_..._tensor8x8x16 (Turing
 *                  IMMA), sm75_..._tensor16x8x8, sm80_..._tensor16x8x16 (HMMA),
 *                  sm80_..._tensor16x8x32 (IMMA), sm86_..._tf32f32_..._tensor16x8x8
 *   warpgroup/gmma Hopper's warp-group MMA: sm90_xmma_fprop_implicit_gemm_f16f16_
 *                  ..._warpgroupsize1x1x1_g1 (no tensor/ffma suffix on sm90)
 *   tensorop       CUTLASS's operator class, the Blackwell (sm100) kernels of
 *                  TensorRT 11: cutlass3x_sm100_tensorop_s128x128x8tf32implicit_
 *                  gemm_fprop_f32_..._2sm_relu_... (CUTLASS names its CUDA-core
 *                  class "simt", below); umma/tcgen05: Blackwell's MMA
 *                  instructions, not in the corpus
 *   h884 h1688 h16816 i8816 i16832 s1688 s16816 bf16816
 *                  cuDNN/cuBLAS MMA-shape families: ampere_h16816gemm_...,
 *                  ampere_h16816cudnn_..., ampere_h1688cudnn_...,
 *                  turing_fp16_i8816cudnn_int8_..., volta_fp32_i8816cudnn_int8_...
 *                  (the volta_ prefix names the code family; i8816 is Turing's
 *                  IMMA). h884/i16832/s1688/s16816/bf16816 are the same
 *                  families on Volta/Ampere and are not in the corpus.
 *   tf32           FP32 tensors computed in TF32 on Tensor Cores (Ampere+):
 *                  sm80_xmma_fprop_implicit_gemm_f32f32_tf32f32_f32_..._tensor16x8x8;
 *                  reported through ec_tc_verdict.tf32.
 * CUDA-core evidence (scalar or vector instructions, or no Tensor Cores on the
 * architecture the kernel was built for):
 *   ffma, hfma     sm80_xmma_fprop_implicit_gemm_f32f32_f32f32_f32_..._ffma_...,
 *                  sm80_xmma_gemm_f16f16_f32f32_f32_..._ffma_... (xmma is a
 *                  template library, not an instruction: these run on CUDA cores)
 *   simt           sm70_xmma_gemm_as_conv1x1_f16f16_f16_f16_tn_n_simt_small_batch_...
 *   gemv           sm50_xmma_cublas_gemvx_f16f16_f32_f32_... (matrix-vector)
 *   scudnn sgemm dgemm
 *                  ampere_scudnn_128x64_relu_xregs_large_nn_v1,
 *                  ampere_scudnn_winograd_..., maxwell_scudnn_..., ampere_sgemm_...
 *   int8x4         DP4A: volta_int8x4_icudnn_int8x4_..., ampere_fp32_icudnn_int8x4_...
 *   sm50_ sm52_ sm53_ sm60_ sm61_ sm62_ maxwell_ kepler_ pascal_ (prefix)
 *                  built for GPUs without Tensor Cores: sm50_xmma_pooling_...,
 *                  sm50_xmma_conv_fprop_fused_conv_act_fp32_...
 * Conflicting evidence gives UNKNOWN: sm50_xmma_convolution_depthwiseHMMA_FP16...
 * says HMMA but is an sm50 (Maxwell) kernel family, and depthwise convolution
 * has no channel reduction to feed an MMA; its name cannot settle it.
 * No evidence gives UNKNOWN: __myl_* / __mye* (Myelin-generated), "TensorRT"
 * (no tactic recorded), "", and bare family names.
 *
 * The math (ec_kernel_math) follows the same markers: an MMA shape names its
 * data type (h*: FP16, bf16816: BF16, i*: INT8, s*: TF32), hmma/imma too;
 * "tensorMxNxK" and Hopper's warp-group kernels need the data types of the
 * name: sm80_xmma_fprop_implicit_gemm_f16f16_f16f16_f16_..._tensor16x8x16 is
 * FP16, ..._interleaved_i8i8_i8i32_f32_..._tensor16x8x32 INT8, e4m3/e5m2 FP8.
 * On CUDA cores ffma, scudnn, sgemm and gemv (sm50_xmma_cublas_gemvx_f16f16_
 * f32_f32: FP32 accumulation) are FP32, hfma FP16, int8x4 DP4A, and SIMT
 * kernels follow their data (..._f16f16_f16_f16_tn_n_simt_...: FP16). */
#include "facts/tensorcore.h"
#include <ctype.h>
#include <stddef.h>
#include <string.h>

typedef struct {
  const char *needle;
  int boundary; /* 1: must start the name or follow '_'; 2: must be followed by a digit */
  const char *reason;
  ec_math math; /* the math the marker shows; EC_MATH_UNKNOWN: the data types decide */
} S_marker;

static const S_marker S_tc[] = {
    {"tensor", 2, "Tensor Core instruction shape (tensorMxNxK) in the name", EC_MATH_UNKNOWN},
    {"hmma", 0, "HMMA (half-precision Tensor Core MMA) in the name", EC_MATH_FP16_TC},
    {"imma", 0, "IMMA (integer Tensor Core MMA) in the name", EC_MATH_INT8_TC},
    {"warpgroup", 0, "Hopper warp-group MMA (warpgroupsize) in the name", EC_MATH_UNKNOWN},
    {"gmma", 0, "Hopper GMMA in the name", EC_MATH_UNKNOWN},
    {"tensorop", 0, "CUTLASS Tensor Core operator class (tensorop) in the name", EC_MATH_UNKNOWN},
    {"umma", 1, "Blackwell UMMA (tcgen05 Tensor Core MMA) in the name", EC_MATH_UNKNOWN},
    {"tcgen05", 0, "Blackwell tcgen05 Tensor Core MMA in the name", EC_MATH_UNKNOWN},
    {"h884", 1, "HMMA m8n8k4 shape (h884) in the name", EC_MATH_FP16_TC},
    {"h1688", 1, "HMMA m16n8k8 shape (h1688) in the name", EC_MATH_FP16_TC},
    {"h16816", 1, "HMMA m16n8k16 shape (h16816) in the name", EC_MATH_FP16_TC},
    {"bf16816", 1, "BF16 MMA m16n8k16 shape (bf16816) in the name", EC_MATH_FP16_TC},
    {"i8816", 1, "IMMA m8n8k16 shape (i8816) in the name", EC_MATH_INT8_TC},
    {"i16832", 1, "IMMA m16n8k32 shape (i16832) in the name", EC_MATH_INT8_TC},
    {"s1688", 1, "TF32 MMA m16n8k8 shape (s1688) in the name", EC_MATH_TF32_TC},
    {"s16816", 1, "TF32 MMA m16n8k16 shape (s16816) in the name", EC_MATH_TF32_TC},
    {"tf32", 0, "TF32 math (FP32 data on Tensor Cores) in the name", EC_MATH_TF32_TC},
};

static const S_marker S_cuda[] = {
    {"ffma", 0, "FFMA (FP32 fused multiply-add on CUDA cores) in the name", EC_MATH_FP32},
    {"hfma", 0, "HFMA (FP16 fused multiply-add on CUDA cores) in the name", EC_MATH_FP16},
    {"simt", 0, "SIMT (CUDA-core) kernel in the name", EC_MATH_UNKNOWN},
    {"gemv", 0, "matrix-vector (gemv) kernel, CUDA cores", EC_MATH_FP32},
    {"scudnn", 1, "single-precision cuDNN kernel (scudnn), CUDA cores", EC_MATH_FP32},
    {"sgemm", 1, "single-precision cuBLAS kernel (sgemm), CUDA cores", EC_MATH_FP32},
    {"dgemm", 1, "double-precision cuBLAS kernel (dgemm), CUDA cores", EC_MATH_UNKNOWN},
    {"int8x4", 0, "DP4A int8x4 kernel, CUDA cores", EC_MATH_DP4A},
};

static const char *const S_no_tc_arch[] = {"sm50_", "sm52_", "sm53_", "sm60_", "sm61_", "sm62_",
                                           "maxwell_", "kepler_", "pascal_"};

/* Lower-case copy of s into buf (cut at cap-1 bytes). */
static void S_lower(const char *s, char *buf, size_t cap) {
  size_t i = 0;
  for (; s[i] && i + 1 < cap; i++) buf[i] = (char)tolower((unsigned char)s[i]);
  buf[i] = '\0';
}

/* The matched marker of list, or NULL. */
static const S_marker *S_find(const char *name, const S_marker *list, size_t n) {
  for (size_t k = 0; k < n; k++) {
    size_t len = strlen(list[k].needle);
    for (const char *p = strstr(name, list[k].needle); p; p = strstr(p + 1, list[k].needle)) {
      if (list[k].boundary == 0) return &list[k];
      if (list[k].boundary == 1 && (p == name || p[-1] == '_')) return &list[k];
      if (list[k].boundary == 2 && isdigit((unsigned char)p[len])) return &list[k];
    }
  }
  return NULL;
}

/* Classification plus whether the name offered any evidence at all; *mark
 * (may be NULL) gets the marker that decided it. */
static ec_tc_verdict S_classify_m(const char *tactic, int *no_evidence, const S_marker **mark);

static ec_tc_verdict S_classify(const char *tactic, int *no_evidence) { return S_classify_m(tactic, no_evidence, NULL); }

static ec_tc_verdict S_classify_m(const char *tactic, int *no_evidence, const S_marker **mark) {
  if (mark) *mark = NULL;
  ec_tc_verdict v = {EC_TC_UNKNOWN, "no kernel name recorded", 0};
  *no_evidence = 1;
  if (!tactic || !*tactic || !strcmp(tactic, "TensorRT")) return v;
  char name[1024];
  S_lower(tactic, name, sizeof name);
  if (!strncmp(name, "__myl", 5) || !strncmp(name, "__mye", 5)) {
    v.reason = "Myelin-generated kernel: its name does not show its instructions";
    return v;
  }
  const S_marker *tc = S_find(name, S_tc, sizeof S_tc / sizeof S_tc[0]);
  const S_marker *cu = S_find(name, S_cuda, sizeof S_cuda / sizeof S_cuda[0]);
  const char *arch = NULL;
  for (size_t k = 0; k < sizeof S_no_tc_arch / sizeof S_no_tc_arch[0]; k++)
    if (!strncmp(name, S_no_tc_arch[k], strlen(S_no_tc_arch[k]))) arch = S_no_tc_arch[k];
  if (tc && (cu || arch)) {
    *no_evidence = 0;
    v.reason = cu ? "conflicting evidence: both an MMA and a CUDA-core marker in the name"
                  : "conflicting evidence: an MMA marker in a kernel built for an architecture without Tensor Cores";
    return v;
  }
  if (tc) {
    *no_evidence = 0;
    if (mark) *mark = tc;
    v.cls = EC_TC_TENSOR_CORES;
    v.reason = tc->reason;
    v.tf32 = strstr(name, "tf32") != NULL || tc->needle[0] == 's'; /* s1688, s16816: TF32 shapes */
    return v;
  }
  if (cu) {
    *no_evidence = 0;
    if (mark) *mark = cu;
    v.cls = EC_TC_CUDA_CORES;
    v.reason = cu->reason;
    return v;
  }
  if (arch) {
    *no_evidence = 0;
    v.cls = EC_TC_CUDA_CORES;
    v.reason = "built for an architecture without Tensor Cores (sm5x/sm6x prefix)";
    return v;
  }
  v.reason = "no Tensor Core (MMA) or CUDA-core (FMA, SIMT, DP4A) marker in the name";
  return v;
}

ec_tc_verdict ec_tc_classify(const char *tactic) {
  int none;
  return S_classify(tactic, &none);
}

ec_tc_verdict ec_tc_classify_layer(const char *layer_type, const char *tactic) {
  int none;
  ec_tc_verdict v = S_classify(tactic, &none);
  if (v.cls == EC_TC_UNKNOWN && none && layer_type && !strncmp(layer_type, "Cuda", 4) &&
      (!tactic || strncmp(tactic, "__my", 4))) {
    v.cls = EC_TC_CUDA_CORES;
    v.reason = "LayerType Cuda*: one of TensorRT's own CUDA kernels, not a Tensor Core library kernel";
  }
  return v;
}

/* 1 when needle is in name as an operand's type: not the tail of a scale
 * factor's type ("ue4m3" is NVFP4's scale, "ue8m0" MX's; only the u tells
 * them from an E4M3 operand). */
static int S_operand(const char *name, const char *needle) {
  for (const char *p = strstr(name, needle); p; p = strstr(p + 1, needle))
    if (p == name || p[-1] != 'u') return 1;
  return 0;
}

/* The low-precision Tensor-Core math a Blackwell (or Hopper/Ada FP8) name
 * spells, with its basis, or EC_MATH_UNKNOWN. CUTLASS names the operand
 * types with their scale factors: cutlass3x_sm120_bstensorop_..._ue4m3xe2m1_
 * ue4m3xe2m1 (NVFP4: E2M1 data, a UE4M3 scale per 16 values), ue8m0xe2m1
 * (MXFP4: a UE8M0 scale per 32), ue8m0xe4m3 (MXFP8), e2m3/e3m2 (FP6). Both
 * operands FP4 run at the FP4 rate; FP4 or FP6 beside an FP8 operand is
 * Blackwell's f8f6f4 kind, which runs at the FP8 rate, so it is measured
 * against that. */
static ec_math S_low_type(const char *name, const char **basis) {
  int fp4 = S_operand(name, "e2m1") || strstr(name, "nvfp4") || strstr(name, "mxfp4") || S_operand(name, "fp4");
  int fp6 = S_operand(name, "e2m3") || S_operand(name, "e3m2") || strstr(name, "mxfp6") || S_operand(name, "fp6");
  int fp8 = S_operand(name, "e4m3") || S_operand(name, "e5m2") || strstr(name, "mxfp8") || S_operand(name, "fp8");
  int mx = strstr(name, "ue8m0") || strstr(name, "mxfp");
  if (fp4 && !fp6 && !fp8) {
    *basis = strstr(name, "ue4m3") || strstr(name, "nvfp4")
                 ? "Tensor Cores, NVFP4: E2M1 data with a UE4M3 scale per 16 values (ue4m3xe2m1 or nvfp4 in the kernel name)"
             : mx ? "Tensor Cores, MXFP4: E2M1 data with a UE8M0 scale per 32 values (ue8m0xe2m1 or mxfp4 in the kernel name)"
                  : "Tensor Cores, FP4 (E2M1 in the kernel name)";
    return EC_MATH_FP4_TC;
  }
  if (fp6 && !fp8) {
    *basis = "Tensor Cores, FP6 (E2M3/E3M2 in the kernel name)";
    return EC_MATH_FP6_TC;
  }
  if (fp8) {
    *basis = fp4 || fp6 ? "Tensor Cores, FP8 mixed with FP4/FP6 operands (Blackwell's f8f6f4 kind runs at the FP8 rate)"
             : mx       ? "Tensor Cores, MXFP8: FP8 data with a UE8M0 scale per 32 values (block-scaled, the FP8 rate)"
                        : "Tensor Cores, FP8 (e4m3/e5m2 in the kernel name)";
    return EC_MATH_FP8_TC;
  }
  return EC_MATH_UNKNOWN;
}

/* The data type the name spells, or EC_MATH_UNKNOWN: FP4, FP6, FP8 (above;
 * *basis set), INT8 (i8i8, int8, i8816...), FP16/BF16 (f16f16, fp16, bf16,
 * half), FP32 (f32f32, fp32): the Tensor-Core math of that type. */
static ec_math S_name_type(const char *name, const char **basis) {
  static const struct { const char *needle; ec_math m; } t[] = {
      {"i8i8", EC_MATH_INT8_TC}, {"int8", EC_MATH_INT8_TC}, {"bf16", EC_MATH_FP16_TC}, {"f16f16", EC_MATH_FP16_TC},
      {"fp16", EC_MATH_FP16_TC}, {"half", EC_MATH_FP16_TC}, {"f32f32", EC_MATH_TF32_TC}, {"fp32", EC_MATH_TF32_TC},
      /* CUTLASS 3.x: the element letter of the MMA (tensorop_h256x128x16gemm: FP16, tensorop_i...: INT8) and
       * separated types (gemm_f16_f16_f32_...) */
      {"tensorop_h", EC_MATH_FP16_TC}, {"tensorop_i", EC_MATH_INT8_TC}, {"_f16_f16", EC_MATH_FP16_TC},
      {"_s8_s8", EC_MATH_INT8_TC},
  };
  *basis = NULL;
  ec_math low = S_low_type(name, basis);
  if (low) return low;
  for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
    if (strstr(name, t[i].needle)) return t[i].m;
  return EC_MATH_UNKNOWN;
}

/* The Tensor-Core math of a layer precision (FP32 data: TF32). */
static ec_math S_prec_tc(const char *p) {
  if (!p) return EC_MATH_UNKNOWN;
  if (!strcmp(p, "INT8") || !strcmp(p, "INT4")) return EC_MATH_INT8_TC;
  if (!strcmp(p, "FP8")) return EC_MATH_FP8_TC;
  if (!strcmp(p, "FP4")) return EC_MATH_FP4_TC;
  if (!strcmp(p, "FP16") || !strcmp(p, "BF16")) return EC_MATH_FP16_TC;
  if (!strcmp(p, "FP32")) return EC_MATH_TF32_TC;
  return EC_MATH_UNKNOWN;
}

/* The CUDA-core math of a Tensor-Core math's data type. */
static ec_math S_cuda_of(ec_math tc) {
  switch (tc) {
  case EC_MATH_INT8_TC: return EC_MATH_DP4A;
  case EC_MATH_FP16_TC: return EC_MATH_FP16;
  case EC_MATH_FP8_TC:
  case EC_MATH_FP6_TC:
  case EC_MATH_FP4_TC: return EC_MATH_UNKNOWN;
  default: return EC_MATH_FP32;
  }
}

ec_math_verdict ec_kernel_math(const char *layer_type, const char *tactic, const char *precision) {
  ec_math_verdict r = {EC_MATH_UNKNOWN, 0, NULL};
  int none;
  const S_marker *mk;
  ec_tc_verdict v = S_classify_m(tactic, &none, &mk);
  if (v.cls == EC_TC_UNKNOWN && none) v = ec_tc_classify_layer(layer_type, tactic); /* TensorRT's own Cuda* kernels */
  char name[1024] = "";
  if (tactic) S_lower(tactic, name, sizeof name);
  const char *low_basis;
  ec_math by_name = S_name_type(name, &low_basis), by_prec = S_prec_tc(precision);
  if (v.cls == EC_TC_TENSOR_CORES) {
    if (v.tf32) r.math = EC_MATH_TF32_TC, r.from_name = 1, r.basis = "Tensor Cores, TF32 (tf32 or an s1688/s16816 shape in the kernel name)";
    else if (mk && mk->math) r.math = mk->math, r.from_name = 1, r.basis = mk->reason;
    else if (by_name) r.math = by_name, r.from_name = 1,
        r.basis = low_basis ? low_basis : "Tensor Cores; data types from the kernel name (f16f16, i8i8, e4m3, ...)";
    else r.math = by_prec ? by_prec : EC_MATH_FP16_TC, r.basis = "Tensor Cores (kernel name); data type from the layer precision";
    return r;
  }
  if (v.cls == EC_TC_CUDA_CORES) {
    if (mk && mk->math) {
      r.math = mk->math, r.from_name = 1, r.basis = mk->reason;
    } else if (mk && !strcmp(mk->needle, "dgemm")) {
      r.basis = "FP64 kernel (dgemm): no FP64 peak in the table";
    } else if (by_name) {
      r.math = S_cuda_of(by_name), r.from_name = 1, r.basis = "CUDA cores; data types from the kernel name";
    } else {
      r.math = S_cuda_of(by_prec), r.basis = "CUDA cores (kernel name or type); data type from the layer precision";
    }
    return r;
  }
  r.math = by_prec;
  r.basis = by_prec ? "assumed from the layer precision: the kernel name shows no instructions (the fastest math "
                      "that precision allows)"
                    : "the kernel name shows no instructions and the layer precision is unknown";
  return r;
}

const char *ec_math_id(ec_math m) {
  static const char *const id[EC_MATH_N] = {"unknown", "fp32",    "fp16",   "dp4a",   "tf32-tc",
                                            "fp16-tc", "int8-tc", "fp8-tc", "fp6-tc", "fp4-tc"};
  return m < EC_MATH_N ? id[m] : "unknown";
}

const char *ec_math_label(ec_math m) {
  static const char *const lb[EC_MATH_N] = {"unknown",          "FP32 CUDA core",    "FP16 CUDA core",
                                            "DP4A CUDA core",   "TF32 Tensor Core",  "FP16/BF16 Tensor Core",
                                            "INT8 Tensor Core", "FP8 Tensor Core",   "FP6 Tensor Core",
                                            "FP4 Tensor Core"};
  return m < EC_MATH_N ? lb[m] : "unknown";
}

const char *ec_tc_class_name(ec_tc_class c) {
  switch (c) {
  case EC_TC_TENSOR_CORES: return "tensor-cores";
  case EC_TC_CUDA_CORES: return "cuda-cores";
  default: return "unknown";
  }
}
