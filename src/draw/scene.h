/* scene — a device-independent display list for one figure.
 *
 * view/ builds scenes; render/ turns them into SVG text (render/svg.h) or
 * draws them on a cairo context (render/cairo.h). One scene, two backends,
 * so the HTML and the PDF show the same picture.
 *
 * Coordinates are in points (1/72 in), origin top-left, y down. A figure
 * spans [0,width] x [0,height]. Text is measured with pango (draw/text.h)
 * when it is added, so every text op carries its box for the layout check
 * (draw/layout_check.h).
 *
 * Colours are literal RGB(A) or "ink": the foreground colour of the page.
 * Ink becomes currentColor in SVG (so a dark page theme gets light text and
 * axes) and near-black on PDF pages.
 *
 * Ownership: an ec_scene owns every string and array reachable from it;
 * every function copies what it is given. Free with ec_scene_free. */
#ifndef EC_SCENE_H
#define EC_SCENE_H
#include <stddef.h>

typedef enum { EC_COL_NONE = 0, EC_COL_RGB, EC_COL_INK } ec_color_kind;

typedef struct ec_color {
  ec_color_kind kind;
  unsigned char r, g, b;
  double a; /* opacity 0..1 */
} ec_color;

/** A literal colour from 0xRRGGBB. */
ec_color ec_rgb(unsigned hex);
/** A literal colour with opacity. */
ec_color ec_rgba(unsigned hex, double a);
/** The page's foreground colour at opacity a (1 for text and axes). */
ec_color ec_ink(double a);
/** No paint. */
ec_color ec_nocolor(void);

typedef enum { EC_ANCHOR_START = 0, EC_ANCHOR_MIDDLE, EC_ANCHOR_END } ec_anchor;

typedef enum {
  EC_OP_RECT = 0,
  EC_OP_LINE,
  EC_OP_PATH,
  EC_OP_TEXT,
  EC_OP_GROUP, /* opens a group; EC_OP_END closes it */
  EC_OP_END
} ec_op_kind;

/* Path segments: MOVE/LINE use x,y; ARC is cairo's cairo_arc (centre x,y,
 * radius r, angles a0..a1 in radians, clockwise on screen when a1 > a0, and
 * a line from the current point to the arc's start); CLOSE closes. */
typedef enum { EC_SEG_MOVE = 0, EC_SEG_LINE, EC_SEG_ARC, EC_SEG_CLOSE } ec_seg_kind;
typedef struct ec_seg {
  ec_seg_kind kind;
  double x, y, r, a0, a1;
} ec_seg;

typedef struct ec_op {
  ec_op_kind kind;
  ec_color fill, stroke;
  double stroke_width;
  /* RECT: x,y,w,h. LINE: x,y -> x2,y2. TEXT: anchor point x,y (y is the
   * baseline). PATH: bounding box x,y,w,h (computed). */
  double x, y, w, h, x2, y2;
  /* PATH */
  ec_seg *segs;
  size_t n_segs;
  /* TEXT */
  char *text;          /* valid UTF-8 without control characters */
  double size;         /* font size in points */
  int bold;
  ec_anchor anchor;
  double rotate;       /* degrees, clockwise, about (x,y) */
  double tw, asc, desc; /* measured advance width, ascent, descent */
  /* TEXT (full text when shortened) and GROUP: tooltip, or NULL */
  char *tip;
  /* GROUP */
  char *id;            /* suffix; the SVG id is "<prefix>-<id>", or NULL */
  char *link;          /* link target (URL or "#anchor"), or NULL */
  char *cls;           /* CSS class for the SVG backend, or NULL */
} ec_op;

typedef struct ec_scene {
  double width, height; /* points */
  char *title;          /* accessible title (SVG <title>, PDF alt) */
  char *desc;           /* accessible description, says what was left out */
  char *id_prefix;      /* unique per figure in a page; [A-Za-z0-9_-] */
  ec_op *ops;
  size_t n_ops, cap_ops;
  int depth;            /* open groups */
} ec_scene;

/** New empty figure of w x h points. title/desc may be NULL; id_prefix is
 *  reduced to [A-Za-z0-9_-] (letters first; "fig" when empty). Caller frees
 *  with ec_scene_free. */
ec_scene *ec_scene_new(double w, double h, const char *id_prefix, const char *title,
                       const char *desc);
void ec_scene_free(ec_scene *s);
/** Replace the description (copied). */
void ec_scene_set_desc(ec_scene *s, const char *desc);

/** Rectangle; stroke may be ec_nocolor(). */
void ec_scene_rect(ec_scene *s, double x, double y, double w, double h, ec_color fill,
                   ec_color stroke, double stroke_width);
/** Straight line. */
void ec_scene_line(ec_scene *s, double x1, double y1, double x2, double y2, ec_color stroke,
                   double width);
/** Path from n segments (copied). */
void ec_scene_path(ec_scene *s, const ec_seg *segs, size_t n, ec_color fill, ec_color stroke,
                   double stroke_width);
/** Text of n bytes at (x,y) (baseline), measured with draw/text.h. The text
 *  is sanitised: invalid UTF-8 and control characters become U+FFFD, line
 *  breaks become spaces. When max_w > 0 and the text is wider, it is cut at
 *  a code-point boundary and ends with an ellipsis; the full text becomes the
 *  op's tooltip. Returns the op (valid until the next add). */
ec_op *ec_scene_text(ec_scene *s, double x, double y, const char *text, size_t n, double size,
                     int bold, ec_anchor anchor, double rotate, double max_w, ec_color fill);
/** ec_scene_text with a middle ellipsis (ec_text_fit_mid) when shortened. */
ec_op *ec_scene_text_mid(ec_scene *s, double x, double y, const char *text, size_t n,
                         double size, int bold, ec_anchor anchor, double rotate, double max_w,
                         ec_color fill);
/** Open a group. id (suffix, sanitised like id_prefix), tip, link and cls may
 *  be NULL. Close it with ec_scene_end. */
void ec_scene_group(ec_scene *s, const char *id, const char *tip, const char *link,
                    const char *cls);
void ec_scene_end(ec_scene *s);

/** Axis-aligned box of op (text: its rotated box; path: its segments' box;
 *  stroke width included). */
void ec_op_bbox(const ec_op *op, double *x0, double *y0, double *x1, double *y1);
/** The four corners of a text op's box, in figure coordinates. */
void ec_text_corners(const ec_op *op, double cx[4], double cy[4]);

#endif
