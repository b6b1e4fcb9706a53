"""Checks a trace merged by upc-prof: one name per thread, events of every
thread, and clocks aligned: no thread leaves a barrier before every thread
has entered it (a misaligned clock breaks that).

  check_merged_trace.py TRACE.json THREADS
  otf2-print ARCHIVE.otf2 | check_merged_trace.py --otf2 THREADS
  otf2-print -G ARCHIVE.otf2 | check_merged_trace.py --otf2-names
  otf2-print MERGED.otf2 | check_merged_trace.py --same-times MERGED.json
      the clock-alignment rule (docs/gasp-tools.md, "Report formats"):
      one run's traces merged as JSON (upc-prof) and as OTF2
      (upc-otf2-merge) have the same slices at the same times, thread by
      thread (JSON ts in microseconds, OTF2 in ns).
"""
import json
import re
import sys


def check_barrier(begins, ends, threads):
    assert len(begins) == len(ends) == threads, (begins, ends)
    assert max(begins) <= min(ends), (begins, ends)


if sys.argv[1] == "--otf2-names":
    # otf2-print -G: no location group may share a location's name (ViTE
    # refuses such an archive: "container ... already exists").
    groups, locations = set(), set()
    for line in sys.stdin:
        m = re.match(r'(LOCATION_GROUP|LOCATION)\s+\d+\s+Name: "([^"]*)"',
                     line)
        if m:
            (groups if m.group(1) == "LOCATION_GROUP" else locations).add(
                m.group(2))
    assert groups and locations, (groups, locations)
    assert not groups & locations, groups & locations
    print("names distinct: %d location groups, %d locations" % (
        len(groups), len(locations)))
    sys.exit(0)
elif sys.argv[1] == "--same-times":
    otf2 = []
    for line in sys.stdin:
        m = re.match(r'(ENTER|LEAVE)\s+(\d+)\s+(\d+)\s+Region: "([^"]*)"',
                     line)
        if m:
            otf2.append((int(m.group(2)), int(m.group(3)),
                         "B" if m.group(1) == "ENTER" else "E", m.group(4)))
    doc = json.load(open(sys.argv[2]))
    # ts has three decimals: whole ns.
    slices = [(e["tid"], round(e["ts"] * 1000), e["ph"], e["name"])
              for e in doc["traceEvents"] if e["ph"] in "BE"]
    assert otf2 and sorted(otf2) == sorted(slices), (
        "first difference: %r" % next(
            (a, b) for a, b in zip(sorted(otf2), sorted(slices)) if a != b)
        if len(otf2) == len(slices) else "%d OTF2 and %d JSON slice ends"
        % (len(otf2), len(slices)))
    print("JSON and OTF2 merges of %d report%s: %d slice ends on %d "
          "threads at the same times" % (
              doc["otherData"]["merged_from"],
              "" if doc["otherData"]["merged_from"] == 1 else "s",
              len(otf2), len({e[0] for e in otf2})))
    sys.exit(0)
elif sys.argv[1] == "--otf2":
    threads = int(sys.argv[2])
    begins, ends, locations = [], [], set()
    for line in sys.stdin:
        m = re.match(r'(ENTER|LEAVE)\s+(\d+)\s+(\d+)\s+Region: "([^"]*)"',
                     line)
        if not m:
            continue
        locations.add(int(m.group(2)))
        if m.group(4) == "GASP_UPC_BARRIER":
            (begins if m.group(1) == "ENTER" else ends).append(
                int(m.group(3)))
    assert locations == set(range(threads)), locations
    check_barrier(begins, ends, threads)
else:
    doc = json.load(open(sys.argv[1]))
    threads = int(sys.argv[2])
    events = doc["traceEvents"]
    names = [e["tid"] for e in events
             if e["ph"] == "M" and e["name"] == "thread_name"]
    assert sorted(names) == list(range(threads)), names
    assert {e["tid"] for e in events if e["ph"] != "M"} == set(range(threads))
    barrier = [e for e in events if e["name"] == "GASP_UPC_BARRIER"]
    check_barrier([e["ts"] for e in barrier if e["ph"] == "B"],
                  [e["ts"] for e in barrier if e["ph"] == "E"], threads)
print("merged trace: %d threads, barrier aligned" % threads)
