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
