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
names = [html.unescape(re.sub("<[^>]+>", "", r)) for r in re.findall(r'<tr><td>(.*?)</td>', perf)]
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
