#include "view/phrase.h"
#include "words/words.h"
#include "facts/layer_kind.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *ec_phrase_peak(char *buf, size_t cap, const ec_peak_choice *p) {
  if (p->how == EC_PEAK_EXCEEDED)
    snprintf(buf, cap, "above every peak !");
  else if (p->how == EC_PEAK_UNPUBLISHED)
    snprintf(buf, cap, "rate not published ?");
  else if (!isfinite(p->flops))
    snprintf(buf, cap, EC_NA);
  else
    snprintf(buf, cap, "%s %" EC_TFLOPS_G "%s", ec_math_label(p->math), p->flops / 1e12,
             p->how == EC_PEAK_RAISED ? " *" : p->how == EC_PEAK_FALLBACK ? " (fallback)" : "");
  return buf;
}

void ec_phrase_dropped(ec_buf *b, const ec_engine *e) {
  const struct { size_t n; const char *what; } c[] = {
      {e->n_noop, "NoOp"}, {e->n_constant, "Constant"}, {e->n_shape_call, "shape_call"}, {e->n_signal_wait, "signal/wait"}};
  size_t k = 0, total = 0;
  for (size_t i = 0; i < 4; i++) k += c[i].n != 0, total += c[i].n;
  size_t done = 0;
  for (size_t i = 0; i < 4; i++) {
    if (!c[i].n) continue;
    done++;
    ec_buf_printf(b, "%s%zu %s", done == 1 ? "" : done == k ? " and " : ", ", c[i].n, c[i].what);
  }
  if (k) ec_buf_printf(b, " layer%s", ec_plural(total, "", "s"));
}

void ec_phrase_internal(ec_buf *b, const ec_engine *e) {
  if (!e->n_internal) return;
  ec_buf_printf(b, "%zu engine-internal layer%s (Myelin's L2-cache policy: no layer of the network), not counted",
                e->n_internal, ec_plural(e->n_internal, "", "s"));
}

void ec_phrase_weights(ec_buf *b, const ec_summary *s, const char *extra, const char *why) {
  char buf[32], gap[128];
  if (!s->weights_stated) {
    ec_phrase_bytes_total(b, s->weights_bytes, extra, s->nums.weights_known, s->nums.n, why,
                          ec_phrase_weights_gap(gap, sizeof gap, &s->nums));
    return;
  }
  ec_buf_printf(b, "%s (%s", ec_fmt_bytes(buf, sizeof buf, s->weights_bytes), s->weights_stated);
  if (isfinite(s->weights_layers_bytes)) {
    ec_buf_puts(b, "; the layer information gives ");
    ec_phrase_total_part(b, s->weights_layers_bytes, s->nums.weights_known, s->nums.n);
  } else {
    ec_buf_puts(b, "; the layer information describes no weights");
  }
  ec_buf_puts(b, ")");
}

void ec_phrase_aux_caveat(ec_buf *b, const ec_engine *e) {
  if (e->aux_streams <= 0 && !e->layer_sum_caveat) return;
  if (e->aux_streams > 0)
    ec_buf_printf(b, "the engine runs layers on %ld auxiliary stream%s, so layers overlap and their sum can exceed "
                  "the time the engine takes", e->aux_streams, ec_plural((size_t)e->aux_streams, "", "s"));
  else
    ec_buf_puts(b, "layers on auxiliary streams overlap, so their sum can exceed the time the engine takes");
  if (e->layer_sum_caveat) ec_buf_puts(b, " (trtexec warns its \"Total\" may not be accurate)");
}

void ec_phrase_dla(ec_buf *b, const ec_engine *e) {
  if (!ec_engine_runs_dla(e)) return;
  const char *core = ec_kvs_get(&e->system_options, "DLACore");
  const char *fb = ec_kvs_get(&e->build_options, "Allow GPU fallback for DLA");
  const char *ws = ec_kvs_get(&e->system_options, "DLA Workspace Allocation Strategy");
  ec_buf_printf(b, "core %s", core && *core ? core : EC_NA);
  if (fb) ec_buf_printf(b, "; GPU fallback %s", fb);
  if (ws) ec_buf_printf(b, "; workspace allocation %s", ws);
}

void ec_phrase_total_part(ec_buf *b, double v, size_t known, size_t n) {
  char buf[32];
  ec_buf_printf(b, "%s known for %zu of %zu %s only", ec_fmt_bytes(buf, sizeof buf, v), known, n,
                ec_plural(n, "layer", "layers"));
}

void ec_phrase_bytes_total(ec_buf *b, double v, const char *extra, size_t known, size_t n, const char *why,
                        const char *gap) {
  char buf[32];
  if (!isfinite(v)) {
    ec_buf_printf(b, EC_NA " (%s)", why);
  } else if (ec_total_is_whole(known, n)) {
    ec_buf_printf(b, "%s%s", ec_fmt_bytes(buf, sizeof buf, v), extra ? extra : "");
  } else {
    ec_buf_puts(b, EC_NA " (");
    ec_phrase_total_part(b, v, known, n);
    if (gap) ec_buf_printf(b, "; %s", gap);
    ec_buf_puts(b, ")");
  }
}

const char *ec_phrase_weights_gap(char *buf, size_t cap, const ec_numbers *n) {
  if (!n->weights_hidden) return NULL;
  snprintf(buf, cap, "the weights of %zu Myelin GEMM%s are not in the layer information", n->weights_hidden,
           ec_plural(n->weights_hidden, "", "s"));
  return buf;
}

void ec_phrase_known(ec_buf *b, const ec_numbers *n) {
  size_t unlisted = n->n - n->weights_known - n->weights_hidden;
  if (n->weights_known < n->n) {
    ec_buf_printf(b, "Weights are known for %zu of %zu %s (", n->weights_known, n->n,
                  ec_plural(n->n, "layer", "layers"));
    if (n->weights_hidden)
      ec_buf_printf(b, "%zu GEMM%s whose weights Myelin folded into its program%s", n->weights_hidden,
                    ec_plural(n->weights_hidden, "", "s"), unlisted ? "; " : "");
    if (unlisted)
      ec_buf_puts(b, n->weights_hidden ? "the rest's source lists no weights: names-only layer information or a "
                                         "log's layer listing"
                                       : "the others' source lists no weights: names-only layer information or a "
                                         "log's layer listing");
    ec_buf_puts(b, "). ");
  }
  if (n->io_known < n->n)
    ec_buf_printf(b, "I/O is known for %zu of %zu %s (the others have dynamic (-1) or unsized tensors, or "
                     "none described). ",
                  n->io_known, n->n, ec_plural(n->n, "layer", "layers"));
  if (b->len && b->data[b->len - 1] == ' ') b->data[--b->len] = '\0';
}

/* "1x3x224x224" at buf[*off]; -1 dims print as -1 (dynamic). */
static void S_shape(char *buf, size_t cap, size_t *off, const ec_dims *d) {
  for (int i = 0; i < d->n && *off < cap; i++) {
    int w = snprintf(buf + *off, cap - *off, "%s%lld", i ? "x" : "", (long long)d->v[i]);
    if (w < 0) return;
    *off += (size_t)w;
  }
}

char *ec_phrase_input_shape(char *buf, size_t cap, const ec_input_shape *x) {
  static const char *const names[] = {"min", "opt", "max", "inference"};
  const ec_dims *d[] = {&x->min, &x->opt, &x->max, &x->inference};
  size_t off = 0;
  if (cap) buf[0] = '\0';
  for (int k = 0; k < 4 && cap; k++) {
    if (!d[k]->v || off >= cap) continue;
    int w = snprintf(buf + off, cap - off, "%s%s ", off ? (k == 3 ? "; " : ", ") : "", names[k]);
    if (w < 0) break;
    off += (size_t)w;
    S_shape(buf, cap, &off, d[k]);
  }
  if (cap && !off) snprintf(buf, cap, EC_NA);
  return buf;
}
