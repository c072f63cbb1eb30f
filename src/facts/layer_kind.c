#include "facts/layer_kind.h"
#include "words/words.h"
#include <math.h>
#include <stdio.h>
#include <pthread.h>
#include <string.h>
#include <strings.h>

static int S_is(const char *a, const char *b) { return a && b && !strcmp(a, b); }

int ec_layer_is_reformat(const ec_layer *l) {
  if (S_is(l->type, "Reformat") || S_is(l->layer_type, "Reformat")) return 1;
  int typed = l->type && strcmp(l->type, "Unknown");
  return !typed && l->name && ec_name_is_reformat(l->name);
}

int ec_layer_is_conv(const ec_layer *l) { return S_is(l->type, "Convolution"); }

int ec_layer_is_myelin(const ec_layer *l) {
  static const char *const types[] = {"Myelin", "kgen", "gemm"};
  for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
    if (S_is(l->layer_type, types[i]) || S_is(l->type, types[i])) return 1;
  if (l->name && !strncmp(l->name, "{ForeignNode", 12)) return 1;
  return l->tactic && (!strncmp(l->tactic, "__myl", 5) || !strncmp(l->tactic, "__mye", 5));
}

size_t ec_layer_fused_ops(const ec_layer *l) {
  if (ec_layer_is_reformat(l)) return 1;
  if (l->n_metadata) return l->n_metadata;
  size_t n = 1;
  if (l->name)
    for (const char *q = strstr(l->name, " + "); q; q = strstr(q + 3, " + ")) n++;
  return n;
}

int ec_layer_is_fused(const ec_layer *l) {
  if (ec_layer_is_reformat(l)) return 0;
  return ec_layer_is_myelin(l) || ec_layer_fused_ops(l) > 1;
}

/* ---- names ---------------------------------------------------------------- */

/* The parts of a fused name: " + " and " || " separate them. */
typedef struct {
  const char *p;
  size_t n;
} S_part;

static size_t S_parts(const char *name, S_part *out, size_t cap) {
  size_t n = 0;
  if (!name || !*name || !cap) return 0;
  const char *start = name, *p = name;
  for (; *p; p++) {
    size_t sep = !strncmp(p, " + ", 3) ? 3 : !strncmp(p, " || ", 4) ? 4 : 0;
    if (!sep) continue;
    out[n].p = start;
    out[n].n = (size_t)(p - start);
    if (++n == cap) return n;
    p += sep - 1;
    start = p + 1;
  }
  out[n].p = start;
  out[n].n = (size_t)(p - start);
  return n + 1;
}

/* The last "/" component of a part. */
static S_part S_last(S_part x) {
  for (size_t i = x.n; i-- > 0;)
    if (x.p[i] == '/') return (S_part){x.p + i + 1, x.n - i - 1};
  return x;
}

/* Does component c start with the ONNX op name op, followed by its end, '_',
 * a digit or '+' (MatMul, MatMul_1, Softmax_12, MatMul_1+...)? */
static int S_op_is(S_part c, const char *op) {
  size_t k = strlen(op);
  if (c.n < k || memcmp(c.p, op, k)) return 0;
  if (c.n == k) return 1;
  char x = c.p[k];
  return x == '_' || x == '+' || (x >= '0' && x <= '9');
}

static int S_starts(S_part x, const char *pre) {
  size_t k = strlen(pre);
  return x.n >= k && !memcmp(x.p, pre, k);
}

static int S_ends(S_part x, const char *suf) {
  size_t k = strlen(suf);
  return x.n >= k && !memcmp(x.p + x.n - k, suf, k);
}

static int S_typed(const ec_layer *l) { return l->type && strcmp(l->type, "Unknown"); }

/* ---- kinds ---------------------------------------------------------------- */

/* Does s hold "deconv" in any case? */
static int S_has_deconv(const char *s) {
  for (const char *p = s; p && *p; p++)
    if (!strncasecmp(p, "deconv", 6)) return 1;
  return 0;
}

int ec_layer_is_deconv(const ec_layer *l) { return S_has_deconv(l->type) || S_has_deconv(l->layer_type); }

int ec_layer_is_gemm(const ec_layer *l) {
  if (ec_layer_is_conv(l) || ec_layer_is_deconv(l)) return 0;
  static const char *const t[] = {"MatrixMultiply", "gemm", "Gemm", "FullyConnected", "CaskGemmMatrixMultiply"};
  for (size_t k = 0; k < sizeof t / sizeof t[0]; k++)
    if (S_is(l->type, t[k]) || S_is(l->layer_type, t[k])) return 1;
  return l->layer_type && (strstr(l->layer_type, "Gemm") || strstr(l->layer_type, "MatrixMultiply"));
}

int ec_layer_is_fully_connected(const ec_layer *l) {
  return S_is(l->type, "FullyConnected") || S_is(l->layer_type, "FullyConnected");
}

int ec_layer_is_matmul(const ec_layer *l) {
  if (ec_layer_is_gemm(l)) return 1;
  if (!l->name || ec_layer_is_reformat(l) || ec_layer_movement(l) != EC_MOVE_NONE) return 0;
  S_part parts[64];
  size_t n = S_parts(l->name, parts, 64);
  for (size_t i = 0; i < n; i++) {
    if (S_starts(parts[i], "reshape_") || S_starts(parts[i], "PWN(")) continue;
    S_part c = S_last(parts[i]);
    if (S_op_is(c, "MatMul") || S_op_is(c, "Gemm")) return 1;
  }
  return 0;
}

ec_kgen_ops ec_layer_kgen(const ec_layer *l) {
  if (l->tactic && !strncmp(l->tactic, "__myl_", 6)) return ec_kgen_decode(l->tactic);
  return ec_kgen_decode(l->name);
}

int ec_layer_is_softmax(const ec_layer *l) {
  if (S_is(l->type, "SoftMax") || S_is(l->type, "Softmax") || S_is(l->layer_type, "CaskSoftMax")) return 1;
  ec_kgen_ops k = ec_layer_kgen(l);
  if (k.present) return (ec_kgen_fusions(&k) & EC_FUSE_SOFTMAX) != 0;
  if (S_typed(l) || !l->name || ec_layer_is_reformat(l)) return 0;
  S_part parts[64];
  size_t n = S_parts(l->name, parts, 64);
  for (size_t i = 0; i < n; i++)
    if (S_op_is(S_last(parts[i]), "Softmax")) return 1;
  return 0;
}

/* "mha" as a word (or "fmha") in s, case-insensitive. */
static int S_has_mha(const char *s) {
  if (!s) return 0;
  for (const char *p = s; *p; p++) {
    if ((p[0] | 32) != 'm' || (p[1] | 32) != 'h' || (p[2] | 32) != 'a') continue;
    char b = p == s ? '_' : (char)(p[-1] | 32), a = (char)(p[3] | 32);
    int before = !(b >= 'a' && b <= 'z') || b == 'f';
    int after = !(a >= 'a' && a <= 'z');
    if (before && after) return 1;
  }
  return 0;
}

int ec_layer_is_fused_mha(const ec_layer *l) {
  const char *s[2] = {l->tactic, l->name};
  for (int i = 0; i < 2; i++) {
    if (!s[i]) continue;
    if (S_has_mha(s[i]) || strstr(s[i], "flash_att") || strstr(s[i], "flash_fwd") || strstr(s[i], "QKVToContext"))
      return 1;
  }
  return 0;
}

/* 1 when name ends with suffix */
static int S_ends_str(const char *name, const char *suffix) {
  size_t n = strlen(name), k = strlen(suffix);
  return n > k && !strcmp(name + n - k, suffix);
}

int ec_name_is_dla_io(const char *name) {
  return name && (S_ends_str(name, " to nvm") || S_ends_str(name, " from nvm") || S_ends_str(name, " copy finish"));
}

int ec_engine_runs_dla(const ec_engine *e) {
  const char *core = ec_kvs_get(&e->system_options, "DLACore");
  if (core && *core && strcmp(core, "-1")) return 1;
  for (size_t i = 0; i < e->n_layers; i++)
    if (ec_name_is_dla_io(e->layers[i].name)) return 1;
  return 0;
}

int ec_layer_is_dla_output(const ec_layer *l) {
  /* TensorRT 8.5 and later: the record that waits for a DLA region's output ("<tensor> from nvm") */
  if (l->name && S_ends_str(l->name, " from nvm")) return 1;
  if (!l->name || l->name[0] != '{' || !strncmp(l->name, "{ForeignNode", 12) || !ec_layer_is_reformat(l)) return 0;
  const char *close = strstr(l->name, "} output reformatter");
  return close && !memchr(l->name, '}', (size_t)(close - l->name));
}

ec_move_kind ec_layer_movement(const ec_layer *l) {
  if (ec_layer_is_dla_output(l)) return EC_MOVE_NONE;
  if (ec_layer_is_reformat(l)) return EC_MOVE_REFORMAT;
  static const char *const moves[] = {"Shuffle", "Slice", "Concatenation", "Gather", "Cast", "Padding",
                                      "ShapeHostToDevice"};
  for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++)
    if (S_is(l->type, moves[i])) return EC_MOVE_LAYER;
  ec_kgen_ops k = ec_layer_kgen(l);
  if (k.present) return ec_kgen_moves_only(&k) ? EC_MOVE_KGEN : EC_MOVE_NONE;
  if (S_typed(l) || !l->name || !*l->name) return EC_MOVE_NONE;
  static const char *const ops[] = {"Reshape", "Transpose", "Squeeze", "Unsqueeze", "Flatten", "Slice", "Concat",
                                    "Gather", "Expand", "Tile", "Split", "Pad", "Cast", "Identity"};
  S_part parts[64];
  size_t n = S_parts(l->name, parts, 64);
  if (n == 64) return EC_MOVE_NONE; /* too many parts to be sure */
  for (size_t i = 0; i < n; i++) {
    if (S_starts(parts[i], "reshape_before_") || S_starts(parts[i], "reshape_after_") || S_ends(parts[i], " copy"))
      continue;
    S_part c = S_last(parts[i]);
    int mv = 0;
    for (size_t k2 = 0; k2 < sizeof ops / sizeof ops[0] && !mv; k2++) mv = S_op_is(c, ops[k2]);
    if (!mv) return EC_MOVE_NONE;
  }
  return EC_MOVE_NAMED;
}

long ec_layer_myelin_region(const ec_layer *l) {
  if (!l->name) return -1;
  const char *hit = NULL;
  for (const char *p = strstr(l->name, "_myl"); p; p = strstr(p + 1, "_myl")) hit = p;
  if (!hit) return -1;
  const char *p = hit + 4;
  long v = 0;
  int digits = 0;
  while (*p >= '0' && *p <= '9' && digits < 12) v = v * 10 + (*p++ - '0'), digits++;
  if (!digits || *p != '_') return -1;
  p++;
  if (!(*p >= '0' && *p <= '9')) return -1;
  while (*p >= '0' && *p <= '9') p++;
  return *p ? -1 : v;
}

int ec_layer_is_sync(const ec_layer *l) {
  if (S_is(l->layer_type, "signal") || S_is(l->layer_type, "wait")) return 1;
  return l->name && (strstr(l->name, "^signal^") || strstr(l->name, "^wait^"));
}

int ec_layer_is_pointwise(const ec_layer *l) { return l->type && !strncmp(l->type, "PointWise", 9); }

size_t ec_pointwise_ops(const ec_engine *e, size_t count[EC_PW_MAX_OPS + 1], double ms[EC_PW_MAX_OPS + 1]) {
  size_t n = 0;
  for (size_t k = 0; k <= EC_PW_MAX_OPS; k++) count[k] = 0, ms[k] = 0;
  for (size_t i = 0; i < e->n_layers; i++) {
    const ec_layer *l = &e->layers[i];
    if (!ec_layer_is_pointwise(l)) continue;
    size_t k = l->n_operations < EC_PW_MAX_OPS ? l->n_operations : EC_PW_MAX_OPS;
    count[k]++;
    if (l->has_profile && isfinite(l->avg_ms)) ms[k] += l->avg_ms;
    n++;
  }
  return n;
}

/* ---- a type family from the name (names-only layer information) ----------- */

/* The families, most telling first: a fused name takes the first family any
 * of its parts names ("/conv1/Conv + /bn1/Mul + /act1/Relu" is a
 * Convolution). Names are TREx's type names where one exists, so colours
 * and by-type rows line up with engines whose types are known. */
static const struct {
  const char *name, *marked;
} S_fam[] = {
    {"Convolution", "Convolution (from name)"},
    {"Deconvolution", "Deconvolution (from name)"},
    {"MatrixMultiply", "MatrixMultiply (from name)"},
    {"SoftMax", "SoftMax (from name)"},
    {"Normalization", "Normalization (from name)"},
    {"Pooling", "Pooling (from name)"},
    {"Resize", "Resize (from name)"},
    {"Reduce", "Reduce (from name)"},
    {"TopK", "TopK (from name)"},
    {"NMS", "NMS (from name)"},
    {"PluginV2", "PluginV2 (from name)"},
    {"Scatter", "Scatter (from name)"},
    {"Gather", "Gather (from name)"},
    {"Concatenation", "Concatenation (from name)"},
    {"Slice", "Slice (from name)"},
    {"PointWise", "PointWise (from name)"},
    {"Activation", "Activation (from name)"},
    {"ElementWise", "ElementWise (from name)"},
    {"Scale", "Scale (from name)"},
    {"Cast", "Cast (from name)"},
    {"Quantize", "Quantize (from name)"},
    {"Shuffle", "Shuffle (from name)"},
    {"Reformat", "Reformat (from name)"},
    {"Constant", "Constant (from name)"},
    {"DLA", "DLA (from name)"},
    {"Myelin", "Myelin (from name)"},
    {"kgen", "kgen (from name)"},
    {"TrainStation", "TrainStation (from name)"},
    {"shape_call", "shape_call (from name)"},
    {"signal", "signal (from name)"},
    {"wait", "wait (from name)"},
};
enum { S_NFAM = sizeof S_fam / sizeof S_fam[0] };

static int S_fam_ix(const char *name) {
  for (int i = 0; i < S_NFAM; i++)
    if (!strcmp(S_fam[i].name, name)) return i;
  return -1;
}

/* ONNX (and PyTorch, TensorFlow) op words, lower case without '_', and the
 * family TensorRT builds from them. */
static const struct {
  const char *op, *fam;
} S_ops[] = {
    {"conv", "Convolution"}, {"convolution", "Convolution"}, {"conv1d", "Convolution"},
    {"conv2d", "Convolution"}, {"conv3d", "Convolution"},
    {"convtranspose", "Deconvolution"}, {"convtranspose2d", "Deconvolution"}, {"deconv", "Deconvolution"},
    {"deconvolution", "Deconvolution"},
    {"matmul", "MatrixMultiply"}, {"gemm", "MatrixMultiply"}, {"linear", "MatrixMultiply"}, {"fc", "MatrixMultiply"},
    {"einsum", "MatrixMultiply"}, {"bmm", "MatrixMultiply"}, {"addmm", "MatrixMultiply"}, {"mm", "MatrixMultiply"},
    {"softmax", "SoftMax"}, {"logsoftmax", "SoftMax"},
    {"layernormalization", "Normalization"}, {"batchnormalization", "Normalization"},
    {"instancenormalization", "Normalization"}, {"groupnormalization", "Normalization"},
    {"layernorm", "Normalization"}, {"rmsnorm", "Normalization"}, {"batchnorm", "Normalization"},
    {"groupnorm", "Normalization"}, {"instancenorm", "Normalization"},
    {"maxpool", "Pooling"}, {"averagepool", "Pooling"}, {"avgpool", "Pooling"}, {"globalaveragepool", "Pooling"},
    {"globalmaxpool", "Pooling"}, {"lppool", "Pooling"}, {"maxpool1d", "Pooling"}, {"maxpool2d", "Pooling"},
    {"maxpool3d", "Pooling"}, {"avgpool2d", "Pooling"}, {"adaptiveavgpool2d", "Pooling"},
    {"relu", "Activation"}, {"leakyrelu", "Activation"}, {"prelu", "Activation"}, {"sigmoid", "Activation"},
    {"tanh", "Activation"}, {"gelu", "Activation"}, {"silu", "Activation"}, {"elu", "Activation"},
    {"selu", "Activation"}, {"hardsigmoid", "Activation"}, {"hardswish", "Activation"}, {"softplus", "Activation"},
    {"softsign", "Activation"}, {"clip", "Activation"}, {"mish", "Activation"}, {"thresholdedrelu", "Activation"},
    {"add", "ElementWise"}, {"sub", "ElementWise"}, {"mul", "ElementWise"}, {"div", "ElementWise"},
    {"pow", "ElementWise"}, {"sqrt", "ElementWise"}, {"exp", "ElementWise"}, {"log", "ElementWise"},
    {"erf", "ElementWise"}, {"neg", "ElementWise"}, {"abs", "ElementWise"}, {"reciprocal", "ElementWise"},
    {"min", "ElementWise"}, {"max", "ElementWise"}, {"where", "ElementWise"}, {"equal", "ElementWise"},
    {"less", "ElementWise"}, {"greater", "ElementWise"}, {"not", "ElementWise"}, {"and", "ElementWise"},
    {"or", "ElementWise"}, {"sin", "ElementWise"}, {"cos", "ElementWise"}, {"floor", "ElementWise"},
    {"ceil", "ElementWise"}, {"round", "ElementWise"}, {"mod", "ElementWise"},
    {"reshape", "Shuffle"}, {"transpose", "Shuffle"}, {"flatten", "Shuffle"}, {"squeeze", "Shuffle"},
    {"unsqueeze", "Shuffle"}, {"shuffle", "Shuffle"},
    {"slice", "Slice"}, {"split", "Slice"}, {"pad", "Slice"},
    {"concat", "Concatenation"}, {"concatenation", "Concatenation"},
    {"gather", "Gather"}, {"gatherelements", "Gather"}, {"gathernd", "Gather"},
    {"scatter", "Scatter"}, {"scatternd", "Scatter"}, {"scatterelements", "Scatter"},
    {"resize", "Resize"}, {"upsample", "Resize"},
    {"reducemax", "Reduce"}, {"reducemin", "Reduce"}, {"reducemean", "Reduce"}, {"reducesum", "Reduce"},
    {"reduceprod", "Reduce"}, {"reducel1", "Reduce"}, {"reducel2", "Reduce"}, {"reducelogsumexp", "Reduce"},
    {"reducesumsquare", "Reduce"}, {"mean", "Reduce"}, {"reduce", "Reduce"},
    {"topk", "TopK"}, {"argmax", "TopK"}, {"argmin", "TopK"},
    {"quantizelinear", "Quantize"}, {"dequantizelinear", "Quantize"},
    {"nonmaxsuppression", "NMS"}, {"cast", "Cast"}, {"constant", "Constant"},
};

/* TensorRT's own names of unnamed layers: "(Unnamed Layer* 12) [Kind]". */
static const struct {
  const char *kind, *fam;
} S_bracket[] = {
    {"Convolution", "Convolution"}, {"Deconvolution", "Deconvolution"}, {"Matrix Multiply", "MatrixMultiply"},
    {"Fully Connected", "MatrixMultiply"}, {"Softmax", "SoftMax"}, {"SoftMax", "SoftMax"},
    {"Pooling", "Pooling"}, {"Activation", "Activation"}, {"ElementWise", "ElementWise"},
    {"Unary", "ElementWise"}, {"Select", "ElementWise"}, {"Shuffle", "Shuffle"}, {"Slice", "Slice"},
    {"Padding", "Slice"}, {"Concatenation", "Concatenation"}, {"Gather", "Gather"}, {"Resize", "Resize"},
    {"Reduce", "Reduce"}, {"TopK", "TopK"}, {"Constant", "Constant"}, {"Scale", "Scale"},
    {"Normalization", "Normalization"}, {"Quantize", "Quantize"}, {"Dequantize", "Quantize"}, {"Cast", "Cast"},
    {"PluginV2", "PluginV2"}, {"PluginV3", "PluginV2"}, {"NMS", "NMS"},
};

/* ONNX op names exactly as tf2onnx spells the nodes it creates ("Conv__25");
 * other "X__N" names are nodes it inserted (a Transpose named after
 * "Conv2D__6"), which tell nothing. */
static const char *const S_exact[] = {"Conv",      "ConvTranspose", "MatMul",  "Gemm",    "Relu",
                                      "Sigmoid",   "Softmax",       "Add",     "Mul",     "Sub",
                                      "Div",       "Transpose",     "Reshape", "Concat",  "Slice",
                                      "Gather",    "Resize",        "MaxPool", "AveragePool",
                                      "GlobalAveragePool", "BatchNormalization", "LayerNormalization"};

static int S_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
static int S_digit(char c) { return c >= '0' && c <= '9'; }

/* The family of an op word w[0..n) (case and '_' ignored), or -1. */
static int S_op_family(const char *w, size_t n) {
  char k[40];
  size_t m = 0;
  for (size_t i = 0; i < n; i++) {
    if (w[i] == '_') continue;
    if (m + 1 == sizeof k) return -1;
    k[m++] = (char)(w[i] >= 'A' && w[i] <= 'Z' ? w[i] + 32 : w[i]);
  }
  k[m] = '\0';
  for (size_t i = 0; i < sizeof S_ops / sizeof S_ops[0]; i++)
    if (!strcmp(S_ops[i].op, k)) return S_fam_ix(S_ops[i].fam);
  return -1;
}

static int S_starts_lit(S_part x, const char *pre) { return S_starts(x, pre); }

/* "_myl<R>_<k>" at the end of c: the length without it. */
static size_t S_strip_myl(S_part c) {
  size_t n = c.n, i = n;
  while (i > 0 && S_digit(c.p[i - 1])) i--;
  if (i == n || i == 0 || c.p[i - 1] != '_') return n;
  size_t j = i - 1;
  while (j > 0 && S_digit(c.p[j - 1])) j--;
  if (j == i - 1 || j < 4 || memcmp(c.p + j - 4, "_myl", 4)) return n;
  return j - 4;
}

/* The family one part of a fused name names, -1 when it tells nothing, -2
 * for a node tf2onnx inserted (which tells nothing either, but is no
 * computation the name hides: a Transpose named after "Conv2D__6"). */
static int S_part_family(S_part x) {
  if (S_starts_lit(x, "reshape_before_") || S_starts_lit(x, "reshape_after_") || S_starts_lit(x, "copied_squeeze"))
    return S_fam_ix("Shuffle");
  if (S_starts_lit(x, "PWN(")) return S_fam_ix("PointWise");
  if (S_starts_lit(x, "(Unnamed Layer* ") && x.n && x.p[x.n - 1] == ']') {
    const char *o = memchr(x.p, '[', x.n);
    if (!o || o == x.p || o[-1] != ' ') return -1;
    size_t kn = (size_t)(x.p + x.n - 1 - (o + 1));
    for (size_t i = 0; i < sizeof S_bracket / sizeof S_bracket[0]; i++)
      if (strlen(S_bracket[i].kind) == kn && !memcmp(S_bracket[i].kind, o + 1, kn)) return S_fam_ix(S_bracket[i].fam);
    return -1;
  }
  /* Torch-TensorRT: "[CONVOLUTION]-[aten_ops.convolution.default]-[name]" */
  for (size_t i = 0; i + 9 <= x.n; i++)
    if (!memcmp(x.p + i, "aten_ops.", 9)) {
      size_t a = i + 9, b = a;
      while (b < x.n && (S_alpha(x.p[b]) || S_digit(x.p[b]) || x.p[b] == '_')) b++;
      return S_op_family(x.p + a, b - a);
    }
  S_part c = S_last(x);
  c.n = S_strip_myl(c);
  /* tf2onnx's "Op__N" */
  size_t e = c.n;
  while (e > 0 && S_digit(c.p[e - 1])) e--;
  if (e < c.n && e >= 2 && c.p[e - 1] == '_' && c.p[e - 2] == '_') {
    size_t wn = e - 2;
    for (size_t i = 0; i < wn; i++)
      if (!S_alpha(c.p[i])) return -2;
    for (size_t i = 0; i < sizeof S_exact / sizeof S_exact[0]; i++)
      if (strlen(S_exact[i]) == wn && !memcmp(S_exact[i], c.p, wn)) return S_op_family(c.p, wn);
    return -2;
  }
  if (c.n > 5 && !memcmp(c.p, "node_", 5)) c.p += 5, c.n -= 5; /* torch.fx: node_conv2d */
  /* the op word: '_'-joined segments that start with a letter ("MatMul",
   * "max_pool2d"); what follows is an index ("_1", "-3") or TensorRT's copy
   * of the op's tensor ("Reshape_copy_input") */
  size_t w = 0, last_seg = 0;
  while (w < c.n && S_alpha(c.p[w])) {
    last_seg = w;
    while (w < c.n && (S_alpha(c.p[w]) || S_digit(c.p[w]))) w++;
    if (w + 5 <= c.n && !memcmp(c.p + w, "_copy", 5) && (w + 5 == c.n || c.p[w + 5] == '_')) break;
    if (w + 1 < c.n && c.p[w] == '_' && S_alpha(c.p[w + 1])) w++;
    else break;
  }
  if (!w) return -1;
  /* a tensor's name ("/Constant_5_output_0", "/ln/LayerNormalization_output_0"):
   * a Constant layer at most */
  int tensor = (w - last_seg == 6 && !memcmp(c.p + last_seg, "output", 6));
  if (!tensor) {
    size_t r = w;
    if (r < c.n && c.p[r] == '_' && r + 1 < c.n && S_digit(c.p[r + 1])) {
      r++;
      while (r < c.n && S_digit(c.p[r])) r++;
    }
    tensor = c.n - r >= 8 && !memcmp(c.p + r, "_output_", 8);
  }
  if (tensor) return w >= 8 && S_op_family(c.p, 8) == S_fam_ix("Constant") ? S_fam_ix("Constant") : -1;
  return S_op_family(c.p, w);
}

/* The family of a Myelin kernel's decoded ops, or -1. */
static int S_kgen_family(const char *name) {
  ec_kgen_ops k = ec_kgen_decode(name);
  if (!k.present) return -1;
  unsigned f = ec_kgen_fusions(&k);
  if (f & EC_FUSE_LAYERNORM) return S_fam_ix("Normalization");
  if (f & EC_FUSE_SOFTMAX) return S_fam_ix("SoftMax");
  int cast_only = !k.unknown && !k.truncated;
  for (size_t i = 0; i < k.n; i++) {
    if (k.op[i] && (!strcmp(k.op[i]->name, "Fc") || !strcmp(k.op[i]->name, "Gemm"))) return S_fam_ix("MatrixMultiply");
    if (!k.op[i] || k.op[i]->cls != EC_KOP_CONVERT) cast_only = 0;
  }
  if (cast_only) return S_fam_ix("Cast");
  if (ec_kgen_moves_only(&k)) return S_fam_ix("Shuffle");
  if (f & EC_FUSE_GELU) return S_fam_ix("Activation");
  if (f & EC_FUSE_RMSNORM) return S_fam_ix("Normalization");
  /* every op known: a reduction, else element-wise arithmetic (the slices,
   * negations and products of a rotary embedding, a SiLU gate) */
  if (!k.unknown && !k.truncated) return S_fam_ix(f & EC_FUSE_REDUCE ? "Reduce" : "PointWise");
  return S_fam_ix("kgen");
}

static int S_name_family(const char *name) {
  if (!name || !*name) return -1;
  size_t n = strlen(name);
  if (ec_name_is_reformat(name) || (n > 5 && !strcmp(name + n - 5, " copy"))) return S_fam_ix("Reformat");
  if (ec_name_is_dla_io(name)) return S_fam_ix("DLA");
  if (!strncmp(name, "{ForeignNode[", 13)) return S_fam_ix("Myelin");
  if (!strncmp(name, "__myl_", 6)) return S_kgen_family(name);
  if (!strncmp(name, "[trainStation", 13)) return S_fam_ix("TrainStation");
  if (!strncmp(name, "dummy_shape_call", 16)) return S_fam_ix("shape_call");
  if (strstr(name, "^signal^")) return S_fam_ix("signal");
  if (strstr(name, "^wait^")) return S_fam_ix("wait");
  if (!strncmp(name, "_gemm", 5)) return S_fam_ix("MatrixMultiply"); /* Myelin's _gemm_mha_v2 */
  if (!strncmp(name, "PWN(", 4)) return S_fam_ix("PointWise");       /* its parts are the fused ops */
  S_part parts[64];
  size_t np = S_parts(name, parts, 64);
  int best = -1, untold = 0;
  for (size_t i = 0; i < np; i++) {
    int f = S_part_family(parts[i]);
    if (f == -1) untold++;
    else if (f >= 0 && (best < 0 || f < best)) best = f;
  }
  /* a fusion with a part whose op the name does not tell ("conv2/3x3_reduce +
   * conv2/relu_3x3_reduce": a Caffe convolution) may be that op: a family
   * that rides along with others (PointWise and below: Relu, Add, Reshape,
   * ...) does not name it */
  if (untold && np > 1 && best >= S_fam_ix("PointWise")) return -1;
  return best;
}

const char *ec_name_type_family(const char *name) {
  int f = S_name_family(name);
  return f < 0 ? NULL : S_fam[f].name;
}

const char *ec_layer_type_inferred(const ec_layer *l) {
  if (S_typed(l)) return NULL;
  return ec_name_type_family(l->name);
}

/* TensorRT 10/11's Myelin LayerTypes (no ParameterType, so no TREx type):
 * the family each is, and how a layer of that type is shown. A kgen layer
 * whose kernel's ops tell more is shown by S_kgen_shown. */
static const struct {
  const char *raw, *fam, *shown;
} S_myelin[] = {
    {"correlation", "Convolution", "Convolution (Myelin correlation)"},
    {"conv_act_pool", "Convolution", "Convolution (Myelin conv_act_pool)"},
    {"deconv", "Deconvolution", "Deconvolution (Myelin deconv)"},
    {"gemm", "MatrixMultiply", "MatrixMultiply (Myelin gemm)"},
    {"maxpool", "Pooling", "Pooling (Myelin maxpool)"},
    {"avgpool", "Pooling", "Pooling (Myelin avgpool)"},
    {"custom_layer", "Myelin", "Myelin (custom_layer)"},
    {"kgen", "kgen", "kgen"},
};
static const struct {
  const char *fam, *shown;
} S_kgen_shown[] = {
    {"Normalization", "Normalization (Myelin kgen)"}, {"SoftMax", "SoftMax (Myelin kgen)"},
    {"MatrixMultiply", "MatrixMultiply (Myelin kgen)"}, {"Cast", "Cast (Myelin kgen)"},
    {"Shuffle", "Shuffle (Myelin kgen)"}, {"Activation", "Activation (Myelin kgen)"},
    {"PointWise", "PointWise (Myelin kgen)"}, {"Reduce", "Reduce (Myelin kgen)"},
    /* kinds of a family told apart (S_kgen_kind) */
    {"Normalization", "RMSNorm (Myelin kgen)"}, {"MatrixMultiply", "MHA (Myelin kgen)"},
};

/* A kgen layer's shown type when it names a kind its family does not: an
 * RMSNorm (a Normalization), a fused attention kernel (_gemm_mha_v2, a
 * MatrixMultiply's family), else NULL. */
static const char *S_kgen_kind(const ec_layer *l) {
  if (ec_layer_is_fused_mha(l)) return "MHA (Myelin kgen)";
  ec_kgen_ops k = ec_layer_kgen(l);
  if (k.present && (ec_kgen_fusions(&k) & EC_FUSE_RMSNORM) && !(ec_kgen_fusions(&k) & EC_FUSE_LAYERNORM))
    return "RMSNorm (Myelin kgen)";
  return NULL;
}

const char *ec_type_family(const char *type) {
  if (!type || !*type || !strcmp(type, "Unknown")) return NULL;
  for (int i = 0; i < S_NFAM; i++)
    if (!strcmp(S_fam[i].name, type) || !strcmp(S_fam[i].marked, type)) return S_fam[i].name;
  for (size_t i = 0; i < sizeof S_myelin / sizeof S_myelin[0]; i++)
    if (!strcmp(S_myelin[i].raw, type) || !strcmp(S_myelin[i].shown, type)) return S_myelin[i].fam;
  for (size_t i = 0; i < sizeof S_kgen_shown / sizeof S_kgen_shown[0]; i++)
    if (!strcmp(S_kgen_shown[i].shown, type)) return S_kgen_shown[i].fam;
  return NULL;
}

/* A kgen layer's family from its kernel's decoded ops (tactic, else name), or -1. */
static int S_kgen_layer_family(const ec_layer *l) {
  const char *k = l->tactic && !strncmp(l->tactic, "__myl_", 6) ? l->tactic : l->name;
  return k && !strncmp(k, "__myl_", 6) ? S_kgen_family(k) : -1;
}

const char *ec_layer_family(const ec_layer *l) {
  if (!S_typed(l)) return ec_layer_type_inferred(l);
  if (!strcmp(l->type, "kgen")) {
    int f = S_kgen_layer_family(l);
    if (f < 0 && ec_layer_is_fused_mha(l)) return "MatrixMultiply";
    return f < 0 ? "kgen" : S_fam[f].name;
  }
  return ec_type_family(l->type);
}

const char *ec_layer_type_from_names(const ec_layer *l) {
  if (!S_typed(l)) return ec_layer_type_inferred(l);
  if (strcmp(l->type, "kgen")) return NULL;
  const char *shown = ec_layer_shown_type(l);
  return strcmp(shown, "kgen") ? shown : NULL;
}

const char *ec_layer_tactic_shown(const ec_layer *l, char *buf, size_t cap) {
  if (l->tactic && *l->tactic && strcmp(l->tactic, "TensorRT")) return l->tactic;
  const char *v = l->tactic_value;
  if (v && *v && l->layer_type && *l->layer_type && strcmp(l->layer_type, "Unknown")) {
    /* the runner and its tactic number, leading zeros dropped: "PointWiseV2 0x1e" */
    if ((v[0] == '0' && (v[1] == 'x' || v[1] == 'X')) && v[2]) {
      const char *d = v + 2;
      while (d[0] == '0' && d[1]) d++;
      snprintf(buf, cap, "%.60s 0x%.40s", l->layer_type, d);
    } else
      snprintf(buf, cap, "%.60s %.40s", l->layer_type, v);
  } else if (v && *v)
    snprintf(buf, cap, EC_NA " (tactic %.40s)", v);
  else
    snprintf(buf, cap, EC_NA);
  return buf;
}

const char *ec_layer_shown_type(const ec_layer *l) {
  if (S_typed(l)) {
    if (!strcmp(l->type, "kgen")) {
      const char *kind = S_kgen_kind(l);
      if (kind) return kind;
      const char *f = ec_layer_family(l);
      for (size_t i = 0; i < sizeof S_kgen_shown / sizeof S_kgen_shown[0]; i++)
        if (!strcmp(S_kgen_shown[i].fam, f)) return S_kgen_shown[i].shown;
      return l->type;
    }
    for (size_t i = 0; i < sizeof S_myelin / sizeof S_myelin[0]; i++)
      if (!strcmp(S_myelin[i].raw, l->type)) return S_myelin[i].shown;
    return l->type;
  }
  int f = S_name_family(l->name);
  return f < 0 ? "Unknown" : S_fam[f].marked;
}

const char *ec_type_unmarked(const char *shown) {
  if (!shown) return shown;
  for (int i = 0; i < S_NFAM; i++)
    if (!strcmp(S_fam[i].marked, shown)) return S_fam[i].name;
  return shown;
}

/* process-wide: the family names, filled once (pthread_once: any thread may
 * ask; it used to be rewritten on every call). */
static const char *S_fam_names[S_NFAM];
static pthread_once_t S_fam_once = PTHREAD_ONCE_INIT;

static void S_fam_fill(void) {
  for (int i = 0; i < S_NFAM; i++) S_fam_names[i] = S_fam[i].name;
}

size_t ec_type_families(const char *const **names) {
  pthread_once(&S_fam_once, S_fam_fill);
  *names = S_fam_names;
  return S_NFAM;
}

int ec_type_is_inferred(const char *shown) { return shown && ec_type_unmarked(shown) != shown; }
