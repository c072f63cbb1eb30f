/* fuzz_escape — the escapers on arbitrary bytes, each output checked the way
 * its consumer reads it:
 *   ec_buf_html  no raw < > " ', every '&' starts a reference, valid UTF-8,
 *                no controls; pango parses it as markup (the PDF path);
 *   ec_buf_json  valid UTF-8, no raw '<'; jansson parses "..." back, equal to
 *                the input when that was valid UTF-8;
 *   ec_buf_csv   one field: quoted with doubled quotes, or free of , " CR LF;
 *                no spreadsheet formula;
 *   ec_buf_dot   no unescaped '"', no trailing lone '\', no raw newline;
 *                graphviz parses it as a label, and the label reads back;
 *   SVG          a scene with the bytes as title, text, tooltip and link
 *                renders to well-formed XML (tests/fuzz/xmlcheck.h). */
#include "fuzz.h"
#include "render/svg.h"
#include "util/buf.h"
#include "util/utf8.h"
#include "draw/scene.h"
#include "xmlcheck.h"
#include <graphviz/cgraph.h>
#include <jansson.h>
#include <pango/pango.h>

static void S_fe_html(const char *s, size_t n) {
  ec_buf b = {0};
  ec_buf_html(&b, s, n);
  ec_buf_puts(&b, ""); /* data non-NULL even for empty input */
  EC_FUZZ_CHECK(ec_utf8_valid(b.data, b.len));
  EC_FUZZ_CHECK(strlen(b.data) == b.len);
  for (size_t i = 0; i < b.len; i++) {
    unsigned char c = (unsigned char)b.data[i];
    EC_FUZZ_CHECK(c != '<' && c != '>' && c != '"' && c != '\'');
    EC_FUZZ_CHECK(c >= 0x20 || c == '\t' || c == '\n');
    if (c == '&') EC_FUZZ_CHECK(S_xc_ref(b.data, b.len, i) > 0);
  }
  /* the PDF typesetter hands the same text to pango as markup */
  GError *err = NULL;
  char *text = NULL;
  gboolean ok = pango_parse_markup(b.data, (int)b.len, 0, NULL, &text, NULL, &err);
  if (!ok) fprintf(stderr, "pango: %s\n", err ? err->message : "?");
  EC_FUZZ_CHECK(ok);
  g_free(text);
  if (err) g_error_free(err);
  ec_buf_free(&b);
}

static void S_fe_json(const char *s, size_t n) {
  ec_buf b = {0};
  ec_buf_putc(&b, '"');
  ec_buf_json(&b, s, n);
  ec_buf_putc(&b, '"');
  EC_FUZZ_CHECK(ec_utf8_valid(b.data, b.len));
  EC_FUZZ_CHECK(memchr(b.data, '<', b.len) == NULL);
  json_error_t e;
  json_t *v = json_loadb(b.data, b.len, JSON_DECODE_ANY | JSON_ALLOW_NUL, &e);
  if (!v) fprintf(stderr, "jansson: %s\n", e.text);
  EC_FUZZ_CHECK(v != NULL && json_is_string(v));
  if (ec_utf8_valid(s, n)) {
    /* the same text, but what the page must not show raw (C1 and bidi
     * controls, non-characters) reads back as U+FFFD, as in the HTML */
    ec_buf want = {0};
    for (size_t i = 0, l; i < n; i += l) {
      unsigned cp = ec_utf8_decode((const unsigned char *)s + i, n - i, &l);
      if (cp >= 0x20 && cp != 0x7f && ec_utf8_unsafe(cp, l)) ec_buf_puts(&want, "\xEF\xBF\xBD");
      else ec_buf_put(&want, s + i, l);
    }
    EC_FUZZ_CHECK(json_string_length(v) == want.len);
    EC_FUZZ_CHECK(want.len == 0 || memcmp(json_string_value(v), want.data, want.len) == 0);
    ec_buf_free(&want);
  }
  json_decref(v);
  ec_buf_free(&b);
}

static void S_fe_csv(const char *s, size_t n) {
  ec_buf b = {0};
  ec_buf_csv(&b, s, n);
  ec_buf_puts(&b, "");
  EC_FUZZ_CHECK(ec_utf8_valid(b.data, b.len));
  const char *f = b.data;
  size_t fl = b.len;
  if (fl && f[0] == '"') {
    EC_FUZZ_CHECK(fl >= 2 && f[fl - 1] == '"');
    for (size_t i = 1; i + 1 < fl; i++) {
      if (f[i] == '"') {
        EC_FUZZ_CHECK(i + 2 < fl && f[i + 1] == '"');
        i++;
      }
    }
    f++;
    fl -= 2;
  } else {
    for (size_t i = 0; i < fl; i++) EC_FUZZ_CHECK(f[i] != ',' && f[i] != '"' && f[i] != '\n' && f[i] != '\r');
  }
  if (fl) {
    EC_FUZZ_CHECK(f[0] != '=' && f[0] != '+' && f[0] != '@');
    if (f[0] == '-') EC_FUZZ_CHECK(fl > 1 && ((f[1] >= '0' && f[1] <= '9') || f[1] == '.'));
  }
  ec_buf_free(&b);
}

static void S_fe_dot(const char *s, size_t n) {
  ec_buf b = {0};
  ec_buf_dot(&b, s, n);
  ec_buf_puts(&b, "");
  EC_FUZZ_CHECK(ec_utf8_valid(b.data, b.len));
  EC_FUZZ_CHECK(strlen(b.data) == b.len);
  ec_buf want = {0};
  ec_buf_puts(&want, "");
  for (size_t i = 0; i < b.len; i++) {
    unsigned char c = (unsigned char)b.data[i];
    EC_FUZZ_CHECK(c >= 0x20 && c != 0x7f);
    EC_FUZZ_CHECK(c != '"');
    if (c == '\\') {
      EC_FUZZ_CHECK(i + 1 < b.len); /* a trailing '\' would eat the closing quote */
      char nx = b.data[i + 1];
      EC_FUZZ_CHECK(nx == '"' || nx == '\\' || nx == 'n');
      if (nx == '"') ec_buf_putc(&want, '"');
      else ec_buf_put(&want, b.data + i, 2);
      i++;
    } else {
      ec_buf_putc(&want, (char)c);
    }
  }
  /* graphviz reads it back as one node's label */
  ec_buf g = {0};
  ec_buf_puts(&g, "digraph G { n [label=\"");
  ec_buf_put(&g, b.data, b.len);
  ec_buf_puts(&g, "\"]; }\n");
  Agraph_t *gr = agmemread(g.data);
  EC_FUZZ_CHECK(gr != NULL);
  EC_FUZZ_CHECK(agnnodes(gr) == 1);
  Agnode_t *node = agfstnode(gr);
  char *label = agget(node, "label");
  EC_FUZZ_CHECK(label != NULL);
  if (strcmp(label, want.data) != 0) fprintf(stderr, "dot label [%s] != [%s]\n", label, want.data);
  EC_FUZZ_CHECK(strcmp(label, want.data) == 0);
  agclose(gr);
  ec_buf_free(&g);
  ec_buf_free(&want);
  ec_buf_free(&b);
}

static void S_fe_svg(const char *s, size_t n) {
  char *z = ec_fuzz_text((const uint8_t *)s, n); /* C-string uses stop at a NUL */
  ec_scene *sc = ec_scene_new(300, 80, z, z, z);
  ec_scene_group(sc, z, z, z, z);
  ec_scene_rect(sc, 0, 0, 10, 10, ec_rgb(0x336699), ec_nocolor(), 0);
  ec_scene_text(sc, 10, 30, s, n, 10, 0, EC_ANCHOR_START, 0, 200, ec_ink(1));
  ec_scene_text_mid(sc, 10, 50, s, n, 10, 1, EC_ANCHOR_END, -45, 100, ec_ink(1));
  ec_scene_end(sc);
  ec_buf b = {0};
  ec_render_svg(sc, &b);
  const char *why = ec_xml_check(b.data, b.len);
  if (why) fprintf(stderr, "svg: %s\n%.*s\n", why, (int)(b.len > 4000 ? 4000 : b.len), b.data);
  EC_FUZZ_CHECK(why == NULL);
  ec_buf_free(&b);
  ec_scene_free(sc);
  free(z);
}

int ec_fuzz_escape(const uint8_t *data, size_t size) {
  const char *s = (const char *)data;
  S_fe_html(s, size);
  S_fe_json(s, size);
  S_fe_csv(s, size);
  S_fe_dot(s, size);
  S_fe_svg(s, size);
  return 0;
}

EC_FUZZ_MAIN(ec_fuzz_escape)
