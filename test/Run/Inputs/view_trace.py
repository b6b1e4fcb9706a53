#!/usr/bin/env python3
"""Opens a trace in a real viewer, headless, and prints what the viewer
shows, for test/Run/trace-viewers.test.

  view_trace.py speedscope SPEEDSCOPE_DIR TRACE.json WORKDIR
      Serves speedscope's application and the trace on a loopback port
      (speedscope fetches a profileURL; file: URLs hang in headless
      Chromium), loads it in headless Chromium and prints the profile
      names speedscope lists: "speedscope: <name>" per thread track.
  view_trace.py vite-svg EXPORT.svg
      Reads the SVG that ViTE exported (vite -f ARCHIVE -e EXPORT.svg) and
      prints its container labels, and how many state rectangles are
      drawn and how many of them are black (ViTE's colour for a state it
      has no colour for).

Exit status 1 with a message when the viewer shows nothing.
"""

import functools
import http.server
import os
import re
import shutil
import subprocess
import sys
import threading
import xml.etree.ElementTree as ET


def speedscope(app_dir, trace, workdir):
    os.makedirs(workdir, exist_ok=True)
    shutil.copy(trace, os.path.join(workdir, "trace.json"))
    handler = functools.partial(_Handler, app_dir=app_dir, workdir=workdir)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = "http://127.0.0.1:%d" % server.server_address[1]
    url = "%s/index.html#profileURL=%s/trace.json" % (base, base)
    try:
        dom = subprocess.run(
            ["chromium", "--headless", "--no-sandbox", "--disable-gpu",
             "--disable-dev-shm-usage",
             "--user-data-dir=" + os.path.join(workdir, "profile"),
             "--virtual-time-budget=5000", "--dump-dom", url],
            capture_output=True, text=True, timeout=120).stdout
    finally:
        server.shutdown()
    # The profile selector lists one entry per track: "<process>, <thread>".
    names = sorted(set(re.findall(r">([^<>]*\(tid \d+\))<", dom)))
    if not names:
        sys.exit("speedscope showed no profile; page text: %r" %
                 re.sub(r"<[^>]*>", " ", dom)[:400])
    for n in names:
        print("speedscope: " + n)


class _Handler(http.server.SimpleHTTPRequestHandler):
    """speedscope's files, and trace.json from the work directory."""

    def __init__(self, *args, app_dir, workdir, **kw):
        self.workdir = workdir
        super().__init__(*args, directory=app_dir, **kw)

    def translate_path(self, path):
        if path.split("?")[0] == "/trace.json":
            return os.path.join(self.workdir, "trace.json")
        return super().translate_path(path)

    def log_message(self, *args):
        pass


def vite_svg(path):
    root = ET.parse(path).getroot()
    ns = "{http://www.w3.org/2000/svg}"
    labels = [t.text for t in root.iter(ns + "text") if t.text]
    # States are drawn in the clipped area, as rectangles with a fill.
    states = [r for g in root.iter(ns + "g")
              if g.get("clip-path") == "url(#stateArea)"
              for r in g.iter(ns + "rect")]
    black = [r for r in states if r.get("fill") == "rgb(0,0,0)"]
    if not labels:
        sys.exit("%s: no container labels" % path)
    for label in labels:
        print("vite label: " + label)
    print("vite states: %d drawn, %d black" % (len(states), len(black)))


def main():
    if len(sys.argv) == 5 and sys.argv[1] == "speedscope":
        speedscope(*sys.argv[2:])
    elif len(sys.argv) == 3 and sys.argv[1] == "vite-svg":
        vite_svg(sys.argv[2])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
