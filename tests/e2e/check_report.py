"""Checks an enginecard HTML report against `summary --json` of the same engine.

usage: check_report.py REPORT.html SUMMARY.json [LAYERS.jsonl]
Exits non-zero with a message on the first mismatch. Checks: the page
references nothing external; the layer-type table's counts and latencies
equal the summary's (one display format per quantity: %.4g ms, %.2f %%);
every table of slowest layers lists the summary's slowest layers in order.
With `layers --json` output, layers whose type is Unknown and whose name
tells a family (type_inferred) are expected in rows "FAMILY (from name)",
the summary (TREx's numbers) counting them as Unknown, and Myelin layers in
the rows of their type_shown ("Convolution (Myelin correlation)").
"""
import json
import sys
from html.parser import HTMLParser


class Tables(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tables = []  # list of (id, header row, rows)
        self.external = []
        self._cell = None
        self._row = None
        self._table = None
        self.texts = []
        self.titles = {}  # (table id, row index, column) -> a cut cell's whole text (its span.tip title)

    @property
    def text(self):
        return " ".join("".join(self.texts).split())

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        for k in ("src", "href", "xlink:href", "action", "srcset"):
            v = a.get(k)
            if v is not None and not v.startswith("#"):
                self.external.append((tag, k, v))
        if tag in ("link", "img", "iframe", "object", "embed"):
            self.external.append((tag, "", ""))
        if tag == "table":
            self._table = [a.get("id", ""), [], []]
        elif tag == "tr" and self._table is not None:
            self._row = []
        elif tag in ("td", "th") and self._row is not None:
            self._cell = []
        elif tag == "span" and a.get("class") == "tip" and self._cell is not None and self._table is not None:
            self.titles[(self._table[0], len(self._table[2]), len(self._row))] = a.get("title", "")

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self._cell is not None:
            self._row.append("".join(self._cell).strip())
            self._cell = None
        elif tag == "tr" and self._row is not None:
            if self._table[1] == []:
                self._table[1] = self._row
            else:
                self._table[2].append(self._row)
            self._row = None
        elif tag == "table" and self._table is not None:
            self.tables.append(tuple(self._table))
            self._table = None

    def handle_data(self, data):
        self.texts.append(data)
        if self._cell is not None:
            self._cell.append(data)


def ms(v):
    return "\u2013" if v is None else "%.4g" % v


def pct(v):
    return "%.2f" % v


def shown_types(summ, layers_path):
    """The report's by-type grouping: the summary's, with the Unknown layers
    that have a family from their name moved to "FAMILY (from name)"."""
    counts = dict(summ["layer_count"]["by_type"])
    lat = summ["latency_ms"]["by_type"] if summ["latency_ms"] is not None else None
    lat = dict(lat) if lat is not None else None
    if not layers_path:
        return counts, lat
    moved, moved_ms = {}, {}
    for line in open(layers_path, encoding="utf-8"):
        l = json.loads(line)
        f = l.get("type_inferred")
        if f is None:
            continue
        if l["type"] != "Unknown":
            sys.exit("type_inferred on a typed layer: %r" % l["name"])
        k = f + " (from name)"
        if k in summ["layer_count"]["by_type"]:
            sys.exit("an inferred family in the summary's by_type: " + k)
        moved[k] = moved.get(k, 0) + 1
        if l["latency_avg_ms"] is not None:
            moved_ms[k] = moved_ms.get(k, 0.0) + l["latency_avg_ms"]
    # a Myelin type shown with its family ("Convolution (Myelin correlation)"):
    # its raw type's row and its shown row both recomputed from the layers
    rows = [json.loads(line) for line in open(layers_path, encoding="utf-8")]
    touched = set()
    for l in rows:
        if l.get("type_shown") is not None:
            touched.add(l["type"])
            touched.add(l["type_shown"])
    for k in touched:
        counts.pop(k, None)
        if lat is not None:
            lat.pop(k, None)
    for l in rows:
        if l.get("type_inferred") is not None:
            continue
        k = l.get("type_shown") or l["type"]
        if k not in touched:
            continue
        counts[k] = counts.get(k, 0) + 1
        if lat is not None:
            v = l["latency_avg_ms"]
            lat[k] = lat.get(k) if v is None else (lat.get(k) or 0.0) + v
    n = sum(moved.values())
    if n:
        counts["Unknown"] -= n
        if counts["Unknown"] < 0:
            sys.exit("more inferred layers than Unknown ones")
        if lat is not None:
            rest = (lat["Unknown"] or 0.0) - sum(moved_ms.values())
            lat["Unknown"] = rest if counts["Unknown"] else None
        if not counts["Unknown"]:
            del counts["Unknown"]
            if lat is not None:
                del lat["Unknown"]
        counts.update(moved)
        if lat is not None:
            for k in moved:
                lat[k] = moved_ms.get(k)
    return counts, lat


def main():
    html = open(sys.argv[1], encoding="utf-8").read()
    summ = json.load(open(sys.argv[2]))
    shown, shown_ms = shown_types(summ, sys.argv[3] if len(sys.argv) > 3 else None)
    p = Tables()
    p.feed(html)
    if p.external:
        sys.exit("external reference: %r" % (p.external[:3],))
    for bad in ("@import", "url(http", "url(//"):
        if bad in html:
            sys.exit("external reference in CSS: " + bad)
    bytype = [t for t in p.tables if t[1][:2] == ["Layer type", "Layers"]]
    checked = 0
    counts = shown
    if summ["layers"] and not bytype and len(counts) == 1:
        # one type: the chart is a sentence with the count (and the latency)
        (t, n), = counts.items()
        want = "All {:,} layers are {} layers".format(n, t) if n > 1 else "one layer is a {} layer".format(t)
        if shown_ms is not None:
            want += ", taking %s ms" % ms(shown_ms[t])
        if want not in p.text:
            sys.exit("one layer type and no sentence %r" % want)
        checked += 1
    elif summ["layers"] and not bytype:
        sys.exit("no layer-type table")
    if bytype:
        rows = {r[0]: r for r in bytype[0][2]}
        if set(rows) != set(counts):
            sys.exit("types differ: %s vs %s" % (sorted(rows), sorted(counts)))
        for t, n in counts.items():
            if rows[t][1].replace(",", "") != str(n):
                sys.exit("count of %s: html %s, json %s" % (t, rows[t][1], n))
            checked += 1
            if shown_ms is not None:
                want = ms(shown_ms[t])
                if rows[t][2] != want:
                    sys.exit("latency of %s: html %s, json %s" % (t, rows[t][2], want))
                checked += 1
    # every table of slowest layers (the first screen's five, the N under the
    # per-layer chart) lists the summary's slowest layers in order
    top = [t for t in p.tables if t[1][:3] == ["#", "Layer", "Type"] and "layers" not in t[0]]
    if summ["latency_ms"] is not None and summ["top_layers"]:
        if not top:
            sys.exit("no top-layers table")
        if max(len(t[2]) for t in top) < len(summ["top_layers"]):
            sys.exit("no top-layers table lists the summary's %d slowest layers" % len(summ["top_layers"]))
        for t in top:
            for i, want in enumerate(summ["top_layers"][: len(t[2])]):
                row = t[2][i]
                # a fused name shown by its short form keeps the whole name in its title (view/short_name.h)
                whole = p.titles.get((t[0], i, 1), row[1])
                if row[1] != want["name"].replace("\x00", "\ufffd") and whole != want["name"].replace("\x00", "\ufffd"):
                    sys.exit("top %d (%s): html %r, json %r" % (i + 1, t[0], row[1], want["name"]))
                if row[4] != ms(want["latency_ms"]):
                    sys.exit("top %d latency: html %s, json %s" % (i + 1, row[4], ms(want["latency_ms"])))
                checked += 2
    print("checked %d numbers" % checked)


if __name__ == "__main__":
    main()
