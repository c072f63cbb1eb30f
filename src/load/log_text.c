/* log_text — bounded scanning of trtexec log lines: the "[date] [I] [TRT] "
 * prefix, literals, and C-locale numbers with units. Lines may hold NULs
 * and invalid UTF-8; nothing here reads past the length it is given. */
#include "load/log_internal.h"
#include <stdlib.h>
#include <string.h>

/* Trim blanks at both ends of [*s, *s + *n). */
void ec_log_trim(const char **s, size_t *n) {
  while (*n && ec_log_isspace(**s)) (*s)++, (*n)--;
  while (*n && ec_log_isspace((*s)[*n - 1])) (*n)--;
}

/* 1 when s[0..n) starts with the literal lit. */
int ec_log_starts(const char *s, size_t n, const char *lit) {
  size_t l = strlen(lit);
  return n >= l && memcmp(s, lit, l) == 0;
}

/* When s[0..n) starts with lit, set *rest and *rn to what follows and return 1. */
int ec_log_after(const char *s, size_t n, const char *lit, const char **rest, size_t *rn) {
  size_t l = strlen(lit);
  if (n < l || memcmp(s, lit, l) != 0) return 0;
  *rest = s + l;
  *rn = n - l;
  return 1;
}

/* 1 when s[0..n) equals lit exactly. */
int ec_log_eq(const char *s, size_t n, const char *lit) {
  return strlen(lit) == n && memcmp(s, lit, n) == 0;
}

/* First occurrence of lit in s[0..n), or NULL. Bounded; s may hold NULs. */
const char *ec_log_find(const char *s, size_t n, const char *lit) {
  size_t l = strlen(lit);
  if (l == 0) return s;
  const char *end = s + n;
  while ((size_t)(end - s) >= l) {
    const char *q = memchr(s, lit[0], (size_t)(end - s) - l + 1);
    if (!q) return NULL;
    if (memcmp(q, lit, l) == 0) return q;
    s = q + 1;
  }
  return NULL;
}

/* Parse a C-locale decimal number at the start of s[0..n) (leading blanks
 * allowed). Sets *used to the bytes consumed; returns 1 on success. Refuses
 * "inf", "nan" and hex so stray words never become numbers. */
int ec_log_num(const char *s, size_t n, double *out, size_t *used) {
  size_t i = 0;
  while (i < n && ec_log_isspace(s[i])) i++;
  char buf[64];
  size_t k = 0;
  while (i + k < n && k < sizeof buf - 1) {
    char c = s[i + k];
    if (!(ec_log_isdigit(c) || c == '.' || c == '-' || c == '+' || c == 'e' || c == 'E')) break;
    buf[k] = c;
    k++;
  }
  buf[k] = '\0';
  if (k == 0 || !(ec_log_isdigit(buf[0]) || buf[0] == '-' || buf[0] == '+' || buf[0] == '.')) return 0;
  char *e = NULL;
  double v = strtod(buf, &e);
  if (e == buf) return 0;
  *out = v;
  if (used) *used = i + (size_t)(e - buf);
  return 1;
}

/* Whole of s[0..n) (trimmed) is a number. */
int ec_log_num_whole(const char *s, size_t n, double *out) {
  ec_log_trim(&s, &n);
  size_t used = 0;
  return n && ec_log_num(s, n, out, &used) && used == n;
}

/* Number followed by the unit word unit (then end, blank, ',' or '('). A
 * value whose unit is missing was cut off, so it is refused. */
int ec_log_num_unit(const char *s, size_t n, const char *unit, double *out) {
  size_t used = 0;
  double v;
  if (!ec_log_num(s, n, &v, &used)) return 0;
  const char *u = s + used, *end = s + n;
  while (u < end && *u == ' ') u++;
  size_t ul = strlen(unit);
  if ((size_t)(end - u) < ul || memcmp(u, unit, ul) != 0) return 0;
  u += ul;
  if (u < end && !(*u == ' ' || *u == ',' || *u == '(' || *u == '.')) return 0;
  *out = v;
  return 1;
}

/* Value with unit, converted to milliseconds ("0.5 ms", "12 us", "1 s"). */
int ec_log_ms(const char *s, size_t n, double *out) {
  double v;
  if (ec_log_num_unit(s, n, "ms", &v)) *out = v;
  else if (ec_log_num_unit(s, n, "us", &v)) *out = v / 1000.0;
  else if (ec_log_num_unit(s, n, "s", &v)) *out = v * 1000.0;
  else return 0;
  return 1;
}

/* Split a line into prefix and content. "[date-time] [I] [TRT] text": the
 * timestamp is optional; one blank after the severity is dropped so tables
 * keep their alignment. */
void ec_log_split(ec_log_line *L) {
  const char *p = L->s, *end = L->s + L->n;
  L->sev = 0;
  L->trt = 0;
  if (p < end && *p == '[') {
    const char *q = p + 1;
    size_t k = 0;
    while (q < end && k < 40 && (ec_log_isdigit(*q) || *q == '/' || *q == '-' || *q == ':' || *q == '.' || *q == ' '))
      q++, k++;
    if (k >= 6 && q < end && *q == ']') {
      p = q + 1;
      while (p < end && *p == ' ') p++;
    }
  }
  if (end - p >= 3 && p[0] == '[' && p[2] == ']' && strchr("IWVEF", p[1]) && p[1]) {
    L->sev = p[1];
    p += 3;
    if (p < end && *p == ' ') p++;
    if (end - p >= 5 && memcmp(p, "[TRT]", 5) == 0) {
      L->trt = 1;
      p += 5;
      if (p < end && *p == ' ') p++;
    }
  } else {
    p = L->s; /* not a trtexec line: the whole line is content */
  }
  L->c = p;
  L->cn = (size_t)(end - p);
}
