# CI metrics outputs of compare, each checked against a schema or a
# published parser, with a hostile engine name: --openmetrics F (parsed by
# prometheus_client's OpenMetrics parser, the reference implementation;
# fixed decimals; # EOF), --bmf F (tests/schema/bmf.schema.json), --bench-json
# F and --bench-json-throughput F (tests/schema/benchjson.schema.json; the
# throughput file is bigger-is-better, qps).
. tests/e2e/lib.sh
export SOURCE_DATE_EPOCH=1700000000
FX=tests/fixtures/compare
B=$FX/base/model.engine
R=$FX/renamed/model.engine
HOSTILE=$(printf 'h"o\\s{t}\n# EOF\n\342\200\256x\377 y')
have_js=1; "$PY" -c 'import jsonschema' > /dev/null 2>&1 || have_js=0
have_om=1; "$PY" -c 'import prometheus_client.openmetrics.parser' > /dev/null 2>&1 || have_om=0
[ $have_js = 1 ] || skip "python3-jsonschema is missing (see tests/deps.sh): BMF and bench-json not validated"
[ $have_om = 1 ] || skip "python3-prometheus-client is missing (see tests/deps.sh): OpenMetrics not parsed"

# run DESC WANT_RC ARGS...: compare writing the four metrics files into $TMP/m.*
run() {
  d=$1; want=$2; shift 2
  rm -f "$TMP"/m.*
  "$EC_BIN" compare "$@" --openmetrics "$TMP/m.om" --bmf "$TMP/m.bmf.json" --bench-json "$TMP/m.bench.json" \
    --bench-json-throughput "$TMP/m.qps.json" > /dev/null 2> "$TMP/m.err"; rc=$?
  if [ $rc -eq "$want" ]; then ok "$d: exit $rc"; else fail "$d: exit $rc, want $want"; sed 's/^/    /' "$TMP/m.err" | head -5; fi
}

# validate DESC: schemas and the parser
validate() {
  d=$1
  if [ $have_js = 1 ]; then
    for f in bmf:m.bmf.json benchjson:m.bench.json benchjson:m.qps.json; do
      if "$PY" - "tests/schema/${f%%:*}.schema.json" "$TMP/${f#*:}" > "$TMP/v.err" 2>&1 <<'PYEOF'
import json, sys, jsonschema
s = json.load(open(sys.argv[1]))
jsonschema.Draft202012Validator.check_schema(s)
d = json.load(open(sys.argv[2]))
jsonschema.validate(d, s, cls=jsonschema.Draft202012Validator)
if isinstance(d, list):
    names = [e["name"] for e in d]
    assert len(names) == len(set(names)), "names repeat"
PYEOF
      then ok "$d: ${f#*:} valid against ${f%%:*}.schema.json"; else fail "$d: ${f#*:} invalid"; sed 's/^/    /' "$TMP/v.err" | tail -3; fi
    done
  fi
  if [ $have_om = 1 ]; then
    if "$PY" - "$TMP/m.om" > "$TMP/v.err" 2>&1 <<'PYEOF'
import re, sys
from prometheus_client.openmetrics.parser import text_string_to_metric_families
raw = open(sys.argv[1], "rb").read()
text = raw.decode("utf-8")  # strict: valid UTF-8
assert text.endswith("# EOF\n"), "does not end with # EOF"
fams = list(text_string_to_metric_families(text))
names = [f.name for f in fams]
assert names == ["enginecard_latency_seconds", "enginecard_throughput_queries_per_second", "enginecard_change_ratio",
                 "enginecard_change_lower_ratio", "enginecard_change_upper_ratio", "enginecard_gate_failed"], names
for f in fams:
    assert f.type == "gauge", f
    assert f.documentation, f.name
dec = {"enginecard_latency_seconds": 9, "enginecard_throughput_queries_per_second": 3, "enginecard_gate_failed": 0}
for line in text.splitlines():
    if line.startswith("#"):
        continue
    name = line.split("{", 1)[0]
    value = line.rsplit(" ", 1)[1]
    d = dec.get(name, 6)
    assert re.fullmatch(r"[0-9]+" + (r"\.[0-9]{%d}" % d if d else ""), value) or \
           re.fullmatch(r"-[0-9]+\.[0-9]{%d}" % d, value) and float(value) != 0, "not fixed decimals: " + line
print(sum(len(f.samples) for f in fams), "samples")
PYEOF
    then ok "$d: OpenMetrics parses ($(cat "$TMP/v.err")), fixed decimals, # EOF last"; else fail "$d: OpenMetrics"; sed 's/^/    /' "$TMP/v.err" | tail -4; fi
  fi
}

run "hostile candidate name" 4 base=$B "$HOSTILE=$R" --max-regress 10
validate "hostile candidate name"
if "$PY" - "$TMP/m.bmf.json" "$TMP/m.om" "$HOSTILE" > "$TMP/v.err" 2>&1 <<'PYEOF'
import json, sys
from prometheus_client.openmetrics.parser import text_string_to_metric_families
b = json.load(open(sys.argv[1]))
name = sys.argv[3].encode("utf-8", "surrogateescape").decode("utf-8", "replace")
keys = [k for k in b if k != "base" and not k.startswith("base/")]
assert keys and all(k.startswith(name[:5]) for k in keys), keys
eng = [k for k in keys if k.endswith(" y")]
assert len(eng) == 1, keys
# the hostile name is one label value, not a new line or a new sample
fams = {f.name: f for f in text_string_to_metric_families(open(sys.argv[2], encoding="utf-8").read())}
lat = fams["enginecard_latency_seconds"].samples
assert len(lat) == 2, lat
# OpenMetrics shows bidi controls as U+FFFD (a label is displayed); JSON keeps them
assert lat[1].labels["engine"] == eng[0].replace("\u202e", "\ufffd"), (lat[1].labels, eng[0])
assert lat[1].labels["engine"].startswith('h"o\\s{t}\n# EOF\n'), lat[1].labels
assert abs(lat[1].value - b[eng[0]]["latency"]["value"] / 1e9) < 1e-9, "BMF and OpenMetrics disagree"
PYEOF
then ok "hostile name: one label value in OpenMetrics, one key in BMF, the same latency in both"
else fail "hostile name in OpenMetrics/BMF"; sed 's/^/    /' "$TMP/v.err" | tail -3; fi

# the same engine twice: equal values print equal, the change is exactly 0
run "an engine against itself (40 iterations: no verdict)" 4 a=$B b=$B --max-regress 10
validate "an engine against itself"
la=$(grep '^enginecard_latency_seconds{engine="a"' "$TMP/m.om" | cut -d' ' -f2)
lb=$(grep '^enginecard_latency_seconds{engine="b"' "$TMP/m.om" | cut -d' ' -f2)
ch=$(grep '^enginecard_change_ratio{engine="b"}' "$TMP/m.om" | cut -d' ' -f2)
[ -n "$la" ] && [ "$la" = "$lb" ] && [ "$ch" = "0.000000" ] && ok "equal values print equal ($la), change 0.000000" || fail "equal values: '$la' '$lb' change '$ch'"

# repeated runs: an interval, so BMF has lower/upper and OpenMetrics the interval's ends
run "three runs a side" 0 base=$B,$B,$B cand=$R,$R,$R --max-regress 10
validate "three runs a side"
if "$PY" - "$TMP/m.bmf.json" "$TMP/m.om" > "$TMP/v.err" 2>&1 <<'PYEOF'
import json, sys
b = json.load(open(sys.argv[1]))
c = b["cand"]["latency"]
assert c["lower_value"] <= c["value"] <= c["upper_value"] or c["lower_value"] <= c["upper_value"], c
assert "lower_value" not in b["base"]["latency"], "the baseline has no interval of its own"
om = open(sys.argv[2]).read()
assert 'enginecard_change_lower_ratio{engine="cand"}' in om and 'enginecard_change_upper_ratio{engine="cand"}' in om
PYEOF
then ok "three runs a side: BMF lower/upper from the interval, OpenMetrics interval ends"
else fail "three runs a side: interval"; sed 's/^/    /' "$TMP/v.err" | tail -3; fi
grep -q '"lower_value"' "$TMP/m.bmf.json" || fail "three runs: no lower_value"
run "one run a side" 4 base=$B cand=$R --max-regress 10
grep -q 'lower_value' "$TMP/m.bmf.json" && fail "one run a side: BMF bounds made up without an interval" || ok "one run a side: no BMF bounds (threshold verdict, no interval)"

# throughput: a log with throughput gives the bigger-is-better file
if have_corpus; then
  A=$CORPUS/trex/pytorch-resnet-A100
  run "corpus fp16 vs fp32" 1 fp16=$A-fp16/resnet.onnx.engine fp32=$A-fp32/resnet.onnx.engine --max-regress 10
  validate "corpus fp16 vs fp32"
  if "$PY" -c '
import json,sys
q=json.load(open(sys.argv[1])); b=json.load(open(sys.argv[2]))
assert [e["name"] for e in q]==["fp16 throughput","fp32 throughput"], q
assert all(e["unit"]=="qps" for e in q)
assert q[0]["value"]>q[1]["value"], "fp16 has more throughput"
assert b["fp16"]["throughput"]["value"]==q[0]["value"]
' "$TMP/m.qps.json" "$TMP/m.bmf.json"; then ok "throughput entries (qps, bigger is better) agree with BMF"; else fail "throughput entries"; fi
else
  skip "throughput entries on the corpus: $CORPUS is absent"
fi
