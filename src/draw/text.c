/* text — pango measuring on a pinned font. See text.h.
 *
 * Pinning: a private FcConfig holding only DejaVuSans.ttf and
 * DejaVuSans-Bold.ttf is set on our own PangoCairoFontMap (never the default
 * one, which graphviz may use). The Makefile links pangoft2 and fontconfig,
 * so FcConfigCreate and pango_fc_font_map_set_config are called directly.
 * If the font map is not fontconfig-based or the font files cannot be
 * added, pango uses the host configuration and ec_text_pinned() says 0. */
#include "draw/text.h"

#include <fontconfig/fontconfig.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <stdlib.h>
#include <string.h>

#include "util/alloc.h"
#include "util/utf8.h"

/* process-wide: one pinned font map, context and layout for the process
 * (a font map costs a fontconfig scan), created on first use and freed by
 * ec_text_shutdown. Only the main thread measures text: the loading threads
 * (util/pool) never reach view/. */
static PangoFontMap *S_map;
static PangoContext *S_ctx;
static PangoLayout *S_layout;
static int S_pinned;

static void S_init(void) {
  if (S_map) return;
  S_map = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT);
  if (!S_map) S_map = pango_cairo_font_map_new();
  S_pinned = 0;
  if (PANGO_IS_FC_FONT_MAP(S_map)) {
    FcConfig *cfg = FcConfigCreate();
    if (cfg) {
      FcBool ok = FcConfigAppFontAddFile(cfg, (const FcChar8 *)EC_FONT_REGULAR);
      ok = FcConfigAppFontAddFile(cfg, (const FcChar8 *)EC_FONT_BOLD) && ok;
      if (ok) {
        pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(S_map), cfg); /* takes a reference */
        S_pinned = 1;
      }
      FcConfigDestroy(cfg);
    }
  }
  S_ctx = pango_font_map_create_context(S_map);
  ec_text_setup_context(S_ctx);
  S_layout = pango_layout_new(S_ctx);
}

void ec_text_setup_context(void *pango_context) {
  PangoContext *ctx = pango_context;
  cairo_font_options_t *fo = cairo_font_options_create();
  cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
  cairo_font_options_set_antialias(fo, CAIRO_ANTIALIAS_GRAY);
  pango_cairo_context_set_font_options(ctx, fo);
  cairo_font_options_destroy(fo);
  pango_cairo_context_set_resolution(ctx, 72.0);
  pango_context_set_round_glyph_positions(ctx, FALSE);
  pango_context_set_base_dir(ctx, PANGO_DIRECTION_LTR);
  pango_context_set_language(ctx, pango_language_from_string("en"));
}

void *ec_text_fontmap(void) {
  S_init();
  return S_map;
}

void *ec_text_font(double size, int bold) {
  PangoFontDescription *fd = pango_font_description_new();
  pango_font_description_set_family_static(fd, EC_FONT_FAMILY);
  pango_font_description_set_weight(fd, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
  pango_font_description_set_absolute_size(fd, size * PANGO_SCALE);
  return fd;
}

int ec_text_pinned(void) {
  S_init();
  return S_pinned;
}

void ec_text_shutdown(void) {
  if (S_layout) g_object_unref(S_layout);
  if (S_ctx) g_object_unref(S_ctx);
  if (S_map) g_object_unref(S_map);
  S_layout = NULL;
  S_ctx = NULL;
  S_map = NULL;
}

/* process-wide, with S_layout (main thread): the font last set on it, so
 * the description is not reset on every call. */
static double S_last_size = -1;
static int S_last_bold = -1;

/* s with invalid UTF-8 bytes replaced by U+FFFD (pango refuses them with a
 * warning on stderr). Caller frees. */
static char *S_valid_copy(const char *s, size_t n, size_t *out_n) {
  char *r = ec_malloc(3 * n + 1);
  size_t o = 0, i = 0;
  while (i < n) {
    size_t l;
    unsigned cp = ec_utf8_decode((const unsigned char *)s + i, n - i, &l);
    if ((cp == 0xFFFD && l == 1) || cp == 0) {
      memcpy(r + o, "\xEF\xBF\xBD", 3);
      o += 3;
    } else {
      memcpy(r + o, s + i, l);
      o += l;
    }
    i += l;
  }
  r[o] = '\0';
  *out_n = o;
  return r;
}

ec_text_metrics ec_text_measure(const char *s, size_t n, double size, int bold) {
  S_init();
  if (!ec_utf8_valid(s, n) || memchr(s, '\0', n)) {
    size_t vn;
    char *v = S_valid_copy(s, n, &vn);
    ec_text_metrics m = ec_text_measure(v, vn, size, bold);
    free(v);
    return m;
  }
  if (size != S_last_size || bold != S_last_bold) {
    PangoFontDescription *fd = ec_text_font(size, bold);
    pango_layout_set_font_description(S_layout, fd);
    pango_font_description_free(fd);
    S_last_size = size;
    S_last_bold = bold;
  }
  pango_layout_set_text(S_layout, s, (int)n);
  PangoRectangle logical;
  pango_layout_get_extents(S_layout, NULL, &logical);
  double base = (double)pango_layout_get_baseline(S_layout) / PANGO_SCALE;
  ec_text_metrics m;
  m.width = (double)logical.width / PANGO_SCALE;
  m.ascent = base - (double)logical.y / PANGO_SCALE;
  m.descent = (double)(logical.y + logical.height) / PANGO_SCALE - base;
  return m;
}

double ec_text_width(const char *s, double size, int bold) {
  return ec_text_measure(s, strlen(s), size, bold).width;
}

#define S_ELLIPSIS "\xE2\x80\xA6"

char *ec_text_fit(const char *s, double size, int bold, double max_w, int *cut) {
  size_t n = strlen(s);
  if (cut) *cut = 0;
  if (ec_text_measure(s, n, size, bold).width <= max_w) return ec_strdup(s);
  if (cut) *cut = 1;
  size_t ncp = ec_utf8_count(s, n);
  /* Largest k in [0, ncp) code points such that prefix(k)+"…" fits. */
  size_t lo = 0, hi = ncp; /* prefix(lo) fits (or lo == 0); prefix(hi) does not */
  char *tmp = ec_malloc(n + sizeof S_ELLIPSIS);
  while (hi - lo > 1) {
    size_t mid = lo + (hi - lo) / 2;
    size_t b = ec_utf8_prefix(s, n, mid);
    memcpy(tmp, s, b);
    memcpy(tmp + b, S_ELLIPSIS, sizeof S_ELLIPSIS);
    if (ec_text_measure(tmp, b + sizeof S_ELLIPSIS - 1, size, bold).width <= max_w)
      lo = mid;
    else
      hi = mid;
  }
  size_t b = ec_utf8_prefix(s, n, lo);
  /* Do not end on a space before the ellipsis. */
  while (b > 0 && s[b - 1] == ' ') b--;
  memcpy(tmp, s, b);
  memcpy(tmp + b, S_ELLIPSIS, sizeof S_ELLIPSIS);
  return tmp;
}

/* head/tail split of k kept code points out of ncp. */
static char *S_mid(const char *s, size_t n, size_t ncp, size_t k) {
  /* a short head and a long tail: names share their start ("/model/encoder/")
   * and differ towards the end, so the tail tells them apart */
  size_t head = k / 4, tail = k - head;
  size_t hb = ec_utf8_prefix(s, n, head);
  size_t tb0 = ec_utf8_prefix(s, n, ncp - tail);
  while (hb > 0 && s[hb - 1] == ' ') hb--;
  while (tb0 < n && s[tb0] == ' ') tb0++;
  char *r = ec_malloc(hb + sizeof S_ELLIPSIS + (n - tb0));
  memcpy(r, s, hb);
  memcpy(r + hb, S_ELLIPSIS, sizeof S_ELLIPSIS - 1);
  memcpy(r + hb + sizeof S_ELLIPSIS - 1, s + tb0, n - tb0);
  r[hb + sizeof S_ELLIPSIS - 1 + n - tb0] = '\0';
  return r;
}

char *ec_text_fit_mid(const char *s, double size, int bold, double max_w, int *cut) {
  size_t n = strlen(s);
  if (cut) *cut = 0;
  if (ec_text_measure(s, n, size, bold).width <= max_w) return ec_strdup(s);
  if (cut) *cut = 1;
  size_t ncp = ec_utf8_count(s, n);
  size_t lo = 0, hi = ncp;
  while (hi - lo > 1) {
    size_t mid = lo + (hi - lo) / 2;
    char *t = S_mid(s, n, ncp, mid);
    int fits = ec_text_measure(t, strlen(t), size, bold).width <= max_w;
    free(t);
    if (fits) lo = mid; else hi = mid;
  }
  return S_mid(s, n, ncp, lo);
}
