#!/usr/bin/env python3
"""fake_program.py SCENARIO [SECONDS]: a stand-in for a UPC program built
with upc-instrument --mir-dormant, for upc-mir search's tests
(upc_mir_test.py): it listens on UPC_MIR_SOCKET as the program would
(in the user's private directory for a name without '/'), answers SIR,
instrumentation and control requests from a model of where its threads
spend their time, and ends after SECONDS (default 3).

A scenario's regions each have, per thread, the share of the thread's
time inside them (inclusive) and how many executions end per second (0:
one execution, running throughout: it never ends while measured, as
main's loop); UPC waits are a share of the region's time. A probe's
values are those shares times the time it was active: what a program
with that profile would measure."""

import os
import socket
import sys
import threading
import time
import xml.etree.ElementTree as ET

THREADS = 4


def region(rid, rtype, name, line, share, rate, children=(), **extra):
    return dict(id=rid, type=rtype, name=name, line=line, share=share,
                rate=rate, children=list(children), **extra)


def per_thread(v):
    return v if isinstance(v, list) else [v] * THREADS


# The programs. Shares are per thread (a number: the same on all).
SCENARIOS = {
    # A time-step loop in main whose barrier takes most of the time.
    "barrier": [
        region("f.main", "function", "main", 10, 1.0, 0, [
            region("f.main.upcForall1", "upcForall", "upc_forall", 12, 0, 0),
            region("f.main.loop1", "loop", "for", 14, 0.98, 0, [
                region("f.main.upcForall2", "upcForall", "upc_forall", 15,
                       0.06, 2000),
                region("f.main.upcBarrier1", "upcBarrier", "upc_barrier",
                       17, 0.80, 2000, barrier=1.0),
                region("f.main.call1", "call", "work", 18, 0.11, 2000),
            ]),
            region("f.main.upcCollective1", "upcCollective",
                   "upc_all_reduceD", 20, 0, 0),
        ]),
        region("f.work", "function", "work", 30, 0.11, 2000, [
            region("f.work.loop1", "loop", "for", 32, 0.10, 2000),
        ]),
    ],
    # One thread computes much more in work(): the others wait.
    "imbalance": [
        region("f.main", "function", "main", 10, 1.0, 0, [
            region("f.main.loop1", "loop", "while", 14, 0.99, 0, [
                region("f.main.call1", "call", "work", 15,
                       [0.95, 0.5, 0.5, 0.5], 100),
                region("f.main.upcBarrier1", "upcBarrier", "upc_barrier",
                       16, [0.04, 0.49, 0.49, 0.49], 100, barrier=1.0),
            ]),
        ]),
        region("f.work", "function", "work", 30, [0.95, 0.5, 0.5, 0.5], 100,
               [region("f.work.loop1", "loop", "for", 31,
                       [0.94, 0.49, 0.49, 0.49], 100)]),
        region("f.unused", "function", "unused", 40, 0, 0),
    ],
    # Work stealing: most of the time acquiring a lock, in a function
    # called from a loop of a function main calls once.
    "lock": [
        region("f.main", "function", "main", 10, 1.0, 0, [
            region("f.main.call1", "call", "search", 12, 0.99, 0),
        ]),
        region("f.search", "function", "search", 20, 0.99, 0, [
            region("f.search.loop1", "loop", "while", 21, 0.99, 0, [
                region("f.search.call1", "call", "steal", 22, 0.7, 5000),
                region("f.search.call2", "call", "expand", 23, 0.25, 50000),
            ]),
        ]),
        region("f.steal", "function", "steal", 30, 0.7, 5000, [
            region("f.steal.upcCall1", "upcCall", "upc_lock", 31, 0.6, 5000,
                   lock=1.0),
            region("f.steal.upcCall2", "upcCall", "upc_unlock", 33, 0.01,
                   5000),
        ]),
        # Called 50,000 times a second: costly to measure for long.
        region("f.expand", "function", "expand", 40, 0.25, 50000),
    ],
    # A hash function called a million times a second (too costly to
    # measure with its probe) and its static helper, found by the call
    # stacks sampled (STACKS) rather than by their probes' figures.
    "sampled": [
        region("f.main", "function", "main", 10, 1.0, 0, [
            region("f.main.loop1", "loop", "for", 12, 0.99, 0, [
                region("f.main.call1", "call", "hash", 13, 0.8, 1000000),
                region("f.main.upcBarrier1", "upcBarrier", "upc_barrier",
                       14, 0.1, 100, barrier=1.0),
            ]),
        ]),
        region("f.hash", "function", "hash", 20, 0.8, 1000000, [
            region("f.hash.call1", "call", "compress", 21, 0.5, 1000000),
        ]),
        region("f.compress", "function", "compress", 30, 0.5, 1000000),
    ],
}

# The call stacks a scenario's snapshots give, innermost frame first, in
# turn: (how many of every ten samples, frames). They differ from the
# probes' figures on purpose: what the search reports for the functions too
# costly to measure comes from them. Scenarios without stacks answer
# snapshots with none.
STACKS = {
    "sampled": [
        (5, ["hash+0x40 (./fake)", "upcr_user_main+0x10 (./fake)"]),
        (3, ["compress+0x8 (./fake)", "hash+0x20 (./fake)",
             "upcr_user_main+0x10 (./fake)"]),
        (1, ["upcr_barrier+0x8 (./fake)", "upcr_user_main+0x18 (./fake)"]),
        (1, ["upcr_user_main+0x20 (./fake)"]),
    ],
}


def walk(regions, parent=None):
    for r in regions:
        r["parent"] = parent
        yield r
        yield from walk(r["children"], r)


def sir_document(regions):
    root = ET.Element("sir", language="upc", version="1")
    f = ET.SubElement(root, "file", id="f", name="fake.upc")

    def add(parent, r):
        tag = "unit" if r["type"] == "function" else "codeRegion"
        el = ET.SubElement(parent, tag, id=r["id"], type=r["type"],
                           name=r["name"])
        ET.SubElement(el, "position", startLine=str(r["line"]),
                      startColumn="1", endLine=str(r["line"] + 1),
                      endColumn="1")
        for c in r["children"]:
            add(el, c)
    for r in regions:
        add(f, r)
    return ET.tostring(root, encoding="unicode")


class Probe:
    def __init__(self, region, metrics):
        self.region, self.metrics = region, metrics
        self.active_time, self.since = 0.0, None

    def active(self, now):
        return self.active_time + (now - self.since if self.since else 0.0)


class Program:
    def __init__(self, regions, stacks=()):
        self.regions = regions
        self.stacks = [frames for n, frames in stacks for _ in range(n)]
        self.snapshots = 0
        self.by_id = {r["id"]: r for r in walk(regions)}
        self.probes = {}
        self.taken = {}
        self.lock = threading.Lock()
        self.n = 0

    def errors(self, *messages):
        root = ET.Element("errors")
        for m in messages:
            ET.SubElement(root, "error").text = m
        return ET.tostring(root, encoding="unicode")

    def values(self, probe, now):
        r, t_active = probe.region, probe.active(now)
        share, rate = per_thread(r["share"]), r["rate"]
        out = []
        for t in range(THREADS):
            wc = share[t] * t_active
            count = int(rate * t_active) if rate else 0
            if not rate:
                wc = 0.0  # never ended while measured
            v = {"WC_TIME": wc * 1000, "COUNT": count,
                 "UPC_BARRIER_TIME": wc * 1000 * r.get("barrier", 0),
                 "UPC_LOCK_TIME": wc * 1000 * r.get("lock", 0)}
            out.append([v.get(m, 0) for m in probe.metrics])
        return out

    def measurement(self, ids, now):
        root = ET.Element("measurement")
        for pid in ids:
            p = self.probes[pid]
            el = ET.SubElement(root, "measurement", probeId=pid) \
                if len(ids) > 1 else root
            for t, vals in enumerate(self.values(p, now)):
                te = ET.SubElement(el, "measurement", threadId=str(t))
                for v in vals:
                    ET.SubElement(te, "measurement",
                                  value=("%d" % v) if isinstance(v, int)
                                  else "%.6f" % v)
        return ET.tostring(root, encoding="unicode")

    def answer(self, text):
        try:
            req = ET.fromstring(text)
        except ET.ParseError as e:
            return self.errors("malformed: %s" % e)
        now = time.monotonic()
        with self.lock:
            if req.tag == "sirreq":
                return sir_document(self.regions)
            if req.tag == "instrreq":
                rid = req.find("codeRegion").get("from")
                r = self.by_id.get(rid)
                if r is None or r["type"] == "call" and r.get("inline"):
                    return self.errors("'%s' has no dormant probe" % rid)
                if rid in self.taken:
                    return self.errors("'%s' is measured by the probe '%s'"
                                       % (rid, self.taken[rid]))
                self.n += 1
                pid = "rt%d" % self.n
                metrics = [m.get("name") for m in req.findall("metric")] \
                    or ["WC_TIME"]
                p = Probe(r, metrics)
                if req.get("activated") == "true":
                    p.since = now
                self.probes[pid] = p
                self.taken[rid] = pid
                return '<probe id="%s"/>' % pid
            if req.tag == "ctrlreq":
                ids = [p.get("id") for p in req.findall("probe")]
                missing = [i for i in ids if i not in self.probes]
                if missing:
                    return self.errors(*["unknown probe '%s'" % i
                                         for i in missing])
                action = req.get("action")
                for i in ids:
                    p = self.probes[i]
                    if action == "ACTIVATE" and p.since is None:
                        p.since = now
                    elif action == "DEACTIVATE" and p.since is not None:
                        p.active_time += now - p.since
                        p.since = None
                if action == "REMOVE":
                    for i in ids:
                        del self.taken[self.probes.pop(i).region["id"]]
                    return "<measurement/>"
                return self.measurement(ids, now)
            if req.tag == "snapshotreq":
                return self.snapshot()
            return self.errors("<%s> is not accepted here" % req.tag)

    def snapshot(self):
        root = ET.Element("snapshot")
        proc = ET.SubElement(ET.SubElement(root, "node", id="0"), "process",
                             id="0")
        for t in range(THREADS):
            te = ET.SubElement(proc, "thread", id=str(t))
            if self.stacks:
                frames = self.stacks[(self.snapshots + t) % len(self.stacks)]
                for f in frames:
                    ET.SubElement(te, "stack").text = f
        self.snapshots += 1
        return ET.tostring(root, encoding="unicode")


def socket_path(name):
    if "/" in name:
        return name
    xdg = os.environ.get("XDG_RUNTIME_DIR", "")
    d = (os.path.join(xdg, "upc-mir") if xdg.startswith("/")
         else "/tmp/upc-mir-%d" % os.geteuid())
    os.makedirs(d, mode=0o700, exist_ok=True)
    return os.path.join(d, name)


def serve(program, listener):
    while True:
        try:
            conn, _ = listener.accept()
        except OSError:
            return
        with conn:
            # One document, ended by its root element or the client's end
            # (as the program's server frames it).
            parser = ET.XMLPullParser(events=("start", "end"))
            data, depth, done = b"", 0, False
            while not done:
                chunk = conn.recv(65536)
                if not chunk:
                    break
                data += chunk
                parser.feed(chunk)
                try:
                    for ev, _ in parser.read_events():
                        depth += 1 if ev == "start" else -1
                        if ev == "end" and depth == 0:
                            done = True
                except ET.ParseError:
                    break
            answer = program.answer(data.decode("utf-8", "replace"))
            try:
                conn.sendall(answer.encode())
            except OSError:
                pass


def main():
    scenario = sys.argv[1]
    seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 3.0
    program = Program(SCENARIOS[scenario], STACKS.get(scenario, ()))
    path = socket_path(os.environ["UPC_MIR_SOCKET"])
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path)
    os.chmod(path, 0o600)
    listener.listen(32)
    threading.Thread(target=serve, args=(program, listener),
                     daemon=True).start()
    time.sleep(seconds)
    listener.close()
    os.unlink(path)
    print("fake program %s: done" % scenario)


if __name__ == "__main__":
    main()
