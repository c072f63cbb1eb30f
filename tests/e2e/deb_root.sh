# The .deb in a fresh minimal Debian root (debootstrap --variant=minbase of
# bookworm, the mirror's apt-get install of the package with its
# dependencies, `enginecard report` on an example there): expensive (needs
# root, debootstrap and Debian's mirror; about 3 minutes), so `make
# test-expensive` runs it; tests/e2e/deb.sh checks the package itself in
# `make test`. Measured on a 2-core machine: debootstrap 1 min 57 s,
# apt-get about 25 s. The package is built in a tree of its own ($TMP), so
# this runs beside `make test`'s deb.sh. EC_DEB_ROOT_TEST=1 makes missing
# prerequisites a failure (and runs it without EC_TEST_EXPENSIVE);
# EC_DEB_ROOT_TEST=0 skips it; EC_DEBIAN_MIRROR and EC_DEB_SUITE choose the
# mirror and release (default bookworm, which the package's Depends must be
# satisfiable on: build on it or older).
. tests/e2e/lib.sh
want=${EC_DEB_ROOT_TEST:-auto}
if [ "$want" = auto ]; then
  expensive "the .deb in a fresh Debian root (debootstrap, apt-get install, enginecard report)" || exit 0
fi
if ! command -v dpkg-deb > /dev/null || ! command -v dpkg-shlibdeps > /dev/null; then
  skip "the .deb in a fresh Debian root: dpkg-deb or dpkg-shlibdeps missing (Debian package dpkg-dev)"; exit 0
fi
B=$TMP/b
if ! deb=$(env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s --no-print-directory BUILD="$B" deb 2> "$TMP/deb.err"); then
  fail "make deb: $(head -3 "$TMP/deb.err")"; exit 0
fi
mkdir -p "$TMP/x" && dpkg-deb -x "$deb" "$TMP/x"
mirror=${EC_DEBIAN_MIRROR:-http://deb.debian.org/debian}
suite=${EC_DEB_SUITE:-bookworm}
why=""
if [ "$want" = 0 ]; then why="EC_DEB_ROOT_TEST=0"
elif ldd "$TMP/x/usr/bin/enginecard" 2> /dev/null | grep -q 'libasan'; then
  why="a sanitizer build (it needs /proc; make test runs this part on the plain build)"
elif ! command -v debootstrap > /dev/null; then why="debootstrap is not installed"
elif [ "$(id -u)" -ne 0 ]; then why="not root (debootstrap and chroot need it)"
elif ! "$PY" -c 'import sys, urllib.request; urllib.request.urlopen(sys.argv[1], timeout=10)' \
       "$mirror/dists/$suite/Release" > /dev/null 2>&1; then why="$mirror does not answer"; fi
if [ -n "$why" ]; then
  msg="the .deb in a fresh Debian root (debootstrap, apt-get install, enginecard report): $why"
  if [ "$want" = 1 ]; then fail "$msg"; else skip "$msg (EC_DEB_ROOT_TEST=1 runs it; about 3 minutes)"; fi
  exit 0
fi
R=$TMP/root
t0=$(date +%s)
if ! debootstrap --variant=minbase "$suite" "$R" "$mirror" > "$TMP/debootstrap.log" 2>&1; then
  fail "debootstrap --variant=minbase $suite: $(tail -2 "$TMP/debootstrap.log")"; exit 0
fi
t1=$(date +%s)
cp "$deb" "$R/tmp/" && cp -r examples/resnet-int8-a100 "$R/tmp/example"
[ -f "$R/etc/resolv.conf" ] || cp /etc/resolv.conf "$R/etc/resolv.conf"
in_root() { chroot "$R" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive HOME=/root "$@"; }
if in_root apt-get update -qq > "$TMP/apt.log" 2>&1 &&
   in_root apt-get install -y -qq --no-install-recommends "/tmp/$(basename "$deb")" >> "$TMP/apt.log" 2>&1; then
  ok "apt-get install ./$(basename "$deb") in a fresh $suite minbase root (dependencies from the mirror)"
else fail "apt-get install in the fresh root: $(tail -3 "$TMP/apt.log")"; exit 0; fi
t2=$(date +%s)
if in_root sh -c 'cd /tmp && enginecard report example -o r.html --pdf r.pdf' > "$TMP/report.log" 2>&1 &&
   grep -q '<svg' "$R/tmp/r.html" && head -c 5 "$R/tmp/r.pdf" | grep -q '%PDF-'; then
  ok "enginecard report runs in the fresh root (HTML and PDF written)"
else fail "enginecard report in the fresh root: $(tail -3 "$TMP/report.log")"; fi
t3=$(date +%s)
[ -f "$R/usr/share/man/man1/enginecard.1.gz" ] && [ -f "$R/usr/share/bash-completion/completions/enginecard" ] &&
  ok "the man page and completions are installed in the fresh root" || fail "man page or completions missing in the fresh root"
echo "# fresh root: debootstrap $((t1 - t0)) s, apt-get update and install $((t2 - t1)) s, report $((t3 - t2)) s"
