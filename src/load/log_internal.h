/* log_internal — private to the trtexec log reader (src/load/log*.c).
 *
 * log.c splits the text into lines and dispatches each to the reader of the
 * section it is in; one file per section:
 *   log_text.c     line prefixes, bounded string and number scanning
 *   log_runs.c     banners and trtexec invocations: which one is used, and
 *                  moving its facts into the engine
 *   log_options.c  "=== Model/Build/System/Inference/Reporting Options ===" and
 *                  the device section's key/value lines
 *   log_device.c   the device section into e->device
 *   log_perf.c     the performance summary (8.x+ and TensorRT 7) and notes
 *   log_profile.c  the --dumpProfile table
 *   log_layers.c   --dumpLayerInfo dumps and verbose "Layer(Type): ..." listings
 *                  (tokenised only: layer_keys.c gives each key its meaning)
 *   log_facts.c    memory, engine size and build-time facts
 * Everything read is kept per invocation (ec_log_inv) until the log ends;
 * then one invocation is chosen and only its facts reach the engine. */
#ifndef EC_LOAD_LOG_INTERNAL_H
#define EC_LOAD_LOG_INTERNAL_H
#include "load/internal.h"
#include "load/load.h"
#include "model/engine.h"
#include "util/map.h"
#include <stddef.h>
#include <stdint.h>

#define EC_LOG_MAX_WARN_LINES 8 /* per kind of malformed line, per file */
#define EC_LOG_MAX_NOTES 64
#define EC_LOG_MAX_ERRORS 20

/* ------------------------------------------------------------ text (log_text.c) */

static inline int ec_log_isspace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v'; }
static inline int ec_log_isdigit(char c) { return c >= '0' && c <= '9'; }
static inline int ec_log_isalnum(char c) {
  return ec_log_isdigit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/** Trim blanks at both ends of [*s, *s + *n). */
void ec_log_trim(const char **s, size_t *n);
/** 1 when s[0..n) starts with the literal lit. */
int ec_log_starts(const char *s, size_t n, const char *lit);
/** When s[0..n) starts with lit, set *rest and *rn to what follows and return 1. */
int ec_log_after(const char *s, size_t n, const char *lit, const char **rest, size_t *rn);
/** 1 when s[0..n) equals lit exactly. */
int ec_log_eq(const char *s, size_t n, const char *lit);
/** First occurrence of lit in s[0..n), or NULL. Bounded; s may hold NULs. */
const char *ec_log_find(const char *s, size_t n, const char *lit);
/** A C-locale decimal number at the start of s[0..n) (leading blanks allowed);
 *  *used gets the bytes consumed. Refuses inf, nan and hex. */
int ec_log_num(const char *s, size_t n, double *out, size_t *used);
/** The whole of s[0..n) (trimmed) is a number. */
int ec_log_num_whole(const char *s, size_t n, double *out);
/** A number followed by the unit word unit; a value whose unit was cut off is refused. */
int ec_log_num_unit(const char *s, size_t n, const char *unit, double *out);
/** A value with unit ms, us or s, in milliseconds. */
int ec_log_ms(const char *s, size_t n, double *out);

typedef struct ec_log_line {
  const char *s; /* the raw line, without "\r\n" */
  size_t n;
  const char *c; /* content after the trtexec prefix */
  size_t cn;
  char sev;      /* 'I','W','V','E','F', or 0 when the line has no prefix */
  int trt;       /* "[TRT]" tag: a message from the TensorRT library */
  int no;        /* 1-based line number */
} ec_log_line;

/** Split L->s into prefix and content ("[date-time] [I] [TRT] text"). */
void ec_log_split(ec_log_line *L);

/* ------------------------------------------------------------ invocations */

enum {
  EC_LOG_OPT_MODEL,
  EC_LOG_OPT_BUILD,
  EC_LOG_OPT_SYSTEM,
  EC_LOG_OPT_INFERENCE,
  EC_LOG_OPT_REPORTING,
  EC_LOG_OPT_DEVICE,
  EC_LOG_NOPT
};

typedef struct ec_log_perf {
  int present;
  int line;
  int old_format; /* TensorRT 7 blocks */
  double qps, walltime_s, total_gpu_s;
  ec_stats gpu, lat, enq, h2d, d2h;
} ec_log_perf;

typedef struct ec_log_prow {
  char *name;
  size_t name_len;
  double time_ms, avg_ms, median_ms, pct;
  int has_median;
  int line, col;
} ec_log_prow;

/* One trtexec invocation: a run of the log. It starts at an "&&&& RUNNING"
 * banner, or where a second set of option sections or a second performance
 * summary shows an invocation whose banner is missing. */
typedef struct ec_log_inv {
  int first_line;
  char *cmdline; /* the command line after the banner's " # ", or NULL */
  int banner;   /* "&&&& RUNNING" seen */
  int finished; /* "&&&& PASSED/FAILED" seen */
  int anything; /* any fact read */
  ec_kvs opt[EC_LOG_NOPT];
  int opt_seen[EC_LOG_NOPT];
  char *ver;
  const char *ver_src;
  int ver_rank;        /* 2 version line, 1 banner */
  ec_kvs mem_i, mem_v; /* memory facts from [I] and from verbose lines */
  ec_kvs notes;
  ec_kvs accuracy; /* "Accuracy loss for tensor" lines: "y (cos)" -> "0.001497 [FAIL: ...]" */
  ec_log_perf perf;
  ec_log_prow *prof;
  size_t n_prof, cap_prof;
  int64_t prof_iters;
  int prof_line;
  ec_layer *layers;
  size_t n_layers, cap_layers;
  int layers_rank; /* 3 detailed dump, 2 verbose listing, 1 names only */
  int layers_line;
  ec_diags diags; /* what the log reports for this run (errors, FAILED): said only for the run used */
  ec_input_shapes shapes; /* from its "Input build/inference shape" lines */
  ec_log_binding *binds;  /* the bindings it says it created */
  size_t n_binds, cap_binds;
  ec_log_binding *decl;   /* the network's inputs and outputs a verbose build declares ("Adding
                             network input: x ...", "Marking y as output: y") */
  size_t n_decl, cap_decl;
  struct ec_bind_name *io; /* a --dumpLayerInfo listing's own I/O section ("Bindings:" names,
                             TensorRT 11 "I/O Tensors:" entries) */
  size_t n_io, cap_io;
  int io_listed, io_line;  /* the section was printed (possibly empty), at line */
  long aux_streams;        /* "Number of aux streams is N"; -1 when not said */
  int aux_caveat;          /* trtexec's warning that the profile's "Total" may not be accurate */
  int profiler_line;       /* a profiler's "Generated: ....nsys-rep" after the run (0: none) */
  int is_load;             /* a --loadEngine run (its Build Options block echoes defaults) */
  ec_map bind_index;      /* binds by name (keys borrowed from binds) */
} ec_log_inv;

void ec_log_inv_clear_prof(ec_log_inv *g);
void ec_log_inv_clear_layers(ec_log_inv *g);
void ec_log_inv_free(ec_log_inv *g);
/** Set key to val in k, replacing an earlier value (last one printed wins). */
void ec_log_kvs_put(ec_kvs *k, const char *key, const char *val);

/* ------------------------------------------------------------ parser */

typedef enum {
  EC_LOG_M_NONE = 0,
  EC_LOG_M_SECTION,
  EC_LOG_M_PERF,
  EC_LOG_M_PERF_OLD,
  EC_LOG_M_PROFILE,
  EC_LOG_M_LAYERS_VERBOSE,
  EC_LOG_M_LAYERS_DUMP,
  EC_LOG_M_BINDINGS,
  EC_LOG_M_IO_TENSORS
} ec_log_mode;

enum { EC_LOG_COL_TIME, EC_LOG_COL_AVG, EC_LOG_COL_MEDIAN, EC_LOG_COL_PCT, EC_LOG_NCOL };

typedef struct ec_log_parser {
  ec_engine *e;
  const char *path;
  int profile_index;   /* --profile-index: the optimisation profile whose shapes are read */
  ec_log_inv *segs;
  size_t n_segs, cap_segs;
  ec_log_mode mode;
  int section;         /* EC_LOG_OPT_* while in EC_LOG_M_SECTION */
  ec_stats *old_block; /* TensorRT 7 summary block being read */
  /* profile table */
  int prof_header;              /* header parsed */
  int prof_cols[EC_LOG_NCOL];   /* kinds in print order */
  int prof_ncols;
  int prof_name_first;
  int prof_total; /* Total row seen */
  int prof_start_line;
  /* layer dump */
  int dump_skip; /* reading a dump that loses against what we have */
  int dump_rank;
  int dump_end;  /* the line where the last dump's layers ended (its I/O section follows) */
  int nsys_generated; /* line number of nsys's "Generated:" line (its report path follows) */
  /* notes */
  int last_note; /* index+1 of the note continuation lines extend */
  int last_note_line;
  int n_errors;
  int warn_layer, warn_prof, warn_dump;
  /* a verbose build's autotuning (log_tactics.c) */
  char *tac_runner;                 /* the layer being timed ("Timing Runner: NAME (Runner)"), owned */
  struct ec_log_tac *tac;           /* kernel names by tactic, build times by layer and tactic */
  size_t n_tac, cap_tac;
  ec_map tac_names, tac_times;      /* keys borrowed from tac */
  /* what the log holds so far, all runs together, against its budget
   * (util/budget.h): a count over its limit stops the reading after the
   * line being read, and the file is refused */
  unsigned long long counted[EC_BUDGET_N];
  int line_no; /* the line being read */
  int over;    /* 1 when a count passed its limit */
  ec_budget_id over_id;
  int over_line;
} ec_log_parser;

/** The invocation being read. */
static inline ec_log_inv *ec_log_cur(ec_log_parser *P) { return &P->segs[P->n_segs - 1]; }
/** Start a new invocation at line. */
ec_log_inv *ec_log_new_inv(ec_log_parser *P, int line);
/** A warning at path:line:col. */
void ec_log_warn(ec_log_parser *P, int line, int col, const char *msg);
/** n more of what budget id counts (layers, tensors, profile rows, ...);
 *  the first count over its limit marks the log refused (P->over). */
void ec_log_count(ec_log_parser *P, ec_budget_id id, size_t n);

/* ------------------------------------------------------------ section readers */

/* log_tactics.c */
/** A verbose build's autotuning lines: "--------------- Timing Runner: NAME
 *  (Runner)", "NAME Set Tactic Name: KERNEL Tactic: 0xHEX", "Tactic: 0xHEX
 *  Time: T" and "Fastest Tactic: 0xHEX Time: T". 1 when the line was one. */
int ec_log_tactic_line(ec_log_parser *P, const ec_log_line *L);
/** After the last line: each listed layer whose tactic the listing gives
 *  only as a number gets the kernel name a "Set Tactic Name" line gave that
 *  number, and the time autotuning measured for it (attributes TacticSource
 *  "build log" and BuildTimeMs: build-time measurements, never profile
 *  numbers). Frees what the lines left. */
void ec_log_tactics_apply(ec_log_parser *P);

/* log_runs.c */
/** "&&&& RUNNING/PASSED/FAILED ..." lines. */
void ec_log_banner(ec_log_parser *P, const ec_log_line *L);
/** "TensorRT version: 8.4.1" or "8003"; 1 when the line was one. */
int ec_log_version_line(ec_log_parser *P, const char *c, size_t n);
/** After the last line: choose the invocation, warn about the others, and
 *  move the chosen one's facts into the engine. Returns 0 when anything
 *  usable was read, else -1 (with a diagnostic). */
int ec_log_conclude(ec_log_parser *P, const ec_load_opts *o, int last_no, int last_line_complete);

/* log_options.c */
/** "=== Model Options ===" and the other section headers (t trimmed); 1 when it was one. */
int ec_log_section_begin(ec_log_parser *P, const ec_log_line *L, const char *t, size_t tn);
/** One "key: value" line of the current section. */
void ec_log_section_line(ec_log_parser *P, const ec_log_line *L);

/* log_device.c */
/** Device fields from the "=== Device Information ===" key/values into e. */
void ec_log_merge_device(ec_engine *e, const char *path, int line, int primary, const ec_kvs *d);

/* log_perf.c */
/** Start a performance summary (old_format: TensorRT 7 blocks). */
ec_log_perf *ec_log_perf_begin(ec_log_parser *P, int line, int old_format);
/** One line of the summary; 0 when it is not one. */
int ec_log_perf_line(ec_log_parser *P, const ec_log_line *L);
int ec_log_perf_old_line(ec_log_parser *P, const ec_log_line *L);
/** A trtexec warning ("[W]" without "[TRT]") as a note of the invocation. */
void ec_log_note(ec_log_parser *P, const ec_log_line *L);
/** The chosen invocation's summary into e->perf. */
void ec_log_merge_perf(ec_engine *e, const char *path, const ec_log_inv *g);

/* log_profile.c */
/** "=== Profile (N iterations ) ===" (t trimmed). */
void ec_log_prof_begin(ec_log_parser *P, const ec_log_line *L, const char *t, size_t tn);
/** One line while in the profile table; 1 when consumed. */
int ec_log_prof_line(ec_log_parser *P, const ec_log_line *L);
/** The table ended at line (warns when it has no Total row). */
void ec_log_prof_end(ec_log_parser *P, int line);
/** Stage g's table for ec_load_finish. */
void ec_log_stage_prof(ec_engine *e, const char *path, ec_log_inv *g);

/* log_layers.c */
/** Begin a layer listing of the given rank (see ec_log_inv.layers_rank). */
void ec_log_layers_begin(ec_log_parser *P, int rank, int line);
/** One line while in a --dumpLayerInfo dump ("Layers:" / "Bindings:" / "I/O Tensors:"); 1 when consumed. */
int ec_log_dump_line(ec_log_parser *P, const ec_log_line *L);
/** "Bindings:" or "I/O Tensors:" (a dump's I/O section) starts: 1 when the line was one. */
int ec_log_io_section(ec_log_parser *P, const ec_log_line *L);
/** "Layer(Type): name, Tactic: t, in -> out". */
void ec_log_verbose_layer(ec_log_parser *P, const ec_log_line *L);
/** Stage g's layers for ec_load_finish (ownership moves to the engine). */
void ec_log_stage_layers(ec_engine *e, const char *path, ec_log_inv *g);

/* log_facts.c */
/** "[TRT]" memory facts; 1 when the line was one. */
int ec_log_trt_fact(ec_log_parser *P, const ec_log_line *L);
/** "[I]" facts (build time, engine size, ...); 1 when the line was one. */
int ec_log_info_fact(ec_log_parser *P, const ec_log_line *L, const char *c, size_t n);
/** What a run says about how it ran: "Number of aux streams is N", trtexec's
 *  warning that the "Total" latency may not be accurate (aux streams), a
 *  verbose build's network inputs and outputs ("Adding network input: x with
 *  dtype: float32, dimensions: (-1, 1, 28, 28)", "Marking y as output: y"),
 *  and Nsight Systems' "Generated: ....nsys-rep" after the run. 1 when the
 *  line was one (a warning is still kept as a note by the caller). */
int ec_log_run_fact(ec_log_parser *P, const ec_log_line *L);

/* merging helpers (log_runs.c): fill what e lacks; a value e already has
 * follows load/sources.c's rule (a cut value gives way to the fuller one;
 * when primary, another difference keeps e's value and becomes a note) */
void ec_log_info(ec_engine *e, const char *path, int line, const char *what, const char *old, const char *now);
void ec_log_merge_str(ec_engine *e, const char *path, int line, int primary, char **dst, const char *val,
                      const char *what);
int ec_log_same(double a, double b);
void ec_log_merge_num(ec_engine *e, const char *path, int line, int primary, double *dst, double val,
                      const char *what);
void ec_log_merge_kvs(ec_engine *e, const char *path, int line, int primary, ec_kvs *dst, const ec_kvs *src,
                      const char *what);

#endif
