#include "analyze/device_peak.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const struct {
  int cc;
  double fp32, tc, int8;
} S_table[] = {
    {70, 128, 1024, NAN}, {72, 128, 1024, 2048}, {75, 128, 1024, 2048}, {80, 128, 2048, 4096},
    {86, 256, 1024, 2048}, {87, 256, 1024, 2048}, {89, 256, 1024, 2048}, {90, 256, 4096, 8192},
};

ec_peak ec_device_peak(const ec_device *d) {
  ec_peak p = {NAN, NAN, NAN, NAN};
  if (!d || !d->present) return p;
  if (isfinite(d->bus_width_bits) && isfinite(d->memory_clock_ghz) && d->bus_width_bits > 0 && d->memory_clock_ghz > 0)
    p.bw_bytes_s = d->bus_width_bits / 8.0 * d->memory_clock_ghz * 2.0 * 1e9;
  if (!d->compute_capability || !isfinite(d->sms) || !isfinite(d->compute_clock_ghz)) return p;
  double cc = strtod(d->compute_capability, NULL);
  int key = (int)lround(cc * 10);
  for (size_t i = 0; i < sizeof S_table / sizeof S_table[0]; i++)
    if (S_table[i].cc == key) {
      double k = d->sms * d->compute_clock_ghz * 1e9;
      p.fp32_flops = S_table[i].fp32 * k;
      p.tc_flops = S_table[i].tc * k;
      p.int8_ops = S_table[i].int8 * k;
    }
  return p;
}

double ec_peak_for(const ec_peak *p, const char *precision) {
  if (!precision) return NAN;
  if (!strcmp(precision, "INT8") || !strcmp(precision, "FP8") || !strcmp(precision, "INT4") || !strcmp(precision, "FP4"))
    return isfinite(p->int8_ops) ? p->int8_ops : p->tc_flops;
  if (!strcmp(precision, "FP16") || !strcmp(precision, "BF16")) return p->tc_flops;
  return p->fp32_flops;
}
