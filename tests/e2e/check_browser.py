"""Judges what tests/e2e/probe.js measured in headless Chromium, or a page
printed from it.

usage: check_browser.py probe OUT.html MODE   (MODE: wide | dark | phone)
       check_browser.py print BBOX.html PRINTED_PAGES PDF_PAGES [MAX_PAGES]
OUT.html is Chromium's --dump-dom of a report with probe.js added;
BBOX.html is `pdftotext -bbox` of the printed page. Prints a one-line
summary and exits 0, or prints what is wrong and exits 1.

wide (1280 px): nothing scrolls sideways; no table or figure is wider than
  its box, scrolling or not; chart text is about table text (median within
  0.85-1.25 of it, none below 0.75 of it); the contents are present, every
  link resolves, and they are still on screen halfway down; a table taller
  than the window keeps its header at the top; the engine graph opens
  fitted to its box's width with readable node text (8 px or more; a
  graph too wide for that opens at the smallest readable size, under
  9.5 px), with at least one node in view (a big graph opens on its
  slowest layer, issue 27), and its legend outside the drawing.
dark: the graph's background follows the page's (not a white panel).
phone (420 px): nothing scrolls sideways (a wide table or chart scrolls in
  its own box); no figure is out of view: every cell and tile of the first
  screen, the verdict, every cell of a table on the page (not the
  all-layers table, drawn on demand in its own box) and every chart's text
  lies inside the window and inside any box that clips or scrolls it
  (issue 39: tables stack their rows, charts have a phone drawing); the precision strip is drawn whole and a comparison's
  verdict wraps (issue 27); body text 14 px or more, table text 12 px or more, chart
  text 9 px or more; the contents are there. (A window is never narrower
  than 500 px: browser.sh shows the page in a 420 px frame.)
print: at most MAX_PAGES pages (default 16, twice the PDF brief's 8;
  browser.sh asks 12 for an engine of up to 100 layers, 40 for 1,300
  layers: detail sections print folded, long tables their first rows, issue
  27); no "hover", "click" or "tooltip" on paper; no "Folded:" heading per
  folded section (they print as one line of names, issue 39); text at its
  size (Chrome shrinks every page when something is wider than the paper);
  no two words drawn over each other (the graph printed over the next
  pages' tables did).
"""
import html
import json
import re
import sys


def load_probe(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        found = re.findall(r'<pre id="ec-probe">(.*?)</pre>', f.read(), re.S)
    if not found:
        sys.exit("the probe left no result (did the page load?)")
    return json.loads(html.unescape(found[-1]))


def check_probe(d, mode):
    bad = []
    w = d["width"]
    if d["sideways"]:
        bad.append("the page scrolls sideways at %d px" % w)
    for b in d["boxes"]:
        if b["right"] > w + 1:
            bad.append("%s runs past the window (right edge %d > %d)" % (b["what"], b["right"], w))
        if b["inner"] > b["client"] + 1 and (mode != "phone" or not b["scrolls"]):
            bad.append("%s is wider than its box (%d > %d)" % (b["what"], b["inner"], b["client"]))
    t = d["text"]
    toc = d["toc"]
    if not toc.get("present"):
        bad.append("no table of contents")
    elif toc.get("broken"):
        bad.append("%d contents links lead nowhere" % toc["broken"])
    if mode in ("wide", "dark"):
        if t["table"] and t["chart_median"]:
            r = t["chart_median"] / t["table"]
            if not 0.85 <= r <= 1.25:
                bad.append("chart text %.1f px against table text %.1f px" % (t["chart_median"], t["table"]))
            if t["chart_min"] < 0.75 * t["table"]:
                bad.append("smallest chart text %.1f px" % t["chart_min"])
        if toc.get("present") and (not toc.get("in_view_halfway") or toc.get("position") != "sticky"):
            bad.append("the contents are out of reach halfway down (position %s)" % toc.get("position"))
        s = d["sticky"]
        if s and abs(s["header_top"] - s["expected_top"]) > 2:
            bad.append("the header of %s does not stick (top %d, expected %d)" % (s["table"], s["header_top"], s["expected_top"]))
        for g in d["graphs"]:
            # fitted to the box's width, unless that would make its text
            # unreadable: then at the smallest readable size
            tpx = g["node_text_px"]
            if tpx is not None and tpx < 8:
                bad.append("graph %s opens with %.1f px text" % (g["id"], tpx))
            if g["svg_w"] > g["view_w"] + 1 and (tpx is None or tpx > 9.5):
                bad.append("graph %s opens wider than its box (%d > %d) with %.1f px text" % (g["id"], g["svg_w"], g["view_w"], tpx or 0))
            if g.get("nodes") and not g.get("nodes_in_view"):
                bad.append("graph %s opens on an empty box (0 of %d nodes in view)" % (g["id"], g["nodes"]))
            if g["legend_in_svg"] or not g["legend_outside"]:
                bad.append("graph %s: the legend is not outside the drawing" % g["id"])
    if mode == "dark":
        for g in d["graphs"]:
            if g["background"] in ("rgb(255, 255, 255)", "white") or g["background"] == "none":
                bad.append("graph %s is a white panel in dark mode" % g["id"])
            if g["page_background"] == "rgb(255, 255, 255)":
                bad.append("the page is not dark with prefers-color-scheme: dark")
    st = d.get("strip")
    if st and (st["scrolls"] or st["svg_w"] > st["box_w"] + 1):
        bad.append("the precision strip is cut (%d px drawn in a %d px box)" % (st["svg_w"], st["box_w"]))
    vd = d.get("verdict")
    if vd and (vd["scrolls"] or vd["right"] > w + 1):
        bad.append("the verdict runs past the screen (%r)" % vd["text"][:60])
    if mode == "phone":
        hd = d.get("hidden") or {"checked": 0, "out": []}
        if hd["out"]:
            bad.append("%d of %d figures out of view (%s)" % (len(hd["out"]), hd["checked"], "; ".join(hd["out"][:4])))
        if (t["body"] or 0) < 14:
            bad.append("body text %.1f px" % (t["body"] or 0))
        if t["table"] is not None and t["table"] < 12:
            bad.append("table text %.1f px" % t["table"])
        if t["chart_min"] is not None and t["chart_min"] < 9:
            bad.append("chart text %.1f px" % t["chart_min"])
    summary = "%d px: tables and figures fit, chart text %s px (tables %s px), %d graph(s), sticky header %s" % (
        w, "%.1f" % t["chart_median"] if t["chart_median"] else "-", t["table"], len(d["graphs"]),
        "ok" if d["sticky"] else "n/a")
    if mode == "phone":
        summary += ", %d figures in view" % (d.get("hidden") or {"checked": 0})["checked"]
    return bad, summary


def words(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    pages = text.split("<page ")[1:]
    for p in pages:
        yield [(float(a), float(b), float(c), float(d), html.unescape(t)) for a, b, c, d, t in
               re.findall(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>', p)]


def check_print(path, printed, pdf, most=16):
    bad = []
    # twice the brief: a PDF brief has at most 8 pages (issue 16), so the
    # printed page of a small engine may take 16, whatever this PDF has now
    if printed > most:
        bad.append("%d printed pages (%d at most; the PDF has %d)" % (printed, most, pdf))
    mouse = sorted({w[4].lower() for ws in words(path) for w in ws if w[4].lower().startswith(("hover", "click", "tooltip"))})
    # folded sections print as one line of names, not a heading each saying
    # "Folded: in the HTML report." (a last page of seven of them, issue 39)
    folded = sum(1 for ws in words(path) for w in ws if w[4] == "Folded:")
    if folded:
        bad.append("%d folded sections print a heading each" % folded)
    if mouse:
        bad.append("instructions for a mouse on paper (%s)" % ", ".join(mouse))
    heights = sorted(w[3] - w[1] for ws in words(path) for w in ws)
    if heights and heights[len(heights) // 2] < 7:
        bad.append("printed text shrunk to fit (median word %.1f pt tall)" % heights[len(heights) // 2])
    for n, ws in enumerate(words(path), 1):
        ws.sort()
        hits = []
        for i, a in enumerate(ws):
            for b in ws[i + 1:]:
                if b[0] >= a[2]:
                    break
                ix = min(a[2], b[2]) - max(a[0], b[0])
                iy = min(a[3], b[3]) - max(a[1], b[1])
                if ix <= 0 or iy <= 0:
                    continue
                small = min((a[2] - a[0]) * (a[3] - a[1]), (b[2] - b[0]) * (b[3] - b[1]))
                if ix * iy > 0.3 * small:
                    hits.append("%r over %r" % (a[4], b[4]))
        if hits:
            bad.append("page %d: %d words drawn over others (%s)" % (n, len(hits), "; ".join(hits[:3])))
    return bad, "%d printed pages (at most %d; PDF: %d), no text drawn over text" % (printed, most, pdf)


def main():
    if len(sys.argv) == 4 and sys.argv[1] == "probe":
        bad, summary = check_probe(load_probe(sys.argv[2]), sys.argv[3])
    elif len(sys.argv) in (5, 6) and sys.argv[1] == "print":
        bad, summary = check_print(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]),
                                   int(sys.argv[5]) if len(sys.argv) == 6 else 16)
    else:
        sys.exit(__doc__)
    if bad:
        print("; ".join(bad))
        sys.exit(1)
    print(summary)


if __name__ == "__main__":
    main()
