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
