#include "emit/jsonout.h"
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

/* The end of the string literal that starts at s[i] (its closing quote). */
static size_t S_str_end(const char *s, size_t i) {
  for (i++; s[i] && s[i] != '"'; i++)
    if (s[i] == '\\' && s[i + 1]) i++;
  return i;
}

/* Pretty JSON with every array of scalars on one line ("[32, 3, 224, 224]",
 * a sketch's 201 quantiles): jansson's indent puts each element on a line of
 * its own, which made a stored summary 17 KB instead of 10 and a shape four
 * lines. Strings are copied as they are. */
static char *S_inline_scalar_arrays(const char *s) {
  ec_buf o = {0};
  for (size_t i = 0; s[i];) {
    if (s[i] == '"') {
      size_t e = S_str_end(s, i);
      ec_buf_put(&o, s + i, e + (s[e] ? 1 : 0) - i);
      i = e + (s[e] ? 1 : 0);
      continue;
    }
    if (s[i] != '[') {
      ec_buf_putc(&o, s[i++]);
      continue;
    }
    /* does this array hold scalars only? */
    size_t j = i + 1;
    int scalars = 1;
    while (s[j] && s[j] != ']') {
      if (s[j] == '[' || s[j] == '{') {
        scalars = 0;
        break;
      }
      j = s[j] == '"' ? S_str_end(s, j) + (s[S_str_end(s, j)] ? 1 : 0) : j + 1;
    }
    if (!scalars || s[j] != ']') {
      ec_buf_putc(&o, s[i++]);
      continue;
    }
    /* copy it without the line breaks and indentation between elements */
    ec_buf_putc(&o, '[');
    for (size_t k = i + 1; k < j;) {
      if (s[k] == '"') {
        size_t e = S_str_end(s, k);
        ec_buf_put(&o, s + k, e + 1 - k);
        k = e + 1;
      } else if (s[k] == '\n' || s[k] == ' ') {
        k++;
      } else if (s[k] == ',') {
        ec_buf_puts(&o, ", ");
        k++;
      } else {
        ec_buf_putc(&o, s[k++]);
      }
    }
    ec_buf_putc(&o, ']');
    i = j + 1;
  }
  return ec_buf_take(&o);
}

/* The bidi controls (ec_utf8_bidi_control) written as \u escapes: the same
 * string to a JSON reader, but a name can no longer make the file read in
 * another order in a terminal or an editor. Outside strings a JSON text is
 * ASCII, so every such sequence is inside a string. NULL when there is none. */
static char *S_escape_bidi(const char *s) {
  ec_buf o = {0};
  const char *from = s;
  for (const char *p = strchr(s, '\xE2'); p; p = strchr(p + 1, '\xE2')) {
    size_t l;
    unsigned cp = ec_utf8_decode((const unsigned char *)p, 3, &l);
    if (l != 3 || !ec_utf8_bidi_control(cp)) continue;
    ec_buf_put(&o, from, (size_t)(p - from));
    ec_buf_printf(&o, "\\u%04x", cp);
    from = p + 3;
    p += 2;
  }
  if (from == s) return NULL;
  ec_buf_puts(&o, from);
  return ec_buf_take(&o);
}

/* "##[" written "#\u0023[": the same string to a JSON reader, but never the
 * older GitHub workflow command form in a CI log that shows the document
 * (util/buf.h). Outside strings a JSON text has no '#'. NULL when there is
 * none. */
static char *S_escape_ghcmd(const char *s) {
  const char *p = strstr(s, "##[");
  if (!p) return NULL;
  ec_buf o = {0};
  const char *from = s;
  for (; p; p = strstr(p + 2, "##[")) {
    ec_buf_put(&o, from, (size_t)(p - from) + 1);
    ec_buf_puts(&o, "\\u0023");
    from = p + 2;
  }
  ec_buf_puts(&o, from);
  return ec_buf_take(&o);
}

char *ec_jdump(const json_t *v, int pretty) {
  size_t flags = JSON_SORT_KEYS | JSON_REAL_PRECISION(12) | JSON_ENCODE_ANY;
  flags |= pretty ? JSON_INDENT(2) : JSON_COMPACT;
  char *s = json_dumps(v, flags);
  if (!s) return ec_strdup("null\n");
  char *t = pretty ? S_inline_scalar_arrays(s) : NULL;
  char *u = S_escape_bidi(t ? t : s);
  char *w = S_escape_ghcmd(u ? u : t ? t : s);
  char *r = ec_asprintf("%s\n", w ? w : u ? u : t ? t : s);
  free(w);
  free(u);
  free(t);
  free(s);
  return r;
}
