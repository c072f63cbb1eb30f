#include "assemble/block.h"
#include "assemble/html.h"
#include "util/alloc.h"
#include "util/buf.h"
#include <stdlib.h>
#include <string.h>

static ec_block *S_new(ec_block_kind k) {
  ec_block *b = ec_calloc(1, sizeof *b);
  b->kind = k;
  return b;
}

ec_block *ec_block_figure(ec_scene *scene, ec_table *data, const char *caption) {
  ec_block *b = S_new(EC_BLOCK_FIGURE);
  b->scene = scene;
  b->table = data;
  b->caption = caption ? ec_strdup(caption) : NULL;
  return b;
}

ec_block *ec_block_table(ec_table *t) {
  ec_block *b = S_new(EC_BLOCK_TABLE);
  b->table = t;
  return b;
}

ec_block *ec_block_notes(void) { return S_new(EC_BLOCK_NOTES); }

void ec_block_note(ec_block *b, int sev, const char *line) {
  struct ec_note *n = EC_PUSH(b->notes, b->n_notes, b->cap_notes);
  n->text = ec_strdup(line);
  n->sev = sev;
}

ec_block *ec_block_unavailable(const char *why) {
  ec_block *b = S_new(EC_BLOCK_UNAVAILABLE);
  b->why = ec_strdup(why ? why : "no data");
  return b;
}

ec_block *ec_block_group(void) { return S_new(EC_BLOCK_GROUP); }

void ec_block_add(ec_block *g, ec_block *child) { *EC_PUSH(g->children, g->n_children, g->cap_children) = child; }

ec_block *ec_block_drawing(const char *html, double width, double height, ec_draw_fn draw, void *draw_ctx,
                           void (*draw_free)(void *), const char *caption) {
  ec_block *b = S_new(EC_BLOCK_DRAWING);
  b->html = ec_strdup(html ? html : "");
  b->width = width;
  b->height = height;
  b->draw = draw;
  b->draw_ctx = draw_ctx;
  b->draw_free = draw_free;
  b->caption = caption ? ec_strdup(caption) : NULL;
  return b;
}

ec_block *ec_block_text(const char *text, const char *link) {
  ec_block *b = S_new(EC_BLOCK_TEXT);
  b->text = ec_strdup(text ? text : "");
  b->link = link ? ec_strdup(link) : NULL;
  return b;
}

ec_block *ec_block_tiles(void) { return S_new(EC_BLOCK_TILES); }

ec_block *ec_block_mark(int role) {
  ec_block *b = S_new(EC_BLOCK_MARK);
  b->role = role;
  return b;
}

void ec_block_tile(ec_block *b, const char *label, const char *value, const char *detail, const char *link) {
  ec_tile *t = EC_PUSH(b->tiles, b->n_tiles, b->cap_tiles);
  t->label = ec_strdup(label);
  t->value = ec_strdup(value);
  t->detail = detail ? ec_strdup(detail) : NULL;
  t->link = link ? ec_strdup(link) : NULL;
}

void ec_block_free(ec_block *b) {
  if (!b) return;
  for (size_t i = 0; i < b->n_tiles; i++) {
    free(b->tiles[i].label);
    free(b->tiles[i].value);
    free(b->tiles[i].detail);
    free(b->tiles[i].link);
  }
  free(b->tiles);
  free(b->text);
  free(b->link);
  free(b->id);
  free(b->html);
  if (b->draw_free && b->draw_ctx) b->draw_free(b->draw_ctx);
  for (size_t i = 0; i < b->n_children; i++) ec_block_free(b->children[i]);
  free(b->children);
  if (b->scene) ec_scene_free(b->scene);
  if (b->narrow) ec_scene_free(b->narrow);
  if (b->pdf) ec_scene_free(b->pdf);
  free(b->badge);
  ec_table_free(b->table);
  free(b->caption);
  for (size_t i = 0; i < b->n_notes; i++) free(b->notes[i].text);
  free(b->notes);
  free(b->why);
  free(b);
}

char *ec_block_html_if(const ec_block *b, int want) {
  if (!want) return NULL;
  ec_buf o = {0};
  ec_block_html(b, &o);
  return ec_buf_take(&o);
}

ec_block *ec_block_notes_of(const ec_diags *d) {
  ec_block *b = ec_block_notes();
  for (size_t i = 0; i < d->n; i++) {
    char *m = ec_diag_format(&d->v[i]);
    ec_block_note(b, d->v[i].sev >= EC_ERROR ? 2 : 1, m);
    free(m);
  }
  return b;
}
