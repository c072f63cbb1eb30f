/* headline — the figures a reader wants first, formatted once for every place
 * that shows them: the report's first screen (tiles), page 1 of the PDF, and
 * the sortable index of a several-engine report (one row per engine).
 *
 * Each figure has a label, a value ("0.8622 ms", or "not available" when the
 * inputs do not give it: unknown is not zero), a detail line saying where it
 * comes from, and its number for sorting (NAN when unknown). */
#ifndef EC_HEADLINE_H
#define EC_HEADLINE_H
#include <stddef.h>
#include "rules/lint.h"
#include "facts/summary.h"
#include "draw/table.h"
#include "words/words.h"

enum {
  EC_HL_TIME = 0,   /* GPU compute time (else end-to-end latency), median; p99 and source in the detail */
  EC_HL_THROUGHPUT, /* queries per second as trtexec reported them */
  EC_HL_LAYER_SUM,  /* the sum of per-layer averages (not an end-to-end time) */
  EC_HL_LAYERS,     /* layers after TREx's rules */
  EC_HL_WEIGHTS,    /* every weight and bias, constant inputs included */
  EC_HL_FINDINGS,   /* lint findings by severity, linking to the Lint section */
  EC_HL_N
};

typedef struct ec_headline_fig {
  const char *label; /* static: "GPU compute time (median)" */
  char *value;       /* owned */
  char *detail;      /* owned, may be NULL */
  double sort;       /* NAN when unknown */
} ec_headline_fig;

typedef struct ec_headline {
  char *gpu;      /* owned: the device's name, or "not available" */
  char *tensorrt; /* owned: the version, or "not available" */
  ec_headline_fig fig[EC_HL_N];
} ec_headline;

/** The batch the timings ran with: the first dimension every input's
 *  inference shape shares (--shapes, "Input inference shape"), else trtexec's
 *  numeric "Batch" option; -1 when the inputs do not say. */
long long ec_headline_batch(const ec_engine *e);
/** Throughput as the headline shows it: "batch 32 · 1.99k inferences/s",
 *  "3.77k inferences/s" when the batch is unknown, NULL when the throughput
 *  is (caller frees). */
char *ec_headline_throughput(const ec_engine *e);

/** The headline of s (free with ec_headline_free). f: the engine's lint
 *  findings when the caller has them (a report part computes them once for
 *  every block that shows them), or NULL to lint here. */
void ec_headline_make(const ec_summary *s, const ec_findings *f, ec_headline *h);
void ec_headline_free(ec_headline *h);
/** "GPU: NAME (compute capability X) · TensorRT: VERSION": who ran what, and
 *  " · generated, not measured" for an engine whose files say a generator made it. */
char *ec_headline_identity(const ec_summary *s);

/** The index of a several-engine report: one row per engine with its
 *  headline figures, sortable; the engine's name links to "#" + ids[i]. */
ec_table *ec_tbl_index(const ec_summary *const *s, const char *const *ids, size_t n, const char *id);

/** The first-screen table of findings: top[0..n) (ec_findings_first) with
 *  severity, latency share, what it could save, rule and finding, and the
 *  next step (or the mitigation). NULL when n is 0. */
ec_table *ec_tbl_top_findings(const ec_finding *const *top, size_t n, const char *id);

#endif
