"""session.py UPC_MIR PROGRAM...: runs PROGRAM (a command line; it runs
until the file "stop" exists) with UPC_MIR_SOCKET=mir.sock, then sends the
control requests NN-*.xml of the current directory in order with
`UPC_MIR send`, writing each reply to NN-*.out and its exit status to
NN-*.status, with pauses where the program must run meanwhile. Between
the requests it also plays a client that disconnects mid-request and a
burst of 1,000 requests (whose replies must all be measurement documents).
Then it creates "stop" and waits for the program, whose exit status
becomes this script's."""
import glob
import os
import socket
import subprocess
import sys
import time

upc_mir, program = sys.argv[1], sys.argv[2:]
env = dict(os.environ, UPC_MIR_SOCKET="mir.sock")
if os.path.exists("stop"):
    os.remove("stop")
proc = subprocess.Popen(program, env=env)


def send(path, wait="20"):
    reply = subprocess.run([upc_mir, "send", "--wait", wait, "mir.sock", path],
                           capture_output=True, text=True, timeout=60)
    return reply.returncode, reply.stdout + reply.stderr


# Pauses after these requests, so that the program runs steps meanwhile.
RUN_AFTER = {"02-activate.xml", "04-deactivate.xml", "07-change.xml"}
try:
    for path in sorted(glob.glob("[0-9][0-9]-*.xml")):
        status, text = send(path)
        base = path[:-len(".xml")]
        with open(base + ".out", "w") as f:
            f.write(text)
        with open(base + ".status", "w") as f:
            f.write("%d\n" % status)
        if path in RUN_AFTER:
            time.sleep(0.3)
        if path == "03-value.xml":
            # A client that sends half a request and disconnects: dropped,
            # and the program keeps serving.
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            s.connect("mir.sock")
            s.sendall(b'<ctrlreq action="VAL')
            s.close()
            # A burst of requests, each answered.
            start = time.time()
            for i in range(1000):
                status, text = send("03-value.xml", wait="5")
                if status != 0 or "<measurement" not in text:
                    sys.exit("burst request %d: status %d: %s" %
                             (i, status, text))
            print("burst: 1000 requests answered in %.2f s" %
                  (time.time() - start), flush=True)
finally:
    open("stop", "w").close()
    status = proc.wait(timeout=120)
sys.exit(status)
