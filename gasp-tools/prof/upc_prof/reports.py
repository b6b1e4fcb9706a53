"""Reading and checking reports: loading them, the run and threads they
cover, and the fields of a profile report that upc-prof computes with."""

import json
import math

from .errors import Error

PROFILE_TOOL = "upc-gasp-profile"
TRACE_TOOL = "upc-gasp-trace"
# Time in none of the profile tool's categories of UPC operations (which
# its reports name: timeline.categories, thread_summary's categories_s).
COMPUTATION = "computation"
COMM_COUNTS = ("put_bytes", "put_ops", "get_bytes", "get_ops")


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


def load_all(paths):
    loaded = [load(p) for p in paths]
    kinds = {tool for tool, _ in loaded}
    if len(kinds) > 1:
        raise Error("%s and %s are reports of different tools" % (
            paths[0], next(p for p, (t, _) in zip(paths, loaded)
                           if t != loaded[0][0])))
    return loaded[0][0], [doc for _, doc in loaded]


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
    """The fields that newer profile tools add, checked; None for each field
    the report lacks."""
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
                and all(is_number(v) for v in cats.values())):
            raise malformed(path, what, "wall_s, events or categories_s not "
                            "numbers")
        entry = {"thread": s["thread"], "wall_s": s["wall_s"],
                 "events": s["events"], "categories_s": dict(cats)}
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
        out.append({"thread": t["thread"], "bins": bins})
    return {"bin_s": timeline["bin_s"], "categories": names, "threads": out}


def categories(prof):
    """The categories of UPC operations a (merged) report measured, in its
    order: the timeline's, then any others its thread summaries name."""
    names = list((prof.get("timeline") or {}).get("categories", []))
    for s in prof.get("thread_summary") or []:
        names += [c for c in s["categories_s"] if c not in names]
    return names


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
