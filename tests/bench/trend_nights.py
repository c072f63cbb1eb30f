#!/usr/bin/env python3
"""trend_nights - nights for the trend benchmark (make bench).

From one stored summary (enginecard summary --json) per engine, writes
OUT/ENGINE/NNNN.json: N nights of each engine, each the summary with its
timing statistics, sketches, per-type and per-layer latencies scaled by a
night factor exp(0.01 Z) (1% run-to-run noise, fixed seed), a label
night=YYYY-MM-DD (numbers with 12 significant digits, as enginecard
writes them), and for every other engine a 12% slowdown of its largest
layer type from night N*2/3 on. The engine's name is made unique per engine.

usage: trend_nights.py OUT N SUMMARY.json...
"""
import copy
import datetime
import json
import math
import os
import random
import sys


def scale_stats(o, k):
    if not isinstance(o, dict):
        return
    for key, v in o.items():
        if key in ("count", "cv_pct", "source"):
            continue
        if isinstance(v, (int, float)) and not isinstance(v, bool):
            o[key] = v * k
        elif key == "sketch" and isinstance(v, dict):
            v["quantiles"] = [q * k if isinstance(q, (int, float)) else q for q in v["quantiles"]]


def rounded(o):
    """Numbers with 12 significant digits, as enginecard writes them."""
    if isinstance(o, float):
        return float("%.12g" % o)
    if isinstance(o, dict):
        return {k: rounded(v) for k, v in o.items()}
    if isinstance(o, list):
        return [rounded(v) for v in o]
    return o


def main():
    out, n, srcs = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
    rng = random.Random(42)
    day0 = datetime.date(2022, 1, 1)
    for e, src in enumerate(srcs):
        base = json.load(open(src))
        name = "%s-%d" % (base.get("engine") or "engine", e + 1)
        d = os.path.join(out, name)
        os.makedirs(d, exist_ok=True)
        by_type = (base.get("latency_ms") or {}).get("by_type") or {}
        big = max(by_type, key=lambda t: by_type[t] or 0) if by_type else None
        total = sum(v for v in by_type.values() if v) or 1
        share = (by_type.get(big) or 0) / total
        for i in range(n):
            f = math.exp(0.01 * rng.gauss(0, 1))
            slow = e % 2 == 1 and i >= 2 * n // 3
            s = copy.deepcopy(base)
            s["engine"] = name
            s["labels"] = {"night": (day0 + datetime.timedelta(days=i)).isoformat()}
            perf = s.get("performance") or {}
            k = f * (1 + 0.12 * share if slow else 1)
            for key in ("gpu_compute_ms", "latency_ms"):
                scale_stats(perf.get(key), k)
            lat = s.get("latency_ms")
            if lat:
                for t in lat.get("by_type", {}):
                    if lat["by_type"][t] is not None:
                        lat["by_type"][t] *= f * (1.12 if slow and t == big else 1)
                lat["total"] = sum(v for v in lat["by_type"].values() if v)
            for l in s.get("top_layers", []):
                if l.get("latency_ms") is not None:
                    l["latency_ms"] *= f * (1.12 if slow and l.get("type") == big else 1)
            json.dump(rounded(s), open(os.path.join(d, "%04d.json" % (i + 1)), "w"), indent=2, sort_keys=True)


if __name__ == "__main__":
    main()
