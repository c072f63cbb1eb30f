"""No text in a PDF report is smaller than 7 pt (issue 27: a chart is never
scaled below 7 pt text, a big engine's graph page draws the neighbourhood of
the slowest layers instead of the whole graph at 3-4.5 pt), and no words
meant for a mouse ("hover", "click", "tooltip", "--top N sets") are on paper.
Issue 39: no number splits over two lines ("up to 0." over "9909 ms"); no
page ends with a heading (its text on the next page): the last line above
a page's number is not set in a heading's size (11.5 pt and more); and a
page that goes on with a section says "(continued)" in its running head.

usage: check_pdf_text.py BBOX.html
BBOX.html is `pdftotext -bbox` of the PDF. A word's box is its font's
ascent plus descent: 1.164 times the size for DejaVu Sans and DejaVu Sans
Mono, the report's fonts. Prints a one-line summary and exits 0, or prints
the small words and exits 1.
"""
import html
import re
import sys

EM_BOX = 1.164   # DejaVu: ascent 0.928 + descent 0.236 of the size
MIN_PT = 7.0


def text_of(pages):
    return " ".join(html.unescape(w) for p in pages for w in re.findall(r'<word [^>]*>([^<]*)</word>', p))


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    with open(sys.argv[1], encoding="utf-8", errors="replace") as f:
        pages = f.read().split("<page ")[1:]
    small, smallest, n, mouse = [], None, 0, []
    for p, text in enumerate(pages, 1):
        for y0, y1, w in re.findall(r'<word xMin="[\d.]+" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([^<]*)</word>', text):
            pt = (float(y1) - float(y0)) / EM_BOX
            n += 1
            smallest = pt if smallest is None or pt < smallest else smallest
            word = html.unescape(w).lower()
            if word.startswith(("hover", "click", "tooltip")):
                mouse.append("page %d: %r" % (p, word))
            if pt < MIN_PT - 0.05:
                small.append("page %d: %r at %.1f pt" % (p, html.unescape(w), pt))
    split, orphans = [], []
    for p, text in enumerate(pages, 1):
        ws = [(float(a), float(b), float(c), float(e), html.unescape(w)) for a, b, c, e, w in re.findall(
            r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>', text)]
        # a number cut at a line's end: "0." or "1," ends a line and the
        # next word, on a line below, goes on with digits (or "0" then ".9")
        for a, b in zip(ws, ws[1:]):
            if b[1] < a[3] - 1:
                continue
            # (a list's comma may end a line: "[8,3," over "224,224]"; a
            # thousands group is three digits and no more of the list)
            if (re.search(r"(^|[^\w.])[-+]?\d+\.$", a[4]) and re.match(r"\d", b[4])) or \
               (re.search(r"(^|[^\w.,\[(])\d{1,3},$", a[4]) and re.match(r"\d{3}(?![\d,\]])", b[4])) or \
               (re.search(r"\d$", a[4]) and re.match(r"[.,]\d", b[4])):
                split.append("page %d: %r / %r" % (p, a[4], b[4]))
        # the last line of the page's text (above the page number, the
        # lowest word) set as a heading: a heading orphaned at the foot
        body = [w for w in ws if w[1] > 60]
        if len(body) > 1:
            foot = max(body, key=lambda w: w[1])
            rest = [w for w in body if w[1] < foot[1] - 2]
            if rest:
                last_y = max(w[1] for w in rest)
                line = [w for w in rest if abs(w[1] - last_y) < 2]
                if all((w[3] - w[1]) / EM_BOX >= 11.3 for w in line) and p < len(pages):
                    orphans.append("page %d: %r" % (p, " ".join(w[4] for w in sorted(line))[:60]))
    # a page that goes on with a section names it in its running head:
    # once a section heading (14 pt) has been set, a page whose first line
    # is not a heading says "(continued)" above the rule
    cont, begun = [], False
    for p, text in enumerate(pages, 1):
        ws = [(float(b), float(e), html.unescape(w)) for b, e, w in re.findall(
            r'<word xMin="[\d.]+" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([^<]*)</word>', text)]
        head = [w for w in ws if w[0] < 60]
        body = [w for w in ws if w[0] > 60]
        if not body:
            continue
        top = min(w[0] for w in body)
        first = [w for w in body if abs(w[0] - top) < 2]
        is_heading = all((w[1] - w[0]) / EM_BOX >= 11.3 for w in first)
        if begun and not is_heading and not any(w[2] == "(continued)" for w in head):
            cont.append("page %d (%s)" % (p, " ".join(w[2] for w in first)[:40]))
        if any((w[1] - w[0]) / EM_BOX >= 13.5 for w in body) and p > 1:
            begun = True
    bad = []
    if cont:
        bad.append("%d pages go on with a section without naming it (%s)" % (len(cont), "; ".join(cont[:4])))
    if split:
        bad.append("%d numbers split over two lines (%s)" % (len(split), "; ".join(split[:4])))
    if orphans:
        bad.append("%d headings at the foot of a page (%s)" % (len(orphans), "; ".join(orphans[:4])))
    if small:
        bad.append("%d of %d words under %g pt (%s)" % (len(small), n, MIN_PT, "; ".join(small[:4])))
    if mouse:
        bad.append("instructions for a mouse on paper (%s)" % "; ".join(mouse[:4]))
    if text_of(pages).find("--top N sets") >= 0:
        bad.append("'--top N sets' on paper")
    if bad:
        print("; ".join(bad))
        sys.exit(1)
    print("%d words on %d pages, the smallest %.1f pt, no number split, no heading at a page's foot, continuations named" % (n, len(pages), smallest or 0))


if __name__ == "__main__":
    main()
