#!/usr/bin/env python3
"""SIR scaling benchmark: upc-instrument --sir on generated files of 1,000
and 10,000 functions, each with a upc_forall, a loop, a barrier, shared
reads and writes, a library call and a user call (8 regions per function).

Prints, for each size, the median wall time of `--sir` and of
`-fsyntax-only` on the same file (the baseline, measured in the same run,
interleaved), the SIR's extra cost per function, and the growth from 1k to
10k functions: linear time gives 10x. The verdict: the growth of the SIR's
time stays within 12x (10x and noise).

Usage: scaling.py --upc-instrument PATH [--work-dir DIR] [--reps N]
"""

import argparse
import os
import statistics
import subprocess
import sys
import time

FUNCTION = """
void f{n}(int k) {{
  int i;
  upc_forall (i = 0; i < 4 * THREADS; i++; &data[i])
    data[i] = k + i;
  for (i = 0; i < 3; i++)
    k += data[(k + i) % (4 * THREADS)];
  upc_barrier;
  upc_memput(&data[MYTHREAD], &k, sizeof k);
  f{prev}(k);
}}
"""


def write_file(path, count):
    with open(path, "w") as f:
        f.write("#include <upc.h>\nshared int data[4 * THREADS];\n"
                "void f0(int k) { (void)k; }\n")
        for n in range(1, count + 1):
            f.write(FUNCTION.format(n=n, prev=n - 1))


def run(argv):
    start = time.perf_counter()
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--upc-instrument", required=True)
    parser.add_argument("--work-dir", default="bench-mir")
    parser.add_argument("--reps", type=int, default=5)
    args = parser.parse_args()
    os.makedirs(args.work_dir, exist_ok=True)
    medians = {}
    print("%-10s %14s %14s %18s" % ("functions", "--sir ms", "-fsyntax-only ms",
                                    "SIR us/function"))
    for count in (1000, 10000):
        src = os.path.join(args.work_dir, "functions_%d.upc" % count)
        out = os.path.join(args.work_dir, "functions_%d.sir" % count)
        write_file(src, count)
        sir_cmd = [args.upc_instrument, "--sir", src, "-o", out]
        check_cmd = [args.upc_instrument, "-fsyntax-only", src]
        run(sir_cmd)  # warm-up
        sir, check = [], []
        for _ in range(args.reps):
            sir.append(run(sir_cmd))
            check.append(run(check_cmd))
        medians[count] = (statistics.median(sir), statistics.median(check))
        extra = (medians[count][0] - medians[count][1]) / count * 1e6
        print("%-10d %14.1f %14.1f %18.1f" % (count, medians[count][0] * 1e3,
                                            medians[count][1] * 1e3, extra))
    growth = medians[10000][0] / medians[1000][0]
    baseline_growth = medians[10000][1] / medians[1000][1]
    print("growth 1k -> 10k functions: --sir %.2fx, -fsyntax-only %.2fx "
          "(linear: 10x)" % (growth, baseline_growth))
    verdict = "PASS" if growth <= 12 else "FAIL"
    print("Verdict (growth <= 12x): " + verdict)
    return 0


if __name__ == "__main__":
    sys.exit(main())
