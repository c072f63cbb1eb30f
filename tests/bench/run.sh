#!/bin/sh
# Benchmark: `enginecard summary --json` of a 10,000-layer engine next to a
# bare jansson parse of the same files (tests/bench/jparse.c), the report
# card's budgets, and compare of two 20,000-layer engines (under 1.5 s).
# Budgets (from the issue): within 1.3x of the bare parse, under 100 MB peak
# RSS. Run by `make bench` (BUILD=dir, default build). Installs nothing.
#
# Environment: BUILD (build dir), RUNS (runs per row, default 7),
# BENCH_RATIO (default 1.3), BENCH_RSS_MB (default 100).
# Exit: 0 all budgets met; 1 a budget failed or could not be measured.
#
# To add a row: bench_row NAME CMD...   (runs CMD $RUNS times, records the
# median wall time and the largest peak RSS under NAME; row_med NAME and
# row_rss NAME read them back).
BUILD=${BUILD:-build}
RUNS=${RUNS:-7}
BENCH_RATIO=${BENCH_RATIO:-1.3}
BENCH_RSS_MB=${BENCH_RSS_MB:-100}
EC=$BUILD/enginecard
GEN=$BUILD/enginegen
OUT=$BUILD/bench
mkdir -p "$OUT"
RES=$OUT/results.tsv
: > "$RES"
LC_ALL=C
export LC_ALL

die() { echo "bench: $*" >&2; exit 1; }
[ -x "$GEN" ] || die "$GEN missing (make $GEN)"

# --- the baseline parser --------------------------------------------------
CC=${CC:-cc}
if ! pkg-config --exists jansson 2>/dev/null; then die "jansson (pkg-config jansson) not found"; fi
# shellcheck disable=SC2046
$CC -std=c11 -O2 -Wall -Wextra -Werror $(pkg-config --cflags jansson) -o "$OUT/jparse" tests/bench/jparse.c \
  $(pkg-config --libs jansson) || die "cannot compile tests/bench/jparse.c"

# --- timing tools ---------------------------------------------------------
HAVE_TIME=0
[ -x /usr/bin/time ] && /usr/bin/time -f '%e %M' true > /dev/null 2>&1 && HAVE_TIME=1
NS_CLOCK=0
case $(date +%s%N 2>/dev/null) in *N|'') ;; *) NS_CLOCK=1 ;; esac
HAVE_BASH=0
command -v bash > /dev/null 2>&1 && HAVE_BASH=1

# run_once CMD...: runs CMD once (stdout/stderr to $OUT/last.*); sets
# WALL (seconds) and RSS (KiB, or "?"); returns CMD's exit status.
run_once() {
  RSS="?"
  if [ $NS_CLOCK = 1 ]; then
    t0=$(date +%s%N)
    if [ $HAVE_TIME = 1 ]; then
      /usr/bin/time -f '%e %M' -o "$OUT/last.time" "$@" > "$OUT/last.out" 2> "$OUT/last.err"; rc=$?
      RSS=$(awk 'END { print $2 }' "$OUT/last.time")
    else
      "$@" > "$OUT/last.out" 2> "$OUT/last.err"; rc=$?
    fi
    t1=$(date +%s%N)
    WALL=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.4f", (b - a) / 1e9 }')
  elif [ $HAVE_TIME = 1 ]; then
    /usr/bin/time -f '%e %M' -o "$OUT/last.time" "$@" > "$OUT/last.out" 2> "$OUT/last.err"; rc=$?
    WALL=$(awk 'END { print $1 }' "$OUT/last.time")
    RSS=$(awk 'END { print $2 }' "$OUT/last.time")
  elif [ $HAVE_BASH = 1 ]; then
    WALL=$(bash -c 'TIMEFORMAT=%3R; { time "$@" > "$0/last.out" 2> "$0/last.err"; } 2>&1' "$OUT" "$@"); rc=$?
  else
    die "no way to time commands (need /usr/bin/time, GNU date or bash)"
  fi
  return $rc
}

# median of the numbers on stdin
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) print "nan"; else if (NR % 2) print v[(NR + 1) / 2]; else printf "%.4f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# bench_row NAME CMD...: one table row (and a line in $RES: name, median s,
# min s, max RSS KiB, runs, status).
bench_row() {
  name=$1; shift
  : > "$OUT/walls"
  maxrss="?"
  status=ok
  i=0
  while [ $i -lt "$RUNS" ]; do
    if ! run_once "$@"; then
      status=failed
      echo "bench: '$name' failed: $*" >&2
      sed 's/^/    /' "$OUT/last.err" | head -5 >&2
      break
    fi
    echo "$WALL" >> "$OUT/walls"
    if [ "$RSS" != "?" ]; then
      if [ "$maxrss" = "?" ] || [ "$RSS" -gt "$maxrss" ]; then maxrss=$RSS; fi
    fi
    i=$((i + 1))
  done
  if [ $status = ok ]; then
    med=$(median < "$OUT/walls")
    min=$(sort -g "$OUT/walls" | head -1)
  else
    med=nan; min=nan
  fi
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$med" "$min" "$maxrss" "$i" "$status" >> "$RES"
  if [ "$maxrss" = "?" ]; then rssmb="unknown"; else rssmb=$(awk -v k="$maxrss" 'BEGIN { printf "%.1f", k / 1024 }'); fi
  printf '%-34s %5s %10s %10s %12s  %s\n' "$name" "$i" "$med" "$min" "$rssmb" "$status"
}

# row_med NAME / row_rss NAME: read a recorded row back
row_med() { awk -F '\t' -v n="$1" '$1 == n { print $2 }' "$RES"; }
row_rss() { awk -F '\t' -v n="$1" '$1 == n { print $4 }' "$RES"; }
row_ok() { [ "$(awk -F '\t' -v n="$1" '$1 == n { print $6 }' "$RES")" = ok ]; }

# --- engines --------------------------------------------------------------
# gen_engine LAYERS: $OUT/eLAYERS.* (regenerated when enginegen is newer)
gen_engine() {
  p=$OUT/e$1
  if [ ! -f "$p.graph.json" ] || [ "$GEN" -nt "$p.graph.json" ]; then
    "$GEN" --out "$p" --layers "$1" --precision fp16 --gpu a100 --iterations 2000 --seed 42 || die "enginegen failed"
  fi
}
for n in 2000 10000 20000; do gen_engine $n; done
# a second 20,000-layer engine (another seed: other layers, names and times) to compare with
if [ ! -f "$OUT/f20000.graph.json" ] || [ "$GEN" -nt "$OUT/f20000.graph.json" ]; then
  "$GEN" --out "$OUT/f20000" --layers 20000 --precision fp16 --gpu a100 --iterations 2000 --seed 43 || die "enginegen failed"
fi

files() { p=$OUT/e$1; echo "$p.graph.json $p.profile.json $p.timing.json $p.profile.metadata.json $p.build.metadata.json"; }
mb() { awk -v b="$(cat "$@" | wc -c)" 'BEGIN { printf "%.1f MB", b / 1e6 }'; }

echo "enginecard benchmark ($RUNS runs per row; wall time in seconds; peak RSS in MB)"
[ $HAVE_TIME = 1 ] || echo "note: /usr/bin/time not found: peak RSS unknown"
[ $NS_CLOCK = 1 ] || echo "note: no nanosecond clock: wall times from /usr/bin/time or bash (coarser)"
for n in 2000 10000 20000; do
  # shellcheck disable=SC2046
  echo "  e$n: $(grep -c '"LayerType"' "$OUT/e$n.graph.json") layers, graph $(mb "$OUT/e$n.graph.json"), all five files $(mb $(files $n))"
done
echo
printf '%-34s %5s %10s %10s %12s  %s\n' "row" "runs" "median s" "min s" "peak RSS MB" "status"

# shellcheck disable=SC2046
bench_row "jparse e10000" "$OUT/jparse" $(files 10000)
EC_OK=0
if [ -x "$EC" ]; then
  bench_row "enginecard summary --json e10000" "$EC" summary --json "$OUT/e10000"
  row_ok "enginecard summary --json e10000" && EC_OK=1
else
  echo "bench: $EC not built: enginecard rows skipped" >&2
fi

# informational rows (no budget): smaller and larger engines
SAVE_RUNS=$RUNS
RUNS=3
# shellcheck disable=SC2046
bench_row "jparse e2000" "$OUT/jparse" $(files 2000)
[ $EC_OK = 1 ] && bench_row "enginecard summary --json e2000" "$EC" summary --json "$OUT/e2000"
# Draw all standard charts of a 2,000-layer engine (load, summary, 9 charts,
# layout check, SVG, one PDF per chart); the line after the row splits it up.
if [ -x "$BUILD/tests/test_charts" ]; then
  bench_row "charts e2000 (load+draw all)" env EC_BENCH_CHARTS="$OUT/e2000" "$BUILD/tests/test_charts"
  row_ok "charts e2000 (load+draw all)" && sed 's/^/    /' "$OUT/last.out"
else
  echo "bench: $BUILD/tests/test_charts not built (make test builds it): chart row skipped" >&2
fi
# shellcheck disable=SC2046
bench_row "jparse e20000" "$OUT/jparse" $(files 20000)
[ $EC_OK = 1 ] && bench_row "enginecard summary --json e20000" "$EC" summary --json "$OUT/e20000"
# Reports with the engine graph (its layout runs in a child process while
# the charts are drawn): budgets 2 s for 2,000 layers, 15 s and 1 GB peak
# RSS (child included) for 20,000 layers.
if [ $EC_OK = 1 ]; then
  bench_row "report+graph e2000 (html+pdf)" "$EC" report "$OUT/e2000" -o "$OUT/r2000.html" --pdf "$OUT/r2000.pdf" -q
  bench_row "report+graph e20000 (html+pdf)" "$EC" report "$OUT/e20000" -o "$OUT/r20000.html" --pdf "$OUT/r20000.pdf" -q
  # The report card without the graph (its budgets: HTML under 1 s for 2,000
  # layers, the PDF under 1 s more): the built-in template minus its graph block.
  awk '/^```graph/ { skip = 1; next } skip && /^```/ { skip = 0; next } !skip' templates/report.md > "$OUT/nograph.md"
  bench_row "report html e2000 (no graph)" "$EC" report "$OUT/e2000" -o "$OUT/n2000.html" --template "$OUT/nograph.md" -q
  bench_row "report html+pdf e2000 (no graph)" "$EC" report "$OUT/e2000" -o "$OUT/n2000.html" --pdf "$OUT/n2000.pdf" --template "$OUT/nograph.md" -q
  # compare two 20,000-layer engines: load both, align, estimate (budget 1.5 s); exit 0 or 1 (the gate)
  bench_row "compare e20000 f20000" sh -c '"$0" compare "$1" "$2" --max-regress 5 -q; [ $? -le 1 ]' "$EC" "$OUT/e20000" "$OUT/f20000"
fi
RUNS=$SAVE_RUNS

# --- verdict --------------------------------------------------------------
echo
verdict=0
if [ $EC_OK = 1 ]; then
  base=$(row_med "jparse e10000"); ec=$(row_med "enginecard summary --json e10000")
  ratio=$(awk -v a="$ec" -v b="$base" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')
  if awk -v r="$ratio" -v m="$BENCH_RATIO" 'BEGIN { exit !(r <= m) }'; then s=PASS; else s=FAIL; verdict=1; fi
  echo "time:  summary --json / jparse = $ec s / $base s = ${ratio}x (budget ${BENCH_RATIO}x): $s"
  rss=$(row_rss "enginecard summary --json e10000")
  if [ "$rss" = "?" ]; then
    echo "RSS:   unknown (no /usr/bin/time): UNKNOWN"; verdict=1
  else
    rmb=$(awk -v k="$rss" 'BEGIN { printf "%.1f", k / 1024 }')
    if awk -v k="$rss" -v m="$BENCH_RSS_MB" 'BEGIN { exit !(k <= m * 1024) }'; then s=PASS; else s=FAIL; verdict=1; fi
    echo "RSS:   summary --json peak $rmb MB (budget ${BENCH_RSS_MB} MB): $s"
  fi
else
  echo "summary --json could not be measured: UNKNOWN"; verdict=1
fi
# budget_row NAME MAX_S MAX_MB: the graph report budgets
budget_row() {
  med=$(row_med "$1"); rss=$(row_rss "$1")
  if [ -z "$med" ] || [ "$med" = nan ]; then echo "$1: not measured: UNKNOWN"; verdict=1; return; fi
  if awk -v t="$med" -v m="$2" -v k="$rss" -v r="$3" 'BEGIN { exit !(t <= m && (k == "?" || k <= r * 1024)) }'; then s=PASS; else s=FAIL; verdict=1; fi
  echo "$1: median $med s (budget $2 s), peak RSS $(awk -v k="$rss" 'BEGIN { if (k == "?") print "unknown"; else printf "%.1f MB", k / 1024 }') (budget $3 MB): $s"
}
if [ $EC_OK = 1 ]; then
  budget_row "report+graph e2000 (html+pdf)" 2 1024
  budget_row "report+graph e20000 (html+pdf)" 15 1024
  budget_row "report html e2000 (no graph)" 1 1024
  budget_row "compare e20000 f20000" 1.5 1024
  h=$(row_med "report html e2000 (no graph)"); hp=$(row_med "report html+pdf e2000 (no graph)")
  d=$(awk -v a="$hp" -v b="$h" 'BEGIN { printf "%.3f", a - b }')
  if awk -v d="$d" 'BEGIN { exit !(d <= 1) }'; then s=PASS; else s=FAIL; verdict=1; fi
  echo "the PDF adds $d s to the HTML of e2000 (budget 1 s): $s"
  sz=$(wc -c < "$OUT/r20000.html")
  if [ "$sz" -le 26214400 ]; then s=PASS; else s=FAIL; verdict=1; fi
  echo "HTML of e20000: $(awk -v b="$sz" 'BEGIN { printf "%.1f", b / 1048576 }') MB (budget 25 MB): $s"
  if command -v pdfinfo > /dev/null; then
    pages=$(pdfinfo "$OUT/r20000.pdf" | awk '/^Pages:/ { print $2 }')
    if [ "$pages" -lt 300 ]; then s=PASS; else s=FAIL; verdict=1; fi
    echo "PDF of e20000: $pages pages (budget under 300): $s"
  fi
fi
[ $verdict = 0 ] && echo "bench: PASS" || echo "bench: FAIL"
exit $verdict
