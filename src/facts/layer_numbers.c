#include "facts/layer_numbers.h"
#include "facts/flow.h"
#include "facts/layer_kind.h"
#include "facts/layer_math.h"
#include "util/alloc.h"
#include "util/rank.h"
#include "util/map.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Bytes of t, or NAN when its size is not known (dynamic dims, unknown
 * element size). */
static double S_tensor_bytes(const ec_tensor *t) {
  if (t->volume < 0 || !(t->elem_bytes > 0)) return NAN;
  return (double)t->volume * t->elem_bytes;
}

static void S_put_outputs(ec_map *m, const ec_layer *ls, size_t n) {
  for (size_t i = 0; i < n; i++)
    for (size_t k = 0; k < ls[i].n_out; k++) ec_map_put(m, ls[i].out[k].name, ls[i].out[k].name_len, 1);
}

/* FLOPs, bytes, achieved rates and the peak of layer l (x's memory fields
 * already set). */
static void S_efficiency(ec_numbers *out, const ec_layer *l, ec_layer_nums *x) {
  x->macs = x->flops = x->bytes = x->intensity = x->tflops = x->gbps = x->pct_of_peak = NAN;
  x->peak = (ec_peak_choice){EC_MATH_UNKNOWN, NAN, EC_PEAK_AS_MATH, EC_MATH_UNKNOWN};
  double macs = ec_layer_macs(l);
  if (!(macs >= 0)) {
    if (l->conv.present) out->flops_dynamic++;
    return;
  }
  out->flops_known++;
  ec_conv_math cm = ec_conv_math_of(l);
  x->macs = macs;
  x->flops = 2 * macs;
  x->bytes = cm.known ? cm.bytes : x->io_bytes + x->weights_bytes;
  if (!(x->bytes > 0)) x->bytes = NAN;
  x->intensity = x->flops / x->bytes;
  if (cm.known && !cm.deconv) {
    x->conv_dims = 1;
    x->gemm_m = cm.gemm_m;
    x->gemm_n = cm.gemm_n;
    x->gemm_k = cm.gemm_k;
  }
  double sec = l->has_profile && l->avg_ms > 0 ? l->avg_ms / 1e3 : NAN;
  double achieved = x->flops / sec;
  x->tflops = achieved / 1e12;
  x->gbps = x->bytes / sec / 1e9;
  x->math = ec_kernel_math(l->layer_type, l->tactic, l->precision);
  x->peak = ec_peak_pick(&out->peak, x->math.math, achieved);
  if (x->peak.how == EC_PEAK_RAISED) out->peak_raised++;
  if (x->peak.how == EC_PEAK_UNPUBLISHED) out->peak_unpublished++;
  if (x->peak.how == EC_PEAK_EXCEEDED) out->peak_exceeded++;
  else x->pct_of_peak = 100 * achieved / x->peak.flops;
}

/* 1 when l's weights exist but its description does not give them: a GEMM
 * (a Myelin gemm, a MatrixMultiply) that reads one activation and lists no
 * weight object and no constant input. TensorRT 10 Myelin graphs fold the
 * weights of such a layer into the Myelin program (i-vit-srtp's "/fc1/Gemm"
 * reads only its activation), so its weights are unknown, not 0 bytes. A
 * GEMM of two activations (attention's QK^T) has none and stays 0. */
static int S_weights_hidden(const ec_layer *l, const ec_layer_nums *x) {
  return ec_layer_is_gemm(l) && l->n_in <= 1 && !(l->weights_bytes > 0) && !x->n_const;
}

void ec_numbers_compute(const ec_engine *e, ec_numbers *out) {
  memset(out, 0, sizeof *out);
  out->n = e->n_layers;
  out->peak = ec_device_peak(&e->device);
  out->v = ec_calloc(e->n_layers ? e->n_layers : 1, sizeof *out->v);
  size_t nin = 0;
  for (size_t i = 0; i < e->n_layers; i++) nin += e->layers[i].n_in;
  out->in_const_all = ec_calloc(nin ? nin : 1, 1);
  /* constants are inputs nobody writes: not a kept layer (facts/flow
   * answers who writes a tensor, for the graph and lint too), not a
   * hidden one (a Constant, which flow does not see) */
  ec_flow f;
  ec_flow_build(e, &f);
  ec_map hidden_out = {0}, seen_const = {0};
  S_put_outputs(&hidden_out, e->hidden, e->n_hidden);
  int can_tell = e->n_bindings > 0;
  double w = 0, wt = 0, io = 0, iot = 0, cb = 0;
  size_t off = 0;
  for (size_t i = 0; i < e->n_layers; i++) {
    const ec_layer *l = &e->layers[i];
    ec_layer_nums *x = &out->v[i];
    unsigned char *flags = out->in_const_all + off;
    off += l->n_in;
    x->in_const = flags;
    int tensors = !(l->unknown & EC_UNKNOWN_TENSORS);
    double lio = tensors ? 0 : NAN, lconst = 0;
    for (size_t k = 0; k < l->n_in; k++) {
      const ec_tensor *t = &l->in[k];
      double b = S_tensor_bytes(t);
      if (can_tell && !ec_flow_written(&f, i, k) && !ec_map_get(&hidden_out, t->name, t->name_len, NULL) &&
          !ec_engine_is_binding(e, t->name, t->name_len)) {
        if (l->lists_consts) { /* weights are listed apart: an engine-internal buffer */
          flags[k] = 2;
          continue;
        }
        flags[k] = 1;
        x->n_const++;
        lconst += b;
        if (ec_map_put(&seen_const, t->name, t->name_len, 1)) {
          out->n_const++;
          cb += b;
        }
        continue;
      }
      lio += b;
    }
    for (size_t k = 0; k < l->n_consts; k++) { /* TensorRT 11's listed constants: weights */
      const ec_tensor *t = &l->consts[k];
      double b = S_tensor_bytes(t);
      x->n_const++;
      lconst += b;
      if (ec_map_put(&seen_const, t->name, t->name_len, 1)) {
        out->n_const++;
        cb += b;
      }
    }
    for (size_t k = 0; k < l->n_out; k++) lio += S_tensor_bytes(&l->out[k]);
    x->const_bytes = lconst;
    x->io_bytes = lio;
    if (isfinite(lio)) {
      out->io_known++;
      io += lio;
    }
    if (tensors) iot += l->io_bytes_trex;
    if (l->unknown & EC_UNKNOWN_WEIGHTS) {
      x->weights_bytes = x->weights_bytes_trex = NAN;
    } else if (S_weights_hidden(l, x)) {
      /* a GEMM reading one activation has weights; none are described */
      x->weights_bytes = NAN;
      x->weights_bytes_trex = l->weights_bytes_trex;
      out->weights_hidden++;
      wt += l->weights_bytes_trex;
    } else {
      x->weights_bytes = l->weights_bytes + lconst;
      x->weights_bytes_trex = l->weights_bytes_trex;
      out->weights_known++;
      w += l->weights_bytes;
      wt += l->weights_bytes_trex;
    }
    S_efficiency(out, l, x);
  }
  size_t hidden_known = 0;
  for (size_t i = 0; i < e->n_hidden; i++)
    if (!(e->hidden[i].unknown & EC_UNKNOWN_WEIGHTS)) {
      hidden_known++;
      w += e->hidden[i].weights_bytes;
    }
  int any_w = out->weights_known || hidden_known;
  out->weights_bytes = any_w ? w + cb : NAN;
  out->weights_bytes_trex = any_w ? wt : NAN;
  out->consts_known = can_tell && out->io_known + out->weights_known > 0;
  out->const_bytes = out->consts_known ? cb : NAN;
  out->io_bytes = out->io_known ? io : NAN;
  out->io_bytes_trex = out->io_known ? iot : NAN;
  ec_flow_free(&f);
  ec_map_free(&hidden_out);
  ec_map_free(&seen_const);
}

int ec_total_is_whole(size_t known, size_t n) { return n > 0 && known == n; }

double ec_layer_footprint(const ec_layer_nums *x) { return x->weights_bytes + x->io_bytes; }

static double S_known(double v) { return isfinite(v) ? v : 0; }

size_t *ec_numbers_by_footprint(const ec_numbers *n) {
  double *v = ec_calloc(n->n ? n->n : 1, sizeof *v);
  for (size_t i = 0; i < n->n; i++) v[i] = S_known(n->v[i].weights_bytes) + S_known(n->v[i].io_bytes);
  size_t *ord = ec_rank_desc(v, n->n);
  free(v);
  return ord;
}

void ec_numbers_free(ec_numbers *n) {
  if (!n) return;
  free(n->v);
  free(n->in_const_all);
  memset(n, 0, sizeof *n);
}
