"""Writing a report or page atomically."""

import os
import tempfile

from .errors import Error


def write_atomically(path, text):
    """The whole file or nothing (a failed run leaves no partial report)."""
    directory = os.path.dirname(os.path.abspath(path))
    try:
        fd, tmp = tempfile.mkstemp(dir=directory, prefix=".upc-prof-")
    except OSError as e:
        raise Error("%s: cannot write: %s" % (path, e.strerror))
    try:
        # mkstemp makes the file private: give it the mode open() would.
        umask = os.umask(0)
        os.umask(umask)
        os.fchmod(fd, 0o666 & ~umask)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)
    except OSError as e:
        os.unlink(tmp)
        raise Error("%s: cannot write: %s" % (path, e.strerror))
    except BaseException:
        os.unlink(tmp)
        raise
