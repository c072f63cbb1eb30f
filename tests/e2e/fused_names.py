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


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    src, dst = sys.argv[1], sys.argv[2]
    with open(src + ".graph.json", encoding="utf-8") as f:
        g = json.load(f)
    with open(src + ".profile.json", encoding="utf-8") as f:
        prof = json.load(f)
    ren = {}
    for layer in g["Layers"]:
        m = re.match(r"/model/layers\.(\d+)/\w+/\w+/MatMul(_myl\d+_\d+)$", layer["Name"])
        if m:
            i = int(m.group(1))
            name = "myl%d: " % i + " + ".join("/model/layers.%d/self_attn/%s/MatMul" % (i, p) for p in PARTS) + m.group(2)
            ren[layer["Name"]] = name
            layer["Name"] = name
    for r in prof:
        if isinstance(r, dict) and r.get("name") in ren:
            r["name"] = ren[r["name"]]
    with open(dst + ".graph.json", "w", encoding="utf-8") as f:
        json.dump(g, f)
    with open(dst + ".profile.json", "w", encoding="utf-8") as f:
        json.dump(prof, f)
    for ext in ("timing.json", "profile.metadata.json", "build.metadata.json"):
        if os.path.exists(src + "." + ext):
            shutil.copy(src + "." + ext, dst + "." + ext)
    print(len(ren))


if __name__ == "__main__":
    main()
