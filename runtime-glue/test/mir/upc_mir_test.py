#!/usr/bin/env python3
"""upc_mir_test.py PYTHON_DIR [UPC_MIR]: the Python client library upc_mir
(requests, the answers' parsing with section 6's compressed forms, the
socket's rules) and upc-mir search against fake_program.py, a stand-in for
a program built with --mir-dormant. PYTHON_DIR holds the packages as
installed (upc_mir and upc_prof); UPC_MIR is the upc-mir program, whose
search subcommand runs the package. Every wait is for an outcome; time
limits only catch a hang."""

import json
import os
import socket
import stat
import subprocess
import sys
import tempfile
import threading
import unittest
import xml.etree.ElementTree as ET

PYTHON_DIR = sys.argv[1]
UPC_MIR = sys.argv[2] if len(sys.argv) > 2 else None
sys.path.insert(0, PYTHON_DIR)
sys.dont_write_bytecode = True  # the package's directory stays as installed
del sys.argv[1:]

import upc_mir  # noqa: E402
from upc_mir import (Entity, Measuring, MirError, ProbeSpec,  # noqa: E402
                     parse_measurement, thread)
from upc_mir import channel  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
FAKE = os.path.join(HERE, "fake_program.py")
HANG = 120  # seconds: only a hang takes this long


def values(m):
    return [(v.probe, v.metric, v.entity, v.function, v.value) for v in m]


class Requests(unittest.TestCase):
    def test_instrreq(self):
        text = upc_mir.instrreq(
            "f.main.loop1", metrics=["WC_TIME", "COUNT"],
            entities=[upc_mir.process("0", thread("*"))],
            measuring=Measuring(interval=10, aggregates=["MAXIMUM"]),
            activated=True)
        root = ET.fromstring(text)
        self.assertEqual(root.tag, "instrreq")
        self.assertEqual(root.get("activated"), "true")
        self.assertEqual(root.find("codeRegion").get("from"), "f.main.loop1")
        self.assertEqual([m.get("name") for m in root.findall("metric")],
                         ["WC_TIME", "COUNT"])
        self.assertEqual(root.find("measuring").get("interval"), "10")
        self.assertEqual(root.find("measuring/aggregate").get("function"),
                         "MAXIMUM")
        self.assertEqual(root.find("process/thread").get("id"), "*")

    def test_escaping(self):
        text = upc_mir.ctrlreq("VALUE", ['a"<&>b'])
        self.assertEqual(ET.fromstring(text).find("probe").get("id"),
                         'a"<&>b')
        text = upc_mir.sirreq([("x&y.upc", "file:///tmp/<out>")])
        res = ET.fromstring(text).find("resource")
        self.assertEqual((res.get("in"), res.get("out")),
                         ("x&y.upc", "file:///tmp/<out>"))

    def test_snapshotreq(self):
        root = ET.fromstring(upc_mir.snapshotreq(named=True, stack=4))
        self.assertEqual((root.tag, root.get("named"), root.get("stack")),
                         ("snapshotreq", "true", "4"))

    def test_bad_arguments(self):
        self.assertRaises(MirError, upc_mir.ctrlreq, "STOP", ["p"])
        self.assertRaises(MirError, upc_mir.ctrlreq, "VALUE", [])
        self.assertRaises(MirError, Entity, "cluster", "0")
        self.assertRaises(MirError, Measuring, aggregates=["MEDIAN"])

    def test_spec_from_requests(self):
        spec = ProbeSpec.from_request(
            '<instrreq><codeRegion from="r"/><metric name="COUNT"/>'
            '<measuring><aggregate function="SUM"/></measuring>'
            '<thread id="*"/></instrreq>')
        self.assertEqual((spec.metrics, spec.aggregates), (["COUNT"], ["SUM"]))
        self.assertEqual(spec.entities, [Entity("thread", "*")])
        # A control request changes what it names; the rest stays.
        spec.update_from_request(
            '<ctrlreq action="VALUE"><probe id="p"/>'
            '<measuring interval="5"/></ctrlreq>')
        self.assertEqual((spec.metrics, spec.aggregates), (["COUNT"], ["SUM"]))
        self.assertEqual(ProbeSpec.from_request(
            '<instrreq><codeRegion from="r"/></instrreq>').metrics,
            ["WC_TIME"])


class Measurements(unittest.TestCase):
    """Section 6's compressed forms, as the engine writes them
    (test/Run/mir-exit.test's documents) and as the specification shows."""

    def test_one_value(self):
        m = parse_measurement('<measurement value="2.5"/>', "p")
        self.assertEqual(values(m), [("p", "WC_TIME", {}, None, 2.5)])

    def test_threads_star(self):
        spec = ProbeSpec(["COUNT", "UPC_PUT_REMOTE_BYTES"], thread("*"))
        m = parse_measurement(
            '<measurement><measurement threadId="0"><measurement value="10"/>'
            '<measurement value="40"/></measurement><measurement threadId="1">'
            '<measurement value="11"/><measurement value="44"/></measurement>'
            '</measurement>', {"p": spec})
        self.assertEqual(m.by_thread("p", "COUNT"), {0: 10, 1: 11})
        self.assertEqual(m.by_thread("p", "UPC_PUT_REMOTE_BYTES"),
                         {0: 40, 1: 44})
        # One thread, one metric: a single element with both.
        m = parse_measurement('<measurement threadId="0" value="10"/>',
                              {"p": ProbeSpec(["COUNT"], thread("*"))})
        self.assertEqual(m.by_thread("p", "COUNT"), {0: 10})

    def test_named_threads(self):
        # <thread id="1"/><thread id="0"/>: no ids, the request's order.
        spec = ProbeSpec(["COUNT", "UPC_PUT_REMOTE_BYTES"],
                         [thread("1"), thread("0")])
        m = parse_measurement(
            '<measurement><measurement><measurement value="10"/>'
            '<measurement value="40"/></measurement><measurement>'
            '<measurement value="12"/><measurement value="48"/></measurement>'
            '</measurement>', {"p": spec})
        self.assertEqual(m.get("p", "COUNT", thread="1"), 10)
        self.assertEqual(m.get("p", "UPC_PUT_REMOTE_BYTES", thread="0"), 48)

    def test_defaults(self):
        # No entity: "?" at every level, every id kept and merged.
        m = parse_measurement(
            '<measurement siteId="0"><measurement nodeId="0">'
            '<measurement processId="0"><measurement threadId="0">'
            '<measurement value="10"/><measurement value="40"/></measurement>'
            '<measurement threadId="1"><measurement value="10"/>'
            '<measurement value="41"/></measurement></measurement>'
            '</measurement></measurement>',
            {"p": ProbeSpec(["COUNT", "UPC_PUT_REMOTE_BYTES"])})
        self.assertEqual(m.select("p", "UPC_PUT_REMOTE_BYTES")[1].entity,
                         {"site": "0", "node": "0", "process": "0",
                          "thread": "1"})
        self.assertEqual(m.get("p", "UPC_PUT_REMOTE_BYTES", thread=1), 41)

    def test_specification_example(self):
        # Section 6: communicators c1 (p1, p2) and c2 (p3), THREAD_COUNT.
        spec = ProbeSpec(["THREAD_COUNT"], [
            Entity("communicator", "c1", [Entity("process", "*")]),
            Entity("communicator", "c2", [Entity("process", "*")])])
        m = parse_measurement(
            '<measurement><measurement><measurement processId="p2" '
            'value="3"/><measurement processId="p1" value="4"/>'
            '</measurement><measurement><measurement processId="p3" '
            'value="5"/></measurement></measurement>', {"p": spec})
        got = {(v.entity.get("communicator"), v.entity["process"]): v.value
               for v in m}
        self.assertEqual(got, {("c1", "p2"): 3, ("c1", "p1"): 4,
                               ("c2", "p3"): 5})
        # With MAXIMUM: one element, with the ids of where it was.
        spec.aggregates = ["MAXIMUM"]
        m = parse_measurement('<measurement communicatorId="c2" '
                              'processId="p3" value="5"/>', {"p": spec})
        self.assertEqual(values(m), [("p", "THREAD_COUNT", {
            "communicator": "c2", "process": "p3"}, "MAXIMUM", 5)])

    def test_named_process_with_threads(self):
        spec = ProbeSpec(["COUNT"], [Entity("process", "0", [thread("*")])])
        m = parse_measurement(
            '<measurement><measurement threadId="0" value="10"/>'
            '<measurement threadId="1" value="10"/></measurement>',
            {"p": spec})
        self.assertEqual([v.entity for v in m],
                         [{"process": "0", "thread": "0"},
                          {"process": "0", "thread": "1"}])

    def test_aggregates(self):
        # Sorted by entity first: the entity-free values, then the maxima
        # and minima by the entity where they were measured.
        spec = ProbeSpec(["COUNT", "UPC_PUT_REMOTE_BYTES"], thread("*"),
                         ["AVERAGE", "MAXIMUM", "MINIMUM", "VARIANCE"])
        m = parse_measurement(
            '<measurement><measurement value="10"/><measurement value="0"/>'
            '<measurement value="40"/><measurement value="0"/>'
            '<measurement threadId="0"><measurement value="10"/>'
            '<measurement value="10"/><measurement value="40"/>'
            '<measurement value="40"/></measurement></measurement>',
            {"p": spec})
        self.assertEqual([(v.metric, v.function, v.entity, v.value)
                          for v in m], [
            ("COUNT", "AVERAGE", {}, 10),
            ("COUNT", "MAXIMUM", {"thread": "0"}, 10),
            ("COUNT", "MINIMUM", {"thread": "0"}, 10),
            ("COUNT", "VARIANCE", {}, 0),
            ("UPC_PUT_REMOTE_BYTES", "AVERAGE", {}, 40),
            ("UPC_PUT_REMOTE_BYTES", "MAXIMUM", {"thread": "0"}, 40),
            ("UPC_PUT_REMOTE_BYTES", "MINIMUM", {"thread": "0"}, 40),
            ("UPC_PUT_REMOTE_BYTES", "VARIANCE", {}, 0)])

    def test_extremes_on_several_threads(self):
        # COUNT: max 9 on thread 2, min 1 on thread 0; WC_TIME: max 5 on
        # thread 0, min 2 on thread 3. Thread 0's group holds COUNT's
        # minimum and WC_TIME's maximum: the values tell which.
        spec = ProbeSpec(["COUNT", "WC_TIME"], thread("*"),
                         ["MAXIMUM", "MINIMUM"])
        m = parse_measurement(
            '<measurement><measurement threadId="0"><measurement value="1"/>'
            '<measurement value="5"/></measurement>'
            '<measurement threadId="2" value="9"/>'
            '<measurement threadId="3" value="2"/></measurement>',
            {"p": spec})
        self.assertEqual([(v.metric, v.function, v.thread, v.value)
                          for v in m], [
            ("COUNT", "MAXIMUM", 2, 9), ("COUNT", "MINIMUM", 0, 1),
            ("WC_TIME", "MAXIMUM", 0, 5), ("WC_TIME", "MINIMUM", 3, 2)])

    def test_sum_of_nothing(self):
        spec = ProbeSpec(["COUNT"], thread("?"), ["SUM", "MAXIMUM"])
        m = parse_measurement('<measurement value="0"/>', {"p": spec})
        self.assertEqual(values(m), [("p", "COUNT", {}, "SUM", 0)])

    def test_several_probes(self):
        m = parse_measurement(
            '<measurement><measurement probeId="a" value="1.5"/>'
            '<measurement probeId="b"><measurement threadId="0" value="2"/>'
            '<measurement threadId="1" value="3"/></measurement>'
            '</measurement>',
            {"a": ProbeSpec(), "b": ProbeSpec(["COUNT"], thread("*"))})
        self.assertEqual(values(m), [
            ("a", "WC_TIME", {}, None, 1.5),
            ("b", "COUNT", {"thread": "0"}, None, 2),
            ("b", "COUNT", {"thread": "1"}, None, 3)])
        # Without probeId, values of several probes cannot be told apart.
        self.assertRaises(MirError, parse_measurement,
                          '<measurement value="1"/>',
                          {"a": ProbeSpec(), "b": ProbeSpec()})

    def test_removed(self):
        self.assertEqual(len(parse_measurement("<measurement/>", "p")), 0)

    def test_errors_and_probe(self):
        with self.assertRaises(MirError) as e:
            upc_mir.parse_xml('<?xml version="1.0"?><errors><error>unknown '
                              'probe &apos;x&apos;</error><error>two</error>'
                              '</errors>')
        self.assertEqual(e.exception.messages, ["unknown probe 'x'", "two"])
        self.assertEqual(upc_mir.parse_probe('<probe id="rt3"/>'), "rt3")
        self.assertRaises(MirError, upc_mir.parse_probe, "<measurement/>")
        self.assertRaises(MirError, upc_mir.parse_xml, "not xml")

    def test_snapshot(self):
        s = upc_mir.parse_snapshot(
            '<snapshot><node id="0" name="h"><process id="0" name="pid 7">'
            '<thread id="0" name="UPC thread 0"><stack>f+0x1 (p)</stack>'
            '<stack>main+0x2 (p)</stack></thread><thread id="1"/>'
            '</process></node></snapshot>')
        threads = s.threads()
        self.assertEqual([(t.id, where) for t, where in threads],
                         [("0", {"node": "0", "process": "0"}),
                          ("1", {"node": "0", "process": "0"})])
        self.assertEqual(threads[0][0].stack, ["f+0x1 (p)", "main+0x2 (p)"])
        self.assertEqual(threads[0][0].name, "UPC thread 0")


class Sampling(unittest.TestCase):
    """Call stacks counted per function (upc_mir.sampling)."""

    def test_frames(self):
        from upc_mir.sampling import Sampling as S
        sir = upc_mir.parse_sir(
            '<sir><file id="f" name="a.upc">'
            '<unit id="f.main" type="function" name="main"/>'
            '<unit id="f.step" type="function" name="step"/>'
            '<unit id="f.mix" type="function" name="mix"/>'
            '</file></sir>')
        s = S(sir)
        # A static function has no dynamic symbol: nm's table names it.
        s.symbols.tables["./a"] = ([0x100, 0x200], ["mix", "other"])
        snap = upc_mir.parse_snapshot(
            '<snapshot><node id="0"><process id="0">'
            '<thread id="0"><stack>./a+0x150</stack>'
            '<stack>step+0x4 (./a)</stack>'
            '<stack>upcr_user_main+0x9 (./a)</stack></thread>'
            '<thread id="1"><stack>pthread_cond_wait+0x1 (libc.so.6)</stack>'
            '<stack>upcr_barrier+0x2 (./a)</stack>'
            '<stack>step+0x8 (./a)</stack>'
            '<stack>upcr_user_main+0x9 (./a)</stack></thread>'
            '<thread id="2"><stack>qsort+0x1 (libc.so.6)</stack>'
            '<stack>upcr_user_main+0x9 (./a)</stack></thread>'
            '<thread id="3"/>'
            '</process></node></snapshot>')
        s.add(snap)
        main, step, mix = (sir[i] for i in ("f.main", "f.step", "f.mix"))
        # Thread 0: in mix, called by step, called by main.
        self.assertEqual([s.share(u, 0, exclusive=True)
                          for u in (main, step, mix)], [0, 0, 1])
        self.assertEqual([s.share(u, 0) for u in (main, step, mix)],
                         [1, 1, 1])
        # Thread 1: in a barrier of step: the UPC operation's, not step's.
        self.assertEqual(s.share(step, 1, exclusive=True), 0)
        self.assertEqual(s.share(step, 1), 1)
        # Thread 2: in a library function main called: main's own time.
        self.assertEqual(s.share(main, 2, exclusive=True), 1)
        # Thread 3 answered with no stack: no sample.
        self.assertEqual(s.samples(3), 0)
        self.assertEqual(s.samples(0), 1)


class Sir(unittest.TestCase):
    def test_sir(self):
        sys.path.insert(0, HERE)
        import fake_program
        sir = upc_mir.parse_sir(fake_program.sir_document(
            fake_program.SCENARIOS["barrier"]))
        self.assertEqual([u.name for u in sir.units], ["main", "work"])
        b = sir["f.main.upcBarrier1"]
        self.assertEqual((b.type, b.location, b.parent.id, b.unit.id),
                         ("upcBarrier", "fake.upc:17:1", "f.main.loop1",
                          "f.main"))
        self.assertIs(sir.callee(sir["f.main.call1"]), sir["f.work"])
        self.assertRaises(MirError, sir.__getitem__, "nope")


class Socket(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp()
        self.old = os.environ.get("XDG_RUNTIME_DIR")
        os.environ["XDG_RUNTIME_DIR"] = self.dir

    def tearDown(self):
        if self.old is None:
            del os.environ["XDG_RUNTIME_DIR"]
        else:
            os.environ["XDG_RUNTIME_DIR"] = self.old
        subprocess.run(["rm", "-rf", self.dir])

    def test_paths(self):
        self.assertRaises(MirError, channel.socket_path, "p.sock")  # none
        d = os.path.join(self.dir, "upc-mir")
        os.mkdir(d, 0o700)
        self.assertEqual(channel.socket_path("p.sock"),
                         os.path.join(d, "p.sock"))
        self.assertEqual(channel.socket_path("./p.sock"), "./p.sock")
        os.chmod(d, 0o755)
        with self.assertRaises(MirError) as e:
            channel.socket_path("p.sock")
        self.assertIn("open to other users", str(e.exception))
        os.chmod(d, 0o700)
        os.rename(d, d + ".real")
        os.symlink(d + ".real", d)
        with self.assertRaises(MirError) as e:
            channel.socket_path("p.sock")
        self.assertIn("symbolic link", str(e.exception))
        self.assertRaises(MirError, channel.socket_path, "/" + "x" * 120)

    def serve(self, answer, framed=True):
        """A server of one connection: it answers once the request's root
        element is closed (framed), never waiting for the client's end."""
        path = tempfile.mktemp(".sock", dir=self.dir)
        ls = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        ls.bind(path)
        ls.listen(1)
        got = []

        def run():
            c, _ = ls.accept()
            with c:
                parser = ET.XMLPullParser(events=("end",))
                data = b""
                while True:
                    chunk = c.recv(4096)
                    if not chunk:
                        break
                    data += chunk
                    parser.feed(chunk)
                    if framed and any(e is not None and e.tag == "ctrlreq"
                                      for _, e in parser.read_events()):
                        break
                got.append(data)
                if answer is not None:
                    c.sendall(answer)
            ls.close()
        th = threading.Thread(target=run, daemon=True)
        th.start()
        return path, th, got

    def test_exchange(self):
        path, th, got = self.serve(b'<measurement value="1"/>')
        c = upc_mir.Client(path, timeout=HANG)
        c.define("p")
        m = c.value("p")
        self.assertEqual(m.get("p", "WC_TIME"), 1)
        th.join(HANG)
        self.assertEqual(ET.fromstring(got[0]).get("action"), "VALUE")

    def test_limits(self):
        path, th, _ = self.serve(b"x" * 5000)
        with self.assertRaises(MirError) as e:
            channel.exchange(path, b'<ctrlreq action="VALUE"/>',
                             max_answer=1000, timeout=HANG)
        self.assertIn("larger than 1000 bytes", str(e.exception))
        th.join(HANG)
        self.assertRaises(MirError, channel.exchange, path,
                          b"<a>" + b"x" * channel.MAX_REQUEST)
        path, th, _ = self.serve(None)  # closes without an answer
        with self.assertRaises(MirError) as e:
            channel.exchange(path, b'<ctrlreq action="VALUE"/>',
                             timeout=HANG)
        self.assertIn("no answer", str(e.exception))
        th.join(HANG)
        with self.assertRaises(MirError) as e:
            channel.exchange(os.path.join(self.dir, "none.sock"), b"<a/>")
        self.assertIn("no socket at", str(e.exception))


def run_search(scenario, *options, seconds="3"):
    """upc-mir search's JSON on the fake program."""
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "out.json")
        cmd = [UPC_MIR, "search", "-q", "--json", "-o", out] + list(
            options) + ["--", sys.executable, FAKE, scenario, seconds]
        p = subprocess.run(cmd, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, timeout=HANG, text=True)
        result = None
        if os.path.exists(out):
            with open(out) as f:
                result = json.load(f)
        return p, result


@unittest.skipUnless(UPC_MIR, "no upc-mir given")
class Search(unittest.TestCase):
    def first(self, scenario):
        p, r = run_search(scenario)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertIn("fake program %s: done" % scenario, p.stdout)
        self.assertTrue(r["converged"], r)
        self.assertEqual(r["threads"], 4)
        return r["findings"][0], r

    def test_barrier(self):
        f, r = self.first("barrier")
        self.assertEqual((f["region"], f["kind"], f["location"]),
                         ("f.main.upcBarrier1", "barrier wait",
                          "fake.upc:17:1"))
        self.assertAlmostEqual(f["share"], 0.80, delta=0.02)
        # The function called in the loop comes next, with its loop.
        second = r["findings"][1]
        self.assertEqual(second["region"], "f.work")
        self.assertEqual(second["hot_spot"]["region"], "f.work.loop1")

    def test_imbalance(self):
        f, r = self.first("imbalance")
        self.assertEqual((f["region"], f["kind"], f["max_thread"]),
                         ("f.work", "load imbalance", 0))
        self.assertAlmostEqual(f["imbalance"], 0.95 / 0.6125, delta=0.05)
        self.assertEqual(r["findings"][1]["kind"], "barrier wait")

    def test_lock(self):
        f, r = self.first("lock")
        self.assertEqual((f["region"], f["kind"], f["function"]),
                         ("f.steal.upcCall1", "lock contention", "steal"))
        # The function called 50,000 times a second was measured and then
        # stopped, or sampled: its share is known all the same.
        expand = [x for x in r["findings"] if x["region"] == "f.expand"][0]
        self.assertAlmostEqual(expand["share"], 0.25, delta=0.02)

    def test_sampled(self):
        # hash and compress run a million times a second: their own time
        # is their share of the sampled call stacks (5 and 3 of every 10),
        # not what their probes' figures would give (0.8 - 0.5 and 0.5).
        f, r = self.first("sampled")
        by = {x["region"]: x for x in r["findings"]}
        self.assertEqual(f["region"], "f.hash")
        self.assertAlmostEqual(f["share"], 0.5, delta=0.03)
        self.assertAlmostEqual(by["f.compress"]["share"], 0.3, delta=0.03)
        self.assertGreaterEqual(f["samples"], 20)
        # The barrier, cheap to measure, is its probe's.
        self.assertAlmostEqual(by["f.main.upcBarrier1"]["share"], 0.1,
                               delta=0.02)
        self.assertEqual(by["f.main.upcBarrier1"]["samples"], 0)

    def test_short_program(self):
        p, r = run_search("barrier", seconds="0")
        self.assertEqual(p.returncode, 1)
        self.assertIn("ended before anything was measured",
                      " ".join(r["notes"]))

    def test_text_and_html(self):
        with tempfile.TemporaryDirectory() as d:
            page = os.path.join(d, "s.html")
            p = subprocess.run(
                [UPC_MIR, "search", "-q", "--html", page, "--",
                 sys.executable, FAKE, "lock", "2"],
                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                timeout=HANG)
            self.assertEqual(p.returncode, 0, p.stderr)
            with open(page) as f:
                html = f.read()
            # upc-prof's page, with the findings as its data.
            self.assertIn('id="upc-prof-data"', html)
            self.assertIn("lock contention", html)
            self.assertIn("upc_lock in steal", html)
        p = subprocess.run(
            [UPC_MIR, "search", "-q", "--", sys.executable, FAKE, "barrier",
             "2"], stdout=subprocess.PIPE, text=True, timeout=HANG)
        self.assertEqual(p.returncode, 0)
        lines = p.stdout.splitlines()
        first = [l for l in lines if l.lstrip().startswith("1.")][0]
        self.assertIn("fake.upc:17:1", first)
        self.assertIn("barrier wait", first)

    def test_usage(self):
        p = subprocess.run([UPC_MIR, "search"], stderr=subprocess.PIPE,
                           text=True, timeout=HANG)
        self.assertEqual(p.returncode, 2)
        self.assertIn("no command to run", p.stderr)
        p = subprocess.run([UPC_MIR, "search", "--", "/nonexistent/prog"],
                           stderr=subprocess.PIPE, text=True, timeout=HANG)
        self.assertEqual(p.returncode, 1)
        self.assertIn("cannot run /nonexistent/prog", p.stderr)


if __name__ == "__main__":
    unittest.main(verbosity=2)
