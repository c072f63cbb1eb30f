"""Checks a comparison report (HTML, and the PDF's text) against compare --json.

usage: check_compare_report.py REPORT.html REPORT.txt COMPARE.json
The gates table lists every engine with its metric (%.4g ms or qps), its
change with the interval ("+10.2% [+9.7, +10.8]") and verdict as in the JSON; the aligned-layer tables (the changed pairs, then the
folded rest) have as many rows as the JSON has aligned pairs with times on
both sides (up to the cap); nothing external
is referenced; the PDF's text carries every engine's metric value.
"""
import json
import sys
from html.parser import HTMLParser

sys.path.insert(0, __file__.rsplit("/", 1)[0])


class P(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tables, self.ext, self.t, self.r, self.c = [], [], None, None, None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        for k in ("src", "href"):
            if a.get(k) is not None and not a[k].startswith("#"):
                self.ext.append(a[k])
        if tag == "table":
            self.t = [a.get("id", ""), []]
        elif tag == "tr" and self.t is not None:
            self.r = []
        elif tag in ("td", "th") and self.r is not None:
            self.c = []

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self.c is not None:
            self.r.append("".join(self.c).strip())
            self.c = None
        elif tag == "tr" and self.r is not None:
            self.t[1].append(self.r)
            self.r = None
        elif tag == "table" and self.t is not None:
            self.tables.append(self.t)
            self.t = None

    def handle_data(self, d):
        if self.c is not None:
            self.c.append(d)


html = open(sys.argv[1], encoding="utf-8").read()
text = " ".join(open(sys.argv[2], encoding="utf-8", errors="replace").read().split())
cmp = json.load(open(sys.argv[3]))
p = P()
p.feed(html)
if p.ext:
    sys.exit("external reference: %r" % p.ext[:3])
gates = [t for t in p.tables if t[1] and t[1][0][:1] == ["Engine"] and "Verdict" in t[1][0]]
if not gates:
    sys.exit("no gates table")
rows = gates[0][1][1:]
engines = cmp["engines"]
if len(rows) != len(engines):
    sys.exit("gates rows %d, json engines %d" % (len(rows), len(engines)))
checked = 0
for row, e in zip(rows, engines):
    v = e["metric"]["value"]
    want = "%.4g" % v if v is not None else "\u2013"
    if row[0] != e["name"] or row[1] != want:
        sys.exit("engine %s: html %r %r, json %r %r" % (e["name"], row[0], row[1], e["name"], want))
    if row[3] != e["verdict"]:
        sys.exit("verdict of %s: html %s, json %s" % (e["name"], row[3], e["verdict"]))
    est = e["estimate"]
    want_change = "baseline" if e["baseline"] else (est["text"] if est["regress_pct"] is not None else "\u2013")
    if row[2] != want_change:
        sys.exit("change of %s: html %r, json %r" % (e["name"], row[2], want_change))
    if want not in text:
        sys.exit("PDF text lacks %s's metric %s" % (e["name"], want))
    checked += 4
layers = [t for t in p.tables if t[0] == "c-layers"]
rest = [t for t in p.tables if t[0] == "c-layers-rest"]
pairs = sum(1 for e in engines if not e["baseline"] and e.get("alignment")
            for q in e["alignment"]["pairs"]
            if q["baseline"] is not None and q["engine"] is not None and q["baseline_ms"] is not None and q["engine_ms"] is not None)
if pairs:
    if not layers:
        sys.exit("no aligned-layer table")
    # the changed pairs, then the rest folded under them: every pair once
    n = len(layers[0][1]) - 1 + (len(rest[0][1]) - 1 if rest else 0)
    if n != min(pairs, 2000):
        sys.exit("aligned rows %d, json pairs with times %d" % (n, pairs))
    checked += 1
print("checked %d values" % checked)
