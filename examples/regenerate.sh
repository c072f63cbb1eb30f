#!/bin/sh
# Rebuilds every bundled example engine from enginegen with fixed seeds.
# Run from the repository root:  sh examples/regenerate.sh
# The output is byte-identical on every run (enginegen is deterministic), so
# `git status` stays clean unless enginegen itself changed.
# These are synthetic engines (see the comment at the top of
# tests/gen/enginegen.c), not copies of real trtexec output.
set -e
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build}
GEN=${GEN:-$BUILD/enginegen}
[ -x "$GEN" ] || make "$GEN" > /dev/null

# gen DIR OPTIONS...: regenerate examples/DIR/resnet.onnx.engine.*
gen() {
  dir=examples/$1; shift
  rm -rf "$dir"
  mkdir -p "$dir"
  "$GEN" --out "$dir/resnet.onnx.engine" "$@"
}

# ResNet-like CNN (bottleneck blocks, TensorRT 10 Myelin classifier head)
gen resnet-fp32-a100    --model resnet --layers 90 --precision fp32 --gpu a100    --batch 8 --iterations 500 --seed 101
gen resnet-fp16-a100    --model resnet --layers 90 --precision fp16 --gpu a100    --batch 8 --iterations 500 --seed 101
gen resnet-fp16-rtx3090 --model resnet --layers 90 --precision fp16 --gpu rtx3090 --batch 8 --iterations 500 --seed 101
# INT8 QAT: Q/DQ reformats, mixed INT8/FP16 layers
gen resnet-int8-a100    --model resnet --layers 110 --precision int8 --gpu a100   --batch 8 --iterations 500 --seed 103
# A hybrid CNN + transformer engine with a few rows missing from the profile
# and the trtexec console log next to the JSON files
rm -rf examples/hybrid-fp16-h100
mkdir -p examples/hybrid-fp16-h100
"$GEN" --out examples/hybrid-fp16-h100/hybrid.onnx.engine --model hybrid --layers 120 --precision fp16 --gpu h100 \
  --iterations 500 --missing-profile 5 --log --seed 105
# An engine known only from its trtexec log (no JSON at all)
rm -rf examples/vit-log-only-orin
mkdir -p examples/vit-log-only-orin
"$GEN" --out examples/vit-log-only-orin/vit.onnx.engine --model vit --layers 60 --precision fp16 --gpu orin \
  --iterations 500 --only-log --seed 107
