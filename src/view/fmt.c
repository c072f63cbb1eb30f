#include "view/fmt.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

#define S_DASH "\xE2\x80\x93"

char *ec_fmt_ms(char *buf, size_t cap, double ms) {
  if (!isfinite(ms)) snprintf(buf, cap, S_DASH);
  else snprintf(buf, cap, "%.4g", ms);
  return buf;
}

char *ec_fmt_pct(char *buf, size_t cap, double pct) {
  if (!isfinite(pct)) snprintf(buf, cap, S_DASH);
  else snprintf(buf, cap, "%.2f", pct);
  return buf;
}

char *ec_fmt_bytes(char *buf, size_t cap, double b) {
  if (!isfinite(b)) snprintf(buf, cap, S_DASH);
  else if (b >= 1073741824.0) snprintf(buf, cap, "%.1f GiB", b / 1073741824.0);
  else if (b >= 1048576.0) snprintf(buf, cap, "%.1f MiB", b / 1048576.0);
  else if (b >= 1024.0) snprintf(buf, cap, "%.1f KiB", b / 1024.0);
  else snprintf(buf, cap, "%.0f B", b);
  return buf;
}

char *ec_fmt_int(char *buf, size_t cap, double v) {
  if (!isfinite(v)) {
    snprintf(buf, cap, S_DASH);
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
  if (!isfinite(v)) snprintf(buf, cap, S_DASH);
  else snprintf(buf, cap, "%.4g", v);
  return buf;
}

/* "1x3x224x224" at buf[*off]; -1 dims print as -1 (dynamic). */
static void S_shape(char *buf, size_t cap, size_t *off, const ec_dims *d) {
  for (int i = 0; i < d->n && *off < cap; i++) {
    int w = snprintf(buf + *off, cap - *off, "%s%lld", i ? "x" : "", (long long)d->v[i]);
    if (w < 0) return;
    *off += (size_t)w;
  }
}

char *ec_fmt_input_shape(char *buf, size_t cap, const ec_input_shape *x) {
  static const char *const names[] = {"min", "opt", "max", "inference"};
  const ec_dims *d[] = {&x->min, &x->opt, &x->max, &x->inference};
  size_t off = 0;
  if (cap) buf[0] = '\0';
  for (int k = 0; k < 4 && cap; k++) {
    if (!d[k]->v || off >= cap) continue;
    int w = snprintf(buf + off, cap - off, "%s%s ", off ? (k == 3 ? "; " : ", ") : "", names[k]);
    if (w < 0) break;
    off += (size_t)w;
    S_shape(buf, cap, &off, d[k]);
  }
  if (cap && !off) snprintf(buf, cap, "not available");
  return buf;
}
