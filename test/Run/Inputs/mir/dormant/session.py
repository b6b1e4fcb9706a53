"""session.py UPC_MIR PROGRAM...: instrumentation at run time. PROGRAM
(built with --mir-dormant) runs as program.py says, and this script plays
a tool that knows nothing but the socket: it asks for the program's SIR,
creates probes on regions of it with instrumentation requests, reads and
removes them, and checks the refusals. Each answer goes to NN-name.out.
The program's exit status becomes this script's."""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
sys.dont_write_bytecode = True  # keep the source tree clean
from program import Program  # noqa: E402

program = Program(sys.argv[1], sys.argv[2:])
number = 0


def send(name, text, wait="20", numbered=True):
    """Sends text as a request; writes the answer to NN-name.out (name.out
    when not numbered)."""
    global number
    number += numbered
    status, answer = program.send(text, wait)
    path = "%02d-%s.out" % (number, name) if numbered else name + ".out"
    with open(path, "w") as out:
        out.write(answer)
    return answer


def instrreq(region, body="", name="probe"):
    return send(name, '<instrreq activated="true">\n'
                '  <codeRegion from="%s"/>\n%s</instrreq>\n' % (region, body))


def value(probe, name="value", numbered=True):
    return send(name, '<ctrlreq action="VALUE"><probe id="%s"/></ctrlreq>\n'
                % probe, numbered=numbered)


def counted(probe):
    """Whether the probe's first value (COUNT) is positive on every
    thread."""
    text = value(probe, "counted-" + probe, numbered=False)
    counts = re.findall(r'<measurement value="([0-9.]+)"/>', text)
    return counts and all(float(c) > 0 for c in counts[::2])


def wait_counted(probe):
    program.until("a count of probe " + probe, lambda: counted(probe))


send("sir", '<sirreq><resource in="*"/></sirreq>\n', wait="60")
send("sir-one", '<sirreq><resource in="file:///somewhere/steps.upc"/></sirreq>\n')
send("sir-unknown", '<sirreq><resource in="nope.upc"/></sirreq>\n')
every = '  <metric name="COUNT"/>\n  <metric name="UPC_BARRIER_TIME"/>\n' \
        '  <thread id="*"/>\n'
probe = re.search(r'<probe id="([^"]+)"/>', instrreq("steps_upc.step", every))
wait_counted(probe.group(1))
forall = '  <metric name="COUNT"/>\n  <metric name="UPC_FORALL_ITERATIONS"/>\n' \
         '  <thread id="*"/>\n'
instrreq("steps_upc.step.upcForall2", forall)
instrreq("steps_upc.step.upcForall2", forall, name="again")
send("span", '<instrreq><codeRegion from="steps_upc.step.upcBarrier1" '
     'to="steps_upc.step.upcBarrier2"/></instrreq>\n')
instrreq("steps_upc.nope1", name="unknown")
instrreq("steps_upc.main.call1", name="not-compiled")
instrreq("steps_upc.main.loop1", '  <thread id="7"/>\n  <thread id="9"/>\n',
         name="entities")
send("remove", '<ctrlreq action="REMOVE"><probe id="rt2"/></ctrlreq>\n')
third = instrreq("steps_upc.step.upcForall2", forall, name="anew")
wait_counted(re.search(r'<probe id="([^"]+)"/>', third).group(1))
instrreq("steps_upc.main.loop2",
         '  <measuring destination="rt-final.xml"/>\n', name="destination")
value("rt1", "value-rt1")
sys.exit(program.stop())
