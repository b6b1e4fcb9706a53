#!/usr/bin/env bash
# busy-run.sh [RUNS]: the CI job on a busy machine, as docs/testing.md asks
# the default suite to pass: RUNS times (default 1), a fresh clone of this
# checkout's HEAD runs `bash .ci/run` beside two CPU-bound processes
# (stress-ng --cpu 2, Debian: stress-ng). Prints each run's status and
# time; exits non-zero if any run failed. Each run's log is kept in
# $TMPDIR/busy-run.N.log; its clone is removed.
set -u
runs=${1:-1}
case $runs in '' | *[!0-9]*) echo "usage: busy-run.sh [RUNS]" >&2; exit 2 ;; esac
command -v stress-ng >/dev/null || {
  echo "busy-run.sh: error: stress-ng is not installed (Debian: stress-ng)" >&2
  exit 2
}
here=$(cd "$(dirname "$0")/.." && pwd)
tmp=${TMPDIR:-/tmp}
failed=0
for n in $(seq 1 "$runs"); do
  clone=$(mktemp -d "$tmp/busy-run.XXXXXX")
  git clone -q "$here" "$clone/src" || exit 1
  stress-ng --cpu 2 --timeout 7200 >/dev/null 2>&1 &
  busy=$!
  start=$(date +%s)
  (cd "$clone/src" && bash .ci/run) >"$tmp/busy-run.$n.log" 2>&1
  status=$?
  end=$(date +%s)
  kill "$busy" 2>/dev/null
  wait "$busy" 2>/dev/null
  rm -rf "$clone"
  echo "run $n ($(git -C "$here" rev-parse --short HEAD)): status $status, $((end - start)) s, log $tmp/busy-run.$n.log"
  [ "$status" -eq 0 ] || failed=1
done
exit "$failed"
