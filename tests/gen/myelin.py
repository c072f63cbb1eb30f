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
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "e2e"))
from fused_names import rename  # noqa: E402  (the one renamer of fused Myelin names)


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
        n = rename(src, dst, mixed=True, count1=count1)
    finally:
        shutil.rmtree(tmp)
    print(n)


if __name__ == "__main__":
    main()
