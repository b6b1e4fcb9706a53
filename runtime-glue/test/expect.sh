#!/bin/sh
# expect.sh STATUS PATTERN COMMAND [ARGS...]
#
# Runs COMMAND and passes when it exits with STATUS and its output (standard
# output and error together) matches the extended regular expression
# PATTERN; a sanitizer report fails the check whatever the status. Used for
# the runtime's expected failures and exit statuses. An empty PATTERN
# checks only the status.
set -u
[ $# -ge 3 ] || { echo "usage: expect.sh STATUS PATTERN COMMAND..." >&2; exit 2; }
want_status=$1
pattern=$2
shift 2

err=$(mktemp) || exit 2
trap 'rm -f "$err"' EXIT
"$@" >"$err" 2>&1
status=$?
cat "$err" >&2

fail=0
if [ "$status" -ne "$want_status" ]; then
  echo "expect.sh: exit status $status, expected $want_status" >&2
  fail=1
fi
if [ -n "$pattern" ] && ! grep -Eq -- "$pattern" "$err"; then
  echo "expect.sh: output does not match: $pattern" >&2
  fail=1
fi
if grep -Eq 'Sanitizer|runtime error:' "$err"; then
  echo "expect.sh: sanitizer report" >&2
  fail=1
fi
[ $fail -eq 0 ] && echo "expect.sh: ok (status $status)"
exit $fail
