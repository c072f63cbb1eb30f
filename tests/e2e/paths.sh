# paths: every command with its rarer options once, on small engines, so the
# ASan suite (`make asan` runs a subset of the e2e scripts) reaches each CLI
# path the unit tests do not: report of several engines (the index) with
# --pdf-detail full, --paper letter, --top, --max-rows and --template;
# compare with every output; trend with every output; graph in all three
# formats with --query, --color precision and --constants; lint -v and
# --json; summary --label; layers both ways. Each must exit 0 or 1 and write
# what it was asked for (the scripts named in each comment check the content).
. tests/e2e/lib.sh
A=examples/resnet-fp16-a100/resnet.onnx.engine
B=examples/resnet-int8-a100/resnet.onnx.engine
H=examples/hybrid-fp16-h100
O=$TMP/o
mkdir -p "$O"
export SOURCE_DATE_EPOCH=1700000000
# run DESC FILES... -- CMD...: exit 0, 1 or 4 (a gate's verdict or none),
# and every FILE written
run() {
  d=$1; shift
  files=""
  while [ "$1" != "--" ]; do files="$files $1"; shift; done
  shift
  "$@" > "$O/stdout" 2> "$O/stderr"; rc=$?
  miss=""
  for f in $files; do [ -s "$f" ] || miss="$miss $f"; done
  if { [ $rc -le 1 ] || [ $rc -eq 4 ]; } && [ -z "$miss" ]; then ok "$d (exit $rc)"
  else fail "$d: exit $rc, missing:${miss:- none}"; head -3 "$O/stderr" | sed 's/^/    /'; fi
}
cp templates/report.md "$O/t.md"
# brief.sh checks the brief and the full PDF, report.sh the page
run "report of three engines: index, full PDF on letter, --top, --max-rows, --template" "$O/r.html" "$O/r.pdf" -- \
  "$EC_BIN" report "$A" "$B" "$H" -o "$O/r.html" --pdf "$O/r.pdf" --paper letter --pdf-detail full --top 3 --max-rows 20 --template "$O/t.md"
# compare.sh, compare_report.sh and gate.sh check these
run "compare with every output" "$O/c.json" "$O/c.xml" "$O/c.md" "$O/c.bench.json" "$O/c.html" "$O/c.pdf" \
  "$O/c.tp.json" "$O/c.om" "$O/c.bmf.json" -- \
  "$EC_BIN" compare "$A" "$B" --metric gpu-mean --max-regress 5 --max-layer-regress 20 --min-layer-ms 0.01 --label run=1 \
  --json "$O/c.json" --junit "$O/c.xml" --markdown "$O/c.md" --pr-comment --bench-json "$O/c.bench.json" -o "$O/c.html" --pdf "$O/c.pdf" \
  --bench-json-throughput "$O/c.tp.json" --openmetrics "$O/c.om" --bmf "$O/c.bmf.json" --no-github
for i in 1 2 3 4 5; do "$EC_BIN" summary --json --label night=$i "$A" > "$O/n$i.json" 2> /dev/null; done
"$EC_BIN" summary --json --label night=6 "$B" > "$O/n6.json" 2> /dev/null
# trend.sh checks these
run "trend with every output" "$O/t.json" "$O/t2.md" "$O/t.html" "$O/t.pdf" -- \
  "$EC_BIN" trend "$O"/n*.json --by night --max-regress 5 --json "$O/t.json" --markdown "$O/t2.md" -o "$O/t.html" --pdf "$O/t.pdf" --paper letter
# graph.sh checks these
for f in svg pdf dot; do
  run "graph -o .$f with --query, --color precision, --constants" "$O/g.$f" -- \
    "$EC_BIN" graph "$H" -o "$O/g.$f" --query 'conv|Conv' --radius 1 --color precision --constants --budget 200
done
run "lint -v" -- "$EC_BIN" lint -v "$H"
run "lint --json --fail-on warning" -- "$EC_BIN" lint --json --fail-on warning "$H"
run "summary --label, layers --csv and --json" -- sh -c '"$1" summary --label a=b "$2" && "$1" layers --csv "$2" && "$1" layers --json "$2"' sh "$EC_BIN" "$H"
