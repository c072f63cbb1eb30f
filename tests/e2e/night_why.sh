# night_why: stored nights say why (issue 32, item 3). A nightly job keeps
# one `summary --json` per night; `compare base=NIGHTS tonight` must say what
# got slower with the same tables as engine against engine. The nights are
# made here (enginegen's engine, tests/e2e/simulate_nights.py: 1% night
# noise, fixed seeds; Convolution 25% slower tonight), never committed:
#  - summary --json keeps layers_kept (every layer of a small engine; the 100
#    slowest of a large one), valid against tests/schema/summary.schema.json;
#  - compare base=nights tonight: FAIL, and every output names Convolution as
#    what moved (terminal, JSON, Markdown, HTML, PDF); the layer table lists
#    Convolution layers; the baseline's layer count is the stored one, never 0;
#  - a summary written before layers_kept: alignment skipped with a note, its
#    layer count still the stored one;
#  - a large engine's nights keep the 100 slowest layers: the others are not
#    one-sided (counted apart), and the waterfall's numbers still close.
. tests/e2e/lib.sh
export SOURCE_DATE_EPOCH=1700000000
have_jsonschema=1
"$PY" -c 'import jsonschema' > /dev/null 2>&1 || { have_jsonschema=0; skip "python3-jsonschema is missing: summaries not validated"; }

# series NAME LAYERS TYPE SLOW: $TMP/NAME/nights/2024-05-NN.json (10 nights) and
# the engine of night 11 (TYPE SLOW times slower) at $TMP/NAME/n/night-11/m
series() {
  name=$1 layers=$2 type=$3 slow=$4
  mkdir -p "$TMP/$name/eng" "$TMP/$name/nights"
  $EC_GEN --out "$TMP/$name/eng/m" --layers "$layers" --iterations 3000 --ar 0.9 --levels 300:0.5 --seed 5 > /dev/null 2>&1
  "$EC_BIN" layers --json "$TMP/$name/eng/m" > "$TMP/$name/layers" 2> /dev/null
  "$PY" tests/e2e/simulate_nights.py "$TMP/$name/eng" "$TMP/$name/layers" "$TMP/$name/n" 11 --noise 0.01 --seed 4 \
    --type "$type" --slow "$slow" --from 11 > /dev/null || fail "$name: simulate_nights.py"
  for i in 01 02 03 04 05 06 07 08 09 10; do
    "$EC_BIN" summary --json --label night=2024-05-$i "$TMP/$name/n/night-$i/m" > "$TMP/$name/nights/2024-05-$i.json" 2> /dev/null
  done
}
series small 25 Convolution 1.25
s=$TMP/small/nights/2024-05-01.json
if [ $have_jsonschema = 1 ]; then
  check "a stored night is valid against summary.schema.json (with layers_kept)" "$PY" -c '
import json, sys, jsonschema
jsonschema.validate(json.load(open(sys.argv[1])), json.load(open("tests/schema/summary.schema.json")), cls=jsonschema.Draft202012Validator)' "$s"
fi
"$PY" - "$s" <<'EOF' && ok "summary --json keeps every layer of a small engine (name, type, precision, time)" || fail "layers_kept of a small engine"
import json, sys
d = json.load(open(sys.argv[1]))
k = d["layers_kept"]
assert k["complete"] and len(k["name"]) == d["layers"] == len(k["type"]) == len(k["precision"]) == len(k["latency_ms"]), (k["complete"], d["layers"])
assert "Convolution" in k["type"] and all(x is None or x > 0 for x in k["latency_ms"])
EOF

out=$TMP/small/o
"$EC_BIN" compare base="$TMP/small/nights" tonight="$TMP/small/n/night-11/m" --max-regress 5 --json "$out.json" \
  --markdown "$out.md" -o "$out.html" --pdf "$out.pdf" > "$out.txt" 2> "$out.err"
rc=$?
[ $rc = 1 ] && ok "base=10 nights vs tonight (Convolution 25% slower): FAIL" || { fail "nights vs tonight: exit $rc"; sed 's/^/    /' "$out.txt" | head -12; }
pdftotext -layout "$out.pdf" "$out.pdf.txt" 2> /dev/null
grep -q '^  what moved, by layer type: Convolution +[0-9.]* ms (+2[3-7]\.[0-9]%)$' "$out.txt" &&
  ok "terminal: what moved, by layer type, names Convolution alone (+25%)" || fail "terminal: $(grep 'what moved' "$out.txt")"
grep -q 'What moved, by layer type: Convolution +' "$out.md" && ok "Markdown: what moved names Convolution" || fail "Markdown: no what-moved line"
grep -q 'What moved in tonight, by layer type: Convolution +' "$out.html" && grep -q 'Convolution' "$out.pdf.txt" &&
  ok "HTML and PDF: what moved names Convolution" || fail "HTML/PDF: no what-moved sentence"
"$PY" - "$out.json" "$s" <<'EOF' && ok "JSON: aligned on the stored layers, Convolution's layers listed, the stored layer count (not 0)" || fail "JSON of nights vs tonight"
import json, sys
d = json.load(open(sys.argv[1]))
stored = json.load(open(sys.argv[2]))
b, e = d["engines"]
assert b["stored_summary"] and b["layers"] == stored["layers"] > 0, (b["layers"], stored["layers"])
assert e["alignment"]["status"] == "aligned" and "layers of the stored summary" in e["alignment"]["note"], e["alignment"]
assert e["alignment"]["baseline_only"] == 0 and e["alignment"]["engine_only"] == 0
assert e["waterfall"]["moved"].startswith("Convolution +"), e["waterfall"]["moved"]
assert e["layer_regressions"] and all(x["type"] == "Convolution" for x in e["layer_regressions"][:5])
assert d["outcome"] == "fail" and d["passed"] is False
EOF
grep -q '<td[^>]*>Layers</td>' "$out.html" && ! grep -q 'no engine could be aligned' "$out.html" &&
  ok "HTML: the layer tables are filled (no 'no engine could be aligned')" || fail "HTML: layer tables"

# tonight as a stored summary too: the same explanation
"$EC_BIN" summary --json "$TMP/small/n/night-11/m" > "$TMP/small/tonight.json" 2> /dev/null
"$EC_BIN" compare base="$TMP/small/nights" tonight="$TMP/small/tonight.json" --max-regress 5 > "$out.2.txt" 2>&1
grep -q 'what moved, by layer type: Convolution +' "$out.2.txt" && ok "stored nights vs a stored tonight: Convolution named" ||
  fail "stored tonight: $(grep -c moved "$out.2.txt")"

# a summary written before layers_kept: no alignment, said why, and its layer count kept
mkdir -p "$TMP/old"
for f in "$TMP/small/nights"/*.json; do
  "$PY" -c 'import json,sys; d=json.load(open(sys.argv[1])); d.pop("layers_kept"); json.dump(d, open(sys.argv[2], "w"))' "$f" "$TMP/old/${f##*/}"
done
"$EC_BIN" compare base="$TMP/old" tonight="$TMP/small/n/night-11/m" --max-regress 5 --json "$out.3.json" > /dev/null 2>&1
"$PY" - "$out.3.json" <<'EOF' && ok "an old summary: alignment skipped with the reason, its layer count kept (not 0)" || fail "old summary"
import json, sys
d = json.load(open(sys.argv[1]))
b, e = d["engines"]
assert b["layers"] and b["layers"] > 0, b["layers"]
assert e["alignment"]["status"] == "skipped" and "written before layers_kept" in e["alignment"]["note"], e["alignment"]["note"]
EOF

# a large engine: its nights keep the 100 slowest layers
series big 300 Convolution 1.2
"$PY" - "$TMP/big/nights/2024-05-01.json" <<'EOF' && ok "a large engine's summary keeps its 100 slowest layers (complete: false)" || fail "layers_kept of a large engine"
import json, sys
d = json.load(open(sys.argv[1]))
k = d["layers_kept"]
assert not k["complete"] and len(k["name"]) == 100 and d["layers"] > 100, (k["complete"], len(k["name"]), d["layers"])
EOF
"$EC_BIN" compare base="$TMP/big/nights" tonight="$TMP/big/n/night-11/m" --max-regress 5 --json "$out.4.json" > "$out.4.txt" 2>&1
"$PY" - "$out.4.json" <<'EOF' && ok "a large engine: unkept layers are not one-sided, the waterfall closes, Convolution moved" || { fail "large engine"; grep -E 'layers|moved' "$out.4.txt" | head -5; }
import json, sys
d = json.load(open(sys.argv[1]))
b, e = d["engines"]
al, w = e["alignment"], e["waterfall"]
assert "the 100 slowest of its" in al["note"], al["note"]
assert al["engine_only"] == 0 and al["matched"] == 100, (al["engine_only"], al["matched"])
run = w["baseline_total_ms"] - w["baseline_only_ms"] + w["engine_only_ms"] + w["half_profiled_ms"] + sum(t["delta_ms"] for t in w["by_type"])
assert abs(run - w["engine_total_ms"]) < 1e-9 * w["engine_total_ms"], (run, w["engine_total_ms"])
assert w["moved"] and "Convolution +" in w["moved"], w["moved"]
EOF
