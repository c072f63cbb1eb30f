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
