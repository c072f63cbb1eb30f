/* engine — the in-memory model of one TensorRT engine.
 *
 * Plain structs filled by src/load and read-only afterwards. One owner each:
 * an ec_engine owns everything reachable from it and ec_engine_free releases
 * it all. Nothing here knows about file formats or TensorRT versions; load
 * has already normalised those. Strings are UTF-8 as read (they may hold any
 * byte, including NUL where a *_len field says so); escape on output. */
#ifndef EC_ENGINE_H
#define EC_ENGINE_H
#include <stddef.h>
#include <stdint.h>
#include "util/diag.h"
#include "util/map.h"

/* A key and its value as display text (JSON text for non-string values). */
typedef struct ec_kv {
  char *key;
  char *val;
} ec_kv;

typedef struct ec_kvs {
  ec_kv *v;
  size_t n, cap;
} ec_kvs;

/* A layer's raw attributes packed in one buffer ("key\0value\0..."), so a
 * 20,000-layer engine does not pay two allocations per attribute. */
typedef struct ec_attrs {
  char *buf;
  size_t len, cap;
  size_t n;
} ec_attrs;

void ec_attrs_add(ec_attrs *a, const char *key, size_t klen, const char *val, size_t vlen);
/** Value of key, or NULL. */
const char *ec_attrs_get(const ec_attrs *a, const char *key);
/** Iterate: start with *off = 0; returns 0 at the end. */
int ec_attrs_next(const ec_attrs *a, size_t *off, const char **key, const char **val);

/* An activation tensor as a layer sees it. */
typedef struct ec_tensor {
  char *name;
  size_t name_len;
  int64_t *dims; /* entries < 0 are dynamic (-1) */
  int ndims;
  char *format;        /* Format/Datatype as written, or NULL */
  const char *format_short; /* TREx's short form, data type canonical ("FP16 NHWC8", "INT8 NC/32HW32",
                               "FP32" for "Float"); "Unknown format" if unmapped; static */
  const char *precision;      /* "FP32","FP16","BF16","INT8","FP8","INT4","FP4","INT32","INT64","Bool","Unknown",... */
  const char *precision_trex; /* TREx's label (BF16 -> FP32, Bool -> Bool) */
  double elem_bytes;          /* our element size (BF16 2, Bool 1, INT4 0.5); 0 when unknown */
  double elem_bytes_trex;     /* TREx's element size (BF16 short form / Bool 0) */
  const char *location;       /* "Device", "Host", "other" or NULL; static */
  int64_t volume;             /* product of dims; -1 when a dim is dynamic */
} ec_tensor;

/* An engine input or output. Built once by load: the graph's "Bindings"
 * list names them (without one, they are inferred from the layers'
 * tensors); a binding some layer writes (directly or through a folded NoOp
 * chain) is an output, one that layers only read is an input. */
typedef enum { EC_BIND_UNKNOWN = 0, EC_BIND_INPUT, EC_BIND_OUTPUT } ec_bind_dir;

/* One optimisation profile of a binding, as TensorRT 11's "I/O Tensors"
 * give it (ProfileInfo): min/opt/max shapes (v NULL when not given: an
 * output's entry has its format only) and the format as written. */
typedef struct ec_bind_profile {
  int64_t *min, *opt, *max; /* NULL when not given */
  int nmin, nopt, nmax;
  char *format;             /* or NULL */
} ec_bind_profile;

typedef struct ec_binding {
  ec_tensor t;          /* t.name is the binding's name; dims, format and precision are
                           the tensor as its producer writes it (outputs) or its first
                           reader reads it (inputs); dims NULL and format NULL when no
                           layer describes it (described == 0) */
  ec_bind_dir dir;      /* EC_BIND_UNKNOWN when no layer reads or writes it */
  int described;        /* shape and format known */
  int listed;           /* named by the graph's "Bindings" list (0: inferred) */
  const struct ec_input_shape *shapes; /* an input's optimisation-profile and inference
                           shapes from the options (borrowed from e->input_shapes), NULL
                           when no option names it */
  ec_bind_profile *profiles; /* every optimisation profile's entry from "I/O Tensors"
                           (TensorRT 11), in profile order; NULL when not given */
  size_t n_profiles;
  const ec_bind_profile *profile; /* the entry of the profile in use (--profile-index), or NULL */
  int shape_io;         /* IsShapeInferenceIO: 1 a shape tensor, 0 not, -1 not given */
} ec_binding;

/** min (which 0), opt (1) or max (2) shape of the profile in use: the
 *  binding's "I/O Tensors" entry, else the options' (an input's
 *  --minShapes/...); NULL with *n 0 when neither gives it. Borrowed. */
const int64_t *ec_binding_profile_shape(const ec_binding *b, int which, int *n);

/** "input", "output" or NULL (unknown). */
const char *ec_bind_dir_name(ec_bind_dir d);

/* Layer attributes that analyses need, extracted from the raw keys. */
typedef struct ec_conv {
  int present;        /* a convolution or deconvolution with these fields */
  int64_t kernel[3];  /* R,S (and T); 0 when absent */
  int nkernel;
  int64_t groups;     /* 1 when absent */
  int64_t out_maps;   /* K from OutMaps, 0 when absent */
  int64_t stride[3];
  int64_t dilation[3];
} ec_conv;

/* A MatrixMultiply operand's operation (MatrixOpA, MatrixOpB): NONE uses
 * the operand as it is, TRANSPOSE swaps its last two axes, VECTOR makes it a
 * vector ([..., K]) per batch. */
typedef enum { EC_MATOP_UNKNOWN = 0, EC_MATOP_NONE, EC_MATOP_TRANSPOSE, EC_MATOP_VECTOR } ec_matop;

/* One kernel of a layer as a profiler of kernels saw it (Nsight Systems:
 * src/load/nsys.c, nsys_stats.c): every launch of one kernel name the layer
 * made, summed. Times are NAN and launch settings -1 when the source does
 * not give them. */
typedef struct ec_kernel {
  char *name;               /* as the source names it (demangled when it has both) */
  char *range;              /* the innermost NVTX range it was launched in when that is not the
                               layer's own range (a Myelin sub-range), else NULL */
  size_t launches;          /* over the whole capture */
  size_t instances;         /* the layer's iterations (range instances, graph launches) its launches
                               fall in: per-iteration figures divide by its layer's instances */
  double total_ms;          /* sum of its durations */
  double iter_median_ms;    /* per iteration of its layer: median and mean of its time in each */
  double iter_mean_ms;
  double launch_median_ms;  /* median duration of one launch */
  int64_t grid[3], block[3];/* of its first launch */
  int64_t registers, static_smem, dynamic_smem, stream, graph_node;
  unsigned varies;          /* EC_KERNEL_VARIES_* bits: its launches differ in these */
  int64_t first_start;      /* its first launch's start (ns), for the order */
} ec_kernel;

enum { EC_KERNEL_VARIES_SHAPE = 1u, EC_KERNEL_VARIES_STREAM = 2u };

/* The kernels of one layer (ec_layer.kern; NULL when no kernel data names
 * the layer). */
typedef struct ec_layer_kernels {
  ec_kernel *v;             /* in the order of their first launch */
  size_t n;
  size_t instances;         /* iterations of the layer that launched kernels; 0 when unknown */
  size_t launches;
  double total_ms;          /* sum over its kernels and iterations */
  double iter_mean_ms;      /* its kernels' time per iteration: mean and median */
  double iter_median_ms;
  double span_mean_ms;      /* per iteration, first kernel start to last kernel end (mean); NAN unknown */
} ec_layer_kernels;

/* ec_layer.unknown: what the layer's source did not describe. 0 for a
 * detailed graph JSON or --dumpLayerInfo dump, which describe everything. */
enum {
  EC_UNKNOWN_TENSORS = 1u, /* names only: no inputs, outputs, types or shapes */
  EC_UNKNOWN_WEIGHTS = 2u  /* no weight objects listed (a log's "Layer(T): ..." listing, names only) */
};

typedef struct ec_layer {
  size_t index;         /* position among the engine's kept layers */
  char *name;           /* after control-character repair and disambiguation */
  size_t name_len;
  char *layer_type;     /* raw LayerType ("CaskConvolution"); after deconv conversion */
  char *type;           /* TREx 'type': ParameterType if present, else LayerType (a log listing
                           without ParameterType: graph JSON's for that LayerType; load/internal.h
                           ec_layer_type_normal) */
  char *tactic;         /* TacticName, or "TensorRT" when absent */
  char *tactic_value;   /* TacticValue or NULL */
  char *origin;         /* Reformat Origin ("QDQ", "REFORMAT") or NULL */
  char **metadata;      /* ONNX metadata entries (split on U+001E/U+001F) */
  size_t n_metadata;
  char **operations;    /* PointWise operations, if listed */
  size_t n_operations;
  char *pooling_type;   /* "MAX", "AVERAGE" or NULL */
  char *activation;     /* "RELU", ... or NULL */
  int64_t stream_id;    /* -1 when absent */
  ec_tensor *in, *out;
  size_t n_in, n_out;
  ec_tensor *consts;    /* TensorRT 11 "Constants": tensors that feed the layer and are its
                           weights (counted as weights, never as I/O or bindings) */
  size_t n_consts;
  int lists_consts;     /* the layer has a "Constants" key (possibly empty): its weights are
                           listed, so an input no layer writes and no binding names is an
                           engine-internal buffer (Myelin's L2-cache policy), not a weight */
  const char *precision;     /* of in[0]; "None" without inputs */
  const char *precision_trex;
  const char *out_precision; /* of out[0]; "" without outputs */
  char *weights_type;        /* Weights.Type, canonical ("FP16" for "Half"), or NULL */
  int64_t weights_count;     /* Weights.Count or 0 */
  int64_t bias_count;
  double weights_bytes;      /* every {Type,Count} object on the layer (Weights, Bias, ConvWeights, ...) */
  double weights_bytes_trex; /* TREx: Weights.Count*sizeof(Type) only */
  unsigned unknown;          /* EC_UNKNOWN_* bits */
  double io_bytes;           /* sum of in+out volume*elem_bytes; dynamic tensors count 0 (raw: reports use
                                facts/layer_numbers.h, which knows unknown from 0 and constants from I/O) */
  double io_bytes_trex;
  int io_unknown;            /* 1 when a tensor had dynamic dims */
  ec_conv conv;
  unsigned char matop[2];    /* ec_matop of input 0 (A) and input 1 (B); EC_MATOP_UNKNOWN when not given */
  /* Profile (valid when has_profile). */
  int has_profile;
  int has_median;
  double avg_ms, median_ms, time_ms;
  double pct;                /* the profile's own "percentage", as read (validated by lint; shares
                                use facts/summary.h ec_layer_share_pct, one denominator) */
  ec_attrs attrs;            /* every other raw key, for tooltips and exports */
  ec_layer_kernels *kern;    /* its kernels (Nsight Systems), or NULL */
} ec_layer;

/* A statistic set as trtexec prints it: labelled values in print order.
 * Labels: "min","max","mean","median","p90","p95","p99", or "pX" for others. */
typedef struct ec_statval {
  char label[16];
  double value;
} ec_statval;

typedef struct ec_stats {
  int n;
  ec_statval v[16];
  const char *source; /* "timing.json", "metadata", "log"; static string */
} ec_stats;

/** Value of label in s, or NAN when absent. */
double ec_stats_get(const ec_stats *s, const char *label);
/** Set (or add) label in s. */
void ec_stats_set(ec_stats *s, const char *label, double v);

/* A stored sketch of a per-iteration distribution (a compare baseline read
 * from `summary --json`): m quantiles at probabilities j/(m-1) of n
 * iterations; m is 0 when there is none. */
typedef struct ec_sketch {
  double *q;
  size_t m;
  size_t n;
} ec_sketch;

typedef struct ec_perf {
  int present;
  double throughput_qps;      /* NAN when unknown */
  const char *throughput_source;
  ec_stats gpu_compute, latency, enqueue, h2d, d2h;
  double walltime_s;          /* Total Host Walltime, NAN when unknown */
  double total_gpu_compute_s; /* NAN when unknown */
  ec_kvs notes;               /* trtexec's own warnings and remarks, key = source */
  ec_sketch gpu_compute_sketch, latency_sketch; /* from a stored summary only */
} ec_perf;

typedef struct ec_device {
  int present;
  char *name;
  char *compute_capability; /* "8.0" */
  double sms;               /* NAN when unknown */
  double compute_clock_ghz;
  double memory_clock_ghz;
  double bus_width_bits;
  char *global_memory;      /* "80994 MiB" as printed */
  const char *source;
  ec_kvs all;               /* every device field as read */
} ec_device;

/* One run of per-iteration timings (trtexec --exportTimes). Arrays have n
 * entries or are NULL when the field was absent. */
typedef struct ec_timing {
  size_t n;
  double *latency, *compute, *enqueue, *h2d, *d2h;
  const char *latency_field; /* "latencyMs", "endToEndMs" */
  int legacy;                /* TensorRT 7 records (startInMs/endInMs) */
} ec_timing;

/* A shape as trtexec prints it ("1x3x224x224"); v is NULL when not given. */
typedef struct ec_dims {
  int64_t *v;
  int n;
} ec_dims;

/* One engine input's shapes from the build and inference options: the
 * optimisation profile's min/opt/max (--minShapes/--optShapes/--maxShapes,
 * "Input build shape" lines) and the shape it ran with (--shapes, "Input
 * inference shape" lines). A shape no input file gives has v == NULL. */
typedef struct ec_input_shape {
  char *name;
  ec_dims min, opt, max, inference;
} ec_input_shape;

typedef struct ec_input_shapes {
  ec_input_shape *v; /* in the order the inputs were first named */
  size_t n, cap;
} ec_input_shapes;

/* A latency with its name, as a stored summary keeps it: a layer type's sum
 * (latency_ms.by_type; type NULL) or a layer (top_layers, layers_kept; ms
 * NAN when the summary says null; precision NULL when not stored). */
typedef struct ec_named_ms {
  char *name;
  char *type;
  double ms;
  char *precision;
} ec_named_ms;

/* A precision's part of a stored summary: its latency_ms.by_precision (ms;
 * NAN when the summary has no latencies or says null) and its
 * layer_count.by_precision (layers; NAN when absent). */
typedef struct ec_stored_prec {
  char *precision;
  double ms;
  double layers;
} ec_stored_prec;

typedef enum {
  EC_FILE_GRAPH = 0,
  EC_FILE_PROFILE,
  EC_FILE_TIMING,
  EC_FILE_PROFILE_META,
  EC_FILE_BUILD_META,
  EC_FILE_DEVICE_META,
  EC_FILE_LOG,
  EC_FILE_SUMMARY,
  EC_FILE_LAYER_TIMES, /* per-layer samples from another profiler (Torch-TensorRT trace, IProfiler map) */
  EC_FILE_POLYGRAPHY,  /* `polygraphy inspect model X.engine` text: I/O, profiles, layers */
  EC_FILE_NSYS,        /* an Nsight Systems export (nsys export --type sqlite) */
  EC_FILE_NSYS_STATS,  /* an nsys stats report (CSV or JSON) */
  EC_FILE_UNKNOWN
} ec_file_kind;

const char *ec_file_kind_name(ec_file_kind k);

typedef struct ec_file {
  char *path;
  ec_file_kind kind;
} ec_file;

/* One run (trtexec invocation) of one input file and what the engine took
 * from it: the report says which run each fact came from. */
typedef struct ec_run_fact {
  char *path;       /* the file */
  size_t run, runs; /* 1-based run used, of runs in the file (1 for a file that is one run) */
  char *command;    /* the run's command line as printed (untrusted), or NULL */
  const char *role; /* "build", "inference (--loadEngine)", "build and inference", or NULL; static */
  char *gave;       /* what it gave ("options, performance summary, layer listing"), owned */
} ec_run_fact;

typedef struct ec_engine {
  char *name;
  ec_file *files;
  size_t n_files, cap_files;

  /* Graph */
  int has_graph;
  int graph_names_only;     /* layer info without detail */
  ec_layer *layers;         /* kept layers, graph order (TREx df rows) */
  size_t n_layers, cap_layers;
  ec_layer *hidden;         /* NoOp and Constant layers, kept for the graph view */
  size_t n_hidden, cap_hidden;
  ec_binding *bindings;      /* engine inputs and outputs, see ec_binding */
  size_t n_bindings;
  ec_map binding_index;      /* name -> index into bindings (set by load; empty: ec_engine_binding scans) */
  size_t n_raw_layers;
  size_t n_noop, n_constant, n_shape_call, n_signal_wait, n_other_profile;
  size_t n_internal;         /* engine-internal layers set aside into hidden: Myelin's L2-cache
                                policy custom_layers, which TensorRT says correspond to no layer of
                                the network (never layers, activations, precision shares) */
  size_t n_internal_tensors; /* engine-internal tensors (L2-cache policy buffers, Myelin's own
                                tensors) left out of the bindings a listing inferred */

  /* Profile */
  int has_profile;
  int64_t profile_count;      /* iterations, from {"count": N}; 0 when unknown */
  int profile_has_median;
  size_t profile_records;     /* records kept for the selected profile index */
  size_t profile_unmatched;   /* records naming no kept layer */
  double profile_unmatched_ms;
  size_t profile_hidden;      /* records naming folded NoOp/Constant layers */
  size_t layers_without_profile;
  int profile_index;

  /* Timing runs */
  ec_timing *runs;
  size_t n_runs;
  size_t run;                 /* selected run */

  ec_perf perf;
  ec_device device;
  ec_kvs model_options, build_options, inference_options, system_options, reporting_options;
  ec_kvs memory;              /* memory facts from logs: key -> "123 MiB" */
  ec_kvs accuracy;            /* trtexec 11's "Accuracy loss for tensor y (cos): 0.0015" lines: key
                                 "y (cos)" (tensor and algorithm), value as printed ("0.001497", with
                                 " [FAIL: >= threshold 0.001]" when it failed the check) */
  ec_input_shapes input_shapes; /* every input named by the options, for the selected optimisation profile */
  char *trt_version;          /* "8.4.1" or NULL */
  char *trt_version_source;
  /* A file that says it was made by a program, not measured (enginegen's
   * synthetic engines: src/load/provenance.c): its note (untrusted text,
   * at most 500 characters) and the file's path; NULL for real trtexec
   * output. */
  char *generator;
  char *generator_source;

  double stored_layer_sum_ms; /* latency_ms.total of a stored summary (NAN otherwise) */
  int64_t stored_layers;      /* "layers" of a stored summary (-1 otherwise) */
  int64_t stored_profile_count; /* its provenance.profile_iterations (0 when unknown) */
  ec_named_ms *stored_by_type; /* its latency_ms.by_type (a stored summary has no layers), by type */
  size_t n_stored_by_type;
  ec_named_ms *stored_top;     /* its top_layers, slowest first */
  size_t n_stored_top;
  ec_named_ms *stored_kept;    /* its layers_kept: every layer, or the slowest when the engine is large,
                                  in graph order (what compare explains a change with) */
  size_t n_stored_kept;
  int stored_kept_complete;    /* layers_kept holds every layer */
  int stored_layers_partial;   /* the layers were made from a layers_kept that holds only the slowest
                                  (ec_load_stored_layers): others are not known, not absent */
  ec_stored_prec *stored_by_precision; /* its precision mix (rules/expect.h), by precision */
  size_t n_stored_by_precision;
  ec_kvs labels;              /* labels given with `summary --label key=value` (stored in the
                                 summary, read back from it), in the order given */
  size_t n_log_runs;          /* runs in the first log that has any: one per trtexec invocation */
  size_t log_run;             /* the one used (0-based); nothing comes from the others */
  /* Facts a run states about itself (load/log_facts.c). */
  long aux_streams;           /* "Number of aux streams is N" (or trtexec's warning that the engine
                                 uses N auxiliary streams) of the run used; -1 when not said */
  int layer_sum_caveat;       /* trtexec warned that its profile's "Total" may not be accurate
                                 because layers on auxiliary streams ran in parallel */
  char *run_profiler;         /* the profiler the run was made under ("nsys": the log ends with
                                 Nsight Systems' "Generated: ....nsys-rep"), NULL when none is known */
  char *run_profiler_source;  /* the file that says so */
  char *build_tool;           /* what built the engine when a file says ("trtexec": a build run's
                                 log or TREx's build metadata; "Torch-TensorRT": its layer names or
                                 trace), NULL when no file says */
  int build_from_load_run;    /* the only options read are a --loadEngine run's: its Build Options
                                 block echoes trtexec's defaults, so it is no build evidence */
  struct ec_run_fact *run_facts; /* which file and run gave each group of facts (provenance) */
  size_t n_run_facts, cap_run_facts;

  struct ec_kernel_set *kernels; /* the kernel data (Nsight Systems), or NULL when none was given */

  ec_diags diags;             /* everything said while loading this engine */
  ec_diags source_notes;      /* facts two input files give differently: which value was kept
                                 (load/sources.c); the report shows them with the loading warnings */
  struct ec_load_state *ls;   /* private to src/load; NULL after loading */
} ec_engine;

ec_engine *ec_engine_new(const char *name);
void ec_engine_free(ec_engine *e);
/** Record that path was read as kind (copies path). */
void ec_engine_add_file(ec_engine *e, const char *path, ec_file_kind kind);
/** The selected timing run, or NULL. */
const ec_timing *ec_engine_timing(const ec_engine *e);
/** The binding named name (len bytes), or NULL: the one lookup every
 *  output uses. Borrowed from e. */
const ec_binding *ec_engine_binding(const ec_engine *e, const char *name, size_t len);
/** 1 when name is one TensorRT gives a reformatting copy ("Reformatting
 *  CopyNode for Input Tensor 0 to X", "X input reformatter 0", "X output
 *  reformatter 0"): the rule behind a Reformat whose type is not recorded. */
int ec_name_is_reformat(const char *name);
/** 1 when the tensor named name (len bytes) is one of the engine's bindings.
 *  Every "is this tensor a binding" question goes through here. */
int ec_engine_is_binding(const ec_engine *e, const char *name, size_t len);
/** 1 when the engine holds any usable data. */
int ec_engine_usable(const ec_engine *e);

/** The shapes of the input called name (len bytes), or NULL when the options
 *  name no such input. Borrowed from e. */
const ec_input_shape *ec_engine_input_shape(const ec_engine *e, const char *name, size_t len);
/** The entry for name in s, added (with no shapes) when absent. */
ec_input_shape *ec_input_shapes_get(ec_input_shapes *s, const char *name, size_t len);
void ec_input_shapes_free(ec_input_shapes *s);

/* What a profiler of kernels measured over the whole engine (ec_engine.kernels). */
typedef struct ec_kernel_set {
  char *path;               /* the file the kernels come from */
  const char *format;       /* "nsys SQLite export", "nsys stats report"; static */
  char *tool;               /* the exporting tool and its version, or NULL */
  char *gpu;                /* the GPU(s) the kernels ran on, or NULL when the file does not say */
  size_t launches;          /* every kernel launch read */
  double total_ms;
  size_t matched;           /* launches attributed to a layer, and their time */
  double matched_ms;
  size_t in_other_ranges;   /* launched inside NVTX ranges none of which names a layer */
  double in_other_ranges_ms;
  size_t outside_ranges;    /* launched outside every NVTX range */
  double outside_ranges_ms;
  int has_nvtx;             /* the file holds NVTX ranges (0: none, or no NVTX table) */
  size_t n_ranges;          /* NVTX ranges read */
  size_t n_layer_ranges;    /* of them, ranges that name a layer */
  char *first_other_range;  /* the first range text that names no layer, or NULL */
  size_t iterations;        /* inference iterations (enqueue ranges, graph launches) with kernels; 0 unknown */
  double iter_kernel_ms;    /* kernel time per iteration (mean), and the GPU span of an iteration (first
                               kernel start to last end, mean); NAN unknown */
  double iter_span_ms;
  size_t graph_launches;    /* CUDA graph launches traced as whole graphs (nsys's default graph trace) */
  double graph_ms;
  size_t graph_kernels;     /* kernels launched by CUDA graphs (node trace), and those attributed through */
  size_t graph_attributed;  /* their graph node to the capture pass */
  size_t n_streams, n_threads, n_devices;
  ec_kernel *other;         /* the kernels of no layer, by range and name, most time first */
  size_t n_other;
} ec_kernel_set;

/** Release a kernel set (ec_engine.kernels) and a layer's kernels (ec_layer.kern); NULL is fine. */
void ec_engine_kernels_free(ec_kernel_set *s);
void ec_layer_kernels_free(ec_layer_kernels *k);

void ec_layer_clear(ec_layer *l);
void ec_tensor_clear(ec_tensor *t);
void ec_binding_clear(ec_binding *b);
void ec_timing_clear(ec_timing *t);
void ec_kvs_add(ec_kvs *k, const char *key, const char *val);
/** Set key to val: replace the value of an existing key, else add it. */
void ec_kvs_set(ec_kvs *k, const char *key, const char *val);
/** Static "Device"/"Host"/"other" for a Location string of n bytes. */
const char *ec_location_name(const char *s, size_t n);
/** Value for key, or NULL. */
const char *ec_kvs_get(const ec_kvs *k, const char *key);
/** key's value as a positive count (a template's "rows: N"), else dflt. */
size_t ec_kvs_get_count(const ec_kvs *k, const char *key, size_t dflt);
void ec_kvs_free(ec_kvs *k);

#endif
