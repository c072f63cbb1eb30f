# The engine graph: `enginecard graph` outputs (SVG well-formed and inert
# with hostile names, DOT accepted by the dot CLI, PDF readable), --query and
# --radius narrowing, bad regex, and every corpus engine's report carrying
# its graph in HTML and PDF (or saying why not).
. tests/e2e/lib.sh
G=$TMP/h
"$EC_GEN" --out "$G" --layers 120 --hostile --seed 7 > /dev/null 2>&1 || { fail "graph: enginegen --hostile"; exit 0; }

# --- SVG ---------------------------------------------------------------------
if "$EC_BIN" graph "$G" -o "$TMP/g.svg" -q 2> "$TMP/err"; then
  ok "graph -o x.svg on a hostile engine"
  check "graph svg is well-formed XML (xmllint)" xmllint --noout "$TMP/g.svg"
  if grep -qi '<script' "$TMP/g.svg"; then fail "graph svg contains <script"; else ok "graph svg has no <script"; fi
  if grep -Eqi '<[^>]*[[:space:]]on[a-z]+[[:space:]]*=' "$TMP/g.svg"; then
    fail "graph svg has an on*= attribute"; grep -Eoi '<[^>]*[[:space:]]on[a-z]+[[:space:]]*=[^>]*' "$TMP/g.svg" | head -3
  else
    ok "graph svg has no on*= attributes"
  fi
  if grep -Eq '(href|src)="[^#]' "$TMP/g.svg"; then fail "graph svg links outside itself"; else ok "graph svg has only # links"; fi
else
  fail "graph -o x.svg exit $?"; head -5 "$TMP/err"
fi

# --- DOT ---------------------------------------------------------------------
if "$EC_BIN" graph "$G" -o "$TMP/g.dot" -q 2> "$TMP/err"; then
  if command -v dot > /dev/null 2>&1; then
    check "graph -o x.dot parses with dot -Tsvg" dot -Tsvg -o "$TMP/dot.svg" "$TMP/g.dot"
    check "dot's own SVG of it is well-formed" xmllint --noout "$TMP/dot.svg"
  else
    skip "graph dot: the Graphviz CLI is missing (tests/deps.sh installs graphviz)"
  fi
else
  fail "graph -o x.dot exit $?"; head -5 "$TMP/err"
fi

# --- PDF ---------------------------------------------------------------------
if "$EC_BIN" graph "$G" -o "$TMP/g.pdf" -q 2> "$TMP/err"; then
  check "graph -o x.pdf passes pdfinfo" pdfinfo "$TMP/g.pdf"
else
  fail "graph -o x.pdf exit $?"; head -5 "$TMP/err"
fi

# --- query and radius --------------------------------------------------------
"$EC_GEN" --out "$TMP/q" --layers 300 --seed 3 > /dev/null 2>&1
all=$("$EC_BIN" graph "$TMP/q" -o "$TMP/all.dot" -q && grep -c '^  n[0-9]* \[' "$TMP/all.dot")
r0=$("$EC_BIN" graph "$TMP/q" -o "$TMP/r0.dot" -q --query 'layer2' --radius 0 && grep -c '^  n[0-9]* \[' "$TMP/r0.dot")
r2=$("$EC_BIN" graph "$TMP/q" -o "$TMP/r2.dot" -q --query 'layer2' --radius 2 && grep -c '^  n[0-9]* \[' "$TMP/r2.dot")
if [ -n "$all" ] && [ -n "$r0" ] && [ -n "$r2" ] && [ "$r0" -gt 0 ] && [ "$r0" -le "$r2" ] && [ "$r2" -lt "$all" ]; then
  ok "graph --query narrows nodes ($r0 at radius 0 <= $r2 at radius 2 < $all)"
else
  fail "graph --query/--radius: all=$all r0=$r0 r2=$r2"
fi
"$EC_BIN" graph "$TMP/q" -o "$TMP/bad.dot" --query '(' > /dev/null 2> "$TMP/err"
rc=$?
if [ $rc -eq 2 ] && grep -q 'regular expression' "$TMP/err"; then ok "graph: bad regex exits 2 with a message"; else fail "graph bad regex: exit $rc"; cat "$TMP/err"; fi
"$EC_BIN" graph "$TMP/q" -o "$TMP/x.png" > /dev/null 2>&1
[ $? -eq 2 ] && ok "graph: unknown output type exits 2" || fail "graph: unknown output type"

# --- hostile engine's report ---------------------------------------------------
if "$EC_BIN" report "$G" -o "$TMP/h.html" --pdf "$TMP/h.pdf" -q 2> "$TMP/err"; then
  if grep -q 'class="graph"' "$TMP/h.html" && ! grep -Eqi '<svg[^>]*[[:space:]]on[a-z]+=' "$TMP/h.html"; then
    ok "hostile report: graph inline, no handlers"
  else
    fail "hostile report: graph missing or unsafe"
  fi
else
  fail "hostile report exit $?"; head -5 "$TMP/err"
fi

# --- every corpus engine's report has its graph (or says why not) -------------
if ! have_corpus; then
  skip "graph corpus sweep: $CORPUS is absent"
  exit 0
fi
corpus_engines > "$TMP/engines.txt"
while IFS= read -r dir; do
  name=${dir#"$CORPUS"/}
  "$EC_BIN" report "$dir" -o "$TMP/c.html" --pdf "$TMP/c.pdf" -q > /dev/null 2>&1
  rc=$?
  if [ $rc -gt 1 ] && [ $rc -ne 3 ]; then fail "corpus $name: report exit $rc"; continue; fi
  [ -f "$TMP/c.html" ] || { fail "corpus $name: no HTML"; continue; }
  sect=$(sed -n '/<h2>.*Engine graph<\/h2>/,/<h2>.*Compute efficiency/p' "$TMP/c.html")
  if printf '%s' "$sect" | grep -q '<div class="graph"'; then
    if pdftotext "$TMP/c.pdf" - 2> /dev/null | grep -q 'Layers as nodes, tensors as edges'; then
      ok "corpus $name: graph in HTML and PDF"
    else
      fail "corpus $name: graph in HTML but not in the PDF"
    fi
  elif printf '%s' "$sect" | grep -q 'Not available: '; then
    ok "corpus $name: no graph, and the report says why ($(printf '%s' "$sect" | grep -o 'Not available: [^<]*' | head -1 | cut -c1-70))"
  else
    fail "corpus $name: the Engine graph section is missing"
  fi
  rm -f "$TMP/c.html" "$TMP/c.pdf"
done < "$TMP/engines.txt"
