# The suites' split (issue 37): `make test` skips the expensive parts with
# one skip line each and `make test-expensive` runs exactly the scripts
# that have such parts, with no unit tests. Checked on a planted script and
# on the Makefile's own list.
. tests/e2e/lib.sh
cat > "$TMP/planted.sh" <<'PLANT'
. tests/e2e/lib.sh
ok "cheap part"
expensive "the planted costly part" || exit 0
ok "costly part"
PLANT
out=$(env -u EC_TEST_EXPENSIVE sh "$TMP/planted.sh")
if [ "$(echo "$out" | grep -c '^ok - ')" = 1 ] && [ "$(echo "$out" | grep -c '^skip - the planted costly part: expensive')" = 1 ]; then
  ok "make test: an expensive part prints one skip line naming it and does not run"
else fail "make test: planted script printed: $out"; fi
out=$(EC_TEST_EXPENSIVE=1 sh "$TMP/planted.sh")
[ "$(echo "$out" | grep -c '^ok - ')" = 2 ] && ! echo "$out" | grep -q '^skip' &&
  ok "make test-expensive: the expensive part runs" || fail "EC_TEST_EXPENSIVE=1: planted script printed: $out"
list=$(${MAKE:-make} -s --no-print-directory -n test-expensive BUILD="$BUILD" 2> /dev/null | grep 'tests/run.sh' | tail -1)
missing=""
for s in browser deb deb_root brief scale gen limits; do
  case $list in *"tests/e2e/$s.sh"*) ;; *) missing="$missing $s.sh" ;; esac
done
case $list in *UNIT=0*EC_TEST_EXPENSIVE=1*) unit=ok ;; *) unit=no ;; esac
[ -z "$missing" ] && [ $unit = ok ] && ! echo "$list" | grep -q 'tests/e2e/compare.sh' &&
  ok "make test-expensive runs browser, deb, deb_root, brief, scale, gen and limits (and not the cheap scripts), without unit tests" ||
  fail "make test-expensive: missing:$missing, UNIT=0 and EC_TEST_EXPENSIVE=1: $unit: $list"
