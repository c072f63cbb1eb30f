# A CI job is green on day one and keeps its baseline (issue 32.4): the
# sample GitHub workflow (docs/ci/github-workflow.yml, which runs
# ci/action.sh through the composite action) run three times by the local
# runner stub with one Actions cache between the runs, and a stand-in
# trtexec (tests/gen/ci_stubs.sh) that writes generated engine files and
# prints their console log:
#   1. main, no baseline yet: PASS with a note (exit 0), the job summary and
#      the comment file say this run becomes the baseline; its files (with
#      the teed console log) are saved as the baseline;
#   2. a pull request, the engine unchanged: PASS against it;
#   3. a pull request with one layer slower: FAIL, the layer named in the
#      job summary and the comment.
# A fork's pull request never runs on the self-hosted runner. Then the
# GitLab sample the same three times (the baseline kept as the last
# default-branch artifact), and the runtime-deps script.
. tests/e2e/lib.sh
export SOURCE_DATE_EPOCH=1700000000
if ! "$PY" -c 'import yaml' > /dev/null 2>&1; then skip "python3-yaml is missing (see tests/deps.sh): the CI samples are not run"; exit 0; fi
ROOT=$(pwd)
BIN=$(cd "$(dirname "$EC_BIN")" && pwd)/$(basename "$EC_BIN")
E=$TMP/eng
mkdir -p "$E/base" "$E/same" "$E/slow"
"$EC_GEN" --out "$E/base/model.engine" --layers 60 --iterations 2000 --seed 1 --log > /dev/null 2>&1
cp "$E/base/"* "$E/same/" # the engine unchanged, measured again
"$EC_GEN" --out "$E/slow/model.engine" --layers 60 --iterations 2000 --seed 1 --slow 25 --log > /dev/null 2>&1
# the slow engine: one layer (a plain name, the same in every output) takes
# the 25% more in its profile
layer=$("$PY" - "$E/base/model.engine.profile.json" "$E/slow/model.engine.profile.json" <<'PY'
import json, re, sys
p = json.load(open(sys.argv[1]))
recs = p[1:]
total = sum(r["averageMs"] for r in recs)
plain = [r for r in recs if re.fullmatch(r"[A-Za-z0-9/ .+]+", r["name"]) and r["averageMs"] > 0]
pick = sorted(plain, key=lambda r: r["averageMs"])[len(plain) // 2]
add = 0.25 * total
for r in recs:
    if r["name"] == pick["name"]:
        r["averageMs"] += add
        r["medianMs"] = r.get("medianMs", r["averageMs"]) + add
        r["timeMs"] += add * p[0]["count"]
json.dump(p, open(sys.argv[2], "w"), indent=1)
print(pick["name"])
PY
)
[ -n "$layer" ] || { fail "could not make the slow engine's profile"; exit 0; }
. tests/gen/ci_stubs.sh
ci_stubs "$TMP/bin"
q() { "$PY" -c 'import json,sys; r=json.load(open(sys.argv[1])); print(eval(sys.argv[2]))' "$TMP/r.json" "$1"; }
step() { q '[s for s in r["steps"] if s["name"]=="'"$1"'"][0]'"$2"; }
# gh ENGINE EVENT REF RUN_ID: the workflow in a fresh checkout, the cache kept
gh() {
  rm -rf "$TMP/ws"; mkdir -p "$TMP/ws"
  (cd "$TMP/ws" && PATH="$TMP/bin:$PATH" ENGINECARD=$BIN ENGINECARD_ROOT=$ROOT STUB_ENGINE=$1 STUB_EVENT=$2 STUB_REF=$3 \
    STUB_RUN_ID=$4 STUB_CACHE=$TMP/cache "$PY" "$ROOT/tests/e2e/gh_runner.py" workflow "$ROOT/docs/ci/github-workflow.yml" "$TMP/ws") \
    > "$TMP/r.json" 2> "$TMP/r.err" || { fail "runner stub: $(tail -3 "$TMP/r.err")"; return 1; }
}
R=$TMP/ws/enginecard-report

# 1. main, no baseline yet
if gh "$E/base/model.engine" push refs/heads/main 11; then
  if [ "$(q 'r["failed"]')" = False ] && [ "$(step "Compare with main" '["outputs"]["verdict"]')" = pass ] &&
     [ "$(step "Compare with main" '["outputs"]["baseline"]')" = missing ]; then
    ok "run 1 (main, no baseline yet): PASS, the job succeeds, baseline=missing"
  else fail "run 1: failed=$(q 'r["failed"]') $(step "Compare with main" '["outputs"]')"; tail -5 "$TMP/r.err"; fi
  q 'r["summary"]' > "$TMP/sum1.md"
  if head -1 "$TMP/sum1.md" | grep -q '^### .*enginecard compare .* PASS: no baseline yet' &&
     grep -q 'this run becomes the baseline once it is kept' "$TMP/sum1.md"; then
    ok "run 1: the job summary says there is no baseline yet and this run becomes it"
  else fail "run 1: job summary: $(head -3 "$TMP/sum1.md")"; fi
  if [ "$(head -1 "$R/comment.md")" = "<!-- enginecard:compare -->" ] && grep -q 'no baseline yet' "$R/comment.md"; then
    ok "run 1: the comment file is written (marker, the note)"
  else fail "run 1: comment.md: $(head -3 "$R/comment.md" 2>&1)"; fi
  [ "$(q '[u["uses"].split("@")[0] for u in r["uses"] if "benchmark" in u["uses"]]')" = "[]" ] &&
    ok "run 1: no history charted from a run that compared nothing" || fail "run 1: history steps ran"
  if [ -f "$TMP/cache/enginecard-baseline-11/data/model.engine.graph.json" ] &&
     grep -q 'Selected Device' "$TMP/cache/enginecard-baseline-11/data/model.engine.log"; then
    ok "run 1: the engine's files and the teed trtexec log are saved as the baseline (cache key enginecard-baseline-11)"
  else fail "run 1: nothing saved: $(ls -R "$TMP/cache" 2>&1 | head -5 | tr '\n' ' ')"; fi
fi

# 2. a pull request, the engine unchanged
if gh "$E/same/model.engine" pull_request refs/pull/7/merge 12; then
  if [ "$(q 'r["failed"]')" = False ] && [ "$(step "Compare with main" '["outputs"]["verdict"]')" = pass ] &&
     [ "$(step "Compare with main" '["outputs"]["baseline"]')" = "" ]; then
    ok "run 2 (a pull request, the engine unchanged): PASS against the kept baseline"
  else fail "run 2: failed=$(q 'r["failed"]') $(step "Compare with main" '["outputs"]')"; tail -5 "$TMP/r.err"; fi
  "$BIN" summary --json "$TMP/ws/baseline/model.engine" 2> /dev/null | "$PY" -c '
import json, sys
d = json.load(sys.stdin)
assert d["device"]["source"] == "log" and "A100" in d["device"]["name"], d["device"]' &&
    ok "run 2: the restored baseline knows its GPU from the teed console log" || fail "run 2: the baseline has no GPU from a log"
  body=$(q '[u["with"]["body-path"] for u in r["uses"] if u["uses"].startswith("peter-evans/create-or-update-comment")][0]')
  head -3 "$TMP/ws/$body" | grep -q 'PASS' && ok "run 2: the PR comment says PASS" || fail "run 2: comment: $(head -3 "$TMP/ws/$body")"
fi

# 3. a pull request with one layer slower
if gh "$E/slow/model.engine" pull_request refs/pull/8/merge 13; then
  if [ "$(q 'r["failed"]')" = True ] && [ "$(step "Compare with main" '["outputs"]["verdict"]')" = fail ]; then
    ok "run 3 (a pull request, one layer slower): FAIL, the job fails"
  else fail "run 3: failed=$(q 'r["failed"]') $(step "Compare with main" '["outputs"]')"; fi
  q 'r["summary"]' > "$TMP/sum3.md"
  grep -qF "$layer" "$TMP/sum3.md" && grep -qF "$layer" "$R/comment.md" &&
    ok "run 3: the slower layer ($layer) is named in the job summary and the comment" ||
    fail "run 3: $layer not named: $(grep -c . "$TMP/sum3.md") summary lines"
  q '"".join(s.get("stdout","") for s in r["steps"])' | grep '^::error title=enginecard compare%3A candidate fail::' > /dev/null &&
    ok "run 3: an ::error annotation" || fail "run 3: no annotation"
  [ ! -d "$TMP/cache/enginecard-baseline-13" ] && ok "run 3: a failed run is not kept" || fail "run 3: a failed run was saved"
fi

# a fork's pull request: the job is skipped (never on the self-hosted runner)
if STUB_HEAD_REPO=someone/fork gh "$E/same/model.engine" pull_request refs/pull/9/merge 14; then
  [ "$(q 'r["skipped_jobs"]')" = "['engine-perf']" ] && [ "$(q 'len(r["steps"])')" = 0 ] &&
    ok "a fork's pull request: the GPU job does not run" || fail "fork: skipped $(q 'r["skipped_jobs"]'), $(q 'len(r["steps"])') steps"
fi

# GitLab, the same three runs: the baseline is the last default-branch artifact
if [ "$BIN" != "$ROOT/build/enginecard" ]; then
  skip "GitLab three runs: its before_script builds build/enginecard, and EC_BIN is another build"
else
  "$PY" - "$ROOT/docs/ci/gitlab-ci.yml" "$TMP/job.sh" <<'PYEOF'
import shlex, sys, yaml
job = yaml.safe_load(open(sys.argv[1]))["engine-perf"]
with open(sys.argv[2], "w") as f:
    f.write("set -eo pipefail\n")
    for k, v in (job.get("variables") or {}).items():
        f.write("export %s=%s\n" % (k, shlex.quote(str(v))))
    for line in job.get("before_script", []) + job["script"]:
        f.write(line + "\n")
PYEOF
  mkdir -p "$TMP/artifacts"
  # glab ENGINE BRANCH(empty: a merge request): the job's script in a fresh checkout
  glab() {
    rm -rf "$TMP/gws"; mkdir -p "$TMP/gws"; ln -s "$ROOT" "$TMP/gws/.enginecard"
    (cd "$TMP/gws" && PATH="$TMP/bin:$PATH" STUB_ENGINE=$1 STUB_ARTIFACTS=$TMP/artifacts CI_COMMIT_BRANCH=$2 \
      CI_API_V4_URL=https://gitlab.example.com/api/v4 CI_PROJECT_ID=42 CI_DEFAULT_BRANCH=main CI_JOB_NAME=engine-perf \
      CI_JOB_TOKEN=token bash "$TMP/job.sh") > "$TMP/job.out" 2>&1
  }
  G=$TMP/gws/enginecard-report
  glab "$E/base/model.engine" main; rc=$?
  if [ $rc -eq 0 ] && grep -q 'no baseline yet' "$G/compare.md" && grep -q '<skipped message="PASS: no baseline yet' "$G/compare.xml" &&
     [ -s "$G/baseline.tar.gz" ]; then
    ok "GitLab run 1 (main, no baseline yet): exit 0, the note in compare.md and JUnit, baseline.tar.gz kept"
    cp "$G/baseline.tar.gz" "$TMP/artifacts/" # the last successful default-branch pipeline's artifact
  else fail "GitLab run 1: exit $rc"; tail -5 "$TMP/job.out"; fi
  glab "$E/same/model.engine" ""; rc=$?
  [ $rc -eq 0 ] && head -1 "$G/compare.md" | grep -q PASS && [ ! -e "$G/baseline.tar.gz" ] &&
    ok "GitLab run 2 (a merge request, the same engine): PASS against it, nothing kept" ||
    { fail "GitLab run 2: exit $rc"; tail -5 "$TMP/job.out"; }
  glab "$E/slow/model.engine" ""; rc=$?
  [ $rc -eq 1 ] && grep -qF "$layer" "$G/compare.md" && grep -q '<failure' "$G/compare.xml" &&
    ok "GitLab run 3 (one layer slower): exit 1, the layer named in compare.md" ||
    { fail "GitLab run 3: exit $rc"; tail -5 "$TMP/job.out"; }
fi

# the runtime packages: what the build and the run need, on Debian and Ubuntu
pk=$(sh ci/deps-runtime.sh --print)
bad=""
for p in $pk; do grep -q "\b$p\b" tests/deps.sh || bad="$bad $p(not in tests/deps.sh)"; done
for p in chromium valgrind clang python3 strace lintian graphviz; do echo " $pk " | grep -q " $p " && bad="$bad $p"; done
[ -z "$bad" ] && ok "ci/deps-runtime.sh: build and run packages only ($pk)" || fail "ci/deps-runtime.sh:$bad"
if command -v apt-get > /dev/null && apt-get -s install $pk > "$TMP/apt.out" 2>&1; then
  ok "ci/deps-runtime.sh: every package resolves in this system's apt index"
else skip "apt-get -s could not resolve the runtime packages here: $(tail -1 "$TMP/apt.out" 2>/dev/null)"; fi
grep -q '^runtime-deps:' Makefile && grep -q 'ci/deps-runtime.sh' ci/action.sh && grep -q 'ci/deps-runtime.sh' docs/ci/gitlab-ci.yml &&
  ! grep -q 'tests/deps.sh' ci/action.sh docs/ci/gitlab-ci.yml &&
  ok "make runtime-deps, the action's setup and the GitLab sample install the runtime packages only" ||
  fail "the action or the GitLab sample still installs the test toolchain"
