#!/usr/bin/env python3
"""Checks enginecard's kernel outputs against the sums tests/gen/nsys.py
computed from the launches it made.

    check_nsys.py MODE EXPECTED LAYERS_JSON KERNELS_JSONL KERNELS_CSV LINT_JSON

MODE: sqlite (every figure: iterations, medians, spans) or stats (nsys stats
reports: sums; what stats cannot tell apart is merged as the docs say).
Prints one "ok - ..." or "not ok - ..." line per check."""
import csv
import json
import math
import sys

mode, exp_path, layers_path, kern_path, csv_path, lint_path = sys.argv[1:7]
exp = json.load(open(exp_path))
layers = [json.loads(l) for l in open(layers_path)]
kerns = [json.loads(l) for l in open(kern_path)]
rows = list(csv.DictReader(open(csv_path)))
lint = json.load(open(lint_path))
K = lint.get("kernels")
sc = exp["scenario"]
failed = 0


def check(desc, cond, detail=""):
    global failed
    if cond:
        print("ok - nsys %s %s: %s" % (sc, mode, desc))
    else:
        failed += 1
        print("not ok - nsys %s %s: %s %s" % (sc, mode, desc, detail))


def close(a, b, tol=1e-6):
    if a is None or b is None:
        return a is None and b is None
    return math.isclose(a, b, rel_tol=1e-6, abs_tol=tol)


check("lint --json has a kernels object", isinstance(K, dict), repr(K)[:200])
if not isinstance(K, dict):
    sys.exit(1)
for key in ("launches", "in_layers", "in_other_ranges", "outside_ranges"):
    want = exp[key]
    if mode == "stats-named" and key in ("in_layers", "in_other_ranges"):
        # a {ForeignNode} layer's kernels sit in Myelin sub-ranges: the innermost range names no layer
        fn = sum(k["launches"] for n, L in exp["layers"].items() if n.startswith("{ForeignNode") for k in L["kernels"].values())
        want = want - fn if key == "in_layers" else want + fn
    check("%s = %s" % (key, want), K[key] == want, "got %r" % K[key])
check("total_ms", close(K["total_ms"], exp["total_ms"]), "%r vs %r" % (K["total_ms"], exp["total_ms"]))
check("GPU named", K["gpu"] == (None if mode.startswith("stats") else "NVIDIA H100 80GB HBM3"), repr(K["gpu"]))
if mode == "sqlite":
    check("in_layers_ms", close(K["in_layers_ms"], exp["in_layers_ms"]), "%r vs %r" % (K["in_layers_ms"], exp["in_layers_ms"]))
    check("iterations", K["iterations"] == exp["iterations"], "%r vs %r" % (K["iterations"], exp["iterations"]))
    check("kernel time per iteration", close(K["iteration_kernel_ms"], exp["iteration_kernel_ms"]),
          "%r vs %r" % (K["iteration_kernel_ms"], exp["iteration_kernel_ms"]))
    check("GPU span per iteration", close(K["iteration_span_ms"], exp["iteration_span_ms"]),
          "%r vs %r" % (K["iteration_span_ms"], exp["iteration_span_ms"]))
    check("graph launches traced whole", K["graph_launches_traced_whole"] == exp["graph_launches_traced_whole"],
          "%r" % K["graph_launches_traced_whole"])
    if exp["iterations"]:
        # the timing fixture's GPU compute time is each iteration's span + 0.01 ms
        gc = exp["iteration_span_ms"] + 0.01
        check("GPU compute time", close(K["gpu_compute_ms"], gc), "%r vs %r" % (K["gpu_compute_ms"], gc))
        check("GPU gap = compute - kernels", close(K["gpu_gap_ms"], gc - exp["iteration_kernel_ms"]), repr(K["gpu_gap_ms"]))
        check("GPU gap between kernels = span - kernels",
              close(K["gpu_between_kernels_ms"], exp["iteration_span_ms"] - exp["iteration_kernel_ms"]),
              repr(K["gpu_between_kernels_ms"]))
        check("GPU overhead = compute - span", close(K["gpu_overhead_ms"], 0.01), repr(K["gpu_overhead_ms"]))
    # the profile fixture: each layer's span + 0.004 ms
    EL = exp["layers"]
    if EL:
        kern = sum(L["mean_ms"] for L in EL.values())
        span = sum(L["span_ms"] for L in EL.values())
        check("layers with kernels", K["layers"] == len(EL) and K["layers_profiled"] == len(EL), "%r" % K["layers"])
        check("per-layer kernel sum", close(K["layer_kernel_ms"], kern), "%r vs %r" % (K["layer_kernel_ms"], kern))
        check("per-layer profile sum", close(K["layer_profile_ms"], span + 0.004 * len(EL)), repr(K["layer_profile_ms"]))
        check("per-layer gap", close(K["layer_gap_ms"], span + 0.004 * len(EL) - kern), repr(K["layer_gap_ms"]))
        check("per-layer gap between kernels", close(K["layer_between_kernels_ms"], span - kern),
              repr(K["layer_between_kernels_ms"]))
        check("per-layer event overhead", close(K["layer_event_overhead_ms"], 0.004 * len(EL)),
              repr(K["layer_event_overhead_ms"]))

# layers --json: each layer's kernels
by = {l["name"]: l for l in layers}
check("every layer row has a kernels list", all("kernels" in l for l in layers))
EL = dict(exp["layers"])
if mode.startswith("stats"):
    # stats reports name ranges, not instances: two layers of one name are one
    for n in list(EL):
        base = n.rsplit("_", 1)[0]
        if n != base and base in EL and n.rsplit("_", 1)[1].isdigit():
            a, b = EL[base], EL.pop(n)
            EL[base] = dict(a, iterations=a["iterations"] + b["iterations"])
            for kn, k in b["kernels"].items():
                ka = EL[base]["kernels"][kn]
                EL[base]["kernels"][kn] = dict(ka, launches=ka["launches"] + k["launches"], total_ms=ka["total_ms"] + k["total_ms"])
    if mode == "stats-named":
        EL = {n: L for n, L in EL.items() if not n.startswith("{ForeignNode")}
for name in exp["model_layers"]:
    row = by.get(name)
    L = EL.get(name)
    if row is None:
        if L is not None:
            check("layer %s is listed" % name, False)
        continue
    if L is None:
        check("layer %s has no kernels" % name, row["kernels"] == [] and row["kernel_time"] is None,
              repr(row["kernels"])[:100])
        continue
    got = {k["name"]: k for k in row["kernels"]}
    check("layer %s kernels %s" % (name, sorted(L["kernels"])), sorted(got) == sorted(L["kernels"]), repr(sorted(got)))
    kt = row["kernel_time"]
    check("layer %s iterations" % name, kt["iterations"] == L["iterations"], "%r vs %r" % (kt["iterations"], L["iterations"]))
    tot = sum(k["total_ms"] for k in L["kernels"].values())
    check("layer %s kernel time per iteration (mean)" % name, close(kt["mean_ms"], tot / L["iterations"]),
          "%r vs %r" % (kt["mean_ms"], tot / L["iterations"]))
    if mode == "sqlite":
        check("layer %s kernel order" % name, [k["name"] for k in row["kernels"]] == L["order"], repr([k["name"] for k in row["kernels"]]))
        check("layer %s median per iteration" % name, close(kt["median_ms"], L["median_ms"]), "%r vs %r" % (kt["median_ms"], L["median_ms"]))
        check("layer %s span" % name, close(kt["span_ms"], L["span_ms"]), "%r vs %r" % (kt["span_ms"], L["span_ms"]))
    for kn, k in L["kernels"].items():
        g = got.get(kn)
        if not g:
            continue
        ok = g["launches"] == k["launches"] and close(g["total_ms"], k["total_ms"])
        ok = ok and close(g["launches_per_iteration"], k["launches"] / L["iterations"])
        ok = ok and close(g["mean_ms_per_iteration"], k["total_ms"] / L["iterations"])
        ok = ok and close(g["share_of_layer_pct"], 100.0 * k["total_ms"] / tot, 1e-4)
        if mode == "sqlite":
            ok = ok and close(g["median_ms_per_iteration"], k["median_ms_per_iteration"]) and g.get("range") == k["range"]
        elif k["launches"] != L["iterations"]:
            ok = ok and g["median_ms_per_iteration"] is None  # not known from sums
        check("layer %s kernel %s: launches, per iteration, median, mean, share" % (name, kn[:40]), ok, json.dumps(g)[:300])
    shares = sum(k["share_of_layer_pct"] for k in row["kernels"])
    check("layer %s shares sum to 100" % name, close(shares, 100.0, 1e-6), repr(shares))

# layers --kernels: JSON lines and CSV agree, every launch once
check("kernel rows: JSON lines and CSV rows", len(kerns) == len(rows) and len(rows) > 0, "%d vs %d" % (len(kerns), len(rows)))
check("kernel rows hold every launch", sum(k["launches"] for k in kerns) == exp["launches"],
      "%d vs %d" % (sum(k["launches"] for k in kerns), exp["launches"]))
check("kernel rows hold all the time", close(sum(k["total_ms"] for k in kerns), exp["total_ms"]),
      repr(sum(k["total_ms"] for k in kerns)))
check("CSV and JSON agree per row", all(r["kernel"].lstrip("'") == k["name"] and int(r["launches"]) == k["launches"]
                                         for r, k in zip(rows, kerns)))
evil = [r for r in rows if "evil" in r["kernel"]]
if evil:
    check("CSV guards formula text", evil[0]["kernel"] == "'@evil_kernel" and evil[0]["range"] in ("'=1+1", ""),
          repr(evil[0]))
sys.exit(1 if failed else 0)
