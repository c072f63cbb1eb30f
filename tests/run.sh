#!/bin/sh
# Runs every unit test binary and every end-to-end script, then prints one
# closing line: "N passed, N failed, N skipped".
# Unit tests are cmocka binaries in $BUILD/tests; e2e scripts are
# tests/e2e/*.sh printing "ok - ...", "not ok - ..." or "skip - ..." lines
# (E2E="tests/e2e/a.sh ..." runs only those: `make asan` runs a subset).
# Each script's wall time follows its name. UNIT=0 runs the e2e scripts
# only (`make test-expensive`).
BUILD=${BUILD:-build}
export BUILD
export EC_BIN=${EC_BIN:-$BUILD/enginecard}
export EC_GEN=${EC_GEN:-$BUILD/enginegen}
# under `make asan`: library caches LeakSanitizer may not report (the file
# says which and why); ignored by builds without sanitizers
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$(pwd)/tests/lsan.supp:print_suppressions=0}
pass=0; fail=0; skip=0
log=$(mktemp)
for t in "$BUILD"/tests/test_*; do
  [ "${UNIT:-1}" = 0 ] && break
  [ -x "$t" ] || continue
  echo "== $t"
  CMOCKA_MESSAGE_OUTPUT=stdout "$t" > "$log" 2>&1
  rc=$?
  cat "$log"
  p=$(grep -c '^\[       OK \]' "$log")
  # cmocka names a failed test twice (when it fails and in the closing list)
  f=$(grep '^\[  FAILED  \] [a-zA-Z_]' "$log" | sort -u | wc -l)
  s=$(grep '^\[  SKIPPED \] [a-zA-Z_]' "$log" | sort -u | wc -l)
  if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
    echo "!! $t exited $rc without reporting a failed test (crash?)"; f=1
  fi
  pass=$((pass + p)); fail=$((fail + f)); skip=$((skip + s))
done
for s in ${E2E:-tests/e2e/*.sh}; do
  [ -f "$s" ] || continue
  [ "$s" = tests/e2e/lib.sh ] && continue # the helpers the scripts source
  t0=$(date +%s)
  sh "$s" > "$log" 2>&1
  rc=$?
  echo "== $s ($(( $(date +%s) - t0 )) s)"
  cat "$log"
  p=$(grep -c '^ok - ' "$log")
  f=$(grep -c '^not ok - ' "$log")
  k=$(grep -c '^skip - ' "$log")
  if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
    echo "!! $s exited $rc without reporting a failure"; f=1
  fi
  pass=$((pass + p)); fail=$((fail + f)); skip=$((skip + k))
done
rm -f "$log"
echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
