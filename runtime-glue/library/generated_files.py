"""What the table generators share (runtime-glue/library/generate.py,
runtime-glue/gasp-events/generate.py): writing a generated file."""

import os


def write_if_changed(path, text):
    """Writes text to path unless it already holds it, so that a
    reconfigure rebuilds nothing needlessly; atomically (a new file renamed
    over the old), so that a build never reads half a file."""
    try:
        with open(path) as f:
            if f.read() == text:
                return
    except OSError:
        pass
    os.makedirs(os.path.dirname(path), exist_ok=True)
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write(text)
    os.replace(tmp, path)
