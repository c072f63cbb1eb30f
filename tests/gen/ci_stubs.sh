# Stand-ins for the CI samples' tools, sourced by tests/e2e/ci_docs.sh and
# tests/e2e/ci_firstrun.sh. ci_stubs DIR writes into DIR:
#  - trtexec: copies $STUB_ENGINE's graph, profile and timing files where
#    --exportLayerInfo, --exportProfile and --exportTimes say, and prints
#    $STUB_ENGINE.profile.log as its console log (as trtexec prints one);
#  - curl: GitLab's job artifacts API for the raw file
#    .../jobs/artifacts/REF/raw/enginecard-report/baseline.tar.gz?job=NAME
#    served from $STUB_ARTIFACTS/baseline.tar.gz (the last successful
#    default-branch pipeline's), --fail's exit 22 when there is none; the
#    URL and the JOB-TOKEN header are checked.
ci_stubs() {
  mkdir -p "$1"
  cat > "$1/trtexec" <<'SH'
#!/bin/sh
for a; do
  case $a in
    --exportTimes=*) cp "$STUB_ENGINE.timing.json" "${a#*=}" ;;
    --exportProfile=*) cp "$STUB_ENGINE.profile.json" "${a#*=}" ;;
    --exportLayerInfo=*) cp "$STUB_ENGINE.graph.json" "${a#*=}" ;;
  esac
done
[ -f "$STUB_ENGINE.profile.log" ] && cat "$STUB_ENGINE.profile.log"
exit 0
SH
  cat > "$1/curl" <<'SH'
#!/bin/sh
out= url= tok=
while [ $# -gt 0 ]; do
  case $1 in
    --output) out=$2; shift ;;
    --header) case $2 in "JOB-TOKEN: "?*) tok=1 ;; esac; shift ;;
    http*) url=$1 ;;
  esac
  shift
done
case $url in
  "$CI_API_V4_URL/projects/$CI_PROJECT_ID/jobs/artifacts/$CI_DEFAULT_BRANCH/raw/enginecard-report/baseline.tar.gz?job=$CI_JOB_NAME") ;;
  *) echo "curl stub: unexpected URL $url" >&2; exit 3 ;;
esac
[ -n "$tok" ] || { echo "curl stub: no JOB-TOKEN header" >&2; exit 3; }
[ -f "$STUB_ARTIFACTS/baseline.tar.gz" ] || { echo "curl: (22) The requested URL returned error: 404" >&2; exit 22; }
cp "$STUB_ARTIFACTS/baseline.tar.gz" "$out"
SH
  chmod +x "$1/trtexec" "$1/curl"
}
