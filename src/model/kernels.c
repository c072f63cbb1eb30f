/* kernels — releasing the kernel level of the model (engine.h: ec_kernel,
 * ec_layer_kernels, ec_kernel_set). */
#include "model/engine.h"
#include <stdlib.h>

static void S_kernel_clear(ec_kernel *k) {
  if (!k) return;
  free(k->name);
  free(k->range);
  k->name = k->range = NULL;
}

void ec_layer_kernels_free(ec_layer_kernels *k) {
  if (!k) return;
  for (size_t i = 0; i < k->n; i++) S_kernel_clear(&k->v[i]);
  free(k->v);
  free(k);
}

void ec_engine_kernels_free(ec_kernel_set *s) {
  if (!s) return;
  free(s->path);
  free(s->tool);
  free(s->gpu);
  free(s->first_other_range);
  for (size_t i = 0; i < s->n_other; i++) S_kernel_clear(&s->other[i]);
  free(s->other);
  free(s);
}
