# hostile: engines whose layer, tensor, device and engine names are hostile
# (HTML/script, SVG/XML breakers, DOT quotes and braces, CommonMark syntax,
# {{placeholders}}, control characters, RTL marks, NUL, a 10,000-char name)
# give an inert HTML page (exactly one <script>, ours; no on*= attribute, no
# javascript: URL; every inline <svg> well-formed XML), a valid PDF, JSON
# that parses, JUnit that parses as XML, CSV with one row per layer; the same
# inputs and SOURCE_DATE_EPOCH give identical bytes.
. tests/e2e/lib.sh
export SOURCE_DATE_EPOCH=1700000000
CK="$PY tests/e2e/check_hostile.py"
# verify DESC MODE FILE [ARG]: run the checker on an output
verify() {
  d=$1; shift
  if [ ! -s "$2" ]; then fail "$d: $2 not written"; return; fi
  if out=$($CK "$@" 2>&1); then ok "$d: $out"; else fail "$d: $out"; fi
}
# run DESC CMD...: an enginecard run that must exit 0 or 1 (never crash)
run() {
  d=$1; shift
  "$@" > "$TMP/stdout" 2> "$TMP/stderr"; rc=$?
  if [ $rc -le 1 ]; then return 0; fi
  fail "$d: exit $rc"; sed 's/^/    /' "$TMP/stderr" | head -5
  return 1
}

# 1. enginegen --hostile
G=$TMP/gen/hostile.onnx.engine
mkdir -p "$TMP/gen"
if ! "$EC_GEN" --out "$G" --layers 120 --hostile --log > /dev/null 2>&1; then
  fail "enginegen --hostile"; exit 0
fi

# 2. a hand-made engine: a chain of layers with hostile names
H=$TMP/hand/evil.engine
mkdir -p "$TMP/hand"
"$PY" - "$H" <<'PYEOF'
import json, sys
p = sys.argv[1]
names = ["</script><script>alert(1)</script>", "]]>", "{{engine.name}}", "*[x](javascript:alert(1))*",
         "\u202eexe.txt", "nul\u0000byte", "\"}{ -> x [label=\"pwn\"]", "<svg onload=alert(1)>",
         "<img src=x onerror=alert(1)>", "# heading\n- list", "tab\there\r\nbell\u0007", "W" * 10000,
         "\u001b]0;pwned\u0007\u001b[2J\u001b[31mred", "iso\u2066late\u2069 line\u2028sep\u0085c1"]
layers, prof = [], [{"count": 10}]
prev = "in<put>"
for i, n in enumerate(names):
    out = "t%d %s" % (i, n[:40])
    layers.append({"Name": n, "LayerType": "CaskConvolution" if i % 2 else "Reformat",
                   "ParameterType": "Convolution" if i % 2 else "Reformat",
                   "Inputs": [{"Name": prev, "Location": "Device", "Dimensions": [1, 8, 8, 8], "Format/Datatype": "Row major linear FP32"}],
                   "Outputs": [{"Name": out, "Location": "Device", "Dimensions": [1, 8, 8, 8], "Format/Datatype": "Row major linear FP16 format"}],
                   "TacticName": "sm80_<b>tactic</b>", "Origin": "<i>QDQ</i>", "Metadata": "[ONNX Layer: </script>]"})
    prev = out
    prof.append({"name": n, "timeMs": 1.0 + i, "averageMs": 0.1 + i / 100, "medianMs": 0.1 + i / 100, "percentage": 100 / len(names)})
json.dump({"Layers": layers, "Bindings": ["in<put>", prev]}, open(p + ".graph.json", "w"))
json.dump(prof, open(p + ".profile.json", "w"))
json.dump([{"latencyMs": 1.0 + i / 10, "computeMs": 0.9 + i / 10, "enqueueMs": 0.1} for i in range(50)], open(p + ".timing.json", "w"))
json.dump({"device_information": {"Selected Device": "<script>alert('gpu')</script>\u202e", "Compute Capability": "8.0",
                                  "SMs": "108", "Device Global Memory": "80994 MiB"},
           "build_options": {"Precision": "</style><script>x</script>", "{{engine.name}}": "]]>"}}, open(p + ".build.metadata.json", "w"))

PYEOF
[ -s "$H.graph.json" ] || { fail "hand-made hostile engine not written"; exit 0; }

for e in "gen:$G" "hand:$H"; do
  name=${e%%:*}; eng=${e#*:}
  # summary, layers
  if run "summary --json $name" "$EC_BIN" summary --json "$eng"; then
    cp "$TMP/stdout" "$TMP/$name.summary.json"; verify "summary --json $name" json "$TMP/$name.summary.json"
  fi
  "$EC_BIN" summary --json "$eng" > "$TMP/$name.summary2.json" 2>/dev/null
  if cmp -s "$TMP/$name.summary.json" "$TMP/$name.summary2.json"; then ok "summary --json $name: rerun gives identical bytes"
  else fail "summary --json $name: rerun differs"; fi
  nl=$("$PY" -c 'import json,sys; print(json.load(open(sys.argv[1]))["layers"])' "$TMP/$name.summary.json" 2>/dev/null)
  if run "layers --csv $name" "$EC_BIN" layers --csv "$eng"; then
    cp "$TMP/stdout" "$TMP/$name.layers.csv"; verify "layers --csv $name (one row per layer)" csv "$TMP/$name.layers.csv" "${nl:-0}"
  fi
  if run "layers --json $name" "$EC_BIN" layers --json "$eng"; then
    cp "$TMP/stdout" "$TMP/$name.layers.json"; verify "layers --json $name (one line per layer)" jsonl "$TMP/$name.layers.json" "${nl:-0}"
  fi
  # report: HTML and PDF, twice for identical bytes
  if run "report $name" "$EC_BIN" report "$eng" -o "$TMP/$name.html" --pdf "$TMP/$name.pdf"; then
    verify "report $name html" html "$TMP/$name.html"
    if pdfinfo "$TMP/$name.pdf" > "$TMP/pdfinfo" 2>&1 && pdftotext "$TMP/$name.pdf" "$TMP/$name.txt" 2> "$TMP/pdftotext.err"; then
      ok "report $name pdf: pdfinfo and pdftotext read $(grep '^Pages:' "$TMP/pdfinfo" | tr -s ' ')"
    else
      fail "report $name pdf: $(head -3 "$TMP/pdfinfo" "$TMP/pdftotext.err" | tr '\n' ' ')"
    fi
    if grep -qi 'syntax error\|error' "$TMP/pdftotext.err" 2>/dev/null; then fail "report $name pdf: pdftotext complains: $(head -2 "$TMP/pdftotext.err")"; fi
    "$EC_BIN" report "$eng" -o "$TMP/$name.2.html" --pdf "$TMP/$name.2.pdf" 2>/dev/null
    if cmp -s "$TMP/$name.html" "$TMP/$name.2.html" && cmp -s "$TMP/$name.pdf" "$TMP/$name.2.pdf"; then
      ok "report $name: rerun gives identical HTML and PDF bytes"
    else
      fail "report $name: rerun differs"
    fi
  fi
done

# a hostile display name (NAME=ENGINE; NAME holds no "/" or "=") reaches titles,
# running headers, PDF metadata and outline entries: 300 two-byte characters
# overflow fixed-size title buffers in the middle of a character (three
# prefixes, so every cut position is tried), and a name that is not UTF-8
LONG=$("$PY" -c 'print("\u00e9" * 300, end="")')
BAD=$(printf 'bad\377\376name')
for pre in "" "x" "xy" "$BAD"; do
  nm="$pre<b onmouseover>x<script>{{engine.name}}\$(id)\\ \"}{$LONG"
  [ "$pre" = "$BAD" ] && nm=$BAD
  d="report with a hostile display name (prefix ${#pre})"
  rm -f "$TMP/named.html" "$TMP/named.pdf"
  if run "$d" "$EC_BIN" report "$nm=$H" -o "$TMP/named.html" --pdf "$TMP/named.pdf"; then
    verify "$d: html" html "$TMP/named.html"
    if pdfinfo "$TMP/named.pdf" > /dev/null 2>&1 && pdftotext "$TMP/named.pdf" - > /dev/null 2>&1; then
      ok "$d: pdf readable"
    else
      fail "$d: pdf not readable"
    fi
  fi
done

# compare: every output
if run "compare hostile engines" "$EC_BIN" compare "$G" "$H" -o "$TMP/c.html" --pdf "$TMP/c.pdf" \
     --json "$TMP/c.json" --junit "$TMP/c.xml" --markdown "$TMP/c.md"; then
  verify "compare html" html "$TMP/c.html"
  if pdfinfo "$TMP/c.pdf" > /dev/null 2>&1 && pdftotext "$TMP/c.pdf" - > /dev/null 2>&1; then ok "compare pdf: pdfinfo and pdftotext read it"; else fail "compare pdf: not readable"; fi
  verify "compare --json" json "$TMP/c.json"
  verify "compare --junit" xml "$TMP/c.xml"
  verify "compare --markdown" text "$TMP/c.md"
  "$EC_BIN" compare "$G" "$H" -o "$TMP/c2.html" --pdf "$TMP/c2.pdf" --json "$TMP/c2.json" > /dev/null 2>&1
  if cmp -s "$TMP/c.html" "$TMP/c2.html" && cmp -s "$TMP/c.pdf" "$TMP/c2.pdf" && cmp -s "$TMP/c.json" "$TMP/c2.json"; then
    ok "compare: rerun gives identical HTML, PDF and JSON bytes"
  else
    fail "compare: rerun differs"
  fi
fi

# terminal output (stdout and stderr) of every command: no escape sequence,
# control character or bidi control from a name reaches the terminal
for c in "summary" "lint" "compare $G"; do
  # shellcheck disable=SC2086
  "$EC_BIN" $c "$H" > "$TMP/term.out" 2>&1
  verify "terminal output of $c" terminal "$TMP/term.out"
done
"$EC_BIN" compare "$H" "$H" --max-regress 5 > "$TMP/term.out" 2>&1
verify "terminal output of compare with a gate" terminal "$TMP/term.out"

# the graph view: SVG well-formed, DOT readable by graphviz
if "$EC_BIN" --help 2>&1 | grep -q '^  graph'; then
  if run "graph svg" "$EC_BIN" graph "$H" -o "$TMP/g.svg"; then verify "graph hand svg" svg "$TMP/g.svg"; fi
  if run "graph dot" "$EC_BIN" graph "$H" -o "$TMP/g.dot"; then
    if command -v dot > /dev/null; then
      if dot -Tsvg "$TMP/g.dot" -o "$TMP/g2.svg" 2> "$TMP/dot.err"; then verify "graph hand dot through graphviz" svg "$TMP/g2.svg"
      else fail "graph hand dot: graphviz refuses it: $(head -2 "$TMP/dot.err")"; fi
    else skip "graph dot: graphviz's dot is not installed"; fi
  fi
else
  skip "graph: no graph command in this build"
fi
