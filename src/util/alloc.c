#include "util/alloc.h"
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void S_oom(size_t n) {
  fprintf(stderr, "enginecard: out of memory allocating %zu bytes, aborting\n", n);
  abort();
}

void *ec_malloc(size_t n) {
  void *p = malloc(n ? n : 1);
  if (!p) S_oom(n);
  return p;
}

void *ec_calloc(size_t nmemb, size_t size) {
  if (size && nmemb > SIZE_MAX / size) S_oom(SIZE_MAX);
  void *p = calloc(nmemb ? nmemb : 1, size ? size : 1);
  if (!p) S_oom(nmemb * size);
  return p;
}

void *ec_reallocarray(void *p, size_t nmemb, size_t size) {
  if (size && nmemb > SIZE_MAX / size) S_oom(SIZE_MAX);
  size_t n = nmemb * size;
  void *q = realloc(p, n ? n : 1);
  if (!q) S_oom(n);
  return q;
}

char *ec_strdup(const char *s) { return ec_strndup(s, strlen(s)); }

char *ec_strndup(const char *s, size_t n) {
  char *d = ec_malloc(n + 1);
  if (n) memcpy(d, s, n);
  d[n] = '\0';
  return d;
}

char *ec_asprintf(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (n < 0) n = 0;
  char *s = ec_malloc((size_t)n + 1);
  va_start(ap, fmt);
  vsnprintf(s, (size_t)n + 1, fmt, ap);
  va_end(ap);
  return s;
}

void ec_grow(void **arr, size_t *cap, size_t need, size_t elt) {
  if (need <= *cap) return;
  size_t c = *cap ? *cap : 8;
  while (c < need) {
    if (c > SIZE_MAX / 2) S_oom(SIZE_MAX);
    c = c + c / 2 + 1;
  }
  *arr = ec_reallocarray(*arr, c, elt);
  *cap = c;
}
