# The file's own facts first (issues 33 and 32): a stated fact wins over a
# derived one; engine-internal layers and tensors set aside; Myelin
# convolutions get MACs; runs are runs and one engine per report; build
# facts from build evidence; Polygraphy's engine inspection; the fp32-engine
# rule and advice for engines trtexec did not build. Fixtures:
# tests/fixtures/facts (tests/gen/facts.py writes them).
. tests/e2e/lib.sh
F=tests/fixtures/facts

# json FILE EXPR...: the summary --json of an engine, checked by Python asserts
# (sys.argv[1] is the summary, d its object)
sumcheck() {
  desc=$1 eng=$2 code=$3
  "$EC_BIN" summary --json "$eng" > "$TMP/s.json" 2> "$TMP/s.err"
  rc=$?
  if [ $rc -ne 0 ]; then fail "$desc: summary exit $rc"; head -3 "$TMP/s.err"; return; fi
  if "$PY" -c "import json,sys
d = json.load(open(sys.argv[1]))
err = open(sys.argv[2]).read()
$code" "$TMP/s.json" "$TMP/s.err" > "$TMP/py.out" 2>&1; then ok "$desc"
  else fail "$desc"; tail -3 "$TMP/py.out"; fi
}

# ---- 1. a stated fact wins: the listing's own I/O section gives the bindings
for v in 10x 11x; do
  sumcheck "$v text listing: bindings from its I/O section (x in; y, z out; no Myelin tensor)" "$F/listing-$v/build.log" '
got = [(b["name"], b["direction"], b["shape"], b["listed"]) for b in d["bindings"]]
assert got == [("x", "input", [1, 1, 28, 28], True), ("y", "output", [1, 10], True), ("z", "output", [1], True)], got'
done
sumcheck "11x text listing: 2 L2-cache custom_layers set aside (11 layers, no UINT8), Constants are weights" \
  "$F/listing-11x/build.log" '
p = d["provenance"]
assert d["layers"] == 11 and p["engine_internal_layers"] == 2, (d["layers"], p["engine_internal_layers"])
assert "UINT8" not in d["layer_count"]["by_precision"] and "custom_layer" not in d["layer_count"]["by_type"], d["layer_count"]
w = 4 * (800 + 32 + 51200 + 64 + 2 + 3211264 + 1024 + 2 + 10240 + 10)
assert d["weights_bytes"] == w and d["weights_complete"] and d["weights_source"] == "layers", d["weights_bytes"]
assert d["activations_bytes"] == 419236, d["activations_bytes"]'
# the same engine, one form against the other: same summary (but provenance and warnings)
for v in 10x 11x; do
  "$EC_BIN" summary --json "m=$F/listing-$v" > "$TMP/j.json" 2> /dev/null
  "$EC_BIN" summary --json "m=$F/listing-$v/build.log" > "$TMP/t.json" 2> /dev/null
  if "$PY" - "$TMP/j.json" "$TMP/t.json" <<'EOF'
import json, sys
a, b = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
assert a["layers"] and a["provenance"]["files"] != b["provenance"]["files"]
for d in (a, b):
    d.pop("provenance"); d.pop("warnings")
assert a == b, [k for k in a if a[k] != b.get(k)]
EOF
  then ok "$v: the text listing and the JSON of one build give the same summary --json"
  else fail "$v: text listing and JSON summaries differ"; fi
  "$EC_BIN" compare "json=$F/listing-$v" "text=$F/listing-$v/build.log" --json "$TMP/c.json" > /dev/null 2>&1
  if "$PY" - "$TMP/c.json" <<'EOF'
import json, sys
c = json.load(open(sys.argv[1]))
t = [e for e in c["engines"] if e["name"] == "text"][0]
assert t["comparability"] == [], t["comparability"]
a = t["alignment"]
assert a["matched"] == t["layers"] and a["baseline_only"] == 0 and a["engine_only"] == 0, a
EOF
  then ok "$v: compare aligns every layer of the two forms and finds them comparable (same inputs)"
  else fail "$v: compare of the two forms"; fi
done
# a verbose build whose real output is read by a later TopK: the network's
# declared outputs, not the tensors no layer reads
sumcheck "verbose build: scores stays an output though TopK reads it; the unread topk_values is no binding" \
  "$F/verbose-topk.log" '
got = [(b["name"], b["direction"]) for b in d["bindings"]]
assert got == [("images", "input"), ("scores", "output"), ("labels", "output")], got'
# the base case of the class: the corpus 10.14 listing says 3 bindings
if have_corpus && [ -f "$CORPUS/hackathon-cn/mnist-trt10.14.1-rtx6000ada/result-04.log" ]; then
  sumcheck "corpus 10.14 text listing: 3 bindings (not the unread argmax tensor)" \
    "$CORPUS/hackathon-cn/mnist-trt10.14.1-rtx6000ada/result-04.log" '
assert [b["name"] for b in d["bindings"]] == ["x", "y", "z"], d["bindings"]'
  sumcheck "corpus 11.0 B200: 3 bindings, 11 layers (2 L2-cache layers set aside), no UINT8, convolutions with MACs" \
    "$CORPUS/hackathon-cn/mnist-trt11.0-b200/model-trained-exportLayerInfo.log" '
assert [b["name"] for b in d["bindings"]] == ["x", "y", "z"] and d["layers"] == 11, (d["bindings"], d["layers"])
assert "UINT8" not in d["layer_count"]["by_precision"], d["layer_count"]'
  "$EC_BIN" layers --json "$CORPUS/hackathon-cn/mnist-trt11.0-b200/model-trained-exportLayerInfo.log" > "$TMP/l11.json" 2> /dev/null
  "$EC_BIN" layers --json "$CORPUS/hackathon-cn/mnist-trt10.16.1-h100pcie/model-trained-exportLayerInfo.log" > "$TMP/l10.json" 2> /dev/null
  if "$PY" - "$TMP/l11.json" "$TMP/l10.json" <<'EOF'
import json, sys
l11 = [json.loads(x) for x in open(sys.argv[1])]
l10 = [json.loads(x) for x in open(sys.argv[2])]
c11 = [(x["macs"], x["flops"]) for x in l11 if x["layer_type"] == "correlation"]
c10 = [(x["macs"], x["flops"]) for x in l10 if x["type"] == "Convolution"]
assert c11 == c10 == [(627200, 1254400), (10035200, 20070400)], (c11, c10)
EOF
  then ok "corpus 11.0 B200: the correlation convolutions' MACs/FLOPs equal the 10.16 CaskConvolutions' (10,035,200 MACs)"
  else fail "corpus 11.0 B200 convolution MACs"; fi
else
  skip "facts: the corpus is absent; its 10.14 listing and 11.0 engine not checked"
fi

# ---- 2. FLOPs for Myelin convolutions, in both 11.x forms
for form in "$F/listing-11x/model.graph.json" "$F/listing-11x/build.log"; do
  "$EC_BIN" layers --json "$form" > "$TMP/l.json" 2> /dev/null
  if "$PY" - "$TMP/l.json" <<'EOF'
import json, sys
ls = [json.loads(x) for x in open(sys.argv[1])]
c = [(x["name"], x["macs"], x["flops"]) for x in ls if x["layer_type"] == "correlation"]
assert c == [("conv1_myl0_2", 627200, 1254400), ("conv2_myl0_4", 10035200, 20070400)], c
assert all(x["layer_type"] != "custom_layer" for x in ls)
EOF
  then ok "11x $(basename "$form"): Myelin correlation convolutions get MACs and FLOPs from kernel and output shapes"
  else fail "11x $(basename "$form"): correlation MACs"; fi
done

# ---- 3. runs are runs; one engine per report
"$EC_BIN" report "$F/runs" -o "$TMP/r.html" > /dev/null 2> "$TMP/r.err"
rc=$?
if [ $rc -eq 2 ] && [ ! -f "$TMP/r.html" ] && grep -q "2 different engines" "$TMP/r.err" &&
   grep -q "engine $F/runs/model-fp16.trt: result-02.log, result-03.log, result-04.log" "$TMP/r.err" &&
   grep -q "engine $F/runs/model.onnx: fp32.graph.json, result-01.log" "$TMP/r.err"; then
  ok "a folder of runs of two engines: report exits 2, writes nothing, and names each engine with its files"
else fail "runs folder: exit $rc"; cat "$TMP/r.err"; fi
sumcheck "runs: model-fp16.trt: throughput and batch from one run (result-03, batch 4, 20.2k/s), build precision from its build" \
  "$F/runs/model-fp16.trt" '
assert d["performance"]["throughput_qps"] == 20200, d["performance"]["throughput_qps"]
x = d["bindings"][0] if d["bindings"] else None
inp = d["build"]["inputs"][0]
assert inp["inference"] == [4, 1, 28, 28] and inp["min"] == [1, 1, 28, 28] and inp["max"] == [16, 1, 28, 28], inp
assert d["build_precision"] == "FP32+FP16", d["build_precision"]
runs = [(r["path"].split("/")[-1], r["role"]) for r in d["provenance"]["runs_used"]]
assert runs == [("result-02.log", "build"), ("result-03.log", "inference (--loadEngine)"),
                ("result-04.log", "inference (--loadEngine)")], runs
assert "not used: another run" in d["provenance"]["runs_used"][2]["gave"]
assert "differ between this engine" in err, err'
"$EC_BIN" summary "$F/runs/model-fp16.trt" 2> "$TMP/w.err" | grep -q "batch 4 · 20.2k inferences/s" &&
  grep -q "facts differ between this engine's files (first: throughput (qps)" "$TMP/w.err" &&
  ok "runs: the headline throughput is one run's with its batch; the other run's different figure is said without -v" ||
  fail "runs: headline throughput or conflict warning"
sumcheck "runs: model.onnx: its own build and run only (batch 1, 31k/s), weights from its build log" "$F/runs/model.onnx" '
assert d["performance"]["throughput_qps"] == 31000 and d["build"]["inputs"][0]["inference"] == [1, 1, 28, 28], d["build"]["inputs"]
assert d["weights_source"] == "log" and d["weights_bytes"] == 213000 and d["weights_complete"], d["weights_bytes"]'
"$EC_BIN" summary "$F/two-engines" > /dev/null 2> "$TMP/t.err"; rc=$?
[ $rc -eq 2 ] && grep -q "name one engine: $F/two-engines/yolo-fp16.engine, $F/two-engines/yolo-int8.engine" "$TMP/t.err" &&
  ok "two TREx file sets in one folder: exit 2 naming both prefixes" || { fail "two engines: exit $rc"; cat "$TMP/t.err"; }
sumcheck "two TREx file sets: each prefix alone is one engine" "$F/two-engines/yolo-int8.engine" '
assert d["layers"] == 9 and [f["path"].split("/")[-1] for f in d["provenance"]["files"]] == \
    ["yolo-int8.engine.graph.json", "yolo-int8.engine.profile.json"], d["provenance"]["files"]'
"$EC_BIN" summary "$F/nested" > /dev/null 2> "$TMP/n.err"; rc=$?
[ $rc -eq 2 ] && grep -q "its folders hold engines: name one (or several): $F/nested/fp16, $F/nested/int8" "$TMP/n.err" &&
  ok "a folder of engine folders: exit 2 naming them" || { fail "nested: exit $rc"; cat "$TMP/n.err"; }

# ---- 4. aux streams, and a run under nsys
sumcheck "aux streams and nsys: stated by the run, recorded as facts" "$F/aux-nsys/profiled.log" '
p = d["provenance"]
assert p["aux_streams"] == 2 and p["layer_sum_caveat"] is True, p
assert p["run_profiler"] == "nsys" and p["run_profiler_source"].endswith("profiled.log:57"), p["run_profiler_source"]'
"$EC_BIN" summary "$F/aux-nsys/profiled.log" 2> /dev/null | grep -q "the engine runs layers on 2 auxiliary streams, so layers overlap" &&
  ok "aux streams: the summary's layer sum carries the caveat" || fail "aux streams: no caveat on the layer sum"
"$EC_BIN" lint --json "$F/aux-nsys/profiled.log" > "$TMP/l.json" 2> /dev/null
"$PY" -c 'import json,sys; f=[x for x in json.load(open(sys.argv[1]))["findings"] if x["rule"]=="aux-streams"]; assert f and "2 auxiliary streams" in f[0]["message"], f' "$TMP/l.json" &&
  ok "aux streams: lint aux-streams finds them from the log" || fail "aux streams: lint silent"
"$EC_BIN" report "$F/aux-nsys/profiled.log" -o "$TMP/a.html" -q 2> /dev/null
grep -q "Run profiler</td><td[^>]*>nsys (" "$TMP/a.html" &&
  ok "nsys: the report's facts name the profiler the run was made under" || fail "nsys: report does not say"

# ---- 5. build facts from build evidence
sumcheck "a load run's default Precision is no build fact: INT8 from the graph" "$F/loadrun" '
assert d["build_precision"] == "INT8 55.56% of layers, from the graph", d["build_precision"]
assert "Precision" not in d["build"]["build_options"], d["build"]["build_options"]'
sumcheck "a load run alone: build precision not recorded" "$F/loadrun/yolo-int8.engine.profile.log" '
assert d["build_precision"] == "not recorded (load run)", d["build_precision"]'
"$EC_BIN" report "$F/loadrun" -o "$TMP/p.html" -q 2> /dev/null
grep -q "INT8 55.56% of layers, from the graph" "$TMP/p.html" && ! grep -q "Build precision</td><td[^>]*>FP32<" "$TMP/p.html" &&
  ok "the report's Build precision is the graph's, never the load run's FP32" || fail "report build precision"

# ---- 6. Polygraphy's engine inspection
sumcheck "polygraphy --show layers attrs: I/O with dtypes and shapes, device memory, 9 layers with ops, tensors, tactics" \
  "$F/polygraphy/model.inspect.txt" '
got = [(b["name"], b["direction"], b["shape"], b["datatype"]) for b in d["bindings"]]
assert got == [("x", "input", [1, 1, 28, 28], "FP32"), ("y", "output", [1, 10], "FP32"), ("z", "output", [1], "INT64")], got
assert d["bindings"][0]["min_shape"] == [1, 1, 28, 28]
assert d["layers"] == 9 and d["layer_count"]["by_type"]["Convolution"] == 2, d["layer_count"]
assert d["activations_bytes"] == 387876, d["activations_bytes"]
assert d["build"]["memory"]["Device Memory"] == "206336 bytes"
assert [f["kind"] for f in d["provenance"]["files"]] == ["polygraphy"]'
"$EC_BIN" layers --json "$F/polygraphy/model.inspect.txt" 2> /dev/null | head -1 | grep -q '"tactic_value":"0x6f9a4b1c2d3e5f70"\|0x6f9a4b1c2d3e5f70' &&
  ok "polygraphy: a layer's tactic from its attributes" || fail "polygraphy: tactic"
"$EC_BIN" summary --json --profile-index 1 "$F/polygraphy/io-only.inspect.txt" > "$TMP/pg.json" 2> /dev/null
"$PY" -c '
import json,sys
d = json.load(open(sys.argv[1])); b = d["bindings"]
assert [(x["name"], x["direction"], x["datatype"]) for x in b] == [("images","input","FP16"), ("logits","output","FP16")], b
assert (b[0]["min_shape"], b[0]["opt_shape"], b[0]["max_shape"]) == ([32,3,224,224], [64,3,224,224], [128,3,224,224]), b[0]
assert len(b[0]["profiles"]) == 2' "$TMP/pg.json" &&
  ok "polygraphy without --show layers: the I/O and both profiles (--profile-index 1 in use)" || fail "polygraphy I/O-only"

# ---- 7. smaller: the fp32-engine rule and advice for engines trtexec did not build
"$EC_BIN" lint --json "$F/fp32-io16" > "$TMP/f.json" 2> /dev/null
"$PY" -c 'import json,sys; f=[x for x in json.load(open(sys.argv[1]))["findings"] if x["rule"]=="fp32-engine"]; assert f, "silent"' "$TMP/f.json" &&
  ok "fp32-engine: 27 of 28 layers FP32 with FP16 I/O is an FP32 engine" || fail "fp32-engine silent on FP16 I/O"
"$EC_BIN" lint --json -v "$F/torchtrt-fp32" > "$TMP/tt.json" 2> /dev/null
if "$PY" - "$TMP/tt.json" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
texts = [str(x.get(k)) for x in d["findings"] for k in ("mitigation", "next_step", "message")]
assert any("enabled_precisions" in t for t in texts), texts
assert not any("--fp16" in t or "--noTF32" in t for t in texts), [t for t in texts if "--fp16" in t or "--noTF32" in t]
EOF
then ok "Torch-TensorRT build (its layer names): precision advice names no trtexec flag"
else fail "Torch-TensorRT advice names trtexec flags"; fi
