"""Merging traces: the trace tool's JSON reports into one trace, and OTF2
archives into one archive (by upc-otf2-merge)."""

import os
import subprocess

from .errors import Error
from .reports import TRACE_TOOL, check_run


def merge_traces(paths, docs):
    infos = [d["otherData"] for d in docs]
    nthreads = check_run(paths, infos)
    starts = []
    for path, info in zip(paths, infos):
        s = info.get("start_realtime_ns")
        if s is None:
            raise Error("%s: no start_realtime_ns (a trace from an older "
                        "trace tool cannot be aligned)" % path)
        starts.append(s)
    origin = min(starts)
    events, metadata = [], {}
    for doc, start, info in zip(docs, starts, infos):
        # The clock-alignment rule (docs/gasp-tools.md, "Report formats"),
        # which upc-otf2-merge applies to OTF2: ts (microseconds since the
        # process started) moves by the process's start less the earliest.
        # test/Run/trace-clock-alignment.test checks both give one time.
        shift_us = (start - origin) / 1000.0
        for e in doc.get("traceEvents", []):
            if e.get("ph") == "M":
                # Every process names every thread: keep one of each.
                if e.get("name") == "process_name":
                    e = dict(e, args={"name": "UPC program (%d thread%s)" % (
                        nthreads, "" if nthreads == 1 else "s")})
                metadata.setdefault((e.get("name"), e.get("tid")), e)
                continue
            if "ts" in e:
                e = dict(e, ts=round(e["ts"] + shift_us, 3))
            events.append(e)
    events.sort(key=lambda e: e.get("ts", 0))
    ended = next((i for i in infos if i.get("ended_on_thread", -1) >= 0),
                 infos[0])
    return {
        "traceEvents": list(metadata.values()) + events,
        "displayTimeUnit": "ns",
        "otherData": {
            "tool": TRACE_TOOL, "threads": nthreads, "first_thread": 0,
            "local_threads": nthreads, "start_realtime_ns": origin,
            "merged_from": len(docs), "ended_by": ended.get("ended_by"),
            "ended_on_thread": ended.get("ended_on_thread", -1),
        },
    }


def merge_otf2(output, reports, all_otf2, bin_dir):
    """OTF2 archives (their .otf2 anchor files) are merged by
    upc-otf2-merge, installed beside the upc-prof command (in bin_dir)."""
    if not all_otf2:
        raise Error("%s: OTF2 archives and JSON reports cannot be merged "
                    "together" % next(r for r in reports
                                      if not r.endswith(".otf2")))
    if not output.endswith(".otf2"):
        raise Error("%s: the merge of OTF2 archives is an archive: name its "
                    "anchor file NAME.otf2" % output)
    merger = os.path.join(bin_dir, "upc-otf2-merge")
    if not os.access(merger, os.X_OK):
        raise Error("%s not found: this installation has no OTF2 support"
                    % merger)
    return subprocess.run([merger, output] + reports).returncode

