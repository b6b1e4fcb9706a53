"""The client's end of UPC_MIR_SOCKET (docs/mir.md, "Wire protocol"): where
the socket is, who listens on it, and one request and its answer, bounded
in size and time."""

import errno
import os
import socket
import stat
import struct
import time

from .errors import MirError

# The program's limits (runtime-glue/src/mir/io.h): a larger request is
# dropped unanswered, so it is refused here before anything is sent.
MAX_REQUEST = 1 << 20
MAX_ANSWER = 64 << 20
# Between two connection attempts of a client that waits.
RETRY_S = 0.02
# A full backlog means a live program busy with other clients: worth
# waiting this long even without a wait (the program's own deadline).
BUSY_WAIT_S = 10.0
# sockaddr_un's sun_path, its terminating NUL included.
SUN_PATH = 108


def user_dir():
    """The user's private directory of MIR sockets: $XDG_RUNTIME_DIR/upc-mir
    when XDG_RUNTIME_DIR is an absolute path, else /tmp/upc-mir-UID. It must
    be a directory (not a link) of this user that no one else may enter or
    write, as the program checks it (runtime-glue/src/mir/paths.c)."""
    xdg = os.environ.get("XDG_RUNTIME_DIR", "")
    path = (os.path.join(xdg, "upc-mir") if xdg.startswith("/")
            else "/tmp/upc-mir-%d" % os.geteuid())
    try:
        st = os.lstat(path)
    except OSError as e:
        raise MirError("cannot use %s: %s" % (path, e.strerror))
    if stat.S_ISLNK(st.st_mode):
        raise MirError("%s is a symbolic link, not a private directory"
                       % path)
    if not stat.S_ISDIR(st.st_mode):
        raise MirError("%s is not a directory" % path)
    if st.st_uid != os.geteuid():
        raise MirError("%s belongs to uid %d, not to this user (uid %d)"
                       % (path, st.st_uid, os.geteuid()))
    if st.st_mode & 0o077:
        raise MirError("%s is open to other users (mode %03o): make it "
                       "private (chmod 700 %s)"
                       % (path, st.st_mode & 0o777, path))
    return path


def socket_path(name):
    """The socket a name of UPC_MIR_SOCKET stands for: a name without '/' is
    in user_dir(), any other is taken as written."""
    if not name:
        raise MirError("the socket path is empty")
    path = name if "/" in name else os.path.join(user_dir(), name)
    if len(os.fsencode(path)) >= SUN_PATH:
        raise MirError("socket path too long (%d bytes, at most %d): %s"
                       % (len(os.fsencode(path)), SUN_PATH - 1, path))
    return path


def peer_uid(sock):
    """The uid of the process at the other end of a Unix socket (Linux:
    SO_PEERCRED, a struct ucred of pid, uid, gid)."""
    ucred = struct.Struct("iII")
    data = sock.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED,
                           ucred.size)
    return ucred.unpack(data)[1]


def connect(path, wait=0.0):
    """A connection to the program listening at path, trying again for up to
    wait seconds while there is no socket or nobody listens yet."""
    start = time.monotonic()
    while True:
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            s.settimeout(max(wait, BUSY_WAIT_S))
            s.connect(path)
            return s
        except OSError as e:
            s.close()
            err = e.errno
            limit = wait if err != errno.EAGAIN else max(wait, BUSY_WAIT_S)
            if (err in (errno.ENOENT, errno.ECONNREFUSED, errno.EAGAIN)
                    and time.monotonic() - start < limit):
                time.sleep(RETRY_S)
                continue
            if err == errno.ENOENT:
                raise MirError("no socket at %s (is the program running, with "
                               "UPC_MIR_SOCKET set?)" % path)
            if err == errno.ECONNREFUSED:
                raise MirError("nothing listens on %s (the program has ended, "
                               "or it is not a socket)" % path)
            raise MirError("cannot connect to %s: %s" % (path, e.strerror))


def exchange(path, request, wait=0.0, timeout=60.0, max_answer=MAX_ANSWER):
    """Sends one request (bytes) to the program at path and returns its
    answer (bytes, read to the end of the connection): at most max_answer
    bytes within timeout seconds of the connection. A program that runs as
    another user is refused before anything is sent."""
    if len(request) > MAX_REQUEST:
        raise MirError("request too large (%d bytes, at most %d)"
                       % (len(request), MAX_REQUEST))
    s = connect(path, wait)
    with s:
        uid = peer_uid(s)
        if uid != os.geteuid():
            raise MirError("the program at %s runs as uid %d, not as this "
                           "user (uid %d): not sending it the request"
                           % (path, uid, os.geteuid()))
        deadline = time.monotonic() + timeout

        def left():
            t = deadline - time.monotonic()
            if t <= 0:
                raise MirError("no answer from the program at %s within "
                               "%g s" % (path, timeout))
            return t
        try:
            s.settimeout(left())
            s.sendall(request)
            # Not needed (the program finds the end of the document), but
            # it says at once that nothing more comes.
            s.shutdown(socket.SHUT_WR)
        except socket.timeout:
            left()
            raise MirError("the program at %s did not take the request"
                           % path)
        except OSError as e:
            raise MirError("the program at %s dropped the request (%s)"
                           % (path, e.strerror))
        parts, size = [], 0
        while True:
            try:
                s.settimeout(left())
                chunk = s.recv(65536)
            except socket.timeout:
                left()
                continue
            except ConnectionResetError:
                break  # after a whole answer: the program closed first
            except OSError as e:
                raise MirError("no answer from the program at %s (%s)"
                               % (path, e.strerror))
            if not chunk:
                break
            size += len(chunk)
            if size > max_answer:
                raise MirError("the answer of the program at %s is larger "
                               "than %d bytes" % (path, max_answer))
            parts.append(chunk)
    answer = b"".join(parts)
    if not answer:
        raise MirError("no answer from the program at %s (it dropped the "
                       "request, or is stopping)" % path)
    return answer
