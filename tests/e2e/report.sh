# report: every example and every corpus engine with a graph or profile gets
# an HTML report whose numbers equal summary --json, that references nothing
# external, and that is byte-identical when rerun.
. tests/e2e/lib.sh
export SOURCE_DATE_EPOCH=1700000000
check_one() { # NAME ENGINE
  "$EC_BIN" report "$2" -o "$TMP/r.html" 2> "$TMP/r.err"; rc=$?
  if [ $rc -ne 0 ]; then fail "report $1: exit $rc"; head -3 "$TMP/r.err"; return; fi
  "$EC_BIN" summary --json "$2" > "$TMP/s.json" 2>/dev/null
  "$EC_BIN" layers --json "$2" > "$TMP/l.json" 2>/dev/null
  if out=$("$PY" tests/e2e/check_report.py "$TMP/r.html" "$TMP/s.json" "$TMP/l.json" 2>&1); then
    ok "report $1: $out, nothing external"
  else
    fail "report $1: $out"
  fi
}
for d in examples/*/; do
  d=${d%/}
  check_one "examples/${d#examples/}" "$d"
done
"$EC_BIN" report examples/resnet-fp16-a100 -o "$TMP/a.html" 2>/dev/null
"$EC_BIN" report examples/resnet-fp16-a100 -o "$TMP/b.html" 2>/dev/null
if cmp -s "$TMP/a.html" "$TMP/b.html"; then ok "report: rerun gives identical bytes"; else fail "report: rerun differs"; fi
"$EC_BIN" report A=examples/resnet-fp16-a100 B=examples/resnet-fp32-a100 -o "$TMP/m.html" 2>/dev/null
if grep -q 'href="#e1"' "$TMP/m.html" && grep -q 'href="#e2"' "$TMP/m.html" && grep -q 'id="e2"' "$TMP/m.html"; then
  ok "report: two engines give an index linking both pages"
else
  fail "report: no index for two engines"
fi
"$EC_BIN" report examples/vit-log-only-orin -o "$TMP/l.html" 2>/dev/null
if grep -q 'Not available' "$TMP/l.html"; then ok "report: log-only engine says what is not available"; else fail "report: log-only engine has no 'Not available'"; fi
# a tile without its figure says so as a note, not in the figures' large type
if grep -q '<span class="tile-value tile-na">not available</span>' "$TMP/l.html" &&
   ! grep -q '<span class="tile-value">not available' "$TMP/l.html"; then
  ok "report: a tile without its figure shows 'not available' as a note (tile-na)"
else fail "report: a tile's 'not available' is set as a figure"; fi
each_corpus_engine check_one report
