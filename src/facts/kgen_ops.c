#include "facts/kgen_ops.h"
#include <string.h>

/* The op table: canonical name, class, every token that spells it. */
static const ec_kop S_ops[] = {
    /* moves data */
    {"Reshape", EC_KOP_MOVE, "Reshape Resh Res"},
    {"Transpose", EC_KOP_MOVE, "Transpose Tran Tra"},
    {"Move", EC_KOP_MOVE, "Move Mov"},
    {"Copy", EC_KOP_MOVE, "Copy Cop"},
    {"Concat", EC_KOP_MOVE, "Concat Conc Con"},
    {"Slice", EC_KOP_MOVE, "Slice Slic Sli"},
    {"Gather", EC_KOP_MOVE, "Gather Gath Gat"},
    {"Scatter", EC_KOP_MOVE, "Scatter Scat Sca"},
    {"Repeat", EC_KOP_MOVE, "Repeat Repe Rep"},
    {"Expand", EC_KOP_MOVE, "Expand Expa"},
    {"Tile", EC_KOP_MOVE, "Tile Til"},
    {"Pad", EC_KOP_MOVE, "Pad"},
    {"Split", EC_KOP_MOVE, "Split Spli Spl"},
    {"Squeeze", EC_KOP_MOVE, "Squeeze Sque Squ"},
    {"Unsqueeze", EC_KOP_MOVE, "Unsqueeze Unsq Uns"},
    {"Flatten", EC_KOP_MOVE, "Flatten Flat Fla"},
    {"Identity", EC_KOP_MOVE, "Identity Iden Ide"},
    {"Shuffle", EC_KOP_MOVE, "Shuffle Shuf Shu"},
    {"Broadcast", EC_KOP_MOVE, "Broadcast Broa Bro"},
    /* converts data */
    {"Cast", EC_KOP_CONVERT, "Cast Cas"},
    /* arithmetic */
    {"Add", EC_KOP_MATH, "Add"},
    {"Sub", EC_KOP_MATH, "Sub"},
    {"Mul", EC_KOP_MATH, "Mul"},
    {"Div", EC_KOP_MATH, "Div"},
    {"Pow", EC_KOP_MATH, "Pow"},
    {"Sqrt", EC_KOP_MATH, "Sqrt Sqr"},
    {"Rsqrt", EC_KOP_MATH, "Rsqrt Rsqr Rsq"},
    {"Exp", EC_KOP_MATH, "Exp"},
    {"Log", EC_KOP_MATH, "Log"},
    {"Erf", EC_KOP_MATH, "Erf"},
    {"Tanh", EC_KOP_MATH, "Tanh Tan"},
    {"Sigmoid", EC_KOP_MATH, "Sigmoid Sigm Sig"},
    {"Relu", EC_KOP_MATH, "Relu Rel"},
    {"Gelu", EC_KOP_MATH, "Gelu Gel"},
    {"Silu", EC_KOP_MATH, "Silu Sil"},
    {"Mean", EC_KOP_MATH, "Mean Mea"},
    {"Sum", EC_KOP_MATH, "Sum"},
    {"Max", EC_KOP_MATH, "Max"},
    {"Min", EC_KOP_MATH, "Min"},
    {"Maxr", EC_KOP_MATH, "Maxr"},
    {"Minr", EC_KOP_MATH, "Minr"},
    {"Reduce", EC_KOP_MATH, "Reduce Redu Red"},
    {"Round", EC_KOP_MATH, "Round Roun Rou"},
    {"Floor", EC_KOP_MATH, "Floor Floo Flo"},
    {"Ceil", EC_KOP_MATH, "Ceil Cei"},
    {"Abs", EC_KOP_MATH, "Abs"},
    {"Neg", EC_KOP_MATH, "Neg"},
    {"Reciprocal", EC_KOP_MATH, "Reciprocal Reci Rec"},
    {"Sin", EC_KOP_MATH, "Sin"},
    {"Cos", EC_KOP_MATH, "Cos"},
    {"TopK", EC_KOP_MATH, "Topk Top"},
    {"Fc", EC_KOP_MATH, "Fc"},
    {"Gemm", EC_KOP_MATH, "Gemm Gem"},
    {"Conv", EC_KOP_MATH, "Conv"},
    {"Softmax", EC_KOP_MATH, "Softmax Soft Sof"},
    {"Norm", EC_KOP_MATH, "Norm Nor"},
    {"Clip", EC_KOP_MATH, "Clip Cli"},
    {"Where", EC_KOP_MATH, "Where Wher Whe"},
    {"Select", EC_KOP_MATH, "Select Sele Sel"},
    {"Equal", EC_KOP_MATH, "Equal Equa Equ"},
    {"Less", EC_KOP_MATH, "Less Les"},
    {"Greater", EC_KOP_MATH, "Greater Grea Gre"},
    {"And", EC_KOP_MATH, "And"},
    {"Or", EC_KOP_MATH, "Or"},
    {"Not", EC_KOP_MATH, "Not"},
    {"Mod", EC_KOP_MATH, "Mod"},
    {"Prod", EC_KOP_MATH, "Prod Pro"},
    {"ArgMax", EC_KOP_MATH, "Argmax Argm Arg"},
    {"Quantize", EC_KOP_MATH, "Quantize Quan Qua"},
    {"Dequantize", EC_KOP_MATH, "Dequantize Dequ Deq"},
    {"Cumsum", EC_KOP_MATH, "Cumsum Cums Cum"},
};

const ec_kop *ec_kgen_table(size_t *n) {
  *n = sizeof S_ops / sizeof S_ops[0];
  return S_ops;
}

const char *ec_kop_class_name(ec_kop_class c) {
  switch (c) {
  case EC_KOP_MOVE: return "moves";
  case EC_KOP_CONVERT: return "converts";
  default: return "arithmetic";
  }
}

/* The row whose spellings hold the token t (len bytes), or NULL. */
static const ec_kop *S_lookup(const char *t, size_t len) {
  for (size_t i = 0; i < sizeof S_ops / sizeof S_ops[0]; i++) {
    const char *s = S_ops[i].spellings;
    while (*s) {
      size_t w = 0;
      while (s[w] && s[w] != ' ') w++;
      if (w == len && s[0] == t[0] && !memcmp(s, t, len)) return &S_ops[i];
      s += w;
      while (*s == ' ') s++;
    }
  }
  return NULL;
}

static int S_upper(char c) { return c >= 'A' && c <= 'Z'; }
static int S_lower_or_digit(char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); }

ec_kgen_ops ec_kgen_decode(const char *kernel) {
  ec_kgen_ops k;
  memset(&k, 0, sizeof k);
  if (!kernel || strncmp(kernel, "__myl_", 6)) return k;
  const char *p = kernel + 6;
  while (S_upper(*p)) {
    const char *t = p++;
    while (S_lower_or_digit(*p)) p++;
    size_t len = (size_t)(p - t);
    if (len == 3 && !memcmp(t, "Etc", 3)) {
      k.truncated = 1;
      break;
    }
    if (k.n == EC_KGEN_MAX_OPS) {
      k.truncated = 1;
      break;
    }
    const ec_kop *op = S_lookup(t, len);
    if (!op) k.unknown++;
    k.op[k.n++] = op;
  }
  k.present = k.n > 0;
  return k;
}

int ec_kgen_moves_only(const ec_kgen_ops *k) {
  if (!k->present || k->unknown || k->truncated) return 0;
  for (size_t i = 0; i < k->n; i++)
    if (k->op[i]->cls == EC_KOP_MATH) return 0;
  return 1;
}

static int S_is(const ec_kop *op, const char *name) { return op && !strcmp(op->name, name); }

/* Does the pattern (op names, "|" separating alternatives, NULL-terminated)
 * occur contiguously in ops[0..n)? */
static int S_match(const ec_kop *const *ops, size_t n, const char *const *pat) {
  size_t m = 0;
  while (pat[m]) m++;
  for (size_t s = 0; s + m <= n; s++) {
    size_t j = 0;
    for (; j < m; j++) {
      const char *alt = pat[j];
      int ok = 0;
      while (*alt && !ok) {
        size_t w = strcspn(alt, "|");
        ok = ops[s + j] && strlen(ops[s + j]->name) == w && !memcmp(ops[s + j]->name, alt, w);
        alt += w;
        if (*alt == '|') alt++;
      }
      if (!ok) break;
    }
    if (j == m) return 1;
  }
  return 0;
}

unsigned ec_kgen_fusions(const ec_kgen_ops *k) {
  if (!k->present) return 0;
  /* drop Cast and Reduce markers: they sit inside mixed-precision and
   * reduce-style spellings of the same fusion */
  const ec_kop *ops[EC_KGEN_MAX_OPS];
  size_t n = 0;
  int erf = 0, gelu = 0, tanh_ = 0, pow_ = 0;
  for (size_t i = 0; i < k->n; i++) {
    const ec_kop *op = k->op[i];
    if (S_is(op, "Cast") || S_is(op, "Reduce")) continue;
    ops[n++] = op;
    erf |= S_is(op, "Erf");
    gelu |= S_is(op, "Gelu");
    tanh_ |= S_is(op, "Tanh");
    pow_ |= S_is(op, "Pow");
  }
  static const char *const ln_sqrt[] = {"Mean", "Sub", "Mul|Pow", "Mean", "Add", "Sqrt", "Div", NULL};
  static const char *const ln_rsqrt[] = {"Mean", "Sub", "Mul|Pow", "Mean", "Add", "Rsqrt", "Mul", NULL};
  static const char *const softmax[] = {"Max|Maxr", "Sub", "Exp", "Sum", NULL};
  static const char *const rms_sqrt[] = {"Mul|Pow", "Mean", "Add", "Sqrt", "Div", NULL};
  static const char *const rms_rsqrt[] = {"Mul|Pow", "Mean", "Add", "Rsqrt", "Mul", NULL};
  unsigned f = 0;
  if (S_match(ops, n, ln_sqrt) || S_match(ops, n, ln_rsqrt)) f |= EC_FUSE_LAYERNORM;
  else if (S_match(ops, n, rms_sqrt) || S_match(ops, n, rms_rsqrt)) f |= EC_FUSE_RMSNORM;
  if (S_match(ops, n, softmax)) f |= EC_FUSE_SOFTMAX;
  if (erf || gelu || (tanh_ && pow_)) f |= EC_FUSE_GELU;
  if (!(f & (EC_FUSE_LAYERNORM | EC_FUSE_RMSNORM | EC_FUSE_SOFTMAX)))
    for (size_t i = 0; i < n; i++)
      if (S_is(ops[i], "Mean") || S_is(ops[i], "Sum") || S_is(ops[i], "Maxr") || S_is(ops[i], "Minr") ||
          S_is(ops[i], "Prod") || S_is(ops[i], "ArgMax") || S_is(ops[i], "Cumsum"))
        f |= EC_FUSE_REDUCE;
  return f;
}
