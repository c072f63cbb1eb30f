/* regions — two engines of one model fused differently, compared by
 * regions: the smallest sets of layers on each side that cover the same
 * network nodes, so a layer one side fused and the other did not is still
 * attributed instead of "only on one side".
 *
 * A layer's nodes are its ONNX metadata entries ("[ONNX Layer: X]" read as
 * X) when it has some, else the parts of its name: a fused name joins node
 * names with " + " (TensorRT's fusions), "+" (Myelin's, and metadata joined
 * by U+001E/U+001F as the loader keeps them), " || ", inside PWN(...)
 * wrappers, and a {ForeignNode[first...last]} names its first and last
 * node. A reformatting copy ("Reformatting CopyNode for Input Tensor 0 to
 * X") covers no node: its name quotes the layer it feeds.
 *
 * Layers that share a node are joined, and so are the two layers of each
 * aligned pair (judge/align.h); a connected set that holds a layer on
 * each side, and a layer the alignment left on one side only or more than
 * one aligned pair (pairs whose nodes overlap other pairs': fused another
 * way), is a region: no smaller set on either side covers the nodes the
 * other side's set covers. The share of each side's layer time that is attributed is
 * measured twice: by the aligned pairs alone (before), and by the pairs and
 * the regions together, each layer counted once (after).
 *
 * Pure: no I/O. Engines and the alignment are borrowed for the call. */
#ifndef EC_REGIONS_H
#define EC_REGIONS_H
#include <stddef.h>
#include "judge/align.h"
#include "model/engine.h"

/* One region: layers of each side that cover the same nodes. */
typedef struct ec_region {
  size_t *a, *b;       /* layer indices on each side, in layer order (owned) */
  size_t na, nb;
  size_t one_sided;    /* of its layers, those the alignment left on one side only (the rest are aligned pairs) */
  size_t nodes_a, nodes_b, nodes_shared; /* distinct nodes each side's layers cover, and on both */
  double a_ms, b_ms;   /* each side's profiled time (the times given), NAN when a layer of it has none */
  double delta_ms;     /* b_ms - a_ms */
} ec_region;

typedef struct ec_regions {
  ec_region *v;        /* most |delta| first (unknown last), then by their first baseline layer */
  size_t n;
  size_t only_a, only_b;            /* one-sided layers before regions */
  size_t left_a, left_b;            /* one-sided layers outside every region */
  double a_total_ms, b_total_ms;    /* every layer's time (NAN without a profile) */
  double a_paired_ms, b_paired_ms;  /* the aligned pairs' */
  double a_region_ms, b_region_ms;  /* the regions' one-sided layers' (the pairs in them are counted above) */
  double a_before_pct, b_before_pct;/* paired / total */
  double a_after_pct, b_after_pct;  /* (paired + region one-sided) / total */
} ec_regions;

/** The regions of the baseline a and engine b under alignment al (ec_align
 *  of a, b). ma and mb are each layer's time on the comparison's basis
 *  (NULL: the layers' profile averages; NAN: unknown). Caller frees with
 *  ec_regions_free. */
ec_regions *ec_regions_build(const ec_engine *a, const double *ma, const ec_engine *b, const double *mb,
                             const ec_alignment *al);
void ec_regions_free(ec_regions *r);

struct ec_comparison;
/** The regions of engine i of comparison c against its baseline, on the
 *  comparison's basis (each layer's profile average over the engine's
 *  divisor); NULL for the baseline or an engine that was not aligned.
 *  Caller frees with ec_regions_free. */
ec_regions *ec_regions_of_compare(const struct ec_comparison *c, size_t i);

/** The nodes layer l covers (see the file comment), as new strings into
 *  *out (caller frees each and the array); returns their number. */
size_t ec_layer_nodes(const ec_layer *l, char ***out);

#endif
