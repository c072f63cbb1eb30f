/* block — a generated part of a report: what a fenced block of a template
 * (info string "chart", "table", ...) turns into. The cmark custom node that
 * replaces the fenced block points at its ec_block (cmark_node_get_user_data),
 * so the HTML writer and the PDF typesetter draw the same object. */
#ifndef EC_BLOCK_H
#define EC_BLOCK_H
#include <stddef.h>
#include "view/scene.h"
#include "view/table.h"

typedef enum {
  EC_BLOCK_FIGURE = 0, /* scene (+ its data table as text alternative) */
  EC_BLOCK_TABLE,      /* a table */
  EC_BLOCK_NOTES,      /* a list of lines (warnings, findings) */
  EC_BLOCK_UNAVAILABLE, /* "Not available: why" */
  EC_BLOCK_GROUP        /* several blocks, each with its caption as a lead-in sentence */
} ec_block_kind;

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
  struct ec_block **children; /* GROUP: owned */
  size_t n_children, cap_children;
} ec_block;

ec_block *ec_block_figure(ec_scene *scene, ec_table *data, const char *caption);
ec_block *ec_block_table(ec_table *t);
ec_block *ec_block_notes(void);
void ec_block_note(ec_block *b, int sev, const char *line);
ec_block *ec_block_unavailable(const char *why);
ec_block *ec_block_group(void);
/** Append child (ownership moves to g). */
void ec_block_add(ec_block *g, ec_block *child);
void ec_block_free(ec_block *b);

#endif
