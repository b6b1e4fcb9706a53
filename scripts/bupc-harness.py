#!/usr/bin/env python3
"""Run a Berkeley UPC test-suite directory (its harness.conf) through upc-instrument.

Berkeley UPC's test suite (upc-tests/ in the berkeley_upc source release)
describes each test in a harness.conf: the files, the thread counts, whether
it must compile (CompileResult), what its output must contain (PassExpr) and
must not contain (FailExpr), its exit code, the features it needs. This
script reads that file, builds every test with `upc-instrument CC` (the
compiler launcher) and runs it with `upcrun`, and compares each outcome
with the suite's verdict: the conformance figures of docs/testing.md.

  scripts/bupc-harness.py SUITE_DIR [--upc-instrument PATH] [--cc gcc-12]
      [--backend pthreads|mpi] [--threads 4] [--threads-mode both]
      [--jobs 2] [--filter REGEX]
      [--report FILE.json] [--verbose]

Exit status: 0 when every verdict agrees, 1 when some disagree, 2 when the
suite cannot be read.

The harness.conf grammar (Berkeley's harness/harness.pl): blank lines and
`#` comments; BEGIN_DEFAULT_CONFIG ... END_DEFAULT_CONFIG sets the keys of
the tests that follow; `TestName: x` starts a test; `Key: value` sets a key
of the current test. `$TESTNAME$` in a value is the test's name, `$DEFAULT$`
is the harness's default (here: --threads, --time-limit); a product such as
`2*$DEFAULT$` is evaluated. A test's MakeFlags are appended to the
defaults' (Berkeley writes `# Appended` after them).

Tests built with `BuildCmd: make` (the NAS kernels of gwu-npb-upc) are made
in a copy of the suite directory with `make TESTNAME UPCC=upcc MakeFlags`,
upcc being Berkeley's command line over upc-instrument (docs/upcc.md); the
program is TESTNAME in that directory.
"""

import argparse
import concurrent.futures
import json
import os
import re
import shlex
import signal
import shutil
import subprocess
import sys
import tempfile

import campaign

# What this implementation provides, in Berkeley's feature vocabulary (the
# names that RequireFeature / ProhibitFeature use). A test that requires a
# feature not listed is skipped and counted apart; one that prohibits a
# listed feature is skipped too.
FEATURES = {
    "upc", "upc_collective", "upc_collectives", "upc_atomic", "upc_atomics",
    "upc_castable", "upc_nb", "upc_tick", "upc_pupc", "pupc", "upc_types",
    "gasp", "upc_memcpy_async", "pthreads",
    "os_linux", "cpu_x86_64", "cpu_64", "upc_strict", "upc_relaxed",
    "trans_upc_instrument", "runtime_upc_instrument", "gcc", "cc_gnu",
}


class Test:
    def __init__(self, name, keys, line):
        self.name = name
        self.keys = dict(keys)
        self.line = line

    def get(self, key, default=""):
        return self.keys.get(key.lower(), default).strip()


def parse_harness(path):
    """The tests of one harness.conf, in order."""
    tests, defaults, current, in_default = [], {}, None, False
    wildcards = []
    with open(path, encoding="utf-8", errors="replace") as f:
        for number, raw in enumerate(f, 1):
            line = raw.rstrip("\n")
            stripped = line.strip()
            if not stripped or stripped.startswith("#"):
                continue
            if stripped == "BEGIN_DEFAULT_CONFIG":
                if current:
                    tests.append(current)
                    current = None
                defaults, in_default = {}, True
                continue
            if stripped == "END_DEFAULT_CONFIG":
                in_default = False
                continue
            m = re.match(r"([A-Za-z]+)\s*:(.*)$", stripped)
            if not m:
                raise ValueError("%s:%d: not a `Key: value` line: %r"
                                 % (path, number, stripped))
            # A value may end in a comment: `StaticThreads: 0  # why`.
            key = m.group(1).lower()
            value = re.sub(r"\s+#.*$", "", m.group(2)).strip()
            if in_default:
                defaults[key] = value
            elif key == "makeflags" and current is not None:
                current.keys[key] = (current.keys.get(key, "") + " " +
                                     value).strip()
            elif key == "testname":
                if current:
                    tests.append(current)
                current = Test(value, defaults, number)
            elif key == "wildcard" and current is None:
                # `WildCard: <*>.upc`: every file of the directory that
                # matches is a test of the default configuration too.
                wildcards.append((value, dict(defaults), number))
                continue
            elif current is None:
                raise ValueError("%s:%d: %s before any TestName"
                                 % (path, number, m.group(1)))
            else:
                current.keys[key] = value
    if current:
        tests.append(current)
    named = {t.name for t in tests}
    for pattern, keys, number in wildcards:
        m = re.match(r"(.*)<\*>(.*)$", pattern)
        if not m:
            continue
        for f in sorted(os.listdir(os.path.dirname(path) or ".")):
            if f.startswith(m.group(1)) and f.endswith(m.group(2)) and \
                    len(f) > len(m.group(1)) + len(m.group(2)):
                name = f[len(m.group(1)):len(f) - len(m.group(2))]
                if name not in named:
                    named.add(name)
                    tests.append(Test(name, keys, number))
    return tests


def substitute(text, test, args=None):
    text = text.replace("$TESTNAME$", test.name)
    if args is not None:
        text = text.replace("$DEFAULT$", str(args.threads))
        # The harness's host compiler and flags, for make builds.
        for name, value in (("$CC$", args.cc), ("$HOST_CC$", args.cc),
                            ("$CFLAGS$", "-O1"), ("$HOST_CFLAGS$", ""),
                            ("$HOST_LDFLAGS$", ""), ("$HOST_LIBS$", "")):
            text = text.replace(name, value)
        text = re.sub(r"\b(\d+)\s*\*\s*(\d+)\b",
                      lambda m: str(int(m.group(1)) * int(m.group(2))), text)
    return text


def feature_list(value):
    return [f.strip() for f in re.split(r"[,\s]+", value) if f.strip()]


def skip_reason(test):
    for f in feature_list(test.get("RequireFeature")):
        if f not in FEATURES:
            return "requires feature " + f
    for f in feature_list(test.get("ProhibitFeature")):
        if f in FEATURES:
            return "prohibits feature " + f
    build = set(b.strip() for b in test.get("BuildCmd", "upcc").split(","))
    if not (build <= {"upcc", "nolink", ""} or build <= {"make", "notrans"}):
        return "build command " + test.get("BuildCmd")
    return None


def thread_counts(value, args):
    """A DynamicThreads/StaticThreads value: $DEFAULT$, N, a list of them
    (`$DEFAULT$,1,3,5`) or 0 (not built that way); the counts to run."""
    value = re.sub(r"(\d+)\s*\*\s*(\d+)",
                   lambda m: str(int(m.group(1)) * int(m.group(2))),
                   value.replace("$DEFAULT$", str(args.threads)))
    counts = [int(v) for v in re.findall(r"\d+", value)]
    return [c for c in counts if c > 0] if counts else [args.threads]


def run_group(cmd, limit, **kw):
    """subprocess.run in a session of its own, whose every process is
    killed when the time limit passes: killing upcrun alone left mpirun,
    its daemons and the ranks running (across simulated nodes, for tens of
    minutes, loading the machine for the tests after them)."""
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         start_new_session=True, **kw)
    try:
        out, err = p.communicate(timeout=limit)
    except subprocess.TimeoutExpired:
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        p.communicate()
        raise
    return subprocess.CompletedProcess(cmd, p.returncode, out, err)


def expected_compile(test):
    """'pass', 'fail' or 'warnfail': CompileResult is `pass`, `warning`
    (compiles, with a warning), `fail` (any message) or `warnfail` (a
    warning or an error: either fails to compile or compiles with a
    warning)."""
    kind = test.get("CompileResult", "pass").lower()
    if kind.startswith("warnfail"):
        return "warnfail"
    return "fail" if kind.startswith("fail") else "pass"


def make_test(test, suite, args, result):
    """A `BuildCmd: make` test: made with upcc in a copy of the suite, run
    at each dynamic count."""
    work = tempfile.mkdtemp(prefix="bupc-" + test.name + "-")
    try:
        tree = os.path.join(work, "suite")
        shutil.copytree(suite, tree, symlinks=True)
        upcc = args.upcc + (" -network=mpi" if args.backend == "mpi" else "")
        cmd = ["make", test.name, "UPCC=" + upcc] + shlex.split(
            substitute(test.get("MakeFlags"), test, args))
        env = dict(os.environ, UPCC_CC=args.cc)
        try:
            c = subprocess.run(cmd, cwd=tree, capture_output=True, text=True,
                               timeout=args.compile_time_limit, env=env)
            compiled, log = c.returncode == 0, c.stdout + c.stderr
        except subprocess.TimeoutExpired:
            compiled, log = False, "make timed out"
        exe = os.path.join(tree, test.name)
        compiled = compiled and os.access(exe, os.X_OK)
        want = expected_compile(test)
        result.update(expected_compile=want,
                      compile="pass" if compiled else "fail")
        if compiled != (want == "pass"):
            result.update(verdict="compile-disagree",
                          why="make: " + (first_error(log) or "built"),
                          command=" ".join(map(shlex.quote, cmd)))
            return result
        runs = [] if want == "fail" or test.get("TimeLimit") == "0" else \
            thread_counts(test.get("DynamicThreads", "$DEFAULT$"), args)
        for threads in runs:
            problem = run_once(test, exe, threads, tree, args)
            if problem:
                result.update(verdict="run-disagree", threads=threads,
                              why="make: " + problem[0],
                              output_tail=problem[1])
                return result
        result.update(verdict="agree", why="made with upcc; ran at %s threads"
                      % ", ".join(str(n) for n in runs) if runs else
                      "made with upcc")
        return result
    finally:
        shutil.rmtree(work, ignore_errors=True)


def run_test(test, suite, args):
    reason = skip_reason(test)
    result = {"name": test.name, "line": test.line}
    if reason:
        result.update(verdict="skip", why=reason)
        return result
    if "make" in test.get("BuildCmd"):
        return make_test(test, suite, args, result)
    files = [substitute(f, test)
             for f in shlex.split(test.get("Files") or test.name + ".upc")]
    missing = [f for f in files if not os.path.exists(os.path.join(suite, f))]
    if missing:  # an incomplete copy of the suite: not a verdict
        result.update(verdict="missing", why="no file " + ", ".join(missing))
        return result
    flags = shlex.split(substitute(test.get("Flags"), test))
    # Built in a scratch directory: a relative -I names a directory of the
    # suite, as when Berkeley's harness builds in the suite's directory.
    flags = ["-I" + os.path.join(suite, f[2:])
             if f.startswith("-I") and len(f) > 2 and not os.path.isabs(f[2:])
             else f for f in flags]
    dynamic = thread_counts(test.get("DynamicThreads", "$DEFAULT$"), args)
    static = thread_counts(test.get("StaticThreads", "$DEFAULT$"), args)
    # The builds Berkeley's harness makes: one with dynamic THREADS, run at
    # each count, and one per static count (-T N), run at N.
    builds = []
    if dynamic and args.threads_mode in ("dynamic", "both"):
        builds.append((None, dynamic))
    if static and args.threads_mode in ("static", "both"):
        builds += [(n, [n]) for n in static]
    if not builds:  # the suite asks for the other mode only
        builds = [(None, dynamic)] if dynamic else [(static[0], static[:1])]
    # nolink: compile only (-c), as Berkeley's `upcc -c`.
    nolink = "nolink" in test.get("BuildCmd")
    want = expected_compile(test)
    result["expected_compile"] = want
    # RunResult: fail means the run must fail (FailExpr found, PassExpr
    # missing or another exit code).
    must_fail = test.get("RunResult").lower().startswith("fail")
    ran = []  # what was run, for the report
    for static_threads, runs in builds:
        work = tempfile.mkdtemp(prefix="bupc-" + test.name + "-")
        try:
            exe = os.path.join(work, test.name)
            # Berkeley's upcc compiles .c files as UPC.
            cmd = [args.upc_instrument, "--upc-sources=*.c"]
            if args.backend:
                cmd.append("--backend=" + args.backend)
            if static_threads:
                cmd += ["-T", str(static_threads)]
            # Built in a scratch directory (objects of -c land there), with
            # the suite's directory on the include path as when built there.
            # warnfail wants to see the warnings: no -w for it.
            cmd += [args.cc, "-O1"] + (["-w"] if want != "warnfail" else []) + [
                "-I" + suite] + flags + [os.path.join(suite, f) for f in files]
            cmd += ["-c"] if nolink else ["-o", exe, "-lm"]
            build = "-T %d" % static_threads if static_threads else "dynamic"
            try:
                c = subprocess.run(cmd, cwd=work, capture_output=True,
                                   text=True,
                                   timeout=args.compile_time_limit)
                compiled, log = c.returncode == 0, c.stdout + c.stderr
            except subprocess.TimeoutExpired:
                compiled, log = False, "compile timed out"
            result["compile"] = "pass" if compiled else "fail"
            if want == "warnfail":
                # Either outcome may agree: an error, or a warning.
                warned = compiled and re.search(r"\bwarning:", log)
                result["compile"] = "fail" if not compiled else \
                    "warning" if warned else "pass"
                if compiled and not warned:
                    result.update(verdict="compile-disagree",
                                  why="%s: compiled without a warning"
                                  % build,
                                  command=" ".join(map(shlex.quote, cmd)))
                    return result
                if not compiled:
                    continue  # an error: as Berkeley's harness wants
            elif compiled != (want == "pass"):
                result.update(verdict="compile-disagree",
                              why="%s: %s" % (build,
                                              first_error(log) or "compiled"),
                              command=" ".join(map(shlex.quote, cmd)))
                return result
            if want == "fail" or nolink or test.get("TimeLimit") == "0":
                continue  # build only
            for threads in runs:
                problem = run_once(test, exe, threads, work, args)
                if must_fail:
                    problem = None if problem else (
                        "%d threads: passed, expected to fail" % threads, "")
                if problem:
                    result.update(verdict="run-disagree", threads=threads,
                                  why="%s: %s" % (build, problem[0]),
                                  output_tail=problem[1])
                    return result
            ran.append("%s at %s threads" %
                       (build, ", ".join(str(n) for n in runs)))
        finally:
            shutil.rmtree(work, ignore_errors=True)
    result.update(verdict="agree",
                  why="ran " + "; ".join(ran) if ran else "built only")
    return result


def run_once(test, exe, threads, work, args):
    """None when a run at `threads` passes; else (why, output tail)."""
    run = [args.upcrun, "-n", str(threads), exe] + shlex.split(
        substitute(test.get("AppArgs"), test))
    env = campaign.program_env(work)
    for assignment in shlex.split(test.get("AppEnv")):
        k, _, v = assignment.partition("=")
        env[k] = v
    limit = test.get("TimeLimit", "$DEFAULT$")
    limit = int(limit) if limit.isdigit() else args.time_limit
    try:
        r = run_group(run, limit, cwd=work, env=env)
    except subprocess.TimeoutExpired:
        return "timed out after %d s" % limit, ""
    out = (r.stdout + r.stderr).decode(errors="replace")
    problems = []
    code = test.get("ExitCode", "0")
    if code.isdigit() and r.returncode != int(code):
        problems.append("exit status %d, expected %s" % (r.returncode, code))
    if r.returncode < 0:
        problems.append("killed by signal %d" % -r.returncode)
    pass_expr = test.get("PassExpr", "0")
    if pass_expr not in ("", "0") and not re.search(pass_expr, out, re.M):
        problems.append("output lacks /%s/" % pass_expr)
    fail_expr = test.get("FailExpr", "0")
    if fail_expr not in ("", "0") and re.search(fail_expr, out, re.M):
        problems.append("output has /%s/" % fail_expr)
    if problems:
        return "%d threads: %s" % (threads, "; ".join(problems)), out[-600:]
    return None


def first_error(log):
    for line in log.splitlines():
        if "error" in line:
            return line.strip()[:300]
    return log.strip().splitlines()[-1][:300] if log.strip() else ""


def main():
    build_bin = campaign.build_bin()
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("suite", help="a directory holding harness.conf")
    p.add_argument("--upc-instrument",
                   default=os.path.join(build_bin, "upc-instrument"))
    p.add_argument("--upcrun", default=None)
    p.add_argument("--upcc", default=None,
                   help="upcc for make builds (default: beside "
                   "upc-instrument)")
    p.add_argument("--cc", default="gcc-12")
    p.add_argument("--backend", default=None,
                   help="pthreads or mpi (default: upc-instrument's, "
                   "UPC_INSTRUMENT_FLAGS included)")
    p.add_argument("--threads", type=int, default=4,
                   help="$DEFAULT$ thread count (default 4)")
    p.add_argument("--time-limit", type=int, default=60)
    p.add_argument("--compile-time-limit", type=int, default=120)
    p.add_argument("--threads-mode", choices=("dynamic", "static", "both"),
                   default="both",
                   help="builds with dynamic THREADS, static (-T N), or both")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--filter", default=None, help="test names to run (regex)")
    p.add_argument("--report", default=None, help="write results as JSON")
    p.add_argument("--verbose", action="store_true")
    args = p.parse_args()
    if args.upcrun is None:
        args.upcrun = campaign.beside(args.upc_instrument, "upcrun")
    if args.upcc is None:
        args.upcc = campaign.beside(args.upc_instrument, "upcc")
    conf = os.path.join(args.suite, "harness.conf")
    try:
        tests = parse_harness(conf)
    except (OSError, ValueError) as e:
        print("bupc-harness: error: %s" % e, file=sys.stderr)
        return 2
    if args.filter:
        tests = [t for t in tests if re.search(args.filter, t.name)]
    suite = os.path.abspath(args.suite)
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        results = list(pool.map(lambda t: run_test(t, suite, args), tests))
    counts = {}
    for r in results:
        counts[r["verdict"]] = counts.get(r["verdict"], 0) + 1
        if r["verdict"] != "agree" or args.verbose:
            print("%-12s %-28s %s" % (r["verdict"], r["name"],
                                      r.get("why", "")))
    judged = [r for r in results if r["verdict"] not in ("skip", "missing")]
    front = [r for r in judged if "compile" in r]
    front_ok = sum(r["compile"] == r["expected_compile"] or (
        r["expected_compile"] == "warnfail" and
        r["verdict"] != "compile-disagree") for r in front)
    runs = [r for r in judged if r.get("expected_compile") == "pass"]
    runs_ok = sum(r["verdict"] == "agree" for r in runs)
    print("%s: %d tests, %d skipped, %d missing files; compile verdicts agree %d/%d (%.1f%%); "
          "compile-and-run verdicts agree %d/%d (%.1f%%)" % (
              args.suite, len(results), counts.get("skip", 0),
              counts.get("missing", 0), front_ok,
              len(front), 100.0 * front_ok / max(1, len(front)), runs_ok,
              len(runs), 100.0 * runs_ok / max(1, len(runs))))
    if args.report:
        with open(args.report, "w") as f:
            json.dump(results, f, indent=1)
    return 0 if all(r["verdict"] in ("agree", "skip", "missing")
                    for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
