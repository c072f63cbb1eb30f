/* layer_lines — where each layer is written in the file that defines it (for
 * outputs that point at a line: GitLab Code Quality, GitHub annotations).
 * See load.h. */
#define _GNU_SOURCE /* memmem */
#include "load/load.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "util/file.h"
#include "util/utf8.h"
#include <stdlib.h>
#include <string.h>

/* name as a JSON string literal, quotes included: raw (trtexec does not
 * escape names), or escaped the way JSON writers do (\" \\ \n \r \t,
 * other controls as \u00XX; ascii: every non-ASCII character as \uXXXX
 * too, surrogate pairs beyond the BMP, as Python's json.dump does). */
static char *S_quoted(const char *s, size_t n, int mode, size_t *len) {
  ec_buf b = {0};
  ec_buf_putc(&b, '"');
  if (mode == 0) ec_buf_put(&b, s, n);
  for (size_t i = 0, l = 0; mode && i < n; i += l) {
    unsigned cp = ec_utf8_decode((const unsigned char *)s + i, n - i, &l);
    if (cp == '"') ec_buf_puts(&b, "\\\"");
    else if (cp == '\\') ec_buf_puts(&b, "\\\\");
    else if (cp == '\n') ec_buf_puts(&b, "\\n");
    else if (cp == '\r') ec_buf_puts(&b, "\\r");
    else if (cp == '\t') ec_buf_puts(&b, "\\t");
    else if (cp < 0x20 || (mode == 2 && cp >= 0x80 && cp < 0x10000)) ec_buf_printf(&b, "\\u%04x", cp);
    else if (mode == 2 && cp >= 0x10000)
      ec_buf_printf(&b, "\\u%04x\\u%04x", 0xD800 + ((cp - 0x10000) >> 10), 0xDC00 + ((cp - 0x10000) & 0x3FF));
    else ec_buf_put(&b, s + i, l);
  }
  ec_buf_putc(&b, '"');
  *len = b.len;
  return ec_buf_take(&b);
}

const char *ec_load_layer_lines(const ec_engine *e, size_t *lines) {
  memset(lines, 0, e->n_layers * sizeof *lines);
  const char *path = NULL;
  for (size_t k = 0; k < e->n_files && !path; k++)
    if (e->files[k].kind == EC_FILE_GRAPH) path = e->files[k].path;
  for (size_t k = 0; k < e->n_files && !path; k++)
    if (e->files[k].kind == EC_FILE_LOG) path = e->files[k].path;
  if (!path) return NULL;
  ec_diags d = {0};
  size_t len;
  char *text = ec_read_file(path, &len, &d);
  ec_diags_free(&d);
  if (!text) return NULL;
  /* names in graph order, each searched as a quoted string from where the
   * previous one was found (then from the start): linear in the file */
  size_t cur = 0, line_at = 0, line = 1;
  for (size_t i = 0; i < e->n_layers; i++) {
    const ec_layer *l = &e->layers[i];
    if (!l->name_len) continue;
    const char *hit = NULL;
    for (int mode = 0; mode < 3 && !hit; mode++) {
      size_t ql;
      char *q = S_quoted(l->name, l->name_len, mode, &ql);
      hit = memmem(text + cur, len - cur, q, ql);
      if (!hit) hit = memmem(text, len, q, ql);
      free(q);
    }
    if (!hit) continue;
    size_t pos = (size_t)(hit - text);
    if (pos < line_at) line_at = 0, line = 1;
    for (; line_at < pos; line_at++) line += text[line_at] == '\n';
    lines[i] = line;
    cur = pos;
  }
  free(text);
  return path;
}
