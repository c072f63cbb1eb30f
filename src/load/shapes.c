/* shapes — every input's shapes from trtexec's options and command line.
 *
 * trtexec prints one option line per input and optimisation profile:
 *   Input build shape: x=1x3x224x224+4x3x224x224+8x3x224x224      (8.x)
 *   Input build shape (profile 0): input_ids=1x128+4x128+8x128     (8.6+)
 *   Input inference shape: x=4x3x224x224 / Input inference shape : ...
 * ("Input build shapes: model" when the model's own shapes are used), and
 * the command line after the banner carries --minShapes, --optShapes,
 * --maxShapes and --shapes ("name:1x3x224x224,other:1x128"; a name with a
 * ':' is quoted). Option lines win over the command line; an earlier source
 * (metadata, an earlier file) wins over a later one. */
#include "load/internal.h"
#include "util/alloc.h"
#include <stdlib.h>
#include <string.h>

enum { S_MIN, S_OPT, S_MAX, S_INF };

static ec_dims *S_slot(ec_input_shape *x, int k) {
  switch (k) {
  case S_MIN: return &x->min;
  case S_OPT: return &x->opt;
  case S_MAX: return &x->max;
  default: return &x->inference;
  }
}

int ec_dims_parse(const char *s, size_t n, ec_dims *d) {
  while (n && (*s == ' ' || *s == '\t')) s++, n--;
  while (n && (s[n - 1] == ' ' || s[n - 1] == '\t')) n--;
  if (!n) return 0;
  int cnt = 1;
  for (size_t i = 0; i < n; i++) {
    char c = s[i];
    if (c == 'x') cnt++;
    else if (!(c >= '0' && c <= '9') && c != '-') return 0;
  }
  if (cnt > 64) return 0;
  int64_t *v = ec_calloc((size_t)cnt, sizeof *v);
  int k = 0;
  size_t i = 0;
  while (k < cnt) {
    int neg = 0;
    if (i < n && s[i] == '-') neg = 1, i++;
    size_t start = i;
    int64_t x = 0;
    while (i < n && s[i] >= '0' && s[i] <= '9') {
      if (x > (INT64_MAX - 9) / 10) {
        free(v);
        return 0;
      }
      x = x * 10 + (s[i] - '0');
      i++;
    }
    if (i == start || (i < n && s[i] != 'x')) {
      free(v);
      return 0;
    }
    v[k++] = neg ? -1 : x; /* "-1": dynamic */
    i++;
  }
  free(d->v);
  d->v = v;
  d->n = cnt;
  return 1;
}

/* Set slot k of input name from text, unless it already has a value. */
static void S_set(ec_input_shapes *s, const char *name, size_t nl, int k, const char *dims, size_t dn) {
  /* blanks, quotes and the shell's backslashes around a quoted name */
  while (nl && strchr(" '\"\\", *name)) name++, nl--;
  while (nl && strchr(" '\"\\", name[nl - 1])) nl--;
  if (!nl) return;
  ec_dims d = {0};
  if (!ec_dims_parse(dims, dn, &d)) return;
  ec_input_shape *x = ec_input_shapes_get(s, name, nl);
  ec_dims *slot = S_slot(x, k);
  if (slot->v) {
    free(d.v);
    return;
  }
  *slot = d;
}

/* Which per-input key: build (min+opt+max) or inference; *profile gets the
 * "(profile N)" number (0 when absent). 0 when key is no per-input key. */
static int S_key(const char *key, int *inference, long *profile) {
  const char *rest;
  if (strncmp(key, "Input build shape", 17) == 0) {
    *inference = 0;
    rest = key + 17;
  } else if (strncmp(key, "Input inference shape", 21) == 0) {
    *inference = 1;
    rest = key + 21;
  } else {
    return 0;
  }
  if (*rest == 's') rest++;
  while (*rest == ' ') rest++;
  *profile = 0;
  if (strncmp(rest, "(profile ", 9) == 0) *profile = strtol(rest + 9, NULL, 10);
  return 1;
}

int ec_input_shapes_is_key(const char *key) {
  int inf;
  long prof;
  return S_key(key, &inf, &prof);
}

int ec_input_shapes_option(ec_input_shapes *s, const char *key, const char *val, int profile_index) {
  int inference;
  long profile;
  if (!S_key(key, &inference, &profile)) return 0;
  if (profile != profile_index) return 1;
  /* one "name=shape" per line; metadata may hold several joined by ", " */
  const char *p = val;
  while (*p) {
    const char *end = strstr(p, ", ");
    while (end) { /* a ", " that is followed by another "name=" ends this item */
      const char *nx = end + 2, *eq = strchr(nx, '='), *nc = strstr(nx, ", ");
      if (eq && (!nc || eq < nc)) break;
      end = nc;
    }
    size_t n = end ? (size_t)(end - p) : strlen(p);
    const char *eq = NULL;
    for (size_t i = 0; i < n; i++)
      if (p[i] == '=') eq = p + i; /* the last '=': shapes have none */
    if (eq) {
      const char *d = eq + 1, *de = p + n;
      size_t nl = (size_t)(eq - p);
      if (inference) {
        S_set(s, p, nl, S_INF, d, (size_t)(de - d));
      } else {
        const char *a = memchr(d, '+', (size_t)(de - d));
        const char *b = a ? memchr(a + 1, '+', (size_t)(de - a - 1)) : NULL;
        if (a && b) {
          S_set(s, p, nl, S_MIN, d, (size_t)(a - d));
          S_set(s, p, nl, S_OPT, a + 1, (size_t)(b - a - 1));
          S_set(s, p, nl, S_MAX, b + 1, (size_t)(de - b - 1));
        } else { /* one shape: min = opt = max */
          S_set(s, p, nl, S_MIN, d, (size_t)(de - d));
          S_set(s, p, nl, S_OPT, d, (size_t)(de - d));
          S_set(s, p, nl, S_MAX, d, (size_t)(de - d));
        }
      }
    }
    p += n;
    if (*p) p += 2;
  }
  return 1;
}

/* "name:1x3,other:4x5" (a quoted name may hold ':' and ','). */
static void S_cmd_list(ec_input_shapes *s, int k, const char *v, size_t n) {
  size_t i = 0;
  while (i < n) {
    size_t start = i;
    char q = 0;
    size_t colon = (size_t)-1;
    for (; i < n; i++) {
      char c = v[i];
      if (q) {
        if (c == q) q = 0;
        continue;
      }
      if (c == '\'' || c == '"') q = c;
      else if (c == ':') colon = i;
      else if (c == ',') break;
    }
    if (colon != (size_t)-1 && colon > start) S_set(s, v + start, colon - start, k, v + colon + 1, i - colon - 1);
    i++;
  }
}

void ec_input_shapes_cmdline(ec_input_shapes *s, const char *cmd, int profile_index) {
  static const struct {
    const char *flag;
    int k;
  } flags[] = {{"--minShapes=", S_MIN}, {"--optShapes=", S_OPT}, {"--maxShapes=", S_MAX}, {"--shapes=", S_INF}};
  for (size_t f = 0; f < sizeof flags / sizeof flags[0]; f++) {
    size_t fl = strlen(flags[f].flag);
    int seen = 0;
    for (const char *p = strstr(cmd, flags[f].flag); p; p = strstr(p + fl, flags[f].flag)) {
      if (p != cmd && p[-1] != ' ') continue;
      if (seen++ != profile_index) continue; /* the N-th set of shapes is profile N-1 */
      const char *v = p + fl, *e = v;
      char q = 0;
      while (*e && (q || *e != ' ')) {
        if (q && *e == q) q = 0;
        else if (!q && (*e == '\'' || *e == '"')) q = *e;
        e++;
      }
      S_cmd_list(s, flags[f].k, v, (size_t)(e - v));
    }
  }
}

static void S_fill(ec_dims *dst, const ec_dims *src) {
  if (dst->v || !src->v) return;
  dst->v = ec_malloc((size_t)src->n * sizeof *dst->v);
  memcpy(dst->v, src->v, (size_t)src->n * sizeof *dst->v);
  dst->n = src->n;
}

void ec_input_shapes_merge(ec_input_shapes *dst, const ec_input_shapes *src) {
  for (size_t i = 0; i < src->n; i++) {
    const ec_input_shape *a = &src->v[i];
    ec_input_shape *b = ec_input_shapes_get(dst, a->name, strlen(a->name));
    S_fill(&b->min, &a->min);
    S_fill(&b->opt, &a->opt);
    S_fill(&b->max, &a->max);
    S_fill(&b->inference, &a->inference);
  }
}

void ec_input_shapes_from_kvs(ec_input_shapes *s, const ec_kvs *k, int profile_index) {
  for (size_t i = 0; i < k->n; i++) ec_input_shapes_option(s, k->v[i].key, k->v[i].val, profile_index);
}
