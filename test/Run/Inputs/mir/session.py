"""session.py UPC_MIR PROGRAM...: runs PROGRAM (a command line; it runs
until the file "stop" exists) with UPC_MIR_SOCKET=./mir.sock, then sends the
control requests NN-*.xml of the current directory in order with
`UPC_MIR send`, writing each reply to NN-*.out and its exit status to
NN-*.status. Between the requests it also plays a client that disconnects
mid-request and a burst of 1,000 requests (whose replies must all be
measurement documents). Where the program must have run meanwhile, the
session waits for the outcome (the probe counted executions; each periodic
probe delivered three documents, a window one with executions), never for
a length of time: on a busy machine the program runs later, not less. Then
it creates "stop" and waits for the program, whose exit status becomes this
script's. A condition that never comes true within DEADLINE seconds is a
hang, and the session fails saying which."""
import glob
import os
import re
import socket
import subprocess
import sys
import time

upc_mir, program = sys.argv[1], sys.argv[2:]
env = dict(os.environ, UPC_MIR_SOCKET="./mir.sock")
if os.path.exists("stop"):
    os.remove("stop")
proc = subprocess.Popen(program, env=env)


DEADLINE = 120


def send(path, wait="20"):
    reply = subprocess.run([upc_mir, "send", "--wait", wait, "./mir.sock", path],
                           capture_output=True, text=True, timeout=60)
    return reply.returncode, reply.stdout + reply.stderr


last_answer = ""


def wait_for(what, condition):
    """Polls condition() until it holds; a hang if it does not by DEADLINE
    (said with the last answer the program gave)."""
    end = time.monotonic() + DEADLINE
    while not condition():
        if proc.poll() is not None:
            sys.exit("the program ended (status %d) before %s" %
                     (proc.returncode, what))
        if time.monotonic() > end:
            sys.exit("hang: no %s after %d s; the last answer:\n%s" %
                     (what, DEADLINE, last_answer))
        time.sleep(0.05)


def counted():
    """The step probe's VALUE counts executions on every thread."""
    global last_answer
    status, text = send("03-value.xml")
    last_answer = text
    values = re.findall(r'<measurement value="([0-9]+)"/>', text)
    return status == 0 and values and all(int(v) > 0 for v in values)


def ticks():
    """(number, value) of the latest delivery of ticks-out, a SUM of the
    executions of step, delivered every 100 ms; (0, 0) before the first."""
    latest = (0, 0.0)
    for path in glob.glob("ticks-out.[0-9]*.xml"):
        number = int(path.split(".")[-2])
        values = re.findall(r'value="([0-9.]+)"', open(path).read())
        if number > latest[0] and values:
            latest = (number, float(values[0]))
    return latest


def ran_since(mark):
    """The program executed steps since ticks() returned mark."""
    return ticks()[1] > mark[1]


def delivered(name, count=3):
    return os.path.exists("%s.%d.xml" % (name, count))


def window_with_executions():
    for path in glob.glob("window-out.[0-9]*.xml"):
        for v in re.findall(r'value="([0-9.]+)"', open(path).read()):
            if float(v) > 0:
                return True
    return False


try:
    for path in sorted(glob.glob("[0-9][0-9]-*.xml")):
        status, text = send(path)
        base = path[:-len(".xml")]
        with open(base + ".out", "w") as f:
            f.write(text)
        with open(base + ".status", "w") as f:
            f.write("%d\n" % status)
        if path == "02-activate.xml":
            # Activated: the next VALUE must find executions.
            wait_for("execution of the activated probe", counted)
        if path in ("05-reset.xml", "07-change.xml"):
            # The program runs steps before the next request: a deactivated
            # probe stays at zero meanwhile, an activated one measures.
            mark = ticks()
            wait_for("steps after " + path, lambda: ran_since(mark))
        if path == "03-value.xml":
            # A client that sends half a request and disconnects: dropped,
            # and the program keeps serving.
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            s.connect("./mir.sock")
            s.sendall(b'<ctrlreq action="VAL')
            s.close()
            # A burst of requests, each answered.
            for i in range(1000):
                status, text = send("03-value.xml", wait="5")
                if status != 0 or "<measurement" not in text:
                    sys.exit("burst request %d: status %d: %s" %
                             (i, status, text))
            print("burst: 1000 requests answered", flush=True)
    # Every periodic probe has delivered (deliveries.py checks them).
    for name in ("ticks-out", "every-out", "window-out"):
        wait_for("third delivery of " + name,
                 lambda name=name: delivered(name))
    wait_for("window with executions in window-out", window_with_executions)
finally:
    open("stop", "w").close()
    status = proc.wait(timeout=DEADLINE)
sys.exit(status)
