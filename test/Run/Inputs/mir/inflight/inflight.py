"""inflight.py UPC_MIR PROGRAM...: runs PROGRAM (inflight.upc) with
UPC_MIR_SOCKET=./mir.sock and sends control requests while thread 0 is
inside the probed region hold():
  1. activated; deactivated and reset while hold() runs; hold() then ends;
  2. activated again; reset while hold() runs; hold() then ends;
  3. hold() runs from start to end while the probe measures.
After each, prints the values a VALUE request answers (executions of
hold() per thread). Only the third counts: an execution that was in flight
when the probe was deactivated or reset is not measured. Every wait is for
an outcome (a file the program writes), bounded by DEADLINE seconds only
to catch a hang."""
import os
import re
import subprocess
import sys
import time

DEADLINE = 120
upc_mir, program = sys.argv[1], sys.argv[2:]
proc = subprocess.Popen(program, env=dict(os.environ,
                                          UPC_MIR_SOCKET="./mir.sock"))


def send(request):
    r = subprocess.run([upc_mir, "send", "--wait", "60", "./mir.sock", request],
                       capture_output=True, text=True, timeout=DEADLINE)
    if r.returncode != 0:
        sys.exit("%s: status %d: %s" % (request, r.returncode, r.stderr))
    return r.stdout


def touch(name):
    open(name, "w").close()


def wait_file(name):
    end = time.monotonic() + DEADLINE
    while not os.path.exists(name):
        if proc.poll() is not None or time.monotonic() > end:
            sys.exit("hang: no %s" % name)
        time.sleep(0.01)


def values():
    return " ".join(re.findall(r'value="([0-9]+)"',
                               send("value.xml")))


try:
    send("activate.xml")
    touch("go.1")
    wait_file("inside.1")
    send("deactivate.xml")
    send("reset.xml")
    touch("release.1")
    wait_file("after.1")
    print("deactivated and reset in flight:", values(), flush=True)

    send("activate.xml")
    touch("go.2")
    wait_file("inside.2")
    send("reset.xml")
    touch("release.2")
    wait_file("after.2")
    print("reset in flight:", values(), flush=True)

    touch("go.3")
    touch("release.3")
    wait_file("after.3")
    print("measured throughout:", values(), flush=True)
finally:
    touch("stop.0")
    status = proc.wait(timeout=DEADLINE)
sys.exit(status)
