# Kernels from Nsight Systems (docs/inputs.md, "Kernels from Nsight Systems"):
# tests/gen/nsys.py writes nsys-schema SQLite exports and nsys stats reports
# of the fixture engine tests/fixtures/nsys/myelin with every sum it expects;
# check_nsys.py compares layers --json, layers --kernels and lint --json with
# them. Then the two real exports of the corpus, bad inputs and limits, and
# that nothing changes without kernel data.
. tests/e2e/lib.sh
GRAPH=tests/fixtures/nsys/myelin/model.engine.graph.json
CHECK=tests/e2e/check_nsys.py

# run NAME DIR MODE [OPTIONS...]: the four outputs of DIR/model.engine, checked
run() {
  name=$1 dir=$2 mode=$3
  shift 3
  "$EC_BIN" layers --json "$dir/model.engine" "$@" > "$dir/l.json" 2> "$dir/l.err" &&
    "$EC_BIN" layers --kernels --json "$dir/model.engine" "$@" > "$dir/k.json" 2>/dev/null &&
    "$EC_BIN" layers --kernels --csv "$dir/model.engine" "$@" > "$dir/k.csv" 2>/dev/null &&
    "$EC_BIN" lint --json "$dir/model.engine" "$@" > "$dir/lint.json" 2>/dev/null
  rc=$?
  if [ $rc -ne 0 ]; then
    fail "nsys $name: exit $rc"; head -5 "$dir/l.err"; return
  fi
  "$PY" "$CHECK" "$mode" "$dir/expected.json" "$dir/l.json" "$dir/k.json" "$dir/k.csv" "$dir/lint.json"
}

for s in direct graph node nonvtx; do
  if ! "$PY" tests/gen/nsys.py "$GRAPH" "$TMP/$s" "$s" 2> "$TMP/gen.err"; then
    fail "nsys.py $s"; head -5 "$TMP/gen.err"; continue
  fi
  # the SQLite export beside the engine's files is found by its prefix (the stats reports too: not used)
  run "$s" "$TMP/$s" sqlite
done

# the generator: same arguments, same bytes
"$PY" tests/gen/nsys.py "$GRAPH" "$TMP/again" direct 2>/dev/null
if cmp -s "$TMP/direct/model.engine.nsys.sqlite" "$TMP/again/model.engine.nsys.sqlite" &&
   cmp -s "$TMP/direct/expected.json" "$TMP/again/expected.json"; then ok "nsys.py is deterministic"
else fail "nsys.py wrote different bytes twice"; fi

# what is said: the notes name the file and the recipe to rerun with
D=$TMP/direct
"$EC_BIN" layers -v --kernels "$D/model.engine" > /dev/null 2> "$TMP/v.err"
if grep -q "nsys stats report not used: the SQLite export .*model.engine.nsys.sqlite has every kernel" "$TMP/v.err" &&
   grep -q "matched no layer: 7 inside other NVTX ranges (first: \"preprocess\"), 5 outside every range" "$TMP/v.err"; then
  ok "nsys direct: the SQLite export wins over stats reports; unmatched kernels are counted"
else fail "nsys direct notes"; cat "$TMP/v.err"; fi
if grep -q 'warning: 5 CUDA graph launches traced as whole graphs (0.3 ms.*rerun nsys with --cuda-graph-trace=node' "$TMP/graph/l.err"; then
  ok "nsys graph: whole-graph traces are detected and the recipe named"
else fail "nsys graph: no warning"; cat "$TMP/graph/l.err"; fi
if grep -q 'warning: 4 of the 48 kernels CUDA graphs ran have no node event of the capture pass, so no layer' "$TMP/node/l.err" &&
   "$PY" -c 'import json,sys; k=json.load(open(sys.argv[1]))["kernels"]; assert (k["graph_kernels"], k["graph_kernels_attributed"]) == (48, 44), k' "$TMP/node/lint.json"; then
  ok "nsys node: replays are attributed through their graph node to the capture pass; orphans are said"
else fail "nsys node: graph attribution"; cat "$TMP/node/l.err"; fi
if grep -q 'no NVTX ranges: 45 kernel launches cannot be attributed' "$TMP/nonvtx/l.err" &&
   grep -q 'no TensorRT layer ranges' "$TMP/nonvtx/l.err"; then
  ok "nsys nonvtx: says there are no NVTX ranges"
else fail "nsys nonvtx"; cat "$TMP/nonvtx/l.err"; fi

# nsys stats reports: columns by header, several reports of one capture together
mkdir -p "$TMP/st" "$TMP/sn"
for x in graph.json profile.json timing.json; do cp "$D/model.engine.$x" "$TMP/st/"; cp "$D/model.engine.$x" "$TMP/sn/"; done
cp "$D/expected.json" "$TMP/st/"; cp "$D/expected.json" "$TMP/sn/"
run stats "$TMP/st" stats --nsys "$D/model.engine.nsys_cuda_gpu_kern_sum.csv" --nsys "$D/model.engine.nsys_nvtx_sum.csv" \
  --nsys "$D/model.engine.nsys_nvtx_kern_sum.csv"
run stats-named "$TMP/sn" stats-named --nsys "$D/model.engine.nsys_cuda_gpu_kern_sum_nvtx-name.json" \
  --nsys "$D/model.engine.nsys_nvtx_sum.csv"
# nvtx_kern_sum alone: a kernel under every enclosing range, counted once
"$EC_BIN" lint --json "$TMP/st/model.engine" --nsys "$D/model.engine.nsys_nvtx_kern_sum.csv" > "$TMP/nk.json" 2>/dev/null
if "$PY" -c '
import json,sys
k=json.load(open(sys.argv[1]))["kernels"]; e=json.load(open(sys.argv[2]))
assert (k["launches"], k["in_layers"], k["outside_ranges"]) == (e["launches"], e["in_layers"], e["outside_ranges"]), k
assert abs(k["total_ms"] - e["total_ms"]) < 1e-9 and abs(k["iteration_kernel_ms"] - e["iteration_kernel_ms"]) < 1e-9, k
' "$TMP/nk.json" "$D/expected.json"; then ok "nsys stats: nvtx_kern_sum alone counts each launch once"
else fail "nsys stats: nvtx_kern_sum alone"; head -c 600 "$TMP/nk.json"; fi

# without kernel data nothing changes: no kernels key, the same bytes as before the engine had an export
mkdir -p "$TMP/plain"
for x in graph.json profile.json timing.json; do cp "$D/model.engine.$x" "$TMP/plain/"; done
"$EC_BIN" layers --json "$TMP/plain/model.engine" > "$TMP/plain.json" 2>/dev/null
"$EC_BIN" lint --json "$TMP/plain/model.engine" > "$TMP/plain-lint.json" 2>/dev/null
if ! grep -q '"kernels"' "$TMP/plain.json" && ! grep -q '"kernels"' "$TMP/plain-lint.json" &&
   "$PY" -c '
import json,sys
a=[json.loads(l) for l in open(sys.argv[1])]; b=[json.loads(l) for l in open(sys.argv[2])]
for x in b: x.pop("kernels"); x.pop("kernel_time")
assert a == b
' "$TMP/plain.json" "$D/l.json"; then ok "nsys: without kernel data layers and lint carry no kernel keys; with it only those are added"
else fail "nsys: kernel keys without kernel data"; fi
if "$EC_BIN" layers --kernels "$TMP/plain/model.engine" > /dev/null 2> "$TMP/nok.err"; then fail "layers --kernels without kernel data exits 0"
elif grep -q -- "--kernels needs kernel data" "$TMP/nok.err"; then ok "layers --kernels without kernel data: exit $? and the option named"
else fail "layers --kernels without kernel data"; cat "$TMP/nok.err"; fi
# the report of an engine with kernel data is still made
if "$EC_BIN" report "$D/model.engine" -o "$TMP/r.html" > /dev/null 2>&1 && [ -s "$TMP/r.html" ]; then ok "nsys: report of an engine with kernel data"
else fail "nsys: report with kernel data"; fi

# bad inputs: named file, exit 2, no crash
printf 'name,value\na,1\n' > "$TMP/not.csv"
"$EC_BIN" layers "$TMP/plain/model.engine" --nsys "$TMP/not.csv" > /dev/null 2> "$TMP/bad.err"; rc=$?
if [ $rc -eq 2 ] && grep -q "not.csv:1:1: error: given as an Nsight Systems export (--nsys), but its content reads as unknown" "$TMP/bad.err"; then
  ok "nsys: --nsys with a file that is no nsys output exits 2 naming it"
else fail "nsys: --nsys not.csv exit $rc"; cat "$TMP/bad.err"; fi
"$PY" -c 'import sqlite3,sys; d=sqlite3.connect(sys.argv[1]); d.execute("create table t(x)"); d.commit()' "$TMP/other.sqlite"
"$EC_BIN" layers "$TMP/plain/model.engine" --nsys "$TMP/other.sqlite" > /dev/null 2> "$TMP/bad.err"; rc=$?
if [ $rc -eq 2 ] && grep -q "other.sqlite: error: an SQLite file, but not an Nsight Systems export" "$TMP/bad.err"; then
  ok "nsys: an SQLite file that is no nsys export exits 2"
else fail "nsys: other.sqlite exit $rc"; cat "$TMP/bad.err"; fi
head -c 8192 "$D/model.engine.nsys.sqlite" > "$TMP/cut.sqlite"
"$EC_BIN" layers "$TMP/plain/model.engine" --nsys "$TMP/cut.sqlite" > /dev/null 2> "$TMP/bad.err"; rc=$?
if [ $rc -eq 2 ] && grep -q "cut.sqlite: error: " "$TMP/bad.err"; then ok "nsys: a truncated export exits 2 with a message"
else fail "nsys: truncated export exit $rc"; cat "$TMP/bad.err"; fi
# a discovered export that cannot be read is a warning; the engine still loads
cp "$TMP/cut.sqlite" "$TMP/plain/model.engine.nsys.sqlite"
"$EC_BIN" layers "$TMP/plain/model.engine" > /dev/null 2> "$TMP/bad.err"; rc=$?
if [ $rc -eq 0 ] && grep -q "model.engine.nsys.sqlite: warning: .*this file is not used" "$TMP/bad.err"; then
  ok "nsys: a discovered export that cannot be read is a warning"
else fail "nsys: discovered bad export exit $rc"; cat "$TMP/bad.err"; fi
rm -f "$TMP/plain/model.engine.nsys.sqlite"
# the row limit is checked before reading (a view that counts past it)
"$PY" - "$TMP/big.sqlite" <<'EOF'
import sqlite3, sys
d = sqlite3.connect(sys.argv[1])
d.execute("create table StringIds (id integer primary key, value text)")
d.execute("""create view CUPTI_ACTIVITY_KIND_KERNEL as with recursive c(x) as (select 1 union all select x + 1 from c
  where x < 2000001) select x as start, x + 1 as end, 0 as deviceId, 7 as streamId, x as correlationId, 0 as globalPid,
  1 as demangledName, 1 as shortName from c""")
d.commit()
EOF
"$EC_BIN" layers "$TMP/plain/model.engine" --nsys "$TMP/big.sqlite" > /dev/null 2> "$TMP/bad.err"; rc=$?
if [ $rc -eq 2 ] && grep -q "big.sqlite: error: CUPTI_ACTIVITY_KIND_KERNEL holds 2000001: more than 2000000 kernel launches is over the limit of one input file; the file is not read" "$TMP/bad.err"; then
  ok "nsys: an export over the row limit is refused early, naming the file and the limit"
else fail "nsys: row limit exit $rc"; cat "$TMP/bad.err"; fi

# the two real exports of the corpus (not of TensorRT)
if have_corpus && [ -d "$CORPUS/nsys-pipit" ]; then
  P=$CORPUS/nsys-pipit
  "$EC_BIN" layers --kernels --json "$P/saxpy-mpi-cuda_nsys_perlmutter0.sqlite" > "$TMP/sx.json" 2> "$TMP/sx.err"; rc1=$?
  "$EC_BIN" lint --json "$P/saxpy-mpi-cuda_nsys_perlmutter0.sqlite" > "$TMP/sxl.json" 2>/dev/null
  if [ $rc1 -eq 0 ] && grep -q "no TensorRT layer ranges" "$TMP/sx.err" && "$PY" -c '
import json,sys
k=[json.loads(l) for l in open(sys.argv[1])]
assert len(k) == 1 and k[0]["launches"] == 5 and k[0]["range"] == "saxpy" and k[0]["name"].startswith("saxpy("), k
assert k[0]["gpu"] == "NVIDIA A100-SXM4-40GB", k[0]["gpu"]
l=json.load(open(sys.argv[2]))["kernels"]
assert (l["launches"], l["in_other_ranges"], l["outside_ranges"], l["nvtx_ranges"]) == (5, 5, 0, 22), l
assert l["tool"] == "NVIDIA Nsight Systems 2022.2.1.31", l["tool"]
' "$TMP/sx.json" "$TMP/sxl.json"; then ok "corpus nsys-pipit saxpy: its 5 kernels fall inside their saxpy ranges, the A100 named"
  else fail "corpus nsys-pipit saxpy (exit $rc1)"; cat "$TMP/sx.err"; head -c 400 "$TMP/sx.json"; fi
  "$EC_BIN" layers --kernels --csv "$P/perlmutter-cloverleaf-cuda.sqlite" > "$TMP/cl.csv" 2> "$TMP/cl.err"; rc=$?
  "$EC_BIN" lint --json "$P/perlmutter-cloverleaf-cuda.sqlite" > "$TMP/cll.json" 2>/dev/null
  if [ $rc -eq 0 ] && grep -q "no NVTX ranges" "$TMP/cl.err" && grep -q "no TensorRT layer ranges" "$TMP/cl.err" && "$PY" -c '
import csv,json,sys
r=list(csv.DictReader(open(sys.argv[1])))
assert sum(int(x["launches"]) for x in r) == 1312 and all(x["gpu"] == "NVIDIA A100-SXM4-80GB" for x in r), len(r)
l=json.load(open(sys.argv[2]))["kernels"]
assert (l["launches"], l["outside_ranges"], l["in_layers"]) == (1312, 1312, 0), l
assert abs(l["total_ms"] - 294.40454) < 1e-6, l["total_ms"]
' "$TMP/cl.csv" "$TMP/cll.json"; then ok "corpus nsys-pipit cloverleaf: 1,312 kernels listed without NVTX, the A100 named"
  else fail "corpus nsys-pipit cloverleaf (exit $rc)"; cat "$TMP/cl.err"; fi
  # beside an engine: no range names a layer
  "$EC_BIN" layers "$TMP/plain/model.engine" --nsys "$P/saxpy-mpi-cuda_nsys_perlmutter0.sqlite" > /dev/null 2> "$TMP/sxe.err"
  if grep -q 'no TensorRT layer ranges: none of its 22 NVTX ranges names a layer of the engine (first: "saxpy")' "$TMP/sxe.err"; then
    ok "corpus nsys-pipit saxpy beside an engine: no TensorRT layer ranges, first range named"
  else fail "corpus nsys-pipit saxpy beside an engine"; cat "$TMP/sxe.err"; fi
else
  skip "corpus nsys-pipit: $CORPUS/nsys-pipit is absent"
fi

# lint --json with kernels is valid enginecard.lint/1
if "$PY" -c 'import jsonschema' > /dev/null 2>&1; then
  if "$PY" - tests/schema/lint.schema.json "$TMP"/direct/lint.json "$TMP"/node/lint.json "$TMP"/st/lint.json <<'PY'
import json, sys, jsonschema
v = jsonschema.Draft202012Validator(json.load(open(sys.argv[1])))
for p in sys.argv[2:]:
    errs = list(v.iter_errors(json.load(open(p))))
    if errs: sys.exit("%s: %s at %s" % (p, errs[0].message, list(errs[0].path)))
PY
  then ok "nsys: lint --json with kernels is valid against lint.schema.json"
  else fail "nsys: lint --json with kernels invalid"; fi
else
  skip "python3-jsonschema is missing: lint JSON with kernels not validated"
fi
