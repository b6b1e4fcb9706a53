#!/usr/bin/env bash
# Installs every Debian 12 package upc-instrument needs to build, test and
# run. Idempotent and quiet: does nothing when everything is present. Works as
# root on a bare Debian 12 image, or through sudo.
set -euo pipefail

packages=(
  # Build; psutil lets lit end a hung test (its per-test time limit)
  build-essential cmake ninja-build git ca-certificates python3
  python3-psutil
  # LLVM/Clang 19: the translator's parser, libraries, lit and FileCheck,
  # and the libFuzzer runtime.
  clang-19 libclang-19-dev libclang-cpp19-dev llvm-19-dev llvm-19-tools
  libclang-common-19-dev libclang-rt-19-dev
  # Libraries LLVM's CMake package asks for.
  libzstd-dev zlib1g-dev libxml2-dev libedit-dev libffi-dev libncurses-dev
  # MIR: HMAC-SHA256 of the messages between a program's processes
  libssl-dev
  # Unit tests
  googletest libgtest-dev
  # The trace GASP tool's OTF2 output (libotf2, found with pkg-config) and
  # otf2-print for its tests
  pkg-config libopen-trace-format2-dev otf2-tools
  # Differential testing: csmith's random C programs and their headers
  csmith libcsmith-dev
  # MIR: libxml2 reads SIR requests (libxml2-dev is above); xmllint checks
  # the SIR documents against their DTD in the tests
  libxml2-utils
  # The distributed backend (--backend=mpi): Open MPI's MPI-3 one-sided
  # communication, mpicc.openmpi and mpirun.openmpi
  libopenmpi-dev openmpi-bin
  # Man pages: help2man makes them from each command's --help at build
  # time; groff renders them in the tests
  help2man groff-base
  # Headless Chromium draws upc-prof's web page in its test (the tests
  # that need it are skipped without it)
  chromium
  # ViTE, an OTF2 viewer, opens the trace tool's archives in a test
  vite
  # ss lists what a program with a MIR channel listens on, in the test
  # that attacks it as another user (util-linux's setpriv, in every Debian)
  iproute2
)

# speedscope, a trace viewer (web application) from the npm registry, for
# the test that opens the trace tool's JSON in it. Not a Debian package:
# fetched, checked against its published hash, into SPEEDSCOPE_DIR.
fetch_speedscope() {
  local dir="${SPEEDSCOPE_DIR:-/usr/local/share/speedscope}"
  local sudo=""
  if [ ! -w "$(dirname "$dir")" ] && [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  $sudo python3 "$(dirname "$0")/fetch-speedscope.py" "$dir" ||
    echo "install-deps: warning: no speedscope; its viewer test is skipped"
}

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages are installed"
  fetch_speedscope
  exit 0
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fetch_speedscope
echo "install-deps: done"
