"""upc-prof's ranking of a profile, to compare upc-mir search's findings
with: the rows of its table by exclusive time (upc-prof --sort excl), read
and merged by upc-prof's own modules (upc_prof, installed beside this
package). The exit barrier (GASP_UPC_COLLECTIVE_EXIT, "(program exit)")
is left out: it is no region of the program's source that a search could
measure."""

from upc_prof.merge import merge_profiles
from upc_prof.reports import load_all
from upc_prof.views import EXIT_EVENT, displayed, sort_rows


def profile_ranking(paths):
    """The profile's rows (one report per process) by exclusive time,
    largest first, each with its location file:line:col and its share of
    threads x wall time."""
    _, docs = load_all(paths)
    prof = merge_profiles(paths, docs) if len(docs) > 1 else docs[0]
    rows = [r for r in displayed(prof["events"], prof)
            if r["event"] != EXIT_EVENT]
    run = prof["threads"] * prof.get("wall_time_s", 0.0)
    out = []
    for r in sort_rows(rows, "exclusive_s"):
        out.append({
            "event": r["event"], "location": "%s:%s:%s" % (
                r.get("file"), r.get("line"), r.get("col")),
            "detail": r.get("detail"),
            "exclusive_s": r["exclusive_s"],
            "share": r["exclusive_s"] / run if run else None})
    return out
