#!/usr/bin/env bash
# Builds upc-instrument and runs every test: unit tests, the lit suites, and
# the fuzzer smoke run. The last line is CTest's summary.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build.sh -DUPC_INSTRUMENT_BUILD_FUZZERS=ON
ctest --test-dir "${BUILD_DIR:-build}" --output-on-failure -j"$(nproc)"
