#!/usr/bin/env python3
"""gate_rates - how often compare's gate and trend say what, on real runs and
on simulated ones: the rates docs/compare.md quotes (`make bench-gate`).

Real runs: the corpus's long timing files (6,000+ iterations of computeMs),
cut into consecutive windows of W iterations (default 1000) and into halves,
written to a temporary directory as timing files. Same-process windows are
A/A pairs: nothing changed but time.
  R1 one run per side, consecutive windows: how often the within-run interval
     excludes no change, how often a direction is claimed (JSON change not
     null: it must never be), threshold failures at 5%, inconclusive verdicts,
     and how often a start-up level was trimmed from a window that is not a
     run's first (it has none);
  R2 the same on the two halves of each run;
  R3 history baseline: the H windows before a window as the baseline's runs
     (NAME=a,b,...): how often the 99% interval excludes no change, and how
     often that window made 10% slower fails;
  R4 one run per side, 10% slower: fails with the within-run veto and by the
     threshold alone (the power the veto costs);
  R5 a window with one iteration 1000 times slower, --metric gpu-mean: the
     verdict (the within-run interval vetoes the threshold failure);
  R6 trend over the windows of each run as nights: change points reported
     (none under 1% may be) and their sizes.
Simulated runs (enginegen --ar 0.9 --levels 300:0.5: AR(1) iterations on
levels that hold about 300 iterations, 0.5% apart; a run-to-run shift of
NIGHT% sd between runs, --slow):
  S1 one run per side, A/A: threshold failures, inconclusive, direction claims;
  S2 one run per side, 10% slower: failures with the veto, and by the
     threshold alone;
  S3 history baselines of 3, 5 and 10 nights at NIGHT% noise against a night
     10% slower: fail, inconclusive (and the nights its words say would
     decide it), pass; and A/A against the same baselines: false failures;
  S4 one iteration 1000 times slower, --metric gpu-mean: the verdicts;
  S5 one run per side, two runs without a run-to-run shift: how often the
     within-run interval excludes no change (its coverage where it should
     hold: the level it would claim).

usage: gate_rates.py ENGINECARD ENGINEGEN CORPUS_DIR [--window 1000]
       [--history 5] [--sims 60] [--night 2]
Deterministic (fixed seeds); a few minutes on two cores. Files are written
only under a temporary directory, removed at the end. A missing corpus skips
the real-run rows and says so."""
import argparse, glob, json, os, random, re, shutil, statistics, subprocess, sys, tempfile


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("bin"); ap.add_argument("gen"); ap.add_argument("corpus")
    ap.add_argument("--window", type=int, default=1000); ap.add_argument("--history", type=int, default=5)
    ap.add_argument("--sims", type=int, default=60); ap.add_argument("--night", type=float, default=2.0)
    a = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="gate_rates.")
    try:
        real(a, tmp)
        simulated(a, tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def compare(a, tmp, *args, metric=None):
    """compare ARGS --max-regress 5: (exit code, the first candidate's JSON)."""
    out = os.path.join(tmp, "c.json")
    cmd = [a.bin, "compare", *args, "--max-regress", "5", "--json", out, "-q"]
    if metric:
        cmd += ["--metric", metric]
    rc = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode
    d = json.load(open(out))
    return rc, [x for x in d["engines"] if not x["baseline"]][0], d


def excludes(lo, hi):
    return lo is not None and hi is not None and (lo > 0 or hi < 0)


def pct(k, n):
    return "%.1f%%" % (100.0 * k / n) if n else "n/a"


class Tally:
    """One-run-per-side A/A statistics."""
    def __init__(self):
        self.n = self.within = self.claimed = self.fail = self.inconclusive = 0

    def add(self, rc, e):
        self.n += 1
        w = e["estimate"]["within_run"]
        self.within += bool(w and excludes(w["low_pct"], w["high_pct"]))
        self.claimed += e["change"] is not None
        self.fail += rc == 1
        self.inconclusive += e["verdict"] == "inconclusive"

    def line(self, what):
        return ("%s: %d pairs; within-run interval excludes no change in %s; a direction claimed in %d; "
                "threshold failures %d; inconclusive %d" % (what, self.n, pct(self.within, self.n), self.claimed,
                                                             self.fail, self.inconclusive))


def write_run(tmp, tag, recs, f=1.0, spike=None):
    d = os.path.join(tmp, tag)
    os.makedirs(d, exist_ok=True)
    rs = [{k: v * f if isinstance(v, (int, float)) else v for k, v in r.items()} for r in recs]
    if spike is not None:
        rs[spike] = {k: v * 1000 if k in ("computeMs", "latencyMs") else v for k, v in rs[spike].items()}
    p = os.path.join(d, "m.timing.json")
    json.dump(rs, open(p, "w"))
    return p


def real(a, tmp):
    files = []
    for p in sorted(glob.glob(os.path.join(a.corpus, "**", "*.timing.json"), recursive=True)):
        try:
            recs = json.load(open(p))
        except ValueError:
            continue
        if isinstance(recs, list) and len(recs) >= 6 * a.window and "computeMs" in recs[0]:
            files.append((p, recs))
    if not files:
        print("real runs: skipped (no corpus timing file of %d+ iterations under %s)" % (6 * a.window, a.corpus))
        return
    r1, r2 = Tally(), Tally()
    mid = trimmed = 0
    hist = hist_excl = caught = 0
    p_veto = p_thr = p_n = 0
    spikes = {}
    cps, cp_sizes = 0, []
    for fi, (p, recs) in enumerate(files):
        n = len(recs) // a.window
        ws = [write_run(tmp, "f%d-w%d" % (fi, k), recs[k * a.window:(k + 1) * a.window]) for k in range(n)]
        for k in range(n - 1):
            rc, e, d = compare(a, tmp, "a=" + ws[k], "b=" + ws[k + 1])
            r1.add(rc, e)
            # a start-up level trimmed from a window that is not the run's first
            for x in d["engines"]:
                w = ws[k] if x["baseline"] else ws[k + 1]
                if w != ws[0]:
                    mid += 1
                    trimmed += x["warmup_trimmed"] > 0
            slow = write_run(tmp, "f%d-s%d" % (fi, k), recs[(k + 1) * a.window:(k + 2) * a.window], 1.10)
            rc, e, _ = compare(a, tmp, "a=" + ws[k], "b=" + slow)
            p_n += 1
            p_veto += rc == 1
            p_thr += e["estimate"]["regress_pct"] > 5
        h = len(recs) // 2
        first, second = write_run(tmp, "f%d-h1" % fi, recs[:h]), write_run(tmp, "f%d-h2" % fi, recs[h:2 * h])
        rc, e, _ = compare(a, tmp, "a=" + first, "b=" + second)
        r2.add(rc, e)
        for k in range(a.history, n):
            base = "base=" + ",".join(ws[k - a.history:k])
            rc, e, _ = compare(a, tmp, base, "t=" + ws[k])
            hist += 1
            hist_excl += excludes(e["estimate"]["low_pct"], e["estimate"]["high_pct"])
            slow = write_run(tmp, "f%d-hs%d" % (fi, k), recs[k * a.window:(k + 1) * a.window], 1.10)
            rc, e, _ = compare(a, tmp, base, "t=" + slow)
            caught += rc == 1
        spike = write_run(tmp, "f%d-sp" % fi, recs[a.window:2 * a.window], 1.0, spike=a.window // 2)
        rc, e, _ = compare(a, tmp, "a=" + ws[0], "b=" + spike, metric="gpu-mean")
        spikes[e["verdict"]] = spikes.get(e["verdict"], 0) + 1
        # trend over the windows (of 500) as nights
        nd = os.path.join(tmp, "f%d-nights" % fi)
        os.makedirs(nd, exist_ok=True)
        wn = 500
        for k in range(len(recs) // wn):
            w = write_run(tmp, "f%d-n%d" % (fi, k), recs[k * wn:(k + 1) * wn])
            with open(os.path.join(nd, "%04d.json" % k), "w") as f:
                subprocess.run([a.bin, "summary", "--json", "--label", "night=%d" % k, w, "-q"], stdout=f,
                               stderr=subprocess.DEVNULL)
        tj = os.path.join(tmp, "t.json")
        subprocess.run([a.bin, "trend", nd, "--by", "night", "--json", tj, "-q"], stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
        for g in json.load(open(tj))["engines"]:
            for c in g["change_points"]:
                cps += 1
                cp_sizes.append(abs(c["level_after"] / c["level_before"] - 1) * 100)
    print("real runs: %d corpus timing files of %d+ iterations, windows of %d" % (len(files), 6 * a.window, a.window))
    print("  R1 " + r1.line("consecutive windows, one run per side (A/A)"))
    print("     a start-up level trimmed from %d of %d windows that are not a run's first" % (trimmed, mid))
    print("  R2 " + r2.line("the two halves of each run (A/A)"))
    print("  R3 history baseline (%d windows before): %d windows; the 99%% interval excludes no change in %s; "
          "a 10%% slowdown fails in %s" % (a.history, hist, pct(hist_excl, hist), pct(caught, hist)))
    print("  R4 one run per side, the next window 10%% slower: fails in %s with the within-run veto, %s by the "
          "threshold alone (%d pairs)" % (pct(p_veto, p_n), pct(p_thr, p_n), p_n))
    print("  R5 one iteration 1000x slower, --metric gpu-mean: %s" % ", ".join(
        "%s %d" % kv for kv in sorted(spikes.items())))
    print("  R6 trend over windows of 500 as nights: %d change points%s" % (
        cps, "; sizes %s" % ", ".join("%.2f%%" % x for x in sorted(cp_sizes)) if cp_sizes else ""))


def gen(a, tmp, tag, seed, slow=0.0, extra=()):
    """One run of one engine (--seed 7): its iterations from run seed `seed`."""
    d = os.path.join(tmp, tag)
    os.makedirs(d, exist_ok=True)
    subprocess.run([a.gen, "--out", os.path.join(d, "m"), "--layers", "20", "--iterations", "2000", "--ar", "0.9",
                    "--levels", "300:0.5", "--seed", "7", "--run-seed", str(seed), "--slow", "%.4f" % slow, *extra],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return os.path.join(d, "m")


def simulated(a, tmp):
    rng = random.Random(20240517)
    night = a.night
    shift = lambda: 100 * (2.718281828 ** (night / 100 * rng.gauss(0, 1)) - 1)
    s1, s2 = Tally(), [0, 0, 0]
    seed = 1000
    for i in range(a.sims):
        seed += 3
        x = gen(a, tmp, "sa", seed, shift())
        y = gen(a, tmp, "sb", seed + 1, shift())
        rc, e, _ = compare(a, tmp, "a=" + x, "b=" + y)
        s1.add(rc, e)
        z = gen(a, tmp, "sc", seed + 2, (1 + shift() / 100) * 110 - 100)
        rc, e, _ = compare(a, tmp, "a=" + x, "b=" + z)
        s2[0] += 1
        s2[1] += rc == 1
        s2[2] += e["estimate"]["regress_pct"] > 5
    print("simulated runs (enginegen --ar 0.9 --levels 300:0.5, 2,000 iterations; %g%% run-to-run noise):" % night)
    print("  S1 " + s1.line("one run per side, A/A"))
    print("  S2 one run per side, 10%% slower: fails in %s with the within-run veto, %s by the threshold alone "
          "(%d pairs)" % (pct(s2[1], s2[0]), pct(s2[2], s2[0]), s2[0]))
    for k in (3, 5, 10):
        fail = inc = ok = aa_fail = 0
        needs = []
        for i in range(max(a.sims // 2, 10)):
            seed += k + 3
            nights = [gen(a, tmp, "h%d" % j, seed + j, shift()) for j in range(k)]
            base = "base=" + ",".join(nights)
            rc, e, _ = compare(a, tmp, base, "t=" + gen(a, tmp, "ht", seed + k, (1 + shift() / 100) * 110 - 100))
            fail += rc == 1
            ok += rc == 0
            if rc == 4:
                inc += 1
                m = re.search(r"(\d+) baseline runs \(nights\) would decide it", e["reason"])
                if m:
                    needs.append(int(m.group(1)))
            rc, e, _ = compare(a, tmp, base, "t=" + gen(a, tmp, "ha", seed + k + 1, shift()))
            aa_fail += rc == 1
        n = max(a.sims // 2, 10)
        print("  S3 %2d nights as the baseline, tonight 10%% slower: fail %s, inconclusive %s%s, pass %s; A/A: "
              "false failures %s (%d windows)" % (k, pct(fail, n), pct(inc, n),
                                                  " (would be decided with %s nights, median)" % statistics.median(needs)
                                                  if needs else "", pct(ok, n), pct(aa_fail, n), n))
    verdicts = {}
    for i in range(10):
        seed += 2
        x = gen(a, tmp, "oa", seed)
        y = gen(a, tmp, "ob", seed + 1, 0.0, ("--outlier", "1000:1000"))
        rc, e, _ = compare(a, tmp, "a=" + x, "b=" + y, metric="gpu-mean")
        verdicts[e["verdict"]] = verdicts.get(e["verdict"], 0) + 1
    print("  S4 one iteration 1000x slower, --metric gpu-mean: %s" % ", ".join("%s %d" % kv for kv in sorted(verdicts.items())))
    s5 = Tally()
    for i in range(a.sims):
        seed += 2
        rc, e, _ = compare(a, tmp, "a=" + gen(a, tmp, "wa", seed), "b=" + gen(a, tmp, "wb", seed + 1))
        s5.add(rc, e)
    print("  S5 " + s5.line("one run per side, two runs of one level (no run-to-run shift)"))


if __name__ == "__main__":
    main()
