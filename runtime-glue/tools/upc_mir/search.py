"""upc-mir search: an automatic bottleneck search through MIR alone
(docs/mir.md, "Bottleneck search").

    upc-mir search [options] -- COMMAND [ARGS...]

starts COMMAND (say `upcrun -n 4 ./prog args`, a program built with
upc-instrument --mir-dormant) with UPC_MIR_SOCKET set to a private socket,
asks it for its SIR, measures its functions and main's top-level regions,
then refines round after round into the regions that hold the most time,
and ends with a ranked list of findings when the program ends."""

import argparse
import os
import resource
import secrets
import shutil
import subprocess
import sys
import tempfile
import threading
import time

from .errors import MirError


def late_imports():
    """What measuring needs, imported once the program is started: it
    does not wait for them."""
    global concurrent, channel, METRICS, NOT_RUNNING_S, PROBE_BUDGET
    global Measured, Model, Client, Sampling
    global parse_measurement, Measuring, thread, load_sir
    import concurrent.futures
    from . import channel
    from .analysis import METRICS, NOT_RUNNING_S, PROBE_BUDGET, Measured
    from .analysis import Model
    from .sampling import Sampling
    from .client import Client
    from .documents import parse_measurement
    from .requests import Measuring, thread
    from .sir import load_sir

# The first round's window is short (what is measured first tells what
# is cheap to measure next); later windows double, up to MAX_WINDOW_S.
FIRST_WINDOW_S = 0.05
MAX_WINDOW_S = 1.0
# A probe costing a thread more than PROBE_BUDGET (analysis.py) of its
# time is stopped after its trial (its figures are kept); all probes
# together are kept under BUDGET.
BUDGET = 0.01
# Refinement stops once the TOP_RESOLVED regions of largest exclusive time
# are resolved, or the rest hold less than MIN_SHARE each.
TOP_RESOLVED = 3
MIN_SHARE = 0.01
# Findings below this share of the threads' time are not reported.
MIN_FINDING = 0.001
# Requests placing probes at once (the program serves 32 clients at once).
PARALLEL = 16
# New probes per round, at most.
MAX_NEW = 64
# Probes that hold less than this share after two windows are removed.
NEGLIGIBLE = 0.002
# After the search, probes that cost a thread at most STEADY_COST of its
# time measure all the time, up to STEADY_BUDGET together; those whose
# executions end less than LONG_RATE times a second on every thread
# also write their values when the program ends.
STEADY_COST = 0.001
STEADY_BUDGET = 0.003
LONG_RATE = 10.0
# A request the program drops while it ends is no error.
ENDING_S = 2.0
# How often the probes that measure all the time are read (parsing their
# values is most of the search's own CPU time: 140 probes read every second
# took NPB CG's search 1.9 s of CPU in a 22-second run).
POLL_S = 2.0
# New probes are tried this long before they may stay active.
TRIAL_S = 0.02
# Active probes whose region has not run yet, on a function or in a loop,
# are read this often: what they cost shows only once it runs (qsort's
# comparison function, called millions of times a second, once the sort
# begins).
WATCH_S = 0.2
# Every SAMPLE_S, once a function is too costly to measure with its probe,
# a snapshot of the threads' call stacks (up to STACK_FRAMES frames each):
# what tells of such functions (sampling.py). A snapshot interrupts each
# thread for a few microseconds.
SAMPLE_S = 0.05
STACK_FRAMES = 48
# After the search, every LATE_SAMPLE_S: the samples then only keep the
# figures covering the run, for half the cost.
LATE_SAMPLE_S = 0.1
# After the search: the probes of the findings measure MAX_DUTY of the
# time at most (less when they cost more than BUDGET), in windows of at
# least MIN_ACTIVE_S every PERIOD_S or more.
MAX_DUTY = 0.1
PERIOD_S = 1.0
MIN_ACTIVE_S = 0.05


class Ended(Exception):
    """The program ended."""


def log(args, text, detail=False):
    if not args.quiet and (args.verbose or not detail):
        sys.stderr.write("upc-mir search: %s\n" % text)
        sys.stderr.flush()


class Search:
    def __init__(self, args):
        self.args = args
        self.name = args.socket or "search-%d-%s.sock" % (
            os.getpid(), secrets.token_hex(4))
        self.proc = None
        self.client = None
        self.model = None
        self.rounds = 0
        self.probes_used = 0
        self.waiting = set()  # region ids: a function they call has not run
        self.converged = False
        self.started = self.ended = None
        self.status = None
        self.notes = []
        self.sampler = None  # the thread taking call-stack samples
        self.searched = False  # the rounds are over
        self.stop_sampling = threading.Event()
        # The values the program writes at its end (private: 0700).
        self.tmpdir = tempfile.mkdtemp(prefix="upc-mir-search-")

    # --- the program -----------------------------------------------------

    def start(self):
        env = dict(os.environ, UPC_MIR_SOCKET=self.name)
        try:
            self.proc = subprocess.Popen(self.args.command, env=env,
                                         stderr=subprocess.PIPE)
        except OSError as e:
            shutil.rmtree(self.tmpdir, ignore_errors=True)
            raise MirError("cannot run %s: %s" % (self.args.command[0],
                                                  e.strerror))
        self.started = time.monotonic()
        self.relay = threading.Thread(target=self.relay_stderr, daemon=True)
        self.relay.start()

    def relay_stderr(self):
        """The program's standard error, as it comes, but for the lines
        saying where it wrote the final values of the search's own probes
        (the engine says so of every probe with a destination)."""
        ours = ("upc-mir: wrote the final measurement of probe '",
                " to %s/" % self.tmpdir)
        out = sys.stderr.buffer
        for line in iter(self.proc.stderr.readline, b""):
            text = line.decode("utf-8", "replace")
            if text.startswith(ours[0]) and ours[1] in text:
                continue
            out.write(line)
            out.flush()

    def running(self):
        if self.proc.poll() is None:
            return True
        if self.ended is None:
            self.ended = time.monotonic()
            self.status = self.proc.returncode
        return False

    def wait_socket(self):
        path = channel.socket_path(self.name)
        limit = self.started + self.args.wait
        while True:
            if not self.running():
                raise Ended()
            try:
                s = channel.connect(path, 0)
                s.close()
                break
            except MirError:
                if time.monotonic() > limit:
                    raise MirError("the program did not open its MIR socket "
                                   "within %g s (is it built with "
                                   "upc-instrument --mir-dormant?)"
                                   % self.args.wait)
                time.sleep(0.005)
        self.client = Client(self.name, timeout=self.args.timeout)

    def ask(self, fn, *a, **kw):
        """A request; Ended when the program is gone (or going: a program
        that ends drops the requests it has not answered)."""
        try:
            return fn(*a, **kw)
        except MirError:
            try:
                self.proc.wait(timeout=ENDING_S)
            except subprocess.TimeoutExpired:
                pass
            if not self.running():
                raise Ended()
            raise

    def sleep(self, seconds):
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            if not self.running():
                raise Ended()
            time.sleep(min(0.01, max(0.0, end - time.monotonic())))

    # --- probes ----------------------------------------------------------

    def live(self):
        return [m for m in self.model.measured.values() if not m.removed]

    def active(self):
        return [m for m in self.live() if m.active]

    def add(self, regions):
        """Probes on regions, each measuring from its placement: a region
        that runs once counts only if its probe was active when it began,
        so none waits for the others, and the requests go side by side
        (the program takes them in turn, without waiting for the search
        between two)."""
        todo = [r for r in regions if not self.model.known(r)][:MAX_NEW]

        def place(r):
            try:
                return r, self.client.instrument(
                    r.id, metrics=METRICS, entities=thread("*"),
                    activated=True), time.monotonic()
            except MirError as e:
                return r, e, time.monotonic()
        with concurrent.futures.ThreadPoolExecutor(PARALLEL) as pool:
            placed = list(pool.map(place, todo))
        new = []
        for r, pid, when in placed:
            if isinstance(pid, MirError):
                if not self.running():
                    raise Ended()
                self.model.unprobeable[r.id] = str(pid)
                log(self.args, "no probe on %s (%s): %.70s..." % (
                    r.id, r.location, pid), True)
                continue
            m = Measured(r, pid)
            m.activated(when)
            self.model.measured[r.id] = m
            new.append(m)
            log(self.args, "%.3f s: probe %s on %s (%s)" % (
                when - self.started, pid, r.id, r.location), True)
        self.probes_used += len(new)
        return new

    def activate(self, measured):
        measured = [m for m in measured if not m.active]
        if measured:
            self.ask(self.client.activate, [m.probe for m in measured])
            now = time.monotonic()
            for m in measured:
                m.activated(now)

    def deactivate(self, measured):
        """Stops probes; their answer is their last reading."""
        measured = [m for m in measured if m.active]
        if not measured:
            return
        values = self.ask(self.client.deactivate, [m.probe for m in measured])
        now = time.monotonic()
        for m in measured:
            m.read(values, now)
            m.deactivated(now)
        self.model.invalidate()

    def may_repeat(self, region):
        """Whether the region may run many times: a function, or a region
        inside a loop (one of main's outside loops runs once)."""
        r = region
        while not r.is_unit:
            r = r.parent
            if r.type in ("loop", "upcForall"):
                return True
        return region.is_unit and region.name != "main"

    def watch(self, seconds, among=None):
        """Sleeps, reading every WATCH_S the active probes (of among) whose
        region may repeat and has not run yet, and stops those that turn
        out costly; returns them."""
        stopped = []
        end = time.monotonic() + seconds
        while True:
            left = end - time.monotonic()
            if left <= 0:
                return stopped
            self.sleep(min(WATCH_S, left))
            idle = [m for m in (self.active() if among is None else among)
                    if m.active and m not in stopped
                    and self.may_repeat(m.region)
                    and not any(m.total("COUNT", t) for t in m.threads())]
            if not idle:
                continue
            self.read(idle)
            costly = [m for m in idle if m.cost() > PROBE_BUDGET]
            self.deactivate(costly)
            stopped += costly

    def read(self, which=None):
        """Reads the active probes (or those of which)."""
        live = [m for m in (self.active() if which is None else which)
                if m.active]
        if not live:
            return
        values = self.ask(self.client.value, [m.probe for m in live])
        now = time.monotonic()
        for m in live:
            m.read(values, now)
        self.model.invalidate()
        if not self.model.threads:
            ts = set()
            for m in live:
                ts.update(m.threads())
            self.model.threads = sorted(ts)

    def remove(self, measured):
        """Removes probes no longer needed (their figures stay)."""
        measured = [m for m in measured if not m.removed]
        if not measured:
            return
        self.deactivate(measured)
        self.ask(self.client.remove, [m.probe for m in measured])
        for m in measured:
            m.removed = True

    def mean_share(self, m):
        ts = self.model.threads or m.threads()
        return sum(self.model.share(m.region, t) for t in ts) / max(1,
                                                                     len(ts))

    def unseen(self, m):
        """No execution of the region has ended yet and it has not been
        measured for long: it may be running (a step of a loaded machine
        outlasting the windows), not holding nothing."""
        return m.window < NOT_RUNNING_S and not any(
            m.total("COUNT", t) for t in m.threads())

    def prune(self, keep):
        """Stops the costly probes (their figures stay, and they may measure
        again in short windows), removes those not kept that hold next to
        nothing, and keeps the cost of those active under the budget."""
        self.deactivate([m for m in self.active()
                         if m.cost() > PROBE_BUDGET])
        self.remove([m for m in self.live()
                     if m.region.id not in keep and m.window >= TRIAL_S
                     and self.mean_share(m) < NEGLIGIBLE
                     and not self.model.possibly_inflight(m.region)
                     and not self.unseen(m)])
        live = sorted(self.active(), key=lambda m: -m.cost())
        total = sum(m.cost() for m in live)
        over = []
        for m in live:
            if total <= BUDGET:
                break
            over.append(m)
            total -= m.cost()
        self.deactivate(over)

    # --- the rounds ------------------------------------------------------

    def first_regions(self):
        """main's short top-level regions (first: those that run once
        count only if measured before they begin), then the functions
        called repeatedly that call no other, and main. The others (the
        program's phases: loops of main, functions it calls once, and the
        functions that call others) wait for the call rates of the
        functions they call (Model.placeable)."""
        model = self.model
        sir = model.sir
        main = sir.main()
        regions = [r for r in (main.children if main is not None else [])
                   if model.light(r)]
        # Functions that call none of the program's: their probes cost
        # an execution's clock reads; the others may keep the gate open
        # over many calls, and wait for those rates too.
        return regions + [u for u in sir.units if u is not main and
                          model.repeated(u) and
                          not model.reachable_units(u)] + (
            [main] if main is not None else [])

    def placeable(self, regions):
        """The regions that may be measured now; those whose events would
        cost too much are left out for good (Model.skipped), those that
        call a function not seen running yet wait for its rate."""
        out = []
        todo = list(regions)
        for r in todo:
            if r in out:
                continue
            if self.model.placeable(r):
                out.append(r)
                continue
            d = self.model.dense(r)
            if d is None:
                # The functions it reaches are measured first.
                todo += [u for u in self.model.unmeasured_units(r)
                         if u not in todo]
                if r.id not in self.waiting:
                    self.waiting.add(r.id)
                    log(self.args, "not measuring %s (%s) yet: a function it "
                        "calls has not run yet" % (r.id, r.location), True)
            elif r.id not in self.model.skipped:
                self.model.skipped[r.id] = (
                    "its events would cost %.1f%% of a thread's time" %
                    (100 * d))
                log(self.args, "not measuring %s (%s): %s" % (
                    r.id, r.location, self.model.skipped[r.id]), True)
        return out

    def plan(self):
        """The regions to measure next: those that resolve the regions of
        largest exclusive time, best first; and the probes to keep."""
        want, keep, resolved = [], set(), 0
        for share, region, _ in self.model.ranked():
            if resolved >= TOP_RESOLVED or (share < MIN_SHARE and want):
                break
            keep.add(region.id)
            if self.model.resolved(region):
                resolved += 1
                continue
            for r in self.model.next_probes(region):
                if r not in want:
                    want.append(r)
        # Regions that may run throughout must be looked into, wherever
        # they are (they hold their callers' time).
        for m in list(self.model.measured.values()):
            if self.model.possibly_inflight(m.region):
                keep.add(m.region.id)
                for r in self.model.next_probes(m.region):
                    if r not in want:
                        want.append(r)
        # What the kept regions subtract, and what is in them, is kept too.
        for rid in list(keep):
            region = self.model.sir[rid]
            for part, _ in self.model.outer_parts(region):
                keep.add(part.id)
            for c in region.walk():
                keep.add(c.id)
        return want, keep

    def explore(self):
        """Rounds of refinement: each places probes, tries them for a short
        window (stopping the costly ones), measures for the round's window,
        and plans the next."""
        new = self.add(self.first_regions())
        window = FIRST_WINDOW_S
        while True:
            self.sleep(TRIAL_S)
            self.read(new)  # only the new ones: their cost
            self.deactivate([m for m in new if m.cost() > PROBE_BUDGET])
            self.watch(max(0.0, window - TRIAL_S))
            self.read()
            self.rounds += 1
            want, keep = self.plan()
            self.prune(keep)
            log(self.args, "round %d (%.2f s): %d probes measuring, %d "
                "stopped, %d more to place" % (
                    self.rounds, time.monotonic() - self.started,
                    len(self.active()), len(self.live()) - len(self.active()),
                    len(want)))
            if not want:
                self.converged = True
                return keep
            if self.rounds >= self.args.max_rounds:
                return keep
            new = self.add(self.placeable(want))
            if not new and all(self.model.known(r) for r in want):
                self.converged = True
                return keep
            window = min(MAX_WINDOW_S, window * 2)

    def sample(self, keep):
        """Until the program ends: the probes of the findings go on
        measuring, so that their figures cover as much of the run as they
        can; those that cost little all the time (read now and then; those
        whose executions are long also write their values when the program
        ends), the others in short windows spread over the run, as much of
        it as the budget allows."""
        # Every region that holds a share keeps being measured: figures of
        # a first window alone may be those of a phase (an initialization
        # that calls a function all the time), not of the run.
        self.remove([m for m in self.live() if m.region.id not in keep
                     and self.mean_share(m) < NEGLIGIBLE
                     and not self.unseen(m)])
        kept = self.live()
        if not kept:
            self.proc.wait()
            raise Ended()
        steady, cycled, cost = [], [], 0.0
        for m in sorted(kept, key=lambda m: m.cost()):
            if m.cost() <= STEADY_COST and cost + m.cost() <= STEADY_BUDGET:
                steady.append(m)
                cost += m.cost()
            else:
                cycled.append(m)
        self.activate(steady)
        self.deactivate(cycled)
        for m in steady:
            # Those that may be running (no execution ended on a thread)
            # or run seldom: what ends last may hold most of their time.
            if not (m.region.is_unit and m.region.name == "main") and min(
                    [m.rate("COUNT", t) for t in m.threads()] or [0]) \
                    < LONG_RATE:
                m.destination = os.path.join(self.tmpdir, m.probe + ".xml")
                self.ask(self.client.control, "VALUE", [m.probe],
                         measuring=Measuring(destination=m.destination))
        def schedule():
            ccost = sum(m.cost() for m in cycled)
            duty = (min(MAX_DUTY, (BUDGET - cost) / ccost) if ccost > 0
                    else MAX_DUTY)
            return duty, max(PERIOD_S, MIN_ACTIVE_S / max(duty, 1e-3))
        duty, period = schedule()
        log(self.args, "sampling %d probes, %d of them %.0f%% of the time, "
            "until the program ends" % (len(kept), len(cycled), 100 * duty))
        for m in kept:
            log(self.args, "  %s %s: cost %.2f%%, %s" % (
                m.probe, m.region.id, 100 * m.cost(),
                "sampled" if m in cycled else "measuring"), True)
        # Every POLL_S the probes that measure all the time are read: one
        # that became costly (a phase that calls its function all the
        # time) is sampled from then on. The sampled ones measure for
        # duty x period at the end of each period.
        start = time.monotonic()
        while True:
            stopped = self.watch(POLL_S, steady)
            self.read()
            grown = stopped + [m for m in steady if m not in stopped
                               and m.cost() > STEADY_COST]
            if grown:
                self.deactivate(grown)
                steady = [m for m in steady if m not in grown]
                cycled += grown
                cost = sum(m.cost() for m in steady)
                duty, period = schedule()
                log(self.args, "%.2f s: sampling %s from now on" % (
                    time.monotonic() - self.started,
                    " ".join(m.probe for m in grown)), True)
            if cycled and time.monotonic() - start >= period * (1 - duty):
                self.activate(cycled)
                self.sleep(period * duty)
                self.deactivate(cycled)
                start = time.monotonic()

    def take_samples(self):
        """Until the search ends: the threads' call stacks every SAMPLE_S,
        on a connection of its own (the program serves several clients
        at once)."""
        client = Client(self.name, timeout=self.args.timeout)
        failures = 0
        wanted = False
        while not self.stop_sampling.wait(LATE_SAMPLE_S if self.searched
                                    else SAMPLE_S):
            # Only once a function turns out too costly to measure with its
            # probe, or called back by a library function: the others'
            # probes tell all, and a program that has none pays nothing.
            if not wanted:
                try:
                    wanted = self.model.wants_samples()
                except RuntimeError:  # the search changed the model
                    continue
                if not wanted:
                    continue
                log(self.args, "%.2f s: sampling call stacks" % (
                    time.monotonic() - self.started), True)
            try:
                self.model.sampling.add(client.snapshot(stack=STACK_FRAMES))
                failures = 0
            except MirError:
                failures += 1
                if self.proc.poll() is not None or failures >= 3:
                    return  # ended, or ending

    def final_values(self):
        """The values the program wrote at its end for the probes that
        named a destination (their executions that ended last)."""
        for m in self.model.measured.values() if self.model else ():
            if not m.destination or not os.path.exists(m.destination):
                continue
            try:
                with open(m.destination, "rb") as f:
                    values = parse_measurement(
                        f.read(), {m.probe: self.client.spec(m.probe)})
            except (OSError, MirError):
                continue
            m.read(values, self.ended)
            m.deactivated(self.ended)
        if self.model:
            self.model.invalidate()

    def run(self):
        self.start()
        late_imports()
        try:
            self.wait_socket()
            log(self.args, "%.3f s: the program listens" % (
                time.monotonic() - self.started), True)
            sir = (load_sir(self.args.sir) if self.args.sir
                   else self.ask(self.client.sir))
            self.model = Model(sir)
            log(self.args, "%.3f s: its SIR has %d functions" % (
                time.monotonic() - self.started, len(sir.units)), True)
            self.model.sampling = Sampling(sir)
            self.sampler = threading.Thread(target=self.take_samples,
                                            daemon=True)
            self.sampler.start()
            keep = self.explore()
            self.searched = True
            self.sample(keep)
        except Ended:
            pass
        except MirError as e:
            if self.running() or self.model is None:
                # The program goes on (it is the user's run); what was
                # measured is reported when it ends.
                self.notes.append("the search stopped: %s" % e)
                log(self.args, "stopped: %s; waiting for the program to "
                    "end" % e)
        except KeyboardInterrupt:
            # The program, in the same process group, has it too.
            self.proc.wait()
            raise
        self.status = self.proc.wait()
        if self.ended is None:
            self.ended = time.monotonic()
        self.stop_sampling.set()
        if self.sampler is not None:
            self.sampler.join()
        self.relay.join()
        self.final_values()
        shutil.rmtree(self.tmpdir, ignore_errors=True)
        own = resource.getrusage(resource.RUSAGE_SELF)
        log(self.args, "the search's own CPU time: %.2f s" % (
            own.ru_utime + own.ru_stime), True)
        return self.report()

    # --- the result ------------------------------------------------------

    def report(self):
        model = self.model
        if model is not None and self.args.verbose:
            for m in model.measured.values():
                ts = m.threads()
                log(self.args, "%s %s: window %.2f s, count %s, share %s" % (
                    m.probe, m.region.id, m.window,
                    [m.total("COUNT", t) for t in ts],
                    ["%.3f" % model.share(m.region, t) for t in ts]), True)
        findings = [f for f in (model.findings() if model else [])
                    if f["share"] >= MIN_FINDING][:self.args.top]
        for i, f in enumerate(findings):
            f["rank"] = i + 1
        if model is None or not any(
                m.window > 0 for m in model.measured.values()):
            self.notes.append("the program ended before anything was "
                              "measured")
        elif not self.converged:
            self.notes.append(
                "the run was too short to refine further: %d round%s"
                % (self.rounds, "" if self.rounds == 1 else "s")
                if self.rounds < self.args.max_rounds else
                "refinement stopped after %d rounds (--max-rounds)"
                % self.rounds)
        if self.status:
            self.notes.append("the program exited with status %d"
                              % self.status)
        return {
            "command": self.args.command,
            "threads": len(model.threads) if model else 0,
            "run_s": (self.ended - self.started) if self.started else 0.0,
            "rounds": self.rounds,
            "probes": self.probes_used,
            "converged": self.converged,
            "program_status": self.status,
            "notes": self.notes,
            "findings": findings,
        }


def parse_args(argv):
    p = argparse.ArgumentParser(
        prog="upc-mir search",
        description="Start a UPC program built with upc-instrument "
        "--mir-dormant and search its bottlenecks through its MIR channel: "
        "the regions that hold the most time, exclusive of the functions "
        "and UPC operations they call (as upc-prof counts it), and why.",
        epilog="Exit status: 0 findings were reported; 1 nothing could be "
        "measured (the program ended first, or does not answer); 2 usage.")
    out = p.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true",
                     help="print the findings as JSON")
    out.add_argument("--html", metavar="FILE",
                     help="write the findings as a web page (upc-prof's)")
    p.add_argument("--sir", metavar="FILE",
                   help="the program's SIR (default: asked of the program)")
    p.add_argument("--top", type=int, default=10, metavar="N",
                   help="findings to report (default 10)")
    p.add_argument("--max-rounds", type=int, default=12, metavar="N",
                   help="refinement rounds at most (default 12)")
    p.add_argument("--wait", type=float, default=60.0, metavar="S",
                   help="seconds to wait for the program's socket "
                   "(default 60)")
    p.add_argument("--timeout", type=float, default=60.0, metavar="S",
                   help="seconds to wait for each answer (default 60)")
    p.add_argument("--socket", metavar="NAME",
                   help="UPC_MIR_SOCKET to give the program (default: a new "
                   "private name)")
    p.add_argument("-o", "--output", metavar="FILE",
                   help="write the text or JSON report here, not on "
                   "standard output")
    p.add_argument("-q", "--quiet", action="store_true",
                   help="no progress on standard error")
    p.add_argument("-v", "--verbose", action="store_true",
                   help="say each probe placed, stopped or removed")
    p.add_argument("command", nargs=argparse.REMAINDER,
                   help="-- COMMAND [ARGS...]")
    a = p.parse_args(argv)
    if a.command and a.command[0] == "--":
        a.command = a.command[1:]
    if not a.command:
        p.error("no command to run: upc-mir search [options] -- COMMAND")
    return a


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    try:
        result = Search(args).run()
    except MirError as e:
        sys.stderr.write("upc-mir search: error: %s\n" % e)
        return 1
    except KeyboardInterrupt:
        return 130
    from .report import write_report
    try:
        write_report(result, args)
    except OSError as e:
        sys.stderr.write("upc-mir search: error: %s\n" % e)
        return 1
    return 0 if result["findings"] else 1


if __name__ == "__main__":
    sys.exit(main())
