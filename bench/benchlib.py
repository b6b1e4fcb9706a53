"""Helpers the benchmark drivers in bench/*/run.py share.

They locate the tools a benchmark runs and stop with exit status 2 when it
cannot be run at all, so that a missing tool is never mistaken for a slow one.
"""

import os
import shlex
import shutil
import subprocess
import sys

REPO_DIR = os.path.normpath(
    os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))


# Runs MPI-backend programs on simulated nodes (docs/testing.md).
NODES_LAUNCHER = os.path.join(REPO_DIR, "test", "tools", "upcrun-nodes")


def fail(message):
    """Stops with exit status 2: the benchmark could not be run."""
    sys.stderr.write("run.py: %s\n" % message)
    sys.exit(2)


def default_upc_instrument():
    """$UPC_INSTRUMENT, else the translator of the in-tree build/ folder."""
    env = os.environ.get("UPC_INSTRUMENT")
    if env:
        return env
    return os.path.join(REPO_DIR, "build", "bin", "upc-instrument")


def resolve_tool(path, what):
    """An absolute path to an executable, or exits with a message."""
    found = shutil.which(path) if os.sep not in path else (
        path if os.access(path, os.X_OK) and os.path.isfile(path) else None)
    if not found:
        fail("%s not found or not executable: %s" % (what, path))
    return os.path.abspath(found)


def build(cmd):
    """Runs a build command; a failure or a warning stops the benchmark."""
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0 or r.stderr.strip():
        fail("build failed or warned: %s\n%s" % (" ".join(cmd), r.stderr))


def mpi_tools(upc_instrument, cc):
    """(upc-instrument, C compiler, upcrun, Open MPI's compile flags) for
    the MPI benchmarks (bench/mpi/)."""
    upc = resolve_tool(upc_instrument, "upc-instrument")
    cc = resolve_tool(cc, "C compiler")
    upcrun = os.path.join(os.path.dirname(upc), "upcrun")
    mpicc = resolve_tool("mpicc.openmpi", "mpicc.openmpi")
    flags = shlex.split(subprocess.run(
        [mpicc, "--showme:compile"], capture_output=True, text=True).stdout)
    return upc, cc, upcrun, flags


def run_pairs(cmd, env_extra=None, timeout=300):
    """Runs a benchmark program that prints "name value" pairs; returns them
    as a dict of floats. A failure stops the benchmark."""
    env = dict(os.environ, **(env_extra or {}))
    r = subprocess.run(cmd, capture_output=True, text=True, env=env,
                       timeout=timeout)
    if r.returncode != 0:
        fail("%s failed (%d): %s" % (" ".join(cmd), r.returncode, r.stderr))
    words = r.stdout.split()
    return {words[i]: float(words[i + 1]) for i in range(0, len(words) - 1, 2)}
