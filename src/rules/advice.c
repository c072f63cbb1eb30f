/* advice — the texts of advice.h: per advice, the TensorRT 10-and-older
 * wording (as enginecard always gave it), the TensorRT 11 wording, and the
 * wording for an unknown version. */
#include "rules/advice.h"
#include "model/trtexec.h"
#include <string.h>

/* "a precision change through the model", said once */
#define S_MODEL_PREC "TensorRT 11 takes precision from the model"

static const char *const S_text[EC_ADV_N][3] = {
    [EC_ADV_FP16_TENSOR_CORES] =
        {"Rebuild with --fp16 (and keep TF32: no --noTF32) so Tensor-Core tactics qualify.",
         "Run it in FP16 so Tensor-Core tactics qualify: " S_MODEL_PREC ", so cast it to FP16 in the ONNX model (e.g. "
         "with ModelOpt AutoCast) and rebuild (and keep TF32: no --noTF32).",
         "Run it in FP16 so Tensor-Core tactics qualify: on TensorRT 10 and older rebuild with --fp16; on TensorRT 11, "
         "which takes precision from the model, cast it to FP16 in the ONNX model (e.g. with ModelOpt AutoCast). "
         "Either way keep TF32 (no --noTF32)."},
    [EC_ADV_FIRST_CONV_FP16] =
        {"A first convolution this narrow has no INT8 Tensor-Core kernel: run it in FP16 "
         "(--layerPrecisions=<layer>:fp16 --precisionConstraints=prefer, or leave it unquantized in the ONNX "
         "model), where TensorRT has 4-channel first-layer Tensor-Core kernels.",
         "A first convolution this narrow has no INT8 Tensor-Core kernel: run it in FP16 (" S_MODEL_PREC
         ": leave it unquantized, without Q/DQ nodes, and in FP16 in the ONNX model), where TensorRT has 4-channel "
         "first-layer Tensor-Core kernels.",
         "A first convolution this narrow has no INT8 Tensor-Core kernel: run it in FP16 (TensorRT 10 and older: "
         "--layerPrecisions=<layer>:fp16 --precisionConstraints=prefer, or leave it unquantized in the ONNX model; "
         "TensorRT 11: leave it unquantized and in FP16 in the ONNX model), where TensorRT has 4-channel first-layer "
         "Tensor-Core kernels."},
    [EC_ADV_OTHER_PRECISION] =
        {"Find its kernel with Nsight Systems (nsys) and profile it with Nsight Compute (ncu); try another "
         "precision with --layerPrecisions=<layer>:fp16 --precisionConstraints=prefer.",
         "Find its kernel with Nsight Systems (nsys) and profile it with Nsight Compute (ncu); try another "
         "precision by casting its inputs in the ONNX model (" S_MODEL_PREC "; ModelOpt AutoCast does it per layer).",
         "Find its kernel with Nsight Systems (nsys) and profile it with Nsight Compute (ncu); try another "
         "precision (TensorRT 10 and older: --layerPrecisions=<layer>:fp16 --precisionConstraints=prefer; "
         "TensorRT 11: cast its inputs in the ONNX model, e.g. with ModelOpt AutoCast)."},
    [EC_ADV_ATTENTION_FP16] =
        {"Build with --fp16 (or --bf16): TensorRT fuses MatMul-Softmax-MatMul into one attention kernel only in "
         "reduced precision; keep nothing but a scale and a mask between the MatMuls in the ONNX model.",
         "Export the attention in FP16 or BF16 (" S_MODEL_PREC "; ModelOpt AutoCast converts it): TensorRT fuses "
         "MatMul-Softmax-MatMul into one attention kernel only in reduced precision; keep nothing but a scale and a "
         "mask between the MatMuls in the ONNX model.",
         "Run the attention in FP16 or BF16 (TensorRT 10 and older: build with --fp16 or --bf16; TensorRT 11: cast "
         "it in the ONNX model, e.g. with ModelOpt AutoCast): TensorRT fuses MatMul-Softmax-MatMul into one attention "
         "kernel only in reduced precision; keep nothing but a scale and a mask between the MatMuls in the ONNX "
         "model."},
    [EC_ADV_CUDA_GRAPH] =
        {"Measure with trtexec --useCudaGraph (and the application with CUDA Graphs) to remove launch overhead; "
         "then fuse the small ops (polygraphy surgeon sanitize --fold-constants, fewer Reshape/Cast nodes).",
         "Measure without --noCudaGraph (CUDA Graphs are trtexec 11's default; use them in the application too) to "
         "remove launch overhead; then fuse the small ops (polygraphy surgeon sanitize --fold-constants, fewer "
         "Reshape/Cast nodes).",
         "Measure with CUDA Graphs (trtexec 10 and older: --useCudaGraph; trtexec 11: remove --noCudaGraph), and "
         "use them in the application, to remove launch overhead; then fuse the small ops (polygraphy surgeon "
         "sanitize --fold-constants, fewer Reshape/Cast nodes)."},
    [EC_ADV_ONE_PRECISION] =
        {"Remove Reshape/Transpose/Cast chains in the ONNX model: export in the layout the next op "
         "wants and in one precision (or build with --stronglyTyped from a model already in "
         "FP16); polygraphy surgeon sanitize --fold-constants folds the static ones.",
         "Remove Reshape/Transpose/Cast chains in the ONNX model: export in the layout the next op wants and in one "
         "precision (TensorRT 11 keeps the model's types: export it in FP16 rather than casting inside); polygraphy "
         "surgeon sanitize --fold-constants folds the static ones.",
         "Remove Reshape/Transpose/Cast chains in the ONNX model: export in the layout the next op wants and in one "
         "precision (from a model already in FP16, build strongly typed: --stronglyTyped on TensorRT 10, always on "
         "11); polygraphy surgeon sanitize --fold-constants folds the static ones."},
    [EC_ADV_TF32_FP16] =
        {"On Ampere and newer GPUs TF32 (on by default; off with --noTF32) or FP16 (--fp16) lets TensorRT use Tensor "
         "Cores.",
         "On Ampere and newer GPUs TF32 (on by default; off with --noTF32) or FP16 (cast the ONNX model: " S_MODEL_PREC
         ") lets TensorRT use Tensor Cores.",
         "On Ampere and newer GPUs TF32 (on by default; off with --noTF32) or FP16 (--fp16 on TensorRT 10 and older; "
         "on TensorRT 11 cast the ONNX model) lets TensorRT use Tensor Cores."},
    [EC_ADV_ISLAND_NEXT] =
        {"Find why they run in FP32: the trtexec --verbose build log shows layers without an "
         "FP16/INT8 tactic, and --layerPrecisions/--precisionConstraints constraints; try "
         "--layerPrecisions=<layer>:fp16 --precisionConstraints=prefer and compare accuracy.",
         "Find why they run in FP32: " S_MODEL_PREC ", so look for casts to FP32 (or FP32 constants) around them in "
         "the ONNX model; cast them to FP16 (ModelOpt AutoCast keeps sensitive layers in FP32) and compare accuracy "
         "(trtexec --loadRefOutputs with --accuracyThreshold).",
         "Find why they run in FP32: on TensorRT 10 and older the trtexec --verbose build log shows layers without "
         "an FP16/INT8 tactic, and --layerPrecisions/--precisionConstraints constraints (try "
         "--layerPrecisions=<layer>:fp16 --precisionConstraints=prefer); on TensorRT 11 precision comes from the "
         "model, so look for casts to FP32 in the ONNX model (ModelOpt AutoCast). Compare accuracy either way."},
    [EC_ADV_ISLAND_MITIGATION] =
        {"If accuracy allows, let these layers run in reduced precision (remove layer precision or output-type "
         "constraints, check for layers without an FP16/INT8 kernel); each island also costs Reformats on its way in "
         "and out.",
         "If accuracy allows, let these layers run in reduced precision (remove the casts to FP32 around them in the "
         "model, check for layers without an FP16/INT8 kernel); each island also costs Reformats on its way in and "
         "out.",
         "If accuracy allows, let these layers run in reduced precision (remove layer precision or output-type "
         "constraints on TensorRT 10 and older, casts to FP32 in the model on TensorRT 11; check for layers without "
         "an FP16/INT8 kernel); each island also costs Reformats on its way in and out."},
    [EC_ADV_STABLE_TIMING] =
        {"Lock the GPU clocks (nvidia-smi -lgc), keep other work off the GPU, and measure with --useSpinWait "
         "--useCudaGraph --noDataTransfers and a longer --duration; compare medians, not means.",
         "Lock the GPU clocks (nvidia-smi -lgc), keep other work off the GPU, and measure with trtexec 11's defaults "
         "(spin-wait, CUDA graph, no data transfers: leave out --noSpinWait, --noCudaGraph and "
         "--includeDataTransfers) and a longer --duration; compare medians, not means.",
         "Lock the GPU clocks (nvidia-smi -lgc), keep other work off the GPU, and measure with spin-wait, CUDA graph "
         "and no data transfers (trtexec 10 and older: --useSpinWait --useCudaGraph --noDataTransfers; trtexec 11: "
         "its defaults) and a longer --duration; compare medians, not means."},
    [EC_ADV_PROFILE_MORE] =
        {"Profile more iterations (trtexec --separateProfileRun with a longer --duration or more --iterations).",
         "Profile more iterations (trtexec with a longer --duration or more --iterations; trtexec 11 always profiles "
         "in a run of its own).",
         "Profile more iterations (a longer --duration or more --iterations; on trtexec 10 and older add "
         "--separateProfileRun, which trtexec 11 always does)."},
    [EC_ADV_PROFILE_EXPORT] =
        {"Export a per-layer profile: trtexec --exportProfile=F --separateProfileRun (with --dumpProfile).",
         "Export a per-layer profile: trtexec --exportProfile=F (with --dumpProfile; trtexec 11 always profiles in a "
         "run of its own).",
         "Export a per-layer profile: trtexec --exportProfile=F (with --dumpProfile; add --separateProfileRun on "
         "trtexec 10 and older, trtexec 11 always profiles in a run of its own)."},
    [EC_ADV_PRECISION_MODEL] =
        {"Build in the precision you expect: --fp16 (or --bf16), --int8 with Q/DQ nodes in the model or a "
         "calibration cache, --fp8 on GPUs that have it; the trtexec --verbose build log shows why TensorRT kept a "
         "layer wider (no faster tactic in the lower precision, or --layerPrecisions/--precisionConstraints).",
         S_MODEL_PREC " (its precision flags are gone): cast these layers to FP16 or BF16 in the ONNX model "
         "(ModelOpt AutoCast converts a model and keeps the sensitive layers in FP32) or quantise them with Q/DQ nodes "
         "(ModelOpt quantization), then rebuild; an FP16 export that still gives FP32 layers has casts or FP32 "
         "constants left in its graph.",
         "On TensorRT 10 and older build in the precision you expect (--fp16, --bf16, --int8 with Q/DQ nodes or a "
         "calibration cache; the --verbose build log shows why a layer stayed wider); on TensorRT 11, which takes "
         "precision from the model, cast these layers to FP16/BF16 in the ONNX model (ModelOpt AutoCast) or quantise "
         "them with Q/DQ nodes (ModelOpt quantization), then rebuild."},
};

/* The build advice for an engine some other tool built (the TensorRT
 * builder API, Torch-TensorRT): the same steps without a trtexec flag.
 * NULL: the advice is about measuring, where trtexec is still the tool. */
static const char *const S_api[EC_ADV_N] = {
    [EC_ADV_FP16_TENSOR_CORES] =
        "Build it in FP16 so Tensor-Core tactics qualify: with the TensorRT builder API set the FP16 builder flag "
        "(Torch-TensorRT: enabled_precisions={torch.half}); TensorRT 11 takes precision from the model, so there cast "
        "the model to FP16. Keep TF32 enabled.",
    [EC_ADV_FIRST_CONV_FP16] =
        "A first convolution this narrow has no INT8 Tensor-Core kernel: leave it unquantized (no Q/DQ nodes around "
        "it) and in FP16 in the model, where TensorRT has 4-channel first-layer Tensor-Core kernels.",
    [EC_ADV_OTHER_PRECISION] =
        "Find its kernel with Nsight Systems (nsys) and profile it with Nsight Compute (ncu); try another precision "
        "for it (the builder API's layer precision with the precision-constraints flag, or a cast in the model).",
    [EC_ADV_ATTENTION_FP16] =
        "Build the attention in FP16 or BF16 (the builder API's FP16/BF16 flag, Torch-TensorRT's "
        "enabled_precisions, or casts in the model): TensorRT fuses MatMul-Softmax-MatMul into one attention kernel "
        "only in reduced precision; keep nothing but a scale and a mask between the MatMuls.",
    [EC_ADV_ONE_PRECISION] =
        "Remove Reshape/Transpose/Cast chains in the model: export in the layout the next op wants and in one "
        "precision (build strongly typed from a model already in FP16); polygraphy surgeon sanitize "
        "--fold-constants folds the static ones.",
    [EC_ADV_TF32_FP16] =
        "On Ampere and newer GPUs TF32 (on unless the builder's TF32 flag is cleared) or FP16 (the builder's FP16 "
        "flag, Torch-TensorRT's enabled_precisions, or casts in the model) lets TensorRT use Tensor Cores.",
    [EC_ADV_ISLAND_NEXT] =
        "Find why they run in FP32: layer precision constraints set through the builder API, layers without an "
        "FP16/INT8 tactic (the builder's verbose log lists the tactics), or casts to FP32 in the model; relax them "
        "and compare accuracy.",
    [EC_ADV_ISLAND_MITIGATION] =
        "If accuracy allows, let these layers run in reduced precision (remove layer precision or output-type "
        "constraints, or casts to FP32 in the model; check for layers without an FP16/INT8 kernel); each island also "
        "costs Reformats on its way in and out.",
};

const char *ec_advice(ec_advice_id id, const char *ver) { return ec_advice_for(id, ver, NULL); }

const char *ec_advice_for(ec_advice_id id, const char *ver, const char *build_tool) {
  if ((unsigned)id >= EC_ADV_N) return "";
  if (build_tool && strcmp(build_tool, "trtexec") && S_api[id]) return S_api[id];
  int m = ec_trt_major(ver);
  return S_text[id][m < 0 ? 2 : m >= 11 ? 1 : 0];
}
