"""No text in a PDF report is smaller than 7 pt (issue 27: a chart is never
scaled below 7 pt text, a big engine's graph page draws the neighbourhood of
the slowest layers instead of the whole graph at 3-4.5 pt), and no words
meant for a mouse ("hover", "click", "--top N sets") are on paper.

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
            if word.startswith(("hover", "click")):
                mouse.append("page %d: %r" % (p, word))
            if pt < MIN_PT - 0.05:
                small.append("page %d: %r at %.1f pt" % (p, html.unescape(w), pt))
    bad = []
    if small:
        bad.append("%d of %d words under %g pt (%s)" % (len(small), n, MIN_PT, "; ".join(small[:4])))
    if mouse:
        bad.append("instructions for a mouse on paper (%s)" % "; ".join(mouse[:4]))
    if text_of(pages).find("--top N sets") >= 0:
        bad.append("'--top N sets' on paper")
    if bad:
        print("; ".join(bad))
        sys.exit(1)
    print("%d words on %d pages, the smallest %.1f pt" % (n, len(pages), smallest or 0))


if __name__ == "__main__":
    main()
