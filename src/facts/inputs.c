/* inputs — see inputs.h. */
#include "facts/inputs.h"
#include "util/buf.h"
#include <stdlib.h>

/* Input k's shape as run: its inference shape from the options, else its
 * binding's dims; 0 when neither is known. */
static int S_dims(const ec_binding *x, const int64_t **v, int *n) {
  if (x->dir != EC_BIND_INPUT) return 0;
  if (x->shapes && x->shapes->inference.v) {
    *v = x->shapes->inference.v;
    *n = x->shapes->inference.n;
    return 1;
  }
  if (!x->described) return 0;
  *v = x->t.dims;
  *n = x->t.ndims;
  return 1;
}

/* what: 1 names, 2 dims, 3 both as name=dims */
static char *S_text(const ec_engine *e, int what) {
  ec_buf b = {0};
  int any = 0;
  for (size_t k = 0; k < e->n_bindings; k++) {
    const ec_binding *x = &e->bindings[k];
    const int64_t *v;
    int n;
    if (!S_dims(x, &v, &n)) continue;
    if (any) ec_buf_puts(&b, "; ");
    any = 1;
    if (what & 1) ec_buf_put(&b, x->t.name, x->t.name_len);
    if (what == 3) ec_buf_putc(&b, '=');
    if (what & 2)
      for (int d = 0; d < n; d++) ec_buf_printf(&b, "%s%lld", d ? "x" : "", (long long)v[d]);
  }
  if (!any) {
    ec_buf_free(&b);
    return NULL;
  }
  return ec_buf_take(&b);
}

char *ec_inputs_shapes(const ec_engine *e) { return S_text(e, 3); }
char *ec_inputs_dims(const ec_engine *e) { return S_text(e, 2); }
char *ec_inputs_names(const ec_engine *e) { return S_text(e, 1); }

long ec_engine_batch(const ec_engine *e) {
  const char *opt = ec_kvs_get(&e->inference_options, "Batch");
  if (opt && *opt) {
    char *end;
    long v = strtol(opt, &end, 10);
    if (!*end && v > 1) return v;
  }
  for (size_t k = 0; k < e->n_bindings; k++) {
    const int64_t *v;
    int n;
    if (!S_dims(&e->bindings[k], &v, &n)) continue;
    return n > 0 && v[0] > 0 ? (long)v[0] : 0;
  }
  return 0;
}
