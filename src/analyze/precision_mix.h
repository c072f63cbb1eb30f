/* precision_mix — which precision an engine runs in: its precision mix
 * (the share of the latency, and of the layers, in each precision), the check
 * of an expected precision (--expect-precision), and a change of the mix
 * between two engines (compare) or two nights (trend).
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
 * Grammar of --expect-precision (docs/lint.md): one or more SPECs separated
 * by commas, each
 *     PRECISION[>=PCT%][:latency|:layers]
 * PRECISION is FP32, FP16, BF16, FP8, INT8, FP4 or INT4 (any case); PCT
 * (0 to 100, default EC_EXPECT_DEFAULT_PCT: most of the engine) is the least
 * share that must run in PRECISION or narrower; the share is of the summed
 * layer latency (":latency") or of the layers (":layers"); by default of the
 * latency when the engine has a profile, else of the layers. Every SPEC must
 * hold.
 *
 * Pure: no I/O. */
#ifndef EC_PRECISION_MIX_H
#define EC_PRECISION_MIX_H
#include <stddef.h>
#include "analyze/lint.h"
#include "analyze/summary.h"
#include "analyze/trend.h"
#include "model/engine.h"

/* An expectation without PCT: most of the engine. */
#define EC_EXPECT_DEFAULT_PCT 50.0
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

/* --expect-precision */
typedef enum { EC_EXPECT_AUTO = 0, EC_EXPECT_LATENCY, EC_EXPECT_LAYERS } ec_expect_basis;

typedef struct ec_expect {
  char precision[8];     /* canonical ("FP16") */
  double min_pct;        /* 0..100 */
  ec_expect_basis basis;
  char spec[48];         /* as written back: "INT8>=80%", "FP16>=50%:layers" */
} ec_expect;

/** Parse a comma-separated list of SPECs (see above) into out (room for
 *  cap). Returns how many, or -1 with a sentence in err naming the bad
 *  part. */
int ec_expect_parse(const char *s, ec_expect *out, size_t cap, char *err, size_t errcap);

typedef struct ec_expect_result {
  int known;             /* the share could be computed */
  int met;               /* known and at least min_pct */
  int by_latency;        /* the share is of the latency (else of the layers) */
  double pct;            /* the share in the precision or narrower; NAN when unknown */
  const char *why;       /* static: why it is unknown, or NULL */
  size_t *other;         /* layers in a wider precision, slowest first (indices into e->layers); owned */
  size_t n_other;
  double other_ms;       /* their summed latency; NAN without a profile */
} ec_expect_result;

/** Check x on e. Free r with ec_expect_result_free. */
void ec_expect_check(const ec_engine *e, const ec_expect *x, ec_expect_result *r);
void ec_expect_result_free(ec_expect_result *r);
/** One sentence on the check: "INT8 or narrower for at least 80% of the
 *  latency: met, 84.70%", "...: not met, 64.90% (FP16 17.50%, FP32 17.70%)",
 *  "...: cannot be checked, the layer precisions are unknown (names-only layer
 *  information)". Caller frees. */
char *ec_expect_line(const ec_engine *e, const ec_expect *x, const ec_expect_result *r);

/** The precision-expectation findings of e (lint's rule, error level when
 *  an expectation is not met, warning when it cannot be checked) into out:
 *  the share, the largest layers in a wider precision, and the way to change
 *  their precision for e's TensorRT version (analyze/advice.h). */
void ec_expect_findings(const ec_engine *e, const ec_expect *x, size_t n, ec_findings *out);

/** How engine i of comparison c meets c->opts.expect: the expectations it
 *  misses (0 when it meets them all or none is given); *unknown (may be
 *  NULL) gets how many cannot be checked on it. */
size_t ec_expect_compare_misses(const ec_comparison *c, size_t i, size_t *unknown);
/** Counts in c->precision_missed the candidates that miss c->opts.expect,
 *  so that the comparison's outcome (ec_compare_outcome) fails like a gate:
 *  call once, right after ec_compare. */
void ec_expect_compare_apply(ec_comparison *c);

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
/* A night of a trend group whose precision mix changed from the night before. */
typedef struct ec_mix_flip {
  size_t night;          /* index into the group's nights */
  size_t before;         /* the night it is compared with (the last one before it with a mix) */
  ec_mix_change change;
} ec_mix_flip;

/** The nights of g, in its order, whose mix changed notably from the
 *  last night before them that has one; up to cap into out. Returns how
 *  many (all of them, even past cap). */
size_t ec_mix_trend(const ec_trend_group *g, ec_mix_flip *out, size_t cap);
/** "night 2026-11-05 (against night 2026-11-04): INT8 share 85.00% → 20.00%
 *  of the latency, ...": one flip of g in words. Caller frees. */
char *ec_mix_flip_text(const ec_trend_group *g, const ec_mix_flip *f);
/* Flips a trend output lists per engine at most. */
#define EC_MIX_FLIPS_SHOWN 10

/** "INT8 share 85.00% → 20.00% of the latency, FP16 3.00% → 78.00%: 41 more
 *  layers run in FP16 (3 → 44)"; NULL when the change is not notable.
 *  Caller frees. */
char *ec_mix_change_text(const ec_mix_change *c);

#endif
