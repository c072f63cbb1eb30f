#include "assemble/template.h"
#include "words/words.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "util/embed.h"
#include "util/file.h"
#include "util/utf8.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *S_keep(ec_doc *doc, char *s) {
  *EC_PUSH(doc->strings, doc->n_strings, doc->cap_strings) = s;
  return s;
}

/* Append a placeholder's value as text: values come from inputs (an engine
 * name, a device name), so invalid UTF-8 and control characters other than
 * tab and newline become U+FFFD (cmark copies literals to HTML as they are). */
static void S_put_value(ec_buf *b, const char *v) { ec_buf_text(b, v, strlen(v)); /* shown capped, as every escaper */ }

/* Replace {{name}} in a text node's literal. */
static void S_subst(cmark_node *n, const ec_tmpl_env *env, ec_diags *d) {
  const char *lit = cmark_node_get_literal(n);
  if (!lit || !strstr(lit, "{{")) return;
  ec_buf b = {0};
  const char *p = lit;
  for (;;) {
    const char *o = strstr(p, "{{");
    if (!o) break;
    const char *c = strstr(o + 2, "}}");
    if (!c) break;
    ec_buf_put(&b, p, (size_t)(o - p));
    char *name = ec_strndup(o + 2, (size_t)(c - o - 2));
    char *v = env->value ? env->value(env->ud, name) : NULL;
    if (v) {
      S_put_value(&b, v);
      free(v);
    } else {
      ec_diag_add(d, EC_WARN, env->source, cmark_node_get_start_line(n), cmark_node_get_start_column(n),
                  "unknown placeholder {{%s}} left as is", name);
      ec_buf_put(&b, o, (size_t)(c + 2 - o));
    }
    free(name);
    p = c + 2;
  }
  ec_buf_puts(&b, p);
  cmark_node_set_literal(n, b.data);
  ec_buf_free(&b);
}

/* Plain text of a node's inlines: text and code literals, breaks as spaces. */
static void S_plain(cmark_node *n, ec_buf *b) {
  for (cmark_node *c = cmark_node_first_child(n); c; c = cmark_node_next(c)) {
    switch (cmark_node_get_type(c)) {
    case CMARK_NODE_TEXT:
    case CMARK_NODE_CODE: ec_buf_puts(b, cmark_node_get_literal(c)); break;
    case CMARK_NODE_SOFTBREAK:
    case CMARK_NODE_LINEBREAK: ec_buf_putc(b, ' '); break;
    default: S_plain(c, b);
    }
  }
}

char *ec_heading_slug(const char *text) {
  ec_buf b = {0};
  int gap = 0;
  for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
    int c = *p;
    if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z')) {
      if (gap && b.len) ec_buf_putc(&b, '-');
      ec_buf_putc(&b, (char)(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c));
      gap = 0;
    } else {
      gap = 1;
    }
  }
  if (!b.len) return ec_strdup("section");
  return ec_buf_take(&b);
}

/* 1 when ids[i] equals an earlier id. */
static int S_id_taken(char *const *ids, size_t i) {
  for (size_t k = 0; k < i; k++)
    if (!strcmp(ids[k], ids[i])) return 1;
  return 0;
}

/* "key: value" lines into args. */
static void S_args(const char *body, ec_kvs *args) {
  const char *p = body;
  while (p && *p) {
    const char *nl = strchr(p, '\n');
    size_t n = nl ? (size_t)(nl - p) : strlen(p);
    const char *colon = memchr(p, ':', n);
    if (colon) {
      const char *ks = p, *ke = colon, *vs = colon + 1, *ve = p + n;
      while (ks < ke && (*ks == ' ' || *ks == '\t')) ks++;
      while (ke > ks && (ke[-1] == ' ' || ke[-1] == '\t')) ke--;
      while (vs < ve && (*vs == ' ' || *vs == '\t')) vs++;
      while (ve > vs && (ve[-1] == ' ' || ve[-1] == '\t' || ve[-1] == '\r')) ve--;
      char *k = ec_strndup(ks, (size_t)(ke - ks)), *v = ec_strndup(vs, (size_t)(ve - vs));
      ec_kvs_add(args, k, v);
      free(k);
      free(v);
    }
    p = nl ? nl + 1 : NULL;
  }
}

/* The role of a PDF mark "<!-- pdf: brief|detail -->" (spaces free); -1 for
 * other HTML, -2 for a "pdf:" comment that names neither. */
static int S_mark(const char *lit) {
  if (!lit) return -1;
  char w[3][16] = {"", "", ""};
  int k = sscanf(lit, " <!-- %15[a-z]: %15[a-z] %3s", w[0], w[1], w[2]);
  if (k < 1 || strcmp(w[0], "pdf")) return -1;
  if (k == 3 && !strcmp(w[2], "-->")) {
    if (!strcmp(w[1], "brief")) return EC_MARK_BRIEF;
    if (!strcmp(w[1], "detail")) return EC_MARK_DETAIL;
  }
  return -2;
}

/* Fold what follows mark (a detail mark just under its section's heading)
 * up to the next heading of the same or a higher level. */
static void S_fold(ec_doc *doc, cmark_node *mark) {
  cmark_node *h = cmark_node_previous(mark);
  while (h && cmark_node_get_type(h) != CMARK_NODE_HEADING) h = cmark_node_previous(h);
  if (!h) return;
  int lv = cmark_node_get_heading_level(h);
  ec_buf t = {0};
  S_plain(h, &t);
  ec_buf o = {0};
  ec_buf_puts(&o, "<details class=\"fold\"><summary>Show ");
  ec_buf_html(&o, t.data ? t.data : "", t.len);
  ec_buf_puts(&o, "</summary>\n");
  ec_buf_free(&t);
  cmark_node_set_on_enter(mark, S_keep(doc, ec_buf_take(&o)));
  cmark_node *end = cmark_node_next(mark);
  while (end && !(cmark_node_get_type(end) == CMARK_NODE_HEADING && cmark_node_get_heading_level(end) <= lv))
    end = cmark_node_next(end);
  cmark_node *close = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK); /* no block: the PDF skips it */
  cmark_node_set_on_enter(close, "</details>\n");
  if (end) cmark_node_insert_before(end, close);
  else cmark_node_append_child(cmark_node_parent(mark), close);
}

/* A node's line and column in the template: its own, else its nearest
 * block's (cmark gives some inlines none). */
static void S_pos_of(cmark_node *n, int *line, int *col) {
  *line = *col = 0;
  for (; n && *line <= 0; n = cmark_node_parent(n)) {
    *line = cmark_node_get_start_line(n);
    *col = cmark_node_get_start_column(n);
  }
}

/* Nodes cmark's iterator enters without leaving (they hold no others). */
static int S_leaf(cmark_node *n) {
  switch (cmark_node_get_type(n)) {
  case CMARK_NODE_HTML_BLOCK:
  case CMARK_NODE_THEMATIC_BREAK:
  case CMARK_NODE_CODE_BLOCK:
  case CMARK_NODE_TEXT:
  case CMARK_NODE_SOFTBREAK:
  case CMARK_NODE_LINEBREAK:
  case CMARK_NODE_CODE:
  case CMARK_NODE_HTML_INLINE: return 1;
  default: return 0;
  }
}

/* The first node nested more than EC_TEMPLATE_MAX_DEPTH deep (block
 * quotes, lists, emphasis, links inside one another), found without
 * recursion, or NULL. Every renderer after this point may recurse: the PDF
 * typesetter does, once per level. */
static cmark_node *S_too_deep(cmark_node *root) {
  cmark_iter *it = cmark_iter_new(root);
  cmark_event_type ev;
  cmark_node *hit = NULL;
  unsigned depth = 0; /* containers open, the document's included */
  while (!hit && (ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
    if (ev == CMARK_EVENT_EXIT) {
      depth--;
      continue;
    }
    cmark_node *n = cmark_iter_get_node(it);
    if (depth > EC_TEMPLATE_MAX_DEPTH) hit = n;
    if (!S_leaf(n)) depth++;
  }
  cmark_iter_free(it);
  return hit;
}

/* Drop the section of code (a generated block whose data is absent and
 * whose template said "missing: hide"): from the nearest heading before it
 * up to code itself, its heading leaving the contents (heads[], parallel to
 * out->heads, shrinks with it) and its PDF marks forgotten. A block with no
 * heading before it goes alone. */
static void S_drop_section(ec_doc *out, cmark_node *code, cmark_node **heads, size_t *nh, cmark_node **marks, size_t nm) {
  cmark_node *first = code;
  for (cmark_node *p = cmark_node_previous(code); p; p = cmark_node_previous(p)) {
    first = p;
    if (cmark_node_get_type(p) == CMARK_NODE_HEADING) break;
  }
  if (cmark_node_get_type(first) != CMARK_NODE_HEADING) first = code;
  for (cmark_node *n = first, *next; n; n = next) {
    next = n == code ? NULL : cmark_node_next(n);
    for (size_t k = 0; k < nm; k++)
      if (marks[k] == n) marks[k] = NULL;
    for (size_t k = 0; k < *nh; k++) {
      if (heads[k] != n) continue;
      free(out->heads[k].id);
      free(out->heads[k].text);
      memmove(&out->heads[k], &out->heads[k + 1], (*nh - k - 1) * sizeof *out->heads);
      memmove(&heads[k], &heads[k + 1], (*nh - k - 1) * sizeof *heads);
      (*nh)--;
      out->n_heads--;
      break;
    }
    cmark_node_unlink(n);
    cmark_node_free(n);
  }
}

int ec_template_expand(const char *md, size_t len, const ec_tmpl_env *env, ec_doc *out, ec_diags *d) {
  memset(out, 0, sizeof *out);
  if (ec_budget_over(EC_BUDGET_TEMPLATE_BYTES, len)) {
    ec_diag_add(d, EC_ERROR, env->source, 0, 0, "template is %zu %s, over the limit of %zu; the template is not used",
                len, ec_plural(len, "byte", "bytes"), (size_t)EC_TEMPLATE_MAX_BYTES);
    return -1;
  }
  if (!ec_utf8_valid(md, len)) {
    ec_diag_add(d, EC_ERROR, env->source, 0, 0, "template is not valid UTF-8");
    return -1;
  }
  out->root = cmark_parse_document(md, len, CMARK_OPT_DEFAULT | CMARK_OPT_VALIDATE_UTF8);
  cmark_node *deep = S_too_deep(out->root);
  if (deep) {
    int line, col;
    S_pos_of(deep, &line, &col);
    ec_budget_refuse(d, EC_BUDGET_TEMPLATE_DEPTH, env->source, line, col);
    return -1;
  }
  /* Collect first, mutate after: the iterator must not see replaced nodes. */
  cmark_node **texts = NULL, **codes = NULL, **heads = NULL, **marks = NULL;
  size_t nt = 0, ct = 0, nc = 0, cc = 0, nh = 0, ch = 0, nm = 0, cm = 0;
  cmark_iter *it = cmark_iter_new(out->root);
  cmark_event_type ev;
  while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
    if (ev != CMARK_EVENT_ENTER) continue;
    cmark_node *n = cmark_iter_get_node(it);
    switch (cmark_node_get_type(n)) {
    case CMARK_NODE_TEXT: *EC_PUSH(texts, nt, ct) = n; break;
    case CMARK_NODE_CODE_BLOCK: *EC_PUSH(codes, nc, cc) = n; break;
    case CMARK_NODE_HEADING: *EC_PUSH(heads, nh, ch) = n; break;
    case CMARK_NODE_HTML_BLOCK: *EC_PUSH(marks, nm, cm) = n; break;
    default: break;
    }
  }
  cmark_iter_free(it);
  /* heading ids from the template's own text, before placeholders */
  char **ids = ec_calloc(nh ? nh : 1, sizeof *ids);
  for (size_t i = 0; i < nh; i++) {
    ec_buf t = {0};
    S_plain(heads[i], &t);
    char *slug = ec_heading_slug(t.data ? t.data : "");
    ec_buf_free(&t);
    ids[i] = ec_asprintf("%s-s-%s", env->id_prefix ? env->id_prefix : "r", slug);
    for (unsigned k = 2; S_id_taken(ids, i); k++) {
      free(ids[i]);
      ids[i] = ec_asprintf("%s-s-%s-%u", env->id_prefix ? env->id_prefix : "r", slug, k);
    }
    free(slug);
  }
  for (size_t i = 0; i < nt; i++) S_subst(texts[i], env, d);
  for (size_t i = 0; i < nh; i++) {
    ec_heading *h = EC_PUSH(out->heads, out->n_heads, out->cap_heads);
    ec_buf t = {0};
    S_plain(heads[i], &t);
    h->level = cmark_node_get_heading_level(heads[i]);
    h->id = ids[i];
    h->text = ec_buf_take(&t);
    cmark_node *a = cmark_node_new(CMARK_NODE_CUSTOM_INLINE);
    cmark_node_set_on_enter(a, S_keep(out, ec_asprintf("<a class=\"anchor\" id=\"%s\"></a>", h->id)));
    cmark_node_prepend_child(heads[i], a);
  }
  free(ids);
  int over = 0;
  for (size_t i = 0; i < nc && !over; i++) {
    const char *info = cmark_node_get_fence_info(codes[i]);
    if (!info || !*info || !env->generate) continue;
    ec_kvs args = {0};
    S_args(cmark_node_get_literal(codes[i]), &args);
    ec_block *b = env->generate(env->ud, info, &args);
    /* each block can cost as much as a chart of every layer: a template
     * with more than the limit is refused (what was made, at most the
     * limit's worth and one, is freed with the document) */
    if (b && ec_budget_over(EC_BUDGET_TEMPLATE_BLOCKS, out->n_blocks + 1)) {
      ec_budget_refuse(d, EC_BUDGET_TEMPLATE_BLOCKS, env->source, cmark_node_get_start_line(codes[i]), 1);
      ec_block_free(b);
      ec_kvs_free(&args);
      over = 1;
      break;
    }
    if (!b) {
      ec_diag_add(d, EC_WARN, env->source, cmark_node_get_start_line(codes[i]), 1,
                  "fenced block \"%s\" names no generator; kept as code", info);
      ec_kvs_free(&args);
      continue;
    }
    ec_kvs_free(&args);
    if (b->drop_section) {
      ec_block_free(b);
      S_drop_section(out, codes[i], heads, &nh, marks, nm);
      continue;
    }
    *EC_PUSH(out->blocks, out->n_blocks, out->cap_blocks) = b;
    cmark_node *cb = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK);
    cmark_node_set_user_data(cb, b);
    char *html = env->html ? env->html(env->ud, b) : NULL;
    cmark_node_set_on_enter(cb, html ? S_keep(out, html) : "");
    cmark_node_replace(codes[i], cb);
    cmark_node_free(codes[i]);
  }
  if (over) {
    free(texts);
    free(codes);
    free(heads);
    free(marks);
    return -1;
  }
  /* "<!-- pdf: brief -->" / "<!-- pdf: detail -->": where the section goes in
   * the PDF; other raw HTML stays as cmark leaves it (omitted) */
  for (size_t i = 0; i < nm; i++) {
    if (!marks[i]) continue; /* dropped with its section */
    int role = S_mark(cmark_node_get_literal(marks[i]));
    if (role == -2)
      ec_diag_add(d, EC_WARN, env->source, cmark_node_get_start_line(marks[i]), 1,
                  "a PDF mark is \"<!-- pdf: brief -->\" or \"<!-- pdf: detail -->\"; this one is ignored");
    if (role < 0) continue;
    ec_block *b = ec_block_mark(role);
    *EC_PUSH(out->blocks, out->n_blocks, out->cap_blocks) = b;
    cmark_node *cb = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK);
    cmark_node_set_user_data(cb, b);
    cmark_node_set_on_enter(cb, "");
    cmark_node_replace(marks[i], cb);
    cmark_node_free(marks[i]);
    marks[i] = role == EC_MARK_DETAIL ? cb : NULL;
  }
  /* In HTML a detail section is folded (<details>) under its heading: the
   * page reads in a few screens and prints short; the heading stays in the
   * contents and opens it. From the last mark to the first, so a section's
   * fold closes after the folds of its subsections. */
  for (size_t i = nm; i-- > 0;)
    if (marks[i]) S_fold(out, marks[i]);
  free(texts);
  free(codes);
  free(heads);
  free(marks);
  return 0;
}

void ec_doc_free(ec_doc *doc) {
  if (doc->root) cmark_node_free(doc->root);
  for (size_t i = 0; i < doc->n_blocks; i++) ec_block_free(doc->blocks[i]);
  free(doc->blocks);
  for (size_t i = 0; i < doc->n_heads; i++) {
    free(doc->heads[i].id);
    free(doc->heads[i].text);
  }
  free(doc->heads);
  for (size_t i = 0; i < doc->n_strings; i++) free(doc->strings[i]);
  free(doc->strings);
  memset(doc, 0, sizeof *doc);
}

size_t ec_doc_html_bound(const ec_doc *doc) {
  if (!doc->root) return 0;
  size_t sum = 0;
  cmark_iter *it = cmark_iter_new(doc->root);
  cmark_event_type ev;
  while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
    if (ev != CMARK_EVENT_ENTER) continue;
    cmark_node *n = cmark_iter_get_node(it);
    const char *lit = cmark_node_get_literal(n), *on = cmark_node_get_on_enter(n), *url = cmark_node_get_url(n);
    sum += 64; /* its tags */
    if (lit) sum += 6 * strlen(lit); /* "&quot;" for '"' */
    if (url) sum += 6 * strlen(url);
    if (on) sum += strlen(on);
  }
  cmark_iter_free(it);
  return sum;
}

char *ec_template_load(const char *path, const char *name, size_t *len, ec_diags *d) {
  if (path) return ec_read_file(path, len, d);
  char full[256];
  snprintf(full, sizeof full, "templates/%s", name);
  const ec_embedded_file *f = ec_embedded_find(full);
  if (!f) {
    ec_diag_add(d, EC_ERROR, full, 0, 0, "no such built-in template");
    return NULL;
  }
  *len = f->len;
  return ec_strndup((const char *)f->data, f->len);
}

/* ---- a report kind's names ------------------------------------------------ */

const ec_tmpl_item *ec_tmpl_item_find(const ec_tmpl_kind *k, const char *fence, const char *data) {
  const ec_tmpl_item *any = NULL;
  for (size_t i = 0; i < k->n_items; i++) {
    const ec_tmpl_item *it = &k->items[i];
    if (strcmp(it->fence, fence)) continue;
    if (!it->name) {
      if (!any) any = it;
    } else if (data && !strcmp(it->name, data)) {
      return it;
    }
  }
  return any;
}

ec_block *ec_tmpl_generate(const ec_tmpl_kind *k, void *ud, const char *fence, const ec_kvs *args) {
  for (size_t f = 0; f < k->n_fences; f++) {
    const ec_tmpl_fence *fe = &k->fences[f];
    if (strcmp(fe->fence, fence)) continue;
    const char *data = ec_kvs_get(args, "data");
    if (!data) data = fe->dflt;
    const ec_tmpl_item *it = ec_tmpl_item_find(k, fence, data);
    return it ? it->gen(ud, it, data, args) : ec_block_unavailable(fe->unknown);
  }
  return NULL;
}

char *ec_tmpl_value_of(const ec_tmpl_kind *k, void *ud, const char *name) {
  for (size_t i = 0; i < k->n_values; i++)
    if (!strcmp(k->values[i].name, name)) return k->values[i].fn(ud);
  return NULL;
}

size_t ec_tmpl_rows(const ec_tmpl_item *it, const ec_kvs *args) { return ec_kvs_get_count(args, "rows", it->rows); }
