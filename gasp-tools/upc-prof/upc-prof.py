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

Reports are checked before anything is written: they must fit their
format's schema (profile.schema.json, trace.schema.json beside the
modules; docs/gasp-tools.md, "Report formats"), be of one kind and one run (the same thread count), cover each thread once, and together
cover every thread. The exit status is 0, or 1 with a message naming the
file when a report is missing, unreadable or does not fit. Reports of an
older profile tool, without the per-thread summary, timeline or
communication, are printed with what they have, and say what they lack.
"""

import argparse
import json
import os
import sys

# The modules are in lib/upc-instrument/python beside bin, in an install as
# in the build tree (which has the install layout); found from this file's
# real path, so that a moved install finds its own. (The source file run as
# it is finds them beside it, as Python looks in the script's directory.)
BIN_DIR = os.path.dirname(os.path.realpath(__file__))
# No __pycache__ written into an install (or the build tree) at each run.
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(BIN_DIR), "lib",
                                "upc-instrument", "python"))

from upc_prof.atomic import write_atomically
from upc_prof.errors import Error
from upc_prof.merge import merge_profiles
from upc_prof.page import page
from upc_prof.reports import PROFILE_TOOL, load_all
from upc_prof.text import print_matrix, print_summary, print_table
from upc_prof.traces import merge_otf2, merge_traces
from upc_prof.views import SORT_KEYS

# CMake writes the project's version here when it installs this file in
# the build tree (configure_file @ONLY).
VERSION = "@PROJECT_VERSION@"


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
        return merge_otf2(a.output, a.reports, all(otf2), BIN_DIR)
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
