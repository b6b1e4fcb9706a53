"""The web page (--html): its data, from the same views as the text report,
in the page's template (report.html, package data)."""

import html
import importlib.resources
import json
import os
import string

from .merge import rebin
from .reports import COMM_COUNTS, categories
from .tables import (BALANCE_COLUMNS, CATEGORY_COLUMNS, PAIR_COLUMNS,
                     flat_columns, per_thread_columns, rollup_columns,
                     table_data)
from .views import (busiest_pairs, category_rows, comm_lines, displayed,
                    heading, missing, overhead_lines, overhead_note, rollup,
                    sort_rows, thread_breakdown)

# Python computes every number and text (the same functions as the text
# report); the page's script only draws them: tables, the timeline and the
# heat map, from the JSON in the page.

# The web page's timeline: about a pixel per bin, and a bounded amount of
# data in the page however many threads there are.
PAGE_TIMELINE_BINS = 1000
PAGE_TIMELINE_VALUES = 500000
PAGE_TOP_PAIRS = 100


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
        max(1, len(tl["categories"])) * max(1, len(tl["threads"])))))
    width = max(tl["bin_s"], span / limit)
    return {"bin_s": width, "span_s": span, "categories": tl["categories"],
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
        tables=[table_data(per_thread_columns(categories(prof)), threads)]
        if threads else [])


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
    return page_template().substitute(
        title=html.escape("upc-prof: " + names),
        data=page_json(page_data(prof, sort_key)))


def page_template():
    """The page's HTML, CSS and script, with $title and $data to fill in:
    report.html beside this module, read when a page is written."""
    return string.Template(importlib.resources.files(__package__).joinpath(
        "report.html").read_text(encoding="utf-8"))
