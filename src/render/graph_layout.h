/* graph_layout — Graphviz layout of DOT text in a child process, with a
 * time limit, and rendering of the result as SVG (for HTML) and as vectors
 * on a cairo context (for PDF).
 *
 * Graphviz cannot be cancelled and a big graph can take minutes, so the
 * expensive part (gvLayout with "dot") runs in a forked child that writes
 * the positioned graph (DOT with pos/bb) to a pipe. The parent reads it
 * back (agmemread), applies the no-op layout "nop2" that keeps every
 * position, and renders. A child still running at its deadline is killed
 * (SIGKILL) and the graph is reported as abandoned.
 *
 * The child starts in ec_gl_start and runs while the caller does other
 * work (the report's charts); ec_gl_finish collects it. Graphviz's messages
 * are captured (agseterrf), never printed. One job may hold several graphs,
 * laid out one after the other by the same child. */
#ifndef EC_GRAPH_LAYOUT_H
#define EC_GRAPH_LAYOUT_H
#include <stddef.h>
#include "util/buf.h"

typedef struct ec_gl_job ec_gl_job;
typedef struct ec_gl ec_gl; /* a laid-out graph */

/** Fork a child that lays out each of dots[0..n) (the strings are read by
 *  the child only; the caller may free them after this returns). The
 *  deadline is timeout_s seconds from now (<= 0: 10 s). Never NULL: a
 *  failed fork is reported by ec_gl_finish. */
ec_gl_job *ec_gl_start(const char *const *dots, size_t n, double timeout_s);

/** Wait for the child until its deadline (killing it then), and read the
 *  results: out[i] is graph i or NULL. When any is NULL, *why (if why is
 *  not NULL) gets a malloc'd sentence saying why. Frees job. Returns the
 *  number of graphs laid out. */
size_t ec_gl_finish(ec_gl_job *job, ec_gl **out, char **why);

/** Kill and reap the child without reading anything; frees job. */
void ec_gl_cancel(ec_gl_job *job);

/** Size of the drawing in points (the graph's bounding box plus padding). */
double ec_gl_width(const ec_gl *g);
double ec_gl_height(const ec_gl *g);

/** Append the SVG of g to o, made safe and tidy for inlining: no XML
 *  prolog, DOCTYPE or comments, no id-only <title>s, and each tooltip as a
 *  <title> child (which browsers show) rather than xlink:title. With
 *  standalone, an XML declaration comes first (a file of its own).
 *  Returns 0, or -1 when Graphviz failed (*why if given). */
int ec_gl_svg(ec_gl *g, ec_buf *o, int standalone, char **why);

/** Draw g on a cairo context (cairo_t *) with its top-left corner at the
 *  current origin, one unit per point (the context's matrix: a translation
 *  and a positive scale). Not with gvRenderContext on cr itself: its
 *  "pdf:cairo" renderer finishes the target surface (see graph_layout.c). */
void ec_gl_draw(ec_gl *g, void *cairo_t_ptr);

/** A one-page PDF of g. Returns 0, or -1 (*why if given). */
int ec_gl_pdf(ec_gl *g, ec_buf *o, char **why);

void ec_gl_free(ec_gl *g);

/** Release the process's Graphviz context (for leak checkers; call at exit). */
void ec_gl_shutdown(void);

#endif
