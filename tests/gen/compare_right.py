#!/usr/bin/env python3
"""Write tests/fixtures/compare-right: small engines in trtexec's formats, one
pair (or set) per class of comparison that compare must get right.

    python3 tests/gen/compare_right.py [OUTDIR]   (default tests/fixtures/compare-right)

Every file is written here, by hand-chosen numbers; nothing is copied from a
real engine. Deterministic: the same script writes the same bytes.

Classes (one folder each; ENGINE/model.engine.* inside):
  batch/      a ResNet-like INT8 network on an A100 at batch 32 and on an RTX
              3080 at batch 1 (issue 32: GPU compute median 0.8826 ms per 32
              images against 0.2754 ms per image: the A100 is about 10x faster
              per image, while the raw medians say the RTX 3080 is 69% faster)
  uniform/    one engine measured twice: every layer +150% to +490% slower
              the second time, with --infStreams=4 (same kernels, same GPU)
  green/      trtexec 11.4 logs: the whole GPU against a green context of 16
              SMs, one profile on 8 SMs of its own
  streams/    trtexec 8.5 ("Streams: 2") against 8.6 ("Inference Streams: 1")
  tactic/     one convolution whose build went from a CaskConvolution kernel
              to a CudnnConvolution one: +366% on that layer, the rest equal
  namesonly/  one one-layer engine as names-only layer information and as
              detailed layer information, the same profile
  inputs/     two exports of one network: input "x" (FP16 compute, 116.5 MiB
              of weights) and "input" (FP32, 233.1 MiB), no timing at all
  nsys/       one engine run plainly and under `nsys profile` (the log ends
              with Nsight Systems' report lines)
"""
import json
import os
import sys

OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "fixtures", "compare-right")

INT8 = "Thirty-two wide channel vectorized row major Int8 format"
FP16 = "Channel major FP16 format where channel % 8 == 0"
FP32 = "Row major linear FP32"

DEVICES = {
    "a100": ("NVIDIA A100-SXM4-80GB", "8.0", 108, 1.41, 1.593, "sm80"),
    "rtx3080": ("NVIDIA GeForce RTX 3080", "8.6", 68, 1.71, 9.501, "sm86"),
    "h100": ("NVIDIA H100 PCIe", "9.0", 114, 1.755, 1.593, "sm90"),
}


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)


def tensor(name, dims, fmt):
    return {"Name": name, "Location": "Device", "Dimensions": dims, "Format/Datatype": fmt}


def conv(name, inp, out, k, cin, cout, fmt, tactic, layer_type="CaskConvolution", wtype="Int8"):
    return {
        "Name": name, "LayerType": layer_type, "ParameterType": "Convolution",
        "Inputs": [inp], "Outputs": [out],
        "Kernel": [k, k], "PaddingMode": "kEXPLICIT_ROUND_DOWN", "PrePadding": [k // 2, k // 2],
        "PostPadding": [k // 2, k // 2], "Stride": [1, 1], "Dilation": [1, 1], "OutMaps": cout, "Groups": 1,
        "Weights": {"Type": wtype, "Count": k * k * cin * cout}, "Bias": {"Type": "Float", "Count": cout},
        "HasBias": 1, "HasReLU": 1, "Activation": "RELU",
        "TacticName": tactic,
    }


def graph(layers, bindings):
    return json.dumps({"Layers": layers, "Bindings": bindings}, indent=1) + "\n"


def profile(times, count=500):
    total = sum(ms for _, ms in times)
    rows = [{"count": count}]
    for name, ms in times:
        rows.append({"name": name, "timeMs": round(ms * count, 6), "averageMs": ms, "medianMs": ms,
                     "percentage": round(100 * ms / total, 4)})
    return json.dumps(rows, indent=1) + "\n"


def log(version, device, median, qps, build=(), inference=(), tail=(), batch_shape=None):
    """A trtexec --loadEngine log: options, device, performance summary."""
    name, cc, sms, clk, mclk, _ = DEVICES[device]
    tag = "".join("%02d" % int(x) for x in version.split(".")[:3])
    tag = str(int(tag))
    ts = "[10/09/2026-10:20:17]"
    cmd = "trtexec --loadEngine=model.engine --exportProfile=model.engine.profile.json --dumpProfile"
    lines = ["&&&& RUNNING TensorRT.trtexec [TensorRT v%s] [b11] # %s" % (tag, cmd)]
    lines.append("%s [I] === Build Options ===" % ts)
    for k, v in build:
        lines.append("%s [I] %s: %s" % (ts, k, v))
    lines.append("%s [I] === Inference Options ===" % ts)
    lines.append("%s [I] Batch: Explicit" % ts)
    lines.append("%s [I] Input inference shape%s" % (ts, (": " + batch_shape) if batch_shape else "s: model"))
    lines.append("%s [I] Iterations: 10" % ts)
    for k, v in inference:
        lines.append("%s [I] %s: %s" % (ts, k, v))
    lines += ["%s [I] Data transfers: Enabled" % ts, "%s [I] Spin-wait: Disabled" % ts,
              "%s [I] Multithreading: Disabled" % ts, "%s [I] CUDA Graph: Disabled" % ts,
              "%s [I] Separate profiling: Disabled" % ts] if not version.startswith("11") else [
              "%s [I] Data transfers: Disabled" % ts, "%s [I] Spin-wait: Enabled" % ts,
              "%s [I] Multithreading: Disabled" % ts, "%s [I] CUDA Graph: Enabled" % ts]
    lines += [
        "%s [I] === Device Information ===" % ts,
        "%s [I] Selected Device: %s" % (ts, name),
        "%s [I] Compute Capability: %s" % (ts, cc),
        "%s [I] SMs: %d" % (ts, sms),
        "%s [I] Application Compute Clock Rate: %s GHz" % (ts, clk),
        "%s [I] Application Memory Clock Rate: %s GHz" % (ts, mclk),
        "%s [I]" % ts,
        "%s [I] TensorRT version: %s" % (ts, version),
        "%s [I] === Performance summary ===" % ts,
        "%s [I] Throughput: %s qps" % (ts, qps),
        "%s [I] GPU Compute Time: min = %.4f ms, max = %.4f ms, mean = %.4f ms, median = %.4f ms, "
        "percentile(90%%) = %.4f ms, percentile(95%%) = %.4f ms, percentile(99%%) = %.4f ms"
        % (ts, median * 0.97, median * 1.3, median * 1.01, median, median * 1.04, median * 1.06, median * 1.1),
        "%s [I] Total Host Walltime: 3.0 s" % ts,
        "&&&& PASSED TensorRT.trtexec [TensorRT v%s] [b11] # %s" % (tag, cmd),
    ]
    lines += list(tail)
    return "\n".join(lines) + "\n"


def resnet(batch, arch, fmt=INT8, wtype="Int8"):
    """A ResNet-like stem, four stages and a classifier (8 layers)."""
    b = batch
    t = lambda n, c, h: tensor(n, [b, c, h, h], fmt)
    x = tensor("input", [b, 3, 224, 224], FP32)
    L = []
    L.append({"Name": "Reformatting CopyNode for Input Tensor 0 to /conv1/Conv + /relu/Relu",
              "LayerType": "Reformat", "ParameterType": "Reformat", "Origin": "QDQ",
              "Inputs": [x], "Outputs": [t("input_q", 3, 224)], "TacticName": "%s_reformat_int8" % arch})
    L.append(conv("/conv1/Conv + /relu/Relu", t("input_q", 3, 224), t("c1", 64, 112), 7, 3, 64, fmt,
                  "%s_xmma_fprop_implicit_gemm_interleaved_i8i8_i8i32_f32_nchw_vect_c_32kcrs_vect_c_32_nchw_vect_c_32_tilesize128x128x64" % arch, wtype=wtype))
    L.append({"Name": "/maxpool/MaxPool", "LayerType": "CaskPooling", "ParameterType": "Pooling",
              "Inputs": [t("c1", 64, 112)], "Outputs": [t("p1", 64, 56)], "PoolingType": "MAX",
              "WindowSize": [3, 3], "TacticName": "%s_pooling_int8_max" % arch})
    prev, c, h = "p1", 64, 56
    for s, (co, ho) in enumerate([(256, 56), (512, 28), (1024, 14), (2048, 7)], 1):
        name = "/layer%d/layer%d.0/conv3/Conv + /layer%d/layer%d.0/Add + /layer%d/layer%d.0/relu_2/Relu" % (s, s, s, s, s, s)
        L.append(conv(name, t(prev, c, h), t("s%d" % s, co, ho), 3, c, co, fmt,
                      "%s_xmma_fprop_implicit_gemm_interleaved_i8i8_i8i32_f32_nchw_vect_c_32kcrs_vect_c_32_nchw_vect_c_32_tilesize256x128x64" % arch,
                      wtype=wtype))
        prev, c, h = "s%d" % s, co, ho
    L.append({"Name": "/avgpool/GlobalAveragePool", "LayerType": "CaskPooling", "ParameterType": "Pooling",
              "Inputs": [t(prev, c, h)], "Outputs": [tensor("pooled", [b, 2048, 1, 1], FP32)], "PoolingType": "AVERAGE",
              "WindowSize": [7, 7], "TacticName": "%s_pooling_int8_average" % arch})
    return L


def times(layers, ms):
    return [(l["Name"], m) for l, m in zip(layers, ms)]


def batch_class():
    # GPU compute median per enqueue: 0.8826 ms for 32 images, 0.2754 ms for one
    a = resnet(32, "sm80")
    r = resnet(1, "sm86")
    a_ms = [0.0412, 0.1416, 0.0368, 0.1782, 0.1714, 0.1498, 0.1291, 0.0233]   # 0.8714, layer sum at batch 32
    r_ms = [0.0118, 0.0467, 0.0131, 0.0548, 0.0512, 0.0446, 0.0397, 0.0106]   # 0.2725 at batch 1
    for dev, L, ms, med, qps, b in (("a100-b32", a, a_ms, 0.8826, 1130, 32), ("rtx3080-b1", r, r_ms, 0.2754, 3406, 1)):
        d = os.path.join(OUT, "batch", dev)
        write(os.path.join(d, "model.engine.graph.json"), graph(L, ["input", "pooled"]))
        write(os.path.join(d, "model.engine.profile.json"), profile(times(L, ms)))
        write(os.path.join(d, "model.engine.profile.log"),
              log("10.4.0", "a100" if b == 32 else "rtx3080", med, qps, build=[("Precision", "FP32+INT8")],
                  inference=[("Inference Streams", "1")], batch_shape="input=%dx3x224x224" % b))


def uniform_class():
    L = resnet(8, "sm90", FP16, "Half")
    base = [0.041, 0.142, 0.037, 0.178, 0.171, 0.150, 0.129, 0.023]
    factor = [3.1, 2.5, 4.2, 3.6, 5.9, 2.8, 3.3, 4.7]   # +150% .. +490%, every layer
    slow = [round(m * f, 5) for m, f in zip(base, factor)]
    for name, ms, streams, med, qps in (("streams1", base, "1", 0.86, 9000), ("streams4", slow, "4", 3.10, 2600)):
        d = os.path.join(OUT, "uniform", name)
        write(os.path.join(d, "model.engine.graph.json"), graph(L, ["input", "pooled"]))
        write(os.path.join(d, "model.engine.profile.json"), profile(times(L, ms)))
        write(os.path.join(d, "model.engine.profile.log"),
              log("10.4.0", "h100", med, qps, inference=[("Inference Streams", streams)], batch_shape="input=8x3x224x224"))


def green_class():
    L = resnet(1, "sm90", FP16, "Half")
    ms = [0.011, 0.046, 0.013, 0.054, 0.051, 0.044, 0.039, 0.010]
    for name, build, med in (("whole-gpu", [("Green Context", "Disabled")], 0.27),
                             ("sm16", [("Green Context", "sm:16"), ("Optimization Profile 0 Green Context", "sm:16"),
                                       ("Optimization Profile 1 Green Context", "sm:8,cosched:2")], 0.29)):
        d = os.path.join(OUT, "green", name)
        write(os.path.join(d, "model.engine.graph.json"), graph(L, ["input", "pooled"]))
        write(os.path.join(d, "model.engine.profile.json"), profile(times(L, ms)))
        write(os.path.join(d, "model.engine.profile.log"),
              log("11.4.0", "h100", med, round(1000 / med), build=build, inference=[("Inference Streams", "1")]))


def streams_class():
    for name, ver, key, val in (("v85", "8.5.3", "Streams", "2"), ("v86", "8.6.1", "Inference Streams", "1")):
        d = os.path.join(OUT, "streams", name)
        write(os.path.join(d, "model.engine.profile.log"),
              log(ver, "a100", 0.5, 2000, inference=[(key, val)], batch_shape="input=1x3x224x224"))


def tactic_class():
    L = resnet(1, "sm86", FP16, "Half")
    ms = [0.011, 0.046, 0.013, 0.054, 0.051, 0.044, 0.039, 0.010]
    L2 = json.loads(json.dumps(L))
    slow = list(ms)
    k = 4  # /layer2/layer2.0/conv3/Conv + ...: CaskConvolution -> CudnnConvolution, +366%
    L2[k]["LayerType"] = "CudnnConvolution"
    L2[k]["TacticName"] = "cudnn_ampere_fp16_s1688gemm_fp16_128x128_ldg8_relu_f2f_exp_small_nhwc_tn_v1"
    slow[k] = round(ms[k] * 4.66, 5)
    for name, layers, t, med in (("cask", L, ms, 0.27), ("cudnn", L2, slow, 0.45)):
        d = os.path.join(OUT, "tactic", name)
        write(os.path.join(d, "model.engine.graph.json"), graph(layers, ["input", "pooled"]))
        write(os.path.join(d, "model.engine.profile.json"), profile(times(layers, t)))
        write(os.path.join(d, "model.engine.profile.log"),
              log("10.4.0", "rtx3080", med, round(1000 / med), batch_shape="input=1x3x224x224"))


def namesonly_class():
    x = tensor("x", [1, 3, 32, 32], FP32)
    y = tensor("y", [1, 16, 32, 32], FP32)
    L = [conv("/conv1/Conv", x, y, 3, 3, 16, FP32,
              "sm86_xmma_fprop_implicit_gemm_f32f32_tf32f32_f32_nhwckrsc_nhwc_tilesize64x64x32", wtype="Float")]
    d = os.path.join(OUT, "namesonly", "detailed")
    write(os.path.join(d, "model.engine.graph.json"), graph(L, ["x", "y"]))
    write(os.path.join(d, "model.engine.profile.json"), profile([("/conv1/Conv", 0.0205)], 200))
    d = os.path.join(OUT, "namesonly", "names")
    write(os.path.join(d, "model.engine.graph.json"), json.dumps({"Layers": ["/conv1/Conv"], "Bindings": ["x", "y"]}) + "\n")
    write(os.path.join(d, "model.engine.profile.json"), profile([("/conv1/Conv", 0.0211)], 200))


def inputs_class():
    # 116.5 MiB of FP16 weights against 233.1 MiB of FP32 ones, one shape, two input names
    for name, inp, fmt, wtype, count in (("x", "x", FP16, "Half", 60564528), ("input", "input", FP32, "Float", 60592254)):
        x = tensor(inp, [1, 3, 224, 224], fmt)
        L = [conv("/backbone/conv/Conv", x, tensor("feat", [1, 512, 224, 224], fmt), 3, 3, 512, fmt,
                  "sm80_xmma_fprop_implicit_gemm_%s" % ("f16f16_f16f16_f16" if wtype == "Half" else "f32f32_tf32f32_f32"),
                  wtype=wtype)]
        L[0]["Weights"]["Count"] = count
        L.append({"Name": "/head/MatMul", "LayerType": "CaskGemmConvolution", "ParameterType": "Convolution",
                  "Inputs": [tensor("feat", [1, 512, 224, 224], fmt)], "Outputs": [tensor("logits", [1, 1000, 1, 1], fmt)],
                  "Kernel": [1, 1], "OutMaps": 1000, "Groups": 1, "Weights": {"Type": wtype, "Count": 512000},
                  "Bias": {"Type": "Float", "Count": 1000},
                  "TacticName": "sm80_xmma_gemm_%s" % ("f16f16_f16f16_f16" if wtype == "Half" else "f32f32_tf32f32_f32")})
        d = os.path.join(OUT, "inputs", name)
        write(os.path.join(d, "model.engine.graph.json"), graph(L, [inp, "logits"]))


def nsys_class():
    tail = ["Generating '/tmp/nsys-report-4f1c.qdstrm'",
            "[1/1] [========================100%] trtexec-run.nsys-rep",
            "Generated:",
            "    /home/user/runs/trtexec-run.nsys-rep"]
    for name, med, t in (("plain", 0.27, ()), ("profiled", 0.59, tail)):
        d = os.path.join(OUT, "nsys", name)
        write(os.path.join(d, "model.engine.profile.log"),
              log("10.4.0", "rtx3080", med, round(1000 / med), batch_shape="input=1x3x224x224", tail=t))


if __name__ == "__main__":
    batch_class()
    uniform_class()
    green_class()
    streams_class()
    tactic_class()
    namesonly_class()
    inputs_class()
    nsys_class()
