"""Checks that a report answers on its first screen.

usage: check_brief.py REPORT.html SUMMARY.json [PAGE1.txt]
The first 1500 characters of the report's text (what a reader sees: the
body without scripts, styles, navigation, and the titles and descriptions
inside SVG figures) must hold the GPU compute median (or end-to-end latency
median) as %.4g ms, the throughput readably ("23.2k inferences/s", with
"batch N · " before it when the batch is known) and the slowest layer's name;
where the inputs do not give one, "not available" must stand in its place.
With PAGE1.txt (pdftotext of the PDF's first page) the same three must be on
page 1 of the PDF.
"""
import json
import sys
from html.parser import HTMLParser

SKIP = {"head", "script", "style", "nav", "title", "desc", "template"}


class Text(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.skip = 0
        self.parts = []
        self.tips = []   # [title, text] of every <span class="tip">: a short name and its whole text
        self.tip = None

    def handle_starttag(self, tag, attrs):
        if tag in SKIP:
            self.skip += 1
        elif tag in ("p", "div", "td", "th", "tr", "li", "h1", "h2", "h3", "span", "figcaption", "text"):
            self.parts.append(" ")
        a = dict(attrs)
        if tag == "span" and a.get("class") == "tip" and a.get("title") and not self.skip:
            self.tip = [a["title"], ""]

    def handle_endtag(self, tag):
        if tag in SKIP and self.skip:
            self.skip -= 1
        if tag == "span" and self.tip is not None:
            self.tips.append(self.tip)
            self.tip = None

    def handle_data(self, data):
        if not self.skip:
            self.parts.append(data)
            if self.tip is not None:
                self.tip[1] += data


def big(v):
    """As view/headline.c ec_fmt_big: 4 significant digits under 1,000, then k, M, G with 3."""
    a = abs(v)
    if a < 1e3:
        return "%.4g" % v
    if a < 999.5e3:
        return "%.3gk" % (v / 1e3)
    if a < 999.5e6:
        return "%.3gM" % (v / 1e6)
    return "%.3gG" % (v / 1e9)


def wants(summ):
    perf = summ.get("performance") or {}
    stat = perf.get("gpu_compute_ms") or perf.get("latency_ms") or (perf.get("reported") or {}).get("gpu_compute_ms") \
        or (perf.get("reported") or {}).get("latency_ms")
    med = stat.get("median") if stat else None
    yield "median", ("%.4g ms" % med) if med is not None else "not available"
    qps = perf.get("throughput_qps")
    yield "throughput", (big(qps) + " inferences/s") if qps is not None else "not available"
    top = summ.get("top_layers") or []
    if top and top[0].get("latency_ms") is not None:
        name = " ".join(top[0]["name"].replace("\x00", "\ufffd").split())
        yield "slowest layer", name[:200]
    else:
        yield "slowest layer", "slowest layers are unknown" if summ["layers"] else "No layers were read"


def main():
    p = Text()
    p.feed(open(sys.argv[1], encoding="utf-8").read())
    text = " ".join("".join(p.parts).split())
    head = text[:1500]
    summ = json.load(open(sys.argv[2]))
    page1 = None
    if len(sys.argv) > 3:
        page1 = " ".join(open(sys.argv[3], encoding="utf-8", errors="replace").read().split())
    found = []
    for what, want in wants(summ):
        if what == "slowest layer" and want not in head:
            # a fused name shows its shortest distinguishing form, the whole
            # name in its title (view/short_name.h): that form must be there
            norm = lambda x: " ".join(x.replace("\x00", "\ufffd").split())
            for title, shown in p.tips:
                if norm(title).startswith(want) and norm(shown) and norm(shown) in head:
                    want = norm(shown)
                    break
        if want not in head:
            at = text.find(want)
            sys.exit("%s %r is not in the first 1500 characters (%s)" % (what, want, "at %d" % at if at >= 0 else "absent"))
        # a long name wraps in the PDF's table: compare its start
        if page1 is not None and want.split()[0][:16] not in page1:
            sys.exit("%s %r is not on page 1 of the PDF" % (what, want))
        found.append("%s at %d" % (what, head.find(want)))
    print(", ".join(found))


if __name__ == "__main__":
    main()
