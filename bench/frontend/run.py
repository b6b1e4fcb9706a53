#!/usr/bin/env python3
"""Front-end benchmark: upc-instrument -fsyntax-only against clang-19.

Target (project issue): `upc-instrument -fsyntax-only` costs no more than
1.3x `clang-19 -fsyntax-only` on a 2,000+-line plain C file, and no more than
1.5x on a UPC-heavy file of the same size.

The inputs are regenerated (deterministically) by generate_inputs.py. Clang
cannot read UPC, so both ratios use clang-19 on the plain C file as the
baseline:

  (i)  upc-instrument on the C file   / clang-19 on the C file   (<= 1.3)
  (ii) upc-instrument on the UPC file / clang-19 on the C file   (<= 1.5)

and the SIR (MIR) of the UPC file against checking it:

  (iii) upc-instrument --sir / upc-instrument -fsyntax-only, UPC  (<= 1.2)

All commands run in the same invocation, interleaved (A, B, C, A, B, C, ...)
after warm-up runs, so that both sides of a ratio see the same machine load.
Each run is timed by wall clock (time.perf_counter) and by the child's user +
system CPU time (os.wait4). The verdict uses the ratio of the median wall
times; the ratio of the minima and the CPU-time ratios are printed alongside.

The exit status is 0 even if a target is missed, unless --check is given
(then 1). It is 2 if the benchmark cannot run: a tool is missing, or a
command fails or prints a diagnostic (its timings would mean nothing).
"""

import argparse
import os
import statistics
import sys
import tempfile
import time

SCRIPT_DIR = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, SCRIPT_DIR)
sys.path.insert(0, os.path.dirname(SCRIPT_DIR))
sys.dont_write_bytecode = True  # keep the source tree clean
import generate_inputs  # noqa: E402
from benchlib import default_upc_instrument, fail, resolve_tool  # noqa: E402

TARGET_C = 1.3
TARGET_SIR = 1.2
TARGET_UPC = 1.5


class Command:
    def __init__(self, label, argv, baseline=None, target=None):
        self.label = label
        self.argv = argv
        self.baseline = baseline  # the Command this one is compared with
        self.target = target      # maximum ratio to the baseline, or None
        self.wall = []            # seconds
        self.cpu = []             # seconds, user + system

    def shell(self):
        return " ".join(self.argv)


def spawn(argv, quiet):
    """Runs argv; returns (exit code, wall seconds, CPU seconds, output)."""
    out_path = None
    if quiet:
        actions = [(os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0),
                   (os.POSIX_SPAWN_OPEN, 2, os.devnull, os.O_WRONLY, 0)]
    else:
        fd, out_path = tempfile.mkstemp(prefix="upc-bench-", suffix=".out")
        os.close(fd)
        actions = [(os.POSIX_SPAWN_OPEN, 1, out_path, os.O_WRONLY, 0),
                   (os.POSIX_SPAWN_DUP2, 1, 2)]
    start = time.perf_counter()
    pid = os.posix_spawn(argv[0], argv, os.environ, file_actions=actions)
    _, status, usage = os.wait4(pid, 0)
    wall = time.perf_counter() - start
    output = ""
    if out_path:
        with open(out_path, encoding="utf-8", errors="replace") as f:
            output = f.read()
        os.unlink(out_path)
    code = os.waitstatus_to_exitcode(status)
    return code, wall, usage.ru_utime + usage.ru_stime, output


def check_clean(command):
    """Exits unless the command succeeds without printing anything."""
    code, _, _, output = spawn(command.argv, quiet=False)
    if code != 0 or output:
        fail("'%s' must succeed without diagnostics; it exited with %d and "
             "printed:\n%s" % (command.shell(), code, output))


def ms(seconds):
    return "%.1f" % (seconds * 1000.0)


def main(argv=None):
    parser = argparse.ArgumentParser(
        description="Times upc-instrument -fsyntax-only against clang-19 "
                    "-fsyntax-only (see the module docstring).")
    parser.add_argument("--upc-instrument", default=default_upc_instrument(),
                        help="upc-instrument to time (default: $UPC_INSTRUMENT, "
                             "else build/bin/upc-instrument of this checkout: "
                             "%(default)s)")
    parser.add_argument("--clang", default="clang-19",
                        help="baseline compiler (default: %(default)s)")
    parser.add_argument("--reps", type=int, default=20,
                        help="timed runs of each command (default: %(default)s)")
    parser.add_argument("--warmups", type=int, default=2,
                        help="untimed runs of each command first (default: %(default)s)")
    parser.add_argument("--work-dir",
                        default=os.path.join(tempfile.gettempdir(),
                                             "upc-instrument-bench-frontend"),
                        help="where the inputs are generated (default: %(default)s)")
    parser.add_argument("--prelude-baseline", action="store_true",
                        help="also time clang-19 with upc-instrument's -isystem and "
                             "-include <prelude> on the C file (informational)")
    parser.add_argument("--check", action="store_true",
                        help="exit with status 1 if a target is missed")
    args = parser.parse_args(argv)
    if args.reps < 1 or args.warmups < 0:
        parser.error("--reps must be positive and --warmups not negative")

    upc = resolve_tool(args.upc_instrument, "upc-instrument")
    clang = resolve_tool(args.clang, "baseline compiler")
    c_file, upc_file = generate_inputs.write_inputs(args.work_dir)

    clang_c = Command("clang-19 C", [clang, "-fsyntax-only", c_file])
    commands = [
        clang_c,
        Command("upc-instrument C", [upc, "-fsyntax-only", c_file],
                clang_c, TARGET_C),
        Command("upc-instrument UPC", [upc, "-fsyntax-only", upc_file],
                clang_c, TARGET_UPC),
    ]
    # The SIR (MIR) costs at most TARGET_SIR times checking the same file.
    commands.append(Command(
        "upc-instrument --sir UPC",
        [upc, "--sir", upc_file, "-o",
         os.path.join(args.work_dir, "frontend_upc.sir")],
        commands[2], TARGET_SIR))
    if args.prelude_baseline:
        # The header directory of the install layout: bin/../include/upc-instrument.
        headers = os.path.join(os.path.dirname(os.path.dirname(upc)),
                               "include", "upc-instrument")
        commands.append(Command(
            "clang-19 C +prelude",
            [clang, "-fsyntax-only", "-isystem", headers, "-include",
             os.path.join(headers, "__upc_prelude.h"), c_file], clang_c))

    def stamp(path):
        st = os.stat(path)
        return st.st_mtime_ns, st.st_size

    tools_before = {path: stamp(path) for path in (upc, clang)}
    load_before = os.getloadavg()[0]
    for command in commands:
        check_clean(command)
    for _ in range(args.warmups):
        for command in commands:
            spawn(command.argv, quiet=True)
    for _ in range(args.reps):
        for command in commands:
            code, wall, cpu, _ = spawn(command.argv, quiet=True)
            if code != 0:
                fail("'%s' failed (exit status %d) during timing"
                     % (command.shell(), code))
            command.wall.append(wall)
            command.cpu.append(cpu)

    load_after = os.getloadavg()[0]
    changed = [path for path, before in tools_before.items()
               if stamp(path) != before]

    def lines_of(path):
        with open(path, encoding="utf-8") as f:
            return sum(1 for _ in f)

    print("Front-end benchmark: %d timed runs of each command after %d warm-up "
          "runs, interleaved" % (args.reps, args.warmups))
    print("Inputs: %s (%d lines), %s (%d lines)"
          % (c_file, lines_of(c_file), upc_file, lines_of(upc_file)))
    print("Load average (1 min) before/after: %.2f / %.2f on %d CPUs"
          % (load_before, load_after, os.cpu_count() or 0))
    for path in changed:
        print("WARNING: %s changed during the run; the figures mix two builds"
              % path)
    print()
    for command in commands:
        print("  %-20s %s" % (command.label + ":", command.shell()))
    print()
    print("%-26s %21s %21s" % ("", "wall ms", "cpu (user+sys) ms"))
    print("%-26s %10s %10s %10s %10s" % ("command", "median", "min", "median", "min"))
    for c in commands:
        print("%-26s %10s %10s %10s %10s"
              % (c.label, ms(statistics.median(c.wall)), ms(min(c.wall)),
                 ms(statistics.median(c.cpu)), ms(min(c.cpu))))
    print()
    print("%-48s %21s %21s" % ("", "wall ratio", "cpu ratio"))
    print("%-48s %10s %10s %10s %10s %7s" % ("ratio", "median", "min", "median",
                                             "min", "target"))
    missed = False
    for c in commands:
        if not c.baseline:
            continue
        b = c.baseline
        wall_median = statistics.median(c.wall) / statistics.median(b.wall)
        wall_min = min(c.wall) / min(b.wall)
        cpu_median = statistics.median(c.cpu) / statistics.median(b.cpu)
        cpu_min = min(c.cpu) / min(b.cpu)
        verdict = ""
        if c.target is not None:
            ok = wall_median <= c.target
            missed |= not ok
            verdict = "%.2fx %s" % (c.target, "PASS" if ok else "FAIL")
        print("%-48s %10.3f %10.3f %10.3f %10.3f  %s"
              % ("%s / %s" % (c.label, b.label), wall_median, wall_min,
                 cpu_median, cpu_min, verdict))
    print()
    print("Verdict on the median wall-time ratio: %s"
          % ("FAIL (a target is missed)" if missed else "PASS"))
    return 1 if missed and args.check else 0


if __name__ == "__main__":
    sys.exit(main())
