/* block — a generated part of a report: what a fenced block of a template
 * (info string "chart", "table", ...) turns into. The cmark custom node that
 * replaces the fenced block points at its ec_block (cmark_node_get_user_data),
 * so the HTML writer and the PDF typesetter draw the same object. */
#ifndef EC_BLOCK_H
#define EC_BLOCK_H
#include <stddef.h>
#include "util/diag.h"
#include "draw/scene.h"
#include "draw/table.h"

/* A chart's phone drawing (ec_block.narrow) is this many scene units wide:
 * 300 units in about 390 px keep 10-unit text at 13 px (assets/report.css
 * shows it at 760 px and narrower). */
#define EC_NARROW_UNITS 300.0

/* A chart's PDF drawing (ec_block.pdf) is this many scene units wide: the
 * A4 column (595 pt less two 50-pt margins; letter's is wider), so the PDF
 * draws it unscaled and its text keeps its size in points. */
#define EC_PDF_UNITS 495.0

typedef enum {
  EC_BLOCK_FIGURE = 0, /* scene (+ its data table as text alternative) */
  EC_BLOCK_TABLE,      /* a table */
  EC_BLOCK_NOTES,      /* a list of lines (warnings, findings) */
  EC_BLOCK_UNAVAILABLE, /* "Not available: why" */
  EC_BLOCK_GROUP,       /* several blocks, each with its caption as a lead-in sentence */
  EC_BLOCK_DRAWING,     /* trusted generated HTML plus a cairo drawing of the same
                           picture (the engine graph): see ec_block_drawing */
  EC_BLOCK_TEXT,        /* a sentence (a chart with one category says it in words),
                           optionally a link to an anchor of the page */
  EC_BLOCK_TILES,       /* headline figures: label, value, detail, optional link */
  EC_BLOCK_MARK         /* a template's "<!-- pdf: detail -->" (role: EC_MARK_*): shows nothing */
} ec_block_kind;

typedef struct ec_tile {
  char *label;  /* owned: "GPU compute time (median)" */
  char *value;  /* owned: "0.8622 ms", or "not available" */
  char *detail; /* owned, may be NULL: "p99 0.8706 ms; timing.json, 3,698 iterations" */
  char *link;   /* owned, may be NULL: "#e1-warnings" */
} ec_tile;

/* Draws a DRAWING block's picture on cr with its top-left at the origin, in
 * a box of the block's width x height points (the PDF typesetter scales the
 * context to fit the page first). */
typedef void (*ec_draw_fn)(void *ctx, void *cairo_t_ptr);

typedef struct ec_block {
  ec_block_kind kind;
  ec_scene *scene;   /* FIGURE: owned */
  char *badge;       /* TEXT: a label shown as a badge after the text (owned, may be NULL) */
  ec_scene *narrow;  /* FIGURE: the same chart drawn for a phone's width (HTML only), owned, may be NULL */
  ec_scene *pdf;     /* FIGURE: the same chart drawn for the PDF's column (PDF only, instead of scene),
                        owned, may be NULL */
  ec_table *table;   /* TABLE, or FIGURE's data table; owned, may be NULL */
  char *caption;     /* owned, may be NULL */
  struct ec_note {
    char *text;      /* owned */
    int sev;         /* 0 info, 1 warning, 2 error */
  } *notes;          /* NOTES */
  size_t n_notes, cap_notes;
  char *why;         /* UNAVAILABLE: owned */
  int collapsed;     /* TABLE: folded away in HTML (long reference tables) */
  int table_html_only; /* FIGURE: its data table only in the HTML (the chart labels every value) */
  int brief_no_table;  /* FIGURE: its data table left out of the PDF brief, a line says where it is
                          (a template's "brief-table: no") */
  int fold;          /* TABLE: folded in the HTML under its caption (the summary); the PDF leaves the
                        table out and says, in its caption's words, how many rows the HTML holds */
  char *html;        /* DRAWING: trusted HTML the generator escaped itself, owned; FIGURE:
                        the same, shown on the page instead of the picture (or NULL) */
  double width, height;   /* DRAWING: size of the cairo picture in points */
  double min_text;   /* DRAWING: its smallest text in its own points (the PDF never draws it below 7 pt), 0: unknown */
  ec_draw_fn draw;   /* DRAWING: NULL when there is no PDF picture */
  void *draw_ctx;    /* DRAWING: freed with draw_free */
  void (*draw_free)(void *ctx);
  struct ec_block **children; /* GROUP: owned */
  size_t n_children, cap_children;
  char *text;        /* TEXT: owned */
  char *link;        /* TEXT: an in-page target ("#e1-warnings"), owned, or NULL */
  ec_tile *tiles;    /* TILES: owned */
  size_t n_tiles, cap_tiles;
  char *id;          /* anchor id of the block (NOTES, TABLE), owned, or NULL */
  size_t brief_rows; /* TABLE, NOTES, FIGURE's table: rows in the PDF brief (0: as many as the HTML) */
  int role;          /* GROUP: EC_ROLE_*, how the writers lay it out */
  int drop_section;  /* UNAVAILABLE: the template asked ("missing: hide") that its section go when the
                        data is absent: the expanded document drops it with its heading */
  int fold_caption;  /* TABLE: HTML folds the table under its caption (<details>, the caption its
                        summary); the PDF prints the caption alone */
} ec_block;

/* GROUP roles */
#define EC_ROLE_PLAIN 0
#define EC_ROLE_FIRST_SCREEN 1 /* the answer on the first screen / page 1 of the PDF */
/* MARK roles: the section the mark is in belongs to ... */
#define EC_MARK_BRIEF 0  /* ... the PDF brief (the default) */
#define EC_MARK_DETAIL 1 /* ... only the PDF with --pdf-detail full, appended after the brief */

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
/** A sentence; text is copied; link (an in-page "#id") may be NULL. */
ec_block *ec_block_text(const char *text, const char *link);
ec_block *ec_block_tiles(void);
/** A mark with role EC_MARK_BRIEF or EC_MARK_DETAIL. */
ec_block *ec_block_mark(int role);
/** Append a tile; strings are copied, detail and link may be NULL. */
void ec_block_tile(ec_block *b, const char *label, const char *value, const char *detail, const char *link);
/** b's HTML (assemble/html.h) as a new string when want is set, else NULL:
 *  what a template's html callback returns (template.h). Caller frees. */
char *ec_block_html_if(const ec_block *b, int want);
/** Append child (ownership moves to g). */
void ec_block_add(ec_block *g, ec_block *child);
void ec_block_free(ec_block *b);

#endif
