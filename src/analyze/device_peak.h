/* device_peak — a device's peak compute and memory bandwidth, for the
 * report's efficiency section and roofline.
 *
 * Bandwidth = bus width (bits) / 8 x memory clock (GHz) x 2 (double data
 * rate) x 1e9: A100 80GB 5120 bits at 1.512 GHz gives 1.94 TB/s; GDDR6 boards
 * report half their data rate (RTX 3060 Laptop: 192 bits at 7.001 GHz gives
 * 336 GB/s). Compute = SMs x clock x FLOP per clock per SM from a small table
 * by compute capability (dense, no sparsity; FP16 with FP32 accumulate on
 * GeForce parts may be half of it):
 *   cc   FP32  FP16/BF16-TC  INT8-TC (FLOP or OP / clock / SM)
 *   7.0   128     1024         -      (V100)
 *   7.2   128     1024        2048    (Xavier)
 *   7.5   128     1024        2048    (Turing)
 *   8.0   128     2048        4096    (A100; TF32 = 1024)
 *   8.6   256     1024        2048    (GA10x)
 *   8.7   256     1024        2048    (Orin)
 *   8.9   256     1024        2048    (Ada; FP8 2048)
 *   9.0   256     4096        8192    (H100; FP8 8192)
 * Unknown capabilities give NAN (the report says "not available"). */
#ifndef EC_DEVICE_PEAK_H
#define EC_DEVICE_PEAK_H
#include "model/engine.h"

typedef struct ec_peak {
  double bw_bytes_s;   /* NAN when unknown */
  double fp32_flops;   /* CUDA cores */
  double tc_flops;     /* FP16/BF16 tensor cores */
  double int8_ops;     /* INT8 tensor cores */
} ec_peak;

/** Peaks of e's device (NAN fields when the device facts are missing). */
ec_peak ec_device_peak(const ec_device *d);
/** Peak for a layer precision ("FP16", "INT8", "FP32", ...). */
double ec_peak_for(const ec_peak *p, const char *precision);

#endif
