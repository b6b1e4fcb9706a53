"""The text report: the summary, then the table of rows or the
communication matrix."""

from .formats import integer, text
from .tables import (CATEGORY_COLUMNS, PAIR_COLUMNS, Column, field,
                     flat_columns, render_text, rollup_columns)
from .views import (busiest_pairs, category_rows, comm_lines, comm_totals,
                    displayed, heading, missing, overhead_lines,
                    overhead_note, rollup, sort_rows)

# Beyond this many threads a matrix no longer fits a terminal: --matrix
# lists the busiest pairs instead.
MATRIX_MAX_THREADS = 16
TOP_PAIRS = 20


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
