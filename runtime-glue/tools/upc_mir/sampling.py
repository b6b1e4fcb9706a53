"""Call-stack samples of a running program, taken through MIR snapshot
requests (section 3; docs/mir.md, "Bottleneck search"): what upc-mir search
knows of the functions too costly to measure with probes (called millions
of times a second), whose probes would slow the program or, measured in
short windows only, say little.

Each sample is one snapshot: every thread's stack, innermost frame first.
A frame names the program's function (its dynamic symbol; main is
upcr_user_main), or is `object+0xOFFSET` for a function without one: a
static function, named here from the object's symbol table as nm(1)
prints it, when nm is there. A thread's sample counts for every function
of the SIR on its stack (inclusive), and for the innermost one
(exclusive) unless a frame of the UPC runtime lies above it: that time is
a UPC operation's (a barrier, a lock), which upc-prof counts apart."""

import bisect
import re
import shutil
import subprocess
import threading

# Frames of the UPC runtime and of what it calls on the program's behalf.
RUNTIME_NAMES = re.compile(r"(upcr|upcri|upcrb|upcrt|gasp|mire|mir)_")
RUNTIME_OBJECTS = re.compile(r"lib(mpi|open-pal|open-rte|pmix|ucp|ucs|uct|"
                             r"fabric|psm)")
NAMED = re.compile(r"^(?P<name>[^+ ]+)\+0x[0-9a-f]+ \((?P<object>.*)\)$")
ANONYMOUS = re.compile(r"^(?P<object>.+)\+0x(?P<offset>[0-9a-f]+)$")
# A function of the program: main runs as upcr_user_main.
ALIASES = {"upcr_user_main": "main"}


class Symbols:
    """The function symbols of objects (nm --defined-only), to name frames
    without a dynamic symbol; nothing when nm is missing or fails."""

    def __init__(self):
        self.tables = {}
        self.nm = shutil.which("nm")

    def name(self, obj, offset):
        table = self.tables.get(obj)
        if table is None:
            table = self.tables[obj] = self.read(obj)
        addrs, names = table
        i = bisect.bisect_right(addrs, offset) - 1
        return names[i] if i >= 0 else None

    def read(self, obj):
        if not self.nm:
            return [], []
        try:
            out = subprocess.run([self.nm, "--defined-only", "--", obj],
                                 stdout=subprocess.PIPE,
                                 stderr=subprocess.DEVNULL, text=True,
                                 timeout=10).stdout
        except (OSError, subprocess.SubprocessError):
            return [], []
        rows = []
        for line in out.splitlines():
            parts = line.split()
            if len(parts) == 3 and parts[1] in "tTwW":
                try:
                    rows.append((int(parts[0], 16), parts[2]))
                except ValueError:
                    pass
        rows.sort()
        return [a for a, _ in rows], [n for _, n in rows]


class Sampling:
    """Per thread: samples taken, and per function of the SIR the samples
    with it on the stack and with it innermost. Updated by the thread that
    takes them; read by the search (counters only, under a lock)."""

    def __init__(self, sir):
        self.lock = threading.Lock()
        self.taken = {}      # thread -> samples
        self.inclusive = {}  # thread -> {unit id: samples}
        self.exclusive = {}  # thread -> {unit id: samples}
        self.symbols = Symbols()
        # Only names that one function of the SIR has.
        self.units = {}
        ambiguous = set()
        for u in sir.units:
            if u.name in self.units:
                ambiguous.add(u.name)
            self.units[u.name] = u
        for name in ambiguous:
            del self.units[name]

    def frame(self, text):
        """(the SIR unit a frame is in or None, whether it is the
        runtime's)."""
        m = NAMED.match(text)
        if m:
            name, obj = m.group("name"), m.group("object")
        else:
            m = ANONYMOUS.match(text)
            if not m:
                return None, False
            obj = m.group("object")
            name = self.symbols.name(obj, int(m.group("offset"), 16))
            if name is None:
                return None, bool(RUNTIME_OBJECTS.search(obj))
        name = ALIASES.get(name, name)
        u = self.units.get(name)
        if u is not None:
            return u, False
        return None, bool(RUNTIME_NAMES.match(name) or
                          RUNTIME_OBJECTS.search(obj))

    def add(self, snapshot):
        """Counts a snapshot's stacks (documents.Snapshot)."""
        rows = []
        for entity, _ in snapshot.threads():
            if not entity.stack:
                continue  # it did not answer in time
            try:
                t = int(entity.id)
            except (TypeError, ValueError):
                continue
            units, innermost, runtime = [], None, False
            for text in entity.stack:
                u, is_runtime = self.frame(text)
                if u is None:
                    runtime = runtime or (is_runtime and innermost is None)
                    continue
                if innermost is None:
                    innermost = u
                if u.id not in units:
                    units.append(u.id)
            rows.append((t, units, None if runtime else innermost))
        with self.lock:
            for t, units, innermost in rows:
                self.taken[t] = self.taken.get(t, 0) + 1
                inc = self.inclusive.setdefault(t, {})
                for uid in units:
                    inc[uid] = inc.get(uid, 0) + 1
                if innermost is not None:
                    exc = self.exclusive.setdefault(t, {})
                    exc[innermost.id] = exc.get(innermost.id, 0) + 1

    def samples(self, t):
        with self.lock:
            return self.taken.get(t, 0)

    def share(self, unit, t, exclusive=False):
        """The share of thread t's samples with the function on its stack
        (or innermost)."""
        with self.lock:
            n = self.taken.get(t, 0)
            counts = (self.exclusive if exclusive else self.inclusive).get(
                t, {})
            return counts.get(unit.id, 0) / n if n else 0.0
