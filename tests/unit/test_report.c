/* Unit tests for the report card as a reader meets it (issue 16, the content
 * and the PDF brief):
 *  - table cells carry semantic kinds that both writers read;
 *  - the PDF's tables break identifiers at / _ . + - [ ] and never hyphenate;
 *  - one registry names every chart and table: builders, data tables, why
 *    an item is missing; the template and the README name nothing else;
 *  - each report kind (report, compare, trend) one table of names read by
 *    one driver; docs/templates.md lists every name and default row count
 *    of the three, and nothing else;
 *  - a chart with one category is a sentence;
 *  - report --top N sets the slowest layers everywhere;
 *  - binary units per magnitude, plurals, no stray "None.";
 *  - the first screen: headline tiles with "not available" for unknowns;
 *  - PDF marks in templates. */
#include "testutil.h"
#include "util/utf8.h"
#include <math.h>
#include "assemble/html.h"
#include "assemble/compare_report.h"
#include "assemble/report.h"
#include "assemble/trend_report.h"
#include "cli/options.h"
#include "assemble/template.h"
#include "load/load.h"
#include "render/cairo_table.h"
#include "render/html_table.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "util/file.h"
#include "view/colors.h"
#include "view/engine_tables.h"
#include "words/words.h"
#include "view/headline.h"
#include "view/compare_view.h"
#include "view/report_items.h"
#include "view/rows.h"
#include "draw/table.h"

/* An engine of n layers cycling through the given types (and precisions),
 * each with a profile record (latency i % 7 + 1 tenths of a ms) when
 * profile is set; no timing, no device, no metadata. */
static ec_engine *S_engine(size_t n, const char *const *types, size_t nt, const char *const *precs, size_t np,
                           int profile) {
  ec_engine *e = ec_engine_new("test");
  e->has_graph = 1;
  e->has_profile = profile;
  e->layers = ec_calloc(n, sizeof *e->layers);
  e->n_layers = e->cap_layers = n;
  double total = 0;
  for (size_t i = 0; i < n; i++) {
    ec_layer *l = &e->layers[i];
    l->index = i;
    l->name = ec_asprintf("/model/layer%zu/%s", i, types[i % nt]);
    l->name_len = strlen(l->name);
    l->type = ec_strdup(types[i % nt]);
    l->layer_type = ec_strdup(types[i % nt]);
    l->tactic = ec_strdup("sm80_xmma_fprop_implicit_gemm_f16f16_f16f16_f16_nhwckrsc_nhwc_tilesize128x128x32");
    l->stream_id = -1;
    l->precision = l->precision_trex = l->out_precision = precs[i % np];
    if (profile) {
      l->has_profile = 1;
      l->avg_ms = l->median_ms = l->time_ms = (double)(i % 7 + 1) / 10;
      total += l->avg_ms;
    }
  }
  for (size_t i = 0; i < n && total > 0; i++) e->layers[i].pct = 100 * e->layers[i].avg_ms / total;
  return e;
}

static const char *const S_types4[] = {"Convolution", "PointWise", "MatrixMultiply", "Reformat"};
static const char *const S_fp16[] = {"FP16"};
static const char *const S_mixed[] = {"FP16", "INT8", "FP16", "FP32"};

static ec_report S_build(ec_engine *e, size_t top) {
  ec_report r;
  ec_diags d = {0};
  ec_report_opts o = {0};
  o.top_n = top;
  o.want_html = 1;
  o.graph_budget = 1; /* the graph is not what these tests look at */
  o.graph_timeout = 5;
  ec_engine *es[1] = {e};
  assert_int_equal(ec_report_build(es, 1, &o, &r, &d), 0);
  ec_diags_free(&d);
  return r;
}

/* The figure whose id prefix ends with name, or NULL. */
static const ec_block *S_figure(const ec_report *r, const char *name) {
  const ec_doc *doc = &r->parts[0].doc;
  for (size_t i = 0; i < doc->n_blocks; i++) {
    const ec_block *b = doc->blocks[i];
    if (b->kind != EC_BLOCK_FIGURE) continue;
    const char *id = b->scene->id_prefix;
    size_t a = strlen(id), k = strlen(name);
    if (a >= k && !strcmp(id + a - k, name)) return b;
  }
  return NULL;
}

static const ec_block *S_first_screen(const ec_report *r) {
  const ec_doc *doc = &r->parts[0].doc;
  for (size_t i = 0; i < doc->n_blocks; i++)
    if (doc->blocks[i]->kind == EC_BLOCK_GROUP && doc->blocks[i]->role == EC_ROLE_FIRST_SCREEN) return doc->blocks[i];
  fail_msg("no first screen");
  return NULL;
}

static char *S_html(const ec_report *r) {
  ec_buf b = {0};
  ec_report_html(r, &b);
  return ec_buf_take(&b);
}

/* ---- cell kinds ----------------------------------------------------------- */

static void test_cell_kinds_html(void **st) {
  (void)st;
  ec_table *t = ec_table_new("k", NULL);
  ec_table_col(t, "A", EC_CELL_ALIGN_LEFT, 0);
  ec_table_col(t, "B", EC_CELL_ALIGN_RIGHT, 1);
  size_t r = ec_table_row(t);
  ec_table_set(t, r, 0, "FP16", NAN);
  ec_precision_cell(t, r, 0, "FP16");
  ec_table_set(t, r, 1, "45.70", 45.7);
  ec_table_set_kind(t, r, 1, EC_CELL_SHARE, NULL);
  r = ec_table_row(t);
  ec_table_set(t, r, 0, "x", NAN);
  ec_table_set_kind(t, r, 0, EC_CELL_SEVERITY, "\"><script>");
  ec_table_set(t, r, 1, "1", 1);
  ec_table_set_kind(t, r, 1, EC_CELL_BAD, NULL);
  r = ec_table_row(t);
  ec_table_set(t, r, 1, "22.85", 22.85);
  ec_table_set_kind(t, r, 1, EC_CELL_SHARE, NULL);
  ec_buf b = {0};
  ec_render_table_html(t, &b);
  /* the precision's colour comes from view/colors.c (TREx's FP16 orange) */
  assert_non_null(strstr(b.data, "<td class=\"prec\" style=\"--prec:#ffa500\">FP16</td>"));
  /* a share's bar is its fraction of the column's largest share */
  assert_non_null(strstr(b.data, "class=\"num share\" style=\"--share:1.0000\""));
  assert_non_null(strstr(b.data, "class=\"num share\" style=\"--share:0.5000\""));
  /* an unknown severity key never reaches the markup */
  assert_null(strstr(b.data, "<script>"));
  assert_non_null(strstr(b.data, "class=\"sev sev-info\""));
  assert_non_null(strstr(b.data, "class=\"num bad\""));
  ec_buf_free(&b);
  ec_table_free(t);
}

/* ---- identifiers in the PDF ----------------------------------------------- */

/* Every line of s wrapped at w must end where ec_ident_break allows (or at a
 * space), carry no inserted hyphen, and the lines must give s back. */
static void S_check_breaks(const char *s, double w, size_t min_lines) {
  ec_buf out = {0};
  ec_cairo_cell_lines(s, w, &out);
  size_t n = strlen(s), at = 0, lines = 0;
  const char *p = out.data;
  for (;;) {
    const char *nl = strchr(p, '\n');
    size_t len = nl ? (size_t)(nl - p) : strlen(p);
    lines++;
    if (len == 0 || at + len > n || memcmp(s + at, p, len) != 0)
      fail_msg("line %zu of \"%s\" at %g pt is \"%.*s\": not the text (a hyphen was inserted?)\n%s", lines, s, w,
               (int)len, p, out.data);
    at += len;
    if (nl && !(s[at - 1] == ' ' || ec_ident_break((unsigned char)s[at - 1], (unsigned char)s[at])))
      fail_msg("\"%s\" breaks mid-word after \"%.*s\"\n%s", s, (int)len, p, out.data);
    if (!nl) break;
    p = nl + 1;
  }
  assert_int_equal(at, n);
  if (lines < min_lines) fail_msg("\"%s\" did not wrap at %g pt:\n%s", s, w, out.data);
  ec_buf_free(&out);
}

static void test_pdf_identifier_breaks(void **st) {
  (void)st;
  /* TensorRT's tactic names: the old PDF drew "sm80_xmma_f-prop_implicit_g-emm" */
  S_check_breaks("sm80_xmma_fprop_implicit_gemm_f16f16_f16f16_f16_nhwckrsc_nhwc_tilesize128x128x32_stage4_"
                 "warpsize2x2x1_g1_tensor16x8x16",
                 90, 4);
  S_check_breaks("/model/encoder/layer.11/attention/self/MatMul_1 + /model/encoder/layer.11/Add", 80, 3);
  S_check_breaks("{ForeignNode[/backbone/conv1/Conv.../head/fc/Gemm]}", 60, 2);
  S_check_breaks("features.1.conv.0.0.weight + QuantizeLinear_25 + Conv_29 + PWN(Clip_33)", 70, 3);
  /* ec_ident_break itself */
  assert_true(ec_ident_break('_', 'b'));
  assert_true(ec_ident_break('a', '['));
  assert_false(ec_ident_break('a', 'b'));
  assert_false(ec_ident_break(0, 'a'));
}

/* ---- the registry ------------------------------------------------------- */

static void test_registry(void **st) {
  (void)st;
  size_t n;
  const ec_item *v = ec_items(&n);
  assert_true(n > 20);
  size_t readme_len;
  ec_diags d = {0};
  char *readme = ec_read_file("docs/templates.md", &readme_len, &d);
  assert_non_null(readme);
  for (size_t i = 0; i < n; i++) {
    for (size_t j = 0; j < i; j++)
      if (!strcmp(v[i].name, v[j].name)) fail_msg("%s is registered twice", v[i].name);
    assert_ptr_equal(ec_item_find(v[i].name), &v[i]);
    /* each kind has its builder and only that */
    assert_int_equal(v[i].chart != NULL, v[i].kind == EC_ITEM_CHART);
    assert_int_equal(v[i].table != NULL, v[i].kind == EC_ITEM_TABLE);
    assert_int_equal(v[i].tables != NULL, v[i].kind == EC_ITEM_TABLES);
    if (v[i].data) {
      const ec_item *t = ec_item_find(v[i].data);
      if (!t || t->kind != EC_ITEM_TABLE) fail_msg("%s: its data %s is not a table", v[i].name, v[i].data);
    }
    assert_true(v[i].what && *v[i].what);
    /* docs/templates.md lists every name a template can use */
    char quoted[96];
    snprintf(quoted, sizeof quoted, "`%s`", v[i].name);
    if (!strstr(readme, quoted)) fail_msg("docs/templates.md does not list %s", quoted);
  }
  free(readme);
  /* every chart and table the built-in template names is registered, as
   * the kind the fence says */
  size_t len;
  char *md = ec_template_load(NULL, "report.md", &len, &d);
  assert_non_null(md);
  for (const char *p = strstr(md, "```chart\n"); p; p = strstr(p + 1, "```chart\n")) {
    char name[64];
    assert_int_equal(sscanf(p, "```chart\ndata: %63s", name), 1);
    const ec_item *it = ec_item_find(name);
    if (!it || it->kind != EC_ITEM_CHART) fail_msg("the template's chart %s is not a registered chart", name);
  }
  for (const char *p = strstr(md, "```table\n"); p; p = strstr(p + 1, "```table\n")) {
    char name[64];
    assert_int_equal(sscanf(p, "```table\ndata: %63s", name), 1);
    const ec_item *it = ec_item_find(name);
    if (!it || it->kind == EC_ITEM_CHART) fail_msg("the template's table %s is not a registered table", name);
  }
  free(md);
  ec_diags_free(&d);
  assert_null(ec_item_find("latency-by-precision")); /* three donuts said "99% FP16" */
  assert_null(ec_item_find("layer-precision"));      /* the same bars as layer-latency */
}

/* ---- every report kind's names and docs/templates.md ------------------- */

/* The text of docs' bullet "- LABEL: ..." (its continuation lines too) with
 * every parenthesis dropped (they mention other names in passing), or
 * NULL. Caller frees. */
static char *S_bullet(const char *doc, const char *label) {
  char head[64];
  snprintf(head, sizeof head, "\n- %s: ", label);
  const char *p = strstr(doc, head);
  if (!p) return NULL;
  p += strlen(head);
  ec_buf b = {0};
  int depth = 0;
  for (; *p; p++) {
    if (*p == '\n' && strncmp(p + 1, "  ", 2)) break;
    if (*p == '(') depth++;
    else if (*p == ')' && depth) depth--;
    else if (!depth) ec_buf_putc(&b, *p);
  }
  return b.data ? ec_buf_take(&b) : ec_strdup("");
}

/* The `code` spans of text, at most cap, into v (pointers into a copy the
 * caller frees, returned). */
static char *S_spans(const char *text, const char **v, size_t cap, size_t *n) {
  char *t = ec_strdup(text);
  *n = 0;
  for (char *p = strchr(t, '`'); p; p = strchr(p + 1, '`')) {
    char *q = strchr(p + 1, '`');
    if (!q) break;
    *q = '\0';
    assert_true(*n < cap);
    v[(*n)++] = p + 1;
    p = q;
  }
  return t;
}

static int S_in(const char *name, const char *const *v, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (!strcmp(v[i], name)) return 1;
  return 0;
}

/* The docs' bullet LABEL names exactly want[0..nw), in both directions. */
static void S_docs_agree(const char *doc, const char *label, const char *const *want, size_t nw) {
  char *bl = S_bullet(doc, label);
  if (!bl) fail_msg("docs/templates.md has no \"- %s:\" list", label);
  const char *got[128];
  size_t ng;
  char *t = S_spans(bl, got, 128, &ng);
  for (size_t i = 0; i < nw; i++)
    if (!S_in(want[i], got, ng)) fail_msg("docs/templates.md's %s do not list `%s`", label, want[i]);
  for (size_t i = 0; i < ng; i++)
    if (!S_in(got[i], want, nw)) fail_msg("docs/templates.md's %s list `%s`, which is not registered", label, got[i]);
  free(t);
  free(bl);
}

/* The named rows of kind k for fence into v (wildcard rows have no name). */
static size_t S_kind_names(const ec_tmpl_kind *k, const char *fence, const char **v, size_t cap) {
  size_t n = 0;
  for (size_t i = 0; i < k->n_items; i++)
    if (!strcmp(k->items[i].fence, fence) && k->items[i].name) {
      assert_true(n < cap);
      v[n++] = k->items[i].name;
    }
  return n;
}

/* A kind's wildcard notes: the docs name the one the built-in template uses. */
static void S_docs_notes(const char *doc, const char *label, const char *tmpl) {
  size_t len;
  ec_diags d = {0};
  char *md = ec_template_load(NULL, tmpl, &len, &d);
  assert_non_null(md);
  const char *p = strstr(md, "```notes\ndata: ");
  assert_non_null(p);
  char name[64];
  assert_int_equal(sscanf(p, "```notes\ndata: %63s", name), 1);
  const char *want[] = {name};
  S_docs_agree(doc, label, want, 1);
  free(md);
  ec_diags_free(&d);
}

/* Every chart and table a built-in template names is a named row of k (or
 * of the registry its wildcard row reads). */
static void S_template_registered(const ec_tmpl_kind *k, const char *tmpl) {
  size_t len;
  ec_diags d = {0};
  char *md = ec_template_load(NULL, tmpl, &len, &d);
  assert_non_null(md);
  static const char *const fences[] = {"chart", "table"};
  for (size_t f = 0; f < 2; f++) {
    char open[32];
    snprintf(open, sizeof open, "```%s\ndata: ", fences[f]);
    for (const char *p = strstr(md, open); p; p = strstr(p + 1, open)) {
      char name[64];
      assert_int_equal(sscanf(p + strlen(open), "%63s", name), 1);
      const ec_tmpl_item *it = ec_tmpl_item_find(k, fences[f], name);
      int ok = it && it->name;
      if (it && !it->name && !strcmp(k->name, "compare")) ok = ec_cmp_chart_find(name) != NULL;
      if (it && !it->name && !strcmp(k->name, "report")) {
        const ec_item *ri = ec_item_find(name);
        ok = ri && (ri->kind == EC_ITEM_CHART) == !f;
      }
      if (!ok) fail_msg("%s: the %s %s is not registered", tmpl, fences[f], name);
    }
  }
  free(md);
  ec_diags_free(&d);
}

/* The default rows bullet: in the segment of kind (up to the next ';'),
 * "`name` N" for every row with a default, and no other pair. */
static void S_docs_rows(const char *doc, const char *kind, const char *const *names, const size_t *rows, size_t n) {
  char *bl = S_bullet(doc, "default rows");
  if (!bl) fail_msg("docs/templates.md has no \"- default rows:\" list");
  char head[32];
  snprintf(head, sizeof head, "%s `", kind);
  char *seg = strstr(bl, head);
  if (!seg) fail_msg("docs/templates.md's default rows have no %s part", kind);
  char *end = strchr(seg, ';');
  if (end) *end = '\0';
  for (size_t i = 0; i < n; i++) {
    char pair[96];
    snprintf(pair, sizeof pair, "`%s` %zu", names[i], rows[i]);
    if (!strstr(seg, pair)) fail_msg("docs/templates.md's default rows do not say %s %s", kind, pair);
  }
  for (char *p = strchr(seg, '`'); p; p = strchr(p + 1, '`')) {
    char name[64];
    size_t r;
    if (sscanf(p, "`%63[^`]` %zu", name, &r) != 2) continue;
    int ok = 0;
    for (size_t i = 0; i < n; i++) ok |= !strcmp(names[i], name) && rows[i] == r;
    if (!ok) fail_msg("docs/templates.md's default rows say %s `%s` %zu, which the registry does not", kind, name, r);
    p = strchr(p + 1, '`');
  }
  free(bl);
}

static void test_docs_names(void **st) {
  (void)st;
  size_t len;
  ec_diags d = {0};
  char *doc = ec_read_file("docs/templates.md", &len, &d);
  assert_non_null(doc);
  const char *v[128], *rn[64];
  size_t rr[64], n, nr;
  /* report: the registry's charts and tables, the kind's notes and placeholders */
  size_t ni;
  const ec_item *items = ec_items(&ni);
  n = 0;
  for (size_t i = 0; i < ni; i++)
    if (items[i].kind == EC_ITEM_CHART) v[n++] = items[i].name;
  S_docs_agree(doc, "report charts", v, n);
  n = 0;
  for (size_t i = 0; i < ni; i++)
    if (items[i].kind != EC_ITEM_CHART) v[n++] = items[i].name;
  S_docs_agree(doc, "report tables", v, n);
  n = S_kind_names(&ec_report_kind, "notes", v, 128);
  S_docs_agree(doc, "report notes", v, n);
  /* compare and trend: their tables (compare's charts with the view's registry) */
  const ec_tmpl_kind *kinds[] = {&ec_report_kind, &ec_report_compare_kind, &ec_report_trend_kind};
  for (size_t k = 1; k < 3; k++) {
    char label[64];
    const char *kn = kinds[k]->name;
    n = S_kind_names(kinds[k], "chart", v, 128);
    if (k == 1) {
      size_t nc;
      const ec_cmp_chart_item *cc = ec_cmp_charts(&nc);
      for (size_t i = 0; i < nc; i++) {
        v[n++] = cc[i].name;
        assert_true(cc[i].what && *cc[i].what);
        assert_ptr_equal(ec_cmp_chart_find(cc[i].name), &cc[i]);
      }
    }
    snprintf(label, sizeof label, "%s charts", kn);
    S_docs_agree(doc, label, v, n);
    n = S_kind_names(kinds[k], "table", v, 128);
    snprintf(label, sizeof label, "%s tables", kn);
    S_docs_agree(doc, label, v, n);
    snprintf(label, sizeof label, "%s notes", kn);
    char tmpl[32];
    snprintf(tmpl, sizeof tmpl, "%s.md", kn);
    S_docs_notes(doc, label, tmpl);
    S_template_registered(kinds[k], tmpl);
  }
  S_template_registered(&ec_report_kind, "report.md");
  /* placeholders, as {{NAME}}; every row says what it shows */
  for (size_t k = 0; k < 3; k++) {
    char label[64], (*q)[64] = ec_calloc(kinds[k]->n_values, sizeof *q);
    for (size_t i = 0; i < kinds[k]->n_values; i++) {
      snprintf(q[i], sizeof q[i], "{{%s}}", kinds[k]->values[i].name);
      v[i] = q[i];
      for (size_t j = 0; j < i; j++)
        if (!strcmp(kinds[k]->values[i].name, kinds[k]->values[j].name)) fail_msg("%s is registered twice", q[i]);
    }
    snprintf(label, sizeof label, "%s placeholders", kinds[k]->name);
    S_docs_agree(doc, label, v, kinds[k]->n_values);
    free(q);
    for (size_t i = 0; i < kinds[k]->n_items; i++) {
      const ec_tmpl_item *it = &kinds[k]->items[i];
      assert_true(it->what && *it->what);
      assert_ptr_equal(ec_tmpl_item_find(kinds[k], it->fence, it->name ? it->name : "no such name"), it);
    }
  }
  /* default rows: every row with one, and --top */
  nr = 0;
  rn[nr] = "--top", rr[nr++] = EC_TOP_DEFAULT;
  for (size_t i = 0; i < ni; i++)
    if (items[i].rows && items[i].rows != EC_ROWS_TOP) rn[nr] = items[i].name, rr[nr++] = items[i].rows;
  S_docs_rows(doc, "report", rn, rr, nr);
  for (size_t k = 1; k < 3; k++) {
    nr = 0;
    for (size_t i = 0; i < kinds[k]->n_items; i++)
      if (kinds[k]->items[i].rows) rn[nr] = kinds[k]->items[i].name, rr[nr++] = kinds[k]->items[i].rows;
    S_docs_rows(doc, kinds[k]->name, rn, rr, nr);
  }
  free(doc);
  /* the other pages that quote the --top default quote rows.h's */
  static const struct {
    const char *path, *fmt;
  } quotes[] = {{"docs/report.md", "(`--top N`, default %d)"}, {"docs/commands.md", "(default %d;"}};
  for (size_t i = 0; i < 2; i++) {
    char *page = ec_read_file(quotes[i].path, &len, &d), q[64];
    assert_non_null(page);
    snprintf(q, sizeof q, quotes[i].fmt, EC_TOP_DEFAULT);
    if (!strstr(page, q)) fail_msg("%s does not say %s", quotes[i].path, q);
    free(page);
  }
  /* and --help (the man page, completions and README synopsis come from it) */
  const ec_option *top = ec_cli_option_find("--top", EC_CMD_REPORT);
  assert_non_null(top);
  char q[32];
  snprintf(q, sizeof q, "(default %d)", EC_TOP_DEFAULT);
  if (!strstr(top->help, q)) fail_msg("report --top's help does not say %s", q);
  ec_diags_free(&d);
}

/* An unknown name keeps its kind's message; a fence that is no generator of
 * the kind stays code (NULL). */
static void test_unknown_names(void **st) {
  (void)st;
  static const struct {
    const ec_tmpl_kind *k;
    const char *fence, *data, *why;
  } cases[] = {
      {&ec_report_kind, "notes", "nope", "the template names unknown notes"},
      {&ec_report_compare_kind, "table", "nope", "the template names an unknown comparison table"},
      {&ec_report_compare_kind, "table", NULL, "the template names an unknown comparison table"},
      {&ec_report_trend_kind, "table", "nope", "the template names an unknown trend table"},
      {&ec_report_trend_kind, "chart", "banner", "the template names an unknown trend chart"},
      {&ec_report_trend_kind, "table", "series", "the template names an unknown trend table"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    ec_kvs a = {0};
    if (cases[i].data) ec_kvs_set(&a, "data", cases[i].data);
    ec_block *b = ec_tmpl_generate(cases[i].k, NULL, cases[i].fence, &a);
    assert_non_null(b);
    assert_int_equal(b->kind, EC_BLOCK_UNAVAILABLE);
    assert_string_equal(b->why, cases[i].why);
    ec_block_free(b);
    ec_kvs_free(&a);
  }
  ec_kvs a = {0};
  assert_null(ec_tmpl_generate(&ec_report_compare_kind, NULL, "first-screen", &a));
  assert_null(ec_tmpl_generate(&ec_report_trend_kind, NULL, "lint", &a));
  assert_null(ec_tmpl_generate(&ec_report_kind, NULL, "python", &a));
  assert_null(ec_tmpl_value_of(&ec_report_trend_kind, NULL, "compare.baseline"));
  /* the comparison charts' registry: an unknown chart says so */
  const char *why = NULL;
  assert_null(ec_cmp_chart(NULL, "nope", &why));
  assert_string_equal(why, "the template names an unknown comparison chart");
}

/* Without layers or a profile, every item but the facts says why it is
 * missing, and the report shows that sentence. */
static void test_missing_reasons(void **st) {
  (void)st;
  ec_engine *e = ec_engine_new("empty");
  ec_summary *s = ec_summarize(e);
  size_t n;
  const ec_item *v = ec_items(&n);
  for (size_t i = 0; i < n; i++) {
    const char *why = v[i].missing ? v[i].missing(s) : NULL;
    if (!strcmp(v[i].name, "facts")) assert_null(why);
    else if (!why) fail_msg("%s has no reason to be missing for an empty engine", v[i].name);
  }
  ec_summary_free(s);
  ec_engine_free(e);
  /* no profile: latencies are missing, counts are not */
  e = S_engine(8, S_types4, 4, S_mixed, 4, 0);
  s = ec_summarize(e);
  assert_non_null(strstr(ec_item_find("layer-latency")->missing(s), "no profile"));
  assert_null(ec_item_find("latency-by-type")->missing(s));
  ec_scene *sc = ec_engine_chart(e, s, "latency-by-type", NULL);
  assert_non_null(sc);
  assert_non_null(strstr(sc->title, "no profile"));
  ec_scene_free(sc);
  ec_summary_free(s);
  /* a chart that cannot be drawn still shows its numbers: Reformat layers
   * by origin are counted without a profile */
  ec_report r = S_build(e, 0);
  char *h = S_html(&r);
  /* the reason in full once (issue 27), then briefly, "as above" */
  const char *full = "Not available: no profile (trtexec --exportProfile): per-layer latencies are unknown</p>";
  const char *na = strstr(h, full);
  assert_non_null(na);
  assert_null(strstr(na + 1, full));
  assert_non_null(strstr(h, "Not available: no profile, as above.</p>\n<div class=\"table-wrap\"><table id=\"e1-t"));
  assert_non_null(strstr(h, "<th scope=\"col\">Reformat origin</th>"));
  free(h);
  ec_report_free(&r);
  ec_engine_free(e);
}

/* ---- one category: a sentence ------------------------------------------- */

static void test_single_category(void **st) {
  (void)st;
  static const char *const conv[] = {"Convolution"};
  ec_engine *e = S_engine(5, conv, 1, S_fp16, 1, 1);
  ec_summary *s = ec_summarize(e);
  assert_null(ec_engine_chart(e, s, "latency-by-type", NULL));
  assert_null(ec_engine_chart(e, s, "precision-mix", NULL));
  char *one = ec_item_find("latency-by-type")->single(s);
  assert_string_equal(one, "All 5 layers are Convolution layers, taking 1.5 ms.");
  free(one);
  one = ec_item_find("precision-mix")->single(s);
  assert_string_equal(one, "Every layer reads and writes FP16.");
  free(one);
  ec_summary_free(s);
  /* in the report: sentences, and no figure for either */
  ec_report r = S_build(e, 0);
  assert_null(S_figure(&r, "latency-by-type"));
  assert_null(S_figure(&r, "precision-mix"));
  assert_null(S_figure(&r, "precision-strip"));
  char *h = S_html(&r);
  assert_non_null(strstr(h, "<p class=\"said\">All 5 layers are Convolution layers, taking 1.5 ms.</p>"));
  assert_non_null(strstr(h, "Precision: FP16 for every layer."));
  free(h);
  ec_report_free(&r);
  ec_engine_free(e);
  /* two types: a chart again */
  static const char *const two[] = {"Convolution", "Pooling"};
  e = S_engine(5, two, 2, S_fp16, 1, 1);
  s = ec_summarize(e);
  ec_scene *sc = ec_engine_chart(e, s, "latency-by-type", NULL);
  assert_non_null(sc);
  ec_scene_free(sc);
  ec_summary_free(s);
  ec_engine_free(e);
}

/* ---- report --top N ------------------------------------------------------ */

static size_t S_group_rows(const ec_report *r, const char *lead_start, size_t *tables) {
  size_t most = 0;
  *tables = 0;
  const ec_doc *doc = &r->parts[0].doc;
  for (size_t i = 0; i < doc->n_blocks; i++) {
    const ec_block *g = doc->blocks[i];
    if (g->kind != EC_BLOCK_GROUP) continue;
    for (size_t k = 0; k < g->n_children; k++) {
      const ec_block *b = g->children[k];
      if (b->kind != EC_BLOCK_TABLE || !b->caption || strncmp(b->caption, lead_start, strlen(lead_start))) continue;
      (*tables)++;
      if (b->table->nrows > most) most = b->table->nrows;
    }
  }
  return most;
}

static void test_top_n(void **st) {
  (void)st;
  ec_engine *e = S_engine(60, S_types4, 4, S_mixed, 4, 1);
  for (int pass = 0; pass < 3; pass++) {
    size_t top = pass == 0 ? 0 : pass == 1 ? 3 : 25;
    size_t want = top ? top : EC_TOP_DEFAULT;
    ec_report r = S_build(e, top);
    /* the per-layer chart and the table under it */
    const ec_block *f = S_figure(&r, "layer-latency");
    assert_non_null(f);
    char title[64];
    snprintf(title, sizeof title, "The %zu slowest of 60 layers", want);
    assert_string_equal(f->scene->title, title);
    assert_non_null(f->table);
    assert_int_equal(f->table->nrows, want);
    /* the per-type tables: 15 layers of each type, at most N shown */
    size_t tables, most = S_group_rows(&r, "There are 15 ", &tables);
    assert_int_equal(tables, 4);
    assert_int_equal(most, want < 15 ? want : 15);
    /* the first screen: five, fewer when N is smaller */
    const ec_block *fs = S_first_screen(&r);
    size_t first = 0;
    for (size_t k = 0; k < fs->n_children; k++)
      if (fs->children[k]->kind == EC_BLOCK_TABLE && fs->children[k]->table->ncols == 6)
        first = fs->children[k]->table->nrows;
    assert_int_equal(first, want < 5 ? want : 5);
    ec_report_free(&r);
  }
  ec_engine_free(e);
}

/* ---- units, plurals, no stray "None." ------------------------------------- */

static void test_units_and_plurals(void **st) {
  (void)st;
  char b[64];
  assert_string_equal(ec_fmt_bytes_text(b, sizeof b, "4706009088 bytes"), "4.4 GiB");
  assert_string_equal(ec_fmt_bytes_text(b, sizeof b, "80994 MiB"), "79.1 GiB");
  assert_string_equal(ec_fmt_bytes_text(b, sizeof b, "18896 bytes"), "18.5 KiB");
  assert_string_equal(ec_fmt_bytes_text(b, sizeof b, "1280.76 s"), "1280.76 s");
  assert_string_equal(ec_fmt_bytes_text(b, sizeof b, "12 MB"), "12 MB"); /* decimal as printed: not ours to guess */
  assert_string_equal(ec_fmt_bytes(b, sizeof b, 512), "512 B");
  assert_string_equal(ec_fmt_bytes(b, sizeof b, 3.0 * 1099511627776.0), "3.0 TiB");
  double div;
  assert_string_equal(ec_bytes_unit(5e5, &div), "KiB");
  assert_true(div == 1024);
  assert_string_equal(ec_fmt_count(b, sizeof b, 1, "layer", "layers"), "1 layer");
  assert_string_equal(ec_fmt_count(b, sizeof b, 12345, "layer", "layers"), "12,345 layers");
  /* TREx's sentence, grammatical for one layer */
  static const char *const types[] = {"Convolution", "Convolution", "gemm"};
  ec_engine *e = S_engine(3, types, 3, S_fp16, 1, 1);
  ec_kvs_add(&e->memory, "Total Scratch Memory", "4706009088 bytes");
  ec_summary *s = ec_summarize(e);
  char *sentence = NULL;
  /* a Myelin gemm is shown with its family (facts/layer_kind.h ec_layer_shown_type) */
  ec_table *t = ec_tbl_type_layers(s, "t", "MatrixMultiply (Myelin gemm)", 10, &sentence);
  assert_non_null(t);
  assert_non_null(strstr(sentence, "There is 1 MatrixMultiply (Myelin gemm) layer which accounts for "));
  free(sentence);
  ec_table_free(t);
  t = ec_tbl_type_layers(s, "t", "Convolution", 10, &sentence);
  assert_non_null(strstr(sentence, "There are 2 Convolution layers which account for "));
  free(sentence);
  ec_table_free(t);
  ec_summary_free(s);
  ec_report r = S_build(e, 0);
  char *h = S_html(&r);
  /* no raw byte count, no "None." after anything, warnings said once */
  assert_null(strstr(h, "4706009088"));
  assert_non_null(strstr(h, "4.4 GiB"));
  assert_null(strstr(h, "None."));
  assert_non_null(strstr(h, "No warnings were raised while reading this engine&#39;s files."));
  assert_null(strstr(h, "There are 1 "));
  free(h);
  /* an empty list says nothing: the text before it tells (the comparison
   * report printed "Not available: ..." and then "None.") */
  ec_block *nb = ec_block_notes();
  ec_buf nh = {0};
  ec_block_html(nb, &nh);
  assert_int_equal(nh.len, 0);
  ec_buf_free(&nh);
  ec_block_free(nb);
  ec_report_free(&r);
  ec_engine_free(e);
}

/* ---- the first screen ------------------------------------------------------ */

static void test_first_screen(void **st) {
  (void)st;
  /* a profile but no timing, metadata or log: the time and the throughput
   * are unknown, not 0; the layer sum is known and labelled as a sum */
  ec_engine *e = S_engine(12, S_types4, 4, S_mixed, 4, 1);
  ec_diag_add(&e->diags, EC_WARN, "x.json", 3, 4, "something odd");
  ec_summary *s = ec_summarize(e);
  ec_headline h;
  ec_headline_make(s, NULL, &h);
  assert_string_equal(h.fig[EC_HL_TIME].value, "not available");
  assert_true(isnan(h.fig[EC_HL_TIME].sort));
  assert_string_equal(h.fig[EC_HL_THROUGHPUT].value, "not available");
  assert_string_equal(h.fig[EC_HL_LAYER_SUM].label, "Layer latency sum");
  assert_non_null(strstr(h.fig[EC_HL_LAYER_SUM].detail, "not end-to-end"));
  /* findings by severity, not the loading warnings (issue 27 item 5) */
  assert_string_equal(h.fig[EC_HL_FINDINGS].label, "Findings");
  {
    ec_findings f = {0};
    ec_lint(e, s, NULL, &f);
    char want[96] = "";
    if (f.count[EC_LINT_WARNING])
      snprintf(want, sizeof want, "%zu warning%s", f.count[EC_LINT_WARNING], f.count[EC_LINT_WARNING] == 1 ? "" : "s");
    assert_true(f.n > 0);
    if (*want) assert_non_null(strstr(h.fig[EC_HL_FINDINGS].value, want));
    assert_true(h.fig[EC_HL_FINDINGS].sort == (double)(f.count[EC_LINT_ERROR] + f.count[EC_LINT_WARNING]));
    ec_findings_free(&f);
  }
  assert_non_null(strstr(h.fig[EC_HL_FINDINGS].detail, "under Lint"));
  assert_string_equal(h.gpu, "not available");
  ec_headline_free(&h);
  ec_summary_free(s);
  ec_report r = S_build(e, 0);
  const ec_block *fs = S_first_screen(&r);
  const ec_block *tiles = NULL;
  for (size_t k = 0; k < fs->n_children; k++)
    if (fs->children[k]->kind == EC_BLOCK_TILES) tiles = fs->children[k];
  assert_non_null(tiles);
  assert_int_equal(tiles->n_tiles, EC_HL_N);
  /* the findings tile links to the Lint section; the loading warning is a
   * line under the tiles that links to the list, which carries that anchor */
  assert_string_equal(tiles->tiles[EC_HL_FINDINGS].link, "#e1-lint");
  char *html = S_html(&r);
  assert_non_null(strstr(html, "<ul class=\"notes\" id=\"e1-warnings\">"));
  assert_non_null(strstr(html, "<a class=\"tile\" href=\"#e1-lint\">"));
  assert_non_null(strstr(html, "1 warning was raised while loading this engine"));
  assert_non_null(strstr(html, "href=\"#e1-warnings\""));
  assert_non_null(strstr(html, "id=\"e1-lint\""));
  /* the first screen comes before any section */
  char *first = strstr(html, "class=\"first-screen\""), *h2 = strstr(html, "<h2");
  assert_true(first && h2 && first < h2);
  free(html);
  ec_report_free(&r);
  ec_engine_free(e);
}

/* Throughput with the batch it ran with, readably (issue 27 item 5: an
 * engine showed "2.322e+04 qps"). */
static void test_throughput_batch(void **st) {
  (void)st;
  char b[32];
  assert_string_equal(ec_fmt_big(b, sizeof b, 23222.4), "23.2k");
  assert_string_equal(ec_fmt_big(b, sizeof b, 812.5), "812.5");
  assert_string_equal(ec_fmt_big(b, sizeof b, 1.25e6), "1.25M");
  assert_string_equal(ec_fmt_big(b, sizeof b, 999999), "1M");
  ec_engine *e = S_engine(4, S_types4, 4, S_mixed, 4, 1);
  assert_null(ec_headline_throughput(e));
  e->perf.present = 1;
  e->perf.throughput_qps = 23222.4;
  e->perf.throughput_source = "log";
  char *t = ec_headline_throughput(e);
  assert_string_equal(t, "23.2k inferences/s"); /* batch unknown */
  free(t);
  assert_int_equal(ec_headline_batch(e), -1);
  ec_input_shape *x = ec_input_shapes_get(&e->input_shapes, "input", 5);
  x->inference.n = 4;
  x->inference.v = ec_malloc(4 * sizeof *x->inference.v);
  int64_t d[4] = {32, 3, 224, 224};
  memcpy(x->inference.v, d, sizeof d);
  assert_int_equal(ec_headline_batch(e), 32);
  t = ec_headline_throughput(e);
  assert_string_equal(t, "batch 32 \xC2\xB7 23.2k inferences/s");
  free(t);
  ec_summary *s = ec_summarize(e);
  ec_headline h;
  ec_headline_make(s, NULL, &h);
  assert_string_equal(h.fig[EC_HL_THROUGHPUT].value, "23.2k/s");
  assert_non_null(strstr(h.fig[EC_HL_THROUGHPUT].detail, "batch 32 \xC2\xB7 23.2k inferences/s (23222.4 qps, log)"));
  assert_null(strstr(h.fig[EC_HL_THROUGHPUT].detail, "e+"));
  ec_headline_free(&h);
  ec_summary_free(s);
  ec_engine_free(e);
}

/* ---- PDF marks --------------------------------------------------------------- */

static void test_pdf_marks(void **st) {
  (void)st;
  static const char md[] = "# T\n\n## A\n\ntext\n\n## B\n<!-- pdf: detail -->\n\nmore\n\n"
                           "### C\n<!-- pdf: brief -->\n\n## D\n<!-- pdf: deatil -->\n";
  ec_tmpl_env env = {0};
  env.source = "t.md";
  ec_doc doc;
  ec_diags d = {0};
  assert_int_equal(ec_template_expand(md, sizeof md - 1, &env, &doc, &d), 0);
  int roles[4], n = 0;
  for (size_t i = 0; i < doc.n_blocks; i++)
    if (doc.blocks[i]->kind == EC_BLOCK_MARK && n < 4) roles[n++] = doc.blocks[i]->role;
  assert_int_equal(n, 2);
  assert_int_equal(roles[0], EC_MARK_DETAIL);
  assert_int_equal(roles[1], EC_MARK_BRIEF);
  /* a misspelt mark is a warning with its line, not silently brief */
  assert_int_equal(d.n, 1);
  assert_int_equal(d.v[0].line, 16);
  /* the marks leave nothing in the HTML */
  char *h = cmark_render_html(doc.root, CMARK_OPT_DEFAULT);
  assert_null(strstr(h, "pdf: detail"));
  assert_null(strstr(h, "pdf: brief"));
  free(h);
  ec_doc_free(&doc);
  ec_diags_free(&d);
}

/* Issue 23, item 9: facts two files give differently reach the report, under
 * the loading warnings; issue 33: without -v too, as one warning that counts
 * them and names the first. */
static void test_source_notes_shown(void **st) {
  (void)st;
  ec_engine *e = NULL;
  assert_int_equal(ec_load_engine("tests/fixtures/sources/sx.engine", NULL, &e), 0);
  assert_int_equal(ec_diags_count(&e->diags, EC_WARN), 1);
  ec_report r = S_build(e, 5);
  char *h = S_html(&r);
  assert_non_null(strstr(h, "1 warning was raised while reading this engine"));
  assert_non_null(strstr(h, "warning: 1 fact differs between this engine&#39;s files (first: build option"));
  assert_non_null(strstr(h, "1 fact differs between this engine"));
  assert_non_null(strstr(h, "build option &quot;Precision&quot;: keeping &quot;FP32+FP16&quot; read earlier"));
  free(h);
  ec_report_free(&r);
  ec_engine_free(e);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_cell_kinds_html),
      cmocka_unit_test(test_pdf_identifier_breaks),
      cmocka_unit_test(test_registry),
      cmocka_unit_test(test_docs_names),
      cmocka_unit_test(test_unknown_names),
      cmocka_unit_test(test_missing_reasons),
      cmocka_unit_test(test_single_category),
      cmocka_unit_test(test_top_n),
      cmocka_unit_test(test_units_and_plurals),
      cmocka_unit_test(test_first_screen),
      cmocka_unit_test(test_throughput_batch),
      cmocka_unit_test(test_pdf_marks),
      cmocka_unit_test(test_source_notes_shown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
