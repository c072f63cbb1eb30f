# make install / install-strip / uninstall: GNU directory variables and
# DESTDIR on every path; the installed binary runs on its own (templates and
# assets are embedded) with its man page and bash, zsh and fish completions,
# and uninstall removes everything install put there.
. tests/e2e/lib.sh
B=${BUILD:-build}
mk() { make -s --no-print-directory BUILD="$B" "$@" > "$TMP/mk.out" 2>&1; }
if mk install DESTDIR="$TMP/stage" PREFIX=/usr && [ -x "$TMP/stage/usr/bin/enginecard" ]; then
  ok "install: DESTDIR + PREFIX put the binary in \$DESTDIR/usr/bin"
else fail "install: no \$DESTDIR/usr/bin/enginecard"; sed 's/^/    /' "$TMP/mk.out" | head -5; fi
if mk install DESTDIR="$TMP/stage3" BINDIR=/opt/ec/bin && [ -x "$TMP/stage3/opt/ec/bin/enginecard" ]; then
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
# the man page and completions where man, bash-completion, zsh and fish look
S=$TMP/stage/usr/share
if [ -f "$S/man/man1/enginecard.1" ] && [ -f "$S/bash-completion/completions/enginecard" ] &&
   [ -f "$S/zsh/vendor-completions/_enginecard" ] && [ -f "$S/fish/vendor_completions.d/enginecard.fish" ]; then
  ok "install: man page and bash, zsh and fish completions under \$DESTDIR\$DATAROOTDIR"
else fail "install: man page or a completion missing"; (cd "$TMP/stage" && find . -type f | sed 's/^/    /'); fi
if command -v man > /dev/null; then
  MANWIDTH=80 man -l "$S/man/man1/enginecard.1" 2>&1 | grep -q "enginecard compare" &&
    ok "install: the installed man page reads with man -l" || fail "install: man -l cannot read the installed page"
else skip "man is not installed: the installed page not read"; fi
if mk install DESTDIR="$TMP/stage2" PREFIX=/usr MANDIR=/opt/man DATAROOTDIR=/opt/share &&
   [ -f "$TMP/stage2/opt/man/man1/enginecard.1" ] && [ -f "$TMP/stage2/opt/share/fish/vendor_completions.d/enginecard.fish" ]; then
  ok "install: MANDIR and DATAROOTDIR are honoured"
else fail "install: MANDIR or DATAROOTDIR ignored"; fi
mk uninstall DESTDIR="$TMP/stage" PREFIX=/usr
if [ ! -e "$TMP/stage/usr/bin/enginecard" ]; then ok "uninstall: removes the installed binary"; else fail "uninstall: binary still there"; fi
left=$(cd "$TMP/stage" && find . ! -type d | sed -n 1,5p | tr '\n' ' ')
[ -z "$left" ] && ok "uninstall: the staged tree holds no files (binary, man page, completions gone)" ||
  fail "uninstall left: $left"
# a DESTDIR with a space: installed into and removed from that folder, and a
# file named as its first word (before: `rm -f $(DESTDIR)...` removed it) stays
mkdir -p "$TMP/q"
echo keep > "$TMP/q/sp"
if (cd "$TMP/q" && make -s --no-print-directory -C "$OLDPWD" BUILD="$B" install DESTDIR="$TMP/q/sp ace" PREFIX=/usr > "$TMP/mk.out" 2>&1) &&
   [ -x "$TMP/q/sp ace/usr/bin/enginecard" ] && [ -f "$TMP/q/sp ace/usr/share/man/man1/enginecard.1" ]; then
  ok "install DESTDIR=\"\$PWD/sp ace\": everything under the folder with the space"
else fail "install with a space in DESTDIR: $(head -3 "$TMP/mk.out")"; fi
(cd "$TMP/q" && make -s --no-print-directory -C "$OLDPWD" BUILD="$B" uninstall DESTDIR="$TMP/q/sp ace" PREFIX=/usr > "$TMP/mk.out" 2>&1)
left=$(cd "$TMP/q/sp ace" 2> /dev/null && find . ! -type d | tr '\n' ' ')
[ -z "$left" ] && [ "$(cat "$TMP/q/sp")" = keep ] &&
  ok "uninstall DESTDIR=\"\$PWD/sp ace\": removes what install put there, and never the file \"sp\"" ||
  fail "uninstall with a space: left '$left', sp: $(cat "$TMP/q/sp" 2>&1)"
