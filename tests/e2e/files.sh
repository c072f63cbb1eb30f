# files: inputs that are not regular files, outputs through symlinks, modes,
# signals during a write, SOURCE_DATE_EPOCH, unreadable directories.
. tests/e2e/lib.sh
X=examples/resnet-fp16-a100/resnet.onnx.engine

# a FIFO never blocks: as ENGINE it is "not a regular file" (not "no such
# file"); named by an option it is refused the same way (before: blocked
# forever waiting for a writer)
mkfifo "$TMP/fifo"
timeout 10 "$EC_BIN" summary "$TMP/fifo" > /dev/null 2> "$TMP/err"; rc=$?
if [ $rc -eq 2 ] && grep -q 'fifo: error: not a regular file' "$TMP/err"; then ok "a FIFO as ENGINE: exit 2, not a regular file"
else fail "a FIFO as ENGINE: exit $rc, $(head -1 "$TMP/err")"; fi
for opt in --graph --profile --timing --meta --log --template; do
  timeout 10 "$EC_BIN" report "$X" $opt "$TMP/fifo" -o "$TMP/r.html" > /dev/null 2> "$TMP/err"; rc=$?
  if [ $rc -eq 2 ] && grep -q 'fifo: error: not a regular file' "$TMP/err"; then ok "a FIFO as $opt: exit 2 at once, not a regular file"
  else fail "a FIFO as $opt: exit $rc$([ $rc -eq 124 ] && echo ' (blocked: timed out)'), $(head -1 "$TMP/err")"; fi
done
mkdir "$TMP/withfifo" && cp examples/resnet-fp16-a100/* "$TMP/withfifo/" && mkfifo "$TMP/withfifo/resnet.onnx.engine.x.json"
timeout 10 "$EC_BIN" summary "$TMP/withfifo" > /dev/null 2>&1; rc=$?
if [ $rc -eq 0 ]; then ok "a FIFO among an engine's files: left out, exit 0"; else fail "a FIFO among an engine's files: exit $rc"; fi

# SOURCE_DATE_EPOCH: one reader for every date; graph -o X.pdf honours it
# (before: its PDF carried the current time), a bad value is a warning
# (before: ignored silently)
SOURCE_DATE_EPOCH=1700000000 "$EC_BIN" graph "$X" -o "$TMP/g1.pdf" 2> /dev/null
sleep 1
SOURCE_DATE_EPOCH=1700000000 "$EC_BIN" graph "$X" -o "$TMP/g2.pdf" 2> /dev/null
if cmp -s "$TMP/g1.pdf" "$TMP/g2.pdf" && grep -aq 'CreationDate (D\{0,1\}:\{0,1\}20231114221320' "$TMP/g1.pdf"; then
  ok "graph -o X.pdf with SOURCE_DATE_EPOCH: dated 2023-11-14, byte-identical a second later"
else fail "graph -o X.pdf with SOURCE_DATE_EPOCH: $(grep -ao 'CreationDate ([^)]*)' "$TMP/g1.pdf")"; fi
for bad in abc " 1700000000" -5 1.5 99999999999999999999; do
  SOURCE_DATE_EPOCH=$bad "$EC_BIN" report "$X" --pdf "$TMP/b.pdf" -o "$TMP/b.html" > /dev/null 2> "$TMP/err"; rc=$?
  if [ $rc -eq 0 ] && [ "$(grep -c 'warning: SOURCE_DATE_EPOCH=.* is not a whole number of seconds' "$TMP/err")" = 1 ]; then
    ok "SOURCE_DATE_EPOCH=\"$bad\": one warning, exit 0"
  else fail "SOURCE_DATE_EPOCH=\"$bad\": exit $rc, $(head -1 "$TMP/err")"; fi
done
SOURCE_DATE_EPOCH=abc "$EC_BIN" summary -q "$X" > /dev/null 2> "$TMP/err"
[ ! -s "$TMP/err" ] && ok "SOURCE_DATE_EPOCH bad with -q: no warning" || fail "SOURCE_DATE_EPOCH bad with -q: $(head -1 "$TMP/err")"

# SIGINT, SIGTERM or SIGHUP mid-write: the temporary file goes, the old
# output stays whole, the process ends as the signal says (before: a
# *.tmp.PID file was left). strace holds the write at its fsync while the
# signal comes (the file's data is synced before the rename).
if command -v strace > /dev/null 2>&1 && strace -o /dev/null -e inject=fsync:delay_enter=1 true 2> /dev/null; then
  strace -f -o "$TMP/trace" -e trace=fsync,rename,write "$EC_BIN" report "$X" -o "$TMP/sync.html" 2> /dev/null
  if "$PY" - "$TMP/trace" <<'PY'
import re, sys
t = open(sys.argv[1]).read().splitlines()
ren = [i for i, l in enumerate(t) if re.search(r'rename\(".*sync\.html\.tmp\.\d+", ".*sync\.html"\)\s*= 0', l)]
assert ren, "no rename"
fd = None
for l in t[:ren[0]]:
    m = re.search(r'write\((\d+), "<!DOCTYPE', l)
    if m: fd = m.group(1)
assert fd, "no write of the page"
assert any(re.search(r'fsync\(%s\)\s*= 0' % fd, l) for l in t[:ren[0]]), "no fsync of fd %s before the rename" % fd
PY
  then ok "report -o: the page is fsync'ed before the rename"; else fail "report -o: no fsync before the rename"; fi
  for sig in INT TERM HUP; do
    mkdir -p "$TMP/sig$sig" && echo old > "$TMP/sig$sig/r.html"
    if "$PY" - "$EC_BIN" "$X" "$TMP/sig$sig/r.html" "$sig" > "$TMP/out" 2>&1 <<'PY'
import glob, os, signal, subprocess, sys, time
ec, eng, out, sig = sys.argv[1:5]
# SIGINT at its default (a shell's background job would ignore it)
p = subprocess.Popen(["strace", "-f", "-o", "/dev/null", "-e", "trace=fsync", "-e", "inject=fsync:delay_enter=3000000",
                      ec, "report", eng, "-o", out], stderr=subprocess.DEVNULL,
                     preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
tmp = []
for _ in range(300):
    tmp = glob.glob(out + ".tmp.*")
    if tmp: break
    time.sleep(0.05)
assert tmp, "no temporary file seen"
pid = int(tmp[0].rsplit(".", 1)[1])
os.kill(pid, getattr(signal, "SIG" + sig))
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
  skip "signals mid-write: strace with fault injection is not available"
fi
