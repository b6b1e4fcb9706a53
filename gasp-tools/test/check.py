#!/usr/bin/env python3
"""Runs a gasp-tools test program (events.c linked with one tool) and checks
what the tool wrote.

  check.py TOOL --exe EXE --dir DIR --threads N [--mode MODE] [--case CASE]
           [--expected DIR] [--otf2-print PATH]

TOOL is dump, profile or trace; MODE the program's argument (normal,
global-exit, control); CASE a variant of the tool's set-up (see main()).
The program runs in DIR (emptied first) with UPC_THREADS=N. Exits 0 and
prints "PASS ..." when every check holds, else prints what failed and
exits 1.
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys

# No __pycache__ beside the sources (report_schema) or in upc-prof's package.
sys.dont_write_bytecode = True
import report_schema  # noqa: E402

FAILURES = []


def fail(msg):
    FAILURES.append(msg)
    print("FAIL: " + msg)


def check(cond, msg):
    if not cond:
        fail(msg)
    return cond


def run(args, exe, env_extra):
    if os.path.isdir(args.dir):
        shutil.rmtree(args.dir)
    os.makedirs(args.dir)
    env = dict(os.environ)
    for k in list(env):
        if k.startswith("GASP_"):
            del env[k]
    env["UPC_THREADS"] = str(args.threads)
    env.update(env_extra)
    argv = [exe] + ([args.mode] if args.mode != "normal" else [])
    p = subprocess.run(argv, cwd=args.dir, env=env, capture_output=True,
                       text=True, timeout=120)
    check(not re.search(r"ThreadSanitizer|AddressSanitizer|LeakSanitizer|"
                        r"runtime error:", p.stderr),
          "sanitizer report:\n" + p.stderr)
    want = 3 if args.mode == "global-exit" else 0
    check(p.returncode == want,
          "exit status %d, expected %d; stderr:\n%s" %
          (p.returncode, want, p.stderr))
    return p


# ---------------------------------------------------------------------------
# dump
# ---------------------------------------------------------------------------

LINE_RE = re.compile(
    r"^(\d+)/(\d+) (\d+\.\d{6}|T)> \[([^\]]*):(-?\d+):(-?\d+)\] (\S+) "
    r"(START|END  |ATOMIC) \{ (.*) \}$")


def normalize(line):
    """Masks what changes from run to run: the time, the address fields of
    pointers-to-shared, local addresses."""
    line = re.sub(r"^(\d+/\d+) \d+\.\d{6}> ", r"\1 T> ", line)
    line = re.sub(r"\((\d+),0x[0-9a-f]+,(\d+)\)", r"(\1,A,\2)", line)
    line = re.sub(r"=0x(?!0\b)[0-9a-f]+", "=P", line)
    return line


def check_dump_lines(lines, thread, threads, what):
    last = -1.0
    ok = True
    for i, line in enumerate(lines):
        m = LINE_RE.match(line)
        if not check(m, "%s line %d is not a dump line: %r" %
                     (what, i + 1, line)):
            ok = False
            continue
        check(int(m.group(1)) == thread and int(m.group(2)) == threads,
              "%s line %d: thread %s/%s, expected %d/%d" %
              (what, i + 1, m.group(1), m.group(2), thread, threads))
        t = float(m.group(3))
        check(t >= last, "%s line %d: time goes back" % (what, i + 1))
        last = t
    return ok


def expected_lines(args, thread):
    mode = "global-exit" if args.mode == "global-exit" else "normal"
    path = os.path.join(args.expected, "dump-%s.t%d.txt" % (mode, thread))
    with open(path) as f:
        return [l.rstrip("\n") for l in f]


def min_prefix(lines):
    """The lines up to the START of barrier 62: what every thread raised
    before the last one could leave that barrier and exit."""
    for i, l in enumerate(lines):
        if "[events.upc:62:3] GASP_UPC_BARRIER START" in l:
            return i + 1
    return len(lines)


def compare(got, want, what):
    got = [normalize(l) for l in got]
    if got == want:
        return
    for i in range(max(len(got), len(want))):
        g = got[i] if i < len(got) else "<missing>"
        w = want[i] if i < len(want) else "<missing>"
        if g != w:
            fail("%s line %d:\n  got:      %s\n  expected: %s" %
                 (what, i + 1, g, w))
            return
    fail("%s differs" % what)


def check_dump(args):
    n = args.threads
    golden = args.expected and n == 2
    if args.case in ("stdout", "shared-file"):
        spec = "stdout" if args.case == "stdout" else "all-threads.txt"
        p = run(args, args.exe, {"GASP_DUMPFILE": spec})
        if args.case == "stdout":
            text = p.stdout
        else:
            with open(os.path.join(args.dir, spec)) as f:
                text = f.read()
        check(text.endswith("\n"), "the output does not end with a newline")
        lines = text.splitlines()
        for t in range(n):
            mine = [l for l in lines if l.startswith("%d/%d " % (t, n))]
            check(len(mine) > 0, "no line of thread %d" % t)
            check_dump_lines(mine, t, n, "thread %d" % t)
            if golden:
                compare(mine, expected_lines(args, t), "thread %d" % t)
        check(all(LINE_RE.match(l) for l in lines),
              "lines of different threads are mixed")
        check(not [f for f in os.listdir(args.dir) if f.startswith("gasp_dump")],
              "per-thread files written as well")
        said = [l for l in p.stderr.splitlines()
                if l.startswith("upc-gasp-dump: wrote")]
        check(said == ([] if args.case == "stdout" else
                       ["upc-gasp-dump: wrote the events to %s" % spec]),
              "the line at exit: %r" % said)
        return "%d lines of %d threads in one stream" % (len(lines), n)
    env = {}
    pattern = "gasp_dump.%"
    if args.case == "pattern":
        pattern = "dump-%-of-run.txt"
        env["GASP_DUMPFILE"] = pattern
    p = run(args, args.exe, env)
    # The line at exit that says where the dump went.
    want = "upc-gasp-dump: wrote the events to " + (
        pattern.replace("%", "0") if n == 1 else "%s ... %s, a file per thread"
        % (pattern.replace("%", "0"), pattern.replace("%", str(n - 1))))
    check(want in p.stderr.splitlines(), "no line %r in:\n%s" %
          (want, p.stderr))
    total = 0
    for t in range(n):
        path = os.path.join(args.dir, pattern.replace("%", str(t)))
        if not check(os.path.exists(path), "%s was not written" % path):
            continue
        with open(path) as f:
            text = f.read()
        check(text.endswith("\n"), "%s does not end with a newline" % path)
        lines = text.splitlines()
        total += len(lines)
        check_dump_lines(lines, t, n, path)
        cut_short = args.mode == "global-exit" and t != n - 1
        if golden:
            want = expected_lines(args, t)
            if cut_short:
                # Whatever the thread raised before the exit: a prefix of
                # its events, at least up to the START of barrier 62.
                want = want[:max(len(lines), min_prefix(want))]
            compare(lines, want, path)
        if args.mode != "global-exit":
            check(lines and "GASP_UPC_COLLECTIVE_EXIT END" in lines[-1],
                  "%s does not end with the collective exit" % path)
        elif t == n - 1:
            check(lines and "GASP_UPC_NONCOLLECTIVE_EXIT ATOMIC { status=3 }"
                  in lines[-1], "%s does not end with the global exit" % path)
        else:
            check(lines and re.search(r"\[events.upc:(62:3\] GASP_UPC_BARRIER "
                                      r"(START|END)|65:3\] GASP_UPC_BARRIER "
                                      r"START)", lines[-1]),
                  "%s does not end in the barriers thread %d waits in" %
                  (path, t))
        # Measurement was off around the barrier of line 51.
        check(not [l for l in lines if "events.upc:51:" in l],
              "%s has events raised while measurement was off" % path)
    return "%d lines in %d files" % (total, n)


# ---------------------------------------------------------------------------
# profile
# ---------------------------------------------------------------------------

HEADER_RE = re.compile(
    r"^== upc-gasp profile: (\d+) threads?, wall time (\d+\.\d{6}) s(.*) ==$")
ROW_RE = re.compile(
    r"^\s*(\d+\.\d{6})\s+(\d+\.\d{6})\s+(\d+\.\d{6})\s+(\d+)\s+(\d+\.\d{3})"
    r"\s+(\d+)\s+(-|\d+\.\d%)\s+(\S+)\s+(\S+:\d+:\d+)\s*(.*)$")


def expected_profile(n, mode):
    """(event, location) -> (count, bytes, remote share or None, detail)."""
    remote = n > 1
    e = {}

    def add(name, loc, count=n, nbytes=0, share=None, detail=None):
        e[(name, "events.upc:" + loc)] = (count, nbytes, share, detail)

    add("GASP_C_FUNC", "10:1", n if mode != "global-exit" else 1,
        detail="int main(int, char **)")
    add("GASP_C_FUNC", "5:1", detail="int square(int)")
    for line in (12, 13, 18, 22, 24, 27, 43, 60):
        add("GASP_UPC_BARRIER", "%d:3" % line)
    for loc in ("15:20", "16:20", "37:20", "38:20"):
        add("GASP_UPC_ALL_ALLOC", loc)
    if remote:
        add("GASP_UPC_PUT", "17:5", nbytes=4 * n, share=1.0, detail="int a")
    add("GASP_UPC_GET", "19:9", nbytes=4 * n, share=0.0, detail="int a")
    add("GASP_UPC_MEMPUT", "21:3", nbytes=64 * n, share=1.0 if remote else 0.0)
    add("GASP_UPC_MEMGET", "23:3", nbytes=32 * n, share=0.0)
    add("GASP_UPC_MEMCPY", "25:3", nbytes=16 * n, share=1.0 if remote else 0.0)
    add("GASP_UPC_MEMSET", "26:3", nbytes=8 * n, share=0.0)
    add("GASP_UPC_ALL_LOCK_ALLOC", "28:21")
    add("GASP_UPC_GLOBAL_LOCK_ALLOC", "29:22")
    add("GASP_UPC_LOCK", "30:3")
    add("GASP_UPC_UNLOCK", "31:3")
    add("GASP_UPC_LOCK_ATTEMPT", "32:7")
    add("GASP_UPC_UNLOCK", "33:3")
    add("GASP_UPC_LOCK_FREE", "34:3")
    add("GASP_UPCI_ALL_LOCK_FREE", "35:3")
    add("GASP_UPC_ALL_BROADCAST", "39:3", nbytes=8 * n)
    add("GASP_UPC_ALL_REDUCE", "40:3", nbytes=4 * n * n)
    add("GASP_UPC_ALL_REDUCE", "41:3", nbytes=4 * n * n)
    add("phase", "45:5")
    add("marker", "48:5")
    add("GASP_UPC_NOTIFY", "55:3")
    add("GASP_UPC_WAIT", "56:3")
    add("GASP_UPC_FENCE", "57:3")
    add("GASP_C_MALLOC", "58:13")
    add("GASP_C_FREE", "59:3")
    add("GASP_UPCI_ALL_FREE", "61:3")
    if mode != "global-exit":
        add("GASP_UPC_COLLECTIVE_EXIT", "67:3")
    else:
        # The other threads may or may not leave barrier 62 before the
        # exit; their regions still open then are not counted.
        add("GASP_UPC_BARRIER", "62:3", (1, n))
        add("GASP_UPC_NONCOLLECTIVE_EXIT", "64:7", 1)
    return e


def count_ok(got, want):
    if isinstance(want, tuple):
        return want[0] <= got <= want[1]
    return got == want


def check_profile_table(text, n, mode):
    lines = text.splitlines()
    heads = [i for i, l in enumerate(lines) if HEADER_RE.match(l)]
    if not check(len(heads) == 1, "expected one profile header, found %d:\n%s"
                 % (len(heads), text)):
        return 0
    h = HEADER_RE.match(lines[heads[0]])
    check(int(h.group(1)) == n, "header: %s threads" % h.group(1))
    check(float(h.group(2)) > 0, "header: wall time 0")
    if mode == "global-exit":
        check("ended by upc_global_exit on thread %d" % (n - 1) in h.group(3),
              "header does not say how the program ended: " + lines[heads[0]])
    check(lines[heads[0] + 1].split()[:7] ==
          ["total(s)", "excl(s)", "max/thr(s)", "count", "mean(us)", "bytes",
           "remote"], "column titles: " + lines[heads[0] + 1])
    want = expected_profile(n, mode)
    seen = {}
    last_total = None
    for l in lines[heads[0] + 2:]:
        if not l.strip() or l.startswith("upc-gasp-profile: wrote "):
            continue
        m = ROW_RE.match(l)
        if not check(m, "not a profile row: %r" % l):
            continue
        total = float(m.group(1))
        if last_total is not None:
            check(total <= last_total, "rows not sorted by time: %r" % l)
        last_total = total
        key = (m.group(8), m.group(9))
        check(key not in seen, "two rows for %s %s" % key)
        seen[key] = m
    for key, (count, nbytes, share, detail) in want.items():
        m = seen.get(key)
        if not check(m, "no row for %s %s" % key):
            continue
        check(count_ok(int(m.group(4)), count),
              "%s %s: count %s, expected %s" % (key + (m.group(4), count)))
        check(int(m.group(6)) == nbytes, "%s %s: bytes %s, expected %d" %
              (key + (m.group(6), nbytes)))
        want_share = "-" if share is None else "%.1f%%" % (100 * share)
        check(m.group(7) == want_share, "%s %s: remote %s, expected %s" %
              (key + (m.group(7), want_share)))
        if detail:
            check(m.group(10).strip() == detail, "%s %s: detail %r, expected "
                  "%r" % (key + (m.group(10).strip(), detail)))
        check(float(m.group(2)) <= float(m.group(1)) + 1e-6,
              "%s %s: exclusive time above inclusive" % key)
    for key in seen:
        check(key in want, "unexpected row %s %s" % key)
    return len(seen)


# upc-prof's package (--python-dir): the report formats' schemas and the
# validator upc-prof reads reports with.
SCHEMA_MODULE = None


def check_schema(path, doc):
    """The report fits its format's schema (report_schema.py, strict)."""
    if SCHEMA_MODULE is None:
        return
    for p in report_schema.problems(SCHEMA_MODULE, doc)[:20]:
        fail("%s does not fit its schema: %s" % (path, p))


def check_profile_json(path, n, mode):
    p = subprocess.run([sys.executable, "-m", "json.tool", path],
                       capture_output=True, text=True)
    if not check(p.returncode == 0, "%s is not valid JSON: %s" %
                 (path, p.stderr)):
        return
    with open(path) as f:
        d = json.load(f)
    check_schema(path, d)
    check(d.get("tool") == "upc-gasp-profile", "JSON: tool")
    check(d.get("threads") == n, "JSON: threads")
    check(d.get("ended_by") == ("exit" if mode != "global-exit"
                                else "upc_global_exit"), "JSON: ended_by")
    want = expected_profile(n, mode)
    got = {}
    totals = [e["total_s"] for e in d["events"]]
    check(totals == sorted(totals, reverse=True), "JSON: not sorted by time")
    for e in d["events"]:
        key = (e["event"], "%s:%d:%d" % (e["file"], e["line"], e["col"]))
        got[key] = e
        check(sum(t["count"] for t in e["per_thread"]) == e["count"],
              "JSON %s %s: per-thread counts do not add up" % key)
        check(sum(t["bytes"] for t in e["per_thread"]) == e["bytes"],
              "JSON %s %s: per-thread bytes do not add up" % key)
        check(e["max_thread_s"] <= e["total_s"] + 1e-9,
              "JSON %s %s: max/thread above total" % key)
    for key, (count, nbytes, share, detail) in want.items():
        e = got.get(key)
        if not check(e, "JSON: no entry for %s %s" % key):
            continue
        check(count_ok(e["count"], count), "JSON %s %s: count" % key)
        check(e["bytes"] == nbytes, "JSON %s %s: bytes" % key)
        check(e["remote_share"] == share, "JSON %s %s: remote_share %r" %
              (key + (e["remote_share"],)))
        check(e["user_event"] == (key[0] in ("phase", "marker")),
              "JSON %s %s: user_event" % key)
    check(set(got) == set(want), "JSON: other entries: %s" %
          sorted(set(got) ^ set(want)))
    check_profile_threads(d, n)


# The rows whose accesses the matrix counts as puts and as gets (a copy
# between shared objects as both).
PUT_ROWS = ("GASP_UPC_PUT", "GASP_UPC_MEMPUT", "GASP_UPC_MEMSET",
            "GASP_UPC_NB_PUT_INIT", "GASP_UPCI_NB_MEMSET_INIT",
            "GASP_UPC_MEMCPY", "GASP_UPCI_NB_MEMCPY_INIT")
GET_ROWS = ("GASP_UPC_GET", "GASP_UPC_MEMGET", "GASP_UPC_NB_GET_INIT",
            "GASP_UPC_MEMCPY", "GASP_UPCI_NB_MEMCPY_INIT")


def check_profile_threads(d, n):
    """The per-thread parts of the JSON agree with its event rows."""
    check(d.get("event_cost_ns", 0) > 0, "JSON: event_cost_ns")
    summary = d.get("thread_summary", [])
    check([t["thread"] for t in summary] == list(range(n)),
          "JSON: thread_summary threads")
    timeline = {t["thread"]: t["bins"] for t in d["timeline"]["threads"]}
    cats = d["timeline"]["categories"]
    for t in summary:
        check(t["events"] > 0 and 0 < t["wall_s"] <= d["wall_time_s"],
              "JSON thread %d: events, wall_s" % t["thread"])
        # Bins are printed to the ns: their sum is the category's time.
        for i, c in enumerate(cats):
            binned = sum(b[i] for b in timeline.get(t["thread"], []))
            check(abs(binned - t["categories_s"][c]) < 1e-9 * (
                len(timeline.get(t["thread"], [])) + 1),
                  "JSON thread %d: %s time %r, binned %r" %
                  (t["thread"], c, t["categories_s"][c], binned))
    for rows, kind in ((PUT_ROWS, "put"), (GET_ROWS, "get")):
        for t in range(n):
            ops = sum(p["count"] for e in d["events"] if e["event"] in rows
                      for p in e["per_thread"] if p["thread"] == t)
            nbytes = sum(p["bytes"] for e in d["events"] if e["event"] in rows
                         for p in e["per_thread"] if p["thread"] == t)
            cells = [c for c in d["comm"] if c["from"] == t]
            check(sum(c[kind + "_ops"] for c in cells) == ops and
                  sum(c[kind + "_bytes"] for c in cells) == nbytes,
                  "JSON comm from thread %d: %ss %r, rows say %d ops, %d "
                  "bytes" % (t, kind, cells, ops, nbytes))


def check_profile(args):
    n = args.threads
    env = {"GASP_PROFILE_JSON": "profile.json"}
    if args.case == "file":
        env["GASP_PROFILE_FILE"] = "profile.txt"
    p = run(args, args.exe, env)
    if args.case == "file":
        check("upc-gasp profile" not in p.stderr,
              "the table went to stderr as well")
        with open(os.path.join(args.dir, "profile.txt")) as f:
            text = f.read()
    else:
        text = p.stderr
    rows = check_profile_table(text, n, args.mode)
    check_profile_json(os.path.join(args.dir, "profile.json"), n, args.mode)
    # The line at exit that says where the outputs went.
    want = ("upc-gasp-profile: wrote the profile to profile.txt and its JSON "
            "to profile.json" if args.case == "file" else
            "upc-gasp-profile: wrote the profile as JSON to profile.json")
    check(want in p.stderr.splitlines(), "no line %r in:\n%s" %
          (want, p.stderr))
    return "%d rows, JSON valid" % rows


# ---------------------------------------------------------------------------
# trace
# ---------------------------------------------------------------------------

def trace_name(dump_line):
    """The slice name the trace gives the event of a dump line."""
    m = LINE_RE.match(dump_line)
    tag, args = m.group(7), m.group(9)
    if tag == "GASP_C_FUNC":
        return re.match(r'funcsig="(.*)"', args).group(1)
    return tag


RMA_SLICES = ("GASP_UPC_GET", "GASP_UPC_PUT", "GASP_UPC_MEMGET",
              "GASP_UPC_MEMPUT", "GASP_UPC_MEMSET", "GASP_UPC_NB_GET_INIT",
              "GASP_UPC_NB_PUT_INIT", "GASP_UPCI_NB_MEMSET_INIT")


def pts_thread(text):
    m = re.match(r"^\((-?\d+),", text or "")
    return int(m.group(1)) if m else None


def check_trace_rma(events, n):
    """Each remote get or put has a flow arrow from its slice to the target
    thread; each thread's bytes-in-flight counter follows its RMA slices."""
    flows = {}
    for e in events:
        if e["ph"] in "sf":
            check(e.get("id") is not None and e["cat"] == "data",
                  "flow event without id: %r" % e)
            flows.setdefault(e["id"], {})[e["ph"]] = e
    for t in range(n):
        want_flows, in_flight, open_bytes, counter = [], 0, [], []
        for e in events:
            if e["tid"] != t or e["name"] not in RMA_SLICES:
                continue
            if e["ph"] == "B":
                a = e["args"]
                target = pts_thread(a.get("src") if "GET" in e["name"]
                                    else a.get("dst"))
                if target is not None and target != t:
                    want_flows.append((e["ts"], target))
                # A null pointer-to-shared has no target: not an RMA.
                counted = target is not None
                open_bytes.append((a["n"] if counted else 0, counted))
                in_flight += open_bytes[-1][0]
            elif e["ph"] == "E" and open_bytes:
                nbytes, counted = open_bytes.pop()
                in_flight -= nbytes
            else:
                continue
            if counted:
                counter.append(in_flight)
        got = sorted((f["s"]["ts"], f["f"]["tid"]) for f in flows.values()
                     if "s" in f and f["s"]["tid"] == t)
        check(got == sorted(want_flows), "thread %d: flow arrows %r, expected "
              "one per remote access %r" % (t, got, sorted(want_flows)))
        counters = [e for e in events if e["ph"] == "C" and e["tid"] == t]
        for e in counters:
            check(e["name"] == "RMA bytes in flight (UPC thread %d)" % t,
                  "counter name %r on thread %d" % (e["name"], t))
        values = [e["args"]["bytes"] for e in counters]
        check(values == counter, "thread %d: bytes in flight %r, expected %r"
              % (t, values, counter))
    for fid, f in flows.items():
        check("s" in f and "f" in f, "flow %s without both ends" % fid)
        if "s" in f and "f" in f:
            check(f["f"]["ts"] >= f["s"]["ts"] and f["f"].get("bp") == "e",
                  "flow %s: %r" % (fid, f))


def check_trace_json(path, n, mode, expected):
    p = subprocess.run([sys.executable, "-m", "json.tool", path],
                       capture_output=True, text=True)
    if not check(p.returncode == 0, "%s is not valid JSON: %s" %
                 (path, p.stderr)):
        return {}
    with open(path) as f:
        d = json.load(f)
    check_schema(path, d)
    events = d["traceEvents"]
    names = {e["tid"]: e["args"]["name"] for e in events
             if e["ph"] == "M" and e["name"] == "thread_name"}
    check(names == {t: "UPC thread %d" % t for t in range(n)},
          "thread names: %r" % names)
    check(d["otherData"]["ended_by"] == ("exit" if mode != "global-exit"
                                         else "upc_global_exit"),
          "otherData.ended_by")
    check_trace_rma(events, n)
    counts = {}
    for t in range(n):
        mine = [e for e in events if e["tid"] == t and e["ph"] in "BEi"]
        stack, last = [], -1.0
        opened = []
        for e in mine:
            check(e["ph"] in ("B", "E", "i"), "phase %r" % e["ph"])
            check(e["ts"] >= last, "thread %d: time goes back at %r" % (t, e))
            last = e["ts"]
            if e["ph"] == "B":
                stack.append(e["name"])
                opened.append((e["name"], e["args"]["loc"]))
                check("loc" in e["args"], "B without loc: %r" % e)
            elif e["ph"] == "E":
                if check(stack, "thread %d: E without B: %r" % (t, e)):
                    top = stack.pop()
                    check(top == e["name"], "thread %d: E %s closes B %s" %
                          (t, e["name"], top))
            else:
                opened.append((e["name"], e["args"]["loc"]))
                check(e.get("s") == "t", "instant without thread scope")
        check(not stack, "thread %d: B without E: %r" % (t, stack))
        nb = sum(1 for e in mine if e["ph"] == "B")
        ne = sum(1 for e in mine if e["ph"] == "E")
        ni = sum(1 for e in mine if e["ph"] == "i")
        rput = sum(1 for e in mine if e["ph"] == "B" and e["name"] in
                   ("GASP_UPC_PUT", "GASP_UPC_MEMPUT", "GASP_UPC_MEMSET"))
        rget = sum(1 for e in mine if e["ph"] == "B" and e["name"] in
                   ("GASP_UPC_GET", "GASP_UPC_MEMGET"))
        counts[t] = (nb, ne, ni, rput, rget)
        if expected and t in expected:
            want = [(trace_name(l), "%s:%s:%s" % LINE_RE.match(l).group(4, 5, 6))
                    for l in expected[t]
                    if LINE_RE.match(l).group(8) in ("START", "ATOMIC")]
            if mode == "global-exit" and t != n - 1:
                want = want[:max(len(opened), min_prefix(
                    [l for l in expected[t]
                     if LINE_RE.match(l).group(8) in ("START", "ATOMIC")]))]
            check(opened == want, "thread %d: the slices and instants are not "
                  "the events of the dump:\n  got      %r\n  expected %r" %
                  (t, opened, want))
        # A slice with decoded varargs.
        puts = [e for e in mine if e["ph"] == "B" and e["name"] == "GASP_UPC_PUT"]
        for e in puts:
            check(e["args"].get("n") == 4 and e["args"].get("name") == "a" and
                  e["args"].get("type") == "int" and
                  re.match(r"^\(%d,0x[0-9a-f]+,0\)$" % ((t + 1) % n),
                           e["args"].get("dst", "")),
                  "PUT args: %r" % e["args"])
    return counts


def check_otf2(args, anchor, counts):
    if not args.otf2_print or args.otf2_print.endswith("NOTFOUND"):
        print("otf2-print not found: OTF2 archive not checked")
        return
    p = subprocess.run([args.otf2_print, "--silent", "-Werror", anchor],
                       capture_output=True, text=True)
    check(p.returncode == 0, "otf2-print rejects %s: %s" % (anchor, p.stderr))
    p = subprocess.run([args.otf2_print, anchor], capture_output=True,
                       text=True)
    if not check(p.returncode == 0, "otf2-print failed: %s" % p.stderr):
        return
    per = {}
    for l in p.stdout.splitlines():
        f = l.split()
        if len(f) >= 3 and f[0] in ("ENTER", "LEAVE", "RMA_PUT", "RMA_GET",
                                    "RMA_OP_COMPLETE_BLOCKING", "METRIC"):
            per.setdefault(int(f[1]), {}).setdefault(f[0], 0)
            per[int(f[1])][f[0]] += 1
    for t, (nb, ne, ni, rput, rget) in counts.items():
        c = per.get(t, {})
        check(c.get("ENTER", 0) == nb + ni and c.get("LEAVE", 0) == ne + ni,
              "location %d: %d ENTER / %d LEAVE, expected %d / %d" %
              (t, c.get("ENTER", 0), c.get("LEAVE", 0), nb + ni, ne + ni))
        check(c.get("RMA_PUT", 0) == rput and c.get("RMA_GET", 0) == rget,
              "location %d: %d RMA_PUT / %d RMA_GET, expected %d / %d" %
              (t, c.get("RMA_PUT", 0), c.get("RMA_GET", 0), rput, rget))
        check(c.get("RMA_OP_COMPLETE_BLOCKING", 0) == rput + rget,
              "location %d: RMA completions" % t)
        # The bytes in flight, at each transfer's start and completion.
        check(c.get("METRIC", 0) == 2 * (rput + rget),
              "location %d: %d METRIC records, expected %d" %
              (t, c.get("METRIC", 0), 2 * (rput + rget)))
    g = subprocess.run([args.otf2_print, "-G", anchor], capture_output=True,
                       text=True).stdout
    for t in range(args.threads):
        check('"UPC thread %d"' % t in g, "no location UPC thread %d" % t)
    check("RMA_WIN" in g and '"UPC shared space"' in g, "no RMA window")
    check('METRIC_CLASS' in g and '"RMA bytes in flight"' in g,
          "no metric of the bytes in flight")
    return sum(c.get("ENTER", 0) for c in per.values())


def check_trace(args):
    n = args.threads
    env = {}
    want_json, want_otf2 = True, bool(args.with_otf2)
    if args.case == "json":
        env["GASP_TRACE_FORMAT"] = "json"
        want_otf2 = False
    elif args.case == "otf2":
        env["GASP_TRACE_FORMAT"] = "otf2"
        want_json = False
    elif args.case == "names":
        env["GASP_TRACE_FILE"] = "timeline.json"
        env["GASP_TRACE_OTF2"] = "run1.otf2"
    run(args, args.exe, env)
    jpath = os.path.join(args.dir, env.get("GASP_TRACE_FILE",
                                           "gasp_trace.json"))
    anchor = os.path.join(args.dir, "run1.otf2" if args.case == "names"
                          else "gasp_trace.otf2")
    check(os.path.exists(jpath) == want_json,
          "%s %s" % (jpath, "missing" if want_json else "written"))
    check(os.path.exists(anchor) == want_otf2,
          "%s %s" % (anchor, "missing" if want_otf2 else "written"))
    expected = None
    if args.expected and n == 2:
        expected = {t: expected_lines(args, t) for t in range(n)}
    counts = {}
    if want_json and os.path.exists(jpath):
        counts = check_trace_json(jpath, n, args.mode, expected)
    if want_otf2 and os.path.exists(anchor):
        if not counts:
            # OTF2 only: the expected counts come from the dump's events.
            counts = {}
            if expected:
                for t, lines in expected.items():
                    kinds = [LINE_RE.match(l).group(8) for l in lines]
                    nb = kinds.count("START")
                    ni = kinds.count("ATOMIC")
                    counts[t] = (nb, nb, ni,
                                 sum(1 for l in lines if re.search(
                                     r"(UPC_PUT|UPC_MEMPUT|UPC_MEMSET) START",
                                     l)),
                                 sum(1 for l in lines if re.search(
                                     r"(UPC_GET|UPC_MEMGET) START", l)))
                if args.mode == "global-exit":
                    counts = {}  # open regions closed: not in the dump
        enters = check_otf2(args, anchor, counts)
        return "JSON %s, OTF2 %s ENTER" % (
            "checked" if want_json else "off", enters)
    return "JSON checked, %s" % ("OTF2 off" if not want_otf2 else "")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("tool", choices=("dump", "profile", "trace"))
    ap.add_argument("--exe", required=True)
    ap.add_argument("--dir", required=True)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--mode", default="normal",
                    choices=("normal", "global-exit", "control"))
    ap.add_argument("--case", default="")
    ap.add_argument("--expected")
    ap.add_argument("--otf2-print")
    ap.add_argument("--with-otf2", type=int, default=1)
    ap.add_argument("--python-dir", help="upc-prof's package directory: "
                    "the JSON reports are checked against its schemas")
    args = ap.parse_args()
    if args.python_dir:
        global SCHEMA_MODULE
        SCHEMA_MODULE = report_schema.load_schema_module(args.python_dir)
    what = {"dump": check_dump, "profile": check_profile,
            "trace": check_trace}[args.tool](args)
    if FAILURES:
        print("%d check(s) failed" % len(FAILURES))
        return 1
    print("PASS %s %s (%d threads): %s" % (args.tool, args.mode,
                                             args.threads, what))
    return 0


if __name__ == "__main__":
    sys.exit(main())
