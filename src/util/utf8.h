/* utf8 — strict UTF-8 decoding. */
#ifndef EC_UTF8_H
#define EC_UTF8_H
#include <stddef.h>

/** Decode one code point from s[0..n). Sets *len to the bytes consumed
 *  (>= 1 when n > 0). Invalid, overlong or truncated sequences decode as
 *  U+FFFD with *len = 1. */
unsigned ec_utf8_decode(const unsigned char *s, size_t n, size_t *len);
/** 1 when s[0..n) is valid UTF-8. */
int ec_utf8_valid(const char *s, size_t n);
/** Byte length of the longest prefix of s[0..n) that has at most max_cps
 *  code points and does not split a sequence. */
size_t ec_utf8_prefix(const char *s, size_t n, size_t max_cps);
/** Number of code points in s[0..n) (invalid bytes count one each). */
size_t ec_utf8_count(const char *s, size_t n);

/** 1 when a line may break between code points a and b of an identifier
 *  (a layer, tensor or kernel name, a path, a shape): after / _ . + - ] or
 *  , and before [, never inside a run of those characters. The HTML (<wbr>) and
 *  the PDF break names at the same places. */
int ec_ident_break(unsigned a, unsigned b);
/** ec_ident_break before byte i of s[0..n), in context: also never after a
 *  run of separators that starts a word ("--fp16", "(--layerPrecisions",
 *  "/layer1", "./x" keep their lead), and never inside a number ("0.9909",
 *  "1,253", "8.557e-05": a separator between digits, an exponent's sign).
 *  Every writer that breaks names calls this one. */
int ec_ident_break_at(const char *s, size_t n, size_t i);
/** 1 for the bidirectional formatting controls (U+202A..U+202E embeddings
 *  and overrides, U+2066..U+2069 isolates): in a name from an input they
 *  make text read in another order than it is stored (a spoof), so every
 *  writer shows them as U+FFFD. */
int ec_utf8_bidi_control(unsigned cp);
/** 1 for a code point no text writer passes through raw: controls other
 *  than tab and newline, DEL and C1 controls, non-characters U+FFFE/U+FFFF,
 *  surrogates, an invalid byte (U+FFFD decoded from len 1) and the bidi
 *  controls. Each writer shows it its own way (U+FFFD, '?', an escape). */
int ec_utf8_unsafe(unsigned cp, size_t len);

#endif
