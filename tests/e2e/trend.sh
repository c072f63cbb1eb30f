# trend: 30 simulated nights of an engine (every time scaled by a night
# factor: 1% run-to-run noise, fixed seed; tests/e2e/simulate_nights.py
# writes them to a temp dir, never under the project), stored with
# `summary --json --label night=N`:
#  - Convolution 12% slower from night 17 on: trend names night 17 and the
#    layer type, exits 1, and every output says so (terminal, JSON valid
#    against tests/schema/trend.schema.json, Markdown, HTML, PDF);
#  - the same series without the step: no change point, exit 0;
#  - one bad night: an outlier, no change point; the latest night bad: no
#    change point, but the gate fails;
#  - the input order does not matter: files in three orders and the folder
#    give the same bytes.
# On the bundled example engine (fixture only) and on a corpus engine.
. tests/e2e/lib.sh
export SOURCE_DATE_EPOCH=1700000000
have_jsonschema=1
"$PY" -c 'import jsonschema' > /dev/null 2>&1 || have_jsonschema=0
[ $have_jsonschema = 1 ] || skip "python3-jsonschema is missing (see tests/deps.sh): trend JSON not validated against its schema"

# nights NAME ENGINE_DIR PREFIX ARGS...: $TMP/NAME/s/night-N.json, N = 1..30
nights() {
  name=$1 dir=$2 prefix=$3
  shift 3
  "$EC_BIN" layers --json "$dir/$prefix" > "$TMP/$name.layers" 2> /dev/null
  "$PY" tests/e2e/simulate_nights.py "$dir" "$TMP/$name.layers" "$TMP/$name/n" 30 "$@" > /dev/null || fail "$name: simulate_nights.py"
  mkdir -p "$TMP/$name/s"
  for d in "$TMP/$name/n"/night-*; do
    i=${d##*-}
    i=$(expr "$i" + 0)
    "$EC_BIN" summary --json --label night=$i "$d/$prefix" > "$TMP/$name/s/night-$i.json" 2> /dev/null
  done
}

# trend NAME OUT ARGS...: run trend with every output into $TMP/NAME/OUT.*; sets RC
trend() {
  name=$1 out=$2
  shift 2
  "$EC_BIN" trend "$@" --by night --max-regress 5 --json "$TMP/$name/$out.json" --markdown "$TMP/$name/$out.md" \
    -o "$TMP/$name/$out.html" --pdf "$TMP/$name/$out.pdf" > "$TMP/$name/$out.txt" 2> "$TMP/$name/$out.err"
  RC=$?
}

# jq_ FILE EXPR: a value of a trend JSON (d = document, e = its first engine)
jq_() { "$PY" -c 'import json,sys; d=json.load(open(sys.argv[1])); e=d["engines"][0]; print(eval(sys.argv[2]))' "$1" "$2"; }

schema_ok() {
  [ $have_jsonschema = 1 ] || return 0
  "$PY" - "$1" tests/schema/trend.schema.json <<'EOF'
import json, sys, jsonschema
errs = list(jsonschema.Draft202012Validator(json.load(open(sys.argv[2]))).iter_errors(json.load(open(sys.argv[1]))))
if errs:
    sys.exit("schema: %s at %s" % (errs[0].message, list(errs[0].path)))
EOF
}

series() { # LABEL ENGINE_DIR PREFIX TYPE
  label=$1 dir=$2 prefix=$3 type=$4
  n=$label-step
  nights "$n" "$dir" "$prefix" --type "$type" --slow 1.12 --from 17 --seed 3
  trend "$n" t "$TMP/$n/s"
  [ $RC = 1 ] && ok "$label: a 12% slower $type from night 17 fails the gate (exit 1)" || { fail "$label: exit $RC, want 1"; cat "$TMP/$n/t.err"; }
  got=$(jq_ "$TMP/$n/t.json" '"%d %s %s %s %s" % (len(e["change_points"]), e["change_points"][0]["night"], e["change_points"][0]["moved"]["types"][0]["type"], e["change_points"][0]["moved"]["types"][0]["moved"], e["gate"]["verdict"])')
  if [ "$got" = "1 17 $type True fail" ]; then
    ok "$label: one change point, at night 17, $type moved, the latest night fails ($(jq_ "$TMP/$n/t.json" 'e["change_points"][0]["text"]'))"
  else
    fail "$label: change points, night, type, verdict: $got"
  fi
  # the type's change is its 12% and the metric's the type's share of it
  if jq_ "$TMP/$n/t.json" 'e["change_points"][0]["moved"]["types"][0]["delta_pct"]' | awk '{ exit !($1 > 10.5 && $1 < 13.5) }'; then
    ok "$label: $type moved by 12% ($(jq_ "$TMP/$n/t.json" 'round(e["change_points"][0]["moved"]["types"][0]["delta_pct"], 1)')%)"
  else
    fail "$label: $type moved by $(jq_ "$TMP/$n/t.json" 'e["change_points"][0]["moved"]["types"][0]["delta_pct"]')%"
  fi
  check "$label: the JSON is valid against tests/schema/trend.schema.json" schema_ok "$TMP/$n/t.json"
  grep -q "change point from 17: +.*$type" "$TMP/$n/t.txt" && ok "$label: the terminal names night 17 and $type" ||
    { fail "$label: terminal"; cat "$TMP/$n/t.txt"; }
  if grep -q '^| 17 | +' "$TMP/$n/t.md" && grep -q "$type" "$TMP/$n/t.md" && [ "$(wc -c < "$TMP/$n/t.md")" -lt 262144 ]; then
    ok "$label: the Markdown summary names night 17 and $type ($(wc -c < "$TMP/$n/t.md") bytes)"
  else
    fail "$label: Markdown"
  fi
  if grep -q '<svg' "$TMP/$n/t.html" && grep -q 'cp-0' "$TMP/$n/t.html" && grep -q "$type" "$TMP/$n/t.html"; then
    ok "$label: the HTML page has the series chart with its change point"
  else
    fail "$label: HTML"
  fi
  if pdftotext -layout "$TMP/$n/t.pdf" - 2> /dev/null | grep -q 'Change points' &&
     pdftotext -layout "$TMP/$n/t.pdf" - 2> /dev/null | grep -q "$type"; then
    ok "$label: the PDF has the change-point table ($(pdfinfo "$TMP/$n/t.pdf" 2> /dev/null | awk '/^Pages:/ { print $2 }') pages)"
  else
    fail "$label: PDF"
  fi
  # input order: explicit files in three orders, and the folder
  ls "$TMP/$n/s"/*.json | sort > "$TMP/$n/files"
  trend "$n" sorted $(cat "$TMP/$n/files")
  trend "$n" reversed $(sort -r "$TMP/$n/files")
  trend "$n" shuffled $(awk '{ print (NR * 7919) % 31, $0 }' "$TMP/$n/files" | sort -n | cut -d' ' -f2)
  same=1
  for o in sorted reversed shuffled; do
    for x in json md html pdf txt; do cmp -s "$TMP/$n/t.$x" "$TMP/$n/$o.$x" || { same=0; echo "    $o.$x differs"; }; done
  done
  [ $same = 1 ] && ok "$label: nights given in three orders and as a folder give the same bytes (JSON, Markdown, HTML, PDF, text)" ||
    fail "$label: the input order changed an output"

  n=$label-flat
  nights "$n" "$dir" "$prefix" --seed 3
  trend "$n" t "$TMP/$n/s"
  got=$(jq_ "$TMP/$n/t.json" '"%d %s" % (len(e["change_points"]), e["gate"]["verdict"])')
  [ $RC = 0 ] && [ "$got" = "0 pass" ] && ok "$label: without the step, no change point and exit 0 (noise $(jq_ "$TMP/$n/t.json" 'round(e["noise_pct"], 2)')%)" ||
    fail "$label: without the step: exit $RC, $got"

  # bad NIGHT WANT_RC WANT_VERDICT DESC: one night 30% slower
  bad() {
    n=$label-bad$1
    nights "$n" "$dir" "$prefix" --seed 3 --outlier "$1:1.3"
    trend "$n" t "$TMP/$n/s"
    got=$(jq_ "$TMP/$n/t.json" '"%d %s %s" % (len(e["change_points"]), e["nights"]['"$1"' - 1]["outlier"], e["gate"]["verdict"])')
    [ $RC = "$2" ] && [ "$got" = "0 True $3" ] && ok "$label: $4" || fail "$label: $4: exit $RC, $got"
  }
  bad 12 0 pass "night 12 30% slower is an outlier, not a level (exit 0)"
  bad 30 4 inconclusive "the latest night 30% slower is an outlier, not yet a level: inconclusive until confirmed (exit 4)"
}

series fixture examples/resnet-fp16-a100 resnet.onnx.engine Convolution

# a slow drift: +12.5% over 50 nights at 1% noise fails the gate on its last
# night against the first level (the cumulative change), --reference moves it
dir=examples/resnet-fp16-a100
"$EC_BIN" layers --json "$dir/resnet.onnx.engine" > "$TMP/drift.layers" 2> /dev/null
"$PY" tests/e2e/simulate_nights.py "$dir" "$TMP/drift.layers" "$TMP/drift/n" 50 --drift 0.125 --seed 4 > /dev/null || fail "drift: simulate_nights.py"
mkdir -p "$TMP/drift/s"
for d in "$TMP/drift/n"/night-*; do
  i=$(expr "${d##*-}" + 0)
  "$EC_BIN" summary --json --label night=$i "$d/resnet.onnx.engine" > "$TMP/drift/s/night-$i.json" 2> /dev/null
done
trend drift t "$TMP/drift/s"
got=$(jq_ "$TMP/drift/t.json" '"%s %s %.1f" % (e["gate"]["verdict"], e["gate"]["reference"]["against"]["first"], e["gate"]["reference"]["estimate"]["regress_pct"])')
case "$got" in
  "fail 1 "*) [ $RC = 1 ] && ok "drift +12.5% over 50 nights: fails on the last night against the first level ($got)" || fail "drift: exit $RC ($got)" ;;
  *) fail "drift: exit $RC, $got" ;;
esac
grep -q 'cumulative change against the reference (nights 1 to' "$TMP/drift/t.txt" && ok "drift: the terminal reports the cumulative change" ||
  fail "drift: no cumulative change line"
schema_ok "$TMP/drift/t.json" && ok "drift: the JSON is valid against tests/schema/trend.schema.json" || fail "drift: JSON schema"
trend drift r "$TMP/drift/s" --reference 40
[ "$(jq_ "$TMP/drift/r.json" 'e["gate"]["reference"]["against"]["last"]')" = 40 ] && ok "drift: --reference 40 measures from night 40's level" ||
  fail "drift: --reference: $(jq_ "$TMP/drift/r.json" 'e["gate"]["reference"]')"

# hostile names: an engine name and labels that try to break HTML, SVG,
# Markdown and JSON stay text in every output
mkdir -p "$TMP/hostile"
"$PY" - "$TMP/fixture-flat/s" "$TMP/hostile" <<'EOF2'
import glob, json, os, sys
for i, p in enumerate(sorted(glob.glob(sys.argv[1] + "/night-*.json"))[:8]):
    d = json.load(open(p))
    d["engine"] = "<script>alert(1)</script>|*e*`x`\u202e"
    d["labels"] = {"night": "<img src=x onerror=alert(1)>|%d" % i}
    json.dump(d, open(os.path.join(sys.argv[2], "n%d.json" % i), "w"))
EOF2
"$EC_BIN" trend "$TMP/hostile" --by night --max-regress 5 --json "$TMP/hostile/t.json" --markdown "$TMP/hostile/t.md" \
  -o "$TMP/hostile/t.html" --pdf "$TMP/hostile/t.pdf" > "$TMP/hostile/t.txt" 2>&1
for k in "html t.html" "json t.json" "text t.md"; do
  set -- $k
  check "hostile names: $2 ($1)" "$PY" tests/e2e/check_hostile.py "$1" "$TMP/hostile/$2"
done
grep -q 'onerror=alert(1)&gt;\\|7' "$TMP/hostile/t.md" && ok "hostile names: Markdown escapes markup and the table separator" ||
  fail "hostile names: Markdown"
"$PY" -c 'import sys; t = open(sys.argv[1], "rb").read(); sys.exit(any(c < 32 and c not in (9, 10) for c in t))' "$TMP/hostile/t.txt" &&
  ok "hostile names: the terminal gets no control characters" || fail "hostile names: control characters on the terminal"

# usage and inputs
"$EC_BIN" summary --label =x examples/resnet-fp16-a100/resnet.onnx.engine > /dev/null 2>&1
[ $? = 2 ] && ok "summary --label without a key: exit 2" || fail "summary --label =x"
"$EC_BIN" trend > /dev/null 2>&1; [ $? = 2 ] && ok "trend without inputs: exit 2" || fail "trend without inputs"
"$EC_BIN" trend "$TMP/fixture-flat/s" --metric nope > /dev/null 2>&1; [ $? = 2 ] && ok "trend --metric nope: exit 2" || fail "bad --metric"
"$EC_BIN" trend "$TMP/fixture-flat/s" --by missing > "$TMP/m.txt" 2> "$TMP/m.err"; rc=$?
grep -q '30 of 30 nights have no label missing' "$TMP/m.err" && [ $rc = 3 ] &&
  ok "trend --by a label no night has: every night left out, said, exit 3" || fail "trend --by missing: exit $rc"
# engines as nights: the engine folders themselves, in the order given
"$EC_BIN" trend $(for d in "$TMP/fixture-step/n"/night-0[1-9]; do echo "$d/resnet.onnx.engine"; done) > "$TMP/e.txt" 2>&1; rc=$?
grep -q 'resnet.onnx.engine .*: 9 nights' "$TMP/e.txt" && [ $rc = 0 ] && ok "engine folders are nights too (in the order given, named by their folders)" ||
  { fail "engines as nights: exit $rc"; cat "$TMP/e.txt"; }

# nights whose engines are named apart (a folder per night named after it)
# are each a series of one: said, and the gate says it judged nothing
"$EC_BIN" summary --json examples/resnet-fp16-a100 > "$TMP/apart1.json" 2> /dev/null
"$EC_BIN" summary --json examples/resnet-int8-a100 > "$TMP/apart2.json" 2> /dev/null
"$EC_BIN" trend "$TMP/apart1.json" "$TMP/apart2.json" --max-regress 5 > "$TMP/apart.txt" 2>&1; rc=$?
grep -q 'each of the 2 engines has a single night' "$TMP/apart.txt" && grep -q '^result: NOT JUDGED' "$TMP/apart.txt" && [ $rc = 0 ] &&
  ok "nights named apart: a warning says so and the gate judges nothing" || { fail "nights named apart: exit $rc"; cat "$TMP/apart.txt"; }

if have_corpus; then
  series corpus "$CORPUS/trex/pytorch-resnet-A100-fp16" resnet.onnx.engine Convolution
else
  skip "trend on a corpus engine: $CORPUS is absent"
fi
