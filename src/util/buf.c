#include "util/buf.h"
#include "util/alloc.h"
#include "util/utf8.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void ec_buf_put(ec_buf *b, const void *p, size_t n) {
  ec_grow((void **)&b->data, &b->cap, b->len + n + 1, 1);
  if (n) memcpy(b->data + b->len, p, n);
  b->len += n;
  b->data[b->len] = '\0';
}

void ec_buf_puts(ec_buf *b, const char *s) { ec_buf_put(b, s, strlen(s)); }

void ec_buf_putc(ec_buf *b, char c) { ec_buf_put(b, &c, 1); }

void ec_buf_printf(ec_buf *b, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (n <= 0) return;
  ec_grow((void **)&b->data, &b->cap, b->len + (size_t)n + 1, 1);
  va_start(ap, fmt);
  vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
  va_end(ap);
  b->len += (size_t)n;
}

char *ec_buf_take(ec_buf *b) {
  char *p = b->data ? b->data : ec_strdup("");
  b->data = NULL;
  b->len = b->cap = 0;
  return p;
}

void ec_buf_free(ec_buf *b) {
  free(b->data);
  b->data = NULL;
  b->len = b->cap = 0;
}

/* Walk s as UTF-8; invalid sequences come back as U+FFFD of length 1. */
#define FOR_EACH_CP(s, n, i, cp, l) \
  for (size_t i = 0, l = 0; i < (n); i += l) \
    for (unsigned cp = ec_utf8_decode((const unsigned char *)(s) + i, (n) - i, &l), _o = 1; _o; _o = 0)


size_t ec_shown_len(const char *s, size_t n) {
  if (n <= EC_SHOWN_MAX_BYTES) return n;
  size_t k = EC_SHOWN_MAX_BYTES;
  for (int back = 0; back < 3 && k > 0 && ((unsigned char)s[k] & 0xC0) == 0x80; back++) k--;
  return k;
}

void ec_buf_cut_note(ec_buf *b, size_t shown, size_t n) {
  if (shown < n) ec_buf_printf(b, " \xE2\x80\xA6 [%zu bytes in all]", n);
}

/* The escapers' common head and tail: show at most ec_shown_len of s. */
#define S_SHOWN_BEGIN(s, n) \
  size_t n_all_ = (n);      \
  (n) = ec_shown_len((s), (n))
#define S_SHOWN_END(b, n) ec_buf_cut_note((b), (n), n_all_)

/* One code point (its bytes at p, l long) as HTML text. */
static void S_html_cp(ec_buf *b, const char *p, unsigned cp, size_t l) {
  switch (cp) {
  case '<': ec_buf_puts(b, "&lt;"); break;
  case '>': ec_buf_puts(b, "&gt;"); break;
  case '&': ec_buf_puts(b, "&amp;"); break;
  case '"': ec_buf_puts(b, "&quot;"); break;
  case '\'': ec_buf_puts(b, "&#39;"); break;
  default:
    if (ec_utf8_unsafe(cp, l)) ec_buf_puts(b, "\xEF\xBF\xBD");
    else ec_buf_put(b, p, l);
  }
}

void ec_buf_html(ec_buf *b, const char *s, size_t n) {
  S_SHOWN_BEGIN(s, n);
  FOR_EACH_CP(s, n, i, cp, l) S_html_cp(b, s + i, cp, l);
  S_SHOWN_END(b, n);
}

void ec_buf_xml(ec_buf *b, const char *s, size_t n) {
  FOR_EACH_CP(s, n, i, cp, l) {
    if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0) || cp == 0xFFFE || cp == 0xFFFF || (cp >= 0xD800 && cp <= 0xDFFF))
      ec_buf_putc(b, ' ');
    else
      S_html_cp(b, s + i, cp, l);
  }
}

#define S_IDENT_MIN 12 /* shorter words read fine unbroken */
#define S_IDENT_SEG 18 /* a longer piece between breaks may break anywhere; a shorter
                          one ("QuantizeLinear_", "GlobalAveragePool_") never breaks inside */

static int S_space(unsigned cp) { return cp == ' ' || cp == '\t' || cp == '\n'; }

void ec_buf_html_ident(ec_buf *b, const char *s, size_t n) {
  S_SHOWN_BEGIN(s, n);
  size_t i = 0, l;
  while (i < n) {
    /* one word, up to the next space: its length and its longest piece */
    size_t end = i, cps = 0, piece = 0, longest = 0;
    unsigned prev = 0;
    while (end < n) {
      unsigned cp = ec_utf8_decode((const unsigned char *)s + end, n - end, &l);
      if (S_space(cp)) break;
      if (ec_ident_break(prev, cp)) piece = 0;
      if (++piece > longest) longest = piece;
      prev = cp;
      end += l;
      cps++;
    }
    int ident = cps >= S_IDENT_MIN, wrap = ident && longest > S_IDENT_SEG;
    if (wrap) ec_buf_puts(b, "<span class=\"nm\">");
    /* not after a word's first character ("x" of "x[0]"), nor after the
     * separators it starts with (ec_ident_break_at) */
    for (size_t k = i, at = 0; k < end; k += l, at++) {
      unsigned cp = ec_utf8_decode((const unsigned char *)s + k, end - k, &l);
      if (ident && at > 1 && ec_ident_break_at(s, end, k)) ec_buf_puts(b, "<wbr>");
      S_html_cp(b, s + k, cp, l);
    }
    if (wrap) ec_buf_puts(b, "</span>");
    /* the spaces after it */
    for (i = end; i < n; i += l) {
      unsigned cp = ec_utf8_decode((const unsigned char *)s + i, n - i, &l);
      if (!S_space(cp)) break;
      S_html_cp(b, s + i, cp, l);
    }
  }
  S_SHOWN_END(b, n);
}

void ec_buf_text(ec_buf *b, const char *s, size_t n) {
  S_SHOWN_BEGIN(s, n);
  FOR_EACH_CP(s, n, i, cp, l) {
    if (ec_utf8_unsafe(cp, l)) ec_buf_puts(b, "\xEF\xBF\xBD");
    else ec_buf_put(b, s + i, l);
  }
  S_SHOWN_END(b, n);
}

/* 1 for a byte ec_buf_json copies as it is: printable ASCII but '"', '\\',
 * '<' and '#' (a run of them is copied at once). */
static int S_json_plain(unsigned char c) { return c >= 0x20 && c < 0x7f && c != '"' && c != '\\' && c != '<' && c != '#'; }

void ec_buf_json(ec_buf *b, const char *s, size_t n) {
  S_SHOWN_BEGIN(s, n);
  for (size_t i = 0, l = 0; i < n; i += l) {
    size_t j = i;
    while (j < n && S_json_plain((unsigned char)s[j])) j++;
    if (j > i) {
      ec_buf_put(b, s + i, j - i);
      l = j - i;
      continue;
    }
    unsigned cp = ec_utf8_decode((const unsigned char *)s + i, n - i, &l);
    switch (cp) {
    case '#': /* "##[" never in a line (a workflow command, util/buf.h) */
      ec_buf_puts(b, i > 0 && s[i - 1] == '#' && i + 1 < n && s[i + 1] == '[' ? "\\u0023" : "#");
      break;
    case '"': ec_buf_puts(b, "\\\""); break;
    case '\\': ec_buf_puts(b, "\\\\"); break;
    case '\n': ec_buf_puts(b, "\\n"); break;
    case '\r': ec_buf_puts(b, "\\r"); break;
    case '\t': ec_buf_puts(b, "\\t"); break;
    case '<': ec_buf_puts(b, "\\u003c"); break; /* safe inside <script> */
    case 0x2028: ec_buf_puts(b, "\\u2028"); break;
    case 0x2029: ec_buf_puts(b, "\\u2029"); break;
    default:
      if (cp < 0x20 || cp == 0x7f)
        ec_buf_printf(b, "\\u%04x", cp);
      else if (ec_utf8_unsafe(cp, l)) /* text the page shows: as ec_buf_html shows it */
        ec_buf_puts(b, "\\ufffd");
      else
        ec_buf_put(b, s + i, l);
    }
  }
  S_SHOWN_END(b, n);
}

/* 1 when s[0..n) is one plain decimal number and nothing else: an optional
 * '-', digits with an optional fraction (or a fraction alone), an optional
 * exponent. What a spreadsheet reads as that number and nothing more. */
static int S_plain_number(const char *s, size_t n) {
  size_t i = 0, digits = 0;
  if (i < n && s[i] == '-') i++;
  for (; i < n && s[i] >= '0' && s[i] <= '9'; i++) digits++;
  if (i < n && s[i] == '.')
    for (i++; i < n && s[i] >= '0' && s[i] <= '9'; i++) digits++;
  if (!digits) return 0;
  if (i < n && (s[i] == 'e' || s[i] == 'E')) {
    size_t e = 0;
    i++;
    if (i < n && (s[i] == '+' || s[i] == '-')) i++;
    for (; i < n && s[i] >= '0' && s[i] <= '9'; i++) e++;
    if (!e) return 0;
  }
  return i == n;
}

int ec_csv_needs_guard(const char *s, size_t n) {
  if (n == 0) return 0;
  char c = s[0];
  if (c != '=' && c != '+' && c != '-' && c != '@' && c != '\t' && c != '\r') return 0;
  return !S_plain_number(s, n);
}

void ec_buf_csv(ec_buf *b, const char *s, size_t n) {
  int quote = 0;
  for (size_t i = 0; i < n; i++)
    if (s[i] == ',' || s[i] == '"' || s[i] == '\n' || s[i] == '\r') quote = 1;
  /* Spreadsheet formula injection (OWASP "CSV injection"): a cell starting
   * with = + - @, a tab or a carriage return may be run as a formula
   * ("-1+1+cmd|' /C calc'!A0"). Such a field gets a leading apostrophe,
   * inside quotes, unless the whole field is one plain number ("-3.5"). */
  int guard = ec_csv_needs_guard(s, n);
  if (guard) quote = 1;
  if (quote) ec_buf_putc(b, '"');
  if (guard) ec_buf_putc(b, '\'');
  ec_wfcmd_guard g = EC_WFCMD_INIT;
  FOR_EACH_CP(s, n, i, cp, l) {
    /* a field's line (a quoted field may hold line breaks) is never a
     * workflow command when the CSV is printed in a CI log */
    if (ec_wfcmd_step(&g, cp, i + l < n ? (unsigned char)s[i + l] : 0)) ec_buf_puts(b, EC_WFCMD_BREAK);
    if (cp == '"')
      ec_buf_puts(b, "\"\"");
    else if (cp < 0x20 && cp != '\n' && cp != '\r' && cp != '\t')
      ec_buf_putc(b, ' ');
    else if (ec_utf8_unsafe(cp, l))
      ec_buf_puts(b, "\xEF\xBF\xBD");
    else
      ec_buf_put(b, s + i, l);
  }
  if (quote) ec_buf_putc(b, '"');
}

void ec_buf_dot(ec_buf *b, const char *s, size_t n) {
  S_SHOWN_BEGIN(s, n);
  FOR_EACH_CP(s, n, i, cp, l) {
    if (cp == '"' || cp == '\\') {
      ec_buf_putc(b, '\\');
      ec_buf_putc(b, (char)cp);
    } else if (cp == '\n') {
      ec_buf_puts(b, "\\n");
    } else if (cp < 0x20 || cp == 0x7f) {
      ec_buf_putc(b, ' ');
    } else if (ec_utf8_unsafe(cp, l)) {
      ec_buf_puts(b, "\xEF\xBF\xBD");
    } else {
      ec_buf_put(b, s + i, l);
    }
  }
  S_SHOWN_END(b, n);
}

/* White space as .NET's char.IsWhiteSpace has it (the runner trims a line's
 * leading white space before it looks for "::"). */
static int S_white(unsigned cp) {
  return (cp >= 0x09 && cp <= 0x0D) || cp == 0x20 || cp == 0x85 || cp == 0xA0 || cp == 0x1680 ||
         (cp >= 0x2000 && cp <= 0x200A) || cp == 0x2028 || cp == 0x2029 || cp == 0x202F || cp == 0x205F ||
         cp == 0x3000;
}

int ec_wfcmd_step(ec_wfcmd_guard *g, unsigned cp, int next) {
  int brk = (cp == ':' && g->prev == ':' && g->blank_before_prev) || (cp == '#' && g->prev == '#' && next == '[');
  int was = g->blank;
  if (cp == '\n' || cp == '\r') g->blank = 1;
  else if (!S_white(cp)) g->blank = 0;
  g->blank_before_prev = was;
  g->prev = cp;
  return brk;
}
