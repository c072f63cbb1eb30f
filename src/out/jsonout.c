#include "out/jsonout.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "util/utf8.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

json_t *ec_jnum(double x) { return isfinite(x) ? json_real(x) : json_null(); }

json_t *ec_jcount(double x) {
  if (!isfinite(x)) return json_null();
  if (x == floor(x) && fabs(x) < 9007199254740992.0) return json_integer((json_int_t)x);
  return json_real(x);
}

json_t *ec_jstrn(const char *s, size_t n) {
  if (!s) return json_null();
  if (ec_utf8_valid(s, n)) return json_stringn(s, n);
  /* replace invalid bytes with U+FFFD */
  ec_buf b = {0};
  size_t i = 0, l;
  while (i < n) {
    unsigned cp = ec_utf8_decode((const unsigned char *)s + i, n - i, &l);
    if (cp == 0xFFFD && l == 1)
      ec_buf_puts(&b, "\xEF\xBF\xBD");
    else
      ec_buf_put(&b, s + i, l);
    i += l;
  }
  json_t *v = json_stringn(b.data ? b.data : "", b.len);
  ec_buf_free(&b);
  return v;
}

json_t *ec_jstr(const char *s) { return s ? ec_jstrn(s, strlen(s)) : json_null(); }

char *ec_jdump(const json_t *v, int pretty) {
  size_t flags = JSON_SORT_KEYS | JSON_REAL_PRECISION(12) | JSON_ENCODE_ANY;
  flags |= pretty ? JSON_INDENT(2) : JSON_COMPACT;
  char *s = json_dumps(v, flags);
  if (!s) return ec_strdup("null\n");
  char *r = ec_asprintf("%s\n", s);
  free(s);
  return r;
}
