# Inputs and errors (issue 14 item 11): what a directory without engine
# files, a file that fails to parse and a missing input do to the exit code
# and the messages, and that report writes nothing when nothing is usable.
. tests/e2e/lib.sh
mkdir -p "$TMP/empty" "$TMP/junk" "$TMP/bad"
echo hello > "$TMP/junk/notes.txt"
printf '{"Layers": [ {"Name": "a", ' > "$TMP/bad/m.graph.json"
printf '[{"count":1},{"name":"a","timeMs":1,"averageMs":1,"percentage":100}]' > "$TMP/bad/m.profile.json"

# expect DESC WANT_RC GREP_RE CMD...: exit code and a line of stderr
expect() {
  d=$1; want=$2; re=$3; shift 3
  "$@" > "$TMP/.o" 2> "$TMP/.e"; rc=$?
  if [ "$rc" -eq "$want" ] && grep -Eq "$re" "$TMP/.e"; then ok "$d"
  else fail "$d (exit $rc, want $want)"; sed 's/^/    /' "$TMP/.e" | head -5; fi
}
expect "empty directory: says so, exit 3" 3 'empty: error: the directory holds no files' \
  "$EC_BIN" summary "$TMP/empty"
if grep -q 'no such file' "$TMP/.e"; then fail "empty directory: still says 'no such file'"; else ok "empty directory: no 'no such file'"; fi
expect "directory of other files: says so, exit 3" 3 'holds no engine files' "$EC_BIN" summary "$TMP/junk"
expect "unparsable discovered graph beside a profile: a warning that says so, exit 0" 0 \
  'm.graph.json:1:28: warning: invalid JSON.*this file is not used' "$EC_BIN" summary "$TMP/bad"
if grep -q 'error:' "$TMP/.e"; then fail "unparsable discovered graph: 'error:' printed with exit 0"; else ok "unparsable discovered graph: no 'error:' with exit 0"; fi
expect "unparsable --graph: an error, exit 2" 2 'm.graph.json:1:28: error: invalid JSON' \
  "$EC_BIN" summary --graph "$TMP/bad/m.graph.json" "$TMP/bad/m.profile.json"
expect "missing ENGINE: exit 2" 2 'no such file' "$EC_BIN" summary "$TMP/nothing-here"
# report: nothing written when the exit is 2 or 3
expect "report of an empty directory: exit 3, no report" 3 'no report written' \
  "$EC_BIN" report "$TMP/empty" -o "$TMP/r1.html" --pdf "$TMP/r1.pdf"
if [ -e "$TMP/r1.html" ] || [ -e "$TMP/r1.pdf" ]; then fail "report of an empty directory wrote a file"; else ok "report of an empty directory wrote no HTML or PDF"; fi
expect "report with an unparsable --graph: exit 2, no report" 2 'no report written' \
  "$EC_BIN" report --graph "$TMP/bad/m.graph.json" "$TMP/bad/m.profile.json" -o "$TMP/r2.html"
if [ -e "$TMP/r2.html" ]; then fail "report with a bad --graph wrote a file"; else ok "report with a bad --graph wrote no HTML"; fi
expect "report of two engines, one without data: exit 3, no report" 3 'no report written' \
  "$EC_BIN" report "$TMP/bad" "$TMP/junk" -o "$TMP/r3.html"
if [ -e "$TMP/r3.html" ]; then fail "report with an unusable engine wrote a file"; else ok "report with an unusable engine wrote no HTML"; fi
expect "report of a usable engine with a bad discovered file: exit 0" 0 'this file is not used' \
  "$EC_BIN" report "$TMP/bad" -o "$TMP/r4.html"
if [ -s "$TMP/r4.html" ]; then ok "report of a usable engine is written"; else fail "report of a usable engine is missing"; fi

# Every input's shapes (issue 14 item 4): a log whose run prints one
# "Input build shape" line per input keeps both, in summary --json (valid
# against the schema), the report's options appendix, and a stored summary.
L=tests/fixtures/logs/two-models.log
"$EC_BIN" summary --json "$L" > "$TMP/s.json" 2>/dev/null
if "$PY" -c '
import json, sys
d = json.load(open(sys.argv[1]))
ins = d["build"]["inputs"]
assert [i["name"] for i in ins] == ["input_ids", "attention_mask"], ins
assert ins[1] == {"name": "attention_mask", "min": [1, 128], "opt": [4, 128], "max": [8, 128], "inference": [4, 128]}, ins[1]
' "$TMP/s.json"; then ok "summary --json: build.inputs lists every input with min/opt/max/inference"
else fail "summary --json: build.inputs"; fi
if "$PY" -c 'import jsonschema' 2>/dev/null; then
  if "$PY" -c '
import json, sys, jsonschema
jsonschema.validate(json.load(open(sys.argv[2])), json.load(open(sys.argv[1])), cls=jsonschema.Draft202012Validator)
' tests/schema/summary.schema.json "$TMP/s.json"; then ok "summary with build.inputs valid against summary.schema.json"
  else fail "summary with build.inputs invalid against summary.schema.json"; fi
else
  skip "python3-jsonschema missing: schema check of build.inputs"
fi
"$EC_BIN" report "$L" -o "$TMP/shapes.html" 2>/dev/null
# (names may carry <wbr> break points: compare the text without them)
if sed 's/<wbr>//g' "$TMP/shapes.html" | grep -q 'attention_mask</td><td[^>]*>min 1x128, opt 4x128, max 8x128; inference 4x128'; then
  ok "report: the options appendix shows every input's shapes"
else fail "report: no appendix row for attention_mask"; grep -o 'attention_mask[^<]*<[^<]*<[^<]*' "$TMP/shapes.html" | head -3; fi
"$EC_BIN" summary --json "$TMP/s.json" > "$TMP/s2.json" 2>/dev/null
if "$PY" -c '
import json, sys
a = json.load(open(sys.argv[1]))["build"]["inputs"]; b = json.load(open(sys.argv[2]))["build"]["inputs"]
assert a == b, (a, b)
' "$TMP/s.json" "$TMP/s2.json"; then ok "stored summary: build.inputs read back"
else fail "stored summary: build.inputs not read back"; fi

# a stored summary whose "schema" key (keys are sorted) lies past the first
# 64 KiB is still one (before: "not recognised" when a summary had many
# bindings, warnings or options)
"$EC_BIN" summary --json examples/resnet-fp16-a100/resnet.onnx.engine > "$TMP/small.json" 2> /dev/null
"$PY" -c '
import json, sys
d = json.load(open(sys.argv[1]))
b = d["bindings"][0]
d["bindings"] = [dict(b, name="in%d" % i) for i in range(2000)]
json.dump(d, open(sys.argv[2], "w"), sort_keys=True, indent=1)
' "$TMP/small.json" "$TMP/big-summary.json"
sz=$(wc -c < "$TMP/big-summary.json")
if "$EC_BIN" summary --json "$TMP/big-summary.json" > "$TMP/big-again.json" 2> "$TMP/big.err" &&
   "$PY" -c 'import json, sys; assert len(json.load(open(sys.argv[1]))["bindings"]) == 2000' "$TMP/big-again.json"; then
  ok "a stored summary of $sz bytes with its schema key past the first 64 KiB is read"
else fail "a big stored summary is not recognised"; head -3 "$TMP/big.err"; fi
