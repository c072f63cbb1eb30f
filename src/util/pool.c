/* pool — see pool.h. */
#include "util/pool.h"
#include <pthread.h>
#include <unistd.h>

typedef struct {
  size_t n, next;
  void (*fn)(void *, size_t);
  void *ctx;
  pthread_mutex_t mu;
} S_pool;

static void *S_worker(void *arg) {
  S_pool *p = arg;
  for (;;) {
    pthread_mutex_lock(&p->mu);
    size_t i = p->next++;
    pthread_mutex_unlock(&p->mu);
    if (i >= p->n) return NULL;
    p->fn(p->ctx, i);
  }
}

void ec_pool_run(size_t n, void (*fn)(void *ctx, size_t i), void *ctx) {
  S_pool p = {n, 0, fn, ctx, PTHREAD_MUTEX_INITIALIZER};
  long cores = sysconf(_SC_NPROCESSORS_ONLN);
  size_t nt = n < EC_POOL_THREADS ? n : EC_POOL_THREADS;
  if (cores > 0 && (size_t)cores < nt) nt = (size_t)cores;
  pthread_t th[EC_POOL_THREADS];
  size_t started = 0;
  for (size_t k = 1; k < nt; k++)
    if (pthread_create(&th[started], NULL, S_worker, &p) == 0) started++;
  S_worker(&p); /* the calling thread works too, and alone when no thread starts */
  for (size_t k = 0; k < started; k++) pthread_join(th[k], NULL);
  pthread_mutex_destroy(&p.mu);
}
