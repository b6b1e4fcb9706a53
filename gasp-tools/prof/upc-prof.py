#!/usr/bin/env python3
"""upc-prof: read, merge and print the reports of the GASP profile and trace
tools (docs/gasp-tools.md).

  upc-prof [--sort KEY] PROFILE.json...
      The profile table of the run, from one report or from one report per
      process (MPI backend): the same columns as the profile tool's table.
  upc-prof merge -o OUT REPORT.json...
      One report from several: profile JSON (GASP_PROFILE_JSON) into one
      profile JSON, or trace JSON (GASP_TRACE_FILE) into one trace with
      every thread, timestamps moved to the earliest process's start.
  upc-prof merge -o OUT.otf2 ARCHIVE.otf2...
      The same for OTF2 archives (GASP_TRACE_OTF2), by upc-otf2-merge: one
      archive, one location per UPC thread, a location group per process.

Reports are checked before anything is written: they must be of one kind
and one run (the same thread count), cover each thread once, and together
cover every thread. The exit status is 0, or 1 with a message naming the
file when a report is missing, unreadable or does not fit.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

PROFILE_TOOL = "upc-gasp-profile"
TRACE_TOOL = "upc-gasp-trace"
SORT_KEYS = {
    "total": "total_s", "excl": "exclusive_s", "count": "count",
    "bytes": "bytes", "max": "max_thread_s", "mean": "mean_us",
}


class Error(Exception):
    pass


def load(path):
    try:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
    except OSError as e:
        raise Error("%s: cannot read: %s" % (path, e.strerror))
    except json.JSONDecodeError as e:
        raise Error("%s:%d:%d: not JSON: %s" % (path, e.lineno, e.colno,
                                                e.msg))
    if not isinstance(doc, dict):
        raise Error("%s: not a report of the GASP profile or trace tool"
                    % path)
    tool = doc.get("tool") or (doc.get("otherData") or {}).get("tool")
    if tool not in (PROFILE_TOOL, TRACE_TOOL):
        raise Error("%s: not a report of the GASP profile or trace tool"
                    % path)
    return tool, doc


def coverage(path, info, nthreads, seen):
    """Marks the threads a report covers; each thread once."""
    first = info.get("first_thread", 0)
    local = info.get("local_threads", info.get("threads"))
    if not isinstance(first, int) or not isinstance(local, int):
        raise Error("%s: malformed thread range" % path)
    for t in range(first, first + local):
        if t in seen:
            raise Error("%s: thread %d is also in %s" % (path, t, seen[t]))
        seen[t] = path
    return local


def check_run(paths, infos):
    """The thread count of the run; every thread covered once."""
    nthreads = infos[0].get("threads")
    seen = {}
    for path, info in zip(paths, infos):
        if info.get("threads") != nthreads:
            raise Error("%s: a run of %s threads, but %s is of %s" % (
                path, info.get("threads"), paths[0], nthreads))
        coverage(path, info, nthreads, seen)
    missing = [t for t in range(nthreads) if t not in seen]
    if missing:
        raise Error("no report of thread%s %s (a run of %d threads)" % (
            "s" if len(missing) > 1 else "",
            ", ".join(str(t) for t in missing), nthreads))
    return nthreads


# ---------------------------------------------------------------------------
# Profiles
# ---------------------------------------------------------------------------

def row_key(e):
    return (e["event"], e.get("file"), e.get("line"), e.get("col"),
            e.get("detail"), e.get("type"))


def merge_profiles(paths, docs):
    nthreads = check_run(paths, docs)
    rows = {}
    for doc in docs:
        for e in doc.get("events", []):
            r = rows.get(row_key(e))
            if r is None:
                r = rows[row_key(e)] = dict(e, per_thread=[])
                for k in ("count", "bytes", "accesses", "remote"):
                    r[k] = 0
                r["total_s"] = r["exclusive_s"] = 0.0
            for k in ("count", "bytes", "accesses", "remote"):
                r[k] += e.get(k, 0)
            r["total_s"] += e.get("total_s", 0.0)
            r["exclusive_s"] += e.get("exclusive_s", 0.0)
            r["per_thread"].extend(e.get("per_thread", []))
    for r in rows.values():
        r["per_thread"].sort(key=lambda t: t["thread"])
        r["max_thread_s"] = max((t["total_s"] for t in r["per_thread"]),
                                default=0.0)
        r["mean_us"] = r["total_s"] / r["count"] * 1e6 if r["count"] else 0.0
        r["remote_share"] = (r["remote"] / r["accesses"]
                             if r["accesses"] else None)
    # The run ended as the report that says how it ended says (a global
    # exit is named by the process that called it).
    ended = next((d for d in docs if d.get("ended_on_thread", -1) >= 0),
                 docs[0])
    return {
        "tool": PROFILE_TOOL, "threads": nthreads, "first_thread": 0,
        "local_threads": nthreads, "merged_from": len(docs),
        "wall_time_s": max(d.get("wall_time_s", 0.0) for d in docs),
        "ended_by": ended.get("ended_by"),
        "ended_on_thread": ended.get("ended_on_thread", -1),
        "events": sorted(rows.values(), key=lambda r: -r["total_s"]),
    }


def print_table(prof, sort_key, out):
    # Ties in source order, so that the table is the same on every run.
    rows = sorted(prof["events"], key=lambda r: (
        -(r.get(sort_key) or 0), r.get("file") or "", r.get("line") or 0,
        r.get("col") or 0, r["event"]))
    n = prof["threads"]
    head = "== upc-gasp profile: %d thread%s, wall time %.6f s" % (
        n, "" if n == 1 else "s", prof["wall_time_s"])
    if prof.get("merged_from", 1) > 1:
        head += " (%d reports merged)" % prof["merged_from"]
    out.write(head + " ==\n")

    def location(r):
        return "%s:%s:%s" % (r.get("file") or "<unknown>", r.get("line"),
                             r.get("col"))

    def detail(r):
        if r.get("type"):
            return "%s %s" % (r["type"], r.get("detail") or "")
        return r.get("detail") or ""

    wname = max([5] + [len(r["event"]) for r in rows])
    wloc = max([8] + [len(location(r)) for r in rows])
    out.write("%12s %12s %12s %10s %12s %12s %7s  %-*s  %-*s  %s\n" % (
        "total(s)", "excl(s)", "max/thr(s)", "count", "mean(us)", "bytes",
        "remote", wname, "event", wloc, "location", "detail"))
    for r in rows:
        remote = ("%.1f%%" % (100.0 * r["remote"] / r["accesses"])
                  if r.get("accesses") else "-")
        out.write("%12.6f %12.6f %12.6f %10d %12.3f %12d %7s  %-*s  %-*s  "
                  "%s\n" % (r["total_s"], r["exclusive_s"], r["max_thread_s"],
                            r["count"], r["mean_us"], r["bytes"], remote,
                            wname, r["event"], wloc, location(r), detail(r)))


# ---------------------------------------------------------------------------
# Traces
# ---------------------------------------------------------------------------

def merge_traces(paths, docs):
    infos = [d.get("otherData") or {} for d in docs]
    nthreads = check_run(paths, infos)
    starts = []
    for path, info in zip(paths, infos):
        s = info.get("start_realtime_ns")
        if not isinstance(s, int):
            raise Error("%s: no start_realtime_ns (a trace from an older "
                        "trace tool cannot be aligned)" % path)
        starts.append(s)
    origin = min(starts)
    events, metadata = [], {}
    for doc, start, info in zip(docs, starts, infos):
        # ts is in microseconds since the process started.
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


# ---------------------------------------------------------------------------
# Command line
# ---------------------------------------------------------------------------

def load_all(paths):
    loaded = [load(p) for p in paths]
    kinds = {tool for tool, _ in loaded}
    if len(kinds) > 1:
        raise Error("%s and %s are reports of different tools" % (
            paths[0], next(p for p, (t, _) in zip(paths, loaded)
                           if t != loaded[0][0])))
    return loaded[0][0], [doc for _, doc in loaded]


def merge_otf2(output, reports, all_otf2):
    """OTF2 archives (their .otf2 anchor files) are merged by
    upc-otf2-merge, installed beside this command."""
    if not all_otf2:
        raise Error("%s: OTF2 archives and JSON reports cannot be merged "
                    "together" % next(r for r in reports
                                      if not r.endswith(".otf2")))
    if not output.endswith(".otf2"):
        raise Error("%s: the merge of OTF2 archives is an archive: name its "
                    "anchor file NAME.otf2" % output)
    merger = os.path.join(os.path.dirname(os.path.realpath(__file__)),
                          "upc-otf2-merge")
    if not os.access(merger, os.X_OK):
        raise Error("%s not found: this installation has no OTF2 support"
                    % merger)
    return subprocess.run([merger, output] + reports).returncode


def write_atomically(path, doc):
    """The whole file or nothing (a failed run leaves no partial report)."""
    directory = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(dir=directory, prefix=".upc-prof-")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(doc, f, indent=1)
            f.write("\n")
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def main(argv):
    if argv and argv[0] == "merge":
        p = argparse.ArgumentParser(prog="upc-prof merge",
                                    description="Merge profile or trace "
                                    "reports of one run into one.")
        p.add_argument("-o", "--output", required=True, help="merged report")
        p.add_argument("reports", nargs="+", metavar="REPORT.json")
        a = p.parse_args(argv[1:])
        otf2 = [r.endswith(".otf2") for r in a.reports]
        if any(otf2):
            return merge_otf2(a.output, a.reports, all(otf2))
        tool, docs = load_all(a.reports)
        merged = (merge_profiles if tool == PROFILE_TOOL else merge_traces)(
            a.reports, docs)
        try:
            write_atomically(a.output, merged)
        except OSError as e:
            raise Error("%s: cannot write: %s" % (a.output, e.strerror))
        return 0
    p = argparse.ArgumentParser(
        prog="upc-prof", description=__doc__.split("\n")[0],
        epilog="upc-prof merge -o OUT REPORT.json... merges reports.")
    p.add_argument("--sort", choices=sorted(SORT_KEYS), default="total",
                   help="column to sort by (default: total)")
    p.add_argument("reports", nargs="+", metavar="PROFILE.json")
    a = p.parse_args(argv)
    tool, docs = load_all(a.reports)
    if tool != PROFILE_TOOL:
        raise Error("%s: a trace; upc-prof prints profiles (merge traces "
                    "with upc-prof merge)" % a.reports[0])
    print_table(merge_profiles(a.reports, docs), SORT_KEYS[a.sort],
                sys.stdout)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except Error as e:
        sys.stderr.write("upc-prof: error: %s\n" % e)
        sys.exit(1)
    except BrokenPipeError:
        sys.exit(1)
