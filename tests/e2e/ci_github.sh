# GitHub Actions outputs of compare: --github (and the runner's environment)
# appends the step summary (verdict first, tables in <details>, under the
# 1 MiB per step with a line saying what was cut) and prints at most ten
# "::error" workflow commands, one per failed gate, escaped as the runner
# unescapes them (checked by a parser of the runner's rules, with hostile
# names); --markdown F --pr-comment starts with the sticky-comment marker and
# stays under 60,000 bytes ("N more rows in the artifact").
. tests/e2e/lib.sh
export SOURCE_DATE_EPOCH=1700000000
FX=tests/fixtures/compare
B=$FX/base/model.engine
R=$FX/renamed/model.engine
# a hostile engine name: a folder named so (a comma in an existing path is
# not a list of runs; '=' would start NAME=)
HOSTILE="h%o:s,t
i<details>

# x|*_ ::error title pwn::oops"
mkdir -p "$TMP/$HOSTILE"
for f in "$R".*; do cp "$f" "$TMP/$HOSTILE/"; done
HP="$TMP/$HOSTILE"
SS=$TMP/step.md

# run_gh DESC WANT_RC ARGS...: compare with the runner's environment
run_gh() {
  d=$1; want=$2; shift 2
  env GITHUB_ACTIONS=true GITHUB_STEP_SUMMARY="$SS" "$EC_BIN" compare "$@" > "$TMP/gh.out" 2> "$TMP/gh.err"; rc=$?
  if [ $rc -eq "$want" ]; then ok "$d: exit $rc"; else fail "$d: exit $rc, want $want"; sed 's/^/    /' "$TMP/gh.err" | head -5; fi
}

# check_cmds DESC N NAME...: the ::error lines parse by the runner's rules, N of them, titles naming NAME...
check_cmds() {
  d=$1; shift
  if "$PY" - "$TMP/gh.out" "$@" > "$TMP/p.err" 2>&1 <<'PYEOF'
import sys
out = open(sys.argv[1], encoding="utf-8").read().split("\n")
want = int(sys.argv[2]); names = sys.argv[3:]
def unescape_data(s):
    return s.replace("%0D", "\r").replace("%0A", "\n").replace("%25", "%")
def unescape_prop(s):
    return s.replace("%0D", "\r").replace("%0A", "\n").replace("%3A", ":").replace("%2C", ",").replace("%25", "%")
cmds = []
for line in out:
    if not line.startswith("::"):
        continue
    # the runner: "::" command [" " properties] "::" data
    head, sep, data = line[2:].partition("::")
    assert sep, "no data separator: %r" % line
    cmd, _, props = head.partition(" ")
    assert cmd == "error", "unexpected command %r" % cmd
    kv = {}
    for p in props.split(","):
        k, eq, v = p.partition("=")
        assert eq, "property without '=': %r" % p
        kv[k] = unescape_prop(v)
    assert set(kv) == {"title"}, kv
    cmds.append((kv["title"], unescape_data(data)))
assert len(cmds) == want, "%d ::error lines, want %d" % (len(cmds), want)
for (title, msg), name in zip(cmds, names):
    shown = "".join("\ufffd" if ord(ch) < 0x20 and ch not in "\r\n" else ch for ch in name)
    assert title.startswith("enginecard compare: ") and title.endswith(" fail"), title
    assert shown[:80] in title, (title, shown)
    assert msg.startswith(name[:200] + " vs baseline "), (msg[:120], name)
    assert "past the 10% limit" in msg, msg
print("ok")
PYEOF
  then ok "$d"; else fail "$d"; sed 's/^/    /' "$TMP/p.err" | head -8; fi
}

# md_ok DESC FILE MAX: well-formed tables, balanced <details>, under MAX bytes
md_ok() {
  if "$PY" - "$2" "$3" > "$TMP/m.err" 2>&1 <<'PYEOF'
import os, re, sys
p, cap = sys.argv[1], int(sys.argv[2])
assert os.path.getsize(p) <= cap, "%d bytes > %d" % (os.path.getsize(p), cap)
md = open(p, encoding="utf-8").read()
assert md.count("<details") == md.count("</details>"), "unbalanced <details>"
width = None
for line in md.splitlines():
    if not line.startswith("|"):
        width = None
        continue
    cells = len(re.findall(r"(?<!\\)\|", line)) - 1
    width = cells if width is None else width
    assert cells == width, line[:80]
# a blank line never falls inside an HTML element's text (that would end the HTML block)
for m in re.finditer(r"<summary>(.*?)</summary>", md, re.S):
    assert "\n" not in m.group(1), "newline in <summary>"
PYEOF
  then ok "$1"; else fail "$1"; sed 's/^/    /' "$TMP/m.err" | head -5; fi
}

# 1. one failed gate, hostile candidate name, through the environment
rm -f "$SS"
run_gh "environment: hostile name fails layer-sum" 1 base=$B "$HP" --max-regress 10 --metric layer-sum
check_cmds "one ::error line, properties and data escaped (%, CR, LF, : and , in the title)" 1 "$HOSTILE"
if head -1 "$SS" | grep -q '^### .*enginecard compare .* FAIL: 1 of 1 engine'; then ok "step summary: verdict first"
else fail "step summary: first line"; head -2 "$SS"; fi
grep -q '^<details open><summary>2 engines</summary>' "$SS" && ok "step summary: engines table in <details>" || fail "step summary: engines table not folded"
md_ok "step summary: tables well formed, <details> balanced, hostile name kept on one line" "$SS" 1048576
grep -q '^# x' "$SS" && fail "step summary: hostile name became a heading" || ok "step summary: hostile name did not become Markdown"
# 2. appending: a second run adds to the file
n1=$(wc -c < "$SS")
run_gh "second run appends" 1 base=$B "$HP" --max-regress 10 --metric layer-sum
n2=$(wc -c < "$SS")
[ "$n2" -eq $((n1 * 2)) ] && ok "step summary appended ($n1 then $n2 bytes)" || fail "step summary not appended: $n1 then $n2"

# 3. --no-github under the runner's environment; --github without a summary file
rm -f "$SS"
run_gh "--no-github" 1 base=$B x=$R --max-regress 10 --metric layer-sum --no-github
if [ ! -e "$SS" ] && ! grep -q '^::' "$TMP/gh.out"; then ok "--no-github: no step summary, no workflow commands"
else fail "--no-github wrote GitHub output"; fi
"$EC_BIN" compare base=$B x=$R --max-regress 10 --metric layer-sum > "$TMP/plain.out" 2>/dev/null
if grep -q '^::' "$TMP/plain.out"; then fail "without the runner's environment: workflow commands printed"
else ok "without the runner's environment: no workflow commands"; fi
env -u GITHUB_STEP_SUMMARY "$EC_BIN" compare base=$B x=$R --max-regress 10 --metric layer-sum --github > "$TMP/gh.out" 2> "$TMP/gh.err"
if grep -q '^::error ' "$TMP/gh.out" && grep -q 'GITHUB_STEP_SUMMARY is not set' "$TMP/gh.err"; then
  ok "--github without GITHUB_STEP_SUMMARY: annotations, and a warning that no summary was written"
else fail "--github without GITHUB_STEP_SUMMARY"; fi

# 4. twelve failed gates: ten annotations, then a line saying two more
set --
i=1
while [ $i -le 12 ]; do set -- "$@" "cand-$i=$R"; i=$((i + 1)); done
rm -f "$SS"
run_gh "twelve failing candidates" 1 base=$B "$@" --max-regress 10 --metric layer-sum
check_cmds "ten ::error lines for twelve failed gates" 10 cand-1 cand-2 cand-3 cand-4 cand-5 cand-6 cand-7 cand-8 cand-9 cand-10
grep -q '^enginecard: 2 more failed gates not annotated' "$TMP/gh.out" && ok "the two more failed gates are said" || fail "no line for the gates past ten"

# 5. the 1 MiB limit: a summary file already near the limit gets a cut summary
"$PY" -c 'import sys; open(sys.argv[1], "w").write(("x" * 99 + "\n") * 10465)' "$SS"
run_gh "near-full step summary" 1 base=$B "$@" --max-regress 10 --metric layer-sum
sz=$(wc -c < "$SS")
if [ "$sz" -le 1048576 ] && tail -c 2000 "$SS" | grep -q 'more rows in the artifact'; then
  ok "near-full step summary: stays within 1 MiB ($sz bytes), the cut says what was left out"
else fail "near-full step summary: $sz bytes"; tail -5 "$SS"; fi
tail -c 2000 "$SS" > "$TMP/tail.md"; md_ok "near-full step summary: the cut part is well formed" "$TMP/tail.md" 1048576
"$PY" -c 'import sys; open(sys.argv[1], "w").write("x" * 1048400)' "$SS"
run_gh "full step summary" 1 base=$B x=$R --max-regress 10 --metric layer-sum
sz=$(wc -c < "$SS")
[ "$sz" -eq 1048400 ] && grep -q 'step summary .* is full' "$TMP/gh.err" && ok "full step summary: nothing appended, said" || fail "full step summary: $sz bytes"

# 6. the PR comment: marker first, capped at 60,000 bytes
"$EC_BIN" compare base=$B "$HP" --max-regress 10 --metric layer-sum --markdown "$TMP/pr.md" --pr-comment > /dev/null 2>&1
[ "$(head -1 "$TMP/pr.md")" = '<!-- enginecard:compare -->' ] && ok "PR comment: first line is the hidden marker" || fail "PR comment: first line"
md_ok "PR comment: well formed" "$TMP/pr.md" 60000
set --
i=1
LONG=$("$PY" -c 'print("n" * 70)')
while [ $i -le 400 ]; do set -- "$@" "$LONG-$i=$R"; i=$((i + 1)); done
"$EC_BIN" compare base=$B "$@" --max-regress 10 --metric layer-sum --markdown "$TMP/pr.md" --pr-comment > /dev/null 2>&1
sz=$(wc -c < "$TMP/pr.md")
if [ "$sz" -le 60000 ] && grep -q '^_[0-9][0-9]* more rows in the artifact' "$TMP/pr.md"; then
  ok "PR comment of 400 engines: $sz bytes, 'N more rows in the artifact'"
else fail "PR comment of 400 engines: $sz bytes"; grep -n 'artifact' "$TMP/pr.md" | head -3; fi
md_ok "PR comment of 400 engines: well formed" "$TMP/pr.md" 60000
"$EC_BIN" compare base=$B x=$R --pr-comment > /dev/null 2> "$TMP/e"; rc=$?
[ $rc -eq 2 ] && grep -q -- '--markdown' "$TMP/e" && ok "--pr-comment without --markdown: usage error" || fail "--pr-comment alone: exit $rc"

# 7. trend --github: the latest night's failed gate annotated, the summary appended
mkdir -p "$TMP/nights"
for i in 1 2 3 4 5; do "$EC_BIN" summary --json --label night=$i "$B" > "$TMP/nights/n$i.json" 2>/dev/null; done
# two slow nights: a confirmed level (one red night alone is INCONCLUSIVE, exit 4)
"$EC_BIN" summary --json --label night=6 "$R" > "$TMP/nights/n6.json" 2>/dev/null
"$EC_BIN" summary --json --label night=7 "$R" > "$TMP/nights/n7.json" 2>/dev/null
rm -f "$SS"
env GITHUB_ACTIONS=true GITHUB_STEP_SUMMARY="$SS" "$EC_BIN" trend "$TMP/nights" --by night --metric layer-sum --max-regress 10 > "$TMP/gh.out" 2>/dev/null; rc=$?
n=$(grep -c '^::error title=enginecard trend%3A .* fail::' "$TMP/gh.out")
if [ $rc -eq 1 ] && [ "$n" -eq 1 ] && head -1 "$SS" | grep -q '^### .*enginecard trend .* FAIL'; then
  ok "trend --github (environment): one ::error for the failed latest night, summary appended verdict first"
else fail "trend --github: exit $rc, $n ::error lines"; head -2 "$SS"; fi
md_ok "trend step summary: well formed" "$SS" 1048576

# 8. every CI option is in --help
"$EC_BIN" --help > "$TMP/help.txt"
missing=
for o in --github --no-github --pr-comment --openmetrics --bmf --bench-json-throughput --codequality; do
  grep -q -- "$o" "$TMP/help.txt" || missing="$missing $o"
done
[ -z "$missing" ] && ok "--help lists every CI option" || fail "--help lacks$missing"
