#!/usr/bin/env python3
"""check-layering.py ARCHIVE...: no circle of calls between the files of a
library.

For each static library (a .a of the runtime or the GASP tools), every
member object is a node, and A -> B when A calls a function that B defines
(nm: the global functions each object defines and the symbols it needs;
variables and weak defaults are not calls). Prints each circle (a
strongly connected component of more than one object) and exits 1 when any
exists, else prints how many objects and edges each library has. Calls made
through function pointers (the core's hooks) are not links and are not
seen: they are the one way a lower layer calls back. See docs/design.md,
"The runtime's seams".
"""
import subprocess
import sys


def symbols(archive, *flags):
    """{object: [(nm type, symbol)]} from `nm -A FLAGS archive`."""
    out = subprocess.run(["nm", "-A", *flags, archive], capture_output=True,
                         text=True, check=True).stdout
    found = {}
    for line in out.splitlines():
        # archive:member:[address] type name
        head, _, rest = line.rpartition(":")
        parts = rest.split()
        if len(parts) >= 2:
            found.setdefault(head.split(":")[-1], []).append(
                (parts[-2], parts[-1]))
    return found


def members(archive):
    """{object: (functions defined, symbols needed)} for archive's members.
    Functions only (nm type T): a variable is not a call, and a weak
    function (W) is a default meant to be replaced, not called."""
    defined = symbols(archive, "--defined-only", "-g")
    undefined = symbols(archive, "--undefined-only")
    return {o: ({n for t, n in defined.get(o, []) if t == "T"},
                {n for _, n in undefined.get(o, [])})
            for o in set(defined) | set(undefined)}


def circles(graph):
    """Strongly connected components with more than one node (Tarjan)."""
    index, low, stack, on, found = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__.strip().splitlines()[0])
    failed = False
    for archive in sys.argv[1:]:
        try:
            objs = members(archive)
        except (OSError, subprocess.CalledProcessError) as e:
            print("%s: error: cannot read the library (%s)" % (archive, e))
            failed = True
            continue
        owner = {}
        for obj, (defs, _) in objs.items():
            for sym in defs:
                owner.setdefault(sym, obj)
        graph = {o: set() for o in objs}
        why = {}
        for obj, (_, needs) in objs.items():
            for sym in needs:
                target = owner.get(sym)
                if target and target != obj:
                    graph[obj].add(target)
                    why.setdefault((obj, target), sym)
        found = circles(graph)
        edges = sum(len(t) for t in graph.values())
        name = archive.rsplit("/", 1)[-1]
        if not found:
            print("%s: %d files, %d links, no circle" % (name, len(objs), edges))
        for comp in found:
            failed = True
            links = ["%s -> %s (%s)" % (a, b, why[(a, b)])
                     for a in comp for b in sorted(graph[a]) if b in comp]
            print("%s: circle between %s: %s" %
                  (name, ", ".join(comp), "; ".join(links)))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
