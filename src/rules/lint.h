/* lint — hazards of an engine's layers, each with its mitigation, findings
 * that say what to try next, and checks that the input files are consistent
 * (the analyze stage: docs/architecture.md).
 *
 * Rules (stable ids; docs/lint.md lists them):
 *   TREx's linters (trex/lint.py), with their bugs fixed:
 *     conv-no-tensor-cores       ConvLinter.tc_lint, judged by facts/tensorcore
 *     conv-tensor-cores-unknown  ConvLinter.tc_lint flags it, but the kernel name
 *                                gives no evidence either way (info)
 *     conv-int8-float-output     ConvLinter.mixed_precision_lint
 *     conv-misaligned-channels   ConvLinter.alignment_lint
 *     reformat-type-conversion   ReformatLinter (its mitigation is emitted)
 *     slice-type-conversion      SliceLinter
 *     qdq-unfused                QDQLinter (TensorRT 8.2 Scale-style Q/DQ)
 *   Beyond TREx: fp32-island, gemm-no-tensor-cores, fp32-engine (an engine
 *     built FP32 only on a Tensor-Core GPU: its FP32 CUDA-core convolutions
 *     and GEMMs as one finding instead of one each), myelin-opaque,
 *     zero-latency, timing-unstable, timing-few-samples, graph-no-detail,
 *     profile-missing, precision-expectation (--expect-precision not met:
 *     facts/precision_mix.h), profile-e2e-ratio (the per-layer sum far
 *     from the end-to-end time).
 *   Findings (rules/findings.h): hotspot, data-movement,
 *     transformer-fusions, attention-unfused, qkv-unfused, tiny-kernels,
 *     aux-streams, dynamic-shapes. data-movement replaces the former
 *     reformat-latency-share (Reformats are part of it); fp32-island is the
 *     precision-island finding.
 *   Input validation (after NVIDIA's trt-perf-analysis): graph-cycle,
 *     graph-self-loop (info: an in-place update, which is valid),
 *     profile-name-mismatch, profile-pct-sum, profile-time-consistency,
 *     profile-count-inferred.
 * A layer keeps every hazard it has (TREx kept only the last per convolution).
 * Findings are ranked by latency share, descending (unknown share last), then
 * severity, then the order the rules ran in; ec_findings_top ranks them by
 * what they could save instead. Pure: no I/O, never prints.
 *
 * What a finding could save. gain_ms_max is an upper bound on the per-layer
 * latency sum (the profile's ms, not end-to-end time) the finding's
 * experiment could save, on one of two bases (gain_basis):
 *   EC_GAIN_ZERO               the finding's layers' time went to zero;
 *   EC_GAIN_MEDIAN_EFFICIENCY  the layers ran at the engine's median achieved
 *                              TFLOP/s of their class (convolutions or GEMMs on
 *                              the same math, at least 3 with known FLOPs).
 * Each rule documents which (docs/lint.md ("Findings")); NAN (null in JSON) when the
 * rule estimates none or the inputs do not allow one (no profile, FLOPs
 * unknown), never 0 for unknown.
 *
 * What it likely saves. gain_ms_likely is a realistic estimate beside the
 * bound, where a defensible basis exists (likely_basis), NAN otherwise (never
 * 0 for unknown, never a guess); always <= gain_ms_max:
 *   EC_LIKELY_NEIGHBOURS  a hotspot convolution or GEMM with known FLOPs at the
 *                         median TFLOP/s of its nearest layers of the same
 *                         class in execution order (findings.c
 *                         S_likely_neighbours);
 *   EC_LIKELY_PEAK_RATIO  an FP32 island in a reduced-precision engine on a
 *                         Tensor-Core GPU: its compute-bound layers (at or
 *                         above the roofline's ridge) scaled by the ratio of
 *                         the FP32 math's peak to the engine's precision's
 *                         peak, plus the Reformats its mitigation removes
 *                         (lint.c S_likely_island);
 *   EC_LIKELY_REFORMATS   the same island when no layer of it is known to be
 *                         compute-bound or the device's peaks are unknown: the
 *                         time of the Reformats around it, which running it in
 *                         reduced precision removes.
 * likely_why says the basis with its numbers. */
#ifndef EC_LINT_H
#define EC_LINT_H
#include <stddef.h>
#include "facts/summary.h"
#include "model/engine.h"
#include "util/buf.h"
#include "rules/finding.h"

ec_lint_opts ec_lint_opts_default(void);

/** Lint e (s is its summary, from ec_summarize(e)) into out, which the caller
 *  zero-initialises and frees with ec_findings_free. opts may be NULL for the
 *  defaults. Findings are sorted (see above); out->count is filled. */
void ec_lint(const ec_engine *e, const ec_summary *s, const ec_lint_opts *opts, ec_findings *out);
/* Findings grouped by rule (issue 27): one group per rule that fired. */
typedef struct ec_finding_group {
  const char *rule;        /* static */
  ec_lint_sev severity;    /* the highest of its findings */
  size_t count[3];         /* its findings by severity */
  size_t n;                /* its findings */
  size_t *idx;             /* owned: indices into f->v, in f's order */
  size_t n_layers;         /* distinct layers its findings name */
  double latency_ms;       /* their summed time, each layer once; NAN when unknown */
  double share_pct;        /* of the summed layer latency; NAN when unknown */
  double gain_ms_max;      /* ec_findings_union_gain of its findings */
  double gain_ms_likely;   /* ec_findings_union_likely of its findings */
  ec_gain_basis gain_basis; /* the basis of its findings' gains (EC_GAIN_NONE: none known; mixed: the first) */
  int mixed_basis;         /* 1 when its findings' gains rest on different bases */
  const char *mitigation;  /* borrowed from its first finding with one, or NULL */
  const char *next_step;   /* borrowed likewise */
  const char *summary;     /* the catalogue's summary of the rule */
} ec_finding_group;

typedef struct ec_finding_groups {
  ec_finding_group *v;
  size_t n;
  const char **quiet;      /* rules of the catalogue with no finding (static ids) */
  size_t n_quiet;
} ec_finding_groups;

/** Group f (linted from s's engine) by rule: groups ranked by their share
 *  (unknown last), then severity, then where their first finding is in f.
 *  Free with ec_finding_groups_free. */
void ec_findings_group(const ec_summary *s, const ec_findings *f, ec_finding_groups *out);
void ec_finding_groups_free(ec_finding_groups *g);

#endif
