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
 * bytes and control characters never pass through raw. */
void ec_buf_html(ec_buf *b, const char *s, size_t n);   /* HTML/XML text and attributes */
void ec_buf_json(ec_buf *b, const char *s, size_t n);   /* JSON string body, no quotes */
void ec_buf_csv(ec_buf *b, const char *s, size_t n);    /* one CSV field, quoted when needed */
void ec_buf_dot(ec_buf *b, const char *s, size_t n);    /* DOT quoted-string body */
/* Plain text for APIs that take valid UTF-8 and no markup (pango_layout_set_text):
 * the same characters ec_buf_html replaces become U+FFFD, nothing else changes. */
void ec_buf_text(ec_buf *b, const char *s, size_t n);

/** 1 when a line may break between bytes i-1 and i of an identifier s[0..n)
 *  (a layer name, a tactic, a tensor): after one of / _ . + - ] or before [,
 *  the places a reader splits "sm80_xmma_fprop" or "/model/conv1/Conv" at.
 *  Both report writers break identifiers there and never mid-word. */
int ec_ident_break(const char *s, size_t n, size_t i);

#endif
