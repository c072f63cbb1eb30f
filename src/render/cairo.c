/* cairo — see cairo.h. */
#include "render/cairo.h"

#include <cairo-pdf.h>
#include <errno.h>
#include <math.h>
#include <pango/pangocairo.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "util/alloc.h"
#include "util/buf.h"
#include "util/srcdate.h"
#include "draw/text.h"

static void S_source(cairo_t *cr, ec_color c) {
  if (c.kind == EC_COL_INK)
    cairo_set_source_rgba(cr, ((EC_CAIRO_INK >> 16) & 0xff) / 255.0,
                          ((EC_CAIRO_INK >> 8) & 0xff) / 255.0, (EC_CAIRO_INK & 0xff) / 255.0,
                          c.a);
  else
    cairo_set_source_rgba(cr, c.r / 255.0, c.g / 255.0, c.b / 255.0, c.a);
}

static void S_fill_stroke(cairo_t *cr, const ec_op *o) {
  if (o->fill.kind != EC_COL_NONE) {
    S_source(cr, o->fill);
    if (o->stroke.kind != EC_COL_NONE && o->stroke_width > 0)
      cairo_fill_preserve(cr);
    else
      cairo_fill(cr);
  }
  if (o->stroke.kind != EC_COL_NONE && o->stroke_width > 0) {
    S_source(cr, o->stroke);
    cairo_set_line_width(cr, o->stroke_width);
    cairo_stroke(cr);
  }
  cairo_new_path(cr);
}

static void S_text(cairo_t *cr, PangoLayout *layout, const ec_op *o) {
  PangoFontDescription *fd = ec_text_font(o->size, o->bold);
  pango_layout_set_font_description(layout, fd);
  pango_font_description_free(fd);
  pango_layout_set_text(layout, o->text, -1);
  PangoRectangle logical;
  pango_layout_get_extents(layout, NULL, &logical);
  double w = (double)logical.width / PANGO_SCALE;
  double base = (double)pango_layout_get_baseline(layout) / PANGO_SCALE;
  double dx = o->anchor == EC_ANCHOR_START ? 0 : o->anchor == EC_ANCHOR_MIDDLE ? -w / 2 : -w;
  dx -= (double)logical.x / PANGO_SCALE;
  cairo_save(cr);
  cairo_translate(cr, o->x, o->y);
  if (o->rotate != 0) cairo_rotate(cr, o->rotate * M_PI / 180.0);
  cairo_move_to(cr, dx, -base);
  S_source(cr, o->fill);
  pango_cairo_update_layout(cr, layout);
  pango_cairo_show_layout(cr, layout);
  cairo_restore(cr);
}

static int S_link_ok(const char *l) {
  return l && (l[0] == '#' || strncmp(l, "https://", 8) == 0 || strncmp(l, "http://", 7) == 0);
}

static char *S_link_attrs(const char *l) {
  ec_buf b = {0};
  if (l[0] == '#') {
    ec_buf_puts(&b, "dest='");
    l++;
  } else {
    ec_buf_puts(&b, "uri='");
  }
  for (; *l; l++) {
    if (*l == '\'' || *l == '\\') ec_buf_putc(&b, '\\');
    ec_buf_putc(&b, *l);
  }
  ec_buf_putc(&b, '\'');
  return ec_buf_take(&b);
}

void ec_render_cairo(const ec_scene *s, cairo_t *cr) {
  cairo_save(cr);
  PangoContext *ctx = pango_font_map_create_context((PangoFontMap *)ec_text_fontmap());
  ec_text_setup_context(ctx);
  pango_cairo_update_context(cr, ctx);
  PangoLayout *layout = pango_layout_new(ctx);
  unsigned char *linked = NULL;
  size_t depth = 0, cap = 0;
  cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
  cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER);
  for (size_t i = 0; i < s->n_ops; i++) {
    const ec_op *o = &s->ops[i];
    switch (o->kind) {
    case EC_OP_GROUP: {
      int lk = S_link_ok(o->link);
      *EC_PUSH(linked, depth, cap) = (unsigned char)lk;
      if (lk) {
        char *attrs = S_link_attrs(o->link);
        cairo_tag_begin(cr, CAIRO_TAG_LINK, attrs);
        free(attrs);
      }
      break;
    }
    case EC_OP_END:
      if (depth > 0 && linked[--depth]) cairo_tag_end(cr, CAIRO_TAG_LINK);
      break;
    case EC_OP_RECT:
      cairo_rectangle(cr, o->x, o->y, o->w, o->h);
      S_fill_stroke(cr, o);
      break;
    case EC_OP_LINE:
      cairo_move_to(cr, o->x, o->y);
      cairo_line_to(cr, o->x2, o->y2);
      S_fill_stroke(cr, o);
      break;
    case EC_OP_PATH:
      cairo_new_path(cr);
      for (size_t k = 0; k < o->n_segs; k++) {
        const ec_seg *g = &o->segs[k];
        switch (g->kind) {
        case EC_SEG_MOVE: cairo_move_to(cr, g->x, g->y); break;
        case EC_SEG_LINE: cairo_line_to(cr, g->x, g->y); break;
        case EC_SEG_ARC:
          if (g->a1 >= g->a0)
            cairo_arc(cr, g->x, g->y, g->r, g->a0, g->a1);
          else
            cairo_arc_negative(cr, g->x, g->y, g->r, g->a0, g->a1);
          break;
        case EC_SEG_CLOSE: cairo_close_path(cr); break;
        }
      }
      S_fill_stroke(cr, o);
      break;
    case EC_OP_TEXT:
      S_text(cr, layout, o);
      break;
    }
  }
  while (depth > 0)
    if (linked[--depth]) cairo_tag_end(cr, CAIRO_TAG_LINK);
  free(linked);
  g_object_unref(layout);
  g_object_unref(ctx);
  cairo_restore(cr);
}

void ec_cairo_set_dates(cairo_surface_t *surf) {
  char date[40];
  if (ec_srcdate(date, sizeof date) == 1) {
    cairo_pdf_surface_set_metadata(surf, CAIRO_PDF_METADATA_CREATE_DATE, date);
    cairo_pdf_surface_set_metadata(surf, CAIRO_PDF_METADATA_MOD_DATE, date);
  }
}

int ec_render_pdf_file(const ec_scene *s, const char *path) {
  cairo_surface_t *surf = cairo_pdf_surface_create(path, s->width, s->height);
  if (cairo_surface_status(surf) != CAIRO_STATUS_SUCCESS) {
    cairo_surface_destroy(surf);
    return -1;
  }
  ec_cairo_set_dates(surf);
  if (s->title) cairo_pdf_surface_set_metadata(surf, CAIRO_PDF_METADATA_TITLE, s->title);
  cairo_pdf_surface_set_metadata(surf, CAIRO_PDF_METADATA_CREATOR, "enginecard");
  cairo_t *cr = cairo_create(surf);
  ec_render_cairo(s, cr);
  cairo_show_page(cr);
  int rc = cairo_status(cr) == CAIRO_STATUS_SUCCESS ? 0 : -1;
  cairo_destroy(cr);
  cairo_surface_finish(surf);
  if (cairo_surface_status(surf) != CAIRO_STATUS_SUCCESS) rc = -1;
  cairo_surface_destroy(surf);
  return rc;
}
