# The words every output prints have one home, src/words/words.h (numbers,
# units, plurals, "not available"), and the sentences that quote
# enginecard's options one narrating place, src/narrate/. This check fails
# when a copy comes back anywhere else under src/:
#  - an inline latency format: a printf conversion followed by " ms" or
#    " us" (use EC_MS, EC_MS_DELTA, EC_US or "%10" EC_MS_G " ms"); a bare
#    %g echoes an option's value as given and is not one;
#  - an inline percent or ratio format: "%.1f%%", "%.2fx" (use EC_PCT,
#    EC_PCT_DELTA, EC_PCT_LABEL, EC_RATIO);
#  - a hand-written plural: `n == 1 ? "" : "s"` (use ec_plural or
#    ec_count_words);
#  - "not available" or "n/a" in a string literal (use EC_NA in words,
#    EC_DASH in a table cell);
#  - an option's sentence in analyze/: "--max-regress" (narrate/ says it).
# Comments are not code: they may say any of these. The allow-list below
# names each deliberate exception and why. The check is itself checked: a
# copy of one file with one of each planted must be caught six times.
. tests/e2e/lib.sh

# the deliberate exceptions, one "file:text" per line
ALLOW='src/rules/lint.c:sum timeMs %.6g ms; sum averageMs %.6g ms x count %lld = %.6g ms'

# code FILE...: each line as FILE:LINE:TEXT with comments removed
code() {
  for f; do
    awk -v f="$f" '
      { s = $0; out = "" }
      inc { e = index(s, "*/"); if (!e) next; s = substr(s, e + 2); inc = 0 }
      {
        # strip /* ... */ and // outside string literals
        n = length(s); q = 0
        for (i = 1; i <= n; i++) {
          c = substr(s, i, 1)
          if (q) { out = out c; if (c == "\\") { out = out substr(s, i + 1, 1); i++ } else if (c == "\"") q = 0; continue }
          if (c == "\"") { q = 1; out = out c; continue }
          if (substr(s, i, 2) == "//") break
          if (substr(s, i, 2) == "/*") { e = index(substr(s, i + 2), "*/"); if (!e) { inc = 1; break } i += e + 2; continue }
          out = out c
        }
        if (out ~ /[^ \t]/) print f ":" FNR ":" out
      }' "$f"
  done
}

# scan DIR: every violation under DIR (not the floor nor narrate), one per line
scan() {
  files=$(find "$1" -name '*.[ch]' ! -path '*/words/*' ! -path '*/narrate/*' | sort)
  code $files > "$TMP/code.txt"
  # a bare %g echoes an option's value as the user gave it ("layers of %g ms or more"): not a measurement
  grep -E '%([-+ #0-9]*\.[0-9]+|[-+ #]*[0-9]+)?[fe] ?(ms|us|µs)[^a-zA-Z_]|%([-+ #0-9]*\.[0-9]+|[-+ #]*[0-9]+)[gG] ?(ms|us|µs)[^a-zA-Z_]' "$TMP/code.txt" | sed 's/^/unit format: /'
  grep -E '%[-+ #0-9]*\.[0-9]+[fgG](%%|x"|\\xC3\\x97)' "$TMP/code.txt" | sed 's/^/percent or ratio format: /'
  grep -E '[=!]= 1 \? "[^"]*" : "[^"]*"' "$TMP/code.txt" | sed 's/^/plural: /'
  grep -E '"[^"]*not available|"n/a"|[ :(]n/a[ )"]' "$TMP/code.txt" | sed 's/^/not available: /'
  grep -E '^[^:]*/(facts|rules|judge)/[^:]*:[0-9]+:.*--max-regress' "$TMP/code.txt" | sed 's/^/option sentence in analyze: /'
}

# allowed LINE: whether a violation is on the allow-list
allowed() {
  echo "$ALLOW" | while IFS= read -r a; do
    file=${a%%:*} text=${a#*:}
    case $1 in *"$file":*"$text"*) echo yes; break ;; esac
  done
}

scan src > "$TMP/found.txt"
: > "$TMP/bad.txt"
while IFS= read -r l; do
  [ "$(allowed "$l")" = yes ] || echo "$l" >> "$TMP/bad.txt"
done < "$TMP/found.txt"
if [ -s "$TMP/bad.txt" ]; then
  fail "words: $(wc -l < "$TMP/bad.txt") inline unit, percent or ratio formats, plurals, 'not available' literals or option sentences outside src/words and src/narrate"
  sed 's/^/    /' "$TMP/bad.txt" | head -30
else
  ok "words: no inline unit, percent or ratio format, hand-written plural, 'not available' literal or option sentence in analyze outside the floor"
fi

# the check catches each kind: plant one of each in a copy of analyze/
mkdir -p "$TMP/plant/rules"
cat > "$TMP/plant/rules/x.c" <<'C'
/* "not available" in a comment is fine, and so is n == 1 ? "" : "s" */
static void f(size_t n, double ms) {
  printf("%zu layer%s took %.3f ms (%.1f%%)", n, n == 1 ? "" : "s", ms, 1.0); // "not available"
  puts("latency not available");
  puts("n/a");
  puts("no gate (--max-regress not given)");
}
C
scan "$TMP/plant" > "$TMP/planted.txt"
if [ "$(wc -l < "$TMP/planted.txt")" -eq 6 ] && grep -q '^not available: .*x.c:5:' "$TMP/planted.txt" &&
   grep -q '^unit format: .*x.c:3:' "$TMP/planted.txt" &&
   grep -q '^percent or ratio format: .*x.c:3:' "$TMP/planted.txt" &&
   grep -q '^plural: .*x.c:3:' "$TMP/planted.txt" && grep -q '^not available: .*x.c:4:' "$TMP/planted.txt" &&
   grep -q '^option sentence in analyze: .*x.c:6:' "$TMP/planted.txt"; then
  ok "words: the check finds a planted unit format, percent, plural, 'not available' and option sentence, and not the comments"
else
  fail "words: the check missed a planted copy"; sed 's/^/    /' "$TMP/planted.txt"
fi
