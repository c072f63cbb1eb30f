#!/usr/bin/env python3
"""A local stand-in for the GitHub Actions runner, enough to run enginecard's
composite action (action.yml) and the sample workflow (docs/ci/) offline:

  gh_runner.py action ACTION_DIR WORKSPACE [name=value ...]   run the action's steps with these inputs
  gh_runner.py workflow FILE WORKSPACE                       run every job's steps

`run:` steps run in bash (as `shell: bash` does) in WORKSPACE with GITHUB_ACTIONS,
GITHUB_OUTPUT, GITHUB_ENV, GITHUB_STEP_SUMMARY (one file per job),
GITHUB_ACTION_PATH, GITHUB_WORKSPACE set as the runner sets them; step outputs
and GITHUB_ENV lines are read back the runner's way (name=value, and
name<<DELIM heredocs). `${{ }}` expressions over inputs, steps, env, github
and always()/success()/failure() are evaluated; an unknown function fails.
`uses:` steps: a local path runs that composite action; actions/checkout is a
no-op (with `path:` and `repository:` it links ENGINECARD_ROOT there);
actions/cache/restore and actions/cache/save keep `path:` under STUB_CACHE
(a folder per key; restore takes the exact key, else the newest entry whose
key starts with a `restore-keys` line, as the cache service does); anything
else is recorded with its evaluated `with:` for the test to check (no
network). A job's `if:` is evaluated (a skipped job runs no step); the
github context has event_name, ref, repository, run_id (STUB_RUN_ID) and a
pull request's head repository (STUB_HEAD_REPO, default the repository: a
fork's pull request sets another). `shell: bash` runs with -o pipefail, as
the runner does. Prints one JSON document: outputs, steps, uses, summary path."""
import json, os, re, shutil, subprocess, sys, tempfile

import yaml

EVENT = os.environ.get("STUB_EVENT", "pull_request")
REF = os.environ.get("STUB_REF", "refs/pull/1/merge")
REPO = "your-org/your-repo"
RUN_ID = os.environ.get("STUB_RUN_ID", "1")


def github_ctx(ws, **more):
    g = {"workspace": ws, "event_name": EVENT, "ref": REF, "repository": REPO, "run_id": RUN_ID,
         "event": {"pull_request": {"number": 7, "head": {"repo": {"full_name": os.environ.get("STUB_HEAD_REPO", REPO)}}}}
         if EVENT == "pull_request" else {}}
    g.update(more)
    return g


def cache_step(uses, with_, ctx):
    """actions/cache/restore or /save against STUB_CACHE; returns the step's outputs."""
    root = os.environ.get("STUB_CACHE")
    if not root:
        return None
    path = os.path.join(ctx.workspace, with_["path"])
    key = with_["key"]
    if uses.startswith("actions/cache/save@"):
        dst = os.path.join(root, key)
        if os.path.exists(dst):
            return {}
        os.makedirs(root, exist_ok=True)
        shutil.copytree(path, os.path.join(dst, "data"))
        open(os.path.join(dst, "order"), "w").write(str(len(os.listdir(root))))
        return {}
    entries = sorted(os.listdir(root), key=lambda k: int(open(os.path.join(root, k, "order")).read())) \
        if os.path.isdir(root) else []
    hit = key if key in entries else None
    if not hit:
        for prefix in [l.strip() for l in with_.get("restore-keys", "").splitlines() if l.strip()]:
            found = [k for k in entries if k.startswith(prefix)]
            if found:
                hit = found[-1]
                break
    if hit:
        shutil.rmtree(path, ignore_errors=True)
        shutil.copytree(os.path.join(root, hit, "data"), path)
    return {"cache-hit": "true" if hit == key else "false", "cache-matched-key": hit or ""}


class Ctx:
    def __init__(self, workspace, tmp):
        self.workspace = workspace
        self.tmp = tmp
        self.env = {}
        self.failed = False
        self.log = {"steps": [], "uses": []}
        self.summary = os.path.join(tmp, "step_summary.md")
        open(self.summary, "w").close()


def lookup(path, scope):
    cur = scope
    for part in path.split("."):
        if isinstance(cur, dict) and part in cur:
            cur = cur[part]
        else:
            return ""
    return cur


def evaluate(expr, scope, ctx):
    funcs = {"always()": "True", "success()": repr(not ctx.failed), "failure()": repr(ctx.failed),
             "cancelled()": "False"}
    out, i = [], 0
    tok = re.compile(r"\s+|'(?:[^']|'')*'|[0-9]+(?:\.[0-9]+)?|&&|\|\||==|!=|!|\(|\)|"
                     r"[A-Za-z_][A-Za-z0-9_-]*(?:\.[A-Za-z_][A-Za-z0-9_-]*)*(?:\(\))?")
    while i < len(expr):
        m = tok.match(expr, i)
        if not m:
            raise SystemExit("gh_runner: cannot evaluate %r" % expr)
        t = m.group(0)
        i = m.end()
        if t.isspace():
            continue
        if t.startswith("'"):
            out.append(repr(t[1:-1].replace("''", "'")))
        elif t[0].isdigit():
            out.append(t)
        elif t in ("&&", "||", "!"):
            out.append({"&&": " and ", "||": " or ", "!": " not "}[t])
        elif t in ("==", "!=", "(", ")"):
            out.append(t)
        elif t.endswith("()"):
            if t not in funcs:
                raise SystemExit("gh_runner: unknown function %s" % t)
            out.append(funcs[t])
        elif t in ("true", "false"):
            out.append(t.capitalize())
        else:
            out.append(repr(lookup(t, scope)))
    return eval("".join(out), {"__builtins__": {}})


def subst(value, scope, ctx):
    if not isinstance(value, str):
        return value
    def one(m):
        v = evaluate(m.group(1), scope, ctx)
        return "true" if v is True else "false" if v is False else str(v)
    return re.sub(r"\$\{\{(.*?)\}\}", one, value)


def read_kv(path):
    d = {}
    lines = open(path, encoding="utf-8").read().split("\n")
    k = 0
    while k < len(lines):
        line = lines[k]
        k += 1
        if "<<" in line and ("=" not in line or line.index("<<") < line.index("=")):
            name, delim = line.split("<<", 1)
            val = []
            while k < len(lines) and lines[k] != delim:
                val.append(lines[k])
                k += 1
            k += 1
            d[name] = "\n".join(val)
        elif "=" in line:
            name, v = line.split("=", 1)
            d[name] = v
    return d


def run_steps(steps, scope, ctx, action_path):
    for n, st in enumerate(steps):
        name = st.get("name") or st.get("id") or st.get("uses") or "step %d" % n
        cond = st.get("if")
        if cond is not None:
            cond = str(cond).strip()
            inner = cond[3:-2] if cond.startswith("${{") else cond
            # without a status function the runner adds success() &&
            if not re.search(r"\b(always|success|failure|cancelled)\(\)", inner):
                inner = "success() && (%s)" % inner
            ok = evaluate(inner, scope, ctx)
        else:
            ok = not ctx.failed
        if not ok:
            ctx.log["steps"].append({"name": name, "skipped": True})
            continue
        sid = st.get("id", "__%d_%d" % (id(steps), n))
        if "run" in st:
            env = dict(os.environ)
            env.update(ctx.env)
            for k, v in (st.get("env") or {}).items():
                env[k] = subst(str(v), scope, ctx)
            outp = os.path.join(ctx.tmp, "out.%d" % len(ctx.log["steps"]))
            envf = os.path.join(ctx.tmp, "env.%d" % len(ctx.log["steps"]))
            open(outp, "w").close()
            open(envf, "w").close()
            env.update({"GITHUB_ACTIONS": "true", "CI": "true", "GITHUB_OUTPUT": outp, "GITHUB_ENV": envf,
                        "GITHUB_STEP_SUMMARY": ctx.summary, "GITHUB_WORKSPACE": ctx.workspace,
                        "GITHUB_EVENT_NAME": EVENT, "GITHUB_REF": REF})
            if action_path:
                env["GITHUB_ACTION_PATH"] = action_path
            script = subst(st["run"], scope, ctx)
            shell = ["bash", "-e", "-o", "pipefail"] if st.get("shell") == "bash" else ["bash", "-e"]
            p = subprocess.run(shell + ["-c", script], cwd=ctx.workspace, env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            sys.stderr.write(p.stdout)
            outs = read_kv(outp)
            ctx.env.update(read_kv(envf))
            scope["steps"][sid] = {"outputs": outs, "outcome": "success" if p.returncode == 0 else "failure"}
            ctx.log["steps"].append({"name": name, "rc": p.returncode, "outputs": outs, "stdout": p.stdout})
            if p.returncode != 0 and not st.get("continue-on-error"):
                ctx.failed = True
        elif "uses" in st:
            uses = st["uses"]
            with_ = {k: subst(str(v), scope, ctx) for k, v in (st.get("with") or {}).items()}
            if uses.startswith("./"):
                apath = os.path.normpath(os.path.join(ctx.workspace, uses))
                outs = run_action(apath, with_, ctx)
                scope["steps"][sid] = {"outputs": outs}
                ctx.log["steps"].append({"name": name, "action": uses, "outputs": outs})
            else:
                if uses.startswith("actions/checkout@") and "path" in with_ and "repository" in with_:
                    dst = os.path.join(ctx.workspace, with_["path"])
                    if not os.path.exists(dst):
                        os.symlink(os.environ["ENGINECARD_ROOT"], dst)
                outs = cache_step(uses, with_, ctx) if uses.startswith("actions/cache/") else None
                ctx.log["uses"].append({"uses": uses, "with": with_, "name": name})
                scope["steps"][sid] = {"outputs": outs or {}}
                ctx.log["steps"].append({"name": name, "uses": uses})


def run_action(apath, inputs, ctx):
    a = yaml.safe_load(open(os.path.join(apath, "action.yml")))
    assert a["runs"]["using"] == "composite", "not a composite action"
    ins = {}
    for k, spec in (a.get("inputs") or {}).items():
        if k in inputs:
            ins[k] = inputs[k]
        elif spec.get("required") and "default" not in spec:
            raise SystemExit("gh_runner: required input %s not given" % k)
        else:
            ins[k] = str(spec.get("default", ""))
    unknown = set(inputs) - set(ins)
    if unknown:
        raise SystemExit("gh_runner: unknown inputs %s" % sorted(unknown))
    scope = {"inputs": ins, "steps": {}, "env": ctx.env, "github": github_ctx(ctx.workspace, action_path=apath)}
    for st in a["runs"]["steps"]:
        if "run" in st:
            assert st.get("shell"), "a composite run step needs shell:"
    run_steps(a["runs"]["steps"], scope, ctx, apath)
    return {k: subst(str(v["value"]), scope, ctx) for k, v in (a.get("outputs") or {}).items()}


def main():
    mode, target, ws = sys.argv[1], sys.argv[2], os.path.abspath(sys.argv[3])
    with tempfile.TemporaryDirectory() as tmp:
        ctx = Ctx(ws, tmp)
        res = {}
        if mode == "action":
            inputs = dict(a.split("=", 1) for a in sys.argv[4:])
            res["outputs"] = run_action(os.path.abspath(target), inputs, ctx)
        else:
            wf = yaml.safe_load(open(target))
            res["skipped_jobs"] = []
            for job_id, job in wf["jobs"].items():
                scope = {"inputs": {}, "steps": {}, "env": ctx.env, "github": github_ctx(ws)}
                cond = str(job.get("if", "true")).strip()
                if not evaluate(cond[3:-2] if cond.startswith("${{") else cond, scope, ctx):
                    res["skipped_jobs"].append(job_id)
                    continue
                ctx.env.update({k: str(v) for k, v in (job.get("env") or {}).items()})
                run_steps(job["steps"], scope, ctx, None)
        res.update(ctx.log)
        res["failed"] = ctx.failed
        res["summary"] = open(ctx.summary, encoding="utf-8").read()
        print(json.dumps(res))


if __name__ == "__main__":
    main()
