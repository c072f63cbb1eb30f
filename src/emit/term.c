/* term — see term.h. */
#include "emit/term.h"
#include "util/buf.h"
#include "util/utf8.h"
#include <string.h>

size_t ec_term_put_text(FILE *f, const char *s, size_t n, size_t width, size_t max) {
  size_t keep = n;
  int cut = max && ec_utf8_count(s, n) > max;
  if (cut) keep = ec_utf8_prefix(s, n, max > 3 ? max - 3 : 0);
  size_t w = 0;
  ec_wfcmd_guard g = EC_WFCMD_INIT;
  for (size_t i = 0, l; i < keep; i += l, w++) {
    unsigned cp = ec_utf8_decode((const unsigned char *)s + i, keep - i, &l);
    /* never a workflow command in a CI log (util/buf.h); the joiner takes no column */
    if (ec_wfcmd_step(&g, cp, i + l < keep ? (unsigned char)s[i + l] : 0)) fputs(EC_WFCMD_BREAK, f);
    if (ec_utf8_unsafe(cp, l) || cp < 0x20 || cp == 0x2028 || cp == 0x2029) fputc('?', f);
    else fwrite(s + i, 1, l, f);
  }
  if (cut) fputs("...", f), w += 3;
  for (; w < width; w++) fputc(' ', f);
  return w;
}

void ec_term_put_safe(FILE *f, const char *s) {
  ec_term_put_text(f, s, strlen(s), 0, 0);
  fputc('\n', f);
}
