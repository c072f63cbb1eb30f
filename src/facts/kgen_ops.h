/* kgen_ops — what a Myelin-generated kernel does, read from its name.
 *
 * TensorRT's Myelin backend names each kernel it generates after the ops it
 * fused: "__myl_" then the ops in CamelCase, then a hash or the layer
 * suffix: __myl_CastReshCast_0x5baf..., __myl_MoveMeanSubMulMeanAddSqrtDiv
 * MulMulAdd_myl98_0, __myl_TraResResAddCasMeaSubMulMeaAddSqrDivMulCasMulAdd
 * _myl56_11. Some builds spell ops with four letters (Resh, Tran, Mean,
 * Sqrt, Maxr: TensorRT 10.14 and 10.16 in the corpus), others with three
 * (Res, Tra, Mea, Sqr: TensorRT 10.4's __myl_Res flattens [1,256,6,6] to
 * [1,9216]); short ops are three letters either way (Add, Sub, Mul); a list
 * cut short ends in "Etc". ec_kgen_decode splits the name into tokens (an
 * upper-case letter and the lower-case letters and digits after it) and
 * looks each token up in one table (kgen_ops.c; docs/lint.md ("Findings") lists it):
 *
 *   moves data     Reshape (Resh, Res), Transpose (Tran, Tra), Move (Mov),
 *                  Copy (Cop), Concat (Conc, Con), Slice (Slic, Sli),
 *                  Gather (Gath, Gat), Scatter (Scat, Sca), Repeat (Repe,
 *                  Rep), Expand (Expa), Tile (Til), Pad, Split (Spli, Spl),
 *                  Squeeze (Sque, Squ), Unsqueeze (Unsq, Uns), Flatten (Flat,
 *                  Fla), Identity (Iden, Ide), Shuffle (Shuf, Shu),
 *                  Broadcast (Broa, Bro)
 *   converts data  Cast (Cas)
 *   arithmetic     everything else in the table: Add Sub Mul Div Pow Sqrt
 *                  Rsqrt Exp Log Erf Tanh Sigmoid Relu Gelu Silu Mean Sum Max
 *                  Min Maxr Minr Reduce Round Floor Ceil Abs Neg Reciprocal
 *                  Sin Cos TopK Fc Gemm Conv Softmax Norm Clip Where Select
 *                  Equal Less Greater And Or Not Mod Prod ArgMax Quantize
 *                  Dequantize Cumsum (with their 3- and 4-letter spellings)
 *
 * A token not in the table (such as "Grid") makes the kernel's work
 * unknown: it is never counted as data movement. Full spellings
 * ("Reshape", "Slice") are accepted too. Three-letter tokens that could
 * name two ops are read as the one Myelin generates: Res is Reshape (not
 * Resize), Con is Concat (convolutions are never kgen kernels), Sca is
 * Scatter (Myelin's in-place ScatterND). Pure, no I/O. */
#ifndef EC_KGEN_OPS_H
#define EC_KGEN_OPS_H
#include <stddef.h>

typedef enum { EC_KOP_MOVE = 1, EC_KOP_CONVERT, EC_KOP_MATH } ec_kop_class;

/* One row of the op table. */
typedef struct ec_kop {
  const char *name;       /* canonical op ("Reshape") */
  ec_kop_class cls;
  const char *spellings;  /* the tokens that mean it, space-separated ("Reshape Resh Res") */
} ec_kop;

#define EC_KGEN_MAX_OPS 48

typedef struct ec_kgen_ops {
  int present;            /* 1: a "__myl_" kernel name with at least one token */
  size_t n;               /* tokens decoded (at most EC_KGEN_MAX_OPS) */
  const ec_kop *op[EC_KGEN_MAX_OPS]; /* the table row of each token, NULL when unknown */
  size_t unknown;         /* tokens not in the table */
  int truncated;          /* the list ends in "Etc", or has more than EC_KGEN_MAX_OPS tokens */
} ec_kgen_ops;

/** Decode the op list of a Myelin kernel name (a tactic or a layer name
 *  starting with "__myl_"). present = 0 for any other name (NULL too). */
ec_kgen_ops ec_kgen_decode(const char *kernel);

/** 1 when every op of k moves or converts data (no arithmetic, no unknown
 *  token, the list complete). */
int ec_kgen_moves_only(const ec_kgen_ops *k);

/* Fusions recognised in an op list (bits). Cast and Reduce tokens are
 * skipped when matching, so "CasMeaSubMulMeaAddSqrDiv" is a LayerNorm:
 *   LayerNorm  Mean Sub (Mul|Pow) Mean Add then Sqrt Div or Rsqrt Mul
 *   Softmax    (Max|Maxr) Sub Exp Sum
 *   GELU       Erf, Gelu, or Tanh with Pow (the tanh approximation) */
enum { EC_FUSE_LAYERNORM = 1u, EC_FUSE_SOFTMAX = 2u, EC_FUSE_GELU = 4u, EC_FUSE_RMSNORM = 8u, EC_FUSE_REDUCE = 16u };
/* Also recognised (issue 39: a transformer's kgen layers left plain):
 *   RMSNorm    (Mul|Pow) Mean Add then Sqrt Div or Rsqrt Mul, not a LayerNorm
 *   REDUCE     a reduction (Mean, Sum, Maxr, Minr, Prod, ArgMax,
 *              Cumsum) that is neither norm nor softmax */

/** The EC_FUSE_* bits of k's op list (0 when none or not present). */
unsigned ec_kgen_fusions(const ec_kgen_ops *k);

/** The op table (for docs and tests); *n is set. */
const ec_kop *ec_kgen_table(size_t *n);

/** "moves", "converts" or "arithmetic". */
const char *ec_kop_class_name(ec_kop_class c);

#endif
