/* template — CommonMark templates with placeholders and generated blocks.
 *
 * A template is a plain CommonMark file that reads well on its own. Inline
 * values are placeholders like {{engine.name}}, replaced inside the parsed
 * AST's text nodes (so a value is always literal text: a layer named
 * "{{engine.name}}" or "*bold*" stays text). A fenced code block whose info
 * string names a generator ("chart", "table", "notes", ...) and whose body is
 * "key: value" lines becomes a custom block node that keeps a pointer to the
 * generated ec_block (cmark_node_get_user_data) for the PDF typesetter and
 * carries its HTML for the HTML writer. Raw HTML in templates stays disabled
 * (cmark's safe default), except one comment: "<!-- pdf: detail -->" in a
 * section (after its heading) becomes an EC_BLOCK_MARK that keeps the
 * section and its subsections out of the PDF brief (--pdf-detail full
 * appends them); "<!-- pdf: brief -->" brings a subsection back. The HTML
 * shows every section. */
#ifndef EC_TEMPLATE_H
#define EC_TEMPLATE_H
#include <cmark.h>
#include <stddef.h>
#include "assemble/block.h"
#include "model/engine.h"
#include "util/budget.h"
#include "util/diag.h"

typedef struct ec_tmpl_env {
  void *ud;
  /** Value of a placeholder (malloc'd, caller frees), or NULL when unknown. */
  char *(*value)(void *ud, const char *name);
  /** Block for a generator kind and its args; NULL when kind is not a
   *  generator (the fenced block then stays code). */
  ec_block *(*generate)(void *ud, const char *kind, const ec_kvs *args);
  /** HTML for a block (malloc'd), or NULL to skip HTML (PDF-only runs). */
  char *(*html)(void *ud, const ec_block *b);
  const char *id_prefix; /* heading anchors are PREFIX-SLUG (ec_heading_slug) */
  const char *source;    /* template name for messages */
} ec_tmpl_env;

/* A heading of an expanded document, in document order (for a table of
 * contents): its level, its anchor id, and its text after placeholders. */
typedef struct ec_heading {
  int level;
  char *id;   /* owned: PREFIX-SLUG, unique in the document */
  char *text; /* owned: plain text (placeholders replaced), not escaped */
} ec_heading;

typedef struct ec_doc {
  cmark_node *root;         /* owned */
  ec_heading *heads;        /* owned */
  size_t n_heads, cap_heads;
  ec_block **blocks;        /* owned, referenced by custom nodes */
  size_t n_blocks, cap_blocks;
  char **strings;           /* owned strings referenced by custom nodes */
  size_t n_strings, cap_strings;
} ec_doc;

/* A template's limits are util/budget.h's: EC_TEMPLATE_MAX_BYTES (a
 * CommonMark file of a few KB in practice; cmark 0.30.2 takes time
 * quadratic in some text, 43 s for 1 MiB of "![[]()"), EC_TEMPLATE_MAX_BLOCKS
 * generated blocks (each can cost as much as a chart of every layer) and
 * EC_TEMPLATE_MAX_DEPTH levels of nesting (the PDF typesetter recurses). */

/** Parse md[0..len) and expand it with env into out. Problems in the
 *  template (unknown placeholder or generator) are warnings in d.
 *  Returns 0, or -1 (an error in d naming the template's line) when the
 *  text is not valid UTF-8 or over a template limit (bytes, generated
 *  blocks, nesting); nothing is generated then. */
int ec_template_expand(const char *md, size_t len, const ec_tmpl_env *env, ec_doc *out, ec_diags *d);
/** An upper bound of the HTML cmark renders from doc's tree (text escaped
 *  at worst 6 bytes a byte, custom blocks as they are, tags per node). */
size_t ec_doc_html_bound(const ec_doc *doc);
/* cmark aborts when one buffer would pass INT32_MAX / 2 bytes; a page is
 * refused before that. */
#define EC_PAGE_MAX_BYTES (((size_t)1 << 30) - ((size_t)16 << 20))
void ec_doc_free(ec_doc *doc);

/** The anchor slug of a heading's template text: ASCII letters and digits
 *  lower-cased, every other run of characters one "-", none at either end;
 *  "section" when nothing is left. Written from the text as the template
 *  has it, before placeholders are replaced, so "# {{engine.name}}" gives
 *  "engine-name" for every engine and a link to a section stays valid from
 *  one report to the next. Caller frees. */
char *ec_heading_slug(const char *text);

/* ---- a report kind's names: one table each, one driver ------------------ */

/* One name a template's fenced block can ask for: a generator ("```chart",
 * "```table", "```notes", ...) with "data: NAME". The report kinds (report,
 * compare, trend) each keep a table of these, and ec_tmpl_generate looks a
 * block up in it. */
typedef struct ec_tmpl_item {
  const char *fence; /* the generator: "chart", "table", "notes", ... */
  const char *name;  /* its "data:" name; NULL: any (the row reads data itself) */
  /* the block (never NULL); data is the block's "data:" (the fence's
   * default when it has none) */
  ec_block *(*gen)(void *ud, const struct ec_tmpl_item *it, const char *data, const ec_kvs *args);
  size_t rows;       /* default rows (view/rows.h); 0: all */
  const char *what;  /* what it shows, one line */
} ec_tmpl_item;

/* A generator of a report kind: the "data:" it reads when a block gives
 * none, and what a name its table lacks shows (NULL: nothing, the fence
 * is only ever a wildcard row). */
typedef struct ec_tmpl_fence {
  const char *fence;
  const char *dflt;    /* data when the block has none (NULL: none) */
  const char *unknown; /* "the template names an unknown ..." */
} ec_tmpl_fence;

/* A placeholder ({{NAME}}) and the function giving its value (malloc'd). */
typedef struct ec_tmpl_value {
  const char *name;
  char *(*fn)(void *ud);
} ec_tmpl_value;

/* A report kind: its generators, names and placeholders. */
typedef struct ec_tmpl_kind {
  const char *name; /* "report", "compare", "trend" */
  const ec_tmpl_fence *fences;
  size_t n_fences;
  const ec_tmpl_item *items;
  size_t n_items;
  const ec_tmpl_value *values;
  size_t n_values;
} ec_tmpl_kind;

/** The row of k for a fence and data name: the named row, else the fence's
 *  wildcard row, else NULL. */
const ec_tmpl_item *ec_tmpl_item_find(const ec_tmpl_kind *k, const char *fence, const char *data);
/** The block of a generator of k (an ec_tmpl_env's generate): the row's;
 *  for a name k does not have, "Not available" with the fence's unknown
 *  message; NULL when fence is not one of k's generators. */
ec_block *ec_tmpl_generate(const ec_tmpl_kind *k, void *ud, const char *fence, const ec_kvs *args);
/** The value of placeholder name (an ec_tmpl_env's value), or NULL when k
 *  has none of that name. */
char *ec_tmpl_value_of(const ec_tmpl_kind *k, void *ud, const char *name);
/** The rows a block shows: its "rows:", else the row's default. */
size_t ec_tmpl_rows(const ec_tmpl_item *it, const ec_kvs *args);

/** The template text: from path if given (a user's own template), else the
 *  embedded "templates/NAME". Returns malloc'd text or NULL with a message. */
char *ec_template_load(const char *path, const char *name, size_t *len, ec_diags *d);

#endif
