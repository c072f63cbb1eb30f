/* finding — the record every rule writes and every output reads: one
 * finding, the list of them, their order and their names (rules/finding.h).
 * Split from lint so that the rule sets (lint, findings, expect) include the
 * record, not each other. */
#include "rules/finding.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "util/rank.h"
#include "util/utf8.h"
#include "facts/summary.h"
#include "words/words.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The catalogue: id, TREx rule, summary, usual confidence and why. */
#define KERNEL_EVIDENCE EC_CONF_HIGH, "the kernel name shows the unit (facts/tensorcore.c)"
#define FROM_LAYERS EC_CONF_HIGH, "read from the layer information"
#define FROM_INPUTS EC_CONF_HIGH, "read from the input files"
static const ec_lint_rule S_rules[] = {
    {"conv-no-tensor-cores", "ConvLinter.tc_lint", "a convolution runs on CUDA cores (kernel-name evidence)", KERNEL_EVIDENCE},
    {"conv-tensor-cores-unknown", "ConvLinter.tc_lint", "TREx calls a convolution unaccelerated but its kernel name proves nothing",
     EC_CONF_LOW, "the kernel name shows neither Tensor Cores nor CUDA cores"},
    {"conv-int8-float-output", "ConvLinter.mixed_precision_lint", "an INT8 convolution writes a float output", FROM_LAYERS},
    {"conv-misaligned-channels", "ConvLinter.alignment_lint", "convolution channels not multiples of 8 (16 for INT8)", FROM_LAYERS},
    {"reformat-type-conversion", "ReformatLinter", "a Reformat layer converts the data type", FROM_LAYERS},
    {"slice-type-conversion", "SliceLinter", "a Slice layer converts the data type", FROM_LAYERS},
    {"qdq-unfused", "QDQLinter", "a Scale-style Quantize/Dequantize (TensorRT 8.2) was not fused", FROM_LAYERS},
    {"fp32-island", NULL, "FP32 layers between reduced-precision layers (a precision island)", EC_CONF_MEDIUM,
     "a layer's precision is that of its first input; islands are joined through the data flow"},
    {"gemm-no-tensor-cores", NULL, "a GEMM/MatrixMultiply/FullyConnected kernel runs on CUDA cores", KERNEL_EVIDENCE},
    {"fp32-engine", NULL, "the engine was built FP32 only on a GPU with Tensor Cores", FROM_LAYERS},
    {"myelin-opaque", NULL, "a Myelin region hides the layers it fuses", FROM_LAYERS},
    {"zero-latency", NULL, "a layer was profiled at 0 ms", FROM_INPUTS},
    {"timing-unstable", NULL, "per-iteration timings spread widely (p99 against median)", FROM_INPUTS},
    {"timing-few-samples", NULL, "too few timing iterations or profiled iterations", FROM_INPUTS},
    {"graph-no-detail", NULL, "layer information without detail (names only)", FROM_INPUTS},
    {"profile-missing", NULL, "no per-layer profile: latency shares unknown", FROM_INPUTS},
    {"hotspot", NULL, "one layer or one Myelin region takes 10% or more of the latency", EC_CONF_HIGH,
     "the layer's share of the profiled latency"},
    {"data-movement", NULL, "layers that only move or convert data (Reformats, copies, Myelin mover kernels) take 5% or more",
     EC_CONF_HIGH, "layer types and decoded Myelin kernel names"},
    {"transformer-fusions", NULL, "fused transformer ops recognised (LayerNorm, GELU, softmax, fused attention)", EC_CONF_HIGH,
     "op lists decoded from Myelin kernel names and attention kernels named by their tactic"},
    {"attention-unfused", NULL, "attention runs as separate GEMM and softmax kernels", EC_CONF_HIGH,
     "a softmax between two matrix products in the data flow"},
    {"qkv-unfused", NULL, "the Q, K and V projections of a block are three separate GEMMs", EC_CONF_HIGH,
     "three matrix products read the same tensor"},
    {"tiny-kernels", NULL, "many layers under 5 us together take 20% or more: launch-bound", EC_CONF_MEDIUM,
     "launch-bound is inferred from the durations alone"},
    {"aux-streams", NULL, "one engine runs layers on several streams (auxiliary streams, signal/wait layers)", EC_CONF_HIGH,
     "StreamId and signal/wait layers in the layer information"},
    {"dynamic-shapes", NULL, "the engine has dynamic (-1) dimensions: the numbers are for one profile shape", FROM_INPUTS},
    {"graph-cycle", NULL, "the layer graph is not a DAG", FROM_INPUTS},
    {"graph-self-loop", NULL, "a layer updates a tensor in place (reads and writes it): valid, noted", FROM_INPUTS},
    {"profile-name-mismatch", NULL, "profile records and layers do not match by name", FROM_INPUTS},
    {"profile-pct-sum", NULL, "profile percentages do not sum to about 100", FROM_INPUTS},
    {"profile-time-consistency", NULL, "sum of timeMs differs from sum of averageMs x count", FROM_INPUTS},
    {"profile-count-inferred", NULL, "the profile has no iteration count; inferred from timeMs/averageMs", FROM_INPUTS},
    {"profile-e2e-ratio", NULL, "the per-layer latencies add up to far more (or far less) than the end-to-end time",
     FROM_INPUTS},
    {"precision-expectation", NULL, "layers run in a wider precision than the precision expectation allows", FROM_LAYERS},
};
#undef KERNEL_EVIDENCE
#undef FROM_LAYERS
#undef FROM_INPUTS

const ec_lint_rule *ec_lint_rules(size_t *n) {
  *n = sizeof S_rules / sizeof S_rules[0];
  return S_rules;
}

ec_lint_scope ec_lint_rule_scope(const char *id) {
  static const struct {
    const char *id;
    ec_lint_scope scope;
  } t[] = {
      {"fp32-engine", EC_SCOPE_ENGINE},         {"precision-expectation", EC_SCOPE_ENGINE},
      {"fp32-island", EC_SCOPE_PATTERN},        {"attention-unfused", EC_SCOPE_PATTERN},
      {"qkv-unfused", EC_SCOPE_PATTERN},        {"data-movement", EC_SCOPE_PATTERN},
      {"tiny-kernels", EC_SCOPE_PATTERN},       {"hotspot", EC_SCOPE_PATTERN},
      {"transformer-fusions", EC_SCOPE_PATTERN}, {"myelin-opaque", EC_SCOPE_PATTERN},
      {"aux-streams", EC_SCOPE_PATTERN},        {"qdq-unfused", EC_SCOPE_PATTERN},
      {"timing-unstable", EC_SCOPE_INPUTS},     {"timing-few-samples", EC_SCOPE_INPUTS},
      {"graph-no-detail", EC_SCOPE_INPUTS},     {"profile-missing", EC_SCOPE_INPUTS},
      {"dynamic-shapes", EC_SCOPE_INPUTS},      {"graph-cycle", EC_SCOPE_INPUTS},
      {"graph-self-loop", EC_SCOPE_INPUTS},     {"profile-name-mismatch", EC_SCOPE_INPUTS},
      {"profile-pct-sum", EC_SCOPE_INPUTS},     {"profile-time-consistency", EC_SCOPE_INPUTS},
      {"profile-count-inferred", EC_SCOPE_INPUTS}, {"profile-e2e-ratio", EC_SCOPE_INPUTS},
  };
  for (size_t i = 0; id && i < sizeof t / sizeof t[0]; i++)
    if (!strcmp(t[i].id, id)) return t[i].scope;
  return EC_SCOPE_LAYER;
}

const char *ec_lint_scope_name(ec_lint_scope s) {
  switch (s) {
  case EC_SCOPE_ENGINE: return "engine";
  case EC_SCOPE_PATTERN: return "pattern";
  case EC_SCOPE_INPUTS: return "inputs";
  default: return "layer";
  }
}

const ec_lint_rule *ec_lint_rule_of(const char *rule) {
  for (size_t i = 0; i < sizeof S_rules / sizeof S_rules[0]; i++)
    if (!strcmp(S_rules[i].id, rule)) return &S_rules[i];
  return NULL;
}

const char *ec_lint_sev_name(ec_lint_sev s) {
  switch (s) {
  case EC_LINT_ERROR: return "error";
  case EC_LINT_WARNING: return "warning";
  default: return "info";
  }
}

int ec_lint_sev_parse(const char *s) {
  if (!s) return -1;
  if (!strcmp(s, "info")) return EC_LINT_INFO;
  if (!strcmp(s, "warning")) return EC_LINT_WARNING;
  if (!strcmp(s, "error")) return EC_LINT_ERROR;
  return -1;
}

const char *ec_confidence_name(ec_confidence c) {
  switch (c) {
  case EC_CONF_HIGH: return "high";
  case EC_CONF_MEDIUM: return "medium";
  default: return "low";
  }
}

const char *ec_gain_basis_name(ec_gain_basis b) {
  switch (b) {
  case EC_GAIN_ZERO: return "zero";
  case EC_GAIN_MEDIAN_EFFICIENCY: return "median-efficiency";
  default: return NULL;
  }
}

const char *ec_likely_basis_name(ec_likely_basis b) {
  switch (b) {
  case EC_LIKELY_NEIGHBOURS: return "neighbour-efficiency";
  case EC_LIKELY_PEAK_RATIO: return "peak-ratio";
  case EC_LIKELY_REFORMATS: return "reformats-removed";
  default: return NULL;
  }
}

int ec_findings_max_sev(const ec_findings *f) {
  int m = -1;
  for (size_t i = 0; i < f->n; i++)
    if ((int)f->v[i].severity > m) m = (int)f->v[i].severity;
  return m;
}

void ec_findings_free(ec_findings *f) {
  for (size_t i = 0; i < f->n; i++) {
    free(f->v[i].message);
    free(f->v[i].mitigation);
    free(f->v[i].evidence);
    free(f->v[i].confidence_why);
    free(f->v[i].next_step);
    free(f->v[i].likely_why);
    free(f->v[i].layers);
  }
  free(f->v);
  memset(f, 0, sizeof *f);
}

/* ---- names, union savings, groups ------------------------------------------- */

void ec_lint_layer_label(ec_buf *b, const ec_layer *l, size_t max) {
  const char *s = l->name ? l->name : "";
  size_t n = l->name ? l->name_len : 0;
  if (!max) max = 48;
  size_t cps = ec_utf8_count(s, n);
  if (cps <= max || max < 8) {
    ec_buf_put(b, s, n);
    return;
  }
  /* a fused name ("a + b + c"): its first and last parts when they fit */
  const char *p1 = NULL, *pl = NULL;
  for (size_t i = 0; i + 3 <= n; i++)
    if (!memcmp(s + i, " + ", 3)) {
      if (!p1) p1 = s + i;
      pl = s + i;
    }
  if (p1) {
    size_t a = (size_t)(p1 - s), z = n - (size_t)(pl + 3 - s);
    size_t ca = ec_utf8_count(s, a), cz = ec_utf8_count(pl + 3, z);
    if (ca + cz + 7 <= max) {
      ec_buf_put(b, s, a);
      ec_buf_puts(b, p1 == pl ? " + " : " + \xE2\x80\xA6 + ");
      ec_buf_put(b, pl + 3, z);
      return;
    }
    if (ca + 4 <= max) {
      ec_buf_put(b, s, a);
      ec_buf_puts(b, " + \xE2\x80\xA6");
      return;
    }
  }
  size_t head = max * 2 / 5, tail = max - head - 1;
  size_t h = ec_utf8_prefix(s, n, head), t = ec_utf8_prefix(s, n, cps - tail);
  /* cut at a name separator when one is near: back for the head, on for the tail */
  for (size_t i = h; i > h / 2; i--)
    if (ec_ident_break_at(s, n, i)) {
      h = i;
      break;
    }
  size_t lim = t + (n - t) / 2;
  for (size_t i = t; i < lim; i++)
    if (ec_ident_break_at(s, n, i)) {
      t = i;
      break;
    }
  ec_buf_put(b, s, h);
  ec_buf_puts(b, "\xE2\x80\xA6");
  ec_buf_put(b, s + t, n - t);
}

/* The union of v's gains (likely: gain_ms_likely, else gain_ms_max): each
 * finding's gain spread over its layers in proportion to their time, the
 * largest part per layer. A finding's likely gain is at most its bound, so
 * each layer's likely part is at most its bounded part, and the likely union
 * at most the bounded one. */
static double S_union(const ec_engine *e, const ec_finding *const *v, size_t n, int likely, double *layers_ms) {
  size_t nl = e->n_layers;
  double *best = ec_malloc((nl ? nl : 1) * sizeof *best);
  for (size_t i = 0; i < nl; i++) best[i] = -1; /* -1: not named */
  int known = 0, timed = 0;
  for (size_t k = 0; k < n; k++) {
    const ec_finding *x = v[k];
    double sum = 0;
    for (size_t j = 0; j < x->n_layers; j++) {
      size_t i = x->layers[j];
      if (i >= nl) continue;
      if (best[i] < 0) best[i] = 0;
      if (e->layers[i].has_profile && e->layers[i].avg_ms > 0) sum += e->layers[i].avg_ms;
    }
    double g = likely ? x->gain_ms_likely : x->gain_ms_max;
    /* a likely total is only as known as its parts: one bounded finding
     * without an estimate makes it unknown (not the others' sum) */
    if (likely && !isfinite(g) && isfinite(x->gain_ms_max) && x->gain_ms_max > 0) {
      free(best);
      if (layers_ms) *layers_ms = NAN;
      return NAN;
    }
    if (!isfinite(g)) continue;
    known = 1;
    if (!(g > 0) || !(sum > 0)) continue;
    for (size_t j = 0; j < x->n_layers; j++) {
      size_t i = x->layers[j];
      if (i >= nl || !e->layers[i].has_profile || !(e->layers[i].avg_ms > 0)) continue;
      double ms = e->layers[i].avg_ms, part = fmin(ms, g * ms / sum);
      if (part > best[i]) best[i] = part;
    }
  }
  double gain = 0, ms = 0;
  for (size_t i = 0; i < nl; i++) {
    if (best[i] < 0) continue;
    gain += best[i];
    if (e->layers[i].has_profile) {
      timed = 1;
      ms += e->layers[i].avg_ms;
    }
  }
  free(best);
  if (layers_ms) *layers_ms = timed ? ms : NAN;
  return known ? gain : NAN;
}

double ec_findings_union_gain(const ec_engine *e, const ec_finding *const *v, size_t n, double *layers_ms) {
  return S_union(e, v, n, 0, layers_ms);
}

double ec_findings_union_likely(const ec_engine *e, const ec_finding *const *v, size_t n) {
  return S_union(e, v, n, 1, NULL);
}

const char *ec_gain_basis_text(ec_gain_basis b) {
  switch (b) {
  case EC_GAIN_ZERO: return "if these layers took no time";
  case EC_GAIN_MEDIAN_EFFICIENCY:
    return "at the median efficiency (TFLOP/s) of the engine's other convolutions or GEMMs on the same math";
  default: return NULL;
  }
}

/* ---- emission ----------------------------------------------------------- */

ec_finding *ec_findings_push(ec_findings *f, const char *rule, ec_lint_sev sev) {
  const ec_lint_rule *r = ec_lint_rule_of(rule);
  ec_finding *x = EC_PUSH(f->v, f->n, f->cap);
  memset(x, 0, sizeof *x);
  x->rule = r ? r->id : rule;
  x->severity = sev;
  x->layer = -1;
  x->share_pct = x->latency_ms = x->gain_ms_max = x->gain_ms_likely = NAN;
  x->gain_basis = EC_GAIN_NONE;
  x->likely_basis = EC_LIKELY_NONE;
  x->trex_rule = r ? r->trex_rule : NULL;
  x->confidence = r ? r->confidence : EC_CONF_LOW;
  x->confidence_why = ec_strdup(r ? r->confidence_why : "rule not in the catalogue");
  x->seq = f->n - 1;
  return x;
}

void ec_finding_set_layers(ec_finding *x, const ec_engine *e, const size_t *idx, size_t n) {
  free(x->layers);
  x->layers = NULL;
  x->n_layers = 0;
  if (!n) return;
  x->layers = ec_malloc(n * sizeof *x->layers);
  memcpy(x->layers, idx, n * sizeof *idx);
  x->n_layers = n;
  /* slowest first (unprofiled last), ties by layer index */
  double *v = ec_malloc(n * sizeof *v);
  for (size_t k = 0; k < n; k++) {
    const ec_layer *l = &e->layers[x->layers[k]];
    v[k] = l->has_profile ? l->avg_ms : -1;
  }
  ec_rank_desc_ids(x->layers, v, n);
  free(v);
}

static int S_cmp_gain(const void *pa, const void *pb) {
  const ec_finding *a = *(const ec_finding *const *)pa, *b = *(const ec_finding *const *)pb;
  if (a->gain_ms_max != b->gain_ms_max) return a->gain_ms_max > b->gain_ms_max ? -1 : 1;
  int ka = isfinite(a->share_pct), kb = isfinite(b->share_pct);
  if (ka != kb) return ka ? -1 : 1;
  if (ka && a->share_pct != b->share_pct) return a->share_pct > b->share_pct ? -1 : 1;
  return a < b ? -1 : a > b;
}

size_t ec_findings_top(const ec_findings *f, size_t k, const ec_finding **out) {
  if (!k) return 0;
  const ec_finding **all = ec_malloc((f->n ? f->n : 1) * sizeof *all);
  size_t m = 0;
  for (size_t i = 0; i < f->n; i++)
    if (isfinite(f->v[i].gain_ms_max) && f->v[i].gain_ms_max > 0) all[m++] = &f->v[i];
  if (m > 1) qsort(all, m, sizeof *all, S_cmp_gain);
  if (m > k) m = k;
  memcpy(out, all, m * sizeof *out);
  free(all);
  return m;
}

size_t ec_findings_first(const ec_findings *f, size_t k, const ec_finding **out) {
  size_t n = ec_findings_top(f, k, out);
  for (int sc = EC_SCOPE_ENGINE; sc <= EC_SCOPE_INPUTS; sc++)
    for (size_t i = 0; i < f->n && n < k; i++) {
      const ec_finding *x = &f->v[i];
      if (x->severity < EC_LINT_WARNING || (isfinite(x->gain_ms_max) && x->gain_ms_max > 0)) continue;
      if ((int)ec_lint_rule_scope(x->rule) != sc) continue;
      out[n++] = x;
    }
  return n;
}

char *ec_findings_scale_note(const ec_findings *f) {
  if (!f->gains_scaled) return NULL;
  char sum[32], e2e[32];
  return ec_asprintf("Savings are scaled to the end-to-end time: the per-layer latencies add up to %s ms, " EC_RATIO
                     " the %s median of %s ms (%s), so each saving is its share of %s ms (" EC_RATIO ").",
                     ec_fmt_ms(sum, sizeof sum, f->layer_sum_ms), f->layer_sum_ms / f->e2e_ms, f->e2e_what,
                     ec_fmt_ms(e2e, sizeof e2e, f->e2e_ms), f->e2e_source, e2e, f->gain_scale);
}

