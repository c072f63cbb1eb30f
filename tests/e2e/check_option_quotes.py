"""Where enginecard's option spellings may stand in C string literals.

usage: check_option_quotes.py TABLE MODE FILE...
TABLE is `enginecard --generate table`. MODE:
  cmd    the commands (src/cli/cmd_*.c) read options through the table's
         rows and spell an option in a message with ec_cli_opt_name: no
         spelling at all;
  below  facts/, rules/, judge/ leave the words that quote an option to
         narrate/ or the caller: none but the ALLOWED ones below.
Comments do not count. Prints "FILE: SPELLING in "LITERAL"" per finding and
exits 1 when there is one. A new copy fails by name."""
import re
import sys

# (file, spelling, why it stays): a quote that must stay, with its reason.
ALLOWED = [
    ("src/rules/advice.c", "--verbose", "trtexec's own --verbose (the build log), not enginecard's"),
    ("src/rules/findings.c", "--verbose", "trtexec's own --verbose (the build log), not enginecard's"),
    ("src/judge/compare.c", "--allow-mismatch",
     "a gate's reason (ec_compare_result.reason) is one sentence every output copies as it is; "
     "the override it names has no other home yet"),
    ("src/judge/trend.c", "--label",
     "a diagnostic of ec_trend_build (summary --label KEY=VALUE): diagnostics are finished sentences"),
    ("src/judge/trend.c", "--json",
     "a diagnostic of ec_trend_build (summary --json NAME=ENGINE): diagnostics are finished sentences"),
    ("src/rules/lint.c", "--profile-index",
     "a lint finding's mitigation, a finished sentence emitted as it is in every lint output"),
]


def main():
    table, mode, files = sys.argv[1], sys.argv[2], sys.argv[3:]
    spellings = set()
    for line in open(table, encoding="utf-8"):
        cols = line.rstrip("\n").split("\t")
        if len(cols) > 1 and cols[1].startswith("--"):
            spellings.add(cols[1])
        elif len(cols) > 1 and mode == "cmd" and re.fullmatch(r"-[A-Za-z]", cols[1]):
            spellings.add(cols[1])
    bad = 0
    for path in files:
        src = open(path, encoding="utf-8", errors="replace").read()
        src = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), src, flags=re.S)
        src = re.sub(r"//[^\n]*", "", src)
        for m in re.finditer(r'"((?:[^"\\\n]|\\.)*)"', src):
            for word in re.findall(r"(?<![\w-])(--?[A-Za-z][\w-]*)", m.group(1)):
                if word not in spellings:
                    continue
                if mode == "below" and any(f == path and s == word for f, s, _ in ALLOWED):
                    continue
                print('%s: %s in "%s"' % (path, word, m.group(1)[:80]))
                bad = 1
    return bad


if __name__ == "__main__":
    sys.exit(main())
