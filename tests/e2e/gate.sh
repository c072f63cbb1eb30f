# gate: compare's regression gate on the corpus's real, noisy timings
# (trex/mobilenet.qat: per-iteration CV 6.5%; trex/mobilenet_v2_residuals.qat:
# 13.3%). A slowdown is simulated by scaling a copy of an engine's timings in
# a temp dir (never committed): a 10% slowdown fails --max-regress 5, a 3%
# one passes, the two halves of one run pass, a stored summary as the
# baseline gives the same verdict as the full engine, and repeated runs
# (NAME=a,b) are accepted.
. tests/e2e/lib.sh
export SOURCE_DATE_EPOCH=1700000000
if ! have_corpus; then
  skip "gate on real timings: $CORPUS is absent (CI has it; run from a checkout beside shared/)"
  exit 0
fi

# variant SRC DST FACTOR [first|second]: copy engine dir SRC to DST with every
# number of every timing record times FACTOR (and only half the records)
variant() {
  mkdir -p "$2"
  [ "$1" = "$2" ] || { cp "$1"/* "$2"/ && chmod u+w "$2"/*; }
  "$PY" - "$2" "$3" "${4:-all}" <<'EOF'
import glob, json, sys
d, f, part = sys.argv[1], float(sys.argv[2]), sys.argv[3]
for p in glob.glob(d + "/*.timing.json"):
    recs = json.load(open(p))
    h = len(recs) // 2
    recs = recs[:h] if part == "first" else recs[h:] if part == "second" else recs
    json.dump([{k: v * f if isinstance(v, (int, float)) else v for k, v in r.items()} for r in recs], open(p, "w"))
EOF
}

# json_get FILE EXPR: print a value of the compare JSON (d = document, e = first candidate)
json_get() { "$PY" -c 'import json,sys; d=json.load(open(sys.argv[1])); e=[x for x in d["engines"] if not x["baseline"]][0]; print(eval(sys.argv[2]))' "$1" "$2"; }

# gate DESC WANT_RC ARGS...: compare with --max-regress 5 and --json
gate() {
  d=$1; want=$2; shift 2
  "$EC_BIN" compare "$@" --max-regress 5 --json "$TMP/g.json" > "$TMP/g.txt" 2> "$TMP/g.err"
  rc=$?
  if [ $rc -eq "$want" ]; then
    ok "$d: exit $rc ($(json_get "$TMP/g.json" 'e["estimate"]["text"]'))"
  else
    fail "$d: exit $rc, want $want"
    sed 's/^/    /' "$TMP/g.txt" | sed -n 5,12p
  fi
}

for eng in mobilenet.qat mobilenet_v2_residuals.qat; do
  src=$CORPUS/trex/$eng
  w=$TMP/$eng
  variant "$src" "$w/slow10" 1.10
  variant "$src" "$w/slow3" 1.03
  variant "$src" "$w/first" 1 first
  variant "$src" "$w/second" 1 second
  variant "$src" "$w/slow10-first" 1.10 first
  variant "$src" "$w/slow10-second" 1.10 second
  cv=$("$EC_BIN" summary --json "$src" 2>/dev/null | "$PY" -c 'import json,sys; print("%.1f" % json.load(sys.stdin)["performance"]["gpu_compute_ms"]["cv_pct"])')

  gate "$eng (CV $cv%): 10% slowdown fails --max-regress 5" 1 base="$src" slow10="$w/slow10"
  est=$(json_get "$TMP/g.json" 'e["estimate"]["regress_pct"]')
  sig=$(json_get "$TMP/g.json" 'e["estimate"]["significant"]')
  # one run per side: a threshold verdict that claims no significance
  if awk -v x="$est" 'BEGIN { exit !(x > 9.9 && x < 10.1) }' && [ "$sig" = None ]; then
    ok "$eng: the 10% slowdown is estimated at $est%, significance not claimed (one run per side)"
  else
    fail "$eng: estimate $est, significant $sig"
  fi
  grep -q '^slow10 .*+10\.[0-9]*% (one run per side: run-to-run noise not measured) *FAIL' "$TMP/g.txt" &&
    grep -q 'within run \[+' "$TMP/g.txt" && ok "$eng: terminal says noise not measured, FAIL, and labels the within-run interval" ||
    { fail "$eng: terminal line"; grep '^slow10' "$TMP/g.txt"; }
  gate "$eng: 3% slowdown passes --max-regress 5" 0 base="$src" slow3="$w/slow3"
  gate "$eng: the two halves of one run pass" 0 first="$w/first" second="$w/second"
  aa=$(json_get "$TMP/g.json" '(e["estimate"]["significant"], e["estimate"]["run_noise"])')
  if [ "$aa" = "(None, 'not measured')" ] && grep -q 'one run per side: run-to-run noise not measured' "$TMP/g.txt"; then
    ok "$eng: A/A halves: run-to-run noise not measured, no significance claimed"
  else
    fail "$eng: A/A halves: $aa"
  fi

  # a stored summary as the baseline: the same verdicts and nearly the same within-run interval
  "$EC_BIN" summary --json "$src" > "$w/baseline.json" 2>/dev/null
  gate "$eng: full engine baseline vs slow10" 1 base="$src" slow10="$w/slow10"
  full=$(json_get "$TMP/g.json" '"%s %s %s" % (e["verdict"], e["estimate"]["within_run"]["low_pct"], e["estimate"]["within_run"]["high_pct"])')
  gate "$eng: stored-summary baseline vs slow10" 1 base="$w/baseline.json" slow10="$w/slow10"
  stored=$(json_get "$TMP/g.json" '"%s %s %s" % (e["verdict"], e["estimate"]["within_run"]["low_pct"], e["estimate"]["within_run"]["high_pct"])')
  # a stored sketch keeps no order, so its side counts as independent: its
  # within-run interval is at most as wide as the full run's (which is widened
  # for autocorrelation), and centred alike
  if echo "$full $stored" | awk '{ exit !($1 == $4 && $5 >= $2 - 0.2 && $6 <= $3 + 0.2 && (($2 + $3) - ($5 + $6)) ^ 2 < 0.36) }'; then
    ok "$eng: stored summary gives the full engine's verdict and a within-run interval inside its (full: $full; stored: $stored)"
  else
    fail "$eng: stored summary differs (full: $full; stored: $stored)"
  fi
  gate "$eng: stored-summary baseline vs slow3" 0 base="$w/baseline.json" slow3="$w/slow3"
  # a summary/1 baseline (no sketch) still works: percentiles approximate the distribution
  "$PY" - "$w/baseline.json" "$w/baseline1.json" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
d["schema"] = "enginecard.summary/1"
for k in ("gpu_compute_ms", "latency_ms"):
    d["performance"][k].pop("sketch")
json.dump(d, open(sys.argv[2], "w"))
EOF
  gate "$eng: summary/1 baseline vs slow10" 1 base="$w/baseline1.json" slow10="$w/slow10"
  grep -q 'approximated from stored percentiles' "$TMP/g.json" && ok "$eng: summary/1: the distribution is said to be approximated" ||
    fail "$eng: summary/1 distribution not described"

  # repeated runs: two runs per side (the halves), random effects
  gate "$eng: two runs per side, 10% slower" 1 "base=$w/first,$w/second" "slow10=$w/slow10-first,$w/slow10-second"
  if [ "$(json_get "$TMP/g.json" '(e["estimate"]["runs_baseline"], e["estimate"]["runs_engine"], e["estimate"]["df"])')" = "(2, 2, 2)" ]; then
    ok "$eng: NAME=a,b gives two runs per side and 2 degrees of freedom"
  else
    fail "$eng: repeats not taken: $(json_get "$TMP/g.json" 'e["estimate"]')"
  fi
done

# no verdict on real engines: another GPU is NOT COMPARABLE, 20 iterations INCONCLUSIVE (exit 4)
T=$CORPUS/trex
gate "RTX 3090 TF fp16 vs A100 PyTorch fp16: not comparable" 4 rtx3090=$T/tensorflow-resnet-RTX-3090-fp16 a100=$T/pytorch-resnet-A100-fp16
[ "$(json_get "$TMP/g.json" 'e["verdict"]')" = "not comparable" ] && grep -q '^result: NOT COMPARABLE' "$TMP/g.txt" &&
  ok "cross-GPU corpus pair: verdict not comparable" || fail "cross-GPU corpus pair: $(json_get "$TMP/g.json" 'e["reason"]')"
mkdir -p "$TMP/few"
cp "$T/mobilenet.qat"/* "$TMP/few/" && chmod u+w "$TMP/few"/*
"$PY" - "$TMP/few" <<'EOF2'
import glob, json, sys
for p in glob.glob(sys.argv[1] + "/*.timing.json"):
    json.dump(json.load(open(p))[1000:1020], open(p, "w"))
EOF2
gate "mobilenet.qat: 20 iterations of a real run: inconclusive" 4 base=$T/mobilenet.qat few="$TMP/few"
grep -q 'fewer than 30' "$TMP/g.txt" && ok "20 real iterations: the reason names the 30-iteration floor" || fail "20 real iterations: reason"

# same-named engines in different folders are named by their folders,
# everywhere: terminal, JSON, JUnit, Markdown, bench-json, HTML and PDF of
# the comparison report, and the report card's index and bookmarks
src=$CORPUS/trex/mobilenet.qat
for d in nightly-1120 nightly-1121; do
  mkdir -p "$TMP/ci/$d"
  for f in "$src"/*; do cp "$f" "$TMP/ci/$d/model.engine.${f#"$src"/mobilenet.qat.onnx.engine.}"; done
done
variant "$TMP/ci/nightly-1121" "$TMP/ci/nightly-1121" 1.10
( cd "$TMP/ci" && "$OLDPWD/$EC_BIN" compare nightly-1120/model.engine nightly-1121/model.engine --max-regress 5 \
    --json c.json --junit c.xml --markdown c.md --bench-json b.json -o c.html --pdf c.pdf > c.txt 2> c.err
  echo $? > rc )
[ "$(cat "$TMP/ci/rc")" = 1 ] && ok "nightly folders: the 10% slowdown fails" || fail "nightly folders: exit $(cat "$TMP/ci/rc")"
pdftotext -layout "$TMP/ci/c.pdf" "$TMP/ci/c.pdf.txt" 2> /dev/null
for f in c.txt c.json c.xml c.md b.json c.html c.pdf.txt; do
  if grep -q 'nightly-1120' "$TMP/ci/$f" && grep -q 'nightly-1121' "$TMP/ci/$f" && ! grep -q 'model\.engine#2' "$TMP/ci/$f"; then
    ok "nightly folders: $f names the engines nightly-1120 and nightly-1121"
  else
    fail "nightly folders: $f does not name the engines by their folders"
  fi
done
( cd "$TMP/ci" && "$OLDPWD/$EC_BIN" report nightly-1120/model.engine nightly-1121/model.engine -o r.html --pdf r.pdf -q )
if grep -aq '/Title (nightly-1120)' "$TMP/ci/r.pdf" && grep -aq '/Title (nightly-1121)' "$TMP/ci/r.pdf" &&
   grep -q 'href="#[^"]*">nightly-1121<' "$TMP/ci/r.html"; then
  ok "nightly folders: the report card's bookmarks and index use the folder names"
else
  fail "nightly folders: report card index or bookmarks"
fi
( cd "$TMP/ci" && "$OLDPWD/$EC_BIN" compare a=nightly-1120/model.engine nightly-1121/model.engine > n.txt 2>&1 )
grep -q '^a  ' "$TMP/ci/n.txt" && grep -q '^model.engine ' "$TMP/ci/n.txt" && ok "nightly folders: NAME=ENGINE still overrides" ||
  fail "nightly folders: NAME= override"
