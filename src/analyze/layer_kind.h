/* layer_kind — what a layer is, for every output that asks: a Reformat, a
 * Myelin region, a fusion of several operations. Defined once here; the
 * fused-layer table, lint and the efficiency table all use it. Pure. */
#ifndef EC_LAYER_KIND_H
#define EC_LAYER_KIND_H
#include <stddef.h>
#include "model/engine.h"

/** 1 when l is a Reformat: type "Reformat", or a name TensorRT gives its
 *  reformatting copies (model/engine.h ec_name_is_reformat) when the type is
 *  not known (names-only layer information, a profile alone). */
int ec_layer_is_reformat(const ec_layer *l);

/** 1 when l is Myelin's: LayerType or type Myelin, kgen or gemm (TensorRT
 *  10's Myelin-generated layers), a "{ForeignNode[...]}" name, or a Myelin
 *  kernel (__myl..., __mye...). */
int ec_layer_is_myelin(const ec_layer *l);

/** The number of operations l stands for: its ONNX metadata entries when it
 *  has some, else the " + "-separated parts of its name; 1 for a Reformat,
 *  whose name quotes the layer it feeds ("Reformatting CopyNode for Input
 *  Tensor 0 to Conv_0 + Relu_1" is one copy, not a 2-op fusion). */
size_t ec_layer_fused_ops(const ec_layer *l);

/** 1 when l is shown as a fused layer: a Myelin layer, or one standing for
 *  more than one operation. Never a Reformat. */
int ec_layer_is_fused(const ec_layer *l);

/** 1 when l is one of TensorRT's PointWise layers (type "PointWise",
 *  "PointWiseV2", ...): the kernels that fuse element-wise operations. */
int ec_layer_is_pointwise(const ec_layer *l);

#define EC_PW_MAX_OPS 64
/** e's PointWise layers by the number of operations each lists: count[k]
 *  layers with k operations and their latency ms[k] (layers without a
 *  profile record add nothing), k = 0 when none are listed and
 *  EC_PW_MAX_OPS for that many or more. Returns the number of PointWise
 *  layers. The pointwise chart and table both read it. */
size_t ec_pointwise_ops(const ec_engine *e, size_t count[EC_PW_MAX_OPS + 1], double ms[EC_PW_MAX_OPS + 1]);

#endif
