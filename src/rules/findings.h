/* findings — what to try next: the lint rules that find an engine's
 * opportunities rather than its hazards (issue 18). Each emits an
 * ec_finding (rules/lint.h) with its evidence (the layers, the numbers),
 * gain_ms_max and its basis, a confidence with its reason, and a next step
 * (a trtexec flag, an ONNX change, a tool). A finding about one layer names
 * it in ->layer; one about a group of layers (every rule below but a
 * single-layer hotspot) has layer -1 and lists them in ->layers. ec_lint
 * runs them; docs/lint.md ("Findings") is the table of rules, thresholds and
 * evidence.
 *
 *   hotspot             one layer, or one TensorRT 10 Myelin region (layers
 *                       named *_myl<N>_<k>) none of whose layers is a hotspot
 *                       itself, at or above opts->hotspot_pct of the latency
 *                       (info). Gain: the layer at its class's median
 *                       efficiency when its FLOPs are known (convolutions,
 *                       GEMMs), else zero; none for a region (many kernels,
 *                       each with its own findings). Likely: the layer at
 *                       its neighbours' TFLOP/s (S_likely_neighbours).
 *   data-movement       Reformats, copy layers (Shuffle, Slice, ...), Myelin
 *                       kernels whose decoded ops only move or convert, and
 *                       names-only movement layers (facts/layer_kind.h
 *                       ec_layer_movement) at or above the movement shares
 *                       (warning 10%, info 5%). Gain: zero.
 *   transformer-fusions LayerNorm, GELU and softmax op lists in Myelin
 *                       kernels and fused attention kernels, reported only
 *                       with transformer evidence (a LayerNorm, a fused
 *                       attention kernel or an attention pattern): a softmax
 *                       alone (an MNIST classifier) is not one. No gain.
 *   attention-unfused   a softmax with a matrix product within three layers
 *                       before and after it in the data flow (or, without
 *                       tensors, in graph order within the same ONNX scope):
 *                       attention as separate kernels (warning). Gain: zero
 *                       for the softmax and the copies on the way.
 *   qkv-unfused         three or more matrix products reading one tensor
 *                       (directly or through one copy), or, without tensors,
 *                       q/k/v projections (q_proj, /query/, ...) of one block
 *                       in three layers (info). Gain: median efficiency
 *                       (NAN without FLOPs).
 *   tiny-kernels        at least opts->tiny_min_layers layers under
 *                       opts->tiny_kernel_ms that together take
 *                       opts->tiny_share_pct or more (info). Gain: zero.
 *   aux-streams         layers on auxiliary streams (StreamId > 0) or
 *                       signal/wait layers: one engine on several streams
 *                       (info). No gain.
 *   dynamic-shapes      -1 dimensions in bindings or layer tensors, with the
 *                       profile's min/opt/max and the shape trtexec ran
 *                       (info). No gain.
 * Pure: no I/O. */
#ifndef EC_FINDINGS_H
#define EC_FINDINGS_H
#include "facts/flow.h"
#include "rules/finding.h"
#include "facts/summary.h"

/** Append the findings of e (s its summary, f its data flow, o the
 *  thresholds) to out, unsorted; ec_lint sorts and counts. */
void ec_findings_run(const ec_engine *e, const ec_summary *s, const ec_lint_opts *o, const ec_flow *f,
                     ec_findings *out);

#endif
