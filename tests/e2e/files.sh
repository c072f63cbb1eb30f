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
# the signal at its default (a shell's background job ignores SIGINT, nohup
# SIGHUP, and enginecard rightly keeps a signal its caller ignores)
p = subprocess.Popen(["strace", "-f", "-o", "/dev/null", "-e", "trace=fsync", "-e", "inject=fsync:delay_enter=3000000",
                      ec, "report", eng, "-o", out], stderr=subprocess.DEVNULL,
                     preexec_fn=lambda: signal.signal(getattr(signal, "SIG" + sig), signal.SIG_DFL))
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

# -o onto a symlink writes the file it names and the link stays; rewriting a
# file keeps its mode (before: the link was replaced by a file, and a 0600
# report came back 0644); a device is written into, never replaced
mkdir -p "$TMP/ln/real"
echo old > "$TMP/ln/real/r.html" && chmod 600 "$TMP/ln/real/r.html"
ln -s real/r.html "$TMP/ln/link.html"
ln -s ../link.html "$TMP/ln/real/chain.html"
"$EC_BIN" report "$X" -o "$TMP/ln/link.html" 2> "$TMP/err"; rc=$?
if [ $rc -eq 0 ] && [ -L "$TMP/ln/link.html" ] && [ "$(head -c 15 "$TMP/ln/real/r.html")" = "<!DOCTYPE html>" ] &&
   [ "$(stat -c %a "$TMP/ln/real/r.html")" = 600 ]; then
  ok "report -o a symlink: the link stays, its target is rewritten and keeps mode 0600"
else fail "report -o a symlink: exit $rc, link $([ -L "$TMP/ln/link.html" ] && echo kept || echo replaced), mode $(stat -c %a "$TMP/ln/real/r.html")"; fi
echo old > "$TMP/ln/real/r.html"
"$EC_BIN" compare "$X" "$X" --json "$TMP/ln/real/chain.html" > /dev/null 2>&1; rc=$?
if [ $rc -eq 0 ] && [ -L "$TMP/ln/real/chain.html" ] && head -c 1 "$TMP/ln/real/r.html" | grep -q '{' && [ -z "$(ls "$TMP/ln" "$TMP/ln/real" | grep '\.tmp\.')" ]; then
  ok "compare --json through two symlinks: the final file is written, no temporary file left"
else fail "compare --json through two symlinks: exit $rc"; fi
ln -s missing.svg "$TMP/ln/dangling.svg"
"$EC_BIN" graph "$X" -o "$TMP/ln/dangling.svg" 2> /dev/null; rc=$?
if [ $rc -eq 0 ] && [ -L "$TMP/ln/dangling.svg" ] && [ -s "$TMP/ln/missing.svg" ]; then ok "graph -o a dangling symlink: creates the file it names"
else fail "graph -o a dangling symlink: exit $rc"; fi
umask 077; "$EC_BIN" report "$X" -o "$TMP/ln/new.html" 2> /dev/null; umask 022
[ "$(stat -c %a "$TMP/ln/new.html")" = 600 ] && ok "report -o a new file: the umask decides its mode" || fail "report -o a new file: mode $(stat -c %a "$TMP/ln/new.html")"
# (a FIFO of the test's own with a reader, not /dev/null: a regression
# run as root must not replace a system device)
mkfifo "$TMP/ln/pipe.html"
timeout 20 cat "$TMP/ln/pipe.html" > "$TMP/ln/piped" &
"$EC_BIN" report "$X" -o "$TMP/ln/pipe.html" 2> "$TMP/err"; rc=$?
wait
if [ $rc -eq 0 ] && [ -p "$TMP/ln/pipe.html" ] && [ "$(head -c 15 "$TMP/ln/piped")" = "<!DOCTYPE html>" ]; then
  ok "report -o a FIFO: written into, still a FIFO"
else fail "report -o a FIFO: exit $rc, $(head -1 "$TMP/err")"; [ -p "$TMP/ln/pipe.html" ] || : > "$TMP/ln/pipe.html"; fi

# an unreadable directory says "permission denied" (before: "the directory
# holds no files"). Root reads everything: as root the check runs as
# nobody (setpriv) when it can, else it is skipped.
mkdir -p "$TMP/perm/d" && cp examples/resnet-fp16-a100/* "$TMP/perm/d/" && chmod 000 "$TMP/perm/d"
chmod 755 "$TMP" "$TMP/perm"
AS=""
if [ "$(id -u)" -eq 0 ]; then
  if command -v setpriv > /dev/null 2>&1 && setpriv --reuid=65534 --regid=65534 --clear-groups "$EC_BIN" --version > /dev/null 2>&1; then
    AS="setpriv --reuid=65534 --regid=65534 --clear-groups"
  else AS=skip; fi
fi
if [ "$AS" = skip ]; then
  skip "an unreadable directory: running as root and cannot run as nobody"
else
  $AS "$EC_BIN" summary "$TMP/perm/d" > /dev/null 2> "$TMP/err"; rc=$?
  if [ $rc -eq 2 ] && grep -q 'perm/d: error: cannot read the directory: Permission denied' "$TMP/err"; then
    ok "an unreadable directory as ENGINE: exit 2, permission denied${AS:+ (as nobody)}"
  else fail "an unreadable directory as ENGINE: exit $rc, $(head -1 "$TMP/err")"; fi
  $AS "$EC_BIN" summary "$TMP/perm/d/resnet.onnx.engine" > /dev/null 2> "$TMP/err"; rc=$?
  if [ $rc -eq 2 ] && grep -q 'error: cannot read the prefix.s directory: Permission denied' "$TMP/err"; then
    ok "a prefix in an unreadable directory: exit 2, permission denied"
  else fail "a prefix in an unreadable directory: exit $rc, $(head -1 "$TMP/err")"; fi
  chmod 755 "$TMP/perm/d" && chmod 000 "$TMP/perm/d/resnet.onnx.engine.graph.json"
  $AS "$EC_BIN" summary --graph "$TMP/perm/d/resnet.onnx.engine.graph.json" "$TMP/perm/d/resnet.onnx.engine" > /dev/null 2> "$TMP/err"; rc=$?
  if [ $rc -eq 2 ] && grep -q 'graph.json: error: cannot open: Permission denied' "$TMP/err"; then
    ok "an unreadable --graph file: exit 2, permission denied"
  else fail "an unreadable --graph file: exit $rc, $(head -1 "$TMP/err")"; fi
fi
chmod -R u+rwX "$TMP/perm"
