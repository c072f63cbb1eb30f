/* inputs — an engine's inputs as they ran: one shape per input, in binding
 * order (the inference shape the options give, else the binding's dims),
 * and the batch the timings were measured with. The one reading every
 * comparison of inputs (compare's comparability list, the gate's NOT
 * COMPARABLE rule) and the per-inference basis use. Pure. */
#ifndef EC_INPUTS_H
#define EC_INPUTS_H
#include "model/engine.h"

/** The inputs as "name=1x3x224x224; mask=1x128" in binding order; NULL
 *  when no input's shape is known. Caller frees. */
char *ec_inputs_shapes(const ec_engine *e);
/** The same shapes without the names, "1x3x224x224; 1x128": what two
 *  engines' inputs are compared by (two exporters name one input "x" and
 *  "input"); NULL when unknown. Caller frees. */
char *ec_inputs_dims(const ec_engine *e);
/** The inputs' names in binding order, "x; mask" (those whose shape is
 *  known, as in ec_inputs_dims); NULL when none. Caller frees. */
char *ec_inputs_names(const ec_engine *e);

/** The batch e's timings were measured with: trtexec's "Batch" option when
 *  it is a number above 1 (an implicit-batch engine: its bindings carry no
 *  batch dimension), else the leading dimension of its first input as run
 *  (ec_inputs_dims), else 0 (unknown: a dynamic or undescribed input). */
long ec_engine_batch(const ec_engine *e);

#endif
