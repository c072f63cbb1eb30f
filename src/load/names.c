/* names — display names that tell engines apart (see load.h). */
#include "load/load.h"
#include "util/alloc.h"
#include "util/buf.h"
#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* The path's components, innermost first, of its absolute form (the
 * directory resolved with realpath, so "x/m" and "../w/x/m" agree); the
 * innermost one without trtexec's suffixes. */
static size_t S_components(const char *path, char ***out) {
  char *abs = realpath(path, NULL);
  if (!abs) {
    const char *slash = strrchr(path, '/');
    char *dir = slash ? ec_strndup(path, (size_t)(slash - path) + (slash == path)) : ec_strdup(".");
    char *rd = realpath(dir, NULL);
    abs = rd ? ec_asprintf("%s/%s", rd, slash ? slash + 1 : path) : ec_strdup(path);
    free(rd);
    free(dir);
  }
  char **v = NULL;
  size_t n = 0, cap = 0;
  size_t len = strlen(abs);
  while (len > 1 && abs[len - 1] == '/') abs[--len] = '\0';
  for (char *end = abs + len; end > abs;) {
    char *b = end;
    while (b > abs && b[-1] != '/') b--;
    if (end > b) {
      char *c = ec_strndup(b, (size_t)(end - b));
      if (!n) {
        char *d = ec_load_default_name(c);
        free(c);
        c = d;
      }
      *EC_PUSH(v, n, cap) = c;
    }
    end = b > abs ? b - 1 : abs;
  }
  free(abs);
  *out = v;
  return n;
}

static const char *S_at(char **v, size_t n, size_t d) { return d < n ? v[d] : ""; }

/* The same path given twice: no part of it tells the two apart. */
static int S_same(char **a, size_t na, char **b, size_t nb) {
  if (na != nb) return 0;
  for (size_t d = 0; d < na; d++)
    if (strcmp(a[d], b[d]) != 0) return 0;
  return 1;
}

char **ec_load_distinct_names(const char *const *names, const char *const *paths, const int *explicit_name, size_t n) {
  char **nm = ec_calloc(n ? n : 1, sizeof *nm);
  for (size_t i = 0; i < n; i++) nm[i] = ec_strdup(names[i]);
  char ***comp = ec_calloc(n ? n : 1, sizeof *comp);
  size_t *nc = ec_calloc(n ? n : 1, sizeof *nc);
  char **cand = ec_calloc(n ? n : 1, sizeof *cand);
  size_t *depth = ec_calloc(n ? n : 1, sizeof *depth);
  for (size_t i = 0; i < n; i++)
    if (!explicit_name[i] && paths[i]) nc[i] = S_components(paths[i], &comp[i]);
  /* Engines named from their paths that share a name: the innermost path
   * component where each differs from all the others of its group. */
  for (size_t i = 0; i < n; i++) {
    if (explicit_name[i] || !paths[i]) continue;
    size_t maxd = nc[i];
    int clash = 0;
    for (size_t j = 0; j < n; j++)
      if (j != i && !explicit_name[j] && paths[j] && strcmp(nm[i], nm[j]) == 0 &&
          !S_same(comp[i], nc[i], comp[j], nc[j])) {
        clash = 1;
        if (nc[j] > maxd) maxd = nc[j];
      }
    if (!clash) continue;
    for (size_t d = 0; d < maxd && !cand[i]; d++) {
      int unique = 1;
      for (size_t j = 0; j < n && unique; j++)
        if (j != i && !explicit_name[j] && paths[j] && strcmp(nm[i], nm[j]) == 0 &&
            !S_same(comp[i], nc[i], comp[j], nc[j]) && strcmp(S_at(comp[i], nc[i], d), S_at(comp[j], nc[j], d)) == 0)
          unique = 0;
      if (unique && d < nc[i]) {
        cand[i] = ec_strdup(comp[i][d]);
        depth[i] = d;
      }
    }
  }
  /* Two picks may still be equal ("a" from x/a/m and from a/y/m): those
   * take the components down to the engine ("a/y"). */
  for (size_t i = 0; i < n; i++) {
    if (!cand[i]) continue;
    int dup = 0;
    for (size_t j = 0; j < n && !dup; j++)
      dup = j != i && strcmp(cand[i], cand[j] ? cand[j] : nm[j]) == 0;
    if (!dup || depth[i] < 2) continue;
    ec_buf b = {0};
    for (size_t d = depth[i];; d--) {
      ec_buf_puts(&b, comp[i][d]);
      if (d == 1) break;
      ec_buf_putc(&b, '/');
    }
    free(cand[i]);
    cand[i] = ec_buf_take(&b);
  }
  for (size_t i = 0; i < n; i++) {
    if (!cand[i]) continue;
    free(nm[i]);
    nm[i] = cand[i];
  }
  /* Whatever is still ambiguous (the same path twice) gets "#2", "#3". */
  for (size_t i = 1; i < n; i++) {
    int dup = 0;
    for (size_t k = 0; k < i; k++) dup |= strcmp(nm[k], nm[i]) == 0;
    if (!dup) continue;
    char *nn = ec_asprintf("%s#%zu", nm[i], i + 1);
    free(nm[i]);
    nm[i] = nn;
  }
  for (size_t i = 0; i < n; i++) {
    for (size_t k = 0; k < nc[i]; k++) free(comp[i][k]);
    free(comp[i]);
  }
  free(comp);
  free(nc);
  free(cand);
  free(depth);
  return nm;
}

void ec_load_name_set(ec_engine **es, const char *const *paths, const int *explicit_name, size_t n) {
  const char **cur = ec_calloc(n ? n : 1, sizeof *cur);
  for (size_t i = 0; i < n; i++) cur[i] = es[i]->name;
  char **nm = ec_load_distinct_names(cur, paths, explicit_name, n);
  for (size_t i = 0; i < n; i++) {
    free(es[i]->name);
    es[i]->name = nm[i];
  }
  free(nm);
  free(cur);
}

void ec_load_name_specs(ec_engine **es, const char *const *specs, size_t n) {
  const char **paths = ec_calloc(n ? n : 1, sizeof *paths);
  int *expl = ec_calloc(n ? n : 1, sizeof *expl);
  for (size_t i = 0; i < n; i++) {
    char *name;
    paths[i] = ec_load_spec_split(specs[i], &name);
    expl[i] = name != NULL;
    free(name);
  }
  ec_load_name_set(es, paths, expl, n);
  free(paths);
  free(expl);
}
