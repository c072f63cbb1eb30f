# make install / install-strip / uninstall: GNU directory variables and
# DESTDIR on every path; the installed binary runs on its own (templates and
# assets are embedded) and uninstall removes what install put there.
. tests/e2e/lib.sh
B=${BUILD:-build}
mk() { make -s --no-print-directory BUILD="$B" "$@" > "$TMP/mk.out" 2>&1; }
if mk install DESTDIR="$TMP/stage" PREFIX=/usr && [ -x "$TMP/stage/usr/bin/enginecard" ]; then
  ok "install: DESTDIR + PREFIX put the binary in \$DESTDIR/usr/bin"
else fail "install: no \$DESTDIR/usr/bin/enginecard"; sed 's/^/    /' "$TMP/mk.out" | head -5; fi
if mk install DESTDIR="$TMP/stage" BINDIR=/opt/ec/bin && [ -x "$TMP/stage/opt/ec/bin/enginecard" ]; then
  ok "install: BINDIR is honoured"
else fail "install: BINDIR ignored"; fi
# the installed binary, run from elsewhere, writes a report (nothing read from the checkout)
if (cd "$TMP" && ./stage/usr/bin/enginecard report "$OLDPWD/examples/resnet-int8-a100" -o r.html > /dev/null 2>&1) &&
   grep -q "<svg" "$TMP/r.html"; then
  ok "install: the installed binary writes a report away from the checkout"
else fail "install: the installed binary could not write a report"; fi
# stripped: no symbol table left, so smaller than the -g build installed above
full=$(wc -c < "$TMP/stage/usr/bin/enginecard")
if mk install-strip DESTDIR="$TMP/strip" && [ -x "$TMP/strip/usr/local/bin/enginecard" ] &&
   [ "$(wc -c < "$TMP/strip/usr/local/bin/enginecard")" -lt "$full" ]; then
  ok "install-strip: installs a stripped binary"
else fail "install-strip: no stripped binary"; fi
mk uninstall DESTDIR="$TMP/stage" PREFIX=/usr
if [ ! -e "$TMP/stage/usr/bin/enginecard" ]; then ok "uninstall: removes the installed binary"; else fail "uninstall: binary still there"; fi
