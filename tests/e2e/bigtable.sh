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
n = d["rows"]
assert n == len(rows) == 3000 or (n == len(rows) and abs(n - 3000) < 150), (n, len(rows))
def col(e):  # assets/report.js strings(): a list, indices or runs
    if "s" in e: return e["s"]
    if "r" in e: return [e["d"][e["r"][j]] for j in range(0, len(e["r"]), 2) for _ in range(e["r"][j + 1])]
    return [e["d"][i] for i in e["i"]]
names = col(d["cols"][1]["t"])
assert d["cols"][0] == {"seq": 1}, d["cols"][0]  # the row number: the script writes it
assert len(names) == n and all(len(col(c["t"])) == n for c in d["cols"][1:])
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
fi
