# limits: hostile sizes give a clear message or finish in bounded memory
# (ulimit -v 2 GB): 100,000 nested '[', 200 MB of whitespace, a 200 MB
# string, 5 million timing records, a graph of 500,000 layers (the limit)
# and one of 500,001, a file over the 1 GiB input limit (tests/e2e/budget.sh
# has every limit of util/budget.h). Outputs: never an input overwritten (-o naming an
# engine file or the --template), a missing output directory is an error,
# and a failed write leaves no temporary file. Big files are made on the fly
# and removed. The files of hundreds of MB are expensive (`make
# test-expensive`); the refusals of 10 million layers and a 75 MB tree are not.
. tests/e2e/lib.sh
LIM=2000000 # KiB of address space
asan=0
grep -q __asan_init "$EC_BIN" 2>/dev/null && asan=1
# bounded DESC EXPECT CMD...: run CMD under ulimit -v; EXPECT is "ok" (exit 0)
# or a regex the error output must match (with exit 2 or 3); never a crash
bounded() {
  d=$1; want=$2; shift 2
  start=$(date +%s)
  if [ $asan -eq 1 ]; then "$@" > "$TMP/out" 2> "$TMP/err"; rc=$? # ASan reserves terabytes of shadow
  else ( ulimit -v $LIM; exec "$@" ) > "$TMP/out" 2> "$TMP/err"; rc=$?; fi
  secs=$(( $(date +%s) - start ))
  if [ "$want" = ok ]; then
    if [ $rc -eq 0 ]; then ok "$d: finished in ${secs}s$([ $asan -eq 1 ] || echo " under ulimit -v $LIM")"
    else fail "$d: exit $rc"; head -3 "$TMP/err" | cut -c1-200 | sed 's/^/    /'; fi
  else
    if { [ $rc -eq 2 ] || [ $rc -eq 3 ]; } && grep -Eq "$want" "$TMP/err"; then
      ok "$d: exit $rc, says: $(grep -E "$want" "$TMP/err" | head -1 | cut -c1-120)"
    else
      fail "$d: exit $rc, want /$want/"; head -3 "$TMP/err" | cut -c1-200 | sed 's/^/    /'
    fi
  fi
}

# deep nesting (jansson stops at depth 2048)
"$PY" -c '
import sys
n = 100000
sys.stdout.write("{\"Layers\": [{\"Name\": \"a\", \"LayerType\": \"Shuffle\", \"x\": " + "[" * n + "]" * n + "}], \"Bindings\": []}")
' > "$TMP/deep.graph.json"
bounded "100,000 nested arrays" 'deep\.graph\.json:1:[0-9]+: error: invalid JSON: maximum parsing depth' "$EC_BIN" summary "$TMP/deep.graph.json"
head -c 100000 /dev/zero | tr '\0' '[' > "$TMP/open.graph.json"
bounded "100,000 unclosed '['" 'error' "$EC_BIN" summary --graph "$TMP/open.graph.json" "$TMP/open"
rm -f "$TMP/deep.graph.json" "$TMP/open.graph.json"

# hostile shapes stopped by the scan before jansson builds a tree (the
# tree of 75 MB of "{}," took 5.9 GB; 10 million layers 5.8 GB and 33 s):
# a clear message within seconds, in memory of the file's size, under 1 GB
LIM_SAVED=$LIM; LIM=1000000
{ printf '{"Layers": [{"Name": "a", "LayerType": "Shuffle", "x": ['; yes '{},' | head -n 25000000 | tr -d '\n'; printf '{}]}], "Bindings": []}'; } > "$TMP/objs.graph.json"
bounded "75 MB of '{},' in one layer (under 1 GB)" 'objs\.graph\.json:1:[0-9]+: error: .* would take over [0-9]+ MB to parse, more than 12 times the file' "$EC_BIN" summary --graph "$TMP/objs.graph.json"
[ $secs -le 10 ] && ok "75 MB of '{},': refused in ${secs}s" || fail "75 MB of '{},': took ${secs}s"
rm -f "$TMP/objs.graph.json"
{ printf '{"Layers": ['; yes '{"Name":"l"},' | head -n 10000000 | tr -d '\n'; printf '{}], "Bindings": []}'; } > "$TMP/tiny.graph.json"
bounded "10 million tiny layers (under 1 GB)" 'tiny\.graph\.json:1:[0-9]+: error: more than 500000 layers is over the limit of one input file' "$EC_BIN" summary --graph "$TMP/tiny.graph.json"
[ $secs -le 10 ] && ok "10 million tiny layers: refused in ${secs}s" || fail "10 million tiny layers: took ${secs}s"
rm -f "$TMP/tiny.graph.json"
LIM=$LIM_SAVED

if [ $asan -eq 1 ]; then
  skip "limits under ulimit -v: $EC_BIN is an ASan build (its shadow memory needs more address space)"
elif expensive "limits: 200 MB of whitespace, a 200 MB and a 150 MB name, 5 million timing records, 500,000 layers, each under ulimit -v (minutes of CPU; make test keeps the refusals above)"; then
  # 200 MB of whitespace inside a graph, then a 200 MB layer name
  { printf '{"Layers": ['; head -c 209715200 /dev/zero | tr '\0' ' '; printf '{"Name": "a", "LayerType": "Shuffle"}], "Bindings": []}'; } > "$TMP/ws.graph.json"
  bounded "200 MB of whitespace" ok "$EC_BIN" summary --json "$TMP/ws.graph.json"
  rm -f "$TMP/ws.graph.json"
  { printf '{"Layers": [{"Name": "'; head -c 209715200 /dev/zero | tr '\0' 'n'; printf '", "LayerType": "Shuffle"}], "Bindings": []}'; } > "$TMP/str.graph.json"
  bounded "a 200 MB layer name" ok "$EC_BIN" summary --json "$TMP/str.graph.json"
  rm -f "$TMP/str.graph.json"

  # a 150 MB name of '<': shown names are cut at 64 KiB, so the page stays
  # small (before: cmark aborted, SIGABRT, once the page passed 1 GiB)
  { printf '{"Layers": [{"Name": "'; head -c 150000000 /dev/zero | tr '\0' '<'; printf '", "LayerType": "Shuffle"}, {"Name": "b", "LayerType": "Shuffle"}], "Bindings": []}'; } > "$TMP/lt.graph.json"
  bounded "a 150 MB name of '<': report" ok "$EC_BIN" report "$TMP/lt.graph.json" -o "$TMP/lt.html" --pdf "$TMP/lt.pdf"
  sz=$(wc -c < "$TMP/lt.html" 2>/dev/null || echo 0)
  if [ "$sz" -gt 0 ] && [ "$sz" -lt 4000000 ] && grep -q '150000000 bytes in all' "$TMP/lt.html" && [ -s "$TMP/lt.pdf" ]; then
    ok "a 150 MB name: a page of $sz bytes says the name was cut (150000000 bytes in all)"
  else fail "a 150 MB name: page of $sz bytes, or no note of the cut"; fi
  "$EC_BIN" layers --json "$TMP/lt.graph.json" 2>/dev/null | head -1 | "$PY" -c 'import json,sys; n=json.loads(sys.stdin.readline())["name"]; sys.exit(0 if n == "<" * 150000000 else 1)' \
    && ok "a 150 MB name: layers --json gives it whole" || fail "a 150 MB name: layers --json does not give it whole"
  rm -f "$TMP/lt.graph.json" "$TMP/lt.html" "$TMP/lt.pdf"

  # 5 million timing records (290 MB)
  awk 'BEGIN { printf "["; for (i = 0; i < 5000000; i++) { if (i) printf ","; printf "{\"h2dMs\":0,\"computeMs\":%.3f,\"d2hMs\":0,\"latencyMs\":%.3f}", 0.9 + (i % 97) / 100, 1 + (i % 97) / 100 } print "]" }' > "$TMP/big.timing.json"
  bounded "5 million timing records" ok "$EC_BIN" summary --json "$TMP/big.timing.json"
  if "$PY" -c 'import json,sys; t=json.load(open(sys.argv[1]))["timing"]; sys.exit(0 if t["count"] == 5000000 and abs(t["median_ms"] - 1.48) < 1e-9 else 1)' "$TMP/out" 2>/dev/null; then
    ok "5 million timing records: count and median read back"
  else
    fail "5 million timing records: wrong count or median"
  fi
  rm -f "$TMP/big.timing.json"

  # a graph of 500,000 trivial layers (20 MB), the limit; one more is refused
  for n in 500000 500001; do
    awk -v n=$n 'BEGIN { printf "{\"Layers\": ["; for (i = 0; i < n; i++) { if (i) printf ","; printf "{\"Name\":\"l%d\",\"LayerType\":\"Shuffle\"}", i } print "], \"Bindings\": []}" }' > "$TMP/big.graph.json"
    if [ $n = 500000 ]; then
      bounded "500,000 layers" ok "$EC_BIN" summary --json "$TMP/big.graph.json"
      c=$("$PY" -c 'import json,sys; print(json.load(open(sys.argv[1]))["layers"])' "$TMP/out" 2>/dev/null)
      if [ "$c" = 500000 ]; then ok "500,000 layers: all counted"; else fail "500,000 layers: summary says ${c:-nothing}"; fi
    else
      bounded "500,001 layers" 'big\.graph\.json:1:[0-9]+: error: more than 500000 layers is over the limit' "$EC_BIN" summary --json "$TMP/big.graph.json"
    fi
  done
  rm -f "$TMP/big.graph.json"
fi

# a file over the 1 GiB input limit (sparse: nothing is written or read)
printf '{"Layers": [' > "$TMP/huge.graph.json"
truncate -s 1100M "$TMP/huge.graph.json"
bounded "a 1.1 GB input file" 'over the limit|too large|too big' "$EC_BIN" summary "$TMP/huge.graph.json"
rm -f "$TMP/huge.graph.json"

# outputs: never overwrite an input, atomic writes
E=$TMP/o/x.engine
mkdir -p "$TMP/o"
"$EC_GEN" --out "$E" --layers 30 > /dev/null 2>&1
cp "$E.graph.json" "$TMP/graph.orig"
"$EC_BIN" report "$E" -o "$E.graph.json" > /dev/null 2> "$TMP/err"; rc=$?
if [ $rc -eq 2 ] && cmp -s "$E.graph.json" "$TMP/graph.orig" && grep -q 'refusing to overwrite an input' "$TMP/err"; then
  ok "report -o naming an input file: refused (exit 2), the input is intact"
else fail "report -o naming an input file: exit $rc, input changed or no message"; fi
"$EC_BIN" report "$E" --pdf "$E.profile.json" > /dev/null 2>&1; rc=$?
if [ $rc -eq 2 ] && "$PY" -c 'import json,sys; json.load(open(sys.argv[1]))' "$E.profile.json"; then
  ok "report --pdf naming an input file: refused, the input is intact"
else fail "report --pdf naming an input file: exit $rc"; fi
ln -s "$E.timing.json" "$TMP/o/link.html"
"$EC_BIN" report "$E" -o "$TMP/o/link.html" > /dev/null 2>&1; rc=$?
if [ $rc -eq 2 ] && "$PY" -c 'import json,sys; json.load(open(sys.argv[1]))' "$E.timing.json"; then
  ok "report -o naming a symlink to an input: refused"
else fail "report -o naming a symlink to an input: exit $rc"; fi
cp templates/report.md "$TMP/t.md"
"$EC_BIN" report "$E" --template "$TMP/t.md" -o "$TMP/t.md" > /dev/null 2>&1; rc=$?
if [ $rc -eq 2 ] && cmp -s "$TMP/t.md" templates/report.md; then ok "report -o naming the --template: refused"
else fail "report -o naming the --template: exit $rc"; fi
ln -s t.md "$TMP/t-link.pdf"
"$EC_BIN" report "$E" --template "$TMP/t.md" -o "$TMP/o/t-ok.html" --pdf "$TMP/t-link.pdf" > /dev/null 2>&1; rc=$?
if [ $rc -eq 2 ] && cmp -s "$TMP/t.md" templates/report.md && [ -s "$TMP/o/t-ok.html" ]; then
  ok "report --pdf naming a link to the --template: refused, the HTML still written"
else fail "report --pdf naming a link to the --template: exit $rc"; fi
"$EC_BIN" compare "$E" "$E" --json "$E.timing.json" > /dev/null 2>&1; rc=$?
if [ $rc -eq 2 ] && "$PY" -c 'import json,sys; json.load(open(sys.argv[1]))' "$E.timing.json"; then
  ok "compare --json naming an input file: refused"
else fail "compare --json naming an input file: exit $rc"; fi
"$EC_BIN" report "$E" -o "$TMP/o/missing/dir/r.html" > /dev/null 2> "$TMP/err"; rc=$?
if [ $rc -eq 2 ] && grep -q 'missing/dir/r.html' "$TMP/err" && [ ! -e "$TMP/o/missing" ]; then
  ok "report -o into a missing directory: exit 2 naming the path ($(head -1 "$TMP/err" | sed 's/.*: //'))"
else fail "report -o into a missing directory: exit $rc"; fi
echo old > "$TMP/o/r.html"
"$EC_BIN" report "$E" -o "$TMP/o/r.html" > /dev/null 2>&1
if [ "$(head -c 15 "$TMP/o/r.html")" = "<!DOCTYPE html>" ] && [ -z "$(ls "$TMP/o" | grep '\.tmp\.')" ]; then
  ok "report -o over an older output: replaced, no temporary file left"
else fail "report -o over an older output: not replaced or a temporary file is left"; fi
if [ "$(id -u)" -ne 0 ]; then
  mkdir "$TMP/ro" && chmod 555 "$TMP/ro"
  "$EC_BIN" report "$E" -o "$TMP/ro/r.html" > /dev/null 2>&1; rc=$?
  if [ $rc -eq 2 ] && [ -z "$(ls "$TMP/ro")" ]; then ok "report -o into a read-only directory: exit 2, nothing left"
  else fail "report -o into a read-only directory: exit $rc"; fi
  chmod 755 "$TMP/ro"
else
  skip "report -o into a read-only directory: running as root"
fi
