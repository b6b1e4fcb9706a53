"""attacker.py MODE ARGS: what another local user tries against a running
program with a MIR channel (mir-security.test runs it as nobody, with
setpriv). Standard library only; prints what happened.

  connect PATH          connect to the program's socket
  ask PATH              connect, send a VALUE request, print the answer
  squat PATH READY      listen at PATH (mode 0666) and answer every client
                        with a fake measurement; touch READY once listening
  links DIR PID VICTIM  plant links DIR/ticks.N.xml.tmpPID -> VICTIM (the
                        temporary names deliveries once used) for N <= 400
  forge HOST PORT PATH  connect to a relay port, and send a frame that asks
                        for deliveries to PATH, with a MAC made up
"""
import os
import socket
import struct
import sys

mode = sys.argv[1]
if mode in ("connect", "ask"):
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        s.connect(sys.argv[2])
    except OSError as e:
        print("%s: %s" % (mode, e.strerror))
        sys.exit(0)
    if mode == "connect":
        print("connect: connected")
        sys.exit(0)
    s.settimeout(60)
    data = b""
    try:
        # The program may close the connection at once: EPIPE, no answer.
        s.sendall(b'<ctrlreq action="VALUE"><probe id="ticks"/></ctrlreq>')
        s.shutdown(socket.SHUT_WR)
        while True:
            chunk = s.recv(4096)
            if not chunk:
                break
            data += chunk
    except OSError:
        pass
    print("ask: " + ("no answer" if not data else "answered"))
elif mode == "squat":
    path, ready = sys.argv[2], sys.argv[3]
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.bind(path)
    os.chmod(path, 0o666)
    s.listen(8)
    open(ready, "w").close()
    while True:
        c, _ = s.accept()
        try:
            c.recv(65536)
            c.sendall(b'<?xml version="1.0"?>\n<measurement>'
                      b'<measurement value="666"/></measurement>\n')
        except OSError:
            pass
        c.close()
elif mode == "links":
    d, pid, victim = sys.argv[2], sys.argv[3], sys.argv[4]
    planted = 0
    for n in range(1, 401):
        try:
            os.symlink(victim, os.path.join(d, "ticks.%d.xml.tmp%s" % (n, pid)))
            planted += 1
        except OSError:
            pass
    print("links: planted %d" % planted)
elif mode == "forge":
    host, port, path = sys.argv[2], int(sys.argv[3]), sys.argv[4]
    s = socket.create_connection((host, port), timeout=60)
    challenge = b""
    try:
        while len(challenge) < 16:
            chunk = s.recv(16 - len(challenge))
            if not chunk:
                break
            challenge += chunk
    except OSError as e:
        print("forge: no challenge: %s" % e)
        sys.exit(0)
    body = ('C<ctrlreq action="ACTIVATE"><probe id="ticks"/>'
            '<measuring delivery="100" destination="%s"/></ctrlreq>'
            % path).encode()
    frame = struct.pack(">QQ", len(body), 0) + b"\x5a" * 32 + body
    s.sendall(frame)
    try:
        answer = s.recv(4096)
    except OSError as e:
        answer = b""
    print("forge: " + ("answered" if answer else "dropped"))
