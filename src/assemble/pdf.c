#include "assemble/pdf.h"
#include "render/cairo.h"
#include "render/cairo_table.h"
#include "util/alloc.h"
#include "util/utf8.h"
#include "words/words.h"
#include "draw/text.h"
#include <cairo-pdf.h>
#include <cmark.h>
#include <math.h>
#include <pango/pangocairo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define S_BODY 9.5
#define S_SMALL 7.5
#define S_BRIEF_LINES 6 /* lines a table cell shows in the brief */
#define S_TIGHT_LINES 3 /* ... and in a brief set again to keep its length */
#define S_TIGHT_ROWS 5  /* rows a chart's table shows in a brief set again */
/* The README's promise: a brief of 4 to 8 pages per engine. A part that
 * runs longer is set again, tight (S_TIGHT_*). */
#define S_BRIEF_PAGES 8

typedef struct {
  cairo_surface_t *surf;
  cairo_t *cr;
  PangoContext *pctx;
  double pw, ph, ml, mr, mt, mb, cw; /* page, margins, content width */
  double y;
  int page;          /* pages begun */
  int page_open;
  const char *running;
  int outline[8];    /* last outline id per heading level */
  size_t max_rows;
  int brief;         /* the brief: blocks keep to their brief_rows */
  int pending_break; /* the first screen ended: the next thing starts a page */
  int tight;         /* the brief ran past S_BRIEF_PAGES: cells and figure tables shorter */
  const char *section; /* the h2 section under way, for a continuation page's running head (owned) */
  char *section_own;
  int part_pages_max;  /* the most pages one engine's part took */
  int html_rest;     /* no --pdf-detail full: a capped block's rest is in the HTML only */
  ec_diags *d;
} S_ts;

/* ---- text ----------------------------------------------------------------- */

static void S_markup_esc(ec_buf *b, const char *s, size_t n) {
  /* pango markup is XML: escape, and keep only valid UTF-8 without controls */
  ec_buf_html(b, s, n);
}

/* Plain text for cairo's metadata and outline strings, which must be valid
 * UTF-8 (or the whole PDF fails): invalid bytes become U+FFFD, control
 * characters spaces, and at most max bytes are kept, cut at a character
 * boundary. */
static void S_plain(ec_buf *b, const char *s, size_t max) {
  size_t n = strlen(s), l;
  ec_buf_puts(b, "");
  for (size_t i = 0; i < n; i += l) {
    unsigned cp = ec_utf8_decode((const unsigned char *)s + i, n - i, &l);
    int bad = ec_utf8_unsafe(cp, l) && !(cp < 0x20 || cp == 0x7f); /* invalid, C1, bidi */
    size_t add = bad ? 3 : cp < 0x20 || cp == 0x7f ? 1 : l;
    if (b->len + add > max) break;
    if (bad) ec_buf_puts(b, "\xEF\xBF\xBD");
    else if (cp < 0x20 || cp == 0x7f) ec_buf_putc(b, ' ');
    else ec_buf_put(b, s + i, l);
  }
}

static PangoLayout *S_layout(S_ts *t, const char *markup, double size, int bold, double width, int align_right) {
  PangoLayout *l = pango_layout_new(t->pctx);
  PangoFontDescription *fd = ec_text_font(size, bold);
  pango_layout_set_font_description(l, fd);
  pango_font_description_free(fd);
  if (width > 0) {
    pango_layout_set_width(l, (int)(width * PANGO_SCALE));
    pango_layout_set_wrap(l, PANGO_WRAP_WORD_CHAR);
  }
  if (align_right) pango_layout_set_alignment(l, PANGO_ALIGN_RIGHT);
  pango_layout_set_markup(l, markup, -1);
  return l;
}

static double S_layout_h(PangoLayout *l) {
  int w, h;
  pango_layout_get_size(l, &w, &h);
  return (double)h / PANGO_SCALE;
}

/* ---- pages ---------------------------------------------------------------- */

static void S_page_begin(S_ts *t) {
  t->page++;
  t->page_open = 1;
  t->y = t->mt;
  cairo_t *cr = t->cr;
  cairo_save(cr);
  cairo_set_source_rgb(cr, 0.35, 0.35, 0.38);
  ec_buf b = {0};
  S_markup_esc(&b, t->running ? t->running : "", t->running ? strlen(t->running) : 0);
  if (t->section) { /* a page that goes on with a section names it */
    ec_buf_puts(&b, " \xC2\xB7 ");
    S_markup_esc(&b, t->section, strlen(t->section));
    ec_buf_puts(&b, " (continued)");
  }
  PangoLayout *l = S_layout(t, b.data ? b.data : "", S_SMALL, 0, t->cw * 0.75, 0);
  pango_layout_set_ellipsize(l, PANGO_ELLIPSIZE_MIDDLE);
  cairo_move_to(cr, t->ml, t->mt - 28);
  pango_cairo_show_layout(cr, l);
  g_object_unref(l);
  ec_buf_free(&b);
  l = S_layout(t, "enginecard report", S_SMALL, 0, t->cw * 0.25, 1);
  cairo_move_to(cr, t->ml + t->cw * 0.75, t->mt - 28);
  pango_cairo_show_layout(cr, l);
  g_object_unref(l);
  cairo_set_line_width(cr, 0.5);
  cairo_move_to(cr, t->ml, t->mt - 14);
  cairo_line_to(cr, t->pw - t->mr, t->mt - 14);
  cairo_stroke(cr);
  char num[32];
  snprintf(num, sizeof num, "%d", t->page);
  l = S_layout(t, num, S_SMALL, 0, t->cw, 1);
  cairo_move_to(cr, t->ml, t->ph - t->mb + 16);
  pango_cairo_show_layout(cr, l);
  g_object_unref(l);
  cairo_restore(cr);
}

static void S_page_end(S_ts *t) {
  if (!t->page_open) return;
  cairo_show_page(t->cr);
  t->page_open = 0;
}

static void S_new_page(S_ts *t) {
  S_page_end(t);
  S_page_begin(t);
}

static double S_room(const S_ts *t) { return t->ph - t->mb - t->y; }

static void S_need(S_ts *t, double h) {
  if (h > S_room(t) && t->y > t->mt + 1) S_new_page(t);
}

/* Draw a layout at x, splitting it across pages line by line. */
static void S_draw_layout(S_ts *t, PangoLayout *l, double x) {
  double h = S_layout_h(l);
  if (h <= S_room(t) || h > t->ph - t->mt - t->mb) {
    if (h > S_room(t) && h <= t->ph - t->mt - t->mb) S_new_page(t);
    if (h <= S_room(t)) {
      cairo_move_to(t->cr, x, t->y);
      pango_cairo_show_layout(t->cr, l);
      t->y += h;
      return;
    }
  }
  PangoLayoutIter *it = pango_layout_get_iter(l);
  do {
    PangoRectangle lr;
    pango_layout_iter_get_line_extents(it, NULL, &lr);
    double lh = (double)lr.height / PANGO_SCALE;
    if (lh > S_room(t)) S_new_page(t);
    int base = pango_layout_iter_get_baseline(it);
    PangoLayoutLine *line = pango_layout_iter_get_line_readonly(it);
    cairo_move_to(t->cr, x + (double)lr.x / PANGO_SCALE, t->y + (double)(base - lr.y) / PANGO_SCALE);
    pango_cairo_show_layout_line(t->cr, line);
    t->y += lh;
  } while (pango_layout_iter_next_line(it));
  pango_layout_iter_free(it);
}

/* ---- inline markup from cmark ------------------------------------------------ */

static void S_inlines(cmark_node *n, ec_buf *b) {
  for (cmark_node *c = cmark_node_first_child(n); c; c = cmark_node_next(c)) {
    switch (cmark_node_get_type(c)) {
    case CMARK_NODE_TEXT: {
      const char *s = cmark_node_get_literal(c);
      S_markup_esc(b, s, strlen(s));
      break;
    }
    case CMARK_NODE_CODE: {
      const char *s = cmark_node_get_literal(c);
      ec_buf_puts(b, "<tt>");
      S_markup_esc(b, s, strlen(s));
      ec_buf_puts(b, "</tt>");
      break;
    }
    case CMARK_NODE_EMPH:
      ec_buf_puts(b, "<i>");
      S_inlines(c, b);
      ec_buf_puts(b, "</i>");
      break;
    case CMARK_NODE_STRONG:
      ec_buf_puts(b, "<b>");
      S_inlines(c, b);
      ec_buf_puts(b, "</b>");
      break;
    case CMARK_NODE_LINK:
      ec_buf_puts(b, "<u>");
      S_inlines(c, b);
      ec_buf_puts(b, "</u>");
      break;
    case CMARK_NODE_SOFTBREAK: ec_buf_putc(b, ' '); break;
    case CMARK_NODE_LINEBREAK: ec_buf_putc(b, '\n'); break;
    default: S_inlines(c, b); break; /* images, custom inlines: their text, if any */
    }
  }
}

static void S_paragraph(S_ts *t, const char *markup, double size, double indent, double after) {
  PangoLayout *l = S_layout(t, markup, size, 0, t->cw - indent, 0);
  S_draw_layout(t, l, t->ml + indent);
  g_object_unref(l);
  t->y += after;
}

/* ---- tables ----------------------------------------------------------------- */

static void S_flow_new_page(void *ud) { S_new_page(ud); }

/* A table, at most brief_rows rows in the brief (0: the page's limit). */
static void S_table(S_ts *t, const ec_table *tb, size_t brief_rows) {
  ec_cairo_flow f = {t->cr, t->pctx, t->ml, t->cw, t->y, t->mt, t->ph - t->mb, S_flow_new_page, t, 0, 0};
  /* the brief shows one finding under each group (the HTML and the full PDF, more) */
  if (t->brief && brief_rows) f.sub_cap = 1;
  /* and a cell in S_BRIEF_LINES lines: a fused layer's name of twelve parts
   * took 14 lines a row, and a 1,300-layer engine's brief 9 pages (the
   * HTML and the full PDF have it whole) */
  if (t->brief) f.max_lines = t->tight ? S_TIGHT_LINES : S_BRIEF_LINES;
  size_t rows = t->brief && brief_rows && brief_rows < t->max_rows ? brief_rows : t->max_rows;
  ec_render_table_cairo(tb, &f, rows,
                        t->brief && brief_rows && !t->html_rest ? "in the HTML report and in the PDF with --pdf-detail full"
                                                                : "in the HTML report");
  t->y = f.y;
}

static void S_dest(S_ts *t, const char *id) {
  char *attr = ec_asprintf("name='%s'", id);
  cairo_tag_begin(t->cr, CAIRO_TAG_DEST, attr);
  cairo_tag_end(t->cr, CAIRO_TAG_DEST);
  free(attr);
}

/* Headline tiles, three to a row: a label, the value large, a detail. */
static void S_tiles(S_ts *t, const ec_block *b) {
  size_t per = b->n_tiles < 3 ? b->n_tiles : 3;
  if (!per) return;
  double gap = 8, tw = (t->cw - gap * (double)(per - 1)) / (double)per, pad = 6;
  for (size_t r0 = 0; r0 < b->n_tiles; r0 += per) {
    size_t n = b->n_tiles - r0 < per ? b->n_tiles - r0 : per;
    PangoLayout *ls[3][3];
    double h = 0;
    for (size_t i = 0; i < n; i++) {
      const ec_tile *x = &b->tiles[r0 + i];
      const char *parts[3] = {x->label, x->value, x->detail ? x->detail : ""};
      static const double sizes[3] = {S_SMALL, 13, S_SMALL};
      double th = 0;
      for (int k = 0; k < 3; k++) {
        ec_buf m = {0};
        S_markup_esc(&m, parts[k], strlen(parts[k]));
        ls[i][k] = S_layout(t, m.data ? m.data : "", sizes[k], k == 1, tw - 2 * pad, 0);
        ec_buf_free(&m);
        th += S_layout_h(ls[i][k]) + (k == 1 ? 2 : 1);
      }
      if (th > h) h = th;
    }
    h += 2 * pad;
    S_need(t, h + 6);
    for (size_t i = 0; i < n; i++) {
      const ec_tile *x = &b->tiles[r0 + i];
      double x0 = t->ml + (double)i * (tw + gap), y = t->y + pad;
      cairo_set_source_rgb(t->cr, 0.95, 0.96, 0.97);
      cairo_rectangle(t->cr, x0, t->y, tw, h);
      cairo_fill_preserve(t->cr);
      cairo_set_source_rgb(t->cr, 0.82, 0.84, 0.87);
      cairo_set_line_width(t->cr, 0.5);
      cairo_stroke(t->cr);
      if (x->link) {
        char *la = ec_asprintf("dest='%s' rect=[%g %g %g %g]", x->link + 1, x0, t->y, tw, h);
        cairo_tag_begin(t->cr, CAIRO_TAG_LINK, la);
        cairo_tag_end(t->cr, CAIRO_TAG_LINK);
        free(la);
      }
      for (int k = 0; k < 3; k++) {
        if (k == 1) cairo_set_source_rgb(t->cr, 0.1, 0.1, 0.1);
        else cairo_set_source_rgb(t->cr, 0.36, 0.39, 0.44);
        cairo_move_to(t->cr, x0 + pad, y);
        pango_cairo_show_layout(t->cr, ls[i][k]);
        y += S_layout_h(ls[i][k]) + (k == 1 ? 2 : 1);
        g_object_unref(ls[i][k]);
      }
    }
    cairo_set_source_rgb(t->cr, 0.1, 0.1, 0.1);
    t->y += h + gap;
  }
  t->y += 4;
}

/* ---- blocks ----------------------------------------------------------------- */

typedef void (*S_paint)(const void *what, cairo_t *cr);

static void S_paint_scene(const void *what, cairo_t *cr) { ec_render_cairo(what, cr); }

static void S_paint_drawing(const void *what, cairo_t *cr) {
  const ec_block *b = what;
  cairo_rectangle(cr, 0, 0, b->width, b->height);
  cairo_clip(cr);
  b->draw(b->draw_ctx, cr);
}

/* A picture may shrink to this share of its size to stay on the page it
 * starts on (rather than leave most of that page empty). */
#define S_SHRINK 0.6

/* The scale of a w x h picture: fitted to the column and to a page. */
static double S_picture_scale(const S_ts *t, double w, double h) {
  double k = w > t->cw ? t->cw / w : 1;
  double maxh = t->ph - t->mt - t->mb - 30;
  if (h * k > maxh) k = maxh / h;
  return k;
}

/* Place a w x h picture at the current position, scaled to the column and
 * the page, never split; its caption follows in italics. A picture that
 * does not fit in the room left shrinks to fit when it is a chart (shrink
 * set) that keeps S_SHRINK of its size or more, or when only a heading and
 * its lead-in stand above it on the page (it would not fit any better on
 * the next); else it starts a page. */
/* The smallest text a picture may have on the page: 7 pt (issue 27). */
#define S_MIN_TEXT_PT 7.0

/* The smallest font size of a scene's text, in its units (0: none). */
static double S_scene_min_text(const ec_scene *s) {
  double m = 0;
  for (size_t i = 0; i < s->n_ops; i++)
    if (s->ops[i].kind == EC_OP_TEXT && s->ops[i].size > 0 && (m == 0 || s->ops[i].size < m)) m = s->ops[i].size;
  return m;
}

/* ... never smaller than kmin (its smallest text at 7 pt): a picture that
 * would shrink below starts a page instead; one that a page cannot hold at
 * kmin is drawn as large as the page allows. */
static void S_picture(S_ts *t, double w, double h, S_paint paint, const void *what, const char *caption, int shrink,
                      double kmin) {
  double k = S_picture_scale(t, w, h);
  if (k < kmin && w * kmin <= t->cw + 0.5 && h * kmin <= t->ph - t->mt - t->mb - 30) k = kmin;
  double room = S_room(t) - 16;
  if (h * k > room && t->y > t->mt + 1 && ((shrink && h * k * S_SHRINK <= room) || t->y - t->mt < 160) &&
      room / h >= kmin)
    k = room / h;
  S_need(t, h * k + 16);
  cairo_save(t->cr);
  cairo_translate(t->cr, t->ml, t->y);
  cairo_scale(t->cr, k, k);
  paint(what, t->cr);
  cairo_restore(t->cr);
  t->y += h * k + 3;
  if (caption) {
    ec_buf m = {0};
    ec_buf_puts(&m, "<i>");
    S_markup_esc(&m, caption, strlen(caption));
    ec_buf_puts(&m, "</i>");
    S_paragraph(t, m.data, S_SMALL, 0, 0);
    ec_buf_free(&m);
  }
  t->y += 10;
}

/* The scene the PDF draws of a figure: its drawing for the column when it
 * has one (ec_block.pdf), else the page's. */
static const ec_scene *S_fig_scene(const ec_block *b) { return b->pdf ? b->pdf : b->scene; }

static void S_block(S_ts *t, const ec_block *b) {
  ec_buf m = {0};
  size_t notes = b->n_notes;
  switch (b->kind) {
  case EC_BLOCK_FIGURE:
    /* the PDF has no disclosure: the chart's numbers follow it */
  {
    const ec_scene *sc = S_fig_scene(b);
    S_picture(t, sc->width, sc->height, S_paint_scene, sc, b->caption, 1,
              S_scene_min_text(sc) > 0 ? S_MIN_TEXT_PT / S_scene_min_text(sc) : 0);
  }
    if (b->table && !b->table_html_only && t->brief && b->brief_no_table) {
      /* the brief keeps the chart; its numbers are a line's pointer */
      ec_buf_printf(&m, "<i>The chart's numbers: %zu row%s in the HTML report%s.</i>", b->table->nrows,
                    ec_plural(b->table->nrows, "", "s"), t->html_rest ? "" : " and in the PDF with --pdf-detail full");
      S_paragraph(t, m.data, S_SMALL, 0, 6);
    } else if (b->table && !b->table_html_only)
      S_table(t, b->table, t->tight && (!b->brief_rows || b->brief_rows > S_TIGHT_ROWS) ? S_TIGHT_ROWS : b->brief_rows);
    break;
  case EC_BLOCK_TABLE:
    if (b->fold_caption && b->caption) { /* the PDF has no disclosure: the line alone */
      S_markup_esc(&m, b->caption, strlen(b->caption));
      S_paragraph(t, m.data, S_SMALL + 0.5, 8, 4);
      break;
    }
    if (b->id) S_dest(t, b->id);
    if (b->fold) { /* folded in the HTML: here, a line saying where its rows are */
      if (!b->table->nrows) break;
      ec_buf_puts(&m, "<i>");
      S_markup_esc(&m, b->caption ? b->caption : "More rows", b->caption ? strlen(b->caption) : 9);
      ec_buf_printf(&m, ": %zu row%s in the HTML report.</i>", b->table->nrows, ec_plural(b->table->nrows, "", "s"));
      S_paragraph(t, m.data, S_BODY, 0, 6);
      break;
    }
    if (b->caption) {
      S_markup_esc(&m, b->caption, strlen(b->caption));
      S_need(t, 110); /* the lead-in sentence stays with the header and a row or two */
      S_paragraph(t, m.data, S_BODY, 0, 3);
    }
    S_table(t, b->table, b->brief_rows);
    break;
  case EC_BLOCK_NOTES:
    if (b->id) S_dest(t, b->id);
    if (!b->n_notes) break; /* nothing to list: the text around it says so, no stray "None." */
    if (t->brief && b->brief_rows && b->brief_rows < notes) notes = b->brief_rows;
    for (size_t i = 0; i < notes; i++) {
      m.len = 0;
      ec_buf_puts(&m, b->notes[i].sev >= 2 ? "<span foreground=\"#a4161a\">\xE2\x80\xA2 " : "<span foreground=\"#8a5a00\">\xE2\x80\xA2 ");
      S_markup_esc(&m, b->notes[i].text, strlen(b->notes[i].text) > 2000 ? 2000 : strlen(b->notes[i].text));
      ec_buf_puts(&m, "</span>");
      S_paragraph(t, m.data, S_SMALL + 0.5, 8, 2);
    }
    if (notes < b->n_notes) {
      m.len = 0;
      ec_buf_printf(&m, t->html_rest ? "<i>%zu more in the HTML report.</i>"
                                     : "<i>%zu more in the HTML report and in the PDF with --pdf-detail full.</i>",
                    b->n_notes - notes);
      S_paragraph(t, m.data, S_SMALL, 8, 2);
    }
    t->y += 6;
    break;
  case EC_BLOCK_TEXT:
    if (b->link) {
      char *la = ec_asprintf("dest='%s'", b->link + 1);
      cairo_tag_begin(t->cr, CAIRO_TAG_LINK, la);
      free(la);
    }
    S_markup_esc(&m, b->text, strlen(b->text));
    if (b->badge) {
      /* one piece: its spaces do not break */
      ec_buf_puts(&m, " <span background=\"#fff6e0\" foreground=\"#8a5a00\"><b>\xC2\xA0");
      for (const char *p = b->badge; *p; p++) {
        if (*p == ' ') ec_buf_puts(&m, "\xC2\xA0");
        else S_markup_esc(&m, p, 1);
      }
      ec_buf_puts(&m, "\xC2\xA0</b></span>");
    }
    S_paragraph(t, m.data, S_BODY, 0, 6);
    if (b->link) cairo_tag_end(t->cr, CAIRO_TAG_LINK);
    break;
  case EC_BLOCK_TILES: S_tiles(t, b); break;
  case EC_BLOCK_UNAVAILABLE:
    ec_buf_puts(&m, "<span foreground=\"#6b7280\"><i>" EC_NA_LEAD);
    S_markup_esc(&m, b->why, strlen(b->why));
    ec_buf_puts(&m, "</i></span>");
    S_paragraph(t, m.data, S_BODY, 0, 8);
    break;
  case EC_BLOCK_GROUP: {
    int first_page = t->page;
    for (size_t i = 0; i < b->n_children; i++) S_block(t, b->children[i]);
    /* Page 1 is the first screen alone. A first screen too long for one page
     * (long layer names) already spilled: the next section follows the spill
     * rather than leave a page holding a table row or two. */
    if (b->role == EC_ROLE_FIRST_SCREEN && t->page == first_page) t->pending_break = 1;
    break;
  }
  case EC_BLOCK_MARK: break;
  case EC_BLOCK_DRAWING:
    if (b->draw && b->width > 0 && b->height > 0) S_picture(t, b->width, b->height, S_paint_drawing, b, b->caption, 0,
                                                        b->min_text > 0 ? S_MIN_TEXT_PT / b->min_text : 0);
    break;
  }
  ec_buf_free(&m);
}

/* ---- document ---------------------------------------------------------------- */

/* The least height block b takes where it starts: a picture at the
 * smallest size S_picture gives it below other text on a page, a table its
 * lead-in, header and a row or two, anything else a few lines. */
static double S_block_least(const S_ts *t, const ec_block *b) {
  if (!b) return 40;
  switch (b->kind) {
  case EC_BLOCK_FIGURE:
  case EC_BLOCK_DRAWING: {
    int fig = b->kind == EC_BLOCK_FIGURE;
    if (!fig && !b->draw) return 40;
    const ec_scene *sc = fig ? S_fig_scene(b) : NULL;
    double w = fig ? sc->width : b->width, h = fig ? sc->height : b->height;
    double mt = fig ? S_scene_min_text(sc) : b->min_text;
    double kmin = mt > 0 ? S_MIN_TEXT_PT / mt : 0;
    double k = S_picture_scale(t, w, h);
    if (k < kmin && w * kmin <= t->cw + 0.5 && h * kmin <= t->ph - t->mt - t->mb - 30) k = kmin;
    if (fig && k >= kmin) k = fmax(k * S_SHRINK, kmin);
    return h * k + 16;
  }
  case EC_BLOCK_GROUP: return b->n_children ? S_block_least(t, b->children[0]) : 0;
  case EC_BLOCK_TABLE: return (b->caption ? 30 : 0) + 50;
  case EC_BLOCK_TILES: return 60;
  default: return 40;
  }
}

static void S_heading(S_ts *t, cmark_node *n, const char *part_id, int hseq) {
  int level = cmark_node_get_heading_level(n);
  if (level < 1) level = 1;
  if (level > 6) level = 6;
  static const double sizes[] = {0, 18, 14, 11.5, 10.5, 10, 10};
  ec_buf m = {0};
  S_inlines(n, &m);
  /* keep with what follows (never a heading alone at the foot of a page):
   * the paragraphs up to the first other block, as set, and that block at
   * the least height it takes (a picture as small as S_picture may make it
   * here); PDF marks and the HTML's fold ends take no room */
  double follow = 0;
  cmark_node *nx = cmark_node_next(n);
  for (int paras = 0; nx; nx = cmark_node_next(nx)) {
    cmark_node_type ty = cmark_node_get_type(nx);
    const ec_block *xb = ty == CMARK_NODE_CUSTOM_BLOCK ? cmark_node_get_user_data(nx) : NULL;
    if (ty == CMARK_NODE_CUSTOM_BLOCK && (!xb || xb->kind == EC_BLOCK_MARK)) continue;
    if (ty == CMARK_NODE_PARAGRAPH && paras < 2) {
      ec_buf pm = {0};
      S_inlines(nx, &pm);
      PangoLayout *pl = S_layout(t, pm.data ? pm.data : "", S_BODY, 0, t->cw, 0);
      follow += S_layout_h(pl) + 6;
      g_object_unref(pl);
      ec_buf_free(&pm);
      paras++;
      continue;
    }
    follow += ty == CMARK_NODE_CUSTOM_BLOCK ? S_block_least(t, xb) : ty == CMARK_NODE_HEADING ? 0 : 40;
    break;
  }
  if (follow < 40) follow = 40;
  /* a page this heading starts is not a continuation of the section before */
  if (level <= 2) t->section = NULL;
  S_need(t, sizes[level] * 2 + (level == 1 ? 4 : 10) + 16 + follow);
  t->y += level == 1 ? 4 : 10;
  char dest[64];
  snprintf(dest, sizeof dest, "%s-s%d", part_id, hseq);
  char *attr = ec_asprintf("name='%s'", dest);
  cairo_tag_begin(t->cr, CAIRO_TAG_DEST, attr);
  cairo_tag_end(t->cr, CAIRO_TAG_DEST);
  free(attr);
  PangoLayout *l = S_layout(t, m.data ? m.data : "", sizes[level], 1, t->cw, 0);
  S_draw_layout(t, l, t->ml);
  g_object_unref(l);
  /* outline entry: plain text of the heading */
  ec_buf txt = {0};
  for (cmark_node *c = cmark_node_first_child(n); c; c = cmark_node_next(c))
    if (cmark_node_get_literal(c)) ec_buf_puts(&txt, cmark_node_get_literal(c));
  int parent = level > 1 ? t->outline[level - 1] : CAIRO_PDF_OUTLINE_ROOT;
  char *link = ec_asprintf("dest='%s'", dest);
  ec_buf plain = {0};
  S_plain(&plain, txt.data ? txt.data : "", 400);
  int id = cairo_pdf_surface_add_outline(t->surf, parent, plain.data, link,
                                         level <= 2 ? CAIRO_PDF_OUTLINE_FLAG_OPEN : 0);
  ec_buf_free(&plain);
  free(link);
  for (int k = level; k < 8; k++) t->outline[k] = id;
  if (level == 2) { /* the section a continuation page names */
    free(t->section_own);
    t->section_own = ec_strdup(txt.data ? txt.data : "");
    t->section = t->section_own;
  }
  ec_buf_free(&txt);
  if (level <= 2) {
    cairo_set_line_width(t->cr, level == 1 ? 1.0 : 0.5);
    cairo_move_to(t->cr, t->ml, t->y + 2);
    cairo_line_to(t->cr, t->pw - t->mr, t->y + 2);
    cairo_stroke(t->cr);
    t->y += 4;
  }
  t->y += 6;
  ec_buf_free(&m);
}

/* One block node and what it holds. It recurses once per level of block
 * quotes and lists (S_inlines once per level of emphasis and links): a
 * template nested deeper than EC_TEMPLATE_MAX_DEPTH never gets here
 * (ec_template_expand refuses it), so the stack stays small. */
static void S_node(S_ts *t, cmark_node *n, const char *part_id, int hseq, double indent) {
  ec_buf m = {0};
  if (t->pending_break && !(cmark_node_get_type(n) == CMARK_NODE_CUSTOM_BLOCK && cmark_node_get_user_data(n) &&
                            ((const ec_block *)cmark_node_get_user_data(n))->kind == EC_BLOCK_MARK)) {
    t->pending_break = 0;
    S_new_page(t);
  }
  switch (cmark_node_get_type(n)) {
  case CMARK_NODE_HEADING: S_heading(t, n, part_id, hseq); break;
  case CMARK_NODE_PARAGRAPH:
    S_inlines(n, &m);
    S_paragraph(t, m.data ? m.data : "", S_BODY, indent, 6);
    break;
  case CMARK_NODE_CODE_BLOCK: {
    const char *s = cmark_node_get_literal(n);
    ec_buf_puts(&m, "<tt>");
    S_markup_esc(&m, s, strlen(s));
    ec_buf_puts(&m, "</tt>");
    S_paragraph(t, m.data, S_SMALL + 0.5, indent + 8, 6);
    break;
  }
  case CMARK_NODE_LIST: {
    int ordered = cmark_node_get_list_type(n) == CMARK_ORDERED_LIST;
    int k = cmark_node_get_list_start(n);
    for (cmark_node *it = cmark_node_first_child(n); it; it = cmark_node_next(it), k++) {
      char bullet[16];
      snprintf(bullet, sizeof bullet, ordered ? "%d." : "\xE2\x80\xA2", k);
      PangoLayout *l = S_layout(t, bullet, S_BODY, 0, 0, 0);
      S_need(t, 14);
      cairo_move_to(t->cr, t->ml + indent + 2, t->y);
      pango_cairo_show_layout(t->cr, l);
      g_object_unref(l);
      for (cmark_node *c = cmark_node_first_child(it); c; c = cmark_node_next(c)) S_node(t, c, part_id, 0, indent + 16);
    }
    break;
  }
  case CMARK_NODE_BLOCK_QUOTE:
    for (cmark_node *c = cmark_node_first_child(n); c; c = cmark_node_next(c)) S_node(t, c, part_id, 0, indent + 14);
    break;
  case CMARK_NODE_THEMATIC_BREAK:
    S_need(t, 12);
    cairo_set_line_width(t->cr, 0.5);
    cairo_move_to(t->cr, t->ml, t->y + 5);
    cairo_line_to(t->cr, t->pw - t->mr, t->y + 5);
    cairo_stroke(t->cr);
    t->y += 12;
    break;
  case CMARK_NODE_CUSTOM_BLOCK: {
    const ec_block *b = cmark_node_get_user_data(n);
    if (b) S_block(t, b);
    break;
  }
  default: break; /* raw HTML never reaches here (safe mode) */
  }
  ec_buf_free(&m);
}

/* A mark's role when n is one (EC_MARK_*), else -1. */
static int S_mark_of(cmark_node *n) {
  if (cmark_node_get_type(n) != CMARK_NODE_CUSTOM_BLOCK) return -1;
  const ec_block *b = cmark_node_get_user_data(n);
  return b && b->kind == EC_BLOCK_MARK ? b->role : -1;
}

/* One engine's part: the brief (sections without a detail mark), then, with
 * --pdf-detail full, the detail sections in template order. A heading opens
 * a section that lasts until the next heading of the same or a higher level;
 * a mark among a section's own nodes (before its first subheading) sets the
 * section's place, and subsections inherit it. */
static void S_part(S_ts *t, const ec_report_part *p, int full) {
  size_t n = 0;
  for (cmark_node *x = cmark_node_first_child(p->doc.root); x; x = cmark_node_next(x)) n++;
  cmark_node **v = ec_calloc(n + 1, sizeof *v);
  unsigned char *detail = ec_calloc(n + 1, 1);
  int *hseq = ec_calloc(n + 1, sizeof *hseq);
  n = 0;
  for (cmark_node *x = cmark_node_first_child(p->doc.root); x; x = cmark_node_next(x)) v[n++] = x;
  int mode[8] = {0}, cur = EC_MARK_BRIEF, heads = 0;
  for (size_t i = 0; i < n; i++) {
    if (cmark_node_get_type(v[i]) == CMARK_NODE_HEADING) {
      int lv = cmark_node_get_heading_level(v[i]);
      lv = lv < 1 ? 1 : lv > 6 ? 6 : lv;
      int own = -1;
      for (size_t j = i + 1; j < n && cmark_node_get_type(v[j]) != CMARK_NODE_HEADING && own < 0; j++) own = S_mark_of(v[j]);
      cur = own >= 0 ? own : mode[lv - 1];
      for (int k = lv; k < 8; k++) mode[k] = cur;
      hseq[i] = ++heads; /* the HTML's heading anchors count in template order */
    }
    detail[i] = cur == EC_MARK_DETAIL;
  }
  for (int pass = 0; pass < (full ? 2 : 1); pass++) {
    int first = 1;
    for (size_t i = 0; i < n; i++) {
      if (detail[i] != pass) continue;
      if (pass && first) t->pending_break = 1; /* the detail starts on a page of its own */
      first = 0;
      S_node(t, v[i], p->id, hseq[i], 0);
    }
  }
  t->pending_break = 0;
  free(v);
  free(detail);
  free(hseq);
}

static cairo_status_t S_write(void *closure, const unsigned char *data, unsigned int len) {
  ec_buf_put(closure, data, len);
  return CAIRO_STATUS_SUCCESS;
}

/* Set the whole document into out; tight: the brief set again shorter.
 * *part_pages: the most pages one engine's part took. */
static int S_typeset(const ec_report *r, const ec_pdf_opts *o, ec_buf *out, ec_diags *d, int tight, int *part_pages) {
  S_ts t;
  memset(&t, 0, sizeof t);
  t.d = d;
  t.tight = tight;
  t.pw = o && o->letter ? 612 : 595.276;
  t.ph = o && o->letter ? 792 : 841.89;
  t.ml = t.mr = 50;
  t.mt = 64;
  t.mb = 54;
  t.cw = t.pw - t.ml - t.mr;
  t.max_rows = o && o->max_table_rows ? o->max_table_rows : 400;
  t.brief = !(o && o->detail == EC_PDF_FULL);
  t.html_rest = r->html_rest;
  t.surf = cairo_pdf_surface_create_for_stream(S_write, out, t.pw, t.ph);
  ec_cairo_set_dates(t.surf);
  char title[512];
  ec_buf ptitle = {0};
  S_plain(&ptitle, ec_report_title(r, title, sizeof title), sizeof title);
  cairo_pdf_surface_set_metadata(t.surf, CAIRO_PDF_METADATA_TITLE, ptitle.data);
  ec_buf_free(&ptitle);
  cairo_pdf_surface_set_metadata(t.surf, CAIRO_PDF_METADATA_CREATOR, "enginecard");
  t.cr = cairo_create(t.surf);
  t.pctx = pango_font_map_create_context((PangoFontMap *)ec_text_fontmap());
  ec_text_setup_context(t.pctx);
  pango_cairo_update_context(t.cr, t.pctx);
  cairo_set_source_rgb(t.cr, 0.1, 0.1, 0.1);
  for (int k = 0; k < 8; k++) t.outline[k] = CAIRO_PDF_OUTLINE_ROOT;
  if (r->n > 1) {
    t.running = "Engines";
    S_page_begin(&t);
    int id = cairo_pdf_surface_add_outline(t.surf, CAIRO_PDF_OUTLINE_ROOT, "Engines", "page=1 pos=[50 64]", 0);
    (void)id;
    PangoLayout *l = S_layout(&t, "Engines", 18, 1, t.cw, 0);
    S_draw_layout(&t, l, t.ml);
    g_object_unref(l);
    t.y += 10;
    ec_table *tb = ec_report_index_table(r);
    S_table(&t, tb, 0);
    ec_table_free(tb);
  }
  for (size_t i = 0; i < r->n; i++) {
    const ec_report_part *p = &r->parts[i];
    t.running = r->running ? r->running : p->engine->name;
    t.section = NULL;
    if (t.page_open) S_new_page(&t);
    else S_page_begin(&t);
    for (int k = 0; k < 8; k++) t.outline[k] = CAIRO_PDF_OUTLINE_ROOT;
    char *dest = ec_asprintf("name='%s'", p->id); /* the index links here */
    cairo_tag_begin(t.cr, CAIRO_TAG_DEST, dest);
    cairo_tag_end(t.cr, CAIRO_TAG_DEST);
    free(dest);
    int first = t.page;
    S_part(&t, p, !t.brief);
    if (t.page - first + 1 > t.part_pages_max) t.part_pages_max = t.page - first + 1;
  }
  *part_pages = t.part_pages_max;
  free(t.section_own);
  S_page_end(&t);
  g_object_unref(t.pctx);
  cairo_destroy(t.cr);
  cairo_surface_finish(t.surf);
  cairo_status_t st = cairo_surface_status(t.surf);
  cairo_surface_destroy(t.surf);
  if (st != CAIRO_STATUS_SUCCESS) {
    ec_diag_add(d, EC_ERROR, NULL, 0, 0, "PDF: %s", cairo_status_to_string(st));
    return -1;
  }
  return 0;
}

int ec_report_pdf(const ec_report *r, const ec_pdf_opts *o, ec_buf *out, ec_diags *d) {
  int pages = 0;
  size_t at = out->len;
  int rc = S_typeset(r, o, out, d, 0, &pages);
  if (rc || (o && o->detail == EC_PDF_FULL) || pages <= S_BRIEF_PAGES) return rc;
  /* a brief past the README's promise: set again, tight */
  out->len = at;
  return S_typeset(r, o, out, d, 1, &pages);
}
