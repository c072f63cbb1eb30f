"""Gives a generated transformer (build/enginegen --model transformer) the
fused Myelin names a real one has: every MatMul of a layer's projections
becomes one layer named by twelve parts ("myl3: /model/layers.3/self_attn/
q_proj/MatMul + ... + .../value_proj/MatMul_myl3_19"), in the graph and the
profile alike (issue 39: such names took 14 lines a row and a 1,278-layer
engine's brief 10 pages).

usage: fused_names.py SRC_PREFIX DST_PREFIX
Writes DST_PREFIX.graph.json, .profile.json, and copies the timing and
metadata files. Prints the number of layers renamed.
"""
import json
import os
import re
import shutil
import sys

PARTS = ["q_proj", "k_proj", "v_proj", "o_proj", "value_proj", "key_proj", "query_proj", "out_proj",
         "gate_proj", "up_proj", "down_proj", "value_proj"]


def fused_name(i, m, repeated=False):
    """Layer i's fused name (m: its _mylN_K tail); repeated: one op of twelve
    consecutive blocks ("/model/layers.3/.../value_proj/MatMul + /model/
    layers.4/... + ...") instead of the twelve projections of one block."""
    if repeated:
        return " + ".join("/model/layers.%d/self_attn/value_proj/MatMul" % (i + k) for k in range(12)) + m
    return "myl%d: " % i + " + ".join("/model/layers.%d/self_attn/%s/MatMul" % (i, p) for p in PARTS) + m


def rename(src, dst, mixed=False, count1=False):
    """Writes DST's graph and profile with fused names (mixed: every odd
    block's name repeated over twelve blocks; count1: a one-sample profile),
    copies the other files; returns the number of layers renamed."""
    with open(src + ".graph.json", encoding="utf-8") as f:
        g = json.load(f)
    with open(src + ".profile.json", encoding="utf-8") as f:
        prof = json.load(f)
    ren = {}
    for layer in g["Layers"]:
        m = re.match(r"/model/layers\.(\d+)/\w+/\w+/MatMul(_myl\d+_\d+)$", layer["Name"])
        if m:
            i = int(m.group(1))
            name = fused_name(i, m.group(2), mixed and i % 2 == 1)
            ren[layer["Name"]] = name
            layer["Name"] = name
    for r in prof:
        if not isinstance(r, dict):
            continue
        if r.get("name") in ren:
            r["name"] = ren[r["name"]]
        if count1:
            if "count" in r and "name" not in r:
                r["count"] = 1
            if "timeMs" in r and "averageMs" in r:
                r["timeMs"] = r["averageMs"]
    with open(dst + ".graph.json", "w", encoding="utf-8") as f:
        json.dump(g, f)
    with open(dst + ".profile.json", "w", encoding="utf-8") as f:
        json.dump(prof, f)
    for ext in ("timing.json", "profile.metadata.json", "build.metadata.json"):
        if os.path.exists(src + "." + ext):
            shutil.copy(src + "." + ext, dst + "." + ext)
    return len(ren)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    print(rename(sys.argv[1], sys.argv[2]))


if __name__ == "__main__":
    main()
