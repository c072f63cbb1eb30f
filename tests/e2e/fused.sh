# Inside fused layers (issue 38, part B): a report with kernel data shows a
# fused layer's time per op group on its first screen (HTML: a fold that
# opens into its kernels; PDF: the line) and a Kernels section; without
# kernel data the report is the one the template without that section
# makes, byte for byte. compare of two engines with kernel data shows the
# kernels that changed inside the fused pair (each side's --nsys); engines
# fused differently are compared by regions, and the share of each side's
# layer time attributed rises (examples; corpus pairs when present).
. tests/e2e/lib.sh
GRAPH=tests/fixtures/nsys/myelin/model.engine.graph.json
SCHEMA=tests/schema/compare.schema.json
export SOURCE_DATE_EPOCH=0
for s in direct tuned; do
  if ! "$PY" tests/gen/nsys.py "$GRAPH" "$TMP/$s" "$s" 2> "$TMP/gen.err"; then fail "nsys.py $s"; head -5 "$TMP/gen.err"; fi
done
D=$TMP/direct T=$TMP/tuned

# --- the report ----------------------------------------------------------
"$EC_BIN" report "$D/model.engine" -o "$TMP/r.html" --pdf "$TMP/r.pdf" > /dev/null 2> "$TMP/r.err" || { fail "report with kernels"; head -5 "$TMP/r.err"; }
if "$PY" - "$TMP/r.html" <<'PYEOF'
import re, sys, html
s = open(sys.argv[1]).read()
i = s.index('<div class="first-screen">'); j = s.index('<h2', i)
fs = s[i:j]
# the slowest layer is the fused one: its fold's summary is its op groups, the fold holds its kernels
m = re.search(r'<details class="table"><summary>(#1 \{ForeignNode\[/attn/MatMul\.\.\./attn/Softmax\]\}, inside \(3 kernels\): [^<]*)</summary>(.*?)</details>', fs, re.S)
assert m, "no fold of the fused layer on the first screen"
line = html.unescape(m.group(1))
# 2 GEMMs (21 + 19 us), MulSumMul 9 us, Softmax 6 us per iteration: 72.7%, 16.4%, 10.9%
assert line.endswith("MatMul 72.7%, Mul 16.4%, Softmax 10.9%"), line
assert "sm90_xmma_gemm" in m.group(2) and "__myl_Softmax_kernel" in m.group(2), "the fold does not list the kernels"
assert re.search(r"Kernels: 8 of 9 layers have kernels; [0-9.]+% of the kernel time \(33 of 45 launches\) matched a layer", html.unescape(fs)), "no attributed share"
# the Kernels section, in the contents too
assert 'id="e1-s-kernels"' in s and 'href="#e1-s-kernels"' in s, "no Kernels section"
k = s[s.index('id="e1-s-kernels"'):]
k = k[:k.index('<h2')] if '<h2' in k else k
assert "MatMul 72.7%, Mul 16.4%, Softmax 10.9%" in html.unescape(k), "Kernels table lacks the op groups"
assert "kernels</summary>" in k, "the Kernels table does not fold a layer's kernels"
PYEOF
then ok "report: the fused layer's op groups on the first screen open into its kernels; attributed share; Kernels section"
else fail "report: first screen op groups"; fi
if pdftotext -f 1 -l 1 "$TMP/r.pdf" - 2>/dev/null | tr '\n' ' ' | grep -q "MatMul 72.7%, Mul 16.4%, Softmax 10.9%"; then
  ok "report PDF: page 1 has the fused layer's op-group line"
else fail "report PDF: no op-group line on page 1"; fi

# without kernel data: no Kernels section, and the bytes the template without it gives
mkdir -p "$TMP/plain"
for x in graph.json profile.json timing.json; do cp "$D/model.engine.$x" "$TMP/plain/"; done
"$PY" - templates/report.md "$TMP/nokernels.md" <<'PYEOF'
import sys
s = open(sys.argv[1]).read()
i = s.index("## Kernels\n"); j = s.index("\n## ", i + 5)
open(sys.argv[2], "w").write(s[:i] + s[j + 1:])
PYEOF
"$EC_BIN" report "$TMP/plain/model.engine" -o "$TMP/p1.html" --pdf "$TMP/p1.pdf" > /dev/null 2>&1
"$EC_BIN" report "$TMP/plain/model.engine" --template "$TMP/nokernels.md" -o "$TMP/p2.html" --pdf "$TMP/p2.pdf" > /dev/null 2>&1
if cmp -s "$TMP/p1.html" "$TMP/p2.html" && cmp -s "$TMP/p1.pdf" "$TMP/p2.pdf" && ! grep -q 'inside (' "$TMP/p1.html"; then
  ok "report without kernel data: the section goes, same bytes as the template without it (HTML and PDF)"
else fail "report without kernel data differs from the template without the Kernels section"; fi

# --- compare with kernel data: each side's --nsys -------------------------
mkdir -p "$TMP/a" "$TMP/b"
for x in graph.json profile.json timing.json; do cp "$D/model.engine.$x" "$TMP/a/"; cp "$T/model.engine.$x" "$TMP/b/"; done
"$EC_BIN" compare "$TMP/a/model.engine" --nsys "$D/model.engine.nsys.sqlite" "$TMP/b/model.engine" --nsys "$T/model.engine.nsys.sqlite" \
  --json "$TMP/k.json" -o "$TMP/k.html" > "$TMP/k.txt" 2> "$TMP/k.err"
if grep -q "kernels inside fused layers (Nsight Systems):" "$TMP/k.txt" &&
   grep -q "{ForeignNode\[/attn/MatMul.../attn/Softmax\]}: kernels 0.0605 → 0.0539 ms per iteration (-0.0066 ms); by op group: MatMul -0.0099 ms, Mul +0.0033 ms; 2 kernels new, 0 gone" "$TMP/k.txt" &&
   grep -q "new   MatMul     sm90_xmma_gemm_f16f16_f16f32_f32_tn_n_tilesize256x128x64" "$TMP/k.txt" &&
   grep -q "new   Mul        __myl_CasMul_kernel" "$TMP/k.txt" && ! grep -q "__myl_Move_myl1_3: kernels" "$TMP/k.txt"; then
  ok "compare: the kernels that changed inside the fused pair (each side's --nsys)"
else fail "compare: kernel changes"; cat "$TMP/k.txt" "$TMP/k.err" | head -40; fi
if "$PY" - "$TMP/k.json" "$SCHEMA" <<'PYEOF'
import json, sys, jsonschema
d = json.load(open(sys.argv[1])); jsonschema.validate(d, json.load(open(sys.argv[2])))
e = d["engines"][1]; kc = e["kernel_changes"]
assert len(kc) == 1 and kc[0]["kernels_added"] == 2 and kc[0]["kernels_removed"] == 0, kc
assert abs(kc[0]["delta_ms"] + 0.0066) < 1e-9, kc[0]["delta_ms"]
g = {x["group"]: x["delta_ms"] for x in kc[0]["op_groups"]}
assert abs(g["MatMul"] + 0.0099) < 1e-9 and abs(g["Mul"] - 0.0033) < 1e-9, g
assert "regions" not in e and "kernel_changes" not in d["engines"][0]
PYEOF
then ok "compare --json: kernel_changes (schema-valid), no regions for engines fused alike"
else fail "compare --json kernel_changes"; fi
if grep -q 'id="c1-s-kernels-inside-fused-layers"' "$TMP/k.html" && ! grep -q 'differently-fused-regions' "$TMP/k.html" &&
   grep -q 'tilesize256x128x64' "$TMP/k.html"; then
  ok "compare report: the kernels section, no regions section"
else fail "compare report sections"; fi
# the exports beside each engine's files are found by their prefix
"$EC_BIN" compare "$D/model.engine" "$T/model.engine" > "$TMP/kd.txt" 2>/dev/null
if grep -q "new   Mul        __myl_CasMul_kernel" "$TMP/kd.txt"; then ok "compare: each engine's X.nsys.sqlite picked up by its prefix"
else fail "compare: nsys exports beside the engines not picked up"; fi
# without kernel data: nothing of it
"$EC_BIN" compare "$TMP/a/model.engine" "$TMP/b/model.engine" --json "$TMP/n.json" > "$TMP/n.txt" 2>/dev/null
if ! grep -q "kernels inside" "$TMP/n.txt" && ! grep -q '"kernel_changes"' "$TMP/n.json"; then
  ok "compare without kernel data: no kernel changes"
else fail "compare without kernel data shows kernel changes"; fi

# --- regions ---------------------------------------------------------------
E=examples
"$EC_BIN" compare $E/resnet-fp16-a100/resnet.onnx.engine $E/resnet-int8-a100/resnet.onnx.engine --json "$TMP/r.json" -o "$TMP/rg.html" > "$TMP/rg.txt" 2>/dev/null
if grep -q "regions: 7 regions of differently fused layers" "$TMP/rg.txt" &&
   grep -q "resnet-fp16-a100 96.91% → 99.17%, resnet-int8-a100 78.52% → 84.59%; layers on one side only: 4 → 2 and 25 → 20" "$TMP/rg.txt" &&
   "$PY" - "$TMP/r.json" "$SCHEMA" <<'PYEOF'
import json, sys, jsonschema
d = json.load(open(sys.argv[1])); jsonschema.validate(d, json.load(open(sys.argv[2])))
r = d["engines"][1]["regions"]
assert r["engine_attributed_pct_after"] > r["engine_attributed_pct_before"] and r["baseline_attributed_pct_after"] > r["baseline_attributed_pct_before"], r
assert len(r["regions"]) == 7 and r["engine_only_after"] < r["engine_only_before"]
# each region covers the same nodes on both sides: a fused conv+add+relu on one side, conv and PWN apart on the other
x = r["regions"][0]
assert len(x["baseline_layers"]) == 2 and len(x["engine_layers"]) == 1 and x["shared_nodes"] >= 3, x
PYEOF
then ok "compare regions (examples FP16 vs INT8): attributed 96.91% → 99.17% and 78.52% → 84.59%"
else fail "compare regions on the examples"; grep regions "$TMP/rg.txt"; fi
if grep -q 'id="c1-s-differently-fused-regions"' "$TMP/rg.html" && ! grep -q 'kernels-inside-fused-layers' "$TMP/rg.html"; then
  ok "compare report: the regions section"
else fail "compare report: no regions section"; fi

# the corpus: a pair of one model fused differently (QAT with and without quantized residuals), and TensorRT 10.16 vs 11.0
if have_corpus; then
  C=$CORPUS
  "$EC_BIN" compare "$C/trex/pytorch-resnet-A100-qat/resnet-qat.onnx.engine" "$C/trex/pytorch-resnet-A100-qat-residual/resnet-qat-residual.onnx.engine" > "$TMP/c1.txt" 2>/dev/null
  if grep -q "resnet-qat.onnx.engine 47.48% → 82.15%, resnet-qat-residual.onnx.engine 78.43% → 100.00%" "$TMP/c1.txt"; then
    ok "corpus QAT pair: attributed 47.48% → 82.15% and 78.43% → 100.00%"
  else fail "corpus QAT pair regions"; grep regions "$TMP/c1.txt"; fi
  "$EC_BIN" compare "$C/hackathon-cn/mnist-trt10.16.1-h100pcie/model-trained-exportLayerInfo.log" "$C/hackathon-cn/mnist-trt11.0-b200/model-trained-exportLayerInfo.log" > "$TMP/c2.txt" 2>/dev/null
  if grep -q "regions: 5 regions" "$TMP/c2.txt" && grep -q "layers on one side only: 4 → 0 and 6 → 2" "$TMP/c2.txt" &&
     grep -q "node_conv2d + node_relu  ->  node_conv2d_myl0_2" "$TMP/c2.txt"; then
    ok "corpus TensorRT 10.16 vs 11.0: Myelin layers of 11.0 attributed by region (one-sided 4 → 0, 6 → 2)"
  else fail "corpus TensorRT 10 vs 11 regions"; sed -n '/regions/,/^$/p' "$TMP/c2.txt"; fi
else
  skip "regions over corpus pairs: $CORPUS is absent"
fi
