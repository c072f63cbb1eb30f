/* advice — the wording of every next step, mitigation and recipe that names
 * a trtexec flag, for the engine's TensorRT version: the one place that
 * decides which flags a text may name (issue 23 item 4).
 *
 * TensorRT 10 and older keep the texts enginecard always gave. TensorRT 11
 * removed the precision flags (--fp16, --bf16, --int8, --best,
 * --layerPrecisions, --precisionConstraints, ...: model/trtexec.h), so
 * precision changes go through the model (casts or Q/DQ nodes in the ONNX
 * file, e.g. with ModelOpt AutoCast), and made --useCudaGraph, --useSpinWait,
 * --noDataTransfers, --separateProfileRun and --stronglyTyped no-ops (their
 * behaviour is the default; --noCudaGraph, --noSpinWait and
 * --includeDataTransfers are the opposites). When the version is unknown a
 * text says both. Pure: static strings, no I/O. */
#ifndef EC_ADVICE_H
#define EC_ADVICE_H

typedef enum {
  EC_ADV_FP16_TENSOR_CORES, /* hotspot: an FP32 GEMM/convolution on CUDA cores */
  EC_ADV_FIRST_CONV_FP16,   /* hotspot: a narrow INT8 first convolution */
  EC_ADV_OTHER_PRECISION,   /* hotspot: any other layer */
  EC_ADV_ATTENTION_FP16,    /* attention-unfused in FP32 */
  EC_ADV_CUDA_GRAPH,        /* tiny-kernels timed without CUDA graphs */
  EC_ADV_ONE_PRECISION,     /* data-movement dominated by Myelin casts and copies */
  EC_ADV_TF32_FP16,         /* conv/gemm-no-tensor-cores in FP32 */
  EC_ADV_ISLAND_NEXT,       /* fp32-island: next step */
  EC_ADV_ISLAND_MITIGATION, /* fp32-island: mitigation */
  EC_ADV_STABLE_TIMING,     /* timing-unstable */
  EC_ADV_PROFILE_MORE,      /* timing-few-samples of a profile */
  EC_ADV_PROFILE_EXPORT,    /* profile-missing */
  EC_ADV_PRECISION_MODEL,   /* precision-expectation: layers in a wider precision than expected */
  EC_ADV_N
} ec_advice_id;

/** The text of advice id for an engine of TensorRT version ver ("10.16.1",
 *  "11.0.0"; NULL when unknown: the text names both generations' way).
 *  Static. */
const char *ec_advice(ec_advice_id id, const char *ver);
/** The same for an engine whose build tool is known (ec_engine.build_tool:
 *  "trtexec", "Torch-TensorRT", ...; NULL unknown): advice on how to build
 *  names no trtexec flag when another tool built the engine (the builder
 *  API's flags, Torch-TensorRT's settings, the model). Static. */
const char *ec_advice_for(ec_advice_id id, const char *ver, const char *build_tool);

#endif
