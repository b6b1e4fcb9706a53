#!/usr/bin/env python3
"""upc-mir search on real programs (docs/mir.md, "Bottleneck search";
figures in bench/README.md).

The issue's bar (project issue 27), per program: upc-mir search names as
its first finding the region that a full --profile run of the same program
ranks first (upc-prof's table by exclusive time, as upc_mir.compare reads
it: upc-prof --sort excl, without the exit barrier), and the search costs
the run at most 5%.

Each program is built three times with the launcher: plain (no
instrumentation), --mir-dormant (every region a dormant probe) and
--profile --tool=profile; the profile build runs once for its ranking;
then REPS rounds, each running the plain build, the dormant build alone
and `upc-mir search` on the dormant build, in turn (wall times and CPU
times, user and system, of the whole commands: every process they run, the
search's own Python included). The table gives, per program: the search's
first finding, the profile's first row, whether they agree (in how many of
the search's runs), the overhead of the search against the dormant build
without it and against the plain build (ratios of the medians, wall and
CPU: on a machine others load, wall times vary by tens of percent and the
CPU time still tells the cost), and the search's refinement rounds.

Programs:
  - the examples (examples/), made to run for seconds by scaling their
    size constants in a copy (collectives has no size to scale: it runs
    each collective once on a few ints);
  - the NAS kernels of GWU's NPB 2.4 for UPC, the ones Berkeley UPC's test
    suite holds (docs/testing.md, "Conformance"): --npb DIR, a directory
    with a subdirectory per kernel (ep, cg, is, ...; its .c files and
    npbparams.h) and common/ (npb-C.h, upc_timers.h and the common .c
    files), built with static THREADS as the suite's Makefiles build them;
  - a work-stealing search with locks: --uts DIR, a directory with the
    UNC psearch program (UTS's ancestor: psearch.upc and its SHA-1
    sha1.c/sha1.h), run with the tree size of --uts-args.
Those two are not part of this repository (their own licenses); a row is
left out when its directory is not given.

Exit status 0 (1 with --check when a program misses the bar); 2 when the
benchmark cannot run.
"""

import argparse
import glob
import json
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import time

SCRIPT_DIR = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(SCRIPT_DIR))
sys.dont_write_bytecode = True  # keep the source tree clean
from benchlib import REPO_DIR, default_upc_instrument, fail, resolve_tool  # noqa: E402,E501

TARGET_OVERHEAD = 0.05

# (file, pattern, replacement): the examples made to run for seconds.
EXAMPLES = {
    "heat": (["heat/heat.upc"], ["-lm"],
             [("heat.upc", r"#define ITERS +100 ", "#define ITERS 400000 ")]),
    "nbody": (["nbody/nbody.upc", "nbody/nbody.uph"], ["-lm"],
              [("nbody.uph", r"#define STEPS +50 ", "#define STEPS 250000 ")]),
    "matmul": (["matmul/matmul.upc"], ["-lm"],
               [("matmul.upc", r"#define N +96 ", "#define N 2600 ")]),
    "histogram": (["histogram/histogram.upc"], [],
                  [("histogram.upc", r"#define SAMPLES +100000 ",
                    "#define SAMPLES 200000000 ")]),
    "sort": (["sort/sort.upc"], [],
             [("sort.upc", r"#define NLOC +5000 ", "#define NLOC 10000000 ")]),
}
VARIANTS = {"plain": [], "dormant": ["--mir-dormant"],
            "profile": ["--profile", "--tool=profile"]}


def run(cmd, **kw):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True, **kw)


class Program:
    def __init__(self, name, work, sources, flags, args, threads,
                 options=()):
        self.name, self.work, self.sources = name, work, sources
        self.flags, self.args, self.threads = flags, args, threads
        self.options = list(options)  # upc-instrument's, before cc

    def build(self, upc, cc):
        for variant, opts in VARIANTS.items():
            out = os.path.join(self.work, "%s-%s" % (self.name, variant))
            cmd = [upc] + opts + self.options + [cc, "-O2"] + \
                self.sources + ["-o", out] + self.flags
            r = run(cmd, cwd=self.work)
            if r.returncode != 0:
                fail("cannot build %s (%s):\n%s" % (self.name, variant,
                                                     r.stderr[-3000:]))

    def command(self, upcrun, variant):
        return [upcrun, "-n", str(self.threads),
                os.path.join(self.work, "%s-%s" % (self.name, variant))] + \
            self.args


def example(name, work_root):
    files, libs, scale = EXAMPLES[name]
    work = os.path.join(work_root, name)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    for f in files:
        shutil.copy(os.path.join(REPO_DIR, "examples", f), work)
    for fname, pattern, repl in scale:
        path = os.path.join(work, fname)
        text = open(path).read()
        new, n = re.subn(pattern, repl, text)
        if n != 1:
            fail("examples/%s: no line '%s' to scale" % (name, pattern))
        with open(path, "w") as f:
            f.write(new)
    sources = [os.path.basename(f) for f in files if f.endswith(".upc")]
    return Program(name, work, sources, libs, [], 4)


def npb(kernel, npb_dir, work_root):
    work = os.path.join(work_root, "npb-" + kernel)
    shutil.rmtree(work, ignore_errors=True)
    shutil.copytree(os.path.join(npb_dir, kernel), work)
    common = os.path.join(npb_dir, "common")
    sources = sorted(glob.glob(os.path.join(work, "*.c"))) + sorted(
        glob.glob(os.path.join(common, "*.c")))
    flags = ["-I" + work, "-I" + common, "-lm"]
    # The suite's Makefiles: upcc -T 4 (static THREADS; .c files are UPC).
    return Program("npb-" + kernel, work, sources, flags, [], 4,
                   ["--upc-sources=*.c", "--static-threads=4"])


def uts(uts_dir, work_root, args):
    work = os.path.join(work_root, "psearch")
    shutil.rmtree(work, ignore_errors=True)
    shutil.copytree(uts_dir, work)
    sources = sorted(glob.glob(os.path.join(work, "*.upc"))) + sorted(
        glob.glob(os.path.join(work, "*.c")))
    return Program("psearch", work, sources, ["-lm"], args.split(), 4,
                   ["--upc-sources=*.c"])


def timed(cmd, env=None):
    """Wall time and CPU time (user + system, of every process the command
    ran, the search's own included) of a command: on a machine others load,
    the CPU time still tells what the run cost."""
    u0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.monotonic()
    r = run(cmd, env=env)
    wall = time.monotonic() - t0
    u1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (u1.ru_utime - u0.ru_utime) + (u1.ru_stime - u0.ru_stime)
    return (wall, cpu), r


def profile_top(prog, upcrun, python_dir):
    sys.path.insert(0, python_dir)
    from upc_mir.compare import profile_ranking
    report = os.path.join(prog.work, "profile.json")
    env = dict(os.environ, GASP_PROFILE_JSON=report,
               GASP_PROFILE_FILE="/dev/null")
    # The exit status is the program's verdict on its result, which a
    # scaled example may not meet (nbody's energy after many steps): only
    # a run without its report is a failure.
    _, r = timed(prog.command(upcrun, "profile"), env)
    if not os.path.exists(report):
        fail("%s (profile) failed:\n%s" % (prog.name, r.stderr[-2000:]))
    rows = profile_ranking([report])
    return rows[0] if rows else None


def measure(prog, upcrun, upc_mir, reps):
    times = {"plain": [], "dormant": [], "search": []}
    cpu = {"plain": [], "dormant": [], "search": []}
    results = []
    for _ in range(reps):
        for variant in ("plain", "dormant"):
            (t, c), r = timed(prog.command(upcrun, variant))
            if r.returncode < 0 or r.returncode > 1:
                fail("%s (%s) failed:\n%s" % (prog.name, variant,
                                               r.stderr[-2000:]))
            times[variant].append(t)
            cpu[variant].append(c)
        out = os.path.join(prog.work, "search.json")
        (t, c), r = timed([upc_mir, "search", "-q", "--json", "-o", out,
                           "--"] + prog.command(upcrun, "dormant"))
        if not os.path.exists(out):
            fail("%s: upc-mir search failed:\n%s" % (prog.name, r.stderr))
        with open(out) as f:
            results.append(json.load(f))
        os.unlink(out)
        times["search"].append(t)
        cpu["search"].append(c)
    return times, cpu, results


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--upc-instrument", default=default_upc_instrument())
    p.add_argument("--cc", default="clang-19")
    p.add_argument("--reps", type=int, default=3)
    p.add_argument("--work-dir", default=os.path.join(
        os.environ.get("TMPDIR", "/tmp"), "upc-instrument-bench-search"))
    p.add_argument("--only", help="comma-separated program names")
    p.add_argument("--npb", metavar="DIR", help="GWU NPB 2.4 kernels")
    p.add_argument("--npb-kernels", default="ep,cg")
    p.add_argument("--uts", metavar="DIR", help="the psearch program")
    p.add_argument("--uts-args", default="-n 60000 -q 0.2495 -v 0")
    p.add_argument("--json", metavar="FILE", help="also write the rows")
    p.add_argument("--check", action="store_true")
    a = p.parse_args()
    upc = resolve_tool(a.upc_instrument, "upc-instrument")
    bindir = os.path.dirname(upc)
    upcrun = resolve_tool(os.path.join(bindir, "upcrun"), "upcrun")
    upc_mir = resolve_tool(os.path.join(bindir, "upc-mir"), "upc-mir")
    cc = resolve_tool(a.cc, "C compiler")
    python_dir = os.path.join(os.path.dirname(bindir), "lib",
                              "upc-instrument", "python")
    os.makedirs(a.work_dir, exist_ok=True)

    keep = a.only.split(",") if a.only else None

    def wanted(name):
        return keep is None or name in keep
    programs = [example(n, a.work_dir) for n in EXAMPLES if wanted(n)]
    if a.npb:
        programs += [npb(k, os.path.abspath(a.npb), a.work_dir)
                     for k in a.npb_kernels.split(",") if wanted("npb-" + k)]
    if a.uts and wanted("psearch"):
        programs.append(uts(os.path.abspath(a.uts), a.work_dir, a.uts_args))

    rows, missed = [], 0
    for prog in programs:
        prog.build(upc, cc)
        top = profile_top(prog, upcrun, python_dir)
        times, cpu, results = measure(prog, upcrun, upc_mir, a.reps)
        firsts = [r["findings"][0] if r["findings"] else None
                  for r in results]
        agree = sum(1 for f in firsts
                    if f and top and f["location"] == top["location"])
        med = {k: statistics.median(v) for k, v in times.items()}
        cmed = {k: statistics.median(v) for k, v in cpu.items()}
        row = {
            "program": prog.name,
            "finding": firsts[-1]["location"] + " " + firsts[-1]["kind"]
            if firsts[-1] else "(none)",
            "profile": "%s %s" % (top["location"], top["event"])
            if top else "(none)",
            "agree": "%d/%d" % (agree, len(firsts)),
            "vs_dormant": med["search"] / med["dormant"] - 1,
            "vs_plain": med["search"] / med["plain"] - 1,
            "cpu_vs_dormant": cmed["search"] / cmed["dormant"] - 1,
            "cpu_vs_plain": cmed["search"] / cmed["plain"] - 1,
            "cpu_seconds": cmed,
            "rounds": "/".join(str(r["rounds"]) for r in results),
            "seconds": med,
        }
        rows.append(row)
        if agree < len(firsts) or min(row["vs_dormant"],
                                      row["cpu_vs_dormant"]) > TARGET_OVERHEAD:
            missed += 1
        print("%-10s %-40s %-42s %5s %+7.1f%% %+7.1f%% cpu %+7.1f%% %+7.1f%% "
              "%s" % (row["program"], row["finding"], row["profile"],
                      row["agree"], 100 * row["vs_dormant"],
                      100 * row["vs_plain"], 100 * row["cpu_vs_dormant"],
                      100 * row["cpu_vs_plain"], row["rounds"]), flush=True)
    print()
    print("| program | search's first finding | profile's top region "
          "(excl) | agree | search vs dormant: wall, CPU | search vs plain: "
          "wall, CPU | rounds | wall s: plain / dormant / search |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for r in rows:
        s = r["seconds"]
        print("| %s | %s | %s | %s | %+.1f%%, %+.1f%% | %+.1f%%, %+.1f%% | %s "
              "| %.2f / %.2f / %.2f |" % (
                  r["program"], r["finding"], r["profile"], r["agree"],
                  100 * r["vs_dormant"], 100 * r["cpu_vs_dormant"],
                  100 * r["vs_plain"], 100 * r["cpu_vs_plain"], r["rounds"],
                  s["plain"], s["dormant"], s["search"]))
    if a.json:
        with open(a.json, "w") as f:
            json.dump(rows, f, indent=2)
    return 1 if a.check and missed else 0


if __name__ == "__main__":
    sys.exit(main())
