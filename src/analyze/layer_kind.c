#include "analyze/layer_kind.h"
#include <math.h>
#include <string.h>
#include <strings.h>

static int S_is(const char *a, const char *b) { return a && b && !strcmp(a, b); }

int ec_layer_is_reformat(const ec_layer *l) {
  if (S_is(l->type, "Reformat") || S_is(l->layer_type, "Reformat")) return 1;
  int typed = l->type && strcmp(l->type, "Unknown");
  return !typed && l->name && ec_name_is_reformat(l->name);
}

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
  if (S_is(l->type, "Convolution") || ec_layer_is_deconv(l)) return 0;
  static const char *const t[] = {"MatrixMultiply", "gemm", "Gemm", "FullyConnected", "CaskGemmMatrixMultiply"};
  for (size_t k = 0; k < sizeof t / sizeof t[0]; k++)
    if (S_is(l->type, t[k]) || S_is(l->layer_type, t[k])) return 1;
  return l->layer_type && (strstr(l->layer_type, "Gemm") || strstr(l->layer_type, "MatrixMultiply"));
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

int ec_layer_is_dla_output(const ec_layer *l) {
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
