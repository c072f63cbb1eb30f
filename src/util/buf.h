/* buf — a growable byte buffer, always NUL-terminated, that may hold NULs.
 *
 * ec_buf b = {0}; ec_buf_puts(&b, "x"); ... free(b.data); */
#ifndef EC_BUF_H
#define EC_BUF_H
#include <stddef.h>

typedef struct ec_buf {
  char *data; /* NUL-terminated once anything was added; owned */
  size_t len;
  size_t cap;
} ec_buf;

void ec_buf_put(ec_buf *b, const void *p, size_t n);
void ec_buf_puts(ec_buf *b, const char *s);
void ec_buf_putc(ec_buf *b, char c);
void ec_buf_printf(ec_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/** Hand the buffer's memory to the caller (never NULL); b is reset. */
char *ec_buf_take(ec_buf *b);
void ec_buf_free(ec_buf *b);

/* Escapers. Each appends s[0..n) to b escaped for its target; invalid UTF-8
 * bytes and control characters never pass through raw. Every escaper of
 * text that is shown (all below but ec_buf_csv, which is data) shows at most
 * EC_SHOWN_MAX_BYTES of it: a longer text is cut there (on a character
 * boundary) and followed by "… [N bytes in all]", so no input string can
 * make a page, SVG or PDF huge; the whole text stays in the JSON and CSV
 * outputs (summary --json, layers --json / --csv). Real names are at most a
 * few KB (the longest in TensorRT 8.6-11 engines: 3 KB). */
#define EC_SHOWN_MAX_BYTES ((size_t)64 << 10)
/** How much of s[0..n) the escapers show: n, or less than EC_SHOWN_MAX_BYTES
 *  at a character boundary. */
size_t ec_shown_len(const char *s, size_t n);
/** After showing shown of n bytes: nothing when all were shown, else
 *  " … [n bytes in all]" (characters safe in every escaped target). */
void ec_buf_cut_note(ec_buf *b, size_t shown, size_t n);
void ec_buf_html(ec_buf *b, const char *s, size_t n);   /* HTML/XML text and attributes */
/* XML 1.0 text and attributes without a length cut (Graphviz's HTML-like
 * labels): as ec_buf_html, and the controls XML 1.0 forbids (C0, DEL, C1,
 * surrogates, U+FFFE, U+FFFF) as a space. */
void ec_buf_xml(ec_buf *b, const char *s, size_t n);
/* HTML text (not attributes) in which long identifiers can wrap: in a word
 * of 12 or more code points, <wbr> wherever ec_ident_break allows a break;
 * a word with a piece of more than 14 code points between such breaks (a
 * hash, a 10,000-character name) goes in <span class="nm">, which the
 * stylesheet lets break anywhere when the piece is wider than its column.
 * Never a hyphen; copying the text gives it back unchanged. */
void ec_buf_html_ident(ec_buf *b, const char *s, size_t n);
/* JSON string body, no quotes, for data the page shows: C1 and bidi
 * controls and invalid bytes as \ufffd, as ec_buf_html shows them. */
void ec_buf_json(ec_buf *b, const char *s, size_t n);
/* One CSV field, quoted when needed; a field a spreadsheet could run as a
 * formula (ec_csv_needs_guard) is quoted with a leading apostrophe. The one
 * writer of CSV fields. */
void ec_buf_csv(ec_buf *b, const char *s, size_t n);
/* 1 when a CSV field s[0..n) starts with = + - @, tab or CR and is not one
 * plain decimal number as a whole ("-3.5", "1e-3" are left alone). */
int ec_csv_needs_guard(const char *s, size_t n);
void ec_buf_dot(ec_buf *b, const char *s, size_t n);    /* DOT quoted-string body */
/* Plain text for APIs that take valid UTF-8 and no markup (pango_layout_set_text):
 * the same characters ec_buf_html replaces become U+FFFD, nothing else changes. */
void ec_buf_text(ec_buf *b, const char *s, size_t n);

/* GitHub workflow commands. A GitHub runner reads a line of a job's log as
 * a command when it starts with "::" (after white space) or, in the older
 * form, holds "##[" anywhere ("##[set-output name=x;]v", "##[stop-commands]"
 * silencing what follows). Text from an input must form neither in any text
 * enginecard prints (the terminal writer emit/term, CSV, workflow command
 * messages) or writes as JSON (ec_jdump, ec_buf_json: "#\u0023[", the same
 * string to a reader) or Markdown (ec_md_escape). The text writers put
 * EC_WFCMD_BREAK between the two characters: U+200D ZERO WIDTH JOINER, which
 * no terminal or log shows, and which is not white space to the runner, so
 * "::" no longer starts the line and "##[" is no longer in it. */
#define EC_WFCMD_BREAK "\xE2\x80\x8D"
/* The state of a walk over one text (code point by code point) that may
 * start a line: start with EC_WFCMD_INIT. */
typedef struct ec_wfcmd_guard {
  unsigned prev;         /* the code point before, 0 at the start */
  int blank;             /* only white space since the line began (so far) */
  int blank_before_prev; /* blank as it was before prev */
} ec_wfcmd_guard;
#define EC_WFCMD_INIT {0, 1, 1}
/** Step the walk over code point cp (next: the byte after it, 0 at the end).
 *  Returns 1 when EC_WFCMD_BREAK (or the writer's own escape) goes before cp:
 *  the second ':' of a "::" that only white space precedes on its line, or
 *  the second '#' of "##[". CR and LF start a new line. */
int ec_wfcmd_step(ec_wfcmd_guard *g, unsigned cp, int next);


#endif
