# verdict_words: every verdict says what its method supports, and no more
# (issue 34). Realistic runs from enginegen (one engine, --seed 7; each run
# its own --run-seed: AR(1) iterations on levels that hold about 300
# iterations, --levels 300:0.5; run-to-run shifts with --slow; outliers,
# zero times, warm-ups) and the corpus's real timing files:
#  - one run per side: no output claims a confidence level (terminal, JSON,
#    JUnit, Markdown, GitHub summary, HTML, PDF), and A/A outputs carry no
#    direction; the within-run interval says "iteration noise only";
#  - repeated runs: the 99% interval, a direction, JUnit's "(at 99% confidence)";
#  - the within-run interval vetoes a threshold failure: one iteration 1000x
#    slower with --metric gpu-mean is INCONCLUSIVE, and says what would decide it;
#  - JSON outcome per engine and overall, with counts; passed only on a pass;
#  - the ms and JUnit delta are the figures the change is computed from (a
#    trimmed warm-up); no warm-up is trimmed from a run without one;
#  - edges: zero times dropped with a warning and the interval kept; input
#    shapes that differ are NOT COMPARABLE; a multi-run timing file gets one
#    message; trend leaves an outlier night out of its baseline, confirms a
#    red night only by a previous night at its level, reports no change
#    point under 1% and names the gate that failed;
#  - per-layer rule: run-to-run noise not measured, a floor, never a gate.
. tests/e2e/lib.sh
export SOURCE_DATE_EPOCH=1700000000
G="$EC_GEN --layers 30 --iterations 3000 --ar 0.9 --levels 300:0.5 --seed 7"
# run DIR RUN_SEED [OPTIONS]: one run of the engine
run() { d=$1; s=$2; shift 2; mkdir -p "$TMP/$d" && $G --out "$TMP/$d/m" --run-seed "$s" "$@" > /dev/null 2>&1; }
jget() { "$PY" -c 'import json,sys; d=json.load(open(sys.argv[1])); e=[x for x in d["engines"] if not x["baseline"]][0]; print(eval(sys.argv[2]))' "$1" "$2"; }
# cmpx WANT_RC DESC ARGS...: compare with every output into $TMP/o.*
cmpx() {
  want=$1; desc=$2; shift 2
  rm -f "$TMP/step.md"
  GITHUB_ACTIONS=true GITHUB_STEP_SUMMARY="$TMP/step.md" GITHUB_OUTPUT="$TMP/gh.out" \
    "$EC_BIN" compare "$@" --max-regress 5 --json "$TMP/o.json" --junit "$TMP/o.xml" --markdown "$TMP/o.md" \
    -o "$TMP/o.html" --pdf "$TMP/o.pdf" > "$TMP/o.txt" 2> "$TMP/o.err"
  rc=$?
  pdftotext -layout "$TMP/o.pdf" "$TMP/o.pdf.txt" 2> /dev/null
  [ $rc = "$want" ] && ok "$desc: exit $rc" || { fail "$desc: exit $rc, want $want"; sed 's/^/    /' "$TMP/o.txt" | sed -n 5,12p; }
  schema_ok "$TMP/o.json" tests/schema/compare.schema.json "$desc"
}
have_jsonschema=1
"$PY" -c 'import jsonschema' > /dev/null 2>&1 || { have_jsonschema=0; skip "python3-jsonschema is missing: JSON not validated"; }
# schema_ok FILE SCHEMA DESC: FILE valid against SCHEMA (a line only when it is not)
schema_ok() {
  [ $have_jsonschema = 1 ] || return 0
  "$PY" - "$1" "$2" > "$TMP/schema.err" 2>&1 <<'EOF' || { fail "$3: JSON invalid against $2"; sed 's/^/    /' "$TMP/schema.err" | head -3; }
import json, sys, jsonschema
errs = list(jsonschema.Draft202012Validator(json.load(open(sys.argv[2]))).iter_errors(json.load(open(sys.argv[1]))))
if errs:
    sys.exit("%s at %s" % (errs[0].message, list(errs[0].path)))
EOF
}
# the verdict-bearing text of every output, one file each
verdict_text() {
  grep -E '^(a|b|x|y|base|tonight) ' "$TMP/o.txt" > "$TMP/v.txt"
  grep -E '^(gate|b|y|tonight): ' "$TMP/o.txt" >> "$TMP/v.txt"
  "$PY" - "$TMP" <<'EOF'
import json, re, sys, html
t = sys.argv[1]
d = json.load(open(t + "/o.json"))
open(t + "/v.json", "w").write("\n".join([d["gate"]["rule"] or ""] + [e["reason"] or "" for e in d["engines"]]))
x = open(t + "/o.xml").read()
open(t + "/v.xml", "w").write("\n".join(re.findall(r'(?:name|message)="([^"]*)"', x)))
for f in ("o.md", "step.md"):
    m = open(t + "/" + f).read()
    rows = [l for l in m.splitlines() if l.startswith("| ") or l.startswith("<details><summary>") or "Gate:" in l]
    open(t + "/v." + f, "w").write("\n".join(rows))
h = open(t + "/o.html").read()
cells = re.findall(r'<ul class="verdict-lines">.*?</ul>', h, re.S)
# the verdicts table: the one headed Verdict and Why
rows = [t for t in re.findall(r'<table id="[^"]*" class="data[^"]*">.*?</table>', h, re.S) if ">Verdict<" in t and ">Why<" in t]
assert rows, "no verdicts table in the HTML"
open(t + "/v.html", "w").write(html.unescape(re.sub(r"<[^>]+>", " ", "\n".join(cells + rows))))
p = open(t + "/o.pdf.txt").read()
open(t + "/v.pdf", "w").write("\n".join(l for l in p.splitlines() if re.search(r"PASS|FAIL|INCONCLUSIVE|pass|fail|inconclusive|Gate:", l)))
EOF
}
# no_claims DESC: no confidence level and no direction in any output's verdict
# text (the metric's "smaller is better" and the PASS headline's "no engine
# is slower than the baseline beyond the limit" are not claims about a change)
no_claims() {
  verdict_text
  for f in v.txt v.json v.xml v.o.md v.step.md v.html v.pdf; do
    [ -s "$TMP/$f" ] || { fail "$1: $f is empty (the test reads nothing)"; continue; }
    sed -i -e 's/smaller is better//g; s/bigger is better//g; s/no engine is slower than the baseline beyond//g' "$TMP/$f"
    if grep -Eq '99% (interval|confidence)|at 99%|\[99%' "$TMP/$f"; then
      fail "$1: $f claims a 99% level"; grep -E '99%' "$TMP/$f" | head -3 | sed 's/^/    /'
    elif grep -Eiq '\b(slower|faster|worse|better)\b' "$TMP/$f"; then
      fail "$1: $f claims a direction"; grep -Ei '\b(slower|faster|worse|better)\b' "$TMP/$f" | head -3 | sed 's/^/    /'
    else
      ok "$1: $f claims no level and no direction"
    fi
  done
}

run a 11
run b 12 --slow 0.6
run c 13 --slow 12
# 1. A/A, one run per side (0.6% apart): a threshold, no level, no direction
cmpx 0 "A/A, one run per side" a="$TMP/a/m" b="$TMP/b/m"
no_claims "A/A one run per side"
[ "$(jget "$TMP/o.json" '(e["change"], e["outcome"], d["outcome"], d["passed"], e["estimate"]["mode"])')" = "(None, 'pass', 'pass', True, 'threshold')" ] &&
  ok "A/A: JSON change null (no direction), outcome pass, passed true, mode threshold" ||
  fail "A/A JSON: $(jget "$TMP/o.json" '(e["change"], e["outcome"], d["outcome"], d["passed"], e["estimate"]["mode"])')"
grep -q 'within run \[[^]]*\] (iteration noise only)' "$TMP/o.txt" && grep -q '"note": "iteration noise only"' "$TMP/o.json" &&
  ok "A/A: the within-run interval says iteration noise only (terminal, JSON)" || fail "A/A: within-run words"
grep -q 'gate      fail when the estimated slowdown exceeds 5%: a threshold on the estimate (one run per side: run-to-run noise not measured)' "$TMP/o.txt" &&
  ok "A/A: the gate line says a threshold, run-to-run noise not measured" || fail "A/A: gate line: $(grep '^gate' "$TMP/o.txt")"

# 2. 12% slower, one run per side: a threshold FAIL (the run's own noise does not explain it), still no level
cmpx 1 "12% slower, one run per side: FAIL" a="$TMP/a/m" c="$TMP/c/m"
[ "$(jget "$TMP/o.json" '(e["outcome"], d["outcome"], d["passed"], d["summary"]["failed"], e["change"])')" = "('fail', 'fail', False, 1, None)" ] &&
  ok "threshold FAIL: JSON outcome fail, passed false, no direction claimed" || fail "threshold FAIL JSON: $(jget "$TMP/o.json" 'e["outcome"], e["change"]')"
grep -q 'name="c: gpu-median regression within 5%"' "$TMP/o.xml" && ok "threshold FAIL: the JUnit test claims no confidence" ||
  fail "threshold FAIL: JUnit name $(grep -o 'testcase[^>]*name="[^"]*"' "$TMP/o.xml")"

# 3. repeated runs: an interval at 99%, a direction, JUnit's confidence
for k in 1 2 3; do run "r$k" "2$k" --slow "0.$k"; run "s$k" "3$k" --slow "1$k"; done
cmpx 1 "three runs per side, 11-13% slower: FAIL on the 99% interval" "x=$TMP/r1/m,$TMP/r2/m,$TMP/r3/m" "y=$TMP/s1/m,$TMP/s2/m,$TMP/s3/m"
[ "$(jget "$TMP/o.json" '(e["change"], e["estimate"]["mode"], e["outcome"])')" = "('worse', 'interval', 'fail')" ] &&
  grep -q 'change \[99% interval\]' "$TMP/o.txt" && grep -q 'within 5% (at 99% confidence)' "$TMP/o.xml" &&
  grep -q '| Change \[99% interval\] |' "$TMP/o.md" &&
  ok "repeated runs: the 99% interval and a direction, in the terminal, JSON, JUnit and Markdown" || fail "repeated runs: words"
cmpx 0 "three runs per side, A/A: PASS" "x=$TMP/r1/m,$TMP/r2/m,$TMP/r3/m" "y=$TMP/r3/m,$TMP/r1/m,$TMP/r2/m"
[ "$(jget "$TMP/o.json" 'e["change"]')" = same ] && ok "repeated runs A/A: within noise (same), no slower or faster" ||
  fail "repeated runs A/A: change $(jget "$TMP/o.json" 'e["change"]')"

# 4. one iteration 1000x slower, --metric gpu-mean: the within-run interval vetoes the threshold FAIL
run o 11 --outlier 1500:1000
cmpx 4 "one 1000x outlier, --metric gpu-mean: INCONCLUSIVE" a="$TMP/a/m" o="$TMP/o/m" --metric gpu-mean
r=$(jget "$TMP/o.json" 'e["reason"]')
case $r in
  *"past the 5% limit, but within the run's own noise"*"three or more runs of each side"*) ok "outlier: inconclusive within the run's own noise, and says what would decide it" ;;
  *) fail "outlier reason: $r" ;;
esac
[ "$(jget "$TMP/o.json" '(e["outcome"], d["outcome"], d["passed"], d["summary"]["inconclusive"])')" = "('inconclusive', 'inconclusive', False, 1)" ] &&
  grep -q 'skipped message="INCONCLUSIVE' "$TMP/o.xml" && ok "outlier: JSON outcome inconclusive, passed false; JUnit skipped" ||
  fail "outlier JSON: $(jget "$TMP/o.json" '(e["outcome"], d["outcome"], d["passed"])')"
no_claims "outlier, one run per side"

# 5. the printed figures are the ones the change is computed from (a trimmed warm-up)
run w 14 --warmup 400 --warmup-pct 20
cmpx 0 "a 400-iteration +20% warm-up against a steady run: PASS once trimmed" a="$TMP/a/m" w="$TMP/w/m"
"$PY" - "$TMP/o.json" "$TMP/o.xml" <<'EOF' && ok "warm-up: the ms column and JUnit delta reproduce the change" || fail "warm-up: printed figures differ from the change"
import json, re, sys
d = json.load(open(sys.argv[1]))
b, e = d["engines"]
assert e["warmup_trimmed"] >= 350 and b["warmup_trimmed"] == 0, (e["warmup_trimmed"], b["warmup_trimmed"])
assert abs((e["metric"]["value"] / b["metric"]["value"] - 1) * 100 - e["estimate"]["regress_pct"]) < 1e-6
delta = float(re.search(r"delta: ([+-][0-9.]+)%", open(sys.argv[2]).read()).group(1))
assert abs(delta - e["estimate"]["regress_pct"]) < 0.051, (delta, e["estimate"]["regress_pct"])
EOF
grep -q 'after a start-up level of' "$TMP/o.txt" && ok "warm-up: the source line says the ms is after the start-up level" || fail "warm-up: source line"
# runs with levels but no warm-up: nothing trimmed, nothing said
cmpx 0 "levels without a warm-up" a="$TMP/a/m" b="$TMP/b/m"
grep -q 'start-up level' "$TMP/o.err" "$TMP/o.md" && fail "no warm-up: a start-up level was trimmed" || ok "no warm-up: nothing trimmed, nothing said"

# 6. edges
run z 11 --zero 100 --zero 2000
cmpx 0 "two zero times in a run: dropped" a="$TMP/a/m" z="$TMP/z/m"
grep -q '2 timing records have a zero or negative latency or GPU compute time' "$TMP/o.err" &&
  [ "$(jget "$TMP/o.json" 'e["estimate"]["within_run"] is not None and e["estimate"]["no_interval"] is None')" = True ] &&
  ok "zero times: a warning names them, the interval stays" || fail "zero times: $(grep -i zero "$TMP/o.err")"
mkdir -p "$TMP/sh"
cp "$TMP/b"/* "$TMP/sh/"
"$PY" - "$TMP/sh/m.profile.metadata.json" <<'EOF'
import json, sys
p = sys.argv[1]
d = json.load(open(p))
def walk(o):
    if isinstance(o, dict):
        for k in o:
            if k == "Input inference shapes": o[k] = "images=4x3x224x224"  # no binding of that name
            else: walk(o[k])
    elif isinstance(o, list):
        for x in o: walk(x)
walk(d)
json.dump(d, open(p, "w"))
EOF
cmpx 4 "Input inference shapes that differ (metadata): NOT COMPARABLE" a="$TMP/a/m" sh="$TMP/sh/m"
case $(jget "$TMP/o.json" 'e["reason"]') in
  *"not comparable with the baseline (input shapes: model vs images=4x3x224x224)"*) ok "differing shapes: the reason names them" ;;
  *) fail "differing shapes: $(jget "$TMP/o.json" 'e["reason"]')" ;;
esac
mkdir -p "$TMP/mr"
cp "$TMP/a"/* "$TMP/mr/"
cat "$TMP/b/m.timing.json" >> "$TMP/mr/m.timing.json"
cmpx 0 "a timing file of two runs" mr="$TMP/mr/m" b="$TMP/b/m"
n=$(grep -c 'runs' "$TMP/o.err")
[ "$n" = 1 ] && grep -q 'compare takes them as repeated runs of one engine' "$TMP/o.err" &&
  ok "multi-run timing file: one message, saying they are repeated runs" || { fail "multi-run timing file: $n messages"; sed 's/^/    /' "$TMP/o.err"; }
"$EC_BIN" compare mr="$TMP/mr/m" b="$TMP/b/m" --run 1 > /dev/null 2> "$TMP/r1.err"
[ "$(grep -c 'runs' "$TMP/r1.err")" = 1 ] && grep -q 'using run 1' "$TMP/r1.err" && ok "multi-run timing file with --run 1: one message, using run 1" ||
  fail "--run 1: $(cat "$TMP/r1.err")"

# 7. the per-layer rule without repeated runs: a floor, said so, never a gate
cmpx 0 "A/A with --max-layer-regress 5" a="$TMP/a/m" b="$TMP/b/m" --max-layer-regress 5
case $(jget "$TMP/o.json" 'e["layer_noise_note"]') in
  *"run-to-run noise not measured"*"20% floor"*) ok "per-layer rule: run-to-run noise not measured, a floor" ;;
  *) fail "per-layer note: $(jget "$TMP/o.json" 'e["layer_noise_note"]')" ;;
esac

# 8. trend edges, on nights made from one stored summary (scaled as a night would be)
"$EC_BIN" summary --json "$TMP/a/m" > "$TMP/base.json" 2> /dev/null
# nights NAME FACTOR...: $TMP/NAME/NNNN.json, night k scaled by the k-th factor
nights() {
  "$PY" - "$TMP/base.json" "$TMP/$1" "$@" <<'EOF'
import copy, json, os, sys
base, out, factors = json.load(open(sys.argv[1])), sys.argv[2], [float(x) for x in sys.argv[4:]]
os.makedirs(out, exist_ok=True)
def scale(o, k):
    if isinstance(o, dict):
        for key, v in o.items():
            if key in ("count", "cv_pct", "source"): continue
            if isinstance(v, (int, float)) and not isinstance(v, bool): o[key] = v * k
            elif isinstance(v, (dict, list)): scale(v, k)
    elif isinstance(o, list):
        for i, v in enumerate(o):
            if isinstance(v, (int, float)) and not isinstance(v, bool): o[i] = v * k
            elif isinstance(v, (dict, list)): scale(v, k)
for i, f in enumerate(factors):
    s = copy.deepcopy(base)
    scale(s["performance"], f)
    s["labels"] = {"night": str(i + 1)}
    json.dump(s, open(os.path.join(out, "%04d.json" % (i + 1)), "w"))
EOF
}
# tr NAME: trend over $TMP/NAME with --max-regress 5; sets RC; the JSON checked against its schema
tr() {
  "$EC_BIN" trend "$TMP/$1" --by night --max-regress 5 --json "$TMP/$1.json" > "$TMP/$1.txt" 2>&1
  RC=$?
  schema_ok "$TMP/$1.json" tests/schema/trend.schema.json "trend $1"
}
tj() { "$PY" -c 'import json,sys; d=json.load(open(sys.argv[1])); g=d["engines"][0]; print(eval(sys.argv[2]))' "$TMP/$1.json" "$2"; }
noise="1.000 1.004 0.997 1.002 0.998 1.003 0.999 1.001 0.996 1.002 0.998 1.003 0.997 1.001 0.999 1.002 0.998 1.004 0.997 1.001"
# an outlier night (1.5x) in the middle: left out of the latest night's baseline
nights out 1.000 1.004 0.997 1.002 0.998 1.003 0.999 1.001 0.996 1.50 0.998 1.003 0.997 1.001 0.999 1.002 0.998 1.004 0.997 1.001 1.000
tr out; rc=$RC
[ "$rc" = 0 ] && [ "$(tj out '(g["gate"]["against"]["nights"], g["nights"][9]["outlier"], len(g["change_points"]))')" = "(19, True, 0)" ] &&
  ok "trend: an outlier night is left out of the gate's baseline (19 of 20 nights)" || fail "trend outlier: exit $rc, $(tj out 'g["gate"]["against"]')"
# a red latest night after a red night at another level: not confirmed; after one at its level: confirmed
nights red1 $noise 1.30 1.12
nights red2 $noise 1.12 1.123
tr red1; rc1=$RC; tr red2; rc2=$RC
[ "$rc1" = 4 ] && [ "$rc2" = 1 ] && ok "trend: a red night is confirmed only by a previous night at its level (exit $rc1, then $rc2)" ||
  fail "trend confirmation: exit $rc1 and $rc2; $(tj red1 'g["gate"]["reason"]')"
# a 0.6% step on 0.05% noise is a level, not a change point worth reporting; a 3% step is one
small="1.0000 1.0005 0.9995 1.0003 0.9997 1.0004 0.9996 1.0002 0.9998 1.0001"
nights step06 $small $(for f in $small; do awk -v f="$f" 'BEGIN { printf "%.6f ", f * 1.006 }'; done)
nights step3 $small $(for f in $small; do awk -v f="$f" 'BEGIN { printf "%.6f ", f * 1.03 }'; done)
tr step06; tr step3
[ "$(tj step06 'len(g["change_points"])')" = 0 ] && [ "$(tj step3 'len(g["change_points"])')" = 1 ] &&
  [ "$(tj step06 'd["method"]["min_step_pct"]')" = 1.0 ] &&
  ok "trend: no change point under the stated 1% minimum (a 0.6% step), one for a 3% step" ||
  fail "trend minimum step: $(tj step06 'len(g["change_points"])') and $(tj step3 'len(g["change_points"])')"
# levels 4% apart (under the 5% limit) but 8% from the first: the reference gate fails, and is named
lv="" ; for f in 1 1.04 1.08; do for k in 1 2 3 4 5 6 7 8 9 10; do lv="$lv $(awk -v f="$f" -v k="$k" 'BEGIN { printf "%.6f", f * (1 + ((k * 7) % 5 - 2) * 0.0005) }')"; done; done
nights drift $lv
tr drift; rc=$RC
[ "$rc" = 1 ] && grep -q 'result: FAIL: .*slower than the reference level' "$TMP/drift.txt" &&
  [ "$(tj drift 'g["gate"]["failed_gates"]')" = "['reference']" ] && [ "$(tj drift '(g["outcome"], d["passed"])')" = "('fail', False)" ] &&
  ok "trend: the headline and JSON name the gate that failed (the reference)" || { fail "trend names the gate: exit $rc"; grep result "$TMP/drift.txt"; }

# 9. the corpus: the two halves of a real run, one run per side: no level, no direction
if have_corpus; then
  for eng in trex/mobilenet_v2_residuals.qat fuzzylabs/resnet18_fp16; do
    src=$CORPUS/$eng
    t=$(ls "$src"/*.timing.json | head -1)
    mkdir -p "$TMP/h1" "$TMP/h2"
    "$PY" - "$t" "$TMP/h1/m.timing.json" "$TMP/h2/m.timing.json" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1])); h = len(r) // 2
json.dump(r[:h], open(sys.argv[2], "w")); json.dump(r[h:2 * h], open(sys.argv[3], "w"))
EOF
    cmpx 0 "corpus $eng: its two halves, one run per side" a="$TMP/h1/m.timing.json" b="$TMP/h2/m.timing.json"
    no_claims "corpus $eng halves"
  done
else
  skip "verdict words on the corpus's real runs: $CORPUS is absent"
fi
