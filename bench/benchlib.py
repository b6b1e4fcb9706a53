"""Helpers the benchmark drivers in bench/*/run.py share.

They locate the tools a benchmark runs and stop with exit status 2 when it
cannot be run at all, so that a missing tool is never mistaken for a slow one.
"""

import os
import shutil
import sys

REPO_DIR = os.path.normpath(
    os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))


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
