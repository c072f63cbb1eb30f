# No temporary file is left behind (issue 35.5). Every write goes to
# NAME.tmp.PID and is renamed; a signal that ends the process mid-write
# removes it first: SIGQUIT, SIGUSR1, SIGALRM and SIGXCPU here (files.sh has
# SIGINT, SIGTERM and SIGHUP), held at the write's fsync by strace; SIGXFSZ
# when the write itself passes a file size limit (ulimit -f). What no handler
# sees (SIGKILL) leaves NAME.tmp.PID, which the next write of NAME removes
# when that process is gone (a live writer's file stays).
. tests/e2e/lib.sh
X=examples/resnet-int8-a100
if command -v strace > /dev/null 2>&1 && strace -o /dev/null -e inject=fsync:delay_enter=1 true 2> /dev/null; then
  for sig in QUIT USR1 ALRM XCPU; do
    mkdir -p "$TMP/sig$sig" && echo old > "$TMP/sig$sig/r.html"
    if "$PY" - "$EC_BIN" "$X" "$TMP/sig$sig/r.html" "$sig" > "$TMP/out" 2>&1 <<'PY'
import glob, os, signal, subprocess, sys, time
ec, eng, out, sig = sys.argv[1:5]
s = getattr(signal, "SIG" + sig)
p = subprocess.Popen(["strace", "-f", "-o", "/dev/null", "-e", "trace=fsync", "-e", "inject=fsync:delay_enter=3000000",
                      ec, "report", eng, "-o", out], stderr=subprocess.DEVNULL,
                     preexec_fn=lambda: signal.signal(s, signal.SIG_DFL))
tmp = []
for _ in range(300):
    tmp = glob.glob(out + ".tmp.*")
    if tmp: break
    time.sleep(0.05)
assert tmp, "no temporary file seen"
os.kill(int(tmp[0].rsplit(".", 1)[1]), s)
rc = p.wait()
left = glob.glob(out + ".tmp.*")
assert not left, "left behind: %r" % left
assert open(out).read() == "old\n", "the old output changed"
assert rc != 0, "exit 0"
print("exit %d" % rc)
PY
    then ok "SIG$sig mid-write: no temporary file left, the old output intact ($(cat "$TMP/out"))"
    else fail "SIG$sig mid-write: $(tail -1 "$TMP/out")"; fi
  done
else
  skip "SIGQUIT, SIGUSR1, SIGALRM, SIGXCPU mid-write: strace with fault injection is not available"
fi

# ulimit -f: the page passes the limit while it is written (SIGXFSZ)
mkdir -p "$TMP/fsz" && echo old > "$TMP/fsz/r.html"
sh -c 'ulimit -f 16 && exec "$0" report "$1" -o "$2"' "$EC_BIN" "$X" "$TMP/fsz/r.html" > /dev/null 2>&1; rc=$?
left=$(ls "$TMP/fsz" | grep -c '\.tmp\.')
if [ $rc -ne 0 ] && [ "$left" = 0 ] && [ "$(cat "$TMP/fsz/r.html")" = old ]; then
  ok "ulimit -f reached mid-write (SIGXFSZ): exit $rc, no temporary file left, the old output intact"
else fail "ulimit -f: exit $rc, $left temporary files: $(ls "$TMP/fsz" | tr '\n' ' ')"; fi
# with SIGXFSZ ignored the write fails with EFBIG: an error, no temporary file
"$PY" - "$EC_BIN" "$X" "$TMP/fsz/r.html" > "$TMP/efbig" 2>&1 <<'PY'
import resource, signal, subprocess, sys
def lim():
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (8192, 8192))
p = subprocess.run([sys.argv[1], "report", sys.argv[2], "-o", sys.argv[3]], preexec_fn=lim, capture_output=True, text=True)
print(p.returncode, p.stderr.strip().splitlines()[-1] if p.stderr.strip() else "")
PY
left=$(ls "$TMP/fsz" | grep -c '\.tmp\.')
grep -q '^2 .*File too large' "$TMP/efbig" && [ "$left" = 0 ] && ok "SIGXFSZ ignored: exit 2, 'File too large', no temporary file" ||
  fail "SIGXFSZ ignored: $(cat "$TMP/efbig"), $left temporary files"

# SIGKILL: nothing can remove NAME.tmp.PID then; the next write of NAME does
mkdir -p "$TMP/kill"
dead=$("$PY" -c '
import os
n = int(open("/proc/sys/kernel/pid_max").read()) - 1
while n > 300:
    try: os.kill(n, 0)
    except ProcessLookupError: print(n); break
    except PermissionError: pass
    n -= 1')
echo stale > "$TMP/kill/r.html.tmp.$dead"
echo live > "$TMP/kill/r.html.tmp.$$"
echo other > "$TMP/kill/other.html.tmp.$dead"
"$EC_BIN" report "$X" -o "$TMP/kill/r.html" > /dev/null 2>&1
if [ ! -e "$TMP/kill/r.html.tmp.$dead" ] && [ -e "$TMP/kill/r.html.tmp.$$" ] && [ -e "$TMP/kill/other.html.tmp.$dead" ] &&
   grep -q '<svg' "$TMP/kill/r.html"; then
  ok "a killed writer's r.html.tmp.PID is removed by the next write of r.html (a live writer's and another file's stay)"
else fail "stale temporary files: $(ls "$TMP/kill" | tr '\n' ' ')"; fi
