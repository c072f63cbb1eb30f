/* kernel_diff — what changed inside a fused layer pair between two engines
 * with kernel data (Nsight Systems): for each aligned pair (judge/align.h)
 * whose layers both have kernels and one of them is shown by op group
 * (facts/kernels.h ec_kernel_groups_apply: a Myelin / {ForeignNode}
 * layer), its kernel time per iteration on each side, the change per op
 * group, and each kernel that changed: matched by name; a kernel on one
 * side only is new or gone. Pure: no I/O; engines and alignment borrowed. */
#ifndef EC_KERNEL_DIFF_H
#define EC_KERNEL_DIFF_H
#include <stddef.h>
#include "judge/align.h"
#include "facts/kernels.h"
#include "model/engine.h"

typedef struct ec_kdiff_kernel {
  const char *name;   /* borrowed from the engine that has it */
  const char *group;  /* its op group (static) */
  double base_ms, ms; /* per iteration of its layer (its time over the layer's iterations); NAN: not on that side */
  double delta_ms;    /* ms - base_ms, a missing side counted as 0 */
} ec_kdiff_kernel;

typedef struct ec_kdiff_group {
  const char *group;  /* static */
  double base_ms, ms, delta_ms; /* per iteration; a side without the group is 0 */
} ec_kdiff_group;

typedef struct ec_kdiff_pair {
  size_t a, b;              /* layer indices in the baseline and the engine */
  double base_ms, ms;       /* the layers' kernel time per iteration (mean), NAN unknown */
  double delta_ms;
  ec_kdiff_kernel *v;      /* most |change| first, then by name; owned */
  size_t n;
  size_t added, removed;    /* kernels on the engine's side only, on the baseline's only */
  ec_kdiff_group *g;       /* most |change| first; owned */
  size_t ng;
} ec_kdiff_pair;

typedef struct ec_kdiff {
  ec_kdiff_pair *v;       /* most |change| first, then by baseline layer */
  size_t n;
} ec_kdiff;

/** The kernel changes inside the fused pairs of al (baseline a, engine b);
 *  times divided by da and db (the comparison's basis; 1 for as
 *  measured); a pair whose kernels and their times are all the same is
 *  left out. NULL when either engine has no kernel data. Caller frees with
 *  ec_kdiff_free. */
ec_kdiff *ec_kdiff_of(const ec_engine *a, double da, const ec_engine *b, double db, const ec_alignment *al);
void ec_kdiff_free(ec_kdiff *d);

struct ec_comparison;
/** ec_kdiff_of for engine i of comparison c against its baseline, on
 *  the comparison's basis; NULL for the baseline, an engine not aligned, or
 *  without kernel data on a side. */
ec_kdiff *ec_kdiff_of_compare(const struct ec_comparison *c, size_t i);

#endif
