# lint --codequality F (GitLab Code Quality) and lint --github (annotations):
# valid against tests/schema/codequality.schema.json, unique fingerprints that
# stay the same when the graph file's lines move and on reruns, each
# location the input file and the line where the finding's layer is written,
# lint's severities mapped to GitLab's; hostile layer names escaped.
. tests/e2e/lib.sh
SCHEMA=tests/schema/codequality.schema.json
have_js=1; "$PY" -c 'import jsonschema' > /dev/null 2>&1 || have_js=0
[ $have_js = 1 ] || skip "python3-jsonschema is missing (see tests/deps.sh): Code Quality not validated against its schema"
E=tests/fixtures/compare/base/model.engine

# cq DESC ENGINE OUT: lint --codequality OUT, also --json OUT.lint.json
cq() {
  "$EC_BIN" lint "$2" --codequality "$3" > /dev/null 2> "$TMP/cq.err"; rc=$?
  [ $rc -le 1 ] && [ -s "$3" ] && ok "$1: written (exit $rc)" || { fail "$1: exit $rc"; sed 's/^/    /' "$TMP/cq.err" | head -5; }
  "$EC_BIN" lint "$2" --json > "$3.lint.json" 2>/dev/null
  if [ $have_js = 1 ]; then
    if "$PY" - "$SCHEMA" "$3" > "$TMP/v.err" 2>&1 <<'PYEOF'
import json, sys, jsonschema
s = json.load(open(sys.argv[1])); jsonschema.Draft202012Validator.check_schema(s)
d = json.load(open(sys.argv[2])); jsonschema.validate(d, s, cls=jsonschema.Draft202012Validator)
fp = [x["fingerprint"] for x in d]
assert len(fp) == len(set(fp)), "fingerprints repeat"
PYEOF
    then ok "$1: valid against codequality.schema.json, fingerprints unique"; else fail "$1: invalid"; sed 's/^/    /' "$TMP/v.err" | tail -3; fi
  fi
}

cq "fixture" "$E" "$TMP/a.json"
if "$PY" - "$TMP/a.json" "$TMP/a.json.lint.json" "$E.graph.json" > "$TMP/v.err" 2>&1 <<'PYEOF'
import json, sys
cq = json.load(open(sys.argv[1])); lint = json.load(open(sys.argv[2])); lines = open(sys.argv[3]).read().split("\n")
assert len(cq) == len(lint["findings"]) > 0
sev = {"info": "info", "warning": "minor", "error": "major"}
for q, f in zip(cq, lint["findings"]):
    want = (f["layer"]["name"] + ": " if f["layer"] else "") + f["message"]
    assert q["check_name"] == f["rule"] and q["description"] == want, (q, f)
    assert q["severity"] == sev[f["severity"]]
    assert q["location"]["path"] == sys.argv[3]
    if f["layer"]:
        l = lines[q["location"]["lines"]["begin"] - 1]
        assert '"%s"' % f["layer"]["name"] in l, (l, f["layer"]["name"])
print("ok")
PYEOF
then ok "fixture: one issue per finding, severities mapped, each layer's line holds its name"
else fail "fixture: locations"; sed 's/^/    /' "$TMP/v.err" | tail -3; fi

# the same engine with every line moved down: same fingerprints, other lines
mkdir -p "$TMP/moved"
for f in "$E".*; do cp "$f" "$TMP/moved/"; done
"$PY" -c 'import sys; p=sys.argv[1]; t=open(p).read(); open(p,"w").write("\n\n\n" + t.replace(",\n", ",\n\n"))' "$TMP/moved/model.engine.graph.json"
cq "lines moved" "$TMP/moved/model.engine" "$TMP/b.json"
if "$PY" -c '
import json,sys
a=json.load(open(sys.argv[1])); b=json.load(open(sys.argv[2]))
assert [x["fingerprint"] for x in a]==[x["fingerprint"] for x in b], "fingerprints moved with the lines"
assert [x["location"]["lines"]["begin"] for x in a]!=[x["location"]["lines"]["begin"] for x in b], "lines did not move"
' "$TMP/a.json" "$TMP/b.json"; then ok "fingerprints stay when lines move (lines follow)"; else fail "fingerprints not stable"; fi
"$EC_BIN" lint "$E" --codequality "$TMP/c.json" > /dev/null 2>&1
cmp -s "$TMP/a.json" "$TMP/c.json" && ok "rerun: identical bytes" || fail "rerun differs"

# hostile layer names (quotes, newlines, markup, bidi), written escaped by a JSON writer
H=$TMP/hostile/evil.engine
mkdir -p "$TMP/hostile"
"$PY" - "$H" <<'PYEOF'
import json, sys
p = sys.argv[1]
names = ['"},{"check_name":"pwn', "nl\nname\r::error title=x::y", "<script>%0A</script>", "\u202eexe", "plain_conv"]
layers, prof = [], [{"count": 10}]
prev = "in"
for i, n in enumerate(names):
    layers.append({"Name": n, "LayerType": "CaskConvolution", "ParameterType": "Convolution",
                   "Inputs": [{"Name": prev, "Location": "Device", "Dimensions": [1, 3, 8, 8], "Format/Datatype": "Row major linear FP32"}],
                   "Outputs": [{"Name": "t%d" % i, "Location": "Device", "Dimensions": [1, 3, 8, 8], "Format/Datatype": "Row major linear FP32"}],
                   "TacticName": "sm80_xmma_fprop_implicit_gemm_f32f32_f32f32_f32_nchwkcrs_nchw_simt_small_batch_bias_relu"})
    prev = "t%d" % i
    prof.append({"name": n, "timeMs": 1.0 + i, "averageMs": 0.1 + i / 10, "medianMs": 0.1 + i / 10, "percentage": 20})
json.dump({"Layers": layers, "Bindings": ["in", prev]}, open(p + ".graph.json", "w"), indent=1)
json.dump(prof, open(p + ".profile.json", "w"))
PYEOF
cq "hostile layer names" "$H" "$TMP/h.json"
if "$PY" -c '
import json,sys
d=json.load(open(sys.argv[1]))
assert not any(x["check_name"]=="pwn" for x in d)
for n in ["\"},{\"check_name\":\"pwn", "nl\nname\r::error title=x::y", "<script>%0A</script>", "\u202eexe", "plain_conv"]:
    assert any(x["description"].startswith(n + ": ") for x in d), "no description names " + repr(n)
# json.dump escaped the names (\u202e as ASCII): each still found on its line
assert all(x["location"]["lines"]["begin"] > 1 for x in d if ": " in x["description"]), [x["location"] for x in d]
' "$TMP/h.json"; then ok "hostile layer names: inside their JSON strings, named in descriptions, found on their escaped lines"; else fail "hostile layer names"; fi
GITHUB_ACTIONS=true GITHUB_STEP_SUMMARY= "$EC_BIN" lint "$H" --github > "$TMP/gh.out" 2>/dev/null
if "$PY" - "$TMP/gh.out" "$H.graph.json" > "$TMP/v.err" 2>&1 <<'PYEOF'
import sys
n = 0
for line in open(sys.argv[1], encoding="utf-8").read().split("\n"):
    if not line.startswith("::"):
        continue
    head, sep, data = line[2:].partition("::")
    cmd, _, props = head.partition(" ")
    assert sep and cmd in ("warning", "error"), line
    kv = dict(p.split("=", 1) for p in props.split(","))
    assert set(kv) == {"file", "line", "title"}, kv
    assert kv["file"] == sys.argv[2].replace("%", "%25").replace(":", "%3A").replace(",", "%2C"), kv["file"]
    assert kv["line"].isdigit() and kv["title"].startswith("enginecard lint%3A "), kv
    assert "\r" not in data
    n += 1
assert n > 0, "no annotations"
print(n)
PYEOF
then ok "lint --github: $(cat "$TMP/v.err") annotations with file, line and title, escaped"; else fail "lint --github"; sed 's/^/    /' "$TMP/v.err" | tail -3; fi
GITHUB_ACTIONS=true GITHUB_STEP_SUMMARY="$TMP/ss" "$EC_BIN" lint "$H" --json > "$TMP/j.out" 2> "$TMP/j.err"
"$PY" -c 'import json,sys; json.load(open(sys.argv[1]))' "$TMP/j.out" && ! grep -q '^::' "$TMP/j.err" &&
  ok "lint --json on a GitHub runner: stdout stays one JSON document, no automatic annotations" || fail "lint --json on a runner"
"$EC_BIN" lint "$H" --json --github > "$TMP/j.out" 2> "$TMP/j.err"
"$PY" -c 'import json,sys; json.load(open(sys.argv[1]))' "$TMP/j.out" && grep -q '^::warning file=' "$TMP/j.err" &&
  ok "lint --json --github: annotations on stderr, JSON on stdout" || fail "lint --json --github"

# GitHub shows ten annotations of each kind: every rule's first warning comes
# before any rule's second, so thirteen conv-int8-float-output findings do not
# hide conv-misaligned-channels or timing-few-samples (issue 27: by rule)
if have_corpus; then
  Q="$CORPUS/trex/pytorch-resnet-A100-qat"
  "$EC_BIN" lint "$Q" --json -q > "$TMP/q.json" 2> /dev/null
  "$EC_BIN" lint "$Q" --github -q 2> /dev/null | grep -v '^ ' > "$TMP/q.gh"
  if "$PY" - "$TMP/q.json" "$TMP/q.gh" <<'PYEOF'
import json, sys
d = json.load(open(sys.argv[1]))
warn = [x["rule"] for x in d["findings"] if x["severity"] == "warning"]
lines = open(sys.argv[2], encoding="utf-8").read().splitlines()
ann = [l.split("title=enginecard lint%3A ", 1)[1].split("::", 1)[0] for l in lines if l.startswith("::warning ")]
assert len(ann) == 10 and set(ann) == set(warn), (sorted(set(warn) - set(ann)), ann)
more = [l for l in lines if l.startswith("enginecard: ")]
n = len(warn) - 10
assert more and more[0].startswith("enginecard: %d more lint findings" % n), more
assert "conv-int8-float-output %d" % n in more[0], more
PYEOF
  then ok "lint --github: every rule's first warning annotated before any rule's second; the rest counted by rule"
  else fail "lint --github: one rule's findings hide the others"; fi
fi
