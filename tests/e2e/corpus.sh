# Sweep over every engine directory of ../shared/corpus: each must load with
# warnings (exit 0) or exit 3 with a file:line:col message, never crash; the
# summary JSON must parse and carry the schema; layers must export.
. tests/e2e/lib.sh
if ! have_corpus; then
  skip "corpus sweep: $CORPUS is absent (CI has it; run from a checkout beside shared/)"
  exit 0
fi
# a folder of several engines' files is never read as one: exit 2 naming each
for dir in "$CORPUS"/hackathon-cn/mnist-trt10.14.1-rtx6000ada "$CORPUS"/hackathon-cn/mnist-trt11.0-b200; do
  "$EC_BIN" summary "$dir" > /dev/null 2> "$TMP/m.err"
  rc=$?
  if [ $rc -eq 2 ] && grep -q 'different engines' "$TMP/m.err" && grep -q 'warning: engine .*/model-trained' "$TMP/m.err"; then
    ok "corpus ${dir#"$CORPUS"/}: several engines, exit 2 naming each ($(grep -c 'warning: engine ' "$TMP/m.err"))"
  else
    fail "corpus ${dir#"$CORPUS"/}: several engines: exit $rc"; head -3 "$TMP/m.err"
  fi
done
corpus_engines > "$TMP/engines.txt"
while IFS= read -r dir; do
  name=${dir#"$CORPUS"/}
  "$EC_BIN" summary --json "$dir" > "$TMP/s.json" 2> "$TMP/s.err"
  rc=$?
  if [ $rc -eq 0 ]; then
    if "$PY" -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["schema"]=="enginecard.summary/2"' "$TMP/s.json" 2>>"$TMP/s.err"; then
      ok "corpus $name: summary --json"
    else
      fail "corpus $name: summary JSON invalid"; head -5 "$TMP/s.err"
    fi
  elif [ $rc -eq 3 ] && grep -Eq ':[0-9]+:[0-9]+: (error|warning)' "$TMP/s.err"; then
    ok "corpus $name: no usable data, exit 3 with file:line:col"
  else
    fail "corpus $name: summary exit $rc"; head -5 "$TMP/s.err"
  fi
  "$EC_BIN" layers --csv "$dir" > "$TMP/l.csv" 2>/dev/null; rc1=$?
  "$EC_BIN" layers --json "$dir" > "$TMP/l.json" 2>/dev/null; rc2=$?
  if [ $rc1 -le 3 ] && [ $rc2 -le 3 ] && "$PY" -c '
import json,sys,csv
rows=[json.loads(l) for l in open(sys.argv[1])]
c=list(csv.reader(open(sys.argv[2])))
assert len(c)==len(rows)+1, (len(c),len(rows))
' "$TMP/l.json" "$TMP/l.csv"; then
    ok "corpus $name: layers csv/json agree"
  else
    fail "corpus $name: layers exit $rc1/$rc2 or csv/json disagree"
  fi
done < "$TMP/engines.txt"
