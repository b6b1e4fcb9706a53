#!/usr/bin/env python3
"""Random valid UPC programs that check themselves, and a differential runner.

  scripts/upc-gen.py generate SEED            print program SEED
  scripts/upc-gen.py run --seeds 1-300 [--threads 1,2,3,4]
      [--backends pthreads,mpi] [--profile-every 3 | --profile-all]
      [--cc gcc-12]
      [--keep-failures DIR] [--report FILE.json] [--jobs 2]

A program declares shared arrays of several element types (unsigned and
signed integers, double, a structure) and layouts (cyclic, [1], blocks that
divide the array and blocks that do not, [*], indefinite [] on thread 0).
In the dynamic THREADS environment an array with a definite block size has
N*THREADS elements (UPC 1.3 6.5.1.1); the values of its first N elements
do not depend on THREADS, and the checksum covers those.
Every thread keeps a private reference copy of each array, computed
sequentially with the same operations. Phases of upc_forall loops (integer,
pointer and pointer-expression affinity, and `continue` for read-only
loops), separated by barriers (some split into upc_notify/upc_wait), write
one array from others; pointer-to-shared arithmetic and casts (to shared
void * and back, to an indefinite pointer that walks the owner's local
elements) read elements whose index the program computes from the layout
as UPC 1.3 6.4.2 and 6.4.3 define it; upc_threadof and upc_phaseof are
checked against the same formulas. At the end each thread compares every
element of every shared array with its reference and prints its number of
mismatches, and thread 0 prints a checksum of the references.

The runner builds each program once per backend (dynamic THREADS, and with
--profile --tool=profile for every --profile-every'th seed; with
--profile-all, both plainly and with --profile) and runs it at each thread
count: every run must report 0 mismatches on every thread, and
print the same checksum as every other run of that program. Exit status 0
when every program agrees, 1 when one does not, 2 on a set-up error.
"""

import argparse
import concurrent.futures
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

import campaign

# Element types: C type, how a value is computed from an integer v (the
# same in the shared and the reference code), and the member read back.
TYPES = {
    "u32": ("uint32_t", "(uint32_t)({v})", ""),
    "i32": ("int32_t", "(int32_t)(({v}) & 0x7fff) - 0x3fff", ""),
    "u64": ("uint64_t", "(uint64_t)({v}) * 2654435761u", ""),
    "u8": ("uint8_t", "(uint8_t)({v})", ""),
    "f64": ("double", "(double)(({v}) & 0xffff) * 0.5", ""),
    "rec": ("rec_t", "make_rec({v})", ".a"),
}


class Array:
    def __init__(self, index, rnd):
        self.name = "A%d" % index
        self.ref = "R%d" % index
        self.kind = rnd.choice(list(TYPES))
        self.ctype, self.make, self.member = TYPES[self.kind]
        # n: the elements whose values do not depend on THREADS.
        self.n = rnd.choice([1, 2, 7, 12, 16, 31, 37, 64])
        self.size = "%d * THREADS" % self.n
        layout = rnd.choice(["cyclic", "one", "divides", "odd", "star",
                             "indefinite"])
        if layout == "cyclic":
            self.qual, self.block = "", "1"
        elif layout == "one":
            self.qual, self.block = "[1]", "1"
        elif layout == "divides":
            b = rnd.choice([d for d in (2, 4, 8) if self.n % d == 0] or [1])
            self.qual, self.block = "[%d]" % b, str(b)
        elif layout == "odd":
            b = rnd.choice([3, 5, 6, 10])
            self.qual, self.block = "[%d]" % b, str(b)
        elif layout == "star":
            # [*]: the block is ceil(n*THREADS / THREADS) = n (6.5.1.1).
            self.qual, self.block = "[*]", str(self.n)
        else:
            # Indefinite: all on thread 0, any size.
            self.qual, self.block = "[]", "0"
            self.size = str(self.n)

    def value(self, v):
        return self.make.format(v=v)

    def read(self, array, index):
        return "%s[%s]%s" % (array, index, self.member)

    def pointer_type(self):
        # [*] is an array's layout; a pointer names the block it stands for.
        qual = "[%s]" % self.block if self.qual == "[*]" else self.qual
        return "shared %s %s *" % (qual, self.ctype)


def generate(seed):
    rnd = random.Random(seed)
    arrays = [Array(i, rnd) for i in range(rnd.randint(2, 5))]
    out = []
    w = out.append
    w("/* upc-gen.py program %d: checks itself against a sequential "
      "reference. */" % seed)
    w("#include <upc.h>")
    w("#include <stdint.h>")
    w("#include <stdio.h>")
    w("#include <stdlib.h>")
    w("")
    w("typedef struct { uint32_t a; double b; } rec_t;")
    w("static rec_t make_rec(uint32_t v) { rec_t r = {v * 7u + 1u, "
      "(double)(v & 1023) * 0.25}; return r; }")
    w("static uint64_t mix(uint64_t h, uint64_t v) { return (h ^ v) * "
      "1099511628211ull; }")
    w("")
    for a in arrays:
        w("shared %s %s %s[%s];" % (a.qual, a.ctype, a.name, a.size))
        w("static %s *%s;" % (a.ctype, a.ref))
    w("shared int mismatches[THREADS];")
    w("")
    # The layout formulas (UPC 1.3 6.4.2): thread and local position of
    # element i of an array with block size b (0: indefinite).
    w("static int owner(size_t i, size_t b) { return b ? (int)((i / b) % "
      "THREADS) : 0; }")
    w("static size_t local_pos(size_t i, size_t b) { return b ? "
      "(i / (b * THREADS)) * b + i % b : i; }")
    w("static size_t index_at(int t, size_t pos, size_t b) { return b ? "
      "(pos / b) * b * THREADS + (size_t)t * b + pos % b : pos; }")
    w("")
    w("int main(void) {")
    w("  int i, bad = 0;")
    w("  uint64_t acc = 0;")
    w("  /* The references: every thread computes all of each array. */")
    for a in arrays:
        w("  %s = malloc(sizeof(%s) * (%s));" % (a.ref, a.ctype, a.size))
    # Initialization, each element by its owner; references by all.
    for n, a in enumerate(arrays):
        k, c = rnd.randint(1, 97), rnd.randint(0, 1000)
        v = "(uint32_t)i * %du + %du" % (k, c)
        w("  upc_forall(i = 0; i < %s; ++i; &%s[i]) %s[i] = %s;" % (
            a.size, a.name, a.name, a.value(v)))
        w("  for (i = 0; i < %s; ++i) %s[i] = %s;" % (a.size, a.ref,
                                                      a.value(v)))
    w("  upc_barrier;")
    for phase in range(rnd.randint(2, 6)):
        kind = rnd.choice(["write", "write", "write", "read", "pointer",
                           "local"])
        if kind == "write" and len(arrays) >= 2:
            dst = rnd.choice(arrays)
            srcs = [rnd.choice([a for a in arrays if a is not dst])
                    for _ in range(2)]
            m1, s1 = rnd.randint(1, 5), rnd.randint(0, 50)
            m2, s2 = rnd.randint(1, 5), rnd.randint(0, 50)
            op = rnd.choice(["+", "^", "*", "-"])

            def term(src, m, s, arr):
                return "(uint32_t)(%s)" % src.read(
                    arr, "((size_t)i * %d + %d) %% %d" % (m, s, src.n))
            v = "(%s %s %s) + (uint32_t)i" % (
                term(srcs[0], m1, s1, srcs[0].name), op,
                term(srcs[1], m2, s2, srcs[1].name))
            vr = "(%s %s %s) + (uint32_t)i" % (
                term(srcs[0], m1, s1, srcs[0].ref), op,
                term(srcs[1], m2, s2, srcs[1].ref))
            affinity = rnd.choice([
                "&%s[i]" % dst.name, "%s + i" % dst.name, "i",
                "i * 3 + 1",
                "&%s[i %% %d]" % (srcs[0].name, srcs[0].n)])
            w("  /* phase %d: %s from %s and %s, affinity %s */" % (
                phase, dst.name, srcs[0].name, srcs[1].name, affinity))
            w("  upc_forall(i = 0; i < %s; ++i; %s) %s[i] = %s;" % (
                dst.size, affinity, dst.name, dst.value(v)))
            w("  for (i = 0; i < %s; ++i) %s[i] = %s;" % (
                dst.size, dst.ref, dst.value(vr)))
        elif kind == "read":
            src = rnd.choice(arrays)
            w("  /* phase %d: every thread reads all of %s (continue) */"
              % (phase, src.name))
            w("  { uint64_t s = 0, r = 0;")
            w("    upc_forall(i = 0; i < %s; ++i; continue) s = mix(s, "
              "(uint64_t)(%s));" % (src.size, src.read(src.name, "i")))
            w("    for (i = 0; i < %s; ++i) r = mix(r, (uint64_t)(%s));" % (
                src.size, src.read(src.ref, "i")))
            w("    bad += s != r; }")
        elif kind == "pointer" and any(a.qual != "[*]" for a in arrays):
            # A pointer's layout cannot name [*]'s THREADS-dependent block
            # in the dynamic environment.
            src = rnd.choice([a for a in arrays if a.qual != "[*]"])
            j = rnd.randrange(src.n)
            d = rnd.randrange(src.n - j)
            w("  /* phase %d: pointer-to-shared arithmetic and casts on "
              "%s */" % (phase, src.name))
            w("  { %sp = &%s[%d];" % (src.pointer_type(), src.name, j))
            w("    shared void *v = p;")
            w("    p = (%s)v + %d;" % (src.pointer_type(), d))
            w("    bad += (%s) != (%s);" % (
                "(*p)" + src.member, src.read(src.ref, str(j + d))))
            w("    bad += p - &%s[%d] != %d;" % (src.name, j, d))
            w("    bad += (int)upc_threadof(p) != owner(%d, %s);" % (
                j + d, src.block))
            w("    bad += upc_phaseof(p) != (%s ? %d %% (%s) : 0); }" % (
                src.block, j + d, src.block if src.block != "0" else "1"))
        elif kind == "local":
            src = rnd.choice(arrays)
            j = rnd.randrange(src.n)
            k = rnd.randint(0, 6)
            w("  /* phase %d: an indefinite pointer walks the local "
              "elements of %s's owner */" % (phase, src.name))
            w("  { shared [] %s *q = (shared [] %s *)&%s[%d];" % (
                src.ctype, src.ctype, src.name, j))
            w("    size_t b = %s, at = index_at(owner(%d, b), "
              "local_pos(%d, b) + %d, b);" % (src.block, j, j, k))
            w("    if (at < (size_t)(%s) && owner(at, b) == owner(%d, b))" % (
                src.size, j))
            w("      bad += (q[%d]%s) != (%s); }" % (
                k, src.member, src.read(src.ref, "at")))
        if rnd.random() < 0.3:
            w("  upc_notify %d;" % phase)
            w("  upc_wait %d;" % phase)
        else:
            w("  upc_barrier;")
    # Every thread checks everything; thread 0 prints the checksum.
    for a in arrays:
        w("  for (i = 0; i < %s; ++i) {" % a.size)
        if a.kind == "rec":
            w("    rec_t x = %s[i];" % a.name)
            w("    bad += x.a != %s[i].a || x.b != %s[i].b;" % (a.ref, a.ref))
            w("    if (i < %d) acc = mix(acc, %s[i].a);" % (a.n, a.ref))
        else:
            w("    bad += %s[i] != %s[i];" % (a.name, a.ref))
            w("    if (i < %d) acc = mix(acc, (uint64_t)%s[i]);" % (a.n,
                                                                   a.ref))
        w("  }")
    w("  mismatches[MYTHREAD] = bad;")
    w("  upc_barrier;")
    w("  if (MYTHREAD == 0) {")
    w("    int total = 0;")
    w("    for (i = 0; i < THREADS; ++i) total += mismatches[i];")
    w("    printf(\"program %d: mismatches %%d checksum %%016llx\\n\", "
      "total, (unsigned long long)acc);" % seed)
    w("  }")
    w("  return 0;")
    w("}")
    return "\n".join(out) + "\n"


def parse_list(text):
    values = []
    for part in text.split(","):
        m = re.fullmatch(r"\s*(\d+)-(\d+)\s*", part)
        if m:
            values += range(int(m.group(1)), int(m.group(2)) + 1)
        elif part.strip():
            values.append(int(part))
    return values


def run_seed(seed, args):
    result = {"seed": seed, "runs": []}
    work = tempfile.mkdtemp(prefix="upc-gen-%d-" % seed)
    try:
        src = os.path.join(work, "gen%d.upc" % seed)
        with open(src, "w") as f:
            f.write(generate(seed))
        profile = args.profile_all or (
            args.profile_every and seed % args.profile_every == 0)
        variants = [(b, p) for b in args.backends for p in (
            [False, True] if args.profile_all else [bool(profile)])]
        sums = set()
        problems = []
        for backend, instrumented in variants:
            exe = os.path.join(work, "gen-%s%s" % (
                backend, "-profile" if instrumented else ""))
            cmd = [args.upc_instrument, "--backend=" + backend] + (
                ["--profile", "--tool=profile"] if instrumented else []) + [
                args.cc, "-O1", "-w", src, "-o", exe]
            if instrumented:
                backend += " --profile"
            r = subprocess.run(cmd, cwd=work, capture_output=True, text=True,
                               timeout=args.compile_time_limit)
            if r.returncode != 0:
                problems.append("%s: does not compile: %s" % (
                    backend, (r.stdout + r.stderr).strip()[:400]))
                continue
            for n in args.threads:
                env = campaign.program_env(work,
                                           GASP_PROFILE_FILE=os.devnull)
                try:
                    p = subprocess.run([args.upcrun, "-n", str(n), exe],
                                       cwd=work, capture_output=True,
                                       text=True, timeout=args.time_limit,
                                       env=env)
                    out, status = p.stdout + p.stderr, p.returncode
                except subprocess.TimeoutExpired:
                    out, status = "", None
                m = re.search(r"program \d+: mismatches (\d+) checksum "
                              r"([0-9a-f]+)", out)
                what = ("timed out" if status is None else
                        "exit status %d: %s" % (status, out[-300:])
                        if status != 0 else
                        "no result line" if not m else
                        "%s mismatches" % m.group(1)
                        if m.group(1) != "0" else None)
                result["runs"].append({"backend": backend, "threads": n,
                                       "problem": what})
                if what:
                    problems.append("%s, %d threads: %s" % (backend, n, what))
                else:
                    sums.add(m.group(2))
        if len(sums) > 1:
            problems.append("checksums differ between runs: %s" %
                            ", ".join(sorted(sums)))
        result["verdict"] = "disagree" if problems else "agree"
        result["problems"] = problems
        result["profile"] = bool(profile)
        if problems and args.keep_failures:
            campaign.keep_failure(src, args.keep_failures)
        return result
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main():
    build_bin = campaign.build_bin()
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = p.add_subparsers(dest="command", required=True)
    g = sub.add_parser("generate", help="print one program")
    g.add_argument("seed", type=int)
    r = sub.add_parser("run", help="generate, build and compare programs")
    r.add_argument("--seeds", default="1-30")
    r.add_argument("--threads", default="1,2,3,4")
    r.add_argument("--backends", default="pthreads,mpi")
    r.add_argument("--profile-every", type=int, default=3,
                   help="build every N'th seed with --profile --tool=profile "
                   "(0: never)")
    r.add_argument("--profile-all", action="store_true",
                   help="build every program both plainly and with "
                   "--profile --tool=profile")
    r.add_argument("--cc", default="gcc-12")
    r.add_argument("--upc-instrument",
                   default=os.path.join(build_bin, "upc-instrument"))
    r.add_argument("--upcrun", default=None)
    r.add_argument("--time-limit", type=int, default=300,
                   help="seconds after which a run counts as hung (runs "
                   "take well under a second; the limit only catches hangs)")
    r.add_argument("--compile-time-limit", type=int, default=120)
    r.add_argument("--jobs", type=int, default=2)
    r.add_argument("--keep-failures", default=None)
    r.add_argument("--report", default=None)
    r.add_argument("--verbose", action="store_true")
    args = p.parse_args()
    if args.command == "generate":
        sys.stdout.write(generate(args.seed))
        return 0
    if args.upcrun is None:
        args.upcrun = campaign.beside(args.upc_instrument, "upcrun")
    try:
        seeds = parse_list(args.seeds)
        args.threads = parse_list(args.threads)
    except ValueError as e:
        print("upc-gen: error: %s" % e, file=sys.stderr)
        return 2
    args.backends = [b.strip() for b in args.backends.split(",") if b.strip()]
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        results = list(pool.map(lambda s: run_seed(s, args), seeds))
    bad = [r for r in results if r["verdict"] != "agree"]
    for r in results:
        if r in bad or args.verbose:
            print("%-9s program %-6d %s" % (r["verdict"], r["seed"],
                                            "; ".join(r["problems"])))
    print("upc-gen %s: %d programs at %s threads on %s (%s): "
          "%d agree, %d disagree" % (
              args.seeds, len(results),
              ",".join(str(n) for n in args.threads),
              ",".join(args.backends),
              "each plainly and with --profile" if args.profile_all else
              "%d with --profile" % sum(r["profile"] for r in results),
              len(results) - len(bad), len(bad)))
    if args.report:
        with open(args.report, "w") as f:
            json.dump(results, f, indent=1)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
