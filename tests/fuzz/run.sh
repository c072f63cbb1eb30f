#!/bin/sh
# Runs the libFuzzer targets one at a time, niced, for FUZZ_SECONDS each
# (default 60): tests/fuzz/run.sh [TARGET...] (json log template escape).
# Build them first with `make fuzz`. The growing corpus lives in
# build-fuzz/corpus/TARGET (seeded from tests/fuzz/seeds/TARGET), crashes in
# build-fuzz/artifacts/TARGET/, the log in build-fuzz/logs/TARGET.log; the
# last lines of each log (executions, exec/s) are printed. Exits 1 when a
# target found something: copy the artifact to tests/fuzz/regress/TARGET/,
# fix the bug, and the unit test test_fuzz_regress replays it from then on.
cd "$(dirname "$0")/../.." || exit 2
B=${FUZZ_BUILD:-build-fuzz}
SECS=${FUZZ_SECONDS:-60}
targets=${*:-json log template escape}
status=0
for t in $targets; do
  bin=$B/fuzz/fuzz_$t
  [ -x "$bin" ] || { echo "fuzz: $bin missing: run make fuzz"; exit 2; }
  case $t in
    json|log) max=65536 ;;
    template) max=16384 ;;
    *) max=4096 ;;
  esac
  dict=""
  [ -f "tests/fuzz/$t.dict" ] && dict="-dict=tests/fuzz/$t.dict"
  mkdir -p "$B/corpus/$t" "$B/artifacts/$t" "$B/logs"
  before=$(ls "$B/artifacts/$t" | wc -l)
  echo "fuzz: $t for ${SECS}s (max_len $max)"
  nice -n 10 "$bin" -max_total_time="$SECS" -max_len="$max" -rss_limit_mb=2048 -timeout=20 \
    -print_final_stats=1 $dict -artifact_prefix="$B/artifacts/$t/" \
    "$B/corpus/$t" "tests/fuzz/seeds/$t" > "$B/logs/$t.log" 2>&1
  rc=$?
  grep -E '^(stat::number_of_executed_units|stat::average_exec_per_sec|stat::peak_rss_mb|Done )' "$B/logs/$t.log" | sed "s/^/  $t: /"
  if [ $rc -ne 0 ] || [ "$(ls "$B/artifacts/$t" | wc -l)" -ne "$before" ]; then
    echo "fuzz: $t FOUND SOMETHING (exit $rc): see $B/logs/$t.log and $B/artifacts/$t/"
    status=1
  fi
done
exit $status
