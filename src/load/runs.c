/* runs — which files of a folder belong to one engine.
 *
 * A folder may hold the files of several engines: TREx's file sets
 * (resnet-fp16.engine.graph.json, resnet-int8.engine.graph.json, ...), or
 * trtexec logs of runs that built or loaded different engines (NVIDIA's
 * cookbook keeps eight runs of three engines and two models in one folder).
 * Their facts must never be mixed (a graph from one build, a profile from
 * another engine, a throughput from a third run), so the files are grouped:
 *   - a log is the run it holds (--run N, else its last "&&&& RUNNING"
 *     banner); its engine is the one it loads (--loadEngine) or saves
 *     (--saveEngine), else the model it builds (--onnx, --uff, --deploy,
 *     --model) with the flags that make a different engine from it
 *     (precisions, shapes): two runs that name one engine are one engine;
 *   - a file a run exports (--exportLayerInfo, --exportProfile,
 *     --exportTimes, by file name) belongs to that run's engine;
 *   - files named like TREx's (STEM.graph.json, STEM.profile.json,
 *     STEM.build.metadata.json, STEM.build.log, ...) belong together, and to
 *     the run whose engine is STEM;
 *   - a stored summary is an engine by itself;
 *   - any other file (a graph no run names, "layers.json") belongs to no
 *     engine in particular: with one engine in the folder it is that
 *     engine's, with several it is left out and named.
 * Union-find over the files; a group with a file of the first four kinds is
 * an engine, named after its run's engine, else its stem. Pure but for
 * reading the logs. */
#include "load/internal.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "util/file.h"
#include <stdlib.h>
#include <string.h>

/* TREx's and trtexec's file name endings: what is before is the stem. */
static const char *const S_suffixes[] = {".graph.json", ".profile.json", ".timing.json", ".profile.metadata.json",
                                         ".build.metadata.json", ".metadata.json", ".build.log", ".profile.log",
                                         ".layers.json", ".times.json"};

static const char *S_base(const char *p) {
  const char *s = strrchr(p, '/');
  return s ? s + 1 : p;
}

/* The stem of a file named STEM<suffix>, or NULL. Caller frees. */
static char *S_stem(const char *path) {
  const char *b = S_base(path);
  size_t n = strlen(b);
  for (size_t i = 0; i < sizeof S_suffixes / sizeof S_suffixes[0]; i++) {
    size_t k = strlen(S_suffixes[i]);
    if (n > k && !strcmp(b + n - k, S_suffixes[i])) return ec_strndup(b, n - k);
  }
  return NULL;
}

/* The value of "--flag=V" or "--flag V" in cmd (a token of its own), or
 * NULL; its length in *n. */
static const char *S_flag(const char *cmd, const char *flag, size_t *n) {
  size_t fl = strlen(flag);
  for (const char *p = strstr(cmd, flag); p; p = strstr(p + fl, flag)) {
    if (p != cmd && p[-1] != ' ') continue;
    const char *v = p + fl;
    if (*v == '=') v++;
    else if (*v == ' ') {
      while (*v == ' ') v++;
      if (*v == '-') continue;
    } else continue;
    const char *e = v;
    char q = 0;
    if (*v == '\'' || *v == '"') q = *v++, e = v;
    while (*e && (q ? *e != q : *e != ' ')) e++;
    *n = (size_t)(e - v);
    return v;
  }
  return NULL;
}

/* base name of v[0..n) as a new string */
static char *S_base_of(const char *v, size_t n) {
  size_t b = n;
  while (b > 0 && v[b - 1] != '/') b--;
  return ec_strndup(v + b, n - b);
}

/* The engine a run's command line is about: the one it loads or saves,
 * else the model it builds and the flags that make another engine of it.
 * NULL when it names none. Caller frees. */
static char *S_engine_key(const char *cmd) {
  size_t n;
  const char *v;
  if ((v = S_flag(cmd, "--loadEngine", &n)) && n) return S_base_of(v, n);
  if ((v = S_flag(cmd, "--saveEngine", &n)) && n) return S_base_of(v, n);
  static const char *const models[] = {"--onnx", "--uff", "--deploy", "--model"};
  for (size_t i = 0; i < sizeof models / sizeof models[0]; i++) {
    if (!(v = S_flag(cmd, models[i], &n)) || !n) continue;
    ec_buf b = {0};
    char *m = S_base_of(v, n);
    ec_buf_puts(&b, m);
    free(m);
    /* flags of a build that make a different engine of the same model */
    static const char *const bare[] = {"--best", "--bf16", "--fp16", "--fp8", "--int4", "--int8", "--noTF32",
                                       "--stronglyTyped"};
    for (size_t k = 0; k < sizeof bare / sizeof bare[0]; k++) {
      size_t bl = strlen(bare[k]);
      for (const char *p = strstr(cmd, bare[k]); p; p = strstr(p + bl, bare[k]))
        if ((p == cmd || p[-1] == ' ') && (p[bl] == '\0' || p[bl] == ' ')) {
          ec_buf_printf(&b, " %s", bare[k]);
          break;
        }
    }
    static const char *const shapes[] = {"--minShapes", "--optShapes", "--maxShapes", "--shapes"};
    for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++)
      if ((v = S_flag(cmd, shapes[k], &n))) ec_buf_printf(&b, " %s=%.*s", shapes[k], (int)n, v);
    return ec_buf_take(&b);
  }
  return NULL;
}

/* The command line of the run a log is read for (--run N among its
 * "&&&& RUNNING" banners, else the last), or NULL. Caller frees. */
static char *S_log_cmdline(const char *text, size_t len, long run) {
  const char *best = NULL, *best_end = NULL;
  long k = 0;
  for (const char *p = text; p < text + len;) {
    const char *nl = memchr(p, '\n', (size_t)(text + len - p));
    const char *le = nl ? nl : text + len;
    if (le - p > 13 && !memcmp(p, "&&&& RUNNING ", 13)) {
      k++;
      if (run <= 0 || k <= run) {
        best = p;
        best_end = le;
      }
    }
    p = nl ? nl + 1 : le;
  }
  if (!best) return NULL;
  const char *h = NULL;
  for (const char *q = best; q + 3 <= best_end; q++)
    if (!memcmp(q, " # ", 3)) {
      h = q + 3;
      break;
    }
  if (!h) return NULL;
  const char *e = best_end;
  while (e > h && (e[-1] == '\r' || e[-1] == ' ')) e--;
  return ec_strndup(h, (size_t)(e - h));
}

static size_t S_find(size_t *up, size_t i) {
  while (up[i] != i) i = up[i] = up[up[i]];
  return i;
}

static void S_union(size_t *up, size_t a, size_t b) {
  a = S_find(up, a), b = S_find(up, b);
  if (a != b) up[a > b ? a : b] = a < b ? a : b; /* the first file in order is the root */
}

size_t ec_load_group(const char *const *paths, const ec_file_kind *kinds, size_t n, long run, size_t *group_of,
                     char ***names_out) {
  size_t *up = ec_calloc(n ? n : 1, sizeof *up);
  char **key = ec_calloc(n ? n : 1, sizeof *key), **stem = ec_calloc(n ? n : 1, sizeof *stem);
  char **cmd = ec_calloc(n ? n : 1, sizeof *cmd);
  int *strong = ec_calloc(n ? n : 1, sizeof *strong);
  for (size_t i = 0; i < n; i++) {
    up[i] = i;
    if (kinds[i] == EC_FILE_UNKNOWN) continue;
    if (kinds[i] == EC_FILE_SUMMARY) {
      strong[i] = 1;
      continue;
    }
    stem[i] = S_stem(paths[i]);
    if (kinds[i] == EC_FILE_LOG) {
      size_t len;
      ec_diags d = {0};
      char *text = ec_read_file(paths[i], &len, &d);
      ec_diags_free(&d);
      if (text) cmd[i] = S_log_cmdline(text, len, run);
      free(text);
      if (cmd[i]) key[i] = S_engine_key(cmd[i]);
    }
    strong[i] = key[i] || stem[i];
  }
  for (size_t i = 0; i < n; i++) {
    if (kinds[i] == EC_FILE_UNKNOWN || kinds[i] == EC_FILE_SUMMARY) continue;
    for (size_t j = i + 1; j < n; j++) {
      if (kinds[j] == EC_FILE_UNKNOWN || kinds[j] == EC_FILE_SUMMARY) continue;
      if ((key[i] && key[j] && !strcmp(key[i], key[j])) || (stem[i] && stem[j] && !strcmp(stem[i], stem[j])) ||
          (key[i] && stem[j] && !strcmp(key[i], stem[j])) || (stem[i] && key[j] && !strcmp(stem[i], key[j])))
        S_union(up, i, j);
    }
    if (!cmd[i]) continue;
    /* the files this run exported */
    static const char *const ex[] = {"--exportLayerInfo", "--exportProfile", "--exportTimes"};
    for (size_t k = 0; k < sizeof ex / sizeof ex[0]; k++) {
      size_t vn;
      const char *v = S_flag(cmd[i], ex[k], &vn);
      if (!v || !vn) continue;
      char *b = S_base_of(v, vn);
      for (size_t j = 0; j < n; j++)
        if (j != i && kinds[j] != EC_FILE_UNKNOWN && kinds[j] != EC_FILE_SUMMARY && !strcmp(S_base(paths[j]), b)) {
          S_union(up, i, j);
          strong[j] = 1;
        }
      free(b);
    }
  }
  /* groups: roots with a strong member, in the order of their first file */
  size_t ng = 0;
  size_t *gid = ec_calloc(n ? n : 1, sizeof *gid);
  for (size_t i = 0; i < n; i++) gid[i] = (size_t)-1;
  for (size_t i = 0; i < n; i++)
    if (strong[i] && gid[S_find(up, i)] == (size_t)-1) gid[S_find(up, i)] = ng++;
  char **names = ec_calloc(ng ? ng : 1, sizeof *names);
  for (size_t i = 0; i < n; i++)
    group_of[i] = kinds[i] == EC_FILE_UNKNOWN ? (size_t)-1 : gid[S_find(up, i)];
  /* a group is named after its runs' engine (the first file's), else its
   * stem, else its file */
  for (int pass = 0; pass < 3; pass++)
    for (size_t i = 0; i < n; i++) {
      size_t g = group_of[i];
      if (g == (size_t)-1 || names[g]) continue;
      if (pass == 0 && key[i]) names[g] = ec_strdup(key[i]);
      else if (pass == 1 && stem[i]) names[g] = ec_strdup(stem[i]);
      else if (pass == 2) names[g] = ec_load_default_name(paths[i]);
    }
  for (size_t i = 0; i < n; i++) {
    free(key[i]);
    free(stem[i]);
    free(cmd[i]);
  }
  free(key);
  free(stem);
  free(cmd);
  free(strong);
  free(gid);
  free(up);
  *names_out = names;
  return ng;
}
