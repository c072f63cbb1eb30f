/* log_device — the "=== Device Information ===" key/values of the chosen
 * invocation into e->device (name, compute capability, SMs, clocks in GHz,
 * bus width, memory), without overwriting what metadata gave. */
#include "load/log_internal.h"
#include "util/alloc.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Device fields from the "=== Device Information ===" key/values. */
void ec_log_merge_device(ec_engine *e, const char *path, int line, int primary, const ec_kvs *d) {
  if (d->n == 0) return;
  ec_device *dv = &e->device;
  int had = dv->present;
  dv->present = 1;
  if (!had) dv->source = "log";
  for (size_t i = 0; i < d->n; i++) {
    const char *k = d->v[i].key, *v = d->v[i].val;
    double x;
    size_t used;
    if (strcmp(k, "Selected Device") == 0) ec_log_merge_str(e, path, line, primary, &dv->name, v, "device name");
    else if (strcmp(k, "Compute Capability") == 0)
      ec_log_merge_str(e, path, line, primary, &dv->compute_capability, v, "compute capability");
    else if (strcmp(k, "SMs") == 0) {
      if (ec_log_num(v, strlen(v), &x, &used)) ec_log_merge_num(e, path, line, primary, &dv->sms, x, "SMs");
    } else if (strcmp(k, "Compute Clock Rate") == 0 || strcmp(k, "Application Compute Clock Rate") == 0) {
      if (ec_log_num(v, strlen(v), &x, &used)) {
        if (strstr(v + used, "MHz")) x /= 1000.0;
        ec_log_merge_num(e, path, line, primary, &dv->compute_clock_ghz, x, "compute clock (GHz)");
      }
    } else if (strcmp(k, "Memory Clock Rate") == 0 || strcmp(k, "Application Memory Clock Rate") == 0) {
      if (ec_log_num(v, strlen(v), &x, &used)) {
        if (strstr(v + used, "MHz")) x /= 1000.0;
        ec_log_merge_num(e, path, line, primary, &dv->memory_clock_ghz, x, "memory clock (GHz)");
      }
    } else if (strcmp(k, "Memory Bus Width") == 0) {
      if (ec_log_num(v, strlen(v), &x, &used)) ec_log_merge_num(e, path, line, primary, &dv->bus_width_bits, x, "memory bus width");
    } else if (strcmp(k, "Device Global Memory") == 0)
      ec_log_merge_str(e, path, line, primary, &dv->global_memory, v, "device global memory");
  }
  ec_log_merge_kvs(e, path, line, primary, &dv->all, d, "device");
}
