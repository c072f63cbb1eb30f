# The option table (src/cli/options.c) is what the parser accepts, and --help,
# the man page, the completions and the README's synopsis all come from it:
# - every row is accepted, with a sample value, by every command it names
#   (a row the command's option function does not handle is an "internal
#   error"), and refused by a command it does not name;
# - every option spelled in the parser's sources (src/cli/*.c) is a row, so
#   an option added to a command without its row fails here by name;
# - the man page renders without groff warnings; the bash completion loads in
#   a bare bash and completes a command, an option and a value; zsh and fish
#   completions parse, and complete, where those shells are installed.
. tests/e2e/lib.sh
B=${BUILD:-build}
"$EC_BIN" --generate table > "$TMP/table" 2> "$TMP/table.err" || { fail "--generate table"; exit 0; }
[ -s "$TMP/table" ] && ok "--generate table lists $(wc -l < "$TMP/table") command/option pairs" || fail "--generate table is empty"
cmds="summary layers report compare trend graph lint"

# one row per command and spelling (two rows sharing a name never share a command)
dups=$(cut -f1,2 "$TMP/table" | sort | uniq -d)
[ -z "$dups" ] && ok "no command has two rows for one spelling" || fail "rows shared by a command: $dups"

# a value the option accepts, by the name of its value
sample() {
  case $1 in
  FILE) echo "$TMP/out/file.svg" ;;
  N | S | K) echo 1 ;;
  PCT) echo 5 ;;
  MS) echo 0.5 ;;
  KEY=VALUE) echo k=v ;;
  LABEL) echo night-1 ;;
  SPEC) echo "INT8>=80%" ;;
  KEY | NAME | REGEX) echo x ;;
  *) return 1 ;;
  esac
}
mkdir -p "$TMP/out"
parser_said() { grep -E 'unknown option|is not an option of|internal error|needs a value|needs a |was removed' "$1"; }
bad=0; n=0
while IFS="$(printf '\t')" read -r cmd opt arg choices flags; do
  [ "$cmd" = - ] && continue
  set -- "$opt"
  if [ "$arg" != - ]; then
    if [ "$choices" != - ]; then v=${choices%% *}
    elif ! v=$(sample "$arg"); then fail "$cmd $opt: no sample value for $arg: add one to tests/e2e/options.sh"; bad=1; continue; fi
    set -- "$opt" "$v"
  fi
  engines="$TMP/none"; [ "$cmd" = compare ] && engines="$TMP/none $TMP/none2"
  # shellcheck disable=SC2086
  "$EC_BIN" "$cmd" "$@" $engines > /dev/null 2> "$TMP/err"
  n=$((n + 1))
  case $flags in
  *removed*)
    grep -q "was removed" "$TMP/err" || { fail "$cmd $opt: a removed option says so"; bad=1; } ;;
  *)
    if parser_said "$TMP/err" > /dev/null; then
      fail "$cmd $* is in the table but the parser refuses it: $(parser_said "$TMP/err" | head -1)"; bad=1
    fi ;;
  esac
done < "$TMP/table"
[ $bad -eq 0 ] && ok "every command accepts each of its $n table rows (with a sample value)"

# and refuses a spelling the table does not list for it (the gate is one
# lookup for all commands: one command per spelling suffices)
bad=0; n=0
for opt in $(cut -f2 "$TMP/table" | sort -u); do
  for cmd in $cmds; do
    grep -q "^$cmd	$opt	" "$TMP/table" && continue
    "$EC_BIN" "$cmd" "$opt" x "$TMP/none" > /dev/null 2> "$TMP/err"
    n=$((n + 1))
    grep -q "is not an option of $cmd\|unknown option" "$TMP/err" ||
      { fail "$cmd accepts $opt, which the table does not list for it"; bad=1; }
    break
  done
done
"$EC_BIN" report --no-such-option "$TMP/none" > /dev/null 2> "$TMP/err"; rc=$?
[ $rc -eq 2 ] && grep -q "unknown option --no-such-option" "$TMP/err" || { fail "an unknown option: exit $rc"; bad=1; }
for cmd in $cmds; do # a usage error after repeatable options frees them (seen under make asan)
  "$EC_BIN" "$cmd" --meta m --log l --label k=v --no-such-option "$TMP/none" > /dev/null 2> "$TMP/err"; rc=$?
  [ $rc -eq 2 ] && ! grep -q Sanitizer "$TMP/err" || { fail "$cmd: usage error after --meta: exit $rc $(grep -m1 Sanitizer "$TMP/err")"; bad=1; }
done
[ $bad -eq 0 ] && ok "a command refuses options the table does not give it ($n tried) and unknown ones (exit 2)"

# every option spelled in the parser's sources is a row of the table
cut -f2 "$TMP/table" | sort -u > "$TMP/spellings"
grep -ohE '"-(-[a-z0-9][a-z0-9-]*|[a-zA-Z])"' src/cli/*.c | tr -d '"' | sort -u > "$TMP/in_source"
missing=$(comm -23 "$TMP/in_source" "$TMP/spellings" | tr '\n' ' ')
[ -z "$missing" ] && ok "every option in src/cli/*.c ($(wc -l < "$TMP/in_source")) is in the option table" ||
  fail "options in src/cli/*.c missing from the table in src/cli/options.c: $missing"

# each option's name is written once: the commands read the table's rows
# (no spelling in src/cli/cmd_*.c; a message asks ec_cli_opt_name), and
# facts/, rules/ and judge/ quote none (the allow-list in the script says why)
if python3 tests/e2e/check_option_quotes.py "$TMP/table" cmd src/cli/cmd_*.c > "$TMP/quotes" 2>&1; then
  ok "src/cli/cmd_*.c spell no option: the table's rows bind them (ec_cli_opt_name names them)"
else fail "option spellings in src/cli/cmd_*.c (read the field the row binds; name it with EC_OPT_NAME):"; head -5 "$TMP/quotes" | sed 's/^/    /'; fi
if python3 tests/e2e/check_option_quotes.py "$TMP/table" below src/facts/*.c src/rules/*.c src/judge/*.c > "$TMP/quotes" 2>&1; then
  ok "facts/, rules/ and judge/ quote no enginecard option outside the allow-list"
else fail "enginecard options quoted below narrate/ (the words belong to narrate/ or the caller):"; head -5 "$TMP/quotes" | sed 's/^/    /'; fi
# the check itself fails on a planted copy
printf 'static const char *x = "no verdict (--max-regress not given)";\n' > "$TMP/planted.c"
python3 tests/e2e/check_option_quotes.py "$TMP/table" below "$TMP/planted.c" > /dev/null 2>&1 &&
  fail "check_option_quotes.py missed a planted --max-regress" || ok "check_option_quotes.py fails on a planted quote"

# --help, the man page and the completions name each shown option
"$EC_BIN" --generate man > "$TMP/enginecard.1"
"$EC_BIN" --generate bash > "$TMP/enginecard.bash"
"$EC_BIN" --generate zsh > "$TMP/_enginecard"
"$EC_BIN" --generate fish > "$TMP/enginecard.fish"
bad=0
while IFS="$(printf '\t')" read -r cmd opt arg choices flags; do
  case $flags in *hidden* | *removed*) continue ;; esac
  [ "$cmd" = - ] && continue
  "$EC_BIN" "$cmd" --help | grep -q -- "$opt\b" || { fail "$cmd --help lacks $opt"; bad=1; }
  grep -qF -- "$(echo "$opt" | sed 's/-/\\-/g')" "$TMP/enginecard.1" || { fail "man page lacks $opt"; bad=1; }
  grep -q "^ *$cmd) words=\".*$opt\b" "$TMP/enginecard.bash" || { fail "bash completion lacks $cmd $opt"; bad=1; }
  grep -q -- "$opt" "$TMP/_enginecard" || { fail "zsh completion lacks $opt"; bad=1; }
  case $opt in --*) f="-l ${opt#--}" ;; *) f="-s ${opt#-}" ;; esac
  grep -q -- "$cmd.* $f\b" "$TMP/enginecard.fish" || grep -q -- "'true' .*$f\b" "$TMP/enginecard.fish" ||
    { fail "fish completion lacks $cmd $opt"; bad=1; }
done < "$TMP/table"
[ $bad -eq 0 ] && ok "--help, the man page and the bash, zsh and fish completions name every shown option"

# the README's synopsis is the generated one
"$EC_BIN" --generate synopsis > "$TMP/synopsis"
awk '/^<!-- synopsis:/ { on = 1; next } on { print } on && /^```$/ && ++fence == 2 { exit }' README.md > "$TMP/readme_synopsis"
if [ ! -s "$TMP/readme_synopsis" ]; then fail "README.md has no '<!-- synopsis:' block"
elif cmp -s "$TMP/synopsis" "$TMP/readme_synopsis"; then ok "README's synopsis is 'enginecard --generate synopsis'"
else fail "README's synopsis differs from 'enginecard --generate synopsis' (paste it in):"; diff "$TMP/readme_synopsis" "$TMP/synopsis" | head -10 | sed 's/^/    /'; fi

# the man page renders without warnings
if command -v groff > /dev/null; then
  if groff -ww -man -Tutf8 "$TMP/enginecard.1" > "$TMP/man.txt" 2> "$TMP/groff.err" && [ ! -s "$TMP/groff.err" ] &&
     sed 's/.\x08//g' "$TMP/man.txt" | grep -q "EXIT STATUS"; then ok "man page renders with groff -ww -man without warnings"
  else fail "groff -ww warns on the man page"; head -5 "$TMP/groff.err" | sed 's/^/    /'; fi
else skip "groff is not installed (tests/deps.sh installs groff-base): man page not rendered"; fi
if command -v man > /dev/null; then
  if MANWIDTH=80 man --warnings -l "$TMP/enginecard.1" > "$TMP/man2.txt" 2> "$TMP/man.err" && [ ! -s "$TMP/man.err" ] &&
     grep -q "compare" "$TMP/man2.txt"; then ok "man -l renders enginecard(1) without warnings"
  else fail "man -l: $(head -3 "$TMP/man.err")"; fi
else skip "man is not installed (tests/deps.sh installs man-db): man -l not tried"; fi
# every variable the sources read is under ENVIRONMENT
envs=$(grep -ohE 'getenv\("[A-Za-z_0-9]+"\)' src/*/*.c | sed 's/getenv("\(.*\)")/\1/' | sort -u)
sed -n '/^\.SH ENVIRONMENT/,/^\.SH /p' "$TMP/enginecard.1" > "$TMP/env.man"
bad=""
for v in $envs; do grep -q "^\.B $v\$" "$TMP/env.man" || bad="$bad $v"; done
[ -n "$envs" ] && [ -z "$bad" ] && ok "the man page's ENVIRONMENT names every variable src/ reads ($(echo $envs))" ||
  fail "ENVIRONMENT in the man page lacks:$bad (add a row to S_env in src/cli/options.c)"
# one reader of SOURCE_DATE_EPOCH (util/srcdate.c, one getenv) and no other clock or calendar in src/
sde=$(grep -rn 'getenv("SOURCE_DATE_EPOCH")' src | cut -d: -f1 | tr '\n' ' ')
clk=$(grep -rlE '\<(time|gmtime|gmtime_r|localtime|localtime_r|strftime|mktime|timegm)\(' src | grep -v '^src/util/srcdate\.c$' | tr '\n' ' ')
[ "$sde" = "src/util/srcdate.c " ] && [ -z "$clk" ] && ok "SOURCE_DATE_EPOCH is read once, in src/util/srcdate.c; nothing else in src/ makes dates" ||
  fail "SOURCE_DATE_EPOCH read at: $sde; clocks or calendars in: $clk"
SOURCE_DATE_EPOCH=0 "$EC_BIN" --generate man | grep -q '^\.TH ENGINECARD 1 "1970-01-01"' &&
  ok "the man page is dated by SOURCE_DATE_EPOCH" || fail "the man page ignores SOURCE_DATE_EPOCH"

# bash: loads in a bare shell and completes a command, an option and a value
cat > "$TMP/bashtest" << 'EOF'
. "$1" || exit 1
complete -p enginecard | grep -q -- '-F _enginecard' || { echo "no complete -F _enginecard"; exit 1; }
c() { COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMPREPLY=(); _enginecard; echo "${COMPREPLY[*]}"; }
[ "$(c enginecard rep)" = report ] || { echo "command: $(c enginecard rep)"; exit 1; }
[ "$(c enginecard report m.engine --pdf-d)" = --pdf-detail ] || { echo "option: $(c enginecard report m.engine --pdf-d)"; exit 1; }
[ "$(c enginecard compare a b --metric gpu-p)" = gpu-p99 ] || { echo "value: $(c enginecard compare a b --metric gpu-p)"; exit 1; }
[ "$(c enginecard trend --base)" = "" ] || { echo "trend offers --baseline"; exit 1; }
EOF
if bash --norc --noprofile "$TMP/bashtest" "$TMP/enginecard.bash" > "$TMP/bash.out" 2>&1 && [ ! -s "$TMP/bash.out" ]; then
  ok "bash completion loads without errors and completes a command, an option and a value"
else fail "bash completion: $(head -3 "$TMP/bash.out")"; fi

# zsh and fish: parsed where installed (not test dependencies)
if command -v zsh > /dev/null; then
  zsh -n "$TMP/_enginecard" 2> "$TMP/zsh.err" && ok "zsh completion parses (zsh -n)" || fail "zsh -n: $(head -3 "$TMP/zsh.err")"
  mkdir -p "$TMP/zfunc" "$TMP/zhome" && cp "$TMP/_enginecard" "$TMP/zfunc/"
  if timeout 60 zsh -f tests/e2e/zsh_complete.zsh "$TMP/zfunc" "$TMP/zhome" > "$TMP/zt.out" 2>&1 && [ ! -s "$TMP/zt.out" ]; then
    ok "zsh completes a command, an option and a value (compinit in a pseudo-terminal)"
  else fail "zsh completion: $(head -3 "$TMP/zt.out")"; fi
else skip "zsh is not installed: zsh completion not parse-checked"; fi
if command -v fish > /dev/null; then
  fish -n "$TMP/enginecard.fish" 2> "$TMP/fish.err" && ok "fish completion parses (fish -n)" || fail "fish -n: $(head -3 "$TMP/fish.err")"
  if fish --no-config -c "source $TMP/enginecard.fish; complete -C 'enginecard report --pdf-d'" 2>&1 | grep -q '^--pdf-detail'; then
    ok "fish completes an option of a command"
  else fail "fish does not complete 'enginecard report --pdf-d'"; fi
else skip "fish is not installed: fish completion not parse-checked"; fi

# make writes the same files it installs
if make -s --no-print-directory BUILD="$B" "$B/share/enginecard.bash" > /dev/null 2>&1 && cmp -s "$B/share/enginecard.bash" "$TMP/enginecard.bash"; then
  ok "make builds the completion the binary generates"
else fail "$B/share/enginecard.bash is not 'enginecard --generate bash'"; fi
