/* markdown — see markdown.h. */
#include "emit/markdown.h"
#include "narrate/precision_words.h"
#include "narrate/narrate.h"
#include "narrate/verdict.h"
#include "util/alloc.h"
#include "util/utf8.h"
#include "words/words.h"
#include <math.h>
#include <stdlib.h>
#include <ctype.h>
#include <string.h>

void ec_md_escape(ec_buf *b, const char *s, size_t n, size_t max) {
  if (!s) return;
  size_t all = n;
  n = ec_shown_len(s, n);
  size_t cps = 0;
  ec_wfcmd_guard g = EC_WFCMD_INIT;
  for (size_t i = 0, l = 0; i < n; i += l) {
    unsigned cp = ec_utf8_decode((const unsigned char *)s + i, n - i, &l);
    if (max && cps++ >= max) {
      ec_buf_puts(b, "\xE2\x80\xA6"); /* … */
      return;
    }
    /* a "::" that starts a line written ":\:" (the same text once
     * rendered, never a workflow command when the file is printed in a CI
     * log; '#' and '[' are escaped below, so never "##[" either) */
    if (ec_wfcmd_step(&g, cp, i + l < n ? (unsigned char)s[i + l] : 0) && cp == ':') ec_buf_putc(b, '\\');
    /* a mention ("@user", "@org/team") with a zero-width space after the
     * '@': GitHub and GitLab notify nobody (as Renovate and Dependabot
     * write names in pull requests) */
    if (cp == '@' && i + 1 < n && isalnum((unsigned char)s[i + 1])) {
      ec_buf_puts(b, "@&#8203;");
      continue;
    }
    switch (cp) {
    case '|': case '`': case '*': case '_': case '[': case ']': case '\\': case '~': case '#':
      ec_buf_putc(b, '\\');
      ec_buf_putc(b, (char)cp);
      break;
    case '<': ec_buf_puts(b, "&lt;"); break;
    case '>': ec_buf_puts(b, "&gt;"); break;
    case '&': ec_buf_puts(b, "&amp;"); break;
    default:
      /* a table cell is one line: no tab, newline or line separator either */
      if (ec_utf8_unsafe(cp, l) || cp < 0x20 || cp == 0x2028 || cp == 0x2029)
        ec_buf_puts(b, "\xEF\xBF\xBD");
      else
        ec_buf_put(b, s + i, l);
    }
  }
  ec_buf_cut_note(b, n, all);
}

void ec_md_text(ec_buf *b, const char *s, size_t max) {
  if (s) ec_md_escape(b, s, strlen(s), max);
}

void ec_md_heading(ec_buf *b, const char *what, int outcome, const char *head) {
  static const char *const icon[] = {"\xE2\x9A\xA0\xEF\xB8\x8F ", "\xE2\x9D\x8C ", "\xE2\x9C\x85 ", ""};
  ec_buf_printf(b, "### %senginecard %s \xE2\x80\x94 ", icon[outcome >= 0 && outcome < 4 ? outcome : 0], what);
  ec_md_text(b, head, 0);
  ec_buf_puts(b, "\n\n");
}

void ec_md_metric(ec_buf *b, ec_metric m) {
  ec_buf_printf(b, "Metric **%s** (%s, %s; %s is better)", ec_metric_name(m), ec_metric_label(m), ec_metric_unit(m),
                ec_metric_smaller_better(m) ? "smaller" : "bigger");
}

void ec_md_gate(ec_buf *b, const char *rule) {
  if (rule) ec_buf_printf(b, ". Gate: %s.", rule);
  else ec_buf_printf(b, ". No gate (%s).", ec_narrate_no_gate_why());
  ec_buf_puts(b, "\n\n");
}

const char *ec_md_verdict(ec_verdict v, ec_change c, const char *other) {
  switch (v) {
  case EC_VERDICT_BASELINE: return "baseline";
  /* a direction only where an interval supports one (ec_change_word) */
  case EC_VERDICT_PASS: return c == EC_CHANGE_WORSE ? "\xE2\x9C\x85 pass (slower)" : "\xE2\x9C\x85 pass";
  case EC_VERDICT_FAIL: return "\xE2\x9D\x8C **fail**";
  case EC_VERDICT_INFO: return ec_change_word(c) ? ec_change_word(c) : "no gate";
  case EC_VERDICT_INCONCLUSIVE: return "\xE2\x9D\x94 inconclusive";
  case EC_VERDICT_NOT_COMPARABLE: return "\xE2\x9A\xA0\xEF\xB8\x8F not comparable";
  case EC_VERDICT_NO_TIMING: return "\xE2\x9D\x94 no timing";
  default: return other;
  }
}

void ec_md_tail(ec_buf *b, size_t left_out, const ec_diags *d) {
  if (left_out) ec_buf_printf(b, "\n_%zu more engine(s) left out to keep this summary short; see the JSON output._\n", left_out);
  if (!d->n) return;
  ec_buf_puts(b, "\n");
  for (size_t k = 0; k < d->n && k < 20; k++) {
    ec_buf_puts(b, "> \xE2\x9A\xA0\xEF\xB8\x8F ");
    ec_md_text(b, d->v[k].msg, 300);
    ec_buf_puts(b, "\n>\n");
  }
}

/* Text inside an HTML block (<summary>): entities, shortened, on one line
 * (a blank line would end the HTML block and let the rest read as Markdown). */
static void S_html(ec_buf *b, const char *s, size_t max) {
  if (!s) return;
  size_t n = strlen(s), cut = ec_utf8_prefix(s, n, max);
  for (size_t i = 0, l = 0; i < cut; i += l) {
    unsigned cp = ec_utf8_decode((const unsigned char *)s + i, cut - i, &l);
    if (cp < 0x20 || cp == 0x2028 || cp == 0x2029) ec_buf_puts(b, "\xEF\xBF\xBD");
    else ec_buf_html(b, s + i, l);
  }
  if (cut < n) ec_buf_puts(b, "\xE2\x80\xA6");
}

static void S_num(ec_buf *b, double x) {
  if (isfinite(x)) ec_buf_printf(b, "%" EC_NUM_G, x);
  else ec_buf_puts(b, EC_DASH);
}

/* "TITLE" and one "- what: base → other" line per entry; nothing when n is 0. */
static void S_list(ec_buf *b, const char *title, const ec_mismatch *m, size_t n) {
  if (!n) return;
  ec_buf_printf(b, "%s\n\n", title);
  for (size_t k = 0; k < n; k++) {
    ec_buf_puts(b, "- ");
    ec_md_text(b, m[k].what, 100);
    ec_buf_puts(b, ": ");
    ec_md_text(b, m[k].base, 100);
    ec_buf_puts(b, " \xE2\x86\x92 ");
    ec_md_text(b, m[k].other, 100);
    ec_buf_puts(b, "\n");
  }
  ec_buf_puts(b, "\n");
}

static const char *S_verdict(const ec_compare_result *r) {
  return ec_md_verdict(r->verdict, r->change, "\xE2\x9A\xA0\xEF\xB8\x8F error");
}

#define S_NAME_MAX 80

char *ec_markdown_compare(const ec_comparison *c) { return ec_markdown_compare_ex(c, NULL); }

char *ec_markdown_compare_ex(const ec_comparison *c, const ec_md_opts *o) {
  static const ec_md_opts none = {0};
  if (!o) o = &none;
  size_t max = o->max_bytes ? o->max_bytes : EC_MD_MAX_BYTES;
  ec_buf b = {0};
  if (o->marker) ec_buf_printf(&b, "%s\n", o->marker);
  char *head = ec_narrate_compare_headline(c);
  ec_md_heading(&b, "compare", ec_compare_outcome(c), head);
  free(head);
  const char *unit = ec_compare_unit(c);
  ec_md_metric(&b, c->used);
  if (c->n) {
    ec_buf_puts(&b, ", baseline **");
    ec_md_text(&b, c->engines[c->baseline]->name, S_NAME_MAX);
    ec_buf_puts(&b, "**");
  }
  char *rule = ec_compare_gate_rule(c);
  ec_md_gate(&b, rule);
  free(rule);
  char *basis = ec_narrate_basis_detail(c);
  if (basis) {
    basis[0] = (char)(basis[0] - ('a' - 'A')); /* "Per inference: batch 32 vs 1: ..." */
    ec_md_text(&b, basis, 1000);
    ec_buf_puts(&b, "\n\n");
    free(basis);
  }
  char *ex = ec_narrate_expect_compare(c);
  if (ex) {
    ec_buf_puts(&b, "Precision: ");
    ec_md_text(&b, ex, 600);
    ec_buf_puts(&b, "\n\n");
    free(ex);
  }
  if (o->fold) ec_buf_printf(&b, "<details open><summary>%zu engine%s</summary>\n\n", c->n, ec_plural(c->n, "", "s"));
  char chead[64];
  ec_buf_printf(&b, "| Engine | %s (%s) | %s | Source | Verdict |\n", ec_metric_name(c->used), unit,
                ec_narrate_change_head(c, 1, chead, sizeof chead));
  ec_buf_puts(&b, "|:--|--:|--:|:--|:--|\n");
  size_t shown = 0;
  for (size_t i = 0; i < c->n; i++) {
    if (b.len > max / 2) break;
    const ec_compare_result *r = &c->res[i];
    ec_buf_puts(&b, "| ");
    ec_md_text(&b, c->engines[i]->name, S_NAME_MAX);
    ec_buf_puts(&b, " | ");
    S_num(&b, r->m.value);
    ec_buf_puts(&b, " | ");
    char est[96];
    if (i == c->baseline) ec_buf_puts(&b, "\xE2\x80\x94");
    else ec_buf_puts(&b, ec_gate_str(est, sizeof est, &r->est));
    if (i != c->baseline && ec_gate_mode_of(&r->est) == EC_GATE_MODE_ESTIMATE) ec_buf_puts(&b, " (no interval)");
    ec_buf_puts(&b, " | ");
    ec_md_text(&b, r->m.source ? r->m.source : "\xE2\x80\x94", 40);
    if (r->m.single_sample) ec_buf_puts(&b, " (1 sample)");
    if (r->m.runs > 1) ec_buf_printf(&b, ", %zu %s", r->m.runs, ec_plural(r->m.runs, "run", "runs"));
    ec_buf_printf(&b, " | %s |\n", S_verdict(r));
    shown++;
  }
  if (o->fold) ec_buf_puts(&b, "\n</details>\n");
  if (o->artifact && c->n > shown) {
    ec_buf_printf(&b, "\n_%zu more %s in the artifact (left out to keep this under %zu %s)._\n", c->n - shown,
                  ec_plural(c->n - shown, "row", "rows"), max, ec_plural(max, "byte", "bytes"));
    ec_md_tail(&b, 0, &c->diags);
  } else {
    ec_md_tail(&b, c->n - shown, &c->diags);
  }
  /* room kept for a details block (at most about 30 KiB) */
  size_t reserve = max / 8 < (32u << 10) ? max / 8 : (32u << 10);
  for (size_t i = 0; i < c->n; i++) {
    if (i == c->baseline) continue;
    if (b.len > max - reserve) {
      size_t more = 0;
      for (size_t k = i; k < c->n; k++) more += k != c->baseline;
      if (o->artifact) ec_buf_printf(&b, "\n_Details of %zu more engine%s in the artifact (size limit)._\n", more, ec_plural(more, "", "s"));
      else ec_buf_puts(&b, "\n_Details of further engines left out (size limit)._\n");
      break;
    }
    const ec_compare_result *r = &c->res[i];
    const ec_engine *be = c->engines[c->baseline], *ee = c->engines[i];
    ec_buf_puts(&b, "\n<details><summary>");
    S_html(&b, ee->name, S_NAME_MAX);
    ec_buf_puts(&b, ": ");
    S_html(&b, r->reason, 300);
    ec_buf_puts(&b, "</summary>\n\n");
    S_list(&b, "Not directly comparable:", r->mism, r->n_mism < 30 ? r->n_mism : 30);
    S_list(&b, "TensorRT 11 defaults, not option differences:", r->dflt, r->n_dflt);
    S_list(&b, "The engines differ (the numbers still compare):", r->diff, r->n_diff);
    char *uni = ec_compare_uniform_text(c, i);
    if (uni) {
      ec_buf_puts(&b, "\xE2\x9A\xA0\xEF\xB8\x8F ");
      ec_md_text(&b, uni, 0);
      ec_buf_puts(&b, ".\n\n");
      free(uni);
    }
    /* the precision mix and what was expected of it, before the layers */
    ec_mix_change mc = ec_mix_change_of(be, ee);
    char *mix = ec_narrate_mix_change(&mc);
    if (mix) {
      ec_buf_puts(&b, "Precision mix: ");
      ec_md_text(&b, mix, 400);
      ec_buf_puts(&b, "\n\n");
      free(mix);
    }
    for (size_t k = 0; k < c->opts.n_expect; k++) {
      ec_expect_result er;
      ec_expect_check(ee, &c->opts.expect[k], &er);
      char *line = ec_expect_line(ee, &c->opts.expect[k], &er);
      ec_buf_printf(&b, "Expected (%s): ", er.known && !er.met ? "**not met**" : er.known ? "met" : "not checked");
      ec_md_text(&b, line, 400);
      ec_buf_puts(&b, "\n\n");
      free(line);
      ec_expect_result_free(&er);
    }
    if (!r->aligned) {
      ec_buf_puts(&b, "Layers: ");
      ec_md_text(&b, r->align_note, 300);
      ec_buf_puts(&b, "\n\n</details>\n");
      continue;
    }
    char ba[48], en[48];
    ec_buf_printf(&b, "Layers: %zu aligned, %zu only in the baseline (%s), %zu only in this engine (%s)", r->al->matched,
                  r->al->only_a, ec_fmt_ms_or(ba, sizeof ba, r->only_base_ms), r->al->only_b,
                  ec_fmt_ms_or(en, sizeof en, r->only_engine_ms));
    if (isfinite(c->opts.max_layer_regress_pct)) {
      ec_buf_printf(&b, "; %zu past the advisory " EC_GIVEN "%% per-layer limit", r->n_flagged, c->opts.max_layer_regress_pct);
      if (r->layer_noise_note) {
        ec_buf_puts(&b, " (");
        ec_md_text(&b, r->layer_noise_note, 300);
        ec_buf_puts(&b, ")");
      }
    }
    ec_buf_puts(&b, ".\n\n");
    char *moved = ec_compare_moved_text(r);
    if (moved) {
      ec_buf_puts(&b, "What moved, by layer type: ");
      ec_md_text(&b, moved, 400);
      ec_buf_puts(&b, ".\n\n");
      free(moved);
    }
    size_t rows = 0;
    for (size_t k = 0; k < r->n_deltas && rows < EC_TOP_LAYERS; k++) {
      const ec_layer_delta *d = &r->deltas[k];
      if (!(d->delta_ms > 0)) break;
      if (!rows) {
        ec_buf_puts(&b, "| Layer | Type | Baseline ms | Engine ms | \xCE\x94 ms | \xCE\x94 % | What changed |\n");
        ec_buf_puts(&b, "|:--|:--|--:|--:|--:|--:|:--|\n");
      }
      ec_buf_puts(&b, "| ");
      const ec_layer *la = &be->layers[d->a], *lb = &ee->layers[d->b];
      ec_md_escape(&b, la->name, la->name_len, S_NAME_MAX);
      if (la->name_len != lb->name_len || memcmp(la->name, lb->name, la->name_len) != 0) {
        ec_buf_puts(&b, " \xE2\x86\x92 ");
        ec_md_escape(&b, lb->name, lb->name_len, S_NAME_MAX);
      }
      ec_buf_puts(&b, " | ");
      ec_md_text(&b, ec_compare_pair_type(la, lb), 40);
      ec_buf_puts(&b, " | ");
      S_num(&b, d->base_ms);
      ec_buf_puts(&b, " | ");
      S_num(&b, d->ms);
      ec_buf_printf(&b, " | %+" EC_MS_G " | ", d->delta_ms);
      if (isfinite(d->delta_pct)) ec_buf_printf(&b, EC_PCT_DELTA, d->delta_pct);
      else ec_buf_puts(&b, "new");
      ec_buf_printf(&b, "%s | ", d->flagged ? " \xE2\x9A\xA0\xEF\xB8\x8F" : "");
      char *why = ec_compare_pair_why(la, lb);
      ec_md_text(&b, why, 160);
      free(why);
      ec_buf_puts(&b, " |\n");
      rows++;
    }
    if (!rows) ec_buf_puts(&b, "No aligned layer is slower than in the baseline.\n");
    ec_buf_puts(&b, "\n</details>\n");
  }
  char *md = ec_buf_take(&b);
  if (strlen(md) <= max) return md;
  char *capped = ec_md_cap(md, max, o->artifact ? "in the artifact" : "left out (size limit)");
  free(md);
  return capped;
}

/* 1 for a GFM table's delimiter row ("|:--|--:|"). */
static int S_delim_row(const char *l, size_t n) {
  if (!n || l[0] != '|') return 0;
  for (size_t k = 0; k < n; k++)
    if (!strchr("|:- ", l[k])) return 0;
  return 1;
}

char *ec_md_cap(const char *md, size_t cap, const char *where) {
  size_t n = strlen(md);
  if (n <= cap) return ec_strdup(md);
  /* the closing tags and the note fit in 512 bytes */
  size_t keep = cap > 1024 ? cap - 512 : cap / 2;
  while (keep && md[keep - 1] != '\n') keep--;
  size_t rows = 0;
  long open = 0;
  for (size_t p = keep; p < n;) {
    const char *e = memchr(md + p, '\n', n - p);
    size_t l = e ? (size_t)(e - (md + p)) : n - p, q = p + l + (e != NULL);
    if (md[p] == '|' && !S_delim_row(md + p, l)) {
      /* a header row is followed by a delimiter row */
      const char *e2 = q < n ? memchr(md + q, '\n', n - q) : NULL;
      size_t l2 = q < n ? (e2 ? (size_t)(e2 - (md + q)) : n - q) : 0;
      if (!S_delim_row(md + q, l2)) rows++;
    }
    p = q;
  }
  for (const char *p = md; (p = strstr(p, "<details")) && (size_t)(p - md) < keep; p++) open++;
  for (const char *p = md; (p = strstr(p, "</details>")) && (size_t)(p - md) < keep; p++) open--;
  ec_buf b = {0};
  ec_buf_put(&b, md, keep);
  for (; open > 0 && open < 64; open--) ec_buf_puts(&b, "\n</details>\n");
  ec_buf_printf(&b, "\n_Cut at %zu %s: %zu more %s %s._\n", cap, ec_plural(cap, "byte", "bytes"), rows,
                ec_plural(rows, "row", "rows"), where);
  return ec_buf_take(&b);
}
