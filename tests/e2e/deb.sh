# make deb: the Debian package from a staged install (pkg/deb.sh). Always:
# its control fields (version from --version, Depends from dpkg-shlibdeps),
# its files (binary, man page, bash/zsh/fish completions, DEP-5 copyright,
# changelog, md5sums, owned by root), that the same tree gives the same
# bytes, that lintian reports no error or warning (tests/deps.sh installs
# it), that the binary carries Debian's hardening (stack protector,
# _FORTIFY_SOURCE, relro and bind-now, PIE) and that the default build's
# binary is left as it was.
# Then, when it can: a fresh minimal Debian root (debootstrap --variant=minbase
# bookworm), `apt-get install ./enginecard_*.deb` in it, and `enginecard
# report` on an example there. That needs root, debootstrap and Debian's
# mirror, and takes minutes: measured on the shared 2-core build machine,
# the whole script 2 min 53 s, of which debootstrap 1 min 57 s, apt-get
# update and install 28 s, the report 1 s, and the package checks before it
# about 25 s (an earlier debootstrap alone: 2 min 3 s). It runs when EC_DEB_ROOT_TEST=1 (missing prerequisites are
# then a failure) or, unset, when debootstrap is installed, we are root and
# the mirror answers; EC_DEB_ROOT_TEST=0 skips it. EC_DEBIAN_MIRROR and
# EC_DEB_SUITE choose the mirror and release (default bookworm, which the
# package's Depends must be satisfiable on: build on it or older).
. tests/e2e/lib.sh
B=${BUILD:-build}
if ! command -v dpkg-deb > /dev/null || ! command -v dpkg-shlibdeps > /dev/null; then
  skip "make deb: dpkg-deb or dpkg-shlibdeps missing (Debian package dpkg-dev)"; exit 0
fi
# a make of its own: not the jobserver of a `make -j2 test` this runs under
mkdeb() { env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s --no-print-directory BUILD="$B" deb > "$TMP/deb.out" 2> "$TMP/deb.err"; }
before=$(cksum < "$B/enginecard" 2> /dev/null)
if ! mkdeb; then fail "make deb"; sed 's/^/    /' "$TMP/deb.err" | head -10; exit 0; fi
[ "$(cksum < "$B/enginecard" 2> /dev/null)" = "$before" ] && ok "make deb builds its own tree: $B/enginecard is unchanged" ||
  fail "make deb changed the default build's binary"
deb=$(tail -1 "$TMP/deb.out")
[ -f "$deb" ] && ok "make deb wrote $deb" || { fail "make deb printed no package ($deb)"; exit 0; }
[ -s "$TMP/deb.err" ] && fail "make deb warned: $(head -2 "$TMP/deb.err")"

version=$("$EC_BIN" --version | sed -n 's/^enginecard //p')
arch=$(dpkg --print-architecture)
field() { dpkg-deb --field "$deb" "$1"; }
if [ "$(field Package)" = enginecard ] && [ "$(field Version)" = "$version" ] && [ "$(field Architecture)" = "$arch" ] &&
   [ -n "$(field Maintainer)" ] && [ -n "$(field Description)" ]; then
  ok "control: enginecard $version $arch (the version of enginecard --version)"
else fail "control fields:"; dpkg-deb --info "$deb" | sed 's/^/    /'; fi
dep=$(field Depends)
bad=""
for lib in libc6 libcairo2 libpango-1.0-0 libjansson4 libgvc6 libcmark; do
  echo "$dep" | grep -q "\b$lib" || bad="$bad $lib"
done
echo "$dep" | grep -q 'libc6 (>= ' || bad="$bad libc6-version"
[ -z "$bad" ] && ok "Depends from dpkg-shlibdeps names the linked libraries with versions" ||
  fail "Depends lacks$bad: $dep"

dpkg-deb --contents "$deb" > "$TMP/contents"
bad=""
for f in usr/bin/enginecard usr/share/man/man1/enginecard.1.gz usr/share/bash-completion/completions/enginecard \
  usr/share/zsh/vendor-completions/_enginecard usr/share/fish/vendor_completions.d/enginecard.fish \
  usr/share/doc/enginecard/copyright usr/share/doc/enginecard/changelog.gz; do
  grep -q " \./$f\$" "$TMP/contents" || bad="$bad $f"
done
[ -z "$bad" ] && ok "contents: binary, man page, three completions, copyright, changelog" || fail "contents lack$bad"
awk '{ print $2 }' "$TMP/contents" | grep -v '^root/root$' > "$TMP/owners"
awk '{ print $NF }' "$TMP/contents" | grep -v '^\./$' | grep -v '^\./usr' > "$TMP/outside"
[ ! -s "$TMP/owners" ] && [ ! -s "$TMP/outside" ] && ok "contents: owned by root, all under /usr" ||
  fail "contents: owners $(sort -u "$TMP/owners" | tr '\n' ' ') outside /usr: $(tr '\n' ' ' < "$TMP/outside")"

dpkg-deb -x "$deb" "$TMP/x" && dpkg-deb -e "$deb" "$TMP/x/DEBIAN"
[ "$("$TMP/x/usr/bin/enginecard" --version)" = "enginecard $version" ] && ok "the packaged binary runs" ||
  fail "the packaged binary does not run"
(cd "$TMP/x" && md5sum --quiet -c DEBIAN/md5sums) > "$TMP/md5.out" 2>&1 && ok "md5sums match the files" ||
  fail "md5sums: $(head -2 "$TMP/md5.out")"
c=$TMP/x/usr/share/doc/enginecard/copyright
if head -1 "$c" | grep -qx 'Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/' &&
   grep -q '^Files: \*' "$c" && grep -q '^Copyright: ' "$c" && grep -q '^License: ' "$c"; then
  ok "copyright is machine-readable (DEP-5: Format, Files, Copyright, License)"
else fail "copyright is not DEP-5"; fi
if command -v groff > /dev/null; then
  zcat "$TMP/x/usr/share/man/man1/enginecard.1.gz" | groff -ww -man -Tutf8 > /dev/null 2> "$TMP/groff.err" &&
    [ ! -s "$TMP/groff.err" ] && ok "the packaged man page renders without warnings" || fail "packaged man page: $(head -2 "$TMP/groff.err")"
else skip "groff is not installed: the packaged man page not rendered"; fi
# Debian's hardening, read from the binary itself
bin=$TMP/x/usr/bin/enginecard
hard=""
readelf -h "$bin" | grep -q 'Type:.*DYN' || hard="$hard PIE"
readelf -l "$bin" | grep -q GNU_RELRO || hard="$hard relro"
readelf -d "$bin" | grep -Eq 'BIND_NOW|FLAGS.*NOW' || hard="$hard bind-now"
readelf --dyn-syms -W "$bin" | grep -q '__stack_chk_fail' || hard="$hard stack-protector"
readelf --dyn-syms -W "$bin" | grep -v __stack_chk | grep -Eq '__[a-z0-9_]+_chk\b' || hard="$hard _FORTIFY_SOURCE"
[ -z "$hard" ] && ok "hardened: PIE, relro, bind-now (-z now), stack protector, _FORTIFY_SOURCE (__*_chk calls)" ||
  fail "the packaged binary lacks:$hard"
if command -v lintian > /dev/null; then
  lintian -I "$deb" > "$TMP/lintian.out" 2> /dev/null
  grep -E '^[EW]: |hardening' "$TMP/lintian.out" > "$TMP/lintian.bad"
  [ ! -s "$TMP/lintian.bad" ] && ok "lintian: no error, no warning, no hardening tag ($(grep -c '^I: ' "$TMP/lintian.out") info tags)" ||
    { fail "lintian:"; sed 's/^/    /' "$TMP/lintian.bad" | head -10; }
  zcat "$TMP/x/usr/share/doc/enginecard/changelog.gz" | head -1 | grep -q "^enginecard ($version) unstable; urgency=medium\$" &&
    ok "changelog.gz: a Debian changelog of this version" || fail "changelog: $(zcat "$TMP/x/usr/share/doc/enginecard/changelog.gz" | head -1)"
else skip "lintian is not installed (tests/deps.sh installs it): the package not checked by it"; fi
cp "$deb" "$TMP/first.deb"
mkdeb && cmp -s "$deb" "$TMP/first.deb" && ok "make deb again gives the same bytes" || fail "make deb is not reproducible"

# a fresh minimal Debian root
want=${EC_DEB_ROOT_TEST:-auto}
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
