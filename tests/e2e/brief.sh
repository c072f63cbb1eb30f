# brief: the report answers on its first screen, and the PDF is a brief.
#  - the first 1500 characters of every report's text hold the GPU compute
#    median, the throughput and the slowest layer's name (or "not available"),
#    and page 1 of the PDF holds them too (check_brief.py);
#  - the PDF of an engine of up to 2,000 layers has at most 8 A4 pages (the
#    README's 4-8; a longer brief is set again tight): corpus engines,
#    generated ones of 1,000 and 2,000 layers, transformers with fused
#    Myelin names of twelve parts;
#  - --pdf-detail full appends all layers, all findings and the options;
#  - several engines: an index page with a sortable table of headline
#    figures, then one brief per engine;
#  - reruns give the same bytes.
. tests/e2e/lib.sh
export SOURCE_DATE_EPOCH=1700000000
command -v pdftotext > /dev/null || { skip "brief: pdftotext missing (poppler-utils; make deps)"; exit 0; }
limit() { # LAYERS -> the brief's page limit: the README's 4-8 pages up to 2,000 layers (issue 39)
  if [ "$1" -le 2000 ]; then echo 8; else echo 0; fi
}
check_one() { # NAME ENGINE (sets no variable of the caller's)
  "$EC_BIN" report "$2" -o "$TMP/r.html" --pdf "$TMP/r.pdf" 2> "$TMP/r.err"; rc=$?
  if [ $rc -ne 0 ]; then fail "brief $1: exit $rc"; head -3 "$TMP/r.err"; return; fi
  "$EC_BIN" summary --json "$2" > "$TMP/s.json" 2>/dev/null
  nl=$("$PY" -c 'import json,sys; print(json.load(open(sys.argv[1]))["layers"] or 0)' "$TMP/s.json")
  pages=$(pdfinfo "$TMP/r.pdf" | awk '/^Pages:/ { print $2 }')
  pdftotext -f 1 -l 1 -layout "$TMP/r.pdf" "$TMP/p1.txt"
  if ! out=$("$PY" tests/e2e/check_brief.py "$TMP/r.html" "$TMP/s.json" "$TMP/p1.txt" 2>&1); then
    fail "brief $1: $out"; return
  fi
  max=$(limit "$nl")
  if [ "$max" -gt 0 ] && [ "$pages" -gt "$max" ]; then fail "brief $1: $nl layers, $pages PDF pages (at most $max)"; return; fi
  ok "brief $1: $nl layers, $pages pages (at most $max); first screen: $out"
}
for d in examples/*/; do d=${d%/}; check_one "examples/${d#examples/}" "$d"; done
# make test: the largest size of one CNN and the fused transformer (the
# hardest to keep to 8 pages); the whole grid is expensive
if expensive "brief: every model and precision at 1,000 and 2,000 layers, transformers at 1,300 (make test runs hybrid INT8 and the fused transformer at 2,000)"; then
  sizes="1000 2000"; models="hybrid resnet vit"; precs="fp16 int8"; tsizes="1300 2000"
else
  sizes=2000; models=hybrid; precs=int8; tsizes=2000
fi
for n in $sizes; do
  for m in $models; do
    for p in $precs; do
      "$EC_GEN" --out "$TMP/g-$m-$p-$n" --layers "$n" --model "$m" --precision "$p" --log > /dev/null 2>&1 \
        || { fail "brief: enginegen $m $p $n"; continue; }
      check_one "generated $m $p ~$n layers" "$TMP/g-$m-$p-$n"
    done
  done
done
# TensorRT 10 transformers, and the same with real Myelin names (twelve
# fused parts a layer: 14 lines a row took a 1,278-layer brief to 10 pages)
for n in $tsizes; do
  "$EC_GEN" --out "$TMP/t-$n" --layers "$n" --model transformer --log > /dev/null 2>&1 || { fail "brief: enginegen transformer $n"; continue; }
  check_one "generated transformer ~$n layers" "$TMP/t-$n"
  mkdir -p "$TMP/fused-$n"
  "$PY" tests/e2e/fused_names.py "$TMP/t-$n" "$TMP/fused-$n/e" > /dev/null || { fail "brief: fused_names.py $n"; continue; }
  check_one "generated transformer ~$n layers, fused Myelin names" "$TMP/fused-$n/e"
done
# every corpus engine's brief: expensive (pdf.sh makes each one's PDF in
# make test and checks its numbers and type sizes)
if expensive "brief: the first screen and the 8 pages of every corpus engine's brief"; then
  each_corpus_engine check_one brief
fi

# --pdf-detail full: the brief, then every layer, every finding, the options
E=examples/resnet-int8-a100
"$EC_BIN" report "$E" --pdf "$TMP/b.pdf" 2>/dev/null
"$EC_BIN" report "$E" --pdf "$TMP/f.pdf" --pdf-detail full 2>/dev/null
"$EC_BIN" report "$E" --pdf "$TMP/f2.pdf" --pdf-detail full 2>/dev/null
pdftotext -layout "$TMP/b.pdf" "$TMP/b.txt"
pdftotext -layout "$TMP/f.pdf" "$TMP/f.txt"
last=$("$EC_BIN" layers --json "$E" 2>/dev/null | tail -1 | "$PY" -c 'import json,sys; print(json.load(sys.stdin)["name"])')
nf=$("$EC_BIN" lint --json "$E" 2>/dev/null | "$PY" -c 'import json,sys; print(len(json.load(sys.stdin)["findings"]))')
if grep -q "^All layers *$" "$TMP/f.txt" && grep -q "^Appendix: build and inference options" "$TMP/f.txt" \
   && grep -qF "$last" "$TMP/f.txt" && ! grep -q "^All layers *$" "$TMP/b.txt" && ! grep -q "^Appendix" "$TMP/b.txt"; then
  ok "pdf-detail full: appends all layers (the last, $last) and the options; the brief has neither"
else
  fail "pdf-detail full: all layers / options missing, or in the brief"
fi
if grep -q "more in the HTML report and in the PDF with --pdf-detail full\|more findings in the HTML report\|more rows are in the HTML report and in the PDF with --pdf-detail full" "$TMP/b.txt" \
   || [ "$nf" -le 6 ]; then
  ok "pdf brief: capped blocks say where the rest is ($nf findings)"
else
  fail "pdf brief: $nf findings but no pointer to the rest"
fi
pb=$(pdfinfo "$TMP/b.pdf" | awk '/^Pages:/ { print $2 }'); pf=$(pdfinfo "$TMP/f.pdf" | awk '/^Pages:/ { print $2 }')
if [ "$pf" -gt "$pb" ]; then ok "pdf-detail full: $pf pages against the brief's $pb"; else fail "pdf-detail full: $pf pages, brief $pb"; fi
if cmp -s "$TMP/f.pdf" "$TMP/f2.pdf"; then ok "pdf-detail full: rerun gives identical bytes"; else fail "pdf-detail full: rerun differs"; fi
if "$EC_BIN" report "$E" --pdf "$TMP/x.pdf" --pdf-detail all 2>/dev/null; then fail "pdf-detail: 'all' accepted"; else ok "pdf-detail: only brief or full"; fi

# several engines: an index page with the headline figures, then the briefs
"$EC_BIN" report A=examples/resnet-fp16-a100 B=examples/resnet-fp32-a100 C=examples/vit-log-only-orin \
  -o "$TMP/m.html" --pdf "$TMP/m.pdf" 2>/dev/null
pdftotext -f 1 -l 1 -layout "$TMP/m.pdf" "$TMP/m1.txt"
pm=$(pdfinfo "$TMP/m.pdf" | awk '/^Pages:/ { print $2 }')
if "$PY" - "$TMP/m.html" "$TMP/m1.txt" <<'PYEOF'
import re, sys
h = open(sys.argv[1], encoding="utf-8").read()
m = re.search(r'<table id="index" class="data interactive[^"]*">(.*?)</table>', h, re.S)
assert m, "no sortable index table"
heads = re.findall(r"<th[^>]*>([^<]*)</th>", m.group(1))
for want in ("Engine", "GPU", "TensorRT", "GPU compute median (ms)", "p99 (ms)", "Throughput (qps)", "Layer latency sum (ms)", "Layers", "Weights", "Warnings", "Findings"):
    assert want in heads, "index lacks %r: %r" % (want, heads)
assert 'data-type="num"' in m.group(1), "numeric columns do not sort as numbers"
assert len(re.findall(r"<tr", m.group(1))) == 1 + 3, "not one row per engine (and a header)"
p1 = open(sys.argv[2], encoding="utf-8").read()
assert "median" in p1 and "Throughput" in p1, "PDF page 1 is not the index"
PYEOF
then
  ok "several engines: a sortable index of headline figures in HTML and on PDF page 1 ($pm pages)"
else
  fail "several engines: index"
fi
if [ "$pm" -le $((1 + 8 * 3)) ]; then ok "several engines: $pm PDF pages, at most an index page and three briefs"; else fail "several engines: $pm pages"; fi

# summary: the measured end-to-end figure comes before the layer sum; the
# throughput is readable and names the batch when known (issue 27 item 5)
if have_corpus; then
  "$EC_BIN" summary "$CORPUS/trex/pytorch-resnet-A100-qat" > "$TMP/sum.txt" 2>/dev/null
  g=$(grep -n '^gpu compute' "$TMP/sum.txt" | cut -d: -f1); l=$(grep -n '^latency ' "$TMP/sum.txt" | cut -d: -f1)
  if [ -n "$g" ] && [ -n "$l" ] && [ "$g" -lt "$l" ] && grep -q '^throughput  batch 32 · 1.13k inferences/s (1130.01 qps, metadata)$' "$TMP/sum.txt"; then
    ok "summary: GPU compute median before the layer sum, throughput with its batch"
  else
    fail "summary: order or throughput"; head -12 "$TMP/sum.txt"
  fi
fi
