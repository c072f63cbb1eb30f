/* findings — the rules of findings.h. Every message speaks of "the summed
 * layer latency": a profile's per-layer sum is not the end-to-end time of an
 * inference (layers are timed one by one, and layers on auxiliary streams
 * overlap). Nothing here guesses model hyper-parameters from tensor sizes. */
#include "rules/findings.h"
#include "rules/advice.h"
#include "facts/layer_kind.h"
#include "facts/tensorcore.h"
#include "util/alloc.h"
#include "util/order.h"
#include "util/buf.h"
#include "util/map.h"
#include "words/words.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What each layer is (facts/layer_kind.h), judged once per layer: the
 * rules ask again and again while walking the flow. */
typedef struct {
  unsigned char move;    /* ec_move_kind */
  unsigned char matmul;  /* ec_layer_is_matmul */
  unsigned char softmax; /* ec_layer_is_softmax */
  unsigned char mha;     /* ec_layer_is_fused_mha */
  unsigned fusions;      /* EC_FUSE_* of its Myelin kernel */
} S_kind;

typedef struct {
  const ec_engine *e;
  const ec_summary *s;
  const ec_lint_opts *o;
  const ec_flow *f;
  ec_findings *out;
  int lat;            /* a profile was joined */
  double *class_med;  /* median achieved TFLOP/s per efficiency class (S_class), NAN when unknown */
  S_kind *k;          /* per layer */
} S_ctx;

static int S_is(const char *a, const char *b) { return a && b && !strcmp(a, b); }

static double S_ms(const S_ctx *c, const ec_layer *l) { return c->lat && l->has_profile ? l->avg_ms : NAN; }

static double S_share(const S_ctx *c, double ms) { return c->lat ? ec_share_pct(ms, c->s->total_ms) : NAN; }

/* 1 when l's layer information has names only (no types, no tensors). */
static int S_names_only(const ec_layer *l) { return (l->unknown & EC_UNKNOWN_TENSORS) != 0; }

static void S_set_why(ec_finding *x, ec_confidence conf, const char *why) {
  x->confidence = conf;
  free(x->confidence_why);
  x->confidence_why = ec_strdup(why);
}

static void S_dims(ec_buf *b, const ec_tensor *t) {
  ec_buf_putc(b, '[');
  for (int d = 0; d < t->ndims; d++) ec_buf_printf(b, "%s%lld", d ? ", " : "", (long long)t->dims[d]);
  ec_buf_putc(b, ']');
}

/* A shape as trtexec prints it: "1x3x224x224". */
static void S_xdims(ec_buf *b, const ec_dims *d) {
  for (int i = 0; i < d->n; i++) ec_buf_printf(b, "%s%lld", i ? "x" : "", (long long)d->v[i]);
}

/* " what 1x3x224x224"; nothing when the shape was not given. */
static void S_shape(ec_buf *b, const char *what, const ec_dims *d) {
  if (!d->v) return;
  ec_buf_printf(b, " %s ", what);
  S_xdims(b, d);
}

/* ---- efficiency classes ----------------------------------------------------- */

/* A layer's efficiency class: convolution or GEMM, on its kernel's math;
 * -1 when its FLOPs are unknown. */
static int S_class(const S_ctx *c, size_t i) {
  const ec_layer_nums *x = &c->s->nums.v[i];
  if (!(x->flops > 0) || !isfinite(x->tflops) || !(x->tflops > 0)) return -1;
  int conv = ec_layer_is_conv(&c->e->layers[i]);
  return (conv ? 0 : 1) * EC_MATH_N + (int)x->math.math;
}

/* Median achieved TFLOP/s per class, over classes with at least 3 layers. */
static void S_class_medians(S_ctx *c) {
  size_t nk = 2 * EC_MATH_N, n = c->e->n_layers;
  c->class_med = ec_malloc(nk * sizeof *c->class_med);
  double *v = ec_malloc((n ? n : 1) * sizeof *v);
  for (size_t k = 0; k < nk; k++) {
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
      if (S_class(c, i) == (int)k) v[m++] = c->s->nums.v[i].tflops;
    c->class_med[k] = NAN;
    if (m < 3) continue;
    ec_sort_doubles(v, m);
    c->class_med[k] = ec_median_sorted(v, m);
  }
  free(v);
}

/* The time layer i would take at its class's median efficiency, or NAN. */
static double S_median_ms(const S_ctx *c, size_t i) {
  int k = S_class(c, i);
  if (k < 0 || !isfinite(c->class_med[k])) return NAN;
  return c->s->nums.v[i].flops / (c->class_med[k] * 1e12) * 1e3;
}

/* ---- likely gains ------------------------------------------------------------- */

/* How many same-class layers on each side of a layer its neighbours are. */
enum { S_NEIGHBOURS_EACH_SIDE = 2, S_NEIGHBOURS_MIN = 2 };

/* The likely gain of layer i (a hotspot): its time at the median achieved
 * TFLOP/s of its nearest layers of the same efficiency class (S_class: a
 * convolution or a GEMM on the same math) in execution order, up to
 * S_NEIGHBOURS_EACH_SIDE before and after it, at least S_NEIGHBOURS_MIN of
 * them: max(0, t - FLOPs / that TFLOP/s), never above t. Sets x's likely
 * gain, basis and its words; leaves them unset (NAN) without FLOPs, a
 * profile or enough neighbours. */
static void S_likely_neighbours(const S_ctx *c, size_t i, ec_finding *x) {
  const ec_engine *e = c->e;
  const ec_layer *l = &e->layers[i];
  int k = S_class(c, i);
  if (k < 0 || !c->lat || !l->has_profile || !(l->avg_ms > 0)) return;
  double v[2 * S_NEIGHBOURS_EACH_SIDE];
  size_t m = 0, before = 0, after = 0;
  for (size_t j = i; j-- > 0 && before < S_NEIGHBOURS_EACH_SIDE;)
    if (S_class(c, j) == k) v[m++] = c->s->nums.v[j].tflops, before++;
  for (size_t j = i + 1; j < e->n_layers && after < S_NEIGHBOURS_EACH_SIDE; j++)
    if (S_class(c, j) == k) v[m++] = c->s->nums.v[j].tflops, after++;
  if (m < S_NEIGHBOURS_MIN) return;
  ec_sort_doubles(v, m);
  double eff = ec_median_sorted(v, m), t = l->avg_ms;
  double at = c->s->nums.v[i].flops / (eff * 1e12) * 1e3;
  x->gain_ms_likely = fmin(t, fmax(0, t - at));
  x->likely_basis = EC_LIKELY_NEIGHBOURS;
  x->likely_why = ec_asprintf("at " EC_TFLOPS ", the median of its %zu nearest %s %s in execution order (it reaches "
                              "%" EC_TFLOPS_G ")",
                              eff, m, ec_math_label(c->s->nums.v[i].math.math),
                              ec_layer_is_conv(l) ? "convolutions" : "GEMMs", c->s->nums.v[i].tflops);
}

/* ---- hotspot ------------------------------------------------------------------ */

/* What to check and the next step for a hotspot layer. */
static void S_hotspot_advice(const S_ctx *c, size_t i, ec_buf *check, const char **next) {
  const ec_layer *l = &c->e->layers[i];
  const char *ver = c->e->trt_version;
  const ec_layer_nums *x = &c->s->nums.v[i];
  int mm = ec_layer_is_gemm(l) || ec_layer_is_conv(l);
  if (ec_layer_is_dla_output(l)) {
    ec_buf_puts(check, "It waits for a DLA region's output (a DLA output reformatter or a \"from nvm\" record): its "
                       "profile record waits for the DLA, so this is the time the DLA runs the region.");
    *next = "Compare with the region on the GPU (build without --useDLACore, or with --allowGPUFallback and fewer "
            "layers on the DLA), and check the layers the DLA runs with trtexec --verbose.";
  } else if (ec_layer_is_reformat(l)) {
    ec_buf_puts(check, "A Reformat this large means its neighbours disagree on format or precision: see the "
                       "data-movement and reformat-type-conversion findings.");
    *next = "Find why the formats differ: the trtexec --verbose build log names the tactics and formats of both "
            "neighbours; at an engine binding, set --inputIOFormats/--outputIOFormats.";
  } else if (ec_layer_is_myelin(l) && !mm) {
    ec_buf_puts(check, "A Myelin region: its kernels, their precision and time are not in the layer information.");
    *next = "Run trtexec under Nsight Systems (nsys profile trtexec --loadEngine=...) to see the kernels inside, "
            "and compare the ONNX nodes it covers with what you expected it to fuse.";
  } else if (mm) {
    ec_tc_verdict v = ec_tc_classify_layer(l->layer_type, l->tactic);
    if (v.cls == EC_TC_CUDA_CORES && strstr(v.reason, "gemv")) {
      ec_buf_puts(check, "A matrix-vector kernel on CUDA cores (gemv is not a Tensor-Core kernel): it is bound by "
                         "reading its weights, not by math.");
      *next = "Measure a larger batch (trtexec --shapes=<input>:<N>x...): above batch 1 TensorRT can pick a GEMM "
              "that Tensor Cores run; FP16 or INT8 weights halve or quarter the bytes read.";
    } else if (v.cls == EC_TC_CUDA_CORES) {
      ec_buf_printf(check, "Its kernel does not use Tensor Cores (%s).", v.reason);
      int64_t ch = ec_layer_is_conv(l) && l->n_in && l->in[0].ndims == 4 ? l->in[0].dims[1] : -1;
      if (S_is(l->precision, "FP32"))
        *next = ec_advice_for(EC_ADV_FP16_TENSOR_CORES, ver, c->e->build_tool);
      else if (ch > 0 && ch < 8 && S_is(l->precision, "INT8"))
        *next = ec_advice_for(EC_ADV_FIRST_CONV_FP16, ver, c->e->build_tool);
      else if (ch > 0 && ch < 8)
        *next = "Pad its input to 4 or 8 channels in the ONNX model (zero channels and weights) so Tensor-Core "
                "first-layer kernels qualify.";
      else
        *next = "Make its channels (K and N) multiples of 8 (16 for INT8) in the ONNX model so Tensor-Core "
                "tactics qualify.";
    } else {
      if (v.cls == EC_TC_TENSOR_CORES) ec_buf_printf(check, "It runs on Tensor Cores (%s).", v.reason);
      else ec_buf_puts(check, "Its kernel name does not show whether it runs on Tensor Cores.");
      if (isfinite(x->pct_of_peak))
        ec_buf_printf(check, " It reaches " EC_PCT " of the %s peak.", x->pct_of_peak, ec_math_label(x->peak.math));
      *next = "Check the tactic TensorRT chose: the trtexec --verbose build log lists the tactics it timed; try "
              "--builderOptimizationLevel=5 (TensorRT 8.6+), and Nsight Compute (ncu) on its kernel.";
    }
  } else {
    ec_buf_puts(check, "Check its kernel, shapes and precision.");
    *next = ec_advice_for(EC_ADV_OTHER_PRECISION, ver, c->e->build_tool);
  }
}

static void S_hotspot_layer(S_ctx *c, size_t i, long region, double region_ms, size_t region_n) {
  const ec_engine *e = c->e;
  const ec_layer *l = &e->layers[i];
  double ms = S_ms(c, l), share = S_share(c, ms);
  ec_buf ev = {0}, check = {0};
  const char *next = NULL;
  if (l->tactic && strcmp(l->tactic, "TensorRT")) ec_buf_printf(&ev, "kernel %s; ", l->tactic);
  ec_buf_printf(&ev, "precision %s", l->precision ? l->precision : "unknown");
  if (l->out_precision && *l->out_precision && !S_is(l->out_precision, l->precision))
    ec_buf_printf(&ev, " -> %s", l->out_precision);
  for (size_t k = 0; k < l->n_in && k < 3; k++) {
    ec_buf_puts(&ev, k ? ", " : "; in ");
    S_dims(&ev, &l->in[k]);
    if (l->in[k].format_short) ec_buf_printf(&ev, " %s", l->in[k].format_short);
  }
  for (size_t k = 0; k < l->n_out && k < 2; k++) {
    ec_buf_puts(&ev, k ? ", " : "; out ");
    S_dims(&ev, &l->out[k]);
  }
  const ec_layer_nums *x = &c->s->nums.v[i];
  if (isfinite(x->tflops)) ec_buf_printf(&ev, "; " EC_TFLOPS, x->tflops);
  if (region >= 0)
    ec_buf_printf(&ev, "; part of Myelin region myl%ld (%zu %s, " EC_PCT ")", region, region_n,
                  ec_plural(region_n, "layer", "layers"), S_share(c, region_ms));
  S_hotspot_advice(c, i, &check, &next);
  ec_finding *f = ec_findings_push(c->out, "hotspot", EC_LINT_INFO);
  f->layer = (long)i;
  f->share_pct = share;
  f->latency_ms = ms;
  int typed = l->type && strcmp(l->type, "Unknown");
  ec_buf nm = {0};
  ec_lint_layer_label(&nm, l, 0);
  f->message = ec_asprintf("Hotspot: %s%s%s%s takes " EC_PCT " of the summed layer latency (" EC_MS "). %s", nm.data,
                           typed ? " (" : "", typed ? l->type : "", typed ? ")" : "", share, ms, check.data);
  ec_buf_free(&nm);
  f->evidence = ec_buf_take(&ev);
  f->next_step = ec_strdup(next);
  ec_finding_set_layers(f, e, &i, 1);
  double at_median = S_median_ms(c, i);
  if (isfinite(at_median)) {
    f->gain_ms_max = ms > at_median ? ms - at_median : 0;
    f->gain_basis = EC_GAIN_MEDIAN_EFFICIENCY;
  } else {
    f->gain_ms_max = ms;
    f->gain_basis = EC_GAIN_ZERO;
  }
  S_likely_neighbours(c, i, f);
  if (S_names_only(l)) S_set_why(f, EC_CONF_MEDIUM, "names-only layer information: the layer's type and kernel are unknown");
  ec_buf_free(&check);
}

static void S_hotspots(S_ctx *c) {
  const ec_engine *e = c->e;
  size_t n = e->n_layers;
  if (!c->lat || !n) return;
  /* Myelin regions: layers sharing a _myl<N>_ suffix */
  ec_map ids = {0};
  long *region = ec_malloc(n * sizeof *region);
  size_t nreg = 0;
  long *reg_id = ec_malloc(n * sizeof *reg_id);
  double *reg_ms = ec_calloc(n, sizeof *reg_ms);
  size_t *reg_n = ec_calloc(n, sizeof *reg_n);
  unsigned char *reg_hot = ec_calloc(n, 1);
  char key[32];
  char *keys = ec_malloc(n * sizeof key);
  for (size_t i = 0; i < n; i++) {
    long r = ec_layer_myelin_region(&e->layers[i]);
    region[i] = -1;
    if (r < 0) continue;
    snprintf(key, sizeof key, "%ld", r);
    size_t k;
    if (!ec_map_get(&ids, key, strlen(key), &k)) {
      k = nreg++;
      memcpy(keys + k * sizeof key, key, sizeof key);
      ec_map_put(&ids, keys + k * sizeof key, strlen(key), k);
      reg_id[k] = r;
    }
    region[i] = (long)k;
    reg_n[k]++;
    if (e->layers[i].has_profile) reg_ms[k] += e->layers[i].avg_ms;
  }
  for (size_t i = 0; i < n; i++) {
    const ec_layer *l = &e->layers[i];
    double share = ec_layer_share_pct(c->s, l);
    if (!(share >= c->o->hotspot_pct)) continue;
    long k = region[i];
    if (k >= 0) reg_hot[k] = 1;
    S_hotspot_layer(c, i, k >= 0 ? reg_id[k] : -1, k >= 0 ? reg_ms[k] : NAN, k >= 0 ? reg_n[k] : 0);
  }
  for (size_t k = 0; k < nreg; k++) {
    double share = S_share(c, reg_ms[k]);
    if (reg_hot[k] || reg_n[k] < 2 || !(share >= c->o->hotspot_pct)) continue;
    size_t *members = ec_malloc(reg_n[k] * sizeof *members), m = 0;
    for (size_t i = 0; i < n; i++)
      if (region[i] == (long)k) members[m++] = i;
    ec_finding *f = ec_findings_push(c->out, "hotspot", EC_LINT_INFO);
    ec_finding_set_layers(f, e, members, m);
    f->share_pct = share;
    f->latency_ms = reg_ms[k];
    f->message = ec_asprintf("Hotspot: Myelin region myl%ld (%zu %s) takes " EC_PCT " of the summed layer latency "
                             "(" EC_MS "); none of its layers reaches " EC_GIVEN "%% alone.",
                             reg_id[k], m, ec_plural(m, "layer", "layers"), share, reg_ms[k], c->o->hotspot_pct);
    const ec_layer *top = &e->layers[f->layers[0]];
    f->evidence = ec_asprintf("slowest: %s (" EC_MS ")", top->name, top->has_profile ? top->avg_ms : NAN);
    f->next_step = ec_strdup("Run trtexec under Nsight Systems (nsys profile trtexec --loadEngine=...) to see how the "
                             "region's kernels share its time, and compare its ONNX nodes with what you expected it "
                             "to fuse.");
    /* no gain: a region is many kernels, each with its own findings; "if the
     * region took no time" would rank a whole encoder above every experiment */
    S_set_why(f, EC_CONF_MEDIUM, "the region is grouped by the _myl<N>_ suffix of its layer names");
    free(members);
  }
  ec_map_free(&ids);
  free(region);
  free(reg_id);
  free(reg_ms);
  free(reg_n);
  free(reg_hot);
  free(keys);
}

/* ---- data movement ------------------------------------------------------------ */

static void S_data_movement(S_ctx *c) {
  const ec_engine *e = c->e;
  if (!c->lat || !e->n_layers) return;
  enum { K = EC_MOVE_NAMED + 1 };
  size_t cnt[K] = {0}, nl = 0, qdq = 0, named = 0;
  double ms[K] = {0}, total = 0;
  size_t *list = ec_malloc(e->n_layers * sizeof *list);
  for (size_t i = 0; i < e->n_layers; i++) {
    const ec_layer *l = &e->layers[i];
    ec_move_kind k = (ec_move_kind)c->k[i].move;
    if (k == EC_MOVE_NONE || !l->has_profile || !(l->avg_ms > 0)) continue; /* a 0 ms reshape moves nothing */
    cnt[k]++;
    ms[k] += l->avg_ms;
    total += l->avg_ms;
    list[nl++] = i;
    if (k == EC_MOVE_REFORMAT && S_is(l->origin, "QDQ")) qdq++;
    if (k == EC_MOVE_NAMED || (k == EC_MOVE_REFORMAT && S_names_only(l))) named++;
  }
  double share = S_share(c, total);
  ec_lint_sev sev;
  if (share >= c->o->movement_share_warn_pct) sev = EC_LINT_WARNING;
  else if (share >= c->o->movement_share_info_pct) sev = EC_LINT_INFO;
  else {
    free(list);
    return;
  }
  static const char *const what[K] = {
      NULL, "Reformat", "copy layers (Shuffle, Slice, Concatenation, Gather, Cast, Padding)",
      "Myelin kernels that only move or convert (Reshape, Transpose, Move, Cast, Slice, Concat, Gather, ...)",
      "layers named after movement ops (Reshape, Transpose, Slice, ...; names only)"};
  ec_buf ev = {0};
  int dom = EC_MOVE_REFORMAT;
  for (int k = 1; k < K; k++) {
    if (ms[k] > ms[dom]) dom = k;
    if (!cnt[k]) continue;
    ec_buf_printf(&ev, "%s%s: %zu, " EC_MS " (" EC_PCT ")", ev.len ? "; " : "", what[k], cnt[k], ms[k], S_share(c, ms[k]));
  }
  ec_finding *f = ec_findings_push(c->out, "data-movement", sev);
  f->share_pct = share;
  f->latency_ms = total;
  f->message = ec_asprintf("Data movement: %zu %s " EC_PCT " of the summed layer latency (" EC_MS ").", nl,
                           ec_plural(nl, "layer that only moves or converts data takes",
                                     "layers that only move or convert data take"),
                           share, total);
  f->evidence = ec_buf_take(&ev);
  f->mitigation = ec_strdup("Reformats appear where neighbouring layers want different formats or precisions, copies "
                            "where the model reshapes or transposes between ops: one precision and layout across "
                            "neighbours removes most of them.");
  if (dom == EC_MOVE_REFORMAT && qdq)
    f->next_step = ec_strdup("Move Q/DQ nodes so that neighbouring layers agree on INT8 (quantize both inputs of "
                             "residual Adds, and the inputs of pooling and concatenation), then rebuild; the "
                             "reformat-type-conversion findings name each conversion.");
  else if (dom == EC_MOVE_REFORMAT)
    f->next_step = ec_strdup("Find where formats and precisions change: the reformat-type-conversion findings and the "
                             "trtexec --verbose build log; at the engine's bindings use --inputIOFormats and "
                             "--outputIOFormats (e.g. fp16:hwc8).");
  else if (dom == EC_MOVE_KGEN)
    f->next_step = ec_strdup(ec_advice_for(EC_ADV_ONE_PRECISION, e->trt_version, e->build_tool));
  else
    f->next_step = ec_strdup("Fold Reshape/Transpose/Slice nodes into their neighbours in the ONNX model "
                             "(polygraphy surgeon sanitize --fold-constants, onnx-graphsurgeon), and keep one layout "
                             "across neighbouring ops.");
  ec_finding_set_layers(f, e, list, nl);
  f->gain_ms_max = total;
  f->gain_basis = EC_GAIN_ZERO;
  if (named)
    S_set_why(f, EC_CONF_MEDIUM, "names-only layer information: movement recognised from ONNX op names");
  free(list);
}

/* ---- attention and Q/K/V ---------------------------------------------------------- */

/* A layer an attention walk passes through: not a matrix product, a
 * convolution or a softmax. */
static int S_passable(const S_ctx *c, size_t i) {
  return !c->k[i].matmul && !ec_layer_is_conv(&c->e->layers[i]) && !c->k[i].softmax;
}

/* Is a matrix product within depth layers of layer i, upstream (down 0) or
 * downstream (down 1), in the data flow? The movement layers of the first
 * path found are appended to path. */
static int S_reach_matmul(const S_ctx *c, size_t i, int down, int depth, size_t *path, size_t *np) {
  const ec_engine *e = c->e;
  const ec_flow *f = c->f;
  const ec_layer *l = &e->layers[i];
  if (depth <= 0) return 0;
  size_t n = down ? l->n_out : l->n_in;
  for (size_t k = 0; k < n; k++) {
    size_t cand[16], nc = 0;
    if (!down) {
      long w = ec_flow_writer(f, i, k);
      if (w >= 0) cand[nc++] = (size_t)w;
    } else {
      size_t id;
      if (!ec_flow_tid(f, &l->out[k], &id)) continue;
      for (size_t r = f->rd_start[id]; r < f->rd_start[id + 1] && nc < 16; r++)
        if (f->rd_w[r] == (long)i && f->rd[r] != i) cand[nc++] = f->rd[r];
    }
    for (size_t q = 0; q < nc; q++) {
      if (c->k[cand[q]].matmul) return 1;
      if (!S_passable(c, cand[q])) continue;
      size_t mark = *np;
      if (c->k[cand[q]].move != EC_MOVE_NONE) path[(*np)++] = cand[q];
      if (S_reach_matmul(c, cand[q], down, depth - 1, path, np)) return 1;
      *np = mark;
    }
  }
  return 0;
}

/* The ONNX scope of a name's first part: up to and including its last '/'
 * (0 when it has none). */
static size_t S_scope(const char *name) {
  const char *end = strstr(name, " + ");
  size_t n = end ? (size_t)(end - name) : strlen(name), s = 0;
  for (size_t i = 0; i < n; i++)
    if (name[i] == '/') s = i + 1;
  return s;
}

/* Without tensors: a matrix product among the 4 layers before (dir -1) or
 * after (dir 1) layer i, in i's ONNX scope when it has one; the movement
 * layers passed are appended to path. */
static int S_near_matmul(const S_ctx *c, size_t i, int dir, size_t *path, size_t *np) {
  const ec_engine *e = c->e;
  const char *nm = e->layers[i].name;
  size_t sc = S_scope(nm);
  size_t mark = *np;
  for (int step = 1; step <= 4; step++) {
    long j = (long)i + dir * step;
    if (j < 0 || (size_t)j >= e->n_layers) break;
    const ec_layer *m = &e->layers[j];
    if (c->k[j].matmul) {
      if (!sc || !strncmp(m->name, nm, sc)) return 1;
      break;
    }
    if (!S_passable(c, (size_t)j)) break;
    if (c->k[j].move != EC_MOVE_NONE) path[(*np)++] = (size_t)j;
  }
  *np = mark;
  return 0;
}

static void S_attention(S_ctx *c, size_t *mha_out, size_t *blocks_out) {
  const ec_engine *e = c->e;
  size_t n = e->n_layers, nl = 0, blocks = 0, mha = 0;
  int flow_used = 0, fp32 = 0;
  double ms = 0;
  size_t *list = ec_malloc((n ? n : 1) * sizeof *list);
  size_t *path = ec_malloc((n + 16) * sizeof *path); /* a walk holds at most 3 + 4 + 1 layers, cycles included */
  unsigned char *in = ec_calloc(n ? n : 1, 1);
  for (size_t i = 0; i < n; i++) {
    const ec_layer *l = &e->layers[i];
    if (c->k[i].mha) mha++;
    if (!c->k[i].softmax || c->k[i].mha) continue;
    size_t np = 0;
    int tensors = !S_names_only(l) && l->n_in;
    int hit = tensors ? S_reach_matmul(c, i, 0, 3, path, &np) && S_reach_matmul(c, i, 1, 3, path, &np)
                      : S_near_matmul(c, i, -1, path, &np) && S_near_matmul(c, i, 1, path, &np);
    if (!hit) continue;
    flow_used |= tensors;
    blocks++;
    fp32 |= S_is(l->precision, "FP32");
    path[np++] = i;
    for (size_t k = 0; k < np; k++)
      if (!in[path[k]]) {
        in[path[k]] = 1;
        list[nl++] = path[k];
        if (e->layers[path[k]].has_profile) ms += e->layers[path[k]].avg_ms;
      }
  }
  *mha_out = mha;
  *blocks_out = blocks;
  if (blocks) {
    ec_finding *f = ec_findings_push(c->out, "attention-unfused", EC_LINT_WARNING);
    ec_finding_set_layers(f, e, list, nl);
    f->latency_ms = c->lat ? ms : NAN;
    f->share_pct = S_share(c, f->latency_ms);
    f->message = ec_asprintf("Unfused attention: %zu softmax layer%s between matrix products run%s as separate "
                             "kernels%s.",
                             blocks, ec_plural(blocks, "", "s"), ec_plural(blocks, "s", ""),
                             mha ? " (other blocks use a fused attention kernel)" : "");
    if (c->lat)
      f->evidence = ec_asprintf("the softmaxes and the copies between the matrix products: %zu %s, " EC_MS " (" EC_PCT ")",
                                nl, ec_plural(nl, "layer", "layers"), ms, f->share_pct);
    else
      f->evidence = ec_asprintf("the softmaxes and the copies between the matrix products: %zu %s", nl,
                                ec_plural(nl, "layer", "layers"));
    f->next_step = ec_strdup(
        fp32 ? ec_advice_for(EC_ADV_ATTENTION_FP16, e->trt_version, e->build_tool)
             : "Keep nothing but a scale and a mask between the two MatMuls and the Softmax in the ONNX model (no Cast, "
               "Reshape or Transpose inside; export with torch.nn.functional.scaled_dot_product_attention), on "
               "TensorRT 10 or newer, so TensorRT fuses them into one attention kernel.");
    if (c->lat) {
      f->gain_ms_max = ms;
      f->gain_basis = EC_GAIN_ZERO;
    }
    if (!flow_used)
      S_set_why(f, EC_CONF_MEDIUM, "without tensors: matrix products next to the softmax in graph order, same ONNX scope");
  }
  free(list);
  free(path);
  free(in);
}

/* Q/K/V projections of one block in three layers. With tensors: exactly three
 * matrix products read one tensor (directly or through one copy layer). */
static size_t S_qkv_flow(const S_ctx *c, size_t *list, size_t *nl, unsigned char *in) {
  const ec_engine *e = c->e;
  const ec_flow *f = c->f;
  size_t blocks = 0;
  for (size_t id = 0; id < f->ntensors; id++) {
    size_t mm[4], nm = 0;
    for (size_t r = f->rd_start[id]; r < f->rd_start[id + 1] && nm < 4; r++) {
      size_t a = f->rd[r];
      const ec_layer *l = &e->layers[a];
      if (S_names_only(l)) continue;
      if (c->k[a].matmul) {
        int dup = 0;
        for (size_t q = 0; q < nm; q++) dup |= mm[q] == a;
        if (!dup) mm[nm++] = a;
      } else if (c->k[a].move != EC_MOVE_NONE) {
        for (size_t k = 0; k < l->n_out; k++) {
          size_t id2;
          if (!ec_flow_tid(f, &l->out[k], &id2)) continue;
          for (size_t r2 = f->rd_start[id2]; r2 < f->rd_start[id2 + 1] && nm < 4; r2++) {
            size_t b = f->rd[r2];
            if (f->rd_w[r2] != (long)a || !c->k[b].matmul) continue;
            int dup = 0;
            for (size_t q = 0; q < nm; q++) dup |= mm[q] == b;
            if (!dup) mm[nm++] = b;
          }
        }
      }
    }
    if (nm != 3) continue;
    blocks++;
    for (size_t q = 0; q < 3; q++)
      if (!in[mm[q]]) in[mm[q]] = 1, list[(*nl)++] = mm[q];
  }
  return blocks;
}

/* Without tensors: q_proj/k_proj/v_proj (or /query/ /key/ /value/) of one
 * scope named by three different matrix-product layers, none covering two. */
static size_t S_qkv_names(const S_ctx *c, size_t *list, size_t *nl, unsigned char *in) {
  const ec_engine *e = c->e;
  static const char *const mark[6] = {"q_proj", "k_proj", "v_proj", "/query/", "/key/", "/value/"};
  typedef struct {
    long who[3];
    int shared;
  } S_blk;
  S_blk *b = NULL;
  size_t nb = 0, cap = 0, blocks = 0;
  ec_map keys = {0};
  for (size_t i = 0; i < e->n_layers; i++) {
    const ec_layer *l = &e->layers[i];
    if (!S_names_only(l) || !c->k[i].matmul) continue;
    size_t first_blk = (size_t)-1;
    for (int m = 0; m < 6; m++) {
      const char *p = strstr(l->name, mark[m]);
      if (!p) continue;
      /* the block: the text of p's " + " / " || " part before the marker */
      const char *part = l->name;
      for (const char *q = l->name; q < p; q++)
        if (!strncmp(q, " + ", 3)) part = q + 3;
        else if (!strncmp(q, " || ", 4)) part = q + 4;
      size_t klen = (size_t)(p - part), k;
      if (!ec_map_get(&keys, part, klen, &k)) {
        k = nb;
        S_blk *x = EC_PUSH(b, nb, cap);
        x->who[0] = x->who[1] = x->who[2] = -1;
        x->shared = 0;
        ec_map_put(&keys, part, klen, k);
      }
      if (b[k].who[m % 3] < 0) b[k].who[m % 3] = (long)i;
      if (first_blk == (size_t)-1) first_blk = k;
      else if (first_blk == k) b[k].shared = 1;
    }
  }
  for (size_t k = 0; k < nb; k++) {
    long q = b[k].who[0], kk = b[k].who[1], v = b[k].who[2];
    if (b[k].shared || q < 0 || kk < 0 || v < 0 || q == kk || q == v || kk == v) continue;
    blocks++;
    long w[3] = {q, kk, v};
    for (int m = 0; m < 3; m++)
      if (!in[w[m]]) in[w[m]] = 1, list[(*nl)++] = (size_t)w[m];
  }
  ec_map_free(&keys);
  free(b);
  return blocks;
}

static void S_qkv(S_ctx *c) {
  const ec_engine *e = c->e;
  size_t n = e->n_layers, nl = 0;
  size_t *list = ec_malloc((n ? n : 1) * sizeof *list);
  unsigned char *in = ec_calloc(n ? n : 1, 1);
  size_t bf = S_qkv_flow(c, list, &nl, in);
  size_t bn = S_qkv_names(c, list, &nl, in);
  if (bf + bn) {
    double ms = 0, gain = 0;
    int gain_known = c->lat;
    for (size_t k = 0; k < nl; k++) {
      const ec_layer *l = &e->layers[list[k]];
      if (l->has_profile) ms += l->avg_ms;
      double at = S_median_ms(c, list[k]);
      if (!isfinite(at) || !l->has_profile) gain_known = 0;
      else if (l->avg_ms > at) gain += l->avg_ms - at;
    }
    ec_finding *f = ec_findings_push(c->out, "qkv-unfused", EC_LINT_INFO);
    ec_finding_set_layers(f, e, list, nl);
    f->latency_ms = c->lat ? ms : NAN;
    f->share_pct = S_share(c, f->latency_ms);
    f->message = ec_asprintf("Q/K/V projections: %zu block%s Q, K and V with three separate matrix products.",
                             bf + bn, ec_plural(bf + bn, " computes", "s compute"));
    f->evidence = c->lat ? ec_asprintf("%zu matrix %s, " EC_MS " (" EC_PCT ")", nl,
                                       ec_plural(nl, "product", "products"), ms, f->share_pct)
                         : ec_asprintf("%zu matrix %s", nl, ec_plural(nl, "product", "products"));
    f->next_step = ec_strdup("Concatenate the Q, K and V weights into one [d, 3d] MatMul followed by a Split in the "
                             "ONNX model (one larger GEMM instead of three), or keep the three MatMuls reading the same "
                             "tensor with nothing between so TensorRT can merge them.");
    if (gain_known) {
      f->gain_ms_max = gain;
      f->gain_basis = EC_GAIN_MEDIAN_EFFICIENCY;
    }
    if (!bf) S_set_why(f, EC_CONF_MEDIUM, "without tensors: q/k/v projection names in one ONNX scope");
  }
  free(list);
  free(in);
}

/* ---- recognised transformer fusions -------------------------------------------- */

static void S_transformer(S_ctx *c, size_t mha, size_t attention_blocks) {
  const ec_engine *e = c->e;
  size_t n = e->n_layers, nl = 0, ln = 0, gelu = 0, sm = 0;
  double ms = 0;
  size_t *list = ec_malloc((n ? n : 1) * sizeof *list);
  for (size_t i = 0; i < n; i++) {
    const ec_layer *l = &e->layers[i];
    unsigned fu = c->k[i].fusions;
    int m = c->k[i].mha;
    if (!fu && !m) continue;
    ln += (fu & EC_FUSE_LAYERNORM) != 0;
    gelu += (fu & EC_FUSE_GELU) != 0;
    sm += (fu & EC_FUSE_SOFTMAX) != 0;
    list[nl++] = i;
    if (l->has_profile) ms += l->avg_ms;
  }
  /* transformer evidence: a LayerNorm, a fused attention kernel or an
   * attention pattern; a softmax or GELU alone is not (an MNIST head) */
  if (!nl || (!ln && !mha && !attention_blocks)) {
    free(list);
    return;
  }
  ec_finding *f = ec_findings_push(c->out, "transformer-fusions", EC_LINT_INFO);
  ec_finding_set_layers(f, e, list, nl);
  f->latency_ms = c->lat ? ms : NAN;
  f->share_pct = S_share(c, f->latency_ms);
  ec_buf m = {0};
  const struct {
    size_t n;
    const char *what;
  } parts[] = {{ln, "LayerNorm"}, {gelu, "GELU"}, {sm, "softmax"}, {mha, "fused attention"}};
  for (size_t k = 0; k < sizeof parts / sizeof parts[0]; k++)
    if (parts[k].n)
      ec_buf_printf(&m, "%s%s in %zu kernel%s", m.len ? ", " : "Transformer fusions recognised: ", parts[k].what,
                    parts[k].n, ec_plural(parts[k].n, "", "s"));
  ec_buf_puts(&m, attention_blocks ? "; some attention runs unfused (see attention-unfused)." : ".");
  f->message = ec_buf_take(&m);
  f->evidence = c->lat ? ec_asprintf("%zu %s, " EC_MS " (" EC_PCT ")", nl, ec_plural(nl, "kernel", "kernels"), ms,
                                     f->share_pct)
                       : ec_asprintf("%zu %s", nl, ec_plural(nl, "kernel", "kernels"));
  free(list);
}

/* ---- tiny kernels ------------------------------------------------------------------ */

static void S_tiny(S_ctx *c) {
  const ec_engine *e = c->e;
  if (!c->lat) return;
  size_t n = e->n_layers, nt = 0;
  double ms = 0;
  size_t *list = ec_malloc((n ? n : 1) * sizeof *list);
  double *d = ec_malloc((n ? n : 1) * sizeof *d);
  for (size_t i = 0; i < n; i++) {
    const ec_layer *l = &e->layers[i];
    if (!l->has_profile || !(l->avg_ms > 0) || !(l->avg_ms < c->o->tiny_kernel_ms)) continue;
    d[nt] = l->avg_ms;
    list[nt++] = i;
    ms += l->avg_ms;
  }
  double share = S_share(c, ms);
  if (nt >= c->o->tiny_min_layers && share >= c->o->tiny_share_pct) {
    ec_sort_doubles(d, nt);
    double med = ec_median_sorted(d, nt);
    ec_finding *f = ec_findings_push(c->out, "tiny-kernels", EC_LINT_INFO);
    ec_finding_set_layers(f, e, list, nt);
    f->latency_ms = ms;
    f->share_pct = share;
    f->message = ec_asprintf("Tiny kernels: %zu of %zu %s average under " EC_US " and together take " EC_PCT " of the "
                             "summed layer latency: launch overhead, not work, may set their time.",
                             nt, n, ec_plural(n, "layer", "layers"), c->o->tiny_kernel_ms * 1e3, share);
    ec_buf ev = {0};
    ec_buf_printf(&ev, "%zu %s, " EC_MS "; median " EC_US " each", nt, ec_plural(nt, "layer", "layers"), ms, med * 1e3);
    ec_e2e t = ec_summary_e2e(c->s);
    if (t.known && isfinite(t.median_ms))
      ec_buf_printf(&ev, "; layer sum " EC_MS " against the %s median " EC_MS " (%s)", c->s->total_ms, t.what,
                    t.median_ms, t.source);
    f->evidence = ec_buf_take(&ev);
    const char *graph = ec_kvs_get(&e->inference_options, "CUDA Graph");
    f->next_step = ec_strdup(
        graph && !strcmp(graph, "Enabled")
            ? "The timing already used CUDA Graphs: fuse the small ops instead (fold constants with polygraphy surgeon "
              "sanitize --fold-constants, remove Reshape/Cast chains in the ONNX model)."
            : ec_advice_for(EC_ADV_CUDA_GRAPH, e->trt_version, e->build_tool));
    f->gain_ms_max = ms;
    f->gain_basis = EC_GAIN_ZERO;
  }
  free(list);
  free(d);
}

/* ---- streams ------------------------------------------------------------------------- */

static void S_streams(S_ctx *c) {
  const ec_engine *e = c->e;
  size_t n = e->n_layers, naux = 0, nsync = 0, nstreams = 0;
  int64_t seen[64];
  size_t *list = ec_malloc((n ? n : 1) * sizeof *list);
  int names = 0;
  for (int pass = 0; pass < 2; pass++) {
    const ec_layer *ls = pass ? e->hidden : e->layers;
    size_t m = pass ? e->n_hidden : n;
    for (size_t i = 0; i < m; i++) {
      const ec_layer *l = &ls[i];
      if (ec_layer_is_sync(l)) {
        nsync++;
        names |= !S_is(l->layer_type, "signal") && !S_is(l->layer_type, "wait");
      }
      if (l->stream_id > 0) {
        if (!pass) list[naux++] = i;
        int dup = 0;
        for (size_t k = 0; k < nstreams; k++) dup |= seen[k] == l->stream_id;
        if (!dup && nstreams < 64) seen[nstreams++] = l->stream_id;
      }
    }
  }
  if (!naux && !nsync && (e->aux_streams > 0 || e->layer_sum_caveat)) {
    /* the layer information does not say which layers run where, the run does */
    free(list);
    ec_finding *f = ec_findings_push(c->out, "aux-streams", EC_LINT_INFO);
    f->latency_ms = NAN;
    f->share_pct = NAN;
    if (e->aux_streams > 0)
      f->message = ec_asprintf("One engine on %ld %s: the run says the engine uses %ld auxiliary stream%s. Layers "
                               "on different streams overlap, so the summed layer latency overstates the end-to-end "
                               "time%s.",
                               e->aux_streams + 1, ec_plural(e->aux_streams + 1, "stream",
                                                             "streams"), e->aux_streams, ec_plural((size_t)e->aux_streams,
                                                             "", "s"),
                               e->layer_sum_caveat ? " (trtexec warned that its \"Total\" may not be accurate)" : "");
    else
      f->message = ec_strdup("One engine on several streams: trtexec warned that its \"Total\" latency may not be "
                             "accurate because layers on auxiliary streams ran in parallel. The summed layer latency "
                             "overstates the end-to-end time.");
    f->evidence = ec_asprintf("log: %s%s", e->aux_streams >= 0 ? "\"Number of aux streams is N\"" : "",
                              e->layer_sum_caveat ? (e->aux_streams >= 0 ? "; trtexec's \"Total\" warning"
                                                                         : "trtexec's \"Total\" warning")
                                                  : "");
    f->next_step = ec_strdup("Compare the end-to-end time with trtexec --maxAuxStreams=0 (TensorRT 8.6+), and look at "
                             "the overlap in Nsight Systems (nsys profile trtexec --loadEngine=...).");
    return;
  }
  if (!naux && !nsync) {
    free(list);
    return;
  }
  ec_finding *f = ec_findings_push(c->out, "aux-streams", EC_LINT_INFO);
  ec_finding_set_layers(f, e, list, naux);
  double ms = 0;
  for (size_t k = 0; k < naux; k++)
    if (e->layers[list[k]].has_profile) ms += e->layers[list[k]].avg_ms;
  f->latency_ms = c->lat && naux ? ms : NAN;
  f->share_pct = S_share(c, f->latency_ms);
  if (naux)
    f->message = ec_asprintf("One engine on %zu %s: %zu layer%s on %zu auxiliary stream%s and %zu signal/wait %s "
                             "synchronise them. Layers on different streams overlap, so the summed layer "
                             "latency overstates the end-to-end time.",
                             nstreams + 1, ec_plural(nstreams + 1, "stream", "streams"), naux, ec_plural(naux, " runs",
                                                     "s run"), nstreams, ec_plural(nstreams, "", "s"),
                             nsync, ec_plural(nsync, "layer", "layers"));
  else
    f->message = ec_asprintf("One engine on several streams: %zu signal/wait %s synchronise auxiliary streams "
                             "(the layer information does not say which layers run on them). Layers on different "
                             "streams overlap, so the summed layer latency overstates the end-to-end time.",
                             nsync, ec_plural(nsync, "layer", "layers"));
  f->evidence = ec_asprintf("StreamId > 0: %zu %s; signal/wait layers: %zu", naux, ec_plural(naux, "layer", "layers"),
                            nsync);
  f->next_step = ec_strdup("Compare the end-to-end time with trtexec --maxAuxStreams=0 (TensorRT 8.6+), and look at "
                           "the overlap in Nsight Systems (nsys profile trtexec --loadEngine=...).");
  if (names) S_set_why(f, EC_CONF_MEDIUM, "signal/wait layers recognised by their Myelin names (^signal^, ^wait^)");
  free(list);
}

/* ---- dynamic shapes --------------------------------------------------------------------- */

static int S_dynamic(const ec_tensor *t) {
  for (int d = 0; d < t->ndims; d++)
    if (t->dims[d] < 0) return 1;
  return 0;
}

static void S_dynamic_shapes(S_ctx *c) {
  const ec_engine *e = c->e;
  size_t n = e->n_layers, nl = 0, nb = 0;
  size_t *list = ec_malloc((n ? n : 1) * sizeof *list);
  for (size_t i = 0; i < n; i++) {
    const ec_layer *l = &e->layers[i];
    int dyn = 0;
    for (size_t k = 0; k < l->n_in && !dyn; k++) dyn = S_dynamic(&l->in[k]);
    for (size_t k = 0; k < l->n_out && !dyn; k++) dyn = S_dynamic(&l->out[k]);
    if (dyn) list[nl++] = i;
  }
  ec_buf ev = {0};
  for (size_t i = 0; i < e->n_bindings; i++) {
    const ec_binding *b = &e->bindings[i];
    if (!b->described || !S_dynamic(&b->t)) continue;
    nb++;
    ec_buf_puts(&ev, ev.len ? "; " : "");
    ec_buf_put(&ev, b->t.name, b->t.name_len);
    ec_buf_putc(&ev, ' ');
    S_dims(&ev, &b->t);
    if (b->shapes) {
      S_shape(&ev, "min", &b->shapes->min);
      S_shape(&ev, "opt", &b->shapes->opt);
      S_shape(&ev, "max", &b->shapes->max);
      S_shape(&ev, "inference", &b->shapes->inference);
    }
  }
  if (!nl && !nb) {
    free(list);
    ec_buf_free(&ev);
    return;
  }
  /* the shape trtexec ran: every input's inference shape from the options */
  ec_buf ran = {0};
  for (size_t i = 0; i < e->input_shapes.n; i++) {
    const ec_input_shape *x = &e->input_shapes.v[i];
    if (!x->inference.v) continue;
    ec_buf_puts(&ran, ran.len ? ", " : "");
    ec_buf_puts(&ran, x->name);
    ec_buf_putc(&ran, '=');
    S_xdims(&ran, &x->inference);
  }
  const char *shape = ran.len ? ran.data : NULL;
  ec_finding *f = ec_findings_push(c->out, "dynamic-shapes", EC_LINT_INFO);
  ec_finding_set_layers(f, e, list, nl);
  ec_buf who = {0};
  if (nb) ec_buf_printf(&who, "%zu binding%s", nb, ec_plural(nb, "", "s"));
  if (nb && nl) ec_buf_puts(&who, " and ");
  if (nl) ec_buf_printf(&who, "%zu layer%s", nl, ec_plural(nl, "", "s"));
  if (shape)
    f->message = ec_asprintf("Dynamic shapes: %s with -1 dimensions; the profile and timings are for the shape trtexec "
                             "ran, %s. FLOPs, bytes and efficiency of layers with -1 dimensions are unknown.",
                             who.data, shape);
  else
    f->message = ec_asprintf("Dynamic shapes: %s with -1 dimensions, and the inputs do not say which shape the profile "
                             "and timings are for. FLOPs, bytes and efficiency of layers with -1 dimensions are "
                             "unknown.",
                             who.data);
  ec_buf_free(&who);
  ec_buf_free(&ran);
  if (!ev.len) ec_buf_printf(&ev, "%zu %s with -1 dimensions", nl, ec_plural(nl, "layer", "layers"));
  f->evidence = ec_buf_take(&ev);
  f->next_step = ec_strdup("Profile each shape that matters with trtexec --loadEngine=... --shapes=<input>:<dims>, and "
                           "export the layer information from that run (--exportLayerInfo with --profilingVerbosity="
                           "detailed) so its dimensions are the profiled ones.");
  free(list);
}

void ec_findings_run(const ec_engine *e, const ec_summary *s, const ec_lint_opts *o, const ec_flow *f,
                     ec_findings *out) {
  S_ctx c;
  memset(&c, 0, sizeof c);
  c.e = e;
  c.s = s;
  c.o = o;
  c.f = f;
  c.out = out;
  c.lat = s->has_latency;
  c.k = ec_calloc(e->n_layers ? e->n_layers : 1, sizeof *c.k);
  for (size_t i = 0; i < e->n_layers; i++) {
    const ec_layer *l = &e->layers[i];
    ec_kgen_ops k = ec_layer_kgen(l);
    c.k[i].move = (unsigned char)ec_layer_movement(l);
    c.k[i].matmul = (unsigned char)ec_layer_is_matmul(l);
    c.k[i].softmax = (unsigned char)ec_layer_is_softmax(l);
    c.k[i].mha = (unsigned char)ec_layer_is_fused_mha(l);
    c.k[i].fusions = ec_kgen_fusions(&k);
  }
  S_class_medians(&c);
  S_hotspots(&c);
  S_data_movement(&c);
  size_t mha = 0, blocks = 0;
  S_attention(&c, &mha, &blocks);
  S_qkv(&c);
  S_transformer(&c, mha, blocks);
  S_tiny(&c);
  S_streams(&c);
  S_dynamic_shapes(&c);
  free(c.class_med);
  free(c.k);
}
