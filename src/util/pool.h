/* pool — run independent jobs on a few threads: the one place that decides
 * how many (as many as cores, at most EC_POOL_THREADS, the calling thread
 * included) and hands out the work (each thread takes the next job). */
#ifndef EC_POOL_H
#define EC_POOL_H
#include <stddef.h>

#define EC_POOL_THREADS 4

/** Call fn(ctx, i) once for every i in [0, n), on up to EC_POOL_THREADS
 *  threads, and return when all have returned. fn must not share mutable
 *  state between jobs; which thread runs a job is not defined. */
void ec_pool_run(size_t n, void (*fn)(void *ctx, size_t i), void *ctx);
/** ec_pool_run, but a job starts only while the costs of the jobs running
 *  (their memory, say) stay within budget, or when none is running: big
 *  jobs run one at a time, small ones together. Jobs start in order. */
void ec_pool_run_budget(size_t n, void (*fn)(void *ctx, size_t i), void *ctx, const size_t *cost, size_t budget);

#endif
