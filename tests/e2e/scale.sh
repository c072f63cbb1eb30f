#!/bin/sh
# No quadratic path on any engine shape (issue 26): per shape (enginegen
# --shape, and the TensorRT 10 transformer for Myelin-heavy engines), the
# CPU time of lint, report (HTML, graph included) and compare at
# 30,000 layers must stay under 25x their time at 3,000 (linear growth is
# 10x, n log n about 13x, a quadratic path 100x). A ratio, not a time
# limit: the machine's speed cancels out.
. "$(dirname "$0")/lib.sh"
expensive "scale: CPU-time growth of lint, report and compare from 3,000 to 30,000 layers of every shape (make bench measures the same up to 100,000)" || exit 0
if ! /usr/bin/time -f '%U' true > /dev/null 2>&1; then
  skip "scale: GNU time (/usr/bin/time) is missing"
  exit 0
fi
# cpu OUT CMD...: CMD's user + system CPU seconds (at least 0.05) into $OUT
cpu() {
  o=$1; shift
  /usr/bin/time -f '%U %S' -o "$TMP/t" "$@" > /dev/null 2> "$TMP/err" || { echo fail > "$o"; return; }
  awk '{ t = $1 + $2; printf "%.2f\n", t < 0.05 ? 0.05 : t }' "$TMP/t" > "$o"
}
for shape in islands reformats bindings names deep wide myelin; do
  for n in 3000 30000; do
    for s in 1 2; do
      if [ $shape = myelin ]; then
        "$EC_GEN" --out "$TMP/$shape$n-$s" --model transformer --layers $n --seed $s
      else
        "$EC_GEN" --out "$TMP/$shape$n-$s" --shape $shape --precision int8 --layers $n --seed $s
      fi
    done
    e=$TMP/$shape$n-1
    cpu "$TMP/$shape$n.lint" "$EC_BIN" lint "$e"
    cpu "$TMP/$shape$n.report" "$EC_BIN" report "$e" -o "$TMP/r.html" -q
    cpu "$TMP/$shape$n.compare" sh -c '"$0" compare "$1" "$2" -q; [ $? -le 1 ]' "$EC_BIN" "$e" "$TMP/$shape$n-2"
  done
  for c in lint report compare; do
    a=$(cat "$TMP/${shape}3000.$c") b=$(cat "$TMP/${shape}30000.$c")
    if [ "$a" = fail ] || [ "$b" = fail ]; then
      fail "scale $shape: $c failed"
      sed 's/^/    /' "$TMP/err" | head -5
    elif awk -v a="$a" -v b="$b" 'BEGIN { exit !(b < 25 * a) }'; then
      ok "scale $shape: $c at 30k layers $b s, at 3k $a s (under 25x)"
    else
      fail "scale $shape: $c at 30k layers $b s is 25x or more its $a s at 3k (a quadratic path)"
    fi
  done
done
