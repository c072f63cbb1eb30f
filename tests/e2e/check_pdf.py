"""Checks the text of an enginecard PDF report against summary --json.

usage: check_pdf.py REPORT.txt SUMMARY.json [LAYERS.jsonl]   (REPORT.txt from pdftotext -layout)
The PDF must carry the engine name, the layer count, each layer type's
latency (%.4g ms, the one display format for latencies) and the slowest
layers' names (as far as a table cell shows them) and latencies, and the
execution-order chart when there is a profile. With
`layers --json` output, the types are the report's (families from names
marked "(from name)", see check_report.py).
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_report import shown_types  # noqa: E402

text = open(sys.argv[1], encoding="utf-8", errors="replace").read()
summ = json.load(open(sys.argv[2]))
flat = " ".join(text.split())
checked = 0


def need(s, what):
    global checked
    if s not in flat:
        sys.exit("missing %s: %r" % (what, s))
    checked += 1


need(summ["engine"][:40], "engine name")
if summ["layers"] is not None:  # null: no layer information was read
    need("{:,}".format(summ["layers"]), "layer count")
_, shown_ms = shown_types(summ, sys.argv[3] if len(sys.argv) > 3 else None)
if summ["latency_ms"] is not None:
    for t, v in shown_ms.items():
        if v is not None:  # null: the profile measured no layer of the type
            need("%.4g" % v, "latency of " + t)
    for l in summ["top_layers"][:5]:
        if l["latency_ms"] is not None:
            need("%.4g" % l["latency_ms"], "latency of " + l["name"])
        # a name over three lines is shown by its short form, cut in the
        # middle (view/short_name.h): its start
        name = " ".join(l["name"].split())[:24 if len(l["name"]) <= 150 else 8]
        if name.isprintable() and name.isascii():
            need(name, "top layer name")
    # the execution-order precision chart (TREx's per-layer view) is in the
    # brief, drawn for the column (issue 39 item 5); one layer is a sentence
    if summ["layers"] and summ["layers"] > 1:
        need("Latency per layer in execution order", "execution-order chart")
print("checked %d values" % checked)
