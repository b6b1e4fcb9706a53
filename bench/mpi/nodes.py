#!/usr/bin/env python3
"""MPI backend across two simulated nodes (see bench/README.md).

Targets (project issue 15), each against a baseline measured in the same
run, with the runtime's default one-sided components unless --osc:

  (i)   8-byte get and put from thread 0 to a thread of the other node cost
        at most 1.3x raw MPI_Get / MPI_Put + MPI_Win_flush on a window of
        the runtime's kind (MPI_Win_create over the node's shared-memory
        window; same components). The same on an MPI_Win_allocate window is
        printed for reference: on simulated nodes UCX maps such memory
        through shared memory, which a real network does not.
  (ii)  upc_barrier costs at most 1.5x MPI_Barrier on the same ranks.
  (iii) no target yet: upc_all_alloc of 1,000 blocks (+ upc_all_free) and
        1,000 upc_alloc/upc_free pairs on every thread at once, in us.

Layouts: 2 nodes x 1 rank and 2 nodes x 2 ranks (test/tools/upcrun-nodes;
needs root for unshare --uts). Medians of REPS runs; the exit status is 0
even if a target is missed, unless --check (then 1); 2 if the benchmark
cannot run.
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
from benchlib import (build, default_upc_instrument, fail,  # noqa: E402
                      mpi_tools, run_pairs, NODES_LAUNCHER)

TARGET_RMA = 1.3
TARGET_BARRIER = 1.5


def run(binary, per_node, osc):
    return run_pairs([NODES_LAUNCHER, "2", str(per_node), binary],
                     {"OMPI_MCA_osc": osc} if osc else None, timeout=600)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--upc-instrument", default=default_upc_instrument())
    p.add_argument("--cc", default="gcc-12")
    p.add_argument("--reps", type=int, default=5)
    p.add_argument("--osc", help="OMPI_MCA_osc (default: the runtime's)")
    p.add_argument("--check", action="store_true")
    a = p.parse_args()
    upc, cc, _, mpi_cflags = mpi_tools(a.upc_instrument, a.cc)
    if subprocess.run(["unshare", "--uts", "true"],
                      capture_output=True).returncode != 0:
        fail("simulated nodes need unshare --uts (root)")

    with tempfile.TemporaryDirectory(prefix="upc-bench-nodes-") as work:
        exe = os.path.join(work, "nodes")
        build([upc, "--backend=mpi", cc, "-O2", "-Wall"] + mpi_cflags +
              [os.path.join(SCRIPT_DIR, "nodes.upc"), "-o", exe])
        samples = {1: [], 2: []}
        for _ in range(a.reps):  # alternate the layouts
            for per_node in samples:
                samples[per_node].append(run(exe, per_node, a.osc))
    m = {k: {f: statistics.median(s[f] for s in v) for f in v[0]}
         for k, v in samples.items()}

    verdicts = []
    print("MPI backend across 2 simulated nodes, %s -O2, OMPI_MCA_osc=%s, "
          "median of %d runs" % (os.path.basename(cc),
                                  a.osc or "(runtime default)", a.reps))
    for per_node, r in m.items():
        print()
        print("2 nodes x %d rank%s (%d UPC threads)" % (
            per_node, "s" if per_node > 1 else "", 2 * per_node))
        for op in ("get", "put"):
            upc_ns, same_ns = r["upc-" + op], r["same-" + op]
            ratio = upc_ns / same_ns
            ok = ratio <= TARGET_RMA
            verdicts.append(ok)
            print("  8-byte %-3s UPC %9.1f ns   MPI_%s+flush, same kind of "
                  "window %9.1f ns   %.2fx  target <= %.1fx  %s;  on an "
                  "MPI_Win_allocate window %8.1f ns" % (
                      op, upc_ns, op.capitalize(), same_ns, ratio,
                      TARGET_RMA, "PASS" if ok else "MISS",
                      r["alloc-" + op]))
        ratio = r["upc-barrier"] / r["mpi-barrier"]
        ok = ratio <= TARGET_BARRIER
        verdicts.append(ok)
        print("  upc_barrier %9.1f ns   MPI_Barrier %9.1f ns   %.2fx  "
              "target <= %.1fx  %s" % (r["upc-barrier"], r["mpi-barrier"],
                                       ratio, TARGET_BARRIER,
                                       "PASS" if ok else "MISS"))
        print("  upc_all_alloc(1000 blocks) + upc_all_free %8.1f us;  "
              "upc_alloc + upc_free on every thread %8.1f us per pair" % (
                  r["all-alloc-us"], r["alloc-free-us"]))
    if a.check and not all(verdicts):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
