/* svg — write a scene as a standalone SVG element for inlining in HTML.
 *
 * The output is one <svg> element (no XML prolog, no DOCTYPE), so many can be
 * inlined in one page: every id starts with the scene's id_prefix. It has
 * role="img", aria-labelledby pointing at its <title> and <desc>, real
 * <text> elements, and tooltips as <title> children of groups. Ink (text,
 * axes, grid) is currentColor, so the page's text colour (light or dark
 * theme) decides it; literal colours are fixed hex values. Numbers are
 * printed with at most two decimals, so the same scene always gives the same
 * bytes. */
#ifndef EC_RENDER_SVG_H
#define EC_RENDER_SVG_H
#include "util/buf.h"
#include "draw/scene.h"

/** The CSS font-family list written on every SVG (see svg.c for why). */
#define EC_SVG_FONT_FAMILY "'DejaVu Sans', Verdana, Geneva, sans-serif"

/** Append the SVG of s to out. Nothing is allocated that the caller must
 *  free besides out's own memory. */
void ec_render_svg(const ec_scene *s, ec_buf *out);

#endif
