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

#endif
