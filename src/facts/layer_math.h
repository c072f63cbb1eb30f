/* layer_math — per-layer derived quantities (MACs, FLOPs, arithmetic
 * intensity, implicit-GEMM sizes) with TREx's formulas (annotate_convolutions). */
#ifndef EC_LAYER_MATH_H
#define EC_LAYER_MATH_H
#include "model/engine.h"

typedef struct ec_conv_math {
  int known;          /* 0 when shapes are missing or dynamic */
  int deconv;         /* a deconvolution (facts/layer_kind.h ec_layer_is_deconv): its own formula, no
                         implicit-GEMM sizes (gemm_m/n/k 0) */
  double macs;        /* N*K*P*Q*C*R*S/G; a deconvolution: N*C*H*W (input) x K/G x R*S */
  double bytes;       /* in + weights (in dtype) + out */
  double ai;          /* macs / bytes */
  double gemm_m, gemm_n, gemm_k; /* M=N*P*Q, N=K, K=C*R*S */
} ec_conv_math;

/** Convolution arithmetic of l (TREx's definitions); known = 0 when l is not
 *  a convolution with 4-D input and output of known size. A deconvolution
 *  (whatever its type name; TREx has no formula) gets its own: input
 *  elements x output channels per group x kernel volume, 3- to 5-D. */
ec_conv_math ec_conv_math_of(const ec_layer *l);
/** MACs of l when computable, else -1: convolutions (TREx's formula),
 *  deconvolutions (see above), and
 *  GEMMs (facts/layer_kind.h ec_layer_is_gemm: MatrixMultiply, Myelin
 *  gemm, FullyConnected, ...) from their shapes: volume(out) x K; for a
 *  FullyConnected layer K is the product of input 0's last three axes,
 *  else K from input A under MatrixOpA (NONE: its last axis; TRANSPOSE: the one
 *  before; VECTOR: its last), and when the operations are stated the same K
 *  from input B under MatrixOpB (NONE: the axis before the last;
 *  TRANSPOSE, VECTOR: the last), else unknown. */
double ec_layer_macs(const ec_layer *l);

#endif
