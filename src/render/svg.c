/* svg — scene to SVG text. See svg.h.
 *
 * How labels fit in the browser's font. Every text was measured with pango on
 * DejaVu Sans (draw/text.c) and the layout check proved on those metrics that
 * no two labels overlap and nothing leaves the figure. A browser draws SVG
 * <text> with whatever font it has, so each <text> carries
 *   font-family="'DejaVu Sans', Verdana, Geneva, sans-serif"
 * and textLength="<pango width>" lengthAdjust="spacingAndGlyphs".
 * - With DejaVu Sans installed (most Linux desktops) textLength is a no-op.
 * - Verdana/Geneva (Windows/macOS) are metric cousins of DejaVu Sans (both
 *   descend from the Verdana/Vera design brief), within a few percent.
 * - Any other sans-serif is typically 5-15% narrower.
 * textLength pins the drawn width to the measured width in all three cases,
 * so the layout check's guarantees carry over to the browser, and the
 * distortion is at most a few percent of glyph width. Embedding the font
 * was rejected: DejaVuSans.ttf + Bold are ~1.4 MB (base64 ~1.9 MB) per page,
 * far more than the charts themselves. Margins alone were rejected because a
 * wider fallback font would overlap long category labels in dense charts.
 * The font size is set in user units (1 user unit = 1 pt of the scene), and
 * the viewBox keeps proportions when the page scales the SVG. */
#include "render/svg.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/alloc.h"

/* Fixed-format number: two decimals, trailing zeros trimmed, no "-0". */
static void S_num(ec_buf *b, double v) {
  if (!isfinite(v)) v = 0;
  char tmp[64];
  snprintf(tmp, sizeof tmp, "%.2f", v);
  size_t n = strlen(tmp);
  while (n > 0 && tmp[n - 1] == '0') n--;
  if (n > 0 && tmp[n - 1] == '.') n--;
  tmp[n] = '\0';
  if (strcmp(tmp, "-0") == 0) strcpy(tmp, "0");
  ec_buf_puts(b, tmp);
}

static void S_attr_num(ec_buf *b, const char *name, double v) {
  ec_buf_printf(b, " %s=\"", name);
  S_num(b, v);
  ec_buf_putc(b, '"');
}

static void S_paint(ec_buf *b, const char *what, ec_color c) {
  if (c.kind == EC_COL_NONE) {
    ec_buf_printf(b, " %s=\"none\"", what);
    return;
  }
  if (c.kind == EC_COL_INK)
    ec_buf_printf(b, " %s=\"currentColor\"", what);
  else
    ec_buf_printf(b, " %s=\"#%02x%02x%02x\"", what, c.r, c.g, c.b);
  if (c.a < 1.0) {
    ec_buf_printf(b, " %s-opacity=\"", what);
    S_num(b, c.a < 0 ? 0 : c.a);
    ec_buf_putc(b, '"');
  }
}

static void S_fill_stroke(ec_buf *b, const ec_op *o) {
  S_paint(b, "fill", o->fill);
  if (o->stroke.kind != EC_COL_NONE && o->stroke_width > 0) {
    S_paint(b, "stroke", o->stroke);
    S_attr_num(b, "stroke-width", o->stroke_width);
  }
}

static void S_text(ec_buf *b, const char *s) { ec_buf_html(b, s, strlen(s)); }

/* Only same-page anchors and http(s) links are written. */
static int S_safe_link(const char *l) {
  return l && (l[0] == '#' || strncmp(l, "https://", 8) == 0 || strncmp(l, "http://", 7) == 0);
}

static void S_path(ec_buf *b, const ec_op *o) {
  int have_point = 0;
  for (size_t i = 0; i < o->n_segs; i++) {
    const ec_seg *g = &o->segs[i];
    if (i) ec_buf_putc(b, ' ');
    switch (g->kind) {
    case EC_SEG_MOVE:
    case EC_SEG_LINE:
      ec_buf_putc(b, g->kind == EC_SEG_MOVE || !have_point ? 'M' : 'L');
      S_num(b, g->x);
      ec_buf_putc(b, ' ');
      S_num(b, g->y);
      have_point = 1;
      break;
    case EC_SEG_ARC: {
      double sweep = g->a1 - g->a0;
      int pieces = (int)ceil(fabs(sweep) / (M_PI * 0.999));
      if (pieces < 1) pieces = 1;
      ec_buf_putc(b, have_point ? 'L' : 'M');
      S_num(b, g->x + g->r * cos(g->a0));
      ec_buf_putc(b, ' ');
      S_num(b, g->y + g->r * sin(g->a0));
      for (int k = 1; k <= pieces; k++) {
        double a = g->a0 + sweep * k / pieces;
        ec_buf_puts(b, " A");
        S_num(b, g->r);
        ec_buf_putc(b, ' ');
        S_num(b, g->r);
        ec_buf_printf(b, " 0 0 %d ", sweep >= 0 ? 1 : 0);
        S_num(b, g->x + g->r * cos(a));
        ec_buf_putc(b, ' ');
        S_num(b, g->y + g->r * sin(a));
      }
      have_point = 1;
      break;
    }
    case EC_SEG_CLOSE:
      ec_buf_putc(b, 'Z');
      break;
    }
  }
}

void ec_render_svg(const ec_scene *s, ec_buf *out) {
  const char *p = s->id_prefix;
  ec_buf_printf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"ec-chart\" id=\"%s\"", p);
  ec_buf_puts(out, " role=\"img\"");
  if (s->title || s->desc) {
    ec_buf_puts(out, " aria-labelledby=\"");
    if (s->title) ec_buf_printf(out, "%s-title", p);
    if (s->desc) ec_buf_printf(out, "%s%s-desc", s->title ? " " : "", p);
    ec_buf_putc(out, '"');
  }
  S_attr_num(out, "width", s->width);
  S_attr_num(out, "height", s->height);
  ec_buf_puts(out, " viewBox=\"0 0 ");
  S_num(out, s->width);
  ec_buf_putc(out, ' ');
  S_num(out, s->height);
  ec_buf_puts(out, "\" font-family=\"" EC_SVG_FONT_FAMILY "\">\n");
  if (s->title) {
    ec_buf_printf(out, "<title id=\"%s-title\">", p);
    S_text(out, s->title);
    ec_buf_puts(out, "</title>\n");
  }
  if (s->desc) {
    ec_buf_printf(out, "<desc id=\"%s-desc\">", p);
    S_text(out, s->desc);
    ec_buf_puts(out, "</desc>\n");
  }
  /* Which open groups were wrapped in <a>. */
  unsigned char *linked = NULL;
  size_t depth = 0, cap = 0;
  for (size_t i = 0; i < s->n_ops; i++) {
    const ec_op *o = &s->ops[i];
    switch (o->kind) {
    case EC_OP_GROUP: {
      int lk = S_safe_link(o->link);
      *EC_PUSH(linked, depth, cap) = (unsigned char)lk;
      if (lk) {
        ec_buf_puts(out, "<a href=\"");
        S_text(out, o->link);
        ec_buf_puts(out, "\">");
      }
      ec_buf_puts(out, "<g");
      if (o->id) ec_buf_printf(out, " id=\"%s-%s\"", p, o->id);
      if (o->cls) ec_buf_printf(out, " class=\"%s\"", o->cls);
      ec_buf_putc(out, '>');
      if (o->tip) {
        ec_buf_puts(out, "<title>");
        S_text(out, o->tip);
        ec_buf_puts(out, "</title>");
      }
      ec_buf_putc(out, '\n');
      break;
    }
    case EC_OP_END:
      if (depth > 0) {
        depth--;
        ec_buf_puts(out, linked[depth] ? "</g></a>\n" : "</g>\n");
      }
      break;
    case EC_OP_RECT:
      ec_buf_puts(out, "<rect");
      S_attr_num(out, "x", o->x);
      S_attr_num(out, "y", o->y);
      S_attr_num(out, "width", o->w);
      S_attr_num(out, "height", o->h);
      S_fill_stroke(out, o);
      ec_buf_puts(out, "/>\n");
      break;
    case EC_OP_LINE:
      ec_buf_puts(out, "<line");
      S_attr_num(out, "x1", o->x);
      S_attr_num(out, "y1", o->y);
      S_attr_num(out, "x2", o->x2);
      S_attr_num(out, "y2", o->y2);
      S_paint(out, "stroke", o->stroke);
      S_attr_num(out, "stroke-width", o->stroke_width);
      ec_buf_puts(out, "/>\n");
      break;
    case EC_OP_PATH:
      ec_buf_puts(out, "<path d=\"");
      S_path(out, o);
      ec_buf_putc(out, '"');
      S_fill_stroke(out, o);
      ec_buf_puts(out, "/>\n");
      break;
    case EC_OP_TEXT:
      if (o->tip) {
        ec_buf_puts(out, "<g><title>");
        S_text(out, o->tip);
        ec_buf_puts(out, "</title>");
      }
      ec_buf_puts(out, "<text");
      S_attr_num(out, "x", o->x);
      S_attr_num(out, "y", o->y);
      S_attr_num(out, "font-size", o->size);
      if (o->bold) ec_buf_puts(out, " font-weight=\"bold\"");
      if (o->anchor == EC_ANCHOR_MIDDLE) ec_buf_puts(out, " text-anchor=\"middle\"");
      if (o->anchor == EC_ANCHOR_END) ec_buf_puts(out, " text-anchor=\"end\"");
      if (o->rotate != 0) {
        ec_buf_puts(out, " transform=\"rotate(");
        S_num(out, o->rotate);
        ec_buf_putc(out, ' ');
        S_num(out, o->x);
        ec_buf_putc(out, ' ');
        S_num(out, o->y);
        ec_buf_puts(out, ")\"");
      }
      S_paint(out, "fill", o->fill);
      if (o->tw > 0) {
        S_attr_num(out, "textLength", o->tw);
        ec_buf_puts(out, " lengthAdjust=\"spacingAndGlyphs\"");
      }
      ec_buf_putc(out, '>');
      S_text(out, o->text);
      ec_buf_puts(out, o->tip ? "</text></g>\n" : "</text>\n");
      break;
    }
  }
  while (depth > 0) {
    depth--;
    ec_buf_puts(out, linked[depth] ? "</g></a>\n" : "</g>\n");
  }
  free(linked);
  ec_buf_puts(out, "</svg>\n");
}
