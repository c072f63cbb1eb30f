"""Checks of issue 39 items 4-6 on a report of a Myelin engine.

usage: check_myelin.py WHAT REPORT.html [ARGS...]
  first  REPORT.html: the slowest-layers table's names are one line each (at
         most 60 characters shown), each cut one keeps its whole name in its
         title, and a 12-part name is folded ("12 ×" or "{...}")
  bytype REPORT.html: the by-type data table under "Latency per layer type"
         lists types by latency, descending
  count1 REPORT.html: the first screen (first 3000 characters of text) says
         the profile has one iteration ("count=1")
  fixed  PROBE.txt: the all-layers table is no wider than its box (the text
         the probe script left: "ID:OVERFLOW ...")
Prints what it found; exits 1 with the reason when a check fails.
"""
import html
import os
import re
import sys

# the page's visible text: check_brief's parser (skips scripts, styles, the nav)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_brief import Text  # noqa: E402


def strip(s):
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", s)).split())


def table_after(page, marker):
    i = page.find(marker)
    if i < 0:
        sys.exit("no %r in the report" % marker)
    j = page.find("<table", i)
    k = page.find("</table>", j)
    return page[j:k]


def first(page):
    t = table_after(page, "-slowest")
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", t, re.S)[1:]
    if not rows:
        sys.exit("slowest-layers table has no rows")
    folded = 0
    longest = 0
    for r in rows:
        cells = re.findall(r"<td[^>]*>(.*?)</td>", r, re.S)
        name_cell = cells[1]
        shown = strip(name_cell)
        longest = max(longest, len(shown))
        m = re.search(r'title="([^"]*)"', name_cell)
        if len(shown) > 60:
            sys.exit("a slowest layer's name shows %d characters: %r" % (len(shown), shown[:80]))
        if m:
            whole = html.unescape(m.group(1))
            if len(whole) <= len(shown):
                sys.exit("a cut name's title is not the whole name: %r" % whole[:80])
            if "\u00d7" in shown or "{" in shown:
                folded += 1
    if not folded:
        sys.exit("no folded Myelin name among the slowest layers")
    print("%d rows, at most %d characters shown, %d folded names with their whole name in the title"
          % (len(rows), longest, folded))


def bytype(page):
    t = table_after(page, 'id="e1-latency-by-type"')
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", t, re.S)[1:]
    ms = []
    for r in rows:
        cells = [strip(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", r, re.S)]
        ms.append((cells[0], float(cells[2])))
    if len(ms) < 3:
        sys.exit("by-type table has %d rows" % len(ms))
    if any(a[1] < b[1] for a, b in zip(ms, ms[1:])):
        sys.exit("by-type rows not by time: %s" % ", ".join("%s %g" % x for x in ms))
    if [x[0] for x in ms] == sorted(x[0] for x in ms):
        sys.exit("by-type rows alphabetical")
    print("by-type rows by time: %s" % ", ".join("%s %g" % x for x in ms[:4]))


def count1(page):
    p = Text()
    p.feed(page)
    text = " ".join("".join(p.parts).split())
    at = text.find("count=1")
    if at < 0 or at > 3000:
        sys.exit("count=1 not on the first screen (at %d)" % at)
    print("count=1 at %d" % at)


def fixed(probe):
    for item in probe.split():
        if item.startswith("e1-layers:"):
            over = int(item.split(":")[1])
            if over > 1:
                sys.exit("the all-layers table is %d px wider than its box" % over)
            print("all-layers table fits its box (%d px)" % over)
            return
    sys.exit("the probe found no all-layers table")


def main():
    what = sys.argv[1]
    data = open(sys.argv[2], encoding="utf-8").read()
    {"first": first, "bytype": bytype, "count1": count1, "fixed": fixed}[what](data)


main()
