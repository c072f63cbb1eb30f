# pages: a report reads in a few screens (issue 27): detail sections are
# folded, tactics and shapes are one line with the whole text in a tooltip,
# equal timing rows are one row (H2D and D2H, both 0 under --noDataTransfers),
# a reason for "not available" is given once, long tables print their first
# rows with a line saying how many more the page holds.
. tests/e2e/lib.sh
"$EC_GEN" --out "$TMP/g" --layers 120 > /dev/null
"$EC_BIN" report "$TMP/g" -o "$TMP/g.html" 2> /dev/null || fail "pages: report failed"
if out=$("$PY" - "$TMP/g.html" << 'PYEOF'
import html, re, sys
s = open(sys.argv[1], encoding="utf-8").read()
s = re.sub(r'<script.*?</script>', '', s, flags=re.S)
bad = []
folds = re.findall(r'<details class="fold"><summary>Show ([^<]*)</summary>', s)
for want in ("Tactics", "All layers", "Layers by type"):
    if want not in folds:
        bad.append("%s is not folded (folds: %s)" % (want, folds))
clips = re.findall(r'<span class="clip" title="([^"]*)">([^<]*)</span>', s)
if not clips:
    bad.append("no one-line (clipped) cells")
elif any(html.unescape(t) != html.unescape(x) for t, x in clips):
    bad.append("a clipped cell's tooltip is not its text")
i = s.find("Measure (ms)")
perf = s[i:s.find("</table>", i)]
names = [html.unescape(re.sub("<[^>]+>", "", r)) for r in re.findall(r'<tr><td[^>]*>(.*?)</td>', perf)]
if "H2D, D2H" not in names or "H2D" in names or "D2H" in names:
    bad.append("H2D and D2H (all 0) are not one row: %s" % names)
if any(n.startswith("GPU compute") and "(as reported)" in n for n in names):
    bad.append("GPU compute as reported repeats the measured row: %s" % names)
nas = [html.unescape(x) for x in re.findall(r'<p class="na">(.*?)</p>', s)]
full = [x for x in nas if not x.endswith("as above.")]
if len(full) != len(set(full)):
    bad.append("a reason for 'not available' is given in full twice: %s" % full)
capped = re.findall(r'<table id="[^"]*" class="data[^"]*capped[^"]*">', s)
more = re.findall(r'<p class="table-note print-only">(\d+) more rows in the HTML report.</p>', s)
if not capped or len(capped) != len(more):
    bad.append("%d long tables, %d print notes" % (len(capped), len(more)))
if bad:
    print("; ".join(bad)); sys.exit(1)
print("%d folded sections, %d one-line cells, timing rows %s, %d long tables capped in print" % (len(folds), len(clips), names, len(capped)))
PYEOF
); then ok "pages: $out"; else fail "pages: $out"; fi
# the command line (issue 27): report says what it wrote; files named by
# options give the engine their stem, and graph takes them as report does
"$EC_BIN" report "$TMP/g" -o "$TMP/w.html" --pdf "$TMP/w.pdf" 2> "$TMP/w.err"
pages=$(pdfinfo "$TMP/w.pdf" 2> /dev/null | awk '/^Pages:/ { print $2 }')
# the size in the one spelling of bytes (src/words: binary units, one decimal)
kib=$(wc -c < "$TMP/w.html" | awk '{ if ($1 >= 1048576) printf "%.1f MiB", $1 / 1048576; else printf "%.1f KiB", $1 / 1024 }')
if grep -qx "wrote $TMP/w.html ($kib), $TMP/w.pdf ($pages pages)" "$TMP/w.err"; then
  ok "pages: report says what it wrote ($(grep "^wrote" "$TMP/w.err" | sed "s|$TMP/||g"))"
else
  fail "pages: report's message: $(cat "$TMP/w.err") (expected $kib, $pages pages)"
fi
"$EC_BIN" report --graph "$TMP/g.graph.json" --profile "$TMP/g.profile.json" -o "$TMP/o.html" 2> /dev/null
if grep -q "<title>g — enginecard report</title>" "$TMP/o.html"; then ok "pages: report --graph F --profile F names the engine g"
else fail "pages: report --graph F --profile F: $(grep -o '<title>[^<]*' "$TMP/o.html" | head -1)"; fi
"$EC_BIN" graph --graph "$TMP/g.graph.json" -o "$TMP/o.svg" 2> "$TMP/g.err"; rc=$?
if [ $rc -eq 0 ] && [ -s "$TMP/o.svg" ]; then ok "pages: graph --graph F draws it"
else fail "pages: graph --graph F exits $rc: $(head -2 "$TMP/g.err")"; fi
"$EC_BIN" graph -o "$TMP/n.svg" 2> /dev/null; rc=$?
if [ $rc -eq 2 ]; then ok "pages: graph without an engine or files is a usage error"; else fail "pages: graph with nothing exits $rc"; fi
# a generated engine's "generated, not measured" is a badge
if grep -q '<span class="badge">generated, not measured</span>' "$TMP/w.html"; then ok "pages: generated, not measured is a badge"
else fail "pages: no generated badge"; fi
