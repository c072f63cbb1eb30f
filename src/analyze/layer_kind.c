#include "analyze/layer_kind.h"
#include <math.h>
#include <string.h>

static int S_is(const char *a, const char *b) { return a && b && !strcmp(a, b); }

int ec_layer_is_reformat(const ec_layer *l) {
  if (S_is(l->type, "Reformat") || S_is(l->layer_type, "Reformat")) return 1;
  int typed = l->type && strcmp(l->type, "Unknown");
  return !typed && l->name && ec_name_is_reformat(l->name);
}

int ec_layer_is_myelin(const ec_layer *l) {
  static const char *const types[] = {"Myelin", "kgen", "gemm"};
  for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
    if (S_is(l->layer_type, types[i]) || S_is(l->type, types[i])) return 1;
  if (l->name && !strncmp(l->name, "{ForeignNode", 12)) return 1;
  return l->tactic && (!strncmp(l->tactic, "__myl", 5) || !strncmp(l->tactic, "__mye", 5));
}

size_t ec_layer_fused_ops(const ec_layer *l) {
  if (ec_layer_is_reformat(l)) return 1;
  if (l->n_metadata) return l->n_metadata;
  size_t n = 1;
  if (l->name)
    for (const char *q = strstr(l->name, " + "); q; q = strstr(q + 3, " + ")) n++;
  return n;
}

int ec_layer_is_fused(const ec_layer *l) {
  if (ec_layer_is_reformat(l)) return 0;
  return ec_layer_is_myelin(l) || ec_layer_fused_ops(l) > 1;
}

int ec_layer_is_pointwise(const ec_layer *l) { return l->type && !strncmp(l->type, "PointWise", 9); }

size_t ec_pointwise_ops(const ec_engine *e, size_t count[EC_PW_MAX_OPS + 1], double ms[EC_PW_MAX_OPS + 1]) {
  size_t n = 0;
  for (size_t k = 0; k <= EC_PW_MAX_OPS; k++) count[k] = 0, ms[k] = 0;
  for (size_t i = 0; i < e->n_layers; i++) {
    const ec_layer *l = &e->layers[i];
    if (!ec_layer_is_pointwise(l)) continue;
    size_t k = l->n_operations < EC_PW_MAX_OPS ? l->n_operations : EC_PW_MAX_OPS;
    count[k]++;
    if (l->has_profile && isfinite(l->avg_ms)) ms[k] += l->avg_ms;
    n++;
  }
  return n;
}
