#include "assemble/html.h"
#include "words/words.h"
#include "assemble/report.h"
#include "render/html_table.h"
#include "render/svg.h"
#include "util/embed.h"
#include <string.h>

/* CSS px per scene unit of a chart: a 10-unit label (view/chart_common.h)
 * reads as 13 px, the size of table text; a 640-unit chart is 832 px wide,
 * which fits the text column at 1280 px beside the contents. Printed, a
 * unit is 0.77 pt, as in the PDF (--units, assets/report.css). */
#define EC_HTML_UNIT_PX 1.3

static void S_esc(ec_buf *b, const char *s) { ec_buf_html(b, s, strlen(s)); }

void ec_block_html(const ec_block *b, ec_buf *o) {
  switch (b->kind) {
  case EC_BLOCK_FIGURE:
    if (b->html && *b->html) { /* a text form of the picture, for the page */
      ec_buf_puts(o, b->html);
      break;
    }
    /* shown at EC_HTML_UNIT_PX px per scene unit, never wider than the column;
     * with a narrow drawing, that one on a phone (assets/report.css) */
    ec_buf_printf(o, "<figure class=\"chart\"><div class=\"chart-box%s\" style=\"max-width:%.0fpx;--units:%.0f\">",
                  b->narrow ? " wide-only" : "", b->scene->width * EC_HTML_UNIT_PX, b->scene->width);
    ec_render_svg(b->scene, o);
    ec_buf_puts(o, "</div>");
    if (b->narrow) {
      ec_buf_printf(o, "<div class=\"chart-box narrow-only\" style=\"--units:%.0f\">", b->narrow->width);
      ec_render_svg(b->narrow, o);
      ec_buf_puts(o, "</div>");
    }
    if (b->caption) {
      ec_buf_puts(o, "<figcaption>");
      S_esc(o, b->caption);
      ec_buf_puts(o, "</figcaption>");
    }
    if (b->table) {
      ec_buf_puts(o, "<details class=\"data\"><summary>Data table</summary>");
      ec_render_table_html(b->table, o);
      ec_buf_puts(o, "</details>");
    }
    ec_buf_puts(o, "</figure>\n");
    break;
  case EC_BLOCK_TABLE:
    if (b->fold) { /* its caption is the summary, with the row count */
      ec_buf_puts(o, "<details class=\"table fold\"><summary>");
      S_esc(o, b->caption ? b->caption : "Show the table");
      ec_buf_printf(o, " (%zu %s)</summary>", b->table->nrows, ec_plural(b->table->nrows, "row", "rows"));
      ec_render_table_html(b->table, o);
      ec_buf_puts(o, "</details>\n");
      break;
    }
    if (b->fold_caption && b->caption) {
      ec_buf_puts(o, "<details class=\"table\"><summary>");
      S_esc(o, b->caption);
      ec_buf_puts(o, "</summary>");
      ec_render_table_html(b->table, o);
      ec_buf_puts(o, "</details>\n");
      break;
    }
    if (b->collapsed) {
      ec_buf_printf(o, "<details class=\"table\"><summary>%s (%zu %s)</summary>", "Show the table", b->table->nrows,
                    ec_plural(b->table->nrows, "row", "rows"));
      ec_render_table_html(b->table, o);
      ec_buf_puts(o, "</details>\n");
      break;
    }
    if (b->caption) {
      ec_buf_puts(o, "<p class=\"lead\">");
      S_esc(o, b->caption);
      ec_buf_puts(o, "</p>");
    }
    ec_render_table_html(b->table, o);
    break;
  case EC_BLOCK_NOTES:
    if (!b->n_notes) break; /* nothing to list: the text around it says so, no stray "None." */
    ec_buf_puts(o, "<ul class=\"notes\"");
    if (b->id) {
      ec_buf_puts(o, " id=\"");
      S_esc(o, b->id);
      ec_buf_putc(o, '"');
    }
    ec_buf_putc(o, '>');
    for (size_t i = 0; i < b->n_notes; i++) {
      static const char *const cls[] = {"info", "warning", "error"};
      int sv = b->notes[i].sev < 0 ? 0 : b->notes[i].sev > 2 ? 2 : b->notes[i].sev;
      ec_buf_printf(o, "<li class=\"%s\">", cls[sv]);
      S_esc(o, b->notes[i].text);
      ec_buf_puts(o, "</li>");
    }
    ec_buf_puts(o, "</ul>\n");
    break;
  case EC_BLOCK_UNAVAILABLE:
    ec_buf_puts(o, "<p class=\"na\">" EC_NA_LEAD);
    S_esc(o, b->why);
    ec_buf_puts(o, "</p>\n");
    break;
  case EC_BLOCK_GROUP:
    if (b->role == EC_ROLE_FIRST_SCREEN) {
      /* each part in a box of its kind, for the stylesheet's grid */
      static const char *const kinds[] = {"figure", "table", "notes", "na", "group", "drawing", "text", "tiles", "mark"};
      ec_buf_puts(o, "<div class=\"first-screen\">\n");
      for (size_t i = 0; i < b->n_children; i++) {
        ec_buf_printf(o, "<div class=\"fs-part fs-%s\">", kinds[b->children[i]->kind]);
        ec_block_html(b->children[i], o);
        ec_buf_puts(o, "</div>\n");
      }
      ec_buf_puts(o, "</div>\n");
      break;
    }
    for (size_t i = 0; i < b->n_children; i++) ec_block_html(b->children[i], o);
    break;
  case EC_BLOCK_MARK: break;
  case EC_BLOCK_TEXT:
    ec_buf_puts(o, "<p class=\"said\">");
    if (b->link) {
      ec_buf_puts(o, "<a href=\"");
      S_esc(o, b->link);
      ec_buf_puts(o, "\">");
    }
    S_esc(o, b->text);
    if (b->link) ec_buf_puts(o, "</a>");
    if (b->badge) {
      ec_buf_puts(o, " <span class=\"badge\">");
      S_esc(o, b->badge);
      ec_buf_puts(o, "</span>");
    }
    ec_buf_puts(o, "</p>\n");
    break;
  case EC_BLOCK_TILES:
    ec_buf_puts(o, "<div class=\"tiles\">");
    for (size_t i = 0; i < b->n_tiles; i++) {
      const ec_tile *t = &b->tiles[i];
      if (t->link) {
        ec_buf_puts(o, "<a class=\"tile\" href=\"");
        S_esc(o, t->link);
        ec_buf_puts(o, "\">");
      } else {
        ec_buf_puts(o, "<div class=\"tile\">");
      }
      ec_buf_puts(o, "<span class=\"tile-label\">");
      S_esc(o, t->label);
      /* "not available" reads as a note, not as a figure in large type */
      int na = t->value && !strcmp(t->value, EC_NA);
      ec_buf_puts(o, na ? "</span> <span class=\"tile-value tile-na\">" : "</span> <span class=\"tile-value\">");
      /* a figure and its unit ("0.8826 ms", "19 warnings"): the unit smaller,
       * so the value keeps to one line in a narrow tile */
      const char *sp = t->value && t->value[0] >= '0' && t->value[0] <= '9' ? strchr(t->value, ' ') : NULL;
      if (sp) {
        ec_buf_html(o, t->value, (size_t)(sp - t->value));
        ec_buf_puts(o, " <span class=\"tile-unit\">");
        S_esc(o, sp + 1);
        ec_buf_puts(o, "</span>");
      } else {
        S_esc(o, t->value);
      }
      ec_buf_puts(o, "</span>");
      if (t->detail) {
        ec_buf_puts(o, " <span class=\"tile-detail\">");
        S_esc(o, t->detail);
        ec_buf_puts(o, "</span>");
      }
      ec_buf_puts(o, t->link ? "</a>" : "</div>");
    }
    ec_buf_puts(o, "</div>\n");
    break;
  case EC_BLOCK_DRAWING:
    if (!b->html || !*b->html) break; /* a picture for the PDF only */
    ec_buf_puts(o, "<figure class=\"drawing\">");
    ec_buf_puts(o, b->html);
    if (b->caption) {
      ec_buf_puts(o, "<figcaption>");
      S_esc(o, b->caption);
      ec_buf_puts(o, "</figcaption>");
    }
    ec_buf_puts(o, "</figure>\n");
    break;
  }
}

static void S_asset(ec_buf *o, const char *name) {
  const ec_embedded_file *f = ec_embedded_find(name);
  if (f) ec_buf_put(o, f->data, f->len);
}

void ec_html_page_begin(ec_buf *o, const char *title) {
  ec_buf_puts(o, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                 "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                 "<meta name=\"color-scheme\" content=\"light dark\">\n"
                 "<meta name=\"generator\" content=\"enginecard\">\n<title>");
  S_esc(o, title);
  ec_buf_puts(o, "</title>\n<style>\n");
  S_asset(o, "assets/report.css");
  ec_buf_puts(o, "</style>\n</head>\n<body>\n");
}

/* One part's entries: its h1 (the engine) with its h2 sections nested, or,
 * in a single-engine page, the h2 sections alone under the h1. */
static void S_toc_part(ec_buf *o, const ec_report_part *p, int several) {
  const ec_doc *d = &p->doc;
  int open = 0; /* an <ol> of sections is open */
  if (several) ec_buf_puts(o, "<li class=\"toc-part\">");
  for (size_t i = 0; i < d->n_heads; i++) {
    const ec_heading *h = &d->heads[i];
    if (h->level > 2) continue;
    if (h->level == 1) {
      if (open) ec_buf_puts(o, "</ol>");
      open = 0;
      if (!several) continue; /* the page's title says it */
      ec_buf_printf(o, "<a class=\"toc-h1\" href=\"#%s\">", h->id);
      S_esc(o, h->text);
      ec_buf_puts(o, "</a>");
      continue;
    }
    if (!open) ec_buf_puts(o, several ? "<ol>" : "");
    open = 1;
    ec_buf_printf(o, "<li><a href=\"#%s\">", h->id);
    S_esc(o, h->text);
    ec_buf_puts(o, "</a></li>");
  }
  if (open && several) ec_buf_puts(o, "</ol>");
  if (several) ec_buf_puts(o, "</li>");
}

void ec_html_report_begin(ec_buf *o, const char *title, const ec_report *r) {
  ec_html_page_begin(o, title);
  ec_buf_puts(o, "<a class=\"skip\" href=\"#main\">Skip to the report</a>\n"
                 "<nav class=\"toc\" id=\"toc\" aria-label=\"Contents\"><details open><summary>Contents</summary>");
  /* one engine: its name (the h1) heads the list; several: the index */
  const ec_doc *d0 = r->n == 1 ? &r->parts[0].doc : NULL;
  if (d0 && d0->n_heads && d0->heads[0].level == 1) {
    ec_buf_printf(o, "<p class=\"toc-title\"><a href=\"#%s\">", d0->heads[0].id);
    S_esc(o, d0->heads[0].text);
    ec_buf_puts(o, "</a></p>");
  } else if (r->n > 1) {
    ec_buf_printf(o, "<p class=\"toc-title\"><a href=\"#top\">%zu %s</a></p>", r->n,
                  ec_plural(r->n, "engine", "engines"));
  }
  ec_buf_puts(o, "<ol>");
  for (size_t i = 0; i < r->n; i++) S_toc_part(o, &r->parts[i], r->n > 1);
  ec_buf_puts(o, "</ol></details></nav>\n<main id=\"main\">\n");
}

void ec_html_report_end(ec_buf *o) {
  ec_buf_puts(o, "</main>\n");
  ec_html_page_end(o);
}

void ec_html_page_end(ec_buf *o) {
  ec_buf_puts(o, "<script>\n");
  S_asset(o, "assets/report.js");
  S_asset(o, "assets/graph.js");
  ec_buf_puts(o, "</script>\n</body>\n</html>\n");
}
