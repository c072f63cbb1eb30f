/* pool — see pool.h. */
#include "util/pool.h"
#include <pthread.h>
#include <unistd.h>

typedef struct {
  size_t n, next;
  void (*fn)(void *, size_t);
  void *ctx;
  const size_t *cost; /* NULL: no budget */
  size_t budget, running;
  pthread_mutex_t mu;
  pthread_cond_t done; /* a job ended: its cost is free again */
} S_pool;

static void *S_worker(void *arg) {
  S_pool *p = arg;
  for (;;) {
    pthread_mutex_lock(&p->mu);
    while (p->cost && p->next < p->n && p->running && p->running + p->cost[p->next] > p->budget)
      pthread_cond_wait(&p->done, &p->mu);
    size_t i = p->next++;
    size_t c = p->cost && i < p->n ? p->cost[i] : 0;
    p->running += c;
    pthread_mutex_unlock(&p->mu);
    if (i >= p->n) return NULL;
    p->fn(p->ctx, i);
    if (p->cost) {
      pthread_mutex_lock(&p->mu);
      p->running -= c;
      pthread_cond_broadcast(&p->done);
      pthread_mutex_unlock(&p->mu);
    }
  }
}

static void S_run(size_t n, void (*fn)(void *ctx, size_t i), void *ctx, const size_t *cost, size_t budget) {
  S_pool p = {n, 0, fn, ctx, cost, budget, 0, PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER};
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
  pthread_cond_destroy(&p.done);
}

void ec_pool_run(size_t n, void (*fn)(void *ctx, size_t i), void *ctx) { S_run(n, fn, ctx, NULL, 0); }

void ec_pool_run_budget(size_t n, void (*fn)(void *ctx, size_t i), void *ctx, const size_t *cost, size_t budget) {
  S_run(n, fn, ctx, cost, budget);
}
