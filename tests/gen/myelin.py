"""Real-shaped Myelin engines for tests/e2e/myelin.sh (issue 39 items 4-6).

A TensorRT 10 transformer from build/enginegen (--model transformer: kgen
and gemm layers, RMSNorm, rotary and SiLU kgen kernels, _gemm_mha_v2
attention), its fused layers renamed as real Myelin names are: the
projections of one block ("myl3: /model/layers.3/self_attn/q_proj/MatMul +
... + .../value_proj/MatMul_myl3_19", twelve parts) and, every other block,
one op repeated over twelve blocks ("/model/layers.3/self_attn/value_proj/
MatMul + /model/layers.4/... + ...": "12 × …/value_proj/MatMul"), in the
graph and the profile alike.

usage: myelin.py ENGINEGEN DST_PREFIX LAYERS [--count1]
--count1 writes a one-sample profile (every record's count and the
profile's {"count": N} set to 1). Prints the number of layers renamed.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

PARTS = ["q_proj", "k_proj", "v_proj", "o_proj", "value_proj", "key_proj", "query_proj", "out_proj",
         "gate_proj", "up_proj", "down_proj", "value_proj"]


def fused_name(i, m, odd):
    if odd:  # one op of twelve consecutive blocks
        return " + ".join("/model/layers.%d/self_attn/value_proj/MatMul" % (i + k) for k in range(12)) + m
    return "myl%d: " % i + " + ".join("/model/layers.%d/self_attn/%s/MatMul" % (i, p) for p in PARTS) + m


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    count1 = "--count1" in sys.argv[1:]
    if len(args) != 3:
        sys.exit(__doc__)
    gen, dst, layers = args[0], args[1], args[2]
    tmp = tempfile.mkdtemp()
    try:
        src = os.path.join(tmp, "t")
        subprocess.run([gen, "--out", src, "--layers", layers, "--model", "transformer", "--log"], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        with open(src + ".graph.json", encoding="utf-8") as f:
            g = json.load(f)
        with open(src + ".profile.json", encoding="utf-8") as f:
            prof = json.load(f)
        ren = {}
        for layer in g["Layers"]:
            m = re.match(r"/model/layers\.(\d+)/\w+/\w+/MatMul(_myl\d+_\d+)$", layer["Name"])
            if m:
                i = int(m.group(1))
                name = fused_name(i, m.group(2), i % 2 == 1)
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
    finally:
        shutil.rmtree(tmp)
    print(len(ren))


if __name__ == "__main__":
    main()
