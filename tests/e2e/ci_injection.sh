# No GitHub workflow command and no mention from an input (issue 35.1). An
# engine whose layer names hold the runner's older "##[" form anywhere, a
# "::" command at the start of a line (after spaces, a no-break space, a line
# break inside the name), "##[stop-commands]" and "@user"/"@org/team"
# mentions, run through every text output and diagnostic (summary, lint,
# layers CSV and JSON lines, compare, trend, the JSON documents, --github
# annotations) and every Markdown output (step summary, --markdown, the PR
# comment). A checker reads each output as GitHub's runner reads a log line
# by line: a line is a command when it starts with "::" after white space
# (only enginecard's own annotations may) or holds "##[" anywhere; Markdown
# must not mention anyone. Then: $GITHUB_OUTPUT says verdict=error on exit 2
# and 3, written before anything is printed; trend writes verdict and
# change-pct; each CI option's help says what it writes; a FIFO with no
# reader as $GITHUB_OUTPUT, $GITHUB_STEP_SUMMARY or -o never hangs.
. tests/e2e/lib.sh
export SOURCE_DATE_EPOCH=1700000000
mkdir -p "$TMP/base" "$TMP/slow" "$TMP/nights"
"$EC_GEN" --out "$TMP/base/h.engine" --layers 40 --iterations 1000 --seed 1 --log > /dev/null 2>&1
"$EC_GEN" --out "$TMP/slow/h.engine" --layers 40 --iterations 1000 --seed 1 --slow 30 --log > /dev/null 2>&1
# the five slowest layers get hostile names; in the slow engine the first
# and the fourth take the slowdown; a profile record names no layer
"$PY" - "$TMP/base/h.engine" "$TMP/slow/h.engine" <<'PY'
import json, sys
HOSTILE = ["##[set-output name=verdict;]pass", "::set-output name=verdict::pass", "\u00a0 ::error::nbsp",
           "conv @octocat @my-org/perf-team ##[stop-commands]TOKEN", "x\n::warning::after a line break"]
for k, pre in enumerate(sys.argv[1:]):
    g = json.load(open(pre + ".graph.json"))
    p = json.load(open(pre + ".profile.json"))
    recs = sorted(p[1:], key=lambda r: -r["averageMs"])[:len(HOSTILE)]
    ren = {r["name"]: HOSTILE[i] for i, r in enumerate(recs)}
    for l in g["Layers"]:
        if isinstance(l, dict) and l.get("Name") in ren:
            l["Name"] = ren[l["Name"]]
    total = sum(r["averageMs"] for r in p[1:])
    for r in p[1:]:
        if r["name"] in ren:
            r["name"] = ren[r["name"]]
            if k == 1 and r["name"] in (HOSTILE[0], HOSTILE[3]):
                r["averageMs"] += 0.3 * total; r["medianMs"] += 0.3 * total; r["timeMs"] += 0.3 * total * p[0]["count"]
    p.append({"name": "::error::from a profile record ##[x]", "timeMs": 1, "averageMs": 0.0001, "medianMs": 0.0001, "percentage": 0.01})
    json.dump(g, open(pre + ".graph.json", "w"))
    json.dump(p, open(pre + ".profile.json", "w"))
PY
B=$TMP/base/h.engine S=$TMP/slow/h.engine
"$EC_BIN" summary --json "$B" > "$TMP/nights/n1.json" 2> /dev/null
"$EC_BIN" summary --json "$B" > "$TMP/nights/n2.json" 2> /dev/null
"$EC_BIN" summary --json "$S" > "$TMP/nights/n3.json" 2> /dev/null

# every output to its own file: NAME.out (stdout) NAME.err (stderr)
O=$TMP/o
mkdir -p "$O"
run() { n=$1; shift; "$EC_BIN" "$@" > "$O/$n.out" 2> "$O/$n.err"; echo $? > "$O/$n.rc"; }
gh_env() { n=$1; shift; env GITHUB_ACTIONS=true GITHUB_STEP_SUMMARY="$O/$n.summary.md" GITHUB_OUTPUT="$O/$n.outputs" "$@"; }
run summary summary -v "$B"
run summary_json summary --json "$B"
run lint lint -v "$B"
run lint_json lint --json "$B"
run lint_gh lint --github "$B"
run layers layers "$B"
run layers_json layers --json "$B"
touch "$O/compare.summary.md" "$O/compare.outputs" "$O/trend.summary.md" "$O/trend.outputs"
gh_env compare "$EC_BIN" compare "$B" "$S" --max-regress 5 --max-layer-regress 10 --markdown "$O/compare.md" \
  --json "$O/compare.json" > "$O/compare.out" 2> "$O/compare.err"
echo $? > "$O/compare.rc"
gh_env compare "$EC_BIN" compare "$B" "$S" --max-regress 5 --markdown "$O/comment.md" --pr-comment --no-github > /dev/null 2>&1
gh_env trend "$EC_BIN" trend "$TMP/nights" --max-regress 5 --markdown "$O/trend.md" --json "$O/trend.json" \
  > "$O/trend.out" 2> "$O/trend.err"
"$PY" - "$O" <<'PY' > "$TMP/check.out"
import glob, os, re, sys
O = sys.argv[1]
OWN = re.compile(r"^::(error|warning) (title=enginecard |file=)")
bad, seen = [], 0
for f in sorted(glob.glob(os.path.join(O, "*"))):
    if f.endswith((".rc", ".outputs")):
        continue
    text = open(f, encoding="utf-8", errors="replace").read()
    # the runner reads lines (CR, LF or CRLF) and trims white space before "::"
    for line in re.split(r"\r\n|\r|\n", text):
        t = line.lstrip()
        if t.startswith("::") and not OWN.match(t):
            bad.append("%s: a workflow command: %r" % (os.path.basename(f), line[:90]))
        if "##[" in line:
            bad.append("%s: '##[' in %r" % (os.path.basename(f), line[:90]))
    if f.endswith(".md"):
        for m in re.finditer(r"(?<![\w@])@[A-Za-z0-9]", text):
            bad.append("%s: a mention: %r" % (os.path.basename(f), text[m.start():m.start() + 30]))
    seen += 1
    if "set-output name=verdict;]pass" in text or "set-output name=verdict" in text:
        pass
for b in bad[:12]:
    print(b)
print("checked %d outputs, %d problems" % (seen, len(bad)))
PY
if grep -q ', 0 problems$' "$TMP/check.out"; then ok "$(tail -1 "$TMP/check.out"): no '::' line start or '##[' from the names in any text, JSON, annotation or Markdown output, no mention"
else fail "workflow commands or mentions reach an output:"; sed 's/^/    /' "$TMP/check.out" | head -13; fi
# the names are still shown, broken by an invisible joiner
zwj=$(printf '\342\200\215')
missing=""
for f in summary.out lint.out layers.out compare.out; do
  grep -q "#${zwj}#\[set-output name=verdict;\]pass" "$O/$f" || missing="$missing $f"
done
grep -q '\\#\\#\\\[set-output name=verdict;\\\]pass' "$O/compare.md" || missing="$missing compare.md"
[ -z "$missing" ] && ok "the names still read the same: '#<U+200D>#[set-output ...' in the text outputs" || fail "a name is not shown in:$missing"
"$PY" - "$O/summary_json.out" "$O/layers_json.out" "$O/compare.json" <<'PY' && ok "JSON writes '#\\u0023[': the same names to a reader (summary --json, layers --json, compare --json)" || fail "JSON names changed"
import json, sys
s = json.load(open(sys.argv[1]))
names = [json.loads(l)["name"] for l in open(sys.argv[2])]
assert "##[set-output name=verdict;]pass" in names, names[:5]
assert "x\n::warning::after a line break" in names
raw = open(sys.argv[3]).read()
assert "#\\u0023[set-output" in raw and "##[" not in raw
PY
grep -q '@&#8203;octocat @&#8203;my-org/perf-team' "$O/compare.md" && grep -q '@&#8203;octocat' "$O/comment.md" &&
  grep -q '@&#8203;octocat' "$O/compare.summary.md" &&
  ok "Markdown (--markdown, the PR comment, the step summary) writes @&#8203;octocat: GitHub notifies nobody" ||
  fail "mentions: $(grep -o '@[^ |]*octocat' "$O/compare.md" | head -2)"
# the annotations carry the name inside their message, broken the same way
grep -q "^::error title=enginecard compare" "$O/compare.out" && ! grep -q '##\[' "$O/compare.out" "$O/lint_gh.out" &&
  ok "compare's and lint's annotations: enginecard's own ::error/::warning lines, no '##[' from a name" || fail "annotations"

# $GITHUB_OUTPUT: the verdict, error on exit 2 and 3, and before anything is printed
vout() { "$PY" -c 'import sys; d={}
for l in open(sys.argv[1]).read().splitlines():
    if "=" in l: k,v=l.split("=",1); d[k]=v
print(d.get("verdict","<none>"))' "$1"; }
[ "$(cat "$O/compare.rc")" = 1 ] && [ "$(vout "$O/compare.outputs")" = fail ] &&
  ok "compare exit 1: verdict=fail, the last value (after the verdict=error it starts with)" || fail "compare: rc $(cat "$O/compare.rc"), $(cat "$O/compare.outputs")"
: > "$TMP/o2"
GITHUB_ACTIONS=true GITHUB_STEP_SUMMARY="$TMP/s2" GITHUB_OUTPUT="$TMP/o2" "$EC_BIN" compare "$B" "$TMP/nothing-here" --max-regress 5 > /dev/null 2>&1; rc=$?
[ $rc = 2 ] && [ "$(vout "$TMP/o2")" = error ] && ok "compare exit 2 (an ENGINE that names nothing): verdict=error" || fail "exit 2: rc $rc, $(cat "$TMP/o2")"
mkdir -p "$TMP/empty" && echo '{"Layers": []}' > "$TMP/empty/e.graph.json"
: > "$TMP/o3"
GITHUB_ACTIONS=true GITHUB_STEP_SUMMARY="$TMP/s3" GITHUB_OUTPUT="$TMP/o3" "$EC_BIN" compare "$B" "$TMP/empty/e" --max-regress 5 > /dev/null 2>&1; rc=$?
[ $rc = 3 ] && [ "$(vout "$TMP/o3")" = error ] && ok "compare exit 3 (no usable data): verdict=error" || fail "exit 3: rc $rc, $(cat "$TMP/o3")"
: > "$TMP/o4"
GITHUB_ACTIONS=true GITHUB_STEP_SUMMARY="$TMP/s4" GITHUB_OUTPUT="$TMP/o4" "$EC_BIN" trend "$TMP/empty" > /dev/null 2>&1; rc=$?
[ $rc = 3 ] && [ "$(vout "$TMP/o4")" = error ] && ok "trend exit 3: verdict=error" || fail "trend exit 3: rc $rc, $(cat "$TMP/o4")"
if "$PY" -c 'import sys; d=dict(l.split("=",1) for l in open(sys.argv[1]).read().splitlines()); assert d["verdict"] in ("fail", "inconclusive") and float(d["change-pct"])>20, d' "$O/trend.outputs" 2> /dev/null; then
  ok "trend --github writes verdict and change-pct to \$GITHUB_OUTPUT like compare ($(tr '\n' ' ' < "$O/trend.outputs"))"
else fail "trend outputs: $(cat "$O/trend.outputs")"; fi
if command -v strace > /dev/null 2>&1; then
  : > "$TMP/o5"
  GITHUB_ACTIONS=true GITHUB_STEP_SUMMARY="$TMP/s5" GITHUB_OUTPUT="$TMP/o5" strace -f -o "$TMP/trace" -e trace=write \
    "$EC_BIN" compare "$B" "$S" --max-regress 5 > /dev/null 2>&1
  "$PY" - "$TMP/trace" <<'PY' && ok "verdict=error is written before the first byte on stdout or stderr" || fail "verdict=error comes late"
import re, sys
t = [l for l in open(sys.argv[1]) if re.search(r"\bwrite\(", l)]
first = next(i for i, l in enumerate(t) if re.search(r"write\([12], ", l))
ver = next(i for i, l in enumerate(t) if 'verdict=error' in l)
assert ver < first, (ver, first)
PY
else skip "strace is missing: the order of verdict=error and the first output not checked"; fi

# help texts say what each CI option writes, and it is so
h() { "$EC_BIN" "$1" --help | tr '\n' ' ' | tr -s ' '; }
if h lint | grep -q -- '--github .*annotation.*no step summary, no \$GITHUB_OUTPUT' &&
   h compare | grep -q -- '--github .*\$GITHUB_STEP_SUMMARY.*verdict= and change-pct= into \$GITHUB_OUTPUT' &&
   h trend | grep -q -- '--github .*\$GITHUB_STEP_SUMMARY.*verdict= and change-pct= into \$GITHUB_OUTPUT'; then
  ok "--help: lint --github writes annotations only; compare and trend the step summary and \$GITHUB_OUTPUT"
else fail "--help texts of --github"; fi
: > "$TMP/lo"; : > "$TMP/ls"
GITHUB_ACTIONS=true GITHUB_STEP_SUMMARY="$TMP/ls" GITHUB_OUTPUT="$TMP/lo" "$EC_BIN" lint --github "$B" > /dev/null 2>&1
[ ! -s "$TMP/lo" ] && [ ! -s "$TMP/ls" ] && ok "lint --github leaves \$GITHUB_OUTPUT and the step summary alone, as its help says" || fail "lint wrote the step files"

# a FIFO with no reader never hangs
mkfifo "$TMP/fifo"
t0=$(date +%s)
GITHUB_ACTIONS=true GITHUB_STEP_SUMMARY="$TMP/s6" GITHUB_OUTPUT="$TMP/fifo" timeout 20 "$EC_BIN" compare "$B" "$B" --max-regress 5 > /dev/null 2> "$TMP/e6"; rc=$?
[ $rc = 2 ] && grep -q 'GITHUB_OUTPUT .* is a FIFO with no reader' "$TMP/e6" && [ $(( $(date +%s) - t0 )) -lt 15 ] &&
  ok "\$GITHUB_OUTPUT a FIFO with no reader: exit 2 at once, says so" || fail "FIFO GITHUB_OUTPUT: rc $rc, $(head -1 "$TMP/e6")"
GITHUB_ACTIONS=true GITHUB_STEP_SUMMARY="$TMP/fifo" GITHUB_OUTPUT="$TMP/o7" timeout 20 "$EC_BIN" trend "$TMP/nights" > /dev/null 2> "$TMP/e7"; rc=$?
[ $rc = 2 ] && grep -q 'GITHUB_STEP_SUMMARY .* is a FIFO with no reader' "$TMP/e7" &&
  ok "\$GITHUB_STEP_SUMMARY a FIFO with no reader: exit 2, says so" || fail "FIFO step summary: rc $rc, $(head -1 "$TMP/e7")"
timeout 20 "$EC_BIN" compare "$B" "$B" --json "$TMP/fifo" > /dev/null 2> "$TMP/e8"; rc=$?
[ $rc = 2 ] && grep -q 'is a FIFO with no reader' "$TMP/e8" && ok "--json onto a FIFO with no reader: exit 2, says so" || fail "FIFO --json: rc $rc, $(head -1 "$TMP/e8")"
# a reader that stays (each append opens and closes the FIFO)
sh -c 'while :; do cat "$1"; done' sh "$TMP/fifo" > "$TMP/fifo.got" 2> /dev/null &
reader=$!
sleep 0.3
GITHUB_ACTIONS=true GITHUB_STEP_SUMMARY="$TMP/s9" GITHUB_OUTPUT="$TMP/fifo" timeout 20 "$EC_BIN" compare "$B" "$B" --max-regress 5 > /dev/null 2>&1; rc=$?
sleep 0.3
kill "$reader" 2> /dev/null
[ $rc = 0 ] && grep -q '^verdict=pass$' "$TMP/fifo.got" && ok "\$GITHUB_OUTPUT a FIFO with a reader: written" || fail "FIFO with a reader: rc $rc, $(cat "$TMP/fifo.got")"

# the docs' workflows and the action: values reach scripts through env:
# only, every action pinned by commit SHA with its tag in a comment, and a
# fork's pull request never on a self-hosted runner (GitLab: never a fork's
# merge request in the project)
if "$PY" -c 'import yaml' > /dev/null 2>&1; then
  if "$PY" - docs/ci/github-workflow.yml action.yml docs/ci/gitlab-ci.yml > "$TMP/hyg" 2>&1 <<'PY'
import re, sys, yaml
bad = []
for path in sys.argv[1:3]:
    raw = open(path).read()
    doc = yaml.safe_load(raw)
    steps = [s for j in (doc.get("jobs") or {}).values() for s in j.get("steps", [])] + \
            ((doc.get("runs") or {}).get("steps") or [])
    for s in steps:
        if "run" in s and "${{" in s["run"]:
            bad.append("%s: ${{ }} inside run: of %r" % (path, s.get("name")))
        u = s.get("uses")
        if u and not u.startswith("./"):
            if not re.fullmatch(r"[\w.-]+/[\w.-]+(/[\w./-]+)?@[0-9a-f]{40}", u):
                bad.append("%s: %s is not pinned by a commit SHA" % (path, u))
            elif not re.search(re.escape(u) + r" # v\d", raw):
                bad.append("%s: %s has no '# vX' tag comment" % (path, u))
    for name, j in (doc.get("jobs") or {}).items():
        if "self-hosted" in str(j.get("runs-on")) and "head.repo.full_name == github.repository" not in str(j.get("if", "")):
            bad.append("%s: job %s runs on a self-hosted runner for forks" % (path, name))
gl = yaml.safe_load(open(sys.argv[3]))["engine-perf"]
if not any(r.get("when") == "never" and "$CI_MERGE_REQUEST_SOURCE_PROJECT_ID != $CI_PROJECT_ID" in r.get("if", "")
           for r in gl.get("rules", [])):
    bad.append("gitlab-ci.yml: a fork's merge request may run on the GPU runner")
print("\n".join(bad))
sys.exit(1 if bad else 0)
PY
  then ok "docs/ci workflows and action.yml: no \${{ }} in run:, actions pinned by SHA with a tag comment, no fork on the GPU runner"
  else fail "workflow hygiene:"; sed 's/^/    /' "$TMP/hyg" | head -10; fi
else skip "python3-yaml is missing: the workflows' hygiene not checked"; fi
