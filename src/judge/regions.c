/* regions — see regions.h. */
#include "judge/regions.h"
#include "words/words.h"
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "judge/compare.h"
#include "util/alloc.h"

/* ---- a layer's nodes ------------------------------------------------------ */

/* "[ONNX Layer: X]" is X; any other entry as it is. */
static void S_meta_node(const char *m, const char **p, size_t *n) {
  size_t len = strlen(m);
  static const char pre[] = "[ONNX Layer: ";
  if (len > sizeof pre && !strncmp(m, pre, sizeof pre - 1) && m[len - 1] == ']') {
    *p = m + sizeof pre - 1;
    *n = len - sizeof pre;
    return;
  }
  *p = m;
  *n = len;
}

/* Words of a name that say how TensorRT built it, not which node it covers. */
static int S_stop(const char *s, size_t n) {
  static const char *const w[] = {"PWN", "ForeignNode", "||"};
  if (!n) return 1;
  for (size_t k = 0; k < sizeof w / sizeof w[0]; k++)
    if (strlen(w[k]) == n && !memcmp(w[k], s, n)) return 1;
  return 0;
}

static void S_add(char ***v, size_t *n, size_t *cap, const char *s, size_t len) {
  while (len && (s[0] == ' ' || s[0] == ',')) s++, len--;
  while (len && (s[len - 1] == ' ' || s[len - 1] == ',')) len--;
  if (S_stop(s, len)) return;
  for (size_t i = 0; i < *n; i++)
    if (strlen((*v)[i]) == len && !memcmp((*v)[i], s, len)) return;
  *EC_PUSH(*v, *n, *cap) = ec_strndup(s, len);
}

/* The name's parts: split at '+', " || ", "...", the brackets and commas of
 * PWN(...) and {ForeignNode[...]}; a part keeps its inner spaces. */
static size_t S_name_nodes(const char *s, size_t len, char ***v, size_t *n, size_t *cap) {
  size_t st = 0;
  for (size_t i = 0; i <= len; i++) {
    size_t sep = 0;
    if (i == len) sep = 1;
    else if (s[i] == '+' || s[i] == '(' || s[i] == ')' || s[i] == '[' || s[i] == ']' || s[i] == '{' || s[i] == '}' ||
             s[i] == ',')
      sep = 1;
    else if (i + 3 <= len && !memcmp(s + i, "...", 3)) sep = 3;
    else if (i + 4 <= len && !memcmp(s + i, " || ", 4)) sep = 4;
    if (!sep) continue;
    if (i > st) S_add(v, n, cap, s + st, i - st);
    st = i + sep;
    i += sep - 1;
  }
  return *n;
}

size_t ec_layer_nodes(const ec_layer *l, char ***out) {
  char **v = NULL;
  size_t n = 0, cap = 0;
  *out = NULL;
  if (!l) return 0;
  if (l->n_metadata) {
    for (size_t k = 0; k < l->n_metadata; k++) {
      if (!l->metadata[k] || !l->metadata[k][0]) continue;
      const char *p;
      size_t len;
      S_meta_node(l->metadata[k], &p, &len);
      S_add(&v, &n, &cap, p, len);
    }
  } else if (l->name && !ec_name_is_reformat(l->name)) {
    S_name_nodes(l->name, l->name_len, &v, &n, &cap);
  }
  *out = v;
  return n;
}

/* ---- regions -------------------------------------------------------------- */

typedef struct {
  uint64_t h;
  size_t v;   /* vertex: a's layers first, then b's */
} S_occ;

static uint64_t S_hash(const char *s) {
  uint64_t h = 1469598103934665603ull;
  for (; *s; s++) {
    h ^= (unsigned char)*s;
    h *= 1099511628211ull;
  }
  return h;
}

static int S_occ_cmp(const void *x, const void *y) {
  const S_occ *a = x, *b = y;
  if (a->h != b->h) return a->h < b->h ? -1 : 1;
  return (a->v > b->v) - (a->v < b->v);
}

static size_t S_find(size_t *p, size_t x) {
  while (p[x] != x) x = p[x] = p[p[x]];
  return x;
}

static void S_union(size_t *p, size_t x, size_t y) {
  x = S_find(p, x);
  y = S_find(p, y);
  if (x != y) p[x > y ? x : y] = x < y ? x : y; /* the smaller index is the root: a deterministic order */
}

static double S_ms(const ec_engine *e, const double *m, size_t i) {
  if (m) return m[i];
  return e->layers[i].has_profile ? e->layers[i].avg_ms : NAN;
}

static int S_region_cmp(const void *x, const void *y) {
  const ec_region *a = x, *b = y;
  int fa = isfinite(a->delta_ms), fb = isfinite(b->delta_ms);
  if (fa != fb) return fa ? -1 : 1;
  if (fa && fabs(a->delta_ms) != fabs(b->delta_ms)) return fabs(a->delta_ms) > fabs(b->delta_ms) ? -1 : 1;
  size_t ka = a->na ? a->a[0] : SIZE_MAX, kb = b->na ? b->a[0] : SIZE_MAX;
  return (ka > kb) - (ka < kb);
}

/* Distinct hashes among occurrences [lo, hi) of sorted occ whose vertex is in
 * component root on side (0: a, 1: b; 2: either), counted per side. */
static void S_count_nodes(const S_occ *occ, size_t nocc, size_t *par, size_t na, size_t root, ec_region *r) {
  for (size_t i = 0; i < nocc;) {
    size_t j = i;
    int on[2] = {0, 0};
    while (j < nocc && occ[j].h == occ[i].h) {
      if (S_find(par, occ[j].v) == root) on[occ[j].v >= na] = 1;
      j++;
    }
    r->nodes_a += on[0];
    r->nodes_b += on[1];
    r->nodes_shared += on[0] && on[1];
    i = j;
  }
}

ec_regions *ec_regions_build(const ec_engine *a, const double *ma, const ec_engine *b, const double *mb,
                             const ec_alignment *al) {
  ec_regions *r = ec_calloc(1, sizeof *r);
  size_t na = a->n_layers, nb = b->n_layers, nv = na + nb;
  size_t *par = ec_malloc((nv ? nv : 1) * sizeof *par);
  for (size_t i = 0; i < nv; i++) par[i] = i;
  /* 1: paired, 2: one side only, 0: not in the alignment */
  unsigned char *st = ec_calloc(nv ? nv : 1, 1);
  for (size_t k = 0; al && k < al->n; k++) {
    const ec_align_pair *p = &al->v[k];
    if (p->a >= 0 && (size_t)p->a < na) st[p->a] = p->b >= 0 ? 1 : 2;
    if (p->b >= 0 && (size_t)p->b < nb) st[na + p->b] = p->a >= 0 ? 1 : 2;
    if (p->a >= 0 && p->b >= 0 && (size_t)p->a < na && (size_t)p->b < nb) S_union(par, (size_t)p->a, na + (size_t)p->b);
  }
  /* every node occurrence, then layers sharing a node joined */
  S_occ *occ = NULL;
  size_t nocc = 0, cocc = 0;
  for (size_t v = 0; v < nv; v++) {
    const ec_layer *l = v < na ? &a->layers[v] : &b->layers[v - na];
    char **nodes;
    size_t k = ec_layer_nodes(l, &nodes);
    for (size_t i = 0; i < k; i++) {
      *EC_PUSH(occ, nocc, cocc) = (S_occ){S_hash(nodes[i]), v};
      free(nodes[i]);
    }
    free(nodes);
  }
  if (nocc) qsort(occ, nocc, sizeof *occ, S_occ_cmp);
  for (size_t i = 1; i < nocc; i++)
    if (occ[i].h == occ[i - 1].h) S_union(par, occ[i - 1].v, occ[i].v);
  /* the sets: one per root with a layer on each side and a one-sided layer */
  size_t *root_of = ec_malloc((nv ? nv : 1) * sizeof *root_of);
  long *slot = ec_malloc((nv ? nv : 1) * sizeof *slot);
  unsigned char *side_seen = ec_calloc(nv ? nv : 1, 1); /* per root: bit 1 a, 2 b, 4 one-sided or several pairs */
  size_t *pairs = ec_calloc(nv ? nv : 1, sizeof *pairs);  /* per root: its aligned pairs */
  for (size_t v = 0; v < nv; v++) {
    root_of[v] = S_find(par, v);
    slot[v] = -1;
    side_seen[root_of[v]] |= (unsigned char)((v < na ? 1 : 2) | (st[v] == 2 ? 4 : 0));
    if (v < na && st[v] == 1) pairs[root_of[v]]++;
  }
  for (size_t v = 0; v < nv; v++)
    if (pairs[v] > 1) side_seen[v] |= 4;
  size_t cap = 0;
  for (size_t v = 0; v < nv; v++) {
    size_t rt = root_of[v];
    if (side_seen[rt] != 7) continue;
    if (slot[rt] < 0) {
      slot[rt] = (long)r->n;
      ec_region *g = EC_PUSH(r->v, r->n, cap);
      memset(g, 0, sizeof *g);
      g->a_ms = g->b_ms = 0;
    }
    ec_region *g = &r->v[slot[rt]];
    if (st[v] == 2) g->one_sided++;
    if (v < na) {
      g->a = ec_reallocarray(g->a, g->na + 1, sizeof *g->a);
      g->a[g->na++] = v;
      g->a_ms += S_ms(a, ma, v);
    } else {
      g->b = ec_reallocarray(g->b, g->nb + 1, sizeof *g->b);
      g->b[g->nb++] = v - na;
      g->b_ms += S_ms(b, mb, v - na);
    }
  }
  for (size_t i = 0; i < r->n; i++) {
    ec_region *g = &r->v[i];
    g->delta_ms = g->b_ms - g->a_ms;
    S_count_nodes(occ, nocc, par, na, root_of[g->na ? g->a[0] : na + g->b[0]], g);
  }
  /* the attributed shares, each layer once */
  r->a_total_ms = r->b_total_ms = r->a_paired_ms = r->b_paired_ms = r->a_region_ms = r->b_region_ms = 0;
  int a_known = 0, b_known = 0;
  for (size_t v = 0; v < nv; v++) {
    int isb = v >= na;
    double ms = isb ? S_ms(b, mb, v - na) : S_ms(a, ma, v);
    int in_region = side_seen[root_of[v]] == 7;
    if (st[v] == 2) {
      if (isb) r->only_b++;
      else r->only_a++;
      if (!in_region) {
        if (isb) r->left_b++;
        else r->left_a++;
      }
    }
    if (!isfinite(ms)) continue;
    if (isb) b_known = 1;
    else a_known = 1;
    *(isb ? &r->b_total_ms : &r->a_total_ms) += ms;
    if (st[v] == 1) *(isb ? &r->b_paired_ms : &r->a_paired_ms) += ms;
    else if (st[v] == 2 && in_region) *(isb ? &r->b_region_ms : &r->a_region_ms) += ms;
  }
  if (!a_known) r->a_total_ms = r->a_paired_ms = r->a_region_ms = NAN;
  if (!b_known) r->b_total_ms = r->b_paired_ms = r->b_region_ms = NAN;
  r->a_before_pct = ec_share_pct(r->a_paired_ms, r->a_total_ms);
  r->b_before_pct = ec_share_pct(r->b_paired_ms, r->b_total_ms);
  r->a_after_pct = ec_share_pct(r->a_paired_ms + r->a_region_ms, r->a_total_ms);
  r->b_after_pct = ec_share_pct(r->b_paired_ms + r->b_region_ms, r->b_total_ms);
  if (r->n) qsort(r->v, r->n, sizeof *r->v, S_region_cmp);
  free(par);
  free(st);
  free(occ);
  free(root_of);
  free(slot);
  free(side_seen);
  free(pairs);
  return r;
}

void ec_regions_free(ec_regions *r) {
  if (!r) return;
  for (size_t i = 0; i < r->n; i++) {
    free(r->v[i].a);
    free(r->v[i].b);
  }
  free(r->v);
  free(r);
}

ec_regions *ec_regions_of_compare(const ec_comparison *c, size_t i) {
  if (!c || i >= c->n || i == c->baseline || !c->res[i].aligned || !c->res[i].al) return NULL;
  const ec_engine *a = c->engines[c->baseline], *b = c->engines[i];
  double da = ec_compare_divisor(c, c->baseline), db = ec_compare_divisor(c, i);
  double *ma = ec_malloc((a->n_layers ? a->n_layers : 1) * sizeof *ma), *mb = ec_malloc((b->n_layers ? b->n_layers : 1) * sizeof *mb);
  for (size_t k = 0; k < a->n_layers; k++) ma[k] = a->layers[k].has_profile ? a->layers[k].avg_ms / da : NAN;
  for (size_t k = 0; k < b->n_layers; k++) mb[k] = b->layers[k].has_profile ? b->layers[k].avg_ms / db : NAN;
  ec_regions *r = ec_regions_build(a, ma, b, mb, c->res[i].al);
  free(ma);
  free(mb);
  return r;
}
