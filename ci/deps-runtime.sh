#!/bin/sh
# The packages enginecard needs to build and run, and nothing else: a C
# compiler and make (build-essential), pkg-config, and the -dev packages of
# the libraries it links (cairo, pango, jansson, Graphviz's libgvc, cmark, SQLite)
# with the pinned font (DejaVu). No test tools (tests/deps.sh installs those:
# chromium, valgrind, clang, python3, ...). Every name exists on Debian
# (bookworm and later) and on Ubuntu (22.04 and later; libcmark-dev is in
# universe, which GitHub's Ubuntu runners enable), so a CI job on either
# runs `make runtime-deps` (or this script) before `make`.
#
#   sh ci/deps-runtime.sh           install what is missing (apt-get; as
#                                   root, else through sudo)
#   sh ci/deps-runtime.sh --print   print the package names and exit
#
# Exit: 0 installed (or nothing missing), 2 when it cannot install.
PKGS="build-essential pkg-config libcairo2-dev libpango1.0-dev libjansson-dev libgraphviz-dev libcmark-dev libsqlite3-dev fonts-dejavu-core"
if [ "${1:-}" = --print ]; then
  echo "$PKGS"
  exit 0
fi
missing=""
for p in $PKGS; do
  dpkg-query -W -f='${Status}' "$p" 2> /dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && { echo "runtime-deps: all installed"; exit 0; }
command -v apt-get > /dev/null 2>&1 || { echo "runtime-deps: no apt-get; install:$missing" >&2; exit 2; }
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo > /dev/null 2>&1 || { echo "runtime-deps: run as root: apt-get install -y$missing" >&2; exit 2; }
  SUDO="sudo"
fi
echo "runtime-deps: installing:$missing"
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -qq &&
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing || exit 2
