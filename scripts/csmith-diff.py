#!/usr/bin/env python3
"""Differential testing: every C program is a UPC program.

For each csmith seed, the program csmith generates is compiled directly with
the C compiler and run; its output (csmith prints one `checksum = X` line)
is the reference. The same file is then translated as UPC through
upc-instrument's launcher in each requested mode, run, and each UPC thread's
output compared with the reference (every thread runs main):

  plain      upc-instrument CC, 1 UPC thread
  profile    upc-instrument --profile --tool=profile CC, 1 UPC thread
  mpi        upc-instrument --backend=mpi CC, 2 UPC threads (2 processes)
  mpi-profile  the same with --profile --tool=profile

Seeds whose reference build fails, or whose reference run fails or exceeds
--time-limit, are not programs to compare (csmith can generate programs
that run for very long) and are counted apart. A UPC run is only stopped
after --hang-limit: it is a verdict on a hang, never on speed, so a busy
machine cannot turn a slow run into a disagreement.

  scripts/csmith-diff.py --seeds 1-30 [--csmith-options '--max-funcs 4']
      [--modes plain,profile,mpi] [--cc gcc-12] [--opt -O1] [--jobs 2]
      [--keep-failures DIR] [--report FILE.json]

Exit status: 0 when every compared program agrees in every mode, 1 when
one does not, 2 on a usage or set-up error.
"""

import argparse
import concurrent.futures
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

import campaign

MODES = {
    "plain": ([], 1),
    "profile": (["--profile", "--tool=profile"], 1),
    "mpi": (["--backend=mpi"], 2),
    "mpi-profile": (["--backend=mpi", "--profile", "--tool=profile"], 2),
}


def parse_seeds(text):
    seeds = []
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        m = re.fullmatch(r"(\d+)-(\d+)", part)
        if m:
            seeds += range(int(m.group(1)), int(m.group(2)) + 1)
        elif part.isdigit():
            seeds.append(int(part))
        else:
            raise ValueError("not a seed or range of seeds: %r" % part)
    return seeds


def run(cmd, timeout, cwd, env=None):
    """(status, output); status None on a timeout."""
    try:
        r = subprocess.run(cmd, cwd=cwd, capture_output=True, timeout=timeout,
                           env=env)
        return r.returncode, (r.stdout + r.stderr).decode(errors="replace")
    except subprocess.TimeoutExpired:
        return None, ""


def checksums(output):
    return re.findall(r"^checksum = [0-9A-Fa-f]+$", output, re.M)


def one_seed(seed, args):
    result = {"seed": seed, "modes": {}}
    work = tempfile.mkdtemp(prefix="csmith-%d-" % seed)
    keep = False
    try:
        src = os.path.join(work, "s%d.c" % seed)
        status, log = run([args.csmith, "--seed", str(seed)] +
                          shlex.split(args.csmith_options) + ["-o", src],
                          60, work)
        if status != 0:
            result.update(verdict="no-program", why="csmith: " + log[-300:])
            return result
        include = ["-I" + args.csmith_include]
        ref = os.path.join(work, "ref")
        status, log = run([args.cc, args.opt, "-w"] + include +
                          [src, "-o", ref], args.compile_time_limit, work)
        if status != 0:
            result.update(verdict="no-reference",
                          why="reference build failed: " + log[-300:])
            return result
        status, out = run([ref], args.time_limit, work)
        sums = checksums(out)
        if status != 0 or len(sums) != 1:
            result.update(verdict="no-reference",
                          why="reference run: %s" % (
                              "timed out" if status is None else
                              "status %s" % status))
            return result
        result["checksum"] = sums[0]
        verdict = "agree"
        for mode in args.modes:
            flags, threads = MODES[mode]
            exe = os.path.join(work, "upc-" + mode)
            # Every C file is UPC here: -x upc translates it.
            cmd = [args.upc_instrument] + flags + [
                args.cc, args.opt, "-w"] + include + [
                "-x", "upc", src, "-x", "none", "-o", exe]
            status, log = run(cmd, args.compile_time_limit, work)
            if status != 0:
                result["modes"][mode] = {
                    "verdict": "compile-error",
                    "why": (log.strip().splitlines() or ["?"])[0][:300]}
                verdict = "disagree"
                continue
            env = campaign.program_env(work, GASP_PROFILE_FILE=os.devnull)
            status, out = run([args.upcrun, "-n", str(threads), exe],
                              args.hang_limit, work, env)
            got = checksums(out)
            if status is None:
                what = "timed out"
            elif status != 0:
                what = "exit status %d" % status
            elif got != [sums[0]] * threads:
                what = "output %s, expected %s on each of %d threads" % (
                    got, sums[0], threads)
            else:
                what = None
            result["modes"][mode] = {"verdict": "agree" if not what
                                     else "run-differs", "why": what or ""}
            if what:
                verdict = "disagree"
        result["verdict"] = verdict
        keep = verdict == "disagree" and args.keep_failures
        if keep:
            campaign.keep_failure(src, args.keep_failures)
        return result
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main():
    build_bin = campaign.build_bin()
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--seeds", default="1-30",
                   help="seeds and ranges: 1-30,45,100-120")
    p.add_argument("--csmith-options", default="--max-funcs 4 "
                   "--max-block-depth 3")
    p.add_argument("--modes", default="plain,profile,mpi")
    p.add_argument("--cc", default="gcc-12")
    p.add_argument("--opt", default="-O1")
    p.add_argument("--upc-instrument",
                   default=os.path.join(build_bin, "upc-instrument"))
    p.add_argument("--upcrun", default=None)
    p.add_argument("--csmith", default="csmith")
    p.add_argument("--csmith-include", default="/usr/include/csmith")
    p.add_argument("--time-limit", type=int, default=10,
                   help="seconds for the reference run: a program that "
                   "runs longer is not compared")
    p.add_argument("--hang-limit", type=int, default=300,
                   help="seconds after which a UPC run counts as hung")
    p.add_argument("--compile-time-limit", type=int, default=120)
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--keep-failures", default=None,
                   help="copy the programs that disagree to this directory")
    p.add_argument("--report", default=None, help="write results as JSON")
    p.add_argument("--verbose", action="store_true")
    args = p.parse_args()
    if args.upcrun is None:
        args.upcrun = campaign.beside(args.upc_instrument, "upcrun")
    try:
        seeds = parse_seeds(args.seeds)
    except ValueError as e:
        print("csmith-diff: error: %s" % e, file=sys.stderr)
        return 2
    args.modes = [m.strip() for m in args.modes.split(",") if m.strip()]
    unknown = [m for m in args.modes if m not in MODES]
    if unknown:
        print("csmith-diff: error: unknown mode %s (known: %s)" % (
            ", ".join(unknown), ", ".join(MODES)), file=sys.stderr)
        return 2
    if not shutil.which(args.csmith):
        print("csmith-diff: error: %s not found (Debian: csmith, "
              "libcsmith-dev)" % args.csmith, file=sys.stderr)
        return 2
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        results = list(pool.map(lambda s: one_seed(s, args), seeds))
    counts = {}
    for r in results:
        counts[r["verdict"]] = counts.get(r["verdict"], 0) + 1
        if r["verdict"] == "disagree" or args.verbose:
            detail = "; ".join("%s: %s %s" % (m, v["verdict"], v["why"])
                               for m, v in r["modes"].items()
                               if v["verdict"] != "agree" or args.verbose)
            print("%-12s seed %-6d %s" % (r["verdict"], r["seed"],
                                         detail or r.get("why", "")))
    compared = counts.get("agree", 0) + counts.get("disagree", 0)
    print("csmith %s (%s), %s, modes %s: %d seeds, %d compared, %d agree, "
          "%d disagree, %d without a reference run" % (
              args.seeds, args.csmith_options, args.cc + " " + args.opt,
              ",".join(args.modes), len(seeds), compared,
              counts.get("agree", 0), counts.get("disagree", 0),
              counts.get("no-reference", 0) + counts.get("no-program", 0)))
    if args.report:
        with open(args.report, "w") as f:
            json.dump(results, f, indent=1)
    return 0 if counts.get("disagree", 0) == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
