# The words every output prints have one home, src/words/words.h (numbers,
# units, plurals, "not available"), and the sentences that quote
# enginecard's options one narrating place, src/narrate/. This check reads
# the code by the shape of its format strings, not by one spelling: the
# string literals of a line are joined as the compiler joins them (a words/
# macro between them, such as EC_MS_G, stands for its own text), "%%" is
# dropped, and then anywhere under src/ but src/words/ it fails on
#  - a float conversion: %f %g %e with any flags, width or precision
#    ("%.3g", "%+8.2f", "%g", "%.*f"). A number reaches text through words/:
#    its functions (ec_fmt_ms, ec_fmt_pct ...), its precisions ("%"
#    EC_MS_G, "%+" EC_CHANGE_G, "%14" EC_QPS_G) or EC_GIVEN for a value
#    echoed as given (an option). The allow-list below names the few
#    places that print a number for a drawing or a machine, each with why;
#  - a count printed beside a plural noun: an integer conversion (%zu, %d,
#    %4zu, %lld, %.0f or EC_WHOLE) followed by up to two words and a noun
#    ending in s ("%zu layers", "%zu more rows", "%d aligned layers"): the
#    noun goes through ec_plural ("%zu %s", n, ec_plural(n, "layer",
#    "layers")) so 1 reads "1 layer";
#  - a hand-written plural: `n == 1 ? "" : "s"` (use ec_plural);
#  - "not available" or "n/a" in a string literal (use EC_NA in words,
#    EC_DASH in a table cell), "Not available: " (EC_NA_LEAD), or the dash
#    of an unknown cell written out ("\xE2\x80\x93": EC_DASH, or the typed
#    cells ec_table_set_ms ... of draw/table.h);
#  - an option's sentence in facts/, rules/ or judge/: "--max-regress"
#    (narrate/ says it).
# Comments are not code: they may say any of these; scanf formats read
# numbers and are not checked. util/ sits below words/ (it may not include
# it) and is left out of the count check only. The check is itself
# checked: planted copies in a temporary tree must each be caught.
. tests/e2e/lib.sh

# The deliberate exceptions: "file:conversion" for a float format, "file:text"
# for the other kinds. Drawing coordinates and machine-read serialisation
# only; a sentence or a table cell never belongs here.
ALLOW='src/draw/layout_check.c:%.1f
src/draw/layout_check.c:%.2f
src/draw/layout_check.c:%.0f
src/render/svg.c:%.2f
src/render/html_table.c:%.4f
src/assemble/html.c:%.0f
src/assemble/pdf.c:%g
src/emit/openmetrics.c:%.*f
src/emit/github.c:%.2f
src/emit/junit.c:%.6g
src/load/jtok.c:%.10g
src/load/sources.c:%.15g
src/load/log_tactics.c:%.6g
src/rules/lint.c:%.6g'
# why, in the order above: a layout diagnostic's coordinates in points (3);
# an SVG coordinate; a share bar's CSS fraction; a chart box's CSS pixels; a
# PDF link's rectangle in points; an OpenMetrics sample value (the exposition
# format's decimals); GitHub's change-pct step output; a JUnit property in
# the metric's unit, read by CI tools; a JSON number's text as read; a number
# re-spelled to compare two inputs' text; a build time kept as trtexec
# prints it; the lint evidence quoting the profile's sums as they add up.

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

# formats: FILE:LINE:CODE lines in, one FILE:LINE:<tab>GROUP line out per
# group of string literals joined as the compiler joins adjacent ones (over
# line ends too: the group is reported at its first line); a words/ macro between literals is a placeholder (\001; EC_WHOLE,
# a count, is \002), "%%" is dropped. Lines with a scanf are left out.
formats() {
  awk '
    function emit(h, t) { gsub(/%%/, "", t); print h "\t" t }
    function flush() { if (pend != "") emit(phead, pend); pend = "" }
    /scanf\(/ { flush(); next }
    {
      p = index($0, ":"); file = substr($0, 1, p - 1); p2 = index(substr($0, p + 1), ":"); head = substr($0, 1, p + p2)
      s = substr($0, p + p2 + 1); n = length(s); cur = ""; q = 0; have = 0; ghead = head
      if (file != pfile) flush()
      pfile = file
      # a literal that goes on from the line above is one with it
      if (pend != "" && s ~ /^[ \t]*("|EC_[A-Z])/) { cur = pend; have = 1; ghead = phead; pend = "" }
      else flush()
      for (i = 1; i <= n; i++) {
        c = substr(s, i, 1)
        if (q) {
          if (c == "\\") { cur = cur c substr(s, i + 1, 1); i++ }
          else if (c == "\"") q = 0
          else cur = cur c
          continue
        }
        if (c == "\"") { q = 1; have = 1; continue }
        if (c == " " || c == "\t") continue
        if (substr(s, i) ~ /^EC_[A-Z0-9_]+/) {
          match(substr(s, i), /^EC_[A-Z0-9_]+/); m = substr(s, i, RLENGTH)
          cur = cur (m == "EC_WHOLE" ? "\002" : "\001"); have = 1; i += RLENGTH - 1; continue
        }
        if (have) { emit(ghead, cur); cur = ""; have = 0; ghead = head }
      }
      if (have) { pend = cur; phead = ghead }
    }
    END { flush() }'
}

# scan DIR: every violation under DIR (not the floor nor narrate for the
# spelling kinds), one per line
scan() {
  files=$(find "$1" -name '*.[ch]' ! -path '*/words/*' | sort)
  code $files > "$TMP/code.txt"
  formats < "$TMP/code.txt" > "$TMP/fmt.txt"
  # a float conversion, spelled as it is ("file:line: %.3g")
  awk '{
      s = $0
      while (match(s, /%[-+ #0]*([0-9]+|\*)?(\.([0-9]+|\*))?[lL]?[fFeEgG]/)) {
        c = substr(s, RSTART, RLENGTH); s = substr(s, RSTART + RLENGTH)
        split($0, h, ":"); print "float format: " h[1] ":" h[2] ": " c
      }
    }' "$TMP/fmt.txt"
  # a count beside a plural noun
  grep -v '^[^:]*/util/' "$TMP/fmt.txt" | awk '
    BEGIN { split("is was has as its this us ms vs plus less across thus does series says axis yes", w, " "); for (k in w) skip[w[k]] = 1 }
    {
      s = $0
      while (match(s, /%[-+ #0]*[0-9]*(hh|h|ll|l|z|j|t)?[diu]|%\.0f|\002/)) {
        c = substr(s, RSTART, RLENGTH); s = substr(s, RSTART + RLENGTH)
        if (match(s, /^( [A-Za-z0-9\/-]+)?( [A-Za-z0-9\/-]+)? [A-Za-z-]+s([^A-Za-z]|$)/)) {
          t = substr(s, 1, RLENGTH); sub(/[^A-Za-z]$/, "", t)
          # the noun is the first word that ends in s; a verb or unit there ("%zu has ...") is no noun
          nw = split(t, words, " "); noun = ""
          for (k = 1; k <= nw; k++) if (words[k] ~ /s$/) { noun = words[k]; break }
          if (noun == "" || noun in skip) continue
          if (c == "\002") c = "EC_WHOLE"
          split($0, h, ":"); print "count without the plural rule: " h[1] ":" h[2] ": " c " ... " noun
        }
      }
    }'
  grep -E '[=!]= 1 \? "[^"]*" : "[^"]*"' "$TMP/code.txt" | sed 's/^/plural: /'
  grep -vE '^[^:]*/narrate/' "$TMP/code.txt" | grep -E '"[^"]*not available|"n/a"|[ :(]n/a[ )"]' | sed 's/^/not available: /'
  grep -E '"[^"]*Not available: ' "$TMP/code.txt" | sed 's/^/not available lead (EC_NA_LEAD): /'
  grep -F '"\xE2\x80\x93"' "$TMP/code.txt" | sed 's/^/dash written out (EC_DASH): /'
  grep -E '^[^:]*/(facts|rules|judge)/[^:]*:[0-9]+:.*--max-regress' "$TMP/code.txt" | sed 's/^/option sentence in analyze: /'
}

# allowed LINE: whether a violation is on the allow-list
allowed() {
  echo "$ALLOW" | while IFS= read -r a; do
    file=${a%%:*} text=${a#*:}
    case $1 in "float format: $file:"*": $text") echo yes; break ;; esac
    case $1 in "float format: "*) ;; *"$file":*"$text"*) echo yes; break ;; esac
  done
}

scan src > "$TMP/found.txt"
: > "$TMP/bad.txt"
while IFS= read -r l; do
  [ "$(allowed "$l")" = yes ] || echo "$l" >> "$TMP/bad.txt"
done < "$TMP/found.txt"
if [ -s "$TMP/bad.txt" ]; then
  fail "words: $(wc -l < "$TMP/bad.txt") float formats, counts without the plural rule, plurals, 'not available' or dash literals or option sentences outside src/words"
  sed 's/^/    /' "$TMP/bad.txt" | head -40
else
  ok "words: no float format outside src/words but the $(echo "$ALLOW" | wc -l) allowed, no count without the plural rule, no hand-written plural, 'not available', dash or option sentence outside the floor"
fi
# each allow-list entry is still used (a stale one would hide a new copy)
echo "$ALLOW" | while IFS= read -r a; do
  file=${a%%:*} text=${a#*:}
  grep -qF "float format: $file:" "$TMP/found.txt" && grep -F "float format: $file:" "$TMP/found.txt" | grep -qF ": $text" ||
    fail "words: the allow-list entry $a matches nothing: remove it"
done

# the check catches each kind: plant them in a copy of a folder of src/
mkdir -p "$TMP/plant/rules" "$TMP/plant/view"
cat > "$TMP/plant/rules/x.c" <<'C'
/* "not available" in a comment is fine, and so is n == 1 ? "" : "s", "%.3f ms" and "%zu layers" */
static void f(size_t n, double ms) {
  printf("%zu layer%s took %.3f ms (%.1f%%)", n, n == 1 ? "" : "s", ms, 1.0); // "not available"
  puts("latency not available");
  puts("n/a");
  puts("no gate (--max-regress not given)");
  printf("at %+8.2g TFLOP/s, %g%% and %.*f", ms, ms, 2, ms);
  printf("%zu layers, %4zu more rows and %d aligned layers", n, n, 1);
  printf("%" "e" " and %" EC_MS_G " ms and %%f and %%%zu nights", ms, ms, n);
  sscanf(s, "%lf", &ms);
  printf("%zu %s, %.0f SMs", n, ec_plural(n, "layer", "layers"), ms);
  printf(EC_WHOLE " nodes, %zu has no latencyMs, 100%% of %zu", ms, n, n);
  printf("%zu streams and %zu signal/wait "
         "layers synchronise them %"
         EC_MS_G, n, n, ms);
  printf("%zu", n); puts("layers");
}
C
cat > "$TMP/plant/view/y.c" <<'C'
static void g(ec_table *t) {
  ec_table_set(t, 0, 1, "\xE2\x80\x93", NAN);
  ec_buf_puts(b, "<p>Not available: ");
  snprintf(buf, sizeof buf, "%10.4f",
           x);
}
C
scan "$TMP/plant" > "$TMP/planted.txt"
want='float format: .*x.c:3: %.3f
float format: .*x.c:3: %.1f
plural: .*x.c:3:
not available: .*x.c:4:
not available: .*x.c:5:
option sentence in analyze: .*x.c:6:
float format: .*x.c:7: %+8.2g
float format: .*x.c:7: %g
float format: .*x.c:7: %.\*f
count without the plural rule: .*x.c:8: %zu ... layers
count without the plural rule: .*x.c:8: %4zu ... rows
count without the plural rule: .*x.c:8: %d ... layers
float format: .*x.c:9: %e
count without the plural rule: .*x.c:9: %zu ... nights
float format: .*x.c:11: %.0f
count without the plural rule: .*x.c:11: %.0f ... SMs
count without the plural rule: .*x.c:12: EC_WHOLE ... nodes
count without the plural rule: .*x.c:13: %zu ... streams
count without the plural rule: .*x.c:13: %zu ... layers
dash written out (EC_DASH): .*y.c:2:
not available lead (EC_NA_LEAD): .*y.c:3:
float format: .*y.c:4: %10.4f'
missed=$(echo "$want" | while IFS= read -r w; do grep -q "^$w" "$TMP/planted.txt" || echo "$w"; done)
if [ -z "$missed" ] && [ "$(wc -l < "$TMP/planted.txt")" -eq "$(echo "$want" | wc -l)" ]; then
  ok "words: the check finds $(echo "$want" | wc -l) planted copies (float formats with any flags, counts beside a plural noun, a hand-written plural, 'not available', its lead, the dash, an option sentence) and not the comments, %%, a words/ precision, a scanf or ec_plural"
else
  fail "words: the check missed a planted copy or found one too many"
  echo "$missed" | sed 's/^/    missed: /'
  sed 's/^/    found: /' "$TMP/planted.txt"
fi
