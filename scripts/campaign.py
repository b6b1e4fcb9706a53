"""What the test-campaign scripts share (csmith-diff.py, upc-gen.py,
bupc-harness.py): where the build's tools are, and keeping the programs
that fail for reduction."""

import os
import shutil


def build_bin():
    """The checkout's build/bin, the default home of the tools."""
    here = os.path.dirname(os.path.abspath(__file__))
    return os.path.join(os.path.dirname(here), "build", "bin")


def beside(upc_instrument, name):
    """The tool `name` installed beside upc-instrument (upcrun, upcc)."""
    return os.path.join(os.path.dirname(upc_instrument), name)


def keep_failure(src, directory):
    """Copies the program src into directory (made if needed)."""
    os.makedirs(directory, exist_ok=True)
    shutil.copy(src, directory)
