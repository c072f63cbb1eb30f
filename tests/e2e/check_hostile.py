"""Checks enginecard's outputs for an engine with hostile names.

usage: check_hostile.py html FILE     exactly one <script> (ours), no on*=
                                      attributes, no javascript: URL, no raw
                                      hostile markup, every inline <svg> is
                                      well-formed XML
       check_hostile.py svg FILE      well-formed XML, no <script>, no on*=
       check_hostile.py json FILE     parses (strict: no NaN)
       check_hostile.py jsonl FILE N  N lines, each one JSON object
       check_hostile.py xml FILE      parses as XML
       check_hostile.py csv FILE N    parses; N data rows plus a header
       check_hostile.py text FILE     valid UTF-8, no raw <script
Prints one line saying what was checked; exits 1 with the reason otherwise.
"""
import csv
import html.parser
import io
import json
import re
import sys
import xml.etree.ElementTree as ET

URL_ATTRS = {"href", "src", "xlink:href", "action", "formaction", "data", "poster"}


def bad_url(v):
    v = re.sub(r"[\x00-\x20]", "", v or "").lower()
    return v.startswith("javascript:") or v.startswith("vbscript:") or v.startswith("data:text/html")


class Page(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.scripts = 0
        self.problems = []
        self.elements = 0

    def handle_starttag(self, tag, attrs):
        self.elements += 1
        if tag == "script":
            self.scripts += 1
        for k, v in attrs:
            if k.startswith("on"):
                self.problems.append("event-handler attribute %s=%r on <%s>" % (k, (v or "")[:60], tag))
            if k in URL_ATTRS and bad_url(v):
                self.problems.append("script URL %s=%r on <%s>" % (k, (v or "")[:60], tag))
        if tag in ("iframe", "object", "embed", "base", "meta") and tag != "meta":
            self.problems.append("unexpected <%s>" % tag)

    handle_startendtag = handle_starttag


def check_xml(text, what):
    try:
        root = ET.fromstring(text)
    except ET.ParseError as e:
        raise SystemExit("%s is not well-formed XML: %s" % (what, e))
    for el in root.iter():
        tag = el.tag.split("}")[-1]
        if tag in ("script", "foreignObject"):
            raise SystemExit("%s holds <%s>" % (what, tag))
        for k, v in el.attrib.items():
            name = k.split("}")[-1]
            if name.startswith("on"):
                raise SystemExit("%s: event-handler attribute %s" % (what, k))
            if name in ("href",) and bad_url(v):
                raise SystemExit("%s: script URL %r" % (what, v[:60]))
    return root


def bidi(text):
    """Bidi embeddings, overrides and isolates: a name holding them reads in
    another order than it is stored. No output carries them raw."""
    return [c for c in text if 0x202a <= ord(c) <= 0x202e or 0x2066 <= ord(c) <= 0x2069]


def main():
    mode, path = sys.argv[1], sys.argv[2]
    raw = open(path, "rb").read()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise SystemExit("not valid UTF-8: %s" % e)
    if mode == "html":
        p = Page()
        p.feed(text)
        p.close()
        if p.scripts != 1:
            raise SystemExit("%d <script> elements (want exactly ours)" % p.scripts)
        if p.problems:
            raise SystemExit("; ".join(p.problems[:5]))
        low = text.lower()
        for needle in ("<script>alert", "<svg onload", "<img src=x"):
            if needle in low:
                raise SystemExit("raw hostile markup %r in the page" % needle)
        svgs = re.findall(r"<svg\b.*?</svg>", text, flags=re.S)
        for i, s in enumerate(svgs):
            check_xml(s, "inline svg %d" % (i + 1))
        print("%d elements, one script, %d inline svg well-formed" % (p.elements, len(svgs)))
    elif mode == "svg":
        check_xml(text, "svg")
        print("well-formed svg")
    elif mode == "json":
        def no_const(c):
            raise ValueError("non-JSON constant " + c)
        v = json.loads(text, parse_constant=no_const)
        print("json %s" % type(v).__name__)
    elif mode == "jsonl":
        want = int(sys.argv[3])
        lines = text.split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        for i, line in enumerate(lines):
            def no_const(c):
                raise ValueError("non-JSON constant " + c)
            try:
                v = json.loads(line, parse_constant=no_const)
            except ValueError as e:
                raise SystemExit("line %d: %s" % (i + 1, e))
            if not isinstance(v, dict):
                raise SystemExit("line %d is not an object" % (i + 1))
        if len(lines) != want:
            raise SystemExit("%d lines, want one per layer (%d)" % (len(lines), want))
        print("%d JSON lines" % len(lines))
    elif mode == "xml":
        check_xml(text, "xml")
        print("well-formed xml")
    elif mode == "csv":
        want = int(sys.argv[3])
        rows = list(csv.reader(io.StringIO(text, newline="")))
        if len(rows) != want + 1:
            raise SystemExit("%d csv rows, want %d layers + header" % (len(rows), want))
        widths = {len(r) for r in rows}
        if len(widths) != 1:
            raise SystemExit("rows of different widths %s" % sorted(widths))
        for r in rows[1:]:
            for c in r:
                if c[:1] in ("=", "+", "@"):
                    raise SystemExit("formula cell %r" % c[:40])
        print("%d rows x %d columns" % (len(rows) - 1, widths.pop()))
    elif mode == "text":
        if "<script" in text.lower():
            raise SystemExit("raw <script in the text")
        print("%d bytes of UTF-8 text" % len(raw))
    elif mode == "terminal":
        # what a command prints: no escape sequence, control character, line
        # separator or bidi control from a name reaches the terminal
        bad = [c for c in text if (ord(c) < 0x20 and c != "\n") or 0x7f <= ord(c) < 0xa0
               or c in "\u2028\u2029"] + bidi(text)
        if bad:
            raise SystemExit("%d raw control characters, first U+%04X" % (len(bad), ord(bad[0])))
        print("%d lines without control characters" % text.count("\n"))
    else:
        raise SystemExit("unknown mode " + mode)
    if mode in ("html", "svg", "json", "jsonl", "xml", "csv", "text") and bidi(text):
        raise SystemExit("a raw bidi control U+%04X in the %s" % (ord(bidi(text)[0]), mode))
    if mode == "csv" and any(c == "\x1b" or 0x7f <= ord(c) < 0xa0 for c in text):
        raise SystemExit("an escape or C1 control character in the csv")


main()
