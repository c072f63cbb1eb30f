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
