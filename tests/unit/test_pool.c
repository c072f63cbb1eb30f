/* Unit tests for src/util/pool: every job runs exactly once; under a cost
 * budget, jobs whose costs together exceed it never run at the same time
 * (how two 100,000-layer engines load one after the other); and the cost of
 * loading an engine is the size of the files it would read. */
#include "testutil.h"
#include <pthread.h>
#include <time.h>
#include "load/load.h"
#include "util/alloc.h"
#include "util/pool.h"

typedef struct {
  pthread_mutex_t mu;
  int runs[64];
  size_t cost[64];
  size_t running, max_running; /* the sum of the costs of the jobs running */
} S_log;

static void S_job(void *ctx, size_t i) {
  S_log *l = ctx;
  pthread_mutex_lock(&l->mu);
  l->runs[i]++;
  l->running += l->cost[i];
  if (l->running > l->max_running) l->max_running = l->running;
  pthread_mutex_unlock(&l->mu);
  struct timespec ts = {0, 2000000}; /* 2 ms: time for the others to start */
  nanosleep(&ts, NULL);
  pthread_mutex_lock(&l->mu);
  l->running -= l->cost[i];
  pthread_mutex_unlock(&l->mu);
}

static void test_every_job_once(void **st) {
  (void)st;
  S_log l = {PTHREAD_MUTEX_INITIALIZER, {0}, {0}, 0, 0};
  ec_pool_run(64, S_job, &l);
  for (size_t i = 0; i < 64; i++) assert_int_equal(l.runs[i], 1);
  ec_pool_run(0, S_job, &l); /* no job: returns */
}

static void test_budget(void **st) {
  (void)st;
  /* jobs of cost 3 under a budget of 7: at most two at once */
  S_log l = {PTHREAD_MUTEX_INITIALIZER, {0}, {0}, 0, 0};
  for (size_t i = 0; i < 32; i++) l.cost[i] = 3;
  ec_pool_run_budget(32, S_job, &l, l.cost, 7);
  for (size_t i = 0; i < 32; i++) assert_int_equal(l.runs[i], 1);
  assert_true(l.max_running <= 6);
  /* each job alone is over the budget: one at a time, and every one runs */
  S_log b = {PTHREAD_MUTEX_INITIALIZER, {0}, {0}, 0, 0};
  for (size_t i = 0; i < 8; i++) b.cost[i] = 100;
  ec_pool_run_budget(8, S_job, &b, b.cost, 50);
  for (size_t i = 0; i < 8; i++) assert_int_equal(b.runs[i], 1);
  assert_int_equal(b.max_running, 100);
  /* mixed: a big job never overlaps another */
  S_log m = {PTHREAD_MUTEX_INITIALIZER, {0}, {0}, 0, 0};
  for (size_t i = 0; i < 16; i++) m.cost[i] = i % 4 == 0 ? 10 : 1;
  ec_pool_run_budget(16, S_job, &m, m.cost, 10);
  assert_true(m.max_running <= 10);
}

static void test_input_bytes(void **st) {
  (void)st;
  /* a prefix: the files named PREFIX.*; a folder: its files */
  const char *pre = "tests/fixtures/compare/base/model.engine";
  size_t b = ec_load_input_bytes(pre), want = 0;
  static const char *const ext[] = {"graph.json", "profile.json", "timing.json"};
  for (size_t i = 0; i < 3; i++) {
    char *f = ec_asprintf("%s.%s", pre, ext[i]);
    struct stat sb;
    assert_int_equal(stat(f, &sb), 0);
    want += (size_t)sb.st_size;
    free(f);
  }
  assert_int_equal(b, want);
  assert_int_equal(ec_load_input_bytes("tests/fixtures/compare/base"), want);
  char *named = ec_asprintf("A=%s", pre); /* NAME=PATH: the same files */
  assert_int_equal(ec_load_input_bytes(named), b);
  free(named);
  assert_int_equal(ec_load_input_bytes("tests/fixtures/no-such-engine"), 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_every_job_once), cmocka_unit_test(test_budget),
                                     cmocka_unit_test(test_input_bytes)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
