# gate_runs: the run is the unit of noise, on engines made by enginegen
# (AR(1) iterations, run-to-run shifts via --slow): one run per side is a
# threshold verdict that says run-to-run noise was not measured (terminal,
# JSON, JUnit, Markdown, HTML); --run-noise makes an honest interval;
# cross-GPU gives NOT COMPARABLE and fewer than 30 iterations INCONCLUSIVE
# (exit 4); a folder of nightly summaries with --last N is the baseline's
# repeated runs; interleaved repeats A=a1,a2,a3 B=b1,b2,b3.
. tests/e2e/lib.sh
export SOURCE_DATE_EPOCH=1700000000
G="$EC_GEN --layers 60 --iterations 5000 --ar 0.9"
# eng DIR SEED [OPTIONS]: one engine (about 1.2 s of GPU time)
eng() { d=$1; s=$2; shift 2; mkdir -p "$TMP/$d" && $G --out "$TMP/$d/m" --seed 1 "$@" > /dev/null 2>&1; }
jget() { "$PY" -c 'import json,sys; d=json.load(open(sys.argv[1])); e=[x for x in d["engines"] if not x["baseline"]][0]; print(eval(sys.argv[2]))' "$1" "$2"; }
cmpx() { # WANT_RC DESC ARGS...: compare with every output
  want=$1; desc=$2; shift 2
  "$EC_BIN" compare "$@" --json "$TMP/o.json" --junit "$TMP/o.xml" --markdown "$TMP/o.md" -o "$TMP/o.html" > "$TMP/o.txt" 2> "$TMP/o.err"
  rc=$?
  [ $rc = "$want" ] && ok "$desc: exit $rc" || { fail "$desc: exit $rc, want $want"; sed 's/^/    /' "$TMP/o.txt" | tail -4; }
}
eng a 1
eng b 1 --slow 1.5
eng s 1 --slow 12
# 1. one run per side, A/A with a 1.5% run shift: no significance claimed anywhere
cmpx 0 "one run per side, 1.5% apart, --max-regress 5" a="$TMP/a/m" b="$TMP/b/m" --max-regress 5
phrase='one run per side: run-to-run noise not measured'
for f in o.txt o.md o.xml o.html; do
  grep -q "$phrase" "$TMP/$f" && ok "one run: $f says run-to-run noise was not measured" || fail "one run: $f lacks \"$phrase\""
done
[ "$(jget "$TMP/o.json" '(e["estimate"]["significant"], e["estimate"]["run_noise"], e["estimate"]["low_pct"])')" = "(None, 'not measured', None)" ] &&
  ok "one run: JSON significant null, run_noise \"not measured\", no interval claimed" || fail "one run: JSON $(jget "$TMP/o.json" 'e["estimate"]')"
grep -q 'within run \[' "$TMP/o.txt" && ok "one run: the within-run interval is labelled as such" || fail "one run: within-run label"
# 2. a 12% slowdown: a threshold verdict fails; --run-noise 2 gives an honest interval that still excludes no change
cmpx 1 "one run per side, 12% slower: a threshold FAIL" a="$TMP/a/m" s="$TMP/s/m" --max-regress 5
cmpx 1 "--run-noise 2: 12% slower fails on an honest interval" a="$TMP/a/m" s="$TMP/s/m" --max-regress 5 --run-noise 2
[ "$(jget "$TMP/o.json" '(e["estimate"]["run_noise"], e["estimate"]["significant"])')" = "('given', True)" ] &&
  ok "--run-noise: run_noise given, significant" || fail "--run-noise: $(jget "$TMP/o.json" 'e["estimate"]')"
cmpx 4 "--run-noise 6: 12% slower is past the limit but within the noise: INCONCLUSIVE" a="$TMP/a/m" s="$TMP/s/m" --max-regress 5 --run-noise 6
grep -q '^result: INCONCLUSIVE' "$TMP/o.txt" && grep -q 'skipped message="INCONCLUSIVE' "$TMP/o.xml" &&
  ok "inconclusive: terminal and JUnit (skipped) say so" || fail "inconclusive wording"
# 3. not comparable: another GPU; fewer than 30 iterations
mkdir -p "$TMP/h" "$TMP/few"
$G --out "$TMP/h/m" --seed 1 --gpu h100 > /dev/null 2>&1
$EC_GEN --layers 60 --iterations 20 --out "$TMP/few/m" --seed 1 > /dev/null 2>&1
cmpx 4 "A100 vs H100: NOT COMPARABLE" a="$TMP/a/m" h="$TMP/h/m" --max-regress 5
grep -q '^result: NOT COMPARABLE' "$TMP/o.txt" && [ "$(jget "$TMP/o.json" 'e["verdict"]')" = "not comparable" ] &&
  ok "cross-GPU: terminal and JSON say not comparable" || fail "cross-GPU verdict"
cmpx 0 "A100 vs H100 --allow-mismatch: gated (the H100 is faster: PASS)" a="$TMP/a/m" h="$TMP/h/m" --max-regress 5 --allow-mismatch
cmpx 4 "20 iterations: INCONCLUSIVE" a="$TMP/a/m" few="$TMP/few/m" --max-regress 5
grep -q 'fewer than 30' "$TMP/o.txt" && ok "20 iterations: the reason names the 30-iteration floor" || fail "20 iterations reason"
cmpx 4 "runs of two GPUs pooled into one side: NOT COMPARABLE" "a=$TMP/a/m,$TMP/h/m" b="$TMP/b/m" --max-regress 5
grep -q 'runs pooled into a differ in GPU' "$TMP/o.txt" && ok "pooled runs: the reason says which side" || fail "pooled runs reason"
# 4. nightly history: ten nights (shifts of -2..+2%) as summaries in one folder, --last 8
mkdir -p "$TMP/nights"
i=0
for sh in 0.5 -1.0 1.8 -0.4 0.0 -1.6 1.1 0.3 -0.8 1.4; do
  i=$((i + 1)); eng "n$i" 1 --slow "$sh"
  "$EC_BIN" summary --json "$TMP/n$i/m" > "$TMP/nights/night-$(printf %02d $i).json" 2> /dev/null
done
eng t0 1 --slow 0.7
eng t10 1 --slow 10
cmpx 0 "history baseline (last 8 nights) vs an ordinary night: PASS" base="$TMP/nights" tonight="$TMP/t0/m" --last 8 --max-regress 5
[ "$(jget "$TMP/o.json" '(e["estimate"]["runs_baseline"], e["estimate"]["run_noise"])')" = "(8, 'measured')" ] &&
  ok "history baseline: 8 runs, run-to-run noise measured" || fail "history baseline: $(jget "$TMP/o.json" 'e["estimate"]')"
cmpx 1 "history baseline vs tonight 10% slower: FAIL on the prediction interval" base="$TMP/nights" tonight="$TMP/t10/m" --last 8 --max-regress 5
[ "$(jget "$TMP/o.json" 'e["estimate"]["significant"]')" = True ] && ok "history baseline: the 10% slowdown is significant" ||
  fail "history baseline: $(jget "$TMP/o.json" 'e["estimate"]')"
n="$TMP/nights/night"
cmpx 1 "history baseline as a comma list" "base=$n-01.json,$n-02.json,$n-03.json,$n-04.json,$n-05.json" tonight="$TMP/t10/m" --max-regress 5
# 5. interleaved repeats: A=a1,a2,a3 B=b1,b2,b3
for k in 1 2 3; do eng "ia$k" 1 --slow "0.$k"; eng "ib$k" 1 --slow "1$k"; done
cmpx 1 "interleaved repeats, B 11-13% slower: FAIL" "A=$TMP/ia1/m,$TMP/ia2/m,$TMP/ia3/m" "B=$TMP/ib1/m,$TMP/ib2/m,$TMP/ib3/m" --max-regress 5
[ "$(jget "$TMP/o.json" '(e["estimate"]["runs_baseline"], e["estimate"]["runs_engine"], e["estimate"]["df"])')" = "(3, 3, 4)" ] &&
  ok "interleaved repeats: 3 and 3 runs, 4 degrees of freedom" || fail "interleaved: $(jget "$TMP/o.json" 'e["estimate"]')"
# 6. a start-up level: the first 500 iterations 20% slower are trimmed, and said so
eng w 1 --warmup 500 --warmup-pct 20
cmpx 0 "a run with a 500-iteration warm-up against one without: PASS once trimmed" a="$TMP/a/m" w="$TMP/w/m" --max-regress 5
t=$(jget "$TMP/o.json" 'e["warmup_trimmed"]')
[ "$t" -ge 475 ] && [ "$t" -le 550 ] && grep -q 'start-up level was trimmed' "$TMP/o.err" &&
  ok "warm-up: $t iterations trimmed, and the warning says so" || fail "warm-up: trimmed $t; $(cat "$TMP/o.err")"
[ "$(jget "$TMP/o.json" 'e["warmup_trimmed"]')" != 0 ] && [ "$("$PY" -c 'import json,sys; print([x["warmup_trimmed"] for x in json.load(open(sys.argv[1]))["engines"] if x["baseline"]][0])' "$TMP/o.json")" = 0 ] &&
  ok "warm-up: the steady run is not trimmed" || fail "warm-up: the baseline was trimmed"
# p99 needs 1,000 iterations after trimming
mkdir -p "$TMP/p9a" "$TMP/p9b"
$EC_GEN --layers 60 --iterations 900 --out "$TMP/p9a/m" --seed 1 > /dev/null 2>&1
$EC_GEN --layers 60 --iterations 900 --out "$TMP/p9b/m" --seed 2 > /dev/null 2>&1
"$EC_BIN" compare "$TMP/p9a/m" "$TMP/p9b/m" --metric gpu-p99 --json "$TMP/p.json" > /dev/null 2>&1
grep -q 'p99 needs 1,000 iterations' "$TMP/p.json" && ok "p99 of 900 iterations: no interval (needs 1,000)" || fail "p99 of 900 iterations"
# throughput: the within-run interval is of the time per query, around its estimate
"$EC_BIN" compare a="$TMP/a/m" s="$TMP/s/m" --metric throughput --json "$TMP/q.json" > /dev/null 2>&1
q=$(jget "$TMP/q.json" '(e["estimate"]["within_run"]["low_pct"] < e["estimate"]["regress_pct"] < e["estimate"]["within_run"]["high_pct"])')
[ "$q" = True ] && ok "throughput, one run per side: the within-run interval surrounds the time-per-query estimate" ||
  fail "throughput within-run interval: $(jget "$TMP/q.json" 'e["estimate"]')"
