#!/bin/sh
# e2e: the engine-file generator (tests/gen/enginegen.c).
# Checks that every file it writes is valid JSON (normal and --hostile), that
# layer counts are near the request, that output is deterministic, that
# --missing-profile drops about the asked fraction, and that every layer
# family appears. Needs python3 (for json.tool); skips without it.
. tests/e2e/lib.sh

if [ ! -x "$EC_GEN" ]; then skip "enginegen not built ($EC_GEN)"; exit 0; fi
if ! command -v python3 >/dev/null 2>&1; then skip "python3 missing: enginegen JSON checks"; exit 0; fi

# valid_json DESC PREFIX: every PREFIX.*.json parses with python3 -m json.tool
# (one python for all the files: a python a file was most of this script's time)
valid_json() {
  if python3 -c '
import json, sys
bad = 0
for f in sys.argv[1:]:
    try:
        json.load(open(f))
    except ValueError as e:
        print("%s: %s" % (f, e)); bad = 1
sys.exit(bad)' "$2".*.json > "$TMP/.err" 2>&1; then ok "$1"; else fail "$1: $(head -1 "$TMP/.err")"; sed 's/^/    /' "$TMP/.err" | head -5; fi
}

# py DESC SCRIPT ARGS...: ok when the python snippet exits 0
py() { d=$1; shift; check "$d" python3 -c "$@"; }

for prec in fp32 fp16 int8; do
  for model in hybrid resnet vit; do
    p="$TMP/$model-$prec"
    if "$EC_GEN" --out "$p" --model "$model" --precision "$prec" --layers 400 --iterations 200 --log \
        --missing-profile 10 > "$TMP/.out" 2>&1; then
      valid_json "enginegen $model $prec: all JSON files valid" "$p"
    else
      fail "enginegen $model $prec exits 0"; sed 's/^/    /' "$TMP/.out" | head -5
    fi
  done
done

for gpu in a100 rtx3090 h100 orin; do
  p="$TMP/gpu-$gpu"
  "$EC_GEN" --out "$p" --gpu "$gpu" --layers 150 --iterations 100 --dynamic --data-transfers --batch 8 \
    > /dev/null 2>&1 && valid_json "enginegen --gpu $gpu --dynamic --data-transfers: valid JSON" "$p" ||
    fail "enginegen --gpu $gpu exits 0"
done

# hostile names: still valid JSON, and the hostile strings are really there
for prec in fp16 int8; do
  p="$TMP/hostile-$prec"
  "$EC_GEN" --out "$p" --hostile --precision "$prec" --layers 300 --iterations 50 --log > /dev/null 2>&1 ||
    fail "enginegen --hostile exits 0"
  valid_json "enginegen --hostile $prec: all JSON files valid" "$p"
  py "enginegen --hostile $prec: hostile names present in graph and profile" "
import json, sys
g = json.load(open('$p.graph.json'))
names = [l['Name'] for l in g['Layers']]
tens = [t['Name'] for l in g['Layers'] for t in l['Inputs'] + l['Outputs']]
allnames = names + tens
need = ['<script>alert(1)</script>', ']]>', '&', '\"}{', '[x](javascript:', '{{engine.name}}', '\x01', '\u200f', '\x1b']
miss = [s for s in need if not any(s in n for n in allnames)]
long_ = [n for n in names if len(n) == 10000]
prof = {r['name'] for r in json.load(open('$p.profile.json'))[1:]}
assert not miss, 'missing hostile strings: %r' % miss
assert long_, 'no 10,000-character name'
assert long_[0] in prof, 'long name not in profile'
assert any('<script>' in n for n in prof), 'hostile names not in profile'
"
done

# layer counts near the request (within 5%); the large sizes (5,000 a
# model, a 50,000-layer hybrid, a 5,000-layer transformer) are expensive
if expensive "enginegen at 5,000 and 50,000 layers (make test asks up to 1,000, a transformer 1,300)"; then
  big=1 sizes="60 120 1000 5000" tsizes="1300 5000"
else
  big=0 sizes="60 120 1000" tsizes=1300
fi
for model in hybrid resnet vit; do
  for n in $sizes; do
    p="$TMP/n-$model-$n"
    "$EC_GEN" --out "$p" --model "$model" --layers "$n" --iterations 10 --no-profile --no-timing --no-meta \
      > /dev/null 2>&1 || fail "enginegen --layers $n exits 0"
    py "enginegen --model $model --layers $n: count within 5%" "
import json
n = len(json.load(open('$p.graph.json'))['Layers'])
assert abs(n - $n) <= 0.05 * $n, 'asked $n, got %d' % n
"
  done
done
# a big hybrid: thousands of encoder layers, whose random layer count once
# swamped the block-count search (50,000 asked gave 38,014)
if [ $big = 1 ]; then
p="$TMP/n-hybrid-50000"
"$EC_GEN" --out "$p" --layers 50000 --iterations 10 --no-profile --no-timing --no-meta > /dev/null 2>&1 ||
  fail "enginegen --layers 50000 exits 0"
py "enginegen --model hybrid --layers 50000: count within 5%" "
import json
n = len(json.load(open('$p.graph.json'))['Layers'])
assert abs(n - 50000) <= 2500, 'asked 50000, got %d' % n
"
rm -f "$p".*
fi

# the transformer shape (a real 1,309-layer TensorRT 10 LLM: 597 kgen, 449
# gemm, 207 plugins, 27 signal/wait, 68 bindings): counts near the request,
# every family, plugins on stream 1, and valid JSON
for n in $tsizes; do
  p="$TMP/tf-$n"
  "$EC_GEN" --out "$p" --model transformer --layers "$n" --iterations 10 --log > /dev/null 2>&1 ||
    fail "enginegen --model transformer --layers $n exits 0"
  valid_json "enginegen --model transformer --layers $n: all JSON files valid" "$p"
  py "enginegen --model transformer --layers $n: count, families, streams and bindings" "
import json, collections
g = json.load(open('$p.graph.json'))
L = g['Layers']
assert abs(len(L) - $n) <= 0.05 * $n, 'asked $n, got %d' % len(L)
c = collections.Counter(l['LayerType'] for l in L)
share = lambda k: c[k] / len(L)
assert 0.40 < share('kgen') < 0.52 and 0.29 < share('gemm') < 0.39 and 0.12 < share('PluginV2') < 0.19, c
assert c['signal'] + c['wait'] >= len(L) // 60 and c['shape_call'] >= 1, c
assert all(l['StreamId'] == 1 for l in L if l['LayerType'] == 'PluginV2')
assert len(g['Bindings']) == 68, len(g['Bindings'])
"
  rm -f "$p".*
done

# determinism: same options and seed -> same bytes (files named alike in two
# directories: the prefix's base name appears inside the log and metadata);
# another seed -> different
mkdir -p "$TMP/d1" "$TMP/d2" "$TMP/d3"
for d in d1 d2; do
  "$EC_GEN" --out "$TMP/$d/e" --layers 500 --hostile --log --seed 7 --iterations 100 > /dev/null 2>&1
done
"$EC_GEN" --out "$TMP/d3/e" --layers 500 --hostile --log --seed 8 --iterations 100 > /dev/null 2>&1
same=1
for s in graph.json profile.json timing.json profile.metadata.json build.metadata.json profile.log; do
  cmp -s "$TMP/d1/e.$s" "$TMP/d2/e.$s" || { same=0; echo "    differs: e.$s"; }
done
if [ $same = 1 ]; then ok "enginegen: same seed gives identical files"; else fail "enginegen: same seed gives identical files"; fi
if cmp -s "$TMP/d1/e.graph.json" "$TMP/d3/e.graph.json"; then fail "enginegen: another seed changes the graph"; else ok "enginegen: another seed changes the graph"; fi

# missing-profile fraction
"$EC_GEN" --out "$TMP/m" --layers 2000 --missing-profile 25 --iterations 10 > /dev/null 2>&1
py "enginegen --missing-profile 25: about 25% of profile rows missing" "
import json
g = len(json.load(open('$TMP/m.graph.json'))['Layers'])
p = json.load(open('$TMP/m.profile.json'))
assert list(p[0].keys()) == ['count'], p[0]
miss = 1 - (len(p) - 1) / g
assert 0.20 <= miss <= 0.30, 'missing fraction %.3f' % miss
s = sum(r['percentage'] for r in p[1:])
assert abs(s - 100) < 0.1, 'percentages sum to %f' % s
"

# every layer family, formats, metadata; profile/timing/metadata shapes
py "enginegen: every layer family and TensorRT 10 detail present" "
import json
g = json.load(open('$TMP/hybrid-int8.graph.json'))
L = g['Layers']
types = {l['LayerType'] for l in L}
need = {'CaskConvolution', 'CaskPooling', 'Reformat', 'PointWiseV2', 'NoOp', 'shape_call', 'kgen', 'gemm', 'Myelin'}
assert need <= types, 'missing %r' % (need - types)
origins = {l.get('Origin') for l in L if l['LayerType'] == 'Reformat'}
assert {'QDQ', 'REFORMAT'} <= origins, origins
assert all('StreamId' in l and 'Metadata' in l for l in L)
assert any('\x1e' in l['Metadata'] for l in L) and any('\x1f' in l['Metadata'] for l in L)
assert any(d == -1 for l in L for t in l['Inputs'] + l['Outputs'] for d in t['Dimensions'])
convs = [l for l in L if l['LayerType'] == 'CaskConvolution']
for k in ('Kernel', 'Stride', 'Groups', 'OutMaps', 'Weights', 'Bias', 'TacticName'):
    assert all(k in c for c in convs), k
fm = {t['Format/Datatype'] for l in L for t in l['Inputs'] + l['Outputs']}
for f in ('Row major linear FP32', 'Thirty-two wide channel vectorized row major Int8 format', 'Half'):
    assert f in fm, f
assert sum(l['LayerType'] == 'Reformat' for l in L) >= 0.05 * len(L)
assert any(l['HasResidual'] for l in convs)
assert g['Bindings'] == ['input', 'logits']
"
py "enginegen: profile, timing and metadata have trtexec/TREx shapes" "
import json
p = '$TMP/hybrid-fp16'
t = json.load(open(p + '.timing.json'))
assert len(t) == 200
keys = ['startEnqMs','endEnqMs','startH2dMs','endH2dMs','startComputeMs','endComputeMs','startD2hMs','endD2hMs','h2dMs','computeMs','d2hMs','latencyMs']
assert all(list(r.keys()) == keys for r in t)
assert all(abs(r['latencyMs'] - r['h2dMs'] - r['computeMs'] - r['d2hMs']) < 1e-3 for r in t)
m = json.load(open(p + '.profile.metadata.json'))
ps = m['performance_summary']
assert len(ps['Latency']) == 7 and ps['Throughput'] > 0
assert sorted(ps['Latency'][:2]) == ps['Latency'][:2]
# TREx's keys, and the note that says the file is synthetic (src/load/provenance.c)
assert set(m) == {'performance_summary', 'inference_options', 'device_information', 'Generator'}
assert 'not measured' in m['Generator']
assert m['device_information']['Selected Device'].startswith('NVIDIA')
b = json.load(open(p + '.build.metadata.json'))
assert set(b) >= {'model_options', 'build_options'} and b['build_options']['Precision'] == 'FP32+FP16'
r = json.load(open(p + '.profile.json'))
assert set(r[1]) == {'name', 'timeMs', 'averageMs', 'medianMs', 'percentage'}
"

# --only-log writes only the log, with the sections TREx's parser reads
"$EC_GEN" --out "$TMP/lo" --only-log --layers 60 --iterations 100 > /dev/null 2>&1
n=$(ls "$TMP"/lo.* 2>/dev/null | wc -l)
if [ "$n" -eq 1 ] && [ -f "$TMP/lo.profile.log" ]; then ok "enginegen --only-log writes only the log"; else fail "enginegen --only-log writes only the log ($n files)"; fi
if grep -q '=== Performance summary ===' "$TMP/lo.profile.log" && grep -q '=== Device Information ===' "$TMP/lo.profile.log" &&
   grep -q '^&&&& RUNNING TensorRT.trtexec \[TensorRT v100300\]' "$TMP/lo.profile.log" &&
   grep -Eq '^\[[0-9]{2}/[0-9]{2}/[0-9]{4}-[0-9]{2}:[0-9]{2}:[0-9]{2}\] \[I\] Latency: min = ' "$TMP/lo.profile.log"; then
  ok "enginegen log: banner, device and performance sections in trtexec's line format"
else
  fail "enginegen log: banner, device and performance sections in trtexec's line format"
fi

# usage errors exit 2; --help exits 0
"$EC_GEN" --help > /dev/null 2>&1 && ok "enginegen --help exits 0" || fail "enginegen --help exits 0"
"$EC_GEN" --out "$TMP/x" --gpu nope > /dev/null 2>&1; rc=$?
[ $rc -eq 2 ] && ok "enginegen: bad option value exits 2" || fail "enginegen: bad option value exits 2 (got $rc)"
exit 0
