#!/bin/sh
# Installs enginecard's build and test dependencies from Debian's packages.
# Needs root (apt-get); as another user it prints what to install.
# clang and libclang-rt-14-dev (libFuzzer, ASan/LSan runtimes) are for
# `make fuzz` only; chromium is for tests/e2e/browser.sh (the page measured
# and printed in a headless browser); strace is for tests/e2e/files.sh (a
# signal held at a write's fsync), time (GNU time) for tests/e2e/scale.sh's
# CPU seconds; groff-base and man-db render the
# generated man page (tests/e2e/options.sh); lintian checks the .deb
# (tests/e2e/deb.sh). What a CI job needs to build and run enginecard alone
# is ci/deps-runtime.sh (`make runtime-deps`).
PKGS="build-essential pkg-config groff-base man-db libcairo2-dev libpango1.0-dev libjansson-dev libgraphviz-dev graphviz libcmark-dev libsqlite3-dev libcmocka-dev fonts-dejavu-core poppler-utils libxml2-utils python3 python3-jsonschema python3-prometheus-client python3-yaml valgrind clang libclang-rt-14-dev chromium strace time lintian"
missing=""
for p in $PKGS; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && { echo "deps: all installed"; exit 0; }
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    SUDO="sudo"
  else
    echo "deps: missing:$missing"
    echo "deps: run as root: apt-get install -y$missing"
    exit 2
  fi
fi
echo "deps: installing:$missing"
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -qq &&
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing
