/* Shared helpers for the cmocka unit tests. */
#ifndef EC_TESTUTIL_H
#define EC_TESTUTIL_H
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <cmocka.h>
#include "load/load.h"
#include "util/alloc.h"

/* Simulated test data from a fixed seed: uniform on (0,1) (splitmix64,
 * 53 bits) and standard normal (Box-Muller), so a test's draws are the same
 * on every machine. */
static inline double ec_test_unif(uint64_t *state) {
  uint64_t z = (*state += UINT64_C(0x9e3779b97f4a7c15));
  z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
  z ^= z >> 31;
  return ((double)(z >> 11) + 0.5) * 0x1.0p-53;
}
static inline double ec_test_normal(uint64_t *state) {
  double u = ec_test_unif(state), v = ec_test_unif(state);
  return sqrt(-2 * log(u)) * cos(2 * 3.14159265358979323846 * v);
}

/* Root of ../shared (EC_SHARED overrides), or NULL when absent. Tests that
 * need the corpus call EC_NEED_SHARED() which skips loudly without it. */
static inline const char *ec_test_shared(void) {
  static char buf[4096];
  const char *env = getenv("EC_SHARED");
  const char *p = env && *env ? env : "../shared";
  struct stat st;
  if (stat(p, &st) != 0 || !S_ISDIR(st.st_mode)) return NULL;
  snprintf(buf, sizeof buf, "%s", p);
  return buf;
}

#define EC_NEED_SHARED(var)                                                          \
  const char *var = ec_test_shared();                                                \
  if (!var) {                                                                        \
    print_message("SKIPPED: %s needs ../shared (the corpus); it is absent\n", __func__); \
    skip();                                                                          \
  }

/* Path under the shared dir; returns a static buffer. */
static inline const char *ec_test_path(const char *shared, const char *rel) {
  static char buf[8][4096];
  static int k;
  k = (k + 1) % 8;
  snprintf(buf[k], sizeof buf[k], "%s/%s", shared, rel);
  return buf[k];
}

/* Load the engine at path (a fixture under tests/fixtures) or fail the test. */
static inline ec_engine *ec_test_load(const char *path) {
  ec_engine *e = NULL;
  assert_int_equal(ec_load_engine(path, &(ec_load_opts){0}, &e), 0);
  return e;
}

/* A hand-built engine with a graph and a profile of 100 iterations and no
 * layers yet; free with ec_engine_free. */
static inline ec_engine *ec_test_engine(void) {
  ec_engine *e = ec_engine_new("hand");
  e->has_graph = 1;
  e->has_profile = 1;
  e->profile_count = 100;
  return e;
}

/* Append a bare layer to e (no tensors, no profile, stream -1): the start of
 * a hand-built layer; the caller fills the rest. */
static inline ec_layer *ec_test_add_layer(ec_engine *e, const char *name, const char *layer_type, const char *type,
                                          const char *tactic) {
  ec_layer *l = EC_PUSH(e->layers, e->n_layers, e->cap_layers);
  memset(l, 0, sizeof *l);
  l->index = e->n_layers - 1;
  l->name = ec_strdup(name);
  l->name_len = strlen(name);
  l->layer_type = ec_strdup(layer_type);
  l->type = ec_strdup(type);
  l->tactic = ec_strdup(tactic ? tactic : "TensorRT");
  l->stream_id = -1;
  return l;
}

/* A 4-D tensor [1, c, 8, 8] of 2-byte elements named name, with TREx's
 * short format fmt ("FP16 NC/8HW8", "Int8 NC/32HW32", ...) and the precision
 * it starts with; volume -1 (unknown) when c < 0. */
static inline void ec_test_tensor(ec_tensor *t, const char *name, const char *fmt, int64_t c) {
  memset(t, 0, sizeof *t);
  t->name = ec_strdup(name);
  t->name_len = strlen(name);
  t->ndims = 4;
  t->dims = ec_malloc(4 * sizeof *t->dims);
  int64_t d[4] = {1, c, 8, 8};
  memcpy(t->dims, d, sizeof d);
  t->format_short = fmt;
  t->precision = t->precision_trex = !strncmp(fmt, "FP32", 4)                               ? "FP32"
                                     : !strncmp(fmt, "FP16", 4)                             ? "FP16"
                                     : !strncmp(fmt, "Int8", 4) || !strncmp(fmt, "INT8", 4) ? "INT8"
                                                                                            : "Unknown";
  t->elem_bytes = 2;
  t->volume = c < 0 ? -1 : c * 64;
}

#endif
