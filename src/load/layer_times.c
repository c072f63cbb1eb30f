/* layer_times — per-layer times from runtime profilers other than trtexec.
 *
 *   - Torch-TensorRT's profiler trace (*.trace): a Chrome trace, a JSON list
 *     of {"name", "ph": "X", "ts", "dur" (microseconds), "pid", "tid"} events
 *     (or an object whose "traceEvents" holds them), one per layer per
 *     iteration. Torch-TensorRT's own TRTEngineProfiler::dump_trace writes one
 *     event per layer holding the sum over every invocation; that is said.
 *     It writes the layer names unescaped, which the JSON repair handles.
 *   - an IProfiler sample map, {"layer name": [ms, ...]} (or [[ms, "time"],
 *     ...]), as Torch-TensorRT scripts save trt_layer_latency.json.
 * Each is read as a profile: per layer name (in first-seen order) the
 * average, median and count of its samples, their total, and its share of
 * the sum of all totals. A trace none of whose events names a layer of the
 * graph (Torch-TensorRT's other traces: input, output, enqueue, device
 * configuration) is not a layer profile and is not used. */
#include "load/internal.h"
#include "words/words.h"
#include "load/json.h"
#include "util/alloc.h"
#include "words/words.h"
#include "util/map.h"
#include "util/order.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct S_group {
  char *name; /* repaired (U+001E/U+001F -> '+') */
  size_t len;
  double *v;  /* samples in ms */
  size_t n, cap;
} S_group;

typedef struct S_groups {
  S_group *g;
  size_t n, cap;
  ec_map by_name;
  size_t dropped, other_events;
} S_groups;

static void S_add(S_groups *gs, const char *name, size_t len, double ms) {
  char *fixed = ec_layer_name_fixed(name, len);
  size_t k;
  if (!ec_map_get(&gs->by_name, fixed, len, &k)) {
    S_group *g = EC_PUSH(gs->g, gs->n, gs->cap);
    memset(g, 0, sizeof *g);
    g->name = fixed;
    g->len = len;
    k = gs->n - 1;
    ec_map_put(&gs->by_name, g->name, g->len, k);
  } else {
    free(fixed);
  }
  S_group *g = &gs->g[k];
  *EC_PUSH(g->v, g->n, g->cap) = ms;
}

static void S_free(S_groups *gs) {
  for (size_t i = 0; i < gs->n; i++) {
    free(gs->g[i].name);
    free(gs->g[i].v);
  }
  free(gs->g);
  ec_map_free(&gs->by_name);
}

/* Chrome trace events: complete ("X") events with a name and a duration. */
static void S_trace(S_groups *gs, const json_t *events) {
  for (size_t i = 0; i < json_array_size(events); i++) {
    const json_t *ev = json_array_get(events, i);
    const char *ph = json_string_value(json_object_get(ev, "ph"));
    if (!ph || strcmp(ph, "X")) {
      gs->other_events++;
      continue;
    }
    size_t nl;
    const char *name = ec_json_str(json_object_get(ev, "name"), &nl);
    double dur = ec_json_num(json_object_get(ev, "dur"));
    if (!name || !isfinite(dur) || dur < 0) {
      gs->dropped++;
      continue;
    }
    S_add(gs, name, nl, dur / 1000.0);
  }
}

/* {"name": [ms, ...]} or {"name": [[ms, "time"], ...]} */
static void S_sample_map(S_groups *gs, const json_t *root) {
  const char *key;
  const json_t *val;
  json_object_foreach((json_t *)root, key, val) {
    if (!json_is_array(val)) {
      gs->dropped++;
      continue;
    }
    for (size_t i = 0; i < json_array_size(val); i++) {
      const json_t *x = json_array_get(val, i);
      double ms = ec_json_num(json_is_array(x) ? json_array_get(x, 0) : x);
      if (!isfinite(ms) || ms < 0) {
        gs->dropped++;
        continue;
      }
      S_add(gs, key, strlen(key), ms);
    }
  }
}

/* How many group names are layers (kept or set aside) of e's graph. */
static size_t S_matched(const ec_engine *e, const S_groups *gs) {
  ec_map names = {0};
  for (size_t i = 0; i < e->n_layers; i++) ec_map_put(&names, e->layers[i].name, e->layers[i].name_len, i);
  for (size_t i = 0; i < e->n_hidden; i++) ec_map_put(&names, e->hidden[i].name, e->hidden[i].name_len, i);
  size_t m = 0;
  for (size_t i = 0; i < gs->n; i++)
    if (ec_map_get(&names, gs->g[i].name, gs->g[i].len, NULL)) m++;
  ec_map_free(&names);
  return m;
}

int ec_load_layer_times_text(ec_engine *e, const char *path, const char *text, size_t len, const ec_load_opts *o) {
  (void)o;
  ec_json_doc doc;
  if (ec_json_parse(path, text, len, EC_BUDGET_SAMPLES, &e->diags, &doc) != 0) return -1;
  const json_t *root = doc.v[0];
  const json_t *events = json_is_array(root) ? root : json_object_get(root, "traceEvents");
  int trace = json_is_array(events);
  if (!trace && !json_is_object(root)) {
    ec_diag_add(&e->diags, EC_ERROR, path, 1, 1, "neither a profiler trace (a list of events) nor a map of layer samples");
    ec_json_doc_free(&doc);
    return -1;
  }
  if (trace && ec_budget_over(EC_BUDGET_SAMPLES, json_array_size(events))) {
    ec_budget_refuse(&e->diags, EC_BUDGET_SAMPLES, path, 0, 0);
    ec_json_doc_free(&doc);
    return -1;
  }
  S_groups gs;
  memset(&gs, 0, sizeof gs);
  if (trace) S_trace(&gs, events);
  else S_sample_map(&gs, root);
  ec_json_doc_free(&doc);
  const char *what = trace ? "profiler trace" : "per-layer sample map";
  int rc = -1;
  size_t matched = e->has_graph ? S_matched(e, &gs) : gs.n;
  ec_load_state *ls = ec_load_state_of(e);
  if (gs.n == 0) {
    ec_diag_add(&e->diags, EC_WARN, path, 0, 0, "%s with no layer times (%zu %s of other kinds); not used", what,
                gs.other_events, ec_plural(gs.other_events, "event", "events"));
  } else if (matched == 0) {
    ec_diag_add(&e->diags, EC_INFO, path, 0, 0,
                "%s: none of its %zu %s is a layer of the graph (not a per-layer profile); not used", what, gs.n, ec_plural(gs.n,
                                                                                                                            "name",
                                                                                                                            "names"));
  } else if (ls->n_prof[0]) {
    ec_diag_add(&e->diags, EC_WARN, path, 0, 0, "a second profile file for this engine is ignored");
  } else {
    rc = 0;
    ec_engine_add_file(e, path, EC_FILE_LAYER_TIMES);
    ls->prof_path[0] = ec_strdup(path);
    double total = 0;
    size_t cmin = (size_t)-1, cmax = 0;
    for (size_t i = 0; i < gs.n; i++) {
      for (size_t k = 0; k < gs.g[i].n; k++) total += gs.g[i].v[k];
      if (gs.g[i].n < cmin) cmin = gs.g[i].n;
      if (gs.g[i].n > cmax) cmax = gs.g[i].n;
    }
    for (size_t i = 0; i < gs.n; i++) {
      S_group *g = &gs.g[i];
      double sum = 0;
      for (size_t k = 0; k < g->n; k++) sum += g->v[k];
      ec_sort_doubles(g->v, g->n);
      double pct = ec_share_pct(sum, total); /* unknown without a total, not 0 */
      ec_load_stage_prof(e, 0, g->name, g->len, sum, sum / (double)g->n, ec_median_sorted(g->v, g->n), 1, pct, 0, 0);
    }
    ls->prof_count[0] = (int64_t)cmax;
    e->profile_has_median = 1;
    if (cmin == cmax)
      ec_diag_add(&e->diags, EC_INFO, path, 0, 0, "per-layer times from a %s: %zu %s, %zu %s each", what, gs.n,
                  ec_plural(gs.n, "layer", "layers"),
                  cmax, ec_plural(cmax, "sample", "samples"));
    else
      ec_diag_add(&e->diags, EC_INFO, path, 0, 0, "per-layer times from a %s: %zu %s, %zu to %zu %s each", what,
                  gs.n, ec_plural(gs.n, "layer", "layers"), cmin, cmax, ec_plural(cmax, "sample", "samples"));
    if (cmax == 1 && trace)
      ec_diag_add(&e->diags, EC_WARN, path, 0, 0,
                  "the trace holds one event per layer: Torch-TensorRT's profiler sums every invocation into it, "
                  "so a layer's average and median are its total time over all iterations (their number is unknown)");
    else if (cmin != cmax)
      ec_diag_add(&e->diags, EC_WARN, path, 0, 0,
                  "layers have %zu to %zu %s each: averages are over different numbers of iterations", cmin, cmax, ec_plural(cmax,
                                                                                                                             "sample",
                                                                                                                             "samples"));
    if (matched < gs.n && e->has_graph)
      ec_diag_add(&e->diags, EC_INFO, path, 0, 0, "%zu of the %s's %zu %s are not layers of the graph", gs.n - matched,
                  what, gs.n, ec_plural(gs.n, "name", "names"));
  }
  if (gs.dropped)
    ec_diag_add(&e->diags, EC_WARN, path, 0, 0, "%zu %s without a name or a valid duration were dropped", gs.dropped,
                trace ? "events" : "samples");
  S_free(&gs);
  return rc;
}
