# The sample CI files in docs/ci/ run as written: the GitHub workflow through
# the local runner stub (tests/e2e/gh_runner.py, with the composite action)
# on a pull request with a regression and on main without one, and the GitLab
# job's before_script and script in one shell as GitLab's runner does; both
# with a stand-in trtexec that writes a generated engine's files. Their
# outputs are checked: verdicts, the sticky comment's body, the benchmark
# files, the GitLab reports (JUnit against junit.xsd, OpenMetrics with
# prometheus_client's parser, Code Quality against its schema).
. tests/e2e/lib.sh
export SOURCE_DATE_EPOCH=1700000000
if ! "$PY" -c 'import yaml' > /dev/null 2>&1; then skip "python3-yaml is missing (see tests/deps.sh): docs/ci not run"; exit 0; fi
ROOT=$(pwd)
BIN=$(cd "$(dirname "$EC_BIN")" && pwd)/$(basename "$EC_BIN")
mkdir -p "$TMP/eng/base" "$TMP/eng/slow" "$TMP/eng/same" "$TMP/bin"
"$EC_GEN" --out "$TMP/eng/base/model.engine" --layers 60 --iterations 2000 --seed 1 > /dev/null 2>&1
"$EC_GEN" --out "$TMP/eng/slow/model.engine" --layers 60 --iterations 2000 --seed 2 --slow 20 > /dev/null 2>&1
"$EC_GEN" --out "$TMP/eng/same/model.engine" --layers 60 --iterations 2000 --seed 1 > /dev/null 2>&1
# trtexec as a stand-in (tests/gen/ci_stubs.sh): writes $STUB_ENGINE's
# files where --export* say and prints its console log
. tests/gen/ci_stubs.sh
ci_stubs "$TMP/bin"
# a fresh workspace, and main's last baseline (the base engine's files) in
# the Actions cache (GitHub) and as the last default-branch artifact (GitLab)
workspace() {
  rm -rf "$TMP/ws" "$TMP/cache" "$TMP/artifacts"; mkdir -p "$TMP/ws" "$TMP/cache/enginecard-baseline-0/data" "$TMP/artifacts"
  for f in graph.json profile.json timing.json; do cp "$TMP/eng/base/model.engine.$f" "$TMP/cache/enginecard-baseline-0/data/model.engine.$f"; done
  echo 0 > "$TMP/cache/enginecard-baseline-0/order"
  (cd "$TMP/cache/enginecard-baseline-0" && mv data baseline && tar -czf "$TMP/artifacts/baseline.tar.gz" baseline && mv baseline data)
}
q() { "$PY" -c 'import json,sys; r=json.load(open(sys.argv[1])); print(eval(sys.argv[2]))' "$TMP/r.json" "$1"; }
gh() {
  (cd "$TMP/ws" && PATH="$TMP/bin:$PATH" ENGINECARD=$BIN ENGINECARD_ROOT=$ROOT STUB_ENGINE=$1 STUB_EVENT=$2 STUB_REF=$3 \
    STUB_CACHE=$TMP/cache STUB_RUN_ID=${4:-5} \
    "$PY" "$ROOT/tests/e2e/gh_runner.py" workflow "$ROOT/docs/ci/github-workflow.yml" "$TMP/ws") > "$TMP/r.json" 2> "$TMP/r.err"
}

# 1. GitHub, a pull request with a 20% slowdown
workspace
if gh "$TMP/eng/slow/model.engine" pull_request refs/pull/7/merge; then
  ran=$(q '[s["name"] for s in r["steps"] if not s.get("skipped")]')
  if [ "$(q 'r["failed"]')" = True ] && [ "$(q '[s for s in r["steps"] if s["name"]=="Compare with main"][0]["outputs"]["verdict"]')" = fail ]; then
    ok "GitHub workflow, PR with a regression: the gate step says fail and the job fails"
  else fail "GitHub workflow, PR: $(q 'r["failed"]') $ran"; fi
  q '[s for s in r["steps"] if s["name"]=="Say the verdict"][0]["stdout"]' > "$TMP/say.txt"
  grep -q '^enginecard verdict fail, change 2[0-9.]*%, report enginecard-report/report.html' "$TMP/say.txt" &&
    ok "the step after the gate reads its outputs (verdict, change-pct, report-path)" || fail "outputs: $(cat "$TMP/say.txt")"
  body=$(q '[u["with"]["body-path"] for u in r["uses"] if u["uses"].startswith("peter-evans/create-or-update-comment")][0]')
  marker=$(q '[u["with"]["body-includes"] for u in r["uses"] if u["uses"].startswith("peter-evans/find-comment")][0]')
  if [ -s "$TMP/ws/$body" ] && [ "$(head -1 "$TMP/ws/$body")" = "$marker" ]; then ok "sticky comment: the body's first line is the marker find-comment looks for"
  else fail "sticky comment: body '$body', marker '$marker'"; fi
  [ "$(q '[u["uses"] for u in r["uses"] if "benchmark" in u["uses"]]')" = "[]" ] && ok "PR: the history steps are skipped" || fail "PR: history steps ran"
  q '[s["rc"] for s in r["steps"] if s["name"]=="Lint annotations on the graph file"]' | grep -q '^\[0\]$' &&
    ok "lint annotations step runs after the failure (always())" || fail "lint step: $(q '[s.get("rc") for s in r["steps"]]')"
else
  fail "GitHub workflow, PR: runner stub failed"; tail -5 "$TMP/r.err"
fi

# 2. GitHub, a push to main without a change
workspace
if gh "$TMP/eng/same/model.engine" push refs/heads/main; then
  [ "$(q 'r["failed"]')" = False ] && ok "GitHub workflow, main without a change: every step passes" || { fail "main: failed"; tail -5 "$TMP/r.err"; }
  files=$(q '[u["with"]["output-file-path"] + ":" + u["with"]["tool"] for u in r["uses"] if "benchmark" in u["uses"]]')
  if [ "$files" = "['enginecard-report/bench.json:customSmallerIsBetter', 'enginecard-report/bench-throughput.json:customBiggerIsBetter']" ] &&
     "$PY" -c 'import json,sys; [json.load(open(p)) for p in sys.argv[1:]]' "$TMP/ws/enginecard-report/bench.json" "$TMP/ws/enginecard-report/bench-throughput.json"; then
    ok "main: latency and throughput history files exist for github-action-benchmark"
  else fail "main: benchmark files $files"; fi
  if [ -f "$TMP/cache/enginecard-baseline-5/data/model.engine.log" ] &&
     cmp -s "$TMP/cache/enginecard-baseline-5/data/model.engine.timing.json" "$TMP/eng/same/model.engine.timing.json"; then
    ok "main: this run's files (and its console log) are saved as the next baseline (cache key enginecard-baseline-RUN_ID)"
  else fail "main: baseline not saved: $(ls "$TMP/cache" 2>&1 | tr '\n' ' ')"; fi
else
  fail "GitHub workflow, main: runner stub failed"; tail -5 "$TMP/r.err"
fi

# 3. GitLab: before_script and script in one shell (set -e), then the reports
if [ "$BIN" != "$ROOT/build/enginecard" ]; then
  skip "GitLab job: its before_script builds build/enginecard, and EC_BIN is another build"
  exit 0
fi
workspace
ln -s "$ROOT" "$TMP/ws/.enginecard"
"$PY" - "$ROOT/docs/ci/gitlab-ci.yml" "$TMP/job.sh" <<'PYEOF'
import shlex, sys, yaml
job = yaml.safe_load(open(sys.argv[1]))["engine-perf"]
with open(sys.argv[2], "w") as f:
    f.write("set -e\n")
    for k, v in (job.get("variables") or {}).items():
        f.write("export %s=%s\n" % (k, shlex.quote(str(v))))
    for line in job.get("before_script", []) + job["script"]:
        f.write(line + "\n")
    r = job["artifacts"]["reports"]
    f.write("# reports: %s %s %s\n" % (r["junit"], r["metrics"], r["codequality"]))
assert job["artifacts"]["when"] == "always"
PYEOF
run_job() { (cd "$TMP/ws" && PATH="$TMP/bin:$PATH" STUB_ENGINE=$1 STUB_ARTIFACTS=$TMP/artifacts \
  CI_API_V4_URL=https://gitlab.example.com/api/v4 CI_PROJECT_ID=42 CI_DEFAULT_BRANCH=main CI_JOB_NAME=engine-perf \
  CI_JOB_TOKEN=token CI_PIPELINE_SOURCE=merge_request_event bash "$TMP/job.sh") > "$TMP/job.out" 2>&1; }
run_job "$TMP/eng/slow/model.engine"; rc=$?
[ $rc -eq 1 ] && ok "GitLab job with a regression: the job fails (compare exit 1)" || { fail "GitLab job: exit $rc"; tail -5 "$TMP/job.out"; }
R=$TMP/ws/enginecard-report
if xmllint --noout --schema tests/schema/junit.xsd "$R/compare.xml" 2> /dev/null && grep -q '<failure' "$R/compare.xml"; then
  ok "GitLab junit report: valid against junit.xsd, with the failure"
else fail "GitLab junit report"; fi
if "$PY" -c '
import sys
from prometheus_client.openmetrics.parser import text_string_to_metric_families
fams = {f.name: f for f in text_string_to_metric_families(open(sys.argv[1]).read())}
assert [s.value for s in fams["enginecard_gate_failed"].samples] == [1.0]
' "$R/metrics.txt" 2> "$TMP/e"; then ok "GitLab metrics report: OpenMetrics, the gate failed"; else fail "GitLab metrics report"; tail -2 "$TMP/e"; fi
if "$PY" -c '
import json, sys, jsonschema
jsonschema.validate(json.load(open(sys.argv[2])), json.load(open(sys.argv[1])), cls=jsonschema.Draft202012Validator)
' tests/schema/codequality.schema.json "$R/codequality.json" 2> "$TMP/e"; then ok "GitLab codequality report: valid"; else fail "GitLab codequality report"; tail -2 "$TMP/e"; fi
[ -s "$R/report.html" ] && [ -s "$R/report.pdf" ] && [ -s "$R/bmf.json" ] && ok "GitLab artifacts: HTML, PDF, BMF written despite the failure" || fail "GitLab artifacts"
workspace
ln -s "$ROOT" "$TMP/ws/.enginecard"
run_job "$TMP/eng/same/model.engine"; rc=$?
[ $rc -eq 0 ] && ok "GitLab job without a change: passes" || { fail "GitLab job without a change: exit $rc"; tail -5 "$TMP/job.out"; }
