# writes: nothing is lost silently. A full device, a full file system and a
# reader that goes away all end with a non-zero exit: "error writing
# stdout|FILE: REASON" and exit 2, or (a broken pipe) quietly with exit 2.
. tests/e2e/lib.sh
E=$TMP/e/w.engine
mkdir -p "$TMP/e"
"$EC_GEN" --out "$E" --layers 3000 > /dev/null 2>&1 # a CSV of 1 MB: more than a pipe holds

# every command that prints to stdout, onto /dev/full
for args in "summary $E" "summary --json $E" "layers --csv $E" "layers --json $E" "lint $E" "lint --json $E" \
            "compare $E $E" "--help" "--version"; do
  # shellcheck disable=SC2086
  "$EC_BIN" $args > /dev/full 2> "$TMP/err"; rc=$?
  if [ $rc -eq 2 ] && grep -q 'enginecard: error writing stdout: No space left on device' "$TMP/err"; then
    ok "$(printf %s "$args" | sed "s|$E|ENGINE|g") > /dev/full: exit 2, says so"
  else fail "$(printf %s "$args" | sed "s|$E|ENGINE|g") > /dev/full: exit $rc, $(head -1 "$TMP/err")"; fi
done

# a reader that closes the pipe early, with SIGPIPE ignored (Python's
# subprocess, some CI runners): quiet, but not exit 0
for args in "layers --csv $E" "layers --json $E"; do
  # shellcheck disable=SC2086
  sh -c 'trap "" PIPE; "$@"; echo $? > "'"$TMP"'/rc"' sh "$EC_BIN" $args 2> "$TMP/err" | head -1 > /dev/null
  rc=$(cat "$TMP/rc")
  if [ "$rc" = 2 ] && [ ! -s "$TMP/err" ]; then ok "$(printf %s "$args" | sed "s|$E|ENGINE|g") | head -1 with SIGPIPE ignored: exit 2, no message"
  else fail "$(printf %s "$args" | sed "s|$E|ENGINE|g") | head -1 with SIGPIPE ignored: exit $rc, says: $(head -1 "$TMP/err")"; fi
done
# the same with SIGPIPE at its default: the signal ends it (never exit 0)
sh -c '"$@"; echo $? > "'"$TMP"'/rc"' sh "$EC_BIN" layers --csv "$E" 2> /dev/null | head -1 > /dev/null
rc=$(cat "$TMP/rc")
if [ "$rc" != 0 ]; then ok "layers --csv | head -1: exit $rc"; else fail "layers --csv | head -1: exit 0"; fi

# a full file system (a 64 KiB tmpfs) for files and for stdout redirected
M=$TMP/mnt
mkdir -p "$M"
trap 'umount "$M" 2> /dev/null; rm -rf "$TMP"' EXIT # also when a reader ends the script early
if mount -t tmpfs -o size=64k tmpfs "$M" 2> /dev/null; then
  "$EC_BIN" report "$E" -o "$M/r.html" 2> "$TMP/err"; rc=$?
  if [ $rc -eq 2 ] && grep -q "error writing $M/r.html: No space left on device" "$TMP/err" && [ -z "$(ls "$M")" ]; then
    ok "report -o on a full file system: exit 2, says so, nothing left behind"
  else fail "report -o on a full file system: exit $rc, $(head -1 "$TMP/err"), left: $(ls "$M")"; fi
  for opt in --json --markdown --junit; do
    "$EC_BIN" compare "$E" "$E" $opt "$M/c.out" > /dev/null 2> "$TMP/err"; rc=$?
    if [ $rc -eq 2 ] && grep -q "error writing $M/c.out" "$TMP/err"; then ok "compare $opt on a full file system: exit 2"
    else
      # small enough to fit: then it must be whole
      if [ $rc -le 1 ] && [ -s "$M/c.out" ]; then ok "compare $opt on a 64 KiB file system: fits, exit $rc"
      else fail "compare $opt on a full file system: exit $rc, $(head -1 "$TMP/err")"; fi
    fi
    rm -f "$M/c.out"
  done
  "$EC_BIN" graph "$E" -o "$M/g.svg" 2> "$TMP/err"; rc=$?
  if [ $rc -eq 2 ] && grep -q "error writing $M/g.svg: No space left on device" "$TMP/err"; then ok "graph -o on a full file system: exit 2"
  else fail "graph -o on a full file system: exit $rc, $(head -1 "$TMP/err")"; fi
  "$EC_BIN" layers --csv "$E" > "$M/l.csv" 2> "$TMP/err"; rc=$?
  if [ $rc -eq 2 ] && grep -q 'error writing stdout: No space left on device' "$TMP/err"; then
    ok "layers --csv > a file on a full file system: exit 2, says so"
  else fail "layers --csv > a file on a full file system: exit $rc, $(head -1 "$TMP/err")"; fi
  umount "$M"
else
  skip "writes on a full file system: cannot mount a tmpfs here (needs root in a mount namespace)"
fi
