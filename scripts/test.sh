#!/usr/bin/env bash
# Builds upc-instrument and runs the default test suite: unit tests, the lit
# suites, the runtime's and tools' tests, and the fuzzer smoke runs; not the
# long suite (label long: `ctest --test-dir build -L long`, docs/testing.md).
# Budget: 12 minutes on 2 cores, build included, and it must pass with
# other work running beside it. The last line is CTest's summary.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS
scripts/build.sh -DUPC_INSTRUMENT_BUILD_FUZZERS=ON
echo "test.sh: built in $((SECONDS - start)) s"
ctest --test-dir "${BUILD_DIR:-build}" --output-on-failure -j"$(nproc)" \
  --label-exclude long
