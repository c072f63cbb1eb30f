/* align — pair the layers of two engines (a baseline A and another engine B)
 * that come from the same network layer.
 *
 * Two aligners:
 *  - ec_align_trex reproduces TREx's match_layers (compare_engines.py)
 *    exactly: a signature of {type, input dims without dim 0, output dims
 *    without dim 0} (only in[0]/out[0] when not exact), PointWise layers with
 *    two inputs also match with their inputs swapped, and a greedy search
 *    that takes the head of one list and looks for it anywhere in the other.
 *    It is the reference the tests hold our loader to.
 *  - ec_align is the one the product uses. It never pairs layers of
 *    different types (a names-only layer, whose type is "Unknown", pairs by
 *    the family its name tells: facts/layer_kind.h ec_layer_family), and it scores every same-type candidate pair by its
 *    evidence: identical names, overlap of fused-name parts ("A + B + C",
 *    with PWN(...) wrappers opened), overlap of ONNX metadata entries, the
 *    TREx signature, or the first input/output dims alone. Pairs are chosen
 *    as the order-preserving alignment of greatest total score (a weighted
 *    longest common subsequence, split at anchors: unique identical names),
 *    then unique identical names are paired even when the order differs,
 *    and finally layers still unpaired are paired with their mutual best
 *    partner when names or metadata overlap by at least half (renamed or
 *    reordered layers). A pair always has the same type (or family) on both sides.
 *
 * Pure: no I/O. Both engines are borrowed for the call only. */
#ifndef EC_ALIGN_H
#define EC_ALIGN_H
#include <stddef.h>
#include "model/engine.h"

/* What made a pair (static strings). */
#define EC_ALIGN_NAME "name"             /* identical names */
#define EC_ALIGN_METADATA "metadata"     /* shared ONNX metadata entries */
#define EC_ALIGN_FUSED "fused-name"      /* shared parts of fused names */
#define EC_ALIGN_SIGNATURE "signature"   /* same type and all i/o dims (TREx's rule) */
#define EC_ALIGN_IO "io-dims"            /* same type and first input/output dims */

typedef struct ec_align_pair {
  long a, b;       /* layer index in A / in B, or -1 when the layer is on one side only */
  const char *how; /* EC_ALIGN_*, NULL for one-sided entries */
  int score;       /* evidence score (ec_align only; 0 otherwise) */
} ec_align_pair;

typedef struct ec_alignment {
  ec_align_pair *v; /* owned */
  size_t n, cap;
  size_t matched, only_a, only_b;
} ec_alignment;

/** TREx's match_layers(A, B, exact_matching=exact), entry for entry and in
 *  TREx's order (matches and one-sided entries interleaved as TREx emits
 *  them, then A's left-overs, then B's). Indices are e->layers indices, which
 *  equal TREx's DataFrame rows. Caller frees with ec_alignment_free. */
ec_alignment *ec_align_trex(const ec_engine *a, const ec_engine *b, int exact);

/** The improved alignment (see the file comment). Entries are in A's layer
 *  order, each B-only layer placed just before the first pair that follows it
 *  in B's order. Caller frees with ec_alignment_free. */
ec_alignment *ec_align(const ec_engine *a, const ec_engine *b);

void ec_alignment_free(ec_alignment *al);

/** The evidence score ec_align gives the pair (A layer la, B layer lb):
 *  -1 when they may not be paired (different types, or no evidence at all),
 *  else a positive score; *how receives the main evidence (may be NULL). */
int ec_align_score(const ec_layer *la, const ec_layer *lb, const char **how);

#endif
