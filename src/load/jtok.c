/* jtok — see jtok.h. */
#include "load/jtok.h"
#include "util/alloc.h"
#include "util/budget.h"
#include "util/buf.h"
#include "util/utf8.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static size_t S_ws(const char *t, size_t len, size_t i) {
  while (i < len && (t[i] == ' ' || t[i] == '\n' || t[i] == '\r' || t[i] == '\t')) i++;
  return i;
}

static int S_hex(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/* \uXXXX at t[i] (the backslash): its code unit, or -1. */
static long S_u(const char *t, size_t len, size_t i) {
  if (i + 6 > len || t[i] != '\\' || t[i + 1] != 'u') return -1;
  long v = 0;
  for (size_t k = 2; k < 6; k++) {
    int h = S_hex(t[i + k]);
    if (h < 0) return -1;
    v = v * 16 + h;
  }
  return v;
}

static ec_jt *S_push(ec_jtoks *d, ec_jt_kind k, size_t start) {
  if (d->n == d->cap) { /* doubling, but never far past the budget (the parse stops there) */
    size_t cap = d->cap * 2;
    if (cap > d->max + 4) cap = d->max + 4;
    if (cap <= d->n) cap = d->n + 1;
    d->t = ec_reallocarray(d->t, cap, sizeof *d->t);
    d->cap = cap;
  }
  ec_jt *x = &d->t[d->n++];
  memset(x, 0, sizeof *x);
  x->kind = k;
  x->start = start;
  x->next = d->n;
  return x;
}

/* A string whose opening quote is at t[*pos]; *pos ends after the closing
 * quote. 0, or -1 at *pos. */
static int S_string(ec_jtoks *d, size_t *pos) {
  const char *t = d->text;
  size_t len = d->len, i = *pos + 1, start = i;
  int esc = 0;
  unsigned char high = 0; /* bytes above 0x7f seen: the UTF-8 check is needed */
  for (;;) {
    if (i >= len) {
      *pos = i;
      return -1;
    }
    unsigned char c = (unsigned char)t[i];
    if (c == '"') break;
    if (c < 0x20) {
      *pos = i;
      return -1;
    }
    if (c != '\\') {
      high |= c & 0x80;
      i++;
      continue;
    }
    esc = 1;
    if (i + 1 >= len) {
      *pos = i;
      return -1;
    }
    char e = t[i + 1];
    if (e == 'u') {
      long u = S_u(t, len, i);
      if (u < 0 || (u >= 0xDC00 && u <= 0xDFFF)) {
        *pos = i;
        return -1;
      }
      if (u >= 0xD800 && u <= 0xDBFF) {
        long lo = S_u(t, len, i + 6);
        if (lo < 0xDC00 || lo > 0xDFFF) {
          *pos = i;
          return -1;
        }
        i += 12;
      } else {
        i += 6;
      }
    } else if (strchr("\"\\/bfnrt", e) && e) {
      i += 2;
    } else {
      *pos = i;
      return -1;
    }
  }
  if (high && !ec_utf8_valid(t + start, i - start)) {
    *pos = start;
    return -1;
  }
  ec_jt *x = S_push(d, EC_JT_STRING, start);
  x->end = i;
  x->escaped = esc;
  *pos = i + 1;
  return 0;
}

/* A number at t[*pos] (RFC 8259 grammar). */
static int S_number(ec_jtoks *d, size_t *pos) {
  const char *t = d->text;
  size_t len = d->len, i = *pos;
  int real = 0;
  if (i < len && t[i] == '-') i++;
  if (i < len && t[i] == '0') i++;
  else if (i < len && t[i] >= '1' && t[i] <= '9')
    while (i < len && t[i] >= '0' && t[i] <= '9') i++;
  else {
    *pos = i;
    return -1;
  }
  if (i < len && t[i] == '.') {
    real = 1;
    size_t s = ++i;
    while (i < len && t[i] >= '0' && t[i] <= '9') i++;
    if (i == s) {
      *pos = i;
      return -1;
    }
  }
  if (i < len && (t[i] == 'e' || t[i] == 'E')) {
    real = 1;
    i++;
    if (i < len && (t[i] == '+' || t[i] == '-')) i++;
    size_t s = i;
    while (i < len && t[i] >= '0' && t[i] <= '9') i++;
    if (i == s) {
      *pos = i;
      return -1;
    }
  }
  ec_jt *x = S_push(d, EC_JT_NUMBER, *pos);
  x->end = i;
  x->real = real;
  *pos = i;
  return 0;
}

static int S_literal(ec_jtoks *d, size_t *pos, const char *word, ec_jt_kind k) {
  size_t n = strlen(word);
  if (d->len - *pos < n || memcmp(d->text + *pos, word, n) != 0) return -1;
  ec_jt *x = S_push(d, k, *pos);
  x->end = *pos + n;
  *pos += n;
  return 0;
}

int ec_jtok_parse(const char *text, size_t len, ec_jtoks *d, size_t *err_off) {
  memset(d, 0, sizeof *d);
  d->text = text;
  d->len = len;
  d->max = (size_t)(((unsigned long long)len * EC_JSON_TREE_FACTOR + EC_JSON_TREE_SLACK) / sizeof *d->t);
  /* a summary holds about a token per 16 bytes of text: one allocation */
  ec_grow((void **)&d->t, &d->cap, len / 16 + 16, sizeof *d->t);
  size_t stack[EC_JT_MAX_DEPTH]; /* open containers */
  size_t depth = 0, pos = S_ws(text, len, 0);
  if (len >= 3 && (unsigned char)text[0] == 0xEF && (unsigned char)text[1] == 0xBB && (unsigned char)text[2] == 0xBF)
    pos = S_ws(text, len, 3);
  int want_key = 0; /* inside an object, a key comes next */
  for (;;) {
    if (d->n > d->max) { /* at most two tokens a turn: a key and its value */
      *err_off = pos;
      return -2;
    }
    /* a value (or, in an object, a key and its colon first) */
    if (want_key) {
      if (pos >= len || text[pos] != '"' || S_string(d, &pos) != 0) goto bad;
      pos = S_ws(text, len, pos);
      if (pos >= len || text[pos] != ':') goto bad;
      pos = S_ws(text, len, pos + 1);
      want_key = 0;
    }
    if (pos >= len) goto bad;
    char c = text[pos];
    if (c == '{' || c == '[') {
      if (depth == EC_JT_MAX_DEPTH) goto bad;
      S_push(d, c == '{' ? EC_JT_OBJECT : EC_JT_ARRAY, pos);
      stack[depth++] = d->n - 1;
      pos = S_ws(text, len, pos + 1);
      if (pos < len && text[pos] == (c == '{' ? '}' : ']')) {
        pos++;
        d->t[stack[--depth]].end = pos;
        d->t[stack[depth]].next = d->n;
      } else {
        want_key = c == '{';
        continue;
      }
    } else if (c == '"') {
      if (S_string(d, &pos) != 0) goto bad;
    } else if (c == '-' || (c >= '0' && c <= '9')) {
      if (S_number(d, &pos) != 0) goto bad;
    } else if (c == 't') {
      if (S_literal(d, &pos, "true", EC_JT_TRUE) != 0) goto bad;
    } else if (c == 'f') {
      if (S_literal(d, &pos, "false", EC_JT_FALSE) != 0) goto bad;
    } else if (c == 'n') {
      if (S_literal(d, &pos, "null", EC_JT_NULL) != 0) goto bad;
    } else {
      goto bad;
    }
    /* after a value: the next element, or close containers */
    for (;;) {
      pos = S_ws(text, len, pos);
      if (!depth) {
        if (pos != len) goto bad;
        return 0;
      }
      ec_jt *open = &d->t[stack[depth - 1]];
      char close = open->kind == EC_JT_OBJECT ? '}' : ']';
      if (pos < len && text[pos] == ',') {
        pos = S_ws(text, len, pos + 1);
        want_key = open->kind == EC_JT_OBJECT;
        break;
      }
      if (pos < len && text[pos] == close) {
        pos++;
        open->end = pos;
        open->next = d->n;
        depth--;
        continue;
      }
      goto bad;
    }
  }
bad:
  *err_off = pos;
  return -1;
}

void ec_jtok_free(ec_jtoks *d) {
  free(d->t);
  memset(d, 0, sizeof *d);
}

ec_jt_kind ec_jt_kind_of(const ec_jtoks *d, size_t i) { return i < d->n ? d->t[i].kind : EC_JT_NONE; }

size_t ec_jt_first(const ec_jtoks *d, size_t a) {
  if (a >= d->n || (d->t[a].kind != EC_JT_OBJECT && d->t[a].kind != EC_JT_ARRAY)) return EC_JT_MISSING;
  return a + 1 < d->t[a].next ? a + 1 : EC_JT_MISSING;
}

size_t ec_jt_next(const ec_jtoks *d, size_t c, size_t i) {
  if (c >= d->n || i >= d->n) return EC_JT_MISSING;
  size_t j = d->t[i].next;
  if (d->t[c].kind == EC_JT_OBJECT) j = d->t[j].next; /* past the key's value */
  return j < d->t[c].next ? j : EC_JT_MISSING;
}

size_t ec_jt_size(const ec_jtoks *d, size_t a) {
  size_t n = 0;
  for (size_t i = ec_jt_first(d, a); i != EC_JT_MISSING; i = ec_jt_next(d, a, i)) n++;
  return n;
}

/* Unescape string token x into b. */
static void S_unescape(const ec_jtoks *d, const ec_jt *x, ec_buf *b) {
  const char *t = d->text;
  for (size_t i = x->start; i < x->end;) {
    if (t[i] != '\\') {
      size_t j = i;
      while (j < x->end && t[j] != '\\') j++;
      ec_buf_put(b, t + i, j - i);
      i = j;
      continue;
    }
    char e = t[i + 1];
    if (e != 'u') {
      static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
      ec_buf_putc(b, to[strchr(from, e) - from]);
      i += 2;
      continue;
    }
    unsigned long u = (unsigned long)S_u(t, d->len, i);
    i += 6;
    if (u >= 0xD800 && u <= 0xDBFF) {
      u = 0x10000 + ((u - 0xD800) << 10) + ((unsigned long)S_u(t, d->len, i) - 0xDC00);
      i += 6;
    }
    char o[4];
    size_t n;
    if (u < 0x80) o[0] = (char)u, n = 1;
    else if (u < 0x800) o[0] = (char)(0xC0 | (u >> 6)), o[1] = (char)(0x80 | (u & 0x3F)), n = 2;
    else if (u < 0x10000)
      o[0] = (char)(0xE0 | (u >> 12)), o[1] = (char)(0x80 | ((u >> 6) & 0x3F)), o[2] = (char)(0x80 | (u & 0x3F)), n = 3;
    else
      o[0] = (char)(0xF0 | (u >> 18)), o[1] = (char)(0x80 | ((u >> 12) & 0x3F)), o[2] = (char)(0x80 | ((u >> 6) & 0x3F)),
      o[3] = (char)(0x80 | (u & 0x3F)), n = 4;
    ec_buf_put(b, o, n);
  }
}

char *ec_jt_str(const ec_jtoks *d, size_t i, size_t *len) {
  if (ec_jt_kind_of(d, i) != EC_JT_STRING) return NULL;
  const ec_jt *x = &d->t[i];
  if (!x->escaped) {
    if (len) *len = x->end - x->start;
    return ec_strndup(d->text + x->start, x->end - x->start);
  }
  ec_buf b = {0};
  S_unescape(d, x, &b);
  if (len) *len = b.len;
  if (!b.data) return ec_strdup("");
  return ec_buf_take(&b);
}

int ec_jt_streq(const ec_jtoks *d, size_t i, const char *s) {
  if (ec_jt_kind_of(d, i) != EC_JT_STRING) return 0;
  const ec_jt *x = &d->t[i];
  size_t n = strlen(s);
  if (!x->escaped) return x->end - x->start == n && memcmp(d->text + x->start, s, n) == 0;
  size_t l;
  char *u = ec_jt_str(d, i, &l);
  int eq = l == n && memcmp(u, s, n) == 0;
  free(u);
  return eq;
}

size_t ec_jt_get(const ec_jtoks *d, size_t obj, const char *key) {
  if (ec_jt_kind_of(d, obj) != EC_JT_OBJECT) return EC_JT_MISSING;
  size_t kl = strlen(key);
  for (size_t k = ec_jt_first(d, obj); k != EC_JT_MISSING; k = ec_jt_next(d, obj, k)) {
    const ec_jt *x = &d->t[k];
    if (!x->escaped) {
      /* the common case without a copy: length, first byte, then the rest */
      if (x->end - x->start == kl && (!kl || d->text[x->start] == key[0]) && memcmp(d->text + x->start, key, kl) == 0)
        return k + 1;
    } else if (ec_jt_streq(d, k, key)) {
      return k + 1;
    }
  }
  return EC_JT_MISSING;
}

/* A JSON number of at most 15 significant digits and a decimal exponent
 * within +-22, the numbers enginecard writes (12 digits): the digits as an
 * integer, multiplied or divided by an exact power of ten, is one correctly
 * rounded operation on exact operands, so the result equals strtod's
 * (Clinger 1990) at a fraction of its cost. 0 when the number is outside
 * that case. */
static int S_fast_num(const char *t, size_t n, double *out) {
  static const double p10[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                               1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
  size_t i = 0;
  int neg = 0, digits = 0, exp10 = 0;
  unsigned long long m = 0;
  if (i < n && t[i] == '-') neg = 1, i++;
  for (; i < n && t[i] >= '0' && t[i] <= '9'; i++) {
    if (m || t[i] != '0') {
      if (++digits > 15) return 0;
      m = m * 10 + (unsigned)(t[i] - '0');
    }
  }
  if (i < n && t[i] == '.') {
    for (i++; i < n && t[i] >= '0' && t[i] <= '9'; i++) {
      if (m || t[i] != '0') {
        if (++digits > 15) return 0;
        m = m * 10 + (unsigned)(t[i] - '0');
      }
      exp10--;
    }
  }
  if (i < n && (t[i] == 'e' || t[i] == 'E')) {
    int es = 1, e = 0;
    i++;
    if (i < n && (t[i] == '+' || t[i] == '-')) es = t[i++] == '-' ? -1 : 1;
    for (; i < n && t[i] >= '0' && t[i] <= '9'; i++) {
      if (e > 1000) return 0;
      e = e * 10 + (t[i] - '0');
    }
    exp10 += es * e;
  }
  if (i != n || exp10 < -22 || exp10 > 22) return 0;
  double x = (double)m;
  x = exp10 < 0 ? x / p10[-exp10] : x * p10[exp10];
  *out = neg ? -x : x;
  return 1;
}

double ec_jt_num(const ec_jtoks *d, size_t i) {
  ec_jt_kind k = ec_jt_kind_of(d, i);
  if (k == EC_JT_NUMBER) {
    double fx;
    if (S_fast_num(d->text + d->t[i].start, d->t[i].end - d->t[i].start, &fx)) return fx;
    char buf[64];
    size_t n = d->t[i].end - d->t[i].start;
    if (n < sizeof buf) {
      memcpy(buf, d->text + d->t[i].start, n);
      buf[n] = '\0';
      return strtod(buf, NULL);
    }
    char *s = ec_strndup(d->text + d->t[i].start, n);
    double x = strtod(s, NULL);
    free(s);
    return x;
  }
  if (k == EC_JT_STRING) {
    char *s = ec_jt_str(d, i, NULL), *end;
    double x = strtod(s, &end);
    int ok = end != s;
    free(s);
    return ok ? x : NAN;
  }
  return NAN;
}

char *ec_jt_text(const ec_jtoks *d, size_t i) {
  ec_jt_kind k = ec_jt_kind_of(d, i);
  if (k == EC_JT_NONE) return ec_strdup("");
  if (k == EC_JT_STRING) return ec_jt_str(d, i, NULL);
  const ec_jt *x = &d->t[i];
  if (k == EC_JT_NUMBER) {
    /* as jansson's compact dump with JSON_REAL_PRECISION(10) writes it */
    char buf[64];
    if (!x->real) {
      snprintf(buf, sizeof buf, "%lld", strtoll(d->text + x->start, NULL, 10));
    } else {
      snprintf(buf, sizeof buf, "%.10g", ec_jt_num(d, i));
      if (!strpbrk(buf, ".eE") && isfinite(ec_jt_num(d, i))) strcat(buf, ".0");
    }
    return ec_strdup(buf);
  }
  /* compact: the text without whitespace outside strings */
  ec_buf b = {0};
  int in_str = 0;
  for (size_t p = x->start; p < x->end; p++) {
    char c = d->text[p];
    if (in_str) {
      ec_buf_putc(&b, c);
      if (c == '\\') ec_buf_putc(&b, d->text[++p]);
      else if (c == '"') in_str = 0;
    } else if (c == '"') {
      in_str = 1;
      ec_buf_putc(&b, c);
    } else if (c != ' ' && c != '\n' && c != '\r' && c != '\t') {
      ec_buf_putc(&b, c);
    }
  }
  return b.data ? ec_buf_take(&b) : ec_strdup("");
}
