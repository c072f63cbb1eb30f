#include "util/utf8.h"

unsigned ec_utf8_decode(const unsigned char *s, size_t n, size_t *len) {
  *len = 1;
  if (n == 0) { *len = 0; return 0xFFFD; }
  unsigned c = s[0];
  if (c < 0x80) return c;
  size_t need;
  unsigned cp, min;
  if ((c & 0xE0) == 0xC0) { need = 2; cp = c & 0x1F; min = 0x80; }
  else if ((c & 0xF0) == 0xE0) { need = 3; cp = c & 0x0F; min = 0x800; }
  else if ((c & 0xF8) == 0xF0) { need = 4; cp = c & 0x07; min = 0x10000; }
  else return 0xFFFD;
  if (n < need) return 0xFFFD;
  for (size_t i = 1; i < need; i++) {
    if ((s[i] & 0xC0) != 0x80) return 0xFFFD;
    cp = (cp << 6) | (s[i] & 0x3F);
  }
  if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0xFFFD;
  *len = need;
  return cp;
}

int ec_utf8_valid(const char *s, size_t n) {
  size_t i = 0, l;
  while (i < n) {
    unsigned cp = ec_utf8_decode((const unsigned char *)s + i, n - i, &l);
    if (cp == 0xFFFD && l == 1) return 0;
    i += l;
  }
  return 1;
}

size_t ec_utf8_prefix(const char *s, size_t n, size_t max_cps) {
  size_t i = 0, l, k = 0;
  while (i < n && k < max_cps) {
    ec_utf8_decode((const unsigned char *)s + i, n - i, &l);
    i += l;
    k++;
  }
  return i;
}

size_t ec_utf8_count(const char *s, size_t n) {
  size_t i = 0, l, k = 0;
  while (i < n) {
    ec_utf8_decode((const unsigned char *)s + i, n - i, &l);
    i += l;
    k++;
  }
  return k;
}

static int S_after(unsigned c) { return c == '/' || c == '_' || c == '.' || c == '+' || c == '-' || c == ']' || c == ','; }

int ec_utf8_bidi_control(unsigned cp) { return (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069); }

int ec_utf8_unsafe(unsigned cp, size_t len) {
  return (cp < 0x20 && cp != '\t' && cp != '\n') || (cp >= 0x7f && cp < 0xa0) || cp == 0xFFFE || cp == 0xFFFF ||
         (cp >= 0xD800 && cp <= 0xDFFF) || (cp == 0xFFFD && len == 1) || ec_utf8_bidi_control(cp);
}

int ec_ident_break(unsigned a, unsigned b) {
  if (!a || !b) return 0;
  if (b == '[') return a != '[' && !S_after(a);
  return S_after(a) && !S_after(b);
}

static int S_word_start(unsigned char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '(' || c == '[' || c == '"' || c == '\'' || c == '<';
}

int ec_ident_break_at(const char *s, size_t n, size_t i) {
  if (i == 0 || i >= n) return 0;
  size_t j = i - 1, l;
  while (j > 0 && ((unsigned char)s[j] & 0xC0) == 0x80) j--;
  unsigned a = ec_utf8_decode((const unsigned char *)s + j, i - j, &l);
  unsigned b = ec_utf8_decode((const unsigned char *)s + i, n - i, &l);
  if (!ec_ident_break(a, b)) return 0;
  if (b == '[') return 1;
  /* never inside a number: "0.9909", "1,253", "8.557e-05" keep whole (a
   * list's commas, "[32,64,112]", still break) */
  if (b >= '0' && b <= '9' && j > 0) {
    unsigned char p = (unsigned char)s[j - 1];
    if (p >= '0' && p <= '9' && a == '.') return 0;
    if (p >= '0' && p <= '9' && a == ',') {
      size_t k = j;
      while (k > 0 && ((s[k - 1] >= '0' && s[k - 1] <= '9') || s[k - 1] == ',')) k--;
      if (!(k > 0 && (s[k - 1] == '[' || s[k - 1] == '('))) return 0;
    }
    if ((a == '-' || a == '+') && (p == 'e' || p == 'E') && j > 1 && s[j - 2] >= '0' && s[j - 2] <= '9') return 0;
  }
  /* a ends a run of separators (ASCII): where does the run start? */
  size_t k = j;
  while (k > 0 && S_after((unsigned char)s[k - 1])) k--;
  return !(k == 0 || S_word_start((unsigned char)s[k - 1]));
}
