#!/bin/sh
# bigtable: the all-layers table of a big engine is written as data (one
# JSON array per column) that assets/report.js draws on demand; without
# scripts the page shows the slowest layers and says where the rest are.
# Checks: the data decodes to exactly what `enginecard layers --csv` lists,
# hostile names stay inside their JSON strings, small engines keep plain
# rows, and (when chromium is installed) a link to a row that is not drawn
# scrolls to it and highlights it.
. tests/e2e/lib.sh
if [ ! -x "$EC_GEN" ]; then skip "enginegen not built ($EC_GEN)"; exit 0; fi
export SOURCE_DATE_EPOCH=1700000000
"$EC_GEN" --out "$TMP/big" --layers 3000 --iterations 50 --hostile --seed 11 > /dev/null 2>&1 || fail "enginegen 3000 layers"
"$EC_BIN" report "$TMP/big" -o "$TMP/big.html" -q 2> "$TMP/err" || { fail "report of 3,000 layers exits 0"; head -3 "$TMP/err"; }
"$EC_BIN" layers "$TMP/big" --csv > "$TMP/big.csv" 2>/dev/null || fail "layers --csv of 3,000 layers"
check "3,000 layers: the table is data that decodes to every layer, with the slowest 100 as static rows" "$PY" - "$TMP/big.html" "$TMP/big.csv" <<'PY'
import csv, json, re, sys
html = open(sys.argv[1], encoding="utf-8").read()
rows = list(csv.DictReader(open(sys.argv[2], encoding="utf-8", newline="")))
m = re.search(r'<script type="application/json" class="table-data" data-table="e1-layers">(.*?)</script>', html, re.S)
assert m, "no data block for the layer table"
body = m.group(1)
assert "<" not in body, "a raw '<' inside the data block"
d = json.loads(body)
# a column of mostly distinct strings (the names) is {"p": [prefix, suffix,
# middle, ...]}: the lengths it shares with the previous string
assert "p" in d["cols"][1]["t"], "names repeat their previous name's prefix and suffix in full"
for c in d["cols"]:
    if "p" in c.get("t", {}):
        out, prev, p = [], "", c["t"]["p"]
        for j in range(0, len(p), 3):
            prev = prev[:p[j]] + p[j + 2] + (prev[len(prev) - p[j + 1]:] if p[j + 1] else "")
            out.append(prev)
        c["t"] = {"s": out}
n = d["rows"]
assert n == len(rows) == 3000 or (n == len(rows) and abs(n - 3000) < 150), (n, len(rows))
# a column of strings: {"s": [...]}, {"d": dictionary, "i": indices} or
# {"d": dictionary, "r": [index, run length, ...]} (assets/report.js)
def col(e):
    if "s" in e:
        return e["s"]
    if "r" in e:
        return [e["d"][e["r"][j]] for j in range(0, len(e["r"]), 2) for _ in range(e["r"][j + 1])]
    return [e["d"][i] for i in e["i"]]
names = col(d["cols"][1]["t"])
# a row-number column is {"seq": 1}: the script writes the numbers
assert len(names) == n and all(c.get("seq") or len(col(c["t"])) == n for c in d["cols"])
assert d["ids"] == {"p": "e1-L"}, d["ids"]
name_key = [k for k in rows[0] if k.lower() in ("name", "layer")][0]
# CSV neutralises spreadsheet formulas and the table cuts nothing: compare
# the names that need no neutralising
diff = [i for i, r in enumerate(rows) if r[name_key].lstrip("'") != names[i] and not names[i][:1] in "=+-@\t\r"]
assert not diff, "names differ from layers --csv at rows %r" % diff[:5]
assert any("<script>alert(1)</script>" in x for x in names), "hostile name lost"
lat = d["cols"][4]["v"]
assert len(lat) == n
# a column that sorts exactly as an earlier one carries {"as": p}, not its
# keys: the share (%) sorts as the latency; check that order against the CSV
share = d["cols"][5].get("v")
assert share == {"as": 4}, "the share column repeats its sort keys: %r" % str(share)[:40]
for c, e in enumerate(d["cols"]):
    v = e.get("v")
    if isinstance(v, dict):
        assert v["as"] < c and isinstance(d["cols"][v["as"]]["v"], list), (c, v)
pct = [float(r["latency_pct"]) if r["latency_pct"] else None for r in rows]
key = lambda v: (lambda i: (v[i] if v[i] is not None else float("-inf"), i))
assert sorted(range(n), key=key(pct)) == sorted(range(n), key=key(lat)), "share and latency sort differently"
# the static rows: the 100 slowest, in order, with their row ids
tb = re.search(r'<table id="e1-layers"[^>]*>.*?<tbody>(.*?)</tbody>', html, re.S).group(1)
ids = [int(x) for x in re.findall(r'<tr id="e1-L(\d+)">', tb)]
assert len(ids) == 100, len(ids)
want = sorted(range(n), key=lambda i: (-(lat[i] if lat[i] is not None else -1), i))[:100]
assert ids == want, "static rows are not the slowest 100"
assert "Without scripts this shows the 100 slowest of the" in html
print("ok")
PY
"$EC_GEN" --out "$TMP/small" --layers 500 --iterations 50 > /dev/null 2>&1
"$EC_BIN" report "$TMP/small" -o "$TMP/small.html" -q 2>/dev/null
if grep -q 'class="table-data" data-table=' "$TMP/small.html"; then fail "500 layers: plain table markup"
elif [ "$(grep -o '<tr id="e1-L[0-9]*"' "$TMP/small.html" | wc -l)" -gt 450 ]; then ok "500 layers: plain table markup, a row per layer"
else fail "500 layers: rows missing"; fi
"$EC_BIN" report "$TMP/big" -o "$TMP/big2.html" -q 2>/dev/null
if cmp -s "$TMP/big.html" "$TMP/big2.html"; then ok "3,000 layers: rerun gives identical bytes"; else fail "3,000 layers: rerun differs"; fi

# the script: a link to a row that is not drawn scrolls to it and marks it
CH=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$CH" ]; then
  skip "chromium not installed: the on-demand rows are not exercised in a browser"
else
  row=$("$PY" -c "
import json,re,sys
h=open('$TMP/big.html',encoding='utf-8').read()
d=json.loads(re.search(r'class=\"table-data\" data-table=\"e1-layers\">(.*?)</script>',h,re.S).group(1))
print(d['rows']-7)")
  timeout 120 "$CH" --headless --no-sandbox --disable-gpu --virtual-time-budget=5000 --dump-dom \
    "file://$(cd "$TMP" && pwd)/big.html#e1-L$row" > "$TMP/dom.html" 2>/dev/null
  drawn=$(grep -o '<tr id="e1-L[0-9]*"' "$TMP/dom.html" | wc -l)
  if grep -q "<tr id=\"e1-L$row\" class=\"target\">" "$TMP/dom.html" && [ "$drawn" -lt 400 ]; then
    ok "chromium: #e1-L$row draws and highlights that row ($drawn rows drawn of 3,000)"
  else
    fail "chromium: #e1-L$row not drawn and highlighted ($drawn rows drawn)"
  fi
  # the drawn row's name is the whole name (decoded from its prefix/suffix form)
  check "chromium: row $row's drawn name is layers --csv's name" "$PY" - "$TMP/dom.html" "$TMP/big.csv" "$row" <<'PY'
import csv, html, re, sys
dom = open(sys.argv[1], encoding="utf-8").read()
r = int(sys.argv[3])
want = list(csv.DictReader(open(sys.argv[2], encoding="utf-8", newline="")))[r]["name"]
tr = re.search(r'<tr id="e1-L%d"[^>]*>(.*?)</tr>' % r, dom, re.S).group(1)
cell = re.findall(r"<td[^>]*>(.*?)</td>", tr, re.S)[1]
got = html.unescape(re.sub(r"<[^>]*>", "", cell))
assert got == want.lstrip("'") or want.startswith("'"), (got, want)
PY
  # the share column ({"as": 4}) sorts by the latency's keys: clicked twice,
  # its first rows are the largest shares of `layers --csv`
  "$PY" - "$TMP/big.html" "$TMP/probe.html" <<'PY'
import sys
s = open(sys.argv[1], encoding="utf-8").read()
probe = ('<script>window.addEventListener("load",function(){setTimeout(function(){'
         'var t=document.getElementById("e1-layers"),th=t.tHead.rows[0].cells;'
         'function top(){return Array.prototype.map.call(t.tBodies[0].querySelectorAll("tr[id]"),function(r){return r.id.slice(4);}).slice(0,5).join(",");}'
         'th[5].click();var a=top();th[5].click();var p=document.createElement("pre");p.id="probe";'
         'p.textContent=a+"|"+top();document.body.appendChild(p);},300);});</script></body>')
open(sys.argv[2], "w", encoding="utf-8").write(s.replace("</body>", probe))
PY
  timeout 120 "$CH" --headless --no-sandbox --disable-gpu --virtual-time-budget=5000 --dump-dom \
    "file://$(cd "$TMP" && pwd)/probe.html" 2>/dev/null | sed -n 's/.*<pre id="probe">\([^<]*\)<.*/\1/p' > "$TMP/probe.txt"
  want=$("$PY" -c "
import csv
r=list(csv.DictReader(open('$TMP/big.csv',encoding='utf-8',newline='')));n=len(r)
p=[float(x['latency_pct']) if x['latency_pct'] else float('-inf') for x in r]
f=lambda k:','.join(str(i) for i in sorted(range(n),key=k)[:5])
print(f(lambda i:(p[i],i))+'|'+f(lambda i:(-p[i],i)))")
  if [ "$(cat "$TMP/probe.txt")" = "$want" ]; then ok "chromium: sorting by Latency (%) up and down orders rows as layers --csv's shares ($want)"
  else fail "chromium: Latency (%) sorts as '$(cat "$TMP/probe.txt")', layers --csv as '$want'"; fi
fi

# a 100,000-layer report's HTML stays within 20 MB (20,000,000 bytes): the
# layer names are ~13 MB of it, the rest must stay lean (about 40 s of CPU)
if expensive "bigtable: a 100,000-layer ResNet INT8 report's HTML within 20,000,000 bytes"; then
  "$EC_GEN" --out "$TMP/huge" --layers 100000 --model resnet --precision int8 --log > /dev/null 2>&1 || fail "enginegen 100,000 layers"
  "$EC_BIN" report "$TMP/huge" -o "$TMP/huge.html" -q 2>/dev/null || fail "report of 100,000 layers exits 0"
  size=$(wc -c < "$TMP/huge.html")
  if [ "$size" -le 20000000 ]; then ok "100,000 layers: HTML of $size bytes (<= 20,000,000)"
  else fail "100,000 layers: HTML of $size bytes (> 20,000,000)"; fi
  rm -f "$TMP"/huge*
fi
