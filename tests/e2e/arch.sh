#!/bin/sh
# The stage rule and the names rule of docs/architecture.md, checked from
# what the compiler and the linker see, not from how a line is spelled.
#
# 1. Includes. A folder of src/ depends on headers of its own folder and of
#    the folders below it, never one above. The dependencies are the
#    compiler's: `cc -MM` with the build's flags (`make print-cflags`) on
#    every src/*/*.c and src/*/*.h lists every header a file really reads,
#    whatever the spelling ("../view/x.h", "x.h" found beside the file, a
#    header read through another header); paths are resolved before the
#    folder is taken.
# 2. Calls. The objects in $BUILD/obj (made up to date first: make rebuilds
#    only what changed, nothing after `make test-bins`): a symbol an object
#    of folder A leaves undefined (`nm`) and an object of folder B defines is
#    a use of B by A, allowed only when B is in A's list. This catches a call
#    that runs up the stages with no include at all: a prototype copied into
#    the .c file, however it is laid out.
# 3. Placement. A folder that is not in the table below fails, so a new
#    floor has to say where it sits; the table in docs/architecture.md
#    must say what allowed() says.
# 4. Names by owner. The second word of a public name (ec_trend_*,
#    ec_gen_graph_*) belongs to one folder, for every kind of name: functions
#    and variables the objects define (`nm`) or a header declares, type names
#    (typedefs, struct, union and enum tags) and enum constants (EC_TREND_UP
#    is ec_trend_'s), read from the headers by a small tokenizer that drops
#    comments, strings and preprocessor lines and follows braces and
#    parentheses, so a prototype or a typedef over several lines is one
#    declaration. The model's nouns (NOUNS) are the exception: model/
#    declares them, load builds them, every later stage asks about them. A
#    few older names that break the rule are listed (KNOWN) with the name
#    each is to take; a listed name that is gone fails, so the list shrinks.
#
# Why not greps: the grep this replaced read `#include "folder/...` lines
# and `ec_x_y(` at the start of a header line. It passed a "../view/x.h"
# include, a call through a prototype written in the .c file (on one line
# or two), a prototype split over two lines, and a type ec_align_t declared
# in draw/ while ec_align_* functions live in judge/. Each is planted
# below and must fail.
#
# Which folder may use which is written once, in allowed() (and shown in
# docs/architecture.md). Each list is closed downwards (a folder lists what
# the folders it lists list), since a header's own includes count too; the
# check says so when one is not.
# Time: 7 to 16 s on two busy cores, most of it cc -MM reading every file
# once (two compilers at once); 1 s more per object make has to rebuild.
cd "$(dirname "$0")/../.." || exit 2
. tests/e2e/lib.sh
BUILD=${BUILD:-build}
CC=${CC:-cc}

allowed() {
  case $1 in
    util) echo "util" ;;
    words) echo "util words" ;;
    draw) echo "util words draw" ;;
    model) echo "util words model" ;;
    load) echo "util words model load" ;;
    facts) echo "util words model facts" ;;
    rules) echo "util words model facts rules" ;;
    judge) echo "util words model facts rules judge" ;;
    narrate) echo "util words model facts rules judge narrate" ;;
    view) echo "util words model facts rules judge narrate draw view" ;;
    render) echo "util words draw render" ;;
    assemble) echo "util words model facts rules judge narrate draw view render assemble" ;;
    emit) echo "util words model facts rules judge narrate draw view emit" ;;
    cli) echo "util words model load facts rules judge narrate draw view render assemble emit cli" ;;
    *) echo "?" ;;
  esac
}

# table ROOT: "FOLDER ALLOWED..." for every placed folder of ROOT; one
# "unplaced FOLDER" line for each folder the table does not place
table() {
  for dir in "$1"/*/; do
    d=$(basename "$dir")
    a=$(allowed "$d")
    if [ "$a" = "?" ]; then echo "unplaced $d"; else echo "$d $a"; fi
  done
}

# unplaced ROOT: one line per folder of ROOT the table does not place
unplaced() {
  table "$1" | sed -n 's|^unplaced \(.*\)|src/\1/ is a folder the stage rule does not place (add it to tests/e2e/arch.sh and docs/architecture.md)|p'
}

# includes ROOT CFLAGS: one line per header dependency (cc -MM) of a file of
# ROOT/*/ on a folder it may not use
includes() {
  table "$1" > "$TMP/table"
  # two compilers at once (the sources, the headers): half the wall time
  # shellcheck disable=SC2086
  { $CC $2 -MM "$1"/*/*.c > "$TMP/mm.c" 2> "$TMP/mm.c.err"; echo $? > "$TMP/mm.c.rc"; } &
  # shellcheck disable=SC2086
  $CC $2 -MM "$1"/*/*.h > "$TMP/mm" 2> "$TMP/mm.err"; rc=$?
  wait
  if [ "$rc" -ne 0 ] || [ "$(cat "$TMP/mm.c.rc")" -ne 0 ]; then
    echo "cc -MM failed:"; cat "$TMP/mm.c.err" "$TMP/mm.err" | sed 's/^/  /'
  fi
  cat "$TMP/mm.c" >> "$TMP/mm"
  awk -v root="$1" '
    # a path with "." and ".." resolved ("src/draw/../view/x.h" is "src/view/x.h")
    function norm(p,   n, a, i, k, st, out) {
      n = split(p, a, "/"); k = 0
      for (i = 1; i <= n; i++) {
        if (a[i] == "." || (a[i] == "" && i > 1)) continue
        if (a[i] == ".." && k > 0 && st[k] != "..") { k--; continue }
        st[++k] = a[i]
      }
      out = st[1]; for (i = 2; i <= k; i++) out = out "/" st[i]
      return out
    }
    # the path inside root ("draw/x.c"), or "" for a file outside it
    function inside(p) { p = norm(p); return index(p, R) == 1 ? substr(p, length(R) + 1) : "" }
    function folder(p) { return substr(p, 1, index(p, "/") - 1) }
    function rule(s,   n, w, i, src, d, dep, e) {
      n = split(s, w, /[ \t]+/)
      for (i = 1; i <= n && w[i] !~ /:$/; i++) ;
      src = inside(w[i + 1]); d = folder(src)
      if (src == "" || !(d in ok)) return
      for (i += 2; i <= n; i++) {
        if (w[i] == "" || (dep = inside(w[i])) == "") continue
        e = folder(dep)
        if (index(ok[d], " " e " ") == 0) print src " depends on " dep " (src/" d "/ may include:" substr(ok[d], 1, length(ok[d]) - 1) ")"
      }
    }
    BEGIN { R = norm(root) "/" }
    FILENAME != "-" && FNR == NR { if ($1 != "unplaced") { f = $1; $1 = ""; ok[f] = $0 " " } next }
    /\\$/ { acc = acc substr($0, 1, length($0) - 1) " "; next }
    { rule(acc $0); acc = "" }
  ' "$TMP/table" "$TMP/mm" | sort -u
}

# calls ROOT OBJ: one line per symbol an object of OBJ/FOLDER/ (a folder of
# ROOT) leaves undefined and an object of a folder it may not use defines
calls() {
  table "$1" > "$TMP/table"
  for dir in "$1"/*/; do
    d=$(basename "$dir")
    for o in "$2/$d"/*.o; do [ -f "$o" ] && echo "$o"; done
  done > "$TMP/objs"
  [ -s "$TMP/objs" ] || { echo "no objects in $2"; return; }
  # shellcheck disable=SC2046
  nm -A -g $(cat "$TMP/objs") > "$TMP/nm" || echo "nm failed"
  awk -v obj="$2" '
    function short(p) { return substr(p, length(obj) + 2) }
    function folder(p) { return substr(p, 1, index(p, "/") - 1) }
    FNR == NR { if ($1 != "unplaced") { f = $1; $1 = ""; ok[f] = $0 " " } next }
    {
      c = index($0, ":"); o = short(substr($0, 1, c - 1)); n = split(substr($0, c + 1), w, /[ \t]+/)
      sym = w[n]; t = w[n - 1]
      if (t == "U") { nu++; uo[nu] = o; us[nu] = sym }
      else if (t ~ /^[A-Z]$/) def[sym] = o
    }
    END {
      for (i = 1; i <= nu; i++) {
        if (!(us[i] in def)) continue
        d = folder(uo[i]); e = folder(def[us[i]])
        if (d in ok && index(ok[d], " " e " ") == 0)
          print uo[i] " uses " us[i] ", defined in " def[us[i]] " (src/" d "/ may use:" substr(ok[d], 1, length(ok[d]) - 1) ")"
      }
    }
  ' "$TMP/table" "$TMP/nm" | sort -u
}

# The model's nouns: model/ declares them, load builds them, every later
# stage asks about them (ec_device_peak, ec_kernel_share_pct, EC_BIND_INPUT).
NOUNS=" ec_engine_ ec_layer_ ec_tensor_ ec_input_ ec_name_ ec_device_ ec_dims_ ec_kernel_ ec_conv_ ec_sketch_ ec_bind_ ec_run_ "

# Names that broke the rule before it read types and constants, each with
# the name it is to take; listed here until renamed (the renames touch
# lines other work is rewriting). Only the tree's check reads this list: a
# name not on it fails, and the planted cases below do not consult it.
KNOWN=''

# names ROOT OBJ: every public name as "PREFIX FOLDER KIND NAME": what the
# headers of ROOT/*/ declare and what the objects of OBJ/*/ define
names() {
  awk '
    function emit(name, kind,   p) {
      p = tolower(name)
      if (!match(p, /^ec_[a-z0-9]+/)) return
      print substr(p, 1, RLENGTH) "_", dir, kind, name
    }
    # one line of C without comments and literals (inc: inside /* */)
    function strip(s,   out, c, i, n, q) {
      out = ""; n = length(s); i = 1
      while (i <= n) {
        if (inc) { c = index(substr(s, i), "*/"); if (!c) return out; i += c + 1; inc = 0; out = out " "; continue }
        c = substr(s, i, 2)
        if (c == "/*") { inc = 1; i += 2; continue }
        if (c == "//") break
        c = substr(s, i, 1)
        if (c == "\"" || c == "\047") {
          q = c; i++
          while (i <= n && substr(s, i, 1) != q) i += (substr(s, i, 1) == "\\") ? 2 : 1
          i++; out = out " 0 "; continue
        }
        out = out c; i++
      }
      return out
    }
    function isid(t) { return t ~ /^[A-Za-z_][A-Za-z_0-9]*$/ }
    # the declarations of one header: its tokens tok[1..nt]
    function declarations(   i, t, pv, nx, depth, pd, td, tdp, pend, en) {
      depth = 0; pd = 0; td = 0; tdp = 0; pend = 0; split("", en)
      for (i = 1; i <= nt; i++) {
        t = tok[i]; pv = (i > 1) ? tok[i - 1] : ";"; nx = (i < nt) ? tok[i + 1] : ";"
        if (t == "{") { depth++; en[depth] = pend; pend = 0; continue }
        if (t == "}") { en[depth] = 0; if (depth > 0) depth--; continue }
        if (t == "(") { pd++; if (td && depth == 0 && pd == 1) tdp++; continue }
        if (t == ")") { if (pd > 0) pd--; continue }
        if (t == ";" && depth == 0) { td = 0; tdp = 0; continue }
        if (t == "typedef" && depth == 0) { td = 1; continue }
        if (t == "struct" || t == "union" || t == "enum") {
          if (isid(nx) && tok[i + 2] == "{") emit(nx, "type")
          if (t == "enum" && (nx == "{" || tok[i + 2] == "{")) pend = 1
          continue
        }
        if (!isid(t) || tolower(t) !~ /^ec_/) continue
        if (pv == "struct" || pv == "union" || pv == "enum") continue
        if (en[depth] && pd == 0 && (pv == "{" || pv == ",")) { emit(t, "constant"); continue }
        if (depth > 0) continue
        if (td) {
          # the declared name: "T name;", "T name[4];", "T name(args);"
          # (after a type: "typedef T (*fn)(...)" names fn, not T) or "T (*name)(...)"
          if ((pd == 0 && nx ~ /^[;,[]$/) || (pd == 0 && nx == "(" && (pv == "*" || isid(pv)) && pv !~ /^(typedef|const|volatile)$/) ||
              (pd == 1 && tdp == 1 && pv == "*" && nx == ")")) emit(t, "type")
        } else if (pd == 0 && nx == "(") emit(t, "function")
        else if (pd == 0 && nx ~ /^[;,[=]$/) emit(t, "variable")
      }
    }
    FNR == 1 {
      if (NR > 1) declarations()
      nt = 0; inc = 0; pp = 0
      dir = FILENAME; sub(/\/[^\/]*$/, "", dir); sub(/^.*\//, "", dir)
    }
    {
      line = $0
      if (pp || (!inc && line ~ /^[ \t]*#/)) { pp = (line ~ /\\$/); next }
      s = strip(line)
      while (match(s, /[A-Za-z_][A-Za-z_0-9]*|[0-9][A-Za-z_0-9.]*|[^ \t]/)) {
        tok[++nt] = substr(s, RSTART, RLENGTH); s = substr(s, RSTART + RLENGTH)
      }
    }
    END { if (NR > 0) declarations() }
  ' "$1"/*/*.h
  for dir in "$1"/*/; do
    for o in "$2/$(basename "$dir")"/*.o; do [ -f "$o" ] && echo "$o"; done
  done > "$TMP/names.objs"
  [ -s "$TMP/names.objs" ] || return 0
  # shellcheck disable=SC2046
  nm -A -g --defined-only $(cat "$TMP/names.objs") | awk '{
    c = index($0, ":"); dir = substr($0, 1, c - 1); sub(/\/[^\/]*$/, "", dir); sub(/^.*\//, "", dir)
    n = split(substr($0, c + 1), w, /[ \t]+/); p = w[n]
    if (match(p, /^ec_[a-z0-9]+/)) print substr(p, 1, RLENGTH) "_", dir, (w[n - 1] == "T" ? "function" : "variable"), w[n]
  }'
}

# owners ROOT OBJ [KNOWN]: one line per name prefix declared in more than
# one folder, leaving out the names listed (first word of each line) in
# KNOWN, and one line per listed name that is gone (take it off the list)
owners() {
  names "$1" "$2" | sort -u | awk -v nouns="$NOUNS" -v known="$3" '
    BEGIN { n = split(known, l, "\n"); for (i = 1; i <= n; i++) { split(l[i], w, " "); if (w[1] != "") skip[w[1]] = 1 } }
    $4 in skip { found[$4] = 1; next }
    index(nouns, " " $1 " ") { next }
    !(($1, $2) in seen) { seen[$1, $2] = 1; w[$1] = w[$1] " " $2 " (" $3 " " $4 ")"; c[$1]++ }
    END {
      for (p in c) if (c[p] > 1) print p " is declared in" w[p]
      for (k in skip) if (!(k in found)) print k " is listed in KNOWN but no longer declared: take it off the list"
    }
  ' | sort
}

# ---- the tree ----------------------------------------------------------------

unplaced src > "$TMP/u"
if [ -s "$TMP/u" ]; then
  fail "folders the stage rule does not place:"; sed 's/^/    /' "$TMP/u"
else
  ok "every folder of src/ has its place in the stage rule ($(ls -d src/*/ | wc -l) folders)"
fi

# docs/architecture.md shows the table: it must say what allowed() says
awk '/^\| folder \| may use/ { t = 1; next } t && /^\|/ { print; next } t { exit }' docs/architecture.md |
  tr -d '`' | awk -F'|' 'NR > 1 { d = $2; gsub(/[ \/]/, "", d); print d "|" $3 }' > "$TMP/doc"
all=$(cut -d'|' -f1 "$TMP/doc" | tr '\n' ' ')
while IFS='|' read -r d cell; do
  cell=$(echo "$cell" | sed 's/^ *//; s/ *$//; s/,//g')
  case $cell in
    —) list="" ;;
    all) list=$all ;;
    "all but "*) list=$(for f in $all; do case " ${cell#all but } " in *" $f "*) ;; *) echo "$f" ;; esac; done) ;;
    *) list=$cell ;;
  esac
  a=$(echo "$d $list" | tr ' ' '\n' | grep . | sort -u | tr '\n' ' ')
  b=$(allowed "$d" | tr ' ' '\n' | sort -u | tr '\n' ' ')
  [ "$a" = "$b" ] || echo "docs/architecture.md gives $d/: $a; tests/e2e/arch.sh: $b"
done < "$TMP/doc" > "$TMP/d"
for f in $(table src | awk '$1 != "unplaced" { print $1 }'); do
  grep -q "^$f|" "$TMP/doc" || echo "docs/architecture.md has no row for $f/"
  # closed downwards: what a folder may use, it may use with all it uses
  for e in $(allowed "$f"); do
    for g in $(allowed "$e"); do
      case " $(allowed "$f") " in *" $g "*) ;; *) echo "allowed(): $f/ may use $e/, which uses $g/, which $f/ may not" ;; esac
    done
  done
done >> "$TMP/d"
if [ -s "$TMP/d" ]; then
  fail "the table in docs/architecture.md and allowed() disagree, or a list is not closed:"; sed 's/^/    /' "$TMP/d"
else
  ok "the table in docs/architecture.md says what allowed() says, and each list is closed ($(wc -l < "$TMP/doc") rows)"
fi

cflags=$(${MAKE:-make} -s --no-print-directory BUILD="$BUILD" print-cflags)
includes src "$cflags" > "$TMP/v"
if [ -s "$TMP/v" ]; then
  fail "header dependencies (cc -MM) that run up the stages:"; sed 's/^/    /' "$TMP/v"
else
  ok "every header dependency in src/ runs down the stages ($(grep -c ':' "$TMP/mm") files, cc -MM)"
fi

if ! build_objects > "$TMP/b"; then
  fail "the objects in $BUILD/obj could not be built:"; sed 's/^/    /' "$TMP/b"
else
  calls src "$BUILD/obj" > "$TMP/s"
  if [ -s "$TMP/s" ]; then
    fail "symbols used up the stages (nm on $BUILD/obj):"; sed 's/^/    /' "$TMP/s"
  else
    ok "every symbol an object of src/ uses is defined in its folder or below ($(wc -l < "$TMP/objs") objects)"
  fi
  owners src "$BUILD/obj" "$KNOWN" > "$TMP/n"
  if [ -s "$TMP/n" ]; then
    fail "a name prefix with more than one owner:"; sed 's/^/    /' "$TMP/n"
  else
    ok "every public name prefix (ec_X_: functions, variables, types, enum constants) belongs to one folder, but the model's nouns ($(echo "$KNOWN" | grep -c .) names still to rename)"
  fi
fi

# ---- the checks can fail -------------------------------------------------------
# A planted tree, compiled with cc: view/ defines ec_vc_color; draw/ asks for
# it by an include, by a "../" include, through a header of its own, and by
# a prototype over two lines with no include; misc/ is placed nowhere.
T=$TMP/t/src; O=$TMP/t/obj
mkdir -p "$T/draw" "$T/view" "$T/misc" "$O/draw" "$O/view" "$O/misc"
printf 'int ec_scene_n(void);\n' > "$T/draw/scene.h"
printf '#include "draw/scene.h"\nint ec_scene_n(void) { return 1; }\n' > "$T/draw/scene.c"
printf '#include "draw/scene.h"\nint ec_vc_color(int i, int j);\n' > "$T/view/colors.h"
printf '#include "view/colors.h"\nint ec_vc_color(int i, int j) { return i + j + ec_scene_n(); }\n' > "$T/view/colors.c"
printf '#include "draw/scene.h"\n#include "view/colors.h"\nint ec_x_n(void) { return ec_scene_n(); }\n' > "$T/draw/x.c"
printf '#include "../view/colors.h"\nint ec_up_n(void) { return 2; }\n' > "$T/draw/up.c"
printf '#include "view/colors.h"\n' > "$T/draw/wrap.h"
printf '#include "wrap.h"\nint ec_w_n(void) { return 3; }\n' > "$T/draw/w.c"
printf '#include "draw/scene.h"\nint ec_vc_color(int i,\n                int j);\nint ec_call_n(void) { return ec_vc_color(1, 2) + ec_scene_n(); }\n' > "$T/draw/call.c"
printf 'int ec_misc_n(void) { return 4; }\n' > "$T/misc/m.c"
for f in "$T"/*/*.c; do
  r=${f#"$T"/}
  $CC -std=c11 -c -I"$T" "$f" -o "$O/${r%.c}.o" 2>> "$TMP/cc.err"
done
{ unplaced "$T"; includes "$T" "-std=c11 -I$T"; calls "$T" "$O"; } > "$TMP/v2"
want() { grep -qF "$1" "$TMP/v2" || echo "    missed: $1" >> "$TMP/missed"; }
: > "$TMP/missed"
want "src/misc/ is a folder the stage rule does not place"
want "draw/x.c depends on view/colors.h"
want "draw/up.c depends on view/colors.h"
want "draw/wrap.h depends on view/colors.h"
want "draw/w.c depends on view/colors.h"
want "draw/call.o uses ec_vc_color, defined in view/colors.o"
if [ ! -s "$TMP/missed" ] && [ "$(wc -l < "$TMP/v2")" -eq 6 ]; then
  ok "the stage check refuses draw/ using view/ by an include, a ../ include, a header's include and a two-line prototype with no include, and a folder it does not place"
  sed 's/^/    caught: /' "$TMP/v2"
else
  fail "the stage check missed a planted violation (or found one too many):"
  cat "$TMP/missed"; sed 's/^/    found: /' "$TMP/v2"; sed 's/^/    cc: /' "$TMP/cc.err" 2>/dev/null
fi

# Names: a type ec_align_t in draw/ beside ec_align_* in judge/ (declared
# over two lines), an enum constant EC_TREND_UP in view/ beside a function
# ec_trend_build that only judge/'s object defines (no header), a struct
# tag and a typedef'd function pointer of judge/'s own, and a model noun in
# two folders (allowed).
N=$TMP/o/src; NO=$TMP/o/obj
mkdir -p "$N/draw" "$N/judge" "$N/view" "$NO/judge"
printf '/* ec_trend_x in a comment is no declaration */\ntypedef struct {\n  int width; /* the column ec_gate_y */\n} ec_align_t;\n' > "$N/draw/style.h"
printf 'struct ec_align_pair {\n  long a, b;\n};\ntypedef int (*ec_align_cmp)(const struct ec_align_pair *a,\n                           const struct ec_align_pair *b);\nconst struct ec_align_pair *\nec_align_engines(const void *a,\n                 const void *b);\nint ec_layer_kind(void);\n' > "$N/judge/align.h"
printf 'int ec_trend_build(int n) { return n; }\n' > "$N/judge/trend.c"
$CC -std=c11 -c "$N/judge/trend.c" -o "$NO/judge/trend.o" 2>> "$TMP/cc.err"
printf 'enum ec_tv_dir {\n  EC_TREND_UP = 1,\n  EC_TV_DOWN\n};\nint ec_tv_chart(const char *s, int n);\nint ec_layer_color(void);\n' > "$N/view/trend_view.h"
owners "$N" "$NO" > "$TMP/n2"
if grep -qx 'ec_align_ is declared in draw (type ec_align_t) judge (function ec_align_engines)' "$TMP/n2" &&
   grep -qx 'ec_trend_ is declared in judge (function ec_trend_build) view (constant EC_TREND_UP)' "$TMP/n2" &&
   [ "$(wc -l < "$TMP/n2")" -eq 2 ]; then
  ok "the name check finds a type and an enum constant under another folder's prefix, from headers over several lines and from the objects (and lets a model noun be)"
  sed 's/^/    caught: /' "$TMP/n2"
else
  fail "the name check missed a planted prefix (or found one too many):"; sed 's/^/    /' "$TMP/n2"
  names "$N" "$NO" | sed 's/^/    name: /'
fi
