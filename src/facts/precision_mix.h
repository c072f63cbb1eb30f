/* precision_mix — which precision an engine runs in: its precision mix
 * (the share of the latency, and of the layers, in each precision), the bits
 * of each counted precision (what "narrower" means), and the change of the mix
 * between two engines. The check of an expected precision is rules/expect,
 * the change across a comparison or nights judge/precision_change, their
 * sentences narrate/precision_words.
 *
 * Counted precisions. A layer's precision is that of its first input (the
 * loader's rule, TREx's). The shares count the layers in a floating-point or
 * quantised precision: FP32, FP16, BF16, FP8, INT8, FP4, INT4 (and FP64);
 * index and shape layers (INT32, INT64, Bool, UINT8), layers without inputs
 * ("None") and unknown precisions are left out of both sides of a share. A
 * stored summary (no layers) gives its latency_ms.by_precision and
 * layer_count.by_precision, counted the same way.
 *
 * "Or narrower". An expectation of P counts the layers whose precision has
 * at most P's bits: FP16 counts FP16, BF16, FP8, INT8, FP4 and INT4 (an
 * engine expected in FP16 is not failed by its INT8 layers); INT8 counts
 * INT8, FP8, FP4 and INT4.
 *
 * Pure: no I/O. */
#ifndef EC_PRECISION_MIX_H
#define EC_PRECISION_MIX_H
#include <stddef.h>
#include "model/engine.h"

/* A precision's share moving by this many percentage points is a change of
 * the mix that compare and trend name. */
#define EC_MIX_NOTABLE_PP 10.0

/* One precision's part of an engine. */
typedef struct ec_mix_part {
  const char *precision; /* borrowed from the engine */
  double ms;             /* summed layer latency; NAN when unknown */
  double layers;         /* layers; NAN when unknown */
} ec_mix_part;

typedef struct ec_mix {
  ec_mix_part *v;        /* counted precisions, by name (byte order); owned */
  size_t n;
  double total_ms;       /* of the counted parts; NAN when no latency is known */
  double total_layers;   /* of the counted parts; NAN when no count is known */
} ec_mix;

/** The precision mix of e: its layers, else its stored summary's. Free
 *  with ec_mix_free; n 0 when nothing is known (names-only layer
 *  information: every precision Unknown). */
void ec_mix_of(const ec_engine *e, ec_mix *out);
void ec_mix_free(ec_mix *m);
/** 100 x the part of m in precision p or narrower (narrower 1) or in p
 *  exactly (0), of the latency (by_latency 1) or of the layers; NAN when
 *  that total is unknown. */
double ec_mix_share(const ec_mix *m, const char *p, int narrower, int by_latency);

/** The bits of a counted precision (FP64 64 ... FP4, INT4 4); 0 for the
 *  precisions a share does not count (index and shape types, None, Unknown).
 *  A precision is "narrower" than another when it has fewer or as many bits. */
int ec_mix_bits(const char *p);
/** 1 for a reduced precision: a counted one of 16 bits or fewer (FP16,
 *  BF16, FP8, INT8, FP4, INT4). */
int ec_mix_reduced(const char *p);
/** The counted precision spelled word[0..len) in any case ("int8": "INT8"),
 *  static; NULL for any other word. */
const char *ec_mix_precision(const char *word, size_t len);

/* A change of the precision mix from engine a to engine b. */
typedef struct ec_mix_change {
  int known;             /* both sides have a mix on a common basis */
  int notable;           /* some precision's share moved by EC_MIX_NOTABLE_PP or more */
  int by_latency;        /* shares of the latency (else of the layers) */
  const char *from;      /* the precision whose share fell most (borrowed) */
  double from_before, from_after;
  const char *to;        /* the precision whose share rose most (borrowed) */
  double to_before, to_after;
  double to_layers_before, to_layers_after; /* its layer counts; NAN when unknown */
} ec_mix_change;

/** The change of the precision mix from a to b (the one rule compare and
 *  trend use). */
ec_mix_change ec_mix_change_of(const ec_engine *a, const ec_engine *b);
#endif
