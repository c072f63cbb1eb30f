/* tensorcore — does a kernel run on Tensor Cores? Judged from the evidence in
 * its tactic (kernel) name, never from a bare family name.
 *
 * TREx's regex (imma|hmma|xmma|i88|884) is wrong both ways: every CUTLASS/xmma
 * kernel matches it, including the FFMA, SIMT, GEMV and pooling ones that run
 * on CUDA cores, while Ampere's cuDNN/cuBLAS kernels (ampere_h16816gemm_...)
 * do not match although they issue HMMA.16816. Here a name is TENSOR_CORES
 * only with an MMA marker, CUDA_CORES only with a scalar/vector-instruction
 * marker or an architecture that has no Tensor Cores, and UNKNOWN otherwise
 * (Myelin's generated __myl_* kernels, "TensorRT", empty names, and bare
 * family names such as "sm80_xmma_fprop_implicit_gemm" without a suffix).
 * The rules and the real names that justify each one are in tensorcore.c;
 * tests/unit/test_lint.c holds the labelled corpus names. Pure, no I/O. */
#ifndef EC_TENSORCORE_H
#define EC_TENSORCORE_H

typedef enum { EC_TC_UNKNOWN = 0, EC_TC_TENSOR_CORES, EC_TC_CUDA_CORES } ec_tc_class;

typedef struct ec_tc_verdict {
  ec_tc_class cls;
  const char *reason; /* static text naming the evidence ("HMMA m16n8k16 (h16816)") */
  int tf32;           /* Tensor Cores on FP32 data, in TF32 (tf32 in the name) */
} ec_tc_verdict;

/** Classify a tactic name (may be NULL). */
ec_tc_verdict ec_tc_classify(const char *tactic);

/** Classify a layer's kernel: the tactic name first; when it gives no
 *  evidence, a LayerType naming one of TensorRT's own CUDA kernels
 *  ("CudaDepthwiseConvolution", "CudaPooling": no Cask/cuDNN MMA kernel) means
 *  CUDA cores. Both arguments may be NULL. */
ec_tc_verdict ec_tc_classify_layer(const char *layer_type, const char *tactic);

/** "tensor-cores", "cuda-cores" or "unknown". */
const char *ec_tc_class_name(ec_tc_class c);

/* The math a kernel does: it decides which peak the kernel is measured
 * against (facts/device_peak.h holds the peak of each per architecture). */
typedef enum {
  EC_MATH_UNKNOWN = 0,
  EC_MATH_FP32,    /* CUDA cores, FP32 FMA (FFMA, cuDNN scudnn, cuBLAS sgemm/gemv) */
  EC_MATH_FP16,    /* CUDA cores, FP16 FMA (HFMA2; SIMT kernels on FP16 data) */
  EC_MATH_DP4A,    /* CUDA cores, 8-bit dot products (DP4A: int8x4 kernels) */
  EC_MATH_TF32_TC, /* Tensor Cores on FP32 data in TF32 */
  EC_MATH_FP16_TC, /* Tensor Cores, FP16 or BF16 */
  EC_MATH_INT8_TC, /* Tensor Cores, INT8 (IMMA) */
  EC_MATH_FP8_TC,  /* Tensor Cores, FP8 (E4M3/E5M2), block-scaled MXFP8 included (same rate);
                      also FP4 or FP6 mixed with FP8 (Blackwell's f8f6f4 kind runs at the FP8 rate) */
  EC_MATH_FP6_TC,  /* Tensor Cores, FP6 (E2M3/E3M2, MXFP6) */
  EC_MATH_FP4_TC,  /* Tensor Cores, FP4 (E2M1) on both operands: NVFP4 (UE4M3 scale per 16) or MXFP4
                      (UE8M0 scale per 32) */
  EC_MATH_N
} ec_math;

typedef struct ec_math_verdict {
  ec_math math;
  int from_name;     /* 1: the kernel name shows the math; 0: assumed from the layer precision */
  const char *basis; /* static: the evidence, or why it was assumed */
} ec_math_verdict;

/** The math of a layer's kernel. The Tensor-Core / CUDA-core verdict of
 *  ec_tc_classify_layer decides the unit; the MMA shape (h16816, i8816,
 *  s1688, hmma, imma), the tf32 marker or the data types in the name
 *  (f16f16, i8i8, e4m3, bf16; Blackwell's block-scaled ue4m3xe2m1 NVFP4,
 *  ue8m0xe2m1 MXFP4, ue8m0xe4m3 MXFP8, e2m3/e3m2 FP6) decide the data type,
 *  else the layer precision does. A name without evidence (Myelin's __myl_*, "TensorRT")
 *  gives the fastest math the precision allows (FP32 data: TF32, TensorRT's
 *  default on Ampere and newer), from_name 0. precision may be NULL. */
ec_math_verdict ec_kernel_math(const char *layer_type, const char *tactic, const char *precision);

/** Stable id ("fp32", "fp16", "dp4a", "tf32-tc", "fp16-tc", "int8-tc",
 *  "fp8-tc", "fp6-tc", "fp4-tc"; "unknown") and a label ("TF32 Tensor Core"). */
const char *ec_math_id(ec_math m);
const char *ec_math_label(ec_math m);

#endif
