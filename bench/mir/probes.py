#!/usr/bin/env python3
"""MIR probe overhead benchmark (see bench/README.md).

Targets (project issue 11):

  (i)  a deactivated probe in a hot loop costs at most 2 ns per execution:
       hot.upc calls touch(k) 10^8 times; the build whose probe encloses
       that call statement (inactive) against a build whose only probe is
       elsewhere (so both files are translated for the MIR engine alike);
  (ii) a program built with probes, none active, runs within 1.03x of the
       unprobed build: the n-body kernel of bench/gasp/kernel.upc with
       probes on its step loop, its upc_forall and the function called per
       body, against the same kernel built without --mir-request.

Also printed, without a target: the cost per execution of an active probe
(WC_TIME and COUNT) in the hot loop, and the hot loop built without
--mir-request (the difference is the GASP function scope of touch, which
the gated files test once per call); and (issue 27) the localized
upc_forall loops of forall.upc built for the MIR engine, with a probe
elsewhere, against the plain build (each loop tests the gate once), and
built with --no-forall-localization (what leaving MIR builds unlocalized
would cost).

Builds and runs alternate, REPS times each, in one session, on UPC_THREADS
threads (default 2); the verdicts use the ratio of the medians of the times
the programs measure themselves. Exit status 0 even if a target is missed,
unless --check is given (then 1); 2 if the benchmark cannot run.
"""

import argparse
import os
import shutil
import statistics
import subprocess
import sys

SCRIPT_DIR = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(SCRIPT_DIR))
sys.dont_write_bytecode = True  # keep the source tree clean
from benchlib import (build, default_upc_instrument, fail,  # noqa: E402
                      resolve_tool)

TARGET_NS = 2.0
TARGET_RATIO = 1.03

REQUEST = """<?xml version="1.0"?>
<instrreq{activated}>
  <codeRegion from="{region}"/>
  <metric name="WC_TIME"/>
  <metric name="COUNT"/>
  <thread id="*"/>
</instrreq>
"""


def write_request(work, name, region, active=False):
    path = os.path.join(work, name + ".xml")
    with open(path, "w") as f:
        f.write(REQUEST.format(region=region,
                               activated=' activated="true"' if active
                               else ""))
    return path


def compile_in(work, upc, cc, source, out, requests, options=()):
    """Builds source (copied into work) with the requests and the
    upc-instrument options."""
    cmd = [upc] + list(options)
    for r in requests:
        cmd.append("--mir-request=" + r)
    cmd += [cc, "-O2", "-Wall", "-Werror", os.path.basename(source), "-o",
            out, "-lm"]
    cwd = os.getcwd()
    os.chdir(work)
    try:
        build(cmd)
    finally:
        os.chdir(cwd)


def run(binary, args, threads, work):
    env = dict(os.environ, UPC_THREADS=str(threads))
    r = subprocess.run([binary] + args, capture_output=True, text=True,
                       env=env, cwd=work)
    if r.returncode != 0:
        fail("%s failed (%d): %s" % (binary, r.returncode, r.stderr))
    for line in r.stdout.splitlines():
        if line.startswith("ns "):
            return float(line.split()[1])
    fail("%s printed no timing" % binary)


def medians(programs, args, threads, work, reps):
    times = {name: [] for name in programs}
    for _ in range(reps):
        for name, binary in programs.items():
            times[name].append(run(binary, args, threads, work))
    return {name: statistics.median(t) for name, t in times.items()}


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--upc-instrument", default=default_upc_instrument())
    p.add_argument("--cc", default="gcc-12")
    p.add_argument("--work-dir", default=None)
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--reps", type=int, default=7)
    p.add_argument("--count", type=int, default=100000000)
    p.add_argument("--check", action="store_true")
    a = p.parse_args()
    upc = resolve_tool(a.upc_instrument, "upc-instrument")
    cc = resolve_tool(a.cc, "C compiler")
    work = os.path.abspath(a.work_dir or "bench-mir-probes")
    os.makedirs(work, exist_ok=True)
    hot = os.path.join(SCRIPT_DIR, "hot.upc")
    kernel = os.path.join(SCRIPT_DIR, "..", "gasp", "kernel.upc")
    for source in (hot, kernel):
        shutil.copy(source, work)

    # (i) the hot loop.
    inactive = write_request(work, "hot_call", "hot_upc.loop.call1")
    active = write_request(work, "hot_active", "hot_upc.loop.call1", True)
    elsewhere = write_request(work, "hot_elsewhere", "hot_upc.main.call6")
    exe = {name: os.path.join(work, "hot-" + name)
           for name in ("plain", "elsewhere", "inactive", "active")}
    compile_in(work, upc, cc, hot, exe["plain"], [])
    compile_in(work, upc, cc, hot, exe["elsewhere"], [elsewhere])
    compile_in(work, upc, cc, hot, exe["inactive"], [inactive])
    compile_in(work, upc, cc, hot, exe["active"], [active])
    m = medians(exe, [str(a.count)], a.threads, work, a.reps)
    per = {name: t / a.count for name, t in m.items()}
    probe_ns = per["inactive"] - per["elsewhere"]
    print("hot loop, %d calls per thread, %d threads, median of %d:" %
          (a.count, a.threads, a.reps))
    for name in ("plain", "elsewhere", "inactive", "active"):
        print("  %-10s %7.2f ns per call" % (name, per[name]))
    print("  inactive probe: %.2f ns per execution (target <= %.1f): %s" %
          (probe_ns, TARGET_NS, "PASS" if probe_ns <= TARGET_NS else "FAIL"))
    print("  active probe (WC_TIME, COUNT): %.1f ns per execution" %
          (per["active"] - per["elsewhere"]))

    # (ii) the n-body kernel with inactive probes.
    requests = [write_request(work, "nbody_" + n, "kernel_upc." + r)
                for n, r in (("step", "nbody.loop1"),
                             ("forall", "nbody.upcForall1"),
                             ("body", "body_energy"))]
    kexe = {"unprobed": os.path.join(work, "kernel-unprobed"),
            "probed": os.path.join(work, "kernel-probed")}
    compile_in(work, upc, cc, kernel, kexe["unprobed"], [])
    compile_in(work, upc, cc, kernel, kexe["probed"], requests)
    k = medians(kexe, ["nbody"], a.threads, work, a.reps)
    ratio = k["probed"] / k["unprobed"]
    print("n-body kernel, %d threads, median of %d:" % (a.threads, a.reps))
    print("  unprobed %.1f ms, probed (3 inactive probes) %.1f ms: %.3fx "
          "(target <= %.2fx): %s" %
          (k["unprobed"] / 1e6, k["probed"] / 1e6, ratio, TARGET_RATIO,
           "PASS" if ratio <= TARGET_RATIO else "FAIL"))

    # The localized upc_forall loops, no probe measuring.
    forall = os.path.join(SCRIPT_DIR, "forall.upc")
    shutil.copy(forall, work)
    other = write_request(work, "forall_elsewhere", "forall_upc.elsewhere")
    fexe = {name: os.path.join(work, "forall-" + name)
            for name in ("plain", "mir", "unlocalized")}
    compile_in(work, upc, cc, forall, fexe["plain"], [])
    compile_in(work, upc, cc, forall, fexe["mir"], [other])
    compile_in(work, upc, cc, forall, fexe["unlocalized"], [other],
               ["--no-forall-localization"])
    f = medians(fexe, [], a.threads, work, a.reps)
    elements = 2 * 200 * (1 << 18)
    print("localized upc_forall, %d threads, median of %d:" %
          (a.threads, a.reps))
    for name in ("plain", "mir", "unlocalized"):
        print("  %-12s %6.3f ns per element" % (name, f[name] / elements))
    print("  translated for MIR / plain: %.3fx" % (f["mir"] / f["plain"]))
    ok = probe_ns <= TARGET_NS and ratio <= TARGET_RATIO
    return 1 if a.check and not ok else 0


if __name__ == "__main__":
    sys.exit(main())
