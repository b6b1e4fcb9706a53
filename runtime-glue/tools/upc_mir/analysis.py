"""What upc-mir search makes of its measurements (docs/mir.md, "Bottleneck
search"): each measured region's share of the threads' time, its
exclusive share as upc-prof counts it, whether it is resolved, and the
findings.

Exclusive time is what upc-prof's profile gives each row of its table
(gasp-tools/profile/events.c): a function's or UPC operation's time minus
the time of the events nested in it on the same thread. Events are raised
by functions of the program (units), upc_forall, and the UPC operations
(synchronization, upc.h calls, collectives; shared accesses when the
program was built with them dormant); loops and calls of library
functions raise none, so their time is their enclosing event's."""

# Region types that are events of the GASP profile (their own rows).
EVENT_TYPES = {"function", "upcForall", "upcBarrier", "upcNotify", "upcWait",
               "upcFence", "upcCall", "upcCollective", "sharedRead",
               "sharedWrite", "sharedUpdate"}
SYNC_TYPES = {"upcBarrier", "upcNotify", "upcWait"}
LOCK_CALLS = {"upc_lock", "upc_lock_attempt"}
# Calls that end the program: their events are raised once a run (an
# error path that ends with one costs nothing while it is not taken).
ENDING_CALLS = {"upc_global_exit"}
SHARED_TYPES = {"sharedRead", "sharedWrite", "sharedUpdate"}
# Region types that raise GASP events in a build for MIR.
OPERATION_TYPES = EVENT_TYPES - {"function", "upcForall"}

# What a measuring probe costs a thread (docs/mir.md, "Cost"): per
# execution (two clock reads and the row's update), per GASP event raised
# while the gate is open (shared accesses), per upc_forall iteration run
# without the localization. Estimates, to keep the search's cost bounded.
EXEC_COST_S = 400e-9
EVENT_COST_S = 100e-9
ITERATION_COST_S = 5e-9

# A region whose executions may be long (it runs once, or a few times:
# a phase of the program) is measured only if the events it would raise
# cost less than this share of a thread's time: a probe that begins opens
# the thread's GASP gate until its region ends (or until the next event
# after it is deactivated), and every event inside then costs
# EVENT_COST_S. A build for MIR raises events only for the UPC operations
# (shared accesses, synchronization, library calls), not for function
# entries and exits (gasp_events.toml, field mir).
DENSE_SHARE = 0.005
# A probe costing a thread more than this share of its time is too costly
# to measure all along (upc-mir search stops it after its trial).
PROBE_BUDGET = 0.003
# A function too costly to measure with its probe is judged by the call
# stacks sampled through snapshot requests (sampling.py), once every
# thread has this many samples.
MIN_SAMPLES = 20
# A function measured this long and never called is taken for one that
# is not (an error path), not for one that a later phase calls.
NOT_RUNNING_S = 2.0
# Or sooner, once every function that calls it ended this many times on a
# thread without calling it.
BYPASSED = 1000
# A region that ends this many times a second on every thread has short
# executions (at most 20 ms): deactivating its probe soon stops its cost.
SHORT_RATE = 50.0

METRICS = ("WC_TIME", "COUNT", "UPC_BARRIER_TIME", "UPC_LOCK_TIME",
           "UPC_COLLECTIVE_TIME", "UPC_GET_REMOTE_BYTES", "UPC_GET_REMOTE_OPS",
           "UPC_PUT_REMOTE_BYTES", "UPC_PUT_REMOTE_OPS", "UPC_GET_LOCAL_BYTES",
           "UPC_GET_LOCAL_OPS", "UPC_PUT_LOCAL_BYTES", "UPC_PUT_LOCAL_OPS",
           "UPC_FORALL_ITERATIONS")
TIME_METRICS = ("WC_TIME", "UPC_BARRIER_TIME", "UPC_LOCK_TIME",
                "UPC_COLLECTIVE_TIME")
OPS = ("UPC_GET_REMOTE_OPS", "UPC_PUT_REMOTE_OPS", "UPC_GET_LOCAL_OPS",
       "UPC_PUT_LOCAL_OPS")

# Finding kinds.
COMPUTATION = "computation"
IMBALANCE = "load imbalance"
BARRIER = "barrier wait"
LOCK = "lock contention"
REMOTE = "remote access"
COLLECTIVE = "collective"

# A computation whose busiest thread has this much more than the mean is
# imbalanced; a region whose time is mostly in one kind of wait is that
# kind; remote accesses count when most bytes are remote and they are
# frequent.
IMBALANCE_RATIO = 1.25
WAIT_SHARE = 0.5
REMOTE_RATE = 1e5  # operations per second and thread


def is_event(region):
    return region.type in EVENT_TYPES


class Measured:
    """A region's probe and what it measured: per thread, each metric's
    total since the probe was placed (times in seconds), over the time it
    was active (its window, seconds), as of the last reading."""

    def __init__(self, region, probe):
        self.region, self.probe = region, probe
        self.accumulated = 0.0  # active time before the current activation
        self.since = None       # when activated; None: inactive
        self.window = 0.0
        self.totals = {}  # metric -> {thread: value}
        self.removed = False
        self.destination = None  # where the program writes its last values
        self.placed = None  # when it was placed
        self.history = []   # (reading time, {thread: executions})
        self.ended = {}     # thread -> [first, last] time executions ended

    @property
    def active(self):
        return self.since is not None

    def activated(self, now):
        if self.placed is None:
            self.placed = now
            self.history.append((now, {}))
        if self.since is None:
            self.since = now

    def deactivated(self, now):
        if self.since is not None:
            self.accumulated += now - self.since
            self.since = None
            self.window = self.accumulated

    def read(self, measurement, now):
        totals = {}
        for m in METRICS:
            by = measurement.by_thread(self.probe, m)
            if m in TIME_METRICS:
                by = {t: v / 1000.0 for t, v in by.items()}
            totals[m] = by
        self.totals = totals
        self.window = self.accumulated + (
            now - self.since if self.since is not None else 0.0)
        # When executions ended: between two readings, on each thread.
        counts = dict(totals.get("COUNT", {}))
        if self.history:
            before, last = self.history[-1]
            for t, c in counts.items():
                if c > last.get(t, 0):
                    self.ended.setdefault(t, [before, now])
                    self.ended[t][1] = now
        self.history.append((now, counts))

    def threads(self):
        return sorted(self.totals.get("WC_TIME", {}))

    def total(self, metric, thread):
        return self.totals.get(metric, {}).get(thread, 0)

    def rate(self, metric, thread):
        """Per second of the window."""
        return self.total(metric, thread) / self.window if self.window else 0

    def cost(self):
        """The largest share of a thread's time the probe costs it."""
        worst = 0.0
        for t in self.threads():
            c = (self.rate("COUNT", t) * EXEC_COST_S
                 + sum(self.rate(m, t) for m in OPS) * EVENT_COST_S
                 + self.rate("UPC_FORALL_ITERATIONS", t) * ITERATION_COST_S)
            worst = max(worst, c)
        return worst


class Model:
    """The SIR and the regions measured so far."""

    def __init__(self, sir):
        self.sir = sir
        self.measured = {}      # region id -> Measured
        self.unprobeable = {}   # region id -> why
        self.skipped = {}       # region id -> why (too costly to measure)
        self.threads = []
        # The call stacks sampled (sampling.Sampling), if any.
        self.sampling = None
        # Call sites of each unit (region ids of calls naming it).
        self.sites = {}
        for r in sir.regions():
            if r.type == "call":
                u = sir.callee(r)
                if u is not None:
                    self.sites.setdefault(u.id, []).append(r)

    # --- what is known of a region ------------------------------------

    def m(self, region):
        return self.measured.get(region.id)

    def known(self, region):
        return (region.id in self.measured or region.id in self.unprobeable
                or region.id in self.skipped)

    # --- the program's structure --------------------------------------

    def in_loop(self, region):
        """Whether the region is inside a loop or upc_forall of its unit."""
        r = region.parent
        while r is not None:
            if r.type in ("loop", "upcForall"):
                return True
            r = r.parent
        return False

    def repeated(self, region):
        """Whether the region may run many times in a run: inside a loop,
        or in a function called from such a place (or from one of those
        functions). What is not repeated is a phase of the program: main
        itself, its statements outside loops, and the functions called
        only from there."""
        def find():
            if region.is_unit:
                if region.name == "main":
                    return False
                sites = [c for c in self.sites.get(region.id, [])
                         if c.unit is not region]
                # A function called from nowhere in the SIR (through a
                # pointer, or from other code) is taken as repeated.
                return not sites or any(self.repeated(c) for c in sites)
            return self.in_loop(region) or self.repeated(region.unit)
        return bool(self.cached(("repeated", region.id), find))

    def light(self, region):
        """A region with no loop, upc_forall or call of the program's
        functions in it: its executions are short."""
        if region.type in ("loop", "upcForall"):
            return False
        for c in region.walk():
            if c is region:
                continue
            if c.type in ("loop", "upcForall"):
                return False
            if c.type == "call" and self.sir.callee(c) is not None:
                return False
        if region.type == "call":
            u = self.sir.callee(region)
            if u is None:
                # A library function may call back the program's
                # functions that nothing calls by name (qsort's
                # comparison).
                return not self.callbacks()
            return u is not region.unit and self.light(u)
        return True

    def callbacks(self, running=False):
        """The program's functions that no call of the SIR names but
        main: those called through pointers (by a library function such as
        qsort, or by the program) are among them. With running, only those
        seen running: the functions a library call is taken to reach once
        call rates are known (one never called is no cost)."""
        def find():
            return [u for u in self.sir.units
                    if u.name != "main" and not self.sites.get(u.id) and (
                        not running or (self.m(u) is not None and any(
                            self.counted(u, t) for t in self.m(u).threads())))]
        return self.cached(("callbacks", running), find)

    def reachable_units(self, region):
        """The program's functions the region calls, directly or not."""
        seen, todo = {}, [region]
        while todo:
            r = todo.pop()
            for c in r.walk():
                if c.type == "call":
                    u = self.sir.callee(c)
                    for v in [u] if u is not None else self.callbacks(True):
                        if v.id not in seen:
                            seen[v.id] = v
                            todo.append(v)
        seen.pop(region.id, None)
        return list(seen.values())

    def dense(self, region):
        """The share of a thread's time the events in the region would
        cost while its probe keeps the gate open: the UPC operations of
        the functions it reaches, at their rates measured so far; None when
        a function it reaches that has UPC operations has not been seen
        called yet (a phase to come may call it all the time)."""
        units = [u for u in self.reachable_live(region) if self.operates(u)]
        worst = 0.0
        for t in self.threads or [0]:
            events = 0.0
            for u in units:
                m = self.m(u)
                if m is None and u.id in self.skipped:
                    return 1.0  # it reaches one too costly to measure
                if m is None and (not self.repeated(u) or
                                  u.id in self.unprobeable):
                    continue  # a phase, or unknowable
                if m is None or m.window <= 0:
                    return None
                if not any(m.total("COUNT", x) for x in m.threads()):
                    if m.window < NOT_RUNNING_S and not self.bypassed(u):
                        return None
                    continue  # not called for long: an error path
                events += sum(m.rate(k, t) for k in OPS)
            worst = max(worst, events * EVENT_COST_S)
        return worst

    def bypassed(self, unit):
        """Whether a function never called so far is one its callers pass
        by (an error path): every function that calls it has been measured
        ending BYPASSED times on some thread meanwhile."""
        callers = {c.unit.id: c.unit for c in self.sites.get(unit.id, [])
                   if c.unit is not unit}
        if not callers:
            return False
        for u in callers.values():
            m = self.m(u)
            if m is None or max([m.total("COUNT", t) for t in m.threads()]
                                or [0]) < BYPASSED:
                return False
        return True

    def operates(self, unit):
        """Whether a function's own body has a UPC operation (which raises
        events while the gate is open): a shared access, a synchronization
        statement, a call of the UPC library."""
        return bool(self.cached(("operates", unit.id), lambda: any(
            r.type in OPERATION_TYPES and not (
                r.type == "upcCall" and r.name in ENDING_CALLS)
            for r in unit.walk())))

    def unmeasured_units(self, region):
        """The functions called repeatedly that the region reaches and that
        are not measured: their rates decide whether it may be."""
        return [u for u in self.reachable_units(region)
                if self.m(u) is None and self.repeated(u)
                and not self.known(u)]

    def placeable(self, region):
        """Whether to place a probe on the region now: light and bounded
        regions always; others only when what is known of the rates of the
        functions they call says the events would cost little while the
        probe keeps the gate open (an execution may be long even in a
        loop: a replay of a whole phase)."""
        if self.light(region) or self.bounded(region) or self.short(region):
            return True
        d = self.dense(region)
        return d is not None and d <= DENSE_SHARE

    def straight(self, region):
        """The regions in the region that run once per execution of it at
        most (not inside one of its loops), through regions that are not
        loops."""
        for c in region.children:
            if c.type in ("loop", "upcForall"):
                continue
            yield c
            yield from self.straight(c)

    def short(self, region):
        """Whether the region's executions are known to be short: it ends
        at least SHORT_RATE times a second on every thread, as something
        that runs at most once in each of its executions tells (a region
        in it, or the function of a call made only there); a probe on it
        then stops costing soon after it is deactivated."""
        threads = self.threads or [0]
        for t in threads:
            rate = 0.0
            for c in self.straight(region):
                m = self.m(c)
                if m is not None and m.window > 0:
                    rate = max(rate, m.rate("COUNT", t))
                if c.type == "call":
                    u = self.sir.callee(c)
                    if u is not None and self.only_site(u, c) and \
                            self.m(u) is not None and self.m(u).window > 0:
                        rate = max(rate, self.m(u).rate("COUNT", t))
            if rate < SHORT_RATE:
                return False
        return True

    def bounded(self, region):
        """Whether no loop or upc_forall runs in the region, in it or in a
        function it calls: its executions are short however many calls
        they make, so a probe on it stops costing as soon as it is
        deactivated (the gate closes when each execution ends)."""
        def loops(r):
            return any(c.type in ("loop", "upcForall") for c in r.walk())

        def idle(u):
            m = self.m(u)
            return m is not None and m.window >= NOT_RUNNING_S and not any(
                m.total("COUNT", t) for t in m.threads())
        if loops(region):
            return False
        for c in region.walk():
            if c.type == "call" and self.sir.callee(c) is None and \
                    self.callbacks(True):
                return False
        return not any(loops(u) and not idle(u)
                       for u in self.reachable_live(region))

    def counted(self, region, t):
        m = self.m(region)
        return m is not None and m.total("COUNT", t) > 0

    def invalidate(self):
        """New figures: what was derived from the old ones is forgotten."""
        self._cache = {}

    def cached(self, key, fn):
        cache = self.__dict__.setdefault("_cache", {})
        if key not in cache:
            cache[key] = None  # a cycle (recursion) finds nothing
            cache[key] = fn()
        return cache[key]

    def calls_inside(self, unit, region):
        """Whether every call of unit (but its own) is in the region."""
        sites = [x for x in self.sites.get(unit.id, []) if x.unit is not unit]
        within = self.cached(("within", region.id),
                             lambda: {r.id for r in region.walk()})
        return bool(sites) and all(x.id in within for x in sites)

    def only_site(self, unit, call):
        """Whether call is the one call of unit outside unit itself."""
        sites = [s for s in self.sites.get(unit.id, []) if s.unit is not unit]
        return sites == [call]

    def evidence(self, region, t):
        """When something in the region was seen running on thread t: the
        span from the first to the last time an execution of a region in
        it (or of a function all of whose calls are in it) ended between
        two readings; None when never."""
        def spans(r):
            m = self.m(r)
            return [m.ended[t]] if m is not None and t in m.ended else []

        def find():
            found = []
            for d in region.children:
                found += spans(d)
                e = self.evidence(d, t)
                if e:
                    found.append(e)
                if d.type == "call":
                    u = self.sir.callee(d)
                    if u is not None and u is not region.unit and \
                            self.calls_inside(u, region):
                        found += spans(u)
                        e = self.evidence(u, t)
                        if e:
                            found.append(e)
            if not found:
                return None
            return (min(f[0] for f in found), max(f[1] for f in found))
        return self.cached(("evidence", region.id, t), find)

    def horizon(self):
        """(first placement, last reading): the time the search saw."""
        def find():
            starts = [m.placed for m in self.measured.values()
                      if m.placed is not None]
            ends = [m.history[-1][0] for m in self.measured.values()
                    if m.history]
            return (min(starts), max(ends)) if starts and ends else None
        return self.cached(("horizon",), find)

    def inflight(self, region, t):
        """The share of its window the region ran through on thread t
        without ending there: no execution of it ended, but those of things
        in it did, from a first time to a last (it ran in between); main
        runs throughout. 0 when not."""
        if region.is_unit and region.name == "main":
            return 1.0
        if self.counted(region, t):
            return 0.0
        if region.type == "call":
            u = self.sir.callee(region)
            if u is None or not self.only_site(u, region) or \
                    self.counted(u, t):
                return 0.0
            span = self.evidence(u, t)
        else:
            span = self.evidence(region, t)
        if not span:
            return 0.0
        m = self.m(region)
        h = self.horizon()
        start = m.placed if m is not None and m.placed is not None else (
            h[0] if h else span[0])
        end = max(h[1], span[1]) if h else span[1]
        if end <= start:
            return 0.0
        ran = max(0.0, span[1] - max(span[0], start))
        return min(1.0, ran / (end - start))

    def sampled(self, region, exclusive=False):
        """Whether the call stacks sampled on every thread (enough of them)
        tell of the region instead of its probe: a function too costly to
        measure with its probe (never measured, or stopped after its
        trial: measured in short windows only and slowing what it
        measures, it would say less); with exclusive, also a function not
        resolved (what is in it is not all measured: its own time is not
        known from probes)."""
        if self.sampling is None or not region.is_unit:
            return False
        m = self.m(region)
        if not self.too_costly(region) and not (
                exclusive and m is not None and (
                    not self.resolved(region) or self.calls_back(region))):
            return False
        ts = self.threads or (m.threads() if m is not None else [])
        return bool(ts) and all(self.sampling.samples(t) >= MIN_SAMPLES
                                for t in ts)

    def wants_samples(self):
        """Whether call-stack samples would tell something probes do not:
        a function is too costly to measure with its probe, or is called
        back by a library function."""
        return any(self.too_costly(u) for u in self.sir.units) or bool(
            self.callbacks(True))

    def too_costly(self, region):
        """Left out for its cost, or its probe costs a thread more than
        PROBE_BUDGET (stopped after its trial)."""
        m = self.m(region)
        return region.id in self.skipped or (
            m is not None and m.cost() > PROBE_BUDGET)

    def calls_back(self, region):
        """Whether the region calls a library function while functions of
        the program that no call names run (qsort's comparison): their
        time may be inside that call, and no probe says how much."""
        return bool(self.callbacks(True)) and any(
            c.type == "call" and self.sir.callee(c) is None
            for c in region.walk())

    def share(self, region, t):
        """The share of thread t's time spent in the region (executions
        that ended in the window; the whole window when it was in
        flight; for a function too costly to measure, its share of the
        call stacks sampled)."""
        if self.sampled(region):
            return self.sampling.share(region, t)
        m = self.m(region)
        if m is None:
            if region.id in self.skipped:
                # Not measured (too costly): a phase runs while something
                # in it ends; else the time its block spent in nothing
                # else, if it ran then; else what is measured in it.
                running = 0.0 if self.repeated(region) else \
                    self.inflight(region, t)
                if running:
                    return running
                passed = self.passed_over(region, t)
                return passed if passed is not None else min(
                    1.0, sum(self.covered(c, t) for c in region.children))
            return 0.0
        running = self.inflight(region, t)
        if running:
            return running
        if not self.counted(region, t):
            passed = self.passed_over(region, t)
            if passed is not None:
                return passed
        return min(1.0, m.rate("WC_TIME", t))

    def covered(self, region, t):
        """The share of thread t's time that the measured regions in the
        region (or it) account for."""
        if self.m(region) is not None or region.id in self.skipped:
            return self.share(region, t)
        return sum(self.covered(c, t) for c in region.children)

    def nesting(self, region):
        """How deep loops and upc_foralls nest in a region (itself
        included): what a region that ran unmeasured is judged by."""
        deepest = 0
        for c in region.children:
            deepest = max(deepest, self.nesting(c))
        return deepest + (1 if region.type in ("loop", "upcForall") else 0)

    def passed_over(self, region, t):
        """The share of a region of a block running throughout that no
        measured execution accounts for on thread t: measured but no
        execution ended (it began before its probe did), or not measured
        (too costly), while a region after it in the block did end. The
        block's time that nothing else accounts for is given to one of
        them: the one running when the first region after it began to be
        measured, or one between two that ended; of those, the one where
        loops nest deepest (the later one of equals). That share, or None
        when it is not that region."""
        def find():
            parent = region.parent
            if parent is None or not self.inflight(parent, t):
                return None
            sibs = parent.children
            counted = [k for k, s in enumerate(sibs) if self.counted(s, t)]
            if not counted:
                return None

            def silent(s):
                return (self.m(s) is not None or s.id in self.skipped) \
                    and not self.counted(s, t)
            before = [s for s in sibs[:counted[0]] if silent(s)]
            candidates = ([before[-1]] if before else []) + [
                s for s in sibs[counted[0]:counted[-1]] if silent(s)]
            if not candidates:
                return None
            best = max(reversed(candidates), key=self.nesting)
            if best is not region:
                return None
            rest = sum(self.covered(s, t) for s in sibs if s is not region)
            return max(0.0, self.share(parent, t) - rest)
        return self.cached(("passed", region.id, t), find)

    def estimated(self, region):
        """Whether the region's share is that of passed_over on a thread,
        or it was not measured."""
        return region.id in self.skipped or any(
            not self.counted(region, t) and
            self.passed_over(region, t) is not None for t in self.threads)

    def metric_rate(self, region, metric, t):
        m = self.m(region)
        return m.rate(metric, t) if m is not None else 0.0

    def possibly_inflight(self, region):
        """Measured, no execution ended, and something in it unmeasured: it
        may be running throughout, holding the time of its caller."""
        m = self.m(region)
        if m is None or any(m.total("COUNT", t) for t in m.threads()):
            return False

        def find():
            for c in region.children:
                if not self.known(c) or self.possibly_inflight(c):
                    return True
            if region.type == "call":
                u = self.sir.callee(region)
                if u is not None and (not self.known(u) or
                                      self.possibly_inflight(u)):
                    return True
            return False
        return bool(self.cached(("possibly", region.id), find))

    # --- exclusive time ------------------------------------------------

    def outer_parts(self, region):
        """What is subtracted from an event region's time: (the measured
        or estimated part, weight) of each event nested in it without an
        event in between, through loops and calls (a call's time, or its
        share of its unit's; a function not measured whose every call is
        inside the region is looked into as if its body were there)."""
        return self.cached(("parts", region.id),
                           lambda: self._outer_parts(region))

    def _outer_parts(self, region):
        parts, whole = [], set()
        within = {r.id for r in region.walk()}
        entered = set()

        def inside(u):
            sites = [x for x in self.sites.get(u.id, []) if x.unit is not u]
            return bool(sites) and all(
                x.id in within or x.unit.id in entered for x in sites)

        # First the functions not measured whose every call is inside
        # (and so on, from those), then the parts.
        grown = True
        while grown:
            grown = False
            for u in self.sir.units:
                if u.id in entered or u is region.unit:
                    continue
                if inside(u):  # its body's calls are inside too
                    entered.add(u.id)
                    grown = True

        def visit(r):
            for c in r.children:
                if c.type == "call":
                    u = self.sir.callee(c)
                    # A function too costly to measure is looked into,
                    # as one not measured: its own share is not known.
                    known = u is not None and self.m(u) is not None
                    if u is None or u is region.unit:
                        visit(c)  # a library call: its time stays here
                    elif known and inside(u):
                        if u.id not in whole:  # all of it, once
                            whole.add(u.id)
                            parts.append((u, 1.0))
                    elif self.m(c) is not None:
                        parts.append((c, 1.0))
                    elif not known and u.id in entered:
                        # Not measured: look inside (also when the call
                        # site is too costly to measure: what is measured
                        # in the body, say the function it calls, is not
                        # the region's own time).
                        if u.id not in whole:
                            whole.add(u.id)
                            visit(u)
                    elif c.id in self.skipped:
                        parts.append((c, 1.0))
                    elif known:
                        parts.append((u, self.site_weight(u, c)))
                    else:
                        visit(c)
                elif is_event(c):
                    if self.m(c) is not None or c.id in self.skipped:
                        parts.append((c, 1.0))
                    else:
                        visit(c)  # unmeasured: what is inside it counts
                else:
                    visit(c)
        visit(region)
        return parts

    def reachable_live(self, region):
        """The functions the region calls, directly or not, except through
        a function measured for long and never called (an error path)."""
        seen, todo = {}, [region]
        while todo:
            r = todo.pop()
            for c in r.walk():
                if c.type != "call":
                    continue
                u = self.sir.callee(c)
                for v in [u] if u is not None else self.callbacks(True):
                    if v.id in seen:
                        continue
                    seen[v.id] = v
                    m = self.m(v)
                    if m is not None and m.window >= NOT_RUNNING_S and \
                            not any(m.total("COUNT", t) for t in m.threads()):
                        continue
                    todo.append(v)
        seen.pop(region.id, None)
        return list(seen.values())

    def site_weight(self, unit, call):
        """The share of a unit's time due to one call site that has no
        probe: the unit's time less that of its measured sites, split
        evenly among the others."""
        sites = [s for s in self.sites.get(unit.id, []) if s.unit is not unit]
        open_sites = [s for s in sites if self.m(s) is None]
        return 1.0 / len(open_sites) if open_sites else 1.0

    def exclusive(self, region, t):
        if self.sampled(region, exclusive=True):
            return self.sampling.share(region, t, exclusive=True)
        own = self.share(region, t)
        for part, w in self.outer_parts(region):
            if part.is_unit and w < 1.0:
                measured_sites = sum(
                    self.share(s, t) for s in self.sites.get(part.id, [])
                    if self.m(s) is not None and s.unit is not part)
                sub = max(0.0, self.share(part, t) - measured_sites) * w
            else:
                sub = self.share(part, t)
            own -= sub
        return max(0.0, own)

    def resolved(self, region):
        """Every region in it that could be an event is measured (or has
        no probe), through loops, and none may be running throughout."""
        def ok(r):
            for c in r.children:
                if not self.known(c):
                    return False
                if self.possibly_inflight(c):
                    return False
                if c.type == "call":
                    u = self.sir.callee(c)
                    if u is not None and u is not region.unit and \
                            not self.known(u):
                        return False
                    if self.m(c) is None and not ok(c):
                        return False
                elif not is_event(c) or self.m(c) is None:
                    if not ok(c):
                        return False
            return True
        return ok(region)

    def next_probes(self, region):
        """The regions to measure next to resolve the region: the unknown
        ones at the first level it lacks, through loops, calls to their
        units, and events without a probe."""
        want = []

        def visit(r):
            for c in r.children:
                if not self.known(c):
                    want.append(c)
                    continue
                if c.type == "call":
                    u = self.sir.callee(c)
                    if u is not None and u is not region.unit and \
                            not self.known(u):
                        want.append(u)
                    if self.m(c) is None:
                        visit(c)
                elif not is_event(c) or self.m(c) is None or \
                        self.possibly_inflight(c):
                    visit(c)
        visit(region)
        seen, out = set(), []
        for r in want:
            if r.id not in seen:
                seen.add(r.id)
                out.append(r)
        return out

    def ranked(self):
        """Measured event regions by exclusive share of the threads' time,
        largest first (ties in source order)."""
        rows = []
        regions = [m.region for m in self.measured.values()] + [
            self.sir[rid] for rid in self.skipped]
        for r in regions:
            if not is_event(r):
                continue
            threads = self.threads or self.m(r).threads()
            excl = [self.exclusive(r, t) for t in threads]
            share = sum(excl) / len(threads) if threads else 0.0
            rows.append((share, r, excl))
        rows.sort(key=lambda x: (-x[0], x[1].file, x[1].position or ()))
        return rows

    # --- findings ------------------------------------------------------

    def hot_spot(self, region):
        """The measured loop inside the region where most of its own time
        goes, and that time's share of the threads' time."""
        best = None
        for c in region.walk():
            # upc_forall loops are findings of their own.
            if c is region or c.type != "loop" or self.m(c) is None:
                continue
            threads = self.threads or self.m(c).threads()
            # Its own time: less the events in it (they are findings).
            s = sum(self.exclusive(c, t) for t in threads) / max(
                1, len(threads))
            if best is None or s > best[1]:
                best = (c, s)
        return best

    def finding(self, rank, share, region, excl):
        threads = self.threads or (self.m(region).threads()
                                   if self.m(region) else [0])
        n = max(1, len(threads))
        incl = [self.share(region, t) for t in threads]
        mean_incl = sum(incl) / n
        mean_excl = sum(excl) / n
        imbalance = (max(excl) / mean_excl) if mean_excl > 0 else None

        def rate_sum(metric):
            return sum(self.metric_rate(region, metric, t) for t in threads)

        barrier = rate_sum("UPC_BARRIER_TIME") / n
        lock = rate_sum("UPC_LOCK_TIME") / n
        coll = rate_sum("UPC_COLLECTIVE_TIME") / n
        rbytes = rate_sum("UPC_GET_REMOTE_BYTES") + \
            rate_sum("UPC_PUT_REMOTE_BYTES")
        lbytes = rate_sum("UPC_GET_LOCAL_BYTES") + \
            rate_sum("UPC_PUT_LOCAL_BYTES")
        rops = rate_sum("UPC_GET_REMOTE_OPS") + rate_sum("UPC_PUT_REMOTE_OPS")
        lops = rate_sum("UPC_GET_LOCAL_OPS") + rate_sum("UPC_PUT_LOCAL_OPS")
        remote_share = rbytes / (rbytes + lbytes) if rbytes + lbytes else None
        # Waits nested in events below are theirs: only the region's own
        # count here, as a share of its inclusive time.
        waits = {BARRIER: barrier, LOCK: lock, COLLECTIVE: coll}
        kind = COMPUTATION
        if region.type in SYNC_TYPES:
            kind = BARRIER
        elif region.type == "upcCall" and region.name in LOCK_CALLS:
            kind = LOCK
        elif region.type == "upcCollective" or (
                region.type == "upcCall" and region.name.startswith("upc_all")):
            kind = COLLECTIVE
        elif mean_incl > 0 and max(waits.values()) / mean_incl >= WAIT_SHARE \
                and not region.is_unit:
            kind = max(waits, key=waits.get)
        elif region.type in SHARED_TYPES or (
                remote_share is not None and remote_share >= 0.5
                and rops / n >= REMOTE_RATE):
            kind = REMOTE
        elif imbalance is not None and imbalance >= IMBALANCE_RATIO:
            kind = IMBALANCE
        m = self.m(region)
        sampled = self.sampled(region, exclusive=True)
        hot = self.hot_spot(region) if region.type in (
            "function", "upcForall") else None
        owner = region.unit
        return {
            "rank": rank,
            "region": region.id,
            "type": region.type,
            "name": region.name,
            "function": owner.name,
            "location": region.location,
            "file": region.file,
            "line": region.position[0] if region.position else None,
            "column": region.position[1] if region.position else None,
            "kind": kind,
            "share": share,
            "inclusive_share": mean_incl,
            "per_thread_exclusive": excl,
            "imbalance": imbalance,
            "max_thread": (threads[excl.index(max(excl))]
                           if threads and excl else None),
            "barrier_share": barrier / mean_incl if mean_incl else None,
            "lock_share": lock / mean_incl if mean_incl else None,
            "collective_share": coll / mean_incl if mean_incl else None,
            "remote_bytes_per_s": rbytes,
            "local_bytes_per_s": lbytes,
            "remote_ops_per_s": rops,
            "local_ops_per_s": lops,
            "remote_share": remote_share,
            "executions_per_s": rate_sum("COUNT"),
            "window_s": m.window if m else 0.0,
            "estimated": self.estimated(region) and not sampled,
            "samples": (min(self.sampling.samples(t) for t in threads)
                        if sampled else 0),
            "resolved": self.resolved(region),
            "hot_spot": None if hot is None else {
                "region": hot[0].id, "type": hot[0].type,
                "location": hot[0].location, "share": hot[1]},
        }

    def findings(self, limit=None):
        out = []
        for share, region, excl in self.ranked():
            if limit is not None and len(out) >= limit:
                break
            out.append(self.finding(len(out) + 1, share, region, excl))
        return out
