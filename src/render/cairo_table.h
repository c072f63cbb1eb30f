/* cairo_table — an ec_table painted on cairo pages (the PDF's tables), the
 * counterpart of render/html_table.h.
 *
 * Both writers read the same cell kinds (draw/table.h): good and bad values
 * in green and red, changed values on a yellow ground, precisions with their
 * colour chip, severities coloured, shares with a bar. Cells are plain text
 * from inputs: they go to pango as text (never markup), sanitised to valid
 * UTF-8. Long identifiers (layer names, tactics) break only where
 * ec_ident_break (util/utf8.h) allows (after / _ . + - ] and comma, before [) and never get a
 * hyphen; a column is at least as wide as its widest unbreakable piece (up
 * to 45% of the width). The table splits across pages between rows, with its
 * header row repeated. */
#ifndef EC_RENDER_CAIRO_TABLE_H
#define EC_RENDER_CAIRO_TABLE_H
#include <cairo.h>
#include <stddef.h>
#include "util/buf.h"
#include "draw/table.h"

/* The column of a page the painter fills, and how to get the next page: the
 * typesetter's state, borrowed for one call. */
typedef struct ec_cairo_flow {
  cairo_t *cr;
  void *pango_context;    /* PangoContext * set up with ec_text_setup_context */
  double x, width;        /* the column */
  double y;               /* where the next thing goes; advanced by the painter */
  double top, bottom;     /* the column's extent on every page */
  void (*new_page)(void *ud); /* ends this page and begins the next one */
  void *ud;
  size_t sub_cap; /* sub rows shown per group, when fewer than the table's own sub_cap (0: the table's) */
  int max_lines;  /* a body cell shows at most this many lines, its middle cut (0: all) */
} ec_cairo_flow;

/** Paint t at f->y, at most max_rows body rows (0: all); when rows are left
 *  out, a line under the table says how many and where they are (more, e.g.
 *  "in the HTML report"), followed by t's own note. Advances f->y. */
void ec_render_table_cairo(const ec_table *t, ec_cairo_flow *f, size_t max_rows, const char *more);

/** The lines a cell's text s wraps into at width w points (plain, regular
 *  table font), joined by '\n' into out: how the painter breaks it. */
void ec_cairo_cell_lines(const char *s, double w, ec_buf *out);

/** Font size of table text, in points. */
#define EC_TABLE_PT 7.5

#endif
