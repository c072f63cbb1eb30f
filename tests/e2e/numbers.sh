# numbers: unknown is not zero, and one denominator, in every output.
#
# Every output (summary text and JSON, layers CSV and JSON, lint text and
# JSON, report HTML and PDF, compare text, JSON and Markdown) of engines that
# lack a profile, detailed layer information or both -- names-only graphs,
# log-only engines, a graph without a profile: the project's fixtures and the
# corpus engines of issue 14 -- is searched for unknown values printed as
# numbers: "nan", latencies and shares without a profile (0 ms, 0.00%),
# weights or I/O without a description of them (0 B, 0.0 MB); the JSON must
# say null. Partial knowledge must say how partial. Then the same layer's
# share of latency must be the same number in summary --json, layers --json,
# lint --json and the report (fuzzylabs/alexnet_fp16 and the fixture).
. tests/e2e/lib.sh
export SOURCE_DATE_EPOCH=1700000000
FX=tests/fixtures/numbers

# sweep NAME ENGINE FLAGS: FLAGS holds p (no profile) and/or w (weights not
# described) and/or i (no layer I/O known)
sweep() {
  name=$1 eng=$2 flags=$3
  o="$TMP/$(echo "$name" | tr '/ ' '__')"
  mkdir -p "$o"
  "$EC_BIN" summary "$eng" > "$o/summary.txt" 2>/dev/null
  "$EC_BIN" summary --json "$eng" > "$o/summary.json" 2>/dev/null
  "$EC_BIN" layers --csv "$eng" > "$o/layers.csv" 2>/dev/null
  "$EC_BIN" layers --json "$eng" > "$o/layers.jsonl" 2>/dev/null
  "$EC_BIN" lint "$eng" > "$o/lint.txt" 2>/dev/null
  "$EC_BIN" lint --json "$eng" > "$o/lint.json" 2>/dev/null
  "$EC_BIN" report "$eng" -o "$o/report.html" --pdf "$o/report.pdf" 2>/dev/null
  if command -v pdftotext > /dev/null 2>&1; then pdftotext -layout "$o/report.pdf" "$o/report.pdf.txt" 2>/dev/null; fi
  if out=$("$PY" - "$o" "$flags" 2>&1 <<'EOF'
import csv, html, json, os, re, sys
d, flags = sys.argv[1], sys.argv[2]
def text(p):
    return open(p, encoding="utf-8", errors="replace").read() if os.path.exists(p) else ""
def html_text(p):
    t = text(p)
    t = re.sub(r"<(script|style)\b.*?</\1>", " ", t, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", t))
outs = {"summary": text(d + "/summary.txt"), "lint": text(d + "/lint.txt"), "csv": text(d + "/layers.csv"),
        "html": html_text(d + "/report.html"), "pdf": text(d + "/report.pdf.txt")}
bad = []
def forbid(pattern, what, where=None):
    for k, t in outs.items():
        if where and k not in where:
            continue
        m = re.search(pattern, t)
        if m:
            a = max(0, m.start() - 60)
            bad.append("%s: %s: ...%s..." % (k, what, " ".join(t[a:m.end() + 40].split())))
forbid(r"(?i)(?<![\w.])-?nan(?![\w])|(?<![\w.])-?inf(?![\w])", "NaN or inf printed")
if "p" in flags:
    forbid(r"(?<![\d.])0(\.0+)? ms\b", "a latency of 0 without a profile")
    forbid(r"(?<![\d.])0\.0+ *%|(?<![\d.])0\.0+\s*$", "a share of 0 without a profile", ("summary", "html", "pdf"))
if "w" in flags:
    forbid(r"(?i)weights?\b[^\n]{0,40}?(?<![\d.])0(\.0+)? ?(B|KiB|MiB|MB)\b", "weights of 0 where no weights are described")
    # (trtexec's own memory facts, "Total Scratch Memory: 0", are reported values)
    for k in ("html", "pdf"):
        outs[k] = re.sub(r"Memory\s+0 B\b", "Memory (reported zero)", outs[k])
    forbid(r"(?<![\d.,])0 B\b", "0 B where no weights are described", ("html", "pdf"))
if "i" in flags:
    forbid(r"(?i)(activations|I/O)[^\n]{0,40}?(?<![\d.])0(\.0+)? ?(B|KiB|MiB|MB)\b", "I/O of 0 where no tensor sizes are known")
s = json.load(open(d + "/summary.json"))
if "p" in flags and s["latency_ms"] is not None:
    bad.append("summary.json: latency_ms is not null without a profile")
if "p" in flags and (s["reformat"]["latency_ms"] is not None or s["reformat"]["share_pct"] is not None):
    bad.append("summary.json: reformat latency/share not null without a profile")
if "w" in flags and (s["weights_bytes"] is not None or s["weights_bytes_trex"] is not None):
    bad.append("summary.json: weights_bytes %r / %r, not null" % (s["weights_bytes"], s["weights_bytes_trex"]))
if "i" in flags and s["activations_bytes"] is not None:
    bad.append("summary.json: activations_bytes %r, not null" % s["activations_bytes"])
rows = [json.loads(l) for l in open(d + "/layers.jsonl")]
for r in rows:
    if "p" in flags and (r["latency_avg_ms"] is not None or r["latency_pct"] is not None or r.get("tflops") is not None):
        bad.append("layers.json: %s has a latency without a profile" % r["name"]); break
    if "w" in flags and r["weights_bytes"] is not None:
        bad.append("layers.json: %s weights_bytes %r, not null" % (r["name"], r["weights_bytes"])); break
    if "i" in flags and r["io_bytes"] is not None:
        bad.append("layers.json: %s io_bytes %r, not null" % (r["name"], r["io_bytes"])); break
c = list(csv.DictReader(open(d + "/layers.csv", encoding="utf-8")))
for r in c:
    if "w" in flags and r["weights_bytes"] != "":
        bad.append("layers.csv: %s weights_bytes %r, not empty" % (r["name"], r["weights_bytes"])); break
    if "p" in flags and (r["latency_pct"] != "" or r.get("pct_of_peak", "") != ""):
        bad.append("layers.csv: %s has a share without a profile" % r["name"]); break
l = json.load(open(d + "/lint.json"))
if "p" in flags and l["latency_total_ms"] is not None:
    bad.append("lint.json: latency_total_ms not null without a profile")
if bad:
    sys.exit("\n".join(bad[:6]))
print("%d layers" % len(rows))
EOF
  ); then ok "numbers $name: unknown is never 0 in any output ($out)"; else fail "numbers $name"; echo "$out" | sed 's/^/    /'; fi
}

sweep "fixture names-only graph" "$FX/names-only" pwi
sweep "fixture names-only log" tests/fixtures/logs/names-only.log pwi
sweep "fixture log layer listing (TensorRT 7)" tests/fixtures/logs/trt7.log wi
sweep "fixture detailed graph with a profile" "$FX/myelin-a100" ""
sweep "example log-only engine" examples/vit-log-only-orin wi
sweep "fixture partial weights" "$FX/partial-weights" p

# a total known only in part is not a headline (issue 23): the summary line,
# the report's tile (HTML and PDF) say "not available", the known part beside
o="$TMP/fixture_partial_weights"
if grep -q "^weights     not available (12 B known for 3 of 5 layers only; the weights of 2 Myelin GEMMs" "$o/summary.txt" &&
   grep -q "^activations not available (.* known for 4 of 5 layers only)" "$o/summary.txt" &&
   grep -q 'Weights</span> <span class="tile-value tile-na">not available</span> <span class="tile-detail">12 B known for 3 of 5 layers only' "$o/report.html" &&
   { [ ! -s "$o/report.pdf.txt" ] || tr -s ' \n' ' ' < "$o/report.pdf.txt" | grep -q "12 B known for 3 of 5 layers"; }; then
  ok "numbers: a total known in part is 'not available' in the summary, the tile and the PDF, its known part beside"
else
  fail "numbers: a total known in part is shown as a headline"
  grep -E "^(weights|activations)" "$o/summary.txt" | sed 's/^/    /'
fi

if have_corpus; then
  sweep "corpus detr-logs (names-only graph, profile)" "$CORPUS/detr-logs/detr-resnet50-int8" wi
  sweep "corpus jetson-rt-traffic (names-only graph)" "$CORPUS/jetson-rt-traffic/rtdetr-r50-orin-nano" pwi
  sweep "corpus segformer (log only)" "$CORPUS/segformer-hackathon/segformer-b2-fp32-a10" pw
  sweep "corpus hackathon-cn 8.0.3 (log only)" "$CORPUS/hackathon-cn/mnist-trt8.0.3-gtx1070/model-FP16.plan" pwi
  sweep "corpus fuzzylabs jetson torchtrt (graph, no profile)" "$CORPUS/fuzzylabs/jetson-torchtrt-mobilenet_v2" p
  # partial knowledge says how partial
  o="$TMP/corpus_segformer_(log_only)"
  if grep -q "known for 1 of 269 layers" "$o/summary.txt" && grep -q "known for 1 of 269 layers" "$o/report.html"; then
    ok "numbers: segformer says its I/O is known for 1 of 269 layers (summary, report)"
  else
    fail "numbers: segformer does not say how partial its I/O is"
  fi
  # compare: one-sided layers of an engine without a profile have no time
  "$EC_BIN" compare "$CORPUS/segformer-hackathon/segformer-b2-fp32-a10" "$CORPUS/fuzzylabs/jetson-torchtrt-mobilenet_v2" \
    --json "$TMP/c.json" --markdown "$TMP/c.md" > "$TMP/c.txt" 2>/dev/null
  if ! grep -Eq '\(0 ms\)|nan' "$TMP/c.txt" "$TMP/c.md" &&
     "$PY" -c 'import json,sys; e=json.load(open(sys.argv[1]))["engines"]; a=e[1]["alignment"]; assert a["baseline_only_ms"] is None and a["engine_only_ms"] is None, a' "$TMP/c.json" 2> /dev/null; then
    ok "numbers: compare prints no 0 ms for engines without a profile"
  else
    fail "numbers: compare prints 0 ms (or nan) for engines without a profile"; grep -E '\(0 ms\)|nan' "$TMP/c.txt" "$TMP/c.md" | head -3
  fi
else
  skip "numbers over the corpus: $CORPUS is absent"
fi

# one denominator: a layer's share is the same number in every output
share() { # NAME ENGINE LAYER
  "$EC_BIN" summary --json "$2" > "$TMP/s.json" 2>/dev/null
  "$EC_BIN" layers --json "$2" > "$TMP/l.jsonl" 2>/dev/null
  "$EC_BIN" lint --json "$2" > "$TMP/n.json" 2>/dev/null
  "$EC_BIN" report "$2" -o "$TMP/r.html" 2>/dev/null
  if out=$("$PY" - "$3" "$TMP" 2>&1 <<'EOF'
import html, json, re, sys
name, d = sys.argv[1], sys.argv[2]
s = json.load(open(d + "/s.json"))
total = s["latency_ms"]["total"]
top = [t for t in s["top_layers"] if t["name"] == name][0]
rows = [json.loads(l) for l in open(d + "/l.jsonl")]
row = [r for r in rows if r["name"] == name][0]
want = 100 * row["latency_avg_ms"] / total
got = {"summary top_layers": top["pct"], "layers latency_pct": row["latency_pct"]}
lint = json.load(open(d + "/n.json"))
for f in lint["findings"]:
    if f.get("layer") == name and f["latency_share_pct"] is not None:
        got["lint " + f["rule"]] = f["latency_share_pct"]
for k, v in got.items():
    if abs(v - want) > 1e-6:
        sys.exit("%s: %.6f, the share over the counted layers is %.6f" % (k, v, want))
t = open(d + "/r.html", encoding="utf-8").read()
cells = [html.unescape(re.sub(r"<[^>]+>", "", c)).strip() for c in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", t, re.S)]
hits = [cells[i + 4] for i in range(len(cells) - 5) if cells[i] == name]
if "%.2f" % want not in hits:
    sys.exit("report tables show %r for %s, want %.2f" % (hits[:3], name, want))
print("%.4f%% in %d outputs" % (want, len(got) + 1))
EOF
  ); then ok "numbers $1: one denominator ($out)"; else fail "numbers $1: shares differ"; echo "$out" | sed 's/^/    /'; fi
}
share "fixture" "$FX/myelin-a100" "/fc/Gemm_myl1_1"
if have_corpus; then
  share "alexnet_fp16" "$CORPUS/fuzzylabs/alexnet_fp16" "/classifier/classifier_1/Gemm_myl9_2"
fi

# text summary: "exceeds end-to-end latency" only against an end-to-end figure;
# the GPU compute time a log gives when that is all there is; every class of
# layer left out named
"$EC_BIN" summary --graph "$FX/myelin-a100/fx.engine.graph.json" --profile "$FX/myelin-a100/fx.engine.profile.json" \
  > "$TMP/t1.txt" 2>/dev/null
if grep -q '^latency .*sum of per-layer averages)$' "$TMP/t1.txt" && ! grep -Eq 'exceeds|end-to-end' "$TMP/t1.txt"; then
  ok "summary text: no end-to-end figure, no claim that the layer sum exceeds it"
else
  fail "summary text: claims about an end-to-end figure that was not given"; grep '^latency' "$TMP/t1.txt"
fi
if grep -q 'not counted, as TREx: 1 shape_call and 2 signal/wait layers' "$TMP/t1.txt"; then
  ok "summary text: every class of layer left out is named (shape_call, signal/wait)"
else
  fail "summary text: layers left out are not all named"; grep '^layers' "$TMP/t1.txt"
fi
"$EC_BIN" summary "$FX/myelin-a100" > "$TMP/t2.txt" 2>/dev/null
if grep -q 'end-to-end GPU compute time median 0.164 ms (metadata)' "$TMP/t2.txt" && ! grep -q exceeds "$TMP/t2.txt"; then
  ok "summary text: a layer sum below the end-to-end median is not said to exceed it"
else
  fail "summary text: layer sum against end-to-end"; grep '^latency' "$TMP/t2.txt"
fi
"$EC_BIN" summary tests/fixtures/logs/trt7.log > "$TMP/t3.txt" 2>/dev/null
if grep -q '^gpu compute median 3.04 ms, p99 3.41 ms (log)' "$TMP/t3.txt"; then
  ok "summary text: GPU compute time from a log"
else
  fail "summary text: no GPU compute time from a log"; cat "$TMP/t3.txt" | head -8
fi
if have_corpus; then
  # (the folder holds two engines; the FP16 one's build-and-run log)
  "$EC_BIN" summary "$CORPUS/hackathon-cn/mnist-trt8.0.3-gtx1070/model-FP16.plan" > "$TMP/t4.txt" 2>/dev/null
  "$EC_BIN" summary "$CORPUS/fuzzylabs/alexnet_fp16" > "$TMP/t5.txt" 2>/dev/null
  if grep -q '^gpu compute median 0.1516 ms' "$TMP/t4.txt" &&
     grep -q 'exceeds the end-to-end GPU compute time median 0.4956 ms (timing.json)' "$TMP/t5.txt"; then
    ok "summary text: log-only hackathon-cn 8.0.3 shows its GPU compute time; alexnet's layer sum exceeds its end-to-end median"
  else
    fail "summary text on the corpus"; grep -E '^(gpu|latency)' "$TMP/t4.txt" "$TMP/t5.txt"
  fi
fi
