#!/usr/bin/env python3
"""Nsight Systems captures of a fixture engine, for enginecard's kernel tests.

    nsys.py GRAPH OUTDIR SCENARIO

reads the layer names of GRAPH (a trtexec --exportLayerInfo JSON; the
fixture is tests/fixtures/nsys/myelin/model.engine.graph.json) and writes
into OUTDIR, as one engine's files:

  model.engine.graph.json            a copy of GRAPH
  model.engine.profile.json          per-layer times (--exportProfile): each
                                     layer's kernel time plus its gaps and
                                     event overhead
  model.engine.timing.json           per-iteration times (--exportTimes)
  model.engine.nsys.sqlite           an `nsys export --type sqlite` file with
                                     the tables and columns nsys writes
  model.engine.nsys_<report>.csv|json  `nsys stats` reports (direct only)
  expected.json                      every sum the tests check, computed here
                                     from the launches as they were made (not
                                     by re-running enginecard's join)

SCENARIO:
  direct  three inference iterations: each an ExecutionContext::enqueueV3
          range holding one range per layer (names inline or interned in
          StringIds; a JSON object range; two layers of one name; a name with
          U+001E; a {ForeignNode[...]} layer whose kernels sit in Myelin
          sub-ranges inside myelinGraphExecute); a second thread and stream
          with a "preprocess" range; kernels outside every range; a second
          process whose correlation ids collide with the first's; a launch
          recorded twice (cudaLaunchKernel around cudaLaunchKernel_v7000).
  graph   one direct iteration, a CUDA graph capture, five graph launches
          traced as whole graphs (nsys's default --cuda-graph-trace=graph):
          their kernels are missing.
  node    one direct iteration, a capture whose node creations sit in the
          layer ranges, the executable graph's clones (originalGraphNodeId),
          four replays traced per node (--cuda-graph-trace=node); one replayed
          node has no creation event.
  nonvtx  the direct iterations without an NVTX_EVENTS table.
  tuned   direct, but the {ForeignNode[...]} layer built otherwise: its
          first GEMM runs another, faster kernel and a Cast+Mul kernel is
          added (compare's kernel changes inside a fused layer).
Only the Python standard library is used. Same arguments, same bytes.
"""
import csv
import io
import json
import os
import shutil
import sqlite3
import statistics
import sys

NS = 1_000_000  # ns per ms
PID_A, PID_B = 4242, 5353
VM = 1 << 56


def gtid(pid, tid):
    return VM | (pid << 24) | tid


def gpid(pid):
    return VM | (pid << 24)


T1, T2 = gtid(PID_A, 1), gtid(PID_A, 2)
TB = gtid(PID_B, 7)


def fixed(name):
    """The name as the loader keeps it: U+001E/U+001F as '+'."""
    return name.replace("\x1e", "+").replace("\x1f", "+")


def unique(names):
    """TREx's rule, as the loader applies it: the 2nd "x" is "x_2"."""
    seen, taken, out = {}, set(names), []
    for n in names:
        if n not in seen:
            seen[n] = 1
            out.append(n)
            continue
        k = seen[n]
        while True:
            k += 1
            cand = "%s_%d" % (n, k)
            if cand not in taken:
                break
        seen[n] = k
        taken.add(cand)
        out.append(cand)
    return out


class Capture:
    def __init__(self):
        self.strings = {}
        self.kernels = []   # dict rows
        self.calls = []     # runtime rows
        self.ranges = []    # NVTX rows
        self.nodes = []     # graph node events
        self.graph_trace = []
        self.corr = {PID_A: 100, PID_B: 100}
        self.gpu = {0: 5_000_000}  # per device: when it is free
        self.expect = []    # launches as made: layer (model name), iteration key, name, start, end, where
        self.node_id = 1000

    def sid(self, s):
        if s not in self.strings:
            self.strings[s] = len(self.strings) + 1
        return self.strings[s]

    def rng(self, text, start, end, tid, interned=False, etype=59, domain=0):
        row = dict(start=start, end=end, eventType=etype, text=None, textId=None, globalTid=tid, domainId=domain)
        if interned:
            row["textId"] = self.sid(text)
        else:
            row["text"] = text
        self.ranges.append(row)

    def call(self, name, start, end, tid, pid=PID_A):
        self.corr[pid] += 1
        c = self.corr[pid]
        self.calls.append(dict(start=start, end=end, eventClass=1, globalTid=tid, correlationId=c,
                               nameId=self.sid(name), returnValue=0))
        return c

    def run(self, name, dur, corr, pid, stream, after, grid=(64, 1, 1), block=(128, 1, 1), node=None, device=0):
        start = max(self.gpu[device], after + 1500)
        end = start + dur
        self.gpu[device] = end + 700  # a gap between kernels
        self.kernels.append(dict(start=start, end=end, deviceId=device, contextId=1, streamId=stream,
                                 correlationId=corr, globalPid=gpid(pid), demangledName=self.sid(name),
                                 shortName=self.sid(name.split("(")[0]), gridX=grid[0], gridY=grid[1],
                                 gridZ=grid[2], blockX=block[0], blockY=block[1], blockZ=block[2],
                                 registersPerThread=32, staticSharedMemory=0, dynamicSharedMemory=1024,
                                 graphNodeId=node))
        return start, end

    def launch(self, t, name, dur, layer=None, it=None, where="outside", tid=T1, pid=PID_A, stream=7, grid=(64, 1, 1),
               twice=False, sub=None):
        """A kernel launched at host time t: its call, then its run. Returns the host time after."""
        c = self.call("cudaLaunchKernel_v7000", t + 200, t + 1800, tid, pid)
        if twice:  # nsys 2022 records the outer call too, with the same correlation id
            self.calls.append(dict(start=t, end=t + 2000, eventClass=1, globalTid=tid, correlationId=c,
                                   nameId=self.sid("cudaLaunchKernel"), returnValue=0))
        s, e = self.run(name, dur, c, pid, stream, t + 2000, grid)
        self.expect.append(dict(layer=layer, it=it, name=name, start=s, end=e, where=where, sub=sub, grid=grid))
        return t + 2500


# The kernels of each layer in one iteration: (kernel name, duration ns, grid, Myelin sub-range or None).
def plan(layers, tuned=False):
    p = {}
    for i, name in enumerate(layers):
        if name.startswith("Reformatting"):
            p[name] = [("void cuInt8::nchwToNhwc<__half>(Params)", 3000, (32, 1, 1), None)]
        elif name.startswith("{ForeignNode"):
            p[name] = [("__myl_MulSumMul_kernel", 9000, (80, 1, 1), "__myl_MulSum_myl0_0"),
                       ("sm90_xmma_gemm_f16f16_f16f32_f32_tn_n_tilesize128x128x64", 21000, (132, 1, 1), "__myl_Gemm_myl0_1"),
                       ("__myl_Softmax_kernel", 6000, (80, 1, 1), "__myl_Softmax_myl0_2"),
                       ("sm90_xmma_gemm_f16f16_f16f32_f32_tn_n_tilesize128x128x64", 19000, (66, 1, 1), "__myl_Gemm_myl0_3")]
            if tuned:  # another build of the layer: the first GEMM faster, a Cast+Mul kernel more
                p[name][1] = ("sm90_xmma_gemm_f16f16_f16f32_f32_tn_n_tilesize256x128x64", 12000, (132, 1, 1),
                              "__myl_Gemm_myl0_1")
                p[name].append(("__myl_CasMul_kernel", 3000, (80, 1, 1), "__myl_CasMul_myl0_4"))
        elif name.startswith("noop"):
            p[name] = []
        elif name.startswith("relu"):
            p[name] = [("void genericReformat::relu_kernel<__half>(float)", 2000 + 500 * i, (16, 1, 1), None)]
        else:
            p[name] = [("sm80_xmma_fprop_implicit_gemm_f16f16_f16f16_f16_nhwckrsc_%d" % i, 12000 + 1000 * i, (96, 1, 1), None)]
    return p


def iteration(cap, t, raw, model, kplan, it, ranges=True, interned_every=2, enqueue="ExecutionContext::enqueueV3",
              scale=1.0, capture=False):
    """One enqueue on thread T1 from host time t: a range per layer with its kernels. capture: the graph capture
    pass (calls are made, no kernel runs; node creations are recorded). Returns (host time after, nodes)."""
    t0 = t
    t += 1000
    nodes = []
    for i, (rn, mn) in enumerate(zip(raw, model)):
        ls = t
        t += 300
        ks = kplan[rn]
        text = rn
        if mn == "head":
            text = json.dumps({"Name": rn, "Tactic": "0x1f", "Format": "NCHW"})
        sub_myelin = ks and ks[0][3]
        if sub_myelin:
            me = t
            t += 300
        for (kn, dur, grid, sub) in ks:
            if sub:
                ss = t
                t += 200
            d = int(dur * scale)
            if capture:
                c = cap.call("cudaLaunchKernel_v7000", t + 200, t + 1800, T1)
                cap.node_id += 1
                cap.nodes.append(dict(start=t + 900, end=t + 1000, eventClass=1, globalTid=T1,
                                      nameId=cap.sid("Graph Node Creation"), graphNodeId=cap.node_id,
                                      originalGraphNodeId=None))
                nodes.append((cap.node_id, mn, kn, dur, grid, sub))
                t += 2500
            else:
                t = cap.launch(t, kn, d, layer=mn, it=("enq", it), where="layer", grid=grid, twice=(i == 1), sub=sub)
            if sub:
                t += 200
                if ranges:
                    cap.rng(sub, ss, t, T1, interned=True)
        if sub_myelin:
            t += 300
            if ranges:
                cap.rng("myelinGraphExecute", me, t, T1)
        t += 300
        if ranges:
            cap.rng(text, ls, t, T1, interned=(i % interned_every == 0) and mn != "head")
    t += 1000
    if ranges:
        cap.rng(enqueue, t0, t, T1)
    return t, nodes


def main():
    graph, out, scenario = sys.argv[1], sys.argv[2], sys.argv[3]
    doc = json.load(open(graph))
    raw = [l["Name"] for l in doc["Layers"] if l.get("LayerType") not in ("NoOp", "Constant")]
    model = unique([fixed(n) for n in raw])
    kplan = plan(raw, tuned=scenario == "tuned")
    os.makedirs(out, exist_ok=True)
    shutil.copyfile(graph, os.path.join(out, "model.engine.graph.json"))
    cap = Capture()
    ranges = scenario != "nonvtx"
    t = 1_000_000
    # a kernel before any range (thread 1), and a second process whose correlation ids collide with ours
    t = cap.launch(t, "void warmup_fill<float>(float*, int)", 4000)
    cap.launch(t, "other_process_kernel", 5000, tid=TB, pid=PID_B, stream=3)
    t += 50_000
    iters = 3 if scenario in ("direct", "nonvtx", "tuned") else 1
    for it in range(iters):
        # thread 2 preprocesses while thread 1 enqueues: its kernels are never a layer's
        if ranges:
            cap.rng("preprocess", t - 20_000, t - 5000, T2)
        cap.launch(t - 19_000, "void resize_bilinear<uchar4>(Params)", 7000, where="other", tid=T2, stream=9)
        cap.launch(t - 4000, "memset_kernel", 1000, where="outside", tid=T2, stream=9)
        t, _ = iteration(cap, t, raw, model, kplan, it, ranges=ranges, scale=1.0 + 0.1 * it)
        t += 2000
        if ranges:
            cap.rng("postprocess", t, t + 6000, T1)
        t = cap.launch(t + 500, "argmax_kernel", 3000, where="other")
        if it == 0:  # text a spreadsheet would run as a formula: CSV outputs guard it
            if ranges:
                cap.rng("=1+1", t + 6000, t + 9000, T1)
            t = cap.launch(t + 6200, "@evil_kernel", 1000, where="other")
        t += 100_000
    graph_iters = []
    if scenario in ("graph", "node"):
        cap.call("cudaStreamBeginCapture_v10000", t, t + 500, T1)
        t, nodes = iteration(cap, t + 1000, raw, model, kplan, "capture", capture=True)
        cap.call("cudaStreamEndCapture_v10000", t, t + 500, T1)
        cap.call("cudaGraphInstantiate_v10000", t + 1000, t + 9000, T1)
        clones = []
        for (nid, mn, kn, dur, grid, sub) in nodes:
            cap.node_id += 1
            cap.nodes.append(dict(start=t + 2000, end=t + 2100, eventClass=1, globalTid=T1,
                                  nameId=cap.sid("Graph Node Creation"), graphNodeId=cap.node_id,
                                  originalGraphNodeId=nid))
            clones.append((cap.node_id, mn, kn, dur, grid, sub))
        t += 20_000
        replays = 5 if scenario == "graph" else 4
        for r in range(replays):
            c = cap.call("cudaGraphLaunch_v10000", t, t + 3000, T1)
            if scenario == "graph":
                gs = max(cap.gpu[0], t + 4000)
                ge = gs + 60_000
                cap.gpu[0] = ge + 700
                cap.graph_trace.append(dict(start=gs, end=ge, deviceId=0, contextId=1, greenContextId=None,
                                            streamId=7, correlationId=c, globalPid=gpid(PID_A), graphId=1,
                                            graphExecId=2))
            else:
                for (nid, mn, kn, dur, grid, sub) in clones:
                    s, e = cap.run(kn, dur, c, PID_A, 7, t + 3000, grid, node=nid)
                    cap.expect.append(dict(layer=mn, it=("graph", r), name=kn, start=s, end=e, where="layer",
                                           sub=sub, grid=grid))
                # a replayed node whose creation was not recorded: not attributed
                s, e = cap.run("orphan_node_kernel", 2000, c, PID_A, 7, t + 3000, node=99999)
                cap.expect.append(dict(layer=None, it=None, name="orphan_node_kernel", start=s, end=e,
                                       where="outside", sub=None, grid=(64, 1, 1)))
            graph_iters.append(r)
            t += 150_000
    write_sqlite(cap, os.path.join(out, "model.engine.nsys.sqlite"), ranges)
    exp = expected(cap, model, scenario)
    write_profile_timing(out, model, exp)
    if scenario == "direct":
        write_stats(cap, out)
    with open(os.path.join(out, "expected.json"), "w") as f:
        json.dump(exp, f, indent=1, sort_keys=True)
        f.write("\n")


def write_sqlite(cap, path, ranges):
    if os.path.exists(path):
        os.remove(path)
    db = sqlite3.connect(path)
    db.executescript("""
CREATE TABLE StringIds (id INTEGER NOT NULL PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE CUPTI_ACTIVITY_KIND_KERNEL (start INTEGER NOT NULL, end INTEGER NOT NULL, deviceId INTEGER NOT NULL,
  contextId INTEGER NOT NULL, greenContextId INTEGER, streamId INTEGER NOT NULL, correlationId INTEGER,
  globalPid INTEGER, demangledName INTEGER NOT NULL, shortName INTEGER NOT NULL, mangledName INTEGER,
  launchType INTEGER, cacheConfig INTEGER, registersPerThread INTEGER NOT NULL, gridX INTEGER NOT NULL,
  gridY INTEGER NOT NULL, gridZ INTEGER NOT NULL, blockX INTEGER NOT NULL, blockY INTEGER NOT NULL,
  blockZ INTEGER NOT NULL, staticSharedMemory INTEGER NOT NULL, dynamicSharedMemory INTEGER NOT NULL,
  localMemoryPerThread INTEGER NOT NULL, localMemoryTotal INTEGER NOT NULL, gridId INTEGER NOT NULL,
  sharedMemoryExecuted INTEGER, graphNodeId INTEGER, sharedMemoryLimitConfig INTEGER);
CREATE TABLE CUPTI_ACTIVITY_KIND_RUNTIME (start INTEGER NOT NULL, end INTEGER NOT NULL, eventClass INTEGER NOT NULL,
  globalTid INTEGER, correlationId INTEGER, nameId INTEGER NOT NULL, returnValue INTEGER NOT NULL,
  callchainId INTEGER);
CREATE TABLE CUDA_GRAPH_NODE_EVENTS (start INTEGER NOT NULL, end INTEGER NOT NULL, eventClass INTEGER NOT NULL,
  globalTid INTEGER, nameId INTEGER NOT NULL, graphNodeId INTEGER NOT NULL, originalGraphNodeId INTEGER);
CREATE TABLE CUPTI_ACTIVITY_KIND_GRAPH_TRACE (start INTEGER NOT NULL, end INTEGER NOT NULL, deviceId INTEGER NOT NULL,
  contextId INTEGER NOT NULL, greenContextId INTEGER, streamId INTEGER NOT NULL, correlationId INTEGER,
  globalPid INTEGER, graphId INTEGER NOT NULL, graphExecId INTEGER NOT NULL);
CREATE TABLE TARGET_INFO_GPU (vmId INTEGER NOT NULL, id INTEGER NOT NULL, name TEXT, busLocation TEXT,
  smCount INTEGER, computeMajor INTEGER, computeMinor INTEGER);
CREATE TABLE META_DATA_EXPORT (name TEXT NOT NULL, value TEXT);
""")
    if ranges:
        db.executescript("""
CREATE TABLE NVTX_EVENTS (start INTEGER NOT NULL, end INTEGER, eventType INTEGER NOT NULL, rangeId INTEGER,
  category INTEGER, color INTEGER, text TEXT, globalTid INTEGER, endGlobalTid INTEGER, textId INTEGER,
  domainId INTEGER, uint64Value INTEGER, int64Value INTEGER, doubleValue REAL, uint32Value INTEGER,
  int32Value INTEGER, floatValue REAL, jsonTextId INTEGER, jsonText TEXT);
""")
    for s, i in sorted(cap.strings.items(), key=lambda x: x[1]):
        db.execute("INSERT INTO StringIds VALUES (?, ?)", (i, s))
    for k in cap.kernels:
        db.execute("INSERT INTO CUPTI_ACTIVITY_KIND_KERNEL (start, end, deviceId, contextId, streamId, correlationId, "
                   "globalPid, demangledName, shortName, registersPerThread, gridX, gridY, gridZ, blockX, blockY, "
                   "blockZ, staticSharedMemory, dynamicSharedMemory, localMemoryPerThread, localMemoryTotal, gridId, "
                   "graphNodeId) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,0,0,0,?)",
                   (k["start"], k["end"], k["deviceId"], k["contextId"], k["streamId"], k["correlationId"],
                    k["globalPid"], k["demangledName"], k["shortName"], k["registersPerThread"], k["gridX"],
                    k["gridY"], k["gridZ"], k["blockX"], k["blockY"], k["blockZ"], k["staticSharedMemory"],
                    k["dynamicSharedMemory"], k["graphNodeId"]))
    for c in cap.calls:
        db.execute("INSERT INTO CUPTI_ACTIVITY_KIND_RUNTIME VALUES (?,?,?,?,?,?,?,NULL)",
                   (c["start"], c["end"], c["eventClass"], c["globalTid"], c["correlationId"], c["nameId"], 0))
    if ranges:
        # a domain creation and a thread name: not ranges
        db.execute("INSERT INTO NVTX_EVENTS (start, eventType, text, globalTid, domainId) VALUES (10, 75, 'TensorRT', ?, 1)", (T1,))
        db.execute("INSERT INTO NVTX_EVENTS (start, eventType, text, globalTid, domainId) VALUES (11, 39, 'main', ?, 0)", (T1,))
        for r in sorted(cap.ranges, key=lambda r: (r["start"], -r["end"])):
            db.execute("INSERT INTO NVTX_EVENTS (start, end, eventType, text, globalTid, textId, domainId) "
                       "VALUES (?,?,?,?,?,?,?)",
                       (r["start"], r["end"], r["eventType"], r["text"], r["globalTid"], r["textId"], r["domainId"]))
    for n in cap.nodes:
        db.execute("INSERT INTO CUDA_GRAPH_NODE_EVENTS VALUES (?,?,?,?,?,?,?)",
                   (n["start"], n["end"], n["eventClass"], n["globalTid"], n["nameId"], n["graphNodeId"],
                    n["originalGraphNodeId"]))
    for g in cap.graph_trace:
        db.execute("INSERT INTO CUPTI_ACTIVITY_KIND_GRAPH_TRACE VALUES (?,?,?,?,?,?,?,?,?,?)",
                   (g["start"], g["end"], g["deviceId"], g["contextId"], g["greenContextId"], g["streamId"],
                    g["correlationId"], g["globalPid"], g["graphId"], g["graphExecId"]))
    db.execute("INSERT INTO TARGET_INFO_GPU VALUES (?, 0, 'NVIDIA H100 80GB HBM3', '0000:18:00.0', 132, 9, 0)", (VM,))
    db.execute("INSERT INTO TARGET_INFO_GPU VALUES (?, 1, 'NVIDIA A2', '0000:3b:00.0', 10, 8, 6)", (VM,))
    db.execute("INSERT INTO META_DATA_EXPORT VALUES ('EXPORT_PRODUCT_NAME', 'NVIDIA Nsight Systems')")
    db.execute("INSERT INTO META_DATA_EXPORT VALUES ('EXPORT_PRODUCT_VERSION', '2024.5.1.113')")
    db.commit()
    db.close()


def ms(ns):
    return ns / NS


def expected(cap, model, scenario):
    """Every sum, from the launches as they were made."""
    ex = cap.expect
    total = sum(e["end"] - e["start"] for e in ex)
    layers = {}
    ranges = scenario != "nonvtx"
    for e in ex:
        if e["layer"] is None or not ranges:
            continue
        L = layers.setdefault(e["layer"], {"launches": [], "iters": {}})
        L["launches"].append(e)
        L["iters"].setdefault(e["it"], []).append(e)
    out_layers = {}
    for name, L in layers.items():
        its = L["iters"]
        n = len(its)
        per = [sum(x["end"] - x["start"] for x in v) for v in its.values()]
        span = [max(x["end"] for x in v) - min(x["start"] for x in v) for v in its.values()]
        kernels = {}
        for e in L["launches"]:
            k = kernels.setdefault(e["name"], {"launches": 0, "total": 0, "per": {}, "sub": e["sub"], "first": e["start"]})
            k["launches"] += 1
            k["total"] += e["end"] - e["start"]
            k["per"][e["it"]] = k["per"].get(e["it"], 0) + e["end"] - e["start"]
        kout = {}
        ltotal = sum(per)
        for kn, k in kernels.items():
            series = [k["per"].get(it, 0) for it in its]
            kout[kn] = {"launches": k["launches"], "launches_per_iteration": k["launches"] / n,
                        "total_ms": ms(k["total"]), "mean_ms_per_iteration": ms(k["total"]) / n,
                        "median_ms_per_iteration": ms(statistics.median(series)),
                        "share_of_layer_pct": 100.0 * k["total"] / ltotal, "range": k["sub"]}
        out_layers[name] = {"iterations": n, "mean_ms": ms(sum(per)) / n, "median_ms": ms(statistics.median(per)),
                            "span_ms": ms(sum(span)) / n, "kernels": kout,
                            "order": [kn for kn, _ in sorted(kernels.items(), key=lambda x: x[1]["first"])]}
    matched = [e for e in ex if e["layer"] is not None and ranges]
    other = [e for e in ex if e["where"] == "other" and ranges]
    seen = set(map(id, matched)) | set(map(id, other))
    outside = [e for e in ex if id(e) not in seen]
    iters = {}
    for e in matched:
        iters.setdefault(e["it"], []).append(e)
    exp = {
        "scenario": scenario,
        "launches": len(ex), "total_ms": ms(total),
        "in_layers": len(matched), "in_layers_ms": ms(sum(e["end"] - e["start"] for e in matched)),
        "in_other_ranges": len(other), "outside_ranges": len(outside),
        "iterations": len(iters) if ranges else None,
        "iteration_kernel_ms": ms(sum(e["end"] - e["start"] for e in matched)) / len(iters) if iters else None,
        "iteration_span_ms": ms(sum(max(x["end"] for x in v) - min(x["start"] for x in v) for v in iters.values())) / len(iters) if iters else None,
        "graph_launches_traced_whole": len(cap.graph_trace),
        "graph_ms": ms(sum(g["end"] - g["start"] for g in cap.graph_trace)),
        "layers": out_layers,
        "model_layers": model,
    }
    return exp


def write_profile_timing(out, model, exp):
    """The profile: each layer's kernel time per iteration, plus its gaps and 0.004 ms of event overhead; the
    timing: each iteration's GPU span plus 0.01 ms."""
    recs = [{"count": 100}]
    for name in model:
        L = exp["layers"].get(name)
        avg = (L["span_ms"] + 0.004) if L else 0.002
        recs.append({"name": name, "timeMs": avg * 100, "averageMs": avg, "medianMs": avg, "percentage": 1.0})
    with open(os.path.join(out, "model.engine.profile.json"), "w") as f:
        json.dump(recs, f, indent=1)
        f.write("\n")
    span = exp["iteration_span_ms"] or 0.5
    times = []
    for i in range(10):
        c = span + 0.01
        times.append({"startEnqMs": i, "endEnqMs": i + 0.1, "startComputeMs": i + 0.2, "endComputeMs": i + 0.2 + c,
                      "startD2hMs": 0, "endD2hMs": 0, "startH2dMs": 0, "endH2dMs": 0,
                      "latencyMs": c + 0.02, "enqueueMs": 0.1, "computeMs": c, "h2dMs": 0.01, "d2hMs": 0.01})
    with open(os.path.join(out, "model.engine.timing.json"), "w") as f:
        json.dump(times, f, indent=1)
        f.write("\n")


def stats_rows(cap):
    """nsys stats's view of the capture: launches with names, and every enclosing range of each launch."""
    names = {v: k for k, v in cap.strings.items()}
    calls = {}
    for c in cap.calls:
        key = (c["globalTid"] >> 24, c["correlationId"])
        cur = calls.get(key)
        if not cur or c["start"] < cur["start"]:
            calls[key] = c
    rng = []
    for r in cap.ranges:
        rng.append(dict(r, name=r["text"] if r["text"] is not None else names[r["textId"]]))
    out = []
    for k in cap.kernels:
        c = calls.get((k["globalPid"] >> 24, k["correlationId"]))
        encl = []
        if c:
            encl = [r for r in rng if r["globalTid"] == c["globalTid"] and r["start"] <= c["start"] and r["end"] >= c["end"]]
        encl.sort(key=lambda r: (r["start"], -r["end"]))
        out.append(dict(name=names[k["demangledName"]], dur=k["end"] - k["start"], ranges=[r["name"] for r in encl],
                        tid=(c["globalTid"] if c else 0)))
    return out, rng


def summary(durs):
    return dict(total=sum(durs), n=len(durs), avg=sum(durs) / len(durs), med=statistics.median(durs),
                min=min(durs), max=max(durs), sd=statistics.stdev(durs) if len(durs) > 1 else 0.0)


def write_stats(cap, out):
    rows, rng = stats_rows(cap)
    base = os.path.join(out, "model.engine.nsys_")
    # cuda_gpu_kern_sum (CSV): every kernel once
    by = {}
    for r in rows:
        by.setdefault(r["name"], []).append(r["dur"])
    tot = sum(r["dur"] for r in rows)
    with open(base + "cuda_gpu_kern_sum.csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["Time (%)", "Total Time (ns)", "Instances", "Avg (ns)", "Med (ns)", "Min (ns)", "Max (ns)",
                    "StdDev (ns)", "Name"])
        for n, d in sorted(by.items(), key=lambda x: (-sum(x[1]), x[0])):
            s = summary(d)
            w.writerow([round(100.0 * s["total"] / tot, 1), s["total"], s["n"], round(s["avg"], 1), round(s["med"], 1),
                        s["min"], s["max"], round(s["sd"], 1), n])
    # nvtx_sum (CSV, with a note line before the header as `nsys stats` prints it)
    byr = {}
    for r in rng:
        byr.setdefault(r["name"], []).append(r["end"] - r["start"])
    with open(base + "nvtx_sum.csv", "w", newline="") as f:
        f.write("Processing [model.engine.nsys.sqlite] with [/opt/nvidia/nsight-systems/reports/nvtx_sum.py]... \n")
        w = csv.writer(f)
        w.writerow(["Time (%)", "Total Time (ns)", "Instances", "Avg (ns)", "Med (ns)", "Min (ns)", "Max (ns)",
                    "StdDev (ns)", "Style", "Range"])
        rt = sum(sum(v) for v in byr.values())
        for n, d in sorted(byr.items(), key=lambda x: (-sum(x[1]), x[0])):
            s = summary(d)
            w.writerow([round(100.0 * s["total"] / rt, 1), s["total"], s["n"], round(s["avg"], 1), round(s["med"], 1),
                        s["min"], s["max"], round(s["sd"], 1), "PushPop", n])
    # nvtx_kern_sum (CSV): a kernel under every range that encloses its launch; none: an empty range
    g = {}
    for r in rows:
        for rn in (r["ranges"] or [""]):
            g.setdefault((rn, r["tid"], r["name"]), []).append(r["dur"])
    inst = {}
    for r in rng:
        inst.setdefault((r["name"], r["globalTid"]), 0)
        inst[(r["name"], r["globalTid"])] += 1
    with open(base + "nvtx_kern_sum.csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["NVTX Range", "Style", "PID", "TID", "NVTX Inst", "Kern Inst", "Total Time (ns)", "Avg (ns)",
                    "Med (ns)", "Min (ns)", "Max (ns)", "StdDev (ns)", "Kernel Name"])
        for (rn, tid, kn), d in sorted(g.items()):
            s = summary(d)
            # the range instances that contain this kernel: at most the range's instances on the thread
            ni = min(inst.get((rn, tid), 0), s["n"]) if rn else 0
            w.writerow([rn, "PushPop" if rn else "", (tid >> 24) & 0xFFFFFF, tid & 0xFFFFFF, ni, s["n"], s["total"],
                        round(s["avg"], 1), round(s["med"], 1), s["min"], s["max"], round(s["sd"], 1), kn])
    # cuda_gpu_kern_sum:nvtx-name (JSON, times in us): "range:kernel" by the innermost range
    byn = {}
    for r in rows:
        key = (r["ranges"][-1] + ":" if r["ranges"] else "") + r["name"]
        byn.setdefault(key, []).append(r["dur"])
    js = []
    for n, d in sorted(byn.items(), key=lambda x: (-sum(x[1]), x[0])):
        s = summary(d)
        js.append({"Time (%)": round(100.0 * s["total"] / tot, 1), "Total Time (us)": s["total"] / 1000.0,
                   "Instances": s["n"], "Avg (us)": s["avg"] / 1000.0, "Med (us)": s["med"] / 1000.0,
                   "Min (us)": s["min"] / 1000.0, "Max (us)": s["max"] / 1000.0, "StdDev (us)": s["sd"] / 1000.0,
                   "Name": n})
    with open(base + "cuda_gpu_kern_sum_nvtx-name.json", "w") as f:
        json.dump(js, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
