# browser: the HTML page as a reader sees it, measured in headless Chromium
# (tests/e2e/probe.js, judged by check_browser.py): at 1280 px no table or
# figure is wider than its box, chart text is the size of table text, the
# contents stay in reach, long tables keep their header, the graph opens
# fitted with its legend outside; in dark mode the graph is dark; at 420 px
# nothing runs past the phone's screen and no figure, verdict or chart
# value of a report, a comparison or a trend is out of view; printed, a small engine takes at
# most 16 pages (twice the 8-page PDF brief) with no text drawn over text.
# Chromium is installed by tests/deps.sh; without it this test fails.
. tests/e2e/lib.sh
expensive "browser: the report, compare and trend pages measured in headless Chromium (about 3 minutes)" || exit 0
export SOURCE_DATE_EPOCH=1700000000
CHROMIUM=$(command -v chromium || command -v chromium-browser)
if [ -z "$CHROMIUM" ]; then
  fail "browser: chromium is missing (sh tests/deps.sh installs it)"
  exit 0
fi
command -v pdfinfo > /dev/null || { fail "browser: pdfinfo is missing (poppler-utils; sh tests/deps.sh)"; exit 0; }
# chrome W H OUT FLAGS...: the page in $TMP/p.html (the report with probe.js)
chrome() {
  w=$1; h=$2; out=$3; shift 3
  rm -rf "$TMP/profile"
  timeout 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync --hide-scrollbars \
    --user-data-dir="$TMP/profile" --window-size="$w,$h" --virtual-time-budget=4000 "$@" > "$out" 2> /dev/null
}
# with_probe REPORT.html: $TMP/p.html is the report with the probe run at
# load; $TMP/phone.html shows it in a 420 px frame (a window is never
# narrower than 500 px) and copies out the probe's result
with_probe() {
  "$PY" - "$1" tests/e2e/probe.js "$TMP/p.html" "$TMP/phone.html" << 'EOF'
import html, sys
page = open(sys.argv[1], encoding="utf-8").read()
probe = open(sys.argv[2], encoding="utf-8").read()
i = page.rindex("</body>")
page = page[:i] + "<script>" + probe + "</script>" + page[i:]
open(sys.argv[3], "w", encoding="utf-8").write(page)
open(sys.argv[4], "w", encoding="utf-8").write(
    '<!DOCTYPE html><html><body style="margin:0"><iframe id="f" style="width:420px;height:800px;border:0" srcdoc="'
    + html.escape(page, quote=True) + '"></iframe><script>var f = document.getElementById("f");'
    '(function poll() { var d = f.contentDocument, p = d && d.getElementById("ec-probe");'
    ' if (!p) { setTimeout(poll, 50); return; } var q = document.createElement("pre"); q.id = "ec-probe";'
    ' q.textContent = p.textContent; document.body.appendChild(q); })();</script></body></html>')
EOF
}
# look NAME MODES ENGINE...: report of ENGINE(s), probed in each mode
look() {
  name=$1; modes=$2; shift 2
  if ! "$EC_BIN" report "$@" -o "$TMP/r.html" 2> "$TMP/r.err"; then
    fail "browser $name: report failed"; head -3 "$TMP/r.err"; return
  fi
  with_probe "$TMP/r.html"
  for mode in $modes; do
    case $mode in
      wide) chrome 1280 800 "$TMP/dom.html" --dump-dom "file://$TMP/p.html" ;;
      dark) chrome 1280 800 "$TMP/dom.html" --force-dark-mode --blink-settings=preferredColorScheme=0 \
              --dump-dom "file://$TMP/p.html" ;;
      phone) chrome 800 900 "$TMP/dom.html" --dump-dom "file://$TMP/phone.html" ;;
    esac
    if out=$("$PY" tests/e2e/check_browser.py probe "$TMP/dom.html" "$mode" 2>&1); then
      ok "browser $name ($mode): $out"
    else
      fail "browser $name ($mode): $out"
    fi
  done
}
# printed NAME MAX ENGINE: the page printed by Chromium (at most MAX pages)
# against the PDF report
printed() {
  name=$1; most=$2; shift 2
  "$EC_BIN" report "$@" -o "$TMP/r.html" --pdf "$TMP/r.pdf" 2> /dev/null
  rm -f "$TMP/print.pdf"
  # from a narrow window, where some tables have their own scrolling box
  chrome 800 800 /dev/null --no-pdf-header-footer --print-to-pdf="$TMP/print.pdf" "file://$TMP/r.html"
  if [ ! -s "$TMP/print.pdf" ]; then fail "browser $name (print): Chromium printed nothing"; return; fi
  pages=$(pdfinfo "$TMP/print.pdf" | awk '/^Pages:/ { print $2 }')
  pdf=$(pdfinfo "$TMP/r.pdf" | awk '/^Pages:/ { print $2 }')
  pdftotext -bbox "$TMP/print.pdf" "$TMP/bbox.html" 2> /dev/null
  if out=$("$PY" tests/e2e/check_browser.py print "$TMP/bbox.html" "$pages" "$pdf" "$most" 2>&1); then
    ok "browser $name (print): $out"
  else
    fail "browser $name (print): $out"
  fi
}

"$EC_GEN" --out "$TMP/hostile" --hostile --layers 200 > /dev/null
# a 1,300-layer TensorRT 10 transformer prints in 40 pages at most (issue 27)
"$EC_GEN" --out "$TMP/big" --model transformer --layers 1300 > /dev/null
printed "generated 1,300-layer transformer" 40 "$TMP/big"
# its graph opens on the slowest layer, not on an empty stretch (issue 27)
look "generated 1,300-layer transformer" "wide phone" "$TMP/big"
look "generated hostile names" "wide dark phone" "$TMP/hostile"
look "examples/resnet-int8-a100" "wide phone" examples/resnet-int8-a100
look "examples/vit-log-only-orin" "wide" examples/vit-log-only-orin
look "two engines" "wide phone" examples/resnet-fp16-a100 examples/hybrid-fp16-h100
# on_phone NAME PAGE.html: PAGE probed at 420 px (no figure, verdict or
# chart value out of view: issue 39)
on_phone() {
  with_probe "$2"
  chrome 800 900 "$TMP/dom.html" --dump-dom "file://$TMP/phone.html"
  if out=$("$PY" tests/e2e/check_browser.py probe "$TMP/dom.html" phone 2>&1); then
    ok "browser $1 (phone): $out"
  else
    fail "browser $1 (phone): $out"
  fi
}
# a comparison at 420 px: its verdict is text that wraps (issue 27)
"$EC_BIN" compare examples/resnet-fp16-a100 examples/resnet-fp16-rtx3090 -o "$TMP/c.html" > /dev/null 2>&1
if grep -q 'class="verdict"' "$TMP/c.html"; then on_phone "compare" "$TMP/c.html"; else fail "browser compare (phone): no text verdict"; fi
# FP16 against INT8: the waterfall's every step, the aligned layers' times
# and the family ratios in view at 420 px (issue 39)
"$EC_BIN" compare examples/resnet-fp16-a100 examples/resnet-int8-a100 --max-regress 5 -o "$TMP/c8.html" > /dev/null 2>&1
on_phone "compare FP16 against INT8" "$TMP/c8.html"
# trend at 420 px: 30 nights with a change point, the verdict column and
# the series chart's values in view (issue 39)
"$EC_BIN" layers --json examples/resnet-fp16-a100/resnet.onnx.engine > "$TMP/n.layers" 2> /dev/null
if "$PY" tests/e2e/simulate_nights.py examples/resnet-fp16-a100 "$TMP/n.layers" "$TMP/nights" 30 --type Convolution \
     --slow 1.12 --from 17 --seed 3 > /dev/null; then
  mkdir -p "$TMP/ns"
  for d in "$TMP/nights"/night-*; do
    i=$(expr "${d##*-}" + 0)
    "$EC_BIN" summary --json --label night=$i "$d/resnet.onnx.engine" > "$TMP/ns/night-$i.json" 2> /dev/null
  done
  "$EC_BIN" trend "$TMP/ns" --by night --max-regress 5 -o "$TMP/t.html" > /dev/null 2>&1
  on_phone "trend of 30 nights" "$TMP/t.html"
else
  fail "browser trend (phone): simulate_nights.py failed"
fi
if have_corpus; then
  for e in trex/pytorch-resnet-A100-fp16 trex/pytorch-resnet-A100-fp32 trex/pytorch-resnet-A100-qat trex/mobilenet.qat \
           fuzzylabs/alexnet_fp16 segformer-hackathon/segformer-b2-fp32-a10 detr-logs/detr-resnet50-int8 \
           hackathon-cn/mnist-trt10.16.1-h100pcie/model-trained.onnx; do
    case $e in
      trex/pytorch-resnet-A100-fp16|fuzzylabs/alexnet_fp16) modes="wide dark phone" ;;
      *) modes="wide" ;;
    esac
    look "corpus $e" "$modes" "$CORPUS/$e"
  done
  # up to 100 layers: 12 pages at most (issue 27)
  for e in trex/pytorch-resnet-A100-fp16 trex/pytorch-resnet-A100-qat trex/mobilenet.qat trex-notebook/yolo-int8-orin \
           fuzzylabs/alexnet_fp16 hackathon-cn/mnist-trt10.16.1-h100pcie/model-trained.onnx; do
    printed "corpus $e" 12 "$CORPUS/$e"
  done
else
  skip "browser over the corpus: $CORPUS is absent"
fi
