/* sources — which value wins when two input files give the same fact.
 *
 * An engine's files are read in a fixed order (discover.c: graph, profile,
 * timings, metadata, logs, a stored summary; files of one kind by name), and
 * for a fact more than one of them gives -- an option, a device field, the
 * TensorRT version, a memory fact, a performance figure -- the value read
 * first is kept, with one exception: a value that is a prefix of another
 * source's fuller value, cut where a separator follows, loses to it. TREx's
 * metadata scripts cut a log line at its second ':', so a
 * *.build.metadata.json says "Memory Pools": "workspace" where the log says
 * "workspace: 8192 MiB, dlaSRAM: ..."; the fuller value is the fact. A
 * value that is a number alone is compared as the number ("30.0" is "30",
 * and "192.0" a cut of "192 bits (ECC disabled)"). Any
 * other difference keeps the value read first and becomes a note: an
 * EC_INFO diagnostic (printed with --verbose) and an entry of
 * e->source_notes, which the report lists under its loading warnings and
 * summary --json gives as provenance.source_notes.
 *
 * Above that rule sits one more: a fact a file states wins over one
 * enginecard derives from other facts (ec_source_pick_basis). The bindings a
 * listing's own I/O section, a graph's "Bindings"/"I/O Tensors" or a log's
 * created bindings name win over bindings inferred from which tensors no
 * layer writes or reads (which takes an engine-internal buffer or a Myelin
 * tensor for a binding, and loses an output a later layer reads). */
#include "load/internal.h"
#include "util/alloc.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Length of s without trailing blanks. */
static size_t S_len(const char *s) {
  size_t n = strlen(s);
  while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r')) n--;
  return n;
}

/* Does a value end where c stands, rather than go on? A letter, digit, '.',
 * '-' or '_' continues a word or number ("1" is not cut from "16", nor
 * "8.6" from "8.6.1"); anything else (':', ',', ' ', '(') separates. */
static int S_separator(char c) {
  if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) return 0;
  return c != '.' && c != '-' && c != '_' && (unsigned char)c < 0x80;
}

/* 1 when a (n bytes) is b (m bytes) cut at a separator. */
static int S_cut_of(const char *a, size_t n, const char *b, size_t m) {
  return n < m && memcmp(a, b, n) == 0 && (n == 0 || S_separator(b[n]));
}

/* s as compared: a value that is a number alone is its shortest spelling
 * ("30.0" is "30": JSON numbers in one metadata file, text in another), in
 * buf; any other value as it is. */
static const char *S_norm(const char *s, size_t *n, char *buf, size_t cap) {
  *n = S_len(s);
  if (!*n || *n >= 64 || !((s[0] >= '0' && s[0] <= '9') || s[0] == '-' || s[0] == '+' || s[0] == '.')) return s;
  char t[64], *end;
  memcpy(t, s, *n);
  t[*n] = '\0';
  double x = strtod(t, &end);
  if (*end || !isfinite(x)) return s;
  int k = snprintf(buf, cap, "%.15g", x);
  if (k <= 0 || (size_t)k >= cap) return s;
  *n = (size_t)k;
  return buf;
}

ec_source_verdict ec_source_pick(const char *have, const char *offered) {
  if (!offered) return EC_SOURCE_KEEP;
  if (!have) return EC_SOURCE_TAKE;
  char hb[32], ob[32];
  size_t n, m;
  have = S_norm(have, &n, hb, sizeof hb);
  offered = S_norm(offered, &m, ob, sizeof ob);
  if (n == m && memcmp(have, offered, n) == 0) return EC_SOURCE_KEEP;
  if (S_cut_of(have, n, offered, m)) return EC_SOURCE_TAKE;
  if (S_cut_of(offered, m, have, n)) return EC_SOURCE_KEEP;
  return EC_SOURCE_DISAGREE;
}

ec_source_verdict ec_source_pick_basis(ec_fact_basis have_basis, const char *have, ec_fact_basis offered_basis,
                                       const char *offered) {
  if (offered_basis == EC_FACT_NONE || !offered) return EC_SOURCE_KEEP;
  if (have_basis == EC_FACT_NONE || !have) return EC_SOURCE_TAKE;
  if (offered_basis != have_basis) return offered_basis > have_basis ? EC_SOURCE_TAKE : EC_SOURCE_KEEP;
  return ec_source_pick(have, offered);
}

void ec_source_note(ec_engine *e, const char *path, int line, const char *what, const char *kept,
                    const char *other) {
  ec_diag_add(&e->diags, EC_INFO, path, line, 0, "%s: keeping \"%s\" read earlier; this file says \"%s\"", what,
              kept, other);
  ec_diag_add(&e->source_notes, EC_INFO, path, line, 0, "%s: keeping \"%s\" read earlier; this file says \"%s\"",
              what, kept, other);
}

void ec_source_merge_str(ec_engine *e, const char *path, int line, char **dst, const char *val, const char *what) {
  switch (ec_source_pick(*dst, val)) {
  case EC_SOURCE_TAKE:
    free(*dst);
    *dst = ec_strdup(val);
    break;
  case EC_SOURCE_DISAGREE: ec_source_note(e, path, line, what, *dst, val); break;
  default: break;
  }
}

void ec_source_merge_kv(ec_engine *e, const char *path, int line, ec_kvs *dst, const char *key, const char *val,
                        const char *what) {
  const char *old = ec_kvs_get(dst, key);
  switch (ec_source_pick(old, val)) {
  case EC_SOURCE_TAKE: ec_kvs_set(dst, key, val); break;
  case EC_SOURCE_DISAGREE: {
    char *w = ec_asprintf("%s \"%s\"", what, key);
    ec_source_note(e, path, line, w, old, val);
    free(w);
    break;
  }
  default: break;
  }
}
