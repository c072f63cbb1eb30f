# A lone UTF-16 surrogate escape ("\ud800" without its low half, or a low
# half alone) in a graph JSON is repaired as invalid UTF-8 is (issue 35.5):
# U+FFFD in its place, one counted warning naming file:line:col, every layer
# still read; a proper surrogate pair (an emoji) is kept; before, one such
# escape made the whole file unusable (jansson refuses it). Also in a
# profile and a stored summary.
. tests/e2e/lib.sh
mkdir -p "$TMP/e"
"$EC_GEN" --out "$TMP/e/s.engine" --layers 30 --iterations 200 --seed 1 > /dev/null 2>&1
"$PY" - "$TMP/e/s.engine" <<'PY'
import json, sys
pre = sys.argv[1]
g = json.load(open(pre + ".graph.json"))
names = [l["Name"] for l in g["Layers"] if isinstance(l, dict)]
t = open(pre + ".graph.json").read()
t = t.replace(json.dumps(names[1]), json.dumps(names[1])[:-1] + '\\ud800x"', 1)     # a lone high half
t = t.replace(json.dumps(names[2]), json.dumps(names[2])[:-1] + '\\udfff"', 1)      # a lone low half
t = t.replace(json.dumps(names[3]), json.dumps(names[3])[:-1] + '\\uD83D\\uDE00"', 1)  # a pair: kept
open(pre + ".graph.json", "w").write(t)
p = open(pre + ".profile.json").read()
p = p.replace(json.dumps(names[1]), json.dumps(names[1])[:-1] + '\\ud800x"', 1)
p = p.replace(json.dumps(names[2]), json.dumps(names[2])[:-1] + '\\udfff"', 1)
p = p.replace(json.dumps(names[3]), json.dumps(names[3])[:-1] + '\\uD83D\\uDE00"', 1)
open(pre + ".profile.json", "w").write(p)
PY
"$EC_BIN" layers --json "$TMP/e/s.engine" > "$TMP/layers.jsonl" 2> "$TMP/err"; rc=$?
n=$(wc -l < "$TMP/layers.jsonl")
if [ $rc = 0 ] && [ "$n" -ge 30 ]; then ok "a graph with lone surrogate escapes loads: exit 0, $n layers"
else fail "lone surrogates: exit $rc, $n layers: $(head -2 "$TMP/err")"; fi
grep -q 's.engine.graph.json:[0-9]*:[0-9]*: warning: invalid JSON repaired: 2 escapes of a lone UTF-16 surrogate .* read as U+FFFD (the first here)' "$TMP/err" &&
  ok "one counted warning per file, with file:line:col (graph and profile)" || fail "warning: $(cat "$TMP/err")"
"$PY" - "$TMP/layers.jsonl" <<'PY' && ok "the names read U+FFFD where the lone halves were; the pair is the emoji; the profile still joins them" || fail "names after the repair"
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
names = [r["name"] for r in rows]
assert sum(1 for n in names if n.endswith("\ufffdx")) == 1, names[:5]
assert sum(1 for n in names if n.endswith("\ufffd")) == 1
assert sum(1 for n in names if n.endswith("\U0001F600")) == 1
for r in rows:
    if r["name"].endswith(("\ufffdx", "\ufffd", "\U0001F600")):
        assert r["latency_avg_ms"] is not None, r["name"]
PY
# a stored summary with a lone surrogate in a layer name (its own reader) loads too
"$EC_BIN" summary --json "$TMP/e/s.engine" > "$TMP/night.json" 2> /dev/null
sed 's/"name": "\([^"]*\)"/"name": "\1\\ud800"/' "$TMP/night.json" > "$TMP/night2.json"
"$EC_BIN" summary "$TMP/night2.json" > "$TMP/sum.out" 2> "$TMP/sum.err"; rc=$?
[ $rc = 0 ] && grep -q 'lone UTF-16 surrogate' "$TMP/sum.err" && ok "a stored summary with a lone surrogate loads, with the warning" ||
  fail "stored summary: exit $rc: $(head -2 "$TMP/sum.err")"
