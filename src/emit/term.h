/* term — text from the inputs on a terminal: the one writer of names and
 * messages that quote an input, used by every text printer and the CLI. */
#ifndef EC_EMIT_TERM_H
#define EC_EMIT_TERM_H
#include <stddef.h>
#include <stdio.h>

/** Print text from an input (s, n bytes) to a terminal: at most max
 *  characters (0: no limit), a longer text cut to max - 3 and "..." (never
 *  inside a UTF-8 sequence); what ec_utf8_unsafe names, tab, newline and the
 *  line separators show as '?' (escape sequences and bidi spoofs never reach
 *  the terminal); a GitHub workflow command ("::" starting the text after
 *  white space, "##[" anywhere) broken by EC_WFCMD_BREAK (util/buf.h), which
 *  takes no column; then spaces up to width characters. Returns the
 *  characters written. The one terminal writer of names: every command
 *  uses it. */
size_t ec_term_put_text(FILE *f, const char *s, size_t n, size_t width, size_t max);
/** Print s and a newline to f, as ec_term_put_text. */
void ec_term_put_safe(FILE *f, const char *s);

#endif
