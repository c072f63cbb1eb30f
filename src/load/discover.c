/* discover — resolve an ENGINE argument to files and read them.
 *
 * ENGINE is "NAME=PATH" or PATH; PATH is a path prefix (dir/resnet.onnx.engine
 * picks up dir/resnet.onnx.engine.*), a directory holding one engine's files,
 * or any single file. Files are recognised by content, never by name. */
#define _GNU_SOURCE /* memmem */
#include "load/internal.h"
#include "words/words.h"
#include "load/nsys.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "util/file.h"
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>


/* The first max bytes of path (for recognising its content), or NULL with a
 * diagnostic; *whole is set when that is the whole file. Caller frees. */
static char *S_read_head(const char *path, size_t max, size_t *len, int *whole, ec_diags *d) {
  struct stat st;
  FILE *f = ec_open_regular(path, &st, d);
  if (!f) return NULL;
  /* a small file gets a buffer of its size, not of max */
  size_t cap = max;
  if ((unsigned long long)st.st_size < max) cap = (size_t)st.st_size + 1;
  char *buf = ec_malloc(cap + 1);
  size_t n = fread(buf, 1, cap, f);
  int err = ferror(f);
  *whole = n < cap && feof(f);
  fclose(f);
  if (err) {
    ec_diag_add(d, EC_ERROR, path, 0, 0, "read error");
    free(buf);
    return NULL;
  }
  if (n > max) n = max; /* the file grew while it was read: the head is max bytes */
  buf[n] = '\0';
  *len = n;
  return buf;
}

/* Does the window contain "key" (with quotes) before the first nesting
 * level closes? A cheap look that avoids parsing twice. */
static int S_has(const char *t, size_t len, const char *key) {
  size_t lim = len < 65536 ? len : 65536;
  return memmem(t, lim, key, strlen(key)) != NULL;
}

/* {"layer name": [0.0123, ...]} or {"layer name": [[0.0123, "time"], ...]}:
 * an object whose first member is a list starting with a number (or with a
 * list starting with a number). */
static int S_sample_map(const char *s, size_t n) {
  size_t i = 1;
#define S_WS while (i < n && (s[i] == ' ' || s[i] == '\n' || s[i] == '\r' || s[i] == '\t')) i++
  S_WS;
  if (i >= n || s[i] != '"') return 0;
  for (i++; i < n && s[i] != '"'; i++)
    if (s[i] == '\\') i++;
  if (i >= n) return 0;
  i++;
  S_WS;
  if (i >= n || s[i] != ':') return 0;
  i++;
  S_WS;
  if (i >= n || s[i] != '[') return 0;
  i++;
  S_WS;
  if (i < n && s[i] == '[') {
    i++;
    S_WS;
  }
#undef S_WS
  return i < n && ((s[i] >= '0' && s[i] <= '9') || s[i] == '-' || s[i] == '.');
}

ec_file_kind ec_sniff(const char *t, size_t len) {
  size_t i = 0;
  if (len >= 16 && memcmp(t, "SQLite format 3", 16) == 0) return EC_FILE_NSYS;
  if (len >= 3 && (unsigned char)t[0] == 0xEF && (unsigned char)t[1] == 0xBB && (unsigned char)t[2] == 0xBF) i = 3;
  while (i < len && (t[i] == ' ' || t[i] == '\n' || t[i] == '\r' || t[i] == '\t')) i++;
  if (i >= len) return EC_FILE_UNKNOWN;
  const char *s = t + i;
  size_t n = len - i;
  if (n > 10 && memcmp(s, "--- Layer ", 10) == 0) return EC_FILE_GRAPH;
  if (s[0] != '{' && ec_polygraphy_sniff(t, len)) return EC_FILE_POLYGRAPHY;
  if (s[0] == '{') {
    if (S_has(s, n, "\"enginecard.summary/")) return EC_FILE_SUMMARY;
    if (S_has(s, n, "\"Layers\"")) return EC_FILE_GRAPH;
    if (S_has(s, n, "\"performance_summary\"") || S_has(s, n, "\"inference_options\"")) return EC_FILE_PROFILE_META;
    if (S_has(s, n, "\"build_options\"") || S_has(s, n, "\"model_options\"")) return EC_FILE_BUILD_META;
    if (S_has(s, n, "\"device_information\"")) return EC_FILE_PROFILE_META;
    if (S_has(s, n, "\"LayerType\"")) return EC_FILE_GRAPH;
    if (S_has(s, n, "\"traceEvents\"")) return EC_FILE_LAYER_TIMES;
    if (S_sample_map(s, n)) return EC_FILE_LAYER_TIMES;
    return EC_FILE_UNKNOWN;
  }
  if (s[0] == '[') {
    size_t j = 1;
    while (j < n && (s[j] == ' ' || s[j] == '\n' || s[j] == '\r' || s[j] == '\t')) j++;
    if (j < n && s[j] == '{') {
      /* look only at the first record */
      size_t lim = n - j < 4096 ? n - j : 4096;
      const char *r = s + j;
      /* a Chrome trace event: {"name", "ph", "ts", "dur", ...} */
      if (S_has(r, lim, "\"ph\"") && (S_has(r, lim, "\"dur\"") || S_has(r, lim, "\"ts\""))) return EC_FILE_LAYER_TIMES;
      if (S_has(r, lim, "\"count\"") || S_has(r, lim, "\"averageMs\"")) return EC_FILE_PROFILE;
      if (S_has(r, lim, "\"latencyMs\"") || S_has(r, lim, "\"startEnqMs\"") || S_has(r, lim, "\"endToEndMs\""))
        return EC_FILE_TIMING;
      if (S_has(r, lim, "\"LayerType\"")) return EC_FILE_GRAPH;
      if (S_has(r, lim, "\"ComputeCapability\"")) return EC_FILE_DEVICE_META;
      return ec_nsys_stats_sniff(t, len) ? EC_FILE_NSYS_STATS : EC_FILE_UNKNOWN;
    }
    /* "[08/21/2022-10:00:00] [I] ..." is a log line, not a JSON array */
    return ec_log_sniff(t, len) ? EC_FILE_LOG : EC_FILE_UNKNOWN;
  }
  if (ec_log_sniff(t, len)) return EC_FILE_LOG;
  if (ec_nsys_stats_sniff(t, len)) return EC_FILE_NSYS_STATS;
  return EC_FILE_UNKNOWN;
}

/* What the file at path holds, from its head (hl bytes; whole when that is
 * the whole file). A stored summary's keys are sorted, so its "schema" comes
 * late: a summary with many bindings, warnings or options puts it past the
 * head, and the file's last 4 KiB are looked at too. */
static ec_file_kind S_sniff_file(const char *path, const char *head, size_t hl, int whole) {
  ec_file_kind k = ec_sniff(head, hl);
  if (k != EC_FILE_UNKNOWN || whole) return k;
  size_t i = 0;
  while (i < hl && (head[i] == ' ' || head[i] == '\n' || head[i] == '\r' || head[i] == '\t')) i++;
  if (i >= hl || head[i] != '{') return k;
  FILE *f = fopen(path, "rb");
  if (!f) return k;
  char tail[4097];
  size_t n = 0;
  if (fseek(f, -4096L, SEEK_END) == 0) n = fread(tail, 1, 4096, f);
  fclose(f);
  tail[n] = '\0';
  return memmem(tail, n, "\"enginecard.summary/", 20) ? EC_FILE_SUMMARY : k;
}

/* 1 when the file at path is recognised as engine data. */
static int S_sniff_ok(const char *path) {
  size_t hl;
  int whole;
  ec_diags d = {0};
  char *head = S_read_head(path, 65536, &hl, &whole, &d);
  int ok = head && S_sniff_file(path, head, hl, whole) != EC_FILE_UNKNOWN;
  free(head);
  ec_diags_free(&d);
  return ok;
}

static int S_cmp_str(const void *a, const void *b) {
  return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* 1 when the file at path reads as a stored summary. When keep is given
 * and the file was read whole, *keep gets its text (*keep_len its length;
 * the caller frees it). */
static int S_is_summary(const char *path, char **keep, size_t *keep_len) {
  size_t hl;
  int whole;
  ec_diags d = {0};
  char *head = S_read_head(path, 65536, &hl, &whole, &d);
  int yes = head && S_sniff_file(path, head, hl, whole) == EC_FILE_SUMMARY;
  if (yes && whole && keep) {
    *keep = head;
    *keep_len = hl;
    head = NULL;
  }
  free(head);
  ec_diags_free(&d);
  return yes;
}

/* The summaries under dir, depth levels of folders down (see load.h). */
static void S_find(const char *dir, int depth, char ***v, size_t *n, size_t *cap) {
  DIR *d = opendir(dir);
  if (!d) return;
  struct dirent *de;
  while ((de = readdir(d))) {
    if (de->d_name[0] == '.') continue;
    char *p = ec_asprintf("%s/%s", dir, de->d_name);
    struct stat st;
    int ok = stat(p, &st) == 0;
    if (ok && S_ISDIR(st.st_mode) && depth > 0) {
      S_find(p, depth - 1, v, n, cap);
    } else if (ok && S_ISREG(st.st_mode) && S_is_summary(p, NULL, NULL)) {
      *EC_PUSH(*v, *n, *cap) = p;
      p = NULL;
    }
    free(p);
  }
  closedir(d);
}

size_t ec_load_find_summaries(const char *dir, int depth, char ***out) {
  char **v = NULL;
  size_t n = 0, cap = 0;
  S_find(dir, depth, &v, &n, &cap);
  if (n > 1) qsort(v, n, sizeof *v, S_cmp_str);
  *out = v;
  return n;
}

/* Collect candidate files for PATH into *out (sorted). A stored summary
 * read whole while it was recognised comes back in *text (*text_len).
 * *dir_err: errno when PATH's directory (or a prefix's) could not be listed,
 * else 0 (may be NULL). */
static size_t S_candidates(const char *path, char ***out, int *is_prefix, char **text, size_t *text_len, int *dir_err) {
  struct stat st;
  size_t n = 0, cap = 0;
  char **v = NULL;
  *is_prefix = 0;
  int derr = 0;
  int exists = stat(path, &st) == 0;
  if (exists && S_ISDIR(st.st_mode)) {
    DIR *d = opendir(path);
    if (!d) derr = errno;
    if (d) {
      struct dirent *de;
      while ((de = readdir(d))) {
        if (de->d_name[0] == '.') continue;
        char *p = ec_asprintf("%s/%s", path, de->d_name);
        struct stat fs;
        if (stat(p, &fs) == 0 && S_ISREG(fs.st_mode))
          *EC_PUSH(v, n, cap) = p;
        else
          free(p);
      }
      closedir(d);
    }
  } else if (exists && S_ISREG(st.st_mode) && S_is_summary(path, text, text_len)) {
    /* a stored summary is a whole engine by itself: its siblings are not
     * searched (a folder of 10,000 nightly summaries would be listed once
     * per summary) */
    *EC_PUSH(v, n, cap) = ec_strdup(path);
  } else {
    /* prefix: siblings named PATH.<something> */
    const char *slash = strrchr(path, '/');
    char *dir = slash ? ec_strndup(path, (size_t)(slash - path) + (slash == path)) : ec_strdup(".");
    const char *base = slash ? slash + 1 : path;
    size_t bl = strlen(base);
    DIR *d = *base ? opendir(dir) : NULL;
    if (!d && *base && errno != ENOENT && errno != ENOTDIR) derr = errno;
    if (d) {
      struct dirent *de;
      while ((de = readdir(d))) {
        if (strncmp(de->d_name, base, bl) != 0 || de->d_name[bl] != '.') continue;
        char *p = slash ? ec_asprintf("%s/%s", dir, de->d_name) : ec_strdup(de->d_name);
        struct stat fs;
        if (stat(p, &fs) == 0 && S_ISREG(fs.st_mode))
          *EC_PUSH(v, n, cap) = p;
        else
          free(p);
      }
      closedir(d);
    }
    free(dir);
    if (n) *is_prefix = 1;
    if (stat(path, &st) == 0 && S_ISREG(st.st_mode)) *EC_PUSH(v, n, cap) = ec_strdup(path);
  }
  if (n > 1) qsort(v, n, sizeof *v, S_cmp_str);
  if (dir_err) *dir_err = derr;
  *out = v;
  return n;
}

char *ec_load_default_name(const char *path) {
  size_t l = strlen(path);
  while (l > 1 && path[l - 1] == '/') l--;
  size_t b = l;
  while (b > 0 && path[b - 1] != '/') b--;
  char *name = ec_strndup(path + b, l - b);
  static const char *suffixes[] = {".graph.json", ".profile.json", ".timing.json", ".profile.metadata.json",
                                   ".build.metadata.json", ".metadata.json", ".build.log", ".profile.log",
                                   ".nsys.sqlite", ".json", ".log", ".txt", ".sqlite"};
  for (size_t i = 0; i < sizeof suffixes / sizeof suffixes[0]; i++) {
    size_t nl = strlen(name), sl = strlen(suffixes[i]);
    if (nl > sl && strcmp(name + nl - sl, suffixes[i]) == 0) {
      name[nl - sl] = '\0';
      break;
    }
  }
  return name;
}

const char *ec_load_spec_split(const char *spec, char **name) {
  *name = NULL;
  struct stat st;
  const char *eq = spec ? strchr(spec, '=') : NULL;
  if (!eq || eq == spec || memchr(spec, '/', (size_t)(eq - spec)) || stat(spec, &st) == 0) return spec;
  *name = ec_strndup(spec, (size_t)(eq - spec));
  return eq + 1;
}

typedef int (*S_reader)(ec_engine *, const char *, const char *, size_t, const ec_load_opts *);

static S_reader S_reader_for(ec_file_kind k) {
  switch (k) {
  case EC_FILE_GRAPH: return ec_load_graph_text;
  case EC_FILE_PROFILE: return ec_load_profile_text;
  case EC_FILE_TIMING: return ec_load_timing_text;
  case EC_FILE_PROFILE_META:
  case EC_FILE_BUILD_META:
  case EC_FILE_DEVICE_META: return ec_load_meta_text;
  case EC_FILE_LOG: return ec_load_log_text;
  case EC_FILE_SUMMARY: return ec_load_summary_text;
  case EC_FILE_LAYER_TIMES: return ec_load_layer_times_text;
  case EC_FILE_POLYGRAPHY: return ec_load_polygraphy_text;
  default: return NULL;
  }
}

const char *ec_load_status_name(ec_load_status s) {
  switch (s) {
  case EC_LOAD_OK: return "ok";
  case EC_LOAD_BAD_INPUT: return "bad input";
  case EC_LOAD_NOTHING_USABLE: return "nothing usable";
  case EC_LOAD_IO_ERROR: return "I/O error";
  case EC_LOAD_SEVERAL_ENGINES: return "several engines";
  }
  return "?";
}

/* Diagnostics [from, to) of e were said about one discovered file that
 * could not be used. */
typedef struct S_failed {
  size_t from, to;
} S_failed;

/* 1 when e->diags[from, to) holds an error. */
static int S_errors_in(const ec_engine *e, size_t from, size_t to) {
  for (size_t i = from; i < to && i < e->diags.n; i++)
    if (e->diags.v[i].sev == EC_ERROR) return 1;
  return 0;
}

/* A discovered file failed, but the engine is usable without it: its errors
 * become warnings that say so (never "error:" with exit 0). */
static void S_demote(ec_engine *e, const S_failed *f) {
  for (size_t i = f->from; i < f->to && i < e->diags.n; i++) {
    ec_diag *g = &e->diags.v[i];
    if (g->sev != EC_ERROR) continue;
    g->sev = EC_WARN;
    char *m = ec_asprintf("%s; this file is not used", g->msg);
    free(g->msg);
    g->msg = m;
  }
}

/* Read path; if want != EC_FILE_UNKNOWN the content must be of that kind
 * (an explicit --graph that holds a profile is an error). Returns -2 when
 * the file cannot be read, -1 when it is not usable as want, else what the
 * reader returned. */
static int S_read_one(ec_engine *e, const char *path, ec_file_kind want, const ec_load_opts *o) {
  size_t len;
  char *text = ec_read_file(path, &len, &e->diags);
  if (!text) return -2;
  ec_file_kind k = ec_sniff(text, len);
  int rc = 0;
  if (want != EC_FILE_UNKNOWN && k != want &&
      !(want == EC_FILE_PROFILE_META && (k == EC_FILE_BUILD_META || k == EC_FILE_DEVICE_META)) &&
      !(want == EC_FILE_GRAPH && k == EC_FILE_POLYGRAPHY)) {
    ec_diag_add(&e->diags, EC_ERROR, path, 1, 1, "given as %s, but its content reads as %s", ec_file_kind_name(want),
                ec_file_kind_name(k));
    free(text);
    return -1;
  }
  S_reader r = S_reader_for(k);
  if (!r) {
    ec_diag_add(&e->diags, EC_INFO, path, 0, 0, "not recognised as TensorRT engine data; ignored");
    rc = 1;
  } else {
    rc = r(e, path, text, len, o);
  }
  free(text);
  return rc;
}

/* An explicit file (--graph F, --log F, ...): 1 when it could not be read
 * or used (an error was said about it). */
static int S_explicit(ec_engine *e, const char *path, ec_file_kind want, const ec_load_opts *o) {
  size_t before = e->diags.n;
  int rc = S_read_one(e, path, want, o);
  return rc == -2 || S_errors_in(e, before, e->diags.n);
}

size_t ec_load_input_bytes(const char *spec) {
  char *name = NULL;
  const char *path = ec_load_spec_split(spec, &name);
  free(name);
  if (!path) return 0;
  /* a file is its own size (a stored summary is not read a third time;
   * siblings named FILE.* are rare enough to leave out) */
  struct stat fs;
  if (stat(path, &fs) == 0 && S_ISREG(fs.st_mode)) return (size_t)fs.st_size;
  char **v = NULL, *text = NULL;
  size_t tl = 0, bytes = 0;
  int is_prefix;
  size_t n = S_candidates(path, &v, &is_prefix, &text, &tl, NULL);
  for (size_t i = 0; i < n; i++) {
    struct stat st;
    if (stat(v[i], &st) == 0) bytes += (size_t)st.st_size;
    free(v[i]);
  }
  free(v);
  free(text);
  return bytes;
}


/* What each of the files v[0..n) holds, from its head (EC_FILE_UNKNOWN when
 * it cannot be read). */
static void S_kinds_of(char *const *v, size_t n, ec_file_kind *k) {
  for (size_t i = 0; i < n; i++) {
    size_t hl;
    int whole;
    ec_diags d = {0};
    char *head = S_read_head(v[i], 65536, &hl, &whole, &d);
    k[i] = head ? S_sniff_file(v[i], head, hl, whole) : EC_FILE_UNKNOWN;
    free(head);
    ec_diags_free(&d);
  }
}

/* The regular files of directory dir, at most max of them (NULL when it
 * holds more or cannot be listed), sorted. */
static char **S_dir_files(const char *dir, size_t max, size_t *n) {
  *n = 0;
  DIR *d = opendir(dir);
  if (!d) return NULL;
  char **v = NULL;
  size_t cap = 0;
  struct dirent *de;
  while ((de = readdir(d))) {
    if (de->d_name[0] == '.') continue;
    char *p = ec_asprintf("%s/%s", dir, de->d_name);
    struct stat fs;
    if (stat(p, &fs) == 0 && S_ISREG(fs.st_mode) && *n < max) {
      *EC_PUSH(v, *n, cap) = p;
      continue;
    }
    int over = stat(p, &fs) == 0 && S_ISREG(fs.st_mode);
    free(p);
    if (over) { /* too many files to look into */
      for (size_t i = 0; i < *n; i++) free(v[i]);
      free(v);
      closedir(d);
      *n = 0;
      return NULL;
    }
  }
  closedir(d);
  if (*n > 1) qsort(v, *n, sizeof *v, S_cmp_str);
  return v;
}

/* Quote a path for a message when it holds a blank ("dir/model.onnx --fp16"). */
static char *S_shown_path(const char *dir, const char *name) {
  char *p = dir ? ec_asprintf("%s/%s", dir, name) : ec_strdup(name);
  if (!strchr(p, ' ')) return p;
  char *q = ec_asprintf("'%s'", p);
  free(p);
  return q;
}

/* Say that path holds the files of ng engines (files v[0..n), their groups
 * grp, names gn): which files each engine has and the path that picks it;
 * files tied to none are named too. */
static void S_say_several(ec_engine *e, const char *path, int is_dir, char *const *v, const size_t *grp, size_t n,
                          char *const *gn, size_t ng) {
  char *dir = NULL;
  if (is_dir) {
    size_t l = strlen(path);
    while (l > 1 && path[l - 1] == '/') l--;
    dir = ec_strndup(path, l);
  }
  else {
    const char *sl = strrchr(path, '/');
    dir = sl ? ec_strndup(path, (size_t)(sl - path)) : NULL;
  }
  ec_buf b = {0};
  for (size_t g = 0; g < ng; g++) {
    char *p = S_shown_path(dir, gn[g]);
    ec_buf_printf(&b, "%s%s", g ? ", " : "", p);
    free(p);
  }
  ec_diag_add(&e->diags, EC_ERROR, path, 0, 0,
              "the %s holds the files of %zu different %s (runs that built or loaded different engines, or "
              "several file sets); their facts are never mixed: name one engine: %s",
              is_dir ? "directory" : "prefix", ng, ec_plural(ng, "engine", "engines"), b.data ? b.data : "");
  for (size_t g = 0; g < ng; g++) {
    b.len = 0;
    for (size_t i = 0; i < n; i++)
      if (grp[i] == g) ec_buf_printf(&b, "%s%s", b.len ? ", " : "", strrchr(v[i], '/') ? strrchr(v[i], '/') + 1 : v[i]);
    char *p = S_shown_path(dir, gn[g]);
    ec_diag_add(&e->diags, EC_WARN, path, 0, 0, "engine %s: %s", p, b.data ? b.data : "");
    free(p);
  }
  b.len = 0;
  for (size_t i = 0; i < n; i++)
    if (grp[i] == (size_t)-1) ec_buf_printf(&b, "%s%s", b.len ? ", " : "", strrchr(v[i], '/') ? strrchr(v[i], '/') + 1 : v[i]);
  if (b.len)
    ec_diag_add(&e->diags, EC_WARN, path, 0, 0,
                "files no run or name ties to one of these engines (read one alone by naming it): %s", b.data);
  ec_buf_free(&b);
  free(dir);
}

/* A prefix that names an engine of its folder (DIR/model.trt when DIR's
 * runs load or save model.trt; DIR/resnet.engine for TREx's
 * resnet.engine.* files and the runs that save resnet.engine): the files of
 * that engine, in *out (returns their number; 0 when the prefix names no
 * engine, or the folder holds over 512 files). Several engines that the
 * prefix's own files belong to: diagnostics and *several set. */
static size_t S_prefix_engine(ec_engine *e, const char *path, char **sibs, size_t nsib, const ec_load_opts *o,
                              char ***out, int *several) {
  *several = 0;
  *out = NULL;
  const char *slash = strrchr(path, '/');
  char *dir = slash ? ec_strndup(path, (size_t)(slash - path) + (slash == path)) : ec_strdup(".");
  const char *base = slash ? slash + 1 : path;
  size_t nf;
  char **f = *base ? S_dir_files(dir, 512, &nf) : NULL;
  free(dir);
  if (!f) return 0;
  ec_file_kind *k = ec_calloc(nf ? nf : 1, sizeof *k);
  size_t *grp = ec_calloc(nf ? nf : 1, sizeof *grp);
  S_kinds_of(f, nf, k);
  char **gn = NULL;
  size_t ng = ec_load_group((const char *const *)f, k, nf, o ? o->run : 0, grp, &gn);
  /* the engines the prefix names: by name, or through its own files */
  int *want = ec_calloc(ng ? ng : 1, sizeof *want);
  size_t nwant = 0;
  for (size_t g = 0; g < ng; g++)
    if (!strcmp(gn[g], base)) want[g] = 1;
  for (size_t i = 0; i < nf; i++)
    for (size_t j = 0; j < nsib; j++)
      if (!strcmp(f[i], sibs[j]) && grp[i] != (size_t)-1) want[grp[i]] = 1;
  for (size_t g = 0; g < ng; g++) nwant += want[g];
  size_t n = 0, cap = 0;
  if (nwant >= 2) {
    /* only the engines asked about are listed */
    size_t *g2 = ec_calloc(nf ? nf : 1, sizeof *g2), nn = 0;
    char **gn2 = ec_calloc(ng ? ng : 1, sizeof *gn2);
    size_t *map = ec_calloc(ng ? ng : 1, sizeof *map);
    for (size_t g = 0; g < ng; g++)
      if (want[g]) map[g] = nn, gn2[nn++] = gn[g];
    char **f2 = ec_calloc(nf ? nf : 1, sizeof *f2);
    size_t n2 = 0;
    for (size_t i = 0; i < nf; i++)
      if (grp[i] != (size_t)-1 && want[grp[i]]) {
        f2[n2] = f[i];
        g2[n2++] = map[grp[i]];
      }
    S_say_several(e, path, 0, f2, g2, n2, gn2, nn);
    free(f2);
    free(g2);
    free(gn2);
    free(map);
    *several = 1;
  } else if (nwant == 1) {
    for (size_t i = 0; i < nf; i++) {
      int sib = 0;
      for (size_t j = 0; j < nsib && !sib; j++) sib = !strcmp(f[i], sibs[j]);
      if ((grp[i] != (size_t)-1 && want[grp[i]]) || sib) {
        *EC_PUSH(*out, n, cap) = f[i];
        f[i] = NULL;
      }
    }
  }
  for (size_t i = 0; i < nf; i++) free(f[i]);
  for (size_t g = 0; g < ng; g++) free(gn[g]);
  free(gn);
  free(f);
  free(k);
  free(grp);
  free(want);
  return n;
}

/* Subfolders of dir that hold engine files (a folder of engine folders), as
 * "dir/a, dir/b"; NULL when none. */
static char *S_engine_subdirs(const char *dir) {
  DIR *d = opendir(dir);
  if (!d) return NULL;
  char **v = NULL;
  size_t n = 0, cap = 0;
  struct dirent *de;
  while ((de = readdir(d)) && n < 1000) {
    if (de->d_name[0] == '.') continue;
    char *p = ec_asprintf("%s/%s", dir, de->d_name);
    struct stat st;
    size_t nf = 0;
    char **f = stat(p, &st) == 0 && S_ISDIR(st.st_mode) ? S_dir_files(p, 512, &nf) : NULL;
    int has = 0;
    if (f) {
      ec_file_kind *k = ec_calloc(nf ? nf : 1, sizeof *k);
      S_kinds_of(f, nf, k);
      for (size_t i = 0; i < nf; i++) has |= k[i] != EC_FILE_UNKNOWN;
      for (size_t i = 0; i < nf; i++) free(f[i]);
      free(f);
      free(k);
    }
    if (has) *EC_PUSH(v, n, cap) = p;
    else free(p);
  }
  closedir(d);
  if (!n) return NULL;
  qsort(v, n, sizeof *v, S_cmp_str);
  ec_buf b = {0};
  for (size_t i = 0; i < n; i++) {
    ec_buf_printf(&b, "%s%s", i ? ", " : "", v[i]);
    free(v[i]);
  }
  free(v);
  return ec_buf_take(&b);
}

/* Kernel data alone is usable: the error finishing said before the kernels
 * were read (diagnostics from index from on) goes. */
static void S_drop_unusable(ec_engine *e, size_t from) {
  for (size_t i = from; i < e->diags.n; i++) {
    ec_diag *g = &e->diags.v[i];
    if (g->sev != EC_ERROR || g->file || strncmp(g->msg, "no usable engine data", 21) != 0) continue;
    free(g->msg);
    memmove(g, g + 1, (e->diags.n - i - 1) * sizeof *g);
    e->diags.n--;
    break;
  }
}

/* The Nsight Systems files of an engine: SQLite exports and stats reports. */
typedef struct S_nsys_files {
  char **sql, **stats;
  size_t n_sql, cap_sql, n_stats, cap_stats;
} S_nsys_files;

static void S_nsys_add(S_nsys_files *f, const char *path, ec_file_kind k) {
  if (k == EC_FILE_NSYS) *EC_PUSH(f->sql, f->n_sql, f->cap_sql) = ec_strdup(path);
  else *EC_PUSH(f->stats, f->n_stats, f->cap_stats) = ec_strdup(path);
}

static void S_nsys_free(S_nsys_files *f) {
  for (size_t i = 0; i < f->n_sql; i++) free(f->sql[i]);
  for (size_t i = 0; i < f->n_stats; i++) free(f->stats[i]);
  free(f->sql);
  free(f->stats);
}

/* --nsys FILE: recognised by content; 1 when it is neither kind (said). */
static int S_nsys_explicit(ec_engine *e, S_nsys_files *f, const char *path) {
  size_t hl;
  int whole;
  char *head = S_read_head(path, 65536, &hl, &whole, &e->diags);
  if (!head) return 1;
  ec_file_kind k = ec_sniff(head, hl);
  free(head);
  if (k != EC_FILE_NSYS && k != EC_FILE_NSYS_STATS) {
    ec_diag_add(&e->diags, EC_ERROR, path, 1, 1,
                "given as an Nsight Systems export (--nsys), but its content reads as %s (expected an nsys export "
                "--type sqlite file, or nsys stats --format csv|json reports)",
                ec_file_kind_name(k));
    return 1;
  }
  S_nsys_add(f, path, k);
  return 0;
}

/* Read the Nsight Systems files: the first SQLite export, else the stats
 * reports together. 0, or -1 when what was read is unusable (said). */
static int S_nsys_read(ec_engine *e, const S_nsys_files *f) {
  if (f->n_sql) {
    for (size_t i = 1; i < f->n_sql; i++)
      ec_diag_add(&e->diags, EC_WARN, f->sql[i], 0, 0, "another Nsight Systems export is read (%s); this one is not used",
                  f->sql[0]);
    for (size_t i = 0; i < f->n_stats; i++)
      ec_diag_add(&e->diags, EC_INFO, f->stats[i], 0, 0, "nsys stats report not used: the SQLite export %s has every kernel",
                  f->sql[0]);
    return ec_load_nsys_sqlite(e, f->sql[0]);
  }
  if (f->n_stats) return ec_load_nsys_stats(e, (const char *const *)f->stats, f->n_stats);
  return 0;
}

ec_load_status ec_load_engine(const char *spec, const ec_load_opts *o, ec_engine **out) {
  static const ec_load_opts none = {0};
  if (!o) o = &none;
  char *name = NULL;
  const char *path = ec_load_spec_split(spec, &name);
  /* no ENGINE argument: the stem of the first file an option names */
  const char *first = path                ? path
                      : o->graph          ? o->graph
                      : o->profile        ? o->profile
                      : o->timing         ? o->timing
                      : o->n_meta         ? o->meta[0]
                      : o->n_logs         ? o->logs[0]
                      : o->n_nsys         ? o->nsys[0]
                                          : NULL;
  if (!name) name = first ? ec_load_default_name(first) : ec_strdup("engine");
  ec_engine *e = ec_engine_new(name);
  free(name);
  *out = e;

  ec_file_kind skip[4];
  size_t nskip = 0;
  if (o->graph) skip[nskip++] = EC_FILE_GRAPH;
  if (o->profile) skip[nskip++] = EC_FILE_PROFILE;
  if (o->timing) skip[nskip++] = EC_FILE_TIMING;
  int explicit_any = o->graph || o->profile || o->timing || o->n_meta || o->n_logs || o->n_nsys;
  /* Nsight Systems files are read last, once the layers are final */
  S_nsys_files nf = {0};
  int io_error = 0;      /* something that exists could not be read */
  int missing = 0;       /* the ENGINE argument names nothing */
  int bad_explicit = 0;  /* a file named by an option is unusable */
  int several = 0;       /* the path holds the files of several engines */
  S_failed *failed = NULL;
  size_t n_failed = 0, cap_failed = 0;

  /* Explicit files first: they win. */
  if (o->graph) bad_explicit |= S_explicit(e, o->graph, EC_FILE_GRAPH, o);
  if (o->profile) bad_explicit |= S_explicit(e, o->profile, EC_FILE_PROFILE, o);
  if (o->timing) bad_explicit |= S_explicit(e, o->timing, EC_FILE_TIMING, o);
  for (size_t i = 0; i < o->n_meta; i++) bad_explicit |= S_explicit(e, o->meta[i], EC_FILE_PROFILE_META, o);

  if (path && *path) {
    char **c = NULL;
    int is_prefix;
    char *pre = NULL;
    size_t pre_len = 0;
    int dir_err = 0;
    size_t nc = S_candidates(path, &c, &is_prefix, &pre, &pre_len, &dir_err);
    struct stat st;
    int is_dir = stat(path, &st) == 0 && S_ISDIR(st.st_mode);
    int exists_file = !is_dir && stat(path, &st) == 0 && S_ISREG(st.st_mode);
    /* a prefix that names an engine of its folder: that engine's files
     * (a file that exists is read alone, unless it is no engine data: an
     * engine binary names its engine's files) */
    if (!is_dir && !pre && (is_prefix || !exists_file || !S_sniff_ok(path))) {
      char **pe = NULL;
      size_t npe = S_prefix_engine(e, path, c, nc, o, &pe, &several);
      if (npe || several) {
        for (size_t i = 0; i < nc; i++) free(c[i]);
        free(c);
        c = pe;
        nc = npe;
        is_prefix = 1;
      }
    }
    if (several) {
      /* nothing is read: said above */
    } else if (nc == 0 && dir_err) {
      /* an unreadable directory is not an empty one (EACCES: "Permission denied") */
      ec_diag_add(&e->diags, EC_ERROR, path, 0, 0, "cannot read the %sdirectory: %s", is_dir ? "" : "prefix's ",
                  strerror(dir_err));
      missing = 1;
    } else if (nc == 0 && is_dir) {
      char *sub = S_engine_subdirs(path);
      if (sub)
        ec_diag_add(&e->diags, EC_ERROR, path, 0, 0,
                    "the directory holds no files, but its folders hold engines: name one (or several): %s", sub);
      else
        ec_diag_add(&e->diags, EC_ERROR, path, 0, 0,
                    "the directory holds no files (expected a graph, profile, timing, metadata or trtexec log)");
      if (sub) several = 1;
      free(sub);
    } else if (nc == 0 && stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
      /* a FIFO, socket or device: never opened (a FIFO would block) */
      ec_diag_add(&e->diags, EC_ERROR, path, 0, 0, "not a regular file%s", S_ISFIFO(st.st_mode) ? " (a FIFO)" : "");
      missing = 1;
    } else if (nc == 0) {
      ec_diag_add(&e->diags, EC_ERROR, path, 0, 0, "no such file, directory or file prefix");
      missing = 1;
    }
    /* Recognise each file from its first 64 KiB, then read and parse one
     * file at a time, graphs first (their layers are needed by the rest). */
    ec_file_kind *kinds = ec_calloc(nc ? nc : 1, sizeof *kinds);
    int *readable = ec_calloc(nc ? nc : 1, sizeof *readable);
    char **small = ec_calloc(nc ? nc : 1, sizeof *small); /* files read whole with their head */
    size_t *small_len = ec_calloc(nc ? nc : 1, sizeof *small_len);
    size_t recognised = 0;
    for (size_t i = 0; i < nc; i++) {
      size_t hl, before = e->diags.n;
      int whole = 1;
      char *head = pre && i == 0 ? pre : S_read_head(c[i], 65536, &hl, &whole, &e->diags);
      if (pre && head == pre) hl = pre_len, pre = NULL, whole = 2;
      readable[i] = head != NULL;
      /* the summary S_candidates recognised needs no second look */
      kinds[i] = whole == 2 ? EC_FILE_SUMMARY : head ? S_sniff_file(c[i], head, hl, whole) : EC_FILE_UNKNOWN;
      if (kinds[i] != EC_FILE_UNKNOWN) recognised++;
      if (!head) {
        io_error = 1;
        *EC_PUSH(failed, n_failed, cap_failed) = (S_failed){before, e->diags.n};
      }
      if (head && whole && kinds[i] != EC_FILE_UNKNOWN) {
        small[i] = head;
        small_len[i] = hl;
      } else {
        free(head);
      }
    }
    /* the files of several engines are never read as one */
    if (!several && nc > 1) {
      size_t *grp = ec_calloc(nc, sizeof *grp);
      char **gn = NULL;
      size_t ng = ec_load_group((const char *const *)c, kinds, nc, o->run, grp, &gn);
      if (ng >= 2) {
        S_say_several(e, path, is_dir, c, grp, nc, gn, ng);
        several = 1;
      }
      for (size_t g = 0; g < ng; g++) free(gn[g]);
      free(gn);
      free(grp);
    }
    if (several)
      for (size_t i = 0; i < nc; i++) readable[i] = 0;
    static const ec_file_kind order[] = {EC_FILE_GRAPH,        EC_FILE_POLYGRAPHY, EC_FILE_PROFILE,    EC_FILE_LAYER_TIMES,
                                         EC_FILE_TIMING,       EC_FILE_PROFILE_META, EC_FILE_BUILD_META,
                                         EC_FILE_DEVICE_META,  EC_FILE_LOG,          EC_FILE_SUMMARY};
    for (size_t p = 0; p < sizeof order / sizeof order[0]; p++)
      for (size_t i = 0; i < nc; i++) {
        if (p == 0 && readable[i] && (kinds[i] == EC_FILE_NSYS || kinds[i] == EC_FILE_NSYS_STATS)) {
          if (o->n_nsys)
            ec_diag_add(&e->diags, EC_INFO, c[i], 0, 0, "%s file skipped: an explicit option names another",
                        ec_file_kind_name(kinds[i]));
          else
            S_nsys_add(&nf, c[i], kinds[i]);
        }
        if (!readable[i] || kinds[i] != order[p]) continue;
        int skipped = 0;
        for (size_t s = 0; s < nskip; s++)
          if (kinds[i] == skip[s]) skipped = 1;
        if (skipped) {
          ec_diag_add(&e->diags, EC_INFO, c[i], 0, 0, "%s file skipped: an explicit option names another",
                      ec_file_kind_name(kinds[i]));
          continue;
        }
        size_t len = small_len[i], before = e->diags.n;
        char *text = small[i] ? small[i] : ec_read_file(c[i], &len, &e->diags);
        small[i] = NULL;
        if (!text) io_error = 1;
        else S_reader_for(kinds[i])(e, c[i], text, len, o);
        free(text);
        if (S_errors_in(e, before, e->diags.n)) *EC_PUSH(failed, n_failed, cap_failed) = (S_failed){before, e->diags.n};
      }
    for (size_t i = 0; i < nc; i++) {
      if (readable[i] && kinds[i] == EC_FILE_UNKNOWN && (!is_prefix || nc > 1))
        ec_diag_add(&e->diags, EC_INFO, c[i], 0, 0, "not recognised as TensorRT engine data; ignored");
      else if (readable[i] && kinds[i] == EC_FILE_UNKNOWN)
        ec_diag_add(&e->diags, EC_WARN, c[i], 1, 1, "not recognised as TensorRT engine data (graph, profile, timing, metadata or trtexec log)");
      free(c[i]);
    }
    if (is_dir && nc > 0 && recognised == 0 && !several)
      ec_diag_add(&e->diags, EC_ERROR, path, 0, 0,
                  "the directory holds no engine files: none of its %zu %s is a graph, profile, timing, metadata "
                  "or trtexec log", nc, ec_plural(nc, "file", "files"));
    for (size_t i = 0; i < nc; i++) free(small[i]);
    free(small);
    free(small_len);
    free(readable);
    free(kinds);
    free(c);
  } else if (!explicit_any) {
    ec_diag_add(&e->diags, EC_ERROR, NULL, 0, 0, "no engine given");
    missing = 1;
  }
  /* Logs given with --log are read after the JSON so JSON values win. */
  for (size_t i = 0; i < o->n_logs; i++) bad_explicit |= S_explicit(e, o->logs[i], EC_FILE_LOG, o);
  size_t at_finish = e->diags.n;
  ec_load_finish(e, o);
  for (size_t i = 0; i < o->n_nsys; i++) bad_explicit |= S_nsys_explicit(e, &nf, o->nsys[i]);
  {
    size_t before = e->diags.n;
    int rc = S_nsys_read(e, &nf);
    if (rc && o->n_nsys) bad_explicit = 1;
    else if (S_errors_in(e, before, e->diags.n)) *EC_PUSH(failed, n_failed, cap_failed) = (S_failed){before, e->diags.n};
  }
  S_nsys_free(&nf);
  if (e->kernels && ec_engine_usable(e)) S_drop_unusable(e, at_finish);
  for (size_t i = 0; i < o->n_labels; i++) {
    const char *eq = strchr(o->labels[i], '=');
    if (!eq) continue;
    char *key = ec_strndup(o->labels[i], (size_t)(eq - o->labels[i]));
    ec_kvs_set(&e->labels, key, eq + 1);
    free(key);
  }
  int usable = ec_engine_usable(e);
  if (usable) {
    for (size_t i = 0; i < n_failed; i++) S_demote(e, &failed[i]);
  } else {
    /* Say what each file was taken for: notes become warnings, and the
     * final error names the ENGINE argument. */
    for (size_t i = 0; i < e->diags.n; i++) {
      ec_diag *g = &e->diags.v[i];
      if (g->sev == EC_INFO && strstr(g->msg, "not recognised")) {
        g->sev = EC_WARN;
        if (!g->line) g->line = g->col = 1;
      }
      if (!g->file && path && strncmp(g->msg, "no usable engine data", 21) == 0) g->file = ec_strdup(path);
    }
  }
  free(failed);
  if (several) {
    /* the "no usable engine data" error adds nothing to the list above */
    for (size_t i = 0; i < e->diags.n; i++)
      if (e->diags.v[i].sev == EC_ERROR && !strncmp(e->diags.v[i].msg, "no usable engine data", 21))
        e->diags.v[i].sev = EC_INFO;
    return EC_LOAD_SEVERAL_ENGINES;
  }
  if (missing) return EC_LOAD_IO_ERROR;
  if (bad_explicit) return EC_LOAD_BAD_INPUT;
  if (!usable) return io_error ? EC_LOAD_IO_ERROR : EC_LOAD_NOTHING_USABLE;
  return EC_LOAD_OK;
}
