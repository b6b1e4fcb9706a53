"""upc-mir search's report: text (default), JSON, or upc-prof's web page
(its template and rendering, upc_prof.page and upc_prof.tables)."""

import html
import json
import os
import sys


def percent(v):
    return "-" if v is None else "%.1f%%" % (100.0 * v)


def ratio(v):
    return "-" if v is None else "%.2f" % v


def rate(v):
    for unit, scale in (("G", 1e9), ("M", 1e6), ("k", 1e3)):
        if v >= scale:
            return "%.1f%s" % (v / scale, unit)
    return "%.0f" % v


def where(f):
    name = f["name"] or f["type"]
    if f["type"] == "function":
        return "function %s" % name
    return "%s in %s" % (name, f["function"])


def evidence(f):
    """Why the finding is of its kind, in words."""
    parts = []
    if f["imbalance"] is not None and f["imbalance"] >= 1.05:
        parts.append("busiest thread %s: %s x the mean" % (
            f["max_thread"], ratio(f["imbalance"])))
    for key, what in (("barrier_share", "in barriers"),
                      ("lock_share", "acquiring locks"),
                      ("collective_share", "in collectives")):
        if f[key] and f[key] >= 0.05:
            parts.append("%s of its time %s" % (percent(f[key]), what))
    if f["remote_ops_per_s"] or f["local_ops_per_s"]:
        parts.append("shared accesses %s/s remote (%sB/s), %s/s local "
                     "(%sB/s)%s" % (
                         rate(f["remote_ops_per_s"]),
                         rate(f["remote_bytes_per_s"]),
                         rate(f["local_ops_per_s"]),
                         rate(f["local_bytes_per_s"]),
                         "" if f["remote_share"] is None else
                         ", %s of the bytes remote" %
                         percent(f["remote_share"])))
    if f["hot_spot"]:
        h = f["hot_spot"]
        parts.append("hot spot: the loop at %s (%s of the threads' time)"
                     % (h["location"], percent(h["share"])))
    if f.get("samples"):
        parts.append("its own time: its share of %d call stacks sampled "
                     "per thread" % f["samples"])
    if f.get("estimated"):
        parts.append("estimated: it was running before the search could "
                     "measure it; the time its block spent in nothing else")
    if not f["resolved"]:
        parts.append("not refined further")
    return parts


def heading(result):
    return ("upc-mir search: %d thread%s, %.2f s run, %d refinement "
            "round%s, %d probes" % (
                result["threads"], "" if result["threads"] == 1 else "s",
                result["run_s"], result["rounds"],
                "" if result["rounds"] == 1 else "s", result["probes"]))


def text(result, out):
    out.write(heading(result) + "\n")
    for n in result["notes"]:
        out.write("note: %s\n" % n)
    if not result["findings"]:
        out.write("no findings\n")
        return
    out.write("findings, by share of the threads' time exclusive of the "
              "functions and UPC operations they call:\n")
    for f in result["findings"]:
        out.write("%3d. %-25s %6s  %s  %s\n" % (
            f["rank"], f["location"], percent(f["share"]), f["kind"],
            where(f)))
        for line in evidence(f):
            out.write("       %s\n" % line)


def page(result, title):
    """The findings in upc-prof's page: its template, sections and sortable
    tables."""
    from upc_prof.formats import fixed, integer
    from upc_prof.formats import percent as pct
    from upc_prof.formats import text as txt
    from upc_prof.page import page_json, page_template, section
    from upc_prof.tables import Column, table_data

    def field(name):
        return lambda r: r.get(name)
    columns = [
        Column("#", 3, field("rank"), integer, ">"),
        Column("share", 6, field("share"), pct, ">"),
        Column("kind", 8, field("kind"), txt, "<"),
        Column("location", 8, field("location"), txt, "<"),
        Column("region", 8, where, txt, "<"),
        Column("incl", 6, field("inclusive_share"), pct, ">"),
        Column("max/mean", 8, field("imbalance"), fixed(2), ">"),
        Column("max@thr", 7, field("max_thread"), integer, ">"),
        Column("barrier", 7, field("barrier_share"), pct, ">"),
        Column("lock", 6, field("lock_share"), pct, ">"),
        Column("remote", 6, field("remote_share"), pct, ">"),
        Column("remote ops/s", 10, field("remote_ops_per_s"), fixed(0), ">"),
        Column("execs/s", 10, field("executions_per_s"), fixed(1), ">"),
    ]
    threads = result["threads"]
    spread = [Column("#", 3, field("rank"), integer, ">"),
              Column("location", 8, field("location"), txt, "<")] + [
        Column("thr %d" % t, 6, (lambda t: lambda r: (
            r["per_thread_exclusive"][t]
            if t < len(r["per_thread_exclusive"]) else None))(t), pct, ">")
        for t in range(threads)]
    data = {"heading": heading(result), "sections": [
        section("findings", "Findings",
                "The regions that hold the most time, exclusive of the "
                "functions and UPC operations they call (as upc-prof's "
                "excl(s)), as a share of the threads' measured time; the "
                "kind of each finding, and what tells it. Click a column's "
                "header to sort by it.",
                notes=result["notes"],
                lines=["%d. %s: %s" % (f["rank"], f["location"],
                                       "; ".join(evidence(f)) or f["kind"])
                       for f in result["findings"]],
                tables=[table_data(columns, result["findings"])]),
        section("threads", "Threads",
                "Each finding's exclusive share of each thread's time.",
                tables=[table_data(spread, result["findings"])]),
    ]}
    return page_template().substitute(title=html.escape(title),
                                      data=page_json(data))


def write_atomically(path, content):
    tmp = "%s.tmp%d" % (path, os.getpid())
    try:
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(content)
        os.replace(tmp, path)
    except OSError:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def write_report(result, args):
    if args.html:
        write_atomically(args.html, page(result, "upc-mir search: " +
                                         " ".join(result["command"])))
        sys.stderr.write("upc-mir search: wrote the findings to %s\n"
                         % args.html)
    if args.json:
        content = json.dumps(result, indent=2) + "\n"
    elif not args.html:
        import io
        buf = io.StringIO()
        text(result, buf)
        content = buf.getvalue()
    else:
        return
    if args.output:
        write_atomically(args.output, content)
    else:
        sys.stdout.write(content)
        sys.stdout.flush()
