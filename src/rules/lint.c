/* lint — the rules of lint.h.
 *
 * TREx's four linters are reproduced rule for rule (trex/lint.py, see
 * docs/numbers.md) on TREx's rows (engine->layers) with
 * TREx's labels (precision_trex), with these deliberate differences:
 *   - data types are the loader's canonical names (FP32, FP16, INT8, BF16),
 *     not the short format's first four bytes: TREx printed "Floa" for
 *     "Float" and took "Half" -> "FP16 NHWC8" for a type conversion;
 *   - Tensor Cores are judged by facts/tensorcore, not by the regex
 *     imma|hmma|xmma|i88|884: TREx flags ampere_h16816cudnn convolutions and
 *     misses sm80_xmma_..._ffma ones. A convolution TREx flags whose kernel name
 *     proves nothing gets conv-tensor-cores-unknown (info) instead.
 *   - every hazard of a convolution is kept (TREx's dict update kept the last);
 *   - ReformatLinter/SliceLinter's mitigation, which TREx never showed because
 *     it compared the prefix "Int8" with "INT8", is emitted;
 *   - "Dequanitize" is spelled right; dynamic (-1) channel counts are not
 *     judged for alignment.
 * Severities: a deliberate conversion (Q/DQ origin, or at an engine binding)
 * or a depthwise convolution is info; the costly ones are ranked first by
 * latency share anyway. */
#include "rules/lint.h"
#include "facts/precision_mix.h"
#include "rules/advice.h"
#include "rules/findings.h"
#include "facts/flow.h"
#include "facts/layer_kind.h"
#include "rules/expect.h"
#include "facts/tensorcore.h"
#include "util/alloc.h"
#include "util/rank.h"
#include "util/buf.h"
#include "util/map.h"
#include "util/utf8.h"
#include "words/words.h"
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

ec_lint_opts ec_lint_opts_default(void) {
  ec_lint_opts o;
  o.movement_share_warn_pct = 10;
  o.movement_share_info_pct = 5;
  o.hotspot_pct = 10;
  o.tiny_kernel_ms = 0.005;
  o.tiny_share_pct = 20;
  o.tiny_min_layers = 10;
  o.pct_sum_tolerance = 2;
  o.time_tolerance_pct = 2;
  o.unstable_p99_ratio_warn = 1.5;
  o.unstable_p99_ratio_info = 1.2;
  o.min_timing_samples = 100;
  o.min_profile_iterations = 10;
  o.profile_e2e_warn = 1.5;
  o.profile_e2e_info = 2;
  o.expect = NULL;
  o.n_expect = 0;
  return o;
}

static int S_cmp_group(const void *pa, const void *pb) {
  const ec_finding_group *a = pa, *b = pb;
  int ka = isfinite(a->share_pct), kb = isfinite(b->share_pct);
  if (ka != kb) return ka ? -1 : 1;
  if (ka && a->share_pct != b->share_pct) return a->share_pct > b->share_pct ? -1 : 1;
  if (a->severity != b->severity) return a->severity > b->severity ? -1 : 1;
  return (a->idx[0] > b->idx[0]) - (a->idx[0] < b->idx[0]);
}

void ec_findings_group(const ec_summary *s, const ec_findings *f, ec_finding_groups *out) {
  const ec_engine *e = s->engine;
  memset(out, 0, sizeof *out);
  size_t nr;
  const ec_lint_rule *rules = ec_lint_rules(&nr);
  out->v = ec_calloc(f->n ? f->n : 1, sizeof *out->v);
  const ec_finding **tmp = ec_malloc((f->n ? f->n : 1) * sizeof *tmp);
  for (size_t i = 0; i < f->n; i++) {
    const ec_finding *x = &f->v[i];
    size_t g = 0;
    while (g < out->n && strcmp(out->v[g].rule, x->rule)) g++;
    ec_finding_group *G = &out->v[g];
    if (g == out->n) {
      out->n++;
      G->rule = x->rule;
      G->severity = x->severity;
      G->idx = ec_malloc(f->n * sizeof *G->idx);
      const ec_lint_rule *r = ec_lint_rule_of(x->rule);
      G->summary = r ? r->summary : NULL;
      G->gain_basis = EC_GAIN_NONE;
    }
    G->idx[G->n++] = i;
    G->count[x->severity]++;
    if (x->severity > G->severity) G->severity = x->severity;
    if (!G->next_step && x->next_step) G->next_step = x->next_step;
    if (x->gain_basis != EC_GAIN_NONE) {
      if (G->gain_basis == EC_GAIN_NONE) G->gain_basis = x->gain_basis;
      else if (G->gain_basis != x->gain_basis) G->mixed_basis = 1;
    }
  }
  unsigned char *seen = ec_calloc(e->n_layers ? e->n_layers : 1, 1);
  for (size_t g = 0; g < out->n; g++) {
    ec_finding_group *G = &out->v[g];
    /* its mitigation: of the texts its most severe findings give, the one
     * most of its findings give (the first on a tie); counted in one pass
     * (a group of thousands of Reformats made the pairwise count quadratic) */
    ec_map count = {0};
    for (size_t k = 0; k < G->n; k++) {
      const char *m = f->v[G->idx[k]].mitigation;
      if (!m) continue;
      size_t c = 0;
      ec_map_get(&count, m, strlen(m), &c);
      ec_map_put(&count, m, strlen(m), c + 1);
    }
    size_t best = 0;
    for (size_t k = 0; k < G->n; k++) {
      const char *m = f->v[G->idx[k]].mitigation;
      if (!m || f->v[G->idx[k]].severity < G->severity) continue; /* the most severe findings' advice */
      size_t same = 0;
      ec_map_get(&count, m, strlen(m), &same);
      if (same > best) best = same, G->mitigation = m;
    }
    ec_map_free(&count);
    int any_share = 0;
    for (size_t k = 0; k < G->n; k++) {
      tmp[k] = &f->v[G->idx[k]];
      any_share |= isfinite(tmp[k]->share_pct) || isfinite(tmp[k]->latency_ms);
    }
    double ms;
    G->gain_ms_max = ec_findings_union_gain(e, tmp, G->n, &ms);
    G->gain_ms_likely = ec_findings_union_likely(e, tmp, G->n);
    memset(seen, 0, e->n_layers ? e->n_layers : 1);
    G->n_layers = 0;
    for (size_t k = 0; k < G->n; k++)
      for (size_t j = 0; j < tmp[k]->n_layers; j++)
        if (tmp[k]->layers[j] < e->n_layers && !seen[tmp[k]->layers[j]]) {
          seen[tmp[k]->layers[j]] = 1;
          G->n_layers++;
        }
    G->latency_ms = any_share && G->n_layers ? ms : NAN;
    /* a finding about no layer (profile-name-mismatch) keeps its own share */
    if (!G->n_layers && G->n == 1) G->latency_ms = tmp[0]->latency_ms;
    G->share_pct = NAN;
    for (size_t k = 0; k < G->n && !G->n_layers; k++)
      if (isfinite(tmp[k]->share_pct)) G->share_pct = isfinite(G->share_pct) ? G->share_pct + tmp[k]->share_pct : tmp[k]->share_pct;
    if (G->n_layers && any_share && isfinite(ms) && s->has_latency) G->share_pct = ec_share_pct(ms, s->total_ms);
  }
  free(seen);
  free(tmp);
  if (out->n > 1) qsort(out->v, out->n, sizeof *out->v, S_cmp_group);
  out->quiet = ec_malloc(nr * sizeof *out->quiet);
  for (size_t r = 0; r < nr; r++) {
    size_t g = 0;
    while (g < out->n && strcmp(out->v[g].rule, rules[r].id)) g++;
    if (g == out->n) out->quiet[out->n_quiet++] = rules[r].id;
  }
}

void ec_finding_groups_free(ec_finding_groups *g) {
  for (size_t i = 0; i < g->n; i++) free(g->v[i].idx);
  free(g->v);
  free(g->quiet);
  memset(g, 0, sizeof *g);
}

/* ---- context ------------------------------------------------------------ */

typedef struct {
  const ec_engine *e;
  const ec_summary *s;
  ec_lint_opts o;
  ec_findings *out;
  double cc;         /* device compute capability, NAN when unknown */
} S_ctx;

/* Append a finding; message is printf-formatted; mitigation/evidence are
 * copied (may be NULL). */
static ec_finding *S_add(S_ctx *c, const char *rule, ec_lint_sev sev, long layer, double share, double ms,
                         const char *mitigation, const char *evidence, const char *fmt, ...)
    __attribute__((format(printf, 9, 10)));

static ec_finding *S_add(S_ctx *c, const char *rule, ec_lint_sev sev, long layer, double share, double ms,
                         const char *mitigation, const char *evidence, const char *fmt, ...) {
  ec_finding *x = ec_findings_push(c->out, rule, sev);
  x->layer = layer;
  x->share_pct = share;
  x->latency_ms = ms;
  va_list ap;
  va_start(ap, fmt);
  int len = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  x->message = ec_malloc(len > 0 ? (size_t)len + 1 : 1);
  x->message[0] = '\0';
  va_start(ap, fmt);
  if (len > 0) vsnprintf(x->message, (size_t)len + 1, fmt, ap);
  va_end(ap);
  x->mitigation = mitigation && *mitigation ? ec_strdup(mitigation) : NULL;
  x->evidence = evidence && *evidence ? ec_strdup(evidence) : NULL;
  if (layer >= 0) ec_finding_set_layers(x, c->e, &(size_t){(size_t)layer}, 1);
  return x;
}

static double S_share(const S_ctx *c, const ec_layer *l) { return ec_layer_share_pct(c->s, l); }

static double S_ms(const S_ctx *c, const ec_layer *l) {
  return c->s->has_latency && l->has_profile ? l->avg_ms : NAN;
}

#define LAYER_ARGS(c, l, i) (long)(i), S_share((c), (l)), S_ms((c), (l))

static int S_is(const char *a, const char *b) { return a && b && !strcmp(a, b); }

/* A tensor's data type as the loader normalised it ("FP32", "FP16", "INT8",
 * "BF16", ...; "Unknown"). TREx compared the short format's first four
 * bytes, which cut "Float" to "Floa" and took "Half" and "FP16" for two
 * types; the canonical name is the same data type in every spelling. */
static const char *S_dtype(const ec_tensor *t) { return t->precision ? t->precision : "Unknown"; }

static void S_dims(ec_buf *b, const ec_tensor *t) {
  ec_buf_putc(b, '[');
  for (int d = 0; d < t->ndims; d++) ec_buf_printf(b, "%s%lld", d ? ", " : "", (long long)t->dims[d]);
  ec_buf_putc(b, ']');
}

/* 1 when t is an engine binding of direction d. */
static int S_is_binding(const ec_engine *e, const ec_tensor *t, ec_bind_dir d) {
  const ec_binding *b = ec_engine_binding(e, t->name, t->name_len);
  return b && b->dir == d;
}


/* ---- TREx: ConvLinter ---------------------------------------------------- */

/* TREx's tc_lint tactic test: the regex imma|hmma|xmma|i88|884 (case-sensitive). */
static int S_trex_accelerated(const char *tactic) {
  static const char *const pat[] = {"imma", "hmma", "xmma", "i88", "884"};
  if (!tactic) return 0;
  for (size_t i = 0; i < 5; i++)
    if (strstr(tactic, pat[i])) return 1;
  return 0;
}

static int S_depthwise(const ec_layer *l) {
  if (l->n_in < 1 || l->in[0].ndims != 4) return 0;
  int64_t c = l->in[0].dims[1];
  return l->conv.groups > 1 && c > 1 && l->conv.groups == c;
}

static void S_conv_tc(S_ctx *c, const ec_layer *l, size_t i) {
  int fp32 = S_is(l->precision, "FP32"); /* ours: BF16 is not FP32 (TREx calls it FP32) */
  int trex_flag = !S_is(l->precision_trex, "FP32") && !S_trex_accelerated(l->tactic);
  ec_tc_verdict v = ec_tc_classify_layer(l->layer_type, l->tactic);
  ec_buf ev = {0};
  ec_buf_printf(&ev, "kernel %s: %s", l->tactic ? l->tactic : "(none)", v.reason);
  int small = l->n_in > 0 && l->in[0].ndims == 4 && l->in[0].dims[1] >= 0 && l->in[0].dims[1] < 32;
  const char *small_mit = "This Convolution has a small number of input channels so acceleration may not be possible.";
  if (v.cls == EC_TC_CUDA_CORES && !fp32) {
    if (S_depthwise(l)) {
      S_add(c, "conv-no-tensor-cores", EC_LINT_INFO, LAYER_ARGS(c, l, i),
            "Expected for depthwise convolutions, which have no channel reduction for Tensor Cores; if it is slow, "
            "check that its input and output stay in the neighbours' format so no Reformat is added.",
            ev.data, "Depthwise %s convolution is not accelerated: it runs on CUDA cores.", l->precision);
    } else {
      ec_buf m = {0};
      if (small) ec_buf_printf(&m, "%s ", small_mit);
      ec_buf_puts(&m, "Tensor Cores accelerate large Convolution and GEMM operations: keep channels multiples of 8 "
                      "(16 for INT8) and a Tensor-Core format (NHWC8/NC/32HW32) so TensorRT can choose an MMA kernel; "
                      "compare the tactics TensorRT timed in a verbose build log.");
      ec_buf nm = {0};
      ec_lint_layer_label(&nm, l, 0);
      S_add(c, "conv-no-tensor-cores", EC_LINT_WARNING, LAYER_ARGS(c, l, i), m.data, ev.data,
            "Convolution is not accelerated: %s (%s) runs on CUDA cores.", nm.data, l->precision);
      ec_buf_free(&nm);
      ec_buf_free(&m);
    }
  } else if (v.cls == EC_TC_CUDA_CORES && fp32 && !(isfinite(c->cc) && c->cc < 8.0)) {
    S_add(c, "conv-no-tensor-cores", EC_LINT_INFO, LAYER_ARGS(c, l, i),
          ec_advice_for(EC_ADV_TF32_FP16, c->e->trt_version, c->e->build_tool),
          ev.data, "FP32 convolution runs on CUDA cores%s.",
          isfinite(c->cc) ? "" : " (if this GPU is Ampere or newer, Tensor Cores were available in TF32)");
  } else if (v.cls == EC_TC_UNKNOWN && trex_flag) {
    S_add(c, "conv-tensor-cores-unknown", EC_LINT_INFO, LAYER_ARGS(c, l, i), small ? small_mit : NULL, ev.data,
          "TREx reports this convolution as not accelerated, but its kernel name shows no evidence either way.");
  }
  ec_buf_free(&ev);
}

static void S_conv_mixed(S_ctx *c, const ec_layer *l, size_t i) {
  if (!S_is(l->precision_trex, "INT8") || l->n_in < 1 || l->n_out < 1) return;
  const char *a = S_dtype(&l->in[0]), *b = S_dtype(&l->out[0]);
  if (strcmp(a, "INT8") || !strcmp(b, "INT8")) return;
  char ev[80];
  snprintf(ev, sizeof ev, "%s -> %s", a, b);
  S_add(c, "conv-int8-float-output", EC_LINT_WARNING, LAYER_ARGS(c, l, i),
        "Consider adding quantization after the convolution (a Q/DQ pair on its output lets TensorRT write INT8), "
        "unless the next layer needs float input. Quantized Convolution with float outputs is ill advised for "
        "memory-limited convolutions.",
        ev, "Quantized Convolution has float outputs (%s).", b);
}

static void S_conv_align(S_ctx *c, const ec_layer *l, size_t i) {
  if (l->n_in < 1 || l->n_out < 1 || l->in[0].ndims != 4 || l->out[0].ndims != 4) return;
  int64_t C = l->in[0].dims[1], K = l->out[0].dims[1];
  if (C < 0 || K < 0) return; /* dynamic: unknown */
  int int8 = S_is(l->precision_trex, "INT8");
  int64_t a = int8 ? 16 : 8;
  if (C % a == 0 && K % a == 0) return;
  char ev[96];
  snprintf(ev, sizeof ev, "C=%lld, K=%lld, %s alignment %lld", (long long)C, (long long)K, int8 ? "INT8" : "float",
           (long long)a);
  /* a handful of input channels: an image input (RGB), which cannot be changed */
  int image_input = C % a != 0 && K % a == 0 && C <= 4;
  if (image_input) {
    S_add(c, "conv-misaligned-channels", EC_LINT_INFO, LAYER_ARGS(c, l, i),
          "Expected for an image input (3 or 4 channels); TensorRT pads them. Padding the input to 4 or 8 channels "
          "in the model can still save a Reformat.",
          ev, "Convolution channels are not optimally aligned: only %lld input %s.", (long long)C, ec_plural((long long)C,
                                                                                      "channel", "channels"));
    return;
  }
  ec_buf m = {0};
  ec_buf_printf(&m, "Consider changing the alignment of the convolution's channels: pad %s%s%s to a multiple of %lld. "
                    "For best performance, the input and output channels of a Tensor Core accelerated convolution "
                    "should be aligned to 8 (FP32/FP16) or 16 (INT8).",
                C % a ? "the input channels" : "", C % a && K % a ? " and " : "", K % a ? "the output channels" : "",
                (long long)a);
  S_add(c, "conv-misaligned-channels", EC_LINT_WARNING, LAYER_ARGS(c, l, i), m.data, ev,
        "Convolution channels are not optimally aligned (C=%lld, K=%lld; want multiples of %lld).", (long long)C,
        (long long)K, (long long)a);
  ec_buf_free(&m);
}

/* ---- TREx: ReformatLinter, SliceLinter, QDQLinter ------------------------ */

static void S_type_conversion(S_ctx *c, const ec_layer *l, size_t i, const char *rule, const char *what) {
  if (l->n_in < 1 || l->n_out < 1) return;
  const char *in4 = S_dtype(&l->in[0]), *out4 = S_dtype(&l->out[0]);
  if (!strcmp(in4, out4)) return;
  ec_buf ev = {0};
  ec_buf_printf(&ev, "%s -> %s; shape ", in4, out4);
  S_dims(&ev, &l->in[0]);
  ec_buf_puts(&ev, " -> ");
  S_dims(&ev, &l->out[0]);
  if (l->origin) ec_buf_printf(&ev, "; origin %s", l->origin);
  int qdq = S_is(l->origin, "QDQ");
  int in_b = S_is_binding(c->e, &l->in[0], EC_BIND_INPUT), out_b = S_is_binding(c->e, &l->out[0], EC_BIND_OUTPUT);
  ec_buf m = {0};
  /* TREx meant this text for conversions to or from INT8 but compared the
   * prefix "Int8" with "INT8", so it never appeared. */
  if (!strcmp(in4, "INT8") || !strcmp(out4, "INT8")) ec_buf_puts(&m, "Consider adding quantization around float operations. ");
  if (in_b || out_b)
    ec_buf_printf(&m, "It converts the engine's %s binding: build with trtexec %s (the type the engine uses inside) to "
                      "move the conversion out of the engine. ",
                  in_b ? "input" : "output", in_b ? "--inputIOFormats" : "--outputIOFormats");
  else if (!qdq)
    ec_buf_puts(&m, "Conversions between float32 and float16 are a red flag, as are conversions between float32/16 and "
                    "INT8: look for neighbouring layers that run in different precisions (precision constraints, "
                    "layers without a reduced-precision kernel). ");
  if (m.len && m.data[m.len - 1] == ' ') m.data[--m.len] = '\0';
  S_add(c, rule, qdq || in_b || out_b ? EC_LINT_INFO : EC_LINT_WARNING, LAYER_ARGS(c, l, i), m.data, ev.data,
        "%s layer is converting operand data type (%s -> %s)%s.", what, in4, out4,
        qdq ? ", a Quantize/Dequantize of the model" : in_b || out_b ? " at an engine binding" : "");
  ec_buf_free(&m);
  ec_buf_free(&ev);
}

static void S_qdq(S_ctx *c, const ec_layer *l, size_t i) {
  if (l->n_in < 1 || l->n_out < 1) return;
  const char *in4 = S_dtype(&l->in[0]), *out4 = S_dtype(&l->out[0]);
  int a = !strcmp(in4, "INT8"), b = !strcmp(out4, "INT8");
  if (a == b) return;
  const char *role = a ? "Dequantize" : "Quantize";
  char ev[64], mit[256];
  snprintf(ev, sizeof ev, "%s -> %s", in4, out4);
  snprintf(mit, sizeof mit,
           "Check why the %s layer is not fused. Unfused Quantize/Dequantize nodes are wasteful and should be avoided; "
           "Quantize nodes may be necessary for quantizing inputs.", role);
  S_add(c, "qdq-unfused", EC_LINT_WARNING, LAYER_ARGS(c, l, i), mit, ev, "Unfused %s layer.", role);
}

/* ---- beyond TREx ----------------------------------------------------------- */

static void S_gemm_tc(S_ctx *c, const ec_layer *l, size_t i) {
  ec_tc_verdict v = ec_tc_classify_layer(l->layer_type, l->tactic);
  if (v.cls != EC_TC_CUDA_CORES) return;
  int fp32 = S_is(l->precision, "FP32");
  if (fp32 && isfinite(c->cc) && c->cc < 8.0) return;
  char *ev = ec_asprintf("kernel %s: %s", l->tactic ? l->tactic : "(none)", v.reason);
  int gemv = strstr(v.reason, "gemv") != NULL;
  if (gemv)
    S_add(c, "gemm-no-tensor-cores", EC_LINT_INFO, LAYER_ARGS(c, l, i),
          "A matrix-vector product is bound by memory, not math; a larger batch turns it into a GEMM that Tensor Cores "
          "can run.",
          ev, "%s %s layer runs as a matrix-vector kernel on CUDA cores.", l->precision, l->type);
  else if (fp32)
    S_add(c, "gemm-no-tensor-cores", EC_LINT_INFO, LAYER_ARGS(c, l, i),
          ec_advice_for(EC_ADV_TF32_FP16, c->e->trt_version, c->e->build_tool),
          ev, "FP32 %s layer runs on CUDA cores.", l->type);
  else
    S_add(c, "gemm-no-tensor-cores", EC_LINT_WARNING, LAYER_ARGS(c, l, i),
          "Tensor Cores need dimensions that are multiples of 8 (16 for INT8); check the GEMM's shapes and the "
          "tactics TensorRT timed in a verbose build log.",
          ev, "%s %s layer runs on CUDA cores, not Tensor Cores.", l->precision, l->type);
  free(ev);
}

static void S_myelin_one(S_ctx *c, const ec_layer *l, size_t i) {
  char ev[160];
  snprintf(ev, sizeof ev, "LayerType %.60s%s%.60s", l->layer_type ? l->layer_type : "?",
           l->tactic && strcmp(l->tactic, "TensorRT") ? ", kernel " : "", l->tactic && strcmp(l->tactic, "TensorRT") ? l->tactic : "");
  if (l->n_metadata > 1)
    S_add(c, "myelin-opaque", EC_LINT_INFO, LAYER_ARGS(c, l, i),
          "Profile the engine with Nsight Systems (nsys) to see the kernels inside, and compare the ONNX nodes it "
          "covers (its metadata) with what you expected to be fused.",
          ev, "Myelin region fusing %zu ONNX %s: the precision, kernels and time of what is inside are not visible.",
          l->n_metadata, ec_plural(l->n_metadata, "node", "nodes"));
  else
    S_add(c, "myelin-opaque", EC_LINT_INFO, LAYER_ARGS(c, l, i),
          "Profile the engine with Nsight Systems (nsys) to see its kernels.", ev,
          "Myelin-generated layer: its kernels and inner precision are not visible in the layer information.");
}

/* An engine built FP32 only on a GPU with Tensor Cores (compute capability
 * 7.0 and newer): its FP32 convolutions and GEMMs on CUDA cores are one
 * engine-level finding, not one info row per layer (a log-only FP32 build
 * on an A10 had 16). */
static void S_fp32_engine(S_ctx *c) {
  const ec_engine *e = c->e;
  if (!(c->cc >= 7.0)) return;
  size_t compute = 0;
  for (size_t i = 0; i < e->n_layers; i++) {
    const ec_layer *l = &e->layers[i];
    /* a layer that only moves data has no compute precision; one that
     * reads an engine input computes in the type it writes (an FP16 input
     * binding set by --inputIOFormats or the model is converted there) */
    if (!l->n_in || ec_layer_movement(l) != EC_MOVE_NONE) continue;
    const char *p = l->precision;
    if (ec_engine_is_binding(e, l->in[0].name, l->in[0].name_len) && l->out_precision && l->out_precision[0])
      p = l->out_precision;
    if (!S_is(p, "FP32") && !S_is(p, "INT32") && !S_is(p, "BOOL")) return;
    compute++;
  }
  ec_findings *f = c->out;
  size_t *idx = ec_malloc((f->n ? f->n : 1) * sizeof *idx), n = 0, conv = 0;
  double ms = 0;
  int lat = c->s->has_latency;
  size_t w = 0;
  for (size_t k = 0; k < f->n; k++) {
    ec_finding *x = &f->v[k];
    int fp32_tc = (!strcmp(x->rule, "conv-no-tensor-cores") || !strcmp(x->rule, "gemm-no-tensor-cores")) &&
                  x->layer >= 0 && S_is(e->layers[x->layer].precision, "FP32");
    if (!fp32_tc) {
      f->v[w++] = *x;
      continue;
    }
    idx[n++] = (size_t)x->layer;
    conv += !strcmp(x->rule, "conv-no-tensor-cores");
    if (lat && e->layers[x->layer].has_profile) ms += e->layers[x->layer].avg_ms;
    free(x->message);
    free(x->mitigation);
    free(x->evidence);
    free(x->confidence_why);
    free(x->next_step);
    free(x->layers);
  }
  f->n = w;
  for (size_t k = 0; k < f->n; k++) f->v[k].seq = k;
  if (n) {
    char ev[160], what[96];
    snprintf(ev, sizeof ev, "every compute layer (%zu) reads FP32 (or integers); compute capability %s", compute,
             e->device.compute_capability ? e->device.compute_capability : "?");
    if (conv && n > conv)
      snprintf(what, sizeof what, "%zu convolution%s and %zu GEMM%s run", conv, ec_plural(conv, "", "s"), n - conv,
               ec_plural(n - conv, "", "s"));
    else if (conv) snprintf(what, sizeof what, "%zu convolution%s", conv, ec_plural(conv, " runs", "s run"));
    else snprintf(what, sizeof what, "%zu GEMM%s", n, ec_plural(n, " runs", "s run"));
    ec_finding *x = S_add(c, "fp32-engine", EC_LINT_WARNING, -1, lat ? ec_share_pct(ms, c->s->total_ms) : NAN,
                          lat ? ms : NAN, ec_advice_for(EC_ADV_TF32_FP16, e->trt_version, e->build_tool), ev,
                          "The engine was built FP32 only on a GPU with Tensor Cores: %s in FP32 on CUDA cores.", what);
    ec_finding_set_layers(x, e, idx, n);
  }
  free(idx);
}

/* Myelin layers hide their kernels: one finding each when there are a few,
 * else one for the engine that lists them (a TensorRT 10 transformer has
 * hundreds of kgen/gemm layers; a finding per layer buried the rest). */
/* A Myelin layer, not a DLA region: on an engine that runs on a DLA, a
 * {ForeignNode[...]} without a Myelin LayerType is the DLA's (layer_kind.h
 * ec_engine_runs_dla). */
static int S_is_myelin(const ec_engine *e, const ec_layer *l, int dla) {
  if (!ec_layer_is_myelin(l)) return 0;
  return !(dla && l->name && !strncmp(l->name, "{ForeignNode", 12) && !S_is(l->layer_type, "Myelin"));
}

static void S_myelin(S_ctx *c) {
  const ec_engine *e = c->e;
  size_t n = 0;
  int dla = ec_engine_runs_dla(e);
  for (size_t i = 0; i < e->n_layers; i++) n += S_is_myelin(e, &e->layers[i], dla);
  if (!n) return;
  if (n <= 5) {
    for (size_t i = 0; i < e->n_layers; i++)
      if (S_is_myelin(e, &e->layers[i], dla)) S_myelin_one(c, &e->layers[i], i);
    return;
  }
  size_t *idx = ec_malloc(n * sizeof *idx), k = 0;
  double ms = 0;
  for (size_t i = 0; i < e->n_layers; i++)
    if (S_is_myelin(e, &e->layers[i], dla)) {
      idx[k++] = i;
      if (c->s->has_latency && e->layers[i].has_profile) ms += e->layers[i].avg_ms;
    }
  double lat = c->s->has_latency ? ms : NAN;
  char ev[64];
  snprintf(ev, sizeof ev, "%zu of %zu %s", n, e->n_layers, ec_plural(e->n_layers, "layer", "layers"));
  ec_finding *f = S_add(c, "myelin-opaque", EC_LINT_INFO, -1, ec_share_pct(lat, c->s->total_ms), lat,
                        "Profile the engine with Nsight Systems (nsys) to see the kernels inside each Myelin layer, and "
                        "compare the ONNX nodes each covers (its metadata) with what you expected to be fused.",
                        ev, "%zu Myelin-generated %s: their kernels and inner precisions are not visible in the layer "
                        "information.", n, ec_plural(n, "layer", "layers"));
  ec_finding_set_layers(f, e, idx, n);
  free(idx);
}

/* Layers profiled at 0 ms: one finding each when there are a few, else one
 * for the engine (names-only engines have hundreds of folded constants). */
static void S_zero_latency(S_ctx *c) {
  const ec_engine *e = c->e;
  const char *mit = "Usually harmless (a layer fused away or too short to time); if unexpected, check that the profile "
                    "belongs to this engine.";
  size_t n = 0;
  long first = -1;
  for (size_t i = 0; i < e->n_layers; i++)
    if (e->layers[i].has_profile && e->layers[i].avg_ms == 0) {
      if (first < 0) first = (long)i;
      n++;
    }
  if (!n) return;
  if (n <= 5) {
    for (size_t i = 0; i < e->n_layers; i++)
      if (e->layers[i].has_profile && e->layers[i].avg_ms == 0)
        S_add(c, "zero-latency", EC_LINT_INFO, LAYER_ARGS(c, &e->layers[i], i), mit, NULL, "Profiled at 0 ms.");
    return;
  }
  char ev[64];
  snprintf(ev, sizeof ev, "%zu of %zu %s", n, e->n_layers, ec_plural(e->n_layers, "layer", "layers"));
  S_add(c, "zero-latency", EC_LINT_INFO, -1, 0.0, 0.0, mit, ev, "%zu %s profiled at 0 ms (the first: \"%s\").",
        n, ec_plural(n, "layer was", "layers were"), e->layers[first].name);
}

static int S_fp32_compute(const ec_layer *l) {
  return !ec_layer_is_reformat(l) && S_is(l->precision, "FP32") && l->n_in > 0;
}

/* Does a reduced-precision layer sit next to layer i, walking through Reformat
 * layers (up: producers of its inputs; down: consumers of its outputs)? */
static int S_reduced_neighbour(const ec_engine *e, const ec_flow *f, size_t i, int down, int depth) {
  const ec_layer *l = &e->layers[i];
  if (depth > 8) return 0;
  const ec_tensor *ts = down ? l->out : l->in;
  size_t n = down ? l->n_out : l->n_in;
  for (size_t k = 0; k < n; k++) {
    size_t id;
    if (!ec_flow_tid(f, &ts[k], &id)) continue;
    if (!down) {
      long w = ec_flow_writer(f, i, k);
      if (w < 0) continue;
      const ec_layer *p = &e->layers[w];
      if (ec_layer_is_reformat(p)) {
        if (S_reduced_neighbour(e, f, (size_t)w, 0, depth + 1)) return 1;
      } else if (ec_mix_reduced(p->out_precision) || ec_mix_reduced(p->precision)) {
        return 1;
      }
    } else {
      for (size_t r = f->rd_start[id]; r < f->rd_start[id + 1]; r++) {
        size_t ci = f->rd[r];
        if (ci == i || f->rd_w[r] != (long)i) continue;
        const ec_layer *q = &e->layers[ci];
        if (ec_layer_is_reformat(q)) {
          if (S_reduced_neighbour(e, f, ci, 1, depth + 1)) return 1;
        } else if (ec_mix_reduced(q->precision)) {
          return 1;
        }
      }
    }
  }
  return 0;
}

static size_t S_find_root(size_t *parent, size_t x) {
  while (parent[x] != x) {
    parent[x] = parent[parent[x]];
    x = parent[x];
  }
  return x;
}

/* The likely gain of an FP32 island (x, its layers and Reformats in x->layers,
 * the Reformats' time ref_ms): running it in reduced precision, as its
 * mitigation says, removes the Reformats around it, and its compute-bound
 * layers (known FLOPs, intensity at or above the ridge of the roofline of
 * the math they run: peak / bandwidth) run at the ratio of that math's peak
 * to the engine's reduced precision's Tensor-Core peak (FP16/BF16 when any
 * layer runs in it (fp16, judged once per engine), else INT8: the smaller
 * gain). Only on a Tensor-Core GPU
 * (compute capability 7.0 or later) whose peaks and bandwidth are known;
 * else, or when no layer is known to be compute-bound, the Reformats alone
 * (EC_LIKELY_REFORMATS); none without Reformats either. The island's other
 * layers (memory-bound, or FLOPs unknown) count nothing. */
static void S_likely_island(const S_ctx *c, ec_finding *x, double ref_ms, int fp16) {
  const ec_engine *e = c->e;
  const ec_numbers *nu = &c->s->nums;
  if (!c->s->has_latency) return;
  ec_math to = fp16 ? EC_MATH_FP16_TC : EC_MATH_INT8_TC;
  double top = nu->peak.flops[to], bw = nu->peak.bw_bytes_s, compute = 0;
  size_t bound = 0, fp32 = 0;
  int tc = c->cc >= 7.0 && isfinite(top) && top > 0 && isfinite(bw) && bw > 0;
  for (size_t j = 0; j < x->n_layers && tc; j++) {
    size_t i = x->layers[j];
    const ec_layer *l = &e->layers[i];
    if (i >= e->n_layers || ec_layer_is_reformat(l)) continue;
    fp32++;
    const ec_layer_nums *v = &nu->v[i];
    if (!l->has_profile || !(l->avg_ms > 0) || !(v->flops > 0) || !isfinite(v->intensity) || !isfinite(v->peak.flops) ||
        !(v->peak.flops > 0) || v->intensity < v->peak.flops / bw)
      continue;
    bound++;
    if (v->peak.flops < top) compute += l->avg_ms * (1 - v->peak.flops / top);
  }
  if (bound) {
    x->gain_ms_likely = compute + ref_ms;
    x->likely_basis = EC_LIKELY_PEAK_RATIO;
    x->likely_why = ec_asprintf("its %zu compute-bound layer%s of %zu at the %s peak instead of their math's, and its "
                                "Reformats removed; the other layers not counted",
                                bound, ec_plural(bound, "", "s"), fp32, ec_math_label(to));
  } else if (ref_ms > 0) {
    x->gain_ms_likely = ref_ms;
    x->likely_basis = EC_LIKELY_REFORMATS;
    x->likely_why = ec_strdup(tc ? "its Reformats removed; no layer of it is known to be compute-bound, so their "
                                   "precision's gain is not counted"
                                 : "its Reformats removed; the FP32 layers' gain is not counted (the GPU's peaks or "
                                   "Tensor Cores are not known)");
  }
}

/* FP32 islands: connected groups of FP32 compute layers (joined directly or
 * through Reformats) with reduced-precision layers both before and after. */
static void S_fp32_islands(S_ctx *c, const ec_flow *f) {
  const ec_engine *e = c->e;
  int any_reduced = 0, fp16 = 0;
  for (size_t i = 0; i < e->n_layers && !fp16; i++) {
    const ec_layer *l = &e->layers[i];
    if (ec_layer_is_reformat(l)) continue;
    if (ec_mix_reduced(l->precision)) any_reduced = 1;
    if (S_is(l->precision, "FP16") || S_is(l->precision, "BF16")) fp16 = 1;
  }
  if (!any_reduced) return;
  size_t n = e->n_layers;
  size_t *parent = ec_malloc((n ? n : 1) * sizeof *parent);
  for (size_t i = 0; i < n; i++) parent[i] = i;
  /* join an FP32 layer with the FP32 layers that read its outputs (directly or via one Reformat chain) */
  for (size_t i = 0; i < n; i++) {
    if (!S_fp32_compute(&e->layers[i])) continue;
    size_t stack[64];
    size_t sp = 0;
    stack[sp++] = i;
    for (int guard = 0; sp && guard < 256; guard++) {
      size_t li = stack[--sp];
      const ec_layer *l = &e->layers[li];
      for (size_t k = 0; k < l->n_out; k++) {
        size_t id;
        if (!ec_flow_tid(f, &l->out[k], &id)) continue;
        for (size_t r = f->rd_start[id]; r < f->rd_start[id + 1]; r++) {
          size_t ci = f->rd[r];
          if (ci == i || f->rd_w[r] != (long)li) continue;
          if (S_fp32_compute(&e->layers[ci])) {
            size_t a = S_find_root(parent, i), b = S_find_root(parent, ci);
            if (a != b) parent[b] = a;
          } else if (ec_layer_is_reformat(&e->layers[ci]) && sp < 64) {
            stack[sp++] = ci;
          }
        }
      }
    }
  }
  /* per group: reduced before / after, members, latency */
  int *up = ec_calloc(n ? n : 1, sizeof *up), *down = ec_calloc(n ? n : 1, sizeof *down);
  size_t *members = ec_calloc(n ? n : 1, sizeof *members);
  double *ms = ec_calloc(n ? n : 1, sizeof *ms);
  long *slowest = ec_malloc((n ? n : 1) * sizeof *slowest);
  for (size_t i = 0; i < n; i++) slowest[i] = -1;
  for (size_t i = 0; i < n; i++) {
    if (!S_fp32_compute(&e->layers[i])) continue;
    size_t r = S_find_root(parent, i);
    members[r]++;
    if (e->layers[i].has_profile) ms[r] += e->layers[i].avg_ms;
    if (slowest[r] < 0 || e->layers[i].avg_ms > e->layers[slowest[r]].avg_ms) slowest[r] = (long)i;
    if (S_reduced_neighbour(e, f, i, 0, 0)) up[r] = 1;
    if (S_reduced_neighbour(e, f, i, 1, 0)) down[r] = 1;
  }
  /* per island: its layers and the Reformats around it (through Reformat chains) */
  size_t *stamp = ec_calloc(n ? n : 1, sizeof *stamp);
  size_t *list = ec_malloc((n ? n : 1) * sizeof *list);
  /* each group's members in layer order, as one chain per root (head, next),
   * so listing every island is linear rather than one pass per island */
  long *head = ec_malloc((n ? n : 1) * sizeof *head), *tail = ec_malloc((n ? n : 1) * sizeof *tail);
  long *next = ec_malloc((n ? n : 1) * sizeof *next);
  for (size_t i = 0; i < n; i++) head[i] = tail[i] = next[i] = -1;
  for (size_t i = 0; i < n; i++) {
    if (!S_fp32_compute(&e->layers[i])) continue;
    size_t r = S_find_root(parent, i);
    if (tail[r] < 0) head[r] = (long)i;
    else next[tail[r]] = (long)i;
    tail[r] = (long)i;
  }
  for (size_t r = 0; r < n; r++) {
    if (!members[r] || S_find_root(parent, r) != r || !up[r] || !down[r]) continue;
    size_t nl = 0, nref = 0;
    double ref_ms = 0;
    for (long i = head[r]; i >= 0; i = next[i]) {
      list[nl++] = (size_t)i;
      stamp[i] = r + 1;
    }
    for (size_t m = 0; m < nl; m++) {
      size_t li = list[m];
      if (ec_layer_is_reformat(&e->layers[li])) continue;
      /* a frontier of Reformats reached from li, up and down */
      size_t stack[64], sp = 0;
      stack[sp++] = li;
      for (int guard = 0; sp && guard < 256; guard++) {
        size_t x = stack[--sp];
        const ec_layer *l = &e->layers[x];
        for (size_t k = 0; k < l->n_in; k++) {
          long w = ec_flow_writer(f, x, k);
          if (w >= 0 && ec_layer_is_reformat(&e->layers[w]) && stamp[w] != r + 1 && sp < 64) {
            stamp[w] = r + 1;
            list[nl++] = (size_t)w;
            nref++;
            if (e->layers[w].has_profile) ref_ms += e->layers[w].avg_ms;
            stack[sp++] = (size_t)w;
          }
        }
        for (size_t k = 0; k < l->n_out; k++) {
          size_t id;
          if (!ec_flow_tid(f, &l->out[k], &id)) continue;
          for (size_t q = f->rd_start[id]; q < f->rd_start[id + 1]; q++) {
            size_t ci = f->rd[q];
            if (f->rd_w[q] != (long)x || !ec_layer_is_reformat(&e->layers[ci]) || stamp[ci] == r + 1 || sp >= 64) continue;
            stamp[ci] = r + 1;
            list[nl++] = ci;
            nref++;
            if (e->layers[ci].has_profile) ref_ms += e->layers[ci].avg_ms;
            stack[sp++] = ci;
          }
        }
      }
    }
    const ec_layer *l = &e->layers[slowest[r]];
    int lat = c->s->has_latency;
    double share = lat ? ec_share_pct(ms[r], c->s->total_ms) : NAN;
    ec_buf ev = {0};
    ec_buf_printf(&ev, "%zu FP32 layer%s", members[r], ec_plural(members[r], "", "s"));
    if (lat) ec_buf_printf(&ev, ", " EC_MS " (" EC_PCT ")", ms[r], share);
    ec_buf_printf(&ev, "; %zu Reformat%s around %s", nref, ec_plural(nref, "", "s"), ec_plural(members[r], "it", "them"));
    if (lat && nref) ec_buf_printf(&ev, ", " EC_MS " (" EC_PCT ")", ref_ms, ec_share_pct(ref_ms, c->s->total_ms));
    ec_buf nm = {0};
    ec_lint_layer_label(&nm, l, 0);
    ec_finding *x = S_add(
        c, "fp32-island", EC_LINT_WARNING, slowest[r], share, lat ? ms[r] : NAN,
        ec_advice_for(EC_ADV_ISLAND_MITIGATION, e->trt_version, e->build_tool),
        ev.data,
        ec_plural(members[r], "Precision island: %s (%s) runs in FP32 between reduced-precision layers.",
                  "Precision island: %s (%s) and its FP32 neighbours run in FP32 between reduced-precision "
                  "layers."),
        nm.data, l->type);
    ec_buf_free(&nm);
    ec_buf_free(&ev);
    ec_finding_set_layers(x, e, list, nl);
    if (lat) {
      x->gain_ms_max = ms[r] + ref_ms;
      x->gain_basis = EC_GAIN_ZERO;
      S_likely_island(c, x, ref_ms, fp16);
    }
    x->next_step = ec_strdup(ec_advice_for(EC_ADV_ISLAND_NEXT, e->trt_version, e->build_tool));
  }
  free(head);
  free(tail);
  free(next);
  free(stamp);
  free(list);
  free(up);
  free(down);
  free(members);
  free(ms);
  free(slowest);
  free(parent);
}

static void S_timing(S_ctx *c) {
  const ec_summary *s = c->s;
  const ec_engine *e = c->e;
  ec_e2e t = ec_summary_e2e(s);
  double med = t.median_ms, p99 = t.p99_ms;
  size_t count = t.count;
  if (t.known && isfinite(med) && isfinite(p99) && med > 0) {
    double r = p99 / med;
    ec_lint_sev sev = r >= c->o.unstable_p99_ratio_warn ? EC_LINT_WARNING : EC_LINT_INFO;
    if (r >= c->o.unstable_p99_ratio_info) {
      char ev[160];
      snprintf(ev, sizeof ev, "%s (%s): median " EC_MS ", p99 " EC_MS, t.what, t.source, med, p99);
      S_add(c, "timing-unstable", sev, -1, NAN, NAN,
            ec_advice_for(EC_ADV_STABLE_TIMING, e->trt_version, e->build_tool),
            ev, "Timings are unstable: p99 is " EC_RATIO " the median.", r);
    }
  }
  if (s->has_timing || s->has_compute) {
    if (!count) count = s->timing.count;
    if (count < c->o.min_timing_samples)
      S_add(c, "timing-few-samples", count < 10 ? EC_LINT_WARNING : EC_LINT_INFO, -1, NAN, NAN,
            "Run trtexec longer (--duration=N or --iterations=N) so medians and percentiles are meaningful.", NULL,
            "Only %zu timed %s: percentiles such as p99 rest on very few samples.", count, ec_plural(count, "iteration",
                                                                                                     "iterations"));
  }
  if (e->has_profile && e->profile_count > 0 && e->profile_count < c->o.min_profile_iterations)
    S_add(c, "timing-few-samples", e->profile_count <= 1 ? EC_LINT_WARNING : EC_LINT_INFO, -1, NAN, NAN,
          ec_advice_for(EC_ADV_PROFILE_MORE, e->trt_version, e->build_tool), NULL,
          "Per-layer latencies average only %lld profiled iteration%s.", (long long)e->profile_count,
          ec_plural(e->profile_count, "", "s"));
}

/* ---- validation ------------------------------------------------------------ */

static void S_graph_checks(S_ctx *c, const ec_flow *f) {
  const ec_engine *e = c->e;
  size_t n = e->n_layers;
  /* in-place updates: valid (Myelin ScatterND, TensorRT 8.5 concat copies);
   * the flow gives later readers this layer's version of the tensor */
  for (size_t i = 0; i < n; i++) {
    const ec_layer *l = &e->layers[i];
    for (size_t a = 0; a < l->n_in; a++)
      for (size_t b = 0; b < l->n_out; b++)
        if (l->in[a].name && l->out[b].name && l->in[a].name_len == l->out[b].name_len &&
            !memcmp(l->in[a].name, l->out[b].name, l->in[a].name_len)) {
          S_add(c, "graph-self-loop", EC_LINT_INFO, LAYER_ARGS(c, l, i), NULL, l->in[a].name,
                "The layer updates a tensor in place (it reads and writes the same tensor); later layers read the "
                "updated tensor.");
          a = l->n_in;
          break;
        }
  }
  /* cycles: an edge from the layer each input reads (ec_flow) to its reader */
  if (!n) return;
  size_t *indeg = ec_calloc(n, sizeof *indeg);
  size_t *succ_start = ec_calloc(n + 1, sizeof *succ_start);
  for (size_t i = 0; i < n; i++)
    for (size_t k = 0; k < e->layers[i].n_in; k++) {
      long w = ec_flow_writer(f, i, k);
      if (w < 0) continue;
      indeg[i]++;
      succ_start[w + 1]++;
    }
  for (size_t i = 0; i < n; i++) succ_start[i + 1] += succ_start[i];
  size_t *succ = ec_malloc((succ_start[n] ? succ_start[n] : 1) * sizeof *succ);
  size_t *fill = ec_calloc(n, sizeof *fill);
  for (size_t i = 0; i < n; i++)
    for (size_t k = 0; k < e->layers[i].n_in; k++) {
      long w = ec_flow_writer(f, i, k);
      if (w >= 0) succ[succ_start[w] + fill[w]++] = i;
    }
  free(fill);
  size_t *queue = ec_malloc(n * sizeof *queue);
  size_t qh = 0, qt = 0;
  for (size_t i = 0; i < n; i++)
    if (!indeg[i]) queue[qt++] = i;
  while (qh < qt) {
    size_t x = queue[qh++];
    for (size_t r = succ_start[x]; r < succ_start[x + 1]; r++)
      if (--indeg[succ[r]] == 0) queue[qt++] = succ[r];
  }
  if (qt < n) {
    /* walk predecessors among the remaining layers until one repeats: a cycle */
    size_t start = 0;
    while (start < n && !indeg[start]) start++;
    unsigned char *seen = ec_calloc(n, 1);
    size_t *path = ec_malloc(n * sizeof *path);
    size_t np = 0, x = start;
    while (!seen[x]) {
      seen[x] = 1;
      path[np++] = x;
      const ec_layer *l = &e->layers[x];
      size_t next = x;
      for (size_t k = 0; k < l->n_in && next == x; k++) {
        long w = ec_flow_writer(f, x, k);
        if (w >= 0 && indeg[w]) next = (size_t)w;
      }
      if (next == x) break;
      x = next;
    }
    size_t from = 0;
    while (from < np && path[from] != x) from++;
    /* path[from] is x and path[k] reads from path[k+1]: print x, then the
     * rest of the cycle in data-flow order, back to x */
    ec_buf ev = {0};
    ec_buf_put(&ev, e->layers[x].name, e->layers[x].name_len);
    size_t shown = 0;
    for (size_t k = np; k-- > from + 1 && shown < 8; shown++) {
      ec_buf_puts(&ev, " -> ");
      ec_buf_put(&ev, e->layers[path[k]].name, e->layers[path[k]].name_len);
    }
    if (np - from - 1 > shown) ec_buf_puts(&ev, " -> ...");
    ec_buf_puts(&ev, " -> ");
    ec_buf_put(&ev, e->layers[x].name, e->layers[x].name_len);
    const ec_layer *l0 = &e->layers[x];
    S_add(c, "graph-cycle", EC_LINT_ERROR, (long)x, S_share(c, l0), S_ms(c, l0),
          "A TensorRT engine is a DAG: check that the layer information was not merged from several engines or "
          "edited.",
          ev.data, "The layer graph has a cycle (%zu %s cannot be ordered).", n - qt, ec_plural(n - qt, "layer",
                                                                                                "layers"));
    ec_buf_free(&ev);
    free(seen);
    free(path);
  }
  free(queue);
  free(succ);
  free(succ_start);
  free(indeg);
}

static void S_profile_checks(S_ctx *c) {
  const ec_engine *e = c->e;
  if (!e->has_profile) return;
  if (e->has_graph && e->profile_unmatched) {
    char ev[96];
    snprintf(ev, sizeof ev, "%zu %s, " EC_MS, e->profile_unmatched,
             ec_plural(e->profile_unmatched, "record", "records"), e->profile_unmatched_ms);
    S_add(c, "profile-name-mismatch", EC_LINT_WARNING, -1, NAN, e->profile_unmatched_ms,
          "Use the profile and layer information of the same build (and --profile-index for multi-profile engines); "
          "unmatched time is left out of every total.",
          ev, "%zu profile %s name no layer of the graph.", e->profile_unmatched, ec_plural(e->profile_unmatched,
                                                                                            "record", "records"));
  }
  if (e->has_graph && e->layers_without_profile && e->n_layers) {
    char ev[64];
    snprintf(ev, sizeof ev, "%zu of %zu %s", e->layers_without_profile, e->n_layers,
             ec_plural(e->n_layers, "layer", "layers"));
    S_add(c, "profile-name-mismatch", EC_LINT_WARNING, -1, NAN, NAN,
          "Use the profile and layer information of the same build; their latency counts as 0 here.", ev,
          "%zu %s no profile record.", e->layers_without_profile, ec_plural(e->layers_without_profile, "layer has",
                                                                            "layers have"));
  }
  double pct = 0, avg = 0, tim = 0;
  size_t np = 0;
  for (size_t i = 0; i < e->n_layers; i++) {
    const ec_layer *l = &e->layers[i];
    if (!l->has_profile) continue;
    np++;
    pct += l->pct;
    avg += l->avg_ms;
    tim += l->time_ms;
  }
  if (!np) return;
  /* Records of folded NoOp/Constant layers and unmatched records carry the
   * rest of the 100 %, which the model does not keep: then only "not above". */
  int complete = !e->profile_unmatched && !e->profile_hidden;
  double tol = c->o.pct_sum_tolerance;
  if ((complete && fabs(pct - 100) > tol) || (!complete && pct > 100 + tol)) {
    char ev[96];
    snprintf(ev, sizeof ev, "sum of percentage over %zu %s: %" EC_NUM_G, np, ec_plural(np, "record", "records"), pct);
    S_add(c, "profile-pct-sum", EC_LINT_WARNING, -1, NAN, NAN,
          "The profile may be truncated, merged from several runs, or belong to another engine.", ev,
          "Profile percentages sum to %" EC_PCT_G ", not 100.", pct);
  }
  if (e->profile_count > 0 && avg > 0 && tim > 0) {
    double want = avg * (double)e->profile_count;
    double rel = 100.0 * fabs(tim - want) / fmax(tim, want);
    /* timeMs is printed with fewer digits than averageMs: allow its rounding too */
    double round_ms = 0.00005 * (double)np;
    if (rel > c->o.time_tolerance_pct && fabs(tim - want) > round_ms) {
      char ev[128];
      snprintf(ev, sizeof ev, "sum timeMs %.6g ms; sum averageMs %.6g ms x count %lld = %.6g ms", tim, avg,
               (long long)e->profile_count, want);
      S_add(c, "profile-time-consistency", EC_LINT_WARNING, -1, NAN, NAN,
            "timeMs should be averageMs times the iteration count: the count header or the records may come from "
            "different runs.",
            ev, "Profile totals disagree by %" EC_CHANGE_G "%%.", rel);
    }
  } else if (e->profile_count <= 0 && avg > 0 && tim > 0) {
    char ev[96];
    snprintf(ev, sizeof ev, "sum timeMs / sum averageMs = %" EC_NUM_G, tim / avg);
    S_add(c, "profile-count-inferred", EC_LINT_INFO, -1, NAN, NAN, NULL, ev,
          "The profile has no iteration count; timeMs/averageMs suggests about " EC_WHOLE " %s.", tim / avg, ec_plural((size_t)(tim / avg),
                                                                                                                       "iteration",
                                                                                                                       "iterations"));
  }
}

/* The per-layer sum against the end-to-end median (facts/summary.h
 * ec_summary_e2e): trtexec's profiling run times each layer on its own,
 * with a synchronisation after each, so an engine of many short kernels sums
 * to several times its end-to-end time (YOLO11s INT8: 3.8x); a sum far below
 * the GPU compute time means the profile misses time. */
static void S_profile_e2e(S_ctx *c) {
  const ec_summary *s = c->s;
  ec_e2e t = ec_summary_e2e(s);
  if (!s->has_latency || !t.known || !(t.median_ms > 0) || !(s->total_ms > 0)) return;
  double r = s->total_ms / t.median_ms;
  char ev[200];
  snprintf(ev, sizeof ev, "layer sum " EC_MS "; %s median " EC_MS " (%s)", s->total_ms, t.what, t.median_ms, t.source);
  if (r >= c->o.profile_e2e_warn)
    S_add(c, "profile-e2e-ratio", EC_LINT_WARNING, -1, NAN, NAN,
          "Read the per-layer numbers as shares, not milliseconds: the end-to-end time is the engine's cost. Nsight "
          "Systems (nsys profile trtexec --loadEngine=...) times the kernels without a synchronisation after each "
          "layer.",
          ev,
          "The per-layer latencies add up to " EC_RATIO " the %s median (" EC_MS " against " EC_MS "): the profiling "
          "run times each layer on its own, with a synchronisation after each, so short layers carry their launch "
          "overhead. Savings are scaled to the end-to-end time.",
          r, t.what, s->total_ms, t.median_ms);
  else if (t.what[0] == 'G' && 1 / r >= c->o.profile_e2e_info)
    S_add(c, "profile-e2e-ratio", EC_LINT_INFO, -1, NAN, NAN,
          "Check that the profile and the timings come from the same engine and shapes; layers without a profile "
          "record count nothing.",
          ev, "The per-layer latencies add up to only " EC_PCT " of the GPU compute median (" EC_MS " against " EC_MS
          "): the profile misses time.",
          100 * r, s->total_ms, t.median_ms);
}

/* Savings bounded by what the engine takes: when the layers sum to more than
 * the end-to-end median, every gain is scaled to it (see lint.h). */
static void S_scale_gains(const ec_summary *s, ec_findings *f) {
  ec_e2e t = ec_summary_e2e(s);
  f->gains_scaled = 0;
  f->gain_scale = 1;
  f->layer_sum_ms = s->has_latency ? s->total_ms : NAN;
  f->e2e_ms = t.known ? t.median_ms : NAN;
  f->e2e_what = t.known ? t.what : NULL;
  f->e2e_source = t.known ? t.source : NULL;
  if (!s->has_latency || !(f->e2e_ms > 0) || !(s->total_ms > f->e2e_ms)) return;
  f->gains_scaled = 1;
  f->gain_scale = f->e2e_ms / s->total_ms;
  for (size_t i = 0; i < f->n; i++) {
    f->v[i].gain_ms_max *= f->gain_scale;
    f->v[i].gain_ms_likely *= f->gain_scale;
  }
}

/* ---- driver ------------------------------------------------------------------ */

/* A finding never claims more than its layers take: its gain is capped at
 * their summed profiled time (every rule, present and future). */
static void S_cap_gain(const ec_engine *e, ec_finding *x) {
  if (!isfinite(x->gain_ms_max) || !x->n_layers) return;
  double ms = 0;
  for (size_t j = 0; j < x->n_layers; j++)
    if (x->layers[j] < e->n_layers && e->layers[x->layers[j]].has_profile && e->layers[x->layers[j]].avg_ms > 0)
      ms += e->layers[x->layers[j]].avg_ms;
  if (x->gain_ms_max > ms) x->gain_ms_max = ms;
}

/* A likely gain is a realistic share of the bound: never above it, and
 * none without one (a rule that bounds nothing estimates nothing). */
static void S_cap_likely(ec_finding *x) {
  if (!isfinite(x->gain_ms_likely)) {
    x->gain_ms_likely = NAN;
  } else if (!isfinite(x->gain_ms_max)) {
    x->gain_ms_likely = NAN;
  } else if (x->gain_ms_likely > x->gain_ms_max) {
    x->gain_ms_likely = x->gain_ms_max;
  } else if (x->gain_ms_likely < 0) {
    x->gain_ms_likely = 0;
  }
  if (!isfinite(x->gain_ms_likely)) {
    x->likely_basis = EC_LIKELY_NONE;
    free(x->likely_why);
    x->likely_why = NULL;
  }
}

/* Every finding about layers names them (shortened): the rules that say
 * which layer in their own words do; the rest get "Layer: NAME." or
 * "Layers: A, B and N more." appended. */
static void S_name_layers(const ec_engine *e, ec_finding *x) {
  if (!x->n_layers || !x->message) return;
  size_t first = x->layer >= 0 ? (size_t)x->layer : x->layers[0];
  if (first >= e->n_layers) return;
  ec_buf nm = {0};
  ec_lint_layer_label(&nm, &e->layers[first], 0);
  int named = nm.len && strstr(x->message, nm.data) != NULL;
  ec_buf_free(&nm);
  if (named) return;
  ec_buf m = {0};
  ec_buf_puts(&m, x->message);
  size_t shown = x->n_layers < 2 ? x->n_layers : 2;
  ec_buf_puts(&m, ec_plural(x->n_layers, " Layer: ", " Layers: "));
  for (size_t j = 0; j < shown; j++) {
    if (j) ec_buf_puts(&m, shown == x->n_layers ? " and " : ", ");
    if (x->layers[j] < e->n_layers) ec_lint_layer_label(&m, &e->layers[x->layers[j]], 0);
  }
  if (x->n_layers > shown) ec_buf_printf(&m, " and %zu more", x->n_layers - shown);
  ec_buf_putc(&m, '.');
  free(x->message);
  x->message = ec_buf_take(&m);
}

static int S_cmp(const void *pa, const void *pb) {
  const ec_finding *a = pa, *b = pb;
  int ka = isfinite(a->share_pct), kb = isfinite(b->share_pct);
  if (ka != kb) return ka ? -1 : 1;
  if (ka && a->share_pct != b->share_pct) return a->share_pct > b->share_pct ? -1 : 1;
  if (a->severity != b->severity) return a->severity > b->severity ? -1 : 1;
  /* no share to rank by: engine-wide levers before one layer's (finding.h) */
  ec_lint_scope sa = ec_lint_rule_scope(a->rule), sb = ec_lint_rule_scope(b->rule);
  if (!ka && sa != sb) return sa < sb ? -1 : 1;
  return (a->seq > b->seq) - (a->seq < b->seq);
}

void ec_lint(const ec_engine *e, const ec_summary *s, const ec_lint_opts *opts, ec_findings *out) {
  S_ctx c;
  memset(&c, 0, sizeof c);
  c.e = e;
  c.s = s;
  c.o = opts ? *opts : ec_lint_opts_default();
  c.out = out;
  c.cc = e->device.present && e->device.compute_capability ? strtod(e->device.compute_capability, NULL) : NAN;
  if (!(c.cc > 0)) c.cc = NAN;

  if (e->graph_names_only)
    S_add(&c, "graph-no-detail", EC_LINT_INFO, -1, NAN, NAN,
          "Export the layer information with detail: build with --profilingVerbosity=detailed (TensorRT 8.x: also "
          "--nvtxMode=verbose) and rerun --exportLayerInfo.",
          NULL, "The layer information has names only: types, precisions, shapes and tactics are unknown, so the "
                "layer rules cannot run.");
  if (!e->has_profile && e->has_graph && e->n_layers)
    S_add(&c, "profile-missing", EC_LINT_INFO, -1, NAN, NAN,
          ec_advice_for(EC_ADV_PROFILE_EXPORT, e->trt_version, e->build_tool), NULL,
          "No per-layer profile: findings cannot be ranked by latency share.");

  ec_flow f;
  ec_flow_build(e, &f);
  S_graph_checks(&c, &f);
  for (size_t i = 0; i < e->n_layers; i++) {
    const ec_layer *l = &e->layers[i];
    if (ec_layer_is_conv(l)) {
      S_conv_tc(&c, l, i);
      S_conv_mixed(&c, l, i);
      S_conv_align(&c, l, i);
    } else if (ec_layer_is_reformat(l)) {
      S_type_conversion(&c, l, i, "reformat-type-conversion", "Reformat");
    } else if (S_is(l->type, "Slice")) {
      S_type_conversion(&c, l, i, "slice-type-conversion", "Slice");
    } else if (S_is(l->type, "Scale")) {
      S_qdq(&c, l, i);
    }
    if (ec_layer_is_gemm(l)) S_gemm_tc(&c, l, i);
  }
  S_fp32_engine(&c);
  S_myelin(&c);
  S_zero_latency(&c);
  S_fp32_islands(&c, &f);
  ec_findings_run(e, s, &c.o, &f, out);
  ec_flow_free(&f);
  S_timing(&c);
  S_profile_checks(&c);
  S_profile_e2e(&c);
  if (c.o.n_expect) ec_expect_findings(e, c.o.expect, c.o.n_expect, out);

  for (size_t i = 0; i < out->n; i++) {
    S_cap_gain(e, &out->v[i]);
    S_cap_likely(&out->v[i]);
    S_name_layers(e, &out->v[i]);
  }
  S_scale_gains(s, out);
  if (out->n > 1) qsort(out->v, out->n, sizeof *out->v, S_cmp);
  memset(out->count, 0, sizeof out->count);
  for (size_t i = 0; i < out->n; i++) out->count[out->v[i].severity]++;
}
