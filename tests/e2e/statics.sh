#!/bin/sh
# Process-wide state is marked and safe beside the thread pool (issue 26):
# every mutable static in src/ (file scope or inside a function), and every
# writable global, carries a "process-wide:" comment on its declaration or
# in the comment just above it (statics declared together may share one),
# saying why it is one per process and which thread touches it. A static
# comparator context (a qsort comparator reading a static pointer) fails
# here: sort structs that carry their key instead (src/view/engine_charts.c)
# or rank ids (src/util/rank.h).
#
# What it reads: the objects in $BUILD/obj (made up to date first: make
# rebuilds only what changed, nothing after `make test-bins`). Mutable
# state is what the compiler put in writable data: the symbols of .data,
# .bss and .data.rel(.local) (`objdump -t`), not .rodata or .data.rel.ro
# (const data, however it is spelled), nor .tbss/.tdata (_Thread_local: one
# per thread). Each symbol is taken back to its declaration through the
# debug information (`readelf --debug-dump=info`: the variable's
# DW_AT_decl_line; a static inside a function is "name.N" in the object),
# so two statics of one name in two functions are told apart; an object
# without debug information falls back to the first line of its .c file
# that names the symbol. A declaration over several lines ("static struct
# {...} S_x;") is read from its first line.
#
# Why not a grep: the grep this replaced read lines that start with
# "static" and guessed which were mutable. It passed "static const foo
# *S_ctx;" (a pointer to const is itself writable: the comparator context
# its own comment forbade) and "static const char *names[] = {...}" (an
# array of pointers anyone may rewrite), and would pass any static whose
# declaration does not start its line. Both are planted below and must fail.
cd "$(dirname "$0")/../.." || exit 2
. tests/e2e/lib.sh
BUILD=${BUILD:-build}
# The objects' data sections are read from the plain build: ASan's objects
# add __odr_asan.* globals and move read-only tables into writable data, so
# `make asan` leaves this check to `make test` (the source is the same).
case $BUILD in *asan*) skip "statics: $BUILD is an ASan build (make test checks the plain build's objects)"; exit 0 ;; esac

# unmarked SRC OBJ: one "FILE:LINE: DECLARATION" per writable symbol of the
# objects OBJ/*/*.o whose declaration in SRC/*/*.c is not marked
unmarked() {
  for o in "$2"/*/*.o; do
    [ -f "$o" ] || continue
    r=${o#"$2"/}; c="$1/${r%.o}.c"
    [ -f "$c" ] || continue
    objdump -t "$o" | awk '
      # addr flags section size name: the writable sections, no section or file symbols
      NF >= 4 && $NF != $(NF - 2) && $2 != "df" {
        s = $(NF - 2)
        if (s ~ /^\.(data|bss)(\.|$)/ && s !~ /^\.data\.rel\.ro/ || s == "*COM*") print $NF
      }' > "$TMP/w"
    [ -s "$TMP/w" ] || continue
    readelf --debug-dump=info "$o" 2> /dev/null > "$TMP/dwarf"
    # the declaration lines: "NAME LINE" for each variable with a static
    # address (DW_OP_addr), its name and line taken from the DIE it
    # completes (DW_AT_specification, DW_AT_abstract_origin) when not its own
    awk '
      function close_die() {
        if (cur != "" && addr) { na++; an[na] = cur; ar[na] = ref }
        cur = ""; addr = 0; ref = ""
      }
      function val(s) { sub(/^[^:]*:[ \t]*/, "", s); sub(/^\(indirect[^)]*\):[ \t]*/, "", s); return s }
      /^ *<[0-9]+><[0-9a-f]+>:/ {
        close_die()
        if ($0 ~ /DW_TAG_variable/) { cur = $1; sub(/^<[0-9]+></, "", cur); sub(/>:$/, "", cur) }
        next
      }
      cur == "" { next }
      /DW_AT_name/ { name[cur] = val($0) }
      /DW_AT_decl_line/ { line[cur] = val($0) + 0 }
      /DW_AT_location/ && /DW_OP_addr:/ { addr = 1 }
      /DW_AT_(specification|abstract_origin)/ { ref = val($0); gsub(/[<>]|0x/, "", ref) }
      END {
        close_die()
        for (i = 1; i <= na; i++) {
          d = an[i]; if (!(d in name) && ar[i] != "") d = ar[i]
          l = (d in line) ? line[d] : line[ar[i]]
          if ((d in name) && l) print name[d], l
        }
      }' "$TMP/dwarf" > "$TMP/lines"
    awk -v f="$c" -v lines="$TMP/lines" -v syms="$TMP/w" '
      function marked(l,   s, e, k, d, t) {
        # the declaration starts where its braces balance ("} S_x;" opens above)
        d = gsub(/}/, "}", src[l]) - gsub(/\{/, "{", src[l])
        for (s = l; d > 0 && s > 1; ) { s--; t = src[s]; d += gsub(/}/, "}", t) - gsub(/\{/, "{", t) }
        for (e = l; e < l + 20 && e < n && src[e] !~ /;/; e++) ;
        for (k = s; k <= e; k++) if (src[k] ~ /process-wide/) return 1
        for (k = s - 1; k >= 1 && k >= s - 8; k--) {
          if (src[k] ~ /process-wide/) return 1
          if (src[k] !~ /^[ \t]*(\/\*|\*|static[ \t])/) return 0
        }
        return 0
      }
      BEGIN {
        while ((getline t < f) > 0) src[++n] = t
        while ((getline t < lines) > 0) { split(t, w, " "); nl[w[1]] = nl[w[1]] " " w[2] }
        while ((getline t < syms) > 0) {
          b = t; sub(/\.[0-9]+$/, "", b)
          if (!(b in nl)) {
            # no debug information: the first line naming it
            for (k = 1; k <= n; k++) if (src[k] ~ ("(^|[^A-Za-z0-9_])" b "([^A-Za-z0-9_]|$)")) break
            nl[b] = (k <= n) ? " " k : " 0"
          }
          m = split(nl[b], ls, " ")
          for (i = 1; i <= m; i++) {
            l = ls[i] + 0
            if (l == 0) { print f ": " b ": no declaration found"; continue }
            if (!marked(l) && !seen[l]++) { t2 = src[l]; sub(/^[ \t]+/, "", t2); print f ":" l ": " t2 }
          }
        }
      }'
  done
}

if ! build_objects > "$TMP/b"; then
  fail "statics: the objects in $BUILD/obj could not be built:"; sed 's/^/    /' "$TMP/b"
else
  unmarked src "$BUILD/obj" | sort -t: -k1,1 -k2,2n > "$TMP/found"
  n=$(for o in "$BUILD"/obj/*/*.o; do objdump -t "$o"; done | awk 'NF >= 4 && $NF != $(NF - 2) && ($(NF - 2) ~ /^\.(data|bss)(\.|$)/ && $(NF - 2) !~ /^\.data\.rel\.ro/)' | wc -l)
  if [ -s "$TMP/found" ]; then
    fail "statics: writable data without a 'process-wide:' comment (say why, and which thread touches it):"
    sed 's/^/    /' "$TMP/found"
  else
    ok "statics: all $n writable data symbols of the objects of src/ are marked process-wide"
  fi
fi

# The check can fail: a comparator's static context pointer (to const), a
# table of pointers to const strings, and one of two function statics of
# one name; the marked, the const, the per-thread and the automatic pass.
S=$TMP/s/src; SO=$TMP/s/obj
mkdir -p "$S/x" "$SO/x"
cat > "$S/x/sort.c" << 'EOF'
#include <stdlib.h>
typedef struct { int key; } foo;
static const foo *S_ctx;
static int S_cmp(const void *a, const void *b) {
  return S_ctx[*(const int *)a].key - S_ctx[*(const int *)b].key;
}
void x_sort(const foo *f, int *ids, size_t n) {
  S_ctx = f;
  qsort(ids, n, sizeof *ids, S_cmp);
}
static const char *S_words[] = {"a", "b"};
static const char *const S_fixed[] = {"c", "d"};
static _Thread_local int S_per_thread;
/* process-wide: a planted state,
 * touched by the main thread only */
static struct {
  int a;
  const char *b;
} S_state;
int x_one(int i) {
  static int n; /* process-wide: counts calls (main thread) */
  const char *auto_words[] = {"e", "f"};
  S_words[i & 1] = auto_words[i & 1];
  S_state.a += i;
  S_per_thread += i;
  return ++n + S_fixed[i & 1][0];
}
int x_two(int i) {
  static int n;
  return n += i;
}
const char *x_word(int i) { return S_words[i & 1]; }
void x_set_word(int i, const char *w) { S_words[i & 1] = w; }
EOF
cc -std=c11 -O2 -g -c "$S/x/sort.c" -o "$SO/x/sort.o" 2> "$TMP/cc.err"
unmarked "$S" "$SO" | sed "s|^$S/||" > "$TMP/planted"
if grep -qx 'x/sort.c:3: static const foo \*S_ctx;' "$TMP/planted" &&
   grep -qx 'x/sort.c:11: static const char \*S_words\[\] = {"a", "b"};' "$TMP/planted" &&
   grep -qx 'x/sort.c:29: static int n;' "$TMP/planted" && [ "$(wc -l < "$TMP/planted")" -eq 3 ]; then
  ok "statics: the check refuses a comparator's static context pointer, a writable table of pointers and an unmarked function static beside a marked one of the same name"
  sed 's/^/    caught: /' "$TMP/planted"
else
  fail "statics: the check missed a planted static (or found one too many):"
  sed 's/^/    found: /' "$TMP/planted"; sed 's/^/    cc: /' "$TMP/cc.err"
fi
