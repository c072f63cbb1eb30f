/* cairo — draw a scene on a cairo context (PDF pages).
 *
 * Text is drawn with pango layouts from draw/text.h's font map and settings,
 * so it has the widths the layout check saw; anchors and rotation match the
 * SVG backend (y is the baseline; rotation is clockwise about the anchor).
 * Ink is drawn as EC_CAIRO_INK (near-black: PDF pages are white). */
#ifndef EC_RENDER_CAIRO_H
#define EC_RENDER_CAIRO_H
#include <cairo.h>
#include "draw/scene.h"

#define EC_CAIRO_INK 0x1a1a1a

/** Draw s on cr with the figure's top-left corner at the current user-space
 *  origin (translate/scale cr first to place it on a page). cr's state is
 *  saved and restored; nothing is allocated that outlives the call. Groups
 *  with an http(s) or "#dest" link become PDF link annotations. */
void ec_render_cairo(const ec_scene *s, cairo_t *cr);

/** Write s as a one-page PDF of the figure's size to path. When the
 *  environment has SOURCE_DATE_EPOCH, CREATE_DATE and MOD_DATE are set from
 *  it so the bytes are reproducible; the title metadata is the scene title.
 *  Returns 0, or -1 when cairo reports an error (the file may be partial). */
int ec_render_pdf_file(const ec_scene *s, const char *path);

/** Set a PDF surface's creation and modification dates from
 *  SOURCE_DATE_EPOCH (util/srcdate.h) when it is valid; cairo's own (now)
 *  otherwise. Every PDF enginecard writes goes through this. */
void ec_cairo_set_dates(cairo_surface_t *surf);

#endif
