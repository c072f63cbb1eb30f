# The composite action (action.yml, steps in ci/action.sh) run by a local
# runner stub (tests/e2e/gh_runner.py: GITHUB_OUTPUT, GITHUB_ENV,
# GITHUB_STEP_SUMMARY as temp files, no network): outputs verdict,
# change-pct and report-path; the summary and annotations; the reports the
# upload step gets; the step fails as compare exits; setup builds enginecard
# from the checkout when none is installed.
. tests/e2e/lib.sh
export SOURCE_DATE_EPOCH=1700000000
if ! "$PY" -c 'import yaml' > /dev/null 2>&1; then skip "python3-yaml is missing (see tests/deps.sh): the action is not run"; exit 0; fi
ROOT=$(pwd)
WS=$TMP/ws
mkdir -p "$WS/base" "$WS/slow" "$WS/same"
BIN=$(cd "$(dirname "$EC_BIN")" && pwd)/$(basename "$EC_BIN")
"$EC_GEN" --out "$WS/base/model.engine" --layers 60 --iterations 2000 --seed 1 > /dev/null 2>&1
"$EC_GEN" --out "$WS/slow/model.engine" --layers 60 --iterations 2000 --seed 2 --slow 20 > /dev/null 2>&1
"$EC_GEN" --out "$WS/same/model.engine" --layers 60 --iterations 2000 --seed 3 > /dev/null 2>&1
"$BIN" summary --json "$WS/base/model.engine" > "$WS/baseline.json" 2>/dev/null

# action DESC ARGS...: run the action (inputs as name=value) with ENGINECARD set; result in $TMP/r.json
action() {
  d=$1; shift
  (cd "$WS" && ENGINECARD=$BIN "$PY" "$ROOT/tests/e2e/gh_runner.py" action "$ROOT" "$WS" "$@") > "$TMP/r.json" 2> "$TMP/r.err" ||
    { fail "$d: the runner stub failed"; tail -5 "$TMP/r.err"; return 1; }
}
# q EXPR: a value of the last result (r)
q() { "$PY" -c 'import json,sys; r=json.load(open(sys.argv[1])); print(eval(sys.argv[2]))' "$TMP/r.json" "$1"; }

action "a 20% slowdown" "engines=main=baseline.json candidate=slow/model.engine" max-regress=10
if [ "$(q 'r["outputs"]["verdict"]')" = fail ] && [ "$(q 'r["failed"]')" = True ]; then ok "a 20% slowdown: verdict fail, the action fails"
else fail "a 20% slowdown: verdict $(q 'r["outputs"]')"; fi
c=$(q 'r["outputs"]["change-pct"]')
"$PY" -c "import sys; c=float(sys.argv[1]); sys.exit(not 15 < c < 25)" "$c" && ok "change-pct $c (about 20)" || fail "change-pct '$c'"
rp=$(q 'r["outputs"]["report-path"]')
[ "$rp" = enginecard-report/report.html ] && [ -s "$WS/$rp" ] && ok "report-path names the HTML report" || fail "report-path '$rp'"
missing=
for f in report.html report.pdf compare.json compare.xml comment.md bench.json bench-throughput.json bmf.json metrics.txt; do
  [ -s "$WS/enginecard-report/$f" ] || missing="$missing $f"
done
[ -z "$missing" ] && ok "every report written to the folder the upload step gets" || fail "the report folder lacks$missing"
if [ "$(q '[u["uses"].split("@")[0] + " " + str(len(u["uses"].split("@")[1])) for u in r["uses"]]')" = "['actions/upload-artifact 40']" ] &&
   [ "$(q 'r["uses"][0]["with"]')" = "{'name': 'enginecard-report', 'path': 'enginecard-report', 'if-no-files-found': 'ignore'}" ]; then
  ok "upload-artifact runs (also after the failure) with the report folder"
else fail "upload step: $(q 'r["uses"]')"; fi
q 'r["summary"]' > "$TMP/sum.md"
head -1 "$TMP/sum.md" | grep -q '^### .*enginecard compare .* FAIL' && ok "job summary written, verdict first" || fail "job summary"
q '"".join(s.get("stdout","") for s in r["steps"])' > "$TMP/stdout.txt"
grep -q '^::error title=enginecard compare%3A candidate fail::' "$TMP/stdout.txt" &&
  ok "an ::error annotation for the failed gate" || fail "no annotation"
[ "$(q '[s.get("rc") for s in r["steps"]][-1]')" = 1 ] && ok "the last step exits 1, as compare did" || fail "last step: $(q '[s.get("rc") for s in r["steps"]]')"
head -1 "$WS/enginecard-report/comment.md" | grep -q '^<!-- enginecard:compare -->$' && ok "comment.md starts with the sticky-comment marker" || fail "comment.md"

rm -rf "$WS/enginecard-report"
action "no change, one per line, --baseline by name" "engines=candidate=same/model.engine
main=baseline.json" baseline=main max-regress=10 output-dir=out
if [ "$(q 'r["outputs"]["verdict"]')" = pass ] && [ "$(q 'r["failed"]')" = False ] && [ -s "$WS/out/report.pdf" ]; then
  ok "no change: verdict pass, the action succeeds, reports in output-dir"
else fail "no change: $(q 'r["outputs"]') failed=$(q 'r["failed"]')"; tail -8 "$TMP/r.err"; fi

action "one engine only" "engines=baseline.json" max-regress=10
[ "$(q 'r["failed"]')" = True ] && [ "$(q '[s.get("rc") for s in r["steps"]][-1]')" = 2 ] && ok "one engine: the action fails with exit 2" || fail "one engine: $(q '[s.get("rc") for s in r["steps"]]')"
[ "$(q 'r["outputs"]["verdict"]')" = error ] && ok "one engine: verdict error in the outputs" || fail "one engine: verdict '$(q 'r["outputs"]["verdict"]')'"

# setup without an installed enginecard builds this checkout (make is a no-op when built)
if [ "$EC_BIN" = build/enginecard ] || [ "$EC_BIN" = "$ROOT/build/enginecard" ]; then
  out=$(env -u ENGINECARD PATH=/usr/bin:/bin GITHUB_ENV="$TMP/genv" sh ci/action.sh setup 2>&1); rc=$?
  if [ $rc -eq 0 ] && grep -q "^ENGINECARD=$ROOT/build/enginecard\$" "$TMP/genv"; then ok "setup without an installed enginecard: builds the checkout, ENGINECARD in GITHUB_ENV"
  else fail "setup: exit $rc: $out"; fi
else
  skip "setup's build: EC_BIN is not this checkout's build/enginecard"
fi
mkdir -p "$TMP/pathbin" && ln -sf "$BIN" "$TMP/pathbin/enginecard"
env -u ENGINECARD PATH="$TMP/pathbin:/usr/bin:/bin" GITHUB_ENV="$TMP/genv2" sh ci/action.sh setup > /dev/null 2>&1
grep -q "^ENGINECARD=$TMP/pathbin/enginecard\$" "$TMP/genv2" && ok "setup: an installed enginecard on PATH is used" || fail "setup: installed enginecard not used"
