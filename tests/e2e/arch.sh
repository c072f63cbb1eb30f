#!/bin/sh
# The stages' include rule (docs/architecture.md): a folder of src/ includes
# headers of the folders below it and its own, never one above it. Each
# folder's allowed list is written here once; a folder that is not listed
# fails, so a new floor has to say where it sits.
. tests/e2e/lib.sh

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

# violations ROOT: one line per include of ROOT/*/ that runs up the stages
violations() {
  for dir in "$1"/*/; do
    d=$(basename "$dir")
    ok_list=$(allowed "$d")
    if [ "$ok_list" = "?" ]; then
      echo "src/$d/ is a folder the stage rule does not place (add it to tests/e2e/arch.sh and docs/architecture.md)"
      continue
    fi
    for f in "$dir"*.c "$dir"*.h; do
      [ -f "$f" ] || continue
      for inc in $(sed -n 's/^#include "\([a-z_]*\)\/.*/\1/p' "$f" | sort -u); do
        case " $ok_list " in
          *" $inc "*) ;;
          *) echo "${f#"$1"/} includes $inc/ (src/$d/ may include: $ok_list)" ;;
        esac
      done
    done
  done
}

violations src > "$TMP/v"
if [ -s "$TMP/v" ]; then
  fail "includes that run up the stages:"; sed 's/^/    /' "$TMP/v"
else
  ok "every include in src/ runs down the stages ($(ls -d src/*/ | wc -l) folders)"
fi

# the check can fail: a drawing file that asks view/, and an unplaced folder
mkdir -p "$TMP/t/draw" "$TMP/t/misc"
printf '#include "draw/scene.h"\n#include "view/colors.h"\n' > "$TMP/t/draw/x.c"
violations "$TMP/t" > "$TMP/v2"
if grep -q '^draw/x.c includes view/' "$TMP/v2" && grep -q 'src/misc/ is a folder' "$TMP/v2" && [ "$(wc -l < "$TMP/v2")" -eq 2 ]; then
  ok "the check refuses draw/ including view/ and a folder it does not place"
else
  fail "the check missed a planted violation"; sed 's/^/    /' "$TMP/v2"
fi

# Names by owner: the second word of a public function's name (ec_trend_*,
# ec_gen_graph_*) belongs to one folder. The model's nouns are the exception:
# load builds layers, tensors and input shapes, facts and view read them.
NOUNS=" ec_engine_ ec_layer_ ec_tensor_ ec_input_ ec_name_ "
owners() {
  for h in "$1"/*/*.h; do
    d=$(basename "$(dirname "$h")")
    grep -hoE '^[a-z_][a-z0-9_ ]*[ *]+ec_[a-z0-9]+_[a-z0-9_]*\(' "$h" | grep -oE 'ec_[a-z0-9]+_' | sort -u | sed "s|\$| $d|"
  done | sort -u | awk '{a[$1] = a[$1] " " $2; c[$1]++} END {for (k in a) if (c[k] > 1) print k ":" a[k]}' | sort |
    while IFS=: read -r p where; do
      case "$NOUNS" in *" $p "*) ;; *) echo "$p is declared in$where" ;; esac
    done
}
owners src > "$TMP/n"
if [ -s "$TMP/n" ]; then
  fail "a name prefix with more than one owner:"; sed 's/^/    /' "$TMP/n"
else
  ok "every public name prefix (ec_X_) belongs to one folder, but the model's nouns"
fi
mkdir -p "$TMP/o/judge" "$TMP/o/view"
printf 'int ec_trend_build(void);\n' > "$TMP/o/judge/trend.h"
printf 'int ec_trend_chart(void);\nint ec_layer_color(void);\n' > "$TMP/o/view/trend_view.h"
printf 'int ec_layer_kind(void);\n' > "$TMP/o/judge/kind.h"
owners "$TMP/o" > "$TMP/n2"
if grep -q '^ec_trend_ is declared in judge view$' "$TMP/n2" && [ "$(wc -l < "$TMP/n2")" -eq 1 ]; then
  ok "the name check finds a prefix declared in two folders (and lets a model noun be)"
else
  fail "the name check missed a planted prefix"; sed 's/^/    /' "$TMP/n2"
fi
