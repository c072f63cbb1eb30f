#!/bin/sh
# valgrind memcheck over the examples, loader fixtures (a Torch-TensorRT
# trace, a two-run log, a TensorRT 11 text listing, a Polygraphy inspection,
# an engine picked from a folder of runs, the folder itself) and three corpus engines: summary, layers and report
# (HTML + PDF); over generated 2,500-layer engines: report (HTML) and
# compare; and trend over stored summaries. Leaks inside the font stack are suppressed
# (tests/valgrind.supp says which and why); any other error or definite leak
# fails. Prints "N passed, N failed, N skipped".
BUILD=${BUILD:-build}
EC=$BUILD/enginecard
SHARED=${EC_SHARED:-../shared}
VG="valgrind -q --error-exitcode=97 --leak-check=full --errors-for-leak-kinds=definite --suppressions=tests/valgrind.supp"
command -v valgrind > /dev/null || { echo "valgrind missing: run make deps"; exit 2; }
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
pass=0; fail=0; skip=0
run() { # DESC CMD...
  d=$1; shift
  $VG "$@" > "$TMP/out" 2> "$TMP/err"
  if [ $? -eq 97 ]; then echo "not ok - valgrind: $d"; sed 's/^/    /' "$TMP/err" | head -40; fail=$((fail + 1))
  else echo "ok - valgrind: $d"; pass=$((pass + 1)); fi
}
engines="examples/resnet-fp16-a100 examples/hybrid-fp16-h100 examples/vit-log-only-orin tests/fixtures/torchtrt tests/fixtures/logs/two-models.log
  tests/fixtures/facts/listing-11x/build.log tests/fixtures/facts/polygraphy/model.inspect.txt tests/fixtures/facts/runs/model-fp16.trt"
if [ -d "$SHARED/corpus" ]; then
  engines="$engines $SHARED/corpus/trex/mobilenet.qat $SHARED/corpus/fuzzylabs/alexnet_fp16 $SHARED/corpus/hackathon-cn/mnist-trt10.16.1-h100pcie/model-trained.trt"
else
  echo "skip - valgrind on corpus engines: $SHARED/corpus is absent"; skip=$((skip + 1))
fi
# a folder of several engines: named, nothing read
run "summary of a folder of several engines" "$EC" summary --json tests/fixtures/facts/runs
for e in $engines; do
  run "summary $e" "$EC" summary --json "$e"
  run "layers $e" "$EC" layers --csv "$e"
  run "report $e" "$EC" report "$e" -o "$TMP/r.html" --pdf "$TMP/r.pdf"
done
# big-engine paths: the all-layers table as data (over 2,000 rows), a
# simplified graph with broadcast inputs drawn beside their readers (a
# transformer's attention mask), and compare's alignment of renamed layers
GEN=${EC_GEN:-$BUILD/enginegen}
if [ -x "$GEN" ]; then
  "$GEN" --out "$TMP/tf" --model transformer --layers 2500 --iterations 50 --seed 5 > /dev/null 2>&1
  "$GEN" --out "$TMP/tg" --model transformer --layers 2500 --iterations 50 --seed 6 --hostile > /dev/null 2>&1
  run "report of a 2,500-layer transformer (data table, simplified graph)" "$EC" report "$TMP/tf" -o "$TMP/t.html"
  run "compare of two 2,500-layer transformers (one renamed)" "$EC" compare "$TMP/tf" "$TMP/tg" --json "$TMP/c.json"
else
  echo "skip - valgrind on generated big engines: $GEN not built"; skip=$((skip + 1))
fi
# kernels from Nsight Systems: SQLite exports (direct launches, node-traced
# CUDA graph replays) and stats reports (CSV and JSON) of tests/gen/nsys.py,
# and the corpus's two real exports
if python3 tests/gen/nsys.py tests/fixtures/nsys/myelin/model.engine.graph.json "$TMP/nd" direct > /dev/null 2>&1 &&
   python3 tests/gen/nsys.py tests/fixtures/nsys/myelin/model.engine.graph.json "$TMP/nn" node > /dev/null 2>&1; then
  run "layers --json with an nsys export" "$EC" layers --json "$TMP/nd/model.engine"
  run "layers --kernels of CUDA graph replays" "$EC" layers --kernels "$TMP/nn/model.engine"
  run "lint with an nsys export" "$EC" lint "$TMP/nn/model.engine"
  run "report with an nsys export" "$EC" report "$TMP/nd/model.engine" -o "$TMP/k.html"
  run "layers --kernels from nsys stats reports" "$EC" layers --kernels --json "$TMP/nd/model.engine" \
    --nsys "$TMP/nd/model.engine.nsys_nvtx_kern_sum.csv" --nsys "$TMP/nd/model.engine.nsys_nvtx_sum.csv" \
    --nsys "$TMP/nd/model.engine.nsys_cuda_gpu_kern_sum_nvtx-name.json"
else
  echo "skip - valgrind on nsys exports: tests/gen/nsys.py failed"; skip=$((skip + 1))
fi
if [ -d "$SHARED/corpus/nsys-pipit" ]; then
  for f in "$SHARED"/corpus/nsys-pipit/*.sqlite; do run "lint --json $f" "$EC" lint --json "$f"; done
fi
# trend: stored summaries read back (the token reader), a folder of them,
# labels, change points with compare's estimates on the thread pool, and
# every output
mkdir -p "$TMP/nights"
for i in 1 2 3 4 5 6 7 8; do
  "$EC" summary --json --label night=$i examples/resnet-fp16-a100/resnet.onnx.engine > "$TMP/nights/n$i.json" 2> /dev/null
done
"$EC" summary --json --label night=9 examples/resnet-fp16-rtx3090/resnet.onnx.engine > "$TMP/nights/n9.json" 2> /dev/null
run "trend over nine nights of two engines (JSON, Markdown, HTML, PDF)" "$EC" trend "$TMP/nights" --by night --max-regress 5 \
  --json "$TMP/t.json" --markdown "$TMP/t.md" -o "$TMP/t.html" --pdf "$TMP/t.pdf"
echo "$pass passed, $fail failed, $skip skipped"
[ $fail -eq 0 ]
