# report --pdf: every example and corpus engine with layers gets a valid PDF
# whose text carries the numbers of summary --json and no text under 7 pt
# (check_pdf_text.py: charts are not shrunk below it, a big graph draws the
# slowest layers' neighbourhood instead; no number split over two lines, no
# heading at a page's foot, a continuation page names its section, no
# "tooltip", issue 39); reruns with
# SOURCE_DATE_EPOCH are byte-identical; --paper letter works.
. tests/e2e/lib.sh
export SOURCE_DATE_EPOCH=1700000000
command -v pdftotext > /dev/null || { skip "pdf: pdftotext missing (poppler-utils; make deps)"; exit 0; }
check_one() { # NAME ENGINE
  "$EC_BIN" report "$2" --pdf "$TMP/r.pdf" 2> "$TMP/r.err"; rc=$?
  if [ $rc -ne 0 ] || ! pdfinfo "$TMP/r.pdf" > "$TMP/info" 2>&1; then fail "pdf $1: exit $rc / pdfinfo"; head -3 "$TMP/r.err"; return; fi
  pages=$(awk '/^Pages:/ { print $2 }' "$TMP/info")
  pdftotext -layout "$TMP/r.pdf" "$TMP/r.txt"
  "$EC_BIN" summary --json "$2" > "$TMP/s.json" 2>/dev/null
  "$EC_BIN" layers --json "$2" > "$TMP/l.json" 2>/dev/null
  if out=$("$PY" tests/e2e/check_pdf.py "$TMP/r.txt" "$TMP/s.json" "$TMP/l.json" 2>&1); then
    ok "pdf $1: $pages pages, $out"
  else
    fail "pdf $1: $out"
  fi
  pdftotext -bbox "$TMP/r.pdf" "$TMP/r.bbox.html"
  if out=$("$PY" tests/e2e/check_pdf_text.py "$TMP/r.bbox.html" 2>&1); then
    ok "pdf $1 text size: $out"
  else
    fail "pdf $1 text size: $out"
  fi
}
for d in examples/*/; do d=${d%/}; check_one "examples/${d#examples/}" "$d"; done
"$EC_BIN" report examples/resnet-int8-a100 --pdf "$TMP/a.pdf" 2>/dev/null
"$EC_BIN" report examples/resnet-int8-a100 --pdf "$TMP/b.pdf" 2>/dev/null
if cmp -s "$TMP/a.pdf" "$TMP/b.pdf"; then ok "pdf: rerun gives identical bytes"; else fail "pdf: rerun differs"; fi
if pdfinfo "$TMP/a.pdf" | grep -q "CreationDate:.*2023"; then ok "pdf: creation date from SOURCE_DATE_EPOCH"; else fail "pdf: creation date not from SOURCE_DATE_EPOCH"; fi
"$EC_BIN" report examples/resnet-int8-a100 --pdf "$TMP/l.pdf" --paper letter 2>/dev/null
if pdfinfo "$TMP/l.pdf" | grep -q "Page size: *612 x 792"; then ok "pdf: --paper letter"; else fail "pdf: --paper letter size"; fi
if pdfinfo "$TMP/a.pdf" | grep -q "Page size: *595.* x 841"; then ok "pdf: A4 by default"; else fail "pdf: default size is not A4"; fi
# bookmarks: one outline entry per heading
if command -v python3 > /dev/null && grep -aq "/Outlines" "$TMP/a.pdf"; then ok "pdf: has an outline (bookmarks)"; else fail "pdf: no outline"; fi
# a transformer with fused Myelin names of twelve parts: no number split,
# no heading orphaned, continuation pages named, no tooltips (issue 39)
"$EC_GEN" --out "$TMP/t" --layers 1300 --model transformer > /dev/null 2>&1
mkdir -p "$TMP/fused"
if "$PY" tests/e2e/fused_names.py "$TMP/t" "$TMP/fused/e" > /dev/null; then
  check_one "generated transformer, fused Myelin names" "$TMP/fused/e"
else
  fail "pdf: fused_names.py"
fi
each_corpus_engine check_one pdf
