"""Checks a trace merged by upc-prof: one name per thread, events of every
thread, and clocks aligned: no thread leaves a barrier before every thread
has entered it (a misaligned clock breaks that)."""
import json
import sys

doc = json.load(open(sys.argv[1]))
threads = int(sys.argv[2])
events = doc["traceEvents"]
names = [e["tid"] for e in events
         if e["ph"] == "M" and e["name"] == "thread_name"]
assert sorted(names) == list(range(threads)), names
assert {e["tid"] for e in events if e["ph"] != "M"} == set(range(threads))
barrier = [e for e in events if e["name"] == "GASP_UPC_BARRIER"]
begins = [e["ts"] for e in barrier if e["ph"] == "B"]
ends = [e["ts"] for e in barrier if e["ph"] == "E"]
assert len(begins) == len(ends) == threads, (begins, ends)
assert max(begins) <= min(ends), (begins, ends)
print("merged trace: %d threads, barrier aligned" % threads)
