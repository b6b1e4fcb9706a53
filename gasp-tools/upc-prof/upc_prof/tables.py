"""Tables: one definition of each column serves the text and the web page;
the rows under their columns as text, or as a table of the page's data."""

import collections

from .formats import detail, fixed, integer, location, percent, text
from .reports import COMPUTATION
from .views import share

# header; minimum width in text; the row's value (what the page sorts by);
# its text; alignment (">" numbers, "<" text).
Column = collections.namedtuple("Column", "header width value fmt align")


def field(name):
    return lambda r: r.get(name)


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


def per_thread_columns(categories):
    """A thread_breakdown row: its time, the share of each of the report's
    categories, its events and their estimated cost."""
    return ([Column("thread", 6, field("thread"), integer, ">"),
             seconds_column("wall(s)", "wall_s")]
            + [category_share_column(c) for c in [COMPUTATION] + categories]
            + [Column("events", 10, field("events"), integer, ">"),
               Column("overhead", 8, lambda t: None if t["overhead_s"] is None
                      else share(t["overhead_s"], t["wall_s"]), percent,
                      ">")])

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
