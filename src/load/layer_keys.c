/* layer_keys — the one place that maps a layer's keys into the model.
 *
 * trtexec describes a layer with the same keys whether it writes the layer
 * information JSON (--exportLayerInfo) or prints it in a log (--dumpLayerInfo
 * "Name: ..., LayerType: ..." lines, verbose "Layer(Type): name, Tactic: ..."
 * listings). The JSON reader (graph.c) and the log tokeniser (log_layers.c)
 * only turn text into (key, value) pairs; this file decides what each key
 * means, so a layer reads the same from either:
 *   - Name: U+001E/U+001F become '+' (as TREx's fix_unicode);
 *   - type: ec_layer_type_normal (ParameterType, else the ParameterType
 *     graph JSON gives with that LayerType, else LayerType);
 *   - TacticName ("" is none), TacticValue, Origin, PoolingType (ConvActPool:
 *     PoolingPoolingType), Activation, StreamId, Operations;
 *   - Metadata split on U+001E/U+001F into its ONNX entries;
 *   - Weights {Type, Count}: type canonical, TREx's byte count; every
 *     {Type, Count} object (Bias, ConvWeights, ...) counts in weights_bytes;
 *   - MatrixOpA, MatrixOpB: a MatrixMultiply's operand operations (matop);
 *   - Kernel, Groups, OutMaps, Stride, Dilation (ConvActPool: Conv-prefixed,
 *     the plain key wins) describe a convolution or a deconvolution when the
 *     type or layer type names one (Convolution, ConvActPool,
 *     Deconvolution, GemmDeconvolution, deconv: facts/layer_math.h tells
 *     which formula applies);
 *   - every key but Name, LayerType, ParameterType, Inputs, Outputs,
 *     TacticName and Metadata is also kept as a raw attribute, in one text
 *     form for both readers.
 * Tensors likewise: Name, Location, Dimensions (negative = dynamic -1, "32:8"
 * vector form = 32; absent = unknown volume), Format/Datatype, or TensorRT
 * 11's Format and Datatype (or DataType) keys joined into the 10.x string
 * they stand for (ec_format_join; a Datatype alone is the data type, as a
 * 10.x kgen tensor's); absent = "Unknown format". Strides and StrideOrder
 * are not used. A layer's "Constants" are tensors too (graph.c). */
#include "load/internal.h"
#include "words/words.h"
#include "util/alloc.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static int S_is(const char *k, size_t n, const char *lit) { return strlen(lit) == n && memcmp(k, lit, n) == 0; }

void ec_lval_text(ec_lval *v, const char *s, size_t n) {
  /* every field but the (large) ints array, which nints bounds */
  v->s = s;
  v->n = n;
  v->nints = v->is_ints = v->is_list = v->is_weights = v->no_attr = 0;
  v->wtype = NULL;
  v->wtype_n = 0;
  v->wcount = 0;
  v->items = NULL;
  v->item_n = NULL;
  v->nitems = 0;
  /* an integer, or a list of integers "[5,5]" / "1,32:8,-1" */
  const char *p = s, *end = s + n;
  while (p < end && *p == ' ') p++;
  while (end > p && end[-1] == ' ') end--;
  if (p == end) return;
  int list = 0;
  if (p < end && *p == '[') {
    if (end[-1] != ']') return;
    list = 1;
    p++, end--;
  }
  int k = 0;
  while (p < end || (list && k == 0 && p == end)) {
    while (p < end && *p == ' ') p++;
    if (p == end) {
      if (list && k == 0) break; /* "[]" */
      return;
    }
    int neg = 0;
    if (*p == '-') neg = 1, p++;
    const char *d = p;
    int64_t x = 0;
    while (p < end && *p >= '0' && *p <= '9') {
      if (x > (INT64_MAX - 9) / 10) return;
      x = x * 10 + (*p - '0');
      p++;
    }
    if (p == d) return;
    if (p < end && *p == ':') { /* vector form "32:8": 32 channels in vectors of 8 */
      p++;
      while (p < end && *p >= '0' && *p <= '9') p++;
    }
    while (p < end && *p == ' ') p++;
    if (k == 64) return;
    v->ints[k++] = neg ? -x : x;
    if (p < end) {
      if (*p != ',') return;
      p++;
      list = list ? list : 2; /* "1,2" without brackets: still a list */
    }
  }
  v->nints = k;
  v->is_ints = 1;
  v->is_list = list != 0;
}

/* "[5,5]" or "5" as the attribute text of an integer value, into t (which
 * holds 64 * 21 + 3 bytes); returns its length. */
static size_t S_ints_text(const ec_lval *v, char *t) {
  size_t off = 0;
  if (!v->is_list) return (size_t)sprintf(t, "%lld", (long long)v->ints[0]);
  t[off++] = '[';
  for (int i = 0; i < v->nints; i++) off += (size_t)sprintf(t + off, "%s%lld", i ? "," : "", (long long)v->ints[i]);
  t[off++] = ']';
  t[off] = '\0';
  return off;
}

char *ec_layer_name_fixed(const char *s, size_t n) {
  char *d = ec_strndup(s, n);
  for (size_t i = 0; i < n; i++)
    if (d[i] == '\x1e' || d[i] == '\x1f') d[i] = '+';
  return d;
}

static void S_set_str(char **dst, const ec_lval *v) {
  free(*dst);
  *dst = ec_strndup(v->s, v->n);
}

/* The ParameterType graph JSON writes with a LayerType, for the sources that
 * give the LayerType alone (a verbose build log's "Layer(T): ..." listing).
 * Pairs seen in graph JSON (TREx's data and real engines), then the runner
 * spellings of one kind: a Cask/Cuda/Cudnn/Cublas prefix and a "V2" suffix
 * around the kind's name (CaskSoftMaxV2, CaskPoolingV2, CudnnConvolution). */
static const char *S_param_type_of(const char *lt) {
  static const struct {
    const char *lt, *pt;
  } pairs[] = {
      {"FusedConvActConvolution", "Convolution"}, {"GemmDeconvolution", "Convolution"}, /* TRT 8.2 */
      {"TiledPooling", "Pooling"},                {"Padding", "Slice"},
      {"PointWiseV2", "PointWise"},               {"CaskConvActPool", "ConvActPool"},
  };
  for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++)
    if (!strcmp(lt, pairs[i].lt)) return pairs[i].pt;
  static const char *const runner[] = {"Cask", "Cudnn", "Cublas", "Cuda"};
  size_t n = strlen(lt), pre = 0;
  for (size_t i = 0; i < sizeof runner / sizeof runner[0] && !pre; i++)
    if (!strncmp(lt, runner[i], strlen(runner[i]))) pre = strlen(runner[i]);
  if (!pre) return NULL;
  size_t end = n; /* without a "V<digits>" suffix */
  while (end > pre && lt[end - 1] >= '0' && lt[end - 1] <= '9') end--;
  if (end < n && end > pre + 1 && lt[end - 1] == 'V') end--;
  else end = n;
  /* the kind is the end of what is left: CudaDepthwiseConvolution, CaskGemmConvolution */
  static const struct {
    const char *suffix, *pt;
  } kinds[] = {
      {"Deconvolution", "Deconvolution"}, {"Convolution", "Convolution"},     {"Pooling", "Pooling"},
      {"SoftMax", "SoftMax"},             {"Softmax", "SoftMax"},             {"MatrixMultiply", "MatrixMultiply"},
      {"ElementWise", "ElementWise"},     {"PointWise", "PointWise"},         {"Reduce", "Reduce"},
      {"Resize", "Resize"},               {"Scale", "Scale"},                 {"Shuffle", "Shuffle"},
      {"Slice", "Slice"},                 {"Normalization", "Normalization"}, {"Activation", "Activation"},
  };
  for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
    size_t k = strlen(kinds[i].suffix);
    if (end - pre >= k && !memcmp(lt + end - k, kinds[i].suffix, k)) return kinds[i].pt;
  }
  return NULL;
}

const char *ec_layer_type_normal(const char *layer_type, const char *param_type) {
  if (param_type) {
    if (!strcmp(param_type, "Convolution") && layer_type && !strcmp(layer_type, "CaskDeconvolutionV2"))
      return "Deconvolution";
    return param_type;
  }
  if (!layer_type) return "Unknown";
  const char *pt = S_param_type_of(layer_type);
  return pt ? pt : layer_type;
}

void ec_layer_build_begin(ec_layer_build *b, ec_layer *l) {
  memset(b, 0, sizeof *b);
  b->l = l;
  b->groups = 1;
  l->stream_id = -1;
  l->conv.groups = 1;
}

/* Convolution attribute k (0 Kernel, 1 Groups, 2 OutMaps, 3 Stride, 4 Dilation);
 * prefixed: the ConvActPool spelling ("ConvKernel"), which the plain key overrides. */
static void S_conv_key(ec_layer_build *b, int k, int prefixed, const ec_lval *v) {
  if (!v->is_ints || !v->nints) return;
  unsigned bit = 1u << k;
  if (prefixed && (b->plain & bit)) return;
  if (!prefixed) b->plain |= bit;
  int n = v->nints < 3 ? v->nints : 3;
  switch (k) {
  case 0:
    memset(b->kernel, 0, sizeof b->kernel);
    memcpy(b->kernel, v->ints, (size_t)n * sizeof *v->ints);
    b->nkernel = n;
    b->has_kernel = 1;
    break;
  case 1: b->groups = v->ints[0] < 1 ? 1 : v->ints[0]; break;
  case 2: b->out_maps = v->ints[0]; break;
  case 3:
    memset(b->stride, 0, sizeof b->stride);
    memcpy(b->stride, v->ints, (size_t)n * sizeof *v->ints);
    break;
  default:
    memset(b->dilation, 0, sizeof b->dilation);
    memcpy(b->dilation, v->ints, (size_t)n * sizeof *v->ints);
    break;
  }
}

/* MatrixOpA/MatrixOpB as TensorRT spells it ("TRANSPOSE", "kTRANSPOSE",
 * "MatrixOperation.TRANSPOSE"; any case). */
static ec_matop S_matop(const char *s, size_t n) {
  static const struct { const char *w; ec_matop op; } t[] = {
      {"TRANSPOSE", EC_MATOP_TRANSPOSE}, {"VECTOR", EC_MATOP_VECTOR}, {"NONE", EC_MATOP_NONE}};
  for (size_t k = 0; k < sizeof t / sizeof t[0]; k++) {
    size_t w = strlen(t[k].w);
    for (size_t i = 0; i + w <= n; i++)
      if (strncasecmp(s + i, t[k].w, w) == 0) return t[k].op;
  }
  return EC_MATOP_UNKNOWN;
}

void ec_layer_key(ec_layer_build *b, const char *key, size_t klen, const ec_lval *v) {
  ec_layer *l = b->l;
  int own = 0; /* has its own field and is not kept as an attribute */
  if (S_is(key, klen, "Name")) {
    free(l->name);
    l->name = ec_layer_name_fixed(v->s, v->n);
    l->name_len = v->n;
    own = 1;
  } else if (S_is(key, klen, "LayerType")) {
    S_set_str(&l->layer_type, v);
    own = 1;
  } else if (S_is(key, klen, "ParameterType")) {
    S_set_str(&b->ptype, v);
    own = 1;
  } else if (S_is(key, klen, "Inputs") || S_is(key, klen, "Outputs") || S_is(key, klen, "Constants")) {
    own = 1; /* the readers parse tensors (ec_tensor_key) */
  } else if (S_is(key, klen, "TacticName")) {
    free(l->tactic);
    l->tactic = v->n ? ec_strndup(v->s, v->n) : NULL; /* kgen shape_call layers carry "" */
    own = 1;
  } else if (S_is(key, klen, "Metadata")) {
    size_t start = 0, cap = 0;
    for (size_t i = 0; i <= v->n && !l->metadata && !b->md_seen; i++)
      if (i == v->n || v->s[i] == '\x1e' || v->s[i] == '\x1f') {
        if (i > start) *EC_PUSH(b->md, b->n_md, cap) = ec_strndup(v->s + start, i - start);
        start = i + 1;
      }
    b->md_seen = 1; /* the first Metadata key counts */
    own = 1;
  } else if (S_is(key, klen, "TacticValue")) {
    S_set_str(&l->tactic_value, v);
  } else if (S_is(key, klen, "Origin")) {
    S_set_str(&l->origin, v);
  } else if (S_is(key, klen, "PoolingType") || (S_is(key, klen, "PoolingPoolingType") && !b->plain_pooling)) {
    S_set_str(&l->pooling_type, v);
    if (S_is(key, klen, "PoolingType")) b->plain_pooling = 1;
  } else if (S_is(key, klen, "Activation")) {
    S_set_str(&l->activation, v);
  } else if (S_is(key, klen, "StreamId")) {
    if (v->is_ints && !v->is_list) l->stream_id = v->ints[0];
  } else if (S_is(key, klen, "Operations")) {
    for (size_t i = 0; i < l->n_operations; i++) free(l->operations[i]);
    free(l->operations);
    l->operations = NULL;
    l->n_operations = 0;
    size_t cap = 0;
    for (size_t i = 0; i < v->nitems; i++)
      *EC_PUSH(l->operations, l->n_operations, cap) = ec_strndup(v->items[i], v->item_n[i]);
  } else if (S_is(key, klen, "MatrixOpA") || S_is(key, klen, "MatrixOpB")) {
    l->matop[key[8] == 'B'] = (unsigned char)S_matop(v->s, v->n);
  } else {
    static const char *const conv[] = {"Kernel", "Groups", "OutMaps", "Stride", "Dilation"};
    for (int k = 0; k < 5; k++) {
      if (S_is(key, klen, conv[k])) S_conv_key(b, k, 0, v);
      else if (klen > 4 && memcmp(key, "Conv", 4) == 0 && S_is(key + 4, klen - 4, conv[k])) S_conv_key(b, k, 1, v);
    }
  }
  if (v->is_weights) {
    /* every {Type, Count} object: Weights, Bias, ConvWeights, ... */
    char *raw = ec_strndup(v->wtype, v->wtype_n);
    if (isfinite(v->wcount) && v->wcount > 0) l->weights_bytes += v->wcount * ec_weight_type_bytes(raw, 0);
    if (S_is(key, klen, "Weights")) {
      const char *canon = ec_dtype_name(v->wtype, v->wtype_n);
      free(l->weights_type);
      l->weights_type = ec_strdup(canon ? canon : raw);
      l->weights_count = ec_i64(v->wcount, 0);
      l->weights_bytes_trex = l->weights_count > 0 ? (double)l->weights_count * ec_weight_type_bytes(raw, 1) : 0;
    } else if (S_is(key, klen, "Bias")) {
      l->bias_count = ec_i64(v->wcount, 0);
    }
    free(raw);
  }
  if (own || v->no_attr) return;
  if (v->is_weights) {
    char *t = ec_asprintf("{\"Type\": \"%.*s\", \"Count\": " EC_WHOLE "}", (int)v->wtype_n, v->wtype,
                          isfinite(v->wcount) ? v->wcount : 0.0);
    ec_attrs_add(&l->attrs, key, klen, t, strlen(t));
    free(t);
  } else if (v->is_ints && v->nints > 0) {
    char t[64 * 21 + 3];
    size_t tn = S_ints_text(v, t);
    ec_attrs_add(&l->attrs, key, klen, t, tn);
  } else {
    ec_attrs_add(&l->attrs, key, klen, v->s, v->n);
  }
}

/* Does a type name a convolution or a deconvolution ("conv" in any case:
 * Convolution, ConvActPool, CaskGemmConvolution, Deconvolution,
 * GemmDeconvolution, Myelin's deconv)? */
static int S_names_conv(const char *t) {
  for (const char *p = t; p && *p; p++)
    if (!strncasecmp(p, "conv", 4)) return 1;
  return 0;
}

/* Myelin's own convolution kinds (TensorRT 10/11 LayerType without a
 * ParameterType or Kernel key): "correlation" is every convolution on
 * TensorRT 11, "deconv" a transposed one. conv_act_pool is left out: its
 * output is pooled, so the output shape does not give the convolution's. */
static int S_myelin_conv(const char *t, int *deconv) {
  static const struct { const char *t; int de; } k[] = {
      {"correlation", 0}, {"convolution", 0}, {"conv", 0}, {"deconv", 1}, {"deconvolution", 1}};
  for (size_t i = 0; t && i < sizeof k / sizeof k[0]; i++)
    if (!strcmp(t, k[i].t)) {
      *deconv = k[i].de;
      return 1;
    }
  return 0;
}

/* A Myelin convolution states no Kernel, Groups or OutMaps, but its weight
 * is one of its Constants: [K, C/G, R, S(, T)] (a deconvolution's [C, K/G,
 * R, S]), in the same logical order as its input and output tensors. The
 * kernel, the groups and the output maps follow from that tensor and the
 * input and output shapes, so the layer has the convolution attributes a
 * 10.x file states (MACs and FLOPs as a CaskConvolution's). Of several
 * tensors that fit, the largest (a [1,K,1,1] bias fits when K is 1). */
static void S_conv_from_constants(ec_layer *l) {
  int deconv = 0;
  if (l->conv.present || !l->n_consts || !l->n_in || !l->n_out || !S_myelin_conv(l->layer_type, &deconv)) return;
  const ec_tensor *in = &l->in[0], *out = &l->out[0];
  int r = out->ndims;
  if (r < 3 || r > 5 || in->ndims != r || in->dims[1] <= 0 || out->dims[1] <= 0) return;
  const ec_tensor *w = NULL;
  int64_t groups = 1;
  for (size_t i = 0; i < l->n_consts; i++) {
    const ec_tensor *c = &l->consts[i];
    if (c->ndims != r || c->volume <= 0 || c->dims[1] <= 0) continue;
    int64_t lead = deconv ? in->dims[1] : out->dims[1], other = deconv ? out->dims[1] : in->dims[1];
    if (c->dims[0] != lead || other % c->dims[1]) continue;
    if (w && c->volume <= w->volume) continue;
    w = c;
    groups = other / c->dims[1];
  }
  if (!w) return;
  l->conv.present = 1;
  l->conv.nkernel = r - 2;
  for (int i = 0; i < r - 2; i++) l->conv.kernel[i] = w->dims[2 + i];
  l->conv.groups = groups;
  l->conv.out_maps = out->dims[1];
  char t[64 * 21 + 64];
  size_t n = 0;
  for (int i = 0; i < w->ndims && n + 24 < sizeof t; i++) n += (size_t)snprintf(t + n, sizeof t - n, "%s%lld", i ? "," : "[", (long long)w->dims[i]);
  n += (size_t)snprintf(t + n, sizeof t - n, "] (%s)", w->name ? w->name : "");
  ec_attrs_add(&l->attrs, "KernelFromConstant", 18, t, n < sizeof t ? n : sizeof t - 1);
}

void ec_layer_build_end(ec_layer_build *b) {
  ec_layer *l = b->l;
  if (!l->name) {
    l->name = ec_strdup("");
    l->name_len = 0;
  }
  if (!l->layer_type) l->layer_type = ec_strdup("Unknown");
  free(l->type);
  l->type = ec_strdup(ec_layer_type_normal(l->layer_type, b->ptype));
  free(b->ptype);
  b->ptype = NULL;
  if (b->n_md && !l->metadata) {
    l->metadata = b->md;
    l->n_metadata = b->n_md;
  } else {
    for (size_t i = 0; i < b->n_md; i++) free(b->md[i]);
    free(b->md);
  }
  b->md = NULL;
  b->n_md = 0;
  if (b->has_kernel && (S_names_conv(l->type) || S_names_conv(l->layer_type))) {
    l->conv.present = 1;
    memcpy(l->conv.kernel, b->kernel, sizeof b->kernel);
    l->conv.nkernel = b->nkernel;
    l->conv.groups = b->groups;
    l->conv.out_maps = b->out_maps;
    memcpy(l->conv.stride, b->stride, sizeof b->stride);
    memcpy(l->conv.dilation, b->dilation, sizeof b->dilation);
  }
  S_conv_from_constants(l);
  ec_layer_finalize(l);
}

void ec_tensor_key(ec_engine *e, const char *path, ec_tensor *t, const char *key, size_t klen, const ec_lval *v) {
  if (S_is(key, klen, "Name")) {
    free(t->name);
    t->name = ec_strndup(v->s, v->n);
    t->name_len = v->n;
  } else if (S_is(key, klen, "Location")) {
    t->location = ec_location_name(v->s, v->n);
  } else if (S_is(key, klen, "Dimensions")) {
    free(t->dims); /* a repeated key: the last one wins */
    t->dims = NULL;
    t->ndims = 0;
    if (!v->is_ints) return;
    t->dims = ec_calloc(v->nints ? (size_t)v->nints : 1, sizeof *t->dims);
    t->ndims = v->nints;
    for (int i = 0; i < v->nints; i++) t->dims[i] = v->ints[i] < 0 ? -1 : v->ints[i];
  } else if (S_is(key, klen, "Format/Datatype")) {
    ec_tensor_set_format(e, path, t, v->s, v->n);
  } else if (S_is(key, klen, "Format") || S_is(key, klen, "Datatype") || S_is(key, klen, "DataType")) {
    /* TensorRT 11 splits the one string in two (both case spellings of
     * DataType are in the wild): kept until the tensor's last key */
    if (!e) return;
    ec_load_state *ls = ec_load_state_of(e);
    if (ls->tpend != t) {
      free(ls->tpend_fmt);
      free(ls->tpend_dt);
      ls->tpend_fmt = ls->tpend_dt = NULL;
      ls->tpend = t;
    }
    char **slot = key[0] == 'F' ? &ls->tpend_fmt : &ls->tpend_dt;
    free(*slot);
    *slot = ec_strndup(v->s, v->n);
  }
}

void ec_tensor_done(ec_engine *e, const char *path, ec_tensor *t) {
  if (!t->name) t->name = ec_strdup("");
  ec_load_state *ls = e ? e->ls : NULL;
  if (ls && ls->tpend == t) {
    /* a "Format/Datatype" string wins; else the split keys, joined as the
     * TensorRT 10 string they stand for; a Datatype alone is the data type
     * (as a 10.x kgen tensor's) */
    if (!t->format && (ls->tpend_dt || ls->tpend_fmt)) {
      char *j = ls->tpend_dt ? ec_format_join(ls->tpend_fmt, ls->tpend_fmt ? strlen(ls->tpend_fmt) : 0, ls->tpend_dt,
                                              strlen(ls->tpend_dt))
                             : ec_strdup(ls->tpend_fmt);
      /* a layout TREx's table does not know ("Transposed", UInt64): the
       * data type is still known from its own key */
      if (ls->tpend_dt && ls->tpend_fmt && !ec_format_classify(j, strlen(j)).known)
        ec_tensor_set_format_as(e, path, t, j, strlen(j), ls->tpend_dt, strlen(ls->tpend_dt));
      else
        ec_tensor_set_format(e, path, t, j, strlen(j));
      free(j);
    }
    free(ls->tpend_fmt);
    free(ls->tpend_dt);
    ls->tpend_fmt = ls->tpend_dt = NULL;
    ls->tpend = NULL;
  }
  if (!t->format) ec_tensor_set_format(e, path, t, "Unknown format", 14);
  ec_tensor_set_volume(t);
  if (!t->dims) t->volume = -1; /* no dimensions given: unknown, not a scalar */
}
