/* Private to src/load: staging shared by the per-kind readers.
 *
 * Readers stage what they find; ec_load_finish decides what wins (a graph
 * JSON over a log's layer dump, a profile JSON over a log's --dumpProfile
 * table) and joins everything by name. */
#ifndef EC_LOAD_INTERNAL_H
#define EC_LOAD_INTERNAL_H
#include "load/load.h"
#include <stdint.h>

typedef struct ec_prof_rec {
  char *name;       /* owned */
  size_t name_len;
  double time_ms, avg_ms, median_ms, pct;
  int has_median;
  int line, col;    /* where the record starts, for messages */
} ec_prof_rec;

typedef struct ec_load_state {
  /* profile records from JSON (source 0) or a log table (source 1) */
  ec_prof_rec *prof[2];
  size_t n_prof[2], cap_prof[2];
  int64_t prof_count[2];
  char *prof_path[2];
  /* layers from a log's layer dump, used when no graph JSON was read */
  ec_layer *log_layers;
  size_t n_log_layers, cap_log_layers;
  char *log_layers_path;
  int have_graph_json;
  /* the graph's "Bindings" list as written (bindings.c turns it into e->bindings) */
  struct ec_bind_name {
    char *name;
    size_t len;
  } *bind_names;
  size_t n_bind_names, cap_bind_names;
  int have_bind_list;   /* the graph had a "Bindings" list (possibly empty) */
  char *graph_path;     /* the graph JSON read, for messages */
  /* Format/Datatype strings neither table knows, with how many tensors use them */
  struct ec_unknown_format {
    char *fmt, *path;
    size_t count;
    int guessed;
    double bytes;
  } *unknown;
  size_t n_unknown, cap_unknown;
} ec_load_state;

/** The engine's staging area (created on first use). */
ec_load_state *ec_load_state_of(ec_engine *e);
void ec_load_state_free(ec_engine *e);

/** Set t's format fields from a Format/Datatype string; warns into e->diags
 *  (once per distinct string) when the format is not known. */
void ec_tensor_set_format(ec_engine *e, const char *path, ec_tensor *t, const char *fmt, size_t len);
/** Note that the file at path says it was generated (note: its text, n
 *  bytes); the first such file of an engine wins (provenance.c). */
void ec_load_generator(ec_engine *e, const char *path, const char *note, size_t n);
/** The generator note of a JSON file's top-level object (key "Generator"),
 *  if it has one. */
struct json_t;
void ec_load_generator_json(ec_engine *e, const char *path, const struct json_t *root);
/** 1, and the note in *note and *n, when a log line is a generator line
 *  ("Generator: NOTE" at the start of the line). */
int ec_load_generator_line(const char *s, size_t len, const char **note, size_t *n);
/** Compute t->volume from t->dims. */
void ec_tensor_set_volume(ec_tensor *t);
/** Derive precision, out_precision, io bytes and tactic default of l from its
 *  tensors; call once a layer's fields are filled. */
void ec_layer_finalize(ec_layer *l);

/** 1 for layers TREx does not count (NoOp, Constant, shape_call, signal,
 *  wait): they go to e->hidden. */
int ec_layer_is_hidden(const ec_layer *l);

/** The engine's inputs and outputs (e->bindings) from the staged "Bindings"
 *  list and the layers' tensors, NoOp folding (consumers of a NoOp read its
 *  input; an output binding a NoOp chain writes is carried to the layer that
 *  produces the chain's input), and profile shapes from the build options.
 *  Call once the layers are final; see bindings.c. */
void ec_load_bindings(ec_engine *e, const ec_load_opts *o);

/** A " [profile N]" suffix of s (n bytes): N, with the length without it in
 *  *base_len; -1 when there is none (graph.c). */
long ec_profile_suffix(const char *s, size_t n, size_t *base_len);

/** Stage one profile record (takes a copy of name). src: 0 JSON, 1 log. */
void ec_load_stage_prof(ec_engine *e, int src, const char *name, size_t name_len,
                        double time_ms, double avg_ms, double median_ms, int has_median,
                        double pct, int line, int col);
/** Stage a layer parsed from a log (ownership of *l moves to the engine). */
void ec_load_stage_log_layer(ec_engine *e, const char *path, ec_layer *l);

/** x as an int64_t: dflt when not finite, clamped to the int64_t range
 *  (a cast of an out-of-range double is undefined behaviour; inputs hold
 *  numbers like 1e300). */
static inline int64_t ec_i64(double x, int64_t dflt) {
  if (!(x == x) || x == 1.0 / 0.0 || x == -1.0 / 0.0) return dflt;
  if (x >= 9.2e18) return INT64_MAX;
  if (x <= -9.2e18) return INT64_MIN;
  return (int64_t)x;
}

#endif
