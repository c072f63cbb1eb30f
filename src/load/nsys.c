/* nsys — kernels from an Nsight Systems SQLite export (nsys export --type
 * sqlite), attributed to the engine's layers.
 *
 * The file is opened read-only (immutable: nothing is locked or written) and
 * only these tables are read, each checked against a row limit first
 * (nsys.h), the whole read under a time limit:
 *   CUPTI_ACTIVITY_KIND_KERNEL  one row per kernel execution: GPU start/end,
 *       device, stream, correlationId (-> the launching runtime call),
 *       globalPid, demangledName/shortName (-> StringIds), grid, block,
 *       registers, shared memory, graphNodeId (kernels run by a CUDA graph);
 *   CUPTI_ACTIVITY_KIND_RUNTIME the launching calls: thread, host start/end;
 *   NVTX_EVENTS  push/pop (59) and start/end (60) ranges (70/71: NVTXT), text
 *       inline or interned (textId -> StringIds);
 *   CUDA_GRAPH_NODE_EVENTS (CUDA_GRAPH_EVENTS before nsys 2023) node creation
 *       and cloning: a kernel a graph replays has no NVTX range of its own, so
 *       it takes the range of the call that created its node while the graph
 *       was captured (following originalGraphNodeId from the executable
 *       graph's clone to the captured node);
 *   CUPTI_ACTIVITY_KIND_GRAPH_TRACE  whole-graph rows (nsys's default graph
 *       trace: the graph's kernels are missing and that is said);
 *   TARGET_INFO_GPU, META_DATA_EXPORT / EXPORT_META_DATA: the GPU, the tool.
 * Columns are looked up by name; a column an nsys version lacks reads as
 * NULL.
 *
 * A kernel belongs to the innermost NVTX range that encloses its launch call
 * on the launching thread (as nsys's own nvtx_kern_sum joins them); its
 * layer is the innermost enclosing range that names a layer (a Myelin
 * sub-range inside a {ForeignNode[...]} layer's range is kept as the
 * kernel's range). Two ranges of one name under one parent range (one
 * enqueue) are told apart as the loader tells two layers of one name apart
 * (the second "x" is "x_2"). An iteration is one range instance of the layer
 * (or one graph launch); the engine's iterations are its enqueue ranges. */
#include "load/nsys.h"
#include "util/budget.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "words/words.h"
#include <math.h>
#include <sqlite3.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define S_NONE INT64_MIN
#define S_PID(tid) ((tid) & ~(int64_t)0xFFFFFF)

typedef struct S_db {
  sqlite3 *db;
  const char *path;
  ec_engine *e;
  struct timespec t0;
  int timed_out;
} S_db;

/* Interned strings (kernel names, range texts). */
typedef struct S_strs {
  char **v;
  size_t *len;
  size_t n, cap, cap_len;
  ec_map map;
} S_strs;

static uint32_t S_intern(S_strs *s, const char *t, size_t n) {
  size_t k;
  if (ec_map_get(&s->map, t, n, &k)) return (uint32_t)k;
  char *c = ec_strndup(t, n);
  *EC_PUSH(s->v, s->n, s->cap) = c;
  size_t m = s->n - 1;
  ec_grow((void **)&s->len, &s->cap_len, s->n, sizeof *s->len);
  s->len[m] = n;
  ec_map_put(&s->map, c, n, m);
  return (uint32_t)m;
}

static void S_strs_free(S_strs *s) {
  for (size_t i = 0; i < s->n; i++) free(s->v[i]);
  free(s->v);
  free(s->len);
  ec_map_free(&s->map);
}

/* An NVTX range. */
typedef struct S_range {
  int64_t start, end, tid;
  uint32_t text;  /* UINT32_MAX: no text */
  int32_t parent; /* the innermost range open on its thread when it started */
  int32_t layer;  /* the layer it names, -1 */
  unsigned char iter;
} S_range;

/* Where a launch was made: a runtime call (or a graph node's creation). */
typedef struct S_probe {
  int64_t tid, start, end;
  int set;
} S_probe;

typedef struct S_launch {
  int64_t start, end, device, stream, pid, corr, node;
  int64_t grid[3], block[3], regs, ssm, dsm;
  uint32_t name;
  int32_t call;   /* probe of its (pid, correlationId): the launch call, or the graph launch */
  int32_t where;  /* probe its NVTX ranges are looked up at: the call, or the node's creation */
  int32_t range;  /* innermost enclosing range, -1 */
  int32_t lrange; /* innermost enclosing range that names a layer, -1 */
  int32_t irange; /* innermost enclosing iteration range, -1 */
  unsigned char via_graph;
} S_launch;

typedef struct S_cap {
  S_db d;
  S_strs names, texts;
  S_range *r;
  size_t nr;
  S_launch *k;
  size_t nk;
  S_probe *p;
  size_t np, cap_p;
  int64_t *pkey; /* 2 per probe: pid, correlationId (map keys point here; sized once) */
  ec_map pmap;
  int has_nvtx_table;
  size_t graph_launches;
  double graph_ms;
  size_t graph_kernels, graph_attributed;
  char *gpu, *tool;
} S_cap;

static double S_elapsed(const S_db *d) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)(t.tv_sec - d->t0.tv_sec) + (double)(t.tv_nsec - d->t0.tv_nsec) / 1e9;
}

static int S_progress(void *ctx) {
  S_db *d = ctx;
  if (S_elapsed(d) > EC_NSYS_SECONDS) d->timed_out = 1;
  return d->timed_out;
}

/* An SQLite failure (or the time limit) as an error naming the file. */
static void S_fail(S_db *d, const char *what) {
  if (d->timed_out)
    ec_diag_add(&d->e->diags, EC_ERROR, d->path, 0, 0, "reading took over %d s (the limit) at %s; not used",
                EC_NSYS_SECONDS, what);
  else
    ec_diag_add(&d->e->diags, EC_ERROR, d->path, 0, 0, "cannot read %s: %s", what, sqlite3_errmsg(d->db));
}

static sqlite3_stmt *S_prep(S_db *d, const char *sql, const char *what) {
  sqlite3_stmt *st = NULL;
  if (sqlite3_prepare_v2(d->db, sql, -1, &st, NULL) != SQLITE_OK) {
    S_fail(d, what);
    sqlite3_finalize(st);
    return NULL;
  }
  return st;
}

static int S_has_table(S_db *d, const char *t) {
  sqlite3_stmt *st = NULL;
  int yes = 0;
  if (sqlite3_prepare_v2(d->db, "SELECT 1 FROM sqlite_master WHERE type IN ('table','view') AND name = ?1", -1, &st,
                         NULL) == SQLITE_OK) {
    sqlite3_bind_text(st, 1, t, -1, SQLITE_STATIC);
    yes = sqlite3_step(st) == SQLITE_ROW;
  }
  sqlite3_finalize(st);
  return yes;
}

static int S_has_col(S_db *d, const char *t, const char *c) {
  sqlite3_stmt *st = NULL;
  int yes = 0;
  if (sqlite3_prepare_v2(d->db, "SELECT 1 FROM pragma_table_info(?1) WHERE name = ?2", -1, &st, NULL) == SQLITE_OK) {
    sqlite3_bind_text(st, 1, t, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, c, -1, SQLITE_STATIC);
    yes = sqlite3_step(st) == SQLITE_ROW;
  }
  sqlite3_finalize(st);
  return yes;
}

/* "a.col" when table t has the column, else "NULL", appended to b. */
static void S_col(ec_buf *b, S_db *d, const char *t, const char *a, const char *c) {
  if (S_has_col(d, t, c)) ec_buf_printf(b, "%s.\"%s\"", a, c);
  else ec_buf_puts(b, "NULL");
}

/* The single integer a query gives; -1 on failure (said). */
static int64_t S_count(S_db *d, const char *sql, const char *what) {
  sqlite3_stmt *st = S_prep(d, sql, what);
  if (!st) return -1;
  int64_t n = -1;
  int rc = sqlite3_step(st);
  if (rc == SQLITE_ROW) n = sqlite3_column_int64(st, 0);
  else S_fail(d, what);
  sqlite3_finalize(st);
  return n;
}

/* A table's rows against a limit: 0 when within, -1 when over or unreadable (said). */
static int S_bound(S_db *d, const char *table, const char *where, ec_budget_id id, int64_t *out) {
  char *sql = ec_asprintf("SELECT count(*) FROM \"%s\"%s", table, where ? where : "");
  int64_t n = S_count(d, sql, table);
  free(sql);
  if (n < 0) return -1;
  if (ec_budget_over(id, (unsigned long long)n)) {
    char msg[256];
    ec_budget_message(id, msg, sizeof msg);
    ec_diag_add(&d->e->diags, EC_ERROR, d->path, 0, 0, "%s holds %lld: %s", table, (long long)n, msg);
    return -1;
  }
  if (out) *out = n;
  return 0;
}

static int64_t S_int(sqlite3_stmt *st, int i, int64_t dflt) {
  return sqlite3_column_type(st, i) == SQLITE_NULL ? dflt : sqlite3_column_int64(st, i);
}

/* The probe of (pid, correlationId), added when absent. */
static int32_t S_probe_of(S_cap *c, int64_t pid, int64_t corr, int add) {
  int64_t key[2] = {pid, corr};
  size_t k;
  if (ec_map_get(&c->pmap, (const char *)key, sizeof key, &k)) return (int32_t)k;
  if (!add) return -1;
  int32_t i = (int32_t)c->np;
  S_probe *p = EC_PUSH(c->p, c->np, c->cap_p);
  memset(p, 0, sizeof *p);
  c->pkey[2 * i] = pid;
  c->pkey[2 * i + 1] = corr;
  ec_map_put(&c->pmap, (const char *)&c->pkey[2 * i], 2 * sizeof(int64_t), (size_t)i);
  return i;
}

static int S_read_kernels(S_cap *c) {
  S_db *d = &c->d;
  const char *T = "CUPTI_ACTIVITY_KIND_KERNEL";
  int64_t n;
  if (S_bound(d, T, NULL, EC_BUDGET_KERNELS, &n)) return -1;
  int strings = S_has_table(d, "StringIds");
  ec_buf q = {0};
  ec_buf_puts(&q, "SELECT k.\"start\", k.\"end\", ");
  static const char *const cols[] = {"deviceId", "streamId", "correlationId", "globalPid", "gridX", "gridY",
                                     "gridZ", "blockX", "blockY", "blockZ", "registersPerThread",
                                     "staticSharedMemory", "dynamicSharedMemory", "graphNodeId"};
  for (size_t i = 0; i < sizeof cols / sizeof cols[0]; i++) {
    S_col(&q, d, T, "k", cols[i]);
    ec_buf_puts(&q, ", ");
  }
  ec_buf_puts(&q, "COALESCE(");
  if (strings) {
    ec_buf_puts(&q, S_has_col(d, T, "demangledName") ? "dn.value, " : "");
    ec_buf_puts(&q, S_has_col(d, T, "shortName") ? "sn.value, " : "");
  }
  S_col(&q, d, T, "k", "name");
  ec_buf_puts(&q, ", NULL) FROM CUPTI_ACTIVITY_KIND_KERNEL AS k");
  if (strings && S_has_col(d, T, "demangledName")) ec_buf_puts(&q, " LEFT JOIN StringIds AS dn ON dn.id = k.demangledName");
  if (strings && S_has_col(d, T, "shortName")) ec_buf_puts(&q, " LEFT JOIN StringIds AS sn ON sn.id = k.shortName");
  ec_buf_puts(&q, " ORDER BY k.\"start\", k.\"end\"");
  sqlite3_stmt *st = S_prep(d, q.data, T);
  ec_buf_free(&q);
  if (!st) return -1;
  c->k = ec_calloc(n ? (size_t)n : 1, sizeof *c->k);
  c->pkey = ec_calloc(n ? 2 * (size_t)n : 2, sizeof *c->pkey);
  int rc;
  while ((rc = sqlite3_step(st)) == SQLITE_ROW && c->nk < (size_t)n) {
    S_launch *k = &c->k[c->nk++];
    k->start = S_int(st, 0, 0);
    k->end = S_int(st, 1, k->start);
    if (k->end < k->start) k->end = k->start;
    k->device = S_int(st, 2, -1);
    k->stream = S_int(st, 3, -1);
    k->corr = S_int(st, 4, S_NONE);
    k->pid = S_PID(S_int(st, 5, 0));
    for (int j = 0; j < 3; j++) k->grid[j] = S_int(st, 6 + j, -1), k->block[j] = S_int(st, 9 + j, -1);
    k->regs = S_int(st, 12, -1);
    k->ssm = S_int(st, 13, -1);
    k->dsm = S_int(st, 14, -1);
    k->node = S_int(st, 15, S_NONE);
    const unsigned char *nm = sqlite3_column_text(st, 16);
    size_t nl = (size_t)sqlite3_column_bytes(st, 16);
    if (!nm) nm = (const unsigned char *)"(unnamed kernel)", nl = 16;
    k->name = S_intern(&c->names, (const char *)nm, nl);
    k->call = k->corr == S_NONE ? -1 : S_probe_of(c, k->pid, k->corr, 1);
    k->where = k->call;
    k->range = k->lrange = k->irange = -1;
  }
  if (rc != SQLITE_DONE && rc != SQLITE_ROW) {
    S_fail(d, T);
    sqlite3_finalize(st);
    return -1;
  }
  sqlite3_finalize(st);
  return 0;
}

static int S_read_calls(S_cap *c) {
  S_db *d = &c->d;
  const char *T = "CUPTI_ACTIVITY_KIND_RUNTIME";
  if (!c->np || !S_has_table(d, T) || !S_has_col(d, T, "correlationId") || !S_has_col(d, T, "globalTid")) return 0;
  if (S_bound(d, T, NULL, EC_BUDGET_RUNTIME_CALLS, NULL)) return -1;
  sqlite3_stmt *st = S_prep(d,
                            "SELECT correlationId, globalTid, \"start\", \"end\" FROM CUPTI_ACTIVITY_KIND_RUNTIME "
                            "WHERE correlationId IS NOT NULL AND globalTid IS NOT NULL",
                            T);
  if (!st) return -1;
  int rc;
  while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
    int64_t tid = sqlite3_column_int64(st, 1);
    int32_t i = S_probe_of(c, S_PID(tid), sqlite3_column_int64(st, 0), 0);
    if (i < 0) continue;
    S_probe *p = &c->p[i];
    int64_t s = S_int(st, 2, 0), e = S_int(st, 3, s);
    /* a launch seen twice (cudaLaunchKernel around cudaLaunchKernel_v7000): the outer call */
    if (!p->set || s < p->start || (s == p->start && tid < p->tid)) p->tid = tid, p->start = s;
    if (!p->set || e > p->end) p->end = e;
    p->set = 1;
  }
  if (rc != SQLITE_DONE) {
    S_fail(d, T);
    sqlite3_finalize(st);
    return -1;
  }
  sqlite3_finalize(st);
  return 0;
}

static int S_read_ranges(S_cap *c) {
  S_db *d = &c->d;
  const char *T = "NVTX_EVENTS";
  if (!S_has_table(d, T)) return 0;
  c->has_nvtx_table = 1;
  const char *where = " WHERE eventType IN (59, 60, 70, 71)";
  int64_t n;
  if (S_bound(d, T, where, EC_BUDGET_NVTX_RANGES, &n)) return -1;
  int strings = S_has_table(d, "StringIds") && S_has_col(d, T, "textId");
  ec_buf q = {0};
  ec_buf_puts(&q, "SELECT n.\"start\", n.\"end\", n.globalTid, COALESCE(");
  S_col(&q, d, T, "n", "text");
  ec_buf_puts(&q, strings ? ", s.value, " : ", ");
  S_col(&q, d, T, "n", "jsonText");
  ec_buf_puts(&q, ") FROM NVTX_EVENTS AS n");
  if (strings) ec_buf_puts(&q, " LEFT JOIN StringIds AS s ON s.id = n.textId");
  ec_buf_printf(&q, "%s ORDER BY n.globalTid, n.\"start\"", " WHERE n.eventType IN (59, 60, 70, 71)");
  sqlite3_stmt *st = S_prep(d, q.data, T);
  ec_buf_free(&q);
  if (!st) return -1;
  c->r = ec_calloc(n ? (size_t)n : 1, sizeof *c->r);
  int rc;
  while ((rc = sqlite3_step(st)) == SQLITE_ROW && c->nr < (size_t)n) {
    S_range *r = &c->r[c->nr++];
    r->start = S_int(st, 0, 0);
    r->end = S_int(st, 1, INT64_MAX); /* never closed: open to the end */
    if (r->end < r->start) r->end = r->start;
    r->tid = S_int(st, 2, 0);
    const unsigned char *t = sqlite3_column_text(st, 3);
    r->text = t ? S_intern(&c->texts, (const char *)t, (size_t)sqlite3_column_bytes(st, 3)) : UINT32_MAX;
    r->parent = r->layer = -1;
  }
  if (rc != SQLITE_DONE && rc != SQLITE_ROW) {
    S_fail(d, T);
    sqlite3_finalize(st);
    return -1;
  }
  sqlite3_finalize(st);
  return 0;
}

/* Kernels a CUDA graph ran take the thread and time of the call that
 * created their node while the graph was captured. */
typedef struct S_node {
  int64_t orig, start, end, tid;
} S_node;

static int S_read_nodes(S_cap *c) {
  S_db *d = &c->d;
  for (size_t i = 0; i < c->nk; i++)
    if (c->k[i].node != S_NONE) c->graph_kernels++;
  if (!c->graph_kernels) return 0;
  const char *T = S_has_table(d, "CUDA_GRAPH_NODE_EVENTS") ? "CUDA_GRAPH_NODE_EVENTS"
                  : S_has_table(d, "CUDA_GRAPH_EVENTS")    ? "CUDA_GRAPH_EVENTS"
                                                           : NULL;
  if (!T || !S_has_col(d, T, "graphNodeId") || !S_has_col(d, T, "globalTid")) return 0;
  int64_t n;
  if (S_bound(d, T, NULL, EC_BUDGET_GRAPH_NODES, &n)) return -1;
  ec_buf q = {0};
  ec_buf_puts(&q, "SELECT g.graphNodeId, ");
  S_col(&q, d, T, "g", "originalGraphNodeId");
  ec_buf_printf(&q, ", g.\"start\", g.\"end\", g.globalTid FROM \"%s\" AS g WHERE g.graphNodeId IS NOT NULL "
                    "ORDER BY g.\"start\"", T);
  sqlite3_stmt *st = S_prep(d, q.data, T);
  ec_buf_free(&q);
  if (!st) return -1;
  S_node *v = ec_calloc(n ? (size_t)n : 1, sizeof *v);
  int64_t *keys = ec_calloc(n ? 2 * (size_t)n : 2, sizeof *keys);
  size_t nv = 0;
  ec_map m = {0};
  int rc;
  while ((rc = sqlite3_step(st)) == SQLITE_ROW && nv < (size_t)n) {
    int64_t tid = S_int(st, 4, 0);
    keys[2 * nv] = S_PID(tid);
    keys[2 * nv + 1] = sqlite3_column_int64(st, 0);
    /* the first event of a node (its creation) wins */
    if (ec_map_get(&m, (const char *)&keys[2 * nv], 2 * sizeof(int64_t), NULL)) continue;
    v[nv] = (S_node){S_int(st, 1, S_NONE), S_int(st, 2, 0), S_int(st, 3, 0), tid};
    ec_map_put(&m, (const char *)&keys[2 * nv], 2 * sizeof(int64_t), nv);
    nv++;
  }
  int ok = rc == SQLITE_DONE || rc == SQLITE_ROW;
  if (!ok) S_fail(d, T);
  sqlite3_finalize(st);
  for (size_t i = 0; ok && i < c->nk; i++) {
    S_launch *k = &c->k[i];
    if (k->node == S_NONE) continue;
    int64_t key[2] = {k->pid, k->node};
    size_t at;
    int found = ec_map_get(&m, (const char *)key, sizeof key, &at);
    /* a clone (the executable graph's node) leads to the captured node */
    for (int hops = 0; found && v[at].orig != S_NONE && v[at].orig != key[1] && hops < 16; hops++) {
      size_t up;
      key[1] = v[at].orig;
      if (!ec_map_get(&m, (const char *)key, sizeof key, &up)) break;
      at = up;
    }
    if (!found) continue;
    int32_t w = (int32_t)c->np;
    S_probe *p = EC_PUSH(c->p, c->np, c->cap_p);
    *p = (S_probe){v[at].tid, v[at].start, v[at].end > v[at].start ? v[at].end : v[at].start, 1};
    k->where = w;
    k->via_graph = 1;
  }
  ec_map_free(&m);
  free(v);
  free(keys);
  return ok ? 0 : -1;
}

static void S_read_facts(S_cap *c) {
  S_db *d = &c->d;
  if (S_has_table(d, "CUPTI_ACTIVITY_KIND_GRAPH_TRACE")) {
    sqlite3_stmt *st = S_prep(d, "SELECT count(*), total(\"end\" - \"start\") FROM CUPTI_ACTIVITY_KIND_GRAPH_TRACE",
                              "CUPTI_ACTIVITY_KIND_GRAPH_TRACE");
    if (st && sqlite3_step(st) == SQLITE_ROW) {
      c->graph_launches = (size_t)sqlite3_column_int64(st, 0);
      c->graph_ms = sqlite3_column_double(st, 1) / 1e6;
    }
    sqlite3_finalize(st);
  }
  /* the GPU of the kernels' devices */
  if (S_has_table(d, "TARGET_INFO_GPU") && S_has_col(d, "TARGET_INFO_GPU", "name") &&
      S_has_col(d, "TARGET_INFO_GPU", "id")) {
    sqlite3_stmt *st = S_prep(d, "SELECT id, name FROM TARGET_INFO_GPU WHERE name IS NOT NULL ORDER BY id",
                              "TARGET_INFO_GPU");
    ec_buf b = {0};
    ec_map seen = {0};
    S_strs kept = {0};
    while (st && sqlite3_step(st) == SQLITE_ROW) {
      int64_t id = sqlite3_column_int64(st, 0);
      int used = 0;
      for (size_t i = 0; i < c->nk && !used; i++) used = c->k[i].device == id;
      const char *nm = (const char *)sqlite3_column_text(st, 1);
      size_t nl = (size_t)sqlite3_column_bytes(st, 1);
      if (!used || !nm || ec_map_get(&kept.map, nm, nl, NULL)) continue;
      S_intern(&kept, nm, nl);
      if (b.len) ec_buf_puts(&b, ", ");
      ec_buf_put(&b, nm, nl);
    }
    sqlite3_finalize(st);
    ec_map_free(&seen);
    S_strs_free(&kept);
    if (b.len) c->gpu = ec_buf_take(&b);
    ec_buf_free(&b);
  }
  const char *meta = S_has_table(d, "META_DATA_EXPORT") ? "META_DATA_EXPORT"
                     : S_has_table(d, "EXPORT_META_DATA") ? "EXPORT_META_DATA"
                                                          : NULL;
  if (meta && S_has_col(d, meta, "name") && S_has_col(d, meta, "value")) {
    char *sql = ec_asprintf("SELECT (SELECT value FROM \"%s\" WHERE name = 'EXPORT_PRODUCT_NAME'), "
                            "(SELECT value FROM \"%s\" WHERE name = 'EXPORT_PRODUCT_VERSION')",
                            meta, meta);
    sqlite3_stmt *st = S_prep(d, sql, meta);
    free(sql);
    if (st && sqlite3_step(st) == SQLITE_ROW && sqlite3_column_text(st, 0))
      c->tool = ec_asprintf("%s%s%s", (const char *)sqlite3_column_text(st, 0), sqlite3_column_text(st, 1) ? " " : "",
                            sqlite3_column_text(st, 1) ? (const char *)sqlite3_column_text(st, 1) : "");
    sqlite3_finalize(st);
  }
}

/* ---- the join ---- */

typedef struct S_ev {
  int64_t tid, t;
  int64_t end;        /* a range's end: of two ranges that start together the longer is outer */
  int32_t i;          /* range or launch index */
  unsigned char kind; /* 0 range, 1 launch: ranges first at one instant */
} S_ev;

static int S_cmp_ev(const void *a, const void *b) {
  const S_ev *x = a, *y = b;
  if (x->tid != y->tid) return x->tid < y->tid ? -1 : 1;
  if (x->t != y->t) return x->t < y->t ? -1 : 1;
  if (x->kind != y->kind) return x->kind < y->kind ? -1 : 1;
  if (x->end != y->end) return x->end > y->end ? -1 : 1;
  return (x->i > y->i) - (x->i < y->i);
}

/* One sweep per thread through ranges and launch calls in time order, with
 * the ranges open at each instant on a stack. launches 0: only each range's
 * parent is found; 1: each launch's innermost range, layer range and
 * iteration range. */
static void S_sweep(S_cap *c, int launches) {
  size_t ne = c->nr, cap = 0;
  for (size_t i = 0; launches && i < c->nk; i++)
    if (c->k[i].where >= 0 && c->p[c->k[i].where].set) ne++;
  S_ev *ev = ec_calloc(ne ? ne : 1, sizeof *ev);
  size_t n = 0;
  for (size_t i = 0; i < c->nr; i++) ev[n++] = (S_ev){c->r[i].tid, c->r[i].start, c->r[i].end, (int32_t)i, 0};
  for (size_t i = 0; launches && i < c->nk; i++) {
    const S_launch *k = &c->k[i];
    if (k->where >= 0 && c->p[k->where].set) ev[n++] = (S_ev){c->p[k->where].tid, c->p[k->where].start, 0, (int32_t)i, 1};
  }
  qsort(ev, n, sizeof *ev, S_cmp_ev);
  int32_t *stack = NULL;
  size_t depth = 0, last_compact = 64;
  for (size_t i = 0; i < n; i++) {
    if (i && ev[i].tid != ev[i - 1].tid) depth = 0;
    int64_t t = ev[i].t;
    while (depth && c->r[stack[depth - 1]].end < t) depth--;
    if (depth > last_compact) { /* ranges that ended under a later one (start/end ranges) */
      size_t w = 0;
      for (size_t j = 0; j < depth; j++)
        if (c->r[stack[j]].end >= t) stack[w++] = stack[j];
      depth = w;
      last_compact = depth * 2 > 64 ? depth * 2 : 64;
    }
    if (ev[i].kind == 0) {
      S_range *r = &c->r[ev[i].i];
      if (!launches) {
        for (size_t j = depth; j-- > 0;)
          if (c->r[stack[j]].end >= r->end) {
            r->parent = stack[j];
            break;
          }
      }
      *EC_PUSH(stack, depth, cap) = ev[i].i;
      continue;
    }
    S_launch *k = &c->k[ev[i].i];
    int64_t end = c->p[k->where].end;
    for (size_t j = depth; j-- > 0;) {
      const S_range *r = &c->r[stack[j]];
      if (r->start > t || r->end < end) continue;
      if (k->range < 0) k->range = stack[j];
      if (k->lrange < 0 && r->layer >= 0) k->lrange = stack[j];
      if (k->irange < 0 && r->iter) k->irange = stack[j];
    }
  }
  free(stack);
  free(ev);
}

typedef struct S_kid {
  int32_t parent;
  int32_t r;
} S_kid;

static int S_cmp_kid(const void *a, const void *b) {
  const S_kid *x = a, *y = b;
  if (x->parent != y->parent) return x->parent < y->parent ? -1 : 1;
  return (x->r > y->r) - (x->r < y->r);
}

/* Which layer each range names; two ranges of one text under one parent
 * are told apart as the loader tells layers of one name apart. */
static void S_match_ranges(S_cap *c) {
  ec_nsys_names m;
  ec_nsys_names_init(&m, c->d.e);
  long *by_text = ec_calloc(c->texts.n ? c->texts.n : 1, sizeof *by_text);
  for (size_t t = 0; t < c->texts.n; t++) by_text[t] = ec_nsys_names_layer(&m, c->texts.v[t], c->texts.len[t]);
  for (size_t i = 0; i < c->nr; i++) {
    S_range *r = &c->r[i];
    if (r->text == UINT32_MAX) continue;
    r->layer = (int32_t)by_text[r->text];
    r->iter = (unsigned char)ec_nsys_is_iteration(c->texts.v[r->text], c->texts.len[r->text]);
  }
  /* siblings in start order (ranges are read by thread and start) */
  S_kid *kids = ec_calloc(c->nr ? c->nr : 1, sizeof *kids);
  size_t nk = 0;
  for (size_t i = 0; i < c->nr; i++)
    if (c->r[i].parent >= 0 && c->r[i].text != UINT32_MAX) kids[nk++] = (S_kid){c->r[i].parent, (int32_t)i};
  qsort(kids, nk, sizeof *kids, S_cmp_kid);
  for (size_t a = 0; a < nk;) {
    size_t b = a;
    while (b < nk && kids[b].parent == kids[a].parent) b++;
    size_t g = b - a;
    if (g > 1) {
      char **names = ec_calloc(g, sizeof *names), **out = ec_calloc(g, sizeof *out);
      size_t *lens = ec_calloc(g, sizeof *lens), *olens = ec_calloc(g, sizeof *olens);
      for (size_t j = 0; j < g; j++) {
        uint32_t t = c->r[kids[a + j].r].text;
        names[j] = c->texts.v[t];
        lens[j] = c->texts.len[t];
      }
      ec_load_unique_names(names, lens, g, out, olens);
      for (size_t j = 0; j < g; j++) {
        if (!out[j]) continue;
        long li = ec_nsys_names_layer(&m, out[j], olens[j]);
        if (li >= 0) c->r[kids[a + j].r].layer = (int32_t)li;
        free(out[j]);
      }
      free(names);
      free(out);
      free(lens);
      free(olens);
    }
    a = b;
  }
  free(kids);
  free(by_text);
  ec_nsys_names_free(&m);
}

/* ---- the model ---- */

/* One launch of a layer, keyed for the sorts (the keys are in the record:
 * comparators read nothing else). */
typedef struct S_rec {
  int64_t group, inst;  /* layer (or range text); iteration instance */
  uint32_t name;
  int64_t start, end;
  size_t k;             /* launch */
} S_rec;

static int S_cmp_group_inst(const void *a, const void *b) {
  const S_rec *x = a, *y = b;
  if (x->group != y->group) return x->group < y->group ? -1 : 1;
  if (x->inst != y->inst) return x->inst < y->inst ? -1 : 1;
  if (x->start != y->start) return x->start < y->start ? -1 : 1;
  return (x->k > y->k) - (x->k < y->k);
}

static int S_cmp_group_name(const void *a, const void *b) {
  const S_rec *x = a, *y = b;
  if (x->group != y->group) return x->group < y->group ? -1 : 1;
  if (x->name != y->name) return x->name < y->name ? -1 : 1;
  if (x->inst != y->inst) return x->inst < y->inst ? -1 : 1;
  if (x->start != y->start) return x->start < y->start ? -1 : 1;
  return (x->k > y->k) - (x->k < y->k);
}

static int S_cmp_kernel_start(const void *a, const void *b) {
  const ec_kernel *x = a, *y = b;
  if (x->first_start != y->first_start) return x->first_start < y->first_start ? -1 : 1;
  return strcmp(x->name, y->name);
}

static int S_cmp_kernel_time(const void *a, const void *b) {
  const ec_kernel *x = a, *y = b;
  if (x->total_ms != y->total_ms) return x->total_ms > y->total_ms ? -1 : 1;
  if (x->first_start != y->first_start) return x->first_start < y->first_start ? -1 : 1;
  return strcmp(x->name, y->name);
}

static double S_ms(int64_t ns) { return (double)ns / 1e6; }

/* One kernel from recs[a..b) (one group and name, by instance): its sums,
 * with n_inst instances of its group (0: none, per-iteration figures NAN). */
static void S_kernel(const S_cap *c, const S_rec *recs, size_t a, size_t b, size_t n_inst, ec_kernel *out) {
  memset(out, 0, sizeof *out);
  const S_launch *f = &c->k[recs[a].k];
  out->name = ec_strndup(c->names.v[recs[a].name], c->names.len[recs[a].name]);
  out->launches = b - a;
  out->first_start = recs[a].start;
  for (int j = 0; j < 3; j++) out->grid[j] = f->grid[j], out->block[j] = f->block[j];
  out->registers = f->regs, out->static_smem = f->ssm, out->dynamic_smem = f->dsm;
  out->stream = f->stream;
  out->graph_node = f->node == S_NONE ? -1 : f->node;
  double *dur = ec_calloc(b - a, sizeof *dur);
  double *per = ec_calloc(n_inst ? n_inst : 1, sizeof *per); /* zero: an iteration it did not run in */
  int64_t total = 0;
  size_t ni = 0;
  for (size_t i = a; i < b; i++) {
    const S_launch *k = &c->k[recs[i].k];
    int64_t d = recs[i].end - recs[i].start;
    total += d;
    dur[i - a] = S_ms(d);
    if (recs[i].start < out->first_start) out->first_start = recs[i].start;
    if (i == a || recs[i].inst != recs[i - 1].inst) ni++;
    if (ni && ni <= n_inst) per[ni - 1] += S_ms(d);
    if (memcmp(k->grid, f->grid, sizeof f->grid) || memcmp(k->block, f->block, sizeof f->block))
      out->varies |= EC_KERNEL_VARIES_SHAPE;
    if (k->stream != f->stream) out->varies |= EC_KERNEL_VARIES_STREAM;
  }
  out->instances = ni;
  out->total_ms = S_ms(total);
  out->launch_median_ms = ec_nsys_median(dur, b - a);
  out->iter_mean_ms = n_inst ? out->total_ms / (double)n_inst : NAN;
  out->iter_median_ms = n_inst && ni <= n_inst ? ec_nsys_median(per, n_inst) : NAN;
  free(dur);
  free(per);
}

static void S_build(S_cap *c, ec_kernel_set *ks) {
  ec_engine *e = c->d.e;
  S_rec *rec = ec_calloc(c->nk ? c->nk : 1, sizeof *rec);
  size_t nm = 0;
  int64_t first_other = INT64_MAX;
  for (size_t i = 0; i < c->nk; i++) {
    const S_launch *k = &c->k[i];
    int64_t d = k->end - k->start;
    ks->total_ms += S_ms(d);
    if (k->lrange >= 0) {
      ks->matched++;
      ks->matched_ms += S_ms(d);
      /* an iteration of the layer: its range instance, or the graph launch that replayed it */
      int64_t inst = k->via_graph ? (int64_t)c->nr + k->call : k->lrange;
      rec[nm++] = (S_rec){c->r[k->lrange].layer, inst, k->name, k->start, k->end, i};
    } else if (k->range >= 0) {
      ks->in_other_ranges++;
      ks->in_other_ranges_ms += S_ms(d);
      if (k->start < first_other && c->r[k->range].text != UINT32_MAX) {
        first_other = k->start;
        free(ks->first_other_range);
        uint32_t t = c->r[k->range].text;
        ks->first_other_range = ec_strndup(c->texts.v[t], c->texts.len[t]);
      }
    } else {
      ks->outside_ranges++;
      ks->outside_ranges_ms += S_ms(d);
    }
    if (k->via_graph) ks->graph_attributed++;
  }
  if (!ks->first_other_range)
    for (size_t i = 0; i < c->nr; i++)
      if (c->r[i].layer < 0 && c->r[i].text != UINT32_MAX) {
        ks->first_other_range = ec_strndup(c->texts.v[c->r[i].text], c->texts.len[c->r[i].text]);
        break;
      }
  /* per layer: its iterations, their sums and spans */
  qsort(rec, nm, sizeof *rec, S_cmp_group_inst);
  for (size_t a = 0; a < nm;) {
    size_t b = a;
    while (b < nm && rec[b].group == rec[a].group) b++;
    ec_layer *l = &e->layers[rec[a].group];
    ec_layer_kernels *lk = l->kern = ec_calloc(1, sizeof *lk);
    size_t ni = 0;
    for (size_t i = a; i < b; i++)
      if (i == a || rec[i].inst != rec[i - 1].inst) ni++;
    double *sum = ec_calloc(ni, sizeof *sum);
    double span = 0;
    size_t at = 0;
    for (size_t i = a; i < b;) {
      size_t j = i;
      int64_t lo = rec[i].start, hi = rec[i].end;
      while (j < b && rec[j].inst == rec[i].inst) {
        sum[at] += S_ms(rec[j].end - rec[j].start);
        if (rec[j].start < lo) lo = rec[j].start;
        if (rec[j].end > hi) hi = rec[j].end;
        j++;
      }
      span += S_ms(hi - lo);
      at++;
      i = j;
    }
    lk->instances = ni;
    lk->launches = b - a;
    for (size_t i = 0; i < ni; i++) lk->total_ms += sum[i];
    lk->iter_mean_ms = lk->total_ms / (double)ni;
    lk->iter_median_ms = ec_nsys_median(sum, ni);
    lk->span_mean_ms = span / (double)ni;
    free(sum);
    a = b;
  }
  /* per layer and kernel name */
  qsort(rec, nm, sizeof *rec, S_cmp_group_name);
  for (size_t a = 0; a < nm;) {
    size_t b = a;
    while (b < nm && rec[b].group == rec[a].group && rec[b].name == rec[a].name) b++;
    ec_layer_kernels *lk = e->layers[rec[a].group].kern;
    lk->v = ec_reallocarray(lk->v, lk->n + 1, sizeof *lk->v);
    ec_kernel *kk = &lk->v[lk->n++];
    S_kernel(c, rec, a, b, lk->instances, kk);
    /* the innermost range, when it is not the layer's own: a sub-range */
    const S_launch *f = &c->k[rec[a].k];
    if (f->range >= 0 && f->range != f->lrange && c->r[f->range].text != UINT32_MAX)
      kk->range = ec_strndup(c->texts.v[c->r[f->range].text], c->texts.len[c->r[f->range].text]);
    a = b;
  }
  for (size_t i = 0; i < e->n_layers; i++)
    if (e->layers[i].kern) qsort(e->layers[i].kern->v, e->layers[i].kern->n, sizeof(ec_kernel), S_cmp_kernel_start);
  /* the kernels of no layer, by innermost range and name */
  nm = 0;
  for (size_t i = 0; i < c->nk; i++) {
    const S_launch *k = &c->k[i];
    if (k->lrange >= 0) continue;
    int64_t g = k->range >= 0 && c->r[k->range].text != UINT32_MAX ? (int64_t)c->r[k->range].text : -1;
    rec[nm++] = (S_rec){g, 0, k->name, k->start, k->end, i};
  }
  qsort(rec, nm, sizeof *rec, S_cmp_group_name);
  for (size_t a = 0; a < nm;) {
    size_t b = a;
    while (b < nm && rec[b].group == rec[a].group && rec[b].name == rec[a].name) b++;
    ks->other = ec_reallocarray(ks->other, ks->n_other + 1, sizeof *ks->other);
    ec_kernel *kk = &ks->other[ks->n_other++];
    S_kernel(c, rec, a, b, 0, kk);
    kk->instances = 0;
    if (rec[a].group >= 0) kk->range = ec_strndup(c->texts.v[rec[a].group], c->texts.len[rec[a].group]);
    a = b;
  }
  if (ks->n_other) qsort(ks->other, ks->n_other, sizeof *ks->other, S_cmp_kernel_time);
  /* the engine's iterations: enqueue ranges, graph launches */
  nm = 0;
  for (size_t i = 0; i < c->nk; i++) {
    const S_launch *k = &c->k[i];
    int64_t it = k->via_graph && k->lrange >= 0 ? (int64_t)c->nr + k->call : k->irange;
    if (it >= 0) rec[nm++] = (S_rec){0, it, k->name, k->start, k->end, i};
  }
  qsort(rec, nm, sizeof *rec, S_cmp_group_inst);
  double ksum = 0, span = 0;
  for (size_t i = 0; i < nm;) {
    size_t j = i;
    int64_t lo = rec[i].start, hi = rec[i].end;
    while (j < nm && rec[j].inst == rec[i].inst) {
      ksum += S_ms(rec[j].end - rec[j].start);
      if (rec[j].start < lo) lo = rec[j].start;
      if (rec[j].end > hi) hi = rec[j].end;
      j++;
    }
    span += S_ms(hi - lo);
    ks->iterations++;
    i = j;
  }
  ks->iter_kernel_ms = ks->iterations ? ksum / (double)ks->iterations : NAN;
  ks->iter_span_ms = ks->iterations ? span / (double)ks->iterations : NAN;
  free(rec);
  /* threads, streams, devices */
  ec_map seen = {0};
  int64_t *keys = ec_calloc(c->nk ? 3 * c->nk : 3, sizeof *keys);
  for (size_t i = 0; i < c->nk; i++) {
    const S_launch *k = &c->k[i];
    int64_t *kt = &keys[3 * i];
    kt[0] = 1, kt[1] = k->device, kt[2] = k->stream;
    if (ec_map_put(&seen, (const char *)kt, 3 * sizeof *kt, 0)) ks->n_streams++;
  }
  ec_map_free(&seen);
  for (size_t i = 0; i < c->nk; i++) {
    int64_t *kt = &keys[3 * i];
    kt[0] = 2, kt[1] = c->k[i].device, kt[2] = 0;
    if (ec_map_put(&seen, (const char *)kt, 3 * sizeof *kt, 0)) ks->n_devices++;
  }
  ec_map_free(&seen);
  for (size_t i = 0; i < c->nk; i++) {
    int64_t *kt = &keys[3 * i];
    const S_launch *k = &c->k[i];
    if (k->call < 0 || !c->p[k->call].set) continue;
    kt[0] = 3, kt[1] = c->p[k->call].tid, kt[2] = 0;
    if (ec_map_put(&seen, (const char *)kt, 3 * sizeof *kt, 0)) ks->n_threads++;
  }
  ec_map_free(&seen);
  free(keys);
  for (size_t i = 0; i < c->nr; i++)
    if (c->r[i].layer >= 0) ks->n_layer_ranges++;
}

/* A path as an SQLite URI that opens it read-only and immutable (nothing
 * locked, no journal looked for: the corpus may sit on a read-only disk). */
static char *S_uri(const char *path) {
  ec_buf b = {0};
  ec_buf_puts(&b, "file:");
  for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
    if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || strchr("/-._~", *p))
      ec_buf_putc(&b, (char)*p);
    else
      ec_buf_printf(&b, "%%%02X", *p);
  }
  ec_buf_puts(&b, "?mode=ro&immutable=1");
  return ec_buf_take(&b);
}

int ec_load_nsys_sqlite(ec_engine *e, const char *path) {
  S_cap c;
  memset(&c, 0, sizeof c);
  c.d.e = e;
  c.d.path = path;
  clock_gettime(CLOCK_MONOTONIC, &c.d.t0);
  char *uri = S_uri(path);
  int rc = sqlite3_open_v2(uri, &c.d.db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX, NULL);
  free(uri);
  int ok = 0;
  if (rc != SQLITE_OK) {
    ec_diag_add(&e->diags, EC_ERROR, path, 0, 0, "cannot open as SQLite: %s",
                c.d.db ? sqlite3_errmsg(c.d.db) : sqlite3_errstr(rc));
    goto out;
  }
  sqlite3_progress_handler(c.d.db, 10000, S_progress, &c.d);
  /* the first read says whether this is a database at all */
  if (S_count(&c.d, "SELECT count(*) FROM sqlite_master", "the schema") < 0) goto out;
  if (!S_has_table(&c.d, "CUPTI_ACTIVITY_KIND_KERNEL")) {
    ec_diag_add(&e->diags, EC_ERROR, path, 0, 0,
                S_has_table(&c.d, "StringIds")
                    ? "an Nsight Systems export without CUDA kernels (no CUPTI_ACTIVITY_KIND_KERNEL table): capture "
                      "with nsys profile -t cuda,nvtx"
                    : "an SQLite file, but not an Nsight Systems export (no CUPTI_ACTIVITY_KIND_KERNEL table)");
    goto out;
  }
  if (S_read_kernels(&c) || S_read_calls(&c) || S_read_ranges(&c) || S_read_nodes(&c)) goto out;
  S_read_facts(&c);
  if (c.d.timed_out) {
    S_fail(&c.d, "the tables");
    goto out;
  }
  S_sweep(&c, 0);
  S_match_ranges(&c);
  S_sweep(&c, 1);
  if (S_elapsed(&c.d) > EC_NSYS_SECONDS) {
    c.d.timed_out = 1;
    S_fail(&c.d, "the join of kernels to ranges");
    goto out;
  }
  ec_kernel_set *ks = ec_calloc(1, sizeof *ks);
  ks->path = ec_strdup(path);
  ks->format = "nsys SQLite export";
  ks->tool = c.tool, c.tool = NULL;
  ks->gpu = c.gpu, c.gpu = NULL;
  ks->launches = c.nk;
  ks->has_nvtx = c.nr > 0;
  ks->n_ranges = c.nr;
  ks->graph_launches = c.graph_launches;
  ks->graph_ms = c.graph_ms;
  ks->graph_kernels = c.graph_kernels;
  e->kernels = ks;
  S_build(&c, ks);
  ok = 1;
  ec_nsys_say(e, EC_FILE_NSYS);
  if (!c.has_nvtx_table)
    ec_diag_add(&e->diags, EC_INFO, path, 0, 0, "the export has no NVTX_EVENTS table");
out:
  sqlite3_close(c.d.db);
  S_strs_free(&c.names);
  S_strs_free(&c.texts);
  free(c.r);
  free(c.k);
  free(c.p);
  free(c.pkey);
  ec_map_free(&c.pmap);
  free(c.gpu);
  free(c.tool);
  return ok ? 0 : -1;
}
