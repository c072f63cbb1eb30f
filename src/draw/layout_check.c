/* layout_check — see layout_check.h. */
#include "draw/layout_check.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "util/alloc.h"

static void S_add(ec_layout_problems *p, char *msg) { *EC_PUSH(p->v, p->n, p->cap) = msg; }

static const char *S_kind(ec_op_kind k) {
  switch (k) {
  case EC_OP_RECT: return "rect";
  case EC_OP_LINE: return "line";
  case EC_OP_PATH: return "path";
  case EC_OP_TEXT: return "text";
  default: return "op";
  }
}

typedef struct S_box {
  const ec_op *op;
  double cx[4], cy[4];
  double x0, y0, x1, y1;
} S_box;

static int S_by_x0(const void *a, const void *b) {
  const S_box *p = a, *q = b;
  if (p->x0 != q->x0) return p->x0 < q->x0 ? -1 : 1;
  return p->op < q->op ? -1 : p->op > q->op ? 1 : 0;
}

/* Separating-axis test for two convex quadrilaterals, shrunk by tol. */
static int S_separated_on(const S_box *a, const S_box *b, double ax, double ay, double tol) {
  double amin = INFINITY, amax = -INFINITY, bmin = INFINITY, bmax = -INFINITY;
  double len = sqrt(ax * ax + ay * ay);
  if (len == 0) return 0;
  ax /= len; ay /= len;
  for (int i = 0; i < 4; i++) {
    double pa = a->cx[i] * ax + a->cy[i] * ay, pb = b->cx[i] * ax + b->cy[i] * ay;
    amin = fmin(amin, pa); amax = fmax(amax, pa);
    bmin = fmin(bmin, pb); bmax = fmax(bmax, pb);
  }
  return amax - tol <= bmin || bmax - tol <= amin;
}

static int S_overlap(const S_box *a, const S_box *b, double tol) {
  const S_box *q[2] = {a, b};
  for (int k = 0; k < 2; k++)
    for (int e = 0; e < 2; e++) {
      double ex = q[k]->cx[e + 1] - q[k]->cx[e], ey = q[k]->cy[e + 1] - q[k]->cy[e];
      if (S_separated_on(a, b, -ey, ex, tol)) return 0;
    }
  return 1;
}

static char *S_snip(const char *t) {
  size_t n = strlen(t);
  if (n <= 40) return ec_strdup(t);
  size_t k = 40;
  while (k > 0 && ((unsigned char)t[k] & 0xC0) == 0x80) k--;
  char *r = ec_malloc(k + 4);
  memcpy(r, t, k);
  memcpy(r + k, "...", 4);
  return r;
}

size_t ec_layout_check(const ec_scene *s, double tol, ec_layout_problems *out) {
  size_t before = out->n;
  S_box *boxes = NULL;
  size_t nb = 0, cap = 0;
  for (size_t i = 0; i < s->n_ops; i++) {
    const ec_op *o = &s->ops[i];
    if (o->kind == EC_OP_GROUP || o->kind == EC_OP_END) continue;
    double x0, y0, x1, y1;
    ec_op_bbox(o, &x0, &y0, &x1, &y1);
    if (x0 < -tol || y0 < -tol || x1 > s->width + tol || y1 > s->height + tol) {
      char *snip = o->kind == EC_OP_TEXT ? S_snip(o->text) : NULL;
      S_add(out, ec_asprintf("%s%s%s%s outside the figure: [%.1f,%.1f]-[%.1f,%.1f] not in "
                             "%.1fx%.1f",
                             S_kind(o->kind), snip ? " '" : "", snip ? snip : "",
                             snip ? "'" : "", x0, y0, x1, y1, s->width, s->height));
      free(snip);
    }
    if (o->kind != EC_OP_TEXT) continue;
    if (o->size < EC_MIN_TEXT_PT) {
      char *snip = S_snip(o->text);
      S_add(out, ec_asprintf("text '%s' is %.2f pt (< %.0f pt)", snip, o->size, EC_MIN_TEXT_PT));
      free(snip);
    }
    if (o->text[0] == '\0') continue;
    S_box *b = EC_PUSH(boxes, nb, cap);
    b->op = o;
    ec_text_corners(o, b->cx, b->cy);
    b->x0 = x0; b->y0 = y0; b->x1 = x1; b->y1 = y1;
  }
  qsort(boxes, nb, sizeof *boxes, S_by_x0);
  for (size_t i = 0; i < nb; i++)
    for (size_t j = i + 1; j < nb && boxes[j].x0 < boxes[i].x1 - tol; j++) {
      if (boxes[j].y0 >= boxes[i].y1 - tol || boxes[i].y0 >= boxes[j].y1 - tol) continue;
      if (!S_overlap(&boxes[i], &boxes[j], tol)) continue;
      char *a = S_snip(boxes[i].op->text), *b = S_snip(boxes[j].op->text);
      S_add(out, ec_asprintf("text '%s' overlaps text '%s'", a, b));
      free(a);
      free(b);
    }
  free(boxes);
  return out->n - before;
}

void ec_layout_problems_free(ec_layout_problems *p) {
  for (size_t i = 0; i < p->n; i++) free(p->v[i]);
  free(p->v);
  p->v = NULL;
  p->n = p->cap = 0;
}
