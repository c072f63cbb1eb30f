/* layer_kind — what a layer is, for every output that asks: a Reformat, a
 * Myelin region, a fusion of several operations, a GEMM, a softmax, a layer
 * that only moves data, a stream synchronisation. Defined once here; the
 * fused-layer table, lint, the findings and the efficiency table use it.
 *
 * Names-only layer information (no types) is judged from the ONNX op names
 * in the layer name: the last "/" component of each " + " part
 * ("/encoder/layers.0/self_attn/Softmax", "reshape_before_/fc1/MatMul"),
 * and Myelin kernel names through facts/kgen_ops.h. Pure. */
#ifndef EC_LAYER_KIND_H
#define EC_LAYER_KIND_H
#include <stddef.h>
#include "facts/kgen_ops.h"
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

/** 1 when l is a convolution by TREx's type rule: its type (ParameterType)
 *  is Convolution (TensorRT 8.2's GemmDeconvolution included, see
 *  ec_layer_is_deconv; a names-only layer never: its family from the name is
 *  for display only). */
int ec_layer_is_conv(const ec_layer *l);

/** 1 when l is a deconvolution (a transposed convolution), whatever the
 *  name it goes by: its type (ParameterType) or LayerType names one in any
 *  case -- Deconvolution, TensorRT 8.2's GemmDeconvolution (ParameterType
 *  Convolution, so a Convolution by TREx's type rule), CaskDeconvolution,
 *  CaskDeconvolutionV2, Myelin's deconv -- or a Convolution's ParameterType
 *  says Deconvolution. Its MACs are not the convolution formula's
 *  (facts/layer_math.h). */
int ec_layer_is_deconv(const ec_layer *l);

/** 1 when l is a GEMM kernel: type or LayerType MatrixMultiply, gemm, Gemm,
 *  FullyConnected, or a LayerType naming a Gemm/MatrixMultiply kernel; a
 *  Convolution or a deconvolution (GemmDeconvolution) never (TensorRT 8's
 *  1x1-convolution MatMuls are ec_layer_is_matmul's). */
int ec_layer_is_gemm(const ec_layer *l);

/** 1 when l is a FullyConnected layer (type or LayerType): a GEMM whose
 *  reduction is its input's last three axes (facts/layer_math.c). */
int ec_layer_is_fully_connected(const ec_layer *l);

/** 1 when l computes a matrix product: a GEMM, or a layer (of any type, or
 *  without one) whose ONNX op is MatMul or Gemm by name ("/fc1/MatMul +
 *  /fc1/Add", "/self_attn/MatMul_1+/self_attn/MatMul_myl56_6"), which
 *  covers TensorRT 8's MatMul-as-Convolution and names-only layers.
 *  Reformats and reshapes around a MatMul ("reshape_after_/fc1/MatMul")
 *  are not. */
int ec_layer_is_matmul(const ec_layer *l);

/** The decoded op list of l's Myelin kernel: its tactic when that is a
 *  "__myl_" name, else its name (names-only layer information). */
ec_kgen_ops ec_layer_kgen(const ec_layer *l);

/** 1 when l is a softmax: type SoftMax, a Myelin kernel whose ops hold a
 *  softmax (facts/kgen_ops.h), or a names-only layer whose ONNX op is
 *  Softmax. */
int ec_layer_is_softmax(const ec_layer *l);

/** 1 when l's kernel is a fused multi-head attention: "mha" as a word in
 *  its tactic or name (_gemm_mha_v2, fmha_v2_..., mha_), a flash-attention
 *  kernel, or the BERT plugin (QKVToContext). */
int ec_layer_is_fused_mha(const ec_layer *l);

/** 1 when l is the output reformatter of a DLA region ("{conv1,relu1,...}
 *  output reformatter 0": TensorRT names a DLA node by its layers in
 *  braces). Its profile record waits for the DLA to finish, so its time is
 *  the DLA running the region, not a copy (haxconn/googlenet-dla-xavier:
 *  3.33 ms here, 0.16 ms on the DLA node itself). */
int ec_layer_is_dla_output(const ec_layer *l);
/* TensorRT 8.5 and later (11.4.1's JetPack too) name the records of a DLA
 * region "images to nvm" (the input copied in), "{ForeignNode[...]}" (the
 * region's launch, microseconds), "<tensor> from nvm" (the wait for its
 * output: the DLA's time, which ec_layer_is_dla_output also says) and
 * "<tensor> copy finish". */
/** 1 when name is one of a DLA region's transfer records (to nvm, from nvm,
 *  copy finish). */
int ec_name_is_dla_io(const char *name);
/** 1 when e runs layers on a DLA: its log names a DLA core, or a layer is a
 *  DLA transfer record. A {ForeignNode[...]} of such an engine is a DLA
 *  region, not a Myelin one. */
int ec_engine_runs_dla(const ec_engine *e);

/* What kind of layer only moves or converts data (does no arithmetic). */
typedef enum {
  EC_MOVE_NONE = 0,
  EC_MOVE_REFORMAT, /* a Reformat (ec_layer_is_reformat) */
  EC_MOVE_LAYER,    /* a typed layer that copies: Shuffle, Slice, Concatenation, Gather, Cast, Padding,
                       ShapeHostToDevice */
  EC_MOVE_KGEN,     /* a Myelin kernel whose decoded ops only move or convert (ec_kgen_moves_only) */
  EC_MOVE_NAMED     /* names-only: every part names a movement op (Reshape, Transpose, Slice, Concat,
                       Gather, ..., TensorRT's reshape_before_/reshape_after_ copies) */
} ec_move_kind;

/** How l only moves data, or EC_MOVE_NONE (a DLA region's output
 *  reformatter too: see ec_layer_is_dla_output). */
ec_move_kind ec_layer_movement(const ec_layer *l);

/** The Myelin region of a TensorRT 10 Myelin layer, from its name's
 *  "_myl<N>_<k>" suffix (__myl_MulSum_myl4_1, node_linear_myl4_0: region
 *  4), or -1. */
long ec_layer_myelin_region(const ec_layer *l);

/** 1 when l synchronises streams: LayerType signal or wait, or a Myelin
 *  name with "^signal^" or "^wait^" (exit^bb^signal^1_myl109_56). */
int ec_layer_is_sync(const ec_layer *l);

/** 1 when l is one of TensorRT's PointWise layers (type "PointWise",
 *  "PointWiseV2", ...): the kernels that fuse element-wise operations. */
int ec_layer_is_pointwise(const ec_layer *l);

/* ---- a type family from the name ---------------------------------------
 * Names-only layer information gives every layer the type "Unknown". Its
 * names still say what most layers are: the ONNX op of each " + " part
 * (Conv, MatMul/Gemm, Softmax, LayerNormalization, MaxPool, Relu, Add,
 * Reshape/Transpose, ...: the first the family list in layer_kind.c puts
 * first, so "/conv1/Conv + /act1/Relu" is a Convolution), TensorRT's own
 * names (Reformatting CopyNode, reshape_before_, PWN(...), "(Unnamed Layer*
 * 3) [Shuffle]", {ForeignNode[...]}), Myelin kernels through their decoded
 * ops (facts/kgen_ops.h: a LayerNorm, a softmax, a copy, a GEMM, else
 * kgen). Families are TREx type names where one exists. An inferred family
 * is for display only: it is always shown marked "(from name)" and never
 * feeds a TREx-agreement number (summary's by_type, the golden tests). */

/** The family the name tells (static: "Convolution", "MatrixMultiply",
 *  ...), or NULL when it tells nothing. */
const char *ec_name_type_family(const char *name);
/** l's family from its name when its type is unknown ("Unknown"), else
 *  NULL (a layer whose source gave a type keeps it). */
const char *ec_layer_type_inferred(const ec_layer *l);
/** The type every display of a layer shows: l->type when its source gave
 *  one (a Myelin LayerType with its family first: "Convolution (Myelin
 *  correlation)", "SoftMax (Myelin kgen)"), else its family from the name marked "Convolution (from name)"
 *  (static), else "Unknown". */
const char *ec_layer_shown_type(const ec_layer *l);
/** The family of a type, the one vocabulary of the names-only inference
 *  (TREx type names: "Convolution", "MatrixMultiply", ..., "kgen"): a
 *  TREx-normalised type that is a family, TensorRT 10/11's Myelin LayerTypes
 *  (correlation and conv_act_pool are Convolutions, gemm a MatrixMultiply,
 *  maxpool a Pooling, custom_layer Myelin's), or a shown type
 *  ("Convolution (from name)", "Convolution (Myelin correlation)").
 *  Static; NULL when the type names no family (NULL, "Unknown", "NonZero").
 *  Colours are a family's (view/colors.h). */
const char *ec_type_family(const char *type);
/** l's family: its type's (ec_type_family), a kgen layer's from its
 *  kernel's decoded ops when they tell one (a LayerNorm, a softmax, a GEMM,
 *  ...; else "kgen"), a names-only layer's from its name; NULL when none. */
const char *ec_layer_family(const ec_layer *l);
/** Every family, most telling first (static): *names gets the list. */
size_t ec_type_families(const char *const **names);
/** The tactic every display of a layer shows: its kernel name; the loader's
 *  placeholder "TensorRT" (no kernel name in the inputs) is not data: a
 *  tactic number the inputs give is shown with its runner, the layer's
 *  LayerType, leading zeros dropped ("PointWiseV2 0x1e", "CublasConvolution
 *  0x1"; without a LayerType "not available (tactic 0x...)"), else "not
 *  available"; written to buf (80 bytes are enough). */
const char *ec_layer_tactic_shown(const ec_layer *l, char *buf, size_t cap);
/** l's type as read from names, for the outputs that mark it so (layers
 *  --json/--csv "type_from_names", summary --json "types_from_names"):
 *  a names-only layer's family from its name (ec_layer_type_inferred), a
 *  Myelin kgen layer's kind from its kernel's decoded ops ("RMSNorm (Myelin
 *  kgen)", "PointWise (Myelin kgen)"; static); NULL when its source gave
 *  the type or the names tell nothing. Never a TREx number. */
const char *ec_layer_type_from_names(const ec_layer *l);
/** A shown type without its "(from name)" mark ("Convolution (from name)"
 *  -> "Convolution", static), or shown itself: for colours. */
const char *ec_type_unmarked(const char *shown);
/** 1 when shown carries the "(from name)" mark. */
int ec_type_is_inferred(const char *shown);

#define EC_PW_MAX_OPS 64
/** e's PointWise layers by the number of operations each lists: count[k]
 *  layers with k operations and their latency ms[k] (layers without a
 *  profile record add nothing), k = 0 when none are listed and
 *  EC_PW_MAX_OPS for that many or more. Returns the number of PointWise
 *  layers. The pointwise chart and table both read it. */
size_t ec_pointwise_ops(const ec_engine *e, size_t count[EC_PW_MAX_OPS + 1], double ms[EC_PW_MAX_OPS + 1]);

#endif
