# Every shell block (```sh) of README.md and docs/*.md runs as written, in
# order, in one fresh folder per document holding the repository's
# examples/ (so a block reads what the blocks before it wrote), with
# enginecard on PATH
# and a stand-in trtexec (it writes a generated engine's files where the
# --export* flags say and prints its trtexec log). A block passes when every
# enginecard it runs exits 0, 1 (a gate said FAIL) or 4 (no verdict) — never
# 2 (usage or I/O) or 3 (no usable data) — nothing is "not found", and every
# file its enginecard lines name with -o, --pdf, --json F, --junit,
# --markdown or '>' is there and not empty. After the capture recipes,
# enginecard reads what they wrote. Blocks that install or build
# (`tests/deps.sh`, `make`) are what CI itself runs (.ci/run); they are
# listed, not run again.
. tests/e2e/lib.sh
export SOURCE_DATE_EPOCH=1700000000
ROOT=$(pwd)
BIN=$(cd "$(dirname "$EC_BIN")" && pwd)/$(basename "$EC_BIN")
GEN=$(cd "$(dirname "$EC_GEN")" && pwd)/$(basename "$EC_GEN")
mkdir -p "$TMP/bin" "$TMP/stub"
"$GEN" --out "$TMP/stub/m.engine" --layers 60 --iterations 300 --log > /dev/null 2>&1
cat > "$TMP/bin/enginecard" <<SH
#!/bin/sh
"$BIN" "\$@"; rc=\$?
echo "\$rc \$*" >> "$TMP/rcs"
exit \$rc
SH
cat > "$TMP/bin/trtexec" <<SH
#!/bin/sh
for a; do
  case \$a in
    --exportTimes=*) cp "$TMP/stub/m.engine.timing.json" "\${a#*=}" ;;
    --exportProfile=*) cp "$TMP/stub/m.engine.profile.json" "\${a#*=}" ;;
    --exportLayerInfo=*) cp "$TMP/stub/m.engine.graph.json" "\${a#*=}" ;;
    --saveEngine=*) : > "\${a#*=}" ;;
  esac
done
cat "$TMP/stub/m.engine.profile.log"
SH
# a stand-in nsys: profile runs the command after its options and writes an
# empty report; export and stats write what tests/gen/nsys.py makes of the
# stand-in engine (its layers' NVTX ranges and kernels)
cat > "$TMP/bin/nsys" <<SH
#!/bin/sh
verb=\$1; shift; out=""; reports=""
while [ \$# -gt 0 ]; do
  case \$1 in
    -o) out=\$2; shift 2 ;;
    --report) reports=\$2; shift 2 ;;
    -t|--type|--format|--tables|--cuda-graph-trace) shift 2 ;;
    -*) shift ;;
    *) break ;;
  esac
done
case \$verb in
  profile) "\$@"; : > "\$out.nsys-rep" ;;
  export|stats)
    d=\$(mktemp -d)
    "$PY" "$ROOT/tests/gen/nsys.py" "$TMP/stub/m.engine.graph.json" "\$d" direct || exit 1
    if [ \$verb = export ]; then cp "\$d/model.engine.nsys.sqlite" "\$out"
    else for r in \$(echo "\$reports" | tr , ' '); do cp "\$d/model.engine.nsys_\$r.csv" "\${out}_\$r.csv"; done; fi
    rm -rf "\$d" ;;
esac
SH
chmod +x "$TMP/bin/enginecard" "$TMP/bin/trtexec" "$TMP/bin/nsys"
# blocks: FILE:LINE then the block's text, NUL-separated
"$PY" - "$TMP/blocks" README.md docs/*.md <<'PY'
import sys, os
out = sys.argv[1]; os.makedirs(out, exist_ok=True); k = 0
for path in sys.argv[2:]:
    lines = open(path).read().split('\n'); i = 0
    while i < len(lines):
        if lines[i].strip() == '```sh':
            j = i + 1
            while j < len(lines) and lines[j].strip() != '```': j += 1
            k += 1
            open(os.path.join(out, '%03d' % k), 'w').write('%s:%d\n' % (path, i + 1) + '\n'.join(lines[i + 1:j]) + '\n')
            i = j
        i += 1
PY
n=0
for f in "$TMP"/blocks/*; do
  [ -f "$f" ] || continue
  where=$(head -1 "$f"); tail -n +2 "$f" > "$TMP/block.sh"
  if grep -Eq 'tests/deps\.sh|(^|[ ;&])make( |$)' "$TMP/block.sh"; then
    ok "$where: installs or builds (run by .ci/run itself)"; continue
  fi
  n=$((n + 1))
  doc=$(echo "${where%%:*}" | tr '/.' '__')
  ws="$TMP/ws-$doc"; [ -d "$ws" ] || { mkdir -p "$ws"; ln -s "$ROOT/examples" "$ws/examples"; }; : > "$TMP/rcs"
  (cd "$ws" && PATH="$TMP/bin:$PATH" sh "$TMP/block.sh") > "$TMP/out" 2>&1
  bad=$(awk '$1 == 2 || $1 == 3 || $1 > 4' "$TMP/rcs")
  missing=""
  for o in $("$PY" - "$TMP/block.sh" <<'PY'
import sys, shlex
text = open(sys.argv[1]).read().replace('\\\n', ' ')
for line in text.split('\n'):
    line = line.split('#')[0]
    if 'enginecard' not in line: continue
    try: w = shlex.split(line)
    except ValueError: continue
    for a, b in zip(w, w[1:]):
        if a in ('-o', '--pdf', '--junit', '--markdown', '>') or (a == '--json' and 'summary' not in w and 'lint' not in w):
            if '$' not in b: print(b)
PY
); do [ -s "$ws/$o" ] || missing="$missing $o"; done
  if [ -z "$bad" ] && [ -z "$missing" ] && ! grep -q "not found" "$TMP/out" && [ -s "$TMP/rcs" -o -n "$(grep -l trtexec "$TMP/block.sh")" ]; then
    ok "$where: runs as written ($(wc -l < "$TMP/rcs") enginecard commands)"
  else
    fail "$where: exit codes [$bad] missing [$missing]"; sed 's/^/    /' "$TMP/out" | tail -8
  fi
  # a capture recipe: what it wrote is read
  if grep -q '^trtexec' "$TMP/block.sh"; then
    if "$BIN" summary "$ws/model.engine" > "$TMP/s.out" 2>&1 && grep -q "^layers" "$TMP/s.out"; then
      ok "$where: enginecard reads what the capture recipe wrote"
    else fail "$where: enginecard cannot read what the capture recipe wrote"; sed 's/^/    /' "$TMP/s.out" | head -5; fi
  fi
done
[ $n -gt 0 ] || fail "no shell block found in README.md or docs/"
