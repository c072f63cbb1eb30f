/* finish — resolve the staged data of an engine into its final model:
 * which layer source wins, the profile join by name, the bindings and NoOp
 * folding (bindings.c), the timing run, and the warnings that need the
 * whole engine. */
#include "load/internal.h"
#include "util/alloc.h"
#include "util/map.h"
#include "words/words.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* TREx's disambiguation on profile records (ec_load_unique_names): 2nd "x"
 * -> "x_2". The old names stay with the caller (it frees them). */
static void S_disambiguate_recs(ec_prof_rec *r, size_t n) {
  char **names = ec_calloc(n ? n : 1, sizeof *names), **out = ec_calloc(n ? n : 1, sizeof *out);
  size_t *lens = ec_calloc(n ? n : 1, sizeof *lens), *out_lens = ec_calloc(n ? n : 1, sizeof *out_lens);
  for (size_t i = 0; i < n; i++) names[i] = r[i].name, lens[i] = r[i].name_len;
  ec_load_unique_names(names, lens, n, out, out_lens);
  for (size_t i = 0; i < n; i++)
    if (out[i]) {
      r[i].name = out[i];
      r[i].name_len = out_lens[i];
    }
  free(names);
  free(out);
  free(lens);
  free(out_lens);
}

static const char *S_guess_type(const char *name) {
  if (ec_name_is_reformat(name)) return "Reformat";
  return "Unknown";
}

static void S_join_profile(ec_engine *e, const ec_load_opts *o) {
  ec_load_state *s = e->ls;
  if (!s) return;
  int src = s->n_prof[0] ? 0 : (s->n_prof[1] ? 1 : -1);
  if (src < 0) return;
  if (src == 1 && s->n_prof[0] == 0)
    ec_diag_add(&e->diags, EC_INFO, s->prof_path[1], 0, 0, "per-layer times come from the log's profile table");
  ec_prof_rec *r = s->prof[src];
  size_t n = s->n_prof[src];
  /* keep original name pointers to free them after renaming */
  char **orig = ec_calloc(n ? n : 1, sizeof *orig);
  for (size_t i = 0; i < n; i++) orig[i] = r[i].name;
  S_disambiguate_recs(r, n);
  e->has_profile = 1;
  e->profile_count = s->prof_count[src];
  e->profile_records = n;
  e->profile_index = o ? o->profile_index : 0;
  if (e->n_layers == 0 && !e->has_graph) {
    /* A profile alone: its records are the layers. */
    for (size_t i = 0; i < n; i++) {
      ec_layer *l = EC_PUSH(e->layers, e->n_layers, e->cap_layers);
      memset(l, 0, sizeof *l);
      l->index = i;
      l->name = ec_strndup(r[i].name, r[i].name_len);
      l->name_len = r[i].name_len;
      l->layer_type = ec_strdup(S_guess_type(l->name));
      l->type = ec_strdup(l->layer_type);
      ec_layer_finalize(l);
      l->precision = "Unknown";
      l->precision_trex = "Unknown";
      l->stream_id = -1;
      l->unknown = EC_UNKNOWN_TENSORS | EC_UNKNOWN_WEIGHTS;
    }
    ec_diag_add(&e->diags, EC_WARN, s->prof_path[src], 0, 0,
                "no layer information: layers come from the profile (%zu %s), so types, precisions and shapes are unknown", n, ec_plural(n,
                                                                                                                                         "record",
                                                                                                                                         "records"));
  }
  ec_map byname = {0}, hidden = {0};
  for (size_t i = 0; i < e->n_layers; i++) ec_map_put(&byname, e->layers[i].name, e->layers[i].name_len, i);
  for (size_t i = 0; i < e->n_hidden; i++) ec_map_put(&hidden, e->hidden[i].name, e->hidden[i].name_len, i);
  size_t unmatched = 0, hid = 0;
  double unmatched_ms = 0, hidden_ms = 0;
  const char *first_unmatched = NULL;
  for (size_t i = 0; i < n; i++) {
    size_t li;
    if (ec_map_get(&byname, r[i].name, r[i].name_len, &li)) {
      ec_layer *l = &e->layers[li];
      l->has_profile = 1;
      l->avg_ms = r[i].avg_ms;
      l->time_ms = r[i].time_ms;
      l->median_ms = r[i].has_median ? r[i].median_ms : NAN;
      l->has_median = r[i].has_median;
      l->pct = r[i].pct;
    } else if (ec_map_get(&hidden, r[i].name, r[i].name_len, &li)) {
      hid++;
      hidden_ms += r[i].avg_ms;
    } else {
      if (!first_unmatched) first_unmatched = r[i].name;
      unmatched++;
      unmatched_ms += r[i].avg_ms;
    }
  }
  e->profile_unmatched = unmatched;
  e->profile_unmatched_ms = unmatched_ms;
  e->profile_hidden = hid;
  size_t missing = 0;
  const char *first_missing = NULL;
  for (size_t i = 0; i < e->n_layers; i++)
    if (!e->layers[i].has_profile) {
      if (!first_missing) first_missing = e->layers[i].name;
      missing++;
    }
  e->layers_without_profile = missing;
  const char *pp = s->prof_path[src];
  if (unmatched)
    ec_diag_add(&e->diags, EC_WARN, pp, 0, 0,
                "%zu profile %s (" EC_MS ") name no layer of the graph (first: \"%s\"); they are not in the totals",
                unmatched, ec_plural(unmatched, "record", "records"), unmatched_ms, first_unmatched);
  if (hid)
    ec_diag_add(&e->diags, EC_INFO, pp, 0, 0, "%zu profile %s (" EC_MS ") time NoOp, Constant or shape_call layers, which TREx does not count either",
                hid, ec_plural(hid, "record", "records"), hidden_ms);
  if (missing && e->n_layers)
    ec_diag_add(&e->diags, EC_WARN, pp, 0, 0, "%zu of %zu %s have no profile record (first: \"%s\"); their latency counts as 0",
                missing, e->n_layers, ec_plural(e->n_layers, "layer", "layers"), first_missing);
  ec_map_free(&byname);
  ec_map_free(&hidden);
  for (size_t i = 0; i < n; i++)
    if (r[i].name != orig[i]) free(orig[i]);
  free(orig);
}

static int S_version_before(const char *v, int maj, int min) {
  if (!v) return 0;
  int a = 0, b = 0;
  if (sscanf(v, "%d.%d", &a, &b) < 1) return 0;
  return a < maj || (a == maj && b < min);
}

/* A names-only graph (built without detailed profiling verbosity) with a
 * verbose log that lists the same layers with their types and tensors: each
 * named layer takes the log's description; the graph keeps its order. */
static void S_merge_log_layers(ec_engine *e, ec_load_state *s) {
  ec_map bylog = {0};
  for (size_t i = 0; i < s->n_log_layers; i++)
    if (!ec_map_get(&bylog, s->log_layers[i].name, s->log_layers[i].name_len, NULL))
      ec_map_put(&bylog, s->log_layers[i].name, s->log_layers[i].name_len, i);
  size_t merged = 0, w = 0;
  for (size_t i = 0; i < e->n_layers; i++) {
    ec_layer *l = &e->layers[i];
    size_t k;
    if (ec_map_get(&bylog, l->name, l->name_len, &k) && s->log_layers[k].name) {
      ec_layer from = s->log_layers[k];
      memset(&s->log_layers[k], 0, sizeof s->log_layers[k]); /* moved */
      ec_layer_clear(l);
      *l = from;
      merged++;
      if (ec_layer_is_hidden(l) || ec_layer_is_engine_internal(l)) {
        size_t nl = e->n_layers;
        ec_load_place_layer(e, l); /* to e->hidden */
        e->n_layers = nl;
        continue;
      }
    }
    l->index = w;
    e->layers[w++] = *l;
  }
  e->n_layers = w;
  ec_map_free(&bylog);
  if (merged) {
    ec_diag_add(&e->diags, EC_INFO, s->log_layers_path, 0, 0,
                "%zu of the graph's names-only layers took their types, precisions and tensors from the log's layer listing",
                merged);
    if (merged == e->n_layers + ec_load_n_set_aside(e)) {
      e->graph_names_only = 0;
      /* the names-only warning no longer holds: keep it as a note */
      for (size_t i = 0; i < e->diags.n; i++)
        if (e->diags.v[i].sev == EC_WARN && strstr(e->diags.v[i].msg, "holds names only")) {
          e->diags.v[i].sev = EC_INFO;
          char *m = ec_asprintf("%s; the log's layer listing describes every layer", e->diags.v[i].msg);
          free(e->diags.v[i].msg);
          e->diags.v[i].msg = m;
        }
    }
  }
}

/* The build tool a file gives away when no build log says: Torch-TensorRT
 * names each layer after the ATen op it converted ("[CONVOLUTION]-[
 * aten_ops.convolution.default]-[/features_0/0/convolution]"). */
static void S_build_tool(ec_engine *e) {
  if (e->build_tool) return;
  for (size_t i = 0; i < e->n_layers + e->n_hidden; i++) {
    const ec_layer *l = i < e->n_layers ? &e->layers[i] : &e->hidden[i - e->n_layers];
    if (l->name && (strstr(l->name, "]-[aten_ops.") || strstr(l->name, "]-[acc_ops."))) {
      e->build_tool = ec_strdup("Torch-TensorRT");
      return;
    }
  }
}

void ec_load_finish(ec_engine *e, const ec_load_opts *o) {
  ec_load_state *s = e->ls;
  if (s && s->n_log_layers) {
    if (!e->has_graph) {
      /* the same TREx rules as for graph JSON: NoOp/Constant/... aside */
      for (size_t i = 0; i < s->n_log_layers; i++) ec_load_place_layer(e, &s->log_layers[i]);
      free(s->log_layers);
      e->n_raw_layers = s->n_log_layers;
      e->has_graph = 1;
      s->log_layers = NULL;
      s->n_log_layers = s->cap_log_layers = 0;
      ec_diag_add(&e->diags, EC_INFO, s->log_layers_path, 0, 0, "layers come from the log's layer listing (no graph JSON given)");
    } else if (e->graph_names_only) {
      S_merge_log_layers(e, s);
    }
  }
  if (s)
    for (size_t i = 0; i < s->n_unknown; i++)
      ec_diag_add(&e->diags, EC_WARN, s->unknown[i].path, 0, 0,
                  "unknown tensor format \"%s\" (%zu %s): %s; its elements count as " EC_GIVEN " bytes", s->unknown[i].fmt,
                  s->unknown[i].count, ec_plural(s->unknown[i].count, "tensor",
                                                 "tensors"), s->unknown[i].guessed ? "precision guessed from its words" : "precision unknown",
                  s->unknown[i].bytes);
  S_join_profile(e, o);
  S_build_tool(e);
  ec_load_bindings(e, o); /* NoOp folding with it */
  if (e->n_runs) {
    size_t pick = e->n_runs - 1;
    if (o && o->run > 0) {
      if ((size_t)o->run <= e->n_runs)
        pick = (size_t)o->run - 1;
      else
        ec_diag_add(&e->diags, EC_WARN, NULL, 0, 0, "--run %ld asked for, but the timing file holds %zu %s; using the last",
                    o->run, e->n_runs, ec_plural(e->n_runs, "run", "runs"));
    }
    e->run = pick;
    if (e->n_runs > 1 && o && o->pool_runs && o->run <= 0)
      ec_diag_add(&e->diags, EC_WARN, NULL, 0, 0,
                  "the timing file holds %zu %s (one JSON array each); compare takes them as repeated runs of one "
                  "engine (--run N uses one)",
                  e->n_runs, ec_plural(e->n_runs, "run", "runs"));
    else if (e->n_runs > 1)
      ec_diag_add(&e->diags, EC_WARN, NULL, 0, 0,
                  "the timing file holds %zu %s (one JSON array each); using run %zu (--run selects); runs are never merged",
                  e->n_runs, ec_plural(e->n_runs, "run", "runs"), pick + 1);
    if (S_version_before(e->trt_version, 8, 6))
      ec_diag_add(&e->diags, EC_WARN, NULL, 0, 0,
                  "TensorRT %s writes warm-up iterations into timing.json (fixed in 8.6): timing statistics include them",
                  e->trt_version);
  }
  if (!ec_engine_usable(e))
    ec_diag_add(&e->diags, EC_ERROR, NULL, 0, 0, "no usable engine data: need a graph, a profile, a timing file, metadata or a trtexec log");
  /* facts two files give differently are said without -v: one warning */
  if (e->source_notes.n) {
    const ec_diag *f = &e->source_notes.v[0];
    ec_diag_add(&e->diags, EC_WARN, f->file, f->line, 0,
                "%zu fact%s between this engine's files (first: %s); the value read first is kept "
                "(-v lists them; summary --json: provenance.source_notes)",
                e->source_notes.n, ec_plural(e->source_notes.n, " differs", "s differ"), f->msg);
  }
  ec_load_state_free(e);
}
