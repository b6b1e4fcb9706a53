"""Merging profile reports into one: their event rows, and the fields newer
profile tools add (thread summaries, timelines re-binned to one bin width,
the communication pairs)."""

from .errors import Error
from .reports import (COMM_COUNTS, PROFILE_TOOL, check_events, check_run,
                      read_extras)

# The profile tool keeps at most 512 bins per thread; a merge that would
# need far more is of reports that are not of one run (or are damaged).
MAX_MERGED_BINS = 1 << 16


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
    # Every report's categories, by name: a report may list them in another
    # order, or lack one (its time there is 0).
    names = []
    for tl in timelines:
        names += [c for c in tl["categories"] if c not in names]
    threads = [{"thread": t["thread"],
                "bins": rebin(in_order(t["bins"], tl["categories"], names),
                              tl["bin_s"], offset, width)}
               for tl, offset in zip(timelines, offsets)
               for t in tl["threads"]]
    return {"bin_s": width, "categories": names,
            "threads": sorted(threads, key=lambda t: t["thread"])}


def in_order(bins, names, order):
    """bins, whose values are of categories `names`, with values of the
    categories `order` (0 for one not in `names`)."""
    index = [names.index(c) if c in names else None for c in order]
    return [[b[i] if i is not None else 0.0 for i in index] for b in bins]


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
