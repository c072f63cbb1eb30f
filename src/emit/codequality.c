/* codequality — see codequality.h. */
#include "emit/codequality.h"
#include "emit/jsonout.h"
#include "util/alloc.h"
#include <stdint.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

const char *ec_codequality_severity(ec_lint_sev s) {
  return s == EC_LINT_ERROR ? "major" : s == EC_LINT_WARNING ? "minor" : "info";
}

/* FNV-1a 64 over a field and then a NUL byte (fields cannot run into each other). */
static uint64_t S_fnv(uint64_t h, const char *s, size_t n) {
  for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)s[i]) * UINT64_C(0x100000001b3);
  return (h ^ 0) * UINT64_C(0x100000001b3);
}

static const char *S_layer_name(const ec_engine *e, const ec_finding *x, size_t *n) {
  if (x->layer >= 0 && (size_t)x->layer < e->n_layers) {
    *n = e->layers[x->layer].name_len;
    return e->layers[x->layer].name;
  }
  *n = 0;
  return "";
}

typedef struct {
  uint64_t h[2]; /* over rule, engine, layer name */
  size_t i;
} S_key;

static int S_cmp(const void *pa, const void *pb) {
  const S_key *a = pa, *b = pb;
  if (a->h[0] != b->h[0]) return a->h[0] < b->h[0] ? -1 : 1;
  if (a->h[1] != b->h[1]) return a->h[1] < b->h[1] ? -1 : 1;
  return a->i < b->i ? -1 : a->i > b->i;
}

json_t *ec_codequality_lint(const ec_summary *s, const ec_findings *f, const char *path, const size_t *lines) {
  const ec_engine *e = s->engine;
  if (!path) path = e->n_files ? e->files[0].path : e->name;
  /* the rank of each finding among those with the same rule, engine and layer */
  S_key *key = ec_calloc(f->n ? f->n : 1, sizeof *key);
  size_t *rank = ec_calloc(f->n ? f->n : 1, sizeof *rank);
  for (size_t i = 0; i < f->n; i++) {
    size_t ln;
    const char *lname = S_layer_name(e, &f->v[i], &ln);
    key[i].i = i;
    key[i].h[0] = UINT64_C(0xcbf29ce484222325);
    key[i].h[1] = UINT64_C(0x84222325cbf29ce4);
    for (int k = 0; k < 2; k++) {
      key[i].h[k] = S_fnv(key[i].h[k], f->v[i].rule, strlen(f->v[i].rule));
      key[i].h[k] = S_fnv(key[i].h[k], e->name, strlen(e->name));
      key[i].h[k] = S_fnv(key[i].h[k], lname, ln);
    }
  }
  qsort(key, f->n, sizeof *key, S_cmp);
  for (size_t k = 1; k < f->n; k++)
    if (key[k].h[0] == key[k - 1].h[0] && key[k].h[1] == key[k - 1].h[1]) rank[key[k].i] = rank[key[k - 1].i] + 1;
  json_t *a = json_array();
  for (size_t i = 0; i < f->n; i++) {
    const ec_finding *x = &f->v[i];
    char rk[32];
    snprintf(rk, sizeof rk, "%zu", rank[i]);
    size_t ln;
    const char *lname = S_layer_name(e, x, &ln);
    uint64_t h[2] = {UINT64_C(0xcbf29ce484222325), UINT64_C(0x84222325cbf29ce4)};
    for (int k = 0; k < 2; k++) {
      h[k] = S_fnv(h[k], x->rule, strlen(x->rule));
      h[k] = S_fnv(h[k], e->name, strlen(e->name));
      h[k] = S_fnv(h[k], lname, ln);
      h[k] = S_fnv(h[k], rk, strlen(rk));
    }
    char fp[40];
    snprintf(fp, sizeof fp, "%016llx%016llx", (unsigned long long)h[0], (unsigned long long)h[1]);
    size_t line = 0;
    long at = x->layer >= 0 ? x->layer : x->n_layers ? (long)x->layers[0] : -1;
    if (lines && at >= 0 && (size_t)at < e->n_layers) line = lines[at];
    json_t *o = json_object();
    /* the message says what, the layer which */
    char *desc = ln ? ec_asprintf("%.*s: %s", (int)ln, lname, x->message) : NULL;
    json_object_set_new(o, "description", ec_jstr(desc ? desc : x->message));
    free(desc);
    json_object_set_new(o, "check_name", json_string(x->rule));
    json_object_set_new(o, "fingerprint", json_string(fp));
    json_object_set_new(o, "severity", json_string(ec_codequality_severity(x->severity)));
    json_t *loc = json_object(), *ls = json_object();
    json_object_set_new(loc, "path", ec_jstr(path));
    json_object_set_new(ls, "begin", json_integer((json_int_t)(line ? line : 1)));
    json_object_set_new(loc, "lines", ls);
    json_object_set_new(o, "location", loc);
    json_array_append_new(a, o);
  }
  free(key);
  free(rank);
  return a;
}
