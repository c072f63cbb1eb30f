#!/bin/sh
# Process-wide state is marked and safe beside the thread pool (issue 26):
# every mutable static in src/ (file scope or inside a function) carries a
# "process-wide:" comment on its line or in the comment just above it,
# saying why it is one per process and which thread touches it. A static
# comparator context (a qsort comparator reading a static pointer) fails
# here: sort structs that carry their key instead (src/view/engine_charts.c)
# or rank ids (src/util/rank.h).
. "$(dirname "$0")/lib.sh"
src=$(dirname "$0")/../../src
found=$(find "$src" -name '*.c' | sort | while read -r f; do
  awk -v f="$f" '
    # a declaration: static, not a function, not a macro line, not one
    # per thread (_Thread_local), not const data (a "const T *p[N]" filled
    # at run time is mutable; "const T *const p" or a table with its
    # initialiser is not)
    function mutable_const(s,   t) {
      if (!match(s, /\*[ \t]*[A-Za-z_][A-Za-z_0-9]*/)) return 0
      t = substr(s, RSTART + 1, RLENGTH - 1); sub(/^[ \t]*/, "", t)
      return t != "const"
    }
    /^[ \t]*static[ \t]/ && !/^[ \t]*static[ \t]+inline[ \t]/ && !/\(/ && !/\\$/ && !/_Thread_local/ &&
    (!/^[ \t]*static[ \t]+const[ \t]/ || (mutable_const($0) && !/=/)) {
      marked = ($0 ~ /process-wide/)
      for (k = 1; k <= 8 && !marked; k++) if (prev[k] ~ /process-wide/) marked = 1; else if (prev[k] !~ /^[ \t]*(\/\*|\*|static[ \t])/) break
      if (!marked) print f ":" NR ": " $0
    }
    { for (k = 8; k > 1; k--) prev[k] = prev[k - 1]; prev[1] = $0 }
  ' "$f"
done)
if [ -z "$found" ]; then
  ok "statics: every mutable static in src/ is marked process-wide"
else
  fail "statics: mutable statics without a 'process-wide:' comment (say why, and which thread touches it):"
  echo "$found" | sed 's/^/    /'
fi
