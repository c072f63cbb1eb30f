#include "facts/layer_math.h"
#include "facts/layer_kind.h"
#include <string.h>

/* A deconvolution's arithmetic: every input element is multiplied into a
 * kernel window of every output channel of its group, so MACs = input
 * elements (N*C_in*H_in*W_in, or with D_in) x C_out/G x kernel volume; the
 * weights hold C_in x C_out/G x kernel volume values. TREx has no formula:
 * its convolution one, over the output, counts a 2x2-stride-2
 * GemmDeconvolution 4x too high. Shapes of 3 to 5 axes. */
static ec_conv_math S_deconv_math(const ec_layer *l) {
  ec_conv_math m = {0};
  const ec_tensor *in = &l->in[0], *out = &l->out[0];
  if (in->ndims < 3 || in->ndims > 5 || out->ndims != in->ndims || in->volume < 0 || out->volume < 0) return m;
  double kvol = 1;
  for (int i = 0; i < in->ndims - 2; i++)
    kvol *= l->conv.nkernel > i && l->conv.kernel[i] > 0 ? (double)l->conv.kernel[i] : 1;
  double C = (double)in->dims[1], K = (double)out->dims[1];
  double G = l->conv.groups > 0 ? (double)l->conv.groups : 1;
  m.known = 1;
  m.deconv = 1;
  m.macs = (double)in->volume * K / G * kvol;
  m.bytes = (double)in->volume * in->elem_bytes_trex + C * K / G * kvol * in->elem_bytes_trex +
            (double)out->volume * out->elem_bytes_trex;
  m.ai = m.bytes > 0 ? m.macs / m.bytes : 0;
  return m;
}

ec_conv_math ec_conv_math_of(const ec_layer *l) {
  ec_conv_math m = {0};
  if (!l->conv.present || l->n_in < 1 || l->n_out < 1) return m;
  if (ec_layer_is_deconv(l)) return S_deconv_math(l);
  const ec_tensor *in = &l->in[0], *out = &l->out[0];
  if (in->ndims != 4 || out->ndims != 4 || in->volume < 0 || out->volume < 0) return m;
  double N = (double)in->dims[0], C = (double)in->dims[1];
  double K = (double)out->dims[1], P = (double)out->dims[2], Q = (double)out->dims[3];
  double R = l->conv.nkernel > 0 ? (double)l->conv.kernel[0] : 1;
  double S = l->conv.nkernel > 1 ? (double)l->conv.kernel[1] : 1;
  double G = l->conv.groups > 0 ? (double)l->conv.groups : 1;
  m.known = 1;
  m.macs = N * K * P * Q * C * R * S / G;
  double wvol = K * C * R * S / G;
  m.bytes = (double)in->volume * in->elem_bytes_trex + wvol * in->elem_bytes_trex +
            (double)out->volume * out->elem_bytes_trex;
  m.ai = m.bytes > 0 ? m.macs / m.bytes : 0;
  m.gemm_m = N * P * Q;
  m.gemm_n = K;
  m.gemm_k = C * R * S;
  return m;
}

/* The reduction length K of a GEMM operand t under op: the operand is
 * [..., M, K] (A) or [..., K, N] (B) as stored, TRANSPOSE swaps the last two
 * axes, VECTOR makes it [..., K]. -1 when t has too few axes for op. */
static double S_gemm_k(const ec_tensor *t, ec_matop op, int is_b) {
  int last = t->ndims - 1;
  int k_last = op == EC_MATOP_VECTOR || (is_b ? op == EC_MATOP_TRANSPOSE : op != EC_MATOP_TRANSPOSE);
  int axis = k_last ? last : last - 1;
  if (axis < 0 || t->dims[axis] < 0) return -1;
  return (double)t->dims[axis];
}

/* MACs of the GEMM l: volume(out) x K, K read from input 0 (A) under its
 * MatrixOpA and, when the operations are stated, checked against input 1
 * (B) under MatrixOpB; -1 when a shape is dynamic or missing, or A and B
 * disagree on K. */
static double S_gemm_macs(const ec_layer *l) {
  if (l->n_in < 1 || l->n_out < 1) return -1;
  const ec_tensor *a = &l->in[0], *o = &l->out[0];
  if (a->volume < 0 || o->volume < 0 || a->ndims < 1 || o->ndims < 1) return -1;
  /* out = [..., M, N] (batch dims broadcast; a VECTOR operand drops M or N):
   * every output element is a K-long dot product */
  double K = S_gemm_k(a, (ec_matop)l->matop[0], 0);
  if (K < 0) return -1;
  if ((l->matop[0] || l->matop[1]) && l->n_in >= 2 && l->in[1].ndims >= 1) {
    /* the operations are stated: B must agree on K */
    double kb = S_gemm_k(&l->in[1], l->matop[1] ? (ec_matop)l->matop[1] : EC_MATOP_NONE, 1);
    if (kb != K) return -1;
  }
  return (double)o->volume * K;
}

/* MACs of a FullyConnected layer (TensorRT's IFullyConnectedLayer): it
 * flattens the input's last three axes [C, H, W] into the reduction, so
 * every output element is a C*H*W-long dot product; -1 when a shape is
 * dynamic or missing. */
static double S_fc_macs(const ec_layer *l) {
  if (l->n_in < 1 || l->n_out < 1) return -1;
  const ec_tensor *a = &l->in[0], *o = &l->out[0];
  if (a->volume < 0 || o->volume < 0 || a->ndims < 1 || o->ndims < 1) return -1;
  double K = 1;
  for (int k = a->ndims >= 3 ? a->ndims - 3 : 0; k < a->ndims; k++) {
    if (a->dims[k] < 0) return -1;
    K *= (double)a->dims[k];
  }
  return (double)o->volume * K;
}

double ec_layer_macs(const ec_layer *l) {
  ec_conv_math c = ec_conv_math_of(l);
  if (c.known) return c.macs;
  if (l->conv.present) return -1;
  if (!ec_layer_is_gemm(l)) return -1;
  return ec_layer_is_fully_connected(l) ? S_fc_macs(l) : S_gemm_macs(l);
}
