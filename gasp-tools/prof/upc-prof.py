#!/usr/bin/env python3
"""upc-prof: read, merge and print the reports of the GASP profile and trace
tools (docs/gasp-tools.md).

  upc-prof [--sort KEY] [--by function|file|event] [--threads] PROFILE.json...
      The profile of the run, from one report or from one report per
      process (MPI backend): a summary (time by category, the profile
      tool's own overhead, estimated), then the profile tool's table (a row
      per event and source position) or, with --by, its rows grouped by
      function, source file or event kind; --threads adds the spread of
      each row over the threads.
  upc-prof --matrix PROFILE.json...
      The summary, then the thread-to-thread communication (gets and puts).
  upc-prof --html REPORT.html PROFILE.json...
      All of it as one self-contained web page: sortable tables, a timeline
      per thread, the communication as a heat map.
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
file when a report is missing, unreadable or does not fit. Reports of an
older profile tool, without the per-thread summary, timeline or
communication, are printed with what they have, and say what they lack.
"""

import argparse
import bisect
import collections
import html
import json
import math
import os
import string
import subprocess
import sys
import tempfile

# CMake writes the project's version here when it installs this file in
# the build tree (configure_file @ONLY).
VERSION = "@PROJECT_VERSION@"

PROFILE_TOOL = "upc-gasp-profile"
TRACE_TOOL = "upc-gasp-trace"
SORT_KEYS = {
    "total": "total_s", "excl": "exclusive_s", "count": "count",
    "bytes": "bytes", "max": "max_thread_s", "mean": "mean_us",
    "imbal": "imbalance",
}
# The profile tool's categories of UPC operations (thread_summary,
# timeline); time in none of them is computation.
CATEGORIES = ("sync", "lock", "data", "collective", "memory")
ALL_CATEGORIES = ("computation",) + CATEGORIES
EXIT_EVENT = "GASP_UPC_COLLECTIVE_EXIT"
COMM_COUNTS = ("put_bytes", "put_ops", "get_bytes", "get_ops")
# Beyond this many threads a matrix no longer fits a terminal: --matrix
# lists the busiest pairs instead.
MATRIX_MAX_THREADS = 16
TOP_PAIRS = 20
# The web page's timeline: about a pixel per bin, and a bounded amount of
# data in the page however many threads there are.
PAGE_TIMELINE_BINS = 1000
# The profile tool keeps at most 512 bins per thread; a merge that would
# need far more is of reports that are not of one run (or are damaged).
MAX_MERGED_BINS = 1 << 16
PAGE_TIMELINE_VALUES = 500000
PAGE_TOP_PAIRS = 100


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
    except UnicodeDecodeError:
        raise Error("%s: not JSON: not UTF-8 text" % path)
    if not isinstance(doc, dict):
        raise Error("%s: not a report of the GASP profile or trace tool"
                    % path)
    tool = doc.get("tool") or (doc.get("otherData") or {}).get("tool")
    if tool not in (PROFILE_TOOL, TRACE_TOOL):
        raise Error("%s: not a report of the GASP profile or trace tool"
                    % path)
    return tool, doc


def report_threads(info, nthreads):
    """The threads a report covers (one process's, with MPI)."""
    first = info.get("first_thread", 0)
    local = info.get("local_threads", nthreads)
    if not is_count(first) or not is_count(local):
        return None
    return range(first, first + local)


def coverage(path, info, nthreads, seen):
    """Marks the threads a report covers; each thread once."""
    threads = report_threads(info, nthreads)
    if threads is None or threads.stop > nthreads:
        raise Error("%s: malformed thread range" % path)
    for t in threads:
        if t in seen:
            raise Error("%s: thread %d is also in %s" % (path, t, seen[t]))
        seen[t] = path
    return len(threads)


def check_run(paths, infos):
    """The thread count of the run; every thread covered once."""
    nthreads = infos[0].get("threads")
    if not is_count(nthreads) or nthreads == 0:
        raise Error("%s: malformed thread count" % paths[0])
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
# Checking the fields of a profile report
# ---------------------------------------------------------------------------
# A report that parses but whose fields are not what the profile tool
# writes is refused by name, as an unreadable one is: nothing later has to
# guard against a string where a number should be.

def is_number(v):
    """A finite JSON number (a bool is a Python int, and not one here)."""
    return (isinstance(v, (int, float)) and not isinstance(v, bool)
            and math.isfinite(v))


def is_count(v):
    return isinstance(v, int) and not isinstance(v, bool) and v >= 0


def is_thread(v, threads):
    return is_count(v) and v in threads


def malformed(path, what, why):
    return Error("%s: malformed %s: %s" % (path, what, why))


def check_events(path, doc, nthreads):
    """The fields of the report and of its event rows that upc-prof
    computes with."""
    if not is_number(doc.get("wall_time_s", 0.0)):
        raise malformed(path, "wall_time_s", "not a number")
    ended_on = doc.get("ended_on_thread", -1)
    if not isinstance(ended_on, int) or isinstance(ended_on, bool):
        raise malformed(path, "ended_on_thread", "not a thread or -1")
    events = doc.get("events", [])
    if not isinstance(events, list):
        raise malformed(path, "events", "not a list")
    for i, e in enumerate(events):
        what = "events[%d]" % i
        if not isinstance(e, dict) or not isinstance(e.get("event"), str):
            raise malformed(path, what, "no event name")
        if not all(is_count(e.get(k, 0))
                   for k in ("count", "bytes", "accesses", "remote")):
            raise malformed(path, what, "a count is not a count")
        if not all(is_number(e.get(k, 0.0))
                   for k in ("total_s", "exclusive_s")):
            raise malformed(path, what, "a time is not a number")
        if not all(e.get(k) is None or isinstance(e[k], str)
                   for k in ("file", "detail", "type")):
            raise malformed(path, what, "file, detail or type not a string")
        if not all(e.get(k) is None or is_count(e[k])
                   for k in ("line", "col")):
            raise malformed(path, what, "line or col not a number")
        per_thread = e.get("per_thread", [])
        if not isinstance(per_thread, list) or not all(
                isinstance(t, dict)
                and is_thread(t.get("thread"), range(nthreads))
                and is_number(t.get("total_s", 0.0))
                and is_count(t.get("count", 0)) for t in per_thread):
            raise malformed(path, what + ".per_thread",
                            "not a list of threads of the run")


def read_extras(path, doc, nthreads):
    """The fields that newer profile tools add, checked, with categories in
    CATEGORIES order; None for each field the report lacks."""
    own = report_threads(doc, nthreads)
    start = doc.get("start_realtime_ns")
    if start is not None and not is_count(start):
        raise malformed(path, "start_realtime_ns", "not a count of ns")
    cost = doc.get("event_cost_ns")
    if cost is not None and not (is_number(cost) and cost >= 0):
        raise malformed(path, "event_cost_ns", "not a number of ns")
    return {
        "start": start, "cost": cost,
        "summary": read_thread_summary(path, doc.get("thread_summary"), own),
        "timeline": read_timeline(path, doc.get("timeline"), own),
        "comm": read_comm(path, doc.get("comm"), own, nthreads),
    }


def read_thread_summary(path, summary, own):
    if summary is None:
        return None
    what = "thread_summary"
    if not isinstance(summary, list):
        raise malformed(path, what, "not a list")
    out, seen = [], set()
    for s in summary:
        if not isinstance(s, dict) or not is_thread(s.get("thread"), own):
            raise malformed(path, what, "an entry of no thread of this "
                            "report")
        what = "thread_summary (thread %d)" % s["thread"]
        if s["thread"] in seen:
            raise malformed(path, what, "the thread twice")
        seen.add(s["thread"])
        cats = s.get("categories_s", {})
        if not (is_number(s.get("wall_s")) and is_number(s.get("events"))
                and isinstance(cats, dict)
                and all(is_number(cats.get(c, 0.0)) for c in CATEGORIES)):
            raise malformed(path, what, "wall_s, events or categories_s not "
                            "numbers")
        entry = {"thread": s["thread"], "wall_s": s["wall_s"],
                 "events": s["events"],
                 "categories_s": {c: cats.get(c, 0.0) for c in CATEGORIES}}
        # What a merged report adds (merge_extras), kept so that a merged
        # report reads as its parts did.
        for k in ("start_s", "event_cost_ns"):
            if is_number(s.get(k)):
                entry[k] = s[k]
        out.append(entry)
    return out


def read_timeline(path, timeline, own):
    if timeline is None:
        return None
    what = "timeline"
    if not isinstance(timeline, dict) or not is_number(
            timeline.get("bin_s")) or timeline["bin_s"] <= 0:
        raise malformed(path, what, "no positive bin_s")
    names = timeline.get("categories")
    if not isinstance(names, list) or not all(isinstance(n, str)
                                              for n in names):
        raise malformed(path, what, "no list of categories")
    # By name, so that a report may list them in another order; a category
    # unknown here is left out, one missing there is 0.
    index = [names.index(c) if c in names else None for c in CATEGORIES]
    threads = timeline.get("threads")
    if not isinstance(threads, list):
        raise malformed(path, what, "no list of threads")
    out = []
    for t in threads:
        if not isinstance(t, dict) or not is_thread(t.get("thread"), own):
            raise malformed(path, what, "an entry of no thread of this "
                            "report")
        bins = t.get("bins")
        if not isinstance(bins, list) or not all(
                isinstance(b, list) and len(b) == len(names)
                and all(is_number(v) for v in b) for b in bins):
            raise malformed(path, "timeline (thread %d)" % t["thread"],
                            "bins are not lists of %d numbers" % len(names))
        out.append({"thread": t["thread"],
                    "bins": [[b[i] if i is not None else 0.0 for i in index]
                             for b in bins]})
    return {"bin_s": timeline["bin_s"], "threads": out}


def read_comm(path, comm, own, nthreads):
    if comm is None:
        return None
    if not isinstance(comm, list):
        raise malformed(path, "comm", "not a list")
    for c in comm:
        if not isinstance(c, dict) or not is_thread(c.get("from"), own):
            raise malformed(path, "comm", "a row from no thread of this "
                            "report")
        if not is_thread(c.get("to"), range(nthreads)):
            raise malformed(path, "comm", "a row to no thread of the run")
        if not all(is_count(c.get(k, 0)) for k in COMM_COUNTS):
            raise malformed(path, "comm", "a byte or operation count is not "
                            "a count")
    return comm


# ---------------------------------------------------------------------------
# Merging profiles
# ---------------------------------------------------------------------------

def row_key(e):
    return (e["event"], e.get("file"), e.get("line"), e.get("col"),
            e.get("detail"), e.get("type"))


def thread_totals(per_thread, nthreads):
    """Inclusive time per thread, 0 for the threads without the row (a
    thread may appear twice: one position in two translation units)."""
    totals = [0.0] * nthreads
    for t in per_thread:
        totals[t["thread"]] += t.get("total_s", 0.0)
    return totals


def merge_profiles(paths, docs):
    nthreads = check_run(paths, docs)
    for path, doc in zip(paths, docs):
        check_events(path, doc, nthreads)
    extras = [read_extras(p, d, nthreads) for p, d in zip(paths, docs)]
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
        r["max_thread_s"] = max(thread_totals(r["per_thread"], nthreads))
        r["mean_us"] = r["total_s"] / r["count"] * 1e6 if r["count"] else 0.0
        r["remote_share"] = (r["remote"] / r["accesses"]
                             if r["accesses"] else None)
    # The run ended as the report that says how it ended says (a global
    # exit is named by the process that called it).
    ended = next((d for d in docs if d.get("ended_on_thread", -1) >= 0),
                 docs[0])
    merged = {
        "tool": PROFILE_TOOL, "threads": nthreads, "first_thread": 0,
        "local_threads": nthreads, "merged_from": len(docs),
        "wall_time_s": max(d.get("wall_time_s", 0.0) for d in docs),
        "ended_by": ended.get("ended_by"),
        "ended_on_thread": ended.get("ended_on_thread", -1),
    }
    merged.update(merge_extras(paths, extras))
    merged["events"] = sorted(rows.values(), key=lambda r: -r["total_s"])
    return merged


def merge_extras(paths, extras):
    """The newer fields of the merged report, each only if every report has
    it (half a run's summary would pass for the whole run's)."""
    out = {}
    starts = [x["start"] for x in extras]
    if None not in starts:
        out["start_realtime_ns"] = min(starts)
        offsets = [(s - min(starts)) * 1e-9 for s in starts]
    else:
        # Without their starts the reports cannot be aligned: taken as
        # started together.
        offsets = [0.0] * len(extras)
    costs = [x["cost"] for x in extras]
    if None not in costs:
        out["event_cost_ns"] = mean_event_cost(extras)
    if all(x["summary"] is not None for x in extras):
        out["thread_summary"] = merge_thread_summaries(extras, offsets)
    if all(x["timeline"] is not None for x in extras):
        out["timeline"] = merge_timelines(
            paths, [x["timeline"] for x in extras], offsets)
    if all(x["comm"] is not None for x in extras):
        out["comm"] = merge_comm([x["comm"] for x in extras])
    return out


def mean_event_cost(extras):
    """One cost per event for the run: the processes' costs (they may run
    on different machines) weighted by the events they handled."""
    costs = [x["cost"] for x in extras]
    if all(x["summary"] is not None for x in extras):
        events = [sum(s["events"] for s in x["summary"]) for x in extras]
        if sum(events) > 0:
            return sum(c * e for c, e in zip(costs, events)) / sum(events)
    return sum(costs) / len(costs)


def merge_thread_summaries(extras, offsets):
    """Every thread's summary; each entry keeps its process's cost per
    event (event_cost_ns) and start after the run's (start_s), which the
    overhead estimate and the timeline need."""
    merged = []
    for x, offset in zip(extras, offsets):
        for s in x["summary"]:
            entry = dict(s, start_s=s.get("start_s", 0.0) + offset)
            if x["cost"] is not None:
                entry.setdefault("event_cost_ns", x["cost"])
            merged.append(entry)
    return sorted(merged, key=lambda s: s["thread"])


def merge_timelines(paths, timelines, offsets):
    """Every thread's bins in the coarsest of the reports' bin widths, from
    the earliest process's start."""
    width = max(t["bin_s"] for t in timelines)
    for path, tl, offset in zip(paths, timelines, offsets):
        span = offset + tl["bin_s"] * max([len(t["bins"])
                                           for t in tl["threads"]] + [0])
        if span / width > MAX_MERGED_BINS:
            raise Error("%s: its timeline ends %g s after the first "
                        "process's start (start_realtime_ns, bin_s): not "
                        "of one run with the others" % (path, span))
    threads = [{"thread": t["thread"],
                "bins": rebin(t["bins"], tl["bin_s"], offset, width)}
               for tl, offset in zip(timelines, offsets)
               for t in tl["threads"]]
    return {"bin_s": width, "categories": list(CATEGORIES),
            "threads": sorted(threads, key=lambda t: t["thread"])}


def rebin(bins, width, offset, new_width):
    """The seconds of `bins` (`width` s each, the first starting `offset` s
    after the new origin) in bins of `new_width` s from the new origin. The
    time within a bin is taken as spread evenly over it: a bin across two
    new ones is shared between them in proportion."""
    if width == new_width and offset == 0:
        return [list(b) for b in bins]
    out = []
    for k, values in enumerate(bins):
        lo = offset + k * width
        hi = lo + width
        m = int(lo / new_width)
        while m * new_width < hi:
            part = (min(hi, (m + 1) * new_width)
                    - max(lo, m * new_width)) / width
            # Rounding of the bounds leaves slivers of about 1e-16.
            if part > 1e-9:
                while len(out) <= m:
                    out.append([0.0] * len(values))
                for c, v in enumerate(values):
                    out[m][c] += v * part
            m += 1
    return out


def merge_comm(comms):
    """The nonzero thread pairs of all reports (each has the pairs from
    its own threads)."""
    pairs = {}
    for comm in comms:
        for c in comm:
            p = pairs.setdefault((c["from"], c["to"]),
                                 dict.fromkeys(COMM_COUNTS, 0))
            for k in COMM_COUNTS:
                p[k] += c.get(k, 0)
    return [dict({"from": f, "to": t}, **counts)
            for (f, t), counts in sorted(pairs.items())
            if any(counts.values())]


# ---------------------------------------------------------------------------
# Views of a (merged) profile
# ---------------------------------------------------------------------------

def share(part, whole):
    return part / whole if whole > 0 else None


def run_seconds(prof):
    """threads x wall time: what "% of run time" is a share of."""
    return prof["threads"] * prof.get("wall_time_s", 0.0)


def thread_stats(totals):
    """min, mean and max of per-thread totals (every thread of the run
    counts), the imbalance max/mean - 1, and the thread of the max (the
    first of equals)."""
    top = max(totals)
    mean = sum(totals) / len(totals)
    return {"min_thread_s": min(totals), "mean_thread_s": mean,
            "max_thread_s": top,
            "imbalance": top / mean - 1 if mean > 0 else None,
            "max_thread": totals.index(top)}


def displayed(rows, prof):
    """Copies of rows with what the tables show beyond the report: the share
    of the run and the spread over the threads."""
    run = run_seconds(prof)
    return [dict(r, run_share=share(r["total_s"], run),
                 **thread_stats(thread_totals(r.get("per_thread", []),
                                              prof["threads"])))
            for r in rows]


def sort_rows(rows, key):
    # Ties in source order, so that the table is the same on every run.
    return sorted(rows, key=lambda r: (
        -(r.get(key) or 0), r.get("file") or "", r.get("line") or 0,
        r.get("col") or 0, r.get("event") or r.get("name") or ""))


def position(r):
    return (r.get("line") or 0, r.get("col") or 0)


def enclosing_function(rows):
    """A function giving each row its function: the GASP_C_FUNC row of the
    same file at the greatest position not after the row's. An
    approximation (the report has where functions start, not where they
    end): a row after the end of a function but before the next one's start
    is given to the first. The exit barrier is in none: the runtime runs it
    after main returned, though its position is main's return."""
    functions = collections.defaultdict(list)
    for r in rows:
        if r["event"] == "GASP_C_FUNC":
            functions[r.get("file")].append(r)
    for rs in functions.values():
        rs.sort(key=position)
    starts = {f: [position(r) for r in rs] for f, rs in functions.items()}

    def function_of(r):
        if r["event"] == "GASP_C_FUNC":
            return r
        if r["event"] == EXIT_EVENT:
            return None
        rs = functions.get(r.get("file"), [])
        i = bisect.bisect_right(starts.get(r.get("file"), []), position(r))
        return rs[i - 1] if i else None
    return function_of


def rollup(rows, by):
    """Rows grouped by function, file or event kind, as rows of the same
    fields. A group's total, count and per-thread times are those of its
    outermost rows: a row inside a function of the same group (by
    enclosing_function) is in that function's total already. Exclusive
    time and bytes are summed over all its rows."""
    function_of = enclosing_function(rows)
    groups = {}
    for r in rows:
        f = function_of(r)
        if by == "event":
            key, fields = r["event"], {"name": r["event"]}
        elif by == "file":
            key, fields = r.get("file"), {"name": r.get("file") or "<unknown>",
                                          "file": r.get("file")}
        elif f is not None:
            key, fields = id(f), {
                "name": f.get("detail") or "function at %s" % location(f),
                "file": f.get("file"), "line": f.get("line"),
                "col": f.get("col")}
        elif r["event"] == EXIT_EVENT:
            key, fields = (EXIT_EVENT, r.get("file")), {
                "name": "(program exit)", "file": r.get("file")}
        else:
            key, fields = ("outside", r.get("file")), {
                "name": "(no enclosing function)", "file": r.get("file")}
        groups.setdefault(key, (fields, []))[1].append(r)
    return [group_row(fields, members, function_of)
            for fields, members in groups.values()]


def group_row(fields, members, function_of):
    """The row of one group of rollup()."""
    ids = {id(m) for m in members}
    outer = [m for m in members if function_of(m) is None
             or function_of(m) is m or id(function_of(m)) not in ids]
    total = sum(m["total_s"] for m in outer)
    count = sum(m["count"] for m in outer)
    return dict(fields, total_s=total, count=count,
                exclusive_s=sum(m["exclusive_s"] for m in members),
                bytes=sum(m["bytes"] for m in members),
                mean_us=total / count * 1e6 if count else 0.0,
                per_thread=[t for m in outer for t in m.get("per_thread", [])])


def thread_breakdown(prof):
    """Per thread of thread_summary: its measured time, the seconds of each
    category (computation: the rest), events and their estimated cost."""
    out = []
    for s in prof.get("thread_summary") or []:
        cats = [s["categories_s"][c] for c in CATEGORIES]
        cost = s.get("event_cost_ns", prof.get("event_cost_ns"))
        out.append({
            "thread": s["thread"], "wall_s": s["wall_s"],
            "start_s": s.get("start_s", 0.0), "events": s["events"],
            "seconds": dict(zip(ALL_CATEGORIES,
                                [max(0.0, s["wall_s"] - sum(cats))] + cats)),
            "event_cost_ns": cost,
            "overhead_s": None if cost is None else s["events"] * cost * 1e-9,
        })
    return out


def category_rows(prof):
    """Per category, its share of the threads' measured time, and the
    threads where its share is least and most; None without
    thread_summary."""
    threads = thread_breakdown(prof)
    if not threads:
        return None
    wall = sum(t["wall_s"] for t in threads)
    rows = []
    for c in ALL_CATEGORIES:
        shares = [(share(t["seconds"][c], t["wall_s"]) or 0.0, t["thread"])
                  for t in threads]
        low = min(shares)
        high = max(shares, key=lambda s: (s[0], -s[1]))
        rows.append({"category": c,
                     "share": share(sum(t["seconds"][c] for t in threads),
                                    wall),
                     "min": low[0], "min_thread": low[1],
                     "max": high[0], "max_thread": high[1]})
    return rows


def overhead(prof):
    """The estimate of the profile tool's own cost: events handled times its
    measured cost per event, in all and on the worst thread; None without
    thread_summary and event_cost_ns."""
    threads = thread_breakdown(prof)
    if not threads or any(t["overhead_s"] is None for t in threads):
        return None
    worst = max(threads, key=lambda t: (
        share(t["overhead_s"], t["wall_s"]) or 0.0, -t["thread"]))
    seconds = sum(t["overhead_s"] for t in threads)
    return {"events": sum(t["events"] for t in threads),
            "costs": sorted({t["event_cost_ns"] for t in threads}),
            "seconds": seconds, "share": share(seconds, run_seconds(prof)),
            "worst_thread": worst["thread"],
            "worst_share": share(worst["overhead_s"], worst["wall_s"])}


def missing(what, fields):
    """What stands where a view needs fields that older profile tools did
    not write (a field that one report of several lacks is not in the
    merge: merge_extras)."""
    return "(no %s: a report without %s, from an older profile tool)" % (
        what, " and ".join(fields))


def missing_fields(prof, fields):
    return [f for f in fields if prof.get(f) in (None, [])]


def heading(prof):
    n = prof["threads"]
    head = "upc-gasp profile: %d thread%s, wall time %.6f s" % (
        n, "" if n == 1 else "s", prof.get("wall_time_s", 0.0))
    if prof.get("merged_from", 1) > 1:
        head += " (%d reports merged)" % prof["merged_from"]
    return head


def overhead_note(prof):
    return missing("overhead estimate", missing_fields(
        prof, ("thread_summary", "event_cost_ns")))


def overhead_lines(prof):
    """The overhead estimate, in words; none without its fields."""
    o = overhead(prof)
    if o is None:
        return []
    costs = o["costs"]
    cost = ("%.1f ns" % costs[0] if len(costs) == 1
            else "%.1f-%.1f ns" % (costs[0], costs[-1]))
    return [
        "tool overhead (an estimate): %.6f s, %s of the run (%d threads x "
        "wall time); worst thread %d: %s of its time" % (
            o["seconds"], percent(o["share"]), prof["threads"],
            o["worst_thread"], percent(o["worst_share"])),
        "  = %.0f GASP events handled x %s, the profile tool's own cost per "
        "event measured on this machine at exit; the times here include it"
        % (o["events"], cost),
    ]


# ---------------------------------------------------------------------------
# Tables: one definition of each column serves the text and the web page
# ---------------------------------------------------------------------------

# header; minimum width in text; the row's value (what the page sorts by);
# its text; alignment (">" numbers, "<" text).
Column = collections.namedtuple("Column", "header width value fmt align")


def field(name):
    return lambda r: r.get(name)


def fixed(digits):
    return lambda v: "-" if v is None else "%.*f" % (digits, v)


def integer(v):
    return "-" if v is None else "%d" % v


def percent(v):
    return "-" if v is None else "%.1f%%" % (100.0 * v)


def text(v):
    return v or ""


def location(r):
    where = r.get("file") or "<unknown>"
    if r.get("line") is None:
        return where
    return "%s:%s:%s" % (where, r.get("line"), r.get("col"))


def detail(r):
    if r.get("type"):
        return "%s %s" % (r["type"], r.get("detail") or "")
    return r.get("detail") or ""


def seconds_column(header, name):
    return Column(header, 12, field(name), fixed(6), ">")


TOTAL = seconds_column("total(s)", "total_s")
RUN_SHARE = Column("%run", 6, field("run_share"), percent, ">")
EXCLUSIVE = seconds_column("excl(s)", "exclusive_s")
MAX_THREAD = seconds_column("max/thr(s)", "max_thread_s")
THREAD_COLUMNS = [
    seconds_column("min/thr(s)", "min_thread_s"),
    seconds_column("mean/thr(s)", "mean_thread_s"),
    MAX_THREAD,
    Column("imbal", 7, field("imbalance"), percent, ">"),
    Column("max@thr", 7, field("max_thread"), integer, ">"),
]
COUNT = Column("count", 10, field("count"), integer, ">")
MEAN = Column("mean(us)", 12, field("mean_us"), fixed(3), ">")
BYTES = Column("bytes", 12, field("bytes"), integer, ">")
REMOTE = Column("remote", 7, field("remote_share"), percent, ">")
EVENT = Column("event", 5, field("event"), text, "<")
LOCATION = Column("location", 8, location, text, "<")
DETAIL = Column("detail", 0, detail, text, "<")


def flat_columns(threads):
    return ([TOTAL, RUN_SHARE, EXCLUSIVE]
            + (THREAD_COLUMNS if threads else [MAX_THREAD])
            + [COUNT, MEAN, BYTES, REMOTE, EVENT, LOCATION, DETAIL])


def rollup_columns(by, threads):
    name = Column(by, 8, field("name"), text, "<")
    return ([TOTAL, RUN_SHARE, EXCLUSIVE]
            + (THREAD_COLUMNS if threads else []) + [COUNT, BYTES, name]
            + ([LOCATION] if by == "function" else []))


BALANCE_COLUMNS = [TOTAL] + THREAD_COLUMNS + [EVENT, LOCATION, DETAIL]

CATEGORY_COLUMNS = [
    Column("category", 11, field("category"), text, "<"),
    Column("share", 6, field("share"), percent, ">"),
    Column("min", 6, field("min"), percent, ">"),
    Column("min@thr", 7, field("min_thread"), integer, ">"),
    Column("max", 6, field("max"), percent, ">"),
    Column("max@thr", 7, field("max_thread"), integer, ">"),
]

def category_share_column(category):
    """A category's share of a thread's time (a row of thread_breakdown)."""
    return Column(category, 6, lambda t: share(t["seconds"][category],
                                               t["wall_s"]), percent, ">")


PER_THREAD_COLUMNS = (
    [Column("thread", 6, field("thread"), integer, ">"),
     seconds_column("wall(s)", "wall_s")]
    + [category_share_column(c) for c in ALL_CATEGORIES]
    + [Column("events", 10, field("events"), integer, ">"),
       Column("overhead", 8, lambda t: None if t["overhead_s"] is None
              else share(t["overhead_s"], t["wall_s"]), percent, ">")])

PAIR_COLUMNS = [
    Column("from", 4, field("from"), integer, ">"),
    Column("to", 4, field("to"), integer, ">"),
    Column("put bytes", 10, field("put_bytes"), integer, ">"),
    Column("put ops", 8, field("put_ops"), integer, ">"),
    Column("get bytes", 10, field("get_bytes"), integer, ">"),
    Column("get ops", 8, field("get_ops"), integer, ">"),
]


def render_text(columns, rows, out, indent=""):
    """The rows under a header line: numbers right-aligned, text left, the
    last column unpadded."""
    cells = [[c.fmt(c.value(r)) for c in columns] for r in rows]
    widths = [max([c.width, len(c.header)] + [len(row[i]) for row in cells])
              for i, c in enumerate(columns)]

    def line(texts):
        parts = []
        for i, (c, t, w) in enumerate(zip(columns, texts, widths)):
            if i:
                parts.append(" " if c.align == ">" else "  ")
            if c.align == ">":
                parts.append(t.rjust(w))
            else:
                parts.append(t if i == len(columns) - 1 else t.ljust(w))
        return indent + "".join(parts) + "\n"
    out.write(line([c.header for c in columns]))
    for row in cells:
        out.write(line(row))


def table_data(columns, rows):
    """A table for the web page: each cell its text and the value it sorts
    by."""
    return {"columns": [{"name": c.header, "num": c.align == ">"}
                        for c in columns],
            "rows": [[[c.fmt(c.value(r)), c.value(r)] for c in columns]
                     for r in rows]}


# ---------------------------------------------------------------------------
# Text output
# ---------------------------------------------------------------------------

def print_summary(prof, out):
    out.write("== %s ==\n" % heading(prof))
    cats = category_rows(prof)
    if cats is None:
        out.write(missing("time by category", ["thread_summary"]) + "\n")
    else:
        out.write("time by category, as a share of the threads' measured "
                  "time (min, max: over the threads):\n")
        render_text(CATEGORY_COLUMNS, cats, out, indent="  ")
    for line in overhead_lines(prof) or [overhead_note(prof)]:
        out.write(line + "\n")
    out.write("\n")


def print_table(prof, sort_key, by, threads, out):
    rows = prof["events"] if by is None else rollup(prof["events"], by)
    columns = (flat_columns(threads) if by is None
               else rollup_columns(by, threads))
    render_text(columns, sort_rows(displayed(rows, prof), sort_key), out)


def comm_totals(comm):
    """Per kind (put, get): bytes, operations, and the bytes of local
    accesses (a thread's accesses to memory with its own affinity)."""
    return {kind: (sum(c[kind + "_bytes"] for c in comm),
                   sum(c[kind + "_ops"] for c in comm),
                   sum(c[kind + "_bytes"] for c in comm
                       if c["from"] == c["to"]))
            for kind in ("put", "get")}


def comm_lines(comm):
    return ["%ss: %d bytes in %d operations (%d bytes of them local: from = "
            "to)" % (kind, nbytes, ops, local)
            for kind, (nbytes, ops, local) in comm_totals(comm).items()]


def busiest_pairs(comm, limit):
    return sorted(comm, key=lambda c: (-(c["put_bytes"] + c["get_bytes"]),
                                       c["from"], c["to"]))[:limit]


def print_matrix(prof, out):
    comm = prof.get("comm")
    if comm is None:
        out.write(missing("communication matrix", ["comm"]) + "\n")
        return
    for line in comm_lines(comm):
        out.write(line + "\n")
    n = prof["threads"]
    if n <= MATRIX_MAX_THREADS:
        for kind, (_, ops, _) in comm_totals(comm).items():
            if not ops:
                continue
            out.write("\n%ss: bytes/operations from the thread of the row to "
                      "the thread with affinity to the memory (column):\n"
                      % kind)
            render_text(matrix_columns(kind, n), matrix_rows(comm, n), out)
        return
    out.write("\nthe %d busiest of %d thread pairs (from: the accessing "
              "thread; to: the thread with affinity to the memory):\n"
              % (min(TOP_PAIRS, len(comm)), len(comm)))
    render_text(PAIR_COLUMNS, busiest_pairs(comm, TOP_PAIRS), out)
    if len(comm) > TOP_PAIRS:
        out.write("(and %d more pairs: upc-prof --html draws them all)\n"
                  % (len(comm) - TOP_PAIRS))


def matrix_rows(comm, n):
    """A row per accessing thread, with its pairs by the other thread."""
    rows = [{"from": i, "to": {}} for i in range(n)]
    for c in comm:
        rows[c["from"]]["to"][c["to"]] = c
    return rows


def matrix_columns(kind, n):
    """The accessing thread, then a column per thread accessed: bytes and
    operations of one kind (put or get)."""
    def cell(to):
        def value(row):
            c = row["to"].get(to)
            if c is None or not (c[kind + "_bytes"] or c[kind + "_ops"]):
                return "-"
            return "%d/%d" % (c[kind + "_bytes"], c[kind + "_ops"])
        return value
    return ([Column("from\\to", 7, field("from"), integer, ">")]
            + [Column(str(to), 6, cell(to), text, ">") for to in range(n)])


# ---------------------------------------------------------------------------
# The web page (--html)
# ---------------------------------------------------------------------------
# Python computes every number and text (the same functions as the text
# report); the page's script only draws them: tables, the timeline and the
# heat map, from the JSON in the page.

def page_timeline(prof):
    """The timeline in at most about PAGE_TIMELINE_BINS bins per thread, each
    category as a share of its bin; when each thread started and stopped
    measuring (its process may have started after the run's first)."""
    tl = prof["timeline"]
    threads = thread_breakdown(prof)
    starts = {t["thread"]: t["start_s"] for t in threads}
    ends = {t["thread"]: t["start_s"] + t["wall_s"] for t in threads}
    span = max([len(t["bins"]) * tl["bin_s"] for t in tl["threads"]]
               + list(ends.values()) + [0.0])
    limit = max(50, min(PAGE_TIMELINE_BINS, PAGE_TIMELINE_VALUES // (
        len(CATEGORIES) * max(1, len(tl["threads"])))))
    width = max(tl["bin_s"], span / limit)
    return {"bin_s": width, "span_s": span, "categories": list(CATEGORIES),
            "threads": [{"thread": t["thread"],
                         "start_s": starts.get(t["thread"], 0.0),
                         "end_s": ends.get(t["thread"]),
                         "bins": [[round(v / width, 4) for v in b] for b in
                                  rebin(t["bins"], tl["bin_s"], 0.0, width)]}
                        for t in tl["threads"]]}


def section(id, title, intro, notes=(), lines=(), tables=(), **figures):
    """A section of the page: notes say what the report lacks for it."""
    return dict(id=id, title=title, intro=intro, notes=list(notes),
                lines=list(lines), tables=list(tables), **figures)


def summary_section(prof):
    cats = category_rows(prof)
    lines = overhead_lines(prof)
    return section(
        "summary", "Summary",
        "Time by category: the share of the threads' measured time spent in "
        "the outermost UPC operation of each category (computation: in "
        "none), over all threads, and the threads where it is least and "
        "most.",
        notes=([] if cats else [missing("time by category",
                                        ["thread_summary"])])
        + ([] if lines else [overhead_note(prof)]),
        lines=lines,
        tables=[table_data(CATEGORY_COLUMNS, cats)] if cats else [])


def timeline_section(prof):
    present = prof.get("timeline") is not None
    return section(
        "timeline", "Timeline",
        "One bar per thread over the run (from the earliest process's "
        "start); in each time slice, the share of each category. Where a "
        "thread's bar ends, it stopped measuring.",
        notes=[] if present else [missing("timeline", ["timeline"])],
        timeline=page_timeline(prof) if present else None)


def comm_section(prof):
    comm = prof.get("comm")
    if comm is None:
        return section("matrix", "Communication", "",
                       notes=[missing("communication matrix", ["comm"])])
    return section(
        "matrix", "Communication",
        "Bytes moved by gets and puts from the accessing thread (row) to the "
        "thread with affinity to the memory (column), on a log scale; point "
        "at a cell for its bytes and operations. The table lists the "
        "busiest pairs.",
        lines=comm_lines(comm),
        matrix={"threads": prof["threads"],
                "pairs": [[c["from"], c["to"]] + [c[k] for k in COMM_COUNTS]
                          for c in comm]},
        tables=[table_data(PAIR_COLUMNS,
                           busiest_pairs(comm, PAGE_TOP_PAIRS))])


def threads_section(prof):
    threads = thread_breakdown(prof)
    return section(
        "threads", "Threads",
        "Each thread's measured time, its share in each category, the GASP "
        "events the profile tool handled on it and their estimated cost.",
        notes=[] if threads else [missing("per-thread summary",
                                          ["thread_summary"])],
        tables=[table_data(PER_THREAD_COLUMNS, threads)] if threads else [])


def page_data(prof, sort_key):
    rows = sort_rows(displayed(prof["events"], prof), sort_key)

    def by(kind, title, intro):
        return section("by-" + kind, title, intro, tables=[table_data(
            rollup_columns(kind, False),
            sort_rows(displayed(rollup(prof["events"], kind), prof),
                      sort_key))])
    return {"heading": heading(prof), "sections": [
        summary_section(prof),
        timeline_section(prof),
        comm_section(prof),
        section("flat", "Events and source positions",
                "The profile tool's table: a row per event and source "
                "position, summed over the threads; %run is the total's "
                "share of threads x wall time. Click a column's header to "
                "sort by it.", tables=[table_data(flat_columns(False), rows)]),
        by("function", "By function",
           "Rows grouped by the function around them: the function of the "
           "same file starting last before the row (an approximation). "
           "Total and count are the function's; exclusive time and bytes "
           "are of the function and the UPC operations it makes."),
        by("file", "By source file",
           "Rows grouped by source file. Total and count are of the file's "
           "functions (and of rows outside any function): a function called "
           "by another of the same file counts in both."),
        section("balance", "Load balance",
                "Each row's inclusive time per thread (threads without the "
                "row count as 0): min, mean and max over the threads, the "
                "imbalance max/mean - 1, and the thread of the max.",
                tables=[table_data(BALANCE_COLUMNS, rows)]),
        threads_section(prof),
    ]}


def page_json(data):
    """The data as JSON that cannot end its script element early or be
    read as markup, whatever text the reports hold (names of user events,
    files, signatures)."""
    encoded = json.dumps(data, separators=(",", ":"))
    for ch in "<>&":
        encoded = encoded.replace(ch, "\\u%04x" % ord(ch))
    return encoded


def page(prof, paths, sort_key):
    names = ", ".join(os.path.basename(p) for p in paths)
    return PAGE.substitute(title=html.escape("upc-prof: " + names),
                           data=page_json(page_data(prof, sort_key)))


PAGE = string.Template(r"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>$title</title>
<style>
body { font: 14px/1.4 sans-serif; margin: 16px 24px; color: #222;
       background: #fff; }
h1 { font-size: 20px; margin: 0 0 8px; }
h2 { font-size: 17px; border-bottom: 1px solid #ccc; margin: 28px 0 8px; }
.intro { color: #555; max-width: 62em; margin: 4px 0; }
.note { color: #8a4b00; }
.line { font-family: monospace; white-space: pre-wrap; margin: 2px 0; }
.scroll { overflow-x: auto; max-width: 100%; }
table { border-collapse: collapse; font: 12px monospace; margin: 8px 0; }
th, td { padding: 2px 8px; border-bottom: 1px solid #e4e4e4;
         text-align: left; white-space: nowrap; }
th { cursor: pointer; background: #f2f2f2; user-select: none; }
th.num, td.num { text-align: right; }
th[aria-sort=ascending]::after { content: " \25B2"; }
th[aria-sort=descending]::after { content: " \25BC"; }
.legend { margin: 6px 0; }
.legend .item { margin-right: 16px; white-space: nowrap; }
.swatch { display: inline-block; width: 12px; height: 12px;
          margin-right: 4px; vertical-align: -1px; border: 1px solid #888; }
.scale { display: inline-block; width: 160px; height: 12px;
         vertical-align: -1px; margin: 0 6px; border: 1px solid #888;
         background: linear-gradient(to right, rgb(255,237,160),
                                     rgb(128,0,38)); }
canvas { display: block; margin: 8px 0; }
#script-errors { color: #b00000; white-space: pre-wrap; }
</style>
</head>
<body>
<pre id="script-errors" hidden></pre>
<script>
// Errors of the script below are recorded in the page, where a test (or a
// reader) sees them.
window.onerror = function (message, source, line, column) {
  var box = document.getElementById("script-errors");
  box.hidden = false;
  box.textContent += message + " (line " + line + ":" + column + ")\n";
  document.body.dataset.rendered = "error";
};
</script>
<h1 id="heading"></h1>
<main id="report"></main>
<script type="application/json" id="upc-prof-data">$data</script>
<script>
"use strict";
(function () {
  const data = JSON.parse(
    document.getElementById("upc-prof-data").textContent);
  const COLOURS = {computation: "#cfcfcf", sync: "#d62728", lock: "#9467bd",
                   data: "#1f77b4", collective: "#ff7f0e",
                   memory: "#2ca02c"};

  // Every text of the report goes in through textContent: never markup.
  function el(tag, className, text) {
    const e = document.createElement(tag);
    if (className) e.className = className;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }

  function compare(a, b) {
    if (a === b) return 0;
    if (a === null) return -1;
    if (b === null) return 1;
    if (typeof a === "number" && typeof b === "number") return a - b;
    return String(a).localeCompare(String(b));
  }

  // A click on a header sorts by that column: numbers largest first, text
  // in order; a second click reverses.
  function sortableTable(t) {
    const table = el("table", "sortable");
    const head = table.createTHead().insertRow();
    const body = table.createTBody();
    function fill(rows) {
      body.replaceChildren();
      for (const row of rows) {
        const tr = body.insertRow();
        row.forEach(function (cell, i) {
          const td = tr.insertCell();
          td.textContent = cell[0];
          if (t.columns[i].num) td.className = "num";
        });
      }
    }
    t.columns.forEach(function (c, i) {
      const th = el("th", c.num ? "num" : "", c.name);
      th.title = "Sort by " + c.name;
      th.addEventListener("click", function () {
        const was = th.getAttribute("aria-sort");
        const down = was ? was === "ascending" : c.num;
        for (const other of head.cells) other.removeAttribute("aria-sort");
        th.setAttribute("aria-sort", down ? "descending" : "ascending");
        fill(t.rows.slice().sort(function (a, b) {
          return (down ? -1 : 1) * compare(a[i][1], b[i][1]);
        }));
      });
      head.appendChild(th);
    });
    fill(t.rows);
    const box = el("div", "scroll");
    box.appendChild(table);
    return box;
  }

  function legend(names) {
    const box = el("div", "legend");
    for (const name of names) {
      const item = el("span", "item");
      const swatch = el("span", "swatch");
      swatch.style.background = COLOURS[name];
      item.append(swatch, name);
      box.appendChild(item);
    }
    return box;
  }

  function niceStep(x) {
    const p = Math.pow(10, Math.floor(Math.log10(x)));
    const m = x / p;
    return (m <= 1 ? 1 : m <= 2 ? 2 : m <= 5 ? 5 : 10) * p;
  }

  function formatSeconds(s) {
    if (s === 0) return "0";
    if (s >= 1) return +s.toPrecision(4) + " s";
    if (s >= 1e-3) return +(s * 1e3).toPrecision(4) + " ms";
    return +(s * 1e6).toPrecision(4) + " us";
  }

  // A bar per thread; in each bin a column stacked from the bottom with
  // each category's share of the bin, computation above them.
  function drawTimeline(tl) {
    const figure = el("div", "figure");
    figure.appendChild(legend(["computation"].concat(tl.categories)));
    const n = tl.threads.length;
    const label = 90, plot = 1080, axis = 30;
    // Bars thin down as threads grow: the timeline stays about 720 px high.
    const bar = Math.max(1, Math.min(18, Math.floor(720 / n) - 2));
    const pitch = bar + (bar >= 6 ? 4 : 1);
    const canvas = el("canvas", "timeline");
    canvas.width = label + plot + 30;
    canvas.height = n * pitch + axis;
    const ctx = canvas.getContext("2d");
    const scale = tl.span_s > 0 ? plot / tl.span_s : 0;
    const labelEvery = Math.ceil(14 / pitch);
    ctx.font = "12px sans-serif";
    ctx.textBaseline = "middle";
    // The column of the time from s0 to s1 (seconds), edges on whole
    // pixels: fractional edges would leave faint seams between columns.
    function column(s0, s1, y, values, covered) {
      const x = label + Math.round(s0 * scale);
      const w = label + Math.round(s1 * scale) - x;
      if (w <= 0) return;
      let used = 0, top = y + bar;
      values.forEach(function (v, c) {
        const part = Math.min(v / covered, 1 - used);
        if (part <= 0) return;
        const next = y + bar - Math.round((used + part) * bar);
        ctx.fillStyle = COLOURS[tl.categories[c]];
        ctx.fillRect(x, next, w, top - next);
        top = next;
        used += part;
      });
      ctx.fillStyle = COLOURS.computation;
      ctx.fillRect(x, y, w, top - y);
    }
    tl.threads.forEach(function (t, row) {
      const y = row * pitch;
      if (row % labelEvery === 0) {
        ctx.fillStyle = "#222";
        ctx.fillText("thread " + t.thread, 0, y + bar / 2);
      }
      // Only the time the thread measured: from its process's start (the
      // bins before it are empty) to where it stopped, within its last bin
      // or after it.
      t.bins.forEach(function (values, k) {
        const s0 = Math.max(k * tl.bin_s, t.start_s);
        const s1 = t.end_s === null ? (k + 1) * tl.bin_s :
          Math.min((k + 1) * tl.bin_s, t.end_s);
        if (s1 > s0) column(s0, s1, y, values, (s1 - s0) / tl.bin_s);
      });
      const binsEnd = Math.max(t.bins.length * tl.bin_s, t.start_s);
      if (t.end_s !== null && t.end_s > binsEnd)
        column(binsEnd, t.end_s, y, [], 1);
    });
    const y0 = n * pitch + 4;
    ctx.fillStyle = "#222";
    ctx.fillRect(label, y0, plot, 1);
    ctx.textBaseline = "top";
    if (tl.span_s > 0) {
      const step = niceStep(tl.span_s / 8);
      for (let s = 0; s <= tl.span_s * 1.0001; s += step) {
        const x = label + s * scale;
        ctx.fillRect(x, y0, 1, 5);
        ctx.fillText(formatSeconds(s), x + 2, y0 + 7);
      }
    }
    figure.appendChild(canvas);
    return figure;
  }

  function heat(t) {
    const from = [255, 237, 160], to = [128, 0, 38];
    return "rgb(" + from.map(function (x, i) {
      return Math.round(x + (to[i] - x) * t);
    }).join(",") + ")";
  }

  // The heat map of bytes (gets and puts) per pair of threads; the title
  // of the canvas follows the pointer with the cell's bytes and operations.
  function drawMatrix(m) {
    const figure = el("div", "figure");
    const n = m.threads;
    const cell = Math.max(2, Math.min(32, Math.floor(640 / n)));
    const margin = 56;
    const canvas = el("canvas", "matrix");
    canvas.width = Math.max(240, margin + n * cell + 10);
    canvas.height = margin + n * cell + 10;
    const ctx = canvas.getContext("2d");
    const byPair = new Map();
    let top = 0;
    for (const p of m.pairs) {
      byPair.set(p[0] * n + p[1], p);
      top = Math.max(top, p[2] + p[4]);
    }
    ctx.fillStyle = "#f2f2f2";
    ctx.fillRect(margin, margin, n * cell, n * cell);
    const gap = cell >= 6 ? 1 : 0;
    for (const p of m.pairs) {
      const bytes = p[2] + p[4];
      // The smallest traffic stays visible: the scale starts above white.
      ctx.fillStyle = bytes > 0 ?
        heat(0.15 + 0.85 * Math.log1p(bytes) / Math.log1p(top)) : "#d8d8d8";
      ctx.fillRect(margin + p[1] * cell, margin + p[0] * cell, cell - gap,
                   cell - gap);
    }
    ctx.fillStyle = "#222";
    ctx.font = "11px sans-serif";
    const every = Math.ceil(18 / cell);
    ctx.textAlign = "right";
    ctx.textBaseline = "middle";
    for (let i = 0; i < n; i += every)
      ctx.fillText(String(i), margin - 4, margin + (i + 0.5) * cell);
    ctx.textAlign = "center";
    ctx.textBaseline = "bottom";
    for (let i = 0; i < n; i += every)
      ctx.fillText(String(i), margin + (i + 0.5) * cell, margin - 3);
    ctx.textAlign = "left";
    ctx.fillText("to", margin, margin - 18);
    ctx.fillText("from", 2, margin - 3);
    canvas.addEventListener("mousemove", function (ev) {
      const r = canvas.getBoundingClientRect();
      const x = (ev.clientX - r.left) * canvas.width / r.width - margin;
      const y = (ev.clientY - r.top) * canvas.height / r.height - margin;
      const to = Math.floor(x / cell), from = Math.floor(y / cell);
      if (x < 0 || y < 0 || to >= n || from >= n) {
        canvas.title = "";
        return;
      }
      const p = byPair.get(from * n + to) || [from, to, 0, 0, 0, 0];
      canvas.title = "thread " + from + " to thread " + to + ": puts " +
        p[2] + " bytes in " + p[3] + " operations, gets " + p[4] +
        " bytes in " + p[5] + " operations";
    });
    const key = el("div", "legend");
    key.append("bytes: 1");
    key.appendChild(el("span", "scale"));
    key.append(top + " (log scale; grey: none)");
    figure.append(key, canvas);
    return figure;
  }

  function render(s) {
    const box = el("section");
    box.id = s.id;
    box.appendChild(el("h2", null, s.title));
    if (s.intro) box.appendChild(el("p", "intro", s.intro));
    for (const note of s.notes) box.appendChild(el("p", "note", note));
    for (const line of s.lines) box.appendChild(el("p", "line", line));
    if (s.timeline) box.appendChild(drawTimeline(s.timeline));
    if (s.matrix) box.appendChild(drawMatrix(s.matrix));
    for (const t of s.tables) box.appendChild(sortableTable(t));
    return box;
  }

  document.getElementById("heading").textContent = data.heading;
  const report = document.getElementById("report");
  for (const s of data.sections) report.appendChild(render(s));
  document.body.dataset.rendered = "ok";
})();
</script>
</body>
</html>
""")


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


def version():
    # An unconfigured copy (the source file run as it is) has no version.
    return "upc-prof (upc-instrument) %s" % (
        "(unknown version)" if VERSION.startswith("@") else VERSION)


def merge_main(argv):
    p = argparse.ArgumentParser(prog="upc-prof merge",
                                description="Merge profile or trace "
                                "reports of one run into one.")
    p.add_argument("-o", "--output", required=True, help="merged report")
    p.add_argument("reports", nargs="+", metavar="REPORT.json")
    a = p.parse_args(argv)
    otf2 = [r.endswith(".otf2") for r in a.reports]
    if any(otf2):
        return merge_otf2(a.output, a.reports, all(otf2))
    tool, docs = load_all(a.reports)
    merged = (merge_profiles if tool == PROFILE_TOOL else merge_traces)(
        a.reports, docs)
    write_atomically(a.output, json.dumps(merged, indent=1) + "\n")
    return 0


def main(argv):
    if argv and argv[0] == "merge":
        return merge_main(argv[1:])
    p = argparse.ArgumentParser(
        prog="upc-prof",
        description=" ".join(__doc__.split("\n\n")[0].split()),
        epilog="upc-prof merge -o OUT REPORT.json... merges reports. "
        "docs/gasp-tools.md describes every view.")
    p.add_argument("--version", action="version", version=version())
    p.add_argument("--sort", choices=sorted(SORT_KEYS), default="total",
                   help="column to sort by (default: total)")
    p.add_argument("--by", choices=("function", "file", "event"),
                   help="group the rows by function, source file or event "
                   "kind")
    p.add_argument("--threads", action="store_true",
                   help="add each row's min, mean and max over the threads, "
                   "its imbalance and the thread of the max")
    p.add_argument("--matrix", action="store_true",
                   help="print the thread-to-thread communication in place "
                   "of the table")
    p.add_argument("--html", metavar="FILE",
                   help="write every view as one self-contained web page "
                   "to FILE, in place of the text report")
    p.add_argument("reports", nargs="+", metavar="PROFILE.json")
    a = p.parse_args(argv)
    if a.matrix and (a.by or a.threads):
        p.error("--matrix prints the matrix in place of a table: leave out "
                "--by and --threads")
    if a.html and (a.by or a.threads or a.matrix):
        p.error("--html writes every view: --by, --threads and --matrix "
                "choose among them in the text report")
    tool, docs = load_all(a.reports)
    if tool != PROFILE_TOOL:
        raise Error("%s: a trace; upc-prof prints profiles (merge traces "
                    "with upc-prof merge)" % a.reports[0])
    prof = merge_profiles(a.reports, docs)
    sort_key = SORT_KEYS[a.sort]
    if a.html:
        write_atomically(a.html, page(prof, a.reports, sort_key))
        return 0
    print_summary(prof, sys.stdout)
    if a.matrix:
        print_matrix(prof, sys.stdout)
    else:
        print_table(prof, sort_key, a.by, a.threads, sys.stdout)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except Error as e:
        sys.stderr.write("upc-prof: error: %s\n" % e)
        sys.exit(1)
    except BrokenPipeError:
        sys.exit(1)
