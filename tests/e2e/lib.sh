# Helpers for e2e scripts: source it, then call ok/fail/skip/check.
# Each result is one line the runner counts.
EC_BIN=${EC_BIN:-build/enginecard}
EC_GEN=${EC_GEN:-build/enginegen}
SHARED=${EC_SHARED:-../shared}
CORPUS="$SHARED/corpus"
# Debian's python3 (with python3-jsonschema from tests/deps.sh), not a user's.
if [ -x /usr/bin/python3 ]; then PY=/usr/bin/python3; else PY=python3; fi
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
ok() { echo "ok - $*"; }
fail() { echo "not ok - $*"; }
skip() { echo "skip - $*"; }
# check DESC CMD...: ok when CMD exits 0
check() { d=$1; shift; if "$@" > "$TMP/.out" 2>&1; then ok "$d"; else fail "$d"; sed 's/^/    /' "$TMP/.out" | head -20; fi; }
have_corpus() { [ -d "$CORPUS" ]; }
# expensive WHAT: true when the expensive tests run (EC_TEST_EXPENSIVE=1:
# `make test-expensive`, a step of its own in .ci/run); otherwise one skip
# line naming WHAT and false, as git's EXPENSIVE prerequisite. Expensive:
# a test that needs the network or root, a browser, or minutes of CPU for
# one question (docs/building.md lists them). A script that is expensive
# as a whole says so on its first lines: `expensive "WHAT" || exit 0`;
# `make test-expensive` runs the scripts that do, and nothing else.
expensive() {
  [ "${EC_TEST_EXPENSIVE:-0}" = 1 ] && return 0
  skip "$1: expensive, \`make test-expensive\` runs it"
  return 1
}
# The engines of every corpus folder, one path a line: the folder, or, when
# it holds the files of several engines (exit 2; enginecard names each as
# "warning: engine DIR/NAME: FILES"), each engine's path.
corpus_engines() {
  for ce_dir in "$CORPUS"/*/*/; do
    ce_dir=${ce_dir%/}
    if "$EC_BIN" summary --json "$ce_dir" > /dev/null 2> "$TMP/ce.err" || ! grep -q 'different engines' "$TMP/ce.err"; then
      echo "$ce_dir"
    else
      sed -n "s|^.*: warning: engine \([^:]*\): .*\$|\1|p" "$TMP/ce.err" | sed "s/^'\(.*\)'\$/\1/"
    fi
  done
}
# each_corpus_engine FUNC WHAT: FUNC "corpus SOURCE/ENGINE" DIR for every
# corpus engine with layers, or one skip line naming WHAT without the corpus
each_corpus_engine() {
  if ! have_corpus; then skip "$2 over the corpus: $CORPUS is absent"; return; fi
  for dir in "$CORPUS"/*/*/; do
    dir=${dir%/}
    n=$("$EC_BIN" summary --json "$dir" 2>/dev/null | "$PY" -c 'import json,sys; print(json.load(sys.stdin)["layers"] or 0)' 2>/dev/null)
    [ -n "$n" ] && [ "$n" -gt 0 ] || continue
    "$1" "corpus ${dir#"$CORPUS"/}" "$dir"
  done
}
# build_objects: bring the objects of src/*/*.c in $BUILD/obj up to date
# (make rebuilds what changed; after `make test-bins` nothing) for the
# checks that read them (arch.sh, statics.sh); on failure, make's output on
# stdout and status 1
build_objects() {
  bo_objs=$(ls src/*/*.c | sed "s|^src/\(.*\)\.c\$|${BUILD:-build}/obj/\1.o|")
  # shellcheck disable=SC2086
  ${MAKE:-make} -s --no-print-directory BUILD="${BUILD:-build}" $bo_objs > "$TMP/.make" 2>&1 || { cat "$TMP/.make"; return 1; }
}
