/* text — measure text with pango on the pinned font.
 *
 * All chart text is DejaVu Sans (fonts-dejavu-core), loaded into a private
 * fontconfig configuration so host fonts cannot change the metrics. The
 * pango context has glyph-position rounding off and cairo hint metrics off,
 * so a width measured here is the width render/cairo.c draws on a PDF page at
 * any transform (with hinting or rounding on, pango rounds glyph advances to
 * device pixels, and a width measured at one scale is wrong at another).
 *
 * Sizes are in points; at 72 dpi one point is one user unit.
 *
 * The state is created on first use and lives for the process; call
 * ec_text_shutdown at exit to release it (for leak checkers). Not
 * thread-safe. */
#ifndef EC_TEXT_H
#define EC_TEXT_H
#include <stddef.h>

#define EC_FONT_FAMILY "DejaVu Sans"
#define EC_FONT_REGULAR "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
#define EC_FONT_BOLD "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"

typedef struct ec_text_metrics {
  double width;   /* logical advance width */
  double ascent;  /* baseline to top of the logical box */
  double descent; /* baseline to bottom of the logical box */
} ec_text_metrics;

/** Measure s[0..n) (valid UTF-8) at size points. */
ec_text_metrics ec_text_measure(const char *s, size_t n, double size, int bold);
/** Width only. */
double ec_text_width(const char *s, double size, int bold);
/** Longest prefix of s (valid UTF-8) that, followed by an ellipsis, fits in
 *  max_w; returns a new string (caller frees). When s fits whole it is
 *  returned unchanged (copied) and *cut is 0, else *cut is 1. cut may be
 *  NULL. Never splits a UTF-8 sequence; returns "…" alone when nothing fits. */
char *ec_text_fit(const char *s, double size, int bold, double max_w, int *cut);
/** Like ec_text_fit but keeps the start and the end of s around a middle
 *  ellipsis (about 40% head, 60% tail), for names whose tail tells them
 *  apart ("/model/enc…/MatMul_12"). Caller frees. */
char *ec_text_fit_mid(const char *s, double size, int bold, double max_w, int *cut);
/** 1 when the private fontconfig setup with the pinned font is active (0
 *  means pango fell back to the host configuration). */
int ec_text_pinned(void);
/** Release the font map and context (they are re-created on next use). */
void ec_text_shutdown(void);

/* For render/cairo.c: the shared font map (a PangoFontMap *) and the font
 * options to apply, so drawing uses the measuring setup. Borrowed. */
void *ec_text_fontmap(void);
/** Configure a PangoContext * like the measuring one (font options, no
 *  glyph rounding, 72 dpi). */
void ec_text_setup_context(void *pango_context);
/** A new PangoFontDescription * for size/bold (caller frees with
 *  pango_font_description_free). */
void *ec_text_font(double size, int bold);

#endif
