/* trtexec — what trtexec's flags and printed options mean in each TensorRT
 * version: the one table load (log messages), analyze (comparability) and
 * the advice texts consult, so a fact about a flag lives in one place.
 *
 * TensorRT 11 changed trtexec (NVIDIA, "Migrating trtexec Command-Line Usage
 * from TensorRT 10.x to 11.x"):
 *   - removed: the precision and calibration flags (--fp16 --bf16 --fp8
 *     --int4 --best --calib --calibProfile --minShapesCalib --optShapesCalib
 *     --maxShapesCalib --layerPrecisions --layerOutputTypes
 *     --precisionConstraints --restricted --weightless); networks are
 *     strongly typed and precision comes from the model (casts, Q/DQ);
 *   - deprecated no-ops, because their behaviour became the default:
 *     --noDataTransfers --useSpinWait --useCudaGraph --separateProfileRun
 *     --stronglyTyped --directIO; the opposites are --includeDataTransfers,
 *     --noSpinWait, --noCudaGraph;
 *   - printed options: "Data transfers" Disabled, "Spin-wait" and "CUDA
 *     Graph" Enabled by default; "Separate profiling" is no longer printed
 *     (always separate). Pure data; no I/O. */
#ifndef EC_TRTEXEC_H
#define EC_TRTEXEC_H
#include <stddef.h>

/** The major version of a TensorRT version string ("11.0.0" -> 11, "8.6"
 *  -> 8); -1 when v is NULL or does not start with a number. */
int ec_trt_major(const char *v);

/** 1 when the flag f[0..n) ("--fp16", "--fp16=x" or "--precisionConstraints
 *  obey": the name up to '=' or a blank counts) is one TensorRT 11 removed. */
int ec_trtexec_removed_in_11(const char *f, size_t n);

/** What a flag TensorRT 11 deprecated means there ("now the default; ...")
 *  as static text, or NULL when f[0..n) is not one (read as above). */
const char *ec_trtexec_deprecated_in_11(const char *f, size_t n);

/** The value trtexec prints (or implies) for the inference option key ("CUDA
 *  Graph", "Spin-wait", "Data transfers", "Separate profiling") when no flag
 *  changes it, for a TensorRT of
 *  major version major (>= 1); NULL for another key. Static. */
const char *ec_trtexec_option_default(const char *key, int major);

/** The value an option trtexec no longer (or not yet) prints has at major
 *  ("Separate profiling" on 11: "Enabled", it always profiles separately;
 *  "Green Context" before 11: "Disabled", green contexts came with trtexec
 *  11.4, which prints "Green Context: Disabled|sm:N[,cosched:M]" among the
 *  build options); NULL when key is printed by that version or unknown.
 *  Static. */
const char *ec_trtexec_option_implied(const char *key, int major);

/** 1 when trtexec prints the option key among the build options, though it
 *  changes how the engine runs ("Green Context" and "Optimization Profile N
 *  Green Context", trtexec 11.4): a --loadEngine run's value is its own. */
int ec_trtexec_option_in_build(const char *key);

/** The name an older trtexec printed the option key under: "Streams" for
 *  "Inference Streams" (trtexec 8.6 renamed it; TREx's metadata keeps
 *  "Streams"); NULL when none. Static. */
const char *ec_trtexec_option_alias(const char *key);

#endif
