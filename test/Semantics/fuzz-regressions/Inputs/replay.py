"""Runs `upc-instrument -fsyntax-only` on every input of a directory and fails
if any run ends other than with exit status 0 or 1 (a crash, a signal, a
hang): used by replay.test on test/fuzz/regressions/.

usage: replay.py UPC_INSTRUMENT DIRECTORY
"""
import os
import subprocess
import sys

tool, directory = sys.argv[1], sys.argv[2]
inputs = sorted(
    name for name in os.listdir(directory)
    if not name.startswith(".") and not name.startswith("README")
    and os.path.isfile(os.path.join(directory, name)))
failed = []
for name in inputs:
    path = os.path.join(directory, name)
    try:
        result = subprocess.run([tool, "-fsyntax-only", path],
                                stdin=subprocess.DEVNULL,
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                timeout=60)
        status = result.returncode
        output = result.stdout.decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        status, output = "timeout (60 s)", ""
    if status not in (0, 1):
        failed.append(name)
        print(f"FAIL: {path}: exit status {status}")
        print(output[-4000:])
    else:
        print(f"ok: {name} (exit status {status})")
print(f"{len(inputs)} inputs, {len(failed)} failed")
sys.exit(1 if failed else 0)
