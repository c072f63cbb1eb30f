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

/* A binding trtexec says it created when it ran the engine ("Created output
 * binding for y with dimensions 1x10"; 10.16+ "Output binding for y with
 * dimensions 1x10 and type fp32 is created."): name, direction, the shape it
 * ran with (-1 dynamic), and the type when printed. */
typedef struct ec_log_binding {
  char *name; /* owned */
  size_t len;
  ec_bind_dir dir;
  ec_dims dims;
  const char *precision; /* canonical ("FP32"), or NULL; static */
  int line;
} ec_log_binding;

void ec_log_bindings_free(ec_log_binding *v, size_t n);

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
    /* TensorRT 11 "I/O Tensors" entries also give (io set): */
    int io;
    ec_bind_dir dir;      /* IOMode; EC_BIND_UNKNOWN when absent */
    int64_t *dims;        /* Dimensions, or NULL */
    int ndims;
    char *dtype;          /* DataType as written ("Float"), or NULL */
    const char *location; /* static, or NULL */
    int shape_io;         /* -1 not given */
    ec_bind_profile *profiles; /* moved to the binding */
    size_t n_profiles;
  } *bind_names;
  size_t n_bind_names, cap_bind_names;
  int have_bind_list;   /* the graph had a "Bindings" list (possibly empty) */
  /* a log's --dumpLayerInfo I/O section ("Bindings:", TensorRT 11 "I/O
   * Tensors:"), the first log that prints one */
  struct ec_bind_name *log_io;
  size_t n_log_io;
  int have_log_io;
  char *log_io_path;
  int log_io_line;
  char *graph_path;     /* the graph JSON read, for messages */
  /* the tensor being read: TensorRT 11's separate "Format" and "Datatype"
   * keys, joined when its last key is read (ec_tensor_done) */
  const ec_tensor *tpend;
  char *tpend_fmt, *tpend_dt;
  /* the bindings a log says trtexec created (the first log that has any) */
  ec_log_binding *log_binds;
  size_t n_log_binds, cap_log_binds;
  char *log_binds_path;
  /* Format/Datatype strings neither table knows, with how many tensors use them */
  struct ec_load_unknown_format {
    char *fmt, *path;
    size_t count;
    int guessed;
    double bytes;
  } *unknown;
  size_t n_unknown, cap_unknown;
} ec_load_state;

/** Free n staged binding entries and the array. */
void ec_load_bind_names_free(struct ec_bind_name *v, size_t n);

/** The engine's staging area (created on first use). */
ec_load_state *ec_load_state_of(ec_engine *e);
void ec_load_state_free(ec_engine *e);

/** TensorRT 11's separate Format ("(Linear) Row major linear format") and
 *  Datatype ("Float") of a tensor as the one TensorRT 10 string they stand
 *  for ("Row major linear FP32"): the spelling TREx's table knows when one
 *  does; fmt NULL: the data type alone (as a 10.x kgen tensor). Caller frees. */
char *ec_format_join(const char *fmt, size_t fn, const char *dt, size_t dn);

/** Set t's format fields from a Format/Datatype string; warns into e->diags
 *  (once per distinct string) when the format is not known. */
void ec_tensor_set_format(ec_engine *e, const char *path, ec_tensor *t, const char *fmt, size_t len);
/** The same, showing shown (t->format) but classifying fmt: a TensorRT 11
 *  tensor whose joined Format/Datatype TREx's table does not know keeps the
 *  joined string and takes its type from its Datatype alone. */
void ec_tensor_set_format_as(ec_engine *e, const char *path, ec_tensor *t, const char *shown, size_t shown_len,
                             const char *fmt, size_t len);
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
/* Which value wins when two input files give the same fact (sources.c): the
 * one read first, unless it is the other cut at a separator ("workspace"
 * against "workspace: 8192 MiB, ..."); a difference of any other kind keeps
 * the first and is noted (ec_source_note). */
typedef enum { EC_SOURCE_KEEP = 0, EC_SOURCE_TAKE, EC_SOURCE_DISAGREE } ec_source_verdict;
/** The verdict on a fact held as have (NULL: none yet) when another source
 *  offers offered (NULL: nothing); trailing blanks do not count. Pure. */
ec_source_verdict ec_source_pick(const char *have, const char *offered);
/* How a fact is known: stated by an input file, or derived by enginecard
 * from other facts. */
typedef enum { EC_FACT_NONE = 0, EC_FACT_DERIVED, EC_FACT_STATED } ec_fact_basis;
/** The verdict when a fact held as have (on have_basis) meets offered (on
 *  offered_basis): a stated fact wins over a derived one; two facts on the
 *  same basis follow ec_source_pick (the one read first, unless it is the
 *  other cut short). NONE (or NULL) is no fact. Pure. */
ec_source_verdict ec_source_pick_basis(ec_fact_basis have_basis, const char *have, ec_fact_basis offered_basis,
                                       const char *offered);
/** Note that a file (path, line; 0 when unknown) says other where kept was
 *  read earlier: an EC_INFO diagnostic and an entry of e->source_notes. */
void ec_source_note(ec_engine *e, const char *path, int line, const char *what, const char *kept,
                    const char *other);
/** Apply the rule to a string field *dst (owned) offered val. */
void ec_source_merge_str(ec_engine *e, const char *path, int line, char **dst, const char *val, const char *what);
/** Apply the rule to key in dst offered val; what names the group in a note
 *  ("build option" gives 'build option "Memory Pools": ...'). */
void ec_source_merge_kv(ec_engine *e, const char *path, int line, ec_kvs *dst, const char *key, const char *val,
                        const char *what);
/** Compute t->volume from t->dims. */
void ec_tensor_set_volume(ec_tensor *t);
/** Derive precision, out_precision, io bytes and tactic default of l from its
 *  tensors; call once a layer's fields are filled. */
void ec_layer_finalize(ec_layer *l);

/** 1 for layers TREx does not count (NoOp, Constant, shape_call, signal,
 *  wait): they go to e->hidden. */
int ec_layer_is_hidden(const ec_layer *l);
/** 1 for a tensor TensorRT 11's Myelin keeps for its L2-cache policy
 *  ("l2_cache_policy_inputs_N_mylM", "l2_cache_management_..."): an
 *  engine-internal buffer, never a binding, an activation or a weight. */
int ec_tensor_is_l2_buffer(const char *name, size_t n);
/** 1 for a tensor only Myelin's graph knows: an L2-cache buffer, "__myl..."
 *  / "__mye..." names, and the "<name>_myl<N>" copies Myelin makes of the
 *  network's tensors. Never inferred to be a binding. */
int ec_tensor_is_myelin_internal(const char *name, size_t n);
/** 1 for a layer that is the engine's own housekeeping, not part of the
 *  network: it writes nothing and reads only L2-cache buffers (TensorRT 11's
 *  custom_layers that "do not correspond to any layers in the
 *  INetworkDefinition"). Set aside (e->hidden, counted in e->n_internal). */
int ec_layer_is_engine_internal(const ec_layer *l);
/** The one placement of a read layer: TREx's hidden kinds and engine-internal
 *  layers go to e->hidden (counted by kind), the rest to e->layers with its
 *  index. Moves *l into the engine (zeroed). */
void ec_load_place_layer(ec_engine *e, ec_layer *l);
/** The layers ec_load_place_layer set aside, by its counts (hidden kinds and
 *  engine-internal layers). */
size_t ec_load_n_set_aside(const ec_engine *e);
/** TREx's disambiguation of names[0..n) (lens[i] bytes each), in order: the
 *  2nd "x" becomes "x_2", the 3rd "x_3", ...; a generated name is never one
 *  that is already in the list, generated or not ("same", "same", "same_2"
 *  gives "same", "same_3", "same_2": TREx's "same_2" twice would merge two
 *  layers' times). Renamed entries get a new string in out[i] and its length
 *  in out_lens[i]; others out[i] NULL. Caller frees out's strings. The one
 *  rule for graph layers and profile records, so they still match. */
void ec_load_unique_names(char *const *names, const size_t *lens, size_t n, char **out, size_t *out_lens);

/** Group the files paths[0..n) (of kinds[i]; EC_FILE_UNKNOWN ones are left
 *  out) into engines (runs.c): group_of[i] gets the file's engine, or
 *  (size_t)-1 for a file no run, stem or export ties to one; *names (the
 *  caller frees each and the array) each engine's name (the engine file a
 *  run loads or saves, the model and flags of a build that saves none, or
 *  TREx's file stem). run: --run (0 the last). Returns the number of
 *  engines. Reads the logs. */
size_t ec_load_group(const char *const *paths, const ec_file_kind *kinds, size_t n, long run, size_t *group_of,
                     char ***names);

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

/* layer_keys.c: the one mapping of layer and tensor keys into the model,
 * fed by the JSON reader (graph.c) and the log tokeniser (log_layers.c). */

/* A key's value as a reader found it. */
typedef struct ec_lval {
  const char *s;      /* the value as text: a string's characters, or the value as printed */
  size_t n;
  int64_t ints[64];   /* the value as an integer ("5") or a list of integers ("[5,5]"), */
  int nints;          /* when is_ints */
  int is_ints, is_list;
  const char *wtype;  /* a {"Type": T, "Count": N} object, when is_weights */
  size_t wtype_n;
  double wcount;
  int is_weights;
  const char *const *items; /* a list of strings (Operations), nitems of them */
  const size_t *item_n;
  size_t nitems;
  int no_attr;        /* too large to keep as a raw attribute */
} ec_lval;

/** A layer name as the model keeps it: U+001E/U+001F (TensorRT's separators
 *  of fused names) become '+', as TREx's fix_unicode. For every reader of
 *  layer names (graph, profiles, logs, profiler traces); caller frees. */
char *ec_layer_name_fixed(const char *s, size_t n);

/** A value from its text s[0..n) (borrowed): integers and integer lists
 *  ("[1,32:8,-1]", "1,3,8,8") are recognised. */
void ec_lval_text(ec_lval *v, const char *s, size_t n);

/* A layer being built from its keys. */
typedef struct ec_layer_build {
  ec_layer *l;
  char *ptype;        /* ParameterType */
  char **md;          /* Metadata entries */
  size_t n_md;
  int md_seen, plain_pooling;
  unsigned plain;     /* convolution keys given without the ConvActPool "Conv" prefix */
  int has_kernel, nkernel;
  int64_t kernel[3], stride[3], dilation[3], groups, out_maps;
} ec_layer_build;

/** A layer's type (TREx's "type"), from its LayerType and ParameterType
 *  (NULL when the source gives none): the one rule for every reader (graph
 *  JSON, --dumpLayerInfo dumps, verbose "Layer(T): ..." listings), so a layer
 *  has one type name whatever described it. With a ParameterType: that
 *  (TREx's convert_deconv: CaskDeconvolutionV2 + Convolution is a
 *  Deconvolution). Without one: the ParameterType graph JSON gives with that
 *  LayerType (CaskSoftMaxV2 -> SoftMax, CaskConvolution -> Convolution,
 *  PointWiseV2 -> PointWise, Padding -> Slice, ...), else the LayerType
 *  itself (Myelin, kgen, gemm, NoOp, ... have no ParameterType). Returns
 *  one of its arguments or a static string. */
const char *ec_layer_type_normal(const char *layer_type, const char *param_type);

/** Start building l (zeroed by the caller). */
void ec_layer_build_begin(ec_layer_build *b, ec_layer *l);
/** Map one key (klen bytes) and its value into the layer (see layer_keys.c). */
void ec_layer_key(ec_layer_build *b, const char *key, size_t klen, const ec_lval *v);
/** After the last key: type, convolution attributes, derived fields. */
void ec_layer_build_end(ec_layer_build *b);
/** Map one tensor key (Name, Location, Dimensions, Format/Datatype) into t. */
void ec_tensor_key(ec_engine *e, const char *path, ec_tensor *t, const char *key, size_t klen, const ec_lval *v);
/** After a tensor's last key: defaults (no format: "Unknown format"; no
 *  dimensions: unknown volume) and the volume. */
void ec_tensor_done(ec_engine *e, const char *path, ec_tensor *t);

/* shapes.c: every input's shapes from trtexec's options and command line. */
/** "1x3x224x224" into d (replacing what it held; "-1" is dynamic); 0 when
 *  s[0..n) is not a shape (d unchanged). */
int ec_dims_parse(const char *s, size_t n, ec_dims *d);
/** 1 when an option key carries per-input shapes ("Input build shape ...",
 *  "Input inference shape ..."). */
int ec_input_shapes_is_key(const char *key);
/** Read one option line into s when key carries per-input shapes (returns 1,
 *  else 0): "name=min+opt+max" (build) or "name=shape" (inference), several
 *  joined by ", " allowed; only lines of optimisation profile profile_index
 *  count. Shapes s already holds are kept. */
int ec_input_shapes_option(ec_input_shapes *s, const char *key, const char *val, int profile_index);
/** Every per-input option line of k into s (see ec_input_shapes_option). */
void ec_input_shapes_from_kvs(ec_input_shapes *s, const ec_kvs *k, int profile_index);
/** --minShapes= --optShapes= --maxShapes= --shapes= of a trtexec command line
 *  (their (profile_index+1)-th occurrence) into s; shapes s holds are kept. */
void ec_input_shapes_cmdline(ec_input_shapes *s, const char *cmd, int profile_index);
/** Inputs and shapes of src that dst lacks, into dst (copies). */
void ec_input_shapes_merge(ec_input_shapes *dst, const ec_input_shapes *src);

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
