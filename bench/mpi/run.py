#!/usr/bin/env python3
"""MPI backend benchmark (see bench/README.md).

Targets (project issue 6), side by side in one run:

  (i)   8-byte remote get and put through the UPC runtime (its RMA path:
        UPC_MPI_SHARED_MEMORY=0) cost at most 1.3x raw MPI_Get / MPI_Put +
        MPI_Win_flush on a window of the same kind (rma.upc);
  (ii)  local and same-node shared accesses with the MPI backend cost at
        most 1.2x the same program on the pthreads backend (access.upc, 2
        UPC threads);
  (iii) no target: upc_barrier against MPI_Barrier at 2 and 4 ranks, and
        against the pthreads backend's barrier; on one node (shared-memory
        barrier, access.upc) and on the RMA path (MPI_Iallreduce, as
        across nodes: rma.upc).
  (iv)  no target: upc_all_broadcast and upc_all_reduceD at 2 and 4 ranks
        against the pthreads backend and against raw MPI_Bcast /
        MPI_Allreduce of the same bytes, and against those MPI collectives
        between two upc_barriers, which is what a mapping of an ALLSYNC
        collective onto them would cost (coll.upc).

Each program is run REPS times; the medians of the times the programs
measure themselves are compared. The exit status is 0 even if a target is
missed, unless --check is given (then 1); 2 if the benchmark cannot run.
"""

import argparse
import os
import statistics
import sys
import tempfile

SCRIPT_DIR = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(SCRIPT_DIR))
sys.dont_write_bytecode = True  # keep the source tree clean
from benchlib import (build, default_upc_instrument,  # noqa: E402
                      mpi_tools, run_pairs)

TARGET_RMA = 1.3
TARGET_SHARED = 1.2


def run(upcrun, binary, threads, env_extra):
    return run_pairs([upcrun, "-n", str(threads), binary], env_extra)


def medians(samples):
    return {k: statistics.median(s[k] for s in samples) for k in samples[0]}


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--upc-instrument", default=default_upc_instrument())
    p.add_argument("--cc", default="gcc-12")
    p.add_argument("--reps", type=int, default=5)
    p.add_argument("--check", action="store_true")
    a = p.parse_args()
    upc, cc, upcrun, mpi_cflags = mpi_tools(a.upc_instrument, a.cc)

    with tempfile.TemporaryDirectory(prefix="upc-bench-mpi-") as work:
        exe = {}
        for name, backend, source, extra in (
                ("access-pthreads", "pthreads", "access.upc", []),
                ("access-mpi", "mpi", "access.upc", []),
                ("rma", "mpi", "rma.upc", mpi_cflags),
                ("coll-pthreads", "pthreads", "coll.upc", []),
                ("coll-mpi", "mpi", "coll.upc",
                 ["-DCOLL_RAW_MPI"] + mpi_cflags)):
            exe[name] = os.path.join(work, name)
            build([upc, "--backend=" + backend, cc, "-O2", "-Wall"] + extra +
                  [os.path.join(SCRIPT_DIR, source), "-o", exe[name]])

        samples = {}
        for _ in range(a.reps):
            for key, binary, threads, env in (
                    ("rma2", exe["rma"], 2, {"UPC_MPI_SHARED_MEMORY": "0"}),
                    ("rma4", exe["rma"], 4, {"UPC_MPI_SHARED_MEMORY": "0"}),
                    ("pthreads", exe["access-pthreads"], 2, {}),
                    ("mpi", exe["access-mpi"], 2, {}),
                    ("pthreads4", exe["access-pthreads"], 4, {}),
                    ("mpi4", exe["access-mpi"], 4, {}),
                    ("coll-pthreads2", exe["coll-pthreads"], 2, {}),
                    ("coll-mpi2", exe["coll-mpi"], 2, {}),
                    ("coll-pthreads4", exe["coll-pthreads"], 4, {}),
                    ("coll-mpi4", exe["coll-mpi"], 4, {})):
                samples.setdefault(key, []).append(
                    run(upcrun, binary, threads, env))
        m = {k: medians(v) for k, v in samples.items()}

    verdicts = []
    print("MPI backend, %s -O2, Open MPI (osc sm), median of %d runs"
          % (os.path.basename(cc), a.reps))
    print()
    print("(i) 8-byte remote access, rank 0 -> 1, RMA path "
          "(UPC_MPI_SHARED_MEMORY=0), 2 ranks")
    for op in ("get", "put"):
        upc_ns, raw_ns = m["rma2"]["upc-" + op], m["rma2"]["mpi-" + op]
        ratio = upc_ns / raw_ns
        ok = ratio <= TARGET_RMA
        verdicts.append(ok)
        print("  %-4s UPC %7.2f ns   MPI_%s+flush %7.2f ns   %.2fx  "
              "target <= %.1fx  %s" % (op, upc_ns, op.capitalize(), raw_ns,
                                        ratio, TARGET_RMA,
                                        "PASS" if ok else "MISS"))
    print()
    print("(ii) shared accesses, 2 UPC threads: MPI backend (shared-memory "
          "window) against pthreads")
    for op, label in (("local-get", "own element, read"),
                      ("local-put", "own element, write"),
                      ("neighbour-get", "next thread's element, read"),
                      ("neighbour-put", "next thread's element, write")):
        mpi_ns, pt_ns = m["mpi"][op], m["pthreads"][op]
        ratio = mpi_ns / pt_ns
        ok = ratio <= TARGET_SHARED
        verdicts.append(ok)
        print("  %-30s MPI %6.3f ns   pthreads %6.3f ns   %.2fx  "
              "target <= %.1fx  %s" % (label, mpi_ns, pt_ns, ratio,
                                        TARGET_SHARED,
                                        "PASS" if ok else "MISS"))
    print()
    print("(iii) barrier latency (no target): one node (shared-memory "
          "barrier) / RMA path (MPI_Iallreduce, as across nodes)")
    for ranks, rma, mpi, pt in ((2, "rma2", "mpi", "pthreads"),
                                (4, "rma4", "mpi4", "pthreads4")):
        mpi_barrier = m[rma]["mpi-barrier"]
        print("  %d ranks: upc_barrier %6.0f / %6.0f ns   MPI_Barrier %6.0f ns"
              "   %.2fx / %.2fx;  pthreads backend %6.0f ns" % (
                  ranks, m[mpi]["barrier"], m[rma]["upc-barrier"],
                  mpi_barrier, m[mpi]["barrier"] / mpi_barrier,
                  m[rma]["upc-barrier"] / mpi_barrier, m[pt]["barrier"]))
    print()
    print("(iv) collectives (no target), ns per call, UPC_IN_ALLSYNC | "
          "UPC_OUT_ALLSYNC unless nosync;")
    print("     raw = MPI collective alone (reduce: each rank sums its block, "
          "then MPI_Allreduce of 8 bytes);")
    print("     mapped = raw between two upc_barriers (what an ALLSYNC "
          "mapping onto MPI costs)")
    for ranks in (2, 4):
        mp, pt = m["coll-mpi%d" % ranks], m["coll-pthreads%d" % ranks]
        for op, label in (("bcast", "upc_all_broadcast"),
                          ("reduce", "upc_all_reduceD")):
            for size in ("8", "64k"):
                key = "%s-%s" % (op, size)
                nosync = "%s-nosync-%s" % (op, size)
                raw, mapped = mp["mpi-" + key], mp["mapped-" + key]
                print("  %d ranks %-17s %3s: MPI backend %8.0f ns (nosync "
                      "%7.0f)  pthreads %8.0f ns %5.2fx   raw %7.0f ns %5.2fx"
                      "   mapped %8.0f ns %5.2fx" % (
                          ranks, label, size, mp[key], mp[nosync], pt[key],
                          mp[key] / pt[key], raw, mp[key] / raw, mapped,
                          mp[key] / mapped))
    if a.check and not all(verdicts):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
