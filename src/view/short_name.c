#include "view/short_name.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "draw/text.h"
#include "util/alloc.h"
#include "util/buf.h"

#define S_MAX_PARTS 256
#define S_TIMES " \xC3\x97 " /* " × " */
#define S_ELL "\xE2\x80\xA6"  /* "…" */

typedef struct {
  const char *s;
  size_t n;
} S_span;

static int S_digit(char c) { return c >= '0' && c <= '9'; }

/* s[0..n) without Myelin's "_myl<N>_<k>" suffix. */
static size_t S_strip_myl(const char *s, size_t n) {
  size_t i = n;
  while (i > 0 && S_digit(s[i - 1])) i--;
  if (i == n || i == 0 || s[i - 1] != '_') return n;
  size_t j = --i;
  while (j > 0 && S_digit(s[j - 1])) j--;
  if (j == i || j < 4 || memcmp(s + j - 4, "_myl", 4)) return n;
  return j - 4 > 0 ? j - 4 : n;
}

static S_span S_trim(const char *s, size_t n) {
  while (n && (*s == ' ')) s++, n--;
  while (n && s[n - 1] == ' ') n--;
  return (S_span){s, n};
}

/* Split s[0..n) on '+' (and on ", " when commas), trimmed; returns the count. */
static size_t S_split(const char *s, size_t n, int commas, S_span *out) {
  size_t k = 0, a = 0;
  for (size_t i = 0; i <= n; i++) {
    int sep = i == n || s[i] == '+' || (commas && s[i] == ',');
    if (!sep) continue;
    S_span p = S_trim(s + a, i - a);
    if (p.n && k < S_MAX_PARTS) out[k++] = p;
    a = i + 1;
  }
  return k;
}

/* Length of the path prefix (ending in '/') all parts share. */
static size_t S_common_dir(const S_span *p, size_t k) {
  size_t l = p[0].n;
  for (size_t i = 1; i < k; i++) {
    size_t m = 0;
    while (m < l && m < p[i].n && p[i].s[m] == p[0].s[m]) m++;
    l = m;
  }
  while (l > 0 && p[0].s[l - 1] != '/') l--;
  return l;
}

/* Where the last two '/'-components of t[0..n) start. */
static size_t S_key_start(const char *t, size_t n) {
  size_t i = n, slashes = 0;
  while (i > 0) {
    if (t[i - 1] == '/' && ++slashes == 2) return i;
    i--;
  }
  return 0;
}

typedef struct {
  S_span key; /* last two components of the tail */
  size_t count;
  int more;   /* some tail holds more than the key */
} S_group;

static void S_put_key(ec_buf *b, const S_group *g, int with_more) {
  if (g->count > 1) ec_buf_printf(b, "%zu" S_TIMES, g->count);
  if (with_more && g->more) ec_buf_puts(b, S_ELL "/");
  ec_buf_put(b, g->key.s, g->key.n);
}

/* The body of a list of k parts: the shared prefix, then the groups. */
static void S_fold_list(ec_buf *b, S_span *p, size_t k) {
  for (size_t i = 0; i < k; i++) p[i].n = S_strip_myl(p[i].s, p[i].n);
  size_t pre = S_common_dir(p, k);
  ec_buf_put(b, p[0].s, pre);
  S_group *g = ec_calloc(k, sizeof *g);
  size_t ng = 0;
  for (size_t i = 0; i < k; i++) {
    const char *t = p[i].s + pre;
    size_t tn = p[i].n - pre, ks = S_key_start(t, tn);
    S_span key = {t + ks, tn - ks};
    size_t j = 0;
    while (j < ng && !(g[j].key.n == key.n && !memcmp(g[j].key.s, key.s, key.n))) j++;
    if (j == ng) g[ng++].key = key;
    g[j].count++;
    g[j].more |= ks > 0;
  }
  /* one op of many blocks ("/model/layers.3/.../value_proj/MatMul + /model/
   * layers.4/..."): the count, then what tells the first and the last apart
   * around the path they share: "12 × {layers.3…layers.14}/self_attn/value_proj/MatMul" */
  if (ng == 1 && g[0].count > 1 && g[0].more) {
    const char *t0 = p[0].s + pre, *tl = p[k - 1].s + pre;
    size_t n0 = p[0].n - pre, nl = p[k - 1].n - pre, suf = n0;
    for (size_t i = 1; i < k; i++) {
      const char *t = p[i].s + pre;
      size_t tn = p[i].n - pre, m = 0;
      while (m < suf && m < tn && t[tn - 1 - m] == t0[n0 - 1 - m]) m++;
      suf = m;
    }
    while (suf > 0 && t0[n0 - suf] != '/') suf--; /* the shared path starts at a '/' */
    ec_buf_printf(b, "%zu" S_TIMES, g[0].count);
    if (suf && n0 > suf && nl > suf) {
      /* the last one without the start it shares with the first, numbers
       * kept whole: {layers.49…60} */
      size_t m0 = n0 - suf, ml = nl - suf, cp = 0;
      while (cp < m0 && cp < ml && t0[cp] == tl[cp]) cp++;
      while (cp > 0 && S_digit(tl[cp - 1])) cp--;
      if (cp >= ml) cp = 0;
      ec_buf_putc(b, '{');
      ec_buf_put(b, t0, m0);
      ec_buf_puts(b, S_ELL);
      ec_buf_put(b, tl + cp, ml - cp);
      ec_buf_putc(b, '}');
      ec_buf_put(b, t0 + n0 - suf, suf);
    } else {
      ec_buf_put(b, t0, n0);
    }
    free(g);
    return;
  }
  /* one op ends every group ("…/q_proj/MatMul", "…/k_proj/MatMul"): list the middles */
  const char *last = NULL;
  size_t last_n = 0;
  int same = ng > 1, more = 0;
  for (size_t j = 0; j < ng && same; j++) {
    const char *sl = memchr(g[j].key.s, '/', g[j].key.n);
    if (!sl) {
      same = 0;
      break;
    }
    size_t ln = g[j].key.n - (size_t)(sl + 1 - g[j].key.s);
    if (!last) last = sl + 1, last_n = ln;
    else if (ln != last_n || memcmp(last, sl + 1, ln)) same = 0;
    more |= g[j].more;
  }
  if (same) {
    if (more) ec_buf_puts(b, S_ELL "/");
    ec_buf_putc(b, '{');
    for (size_t j = 0; j < ng; j++) {
      if (j) ec_buf_puts(b, ", ");
      if (g[j].count > 1) ec_buf_printf(b, "%zu" S_TIMES, g[j].count);
      ec_buf_put(b, g[j].key.s, g[j].key.n - last_n - 1);
    }
    ec_buf_puts(b, "}/");
    ec_buf_put(b, last, last_n);
  } else {
    for (size_t j = 0; j < ng; j++) {
      if (j) ec_buf_puts(b, " + ");
      S_put_key(b, &g[j], 1);
    }
  }
  free(g);
}

char *ec_short_fold(const char *name, size_t n) {
  if (!name) return ec_strdup("");
  const char *z = memchr(name, '\0', n);
  if (z) n = (size_t)(z - name);
  static const char fn_open[] = "{ForeignNode[", fn_close[] = "]}";
  int foreign = n > sizeof fn_open + 1 && !memcmp(name, fn_open, sizeof fn_open - 1) &&
                !memcmp(name + n - 2, fn_close, 2);
  const char *body = name;
  size_t bn = n;
  ec_buf b = {0};
  if (foreign) {
    body = name + sizeof fn_open - 1;
    bn = n - (sizeof fn_open - 1) - 2;
    ec_buf_puts(&b, fn_open);
  } else {
    /* a label before the parts ("myl3: /model/..."): kept as it is */
    const char *c = NULL;
    for (size_t i = 0; i + 1 < n && i < 32; i++) {
      if (name[i] == '/' || name[i] == '+') break;
      if (name[i] == ':' && name[i + 1] == ' ') {
        c = name + i + 2;
        break;
      }
    }
    if (c) {
      ec_buf_put(&b, name, (size_t)(c - name));
      bn = n - (size_t)(c - name);
      body = c;
    }
  }
  S_span *p = ec_malloc(S_MAX_PARTS * sizeof *p);
  /* a ForeignNode's range "first...last" */
  const char *dots = NULL;
  if (foreign)
    for (size_t i = 0; i + 3 <= bn; i++)
      if (!memcmp(body + i, "...", 3)) {
        dots = body + i;
        break;
      }
  size_t k = dots ? 0 : S_split(body, bn, foreign, p);
  if (dots) {
    p[0] = S_trim(body, (size_t)(dots - body));
    p[1] = S_trim(dots + 3, bn - (size_t)(dots + 3 - body));
    if (p[0].n && p[1].n) {
      p[0].n = S_strip_myl(p[0].s, p[0].n);
      p[1].n = S_strip_myl(p[1].s, p[1].n);
      size_t pre = S_common_dir(p, 2);
      ec_buf_put(&b, p[0].s, pre);
      ec_buf_put(&b, p[0].s + pre, p[0].n - pre);
      ec_buf_puts(&b, S_ELL);
      ec_buf_put(&b, p[1].s + pre, p[1].n - pre);
      k = 2;
    }
  } else if (k > 1) {
    S_fold_list(&b, p, k);
  }
  free(p);
  if (k < 2) {
    free(ec_buf_take(&b));
    return ec_strndup(name, n);
  }
  if (foreign) ec_buf_puts(&b, fn_close);
  char *r = ec_buf_take(&b);
  if (strlen(r) >= n) {
    free(r);
    return ec_strndup(name, n);
  }
  return r;
}

int ec_short_wanted(const char *name, size_t n) {
  if (!name) return 0;
  if (n > 120) return 1;
  size_t plus = 0;
  for (size_t i = 0; i < n && name[i]; i++) plus += name[i] == '+';
  return plus >= 2;
}

char *ec_short_name(const char *name, size_t n, double size, double max_w, double keep_w, int *cut) {
  if (keep_w > 0 && name) {
    char *whole = ec_strndup(name, n); /* a name holding a NUL byte shows up to it */
    if (ec_text_width(whole, size, 0) <= keep_w) {
      if (cut) *cut = 0;
      return whole;
    }
    free(whole);
  }
  char *f = ec_short_fold(name, n);
  int c = 0;
  char *r = ec_text_fit_mid(f, size, 0, max_w, &c);
  size_t whole = name ? strnlen(name, n) : 0;
  if (cut) *cut = c || strlen(f) != whole || (name && memcmp(f, name, whole));
  free(f);
  return r;
}
