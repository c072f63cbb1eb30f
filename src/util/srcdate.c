#include "util/srcdate.h"
#include "util/alloc.h"
#include "util/utf8.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The one place the variable is read: its text (NULL when unset or empty)
 * into *raw and, when it is whole seconds since 1970 up to 9999-12-31
 * (decimal digits only: no sign, space or fraction), the time into *t.
 * Returns 1, 0 (unset or empty) or -1 (set to anything else). */
static int S_read(const char **raw, time_t *t) {
  const char *e = getenv("SOURCE_DATE_EPOCH");
  *raw = e && *e ? e : NULL;
  if (!*raw) return 0;
  for (const char *p = e; *p; p++)
    if (*p < '0' || *p > '9') return -1;
  errno = 0;
  char *end;
  long long v = strtoll(e, &end, 10);
  if (errno || *end || v > 253402300799LL) return -1; /* past 9999-12-31 */
  *t = (time_t)v;
  return 1;
}

/* t as "YYYY-MM-DDThh:mm:ssZ" into buf: 1, or -1 (buf empty). */
static int S_format(time_t t, char *buf, size_t cap) {
  struct tm tm;
  if (!gmtime_r(&t, &tm) || strftime(buf, cap, "%Y-%m-%dT%H:%M:%SZ", &tm) == 0) {
    if (cap) buf[0] = '\0';
    return -1;
  }
  return 1;
}

int ec_srcdate(char *buf, size_t cap) {
  if (cap) buf[0] = '\0';
  const char *e;
  time_t t;
  int r = S_read(&e, &t);
  return r == 1 ? S_format(t, buf, cap) : r;
}

char *ec_srcdate_warning(void) {
  char buf[32];
  const char *e;
  time_t t;
  int r = S_read(&e, &t);
  if (r == 0 || (r == 1 && S_format(t, buf, sizeof buf) == 1)) return NULL;
  size_t n = strlen(e);
  int cut = n > 40;
  /* the value as text that cannot break a terminal line */
  char shown[48];
  size_t k = 0;
  for (size_t i = 0; i < n && k < 40; i++) shown[k++] = (e[i] >= 0x20 && e[i] < 0x7f) ? e[i] : '?';
  shown[k] = '\0';
  return ec_asprintf("warning: SOURCE_DATE_EPOCH=\"%s%s\" is not a whole number of seconds since 1970 up to "
                     "year 9999; ignored (outputs carry the current date)",
                     shown, cut ? "..." : "");
}
