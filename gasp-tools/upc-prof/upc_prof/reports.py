"""Reading and checking reports: loading them, the run and threads they
cover, and the fields of a profile report that upc-prof computes with."""

import json

from . import schema
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
    # The kind is the one of tool (a profile) or otherData.tool (a trace)
    # that names a tool: the only fields read before the schema is known.
    other = doc.get("otherData") if isinstance(doc, dict) else None
    tool = (doc.get("tool") if isinstance(doc, dict) else None) or (
        other.get("tool") if isinstance(other, dict) else None)
    if tool not in (PROFILE_TOOL, TRACE_TOOL):
        raise Error("%s: not a report of the GASP profile or trace tool "
                    "(no tool or otherData.tool names one)" % path)
    # The fields' presence and types are the schema's: what follows checks
    # only what it cannot say (threads of the run, one entry per thread).
    schema.check(path, doc, "profile" if tool == PROFILE_TOOL else "trace")
    return tool, doc


def load_all(paths):
    loaded = [load(p) for p in paths]
    kinds = {tool for tool, _ in loaded}
    if len(kinds) > 1:
        raise Error("%s and %s are reports of different tools" % (
            paths[0], next(p for p, (t, _) in zip(paths, loaded)
                           if t != loaded[0][0])))
    return loaded[0][0], [doc for _, doc in loaded]


def report_threads(info):
    """The threads a report covers (one process's, with MPI)."""
    return range(info["first_thread"],
                 info["first_thread"] + info["local_threads"])


def coverage(path, info, nthreads, seen):
    """Marks the threads a report covers; each thread once."""
    threads = report_threads(info)
    if threads.stop > nthreads:
        raise Error("%s: malformed thread range" % path)
    for t in threads:
        if t in seen:
            raise Error("%s: thread %d is also in %s" % (path, t, seen[t]))
        seen[t] = path
    return len(threads)


def check_run(paths, infos):
    """The thread count of the run; every thread covered once."""
    nthreads = infos[0]["threads"]
    seen = {}
    for path, info in zip(paths, infos):
        if info["threads"] != nthreads:
            raise Error("%s: a run of %s threads, but %s is of %s" % (
                path, info["threads"], paths[0], nthreads))
        coverage(path, info, nthreads, seen)
    missing = [t for t in range(nthreads) if t not in seen]
    if missing:
        raise Error("no report of thread%s %s (a run of %d threads)" % (
            "s" if len(missing) > 1 else "",
            ", ".join(str(t) for t in missing), nthreads))
    return nthreads


# ---------------------------------------------------------------------------
# Checking a profile report beyond its schema
# ---------------------------------------------------------------------------
# The schema (load) has checked every field's presence and type; a report
# whose threads do not fit the run is refused here by name, so that nothing
# later has to guard against them.

def malformed(path, what, why):
    return Error("%s: malformed %s: %s" % (path, what, why))


def check_events(path, doc, nthreads):
    """Each event row's threads are of the run."""
    for i, e in enumerate(doc["events"]):
        if not all(t["thread"] < nthreads for t in e["per_thread"]):
            raise malformed(path, "events[%d].per_thread" % i,
                            "not a list of threads of the run")


def read_extras(path, doc, nthreads):
    """The fields that newer profile tools add, checked; None for each field
    the report lacks."""
    own = report_threads(doc)
    return {
        "start": doc.get("start_realtime_ns"),
        "cost": doc.get("event_cost_ns"),
        "summary": read_thread_summary(path, doc.get("thread_summary"), own),
        "timeline": read_timeline(path, doc.get("timeline"), own),
        "comm": read_comm(path, doc.get("comm"), own, nthreads),
    }


def read_thread_summary(path, summary, own):
    if summary is None:
        return None
    out, seen = [], set()
    for s in summary:
        if s["thread"] not in own:
            raise malformed(path, "thread_summary", "an entry of no thread "
                            "of this report")
        if s["thread"] in seen:
            raise malformed(path, "thread_summary (thread %d)" % s["thread"],
                            "the thread twice")
        seen.add(s["thread"])
        entry = {"thread": s["thread"], "wall_s": s["wall_s"],
                 "events": s["events"],
                 "categories_s": dict(s["categories_s"])}
        # What a merged report adds (merge_extras), kept so that a merged
        # report reads as its parts did.
        for k in ("start_s", "event_cost_ns"):
            if k in s:
                entry[k] = s[k]
        out.append(entry)
    return out


def read_timeline(path, timeline, own):
    if timeline is None:
        return None
    names = timeline["categories"]
    out = []
    for t in timeline["threads"]:
        if t["thread"] not in own:
            raise malformed(path, "timeline", "an entry of no thread of this "
                            "report")
        if not all(len(b) == len(names) for b in t["bins"]):
            raise malformed(path, "timeline (thread %d)" % t["thread"],
                            "bins are not lists of %d numbers" % len(names))
        out.append({"thread": t["thread"], "bins": t["bins"]})
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
    for c in comm:
        if c["from"] not in own:
            raise malformed(path, "comm", "a row from no thread of this "
                            "report")
        if c["to"] >= nthreads:
            raise malformed(path, "comm", "a row to no thread of the run")
    return comm
