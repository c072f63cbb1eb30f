/* device_peak — a device's peak compute per kind of math, and its memory
 * bandwidth, for the efficiency table, the roofline and layers --json; and
 * its architecture, from the device facts or, when those are missing, from
 * the kernel names (sm100_..., cutlass3x_sm120_...).
 *
 * Bandwidth = bus width (bits) / 8 x memory clock (GHz) x 2 (double data
 * rate) x 1e9: A100 80GB 5120 bits at 1.512 GHz gives 1.94 TB/s; GDDR6 boards
 * report half their data rate (RTX 3060 Laptop: 192 bits at 7.001 GHz gives
 * 336 GB/s). Compute = SMs x clock (as the metadata or log reports it) x
 * operations per clock per SM, from ONE table by compute capability and math
 * (device_peak.c, with its sources; docs/numbers.md prints it), each row
 * checked against its products' published figures (ec_peak_refs, tested in
 * tests/unit/test_numbers.c). The table gives dense (no sparsity), full-rate
 * figures: GeForce boards run FP32-accumulating Tensor-Core math (FP16 with
 * FP32 accumulation, TF32) at half of it. Unknown capabilities, maths the
 * architecture lacks and rates no product figure publishes are NAN: no peak,
 * never a guess. */
#ifndef EC_DEVICE_PEAK_H
#define EC_DEVICE_PEAK_H
#include <stddef.h>
#include "facts/tensorcore.h"
#include "model/engine.h"

typedef struct ec_peak {
  double bw_bytes_s;          /* NAN when unknown */
  double flops[EC_MATH_N];    /* FLOP/s (OP/s for integer math) per math; NAN when unknown or absent */
  unsigned char unpublished[EC_MATH_N]; /* 1: the GPU has the math, but no figure publishes its rate */
} ec_peak;

/** Peaks of a device (NAN fields when the device facts are missing). */
ec_peak ec_device_peak(const ec_device *d);
/** 1 when p has a compute peak of any math. */
int ec_peak_any(const ec_peak *p);
/** Operations per clock per SM of math m at compute capability cc ("10.0"),
 *  dense; NAN when the table has none. */
double ec_peak_rate(const char *cc, ec_math m);
/** 1 when the architecture of cc has math m but no product figure
 *  publishes its rate. */
int ec_peak_rate_unpublished(const char *cc, ec_math m);

/* One product's published dense figure of one math: what a row of the table
 * is checked against (SMs x clock x rate within 10% of it; the clock a
 * product's figures assume, implied by them, agrees across its Tensor-Core
 * maths and is at most the clock the device reports). */
typedef struct ec_peak_ref {
  const char *product;  /* "B200 (HGX, 1000 W)" */
  const char *cc;       /* its compute capability, "10.0" */
  double sms;           /* as the device reports them */
  double clock_ghz;     /* the boost clock published or reported for it; NAN when neither exists */
  const char *clock_source;
  ec_math math;
  double tflops;        /* the published dense figure, TFLOP/s (TOP/s for INT8) */
  const char *source;   /* the document that publishes it */
} ec_peak_ref;

/** The published figures behind the table; *n is set. Static. */
const ec_peak_ref *ec_peak_refs(size_t *n);

/* How a layer's peak was chosen. */
enum {
  EC_PEAK_AS_MATH = 0,  /* the peak of the kernel's math */
  EC_PEAK_FALLBACK,     /* the architecture lacks that math: the next one down */
  EC_PEAK_RAISED,       /* measured above the math's peak: the next plausible higher one */
  EC_PEAK_EXCEEDED,     /* above every plausible peak: % of peak unknown (FLOPs or latency are off) */
  EC_PEAK_UNPUBLISHED   /* the GPU has the math (or the next plausible one), but its rate is not published: no peak */
};

typedef struct ec_peak_choice {
  ec_math math;     /* the math whose peak is used (EC_MATH_UNKNOWN: none) */
  double flops;     /* that peak, FLOP/s; NAN when none */
  int how;          /* EC_PEAK_* */
  ec_math asked;    /* the kernel's math, as classified */
} ec_peak_choice;

/** The peak a layer doing `math` at `achieved` FLOP/s (NAN: unknown) is
 *  measured against. A math the architecture lacks falls back (TF32 ->
 *  FP32, FP16 Tensor Core -> FP16 -> FP32,
 *  INT8 Tensor Core -> DP4A, FP4/FP6 -> FP8 -> FP16 Tensor Core); when
 *  achieved exceeds the peak, the next plausible higher math is used and the
 *  choice flagged (FP32 -> TF32 -> FP16 Tensor Core, FP16 -> FP16 Tensor
 *  Core, DP4A -> INT8 Tensor Core, FP6 -> FP4); past the last one,
 *  EC_PEAK_EXCEEDED. A math (or a next plausible one) the GPU has at a rate
 *  no figure publishes gives EC_PEAK_UNPUBLISHED: no peak, never another
 *  math's. */
ec_peak_choice ec_peak_pick(const ec_peak *p, ec_math math, double achieved);
/** "kernel", "fallback", "raised", "exceeded" or "unpublished" for EC_PEAK_*. */
const char *ec_peak_how_name(int how);

/* An engine's architecture: from the device facts, else from the kernel
 * names. Kernels of older architectures run on newer GPUs (a B200 engine
 * has sm80_ and sm50_ kernels beside its sm100_ ones), so the newest
 * architecture named counts, and one before Blackwell says "or newer"; the
 * sm10x/sm11x/sm12x kernels TensorRT 11 picks use architecture-specific
 * instructions and run on their family only. */
typedef struct ec_arch {
  int cc10;             /* compute capability x 10 (100 for 10.0); 0 when unknown */
  const char *name;     /* "Blackwell datacenter"; NULL when unknown (static) */
  const char *family;   /* "Blackwell", "Hopper"; NULL when unknown (static) */
  int from_device;      /* 1: the device facts; 0: kernel names */
  char marker[16];      /* the kernel-name marker that told it ("sm100"), "" from the device */
  int or_newer;         /* from kernel names of an architecture that newer GPUs also run */
} ec_arch;

/** The architecture of e (cc10 0 when neither the device nor a kernel name
 *  tells it). */
ec_arch ec_engine_arch(const ec_engine *e);
/** The architecture of a compute capability ("10.0"): its name, or NULL. Static. */
const char *ec_arch_name(const char *cc);
/** One sentence on e's architecture and whether it has peaks (p: its
 *  peaks), for the outputs that show the device: "Blackwell datacenter,
 *  compute capability 10.0", "sm100 kernels: a Blackwell datacenter GPU,
 *  B200 or GB200; product unknown, so no peak", "Vera Rubin, compute
 *  capability 10.7: no published per-SM rates, so no peak". NULL when
 *  nothing is known. Caller frees. */
char *ec_arch_sentence(const ec_engine *e, const ec_peak *p);
/** Why e has no compute peak, or NULL when it has one (p: its peaks): the
 *  kernel-name sentence above, or a missing device fact. Caller frees. */
char *ec_peak_why_none(const ec_engine *e, const ec_peak *p);

#endif
