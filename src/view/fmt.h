/* fmt — one display format per quantity, shared by the HTML and PDF
 * reports (tests compare displayed numbers with summary --json through these
 * same rules). All write into buf and return it. */
#ifndef EC_FMT_H
#define EC_FMT_H
#include <stddef.h>
#include "model/engine.h"

/** Milliseconds, 4 significant digits, no unit ("0.4704", "1.017", "403.8"); "–" for NaN. */
char *ec_fmt_ms(char *buf, size_t cap, double ms);
/** Percent with 2 decimals, no sign ("17.55"). */
char *ec_fmt_pct(char *buf, size_t cap, double pct);
/** Bytes in binary units with one decimal ("3.3 MiB", "512 B"). */
char *ec_fmt_bytes(char *buf, size_t cap, double bytes);
/** Integer with thousands separators ("12,345"). */
char *ec_fmt_int(char *buf, size_t cap, double v);
/** A general number, 4 significant digits ("1155", "0.8622"). */
char *ec_fmt_num(char *buf, size_t cap, double v);
/** An input's shapes as trtexec writes them, the ones known only:
 *  "min 1x128, opt 4x128, max 8x128; inference 4x128" ("not available" when none). */
char *ec_fmt_input_shape(char *buf, size_t cap, const ec_input_shape *x);

#endif
