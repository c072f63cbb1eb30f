#!/usr/bin/env python3
"""gate_rates - compare's gate on windows of real trtexec runs (the corpus's
long timing files), the numbers README quotes.

Each run is cut into consecutive windows of W iterations (default 1000),
written to a temporary directory as timing files. Then:
  one run per side: every pair of consecutive windows (A/A: the same engine,
    minutes apart) is compared with --max-regress 5: how often the
    within-run interval excludes no change (block-widened, and as the old
    independent bootstrap would: --block-off is not an option, so the
    independent one is the stored-sketch path: each window's `summary
    --json`, which keeps no order), whether
    significance is ever claimed (it must not be), and how often the
    threshold verdict fails;
  history baseline: the K windows before a window are the baseline's runs
    (NAME=a,b,...), that window tonight: how often the 99% prediction
    interval excludes no change, and how often the window made 10% slower
    is caught (FAIL).
usage: gate_rates.py ENGINECARD CORPUS_DIR [--window 1000] [--history 5]
Deterministic; takes about a minute. Files are written only under a
temporary directory."""
import argparse, glob, json, os, subprocess, sys, tempfile

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("bin"); ap.add_argument("corpus")
    ap.add_argument("--window", type=int, default=1000); ap.add_argument("--history", type=int, default=5)
    a = ap.parse_args()
    files = []
    for p in sorted(glob.glob(os.path.join(a.corpus, "**", "*.timing.json"), recursive=True)):
        try:
            recs = json.load(open(p))
        except ValueError:
            continue
        if isinstance(recs, list) and len(recs) >= 6 * a.window and "computeMs" in recs[0]:
            files.append((p, recs))
    tmp = tempfile.mkdtemp(prefix="gate_rates.")
    def window(tag, recs, f=1.0):
        d = os.path.join(tmp, tag); os.makedirs(d, exist_ok=True)
        json.dump([{k: v * f if isinstance(v, (int, float)) else v for k, v in r.items()} for r in recs],
                  open(os.path.join(d, "m.timing.json"), "w"))
        return os.path.join(d, "m.timing.json")
    def compare(*args):
        out = os.path.join(tmp, "c.json")
        rc = subprocess.run([a.bin, "compare", *args, "--max-regress", "5", "--json", out, "-q"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode
        e = [x for x in json.load(open(out))["engines"] if not x["baseline"]][0]
        return rc, e
    pairs = within_excl = claimed = thr_fail = iid_excl = 0
    def summary(path):
        out = path[:-len(".timing.json")] + ".summary.json"
        with open(out, "w") as f:
            subprocess.run([a.bin, "summary", "--json", path, "-q"], stdout=f, stderr=subprocess.DEVNULL)
        return out
    hist = hist_excl = caught = 0
    for fi, (p, recs) in enumerate(files):
        n = len(recs) // a.window
        ws = [window("f%d-w%d" % (fi, k), recs[k * a.window:(k + 1) * a.window]) for k in range(n)]
        for k in range(n - 1):
            rc, e = compare("a=" + ws[k], "b=" + ws[k + 1])
            est = e["estimate"]; pairs += 1
            w = est["within_run"]
            if w and (w["low_pct"] > 0 or w["high_pct"] < 0): within_excl += 1
            if est["significant"] is not None: claimed += 1
            if rc == 1: thr_fail += 1
            rc, e = compare("a=" + summary(ws[k]), "b=" + summary(ws[k + 1]))
            w = e["estimate"]["within_run"]
            if w and (w["low_pct"] > 0 or w["high_pct"] < 0): iid_excl += 1
        for k in range(a.history, n):
            base = "base=" + ",".join(ws[k - a.history:k])
            rc, e = compare(base, "t=" + ws[k]); hist += 1
            est = e["estimate"]
            if est["low_pct"] is not None and (est["low_pct"] > 0 or est["high_pct"] < 0): hist_excl += 1
            slow = window("f%d-s%d" % (fi, k), recs[k * a.window:(k + 1) * a.window], 1.10)
            rc, e = compare(base, "t=" + slow)
            if rc == 1: caught += 1
    print("%d real runs, windows of %d iterations" % (len(files), a.window))
    print("one run per side, consecutive windows (A/A): %d pairs; within-run interval excludes no change in %.1f%% "
          "(independent bootstrap: %.1f%%); significance claimed in %d; the threshold verdict (5%%) fails %d"
          % (pairs, 100.0 * within_excl / max(pairs, 1), 100.0 * iid_excl / max(pairs, 1), claimed, thr_fail))
    print("history baseline (%d windows before): %d windows; 99%% interval excludes no change in %.1f%%; "
          "a 10%% slowdown fails in %.1f%%" % (a.history, hist, 100.0 * hist_excl / max(hist, 1), 100.0 * caught / max(hist, 1)))

if __name__ == "__main__":
    main()
