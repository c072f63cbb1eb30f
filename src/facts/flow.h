/* flow — who reads what: the data flow over an engine's kept layers, built
 * once as CSR arrays so rules can walk producers and consumers (lint's
 * FP32 islands and cycle check, the findings' attention and Q/K/V
 * patterns).
 *
 * A tensor may have several writers: an in-place layer (Myelin ScatterND,
 * TensorRT 8.5 concatenation copies) reads and writes the same tensor. A
 * reader reads the version of the latest writer before it in graph order,
 * or, when every writer comes later (a graph listed out of order), the last
 * one. The graph's edges (facts/graph.c) are these too. Layers whose tensors are not described (names-only layer
 * information) have no edges. Pure: no I/O. */
#ifndef EC_FLOW_H
#define EC_FLOW_H
#include <stddef.h>
#include "model/engine.h"
#include "util/map.h"

typedef struct ec_flow {
  ec_map tensor;      /* tensor name -> tensor id */
  size_t ntensors;
  size_t *in_start;   /* per layer: offset of its inputs in in_w (n_layers + 1 entries) */
  long *in_w;         /* per layer input: the layer it reads from, or -1 */
  size_t *rd_start;   /* CSR of readers per tensor id (ntensors + 1 entries) */
  size_t *rd;         /* reader layer */
  long *rd_w;         /* per reader entry: the layer it reads from, or -1 */
  long *last_w;       /* per tensor id: its last writer in graph order, or -1 */
} ec_flow;

/** Build the flow of e's kept layers into *f (free with ec_flow_free). */
void ec_flow_build(const ec_engine *e, ec_flow *f);
void ec_flow_free(ec_flow *f);

/** 1 and *id set when tensor t is known to the flow. */
int ec_flow_tid(const ec_flow *f, const ec_tensor *t, size_t *id);

/** The layer that input k of layer i reads from, or -1 (no writer, or i
 *  itself: an in-place update). */
long ec_flow_writer(const ec_flow *f, size_t i, size_t k);

/** 1 when some kept layer writes the tensor that input k of layer i reads
 *  (before or after i, or i itself): whether the tensor is produced inside
 *  the engine (layer_numbers: an input nobody writes may be a constant). */
int ec_flow_written(const ec_flow *f, size_t i, size_t k);

/** The last layer in graph order that writes tensor t (the value left when
 *  the engine is done: an output binding's), or -1. */
long ec_flow_last_writer(const ec_flow *f, const ec_tensor *t);

#endif
