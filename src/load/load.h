/* load — find an engine's files, recognise them by content, parse them and
 * normalise every TensorRT version's quirks into one ec_engine.
 *
 * Nothing past load knows about file formats or versions. */
#ifndef EC_LOAD_H
#define EC_LOAD_H
#include <stddef.h>
#include "model/engine.h"
#include "util/diag.h"
#include "util/file.h"

typedef struct ec_load_opts {
  const char *graph;     /* --graph F (overrides discovery) */
  const char *profile;   /* --profile F */
  const char *timing;    /* --timing F */
  const char **meta;     /* --meta F (repeatable) */
  size_t n_meta;
  const char **logs;     /* --log F (repeatable) */
  size_t n_logs;
  long run;              /* --run N (1-based); 0 = the last run */
  int profile_index;     /* --profile-index N; 0 = the first optimisation profile */
  const char *const *nsys; /* --nsys F: Nsight Systems exports or stats reports (overrides discovery) */
  size_t n_nsys;
  const char *const *labels; /* "KEY=VALUE" (summary --label): set on the engine after its
                                files, replacing a stored summary's label of the same key */
  size_t n_labels;
  int pool_runs;         /* compare without --run: every run of a multi-run timing file is a
                            repeated run of the engine (its message says so, not "using run N") */
} ec_load_opts;

/* Limits are checked before allocating, each breach a clear diagnostic:
 * the one table is util/budget.h. */
#include "util/budget.h"

/* What loading one ENGINE argument came to. The loader's own vocabulary:
 * the CLI maps it to exit codes (docs/architecture.md, "Errors"), tests and other callers read
 * it as is. Every status but OK has an EC_ERROR diagnostic saying why. */
typedef enum ec_load_status {
  EC_LOAD_OK = 0,        /* usable engine data; problems with single files are warnings */
  EC_LOAD_BAD_INPUT,     /* a file named by an option (--graph, --log, ...) could not be
                            read, parsed or used as that kind; other data may be usable */
  EC_LOAD_NOTHING_USABLE,/* everything was read, but nothing held usable engine data
                            (a directory without engine files, files that fail to parse) */
  EC_LOAD_IO_ERROR,      /* the ENGINE argument names nothing that exists or can be read */
  EC_LOAD_SEVERAL_ENGINES /* the directory (or prefix) holds the files of several engines: nothing
                            is read; the diagnostics name each engine and how to pick it */
} ec_load_status;

/** Short name of a status ("ok", "bad input", "nothing usable", "I/O error"); static. */
const char *ec_load_status_name(ec_load_status s);

/** Load one ENGINE argument ("NAME=PATH"; PATH a prefix, a directory or any
 *  file) into *out (always set; the caller frees it with ec_engine_free).
 *  Several engines may load at once on different threads (ec_cli_load does):
 *  the loader keeps all its state in the engine (a cache is _Thread_local).
 *  Warnings and errors land in (*out)->diags. A discovered file that fails
 *  to parse while other files give usable data is a warning that says the
 *  file is not used; diagnostics of severity EC_ERROR remain only when the
 *  status is not EC_LOAD_OK. */
ec_load_status ec_load_engine(const char *spec, const ec_load_opts *opts, ec_engine **out);
/** Bytes of the files ec_load_engine would look at for spec (0 when there
 *  are none): what loading it costs in memory is a few times this. */
size_t ec_load_input_bytes(const char *spec);


/** Split an ENGINE argument "NAME=PATH" (the name is everything before the
 *  first '=', holds no '/', and an argument that exists as a path is always a
 *  path): returns PATH (inside spec) and sets *name to a copy of NAME (the
 *  caller frees it), or NULL when none was given. */
const char *ec_load_spec_split(const char *spec, char **name);
/** The name an engine gets from its path: the base name without trtexec's
 *  and TREx's suffixes (".graph.json", ".timing.json", ".json", ".log",
 *  ...). Caller frees. */
char *ec_load_default_name(const char *path);
/** Display names that tell engines apart, the one rule for every command
 *  and output (names.c): engines named after their paths (explicit_name[i]
 *  0) that share a name are named by the innermost component of their
 *  absolute path where each differs from the others
 *  (nightly-1120/model.engine and nightly-1121/model.engine become
 *  "nightly-1120" and "nightly-1121"; a stored summary by its file name), or
 *  the components from there down to the engine ("a/y") when one component
 *  still clashes; what stays ambiguous (the same path twice) gets "#2",
 *  "#3". NAME=ENGINE names are kept. names[i]: the name loading gave;
 *  paths[i]: the PATH part (may be NULL). Returns n new names (the caller
 *  frees each and the array); nothing is renamed. */
char **ec_load_distinct_names(const char *const *names, const char *const *paths, const int *explicit_name,
                              size_t n);
/** A stored summary's layers_kept made into the engine's layers (name,
 *  type, precision, profiled latency; nothing else known), so compare can
 *  align them and say what got slower; stored_layers_partial set when the
 *  summary kept only the slowest. Nothing for an engine that has layers or a
 *  summary without layers_kept. Compare's step after loading (the other
 *  commands read a stored summary as it is). Returns the layers made. */
int ec_load_stored_layers(ec_engine *e);
/** The last step of loading a set of engines shown side by side (compare,
 *  report): each takes its name from ec_load_distinct_names, before anything
 *  reads the engines (the model is read-only after it). */
void ec_load_name_set(ec_engine **es, const char *const *paths, const int *explicit_name, size_t n);
/** ec_load_name_set for ENGINE arguments as given ("NAME=PATH" or PATH). */
void ec_load_name_specs(ec_engine **es, const char *const *specs, size_t n);

/** The stored `summary --json` files in directory dir and in its folders
 *  up to depth levels down, recognised by content (a nightly job's folder
 *  of summaries), as "dir/.../file" paths in byte order. Sets *out (the
 *  caller frees each path and the array; NULL when none) and returns their
 *  number. Unreadable entries are skipped. */
size_t ec_load_find_summaries(const char *dir, int depth, char ***out);

/** The file that defines e's layers (its graph file, else a log) and, in
 *  lines[0..e->n_layers), the 1-based line where each layer's name is first
 *  written as a quoted string there (searched in graph order; raw as trtexec
 *  writes it, else JSON-escaped, else escaped to ASCII), 0 when it is not
 *  found. Returns the path (borrowed from
 *  e), or NULL when there is no such file or it cannot be read (lines all
 *  0). */
const char *ec_load_layer_lines(const ec_engine *e, size_t *lines);

/** What a file holds, judged by its content. */
ec_file_kind ec_sniff(const char *text, size_t len);

/* Per-kind readers. Each reads text (from path, for messages) into e and
 * returns 0, or -1 when nothing usable was read (diagnostics say why). */
int ec_load_graph_text(ec_engine *e, const char *path, const char *text, size_t len,
                       const ec_load_opts *o);
int ec_load_profile_text(ec_engine *e, const char *path, const char *text, size_t len,
                         const ec_load_opts *o);
int ec_load_timing_text(ec_engine *e, const char *path, const char *text, size_t len,
                        const ec_load_opts *o);
int ec_load_meta_text(ec_engine *e, const char *path, const char *text, size_t len,
                      const ec_load_opts *o);
/** trtexec console logs (build and/or profile runs), see log.c. */
int ec_load_log_text(ec_engine *e, const char *path, const char *text, size_t len,
                     const ec_load_opts *o);
/** 1 when text looks like a TensorRT/trtexec console log (checks the first 64 KiB). */
int ec_log_sniff(const char *text, size_t len);
/** Per-layer samples from a profiler other than trtexec (Torch-TensorRT's
 *  Chrome trace, an IProfiler {"layer": [ms, ...]} map), read as a profile;
 *  see layer_times.c. */
int ec_load_layer_times_text(ec_engine *e, const char *path, const char *text, size_t len,
                             const ec_load_opts *o);
/** The text of `polygraphy inspect model X.engine` (--show layers [attrs]):
 *  the engine's I/O, profiles, device memory and layers (polygraphy.c). */
int ec_load_polygraphy_text(ec_engine *e, const char *path, const char *text, size_t len,
                            const ec_load_opts *o);
/** 1 when text holds Polygraphy's "==== TensorRT Engine ====" (first 64 KiB). */
int ec_polygraphy_sniff(const char *text, size_t len);
/** A stored `enginecard summary --json` (a compare baseline). */
int ec_load_summary_text(ec_engine *e, const char *path, const char *text, size_t len,
                         const ec_load_opts *o);

/** After every file is read: join the profile to the layers by name, pick the
 *  timing run, and add the warnings that need the whole picture. */
void ec_load_finish(ec_engine *e, const ec_load_opts *o);

/* Format/Datatype strings (format.c). */
typedef struct ec_format_info {
  const char *short_name;     /* TREx's short form with its data-type word canonical ("INT8 NC/32HW32",
                                 "FP16" for kgen "Half"), or NULL when not in TREx's table */
  const char *precision;      /* ours */
  const char *precision_trex;
  double bytes;               /* ours */
  double bytes_trex;
  int known;                  /* 0 when guessed from the text */
} ec_format_info;
/** Classify a Format/Datatype string (len bytes). */
ec_format_info ec_format_classify(const char *fmt, size_t len);
/** The canonical name of a data-type word as TensorRT writes it ("Float" ->
 *  "FP32", "Half" -> "FP16", "Int8" -> "INT8", "BFloat16" -> "BF16",
 *  "Double" -> "FP64", ...; canonical names map to themselves), or NULL when
 *  word[0..n) is no data type. The one normalisation behind tensor
 *  precisions, format names and weight types. Static string. */
const char *ec_dtype_name(const char *word, size_t n);
/** Element size of a Weights/Bias "Type" string (Int8, Half, Float, FP16, ...);
 *  trex selects TREx's table (which knows only Int8/Half/Float/Int32/FP16/FP32). */
double ec_weight_type_bytes(const char *type, int trex);

#endif
