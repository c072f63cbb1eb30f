#!/usr/bin/env python3
"""simulate_nights - the nights of one engine for trend's tests.

Writes OUT/night-NN/ (NN = 01..N): a copy of ENGINE_DIR's trtexec files in
which every per-iteration time (timing.json) and every per-layer profile time
(profile.json) is scaled by the night's factor exp(noise * Z), Z standard
normal from a fixed seed: run-to-run noise. With --type T --slow S --from K,
from night K on the profile times of the layers of type T are also scaled by
S, and the per-iteration times by 1 + (S - 1) * (T's share of the
layer-latency sum): one layer type gets slower. --outlier K:F scales night K
by F more (a single bad night). --drift D scales night K (1..N) by
1 + D * (K - 1) / (N - 1) more (a slow drift, D = 0.125: +12.5% at night N).

LAYERS is `enginecard layers --json ENGINE` (JSON lines: name, type), which
says each layer's type. Files are never written under the project: OUT is a
temporary directory.

usage: simulate_nights.py ENGINE_DIR LAYERS OUT N [--noise 0.01] [--seed 1]
                          [--type T --slow 1.12 --from 17] [--outlier K:F] [--drift D]
"""
import argparse
import glob
import json
import math
import os
import random
import shutil


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("engine")
    ap.add_argument("layers")
    ap.add_argument("out")
    ap.add_argument("n", type=int)
    ap.add_argument("--noise", type=float, default=0.01)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--type")
    ap.add_argument("--slow", type=float, default=1.0)
    ap.add_argument("--from", dest="first", type=int, default=0)
    ap.add_argument("--outlier", action="append", default=[])
    ap.add_argument("--drift", type=float, default=0.0)
    a = ap.parse_args()

    types = {}
    with open(a.layers) as f:
        for line in f:
            if line.strip():
                l = json.loads(line)
                types[l["name"]] = l["type"]
    prof = glob.glob(os.path.join(a.engine, "*.profile.json"))
    recs = json.load(open(prof[0])) if prof else []
    total = sum(r.get("averageMs", 0) for r in recs if "name" in r and r["name"] in types)
    part = sum(r.get("averageMs", 0) for r in recs if "name" in r and types.get(r["name"]) == a.type)
    share = part / total if total else 0.0
    outliers = {int(k): float(v) for k, v in (o.split(":") for o in a.outlier)}

    rng = random.Random(a.seed)
    for night in range(1, a.n + 1):
        f = math.exp(a.noise * rng.gauss(0, 1)) * outliers.get(night, 1.0)
        if a.drift:
            f *= 1 + a.drift * (night - 1) / max(a.n - 1, 1)
        slow = a.type is not None and a.first and night >= a.first
        d = os.path.join(a.out, "night-%02d" % night)
        os.makedirs(d, exist_ok=True)
        for p in glob.glob(os.path.join(a.engine, "*")):
            q = os.path.join(d, os.path.basename(p))
            if p.endswith(".profile.json"):
                out = []
                for r in recs:
                    r = dict(r)
                    if "name" in r:
                        k = f * (a.slow if slow and types.get(r["name"]) == a.type else 1.0)
                        for key in ("timeMs", "averageMs", "medianMs"):
                            if isinstance(r.get(key), (int, float)):
                                r[key] = r[key] * k
                    out.append(r)
                json.dump(out, open(q, "w"))
            elif p.endswith(".timing.json"):
                k = f * (1 + (a.slow - 1) * share if slow else 1.0)
                t = json.load(open(p))
                json.dump([{x: v * k if isinstance(v, (int, float)) else v for x, v in r.items()} for r in t], open(q, "w"))
            else:
                shutil.copyfile(p, q)
    print("%.4f" % share)


if __name__ == "__main__":
    main()
