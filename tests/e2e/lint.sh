# lint: `enginecard lint` end to end. --json valid against
# tests/schema/lint.schema.json for every example and corpus engine (and never
# exit 1 without --fail-on), --fail-on exit codes with the output still
# written, the text table, a graph with a cycle, an in-place layer and a
# hostile layer name, and
# the Lint section of the report.
. tests/e2e/lib.sh
SCHEMA=tests/schema/lint.schema.json
have_jsonschema=1
"$PY" -c 'import jsonschema' > /dev/null 2>&1 || have_jsonschema=0
[ $have_jsonschema = 1 ] || skip "python3-jsonschema is missing (see tests/deps.sh): lint JSON not validated against its schema"

# validate DESC FILE...: every FILE against the schema (one python run)
validate() {
  d=$1; shift
  [ $have_jsonschema = 1 ] || return 0
  if "$PY" - "$SCHEMA" "$@" > "$TMP/j.err" 2>&1 <<'EOF'
import json, sys, jsonschema
schema = json.load(open(sys.argv[1]))
jsonschema.Draft202012Validator.check_schema(schema)
v = jsonschema.Draft202012Validator(schema)
for path in sys.argv[2:]:
    doc = json.load(open(path))
    errs = sorted(v.iter_errors(doc), key=lambda e: list(e.path))
    if errs:
        sys.exit("%s: %s at %s" % (path, errs[0].message, list(errs[0].path)))
    f = doc["findings"]
    # ranked: share descending, null last
    shares = [x["latency_share_pct"] for x in f]
    known = [s for s in shares if s is not None]
    assert known == sorted(known, reverse=True), path + ": not ranked by share"
    assert all(s is None for s in shares[len(known):]), path + ": a null share before a known one"
    c = doc["counts"]
    assert c["error"] + c["warning"] + c["info"] == len(f), path + ": counts"
print(len(sys.argv) - 2)
EOF
  then ok "$d: $(cat "$TMP/j.err") documents valid against lint.schema.json, ranked, counts add up"
  else fail "$d: invalid"; head -5 "$TMP/j.err"; fi
}

# every example and corpus engine: --json, no crash, never 1 without --fail-on
n=0; bad=0; files=""
# (a corpus folder of several engines' files: each engine it names)
for d in examples/*/ $(have_corpus && corpus_engines); do
  d=${d%/}
  n=$((n + 1))
  "$EC_BIN" lint "$d" --json -q > "$TMP/l$n.json" 2> "$TMP/l$n.err"; rc=$?
  if [ $rc -eq 0 ]; then files="$files $TMP/l$n.json"
  elif [ $rc -eq 3 ] && [ ! -s "$TMP/l$n.json" ]; then : # no usable data: nothing to lint
  else bad=$((bad + 1)); echo "    $d: exit $rc"; head -3 "$TMP/l$n.err"; fi
done
if [ $bad -eq 0 ]; then ok "lint --json: $n engines, exit 0 (or 3 without data), no crash"; else fail "lint --json: $bad of $n engines failed"; fi
# shellcheck disable=SC2086
validate "lint --json" $files
have_corpus || skip "lint: ../shared/corpus is absent; only the examples were linted"

# the findings fixtures (tests/fixtures/findings): valid JSON with the finding each is for
ffiles=""
for f in transformer:attention-unfused tiny:tiny-kernels aux:aux-streams dynamic:dynamic-shapes names:qkv-unfused; do
  d=${f%%:*}; rule=${f#*:}
  "$EC_BIN" lint "tests/fixtures/findings/$d" --json -q > "$TMP/f-$d.json" 2> /dev/null
  if grep -q "\"rule\": \"$rule\"" "$TMP/f-$d.json"; then ok "lint --json findings/$d: $rule"
  else fail "lint --json findings/$d: no $rule finding"; fi
  ffiles="$ffiles $TMP/f-$d.json"
done
# shellcheck disable=SC2086
validate "lint --json findings fixtures" $ffiles

# --fail-on on TREx's mobilenet.qat (warnings, no errors)
if have_corpus; then
  M="$CORPUS/trex/mobilenet.qat"
  "$EC_BIN" lint "$M" --json --fail-on warning -q > "$TMP/w.json"; rc=$?
  if [ $rc -eq 1 ] && [ -s "$TMP/w.json" ] && grep -q '"failed": true' "$TMP/w.json"; then
    ok "lint --fail-on warning: exit 1, JSON still written, failed=true"
  else fail "lint --fail-on warning: exit $rc"; fi
  "$EC_BIN" lint "$M" --fail-on error -q > "$TMP/e.txt"; rc=$?
  if [ $rc -eq 0 ] && grep -q 'conv-no-tensor-cores' "$TMP/e.txt"; then ok "lint --fail-on error: exit 0 without errors, table printed"
  else fail "lint --fail-on error: exit $rc"; fi
  validate "lint --fail-on" "$TMP/w.json"
  # text: summary line, header, TREx's rules and the ranking by share
  if grep -q '^62 findings: 0 errors, 25 warnings, 37 info$' "$TMP/e.txt" &&
     grep -q '^try first (the most each could save, scaled to the end-to-end time): tiny-kernels up to .*; together up to 0.1068 ms (each layer counted once)$' "$TMP/e.txt" &&
     grep -q '^Savings are scaled to the end-to-end time: the per-layer latencies add up to 0.4704 ms, 1.34× the GPU compute time median of 0.3513 ms (timing.json)' "$TMP/e.txt" &&
     grep -q '^severity rule  *found  *share%  *likely_ms  *up_to_ms  what$' "$TMP/e.txt" &&
     grep -q '^ *next: Move Q/DQ nodes' "$TMP/e.txt" && grep -q '^checked, nothing found' "$TMP/e.txt" &&
     grep -q 'reformat-type-conversion' "$TMP/e.txt" && grep -q 'conv-int8-float-output' "$TMP/e.txt"; then
    ok "lint text: counts line, what to try first, header, TREx's rules, next steps"
  else fail "lint text: unexpected output"; head -8 "$TMP/e.txt"; fi
  "$EC_BIN" lint "$M" -v > "$TMP/v.txt" 2> /dev/null
  if grep -q '^ *mitigation: Consider adding quantization around float operations' "$TMP/v.txt"; then
    ok "lint -v: mitigations shown, including the one TREx never showed"
  else fail "lint -v: no mitigation lines"; fi
fi

# likely savings beside "up to" (issue 27): an FP32 island's Reformats, a
# hotspot at its neighbours' efficiency; null (never 0) without a basis;
# likely <= up to <= the named layers' time, per finding, group and together
if have_corpus; then
  for d in pytorch-resnet-A100-qat pytorch-resnet-A100-fp16; do
    "$EC_BIN" lint "$CORPUS/trex/$d" --json -q > "$TMP/lk-$d.json" 2> /dev/null
  done
  if "$PY" - "$TMP/lk-pytorch-resnet-A100-qat.json" "$TMP/lk-pytorch-resnet-A100-fp16.json" <<'EOF'
import json, sys
qat, fp16 = (json.load(open(p)) for p in sys.argv[1:3])
def by(d, rule): return [x for x in d["findings"] if x["rule"] == rule]
isl = by(qat, "fp32-island")[0]
# the Reformats' time, scaled to the end-to-end time (the layers sum to more: lint.h ec_findings)
assert isl["likely_basis"] == "reformats-removed" and abs(isl["likely_ms"] - 0.064512 * qat["savings"]["factor"]) < 1e-6, isl
assert qat["savings"]["scaled"] and 0 < qat["savings"]["factor"] < 1, qat["savings"]
assert "Reformats removed" in isl["likely_why"], isl["likely_why"]
assert by(qat, "data-movement")[0]["likely_ms"] is None        # its mitigation does not remove them for sure
assert by(qat, "hotspot")[0]["likely_ms"] is None              # zero basis: no FLOP rate to compare
hot = by(fp16, "hotspot")[0]
assert hot["likely_basis"] == "neighbour-efficiency" and "TFLOP/s" in hot["likely_why"], hot
for d in (qat, fp16):
    for x in d["findings"]:
        assert (x["likely_ms"] is None) == (x["likely_basis"] is None) == (x["likely_why"] is None), x
        if x["likely_ms"] is not None:
            assert x["gain_ms_max"] is not None and 0 <= x["likely_ms"] <= x["gain_ms_max"] + 1e-12, x
    for g in d["groups"]:
        if g["likely_ms"] is not None:
            assert g["likely_ms"] <= g["gain_ms_max"] + 1e-12 <= g["latency_ms"] + 2e-12, g
    t, tl = d["top_by_gain_together_ms"], d["top_by_gain_together_likely_ms"]
    assert tl is None or tl <= t + 1e-12, (t, tl)
# the QAT engine's top three: two without a basis, so no likely total
assert qat["top_by_gain_together_likely_ms"] is None
EOF
  then ok "lint --json: likely_ms with its basis (island Reformats, hotspot neighbours), null without one, never above up to"
  else fail "lint --json: likely savings"; fi
  "$EC_BIN" lint "$CORPUS/trex/pytorch-resnet-A100-qat" -q > "$TMP/lk.txt" 2> /dev/null
  if grep -q 'fp32-island likely ~0.052 ms · up to 0.1287 ms; together up to 0.4636 ms' "$TMP/lk.txt" &&
     grep -q '^ *likely ~0.052 ms: its Reformats removed' "$TMP/lk.txt"; then
    ok "lint text: likely ~X · up to Y, with its basis"
  else fail "lint text: no likely estimate"; grep -n likely "$TMP/lk.txt" | head -5; fi
  "$EC_BIN" report "$CORPUS/trex/pytorch-resnet-A100-qat" -o "$TMP/lk.html" -q
  if grep -q 'fp32-island (likely ~0.052 ms · up to 0.1287 ms)' "$TMP/lk.html" &&
     grep -q "<td[^>]*>likely ~0.052$(printf '\302\240')ms · up to 0.1287$(printf '\302\240')ms</td>" "$TMP/lk.html" &&
     grep -q 'Likely: its Reformats removed' "$TMP/lk.html"; then
    ok "report: likely ~X · up to Y in the findings tables, with its basis"
  else fail "report: no likely estimate in the findings tables"; fi
  validate "lint likely" "$TMP/lk-pytorch-resnet-A100-qat.json" "$TMP/lk-pytorch-resnet-A100-fp16.json"
fi

# a graph with a cycle and a hostile layer name
cat > "$TMP/cyc.graph.json" <<'EOF'
{"Layers": [
 {"Name": "A", "LayerType": "Shuffle", "Inputs": [{"Name": "t3", "Dimensions": [1,8], "Format/Datatype": "Row major linear FP32"}], "Outputs": [{"Name": "t1", "Dimensions": [1,8], "Format/Datatype": "Row major linear FP32"}]},
 {"Name": "B\u001b[31m<script>", "LayerType": "Shuffle", "Inputs": [{"Name": "t1", "Dimensions": [1,8], "Format/Datatype": "Row major linear FP32"}], "Outputs": [{"Name": "t2", "Dimensions": [1,8], "Format/Datatype": "Row major linear FP32"}]},
 {"Name": "C", "LayerType": "Shuffle", "Inputs": [{"Name": "t2", "Dimensions": [1,8], "Format/Datatype": "Row major linear FP32"}], "Outputs": [{"Name": "t3", "Dimensions": [1,8], "Format/Datatype": "Row major linear FP32"}]},
 {"Name": "D", "LayerType": "Shuffle", "Inputs": [{"Name": "t4", "Dimensions": [1,8], "Format/Datatype": "Row major linear FP32"}], "Outputs": [{"Name": "t4", "Dimensions": [1,8], "Format/Datatype": "Row major linear FP32"}]}
], "Bindings": ["t0"]}
EOF
"$EC_BIN" lint "$TMP/cyc.graph.json" --fail-on error --json -q > "$TMP/c.json"; rc=$?
if [ $rc -eq 1 ] && "$PY" - "$TMP/c.json" <<'EOF'
import json, sys
sev = {x["rule"]: x["severity"] for x in json.load(open(sys.argv[1]))["findings"]}
assert sev.get("graph-cycle") == "error" and sev.get("graph-self-loop") == "info", sev
EOF
then
  ok "lint: a cycle is an error (--fail-on error exits 1); an in-place update (D reads and writes t4) is info"
else fail "lint: cycle/in-place not reported as error/info (exit $rc)"; fi
validate "lint cycle" "$TMP/c.json"
"$EC_BIN" lint "$TMP/cyc.graph.json" -q > "$TMP/c.txt"
if LC_ALL=C grep -q "$(printf '\033')" "$TMP/c.txt"; then fail "lint text: an escape sequence from a layer name reached the terminal"
else ok "lint text: control characters in names are not printed raw"; fi

# usage errors
"$EC_BIN" lint "$TMP/cyc.graph.json" --fail-on info > /dev/null 2>&1; rc=$?
if [ $rc -eq 2 ]; then ok "lint --fail-on info: usage error (exit 2)"; else fail "lint --fail-on info: exit $rc, want 2"; fi
"$EC_BIN" lint "$TMP/missing.json" > /dev/null 2>&1; rc=$?
if [ $rc -eq 2 ]; then ok "lint of a missing file: exit 2"; else fail "lint of a missing file: exit $rc, want 2"; fi

# a transformer's hundreds of Myelin layers are one myelin-opaque finding
# listing them (before: one finding per layer, 1,053 of 1,057 on this shape)
"$EC_GEN" --out "$TMP/tf" --model transformer --layers 300 > /dev/null 2>&1
"$EC_BIN" lint "$TMP/tf" --json > "$TMP/tf.json" 2> /dev/null
if "$PY" -c '
import json, sys
f = [x for x in json.load(open(sys.argv[1]))["findings"] if x["rule"] == "myelin-opaque"]
assert len(f) == 1 and f[0]["evidence_layers_total"] > 100, [(x["rule"], x["evidence_layers_total"]) for x in f][:5]
' "$TMP/tf.json"; then ok "lint: a transformer's Myelin layers are one myelin-opaque finding"
else fail "lint: myelin-opaque on a transformer"; fi

# the report's Lint section
if have_corpus; then
  "$EC_BIN" report "$CORPUS/trex/mobilenet.qat" -o "$TMP/r.html" -q
  if grep -q '>Lint</h2>' "$TMP/r.html" && grep -q 'id="e1-lint"' "$TMP/r.html" && grep -q '62 findings by 7 rules: 0 errors, 25 warnings, 37 info. Worth trying first, by what they could save: tiny-kernels (up to 0.09885 ms), data-movement (up to 0.06165 ms); together up to 0.1068 ms, each layer counted once. Savings are scaled to the end-to-end time' "$TMP/r.html" &&
     [ "$(grep -c '<details class="sub">' "$TMP/r.html")" -ge 3 ]; then
    ok "report: Lint section with the findings table and the ones worth trying first"
  else fail "report: no Lint section"; fi
fi
"$EC_BIN" report "$TMP/cyc.graph.json" -o "$TMP/c.html" -q
if grep -q 'graph-cycle' "$TMP/c.html" && grep -q '&lt;script&gt;' "$TMP/c.html" && ! grep -q '31m<script>' "$TMP/c.html"; then ok "report: lint findings with a hostile name are escaped"
else fail "report: lint section of the cycle graph"; fi
