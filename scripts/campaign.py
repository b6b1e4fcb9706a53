"""What the test-campaign scripts share (csmith-diff.py, upc-gen.py,
bupc-harness.py): where the build's tools are, the environment of the
programs they run, and keeping the programs that fail for reduction."""

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


def program_env(work, **extra):
    """The environment of a program run in its own directory `work`: the
    caller's, with Open MPI's session directory under `work`. The scripts
    run several programs at once (--jobs), and two mpiruns that start at
    the same moment in one session directory base can collide in Open MPI
    4.1 ("orte_session_dir failed"; upc-gen.test failed so on a busy
    machine)."""
    return dict(os.environ, OMPI_MCA_orte_tmpdir_base=work, **extra)
