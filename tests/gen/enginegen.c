/* enginegen — writes the files trtexec (and TREx's scripts) would write for a
 * synthetic but realistic TensorRT engine. Used for enginecard's examples,
 * end-to-end tests, hostile-input tests and benchmarks.
 *
 * Why: the real files we may test against (../shared/corpus) are few, small
 * (≤ 170 layers) and may not be copied into the project. enginegen produces
 * engines of any size, deterministically (same options and --seed → same
 * bytes on the same platform), in the exact shapes real tools emit:
 *
 *   PREFIX.graph.json           trtexec --exportLayerInfo with
 *                               --profilingVerbosity=detailed (TensorRT 10
 *                               layout: {"Layers":[...],"Bindings":[...]},
 *                               trtexec's own pretty-printing and key order,
 *                               "StreamId" and "Metadata" on every layer)
 *   PREFIX.profile.json         trtexec --exportProfile ([{"count":N}, rows])
 *   PREFIX.timing.json          trtexec --exportTimes (one record/iteration)
 *   PREFIX.profile.metadata.json  TREx's parse of the profiling log
 *   PREFIX.build.metadata.json    TREx's parse of the build log
 *   PREFIX.profile.log          (--log) the trtexec console log of the
 *                               profiling run: banner, option sections,
 *                               === Device Information ===, trace averages,
 *                               === Performance summary ===, and the
 *                               --dumpProfile per-layer table
 *
 * What the engine looks like (--model):
 *   resnet   ResNet-50-like: 7x7 stem, max pool, 4 stages of bottleneck
 *            blocks (scaled to the requested layer count), global average
 *            pool, then a TensorRT 10 Myelin head (NoOp copy, shape_call,
 *            kgen reshape, gemm classifier).
 *   vit      ViT-like: patch-embedding convolution, then Myelin encoder
 *            layers as kgen/gemm kernels (LayerNorm kgen, QKV gemm, fused
 *            attention kgen "_gemm_mha_v2" or a collapsed "Myelin"
 *            {ForeignNode[...]} layer, output gemm + residual, FFN gemms).
 *   hybrid   (default) ResNet stages followed by transformer encoder layers
 *            (like R50+ViT), so every layer family appears.
 *   transformer  a TensorRT 10 decoder-only LLM shaped like a real
 *            1,309-layer engine (about 46% kgen, 34% gemm, 16% plugins):
 *            Myelin graphs of 4 decoder layers (shape_call, then kgen/gemm
 *            kernels, ended by an exit^bb^signal/wait layer), two
 *            "Correlation" PluginV2 layers per decoder layer on StreamId 1
 *            feeding the Myelin kernels, and 68 bindings (input_ids,
 *            position_ids, attention_mask read by every attention kernel,
 *            16 layers' KV caches in and out, logits).
 * Realism details: ONNX-scope names (/layer2/layer2.3/conv2/Conv,
 * /encoder/layer.3/attention/attention/MatMul); skip edges and fan-out
 * (residual adds fused into convolutions, or unfused PointWiseV2 layers);
 * reformat layers (about 10%) that appear where a producer's format differs
 * from what the consumer wants — Origin REFORMAT, or QDQ for QuantizeLinear
 * in INT8 QAT engines; convolutions with Kernel/Stride/Groups/OutMaps/
 * Weights/Bias and realistic tactic names (tensor-core xmma implicit-gemm
 * kernels, and some CUDA-core/cudnn ones that a linter should flag);
 * trtexec's long format strings ("Channel major FP16 format where channel %
 * 8 == 0", ...) on Cask layers and dtype strings ("Half", "Float", "Int8")
 * on kgen/gemm layers; Metadata "[ONNX Layer: ...]" entries joined with
 * \u001e (Cask) or \u001f (Myelin); Myelin constants (tensors with no
 * producer); a dynamic (-1) sequence dimension on attention tensors, and
 * -1 batch everywhere with --dynamic; INT8 is QAT with Q/DQ reformats and
 * mixed INT8/FP16/FP32 layers.
 *
 * Latency model: per layer, launch overhead + max(FLOPs / GPU peak,
 * bytes / GPU bandwidth), with ±jitter; GPU presets (a100, rtx3090, h100,
 * orin) set peaks, bandwidth, tactic prefixes (sm80/sm86/sm90/sm87) and the
 * device information. The profile sums the per-layer times; the timing
 * trace is about 0.9x that sum with noise and rare spikes, quantised like
 * CUDA events; the performance summary (7-value lists) is computed from
 * the trace exactly as trtexec does (percentile index max(n-1-int((1-p)n),0)).
 *
 * --hostile renames a few layers and tensors to strings that break naive
 * HTML, SVG/XML, DOT, CommonMark and template writers (script tags, "]]>",
 * "&", "\"}{", "[x](javascript:...)", "{{engine.name}}", control characters
 * written as \u0001-style escapes, right-to-left marks) plus one name of
 * 10,000 characters. The JSON stays valid: every string is escaped.
 *
 * Deterministic: one splitmix64 stream from --seed, no clock, no locale.
 * Self-contained C11, libc + libm only.
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------
 * Allocation and strings
 * ---------------------------------------------------------------------- */

/* Contract: malloc that never returns NULL (exits 2 on out-of-memory). */
static void *S_xmalloc(size_t n)
{
  void *p = malloc(n ? n : 1);
  if (!p) {
    fprintf(stderr, "enginegen: out of memory\n");
    exit(2);
  }
  return p;
}

/* Contract: realloc that never returns NULL (exits 2 on out-of-memory). */
static void *S_xrealloc(void *p, size_t n)
{
  void *q = realloc(p, n ? n : 1);
  if (!q) {
    fprintf(stderr, "enginegen: out of memory\n");
    exit(2);
  }
  return q;
}

/* Contract: printf into a new heap string; the caller frees it. */
static char *S_sprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static char *S_sprintf(const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  char *s = S_xmalloc((size_t)n + 1);
  va_start(ap, fmt);
  vsnprintf(s, (size_t)n + 1, fmt, ap);
  va_end(ap);
  return s;
}

/* Contract: heap copy of s; the caller frees it. */
static char *S_strdup(const char *s)
{
  size_t n = strlen(s);
  char *d = S_xmalloc(n + 1);
  memcpy(d, s, n + 1);
  return d;
}

/* ------------------------------------------------------------------------
 * Deterministic PRNG (splitmix64)
 * ---------------------------------------------------------------------- */

static uint64_t S_rng;

/* Contract: next 64 random bits of the global stream. */
static uint64_t S_next(void)
{
  uint64_t z = (S_rng += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

/* Contract: uniform double in [0, 1). */
static double S_unif(void) { return (double)(S_next() >> 11) * (1.0 / 9007199254740992.0); }

/* Contract: uniform double in [a, b). */
static double S_range(double a, double b) { return a + (b - a) * S_unif(); }

/* Contract: 1 with probability p, else 0. */
static int S_chance(double p) { return S_unif() < p; }

/* Contract: standard normal deviate (Box-Muller, one value per call). */
static double S_normal(void)
{
  double u1 = S_unif(), u2 = S_unif();
  if (u1 < 1e-300) u1 = 1e-300;
  return sqrt(-2.0 * log(u1)) * cos(6.283185307179586 * u2);
}

/* ------------------------------------------------------------------------
 * GPU presets
 * ---------------------------------------------------------------------- */

typedef struct {
  const char *key;      /* --gpu value */
  const char *name;     /* "Selected Device" */
  const char *cc;       /* compute capability */
  const char *sm;       /* tactic prefix */
  int sms;
  int mem_mib, smem_kib, bus_bits, ecc;
  const char *clk, *memclk; /* GHz, as trtexec prints */
  double tf_fp32, tf_fp16, tf_int8; /* effective dense TFLOP/s for conv/gemm */
  double bw_gbs;                    /* effective DRAM bandwidth */
  double launch_us;                 /* per-kernel overhead */
} S_gpu;

static const S_gpu S_GPUS[] = {
  {"a100", "NVIDIA A100 80GB PCIe", "8.0", "sm80", 108, 80994, 164, 5120, 1, "1.41", "1.512",
   60.0, 180.0, 330.0, 1700.0, 2.4},
  {"rtx3090", "NVIDIA GeForce RTX 3090", "8.6", "sm86", 82, 24259, 100, 384, 0, "1.695", "9.751",
   30.0, 65.0, 130.0, 850.0, 2.9},
  {"h100", "NVIDIA H100 PCIe", "9.0", "sm90", 114, 81081, 228, 5120, 1, "1.755", "1.593",
   110.0, 340.0, 620.0, 1900.0, 2.1},
  {"orin", "Orin", "8.7", "sm87", 16, 62841, 164, 256, 0, "1.3", "3.199",
   5.0, 20.0, 40.0, 180.0, 6.5},
};

/* ------------------------------------------------------------------------
 * Options
 * ---------------------------------------------------------------------- */

enum { P_FP32, P_FP16, P_INT8 };
enum { M_HYBRID, M_RESNET, M_VIT, M_TRANSFORMER };
/* --shape: a graph of one shape the models do not have (scale tests) */
enum { SH_NONE, SH_ISLANDS, SH_REFORMATS, SH_BINDINGS, SH_NAMES, SH_DEEP, SH_WIDE };

typedef struct {
  const char *out;
  long layers;
  int prec;
  int model;
  const S_gpu *gpu;
  long iterations;
  double missing_pct;
  uint64_t seed;
  int hostile, log, only_log, no_timing, no_meta, no_profile, dynamic, transfers;
  long batch;
  int trt_major, trt_minor, trt_patch;
  double slow_pct, ar, warmup_pct; /* --slow, --ar, --warmup-pct (0: off) */
  long warmup;                     /* --warmup N iterations */
  double levels_len, levels_pct;   /* --levels L:PCT (0: off) */
  long outlier_at[16];             /* --outlier K:F (repeatable): iteration K (0-based) ... */
  double outlier_f[16];            /* ... times F */
  int n_outliers;
  long zero_at[16];                /* --zero K (repeatable): iteration K's times are 0 */
  int n_zeros;
  uint64_t run_seed;               /* --run-seed S: the timing trace's own stream (0: the engine's) */
  int shape;                       /* --shape (SH_NONE: the model as built) */
} S_opts;

/* ------------------------------------------------------------------------
 * The network model
 * ---------------------------------------------------------------------- */

typedef struct {
  char *name;
  int nd;
  long d[4];
  unsigned dyn;         /* bit i set: dimension i is printed as -1 */
  const char *fmt;      /* "Format/Datatype" value (static string) */
  double esize;         /* bytes per element */
  int binding;          /* 1: listed in "Bindings" */
} S_tensor;

enum { L_CONV, L_POOL, L_REFORMAT, L_PW, L_NOOP, L_SHAPECALL, L_KGEN, L_GEMM, L_MYELIN, L_PLUGIN, L_SIGNAL };

typedef struct {
  int kind;
  const char *ltype;
  char *name;
  int in[6], nin;
  int out[3], nout;
  int kr, stride, pad, outmaps, groups; /* conv and pool */
  long wcount, bcount;
  const char *wtype, *btype, *act, *pooltype;
  int has_res;
  const char *origin; /* reformat */
  int pw_relu;        /* pointwise: 1 = add + relu, 0 = add */
  char *tactic;       /* NULL: no "TacticName" key */
  uint64_t tacval;
  int has_tacval;
  char *meta;         /* raw bytes; \x1e / \x1f separators */
  double ms;          /* modelled average latency */
  int stream;         /* StreamId (plugins of the transformer run on stream 1) */
} S_layer;

typedef struct {
  const S_opts *o;
  S_layer *l;
  size_t nl, capl;
  S_tensor *t;
  size_t nt, capt;
  int myl;      /* current Myelin graph id */
  int myl_idx;  /* kernel index within it */
  int mye;      /* running __mye number */
  int bb;       /* running __myln_k_arg__bb1_ number */
  int conv_alt; /* counter for CUDA-core tactic choice */
  double p_alt; /* probability that a conv picks a different output format */
} S_net;

/* Contract: free every string and array owned by n; n is empty afterwards. */
static void S_net_free(S_net *n)
{
  for (size_t i = 0; i < n->nl; i++) {
    free(n->l[i].name);
    free(n->l[i].tactic);
    free(n->l[i].meta);
  }
  for (size_t i = 0; i < n->nt; i++) free(n->t[i].name);
  free(n->l);
  free(n->t);
  memset(n, 0, sizeof *n);
}

/* Contract: append a tensor (takes ownership of name); returns its index. */
static int S_tensor_new(S_net *n, char *name, int nd, const long *d, const char *fmt, double esize)
{
  long dd[4] = {0, 0, 0, 0};
  for (int i = 0; i < nd && i < 4; i++) dd[i] = d[i]; /* d may point into n->t */
  d = dd;
  if (n->nt == n->capt) {
    n->capt = n->capt ? n->capt * 2 : 256;
    n->t = S_xrealloc(n->t, n->capt * sizeof *n->t);
  }
  S_tensor *t = &n->t[n->nt];
  memset(t, 0, sizeof *t);
  t->name = name;
  t->nd = nd;
  for (int i = 0; i < nd; i++) t->d[i] = d[i];
  t->fmt = fmt;
  t->esize = esize;
  if (n->o->dynamic) t->dyn |= 1u;
  return (int)n->nt++;
}

/* Contract: append a zeroed layer (takes ownership of name); returns it.
 * The pointer is valid until the next S_layer_new. */
static S_layer *S_layer_new(S_net *n, int kind, const char *ltype, char *name)
{
  if (n->nl == n->capl) {
    n->capl = n->capl ? n->capl * 2 : 256;
    n->l = S_xrealloc(n->l, n->capl * sizeof *n->l);
  }
  S_layer *l = &n->l[n->nl++];
  memset(l, 0, sizeof *l);
  l->kind = kind;
  l->ltype = ltype;
  l->name = name;
  return l;
}

/* Contract: number of elements of tensor t (true sizes; -1 is not applied). */
static double S_vol(const S_tensor *t)
{
  double v = 1;
  for (int i = 0; i < t->nd; i++) v *= (double)t->d[i];
  return v;
}

/* Contract: data type of a format string: P_INT8, P_FP16 or P_FP32. */
static int S_fmt_prec(const char *f)
{
  if (strstr(f, "Int8") || strstr(f, "INT8")) return P_INT8;
  if (strstr(f, "FP16") || !strcmp(f, "Half")) return P_FP16;
  return P_FP32;
}

/* Contract: bytes per element of a format string. */
static double S_fmt_esize(const char *f)
{
  switch (S_fmt_prec(f)) {
  case P_INT8: return 1;
  case P_FP16: return 2;
  default: return 4;
  }
}

/* Contract: the format Cask convolutions use for activations at prec. */
static const char *S_cnn_fmt(int prec)
{
  switch (prec) {
  case P_FP16: return "Channel major FP16 format where channel % 8 == 0";
  case P_INT8: return "Thirty-two wide channel vectorized row major Int8 format";
  default: return "Row major linear FP32";
  }
}

/* Contract: a random alternative output format a tactic may choose at prec
 * (INT8 convolutions "choose" an FP16 output: a quantized conv with float
 * output, as in QAT engines without a following Q/DQ). */
static const char *S_alt_fmt(int prec)
{
  static const char *fp16[] = {"Row major linear FP16 format", "Channel major FP16 format where channel % 16 == 0",
                               "Thirty-two wide channel vectorized row major FP16 format"};
  switch (prec) {
  case P_FP16: return fp16[S_next() % 3];
  case P_INT8: return S_chance(0.7) ? "Channel major FP16 format where channel % 8 == 0"
                                    : "Channel major INT8 format where channel % 16 == 0";
  default: return "Channel major FP32 format where channel % 4 == 0";
  }
}

/* Contract: kgen/gemm dtype string for activations at prec. */
static const char *S_kdt(int prec) { return prec == P_FP32 ? "Float" : "Half"; }

/* Contract: peak TFLOP/s of the preset for math at prec. */
static double S_peak(const S_gpu *g, int prec)
{
  return prec == P_INT8 ? g->tf_int8 : prec == P_FP16 ? g->tf_fp16 : g->tf_fp32;
}

/* Contract: set l->ms from its FLOPs (flops), the bytes of its activations
 * and extra bytes (weights), on the preset GPU at math precision prec;
 * slow > 1 models a slower (CUDA-core) kernel. Consumes random numbers. */
static void S_cost(S_net *n, S_layer *l, double flops, double extra_bytes, int prec, double slow)
{
  const S_gpu *g = n->o->gpu;
  double bytes = extra_bytes;
  for (int i = 0; i < l->nin; i++) bytes += S_vol(&n->t[l->in[i]]) * n->t[l->in[i]].esize;
  for (int i = 0; i < l->nout; i++) bytes += S_vol(&n->t[l->out[i]]) * n->t[l->out[i]].esize;
  double tc = flops / (S_peak(g, prec) * 1e9) * slow;
  double tm = bytes / (g->bw_gbs * 1e6);
  l->ms = (g->launch_us * 1e-3 + (tc > tm ? tc : tm)) * S_range(0.9, 1.25);
}

/* Contract: a random 64-bit tactic value. */
static uint64_t S_tacval(void) { return S_next(); }

/* Contract: a random 128-bit kernel hash as 32 hex digits in a new string. */
static char *S_hash128(void)
{
  uint64_t a = S_next(), b = S_next();
  return S_sprintf("%016llx%016llx", (unsigned long long)a, (unsigned long long)b);
}

/* ------------------------------------------------------------------------
 * Cask (non-Myelin) layers
 * ---------------------------------------------------------------------- */

/* Contract: return a tensor holding t in format want for input slot j of the
 * consumer named consumer. If t already has that format, t itself;
 * otherwise a Reformat layer is emitted (Origin QDQ named qdq when the data
 * type changes to or from INT8 in an INT8 engine and qdq is given; Origin
 * REFORMAT "Reformatting CopyNode ..." otherwise). */
static int S_reformat(S_net *n, int t, const char *want, int j, const char *consumer, const char *qdq)
{
  if (!strcmp(n->t[t].fmt, want)) return t;
  int from = S_fmt_prec(n->t[t].fmt), to = S_fmt_prec(want);
  int is_qdq = n->o->prec == P_INT8 && qdq && from != to && (from == P_INT8 || to == P_INT8);
  char *name, *tname, *meta;
  if (is_qdq) {
    const char *op = to == P_INT8 ? "QuantizeLinear" : "DequantizeLinear";
    name = S_sprintf("%s/%s", qdq, op);
    tname = S_sprintf("%s/%s_output_0", qdq, op);
    meta = S_sprintf("[ONNX Layer: %s/%s]", qdq, op);
  } else {
    name = S_sprintf("Reformatting CopyNode for Input Tensor %d to %s", j, consumer);
    tname = S_sprintf("Reformatted Input Tensor %d to %s", j, consumer);
    meta = S_strdup("");
  }
  int o = S_tensor_new(n, tname, n->t[t].nd, n->t[t].d, want, S_fmt_esize(want));
  n->t[o].dyn = n->t[t].dyn;
  S_layer *l = S_layer_new(n, L_REFORMAT, "Reformat", name);
  l->in[l->nin++] = t;
  l->out[l->nout++] = o;
  l->origin = is_qdq ? "QDQ" : "REFORMAT";
  l->tacval = is_qdq ? 0 : (S_next() & 0x3ff);
  l->has_tacval = 1;
  l->meta = meta;
  S_cost(n, l, 0, 0, P_FP32, 1);
  return o;
}

/* Contract: tactic name for a convolution (new string): tensor-core xmma
 * implicit-gemm kernels mostly; every ~17th one a CUDA-core or cudnn kernel.
 * *slow is set to the relative slowness of the chosen kernel. */
static char *S_conv_tactic(S_net *n, int k, int prec, double *slow)
{
  const char *sm = n->o->gpu->sm;
  static const char *tiles[] = {"128x128x32_stage4_warpsize2x2x1", "128x64x32_stage5_warpsize2x2x1",
                                "64x64x64_stage4_warpsize2x1x2", "128x32x64_stage3_warpsize4x1x1",
                                "256x64x32_stage3_warpsize4x1x1"};
  const char *tile = tiles[S_next() % 5];
  *slow = 1;
  if (++n->conv_alt % 17 == 0) {
    *slow = 3.5;
    if (prec == P_FP32)
      return S_sprintf("sm50_xmma_conv_fprop_fused_conv_act_fp32_NCHW_fp32_NCHW_KCRS_fp32_fp32_fp32_Accfloat_1_1_cC1_dC1_"
                       "srcVec1_fltVec1_1_TP3_TQ4_C8_R%d_S%d_U1_V1", k, k);
    if (prec == P_FP16) return S_strdup("ampere_fp16_scudnn_fp16_128x64_relu_medium_nn_v1");
    return S_strdup("ampere_int8x4_icudnn_int8x4_128x64_relu_small_nn_v1");
  }
  char rs[24] = "";
  if (k > 1) snprintf(rs, sizeof rs, "_t1r%ds%d", k, k);
  switch (prec) {
  case P_FP16:
    return S_sprintf("%s_xmma_fprop_implicit_gemm_f16f16_f16f16_f16_nhwckrsc_nhwc_tilesize%s_g1_tensor16x8x16%s_aligna8_alignc8",
                     sm, tile, rs);
  case P_INT8:
    return S_sprintf("%s_xmma_fprop_implicit_gemm_interleaved_i8i8_i8i32_f32_nchw_vect_c_32kcrs_vect_c_32_nchw_vect_c_32_"
                     "tilesize%s_g1_tensor16x8x32%s",
                     sm, tile, rs);
  default:
    if (S_chance(0.2)) return S_strdup("ampere_scudnn_128x64_relu_xregs_large_nn_v1");
    return S_sprintf("%s_xmma_fprop_implicit_gemm_tf32f32_tf32f32_f32_nhwckrsc_nchw_tilesize%s_g1_tensor16x8x8%s",
                     sm, tile, rs);
  }
}

/* Contract: emit a (fused) convolution and return its output tensor.
 * scope "/layer1/layer1.0", dotted "layer1.0" (weight name in INT8), cname
 * "conv1", relu "relu" or NULL, res the residual tensor fused as "Add" or
 * -1, K output maps, k kernel size, s stride, want_in the input format the
 * tactic wants (reformats are inserted when the producer differs). */
static int S_conv(S_net *n, const char *scope, const char *dotted, const char *cname, const char *relu, int in,
                  int res, int K, int k, int s, const char *want_in)
{
  int prec = n->o->prec;
  char *wname = prec == P_INT8 ? S_sprintf("%s%s%s.weight + %s/%s/weight_quantizer/QuantizeLinear + ", dotted,
                                           *dotted ? "." : "", cname, scope, cname)
                               : S_strdup("");
  char *add = res >= 0 ? S_sprintf(" + %s/Add", scope) : S_strdup("");
  char *rl = relu ? S_sprintf(" + %s/%s/Relu", scope, relu) : S_strdup("");
  char *name = S_sprintf("%s%s/%s/Conv%s%s", wname, scope, cname, add, rl);
  char *meta = S_sprintf("[ONNX Layer: %s/%s/Conv]", scope, cname);
  if (res >= 0) {
    char *m2 = S_sprintf("%s\x1e[ONNX Layer: %s/Add]", meta, scope);
    free(meta);
    meta = m2;
  }
  if (relu) {
    char *m2 = S_sprintf("%s\x1e[ONNX Layer: %s/%s/Relu]", meta, scope, relu);
    free(meta);
    meta = m2;
  }
  free(wname);
  free(add);
  free(rl);

  char *qscope = S_sprintf("%s/%s/input_quantizer", scope, cname);
  int x = S_reformat(n, in, want_in, 0, name, qscope);
  free(qscope);
  const char *ofmt = S_chance(n->p_alt) ? S_alt_fmt(prec) : S_cnn_fmt(prec);
  int r = res >= 0 ? S_reformat(n, res, ofmt, 1, name, NULL) : -1;

  long N0 = n->t[x].d[0], C = n->t[x].d[1], H = n->t[x].d[2], W = n->t[x].d[3];
  unsigned xdyn = n->t[x].dyn;
  int pad = k % 2 ? k / 2 : 0;
  long P = (H + 2 * pad - k) / s + 1, Q = (W + 2 * pad - k) / s + 1;
  long od[4] = {N0, K, P, Q};
  char *oname = relu ? S_sprintf("%s/%s/Relu_output_0", scope, relu)
                     : res >= 0 ? S_sprintf("%s/Add_output_0", scope) : S_sprintf("%s/%s/Conv_output_0", scope, cname);
  int o = S_tensor_new(n, oname, 4, od, ofmt, S_fmt_esize(ofmt));
  n->t[o].dyn = xdyn;

  double slow;
  int mathp = prec == P_FP32 ? P_FP32 : S_fmt_prec(n->t[x].fmt);
  char *tactic = S_conv_tactic(n, k, mathp, &slow);
  S_layer *l = S_layer_new(n, L_CONV, "CaskConvolution", name);
  l->in[l->nin++] = x;
  if (r >= 0) l->in[l->nin++] = r;
  l->out[l->nout++] = o;
  l->kr = k;
  l->stride = s;
  l->pad = pad;
  l->outmaps = (int)K;
  l->groups = 1;
  l->wcount = K * C * k * k;
  l->bcount = K;
  l->wtype = prec == P_INT8 ? "Int8" : prec == P_FP16 ? "Half" : "Float";
  l->btype = prec == P_FP16 ? "Half" : "Float";
  l->act = relu ? "RELU" : "NONE";
  l->has_res = r >= 0;
  l->tactic = tactic;
  l->tacval = S_tacval();
  l->has_tacval = 1;
  l->meta = meta;
  double macs = (double)od[0] * K * P * Q * C * k * k;
  S_cost(n, l, 2 * macs, (double)l->wcount * (prec == P_INT8 ? 1 : prec == P_FP16 ? 2 : 4), mathp, slow);
  return o;
}

/* Contract: emit a pooling layer (MAX 3x3/2 or global AVERAGE); returns
 * its output tensor. */
static int S_pool(S_net *n, const char *name, int in, int global)
{
  int prec = n->o->prec;
  S_tensor xt = n->t[in];
  int k = global ? (int)xt.d[2] : 3, s = global ? 1 : 2, pad = global ? 0 : 1;
  long P = (xt.d[2] + 2 * pad - k) / s + 1, Q = (xt.d[3] + 2 * pad - k) / s + 1;
  long od[4] = {xt.d[0], xt.d[1], P, Q};
  int o = S_tensor_new(n, S_sprintf("%s_output_0", name), 4, od, xt.fmt, xt.esize);
  n->t[o].dyn = xt.dyn;
  S_layer *l = S_layer_new(n, L_POOL, "CaskPooling", S_strdup(name));
  l->in[l->nin++] = in;
  l->out[l->nout++] = o;
  l->kr = k;
  l->stride = s;
  l->pad = pad;
  l->pooltype = global ? "AVERAGE" : "MAX";
  const char *dt = prec == P_INT8 ? "Int8Int8NC32HW32" : prec == P_FP16 ? "FP16FP32NHWC" : "FP32NCHW";
  l->tactic = global ? S_sprintf("sm50_xmma_pooling_fw_4d_%s_Average_FastDiv_CAlign4", dt)
                     : S_sprintf("sm50_xmma_pooling_max_nhwc_%s_WINDOWSIZE_3_NOT_PROPAGATE_NAN_2D", dt);
  l->tacval = S_tacval();
  l->has_tacval = 1;
  l->meta = S_sprintf("[ONNX Layer: %s]", name);
  S_cost(n, l, S_vol(&n->t[o]) * k * k, 0, P_FP32, 1);
  return o;
}

/* Contract: emit an unfused residual add (+ relu) as a PointWiseV2 layer;
 * returns its output tensor. */
static int S_pointwise(S_net *n, const char *scope, const char *relu, int a, int b)
{
  char *name = relu ? S_sprintf("PWN(%s/Add, %s/%s/Relu)", scope, scope, relu) : S_sprintf("PWN(%s/Add)", scope);
  int bb = S_reformat(n, b, n->t[a].fmt, 1, name, NULL);
  S_tensor at = n->t[a];
  char *oname = relu ? S_sprintf("%s/%s/Relu_output_0", scope, relu) : S_sprintf("%s/Add_output_0", scope);
  int o = S_tensor_new(n, oname, at.nd, at.d, at.fmt, at.esize);
  n->t[o].dyn = at.dyn;
  S_layer *l = S_layer_new(n, L_PW, "PointWiseV2", name);
  l->in[l->nin++] = a;
  l->in[l->nin++] = bb;
  l->out[l->nout++] = o;
  l->pw_relu = relu != NULL;
  l->tacval = 0x1c + (S_next() & 0x7);
  l->has_tacval = 1;
  l->meta = relu ? S_sprintf("[ONNX Layer: %s/Add]\x1e[ONNX Layer: %s/%s/Relu]", scope, scope, relu)
                 : S_sprintf("[ONNX Layer: %s/Add]", scope);
  S_cost(n, l, S_vol(&n->t[o]) * 2, 0, P_FP32, 1);
  return o;
}

/* Contract: emit a ResNet bottleneck block (stage st, block b, mid channels
 * m, output channels K, first-block stride s); returns its output. The
 * block input fans out to conv1 and to the skip (downsample or identity). */
static int S_bottleneck(S_net *n, int st, int b, int x, int m, int K, int s)
{
  char scope[64], dotted[32];
  snprintf(scope, sizeof scope, "/layer%d/layer%d.%d", st, st, b);
  snprintf(dotted, sizeof dotted, "layer%d.%d", st, b);
  const char *f = S_cnn_fmt(n->o->prec);
  int h = S_conv(n, scope, dotted, "conv1", "relu", x, -1, m, 1, 1, f);
  h = S_conv(n, scope, dotted, "conv2", "relu_1", h, -1, m, 3, b == 0 ? s : 1, f);
  int skip = x;
  if (b == 0) skip = S_conv(n, scope, dotted, "downsample/downsample.0", NULL, x, -1, K, 1, s, f);
  if (S_chance(0.2)) {
    h = S_conv(n, scope, dotted, "conv3", NULL, h, -1, K, 1, 1, f);
    return S_pointwise(n, scope, "relu_2", h, skip);
  }
  return S_conv(n, scope, dotted, "conv3", "relu_2", h, skip, K, 1, 1, f);
}

/* Contract: emit a NoOp copy named after the Myelin graph it feeds (like
 * TensorRT 10's "Reformatting CopyNode for Input Tensor 0 to
 * {ForeignNode[...]}" NoOp); returns the copied tensor in format fmt. */
static int S_noop(S_net *n, int in, const char *foreign, const char *fmt)
{
  S_tensor it = n->t[in];
  int o = S_tensor_new(n, S_sprintf("Reformatted Input Tensor 0 to %s", foreign), it.nd, it.d, fmt,
                       S_fmt_esize(fmt));
  n->t[o].dyn = it.dyn;
  S_layer *l = S_layer_new(n, L_NOOP, "NoOp", S_sprintf("Reformatting CopyNode for Input Tensor 0 to %s", foreign));
  l->in[l->nin++] = in;
  l->out[l->nout++] = o;
  l->tacval = 0;
  l->has_tacval = 1;
  l->meta = S_strdup("");
  l->ms = 0;
  return o;
}

/* ------------------------------------------------------------------------
 * Myelin (kgen / gemm) layers
 * ---------------------------------------------------------------------- */

/* Contract: start a new Myelin graph: emits its dummy shape_call layer. */
static void S_myelin_begin(S_net *n)
{
  n->myl++;
  n->myl_idx = 0;
  n->mye += 17 + (int)(S_next() % 40);
  S_layer *l = S_layer_new(n, L_SHAPECALL, "shape_call",
                           S_sprintf("dummy_shape_call__mye%d_0_myl%d_%d", n->mye, n->myl, n->myl_idx++));
  l->tactic = S_strdup("");
  l->meta = S_strdup("");
  l->ms = n->o->gpu->launch_us * 1e-3 * S_range(0.5, 0.8);
}

/* Contract: a new Myelin-internal tensor of dtype dt and dims d (nd). */
static int S_ktensor(S_net *n, int nd, const long *d, const char *dt)
{
  return S_tensor_new(n, S_sprintf("__myln_k_arg__bb1_%d_myl%d", ++n->bb, n->myl), nd, d, dt, S_fmt_esize(dt));
}

/* Contract: a new Myelin constant (weights: no producer) of dims k x m. */
static int S_kconst(S_net *n, long k, long m, const char *dt)
{
  long d[2] = {k, m};
  n->mye += 1 + (int)(S_next() % 5);
  return S_tensor_new(n, S_sprintf("__mye%d_dconst", n->mye), 2, d, dt, S_fmt_esize(dt));
}

/* Contract: emit a kgen kernel named __myl_<ops> (ops like "ReduMeanSub")
 * reading ins, writing out; metadata lists the given ONNX layer names
 * (NULL-terminated array) joined with \x1f. */
static S_layer *S_kgen(S_net *n, const char *ops, const int *ins, int nin, int out, const char *const *onnx,
                       double flops)
{
  S_layer *l = S_layer_new(n, L_KGEN, "kgen", S_sprintf("__myl_%s_myl%d_%d", ops, n->myl, n->myl_idx++));
  for (int i = 0; i < nin; i++) l->in[l->nin++] = ins[i];
  l->out[l->nout++] = out;
  char *h = S_hash128();
  l->tactic = S_sprintf("__myl_%s_0x%s", ops, h);
  free(h);
  size_t cap = 1, len = 0;
  for (int i = 0; onnx && onnx[i]; i++) cap += strlen(onnx[i]) + 16;
  char *m = S_xmalloc(cap);
  m[0] = 0;
  for (int i = 0; onnx && onnx[i]; i++)
    len += (size_t)sprintf(m + len, "%s[ONNX Layer: %s]", i ? "\x1f" : "", onnx[i]);
  l->meta = m;
  S_cost(n, l, flops, 0, P_FP16, 1);
  return l;
}

/* Contract: emit a gemm layer named "<onnx0>_myl<g>_<i>" computing
 * act[B,S,K] x W[K,M] (+bias, + residual res if >= 0) into a new tensor
 * of dtype odt named oname; returns the output tensor. */
static int S_gemm(S_net *n, const char *onnx_gemm, const char *const *onnx, int act, long M, int res,
                  const char *wdt, const char *odt, char *oname)
{
  const int and_ = n->t[act].nd;
  long Bt = n->t[act].d[0], S = and_ == 3 ? n->t[act].d[1] : 1, K = n->t[act].d[and_ - 1];
  int w = S_kconst(n, K, M, wdt);
  long od[3] = {Bt, S, M};
  int o;
  if (and_ == 3) o = S_tensor_new(n, oname, 3, od, odt, S_fmt_esize(odt));
  else {
    long od2[2] = {Bt, M};
    o = S_tensor_new(n, oname, 2, od2, odt, S_fmt_esize(odt));
  }
  n->t[o].dyn = n->t[act].dyn & 1u;
  S_layer *l = S_layer_new(n, L_GEMM, "gemm", S_sprintf("%s_myl%d_%d", onnx_gemm, n->myl, n->myl_idx++));
  l->in[l->nin++] = act;
  l->in[l->nin++] = w;
  if (res >= 0) l->in[l->nin++] = res;
  l->out[l->nout++] = o;
  int prec = S_fmt_prec(n->t[act].fmt);
  const char *sm = n->o->gpu->sm;
  static const char *tiles[] = {"128x128x32_stage4_warpsize2x2x1", "128x256x64_stage3_warpsize2x4x1",
                                "64x128x64_stage5_warpsize2x2x1", "256x128x32_stage3_warpsize4x2x1"};
  const char *tile = tiles[S_next() % 4];
  if (Bt * S <= 8)
    l->tactic = S_sprintf("sm50_xmma_cublas_gemvx_%s_f32_f32_tn_n_int32_unit_n_launch_param4x32x32_strided_unit_stride",
                          prec == P_FP32 ? "f32f32" : "f16f16");
  else if (prec == P_INT8)
    l->tactic = S_sprintf("%s_xmma_gemm_i8i8_i8i32_f32_tn_n_tilesize%s_tensor16x8x32", sm, tile);
  else if (prec == P_FP16)
    l->tactic = S_sprintf("%s_xmma_gemm_f16f16_f16f32_f32_tn_n_tilesize%s_tensor16x8x16", sm, tile);
  else
    l->tactic = S_sprintf("%s_xmma_gemm_tf32f32_tf32f32_f32_tn_n_tilesize%s_tensor16x8x8", sm, tile);
  size_t cap = 1, len = 0;
  for (int i = 0; onnx[i]; i++) cap += strlen(onnx[i]) + 16;
  char *m = S_xmalloc(cap);
  m[0] = 0;
  for (int i = 0; onnx[i]; i++) len += (size_t)sprintf(m + len, "%s[ONNX Layer: %s]", i ? "\x1f" : "", onnx[i]);
  l->meta = m;
  double flops = 2.0 * (double)Bt * S * K * M;
  S_cost(n, l, flops, (double)K * M * S_fmt_esize(wdt), n->o->prec == P_FP32 ? P_FP32 : prec, 1.15);
  return o;
}

/* Contract: emit one transformer encoder layer k on x [B,S,H] inside the
 * current Myelin graph; returns its output. 7-8 layers: LayerNorm kgen,
 * QKV gemm, attention (kgen _gemm_mha_v2 or a collapsed Myelin layer with a
 * dynamic sequence dimension), output gemm + residual, LayerNorm kgen,
 * FFN gemm (+ GELU kgen), FFN gemm + residual. */
static int S_encoder(S_net *n, int k, int x)
{
  int prec = n->o->prec;
  const char *dt = S_kdt(prec);
  const char *qdt = prec == P_INT8 ? "Int8" : dt;
  const S_tensor *xt = &n->t[x];
  long B = xt->d[0], S = xt->d[1], H = xt->d[2], F = 4 * H;
  unsigned dyn = xt->dyn;
  char p[48], a[160], b[160], c[160], d[160], e[160], f[160], g[160], h[160], i2[160], j[160];
  snprintf(p, sizeof p, "/encoder/layer.%d", k);
  long dh[3] = {B, S, H};

  /* LayerNorm 1 (quantizing in INT8 engines) */
  snprintf(a, sizeof a, "%s/layernorm_before/ReduceMean", p);
  snprintf(b, sizeof b, "%s/layernorm_before/Sub", p);
  snprintf(c, sizeof c, "%s/layernorm_before/Pow", p);
  snprintf(d, sizeof d, "%s/layernorm_before/ReduceMean_1", p);
  snprintf(e, sizeof e, "%s/layernorm_before/Add", p);
  snprintf(f, sizeof f, "%s/layernorm_before/Sqrt", p);
  snprintf(g, sizeof g, "%s/layernorm_before/Div", p);
  snprintf(h, sizeof h, "%s/layernorm_before/Mul", p);
  snprintf(i2, sizeof i2, "%s/layernorm_before/Add_1", p);
  snprintf(j, sizeof j, "%s/attention/attention/query/input_quantizer/QuantizeLinear", p);
  const char *ln1[] = {a, b, g, i2, prec == P_INT8 ? j : NULL, NULL};
  int t1 = S_ktensor(n, 3, dh, qdt);
  n->t[t1].dyn = dyn;
  S_kgen(n, prec == P_INT8 ? "ReduMeanSubPowReduMeanAddSqrtDivMulAddQuan" : "ReduMeanSubPowReduMeanAddSqrtDivMulAdd",
         &x, 1, t1, ln1, 8 * B * S * H);

  /* QKV projection */
  snprintf(a, sizeof a, "%s/attention/attention/query/MatMul", p);
  snprintf(b, sizeof b, "%s/attention/attention/key/MatMul", p);
  snprintf(c, sizeof c, "%s/attention/attention/value/MatMul", p);
  snprintf(d, sizeof d, "%s/attention/attention/query/Add", p);
  const char *qkv_on[] = {a, b, c, d, NULL};
  int qkv = S_gemm(n, a, qkv_on, t1, 3 * H, -1, qdt, dt, S_sprintf("%s/attention/attention/qkv_output_0'.1_%d", p, n->myl_idx));
  n->t[qkv].dyn = dyn | 2u;

  /* attention core: fused MHA kernel, or (every 4th layer) a collapsed
   * Myelin layer as TensorRT 8.6 reports it */
  snprintf(a, sizeof a, "%s/attention/attention/MatMul", p);
  snprintf(b, sizeof b, "%s/attention/attention/Div", p);
  snprintf(c, sizeof c, "%s/attention/attention/Softmax", p);
  snprintf(d, sizeof d, "%s/attention/attention/MatMul_1", p);
  int ctx = S_ktensor(n, 3, dh, dt);
  n->t[ctx].dyn = dyn | 2u;
  double mha_flops = 4.0 * B * S * S * H;
  if (k % 4 == 3) {
    S_layer *l = S_layer_new(n, L_MYELIN, "Myelin", S_sprintf("{ForeignNode[%s...%s]}", a, d));
    l->in[l->nin++] = qkv;
    l->out[l->nout++] = ctx;
    l->tacval = 0;
    l->has_tacval = 1;
    l->meta = S_sprintf("[ONNX Layer: %s]\x1f[ONNX Layer: %s]\x1f[ONNX Layer: %s]\x1f[ONNX Layer: %s]", a, b, c, d);
    S_cost(n, l, mha_flops, 0, P_FP16, 1.3);
  } else {
    S_layer *l = S_layer_new(n, L_KGEN, "kgen", S_sprintf("_gemm_mha_v2_myl%d_%d", n->myl, n->myl_idx++));
    l->in[l->nin++] = qkv;
    l->out[l->nout++] = ctx;
    char *hs = S_hash128();
    l->tactic = S_sprintf("_gemm_mha_v2_0x%s", hs);
    free(hs);
    l->meta = S_sprintf("[ONNX Layer: %s]\x1f[ONNX Layer: %s]\x1f[ONNX Layer: %s]\x1f[ONNX Layer: %s]", a, b, c, d);
    S_cost(n, l, mha_flops, 0, prec == P_FP32 ? P_FP32 : P_FP16, 1.1);
  }

  /* attention output projection + residual (skip edge from x) */
  snprintf(a, sizeof a, "%s/attention/output/dense/MatMul", p);
  snprintf(b, sizeof b, "%s/attention/output/dense/Add", p);
  snprintf(c, sizeof c, "%s/Add", p);
  const char *o_on[] = {a, b, c, NULL};
  int y1 = S_gemm(n, a, o_on, ctx, H, x, dt, dt, S_sprintf("%s/Add_output_0'.1_%d", p, n->myl_idx));
  n->t[y1].dyn = dyn;

  /* LayerNorm 2 */
  snprintf(a, sizeof a, "%s/layernorm_after/ReduceMean", p);
  snprintf(b, sizeof b, "%s/layernorm_after/Sub", p);
  snprintf(c, sizeof c, "%s/layernorm_after/Div", p);
  snprintf(d, sizeof d, "%s/layernorm_after/Add_1", p);
  const char *ln2[] = {a, c, d, NULL};
  int t2 = S_ktensor(n, 3, dh, qdt);
  n->t[t2].dyn = dyn;
  S_kgen(n, "ReduMeanSubPowReduMeanAddSqrtDivMulAdd", &y1, 1, t2, ln2, 8 * B * S * H);

  /* FFN */
  snprintf(a, sizeof a, "%s/intermediate/dense/MatMul", p);
  snprintf(b, sizeof b, "%s/intermediate/dense/Add", p);
  snprintf(c, sizeof c, "%s/intermediate/intermediate_act_fn/Erf", p);
  snprintf(d, sizeof d, "%s/intermediate/intermediate_act_fn/Mul_1", p);
  int gelu_apart = S_chance(0.3);
  const char *f1_on[] = {a, b, gelu_apart ? NULL : c, d, NULL};
  int f1 = S_gemm(n, a, f1_on, t2, F, -1, qdt, gelu_apart ? dt : qdt,
                  S_sprintf("%s/intermediate/dense/Add_output_0'.1_%d", p, n->myl_idx));
  n->t[f1].dyn = dyn;
  if (gelu_apart) {
    long df[3] = {B, S, F};
    int f2 = S_ktensor(n, 3, df, qdt);
    n->t[f2].dyn = dyn;
    const char *ge[] = {c, d, NULL};
    S_kgen(n, "DivErfAddMulMul", &f1, 1, f2, ge, 5 * B * S * F);
    f1 = f2;
  }
  snprintf(a, sizeof a, "%s/output/dense/MatMul", p);
  snprintf(b, sizeof b, "%s/output/dense/Add", p);
  snprintf(c, sizeof c, "%s/output/Add", p);
  const char *f2_on[] = {a, b, c, NULL};
  int y2 = S_gemm(n, a, f2_on, f1, H, y1, qdt, dt, S_sprintf("%s/output/Add_output_0'.1_%d", p, n->myl_idx));
  n->t[y2].dyn = dyn;
  return y2;
}

/* ------------------------------------------------------------------------
 * Whole networks
 * ---------------------------------------------------------------------- */

/* Contract: build the network for the options with the given number of
 * CNN bottleneck blocks (nblocks) and encoder layers (nenc) into n (which
 * must be empty). Re-seeds the PRNG, so equal arguments give equal nets. */
static void S_build(S_net *n, const S_opts *o, long nblocks, long nenc)
{
  memset(n, 0, sizeof *n);
  n->o = o;
  S_rng = o->seed * 0x2545f4914f6cdd1dULL + 0x1234567ULL;
  n->p_alt = o->model == M_HYBRID ? 0.4 : o->model == M_VIT ? 0.3 : 0.085;
  if (o->prec == P_FP32) n->p_alt *= 0.8;
  int prec = o->prec;
  long B = o->batch;
  long din[4] = {B, 3, 224, 224};
  int x = S_tensor_new(n, S_strdup("input"), 4, din, "Row major linear FP32", 4);
  n->t[x].binding = 1;
  const char *stem_in = prec == P_FP16 ? "Channel major FP16 format where channel % 4 == 0"
                        : prec == P_INT8 ? "Four wide channel vectorized row major Int8 format"
                                         : "Row major linear FP32";
  const char *f = S_cnn_fmt(prec);
  const char *dt = S_kdt(prec);

  if (o->model != M_VIT) {
    x = S_conv(n, "", "", "conv1", "relu", x, -1, 64, 7, 2, stem_in);
    /* the stem names are "/conv1/Conv + /relu/Relu" */
    x = S_pool(n, "/maxpool/MaxPool", S_reformat(n, x, f, 0, "/maxpool/MaxPool", NULL), 0);
    static const int share[4] = {3, 4, 6, 3};
    int nst = o->model == M_HYBRID ? 3 : 4;
    int tot = 0;
    for (int s = 0; s < nst; s++) tot += share[s];
    long per[4] = {0, 0, 0, 0}, used = 0;
    for (int s = 0; s < nst; s++) {
      per[s] = (long)floor((double)nblocks * share[s] / tot);
      if (per[s] < 1) per[s] = 1;
      used += per[s];
    }
    for (int s = 0; used < nblocks; s = (s + 1) % nst, used++) per[s]++;
    static const int mid[4] = {64, 128, 256, 512};
    for (int s = 0; s < nst; s++)
      for (long b = 0; b < per[s]; b++)
        x = S_bottleneck(n, s + 1, (int)b, x, mid[s], mid[s] * 4, s == 0 ? 1 : 2);
  }

  const char *lin = prec == P_FP32 ? "Row major linear FP32" : "Row major linear FP16 format";
  int logits;
  if (o->model == M_RESNET) {
    x = S_pool(n, "/avgpool/GlobalAveragePool", S_reformat(n, x, f, 0, "/avgpool/GlobalAveragePool", NULL), 1);
    x = S_noop(n, x, "{ForeignNode[/Flatten.../fc/Gemm]}", lin);
    S_myelin_begin(n);
    long d2[2] = {B, n->t[x].d[1]};
    int fl = S_ktensor(n, 2, d2, dt);
    const char *on[] = {"/Flatten", NULL};
    S_kgen(n, "Res", &x, 1, fl, on, 0);
    const char *fc[] = {"/fc/Gemm", NULL};
    logits = S_gemm(n, "/fc/Gemm", fc, fl, 1000, -1, dt, "Float", S_strdup("logits"));
  } else {
    /* patch embedding: a 16x16/16 conv on the image (vit) or a 1x1 conv on
     * the stage-3 features (hybrid) */
    int k = o->model == M_VIT ? 16 : 1;
    const char *want = o->model == M_VIT ? stem_in : f;
    x = S_conv(n, "/embeddings/patch_embeddings", "embeddings.patch_embeddings", "projection", NULL, x, -1, 768, k, k,
               want);
    long S = n->t[x].d[2] * n->t[x].d[3] + 1;
    long enc_groups = (nenc + 11) / 12;
    if (enc_groups < 1) enc_groups = 1;
    char fn[256];
    snprintf(fn, sizeof fn, "{ForeignNode[/embeddings/Reshape.../encoder/layer.%ld/output/Add]}",
             nenc < 12 ? nenc - 1 : 11L);
    x = S_noop(n, x, fn, lin);
    long k0 = 0;
    for (long g = 0; g < enc_groups; g++) {
      S_myelin_begin(n);
      if (g == 0) {
        long de[3] = {B, S, 768};
        int e = S_ktensor(n, 3, de, dt);
        const char *on[] = {"/embeddings/Reshape", "/embeddings/Transpose", "/embeddings/Concat", "/embeddings/Add",
                            NULL};
        S_kgen(n, "ReshTranConcatAdd", &x, 1, e, on, 0);
        x = e;
      }
      for (long kk = 0; kk < 12 && k0 < nenc; kk++, k0++) x = S_encoder(n, (int)k0, x);
    }
    long d3[3] = {B, S, 768};
    int ln = S_ktensor(n, 3, d3, dt);
    const char *lnon[] = {"/layernorm/ReduceMean", "/layernorm/Sub", "/layernorm/Div", "/layernorm/Add_1", NULL};
    S_kgen(n, "ReduMeanSubPowReduMeanAddSqrtDivMulAdd", &x, 1, ln, lnon, 0);
    long d2[2] = {B, 768};
    int cls = S_ktensor(n, 2, d2, dt);
    const char *slon[] = {"/Gather", NULL};
    S_kgen(n, "Slice", &ln, 1, cls, slon, 0);
    const char *fc[] = {"/classifier/Gemm", NULL};
    logits = S_gemm(n, "/classifier/Gemm", fc, cls, 1000, -1, dt, "Float", S_strdup("logits"));
  }
  n->t[logits].binding = 1;
}

/* ------------------------------------------------------------------------
 * The transformer (decoder) model
 * ---------------------------------------------------------------------- */

#define S_TF_CACHE 16 /* decoder layers with KV-cache bindings (2 in + 2 out each) */
#define S_TF_PER_GRAPH 4 /* decoder layers per Myelin graph */

/* Contract: emit a plugin layer ("Correlation" on the auxiliary stream 1)
 * named name (taken) reading ins, writing a new tensor like ins[0] named
 * oname (taken), and, when cache_out >= 0, that binding too; returns the
 * new tensor. */
static int S_plugin(S_net *n, char *name, const int *ins, int nin, char *oname, int cache_out)
{
  const S_tensor *x = &n->t[ins[0]];
  const char *fmt = n->o->prec == P_FP32 ? "Row major linear FP32" : "Row major linear FP16 format";
  int o = S_tensor_new(n, oname, x->nd, x->d, fmt, S_fmt_esize(fmt));
  n->t[o].dyn = n->t[ins[0]].dyn;
  S_layer *l = S_layer_new(n, L_PLUGIN, "PluginV2", name);
  for (int i = 0; i < nin; i++) l->in[l->nin++] = ins[i];
  l->out[l->nout++] = o;
  if (cache_out >= 0) l->out[l->nout++] = cache_out;
  l->stream = 1;
  l->tactic = S_strdup("TensorRT");
  l->meta = S_sprintf("[ONNX Layer: %s]", name);
  S_cost(n, l, S_vol(&n->t[o]) * 4, 0, P_FP32, 1.5);
  return o;
}

/* Contract: emit the "exit^bb^signal" layer that ends Myelin graph g
 * (TensorRT 10 synchronises the auxiliary stream with it; no tensors). */
static void S_signal(S_net *n)
{
  S_layer *l = S_layer_new(n, L_SIGNAL, n->myl % 2 ? "signal" : "wait",
                           S_sprintf("exit^bb^%s^1_myl%d_%d", n->myl % 2 ? "signal" : "wait", n->myl, n->myl_idx++));
  l->tactic = S_strdup("");
  l->meta = S_strdup("");
  l->stream = n->myl % 2 ? 0 : 1;
  l->ms = 0.001;
}

/* Contract: a new binding tensor named name (taken) of dims B x S x H. */
static int S_tf_binding(S_net *n, char *name, long B, long S, long H, const char *fmt)
{
  long d[3] = {B, S, H};
  int t = S_tensor_new(n, name, 3, d, fmt, S_fmt_esize(fmt));
  n->t[t].binding = 1;
  return t;
}

/* Contract: emit the RMSNorm kgen "<p>/<what>" on x [B,S,H] (a Myelin
 * kernel); returns its output. */
static int S_rmsnorm(S_net *n, const char *p, const char *what, int x)
{
  char a[160], b[160];
  snprintf(a, sizeof a, "%s/%s/Pow", p, what);
  snprintf(b, sizeof b, "%s/%s/Mul_1", p, what);
  const char *on[] = {a, b, NULL};
  const S_tensor *xt = &n->t[x];
  long d[3] = {xt->d[0], xt->d[1], xt->d[2]};
  unsigned dyn = xt->dyn;
  int t = S_ktensor(n, 3, d, S_kdt(n->o->prec));
  n->t[t].dyn = dyn;
  S_kgen(n, "CasPowMeaAddSqrDivMulCasMul", &x, 1, t, on, 6.0 * (double)d[0] * d[1] * d[2]);
  return t;
}

/* Contract: emit decoder layer k on x [B,S,H] (inside the current Myelin
 * graph, its two Correlation plugins on stream 1) and return its output.
 * pos and mask are the position-id and attention-mask bindings; cache >= 0
 * makes the plugins read past_key_values.<cache>.key/value and write
 * present.<cache>.key/value bindings. 12-13 layers: RMSNorm kgen, QKV gemm,
 * rotary kgen, Correlation plugin, _gemm_mha_v2 kgen, (even layers) a
 * transpose kgen, output gemm + residual, (odd layers) a cross-attention
 * gemm and softmax kgen, RMSNorm kgen, gate/up gemm, SiLU kgen, Correlation
 * plugin, down gemm + residual. */
static int S_decoder(S_net *n, int k, int x, int pos, int mask, int cache)
{
  int prec = n->o->prec;
  const char *dt = S_kdt(prec);
  const S_tensor *xt = &n->t[x];
  long B = xt->d[0], S = xt->d[1], H = xt->d[2], F = 11 * H / 4;
  unsigned dyn = xt->dyn;
  char p[48], a[160], b[160], c[160];
  snprintf(p, sizeof p, "/model/layers.%d", k);
  long dh[3] = {B, S, H}, d3[3] = {B, S, 3 * H}, df[3] = {B, S, F};

  int t1 = S_rmsnorm(n, p, "input_layernorm", x);

  snprintf(a, sizeof a, "%s/self_attn/qkv_proj/MatMul", p);
  const char *qkv_on[] = {a, NULL};
  int qkv = S_gemm(n, a, qkv_on, t1, 3 * H, -1, dt, dt, S_sprintf("%s/self_attn/qkv_output_0'.1_%d", p, n->myl_idx));
  n->t[qkv].dyn = dyn;

  snprintf(a, sizeof a, "%s/self_attn/rotary_emb/Mul", p);
  snprintf(b, sizeof b, "%s/self_attn/rotary_emb/Concat", p);
  const char *ro[] = {a, b, NULL};
  int qr = S_ktensor(n, 3, d3, dt);
  n->t[qr].dyn = dyn;
  int rin[2] = {qkv, pos};
  S_kgen(n, "SliMulSliNegConMulAdd", rin, 2, qr, ro, 4.0 * B * S * 3 * H);

  int pk = -1, ck = -1, pv = -1, cv = -1;
  if (cache >= 0) {
    const char *cf = prec == P_FP32 ? "Row major linear FP32" : "Row major linear FP16 format";
    pk = S_tf_binding(n, S_sprintf("past_key_values.%d.key", cache), B, S, H, cf);
    pv = S_tf_binding(n, S_sprintf("past_key_values.%d.value", cache), B, S, H, cf);
    ck = S_tf_binding(n, S_sprintf("present.%d.key", cache), B, S, H, cf);
    cv = S_tf_binding(n, S_sprintf("present.%d.value", cache), B, S, H, cf);
  }
  int cin[2] = {qr, pk};
  int corr = S_plugin(n, S_sprintf("%s/self_attn/Correlation", p), cin, cache >= 0 ? 2 : 1,
                      S_sprintf("%s/self_attn/Correlation_output_0", p), ck);

  snprintf(a, sizeof a, "%s/self_attn/MatMul", p);
  snprintf(b, sizeof b, "%s/self_attn/Softmax", p);
  snprintf(c, sizeof c, "%s/self_attn/MatMul_1", p);
  int ctx = S_ktensor(n, 3, dh, dt);
  n->t[ctx].dyn = dyn;
  {
    S_layer *l = S_layer_new(n, L_KGEN, "kgen", S_sprintf("_gemm_mha_v2_myl%d_%d", n->myl, n->myl_idx++));
    l->in[l->nin++] = qr;
    l->in[l->nin++] = corr;
    l->in[l->nin++] = mask;
    l->out[l->nout++] = ctx;
    char *hs = S_hash128();
    l->tactic = S_sprintf("_gemm_mha_v2_0x%s", hs);
    free(hs);
    l->meta = S_sprintf("[ONNX Layer: %s]\x1f[ONNX Layer: %s]\x1f[ONNX Layer: %s]", a, b, c);
    S_cost(n, l, 4.0 * B * S * S * H, 0, prec == P_FP32 ? P_FP32 : P_FP16, 1.1);
  }
  int ctx2 = ctx;
  if (k % 2 == 0) {
    snprintf(a, sizeof a, "%s/self_attn/Transpose", p);
    const char *tr[] = {a, NULL};
    ctx2 = S_ktensor(n, 3, dh, dt);
    n->t[ctx2].dyn = dyn;
    S_kgen(n, "Tra", &ctx, 1, ctx2, tr, 0);
  }

  snprintf(a, sizeof a, "%s/self_attn/o_proj/MatMul", p);
  snprintf(b, sizeof b, "%s/Add", p);
  const char *oo[] = {a, b, NULL};
  int y1 = S_gemm(n, a, oo, ctx2, H, x, dt, dt, S_sprintf("%s/Add_output_0'.1_%d", p, n->myl_idx));
  n->t[y1].dyn = dyn;

  if (k % 2 == 1) {
    /* a cross-attention projection and its softmax */
    snprintf(a, sizeof a, "%s/cross_attn/attention_weights/MatMul", p);
    const char *cw[] = {a, NULL};
    int w = S_gemm(n, a, cw, y1, H, -1, dt, dt, S_sprintf("%s/cross_attn/attention_weights_output_0'.1_%d", p, n->myl_idx));
    n->t[w].dyn = dyn;
    snprintf(a, sizeof a, "%s/cross_attn/Softmax", p);
    snprintf(b, sizeof b, "%s/cross_attn/Add", p);
    const char *sm[] = {a, b, NULL};
    int y = S_ktensor(n, 3, dh, dt);
    n->t[y].dyn = dyn;
    int sin2[2] = {w, y1};
    S_kgen(n, "ResMaxSubExpSumDivAdd", sin2, 2, y, sm, 5.0 * B * S * H);
    y1 = y;
  }

  int t2 = S_rmsnorm(n, p, "post_attention_layernorm", y1);

  snprintf(a, sizeof a, "%s/mlp/gate_up_proj/MatMul", p);
  const char *gu_on[] = {a, NULL};
  long gd = 2 * F;
  int gu = S_gemm(n, a, gu_on, t2, gd, -1, dt, dt, S_sprintf("%s/mlp/gate_up_output_0'.1_%d", p, n->myl_idx));
  n->t[gu].dyn = dyn;
  snprintf(a, sizeof a, "%s/mlp/act_fn/Sigmoid", p);
  snprintf(b, sizeof b, "%s/mlp/Mul", p);
  const char *si[] = {a, b, NULL};
  int act = S_ktensor(n, 3, df, dt);
  n->t[act].dyn = dyn;
  S_kgen(n, "SliSigMulMul", &gu, 1, act, si, 4.0 * B * S * F);

  int cin2[2] = {act, pv};
  int act2 = S_plugin(n, S_sprintf("%s/mlp/Correlation", p), cin2, cache >= 0 ? 2 : 1,
                      S_sprintf("%s/mlp/Correlation_output_0", p), cv);

  snprintf(a, sizeof a, "%s/mlp/down_proj/MatMul", p);
  snprintf(b, sizeof b, "%s/Add_1", p);
  const char *dn[] = {a, b, NULL};
  int y2 = S_gemm(n, a, dn, act2, H, y1, dt, dt, S_sprintf("%s/Add_1_output_0'.1_%d", p, n->myl_idx));
  n->t[y2].dyn = dyn;
  return y2;
}

/* Contract: build a TensorRT 10 decoder-only transformer of nlayers
 * decoder layers into n (empty): Myelin graphs of S_TF_PER_GRAPH layers
 * (each with its shape_call, ended by a signal or wait layer), Correlation
 * plugins on stream 1, and 68 bindings when nlayers >= S_TF_CACHE
 * (input_ids, position_ids, attention_mask, KV caches in and out, logits).
 * Re-seeds the PRNG. */
static void S_build_transformer(S_net *n, const S_opts *o, long nlayers)
{
  memset(n, 0, sizeof *n);
  n->o = o;
  S_rng = o->seed * 0x2545f4914f6cdd1dULL + 0x7654321ULL;
  const char *dt = S_kdt(o->prec);
  long B = o->batch, S = 128, H = 2048;
  long d2[2] = {B, S};
  int ids = S_tensor_new(n, S_strdup("input_ids"), 2, d2, "Int32", 4);
  n->t[ids].binding = 1;
  int pos = S_tensor_new(n, S_strdup("position_ids"), 2, d2, "Int32", 4);
  n->t[pos].binding = 1;
  int mask = S_tensor_new(n, S_strdup("attention_mask"), 2, d2, dt, S_fmt_esize(dt));
  n->t[mask].binding = 1;
  long ncache = nlayers < S_TF_CACHE ? nlayers : S_TF_CACHE;
  int x = -1;
  for (long k = 0; k < nlayers; k++) {
    if (k % S_TF_PER_GRAPH == 0) {
      if (k) S_signal(n);
      S_myelin_begin(n);
      if (!k) {
        long de[3] = {B, S, H};
        x = S_ktensor(n, 3, de, dt);
        const char *on[] = {"/model/embed_tokens/Gather", NULL};
        S_kgen(n, "Gath", &ids, 1, x, on, 0);
      }
    }
    /* the cached layers are spread evenly over the depth */
    int cache = -1;
    for (long c = 0; c < ncache; c++)
      if (c * nlayers / ncache == k) cache = (int)c;
    x = S_decoder(n, (int)k, x, pos, mask, cache);
  }
  long d3[3] = {B, S, H};
  int ln = S_ktensor(n, 3, d3, dt);
  const char *lnon[] = {"/model/norm/Pow", "/model/norm/Mul_1", NULL};
  S_kgen(n, "CasPowMeaAddSqrDivMulCasMul", &x, 1, ln, lnon, 0);
  const char *fc[] = {"/lm_head/MatMul", NULL};
  int logits = S_gemm(n, "/lm_head/MatMul", fc, ln, 32000, -1, dt, "Float", S_strdup("logits"));
  n->t[logits].binding = 1;
  S_signal(n);
}

/* ------------------------------------------------------------------------
 * Shapes (--shape): graphs built for scale tests, each stressing one thing
 * ---------------------------------------------------------------------- */

/* Contract: a plain 1x1 convolution named after k in scope (prefix
 * "/blk"); want_in its input format; returns its output. */
static int S_shape_conv(S_net *n, long k, int in, const char *want_in)
{
  char scope[48];
  snprintf(scope, sizeof scope, "/blk%ld", k);
  return S_conv(n, scope, scope + 1, "conv", "relu", in, -1, 64, 1, 1, want_in);
}

/* Contract: a name of about 10,000 characters that starts with prefix
 * (taken) and stays unique with it. */
static char *S_long_name(char *prefix)
{
  size_t pl = strlen(prefix);
  char *s = S_xmalloc(pl + 10001);
  memcpy(s, prefix, pl);
  const char *unit = "/very_long_scope_name.block";
  size_t ul = strlen(unit);
  for (size_t k = 0; k < 10000; k++) s[pl + k] = unit[k % ul];
  s[pl + 10000] = 0;
  free(prefix);
  return s;
}

/* Contract: build the --shape network of about nl layers (see S_USAGE). */
static void S_build_shape(S_net *n, const S_opts *o, long nl)
{
  memset(n, 0, sizeof *n);
  n->o = o;
  S_rng = o->seed * 0x2545f4914f6cdd1dULL + 0x5151ULL;
  n->p_alt = 0.085;
  long din[4] = {o->batch, 64, 8, 8};
  const char *f = S_cnn_fmt(o->prec);
  int x = S_tensor_new(n, S_strdup("input"), 4, din, f, S_fmt_esize(f));
  n->t[x].binding = 1;
  static const char *const chain[] = {"Row major linear FP32", "Channel major FP16 format where channel % 8 == 0",
                                      "Row major linear FP16 format", "Channel major FP32 format where channel % 4 == 0"};
  long k = 0;
  switch (o->shape) {
  case SH_ISLANDS: /* INT8 convolutions, every 4th one in FP32 (a QAT engine's islands) */
    while ((long)n->nl < nl) {
      x = S_shape_conv(n, k, x, k % 4 == 3 ? "Row major linear FP32" : f);
      k++;
    }
    break;
  case SH_REFORMATS: /* a chain of 8 Reformats before every convolution */
    while ((long)n->nl < nl) {
      char consumer[48];
      snprintf(consumer, sizeof consumer, "/blk%ld/chain", k);
      for (int j = 0; j < 8; j++) x = S_reformat(n, x, chain[(k + j) % 4], j, consumer, NULL);
      x = S_shape_conv(n, k, x, f);
      k++;
    }
    break;
  case SH_BINDINGS: /* every other layer adds an input binding; every 10th output is a binding */
    while ((long)n->nl < nl) {
      x = S_shape_conv(n, k, x, f);
      char *bn = S_sprintf("input_%ld", k);
      int b = S_tensor_new(n, bn, 4, din, f, S_fmt_esize(f));
      n->t[b].binding = 1;
      char scope[48];
      snprintf(scope, sizeof scope, "/add%ld", k);
      x = S_pointwise(n, scope, NULL, x, b);
      if (k % 5 == 4) n->t[x].binding = 1;
      k++;
    }
    break;
  case SH_NAMES: /* a chain whose every 50th layer and tensor has a 10 kB name */
  case SH_DEEP:  /* one chain as deep as the engine */
    while ((long)n->nl < nl) {
      x = S_shape_conv(n, k, x, f);
      if (o->shape == SH_NAMES && k % 50 == 7) {
        S_layer *l = &n->l[n->nl - 1];
        l->name = S_long_name(l->name);
        n->t[x].name = S_long_name(n->t[x].name);
      }
      k++;
    }
    break;
  case SH_WIDE: { /* sqrt(n) branches of sqrt(n) layers from one tensor, joined by adds */
    long w = (long)sqrt((double)nl);
    if (w < 2) w = 2;
    int *ends = S_xmalloc((size_t)w * sizeof *ends);
    for (long b = 0; b < w; b++) {
      int y = x;
      for (long d = 0; d < nl / w - 1 && (long)n->nl < nl; d++) y = S_shape_conv(n, k++, y, f);
      ends[b] = y;
    }
    int acc = ends[0];
    for (long b = 1; b < w; b++) {
      char scope[48];
      snprintf(scope, sizeof scope, "/join%ld", b);
      acc = S_pointwise(n, scope, NULL, acc, ends[b]);
    }
    free(ends);
    x = acc;
    break;
  }
  default:
    break;
  }
  n->t[x].binding = 1;
}

/* ------------------------------------------------------------------------
 * Hostile names
 * ---------------------------------------------------------------------- */

static const char *const S_HOSTILE[] = {
  "<script>alert(1)</script>",
  "]]></svg><svg onload=alert(1)>",
  "a & b < c > d &amp; &#x3c;",
  "\"}{ node [label=x] } digraph {\"",
  "*bold* _em_ [x](javascript:alert(1)) ![i](http://x/y.png) <img src=x onerror=alert(1)>",
  "{{engine.name}} {{layers}} {% raw %}",
  "ctrl\x01\x02\x1b[31mred\x7f tab\there nl\nline\x1e\x1f",
  "\xe2\x80\x8f\xe2\x80\xae" "evil\xe2\x80\xac RTL",
  "C:\\path\\\"quoted\" 'single' `tick`",
  "| table | cell |\n|---|---|  %s%n%x ${HOME} $(rm -rf /)",
  "--><!-- </style></title></textarea>",
};
#define S_NHOSTILE (sizeof S_HOSTILE / sizeof S_HOSTILE[0])

/* Contract: rename a deterministic spread of layers and tensors to hostile
 * strings (names stay unique), and one layer to a 10,000-char name. */
static void S_make_hostile(S_net *n)
{
  size_t step = n->nl / (S_NHOSTILE + 2);
  if (step < 1) step = 1;
  for (size_t h = 0; h < S_NHOSTILE; h++) {
    size_t i = (h + 1) * step;
    if (i >= n->nl) break;
    char *nm = S_sprintf("%s %s", n->l[i].name, S_HOSTILE[h]);
    free(n->l[i].name);
    n->l[i].name = nm;
    /* and the layer's first output tensor, unless it is a binding */
    if (n->l[i].nout && !n->t[n->l[i].out[0]].binding) {
      S_tensor *t = &n->t[n->l[i].out[0]];
      char *tn = S_sprintf("%s#%zu", S_HOSTILE[h], h);
      free(t->name);
      t->name = tn;
    }
    if (h == 0) {
      char *m = S_sprintf("%s\x1e[ONNX Layer: %s]", n->l[i].meta, S_HOSTILE[h]);
      free(n->l[i].meta);
      n->l[i].meta = m;
    }
  }
  size_t i = n->nl / 2 + 1 < n->nl ? n->nl / 2 + 1 : 0;
  const char *unit = "/encoder/very_long_scope.<&\">/";
  size_t ul = strlen(unit);
  char *big = S_xmalloc(10001);
  for (size_t k = 0; k < 10000; k++) big[k] = unit[k % ul];
  big[10000] = 0;
  free(n->l[i].name);
  n->l[i].name = big;
}

/* ------------------------------------------------------------------------
 * Output helpers
 * ---------------------------------------------------------------------- */

/* Contract: open path for writing with a large buffer; exits 2 on failure. */
static FILE *S_open(const char *path)
{
  FILE *f = fopen(path, "wb");
  if (!f) {
    fprintf(stderr, "enginegen: cannot write %s: %s\n", path, strerror(errno));
    exit(2);
  }
  setvbuf(f, NULL, _IOFBF, 1 << 20);
  return f;
}

/* Contract: close f; exits 2 if any write failed. */
static void S_close(FILE *f, const char *path)
{
  if (ferror(f) || fclose(f) != 0) {
    fprintf(stderr, "enginegen: write error on %s\n", path);
    exit(2);
  }
}

/* Contract: write s as a JSON string literal (quotes included); control
 * characters become \u00XX, '"' and '\\' are escaped, other bytes
 * (including UTF-8) are copied. */
static void S_jstr(FILE *f, const char *s)
{
  putc('"', f);
  for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
    if (*p == '"' || *p == '\\') {
      putc('\\', f);
      putc(*p, f);
    } else if (*p < 0x20) {
      fprintf(f, "\\u%04x", *p);
    } else {
      putc(*p, f);
    }
  }
  putc('"', f);
}

/* Contract: write s for a text log line: newlines and carriage returns
 * become spaces, everything else is copied as trtexec would. */
static void S_logstr(FILE *f, const char *s)
{
  for (const char *p = s; *p; p++) putc(*p == '\n' || *p == '\r' ? ' ' : *p, f);
}

/* Contract: format v like C++ ostream default (6 significant digits). */
static void S_g(char *buf, size_t n, double v) { snprintf(buf, n, "%g", v); }

/* Contract: write v (already %g-formatted in s) as Python's json.dump
 * would write float(s): "0" -> 0.0, "1e+06" -> 1000000.0. */
static void S_pyfloat(FILE *f, const char *s)
{
  double v = strtod(s, NULL);
  if (strchr(s, 'e') && fabs(v) >= 1e6 && fabs(v) < 1e16) {
    fprintf(f, "%.1f", v);
    return;
  }
  fputs(s, f);
  if (!strchr(s, '.') && !strchr(s, 'e') && !strchr(s, 'n') && !strchr(s, 'i')) fputs(".0", f);
}

/* ------------------------------------------------------------------------
 * graph.json
 * ---------------------------------------------------------------------- */

/* Contract: write one tensor object in trtexec's layout (with "Location"
 * when loc is set). */
static void S_w_tensor(FILE *f, const S_tensor *t, int loc)
{
  fputs("  {\n    \"Name\": ", f);
  S_jstr(f, t->name);
  if (loc) fputs(",\n    \"Location\": \"Device\"", f);
  fputs(",\n    \"Dimensions\": [", f);
  for (int i = 0; i < t->nd; i++) fprintf(f, "%s%ld", i ? "," : "", (t->dyn >> i) & 1u ? -1L : t->d[i]);
  fputs("],\n    \"Format/Datatype\": ", f);
  S_jstr(f, t->fmt);
  fputs("\n  }", f);
}

/* Contract: write the "Inputs"/"Outputs" array of ids in trtexec's layout. */
static void S_w_tensors(FILE *f, const S_net *n, const char *key, const int *ids, int cnt, int loc)
{
  fprintf(f, "  \"%s\": [", key);
  if (!cnt) {
    fputs("],\n", f);
    return;
  }
  for (int i = 0; i < cnt; i++) {
    fputs(i ? ",\n" : "\n", f);
    S_w_tensor(f, &n->t[ids[i]], loc);
  }
  fputs("],\n", f);
}

/* Contract: write one layer object (TensorRT 10 detailed layout, key order
 * as trtexec writes it per layer family). */
static void S_w_layer(FILE *f, const S_net *n, const S_layer *l)
{
  int loc = l->kind != L_KGEN && l->kind != L_GEMM && l->kind != L_SHAPECALL && l->kind != L_SIGNAL;
  fputs("{\n  \"Name\": ", f);
  S_jstr(f, l->name);
  fprintf(f, ",\n  \"LayerType\": \"%s\",\n", l->ltype);
  S_w_tensors(f, n, "Inputs", l->in, l->nin, loc);
  S_w_tensors(f, n, "Outputs", l->out, l->nout, loc);
  switch (l->kind) {
  case L_CONV:
    fprintf(f,
            "  \"ParameterType\": \"Convolution\",\n  \"Kernel\": [%d,%d],\n  \"PaddingMode\": \"kEXPLICIT_ROUND_DOWN\",\n"
            "  \"PrePadding\": [%d,%d],\n  \"PostPadding\": [%d,%d],\n  \"Stride\": [%d,%d],\n  \"Dilation\": [1,1],\n"
            "  \"OutMaps\": %d,\n  \"Groups\": %d,\n  \"Weights\": {\"Type\": \"%s\", \"Count\": %ld},\n"
            "  \"Bias\": {\"Type\": \"%s\", \"Count\": %ld},\n  \"HasBias\": 1,\n  \"HasReLU\": %d,\n"
            "  \"HasSparseWeights\": 0,\n  \"HasDynamicFilter\": 0,\n  \"HasDynamicBias\": 0,\n  \"HasResidual\": %d,\n"
            "  \"ConvXAsActInputIdx\": -1,\n  \"BiasAsActInputIdx\": -1,\n  \"ResAsActInputIdx\": -1,\n"
            "  \"Activation\": \"%s\",\n",
            l->kr, l->kr, l->pad, l->pad, l->pad, l->pad, l->stride, l->stride, l->outmaps, l->groups, l->wtype,
            l->wcount, l->btype, l->bcount, !strcmp(l->act, "RELU"), l->has_res, l->act);
    break;
  case L_POOL:
    fprintf(f,
            "  \"ParameterType\": \"Pooling\",\n  \"PoolingType\": \"%s\",\n  \"WindowSize\": [%d,%d],\n"
            "  \"PaddingMode\": \"kEXPLICIT_ROUND_DOWN\",\n  \"PrePadding\": [%d,%d],\n  \"PostPadding\": [%d,%d],\n"
            "  \"Stride\": [%d,%d],\n  \"BlendFactor\": 0,\n  \"AverageCountExcludesPadding\": 1,\n",
            l->pooltype, l->kr, l->kr, l->pad, l->pad, l->pad, l->pad, l->stride, l->stride);
    break;
  case L_REFORMAT:
    fprintf(f, "  \"ParameterType\": \"Reformat\",\n  \"Origin\": \"%s\",\n", l->origin);
    break;
  case L_PLUGIN:
    fputs("  \"ParameterType\": \"PluginV2\",\n  \"PluginType\": \"Correlation_TRT\",\n  \"PluginVersion\": \"1\",\n", f);
    break;
  case L_PW:
    fputs("  \"ParameterType\": \"PointWise\",\n  \"ParameterSubType\": \"PointWiseExpression\",\n"
          "  \"NbInputArgs\": 2,\n  \"InputArgs\": [\"arg0\", \"arg1\"],\n",
          f);
    fprintf(f, "  \"NbOutputVars\": 1,\n  \"OutputVars\": [\"var%d\"],\n  \"NbParams\": 0,\n  \"Params\": [],\n",
            l->pw_relu);
    if (l->pw_relu)
      fputs("  \"NbLiterals\": 1,\n  \"Literals\": [\"0.000000e+00f\"],\n  \"NbOperations\": 2,\n"
            "  \"Operations\": [\"auto const var0 = pwgen::iPlus(arg0, arg1);\", "
            "\"auto const var1 = pwgen::iMax(var0, literal0);\"],\n",
            f);
    else
      fputs("  \"NbLiterals\": 0,\n  \"Literals\": [],\n  \"NbOperations\": 1,\n"
            "  \"Operations\": [\"auto const var0 = pwgen::iPlus(arg0, arg1);\"],\n",
            f);
    break;
  default:
    break;
  }
  if (l->tactic) {
    fputs("  \"TacticName\": ", f);
    S_jstr(f, l->tactic);
    fputs(",\n", f);
  }
  if (l->has_tacval) fprintf(f, "  \"TacticValue\": \"0x%016llx\",\n", (unsigned long long)l->tacval);
  fprintf(f, "  \"StreamId\": %d,\n  \"Metadata\": ", l->stream);
  S_jstr(f, l->meta ? l->meta : "");
  fputs("\n}", f);
}

/* Contract: the note that says a file was made here, not measured: the
 * value of a "Generator" key in the JSON objects (graph, metadata) and a
 * "Generator: " line in the log (enginecard's src/load/provenance.c reads
 * it and its report says so). Caller frees. */
static char *S_generator_note(const S_opts *o)
{
  static const char *const models[] = {"hybrid", "resnet", "vit"};
  static const char *const precs[] = {"fp32", "fp16", "int8"};
  static const char *const shapes[] = {"", "islands", "reformats", "bindings", "names", "deep", "wide"};
  return S_sprintf("enginegen (tests/gen/enginegen.c in enginecard): a synthetic engine, not measured on a GPU "
                   "(--model %s --layers %ld --precision %s --gpu %s --batch %ld --seed %llu%s%s%s)",
                   models[o->model], o->layers, precs[o->prec], o->gpu->key, o->batch, (unsigned long long)o->seed,
                   o->hostile ? " --hostile" : "", o->shape ? " --shape " : "", shapes[o->shape]);
}

/* Contract: write PREFIX.graph.json. */
static void S_w_graph(const S_net *n, const char *note, const char *path)
{
  FILE *f = S_open(path);
  fputs("{\"Layers\": [", f);
  for (size_t i = 0; i < n->nl; i++) {
    if (i) fputc(',', f);
    S_w_layer(f, n, &n->l[i]);
  }
  fputs("],\n\"Bindings\": [", f);
  int first = 1;
  for (size_t i = 0; i < n->nt; i++) {
    if (!n->t[i].binding) continue;
    if (!first) fputs("\n,", f);
    S_jstr(f, n->t[i].name);
    first = 0;
  }
  fputs("\n],\n\"Generator\": ", f);
  S_jstr(f, note);
  fputs("}\n", f);
  S_close(f, path);
}

/* ------------------------------------------------------------------------
 * Profile, timing, summary statistics
 * ---------------------------------------------------------------------- */

typedef struct {
  long count;          /* profiled iterations */
  double *time, *avg, *med; /* per layer */
  char *present;       /* per layer: row written to profile.json */
  double total_time;   /* sum of time over present rows */
} S_prof;

typedef struct {
  double enq0, enq1, h2d0, h2d1, c0, c1, d2h0, d2h1, h2d, comp, d2h, lat;
} S_iter;

/* Contract: fill p from the modelled layer latencies; a fraction
 * missing_pct of rows (never the first) is marked absent. Consumes PRNG. */
static void S_make_profile(const S_net *n, const S_opts *o, S_prof *p)
{
  double sum = 0;
  for (size_t i = 0; i < n->nl; i++) sum += n->l[i].ms;
  p->count = (long)(3000.0 / (sum > 1e-6 ? sum : 1e-6));
  if (p->count < 1) p->count = 1;
  if (p->count > 200000) p->count = 200000;
  p->time = S_xmalloc(n->nl * sizeof *p->time);
  p->avg = S_xmalloc(n->nl * sizeof *p->avg);
  p->med = S_xmalloc(n->nl * sizeof *p->med);
  p->present = S_xmalloc(n->nl ? n->nl : 1);
  p->total_time = 0;
  for (size_t i = 0; i < n->nl; i++) {
    double a = n->l[i].ms;
    double m = floor(a * S_range(0.93, 1.0) / 0.001024 + 0.5) * 0.001024;
    if (a > 0 && m <= 0) m = 0.001024;
    p->avg[i] = a;
    p->med[i] = m;
    p->time[i] = a * (double)p->count;
    p->present[i] = !(i > 0 && S_chance(o->missing_pct / 100.0));
    if (p->present[i]) p->total_time += p->time[i];
  }
}

/* Contract: write PREFIX.profile.json in trtexec's layout. */
static void S_w_profile(const S_net *n, const S_prof *p, const char *path)
{
  FILE *f = S_open(path);
  char a[32], b[32], c[32], d[32];
  fprintf(f, "[\n  { \"count\" : %ld }\n", p->count);
  for (size_t i = 0; i < n->nl; i++) {
    if (!p->present[i]) continue;
    S_g(a, sizeof a, p->time[i]);
    S_g(b, sizeof b, p->avg[i]);
    S_g(c, sizeof c, p->med[i]);
    S_g(d, sizeof d, p->total_time > 0 ? p->time[i] / p->total_time * 100.0 : 0);
    fputs(", { \"name\" : ", f);
    S_jstr(f, n->l[i].name);
    fprintf(f, ", \"timeMs\" : %s, \"averageMs\" : %s, \"medianMs\" : %s, \"percentage\" : %s }\n", a, b, c, d);
  }
  fputs("]\n", f);
  S_close(f, path);
}

/* Contract: round v to the CUDA-event grid (1/2048 ms). */
static double S_q(double v) { return floor(v * 2048.0 + 0.5) / 2048.0; }

/* Contract: simulate the timing trace (o->iterations records) of an engine
 * whose per-layer latencies sum to layer_sum; returns a new array. */
static S_iter *S_make_timing(const S_opts *o, double layer_sum, double in_bytes, double out_bytes)
{
  long nit = o->iterations;
  S_iter *it = S_xmalloc((size_t)(nit > 0 ? nit : 1) * sizeof *it);
  double base = layer_sum * 0.9;
  double h2d = o->transfers ? in_bytes / (22.0 * 1e6) + 0.004 : 0;
  double d2h = o->transfers ? out_bytes / (22.0 * 1e6) + 0.003 : 0;
  double host = 5000.0 + S_range(-0.1, 0.1), gpu = host + 0.25;
  /* --slow: the whole run slower (a run-to-run shift or a regression);
   * --ar: the noise is AR(1) with that coefficient (same marginal sd), so
   * levels hold for about 1/(1-phi) iterations; --warmup: the first N
   * iterations at +PCT (a start-up transient); --levels L:PCT: the run
   * moves between levels (a new one about every L iterations, each
   * exp(PCT/100 Z) times the base: real trtexec runs hold levels for
   * hundreds of iterations); --outlier K:F: iteration K times F; --zero K:
   * iteration K's times are 0 (a timer glitch). Off, they draw nothing. */
  base *= 1.0 + o->slow_pct / 100.0;
  double e = 0, level = 1;
  if (o->levels_len > 0) level = exp(o->levels_pct / 100.0 * S_normal());
  for (long i = 0; i < nit; i++) {
    S_iter *r = &it[i];
    double z = S_normal();
    if (o->ar > 0) z = e = o->ar * e + sqrt(1.0 - o->ar * o->ar) * z;
    if (o->levels_len > 0 && i > 0 && S_chance(1.0 / o->levels_len)) level = exp(o->levels_pct / 100.0 * S_normal());
    double comp = base * level * (1.0 + 0.006 * z);
    if (i < o->warmup) comp *= 1.0 + o->warmup_pct / 100.0;
    if (S_chance(0.01)) comp *= S_range(1.05, 1.6);
    comp = S_q(comp > 0.0005 ? comp : 0.0005);
    for (int k = 0; k < o->n_outliers; k++)
      if (o->outlier_at[k] == i) comp = S_q(comp * o->outlier_f[k]);
    for (int k = 0; k < o->n_zeros; k++)
      if (o->zero_at[k] == i) comp = 0;
    double enq = S_q(0.0015 + 0.0008 * S_unif());
    r->enq0 = host;
    r->enq1 = host + enq;
    double start = gpu > r->enq1 + 0.002 ? gpu : r->enq1 + 0.002;
    r->h2d0 = start;
    r->h2d = o->transfers ? S_q(h2d * S_range(0.97, 1.1)) : 0;
    r->h2d1 = start + r->h2d;
    r->c0 = r->h2d1;
    r->comp = comp;
    r->c1 = r->c0 + comp;
    r->d2h0 = r->c1;
    r->d2h = o->transfers ? S_q(d2h * S_range(0.97, 1.1)) : 0;
    r->d2h1 = r->c1 + r->d2h;
    r->lat = r->h2d + r->comp + r->d2h;
    gpu = r->d2h1;
    /* trtexec keeps two inferences in flight: the host waits for i-1 */
    double next = r->enq1 + 0.001;
    double wait = i > 0 ? it[i - 1].d2h1 : 0;
    host = next > wait ? next : wait;
  }
  return it;
}

/* Contract: write PREFIX.timing.json in trtexec's layout. */
static void S_w_timing(const S_iter *it, long nit, const char *path)
{
  FILE *f = S_open(path);
  char v[12][32];
  fputs("[\n", f);
  for (long i = 0; i < nit; i++) {
    const S_iter *r = &it[i];
    double x[12] = {r->enq0, r->enq1, r->h2d0, r->h2d1, r->c0, r->c1, r->d2h0, r->d2h1, r->h2d, r->comp, r->d2h, r->lat};
    for (int k = 0; k < 12; k++) S_g(v[k], sizeof v[k], x[k]);
    fprintf(f,
            "%s { \"startEnqMs\" : %s, \"endEnqMs\" : %s, \"startH2dMs\" : %s, \"endH2dMs\" : %s, \"startComputeMs\" : %s, "
            "\"endComputeMs\" : %s, \"startD2hMs\" : %s, \"endD2hMs\" : %s, \"h2dMs\" : %s, \"computeMs\" : %s, "
            "\"d2hMs\" : %s, \"latencyMs\" : %s }\n",
            i ? "," : " ", v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9], v[10], v[11]);
  }
  fputs("]\n", f);
  S_close(f, path);
}

/* Contract: qsort comparator for doubles, ascending. */
static int S_cmpd(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Contract: the 7 trtexec statistics of v[0..n) (sorted in place):
 * min, max, mean, median, p90, p95, p99, each %g-formatted into out[k]. */
static void S_stats(double *v, long n, char out[7][32])
{
  if (n <= 0) {
    for (int k = 0; k < 7; k++) snprintf(out[k], 32, "0");
    return;
  }
  qsort(v, (size_t)n, sizeof *v, S_cmpd);
  double sum = 0;
  for (long i = 0; i < n; i++) sum += v[i];
  double med = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
  static const float pc[3] = {0.90f, 0.95f, 0.99f};
  double p[3];
  for (int k = 0; k < 3; k++) {
    long idx = n - 1 - (long)((1.0f - pc[k]) * (float)n);
    if (idx < 0) idx = 0;
    p[k] = v[idx];
  }
  double x[7] = {v[0], v[n - 1], sum / (double)n, med, p[0], p[1], p[2]};
  for (int k = 0; k < 7; k++) S_g(out[k], 32, x[k]);
}

/* ------------------------------------------------------------------------
 * Metadata and log
 * ---------------------------------------------------------------------- */

typedef struct {
  char lat[7][32], enq[7][32], h2d[7][32], gpu[7][32], d2h[7][32];
  char thr[32], wall[32], gputot[32];
  long n;
} S_perf;

/* Contract: compute the performance summary of a timing trace. */
static void S_make_perf(const S_iter *it, long nit, S_perf *ps)
{
  double *v = S_xmalloc((size_t)(nit > 0 ? nit : 1) * sizeof *v);
  double tot = 0;
  for (long i = 0; i < nit; i++) v[i] = it[i].lat;
  S_stats(v, nit, ps->lat);
  for (long i = 0; i < nit; i++) v[i] = it[i].enq1 - it[i].enq0;
  S_stats(v, nit, ps->enq);
  for (long i = 0; i < nit; i++) v[i] = it[i].h2d;
  S_stats(v, nit, ps->h2d);
  for (long i = 0; i < nit; i++) v[i] = it[i].comp, tot += it[i].comp;
  S_stats(v, nit, ps->gpu);
  for (long i = 0; i < nit; i++) v[i] = it[i].d2h;
  S_stats(v, nit, ps->d2h);
  free(v);
  double wall = nit > 0 ? (it[nit - 1].d2h1 - it[0].enq0) / 1000.0 : 0;
  S_g(ps->thr, sizeof ps->thr, wall > 0 ? (double)nit / wall : 0);
  S_g(ps->wall, sizeof ps->wall, wall);
  S_g(ps->gputot, sizeof ps->gputot, tot / 1000.0);
  ps->n = nit;
}

typedef struct {
  const char *k;
  char *v;
} S_kv;

/* Contract: the inference options trtexec prints for the profiling run,
 * as a NULL-key-terminated array of new strings (free with S_kv_free). */
static S_kv *S_inference_options(const S_opts *o)
{
  S_kv *kv = S_xmalloc(32 * sizeof *kv);
  int i = 0;
#define KV(K, ...) (kv[i].k = (K), kv[i].v = S_sprintf(__VA_ARGS__), i++)
  KV("Batch", "Explicit");
  KV("Input inference shapes", "model");
  KV("Iterations", "10");
  KV("Duration", "3s (+ 200ms warm up)");
  KV("Sleep time", "0ms");
  KV("Idle time", "0ms");
  KV("Inference Streams", "1");
  KV("ExposeDMA", "Disabled");
  KV("Data transfers", "%s", o->transfers ? "Enabled" : "Disabled");
  KV("Spin-wait", "Enabled");
  KV("Multithreading", "Disabled");
  KV("CUDA Graph", "Enabled");
  KV("Separate profiling", "Enabled");
  KV("Time Deserialize", "Disabled");
  KV("Time Refit", "Disabled");
  KV("NVTX verbosity", "2");
  KV("Persistent Cache Ratio", "0");
  KV("Optimization Profile Index", "0");
  KV("Weight Streaming Budget", "100.000000%%");
  KV("Inputs", "%s", "");
  KV("Debug Tensor Save Destinations", "%s", "");
  kv[i].k = NULL;
  kv[i].v = NULL;
  return kv;
}

/* Contract: the build options of the (simulated) build log; the values are
 * the full text after "key: " (TREx keeps only up to the next ':'). */
static S_kv *S_build_options(const S_opts *o, const char *base)
{
  S_kv *kv = S_xmalloc(48 * sizeof *kv);
  int i = 0;
  KV("Memory Pools", "workspace: default, dlaSRAM: default, dlaLocalDRAM: default, dlaGlobalDRAM: default, "
                     "tacticSharedMem: default");
  KV("avgTiming", "8");
  KV("Precision", "%s", o->prec == P_INT8 ? "FP32+FP16+INT8" : o->prec == P_FP16 ? "FP32+FP16" : "FP32");
  KV("LayerPrecisions", "%s", "");
  KV("Layer Device Types", "%s", "");
  KV("Calibration", "%s", o->prec == P_INT8 ? "Dynamic" : "");
  KV("Refit", "Disabled");
  KV("Strip weights", "Disabled");
  KV("Version Compatible", "Disabled");
  KV("ONNX Plugin InstanceNorm", "Disabled");
  KV("TensorRT runtime", "full");
  KV("Lean DLL Path", "%s", "");
  KV("Tempfile Controls", "{ in_memory: allow, temporary: allow }");
  KV("Exclude Lean Runtime", "Disabled");
  KV("Sparsity", "Disabled");
  KV("Safe mode", "Disabled");
  KV("Build DLA standalone loadable", "Disabled");
  KV("Allow GPU fallback for DLA", "Disabled");
  KV("DirectIO mode", "Disabled");
  KV("Restricted mode", "Disabled");
  KV("Skip inference", "Disabled");
  KV("Save engine", "%s.engine", base);
  KV("Load engine", "%s", "");
  KV("Profiling verbosity", "2");
  KV("Tactic sources", "Using default tactic sources");
  KV("timingCacheMode", "global");
  KV("timingCacheFile", "./timing.cache");
  KV("Enable Compilation Cache", "Enabled");
  KV("errorOnTimingCacheMiss", "Disabled");
  KV("Preview Features", "Use default preview flags.");
  KV("MaxAuxStreams", "-1");
  KV("BuilderOptimizationLevel", "-1");
  KV("MaxTactics", "-1");
  KV("Calibration Profile Index", "0");
  KV("Weight Streaming", "Disabled");
  KV("Runtime Platform", "Same As Build");
  KV("Debug Tensors", "%s", "");
  KV("Input(s)s format", "fp32:CHW");
  KV("Output(s)s format", "fp32:CHW");
  KV("Input build shapes", "model");
  KV("Input calibration shapes", "model");
  kv[i].k = NULL;
  kv[i].v = NULL;
  return kv;
}

/* Contract: the device information lines (full trtexec text). */
static S_kv *S_device_info(const S_opts *o, const char *uuid)
{
  const S_gpu *g = o->gpu;
  S_kv *kv = S_xmalloc(16 * sizeof *kv);
  int i = 0;
  KV("Available Devices", "%s", "");
  KV("  Device 0", "\"%s\" UUID: %s", g->name, uuid);
  KV("Selected Device", "%s", g->name);
  KV("Selected Device ID", "0");
  KV("Selected Device UUID", "%s", uuid);
  KV("Compute Capability", "%s", g->cc);
  KV("SMs", "%d", g->sms);
  KV("Device Global Memory", "%d MiB", g->mem_mib);
  KV("Shared Memory per SM", "%d KiB", g->smem_kib);
  if (strcmp(g->key, "orin"))
    KV("Memory Bus Width", "%d bits (ECC %s)", g->bus_bits, g->ecc ? "enabled" : "disabled");
  else
    KV("Memory Bus Width", "%d bits", g->bus_bits);
  KV("Application Compute Clock Rate", "%s GHz", g->clk);
  KV("Application Memory Clock Rate", "%s GHz", g->memclk);
#undef KV
  kv[i].k = NULL;
  kv[i].v = NULL;
  return kv;
}

/* Contract: free an S_kv array and its values. */
static void S_kv_free(S_kv *kv)
{
  for (int i = 0; kv[i].k; i++) free(kv[i].v);
  free(kv);
}

/* Contract: write TREx's parse of one "key: value" line: key trimmed,
 * value = text before the next ':' trimmed; numeric keys (when numeric)
 * become the first float in the value. */
static void S_w_trexkv(FILE *f, const char *key, const char *val, int numeric, int last)
{
  while (*key == ' ') key++;
  char buf[512];
  size_t n = strcspn(val, ":");
  if (n >= sizeof buf) n = sizeof buf - 1;
  memcpy(buf, val, n);
  buf[n] = 0;
  char *s = buf;
  while (*s == ' ') s++;
  size_t L = strlen(s);
  while (L && s[L - 1] == ' ') s[--L] = 0;
  fputs("        ", f);
  S_jstr(f, key);
  fputs(": ", f);
  if (numeric && (strchr("0123456789", *s) && *s)) {
    char g[32];
    S_g(g, sizeof g, strtod(s, NULL));
    S_pyfloat(f, g);
  } else {
    S_jstr(f, s);
  }
  fputs(last ? "\n" : ",\n", f);
}

/* Contract: write one 7-value statistics list in json.dump(indent=4) form. */
static void S_w_list(FILE *f, const char *key, char (*v)[32], int last)
{
  fprintf(f, "        \"%s\": [\n", key);
  for (int k = 0; k < 7; k++) {
    fputs("            ", f);
    S_pyfloat(f, v[k]);
    fputs(k < 6 ? ",\n" : "\n", f);
  }
  fprintf(f, "        ]%s\n", last ? "" : ",");
}

/* Contract: write PREFIX.profile.metadata.json (TREx's format). */
static void S_w_profile_meta(S_perf *ps, S_kv *inf, S_kv *dev, const char *note, const char *path)
{
  FILE *f = S_open(path);
  fputs("{\n    \"performance_summary\": {\n        \"Throughput\": ", f);
  S_pyfloat(f, ps->thr);
  fputs(",\n", f);
  S_perf *p = ps;
  S_w_list(f, "Latency", p->lat, 0);
  S_w_list(f, "Enqueue Time", p->enq, 0);
  S_w_list(f, "H2D Latency", p->h2d, 0);
  S_w_list(f, "GPU Compute Time", p->gpu, 0);
  S_w_list(f, "D2H Latency", p->d2h, 0);
  fputs("        \"Total Host Walltime\": ", f);
  S_pyfloat(f, ps->wall);
  fputs(",\n        \"Total GPU Compute Time\": ", f);
  S_pyfloat(f, ps->gputot);
  fputs("\n    },\n    \"inference_options\": {\n", f);
  for (int i = 0; inf[i].k; i++) S_w_trexkv(f, inf[i].k, inf[i].v, 0, !inf[i + 1].k);
  fputs("    },\n    \"device_information\": {\n", f);
  for (int i = 0; dev[i].k; i++) {
    const char *k = dev[i].k;
    int num = !strcmp(k, "Compute Capability") || !strcmp(k, "SMs") || !strcmp(k, "Memory Bus Width") ||
              !strcmp(k, "Compute Clock Rate") || !strcmp(k, "Memory Clock Rate");
    S_w_trexkv(f, k, dev[i].v, num, !dev[i + 1].k);
  }
  fputs("    },\n    \"Generator\": ", f);
  S_jstr(f, note);
  fputs("\n}", f);
  S_close(f, path);
}

/* Contract: write PREFIX.build.metadata.json (TREx's format). */
static void S_w_build_meta(S_kv *bopt, S_kv *dev, const char *base, const char *note, const char *path)
{
  FILE *f = S_open(path);
  fputs("{\n    \"model_options\": {\n        \"Format\": \"ONNX\",\n        \"Model\": ", f);
  char *m = S_sprintf("models/%s.onnx", base);
  S_jstr(f, m);
  free(m);
  fputs(",\n        \"Output\": \"\"\n    },\n    \"build_options\": {\n", f);
  for (int i = 0; bopt[i].k; i++) S_w_trexkv(f, bopt[i].k, bopt[i].v, 0, !bopt[i + 1].k);
  fputs("    },\n    \"device_information\": {\n", f);
  for (int i = 0; dev[i].k; i++) S_w_trexkv(f, dev[i].k, dev[i].v, 0, !dev[i + 1].k);
  fputs("    },\n    \"Generator\": ", f);
  S_jstr(f, note);
  fputs("\n}", f);
  S_close(f, path);
}

/* Contract: a trtexec log timestamp for sec seconds after a fixed start. */
static void S_stamp(char *buf, size_t n, long sec)
{
  long s = 9 * 3600 + 26 * 60 + 53 + sec;
  snprintf(buf, n, "[03/14/2025-%02ld:%02ld:%02ld]", (s / 3600) % 24, (s / 60) % 60, s % 60);
}

/* Contract: write one "[stamp] [I] text" log line ("[stamp] [I]" alone
 * for empty text, as trtexec does). */
static void S_line(FILE *f, const char *ts, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void S_line(FILE *f, const char *ts, const char *fmt, ...)
{
  char buf[2048];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  fprintf(f, "%s [I]%s%s\n", ts, *buf ? " " : "", buf);
}

/* Contract: write PREFIX.profile.log, the console log of
 * trtexec --loadEngine ... --separateProfileRun --dumpProfile. */
static void S_w_log(const S_net *n, const S_opts *o, const S_prof *pr, const S_iter *it, const S_perf *ps,
                    S_kv *inf, S_kv *bopt, S_kv *dev, const char *base, const char *path)
{
  FILE *f = S_open(path);
  char ts[40], ver[16], cmd[1024];
  snprintf(ver, sizeof ver, "v%d%02d%02d", o->trt_major, o->trt_minor, o->trt_patch);
  snprintf(cmd, sizeof cmd,
           "trtexec --loadEngine=%s.engine --useCudaGraph%s --useSpinWait --separateProfileRun --dumpProfile "
           "--exportTimes=%s.timing.json --exportProfile=%s.profile.json --exportLayerInfo=%s.graph.json "
           "--profilingVerbosity=detailed",
           base, o->transfers ? "" : " --noDataTransfers", base, base, base);
  fprintf(f, "&&&& RUNNING TensorRT.trtexec [TensorRT %s] [b%d] # %s\n", ver, 10 + o->trt_minor, cmd);
  char *note = S_generator_note(o);
  fprintf(f, "Generator: %s\n", note);
  free(note);
  S_stamp(ts, sizeof ts, 0);
#define LINE(...) S_line(f, ts, __VA_ARGS__)
  LINE("TF32 is enabled by default. Add --noTF32 flag to further improve accuracy with some performance cost.");
  LINE("=== Model Options ===");
  LINE("Format: *");
  LINE("Model:");
  LINE("Output:");
  LINE("=== Build Options ===");
  for (int i = 0; bopt[i].k; i++) {
    if (!strcmp(bopt[i].k, "Save engine")) LINE("Save engine:");
    else if (!strcmp(bopt[i].k, "Load engine")) LINE("Load engine: %s.engine", base);
    else if (!strcmp(bopt[i].k, "Precision")) LINE("Precision: FP32");
    else LINE("%s:%s%s", bopt[i].k, *bopt[i].v ? " " : "", bopt[i].v);
  }
  LINE("=== System Options ===");
  LINE("Device: 0");
  LINE("DLACore:");
  LINE("Plugins:");
  LINE("setPluginsToSerialize:");
  LINE("dynamicPlugins:");
  LINE("ignoreParsedPluginLibs: 0");
  LINE("%s", "");
  LINE("=== Inference Options ===");
  for (int i = 0; inf[i].k; i++) LINE("%s:%s%s", inf[i].k, *inf[i].v ? " " : "", inf[i].v);
  LINE("=== Reporting Options ===");
  LINE("Verbose: Disabled");
  LINE("Averages: 10 inferences");
  LINE("Percentiles: 90,95,99");
  LINE("Dump refittable layers:Disabled");
  LINE("Dump output: Disabled");
  LINE("Profile: Enabled");
  LINE("Export timing to JSON file: %s.timing.json", base);
  LINE("Export output to JSON file:");
  LINE("Export profile to JSON file: %s.profile.json", base);
  LINE("%s", "");
  LINE("=== Device Information ===");
  for (int i = 0; dev[i].k; i++) LINE("%s:%s%s", dev[i].k, *dev[i].v ? " " : "", dev[i].v);
  LINE("%s", "");
  LINE("Note: The application clock rates do not reflect the actual clock rates that the GPU is currently running at.");
  LINE("%s", "");
  LINE("TensorRT version: %d.%d.%d", o->trt_major, o->trt_minor, o->trt_patch);
  LINE("Loading standard plugins");
  double wbytes = 0;
  for (size_t i = 0; i < n->nl; i++)
    if (n->l[i].wtype) wbytes += (double)n->l[i].wcount * S_fmt_esize(n->l[i].wtype);
  LINE("[TRT] Loaded engine size: %ld MiB", (long)(wbytes / 1048576.0) + 3);
  LINE("Engine deserialized in 0.0%d sec.", 1000 + (int)(S_next() % 8000));
  LINE("Setting persistentCacheLimit to 0 bytes.");
  for (size_t i = 0; i < n->nt; i++)
    if (n->t[i].binding && !strcmp(n->t[i].name, "input")) {
      const S_tensor *t = &n->t[i];
      LINE("Set shape of input tensor input to: %ldx%ldx%ldx%ld", t->d[0], t->d[1], t->d[2], t->d[3]);
      LINE("Using random values for input input");
      LINE("Input binding for input with dimensions %ldx%ldx%ldx%ld is created.", t->d[0], t->d[1], t->d[2], t->d[3]);
    }
  for (size_t i = 0; i < n->nt; i++)
    if (n->t[i].binding && !strcmp(n->t[i].name, "logits")) { /* its real shape (the LLM's is 1x128x32000) */
      const S_tensor *t = &n->t[i];
      char dims[96];
      size_t off = 0;
      for (int k = 0; k < t->nd && off < sizeof dims; k++)
        off += (size_t)snprintf(dims + off, sizeof dims - off, "%s%ld", k ? "x" : "", t->d[k]);
      LINE("Output binding for logits with dimensions %s is created.", dims);
    }
  LINE("Starting inference");
  S_stamp(ts, sizeof ts, 4);
  long warm = ps->n > 0 ? (long)(200.0 / (strtod(ps->gpu[2], NULL) + 1e-9)) : 0;
  LINE("Warmup completed %ld queries over 200 ms", warm);
  LINE("Timing trace has %ld queries over %s s", ps->n, ps->wall);
  LINE("%s", "");
  LINE("=== Trace details ===");
  LINE("Trace averages of 10 runs:");
  long groups = ps->n / 10, first = 0;
  if (groups > 400) {
    LINE("... Omitting %ld lines", groups - 400);
    first = groups - 400;
  }
  for (long g = first; g < groups; g++) {
    double gl = 0, hl = 0, el = 0;
    for (long k = g * 10; k < g * 10 + 10; k++) {
      gl += it[k].comp;
      hl += it[k].lat;
      el += it[k].enq1 - it[k].enq0;
    }
    char a[32], b[32], c[32];
    S_g(a, sizeof a, gl / 10);
    S_g(b, sizeof b, hl / 10);
    S_g(c, sizeof c, el / 10);
    LINE("Average on 10 runs - GPU latency: %s ms - Host latency: %s ms (enqueue %s ms)", a, b, c);
  }
  LINE("%s", "");
  LINE("=== Performance summary ===");
  LINE("Throughput: %s qps", ps->thr);
  const char *names[5] = {"Latency", "Enqueue Time", "H2D Latency", "GPU Compute Time", "D2H Latency"};
  const char(*vals[5])[32] = {ps->lat, ps->enq, ps->h2d, ps->gpu, ps->d2h};
  for (int k = 0; k < 5; k++)
    LINE("%s: min = %s ms, max = %s ms, mean = %s ms, median = %s ms, percentile(90%%) = %s ms, "
         "percentile(95%%) = %s ms, percentile(99%%) = %s ms",
         names[k], vals[k][0], vals[k][1], vals[k][2], vals[k][3], vals[k][4], vals[k][5], vals[k][6]);
  LINE("Total Host Walltime: %s s", ps->wall);
  LINE("Total GPU Compute Time: %s s", ps->gputot);
  LINE("Explanations of the performance metrics are printed in the verbose logs.");
  LINE("%s", "");
  S_stamp(ts, sizeof ts, 8);
  LINE("=== Profile (%ld iterations ) ===", pr->count);
  LINE("%11s%13s%13s%10s   %s", "Time(ms)", "Avg.(ms)", "Median(ms)", "Time(%)", "Layer");
  double tt = 0, ta = 0, tm = 0;
  for (size_t i = 0; i < n->nl; i++) {
    tt += pr->time[i];
    ta += pr->avg[i];
    tm += pr->med[i];
  }
  for (size_t i = 0; i < n->nl; i++) {
    fprintf(f, "%s [I] %11.2f%13.4f%13.4f%10.1f   ", ts, pr->time[i], pr->avg[i], pr->med[i],
            tt > 0 ? pr->time[i] / tt * 100 : 0);
    S_logstr(f, n->l[i].name);
    fputc('\n', f);
  }
  LINE("%11.2f%13.4f%13.4f%10.1f   Total", tt, ta, tm, 100.0);
  LINE("%s", "");
#undef LINE
  fprintf(f, "&&&& PASSED TensorRT.trtexec [TensorRT %s] [b%d] # %s\n", ver, 10 + o->trt_minor, cmd);
  S_close(f, path);
}

/* ------------------------------------------------------------------------
 * Command line
 * ---------------------------------------------------------------------- */

static const char S_USAGE[] =
  "usage: enginegen --out PREFIX [options]\n"
  "\n"
  "Writes a synthetic but realistic TensorRT engine's files, as trtexec and\n"
  "TREx would: PREFIX.graph.json, PREFIX.profile.json, PREFIX.timing.json,\n"
  "PREFIX.profile.metadata.json, PREFIX.build.metadata.json and, with --log,\n"
  "PREFIX.profile.log. Output is deterministic for equal options.\n"
  "\n"
  "options:\n"
  "  --out PREFIX           path prefix of the files to write (required)\n"
  "  --layers N             approximate number of graph layers (default 200;\n"
  "                         the result is within 5%% for N >= 60)\n"
  "  --model M              hybrid (default: ResNet stages + transformer\n"
  "                         encoder), resnet, vit, or transformer (a TensorRT\n"
  "                         10 decoder: Myelin kgen/gemm graphs, Correlation\n"
  "                         plugins on stream 1, signal/wait layers, KV-cache\n"
  "                         bindings)\n"
  "  --shape S              instead of --model, a graph of one shape for scale\n"
  "                         tests, about --layers layers: islands (INT8\n"
  "                         convolutions, every 4th in FP32; use --precision\n"
  "                         int8), reformats (8 Reformats before each\n"
  "                         convolution), bindings (an input binding per add,\n"
  "                         an output binding per 10 layers), names (every\n"
  "                         50th layer and tensor named with 10 kB), deep (one\n"
  "                         chain), wide (sqrt(N) branches from one tensor)\n"
  "  --precision P          fp32 | fp16 (default) | int8 (QAT: Q/DQ reformats,\n"
  "                         mixed INT8/FP16/FP32 layers)\n"
  "  --gpu G                a100 (default) | rtx3090 | h100 | orin: device\n"
  "                         information, tactic names and latency scale\n"
  "  --batch N              batch size (default 1)\n"
  "  --iterations N         timing records in PREFIX.timing.json (default 1000)\n"
  "  --missing-profile PCT  leave PCT%% of the layers out of PREFIX.profile.json\n"
  "                         (default 0)\n"
  "  --seed S               random seed (default 1)\n"
  "  --hostile              give some layers and tensors hostile names (HTML,\n"
  "                         SVG/XML, DOT, CommonMark, {{placeholders}}, control\n"
  "                         characters, RTL marks, one 10,000-char name)\n"
  "  --dynamic              print every batch dimension as -1 (an engine\n"
  "                         inspected without a shape context)\n"
  "  --data-transfers       model H2D/D2H copies in the timing trace\n"
  "  --slow PCT             every iteration PCT%% slower (a run shift, a regression)\n"
  "  --ar PHI               AR(1) iteration noise with coefficient PHI (levels hold\n"
  "                         about 1/(1-PHI) iterations; default 0: independent)\n"
  "  --warmup N --warmup-pct PCT  the first N iterations PCT%% slower (start-up)\n"
  "  --levels L:PCT         the run moves between levels: a new one about every L\n"
  "                         iterations, each exp(PCT/100 Z) times the base (real\n"
  "                         runs hold levels for hundreds of iterations)\n"
  "  --outlier K:F          iteration K (from 0) F times slower (repeatable)\n"
  "  --zero K               iteration K's times are 0, a timer glitch (repeatable)\n"
  "  --run-seed S           another run of the same engine: the timing trace drawn\n"
  "                         from its own seed (the engine stays --seed's)\n"
  "  --trt X.Y.Z            TensorRT version in the log banner (default 10.3.0)\n"
  "  --log                  also write PREFIX.profile.log (trtexec console log)\n"
  "  --only-log             write only PREFIX.profile.log\n"
  "  --no-profile           do not write PREFIX.profile.json\n"
  "  --no-timing            do not write PREFIX.timing.json\n"
  "  --no-meta              do not write the two *.metadata.json files\n"
  "  --help                 show this text\n"
  "\n"
  "The engine has ONNX-scope layer names, residual skip edges and fan-out,\n"
  "~10%% Reformat layers, Cask convolutions and pooling with real tactic\n"
  "names, PointWiseV2 adds, NoOp copies, and TensorRT 10 Myelin layers\n"
  "(shape_call, kgen, gemm, Myelin) with Metadata and StreamId.\n";

/* Contract: parse a non-negative integer option value or exit 2. */
static long S_parse_long(const char *opt, const char *v, long lo, long hi)
{
  char *end;
  errno = 0;
  long x = strtol(v, &end, 10);
  if (errno || *end || end == v || x < lo || x > hi) {
    fprintf(stderr, "enginegen: %s wants an integer in [%ld, %ld], got '%s'\n", opt, lo, hi, v);
    exit(2);
  }
  return x;
}

/* Contract: parse argv into o; prints usage and exits on --help or errors. */
static void S_parse(int argc, char **argv, S_opts *o)
{
  memset(o, 0, sizeof *o);
  o->layers = 200;
  o->prec = P_FP16;
  o->model = M_HYBRID;
  o->gpu = &S_GPUS[0];
  o->iterations = 1000;
  o->seed = 1;
  o->batch = 1;
  o->trt_major = 10;
  o->trt_minor = 3;
  o->trt_patch = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    const char *v = i + 1 < argc ? argv[i + 1] : NULL;
#define NEEDV                                                   \
  do {                                                          \
    if (!v) {                                                   \
      fprintf(stderr, "enginegen: %s needs a value\n", a);      \
      exit(2);                                                  \
    }                                                           \
    i++;                                                        \
  } while (0)
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      fputs(S_USAGE, stdout);
      exit(0);
    } else if (!strcmp(a, "--out")) {
      NEEDV;
      o->out = v;
    } else if (!strcmp(a, "--layers")) {
      NEEDV;
      o->layers = S_parse_long(a, v, 1, 2000000);
    } else if (!strcmp(a, "--model")) {
      NEEDV;
      if (!strcmp(v, "hybrid")) o->model = M_HYBRID;
      else if (!strcmp(v, "resnet")) o->model = M_RESNET;
      else if (!strcmp(v, "vit")) o->model = M_VIT;
      else if (!strcmp(v, "transformer")) o->model = M_TRANSFORMER;
      else {
        fprintf(stderr, "enginegen: unknown --model '%s' (hybrid, resnet, vit, transformer)\n", v);
        exit(2);
      }
    } else if (!strcmp(a, "--shape")) {
      NEEDV;
      static const char *const shapes[] = {"", "islands", "reformats", "bindings", "names", "deep", "wide"};
      o->shape = SH_NONE;
      for (int k = 1; k < (int)(sizeof shapes / sizeof shapes[0]); k++)
        if (!strcmp(v, shapes[k])) o->shape = k;
      if (o->shape == SH_NONE) {
        fprintf(stderr, "enginegen: unknown --shape '%s' (islands, reformats, bindings, names, deep, wide)\n", v);
        exit(2);
      }
    } else if (!strcmp(a, "--precision")) {
      NEEDV;
      if (!strcmp(v, "fp32")) o->prec = P_FP32;
      else if (!strcmp(v, "fp16")) o->prec = P_FP16;
      else if (!strcmp(v, "int8")) o->prec = P_INT8;
      else {
        fprintf(stderr, "enginegen: unknown --precision '%s' (fp32, fp16, int8)\n", v);
        exit(2);
      }
    } else if (!strcmp(a, "--gpu")) {
      NEEDV;
      o->gpu = NULL;
      for (size_t g = 0; g < sizeof S_GPUS / sizeof S_GPUS[0]; g++)
        if (!strcmp(v, S_GPUS[g].key)) o->gpu = &S_GPUS[g];
      if (!o->gpu) {
        fprintf(stderr, "enginegen: unknown --gpu '%s' (a100, rtx3090, h100, orin)\n", v);
        exit(2);
      }
    } else if (!strcmp(a, "--batch")) {
      NEEDV;
      o->batch = S_parse_long(a, v, 1, 4096);
    } else if (!strcmp(a, "--iterations")) {
      NEEDV;
      o->iterations = S_parse_long(a, v, 0, 10000000);
    } else if (!strcmp(a, "--slow")) {
      NEEDV;
      o->slow_pct = strtod(v, NULL);
    } else if (!strcmp(a, "--ar")) {
      NEEDV;
      o->ar = strtod(v, NULL);
      if (!(o->ar >= 0 && o->ar < 1)) {
        fprintf(stderr, "enginegen: --ar wants 0 <= phi < 1, got '%s'\n", v);
        exit(2);
      }
    } else if (!strcmp(a, "--warmup")) {
      NEEDV;
      o->warmup = S_parse_long(a, v, 0, 10000000);
    } else if (!strcmp(a, "--warmup-pct")) {
      NEEDV;
      o->warmup_pct = strtod(v, NULL);
    } else if (!strcmp(a, "--levels")) {
      NEEDV;
      if (sscanf(v, "%lf:%lf", &o->levels_len, &o->levels_pct) != 2 || !(o->levels_len >= 1) || !(o->levels_pct >= 0)) {
        fprintf(stderr, "enginegen: --levels wants L:PCT (L >= 1 iterations, PCT >= 0), got '%s'\n", v);
        exit(2);
      }
    } else if (!strcmp(a, "--outlier")) {
      NEEDV;
      if (o->n_outliers == 16 || sscanf(v, "%ld:%lf", &o->outlier_at[o->n_outliers], &o->outlier_f[o->n_outliers]) != 2 ||
          o->outlier_at[o->n_outliers] < 0 || !(o->outlier_f[o->n_outliers] > 0)) {
        fprintf(stderr, "enginegen: --outlier wants K:F (iteration K >= 0, factor F > 0; at most 16), got '%s'\n", v);
        exit(2);
      }
      o->n_outliers++;
    } else if (!strcmp(a, "--run-seed")) {
      NEEDV;
      o->run_seed = (uint64_t)S_parse_long(a, v, 1, 1000000000L);
    } else if (!strcmp(a, "--zero")) {
      NEEDV;
      if (o->n_zeros == 16) {
        fprintf(stderr, "enginegen: --zero: at most 16\n");
        exit(2);
      }
      o->zero_at[o->n_zeros++] = S_parse_long(a, v, 0, 10000000);
    } else if (!strcmp(a, "--missing-profile")) {
      NEEDV;
      o->missing_pct = (double)S_parse_long(a, v, 0, 100);
    } else if (!strcmp(a, "--seed")) {
      NEEDV;
      char *end;
      errno = 0;
      o->seed = strtoull(v, &end, 10);
      if (errno || *end || end == v) {
        fprintf(stderr, "enginegen: --seed wants an unsigned integer, got '%s'\n", v);
        exit(2);
      }
    } else if (!strcmp(a, "--trt")) {
      NEEDV;
      if (sscanf(v, "%d.%d.%d", &o->trt_major, &o->trt_minor, &o->trt_patch) != 3 || o->trt_minor > 99 ||
          o->trt_patch > 99 || o->trt_major < 1) {
        fprintf(stderr, "enginegen: --trt wants X.Y.Z, got '%s'\n", v);
        exit(2);
      }
    } else if (!strcmp(a, "--hostile")) o->hostile = 1;
    else if (!strcmp(a, "--dynamic")) o->dynamic = 1;
    else if (!strcmp(a, "--data-transfers")) o->transfers = 1;
    else if (!strcmp(a, "--log")) o->log = 1;
    else if (!strcmp(a, "--only-log")) o->only_log = o->log = 1;
    else if (!strcmp(a, "--no-profile")) o->no_profile = 1;
    else if (!strcmp(a, "--no-timing")) o->no_timing = 1;
    else if (!strcmp(a, "--no-meta")) o->no_meta = 1;
    else {
      fprintf(stderr, "enginegen: unknown option '%s' (see --help)\n", a);
      exit(2);
    }
#undef NEEDV
  }
  if (!o->out) {
    fprintf(stderr, "enginegen: --out PREFIX is required (see --help)\n");
    exit(2);
  }
}

/* Contract: build the network whose layer count is closest to o->layers:
 * fixes the encoder-layer count from the model's share, then searches the
 * CNN block count (the count grows about linearly with it). */
static void S_build_sized(S_net *n, const S_opts *o)
{
  long N = o->layers;
  if (o->model == M_TRANSFORMER) {
    /* about 12.5 layers per decoder layer and 0.5 for its share of a
     * Myelin graph's shape_call and signal; pick the closest count */
    long k0 = (long)((double)(N - 4) / 13.0);
    long best = k0 > 1 ? k0 : 1, bestd = -1;
    for (long k = k0 - 3; k <= k0 + 3; k++) {
      if (k < 1) continue;
      S_net t;
      S_build_transformer(&t, o, k);
      long d = labs((long)t.nl - N);
      if (bestd < 0 || d < bestd) bestd = d, best = k;
      S_net_free(&t);
    }
    S_build_transformer(n, o, best);
    return;
  }
  long nenc = 0;
  if (o->model == M_VIT) nenc = (long)((double)(N - 8) / 7.3);
  else if (o->model == M_HYBRID) {
    nenc = (long)(N * 0.75 / 7.3);
    if (nenc > (long)((N - 26) / 7.3)) nenc = (long)((N - 26) / 7.3);
  }
  if (o->model != M_RESNET && nenc < 1) nenc = 1;
  if (o->model == M_VIT) {
    /* only the encoder count can move; pick the closest */
    long best = nenc, bestd = -1;
    for (long e = nenc - 3; e <= nenc + 3; e++) {
      if (e < 1) continue;
      S_net t;
      S_build(&t, o, 0, e);
      long d = labs((long)t.nl - N);
      if (bestd < 0 || d < bestd) bestd = d, best = e;
      S_net_free(&t);
    }
    S_build(n, o, 0, best);
    return;
  }
  long nst = o->model == M_HYBRID ? 3 : 4;
  S_net t;
  S_build(&t, o, nst, nenc);
  long c0 = (long)t.nl;
  S_net_free(&t);
  long span = nst * 3;
  S_build(&t, o, nst + span, nenc);
  long c1 = (long)t.nl;
  S_net_free(&t);
  /* With thousands of encoder layers, their random layer count (GELU apart
   * or fused) moves with the blocks before them by more than a few blocks
   * add: measure the slope over a span the noise cannot swamp. */
  if (N - c0 > 40 * span) {
    span = (N - c0) / 10;
    S_build(&t, o, nst + span, nenc);
    c1 = (long)t.nl;
    S_net_free(&t);
  }
  double slope = (double)(c1 - c0) / (double)span;
  if (slope < 1) slope = 1;
  long b = nst + (long)((double)(N - c0) / slope + 0.5);
  long best = nst, bestd = labs(c0 - N);
  /* Newton-like steps on the block count, then a small local search */
  for (int step = 0; step < 6; step++) {
    if (b < nst) b = nst;
    S_build(&t, o, b, nenc);
    long c = (long)t.nl;
    S_net_free(&t);
    if (labs(c - N) < bestd) bestd = labs(c - N), best = b;
    if (c == N) break;
    long nb = b + (long)((double)(N - c) / slope + (N > c ? 0.5 : -0.5));
    if (nb == b) break;
    b = nb;
  }
  for (long k = best - 2; k <= best + 2 && bestd > 0; k++) {
    if (k < nst) continue;
    S_build(&t, o, k, nenc);
    long d = labs((long)t.nl - N);
    if (d < bestd) bestd = d, best = k;
    S_net_free(&t);
  }
  S_build(n, o, best, nenc);
}

/* Contract: path = prefix + suffix in a new string. */
static char *S_path(const char *prefix, const char *suffix) { return S_sprintf("%s%s", prefix, suffix); }

/* Contract: program entry; see S_USAGE. Exit 0 on success, 2 on errors. */
int main(int argc, char **argv)
{
  S_opts o;
  S_parse(argc, argv, &o);
  S_net n;
  if (o.shape) S_build_shape(&n, &o, o.layers);
  else S_build_sized(&n, &o);
  if (o.hostile) S_make_hostile(&n);

  /* everything random after the build uses a second, independent stream */
  S_rng = o.seed * 0x9e3779b97f4a7c15ULL + 0xabcdefULL;
  const char *base = strrchr(o.out, '/') ? strrchr(o.out, '/') + 1 : o.out;
  char uuid[64];
  uint64_t u1 = S_next(), u2 = S_next();
  snprintf(uuid, sizeof uuid, "GPU-%08llx-%04llx-%04llx-%04llx-%012llx", (unsigned long long)(u1 >> 32),
           (unsigned long long)((u1 >> 16) & 0xffff), (unsigned long long)(u1 & 0xffff),
           (unsigned long long)(u2 >> 48), (unsigned long long)(u2 & 0xffffffffffffULL));

  S_prof pr;
  S_make_profile(&n, &o, &pr);
  double sum = 0, inb = 0, outb = 0;
  for (size_t i = 0; i < n.nl; i++) sum += n.l[i].ms;
  for (size_t i = 0; i < n.nt; i++)
    if (n.t[i].binding) *(i == 0 ? &inb : &outb) += S_vol(&n.t[i]) * n.t[i].esize;
  /* another run of the same engine: its iterations from their own stream */
  if (o.run_seed) S_rng = o.run_seed * 0xd1342543de82ef95ULL + 0x2468aceULL;
  S_iter *it = S_make_timing(&o, sum, inb, outb);
  S_perf ps;
  S_make_perf(it, o.iterations, &ps);
  S_kv *inf = S_inference_options(&o), *bopt = S_build_options(&o, base), *dev = S_device_info(&o, uuid);

  char *p, *note = S_generator_note(&o);
  if (!o.only_log) {
    S_w_graph(&n, note, p = S_path(o.out, ".graph.json"));
    free(p);
    if (!o.no_profile) {
      S_w_profile(&n, &pr, p = S_path(o.out, ".profile.json"));
      free(p);
    }
    if (!o.no_timing) {
      S_w_timing(it, o.iterations, p = S_path(o.out, ".timing.json"));
      free(p);
    }
    if (!o.no_meta) {
      S_w_profile_meta(&ps, inf, dev, note, p = S_path(o.out, ".profile.metadata.json"));
      free(p);
      S_w_build_meta(bopt, dev, base, note, p = S_path(o.out, ".build.metadata.json"));
      free(p);
    }
  }
  if (o.log) {
    S_w_log(&n, &o, &pr, it, &ps, inf, bopt, dev, base, p = S_path(o.out, ".profile.log"));
    free(p);
  }
  free(note);
  S_kv_free(inf);
  S_kv_free(bopt);
  S_kv_free(dev);
  free(it);
  free(pr.time);
  free(pr.avg);
  free(pr.med);
  free(pr.present);
  S_net_free(&n);
  return 0;
}
