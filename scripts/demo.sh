#!/usr/bin/env bash
# The main job: build upc-instrument, then translate, compile and run an
# example UPC program (the heat-equation stencil) on 4 UPC threads, and show
# the C the translator wrote for one of its loops.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build.sh
build="${BUILD_DIR:-build}"
out="$build/demo"
mkdir -p "$out"
echo "== translate and build examples/heat/heat.upc"
"$build/bin/upc-instrument" gcc-12 -O2 examples/heat/heat.upc -o "$out/heat" -lm
echo "== run it on 4 UPC threads"
"$build/bin/upcrun" -n 4 "$out/heat"
echo "== the translated C of its upc_forall loops"
"$build/bin/upc-instrument" examples/heat/heat.upc -o "$out/heat.c"
grep -n "UPCR_FORALL_SCOPE" "$out/heat.c"
