/* table — a device-independent table: the HTML writer and the PDF
 * typesetter both draw it (aggregate charts also carry one as their text
 * alternative). Cells are plain text from inputs: escaped by each writer. */
#ifndef EC_TABLE_H
#define EC_TABLE_H
#include <stddef.h>
#include "draw/scene.h"

typedef enum { EC_CELL_ALIGN_LEFT = 0, EC_CELL_ALIGN_RIGHT } ec_cell_align;

/* What a cell's value means, for the writers to show it: the HTML writer
 * (render/html_table.c) and the PDF painter (render/cairo_table.c) each
 * decide how a kind looks, so no style name crosses the view/render line. */
typedef enum {
  EC_CELL_PLAIN = 0,
  EC_CELL_GOOD,      /* a favourable value: a gate passed, a speed-up */
  EC_CELL_BAD,       /* an unfavourable one: a gate failed, a slow-down */
  EC_CELL_CHANGED,   /* differs from the baseline's value */
  EC_CELL_PRECISION, /* a precision, shown with its colour chip; key: the precision */
  EC_CELL_SEVERITY,  /* a lint severity; key: "info", "warning" or "error" */
  EC_CELL_SHARE      /* a percentage, shown with a bar of its sort value (0..100) */
} ec_cell_kind;

typedef struct ec_cell {
  char *text;     /* shown text (owned) */
  double sort;    /* numeric sort key; NAN: sort by text */
  ec_cell_kind kind;
  char *key;      /* PRECISION, SEVERITY: what the kind is about (owned), or NULL */
  ec_color chip;  /* PRECISION: the chip's colour (EC_COL_NONE: none) */
  char *link;     /* optional in-document target ("#e1"), owned */
  char *tip;      /* HTML: more about the cell on demand (its title), owned, or NULL; the PDF leaves it out */
} ec_cell;

typedef struct ec_col {
  char *header;   /* owned */
  ec_cell_align align;
  int numeric;    /* sorts numerically */
  double min_width_em; /* hint for the PDF typesetter; 0: auto */
  int clip;       /* HTML: one line, cut with an ellipsis, the full text on demand (a tactic, a shape list) */
} ec_col;

typedef struct ec_table {
  char *id;        /* anchor id prefix (rows get id-N when row_ids), owned */
  char *caption;   /* owned, may be NULL */
  ec_col *cols;
  size_t ncols, cap_cols;
  ec_cell *cells;  /* nrows * ncols, row-major */
  size_t nrows, cap_cells;
  char **row_ids;  /* optional per row anchor ids (owned), NULL when unused */
  int interactive; /* sortable and filterable in HTML */
  int oneline;     /* HTML: every row on one line (cells do not wrap; the box scrolls when narrow) */
  char *note;      /* a line under the table (e.g. "120 more rows: enginecard layers"), owned */
  size_t *static_rows; /* data tables (ec_table_is_data): the rows a page without scripts shows, owned */
  size_t n_static_rows;
  char *static_note;   /* data tables: says which rows those are and where the rest are, owned */
  /* Grouped tables (the lint findings, one row per rule): a sub row belongs
   * to the nearest row above it that is not one. HTML folds a group's sub
   * rows into a <details> under its row; the PDF indents them, at most
   * sub_cap per group (0: all), and counts the rest. */
  unsigned char *row_sub; /* per row, 1 for a sub row; NULL when none; owned */
  size_t sub_cap;
  char *sub_label;     /* what the sub rows are ("layers"), for the fold's summary and the PDF's count; owned */
  char *sub_label_one; /* the same for one sub row ("layer"), or NULL (sub_label then); owned */
} ec_table;

/* An interactive table of more rows than this is written to HTML as data
 * (one JSON array per column) that the page's script turns into rows on
 * demand; without scripts the page shows its static rows. 100,000 layers
 * as table markup made a 44 MB page. */
#define EC_TABLE_DATA_ROWS 2000

/** New empty table; id and caption are copied (caption may be NULL). */
ec_table *ec_table_new(const char *id, const char *caption);
void ec_table_free(ec_table *t);
/** Add a column; returns its index. */
size_t ec_table_col(ec_table *t, const char *header, ec_cell_align align, int numeric);
/** Show column col's cells on one line in HTML, the full text in a tooltip. */
void ec_table_clip(ec_table *t, size_t col);
/** Start a new row (cells empty); returns its index. */
size_t ec_table_row(ec_table *t);
/** Set cell (row, col) of the last or any row: text is copied; sort may be NAN. */
void ec_table_set(ec_table *t, size_t row, size_t col, const char *text, double sort);
/* Typed cells: the text is the value in its quantity's one format (words/),
 * the value is the cell's sort key, and a value the inputs do not give (NaN)
 * is the dash (EC_DASH), never 0. */
/** Milliseconds, 4 significant digits, no unit: "0.4704". */
void ec_table_set_ms(ec_table *t, size_t row, size_t col, double ms);
/** A share in percent, 2 decimals, no sign: "17.55". */
void ec_table_set_pct(ec_table *t, size_t row, size_t col, double pct);
/** A relative change in percent, signed, 1 decimal, no percent sign: "+2.2". */
void ec_table_set_change(ec_table *t, size_t row, size_t col, double pct);
/** A ratio: "1.23×". */
void ec_table_set_ratio(ec_table *t, size_t row, size_t col, double ratio);
/** A count with thousands separators: "12,345". */
void ec_table_set_count(ec_table *t, size_t row, size_t col, double n);
/** Bytes in binary units: "3.3 MiB". */
void ec_table_set_bytes(ec_table *t, size_t row, size_t col, double bytes);
/** A rate or other general number, 4 significant digits: "139.2". */
void ec_table_set_rate(ec_table *t, size_t row, size_t col, double v);
/** A chart's value, 3 significant digits: "0.0123", "1,234". */
void ec_table_set_value(ec_table *t, size_t row, size_t col, double v);
/** The dash of an unknown value (sort: NaN). */
void ec_table_set_dash(ec_table *t, size_t row, size_t col);
/** text, or the dash when it is NULL (sort: NaN). */
void ec_table_set_text_or_dash(ec_table *t, size_t row, size_t col, const char *text);
/** Set cell text from n bytes (may hold any byte). */
void ec_table_setn(ec_table *t, size_t row, size_t col, const char *text, size_t n, double sort);
/** Give cell (row, col) a kind; key (copied, may be NULL) names what the
 *  kind is about (a precision, a severity). */
void ec_table_set_kind(ec_table *t, size_t row, size_t col, ec_cell_kind kind, const char *key);
/** Give cell (row, col) a colour chip (a PRECISION cell's colour, set by
 *  view/colors.h ec_precision_cell). */
void ec_table_set_chip(ec_table *t, size_t row, size_t col, ec_color chip);
/** Make cell (row, col) a link to an anchor of the same document ("#id"). */
void ec_table_set_link(ec_table *t, size_t row, size_t col, const char *link);
/** Give cell (row, col) a tip (copied; NULL removes it): the HTML shows it on
 *  demand (a title), the PDF leaves it out (a cut name's whole text, a kernel). */
void ec_table_set_tip(ec_table *t, size_t row, size_t col, const char *tip);
void ec_table_set_row_id(ec_table *t, size_t row, const char *id);
void ec_table_set_note(ec_table *t, const char *note);
/** Make row a sub row of the row above it (see row_sub). */
void ec_table_set_sub(ec_table *t, size_t row);
/** 1 when row is a sub row. */
int ec_table_is_sub(const ec_table *t, size_t row);
/** 1 when t is written to HTML as data (interactive, more than
 *  EC_TABLE_DATA_ROWS rows). */
int ec_table_is_data(const ec_table *t);
/** The rows (indices, copied) a data table shows without scripts, and the
 *  sentence under them (copied). */
void ec_table_set_static_rows(ec_table *t, const size_t *rows, size_t n, const char *note);
const ec_cell *ec_table_cell(const ec_table *t, size_t row, size_t col);
/** Per column, the largest sort value of its EC_CELL_SHARE cells (0 when it
 *  has none): a share's bar is drawn as its fraction of that, so the largest
 *  fills the cell and the number beside it says how large it is. ncols
 *  values, malloc'd; caller frees. */
double *ec_table_share_max(const ec_table *t);
/** Finish a table that shows at most some of total items: with no rows it is
 *  freed, *why = empty_why and NULL is returned; when rows < total a note
 *  "<total - rows> more <more>" is set, more_one for one row left out, else
 *  more_many (ec_plural). Returns t otherwise. */
ec_table *ec_table_finish(ec_table *t, size_t total, const char *empty_why, const char **why, const char *more_one,
                          const char *more_many);

#endif
