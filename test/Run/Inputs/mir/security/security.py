"""security.py UPC_MIR PROGRAM...: runs PROGRAM (steps.upc with the probes
of control/, until the file "stop" exists) with a MIR channel and tries,
as another user (nobody, through setpriv) and as the user, what
docs/mir.md's "Security" section says fails; prints the outcome of each
for mir-security.test. Waits are for outcomes; DEADLINE seconds only end
a hang.

The socket, the deliveries and the attacker's files are in a fresh
directory of /tmp with /tmp's mode (1777): every user may create files
there, as in the shared directories where the attacks were first made."""
import glob
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time

DEADLINE = 120
NOBODY = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups",
          "/usr/bin/python3"]

across_nodes = sys.argv[1] == "--across-nodes"
upc_mir, program = sys.argv[1 + across_nodes], sys.argv[2 + across_nodes:]
here = os.getcwd()
shared = tempfile.mkdtemp(prefix="mirsec.", dir="/tmp")
os.chmod(shared, 0o1777)
attacker = os.path.join(shared, "attacker.py")
shutil.copy(os.path.join(os.path.dirname(__file__), "attacker.py"), attacker)
os.chmod(attacker, 0o644)
sock = os.path.join(shared, "mir.sock")
victim = os.path.join(shared, "victim")
with open(victim, "w") as f:
    f.write("precious\n")
os.chmod(victim, 0o644)

if os.path.exists("stop"):
    os.remove("stop")
errors = open("program.err", "w")
env = dict(os.environ, UPC_MIR_SOCKET=sock)
if across_nodes:
    # Across nodes, Open MPI's TCP transport listens on every interface
    # whatever it is told (btl_tcp_if_include chooses what it advertises,
    # not what it binds): the nodes talk over UCX on the job's interface
    # instead, as docs/mir.md ("Security") advises.
    env.update(OMPI_MCA_btl="self,vader", OMPI_MCA_pml="ucx",
               OMPI_MCA_pml_ucx_tls="any", OMPI_MCA_pml_ucx_devices="any",
               UCX_NET_DEVICES="lo")
proc = subprocess.Popen(program, env=env, stderr=errors)


def send(request_text, *options):
    """upc-mir send, as the user: (status, output)."""
    r = subprocess.run([upc_mir, "send", "--wait", "60"] + list(options) +
                       [sock, "-"], input=request_text, capture_output=True,
                       text=True, timeout=DEADLINE)
    return r.returncode, r.stdout + r.stderr


def as_nobody(*args):
    r = subprocess.run(NOBODY + [attacker] + list(args), capture_output=True,
                       text=True, timeout=DEADLINE)
    return (r.stdout + r.stderr).strip()


def wait_for(what, condition):
    end = time.monotonic() + DEADLINE
    while not condition():
        if proc.poll() is not None or time.monotonic() > end:
            sys.exit("hang or early end: no %s" % what)
        time.sleep(0.05)


VALUE = '<ctrlreq action="VALUE"><probe id="ticks"/></ctrlreq>'

try:
    status, text = send(VALUE)
    assert status == 0, text
    # The program's processes, from a snapshot.
    status, text = send('<snapshotreq named="true"/>')
    pids = re.findall(r'name="pid (\d+)"', text)  # the root's first
    print("processes: %d" % len(pids))

    # What listens on TCP: nothing for one process or one node; on two
    # nodes, the job's address only (loopback here), never 0.0.0.0. The
    # MIR relay's listeners are those of backlog 8 (MAX_LINKS in
    # runtime-glue/src/mir/relay_internal.h; Open MPI and UCX use
    # SOMAXCONN).
    ss = subprocess.run(["ss", "-ltnpH"], capture_output=True, text=True).stdout
    listeners, relays = [], []
    for line in ss.splitlines():
        if any("pid=%s," % p in line for p in pids):
            backlog, local = line.split()[2:4]
            listeners.append(local)
            if backlog == "8":
                relays.append(local)

    def addresses(endpoints):
        return " ".join(sorted({e.rsplit(":", 1)[0] for e in endpoints}))
    print("tcp listeners: %s" % (addresses(listeners) or "none"))
    print("mir relay: %s" % (addresses(relays) or "none"))

    # Another user: the socket's mode keeps it out; were the mode wrong,
    # the program still refuses it (SO_PEERCRED).
    print("nobody, socket 0600: " + as_nobody("connect", sock))
    os.chmod(sock, 0o666)
    print("nobody, socket 0666: " + as_nobody("ask", sock))
    os.chmod(sock, 0o600)

    # A squatter's socket: upc-mir refuses a program of another uid.
    squat = os.path.join(shared, "squat.sock")
    ready = os.path.join(shared, "squat.ready")
    squatter = subprocess.Popen(NOBODY + [attacker, "squat", squat, ready])
    wait_for("squatter", lambda: os.path.exists(ready))
    r = subprocess.run([upc_mir, "send", squat, "-"], input=VALUE,
                       capture_output=True, text=True, timeout=DEADLINE)
    squatter.kill()
    squatter.wait()
    print("squatter: status %d: %s" % (r.returncode, r.stderr.strip()))

    # The entity bomb: 50,000 uses of one entity in an attribute.
    bomb = ('<!DOCTYPE ctrlreq [<!ENTITY a "aaaaaaaaaaaaaaaaaaaaaa">]>\n'
            '<ctrlreq action="VALUE"><probe id="' + "&a;" * 50000 +
            '"/></ctrlreq>\n')
    status, text = send(bomb)
    print("entity bomb: status %d: %s" %
          (status, " ".join(re.findall(r"<error>(.*?)</error>", text))))
    status, text = send(VALUE)
    print("then a VALUE: status %d" % status)

    # Slow clients beside a quick one: six idle, one trickling.
    idle = []
    for _ in range(7):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(sock)
        idle.append(s)
    idle[-1].sendall(b"<")
    status, text = send(VALUE)
    still = 0
    for s in idle:
        s.setblocking(False)
        try:
            s.recv(1)
        except BlockingIOError:
            still += 1
        s.close()
    print("beside 7 slow clients: status %d, %d still connected" %
          (status, still))

    # Links planted where deliveries once put their temporary files: the
    # victim is never written through them.
    dest = os.path.join(shared, "ticks.xml")
    status, text = send('<ctrlreq action="ACTIVATE"><probe id="ticks"/>'
                        '<measuring delivery="50" destination="%s"/>'
                        '</ctrlreq>' % dest)
    assert status == 0, text
    print(as_nobody("links", shared, pids[0] if pids else "0", victim))
    wait_for("deliveries", lambda: len(glob.glob(
        os.path.join(shared, "ticks.[0-9]*.xml"))) >= 5)
    print("victim: " + open(victim).read().strip())
    regular = all(os.path.isfile(p) and not os.path.islink(p)
                  for p in glob.glob(os.path.join(shared, "ticks.[0-9]*.xml")))
    print("deliveries are regular files: %s" % regular)

    # The destination changed again and again while deliveries run (a
    # change once freed the name a delivery was reading: files under
    # spliced names): each name gets a new delivery before the next change.
    names = [os.path.join(shared, "alt-%s.xml" % n) for n in "ab"]

    def deliveries_to(name):
        return len(glob.glob(name[:-len(".xml")] + ".[0-9]*.xml"))
    for i in range(20):
        name = names[i % 2]
        before = deliveries_to(name)
        status, text = send('<ctrlreq action="ACTIVATE"><probe id="ticks"/>'
                            '<measuring delivery="1" destination="%s"/>'
                            '</ctrlreq>' % name)
        assert status == 0, text
        wait_for("a delivery to " + name,
                 lambda: deliveries_to(name) > before)
    status, text = send('<ctrlreq action="DEACTIVATE"><probe id="ticks"/>'
                        '</ctrlreq>')
    # (Stray files are counted once the program ended: a delivery may
    # still be writing its temporary file now.)
    print("alternating destinations: status %d" % status)

    # Forged frames to the relay's TCP ports (two nodes only).
    evil = os.path.join(shared, "evil.xml")
    for local in relays:
        host, port = local.rsplit(":", 1)
        print("nobody, relay port: " + as_nobody("forge", host, port, evil))
    status, text = send(VALUE)
    print("after the attacks: status %d; evil files: %d" %
          (status, len(glob.glob(os.path.join(shared, "evil*")))))
finally:
    open("stop", "w").close()
    status = proc.wait(timeout=DEADLINE)
    errors.close()
    strays = [os.path.basename(p) for p in glob.glob(os.path.join(shared, "alt*"))
              if not re.fullmatch(r"alt-[ab](\.[0-9]+)?\.xml",
                                  os.path.basename(p))]
    shutil.rmtree(shared, ignore_errors=True)
said = open("program.err").read().splitlines()
for line in sorted(set(said)):
    if line.startswith("upc-mir: warning"):
        print(line)
print("program errors: %d" % sum("error" in line for line in said))
print("stray files: %s" % (" ".join(sorted(strays)) or "none"))
sys.exit(status)
