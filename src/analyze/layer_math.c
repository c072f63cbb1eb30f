#include "analyze/layer_math.h"
#include <string.h>

ec_conv_math ec_conv_math_of(const ec_layer *l) {
  ec_conv_math m = {0};
  if (!l->conv.present || l->n_in < 1 || l->n_out < 1) return m;
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

double ec_layer_macs(const ec_layer *l) {
  ec_conv_math c = ec_conv_math_of(l);
  if (c.known) return c.macs;
  if (l->conv.present) return -1;
  int gemm = strcmp(l->type, "gemm") == 0 || strcmp(l->type, "MatrixMultiply") == 0 ||
             strcmp(l->type, "Gemm") == 0;
  if (!gemm || l->n_in < 1 || l->n_out < 1) return -1;
  const ec_tensor *a = &l->in[0], *o = &l->out[0];
  if (a->volume < 0 || o->volume < 0 || a->ndims < 1 || o->ndims < 1) return -1;
  /* out = [..., M, N], a = [..., M, K]: MACs = volume(out) * K */
  double K = (double)a->dims[a->ndims - 1];
  return (double)o->volume * K;
}
