/* block — a generated part of a report: what a fenced block of a template
 * (info string "chart", "table", ...) turns into. The cmark custom node that
 * replaces the fenced block points at its ec_block (cmark_node_get_user_data),
 * so the HTML writer and the PDF typesetter draw the same object. */
#ifndef EC_BLOCK_H
#define EC_BLOCK_H
#include <stddef.h>
#include "util/diag.h"
#include "view/scene.h"
#include "view/table.h"

typedef enum {
  EC_BLOCK_FIGURE = 0, /* scene (+ its data table as text alternative) */
  EC_BLOCK_TABLE,      /* a table */
  EC_BLOCK_NOTES,      /* a list of lines (warnings, findings) */
  EC_BLOCK_UNAVAILABLE, /* "Not available: why" */
  EC_BLOCK_GROUP,       /* several blocks, each with its caption as a lead-in sentence */
  EC_BLOCK_DRAWING      /* trusted generated HTML plus a cairo drawing of the same
                           picture (the engine graph): see ec_block_drawing */
} ec_block_kind;

/* Draws a DRAWING block's picture on cr with its top-left at the origin, in
 * a box of the block's width x height points (the PDF typesetter scales the
 * context to fit the page first). */
typedef void (*ec_draw_fn)(void *ctx, void *cairo_t_ptr);

typedef struct ec_block {
  ec_block_kind kind;
  ec_scene *scene;   /* FIGURE: owned */
  ec_table *table;   /* TABLE, or FIGURE's data table; owned, may be NULL */
  char *caption;     /* owned, may be NULL */
  struct ec_note {
    char *text;      /* owned */
    int sev;         /* 0 info, 1 warning, 2 error */
  } *notes;          /* NOTES */
  size_t n_notes, cap_notes;
  char *why;         /* UNAVAILABLE: owned */
  int collapsed;     /* TABLE: folded away in HTML (long reference tables) */
  char *html;        /* DRAWING: trusted HTML the generator escaped itself, owned */
  double width, height;   /* DRAWING: size of the cairo picture in points */
  ec_draw_fn draw;   /* DRAWING: NULL when there is no PDF picture */
  void *draw_ctx;    /* DRAWING: freed with draw_free */
  void (*draw_free)(void *ctx);
  struct ec_block **children; /* GROUP: owned */
  size_t n_children, cap_children;
} ec_block;

ec_block *ec_block_figure(ec_scene *scene, ec_table *data, const char *caption);
ec_block *ec_block_table(ec_table *t);
ec_block *ec_block_notes(void);
void ec_block_note(ec_block *b, int sev, const char *line);
/** A notes block of every diagnostic in d (formatted as file:line:col:
 *  message; errors are severity 2, the rest 1). */
ec_block *ec_block_notes_of(const ec_diags *d);
ec_block *ec_block_unavailable(const char *why);
ec_block *ec_block_group(void);
/** A drawing: html is copied; draw/draw_ctx/draw_free may be NULL; the
 *  block owns draw_ctx. caption may be NULL. */
ec_block *ec_block_drawing(const char *html, double width, double height, ec_draw_fn draw, void *draw_ctx,
                           void (*draw_free)(void *), const char *caption);
/** b's HTML (assemble/html.h) as a new string when want is set, else NULL:
 *  what a template's html callback returns (template.h). Caller frees. */
char *ec_block_html_if(const ec_block *b, int want);
/** Append child (ownership moves to g). */
void ec_block_add(ec_block *g, ec_block *child);
void ec_block_free(ec_block *b);

#endif
