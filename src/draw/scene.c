/* scene — display list. See scene.h. */
#include "draw/scene.h"

#include <stdlib.h>
#include <math.h>
#include <string.h>

#include "util/alloc.h"
#include "util/buf.h"
#include "util/utf8.h"
#include "draw/text.h"

ec_color ec_rgb(unsigned hex) { return ec_rgba(hex, 1.0); }

ec_color ec_rgba(unsigned hex, double a) {
  ec_color c = {EC_COL_RGB, (unsigned char)((hex >> 16) & 0xff),
                (unsigned char)((hex >> 8) & 0xff), (unsigned char)(hex & 0xff), a};
  return c;
}

ec_color ec_ink(double a) {
  ec_color c = {EC_COL_INK, 0, 0, 0, a};
  return c;
}

ec_color ec_nocolor(void) {
  ec_color c = {EC_COL_NONE, 0, 0, 0, 0};
  return c;
}

/* Keep [A-Za-z0-9_-]; make sure it starts with a letter. */
static char *S_ident(const char *s, const char *dflt) {
  ec_buf b = {0};
  for (const char *p = s ? s : ""; *p; p++) {
    char c = *p;
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
        c == '_' || c == '-')
      ec_buf_putc(&b, c);
  }
  if (b.len == 0) {
    ec_buf_free(&b);
    return ec_strdup(dflt);
  }
  if (!((b.data[0] >= 'a' && b.data[0] <= 'z') || (b.data[0] >= 'A' && b.data[0] <= 'Z'))) {
    char *r = ec_asprintf("f%s", b.data);
    ec_buf_free(&b);
    return r;
  }
  return ec_buf_take(&b);
}

/* Valid UTF-8 without control characters; newlines and tabs become spaces.
 * Bidi embeddings, overrides and isolates become U+FFFD so a name cannot
 * reorder the text drawn after it. */
static char *S_clean(const char *s, size_t n) {
  ec_buf b = {0};
  size_t i = 0;
  while (i < n) {
    size_t l;
    unsigned cp = ec_utf8_decode((const unsigned char *)s + i, n - i, &l);
    if (cp == '\n' || cp == '\t' || cp == '\r')
      ec_buf_putc(&b, ' ');
    else if (cp == 0x200E || cp == 0x200F)
      ; /* LRM/RLM: invisible, dropped */
    else if (ec_utf8_unsafe(cp, l))
      ec_buf_puts(&b, "\xEF\xBF\xBD");
    else
      ec_buf_put(&b, s + i, l);
    i += l;
  }
  if (!b.data) ec_buf_puts(&b, "");
  return ec_buf_take(&b);
}

ec_scene *ec_scene_new(double w, double h, const char *id_prefix, const char *title,
                       const char *desc) {
  ec_scene *s = ec_calloc(1, sizeof *s);
  s->width = w;
  s->height = h;
  s->id_prefix = S_ident(id_prefix, "fig");
  s->title = title ? S_clean(title, strlen(title)) : NULL;
  s->desc = desc ? S_clean(desc, strlen(desc)) : NULL;
  return s;
}

void ec_scene_set_desc(ec_scene *s, const char *desc) {
  free(s->desc);
  s->desc = desc ? S_clean(desc, strlen(desc)) : NULL;
}

void ec_scene_free(ec_scene *s) {
  if (!s) return;
  for (size_t i = 0; i < s->n_ops; i++) {
    ec_op *o = &s->ops[i];
    free(o->segs);
    free(o->text);
    free(o->tip);
    free(o->id);
    free(o->link);
    free(o->cls);
  }
  free(s->ops);
  free(s->title);
  free(s->desc);
  free(s->id_prefix);
  free(s);
}

static ec_op *S_push(ec_scene *s, ec_op_kind k) {
  ec_op *o = EC_PUSH(s->ops, s->n_ops, s->cap_ops);
  memset(o, 0, sizeof *o);
  o->kind = k;
  return o;
}

void ec_scene_rect(ec_scene *s, double x, double y, double w, double h, ec_color fill,
                   ec_color stroke, double stroke_width) {
  if (w < 0) { x += w; w = -w; }
  if (h < 0) { y += h; h = -h; }
  ec_op *o = S_push(s, EC_OP_RECT);
  o->x = x; o->y = y; o->w = w; o->h = h;
  o->fill = fill;
  o->stroke = stroke;
  o->stroke_width = stroke.kind == EC_COL_NONE ? 0 : stroke_width;
}

void ec_scene_line(ec_scene *s, double x1, double y1, double x2, double y2, ec_color stroke,
                   double width) {
  ec_op *o = S_push(s, EC_OP_LINE);
  o->x = x1; o->y = y1; o->x2 = x2; o->y2 = y2;
  o->fill = ec_nocolor();
  o->stroke = stroke;
  o->stroke_width = width;
}

static void S_grow_box(double *b, double x, double y) {
  if (x < b[0]) b[0] = x;
  if (y < b[1]) b[1] = y;
  if (x > b[2]) b[2] = x;
  if (y > b[3]) b[3] = y;
}

void ec_scene_path(ec_scene *s, const ec_seg *segs, size_t n, ec_color fill, ec_color stroke,
                   double stroke_width) {
  ec_op *o = S_push(s, EC_OP_PATH);
  o->segs = ec_reallocarray(NULL, n ? n : 1, sizeof *segs);
  if (n) memcpy(o->segs, segs, n * sizeof *segs);
  o->n_segs = n;
  o->fill = fill;
  o->stroke = stroke;
  o->stroke_width = stroke.kind == EC_COL_NONE ? 0 : stroke_width;
  double b[4] = {INFINITY, INFINITY, -INFINITY, -INFINITY};
  for (size_t i = 0; i < n; i++) {
    const ec_seg *g = &segs[i];
    if (g->kind == EC_SEG_MOVE || g->kind == EC_SEG_LINE) {
      S_grow_box(b, g->x, g->y);
    } else if (g->kind == EC_SEG_ARC) {
      /* End points plus every axis extreme the sweep passes. */
      S_grow_box(b, g->x + g->r * cos(g->a0), g->y + g->r * sin(g->a0));
      S_grow_box(b, g->x + g->r * cos(g->a1), g->y + g->r * sin(g->a1));
      double lo = fmin(g->a0, g->a1), hi = fmax(g->a0, g->a1);
      for (int k = (int)ceil(lo / (M_PI / 2)); k * (M_PI / 2) <= hi; k++)
        S_grow_box(b, g->x + g->r * cos(k * M_PI / 2), g->y + g->r * sin(k * M_PI / 2));
    }
  }
  if (n == 0 || !isfinite(b[0])) b[0] = b[1] = b[2] = b[3] = 0;
  o->x = b[0]; o->y = b[1]; o->w = b[2] - b[0]; o->h = b[3] - b[1];
}

static ec_op *S_text(ec_scene *s, double x, double y, const char *text, size_t n, double size,
                     int bold, ec_anchor anchor, double rotate, double max_w, ec_color fill,
                     int mid) {
  char *clean = S_clean(text ? text : "", text ? n : 0);
  char *tip = NULL;
  if (max_w > 0) {
    int cut = 0;
    char *fit = mid ? ec_text_fit_mid(clean, size, bold, max_w, &cut)
                    : ec_text_fit(clean, size, bold, max_w, &cut);
    if (cut) {
      tip = clean;
      clean = fit;
    } else {
      free(fit);
    }
  }
  ec_text_metrics m = ec_text_measure(clean, strlen(clean), size, bold);
  ec_op *o = S_push(s, EC_OP_TEXT);
  o->x = x; o->y = y;
  o->text = clean;
  o->tip = tip;
  o->size = size;
  o->bold = bold;
  o->anchor = anchor;
  o->rotate = rotate;
  o->fill = fill;
  o->stroke = ec_nocolor();
  o->tw = m.width;
  o->asc = m.ascent;
  o->desc = m.descent;
  return o;
}

ec_op *ec_scene_text(ec_scene *s, double x, double y, const char *text, size_t n, double size,
                     int bold, ec_anchor anchor, double rotate, double max_w, ec_color fill) {
  return S_text(s, x, y, text, n, size, bold, anchor, rotate, max_w, fill, 0);
}

ec_op *ec_scene_text_mid(ec_scene *s, double x, double y, const char *text, size_t n,
                         double size, int bold, ec_anchor anchor, double rotate, double max_w,
                         ec_color fill) {
  return S_text(s, x, y, text, n, size, bold, anchor, rotate, max_w, fill, 1);
}

void ec_scene_group(ec_scene *s, const char *id, const char *tip, const char *link,
                    const char *cls) {
  ec_op *o = S_push(s, EC_OP_GROUP);
  o->id = id ? S_ident(id, "g") : NULL;
  o->tip = tip ? S_clean(tip, strlen(tip)) : NULL;
  o->link = link ? S_clean(link, strlen(link)) : NULL;
  o->cls = cls ? S_ident(cls, "c") : NULL;
  o->fill = o->stroke = ec_nocolor();
  s->depth++;
}

void ec_scene_end(ec_scene *s) {
  if (s->depth <= 0) return;
  ec_op *o = S_push(s, EC_OP_END);
  o->fill = o->stroke = ec_nocolor();
  s->depth--;
}

void ec_text_corners(const ec_op *op, double cx[4], double cy[4]) {
  double x0 = op->anchor == EC_ANCHOR_START ? 0
              : op->anchor == EC_ANCHOR_MIDDLE ? -op->tw / 2 : -op->tw;
  double lx[4] = {x0, x0 + op->tw, x0 + op->tw, x0};
  double ly[4] = {-op->asc, -op->asc, op->desc, op->desc};
  double a = op->rotate * M_PI / 180.0, c = cos(a), sn = sin(a);
  for (int i = 0; i < 4; i++) {
    cx[i] = op->x + lx[i] * c - ly[i] * sn;
    cy[i] = op->y + lx[i] * sn + ly[i] * c;
  }
}

void ec_op_bbox(const ec_op *op, double *x0, double *y0, double *x1, double *y1) {
  double hw = op->stroke.kind == EC_COL_NONE ? 0 : op->stroke_width / 2;
  switch (op->kind) {
  case EC_OP_RECT:
  case EC_OP_PATH:
    *x0 = op->x - hw; *y0 = op->y - hw;
    *x1 = op->x + op->w + hw; *y1 = op->y + op->h + hw;
    return;
  case EC_OP_LINE:
    *x0 = fmin(op->x, op->x2) - hw; *y0 = fmin(op->y, op->y2) - hw;
    *x1 = fmax(op->x, op->x2) + hw; *y1 = fmax(op->y, op->y2) + hw;
    return;
  case EC_OP_TEXT: {
    double cx[4], cy[4];
    ec_text_corners(op, cx, cy);
    *x0 = *x1 = cx[0];
    *y0 = *y1 = cy[0];
    for (int i = 1; i < 4; i++) {
      *x0 = fmin(*x0, cx[i]); *x1 = fmax(*x1, cx[i]);
      *y0 = fmin(*y0, cy[i]); *y1 = fmax(*y1, cy[i]);
    }
    return;
  }
  default:
    *x0 = *y0 = *x1 = *y1 = 0;
  }
}
