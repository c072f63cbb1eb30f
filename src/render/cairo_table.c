/* cairo_table — see cairo_table.h. */
#include "render/cairo_table.h"
#include "render/cairo.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "util/utf8.h"
#include "draw/text.h"
#include "words/words.h"
#include <math.h>
#include <pango/pangocairo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define S_PAD 3.0
#define S_MAX_CHARS 1500 /* a cell longer than this is cut with an ellipsis */
#define S_MAX_PIECE 48  /* longer unbreakable pieces may break between characters */
#define S_SAMPLE_ROWS 200 /* rows measured for column widths */

/* The text of a cell as pango will show it: sanitised, at most S_MAX_CHARS
 * bytes (cut at a character boundary, then an ellipsis). */
static void S_text(ec_buf *b, const char *s) {
  b->len = 0;
  if (b->data) b->data[0] = '\0';
  size_t n = strlen(s);
  if (n > S_MAX_CHARS) {
    size_t k = S_MAX_CHARS;
    while (k > 0 && ((unsigned char)s[k] & 0xC0) == 0x80) k--;
    ec_buf_text(b, s, k);
    ec_buf_puts(b, "\xE2\x80\xA6");
  } else {
    ec_buf_text(b, s, n);
  }
  if (!b->data) ec_buf_puts(b, "");
}

/* Pieces of s that must not break inside: the runs between spaces and
 * ec_ident_break positions. Calls fn for each [a, b). */
typedef void (*S_piece_fn)(void *ud, const char *s, size_t a, size_t b);
static void S_pieces(const char *s, size_t n, S_piece_fn fn, void *ud) {
  size_t a = 0;
  for (size_t i = 1; i <= n; i++) {
    if (i < n && !ec_ident_break_at(s, n, i) && s[i] != ' ' && s[i - 1] != ' ')
      continue;
    if (s[a] != ' ') fn(ud, s, a, i);
    a = i;
  }
}

static void S_no_break(void *ud, const char *s, size_t a, size_t b) {
  (void)s;
  if (b - a < 2 || b - a > S_MAX_PIECE) return;
  PangoAttribute *at = pango_attr_allow_breaks_new(FALSE);
  at->start_index = (guint)a;
  at->end_index = (guint)b;
  pango_attr_list_insert(ud, at);
}

typedef struct {
  double size;
  int bold;
  double w;
} S_widest;

static void S_measure_piece(void *ud, const char *s, size_t a, size_t b) {
  S_widest *w = ud;
  if (b - a > S_MAX_PIECE) return;
  double x = ec_text_measure(s + a, b - a, w->size, w->bold).width;
  if (x > w->w) w->w = x;
}

/* A layout of plain text s (already sanitised) in a box of width w (0: no
 * wrapping), breaking only between pieces, never hyphenating. Right-aligned
 * (numeric) text does not wrap at all. */
static PangoLayout *S_layout(PangoContext *pc, const char *s, int bold, double w, int right) {
  PangoLayout *l = pango_layout_new(pc);
  PangoFontDescription *fd = ec_text_font(EC_TABLE_PT, bold);
  pango_layout_set_font_description(l, fd);
  pango_font_description_free(fd);
  if (w > 0) pango_layout_set_width(l, (int)(w * PANGO_SCALE));
  if (w > 0 && !right) pango_layout_set_wrap(l, PANGO_WRAP_WORD_CHAR);
  if (right) pango_layout_set_alignment(l, PANGO_ALIGN_RIGHT);
  size_t n = strlen(s);
  pango_layout_set_text(l, s, (int)n);
  PangoAttrList *al = pango_attr_list_new();
  pango_attr_list_insert(al, pango_attr_insert_hyphens_new(FALSE));
  S_pieces(s, n, S_no_break, al);
  pango_layout_set_attributes(l, al);
  pango_attr_list_unref(al);
  return l;
}

static double S_height(PangoLayout *l) {
  int w, h;
  pango_layout_get_size(l, &w, &h);
  return (double)h / PANGO_SCALE;
}

static void S_rgb(cairo_t *cr, unsigned hex) {
  cairo_set_source_rgb(cr, ((hex >> 16) & 255) / 255.0, ((hex >> 8) & 255) / 255.0, (hex & 255) / 255.0);
}

/* Room the cell's kind takes before its text (the precision chip). */
static double S_lead(const ec_cell *x) { return x && x->kind == EC_CELL_PRECISION ? EC_TABLE_PT * 0.95 : 0; }

/* Column widths: natural widths from the header's longest word and the
 * first rows, at most 45% of the column each, at least the widest piece
 * that cannot break; text columns shrink (widest first) until the table
 * fits. Returns the table's width. */
static double S_widths(const ec_table *t, size_t nr, double cw, double *w) {
  size_t nc = t->ncols;
  double total = 0;
  ec_buf b = {0};
  for (size_t c = 0; c < nc; c++) {
    S_widest head = {EC_TABLE_PT, 1, 0};
    S_text(&b, t->cols[c].header);
    /* a header may wrap between words: its longest word sets its width */
    const char *h = b.data;
    while (*h) {
      size_t wl = strcspn(h, " ");
      double ww = ec_text_measure(h, wl, EC_TABLE_PT, 1).width;
      if (ww > head.w) head.w = ww;
      h += wl;
      while (*h == ' ') h++;
    }
    double nat = head.w;
    S_widest piece = {EC_TABLE_PT, 0, 0};
    for (size_t r = 0; r < nr && r < S_SAMPLE_ROWS; r++) {
      const ec_cell *x = ec_table_cell(t, r, c);
      S_text(&b, x->text ? x->text : "");
      double lead = S_lead(x);
      double xw = ec_text_measure(b.data, b.len, EC_TABLE_PT, 0).width + lead;
      if (xw > nat) nat = xw;
      double before = piece.w;
      S_pieces(b.data, b.len, S_measure_piece, &piece);
      if (piece.w > before) piece.w += lead;
    }
    double cap = cw * 0.45;
    double floor_w = fmax(36, t->cols[c].min_width_em * EC_TABLE_PT);
    /* numbers do not wrap: their column keeps its natural width */
    if (t->cols[c].align == EC_CELL_ALIGN_RIGHT) piece.w = nat;
    floor_w = fmax(floor_w, fmax(piece.w, head.w) + 2 * S_PAD);
    if (floor_w > cap) floor_w = cap;
    w[c] = fmin(nat + 2 * S_PAD, cap);
    if (w[c] < floor_w) w[c] = floor_w;
    /* remember each column's floor in the sign-free spare slot */
    w[nc + c] = floor_w;
    total += w[c];
  }
  ec_buf_free(&b);
  for (int guard = 0; total > cw && guard < 400; guard++) {
    size_t wi = nc;
    for (size_t c = 0; c < nc; c++)
      if (w[c] - w[nc + c] > 0.5 && (wi == nc || w[c] > w[wi])) wi = c;
    if (wi == nc) break;
    double cut = fmin(total - cw, w[wi] * 0.25);
    if (w[wi] - cut < w[nc + wi]) cut = w[wi] - w[nc + wi];
    w[wi] -= cut;
    total -= cut;
  }
  if (total > cw) {
    /* even at their floors the columns are too wide: text columns give
     * way first (they wrap; a number squeezed below its width would print
     * over its neighbour's), down to a third of their floor */
    double text = 0;
    for (size_t c = 0; c < nc; c++)
      if (t->cols[c].align != EC_CELL_ALIGN_RIGHT) text += w[c];
    double need = total - cw;
    if (text > 0) {
      double k = fmax(1.0 / 3, (text - need) / text);
      for (size_t c = 0; c < nc; c++)
        if (t->cols[c].align != EC_CELL_ALIGN_RIGHT) total -= w[c] * (1 - k), w[c] *= k;
    }
  }
  if (total > cw) {
    /* and still too wide: scale them all */
    for (size_t c = 0; c < nc; c++) w[c] *= cw / total;
    total = cw;
  }
  return total;
}

/* Lay out one row (header when r == SIZE_MAX); returns its height. A body
 * cell of more than max_lines lines (0: no limit) shows max_lines, its
 * middle cut with an ellipsis (a long fused name keeps its start and end). */
static double S_row_layouts(const ec_table *t, size_t r, PangoContext *pc, const double *w, PangoLayout **ls,
                            int max_lines) {
  ec_buf b = {0};
  double rh = 0;
  int header = r == (size_t)-1;
  for (size_t c = 0; c < t->ncols; c++) {
    const ec_cell *x = header ? NULL : ec_table_cell(t, r, c);
    S_text(&b, header ? t->cols[c].header : x->text ? x->text : "");
    ls[c] = S_layout(pc, b.data, header || (x && x->kind == EC_CELL_BAD), w[c] - 2 * S_PAD - S_lead(x),
                     t->cols[c].align == EC_CELL_ALIGN_RIGHT);
    if (!header && max_lines > 0 && pango_layout_get_line_count(ls[c]) > max_lines) {
      pango_layout_set_height(ls[c], -max_lines);
      pango_layout_set_ellipsize(ls[c], PANGO_ELLIPSIZE_MIDDLE);
    }
    double h = S_height(ls[c]);
    if (h > rh) rh = h;
  }
  ec_buf_free(&b);
  return rh + 2 * S_PAD;
}

static void S_text_color(cairo_t *cr, const ec_cell *x) {
  unsigned ink = EC_CAIRO_INK;
  if (x) switch (x->kind) {
    case EC_CELL_GOOD: ink = 0x2e7d32; break;
    case EC_CELL_BAD: ink = 0xa4161a; break;
    case EC_CELL_SEVERITY:
      ink = x->key && !strcmp(x->key, "error") ? 0xa4161a : x->key && !strcmp(x->key, "warning") ? 0x8a5a00 : EC_CAIRO_INK;
      break;
    default: break;
    }
  if (x && x->link) ink = 0x0a61c4;
  S_rgb(cr, ink);
}

/* Draw a laid-out row at f->y; frees the layouts. */
static void S_draw_row(const ec_table *t, size_t r, ec_cairo_flow *f, const double *w, const double *smax, double tw,
                       double rh, PangoLayout **ls) {
  cairo_t *cr = f->cr;
  int header = r == (size_t)-1;
  if (header) {
    S_rgb(cr, 0xeef0f4);
    cairo_rectangle(cr, f->x, f->y, tw, rh);
    cairo_fill(cr);
  } else if (ec_table_is_sub(t, r)) {
    S_rgb(cr, 0xf6f7f9);
    cairo_rectangle(cr, f->x + w[0], f->y, tw - w[0], rh);
    cairo_fill(cr);
  }
  if (!header && t->row_ids && t->row_ids[r]) {
    char *attr = ec_asprintf("name='%s'", t->row_ids[r]);
    cairo_tag_begin(cr, CAIRO_TAG_DEST, attr);
    cairo_tag_end(cr, CAIRO_TAG_DEST);
    free(attr);
  }
  cairo_save(cr);
  cairo_rectangle(cr, f->x, f->y, tw, rh);
  cairo_clip(cr);
  double x = f->x;
  for (size_t c = 0; c < t->ncols; c++) {
    const ec_cell *cell = header ? NULL : ec_table_cell(t, r, c);
    if (cell && cell->kind == EC_CELL_CHANGED) {
      S_rgb(cr, 0xfff4d1);
      cairo_rectangle(cr, x, f->y, w[c], rh);
      cairo_fill(cr);
    }
    if (cell && cell->kind == EC_CELL_SHARE && isfinite(cell->sort) && smax[c] > 0) {
      /* a bar behind the number: its fraction of the column's largest share */
      double bw = (w[c] - 2 * S_PAD) * fmax(0, fmin(1, cell->sort / smax[c]));
      cairo_set_source_rgba(cr, 0.27, 0.51, 0.71, 0.25);
      cairo_rectangle(cr, x + S_PAD, f->y + S_PAD - 1, bw, EC_TABLE_PT * 1.2 + 2); /* the first line's height */
      cairo_fill(cr);
    }
    double lead = S_lead(cell);
    if (lead > 0) {
      ec_color col = cell->chip;
      cairo_set_source_rgb(cr, col.r / 255.0, col.g / 255.0, col.b / 255.0);
      double sz = EC_TABLE_PT * 0.65;
      cairo_rectangle(cr, x + S_PAD, f->y + S_PAD + (EC_TABLE_PT * 1.2 - sz) / 2, sz, sz);
      cairo_fill(cr);
    }
    S_text_color(cr, cell);
    if (cell && cell->link) {
      char *la = ec_asprintf("dest='%s'", cell->link + 1);
      cairo_tag_begin(cr, CAIRO_TAG_LINK, la);
      free(la);
    }
    cairo_move_to(cr, x + S_PAD + lead, f->y + S_PAD);
    pango_cairo_show_layout(cr, ls[c]);
    if (cell && cell->link) cairo_tag_end(cr, CAIRO_TAG_LINK);
    g_object_unref(ls[c]);
    ls[c] = NULL;
    x += w[c];
  }
  cairo_restore(cr);
  f->y += rh;
  S_rgb(cr, 0xccd1d9);
  cairo_set_line_width(cr, 0.4);
  cairo_move_to(cr, f->x, f->y);
  cairo_line_to(cr, f->x + tw, f->y);
  cairo_stroke(cr);
}

static void S_new_page(ec_cairo_flow *f) {
  f->new_page(f->ud);
  f->y = f->top;
}

/* The line closing a capped group of sub rows: "… and N more layers (in the
 * HTML report)", indented past the first column. */
static void S_more_line(const ec_table *t, ec_cairo_flow *f, const double *w, size_t n) {
  char *txt = ec_asprintf("\xE2\x80\xA6 and %zu more %s in the HTML report", n,
                          n == 1 && t->sub_label_one ? t->sub_label_one : t->sub_label ? t->sub_label : "rows");
  PangoLayout *l = pango_layout_new(f->pango_context);
  PangoFontDescription *fd = ec_text_font(EC_TABLE_PT, 0);
  pango_font_description_set_style(fd, PANGO_STYLE_ITALIC);
  pango_layout_set_font_description(l, fd);
  pango_font_description_free(fd);
  pango_layout_set_text(l, txt, -1);
  double h = S_height(l) + 2 * S_PAD;
  if (h > f->bottom - f->y && f->y > f->top + 1) S_new_page(f);
  S_rgb(f->cr, 0x4a4f57);
  cairo_move_to(f->cr, f->x + w[0] + S_PAD, f->y + S_PAD);
  pango_cairo_show_layout(f->cr, l);
  g_object_unref(l);
  free(txt);
  f->y += h;
}

void ec_render_table_cairo(const ec_table *t, ec_cairo_flow *f, size_t max_rows, const char *more) {
  size_t nc = t->ncols;
  if (!nc) return;
  PangoContext *pc = f->pango_context;
  size_t nr = max_rows && t->nrows > max_rows ? max_rows : t->nrows;
  size_t shown_top = nr, all_top = t->nrows; /* rows a cap counts: a grouped table's group rows */
  if (t->row_sub) {
    all_top = 0;
    for (size_t r = 0; r < t->nrows; r++) all_top += !t->row_sub[r];
    nr = t->nrows;
    shown_top = all_top;
    if (max_rows && all_top > max_rows) {
      size_t k = 0;
      for (nr = 0; nr < t->nrows; nr++)
        if (!t->row_sub[nr] && k++ == max_rows) break;
      shown_top = max_rows;
    }
  }
  double *w = ec_calloc(2 * nc, sizeof *w);
  double tw = S_widths(t, nr, f->width, w);
  double *smax = ec_table_share_max(t);
  PangoLayout **ls = ec_calloc(nc, sizeof *ls), **hl = ec_calloc(nc, sizeof *hl);
  double page_h = f->bottom - f->top;
  double hh = S_row_layouts(t, (size_t)-1, pc, w, hl, 0);
  double rh1 = nr ? S_row_layouts(t, 0, pc, w, ls, f->max_lines) : 0;
  /* keep the header with the first rows */
  if (hh + fmin(rh1, page_h / 3) > f->bottom - f->y && f->y > f->top + 1) S_new_page(f);
  S_draw_row(t, (size_t)-1, f, w, smax, tw, hh, hl);
  size_t in_group = 0, skipped = 0;
  size_t sub_cap = f->sub_cap && (!t->sub_cap || f->sub_cap < t->sub_cap) ? f->sub_cap : t->sub_cap;
  for (size_t r = 0; r < nr; r++) {
    if (ec_table_is_sub(t, r)) {
      if (sub_cap && ++in_group > sub_cap) {
        skipped++;
        if (r + 1 < nr && ec_table_is_sub(t, r + 1)) continue;
        S_more_line(t, f, w, skipped);
        skipped = 0;
        continue;
      }
    } else {
      in_group = 0;
    }
    double rh = r == 0 ? rh1 : S_row_layouts(t, r, pc, w, ls, f->max_lines);
    if (rh > page_h - hh - 40) rh = page_h - hh - 40; /* a monster row is clipped */
    if (rh > f->bottom - f->y && f->y > f->top + 1) {
      S_new_page(f);
      S_row_layouts(t, (size_t)-1, pc, w, hl, 0);
      S_draw_row(t, (size_t)-1, f, w, smax, tw, hh, hl);
    }
    S_draw_row(t, r, f, w, smax, tw, rh, ls);
  }
  for (size_t c = 0; c < nc; c++) {
    if (hl[c]) g_object_unref(hl[c]);
    if (ls[c]) g_object_unref(ls[c]);
  }
  free(hl);
  free(ls);
  free(w);
  free(smax);
  f->y += 4;
  ec_buf note = {0};
  if (all_top > shown_top)
    ec_buf_printf(&note, "%zu more row%s %s. ", all_top - shown_top, ec_plural(all_top - shown_top, " is", "s are"),
                  more ? more : "in the HTML report");
  if (t->note) ec_buf_puts(&note, t->note);
  if (note.len) {
    ec_buf txt = {0};
    S_text(&txt, note.data);
    PangoLayout *l = pango_layout_new(pc);
    PangoFontDescription *fd = ec_text_font(EC_TABLE_PT, 0);
    pango_font_description_set_style(fd, PANGO_STYLE_ITALIC);
    pango_layout_set_font_description(l, fd);
    pango_font_description_free(fd);
    pango_layout_set_width(l, (int)(f->width * PANGO_SCALE));
    pango_layout_set_wrap(l, PANGO_WRAP_WORD_CHAR);
    pango_layout_set_text(l, txt.data, (int)txt.len);
    double h = S_height(l);
    if (h > f->bottom - f->y && f->y > f->top + 1) S_new_page(f);
    S_rgb(f->cr, 0x4a4f57);
    cairo_move_to(f->cr, f->x, f->y);
    pango_cairo_show_layout(f->cr, l);
    g_object_unref(l);
    f->y += h + 2;
    ec_buf_free(&txt);
  }
  ec_buf_free(&note);
  S_rgb(f->cr, EC_CAIRO_INK);
  f->y += 8;
}

/* The glyph of "-" in the table font: what pango draws for a hyphen it
 * inserts at a break. */
static PangoGlyph S_hyphen_glyph(PangoContext *pc) {
  PangoLayout *l = S_layout(pc, "-", 0, 0, 0);
  PangoLayoutLine *line = pango_layout_get_line_readonly(l, 0);
  PangoGlyph g = PANGO_GLYPH_EMPTY;
  if (line && line->runs) {
    PangoGlyphItem *run = line->runs->data;
    if (run->glyphs->num_glyphs) g = run->glyphs->glyphs[0].glyph;
  }
  g_object_unref(l);
  return g;
}

void ec_cairo_cell_lines(const char *s, double w, ec_buf *out) {
  PangoContext *pc = pango_font_map_create_context(ec_text_fontmap());
  ec_text_setup_context(pc);
  PangoGlyph hy = S_hyphen_glyph(pc);
  ec_buf b = {0};
  S_text(&b, s);
  PangoLayout *l = S_layout(pc, b.data, 0, w, 0);
  const char *txt = pango_layout_get_text(l);
  ec_buf_puts(out, "");
  for (GSList *it = pango_layout_get_lines_readonly(l); it; it = it->next) {
    const PangoLayoutLine *line = it->data;
    if (it != pango_layout_get_lines_readonly(l)) ec_buf_putc(out, '\n');
    ec_buf_put(out, txt + line->start_index, (size_t)line->length);
    /* a hyphen pango draws at the break (its last glyph, where the text has
     * none) is part of what the reader sees */
    GSList *last = g_slist_last(line->runs);
    if (last && line->length > 0 && txt[line->start_index + line->length - 1] != '-') {
      const PangoGlyphString *gs = ((PangoGlyphItem *)last->data)->glyphs;
      if (gs->num_glyphs && gs->glyphs[gs->num_glyphs - 1].glyph == hy) ec_buf_putc(out, '-');
    }
  }
  g_object_unref(l);
  g_object_unref(pc);
  ec_buf_free(&b);
}
