# make deb: the Debian package from a staged install (pkg/deb.sh). Always:
# its control fields (version from --version, Depends from dpkg-shlibdeps),
# its files (binary, man page, bash/zsh/fish completions, DEP-5 copyright,
# changelog, md5sums, owned by root), that the same tree gives the same
# bytes, that lintian reports no error or warning (tests/deps.sh installs
# it), that the binary carries Debian's hardening (stack protector,
# _FORTIFY_SOURCE, relro and bind-now, PIE) and that the default build's
# binary is left as it was.
# Expensive: it compiles the hardened tree twice (the same-bytes check),
# 85 s of a 9-minute `make test` on a shared 2-core machine; `make
# test-expensive` runs it. The package in a fresh Debian root is
# tests/e2e/deb_root.sh (root, network, minutes).
. tests/e2e/lib.sh
expensive "make deb: the package's fields, files, lintian, hardening and same bytes (two compiles of the hardened tree)" || exit 0
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
