/* expect — the check of an expected precision (--expect-precision) on one
 * engine, over its precision mix (facts/precision_mix.h), and its lint
 * findings.
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
#ifndef EC_EXPECT_H
#define EC_EXPECT_H
#include <stddef.h>
#include "facts/precision_mix.h"
#include "rules/finding.h"

/* An expectation without PCT: most of the engine. */
#define EC_EXPECT_DEFAULT_PCT 50.0

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
 *  their precision for e's TensorRT version (rules/advice.h). */
void ec_expect_findings(const ec_engine *e, const ec_expect *x, size_t n, ec_findings *out);

#endif
