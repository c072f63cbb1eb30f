/* layer_numbers — every per-layer number the outputs show beyond latency,
 * computed once per engine (ec_summarize holds them) so that the summary,
 * the layers export, the report's tables and charts, and the roofline read
 * the same values.
 *
 * Memory. A layer's weights are its weight objects (Weights, Bias,
 * ConvWeights, ... : every {Type, Count}) plus its constant inputs; its I/O
 * is every other input and output tensor. A constant input is an input
 * tensor that no layer (kept or hidden) produces and that is not an engine
 * binding: TensorRT 10's Myelin gemm layers receive their weights that way
 * ("__mye583_dconst" [9216, 4096]). Without a binding list nothing can be
 * told from an engine input, so no input is taken as a constant. TensorRT
 * 11 lists a layer's weights apart ("Constants"): they are its constants
 * (each distinct tensor counted once, as constant inputs), and an input of
 * such a layer that no layer produces and no binding names is an
 * engine-internal buffer (Myelin's L2-cache policy), neither weights nor I/O.
 * Unknown is not zero: a layer whose source lists no weights (names-only
 * layer information, a log's layer listing) has weights NAN, and a layer
 * with a dynamic (-1) or unsized tensor, or no tensors described, has I/O
 * NAN; totals count the layers whose value is known and say how many.
 *
 * Compute efficiency, for convolutions and GEMMs whose shapes are known:
 * FLOP = 2 x MACs (facts/layer_math.h), bytes = TREx's convolution formula
 * (input + weights in the input type + output) or, for a GEMM, its I/O plus
 * its weights; achieved TFLOP/s and GB/s divide by the average latency. The
 * peak follows the kernel's math (facts/tensorcore.h ec_kernel_math) on the
 * device's table (facts/device_peak.h ec_peak_pick), so no layer exceeds
 * 100%: a layer measured above its math's peak is measured against the next
 * plausible higher one and flagged, or gets no percentage at all. Pure. */
#ifndef EC_LAYER_NUMBERS_H
#define EC_LAYER_NUMBERS_H
#include <stddef.h>
#include "facts/device_peak.h"
#include "facts/tensorcore.h"
#include "model/engine.h"

typedef struct ec_layer_nums {
  double weights_bytes;      /* weight objects + constant inputs; NAN when not described */
  double weights_bytes_trex; /* TREx: Weights.Count x sizeof(Type); NAN when not described */
  double const_bytes;        /* the constant inputs' share of weights_bytes (0 when none) */
  size_t n_const;            /* inputs taken as constants, and listed Constants */
  const unsigned char *in_const; /* n_in flags: 1 when input k is a constant, 2 an engine-internal
                                    buffer (not weights, not I/O) */
  double io_bytes;           /* activation inputs + outputs (constants excluded); NAN when unknown */
  /* compute efficiency (NAN when unknown: not a convolution or GEMM, dynamic
   * shapes, no latency, no device) */
  double macs, flops;        /* flops = 2 x macs */
  double bytes;              /* bytes moved (see above) */
  double intensity;          /* flops / bytes */
  double tflops, gbps;       /* achieved, from the average latency */
  ec_math_verdict math;      /* the kernel's math (EC_MATH_UNKNOWN when flops are unknown) */
  ec_peak_choice peak;       /* the peak used, and how it was chosen */
  double pct_of_peak;        /* 100 x achieved / peak; NAN with EC_PEAK_EXCEEDED */
  int conv_dims;             /* 1 when gemm_m/n/k (implicit GEMM of a convolution) are set */
  double gemm_m, gemm_n, gemm_k;
} ec_layer_nums;

typedef struct ec_numbers {
  size_t n;                  /* = engine's n_layers */
  ec_layer_nums *v;          /* one per layer, engine order */
  unsigned char *in_const_all; /* backing store of every v[i].in_const */
  /* totals: the known layers' values; NAN when no layer's value is known */
  double weights_bytes;      /* + hidden layers' weight objects; each constant counted once */
  double weights_bytes_trex;
  double const_bytes;        /* distinct constant tensors */
  size_t n_const;            /* distinct constant tensors */
  int consts_known;          /* 0: no binding list or no tensors, so constants cannot be told (n_const 0, const_bytes NAN) */
  double io_bytes;           /* sum of the layers' I/O (traffic: a tensor counts for each layer) */
  double io_bytes_trex;      /* TREx's sum (every tensor, dynamic ones as 0) */
  size_t weights_known;      /* layers whose weights are known */
  size_t weights_hidden;     /* of the others, GEMMs whose weights Myelin folded away (S_weights_hidden) */
  size_t io_known;           /* layers whose I/O is known */
  ec_peak peak;              /* the device's peaks */
  size_t flops_known;        /* convolutions and GEMMs with known FLOPs */
  size_t flops_dynamic;      /* convolutions whose FLOPs dynamic shapes hide */
  size_t peak_raised;        /* layers measured against a higher peak than their math's */
  size_t peak_exceeded;      /* layers above every plausible peak (no percentage) */
  size_t peak_unpublished;   /* layers whose math the GPU has at a rate no figure publishes (no percentage) */
} ec_numbers;

/** 1 when a total over layers, known for `known` of `n` layers, can stand
 *  for the whole engine: a headline (the report's tiles, the summary's
 *  lines, the facts table, compare's engine table, the index) shows it as
 *  the engine's figure. The rule: every layer's value is known. A sum over
 *  the known layers is only a lower bound of the engine's, by an amount
 *  nobody can tell (a 1,278-layer Myelin transformer's GEMM weights are not
 *  in its layer information at all: 12 B known against hundreds of MiB), so
 *  it is never a headline; outputs show "not available" with the known part
 *  as secondary text, and JSON keeps the number with a completeness flag. */
int ec_total_is_whole(size_t known, size_t n);

/** A layer's footprint, weights + I/O: NAN when either is unknown. */
double ec_layer_footprint(const ec_layer_nums *x);
/** Layer indices by footprint, largest first, the known parts of a partly
 *  unknown footprint counting as its size; ties in engine order. n->n
 *  entries; caller frees. */
size_t *ec_numbers_by_footprint(const ec_numbers *n);

/** Compute the numbers of e into *out (free with ec_numbers_free). */
void ec_numbers_compute(const ec_engine *e, ec_numbers *out);
void ec_numbers_free(ec_numbers *n);

#endif
