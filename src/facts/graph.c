/* graph — see graph.h. */
#include "facts/graph.h"
#include "facts/flow.h"
#include "facts/layer_kind.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "util/map.h"
#include "words/words.h"
#include <regex.h>
#include <stdlib.h>
#include <string.h>

static size_t S_add_node(ec_graph *g, ec_gnode_kind k, size_t ref) {
  ec_gnode *n = EC_PUSH(g->nodes, g->n_nodes, g->cap_nodes);
  memset(n, 0, sizeof *n);
  n->kind = k;
  n->ref = ref;
  return g->n_nodes - 1;
}

static void S_add_edge(ec_graph *g, size_t from, size_t to, const ec_tensor *t, size_t nref, size_t ntens) {
  ec_gedge *d = EC_PUSH(g->edges, g->n_edges, g->cap_edges);
  d->from = from;
  d->to = to;
  d->t = t;
  d->n_reformats = nref;
  d->n_tensors = ntens ? ntens : 1;
}

static int S_edge_cmp(const void *a, const void *b) {
  const ec_gedge *x = a, *y = b;
  if (x->from != y->from) return x->from < y->from ? -1 : 1;
  if (x->to != y->to) return x->to < y->to ? -1 : 1;
  return 0;
}

/* Merge edges with the same (from, to); drop self-loops. qsort is not
 * stable, so the kept tensor is the one with the fewest folded reformats. */
static void S_dedupe(ec_graph *g) {
  if (!g->n_edges) return;
  qsort(g->edges, g->n_edges, sizeof *g->edges, S_edge_cmp);
  size_t w = 0;
  for (size_t i = 0; i < g->n_edges; i++) {
    ec_gedge *d = &g->edges[i];
    if (d->from == d->to) continue;
    if (w && g->edges[w - 1].from == d->from && g->edges[w - 1].to == d->to) {
      ec_gedge *k = &g->edges[w - 1];
      k->n_tensors += d->n_tensors;
      if (d->n_reformats > k->n_reformats) k->n_reformats = d->n_reformats;
      if (!k->t) k->t = d->t;
      continue;
    }
    g->edges[w++] = *d;
  }
  g->n_edges = w;
}

ec_graph *ec_graph_build(const ec_engine *e, const ec_graph_opts *o) {
  ec_graph *g = ec_calloc(1, sizeof *g);
  g->e = e;
  for (size_t i = 0; i < e->n_layers; i++) {
    size_t k = S_add_node(g, EC_GN_LAYER, i);
    if (e->layers[i].has_profile) g->nodes[k].ms = e->layers[i].avg_ms;
  }
  g->n_layers = e->n_layers;
  if (o && o->hot_order)
    for (size_t r = 0; r < o->n_hot && r < e->n_layers; r++)
      if (o->hot_order[r] < e->n_layers) g->nodes[o->hot_order[r]].hot = (int)r + 1;

  ec_map prod = {0}, bnode = {0};
  for (size_t h = 0; h < e->n_hidden; h++) {
    const ec_layer *c = &e->hidden[h];
    if (!c->layer_type || strcmp(c->layer_type, "Constant")) continue;
    if (!o || !o->constants) {
      g->n_constants_hidden++;
      continue;
    }
    size_t k = S_add_node(g, EC_GN_CONSTANT, h);
    for (size_t j = 0; j < c->n_out; j++) ec_map_put(&prod, c->out[j].name, c->out[j].name_len, k);
  }
  /* who a reader reads is facts/flow's answer (lint's too): the latest
   * earlier writer of its tensor (an in-place layer that reads and writes
   * one tensor sits between them); without one, a drawn Constant, else an
   * input binding, else the last writer when every writer comes later (a
   * graph listed out of order) */
  ec_flow f;
  ec_flow_build(e, &f);
  for (size_t i = 0; i < e->n_layers; i++) {
    const ec_layer *l = &e->layers[i];
    for (size_t j = 0; j < l->n_in; j++) {
      const ec_tensor *t = &l->in[j];
      const ec_binding *b;
      size_t p;
      long w = ec_flow_writer(&f, i, j);
      if (w >= 0 && (size_t)w < i) {
        S_add_edge(g, (size_t)w, i, t, 0, 1);
      } else if (ec_map_get(&prod, t->name, t->name_len, &p)) {
        S_add_edge(g, p, i, t, 0, 1);
      } else if ((b = ec_engine_binding(e, t->name, t->name_len)) && b->dir == EC_BIND_INPUT) {
        if (!ec_map_get(&bnode, b->t.name, b->t.name_len, &p)) {
          p = S_add_node(g, EC_GN_INPUT, (size_t)(b - e->bindings));
          ec_map_put(&bnode, b->t.name, b->t.name_len, p);
        }
        S_add_edge(g, p, i, t, 0, 1);
      } else if (w >= 0) {
        S_add_edge(g, (size_t)w, i, t, 0, 1);
      }
    }
  }
  /* the engine's bindings by direction (outputs from their last writer,
   * even when later layers also read them); inputs no layer reads are
   * shown unconnected; bindings of unknown direction are not drawn */
  for (size_t bi = 0; bi < e->n_bindings; bi++) {
    const ec_binding *b = &e->bindings[bi];
    size_t p, q;
    if (b->dir == EC_BIND_INPUT) {
      if (!ec_map_get(&bnode, b->t.name, b->t.name_len, &q)) S_add_node(g, EC_GN_INPUT, bi);
    } else if (b->dir == EC_BIND_OUTPUT) {
      q = S_add_node(g, EC_GN_OUTPUT, bi);
      long w = ec_flow_last_writer(&f, &b->t);
      if (w >= 0) S_add_edge(g, (size_t)w, q, b->described ? &b->t : NULL, 0, 1);
      else if (ec_map_get(&prod, b->t.name, b->t.name_len, &p)) S_add_edge(g, p, q, b->described ? &b->t : NULL, 0, 1);
    } else {
      g->n_bindings_undrawn++;
    }
  }
  ec_flow_free(&f);
  ec_map_free(&prod);
  ec_map_free(&bnode);
  S_dedupe(g);
  return g;
}

static void S_node_clear(ec_gnode *n) {
  free(n->members);
  free(n->title);
  n->members = NULL;
  n->title = NULL;
}

void ec_graph_free(ec_graph *g) {
  if (!g) return;
  for (size_t i = 0; i < g->n_nodes; i++) S_node_clear(&g->nodes[i]);
  free(g->nodes);
  free(g->edges);
  free(g);
}

ec_graph *ec_graph_copy(const ec_graph *g) {
  ec_graph *c = ec_malloc(sizeof *c);
  *c = *g;
  c->cap_nodes = g->n_nodes ? g->n_nodes : 1;
  c->cap_edges = g->n_edges ? g->n_edges : 1;
  c->nodes = ec_malloc(c->cap_nodes * sizeof *c->nodes);
  c->edges = ec_malloc(c->cap_edges * sizeof *c->edges);
  if (g->n_nodes) memcpy(c->nodes, g->nodes, g->n_nodes * sizeof *c->nodes);
  if (g->n_edges) memcpy(c->edges, g->edges, g->n_edges * sizeof *c->edges);
  for (size_t i = 0; i < g->n_nodes; i++) {
    ec_gnode *n = &c->nodes[i];
    if (n->members) {
      size_t *m = ec_malloc((n->n_members ? n->n_members : 1) * sizeof *m);
      memcpy(m, n->members, n->n_members * sizeof *m);
      n->members = m;
    }
    if (n->title) n->title = ec_strdup(n->title);
  }
  return c;
}

static size_t S_node_layers(const ec_gnode *n) {
  return n->kind == EC_GN_LAYER ? 1 : n->kind == EC_GN_GROUP ? n->n_members : 0;
}

/* Keep the nodes with keep[i] set (in order) and the edges between them.
 * Layers in dropped nodes count as dropped when count_dropped. */
static void S_keep(ec_graph *g, const unsigned char *keep, int count_dropped) {
  size_t *map = ec_malloc((g->n_nodes ? g->n_nodes : 1) * sizeof *map);
  size_t w = 0;
  for (size_t i = 0; i < g->n_nodes; i++) {
    if (keep[i]) {
      map[i] = w;
      g->nodes[w++] = g->nodes[i];
    } else {
      map[i] = (size_t)-1;
      size_t nl = S_node_layers(&g->nodes[i]);
      g->n_layers -= nl;
      if (count_dropped) g->n_dropped += nl;
      S_node_clear(&g->nodes[i]);
    }
  }
  g->n_nodes = w;
  size_t we = 0;
  for (size_t i = 0; i < g->n_edges; i++) {
    ec_gedge d = g->edges[i];
    if (map[d.from] == (size_t)-1 || map[d.to] == (size_t)-1) continue;
    d.from = map[d.from];
    d.to = map[d.to];
    g->edges[we++] = d;
  }
  g->n_edges = we;
  free(map);
}

/* Mark every node within radius undirected steps of a seed. */
static void S_widen(const ec_graph *g, unsigned char *mark, size_t radius) {
  size_t n = g->n_nodes;
  if (!n) return;
  /* undirected adjacency in CSR form */
  size_t *deg = ec_calloc(n + 1, sizeof *deg);
  for (size_t i = 0; i < g->n_edges; i++) {
    deg[g->edges[i].from + 1]++;
    deg[g->edges[i].to + 1]++;
  }
  for (size_t i = 0; i < n; i++) deg[i + 1] += deg[i];
  size_t *adj = ec_malloc((2 * g->n_edges + 1) * sizeof *adj);
  size_t *fill = ec_malloc(n * sizeof *fill);
  memcpy(fill, deg, n * sizeof *fill);
  for (size_t i = 0; i < g->n_edges; i++) {
    adj[fill[g->edges[i].from]++] = g->edges[i].to;
    adj[fill[g->edges[i].to]++] = g->edges[i].from;
  }
  size_t *front = ec_malloc(n * sizeof *front), *next = ec_malloc(n * sizeof *next);
  size_t nf = 0, nn;
  for (size_t i = 0; i < n; i++)
    if (mark[i]) front[nf++] = i;
  for (size_t r = 0; r < radius && nf; r++) {
    nn = 0;
    for (size_t k = 0; k < nf; k++)
      for (size_t a = deg[front[k]]; a < deg[front[k] + 1]; a++)
        if (!mark[adj[a]]) {
          mark[adj[a]] = 1;
          next[nn++] = adj[a];
        }
    size_t *t = front;
    front = next;
    next = t;
    nf = nn;
  }
  free(front);
  free(next);
  free(fill);
  free(adj);
  free(deg);
}

const char *ec_gnode_name(const ec_graph *g, const ec_gnode *n, size_t *len) {
  const char *s = "";
  size_t l = 0;
  switch (n->kind) {
  case EC_GN_LAYER:
    s = g->e->layers[n->ref].name;
    l = g->e->layers[n->ref].name_len;
    break;
  case EC_GN_INPUT:
  case EC_GN_OUTPUT:
    s = g->e->bindings[n->ref].t.name;
    l = g->e->bindings[n->ref].t.name_len;
    break;
  case EC_GN_CONSTANT:
    s = g->e->hidden[n->ref].name;
    l = g->e->hidden[n->ref].name_len;
    break;
  case EC_GN_GROUP:
    s = n->title ? n->title : "";
    l = strlen(s);
    break;
  }
  if (len) *len = l;
  return s ? s : "";
}

long ec_graph_query(ec_graph *g, const char *re, size_t radius, char **err) {
  regex_t rx;
  int rc = regcomp(&rx, re, REG_EXTENDED | REG_NOSUB);
  if (rc) {
    char msg[256];
    regerror(rc, &rx, msg, sizeof msg);
    if (err) *err = ec_asprintf("bad regular expression \"%s\": %s", re, msg);
    return -1;
  }
  unsigned char *mark = ec_calloc(g->n_nodes ? g->n_nodes : 1, 1);
  long hits = 0;
  for (size_t i = 0; i < g->n_nodes; i++) {
    const ec_gnode *n = &g->nodes[i];
    int m = 0;
    if (n->kind == EC_GN_GROUP) {
      for (size_t k = 0; k < n->n_members && !m; k++) m = !regexec(&rx, g->e->layers[n->members[k]].name, 0, NULL, 0);
    } else {
      m = !regexec(&rx, ec_gnode_name(g, n, NULL), 0, NULL, 0);
    }
    if (m) {
      mark[i] = 1;
      hits++;
    }
  }
  regfree(&rx);
  g->n_matched = (size_t)hits;
  S_widen(g, mark, radius);
  S_keep(g, mark, 1);
  free(mark);
  return hits;
}

void ec_graph_near_layers(ec_graph *g, const size_t *layers, size_t n, size_t radius) {
  unsigned char *mark = ec_calloc(g->n_nodes ? g->n_nodes : 1, 1);
  /* the seeds as a set over layer indices: nodes x seeds was quadratic
   * when every layer is a seed */
  size_t nl = g->e->n_layers;
  unsigned char *seed = ec_calloc(nl ? nl : 1, 1);
  for (size_t k = 0; k < n; k++)
    if (layers[k] < nl) seed[layers[k]] = 1;
  size_t hits = 0;
  for (size_t i = 0; i < g->n_nodes; i++)
    if (g->nodes[i].kind == EC_GN_LAYER && g->nodes[i].ref < nl && seed[g->nodes[i].ref]) {
      mark[i] = 1;
      hits++;
    }
  free(seed);
  g->n_matched = hits;
  S_widen(g, mark, radius);
  S_keep(g, mark, 1);
  free(mark);
}

/* ---- simplification ---------------------------------------------------- */

static void S_fold_reformats(ec_graph *g) {
  size_t n = g->n_nodes;
  size_t *indeg = ec_calloc(n ? n : 1, sizeof *indeg), *pred = ec_malloc((n ? n : 1) * sizeof *pred);
  for (size_t i = 0; i < g->n_edges; i++) {
    indeg[g->edges[i].to]++;
    pred[g->edges[i].to] = g->edges[i].from;
  }
  unsigned char *fold = ec_calloc(n ? n : 1, 1);
  size_t nfold = 0;
  for (size_t i = 0; i < n; i++) {
    const ec_gnode *d = &g->nodes[i];
    if (d->kind == EC_GN_LAYER && !d->hot && indeg[i] == 1 && ec_layer_is_reformat(&g->e->layers[d->ref])) {
      fold[i] = 1;
      nfold++;
    }
  }
  if (!nfold) {
    free(indeg);
    free(pred);
    free(fold);
    return;
  }
  /* rep: the first unfolded node up the chain; depth: reformats passed.
   * A folded layer's producer is an earlier layer (or a binding), so one
   * pass in node order sees every chain from its start. */
  size_t *rep = ec_malloc(n * sizeof *rep), *depth = ec_calloc(n, sizeof *depth);
  for (size_t i = 0; i < n; i++) {
    rep[i] = (size_t)-1;
    if (!fold[i]) continue;
    size_t p = pred[i];
    if (!fold[p]) {
      rep[i] = p;
      depth[i] = 1;
    } else if (p < i && rep[p] != (size_t)-1) {
      rep[i] = rep[p];
      depth[i] = depth[p] + 1;
    }
  }
  size_t w = 0;
  for (size_t i = 0; i < g->n_edges; i++) {
    ec_gedge d = g->edges[i];
    if (fold[d.to]) continue;
    if (fold[d.from]) {
      if (rep[d.from] == (size_t)-1) continue;
      d.n_reformats += depth[d.from];
      d.from = rep[d.from];
    }
    g->edges[w++] = d;
  }
  g->n_edges = w;
  for (size_t i = 0; i < n; i++) fold[i] = !fold[i];
  S_keep(g, fold, 0);
  g->n_reformats_folded += nfold;
  S_dedupe(g);
  free(rep);
  free(depth);
  free(indeg);
  free(pred);
  free(fold);
}

/* The ONNX scope of a layer name at depth levels: "/a/b/c/Op + /a/b/d/Op2"
 * at depth 2 is "/a/b". Names that are not "/"-paths have no scope (0). */
static size_t S_scope(const char *s, size_t n, int depth) {
  const char *plus = NULL;
  for (size_t i = 0; i + 3 <= n; i++)
    if (s[i] == ' ' && s[i + 1] == '+' && s[i + 2] == ' ') {
      plus = s + i;
      break;
    }
  if (plus) n = (size_t)(plus - s);
  if (n < 2 || s[0] != '/') return 0;
  size_t last = 0; /* end of the last complete scope level */
  int lv = 0;
  for (size_t i = 1; i < n; i++)
    if (s[i] == '/') {
      last = i;
      if (++lv == depth) break;
    }
  return last;
}

typedef struct {
  const char *key;
  size_t len;
} S_key;

static int S_same(S_key a, S_key b) { return a.key && b.key && a.len == b.len && !memcmp(a.key, b.key, a.len); }

/* Scope keys of the layer nodes at depth (0: none); unscoped layers take
 * the previous layer's key. Returns the number of runs of equal keys. */
static size_t S_runs(const ec_graph *g, const size_t *lay, size_t nl, int depth, S_key *keys) {
  size_t runs = 0;
  S_key prev = {NULL, 0};
  for (size_t i = 0; i < nl; i++) {
    const ec_layer *l = &g->e->layers[g->nodes[lay[i]].ref];
    size_t kl = depth ? S_scope(l->name, l->name_len, depth) : 0;
    S_key k = kl ? (S_key){l->name, kl} : prev;
    if (!i || !S_same(k, prev)) runs++;
    keys[i] = k;
    prev = k;
  }
  return runs;
}

/* Group the layer nodes into at most budget minus the other nodes. With
 * folded binding leaves to come (S_fold_bindings), those leaves do not
 * count and each group keeps room for one folded input and one folded
 * output node beside it. */
static void S_group(ec_graph *g, size_t budget, size_t leaves) {
  size_t nl = 0;
  for (size_t i = 0; i < g->n_nodes; i++) nl += g->nodes[i].kind == EC_GN_LAYER;
  if (nl < 2) return;
  size_t other = g->n_nodes - nl, kept = other - leaves;
  size_t room = budget > kept + 1 ? budget - kept : 1;
  if (leaves) room = room / 3 > 1 ? room / 3 : 1;
  size_t *lay = ec_malloc(nl * sizeof *lay);
  for (size_t i = 0, k = 0; i < g->n_nodes; i++)
    if (g->nodes[i].kind == EC_GN_LAYER) lay[k++] = i;
  S_key *keys = ec_calloc(nl, sizeof *keys);
  /* the deepest scope level whose runs fit; when that is much coarser than
   * the budget allows (say 5 blocks for 20,000 layers), take the next finer
   * level and put a fixed number of its consecutive runs in each block */
  size_t runs_at[10] = {0};
  int depth = 0, scoped = 0;
  for (int d = 8; d >= 1; d--) {
    runs_at[d] = S_runs(g, lay, nl, d, keys);
    if (runs_at[d] < nl) scoped = 1;
    if (runs_at[d] <= room && runs_at[d] < nl) {
      depth = d;
      break;
    }
  }
  int level = depth;
  size_t chunk = 1;
  if (!depth || runs_at[depth] < room / 4) {
    level = !scoped ? 0 : depth ? depth + 1 : 1;
    if (level > 8) level = 8;
    size_t r = level ? S_runs(g, lay, nl, level, keys) : nl;
    chunk = (r + room - 1) / room;
    if (chunk < 2) chunk = 2;
  }
  /* run id per layer node */
  size_t *run = ec_malloc(nl * sizeof *run), nruns = 0;
  if (level) {
    S_runs(g, lay, nl, level, keys);
    for (size_t i = 0; i < nl; i++) run[i] = (i && S_same(keys[i], keys[i - 1])) ? run[i - 1] : nruns++;
  } else {
    for (size_t i = 0; i < nl; i++) run[i] = i;
    nruns = nl;
  }
  if (chunk > 1) {
    for (size_t i = 0; i < nl; i++) run[i] /= chunk;
    nruns = (nruns + chunk - 1) / chunk;
  }
  /* new nodes: the runs in order, then everything else */
  size_t *map = ec_malloc(g->n_nodes * sizeof *map);
  ec_gnode *nodes = ec_calloc(nruns + other + 1, sizeof *nodes);
  size_t w = 0;
  for (size_t i = 0; i < nl;) {
    size_t j = i;
    while (j < nl && run[j] == run[i]) j++;
    if (j - i == 1) {
      nodes[w] = g->nodes[lay[i]];
      map[lay[i]] = w++;
    } else {
      ec_gnode *d = &nodes[w];
      d->kind = EC_GN_GROUP;
      d->n_members = j - i;
      d->members = ec_malloc(d->n_members * sizeof *d->members);
      for (size_t k = i; k < j; k++) {
        const ec_gnode *s = &g->nodes[lay[k]];
        d->members[k - i] = s->ref;
        d->ms += s->ms;
        if (s->hot && (!d->hot || s->hot < d->hot)) d->hot = s->hot;
        map[lay[k]] = w;
      }
      d->ref = d->members[0];
      if (level && keys[i].key && S_same(keys[i], keys[j - 1]))
        d->title = ec_strndup(keys[i].key, keys[i].len);
      else if (level && keys[i].key && keys[j - 1].key)
        d->title = ec_asprintf("%.*s \xE2\x80\x93 %.*s", (int)keys[i].len, keys[i].key, (int)keys[j - 1].len, keys[j - 1].key);
      else
        d->title = ec_asprintf("layers %zu\xE2\x80\x93%zu", d->members[0], d->members[d->n_members - 1]);
      g->n_grouped += d->n_members;
      g->n_groups++;
      w++;
    }
    i = j;
  }
  for (size_t i = 0; i < g->n_nodes; i++)
    if (g->nodes[i].kind != EC_GN_LAYER) {
      nodes[w] = g->nodes[i];
      map[i] = w++;
    }
  free(g->nodes);
  g->nodes = nodes;
  g->n_nodes = w;
  g->cap_nodes = nruns + other + 1;
  for (size_t i = 0; i < g->n_edges; i++) {
    g->edges[i].from = map[g->edges[i].from];
    g->edges[i].to = map[g->edges[i].to];
  }
  S_dedupe(g);
  g->group_depth = level;
  g->group_chunk = chunk;
  free(map);
  free(run);
  free(keys);
  free(lay);
}

/* Replace each input node with more than max readers by one copy per
 * reader (the copy keeps the binding; the edge keeps its tensor). */
static void S_split_fanout(ec_graph *g, size_t max) {
  size_t n = g->n_nodes;
  size_t *outdeg = ec_calloc(n ? n : 1, sizeof *outdeg);
  for (size_t i = 0; i < g->n_edges; i++) outdeg[g->edges[i].from]++;
  size_t split = 0;
  for (size_t i = 0; i < n; i++)
    if (g->nodes[i].kind == EC_GN_INPUT && outdeg[i] > max) split++;
  if (!split) {
    free(outdeg);
    return;
  }
  for (size_t i = 0; i < g->n_edges; i++) {
    size_t f = g->edges[i].from;
    if (g->nodes[f].kind != EC_GN_INPUT || outdeg[f] <= max) continue;
    if (!g->nodes[f].copy) {
      g->nodes[f].copy = 1; /* the first reader keeps the original node */
      g->n_input_copies++;
      continue;
    }
    ec_gnode c = g->nodes[f];
    size_t k = S_add_node(g, EC_GN_INPUT, c.ref);
    g->nodes[k].copy = 1;
    g->edges[i].from = k;
    g->n_input_copies++;
  }
  g->n_split_inputs += split;
  free(outdeg);
}

/* Binding nodes that touch at most one other node: an input read by one
 * node (or by none), an output written by one node (or by none). Writes
 * each leaf's neighbour into nb (n_nodes: none) when nb is not NULL. */
static size_t S_binding_leaves(const ec_graph *g, size_t *nb) {
  size_t n = g->n_nodes, leaves = 0;
  size_t *deg = ec_calloc(n ? n : 1, sizeof *deg);
  if (nb)
    for (size_t i = 0; i < n; i++) nb[i] = n;
  for (size_t i = 0; i < g->n_edges; i++) {
    const ec_gedge *d = &g->edges[i];
    deg[d->from]++;
    deg[d->to]++;
    if (nb) {
      nb[d->from] = d->to;
      nb[d->to] = d->from;
    }
  }
  for (size_t i = 0; i < n; i++) {
    ec_gnode_kind k = g->nodes[i].kind;
    if ((k == EC_GN_INPUT || k == EC_GN_OUTPUT) && deg[i] <= 1) {
      leaves++;
    } else if (nb) {
      nb[i] = (size_t)-1; /* not a leaf */
    }
  }
  free(deg);
  return leaves;
}

/* Fold the binding leaves that share a neighbour and a direction into one
 * node beside it ("12 inputs"): an engine with thousands of bindings kept
 * one node each whatever the budget (55,315 nodes for a 100,000-layer
 * engine with a binding per layer, whose layout never finished). Inputs
 * and outputs no layer touches fold into one node each. */
static void S_fold_bindings(ec_graph *g) {
  size_t n = g->n_nodes;
  size_t *nb = ec_malloc((n ? n : 1) * sizeof *nb);
  S_binding_leaves(g, nb);
  /* rep[2 * neighbour + output]: the first leaf of the set; cnt: its size */
  size_t *rep = ec_malloc((2 * n + 2) * sizeof *rep), *cnt = ec_calloc(2 * n + 2, sizeof *cnt);
  for (size_t i = 0; i < 2 * n + 2; i++) rep[i] = (size_t)-1;
  for (size_t i = 0; i < n; i++) {
    if (nb[i] == (size_t)-1) continue;
    size_t k = 2 * nb[i] + (g->nodes[i].kind == EC_GN_OUTPUT);
    if (rep[k] == (size_t)-1) rep[k] = i;
    cnt[k]++;
  }
  size_t *to = ec_malloc((n ? n : 1) * sizeof *to); /* node -> the node it folds into */
  unsigned char *keep = ec_malloc(n ? n : 1);
  for (size_t i = 0; i < n; i++) {
    to[i] = i;
    keep[i] = 1;
  }
  for (size_t k = 0; k < 2 * n + 2; k++) {
    if (cnt[k] < 2) continue;
    ec_gnode *r = &g->nodes[rep[k]];
    r->members = ec_malloc(cnt[k] * sizeof *r->members);
    g->n_binding_folds++;
  }
  for (size_t i = 0; i < n; i++) {
    if (nb[i] == (size_t)-1) continue;
    size_t k = 2 * nb[i] + (g->nodes[i].kind == EC_GN_OUTPUT);
    if (cnt[k] < 2) continue;
    ec_gnode *r = &g->nodes[rep[k]];
    r->members[r->n_members++] = g->nodes[i].ref;
    g->n_bindings_folded++;
    to[i] = rep[k];
    keep[i] = i == rep[k];
  }
  for (size_t i = 0; i < g->n_edges; i++) {
    g->edges[i].from = to[g->edges[i].from];
    g->edges[i].to = to[g->edges[i].to];
  }
  S_keep(g, keep, 0);
  S_dedupe(g);
  free(keep);
  free(to);
  free(cnt);
  free(rep);
  free(nb);
}

void ec_graph_simplify(ec_graph *g, size_t budget) {
  if (!budget) return;
  if (g->n_nodes > budget) {
    S_fold_reformats(g);
    size_t leaves = S_binding_leaves(g, NULL);
    if (leaves <= budget / EC_GRAPH_BINDING_SHARE || g->n_nodes <= EC_GRAPH_SPLIT_MIN) leaves = 0;
    if (g->n_nodes - leaves > budget / (leaves ? 3 : 1)) S_group(g, budget, leaves);
    if (leaves) S_fold_bindings(g);
  }
  if (g->n_nodes > EC_GRAPH_SPLIT_MIN) S_split_fanout(g, EC_GRAPH_FANOUT_MAX);
}

char *ec_graph_folded_note(const ec_graph *g) {
  ec_buf b = {0};
  const char *sep = "";
  if (g->n_dropped) {
    ec_buf_printf(&b, "%zu %s outside the selection %s left out", g->n_dropped,
                  ec_plural(g->n_dropped, "layer", "layers"),
                  ec_plural(g->n_dropped, "is", "are"));
    sep = "; ";
  }
  if (g->n_reformats_folded) {
    ec_buf_printf(&b, "%s%zu Reformat %s folded into dashed edges", sep, g->n_reformats_folded,
                  ec_plural(g->n_reformats_folded, "layer is", "layers are"));
    sep = "; ";
  }
  if (g->n_groups) {
    if (g->group_depth && g->group_chunk > 1)
      ec_buf_printf(&b, "%s%zu %s grouped into %zu %s of up to %zu consecutive ONNX %s (the first %d level%s of their names)",
                    sep, g->n_grouped, ec_plural(g->n_grouped, "layer is",
                                                 "layers are"), g->n_groups, ec_plural(g->n_groups, "block",
                                                 "blocks"), g->group_chunk, ec_plural(g->group_chunk, "scope",
                                                 "scopes"), g->group_depth, ec_plural(g->group_depth, "", "s"));
    else if (g->group_depth)
      ec_buf_printf(&b, "%s%zu %s grouped into %zu %s by ONNX scope (the first %d level%s of their names)", sep,
                    g->n_grouped, ec_plural(g->n_grouped, "layer is", "layers are"), g->n_groups, ec_plural(g->n_groups,
                                            "block", "blocks"), g->group_depth, ec_plural(g->group_depth, "", "s"));
    else
      ec_buf_printf(&b, "%s%zu %s grouped into %zu %s of consecutive layers", sep, g->n_grouped,
                    ec_plural(g->n_grouped, "layer is", "layers are"), g->n_groups,
                    ec_plural(g->n_groups, "run", "runs"));
    sep = "; ";
  }
  if (g->n_binding_folds) {
    ec_buf_printf(&b, "%s%zu %s folded into %zu %s beside the nodes that read or write them", sep,
                  g->n_bindings_folded, ec_plural(g->n_bindings_folded, "binding is",
                                                  "bindings are"), g->n_binding_folds, ec_plural(g->n_binding_folds,
                                                  "node", "nodes"));
    sep = "; ";
  }
  if (g->n_split_inputs) {
    ec_buf_printf(&b, "%s%zu input%s read by more than %d %s %s drawn beside each reader (%zu %s)", sep,
                  g->n_split_inputs, ec_plural(g->n_split_inputs, "",
                                               "s"), EC_GRAPH_FANOUT_MAX, ec_plural(EC_GRAPH_FANOUT_MAX, "node",
                                               "nodes"),
                  ec_plural(g->n_split_inputs, "is", "are"), g->n_input_copies, ec_plural(g->n_input_copies, "copy",
                            "copies"));
    sep = "; ";
  }
  if (g->n_constants_hidden) {
    ec_buf_printf(&b, "%s%zu Constant %s hidden", sep, g->n_constants_hidden,
                  ec_plural(g->n_constants_hidden, "layer is", "layers are"));
    sep = "; ";
  }
  if (g->n_bindings_undrawn) {
    ec_buf_printf(&b, "%s%zu %s that no layer reads or writes %s not drawn", sep, g->n_bindings_undrawn,
                  ec_plural(g->n_bindings_undrawn, "binding", "bindings"), ec_plural(g->n_bindings_undrawn, "is",
                            "are"));
    sep = "; ";
  }
  if (!b.len) return NULL;
  ec_buf_putc(&b, '.');
  b.data[0] = (char)(b.data[0] >= 'a' && b.data[0] <= 'z' ? b.data[0] - 32 : b.data[0]);
  return ec_buf_take(&b);
}
