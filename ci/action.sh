#!/bin/sh
# The steps of the composite action (action.yml), one mode per step, so a
# test can run them with a local runner stub (tests/e2e/ci_action.sh).
#
#   setup    ENGINECARD if set, else an installed enginecard, else build one
#            from this checkout (ci/deps-runtime.sh installs the missing
#            build and run packages on Debian or Ubuntu, then make); its path
#            goes to $GITHUB_ENV as ENGINECARD.
#   compare  enginecard compare $INPUT_ENGINES [--baseline] [--max-regress]
#            --confidence [--baseline-missing], with --github (job summary,
#            ::error annotations, verdict and change-pct in $GITHUB_OUTPUT:
#            verdict=error is there before anything is printed) and every report in
#            $INPUT_OUTPUT_DIR: report.html, report.pdf, compare.json,
#            compare.xml (JUnit), comment.md (--pr-comment), bench.json,
#            bench-throughput.json, bmf.json, metrics.txt (OpenMetrics).
#            Adds report-path, comment-path, report-dir and exit-code to
#            $GITHUB_OUTPUT and exits 0, so the upload step runs. With
#            INPUT_BASELINE_MISSING=pass, a baseline whose files do not exist
#            yet (the first run) passes with a note in the summary and the
#            comment, and baseline=missing in $GITHUB_OUTPUT.
#   finish   exits with $COMPARE_EXIT (compare's exit code).
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
out_file=${GITHUB_OUTPUT:-/dev/null}

case ${1:-} in
setup)
  if [ -n "${ENGINECARD:-}" ] && [ -x "$ENGINECARD" ]; then
    bin=$ENGINECARD
  elif command -v enginecard > /dev/null 2>&1; then
    bin=$(command -v enginecard)
  else
    pkgs="cairo pangocairo pangoft2 fontconfig jansson libgvc libcmark sqlite3"
    if ! pkg-config --exists $pkgs 2> /dev/null; then
      sh "$here/ci/deps-runtime.sh" || { echo "enginecard action: installing the build dependencies failed" >&2; exit 2; }
    fi
    make -C "$here" build/enginecard > /dev/null || { echo "enginecard action: make failed" >&2; exit 2; }
    bin=$here/build/enginecard
  fi
  echo "enginecard action: using $bin ($("$bin" --version))"
  [ -n "${GITHUB_ENV:-}" ] && echo "ENGINECARD=$bin" >> "$GITHUB_ENV"
  exit 0
  ;;
compare)
  bin=${ENGINECARD:-enginecard}
  dir=${INPUT_OUTPUT_DIR:-enginecard-report}
  mkdir -p "$dir" || exit 2
  # the engines: one per line when the input has several lines, else words
  set -f
  nl='
'
  case ${INPUT_ENGINES:-} in
    *"$nl"*) IFS=$nl ;;
    *) IFS=' 	' ;;
  esac
  set -- ${INPUT_ENGINES:-}
  IFS=' 	
'
  set +f
  [ $# -ge 2 ] || {
    printf 'verdict=error\nexit-code=2\n' >> "$out_file"
    echo "enginecard action: 'engines' needs two or more ENGINEs, got $#" >&2
    exit 0
  }
  [ -n "${INPUT_BASELINE:-}" ] && set -- "$@" --baseline "$INPUT_BASELINE"
  [ -n "${INPUT_BASELINE_MISSING:-}" ] && set -- "$@" --baseline-missing "$INPUT_BASELINE_MISSING"
  [ -n "${INPUT_MAX_REGRESS:-}" ] && set -- "$@" --max-regress "$INPUT_MAX_REGRESS"
  [ -n "${INPUT_CONFIDENCE:-}" ] && set -- "$@" --confidence "$INPUT_CONFIDENCE"
  "$bin" compare "$@" --github -o "$dir/report.html" --pdf "$dir/report.pdf" --json "$dir/compare.json" \
    --junit "$dir/compare.xml" --markdown "$dir/comment.md" --pr-comment --bench-json "$dir/bench.json" \
    --bench-json-throughput "$dir/bench-throughput.json" --bmf "$dir/bmf.json" --openmetrics "$dir/metrics.txt"
  rc=$?
  {
    echo "report-path=$dir/report.html"
    echo "comment-path=$dir/comment.md"
    echo "report-dir=$dir"
    echo "exit-code=$rc"
  } >> "$out_file"
  exit 0
  ;;
finish)
  rc=${COMPARE_EXIT:-2}
  # the verdict's words are compare's own (job summary, annotations, outputs)
  [ "$rc" -eq 0 ] || echo "enginecard compare exited $rc; the job summary says why"
  exit "$rc"
  ;;
*)
  echo "usage: ci/action.sh setup|compare|finish" >&2
  exit 2
  ;;
esac
