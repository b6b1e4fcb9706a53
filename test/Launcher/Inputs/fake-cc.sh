#!/bin/sh
# A compiler that runs nothing: prints each argument in brackets (one per
# line) and exits with $FAKE_CC_STATUS (default 0).
echo "fake-cc"
for a in "$@"; do
  printf '[%s]\n' "$a"
done
exit "${FAKE_CC_STATUS:-0}"
