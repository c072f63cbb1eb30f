# symlinks: an output path never follows a symlink another user planted in
# a sticky or world-writable directory (the kernel's protected_symlinks
# rule, enforced by src/cli/outpath.c for every output whatever
# fs.protected_symlinks says): exit 2, the link and the file it names
# untouched, a message that names the link, its owner and the rule. A
# user's own link, one the directory's owner made, and any link in a
# directory only trusted users can write are followed: the file they name
# is replaced whole and the link stays. As root (links made by nobody with
# setpriv) and as the unprivileged user nobody where the test can.
. tests/e2e/lib.sh
B=$(cd "$(dirname "$EC_BIN")" && pwd)/$(basename "$EC_BIN")
W=$TMP/w
mkdir -p "$W/eng" "$W/private" "$W/sticky" "$W/open" "$W/mine"
chmod 755 "$TMP" "$W" "$W/eng" "$W/private" "$W/mine"
chmod 1777 "$W/sticky"
chmod 777 "$W/open"
E=$W/eng/e.engine
"$EC_GEN" --out "$E" --layers 30 --seed 5 > /dev/null 2>&1
chmod 644 "$W"/eng/*
# refused DESC PATH VICTIM CMD...: CMD exits 2 saying why, VICTIM unchanged
refused() {
  d=$1 p=$2 v=$3; shift 3
  before=$(cat "$v" 2>/dev/null)
  "$@" > /dev/null 2> "$TMP/err"; rc=$?
  if [ $rc -eq 2 ] && [ "$(cat "$v" 2>/dev/null)" = "$before" ] && [ -L "$p" ] &&
     grep -q "refusing to follow the symlink .*protected_symlinks rule" "$TMP/err"; then
    ok "$d: exit 2, $(sed "s|$W/||g" "$TMP/err" | head -1 | cut -c1-150)"
  else
    fail "$d: exit $rc (want 2), or the file it names changed"; sed 's/^/    /' "$TMP/err" | head -3
  fi
}
# followed DESC LINK TARGET CMD...: CMD exits 0, TARGET is the new output, LINK stays
followed() {
  d=$1 l=$2 t=$3; shift 3
  "$@" > /dev/null 2> "$TMP/err"; rc=$?
  if [ $rc -eq 0 ] && [ -L "$l" ] && { head -c 15 "$t" | grep -q '<!DOCTYPE html>\|{' ; }; then ok "$d: the file it names replaced, the link kept"
  else fail "$d: exit $rc"; sed 's/^/    /' "$TMP/err" | head -3; fi
}

# /dev/stdout is a chain of links whose last one, in /proc, names a pipe
# ("pipe:[123]"), not a path: followed by the kernel
n=$("$B" report "$E" -o /dev/stdout -q 2> /dev/null | wc -c)
[ "$n" -gt 1000 ] && ok "-o /dev/stdout into a pipe: the page arrives ($n bytes)" || fail "-o /dev/stdout into a pipe: $n bytes"

if [ "$(id -u)" -ne 0 ]; then
  skip "symlinks planted by another user: not root (a test cannot make a link another user owns)"
  ln -s "$W/mine/target.html" "$W/sticky/own.html"
  followed "your own link in a sticky directory" "$W/sticky/own.html" "$W/mine/target.html" "$B" report "$E" -o "$W/sticky/own.html"
  exit 0
fi
if ! command -v setpriv > /dev/null || ! id nobody > /dev/null 2>&1; then
  skip "symlinks planted by another user: setpriv or the user nobody is missing"
  exit 0
fi
nobody() { setpriv --reuid="$(id -u nobody)" --regid="$(id -g nobody)" --clear-groups "$@"; }

# root-only file another user tries to have root replace
echo secret > "$W/private/shadow"
chmod 600 "$W/private/shadow"
nobody ln -s "$W/private/shadow" "$W/sticky/report.html"
refused "root, -o through nobody's link in a sticky world-writable directory" "$W/sticky/report.html" "$W/private/shadow" \
  "$B" report "$E" -o "$W/sticky/report.html"
nobody ln -s "$W/private/shadow" "$W/sticky/report.pdf"
refused "root, --pdf through nobody's link" "$W/sticky/report.pdf" "$W/private/shadow" "$B" report "$E" --pdf "$W/sticky/report.pdf"
nobody ln -s "$W/private/shadow" "$W/sticky/cmp.json"
refused "root, compare --json through nobody's link" "$W/sticky/cmp.json" "$W/private/shadow" "$B" compare "$E" "$E" --json "$W/sticky/cmp.json"
# a device is written into, never replaced: a planted link to one is refused too
nobody ln -s /dev/full "$W/sticky/dev.html"
refused "root, -o through nobody's link to a device" "$W/sticky/dev.html" /dev/null "$B" report "$E" -o "$W/sticky/dev.html"
# a directory on the path: the same rule
nobody ln -s "$W/private" "$W/sticky/dir"
refused "root, -o through nobody's link to a directory on the path" "$W/sticky/dir" "$W/private/shadow" \
  "$B" report "$E" -o "$W/sticky/dir/shadow"
# world-writable without the sticky bit: anyone may plant links there too
nobody ln -s "$W/private/shadow" "$W/open/report.html"
refused "root, -o through nobody's link in a world-writable directory" "$W/open/report.html" "$W/private/shadow" \
  "$B" report "$E" -o "$W/open/report.html"
[ "$(cat "$W/private/shadow")" = secret ] && [ "$(stat -c %a "$W/private/shadow")" = 600 ] &&
  ok "the root-only file the links name is intact (600, its content)" || fail "the root-only file changed"

# followed: root's own link; a link of the directory's owner; a link in a
# directory only root can write (whoever owns the link)
echo old > "$W/mine/target.html"
chmod 640 "$W/mine/target.html"
ln -s "$W/mine/target.html" "$W/sticky/own.html"
followed "root, its own link in a sticky directory" "$W/sticky/own.html" "$W/mine/target.html" "$B" report "$E" -o "$W/sticky/own.html"
[ "$(stat -c %a "$W/mine/target.html")" = 640 ] && ok "the file a link names keeps its mode (640)" || fail "the file a link names lost its mode"
mkdir "$W/nobodys" && chown nobody "$W/nobodys" && chmod 1777 "$W/nobodys"
nobody ln -s "$W/mine/t2.html" "$W/nobodys/r.html"
followed "root, a link of the sticky directory's owner" "$W/nobodys/r.html" "$W/mine/t2.html" "$B" report "$E" -o "$W/nobodys/r.html"
ln -s "$W/mine/t3.html" "$W/private/r.html" && chown -h nobody "$W/private/r.html"
followed "root, nobody's link in a directory only root can write" "$W/private/r.html" "$W/mine/t3.html" "$B" report "$E" -o "$W/private/r.html"

# as nobody: a third user's link in root's sticky directory (a link of
# root, the directory's owner, would be followed, as the kernel does)
mkdir "$W/nb" && chown nobody "$W/nb"
nobody sh -c 'echo mine > "$1"' sh "$W/nb/x.html"
if id daemon > /dev/null 2>&1; then
  setpriv --reuid="$(id -u daemon)" --regid="$(id -g daemon)" --clear-groups ln -s "$W/nb/x.html" "$W/sticky/daemons.html"
  refused "nobody, -o through daemon's link in root's sticky directory" "$W/sticky/daemons.html" "$W/nb/x.html" \
    nobody "$B" report "$E" -o "$W/sticky/daemons.html"
else
  skip "nobody through a third user's link: no user daemon"
fi
ln -s "$W/nb/z.html" "$W/sticky/roots.html"
followed "nobody, a link of root (the sticky directory's owner)" "$W/sticky/roots.html" "$W/nb/z.html" \
  nobody "$B" report "$E" -o "$W/sticky/roots.html"
nobody ln -s "$W/nb/y.html" "$W/sticky/nobodys.html"
followed "nobody, its own link in a sticky directory" "$W/sticky/nobodys.html" "$W/nb/y.html" \
  nobody "$B" report "$E" -o "$W/sticky/nobodys.html"
