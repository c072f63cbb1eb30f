#!/usr/bin/env python3
"""budget -- inputs that test the input budget (docs/inputs.md, "Limits").

    python3 tests/gen/budget.py KIND N OUT

writes one hostile input of size N (deterministic: same KIND and N, same
bytes) to OUT; for the log kinds OUT is the log, for the template kind a
CommonMark template, for every other kind a graph or timing JSON file.
Each is a shape that once ran for minutes in gigabytes with exit 0:

  iotensors N   a TensorRT 11 graph (two layers) whose "I/O Tensors" list
                has N entries, each with a profile (about 300 bytes each:
                2,000,000 is 600 MB)
  logprofile N  a trtexec log whose --dumpProfile table has N rows
  ownbinding N  N layers, each reading its own binding (a "Bindings" list
                of N + 1 names)
  timing N      a --exportTimes file of N iterations, the shortest records
                trtexec's keys allow
  dense N       a graph of N layers in which every layer reads the output of
                every layer before it (N (N - 1) / 2 edges)
  charts N      a report template of N chart blocks
  loglayers N   a verbose trtexec build log listing N layers
  atlimits N    N layers each reading the outputs of the two before it and
                one of 99,999 input bindings (500,000: every graph limit at
                once: layers, 2,000,000 tensors, 100,000 bindings)
The same limits, small and fast (tests/e2e/budget.sh):
  bindings N    a graph of one layer whose "Bindings" list has N names
  tensors N     a graph of N / 100 layers, each reading 99 tensors
  profile N     a --exportProfile file of N records
  logruns N     a log of N trtexec invocations
  logsettings N a log whose build options section has N lines
  logtactics N  a verbose build log timing N tactics of one layer
  logbindings N a log saying trtexec created N input bindings
  cmark N       a template of N bytes of "![[]()", which cmark 0.30.2
                parses in time quadratic in N

Used by tests/e2e/budget.sh (small N, just over each limit) and by
tests/bench/run.sh (the sizes of issue 35).
"""
import sys

CHUNK = 1 << 20


class Out:
    """Buffered writer of text pieces."""

    def __init__(self, path):
        self.f = open(path, "w", encoding="utf-8", newline="\n")
        self.parts = []
        self.size = 0

    def put(self, s):
        self.parts.append(s)
        self.size += len(s)
        if self.size >= CHUNK:
            self.f.write("".join(self.parts))
            self.parts = []
            self.size = 0

    def close(self):
        self.f.write("".join(self.parts))
        self.f.close()


def iotensors(o, n):
    o.put('{"Layers": [\n')
    o.put('{"Name": "conv", "LayerType": "correlation", "Inputs": [{"Name": "x0", "Dimensions": [1,3,224,224], '
          '"Format": "(Linear) Row major linear format", "Datatype": "Float"}], "Outputs": [{"Name": "y", '
          '"Dimensions": [1,64,112,112], "Format": "(Linear) Row major linear format", "Datatype": "Float"}]},\n')
    o.put('{"Name": "head", "LayerType": "gemm", "Inputs": [{"Name": "y", "Dimensions": [1,64,112,112], '
          '"Datatype": "Float"}], "Outputs": [{"Name": "out", "Dimensions": [1,1000], "Datatype": "Float"}]}\n')
    o.put('],\n"I/O Tensors": [\n')
    for i in range(n):
        o.put('%s{"Name": "x%d", "IOMode": "Input", "DataType": "Float", "Dimensions": [-1,3,224,224], '
              '"Location": "Device", "IsShapeInferenceIO": false, "ProfileInfo": [{"MinShape": [1,3,224,224], '
              '"OptShape": [4,3,224,224], "MaxShape": [8,3,224,224], "Format": "Row major linear FP32 format (kLINEAR)"}]}\n'
              % ("," if i else "", i))
    o.put('],\n"ProfilingVerbosity": "kDETAILED"}\n')


LOG_HEAD = """&&&& RUNNING TensorRT.trtexec [TensorRT v100800] [b43] # trtexec --loadEngine=model.engine --dumpProfile
[03/14/2025-09:27:01] [I] TensorRT version: 10.8.0
"""


def logprofile(o, n):
    o.put(LOG_HEAD)
    o.put("[03/14/2025-09:27:01] [I] === Profile (20629 iterations ) ===\n")
    o.put("[03/14/2025-09:27:01] [I]    Time(ms)     Avg.(ms)   Median(ms)   Time(%)   Layer\n")
    for i in range(n):
        o.put("[03/14/2025-09:27:01] [I]       62.79       0.0030       0.0031       0.0   /layer%d/Conv\n" % i)
    o.put("[03/14/2025-09:27:01] [I]    %.2f       0.0030       0.0031     100.0   Total\n" % (n * 62.79))
    o.put("&&&& PASSED TensorRT.trtexec [TensorRT v100800] [b43] # trtexec --loadEngine=model.engine\n")


def loglayers(o, n):
    o.put(LOG_HEAD)
    o.put("[03/14/2025-09:27:01] [V] [TRT] Engine Layer Information:\n")
    for i in range(n):
        o.put("Layer(CaskConvolution): /layer%d/Conv, Tactic: 0x0000000000000001, t%d (Float[1,64,56,56]) -> "
              "t%d (Float[1,64,56,56])\n" % (i, i, i + 1))
    o.put("&&&& PASSED TensorRT.trtexec [TensorRT v100800] [b43] # trtexec --loadEngine=model.engine\n")


def ownbinding(o, n):
    o.put('{"Layers": [\n')
    for i in range(n):
        o.put('%s{"Name": "l%d", "LayerType": "ElementWise", "Inputs": [{"Name": "in%d", "Location": "Device", '
              '"Dimensions": [1,8], "Format/Datatype": "Row major linear FP32"}], "Outputs": [{"Name": "o%d", '
              '"Location": "Device", "Dimensions": [1,8], "Format/Datatype": "Row major linear FP32"}]}\n'
              % ("," if i else "", i, i, i))
    o.put('],\n"Bindings": [')
    for i in range(n):
        o.put('"in%d",' % i)
    o.put('"o%d"]}\n' % (n - 1))


def timing(o, n):
    o.put("[")
    for i in range(n):
        o.put('%s{"latencyMs":%d}' % ("," if i else "", 1 + i % 9))
    o.put("]\n")


def dense(o, n):
    # printed as trtexec prints layer information: a key per line, indented
    t = ('      {\n        "Name" : "t%d",\n        "Location" : "Device",\n        "Dimensions" : [1,8],\n'
         '        "Format/Datatype" : "Row major linear FP32"\n      }')
    o.put('{"Layers" : [\n')
    for i in range(n):
        ins = ",\n".join(t % k for k in range(i)) if i else t.replace('"t%d"', '"x"')
        o.put('%s  {\n    "Name" : "l%d",\n    "LayerType" : "ElementWise",\n    "Inputs" : [\n%s\n    ],\n'
              '    "Outputs" : [\n%s\n    ]\n  }' % (",\n" if i else "", i, ins, t % i))
    o.put('\n],\n"Bindings" : ["x", "t%d"]}\n' % (n - 1))


def charts(o, n):
    o.put("# {{engine.name}}\n\n")
    for i in range(n):
        o.put("```chart\ndata: layer-latency\n```\n\n")


def atlimits(o, n):
    nb = 99999
    t = '{"Name": "%s", "Dimensions": [1,8], "Format/Datatype": "Row major linear FP32"}'
    o.put('{"Layers": [\n')
    for i in range(n):
        ins = [t % ("t%d" % (i - 1) if i else "b0"), t % ("t%d" % (i - 2) if i > 1 else "b1"), t % ("b%d" % (i % nb))]
        o.put('%s{"Name": "layer%d", "LayerType": "ElementWise", "Inputs": [%s], "Outputs": [%s]}\n'
              % ("," if i else "", i, ", ".join(ins), t % ("t%d" % i)))
    o.put('],\n"Bindings": [' + ",".join('"b%d"' % k for k in range(nb)) + ',"t%d"]}\n' % (n - 1))


def bindings(o, n):
    o.put('{"Layers": [{"Name": "l", "LayerType": "Shuffle"}],\n"Bindings": [\n')
    o.put(",\n".join('"binding_%08d"' % i for i in range(n)))
    o.put("\n]}\n")


def tensors(o, n):
    o.put('{"Layers": [\n')
    for i in range(n // 100 + 1):
        ins = ", ".join('{"Name": "tensor_%08d"}' % (100 * i + k) for k in range(99))
        o.put('%s{"Name": "l%d", "LayerType": "Concatenation", "Inputs": [%s], "Outputs": [{"Name": "o%d"}]}\n'
              % ("," if i else "", i, ins, i))
    o.put("]}\n")


def profile(o, n):
    o.put('[\n  { "count" : 1000 }\n')
    for i in range(n):
        o.put(', { "name" : "layer_%08d", "timeMs" : 1.5, "averageMs" : 0.0015, "medianMs" : 0.0015, '
              '"percentage" : 0.001 }\n' % i)
    o.put("]\n")


def logruns(o, n):
    for i in range(n):
        o.put("&&&& RUNNING TensorRT.trtexec [TensorRT v100800] [b43] # trtexec --loadEngine=m%d.engine\n" % i)
        o.put("[03/14/2025-09:27:01] [I] TensorRT version: 10.8.0\n")


def logsettings(o, n):
    o.put(LOG_HEAD)
    o.put("[03/14/2025-09:27:01] [I] === Build Options ===\n")
    for i in range(n):
        o.put("[03/14/2025-09:27:01] [I] Setting %d: value\n" % i)


def logtactics(o, n):
    o.put(LOG_HEAD)
    o.put("[03/14/2025-09:27:01] [V] [TRT] --------------- Timing Runner: /conv/Conv (CaskConvolution)\n")
    for i in range(n):
        o.put("[03/14/2025-09:27:01] [V] [TRT] Tactic: 0x%016x Time: 0.0123\n" % i)


def logbindings(o, n):
    o.put(LOG_HEAD)
    for i in range(n):
        o.put("[03/14/2025-09:27:01] [I] Created input binding for in_%08d with dimensions 1x3x224x224\n" % i)


def cmark(o, n):
    head = "# {{engine.name}}\n\n"
    k = (n - len(head) - 1) // 6
    o.put(head + "![[]()" * k + "x" * (n - len(head) - 1 - 6 * k) + "\n")  # n bytes


KINDS = {"iotensors": iotensors, "logprofile": logprofile, "loglayers": loglayers, "ownbinding": ownbinding,
         "timing": timing, "dense": dense, "charts": charts, "bindings": bindings, "tensors": tensors,
         "profile": profile, "logruns": logruns, "logsettings": logsettings, "logtactics": logtactics,
         "logbindings": logbindings, "cmark": cmark, "atlimits": atlimits}


def main():
    if len(sys.argv) != 4 or sys.argv[1] not in KINDS:
        sys.stderr.write(__doc__)
        sys.exit(2)
    n = int(sys.argv[2])
    o = Out(sys.argv[3])
    KINDS[sys.argv[1]](o, n)
    o.close()


if __name__ == "__main__":
    main()
