#include "util/srcdate.h"
#include "util/alloc.h"
#include "util/utf8.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

int ec_source_date(char *buf, size_t cap) {
  if (cap) buf[0] = '\0';
  const char *e = getenv("SOURCE_DATE_EPOCH");
  if (!e || !*e) return 0;
  for (const char *p = e; *p; p++)
    if (*p < '0' || *p > '9') return -1; /* no sign, space or fraction */
  errno = 0;
  char *end;
  long long v = strtoll(e, &end, 10);
  if (errno || *end || v > 253402300799LL) return -1; /* past 9999-12-31 */
  time_t t = (time_t)v;
  struct tm tm;
  if (!gmtime_r(&t, &tm) || strftime(buf, cap, "%Y-%m-%dT%H:%M:%SZ", &tm) == 0) {
    if (cap) buf[0] = '\0';
    return -1;
  }
  return 1;
}

char *ec_source_date_warning(void) {
  char buf[32];
  if (ec_source_date(buf, sizeof buf) >= 0) return NULL;
  const char *e = getenv("SOURCE_DATE_EPOCH");
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
