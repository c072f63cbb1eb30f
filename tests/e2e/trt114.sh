#!/bin/sh
# TensorRT 11.4 on the hardware it runs on (issue 36, issue 32 item 5), on the
# fixtures of tests/fixtures/trt114 (make.py writes them) and the corpus:
#  - every 11.x device has its architecture and, where figures are published,
#    its peaks; Vera Rubin its architecture without a peak;
#  - the corpus B200 engine shows its architecture; a B200 engine with a
#    profile measures each layer against its kernel's math (TF32, FP16, FP8,
#    NVFP4, MXFP8) at or below 100%;
#  - kernel names tell the architecture when the device is unknown;
#  - trtexec 11.4's DLA Workspace Allocation Strategy, an 11.4.1 DLA engine
#    on Orin and an engine on Thor;
#  - --expect-precision on lint, report and compare (text, JSON, Markdown,
#    GitHub annotations), and trend naming the night the precision mix flips;
#  - savings never above the end-to-end time.
. tests/e2e/lib.sh
F=tests/fixtures/trt114
have_js=1
"$PY" -c 'import jsonschema' > /dev/null 2>&1 || have_js=0

# schema NAME FILE: FILE validates against tests/schema/NAME.schema.json
schema() {
  if [ "$have_js" = 0 ]; then skip "$2 against $1.schema.json: python3-jsonschema is absent"; return; fi
  check "$2 validates against $1.schema.json" "$PY" -c '
import json, sys, jsonschema
jsonschema.Draft202012Validator(json.load(open(sys.argv[1]))).validate(json.load(open(sys.argv[2])))' \
    "tests/schema/$1.schema.json" "$2"
}

# ---- 1. every 11.x device: architecture and peaks ---------------------------------
for d in b300:10.3:Blackwell_Ultra:1 thor:11.0:Blackwell_Jetson_Thor:1 thor-cuda12:10.1:Blackwell_Jetson_Thor:1 \
  rtx5090:12.0:Blackwell_RTX:1 rtxpro6000:12.0:Blackwell_RTX:1 gb10:12.1:Blackwell_GB10:1 rubin:10.7:Vera_Rubin:0; do
  IFS=: read -r dev cc arch peaks <<EOF
$d
EOF
  "$EC_BIN" summary --json "$F/devices/$dev.log" > "$TMP/$dev.json" 2> /dev/null
  check "device $dev: compute capability $cc is $(echo "$arch" | tr _ ' '), peaks $peaks" "$PY" -c '
import json, sys
d = json.load(open(sys.argv[1]))
a = d["architecture"]
assert a["compute_capability"] == sys.argv[2] and a["name"] == sys.argv[3].replace("_", " "), a
assert a["source"] == "device" and a["has_peaks"] == (sys.argv[4] == "1"), a
if sys.argv[4] == "0":
    assert "no published per-SM rates, so no peak" in a["no_peak_reason"], a
assert d["build"]["system_options"]["DLA Workspace Allocation Strategy"] == "default", d["build"]["system_options"]
assert "Precision" not in d["build"]["build_options"] and d["build_precision"] == "not recorded (load run)", d["build"]' "$TMP/$dev.json" "$cc" "$arch" "$peaks"
done
"$EC_BIN" summary "$F/devices/rubin.log" > "$TMP/rubin.txt" 2> /dev/null
check "Vera Rubin: the summary names the architecture and why there is no peak" \
  grep -q "device      NVIDIA Vera Rubin (Vera Rubin, compute capability 10.7: no published per-SM rates, so no peak)" \
  "$TMP/rubin.txt"
schema summary "$TMP/b300.json"

# ---- 2. the corpus B200 engine shows its architecture --------------------------------
B=$CORPUS/hackathon-cn/mnist-trt11.0-b200
# the folder holds several engines' runs: its layer listing with the build run's log
BA="--graph $B/model-trained-exportLayerInfo.log --log $B/result-09.log"
if [ -d "$B" ]; then
  "$EC_BIN" summary $BA > "$TMP/b.txt" 2> /dev/null
  check "corpus B200: the summary shows its architecture" \
    grep -q "^device      NVIDIA B200 (Blackwell datacenter, compute capability 10.0)" "$TMP/b.txt"
  "$EC_BIN" summary --json $BA > "$TMP/b.json" 2> /dev/null
  check "corpus B200: summary --json architecture, with peaks" "$PY" -c '
import json, sys
a = json.load(open(sys.argv[1]))["architecture"]
assert a == {"name": "Blackwell datacenter", "compute_capability": "10.0", "source": "device", "kernel_marker": None,
             "or_newer": False, "has_peaks": True, "no_peak_reason": None}, a' "$TMP/b.json"
  SOURCE_DATE_EPOCH=0 "$EC_BIN" report $BA -o "$TMP/b.html" > /dev/null 2>&1
  check "corpus B200: the report's facts and first screen name Blackwell" "$PY" -c '
import sys
h = open(sys.argv[1]).read()
assert "Blackwell datacenter, compute capability 10.0" in h, "facts"
assert "NVIDIA B200 (Blackwell, compute capability 10.0)" in h, "first screen"' "$TMP/b.html"
  "$EC_BIN" layers --json $BA > "$TMP/bl.json" 2> /dev/null
  check "corpus B200: its gemv GEMM has the B200's FP32 peak (148 SMs x 1.965 GHz x 256)" "$PY" -c '
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
g = [r for r in rows if r["flops"] and "gemv" in (r["tactic"] or "")]
assert g and all(r["peak_kind"] == "fp32" and abs(r["peak_tflops"] - 74.44992) < 1e-6 for r in g), g
# its convolutions (Myelin correlation, with MACs since TensorRT 11 convolutions have FLOPs) run TF32 Tensor-Core kernels
c = [r for r in rows if r["layer_type"] == "correlation"]
assert len(c) == 2 and all(r["macs"] and r["peak_kind"] == "tf32-tc" for r in c), c' "$TMP/bl.json"
else
  skip "corpus B200 engine: $B is absent"
fi

# ---- 3. a B200 engine with a profile: each layer against its kernel's math ------------
"$EC_BIN" layers --json "$F/b200/b200.engine" > "$TMP/b200.jsonl" 2> "$TMP/b200.err"
check "B200 fixture: every convolution and GEMM at or below 100% of its kernel's math's peak" "$PY" -c '
import json, sys
rows = {r["name"]: r for r in map(json.loads, open(sys.argv[1]))}
want = {"/stem/conv/Conv + /stem/act/Relu": ("tf32-tc", 30.0), "/blocks.0/conv1/Conv + /blocks.0/act1/Relu": ("fp16-tc", 55.0),
        "/blocks.0/conv2/Conv + /blocks.0/act2/Relu": ("fp8-tc", 62.0), "/ffn/fc1/MatMul": ("fp4-tc", 48.0),
        "/ffn/fc2/MatMul": ("fp8-tc", 58.0)}
for n, (m, pct) in want.items():
    r = rows[n]
    assert r["kernel_math"] == m and r["peak_kind"] == m and r["peak_choice"] == "kernel", r
    assert 0 < r["pct_of_peak"] <= 100 and abs(r["pct_of_peak"] - pct) < 0.1, (n, r["pct_of_peak"])
assert "NVFP4" in rows["/ffn/fc1/MatMul"]["kernel_math_basis"], rows["/ffn/fc1/MatMul"]["kernel_math_basis"]
assert "MXFP8" in rows["/ffn/fc2/MatMul"]["kernel_math_basis"]
assert all(r["pct_of_peak"] is None or r["pct_of_peak"] <= 100 for r in rows.values())' "$TMP/b200.jsonl"
check "B200 fixture: loads without a warning (FP4 tensors known)" test ! -s "$TMP/b200.err"
SOURCE_DATE_EPOCH=0 "$EC_BIN" report "$F/b200/b200.engine" -o "$TMP/b200.html" > /dev/null 2>&1
check "B200 fixture: the report's efficiency table names the FP4 and FP8 Tensor Core peaks" "$PY" -c '
import sys
h = open(sys.argv[1]).read()
assert "FP4 Tensor Core" in h and "FP8 Tensor Core" in h and "Roofline of the convolutions and GEMMs" in h' "$TMP/b200.html"

# ---- 4. the architecture from kernel names ---------------------------------------------
"$EC_BIN" summary --graph "$F/b200/b200.engine.graph.json" > "$TMP/k.txt" 2> /dev/null
check "no device: the sm100 kernels tell the architecture, and why there is no peak" grep -q \
  "^device      not available (sm100 kernels: a Blackwell datacenter GPU, B200 or GB200; product unknown, so no peak)" "$TMP/k.txt"
"$EC_BIN" summary --json "$F/rtx50" > "$TMP/r.json" 2> /dev/null
check "no device: sm120 kernels, an RTX Blackwell GPU from the kernel names" "$PY" -c '
import json, sys
a = json.load(open(sys.argv[1]))["architecture"]
assert a["source"] == "kernel names" and a["kernel_marker"] == "sm120" and a["compute_capability"] == "12.0", a
assert not a["has_peaks"] and "product unknown, so no peak" in a["no_peak_reason"], a' "$TMP/r.json"
SOURCE_DATE_EPOCH=0 "$EC_BIN" report "$F/rtx50" -o "$TMP/r.html" > /dev/null 2>&1
check "no device: the roofline says the kernels' architecture instead of staying silent" grep -q \
  "sm120 kernels: a Blackwell RTX GPU, RTX 50 or RTX PRO Blackwell; product unknown, so no peak" "$TMP/r.html"

# ---- 5. trtexec 11.4 and JetPack 11.4.1: DLA on Orin, Thor -------------------------------
"$EC_BIN" summary "$F/jetson/orin-dla" > "$TMP/o.txt" 2> /dev/null
check "Orin DLA 11.4.1: the DLA facts, with the workspace strategy" \
  grep -q "^dla         core 0; GPU fallback Enabled; workspace allocation sharedStatic" "$TMP/o.txt"
check "Orin DLA 11.4.1: the DLA's transfer records are DLA, not Unknown" grep -q "^DLA (from name)  *4 " "$TMP/o.txt"
"$EC_BIN" lint --json "$F/jetson/orin-dla" > "$TMP/o.json" 2> /dev/null
check "Orin DLA 11.4.1: the DLA region is no Myelin finding; its wait is the DLA's time" "$PY" -c '
import json, sys
d = json.load(open(sys.argv[1]))
rules = [f["rule"] for f in d["findings"]]
assert "myelin-opaque" not in rules, rules
h = [f for f in d["findings"] if f["rule"] == "hotspot"]
assert h and "from nvm" in h[0]["message"] and "time the DLA runs the region" in h[0]["message"], h' "$TMP/o.json"
SOURCE_DATE_EPOCH=0 "$EC_BIN" report "$F/jetson/orin-dla" -o "$TMP/o.html" > /dev/null 2>&1
check "Orin DLA 11.4.1: the report's facts show the DLA row" grep -q "workspace allocation sharedStatic" "$TMP/o.html"
"$EC_BIN" summary "$F/jetson/thor" > "$TMP/t.txt" 2> /dev/null
check "Thor 11.4.1: device and architecture" grep -q "^device      NVIDIA Thor (Blackwell Jetson Thor, compute capability 11.0)" "$TMP/t.txt"
"$EC_BIN" layers --json "$F/jetson/thor" > "$TMP/t.jsonl" 2> /dev/null
check "Thor: an FP16 kernel has no peak (its rate is not published), not FP32's" "$PY" -c '
import json, sys
for r in map(json.loads, open(sys.argv[1])):
    if r["flops"]:
        assert r["kernel_math"] == "fp16-tc" and r["peak_choice"] == "unpublished" and r["pct_of_peak"] is None, r' \
  "$TMP/t.jsonl"

# ---- 6. --expect-precision ------------------------------------------------------------------
DET=$F/precision/fp32-detector
"$EC_BIN" lint "$DET" --expect-precision FP16 --fail-on error > "$TMP/e.txt" 2> /dev/null
rc=$?
check "lint --expect-precision FP16 on an engine that came out FP32: exit 1 with --fail-on error" test "$rc" = 1
check "lint text: the share and the largest FP32 layers" grep -q \
  "Precision expectation not met (FP16>=50%): FP16 or narrower for at least 50% of the latency, but 0.00% runs there (FP32 100.00%). 6 layers run in a wider precision, 0.83 ms; the largest: /model.0/conv/Conv + /model.0/act/Relu (FP32, 0.21 ms)" \
  "$TMP/e.txt"
"$EC_BIN" lint --json "$DET" --expect-precision 'FP16>=90%:layers' --fail-on error > "$TMP/e.json" 2> /dev/null
check "lint --json: an error finding with the model-side fix for TensorRT 11" "$PY" -c '
import json, sys
d = json.load(open(sys.argv[1]))
x = [f for f in d["findings"] if f["rule"] == "precision-expectation"]
assert len(x) == 1 and x[0]["severity"] == "error" and d["failed"], x
m = x[0]["mitigation"]
assert "ModelOpt AutoCast" in m and "Q/DQ" in m and "--fp16" not in m, m
assert "of the layers" in x[0]["message"] and len(x[0]["evidence_layers"]) == 6, x[0]' "$TMP/e.json"
schema lint "$TMP/e.json"
"$EC_BIN" lint "$DET" --expect-precision FP16 --github > "$TMP/e.gh" 2> /dev/null
check "lint --github: an ::error annotation for the expectation" grep -q "^::error .*Precision expectation not met" "$TMP/e.gh"
"$EC_BIN" lint "$DET" --expect-precision 'FP16>=x' > /dev/null 2> "$TMP/e.err"
rc=$?
check "a bad --expect-precision is a usage error that says the grammar" \
  sh -c '[ "$1" = 2 ] && grep -q "percentage from 0 to 100" "$2"' _ "$rc" "$TMP/e.err"
"$EC_BIN" lint "$DET" --expect-precision FP32 --fail-on error > /dev/null 2>&1
check "FP32 or narrower is met by an FP32 engine" test $? = 0
SOURCE_DATE_EPOCH=0 "$EC_BIN" report "$DET" --expect-precision FP16 -o "$TMP/e.html" > /dev/null 2>&1
check "report --expect-precision: the Lint section shows the error" grep -q "Precision expectation not met" "$TMP/e.html"
if have_corpus; then
  for e in trex/pytorch-resnet-A100-qat trex/pytorch-resnet-A100-qat-residual trex/pytorch-resnet-A100-qat-residual-qgap \
    trex/mobilenet.qat trex/mobilenet_v2_residuals.qat trex/tensorflow-resnet-RTX-3090-qat trex-v0.1.0/mobilenet.qat \
    trex-v0.1.0/mobilenet_v2_residuals.qat trex-notebook/yolo-int8-orin; do
    "$EC_BIN" lint --json "$CORPUS/$e" --expect-precision INT8 --fail-on error > "$TMP/q.json" 2> /dev/null
    rc=$?
    check "corpus $e: --expect-precision INT8 passes (exit 0, no precision finding)" "$PY" -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert sys.argv[2] == "0" or d["failed"] is False, sys.argv[2]
assert not [f for f in d["findings"] if f["rule"] == "precision-expectation"]' "$TMP/q.json" "$rc"
  done
else
  skip "--expect-precision INT8 on the corpus INT8 engines: $CORPUS is absent"
fi

# compare: a candidate that misses the expectation fails; the mix change before the layers
GITHUB_STEP_SUMMARY=$TMP/gh.md GITHUB_OUTPUT=$TMP/gh.out "$EC_BIN" compare int8=$F/mix/int8 fp16=$F/mix/fp16 \
  --expect-precision 'INT8>=80%' --json "$TMP/c.json" --markdown "$TMP/c.md" --github > "$TMP/c.txt" 2> /dev/null
rc=$?
check "compare --expect-precision: exit 1 when a candidate misses it" test "$rc" = 1
check "compare text: the mix change before the layers, the expectation, the outcome" "$PY" -c '
import sys
t = open(sys.argv[1]).read()
mix = t.index("  precision mix: INT8 share 96.88% \u2192 0.00% of the latency, FP16 0.00% \u2192 98.00%: 7 more layers run in FP16 (0 \u2192 7)")
exp = t.index("  expected FAIL: INT8 or narrower for at least 80% of the latency: not met, 0.00%")
lay = t.index("  layers: ")
assert mix < lay and exp < lay, (mix, exp, lay)
assert "expect: FAIL: 1 of 1 candidate misses --expect-precision INT8>=80%: fp16" in t' "$TMP/c.txt"
check "compare Markdown: the expectation and the mix change" "$PY" -c '
import sys
m = open(sys.argv[1]).read()
assert "Precision: FAIL: 1 of 1 candidate misses --expect-precision INT8&gt;=80%" in m, m[:600]
assert "Precision mix: INT8 share 96.88%" in m and "Expected (**not met**)" in m' "$TMP/c.md"
check "compare JSON: precision_expectations, precision_mix_change, precision_missed" "$PY" -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["passed"] is False and d["summary"]["precision_missed"] == 1, d["summary"]
c = d["engines"][1]
assert c["precision_expectations"][0]["met"] is False and c["precision_expectations"][0]["share_pct"] == 0
assert c["precision_mix_change"]["fell"] == "INT8" and c["precision_mix_change"]["rose"] == "FP16"
assert d["engines"][0]["precision_expectations"][0]["met"] is True' "$TMP/c.json"
schema compare "$TMP/c.json"
check "compare --github: an ::error annotation for the candidate's precision" grep -q "^::error title=enginecard compare%3A fp16 precision::fp16: expected INT8 or narrower for at least 80%25 of the latency: not met" "$TMP/c.txt"
SOURCE_DATE_EPOCH=0 "$EC_BIN" compare int8=$F/mix/int8 fp16=$F/mix/fp16 --expect-precision 'INT8>=80%' -o "$TMP/c.html" \
  > /dev/null 2>&1
check "compare report: the precision mix of the candidate on the first screen" grep -q "Precision mix of fp16: INT8 share" "$TMP/c.html"
"$EC_BIN" compare int8=$F/mix/int8 again=$F/mix/int8 --expect-precision 'INT8>=80%' > "$TMP/c2.txt" 2> /dev/null
rc=$?
check "compare: met by every candidate, no mix change, exit 0" sh -c \
  '[ "$1" = 0 ] && grep -q "met by every candidate" "$2" && ! grep -q "precision mix:" "$2"' _ "$rc" "$TMP/c2.txt"

# ---- 7. trend: the night the precision mix flips ---------------------------------------------
mkdir -p "$TMP/nights"
for n in 1 2 3; do "$EC_BIN" summary --json --label night=$n det=$F/mix/int8 > "$TMP/nights/n$n.json" 2> /dev/null; done
for n in 4 5; do "$EC_BIN" summary --json --label night=$n det=$F/mix/fp16 > "$TMP/nights/n$n.json" 2> /dev/null; done
check "stored summaries keep their precision shares" "$PY" -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["latency_ms"]["by_precision"]["INT8"] > 0 and d["layer_count"]["by_precision"]["INT8"] == 7' "$TMP/nights/n1.json"
"$EC_BIN" trend --by night "$TMP"/nights/n*.json --json "$TMP/tr.json" --markdown "$TMP/tr.md" -o "$TMP/tr.html" \
  > "$TMP/tr.txt" 2> /dev/null
check "trend text: names night 4, where the mix flipped, before the change points" "$PY" -c '
import sys
t = open(sys.argv[1]).read()
i = t.index("  precision mix changed on night 4 (against night 3): INT8 share 96.88% \u2192 0.00% of the latency, FP16 0.00% \u2192 98.00%: 7 more layers run in FP16 (0 \u2192 7)")
assert t.count("precision mix changed") == 1
j = t.find("change point")
assert j < 0 or i < j' "$TMP/tr.txt"
check "trend JSON: precision_changes names night 4" "$PY" -c '
import json, sys
g = json.load(open(sys.argv[1]))["engines"][0]
p = g["precision_changes"]
assert len(p) == 1 and p[0]["night"] == "4" and p[0]["against"] == "3" and p[0]["fell"] == "INT8", p' "$TMP/tr.json"
schema trend "$TMP/tr.json"
check "trend Markdown and report name the night" sh -c \
  'grep -q "night 4 (against night 3): INT8 share" "$1" && grep -q "The precision mix of det changed on night 4" "$2"' \
  _ "$TMP/tr.md" "$TMP/tr.html"

# ---- 8. savings bounded by what the engine takes (issue 32 item 5) ---------------------------
R=$F/ratio/yolo11s-int8.engine
"$EC_BIN" lint --json "$R" > "$TMP/s.json" 2> /dev/null
check "layer sum 3.8x end to end: every saving, alone and together, is at most the end-to-end time" "$PY" -c '
import json, sys
d = json.load(open(sys.argv[1]))
s = d["savings"]
assert s["scaled"] and abs(s["layer_sum_ms"] / s["end_to_end_ms"] - 3.8) < 0.01, s
assert abs(s["factor"] - s["end_to_end_ms"] / s["layer_sum_ms"]) < 1e-9
e2e = s["end_to_end_ms"]
gains = [f["gain_ms_max"] for f in d["findings"] if f["gain_ms_max"] is not None]
assert gains and max(gains) <= e2e, (max(gains), e2e)
assert d["top_by_gain_together_ms"] <= e2e
for g in d["groups"]:
    assert g["gain_ms_max"] is None or g["gain_ms_max"] <= e2e, g
r = [f for f in d["findings"] if f["rule"] == "profile-e2e-ratio"]
assert len(r) == 1 and r[0]["severity"] == "warning" and "3.8\u00d7 the GPU compute time median" in r[0]["message"], r' "$TMP/s.json"
schema lint "$TMP/s.json"
"$EC_BIN" lint "$R" > "$TMP/s.txt" 2> /dev/null
check "lint text says the savings are scaled, and to what" grep -q \
  "^Savings are scaled to the end-to-end time: the per-layer latencies add up to 2.033 ms, 3.8× the GPU compute time median of 0.5349 ms (log), so each saving is its share of 0.5349 ms (0.263×)." \
  "$TMP/s.txt"
SOURCE_DATE_EPOCH=0 "$EC_BIN" report "$R" -o "$TMP/s.html" > /dev/null 2>&1
check "the report's first screen and Lint section say it too" "$PY" -c '
import sys
h = open(sys.argv[1]).read()
assert h.count("Savings are scaled to the end-to-end time") >= 2' "$TMP/s.html"
"$EC_BIN" lint --json "$F/b200/b200.engine" > "$TMP/ns.json" 2> /dev/null
check "a layer sum below end to end: savings unscaled" "$PY" -c '
import json, sys
s = json.load(open(sys.argv[1]))["savings"]
assert s["scaled"] is False and s["factor"] == 1 and s["note"] is None, s' "$TMP/ns.json"
