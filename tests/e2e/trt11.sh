# TensorRT 11 layer information (issue 23 item 1): the same engine written in
# TensorRT 11's shape (tests/gen/trt11.py: "I/O Tensors" with two
# optimisation profiles instead of "Bindings", split "Format" and
# "Datatype"/"DataType" keys, Myelin constants moved to "Constants") gives the
# same `summary --json` as its TensorRT 10 original, apart from the profile
# information it adds; both data-type spellings, and one file per spelling.
# Then the real TensorRT 11.0 engine of the corpus: bindings from its I/O
# Tensors (not the custom_layer's L2-cache buffers), its Constants counted as
# weights, no warning.
. tests/e2e/lib.sh
CONV=tests/gen/trt11.py
have_jsonschema=1
"$PY" -c 'import jsonschema' > /dev/null 2>&1 || have_jsonschema=0

# same DESC DIR PREFIX [SPELLING]: DIR/PREFIX.* with its graph converted
# (into $TMP) summarises like the original
same() {
  d=$1 dir=$2 pre=$3 sp=${4:-mixed}
  rm -rf "$TMP/o" "$TMP/n"; mkdir -p "$TMP/o" "$TMP/n"
  cp "$dir/$pre".* "$TMP/o/" && cp "$dir/$pre".* "$TMP/n/" || { fail "$d: copy"; return; }
  if ! "$PY" "$CONV" "$TMP/o/$pre.graph.json" "$TMP/n/$pre.graph.json" --spelling="$sp"; then fail "$d: convert"; return; fi
  "$EC_BIN" summary --json "$TMP/o/$pre" > "$TMP/o.json" 2> /dev/null
  "$EC_BIN" summary --json "$TMP/n/$pre" > "$TMP/n.json" 2> "$TMP/n.err"
  if "$PY" - "$TMP/o.json" "$TMP/n.json" "$TMP/n/$pre.graph.json" "$have_jsonschema" > "$TMP/e.out" 2>&1 <<'EOF'
import json, os, re, sys
a, b = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
g = json.load(open(sys.argv[3]))
if sys.argv[4] == "1":
    import jsonschema
    schema = json.load(open("tests/schema/summary.schema.json"))
    errs = list(jsonschema.Draft202012Validator(schema).iter_errors(b))
    if errs:
        sys.exit("schema: %s at %s" % (errs[0].message, list(errs[0].path)))
assert "I/O Tensors" in g and "Bindings" not in g, "not converted"
keys = set()
for l in g["Layers"]:
    for t in l.get("Inputs", []) + l.get("Outputs", []) + l.get("Constants", []):
        keys |= set(t)
assert "Format/Datatype" not in keys or "Format" in keys, keys
nconst = sum(len(l.get("Constants", [])) for l in g["Layers"])
# the profile information TensorRT 11 adds: every input's, as the file says
io = {t["Name"]: t for t in g["I/O Tensors"]}
for x in b["bindings"]:
    t = io.get(x["name"])
    assert t is not None, x["name"]
    want = [{"min": p.get("MinShape"), "opt": p.get("OptShape"), "max": p.get("MaxShape"), "format": p.get("Format")}
            for p in t["ProfileInfo"]]
    assert x["profiles"] == want, (x["name"], x["profiles"], want)
    assert len(want) == 2, want
    p0 = x["profiles"][0]
    assert (x["min_shape"], x["opt_shape"], x["max_shape"]) == (p0["min"], p0["opt"], p0["max"]), x
    assert x["is_shape_io"] is False and x["location"] == "Device", x
def norm(d):
    s = json.dumps(d, sort_keys=True)
    s = re.sub(r'"/[^"]*/([^/"]+)"', r'"\1"', s)     # file paths: their names
    s = re.sub(r'/[^ "]*/([^/ "]+):', r'\1:', s)     # paths in messages
    d = json.loads(s)
    for x in d.get("bindings", []):
        for k in ("profiles", "is_shape_io", "location", "min_shape", "opt_shape", "max_shape"):
            x.pop(k, None)
    return d
na, nb = norm(a), norm(b)
diff = [k for k in sorted(set(na) | set(nb)) if na.get(k) != nb.get(k)]
if diff:
    k = diff[0]
    sys.exit("differs in %s: %s\n  10.x: %s\n  11.x: %s" % (", ".join(diff), k, json.dumps(na.get(k))[:400], json.dumps(nb.get(k))[:400]))
print("constants moved: %d" % nconst)
EOF
  then ok "$d: 11.x shape ($sp) summarises as the 10.x original, plus two profiles per binding ($(cat "$TMP/e.out"))"
  else fail "$d"; sed 's/^/    /' "$TMP/e.out" | head -8; fi
}

if ! "$PY" -c 'import sys' 2> /dev/null; then skip "trt11: python3 is missing"; exit 0; fi
same "fixture bindings/out-read" tests/fixtures/bindings out-read
same "fixture bindings/noop-out" tests/fixtures/bindings noop-out DataType
same "fixture bindings/in-place" tests/fixtures/bindings in-place Datatype
same "fixture findings/tiny" tests/fixtures/findings/tiny tiny.engine
same "fixture findings/transformer" tests/fixtures/findings/transformer tf.engine
same "fixture findings/dynamic (with a log)" tests/fixtures/findings/dynamic dyn.engine
same "fixture numbers/myelin-a100 (Myelin constants)" tests/fixtures/numbers/myelin-a100 fx.engine
same "fixture compare/base" tests/fixtures/compare/base model.engine
if [ -x "$EC_GEN" ]; then
  mkdir -p "$TMP/g"
  for m in resnet vit transformer; do
    "$EC_GEN" --out "$TMP/g/$m" --model "$m" --precision int8 --layers 160 --iterations 20 --log > /dev/null 2>&1 ||
      { fail "enginegen $m"; continue; }
    same "enginegen $m int8" "$TMP/g" "$m"
  done
  if "$EC_GEN" --out "$TMP/g/dyn" --model hybrid --layers 150 --iterations 20 --dynamic --batch 8 > /dev/null 2>&1; then
    same "enginegen hybrid --dynamic" "$TMP/g" dyn DataType
  else fail "enginegen hybrid --dynamic"; fi
else
  skip "trt11: enginegen not built ($EC_GEN)"
fi

# a stored summary keeps the profiles, shape-tensor flag and location (and
# which profile is in use): read back, the bindings are the same
mkdir -p "$TMP/h"
cp tests/fixtures/trt11/hand.graph.json "$TMP/h/hand.graph.json"
P=' [profile 1]'
printf '[{"count": 10}, {"name": "conv%s", "timeMs": 1, "averageMs": 0.1, "medianMs": 0.1, "percentage": 50},
 {"name": "gemm%s", "timeMs": 1, "averageMs": 0.1, "medianMs": 0.1, "percentage": 50}]\n' "$P" "$P" > "$TMP/h/hand.profile.json"
printf '[{"startEnqMs": 1, "endEnqMs": 1.01, "startComputeMs": 1, "endComputeMs": 1.2, "h2dMs": 0, "computeMs": 0.2, "d2hMs": 0, "latencyMs": 0.2},
 {"startEnqMs": 2, "endEnqMs": 2.01, "startComputeMs": 2, "endComputeMs": 2.3, "h2dMs": 0, "computeMs": 0.3, "d2hMs": 0, "latencyMs": 0.3}]\n' \
  > "$TMP/h/hand.timing.json"
"$EC_BIN" summary --json -q --profile-index 1 "$TMP/h/hand" > "$TMP/h.json" 2> /dev/null
"$EC_BIN" summary --json -q "$TMP/h.json" > "$TMP/h2.json" 2> /dev/null
if "$PY" -c '
import json, sys
a = json.load(open(sys.argv[1]))["bindings"]; b = json.load(open(sys.argv[2]))["bindings"]
assert a and a == b, (a, b)
assert a[0]["min_shape"] == [16, 3, 8, 8] and a[1]["is_shape_io"] is True and a[1]["location"] == "Host", a
' "$TMP/h.json" "$TMP/h2.json"; then ok "hand-made 11.x engine: a stored summary reads back with its profiles (profile 1 in use)"
else fail "hand-made 11.x engine: stored summary read back"; fi

# the real TensorRT 11.0 engine (NVIDIA's cookbook, MNIST on a B200)
R="$CORPUS/hackathon-cn/mnist-trt11.0-b200"
if [ -d "$R" ]; then
  "$EC_BIN" summary --json "$R/model-trained-exportLayerInfo.log" > "$TMP/r.json" 2> "$TMP/r.err"
  if "$PY" - "$TMP/r.json" "$TMP/r.err" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
err = open(sys.argv[2]).read()
assert not d["warnings"] and "warning" not in err, (d["warnings"], err)
got = [(b["name"], b["direction"], b["shape"], b["datatype"], b["listed"]) for b in d["bindings"]]
assert got == [("x", "input", [1, 1, 28, 28], "FP32", True), ("y", "output", [1, 10], "FP32", True),
               ("z", "output", [1], "INT64", True)], got
x = d["bindings"][0]
assert x["profiles"] == [{"min": [1, 1, 28, 28], "opt": [1, 1, 28, 28], "max": [1, 1, 28, 28],
                          "format": "Row major linear FP32 format (kLINEAR)"}], x
assert x["min_shape"] == [1, 1, 28, 28] and x["location"] == "Device" and x["is_shape_io"] is False, x
y = d["bindings"][1]
assert y["profiles"] == [{"min": None, "opt": None, "max": None, "format": "Row major linear FP32 format (kLINEAR)"}], y
# weights: the listed Constants, each distinct tensor once, FP32: conv1 32x1x5x5 + bias 32, conv2
# 64x32x5x5 + 64, two shared scalars, fc1 3136x1024 + 1024 + alpha/beta, fc2 1024x10 + 10
w = 4 * (800 + 32 + 51200 + 64 + 2 + 3211264 + 1024 + 2 + 10240 + 10)
assert d["weights_bytes"] == w and d["weights_constant_bytes"] == w and d["weights_constant_tensors"] == 12, \
    (d["weights_bytes"], w, d["weights_constant_tensors"])
# the L2-cache buffers of the two custom_layers are neither weights nor I/O traffic
assert d["activations_bytes"] == 419236, d["activations_bytes"]
EOF
  then ok "corpus mnist-trt11.0-b200: bindings x, y, z from I/O Tensors with its profile, Constants as weights (12.5 MiB), no warning"
  else fail "corpus mnist-trt11.0-b200"; fi
  "$EC_BIN" report "$R/model-trained-exportLayerInfo.log" -o "$TMP/r.html" -q 2> /dev/null
  if grep -q 'Optimisation profiles (I/O Tensors)' "$TMP/r.html" && grep -q 'profile 0: min 1x1x28x28, opt 1x1x28x28, max 1x1x28x28' "$TMP/r.html"; then
    ok "corpus mnist-trt11.0-b200: the report's Inputs and outputs table shows the profile and location"
  else fail "corpus mnist-trt11.0-b200: report table"; fi
else
  skip "trt11: $R is absent; the real TensorRT 11.0 engine not checked"
fi
