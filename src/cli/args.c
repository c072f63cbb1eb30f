#include "cli/cli.h"
#include "cli/options.h"
#include "util/pool.h"
#include "assemble/pdf.h"
#include "util/alloc.h"
#include "words/words.h"
#include <errno.h>
#include <signal.h>
#include <math.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

/* A number >= 0 (> 0 unless allow_zero), optionally followed by '%', given
 * to option opt of command cmd; 0, or -1 after printing a usage error. */
static int S_pct(const char *cmd, const char *opt, const char *v, double *out, int allow_zero) {
  char *end;
  errno = 0;
  double x = strtod(v, &end);
  if (end != v && *end == '%') end++;
  if (errno || end == v || *end || !isfinite(x) || x < 0 || (!allow_zero && x == 0)) {
    fprintf(stderr, "enginecard %s: %s needs a %s number, got \"%s\"\n", cmd, opt, allow_zero ? "non-negative" : "positive", v);
    return -1;
  }
  *out = x;
  return 0;
}

static int S_long(const char *s, long *out) {
  char *end;
  errno = 0;
  long v = strtol(s, &end, 10);
  if (errno || end == s || *end) return 0;
  *out = v;
  return 1;
}

/* The position of v among the space-separated words of choices, or -1. */
static int S_choice(const char *choices, const char *v) {
  size_t n = strlen(v);
  int k = 0;
  for (const char *p = choices; *p; k++) {
    size_t l = strcspn(p, " ");
    if (l == n && n && !strncmp(p, v, n)) return k;
    p += l;
    while (*p == ' ') p++;
  }
  return -1;
}

/* "a4 or letter", "x, y or z" */
static void S_choices_said(FILE *f, const char *choices) {
  for (const char *p = choices; *p;) {
    size_t l = strcspn(p, " ");
    fwrite(p, 1, l, f);
    p += l;
    while (*p == ' ') p++;
    if (*p) fputs(strchr(p, ' ') ? ", " : " or ", f);
  }
}

static void S_list_push(ec_cli_list *l, const char *v, long engine) {
  *EC_PUSH(l->v, l->n, l->cap) = v;
  size_t k = l->n - 1;
  *EC_PUSH(l->engine, k, l->engine_cap) = engine;
}

/* Option o of command cmd with value v (NULL for a flag) into the field
 * its row binds; 0, or -1 after printing a usage error. */
static int S_bind(ec_common *c, const char *cmd, const ec_option *o, const char *v) {
  char *at = (char *)c + o->field;
  const char *a = o->name;
  long n;
  double x;
  switch (o->bind) {
  case EC_BIND_NONE: break;
  case EC_BIND_FLAG: *(int *)at = o->set; break;
  case EC_BIND_WORD:
    if (!*v) {
      fprintf(stderr, "enginecard %s: %s needs a value that is not empty\n", cmd, a);
      return -1;
    }
    /* fall through */
  case EC_BIND_TEXT: *(const char **)at = v; break;
  case EC_BIND_LIST: S_list_push((ec_cli_list *)at, v, (long)c->n_engines - 1); break;
  case EC_BIND_COUNT:
  case EC_BIND_POSITIVE: {
    int pos = o->bind == EC_BIND_POSITIVE;
    if (!S_long(v, &n) || n < pos) {
      fprintf(stderr, "enginecard %s: %s needs a %s number, got \"%s\"\n", cmd, a, pos ? "positive" : "non-negative", v);
      return -1;
    }
    *(long *)at = n;
    break;
  }
  case EC_BIND_PCT: return S_pct(cmd, a, v, (double *)at, 1);
  case EC_BIND_SECONDS: {
    char *end;
    x = strtod(v, &end);
    if (end == v || *end || !(x > 0) || !isfinite(x)) {
      fprintf(stderr, "enginecard %s: %s needs a positive number of seconds, got \"%s\"\n", cmd, a, v);
      return -1;
    }
    *(double *)at = x;
    break;
  }
  case EC_BIND_CHOICE: {
    int k = S_choice(o->choices, v);
    if (k < 0) {
      fprintf(stderr, "enginecard %s: %s is ", cmd, a);
      S_choices_said(stderr, o->choices);
      fprintf(stderr, ", got \"%s\"\n", v);
      return -1;
    }
    *(int *)at = k;
    break;
  }
  case EC_BIND_METRIC:
    if (ec_metric_parse(v, (ec_metric *)at) != 0) {
      fprintf(stderr, "enginecard %s: %s is ", cmd, a);
      S_choices_said(stderr, o->choices);
      fprintf(stderr, ", got \"%s\"\n", v);
      return -1;
    }
    c->metric_given = 1;
    break;
  case EC_BIND_CONFIDENCE:
    if (S_pct(cmd, a, v, &x, 0)) return -1;
    if (x < 50 || x >= 100) {
      fprintf(stderr, "enginecard %s: %s is a percentage from 50 to below 100 (e.g. 99), got \"%s\"\n", cmd, a, v);
      return -1;
    }
    *(double *)at = x / 100;
    break;
  case EC_BIND_EXPECT: {
    char err[160];
    int k = ec_expect_parse(v, (ec_expect *)at, EC_CLI_EXPECT_MAX, err, sizeof err);
    if (k < 0) {
      fprintf(stderr, "enginecard %s: %s: ", cmd, a);
      ec_term_put_safe(stderr, err);
      return -1;
    }
    c->n_expect = (size_t)k; /* given again, it replaces the earlier value */
    break;
  }
  }
  return 0;
}

/* An option the command does not take: say which commands do. */
static void S_unknown(const char *cmd, const char *a) {
  unsigned m = ec_cli_option_cmds(a) & EC_CMD_ALL;
  if (!m) {
    fprintf(stderr, "enginecard %s: unknown option %s (see enginecard %s --help)\n", cmd, a, cmd);
    return;
  }
  fprintf(stderr, "enginecard %s: %s is not an option of %s (but of", cmd, a, cmd);
  const char *sep = " ";
  for (size_t k = 0; k < ec_n_commands; k++)
    if (m & ec_commands[k].bit) fprintf(stderr, "%s%s", sep, ec_commands[k].name), sep = ", ";
  fprintf(stderr, "; see enginecard %s --help)\n", cmd);
}

/* The values of options not given (ec_common's comments). */
static void S_defaults(ec_common *c) {
  c->fail_on = -1;
  c->radius = c->budget = -1;
  c->max_regress_pct = c->max_layer_regress_pct = c->min_layer_ms = NAN;
}

int ec_cli_parse(int argc, char **argv, int first, ec_common *c) {
  /* argv[first - 1] is the command: its options are the table's (options.h) */
  const char *cmd = first > 0 ? argv[first - 1] : "";
  const ec_command *cd = ec_command_find(cmd);
  unsigned bit = cd ? cd->bit : 0;
  S_defaults(c);
  for (int i = first; i < argc; i++) {
    const char *a = argv[i];
    if (strcmp(a, "--") == 0) {
      for (i++; i < argc; i++) *EC_PUSH(c->engines, c->n_engines, c->eng_cap) = argv[i];
      break;
    }
    if (!(a[0] == '-' && a[1])) {
      *EC_PUSH(c->engines, c->n_engines, c->eng_cap) = a;
      continue;
    }
    const ec_option *o = ec_cli_option_find(a, bit);
    if (!o) {
      S_unknown(cmd, a);
      return EC_EXIT_USAGE;
    }
    if (o->flags & EC_OPT_REMOVED) {
      fprintf(stderr, "enginecard %s: %s was removed: %s\n", cmd, a, o->help);
      return EC_EXIT_USAGE;
    }
    if (o->arg && i + 1 >= argc) {
      fprintf(stderr, "enginecard: option %s needs a value\n", a);
      return EC_EXIT_USAGE;
    }
    if (o->bind == EC_BIND_NONE) {
      /* the table lists it for this command, but nothing here handles it */
      fprintf(stderr, "enginecard %s: internal error: %s is in the option table for %s but is not handled\n", cmd, a, cmd);
      return EC_EXIT_USAGE;
    }
    if (S_bind(c, cmd, o, o->arg ? argv[i + 1] : NULL) != 0) return EC_EXIT_USAGE;
    i += o->arg ? 1 : 0;
  }
  /* what the loader reads of them */
  c->load.meta = c->meta.v;
  c->load.n_meta = c->meta.n;
  c->load.logs = c->log.v;
  c->load.n_logs = c->log.n;
  c->load.profile_index = (int)c->profile_index;
  return 0;
}

void ec_cli_gate_values(const ec_common *c, ec_metric *metric, int *metric_given, double *max_regress_pct,
                        double *confidence) {
  *metric = c->metric;
  *metric_given = c->metric_given;
  *max_regress_pct = c->max_regress_pct;
  *confidence = c->confidence;
}

static void S_list_free(ec_cli_list *l) {
  free(l->v);
  free(l->engine);
}

void ec_common_free(ec_common *c) {
  S_list_free(&c->meta);
  S_list_free(&c->log);
  S_list_free(&c->nsys);
  S_list_free(&c->labels);
  free(c->engines);
  memset(c, 0, sizeof *c);
}

void ec_cli_print_diags(const ec_engine *e, int verbosity) {
  for (size_t i = 0; i < e->diags.n; i++) {
    /* -q: errors only; default: warnings and errors; -v: notes too */
    if (e->diags.v[i].sev < (verbosity < 0 ? EC_ERROR : verbosity > 0 ? EC_INFO : EC_WARN)) continue;
    char *m = ec_diag_format(&e->diags.v[i]);
    ec_term_put_safe(stderr, m);
    free(m);
  }
}

int ec_cli_exit_for(ec_load_status st) {
  switch (st) {
  case EC_LOAD_OK: return EC_EXIT_OK;
  case EC_LOAD_NOTHING_USABLE: return EC_EXIT_NODATA;
  case EC_LOAD_BAD_INPUT:
  case EC_LOAD_SEVERAL_ENGINES:
  case EC_LOAD_IO_ERROR: return EC_EXIT_USAGE;
  }
  return EC_EXIT_USAGE;
}

/* Engines load on worker threads (util/pool.h); the loader keeps no state
 * shared between engines (see load.h). */
#define EC_LOAD_PARALLEL_BYTES ((size_t)128 << 20)
typedef struct {
  const ec_common *c;
  ec_engine **v;
  ec_load_status *r;
} S_loader;

static void S_load_one(void *ctx, size_t i) {
  S_loader *l = ctx;
  /* the --nsys files of this engine */
  ec_load_opts o = l->c->load;
  const ec_cli_list *ns = &l->c->nsys;
  const char **nsys = ec_calloc(ns->n + 1, sizeof *nsys);
  for (size_t k = 0; k < ns->n; k++) /* given before any ENGINE: the first's */
    if ((size_t)(ns->engine[k] < 0 ? 0 : ns->engine[k]) == i) nsys[o.n_nsys++] = ns->v[k];
  o.nsys = nsys;
  l->r[i] = ec_load_engine(l->c->n_engines ? l->c->engines[i] : NULL, &o, &l->v[i]);
  free(nsys);
}

ec_engine **ec_cli_load(const ec_common *c, size_t *n, int *rc) {
  size_t ne = c->n_engines ? c->n_engines : 1;
  ec_engine **v = ec_calloc(ne, sizeof *v);
  ec_load_status *res = ec_calloc(ne, sizeof *res);
  S_loader l = {c, v, res};
  /* Engines load side by side while their files stay under
   * EC_LOAD_PARALLEL_BYTES together: a parse holds about 4x its file in
   * memory, so two 100,000-layer engines (110 MB of files each) load one
   * after the other (compare: 1.0 GB peak, not 1.5) and twenty small ones
   * four at a time. */
  size_t *cost = ec_calloc(ne, sizeof *cost);
  for (size_t i = 0; i < ne && c->n_engines; i++) cost[i] = ec_load_input_bytes(c->engines[i]);
  ec_pool_run_budget(ne, S_load_one, &l, cost, EC_LOAD_PARALLEL_BYTES);
  free(cost);
  /* diagnostics in command-line order, as if loaded one by one */
  *rc = 0;
  int any_usable = 0;
  for (size_t i = 0; i < ne; i++) {
    ec_load_status st = res[i];
    ec_cli_print_diags(v[i], c->verbosity);
    int r = ec_cli_exit_for(st);
    if (r == EC_EXIT_USAGE || (r && *rc == 0)) *rc = r;
    if (ec_engine_usable(v[i])) any_usable = 1;
    if (c->strict && ec_diags_count(&v[i]->diags, EC_WARN) && *rc == 0) *rc = EC_EXIT_NODATA;
  }
  if (!any_usable && *rc == 0) *rc = EC_EXIT_NODATA;
  free(res);
  *n = ne;
  return v;
}

/* process-wide: the temporary file being written (by the main thread),
 * removed when a signal ends the process mid-write (S_guard_signals lists
 * them; the handler then ends it as the signal would). Set and cleared only
 * around the write; a forked child (the graph layout) never removes it.
 * What no handler sees (SIGKILL) S_tmp_sweep removes on the next write. */
static char S_tmp_path[4200];
static volatile sig_atomic_t S_tmp_live;
static pid_t S_tmp_owner;

static void S_on_signal(int sig) {
  if (S_tmp_live && getpid() == S_tmp_owner) unlink(S_tmp_path);
  signal(sig, SIG_DFL);
  raise(sig);
}

static void S_guard_signals(void) {
  static int done; /* process-wide: handlers are installed once, by the main thread */
  if (done) return;
  done = 1;
  /* the signals that end a process by default and that a user, a shell, a
   * timer or a limit sends: SIGXFSZ is a file size limit (ulimit -f)
   * reached by the write itself, SIGXCPU a CPU limit (ulimit -t); crashes
   * (SIGSEGV, SIGABRT, ...) are left to the sanitizers and the core dump */
  static const int sigs[] = {SIGINT,  SIGTERM, SIGHUP,    SIGQUIT, SIGXFSZ, SIGXCPU,
                             SIGPIPE, SIGALRM, SIGVTALRM, SIGPROF, SIGUSR1, SIGUSR2};
  for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
    struct sigaction old, sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = S_on_signal;
    sigemptyset(&sa.sa_mask);
    /* a signal the caller ignores (nohup) stays ignored */
    if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN) continue;
    sigaction(sigs[i], &sa, NULL);
  }
}

static void S_tmp_begin(const char *tmp) {
  size_t n = strlen(tmp);
  if (n >= sizeof S_tmp_path) return; /* too long to keep: not removed on a signal */
  memcpy(S_tmp_path, tmp, n + 1);
  S_tmp_owner = getpid();
  S_tmp_live = 1;
}

static void S_tmp_end(void) { S_tmp_live = 0; }

/* Remove what an earlier write of dest left when it was killed outright:
 * DEST.tmp.PID files in dest's folder, owned by us, whose process no longer
 * exists (kill(PID, 0) says so). A live writer's file is left alone. */
static void S_tmp_sweep(const char *dest) {
  const char *slash = strrchr(dest, '/');
  char *dir = slash ? ec_strndup(dest, slash == dest ? 1 : (size_t)(slash - dest)) : ec_strdup(".");
  const char *base = slash ? slash + 1 : dest;
  size_t bl = strlen(base);
  DIR *d = opendir(dir);
  for (struct dirent *de; d && (de = readdir(d));) {
    const char *nm = de->d_name;
    if (strncmp(nm, base, bl) != 0 || strncmp(nm + bl, ".tmp.", 5) != 0) continue;
    const char *digits = nm + bl + 5;
    char *end;
    errno = 0;
    long pid = strtol(digits, &end, 10);
    if (!*digits || *end || errno || pid <= 0 || pid == (long)getpid()) continue;
    if (kill((pid_t)pid, 0) == 0 || errno != ESRCH) continue; /* alive, or not ours to ask */
    char *p = ec_asprintf("%s/%s", dir, nm);
    struct stat st;
    if (lstat(p, &st) == 0 && S_ISREG(st.st_mode) && st.st_uid == geteuid()) unlink(p);
    free(p);
  }
  if (d) closedir(d);
  free(dir);
}

/* The new name on the disk too (best effort: not every file system can). */
static void S_sync_dir(const char *path) {
  const char *slash = strrchr(path, '/');
  char *dir = slash ? ec_strndup(path, slash == path ? 1 : (size_t)(slash - path)) : ec_strdup(".");
  int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd >= 0) {
    fsync(fd);
    close(fd);
  }
  free(dir);
}

/* All of data to fd: 0, or the errno of the failed write. */
static int S_write_all(int fd, const char *data, size_t len) {
  for (size_t done = 0; done < len;) {
    ssize_t w = write(fd, data + done, len - done);
    if (w > 0) done += (size_t)w;
    else if (w < 0 && errno == EINTR) continue;
    else return w < 0 ? errno : EIO;
  }
  return 0;
}

int ec_cli_write_file(const char *path, const char *data, size_t len, const ec_cli_out *out) {
  struct stat out_st;
  ec_engine *const *inputs = out->engines;
  size_t n_inputs = out->n_engines;
  if (stat(path, &out_st) == 0) {
    for (size_t i = 0; i < out->n_extra; i++) {
      struct stat in_st;
      if (out->extra[i] && stat(out->extra[i], &in_st) == 0 && in_st.st_dev == out_st.st_dev && in_st.st_ino == out_st.st_ino) {
        fprintf(stderr, "enginecard: %s: refusing to overwrite an input file\n", path);
        return -1;
      }
    }
    for (size_t i = 0; i < n_inputs; i++)
      for (size_t k = 0; k < inputs[i]->n_files; k++) {
        struct stat in_st;
        if (stat(inputs[i]->files[k].path, &in_st) == 0 && in_st.st_dev == out_st.st_dev &&
            in_st.st_ino == out_st.st_ino) {
          fprintf(stderr, "enginecard: %s: refusing to overwrite an input file\n", path);
          return -1;
        }
      }
  }
  /* -o onto a symlink writes the file it names (the link stays), and a
   * file that is there keeps its mode; a link another user planted where
   * anyone can is never followed (outpath.c) */
  char why[512];
  char *dest = ec_cli_out_target(path, why, sizeof why);
  if (!dest) {
    fprintf(stderr, "enginecard: %s: %s\n", path, why);
    return -1;
  }
  struct stat dst;
  int have = stat(dest, &dst) == 0;
  if (have && !S_ISREG(dst.st_mode)) {
    /* a device or FIFO (/dev/null, /dev/stdout) is written into, never
     * replaced; a directory is an error */
    int err = S_ISDIR(dst.st_mode) ? EISDIR : 0;
    int fd = err ? -1 : open(dest, O_WRONLY | O_NONBLOCK | O_CLOEXEC);
    if (!err && fd < 0) err = errno;
    if (err == ENXIO && S_ISFIFO(dst.st_mode)) { /* opened without blocking: never a hang */
      fprintf(stderr, "enginecard: %s is a FIFO with no reader; not written\n", path);
      free(dest);
      return -1;
    }
    if (fd >= 0) {
      int fl = fcntl(fd, F_GETFL);
      if (fl >= 0) fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
      err = S_write_all(fd, data, len);
      if (close(fd) != 0 && !err) err = errno;
    }
    if (err) fprintf(stderr, "enginecard: error writing %s: %s\n", path, strerror(err));
    free(dest);
    return err ? -1 : 0;
  }
  S_tmp_sweep(dest);
  char *tmp = ec_asprintf("%s.tmp.%ld", dest, (long)getpid());
  S_guard_signals();
  /* known to the handler before it exists, so no signal falls between its
   * creation and its registration (the name carries our pid: ours alone) */
  S_tmp_begin(tmp);
  /* O_EXCL: never write through a file or symlink that is already there */
  int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
  if (fd < 0) {
    int e = errno;
    S_tmp_end();
    fprintf(stderr, "enginecard: %s: cannot write: %s\n", path, strerror(e));
    free(tmp);
    free(dest);
    return -1;
  }
  if (have) fchmod(fd, dst.st_mode & 07777);
  int err = S_write_all(fd, data, len);
  /* on the disk before it takes the name: a crash leaves the old file or
   * the new one, never a short one under the real name */
  if (!err && fsync(fd) != 0 && errno != EINVAL && errno != EROFS) err = errno;
  if (close(fd) != 0 && !err) err = errno;
  if (!err && rename(tmp, dest) != 0) err = errno;
  if (err) unlink(tmp);
  S_tmp_end();
  if (err) {
    fprintf(stderr, "enginecard: error writing %s: %s\n", path, strerror(err));
    free(tmp);
    free(dest);
    return -1;
  }
  S_sync_dir(dest);
  free(tmp);
  free(dest);
  return 0;
}

ec_engine *ec_cli_one_engine(int argc, char **argv, const char *cmd, ec_common *c, int *rc) {
  *rc = ec_cli_parse(argc, argv, 2, c);
  if (*rc) {
    ec_common_free(c); /* the option arrays, on a usage error */
    return NULL;
  }
  return ec_cli_one_engine_parsed(cmd, c, rc);
}

ec_engine *ec_cli_one_engine_parsed(const char *cmd, ec_common *c, int *rc) {
  *rc = 0;
  if (c->n_engines > 1) {
    fprintf(stderr, "enginecard %s: one ENGINE at a time%s\n", cmd, strcmp(cmd, "summary") ? "" : " (use compare for several)");
    *rc = EC_EXIT_USAGE;
  }
  if (*rc) {
    ec_common_free(c); /* the option arrays, on a usage error */
    return NULL;
  }
  size_t n;
  ec_engine **es = ec_cli_load(c, &n, rc);
  ec_engine *e = es[0];
  free(es);
  return e;
}

void ec_cli_put_diags(const ec_diags *d, const char *prefix) {
  for (size_t i = 0; i < d->n; i++) {
    char *m = ec_diag_format(&d->v[i]);
    fputs(prefix, stderr);
    ec_term_put_safe(stderr, m);
    free(m);
  }
}

/* The pages of a PDF cairo wrote: its "/Type /Page" objects (not "/Pages"). */
static size_t S_pdf_pages(const char *p, size_t n) {
  size_t pages = 0;
  static const char key[] = "/Type /Page";
  for (size_t i = 0; i + sizeof key - 1 <= n; i++)
    if (p[i] == '/' && !memcmp(p + i, key, sizeof key - 1) && (i + sizeof key - 1 == n || p[i + sizeof key - 1] != 's')) pages++;
  return pages;
}

int ec_cli_write_report(const ec_report *r, const char *html, const char *pdf, const ec_pdf_opts *po,
                        ec_diags *d, const ec_cli_out *out) {
  int io = r ? 0 : -1;
  ec_buf said = {0}; /* "wrote X.html (117.8 KiB), X.pdf (P pages)" */
  if (r && html) {
    ec_buf b = {0};
    if (ec_report_html(r, &b) != 0) {
      fprintf(stderr, "enginecard: %s: the page would take up to %zu MB, over the limit of %zu MB; not written\n", html,
              ec_report_html_bound(r) >> 20, (size_t)EC_PAGE_MAX_BYTES >> 20);
      io = -1;
    } else if (ec_cli_write_file(html, b.data, b.len, out) != 0) {
      io = -1;
    } else {
      char size[32];
      ec_buf_printf(&said, "%s (%s)", html, ec_fmt_bytes(size, sizeof size, (double)b.len));
    }
    ec_buf_free(&b);
  }
  if (r && pdf) {
    ec_buf b = {0};
    static const ec_pdf_opts a4 = {0};
    if (ec_report_pdf(r, po ? po : &a4, &b, d) != 0 || ec_cli_write_file(pdf, b.data, b.len, out) != 0) {
      io = -1;
    } else {
      size_t pages = S_pdf_pages(b.data, b.len);
      ec_buf_printf(&said, "%s%s (%zu page%s)", said.len ? ", " : "", pdf, pages, ec_plural(pages, "", "s"));
    }
    ec_buf_free(&b);
  }
  ec_cli_put_diags(d, "");
  if (said.len) {
    fputs("wrote ", stderr);
    ec_term_put_safe(stderr, said.data);
  }
  ec_buf_free(&said);
  return io;
}

int ec_cli_report_files(const ec_common *c, ec_cli_report_build build, const void *what, const ec_cli_out *out) {
  if (!c->html && !c->pdf) return 0;
  ec_report_opts ro = {0};
  ro.want_html = c->html != NULL;
  ec_report r;
  ec_diags d = {0};
  int built = build(what, &ro, &r, &d) == 0;
  ec_pdf_opts po = {0};
  po.letter = c->letter;
  int rc = ec_cli_write_report(built ? &r : NULL, c->html, c->pdf, &po, &d, out);
  ec_diags_free(&d);
  ec_report_free(&r);
  return rc;
}
