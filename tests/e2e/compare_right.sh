# compare_right: compare says the right thing in every output (issues 32
# and 33), on the fixtures of tests/fixtures/compare-right (written by
# tests/gen/compare_right.py) and on corpus pairs:
#   - engines of different batches are compared per inference, and the
#     headline says so; one batch keeps the figures as measured;
#   - unknown is never 0, the alignment counts agree, a compare without
#     timing is "no verdict" (exit 4), never ERROR + NOT COMPARABLE + 3;
#   - inference streams (both names) and green contexts are comparability
#     differences; a uniform change across every layer is said;
#   - what changed inside a pair (layer type, kernel) stands beside its time;
#     a names-only engine aligns with its detailed self; inputs are compared
#     by shapes, their names are a difference of their own; precision,
#     weights and a run under nsys are said.
# Each class is checked in the terminal text, the JSON (against its
# schema), the Markdown, the HTML's text and the PDF's text (pdftotext).
. tests/e2e/lib.sh
export SOURCE_DATE_EPOCH=1700000000
FX=tests/fixtures/compare-right
SCHEMA=tests/schema/compare.schema.json

# the committed fixtures are what the generator writes
if "$PY" tests/gen/compare_right.py "$TMP/fx" > /dev/null 2>&1 && diff -r "$TMP/fx" "$FX" > "$TMP/fx.diff" 2>&1; then
  ok "fixtures: tests/gen/compare_right.py writes tests/fixtures/compare-right byte for byte"
else
  fail "fixtures differ from their generator"; head -5 "$TMP/fx.diff"
fi

have_pdftotext=1
command -v pdftotext > /dev/null 2>&1 || have_pdftotext=0
[ $have_pdftotext = 1 ] || skip "pdftotext is missing (poppler-utils, see tests/deps.sh): PDF text not checked"
have_jsonschema=1
"$PY" -c 'import jsonschema' > /dev/null 2>&1 || have_jsonschema=0
[ $have_jsonschema = 1 ] || skip "python3-jsonschema is missing (see tests/deps.sh): JSON not validated against its schema"

# cmp NAME WANT_RC ARGS...: every output of one comparison into $TMP/NAME.*
# (txt, json, md, xml, html, pdf; html.txt and pdf.txt their text)
cmp_all() {
  n=$1; want=$2; shift 2
  "$EC_BIN" compare "$@" --json "$TMP/$n.json" --markdown "$TMP/$n.md" --junit "$TMP/$n.xml" \
    -o "$TMP/$n.html" --pdf "$TMP/$n.pdf" > "$TMP/$n.txt" 2> "$TMP/$n.err"
  rc=$?
  if [ $rc -eq "$want" ]; then ok "$n: exit $rc"; else fail "$n: exit $rc, want $want"; sed 's/^/    /' "$TMP/$n.err" | head -5; fi
  "$PY" - "$TMP/$n.html" > "$TMP/$n.html.txt" <<'EOF'
import html, re, sys
s = open(sys.argv[1], encoding="utf-8").read()
s = re.sub(r"<(script|style)\b.*?</\1>", " ", s, flags=re.S)
s = re.sub(r"<wbr>", "", s)
s = html.unescape(re.sub(r"<[^>]+>", " ", s))
print(re.sub(r"\s+", " ", s))
EOF
  if [ $have_pdftotext = 1 ]; then
    pdftotext "$TMP/$n.pdf" - 2>/dev/null | tr '\n' ' ' | tr -s ' ' > "$TMP/$n.pdf.txt"
    pdftotext -f 1 -l 1 "$TMP/$n.pdf" - 2>/dev/null | tr '\n' ' ' | tr -s ' ' > "$TMP/$n.pdf1.txt"
  fi
  if [ $have_jsonschema = 1 ]; then
    if "$PY" - "$SCHEMA" "$TMP/$n.json" > "$TMP/j.err" 2>&1 <<'EOF'
import json, sys, jsonschema
jsonschema.validate(json.load(open(sys.argv[2])), json.load(open(sys.argv[1])), cls=jsonschema.Draft202012Validator)
EOF
    then ok "$n: JSON valid against compare.schema.json"; else fail "$n: JSON invalid"; head -5 "$TMP/j.err"; fi
  fi
}

# has DESC FILE TEXT...: every TEXT is in FILE (fixed strings)
has() {
  d=$1; f=$2; shift 2
  for t in "$@"; do
    if ! grep -qF -- "$t" "$f"; then fail "$d: \"$t\" not in $(basename "$f")"; sed 's/^/    /' "$f" | cut -c1-300 | head -8; return; fi
  done
  ok "$d"
}
# hasnt DESC FILE TEXT...: no TEXT is in FILE
hasnt() {
  d=$1; f=$2; shift 2
  for t in "$@"; do
    if grep -qF -- "$t" "$f"; then fail "$d: \"$t\" in $(basename "$f")"; grep -F -- "$t" "$f" | cut -c1-300 | head -3; return; fi
  done
  ok "$d"
}
# pdf DESC NAME TEXT...: in the PDF's text (page 1 with NAME ending in 1)
pdf() { if [ $have_pdftotext = 1 ]; then d=$1; n=$2; shift 2; has "$d" "$TMP/$n.txt" "$@"; fi; }
# json DESC FILE PYTHON-EXPR: the expression (d: the document) holds
json() {
  if "$PY" -c "import json,sys; d=json.load(open(sys.argv[1])); assert ($3), 'false'" "$2" > "$TMP/jq.err" 2>&1; then ok "$1"
  else fail "$1"; tail -2 "$TMP/jq.err"; fi
}

# ---- 1. per inference: ResNet INT8 on an A100 at batch 32, an RTX 3080 at batch 1
cmp_all batch 0 a100=$FX/batch/a100-b32/model.engine rtx3080=$FX/batch/rtx3080-b1/model.engine
has "batch: terminal headline and change are per inference" "$TMP/batch.txt" \
  "result: NO GATE (per inference: batch 32 vs 1): a platform comparison" \
  "basis     per inference: batch 32 vs 1: each engine's times are divided by its batch; as measured, a100 0.8826 ms per batch of 32; rtx3080 0.2754 ms per batch of 1." \
  "rtx3080                                  0.2754  +898.5%" "a100                                    0.02758" \
  "rtx3080: overall 9.99× (gpu-median)" "no interval, so no direction is claimed"
hasnt "batch: the measured -68.8% is not the verdict" "$TMP/batch.txt" "-68.8%" "faster than the baseline" "0.312×"
json "batch: JSON names the basis and keeps the measured figures" "$TMP/batch.json" \
  'd["basis"]["text"]=="per inference: batch 32 vs 1" and d["basis"]["batches"]==[32,1] and d["metric"]["unit"]=="ms per inference"
   and abs(d["engines"][1]["regress_pct"]-898.5044)<0.01 and abs(d["engines"][1]["per_inference"]["raw_regress_pct"]+68.797)<0.01
   and abs(d["engines"][0]["metric"]["value"]-0.8826/32)<1e-9 and d["engines"][0]["per_inference"]["raw_value"]==0.8826
   and abs(d["engines"][1]["waterfall"]["baseline_total_ms"]-0.8714/32)<1e-9 and d["engines"][1]["per_inference"]["raw_baseline_total_ms"]==0.8714
   and all(p["baseline_ms"]<p["engine_ms"] for p in d["engines"][1]["alignment"]["pairs"])'
has "batch: Markdown headline and basis" "$TMP/batch.md" "NO GATE (per inference: batch 32 vs 1)" \
  "Per inference: batch 32 vs 1: each engine" "| rtx3080 | 0.2754 | +898.5% (no interval)" "gpu-median (ms per inference)"
has "batch: HTML banner, first screen, tables and charts are per inference" "$TMP/batch.html.txt" \
  "NO GATE (per inference: batch 32 vs 1)" "gpu-median 0.02758 → 0.2754 ms per inference" \
  "Figures are per inference: batch 32 vs 1" "Baseline (per inference)" "9.99×" \
  "Sum of per-layer latencies per inference" "Throughput, inferences per second" "36,160" \
  "GPU compute time per inference: median and p99" "Latency by layer type per engine, per inference" \
  "0.02758 per inference (0.8826 per batch of 32)" "36,160 inferences/s (1130 qps at batch 32)"
pdf "batch: PDF page 1 says per inference" batch.pdf1 "(per inference: batch 32 vs 1)" "ms per inference" \
  "Figures are per inference: batch 32 vs 1"
pdf "batch: PDF tables per inference" batch.pdf "Baseline (per" "9.99×"
# one batch: the figures as measured, no basis anywhere
cmp_all same 0 a=$FX/batch/a100-b32/model.engine b=$FX/batch/a100-b32/model.engine
hasnt "one batch: no basis in the terminal" "$TMP/same.txt" "per inference" "basis "
hasnt "one batch: no basis in the HTML" "$TMP/same.html.txt" "(per inference: batch" "ms per inference" "Figures are per inference" \
  "Baseline (per inference)" "per batch of"
hasnt "one batch: no basis in the Markdown" "$TMP/same.md" "per inference"
json "one batch: JSON has no basis, unit ms" "$TMP/same.json" \
  '"basis" not in d and d["metric"]["unit"]=="ms" and "per_inference" not in d["engines"][1] and d["engines"][0]["metric"]["value"]==0.8826'

# corpus: TREx's A100 PyTorch ResNet-50 at batch 32 against a ResNet-18 at batch 1
if have_corpus; then
  cmp_all corpus_batch 0 a100=$CORPUS/trex/pytorch-resnet-A100-fp16 rtx3060=$CORPUS/fuzzylabs/resnet18_fp16
  has "corpus A100 batch 32 vs batch 1: per inference in the terminal" "$TMP/corpus_batch.txt" \
    "(per inference: batch 32 vs 1)" "ms/inference" "no direction is claimed"
  json "corpus A100 batch 32 vs batch 1: the A100 is faster per image, slower per batch" "$TMP/corpus_batch.json" \
    'd["engines"][1]["regress_pct"]>500 and d["engines"][1]["per_inference"]["raw_regress_pct"]<0'
  pdf "corpus A100 batch 32 vs batch 1: PDF page 1" corpus_batch.pdf1 "(per inference: batch 32 vs 1)"
else
  skip "corpus batch pair: $CORPUS is absent"
fi

# ---- 2. no timing: no verdict (exit 4), unknown shown as a dash, counts agree
cmp_all inputs 4 x=$FX/inputs/x/model.engine input=$FX/inputs/input/model.engine --max-regress 5
has "no timing: terminal says no verdict" "$TMP/inputs.txt" "NO TIMING" \
  "result: NO VERDICT: no timing to compare for 1 of 1 engine"
hasnt "no timing: never ERROR or NOT COMPARABLE" "$TMP/inputs.txt" "ERROR" "NOT COMPARABLE"
json "no timing: JSON verdict" "$TMP/inputs.json" 'd["engines"][1]["verdict"]=="no timing" and d["summary"]["errors"]==1'
has "no timing: JUnit skips (no verdict), no error" "$TMP/inputs.xml" 'errors="0"' '<skipped message="NO TIMING: '
has "no timing: Markdown" "$TMP/inputs.md" "NO VERDICT: no timing to compare" "no timing"
cmp_all inputs_ng 4 x=$FX/inputs/x/model.engine input=$FX/inputs/input/model.engine --no-gate
has "no timing, no gate: still no verdict" "$TMP/inputs_ng.txt" "result: NO VERDICT"
"$PY" - "$TMP/inputs_ng.html" > "$TMP/fam.out" 2>&1 <<'EOF'
import html, re, sys
s = open(sys.argv[1], encoding="utf-8").read()
rows = [[html.unescape(re.sub(r"<[^>]+>", "", c)).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", r, re.S)]
        for r in re.findall(r"<tr>(.*?)</tr>", s, re.S)]
fam = [r for r in rows if len(r) == 7 and r[0] == "input" and r[1] in ("Convolution", "MatrixMultiply")]
assert fam, "no family rows"
for r in fam:
    assert r[4] == "\u2013" and r[5] == "\u2013", r  # unknown, never 0
# every aligned pair, as the first screen counts them: the changed ones, then the folded rest
pairs = [r for t in re.findall(r'<table id="c-layers(?:-rest)?"[^>]*>(.*?)</table>', s, re.S)
         for r in re.findall(r"<tr>(.*?)</tr>", t, re.S) if "<td" in r]
assert len(pairs) == 2, len(pairs)
assert "no engine could be aligned" not in s
print("ok")
EOF
if grep -q "^ok" "$TMP/fam.out"; then ok "no timing: family times are a dash, not 0; the layer table lists the 2 aligned pairs"
else fail "no timing: HTML tables"; head -3 "$TMP/fam.out"; fi
has "no timing: the first screen counts the pairs the table lists" "$TMP/inputs_ng.html.txt" "2 of 2 layers of x and 2 of 2 of input aligned"

# ---- 3. inputs by shapes, names as a difference; precision and weights said
has "x vs input: names, precision and weights in the terminal" "$TMP/inputs.txt" \
  "the engines differ: input names: x -> input" \
  "the engines differ: precision of most layers: FP16 (2 of 2 layers) -> FP32 (2 of 2 layers)" \
  "the engines differ: weights: 116.5 MiB -> 233.1 MiB"
hasnt "x vs input: not \"not comparable: input shapes\"" "$TMP/inputs.txt" "input shapes"
json "x vs input: JSON differences" "$TMP/inputs.json" \
  '[(x["what"],x["baseline"],x["engine"]) for x in d["engines"][1]["differences"]]==[("input names","x","input"),("precision of most layers","FP16 (2 of 2 layers)","FP32 (2 of 2 layers)"),("weights","116.5 MiB","233.1 MiB")] and d["engines"][1]["comparability"]==[]'
has "x vs input: Markdown" "$TMP/inputs.md" "The engines differ (the numbers still compare):" "- input names: x → input" "- weights: 116.5 MiB → 233.1 MiB"
has "x vs input: HTML" "$TMP/inputs.html.txt" "input names (the engines differ; the numbers still compare) x input" "116.5 MiB 233.1 MiB"
pdf "x vs input: PDF" inputs.pdf "input names (the engines differ; the numbers still compare)"

# ---- 4. comparability: inference streams under both names, green contexts, nsys
cmp_all streams 0 v85=$FX/streams/v85/model.engine v86=$FX/streams/v86/model.engine
has "streams: 8.5's Streams against 8.6's Inference Streams" "$TMP/streams.txt" "not comparable: trtexec option Inference Streams: 2 -> 1"
cmp_all green 0 whole=$FX/green/whole-gpu/model.engine sm16=$FX/green/sm16/model.engine
has "green context: engine-wide and per profile" "$TMP/green.txt" \
  "not comparable: trtexec option Green Context: Disabled -> sm:16" \
  "not comparable: trtexec option Optimization Profile 1 Green Context: Disabled -> sm:8,cosched:2"
hasnt "green context: profile 0 repeats the engine-wide value, not said twice" "$TMP/green.txt" "Optimization Profile 0"
json "green context: JSON comparability" "$TMP/green.json" \
  '[x["what"] for x in d["engines"][1]["comparability"]]==["trtexec option Green Context","trtexec option Optimization Profile 1 Green Context"]'
has "green context: HTML and Markdown" "$TMP/green.html.txt" "trtexec option Green Context Disabled sm:16"
has "green context: Markdown" "$TMP/green.md" "trtexec option Green Context: Disabled → sm:16"
pdf "green context: PDF" green.pdf "Green Context"
cmp_all nsys 0 plain=$FX/nsys/plain/model.engine profiled=$FX/nsys/profiled/model.engine
has "nsys: the profiler is a difference" "$TMP/nsys.txt" "not comparable: ran under a profiler: none -> nsys"
json "nsys: JSON" "$TMP/nsys.json" '{"what":"ran under a profiler","baseline":"none","engine":"nsys"} in d["engines"][1]["comparability"]'
has "nsys: Markdown and HTML" "$TMP/nsys.md" "ran under a profiler: none → nsys"

# ---- 5. a uniform change across every layer
cmp_all uniform 0 streams1=$FX/uniform/streams1/model.engine streams4=$FX/uniform/streams4/model.engine
U="every layer moved by about the same factor (+150.0% to +490.0% on each of 8 aligned layers): check clocks, concurrent streams or contexts before the engine"
has "uniform: terminal" "$TMP/uniform.txt" "$U" "not comparable: trtexec option Inference Streams: 1 -> 4"
json "uniform: JSON" "$TMP/uniform.json" \
  'd["engines"][1]["uniform"]["layers"]==8 and abs(d["engines"][1]["uniform"]["low_pct"]-150)<1e-6 and abs(d["engines"][1]["uniform"]["high_pct"]-490)<1e-6'
has "uniform: Markdown" "$TMP/uniform.md" "$U"
has "uniform: HTML first screen" "$TMP/uniform.html.txt" "streams4: $U"
pdf "uniform: PDF page 1" uniform.pdf1 "every layer moved by about the same factor"

# ---- 6. what changed inside a pair
cmp_all tactic 1 cask=$FX/tactic/cask/model.engine cudnn=$FX/tactic/cudnn/model.engine --max-regress 5
W="implementation changed: CaskConvolution → CudnnConvolution"
has "tactic: beside the time in the terminal" "$TMP/tactic.txt" "+366.0%  Convolution" "($W)"
hasnt "tactic: one layer slower is not a uniform change" "$TMP/tactic.txt" "every layer moved"
json "tactic: JSON per pair" "$TMP/tactic.json" \
  'd["engines"][1]["layer_regressions"][0]["baseline_layer_type"]=="CaskConvolution" and d["engines"][1]["layer_regressions"][0]["engine_layer_type"]=="CudnnConvolution"
   and d["engines"][1]["layer_regressions"][0]["engine_tactic"].startswith("cudnn_ampere") and d["engines"][1]["layer_regressions"][0]["implementation_changed"] is True
   and d["engines"][1]["layer_regressions"][0]["why"]=="implementation changed: CaskConvolution \u2192 CudnnConvolution"
   and sum(p["implementation_changed"] for p in d["engines"][1]["alignment"]["pairs"])==1'
has "tactic: Markdown" "$TMP/tactic.md" "| +0.1867 | +366.0% | $W |"
has "tactic: HTML top regressions" "$TMP/tactic.html.txt" "+366.0 $W"
# the layer table's line names what changed; both layers and kernels are on demand (the name's title)
has "tactic: HTML layer table, kernels on demand" "$TMP/tactic.html" ">implementation</td>" \
  "Relu — CudnnConvolution: cudnn_ampere_fp16_s1688gemm" "Relu — CaskConvolution: sm86_xmma_fprop"
pdf "tactic: PDF page 1" tactic.pdf1 "CudnnConvolution"
# one kernel on two GPUs (sm80_ vs sm86_) is no change
json "batch: a kernel for another architecture is no implementation change" "$TMP/batch.json" \
  'not any(p.get("implementation_changed") for p in d["engines"][1]["alignment"]["pairs"])'

# ---- 7. names-only layers align with the detailed form of the same engine
cmp_all namesonly 0 names=$FX/namesonly/names/model.engine detailed=$FX/namesonly/detailed/model.engine
has "names-only: aligned by name" "$TMP/namesonly.txt" "aligned: 1 of 1 layer of names and 1 of 1 of detailed aligned" \
  "layers: 1 aligned, 0 only in the baseline"
hasnt "names-only: not \"different networks\"" "$TMP/namesonly.txt" "different networks"
json "names-only: JSON pair typed" "$TMP/namesonly.json" \
  '[(p["how"],p["type"]) for p in d["engines"][1]["alignment"]["pairs"]]==[("name","Convolution")]'

# ---- 8. the no-verdict rule is the one the help and docs state
"$EC_BIN" --help > "$TMP/help.txt" 2>&1
has "help: exit 4 includes no timing" "$TMP/help.txt" "no verdict: no timing to compare"
has "docs/compare.md states the rules" docs/compare.md "no timing to compare" "per inference"
has "README states the rules" README.md "per inference" "no timing to compare"
