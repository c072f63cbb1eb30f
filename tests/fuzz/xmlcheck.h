/* xmlcheck — a small XML well-formedness check for the fuzz targets and
 * their regression test (no XML library is linked into the unit tests).
 *
 * Accepts: an optional <?xml ...?> declaration, comments, CDATA sections,
 * elements with quoted attributes, character data. Rejects: invalid UTF-8,
 * control characters other than tab/LF/CR, '<' or a bare '&' in text or an
 * attribute value, a duplicate-free check is not done, unbalanced or
 * mismatched tags, a missing or second root element, text outside the root.
 * Returns NULL when s[0..n) is well-formed, else a static description. */
#ifndef EC_XMLCHECK_H
#define EC_XMLCHECK_H
#include <stddef.h>
#include <string.h>
#include "util/utf8.h"

static int S_xc_namech(unsigned char c, int first) {
  if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == ':' || c >= 0x80) return 1;
  return !first && ((c >= '0' && c <= '9') || c == '-' || c == '.');
}

static size_t S_xc_name(const char *s, size_t n, size_t i) {
  size_t j = i;
  while (j < n && S_xc_namech((unsigned char)s[j], j == i)) j++;
  return j - i;
}

/* '&' at s[i]: length of a valid reference (&name; &#123; &#x1F;) or 0. */
static size_t S_xc_ref(const char *s, size_t n, size_t i) {
  size_t j = i + 1;
  if (j < n && s[j] == '#') {
    j++;
    int hex = j < n && s[j] == 'x';
    if (hex) j++;
    size_t d = j;
    while (j < n && ((s[j] >= '0' && s[j] <= '9') || (hex && ((s[j] >= 'a' && s[j] <= 'f') || (s[j] >= 'A' && s[j] <= 'F'))))) j++;
    if (j == d || j >= n || s[j] != ';') return 0;
    return j + 1 - i;
  }
  size_t l = S_xc_name(s, n, j);
  if (!l || j + l >= n || s[j + l] != ';') return 0;
  return l + 2;
}

static const char *ec_xml_check(const char *s, size_t n) {
  if (!ec_utf8_valid(s, n)) return "invalid UTF-8";
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c < 0x20 && c != '\t' && c != '\n' && c != '\r') return "control character";
  }
  const char *stack[256];
  size_t slen[256];
  size_t depth = 0;
  int roots = 0;
  size_t i = 0;
  if (n >= 5 && memcmp(s, "<?xml", 5) == 0) {
    const char *e = strstr(s, "?>");
    if (!e || (size_t)(e - s) >= n) return "unterminated declaration";
    i = (size_t)(e - s) + 2;
  }
  while (i < n) {
    char c = s[i];
    if (c == '<') {
      if (n - i >= 4 && memcmp(s + i, "<!--", 4) == 0) {
        const char *e = NULL;
        for (size_t k = i + 4; k + 2 < n; k++)
          if (s[k] == '-' && s[k + 1] == '-') { if (s[k + 2] != '>') return "-- inside a comment"; e = s + k; break; }
        if (!e) return "unterminated comment";
        i = (size_t)(e - s) + 3;
        continue;
      }
      if (n - i >= 9 && memcmp(s + i, "<![CDATA[", 9) == 0) {
        if (!depth) return "CDATA outside the root";
        size_t k = i + 9;
        while (k + 2 < n && memcmp(s + k, "]]>", 3) != 0) k++;
        if (k + 2 >= n) return "unterminated CDATA";
        i = k + 3;
        continue;
      }
      if (i + 1 < n && s[i + 1] == '/') {
        size_t l = S_xc_name(s, n, i + 2);
        if (!l) return "bad end tag";
        if (!depth) return "end tag without start tag";
        depth--;
        if (slen[depth] != l || memcmp(stack[depth], s + i + 2, l) != 0) return "mismatched end tag";
        size_t k = i + 2 + l;
        while (k < n && (s[k] == ' ' || s[k] == '\t' || s[k] == '\n' || s[k] == '\r')) k++;
        if (k >= n || s[k] != '>') return "bad end tag";
        i = k + 1;
        continue;
      }
      size_t l = S_xc_name(s, n, i + 1);
      if (!l) return "'<' not starting a tag";
      if (!depth) {
        if (roots++) return "second root element";
      }
      const char *name = s + i + 1;
      size_t k = i + 1 + l;
      int empty = 0;
      for (;;) {
        size_t ws = k;
        while (k < n && (s[k] == ' ' || s[k] == '\t' || s[k] == '\n' || s[k] == '\r')) k++;
        if (k >= n) return "unterminated start tag";
        if (s[k] == '>') { k++; break; }
        if (s[k] == '/' && k + 1 < n && s[k + 1] == '>') { k += 2; empty = 1; break; }
        if (k == ws) return "attribute without space before it";
        size_t al = S_xc_name(s, n, k);
        if (!al) return "bad attribute name";
        k += al;
        if (k >= n || s[k] != '=') return "attribute without '='";
        k++;
        if (k >= n || (s[k] != '"' && s[k] != '\'')) return "unquoted attribute";
        char q = s[k++];
        while (k < n && s[k] != q) {
          if (s[k] == '<') return "'<' in an attribute value";
          if (s[k] == '&') {
            size_t r = S_xc_ref(s, n, k);
            if (!r) return "bare '&' in an attribute value";
            k += r;
            continue;
          }
          k++;
        }
        if (k >= n) return "unterminated attribute value";
        k++;
      }
      if (!empty) {
        if (depth == 256) return "too deep";
        stack[depth] = name;
        slen[depth] = l;
        depth++;
      }
      i = k;
      continue;
    }
    if (c == '&') {
      size_t r = S_xc_ref(s, n, i);
      if (!r) return "bare '&' in text";
      i += r;
      continue;
    }
    if (!depth && c != ' ' && c != '\t' && c != '\n' && c != '\r') return "text outside the root element";
    if (c == '>' && i >= 2 && s[i - 1] == ']' && s[i - 2] == ']') return "']]>' in text";
    i++;
  }
  if (depth) return "unclosed element";
  if (!roots) return "no root element";
  return NULL;
}

#endif
