"""The comparison and trend reports read as briefs (issue 39).

usage:
  check_cmp_brief.py compare REPORT.html COMPARE.json BBOX.html
  check_cmp_brief.py trend REPORT.html BBOX.html FIRST_BAD
  check_cmp_brief.py height DOM.html MAX

compare: the verdict band is coloured and its outcome word is the largest
text on the page (HTML: its inline size beats the h1's 1.8rem) and on PDF
page 1 (the largest word there is the outcome); the end-to-end bars carry
each engine's GPU compute median as a value label; the layer table has one
line per pair (no wrapping, every shown name at most 60 characters: cut in
the middle) and its rows with the folded rest's are every aligned pair of
the JSON; the folded part is a <details> in the HTML and one line in the
PDF saying how many rows the HTML holds; page 1 holds the verdict, the
metric values and the waterfall's title.
trend: the FAIL banner (the fail colour, the word the largest text of PDF
page 1), the summary table's first bad night, the series legend uncut.
height: the probed page (tests/e2e/probe.js) is at most MAX px tall.
BBOX.html is `pdftotext -bbox` of the PDF (words with their boxes).
"""
import html
import json
import re
import sys


def words(path):
    pages = open(path, encoding="utf-8", errors="replace").read().split("<page ")[1:]
    return [[(float(y0), float(y1), html.unescape(w), float(x1) - float(x0)) for x0, y0, x1, y1, w in
             re.findall(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>', p)]
            for p in pages]


def largest_word(page):
    """The tallest horizontal word (an axis title drawn upright is tall and narrow)."""
    return max((w for w in page if w[3] >= w[1] - w[0] or len(w[2]) < 2), key=lambda w: w[1] - w[0])


def table_rows(page, tid):
    m = re.search(r'<table id="%s"[^>]*>(.*?)</table>' % re.escape(tid), page, re.S)
    if not m:
        return None, None
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", m.group(1), re.S)
    cells = [[html.unescape(re.sub(r"<[^>]+>", "", c)) for c in re.findall(r"<td[^>]*>(.*?)</td>", r, re.S)]
             for r in rows[1:]]
    return m.group(0), cells


def band(page, want_word):
    m = re.search(r'<p class="verdict-band" style="background:#([0-9a-f]{6})"><span class="verdict-word" '
                  r'style="[^"]*font-size:([\d.]+)rem[^"]*">([^<]*)</span>', page)
    if not m:
        sys.exit("no verdict band with its word")
    if want_word and m.group(3) != want_word:
        sys.exit("verdict word %r, want %r" % (m.group(3), want_word))
    if float(m.group(2)) <= 1.8:
        sys.exit("the verdict word (%srem) is not larger than the title (1.8rem)" % m.group(2))
    return m.group(1), m.group(3)


def compare(page_path, json_path, bbox_path):
    page = open(page_path, encoding="utf-8").read()
    cmp = json.load(open(json_path))
    colour, word = band(page, None)
    oc = cmp["outcome"]
    if oc in ("pass", "fail", "no_gate", "inconclusive") and oc.replace("_", " ").upper() != word:
        sys.exit("verdict word %r, JSON outcome %r" % (word, oc))
    # the end-to-end bars carry their values
    svg = re.search(r'<svg[^>]*id="c-gpu-latency".*?</svg>', page, re.S)
    if not svg:
        sys.exit("no end-to-end (gpu-latency) chart")
    texts = [html.unescape(t) for t in re.findall(r"<text[^>]*>([^<]*)</text>", svg.group(0))]
    for e in cmp["engines"]:
        v = e["metric"]["value"]
        if v is not None and "%.3g" % v not in texts:
            sys.exit("the end-to-end bars lack %s's value %.3g (labels %r)" % (e["name"], v, texts[:12]))
    # the layer table: one line per pair, names cut in the middle
    tab, rows = table_rows(page, "c-layers")
    rest_tab, rest = table_rows(page, "c-layers-rest")
    pairs = sum(1 for e in cmp["engines"] if not e["baseline"] and e.get("alignment")
                for q in e["alignment"]["pairs"] if q["baseline"] is not None and q["engine"] is not None)
    if pairs:
        if tab is None:
            sys.exit("no layer table")
        if '<tbody style="white-space:nowrap">' not in tab:
            sys.exit("the layer table's rows wrap")
        long = [r[0] for r in rows if len(r[0]) > 60]
        if long:
            sys.exit("layer names not cut: %r" % long[:2])
        if 'class="tip" title="' not in tab:
            sys.exit("no layer or kernel on demand in the layer table")
        n = len(rows) + (len(rest) if rest else 0)
        if n != min(pairs, 2000):
            sys.exit("layer rows %d (+ folded), JSON aligned pairs %d" % (n, pairs))
        if rest and not re.search(r'<details class="table fold"><summary>[^<]*\(%d rows\)</summary>' % len(rest), page):
            sys.exit("the rest of the layer table is not folded")
    # the PDF: no word under 7 pt is checked by check_pdf_text.py; page 1 reads on its own
    pdf = words(bbox_path)
    top = largest_word(pdf[0])
    if top[2] != word.split()[0]:
        sys.exit("the largest word on PDF page 1 is %r, not the verdict %r" % (top[2], word))
    p1 = " ".join(w[2] for w in pdf[0])
    for e in cmp["engines"]:
        v = e["metric"]["value"]
        if v is not None and "%.4g" % v not in p1:
            sys.exit("PDF page 1 lacks %s's metric %.4g" % (e["name"], v))
    if "Layer latency:" not in p1:
        sys.exit("PDF page 1 lacks the waterfall (what changed)")
    text = " ".join(w[2] for p in pdf for w in p)
    if rest and "rows in the HTML report" not in text:
        sys.exit("the PDF does not say where the folded rows are")
    if "--pdf-detail" in text:
        sys.exit("the compare PDF points at --pdf-detail, which compare does not have")
    print("verdict %s (#%s) the largest type, end-to-end values labelled, %d pairs: %d shown on one line, %d folded"
          % (word, colour, pairs, len(rows or []), len(rest or [])))


def trend(page_path, bbox_path, first_bad):
    page = open(page_path, encoding="utf-8").read()
    colour, word = band(page, "FAIL")
    if colour != "b3261e":
        sys.exit("the FAIL band is #%s, not compare's fail colour" % colour)
    tab = rows = None
    for tid in re.findall(r'<table id="(t-t\d+)"', page):
        tab, rows = table_rows(page, tid)
        if "First bad night" in tab:
            break
    if tab is None or "First bad night" not in tab:
        sys.exit("the summary table has no first bad night")
    if rows[0][3] != first_bad:
        sys.exit("first bad night %r, want %r" % (rows[0][3], first_bad))
    texts = [html.unescape(t) for t in re.findall(r"<text[^>]*>([^<]*)</text>", page)]
    for want in ("outlier, its pull capped", "change point: a new level"):
        if want not in texts:
            sys.exit("the series legend lacks %r uncut" % want)
    if any(t.endswith("\u2026") and ("outlier" in t or "change point" in t) for t in texts):
        sys.exit("a legend entry is cut")
    pdf = words(bbox_path)
    top = largest_word(pdf[0])
    if top[2] != "FAIL":
        sys.exit("the largest word on PDF page 1 is %r, not FAIL" % top[2])
    print("FAIL banner (#%s), first bad night %s, legend uncut" % (colour, first_bad))


def height(dom_path, most):
    d = open(dom_path, encoding="utf-8").read()
    m = re.search(r'<pre id="ec-probe">(.*?)</pre>', d, re.S)
    if not m:
        sys.exit("no probe result")
    j = json.loads(html.unescape(m.group(1)))
    if j["height"] > most:
        sys.exit("%d px tall at %d px wide (at most %d)" % (j["height"], j["width"], most))
    if j["sideways"]:
        sys.exit("the page scrolls sideways at %d px" % j["width"])
    print("%d px tall at %d px wide (at most %d)" % (j["height"], j["width"], most))


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    if sys.argv[1] == "compare" and len(sys.argv) == 5:
        compare(*sys.argv[2:])
    elif sys.argv[1] == "trend" and len(sys.argv) == 5:
        trend(*sys.argv[2:])
    elif sys.argv[1] == "height" and len(sys.argv) == 4:
        height(sys.argv[2], int(sys.argv[3]))
    else:
        sys.exit(__doc__)
