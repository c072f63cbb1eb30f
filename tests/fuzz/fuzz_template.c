/* fuzz_template — the template engine: ec_template_expand with a small env
 * (placeholders return fixed hostile strings, generators return notes,
 * tables, figures and unavailable blocks built from the block's arguments),
 * then cmark's HTML and, for inputs up to 2 KiB, the PDF typesetter.
 *
 * Checks: the HTML holds no <script and no javascript: link (raw HTML in a
 * template stays disabled; values are text); every placeholder value is
 * literal text. */
#include "fuzz.h"
#include "facts/summary.h"
#include "assemble/html.h"
#include "assemble/pdf.h"
#include "assemble/report.h"
#include "assemble/template.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "util/utf8.h"
#include "view/colors.h"
#include "draw/scene.h"
#include "draw/table.h"
#include <cmark.h>
#include <ctype.h>
#include <math.h>

#define S_FT_HOSTILE "</p><script>alert(1)</script>*[x](javascript:alert(1))* {{engine.name}} \xE2\x80\xAE]]>\"}{"

/* 1 when needle (lower case) occurs in h, ignoring case. */
static int S_ft_has(const char *h, const char *needle) {
  size_t n = strlen(needle);
  for (; *h; h++) {
    size_t k = 0;
    while (k < n && h[k] && tolower((unsigned char)h[k]) == needle[k]) k++;
    if (k == n) return 1;
  }
  return 0;
}

static char *S_ft_value(void *ud, const char *name) {
  (void)ud;
  if (!strcmp(name, "engine.name")) return ec_strdup(S_FT_HOSTILE);
  if (!strcmp(name, "empty")) return ec_strdup("");
  if (!strcmp(name, "bad")) return ec_strdup("bad\xff\xfe\x01\x7f\xed\xa0\x80name");
  if (!strcmp(name, "long")) {
    char *s = ec_malloc(2001);
    memset(s, 'x', 2000);
    s[2000] = '\0';
    return s;
  }
  return NULL;
}

static const char *S_ft_arg(const ec_kvs *a, const char *k, const char *dflt) {
  const char *v = ec_kvs_get(a, k);
  return v ? v : dflt;
}

static ec_block *S_ft_generate(void *ud, const char *kind, const ec_kvs *args) {
  (void)ud;
  if (!strcmp(kind, "notes")) {
    ec_block *b = ec_block_notes();
    for (size_t i = 0; i < args->n; i++) ec_block_note(b, (int)(i % 3), args->v[i].val);
    return b;
  }
  if (!strcmp(kind, "table")) {
    ec_table *t = ec_table_new(S_ft_arg(args, "id", "t1"), ec_kvs_get(args, "caption"));
    ec_table_col(t, "Key", EC_CELL_ALIGN_LEFT, 0);
    ec_table_col(t, S_FT_HOSTILE, EC_CELL_ALIGN_RIGHT, 1);
    for (size_t i = 0; i < args->n; i++) {
      size_t r = ec_table_row(t);
      ec_table_set(t, r, 0, args->v[i].key, NAN);
      ec_table_set(t, r, 1, args->v[i].val, (double)i);
      ec_table_set_link(t, r, 0, args->v[i].val);
      ec_table_set_row_id(t, r, args->v[i].key);
    }
    ec_table_set_note(t, S_ft_arg(args, "note", S_FT_HOSTILE));
    return ec_block_table(t);
  }
  if (!strcmp(kind, "chart")) {
    const char *title = S_ft_arg(args, "data", S_FT_HOSTILE);
    ec_scene *s = ec_scene_new(200, 60, S_ft_arg(args, "id", "fig"), title, S_FT_HOSTILE);
    ec_scene_group(s, title, title, title, NULL);
    ec_scene_rect(s, 0, 0, 50, 20, ec_rgb(0x336699), ec_nocolor(), 0);
    ec_scene_text(s, 5, 40, title, strlen(title), 10, 0, EC_ANCHOR_START, 0, 150, ec_ink(1));
    ec_scene_end(s);
    return ec_block_figure(s, NULL, ec_kvs_get(args, "caption"));
  }
  if (!strcmp(kind, "group")) {
    ec_block *g = ec_block_group();
    ec_block_add(g, ec_block_unavailable(S_ft_arg(args, "why", S_FT_HOSTILE)));
    ec_block_add(g, ec_block_notes());
    return g;
  }
  if (!strcmp(kind, "unavailable")) return ec_block_unavailable(S_ft_arg(args, "why", S_FT_HOSTILE));
  if (!strcmp(kind, "text")) return ec_block_text(S_ft_arg(args, "text", S_FT_HOSTILE), "#e1-warnings");
  if (!strcmp(kind, "tiles")) {
    /* the first screen's kinds: tiles with hostile text, a share and a
     * precision cell, in a first-screen group */
    ec_block *g = ec_block_group();
    g->role = EC_ROLE_FIRST_SCREEN;
    ec_block *t = ec_block_tiles();
    for (size_t i = 0; i < args->n; i++)
      ec_block_tile(t, args->v[i].key, args->v[i].val, i % 2 ? S_FT_HOSTILE : NULL, i % 3 ? NULL : "#e1-warnings");
    ec_block_add(g, t);
    ec_table *tb = ec_table_new("fs", NULL);
    ec_table_col(tb, "Layer", EC_CELL_ALIGN_LEFT, 0);
    ec_table_col(tb, "Share", EC_CELL_ALIGN_RIGHT, 1);
    for (size_t i = 0; i < args->n; i++) {
      size_t r = ec_table_row(tb);
      ec_table_set(tb, r, 0, args->v[i].val, NAN);
      ec_precision_cell(tb, r, 0, args->v[i].key);
      ec_table_set(tb, r, 1, args->v[i].key, (double)(i * 37 % 101));
      ec_table_set_kind(tb, r, 1, i % 2 ? EC_CELL_SHARE : EC_CELL_SEVERITY, args->v[i].val);
    }
    ec_block *b = ec_block_table(tb);
    b->brief_rows = 2;
    ec_block_add(g, b);
    ec_block *n = ec_block_notes();
    n->id = ec_strdup("e1-warnings");
    ec_block_note(n, 1, S_FT_HOSTILE);
    ec_block_add(g, n);
    return g;
  }
  return NULL;
}

static char *S_ft_html(void *ud, const ec_block *b) {
  (void)ud;
  ec_buf o = {0};
  ec_block_html(b, &o);
  return ec_buf_take(&o);
}

int ec_fuzz_template(const uint8_t *data, size_t size) {
  char *md = ec_fuzz_text(data, size);
  ec_tmpl_env env = {NULL, S_ft_value, S_ft_generate, S_ft_html, "e1", "fuzz.md"};
  ec_doc doc;
  ec_diags d = {0};
  if (ec_template_expand(md, size, &env, &doc, &d) == 0) {
    char *h = cmark_render_html(doc.root, CMARK_OPT_DEFAULT);
    EC_FUZZ_CHECK(h != NULL);
    EC_FUZZ_CHECK(ec_utf8_valid(h, strlen(h)));
    EC_FUZZ_CHECK(!S_ft_has(h, "<script"));
    EC_FUZZ_CHECK(!S_ft_has(h, "href=\"javascript:"));
    EC_FUZZ_CHECK(!S_ft_has(h, "src=\"javascript:"));
    free(h);
    if (size <= 2048) {
      ec_engine *e = ec_engine_new(S_FT_HOSTILE);
      ec_report r;
      memset(&r, 0, sizeof r);
      r.parts = ec_calloc(1, sizeof *r.parts);
      r.n = 1;
      r.parts[0].engine = e;
      r.parts[0].summary = ec_summarize(e);
      r.parts[0].doc = doc;
      snprintf(r.parts[0].id, sizeof r.parts[0].id, "e1");
      ec_buf pdf = {0};
      ec_pdf_opts po = {0};
      po.detail = size % 2 ? EC_PDF_FULL : EC_PDF_BRIEF; /* both walks of the template's PDF marks */
      int rc = ec_report_pdf(&r, &po, &pdf, &d);
      EC_FUZZ_CHECK(rc == 0);
      EC_FUZZ_CHECK(pdf.len > 5 && memcmp(pdf.data, "%PDF-", 5) == 0);
      ec_buf_free(&pdf);
      ec_report_free(&r); /* frees doc */
      ec_engine_free(e);
    } else {
      ec_doc_free(&doc);
    }
  } else {
    ec_doc_free(&doc);
  }
  ec_diags_free(&d);
  free(md);
  return 0;
}

EC_FUZZ_MAIN(ec_fuzz_template)
