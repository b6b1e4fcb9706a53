"""Views of a (merged) profile: rows rolled up by function, file or event,
each row's spread over the threads, the time by category, the profile
tool's overhead estimate and the communication totals; with the lines of
text that say them."""

import bisect
import collections

from .formats import location, percent
from .merge import thread_totals
from .reports import COMPUTATION, categories

SORT_KEYS = {
    "total": "total_s", "excl": "exclusive_s", "count": "count",
    "bytes": "bytes", "max": "max_thread_s", "mean": "mean_us",
    "imbal": "imbalance",
}
EXIT_EVENT = "GASP_UPC_COLLECTIVE_EXIT"


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
    names = categories(prof)
    for s in prof.get("thread_summary") or []:
        cats = [s["categories_s"].get(c, 0.0) for c in names]
        cost = s.get("event_cost_ns", prof.get("event_cost_ns"))
        out.append({
            "thread": s["thread"], "wall_s": s["wall_s"],
            "start_s": s.get("start_s", 0.0), "events": s["events"],
            "seconds": dict(zip([COMPUTATION] + names,
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
    for c in [COMPUTATION] + categories(prof):
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
