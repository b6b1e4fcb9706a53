#!/usr/bin/env python3
"""GASP overhead benchmark (see bench/README.md).

Targets (project issue 4):

  (i)  a compute-bound UPC kernel built with --profile and the profile tool,
       run with measurement off (pupc_control(0)), costs at most 1.03x the
       same kernel built without instrumentation;
  (ii) the per-event cost of the profile tool is reported in ns (no target):
       a loop of upc_fence statements, instrumented with measurement on and
       off, against the uninstrumented loop.

kernel.upc holds both programs. The uninstrumented and instrumented builds
are run alternately, REPS times each, in one session; the verdict uses the
ratio of the medians of the elapsed times the programs measure themselves
(start-up and the tool's report are excluded).

The exit status is 0 even if the target is missed, unless --check is given
(then 1). It is 2 if the benchmark cannot run.
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile

SCRIPT_DIR = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(SCRIPT_DIR))
sys.dont_write_bytecode = True  # keep the source tree clean
from benchlib import default_upc_instrument, fail, resolve_tool  # noqa: E402

TARGET_OFF = 1.03


def build(upc_instrument, cc, flags, out, extra):
    cmd = [upc_instrument] + extra + [cc, "-O2", "-Wall", "-Werror",
                                      os.path.join(SCRIPT_DIR, "kernel.upc"),
                                      "-o", out, "-lm"]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0 or r.stderr.strip():
        fail("build failed or warned: %s\n%s" % (" ".join(cmd), r.stderr))


def run(binary, args, threads, work):
    env = dict(os.environ, UPC_THREADS=str(threads),
               GASP_PROFILE_FILE=os.path.join(work, "profile.txt"))
    r = subprocess.run([binary] + args, capture_output=True, text=True,
                       env=env)
    if r.returncode != 0:
        fail("%s %s failed (%d): %s" % (binary, " ".join(args), r.returncode,
                                        r.stderr))
    for line in r.stdout.splitlines():
        if line.startswith("ns "):
            words = line.split()
            return float(words[1]), int(words[3])
    fail("%s printed no timing" % binary)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--upc-instrument", default=default_upc_instrument())
    p.add_argument("--cc", default="gcc-12")
    p.add_argument("--reps", type=int, default=11)
    p.add_argument("--threads", type=int, default=1)
    p.add_argument("--check", action="store_true")
    a = p.parse_args()
    upc = resolve_tool(a.upc_instrument, "upc-instrument")
    cc = resolve_tool(a.cc, "C compiler")

    with tempfile.TemporaryDirectory(prefix="upc-bench-gasp-") as work:
        plain = os.path.join(work, "plain")
        profiled = os.path.join(work, "profiled")
        build(upc, cc, [], plain, [])
        build(upc, cc, [], profiled, ["--profile", "--tool=profile"])

        times = {}
        events = {}
        for rep in range(a.reps):
            for kernel in ("nbody", "events"):
                for name, binary, args in (
                        ("plain", plain, [kernel]),
                        ("off", profiled, [kernel, "off"]),
                        ("on", profiled, [kernel, "on"])):
                    ns, n = run(binary, args, a.threads, work)
                    times.setdefault((kernel, name), []).append(ns)
                    events[kernel] = max(events.get(kernel, 0), n)

        med = {k: statistics.median(v) for k, v in times.items()}
        print("GASP overhead, %s -O2, %d UPC thread(s), median of %d runs"
              % (os.path.basename(cc), a.threads, a.reps))
        print()
        print("(i) compute-bound kernel (nbody: %s)" % "function events, "
              "upc_forall, barriers, remote gets")
        base = med[("nbody", "plain")]
        print("  %-44s %10.2f ms" % ("uninstrumented (baseline)", base / 1e6))
        ratio_off = med[("nbody", "off")] / base
        ratio_on = med[("nbody", "on")] / base
        verdict = "PASS" if ratio_off <= TARGET_OFF else "MISS"
        print("  %-44s %10.2f ms  %.3fx  target <= %.2fx  %s"
              % ("--profile, profile tool, measurement off",
                 med[("nbody", "off")] / 1e6, ratio_off, TARGET_OFF, verdict))
        print("  %-44s %10.2f ms  %.3fx  (info)"
              % ("--profile, profile tool, measurement on",
                 med[("nbody", "on")] / 1e6, ratio_on))
        print()
        n = events["events"]
        base = med[("events", "plain")]
        print("(ii) per-event cost (%d events: upc_fence START/END)" % n)
        print("  %-44s %10.2f ns per upc_fence" % (
            "uninstrumented (baseline)", base / (n / 2)))
        for name, label in (("off", "profile tool, measurement off"),
                            ("on", "profile tool, measurement on")):
            cost = (med[("events", name)] - base) / n
            print("  %-44s %10.1f ns per event" % (label, cost))
        if a.check and verdict != "PASS":
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
