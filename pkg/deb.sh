#!/bin/sh
# make deb: a Debian binary package of enginecard, built with dpkg-deb from a
# staged `make install-strip DESTDIR=... PREFIX=/usr` tree of its own build,
# $BUILD/deb-build, compiled with Debian's hardening flags (dpkg-buildflags
# with DEB_BUILD_MAINT_OPTIONS=hardening=+all: -fstack-protector-strong,
# -D_FORTIFY_SOURCE=2, -Wl,-z,relro -Wl,-z,now, PIE), stripped as dh_strip
# does (no .comment and .note sections): the binary, its man page (gzipped,
# as Debian policy asks), the bash, zsh and fish completions,
# usr/share/doc/enginecard/copyright (pkg/copyright, DEP-5) and changelog.gz
# (a native package's: this version, dated as the files are). lintian
# reports no error or warning on it (tests/e2e/deb.sh).
# Depends comes from dpkg-shlibdeps (package dpkg-dev) on the binary; the
# version from `enginecard --version`. Files are dated SOURCE_DATE_EPOCH
# (else the last commit), owned by root, so the same tree gives the same
# package. Writes $BUILD/enginecard_VERSION_ARCH.deb and prints its path.
# Maintainer: $DEB_MAINTAINER, else "$DEBFULLNAME <$DEBEMAIL>", else the
# author of the last commit.
set -eu
umask 022
B=${BUILD:-build}
MAKE=${MAKE:-make}
for t in dpkg-deb dpkg-shlibdeps dpkg dpkg-buildflags; do
  command -v "$t" > /dev/null || { echo "deb: $t is missing (Debian package dpkg-dev)" >&2; exit 2; }
done
case $B in /*) D=$B/deb ;; *) D=$(pwd)/$B/deb ;; esac
root=$D/src/debian/enginecard
rm -rf "$D"
mkdir -p "$D"
flags() { DEB_BUILD_MAINT_OPTIONS=hardening=+all dpkg-buildflags --get "$1"; }
# OPT replaces the default -O2 -g; EXTRA_* are added after the warnings
$MAKE -s --no-print-directory BUILD="$B/deb-build" OPT="$(flags CFLAGS)" EXTRA_CFLAGS="$(flags CPPFLAGS)" \
  EXTRA_LDFLAGS="$(flags LDFLAGS)" install-strip DESTDIR="$root" PREFIX=/usr > "$D/install.log"
strip --remove-section=.comment --remove-section=.note "$root/usr/bin/enginecard"
gzip -9n "$root/usr/share/man/man1/enginecard.1"
install -d "$root/usr/share/doc/enginecard"
install -m 644 pkg/copyright "$root/usr/share/doc/enginecard/copyright"

version=$("$root/usr/bin/enginecard" --version | sed -n 's/^enginecard //p')
[ -n "$version" ] || { echo "deb: no version from enginecard --version" >&2; exit 2; }
arch=$(dpkg --print-architecture)
# dpkg-shlibdeps reads debian/control in the directory it runs in, and
# finds the package root by its DEBIAN folder
install -d "$root/DEBIAN"
mkdir -p "$D/src/debian"
printf 'Source: enginecard\n\nPackage: enginecard\nArchitecture: any\n' > "$D/src/debian/control"
deps=$(cd "$D/src" && dpkg-shlibdeps -O -edebian/enginecard/usr/bin/enginecard 2> "$D/shlibdeps.err" | sed -n 's/^shlibs:Depends=//p')
[ -n "$deps" ] || { echo "deb: dpkg-shlibdeps gave no Depends:" >&2; cat "$D/shlibdeps.err" >&2; exit 2; }

maint=${DEB_MAINTAINER:-}
[ -z "$maint" ] && [ -n "${DEBEMAIL:-}" ] && maint="${DEBFULLNAME:-enginecard} <$DEBEMAIL>"
[ -z "$maint" ] && maint=$(git log -1 --format='%an <%ae>' 2> /dev/null || true)
[ -n "$maint" ] || maint="enginecard maintainers <root@localhost>"
epoch=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2> /dev/null || echo 0)}

# a native package's changelog: this version, dated as the files are
{
  printf 'enginecard (%s) unstable; urgency=medium\n\n' "$version"
  printf '  * Built from the enginecard source tree (make deb); the project'"'"'s history\n'
  printf '    is its git log.\n\n'
  printf ' -- %s  %s\n' "$maint" "$(LC_ALL=C date -u -R -d "@$epoch")"
} > "$root/usr/share/doc/enginecard/changelog"
gzip -9n "$root/usr/share/doc/enginecard/changelog"
chmod 644 "$root/usr/share/doc/enginecard/changelog.gz"

(cd "$root" && find usr -type f | LC_ALL=C sort | xargs md5sum) > "$root/DEBIAN/md5sums"
size=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
cat > "$root/DEBIAN/control" << CONTROL
Package: enginecard
Version: $version
Architecture: $arch
Maintainer: $maint
Installed-Size: $size
Depends: $deps
Section: devel
Priority: optional
Description: report cards for TensorRT engines from trtexec's JSON and logs
 enginecard turns what TensorRT's trtexec writes about a built engine (the
 layer graph, the per-layer profile, the per-iteration timings and the
 console logs) into a self-contained HTML report, a PDF brief, JSON,
 Markdown, CSV and JUnit, and gates CI on latency regressions with an
 interval. No GPU, no Python, no server.
CONTROL
chmod 644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums"
find "$root" -exec touch -h -d "@$epoch" {} +
out=$B/enginecard_${version}_${arch}.deb
SOURCE_DATE_EPOCH=$epoch dpkg-deb --root-owner-group -Zxz --build "$root" "$out" > /dev/null
echo "$out"
