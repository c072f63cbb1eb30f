/* device_peak — a device's peak compute per kind of math, and its memory
 * bandwidth, for the efficiency table, the roofline and layers --json.
 *
 * Bandwidth = bus width (bits) / 8 x memory clock (GHz) x 2 (double data
 * rate) x 1e9: A100 80GB 5120 bits at 1.512 GHz gives 1.94 TB/s; GDDR6 boards
 * report half their data rate (RTX 3060 Laptop: 192 bits at 7.001 GHz gives
 * 336 GB/s). Compute = SMs x clock (as the metadata or log reports it) x
 * operations per clock per SM, from ONE table by compute capability and math
 * (device_peak.c, with its sources; docs/numbers.md prints it).
 * The table gives dense (no sparsity), full-rate figures: GeForce boards run
 * FP32-accumulating Tensor-Core math (FP16 with FP32 accumulation, TF32) at
 * half of it. Unknown capabilities or maths the architecture lacks are NAN. */
#ifndef EC_DEVICE_PEAK_H
#define EC_DEVICE_PEAK_H
#include "analyze/tensorcore.h"
#include "model/engine.h"

typedef struct ec_peak {
  double bw_bytes_s;          /* NAN when unknown */
  double flops[EC_MATH_N];    /* FLOP/s (OP/s for integer math) per math; NAN when unknown or absent */
} ec_peak;

/** Peaks of a device (NAN fields when the device facts are missing). */
ec_peak ec_device_peak(const ec_device *d);

/* How a layer's peak was chosen. */
enum {
  EC_PEAK_AS_MATH = 0,  /* the peak of the kernel's math */
  EC_PEAK_FALLBACK,     /* the architecture lacks that math: the next one down */
  EC_PEAK_RAISED,       /* measured above the math's peak: the next plausible higher one */
  EC_PEAK_EXCEEDED      /* above every plausible peak: % of peak unknown (FLOPs or latency are off) */
};

typedef struct ec_peak_choice {
  ec_math math;     /* the math whose peak is used (EC_MATH_UNKNOWN: none) */
  double flops;     /* that peak, FLOP/s; NAN when none */
  int how;          /* EC_PEAK_* */
  ec_math asked;    /* the kernel's math, as classified */
} ec_peak_choice;

/** The peak a layer doing `math` at `achieved` FLOP/s (NAN: unknown) is
 *  measured against. A math the architecture lacks falls back (TF32 ->
 *  FP32, FP16 Tensor Core -> FP16 -> FP32, INT8 Tensor Core -> DP4A); when
 *  achieved exceeds the peak, the next plausible higher math is used and the
 *  choice flagged (FP32 -> TF32 -> FP16 Tensor Core, FP16 -> FP16 Tensor
 *  Core, DP4A -> INT8 Tensor Core); past the last one, EC_PEAK_EXCEEDED. */
ec_peak_choice ec_peak_pick(const ec_peak *p, ec_math math, double achieved);
/** "kernel", "fallback", "raised" or "exceeded" for EC_PEAK_*. */
const char *ec_peak_how_name(int how);

#endif
