/* format — TensorRT Format/Datatype strings to precision and element size.
 *
 * Two tables: TREx's (activations.py: long format -> short form, first word
 * -> precision and size), reproduced exactly so our TREx-compatible figures
 * match, and ours, which fixes TREx's gaps (BF16 is BF16 and 2 bytes, Bool is
 * 1 byte, INT4/FP4 half a byte). Strings neither table knows are guessed from
 * their words and flagged as not known so the loader can warn. */
#include "load/internal.h"
#include "util/alloc.h"
#include <stdio.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  const char *longf, *shortf;
} S_fmt;

/* TREx v0.2.1 _regionFormatDict (plus FP4/Int4 kgen names). */
static const S_fmt S_formats[] = {
    {"Four wide channel vectorized row major Int8 format", "Int8 NC/4HW4"},
    {"Four wide channel vectorized row major FP32 format", "FP32 NC/4HW4"},
    {"Thirty-two wide channel vectorized row major Int8 format", "Int8 NC/32HW32"},
    {"Thirty-two wide channel vectorized row major FP32 format", "FP32 NC/32HW32"},
    {"Thirty-two wide channel vectorized row major FP16 format", "FP16 NC/32HW32"},
    {"Thirty-two wide channel vectorized row major Int8 format with 3 spatial dimensions", "Int8 NC32DHW"},
    {"Thirty-two wide channel vectorized row major FP16 format with 3 spatial dimensions", "FP16 NC32DHW"},
    {"Sixteen wide channel vectorized row major FP16 format", "FP16 NC16HW"},
    {"Channel major FP16 format where channel % 4 == 0", "FP16 NHWC4"},
    {"Channel major FP32 format where channel % 4 == 0", "FP32 NHWC4"},
    {"Channel major Int8 format where channel % 4 == 0", "Int8 NHWC4"},
    {"Channel major FP16 format where channel % 8 == 0", "FP16 NHWC8"},
    {"Channel major FP16 format where channel % 16 == 0", "FP16 NHWC16"},
    {"Channel major FP16 format where channel == 4 and column stride % 32 == 0", "FP16 NHWC4"},
    {"Channel major INT8 format where channel == 4 and column stride % 32 == 0", "Int8 NHWC4"},
    {"Channel major FP16 format where channel % 2 == 0", "FP16 NHWC2"},
    {"Channel major INT8 format where column stride % 32 == 0", "Int8 NHWC1"},
    {"Channel major INT8 format where channel % 16 == 0", "Int8 NHWC16"},
    {"Row major INT8 format where column stride % 64 == 0", "Int8 NCHW"},
    {"Channel major FP16 format where channel % 8 == 0 with 3 spatial dimensions", "FP16 NDHWC8"},
    {"Channel major FP16 format where channel == 1 and column stride % 32 == 0", "FP16 NHWC1"},
    {"Row major FP16 format where column stride % 64 == 0", "FP16"},
    {"Two wide channel vectorized row major FP16 format", "FP16 NC/2HW2"},
    {"Row major linear FP32", "FP32 NCHW"},
    {"Row major linear Int32", "INT32 NCHW"},
    {"Row major linear FP16 format", "FP16 NCHW"},
    {"Row major Int8 format", "Int8 NCHW"},
    {"Channel major FP32 format", "FP32 NHWC"},
    {"Channel major FP16 format", "FP16 NHWC"},
    {"Channel major Int8 format", "Int8 NHWC"},
    {"Row major linear BOOL", "Bool"},
    {"Channel major FP32 format with 3 spatial dimensions", "FP32 NDHWC"},
    {"Channel major FP32 format with 3 spatial dimensions where channel % 4 == 0", "FP32 NDHWC4"},
    {"Channel major FP32 format where channel % 4 == 0 with 3 spatial dimensions", "FP32 NDHWC4"},
    {"Row major linear UInt8 format", "UInt8 NCHW"},
    {"Channel major UInt8 format", "UInt8 NHWC"},
    {"Row major linear Int64 format", "Int64 NCHW"},
    {"Row major linear BFloat16 format", "BF16 NCHW"},
    {"Channel major BFloat16 format where channel % 8 == 0", "BF16 NHWC8"},
    {"Channel major BFloat16 format where channel % 4 == 0", "BF16 NHWC4"},
    {"Channel major BFloat16 format where channel % 8 == 0 with 3 spatial dimensions", "BF16 NDHWC8"},
    {"Channel major BFloat16 format where channel % 2 == 0", "BF16 NHWC2"},
    {"Two wide channel vectorized row major BFloat16 format", "BF16 NC2HW"},
    {"Row major linear FP8 format", "FP8 NCHW"},
    {"Row major linear FP4 format", "FP4 NCHW"},
    {"Unknown format", "Unknown format"},
    /* kgen formats: the data type alone */
    {"BFloat16", "BFloat16"}, {"Bool", "Bool"}, {"Double", "Double"},
    {"DoubleComplex", "DoubleComplex"}, {"Float", "Float"}, {"FloatComplex", "FloatComplex"},
    {"FP8", "FP8"}, {"Half", "Half"}, {"Int16", "Int16"}, {"Int32", "Int32"},
    {"Int64", "Int64"}, {"Int8", "Int8"}, {"None", "None"}, {"UInt16", "UInt16"},
    {"UInt32", "UInt32"}, {"UInt64", "UInt64"}, {"UInt8", "UInt8"},
    {"Int4", "Int4"}, {"FP4", "FP4"}, {"FP4E2M1", "FP4"},
};

typedef struct {
  const char *word;
  const char *prec_trex;
  double bytes_trex;
  const char *prec;
  double bytes;
} S_dtype;

/* The one data-type table: a data-type word as TensorRT writes it (in a
 * Format/Datatype string, a kgen format, a Weights "Type", a log listing)
 * -> (TREx precision, size), (ours: the canonical name and size). Every
 * data type enginecard shows is the canonical name from here. */
static const S_dtype S_dtypes[] = {
    {"FP8", "FP8", 1, "FP8", 1},
    {"FP16", "FP16", 2, "FP16", 2},
    {"Half", "FP16", 2, "FP16", 2},
    {"FP32", "FP32", 4, "FP32", 4},
    {"Float", "FP32", 4, "FP32", 4},
    {"Double", "FP64", 8, "FP64", 8},
    {"BFloat16", "FP32", 2, "BF16", 2},
    {"BF16", "BF16", 0, "BF16", 2},
    {"Int8", "INT8", 1, "INT8", 1},
    {"INT8", "INT8", 1, "INT8", 1},
    {"Int16", "INT16", 2, "INT16", 2},
    {"INT32", "INT32", 4, "INT32", 4},
    {"Int32", "INT32", 4, "INT32", 4},
    {"Int64", "INT64", 8, "INT64", 8},
    {"UInt8", "UINT8", 1, "UINT8", 1},
    {"UInt16", "UINT16", 2, "UINT16", 2},
    {"UInt32", "UINT32", 4, "UINT32", 4},
    {"UInt64", "UINT64", 8, "UINT64", 8},
    {"Int4", "INT4", 0.5, "INT4", 0.5},
    {"FP4", "FP4", 0.5, "FP4", 0.5},
    {"Bool", "Bool", 0, "Bool", 1},
    {"FloatComplex", "FloatComplex", 0, "COMPLEX64", 8},
    {"DoubleComplex", "DoubleComplex", 0, "COMPLEX128", 16},
    /* the canonical spellings themselves, so normalising is idempotent */
    {"FP64", "FP64", 8, "FP64", 8},
    {"INT16", "INT16", 2, "INT16", 2},
    {"INT64", "INT64", 8, "INT64", 8},
    {"UINT8", "UINT8", 1, "UINT8", 1},
    {"UINT16", "UINT16", 2, "UINT16", 2},
    {"UINT32", "UINT32", 4, "UINT32", 4},
    {"UINT64", "UINT64", 8, "UINT64", 8},
    {"INT4", "INT4", 0.5, "INT4", 0.5},
    {"COMPLEX64", "COMPLEX64", 0, "COMPLEX64", 8},
    {"COMPLEX128", "COMPLEX128", 0, "COMPLEX128", 16},
};

static const S_dtype *S_dtype_of(const char *w, size_t n) {
  for (size_t i = 0; i < sizeof S_dtypes / sizeof S_dtypes[0]; i++)
    if (strlen(S_dtypes[i].word) == n && memcmp(S_dtypes[i].word, w, n) == 0) return &S_dtypes[i];
  return NULL;
}

const char *ec_dtype_name(const char *word, size_t n) {
  const S_dtype *d = S_dtype_of(word, n);
  return d ? d->prec : NULL;
}

/* process-wide: the short forms as shown: each data-type word in the one canonical
 * spelling ("Int8 NC/32HW32" -> "INT8 NC/32HW32", "Half" -> "FP16"),
 * computed once for the whole table. Tensors keep pointers into it for the
 * life of the process, and engines load on several threads: pthread_once,
 * not a lazily filled (or thread-local) buffer. */
static char S_shown[sizeof S_formats / sizeof S_formats[0]][48];
static pthread_once_t S_shown_once = PTHREAD_ONCE_INIT;

static void S_fill_shown(void) {
  for (size_t i = 0; i < sizeof S_formats / sizeof S_formats[0]; i++) {
    const char *f = S_formats[i].shortf, *sp = strchr(f, ' ');
    size_t wl = sp ? (size_t)(sp - f) : strlen(f);
    const char *canon = strcmp(f, "None") == 0 ? NULL : ec_dtype_name(f, wl);
    if (canon) snprintf(S_shown[i], sizeof S_shown[i], "%s%s", canon, f + wl);
    else snprintf(S_shown[i], sizeof S_shown[i], "%s", f);
  }
}

static const char *S_display(size_t i) {
  pthread_once(&S_shown_once, S_fill_shown);
  return S_shown[i];
}

/* Compare fmt[0..len) with s ignoring '.' in fmt (TREx strips dots). */
static int S_eq_nodots(const char *fmt, size_t len, const char *s) {
  size_t j = 0;
  for (size_t i = 0; i < len; i++) {
    if (fmt[i] == '.') continue;
    if (s[j] == '\0' || s[j] != fmt[i]) return 0;
    j++;
  }
  return s[j] == '\0';
}

/* Look for a data-type word inside an unknown string (whole words only). */
static const S_dtype *S_guess(const char *fmt, size_t len) {
  static const char *order[] = {"BFloat16", "BF16", "FP16", "Half", "FP32", "Float", "Int8", "INT8",
                                "FP8", "Int32", "INT32", "Int64", "UInt8", "Int4", "FP4", "Bool",
                                "BOOL", "Double", "Int16"};
  for (size_t k = 0; k < sizeof order / sizeof order[0]; k++) {
    size_t wl = strlen(order[k]);
    for (size_t i = 0; i + wl <= len; i++) {
      if (memcmp(fmt + i, order[k], wl) != 0) continue;
      int lb = i == 0 || fmt[i - 1] == ' ' || fmt[i - 1] == '(';
      int rb = i + wl == len || fmt[i + wl] == ' ' || fmt[i + wl] == ')' || fmt[i + wl] == ',';
      if (lb && rb) {
        if (strcmp(order[k], "BOOL") == 0) return S_dtype_of("Bool", 4);
        return S_dtype_of(order[k], wl);
      }
    }
  }
  return NULL;
}

ec_format_info ec_format_classify(const char *fmt, size_t len) {
  ec_format_info fi = {"Unknown format", "Unknown", "Unknown", 0, 0, 0};
  const char *shortf = NULL;
  for (size_t i = 0; i < sizeof S_formats / sizeof S_formats[0]; i++)
    if (S_eq_nodots(fmt, len, S_formats[i].longf)) {
      shortf = S_formats[i].shortf;
      fi.short_name = S_display(i);
      break;
    }
  if (shortf) {
    /* TREx: desc.split(' ') must give exactly two words, else the whole. */
    const char *sp = strchr(shortf, ' ');
    size_t wl = sp && !strchr(sp + 1, ' ') ? (size_t)(sp - shortf) : strlen(shortf);
    const S_dtype *d = S_dtype_of(shortf, wl);
    if (strcmp(shortf, "Unknown format") == 0 || strcmp(shortf, "None") == 0) d = NULL;
    if (d) {
      fi.precision = d->prec;
      fi.bytes = d->bytes;
      fi.precision_trex = d->prec_trex;
      fi.bytes_trex = d->bytes_trex;
      fi.known = 1;
    } else {
      fi.precision_trex = strcmp(shortf, "None") == 0 ? "Unknown format" : "Unknown";
      fi.known = strcmp(shortf, "None") == 0; /* "None" is a real kgen datatype */
    }
    return fi;
  }
  /* Not in TREx's table: TREx says "Unknown format" (0 bytes); we guess. */
  const S_dtype *d = S_guess(fmt, len);
  if (d) {
    fi.precision = d->prec;
    fi.bytes = d->bytes;
  }
  return fi;
}

double ec_weight_type_bytes(const char *type, int trex) {
  /* TREx's weights table (trex/df_preprocessing.py) knows these spellings only */
  static const char *const trex_known[] = {"Int8", "Half", "Float", "Int32", "FP16", "FP32"};
  if (!type) return 0;
  const S_dtype *d = S_dtype_of(type, strlen(type));
  if (!d) return 0;
  if (!trex) return d->bytes;
  for (size_t i = 0; i < sizeof trex_known / sizeof trex_known[0]; i++)
    if (strcmp(trex_known[i], type) == 0) return d->bytes;
  return 0;
}

/* TensorRT 10 spellings of a data-type word in a Format/Datatype string, per
 * data type as TensorRT 11 names it apart ("Float"), most common first
 * ("Channel major Int8 format" but "Row major INT8 format where ..."). */
static const struct {
  const char *dt;
  const char *w[2];
} S_join_words[] = {
    {"Float", {"FP32", NULL}},      {"FP32", {"FP32", NULL}},       {"Half", {"FP16", NULL}},
    {"FP16", {"FP16", NULL}},       {"BFloat16", {"BFloat16", NULL}}, {"BF16", {"BFloat16", NULL}},
    {"FP8", {"FP8", NULL}},         {"Int8", {"Int8", "INT8"}},     {"INT8", {"Int8", "INT8"}},
    {"Int32", {"Int32", "INT32"}},  {"INT32", {"Int32", "INT32"}},  {"Int64", {"Int64", NULL}},
    {"UInt8", {"UInt8", NULL}},     {"Bool", {"BOOL", "Bool"}},     {"Int4", {"Int4", NULL}},
    {"FP4", {"FP4", NULL}},
};

static int S_table_knows(const char *s) {
  ec_format_info fi = ec_format_classify(s, strlen(s));
  return fi.short_name && strcmp(fi.short_name, "Unknown format") != 0;
}

char *ec_format_join(const char *fmt, size_t fn, const char *dt, size_t dn) {
  char *out = NULL;
  if (fmt) { /* "(Linear) Row major linear format": the layout's name first */
    if (fn && fmt[0] == '(') {
      const char *c = memchr(fmt, ')', fn);
      if (c) fn -= (size_t)(c + 1 - fmt), fmt = c + 1;
    }
    while (fn && fmt[0] == ' ') fmt++, fn--;
    while (fn && fmt[fn - 1] == ' ') fn--;
  }
  if (!fmt || !fn) {
    return ec_strndup(dt, dn);
  }
  const char *w[2] = {NULL, NULL};
  char dtw[64];
  snprintf(dtw, sizeof dtw, "%.*s", (int)(dn < 63 ? dn : 63), dt);
  w[0] = dtw;
  for (size_t i = 0; i < sizeof S_join_words / sizeof S_join_words[0]; i++)
    if (strlen(S_join_words[i].dt) == dn && memcmp(S_join_words[i].dt, dt, dn) == 0) {
      w[0] = S_join_words[i].w[0];
      w[1] = S_join_words[i].w[1];
      break;
    }
  /* the data type goes before the word " format" (or at the end); TensorRT
   * 10 also wrote some without it ("Row major linear FP32") */
  size_t at = fn;
  for (size_t i = 0; i + 7 <= fn; i++)
    if (memcmp(fmt + i, " format", 7) == 0 && (i + 7 == fn || fmt[i + 7] == ' ')) {
      at = i;
      break;
    }
  char *first = NULL;
  for (int k = 0; k < 2 && w[k] && !out; k++)
    for (int drop = 0; drop < (at < fn ? 2 : 1) && !out; drop++) {
      size_t rest = drop ? at + 7 : at;
      size_t len = at + 1 + strlen(w[k]) + (fn - rest);
      char *c = ec_malloc(len + 1);
      snprintf(c, len + 1, "%.*s %s%.*s", (int)at, fmt, w[k], (int)(fn - rest), fmt + rest);
      if (S_table_knows(c)) {
        out = c;
      } else if (!first) {
        first = c;
      } else {
        free(c);
      }
    }
  if (out) {
    free(first);
    return out;
  }
  return first;
}
