# budget: every limit of util/budget.h refuses an input just over it, early
# and with the right message (file:line and the limit), and exit 2 for a
# file named by an option; a few at the limit itself still load. Inputs
# from tests/gen/budget.py at small sizes; the JSON tree, its nesting and a
# graph's layers are in limits.sh, a template's nesting in nesting.sh.
# Whether the hostile inputs of issue 35 stay within the memory and time
# budget is measured by `make bench` (tests/bench/run.sh), not here.
. tests/e2e/lib.sh
GEN="$PY tests/gen/budget.py"
E=$TMP/e.engine
"$EC_GEN" --out "$E" --layers 30 --seed 9 > /dev/null 2>&1
# over DESC KIND N OPTION WANT: the input KIND of size N given with OPTION
# (--graph, --log, ...; --template runs a report of $E) is refused with exit
# 2 and the message WANT (a regex) at its file:line, within 30 s
over() {
  d=$1 kind=$2 n=$3 opt=$4 want=$5
  case $opt in --template) f=$TMP/$kind.md ;; --log) f=$TMP/$kind.log ;; *) f=$TMP/$kind.json ;; esac
  $GEN "$kind" "$n" "$f" || { fail "$d: generator failed"; return; }
  start=$(date +%s)
  if [ "$opt" = --template ]; then "$EC_BIN" report "$E" --template "$f" -o "$TMP/r.html" > /dev/null 2> "$TMP/err"
  else "$EC_BIN" summary --json "$opt" "$f" > /dev/null 2> "$TMP/err"; fi
  rc=$? secs=$(( $(date +%s) - start ))
  if [ $rc -eq 2 ] && grep -Eq "^$f(:[0-9]+:[0-9]+)?: error: $want" "$TMP/err" && [ $secs -le 30 ]; then
    ok "$d: exit 2 in ${secs}s, $(grep -m1 'error:' "$TMP/err" | sed "s|$TMP/||" | cut -c1-120)"
  else
    fail "$d: exit $rc in ${secs}s, want 2 and /$want/"; head -3 "$TMP/err" | cut -c1-200 | sed 's/^/    /'
  fi
  rm -f "$f"
}
# within DESC KIND N OPTION: the same at the limit is not refused (exit 0,
# or 3 for a log that holds nothing else usable)
within() {
  d=$1 kind=$2 n=$3 opt=$4
  case $opt in --template) f=$TMP/$kind.md ;; --log) f=$TMP/$kind.log ;; *) f=$TMP/$kind.json ;; esac
  $GEN "$kind" "$n" "$f" || { fail "$d: generator failed"; return; }
  if [ "$opt" = --template ]; then "$EC_BIN" report "$E" --template "$f" -o "$TMP/r.html" > /dev/null 2> "$TMP/err"
  else "$EC_BIN" summary --json "$opt" "$f" > "$TMP/out" 2> "$TMP/err"; fi
  rc=$?
  if { [ $rc -eq 0 ] || { [ $rc -eq 3 ] && [ "$opt" = --log ]; }; } && ! grep -q 'over the limit' "$TMP/err"; then ok "$d: read (exit $rc)"
  else fail "$d: exit $rc"; head -3 "$TMP/err" | cut -c1-200 | sed 's/^/    /'; fi
  rm -f "$f"
}
L='is over the limit of one input file; the file is not read'
over "a graph's bindings, 100,001" bindings 100001 --graph "more than 100000 bindings $L"
within "a graph's bindings, 100,000" bindings 100000 --graph
over "TensorRT 11 I/O Tensors, 100,001" iotensors 100001 --graph "more than 100000 bindings $L"
over "a graph's tensors (edges), 2,000,100" tensors 2000000 --graph "more than 2000000 tensors $L"
over "a fully connected graph of 2,000 layers (2,001,001 edges)" dense 2000 --graph "more than 2000000 tensors $L"
over "a profile's records, 500,001" profile 500001 --profile "more than 500000 profile records $L"
over "a log's --dumpProfile rows, 500,001" logprofile 500001 --log "more than 500000 profile records $L"
over "a log's layer listing, 500,001 layers" loglayers 500001 --log "more than 500000 layers $L"
over "a log's created bindings, 100,001" logbindings 100001 --log "more than 100000 bindings $L"
over "a log of 10,001 trtexec runs" logruns 10001 --log "more than 10000 trtexec runs $L"
within "a log of 10,000 trtexec runs" logruns 10000 --log
over "a log's option lines, 10,001" logsettings 10001 --log "more than 10000 settings lines $L"
over "a verbose build log's autotuning, 1,000,001 tactics" logtactics 1000001 --log "more than 1000000 autotuning entries $L"
over "a template of 129 chart blocks" charts 129 --template "more than 128 generated blocks is over the limit of a template; the template is not used"
within "a template of 128 chart blocks" charts 128 --template
over "a template of 262,145 bytes" cmark 262145 --template "template is 262145 bytes, over the limit of 262144; the template is not used"
# a log is refused at the line that passed the limit, not at its end
$GEN logruns 10001 "$TMP/runs.log"
"$EC_BIN" summary --log "$TMP/runs.log" > /dev/null 2> "$TMP/err"
grep -q "runs.log:20001:1: error: more than 10000 trtexec runs" "$TMP/err" && ok "a log names the line of the run over the limit (20001)" ||
  { fail "a log does not name the line of the run over the limit"; head -2 "$TMP/err" | sed 's/^/    /'; }
# found by discovery, not named by an option: a warning that the file is
# not used; with nothing else usable, exit 3
mkdir -p "$TMP/found"
$GEN logruns 10001 "$TMP/found/m.log"
"$EC_BIN" summary "$TMP/found" > /dev/null 2> "$TMP/err"; rc=$?
if [ $rc -eq 3 ] && grep -q 'more than 10000 trtexec runs' "$TMP/err"; then ok "a discovered log over a limit: exit 3, the limit named"
else fail "a discovered log over a limit: exit $rc"; head -3 "$TMP/err" | sed 's/^/    /'; fi
# (the log named by the engine's prefix: a folder of one engine's files)
mkdir -p "$TMP/beside"
cp "$E".* "$TMP/beside/"
mv "$TMP/found/m.log" "$TMP/beside/e.engine.profile.log"
"$EC_BIN" summary "$TMP/beside" > /dev/null 2> "$TMP/err"; rc=$?
if [ $rc -eq 0 ] && grep -q 'profile.log.*warning: .*trtexec runs.*not used\|profile.log.*more than 10000 trtexec runs' "$TMP/err"; then
  ok "beside usable files: exit 0, the log over the limit named and left out"
else fail "beside usable files: exit $rc"; head -3 "$TMP/err" | sed 's/^/    /'; fi
# 10,000,001 timing records (170 MB): refused without the columns' memory
{ printf '['; yes '{"latencyMs":1},' | head -n 10000000 | tr -d '\n'; printf '{"latencyMs":2}]'; } > "$TMP/t.json"
start=$(date +%s)
"$EC_BIN" summary --json --timing "$TMP/t.json" > /dev/null 2> "$TMP/err"; rc=$?
secs=$(( $(date +%s) - start ))
if [ $rc -eq 2 ] && grep -q "t.json: error: more than 10000000 timing records $L" "$TMP/err"; then ok "10,000,001 timing records: exit 2 in ${secs}s, the limit named"
else fail "10,000,001 timing records: exit $rc"; head -3 "$TMP/err" | sed 's/^/    /'; fi
rm -f "$TMP/t.json"
# a stored summary is read by a token reader at 40 bytes a value, held to
# the JSON tree's bound (12 times the file plus 256 MiB): 20 million zeros
# (40 MB) would take 800 MB of tokens
"$EC_BIN" summary --json "$E" > "$TMP/s.json" 2> /dev/null
"$PY" - "$TMP/s.json" <<'PYEOF'
import sys
p = sys.argv[1]
t = open(p).read().rstrip()
assert t.endswith("}")
open(p, "w").write(t[:-1] + ', "x": [' + "0," * 19999999 + "0]}\n")
PYEOF
"$EC_BIN" summary "$TMP/s.json" > /dev/null 2> "$TMP/err"; rc=$?
if [ $rc -eq 3 ] && grep -q "s.json:[0-9]*:[0-9]*: error: more than 12 times the file's size (plus 256 MiB) in its parse tree $L" "$TMP/err"; then
  ok "a stored summary whose tokens would pass 12 times its size: refused (exit 3, nothing else to read), the limit named"
else fail "a stored summary of 20 million zeros: exit $rc"; head -3 "$TMP/err" | cut -c1-200 | sed 's/^/    /'; fi
rm -f "$TMP/s.json"
