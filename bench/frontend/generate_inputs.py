#!/usr/bin/env python3
"""Writes the inputs of the front-end benchmark (bench/frontend/run.py).

Two translation units of about the same length (2,000-2,500 lines), generated
deterministically from a fixed seed with the Python standard library only:

  frontend_c.c      plain C (which is also valid UPC): structs, enums,
                    typedefs, static helpers with loops, switches and
                    arithmetic, function pointer tables, qsort, string and
                    math library calls, and a main.
  frontend_upc.upc  UPC-heavy code of the same size: shared arrays with
                    every kind of layout qualifier, strict/relaxed accesses,
                    pointer-to-shared arithmetic and casts, upc_forall loops
                    with integer, pointer, `continue` and no affinity,
                    barriers, split-phase barriers, fences, locks, bulk
                    transfers, collectives from <upc_collective.h>, the
                    upc_*sizeof operators and macros that expand to UPC
                    constructs.

Both files are checked to pass `upc-instrument -fsyntax-only` (and the C file
`clang-19 -fsyntax-only`) without any diagnostic by run.py, which regenerates
them on every run. The same seed always gives byte-identical files.

Usage: generate_inputs.py [-o DIR] [--seed N] [--lines N]
"""

import argparse
import os
import random
import re
import sys

DEFAULT_SEED = 20240519
# Both files are grown module by module until they reach this many lines;
# a module is about 100 lines, so they end up between 2,000 and 2,500.
DEFAULT_TARGET_LINES = 2150

C_FILE = "frontend_c.c"
UPC_FILE = "frontend_upc.upc"

# Names of the "modules" each file is made of (a theme per module).
ADJECTIVES = ["fast", "deep", "wide", "cold", "warm", "dense", "sparse",
              "local", "remote", "prime", "outer", "inner", "early", "late",
              "bright", "quiet", "rough", "smooth", "solid", "light"]
NOUNS = ["sensor", "packet", "ledger", "particle", "voxel", "tile", "route",
         "sample", "signal", "bucket", "cell", "grid", "frame", "track",
         "batch", "chunk", "probe", "node", "edge", "mesh", "queue", "token"]


class Writer:
    """Collects the lines of one file with the current indentation."""

    def __init__(self):
        self.lines = []
        self.depth = 0

    def __call__(self, text=""):
        for line in text.split("\n"):
            self.lines.append(("  " * self.depth + line) if line else "")

    def open(self, text):
        self(text + " {")
        self.depth += 1

    def close(self, suffix=""):
        self.depth -= 1
        self("}" + suffix)

    def text(self):
        return "\n".join(self.lines) + "\n"


def theme_names(rng, count):
    """Distinct identifiers such as 'cold_sensor', in a seeded order."""
    pairs = [(a, n) for a in ADJECTIVES for n in NOUNS]
    rng.shuffle(pairs)
    return ["%s_%s" % p for p in pairs[:count]]


def fconst(rng, lo=0.1, hi=9.9):
    return "%.3f" % rng.uniform(lo, hi)


def double_expr(rng, atoms, depth=2):
    """A random, well-defined arithmetic expression of type double."""
    if depth == 0 or rng.random() < 0.25:
        if rng.random() < 0.3:
            return fconst(rng)
        return rng.choice(atoms)
    kind = rng.randrange(7)
    a = double_expr(rng, atoms, depth - 1)
    b = double_expr(rng, atoms, depth - 1)
    if kind == 0:
        return "(%s + %s)" % (a, b)
    if kind == 1:
        return "(%s - %s * %s)" % (a, fconst(rng), b)
    if kind == 2:
        return "%s * %s" % (a, b)
    if kind == 3:
        return "sqrt(fabs(%s) + %s)" % (a, fconst(rng))
    if kind == 4:
        return "%s(%s)" % (rng.choice(["sin", "cos", "atan", "tanh"]), a)
    if kind == 5:
        return "(%s / (1.0 + fabs(%s)))" % (a, b)
    return "fmax(%s, %s)" % (a, b)


def double_expr_using(rng, atom, others, depth=2):
    """Like double_expr, but certainly uses atom."""
    e = double_expr(rng, [atom] + others, depth)
    if not re.search(r"(?<!\w)%s(?!\w)" % re.escape(atom), e):
        e = "(%s %s %s)" % (atom, rng.choice(["+", "*", "-"]), e)
    return e


def int_expr(rng, atoms, depth=2):
    """A random integer expression (no division by a variable, no shifts of
    negative values)."""
    if depth == 0 or rng.random() < 0.3:
        if rng.random() < 0.3:
            return str(rng.randint(1, 97))
        return rng.choice(atoms)
    a = int_expr(rng, atoms, depth - 1)
    b = int_expr(rng, atoms, depth - 1)
    op = rng.choice(["+", "-", "*", "^", "&", "|"])
    if rng.random() < 0.2:
        return "((%s) %% %d)" % (a, rng.randint(3, 61))
    return "(%s %s %s)" % (a, op, b)


# ---------------------------------------------------------------------------
# Plain C
# ---------------------------------------------------------------------------

def c_module(w, rng, name):
    up = name.upper()
    nvals = rng.choice([4, 6, 8, 12, 16])
    nkinds = rng.randint(3, 6)
    kinds = ["%s_KIND_%d" % (up, k) for k in range(nkinds)]
    label_len = rng.choice([16, 24, 32])
    nmetrics = rng.randint(2, 4)

    w("/* ---- %s ------------------------------------------------------ */" % name)
    w()
    w("enum %s_kind {" % name)
    for k, kind in enumerate(kinds):
        w("  %s%s," % (kind, " = %d" % (k * 2) if k == 0 else ""))
    w("  %s_KIND_COUNT" % up)
    w("};")
    w()
    w("struct %s {" % name)
    w("  int id;")
    w("  enum %s_kind kind;" % name)
    w("  double values[%d];" % nvals)
    w("  char label[%d];" % label_len)
    w("  float weight;")
    w("  unsigned count;")
    w("  struct %s *next;" % name)
    w("};")
    w()
    w("typedef struct %s %s_t;" % (name, name))
    w("typedef double (*%s_metric_fn)(const %s_t *);" % (name, name))
    w()

    # Constructor.
    w.open("static %s_t *%s_create(int id, enum %s_kind kind)" % (name, name, name))
    w("%s_t *item = malloc(sizeof *item);" % name)
    w("if (!item)")
    w("  return NULL;")
    w("memset(item, 0, sizeof *item);")
    w("item->id = id;")
    w("item->kind = kind;")
    w("item->weight = (float)(%s + id * %s);" % (fconst(rng), fconst(rng, 0.01, 0.5)))
    w("snprintf(item->label, sizeof item->label, \"%s-%%d\", id);" % name[:6])
    w.open("for (int i = 0; i < %d; ++i)" % nvals)
    w("double x = (double)(id + i) * %s;" % fconst(rng, 0.01, 1.0))
    w("item->values[i] = %s;" % double_expr_using(rng, "x", ["(double)i", "item->weight"]))
    w.close()
    w("return item;")
    w.close()
    w()

    # Linked list helpers.
    w.open("static void %s_destroy_list(%s_t *head)" % (name, name))
    w.open("while (head)")
    w("%s_t *next = head->next;" % name)
    w("free(head);")
    w("head = next;")
    w.close()
    w.close()
    w()
    w.open("static size_t %s_list_length(const %s_t *head)" % (name, name))
    w("size_t n = 0;")
    w("for (; head; head = head->next)")
    w("  ++n;")
    w("return n;")
    w.close()
    w()

    # Metrics.
    for m in range(nmetrics):
        w.open("static double %s_metric_%d(const %s_t *p)" % (name, m, name))
        w("double acc = %s;" % fconst(rng))
        w.open("for (int i = 0; i < %d; ++i)" % nvals)
        w("double v = p->values[i];")
        if rng.random() < 0.5:
            w("if (v < %s)" % fconst(rng, -1.0, 1.0))
            w("  continue;")
        w("acc += %s;" % double_expr_using(rng, "v", ["acc", "(double)p->weight"], 3))
        w.close()
        w("return acc / %d.0;" % nvals)
        w.close()
        w()

    # qsort comparator.
    w.open("static int %s_compare(const void *a, const void *b)" % name)
    w("const %s_t *x = a;" % name)
    w("const %s_t *y = b;" % name)
    w("if (x->weight != y->weight)")
    w("  return x->weight < y->weight ? -1 : 1;")
    w("return strcmp(x->label, y->label);")
    w.close()
    w()

    # Switch over the enum.
    w.open("static const char *%s_kind_name(enum %s_kind kind)" % (name, name))
    w.open("switch (kind)")
    for k, kind in enumerate(kinds):
        w("case %s:" % kind)
        w("  return \"%s\";" % kind.lower())
    w("default:")
    w("  return \"unknown\";")
    w.close()
    w.close()
    w()

    # Processing with a switch and integer arithmetic.
    w.open("static double %s_process(%s_t *items, size_t n, %s_metric_fn fn)"
           % (name, name, name))
    w("double total = 0.0;")
    w("unsigned mix = %du;" % rng.randint(1, 9999))
    w.open("for (size_t i = 0; i < n; ++i)")
    w("%s_t *it = &items[i];" % name)
    w("double m = fn(it);")
    w.open("switch (it->kind)")
    for k, kind in enumerate(kinds[:-1]):
        w("case %s:" % kind)
        choice = rng.randrange(4)
        if choice == 0:
            w("  total += m * %s;" % fconst(rng))
        elif choice == 1:
            w("  total -= %s;" % double_expr(rng, ["m", "total"], 2))
        elif choice == 2:
            w("  mix = mix * %du + (unsigned)it->id;" % rng.randint(3, 97))
            w("  total += (double)(mix %% %du);" % rng.randint(5, 101))
        else:
            w("  it->count += %du;" % rng.randint(1, 9))
            w("  total += m / (1.0 + it->count);")
        w("  break;")
    w("default:")
    w("  total += fabs(m);")
    w("  break;")
    w.close()
    w("if (total > %s)" % fconst(rng, 1e5, 1e6))
    w("  break;")
    w.close()
    w("return total + (double)(mix & 0xffu);")
    w.close()
    w()

    # Report.
    w.open("static void %s_report(FILE *out, const %s_t *items, size_t n)"
           % (name, name))
    w("char line[128];")
    w.open("for (size_t i = 0; i < n && i < %d; ++i)" % rng.randint(3, 9))
    w("int len = snprintf(line, sizeof line, \"%s %s %.3f\", items[i].label,")
    w("                   %s_kind_name(items[i].kind), (double)items[i].weight);" % name)
    w("if (len > 0 && (size_t)len < sizeof line)")
    w("  fputs(line, out);")
    w("fputc('\\n', out);")
    w.close()
    w.close()
    w()

    # A few of the optional helpers, each used by the driver below.
    extras = rng.sample(sorted(C_EXTRAS), 2)
    calls = [C_EXTRAS[e](w, rng, name) for e in extras]

    # Function pointer table and driver.
    w("static %s_metric_fn const %s_metrics[] = {" % (name, name))
    w("    " + ", ".join("%s_metric_%d" % (name, m) for m in range(nmetrics)) + ",")
    w("};")
    w()
    count = rng.choice([8, 12, 16, 24, 32])
    w.open("static double %s_run(FILE *out, unsigned seed)" % name)
    w("%s_t items[%d];" % (name, count))
    w("%s_t *head = NULL;" % name)
    w("double result = 0.0;")
    w.open("for (int i = 0; i < %d; ++i)" % count)
    w("int id = (int)((seed + (unsigned)i * %du) %% 1000u);" % rng.randint(3, 997))
    w("%s_t *item = %s_create(id, (enum %s_kind)(i %% %s_KIND_COUNT));"
      % (name, name, name, up))
    w("if (!item)")
    w("  break;")
    w("items[i] = *item;")
    w("item->next = head;")
    w("head = item;")
    w.close()
    w("qsort(items, %d, sizeof items[0], %s_compare);" % (count, name))
    w("for (size_t m = 0; m < sizeof %s_metrics / sizeof %s_metrics[0]; ++m)"
      % (name, name))
    w("  result += %s_process(items, %d, %s_metrics[m]);" % (name, count, name))
    w("if (strncmp(items[0].label, \"%s\", 3) == 0)" % name[:3])
    w("  result += (double)%s_list_length(head);" % name)
    for call in calls:
        w("result += %s;" % call)
    w("%s_report(out, items, %d);" % (name, count))
    w("%s_destroy_list(head);" % name)
    w("return result;")
    w.close()
    w()


def c_extra_matrix(w, rng, name):
    n = rng.choice([3, 4, 5, 6])
    w("typedef double %s_matrix[%d][%d];" % (name, n, n))
    w()
    w.open("static void %s_matrix_mul(%s_matrix out, const %s_matrix a, const %s_matrix b)"
           % (name, name, name, name))
    w.open("for (int r = 0; r < %d; ++r)" % n)
    w.open("for (int c = 0; c < %d; ++c)" % n)
    w("double s = 0.0;")
    w("for (int k = 0; k < %d; ++k)" % n)
    w("  s += a[r][k] * b[k][c];")
    w("out[r][c] = s;")
    w.close()
    w.close()
    w.close()
    w()
    w.open("static double %s_matrix_trace(unsigned seed)" % name)
    w("%s_matrix a, b, c;" % name)
    w.open("for (int r = 0; r < %d; ++r)" % n)
    w.open("for (int k = 0; k < %d; ++k)" % n)
    w("a[r][k] = (double)((seed + (unsigned)(r * %d + k)) %% %du) * %s;"
      % (n, rng.randint(7, 31), fconst(rng, 0.01, 0.9)))
    w("b[k][r] = r == k ? %s : -a[r][k] / %d.0;" % (fconst(rng, 1.0, 2.0), rng.randint(2, 9)))
    w.close()
    w.close()
    w("%s_matrix_mul(c, (const double (*)[%d])a, (const double (*)[%d])b);"
      % (name, n, n))
    w("double t = 0.0;")
    w("for (int d = 0; d < %d; ++d)" % n)
    w("  t += c[d][d];")
    w("return t;")
    w.close()
    w()
    return "%s_matrix_trace(seed)" % name


def c_extra_hash(w, rng, name):
    mult = rng.choice([31, 33, 37, 131, 16777619])
    w.open("static unsigned long %s_hash(const char *s)" % name)
    w("unsigned long h = %dul;" % rng.randint(1000, 99999))
    w.open("while (*s)")
    w("h = (h * %dul) ^ (unsigned char)*s++;" % mult)
    w("h ^= h >> %d;" % rng.randint(3, 17))
    w.close()
    w("return h;")
    w.close()
    w()
    w.open("static double %s_hash_items(const %s_t *items, size_t n)" % (name, name))
    w("unsigned long h = 0;")
    w("for (size_t i = 0; i < n; ++i)")
    w("  h += %s_hash(items[i].label) %% %dul;" % (name, rng.randint(100, 9999)))
    w("return (double)(h & 0xffffu);")
    w.close()
    w()
    return "%s_hash_items(items, sizeof items / sizeof items[0])" % name


def c_extra_bits(w, rng, name):
    w("union %s_bits {" % name)
    w("  double d;")
    w("  unsigned long long u;")
    w("  unsigned char bytes[sizeof(double)];")
    w("};")
    w()
    w.open("static int %s_popcount(double value)" % name)
    w("union %s_bits b;" % name)
    w("int count = 0;")
    w("b.d = value;")
    w.open("for (size_t i = 0; i < sizeof b.bytes; ++i)")
    w("unsigned char c = b.bytes[i];")
    w.open("while (c)")
    w("count += c & 1u;")
    w("c >>= 1;")
    w.close()
    w.close()
    w("return count + (int)(b.u >> %d & 0x%xu);" % (rng.randint(40, 60), rng.randint(1, 255)))
    w.close()
    w()
    return "(double)%s_popcount(result + %s)" % (name, fconst(rng))


def c_extra_parse(w, rng, name):
    sep = rng.choice([",", ";", ":"])
    w.open("static int %s_parse(const char *text, long *out, int max)" % name)
    w("int n = 0;")
    w("const char *p = text;")
    w.open("do")
    w("char *end;")
    w("long v = strtol(p, &end, 10);")
    w("if (end == p)")
    w("  break;")
    w("if (n < max)")
    w("  out[n++] = v;")
    w("p = strchr(end, '%s');" % sep)
    w("if (p)")
    w("  ++p;")
    w.close(" while (p && *p);")
    w("return n;")
    w.close()
    w()
    values = sep.join(str(rng.randint(0, 999)) for _ in range(rng.randint(3, 8)))
    w.open("static double %s_parse_config(void)" % name)
    w("static const char config[] = \"%s\";" % values)
    w("long numbers[16];")
    w("int n = %s_parse(config, numbers, 16);" % name)
    w("double s = 0.0;")
    w("for (int i = 0; i < n; ++i)")
    w("  s += (double)numbers[i] * %s;" % fconst(rng, 0.1, 2.0))
    w("return s;")
    w.close()
    w()
    return "%s_parse_config()" % name


C_EXTRAS = {
    "matrix": c_extra_matrix,
    "hash": c_extra_hash,
    "bits": c_extra_bits,
    "parse": c_extra_parse,
}


def generate_c(seed, target_lines):
    rng = random.Random(seed)
    w = Writer()
    w("/* Front-end benchmark input: plain C (also valid UPC).")
    w(" * Generated by bench/frontend/generate_inputs.py, seed %d; do not edit. */" % seed)
    w()
    w("#include <stdio.h>")
    w("#include <stdlib.h>")
    w("#include <string.h>")
    w("#include <math.h>")
    w()
    w("#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))")
    w("#define SQUARE(x) ((x) * (x))")
    w()
    names = theme_names(rng, 200)
    used = []
    # main and its driver table are about 12 + 1 per module lines.
    while len(w.lines) + 14 + len(used) < target_lines:
        name = names[len(used)]
        c_module(w, rng, name)
        used.append(name)

    w("typedef double (*run_fn)(FILE *, unsigned);")
    w()
    w("static run_fn const all_runs[] = {")
    for name in used:
        w("    %s_run," % name)
    w("};")
    w()
    w.open("int main(int argc, char **argv)")
    w("unsigned seed = argc > 1 ? (unsigned)strtoul(argv[1], NULL, 10) : %du;" % seed)
    w("double total = 0.0;")
    w("for (size_t i = 0; i < ARRAY_LEN(all_runs); ++i)")
    w("  total += all_runs[i](stdout, seed + (unsigned)i);")
    w("printf(\"total %.6f (%.3f)\\n\", total, SQUARE(total) / 1e9);")
    w("return total > 0.0 ? EXIT_SUCCESS : EXIT_FAILURE;")
    w.close()
    return w.text()


# ---------------------------------------------------------------------------
# UPC
# ---------------------------------------------------------------------------

# Macros that expand to UPC constructs, shared by all modules and defined at
# the top of the file; each module also defines a few of its own next to the
# code that uses them.
UPC_MACROS = """\
#define FOR_MINE(i, n, arr) upc_forall ((i) = 0; (i) < (n); (i)++; &(arr)[i])
#define FOR_OWNED(i, n) upc_forall ((i) = 0; (i) < (n); (i)++; (i))
#define FOR_ALL(i, n) upc_forall ((i) = 0; (i) < (n); (i)++; continue)
#define SYNC_ALL() upc_barrier
#define SYNC_PHASE(p) upc_barrier (p)
#define SPLIT_PHASE(p, work) \\
  do {                       \\
    upc_notify (p);          \\
    work;                    \\
    upc_wait (p);            \\
  } while (0)
#define WITH_LOCK(l, stmt) \\
  do {                     \\
    upc_lock(l);           \\
    stmt;                  \\
    upc_unlock(l);         \\
  } while (0)
#define BLOCKED(T, B) shared [B] T
#define PER_THREAD(n) ((n) * THREADS)
#define MY_FIRST(b) ((b) * MYTHREAD)
#define IS_ROOT (MYTHREAD == 0)
#define NEXT_THREAD ((MYTHREAD + 1) % THREADS)
#define LOCAL_PART(p) ((double *)(p))
#define BLOCK_OF(arr) upc_blocksizeof(arr)
#define ELEMS_PER_THREAD(arr) (upc_localsizeof(arr) / upc_elemsizeof(arr))
#define FENCED(stmt) \\
  do {               \\
    stmt;            \\
    upc_fence;       \\
  } while (0)"""


def upc_module(w, rng, name, index):
    up = name.upper()
    blk = rng.choice([4, 8, 16, 32, 64])
    hist = rng.choice([16, 32, 64])
    dirn = rng.choice([32, 64, 128])
    ctype = rng.choice(["int", "long", "unsigned"])
    reduce_suffix = {"int": "I", "long": "L", "unsigned": "UI"}[ctype]

    w("/* ---- %s ------------------------------------------------------ */" % name)
    w()
    w("enum { %s_BLK = %d, %s_HIST = %d, %s_DIRN = %d };"
      % (up, blk, up, hist, up, dirn))
    w()
    w("struct %s_cell {" % name)
    w("  double value;")
    w("  long stamp;")
    w("  int owner;")
    w("};")
    w()
    w("struct %s_view {" % name)
    w("  shared [%s_BLK] double *base;" % up)
    w("  shared [] %s *dir;" % ctype)
    w("  size_t len;")
    w("};")
    w()
    w("typedef shared [%s_BLK] double *%s_ptr;" % (up, name))
    w("typedef struct %s_cell %s_cell_t;" % (name, name))
    w()
    w("shared [%s_BLK] double %s_data[%s_BLK * THREADS];" % (up, name, up))
    w("BLOCKED(double, %s_BLK) %s_work[PER_THREAD(%s_BLK)];" % (up, name, up))
    w("shared [*] %s %s_hist[%s_HIST * THREADS];" % (ctype, name, up))
    w("relaxed shared [%s_BLK] %s %s_count[%s_BLK * THREADS];" % (up, ctype, name, up))
    w("shared %s %s_total[THREADS];" % (ctype, name))
    w("shared double %s_sum[THREADS];" % name)
    w("shared %s_cell_t %s_cells[THREADS];" % (name, name))
    w("shared [] %s *%s_dir;" % (ctype, name))
    w("strict shared int %s_flag;" % name)
    w("strict shared [1] long %s_epoch;" % name)
    w("upc_lock_t *%s_lock;" % name)
    w("%s_ptr shared %s_cursor;" % (name, name))
    w()

    # Module-local macros, defined next to the code that uses them.
    w("#define %s_ELEMS (%s_BLK * THREADS)" % (up, up))
    w("#define %s_EACH(i) upc_forall ((i) = 0; (i) < %s_ELEMS; (i)++; &%s_data[i])"
      % (up, up, name))
    w()

    # Initialisation with all kinds of affinity.
    w.open("static void %s_init(void)" % name)
    w("int i;")
    w.open("upc_forall (i = 0; i < %s_BLK * THREADS; i++; &%s_data[i])" % (up, name))
    w("%s_data[i] = %s;" % (name, double_expr(rng, ["(double)i", "(double)MYTHREAD"], 2)))
    w("%s_work[i] = 0.0;" % name)
    w.close()
    w("%s_EACH(i)" % up)
    w("  %s_work[i] += %s_data[i] * %s;" % (name, name, fconst(rng, 0.1, 1.0)))
    w("FOR_OWNED(i, %s_HIST * THREADS)" % up)
    w("  %s_hist[i] = 0;" % name)
    w("upc_forall (i = 0; i < THREADS; i++; &%s_cells[i])" % name)
    w("  %s_cells[i].owner = i;" % name)
    w("upc_forall (int j = 0; j < PER_THREAD(%s_BLK); j++; continue)" % up)
    w("  %s_count[j] = 0;" % name)
    w("%s_lock = upc_all_lock_alloc();" % name)
    w("%s_dir = (shared [] %s *)upc_all_alloc(1, %s_DIRN * sizeof(%s));"
      % (name, ctype, up, ctype))
    w.open("if (IS_ROOT)")
    w("%s_flag = 0;" % name)
    w("%s_epoch = %dL;" % (name, rng.randint(1, 999)))
    w("%s_cursor = &%s_data[0];" % (name, name))
    w("for (i = 0; i < %s_DIRN; i++)" % up)
    w("  %s_dir[i] = (%s)(%s);" % (name, ctype, int_expr(rng, ["i"], 2)))
    w.close()
    w("SYNC_ALL();")
    w.close()
    w()

    # Local access through a cast to a private pointer.
    w.open("static double %s_local_sum(%s_ptr base)" % (name, name))
    w("double *mine = LOCAL_PART(base + MY_FIRST(%s_BLK));" % up)
    w("double s = 0.0;")
    w("for (int k = 0; k < %s_BLK; k++)" % up)
    w("  s += %s;" % double_expr_using(rng, "mine[k]", ["s"], 2))
    w("return s;")
    w.close()
    w()

    # Pointer-to-shared arithmetic, comparison and queries.
    stride = rng.randint(1, 5)
    w.open("static double %s_walk(shared [%s_BLK] double *p, shared [%s_BLK] double *end)"
           % (name, up, up))
    w("double acc = 0.0;")
    w("long steps = 0;")
    w.open("while (p < end)")
    w("acc += *p;")
    w("if (upc_threadof(p) == (size_t)MYTHREAD)")
    w("  acc *= %s;" % fconst(rng, 1.0, 1.01))
    w("if (upc_phaseof(p) == 0)")
    w("  acc += (double)upc_addrfield(p) * 1e-9;")
    w("p += %d;" % stride)
    w("steps++;")
    w.close()
    w("return acc / (double)(steps ? steps : 1) + (double)(p - end);")
    w.close()
    w()
    w.open("static shared [%s_BLK] double *%s_locate(int thread, int k)" % (up, name))
    w("shared [%s_BLK] double *p = &%s_data[thread * %s_BLK];" % (up, name, up))
    w("return p + (k %% %s_BLK);" % up)
    w.close()
    w()

    # Bulk transfers.
    w.open("static void %s_exchange(void)" % name)
    w("double buf[%s_BLK];" % up)
    w("int peer = NEXT_THREAD;")
    w("upc_memget(buf, &%s_data[peer * %s_BLK], sizeof buf);" % (name, up))
    w("for (int k = 0; k < %s_BLK; k++)" % up)
    w("  buf[k] = %s;" % double_expr_using(rng, "buf[k]", ["(double)k"], 2))
    w("upc_memput(&%s_work[MY_FIRST(%s_BLK)], buf, sizeof buf);" % (name, up))
    w("upc_memcpy(%s_locate(peer, 0), &%s_work[MY_FIRST(%s_BLK)],"
      % (name, name, up))
    w("           %s_BLK * sizeof(double));" % up)
    w("upc_memset(&%s_count[MY_FIRST(%s_BLK)], 0, sizeof(%s));" % (name, up, ctype))
    w("upc_fence;")
    w.close()
    w()

    # Layout casts and the sizeof operators.
    w.open("static size_t %s_layout(struct %s_view *view)" % (name, name))
    w("shared [] double *flat = (shared [] double *)&%s_data[MY_FIRST(%s_BLK)];"
      % (name, up))
    w("%s_ptr back = (%s_ptr)flat;" % (name, name))
    w("shared void *any = (shared void *)back;")
    w("shared [%s_BLK] double *again = (shared [%s_BLK] double *)any;" % (up, up))
    w("view->base = again;")
    w("view->dir = %s_dir;" % name)
    w("view->len = upc_localsizeof(%s_data) / upc_elemsizeof(%s_data);" % (name, name))
    w("any = upc_resetphase(any);")
    w("return BLOCK_OF(%s_data) + upc_blocksizeof(%s_hist) +" % (name, name))
    w("       ELEMS_PER_THREAD(%s_count) + upc_blocksizeof(*back) +" % name)
    w("       upc_elemsizeof(shared [%d] %s) + (size_t)(again - back);"
      % (rng.choice([1, 2, 4, 8]), ctype))
    w.close()
    w()

    # Locks and strict accesses.
    w.open("static void %s_update(int delta)" % name)
    w("WITH_LOCK(%s_lock, %s_cells[0].stamp += delta);" % (name, name))
    w.open("if (upc_lock_attempt(%s_lock))" % name)
    w("%s_cells[MYTHREAD].value += %s;" % (name, fconst(rng)))
    w("%s_flag = %s_flag + 1;" % (name, name))
    w("upc_unlock(%s_lock);" % name)
    w.close()
    w("upc_lock(%s_lock);" % name)
    w("%s_epoch++;" % name)
    w("%s_total[MYTHREAD] += (%s)delta;" % (name, ctype))
    w("upc_unlock(%s_lock);" % name)
    w.close()
    w()

    # Histogram with a strict region.
    w.open("static void %s_histogram(void)" % name)
    w("#pragma upc strict")
    w("int i;")
    w.open("FOR_MINE(i, %s_BLK * THREADS, %s_data)" % (up, name))
    w("int bin = (int)(fabs(%s_data[i]) * %d.0) %% (%s_HIST * THREADS);"
      % (name, rng.randint(3, 50), up))
    w("%s_hist[bin] += 1;" % name)
    w("%s_count[i] += (%s)bin;" % (name, ctype))
    w.close()
    w("upc_forall (i = 0; i < %s_HIST * THREADS; i++; )" % up)
    w("  %s_hist[i] = %s_hist[i] + 0;" % (name, name))
    w.close()
    w()

    # Collectives.
    w.open("static void %s_collect(void)" % name)
    w("int i;")
    w("FOR_ALL(i, THREADS)")
    w("  %s_sum[i] = %s_sum[i] * %s;" % (name, name, fconst(rng, 0.1, 1.0)))
    w("upc_all_reduceD(&%s_sum[0], %s_data, UPC_ADD, %s_ELEMS," % (name, name, up))
    w("                upc_blocksizeof(%s_data), NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);"
      % name)
    w("upc_all_prefix_reduce%s(%s_count, %s_count, UPC_%s, %s_BLK * THREADS,"
      % (reduce_suffix, name, name, rng.choice(["ADD", "MAX", "MIN", "OR"]), up))
    w("                        %s_BLK, NULL, UPC_IN_MYSYNC | UPC_OUT_MYSYNC);" % up)
    w("upc_all_broadcast(%s_work, &%s_data[0], %s_BLK * sizeof(double)," % (name, name, up))
    w("                  UPC_IN_NOSYNC | UPC_OUT_NOSYNC);")
    w("upc_all_gather(%s_work, %s_data, %s_BLK * sizeof(double), 0);" % (name, name, up))
    w("upc_all_scatter(%s_data, %s_work, %s_BLK * sizeof(double), 0);" % (name, name, up))
    w("upc_all_exchange(%s_work, %s_data, sizeof(double), UPC_IN_ALLSYNC);" % (name, name))
    w.close()
    w()

    # Phases with split barriers.
    phase = rng.randint(1, 9999)
    w.open("static double %s_step(int iteration)" % name)
    w("struct %s_view view;" % name)
    w("double result = 0.0;")
    w("SPLIT_PHASE(iteration + %d, result += %s_local_sum(%s_data));" % (phase, name, name))
    w("upc_notify;")
    w("result += (double)%s_layout(&view);" % name)
    w("upc_wait;")
    w("%s_exchange();" % name)
    w("SYNC_PHASE(iteration);")
    w("result += %s_walk(view.base, %s_locate(THREADS - 1, %s_BLK - 1));"
      % (name, name, up))
    w("%s_update(iteration);" % name)
    w("%s_histogram();" % name)
    w("upc_barrier iteration + %d;" % (phase + 1))
    w("%s_collect();" % name)
    w("FENCED(%s_flag = iteration);" % name)
    w("if (IS_ROOT)")
    w("  result += %s_sum[0] + (double)%s_total[0];" % (name, name))
    w("return result;")
    w.close()
    w()


def generate_upc(seed, target_lines):
    rng = random.Random(seed + 1)
    w = Writer()
    w("/* Front-end benchmark input: UPC-heavy code.")
    w(" * Generated by bench/frontend/generate_inputs.py, seed %d; do not edit. */" % seed)
    w()
    w("#include <upc_relaxed.h>")
    w("#include <upc_collective.h>")
    w("#include <stdio.h>")
    w("#include <stdlib.h>")
    w("#include <string.h>")
    w("#include <math.h>")
    w()
    w(UPC_MACROS)
    w()
    names = theme_names(rng, 200)
    used = []
    while len(w.lines) + 22 + 2 * len(used) < target_lines:
        name = names[len(used)]
        upc_module(w, rng, name, len(used))
        used.append(name)

    w("typedef double (*step_fn)(int);")
    w()
    w("static step_fn const all_steps[] = {")
    for name in used:
        w("    %s_step," % name)
    w("};")
    w()
    w.open("int main(int argc, char **argv)")
    w("int iterations = argc > 1 ? atoi(argv[1]) : %d;" % rng.randint(2, 9))
    w("double total = 0.0;")
    for name in used:
        w("%s_init();" % name)
    w("upc_barrier;")
    w.open("for (int it = 0; it < iterations; it++)")
    w("for (size_t s = 0; s < sizeof all_steps / sizeof all_steps[0]; s++)")
    w("  total += all_steps[s](it);")
    w("upc_barrier it;")
    w.close()
    w("if (IS_ROOT)")
    w("  printf(\"threads %d total %.6f\\n\", THREADS, total);")
    w("SYNC_ALL();")
    w("return 0;")
    w.close()
    return w.text()


def write_inputs(out_dir, seed=DEFAULT_SEED, target_lines=DEFAULT_TARGET_LINES):
    """Writes both inputs into out_dir; returns their paths (C, UPC)."""
    os.makedirs(out_dir, exist_ok=True)
    paths = []
    for file_name, text in ((C_FILE, generate_c(seed, target_lines)),
                            (UPC_FILE, generate_upc(seed, target_lines))):
        path = os.path.join(out_dir, file_name)
        with open(path, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
        paths.append(path)
    return tuple(paths)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-o", "--output-dir", default=".",
                        help="directory to write the inputs to (default: .)")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED,
                        help="random seed (default: %(default)s)")
    parser.add_argument("--lines", type=int, default=DEFAULT_TARGET_LINES,
                        help="approximate length of each file (default: %(default)s)")
    args = parser.parse_args(argv)
    for path in write_inputs(args.output_dir, args.seed, args.lines):
        with open(path, encoding="utf-8") as f:
            print("%s: %d lines" % (path, sum(1 for _ in f)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
