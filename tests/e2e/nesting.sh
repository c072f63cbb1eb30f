# nesting: a --template nested deeper than the limit (32 levels of block
# quotes, lists, emphasis and links, util/budget.h) is refused with the
# template's file:line:col and the limit, exit 2, for the HTML and the PDF
# alike (the PDF typesetter recursed once per level and crashed at ~29,000
# levels of "> "); one at the limit gives both documents. Never a crash.
. tests/e2e/lib.sh
E=$TMP/e.engine
"$EC_GEN" --out "$E" --layers 30 --seed 3 > /dev/null 2>&1
# deep NAME: the template $TMP/NAME.md, written by python
"$PY" - "$TMP" <<'EOF'
import sys
d = sys.argv[1]
n = 29000
t = {
    # 29,000 nested block quotes (58 KB)
    "quotes": "# Deep\n\n" + "> " * n + "x\n",
    # a list item holding a list, 29,000 times
    "lists": "# Deep\n\n" + "- " * n + "x\n",
    # 29,000 nested emphasis runs around one word
    "emphasis": "# Deep\n\nSome " + "*" * n + "x" + "*" * n + " text\n",
    # images in images
    "links": "# Deep\n\nSee " + "![a" * n + "x" + "](u)" * n + "\n",
    # a heading whose text nests (heading ids are read by a recursive walk)
    "heading": "# Deep " + "*" * n + "x" + "*" * n + "\n",
    # 30 block quotes: the paragraph at 31 levels, its text at 32 (the limit)
    "limit": "# Deep\n\n" + "> " * 30 + "the deepest text allowed\n\n```chart\ndata: layer-latency\n```\n",
    # one more
    "over": "# Deep\n\n" + "> " * 31 + "one level too deep\n",
}
for k, v in t.items():
    open("%s/%s.md" % (d, k), "w").write(v)
EOF
for k in quotes lists emphasis links heading over; do
  "$EC_BIN" report "$E" --template "$TMP/$k.md" -o "$TMP/$k.html" --pdf "$TMP/$k.pdf" > /dev/null 2> "$TMP/$k.err"; rc=$?
  if [ $rc -eq 2 ] && grep -Eq "^$TMP/$k\.md:[13]:[0-9]+: error: more than 32 levels of nesting .* over the limit of a template; the template is not used" "$TMP/$k.err" &&
     [ ! -e "$TMP/$k.html" ] && [ ! -e "$TMP/$k.pdf" ]; then
    ok "template of deep $k: exit 2, $(head -1 "$TMP/$k.err" | sed "s|$TMP/||" | cut -c1-110)"
  else
    fail "template of deep $k: exit $rc (a crash is 128 or more), want 2 and the limit named"; head -3 "$TMP/$k.err" | cut -c1-200 | sed 's/^/    /'
  fi
  # the PDF alone (the path that crashed) says the same
  "$EC_BIN" report "$E" --template "$TMP/$k.md" --pdf "$TMP/$k.pdf" > /dev/null 2> "$TMP/$k.err"; rc=$?
  if [ $rc -eq 2 ] && grep -q 'levels of nesting' "$TMP/$k.err"; then ok "template of deep $k, PDF only: exit 2"
  else fail "template of deep $k, PDF only: exit $rc"; fi
done
"$EC_BIN" report "$E" --template "$TMP/limit.md" -o "$TMP/limit.html" --pdf "$TMP/limit.pdf" > /dev/null 2> "$TMP/limit.err"; rc=$?
if [ $rc -eq 0 ] && grep -q 'the deepest text allowed' "$TMP/limit.html" && [ -s "$TMP/limit.pdf" ]; then
  if command -v pdftotext > /dev/null; then
    pdftotext "$TMP/limit.pdf" - | tr '\n' ' ' | grep -q 'the deepest text allowed' && ok "template at the nesting limit: an HTML page and a PDF that show its text" ||
      fail "template at the nesting limit: the PDF lacks its text"
  else ok "template at the nesting limit: an HTML page and a PDF (pdftotext missing: text not checked)"; fi
else
  fail "template at the nesting limit: exit $rc"; head -3 "$TMP/limit.err" | sed 's/^/    /'
fi
