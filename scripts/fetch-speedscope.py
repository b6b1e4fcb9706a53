#!/usr/bin/env python3
"""Fetches speedscope, a trace viewer, from the npm registry, for the test
that opens the trace tool's JSON in it (test/Run/trace-viewers.test).

  fetch-speedscope.py [DIR]     (default: $SPEEDSCOPE_DIR, else
                                 /usr/local/share/speedscope)

DIR receives speedscope's web application (index.html and its files). The
version is pinned and the archive checked against the registry's published
SHA-512 before anything is unpacked. Does nothing when DIR already holds
this version. Exit status 0, or 1 with a message (no network, bad archive).
"""

import base64
import hashlib
import io
import os
import sys
import tarfile
import urllib.request

VERSION = "1.25.0"
URL = "https://registry.npmjs.org/speedscope/-/speedscope-%s.tgz" % VERSION
# The registry's "integrity" of that archive (package.json dist.integrity).
SHA512 = ("cpf9HWTZf1ijLXBJrk87Ve/54tnYx6rlf0gUThvn3ook6h63hLXVOQiMf44PT+Xo"
          "V503cPfvfiT5gP5vojp6Ag==")
APP = "package/dist/release/"


def main():
    dest = (sys.argv[1] if len(sys.argv) > 1 else
            os.environ.get("SPEEDSCOPE_DIR", "/usr/local/share/speedscope"))
    stamp = os.path.join(dest, "VERSION")
    if os.path.exists(stamp) and open(stamp).read().strip() == VERSION:
        print("fetch-speedscope: speedscope %s is in %s" % (VERSION, dest))
        return 0
    try:
        with urllib.request.urlopen(URL, timeout=60) as r:
            data = r.read()
    except OSError as e:
        sys.exit("fetch-speedscope: cannot fetch %s: %s" % (URL, e))
    if base64.b64encode(hashlib.sha512(data).digest()).decode() != SHA512:
        sys.exit("fetch-speedscope: %s does not match its published SHA-512"
                 % URL)
    os.makedirs(dest, exist_ok=True)
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tar:
        for m in tar.getmembers():
            if not m.isfile() or not m.name.startswith(APP):
                continue
            name = m.name[len(APP):]
            if not name or name.startswith("/") or ".." in name.split("/"):
                continue
            path = os.path.join(dest, name)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "wb") as f:
                f.write(tar.extractfile(m).read())
    with open(stamp, "w") as f:
        f.write(VERSION + "\n")
    print("fetch-speedscope: speedscope %s installed in %s" % (VERSION, dest))
    return 0


if __name__ == "__main__":
    sys.exit(main())
