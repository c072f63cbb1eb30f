# compare -o/--pdf: the comparison report of the five A100 ResNet engines and
# of cross-GPU pairs, checked against compare --json.
. tests/e2e/lib.sh
export SOURCE_DATE_EPOCH=1700000000
run() { # NAME ENGINES...
  name=$1; shift
  "$EC_BIN" compare "$@" --max-regress 10 -o "$TMP/c.html" --pdf "$TMP/c.pdf" --json "$TMP/c.json" > /dev/null 2> "$TMP/c.err"
  rc=$?
  if [ $rc -gt 1 ] && [ $rc -ne 4 ]; then fail "compare report $name: exit $rc"; head -3 "$TMP/c.err"; return; fi
  if ! pdfinfo "$TMP/c.pdf" > /dev/null 2>&1; then fail "compare report $name: invalid PDF"; return; fi
  pdftotext -layout "$TMP/c.pdf" "$TMP/c.txt"
  if out=$("$PY" tests/e2e/check_compare_report.py "$TMP/c.html" "$TMP/c.txt" "$TMP/c.json" 2>&1); then
    ok "compare report $name: $out"
  else
    fail "compare report $name: $out"
  fi
}
run "examples cross-GPU (A100 vs RTX 3090)" a100=examples/resnet-fp16-a100 rtx3090=examples/resnet-fp16-rtx3090
run "examples precisions" fp32=examples/resnet-fp32-a100 fp16=examples/resnet-fp16-a100 int8=examples/resnet-int8-a100
"$EC_BIN" compare a=examples/resnet-fp16-a100 b=examples/resnet-fp16-rtx3090 -o "$TMP/1.html" > /dev/null 2>&1
"$EC_BIN" compare a=examples/resnet-fp16-a100 b=examples/resnet-fp16-rtx3090 -o "$TMP/2.html" > /dev/null 2>&1
if cmp -s "$TMP/1.html" "$TMP/2.html"; then ok "compare report: rerun gives identical bytes"; else fail "compare report: rerun differs"; fi
if grep -q "GPU" "$TMP/1.html" && grep -q 'class="diff"' "$TMP/1.html"; then
  ok "compare report: cross-GPU facts are highlighted"
else
  fail "compare report: no highlighted difference for a cross-GPU pair"
fi
# across GPUs: the gate says NOT COMPARABLE (exit 4) unless --allow-mismatch;
# without a gate (or with --no-gate) a platform comparison with ratios per
# layer family, and the first screen says how much aligned
X="a100=examples/resnet-fp16-a100 rtx3090=examples/resnet-fp16-rtx3090"
"$EC_BIN" compare $X --max-regress 10 > "$TMP/x.txt" 2>/dev/null
rc=$?
if [ $rc -eq 4 ] && grep -q "^result: NOT COMPARABLE: 1 of 1 engine is measured on a different GPU" "$TMP/x.txt"; then
  ok "compare across GPUs with a gate: NOT COMPARABLE, exit 4"
else
  fail "compare across GPUs with a gate: exit $rc, $(grep '^result' "$TMP/x.txt")"
fi
"$EC_BIN" compare $X --max-regress 10 --allow-mismatch > "$TMP/x.txt" 2>/dev/null
rc=$?
if { [ $rc -le 1 ] || [ $rc -eq 4 ]; } && grep -Eq "^result: (PASS|FAIL|INCONCLUSIVE)" "$TMP/x.txt"; then
  ok "compare across GPUs with --allow-mismatch: gated"
else
  fail "compare across GPUs with --allow-mismatch: exit $rc, $(grep '^result' "$TMP/x.txt")"
fi
"$EC_BIN" compare $X -o "$TMP/p.html" > "$TMP/x.txt" 2>/dev/null
if grep -q "^platform comparison" "$TMP/x.txt" && grep -q "^  aligned: " "$TMP/x.txt" &&
  grep -q "Ratios by layer family" "$TMP/p.html" && grep -q "layers of a100 and" "$TMP/p.html"; then
  ok "compare across GPUs without a gate: a platform comparison, the alignment said"
else
  fail "compare across GPUs without a gate: no platform comparison or alignment"
fi
"$EC_BIN" compare fp32=examples/resnet-fp32-a100 fp16=examples/resnet-fp16-a100 --max-regress 1 --no-gate > "$TMP/x.txt" 2>/dev/null
rc=$?
if [ $rc -eq 0 ] && grep -q "^result: NO GATE: a platform comparison" "$TMP/x.txt" && grep -q "^platform comparison" "$TMP/x.txt"; then
  ok "compare --no-gate: a platform comparison, --max-regress ignored"
else
  fail "compare --no-gate: exit $rc, $(grep '^result' "$TMP/x.txt")"
fi
if have_corpus; then
  T=$CORPUS/trex
  "$EC_BIN" compare a100=$T/pytorch-resnet-A100-fp16 rtx3090=$T/tensorflow-resnet-RTX-3090-fp16 -o "$TMP/n.html" > "$TMP/x.txt" 2>/dev/null
  if grep -q "these look like different networks" "$TMP/x.txt" && grep -q "only in rtx3090: Convolution, 40 layers" "$TMP/n.html"; then
    ok "compare of different networks: said on the first screen, one-sided time by family in the waterfall"
  else
    fail "compare of different networks: not said, or the waterfall has no family steps"
  fi
  run "five A100 ResNet engines" fp16=$T/pytorch-resnet-A100-fp16/resnet.onnx.engine fp32=$T/pytorch-resnet-A100-fp32/resnet.onnx.engine \
    qat=$T/pytorch-resnet-A100-qat/resnet-qat.onnx.engine qat-res=$T/pytorch-resnet-A100-qat-residual/resnet-qat-residual.onnx.engine \
    qgap=$T/pytorch-resnet-A100-qat-residual-qgap/resnet-qat-residual-qgap.onnx.engine
  run "corpus mobilenet QAT pair" $T/mobilenet.qat $T/mobilenet_v2_residuals.qat
  run "corpus cross-GPU (RTX 3090 TF fp16 vs A100 PyTorch fp16)" rtx3090=$T/tensorflow-resnet-RTX-3090-fp16 a100=$T/pytorch-resnet-A100-fp16
else
  skip "compare report over the corpus: $CORPUS is absent"
fi

# compare and trend as briefs (issue 39): two generated ~200-layer engines
# (FP16 and INT8) and a night folder. The verdict is the largest type on the
# page and on PDF page 1, the end-to-end bars carry their values, the layer
# table is one line per pair with the rest folded, the HTML is at most
# 12,000 px tall at 1280 px (measured in headless Chromium with
# tests/e2e/probe.js, as browser.sh does), the PDF at most 8 pages with no
# text under 7 pt, also for ~1,000 layers a side; trend's FAIL is a banner,
# its summary names the first bad night, its legend is not cut.
brief_pdf() { # NAME PDF: at most 8 pages, no text under 7 pt
  pages=$(pdfinfo "$2" | awk '/^Pages:/ { print $2 }')
  pdftotext -bbox "$2" "$TMP/b.bbox.html"
  if [ "$pages" -le 8 ] && out=$("$PY" tests/e2e/check_pdf_text.py "$TMP/b.bbox.html" 2>&1); then
    ok "compare brief $1: $pages PDF pages (at most 8), $out"
  else
    fail "compare brief $1: $pages PDF pages (at most 8); ${out:-}"
  fi
}
CHROMIUM=$(command -v chromium || command -v chromium-browser)
brief_height() { # NAME HTML MAX
  if [ -z "$CHROMIUM" ]; then skip "compare brief $1: chromium is missing (sh tests/deps.sh): height not measured"; return; fi
  "$PY" - "$2" tests/e2e/probe.js "$TMP/p.html" << 'PYEOF'
import sys
page = open(sys.argv[1], encoding="utf-8").read()
i = page.rindex("</body>")
open(sys.argv[3], "w", encoding="utf-8").write(page[:i] + "<script>" + open(sys.argv[2], encoding="utf-8").read() + "</script>" + page[i:])
PYEOF
  rm -rf "$TMP/profile"
  timeout 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync --hide-scrollbars \
    --user-data-dir="$TMP/profile" --window-size=1280,800 --virtual-time-budget=4000 --dump-dom "file://$TMP/p.html" \
    > "$TMP/dom.html" 2> /dev/null
  if out=$("$PY" tests/e2e/check_cmp_brief.py height "$TMP/dom.html" "$3" 2>&1); then ok "compare brief $1 (HTML): $out"
  else fail "compare brief $1 (HTML): $out"; fi
}
if command -v pdftotext > /dev/null && [ -x "$EC_GEN" ]; then
  "$EC_GEN" --out "$TMP/g16" --layers 200 --precision fp16 --log > /dev/null
  "$EC_GEN" --out "$TMP/g8" --layers 200 --precision int8 --log > /dev/null
  for pair in "fp16=$TMP/g16 int8=$TMP/g8" "int8=$TMP/g8 fp16=$TMP/g16"; do
    # shellcheck disable=SC2086
    "$EC_BIN" compare $pair --max-regress 5 -o "$TMP/b.html" --pdf "$TMP/b.pdf" --json "$TMP/b.json" > /dev/null 2>&1
    name="200-layer pair, baseline ${pair%%=*}"
    pdftotext -bbox "$TMP/b.pdf" "$TMP/b.bbox.html"
    if out=$("$PY" tests/e2e/check_cmp_brief.py compare "$TMP/b.html" "$TMP/b.json" "$TMP/b.bbox.html" 2>&1); then
      ok "compare brief $name: $out"
    else
      fail "compare brief $name: $out"
    fi
    brief_pdf "$name" "$TMP/b.pdf"
    brief_height "$name" "$TMP/b.html" 12000
  done
  "$EC_GEN" --out "$TMP/k16" --layers 1000 --precision fp16 > /dev/null
  "$EC_GEN" --out "$TMP/k8" --layers 1000 --precision int8 > /dev/null
  "$EC_BIN" compare "$TMP/k16" "$TMP/k8" --max-regress 5 -o "$TMP/k.html" --pdf "$TMP/k.pdf" > /dev/null 2>&1
  brief_pdf "1,000-layer pair" "$TMP/k.pdf"
  # trend: gemm 12% slower from night 17, one outlier night
  mkdir -p "$TMP/eng" "$TMP/tr/s"
  for f in "$TMP"/g16.*; do cp "$f" "$TMP/eng/model.${f##*/g16.}"; done
  "$EC_BIN" layers --json "$TMP/eng/model" > "$TMP/tr/layers" 2> /dev/null
  "$PY" tests/e2e/simulate_nights.py "$TMP/eng" "$TMP/tr/layers" "$TMP/tr/n" 30 --type gemm --slow 1.12 --from 17 \
    --outlier 8:1.3 --seed 3 > /dev/null || fail "trend brief: simulate_nights.py"
  for d in "$TMP/tr/n"/night-*; do
    i=$(expr "${d##*-}" + 0)
    "$EC_BIN" summary --json --label night=$i "$d/model" > "$TMP/tr/s/night-$i.json" 2> /dev/null
  done
  "$EC_BIN" trend "$TMP/tr/s" --by night --max-regress 5 -o "$TMP/t.html" --pdf "$TMP/t.pdf" > /dev/null 2>&1
  pdftotext -bbox "$TMP/t.pdf" "$TMP/t.bbox.html"
  if out=$("$PY" tests/e2e/check_cmp_brief.py trend "$TMP/t.html" "$TMP/t.bbox.html" 17 2>&1); then ok "trend brief: $out"
  else fail "trend brief: $out"; fi
else
  skip "compare brief: pdftotext or enginegen missing"
fi
