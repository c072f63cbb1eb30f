# myelin: a Myelin engine's report reads on its first screen (issue 39
# items 4-6), on real-shaped engines from tests/gen/myelin.py (a ~1,300-layer
# TensorRT 10 transformer whose fused layers carry twelve-part Myelin names):
#  - the slowest layers' names are one line each, in their shortest
#    distinguishing form, the whole name in the title; in a browser at
#    1280 px no row of that table is taller than two lines;
#  - no layer stays plain "kgen": its kernel's ops type it (RMSNorm,
#    PointWise, MHA, ...), said as read from names in layers --json/--csv
#    (type_from_names) and summary --json (types_from_names);
#  - findings without a share or an estimate: an engine-wide lever first
#    (a log-only FP32 engine of the corpus: fp32-engine before alignment);
#  - the by-type tables by time; a one-sample profile (count=1) said on the
#    first screen; the PDF brief at most 8 pages; the execution-order
#    chart unfolded and in the PDF brief;
#  - a log-only layer's bare tactic number shown with its runner;
#  - the all-layers table fits its box at 1280 px.
. tests/e2e/lib.sh
export SOURCE_DATE_EPOCH=1700000000
E=$TMP/m/e
mkdir -p "$TMP/m" "$TMP/c"
if ! "$PY" tests/gen/myelin.py "$EC_GEN" "$E" 1300 --count1 > "$TMP/gen.out" 2>&1; then
  fail "myelin: tests/gen/myelin.py failed"; sed 's/^/    /' "$TMP/gen.out" | head -5; exit 0
fi
"$EC_BIN" report "$E" -o "$TMP/r.html" --pdf "$TMP/r.pdf" 2> "$TMP/r.err" || { fail "myelin: report exit $?"; head -3 "$TMP/r.err"; exit 0; }

# item 4: the first screen's names
check "myelin: slowest layers one line each, fused names folded, whole names in titles" \
  "$PY" tests/e2e/check_myelin.py first "$TMP/r.html"
"$EC_BIN" layers --json "$E" > "$TMP/l.json" 2>/dev/null
if "$PY" - "$TMP/l.json" > "$TMP/k.out" << 'EOF'
import json, sys
plain = typed = 0
for line in open(sys.argv[1], encoding="utf-8"):
    l = json.loads(line)
    if l["type"] != "kgen":
        continue
    if l.get("type_from_names") and l.get("type_shown") == l["type_from_names"]:
        typed += 1
    else:
        plain += 1
print("%d kgen layers typed by their ops, %d plain" % (typed, plain))
sys.exit(1 if plain or not typed else 0)
EOF
then ok "myelin: $(cat "$TMP/k.out")"; else fail "myelin: $(cat "$TMP/k.out")"; fi
if grep -q "RMSNorm (Myelin kgen)" "$TMP/r.html" && grep -q "MHA (Myelin kgen)" "$TMP/r.html"; then
  ok "myelin: the report names RMSNorm and MHA kgen layers"
else
  fail "myelin: RMSNorm / MHA kgen types missing from the report"
fi

# item 6: the families read from names in summary --json and layers --csv
"$EC_BIN" summary --json "$E" > "$TMP/s.json" 2>/dev/null
if "$PY" - "$TMP/s.json" << 'EOF'
import json, sys
s = json.load(open(sys.argv[1]))
t = s["types_from_names"]
assert t["read_from"] == "names" and t["layers"] > 0, t
assert "RMSNorm (Myelin kgen)" in t["layer_count_by_type"], t
assert "RMSNorm (Myelin kgen)" not in s["layer_count"]["by_type"]  # TREx's numbers keep kgen
assert s["layer_count"]["by_type"].get("kgen", 0) > 0
EOF
then ok "myelin: summary --json types_from_names (read from names), by_type stays TREx's"
else fail "myelin: summary --json types_from_names"; fi
"$EC_BIN" layers --csv "$E" > "$TMP/l.csv" 2>/dev/null
if head -1 "$TMP/l.csv" | grep -q ",type_from_names$" && grep -q ",RMSNorm (Myelin kgen)$" "$TMP/l.csv"; then
  ok "myelin: layers --csv has a type_from_names column"
else
  fail "myelin: layers --csv type_from_names column"
fi

# item 5: by time, count=1, the execution-order chart
check "myelin: by-type table by time" "$PY" tests/e2e/check_myelin.py bytype "$TMP/r.html"
check "myelin: a one-sample profile is said on the first screen" "$PY" tests/e2e/check_myelin.py count1 "$TMP/r.html"
if command -v pdfinfo > /dev/null; then
  pages=$(pdfinfo "$TMP/r.pdf" | awk '/^Pages:/ { print $2 }')
  if [ "$pages" -le 8 ]; then ok "myelin: the PDF brief is $pages pages (at most 8)"
  else fail "myelin: the PDF brief is $pages pages"; fi
else
  skip "myelin: pdfinfo missing (poppler-utils)"
fi
if grep -q 'Show Latency in execution order' "$TMP/r.html"; then
  fail "myelin: the execution-order chart is folded"
elif grep -q 'Latency per layer in execution order' "$TMP/r.html"; then
  ok "myelin: the execution-order chart is not folded"
else
  fail "myelin: the execution-order chart is missing from the HTML"
fi
if command -v pdftotext > /dev/null; then
  pdftotext "$TMP/r.pdf" "$TMP/r.txt"
  if grep -q "^Latency in execution order" "$TMP/r.txt" && grep -q "Latency per layer in execution order" "$TMP/r.txt"; then
    ok "myelin: the execution-order chart is in the PDF brief"
  else
    fail "myelin: the execution-order chart is missing from the PDF brief"
  fi
else
  skip "myelin: pdftotext missing (poppler-utils)"
fi
# findings without an estimate: the engine-wide lever first
SEG="$CORPUS/segformer-hackathon/segformer-b2-fp32-a10"
if [ -d "$SEG" ]; then
  first=$("$EC_BIN" lint --json "$SEG" 2>/dev/null | "$PY" -c 'import json,sys; print([f["rule"] for f in json.load(sys.stdin)["findings"] if f["severity"] == "warning"][0])')
  if [ "$first" = "fp32-engine" ]; then ok "myelin: log-only FP32 SegFormer: fp32-engine is the first warning"
  else fail "myelin: log-only FP32 SegFormer: first warning $first, not fp32-engine"; fi
else
  skip "myelin: findings order on the corpus's SegFormer: $CORPUS is absent"
fi

# item 6: a bare tactic number with its runner
cat > "$TMP/c/build.log" << 'EOF'
&&&& RUNNING TensorRT.trtexec [TensorRT v8401] # trtexec --onnx=m.onnx --verbose
[08/17/2022-07:51:01] [V] [TRT] Engine Layer Information:
Layer(CaskConvolution): Conv_1, Tactic: 0x00000000000000bb, x[Float(1,3,8,8)] -> y[Float(1,8,8,8)]
Layer(PointWiseV2): PWN(Add_1, Relu_2), Tactic: 0x000000000000001e, y[Float(1,8,8,8)] -> z[Float(1,8,8,8)]
&&&& PASSED TensorRT.trtexec [TensorRT v8401] # trtexec --onnx=m.onnx --verbose
EOF
"$EC_BIN" report "$TMP/c" -o "$TMP/c.html" 2>/dev/null
if grep -q ">PointWiseV2 0x1e<" "$TMP/c.html"; then ok "myelin: a bare tactic number shows with its runner (PointWiseV2 0x1e)"
else fail "myelin: the log-only PointWiseV2 layer's tactic is not 'PointWiseV2 0x1e'"; fi

# in a browser at 1280 px: the all-layers table fits its box, the slowest
# layers' rows are at most two lines tall
CHROMIUM=$(command -v chromium || command -v chromium-browser)
if [ -n "$CHROMIUM" ]; then
  "$PY" - "$TMP/r.html" "$TMP/p.html" << 'EOF'
import sys
page = open(sys.argv[1], encoding="utf-8").read()
js = ('<script>window.addEventListener("load",function(){var o=[];'
      'document.querySelectorAll(".table-wrap").forEach(function(w){var t=w.querySelector("table");if(!t||!t.id)return;'
      'o.push(t.id+":"+Math.round(t.getBoundingClientRect().width-w.clientWidth));});'
      'var s=document.getElementById("e1-slowest"),h=0;if(s)Array.from(s.tBodies[0].rows).forEach(function(r){'
      'h=Math.max(h,Math.round(r.getBoundingClientRect().height));});o.push("rowmax:"+h);'
      'var p=document.createElement("pre");p.id="ec-myelin";p.textContent=o.join(" ");document.body.appendChild(p);});</script>')
i = page.rindex("</body>")
open(sys.argv[2], "w", encoding="utf-8").write(page[:i] + js + page[i:])
EOF
  rm -rf "$TMP/profile"
  timeout 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run --user-data-dir="$TMP/profile" \
    --window-size=1280,900 --virtual-time-budget=4000 --dump-dom "file://$TMP/p.html" 2> /dev/null \
    | sed -n 's/.*<pre id="ec-myelin">\([^<]*\)<.*/\1/p' > "$TMP/probe.txt"
  check "myelin: all-layers table within 1280 px" "$PY" tests/e2e/check_myelin.py fixed "$TMP/probe.txt"
  h=$(tr ' ' '\n' < "$TMP/probe.txt" | sed -n 's/^rowmax://p')
  if [ -n "$h" ] && [ "$h" -gt 0 ] && [ "$h" -le 50 ]; then ok "myelin: slowest-layers rows at most $h px tall (limit 50: two lines)"
  else fail "myelin: a slowest-layers row is ${h:-?} px tall"; fi
else
  skip "myelin: chromium missing: the 1280 px measurements"
fi
