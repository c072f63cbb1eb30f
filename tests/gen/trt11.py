#!/usr/bin/env python3
"""trt11 -- rewrite a TensorRT 10 layer-information JSON in TensorRT 11's shape.

    python3 tests/gen/trt11.py IN.graph.json OUT.graph.json [--profiles N] [--spelling datatype|DataType|mixed]

What changes, per NVIDIA's "Migrating IEngineInspector Usage from TensorRT
10.x to 11.x" and a real 11.0 file:
  - root "Bindings" (names) becomes "I/O Tensors" (objects: Name, IOMode,
    DataType, Dimensions, Location, IsShapeInferenceIO, ProfileInfo with one
    {MinShape, OptShape, MaxShape, Format} per optimisation profile; an
    output's entries have their Format only); root "ProfilingVerbosity" and
    "Engine Metadata" are added;
  - a tensor's "Format/Datatype" string becomes two keys, "Format" ("(Linear)
    Row major linear format") and "Datatype" ("Float"); a string that is a data
    type alone (a kgen tensor's "Half") keeps only "Datatype"; a string with no
    data-type word stays as it is (a file may mix both shapes);
  - layer tensors lose "Location" and gain "Strides" and "StrideOrder";
  - every layer gets "Constants": the inputs no layer writes and no binding
    names (TensorRT 10's Myelin constants, "__mye..dconst") move there.
Spelling: the data-type key on layer tensors is "Datatype", "DataType", or
(mixed, the default) alternates per layer; I/O Tensors use the other one in
mixed mode, so both spellings are read. --profiles N (default 2) gives
every input N profiles: dynamic (-1) sizes become 1/4/8 (min/opt/max) in
profile 0 and twice that in profile 1, ...; static sizes stay. Deterministic:
same input, same bytes.
Used by tests/e2e/trt11.sh, which checks that enginecard summarises the
result as it does the original (plus the profile information).
"""
import json
import sys

# TensorRT 10 data-type words inside a Format/Datatype string -> TensorRT 11's
DT11 = {"FP32": "Float", "FP16": "Half", "Int8": "Int8", "INT8": "Int8", "Int32": "Int32", "INT32": "Int32",
        "Int64": "Int64", "UInt8": "UInt8", "BFloat16": "BFloat16", "FP8": "FP8", "BOOL": "Bool", "Bool": "Bool",
        "Int4": "Int4", "FP4": "FP4"}
# kgen strings: a data type alone
ALONE = {"Float", "Half", "Int8", "Int32", "Int64", "UInt8", "UInt16", "UInt32", "UInt64", "BFloat16", "FP8", "Bool",
         "Int4", "FP4", "Double", "Int16"}
# the dtype of an I/O tensor from a data-type word or a kgen string
IOTYPE = dict(DT11, **{w: w for w in ALONE})


def layout_tag(f):
    """A short layout name in brackets, as TensorRT 11 prefixes its formats."""
    if f.startswith("Row major linear"):
        return "(Linear)"
    if f.startswith("Channel major"):
        return "(NHWC)"
    if "vectorized" in f:
        return "(Vectorized)"
    return "(Format)"


def split(s):
    """(format, datatype) of a 10.x Format/Datatype string; format None for a
    data type alone; None when the string names no data type."""
    if s in ALONE:
        return None, s
    words = s.split(" ")
    for i, w in enumerate(words):
        if w in DT11:
            rest = words[:i] + words[i + 1:]
            f = " ".join(rest)
            if "format" not in rest:
                f += " format"
            return layout_tag(f) + " " + f, DT11[w]
    return None


def strides(dims):
    out, acc = [], 1
    for d in reversed(dims):
        out.insert(0, acc)
        acc *= d if d > 0 else 1
    return out


def tensor11(t, dtkey):
    o = {}
    for k, v in t.items():
        if k == "Location":
            continue
        if k == "Format/Datatype" and isinstance(v, str):
            sp = split(v)
            if sp is None:
                o[k] = v  # no data-type word: kept in the 10.x shape
                continue
            f, d = sp
            if f is not None:
                o["Format"] = f
            o[dtkey] = d
            continue
        o[k] = v
        if k == "Dimensions" and isinstance(v, list):
            o["Strides"] = strides(v)
            o["StrideOrder"] = list(range(len(v) - 1, -1, -1))
    return o


def dtype_of(t):
    v = t.get("Format/Datatype", "")
    sp = split(v) if isinstance(v, str) else None
    if sp:
        return sp[1]
    for w in v.split(" ") if isinstance(v, str) else []:
        if w in IOTYPE:
            return IOTYPE[w]
    return None


def scaled(dims, k):
    """A profile's shape: dynamic (-1) sizes become k; static sizes stay."""
    return [d if d >= 0 else k for d in dims]


def convert(doc, nprof, spelling):
    layers = doc["Layers"] if isinstance(doc, dict) else doc
    binds = doc.get("Bindings") if isinstance(doc, dict) else None
    bindset = set(binds or [])
    written = set()
    for l in layers:
        if isinstance(l, dict):
            for t in l.get("Outputs", []):
                written.add(t.get("Name"))
    first_in, last_out = {}, {}
    out_layers = []
    for i, l in enumerate(layers):
        if not isinstance(l, dict):
            out_layers.append(l)
            continue
        if spelling == "mixed":
            dtkey = "Datatype" if i % 2 == 0 else "DataType"
        else:
            dtkey = spelling
        n = {}
        consts = []
        for k, v in l.items():
            if k in ("Inputs", "Outputs") and isinstance(v, list):
                ts = []
                for t in v:
                    if not isinstance(t, dict):
                        ts.append(t)
                        continue
                    name = t.get("Name")
                    if k == "Inputs":
                        first_in.setdefault(name, t)
                        if binds is not None and name not in written and name not in bindset:
                            consts.append(tensor11(t, dtkey))
                            continue
                    else:
                        last_out[name] = t
                    ts.append(tensor11(t, dtkey))
                n[k] = ts
                if k == "Inputs":
                    n["Constants"] = consts
            else:
                n[k] = v
        n.setdefault("Constants", consts)
        out_layers.append(n)
    root = {"Layers": out_layers}
    if isinstance(doc, dict):  # other root keys (a generator's note) stay
        root.update({k: v for k, v in doc.items() if k not in ("Layers", "Bindings")})
    if binds is not None:
        io = []
        iokey = "DataType" if spelling in ("mixed", "Datatype") else "Datatype"
        for b in binds:
            if not isinstance(b, str):
                continue
            src = last_out.get(b) or first_in.get(b)
            out = b in written
            e = {"Name": b, "IOMode": "Output" if out else "Input"}
            if src is not None:
                d = dtype_of(src)
                if d:
                    e[iokey] = d
                if isinstance(src.get("Dimensions"), list):
                    e["Dimensions"] = src["Dimensions"]
                e["Location"] = src.get("Location", "Device")
            e["IsShapeInferenceIO"] = False
            fmt = "Row major linear %s format (kLINEAR)" % {"Float": "FP32", "Half": "FP16"}.get(e.get(iokey), "INT8" if e.get(iokey) == "Int8" else str(e.get(iokey)).upper())
            pis = []
            for p in range(nprof):
                if out or "Dimensions" not in e:
                    pis.append({"Format": fmt})
                else:
                    m = 1 << p
                    pis.append({"MinShape": scaled(e["Dimensions"], 1 * m), "OptShape": scaled(e["Dimensions"], 4 * m),
                                "MaxShape": scaled(e["Dimensions"], 8 * m), "Format": fmt})
            e["ProfileInfo"] = pis
            io.append(e)
        root["I/O Tensors"] = io
    root["ProfilingVerbosity"] = "kDETAILED"
    root["Engine Metadata"] = {"Multi-Device": "Disabled"}
    return root


def main(argv):
    args = [a for a in argv[1:] if not a.startswith("--")]
    nprof, spelling = 2, "mixed"
    for a in argv[1:]:
        if a.startswith("--profiles="):
            nprof = int(a.split("=", 1)[1])
        elif a.startswith("--spelling="):
            spelling = a.split("=", 1)[1]
    if len(args) != 2 or spelling not in ("mixed", "Datatype", "DataType"):
        sys.exit(__doc__)
    with open(args[0], encoding="utf-8") as f:
        doc = json.load(f)
    with open(args[1], "w", encoding="utf-8") as f:
        json.dump(convert(doc, nprof, spelling), f, indent=1, ensure_ascii=False)
        f.write("\n")


if __name__ == "__main__":
    main(sys.argv)
