# Sweep over every engine directory of ../shared/corpus: each must load with
# warnings (exit 0) or exit 3 with a file:line:col message, never crash; the
# summary JSON must parse and carry the schema; layers must export.
. tests/e2e/lib.sh
if ! have_corpus; then
  skip "corpus sweep: $CORPUS is absent (CI has it; run from a checkout beside shared/)"
  exit 0
fi
for dir in "$CORPUS"/*/*/; do
  dir=${dir%/}
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
done
