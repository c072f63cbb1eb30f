# compare: the CI gate end to end. Exit codes of the Done-when cases, every
# requested output written even on exit 1, JUnit checked by xmllint (well
# formed and against tests/schema/junit.xsd), JSON against
# tests/schema/compare.schema.json (python3-jsonschema), Markdown under 1 MiB,
# bench-json shaped for github-action-benchmark, a stored summary as the
# baseline, hostile names, and reproducible output.
. tests/e2e/lib.sh
export SOURCE_DATE_EPOCH=1700000000
FX=tests/fixtures/compare
XSD=tests/schema/junit.xsd
SCHEMA=tests/schema/compare.schema.json

have_xmllint=1
command -v xmllint > /dev/null 2>&1 || have_xmllint=0
have_jsonschema=1
"$PY" -c 'import jsonschema' > /dev/null 2>&1 || have_jsonschema=0
[ $have_xmllint = 1 ] || skip "xmllint is missing (libxml2-utils, see tests/deps.sh): JUnit not validated"
[ $have_jsonschema = 1 ] || skip "python3-jsonschema is missing (see tests/deps.sh): JSON not validated against its schema"

# run_cmp DESC WANT_RC ARGS...: run compare with all four outputs into $TMP/out.*
run_cmp() {
  d=$1; want=$2; shift 2
  rm -f "$TMP"/out.*
  "$EC_BIN" compare "$@" --json "$TMP/out.json" --junit "$TMP/out.xml" --markdown "$TMP/out.md" \
    --bench-json "$TMP/out.bench.json" > "$TMP/out.txt" 2> "$TMP/out.err"
  rc=$?
  if [ $rc -eq "$want" ]; then ok "$d: exit $rc"; else fail "$d: exit $rc, want $want"; sed 's/^/    /' "$TMP/out.err" | head -10; fi
  for f in json xml md bench.json; do
    [ -s "$TMP/out.$f" ] || { fail "$d: out.$f not written"; return; }
  done
  ok "$d: all four outputs written"
  validate "$d"
}

validate() {
  d=$1
  if [ $have_xmllint = 1 ]; then
    if xmllint --noout "$TMP/out.xml" 2> "$TMP/x.err" && xmllint --noout --schema "$XSD" "$TMP/out.xml" 2>> "$TMP/x.err"; then
      ok "$d: JUnit is well-formed and valid against junit.xsd"
    else
      fail "$d: JUnit invalid"; head -5 "$TMP/x.err"
    fi
  fi
  if [ $have_jsonschema = 1 ]; then
    if "$PY" - "$SCHEMA" "$TMP/out.json" > "$TMP/j.err" 2>&1 <<'EOF'
import json, sys, jsonschema
schema = json.load(open(sys.argv[1]))
jsonschema.Draft202012Validator.check_schema(schema)
jsonschema.validate(json.load(open(sys.argv[2])), schema, cls=jsonschema.Draft202012Validator)
EOF
    then ok "$d: JSON valid against compare.schema.json"; else fail "$d: JSON invalid"; head -5 "$TMP/j.err"; fi
  fi
  if "$PY" - "$TMP/out.bench.json" "$TMP/out.md" > "$TMP/b.err" 2>&1 <<'EOF'
import json, os, sys
b = json.load(open(sys.argv[1]))
assert isinstance(b, list) and b, "empty"
for e in b:
    assert set(e) <= {"name", "unit", "value", "range", "extra"}, e
    assert isinstance(e["name"], str) and isinstance(e["unit"], str), e
    assert isinstance(e["value"], (int, float)), e
    assert "range" not in e or isinstance(e["range"], str)
    assert "extra" not in e or isinstance(e["extra"], str)
assert os.path.getsize(sys.argv[2]) < 1 << 20, "markdown over 1 MiB"
md = open(sys.argv[2], encoding="utf-8").read()
assert "<img" not in md and "<svg" not in md, "images in markdown"
# every row of a table has as many cells as its header (escaped pipes do not count)
import re
width = None
for line in md.splitlines():
    if not line.startswith("|"):
        width = None
        continue
    cells = len(re.findall(r"(?<!\\)\|", line)) - 1
    if width is None:
        width = cells
    assert cells == width, "markdown row has %d cells, header %d: %s" % (cells, width, line[:80])
EOF
  then ok "$d: bench-json entries shaped for customSmallerIsBetter; Markdown < 1 MiB, no images, tables well formed"
  else fail "$d: bench-json or markdown"; head -5 "$TMP/b.err"; fi
}

# junit_has DESC PATTERN: grep the last JUnit file
junit_has() { if grep -q "$2" "$TMP/out.xml"; then ok "$1"; else fail "$1"; head -20 "$TMP/out.xml"; fi; }

# -- fixtures (always available) -------------------------------------------
# 40 iterations a side, well under a second of measurement: no verdict (exit 4)
run_cmp "fixture: renamed engine, gpu-median within 10%: inconclusive (short runs)" 4 base=$FX/base/model.engine renamed=$FX/renamed/model.engine --max-regress 10
run_cmp "fixture: same pair by layer-sum fails (metric changes the verdict)" 1 \
  base=$FX/base/model.engine renamed=$FX/renamed/model.engine --max-regress 10 --metric layer-sum --max-layer-regress 20
junit_has "fixture layer-sum: failure in JUnit, decided by the estimate alone" '<failure message="+30.0% (no interval: layer-sum'
junit_has "fixture layer-sum: advisory layer case lists Conv_2" 'Conv_2 + Relu_3 -&gt; Conv_2 + PWN(Relu_3)'
if "$PY" -c '
import json,sys
d=json.load(open(sys.argv[1])); e=d["engines"][1]
p=[(x["baseline"],x["engine"],x["how"]) for x in e["alignment"]["pairs"]]
assert p==[(0,0,"fused-name"),(1,2,"fused-name"),(2,1,"name"),(3,3,"fused-name"),(None,4,None),(4,5,"name"),(5,6,"metadata")], p
assert d["passed"] is False and d["summary"]["failed"]==1
' "$TMP/out.json"; then ok "fixture: JSON alignment pairs the renamed layers"; else fail "fixture: JSON alignment"; fi

# TensorRT 10.x against 11.x, one model (issue 23 item 3): the settings that
# differ only because 11.x changed trtexec's defaults are said to be that, not
# "not comparable"; the HTML names them too
T11=tests/fixtures/compare-trt11
# (the TensorRT version itself makes the gate NOT COMPARABLE: exit 4, no verdict)
run_cmp "fixture: 10.x vs 11.x of one model" 4 v10=$T11/v10/model.engine v11=$T11/v11/model.engine --max-regress 10 -o "$TMP/t11.html"
for k in "CUDA Graph: Disabled (TensorRT 10 default) -> Enabled (TensorRT 11 default)" \
         "Spin-wait: Disabled (TensorRT 10 default) -> Enabled (TensorRT 11 default)" \
         "Data transfers: Enabled (TensorRT 10 default) -> Disabled (TensorRT 11 default)" \
         "Separate profiling: Disabled (TensorRT 10 default) -> Enabled (TensorRT 11 default)"; do
  if grep -qF "TensorRT 11 default, not an option difference: trtexec option $k" "$TMP/out.txt"; then
    ok "10.x vs 11.x: ${k%%:*} is a TensorRT 11 default"
  else fail "10.x vs 11.x: ${k%%:*} not reported as a TensorRT 11 default"; sed 's/^/    /' "$TMP/out.txt"; fi
done
if grep -q "not comparable: trtexec option" "$TMP/out.txt" "$TMP/out.md" "$TMP/out.xml" ||
   grep -q "differ in trtexec option" "$TMP/out.err"; then
  fail "10.x vs 11.x: a default reported as an option that makes the engines not comparable"
else ok "10.x vs 11.x: no default reported as an option difference"; fi
grep -q "not comparable: TensorRT version: 10.16.1 -> 11.0.0" "$TMP/out.txt" && ok "10.x vs 11.x: the version itself still differs" ||
  fail "10.x vs 11.x: the version difference is gone"
if "$PY" -c '
import json,sys
d=json.load(open(sys.argv[1])); e=d["engines"][1]
assert [x["what"] for x in e["comparability"]]==["TensorRT version"], e["comparability"]
w=[(x["what"],x["engine"]) for x in e["version_defaults"]]
assert w==[("trtexec option CUDA Graph","Enabled (TensorRT 11 default)"),("trtexec option Spin-wait","Enabled (TensorRT 11 default)"),
           ("trtexec option Data transfers","Disabled (TensorRT 11 default)"),("trtexec option Separate profiling","Enabled (TensorRT 11 default)")], w
assert "version_defaults" not in d["engines"][0]
' "$TMP/out.json"; then ok "10.x vs 11.x: JSON version_defaults"; else fail "10.x vs 11.x: JSON version_defaults"; fi
grep -q "TensorRT 11 defaults, not option differences" "$TMP/out.md" && ok "10.x vs 11.x: Markdown lists the defaults" ||
  fail "10.x vs 11.x: Markdown lacks the defaults"
if grep -q "CUDA Graph (TensorRT 11 default, not an option difference)" "$TMP/t11.html" &&
   grep -q "Enabled (TensorRT 11 default)" "$TMP/t11.html"; then ok "10.x vs 11.x: HTML tables name the defaults"
else fail "10.x vs 11.x: HTML tables lack the defaults"; fi

# hostile display names
run_cmp "hostile names" 4 'b<a>"se&|`x=tests/fixtures/compare/base/model.engine' \
  "c'<testcase>|*_=tests/fixtures/compare/renamed/model.engine" --max-regress 0
if [ ! -s "$TMP/out.md" ] || grep -q '<testcase>|' "$TMP/out.md" || grep -q "c'<testcase>" "$TMP/out.xml" ||
   grep -q 'b<a>' "$TMP/out.md" "$TMP/out.xml"; then
  fail "hostile names: raw markup passed through"
else
  ok "hostile names: escaped in Markdown and XML"
fi

# usage errors
"$EC_BIN" compare $FX/base/model.engine > /dev/null 2>&1; rc=$?
[ $rc -eq 2 ] && ok "one engine: usage error 2" || fail "one engine: exit $rc, want 2"
"$EC_BIN" compare $FX/base/model.engine $FX/renamed/model.engine --metric fastest > /dev/null 2>&1; rc=$?
[ $rc -eq 2 ] && ok "unknown metric: usage error 2" || fail "unknown metric: exit $rc, want 2"
"$EC_BIN" compare $FX/base/model.engine $FX/renamed/model.engine --baseline nope > /dev/null 2>&1; rc=$?
[ $rc -eq 2 ] && ok "unknown baseline: usage error 2" || fail "unknown baseline: exit $rc, want 2"
"$EC_BIN" compare $FX/base/model.engine "$TMP/missing" > /dev/null 2>&1; rc=$?
[ $rc -eq 2 ] && ok "missing engine: I/O error 2" || fail "missing engine: exit $rc, want 2"
"$EC_BIN" compare $FX/base/model.engine $FX/renamed/model.engine --noise-k 3 > /dev/null 2> "$TMP/nk.err"; rc=$?
[ $rc -eq 2 ] && grep -q -- '--confidence' "$TMP/nk.err" && ok "--noise-k: usage error naming --confidence" || fail "--noise-k: exit $rc"
for v in 0.99 100 abc; do
  "$EC_BIN" compare $FX/base/model.engine $FX/renamed/model.engine --confidence $v > /dev/null 2>&1; rc=$?
  [ $rc -eq 2 ] && ok "--confidence $v: usage error 2" || fail "--confidence $v: exit $rc, want 2"
done

# reproducible: the same run twice gives identical bytes
"$EC_BIN" compare $FX/base/model.engine $FX/renamed/model.engine --max-regress 5 --json "$TMP/r1.json" --junit "$TMP/r1.xml" --markdown "$TMP/r1.md" > /dev/null 2>&1
"$EC_BIN" compare $FX/base/model.engine $FX/renamed/model.engine --max-regress 5 --json "$TMP/r2.json" --junit "$TMP/r2.xml" --markdown "$TMP/r2.md" > /dev/null 2>&1
if cmp -s "$TMP/r1.json" "$TMP/r2.json" && cmp -s "$TMP/r1.xml" "$TMP/r2.xml" && cmp -s "$TMP/r1.md" "$TMP/r2.md"; then
  ok "outputs are byte-identical when rerun"
else
  fail "outputs differ between runs"
fi

# -- corpus (the Done-when cases) ------------------------------------------
if ! have_corpus; then
  skip "compare corpus cases: $CORPUS is absent (CI has it; run from a checkout beside shared/)"
  exit 0
fi
A=$CORPUS/trex/pytorch-resnet-A100
run_cmp "A100 fp16 baseline vs fp32, --max-regress 10" 1 fp16=$A-fp16/resnet.onnx.engine fp32=$A-fp32/resnet.onnx.engine --max-regress 10
junit_has "A100 fp16 vs fp32: failure in JUnit, a threshold verdict with the within-run interval" '<failure message="+130.9% (one run per side: run-to-run noise not measured), within run \[+130.[0-9]*, +131.[0-9]*\] (iteration noise only): past the 10% limit (a threshold'
grep -q '^fp32 .*FAIL' "$TMP/out.txt" && ok "A100 fp16 vs fp32: FAIL in the terminal table" || fail "A100 fp16 vs fp32: no FAIL row"
run_cmp "A100 fp32 baseline vs fp16, --max-regress 10" 0 fp32=$A-fp32/resnet.onnx.engine fp16=$A-fp16/resnet.onnx.engine --max-regress 10
run_cmp "A100 fp16 --baseline by name" 1 fp32=$A-fp32/resnet.onnx.engine fp16=$A-fp16/resnet.onnx.engine --max-regress 10 --baseline fp16
run_cmp "A100 fp16 against itself" 0 $A-fp16/resnet.onnx.engine $A-fp16/resnet.onnx.engine --max-regress 10
run_cmp "A100 fp16 vs qat, gpu-median passes at 5%" 0 $A-fp16 $A-qat --max-regress 5
run_cmp "A100 fp16 vs qat, layer-sum fails at 5% (metric changes the verdict)" 1 $A-fp16 $A-qat --max-regress 5 --metric layer-sum
grep -q 'single sample' "$TMP/out.err" && ok "layer-sum: single-sample profile flagged" || fail "layer-sum: count 1 not flagged"

# a stored summary as the nightly baseline
"$EC_BIN" summary --json $A-fp16/resnet.onnx.engine > "$TMP/baseline.json" 2>/dev/null
if [ $have_jsonschema = 1 ]; then
  if "$PY" -c '
import json, sys, jsonschema
s = json.load(open(sys.argv[1]))
jsonschema.validate(json.load(open(sys.argv[2])), s, cls=jsonschema.Draft202012Validator)
' tests/schema/summary.schema.json "$TMP/baseline.json"; then ok "stored summary valid against summary.schema.json"
  else fail "stored summary invalid against summary.schema.json"; fi
fi
run_cmp "stored summary baseline vs fp32" 1 "$TMP/baseline.json" $A-fp32/resnet.onnx.engine --max-regress 10
if "$PY" -c '
import json,sys
d=json.load(open(sys.argv[1])); b,e=d["engines"]
assert b["stored_summary"] and b["metric"]["source"]=="summary (timing.json)", b["metric"]
assert abs(b["metric"]["value"]-0.862183)<1e-9 and b["metric"]["cv_pct"]>0
# the stored summary keeps its layers (layers_kept): aligned by name, and said so
assert e["alignment"]["status"]=="aligned" and "layers of the stored summary" in e["alignment"]["note"], e["alignment"]["note"]
assert b["layers"] == json.load(open(sys.argv[2]))["layers"] and e["alignment"]["matched"] > 0, (b["layers"], e["alignment"]["matched"])
' "$TMP/out.json" "$TMP/baseline.json"; then ok "stored summary: same metric and spread, its kept layers aligned by name"; else fail "stored summary JSON"; fi
run_cmp "stored summary baseline vs the same engine" 0 "$TMP/baseline.json" $A-fp16/resnet.onnx.engine --max-regress 10

# comparability across GPUs and labels
"$EC_BIN" compare $A-fp16 "$CORPUS/trex/tensorflow-resnet-RTX-3090-fp16" --label driver=550 > /dev/null 2> "$TMP/c.err"
if grep -q 'differ in GPU' "$TMP/c.err" && grep -q 'differ in label driver' "$TMP/c.err" && grep -q 'differ in input shapes' "$TMP/c.err"; then
  ok "comparability: GPU, input shapes and labels warned"
else
  fail "comparability warnings missing"; head -5 "$TMP/c.err"
fi
