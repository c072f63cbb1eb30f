#include "load/json.h"
#include "load/load.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "util/utf8.h"
#include "words/words.h"
#include <ctype.h>
#include <stdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define S_FLAGS (JSON_DISABLE_EOF_CHECK | JSON_ALLOW_NUL)

void ec_json_doc_free(ec_json_doc *doc) {
  for (size_t i = 0; i < doc->n; i++) json_decref(doc->v[i]);
  free(doc->v);
  memset(doc, 0, sizeof *doc);
}

/* What jansson's tree costs per value, in bytes, measured with jansson 2.14
 * on glibc (the heap's growth parsing a million of each): an object 232, an
 * array 136, a number 40, a string 88 plus its bytes, true/false/null 8 (a
 * shared value, the pointer to it). Rounded up. */
enum { S_COST_OBJECT = 240, S_COST_ARRAY = 144, S_COST_STRING = 96, S_COST_NUMBER = 48, S_COST_LITERAL = 8 };

/* What the elements of a list are, from the key it is the value of
 * (trtexec's keys; json.h): a budget to count them against, or S_PLAIN (the
 * list's own length only), S_OBJECT for an object. */
enum { S_PLAIN = EC_BUDGET_N, S_OBJECT };

static int S_list_kind(const char *key, size_t n) {
  static const struct {
    const char *key;
    int kind;
  } keys[] = {{"Layers", EC_BUDGET_LAYERS},      {"Bindings", EC_BUDGET_BINDINGS},
              {"I/O Tensors", EC_BUDGET_BINDINGS}, {"traceEvents", EC_BUDGET_SAMPLES},
              {"Inputs", EC_BUDGET_TENSORS},     {"Outputs", EC_BUDGET_TENSORS},
              {"Constants", EC_BUDGET_TENSORS}};
  for (size_t i = 0; key && i < sizeof keys / sizeof keys[0]; i++)
    if (strlen(keys[i].key) == n && !memcmp(keys[i].key, key, n)) return keys[i].kind;
  return S_PLAIN;
}

/* The one-pass structural scan before jansson: counts values (every
 * container, string, number and literal, keys included), the elements of
 * each list and the tree's cost, on any text (lenient: what jansson would
 * refuse is left for it to refuse, with its own message). The elements of
 * a list at the top (the document) count against the caller's budget top,
 * those of a list under a key of S_list_kind against that key's, over the
 * whole file. Returns 0, or -1 with *off at the value that crossed a limit
 * and msg saying which. */
static int S_prescan(const char *t, size_t len, ec_budget_id top, size_t *off, char *msg, size_t cap) {
  enum { S_DEPTH = EC_JSON_MAX_DEPTH };
  static _Thread_local size_t count[S_DEPTH];       /* elements so far of each open list */
  static _Thread_local unsigned char kind[S_DEPTH]; /* S_OBJECT, or what a list's elements are */
  static _Thread_local const char *key[S_DEPTH];    /* an open object's last key (NULL: none yet) */
  static _Thread_local size_t key_n[S_DEPTH];
  unsigned long long total[EC_BUDGET_N] = {0}; /* elements counted against each budget */
  size_t depth = 0, values = 0;
  unsigned long long cost = 0, budget = (unsigned long long)len * EC_JSON_TREE_FACTOR + EC_JSON_TREE_SLACK;
  for (size_t i = 0; i < len; i++) {
    unsigned char c = (unsigned char)t[i];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ',' || c == ':') continue;
    if (c == '}' || c == ']') {
      if (depth) depth--;
      continue;
    }
    /* a value starts at i: one more element of the list it is in */
    size_t at = i;
    values++;
    if (depth && kind[depth - 1] != S_OBJECT) {
      int k = kind[depth - 1];
      int over = -1;
      if (++count[depth - 1] > EC_MAX_RECORDS) over = EC_BUDGET_LIST;
      if (k != S_PLAIN && ec_budget_over((ec_budget_id)k, ++total[k])) over = k;
      if (over >= 0) {
        *off = at;
        ec_budget_message((ec_budget_id)over, msg, cap);
        return -1;
      }
    }
    if (c == '{' || c == '[') {
      if (depth == S_DEPTH) return 0; /* too deep: jansson says so */
      int k = S_OBJECT;
      if (c == '[') k = !depth ? (int)top : kind[depth - 1] == S_OBJECT ? S_list_kind(key[depth - 1], key_n[depth - 1]) : S_PLAIN;
      if (depth && kind[depth - 1] == S_OBJECT) key[depth - 1] = NULL; /* the key's value is read */
      count[depth] = 0;
      kind[depth] = (unsigned char)k;
      key[depth] = NULL;
      depth++;
      cost += c == '{' ? S_COST_OBJECT : S_COST_ARRAY;
    } else if (c == '"') {
      size_t j = i + 1;
      while (j < len && t[j] != '"') j += t[j] == '\\' ? 2 : 1;
      cost += S_COST_STRING + (j - i);
      if (depth && kind[depth - 1] == S_OBJECT) {
        /* a key when a ':' follows; else the value of the last one */
        size_t q = j + 1;
        while (q < len && (t[q] == ' ' || t[q] == '\t' || t[q] == '\n' || t[q] == '\r')) q++;
        if (q < len && t[q] == ':') {
          key[depth - 1] = t + i + 1;
          key_n[depth - 1] = j - i - 1;
        }
      }
      i = j;
    } else {
      cost += c == 't' || c == 'f' || c == 'n' ? S_COST_LITERAL : S_COST_NUMBER;
      while (i + 1 < len && !strchr(" \t\n\r,:{}[]\"", t[i + 1])) i++;
    }
    if (cost > budget) {
      *off = at;
      snprintf(msg, cap,
               "%zu %s in the first %zu of %zu %s would take over %llu MB to parse, more than %d %s "
               "the file's size; the file is not read",
               values, ec_plural(values, "value", "values"), at + 1, len, ec_plural(len, "byte",
                                 "bytes"), budget >> 20, EC_JSON_TREE_FACTOR, ec_plural(EC_JSON_TREE_FACTOR, "time",
                                 "times"));
      return -1;
    }
  }
  return 0;
}

static size_t S_skip_ws(const char *t, size_t len, size_t i) {
  while (i < len && (t[i] == ' ' || t[i] == '\t' || t[i] == '\n' || t[i] == '\r')) i++;
  return i;
}

/* Parse consecutive values of t[0..len). On failure *err_off is the byte
 * offset of the error and err_text its description. */
static int S_parse_values(const char *t, size_t len, ec_json_doc *doc, size_t *err_off,
                          char *err_text, size_t err_cap) {
  size_t i = S_skip_ws(t, len, 0);
  if (i == len) {
    *err_off = len;
    snprintf(err_text, err_cap, "no JSON value in the file");
    return -1;
  }
  while (i < len) {
    json_error_t e;
    json_t *v = json_loadb(t + i, len - i, S_FLAGS, &e);
    if (!v) {
      *err_off = i + (e.position > 0 ? (size_t)e.position : 0);
      if (json_error_code(&e) == json_error_out_of_memory) {
        snprintf(err_text, err_cap, "out of memory reading %zu %s of JSON", len, ec_plural(len, "byte", "bytes"));
        return -2;
      }
      snprintf(err_text, err_cap, "%s", e.text);
      return -1;
    }
    *EC_PUSH(doc->v, doc->n, doc->cap) = v;
    i += (size_t)e.position;
    i = S_skip_ws(t, len, i);
  }
  return 0;
}

typedef struct {
  size_t off;
  const char *what;
} S_fix;

/* The value of the 4 hex digits at t[i..i+4), or -1. */
static long S_hex4(const char *t, size_t len, size_t i) {
  if (i + 4 > len) return -1;
  long v = 0;
  for (size_t k = i; k < i + 4; k++) {
    int c = (unsigned char)t[k], d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
                                  : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
    if (d < 0) return -1;
    v = v * 16 + d;
  }
  return v;
}

/* Bytes of the escape at t[i] ('\\') when it is "\\uXXXX" of a lone
 * surrogate (a high one not followed by "\\u" and a low one, or a low one
 * alone): 6; else 0. JSON allows the escape, but no code point is written
 * so, and a strict reader (jansson) refuses the whole document. */
static size_t S_lone_surrogate(const char *t, size_t len, size_t i) {
  if (i + 1 >= len || t[i + 1] != 'u') return 0;
  long u = S_hex4(t, len, i + 2);
  if (u >= 0xDC00 && u <= 0xDFFF) return 6;
  if (u < 0xD800 || u > 0xDBFF) return 0;
  long lo = i + 7 < len && t[i + 6] == '\\' && t[i + 7] == 'u' ? S_hex4(t, len, i + 8) : -1;
  return lo >= 0xDC00 && lo <= 0xDFFF ? 0 : 6;
}

/* The repairs listed one by one (the rest are counted). */
#define S_FIXES_SHOWN 20

/* One more fix at off: listed while fewer than S_FIXES_SHOWN are. */
static void S_fix_at(S_fix *fixes, size_t *nfix, size_t off, const char *what) {
  if (*nfix < S_FIXES_SHOWN) fixes[*nfix] = (S_fix){off, what};
  (*nfix)++;
}

/* Build a repaired copy of t. Returns the number of fixes; fixes[] (room
 * for S_FIXES_SHOWN) records the first ones' original offsets. Invalid
 * UTF-8 bytes, and escapes of lone UTF-16 surrogates ("\\ud800" without
 * its pair), become U+FFFD (what every output shows for them, as for a
 * log's names), counted in *n_bad with the first one's offset in
 * *first_bad (lone surrogates in *n_sur, *first_sur), not listed in fixes.
 * Returns (size_t)-1 when the copy would pass a quarter more than t (plus
 * 1 MiB): a file with that many repairs is not one of trtexec's (and the
 * copy counts against its budget). */
static size_t S_repair(const char *t, size_t len, ec_buf *out, S_fix *fixes, size_t *nfix, size_t *n_bad,
                       size_t *first_bad, size_t *n_sur, size_t *first_sur) {
  int in_str = 0;
  size_t max = len + len / 4 + ((size_t)1 << 20);
  *n_bad = *n_sur = 0;
  for (size_t i = 0; i < len; i++) {
    if (out->len > max) return (size_t)-1;
    unsigned char c = (unsigned char)t[i];
    if (c >= 0x80) {
      size_t l;
      unsigned cp = ec_utf8_decode((const unsigned char *)t + i, len - i, &l);
      if (cp == 0xFFFD && l == 1) {
        if (!(*n_bad)++) *first_bad = i;
        ec_buf_puts(out, "\xEF\xBF\xBD");
      } else {
        ec_buf_put(out, t + i, l);
      }
      i += l - 1;
      continue;
    }
    if (in_str) {
      if (c == '\\' && S_lone_surrogate(t, len, i)) {
        if (!(*n_sur)++) *first_sur = i;
        ec_buf_puts(out, "\\ufffd");
        i += 5;
        continue;
      }
      if (c == '\\' && i + 1 < len) {
        long u = t[i + 1] == 'u' ? S_hex4(t, len, i + 2) : -1;
        size_t l = u >= 0xD800 && u <= 0xDBFF ? 12 : 2; /* a surrogate pair as one (lone ones are above) */
        ec_buf_put(out, t + i, l);
        i += l - 1;
        continue;
      }
      if (c == '"') {
        /* A real end of string is followed by , : } ] or the end. */
        size_t j = S_skip_ws(t, len, i + 1);
        if (j >= len || t[j] == ',' || t[j] == ':' || t[j] == '}' || t[j] == ']') {
          in_str = 0;
          ec_buf_putc(out, '"');
        } else {
          ec_buf_puts(out, "\\\"");
          S_fix_at(fixes, nfix, i, "unescaped '\"' inside a string escaped");
        }
        continue;
      }
      if (c < 0x20) {
        ec_buf_printf(out, "\\u%04x", c);
        S_fix_at(fixes, nfix, i, "raw control character inside a string escaped");
        continue;
      }
      ec_buf_putc(out, (char)c);
      continue;
    }
    if (c == '"') {
      in_str = 1;
      ec_buf_putc(out, '"');
      continue;
    }
    /* Bare non-finite numbers: nan, -nan, inf, -inf, NaN, Infinity. */
    static const char *words[] = {"-nan", "nan", "-inf", "inf", "-NaN", "NaN", "-Infinity", "Infinity", "-infinity", "infinity"};
    int matched = 0;
    if (c == 'n' || c == 'N' || c == 'i' || c == 'I' || c == '-') {
      for (size_t k = 0; k < sizeof words / sizeof words[0]; k++) {
        size_t wl = strlen(words[k]);
        if (i + wl <= len && memcmp(t + i, words[k], wl) == 0 &&
            (i + wl == len || !isalnum((unsigned char)t[i + wl])) &&
            (i == 0 || !isalnum((unsigned char)t[i - 1]))) {
          ec_buf_puts(out, "null");
          S_fix_at(fixes, nfix, i, "non-finite number read as null");
          i += wl - 1;
          matched = 1;
          break;
        }
      }
    }
    if (!matched) ec_buf_putc(out, (char)c);
  }
  return *nfix;
}

/* "--- Layer N ---" separated dumps: returns 1 and fills doc with one
 * {"Layers": [...]} object when t has that shape and every segment parses. */
static int S_layer_dump(const char *path, const char *t, size_t len, ec_diags *d, ec_json_doc *doc) {
  size_t i = S_skip_ws(t, len, 0);
  if (len - i < 12 || memcmp(t + i, "--- Layer ", 10) != 0) return 0;
  json_t *layers = json_array();
  size_t seg = 0;
  while (i < len) {
    const char *nl = memchr(t + i, '\n', len - i);
    size_t eol = nl ? (size_t)(nl - t) : len;
    if (eol - i >= 10 && memcmp(t + i, "--- Layer ", 10) == 0) {
      i = eol + (nl ? 1 : 0);
      /* the JSON segment runs to the next marker line */
      size_t j = i;
      while (j < len) {
        if ((j == i || t[j - 1] == '\n') && len - j >= 10 && memcmp(t + j, "--- Layer ", 10) == 0) break;
        j++;
      }
      json_error_t e;
      json_t *v = json_loadb(t + i, j - i, JSON_ALLOW_NUL, &e);
      if (!v) {
        int ln, col;
        ec_diag_linecol(t, len, i + (size_t)(e.position > 0 ? e.position : 0), &ln, &col);
        ec_diag_add(d, EC_WARN, path, ln, col, "layer dump segment %zu is not valid JSON (%s); skipped", seg, e.text);
      } else {
        json_array_append_new(layers, v);
      }
      seg++;
      i = j;
    } else {
      i = eol + (nl ? 1 : 0);
    }
  }
  json_t *root = json_object();
  json_object_set_new(root, "Layers", layers);
  *EC_PUSH(doc->v, doc->n, doc->cap) = root;
  doc->layer_dump = 1;
  ec_diag_add(d, EC_WARN, path, 1, 1,
              "not one JSON document but %zu per-layer %s separated by '--- Layer N ---' lines; read as one layer list", seg, ec_plural(seg,
                                                                                                                                        "dump",
                                                                                                                                        "dumps"));
  return 1;
}

int ec_json_parse(const char *path, const char *text, size_t len, ec_budget_id top, ec_diags *d, ec_json_doc *doc) {
  memset(doc, 0, sizeof *doc);
  {
    size_t off = 0;
    char msg[256];
    if (S_prescan(text, len, top, &off, msg, sizeof msg) != 0) {
      int ln, col;
      ec_diag_linecol(text, len, off, &ln, &col);
      ec_diag_add(d, EC_ERROR, path, ln, col, "%s", msg);
      return -1;
    }
  }
  if (S_layer_dump(path, text, len, d, doc)) return 0;
  size_t err_off = 0;
  char err_text[256];
  int rc = S_parse_values(text, len, doc, &err_off, err_text, sizeof err_text);
  if (rc == 0) return 0;
  ec_json_doc_free(doc);
  if (rc == -2) { /* no repair: a copy of the text would not fit either */
    ec_diag_add(d, EC_ERROR, path, 0, 0, "%s (the file is too large for the memory available)", err_text);
    return -1;
  }
  /* Strict parse failed: try the repairs, accept them only if they parse. */
  ec_buf fixed = {0};
  S_fix fixes[S_FIXES_SHOWN];
  size_t nfix = 0, n_bad = 0, first_bad = 0, n_sur = 0, first_sur = 0;
  int tried = S_repair(text, len, &fixed, fixes, &nfix, &n_bad, &first_bad, &n_sur, &first_sur) != (size_t)-1;
  size_t err2 = 0;
  char err_text2[256];
  if (tried && nfix + n_bad + n_sur > 0 &&
      S_parse_values(fixed.data, fixed.len, doc, &err2, err_text2, sizeof err_text2) == 0) {
    doc->repaired = 1;
    if (n_sur) {
      int ln, col;
      ec_diag_linecol(text, len, first_sur, &ln, &col);
      ec_diag_add(d, EC_WARN, path, ln, col,
                  "invalid JSON repaired: %zu escape%s of a lone UTF-16 surrogate (\\ud800-\\udfff without its pair) "
                  "read as U+FFFD (the first here)",
                  n_sur, ec_plural(n_sur, "", "s"));
    }
    if (n_bad) {
      int ln, col;
      ec_diag_linecol(text, len, first_bad, &ln, &col);
      ec_diag_add(d, EC_WARN, path, ln, col, "invalid JSON repaired: %zu byte%s of invalid UTF-8 read as U+FFFD (the first here)",
                  n_bad, ec_plural(n_bad, "", "s"));
    }
    size_t shown = nfix < S_FIXES_SHOWN ? nfix : S_FIXES_SHOWN;
    for (size_t k = 0; k < shown; k++) {
      int ln, col;
      ec_diag_linecol(text, len, fixes[k].off, &ln, &col);
      ec_diag_add(d, EC_WARN, path, ln, col, "invalid JSON repaired: %s", fixes[k].what);
    }
    if (nfix > shown)
      ec_diag_add(d, EC_WARN, path, 0, 0, "invalid JSON repaired: %zu more %s not listed", nfix - shown,
                  ec_plural(nfix - shown, "repair", "repairs"));
    ec_buf_free(&fixed);
    return 0;
  }
  ec_json_doc_free(doc);
  ec_buf_free(&fixed);
  int ln, col;
  ec_diag_linecol(text, len, err_off, &ln, &col);
  ec_diag_add(d, EC_ERROR, path, ln, col, "invalid JSON: %s%s", err_text,
              tried ? "" : " (too many repairs to try: its repaired copy would pass 1.25 times its size)");
  return -1;
}

double ec_json_num(const json_t *v) {
  if (json_is_integer(v)) return (double)json_integer_value(v);
  if (json_is_real(v)) return json_real_value(v);
  if (json_is_string(v)) {
    const char *s = json_string_value(v);
    char *end;
    double x = strtod(s, &end);
    if (end != s) return x;
  }
  return NAN;
}

const char *ec_json_str(const json_t *v, size_t *len) {
  if (!json_is_string(v)) return NULL;
  if (len) *len = json_string_length(v);
  return json_string_value(v);
}

char *ec_json_text(const json_t *v) {
  if (json_is_string(v)) return ec_strndup(json_string_value(v), json_string_length(v));
  char *s = json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY | JSON_REAL_PRECISION(10));
  if (!s) return ec_strdup("");
  char *r = ec_strdup(s);
  free(s);
  return r;
}
