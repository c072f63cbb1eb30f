/* graph_layout — see graph_layout.h. */
#include "render/graph_layout.h"
#include "words/words.h"
#include "util/alloc.h"
#include "render/cairo.h"
#include <cairo-pdf.h>
#include <cairo.h>
#include <errno.h>
#include <gvc.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define S_DEFAULT_TIMEOUT 10.0

struct ec_gl_job {
  pid_t pid;     /* -1 when fork failed */
  int fd;        /* read end, or -1 */
  size_t n;
  double deadline; /* monotonic seconds */
  double timeout;
  int fork_errno;
};

/* The positioned DOT text only: Graphviz keeps attribute symbols of the
 * graph last laid out in process-global variables, so rendering one graph
 * after laying out another crashes. Each rendering therefore reads the
 * text again and applies "nop2" right before drawing (milliseconds). */
struct ec_gl {
  char *dot;
  double w, h;
};

typedef struct {
  GVC_t *gvc;
  Agraph_t *g;
} S_open_t;

static int S_open(const char *dot, S_open_t *o, char **why);
static void S_close(S_open_t *o);

/* ---- captured Graphviz messages ------------------------------------------- */

/* process-wide: Graphviz reports errors through one global callback with
 * no context (agseterrf), so its messages gather here between S_err_begin
 * and S_err_take. Used by the main thread and the layout child (a process
 * of its own), never by the loading threads. */
static char S_err[1024];

static int S_errf(char *msg) {
  size_t l = strlen(S_err);
  if (l + 1 < sizeof S_err) snprintf(S_err + l, sizeof S_err - l, "%s", msg);
  return 0;
}

static void S_err_begin(void) {
  S_err[0] = 0;
  agseterr(AGERR);
  agseterrf(S_errf);
}

/* The first captured message as one trimmed line, or dflt. */
static char *S_err_take(const char *dflt) {
  char *s = S_err;
  while (*s == ' ' || *s == '\n') s++;
  size_t l = strcspn(s, "\n");
  if (!l) return ec_strdup(dflt);
  return ec_asprintf("%s: %.*s", dflt, (int)(l > 300 ? 300 : l), s);
}

static double S_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* ---- the child ------------------------------------------------------------ */

static int S_write_all(int fd, const char *p, size_t n) {
  while (n) {
    ssize_t w = write(fd, p, n);
    if (w < 0) {
      if (errno == EINTR) continue;
      return -1;
    }
    p += w;
    n -= (size_t)w;
  }
  return 0;
}

static void S_record(int fd, char kind, const char *p, size_t n) {
  char head[48];
  int hl = snprintf(head, sizeof head, "%c %zu\n", kind, n);
  if (S_write_all(fd, head, (size_t)hl) || S_write_all(fd, p, n)) _exit(3);
}

static void S_child(int fd, const char *const *dots, size_t n) {
  S_err_begin();
  GVC_t *gvc = gvContext();
  for (size_t i = 0; i < n; i++) {
    S_err[0] = 0;
    Agraph_t *g = agmemread(dots[i]);
    if (!g) {
      char *m = S_err_take("Graphviz could not read the graph");
      S_record(fd, 'E', m, strlen(m));
      continue;
    }
    if (gvLayout(gvc, g, "dot") != 0) {
      char *m = S_err_take("Graphviz could not lay out the graph");
      S_record(fd, 'E', m, strlen(m));
      agclose(g);
      continue;
    }
    char *buf = NULL;
    unsigned int len = 0;
    if (gvRenderData(gvc, g, "dot", &buf, &len) != 0 || !buf) {
      char *m = S_err_take("Graphviz could not write the laid-out graph");
      S_record(fd, 'E', m, strlen(m));
    } else {
      S_record(fd, 'L', buf, len);
    }
    if (buf) gvFreeRenderData(buf);
    gvFreeLayout(gvc, g);
    agclose(g);
  }
  /* no cleanup: the process ends here */
  _exit(0);
}

ec_gl_job *ec_gl_start(const char *const *dots, size_t n, double timeout_s) {
  ec_gl_job *j = ec_calloc(1, sizeof *j);
  j->n = n;
  j->timeout = timeout_s > 0 ? timeout_s : S_DEFAULT_TIMEOUT;
  j->deadline = S_now() + j->timeout;
  j->pid = -1;
  j->fd = -1;
  int p[2];
  if (pipe(p) != 0) {
    j->fork_errno = errno;
    return j;
  }
  fflush(NULL); /* nothing buffered is written twice */
  pid_t pid = fork();
  if (pid < 0) {
    j->fork_errno = errno;
    close(p[0]);
    close(p[1]);
    return j;
  }
  if (pid == 0) {
    close(p[0]);
    signal(SIGPIPE, SIG_DFL);
    S_child(p[1], dots, n);
  }
  close(p[1]);
  j->pid = pid;
  j->fd = p[0];
  return j;
}

void ec_gl_cancel(ec_gl_job *j) {
  if (!j) return;
  if (j->pid > 0) {
    kill(j->pid, SIGKILL);
    while (waitpid(j->pid, NULL, 0) < 0 && errno == EINTR) {
    }
  }
  if (j->fd >= 0) close(j->fd);
  free(j);
}

/* ---- the parent ----------------------------------------------------------- */

/* process-wide: one Graphviz context for the whole process (main thread). Graphviz 2.42's pango plugin
 * keeps a static pointer to the last font name it measured, and that name
 * lives in the context's font dictionary: freeing a context and creating
 * another leaves the plugin comparing against freed memory (ASan:
 * heap-use-after-free in libgvplugin_pango's strcmp). */
static GVC_t *S_ctx;

static GVC_t *S_gvc(void) {
  if (!S_ctx) S_ctx = gvContext();
  return S_ctx;
}

void ec_gl_shutdown(void) {
  if (S_ctx) gvFreeContext(S_ctx);
  S_ctx = NULL;
}

static int S_open(const char *dot, S_open_t *o, char **why) {
  S_err_begin();
  o->gvc = NULL;
  o->g = agmemread(dot);
  if (!o->g) {
    if (why) *why = S_err_take("Graphviz could not read the laid-out graph");
    return -1;
  }
  /* no page margin: the PDF device's default (36 pt) would shift the
   * drawing off the box the caller reserved */
  agattr(o->g, AGRAPH, "margin", "0");
  agset(o->g, "margin", "0");
  o->gvc = S_gvc();
  if (gvLayout(o->gvc, o->g, "nop2") != 0) {
    if (why) *why = S_err_take("Graphviz could not reuse the layout");
    agclose(o->g);
    return -1;
  }
  return 0;
}

static void S_close(S_open_t *o) {
  gvFreeLayout(o->gvc, o->g);
  agclose(o->g);
}

static ec_gl *S_adopt(const char *dot, size_t len, char **why) {
  S_err_begin();
  char *text = ec_strndup(dot, len);
  Agraph_t *g = agmemread(text);
  if (!g) {
    *why = S_err_take("Graphviz could not read the laid-out graph");
    free(text);
    return NULL;
  }
  double x0 = 0, y0 = 0, x1 = 0, y1 = 0, pad = 4;
  const char *bb = agget(g, "bb");
  if (bb) sscanf(bb, "%lf,%lf,%lf,%lf", &x0, &y0, &x1, &y1);
  const char *pd = agget(g, "pad");
  if (pd && *pd) pad = atof(pd) * 72;
  agclose(g);
  ec_gl *r = ec_calloc(1, sizeof *r);
  r->dot = text;
  r->w = x1 - x0 + 2 * pad;
  r->h = y1 - y0 + 2 * pad;
  return r;
}

size_t ec_gl_finish(ec_gl_job *j, ec_gl **out, char **why) {
  for (size_t i = 0; i < j->n; i++) out[i] = NULL;
  char *reason = NULL;
  ec_buf data = {0};
  if (j->pid < 0) {
    reason = ec_asprintf("the layout process could not start: %s", strerror(j->fork_errno));
  } else {
    int timed_out = 0;
    char chunk[65536];
    for (;;) {
      double left = j->deadline - S_now();
      if (left <= 0) {
        timed_out = 1;
        break;
      }
      struct pollfd pf = {j->fd, POLLIN, 0};
      int pr = poll(&pf, 1, (int)(left * 1000) + 1);
      if (pr < 0 && errno == EINTR) continue;
      if (pr <= 0) {
        if (pr == 0) continue; /* re-check the clock */
        break;
      }
      ssize_t r = read(j->fd, chunk, sizeof chunk);
      if (r < 0 && errno == EINTR) continue;
      if (r <= 0) break;
      ec_buf_put(&data, chunk, (size_t)r);
    }
    int status = 0;
    if (timed_out) {
      kill(j->pid, SIGKILL);
      reason = ec_asprintf("the layout took longer than " EC_GIVEN " s and was abandoned", j->timeout);
    }
    while (waitpid(j->pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (!reason && WIFSIGNALED(status))
      reason = ec_asprintf("the layout process ended on signal %d", WTERMSIG(status));
    else if (!reason && WIFEXITED(status) && WEXITSTATUS(status))
      reason = ec_asprintf("the layout process failed (exit %d)", WEXITSTATUS(status));
  }
  /* records: "L <len>\n<bytes>" or "E <len>\n<message>" */
  size_t got = 0, pos = 0;
  for (size_t i = 0; i < j->n && pos < data.len && !reason; i++) {
    char kind = data.data[pos];
    char *end;
    unsigned long long len = strtoull(data.data + pos + 1, &end, 10);
    if (*end != '\n' || (size_t)(end + 1 - data.data) + len > data.len) {
      reason = ec_strdup("the layout process wrote a truncated result");
      break;
    }
    const char *body = end + 1;
    pos = (size_t)(body - data.data) + len;
    if (kind == 'L') {
      char *w = NULL;
      out[i] = S_adopt(body, len, &w);
      if (out[i]) got++;
      else if (!reason) reason = w;
      else free(w);
    } else if (!reason) {
      reason = ec_strndup(body, len);
    }
  }
  if (got < j->n && !reason) reason = ec_strdup("the layout process ended without a result");
  ec_buf_free(&data);
  if (j->fd >= 0) close(j->fd);
  free(j);
  if (why) *why = reason;
  else free(reason);
  return got;
}

double ec_gl_width(const ec_gl *g) { return g->w; }
double ec_gl_height(const ec_gl *g) { return g->h; }

/* ---- SVG ---------------------------------------------------------------- */

static int S_starts(const char *p, const char *end, const char *lit) {
  size_t l = strlen(lit);
  return (size_t)(end - p) >= l && !memcmp(p, lit, l);
}

/* Copy an <a ...> start tag, moving xlink:title="..." into a <title>
 * child. Returns the position after the tag. */
static const char *S_anchor(const char *p, const char *end, ec_buf *o) {
  const char *gt = memchr(p, '>', (size_t)(end - p));
  if (!gt) gt = end - 1;
  const char *t = NULL, *tend = NULL;
  for (const char *q = p; q + 13 <= gt; q++)
    if (!memcmp(q, " xlink:title=\"", 14)) {
      t = q;
      tend = memchr(q + 14, '"', (size_t)(gt - (q + 14)));
      break;
    }
  if (!t || !tend) {
    ec_buf_put(o, p, (size_t)(gt + 1 - p));
    return gt + 1;
  }
  ec_buf_put(o, p, (size_t)(t - p));
  ec_buf_put(o, tend + 1, (size_t)(gt + 1 - (tend + 1)));
  ec_buf_puts(o, "<title>");
  ec_buf_put(o, t + 14, (size_t)(tend - (t + 14)));
  ec_buf_puts(o, "</title>");
  return gt + 1;
}

int ec_gl_svg(ec_gl *g, ec_buf *o, int standalone, char **why) {
  S_open_t og;
  if (S_open(g->dot, &og, why) != 0) return -1;
  char *buf = NULL;
  unsigned int len = 0;
  int rc = gvRenderData(og.gvc, og.g, "svg", &buf, &len);
  S_close(&og);
  if (rc != 0 || !buf) {
    if (buf) gvFreeRenderData(buf);
    if (why) *why = S_err_take("Graphviz could not write SVG");
    return -1;
  }
  const char *p = buf, *end = buf + len;
  const char *svg = NULL;
  for (const char *q = p; q + 4 < end; q++)
    if (!memcmp(q, "<svg", 4)) {
      svg = q;
      break;
    }
  if (!svg) {
    gvFreeRenderData(buf);
    if (why) *why = ec_strdup("Graphviz wrote no <svg> element");
    return -1;
  }
  if (standalone) ec_buf_puts(o, "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n");
  /* Names only reach this text escaped by Graphviz (no raw '<' in text or
   * attribute values), so tags can be recognised by scanning. */
  for (p = svg; p < end;) {
    if (*p != '<') {
      const char *lt = memchr(p, '<', (size_t)(end - p));
      if (!lt) lt = end;
      ec_buf_put(o, p, (size_t)(lt - p));
      p = lt;
      continue;
    }
    if (S_starts(p, end, "<!--")) {
      const char *q = p + 4;
      while (q + 3 <= end && memcmp(q, "-->", 3)) q++;
      p = q + 3 <= end ? q + 3 : end;
      while (p < end && *p == '\n') p++;
      continue;
    }
    if (S_starts(p, end, "<title>")) { /* ids only: "engine", "n3", "n3&#45;&gt;n4" */
      const char *q = p + 7;
      while (q + 8 <= end && memcmp(q, "</title>", 8)) q++;
      p = q + 8 <= end ? q + 8 : end;
      while (p < end && *p == '\n') p++;
      continue;
    }
    if (S_starts(p, end, "<a ")) {
      p = S_anchor(p, end, o);
      continue;
    }
    ec_buf_putc(o, *p++);
  }
  gvFreeRenderData(buf);
  return 0;
}

/* ---- cairo ---------------------------------------------------------------- */

/* Graphviz's "pdf:cairo" renderer ends its page with cairo_show_page and
 * cairo_surface_finish on the context's target, which would end the whole
 * report. So it draws on a subsurface covering just the drawing's box
 * (finishing a subsurface leaves its parent alone; showing a page on it
 * does nothing); drawing still goes to the PDF as vectors. The context's
 * matrix must be a translation and a positive scale. */
void ec_gl_draw(ec_gl *g, void *crp) {
  cairo_t *cr = crp;
  S_open_t og;
  if (S_open(g->dot, &og, NULL) != 0) return;
  cairo_matrix_t m;
  cairo_get_matrix(cr, &m);
  double sx = m.xx > 0 ? m.xx : 1, sy = m.yy > 0 ? m.yy : 1;
  cairo_surface_t *sub = cairo_surface_create_for_rectangle(cairo_get_target(cr), m.x0, m.y0, g->w * sx, g->h * sy);
  cairo_t *c2 = cairo_create(sub);
  cairo_scale(c2, sx, sy);
  gvRenderContext(og.gvc, og.g, "pdf:cairo", c2);
  cairo_destroy(c2);
  cairo_surface_destroy(sub);
  S_close(&og);
}

static cairo_status_t S_write(void *ud, const unsigned char *data, unsigned int len) {
  ec_buf_put(ud, data, len);
  return CAIRO_STATUS_SUCCESS;
}

int ec_gl_pdf(ec_gl *g, ec_buf *o, char **why) {
  cairo_surface_t *s = cairo_pdf_surface_create_for_stream(S_write, o, g->w > 1 ? g->w : 1, g->h > 1 ? g->h : 1);
  ec_cairo_set_dates(s); /* SOURCE_DATE_EPOCH, as every PDF */
  cairo_t *cr = cairo_create(s);
  ec_gl_draw(g, cr);
  cairo_destroy(cr);
  cairo_surface_finish(s);
  cairo_status_t st = cairo_surface_status(s);
  cairo_surface_destroy(s);
  if (st != CAIRO_STATUS_SUCCESS) {
    if (why) *why = ec_asprintf("cairo could not write the PDF: %s", cairo_status_to_string(st));
    return -1;
  }
  return 0;
}

void ec_gl_free(ec_gl *g) {
  if (!g) return;
  free(g->dot);
  free(g);
}
