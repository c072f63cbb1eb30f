# bindings: the engine's inputs and outputs are one list that summary --json,
# the report's "Inputs and outputs" table and the engine graph all show, with
# the direction from who writes the tensor. One fixture per class
# (tests/fixtures/bindings/, see its README): an output a later layer also
# reads, outputs written by NoOps, an input several layers read, a graph
# without "Bindings"; and in-place layers (a tensor read and written by one
# layer), which lint notes and the graph draws without a self-loop. Corpus
# engines whose outputs NoOps write, one without a Bindings list, one with
# names only.
. tests/e2e/lib.sh
FX=tests/fixtures/bindings
have_jsonschema=1
"$PY" -c 'import jsonschema' > /dev/null 2>&1 || have_jsonschema=0
[ $have_jsonschema = 1 ] || skip "python3-jsonschema is missing (see tests/deps.sh): summary JSON not validated against its schema"

# expect DESC ENGINE 'name:direction:shape ...': summary --json lists exactly
# these bindings (shape as 1x3x8x8, - for null, direction - for null) and is
# valid against the schema
expect() {
  d=$1 eng=$2 want=$3
  if ! "$EC_BIN" summary --json -q "$eng" > "$TMP/s.json" 2> "$TMP/s.err"; then fail "$d: summary --json failed"; head -3 "$TMP/s.err"; return; fi
  if "$PY" - "$TMP/s.json" "$want" "$have_jsonschema" > "$TMP/e.out" 2>&1 <<'EOF'
import json, sys
doc = json.load(open(sys.argv[1]))
if sys.argv[3] == "1":
    import jsonschema
    schema = json.load(open("tests/schema/summary.schema.json"))
    errs = list(jsonschema.Draft202012Validator(schema).iter_errors(doc))
    if errs:
        sys.exit("schema: %s at %s" % (errs[0].message, list(errs[0].path)))
def fmt(b):
    shape = "-" if b["shape"] is None else "x".join(str(x) for x in b["shape"])
    return "%s:%s:%s" % (b["name"], b["direction"] or "-", shape)
got = " ".join(fmt(b) for b in doc.get("bindings", []))
if got != sys.argv[2]:
    sys.exit("bindings %r, want %r" % (got, sys.argv[2]))
EOF
  then ok "$d: summary --json bindings $want"
  else fail "$d"; sed 's/^/    /' "$TMP/e.out" | head -5; fi
}

# iotable DESC ENGINE 'name:direction ...': the report's Inputs and outputs rows
iotable() {
  d=$1 eng=$2 want=$3
  "$EC_BIN" report "$eng" -o "$TMP/r.html" -q 2> /dev/null
  if "$PY" - "$TMP/r.html" "$want" > "$TMP/e.out" 2>&1 <<'EOF'
import html, re, sys
s = open(sys.argv[1]).read()
i = s.find(">Inputs and outputs<")
t = s[i:s.find("</table>", i)] if i >= 0 else ""
rows = []
for tr in re.findall(r"<tr>(.*?)</tr>", t, re.S)[1:]:
    cells = [html.unescape(re.sub(r"<[^>]+>", "", c)).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", tr, re.S)]
    if cells:
        rows.append("%s:%s" % (cells[0], cells[1]))
if " ".join(rows) != sys.argv[2]:
    sys.exit("rows %r, want %r" % (" ".join(rows), sys.argv[2]))
EOF
  then ok "$d: report Inputs and outputs rows $want"
  else fail "$d"; sed 's/^/    /' "$TMP/e.out" | head -5; fi
}

# edges DESC ENGINE 'from>to; ...': the DOT of `enginecard graph` has these
# edges among its nodes (named "input:x", "output:y" or the layer name, from
# the tooltips), and no self-loop
edges() {
  d=$1 eng=$2 want=$3
  if ! "$EC_BIN" graph "$eng" -o "$TMP/g.dot" -q 2> "$TMP/g.err"; then fail "$d: graph failed"; head -3 "$TMP/g.err"; return; fi
  if "$PY" - "$TMP/g.dot" "$want" > "$TMP/e.out" 2>&1 <<'EOF'
import re, sys
node, edges = {}, set()
for line in open(sys.argv[1]):
    m = re.match(r'\s+(n\d+) \[.*? tooltip="((input|output) binding: )?(.*?)(\\n|")', line)
    if m:
        node[m.group(1)] = "%s:%s" % (m.group(3), m.group(4)) if m.group(3) else m.group(4)
        continue
    m = re.match(r'\s+(n\d+) -> (n\d+) ', line)
    if m:
        if m.group(1) == m.group(2):
            sys.exit("self-loop on %s" % m.group(1))
        edges.add((m.group(1), m.group(2)))
named = {"%s>%s" % (node.get(a, a), node.get(b, b)) for a, b in edges}
missing = [e.strip() for e in sys.argv[2].split(";") if e.strip() not in named]
if missing:
    sys.exit("missing edges %s; have %s" % (missing, sorted(named)))
EOF
  then ok "$d: graph edges $want"
  else fail "$d"; sed 's/^/    /' "$TMP/e.out" | head -5; fi
}

# (a) an output binding also read by a later layer
expect "output read by a later layer" $FX/out-read.graph.json "x:input:1x3x8x8 logits:output:1x10x1x1 boxes:output:1x4"
iotable "output read by a later layer" $FX/out-read.graph.json "x:input logits:output boxes:output"
edges "output read by a later layer" $FX/out-read.graph.json \
  "input:x>head; head>output:logits; head>Reformatting CopyNode for Input Tensor 0 to post; post>output:boxes"
"$EC_BIN" lint $FX/out-read.graph.json --json -q > "$TMP/l.json"
if "$PY" - "$TMP/l.json" <<'EOF'
import json, sys
f = [x for x in json.load(open(sys.argv[1]))["findings"] if x["rule"] == "reformat-type-conversion"]
assert len(f) == 1 and f[0]["severity"] == "warning" and "binding" not in f[0]["message"], f
EOF
then ok "output read by a later layer: lint does not call the Reformat reading it an input-binding conversion"
else fail "output read by a later layer: lint calls the Reformat an engine-binding conversion"; fi
# (b) outputs written by NoOps: one NoOp whose input another layer reads, and a chain of two
expect "outputs written by NoOps" $FX/noop-out.graph.json "x:input:1x3x8x8 out:output:1x10x1x1 y:output:1x4x1x1"
iotable "outputs written by NoOps" $FX/noop-out.graph.json "x:input out:output y:output"
edges "outputs written by NoOps" $FX/noop-out.graph.json "head>output:out; head>side; side>tail; tail>output:y"
# (c) an input binding several layers read
expect "input read by several layers" $FX/in-multi.graph.json "x:input:2x16 y:output:2x16"
iotable "input read by several layers" $FX/in-multi.graph.json "x:input y:output"
edges "input read by several layers" $FX/in-multi.graph.json "input:x>a; input:x>b; input:x>c; c>output:y"
# (d) no "Bindings" key: inferred, the Myelin constant input is not a binding
expect "no Bindings list" $FX/no-bindings.graph.json "x:input:-1x16 logits:output:-1x32"
iotable "no Bindings list" $FX/no-bindings.graph.json "x:input (inferred) logits:output (inferred)"
edges "no Bindings list" $FX/no-bindings.graph.json "input:x>a; a>/fc/Gemm_myl0_1; /fc/Gemm_myl0_1>output:logits"

# in-place layers: lint notes them (info), --fail-on error passes, no false
# cycle; the graph orders the writers and draws no self-loop (DOT, SVG, PDF)
IP=$FX/in-place.graph.json
"$EC_BIN" lint "$IP" --json --fail-on error -q > "$TMP/l.json"; rc=$?
if [ $rc -eq 0 ] && "$PY" - "$TMP/l.json" <<'EOF'
import json, sys
f = json.load(open(sys.argv[1]))["findings"]
loops = [x for x in f if x["rule"] == "graph-self-loop"]
assert len(loops) == 1 and loops[0]["severity"] == "info" and "in place" in loops[0]["message"], loops
assert not [x for x in f if x["severity"] == "error"], f
EOF
then ok "in-place layer: lint --fail-on error exits 0; graph-self-loop is info (an in-place update); no graph-cycle"
else fail "in-place layer: lint exit $rc"; grep -o '"rule": "graph-[a-z-]*", "severity": "[a-z]*"' "$TMP/l.json" | head; fi
edges "in-place layer" $IP "input:x>proj; proj>upd; proj>__myl_ScatNd_myl0_2; upd>__myl_ScatNd_myl0_2; __myl_ScatNd_myl0_2>read; read>output:y"
if "$EC_BIN" graph "$IP" -o "$TMP/ip.svg" -q && xmllint --noout "$TMP/ip.svg" 2> /dev/null &&
   [ "$(grep -c 'class="edge"' "$TMP/ip.svg")" -eq "$(grep -c '^  n[0-9]* -> n[0-9]* ' "$TMP/g.dot")" ] &&
   "$EC_BIN" graph "$IP" -o "$TMP/ip.pdf" -q && pdfinfo "$TMP/ip.pdf" > /dev/null 2>&1; then
  ok "in-place layer: SVG has the DOT's edges (no self-loop added), PDF valid"
else fail "in-place layer: SVG/PDF graph"; fi

# corpus: outputs that NoOps write (TensorRT 8.4: Gemm_48 -> NoOp copy ->
# NoOp reshape -> 191; Torch-TensorRT 10.1 squeeze) are outputs with the
# shape of the tensor that bears their name (after the reshape: 32x1000, not
# the producer's 32x1000x1x1), drawn as outputs fed by the producer
if have_corpus; then
  expect "corpus trex/pytorch-resnet-A100-fp32 (NoOp output)" "$CORPUS/trex/pytorch-resnet-A100-fp32" \
    "input.1:input:32x3x224x224 191:output:32x1000"
  edges "corpus trex/pytorch-resnet-A100-fp32 (NoOp output)" "$CORPUS/trex/pytorch-resnet-A100-fp32" \
    "Gemm_48>output:191"
  expect "corpus fuzzylabs/jetson-torchtrt-mobilenet_v2 (NoOp output)" "$CORPUS/fuzzylabs/jetson-torchtrt-mobilenet_v2" \
    "x:input:1x3x224x224 output0:output:1x1000"
  expect "corpus trex/mobilenet.qat (NoOp output)" "$CORPUS/trex/mobilenet.qat" "input1:input:1x3x224x224 1179:output:1x1000"
  # a log's "Created input/output binding for X with dimensions D" names the
  # bindings when the layer information has none (not a TopK side output a
  # verbose listing shows unread), and its shape wins over one that cannot be
  # the tensor; a dynamic (-1) shape that agrees with the run stays
  expect "corpus segformer-b2-fp32-a10 (log's created bindings)" "$CORPUS/segformer-hackathon/segformer-b2-fp32-a10" \
    "input:input:-1x3x1024x1024 output:output:1x-1x1024x1024"
  # (the folder holds two engines, model-FP16.plan and model-FP32.plan: one is named)
  expect "corpus mnist-trt8.0.3 (log's created bindings)" "$CORPUS/hackathon-cn/mnist-trt8.0.3-gtx1070/model-FP32.plan" \
    "x:0:input:-1x1x28x28 z:0:output:4"
  # no Bindings list (per-layer dumps): inferred
  expect "corpus i-vit-srtp/simple-mlp-int8 (no Bindings list)" "$CORPUS/i-vit-srtp/simple-mlp-int8" \
    "input:input:-1x16 logits:output:-1x32"
  # names only: listed, direction and shape unknown (null), never guessed
  expect "corpus detr-logs/detr-resnet50-int8 (names only)" "$CORPUS/detr-logs/detr-resnet50-int8" \
    "image:-:- boxes:-:- logits:-:- classes:-:-"
  # profile shapes from the build log's "Input build shape (profile 0)" (the
  # folder's engine model-trained.trt: the build that saved it and the runs that load it)
  "$EC_BIN" summary --json -q "$CORPUS/hackathon-cn/mnist-trt10.16.1-h100pcie/model-trained.trt" > "$TMP/m.json" 2> /dev/null
  if "$PY" -c '
import json, sys
b = json.load(open(sys.argv[1]))["bindings"]
x = [v for v in b if v["name"] == "x"][0]
assert (x["min_shape"], x["opt_shape"], x["max_shape"]) == ([1, 1, 28, 28], [4, 1, 28, 28], [16, 1, 28, 28]), x
assert all(v["min_shape"] is None for v in b if v["direction"] == "output"), b
' "$TMP/m.json"; then ok "corpus mnist-trt10.16.1: min/opt/max shapes of input x from the build log"
  else fail "corpus mnist-trt10.16.1: profile shapes"; fi
else
  skip "bindings: ../shared/corpus is absent; corpus engines not checked"
fi

# a stored summary keeps the bindings: reading it back gives the same list
# (before, a stored baseline had none, so compare could not check input shapes)
"$EC_BIN" summary --json -q examples/hybrid-fp16-h100/hybrid.onnx.engine > "$TMP/stored.json" 2> /dev/null
"$EC_BIN" summary --json -q "$TMP/stored.json" > "$TMP/again.json" 2> /dev/null
if "$PY" -c '
import json, sys
a = json.load(open(sys.argv[1]))["bindings"]; b = json.load(open(sys.argv[2]))["bindings"]
assert a and a == b, (a, b)
' "$TMP/stored.json" "$TMP/again.json"; then ok "stored summary: bindings read back unchanged"
else fail "stored summary: bindings not read back"; fi
