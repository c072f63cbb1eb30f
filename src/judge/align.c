/* align — TREx's match_layers, and enginecard's evidence-scored alignment.
 * See align.h for the contract. */
#include "judge/align.h"
#include "facts/layer_kind.h"
#include "util/alloc.h"
#include "util/map.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---- shared: TREx's signature ------------------------------------------ */

static const char *S_type(const ec_layer *l) { return l->type ? l->type : ""; }

/* Dims without dim 0 (TREx: t.shape[1:]) are equal. */
static int S_tail_eq(const ec_tensor *x, const ec_tensor *y) {
  int nx = x->ndims > 0 ? x->ndims - 1 : 0, ny = y->ndims > 0 ? y->ndims - 1 : 0;
  if (nx != ny) return 0;
  for (int k = 0; k < nx; k++)
    if (x->dims[k + 1] != y->dims[k + 1]) return 0;
  return 1;
}

static int S_list_eq(const ec_tensor *x, size_t nx, const ec_tensor *y, size_t ny) {
  if (nx != ny) return 0;
  for (size_t k = 0; k < nx; k++)
    if (!S_tail_eq(&x[k], &y[k])) return 0;
  return 1;
}

/* TREx's is_aligned: are_equal(signatures) or pointwise_same. With !exact only
 * in[0] and out[0] count (a layer without inputs then has an empty list). */
static int S_trex_aligned(const ec_layer *p, const ec_layer *q, int exact) {
  if (strcmp(S_type(p), S_type(q)) != 0) return 0;
  size_t pi = exact ? p->n_in : (p->n_in ? 1 : 0), qi = exact ? q->n_in : (q->n_in ? 1 : 0);
  size_t po = exact ? p->n_out : (p->n_out ? 1 : 0), qo = exact ? q->n_out : (q->n_out ? 1 : 0);
  if (S_list_eq(p->in, pi, q->in, qi) && S_list_eq(p->out, po, q->out, qo)) return 1;
  /* pointwise_same: two inputs connected in reverse order (outputs unchecked, as in TREx) */
  if (strcmp(S_type(p), "PointWise") == 0 && pi == 2 && qi == 2 && po == 1 && qo == 1)
    return S_tail_eq(&p->in[0], &q->in[1]) && S_tail_eq(&p->in[1], &q->in[0]);
  return 0;
}

static void S_push(ec_alignment *al, long a, long b, const char *how, int score) {
  ec_align_pair *p = EC_PUSH(al->v, al->n, al->cap);
  p->a = a;
  p->b = b;
  p->how = how;
  p->score = score;
  if (a >= 0 && b >= 0) al->matched++;
  else if (a >= 0) al->only_a++;
  else al->only_b++;
}

/* ---- TREx --------------------------------------------------------------- */

static void S_remove(size_t *u, size_t *n, size_t v) {
  for (size_t k = 0; k < *n; k++)
    if (u[k] == v) {
      memmove(u + k, u + k + 1, (*n - k - 1) * sizeof *u);
      (*n)--;
      return;
    }
}

ec_alignment *ec_align_trex(const ec_engine *a, const ec_engine *b, int exact) {
  ec_alignment *al = ec_calloc(1, sizeof *al);
  size_t n1 = a->n_layers, n2 = b->n_layers;
  size_t *u1 = ec_calloc(n1 ? n1 : 1, sizeof *u1), *u2 = ec_calloc(n2 ? n2 : 1, sizeof *u2);
  for (size_t k = 0; k < n1; k++) u1[k] = k;
  for (size_t k = 0; k < n2; k++) u2[k] = k;
  while (n1 && n2) {
    size_t beam = n1 > n2 ? n1 : n2;
    for (int list_id = 1; list_id >= 0; list_id--) {
      /* beam_search: fix the head of one list, shine the beam over the other */
      long i1 = (long)u1[0], i2 = (long)u2[0];
      size_t len = list_id ? n2 : n1;
      int found = 0;
      /* TREx clamps s to the last index; repeating that comparison changes nothing */
      for (size_t s = 0; s < beam && s < len; s++) {
        if (list_id) i2 = (long)u2[s];
        else i1 = (long)u1[s];
        if (S_trex_aligned(&a->layers[i1], &b->layers[i2], exact)) {
          found = 1;
          break;
        }
      }
      if (!found) {
        if (list_id) i2 = -1;
        else i1 = -1;
      }
      S_push(al, i1, i2, found ? EC_ALIGN_SIGNATURE : NULL, 0);
      if (i1 >= 0) S_remove(u1, &n1, (size_t)i1);
      if (i2 >= 0) S_remove(u2, &n2, (size_t)i2);
      if (!n1 || !n2) break;
    }
  }
  for (size_t k = 0; k < n1; k++) S_push(al, (long)u1[k], -1, NULL, 0);
  for (size_t k = 0; k < n2; k++) S_push(al, -1, (long)u2[k], NULL, 0);
  free(u1);
  free(u2);
  return al;
}

/* ---- evidence ----------------------------------------------------------- */

/* Points (integers, so results never depend on float rounding). */
#define S_PTS_NAME 800   /* identical names */
#define S_PTS_META 600   /* x Jaccard overlap of ONNX metadata entries */
#define S_PTS_FUSED 600  /* x Jaccard overlap of fused-name parts (names differ) */
#define S_PTS_SIG 400    /* TREx's signature (all i/o dims, PointWise swap) */
#define S_PTS_IO 200     /* first input and output dims only */
#define S_PTS_MIN 200    /* less evidence than this never pairs */
/* Largest segment solved exactly (cells of the DP table); larger segments are
 * aligned greedily within a window. */
#define S_MAX_CELLS ((size_t)16 << 20)
#define S_WINDOW 64

typedef struct {
  uint64_t *tok; /* sorted, unique hashes of fused-name parts */
  size_t ntok;
  uint64_t *meta; /* sorted, unique hashes of metadata entries */
  size_t nmeta;
} S_feat;

static uint64_t S_hash(const char *s, size_t n) {
  uint64_t h = 1469598103934665603ull;
  for (size_t i = 0; i < n; i++) {
    h ^= (unsigned char)s[i];
    h *= 1099511628211ull;
  }
  return h;
}

static int S_cmp_u64(const void *x, const void *y) {
  uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
  return a < b ? -1 : a > b;
}

static size_t S_uniq(uint64_t *v, size_t n) {
  if (n < 2) return n;
  qsort(v, n, sizeof *v, S_cmp_u64);
  size_t k = 1;
  for (size_t i = 1; i < n; i++)
    if (v[i] != v[k - 1]) v[k++] = v[i];
  return k;
}

/* Words that describe how TensorRT built a name, not which network layer it
 * came from. */
static const char *const S_stop[] = {"PWN", "Reformatting", "CopyNode", "for", "Input", "Output", "Tensor",
                                     "to", "input", "output", "of", "ForeignNode", "myelin", "copy"};

static int S_is_sep(char c) {
  return c == ' ' || c == '+' || c == '(' || c == ')' || c == ',' || c == '[' || c == ']' || c == '{' ||
         c == '}' || c == ':' || c == '\t' || c == '\n' || c == '\r' || c == '\0' || c == '"' || c == '\'';
}

static int S_keep_token(const char *s, size_t n) {
  if (n < 2) return 0;
  size_t digits = 0;
  for (size_t i = 0; i < n; i++) digits += s[i] >= '0' && s[i] <= '9';
  if (digits == n) return 0;
  for (size_t k = 0; k < sizeof S_stop / sizeof S_stop[0]; k++)
    if (strlen(S_stop[k]) == n && memcmp(S_stop[k], s, n) == 0) return 0;
  return 1;
}

static void S_feat_of(const ec_layer *l, S_feat *f) {
  memset(f, 0, sizeof *f);
  size_t cap = 0;
  const char *s = l->name ? l->name : "";
  size_t n = l->name ? l->name_len : 0;
  for (size_t i = 0; i < n;) {
    while (i < n && S_is_sep(s[i])) i++;
    size_t st = i;
    while (i < n && !S_is_sep(s[i])) i++;
    if (i > st && S_keep_token(s + st, i - st)) *EC_PUSH(f->tok, f->ntok, cap) = S_hash(s + st, i - st);
  }
  f->ntok = S_uniq(f->tok, f->ntok);
  if (l->n_metadata) {
    f->meta = ec_calloc(l->n_metadata, sizeof *f->meta);
    for (size_t k = 0; k < l->n_metadata; k++)
      if (l->metadata[k] && l->metadata[k][0]) f->meta[f->nmeta++] = S_hash(l->metadata[k], strlen(l->metadata[k]));
    f->nmeta = S_uniq(f->meta, f->nmeta);
  }
}

static void S_feat_free(S_feat *f) {
  free(f->tok);
  free(f->meta);
}

/* round(pts * |x ∩ y| / |x ∪ y|) */
static int S_jaccard_pts(const uint64_t *x, size_t nx, const uint64_t *y, size_t ny, int pts) {
  if (!nx || !ny) return 0;
  size_t i = 0, j = 0, inter = 0;
  while (i < nx && j < ny) {
    if (x[i] == y[j]) inter++, i++, j++;
    else if (x[i] < y[j]) i++;
    else j++;
  }
  size_t uni = nx + ny - inter;
  return (int)((2 * (size_t)pts * inter + uni) / (2 * uni));
}

/* May p and q be paired? The same type; or, when one side's source gave no
 * type (names-only layer information: "Unknown"), the same family, the
 * one the name tells for it (facts/layer_kind.h ec_layer_family, as
 * summary types it) and the other's type's. */
static int S_same_kind(const ec_layer *p, const ec_layer *q) {
  const char *tp = S_type(p), *tq = S_type(q);
  if (!strcmp(tp, tq)) return 1;
  if (strcmp(tp, "Unknown") && strcmp(tq, "Unknown")) return 0;
  const char *fp = ec_layer_family(p), *fq = ec_layer_family(q);
  return fp && fq && !strcmp(fp, fq);
}

static int S_score(const ec_layer *p, const S_feat *fp, const ec_layer *q, const S_feat *fq, const char **how) {
  if (how) *how = NULL;
  if (!S_same_kind(p, q)) return -1;
  int same_name = p->name_len == q->name_len && (p->name_len == 0 || memcmp(p->name, q->name, p->name_len) == 0) &&
                  p->name && q->name;
  int meta = S_jaccard_pts(fp->meta, fp->nmeta, fq->meta, fq->nmeta, S_PTS_META);
  int fused = same_name ? 0 : S_jaccard_pts(fp->tok, fp->ntok, fq->tok, fq->ntok, S_PTS_FUSED);
  int sig = S_trex_aligned(p, q, 1) ? S_PTS_SIG : S_trex_aligned(p, q, 0) ? S_PTS_IO : 0;
  int total = (same_name ? S_PTS_NAME : 0) + meta + fused + sig;
  if (total < S_PTS_MIN) return -1;
  if (how) {
    if (same_name) *how = EC_ALIGN_NAME;
    else if (meta && meta >= fused && meta >= sig) *how = EC_ALIGN_METADATA;
    else if (fused && fused >= sig) *how = EC_ALIGN_FUSED;
    else *how = sig == S_PTS_SIG ? EC_ALIGN_SIGNATURE : EC_ALIGN_IO;
  }
  return total;
}

int ec_align_score(const ec_layer *la, const ec_layer *lb, const char **how) {
  S_feat fa, fb;
  S_feat_of(la, &fa);
  S_feat_of(lb, &fb);
  int s = S_score(la, &fa, lb, &fb, how);
  S_feat_free(&fa);
  S_feat_free(&fb);
  return s;
}

/* ---- ec_align ----------------------------------------------------------- */

typedef struct {
  const ec_engine *a, *b;
  S_feat *fa, *fb;
  long *ma, *mb; /* partner index or -1 */
} S_ctx;

static int S_sc(const S_ctx *c, size_t i, size_t j) {
  return S_score(&c->a->layers[i], &c->fa[i], &c->b->layers[j], &c->fb[j], NULL);
}

static void S_pair(S_ctx *c, size_t i, size_t j) {
  c->ma[i] = (long)j;
  c->mb[j] = (long)i;
}

/* Order-preserving alignment of greatest total score over A[a0,a1) x B[b0,b1):
 * suffix DP, then a forward walk that takes a match whenever it is optimal,
 * so among equal alignments the earliest pairs win (as in TREx). */
static void S_dp(S_ctx *c, size_t a0, size_t a1, size_t b0, size_t b1) {
  size_t na = a1 - a0, nb = b1 - b0;
  if (!na || !nb) return;
  size_t w = nb + 1;
  long *h = ec_calloc((na + 1) * w, sizeof *h);
  int *sc = ec_calloc(na * nb, sizeof *sc);
  for (size_t i = na; i-- > 0;)
    for (size_t j = nb; j-- > 0;) {
      int s = S_sc(c, a0 + i, b0 + j);
      sc[i * nb + j] = s;
      long best = h[(i + 1) * w + j];
      if (h[i * w + j + 1] > best) best = h[i * w + j + 1];
      if (s >= 0 && h[(i + 1) * w + j + 1] + s > best) best = h[(i + 1) * w + j + 1] + s;
      h[i * w + j] = best;
    }
  size_t i = 0, j = 0;
  while (i < na && j < nb) {
    int s = sc[i * nb + j];
    if (s >= 0 && h[i * w + j] == h[(i + 1) * w + j + 1] + s) {
      S_pair(c, a0 + i, b0 + j);
      i++, j++;
    } else if (h[i * w + j] == h[(i + 1) * w + j]) {
      i++;
    } else {
      j++;
    }
  }
  free(h);
  free(sc);
}

/* Too large for the exact DP: for each A layer, the best partner within a
 * window past the last one paired. */
static void S_greedy(S_ctx *c, size_t a0, size_t a1, size_t b0, size_t b1) {
  size_t cur = b0;
  for (size_t i = a0; i < a1 && cur < b1; i++) {
    int best = -1;
    size_t bj = 0;
    for (size_t j = cur; j < b1 && j < cur + S_WINDOW; j++) {
      int s = S_sc(c, i, j);
      if (s > best) best = s, bj = j;
    }
    if (best >= 0) {
      S_pair(c, i, bj);
      cur = bj + 1;
    }
  }
}

static void S_segment(S_ctx *c, size_t a0, size_t a1, size_t b0, size_t b1) {
  if (a1 <= a0 || b1 <= b0) return;
  if ((a1 - a0) <= S_MAX_CELLS / (b1 - b0)) S_dp(c, a0, a1, b0, b1);
  else S_greedy(c, a0, a1, b0, b1);
}

/* Name/metadata evidence alone of the pair (i, j), if it beats `above` and
 * the pair may pair at all (same type, enough evidence in S_score); else -1.
 * The full score is only computed for a pair that would win. */
static int S_name_evidence(const S_ctx *c, size_t i, size_t j, int above) {
  if (strcmp(S_type(&c->a->layers[i]), S_type(&c->b->layers[j])) != 0) return -1;
  const S_feat *p = &c->fa[i], *q = &c->fb[j];
  int ev = S_jaccard_pts(p->meta, p->nmeta, q->meta, q->nmeta, S_PTS_META) +
           S_jaccard_pts(p->tok, p->ntok, q->tok, q->ntok, S_PTS_FUSED);
  if (ev <= above || S_sc(c, i, j) < 0) return -1;
  return ev;
}

/* For each unpaired A layer, its best unpaired B partner by name evidence,
 * kept when no other unpaired A layer has stronger evidence for that B
 * layer (mutual). Only unpaired layers are visited (the caller bounds
 * ua x ub), and each B layer's two strongest unpaired A layers are
 * remembered and recomputed only once one of them is paired, so the mutual
 * test is not a scan of every A layer per candidate (quadratic in the layer
 * count); the result is the same as that scan's. */
static void S_rescue(S_ctx *c) {
  size_t n1 = c->a->n_layers, n2 = c->b->n_layers, ua = 0, ub = 0;
  size_t *au = ec_malloc((n1 ? n1 : 1) * sizeof *au), *bu = ec_malloc((n2 ? n2 : 1) * sizeof *bu);
  for (size_t i = 0; i < n1; i++)
    if (c->ma[i] < 0) au[ua++] = i;
  for (size_t j = 0; j < n2; j++)
    if (c->mb[j] < 0) bu[ub++] = j;
  /* per B layer: the strongest unpaired A layers' evidence (top two, the
   * first's index), computed when first needed */
  long *top_i = ec_malloc((n2 ? n2 : 1) * sizeof *top_i), *top_k = ec_malloc((n2 ? n2 : 1) * sizeof *top_k);
  int *top1 = ec_malloc((n2 ? n2 : 1) * sizeof *top1), *top2 = ec_malloc((n2 ? n2 : 1) * sizeof *top2);
  for (size_t j = 0; j < n2; j++) top_i[j] = -2; /* not computed */
  for (size_t x = 0; x < ua; x++) {
    size_t i = au[x];
    int best = -1;
    size_t bj = 0;
    for (size_t y = 0; y < ub; y++) {
      size_t j = bu[y];
      if (c->mb[j] >= 0) continue;
      int s = S_name_evidence(c, i, j, best);
      if (s > best) best = s, bj = j;
    }
    if (best < S_PTS_FUSED / 2) continue;
    /* mutual: no other unpaired A layer has stronger evidence for bj */
    /* the cache holds while both owners are unpaired: A layers only leave
     * the unpaired set, so they are still the strongest */
    if (top_i[bj] == -2 || (top_i[bj] >= 0 && c->ma[top_i[bj]] >= 0) || (top_k[bj] >= 0 && c->ma[top_k[bj]] >= 0)) {
      top_i[bj] = top_k[bj] = -1;
      top1[bj] = top2[bj] = -1;
      for (size_t z = 0; z < ua; z++) {
        size_t k = au[z];
        if (c->ma[k] >= 0) continue;
        int s = S_name_evidence(c, k, bj, -1);
        if (s > top1[bj]) top2[bj] = top1[bj], top_k[bj] = top_i[bj], top1[bj] = s, top_i[bj] = (long)k;
        else if (s > top2[bj]) top2[bj] = s, top_k[bj] = (long)k;
      }
    }
    int other = top_i[bj] == (long)i ? top2[bj] : top1[bj];
    if (other <= best) S_pair(c, i, bj);
  }
  free(top_i), free(top_k), free(top1), free(top2), free(au), free(bu);
}

/* name -> index, or SIZE_MAX when the name occurs more than once */
static void S_name_map(const ec_engine *e, ec_map *m) {
  for (size_t i = 0; i < e->n_layers; i++) {
    const ec_layer *l = &e->layers[i];
    if (!l->name) continue;
    size_t v;
    if (ec_map_get(m, l->name, l->name_len, &v)) ec_map_put(m, l->name, l->name_len, SIZE_MAX);
    else ec_map_put(m, l->name, l->name_len, i);
  }
}

/* The unique partner of A layer i by name in B, or SIZE_MAX. */
static size_t S_unique_partner(const S_ctx *c, const ec_map *na, const ec_map *nb, size_t i) {
  const ec_layer *l = &c->a->layers[i];
  size_t va, vb;
  if (!l->name || !ec_map_get(na, l->name, l->name_len, &va) || va == SIZE_MAX) return SIZE_MAX;
  if (!ec_map_get(nb, l->name, l->name_len, &vb) || vb == SIZE_MAX) return SIZE_MAX;
  return vb;
}

ec_alignment *ec_align(const ec_engine *a, const ec_engine *b) {
  S_ctx c = {a, b, NULL, NULL, NULL, NULL};
  size_t n1 = a->n_layers, n2 = b->n_layers;
  c.fa = ec_calloc(n1 ? n1 : 1, sizeof *c.fa);
  c.fb = ec_calloc(n2 ? n2 : 1, sizeof *c.fb);
  c.ma = ec_calloc(n1 ? n1 : 1, sizeof *c.ma);
  c.mb = ec_calloc(n2 ? n2 : 1, sizeof *c.mb);
  for (size_t i = 0; i < n1; i++) S_feat_of(&a->layers[i], &c.fa[i]), c.ma[i] = -1;
  for (size_t j = 0; j < n2; j++) S_feat_of(&b->layers[j], &c.fb[j]), c.mb[j] = -1;

  /* 1. Anchors: names unique on both sides, same type, and at least the first
   *    input/output dims agree; keep the longest run that preserves order. */
  ec_map na = {0}, nb = {0};
  S_name_map(a, &na);
  S_name_map(b, &nb);
  size_t *ai = ec_calloc(n1 ? n1 : 1, sizeof *ai), *aj = ec_calloc(n1 ? n1 : 1, sizeof *aj), nanch = 0;
  for (size_t i = 0; i < n1; i++) {
    size_t j = S_unique_partner(&c, &na, &nb, i);
    if (j != SIZE_MAX && S_sc(&c, i, j) >= S_PTS_NAME + S_PTS_IO) ai[nanch] = i, aj[nanch] = j, nanch++;
  }
  /* longest increasing subsequence of aj (ai is increasing already) */
  size_t *tail = ec_calloc(nanch + 1, sizeof *tail), *prev = ec_calloc(nanch + 1, sizeof *prev), len = 0;
  for (size_t k = 0; k < nanch; k++) {
    size_t lo = 0, hi = len;
    while (lo < hi) {
      size_t mid = (lo + hi) / 2;
      if (aj[tail[mid]] < aj[k]) lo = mid + 1;
      else hi = mid;
    }
    prev[k] = lo ? tail[lo - 1] : SIZE_MAX;
    tail[lo] = k;
    if (lo == len) len++;
  }
  size_t *keep = ec_calloc(len + 1, sizeof *keep);
  for (size_t k = len, x = len ? tail[len - 1] : 0; k-- > 0; x = prev[x]) keep[k] = x;

  /* 2. Between anchors: the order-preserving alignment of greatest score. */
  size_t pa = 0, pb = 0;
  for (size_t k = 0; k < len; k++) {
    size_t i = ai[keep[k]], j = aj[keep[k]];
    S_segment(&c, pa, i, pb, j);
    S_pair(&c, i, j);
    pa = i + 1, pb = j + 1;
  }
  S_segment(&c, pa, n1, pb, n2);

  /* 3. Layers the engines order differently: unique identical names. */
  for (size_t i = 0; i < n1; i++) {
    if (c.ma[i] >= 0) continue;
    size_t j = S_unique_partner(&c, &na, &nb, i);
    if (j != SIZE_MAX && c.mb[j] < 0 && S_sc(&c, i, j) >= 0) S_pair(&c, i, j);
  }

  /* 4. Renamed or reordered layers still unpaired: mutual best partners whose
   *    names or metadata overlap by at least half. */
  size_t ua = 0, ub = 0;
  for (size_t i = 0; i < n1; i++) ua += c.ma[i] < 0;
  for (size_t j = 0; j < n2; j++) ub += c.mb[j] < 0;
  if (ua && ub && ua <= S_MAX_CELLS / ub) S_rescue(&c);

  /* Output in A's order, B-only layers placed by B's order. */
  ec_alignment *al = ec_calloc(1, sizeof *al);
  size_t cur = 0;
  for (size_t i = 0; i < n1; i++) {
    long j = c.ma[i];
    if (j >= 0) {
      for (; cur < (size_t)j; cur++)
        if (c.mb[cur] < 0) S_push(al, -1, (long)cur, NULL, 0);
      const char *how;
      int s = S_score(&a->layers[i], &c.fa[i], &b->layers[j], &c.fb[j], &how);
      S_push(al, (long)i, j, how, s);
    } else {
      S_push(al, (long)i, -1, NULL, 0);
    }
  }
  for (; cur < n2; cur++)
    if (c.mb[cur] < 0) S_push(al, -1, (long)cur, NULL, 0);

  for (size_t i = 0; i < n1; i++) S_feat_free(&c.fa[i]);
  for (size_t j = 0; j < n2; j++) S_feat_free(&c.fb[j]);
  free(c.fa), free(c.fb), free(c.ma), free(c.mb);
  free(ai), free(aj), free(tail), free(prev), free(keep);
  ec_map_free(&na);
  ec_map_free(&nb);
  return al;
}

void ec_alignment_free(ec_alignment *al) {
  if (!al) return;
  free(al->v);
  free(al);
}
