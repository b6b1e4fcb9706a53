"""client.py PYTHON_DIR PROGRAM...: the wire protocol (docs/mir.md, "Wire
protocol") and the Python client library upc_mir against a running
program: PROGRAM (steps built with the compiled probe step.xml, running
until the file "stop" exists) is started with UPC_MIR_SOCKET=./mir.sock;
each check prints a line for FileCheck. Waits are for outcomes: the
generous limits only turn a hang into a failure."""
import os
import socket
import subprocess
import sys
import time
import xml.etree.ElementTree as ET

sys.path.insert(0, sys.argv[1])
import upc_mir  # noqa: E402

HANG = 120
# Our lines before the program's last one.
sys.stdout.reconfigure(line_buffering=True)
program = sys.argv[2:]
if os.path.exists("stop"):
    os.remove("stop")
proc = subprocess.Popen(program, env=dict(os.environ,
                                          UPC_MIR_SOCKET="./mir.sock"))


def connect():
    end = time.monotonic() + HANG
    while True:
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            s.connect("./mir.sock")
            s.settimeout(HANG)
            return s
        except OSError:
            s.close()
            if proc.poll() is not None or time.monotonic() > end:
                sys.exit("no program listening on ./mir.sock")
            time.sleep(0.02)


def ask_open(data):
    """Sends data and never shuts down the writing side: the answer must
    come all the same, then the program's end of the connection."""
    s = connect()
    s.sendall(data)
    parts = []
    while True:
        try:
            chunk = s.recv(65536)
        except socket.timeout:
            sys.exit("hang: no answer to %r without a shutdown" % data[:60])
        if not chunk:
            break
        parts.append(chunk)
    s.close()
    return b"".join(parts).decode()


# The answer arrives without the client's shutdown (SHUT_WR).
value = b'<ctrlreq action="VALUE"><probe id="step"/></ctrlreq>'
root = ET.fromstring(ask_open(value))
print("open VALUE: <%s> with %d threads" % (
    root.tag, len(root.findall("measurement"))))

# Bytes after the root element are not part of the request: the REMOVE
# after the snapshot request is not carried out.
root = ET.fromstring(ask_open(
    b'<snapshotreq/>\n<ctrlreq action="REMOVE"><probe id="step"/></ctrlreq>'))
print("trailing: <%s>" % root.tag)
root = ET.fromstring(ask_open(value))
print("after trailing: <%s>, the probe still there" % root.tag)

# Malformed: an errors document at once, without the client's shutdown.
root = ET.fromstring(ask_open(b'<ctrlreq action="VALUE">\n<probe id="x">'
                              b'</ctrlreq>'))
print("malformed: <%s> %s" % (root.tag, root.find("error").text))

# upc_mir: a compiled probe's values, named by its request.
c = upc_mir.Client("./mir.sock", timeout=HANG)
c.define("step", open("step.xml").read())
c.activate("step")
end = time.monotonic() + HANG
while True:
    counts = c.value("step").by_thread("step", "COUNT")
    if all(v > 0 for v in counts.values()):
        break
    if time.monotonic() > end:
        sys.exit("hang: step never counted: %r" % counts)
    time.sleep(0.05)
print("upc_mir VALUE: threads %s counted" % sorted(counts))
m = c.deactivate("step")
print("upc_mir metrics: %s" % sorted({v.metric for v in m}))
snap = c.snapshot(named=True, stack=4)
print("upc_mir snapshot: %d threads, thread 0 named %r, stack %s" % (
    len(snap.threads()), snap.threads()[0][0].name,
    "yes" if snap.threads()[0][0].stack else "no"))
try:
    c.value("nope")
except upc_mir.MirError as e:
    print("upc_mir error: %s" % e.messages[0])
c.remove("step")
try:
    c.value("step")
except upc_mir.MirError as e:
    print("upc_mir removed: %s" % e.messages[0])

open("stop", "w").close()
sys.exit(proc.wait())
