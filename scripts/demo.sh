#!/usr/bin/env bash
# The main job: build upc-instrument, then translate, compile and run an
# example UPC program (the heat-equation stencil) on 4 UPC threads with GASP
# instrumentation (--profile) and the profile tool, and show its profile:
# where each thread spent its time, per UPC construct and source location;
# then the same profile as a web page (upc-prof --html).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build.sh
build="${BUILD_DIR:-build}"
out="$build/demo"
mkdir -p "$out"
echo "== translate and build examples/heat/heat.upc with --profile and the profile tool"
"$build/bin/upc-instrument" --profile --tool=profile gcc-12 -O2 \
  examples/heat/heat.upc -o "$out/heat" -lm
echo "== run it on 4 UPC threads; the profile table follows the program's output"
GASP_PROFILE_JSON="$out/heat-profile.json" "$build/bin/upcrun" -n 4 "$out/heat"
echo "== the same profile as JSON: $out/heat-profile.json"
echo "== its summary and rollup by function (upc-prof --by function)"
"$build/bin/upc-prof" --by function "$out/heat-profile.json"
"$build/bin/upc-prof" --html "$out/heat-report.html" "$out/heat-profile.json"
echo "== an instrumented site in the translated C"
"$build/bin/upc-instrument" --profile examples/heat/heat.upc -o "$out/heat.c"
grep -m1 -n "upcr_gasp_barrier" "$out/heat.c"
echo "== the profile as a web page (summary, timeline per thread, communication"
echo "   heat map, sortable tables; one self-contained file): $out/heat-report.html"
