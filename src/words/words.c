#include "words/words.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *ec_fmt_ms(char *buf, size_t cap, double ms) {
  if (!isfinite(ms)) snprintf(buf, cap, EC_DASH);
  else snprintf(buf, cap, "%" EC_MS_G, ms);
  return buf;
}

char *ec_fmt_ms_or(char *buf, size_t cap, double ms) {
  if (!isfinite(ms)) snprintf(buf, cap, "latency " EC_NA);
  else snprintf(buf, cap, EC_MS, ms);
  return buf;
}

char *ec_fmt_pct(char *buf, size_t cap, double pct) {
  if (!isfinite(pct)) snprintf(buf, cap, EC_DASH);
  else snprintf(buf, cap, "%" EC_PCT_G, pct);
  return buf;
}

const char *ec_bytes_unit(double max, double *div) {
  static const char *const units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  double d = 1;
  size_t u = 0;
  while (u < 4 && isfinite(max) && fabs(max) >= d * 1024.0) d *= 1024.0, u++;
  *div = d;
  return units[u];
}

char *ec_fmt_bytes(char *buf, size_t cap, double b) {
  double d;
  const char *u = ec_bytes_unit(b, &d);
  if (!isfinite(b)) snprintf(buf, cap, EC_DASH);
  else if (d == 1) snprintf(buf, cap, "%.0f B", b);
  else snprintf(buf, cap, "%.1f %s", b / d, u);
  return buf;
}

double ec_bytes_value(const char *printed) {
  static const struct { const char *unit; double mul; } units[] = {
      {"bytes", 1}, {"B", 1}, {"KiB", 1024.0}, {"MiB", 1048576.0}, {"GiB", 1073741824.0}};
  char *end;
  if (!printed) return NAN;
  double v = strtod(printed, &end);
  if (end != printed && isfinite(v) && *end == ' ')
    for (size_t i = 0; i < sizeof units / sizeof units[0]; i++)
      if (!strcmp(end + 1, units[i].unit)) return v * units[i].mul;
  return NAN;
}

double ec_share_pct(double part, double total) {
  if (!isfinite(part) || !isfinite(total) || !(total > 0)) return NAN;
  return 100.0 * part / total;
}

char *ec_fmt_bytes_text(char *buf, size_t cap, const char *printed) {
  double v = ec_bytes_value(printed);
  if (isfinite(v)) return ec_fmt_bytes(buf, cap, v);
  snprintf(buf, cap, "%s", printed);
  return buf;
}

const char *ec_plural(size_t n, const char *one, const char *many) { return n == 1 ? one : many; }

char *ec_count_words(char *buf, size_t cap, size_t n, const char *one, const char *many) {
  snprintf(buf, cap, "%zu %s", n, ec_plural(n, one, many));
  return buf;
}

char *ec_fmt_count(char *buf, size_t cap, size_t n, const char *one, const char *many) {
  char num[32];
  snprintf(buf, cap, "%s %s", ec_fmt_int(num, sizeof num, (double)n), ec_plural(n, one, many));
  return buf;
}

char *ec_fmt_signed(char *buf, size_t cap, double x, int dec) {
  snprintf(buf, cap, "%+.*f", dec, x);
  int zero = 1;
  for (const char *p = buf + 1; *p; p++)
    if (*p >= '1' && *p <= '9') zero = 0;
  if (zero) buf[0] = '+';
  return buf;
}

char *ec_fmt_int(char *buf, size_t cap, double v) {
  if (!isfinite(v)) {
    snprintf(buf, cap, EC_DASH);
    return buf;
  }
  char tmp[64];
  snprintf(tmp, sizeof tmp, "%.0f", fabs(v));
  size_t n = strlen(tmp), o = 0;
  char out[96];
  if (v < 0) out[o++] = '-';
  for (size_t i = 0; i < n; i++) {
    if (i && (n - i) % 3 == 0) out[o++] = ',';
    out[o++] = tmp[i];
  }
  out[o] = '\0';
  snprintf(buf, cap, "%s", out);
  return buf;
}

char *ec_fmt_num(char *buf, size_t cap, double v) {
  if (!isfinite(v)) snprintf(buf, cap, EC_DASH);
  else snprintf(buf, cap, "%" EC_NUM_G, v);
  return buf;
}

char *ec_fmt_ms_estimate(char *buf, size_t cap, double ms) {
  if (!isfinite(ms)) snprintf(buf, cap, EC_DASH);
  else if (ms >= 10) snprintf(buf, cap, "%.0f", ms);
  else snprintf(buf, cap, "%.2g", ms);
  return buf;
}

char *ec_fmt_saving(char *buf, size_t cap, double likely, double up_to, int cell) {
  char a[32], b[32];
  if (!cap) return buf;
  buf[0] = '\0';
  if (!(isfinite(up_to) && up_to > 0)) return buf;
  if (isfinite(likely)) ec_fmt_ms_estimate(a, sizeof a, likely);
  /* in a cell, a no-break space between a number and its unit (short words,
   * so the HTML writer adds no break inside "0.065") */
  const char *sp = cell ? "\xC2\xA0" : " ";
  ec_fmt_ms(b, sizeof b, up_to);
  if (isfinite(likely))
    snprintf(buf, cap, "likely ~%s%sms \xC2\xB7 up to %s%sms", a, sp, b, sp);
  else
    snprintf(buf, cap, "up to %s%sms", b, sp);
  return buf;
}

/* ---- numbers in charts and tiles ---- */

static void S_group_thousands(char *buf, size_t cap) {
  /* Insert commas into the integer part of a plain decimal number. */
  char tmp[96];
  const char *p = buf;
  size_t o = 0;
  if (*p == '-') tmp[o++] = *p++;
  size_t digits = strspn(p, "0123456789");
  for (size_t i = 0; i < digits; i++) {
    if (i && (digits - i) % 3 == 0 && o < sizeof tmp - 1) tmp[o++] = ',';
    if (o < sizeof tmp - 1) tmp[o++] = p[i];
  }
  p += digits;
  while (*p && o < sizeof tmp - 1) tmp[o++] = *p++;
  tmp[o] = '\0';
  snprintf(buf, cap, "%s", tmp);
}

char *ec_fmt_tick(char *buf, size_t cap, double v, double step) {
  int d = 0;
  while (d < 6) {
    double sc = step * pow(10, d);
    if (fabs(sc - round(sc)) < 1e-6 * fmax(1, sc)) break;
    d++;
  }
  if (fabs(v) < step * 1e-9) v = 0;
  snprintf(buf, cap, "%.*f", d, v);
  S_group_thousands(buf, cap);
  return buf;
}

char *ec_fmt_value(char *buf, size_t cap, double v) {
  double a = fabs(v);
  if (!isfinite(v)) snprintf(buf, cap, EC_DASH);
  else if (a == 0) snprintf(buf, cap, "0");
  else if (a >= 100 || (a < 1e15 && v == floor(v))) snprintf(buf, cap, "%.0f", v); /* counts: "12" */
  else if (a >= 10) snprintf(buf, cap, "%.1f", v);
  else if (a >= 1) snprintf(buf, cap, "%.2f", v);
  else if (a >= 0.001) snprintf(buf, cap, "%.3g", v);
  /* a chart's small value in plain decimals, three significant digits
   * ("0.000181", not "1.81e-04"): a reader compares it with its neighbours */
  else if (a >= 1e-6) snprintf(buf, cap, "%.*f", 2 - (int)floor(log10(a)), v);
  else snprintf(buf, cap, "%.2e", v);
  if (a >= 1000 && isfinite(v)) S_group_thousands(buf, cap);
  return buf;
}

char *ec_fmt_si(char *buf, size_t cap, double v, const char *unit) {
  static const char *pre[] = {"", "k", "M", "G", "T", "P", "E"};
  int k = 0;
  double a = fabs(v);
  while (a >= 1000 && k < 6) {
    a /= 1000;
    v /= 1000;
    k++;
  }
  snprintf(buf, cap, "%.3g %s%s", v, pre[k], unit ? unit : "");
  return buf;
}

char *ec_fmt_big(char *buf, size_t cap, double v) {
  double a = fabs(v);
  if (!isfinite(v)) snprintf(buf, cap, EC_DASH);
  else if (a < 1e3) snprintf(buf, cap, "%.4g", v);
  else if (a < 999.5e3) snprintf(buf, cap, "%.3gk", v / 1e3);
  else if (a < 999.5e6) snprintf(buf, cap, "%.3gM", v / 1e6);
  else snprintf(buf, cap, "%.3gG", v / 1e9);
  return buf;
}
