#!/usr/bin/env bash
# The main job: build upc-instrument, then check each example UPC program and
# print what the front end found in it.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build.sh
for program in examples/*/*.upc; do
  echo "== $program"
  "${BUILD_DIR:-build}/bin/upc-instrument" --dump-upc "$program"
done
